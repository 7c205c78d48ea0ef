//===- Gemm.cpp - hlox's own f32 matrix product kernel --------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// The loops of a packed product (as BLIS orders them), from the outside:
//
// - blocks of kBlockCols result columns;
// - K blocks of kDepth rhs rows;
// - blocks of kBlockRows result rows, whose lhs is packed for the K block
//   into slivers of kTileRows rows, k-major (8x8 transposes of a row-major
//   lhs), the last sliver padded with zero rows;
// - panels of kTileCols columns of the K block's rhs, packed k-major (the
//   last padded with zeros to whole vectors): a row-major rhs all at once,
//   in the order of memory, before the row blocks; a transposed one (each
//   column a row of memory), and a row-major one of at most
//   kPanelPackedRows result rows (one row block), by the first row block,
//   each panel just before its tiles use it, while the next panel's rhs
//   is prefetched;
// - each sliver: the register tile of kTileRows x kTileCols results (24
//   accumulators of 16 lanes) takes, per step of k, three vectors of the
//   panel and a broadcast of each of the sliver's rows.
//
// Every kChainLength steps the tile's accumulators are added into the
// result (or stored, for the first chain) and restart from zero; the
// result tile is in L1 at that point. A product with few rows reads the
// rhs in place instead of packing it, when its rows are contiguous,
// prefetching the rows kPrefetchRows steps of k ahead; with
// at most kDotRows rows by a transposed rhs, each result is a dot product
// of two rows contiguous along k (runDotAvx512), each rhs row streamed
// from memory once.
//
// A GemmTeam runs these loops on each of its threads for its share of the
// rows, a row-major rhs's K blocks packed by all of them together: each
// packs the panels of its share of the block's columns into one of the
// team's two blocks, the members meet (GemmTeam::wait), and each then
// multiplies its row blocks by the whole block. The next K block goes to
// the other block, which every member had finished reading before they
// met.
//
// The packed lhs block (kBlockRows x kDepth, 288 KiB) stays in L2, a panel
// (kDepth x 48, 72 KiB) in L2 while the slivers pass over it. On a 2-core
// Zen 5 the tile runs at 95-99% of a core's FMA peak with its operands in
// cache; whole products are 3-22% slower than oneDNN's
// (docs/performance.md says where the time goes).
//
//===----------------------------------------------------------------------===//

#include "hlox/runtime/Gemm.h"

#include "CpuFeatures.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <mutex>
#include <utility>
#include <vector>

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <immintrin.h>
#define HLOX_GEMM_AVX512 1
#endif

using namespace hlox::runtime;

namespace {

#ifdef HLOX_GEMM_AVX512

/// The register tile: rows of the lhs by columns of the rhs.
constexpr int64_t kTileRows = 8;
constexpr int64_t kTileCols = 48;
/// The rhs rows (lhs columns) packed at a time.
constexpr int64_t kDepth = 384;
/// Result rows whose lhs is packed at a time.
constexpr int64_t kBlockRows = 192;
/// Products of at most this many rows (and more than kDirectRows) take
/// them as one row block and pack a row-major rhs a panel at a time, just
/// before the slivers use it, while the next panel's rows are prefetched:
/// each weight panel goes through L2 once instead of the whole K block
/// being packed first (the MLP's 256-row products spent 17% of their time
/// packing, at memory speed).
constexpr int64_t kPanelPackedRows = 256;
/// Result columns whose rhs is packed at a time.
constexpr int64_t kBlockCols = 4096;
/// Products with at most this many rows read a row-major rhs in place.
constexpr int64_t kDirectRows = 32;
/// How many rows ahead a product read in place (kDirectRows) prefetches
/// the rhs: each step of k reads 48 columns of a row 4-12 KiB past the
/// last one, a stride the hardware prefetcher follows badly (DistilBERT's
/// 16x768 by 768x3072 on 2 threads: 0.76-0.83 to 0.63-0.66 ms; 8 and 32
/// rows measured the same as 16).
constexpr int64_t kPrefetchRows = 16;

static_assert(kDepth % Gemm::kChainLength == 0, "a K block holds whole chains");

/// The thread's packing buffers, which only grow.
struct Scratch {
  float *lhs = nullptr;
  float *rhs = nullptr;
  size_t lhsFloats = 0, rhsFloats = 0;

  ~Scratch() {
    std::free(lhs);
    std::free(rhs);
  }

  static float *grow(float *&buffer, size_t &floats, size_t wanted) {
    if (wanted <= floats)
      return buffer;
    std::free(buffer);
    size_t bytes = (wanted * sizeof(float) + 4095) / 4096 * 4096;
    buffer = static_cast<float *>(std::aligned_alloc(4096, bytes));
    floats = buffer ? bytes / sizeof(float) : 0;
    return buffer;
  }
};

thread_local Scratch scratch;

/// The memory of the teams that are not running (GemmTeam): a team takes
/// a buffer when it is made and gives it back when it ends, so that the
/// steady state takes no fresh pages whichever threads make the teams.
/// Buffers are freed only to be replaced by a larger one, and at exit.
class TeamMemory {
public:
  static TeamMemory &get() {
    static TeamMemory memory;
    return memory;
  }

  /// A buffer of at least `floats` floats (its size in `capacity`), or
  /// null when there is no memory: the smallest idle buffer that is large
  /// enough, else the largest idle one replaced by a larger one, else a
  /// new one.
  float *acquire(size_t floats, size_t &capacity) {
    std::lock_guard<std::mutex> lock(mutex);
    auto best = idle.end();
    for (auto it = idle.begin(); it != idle.end(); ++it)
      if (it->second >= floats &&
          (best == idle.end() || it->second < best->second))
        best = it;
    if (best == idle.end() && !idle.empty()) {
      // None is large enough: the largest gives way to a larger one.
      best = std::max_element(
          idle.begin(), idle.end(),
          [](const auto &a, const auto &b) { return a.second < b.second; });
      std::free(best->first);
      best->first = nullptr;
      best->second = 0;
    }
    float *buffer = nullptr;
    capacity = 0;
    if (best != idle.end()) {
      buffer = best->first;
      capacity = best->second;
      idle.erase(best);
    }
    if (buffer)
      return buffer;
    // A new buffer's pages are all touched now: a team of another shape
    // lays its blocks out at other offsets, and would otherwise take
    // fresh pages in a later run.
    buffer = Scratch::grow(buffer, capacity, floats);
    if (buffer)
      std::memset(buffer, 0, capacity * sizeof(float));
    return buffer;
  }

  void release(float *buffer, size_t capacity) {
    std::lock_guard<std::mutex> lock(mutex);
    idle.emplace_back(buffer, capacity);
  }

  ~TeamMemory() {
    for (auto &[buffer, capacity] : idle)
      std::free(buffer);
  }

private:
  std::mutex mutex;
  std::vector<std::pair<float *, size_t>> idle;
};

#define HLOX_AVX512 __attribute__((target("avx512f,fma")))

/// dst[c * dstStride + r] = src[r * srcStride + c] for r, c < 8.
HLOX_AVX512 inline void transpose8x8(const float *src, int64_t srcStride,
                                     float *dst, int64_t dstStride) {
  __m256 r0 = _mm256_loadu_ps(src), r1 = _mm256_loadu_ps(src + srcStride);
  __m256 r2 = _mm256_loadu_ps(src + 2 * srcStride);
  __m256 r3 = _mm256_loadu_ps(src + 3 * srcStride);
  __m256 r4 = _mm256_loadu_ps(src + 4 * srcStride);
  __m256 r5 = _mm256_loadu_ps(src + 5 * srcStride);
  __m256 r6 = _mm256_loadu_ps(src + 6 * srcStride);
  __m256 r7 = _mm256_loadu_ps(src + 7 * srcStride);
  __m256 t0 = _mm256_unpacklo_ps(r0, r1), t1 = _mm256_unpackhi_ps(r0, r1);
  __m256 t2 = _mm256_unpacklo_ps(r2, r3), t3 = _mm256_unpackhi_ps(r2, r3);
  __m256 t4 = _mm256_unpacklo_ps(r4, r5), t5 = _mm256_unpackhi_ps(r4, r5);
  __m256 t6 = _mm256_unpacklo_ps(r6, r7), t7 = _mm256_unpackhi_ps(r6, r7);
  __m256 u0 = _mm256_shuffle_ps(t0, t2, 0x44);
  __m256 u1 = _mm256_shuffle_ps(t0, t2, 0xEE);
  __m256 u2 = _mm256_shuffle_ps(t1, t3, 0x44);
  __m256 u3 = _mm256_shuffle_ps(t1, t3, 0xEE);
  __m256 u4 = _mm256_shuffle_ps(t4, t6, 0x44);
  __m256 u5 = _mm256_shuffle_ps(t4, t6, 0xEE);
  __m256 u6 = _mm256_shuffle_ps(t5, t7, 0x44);
  __m256 u7 = _mm256_shuffle_ps(t5, t7, 0xEE);
  _mm256_storeu_ps(dst, _mm256_permute2f128_ps(u0, u4, 0x20));
  _mm256_storeu_ps(dst + dstStride, _mm256_permute2f128_ps(u1, u5, 0x20));
  _mm256_storeu_ps(dst + 2 * dstStride, _mm256_permute2f128_ps(u2, u6, 0x20));
  _mm256_storeu_ps(dst + 3 * dstStride, _mm256_permute2f128_ps(u3, u7, 0x20));
  _mm256_storeu_ps(dst + 4 * dstStride, _mm256_permute2f128_ps(u0, u4, 0x31));
  _mm256_storeu_ps(dst + 5 * dstStride, _mm256_permute2f128_ps(u1, u5, 0x31));
  _mm256_storeu_ps(dst + 6 * dstStride, _mm256_permute2f128_ps(u2, u6, 0x31));
  _mm256_storeu_ps(dst + 7 * dstStride, _mm256_permute2f128_ps(u3, u7, 0x31));
}

/// Packs `rows` x `depth` of the lhs (from `a`) into slivers of kTileRows
/// rows: sliver s holds dst[s * kTileRows * depth + p * kTileRows + r] =
/// lhs(s * kTileRows + r, p), zero for rows past `rows`.
HLOX_AVX512 void packLhs(const GemmOperand &a, int64_t rows, int64_t depth,
                         float *dst) {
  for (int64_t i = 0; i < rows; i += kTileRows, dst += kTileRows * depth) {
    int64_t count = std::min(kTileRows, rows - i);
    const float *src = a.data + i * a.rowStride;
    int64_t p = 0;
    if (count == kTileRows && a.colStride == 1) {
      for (; p + 8 <= depth; p += 8)
        transpose8x8(src + p, a.rowStride, dst + p * kTileRows, kTileRows);
    } else if (count == kTileRows && a.rowStride == 1) {
      for (; p < depth; ++p)
        _mm256_storeu_ps(dst + p * kTileRows,
                         _mm256_loadu_ps(src + p * a.colStride));
    }
    for (; p < depth; ++p) {
      float *d = dst + p * kTileRows;
      for (int64_t r = 0; r < count; ++r)
        d[r] = src[r * a.rowStride + p * a.colStride];
      for (int64_t r = count; r < kTileRows; ++r)
        d[r] = 0.0f;
    }
  }
}

/// The width of the panel whose first column is `col` of `cols`: its
/// columns rounded up to whole vectors.
inline int64_t panelWidth(int64_t col, int64_t cols) {
  return (std::min(kTileCols, cols - col) + 15) / 16 * 16;
}

/// packRhs of a row-major rhs (`b.colStride` 1), a row at a time: the
/// block is read in the order of memory, which the hardware prefetches.
HLOX_AVX512 void packRhsByRows(const GemmOperand &b, int64_t depth,
                               int64_t cols, float *dst) {
  // Whole vectors, the last masked (its lanes past `cols` zero): a panel
  // row is at most three of them, which a call to memcpy and fill per
  // row cost more than moving.
  for (int64_t p = 0; p < depth; ++p) {
    const float *src = b.data + p * b.rowStride;
    for (int64_t j = 0; j < cols; j += kTileCols) {
      int64_t count = std::min(kTileCols, cols - j);
      int64_t w = panelWidth(j, cols);
      float *d = dst + j * depth + p * w;
      for (int64_t q = 0; q < w; q += 16) {
        __mmask16 mask = firstLanes(std::min<int64_t>(16, count - q));
        _mm512_storeu_ps(d + q, _mm512_maskz_loadu_ps(mask, src + j + q));
      }
    }
  }
}

/// Packs `depth` x `cols` of the rhs (from `b`) into panels of kTileCols
/// columns: the panel of column j holds dst[j * depth + p * w + q] =
/// rhs(p, j + q) for its width w, zero for columns past `cols`.
HLOX_AVX512 void packRhs(const GemmOperand &b, int64_t depth, int64_t cols,
                         float *dst) {
  if (b.colStride == 1) {
    packRhsByRows(b, depth, cols, dst);
    return;
  }
  for (int64_t j = 0; j < cols; j += kTileCols) {
    int64_t count = std::min(kTileCols, cols - j);
    int64_t w = panelWidth(j, cols);
    float *panel = dst + j * depth;
    const float *src = b.data + j * b.colStride;
    int64_t q = 0;
    if (b.rowStride == 1) {
      // Each column lies along k: 8 columns by 8 rows at a time.
      for (; q + 8 <= count; q += 8) {
        const float *column = src + q * b.colStride;
        int64_t p = 0;
        for (; p + 8 <= depth; p += 8)
          transpose8x8(column + p, b.colStride, panel + p * w + q, w);
        for (; p < depth; ++p)
          for (int64_t c = 0; c < 8; ++c)
            panel[p * w + q + c] = column[c * b.colStride + p];
      }
    }
    for (int64_t p = 0; p < depth; ++p) {
      float *d = panel + p * w;
      for (int64_t c = q; c < count; ++c)
        d[c] = src[p * b.rowStride + c * b.colStride];
      std::fill(d + count, d + w, 0.0f);
    }
  }
}

/// result[r * ldc + c] (+)= the sum over p < depth of sliver(r, p) *
/// panel(p, c), for r < rows and the columns `mask` keeps of the last of
/// NV vectors. The panel's rows are `ldb` apart; with `accumulate` the
/// first chain adds to the result, else it is stored. With
/// `prefetchRows`, each step prefetches the panel row that many ahead.
template <int NV>
HLOX_AVX512 void multiplyTile(int64_t depth, const float *sliver,
                              const float *panel, int64_t ldb, float *result,
                              int64_t ldc, int64_t rows, __mmask16 mask,
                              bool accumulate, int64_t prefetchRows = 0) {
  __m512 acc[kTileRows][NV];
  for (int i = 0; i < kTileRows; ++i)
    for (int v = 0; v < NV; ++v)
      acc[i][v] = _mm512_setzero_ps();
  for (int64_t p0 = 0; p0 < depth; p0 += Gemm::kChainLength) {
    int64_t p1 = std::min(depth, p0 + Gemm::kChainLength);
#pragma clang loop unroll_count(4)
    for (int64_t p = p0; p < p1; ++p) {
      __m512 b[NV];
      if (prefetchRows)
        for (int v = 0; v < NV; ++v)
          _mm_prefetch(reinterpret_cast<const char *>(
                           panel + prefetchRows * ldb + 16 * v),
                       _MM_HINT_T0);
      for (int v = 0; v < NV; ++v)
        b[v] = v == NV - 1 ? _mm512_maskz_loadu_ps(mask, panel + 16 * v)
                           : _mm512_loadu_ps(panel + 16 * v);
      for (int i = 0; i < kTileRows; ++i) {
        __m512 a = _mm512_set1_ps(sliver[i]);
        for (int v = 0; v < NV; ++v)
          acc[i][v] = _mm512_fmadd_ps(a, b[v], acc[i][v]);
      }
      sliver += kTileRows;
      panel += ldb;
    }
    // The chain ends: into the result, in order of k.
    for (int i = 0; i < kTileRows; ++i) {
      if (i < rows) {
        float *row = result + i * ldc;
        for (int v = 0; v < NV; ++v) {
          __mmask16 m = v == NV - 1 ? mask : __mmask16(0xffff);
          __m512 x = accumulate
                         ? _mm512_add_ps(_mm512_maskz_loadu_ps(m, row + 16 * v),
                                         acc[i][v])
                         : acc[i][v];
          _mm512_mask_storeu_ps(row + 16 * v, m, x);
        }
      }
      for (int v = 0; v < NV; ++v)
        acc[i][v] = _mm512_setzero_ps();
    }
    accumulate = true;
  }
}

/// Prefetches into L2 the `part`-th of `parts` slices of the panel of the
/// rhs whose first column is `col` (of `cols`), a K block of `depth`
/// rows: a slice of its columns when transposed, of its rows when
/// row-major.
HLOX_AVX512 void prefetchPanel(const GemmOperand &b, int64_t col, int64_t cols,
                               int64_t depth, int64_t part, int64_t parts) {
  int64_t count = std::min(kTileCols, cols - col);
  if (b.colStride == 1) {
    // Each row's `count` floats, rows 4-16 KiB apart.
    for (int64_t p = depth * part / parts, e = depth * (part + 1) / parts;
         p < e; ++p) {
      const char *row =
          reinterpret_cast<const char *>(b.data + p * b.rowStride + col);
      for (int64_t q = 0; q < count * 4 + 63; q += 64)
        _mm_prefetch(row + q, _MM_HINT_T1);
    }
    return;
  }
  if (b.rowStride == 1) {
    for (int64_t c = count * part / parts, e = count * (part + 1) / parts;
         c < e; ++c) {
      const char *column =
          reinterpret_cast<const char *>(b.data + (col + c) * b.colStride);
      for (int64_t q = 0; q < depth * 4 + 63; q += 64)
        _mm_prefetch(column + q, _MM_HINT_T1);
    }
  }
}

/// The sum of the 16 lanes of `v`, as a tree: lane i + lane i + 8, then
/// the same over 4, 2 and 1.
HLOX_AVX512 inline float sumLanes(__m512 v) {
  __m256 h = _mm256_add_ps(
      _mm512_castps512_ps256(v),
      _mm256_castpd_ps(_mm512_extractf64x4_pd(_mm512_castps_pd(v), 1)));
  __m128 q = _mm_add_ps(_mm256_castps256_ps128(h), _mm256_extractf128_ps(h, 1));
  q = _mm_add_ps(q, _mm_movehl_ps(q, q));
  return _mm_cvtss_f32(_mm_add_ss(q, _mm_shuffle_ps(q, q, 1)));
}

/// result[r * ldc + c] = the dot product of row r of the lhs with row c
/// of `w` (rows `ldw` apart, k floats each), for r < M and c < C: each of
/// 16 lanes sums its products (k = lane mod 16) in order, and sumLanes
/// adds the lanes. `x` is the lhs in blocks of 16 columns, each holding
/// its M rows one after the other; the C rows from `next` on are
/// prefetched meanwhile.
template <int M, int C>
HLOX_AVX512 void dotBlock(int64_t k, const float *x, const float *w,
                          int64_t ldw, const float *next, float *result,
                          int64_t ldc) {
  __m512 acc[M][C];
  for (int r = 0; r < M; ++r)
    for (int c = 0; c < C; ++c)
      acc[r][c] = _mm512_setzero_ps();
  int64_t p = 0;
  for (; p + 16 <= k; p += 16) {
    __m512 wv[C];
    for (int c = 0; c < C; ++c) {
      // The next block's rhs rows come from memory meanwhile (the hardware
      // prefetcher alone left the loop waiting on them: a 7-row product
      // by a 128 MiB rhs ran at 10-19 GB/s, one block ahead at 28).
      _mm_prefetch(reinterpret_cast<const char *>(next + c * ldw + p),
                   _MM_HINT_T0);
      wv[c] = _mm512_loadu_ps(w + c * ldw + p);
    }
    for (int r = 0; r < M; ++r) {
      __m512 xv = _mm512_load_ps(x + (p / 16 * M + r) * 16);
      for (int c = 0; c < C; ++c)
        acc[r][c] = _mm512_fmadd_ps(xv, wv[c], acc[r][c]);
    }
  }
  if (p < k) {
    // Lanes past k add 0 * 0, as the tests' order does.
    __mmask16 mask = firstLanes(k - p);
    __m512 wv[C];
    for (int c = 0; c < C; ++c)
      wv[c] = _mm512_maskz_loadu_ps(mask, w + c * ldw + p);
    for (int r = 0; r < M; ++r) {
      __m512 xv = _mm512_load_ps(x + (p / 16 * M + r) * 16);
      for (int c = 0; c < C; ++c)
        acc[r][c] = _mm512_fmadd_ps(xv, wv[c], acc[r][c]);
    }
  }
  for (int r = 0; r < M; ++r)
    for (int c = 0; c < C; ++c)
      result[r * ldc + c] = sumLanes(acc[r][c]);
}

/// A product of M rows whose operands both lie along k, C rhs rows (result
/// columns) at a time: each rhs row streams from memory once.
template <int M>
HLOX_AVX512 void dotRows(int64_t n, int64_t k, const float *x,
                         const GemmOperand &rhs, float *result, int64_t ldc) {
  // As many accumulators as the registers hold with the loads beside them.
  constexpr int C = std::clamp(24 / M, 1, 8);
  int64_t j = 0;
  for (; j + C <= n; j += C) {
    const float *w = rhs.data + j * rhs.colStride;
    dotBlock<M, C>(k, x, w, rhs.colStride,
                   j + 2 * C <= n ? w + C * rhs.colStride : w, result + j, ldc);
  }
  for (; j < n; ++j) {
    const float *w = rhs.data + j * rhs.colStride;
    dotBlock<M, 1>(k, x, w, rhs.colStride, w, result + j, ldc);
  }
}

HLOX_AVX512 bool runDotAvx512(int64_t m, int64_t n, int64_t k,
                              const GemmOperand &lhs, const GemmOperand &rhs,
                              float *result, int64_t ldc,
                              const GemmEpilogue *epilogue) {
  // The lhs in blocks of 16 columns, each its rows' vectors one after the
  // other (zero past k): one stream the loop reads in order.
  int64_t blocks = (k + 15) / 16;
  float *x = Scratch::grow(scratch.lhs, scratch.lhsFloats,
                           static_cast<size_t>(blocks * m * 16));
  if (!x)
    return false;
  for (int64_t b = 0; b < blocks; ++b)
    for (int64_t r = 0; r < m; ++r) {
      float *d = x + (b * m + r) * 16;
      int64_t count = std::min<int64_t>(16, k - b * 16);
      std::memcpy(d, lhs.data + r * lhs.rowStride + b * 16,
                  sizeof(float) * count);
      std::fill(d + count, d + 16, 0.0f);
    }
  // One instance per row count, 1 to Gemm::kDotRows.
  using DotRowsFn = void (*)(int64_t, int64_t, const float *,
                             const GemmOperand &, float *, int64_t);
  static constexpr DotRowsFn byRows[] = {dotRows<1>, dotRows<2>, dotRows<3>,
                                         dotRows<4>, dotRows<5>, dotRows<6>,
                                         dotRows<7>, dotRows<8>};
  static_assert(std::size(byRows) == Gemm::kDotRows);
  byRows[m - 1](n, k, x, rhs, result, ldc);
  if (epilogue)
    epilogue->apply(0, m, 0, n);
  return true;
}

/// The rows of a block whose lhs is packed at once, for a product of `m`
/// rows by `b`: all of them when few enough that a row-major rhs is
/// packed a panel at a time (kPanelPackedRows), else kBlockRows.
inline int64_t getBlockRows(int64_t m, const GemmOperand &b) {
  return b.colStride == 1 && m <= kPanelPackedRows ? m : kBlockRows;
}

/// How multiplyBlock finds a K block's rhs.
enum class RhsSource {
  /// Read in place (few rows of a row-major rhs).
  InPlace,
  /// Packed whole before the call.
  Packed,
  /// Packed a panel at a time by the first row block (a transposed rhs,
  /// or a row-major one of at most kPanelPackedRows rows).
  PackedByPanel,
};

/// Rows [0, m) of the product by the K block `b` (`depth` rhs rows from
/// row `pc`, `cols` columns from column `jc`): the lhs packed into
/// `packedLhs` a row block at a time, each register tile multiplied by its
/// panel, the epilogue applied to each tile after the last K block
/// (`last`).
HLOX_AVX512 void multiplyBlock(int64_t m, int64_t cols, int64_t depth,
                               int64_t pc, int64_t jc, bool last,
                               const GemmOperand &lhs, const GemmOperand &b,
                               RhsSource source, float *packedLhs,
                               float *packedRhs, float *result, int64_t ldc,
                               const GemmEpilogue *epilogue) {
  const bool inPlace = source == RhsSource::InPlace;
  const int64_t blockRows = getBlockRows(m, b);
  for (int64_t ic = 0; ic < m; ic += blockRows) {
    int64_t rows = std::min(blockRows, m - ic);
    int64_t slivers = (rows + kTileRows - 1) / kTileRows;
    GemmOperand a{lhs.data + ic * lhs.rowStride + pc * lhs.colStride,
                  lhs.rowStride, lhs.colStride};
    packLhs(a, rows, depth, packedLhs);
    for (int64_t j = 0; j < cols; j += kTileCols) {
      int64_t count = std::min(kTileCols, cols - j);
      int vectors = static_cast<int>((count + 15) / 16);
      __mmask16 mask = firstLanes(count - 16 * (vectors - 1));
      // Packed by panel: the first row block packs each panel just
      // before its tiles use it (it is then in L2); the next panel's rhs
      // is fetched meanwhile, a slice per tile, so that reading the rhs
      // from memory overlaps the products.
      bool packing = source == RhsSource::PackedByPanel && ic == 0;
      if (packing)
        packRhs(GemmOperand{b.data + j * b.colStride, b.rowStride, b.colStride},
                depth, count, packedRhs + j * depth);
      const float *panel = inPlace ? b.data + j : packedRhs + j * depth;
      int64_t ldb = inPlace ? b.rowStride : 16 * vectors;
      for (int64_t i = 0; i < rows; i += kTileRows) {
        if (packing && j + kTileCols < cols)
          prefetchPanel(b, j + kTileCols, cols, depth, i / kTileRows, slivers);
        float *tile = result + (ic + i) * ldc + jc + j;
        // The next tile's result rows, which its first chain reads (or
        // writes), come into cache while this tile computes.
        for (int64_t r = i + kTileRows, e = std::min(rows, i + 2 * kTileRows);
             r < e; ++r)
          for (int64_t q = 0; q < count; q += 16)
            _mm_prefetch(reinterpret_cast<const char *>(
                             result + (ic + r) * ldc + jc + j + q),
                         _MM_HINT_T0);
        const float *sliver = packedLhs + i * depth;
        int64_t tileRows = std::min(kTileRows, rows - i);
        bool accumulate = pc > 0;
        int64_t prefetch = inPlace ? kPrefetchRows : 0;
        if (vectors == 3)
          multiplyTile<3>(depth, sliver, panel, ldb, tile, ldc, tileRows, mask,
                          accumulate, prefetch);
        else if (vectors == 2)
          multiplyTile<2>(depth, sliver, panel, ldb, tile, ldc, tileRows, mask,
                          accumulate, prefetch);
        else
          multiplyTile<1>(depth, sliver, panel, ldb, tile, ldc, tileRows, mask,
                          accumulate, prefetch);
        // The tile is final after the last K block: the epilogue finds it
        // in L1.
        if (epilogue && last)
          epilogue->apply(ic + i, ic + i + tileRows, jc + j, jc + j + count);
      }
    }
  }
}

/// The packed lhs of a row block of a product of `rows` rows by `b`:
/// slivers of whole tiles, `depth` deep.
size_t packedLhsFloats(int64_t rows, int64_t depth, const GemmOperand &b) {
  return static_cast<size_t>(
      (std::min(rows, getBlockRows(rows, b)) + kTileRows - 1) / kTileRows *
      kTileRows * std::min(depth, kDepth));
}

/// The packed rhs of a block of at most `cols` columns and `depth` rows.
size_t packedRhsFloats(int64_t cols, int64_t depth) {
  return static_cast<size_t>((std::min(cols, kBlockCols) + kTileCols) *
                             std::min(depth, kDepth));
}

HLOX_AVX512 bool runAvx512(int64_t m, int64_t n, int64_t k,
                           const GemmOperand &lhs, const GemmOperand &rhs,
                           float *result, int64_t ldc,
                           const GemmEpilogue *epilogue) {
  const bool inPlace = m <= kDirectRows && rhs.colStride == 1;
  const int64_t blockCols = inPlace ? n : std::min(n, kBlockCols);
  float *packedLhs =
      Scratch::grow(scratch.lhs, scratch.lhsFloats, packedLhsFloats(m, k, rhs));
  float *packedRhs = inPlace ? nullptr
                             : Scratch::grow(scratch.rhs, scratch.rhsFloats,
                                             packedRhsFloats(blockCols, k));
  if (!packedLhs || (!inPlace && !packedRhs))
    return false;
  // A row-major rhs is packed whole, reading it in the order of memory
  // (reading it a panel at a time, 48 columns of each row, is what made
  // 2048^3 on 2 threads 8% slower than oneDNN), unless the rows are few
  // enough to be one row block (kPanelPackedRows); a transposed rhs, whose
  // panels are whole rows of it, and those few rows' rhs a panel at a time
  // by the first row block, just before its tiles use it.
  const RhsSource source = inPlace ? RhsSource::InPlace
                           : rhs.colStride == 1 && m > kPanelPackedRows
                               ? RhsSource::Packed
                               : RhsSource::PackedByPanel;
  for (int64_t jc = 0; jc < n; jc += blockCols) {
    int64_t cols = std::min(blockCols, n - jc);
    for (int64_t pc = 0; pc < k; pc += kDepth) {
      int64_t depth = std::min(kDepth, k - pc);
      GemmOperand b{rhs.data + pc * rhs.rowStride + jc * rhs.colStride,
                    rhs.rowStride, rhs.colStride};
      if (source == RhsSource::Packed)
        packRhs(b, depth, cols, packedRhs);
      multiplyBlock(m, cols, depth, pc, jc, pc + depth == k, lhs, b, source,
                    packedLhs, packedRhs, result, ldc, epilogue);
    }
  }
  return true;
}

/// runTeam's loops: those of runAvx512 for a row-major rhs, each K block
/// packed by the whole team into one of its two blocks, alternately.
HLOX_AVX512 bool runTeamAvx512(GemmTeam &team, int member, int64_t m, int64_t n,
                               int64_t k, const GemmOperand &lhs,
                               const GemmOperand &rhs, float *result,
                               int64_t ldc, const GemmEpilogue *epilogue,
                               float *shared, size_t blockFloats,
                               float *packedLhs, size_t lhsFloats) {
  const int members = team.getNumMembers();
  const int64_t row = team.rowBegin(member, m);
  const int64_t rows = team.rowBegin(member + 1, m) - row;
  // A member whose share does not fit the team's memory still packs and
  // waits with the others, so that none of them waits for it forever.
  bool ok = packedLhsFloats(rows, k, rhs) <= lhsFloats;
  GemmOperand a{lhs.data + row * lhs.rowStride, lhs.rowStride, lhs.colStride};
  GemmEpilogue part;
  if (epilogue) {
    part = *epilogue;
    part.row += row;
  }
  int64_t step = 0;
  for (int64_t jc = 0; jc < n; jc += kBlockCols) {
    int64_t cols = std::min(kBlockCols, n - jc);
    int64_t panels = (cols + kTileCols - 1) / kTileCols;
    for (int64_t pc = 0; pc < k; pc += kDepth, ++step) {
      int64_t depth = std::min(kDepth, k - pc);
      float *packed = shared + (step % 2) * blockFloats;
      GemmOperand b{rhs.data + pc * rhs.rowStride + jc, rhs.rowStride, 1};
      // This member's panels of the block, in the order of memory.
      int64_t first = panels * member / members * kTileCols;
      int64_t end = std::min(cols, panels * (member + 1) / members * kTileCols);
      if (first < end)
        packRhsByRows(GemmOperand{b.data + first, b.rowStride, 1}, depth,
                      end - first, packed + first * depth);
      // The block is whole once every member has packed its share; the
      // other block, which the next step packs, was last read before the
      // members met here.
      team.wait();
      if (ok && rows > 0)
        multiplyBlock(rows, cols, depth, pc, jc, pc + depth == k, a, b,
                      RhsSource::Packed, packedLhs, packed, result + row * ldc,
                      ldc, epilogue ? &part : nullptr);
    }
  }
  return ok;
}

#endif // HLOX_GEMM_AVX512

Avx512Switch vectorKernel;

} // namespace

// The epilogue comes from the JIT: UBSan's function-type check would read
// a signature prefix before its entry that generated code does not have.
#if defined(__clang__)
__attribute__((no_sanitize("function")))
#endif
void GemmEpilogue::apply(int64_t r0, int64_t r1, int64_t c0,
                         int64_t c1) const {
  fn(bindings, row + r0, row + r1, col + c0, col + c1);
}

GemmTeam::GemmTeam(int members, int64_t m, int64_t n, int64_t k)
    : members(members) {
#ifdef HLOX_GEMM_AVX512
  // Whole cache lines per block and per member's lhs.
  blockFloats = (packedRhsFloats(n, k) + 15) / 16 * 16;
  GemmOperand rowMajor{nullptr, n, 1};
  for (int member = 0; member < members; ++member)
    lhsFloats = std::max(lhsFloats, packedLhsFloats(rowBegin(member + 1, m) -
                                                        rowBegin(member, m),
                                                    k, rowMajor));
  lhsFloats = (lhsFloats + 15) / 16 * 16;
  memory = TeamMemory::get().acquire(2 * blockFloats + members * lhsFloats,
                                     capacity);
#else
  (void)m;
  (void)n;
  (void)k;
#endif
}

GemmTeam::~GemmTeam() {
#ifdef HLOX_GEMM_AVX512
  if (memory)
    TeamMemory::get().release(memory, capacity);
#endif
}

int64_t GemmTeam::rowBegin(int member, int64_t m) const {
#ifdef HLOX_GEMM_AVX512
  int64_t tiles = (m + kTileRows - 1) / kTileRows;
  return std::min(m, tiles * member / members * kTileRows);
#else
  return m * member / members;
#endif
}

void GemmTeam::wait() {
  uint32_t current = phase.load(std::memory_order_acquire);
  if (arrived.fetch_add(1, std::memory_order_acq_rel) + 1 == members) {
    arrived.store(0, std::memory_order_relaxed);
    phase.store(current + 1, std::memory_order_release);
    phase.notify_all();
    return;
  }
  // The others are usually microseconds away: poll a while, then sleep
  // (a member whose thread the machine descheduled must not cost the
  // others a core).
  for (int i = 0; i < kSpins; ++i) {
    if (phase.load(std::memory_order_acquire) != current)
      return;
#ifdef HLOX_GEMM_AVX512
    _mm_pause();
#endif
  }
  while (phase.load(std::memory_order_acquire) == current)
    phase.wait(current, std::memory_order_acquire);
}

bool Gemm::suitsTeam(int members, int64_t m, int64_t n, int64_t k,
                     const GemmOperand &rhs) {
#ifdef HLOX_GEMM_AVX512
  return members > 1 && k > 0 && rhs.colStride == 1 && n >= kTileCols &&
         m >= members * kBlockRows && cpuHasAvx512();
#else
  (void)members, (void)m, (void)n, (void)k, (void)rhs;
  return false;
#endif
}

bool Gemm::runTeam(GemmTeam &team, int member, int64_t m, int64_t n, int64_t k,
                   const GemmOperand &lhs, const GemmOperand &rhs,
                   float *result, int64_t ldc, const GemmEpilogue *epilogue) {
#ifdef HLOX_GEMM_AVX512
  if (team.isReady() && rhs.colStride == 1 && k > 0 && n > 0 &&
      cpuHasAvx512() && team.blockFloats >= packedRhsFloats(n, k))
    return runTeamAvx512(team, member, m, n, k, lhs, rhs, result, ldc, epilogue,
                         team.memory, team.blockFloats,
                         team.memory + 2 * team.blockFloats +
                             member * team.lhsFloats,
                         team.lhsFloats);
#else
  (void)team, (void)member, (void)m, (void)n, (void)k, (void)lhs, (void)rhs,
      (void)result, (void)ldc, (void)epilogue;
#endif
  return false;
}

bool Gemm::run(int64_t m, int64_t n, int64_t k, const GemmOperand &lhs,
               const GemmOperand &rhs, float *result, int64_t ldc,
               const GemmEpilogue *epilogue) {
  if (m <= 0 || n <= 0)
    return true;
  if (k <= 0) {
    for (int64_t i = 0; i < m; ++i)
      std::fill(result + i * ldc, result + i * ldc + n, 0.0f);
    if (epilogue)
      epilogue->apply(0, m, 0, n);
    return true;
  }
#ifdef HLOX_GEMM_AVX512
  if (cpuHasAvx512()) {
    if (isDotProduct(m, lhs, rhs))
      return runDotAvx512(m, n, k, lhs, rhs, result, ldc, epilogue);
    return runAvx512(m, n, k, lhs, rhs, result, ldc, epilogue);
  }
#endif
  return false;
}

bool Gemm::isDotProduct(int64_t m, const GemmOperand &lhs,
                        const GemmOperand &rhs) {
  return m <= kDotRows && lhs.colStride == 1 && rhs.rowStride == 1;
}

bool Gemm::hasVectorKernel() { return vectorKernel.isOn(); }

void Gemm::setVectorKernelEnabled(bool enabled) {
  vectorKernel.setEnabled(enabled);
}
