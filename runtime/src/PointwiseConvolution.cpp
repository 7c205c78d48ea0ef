//===- PointwiseConvolution.cpp - 1x1 convolutions by hlox's kernel -------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// The work is cut into units of kPixels pixels of one image, which go
// round the device's threads; a unit goes through the output channels 64
// at a time (a block of the packed kernel). Two register tilings:
//
// - Channels in the lanes (NHWC results, and NCHW ones with an addend): a
//   tile of 6 pixels by 64 channels (24 accumulators of 16 lanes) sums over
//   the input channels with one FMA per lane and step, broadcasting each
//   pixel's channel value. The NHWC epilogue (bias, addend, ReLU) runs on
//   the accumulators and stores each pixel's channels; for NCHW the tiles
//   fill a 48x64 stage that 16x16 transposes store by channel.
// - Pixels in the lanes (NCHW results without an addend): the unit's
//   channels are transposed once (packPixels) into rows of its 48 pixels,
//   and a tile of 8 channels by 48 pixels broadcasts each kernel value over
//   three vectors of pixels; the epilogue stores each channel's pixels as
//   they lie in the result, without a transpose.
//
// A large NCHW result is written with streaming stores: it is not read
// again soon, and a store that does not first read its line moves half
// the bytes (the convolution block's 25.7 MB: 4.6 against 5.1 ms).
//
// The AVX-512 kernels are chosen at run time by what the CPU has; the
// portable one computes the same sums in the same order, with separate
// multiplies and adds.
//
//===----------------------------------------------------------------------===//

#include "hlox/runtime/PointwiseConvolution.h"

#include "CpuFeatures.h"
#include "Maximum.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <cstring>

// x86-64 with target attributes: the AVX-512 and AVX2 kernels are compiled
// (and chosen at run time by the CPU's features).
#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <immintrin.h>
#define HLOX_POINTWISE_AVX512 1
#endif

using namespace hlox::runtime;

namespace {

/// Output channels per packed block and stage row: 4 vectors of 16.
constexpr int64_t kChannels = 64;
/// Pixels per work unit and stage.
constexpr int64_t kPixels = 48;
/// Pixels per register tile.
constexpr int64_t kRows = 6;
/// Output channels per register tile of the NCHW kernel.
constexpr int64_t kTile = 8;
/// Results from this many bytes are stored with streaming stores (NCHW).
constexpr int64_t kStreamingBytes = int64_t(8) << 20;

/// What one unit's epilogue applies and where it stores.
struct Epilogue {
  /// 64 entries of the bias from the block's first channel, and of the
  /// shortcut's (null without a shortcut): each is added to its own sum
  /// before the two sums are added, in the order of the StableHLO
  /// (conv + bias) + (shortcut conv + shortcut bias).
  const float *bias;
  const float *shortcutBias;
  /// The addend at the unit's first pixel and the block's first channel
  /// (NHWC, a pixel every `outChannels`), or null.
  const float *addend;
  bool relu;
  /// NCHW: the result at the unit's first pixel of the block's first
  /// channel, a channel every `imagePixels`; NHWC: the result at the
  /// unit's first pixel and the block's first channel, a pixel every
  /// `outChannels`.
  float *result;
  bool nchw;
  bool streaming;
  int64_t outChannels, imagePixels;
  /// Valid pixels in the unit and channels in the block.
  int64_t pixels, channels;
};

/// The unit's operands: `rows` pixels, the first source's `k1` channels a
/// pixel, the second's `k2` (0 without a shortcut), and the block's packed
/// kernel, (k1 + k2) rows of 64.
struct Unit {
  const float *x1;
  int64_t k1;
  const float *x2;
  int64_t k2;
  const float *packed;
};

//===----------------------------------------------------------------------===//
// Portable kernel
//===----------------------------------------------------------------------===//

/// stage[r, c] = (sum + bias) [+ (shortcut's sum + shortcut's bias)].
void sumPortable(const Unit &unit, int64_t rows, float *stage,
                 const Epilogue &e) {
  float partial[kChannels];
  for (int64_t r = 0; r < rows; ++r) {
    float *out = stage + r * kChannels;
    const float *w = unit.packed;
    for (int source = 0; source < 2; ++source) {
      int64_t k = source ? unit.k2 : unit.k1;
      if (source && !k)
        break;
      std::fill(partial, partial + kChannels, 0.0f);
      const float *x = (source ? unit.x2 : unit.x1) + r * k;
      for (int64_t i = 0; i < k; ++i, w += kChannels) {
        float xi = x[i];
        for (int64_t c = 0; c < kChannels; ++c)
          partial[c] += xi * w[c];
      }
      for (int64_t c = 0; c < kChannels; ++c)
        out[c] = source ? out[c] + (partial[c] + e.shortcutBias[c])
                        : partial[c] + e.bias[c];
    }
  }
}

void storePortable(const Epilogue &e, const float *stage) {
  for (int64_t p = 0; p < e.pixels; ++p)
    for (int64_t c = 0; c < e.channels; ++c) {
      float v = stage[p * kChannels + c];
      if (e.addend)
        v += e.addend[p * e.outChannels + c];
      if (e.relu)
        v = stablehloRelu(v);
      if (e.nchw)
        e.result[c * e.imagePixels + p] = v;
      else
        e.result[p * e.outChannels + c] = v;
    }
}

//===----------------------------------------------------------------------===//
// AVX2 kernel
//===----------------------------------------------------------------------===//

#ifdef HLOX_POINTWISE_AVX512
#define HLOX_AVX2 __attribute__((target("avx2,fma")))

/// The sums of sumPortable for R pixels from `row` and the 16 channels from
/// `channel`, in a register tile of R x 2 vectors (R <= 6), with FMA.
template <int R>
HLOX_AVX2 __attribute__((always_inline)) inline void
sumTileAvx2(const Unit &unit, int64_t row, int64_t channel, float *stage,
            const Epilogue &e) {
  __m256 total[R][2];
  const float *w = unit.packed + channel;
  for (int source = 0; source < 2; ++source) {
    int64_t k = source ? unit.k2 : unit.k1;
    if (source && !k)
      break;
    const float *x = (source ? unit.x2 : unit.x1) + row * k;
    __m256 acc[R][2];
    for (int r = 0; r < R; ++r)
      acc[r][0] = acc[r][1] = _mm256_setzero_ps();
    for (int64_t i = 0; i < k; ++i, w += kChannels) {
      __m256 w0 = _mm256_loadu_ps(w), w1 = _mm256_loadu_ps(w + 8);
      for (int r = 0; r < R; ++r) {
        __m256 xi = _mm256_broadcast_ss(x + r * k + i);
        acc[r][0] = _mm256_fmadd_ps(xi, w0, acc[r][0]);
        acc[r][1] = _mm256_fmadd_ps(xi, w1, acc[r][1]);
      }
    }
    const float *bias = (source ? e.shortcutBias : e.bias) + channel;
    __m256 b0 = _mm256_loadu_ps(bias), b1 = _mm256_loadu_ps(bias + 8);
    for (int r = 0; r < R; ++r) {
      __m256 s0 = _mm256_add_ps(acc[r][0], b0);
      __m256 s1 = _mm256_add_ps(acc[r][1], b1);
      total[r][0] = source ? _mm256_add_ps(total[r][0], s0) : s0;
      total[r][1] = source ? _mm256_add_ps(total[r][1], s1) : s1;
    }
  }
  for (int r = 0; r < R; ++r) {
    float *out = stage + (row + r) * kChannels + channel;
    _mm256_storeu_ps(out, total[r][0]);
    _mm256_storeu_ps(out + 8, total[r][1]);
  }
}

/// sumPortable's stage on AVX2 with FMA: tiles of up to 6 pixels by 16
/// channels (12 accumulators), as many of the block's 16-channel columns as
/// hold its channels (a block of 24 channels sums 32, not 64; storePortable
/// reads no more).
HLOX_AVX2 void sumAvx2(const Unit &unit, int64_t rows, float *stage,
                       const Epilogue &e) {
  for (int64_t channel = 0; channel < e.channels; channel += 16) {
    int64_t row = 0;
    for (; row + kRows <= rows; row += kRows)
      sumTileAvx2<kRows>(unit, row, channel, stage, e);
    switch (rows - row) {
    case 5:
      sumTileAvx2<5>(unit, row, channel, stage, e);
      break;
    case 4:
      sumTileAvx2<4>(unit, row, channel, stage, e);
      break;
    case 3:
      sumTileAvx2<3>(unit, row, channel, stage, e);
      break;
    case 2:
      sumTileAvx2<2>(unit, row, channel, stage, e);
      break;
    case 1:
      sumTileAvx2<1>(unit, row, channel, stage, e);
      break;
    default:
      break;
    }
  }
}

#endif // HLOX_POINTWISE_AVX512

//===----------------------------------------------------------------------===//
// AVX-512 kernel
//===----------------------------------------------------------------------===//

#ifdef HLOX_POINTWISE_AVX512
#define HLOX_AVX512 __attribute__((target("avx512f,fma")))

HLOX_AVX512 inline __m512 reluVector(__m512 x) {
  __mmask16 nan = _mm512_cmp_ps_mask(x, x, _CMP_UNORD_Q);
  // vmaxps gives its second operand when either is NaN or both are zeros:
  // +0 for -0, and NaN is put back by the mask.
  return _mm512_mask_mov_ps(_mm512_max_ps(x, _mm512_setzero_ps()), nan, x);
}

/// Sums R pixels from the unit's `row` over one source's k channels into
/// `out`, with the kernel rows from `w`.
template <int R>
HLOX_AVX512 __attribute__((always_inline)) inline void
sumSource(__m512 (&out)[R][4], const float *x, int64_t k, const float *w) {
  // Local accumulators: `out` may alias what the loop reads (a vector of
  // floats may alias a float), which would keep it in memory.
  __m512 acc[R][4];
  for (int r = 0; r < R; ++r)
    for (int v = 0; v < 4; ++v)
      acc[r][v] = _mm512_setzero_ps();
  for (int64_t i = 0; i < k; ++i, w += kChannels) {
    __m512 wv[4];
    for (int v = 0; v < 4; ++v)
      wv[v] = _mm512_loadu_ps(w + 16 * v);
    for (int r = 0; r < R; ++r) {
      __m512 xb = _mm512_set1_ps(x[r * k + i]);
      for (int v = 0; v < 4; ++v)
        acc[r][v] = _mm512_fmadd_ps(xb, wv[v], acc[r][v]);
    }
  }
  for (int r = 0; r < R; ++r)
    for (int v = 0; v < 4; ++v)
      out[r][v] = acc[r][v];
}

/// Sums R pixels from the unit's `row`, (sum + bias) [+ (shortcut's sum +
/// shortcut's bias)], into stage[row + r, 0..64), or, with `Direct` (an
/// NHWC result), applies the rest of the epilogue and stores them to the
/// result.
template <int R, bool Direct>
HLOX_AVX512 void sumTile(const Unit &unit, int64_t row, float *stage,
                         const Epilogue &e) {
  __m512 acc[R][4];
  sumSource<R>(acc, unit.x1 + row * unit.k1, unit.k1, unit.packed);
  for (int v = 0; v < 4; ++v) {
    __m512 bias = _mm512_loadu_ps(e.bias + 16 * v);
    for (int r = 0; r < R; ++r)
      acc[r][v] = _mm512_add_ps(acc[r][v], bias);
  }
  if (unit.k2) {
    __m512 partial[R][4];
    for (int r = 0; r < R; ++r)
      for (int v = 0; v < 4; ++v)
        partial[r][v] = acc[r][v];
    sumSource<R>(acc, unit.x2 + row * unit.k2, unit.k2,
                 unit.packed + unit.k1 * kChannels);
    for (int v = 0; v < 4; ++v) {
      __m512 bias = _mm512_loadu_ps(e.shortcutBias + 16 * v);
      for (int r = 0; r < R; ++r)
        acc[r][v] =
            _mm512_add_ps(partial[r][v], _mm512_add_ps(acc[r][v], bias));
    }
  }
  if constexpr (!Direct) {
    for (int r = 0; r < R; ++r)
      for (int v = 0; v < 4; ++v)
        _mm512_storeu_ps(stage + (row + r) * kChannels + 16 * v, acc[r][v]);
    return;
  }
  for (int v = 0; v < 4 && 16 * v < e.channels; ++v) {
    __mmask16 lanes = firstLanes(e.channels - 16 * v);
    for (int r = 0; r < R; ++r) {
      int64_t at = (row + r) * e.outChannels + 16 * v;
      __m512 x = acc[r][v];
      if (e.addend)
        x = _mm512_add_ps(x, _mm512_maskz_loadu_ps(lanes, e.addend + at));
      if (e.relu)
        x = reluVector(x);
      _mm512_mask_storeu_ps(e.result + at, lanes, x);
    }
  }
}

/// The unit's sums into the stage, or with `Direct` through the NHWC
/// epilogue into the result.
template <bool Direct>
HLOX_AVX512 void sumVector(const Unit &unit, int64_t rows, float *stage,
                           const Epilogue &e) {
  int64_t row = 0;
  for (; row + kRows <= rows; row += kRows)
    sumTile<kRows, Direct>(unit, row, stage, e);
  switch (rows - row) {
  case 5:
    return sumTile<5, Direct>(unit, row, stage, e);
  case 4:
    return sumTile<4, Direct>(unit, row, stage, e);
  case 3:
    return sumTile<3, Direct>(unit, row, stage, e);
  case 2:
    return sumTile<2, Direct>(unit, row, stage, e);
  case 1:
    return sumTile<1, Direct>(unit, row, stage, e);
  default:
    return;
  }
}

/// Transposes 16 rows of 16 lanes in place.
HLOX_AVX512 inline void transpose16(__m512 r[16]) {
  __m512 t[16];
  for (int i = 0; i < 8; ++i) {
    t[2 * i] = _mm512_unpacklo_ps(r[2 * i], r[2 * i + 1]);
    t[2 * i + 1] = _mm512_unpackhi_ps(r[2 * i], r[2 * i + 1]);
  }
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 2; ++j) {
      __m512d a = _mm512_castps_pd(t[4 * i + j]);
      __m512d b = _mm512_castps_pd(t[4 * i + j + 2]);
      r[4 * i + 2 * j] = _mm512_castpd_ps(_mm512_unpacklo_pd(a, b));
      r[4 * i + 2 * j + 1] = _mm512_castpd_ps(_mm512_unpackhi_pd(a, b));
    }
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 4; ++j) {
      t[8 * i + j] = _mm512_shuffle_f32x4(r[8 * i + j], r[8 * i + j + 4], 0x88);
      t[8 * i + j + 4] =
          _mm512_shuffle_f32x4(r[8 * i + j], r[8 * i + j + 4], 0xdd);
    }
  for (int j = 0; j < 8; ++j) {
    r[j] = _mm512_shuffle_f32x4(t[j], t[j + 8], 0x88);
    r[j + 8] = _mm512_shuffle_f32x4(t[j], t[j + 8], 0xdd);
  }
}

/// The NCHW epilogue of a unit's stage.
HLOX_AVX512 void storeTransposed(const Epilogue &e, const float *stage) {
  for (int64_t p0 = 0; p0 < e.pixels; p0 += 16) {
    int64_t pixels = std::min<int64_t>(16, e.pixels - p0);
    __mmask16 pixelLanes = firstLanes(pixels);
    for (int64_t c0 = 0; c0 < e.channels; c0 += 16) {
      __mmask16 channelLanes = firstLanes(e.channels - c0);
      __m512 r[16];
      for (int64_t i = 0; i < 16; ++i) {
        if (i >= pixels) {
          r[i] = _mm512_setzero_ps();
          continue;
        }
        const int64_t p = p0 + i;
        r[i] = _mm512_loadu_ps(stage + p * kChannels + c0);
        if (e.addend)
          r[i] = _mm512_add_ps(
              r[i], _mm512_maskz_loadu_ps(channelLanes,
                                          e.addend + p * e.outChannels + c0));
        if (e.relu)
          r[i] = reluVector(r[i]);
      }
      transpose16(r);
      int64_t channels = std::min<int64_t>(16, e.channels - c0);
      for (int64_t i = 0; i < channels; ++i) {
        float *to = e.result + (c0 + i) * e.imagePixels + p0;
        if (e.streaming && pixels == 16 &&
            (reinterpret_cast<uintptr_t>(to) & 63) == 0)
          _mm512_stream_ps(to, r[i]);
        else
          _mm512_mask_storeu_ps(to, pixelLanes, r[i]);
      }
    }
  }
}

/// The unit's pixels' channels transposed into `packed`: row k holds channel
/// k of each of the kPixels pixels (zero past `rows`), the shortcut's
/// channels after the input's. 64-byte aligned rows.
HLOX_AVX512 void packPixels(const Unit &unit, int64_t rows, float *packed) {
  for (int source = 0; source < 2; ++source) {
    int64_t k = source ? unit.k2 : unit.k1;
    const float *x = source ? unit.x2 : unit.x1;
    float *to = packed + (source ? unit.k1 : 0) * kPixels;
    for (int64_t p0 = 0; p0 < kPixels; p0 += 16)
      for (int64_t c0 = 0; c0 < k; c0 += 16) {
        __mmask16 lanes = firstLanes(k - c0);
        __m512 r[16];
        for (int64_t i = 0; i < 16; ++i)
          r[i] = p0 + i < rows
                     ? _mm512_maskz_loadu_ps(lanes, x + (p0 + i) * k + c0)
                     : _mm512_setzero_ps();
        transpose16(r);
        int64_t channels = std::min<int64_t>(16, k - c0);
        for (int64_t i = 0; i < channels; ++i)
          _mm512_store_ps(to + (c0 + i) * kPixels + p0, r[i]);
      }
  }
}

/// One source's k channels of C output channels into `out`, advancing the
/// packed kernel `w` and channels `xt` past them.
template <int C, int V>
HLOX_AVX512 __attribute__((always_inline)) inline void
sumPixels(__m512 (&out)[C][V], const float *&xt, const float *&w, int64_t k) {
  // Local accumulators and pointers, as in sumSource.
  __m512 acc[C][V];
  for (int r = 0; r < C; ++r)
    for (int v = 0; v < V; ++v)
      acc[r][v] = _mm512_setzero_ps();
  const float *x = xt, *kernel = w;
  for (int64_t i = 0; i < k; ++i, kernel += kTile, x += kPixels) {
    __m512 xv[V];
    for (int v = 0; v < V; ++v)
      xv[v] = _mm512_load_ps(x + 16 * v);
    for (int r = 0; r < C; ++r) {
      __m512 b = _mm512_set1_ps(kernel[r]);
      for (int v = 0; v < V; ++v)
        acc[r][v] = _mm512_fmadd_ps(b, xv[v], acc[r][v]);
    }
  }
  xt = x;
  w = kernel;
  for (int r = 0; r < C; ++r)
    for (int v = 0; v < V; ++v)
      out[r][v] = acc[r][v];
}

/// C output channels from the block's channel `c` of a unit, in the NCHW
/// orientation: the accumulators hold 16 pixels a lane vector (48 in
/// three), each summed over the packed channels `xt` (packPixels) with the
/// kernel of 8 output channels from `c`, packed k-major (`w`: kTile
/// values a channel, the first C used), the shortcut's channels (k2 of
/// them) as a sum of their own; then the epilogue (biases, ReLU; no
/// addend) stores the pixels of each channel.
template <int C>
HLOX_AVX512 void sumChannels(const float *xt, int64_t k1, int64_t k2,
                             const float *w, const Epilogue &e, int64_t c) {
  constexpr int V = kPixels / 16;
  __m512 acc[C][V];
  sumPixels<C, V>(acc, xt, w, k1);
  for (int r = 0; r < C; ++r) {
    __m512 bias = _mm512_set1_ps(e.bias[c + r]);
    for (int v = 0; v < V; ++v)
      acc[r][v] = _mm512_add_ps(acc[r][v], bias);
  }
  if (k2) {
    __m512 partial[C][V];
    for (int r = 0; r < C; ++r)
      for (int v = 0; v < V; ++v)
        partial[r][v] = acc[r][v];
    sumPixels<C, V>(acc, xt, w, k2);
    for (int r = 0; r < C; ++r) {
      __m512 bias = _mm512_set1_ps(e.shortcutBias[c + r]);
      for (int v = 0; v < V; ++v)
        acc[r][v] =
            _mm512_add_ps(partial[r][v], _mm512_add_ps(acc[r][v], bias));
    }
  }
  // The epilogue's fields in locals: the stores could alias `e`.
  const int64_t pixels = e.pixels, imagePixels = e.imagePixels;
  const bool relu = e.relu;
  float *const result = e.result + c * imagePixels;
  // Every channel's row of the unit whole and 64-byte aligned: streaming
  // stores without a test per vector.
  if (e.streaming && pixels == kPixels && imagePixels % 16 == 0 &&
      (reinterpret_cast<uintptr_t>(result) & 63) == 0) {
    for (int r = 0; r < C; ++r)
      for (int v = 0; v < V; ++v)
        _mm512_stream_ps(result + r * imagePixels + 16 * v,
                         relu ? reluVector(acc[r][v]) : acc[r][v]);
    return;
  }
  for (int r = 0; r < C; ++r)
    for (int v = 0; v < V; ++v) {
      if (16 * v >= pixels)
        break;
      __m512 x = relu ? reluVector(acc[r][v]) : acc[r][v];
      _mm512_mask_storeu_ps(result + r * imagePixels + 16 * v,
                            firstLanes(pixels - 16 * v), x);
    }
}

/// A block's output channels of a unit through sumChannels; `tiles` holds
/// the block's packed tiles of 8 output channels, one after the other.
HLOX_AVX512 void sumBlockChannels(const float *xt, int64_t k1, int64_t k2,
                                  const float *tiles, const Epilogue &e) {
  int64_t k = k1 + k2;
  int64_t c = 0;
  auto tile = [&](int64_t c) { return tiles + c / kTile * k * kTile; };
  for (; c + kTile <= e.channels; c += kTile)
    sumChannels<kTile>(xt, k1, k2, tile(c), e, c);
  // The last tile's channels: 4, 2, 1 of them, each from the tile's start.
  int64_t last = c;
  for (int64_t r = 0; c < e.channels;) {
    int64_t left = e.channels - c;
    const float *w = tile(last) + r;
    if (left >= 4) {
      sumChannels<4>(xt, k1, k2, w, e, c);
      c += 4, r += 4;
    } else if (left >= 2) {
      sumChannels<2>(xt, k1, k2, w, e, c);
      c += 2, r += 2;
    } else {
      sumChannels<1>(xt, k1, k2, w, e, c);
      c += 1, r += 1;
    }
  }
}

#endif // HLOX_POINTWISE_AVX512

} // namespace

bool hlox::runtime::isPointwiseConvolution(const ConvolutionSpec &s) {
  return s.nhwc && s.kernelOihw && !s.bf16 && s.groups == 1 &&
         s.kernelHeight == 1 && s.kernelWidth == 1 && s.strides[0] == 1 &&
         s.strides[1] == 1 && s.padding[0] == 0 && s.padding[1] == 0 &&
         s.padding[2] == 0 && s.padding[3] == 0 && s.height == s.outHeight &&
         s.width == s.outWidth;
}

bool hlox::runtime::usesPointwiseKernel(const ConvolutionSpec &spec) {
  return !spec.pool &&
         (spec.nchwResult || (spec.relu && isPointwiseConvolution(spec)));
}

static Avx512Switch vectorKernel;

bool PointwiseConvolution::hasVectorKernel() { return vectorKernel.isOn(); }

static std::atomic<bool> avx2KernelEnabled{true};

bool PointwiseConvolution::hasAvx2Kernel() {
#ifdef HLOX_POINTWISE_AVX512
  return avx2KernelEnabled.load(std::memory_order_relaxed) && cpuHasAvx2();
#else
  return false;
#endif
}

void PointwiseConvolution::setAvx2KernelEnabled(bool enabled) {
  avx2KernelEnabled.store(enabled, std::memory_order_relaxed);
}

void PointwiseConvolution::setVectorKernelEnabled(bool enabled) {
  vectorKernel.setEnabled(enabled);
}

std::unique_ptr<PointwiseConvolution>
PointwiseConvolution::create(const ConvolutionSpec &spec,
                             const ConvolutionSpec *shortcut, Status &status) {
  if (!isPointwiseConvolution(spec)) {
    status = Status::error("convolution computed as a pointwise one but not "
                           "1x1, unit-strided, unpadded, ungrouped, f32 and "
                           "NHWC/OIHW");
    return nullptr;
  }
  if (shortcut &&
      (!isPointwiseConvolution(*shortcut) || shortcut->addend ||
       shortcut->relu || shortcut->nchwResult ||
       shortcut->batch != spec.batch || shortcut->height != spec.height ||
       shortcut->width != spec.width ||
       shortcut->outChannels != spec.outChannels)) {
    status = Status::error("pointwise convolution whose shortcut is not a "
                           "pointwise convolution of the same images and "
                           "output channels without an epilogue beyond a "
                           "bias");
    return nullptr;
  }
  std::unique_ptr<PointwiseConvolution> conv(new PointwiseConvolution);
  conv->spec = spec;
  conv->shortcutChannels = shortcut ? shortcut->inChannels : 0;
  conv->hasShortcutBias = shortcut && shortcut->bias;
  int64_t blocks = (spec.outChannels + kChannels - 1) / kChannels;
  conv->packed.assign(
      blocks * (spec.inChannels + conv->shortcutChannels) * kChannels, 0.0f);
  conv->bias.assign(blocks * kChannels, 0.0f);
  conv->shortcutBias.assign(blocks * kChannels, 0.0f);
  conv->packedTiles.assign(blocks * (kChannels / kTile) *
                               (spec.inChannels + conv->shortcutChannels) *
                               kTile,
                           0.0f);
  return conv;
}

void PointwiseConvolution::pack(const Operands &operands) {
  int64_t k1 = spec.inChannels, k2 = shortcutChannels;
  int64_t outChannels = spec.outChannels;
  size_t first = static_cast<size_t>(outChannels * k1);
  size_t second = static_cast<size_t>(outChannels * k2);
  bool known = operands.kernelIdentity != 0 &&
               operands.kernelIdentity == packedKernelIdentity &&
               (!k2 || (operands.shortcutKernelIdentity != 0 &&
                        operands.shortcutKernelIdentity ==
                            packedShortcutKernelIdentity));
  packedKernelIdentity = operands.kernelIdentity;
  packedShortcutKernelIdentity = operands.shortcutKernelIdentity;
  if (packedValid &&
      (known ||
       (std::memcmp(snapshot.data(), operands.kernel, first * 4) == 0 &&
        (!k2 || std::memcmp(snapshot.data() + first, operands.shortcutKernel,
                            second * 4) == 0))))
    return;
  snapshot.assign(operands.kernel, operands.kernel + first);
  if (k2)
    snapshot.insert(snapshot.end(), operands.shortcutKernel,
                    operands.shortcutKernel + second);
  // The kernels are [O, C] (OIHW with a 1x1 window); block b holds rows
  // c of kernel[64 b .. 64 b + 63, c], the shortcut's after the first's.
  int64_t rows = k1 + k2;
  // And per 8 output channels, (k1 + k2) rows of 8 values (packedTiles).
  for (int64_t o = 0; o < outChannels; ++o) {
    float *tile = packedTiles.data() + (o / kTile) * rows * kTile + o % kTile;
    for (int64_t c = 0; c < k1; ++c)
      tile[c * kTile] = operands.kernel[o * k1 + c];
    for (int64_t c = 0; c < k2; ++c)
      tile[(k1 + c) * kTile] = operands.shortcutKernel[o * k2 + c];
  }
  for (int64_t o = 0; o < outChannels; ++o) {
    float *block =
        packed.data() + (o / kChannels) * rows * kChannels + o % kChannels;
    for (int64_t c = 0; c < k1; ++c)
      block[c * kChannels] = operands.kernel[o * k1 + c];
    for (int64_t c = 0; c < k2; ++c)
      block[(k1 + c) * kChannels] = operands.shortcutKernel[o * k2 + c];
  }
  packedValid = true;
}

Status PointwiseConvolution::run(Device &device, const Operands &operands) {
  if (!operands.input || !operands.kernel || !operands.result ||
      (spec.bias && !operands.bias) || (spec.addend && !operands.addend) ||
      (shortcutChannels &&
       (!operands.shortcutInput || !operands.shortcutKernel ||
        (hasShortcutBias && !operands.shortcutBias))))
    return Status::error("pointwise convolution run without an operand "
                         "its description has");
  pack(operands);
  int64_t outChannels = spec.outChannels;
  for (int64_t o = 0; o < outChannels; ++o) {
    bias[o] = spec.bias ? operands.bias[o] : 0.0f;
    shortcutBias[o] = hasShortcutBias ? operands.shortcutBias[o] : 0.0f;
  }

  int64_t pixels = spec.height * spec.width;
  int64_t unitsPerImage = (pixels + kPixels - 1) / kPixels;
  int64_t units = spec.batch * unitsPerImage;
  int64_t blocks = (outChannels + kChannels - 1) / kChannels;
  int64_t k1 = spec.inChannels, k2 = shortcutChannels;
  bool streaming = spec.nchwResult &&
                   spec.batch * pixels * outChannels * 4 >= kStreamingBytes;
  bool vector = hasVectorKernel();
#ifdef HLOX_POINTWISE_AVX512
  // Without the AVX-512 kernel, the AVX2 one where the CPU has it.
  bool avx2 = !vector && hasAvx2Kernel();
#endif
  const float *addend = spec.addend ? operands.addend : nullptr;

  auto runUnits = [&](int64_t begin, int64_t end) {
    alignas(64) float stage[kPixels * kChannels];
    // The unit's channels transposed, for an NCHW result without an
    // addend.
    std::vector<float> pixelRows;
    float *xt = nullptr;
    bool transposedSums = vector && spec.nchwResult && !addend;
    if (transposedSums) {
      pixelRows.resize((k1 + k2) * kPixels + 16);
      xt = reinterpret_cast<float *>(
          (reinterpret_cast<uintptr_t>(pixelRows.data()) + 63) &
          ~uintptr_t(63));
    }
    for (int64_t u = begin; u < end; ++u) {
      int64_t n = u / unitsPerImage;
      int64_t p = (u % unitsPerImage) * kPixels;
      int64_t rows = std::min(kPixels, pixels - p);
      int64_t pixel = n * pixels + p;
#ifdef HLOX_POINTWISE_AVX512
      // A share of the next unit's input lines into L2 per block, so that
      // its sums (or its packPixels) do not wait for memory.
      auto prefetchNextUnit = [&](int64_t b) {
        if (u + 1 >= end)
          return;
        int64_t next = pixel + rows; // The next unit's first pixel.
        int64_t nextRows = std::min(kPixels, (n + 1) * pixels - next);
        if (nextRows <= 0)
          nextRows = std::min(kPixels, pixels);
        for (int source = 0; source < 2; ++source) {
          int64_t k = source ? k2 : k1;
          const char *from = reinterpret_cast<const char *>(
              (source ? operands.shortcutInput : operands.input) + next * k);
          int64_t bytes = nextRows * k * 4;
          for (int64_t at = bytes * b / blocks; at < bytes * (b + 1) / blocks;
               at += 64)
            _mm_prefetch(from + at, _MM_HINT_T1);
        }
      };
#endif
      for (int64_t b = 0; b < blocks; ++b) {
        int64_t c = b * kChannels;
        Unit unit{operands.input + pixel * k1, k1,
                  k2 ? operands.shortcutInput + pixel * k2 : nullptr, k2,
                  packed.data() + b * (k1 + k2) * kChannels};
        Epilogue e;
        e.bias = bias.data() + c;
        e.shortcutBias = k2 ? shortcutBias.data() + c : nullptr;
        e.addend = addend ? addend + pixel * outChannels + c : nullptr;
        e.relu = spec.relu;
        e.nchw = spec.nchwResult;
        e.streaming = streaming;
        e.outChannels = outChannels;
        e.imagePixels = pixels;
        e.result = spec.nchwResult
                       ? operands.result + (n * outChannels + c) * pixels + p
                       : operands.result + pixel * outChannels + c;
        e.pixels = rows;
        e.channels = std::min(kChannels, outChannels - c);
#ifdef HLOX_POINTWISE_AVX512
        if (vector)
          prefetchNextUnit(b);
        if (transposedSums) {
          // NCHW without an addend: pixels in the lanes, from the unit's
          // channels transposed once for all its blocks.
          if (b == 0)
            packPixels(unit, rows, xt);
          sumBlockChannels(xt, k1, k2,
                           packedTiles.data() +
                               b * (kChannels / kTile) * (k1 + k2) * kTile,
                           e);
          continue;
        }
        if (vector) {
          // NHWC: the epilogue on the register tile; NCHW with an addend:
          // through the stage, which the transposes read.
          if (e.nchw) {
            sumVector<false>(unit, rows, stage, e);
            storeTransposed(e, stage);
          } else {
            sumVector<true>(unit, rows, stage, e);
          }
          continue;
        }
        if (avx2) {
          sumAvx2(unit, rows, stage, e);
          storePortable(e, stage);
          continue;
        }
#endif
        sumPortable(unit, rows, stage, e);
        storePortable(e, stage);
      }
    }
#ifdef HLOX_POINTWISE_AVX512
    // Streaming stores are weakly ordered: they reach memory before the
    // dispatch ends, where the next command reads them.
    if (streaming && vector)
      _mm_sfence();
#endif
  };
  device.dispatch(units, 1, runUnits);
  return {};
}
