//===- BlasLt.cpp - cuBLASLt, loaded at run time --------------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/runtime/cuda/BlasLt.h"

#include "SharedLibrary.h"

using namespace hlox::runtime;
using namespace hlox::runtime::cuda;

BlasLt::~BlasLt() {
  if (library)
    dlclose(library);
}

Status BlasLt::check(cublasStatus_t result, const std::string &what) const {
  if (result == blaslt::kSuccess)
    return {};
  const char *name =
      functions.getStatusName ? functions.getStatusName(result) : nullptr;
  return Status::error(
      what + ": " +
      (name ? std::string(name) : "cuBLAS status " + std::to_string(result)));
}

std::shared_ptr<BlasLt> BlasLt::get(Status &status) {
  return loadOncePerProcess<BlasLt>(
      status, [](Status &failure) -> std::shared_ptr<BlasLt> {
        std::shared_ptr<BlasLt> blas(new BlasLt());
        std::string errors;
        blas->library = openFirstLibrary(
            getLibraryCandidates("HLOX_CUBLASLT",
                                 {"libcublasLt.so.13", "libcublasLt.so.12",
                                  "libcublasLt.so",
                                  "/usr/local/cuda/lib64/libcublasLt.so.13",
                                  "/usr/local/cuda/lib64/libcublasLt.so.12"}),
            blas->path, errors);
        if (!blas->library) {
          failure = Status::error(
              "cannot load cuBLASLt, which runs the matrix products of GPU "
              "programs (set HLOX_CUBLASLT to its path)" +
              errors);
          return nullptr;
        }
        BlasLtApi &api = blas->functions;
        EntryPoints entry(blas->library);
        entry.bind("cublasLtCreate", api.create);
        entry.bind("cublasLtDestroy", api.destroy);
        entry.bind("cublasLtGetStatusName", api.getStatusName);
        entry.bind("cublasLtMatmulDescCreate", api.descCreate);
        entry.bind("cublasLtMatmulDescSetAttribute", api.descSetAttribute);
        entry.bind("cublasLtMatmulDescDestroy", api.descDestroy);
        entry.bind("cublasLtMatrixLayoutCreate", api.layoutCreate);
        entry.bind("cublasLtMatrixLayoutSetAttribute", api.layoutSetAttribute);
        entry.bind("cublasLtMatrixLayoutDestroy", api.layoutDestroy);
        entry.bind("cublasLtMatmulPreferenceCreate", api.preferenceCreate);
        entry.bind("cublasLtMatmulPreferenceSetAttribute",
                   api.preferenceSetAttribute);
        entry.bind("cublasLtMatmulPreferenceDestroy", api.preferenceDestroy);
        entry.bind("cublasLtMatmulAlgoGetHeuristic", api.algoGetHeuristic);
        entry.bind("cublasLtMatmul", api.matmul);
        if (const char *missing = entry.getMissing()) {
          failure = Status::error("cuBLASLt at " + blas->path +
                                  " has no entry point " + missing);
          return nullptr;
        }
        return blas;
      });
}

/// A product shape's descriptors and algorithm.
struct MatmulPlans::Plan {
  const BlasLtApi *api = nullptr;
  cublasLtMatmulDesc_t desc = nullptr;
  /// cuBLASLt's A (hlox's rhs), B (hlox's lhs) and C = D (the result).
  cublasLtMatrixLayout_t a = nullptr, b = nullptr, c = nullptr;
  BlasLtAlgo algo = {};

  ~Plan() {
    for (cublasLtMatrixLayout_t layout : {a, b, c})
      if (layout)
        (void)api->layoutDestroy(layout);
    if (desc)
      (void)api->descDestroy(desc);
  }
};

std::unique_ptr<MatmulPlans> MatmulPlans::create(std::shared_ptr<Driver> driver,
                                                 Status &status) {
  std::shared_ptr<BlasLt> library = BlasLt::get(status);
  if (!library)
    return nullptr;
  std::unique_ptr<MatmulPlans> plans(new MatmulPlans());
  plans->driver = std::move(driver);
  plans->library = std::move(library);
  if (!(status = plans->library->check(
            plans->library->api().create(&plans->handle), "cublasLtCreate")))
    return nullptr;
  if (!(status = plans->driver->check(
            plans->driver->api().cuMemAlloc(&plans->workspace, kWorkspaceBytes),
            "allocating cuBLASLt's workspace")))
    return nullptr;
  return plans;
}

MatmulPlans::~MatmulPlans() {
  plans.clear();
  if (workspace)
    (void)driver->api().cuMemFree(workspace);
  if (handle)
    (void)library->api().destroy(handle);
}

/// The cuBLASLt epilogue of `spec`'s bias and activation (the addend is
/// C).
static uint32_t getEpilogue(const MatmulSpec &spec) {
  if (spec.relu)
    return spec.bias ? blaslt::kEpilogueReluBias : blaslt::kEpilogueRelu;
  if (spec.geluTanh)
    return spec.bias ? blaslt::kEpilogueGeluBias : blaslt::kEpilogueGelu;
  return spec.bias ? blaslt::kEpilogueBias : blaslt::kEpilogueDefault;
}

Status MatmulPlans::getPlan(const MatmulSpec &spec, const Plan *&found) {
  Key key{spec.batch,
          spec.m,
          spec.n,
          spec.k,
          spec.transposeLhs,
          spec.transposeRhs,
          spec.operandElement,
          spec.resultElement,
          getEpilogue(spec)};
  if (auto it = plans.find(key); it != plans.end()) {
    found = it->second.get();
    return {};
  }
  const BlasLtApi &api = library->api();
  auto plan = std::make_unique<Plan>();
  plan->api = &api;
  std::string shape = std::to_string(spec.batch) + "x" +
                      std::to_string(spec.m) + "x" + std::to_string(spec.n) +
                      "x" + std::to_string(spec.k) + " " +
                      getMatmulElementName(spec.operandElement) + "->" +
                      getMatmulElementName(spec.resultElement);
  auto check = [&](cublasStatus_t result, const char *what) {
    return library->check(result,
                          std::string(what) + " for a " + shape + " product");
  };
  if (Status status = check(
          api.descCreate(&plan->desc, blaslt::kCompute32F, blaslt::kTypeF32),
          "cublasLtMatmulDescCreate");
      !status)
    return status;
  // Column-major: D (n x m) = op(rhs) (n x k) x op(lhs) (k x m).
  int32_t opA = spec.transposeRhs ? blaslt::kOpT : blaslt::kOpN;
  int32_t opB = spec.transposeLhs ? blaslt::kOpT : blaslt::kOpN;
  if (Status status =
          check(api.descSetAttribute(plan->desc, blaslt::kDescTransA, &opA,
                                     sizeof(opA)),
                "setting TRANSA");
      !status)
    return status;
  if (Status status =
          check(api.descSetAttribute(plan->desc, blaslt::kDescTransB, &opB,
                                     sizeof(opB)),
                "setting TRANSB");
      !status)
    return status;
  if (uint32_t epilogue = getEpilogue(spec);
      epilogue != blaslt::kEpilogueDefault)
    if (Status status =
            check(api.descSetAttribute(plan->desc, blaslt::kDescEpilogue,
                                       &epilogue, sizeof(epilogue)),
                  "setting the epilogue");
        !status)
      return status;
  auto typeOf = [](MatmulElement element) {
    return element == MatmulElement::BF16  ? blaslt::kTypeBF16
           : element == MatmulElement::F16 ? blaslt::kTypeF16
                                           : blaslt::kTypeF32;
  };
  int operandType = typeOf(spec.operandElement);
  int resultType = typeOf(spec.resultElement);
  // Each layout is the stored matrix, before its op: `rows` x `columns`
  // in column major, one of `batch` every `stride` elements.
  auto makeLayout = [&](cublasLtMatrixLayout_t &layout, int type, int64_t rows,
                        int64_t columns) -> Status {
    if (Status status =
            check(api.layoutCreate(&layout, type, static_cast<uint64_t>(rows),
                                   static_cast<uint64_t>(columns), rows),
                  "cublasLtMatrixLayoutCreate");
        !status)
      return status;
    if (spec.batch == 1)
      return {};
    auto count = static_cast<int32_t>(spec.batch);
    int64_t stride = rows * columns;
    if (Status status =
            check(api.layoutSetAttribute(layout, blaslt::kLayoutBatchCount,
                                         &count, sizeof(count)),
                  "setting the batch count");
        !status)
      return status;
    return check(api.layoutSetAttribute(layout, blaslt::kLayoutBatchStride,
                                        &stride, sizeof(stride)),
                 "setting the batch stride");
  };
  // The row-major rhs is k x n (n x k transposed): read in column major,
  // n x k (k x n). The lhs likewise; the row-major m x n result is n x m.
  if (Status status = spec.transposeRhs
                          ? makeLayout(plan->a, operandType, spec.k, spec.n)
                          : makeLayout(plan->a, operandType, spec.n, spec.k);
      !status)
    return status;
  if (Status status = spec.transposeLhs
                          ? makeLayout(plan->b, operandType, spec.m, spec.k)
                          : makeLayout(plan->b, operandType, spec.k, spec.m);
      !status)
    return status;
  if (Status status = makeLayout(plan->c, resultType, spec.n, spec.m); !status)
    return status;
  cublasLtMatmulPreference_t preference = nullptr;
  if (Status status = check(api.preferenceCreate(&preference),
                            "cublasLtMatmulPreferenceCreate");
      !status)
    return status;
  uint64_t maxWorkspace = kWorkspaceBytes;
  BlasLtHeuristic heuristic = {};
  int returned = 0;
  Status status =
      check(api.preferenceSetAttribute(preference, blaslt::kPrefMaxWorkspace,
                                       &maxWorkspace, sizeof(maxWorkspace)),
            "setting the workspace size");
  if (status)
    status = check(api.algoGetHeuristic(handle, plan->desc, plan->a, plan->b,
                                        plan->c, plan->c, preference, 1,
                                        &heuristic, &returned),
                   "cublasLtMatmulAlgoGetHeuristic");
  (void)api.preferenceDestroy(preference);
  if (!status)
    return status;
  if (returned < 1 || heuristic.state != blaslt::kSuccess)
    return Status::error("cuBLASLt has no algorithm for a " + shape +
                         " product");
  plan->algo = heuristic.algo;
  found = plan.get();
  plans.emplace(key, std::move(plan));
  return {};
}

Status MatmulPlans::run(const MatmulSpec &spec, const void *lhs,
                        const void *rhs, const void *bias, const void *addend,
                        void *result, CUstream stream) {
  if (spec.epilogue || spec.hloxKernel)
    return Status::error("a GPU matrix product takes no epilogue dispatch "
                         "and no hlox kernel");
  if (spec.bias != (bias != nullptr) || spec.addend != (addend != nullptr))
    return Status::error("a GPU matrix product's bias or addend is missing");
  if (spec.batch <= 0 || spec.m <= 0 || spec.n <= 0)
    return {};
  // An empty sum: zeros (the selection never makes one with an epilogue:
  // it does no work).
  if (spec.k <= 0) {
    if (spec.hasLibraryEpilogue())
      return Status::error("an empty GPU matrix product with an epilogue");
    return driver->check(
        driver->api().cuMemsetD8Async(
            toDeviceAddress(result), 0,
            static_cast<size_t>(spec.batch * spec.m * spec.n) *
                static_cast<size_t>(getMatmulElementBytes(spec.resultElement)),
            stream),
        "cuMemsetD8Async");
  }
  const Plan *plan = nullptr;
  if (Status status = getPlan(spec, plan); !status)
    return status;
  const BlasLtApi &api = library->api();
  if (bias)
    if (Status status = library->check(
            api.descSetAttribute(plan->desc, blaslt::kDescBiasPointer, &bias,
                                 sizeof(bias)),
            "setting the bias pointer");
        !status)
      return status;
  // D = 1 x op(A) op(B) + beta x C: C is the addend, else D itself unread.
  float one = 1.0f, beta = addend ? 1.0f : 0.0f;
  const void *c = addend ? addend : result;
  return library->check(api.matmul(handle, plan->desc, &one, rhs, plan->a, lhs,
                                   plan->b, &beta, c, plan->c, result, plan->c,
                                   &plan->algo, toPointer(workspace),
                                   kWorkspaceBytes, stream),
                        "cublasLtMatmul");
}
