//===- Bf16Arrays.cpp - bf16 arrays widened to f32 and rounded back -------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/runtime/Bf16Arrays.h"

#include "CpuFeatures.h"
#include "hlox/runtime/Builtins.h"

#include <atomic>
#include <bit>

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <immintrin.h>
#define HLOX_BF16_ARRAYS_AVX2 1
#endif

using namespace hlox::runtime;

static std::atomic<bool> avx2Enabled{true};

bool hlox::runtime::usesAvx2Bf16Arrays() {
#ifdef HLOX_BF16_ARRAYS_AVX2
  return avx2Enabled.load(std::memory_order_relaxed) && cpuHasAvx2();
#else
  return false;
#endif
}

void hlox::runtime::setAvx2Bf16ArraysEnabled(bool enabled) {
  avx2Enabled.store(enabled, std::memory_order_relaxed);
}

#ifdef HLOX_BF16_ARRAYS_AVX2
#define HLOX_AVX2 __attribute__((target("avx2")))

/// The first multiple of 16 elements of widenBf16Array.
HLOX_AVX2 static int64_t widenAvx2(const uint16_t *from, float *to,
                                   int64_t count) {
  int64_t i = 0;
  for (; i + 16 <= count; i += 16) {
    __m256i low = _mm256_cvtepu16_epi32(
        _mm_loadu_si128(reinterpret_cast<const __m128i *>(from + i)));
    __m256i high = _mm256_cvtepu16_epi32(
        _mm_loadu_si128(reinterpret_cast<const __m128i *>(from + i + 8)));
    _mm256_storeu_si256(reinterpret_cast<__m256i *>(to + i),
                        _mm256_slli_epi32(low, 16));
    _mm256_storeu_si256(reinterpret_cast<__m256i *>(to + i + 8),
                        _mm256_slli_epi32(high, 16));
  }
  return i;
}

/// Eight f32 values' bf16 bits in the low half of each 32-bit lane, as
/// truncateF32ToBf16 gives them. Adding the rounding increment to the
/// signed bits is adding it to the magnitude: the largest non-NaN
/// magnitude (infinity) plus 0x8000 stays below the sign bit. A NaN keeps
/// its upper half with the quiet bit set (its exponent bits are all ones).
HLOX_AVX2 static __m256i roundAvx2(__m256i bits) {
  __m256i magnitude = _mm256_and_si256(bits, _mm256_set1_epi32(0x7FFFFFFF));
  __m256i isNaN = _mm256_cmpgt_epi32(magnitude, _mm256_set1_epi32(0x7F800000));
  __m256i odd =
      _mm256_and_si256(_mm256_srli_epi32(bits, 16), _mm256_set1_epi32(1));
  __m256i increment = _mm256_add_epi32(odd, _mm256_set1_epi32(0x7FFF));
  __m256i rounded = _mm256_srli_epi32(_mm256_add_epi32(bits, increment), 16);
  __m256i quiet =
      _mm256_or_si256(_mm256_srli_epi32(bits, 16), _mm256_set1_epi32(0x40));
  return _mm256_blendv_epi8(rounded, quiet, isNaN);
}

/// The first multiple of 16 elements of narrowToBf16Array.
HLOX_AVX2 static int64_t narrowAvx2(const float *from, uint16_t *to,
                                    int64_t count) {
  int64_t i = 0;
  for (; i + 16 <= count; i += 16) {
    __m256i low = roundAvx2(
        _mm256_loadu_si256(reinterpret_cast<const __m256i *>(from + i)));
    __m256i high = roundAvx2(
        _mm256_loadu_si256(reinterpret_cast<const __m256i *>(from + i + 8)));
    // packus interleaves the 128-bit halves: 0-3, 8-11, 4-7, 12-15.
    __m256i packed =
        _mm256_permute4x64_epi64(_mm256_packus_epi32(low, high), 0xD8);
    _mm256_storeu_si256(reinterpret_cast<__m256i *>(to + i), packed);
  }
  return i;
}
#endif // HLOX_BF16_ARRAYS_AVX2

void hlox::runtime::widenBf16Array(const uint16_t *from, float *to,
                                   int64_t count) {
  int64_t i = 0;
#ifdef HLOX_BF16_ARRAYS_AVX2
  if (usesAvx2Bf16Arrays())
    i = widenAvx2(from, to, count);
#endif
  for (; i < count; ++i)
    to[i] = std::bit_cast<float>(uint32_t(from[i]) << 16);
}

void hlox::runtime::narrowToBf16Array(const float *from, uint16_t *to,
                                      int64_t count) {
  int64_t i = 0;
#ifdef HLOX_BF16_ARRAYS_AVX2
  if (usesAvx2Bf16Arrays())
    i = narrowAvx2(from, to, count);
#endif
  for (; i < count; ++i)
    to[i] = truncateF32ToBf16(std::bit_cast<uint32_t>(from[i]));
}
