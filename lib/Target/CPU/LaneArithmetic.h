//===- LaneArithmetic.h - Math shaped like an operand --------- -*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// The rewrites that compute a math function as arithmetic (inline exp, the
// approximations of hlox-cpu-approximate-math) build the same ops for a
// scalar operand and for a vector one, so that scalar and vectorized kernels
// compute the same bits. LaneBuilder makes their constants and types shaped
// like that operand.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_LIB_TARGET_CPU_LANEARITHMETIC_H
#define HLOX_LIB_TARGET_CPU_LANEARITHMETIC_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"

namespace hlox::cpu {

/// Builds scalar or vector constants and ops shaped like an operand of
/// type `type` (a scalar, or a vector of its lanes).
struct LaneBuilder {
  mlir::OpBuilder &rewriter;
  mlir::Location loc;
  mlir::Type type;

  /// `element` shaped like the operand.
  mlir::Type like(mlir::Type element) const {
    if (auto vector = mlir::dyn_cast<mlir::VectorType>(type))
      return vector.clone(element);
    return element;
  }
  /// A constant of `scalar`'s type, splat to a vector like the operand.
  mlir::Value splat(mlir::TypedAttr scalar) const {
    if (auto vector = mlir::dyn_cast<mlir::VectorType>(type))
      return mlir::arith::ConstantOp::create(
          rewriter, loc,
          mlir::DenseElementsAttr::get(vector.clone(scalar.getType()), scalar));
    return mlir::arith::ConstantOp::create(rewriter, loc, scalar);
  }
  mlir::Value f32(float value) const {
    return splat(rewriter.getF32FloatAttr(value));
  }
  mlir::Value f64(double value) const {
    return splat(rewriter.getF64FloatAttr(value));
  }
  mlir::Value i32(int32_t value) const {
    return splat(rewriter.getI32IntegerAttr(value));
  }
  mlir::Value i64(int64_t value) const {
    return splat(rewriter.getI64IntegerAttr(value));
  }
  mlir::Value fma(mlir::Value a, mlir::Value b, mlir::Value c) const {
    return mlir::math::FmaOp::create(rewriter, loc, a, b, c);
  }
  mlir::Value select(mlir::Value condition, mlir::Value a,
                     mlir::Value b) const {
    return mlir::arith::SelectOp::create(rewriter, loc, condition, a, b);
  }
  mlir::Value andI(mlir::Value a, mlir::Value b) const {
    return mlir::arith::AndIOp::create(rewriter, loc, a, b);
  }
  mlir::Value cmpF(mlir::arith::CmpFPredicate predicate, mlir::Value a,
                   mlir::Value b) const {
    return mlir::arith::CmpFOp::create(rewriter, loc, predicate, a, b);
  }
};

} // namespace hlox::cpu

#endif // HLOX_LIB_TARGET_CPU_LANEARITHMETIC_H
