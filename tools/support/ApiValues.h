//===- ApiValues.h - Tool values through the API ----------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// The tools compile and run through the API (hlox/api/Api.h); their values
// are the evaluator's tensors (what --input parses, --print-output prints
// and --compare-with-interpreter compares). These convert between the two
// and report the API's errors at their source locations.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_TOOLS_SUPPORT_APIVALUES_H
#define HLOX_TOOLS_SUPPORT_APIVALUES_H

#include "hlox/Evaluator/Tensor.h"
#include "hlox/api/Api.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/ArrayRef.h"

#include <memory>
#include <optional>

namespace hlox::tools {

/// The API's type of a static tensor type.
api::TensorType toApiType(mlir::RankedTensorType type);

/// A buffer on `client`'s first device holding a copy of `tensor`.
api::StatusOr<std::shared_ptr<api::Buffer>>
toApiBuffer(api::Client &client, const eval::Tensor &tensor);

/// The contents of `buffer` as a tensor whose element type is `elementType`
/// (the program's, which tells signed from unsigned).
mlir::FailureOr<eval::Tensor> fromApiBuffer(const api::Buffer &buffer,
                                            mlir::Type elementType,
                                            std::string &error);

/// The location a message of the API starts with ("file:line:col: ..."),
/// and where the rest of the message starts.
std::optional<std::pair<mlir::Location, size_t>>
parseMessageLocation(llvm::StringRef message, mlir::MLIRContext *context);

/// Reports an error of the API: a compile error's diagnostics as they are;
/// a run error at the source location its message starts with, else at
/// `function` with `what` first.
void emitApiError(mlir::func::FuncOp function, llvm::StringRef what,
                  const api::Status &status);

/// Reports each failed check at its location ("check failed: ...").
void emitCheckFailures(mlir::MLIRContext *context,
                       llvm::ArrayRef<api::CheckFailure> failures);

} // namespace hlox::tools

#endif // HLOX_TOOLS_SUPPORT_APIVALUES_H
