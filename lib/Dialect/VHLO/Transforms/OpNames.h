//===- OpNames.h - StableHLO op names <-> current VHLO op names -*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// `stablehlo.X` is `vhlo.X_vN` at the current version, N being the number
// of forms the op has had; `func.func`, `func.call` and the two returns
// are `vhlo.func_v1`, `vhlo.call_v1` and `vhlo.return_v1`.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_LIB_DIALECT_VHLO_TRANSFORMS_OPNAMES_H
#define HLOX_LIB_DIALECT_VHLO_TRANSFORMS_OPNAMES_H

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSwitch.h"

#include <string>

namespace hlox::vhlo {

/// The StableHLO ops whose current VHLO form is `_v2`.
inline bool hasSecondForm(llvm::StringRef stablehloOp) {
  return llvm::StringSwitch<bool>(stablehloOp)
      .Cases({"all_gather", "all_reduce", "all_to_all", "cbrt",
              "collective_broadcast", "composite", "cosine", "custom_call"},
             true)
      .Cases({"dot_general", "dynamic_conv", "dynamic_gather",
              "exponential_minus_one", "exponential", "gather"},
             true)
      .Cases({"log_plus_one", "logistic", "log", "recv", "rsqrt", "scatter",
              "send", "sine", "sqrt", "tan", "tanh"},
             true)
      .Default(false);
}

/// The ops whose second form added `result_accuracy`.
inline bool hasResultAccuracy(llvm::StringRef stablehloOp) {
  return llvm::StringSwitch<bool>(stablehloOp)
      .Cases({"exponential", "cbrt", "cosine", "exponential_minus_one", "log",
              "log_plus_one"},
             true)
      .Cases({"logistic", "rsqrt", "sine", "sqrt", "tan", "tanh"}, true)
      .Default(false);
}

/// The name of the current VHLO form of a StableHLO or func op; empty for
/// any other op.
inline std::string getCurrentVhloOpName(llvm::StringRef opName) {
  if (opName == "func.func")
    return "vhlo.func_v1";
  if (opName == "func.call")
    return "vhlo.call_v1";
  if (opName == "func.return" || opName == "stablehlo.return")
    return "vhlo.return_v1";
  if (!opName.consume_front("stablehlo."))
    return {};
  return ("vhlo." + opName + (hasSecondForm(opName) ? "_v2" : "_v1")).str();
}

/// `X` of `vhlo.X_vN`.
inline llvm::StringRef getVhloOpBaseName(llvm::StringRef vhloOpName) {
  vhloOpName.consume_front("vhlo.");
  return vhloOpName.take_front(vhloOpName.rfind("_v"));
}

} // namespace hlox::vhlo

#endif // HLOX_LIB_DIALECT_VHLO_TRANSFORMS_OPNAMES_H
