//===- Random.h - The random numbers of stablehlo.rng -----------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// stablehlo.rng draws from one random engine per run: a 64-bit Mersenne
// Twister seeded with 0 when the run starts, so runs repeat. The spec
// leaves the numbers implementation-defined; hlox's are the reference
// evaluator's, element by element in row-major order:
//
//   - floats: a fresh std::uniform_real_distribution<double>(a, b) (a when
//     b <= a), or std::normal_distribution<double>(a, b) (NaN when b <= 0),
//     rounded once to the element type;
//   - integers: a + engine() % (b - a) in 64-bit unsigned arithmetic (a
//     when b <= a);
//   - booleans: engine() & 1 (a when a == b).
//
// How many engine outputs an element takes depends on a and b (the normal
// distribution rejects samples), so the draws of a run are sequential.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_RUNTIME_RANDOM_H
#define HLOX_RUNTIME_RANDOM_H

#include "hlox/numerics/SmallFloats.h"
#include "hlox/runtime/Status.h"

#include <cstdint>
#include <random>

namespace hlox::runtime {

enum class RngDistribution : int32_t { Uniform, Normal };

/// How an element of an rng command's values is encoded.
enum class RngElement : int32_t {
  /// One byte, 0 or 1.
  Bool,
  /// Two's complement integers of the value's element width (narrower
  /// integer types sign- or zero-extended to their storage bytes).
  Signed,
  Unsigned,
  F16,
  BF16,
  F32,
  F64,
  /// One byte of the SmallFloat format `RngSpec::smallFloat`.
  SmallFloat,
};

/// What an rng command draws.
struct RngSpec {
  RngDistribution distribution = RngDistribution::Uniform;
  RngElement element = RngElement::F32;
  numerics::SmallFloat smallFloat = numerics::SmallFloat::F8E4M3FN;
};

/// The engine of one run.
using RandomEngine = std::mt19937_64;

/// Whether `spec` describes elements of `elementBytes` bytes that `spec`'s
/// distribution can produce; an error that says why not.
Status verifyRngSpec(const RngSpec &spec, int64_t elementBytes);

/// Writes `count` elements of `elementBytes` bytes drawn from `engine`
/// into `out`, with parameters `a` and `b` (one element each). `spec` must
/// pass verifyRngSpec.
void drawRandom(RandomEngine &engine, const RngSpec &spec,
                int64_t elementBytes, const void *a, const void *b, void *out,
                int64_t count);

} // namespace hlox::runtime

#endif // HLOX_RUNTIME_RANDOM_H
