//===- FakeDriver.cpp - A CUDA driver stand-in for tests without a GPU ----===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// The entry points of libcuda.so.1 the runtime's CUDA device calls, over
// host memory, so that the device's plumbing is tested where no GPU is:
// allocations, copies, module loading and launches. It runs no kernel.
// Device addresses are not host addresses: an allocation's address has
// bit 63 set over the host memory that holds it (a non-canonical address
// on x86-64 and AArch64), so that the host reading or writing device
// memory other than through the driver's copies faults, as on a GPU.
// What a launch must satisfy is checked as a driver would: the kernel is an
// `.entry` of its module's PTX, the block has at most 1024 threads, and each
// pointer parameter the PTX declares points into memory this driver
// allocated. A violation makes the launch fail with CUDA_ERROR_INVALID_VALUE
// and is written to stderr.
//
// The same library stands in for libcublasLt.so ($HLOX_CUBLASLT): its
// matrix products (f32, or bf16 or f16 operands with an f32 result or one of
// their type, summed in f32) are computed, on the host, as cuBLASLt defines
// them (column-major layouts with leading dimensions, operations on A and B,
// strided batches, beta x C, the bias, ReLU and GELU (tanh form) epilogues, the
// ReLU as a GPU's fmaxf(x, 0), which makes NaN 0), after checking that every
// matrix and the bias lie in memory this driver allocated; so a product's
// result is exact where no GPU runs. Likewise for libcudnn.so ($HLOX_CUDNN):
// NCHW convolutions with KCRS filters and NHWC ones with KRSC filters, padding,
// strides, dilations and feature groups, in f32 or bf16 (accumulated in f32,
// rounded once), and broadcast tensor additions. With $HLOX_FAKE_CUDA_LOG set,
// each launch, product and convolution appends a line to that file:
//
//   launch KERNEL grid X,Y,Z block X,Y,Z params N
//   cublasLtMatmul M x N x K batch B opA N|T opB N|T f32|bf16|f16 to
//       f32|bf16|f16
//       epilogue E beta B
//   cudnnConvolutionForward NxCxHxW by KxCxRxS pad P,Q stride U,V dilation
//       D,E groups G f32|bf16 beta B [NHWC]
//   cudnnAddTensor 1xKx1x1 to NxKxHxW
//
//===----------------------------------------------------------------------===//

#include <chrono>
#include <cmath>
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
/// Live allocations: device address to byte size.
std::map<uintptr_t, size_t> allocations;

/// What sets a device address apart from the host address of its memory.
constexpr uintptr_t kDeviceBit = uintptr_t(1) << 63;

/// The host memory behind device address `address`, or a host address
/// itself (the driver's unified addressing: either side of a copy).
template <typename T> T *toHost(T *address) {
  auto bits = reinterpret_cast<uintptr_t>(address);
  return reinterpret_cast<T *>(bits & ~kDeviceBit);
}
void *toHost(unsigned long long address) {
  return toHost(reinterpret_cast<void *>(static_cast<uintptr_t>(address)));
}

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
  uint32_t epilogue = 1;
  const void *bias = nullptr;
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

/// cuDNN's objects.
struct TensorDesc {
  int type = 0;
  int n = 0, c = 0, h = 0, w = 0;
  /// CUDNN_TENSOR_NCHW (0) or _NHWC (1); a filter's K, C, R, S are its
  /// n, c, h, w.
  int format = 0;

  /// The offset of element (n, c, h, w) in the tensor's layout.
  size_t at(int in, int ic, int ih, int iw) const {
    if (format == 1)
      return ((size_t(in) * h + ih) * w + iw) * c + ic;
    return ((size_t(in) * c + ic) * h + ih) * w + iw;
  }
};
struct ConvolutionDesc {
  int padH = 0, padW = 0, strideH = 1, strideW = 1, dilationH = 1,
      dilationW = 1, groups = 1;
};
constexpr int kDnnSuccess = 0;
constexpr int kDnnBadParam = 2000;
constexpr int kDnnNotSupported = 3000;
constexpr int kDnnFloat = 0;
constexpr int kDnnBFloat16 = 9;

int dnnFail(const std::string &why) {
  std::fprintf(stderr, "fake cuDNN: %s\n", why.c_str());
  return kDnnBadParam;
}

float loadElement(const void *data, int type, size_t i) {
  if (type == kDnnFloat)
    return static_cast<const float *>(data)[i];
  uint32_t bits = uint32_t(static_cast<const uint16_t *>(data)[i]) << 16;
  float value;
  std::memcpy(&value, &bits, 4);
  return value;
}

void storeElement(void *data, int type, size_t i, float value) {
  if (type == kDnnFloat) {
    static_cast<float *>(data)[i] = value;
    return;
  }
  uint32_t bits;
  std::memcpy(&bits, &value, 4);
  uint16_t narrow = value != value
                        ? uint16_t(0x7fc0)
                        : uint16_t((bits + 0x7fff + ((bits >> 16) & 1)) >> 16);
  static_cast<uint16_t *>(data)[i] = narrow;
}

size_t elementBytes(int type) { return type == kDnnFloat ? 4 : 2; }

/// cuBLASLt's element types: CUDA_R_32F (0), CUDA_R_16F (2) and
/// CUDA_R_16BF (14).
size_t blasElementBytes(int type) { return type == 0 ? 4 : 2; }
const char *blasTypeName(int type) {
  return type == 0 ? "f32" : type == 2 ? "f16" : "bf16";
}
float blasLoad(const void *data, int type, size_t i) {
  if (type == 2)
    return static_cast<float>(static_cast<const _Float16 *>(data)[i]);
  return loadElement(data, type == 14 ? kDnnBFloat16 : kDnnFloat, i);
}
void blasStore(void *data, int type, size_t i, float value) {
  if (type == 2) {
    static_cast<_Float16 *>(data)[i] = static_cast<_Float16>(value);
    return;
  }
  storeElement(data, type == 14 ? kDnnBFloat16 : kDnnFloat, i, value);
}

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
// Events: every operation finishes before the call returns, so an event
// records the host's clock when it is recorded.
struct FakeEvent {
  bool recorded = false;
  std::chrono::steady_clock::time_point at;
};
int cuEventCreate(FakeEvent **event, unsigned) {
  *event = new FakeEvent;
  return kSuccess;
}
int cuEventDestroy_v2(FakeEvent *event) {
  delete event;
  return kSuccess;
}
int cuEventRecord(FakeEvent *event, void *) {
  if (!event)
    return kInvalidValue;
  event->recorded = true;
  event->at = std::chrono::steady_clock::now();
  return kSuccess;
}
int cuEventSynchronize(FakeEvent *event) {
  return event && event->recorded ? kSuccess : kInvalidValue;
}
int cuEventElapsedTime_v2(float *milliseconds, FakeEvent *start,
                          FakeEvent *end) {
  if (!start || !end || !start->recorded || !end->recorded)
    return kInvalidValue;
  *milliseconds =
      std::chrono::duration<float, std::milli>(end->at - start->at).count();
  return kSuccess;
}
int cuMemAlloc_v2(unsigned long long *address, size_t bytes) {
  if (bytes == 0)
    return kInvalidValue;
  void *memory = std::aligned_alloc(256, (bytes + 255) / 256 * 256);
  if (!memory)
    return kOutOfMemory;
  std::lock_guard<std::mutex> lock(mutex);
  uintptr_t device = reinterpret_cast<uintptr_t>(memory) | kDeviceBit;
  allocations[device] = bytes;
  *address = device;
  return kSuccess;
}
int cuMemFree_v2(unsigned long long address) {
  std::lock_guard<std::mutex> lock(mutex);
  auto found = allocations.find(static_cast<uintptr_t>(address));
  if (found == allocations.end())
    return kInvalidValue;
  allocations.erase(found);
  std::free(toHost(address));
  return kSuccess;
}
int cuMemcpyAsync(unsigned long long target, unsigned long long source,
                  size_t bytes, void *) {
  // A device side lies in one allocation.
  for (unsigned long long address : {target, source})
    if ((address & kDeviceBit) &&
        !isDeviceAddress(static_cast<uintptr_t>(address), bytes))
      return kInvalidValue;
  std::memmove(toHost(target), toHost(source), bytes);
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
  std::memset(toHost(target), value, bytes);
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
int cublasLtMatmulDescCreate(void **desc, int computeType, int scaleType) {
  *desc = new MatmulDesc{computeType, scaleType, 0, 0};
  return kBlasSuccess;
}
int cublasLtMatmulDescSetAttribute(void *descHandle, int attribute,
                                   const void *value, size_t bytes) {
  auto *desc = static_cast<MatmulDesc *>(descHandle);
  if ((attribute == 3 || attribute == 4) && bytes == sizeof(int32_t)) {
    std::memcpy(attribute == 3 ? &desc->transA : &desc->transB, value, bytes);
    return kBlasSuccess;
  }
  if (attribute == 7 && bytes == sizeof(uint32_t)) {
    std::memcpy(&desc->epilogue, value, bytes);
    // DEFAULT, RELU, BIAS, RELU_BIAS, GELU and GELU_BIAS.
    if (desc->epilogue != 1 && desc->epilogue != 2 && desc->epilogue != 4 &&
        desc->epilogue != 6 && desc->epilogue != 32 && desc->epilogue != 36)
      return blasFail("unexpected epilogue " + std::to_string(desc->epilogue));
    return kBlasSuccess;
  }
  if (attribute == 8 && bytes == sizeof(void *)) {
    std::memcpy(&desc->bias, value, bytes);
    return kBlasSuccess;
  }
  return blasFail("unexpected matmul attribute " + std::to_string(attribute));
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
  // f32, f16 (CUDA_R_16F, 2) or bf16 (CUDA_R_16BF, 14) A and B alike, C
  // and D alike, f32 or A's type; f32 compute (CUBLAS_COMPUTE_32F), f32
  // scale.
  auto typeOf = [](void *layout) {
    return static_cast<MatrixLayout *>(layout)->type;
  };
  for (void *layout : {a, b, c, d})
    if (typeOf(layout) != 0 && typeOf(layout) != 2 && typeOf(layout) != 14)
      return kBlasNotSupported;
  if (typeOf(a) != typeOf(b) || typeOf(c) != typeOf(d) ||
      (typeOf(c) != 0 && typeOf(c) != typeOf(a)))
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
           blasElementBytes(layout.type);
  };
  if (!isDeviceAddress(reinterpret_cast<uintptr_t>(a), extent(la)) ||
      !isDeviceAddress(reinterpret_cast<uintptr_t>(b), extent(lb)) ||
      !isDeviceAddress(reinterpret_cast<uintptr_t>(c), extent(lc)) ||
      !isDeviceAddress(reinterpret_cast<uintptr_t>(d), extent(ld)))
    return blasFail("a matrix outside device memory");
  if (workspaceBytes > 0 &&
      !isDeviceAddress(reinterpret_cast<uintptr_t>(workspace), workspaceBytes))
    return blasFail("a workspace outside device memory");
  bool withBias =
      desc.epilogue == 4 || desc.epilogue == 6 || desc.epilogue == 36;
  bool relu = desc.epilogue == 2 || desc.epilogue == 6;
  bool gelu = desc.epilogue == 32 || desc.epilogue == 36;
  // The bias: one element of D's type per row of D.
  if (withBias &&
      (!desc.bias || !isDeviceAddress(reinterpret_cast<uintptr_t>(desc.bias),
                                      m * blasElementBytes(ld.type))))
    return blasFail("a bias outside device memory");
  float alphaValue, betaValue;
  std::memcpy(&alphaValue, alpha, sizeof(float));
  std::memcpy(&betaValue, beta, sizeof(float));
  int abType = la.type, cdType = ld.type;
  a = toHost(a);
  b = toHost(b);
  c = toHost(c);
  d = toHost(d);
  const void *bias = withBias ? toHost(desc.bias) : nullptr;
  // Column major: element (i, j) of a layout is at i + j * leading.
  for (int32_t p = 0; p < batch; ++p)
    for (uint64_t j = 0; j < n; ++j)
      for (uint64_t i = 0; i < m; ++i) {
        float sum = 0;
        for (uint64_t q = 0; q < k; ++q) {
          float x =
              blasLoad(a, abType,
                       desc.transA ? p * la.batchStride + q + i * la.leading
                                   : p * la.batchStride + i + q * la.leading);
          float y =
              blasLoad(b, abType,
                       desc.transB ? p * lb.batchStride + j + q * lb.leading
                                   : p * lb.batchStride + q + j * lb.leading);
          sum += x * y;
        }
        float out = alphaValue * sum;
        if (betaValue != 0)
          out += betaValue *
                 blasLoad(c, cdType, p * lc.batchStride + i + j * lc.leading);
        if (withBias)
          out += blasLoad(bias, cdType, i);
        // A GPU's fmaxf: the number where the other is NaN.
        if (relu)
          out = out > 0 ? out : 0.0f;
        // GELU's tanh form, as cuBLASLt defines its GELU.
        if (gelu)
          out = 0.5f * out *
                (1.0f + std::tanh(0.7978845608f *
                                  (out + 0.044715f * out * out * out)));
        blasStore(d, cdType, p * ld.batchStride + i + j * ld.leading, out);
      }
  appendToLog("cublasLtMatmul " + std::to_string(m) + " x " +
              std::to_string(n) + " x " + std::to_string(k) + " batch " +
              std::to_string(batch) + " opA " + (desc.transA ? "T" : "N") +
              " opB " + (desc.transB ? "T" : "N") + " " +
              blasTypeName(la.type) + " to " + blasTypeName(ld.type) +
              " epilogue " + std::to_string(desc.epilogue) + " beta " +
              std::to_string(static_cast<int>(betaValue)));
  return kBlasSuccess;
}

} // extern "C"

//===----------------------------------------------------------------------===//
// cuDNN
//===----------------------------------------------------------------------===//

extern "C" {

int cudnnCreate(void **handle) {
  static int theHandle;
  *handle = &theHandle;
  return kDnnSuccess;
}
int cudnnDestroy(void *) { return kDnnSuccess; }
int cudnnSetStream(void *, void *) { return kDnnSuccess; }
const char *cudnnGetErrorString(int status) {
  switch (status) {
  case kDnnSuccess:
    return "CUDNN_STATUS_SUCCESS";
  case kDnnBadParam:
    return "CUDNN_STATUS_BAD_PARAM";
  case kDnnNotSupported:
    return "CUDNN_STATUS_NOT_SUPPORTED";
  default:
    return "CUDNN_STATUS_UNKNOWN";
  }
}
int cudnnCreateTensorDescriptor(void **desc) {
  *desc = new TensorDesc();
  return kDnnSuccess;
}
int cudnnSetTensor4dDescriptor(void *descHandle, int format, int type, int n,
                               int c, int h, int w) {
  if (format != 0 && format != 1)
    return dnnFail("a tensor format other than NCHW and NHWC");
  if (type != kDnnFloat && type != kDnnBFloat16)
    return kDnnNotSupported;
  if (n <= 0 || c <= 0 || h <= 0 || w <= 0)
    return dnnFail("a tensor dimension below 1");
  *static_cast<TensorDesc *>(descHandle) = {type, n, c, h, w, format};
  return kDnnSuccess;
}
int cudnnDestroyTensorDescriptor(void *desc) {
  delete static_cast<TensorDesc *>(desc);
  return kDnnSuccess;
}
int cudnnCreateFilterDescriptor(void **desc) {
  *desc = new TensorDesc();
  return kDnnSuccess;
}
int cudnnSetFilter4dDescriptor(void *descHandle, int type, int format, int k,
                               int c, int h, int w) {
  // A filter's dimensions are K, C, R, S.
  return cudnnSetTensor4dDescriptor(descHandle, format, type, k, c, h, w);
}
int cudnnDestroyFilterDescriptor(void *desc) {
  delete static_cast<TensorDesc *>(desc);
  return kDnnSuccess;
}
int cudnnCreateConvolutionDescriptor(void **desc) {
  *desc = new ConvolutionDesc();
  return kDnnSuccess;
}
int cudnnSetConvolution2dDescriptor(void *descHandle, int padH, int padW,
                                    int strideH, int strideW, int dilationH,
                                    int dilationW, int mode, int computeType) {
  if (mode != 1)
    return dnnFail("a true convolution (StableHLO's is a cross-correlation)");
  if (computeType != kDnnFloat)
    return dnnFail("a compute type other than float");
  if (padH < 0 || padW < 0 || strideH < 1 || strideW < 1 || dilationH < 1 ||
      dilationW < 1)
    return dnnFail("bad padding, strides or dilations");
  auto &desc = *static_cast<ConvolutionDesc *>(descHandle);
  int groups = desc.groups;
  desc = {padH, padW, strideH, strideW, dilationH, dilationW, groups};
  return kDnnSuccess;
}
int cudnnSetConvolutionGroupCount(void *descHandle, int groups) {
  if (groups < 1)
    return dnnFail("a group count below 1");
  static_cast<ConvolutionDesc *>(descHandle)->groups = groups;
  return kDnnSuccess;
}
int cudnnSetConvolutionMathType(void *, int mathType) {
  return mathType >= 0 && mathType <= 3 ? kDnnSuccess
                                        : dnnFail("an unknown math type");
}
int cudnnDestroyConvolutionDescriptor(void *desc) {
  delete static_cast<ConvolutionDesc *>(desc);
  return kDnnSuccess;
}

/// Why the shapes of x, w, conv and y do not make a convolution, or empty.
static std::string checkShapes(const TensorDesc &x, const TensorDesc &w,
                               const ConvolutionDesc &conv,
                               const TensorDesc &y) {
  if (x.type != w.type || x.type != y.type)
    return "element types differ";
  if (x.format != w.format || x.format != y.format)
    return "the input, filter and result formats differ";
  if (x.c % conv.groups != 0 || w.n % conv.groups != 0 ||
      w.c * conv.groups != x.c)
    return "channels that do not split into " + std::to_string(conv.groups) +
           " groups";
  int outH =
      (x.h + 2 * conv.padH - conv.dilationH * (w.h - 1) - 1) / conv.strideH + 1;
  int outW =
      (x.w + 2 * conv.padW - conv.dilationW * (w.w - 1) - 1) / conv.strideW + 1;
  if (y.n != x.n || y.c != w.n || y.h != outH || y.w != outW)
    return "a result of " + std::to_string(y.n) + "x" + std::to_string(y.c) +
           "x" + std::to_string(y.h) + "x" + std::to_string(y.w) +
           " where the convolution gives " + std::to_string(x.n) + "x" +
           std::to_string(w.n) + "x" + std::to_string(outH) + "x" +
           std::to_string(outW);
  return {};
}

int cudnnGetConvolutionForwardAlgorithm_v7(void *, void *x, void *w, void *conv,
                                           void *y, int requested,
                                           int *returned, void *results) {
  std::string why = checkShapes(
      *static_cast<TensorDesc *>(x), *static_cast<TensorDesc *>(w),
      *static_cast<ConvolutionDesc *>(conv), *static_cast<TensorDesc *>(y));
  if (!why.empty())
    return dnnFail(why);
  if (requested < 1)
    return dnnFail("no result asked for");
  // cudnnConvolutionFwdAlgoPerf_t: algo, status, time, memory, ...
  struct Perf {
    int algo, status;
    float time;
    size_t memory;
    int determinism, mathType, reserved[3];
  };
  auto *perf = static_cast<Perf *>(results);
  std::memset(perf, 0, sizeof(Perf) * requested);
  perf[0].algo = 1;
  *returned = 1;
  return kDnnSuccess;
}
int cudnnGetConvolutionForwardWorkspaceSize(void *, void *, void *, void *,
                                            void *, int algo, size_t *bytes) {
  if (algo != 1)
    return dnnFail("an algorithm the heuristic did not give");
  // Some workspace, so that the caller's allocation is exercised.
  *bytes = 4096;
  return kDnnSuccess;
}
int cudnnConvolutionForward(void *, const void *alpha, void *xHandle,
                            const void *x, void *wHandle, const void *w,
                            void *convHandle, int algo, void *workspace,
                            size_t workspaceBytes, const void *beta,
                            void *yHandle, void *y) {
  const auto &xd = *static_cast<TensorDesc *>(xHandle);
  const auto &wd = *static_cast<TensorDesc *>(wHandle);
  const auto &cd = *static_cast<ConvolutionDesc *>(convHandle);
  const auto &yd = *static_cast<TensorDesc *>(yHandle);
  if (std::string why = checkShapes(xd, wd, cd, yd); !why.empty())
    return dnnFail(why);
  if (algo != 1)
    return dnnFail("an algorithm the heuristic did not give");
  size_t bytes = elementBytes(xd.type);
  auto size = [](const TensorDesc &d) { return size_t(d.n) * d.c * d.h * d.w; };
  if (!isDeviceAddress(reinterpret_cast<uintptr_t>(x), size(xd) * bytes) ||
      !isDeviceAddress(reinterpret_cast<uintptr_t>(w), size(wd) * bytes) ||
      !isDeviceAddress(reinterpret_cast<uintptr_t>(y), size(yd) * bytes))
    return dnnFail("a tensor outside device memory");
  if (workspaceBytes < 4096 ||
      !isDeviceAddress(reinterpret_cast<uintptr_t>(workspace), workspaceBytes))
    return dnnFail("no workspace of the size asked for in device memory");
  float alphaValue, betaValue;
  std::memcpy(&alphaValue, alpha, 4);
  std::memcpy(&betaValue, beta, 4);
  x = toHost(x);
  w = toHost(w);
  y = toHost(y);
  int perGroupIn = xd.c / cd.groups, perGroupOut = wd.n / cd.groups;
  for (int n = 0; n < yd.n; ++n)
    for (int k = 0; k < yd.c; ++k)
      for (int p = 0; p < yd.h; ++p)
        for (int q = 0; q < yd.w; ++q) {
          int group = k / perGroupOut;
          float sum = 0;
          for (int c = 0; c < perGroupIn; ++c)
            for (int r = 0; r < wd.h; ++r)
              for (int s = 0; s < wd.w; ++s) {
                int h = p * cd.strideH - cd.padH + r * cd.dilationH;
                int wi = q * cd.strideW - cd.padW + s * cd.dilationW;
                if (h < 0 || h >= xd.h || wi < 0 || wi >= xd.w)
                  continue;
                int channel = group * perGroupIn + c;
                sum += loadElement(x, xd.type, xd.at(n, channel, h, wi)) *
                       loadElement(w, wd.type, wd.at(k, c, r, s));
              }
          size_t at = yd.at(n, k, p, q);
          float out = alphaValue * sum;
          if (betaValue != 0)
            out += betaValue * loadElement(y, yd.type, at);
          storeElement(y, yd.type, at, out);
        }
  char line[512];
  std::snprintf(line, sizeof(line),
                "cudnnConvolutionForward %dx%dx%dx%d by %dx%dx%dx%d pad %d,%d "
                "stride %d,%d dilation %d,%d groups %d %s beta %g%s",
                xd.n, xd.c, xd.h, xd.w, wd.n, wd.c, wd.h, wd.w, cd.padH,
                cd.padW, cd.strideH, cd.strideW, cd.dilationH, cd.dilationW,
                cd.groups, xd.type == kDnnFloat ? "f32" : "bf16", betaValue,
                xd.format == 1 ? " NHWC" : "");
  appendToLog(line);
  return kDnnSuccess;
}
int cudnnAddTensor(void *, const void *alpha, void *aHandle, const void *a,
                   const void *beta, void *cHandle, void *c) {
  const auto &ad = *static_cast<TensorDesc *>(aHandle);
  const auto &cd = *static_cast<TensorDesc *>(cHandle);
  // A broadcasts along every dimension where it has size 1.
  if ((ad.n != 1 && ad.n != cd.n) || (ad.c != 1 && ad.c != cd.c) ||
      (ad.h != 1 && ad.h != cd.h) || (ad.w != 1 && ad.w != cd.w))
    return dnnFail("a tensor that does not broadcast to the other");
  auto size = [](const TensorDesc &d) { return size_t(d.n) * d.c * d.h * d.w; };
  if (!isDeviceAddress(reinterpret_cast<uintptr_t>(a),
                       size(ad) * elementBytes(ad.type)) ||
      !isDeviceAddress(reinterpret_cast<uintptr_t>(c),
                       size(cd) * elementBytes(cd.type)))
    return dnnFail("a tensor outside device memory");
  float alphaValue, betaValue;
  std::memcpy(&alphaValue, alpha, 4);
  std::memcpy(&betaValue, beta, 4);
  a = toHost(a);
  c = toHost(c);
  for (int n = 0; n < cd.n; ++n)
    for (int k = 0; k < cd.c; ++k)
      for (int h = 0; h < cd.h; ++h)
        for (int w = 0; w < cd.w; ++w) {
          size_t from = ad.at(ad.n == 1 ? 0 : n, ad.c == 1 ? 0 : k,
                              ad.h == 1 ? 0 : h, ad.w == 1 ? 0 : w);
          size_t to = cd.at(n, k, h, w);
          storeElement(c, cd.type, to,
                       alphaValue * loadElement(a, ad.type, from) +
                           betaValue * loadElement(c, cd.type, to));
        }
  appendToLog("cudnnAddTensor " + std::to_string(ad.n) + "x" +
              std::to_string(ad.c) + "x" + std::to_string(ad.h) + "x" +
              std::to_string(ad.w) + " to " + std::to_string(cd.n) + "x" +
              std::to_string(cd.c) + "x" + std::to_string(cd.h) + "x" +
              std::to_string(cd.w));
  return kDnnSuccess;
}

} // extern "C"
