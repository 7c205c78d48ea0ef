//===- LinearAlgebra.cpp - fft, triangular_solve and cholesky -------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Both compute in f64 (complex<f64> where values are complex) and round
// once into the result type, as the evaluator does.
//
// fft is one direct DFT per transformed dimension: a linalg.generic that
// contracts the dimension with a DFT matrix W[k][j] = exp(-+2 pi i kj / n),
// itself a generic over (k, j) that reduces kj modulo n before the angle is
// formed, so large indices lose no precision. RFFT transforms the last
// dimension last and keeps n / 2 + 1 coefficients there; IRFFT rebuilds the
// Hermitian spectrum of the last dimension and transforms it last.
//
// triangular_solve is substitution on tensors: for every batch position and
// every independent system (a column of b on the left side, a row on the
// right), an scf.for over the unknowns in solve order with an inner scf.for
// that subtracts the known terms.
//
//===----------------------------------------------------------------------===//

#include "Lowerings.h"

#include "hlox/Dialect/StableHLO/IR/StablehloOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

#include <cmath>
#include <numbers>

using namespace mlir;
using namespace hlox;
using namespace hlox::lowering;
namespace shlo = hlox::stablehlo;

namespace {

Type elementOf(Value value) {
  return cast<ShapedType>(value.getType()).getElementType();
}

/// `input` (elements of StableHLO type `from`) converted elementwise to
/// `to`.
Value convertTensor(OpBuilder &b, Location loc, Value input, Type from,
                    Type to) {
  if (from == to)
    return input;
  return mapElements(b, loc, input, convertElementType(to),
                     [&](OpBuilder &nb, Location nl, Value x) {
                       return emitConvert(nb, nl, x, from, to);
                     });
}

Value f64Constant(OpBuilder &b, Location loc, double value) {
  return arith::ConstantOp::create(b, loc, b.getF64FloatAttr(value));
}

/// f64 or complex<f64> arithmetic, as the substitution and factorization
/// loops need it.
struct WorkArithmetic {
  bool isComplex;

  Value sub(OpBuilder &b, Location l, Value x, Value y) const {
    if (isComplex)
      return complex::SubOp::create(b, l, x, y);
    return arith::SubFOp::create(b, l, x, y);
  }
  Value mul(OpBuilder &b, Location l, Value x, Value y) const {
    if (isComplex)
      return complex::MulOp::create(b, l, x, y);
    return arith::MulFOp::create(b, l, x, y);
  }
  Value div(OpBuilder &b, Location l, Value x, Value y) const {
    if (isComplex)
      return complex::DivOp::create(b, l, x, y);
    return arith::DivFOp::create(b, l, x, y);
  }
  /// x divided by real (f64) y.
  Value divReal(OpBuilder &b, Location l, Value x, Value y) const {
    if (!isComplex)
      return arith::DivFOp::create(b, l, x, y);
    Value re = arith::DivFOp::create(b, l, complex::ReOp::create(b, l, x), y);
    Value im = arith::DivFOp::create(b, l, complex::ImOp::create(b, l, x), y);
    return complex::CreateOp::create(b, l, x.getType(), re, im);
  }
  Value conj(OpBuilder &b, Location l, Value x) const {
    return isComplex ? complex::ConjOp::create(b, l, x).getResult() : x;
  }
};

//===----------------------------------------------------------------------===//
// fft
//===----------------------------------------------------------------------===//

/// The DFT matrix of `rows` x `cols` complex<f64> entries
/// exp(sign 2 pi i (k j mod n) / n), sign -1 forward and +1 inverse.
Value dftMatrix(OpBuilder &b, Location loc, int64_t rows, int64_t cols,
                int64_t n, bool inverse) {
  auto complexType = ComplexType::get(b.getF64Type());
  auto type = RankedTensorType::get({rows, cols}, complexType);
  AffineMap identity = b.getMultiDimIdentityMap(2);
  double sign = inverse ? 1.0 : -1.0;
  return linalg::GenericOp::create(
             b, loc, TypeRange{type}, ValueRange{},
             ValueRange{emptyTensor(b, loc, type)}, {identity},
             parallelIterators(2),
             [&](OpBuilder &nb, Location nl, ValueRange) {
               Value k = linalg::IndexOp::create(nb, nl, 0);
               Value j = linalg::IndexOp::create(nb, nl, 1);
               Value product = arith::MulIOp::create(nb, nl, k, j);
               Value reduced = arith::RemUIOp::create(
                   nb, nl, product, arith::ConstantIndexOp::create(nb, nl, n));
               Value asInt = arith::IndexCastOp::create(
                   nb, nl, nb.getI64Type(), reduced);
               Value t =
                   arith::SIToFPOp::create(nb, nl, nb.getF64Type(), asInt);
               Value angle = arith::DivFOp::create(
                   nb, nl,
                   arith::MulFOp::create(
                       nb, nl, f64Constant(nb, nl, sign * 2 * std::numbers::pi),
                       t),
                   f64Constant(nb, nl, static_cast<double>(n)));
               Value re = math::CosOp::create(nb, nl, angle);
               Value im = math::SinOp::create(nb, nl, angle);
               linalg::YieldOp::create(
                   nb, nl, complex::CreateOp::create(nb, nl, complexType, re, im)
                               .getResult());
             })
      .getResult(0);
}

/// The DFT of every line of complex<f64> tensor `input` along `dim`, with
/// transform length `n`, keeping `outSize` coefficients; the inverse divides
/// by n.
Value dftAlong(OpBuilder &b, Location loc, Value input, int64_t dim,
               int64_t outSize, int64_t n, bool inverse) {
  auto type = cast<RankedTensorType>(input.getType());
  int64_t rank = type.getRank();
  int64_t inSize = type.getDimSize(dim);
  SmallVector<int64_t> shape(type.getShape());
  shape[dim] = outSize;
  auto resultType = type.clone(shape);
  MLIRContext *context = b.getContext();
  Value matrix = dftMatrix(b, loc, outSize, inSize, n, inverse);
  SmallVector<AffineExpr> inExprs, outExprs;
  for (int64_t d = 0; d < rank; ++d) {
    outExprs.push_back(getAffineDimExpr(d, context));
    inExprs.push_back(getAffineDimExpr(d == dim ? rank : d, context));
  }
  SmallVector<AffineMap> maps{
      AffineMap::get(rank + 1, 0, inExprs, context),
      AffineMap::get(rank + 1, 0,
                     {getAffineDimExpr(dim, context),
                      getAffineDimExpr(rank, context)},
                     context),
      AffineMap::get(rank + 1, 0, outExprs, context)};
  SmallVector<utils::IteratorType> iterators = parallelIterators(rank);
  iterators.push_back(utils::IteratorType::reduction);
  Type complexType = type.getElementType();
  Value zero = complex::ConstantOp::create(
      b, loc, complexType,
      b.getArrayAttr({b.getF64FloatAttr(0.0), b.getF64FloatAttr(0.0)}));
  Value init = filledTensor(b, loc, resultType, zero);
  Value sum = linalg::GenericOp::create(
                  b, loc, TypeRange{resultType}, ValueRange{input, matrix},
                  ValueRange{init}, maps, iterators,
                  [&](OpBuilder &nb, Location nl, ValueRange args) {
                    Value product =
                        complex::MulOp::create(nb, nl, args[0], args[1]);
                    linalg::YieldOp::create(
                        nb, nl,
                        complex::AddOp::create(nb, nl, args[2], product)
                            .getResult());
                  })
                  .getResult(0);
  if (!inverse)
    return sum;
  return mapElements(
      b, loc, sum, complexType, [&](OpBuilder &nb, Location nl, Value x) {
        Value scale = f64Constant(nb, nl, static_cast<double>(n));
        Value re = arith::DivFOp::create(
            nb, nl, complex::ReOp::create(nb, nl, x), scale);
        Value im = arith::DivFOp::create(
            nb, nl, complex::ImOp::create(nb, nl, x), scale);
        return complex::CreateOp::create(nb, nl, complexType, re, im)
            .getResult();
      });
}

/// The full length-`n` spectrum along the last dimension of `input`, whose
/// first entries are kept: entry k >= kept is conj(input[n - k]).
Value hermitianExtension(OpBuilder &b, Location loc, Value input, int64_t n) {
  auto type = cast<RankedTensorType>(input.getType());
  int64_t rank = type.getRank();
  int64_t kept = std::min(type.getDimSize(rank - 1), n);
  SmallVector<int64_t> shape(type.getShape());
  shape.back() = n;
  auto resultType = type.clone(shape);
  AffineMap identity = b.getMultiDimIdentityMap(rank);
  return linalg::GenericOp::create(
             b, loc, TypeRange{resultType}, ValueRange{},
             ValueRange{emptyTensor(b, loc, resultType)}, {identity},
             parallelIterators(rank),
             [&](OpBuilder &nb, Location nl, ValueRange) {
               SmallVector<Value> indices;
               for (int64_t d = 0; d < rank; ++d)
                 indices.push_back(linalg::IndexOp::create(nb, nl, d));
               Value k = indices.back();
               Value inside = arith::CmpIOp::create(
                   nb, nl, arith::CmpIPredicate::ult, k,
                   arith::ConstantIndexOp::create(nb, nl, kept));
               // Mirror n - k lies below kept whenever k does not.
               Value mirror = arith::SubIOp::create(
                   nb, nl, arith::ConstantIndexOp::create(nb, nl, n), k);
               Value source = arith::SelectOp::create(nb, nl, inside, k, mirror);
               indices.back() = clampIndex(nb, nl, source, 0, kept - 1);
               Value value =
                   tensor::ExtractOp::create(nb, nl, input, indices);
               Value conjugate = complex::ConjOp::create(nb, nl, value);
               linalg::YieldOp::create(
                   nb, nl,
                   arith::SelectOp::create(nb, nl, inside, value, conjugate)
                       .getResult());
             })
      .getResult(0);
}

struct FftLowering final : OpConversionPattern<shlo::FftOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(shlo::FftOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<RankedTensorType> resultType =
        staticResultType(op, *getTypeConverter(), rewriter);
    if (failed(resultType))
      return failure();
    Location loc = op.getLoc();
    Value operand = adaptor.getOperand();
    auto operandType = cast<RankedTensorType>(operand.getType());
    ArrayRef<int64_t> lengths = op.getFftLength();
    int64_t rank = operandType.getRank();
    int64_t first = rank - static_cast<int64_t>(lengths.size());
    if (operandType.getNumElements() == 0 ||
        resultType->getNumElements() == 0) {
      rewriter.replaceOp(op, emptyTensor(rewriter, loc, *resultType));
      return success();
    }
    Type work = ComplexType::get(rewriter.getF64Type());
    Value data = convertTensor(rewriter, loc, operand,
                               elementOf(op.getOperand()), work);
    switch (op.getFftType()) {
    case shlo::FftType::FFT:
    case shlo::FftType::IFFT: {
      bool inverse = op.getFftType() == shlo::FftType::IFFT;
      for (int64_t d = first; d < rank; ++d)
        data = dftAlong(rewriter, loc, data, d, operandType.getDimSize(d),
                        operandType.getDimSize(d), inverse);
      break;
    }
    case shlo::FftType::RFFT: {
      // In the evaluator's order, so that sums round alike; the last
      // dimension keeps n / 2 + 1 coefficients.
      for (int64_t d = first; d < rank - 1; ++d)
        data = dftAlong(rewriter, loc, data, d, operandType.getDimSize(d),
                        operandType.getDimSize(d), false);
      data = dftAlong(rewriter, loc, data, rank - 1,
                      resultType->getDimSize(rank - 1), lengths.back(), false);
      break;
    }
    case shlo::FftType::IRFFT: {
      int64_t n = lengths.back();
      data = hermitianExtension(rewriter, loc, data, n);
      for (int64_t d = first; d < rank; ++d) {
        int64_t size = d == rank - 1 ? n : operandType.getDimSize(d);
        data = dftAlong(rewriter, loc, data, d, size, size, true);
      }
      break;
    }
    }
    rewriter.replaceOp(op, convertTensor(rewriter, loc, data, work,
                                         elementOf(op.getResult())));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// triangular_solve
//===----------------------------------------------------------------------===//

struct TriangularSolveLowering final
    : OpConversionPattern<shlo::TriangularSolveOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(shlo::TriangularSolveOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<RankedTensorType> resultType =
        staticResultType(op, *getTypeConverter(), rewriter);
    if (failed(resultType))
      return failure();
    Location loc = op.getLoc();
    Type element = elementOf(op.getA());
    bool isComplex = isa<ComplexType>(element);
    WorkArithmetic ops{isComplex};
    Type work = isComplex ? Type(ComplexType::get(rewriter.getF64Type()))
                          : Type(rewriter.getF64Type());
    Value a = convertTensor(rewriter, loc, adaptor.getA(), element, work);
    Value b = convertTensor(rewriter, loc, adaptor.getB(), element, work);
    auto bType = cast<RankedTensorType>(b.getType());
    int64_t rank = bType.getRank();
    int64_t rows = bType.getDimSize(rank - 2), cols = bType.getDimSize(rank - 1);
    bool leftSide = op.getLeftSide();
    int64_t m = leftSide ? rows : cols;
    if (bType.getNumElements() == 0 || m == 0) {
      rewriter.replaceOp(op, convertTensor(rewriter, loc, b, work,
                                           elementOf(op.getResult())));
      return success();
    }
    shlo::Transpose transpose = op.getTransposeA();
    bool transposed = transpose != shlo::Transpose::NO_TRANSPOSE;
    bool conjugate = transpose == shlo::Transpose::ADJOINT;
    // op(a) is lower triangular when exactly one of `lower` and a transpose
    // holds. Left: op(a) X = B, one column of B at a time; right:
    // X op(a) = B, i.e. op(a)^T X^T = B^T, one row at a time.
    bool lower = op.getLower() != transposed;
    bool forward = leftSide ? lower : !lower;
    bool unitDiagonal = op.getUnitDiagonal();

    auto index = [](OpBuilder &nb, Location nl, int64_t v) -> Value {
      return arith::ConstantIndexOp::create(nb, nl, v);
    };
    SmallVector<Value> lbs, ubs, steps;
    for (int64_t d = 0; d < rank - 2; ++d) {
      lbs.push_back(index(rewriter, loc, 0));
      ubs.push_back(index(rewriter, loc, bType.getDimSize(d)));
      steps.push_back(index(rewriter, loc, 1));
    }
    lbs.push_back(index(rewriter, loc, 0));
    ubs.push_back(index(rewriter, loc, leftSide ? cols : rows));
    steps.push_back(index(rewriter, loc, 1));

    auto solveSystem = [&](OpBuilder &nb, Location nl, ValueRange ivs,
                           ValueRange tensors) -> SmallVector<Value> {
      ValueRange batch = ivs.drop_back();
      Value system = ivs.back();
      auto at = [&](Value i) {
        SmallVector<Value> indices(batch);
        if (leftSide)
          indices.append({i, system});
        else
          indices.append({system, i});
        return indices;
      };
      // Entry (i, j) of op(a), read from the stored triangle.
      auto entry = [&](OpBuilder &eb, Location el, Value i, Value j) -> Value {
        SmallVector<Value> indices(batch);
        if (transposed)
          indices.append({j, i});
        else
          indices.append({i, j});
        Value value = tensor::ExtractOp::create(eb, el, a, indices);
        if (conjugate) // a no-op on real values: their adjoint is the transpose
          value = ops.conj(eb, el, value);
        return value;
      };
      auto coefficient = [&](OpBuilder &eb, Location el, Value i, Value j) {
        return leftSide ? entry(eb, el, i, j) : entry(eb, el, j, i);
      };
      auto steps = scf::ForOp::create(
          nb, nl, index(nb, nl, 0), index(nb, nl, m), index(nb, nl, 1),
          tensors,
          [&](OpBuilder &fb, Location fl, Value step, ValueRange iter) {
            Value x = iter[0];
            Value i = forward ? step
                              : arith::SubIOp::create(fb, fl,
                                                      index(fb, fl, m - 1),
                                                      step)
                                    .getResult();
            Value lo = forward ? index(fb, fl, 0)
                               : arith::AddIOp::create(fb, fl, i,
                                                       index(fb, fl, 1))
                                     .getResult();
            Value hi = forward ? i : index(fb, fl, m);
            // Unknown i is still b's entry in x.
            Value start = tensor::ExtractOp::create(fb, fl, x, at(i));
            auto known = scf::ForOp::create(
                fb, fl, lo, hi, index(fb, fl, 1), ValueRange{start},
                [&](OpBuilder &kb, Location kl, Value j, ValueRange sum) {
                  Value term =
                      ops.mul(kb, kl, coefficient(kb, kl, i, j),
                          tensor::ExtractOp::create(kb, kl, x, at(j)));
                  scf::YieldOp::create(kb, kl, ops.sub(kb, kl, sum[0], term));
                });
            Value value = known.getResult(0);
            if (!unitDiagonal)
              value = ops.div(fb, fl, value, coefficient(fb, fl, i, i));
            Value updated = tensor::InsertOp::create(fb, fl, value, x, at(i));
            scf::YieldOp::create(fb, fl, updated);
          });
      return SmallVector<Value>(steps.getResults());
    };
    scf::LoopNest nest = scf::buildLoopNest(rewriter, loc, lbs, ubs, steps,
                                            ValueRange{b}, solveSystem);
    rewriter.replaceOp(op, convertTensor(rewriter, loc, nest.results[0], work,
                                         elementOf(op.getResult())));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// cholesky
//===----------------------------------------------------------------------===//

/// a = L L^H (lower) or U^H U (upper), reading only that triangle, the
/// other triangle of the result zero: column by column on the lower factor
/// of a (of a^H for upper); a matrix that is not positive definite gives
/// NaNs for its whole batch entry, as the evaluator does.
struct CholeskyLowering final : OpConversionPattern<shlo::CholeskyOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(shlo::CholeskyOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<RankedTensorType> resultType =
        staticResultType(op, *getTypeConverter(), rewriter);
    if (failed(resultType))
      return failure();
    Location loc = op.getLoc();
    Type element = elementOf(op.getA());
    bool isComplex = isa<ComplexType>(element);
    WorkArithmetic ops{isComplex};
    Type f64 = rewriter.getF64Type();
    Type work = isComplex ? Type(ComplexType::get(f64)) : f64;
    Value a = convertTensor(rewriter, loc, adaptor.getA(), element, work);
    auto type = cast<RankedTensorType>(a.getType());
    int64_t rank = type.getRank(), n = type.getDimSize(rank - 1);
    bool lower = op.getLower().value_or(false);
    if (type.getNumElements() == 0) {
      rewriter.replaceOp(op, emptyTensor(rewriter, loc, *resultType));
      return success();
    }
    auto index = [](OpBuilder &b, Location l, int64_t v) -> Value {
      return arith::ConstantIndexOp::create(b, l, v);
    };
    auto fromReal = [&](OpBuilder &b, Location l, Value x) -> Value {
      if (!isComplex)
        return x;
      return complex::CreateOp::create(b, l, work, x,
                                       f64Constant(b, l, 0.0));
    };
    Value zero = isComplex ? complex::ConstantOp::create(
                                 rewriter, loc, work,
                                 rewriter.getArrayAttr(
                                     {rewriter.getF64FloatAttr(0.0),
                                      rewriter.getF64FloatAttr(0.0)}))
                                 .getResult()
                           : f64Constant(rewriter, loc, 0.0);
    Value init = filledTensor(rewriter, loc, type, zero);

    SmallVector<Value> lbs, ubs, steps;
    for (int64_t d = 0; d < rank - 2; ++d) {
      lbs.push_back(index(rewriter, loc, 0));
      ubs.push_back(index(rewriter, loc, type.getDimSize(d)));
      steps.push_back(index(rewriter, loc, 1));
    }
    // Without batch dimensions, one trip of a unit loop: the factorization
    // stays one op, so one dispatch, with its failure flag inside.
    bool unitLoop = lbs.empty();
    if (unitLoop) {
      lbs.push_back(index(rewriter, loc, 0));
      ubs.push_back(index(rewriter, loc, 1));
      steps.push_back(index(rewriter, loc, 1));
    }
    auto factorBatch = [&](OpBuilder &b, Location l, ValueRange ivs,
                           ValueRange tensors) -> SmallVector<Value> {
      ValueRange batch = unitLoop ? ValueRange() : ivs;
      auto at = [&](Value i, Value j) {
        SmallVector<Value> indices(batch);
        indices.append({i, j});
        return indices;
      };
      // Entry (i, j) of the matrix whose lower factor is computed.
      auto in = [&](OpBuilder &eb, Location el, Value i, Value j) -> Value {
        if (lower)
          return tensor::ExtractOp::create(eb, el, a, at(i, j));
        return ops.conj(eb, el, tensor::ExtractOp::create(eb, el, a, at(j, i)));
      };
      // in(i, j) - sum_{k < j} F[i][k] conj(F[j][k]).
      auto reduced = [&](OpBuilder &eb, Location el, Value factor, Value i,
                         Value j) -> Value {
        auto loop = scf::ForOp::create(
            eb, el, index(eb, el, 0), j, index(eb, el, 1),
            ValueRange{in(eb, el, i, j)},
            [&](OpBuilder &kb, Location kl, Value k, ValueRange sum) {
              Value term = ops.mul(
                  kb, kl, tensor::ExtractOp::create(kb, kl, factor, at(i, k)),
                  ops.conj(kb, kl,
                       tensor::ExtractOp::create(kb, kl, factor, at(j, k))));
              scf::YieldOp::create(kb, kl, ops.sub(kb, kl, sum[0], term));
            });
        return loop.getResult(0);
      };
      Value falseValue = arith::ConstantIntOp::create(b, l, 0, 1);
      auto columns = scf::ForOp::create(
          b, l, index(b, l, 0), index(b, l, n), index(b, l, 1),
          ValueRange{tensors[0], falseValue},
          [&](OpBuilder &cb, Location cl, Value j, ValueRange iter) {
            Value factor = iter[0];
            Value diagonal = reduced(cb, cl, factor, j, j);
            Value real = isComplex
                             ? complex::ReOp::create(cb, cl, diagonal).getResult()
                             : diagonal;
            Value positive = arith::CmpFOp::create(
                cb, cl, arith::CmpFPredicate::OGT, real, f64Constant(cb, cl, 0.0));
            Value failedNow = arith::OrIOp::create(
                cb, cl, iter[1],
                arith::XOrIOp::create(cb, cl, positive,
                                      arith::ConstantIntOp::create(cb, cl, 1, 1)));
            Value root = math::SqrtOp::create(cb, cl, real);
            factor = tensor::InsertOp::create(cb, cl, fromReal(cb, cl, root),
                                              factor, at(j, j));
            auto rows = scf::ForOp::create(
                cb, cl, arith::AddIOp::create(cb, cl, j, index(cb, cl, 1)),
                index(cb, cl, n), index(cb, cl, 1), ValueRange{factor},
                [&](OpBuilder &rb, Location rl, Value i, ValueRange f) {
                  Value value = ops.divReal(rb, rl, reduced(rb, rl, f[0], i, j), root);
                  scf::YieldOp::create(
                      rb, rl,
                      tensor::InsertOp::create(rb, rl, value, f[0], at(i, j))
                          .getResult());
                });
            scf::YieldOp::create(cb, cl,
                                 ValueRange{rows.getResult(0), failedNow});
          });
      Value factor = columns.getResult(0);
      Value failedAny = columns.getResult(1);
      // The result: L, or L^H for upper; NaN everywhere when it failed.
      Value nan = f64Constant(b, l, std::nan(""));
      Value nanValue = isComplex
                           ? complex::CreateOp::create(b, l, work, nan, nan)
                                 .getResult()
                           : nan;
      auto rowsOut = scf::ForOp::create(
          b, l, index(b, l, 0), index(b, l, n), index(b, l, 1),
          ValueRange{tensors[0]},
          [&](OpBuilder &ib, Location il, Value i, ValueRange outer) {
            auto colsOut = scf::ForOp::create(
                ib, il, index(ib, il, 0), index(ib, il, n), index(ib, il, 1),
                ValueRange{outer[0]},
                [&](OpBuilder &jb, Location jl, Value j, ValueRange inner) {
                  Value value = tensor::ExtractOp::create(jb, jl, factor,
                                                          lower ? at(i, j)
                                                                : at(j, i));
                  if (!lower)
                    value = ops.conj(jb, jl, value);
                  value = arith::SelectOp::create(jb, jl, failedAny, nanValue,
                                                  value);
                  scf::YieldOp::create(
                      jb, jl,
                      tensor::InsertOp::create(jb, jl, value, inner[0], at(i, j))
                          .getResult());
                });
            scf::YieldOp::create(ib, il, colsOut.getResults());
          });
      return SmallVector<Value>(rowsOut.getResults());
    };
    scf::LoopNest nest = scf::buildLoopNest(rewriter, loc, lbs, ubs, steps,
                                            ValueRange{init}, factorBatch);
    rewriter.replaceOp(op, convertTensor(rewriter, loc, nest.results[0], work,
                                         elementOf(op.getResult())));
    return success();
  }
};

} // namespace

void hlox::lowering::populateLinearAlgebraPatterns(
    RewritePatternSet &patterns, const TypeConverter &converter) {
  patterns.add<FftLowering, TriangularSolveLowering, CholeskyLowering>(
      converter, patterns.getContext());
}
