//===- CudaDevice.cpp - An NVIDIA GPU as a runtime device -----------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/runtime/cuda/CudaDevice.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <unordered_map>
#include <vector>

using namespace hlox::runtime;
using namespace hlox::runtime::cuda;

struct hlox::runtime::cuda::PrimaryContext {
  std::shared_ptr<Driver> driver;
  CUdevice device = 0;
  CUcontext context = nullptr;

  ~PrimaryContext() {
    if (context)
      (void)driver->api().cuDevicePrimaryCtxRelease(device);
  }
  Status makeCurrent() const {
    return driver->check(driver->api().cuCtxSetCurrent(context),
                         "cuCtxSetCurrent");
  }
};

namespace {

/// Device memory rounded up to this many bytes per temporary, so that
/// every temporary is aligned as cuMemAlloc aligns a buffer.
constexpr size_t kTemporaryAlignment = 256;

/// A program's kernels loaded into a device's context.
class CudaKernels final : public LoadedGpuKernels {
public:
  struct Entry {
    std::vector<CUfunction> functions;
    std::vector<CUdeviceptr> constants;
    std::vector<size_t> temporaryOffsets;
  };

  explicit CudaKernels(std::shared_ptr<PrimaryContext> primary)
      : primary(std::move(primary)) {}
  ~CudaKernels() override {
    const DriverApi &api = primary->driver->api();
    if (!primary->makeCurrent())
      return;
    for (auto &[dispatch, entry] : entries)
      for (CUdeviceptr constant : entry.constants)
        (void)api.cuMemFree(constant);
    if (scratch)
      (void)api.cuMemFree(scratch);
    for (CUmodule module : modules)
      (void)api.cuModuleUnload(module);
  }

  std::shared_ptr<PrimaryContext> primary;
  std::vector<CUmodule> modules;
  std::unordered_map<const GpuDispatch *, Entry> entries;
  CUdeviceptr scratch = 0;
};

} // namespace

int CudaDevice::getDeviceCount() {
  Status status;
  std::shared_ptr<Driver> driver = Driver::get(status);
  return driver ? driver->getDeviceCount() : 0;
}

std::vector<std::unique_ptr<Device>>
CudaDevice::makeProcessDevices(int64_t count, Status &status) const {
  std::vector<std::unique_ptr<Device>> devices;
  if (count < 1) {
    status = Status::error("a parallel run of " + std::to_string(count) +
                           " processes");
    return devices;
  }
  int64_t gpus = std::max(1, driver->getDeviceCount());
  for (int64_t i = 0; i < count; ++i) {
    std::unique_ptr<CudaDevice> device = create((ordinal + i) % gpus, status);
    if (!device) {
      status = Status::error("process " + std::to_string(i) + ": " +
                             status.message());
      return {};
    }
    devices.push_back(std::move(device));
  }
  return devices;
}

CudaDevice::CudaDevice(std::shared_ptr<Driver> driver, int64_t ordinal)
    : driver(std::move(driver)), ordinal(ordinal) {}

std::unique_ptr<CudaDevice> CudaDevice::create(int64_t ordinal,
                                               Status &status) {
  std::shared_ptr<Driver> driver = Driver::get(status);
  if (!driver)
    return nullptr;
  if (ordinal < 0 || ordinal >= driver->getDeviceCount()) {
    status = Status::error("no CUDA device: cuda:" + std::to_string(ordinal) +
                           " asked for, the driver sees " +
                           std::to_string(driver->getDeviceCount()));
    return nullptr;
  }
  const DriverApi &api = driver->api();
  std::unique_ptr<CudaDevice> device(new CudaDevice(driver, ordinal));
  auto primary = std::make_shared<PrimaryContext>();
  primary->driver = driver;
  if (!(status = driver->check(
            api.cuDeviceGet(&primary->device, static_cast<int>(ordinal)),
            "cuDeviceGet")))
    return nullptr;
  if (!(status = driver->check(
            api.cuDevicePrimaryCtxRetain(&primary->context, primary->device),
            "cuDevicePrimaryCtxRetain")))
    return nullptr;
  device->primary = primary;
  if (!(status = primary->makeCurrent()))
    return nullptr;
  char name[256] = {};
  int major = 0, minor = 0;
  if (!(status = driver->check(
            api.cuDeviceGetName(name, sizeof(name) - 1, primary->device),
            "cuDeviceGetName")) ||
      !(status =
            driver->check(api.cuDeviceGetAttribute(
                              &major, kAttributeComputeMajor, primary->device),
                          "cuDeviceGetAttribute")) ||
      !(status =
            driver->check(api.cuDeviceGetAttribute(
                              &minor, kAttributeComputeMinor, primary->device),
                          "cuDeviceGetAttribute")) ||
      !(status = driver->check(
            api.cuDeviceTotalMem(&device->totalMemory, primary->device),
            "cuDeviceTotalMem")))
    return nullptr;
  device->name = name;
  device->arch = "sm_" + std::to_string(major) + std::to_string(minor);
  // Up to a quarter of the device's memory kept for reuse.
  device->memory = std::make_shared<MemoryPool>(
      device->totalMemory / 4,
      [primary](size_t bytes) -> void * {
        CUdeviceptr address = 0;
        if (!primary->makeCurrent() ||
            primary->driver->api().cuMemAlloc(&address, bytes) != kSuccess)
          return nullptr;
        return toPointer(address);
      },
      [primary](void *storage) {
        if (primary->makeCurrent())
          (void)primary->driver->api().cuMemFree(toDeviceAddress(storage));
      });
  // A stream that waits for the legacy default stream, as the driver's
  // synchronous calls of other libraries expect.
  if (!(status = driver->check(api.cuStreamCreate(&device->stream, 0),
                               "cuStreamCreate")))
    return nullptr;
  status = {};
  return device;
}

CudaDevice::~CudaDevice() {
  if (stream && makeCurrent()) {
    (void)driver->api().cuStreamSynchronize(stream);
    matmuls.reset();
    convolutions.reset();
    // Live buffers release into the pool, which frees their memory when
    // the last of them dies.
    if (memory)
      memory->trim();
    for (CUevent event : markers)
      (void)driver->api().cuEventDestroy(event);
    (void)driver->api().cuStreamDestroy(stream);
  }
}

Status CudaDevice::makeCurrent() const { return primary->makeCurrent(); }

void CudaDevice::keepError(const Status &status) {
  if (status)
    return;
  std::lock_guard<std::mutex> lock(errorMutex);
  if (firstError)
    firstError = Status::error(getName() + ": " + status.message());
}

std::shared_ptr<Buffer> CudaDevice::allocate(const BufferType &type) {
  // cuMemAlloc refuses 0 bytes; an empty buffer still has an address.
  size_t bytes = std::max<size_t>(1, static_cast<size_t>(type.getByteSize()));
  void *storage = memory->allocate(bytes);
  if (!storage) {
    // Memory the pool keeps may be what is missing.
    memory->trim();
    storage = memory->allocate(bytes);
  }
  if (!storage)
    return nullptr;
  // The buffer keeps the pool, and through it the context: it may outlive
  // the device.
  std::shared_ptr<MemoryPool> owner = memory;
  return std::make_shared<Buffer>(
      type, storage,
      [owner, bytes](void *released) { owner->release(released, bytes); },
      BufferPlacement{getKind(), ordinal});
}

void CudaDevice::dispatch(int64_t count, int64_t minPerChunk,
                          const std::function<void(int64_t, int64_t)> &fn) {
  (void)minPerChunk;
  if (count > 0)
    fn(0, count);
}

void CudaDevice::copy(void *target, const void *source, size_t bytes) {
  if (target == source || bytes == 0)
    return;
  enqueueCopy(target, source, bytes);
  Status status = makeCurrent();
  if (status)
    status = driver->check(driver->api().cuStreamSynchronize(stream),
                           "cuStreamSynchronize");
  keepError(status);
}

void CudaDevice::enqueueCopy(void *target, const void *source, size_t bytes) {
  if (target == source || bytes == 0)
    return;
  Status status = makeCurrent();
  if (status)
    status = driver->check(driver->api().cuMemcpyAsync(toDeviceAddress(target),
                                                       toDeviceAddress(source),
                                                       bytes, stream),
                           "cuMemcpyAsync");
  keepError(status);
}

std::unique_ptr<LoadedGpuKernels>
CudaDevice::loadKernels(const GpuKernels &kernels, Status &status) {
  if (!(status = makeCurrent()))
    return nullptr;
  const DriverApi &api = driver->api();
  auto loaded = std::make_unique<CudaKernels>(primary);
  for (size_t i = 0; i < kernels.modules.size(); ++i) {
    char log[8192] = {};
    int options[] = {kJitErrorLogBuffer, kJitErrorLogBufferSize};
    void *values[] = {log, reinterpret_cast<void *>(sizeof(log) - 1)};
    CUmodule module = nullptr;
    CUresult result = api.cuModuleLoadDataEx(
        &module, kernels.modules[i].c_str(), 2, options, values);
    if (result != kSuccess) {
      status =
          Status::error("cannot load GPU module " + std::to_string(i) +
                        " (compiled for " + kernels.arch + ") on " + getName() +
                        " (" + arch + "): " + driver->describe(result) +
                        (log[0] ? ": " + std::string(log) : ""));
      return nullptr;
    }
    loaded->modules.push_back(module);
  }
  size_t scratchBytes = 0;
  for (const GpuDispatch &dispatch : kernels.dispatches) {
    CudaKernels::Entry &entry = loaded->entries[&dispatch];
    for (const GpuLaunch &launch : dispatch.launches) {
      CUfunction function = nullptr;
      if (launch.module < 0 ||
          launch.module >= static_cast<int64_t>(loaded->modules.size())) {
        status = Status::error("dispatch " + dispatch.name +
                               " launches a kernel of module " +
                               std::to_string(launch.module) + " of " +
                               std::to_string(loaded->modules.size()));
        return nullptr;
      }
      if (!(status = driver->check(
                api.cuModuleGetFunction(&function,
                                        loaded->modules[launch.module],
                                        launch.kernel.c_str()),
                "kernel " + launch.kernel + " of dispatch " + dispatch.name)))
        return nullptr;
      entry.functions.push_back(function);
    }
    for (const std::vector<uint8_t> &bytes : dispatch.constants) {
      CUdeviceptr address = 0;
      if (!(status = driver->check(
                api.cuMemAlloc(&address, std::max<size_t>(1, bytes.size())),
                "allocating a constant of dispatch " + dispatch.name)))
        return nullptr;
      entry.constants.push_back(address);
      if (!bytes.empty() &&
          !(status = driver->check(
                api.cuMemcpyAsync(address, toDeviceAddress(bytes.data()),
                                  bytes.size(), stream),
                "uploading a constant of dispatch " + dispatch.name)))
        return nullptr;
    }
    size_t offset = 0;
    for (int64_t bytes : dispatch.temporaryBytes) {
      entry.temporaryOffsets.push_back(offset);
      offset += (static_cast<size_t>(std::max<int64_t>(bytes, 1)) +
                 kTemporaryAlignment - 1) /
                kTemporaryAlignment * kTemporaryAlignment;
    }
    scratchBytes = std::max(scratchBytes, offset);
  }
  if (scratchBytes > 0 &&
      !(status = driver->check(api.cuMemAlloc(&loaded->scratch, scratchBytes),
                               "allocating " + std::to_string(scratchBytes) +
                                   " bytes of temporaries")))
    return nullptr;
  if (!(status = driver->check(api.cuStreamSynchronize(stream),
                               "cuStreamSynchronize")))
    return nullptr;
  return loaded;
}

Status CudaDevice::launch(LoadedGpuKernels &loadedKernels,
                          const GpuDispatch &dispatch, void *const *bindings) {
  auto &loaded = static_cast<CudaKernels &>(loadedKernels);
  auto found = loaded.entries.find(&dispatch);
  if (found == loaded.entries.end())
    return Status::error("dispatch " + dispatch.name +
                         " is not among the kernels loaded on " + getName());
  const CudaKernels::Entry &entry = found->second;
  if (Status status = makeCurrent(); !status)
    return status;
  const DriverApi &api = driver->api();
  // The address or the bytes of each parameter, and a pointer to each.
  std::vector<CUdeviceptr> addresses;
  std::vector<void *> parameters;
  for (size_t l = 0; l < dispatch.launches.size(); ++l) {
    const GpuLaunch &launch = dispatch.launches[l];
    addresses.assign(launch.arguments.size(), 0);
    parameters.assign(launch.arguments.size(), nullptr);
    for (size_t a = 0; a < launch.arguments.size(); ++a) {
      const GpuArgument &argument = launch.arguments[a];
      switch (argument.kind) {
      case GpuArgument::Kind::Binding:
        addresses[a] = toDeviceAddress(bindings[argument.index]);
        break;
      case GpuArgument::Kind::Temporary:
        addresses[a] = loaded.scratch + entry.temporaryOffsets[argument.index];
        break;
      case GpuArgument::Kind::Constant:
        addresses[a] = entry.constants[argument.index];
        break;
      case GpuArgument::Kind::Scalar:
        parameters[a] = const_cast<uint8_t *>(argument.bytes.data());
        continue;
      }
      parameters[a] = &addresses[a];
    }
    CUresult result = api.cuLaunchKernel(
        entry.functions[l], launch.grid[0], launch.grid[1], launch.grid[2],
        launch.block[0], launch.block[1], launch.block[2], launch.sharedBytes,
        stream, parameters.data(), nullptr);
    if (result != kSuccess)
      return Status::error("launching " + launch.kernel + " of " +
                           dispatch.name + " on " + getName() + ": " +
                           driver->describe(result));
  }
  return {};
}

Status CudaDevice::launchMatmul(const MatmulSpec &spec, const void *lhs,
                                const void *rhs, const void *bias,
                                const void *addend, void *result) {
  if (Status status = makeCurrent(); !status)
    return status;
  std::lock_guard<std::mutex> lock(matmulMutex);
  if (!matmuls) {
    Status status;
    matmuls = MatmulPlans::create(driver, status);
    if (!matmuls)
      return Status::error(getName() + ": " + status.message());
  }
  if (Status status =
          matmuls->run(spec, lhs, rhs, bias, addend, result, stream);
      !status)
    return Status::error(getName() + ": " + status.message());
  return {};
}

Status CudaDevice::launchConvolution(const ConvolutionSpec &spec,
                                     const void *input, const void *kernel,
                                     const void *bias, const void *addend,
                                     void *result) {
  if (Status status = makeCurrent(); !status)
    return status;
  std::lock_guard<std::mutex> lock(matmulMutex);
  if (!convolutions) {
    Status status;
    convolutions = ConvolutionPlans::create(driver, stream, status);
    if (!convolutions)
      return Status::error(getName() + ": " + status.message());
  }
  if (Status status =
          convolutions->run(spec, input, kernel, bias, addend, result);
      !status)
    return Status::error(getName() + ": " + status.message());
  return {};
}

bool CudaDevice::recordMarker(size_t index) {
  if (!makeCurrent())
    return false;
  const DriverApi &api = driver->api();
  while (markers.size() <= index) {
    CUevent event = nullptr;
    if (api.cuEventCreate(&event, /*CU_EVENT_DEFAULT=*/0) != 0)
      return false;
    markers.push_back(event);
  }
  return api.cuEventRecord(markers[index], stream) == 0;
}

Status CudaDevice::getMarkerTimes(size_t count,
                                  std::vector<double> &milliseconds) {
  milliseconds.assign(count, 0.0);
  if (count == 0)
    return {};
  if (count > markers.size())
    return Status::error(getName() + ": " + std::to_string(count) +
                         " markers asked, " + std::to_string(markers.size()) +
                         " recorded");
  Status status = makeCurrent();
  const DriverApi &api = driver->api();
  if (status)
    status = driver->check(api.cuEventSynchronize(markers[count - 1]),
                           getName() + ": cuEventSynchronize");
  for (size_t i = 1; status && i < count; ++i) {
    float elapsed = 0;
    status =
        driver->check(api.cuEventElapsedTime(&elapsed, markers[0], markers[i]),
                      getName() + ": cuEventElapsedTime");
    milliseconds[i] = elapsed;
  }
  return status;
}

Status CudaDevice::synchronize() {
  Status status = makeCurrent();
  if (status)
    status = driver->check(driver->api().cuStreamSynchronize(stream),
                           getName() + ": cuStreamSynchronize");
  std::lock_guard<std::mutex> lock(errorMutex);
  if (!firstError) {
    Status first = firstError;
    firstError = {};
    return first;
  }
  return status;
}
