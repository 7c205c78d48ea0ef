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
// (Gemm::isDotProduct), with 16 lane sums added as a tree.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_RUNTIME_GEMM_H
#define HLOX_RUNTIME_GEMM_H

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
