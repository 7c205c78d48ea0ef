//===- MaxPool.cpp - Max pooling of NHWC images ---------------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Each output pixel takes the maximum over the window's taps that lie in
// the image, 16 channels a vector: padding is -inf, the maximum's start,
// so it needs no tap. StableHLO's maximum is IEEE's: a NaN operand gives
// NaN and +0 is above -0. The vector code keeps, besides the running
// maximum, the largest magnitude's bits and the smallest bits of the taps
// (integer maxima and minima, no mask per tap): a magnitude above +inf's
// means a NaN, smallest bits of 0 a +0, which set NaN and the sign of a
// zero maximum at the end.
//
//===----------------------------------------------------------------------===//

#include "hlox/runtime/MaxPool.h"

#include "CpuFeatures.h"
#include "Maximum.h"

#include <algorithm>
#include <cstring>
#include <limits>

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <immintrin.h>
#define HLOX_MAXPOOL_AVX512 1
#endif

using namespace hlox::runtime;

namespace {

Avx512Switch vectorKernel;

/// The window of output pixel (i, j): its top-left input pixel (which may
/// lie in the padding) and the taps [p0, p1) x [q0, q1) that lie in the
/// image.
struct Window {
  int64_t top, left, p0, p1, q0, q1;
};

inline Window windowOf(const MaxPoolShape &s, int64_t i, int64_t j) {
  Window w;
  w.top = i * s.strides[0] - s.padding[0];
  w.left = j * s.strides[1] - s.padding[2];
  w.p0 = std::max<int64_t>(0, -w.top);
  w.p1 = std::min<int64_t>(s.window[0], s.height - w.top);
  w.q0 = std::max<int64_t>(0, -w.left);
  w.q1 = std::min<int64_t>(s.window[1], s.width - w.left);
  return w;
}

void poolPortable(const MaxPoolShape &s, const float *input, float *output,
                  int64_t rowBegin, int64_t rowEnd) {
  const float negInf = -std::numeric_limits<float>::infinity();
  for (int64_t i = rowBegin; i < rowEnd; ++i)
    for (int64_t j = 0; j < s.outWidth; ++j) {
      Window w = windowOf(s, i, j);
      float *out = output + (i * s.outWidth + j) * s.channels;
      for (int64_t c = 0; c < s.channels; ++c)
        out[c] = negInf;
      for (int64_t p = w.p0; p < w.p1; ++p)
        for (int64_t q = w.q0; q < w.q1; ++q) {
          const float *in =
              input + ((w.top + p) * s.width + w.left + q) * s.channels;
          for (int64_t c = 0; c < s.channels; ++c)
            out[c] = stablehloMaximum(out[c], in[c]);
        }
      if (s.relu)
        for (int64_t c = 0; c < s.channels; ++c)
          out[c] = stablehloRelu(out[c]);
    }
}

#ifdef HLOX_MAXPOOL_AVX512
#define HLOX_AVX512 __attribute__((target("avx512f")))

/// V vectors of channels from `c0` of one output pixel, whose window is
/// `w`; `tail` masks the last vector's lanes. V independent chains of
/// maxima.
template <int V>
HLOX_AVX512 inline void poolPixel(const MaxPoolShape &s, const float *input,
                                  float *out, int64_t c0, __mmask16 tail,
                                  const Window &w) {
  const __m512 negInf = _mm512_set1_ps(-std::numeric_limits<float>::infinity());
  const __m512 zero = _mm512_setzero_ps();
  const __m512i absMask = _mm512_set1_epi32(0x7fffffff);
  __m512 m[V];
  __m512i magnitude[V], smallest[V];
  for (int v = 0; v < V; ++v) {
    m[v] = negInf;
    magnitude[v] = _mm512_setzero_si512();
    smallest[v] = _mm512_set1_epi32(-1);
  }
  for (int64_t p = w.p0; p < w.p1; ++p)
    for (int64_t q = w.q0; q < w.q1; ++q) {
      const float *in =
          input + ((w.top + p) * s.width + w.left + q) * s.channels + c0;
      for (int v = 0; v < V; ++v) {
        // Lanes past the channels read -inf: no NaN, no +0.
        __m512 x = v == V - 1 ? _mm512_mask_loadu_ps(negInf, tail, in + 16 * v)
                              : _mm512_loadu_ps(in + 16 * v);
        __m512i bits = _mm512_castps_si512(x);
        m[v] = _mm512_max_ps(x, m[v]);
        magnitude[v] =
            _mm512_max_epu32(magnitude[v], _mm512_and_si512(bits, absMask));
        smallest[v] = _mm512_min_epu32(smallest[v], bits);
      }
    }
  for (int v = 0; v < V; ++v) {
    __m512 r = m[v];
    // A zero maximum is +0 where a tap was +0.
    __mmask16 positiveZero =
        _mm512_cmpeq_epi32_mask(smallest[v], _mm512_setzero_si512()) &
        _mm512_cmp_ps_mask(r, zero, _CMP_EQ_OQ);
    r = _mm512_mask_mov_ps(r, positiveZero, zero);
    if (s.relu)
      r = _mm512_maskz_mov_ps(_mm512_cmp_ps_mask(r, zero, _CMP_GT_OQ), r);
    __mmask16 sawNaN =
        _mm512_cmpgt_epu32_mask(magnitude[v], _mm512_set1_epi32(0x7f800000));
    r = _mm512_mask_mov_ps(
        r, sawNaN, _mm512_set1_ps(std::numeric_limits<float>::quiet_NaN()));
    _mm512_mask_storeu_ps(out + c0 + 16 * v,
                          v == V - 1 ? tail : __mmask16(0xffff), r);
  }
}

HLOX_AVX512 void poolVector(const MaxPoolShape &s, const float *input,
                            float *output, int64_t rowBegin, int64_t rowEnd) {
  for (int64_t i = rowBegin; i < rowEnd; ++i)
    for (int64_t j = 0; j < s.outWidth; ++j) {
      Window w = windowOf(s, i, j);
      float *out = output + (i * s.outWidth + j) * s.channels;
      // Four vectors of channels at a time, four independent chains. Per
      // tap, vmaxps (which gives its second operand, the running maximum,
      // where the tap is NaN or both are zeros) and, without masks, the
      // largest magnitude's bits (above +inf's: a NaN was seen) and the
      // smallest bits (0: a +0 was seen), which fix NaN and the zero's
      // sign at the end.
      for (int64_t c0 = 0; c0 < s.channels; c0 += 64) {
        int64_t rest = s.channels - c0;
        int64_t lastLanes = (std::min<int64_t>(rest, 64) - 1) % 16 + 1;
        __mmask16 tail = firstLanes(lastLanes);
        switch ((std::min<int64_t>(rest, 64) + 15) / 16) {
        case 4:
          poolPixel<4>(s, input, out, c0, tail, w);
          break;
        case 3:
          poolPixel<3>(s, input, out, c0, tail, w);
          break;
        case 2:
          poolPixel<2>(s, input, out, c0, tail, w);
          break;
        default:
          poolPixel<1>(s, input, out, c0, tail, w);
          break;
        }
      }
    }
}

#endif // HLOX_MAXPOOL_AVX512

} // namespace

void hlox::runtime::maxPoolRows(const MaxPoolShape &shape, const float *input,
                                float *output, int64_t rowBegin,
                                int64_t rowEnd) {
#ifdef HLOX_MAXPOOL_AVX512
  if (vectorKernel.isOn())
    return poolVector(shape, input, output, rowBegin, rowEnd);
#endif
  poolPortable(shape, input, output, rowBegin, rowEnd);
}

void hlox::runtime::setMaxPoolVectorEnabled(bool enabled) {
  vectorKernel.setEnabled(enabled);
}
