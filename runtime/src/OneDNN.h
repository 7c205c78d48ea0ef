//===- OneDNN.h - What the runtime's oneDNN calls share ---------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#ifndef HLOX_RUNTIME_SRC_ONEDNN_H
#define HLOX_RUNTIME_SRC_ONEDNN_H

#include "hlox/runtime/Status.h"

#include <oneapi/dnnl/dnnl.h>

namespace hlox::runtime::onednn {

/// Asks the OpenMP runtime that oneDNN parallelizes with for `threads`
/// threads in the calling thread's next parallel regions; nothing when
/// oneDNN was built with another threading runtime. The call is looked up
/// at run time, so the runtime does not link OpenMP itself.
void setNumThreads(int threads);

/// The CPU engine every primitive runs on (null when oneDNN has none).
dnnl_engine_t getEngine();

/// "oneDNN WHAT failed with status N".
Status error(const char *what, dnnl_status_t status);

} // namespace hlox::runtime::onednn

#endif // HLOX_RUNTIME_SRC_ONEDNN_H
