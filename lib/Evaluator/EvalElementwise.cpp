//===- EvalElementwise.cpp - Evaluation of element-wise ops ---------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Element-wise ops as functors over storage types (see Tensor.h). Integer
// arithmetic wraps (it is done in the unsigned type of the storage, then
// normalized to the element width); float arithmetic on formats narrower
// than f32 is done in float and rounded once to the format. Integer division
// by zero gives -1 (all bits set) and x % 0 gives x; INT_MIN / -1 gives
// INT_MIN and INT_MIN % -1 gives 0, as XLA defines them.
//
//===----------------------------------------------------------------------===//

#include "EvalUtils.h"

#include "hlox/Dialect/StableHLO/IR/StablehloOps.h"

#include <bit>

using namespace mlir;
using namespace hlox::eval;
using namespace hlox::eval::detail;
namespace shlo = hlox::stablehlo;

namespace {

/// Wrapping integer arithmetic in the unsigned type of `T`.
template <typename T, typename Op> T wrapping(T a, T b, Op op) {
  // In unsigned arithmetic at least as wide as `unsigned`: narrower types
  // would promote to (signed) int, where a product can overflow.
  using U = std::make_unsigned_t<T>;
  using W = std::conditional_t<(sizeof(U) < sizeof(unsigned)), unsigned, U>;
  return static_cast<T>(op(static_cast<W>(static_cast<U>(a)),
                           static_cast<W>(static_cast<U>(b))));
}

/// The unsigned bits of an integer of `bits` width held in `T`.
template <typename T> uint64_t maskedBits(T value, unsigned bits) {
  uint64_t raw = static_cast<uint64_t>(static_cast<std::make_unsigned_t<T>>(value));
  return bits >= 64 ? raw : raw & ((uint64_t(1) << bits) - 1);
}

/// The width an integer element normalizes to (its storage width when
/// native).
template <typename T> unsigned widthOf(const ElementFormat &format) {
  return std::min<unsigned>(format.getIntBits(), sizeof(T) * 8);
}

HLOX_UNARY(AbsFn, isInteger<T> || isFloat<T>, {
  if constexpr (isInteger<T>) {
    if constexpr (std::is_signed_v<T>)
      return x < 0 ? wrapping(T(0), x, std::minus<>()) : x;
    else
      return x;
  } else {
    return std::fabs(x);
  }
})
HLOX_UNARY(CbrtFn, isFloatOrComplex<T>, {
  if constexpr (isComplex<T>)
    return inDouble(x, [](auto v) {
      return std::pow(v, typename decltype(v)::value_type(1) / 3);
    });
  else
    return inDouble(x, [](auto v) { return std::cbrt(v); });
})
HLOX_UNARY(CeilFn, isFloat<T>, { return std::ceil(x); })
HLOX_UNARY(FloorFn, isFloat<T>, { return std::floor(x); })
HLOX_UNARY(CosFn, isFloatOrComplex<T>, {
  return inDouble(x, [](auto v) { return std::cos(v); });
})
HLOX_UNARY(SinFn, isFloatOrComplex<T>, {
  return inDouble(x, [](auto v) { return std::sin(v); });
})
HLOX_UNARY(TanFn, isFloatOrComplex<T>, {
  return inDouble(x, [](auto v) { return std::tan(v); });
})
HLOX_UNARY(TanhFn, isFloatOrComplex<T>, {
  return inDouble(x, [](auto v) { return std::tanh(v); });
})
HLOX_UNARY(ExpFn, isFloatOrComplex<T>, {
  return inDouble(x, [](auto v) { return std::exp(v); });
})
HLOX_UNARY(LogFn, isFloatOrComplex<T>, {
  return inDouble(x, [](auto v) { return std::log(v); });
})
HLOX_UNARY(SqrtFn, isFloatOrComplex<T>, { return std::sqrt(x); })
HLOX_UNARY(RsqrtFn, isFloatOrComplex<T>, {
  return inDouble(x, [](auto v) { return decltype(v)(1) / std::sqrt(v); });
})
HLOX_UNARY(Expm1Fn, isFloatOrComplex<T>, {
  if constexpr (isFloat<T>) {
    return inDouble(x, [](auto v) { return std::expm1(v); });
  } else {
    // expm1(a + bi) = expm1(a) cos b - 2 sin^2(b/2) + i e^a sin b, which
    // keeps precision for small |z|.
    using R = typename T::value_type;
    R a = x.real(), b = x.imag();
    R sinHalf = std::sin(b / 2);
    return T(std::expm1(a) * std::cos(b) - 2 * sinHalf * sinHalf,
             std::exp(a) * std::sin(b));
  }
})
HLOX_UNARY(Log1pFn, isFloatOrComplex<T>, {
  if constexpr (isFloat<T>) {
    return inDouble(x, [](auto v) { return std::log1p(v); });
  } else {
    using R = typename T::value_type;
    R a = x.real(), b = x.imag();
    // log1p(z) = log|1 + z| + i arg(1 + z), with |1+z|^2 - 1 = a(2 + a) + b^2.
    R re = std::log1p(a * (2 + a) + b * b) / 2;
    return T(re, std::atan2(b, 1 + a));
  }
})
HLOX_UNARY(LogisticFn, isFloatOrComplex<T>, {
  return inDouble(x, [](auto v) {
    using W = decltype(v);
    return W(1) / (W(1) + std::exp(-v));
  });
})
HLOX_UNARY(NegFn, isNumeric<T>, {
  if constexpr (isInteger<T>)
    return wrapping(T(0), x, std::minus<>());
  else
    return -x;
})
HLOX_UNARY(NotFn, isIntegerOrBool<T>, {
  if constexpr (std::is_same_v<T, bool>)
    return !x;
  else
    return static_cast<T>(~x);
})
HLOX_UNARY(PopcntFn, isInteger<T>, {
  return static_cast<T>(std::popcount(maskedBits(x, widthOf<T>(format))));
})
HLOX_UNARY(ClzFn, isInteger<T>, {
  unsigned width = widthOf<T>(format);
  uint64_t bits = maskedBits(x, width);
  return static_cast<T>(std::countl_zero(bits) - (64 - width));
})
HLOX_UNARY(RoundAfzFn, isFloat<T>, { return std::round(x); })
HLOX_UNARY(RoundEvenFn, isFloat<T>, { return std::nearbyint(x); })
HLOX_UNARY(SignFn, isNumeric<T>, {
  if constexpr (isInteger<T>) {
    if constexpr (std::is_signed_v<T>)
      return static_cast<T>((x > 0) - (x < 0));
    else
      return static_cast<T>(x > 0);
  } else if constexpr (isFloat<T>) {
    if (std::isnan(x) || x == 0)
      return x;
    return std::copysign(T(1), x);
  } else {
    using R = typename T::value_type;
    R magnitude = std::abs(x);
    if (std::isnan(x.real()) || std::isnan(x.imag()))
      return T(std::numeric_limits<R>::quiet_NaN(),
               std::numeric_limits<R>::quiet_NaN());
    if (magnitude == 0)
      return T(0, 0);
    return x / magnitude;
  }
})

HLOX_BINARY(AddFn, true, {
  if constexpr (std::is_same_v<T, bool>)
    return x || y;
  else if constexpr (isInteger<T>)
    return wrapping(x, y, std::plus<>());
  else
    return x + y;
})
HLOX_BINARY(SubFn, isNumeric<T>, {
  if constexpr (isInteger<T>)
    return wrapping(x, y, std::minus<>());
  else
    return x - y;
})
HLOX_BINARY(MulFn, true, {
  if constexpr (std::is_same_v<T, bool>)
    return x && y;
  else if constexpr (isInteger<T>)
    return wrapping(x, y, std::multiplies<>());
  else
    return x * y;
})
HLOX_BINARY(DivFn, isNumeric<T>, {
  if constexpr (isInteger<T>) {
    unsigned width = widthOf<T>(format);
    if (y == 0)
      return static_cast<T>(-1);
    if constexpr (std::is_signed_v<T>)
      if (y == -1 && x == minOfWidth<T>(width))
        return x;
    return static_cast<T>(x / y);
  } else {
    return x / y;
  }
})
HLOX_BINARY(RemFn, isInteger<T> || isFloat<T>, {
  if constexpr (isInteger<T>) {
    if (y == 0)
      return x;
    if constexpr (std::is_signed_v<T>)
      if (y == -1)
        return T(0);
    return static_cast<T>(x % y);
  } else {
    return std::fmod(x, y);
  }
})
/// Complex numbers order lexicographically (real part, then imaginary).
template <typename T> bool lexicographicLess(T a, T b) {
  return a.real() < b.real() || (a.real() == b.real() && a.imag() < b.imag());
}

HLOX_BINARY(MaxFn, true, {
  if constexpr (isComplex<T>) {
    return lexicographicLess(x, y) ? y : x;
  } else if constexpr (std::is_same_v<T, bool>) {
    return x || y;
  } else if constexpr (isFloat<T>) {
    if (std::isnan(x) || std::isnan(y))
      return std::numeric_limits<T>::quiet_NaN();
    if (x == 0 && y == 0)
      return std::signbit(x) ? y : x;
    return std::max(x, y);
  } else {
    return std::max(x, y);
  }
})
HLOX_BINARY(MinFn, true, {
  if constexpr (isComplex<T>) {
    return lexicographicLess(y, x) ? y : x;
  } else if constexpr (std::is_same_v<T, bool>) {
    return x && y;
  } else if constexpr (isFloat<T>) {
    if (std::isnan(x) || std::isnan(y))
      return std::numeric_limits<T>::quiet_NaN();
    if (x == 0 && y == 0)
      return std::signbit(x) ? x : y;
    return std::min(x, y);
  } else {
    return std::min(x, y);
  }
})
HLOX_BINARY(PowFn, isNumeric<T>, {
  if constexpr (isInteger<T>) {
    if constexpr (std::is_signed_v<T>) {
      if (y < 0) {
        // Only 1 and -1 have integer reciprocals.
        if (x == 1)
          return T(1);
        if (x == -1)
          return (y % 2 == 0) ? T(1) : T(-1);
        return T(0);
      }
    }
    T result = 1, base = x;
    for (auto e = static_cast<std::make_unsigned_t<T>>(y); e; e >>= 1) {
      if (e & 1)
        result = format.normalize(wrapping(result, base, std::multiplies<>()));
      base = format.normalize(wrapping(base, base, std::multiplies<>()));
    }
    return result;
  } else {
    return inDouble(x, y, [](auto a, auto b) { return std::pow(a, b); });
  }
})
HLOX_BINARY(Atan2Fn, isFloatOrComplex<T>, {
  if constexpr (isFloat<T>) {
    return inDouble(x, y, [](auto a, auto b) { return std::atan2(a, b); });
  } else {
    // atan2(x, y) = -i log((y + ix) / sqrt(y^2 + x^2)).
    T i(0, 1);
    return -i * std::log((y + i * x) / std::sqrt(y * y + x * x));
  }
})
HLOX_BINARY(AndFn, isIntegerOrBool<T>, {
  if constexpr (std::is_same_v<T, bool>)
    return x && y;
  else
    return static_cast<T>(x & y);
})
HLOX_BINARY(OrFn, isIntegerOrBool<T>, {
  if constexpr (std::is_same_v<T, bool>)
    return x || y;
  else
    return static_cast<T>(x | y);
})
HLOX_BINARY(XorFn, isIntegerOrBool<T>, {
  if constexpr (std::is_same_v<T, bool>)
    return x != y;
  else
    return static_cast<T>(x ^ y);
})
HLOX_BINARY(ShlFn, isInteger<T>, {
  unsigned width = widthOf<T>(format);
  uint64_t amount = maskedBits(y, sizeof(T) * 8);
  if ((std::is_signed_v<T> && y < 0) || amount >= width)
    return T(0);
  return static_cast<T>(static_cast<std::make_unsigned_t<T>>(x) << amount);
})
HLOX_BINARY(ShrLogicalFn, isInteger<T>, {
  unsigned width = widthOf<T>(format);
  uint64_t amount = maskedBits(y, sizeof(T) * 8);
  if ((std::is_signed_v<T> && y < 0) || amount >= width)
    return T(0);
  return static_cast<T>(maskedBits(x, width) >> amount);
})
HLOX_BINARY(ShrArithmeticFn, isInteger<T>, {
  unsigned width = widthOf<T>(format);
  uint64_t amount = maskedBits(y, sizeof(T) * 8);
  // Sign-extend from the element width, then shift in sign bits.
  int64_t value = static_cast<int64_t>(maskedBits(x, width) << (64 - width)) >>
                  (64 - width);
  if ((std::is_signed_v<T> && y < 0) || amount >= width)
    return static_cast<T>(value < 0 ? -1 : 0);
  return static_cast<T>(value >> amount);
})

/// Applies `fn(in) -> Out` from a tensor of storage `In` into `result`.
template <typename In, typename Out, typename Fn>
void mapInto(const Tensor &x, Tensor &result, Fn fn) {
  ElementFormat format(result.getElementType());
  ArrayRef<In> in = x.data<In>();
  MutableArrayRef<Out> out = result.data<Out>();
  for (size_t i = 0, e = in.size(); i < e; ++i)
    out[i] = format.normalize(fn(in[i]));
}

/// abs, real and imag of complex operands give their real part type.
enum class ComplexPart { Abs, Real, Imag };

template <ComplexPart part>
LogicalResult evalComplexPart(Operation *op, ArrayRef<RuntimeValue> operands,
                              SmallVectorImpl<RuntimeValue> &results,
                              Evaluator &evaluator) {
  const Tensor &x = operands[0].getTensor();
  RankedTensorType type = resultType(op, evaluator);
  Tensor result(type);
  bool handled = dispatch(x.getStorage(), [&](auto tag) {
    using T = decltype(tag);
    if constexpr (isComplex<T>) {
      using R = typename T::value_type;
      mapInto<T, R>(x, result, [](T v) {
        if constexpr (part == ComplexPart::Abs)
          return std::abs(v);
        else if constexpr (part == ComplexPart::Real)
          return v.real();
        else
          return v.imag();
      });
      return true;
    } else if constexpr (isFloat<T>) {
      if constexpr (part == ComplexPart::Abs)
        mapInto<T, T>(x, result, [](T v) { return std::fabs(v); });
      else if constexpr (part == ComplexPart::Real)
        mapInto<T, T>(x, result, [](T v) { return v; });
      else
        mapInto<T, T>(x, result, [](T) { return T(0); });
      return true;
    } else if constexpr (part == ComplexPart::Abs) {
      return false;
    } else {
      return false;
    }
  });
  if (!handled) {
    if (part == ComplexPart::Abs)
      return evalUnary<AbsFn>(op, operands, results, evaluator);
    return unsupportedType(op, x.getElementType());
  }
  results.push_back(std::move(result));
  return success();
}

LogicalResult evalComplex(Operation *op, ArrayRef<RuntimeValue> operands,
                          SmallVectorImpl<RuntimeValue> &results,
                          Evaluator &evaluator) {
  const Tensor &re = operands[0].getTensor(), &im = operands[1].getTensor();
  Tensor result(resultType(op, evaluator));
  bool handled = dispatch(re.getStorage(), [&](auto tag) {
    using T = decltype(tag);
    if constexpr (isFloat<T>) {
      ArrayRef<T> a = re.data<T>(), b = im.data<T>();
      auto out = result.data<std::complex<T>>();
      for (size_t i = 0, e = a.size(); i < e; ++i)
        out[i] = std::complex<T>(a[i], b[i]);
      return true;
    }
    return false;
  });
  if (!handled)
    return unsupportedType(op, re.getElementType());
  results.push_back(std::move(result));
  return success();
}

LogicalResult evalIsFinite(Operation *op, ArrayRef<RuntimeValue> operands,
                           SmallVectorImpl<RuntimeValue> &results,
                           Evaluator &evaluator) {
  return evalFloatPredicate(op, operands, results, evaluator,
                            [](double v) { return std::isfinite(v); });
}

/// The total order of floats as sign-magnitude bit patterns (compare's
/// TOTALORDER): -NaN < -Inf < ... < -0 < +0 < ... < +Inf < +NaN.
template <typename T> int64_t totalOrderKey(T value) {
  if constexpr (std::is_same_v<T, float>) {
    int32_t bits = std::bit_cast<int32_t>(value);
    return bits < 0 ? static_cast<int64_t>(~(bits & 0x7FFFFFFF))
                    : static_cast<int64_t>(bits);
  } else {
    int64_t bits = std::bit_cast<int64_t>(value);
    return bits < 0 ? ~(bits & 0x7FFFFFFFFFFFFFFFll) : bits;
  }
}

LogicalResult evalCompare(Operation *op, ArrayRef<RuntimeValue> operands,
                          SmallVectorImpl<RuntimeValue> &results,
                          Evaluator &evaluator) {
  auto compare = cast<shlo::CompareOp>(op);
  bool totalOrder = compare.getCompareType() &&
                    *compare.getCompareType() == shlo::ComparisonType::TOTALORDER;
  FailureOr<Tensor> result = compareTensors(
      op, operands[0].getTensor(), operands[1].getTensor(),
      resultType(op, evaluator), compare.getComparisonDirection(), totalOrder);
  if (failed(result))
    return failure();
  results.push_back(std::move(*result));
  return success();
}

/// Element `i` of `t`, or its only element when `t` is a scalar broadcast
/// over the other operands (select's pred, clamp's bounds).
template <typename T> T elementOrScalar(ArrayRef<T> data, size_t i) {
  return data.size() == 1 ? data[0] : data[i];
}

LogicalResult evalSelect(Operation *op, ArrayRef<RuntimeValue> operands,
                         SmallVectorImpl<RuntimeValue> &results,
                         Evaluator &evaluator) {
  ArrayRef<bool> pred = operands[0].getTensor().data<bool>();
  const Tensor &x = operands[1].getTensor(), &y = operands[2].getTensor();
  Tensor result(resultType(op, evaluator));
  dispatch(x.getStorage(), [&](auto tag) {
    using T = decltype(tag);
    ArrayRef<T> a = x.data<T>(), b = y.data<T>();
    auto out = result.data<T>();
    for (size_t i = 0, e = a.size(); i < e; ++i)
      out[i] = elementOrScalar(pred, i) ? a[i] : b[i];
  });
  results.push_back(std::move(result));
  return success();
}

LogicalResult evalClamp(Operation *op, ArrayRef<RuntimeValue> operands,
                        SmallVectorImpl<RuntimeValue> &results,
                        Evaluator &evaluator) {
  const Tensor &lo = operands[0].getTensor(), &x = operands[1].getTensor(),
               &hi = operands[2].getTensor();
  Tensor result(resultType(op, evaluator));
  bool handled = dispatch(x.getStorage(), [&](auto tag) {
    using T = decltype(tag);
    if constexpr (isComplex<T>) {
      return false;
    } else {
      ArrayRef<T> l = lo.data<T>(), v = x.data<T>(), h = hi.data<T>();
      auto out = result.data<T>();
      MinFn min;
      MaxFn max;
      ElementFormat format(result.getElementType());
      for (size_t i = 0, e = v.size(); i < e; ++i)
        out[i] = min(max(v[i], elementOrScalar(l, i), format),
                     elementOrScalar(h, i), format);
      return true;
    }
  });
  if (!handled)
    return unsupportedType(op, x.getElementType());
  results.push_back(std::move(result));
  return success();
}

LogicalResult evalConvert(Operation *op, ArrayRef<RuntimeValue> operands,
                          SmallVectorImpl<RuntimeValue> &results,
                          Evaluator &evaluator) {
  const Tensor &x = operands[0].getTensor();
  Tensor result(resultType(op, evaluator));
  ElementFormat format(result.getElementType());
  dispatch(x.getStorage(), [&](auto inTag) {
    using From = decltype(inTag);
    dispatch(result.getStorage(), [&](auto outTag) {
      using To = decltype(outTag);
      ArrayRef<From> in = x.data<From>();
      MutableArrayRef<To> out = result.data<To>();
      for (size_t i = 0, e = in.size(); i < e; ++i)
        out[i] = convertElement<To>(in[i], format);
    });
  });
  results.push_back(std::move(result));
  return success();
}

/// The bits of element `value` of `type` (storage `T`), low bits first.
template <typename T> APInt elementBits(T value, Type type) {
  if constexpr (std::is_same_v<T, bool>) {
    return APInt(1, value);
  } else if constexpr (isInteger<T>) {
    unsigned width = type.getIntOrFloatBitWidth();
    return APInt(width, static_cast<uint64_t>(value), std::is_signed_v<T>,
                 /*implicitTrunc=*/true);
  } else if constexpr (isFloat<T>) {
    APFloat number(static_cast<double>(value));
    bool losesInfo = false;
    number.convert(cast<FloatType>(type).getFloatSemantics(),
                   APFloat::rmNearestTiesToEven, &losesInfo);
    return number.bitcastToAPInt();
  } else {
    using R = typename T::value_type;
    Type part = cast<ComplexType>(type).getElementType();
    APInt re = elementBits<R>(value.real(), part);
    APInt im = elementBits<R>(value.imag(), part);
    return im.zext(2 * re.getBitWidth()).shl(re.getBitWidth()) |
           re.zext(2 * re.getBitWidth());
  }
}

/// The element of `type` (storage `T`) with the given bits.
template <typename T> T elementFromBits(const APInt &bits, Type type) {
  if constexpr (std::is_same_v<T, bool>) {
    return !bits.isZero();
  } else if constexpr (isInteger<T>) {
    return static_cast<T>(std::is_signed_v<T> ? bits.getSExtValue()
                                              : bits.getZExtValue());
  } else if constexpr (isFloat<T>) {
    APFloat number(cast<FloatType>(type).getFloatSemantics(), bits);
    bool losesInfo = false;
    number.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven,
                   &losesInfo);
    return static_cast<T>(number.convertToDouble());
  } else {
    using R = typename T::value_type;
    Type part = cast<ComplexType>(type).getElementType();
    unsigned half = bits.getBitWidth() / 2;
    return T(elementFromBits<R>(bits.extractBits(half, 0), part),
             elementFromBits<R>(bits.extractBits(half, half), part));
  }
}

LogicalResult evalBitcastConvert(Operation *op, ArrayRef<RuntimeValue> operands,
                                 SmallVectorImpl<RuntimeValue> &results,
                                 Evaluator &evaluator) {
  const Tensor &x = operands[0].getTensor();
  RankedTensorType type = resultType(op, evaluator);
  Tensor result(type);
  // Quantized tensors are bitcast through their storage type.
  auto storageOf = [](Type element) {
    if (auto quant = dyn_cast<quant::QuantizedType>(element))
      return quant.getStorageType();
    return element;
  };
  Type inType = storageOf(x.getElementType()),
       outType = storageOf(type.getElementType());
  unsigned inWidth = isa<ComplexType>(inType)
                         ? 2 * cast<ComplexType>(inType)
                                   .getElementType()
                                   .getIntOrFloatBitWidth()
                         : inType.getIntOrFloatBitWidth();
  unsigned outWidth = isa<ComplexType>(outType)
                          ? 2 * cast<ComplexType>(outType)
                                    .getElementType()
                                    .getIntOrFloatBitWidth()
                          : outType.getIntOrFloatBitWidth();
  // Gather every bit of the operand, low element first, then cut it into
  // result elements.
  SmallVector<APInt> inBits;
  dispatch(x.getStorage(), [&](auto tag) {
    using T = decltype(tag);
    for (T value : x.data<T>())
      inBits.push_back(elementBits<T>(value, inType));
  });
  dispatch(result.getStorage(), [&](auto tag) {
    using T = decltype(tag);
    auto out = result.data<T>();
    if (inWidth == outWidth) {
      for (size_t i = 0; i < out.size(); ++i)
        out[i] = elementFromBits<T>(inBits[i], outType);
    } else if (inWidth > outWidth) {
      unsigned parts = inWidth / outWidth;
      for (size_t i = 0; i < out.size(); ++i)
        out[i] = elementFromBits<T>(
            inBits[i / parts].extractBits(outWidth, (i % parts) * outWidth),
            outType);
    } else {
      unsigned parts = outWidth / inWidth;
      for (size_t i = 0; i < out.size(); ++i) {
        APInt bits(outWidth, 0);
        for (unsigned p = 0; p < parts; ++p)
          bits.insertBits(inBits[i * parts + p], p * inWidth);
        out[i] = elementFromBits<T>(bits, outType);
      }
    }
  });
  results.push_back(std::move(result));
  return success();
}

/// Rounds a float held as `Bits` (with `kExponent` exponent and `kMantissa`
/// mantissa bits) to `exponentBits` and `mantissaBits`, as XLA defines
/// reduce_precision: mantissa rounded to nearest even, exponents out of
/// range overflow to infinity or flush to zero, NaN kept (or, with no
/// mantissa bits left to hold it, made an infinity of its sign).
template <typename Bits, int kExponent, int kMantissa>
Bits reducePrecisionBits(Bits bits, bool isNan, int exponentBits,
                         int mantissaBits) {
  Bits signMask = Bits(1) << (kExponent + kMantissa);
  Bits exponentMask = ((Bits(1) << kExponent) - 1) << kMantissa;
  if (isNan)
    return mantissaBits > 0 ? bits : (bits & signMask) | exponentMask;
  if (mantissaBits < kMantissa) {
    int dropped = kMantissa - mantissaBits;
    Bits lastKept = Bits(1) << dropped;
    Bits bias = (lastKept >> 1) - 1 + ((bits >> dropped) & 1);
    bits = (bits + bias) & ~(lastKept - 1);
  }
  if (exponentBits < kExponent) {
    int64_t bias = (int64_t(1) << (kExponent - 1)) - 1;
    int64_t reducedBias = (int64_t(1) << (exponentBits - 1)) - 1;
    Bits exponent = bits & exponentMask;
    if (exponent > static_cast<Bits>(bias + reducedBias) << kMantissa)
      bits = (bits & signMask) | exponentMask; // overflow: infinity
    else if (exponent <= static_cast<Bits>(bias - reducedBias) << kMantissa)
      bits &= signMask; // underflow: signed zero
  }
  return bits;
}

template <typename T> T reducePrecision(T value, int exponentBits,
                                        int mantissaBits) {
  bool isNan = std::isnan(value);
  if constexpr (std::is_same_v<T, float>)
    return std::bit_cast<float>(reducePrecisionBits<uint32_t, 8, 23>(
        std::bit_cast<uint32_t>(value), isNan, exponentBits, mantissaBits));
  else
    return std::bit_cast<double>(reducePrecisionBits<uint64_t, 11, 52>(
        std::bit_cast<uint64_t>(value), isNan, exponentBits, mantissaBits));
}

LogicalResult evalReducePrecision(Operation *op,
                                  ArrayRef<RuntimeValue> operands,
                                  SmallVectorImpl<RuntimeValue> &results,
                                  Evaluator &evaluator) {
  auto reduce = cast<shlo::ReducePrecisionOp>(op);
  int exponentBits = reduce.getExponentBits();
  int mantissaBits = reduce.getMantissaBits();
  const Tensor &x = operands[0].getTensor();
  Tensor result(resultType(op, evaluator));
  bool handled = dispatch(x.getStorage(), [&](auto tag) {
    using T = decltype(tag);
    if constexpr (isFloat<T>) {
      mapInto<T, T>(x, result, [&](T v) {
        return reducePrecision(v, exponentBits, mantissaBits);
      });
      return true;
    }
    return false;
  });
  if (!handled)
    return unsupportedType(op, x.getElementType());
  results.push_back(std::move(result));
  return success();
}

LogicalResult evalUniformQuantize(Operation *op,
                                  ArrayRef<RuntimeValue> operands,
                                  SmallVectorImpl<RuntimeValue> &results,
                                  Evaluator &) {
  Tensor x = operands[0].getTensor();
  if (isa<quant::QuantizedType>(x.getElementType()))
    x = dequantize(x);
  results.push_back(quantize(x, cast<RankedTensorType>(op->getResult(0).getType())));
  return success();
}

LogicalResult evalUniformDequantize(Operation *, ArrayRef<RuntimeValue> operands,
                                    SmallVectorImpl<RuntimeValue> &results,
                                    Evaluator &) {
  results.push_back(dequantize(operands[0].getTensor()));
  return success();
}

} // namespace

namespace hlox::eval::detail {
FailureOr<Tensor> compareTensors(Operation *op, const Tensor &x,
                                 const Tensor &y, RankedTensorType type,
                                 shlo::ComparisonDirection direction,
                                 bool totalOrder) {
  Tensor result(type);
  auto decide = [direction](auto a, auto b) {
    switch (direction) {
    case shlo::ComparisonDirection::EQ: return a == b;
    case shlo::ComparisonDirection::NE: return a != b;
    case shlo::ComparisonDirection::GE: return a >= b;
    case shlo::ComparisonDirection::GT: return a > b;
    case shlo::ComparisonDirection::LE: return a <= b;
    case shlo::ComparisonDirection::LT: return a < b;
    }
    return false;
  };
  bool handled = dispatch(x.getStorage(), [&](auto tag) {
    using T = decltype(tag);
    ArrayRef<T> a = x.data<T>(), b = y.data<T>();
    auto out = result.data<bool>();
    if constexpr (isComplex<T>) {
      if (direction != shlo::ComparisonDirection::EQ &&
          direction != shlo::ComparisonDirection::NE)
        return false;
      bool eq = direction == shlo::ComparisonDirection::EQ;
      for (size_t i = 0, e = a.size(); i < e; ++i)
        out[i] = (a[i] == b[i]) == eq;
    } else if constexpr (isFloat<T>) {
      for (size_t i = 0, e = a.size(); i < e; ++i)
        out[i] = totalOrder ? decide(totalOrderKey(a[i]), totalOrderKey(b[i]))
                            : decide(a[i], b[i]);
    } else {
      for (size_t i = 0, e = a.size(); i < e; ++i)
        out[i] = decide(a[i], b[i]);
    }
    return true;
  });
  if (!handled)
    return unsupportedType(op, x.getElementType());
  return result;
}
} // namespace hlox::eval::detail

void hlox::eval::registerElementwiseOps(OpTable &table) {
  add<shlo::AbsOp>(table, evalComplexPart<ComplexPart::Abs>);
  add<shlo::RealOp>(table, evalComplexPart<ComplexPart::Real>);
  add<shlo::ImagOp>(table, evalComplexPart<ComplexPart::Imag>);
  add<shlo::CbrtOp>(table, evalUnary<CbrtFn>);
  add<shlo::CeilOp>(table, evalUnary<CeilFn>);
  add<shlo::FloorOp>(table, evalUnary<FloorFn>);
  add<shlo::CosineOp>(table, evalUnary<CosFn>);
  add<shlo::SineOp>(table, evalUnary<SinFn>);
  add<shlo::TanOp>(table, evalUnary<TanFn>);
  add<shlo::TanhOp>(table, evalUnary<TanhFn>);
  add<shlo::ExpOp>(table, evalUnary<ExpFn>);
  add<shlo::Expm1Op>(table, evalUnary<Expm1Fn>);
  add<shlo::LogOp>(table, evalUnary<LogFn>);
  add<shlo::Log1pOp>(table, evalUnary<Log1pFn>);
  add<shlo::LogisticOp>(table, evalUnary<LogisticFn>);
  add<shlo::SqrtOp>(table, evalUnary<SqrtFn>);
  add<shlo::RsqrtOp>(table, evalUnary<RsqrtFn>);
  add<shlo::NegOp>(table, evalUnary<NegFn>);
  add<shlo::NotOp>(table, evalUnary<NotFn>);
  add<shlo::PopulationCountOp>(table, evalUnary<PopcntFn>);
  add<shlo::CountLeadingZerosOp>(table, evalUnary<ClzFn>);
  add<shlo::RoundOp>(table, evalUnary<RoundAfzFn>);
  add<shlo::RoundNearestEvenOp>(table, evalUnary<RoundEvenFn>);
  add<shlo::SignOp>(table, evalUnary<SignFn>);
  add<shlo::AddOp>(table, evalBinary<AddFn>);
  add<shlo::SubtractOp>(table, evalBinary<SubFn>);
  add<shlo::MulOp>(table, evalBinary<MulFn>);
  add<shlo::DivOp>(table, evalBinary<DivFn>);
  add<shlo::RemOp>(table, evalBinary<RemFn>);
  add<shlo::MaxOp>(table, evalBinary<MaxFn>);
  add<shlo::MinOp>(table, evalBinary<MinFn>);
  add<shlo::PowOp>(table, evalBinary<PowFn>);
  add<shlo::Atan2Op>(table, evalBinary<Atan2Fn>);
  add<shlo::AndOp>(table, evalBinary<AndFn>);
  add<shlo::OrOp>(table, evalBinary<OrFn>);
  add<shlo::XorOp>(table, evalBinary<XorFn>);
  add<shlo::ShiftLeftOp>(table, evalBinary<ShlFn>);
  add<shlo::ShiftRightLogicalOp>(table, evalBinary<ShrLogicalFn>);
  add<shlo::ShiftRightArithmeticOp>(table, evalBinary<ShrArithmeticFn>);
  add<shlo::ComplexOp>(table, evalComplex);
  add<shlo::IsFiniteOp>(table, evalIsFinite);
  add<shlo::CompareOp>(table, evalCompare);
  add<shlo::SelectOp>(table, evalSelect);
  add<shlo::ClampOp>(table, evalClamp);
  add<shlo::ConvertOp>(table, evalConvert);
  add<shlo::BitcastConvertOp>(table, evalBitcastConvert);
  add<shlo::ReducePrecisionOp>(table, evalReducePrecision);
  add<shlo::UniformQuantizeOp>(table, evalUniformQuantize);
  add<shlo::UniformDequantizeOp>(table, evalUniformDequantize);
}
