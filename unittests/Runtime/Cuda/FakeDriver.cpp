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
// and is written to stderr. With $HLOX_FAKE_CUDA_LOG set, each launch
// appends a line to that file:
//
//   launch KERNEL grid X,Y,Z block X,Y,Z params N
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

bool isDeviceAddress(uintptr_t address) {
  std::lock_guard<std::mutex> lock(mutex);
  auto next = allocations.upper_bound(address);
  if (next == allocations.begin())
    return false;
  --next;
  return address >= next->first && address <= next->first + next->second;
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
  if (const char *log = std::getenv("HLOX_FAKE_CUDA_LOG")) {
    std::lock_guard<std::mutex> lock(mutex);
    if (FILE *file = std::fopen(log, "a")) {
      std::fprintf(file, "launch %s grid %u,%u,%u block %u,%u,%u params %zu\n",
                   function.name.c_str(), gridX, gridY, gridZ, blockX, blockY,
                   blockZ, function.pointers.size());
      std::fclose(file);
    }
  }
  return kSuccess;
}

} // extern "C"
