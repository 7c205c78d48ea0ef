//===- FakeDriver.cpp - A CUDA driver stand-in for tests without a GPU ----===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// The entry points of libcuda.so.1 the runtime's CUDA device calls, over
// host memory, so that the device's plumbing is tested where no GPU is:
// allocations, copies, module loading and launches. It runs no kernel.
// What a launch must satisfy is checked as a driver would: the kernel is an
// `.entry` of its module's PTX, the block has at most 1024 threads, and each
// pointer parameter the PTX declares points into memory this driver
// allocated. A violation makes the launch fail with CUDA_ERROR_INVALID_VALUE
// and is written to stderr.
//
// The same library stands in for libcublasLt.so ($HLOX_CUBLASLT): its
// f32 matrix products are computed, on the host, as cuBLASLt defines them
// (column-major layouts with leading dimensions, operations on A and B,
// strided batches), after checking that every matrix lies in memory this
// driver allocated; so a product's result is exact where no GPU runs.
// With $HLOX_FAKE_CUDA_LOG set, each launch and product appends a line to
// that file:
//
//   launch KERNEL grid X,Y,Z block X,Y,Z params N
//   cublasLtMatmul M x N x K batch B opA N|T opB N|T
//
//===----------------------------------------------------------------------===//

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace {

constexpr int kSuccess = 0;
constexpr int kInvalidValue = 1;
constexpr int kOutOfMemory = 2;
constexpr int kInvalidImage = 200;
constexpr int kNotFound = 500;

struct Module {
  std::string ptx;
};

struct Function {
  std::string name;
  /// Per parameter, whether the PTX declares it a pointer (.ptr).
  std::vector<bool> pointers;
};

std::mutex mutex;
/// Live allocations: address to byte size.
std::map<uintptr_t, size_t> allocations;

bool isDeviceAddress(uintptr_t address, size_t bytes = 0) {
  std::lock_guard<std::mutex> lock(mutex);
  auto next = allocations.upper_bound(address);
  if (next == allocations.begin())
    return false;
  --next;
  return address >= next->first &&
         address + bytes <= next->first + next->second;
}

void appendToLog(const std::string &line) {
  if (const char *log = std::getenv("HLOX_FAKE_CUDA_LOG")) {
    std::lock_guard<std::mutex> lock(mutex);
    if (FILE *file = std::fopen(log, "a")) {
      std::fprintf(file, "%s\n", line.c_str());
      std::fclose(file);
    }
  }
}

/// cuBLASLt's objects.
struct MatmulDesc {
  int computeType = 0;
  int scaleType = 0;
  int32_t transA = 0;
  int32_t transB = 0;
};
struct MatrixLayout {
  int type = 0;
  uint64_t rows = 0;
  uint64_t columns = 0;
  int64_t leading = 0;
  int32_t batchCount = 1;
  int64_t batchStride = 0;
};
/// cublasLtMatmulHeuristicResult_t.
struct Heuristic {
  uint64_t algo[8];
  size_t workspaceSize;
  int state;
  float wavesCount;
  int reserved[4];
};
constexpr int kBlasSuccess = 0;
constexpr int kBlasInvalidValue = 7;
constexpr int kBlasNotSupported = 15;

int blasFail(const std::string &why) {
  std::fprintf(stderr, "fake cuBLASLt: %s\n", why.c_str());
  return kBlasInvalidValue;
}

/// The parameters of `.entry name(...)` in `ptx`, or false when there is
/// no such entry.
bool findEntry(const std::string &ptx, const std::string &name,
               std::vector<bool> &pointers) {
  std::string key = ".entry " + name + "(";
  size_t start = ptx.find(key);
  if (start == std::string::npos)
    return false;
  start += key.size();
  size_t end = ptx.find(')', start);
  if (end == std::string::npos)
    return false;
  std::string list = ptx.substr(start, end - start);
  size_t at = 0;
  while ((at = list.find(".param", at)) != std::string::npos) {
    size_t comma = list.find(',', at);
    std::string param = list.substr(
        at, comma == std::string::npos ? std::string::npos : comma - at);
    pointers.push_back(param.find(".ptr") != std::string::npos);
    at += 6;
  }
  return true;
}

} // namespace

extern "C" {

int cuInit(unsigned) { return kSuccess; }
int cuDriverGetVersion(int *version) {
  *version = 13000;
  return kSuccess;
}
int cuGetErrorName(int error, const char **name) {
  switch (error) {
  case kSuccess:
    *name = "CUDA_SUCCESS";
    return kSuccess;
  case kInvalidValue:
    *name = "CUDA_ERROR_INVALID_VALUE";
    return kSuccess;
  case kOutOfMemory:
    *name = "CUDA_ERROR_OUT_OF_MEMORY";
    return kSuccess;
  case kInvalidImage:
    *name = "CUDA_ERROR_INVALID_IMAGE";
    return kSuccess;
  case kNotFound:
    *name = "CUDA_ERROR_NOT_FOUND";
    return kSuccess;
  default:
    return kInvalidValue;
  }
}
int cuGetErrorString(int error, const char **text) {
  *text = error == kSuccess ? "no error" : "an error of the fake driver";
  return kSuccess;
}
int cuDeviceGetCount(int *count) {
  *count = 1;
  return kSuccess;
}
int cuDeviceGet(int *device, int ordinal) {
  if (ordinal != 0)
    return kInvalidValue;
  *device = 0;
  return kSuccess;
}
int cuDeviceGetName(char *name, int length, int) {
  std::snprintf(name, length, "hlox fake CUDA device");
  return kSuccess;
}
int cuDeviceGetAttribute(int *value, int attribute, int) {
  // Compute capability 9.0.
  *value = attribute == 75 ? 9 : 0;
  return kSuccess;
}
int cuDeviceTotalMem_v2(size_t *bytes, int) {
  *bytes = size_t(1) << 30;
  return kSuccess;
}
int cuDevicePrimaryCtxRetain(void **context, int) {
  static int primary;
  *context = &primary;
  return kSuccess;
}
int cuDevicePrimaryCtxRelease_v2(int) { return kSuccess; }
int cuCtxSetCurrent(void *) { return kSuccess; }
int cuStreamCreate(void **stream, unsigned) {
  static int theStream;
  *stream = &theStream;
  return kSuccess;
}
int cuStreamDestroy_v2(void *) { return kSuccess; }
int cuStreamSynchronize(void *) { return kSuccess; }
int cuMemAlloc_v2(unsigned long long *address, size_t bytes) {
  if (bytes == 0)
    return kInvalidValue;
  void *memory = std::aligned_alloc(256, (bytes + 255) / 256 * 256);
  if (!memory)
    return kOutOfMemory;
  std::lock_guard<std::mutex> lock(mutex);
  allocations[reinterpret_cast<uintptr_t>(memory)] = bytes;
  *address = reinterpret_cast<uintptr_t>(memory);
  return kSuccess;
}
int cuMemFree_v2(unsigned long long address) {
  std::lock_guard<std::mutex> lock(mutex);
  auto found = allocations.find(static_cast<uintptr_t>(address));
  if (found == allocations.end())
    return kInvalidValue;
  allocations.erase(found);
  std::free(reinterpret_cast<void *>(static_cast<uintptr_t>(address)));
  return kSuccess;
}
int cuMemcpyAsync(unsigned long long target, unsigned long long source,
                  size_t bytes, void *) {
  std::memmove(reinterpret_cast<void *>(static_cast<uintptr_t>(target)),
               reinterpret_cast<const void *>(static_cast<uintptr_t>(source)),
               bytes);
  return kSuccess;
}
int cuModuleLoadDataEx(void **module, const void *image, unsigned, int *,
                       void **) {
  std::string ptx = static_cast<const char *>(image);
  if (ptx.find(".version") == std::string::npos ||
      ptx.find(".target") == std::string::npos)
    return kInvalidImage;
  *module = new Module{std::move(ptx)};
  return kSuccess;
}
int cuModuleUnload(void *module) {
  delete static_cast<Module *>(module);
  return kSuccess;
}
int cuModuleGetFunction(void **function, void *module, const char *name) {
  auto *function_ = new Function{name, {}};
  if (!findEntry(static_cast<Module *>(module)->ptx, name,
                 function_->pointers)) {
    delete function_;
    return kNotFound;
  }
  // The module owns its functions in a driver; here they live on (a test
  // loads few).
  *function = function_;
  return kSuccess;
}
int cuLaunchKernel(void *functionHandle, unsigned gridX, unsigned gridY,
                   unsigned gridZ, unsigned blockX, unsigned blockY,
                   unsigned blockZ, unsigned, void *, void **parameters,
                   void **) {
  const auto &function = *static_cast<Function *>(functionHandle);
  auto fail = [&](const std::string &why) {
    std::fprintf(stderr, "fake CUDA driver: launch of %s: %s\n",
                 function.name.c_str(), why.c_str());
    return kInvalidValue;
  };
  uint64_t threads = uint64_t(blockX) * blockY * blockZ;
  if (threads == 0 || threads > 1024)
    return fail("a block of " + std::to_string(threads) + " threads");
  if (gridX == 0 || gridY == 0 || gridZ == 0 || gridY > 65535 || gridZ > 65535)
    return fail("a bad grid");
  if (!function.pointers.empty() && !parameters)
    return fail("no parameters");
  for (size_t i = 0; i < function.pointers.size(); ++i) {
    if (!parameters[i])
      return fail("parameter " + std::to_string(i) + " is null");
    if (!function.pointers[i])
      continue;
    uintptr_t address;
    std::memcpy(&address, parameters[i], sizeof(address));
    if (!isDeviceAddress(address))
      return fail("pointer parameter " + std::to_string(i) +
                  " is not device memory");
  }
  char line[512];
  std::snprintf(line, sizeof(line),
                "launch %s grid %u,%u,%u block %u,%u,%u params %zu",
                function.name.c_str(), gridX, gridY, gridZ, blockX, blockY,
                blockZ, function.pointers.size());
  appendToLog(line);
  return kSuccess;
}

int cuMemsetD8Async(unsigned long long target, unsigned char value,
                    size_t bytes, void *) {
  if (!isDeviceAddress(static_cast<uintptr_t>(target), bytes))
    return kInvalidValue;
  std::memset(reinterpret_cast<void *>(static_cast<uintptr_t>(target)), value,
              bytes);
  return kSuccess;
}

//===----------------------------------------------------------------------===//
// cuBLASLt
//===----------------------------------------------------------------------===//

int cublasLtCreate(void **handle) {
  static int theHandle;
  *handle = &theHandle;
  return kBlasSuccess;
}
int cublasLtDestroy(void *) { return kBlasSuccess; }
const char *cublasLtGetStatusName(int status) {
  switch (status) {
  case kBlasSuccess:
    return "CUBLAS_STATUS_SUCCESS";
  case kBlasInvalidValue:
    return "CUBLAS_STATUS_INVALID_VALUE";
  case kBlasNotSupported:
    return "CUBLAS_STATUS_NOT_SUPPORTED";
  default:
    return "CUBLAS_STATUS_UNKNOWN";
  }
}
size_t cublasLtGetVersion() { return 130000; }
int cublasLtMatmulDescCreate(void **desc, int computeType, int scaleType) {
  *desc = new MatmulDesc{computeType, scaleType, 0, 0};
  return kBlasSuccess;
}
int cublasLtMatmulDescSetAttribute(void *descHandle, int attribute,
                                   const void *value, size_t bytes) {
  auto *desc = static_cast<MatmulDesc *>(descHandle);
  if ((attribute != 3 && attribute != 4) || bytes != sizeof(int32_t))
    return blasFail("unexpected matmul attribute " + std::to_string(attribute));
  std::memcpy(attribute == 3 ? &desc->transA : &desc->transB, value, bytes);
  return kBlasSuccess;
}
int cublasLtMatmulDescDestroy(void *desc) {
  delete static_cast<MatmulDesc *>(desc);
  return kBlasSuccess;
}
int cublasLtMatrixLayoutCreate(void **layout, int type, uint64_t rows,
                               uint64_t columns, int64_t leading) {
  if (leading < static_cast<int64_t>(rows))
    return blasFail("a leading dimension below the rows");
  *layout = new MatrixLayout{type, rows, columns, leading, 1, 0};
  return kBlasSuccess;
}
int cublasLtMatrixLayoutSetAttribute(void *layoutHandle, int attribute,
                                     const void *value, size_t bytes) {
  auto *layout = static_cast<MatrixLayout *>(layoutHandle);
  if (attribute == 5 && bytes == sizeof(int32_t))
    std::memcpy(&layout->batchCount, value, bytes);
  else if (attribute == 6 && bytes == sizeof(int64_t))
    std::memcpy(&layout->batchStride, value, bytes);
  else
    return blasFail("unexpected layout attribute " + std::to_string(attribute));
  return kBlasSuccess;
}
int cublasLtMatrixLayoutDestroy(void *layout) {
  delete static_cast<MatrixLayout *>(layout);
  return kBlasSuccess;
}
int cublasLtMatmulPreferenceCreate(void **preference) {
  static int thePreference;
  *preference = &thePreference;
  return kBlasSuccess;
}
int cublasLtMatmulPreferenceSetAttribute(void *, int attribute, const void *,
                                         size_t bytes) {
  if (attribute != 1 || bytes != sizeof(uint64_t))
    return blasFail("unexpected preference attribute");
  return kBlasSuccess;
}
int cublasLtMatmulPreferenceDestroy(void *) { return kBlasSuccess; }
int cublasLtMatmulAlgoGetHeuristic(void *, void *descHandle, void *a, void *b,
                                   void *c, void *d, void *, int requested,
                                   Heuristic *results, int *returned) {
  const auto &desc = *static_cast<MatmulDesc *>(descHandle);
  *returned = 0;
  if (requested < 1)
    return blasFail("no result asked for");
  // f32 data, f32 compute (CUBLAS_COMPUTE_32F), f32 scale.
  for (void *layout : {a, b, c, d})
    if (static_cast<MatrixLayout *>(layout)->type != 0)
      return kBlasNotSupported;
  if (desc.computeType != 68 || desc.scaleType != 0)
    return kBlasNotSupported;
  std::memset(results, 0, sizeof(Heuristic));
  results->algo[0] = 1;
  *returned = 1;
  return kBlasSuccess;
}
int cublasLtMatmul(void *, void *descHandle, const void *alpha, const void *a,
                   void *aHandle, const void *b, void *bHandle,
                   const void *beta, const void *c, void *cHandle, void *d,
                   void *dHandle, const void *algo, void *workspace,
                   size_t workspaceBytes, void *) {
  const auto &desc = *static_cast<MatmulDesc *>(descHandle);
  const auto &la = *static_cast<MatrixLayout *>(aHandle);
  const auto &lb = *static_cast<MatrixLayout *>(bHandle);
  const auto &lc = *static_cast<MatrixLayout *>(cHandle);
  const auto &ld = *static_cast<MatrixLayout *>(dHandle);
  if (!algo)
    return blasFail("no algorithm");
  // op(A) is m x k, op(B) k x n, C and D m x n (column-major names).
  uint64_t m = desc.transA ? la.columns : la.rows;
  uint64_t k = desc.transA ? la.rows : la.columns;
  uint64_t kB = desc.transB ? lb.columns : lb.rows;
  uint64_t n = desc.transB ? lb.rows : lb.columns;
  if (k != kB || ld.rows != m || ld.columns != n || lc.rows != m ||
      lc.columns != n)
    return blasFail("shapes that do not multiply: op(A) " + std::to_string(m) +
                    "x" + std::to_string(k) + ", op(B) " + std::to_string(kB) +
                    "x" + std::to_string(n) + ", D " + std::to_string(ld.rows) +
                    "x" + std::to_string(ld.columns));
  int32_t batch = ld.batchCount;
  if (la.batchCount != batch || lb.batchCount != batch ||
      lc.batchCount != batch)
    return blasFail("batch counts differ");
  // Each operand's last element, batch included, lies in one allocation.
  auto extent = [&](const MatrixLayout &layout) {
    return ((batch - 1) * layout.batchStride +
            (layout.columns - 1) * layout.leading + layout.rows) *
           sizeof(float);
  };
  if (!isDeviceAddress(reinterpret_cast<uintptr_t>(a), extent(la)) ||
      !isDeviceAddress(reinterpret_cast<uintptr_t>(b), extent(lb)) ||
      !isDeviceAddress(reinterpret_cast<uintptr_t>(c), extent(lc)) ||
      !isDeviceAddress(reinterpret_cast<uintptr_t>(d), extent(ld)))
    return blasFail("a matrix outside device memory");
  if (workspaceBytes > 0 &&
      !isDeviceAddress(reinterpret_cast<uintptr_t>(workspace), workspaceBytes))
    return blasFail("a workspace outside device memory");
  float alphaValue, betaValue;
  std::memcpy(&alphaValue, alpha, sizeof(float));
  std::memcpy(&betaValue, beta, sizeof(float));
  const auto *fa = static_cast<const float *>(a);
  const auto *fb = static_cast<const float *>(b);
  const auto *fc = static_cast<const float *>(c);
  auto *fd = static_cast<float *>(d);
  // Column major: element (i, j) of a layout is at i + j * leading.
  for (int32_t p = 0; p < batch; ++p)
    for (uint64_t j = 0; j < n; ++j)
      for (uint64_t i = 0; i < m; ++i) {
        float sum = 0;
        for (uint64_t q = 0; q < k; ++q) {
          float x = desc.transA ? fa[p * la.batchStride + q + i * la.leading]
                                : fa[p * la.batchStride + i + q * la.leading];
          float y = desc.transB ? fb[p * lb.batchStride + j + q * lb.leading]
                                : fb[p * lb.batchStride + q + j * lb.leading];
          sum += x * y;
        }
        float out = alphaValue * sum;
        if (betaValue != 0)
          out += betaValue * fc[p * lc.batchStride + i + j * lc.leading];
        fd[p * ld.batchStride + i + j * ld.leading] = out;
      }
  appendToLog("cublasLtMatmul " + std::to_string(m) + " x " +
              std::to_string(n) + " x " + std::to_string(k) + " batch " +
              std::to_string(batch) + " opA " + (desc.transA ? "T" : "N") +
              " opB " + (desc.transB ? "T" : "N"));
  return kBlasSuccess;
}

} // extern "C"
