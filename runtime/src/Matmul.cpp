//===- Matmul.cpp - Matrix products through oneDNN ------------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/runtime/Matmul.h"

#include "OneDNN.h"

#include <algorithm>
#include <atomic>
#include <cstring>

using namespace hlox::runtime;

/// The work (multiply-adds) that pays for a chunk on another thread.
static constexpr int64_t kMultiplyAddsPerChunk = int64_t(1) << 19;

Status hlox::runtime::verifyMatmul(const MatmulSpec &spec,
                                   const BufferType &lhs,
                                   const BufferType &rhs,
                                   const BufferType &result) {
  if (spec.batch < 0 || spec.m < 0 || spec.n < 0 || spec.k < 0)
    return Status::error("matmul with a negative size");
  for (const BufferType *type : {&lhs, &rhs, &result})
    if (type->elementBytes != 4)
      return Status::error("matmul of " + type->str() +
                           ": the library computes on f32");
  if (lhs.getNumElements() != spec.batch * spec.m * spec.k ||
      rhs.getNumElements() != spec.batch * spec.k * spec.n ||
      result.getNumElements() != spec.batch * spec.m * spec.n)
    return Status::error("matmul of " + std::to_string(spec.batch) + " x " +
                         std::to_string(spec.m) + "x" +
                         std::to_string(spec.k) + " by " +
                         std::to_string(spec.k) + "x" +
                         std::to_string(spec.n) + " on " + lhs.str() + ", " +
                         rhs.str() + " -> " + result.str());
  return {};
}

Status hlox::runtime::runMatmul(Device &device, const MatmulSpec &spec,
                                const float *lhs, const float *rhs,
                                float *result) {
  const int64_t m = spec.m, n = spec.n, k = spec.k;
  if (spec.batch == 0 || m == 0 || n == 0)
    return {};
  if (k == 0) {
    std::memset(result, 0, sizeof(float) * spec.batch * m * n);
    return {};
  }
  std::atomic<dnnl_status_t> failed{dnnl_success};
  // Workgroup i is row i % m of matrix i / m; a chunk's rows of one matrix
  // are one call.
  int64_t minRows = std::max<int64_t>(1, kMultiplyAddsPerChunk / (n * k));
  device.dispatch(spec.batch * m, minRows, [&](int64_t begin, int64_t end) {
    // Each thread computes its rows alone.
    onednn::setNumThreads(1);
    while (begin < end) {
      int64_t matrix = begin / m, row = begin % m;
      int64_t rows = std::min(end - begin, m - row);
      const float *a = lhs + matrix * m * k +
                       (spec.transposeLhs ? row : row * k);
      const float *b = rhs + matrix * k * n;
      float *c = result + matrix * m * n + row * n;
      dnnl_status_t status = dnnl_sgemm(
          spec.transposeLhs ? 'T' : 'N', spec.transposeRhs ? 'T' : 'N', rows,
          n, k, 1.0f, a, spec.transposeLhs ? m : k, b,
          spec.transposeRhs ? k : n, 0.0f, c, n);
      if (status != dnnl_success)
        failed.store(status);
      begin += rows;
    }
  });
  if (dnnl_status_t status = failed.load(); status != dnnl_success)
    return onednn::error("sgemm", status);
  return {};
}
