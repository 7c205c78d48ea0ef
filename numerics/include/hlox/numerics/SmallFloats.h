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
