//===- VhloAttrBuilders.h - Small VHLO attribute helpers --------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Shorthands for the VHLO attributes the legalizations and version patterns
// build and compare: i64 integers, booleans, i64 tensors, default values.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_LIB_DIALECT_VHLO_TRANSFORMS_VHLOATTRBUILDERS_H
#define HLOX_LIB_DIALECT_VHLO_TRANSFORMS_VHLOATTRBUILDERS_H

#include "hlox/Dialect/VHLO/IR/VhloOps.h"

namespace hlox::vhlo {

inline mlir::Attribute makeI64(mlir::MLIRContext *ctx, int64_t value) {
  return IntegerV1Attr::get(ctx, IntegerSI64V1Type::get(ctx),
                            llvm::APInt(64, value, /*isSigned=*/true));
}

inline mlir::Attribute makeBool(mlir::MLIRContext *ctx, bool value) {
  return BooleanV1Attr::get(ctx, value);
}

inline mlir::Attribute makeString(mlir::MLIRContext *ctx,
                                  llvm::StringRef value) {
  return StringV1Attr::get(ctx, value);
}

/// A `tensor<shape x i64>` of `values` (one value for a splat).
inline mlir::Attribute makeI64Tensor(mlir::MLIRContext *ctx,
                                     llvm::ArrayRef<int64_t> shape,
                                     llvm::ArrayRef<int64_t> values) {
  auto type =
      mlir::RankedTensorType::get(shape, mlir::IntegerType::get(ctx, 64));
  auto data = mlir::DenseIntElementsAttr::get(type, values);
  return TensorV1Attr::get(ctx, convertElementOrTensorToVhlo(type), data);
}

/// A 1-d `tensor<N x i64>` of `values`.
inline mlir::Attribute makeI64Vector(mlir::MLIRContext *ctx,
                                     llvm::ArrayRef<int64_t> values) {
  return makeI64Tensor(ctx, {static_cast<int64_t>(values.size())}, values);
}

/// The empty `tensor<0xi64>`.
inline mlir::Attribute makeEmptyI64Vector(mlir::MLIRContext *ctx) {
  return makeI64Vector(ctx, {});
}

/// `result_accuracy` when none is asked for: 0, 0, 0 ulps, DEFAULT.
inline mlir::Attribute makeDefaultResultAccuracy(mlir::MLIRContext *ctx) {
  return ResultAccuracyV1Attr::get(
      ctx, llvm::APFloat(0.0), llvm::APFloat(0.0), 0,
      ResultAccuracyModeV1Attr::get(ctx, ResultAccuracyModeV1::DEFAULT));
}

/// `#vhlo.type_v1<!vhlo.none_v1>`: a dot algorithm field that is not set.
inline mlir::Attribute makeNoneType(mlir::MLIRContext *ctx) {
  return TypeV1Attr::get(ctx, NoneV1Type::get(ctx));
}

} // namespace hlox::vhlo

#endif // HLOX_LIB_DIALECT_VHLO_TRANSFORMS_VHLOATTRBUILDERS_H
