//===- Driver.cpp - The CUDA driver API, loaded at run time ---------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/runtime/cuda/Driver.h"

#include "SharedLibrary.h"

using namespace hlox::runtime;
using namespace hlox::runtime::cuda;

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

std::shared_ptr<Driver> Driver::get(Status &status) {
  // One attempt per process: the driver is process-wide, and a failed
  // cuInit does not succeed later.
  return loadOncePerProcess<Driver>(
      status, [](Status &failure) -> std::shared_ptr<Driver> {
        std::shared_ptr<Driver> driver(new Driver());
        std::string path, errors;
        std::vector<std::string> candidates =
            getLibraryCandidates("HLOX_CUDA_DRIVER", {"libcuda.so.1"});
        driver->library = openFirstLibrary(candidates, path, errors);
        if (!driver->library) {
          // errors is "; PATH: why".
          failure = Status::error("no CUDA device: cannot load the CUDA "
                                  "driver " +
                                  candidates.front() + " (" +
                                  errors.substr(errors.find(": ") + 2) + ")");
          return nullptr;
        }
        DriverApi &api = driver->functions;
        EntryPoints entry(driver->library);
        entry.bind("cuInit", api.cuInit);
        entry.bind("cuDriverGetVersion", api.cuDriverGetVersion);
        entry.bind("cuGetErrorName", api.cuGetErrorName);
        entry.bind("cuGetErrorString", api.cuGetErrorString);
        entry.bind("cuDeviceGetCount", api.cuDeviceGetCount);
        entry.bind("cuDeviceGet", api.cuDeviceGet);
        entry.bind("cuDeviceGetName", api.cuDeviceGetName);
        entry.bind("cuDeviceGetAttribute", api.cuDeviceGetAttribute);
        entry.bind("cuDeviceTotalMem_v2", api.cuDeviceTotalMem);
        entry.bind("cuDevicePrimaryCtxRetain", api.cuDevicePrimaryCtxRetain);
        entry.bind("cuDevicePrimaryCtxRelease_v2",
                   api.cuDevicePrimaryCtxRelease);
        entry.bind("cuCtxSetCurrent", api.cuCtxSetCurrent);
        entry.bind("cuStreamCreate", api.cuStreamCreate);
        entry.bind("cuStreamDestroy_v2", api.cuStreamDestroy);
        entry.bind("cuStreamSynchronize", api.cuStreamSynchronize);
        entry.bind("cuEventCreate", api.cuEventCreate);
        entry.bind("cuEventDestroy_v2", api.cuEventDestroy);
        entry.bind("cuEventRecord", api.cuEventRecord);
        entry.bind("cuEventSynchronize", api.cuEventSynchronize);
        if (!entry.bindIfPresent("cuEventElapsedTime_v2",
                                 api.cuEventElapsedTime))
          entry.bind("cuEventElapsedTime", api.cuEventElapsedTime);
        entry.bind("cuMemAlloc_v2", api.cuMemAlloc);
        entry.bind("cuMemFree_v2", api.cuMemFree);
        entry.bind("cuMemcpyAsync", api.cuMemcpyAsync);
        entry.bind("cuMemsetD8Async", api.cuMemsetD8Async);
        entry.bind("cuModuleLoadDataEx", api.cuModuleLoadDataEx);
        entry.bind("cuModuleUnload", api.cuModuleUnload);
        entry.bind("cuModuleGetFunction", api.cuModuleGetFunction);
        entry.bind("cuLaunchKernel", api.cuLaunchKernel);
        if (const char *missing = entry.getMissing()) {
          failure = Status::error(std::string("no CUDA device: the CUDA "
                                              "driver has no entry point ") +
                                  missing + " (a driver older than CUDA 11?)");
          return nullptr;
        }
        if (Status init = driver->check(api.cuInit(0), "cuInit"); !init) {
          failure = Status::error("no CUDA device: " + init.message());
          return nullptr;
        }
        if (Status version = driver->check(
                api.cuDriverGetVersion(&driver->version), "cuDriverGetVersion");
            !version) {
          failure = Status::error("no CUDA device: " + version.message());
          return nullptr;
        }
        if (Status count = driver->check(
                api.cuDeviceGetCount(&driver->deviceCount), "cuDeviceGetCount");
            !count || driver->deviceCount == 0) {
          failure = Status::error(
              "no CUDA device: " +
              (count ? std::string("the driver sees no CUDA device")
                     : count.message()));
          return nullptr;
        }
        return driver;
      });
}
