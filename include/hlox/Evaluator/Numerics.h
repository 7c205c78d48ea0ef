//===- Numerics.h - Element formats and rounding of the evaluator -*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// ElementFormat describes how a value of a storage type is brought back to
// its element type after an operation: integers narrower than their
// storage wrap to their width, floats narrower than f32 round to nearest
// even in their format (bf16 and f16 with bit-exact fast paths, the f4, f6
// and f8 formats through APFloat). Converting between element types
// (stablehlo.convert) goes through convertElement, which rounds once from
// the source value to the target format.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_EVALUATOR_NUMERICS_H
#define HLOX_EVALUATOR_NUMERICS_H

#include "hlox/Evaluator/Tensor.h"

#include "llvm/ADT/APFloat.h"

#include <bit>
#include <cmath>
#include <limits>

namespace hlox::eval {

/// Rounds a float to bfloat16, nearest even, NaN kept quiet.
inline float roundToBf16(float value) {
  uint32_t bits = std::bit_cast<uint32_t>(value);
  if (std::isnan(value))
    return std::bit_cast<float>((bits | 0x00400000u) & 0xFFFF0000u);
  bits += 0x7FFFu + ((bits >> 16) & 1u);
  return std::bit_cast<float>(bits & 0xFFFF0000u);
}

/// Rounds a float to IEEE half, nearest even.
inline float roundToF16(float value) {
  return static_cast<float>(static_cast<_Float16>(value));
}

/// Rounds `value` to the format `semantics` (nearest even) and returns it
/// as a float, or as a double for formats wider than f32.
double roundToSemantics(double value, const llvm::fltSemantics &semantics);

/// How results of one element type are normalized.
class ElementFormat {
public:
  explicit ElementFormat(mlir::Type elementType);

  /// Brings `value` (a storage-type result) back into the element type.
  template <typename T> T normalize(T value) const {
    if constexpr (std::is_same_v<T, float>) {
      switch (floatKind) {
      case FloatKind::Native: return value;
      case FloatKind::Bf16: return roundToBf16(value);
      case FloatKind::F16: return roundToF16(value);
      case FloatKind::Other:
        return static_cast<float>(roundToSemantics(value, *semantics));
      }
      return value;
    } else if constexpr (isInteger<T>) {
      if (intBits >= sizeof(T) * 8)
        return value;
      using U = std::make_unsigned_t<T>;
      U mask = static_cast<U>((U(1) << intBits) - 1);
      U bits = static_cast<U>(value) & mask;
      if constexpr (std::is_signed_v<T>) {
        U sign = static_cast<U>(U(1) << (intBits - 1));
        if (bits & sign)
          bits |= static_cast<U>(~mask);
      }
      return static_cast<T>(bits);
    } else {
      return value;
    }
  }

  /// True when normalize is the identity for every value.
  bool isNative() const {
    return floatKind == FloatKind::Native && intBits >= 64;
  }

  unsigned getIntBits() const { return intBits; }
  const llvm::fltSemantics *getSemantics() const { return semantics; }

private:
  enum class FloatKind { Native, Bf16, F16, Other };
  FloatKind floatKind = FloatKind::Native;
  unsigned intBits = 64;
  const llvm::fltSemantics *semantics = nullptr;
};

/// The smallest and largest values of an integer element type of `bits`
/// bits held in storage `T`.
template <typename T> T minOfWidth(unsigned bits) {
  if constexpr (std::is_signed_v<T>)
    return bits >= sizeof(T) * 8 ? std::numeric_limits<T>::min()
                                 : static_cast<T>(-(int64_t(1) << (bits - 1)));
  else
    return 0;
}
template <typename T> T maxOfWidth(unsigned bits) {
  if constexpr (std::is_signed_v<T>)
    return bits >= sizeof(T) * 8 ? std::numeric_limits<T>::max()
                                 : static_cast<T>((int64_t(1) << (bits - 1)) - 1);
  else
    return bits >= sizeof(T) * 8
               ? std::numeric_limits<T>::max()
               : static_cast<T>((uint64_t(1) << bits) - 1);
}

/// Converts one element from storage `From` to storage `To` with the
/// semantics of stablehlo.convert: integers wrap (two's complement), floats
/// round to nearest even once (into `to`'s format), float to integer
/// truncates toward zero and saturates (NaN becomes 0), anything to i1 is
/// `!= 0` (of the real part), complex to real keeps the real part.
template <typename To, typename From>
To convertElement(From value, const ElementFormat &to) {
  if constexpr (std::is_same_v<To, bool>) {
    if constexpr (isComplex<From>)
      return value.real() != 0;
    else
      return value != From{};
  } else if constexpr (isComplex<To>) {
    using R = typename To::value_type;
    if constexpr (isComplex<From>)
      return To(to.normalize(static_cast<R>(value.real())),
                to.normalize(static_cast<R>(value.imag())));
    else
      return To(convertElement<R>(value, to), R(0));
  } else if constexpr (isComplex<From>) {
    return convertElement<To>(value.real(), to);
  } else if constexpr (std::is_floating_point_v<To>) {
    if constexpr (std::is_same_v<To, float> && std::is_same_v<From, double>) {
      if (to.getSemantics())
        return static_cast<float>(roundToSemantics(value, *to.getSemantics()));
      return static_cast<float>(value);
    } else if constexpr (isInteger<From> && std::is_same_v<To, float>) {
      // Round once from the exact integer into the target format.
      if (to.getSemantics())
        return static_cast<float>(roundToSemantics(
            static_cast<double>(value), *to.getSemantics()));
      return static_cast<float>(value);
    } else {
      return to.normalize(static_cast<To>(value));
    }
  } else if constexpr (std::is_floating_point_v<From>) {
    // Float to integer: NaN -> 0, saturate, truncate toward zero.
    if (std::isnan(value))
      return To(0);
    unsigned bits = to.getIntBits();
    double lo = static_cast<double>(minOfWidth<To>(bits));
    double hi = static_cast<double>(maxOfWidth<To>(bits));
    double v = std::trunc(static_cast<double>(value));
    if (v <= lo)
      return minOfWidth<To>(bits);
    if (v >= hi)
      return maxOfWidth<To>(bits);
    return static_cast<To>(v);
  } else {
    // Integer to integer (bool counts as 0/1): wrap.
    return to.normalize(static_cast<To>(value));
  }
}

} // namespace hlox::eval

#endif // HLOX_EVALUATOR_NUMERICS_H
