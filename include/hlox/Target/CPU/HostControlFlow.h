//===- HostControlFlow.h - Where the entry's control flow runs --*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#ifndef HLOX_TARGET_CPU_HOSTCONTROLFLOW_H
#define HLOX_TARGET_CPU_HOSTCONTROLFLOW_H

#include "llvm/ADT/StringRef.h"

namespace hlox::cpu {

/// Where the entry function's loops and branches run (see
/// hlox-cpu-form-dispatches): on the host when they hold a host call or
/// work worth several threads (Auto), on the host whenever they can
/// (Always), or each inside one kernel (Never).
enum class HostControlFlow { Auto, Always, Never };

/// "auto", "always" or "never": the option's spelling.
llvm::StringRef getHostControlFlowName(HostControlFlow mode);

} // namespace hlox::cpu

#endif // HLOX_TARGET_CPU_HOSTCONTROLFLOW_H
