//===- SmallFloats.h - The 4-, 6- and 8-bit float formats -------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Kernels hold the float formats narrower than 16 bits (f4E2M1FN, the f6
// and f8 families, f8E8M0FNU) in the low bits of one byte and compute in
// f32: they decode each operand, compute, and encode the result rounded to
// nearest even, the way the evaluator normalizes every result. These are
// the decode and encode functions, one format descriptor each (kernels
// call them through the runtime's C entry points), and the 16-bit formats'
// rounding from double.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_NUMERICS_SMALLFLOATS_H
#define HLOX_NUMERICS_SMALLFLOATS_H

#include <cstdint>

namespace hlox::numerics {

/// The small float formats; the values are the codes kernels pass.
enum class SmallFloat : int32_t {
  F4E2M1FN = 0,
  F6E2M3FN,
  F6E3M2FN,
  F8E3M4,
  F8E4M3,
  F8E4M3FN,
  F8E4M3FNUZ,
  F8E4M3B11FNUZ,
  F8E5M2,
  F8E5M2FNUZ,
  F8E8M0FNU,
};

/// What a format's all-ones exponent and other special encodings mean.
enum class SmallFloatSpecials : int32_t {
  Ieee,       // all-ones exponent: infinity (zero mantissa) or NaN
  NanAllOnes, // all magnitude bits set: NaN; no infinity
  NanNegZero, // the negative-zero encoding: NaN; no infinity, one zero
  None,       // every encoding is finite
};

/// A format's layout: the codecs below and the compiler's arithmetic
/// expansion of them (hlox/Transforms/SpecialExpansions.h) read the same.
struct SmallFloatLayout {
  int bits;     // total width
  int mantissa; // explicit mantissa bits
  int bias;
  SmallFloatSpecials specials;
  bool isSigned = true;
  bool hasZero = true; // false: exponent-only, field 0 is 2^-bias

  int magnitudeBits() const { return bits - (isSigned ? 1 : 0); }
  uint32_t magnitudeMask() const { return (1u << magnitudeBits()) - 1; }
  uint32_t maxField() const { return (1u << (magnitudeBits() - mantissa)) - 1; }
  uint32_t signBit() const { return isSigned ? 1u << (bits - 1) : 0; }
  /// The NaN encoding (with the sign where the format has one), 0 in a
  /// format without NaN.
  uint32_t nan(bool negative) const;
  /// The largest finite magnitude's encoding.
  uint32_t largest() const;
};

SmallFloatLayout describeSmallFloat(SmallFloat format);

/// The value of encoding `bits` (the low bits) of `format`.
double decodeSmallFloat(uint32_t bits, SmallFloat format);

/// The encoding of `value` rounded to nearest even in `format`. Values past
/// the largest finite one become infinity where the format has one, NaN
/// where it has NaN only, and the largest finite value (with its sign) in
/// formats with neither; NaN becomes the format's NaN, or zero in formats
/// without one.
uint32_t encodeSmallFloat(double value, SmallFloat format);

/// The bits of `value` rounded once to nearest even in IEEE half (f16) and
/// in bfloat16 (a quiet NaN for NaN). Going through f32 would round twice.
uint16_t encodeF16(double value);
uint16_t encodeBf16(double value);

} // namespace hlox::numerics

#endif // HLOX_NUMERICS_SMALLFLOATS_H
