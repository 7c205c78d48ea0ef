//===- OneDNN.h - What the runtime's oneDNN calls share ---------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#ifndef HLOX_RUNTIME_SRC_ONEDNN_H
#define HLOX_RUNTIME_SRC_ONEDNN_H

namespace hlox::runtime::onednn {

/// Asks the OpenMP runtime that oneDNN parallelizes with for `threads`
/// threads in the calling thread's next parallel regions; nothing when
/// oneDNN was built with another threading runtime. The call is looked up
/// at run time, so the runtime does not link OpenMP itself.
void setNumThreads(int threads);

} // namespace hlox::runtime::onednn

#endif // HLOX_RUNTIME_SRC_ONEDNN_H
