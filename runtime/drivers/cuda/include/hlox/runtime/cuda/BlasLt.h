//===- BlasLt.h - cuBLASLt, loaded at run time ------------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// The matrix products of GPU programs (the Matmul command) run on cuBLASLt,
// which, like the driver, is opened with dlopen when the first product
// needs it: the runtime links no CUDA library. The types below are the ones
// of `cublasLt.h` the runtime uses, declared with the ABI cuBLASLt
// documents (handles are pointers, enums and statuses ints), so that
// building needs no CUDA toolkit.
//
// A product of row-major operands is computed as cuBLASLt's column-major
// product of the same bytes with the operands swapped: C = A x B in row
// major is C^T = B^T x A^T in column major, and a row-major matrix read as
// column-major is its transpose. The products are f32 with f32 arithmetic
// (CUBLAS_COMPUTE_32F: no TF32 rounding of the operands), or bf16 or f16
// operands on tensor cores with the same f32 arithmetic and an f32 result
// or one of their type.
// A product's epilogue is cuBLASLt's (CUBLASLT_MATMUL_DESC_EPILOGUE): the
// row-major result's bias along its columns is the column-major D's along
// its rows, which is what CUBLASLT_EPILOGUE_BIAS adds; an addend is C,
// with beta = 1.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_RUNTIME_CUDA_BLASLT_H
#define HLOX_RUNTIME_CUDA_BLASLT_H

#include "hlox/runtime/HostProgram.h"
#include "hlox/runtime/Status.h"
#include "hlox/runtime/cuda/Driver.h"

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <tuple>

namespace hlox::runtime::cuda {

using cublasStatus_t = int;
using cublasLtHandle_t = struct cublasLtContext *;
using cublasLtMatmulDesc_t = struct cublasLtMatmulDescOpaque_t *;
using cublasLtMatrixLayout_t = struct cublasLtMatrixLayoutOpaque_t *;
using cublasLtMatmulPreference_t = struct cublasLtMatmulPreferenceOpaque_t *;

/// cublasLtMatmulAlgo_t.
struct BlasLtAlgo {
  uint64_t data[8];
};
/// cublasLtMatmulHeuristicResult_t.
struct BlasLtHeuristic {
  BlasLtAlgo algo;
  size_t workspaceSize;
  cublasStatus_t state;
  float wavesCount;
  int reserved[4];
};

/// The constants of cublasLt.h, cublas_api.h and library_types.h used.
namespace blaslt {
inline constexpr cublasStatus_t kSuccess = 0;
/// CUBLAS_COMPUTE_32F and CUDA_R_32F.
inline constexpr int kCompute32F = 68;
inline constexpr int kTypeF32 = 0;
/// CUDA_R_16BF and CUDA_R_16F.
inline constexpr int kTypeBF16 = 14;
inline constexpr int kTypeF16 = 2;
/// CUBLAS_OP_N and CUBLAS_OP_T.
inline constexpr int32_t kOpN = 0;
inline constexpr int32_t kOpT = 1;
/// cublasLtMatmulDescAttributes_t: CUBLASLT_MATMUL_DESC_TRANSA, _TRANSB.
inline constexpr int kDescTransA = 3;
inline constexpr int kDescTransB = 4;
/// CUBLASLT_MATMUL_DESC_EPILOGUE (uint32_t) and _BIAS_POINTER (void *).
inline constexpr int kDescEpilogue = 7;
inline constexpr int kDescBiasPointer = 8;
/// cublasLtEpilogue_t: CUBLASLT_EPILOGUE_DEFAULT, _RELU, _BIAS, _RELU_BIAS,
/// _GELU, _GELU_BIAS.
inline constexpr uint32_t kEpilogueDefault = 1;
inline constexpr uint32_t kEpilogueRelu = 2;
inline constexpr uint32_t kEpilogueBias = 4;
inline constexpr uint32_t kEpilogueReluBias = 6;
inline constexpr uint32_t kEpilogueGelu = 32;
inline constexpr uint32_t kEpilogueGeluBias = 36;
/// cublasLtMatrixLayoutAttribute_t: CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT
/// (int32_t) and _STRIDED_BATCH_OFFSET (int64_t, in elements).
inline constexpr int kLayoutBatchCount = 5;
inline constexpr int kLayoutBatchStride = 6;
/// CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES (uint64_t).
inline constexpr int kPrefMaxWorkspace = 1;
} // namespace blaslt

/// cuBLASLt's entry points the runtime uses.
struct BlasLtApi {
  cublasStatus_t (*create)(cublasLtHandle_t *handle);
  cublasStatus_t (*destroy)(cublasLtHandle_t handle);
  const char *(*getStatusName)(cublasStatus_t status);
  cublasStatus_t (*descCreate)(cublasLtMatmulDesc_t *desc, int computeType,
                               int scaleType);
  cublasStatus_t (*descSetAttribute)(cublasLtMatmulDesc_t desc, int attribute,
                                     const void *value, size_t bytes);
  cublasStatus_t (*descDestroy)(cublasLtMatmulDesc_t desc);
  cublasStatus_t (*layoutCreate)(cublasLtMatrixLayout_t *layout, int type,
                                 uint64_t rows, uint64_t columns,
                                 int64_t leading);
  cublasStatus_t (*layoutSetAttribute)(cublasLtMatrixLayout_t layout,
                                       int attribute, const void *value,
                                       size_t bytes);
  cublasStatus_t (*layoutDestroy)(cublasLtMatrixLayout_t layout);
  cublasStatus_t (*preferenceCreate)(cublasLtMatmulPreference_t *preference);
  cublasStatus_t (*preferenceSetAttribute)(
      cublasLtMatmulPreference_t preference, int attribute, const void *value,
      size_t bytes);
  cublasStatus_t (*preferenceDestroy)(cublasLtMatmulPreference_t preference);
  cublasStatus_t (*algoGetHeuristic)(
      cublasLtHandle_t handle, cublasLtMatmulDesc_t desc,
      cublasLtMatrixLayout_t a, cublasLtMatrixLayout_t b,
      cublasLtMatrixLayout_t c, cublasLtMatrixLayout_t d,
      cublasLtMatmulPreference_t preference, int requested,
      BlasLtHeuristic *results, int *returned);
  cublasStatus_t (*matmul)(cublasLtHandle_t handle, cublasLtMatmulDesc_t desc,
                           const void *alpha, const void *a,
                           cublasLtMatrixLayout_t aLayout, const void *b,
                           cublasLtMatrixLayout_t bLayout, const void *beta,
                           const void *c, cublasLtMatrixLayout_t cLayout,
                           void *d, cublasLtMatrixLayout_t dLayout,
                           const BlasLtAlgo *algo, void *workspace,
                           size_t workspaceBytes, CUstream stream);
};

/// The loaded cuBLASLt library of this process.
class BlasLt {
public:
  /// Loaded on the first call: $HLOX_CUBLASLT when set, else
  /// libcublasLt.so.13, .12 or .so where the dynamic loader finds one, else
  /// the CUDA toolkit's (/usr/local/cuda/lib64). Null, with `status`
  /// saying why, where there is none.
  static std::shared_ptr<BlasLt> get(Status &status);

  ~BlasLt();
  BlasLt(const BlasLt &) = delete;
  BlasLt &operator=(const BlasLt &) = delete;

  const BlasLtApi &api() const { return functions; }
  /// Ok for CUBLAS_STATUS_SUCCESS, else "`what`: CUBLAS_STATUS_...".
  Status check(cublasStatus_t result, const std::string &what) const;

private:
  BlasLt() = default;

  void *library = nullptr;
  std::string path;
  BlasLtApi functions = {};
};

/// The products one device runs: a cuBLASLt handle, its workspace in the
/// device's memory, and per product shape its descriptors and the
/// algorithm cuBLASLt's heuristic picked (made on its first run). The
/// device's context must be current when it is used; one user at a time.
class MatmulPlans {
public:
  /// Bytes of device memory cuBLASLt may use as workspace.
  static constexpr size_t kWorkspaceBytes = size_t(32) << 20;

  /// Null, with `status` saying why, where cuBLASLt cannot be loaded or
  /// its handle or workspace made.
  static std::unique_ptr<MatmulPlans> create(std::shared_ptr<Driver> driver,
                                             Status &status);
  ~MatmulPlans();

  /// Starts result = lhs x rhs as `spec` says on `stream`, with the
  /// library's epilogue (`bias`, `addend` as spec.bias and spec.addend
  /// say, else null; no epilogue dispatch).
  Status run(const MatmulSpec &spec, const void *lhs, const void *rhs,
             const void *bias, const void *addend, void *result,
             CUstream stream);

private:
  struct Plan;
  using Key = std::tuple<int64_t, int64_t, int64_t, int64_t, bool, bool,
                         MatmulElement, MatmulElement, uint32_t>;

  MatmulPlans() = default;
  /// The plan of `spec`, made on first use.
  Status getPlan(const MatmulSpec &spec, const Plan *&plan);

  std::shared_ptr<Driver> driver;
  std::shared_ptr<BlasLt> library;
  cublasLtHandle_t handle = nullptr;
  CUdeviceptr workspace = 0;
  std::map<Key, std::unique_ptr<Plan>> plans;
};

} // namespace hlox::runtime::cuda

#endif // HLOX_RUNTIME_CUDA_BLASLT_H
