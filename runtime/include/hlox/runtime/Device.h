//===- Device.h - Devices that run executables ------------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#ifndef HLOX_RUNTIME_DEVICE_H
#define HLOX_RUNTIME_DEVICE_H

#include "hlox/runtime/Buffer.h"
#include "hlox/runtime/GpuKernels.h"
#include "hlox/runtime/HostProgram.h"
#include "hlox/runtime/MemoryPool.h"
#include "hlox/runtime/Status.h"
#include "hlox/runtime/ThreadPool.h"

#include <memory>
#include <string>
#include <vector>

namespace hlox::runtime {

/// A program's GPU kernels as one device loaded them (Device::loadKernels),
/// with what their dispatches need besides (constants, temporaries). Used
/// by one run at a time.
class LoadedGpuKernels {
public:
  virtual ~LoadedGpuKernels() = default;
};

/// A device: where buffers live and a program's commands run (dispatches
/// of kernels, copies; the library calls take its threads). Thread-safe.
class Device {
public:
  virtual ~Device() = default;
  /// The kind of device, as host programs name it (HostProgram::devices):
  /// "cpu".
  virtual std::string getKind() const = 0;
  /// Its number among the devices of its kind that a client or a parallel
  /// run made.
  virtual int64_t getOrdinal() const = 0;
  /// "cpu:0".
  std::string getName() const {
    return getKind() + ":" + std::to_string(getOrdinal());
  }
  /// Whether its commands read and write memory of `placement` where it
  /// lies (a CPU reads the host's memory and every CPU device's).
  virtual bool canAccess(const BufferPlacement &placement) const = 0;
  /// A new buffer of `type` in the device's memory (placed on it), or null
  /// when the memory is exhausted. The contents are undefined.
  virtual std::shared_ptr<Buffer> allocate(const BufferType &type) = 0;
  /// Runs fn(begin, end) over chunks of [0, count) workgroups, in parallel
  /// where the device can; returns when every workgroup ran. With `count`
  /// at most getNumThreads() and `minPerChunk` 1, each workgroup is a chunk
  /// of its own and all of them run at once, each on its own thread, so
  /// that they may wait for one another (a GemmTeam's members do).
  virtual void dispatch(int64_t count, int64_t minPerChunk,
                        const std::function<void(int64_t, int64_t)> &fn) = 0;
  /// dispatch() for workgroups that do not wait for one another (a compiled
  /// kernel's): the device may run fn more than once per thread, on pieces
  /// of the range, so that a thread that finishes early takes over the end
  /// of one held up (a CPU's ThreadPool::parallelForBalanced). By default,
  /// dispatch().
  virtual void
  dispatchIndependent(int64_t count, int64_t minPerChunk,
                      const std::function<void(int64_t, int64_t)> &fn) {
    dispatch(count, minPerChunk, fn);
  }
  /// Copies `bytes` bytes from `source` to `target`, both in memory it
  /// can access; the two may overlap. Returns when the copy is done.
  virtual void copy(void *target, const void *source, size_t bytes) = 0;
  /// How many threads run a dispatch's chunks at most (library calls that
  /// parallelize themselves use as many).
  virtual unsigned getNumThreads() const = 0;
  /// Devices of this one's kind for the `count` processes of a parallel
  /// run in this process, process i's i-th: a CPU's threads shared out
  /// ("cpu:i"), a GPU's the driver's GPUs in turn from this one (processes
  /// share a GPU, each on a stream of its own, when there are more of
  /// them). None, with `status` saying why, when one cannot be made.
  virtual std::vector<std::unique_ptr<Device>>
  makeProcessDevices(int64_t count, Status &status) const = 0;

  /// Starts a copy of `bytes` bytes from `source` to `target`, both in the
  /// device's own memory, ordered with its launches: the work started after
  /// it sees what it wrote, the host after synchronize(). A device that
  /// runs its work as it comes (a CPU) copies at once.
  virtual void enqueueCopy(void *target, const void *source, size_t bytes) {
    copy(target, source, bytes);
  }

  /// Whether the host reads and writes the memory of the device's buffers
  /// where it lies (a CPU's; not a GPU's).
  virtual bool isHostAccessible() const { return true; }
  /// Loads `kernels` (which must outlive what this returns) for the
  /// device; null, with `status` saying why, where it cannot (a CPU runs
  /// no GPU kernels).
  virtual std::unique_ptr<LoadedGpuKernels>
  loadKernels(const GpuKernels &kernels, Status &status) {
    (void)kernels;
    status = Status::error(getName() + " runs no GPU kernels");
    return nullptr;
  }
  /// Starts the launches of `dispatch` (of the kernels `loaded` holds) on
  /// the device's stream, with `bindings` the device addresses of its
  /// operands then results. The commands the device runs after it see its
  /// results; the host sees them after synchronize().
  virtual Status launch(LoadedGpuKernels &loaded, const GpuDispatch &dispatch,
                        void *const *bindings) {
    (void)loaded, (void)dispatch, (void)bindings;
    return Status::error(getName() + " runs no GPU kernels");
  }
  /// Starts result = lhs x rhs as `spec` says (with the library's
  /// epilogue: `bias` and `addend` when spec.bias and spec.addend, else
  /// null; no epilogue dispatch) on the device's stream with the device's
  /// matrix library, all in its memory; ordered with launches as a launch
  /// is. A CPU's products are the Matmul command's own (Matmul.h), not the
  /// device's.
  virtual Status launchMatmul(const MatmulSpec &spec, const void *lhs,
                              const void *rhs, const void *bias,
                              const void *addend, void *result) {
    (void)spec, (void)lhs, (void)rhs, (void)bias, (void)addend, (void)result;
    return Status::error(getName() + " has no GPU matrix library");
  }
  /// Starts the convolution `spec` describes (result = conv(input, kernel),
  /// + `addend` when spec.addend, + `bias` when spec.bias; `addend` may be
  /// `result` itself) on the device's stream with the device's
  /// convolution library; ordered with launches as a launch is. A CPU's
  /// convolutions are the Convolution command's own (Convolution.h).
  virtual Status launchConvolution(const ConvolutionSpec &spec,
                                   const void *input, const void *kernel,
                                   const void *bias, const void *addend,
                                   void *result) {
    (void)spec, (void)input, (void)kernel, (void)bias, (void)addend,
        (void)result;
    return Status::error(getName() + " has no GPU convolution library");
  }
  /// Waits for the work the device started; its first error, if any.
  virtual Status synchronize() { return {}; }

  /// Records marker `index` (0 first) on the device's stream: the point
  /// its work has reached, for timing a run's commands in the device's
  /// time. False where the device keeps no such clock (a CPU's commands
  /// are timed on the host) or cannot record one.
  virtual bool recordMarker(size_t index) { return false; }

  /// After synchronize(): in `milliseconds`, the time from marker 0 to each
  /// of markers 0 to `count` - 1.
  virtual Status getMarkerTimes(size_t count,
                                std::vector<double> &milliseconds) {
    return Status::error(getKind() + " keeps no markers");
  }
};

/// The host CPU, or a share of its threads: buffers in host memory,
/// workgroups on a thread pool of its own. A buffer's memory returns to
/// the device's MemoryPool when the buffer dies (even after the device), so
/// that the results of repeated runs reuse mapped pages.
class CpuDevice final : public Device {
public:
  /// The released memory a device keeps for reuse by default.
  static constexpr size_t kDefaultCachedBytes = size_t(1) << 30;

  /// `numThreads` threads in all (0: one per hardware thread), and at most
  /// `maxCachedBytes` of released buffer memory kept for reuse; "cpu:N"
  /// for `ordinal` N.
  explicit CpuDevice(unsigned numThreads = 0,
                     size_t maxCachedBytes = kDefaultCachedBytes,
                     int64_t ordinal = 0)
      : pool(numThreads), memory(std::make_shared<MemoryPool>(maxCachedBytes)),
        ordinal(ordinal) {}
  std::string getKind() const override { return "cpu"; }
  int64_t getOrdinal() const override { return ordinal; }
  bool canAccess(const BufferPlacement &placement) const override {
    return placement.kind == "cpu" || placement.kind == "host";
  }
  std::shared_ptr<Buffer> allocate(const BufferType &type) override;
  void dispatch(int64_t count, int64_t minPerChunk,
                const std::function<void(int64_t, int64_t)> &fn) override {
    pool.parallelFor(count, minPerChunk, fn);
  }
  void dispatchIndependent(
      int64_t count, int64_t minPerChunk,
      const std::function<void(int64_t, int64_t)> &fn) override {
    pool.parallelForBalanced(count, minPerChunk, fn);
  }
  void copy(void *target, const void *source, size_t bytes) override;
  unsigned getNumThreads() const override { return pool.getNumThreads(); }
  /// Each with an equal share of this one's threads (one at least).
  std::vector<std::unique_ptr<Device>>
  makeProcessDevices(int64_t count, Status &status) const override;

  /// The memory its buffers come from.
  const MemoryPool &getMemoryPool() const { return *memory; }

private:
  ThreadPool pool;
  std::shared_ptr<MemoryPool> memory;
  int64_t ordinal;
};

} // namespace hlox::runtime

#endif // HLOX_RUNTIME_DEVICE_H
