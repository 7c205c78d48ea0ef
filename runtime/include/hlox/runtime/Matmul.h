//===- Matmul.h - Matrix products by hlox's kernel or oneDNN ----*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// The Matmul command: a batched f32 matrix product computed by oneDNN's
// matrix product primitives, or by hlox's own kernel (Gemm.h) when the
// spec asks for it and the CPU has AVX-512, with the rows (or the columns)
// split over the device's threads.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_RUNTIME_MATMUL_H
#define HLOX_RUNTIME_MATMUL_H

#include "hlox/runtime/Device.h"
#include "hlox/runtime/Gemm.h"
#include "hlox/runtime/HostProgram.h"
#include "hlox/runtime/Status.h"

#include <memory>

namespace hlox::runtime {

/// Checks a MatmulSpec against its operands' and result's types: sizes
/// positive or zero, elements of spec.operandElement and
/// spec.resultElement, element counts batch x m x k,
/// batch x k x n and batch x m x n; the bias (spec.bias) n elements and
/// the addend (spec.addend) the result's, both of its element size.
Status verifyMatmul(const MatmulSpec &spec, const BufferType &lhs,
                    const BufferType &rhs, const BufferType *bias,
                    const BufferType *addend, const BufferType &result);

/// A Matmul command ready to run: oneDNN matrix product primitives, one per
/// shape of the pieces the device's threads compute, made on first use.
class Matmul {
public:
  explicit Matmul(const MatmulSpec &spec);
  ~Matmul();
  Matmul(const Matmul &) = delete;
  Matmul &operator=(const Matmul &) = delete;

  /// Whether the command computes with hlox's kernel (the spec asks for it
  /// and Gemm::hasVectorKernel()), else with oneDNN.
  static bool usesHloxKernel(const MatmulSpec &spec);

  /// result = lhs x rhs as the spec says (verifyMatmul accepted it). Each
  /// thread of `device` computes a range of the batch's rows, one
  /// single-threaded primitive per run of whole matrices and per part of a
  /// matrix it touches, so that the library's own threads never compete
  /// with the device's; its scratch memory is the thread's, kept across
  /// calls (no fresh pages in the steady state).
  /// With the spec's `epilogue`, `epilogue` is its kernel and bindings
  /// (the product, the epilogue's operands, the result: `result` both
  /// times), and each thread applies it to the tiles of its part of the
  /// product as they are finished: hlox's kernel per register tile, oneDNN
  /// per part of a matrix it computes.
  Status run(Device &device, const float *lhs, const float *rhs, float *result,
             const GemmEpilogue *epilogue = nullptr);

private:
  struct Impl;
  std::unique_ptr<Impl> impl;
};

} // namespace hlox::runtime

#endif // HLOX_RUNTIME_MATMUL_H
