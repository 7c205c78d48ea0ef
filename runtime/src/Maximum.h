//===- Maximum.h - StableHLO's maximum of f32 values ------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// `stablehlo.maximum` is IEEE's maximum: NaN if either operand is NaN, and
// +0 above -0. The epilogues the runtime applies (a ReLU, a max pool)
// compute it on scalars through these.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_RUNTIME_SRC_MAXIMUM_H
#define HLOX_RUNTIME_SRC_MAXIMUM_H

#include <cstdint>
#include <cstring>
#include <limits>

namespace hlox::runtime {

inline float stablehloMaximum(float a, float b) {
  if (a != a || b != b)
    return std::numeric_limits<float>::quiet_NaN();
  if (a == b) {
    // +0 over -0; the same value otherwise.
    uint32_t x, y;
    std::memcpy(&x, &a, 4);
    std::memcpy(&y, &b, 4);
    x &= y;
    std::memcpy(&a, &x, 4);
    return a;
  }
  return a > b ? a : b;
}

/// maximum(x, +0): NaN stays NaN, -0 and negatives become +0.
inline float stablehloRelu(float x) { return x > 0.0f || x != x ? x : 0.0f; }

} // namespace hlox::runtime

#endif // HLOX_RUNTIME_SRC_MAXIMUM_H
