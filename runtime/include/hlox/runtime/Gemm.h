//===- Gemm.h - hlox's own f32 matrix product kernel ------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// A single-threaded f32 matrix product on strided operands, with packed
// panels, cache blocking and an AVX-512 register tile. The Matmul command
// splits a product between the device's threads and gives each piece to
// this kernel where the CPU has AVX-512 (oneDNN computes it elsewhere).
//
// Each result element is the sum of its products in chains of
// Gemm::kChainLength fused multiply-adds, each chain started from zero and
// added to the result in order of k: the chains bound the rounding error
// (docs/numerics.md) below that of one chain over a library's K block.
// Products of few rows by a transposed rhs are dot products instead
// (Gemm::isDotProduct), with 16 lane sums added as a tree. Threads that
// split a product's rows between them can form a GemmTeam, which packs
// each block of a row-major rhs once for all of them.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_RUNTIME_GEMM_H
#define HLOX_RUNTIME_GEMM_H

#include <atomic>
#include <cstddef>
#include <cstdint>

namespace hlox::runtime {

/// A strided f32 matrix: element (i, j) is data[i * rowStride + j *
/// colStride].
struct GemmOperand {
  const float *data = nullptr;
  int64_t rowStride = 0;
  int64_t colStride = 0;
};

/// A compiled kernel that overwrites the tile [rowBegin, rowEnd) x
/// [colBegin, colEnd) of a product with its elementwise function of it (a
/// matrix product's epilogue, MatmulSpec::epilogue). Rows are numbered
/// across the batch's matrices.
using EpilogueFn = void (*)(void **bindings, int64_t rowBegin, int64_t rowEnd,
                            int64_t colBegin, int64_t colEnd);

/// An epilogue to apply to the product's tiles as they are finished.
struct GemmEpilogue {
  EpilogueFn fn = nullptr;
  void **bindings = nullptr;
  /// Where the part of the product a call computes lies in the whole
  /// product: its first row and column.
  int64_t row = 0;
  int64_t col = 0;

  /// Applies the epilogue to rows [r0, r1) and columns [c0, c1) of the
  /// part.
  void apply(int64_t r0, int64_t r1, int64_t c0, int64_t c1) const;
};

/// Threads that compute the rows of one product together (Gemm::runTeam):
/// for each block of the rhs, each member packs its share of the block's
/// panels into memory the team shares, all wait for one another, then
/// each multiplies its own rows by the whole block. A product split by
/// rows otherwise packs the whole rhs on every thread. Two blocks are
/// kept, so that the members meet once per block.
class GemmTeam {
public:
  /// A team of `members` threads for products of `m` rows, at most `n`
  /// columns and depth `k`. Its packing memory (the two rhs blocks and
  /// each member's packed lhs) comes from memory that teams hand on to
  /// the next team when they end, whichever thread makes it: the threads
  /// that run a program's products change from run to run, so memory kept
  /// per thread would take fresh pages on each thread in turn. Construct
  /// and use it on one thread at a time.
  GemmTeam(int members, int64_t m, int64_t n, int64_t k);
  ~GemmTeam();
  GemmTeam(const GemmTeam &) = delete;
  GemmTeam &operator=(const GemmTeam &) = delete;

  /// Whether the packing memory could be had; runTeam fails without it.
  bool isReady() const { return memory != nullptr; }
  int getNumMembers() const { return members; }
  /// The team's packing memory (tests: which memory a team was given).
  const float *getMemory() const { return memory; }
  /// The first row of `member`'s share of a product of `m` rows: the
  /// shares are whole register tiles but for the last, as even as they
  /// can be; rowBegin(members) is `m`.
  int64_t rowBegin(int member, int64_t m) const;

  /// Returns when every member has called it as often as this one: each
  /// polls for kSpins pauses, then sleeps.
  void wait();
  static constexpr int kSpins = 20000;

private:
  friend class Gemm;

  int members;
  /// The team's memory: two packed rhs blocks, `blockFloats` apart, then
  /// each member's packed lhs, `lhsFloats` apart.
  float *memory = nullptr;
  size_t capacity = 0;
  size_t blockFloats = 0;
  size_t lhsFloats = 0;
  std::atomic<int> arrived{0};
  std::atomic<uint32_t> phase{0};
};

class Gemm {
public:
  /// The products each chain of fused multiply-adds sums before it is
  /// added to the result.
  static constexpr int64_t kChainLength = 128;
  /// Products of at most this many rows whose operands both lie along k
  /// (isDotProduct) are dot products instead.
  static constexpr int64_t kDotRows = 8;

  /// Whether run() computes a product of `m` rows of these operands as
  /// dot products: few rows, a row-major lhs by a transposed rhs (x @
  /// W.T), both contiguous along k. Each rhs row then streams from memory
  /// once, and each result is the sum of 16 lane sums (lane l adding the
  /// products of k = l mod 16 in order), added as a tree (lane i and
  /// i + 8, then over 4, 2 and 1): a different order from the chains.
  static bool isDotProduct(int64_t m, const GemmOperand &lhs,
                           const GemmOperand &rhs);

  /// result[i * ldc + j] = sum over p < k of lhs(i, p) * rhs(p, j), for
  /// i < m and j < n, on the calling thread. Scratch memory for the packed
  /// panels is the thread's, kept across calls. Returns false, computing
  /// nothing, when the CPU lacks AVX-512 or that memory is exhausted. With
  /// an `epilogue`, each register tile of the result gets it once its last
  /// chain is stored, while the tile is in L1 (a dot product's result
  /// once it is whole).
  static bool run(int64_t m, int64_t n, int64_t k, const GemmOperand &lhs,
                  const GemmOperand &rhs, float *result, int64_t ldc,
                  const GemmEpilogue *epilogue = nullptr);

  /// run() of rows [team.rowBegin(member, m), team.rowBegin(member + 1,
  /// m)) of the product, by member `member` of `team` (the team's m; n and
  /// k within the team's): every member must call it, each on its own
  /// thread, all at once, with the same arguments. The rhs must be row-major
  /// (`rhs.colStride` 1). The results are run()'s, bit for bit; the
  /// epilogue sees the rows of the whole product. Returns false, its rows
  /// not computed, when the team is not ready, the CPU lacks AVX-512 or
  /// the member's share does not fit the team's memory (it still packs
  /// its share and waits with the others).
  static bool runTeam(GemmTeam &team, int member, int64_t m, int64_t n,
                      int64_t k, const GemmOperand &lhs, const GemmOperand &rhs,
                      float *result, int64_t ldc,
                      const GemmEpilogue *epilogue = nullptr);
  /// Whether runTeam computes a product of these sizes on `members`
  /// threads: a row-major rhs of at least a panel's columns, and enough
  /// rows that each member packs its lhs in blocks.
  static bool suitsTeam(int members, int64_t m, int64_t n, int64_t k,
                        const GemmOperand &rhs);

  /// Whether run() may be called: the CPU has AVX-512F and FMA, and the
  /// tests have not turned the kernel off.
  static bool hasVectorKernel();
  /// Lets hasVectorKernel() say yes where the CPU allows (`true`, the
  /// default), or makes it say no, so that tests cover both roads of the
  /// Matmul command.
  static void setVectorKernelEnabled(bool enabled);
};

} // namespace hlox::runtime

#endif // HLOX_RUNTIME_GEMM_H
