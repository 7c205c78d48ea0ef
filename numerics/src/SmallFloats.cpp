//===- SmallFloats.cpp - The float formats narrower than f32 --------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/numerics/SmallFloats.h"

#include <bit>
#include <cmath>

using namespace hlox::numerics;

namespace {
using Specials = SmallFloatSpecials;
using Format = SmallFloatLayout;
} // namespace

SmallFloatLayout hlox::numerics::describeSmallFloat(SmallFloat format) {
  switch (format) {
  case SmallFloat::F4E2M1FN: return {4, 1, 1, Specials::None};
  case SmallFloat::F6E2M3FN: return {6, 3, 1, Specials::None};
  case SmallFloat::F6E3M2FN: return {6, 2, 3, Specials::None};
  case SmallFloat::F8E3M4: return {8, 4, 3, Specials::Ieee};
  case SmallFloat::F8E4M3: return {8, 3, 7, Specials::Ieee};
  case SmallFloat::F8E4M3FN: return {8, 3, 7, Specials::NanAllOnes};
  case SmallFloat::F8E4M3FNUZ: return {8, 3, 8, Specials::NanNegZero};
  case SmallFloat::F8E4M3B11FNUZ: return {8, 3, 11, Specials::NanNegZero};
  case SmallFloat::F8E5M2: return {8, 2, 15, Specials::Ieee};
  case SmallFloat::F8E5M2FNUZ: return {8, 2, 16, Specials::NanNegZero};
  case SmallFloat::F8E8M0FNU:
    return {8, 0, 127, Specials::NanAllOnes, /*isSigned=*/false,
            /*hasZero=*/false};
  }
  return {8, 3, 7, Specials::NanAllOnes};
}

uint32_t SmallFloatLayout::nan(bool negative) const {
  switch (specials) {
  case Specials::Ieee:
    return (negative ? signBit() : 0) | (maxField() << mantissa) |
           (1u << (mantissa - 1));
  case Specials::NanAllOnes:
    return (negative ? signBit() : 0) | magnitudeMask();
  case Specials::NanNegZero:
    return signBit();
  case Specials::None:
    return 0;
  }
  return 0;
}

uint32_t SmallFloatLayout::largest() const {
  switch (specials) {
  case Specials::Ieee:
    return ((maxField() - 1) << mantissa) | ((1u << mantissa) - 1);
  case Specials::NanAllOnes:
    return magnitudeMask() - 1;
  case Specials::NanNegZero:
  case Specials::None:
    return magnitudeMask();
  }
  return magnitudeMask();
}

double hlox::numerics::decodeSmallFloat(uint32_t bits, SmallFloat format) {
  Format f = describeSmallFloat(format);
  bits &= (1u << f.bits) - 1;
  bool negative = (bits & f.signBit()) != 0;
  uint32_t magnitude = bits & ((1u << f.magnitudeBits()) - 1);
  uint32_t field = magnitude >> f.mantissa;
  uint32_t fraction = magnitude & ((1u << f.mantissa) - 1);
  double nan = std::nan("");
  switch (f.specials) {
  case Specials::Ieee:
    if (field == f.maxField())
      return fraction ? nan : (negative ? -INFINITY : INFINITY);
    break;
  case Specials::NanAllOnes:
    if (magnitude == (1u << f.magnitudeBits()) - 1)
      return nan;
    break;
  case Specials::NanNegZero:
    if (negative && magnitude == 0)
      return nan;
    break;
  case Specials::None:
    break;
  }
  double value;
  if (!f.hasZero)
    value = std::ldexp(1.0, static_cast<int>(field) - f.bias);
  else if (field == 0)
    value = std::ldexp(static_cast<double>(fraction), 1 - f.bias - f.mantissa);
  else
    value = std::ldexp(static_cast<double>((1u << f.mantissa) | fraction),
                       static_cast<int>(field) - f.bias - f.mantissa);
  return negative ? -value : value;
}

uint32_t hlox::numerics::encodeSmallFloat(double value, SmallFloat format) {
  Format f = describeSmallFloat(format);
  bool negative = std::signbit(value);
  if (std::isnan(value))
    return f.nan(negative);
  uint32_t sign = negative ? f.signBit() : 0;
  uint32_t zero = f.specials == Specials::NanNegZero ? 0 : sign;
  double magnitude = std::fabs(value);
  auto overflow = [&]() -> uint32_t {
    switch (f.specials) {
    case Specials::Ieee:
      return sign | (f.maxField() << f.mantissa);
    case Specials::NanAllOnes:
    case Specials::NanNegZero:
      return f.nan(negative);
    case Specials::None:
      return sign | f.largest();
    }
    return 0;
  };
  if (std::isinf(magnitude))
    return overflow();
  // The smallest normal exponent; an exponent-only format has no
  // subnormals and no zero, so its smallest value takes the tiny ones.
  int minExponent = f.hasZero ? 1 - f.bias : -f.bias;
  if (magnitude == 0)
    return f.hasZero ? zero : 0;
  int exponent;
  std::frexp(magnitude, &exponent);
  exponent = std::max(exponent - 1, minExponent);
  // Round to an integer count of the quantum at this exponent, ties to
  // even (nearbyint under the default rounding mode).
  int quantumExponent = exponent - f.mantissa;
  double count = std::nearbyint(std::ldexp(magnitude, -quantumExponent));
  if (count == 0)
    return f.hasZero ? zero : 0;
  // An unsigned format has no place for other negative values.
  if (!f.isSigned && negative)
    return f.nan(false);
  uint64_t n = static_cast<uint64_t>(count);
  if (n >> (f.mantissa + 1)) { // rounded up into the next binade
    n >>= 1;
    ++exponent;
  }
  uint32_t encoded;
  if (n >> f.mantissa) {
    int64_t field = exponent + f.bias;
    if (field > static_cast<int64_t>(f.maxField()))
      return overflow();
    encoded = static_cast<uint32_t>(field << f.mantissa) |
              static_cast<uint32_t>(n & ((1u << f.mantissa) - 1));
  } else {
    encoded = static_cast<uint32_t>(n); // subnormal
  }
  if (encoded > f.largest())
    return overflow();
  return sign | encoded;
}

namespace {

/// `value` rounded to float toward zero, with the last bit set when that
/// lost anything (round to odd). Rounding the result to a format of at most
/// 22 bits of precision then rounds `value` itself once.
float roundToOddFloat(double value) {
  float rounded = static_cast<float>(value);
  if (std::isnan(value) || static_cast<double>(rounded) == value)
    return rounded;
  if (std::fabs(static_cast<double>(rounded)) > std::fabs(value))
    rounded = std::nextafter(rounded, 0.0f);
  return std::bit_cast<float>(std::bit_cast<uint32_t>(rounded) | 1u);
}

} // namespace

uint16_t hlox::numerics::encodeBf16(double value) {
  float f = roundToOddFloat(value);
  uint32_t bits = std::bit_cast<uint32_t>(f);
  if (std::isnan(f))
    return static_cast<uint16_t>((bits | 0x00400000u) >> 16);
  bits += 0x7FFFu + ((bits >> 16) & 1u);
  return static_cast<uint16_t>(bits >> 16);
}

uint16_t hlox::numerics::encodeF16(double value) {
  return std::bit_cast<uint16_t>(static_cast<_Float16>(roundToOddFloat(value)));
}
