//===- Bf16Arrays.h - bf16 arrays widened to f32 and rounded back -*- C++
//-*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Whole arrays of bf16 widened to f32 (exactly) and f32 rounded to bf16 as
// the builtins round one value (truncateF32ToBf16: to nearest even, NaN
// quieted with its sign and top payload bits): the conversions around a
// bf16 library call computed in f32. With AVX2 (checked at run time) 16
// elements per step; the same bits as the one-value conversions either
// way.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_RUNTIME_BF16ARRAYS_H
#define HLOX_RUNTIME_BF16ARRAYS_H

#include <cstdint>

namespace hlox::runtime {

/// to[i] = from[i] as f32, for i < count.
void widenBf16Array(const uint16_t *from, float *to, int64_t count);

/// to[i] = from[i] rounded to bf16, for i < count.
void narrowToBf16Array(const float *from, uint16_t *to, int64_t count);

/// Whether the two use their AVX2 loops: where the CPU has AVX2, unless
/// the tests turned them off to cover the portable ones.
bool usesAvx2Bf16Arrays();
void setAvx2Bf16ArraysEnabled(bool enabled);

} // namespace hlox::runtime

#endif // HLOX_RUNTIME_BF16ARRAYS_H
