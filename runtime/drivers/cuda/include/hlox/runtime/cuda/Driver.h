//===- Driver.h - The CUDA driver API, loaded at run time -------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// The runtime links no CUDA library: the driver (`libcuda.so.1`, which the
// NVIDIA display driver installs) is opened with dlopen when the first CUDA
// device is made, and the few entry points the runtime calls are looked up
// by name. The types below are the driver API's own, declared here with the
// ABI the driver documents (handles are pointers, device addresses 64-bit
// integers, results an int), so that building needs no CUDA toolkit.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_RUNTIME_CUDA_DRIVER_H
#define HLOX_RUNTIME_CUDA_DRIVER_H

#include "hlox/runtime/Status.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

namespace hlox::runtime::cuda {

using CUresult = int;
using CUdevice = int;
using CUdeviceptr = unsigned long long;
using CUcontext = struct CUctx_st *;
using CUmodule = struct CUmod_st *;
using CUfunction = struct CUfunc_st *;
using CUstream = struct CUstream_st *;
using CUevent = struct CUevent_st *;

/// A device address as the driver takes it, and back (unified addressing:
/// host code holds device memory as pointers it never dereferences).
inline CUdeviceptr toDeviceAddress(const void *pointer) {
  return static_cast<CUdeviceptr>(reinterpret_cast<uintptr_t>(pointer));
}
inline void *toPointer(CUdeviceptr address) {
  return reinterpret_cast<void *>(static_cast<uintptr_t>(address));
}

/// CUDA_SUCCESS.
inline constexpr CUresult kSuccess = 0;
/// CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR and _MINOR.
inline constexpr int kAttributeComputeMajor = 75;
inline constexpr int kAttributeComputeMinor = 76;
/// CU_JIT_ERROR_LOG_BUFFER and CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES.
inline constexpr int kJitErrorLogBuffer = 5;
inline constexpr int kJitErrorLogBufferSize = 6;

/// The driver's entry points the runtime uses.
struct DriverApi {
  CUresult (*cuInit)(unsigned flags);
  CUresult (*cuDriverGetVersion)(int *version);
  CUresult (*cuGetErrorName)(CUresult error, const char **name);
  CUresult (*cuGetErrorString)(CUresult error, const char **text);
  CUresult (*cuDeviceGetCount)(int *count);
  CUresult (*cuDeviceGet)(CUdevice *device, int ordinal);
  CUresult (*cuDeviceGetName)(char *name, int length, CUdevice device);
  CUresult (*cuDeviceGetAttribute)(int *value, int attribute, CUdevice device);
  CUresult (*cuDeviceTotalMem)(size_t *bytes, CUdevice device);
  CUresult (*cuDevicePrimaryCtxRetain)(CUcontext *context, CUdevice device);
  CUresult (*cuDevicePrimaryCtxRelease)(CUdevice device);
  CUresult (*cuCtxSetCurrent)(CUcontext context);
  CUresult (*cuStreamCreate)(CUstream *stream, unsigned flags);
  CUresult (*cuStreamDestroy)(CUstream stream);
  CUresult (*cuStreamSynchronize)(CUstream stream);
  CUresult (*cuEventCreate)(CUevent *event, unsigned flags);
  CUresult (*cuEventDestroy)(CUevent event);
  CUresult (*cuEventRecord)(CUevent event, CUstream stream);
  CUresult (*cuEventSynchronize)(CUevent event);
  /// cuEventElapsedTime_v2 where the driver has it (CUDA 12.8 on), else
  /// cuEventElapsedTime: the same contract.
  CUresult (*cuEventElapsedTime)(float *milliseconds, CUevent start,
                                 CUevent end);
  CUresult (*cuMemAlloc)(CUdeviceptr *address, size_t bytes);
  CUresult (*cuMemFree)(CUdeviceptr address);
  CUresult (*cuMemcpyAsync)(CUdeviceptr target, CUdeviceptr source,
                            size_t bytes, CUstream stream);
  CUresult (*cuMemsetD8Async)(CUdeviceptr target, unsigned char value,
                              size_t bytes, CUstream stream);
  CUresult (*cuModuleLoadDataEx)(CUmodule *module, const void *image,
                                 unsigned numOptions, int *options,
                                 void **optionValues);
  CUresult (*cuModuleUnload)(CUmodule module);
  CUresult (*cuModuleGetFunction)(CUfunction *function, CUmodule module,
                                  const char *name);
  CUresult (*cuLaunchKernel)(CUfunction function, unsigned gridX,
                             unsigned gridY, unsigned gridZ, unsigned blockX,
                             unsigned blockY, unsigned blockZ,
                             unsigned sharedBytes, CUstream stream,
                             void **parameters, void **extra);
};

/// The loaded driver, initialized (cuInit). Shared by the CUDA devices and
/// the buffers they allocate; never unloaded while one of them lives.
class Driver {
public:
  /// The driver of this process: loaded and initialized on the first call,
  /// from $HLOX_CUDA_DRIVER when it is set, else libcuda.so.1. Null, with
  /// `status` saying "no CUDA device: " and why (no driver library, a
  /// missing entry point, cuInit's error), where there is none.
  static std::shared_ptr<Driver> get(Status &status);

  ~Driver();
  Driver(const Driver &) = delete;
  Driver &operator=(const Driver &) = delete;

  const DriverApi &api() const { return functions; }
  /// The number of CUDA devices.
  int getDeviceCount() const { return deviceCount; }
  /// The driver's CUDA version, as 1000 * major + 10 * minor.
  int getVersion() const { return version; }
  /// "CUDA_ERROR_OUT_OF_MEMORY (out of memory)".
  std::string describe(CUresult result) const;
  /// Ok for CUDA_SUCCESS, else an error: "`what`: <describe(result)>".
  Status check(CUresult result, const std::string &what) const;

private:
  Driver() = default;

  void *library = nullptr;
  DriverApi functions = {};
  int deviceCount = 0;
  int version = 0;
};

} // namespace hlox::runtime::cuda

#endif // HLOX_RUNTIME_CUDA_DRIVER_H
