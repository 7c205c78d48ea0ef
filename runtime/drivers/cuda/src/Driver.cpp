//===- Driver.cpp - The CUDA driver API, loaded at run time ---------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/runtime/cuda/Driver.h"

#include <cstdlib>
#include <dlfcn.h>
#include <mutex>

using namespace hlox::runtime;
using namespace hlox::runtime::cuda;

namespace {

/// An entry point's name in the driver library (the versioned name where
/// the driver API's header maps the plain one to it) and its slot.
template <typename Fn> bool bind(void *library, const char *name, Fn &slot) {
  slot = reinterpret_cast<Fn>(dlsym(library, name));
  return slot != nullptr;
}

} // namespace

Driver::~Driver() {
  if (library)
    dlclose(library);
}

std::string Driver::describe(CUresult result) const {
  const char *name = nullptr;
  const char *text = nullptr;
  if (!functions.cuGetErrorName ||
      functions.cuGetErrorName(result, &name) != kSuccess || !name)
    return "CUDA error " + std::to_string(result);
  std::string description = name;
  if (functions.cuGetErrorString &&
      functions.cuGetErrorString(result, &text) == kSuccess && text)
    description += std::string(" (") + text + ")";
  return description;
}

Status Driver::check(CUresult result, const std::string &what) const {
  if (result == kSuccess)
    return {};
  return Status::error(what + ": " + describe(result));
}

/// Loads and initializes the driver, or says why it cannot.
static std::shared_ptr<Driver>
load(Status &status, std::shared_ptr<Driver> driver, void *&library) {
  const char *override = std::getenv("HLOX_CUDA_DRIVER");
  std::string path = override && *override ? override : "libcuda.so.1";
  library = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    const char *error = dlerror();
    status =
        Status::error("no CUDA device: cannot load the CUDA driver " + path +
                      (error ? std::string(" (") + error + ")" : ""));
    return nullptr;
  }
  return driver;
}

std::shared_ptr<Driver> Driver::get(Status &status) {
  // One attempt per process: the driver is process-wide, and a failed
  // cuInit does not succeed later.
  static std::mutex mutex;
  static std::shared_ptr<Driver> loaded;
  static Status failure;
  static bool tried = false;
  std::lock_guard<std::mutex> lock(mutex);
  if (tried) {
    status = loaded ? Status() : failure;
    return loaded;
  }
  tried = true;
  std::shared_ptr<Driver> driver(new Driver());
  if (!load(failure, driver, driver->library)) {
    status = failure;
    return nullptr;
  }
  DriverApi &api = driver->functions;
  void *library = driver->library;
  const char *missing = nullptr;
  auto need = [&](const char *name, auto &slot) {
    if (!missing && !bind(library, name, slot))
      missing = name;
  };
  need("cuInit", api.cuInit);
  need("cuDriverGetVersion", api.cuDriverGetVersion);
  need("cuGetErrorName", api.cuGetErrorName);
  need("cuGetErrorString", api.cuGetErrorString);
  need("cuDeviceGetCount", api.cuDeviceGetCount);
  need("cuDeviceGet", api.cuDeviceGet);
  need("cuDeviceGetName", api.cuDeviceGetName);
  need("cuDeviceGetAttribute", api.cuDeviceGetAttribute);
  need("cuDeviceTotalMem_v2", api.cuDeviceTotalMem);
  need("cuDevicePrimaryCtxRetain", api.cuDevicePrimaryCtxRetain);
  need("cuDevicePrimaryCtxRelease_v2", api.cuDevicePrimaryCtxRelease);
  need("cuCtxSetCurrent", api.cuCtxSetCurrent);
  need("cuStreamCreate", api.cuStreamCreate);
  need("cuStreamDestroy_v2", api.cuStreamDestroy);
  need("cuStreamSynchronize", api.cuStreamSynchronize);
  need("cuMemAlloc_v2", api.cuMemAlloc);
  need("cuMemFree_v2", api.cuMemFree);
  need("cuMemcpyAsync", api.cuMemcpyAsync);
  need("cuMemsetD8Async", api.cuMemsetD8Async);
  need("cuModuleLoadDataEx", api.cuModuleLoadDataEx);
  need("cuModuleUnload", api.cuModuleUnload);
  need("cuModuleGetFunction", api.cuModuleGetFunction);
  need("cuLaunchKernel", api.cuLaunchKernel);
  if (missing) {
    failure = Status::error(std::string("no CUDA device: the CUDA driver "
                                        "has no entry point ") +
                            missing + " (a driver older than CUDA 11?)");
    status = failure;
    return nullptr;
  }
  if (Status init = driver->check(api.cuInit(0), "cuInit"); !init) {
    failure = Status::error("no CUDA device: " + init.message());
    status = failure;
    return nullptr;
  }
  if (Status version = driver->check(api.cuDriverGetVersion(&driver->version),
                                     "cuDriverGetVersion");
      !version) {
    failure = Status::error("no CUDA device: " + version.message());
    status = failure;
    return nullptr;
  }
  if (Status count = driver->check(api.cuDeviceGetCount(&driver->deviceCount),
                                   "cuDeviceGetCount");
      !count || driver->deviceCount == 0) {
    failure =
        Status::error("no CUDA device: " +
                      (count ? std::string("the driver sees no CUDA device")
                             : count.message()));
    status = failure;
    return nullptr;
  }
  loaded = std::move(driver);
  status = {};
  return loaded;
}
