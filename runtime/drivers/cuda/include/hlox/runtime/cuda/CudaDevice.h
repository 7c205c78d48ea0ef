//===- CudaDevice.h - An NVIDIA GPU as a runtime device ---------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// A CUDA device: buffers in the GPU's memory, a program's GPU kernels loaded
// as modules of its primary context, its matrix products on cuBLASLt and
// convolutions on cuDNN, and
// one stream on which its launches, products and copies run in order. The
// host waits for the stream in copy() (whose contract is to return when the
// copy is done) and synchronize(). Released buffers' memory is kept for
// reuse (a MemoryPool over cuMemAlloc): cuMemFree waits for the whole
// device, and each run's results would otherwise pay for it; since all of
// the device's work runs in the order of its one stream, memory released
// by the host is free for the work started after it.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_RUNTIME_CUDA_CUDADEVICE_H
#define HLOX_RUNTIME_CUDA_CUDADEVICE_H

#include "hlox/runtime/Device.h"
#include "hlox/runtime/cuda/BlasLt.h"
#include "hlox/runtime/cuda/Dnn.h"
#include "hlox/runtime/cuda/Driver.h"

#include <memory>
#include <mutex>
#include <string>

namespace hlox::runtime::cuda {

/// A device's primary context, retained while a device or one of its
/// buffers lives.
struct PrimaryContext;

class CudaDevice final : public Device {
public:
  /// The CUDA device of ordinal `ordinal` ("cuda:N"), or null, with
  /// `status` saying why: "no CUDA device: ..." where the driver or the
  /// device is missing.
  static std::unique_ptr<CudaDevice> create(int64_t ordinal, Status &status);
  /// The number of CUDA devices this process can use: 0 without a driver.
  static int getDeviceCount();

  ~CudaDevice() override;

  std::string getKind() const override { return "cuda"; }
  int64_t getOrdinal() const override { return ordinal; }
  bool canAccess(const BufferPlacement &placement) const override {
    return placement.kind == "cuda" && placement.ordinal == ordinal;
  }
  /// From the device's memory pool; when cuMemAlloc fails, the pool's
  /// cached blocks are freed and it is tried once more.
  std::shared_ptr<Buffer> allocate(const BufferType &type) override;
  /// Runs fn over all `count` workgroups on the calling thread: a GPU's
  /// work comes as kernels (launch), not as host functions.
  void dispatch(int64_t count, int64_t minPerChunk,
                const std::function<void(int64_t, int64_t)> &fn) override;
  /// Either side may be host memory (the driver's unified addressing tells
  /// which); an error is kept for synchronize().
  void copy(void *target, const void *source, size_t bytes) override;
  /// On the stream, without waiting for it; an error is kept for
  /// synchronize().
  void enqueueCopy(void *target, const void *source, size_t bytes) override;
  unsigned getNumThreads() const override { return 1; }
  /// The driver's GPUs in turn from this one's ordinal.
  std::vector<std::unique_ptr<Device>>
  makeProcessDevices(int64_t count, Status &status) const override;
  bool isHostAccessible() const override { return false; }
  std::unique_ptr<LoadedGpuKernels> loadKernels(const GpuKernels &kernels,
                                                Status &status) override;
  Status launch(LoadedGpuKernels &loaded, const GpuDispatch &dispatch,
                void *const *bindings) override;
  /// On cuBLASLt (BlasLt.h), loaded by the first product; an error says
  /// where cuBLASLt is missing.
  Status launchMatmul(const MatmulSpec &spec, const void *lhs, const void *rhs,
                      const void *bias, const void *addend,
                      void *result) override;
  /// On cuDNN (Dnn.h), loaded by the first convolution.
  Status launchConvolution(const ConvolutionSpec &spec, const void *input,
                           const void *kernel, const void *bias,
                           const void *addend, void *result) override;
  Status synchronize() override;
  /// CUDA events, made as needed and kept for the next runs.
  bool recordMarker(size_t index) override;
  Status getMarkerTimes(size_t count,
                        std::vector<double> &milliseconds) override;

  /// "NVIDIA H200", and its compute capability as "sm_90".
  const std::string &getDeviceName() const { return name; }
  const std::string &getArch() const { return arch; }
  size_t getTotalMemory() const { return totalMemory; }
  const Driver &getDriver() const { return *driver; }
  const MemoryPool &getMemoryPool() const { return *memory; }

private:
  CudaDevice(std::shared_ptr<Driver> driver, int64_t ordinal);
  /// Makes the device's context current on the calling thread.
  Status makeCurrent() const;
  /// Keeps the first error of the device's asynchronous work.
  void keepError(const Status &status);

  std::shared_ptr<Driver> driver;
  int64_t ordinal;
  std::shared_ptr<PrimaryContext> primary;
  /// Device memory released by buffers, kept for reuse; shared with the
  /// buffers, which may outlive the device.
  std::shared_ptr<MemoryPool> memory;
  CUstream stream = nullptr;
  std::string name;
  std::string arch;
  size_t totalMemory = 0;
  /// The device's matrix products (made by the first one), under
  /// `matmulMutex`.
  std::mutex matmulMutex;
  std::unique_ptr<MatmulPlans> matmuls;
  /// The device's convolutions (made by the first one), under
  /// `matmulMutex` too.
  std::unique_ptr<ConvolutionPlans> convolutions;
  std::mutex errorMutex;
  Status firstError;
  /// The events of recordMarker, by index.
  std::vector<CUevent> markers;
};

} // namespace hlox::runtime::cuda

#endif // HLOX_RUNTIME_CUDA_CUDADEVICE_H
