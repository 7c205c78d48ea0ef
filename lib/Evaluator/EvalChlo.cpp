//===- EvalChlo.cpp - Evaluation of CHLO ops -------------------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// CHLO's element-wise math evaluates directly (through the C++ library's
// functions, computed in float for narrow formats and rounded once), as do
// next_after (in the element's own format), mulhi and top_k. Special
// functions the C++ library lacks (erf_inv, digamma, bessel_i1e) are
// written here.
//
//===----------------------------------------------------------------------===//

#include "EvalUtils.h"
#include "hlox/numerics/SpecialFunctions.h"

#include "hlox/Dialect/CHLO/IR/ChloOps.h"
#include "hlox/Dialect/StableHLO/IR/StablehloOps.h"

#include <bit>
#include <numbers>
#include <numeric>

using namespace mlir;
using namespace hlox::eval;
using namespace hlox::eval::detail;
namespace chlo = hlox::chlo;
namespace shlo = hlox::stablehlo;

namespace {

template <typename T> T viaDouble(T x, double (*fn)(double)) {
  return static_cast<T>(fn(static_cast<double>(x)));
}

HLOX_UNARY(AcosFn, isFloatOrComplex<T>, {
  return inDouble(x, [](auto v) { return std::acos(v); });
})
HLOX_UNARY(AcoshFn, isFloatOrComplex<T>, {
  return inDouble(x, [](auto v) { return std::acosh(v); });
})
HLOX_UNARY(AsinFn, isFloatOrComplex<T>, {
  return inDouble(x, [](auto v) { return std::asin(v); });
})
HLOX_UNARY(AsinhFn, isFloatOrComplex<T>, {
  return inDouble(x, [](auto v) { return std::asinh(v); });
})
HLOX_UNARY(AtanFn, isFloatOrComplex<T>, {
  return inDouble(x, [](auto v) { return std::atan(v); });
})
HLOX_UNARY(AtanhFn, isFloatOrComplex<T>, {
  return inDouble(x, [](auto v) { return std::atanh(v); });
})
HLOX_UNARY(CoshFn, isFloatOrComplex<T>, {
  return inDouble(x, [](auto v) { return std::cosh(v); });
})
HLOX_UNARY(SinhFn, isFloatOrComplex<T>, {
  return inDouble(x, [](auto v) { return std::sinh(v); });
})
HLOX_UNARY(TanFn, isFloatOrComplex<T>, {
  return inDouble(x, [](auto v) { return std::tan(v); });
})
HLOX_UNARY(ErfFn, isFloat<T>, {
  return inDouble(x, [](auto v) { return std::erf(v); });
})
HLOX_UNARY(ErfcFn, isFloat<T>, {
  return inDouble(x, [](auto v) { return std::erfc(v); });
})
HLOX_UNARY(ErfInvFn, isFloat<T>,
           { return viaDouble(x, hlox::numerics::erfInv); })
HLOX_UNARY(LgammaFn, isFloat<T>, {
  return inDouble(x, [](auto v) { return std::lgamma(v); });
})
HLOX_UNARY(DigammaFn, isFloat<T>,
           { return viaDouble(x, hlox::numerics::digamma); })
HLOX_UNARY(BesselI1eFn, isFloat<T>,
           { return viaDouble(x, hlox::numerics::besselI1e); })
HLOX_UNARY(ConjFn, isFloatOrComplex<T>, {
  if constexpr (isComplex<T>)
    return std::conj(x);
  else
    return x;
})
HLOX_UNARY(SquareFn, isInteger<T> || isFloatOrComplex<T>, {
  if constexpr (isInteger<T>)
    // In 64-bit unsigned arithmetic: narrow types would promote to int.
    return static_cast<T>(
        static_cast<uint64_t>(static_cast<std::make_unsigned_t<T>>(x)) *
        static_cast<uint64_t>(static_cast<std::make_unsigned_t<T>>(x)));
  else
    return x * x;
})

/// The next value of the element's own format after `x` towards `y`.
HLOX_BINARY(NextAfterFn, isFloat<T>, {
  if (std::isnan(x) || std::isnan(y))
    return std::numeric_limits<T>::quiet_NaN();
  if (x == y)
    return y;
  const llvm::fltSemantics *semantics = format.getSemantics();
  if (!semantics)
    return std::nextafter(x, y);
  APFloat value(static_cast<double>(x));
  bool losesInfo = false;
  value.convert(*semantics, APFloat::rmNearestTiesToEven, &losesInfo);
  value.next(/*nextDown=*/y < x);
  value.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven,
                &losesInfo);
  return static_cast<T>(value.convertToDouble());
})

HLOX_BINARY(ZetaFn, isFloat<T>, {
  return static_cast<T>(
      hlox::numerics::zeta(static_cast<double>(x), static_cast<double>(y)));
})
HLOX_BINARY(PolygammaFn, isFloat<T>, {
  return static_cast<T>(hlox::numerics::polygamma(static_cast<double>(x),
                                                  static_cast<double>(y)));
})

/// The high half of the double-width product.
HLOX_BINARY(MulhiFn, isInteger<T>, {
  unsigned width = std::min<unsigned>(format.getIntBits(), sizeof(T) * 8);
  if constexpr (std::is_signed_v<T>)
    return static_cast<T>((static_cast<__int128>(x) * y) >> width);
  else
    return static_cast<T>((static_cast<unsigned __int128>(x) * y) >> width);
})

enum class InfKind { Any, Negative, Positive };

template <InfKind kind>
LogicalResult evalIsInf(Operation *op, ArrayRef<RuntimeValue> operands,
                        SmallVectorImpl<RuntimeValue> &results,
                        Evaluator &evaluator) {
  return evalFloatPredicate(op, operands, results, evaluator, [](double v) {
    return std::isinf(v) && (kind == InfKind::Any ||
                             (kind == InfKind::Negative) == std::signbit(v));
  });
}

LogicalResult evalConstant(Operation *op, ArrayRef<RuntimeValue>,
                           SmallVectorImpl<RuntimeValue> &results,
                           Evaluator &) {
  Tensor value = Tensor::fromAttr(cast<chlo::ConstantOp>(op).getValue());
  if (!value)
    return unsupportedType(op, op->getResult(0).getType());
  results.push_back(std::move(value));
  return success();
}

LogicalResult evalConstantLike(Operation *op, ArrayRef<RuntimeValue> operands,
                               SmallVectorImpl<RuntimeValue> &results,
                               Evaluator &evaluator) {
  auto like = cast<chlo::ConstantLikeOp>(op);
  RankedTensorType type = resultType(op, evaluator)
                              .clone(operands[0].getTensor().getShape());
  auto typed = dyn_cast<TypedAttr>(like.getValue());
  Tensor scalar =
      typed ? Tensor::fromAttr(DenseElementsAttr::get(
                  RankedTensorType::get({}, typed.getType()), typed))
            : Tensor();
  if (!scalar)
    return op->emitError("cannot evaluate the value of this constant_like");
  Tensor result(type);
  for (int64_t i = 0; i < result.getNumElements(); ++i)
    storeAt(result, i, scalar);
  results.push_back(std::move(result));
  return success();
}

/// The total order of top_k: NaN above +Inf, -0 below +0.
template <typename T> bool greaterForTopK(T a, T b) {
  if constexpr (isFloat<T>) {
    auto key = [](T v) {
      double d = static_cast<double>(v);
      int64_t bits = std::bit_cast<int64_t>(d);
      return bits < 0 ? ~(bits & 0x7FFFFFFFFFFFFFFFll) : bits;
    };
    return key(a) > key(b);
  } else {
    return a > b;
  }
}

LogicalResult evalTopK(Operation *op, ArrayRef<RuntimeValue> operands,
                       SmallVectorImpl<RuntimeValue> &results,
                       Evaluator &evaluator) {
  auto topK = cast<chlo::TopKOp>(op);
  const Tensor &x = operands[0].getTensor();
  int64_t k = topK.getK();
  int64_t last = x.getShape().back();
  if (k > last)
    return op->emitError("k = ") << k << " exceeds the last dimension "
                                  << last;
  Tensor values(resultType(op, evaluator, 0));
  Tensor indices(resultType(op, evaluator, 1));
  bool handled = dispatch(x.getStorage(), [&](auto tag) {
    using T = decltype(tag);
    if constexpr (isComplex<T>) {
      return false;
    } else {
      ArrayRef<T> in = x.data<T>();
      int64_t rows = last ? x.getNumElements() / last : 0;
      SmallVector<int64_t> order(last);
      for (int64_t r = 0; r < rows; ++r) {
        ArrayRef<T> row = in.slice(r * last, last);
        std::iota(order.begin(), order.end(), 0);
        std::stable_sort(order.begin(), order.end(), [&](int64_t a, int64_t b) {
          return greaterForTopK(row[a], row[b]);
        });
        for (int64_t i = 0; i < k; ++i) {
          values.data<T>()[r * k + i] = row[order[i]];
          storeAt(indices, r * k + i, [&] {
            Tensor index(RankedTensorType::get({}, indices.getElementType()));
            dispatch(index.getStorage(), [&](auto indexTag) {
              using I = decltype(indexTag);
              if constexpr (isInteger<I>)
                index.data<I>()[0] = static_cast<I>(order[i]);
            });
            return index;
          }());
        }
      }
      return true;
    }
  });
  if (!handled)
    return unsupportedType(op, x.getElementType());
  results.push_back(std::move(values));
  results.push_back(std::move(indices));
  return success();
}

/// Broadcasts each operand to the shape of `type` (by `given`
/// broadcast_dimensions for lower-rank operands, else aligned to the
/// trailing dimensions as NumPy does).
FailureOr<SmallVector<RuntimeValue>>
broadcastOperands(Operation *op, ArrayRef<RuntimeValue> operands,
                  std::optional<ArrayRef<int64_t>> given,
                  RankedTensorType type) {
  SmallVector<RuntimeValue> expanded;
  for (const RuntimeValue &operand : operands) {
    const Tensor &tensor = operand.getTensor();
    SmallVector<int64_t> dims;
    if (given && tensor.getRank() < type.getRank()) {
      dims.assign(given->begin(), given->end());
    } else {
      for (int64_t d = 0; d < tensor.getRank(); ++d)
        dims.push_back(type.getRank() - tensor.getRank() + d);
    }
    if (static_cast<int64_t>(dims.size()) != tensor.getRank())
      return op->emitError("cannot broadcast ")
             << tensor.getType() << " to " << type;
    for (auto [k, d] : llvm::enumerate(dims))
      if (d < 0 || d >= type.getRank() ||
          (tensor.getShape()[k] != 1 &&
           tensor.getShape()[k] != type.getDimSize(d)))
        return op->emitError("cannot broadcast ")
               << tensor.getType() << " to " << type;
    expanded.push_back(broadcastInDim(
        tensor, type.clone(tensor.getElementType()), dims));
  }
  return expanded;
}

/// The broadcasting binary ops: the operands are broadcast to the result
/// shape, then the element-wise op `ElementwiseOp` runs.
template <typename BroadcastOp, typename ElementwiseOp>
LogicalResult evalBroadcastBinary(Operation *op,
                                  ArrayRef<RuntimeValue> operands,
                                  SmallVectorImpl<RuntimeValue> &results,
                                  Evaluator &evaluator) {
  FailureOr<SmallVector<RuntimeValue>> expanded = broadcastOperands(
      op, operands, cast<BroadcastOp>(op).getBroadcastDimensions(),
      resultType(op, evaluator));
  if (failed(expanded))
    return failure();
  EvalFn fn = evaluator.lookup(TypeID::get<ElementwiseOp>());
  return fn(op, *expanded, results, evaluator);
}

LogicalResult evalBroadcastCompare(Operation *op,
                                   ArrayRef<RuntimeValue> operands,
                                   SmallVectorImpl<RuntimeValue> &results,
                                   Evaluator &evaluator) {
  auto compare = cast<chlo::BroadcastCompareOp>(op);
  RankedTensorType type = resultType(op, evaluator);
  FailureOr<SmallVector<RuntimeValue>> expanded = broadcastOperands(
      op, operands, compare.getBroadcastDimensions(), type);
  if (failed(expanded))
    return failure();
  std::optional<shlo::ComparisonDirection> direction =
      shlo::symbolizeComparisonDirection(
          chlo::stringifyComparisonDirection(compare.getComparisonDirection()));
  bool totalOrder =
      compare.getCompareType() &&
      chlo::stringifyComparisonType(*compare.getCompareType()) == "TOTALORDER";
  if (!direction)
    return op->emitError("unknown comparison direction");
  FailureOr<Tensor> result =
      compareTensors(op, (*expanded)[0].getTensor(), (*expanded)[1].getTensor(),
                     type, *direction, totalOrder);
  if (failed(result))
    return failure();
  results.push_back(std::move(*result));
  return success();
}

/// chlo.scan: runs the body along `dimension` (backwards with is_reverse)
/// on the slices of the inputs and the carries; the body returns the
/// slices of the outputs, then the new carries.
LogicalResult evalScan(Operation *op, ArrayRef<RuntimeValue> operands,
                       SmallVectorImpl<RuntimeValue> &results,
                       Evaluator &evaluator) {
  auto scan = cast<chlo::ScanOp>(op);
  size_t numInputs = scan.getInputs().size();
  size_t numCarries = scan.getInits().size();
  size_t numOutputs = op->getNumResults() - numCarries;
  int64_t dim = scan.getDimension();
  ArrayRef<RuntimeValue> inputs = operands.take_front(numInputs);
  SmallVector<RuntimeValue> carries(operands.begin() + numInputs,
                                    operands.end());
  int64_t length =
      numInputs ? inputs[0].getTensor().getShape()[dim]
                : cast<RankedTensorType>(op->getResult(0).getType())
                      .getDimSize(dim);
  SmallVector<Tensor> outputs;
  for (size_t k = 0; k < numOutputs; ++k)
    outputs.emplace_back(resultType(op, evaluator, k));
  for (int64_t step = 0; step < length; ++step) {
    int64_t position = scan.getIsReverse() ? length - 1 - step : step;
    SmallVector<RuntimeValue> arguments;
    for (const RuntimeValue &input : inputs)
      arguments.push_back(sliceAt(input.getTensor(), dim, position));
    llvm::append_range(arguments, carries);
    FailureOr<SmallVector<RuntimeValue>> returned =
        evaluator.runRegion(scan.getBody(), arguments);
    if (failed(returned))
      return failure();
    if (returned->size() != numOutputs + numCarries)
      return op->emitError("scan body returns ")
             << returned->size() << " values, expected "
             << numOutputs + numCarries;
    for (size_t k = 0; k < numOutputs; ++k)
      putSliceAt(outputs[k], dim, position, (*returned)[k].getTensor());
    carries.assign(returned->begin() + numOutputs, returned->end());
  }
  for (Tensor &output : outputs)
    results.push_back(std::move(output));
  llvm::append_range(results, carries);
  return success();
}

} // namespace

void hlox::eval::registerChloOps(OpTable &table) {
  add<chlo::AcosOp>(table, evalUnary<AcosFn>);
  add<chlo::AcoshOp>(table, evalUnary<AcoshFn>);
  add<chlo::AsinOp>(table, evalUnary<AsinFn>);
  add<chlo::AsinhOp>(table, evalUnary<AsinhFn>);
  add<chlo::AtanOp>(table, evalUnary<AtanFn>);
  add<chlo::AtanhOp>(table, evalUnary<AtanhFn>);
  add<chlo::CoshOp>(table, evalUnary<CoshFn>);
  add<chlo::SinhOp>(table, evalUnary<SinhFn>);
  add<chlo::TanOp>(table, evalUnary<TanFn>);
  add<chlo::ErfOp>(table, evalUnary<ErfFn>);
  add<chlo::ErfcOp>(table, evalUnary<ErfcFn>);
  add<chlo::ErfInvOp>(table, evalUnary<ErfInvFn>);
  add<chlo::LgammaOp>(table, evalUnary<LgammaFn>);
  add<chlo::DigammaOp>(table, evalUnary<DigammaFn>);
  add<chlo::BesselI1eOp>(table, evalUnary<BesselI1eFn>);
  add<chlo::ConjOp>(table, evalUnary<ConjFn>);
  add<chlo::SquareOp>(table, evalUnary<SquareFn>);
  add<chlo::NextAfterOp>(table, evalBinary<NextAfterFn>);
  add<chlo::MulhiOp>(table, evalBinary<MulhiFn>);
  add<chlo::IsInfOp>(table, evalIsInf<InfKind::Any>);
  add<chlo::IsNegInfOp>(table, evalIsInf<InfKind::Negative>);
  add<chlo::IsPosInfOp>(table, evalIsInf<InfKind::Positive>);
  add<chlo::ConstantOp>(table, evalConstant);
  add<chlo::ConstantLikeOp>(table, evalConstantLike);
  add<chlo::TopKOp>(table, evalTopK);
  add<chlo::ScanOp>(table, evalScan);
  add<chlo::ZetaOp>(table, evalBinary<ZetaFn>);
  add<chlo::PolygammaOp>(table, evalBinary<PolygammaFn>);
#define HLOX_BROADCAST(CHLO_OP, OP)                                            \
  add<chlo::CHLO_OP>(table, evalBroadcastBinary<chlo::CHLO_OP, OP>);
  HLOX_BROADCAST(BroadcastAddOp, shlo::AddOp)
  HLOX_BROADCAST(BroadcastAndOp, shlo::AndOp)
  HLOX_BROADCAST(BroadcastAtan2Op, shlo::Atan2Op)
  HLOX_BROADCAST(BroadcastDivOp, shlo::DivOp)
  HLOX_BROADCAST(BroadcastMaxOp, shlo::MaxOp)
  HLOX_BROADCAST(BroadcastMinOp, shlo::MinOp)
  HLOX_BROADCAST(BroadcastMulOp, shlo::MulOp)
  HLOX_BROADCAST(BroadcastNextAfterOp, chlo::NextAfterOp)
  HLOX_BROADCAST(BroadcastOrOp, shlo::OrOp)
  HLOX_BROADCAST(BroadcastPolygammaOp, chlo::PolygammaOp)
  HLOX_BROADCAST(BroadcastPowOp, shlo::PowOp)
  HLOX_BROADCAST(BroadcastRemOp, shlo::RemOp)
  HLOX_BROADCAST(BroadcastShiftLeftOp, shlo::ShiftLeftOp)
  HLOX_BROADCAST(BroadcastShiftRightArithmeticOp, shlo::ShiftRightArithmeticOp)
  HLOX_BROADCAST(BroadcastShiftRightLogicalOp, shlo::ShiftRightLogicalOp)
  HLOX_BROADCAST(BroadcastSubOp, shlo::SubtractOp)
  HLOX_BROADCAST(BroadcastXorOp, shlo::XorOp)
  HLOX_BROADCAST(BroadcastZetaOp, chlo::ZetaOp)
  HLOX_BROADCAST(BroadcastComplexOp, shlo::ComplexOp)
#undef HLOX_BROADCAST
  add<chlo::BroadcastCompareOp>(table, evalBroadcastCompare);
}
