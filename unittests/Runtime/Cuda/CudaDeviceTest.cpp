//===- CudaDeviceTest.cpp - The runtime's CUDA device ---------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Built twice: HloxCudaTests on the machine's own driver (each test is
// skipped, after checking that the error says "no CUDA device", where
// there is no GPU), and HloxCudaFakeDriverTests on the fake driver
// (FakeDriver.cpp), which checks the device's plumbing without a GPU but
// runs no kernel: what a kernel computes is checked on a real GPU only.
// Matrix products and convolutions (cuBLASLt and cuDNN, which the fake
// driver also stands in for) are computed and checked on both.
//
//===----------------------------------------------------------------------===//

#include "hlox/runtime/cuda/CudaDevice.h"
#include "hlox/runtime/Communicator.h"
#include "hlox/runtime/Executable.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <thread>

using namespace hlox::runtime;
using namespace hlox::runtime::cuda;

#ifdef HLOX_FAKE_CUDA_DRIVER
// Before the driver is first loaded (once per process).
static const bool kFakeDriverSet = [] {
  setenv("HLOX_CUDA_DRIVER", HLOX_FAKE_CUDA_DRIVER, /*overwrite=*/1);
  // The fake driver stands in for cuBLASLt too, and computes its products.
  setenv("HLOX_CUBLASLT", HLOX_FAKE_CUDA_DRIVER, /*overwrite=*/1);
  setenv("HLOX_CUDNN", HLOX_FAKE_CUDA_DRIVER, /*overwrite=*/1);
  return true;
}();
static constexpr bool kRunsKernels = false;
#else
static constexpr bool kRunsKernels = true;
#endif

namespace {

/// out[i] = in[i] + 1 for i < n (f32), one thread per element.
constexpr const char *kAddOnePtx = R"(
.version 6.0
.target sm_70
.address_size 64

.visible .entry add_one(
	.param .u64 .ptr .align 1 add_one_param_0,
	.param .u64 .ptr .align 1 add_one_param_1,
	.param .u32 add_one_param_2
)
{
	.reg .pred 	%p<2>;
	.reg .b32 	%r<6>;
	.reg .f32 	%f<3>;
	.reg .b64 	%rd<8>;

	ld.param.u64 	%rd1, [add_one_param_0];
	ld.param.u64 	%rd2, [add_one_param_1];
	ld.param.u32 	%r1, [add_one_param_2];
	mov.u32 	%r2, %ctaid.x;
	mov.u32 	%r3, %ntid.x;
	mov.u32 	%r4, %tid.x;
	mad.lo.s32 	%r5, %r2, %r3, %r4;
	setp.ge.u32 	%p1, %r5, %r1;
	@%p1 bra 	$L_done;
	cvta.to.global.u64 	%rd3, %rd1;
	cvta.to.global.u64 	%rd4, %rd2;
	mul.wide.u32 	%rd5, %r5, 4;
	add.s64 	%rd6, %rd3, %rd5;
	add.s64 	%rd7, %rd4, %rd5;
	ld.global.f32 	%f1, [%rd6];
	add.f32 	%f2, %f1, 0f3F800000;
	st.global.f32 	[%rd7], %f2;
$L_done:
	ret;
}
)";

constexpr int64_t kCount = 1000;

/// The CUDA device, or null after checking why there is none.
std::unique_ptr<CudaDevice> getDevice() {
  Status status;
  std::unique_ptr<CudaDevice> device = CudaDevice::create(0, status);
  if (!device) {
    EXPECT_EQ(status.message().rfind("no CUDA device", 0), 0u)
        << status.message();
  }
  return device;
}

#define GET_DEVICE_OR_SKIP(name)                                               \
  std::unique_ptr<CudaDevice> name = getDevice();                              \
  if (!name)                                                                   \
  GTEST_SKIP() << "no CUDA device"

/// add_one over kCount elements as the dispatch `add_one_entry`.
GpuKernels makeAddOne() {
  GpuKernels kernels;
  kernels.arch = "sm_70";
  kernels.modules.push_back(kAddOnePtx);
  GpuDispatch dispatch;
  dispatch.name = "add_one_entry";
  GpuLaunch launch;
  launch.kernel = "add_one";
  launch.grid = {(kCount + 255) / 256, 1, 1};
  launch.block = {256, 1, 1};
  GpuArgument in, out, count;
  in.index = 0;
  out.index = 1;
  count.kind = GpuArgument::Kind::Scalar;
  uint32_t n = kCount;
  count.bytes.resize(4);
  std::memcpy(count.bytes.data(), &n, 4);
  launch.arguments = {in, out, count};
  dispatch.launches.push_back(launch);
  kernels.dispatches.push_back(dispatch);
  return kernels;
}

BufferType f32Vector() { return BufferType{{kCount}, 4, "f32"}; }

std::vector<float> iota() {
  std::vector<float> values(kCount);
  for (int64_t i = 0; i < kCount; ++i)
    values[i] = static_cast<float>(i) * 0.5f;
  return values;
}

} // namespace

TEST(CudaDevice, DescribesItself) {
  GET_DEVICE_OR_SKIP(device);
  EXPECT_EQ(device->getName(), "cuda:0");
  EXPECT_EQ(device->getArch().rfind("sm_", 0), 0u);
  EXPECT_FALSE(device->isHostAccessible());
  EXPECT_TRUE(device->canAccess(BufferPlacement{"cuda", 0}));
  EXPECT_FALSE(device->canAccess(BufferPlacement{"cuda", 1}));
  EXPECT_FALSE(device->canAccess(BufferPlacement{"host", 0}));
  EXPECT_GE(CudaDevice::getDeviceCount(), 1);
}

TEST(CudaDevice, MissingOrdinalIsAnError) {
  GET_DEVICE_OR_SKIP(device);
  Status status;
  EXPECT_FALSE(CudaDevice::create(CudaDevice::getDeviceCount(), status));
  EXPECT_NE(status.message().find("no CUDA device: cuda:"), std::string::npos)
      << status.message();
}

TEST(CudaDevice, CopiesInAndOut) {
  GET_DEVICE_OR_SKIP(device);
  std::shared_ptr<Buffer> a = device->allocate(f32Vector());
  std::shared_ptr<Buffer> b = device->allocate(f32Vector());
  ASSERT_TRUE(a && b);
  EXPECT_EQ(a->getPlacement().str(), "cuda:0");
  std::vector<float> in = iota(), out(kCount, -1.0f);
  device->copy(a->data(), in.data(), kCount * 4);
  device->copy(b->data(), a->data(), kCount * 4);
  device->copy(out.data(), b->data(), kCount * 4);
  ASSERT_TRUE(device->synchronize()) << device->synchronize().message();
  EXPECT_EQ(in, out);
}

TEST(CudaDevice, LaunchesAKernel) {
  GET_DEVICE_OR_SKIP(device);
  GpuKernels kernels = makeAddOne();
  Status status;
  std::unique_ptr<LoadedGpuKernels> loaded =
      device->loadKernels(kernels, status);
  ASSERT_TRUE(loaded) << status.message();
  std::shared_ptr<Buffer> a = device->allocate(f32Vector());
  std::shared_ptr<Buffer> b = device->allocate(f32Vector());
  std::vector<float> in = iota(), out(kCount);
  device->copy(a->data(), in.data(), kCount * 4);
  void *bindings[] = {a->data(), b->data()};
  Status launched = device->launch(*loaded, kernels.dispatches[0], bindings);
  ASSERT_TRUE(launched) << launched.message();
  device->copy(out.data(), b->data(), kCount * 4);
  ASSERT_TRUE(device->synchronize());
  if (!kRunsKernels)
    return;
  for (int64_t i = 0; i < kCount; ++i)
    ASSERT_EQ(out[i], in[i] + 1.0f) << "element " << i;
}

TEST(CudaDevice, BadModuleIsAnError) {
  GET_DEVICE_OR_SKIP(device);
  GpuKernels kernels = makeAddOne();
  kernels.modules[0] = "not PTX";
  Status status;
  EXPECT_FALSE(device->loadKernels(kernels, status));
  EXPECT_NE(status.message().find("cannot load GPU module 0"),
            std::string::npos)
      << status.message();
}

TEST(CudaDevice, MissingKernelIsAnError) {
  GET_DEVICE_OR_SKIP(device);
  GpuKernels kernels = makeAddOne();
  kernels.dispatches[0].launches[0].kernel = "add_two";
  Status status;
  EXPECT_FALSE(device->loadKernels(kernels, status));
  EXPECT_NE(status.message().find("kernel add_two of dispatch add_one_entry"),
            std::string::npos)
      << status.message();
}

/// A GPU program: result 0 is argument 0 plus one (a dispatch), result 1 a
/// copy of it, and result 2 a copy of a constant.
static HostProgram makeProgram() {
  HostProgram program;
  program.devices = {"cuda"};
  program.values = {{f32Vector(), ValueKind::Argument, 0, 0},
                    {f32Vector(), ValueKind::Result, 0, 0},
                    {f32Vector(), ValueKind::Result, 1, 0},
                    {f32Vector(), ValueKind::Constant, 0, 0},
                    {f32Vector(), ValueKind::Result, 2, 0}};
  std::vector<float> constant = iota();
  for (float &x : constant)
    x = -x;
  program.constants.emplace_back(kCount * 4);
  std::memcpy(program.constants[0].data(), constant.data(), kCount * 4);
  program.kernelNames = {"add_one_entry"};
  program.commands.emplace_back(DispatchCommand{0, 1, 1},
                                std::vector<int64_t>{0, 1});
  program.commands.emplace_back(CopyCommand{}, std::vector<int64_t>{0, 2});
  program.commands.emplace_back(CopyCommand{}, std::vector<int64_t>{3, 4});
  program.arguments = {0};
  program.results = {1, 2, 4};
  return program;
}

/// The add-one program's executable and its argument (iota()) on
/// `device`.
static std::pair<std::unique_ptr<Executable>, std::shared_ptr<Buffer>>
prepareAddOne(CudaDevice &device) {
  Status status;
  std::unique_ptr<Executable> executable = Executable::create(
      makeProgram(), makeGpuKernelLibrary(makeAddOne()), status);
  EXPECT_TRUE(executable) << status.message();
  std::shared_ptr<Buffer> argument = device.allocate(f32Vector());
  std::vector<float> in = iota();
  device.copy(argument->data(), in.data(), kCount * 4);
  return {std::move(executable), argument};
}

TEST(CudaDevice, RunsAProgram) {
  GET_DEVICE_OR_SKIP(device);
  auto [executable, argument] = prepareAddOne(*device);
  ASSERT_TRUE(executable);
  std::vector<float> in = iota();
  // Twice: the second run reuses the loaded kernels and constants.
  for (int run = 0; run < 2; ++run) {
    std::vector<std::shared_ptr<Buffer>> results;
    Status ran = executable->execute(*device, {argument}, results);
    ASSERT_TRUE(ran) << ran.message();
    ASSERT_EQ(results.size(), 3u);
    std::vector<float> sum(kCount), copy(kCount), constant(kCount);
    device->copy(sum.data(), results[0]->data(), kCount * 4);
    device->copy(copy.data(), results[1]->data(), kCount * 4);
    device->copy(constant.data(), results[2]->data(), kCount * 4);
    ASSERT_TRUE(device->synchronize());
    EXPECT_EQ(results[0]->getPlacement().str(), "cuda:0");
    EXPECT_EQ(copy, in);
    for (int64_t i = 0; i < kCount; ++i)
      ASSERT_EQ(constant[i], -in[i]);
    if (kRunsKernels)
      for (int64_t i = 0; i < kCount; ++i)
        ASSERT_EQ(sum[i], in[i] + 1.0f);
  }
}

TEST(CudaDevice, TimesWithMarkers) {
  GET_DEVICE_OR_SKIP(device);
  std::shared_ptr<Buffer> a = device->allocate(f32Vector());
  ASSERT_TRUE(a);
  std::vector<float> in = iota();
  ASSERT_TRUE(device->recordMarker(0));
  device->enqueueCopy(a->data(), in.data(), kCount * 4);
  ASSERT_TRUE(device->recordMarker(1));
  ASSERT_TRUE(device->recordMarker(2));
  ASSERT_TRUE(device->synchronize());
  std::vector<double> milliseconds;
  Status read = device->getMarkerTimes(3, milliseconds);
  ASSERT_TRUE(read) << read.message();
  ASSERT_EQ(milliseconds.size(), 3u);
  EXPECT_EQ(milliseconds[0], 0.0);
  EXPECT_GE(milliseconds[1], 0.0);
  EXPECT_GE(milliseconds[2], milliseconds[1]);
  // More markers than were recorded: an error, not a read past them.
  EXPECT_FALSE(device->getMarkerTimes(4, milliseconds));
}

TEST(CudaDevice, ProfilesAProgramInDeviceTime) {
  GET_DEVICE_OR_SKIP(device);
  auto [executable, argument] = prepareAddOne(*device);
  ASSERT_TRUE(executable);
  std::vector<std::shared_ptr<Buffer>> results;
  std::vector<CommandTiming> timings;
  Status ran = executable->execute(*device, {argument}, results, {}, &timings);
  ASSERT_TRUE(ran) << ran.message();
  ASSERT_EQ(timings.size(), makeProgram().commands.size());
  // Each command from one marker to the next: contiguous, in order.
  for (size_t i = 0; i < timings.size(); ++i) {
    EXPECT_EQ(timings[i].command, static_cast<int64_t>(i));
    EXPECT_LE(timings[i].startNs, timings[i].endNs);
    if (i > 0)
      EXPECT_EQ(timings[i].startNs, timings[i - 1].endNs);
  }
}

TEST(CudaDevice, RefusesHostArguments) {
  GET_DEVICE_OR_SKIP(device);
  Status status;
  std::unique_ptr<Executable> executable = Executable::create(
      makeProgram(), makeGpuKernelLibrary(makeAddOne()), status);
  ASSERT_TRUE(executable);
  auto host = std::make_shared<Buffer>(f32Vector());
  std::vector<std::shared_ptr<Buffer>> results;
  Status ran = executable->execute(*device, {host}, results);
  EXPECT_EQ(ran.message(),
            "argument 0 lies on host:0, which cuda:0 cannot access");
}

// Without a GPU as well: a CPU device runs no GPU program.
TEST(CudaDevice, CpuRunsNoGpuProgram) {
  Status status;
  std::unique_ptr<Executable> executable = Executable::create(
      makeProgram(), makeGpuKernelLibrary(makeAddOne()), status);
  ASSERT_TRUE(executable) << status.message();
  CpuDevice cpu(1);
  auto argument = std::make_shared<Buffer>(f32Vector());
  std::vector<std::shared_ptr<Buffer>> results;
  Status ran = executable->execute(cpu, {argument}, results);
  EXPECT_EQ(ran.message(), "a program for cuda cannot run on cpu:0");
  GpuKernels kernels = makeAddOne();
  EXPECT_FALSE(cpu.loadKernels(kernels, status));
  EXPECT_EQ(status.message(), "cpu:0 runs no GPU kernels");
}

// The devices of a parallel run: the driver's GPUs in turn, each process
// on a stream of its own; a CPU's threads shared out.
TEST(CudaDevice, MakesDevicesForProcesses) {
  GET_DEVICE_OR_SKIP(device);
  Status status;
  std::vector<std::unique_ptr<Device>> devices =
      device->makeProcessDevices(3, status);
  ASSERT_EQ(devices.size(), 3u) << status.message();
  std::vector<float> in = iota(), out(kCount);
  for (size_t i = 0; i < devices.size(); ++i) {
    EXPECT_EQ(devices[i]->getName(),
              "cuda:" + std::to_string(i % CudaDevice::getDeviceCount()));
    std::shared_ptr<Buffer> buffer = devices[i]->allocate(f32Vector());
    devices[i]->copy(buffer->data(), in.data(), kCount * 4);
    devices[i]->copy(out.data(), buffer->data(), kCount * 4);
    ASSERT_TRUE(devices[i]->synchronize());
    EXPECT_EQ(out, in);
  }
  EXPECT_TRUE(device->makeProcessDevices(0, status).empty());
  EXPECT_EQ(status.message(), "a parallel run of 0 processes");
}

TEST(CudaDevice, CpuMakesDevicesForProcesses) {
  CpuDevice cpu(4);
  Status status;
  std::vector<std::unique_ptr<Device>> devices =
      cpu.makeProcessDevices(3, status);
  ASSERT_EQ(devices.size(), 3u) << status.message();
  for (size_t i = 0; i < devices.size(); ++i) {
    EXPECT_EQ(devices[i]->getName(), "cpu:" + std::to_string(i));
    EXPECT_EQ(devices[i]->getNumThreads(), 1u);
  }
  // Fewer threads than processes: one each.
  devices = CpuDevice(1).makeProcessDevices(2, status);
  ASSERT_EQ(devices.size(), 2u);
  EXPECT_EQ(devices[1]->getNumThreads(), 1u);
  EXPECT_EQ(CpuDevice(2).makeProcessDevices(1, status)[0]->getNumThreads(), 2u);
}

// Collectives run on host copies of a GPU's values: two processes, each
// on a device (a stream) of its own, sum their arguments with an
// asynchronous all-reduce and read their replica ids.
TEST(CudaDevice, RunsCollectivesThroughTheHost) {
  GET_DEVICE_OR_SKIP(first);
  GET_DEVICE_OR_SKIP(second);
  HostProgram program;
  program.devices = {"cuda"};
  BufferType id{{}, 4, "ui32"};
  program.values = {{f32Vector(), ValueKind::Argument, 0, 0},
                    {f32Vector(), ValueKind::Result, 0, 0},
                    {id, ValueKind::Result, 1, 0}};
  CollectiveCommand sum;
  sum.spec.kind = CollectiveKind::AllReduce;
  sum.spec.groups = {{0, 1}};
  sum.spec.numReplicas = 2;
  sum.spec.async = true;
  program.commands.emplace_back(sum, std::vector<int64_t>{0, 1});
  program.commands.emplace_back(WaitCommand{0}, std::vector<int64_t>{0, 1});
  CollectiveCommand replica;
  replica.spec.kind = CollectiveKind::ReplicaId;
  replica.spec.numReplicas = 2;
  program.commands.emplace_back(replica, std::vector<int64_t>{2});
  program.arguments = {0};
  program.results = {1, 2};
  Status status;
  std::unique_ptr<Executable> executable =
      Executable::create(program, makeGpuKernelLibrary(GpuKernels{}), status);
  ASSERT_TRUE(executable) << status.message();
  LocalCommunicator communicator(2);
  CudaDevice *devices[2] = {first.get(), second.get()};
  std::vector<std::shared_ptr<Buffer>> results[2];
  Status ran[2];
  std::vector<float> in = iota();
  auto run = [&](int64_t index) {
    CudaDevice &device = *devices[index];
    std::shared_ptr<Buffer> argument = device.allocate(f32Vector());
    std::vector<float> scaled(in);
    for (float &x : scaled)
      x *= static_cast<float>(index + 1);
    device.copy(argument->data(), scaled.data(), kCount * 4);
    ProcessInfo process;
    process.replica = index;
    process.numReplicas = 2;
    process.communicator = &communicator;
    ran[index] = executable->execute(device, {argument}, results[index], {},
                                     nullptr, {}, &process);
    communicator.finished(index, !ran[index]);
  };
  std::thread other(run, 1);
  run(0);
  other.join();
  for (int64_t index = 0; index < 2; ++index) {
    ASSERT_TRUE(ran[index]) << ran[index].message();
    ASSERT_EQ(results[index].size(), 2u);
    EXPECT_EQ(results[index][0]->getPlacement().str(), "cuda:0");
    std::vector<float> total(kCount);
    uint32_t replicaId = 7;
    devices[index]->copy(total.data(), results[index][0]->data(), kCount * 4);
    devices[index]->copy(&replicaId, results[index][1]->data(), 4);
    ASSERT_TRUE(devices[index]->synchronize());
    for (int64_t i = 0; i < kCount; ++i)
      ASSERT_EQ(total[i], 3.0f * in[i]) << "process " << index;
    EXPECT_EQ(replicaId, static_cast<uint32_t>(index));
  }
}

// A collective outside a parallel run is an error with its location.
TEST(CudaDevice, CollectiveWithoutProcessesIsAnError) {
  GET_DEVICE_OR_SKIP(device);
  HostProgram program;
  program.devices = {"cuda"};
  program.values = {{f32Vector(), ValueKind::Argument, 0, 0},
                    {f32Vector(), ValueKind::Result, 0, 0}};
  CollectiveCommand sum;
  sum.spec.kind = CollectiveKind::AllReduce;
  sum.spec.groups = {{0}};
  program.commands.emplace_back(sum, std::vector<int64_t>{0, 1},
                                "model.mlir:3:5");
  program.arguments = {0};
  program.results = {1};
  Status status;
  std::unique_ptr<Executable> executable =
      Executable::create(program, makeGpuKernelLibrary(GpuKernels{}), status);
  ASSERT_TRUE(executable) << status.message();
  std::shared_ptr<Buffer> argument = device->allocate(f32Vector());
  std::vector<std::shared_ptr<Buffer>> results;
  Status ran = executable->execute(*device, {argument}, results);
  EXPECT_EQ(ran.location(), "model.mlir:3:5");
  EXPECT_EQ(ran.message(),
            "all_reduce needs the other processes of a parallel run");
}

/// The row-major product of `spec` on the host, in the order of k.
static std::vector<float> multiplyOnHost(const MatmulSpec &spec,
                                         const std::vector<float> &lhs,
                                         const std::vector<float> &rhs) {
  std::vector<float> result(spec.batch * spec.m * spec.n);
  for (int64_t b = 0; b < spec.batch; ++b)
    for (int64_t i = 0; i < spec.m; ++i)
      for (int64_t j = 0; j < spec.n; ++j) {
        float sum = 0;
        for (int64_t q = 0; q < spec.k; ++q) {
          float x = spec.transposeLhs ? lhs[(b * spec.k + q) * spec.m + i]
                                      : lhs[(b * spec.m + i) * spec.k + q];
          float y = spec.transposeRhs ? rhs[(b * spec.n + j) * spec.k + q]
                                      : rhs[(b * spec.k + q) * spec.n + j];
          sum += x * y;
        }
        result[(b * spec.m + i) * spec.n + j] = sum;
      }
  return result;
}

/// Small integers, so that every product and sum is exact in f32.
static std::vector<float> smallIntegers(int64_t count, int64_t seed) {
  std::vector<float> values(count);
  for (int64_t i = 0; i < count; ++i)
    values[i] = static_cast<float>((i * 7 + seed * 3) % 11) - 5.0f;
  return values;
}

TEST(CudaDevice, MultipliesOnTheMatrixLibrary) {
  GET_DEVICE_OR_SKIP(device);
  for (int64_t batch : {1, 3})
    for (bool transposeLhs : {false, true})
      for (bool transposeRhs : {false, true}) {
        MatmulSpec spec;
        spec.batch = batch;
        spec.m = 5;
        spec.n = 7;
        spec.k = 4;
        spec.transposeLhs = transposeLhs;
        spec.transposeRhs = transposeRhs;
        std::vector<float> lhs = smallIntegers(batch * spec.m * spec.k, 1);
        std::vector<float> rhs = smallIntegers(batch * spec.k * spec.n, 2);
        auto bufferOf = [&](size_t count) {
          return device->allocate(
              BufferType{{static_cast<int64_t>(count)}, 4, "f32"});
        };
        std::shared_ptr<Buffer> a = bufferOf(lhs.size());
        std::shared_ptr<Buffer> b = bufferOf(rhs.size());
        std::shared_ptr<Buffer> c = bufferOf(batch * spec.m * spec.n);
        device->copy(a->data(), lhs.data(), lhs.size() * 4);
        device->copy(b->data(), rhs.data(), rhs.size() * 4);
        Status launched = device->launchMatmul(spec, a->data(), b->data(),
                                               nullptr, nullptr, c->data());
        ASSERT_TRUE(launched) << launched.message();
        std::vector<float> result(batch * spec.m * spec.n);
        device->copy(result.data(), c->data(), result.size() * 4);
        ASSERT_TRUE(device->synchronize());
        EXPECT_EQ(result, multiplyOnHost(spec, lhs, rhs))
            << "batch " << batch << " transposeLhs " << transposeLhs
            << " transposeRhs " << transposeRhs;
      }
}

/// `values` as bf16 or f16 (exact for the small integers of
/// smallIntegers), and back.
static std::vector<uint16_t> toHalf(const std::vector<float> &values,
                                    MatmulElement element) {
  std::vector<uint16_t> narrow(values.size());
  for (size_t i = 0; i < values.size(); ++i) {
    if (element == MatmulElement::F16) {
      auto half = static_cast<_Float16>(values[i]);
      std::memcpy(&narrow[i], &half, 2);
      continue;
    }
    uint32_t bits;
    std::memcpy(&bits, &values[i], 4);
    narrow[i] = static_cast<uint16_t>(bits >> 16);
  }
  return narrow;
}

static std::vector<float> fromHalf(const std::vector<uint16_t> &narrow,
                                   MatmulElement element) {
  std::vector<float> values(narrow.size());
  for (size_t i = 0; i < narrow.size(); ++i) {
    if (element == MatmulElement::F16) {
      _Float16 half;
      std::memcpy(&half, &narrow[i], 2);
      values[i] = static_cast<float>(half);
      continue;
    }
    uint32_t bits = uint32_t(narrow[i]) << 16;
    std::memcpy(&values[i], &bits, 4);
  }
  return values;
}

TEST(CudaDevice, AppliesTheLibrarysEpilogueAndMultipliesHalves) {
  GET_DEVICE_OR_SKIP(device);
  // Operand and result element types.
  const std::pair<MatmulElement, MatmulElement> forms[] = {
      {MatmulElement::F32, MatmulElement::F32},
      {MatmulElement::BF16, MatmulElement::F32},
      {MatmulElement::BF16, MatmulElement::BF16},
      {MatmulElement::F16, MatmulElement::F32},
      {MatmulElement::F16, MatmulElement::F16}};
  for (int form = 0; form < 5; ++form)
    for (int epilogue = 0; epilogue < 16; ++epilogue) {
      // Bits: bias, addend, ReLU, GELU (tanh form); one activation.
      if ((epilogue & 12) == 12)
        continue;
      // forms[form]: f32, bf16 or f16 operands, f32 or their own result.
      MatmulSpec spec;
      spec.batch = 2;
      spec.m = 5;
      spec.n = 7;
      spec.k = 4;
      spec.transposeRhs = true;
      spec.operandElement = forms[form].first;
      spec.resultElement = forms[form].second;
      spec.bias = epilogue & 1;
      spec.addend = epilogue & 2;
      spec.relu = epilogue & 4;
      spec.geluTanh = epilogue & 8;
      bool halfResult = spec.resultElement != MatmulElement::F32;
      int64_t size = spec.batch * spec.m * spec.n;
      std::vector<float> lhs = smallIntegers(spec.batch * spec.m * spec.k, 1);
      std::vector<float> rhs = smallIntegers(spec.batch * spec.k * spec.n, 2);
      std::vector<float> bias = smallIntegers(spec.n, 3);
      std::vector<float> addend = smallIntegers(size, 4);
      auto upload = [&](const std::vector<float> &values,
                        MatmulElement element) {
        int64_t bytes = getMatmulElementBytes(element);
        std::shared_ptr<Buffer> buffer =
            device->allocate(BufferType{{static_cast<int64_t>(values.size())},
                                        bytes,
                                        getMatmulElementName(element)});
        std::vector<uint16_t> narrow = toHalf(values, element);
        device->copy(buffer->data(),
                     bytes == 2 ? static_cast<const void *>(narrow.data())
                                : static_cast<const void *>(values.data()),
                     values.size() * bytes);
        EXPECT_TRUE(device->synchronize());
        return buffer;
      };
      std::shared_ptr<Buffer> a = upload(lhs, spec.operandElement);
      std::shared_ptr<Buffer> b = upload(rhs, spec.operandElement);
      std::shared_ptr<Buffer> biasBuffer = upload(bias, spec.resultElement);
      std::shared_ptr<Buffer> addendBuffer = upload(addend, spec.resultElement);
      std::shared_ptr<Buffer> c =
          upload(std::vector<float>(size, 0.0f), spec.resultElement);
      Status launched = device->launchMatmul(
          spec, a->data(), b->data(), spec.bias ? biasBuffer->data() : nullptr,
          spec.addend ? addendBuffer->data() : nullptr, c->data());
      ASSERT_TRUE(launched) << launched.message();
      std::vector<float> result(size);
      std::vector<uint16_t> narrow(size);
      if (halfResult)
        device->copy(narrow.data(), c->data(), size * 2);
      else
        device->copy(result.data(), c->data(), size * 4);
      ASSERT_TRUE(device->synchronize());
      if (halfResult)
        result = fromHalf(narrow, spec.resultElement);
      // Every value is a small integer: exact in bf16 and f16 and in any order.
      std::vector<float> expected = multiplyOnHost(spec, lhs, rhs);
      for (int64_t i = 0; i < size; ++i) {
        if (spec.addend)
          expected[i] += addend[i];
        if (spec.bias)
          expected[i] += bias[i % spec.n];
        if (spec.relu)
          expected[i] = std::max(expected[i], 0.0f);
      }
      if (!spec.geluTanh) {
        EXPECT_EQ(result, expected)
            << "form " << form << " epilogue " << epilogue;
        continue;
      }
      // GELU is the library's: its tanh within a few units in the last
      // place, the result's rounding on top.
      double tolerance = spec.resultElement == MatmulElement::BF16  ? 1e-2
                         : spec.resultElement == MatmulElement::F16 ? 2e-3
                                                                    : 1e-5;
      for (int64_t i = 0; i < size; ++i) {
        double x = expected[i];
        double gelu =
            0.5 * x *
            (1 + std::tanh(std::sqrt(2 / M_PI) * (x + 0.044715 * x * x * x)));
        EXPECT_NEAR(result[i], gelu, tolerance * (1 + std::abs(gelu)))
            << "form " << form << " epilogue " << epilogue << " at " << i;
      }
    }
}

TEST(CudaDevice, EmptySumIsZeros) {
  GET_DEVICE_OR_SKIP(device);
  MatmulSpec spec;
  spec.m = 3;
  spec.n = 2;
  spec.k = 0;
  std::shared_ptr<Buffer> c = device->allocate(BufferType{{6}, 4, "f32"});
  std::vector<float> ones(6, 1.0f);
  device->copy(c->data(), ones.data(), 24);
  ASSERT_TRUE(device->launchMatmul(spec, c->data(), c->data(), nullptr, nullptr,
                                   c->data()));
  std::vector<float> result(6, 1.0f);
  device->copy(result.data(), c->data(), 24);
  ASSERT_TRUE(device->synchronize());
  EXPECT_EQ(result, std::vector<float>(6, 0.0f));
}

/// A GPU program whose one command is a Matmul of its two arguments.
static HostProgram makeMatmulProgram(const MatmulSpec &spec) {
  HostProgram program;
  program.devices = {"cuda"};
  BufferType lhs{{spec.m, spec.k}, 4, "f32"};
  BufferType rhs{{spec.k, spec.n}, 4, "f32"};
  BufferType result{{spec.m, spec.n}, 4, "f32"};
  program.values = {{lhs, ValueKind::Argument, 0, 0},
                    {rhs, ValueKind::Argument, 1, 0},
                    {result, ValueKind::Result, 0, 0}};
  program.commands.emplace_back(
      MatmulCommand{spec, 0}, std::vector<int64_t>{0, 1, 2}, "model.mlir:2:8");
  program.arguments = {0, 1};
  program.results = {2};
  return program;
}

TEST(CudaDevice, RunsAProgramOfAProduct) {
  GET_DEVICE_OR_SKIP(device);
  MatmulSpec spec;
  spec.m = 6;
  spec.n = 3;
  spec.k = 9;
  Status status;
  std::unique_ptr<Executable> executable = Executable::create(
      makeMatmulProgram(spec), makeGpuKernelLibrary(GpuKernels{}), status);
  ASSERT_TRUE(executable) << status.message();
  std::vector<float> lhs = smallIntegers(spec.m * spec.k, 3);
  std::vector<float> rhs = smallIntegers(spec.k * spec.n, 4);
  std::shared_ptr<Buffer> a =
      device->allocate(BufferType{{spec.m, spec.k}, 4, "f32"});
  std::shared_ptr<Buffer> b =
      device->allocate(BufferType{{spec.k, spec.n}, 4, "f32"});
  device->copy(a->data(), lhs.data(), lhs.size() * 4);
  device->copy(b->data(), rhs.data(), rhs.size() * 4);
  std::vector<std::shared_ptr<Buffer>> results;
  Status ran = executable->execute(*device, {a, b}, results);
  ASSERT_TRUE(ran) << ran.message();
  std::vector<float> result(spec.m * spec.n);
  device->copy(result.data(), results[0]->data(), result.size() * 4);
  ASSERT_TRUE(device->synchronize());
  EXPECT_EQ(result, multiplyOnHost(spec, lhs, rhs));
}

// Without a GPU as well: a product with an epilogue (a host kernel) is
// refused at its location, and a CPU has no GPU matrix library.
TEST(CudaDevice, RefusesProductEpilogues) {
  MatmulSpec spec;
  spec.epilogue = true;
  HostProgram program = makeMatmulProgram(spec);
  program.kernelNames = {"add_one_entry"};
  Status status;
  EXPECT_FALSE(
      Executable::create(program, makeGpuKernelLibrary(makeAddOne()), status));
  EXPECT_EQ(status.location(), "model.mlir:2:8");
  EXPECT_NE(status.message().find(
                "cannot run a matmul 1x1x1x1 +add_one_entry (cuBLASLt)"),
            std::string::npos)
      << status.message();
  CpuDevice cpu(1);
  EXPECT_EQ(cpu.launchMatmul(MatmulSpec{}, nullptr, nullptr, nullptr, nullptr,
                             nullptr)
                .message(),
            "cpu:0 has no GPU matrix library");
}

TEST(CudaDevice, ReusesReleasedMemory) {
  GET_DEVICE_OR_SKIP(device);
  BufferType type{{1000}, 4, "f32"};
  void *first = nullptr;
  {
    std::shared_ptr<Buffer> buffer = device->allocate(type);
    ASSERT_TRUE(buffer);
    first = buffer->data();
    EXPECT_EQ(device->getMemoryPool().getCachedBytes(), 0u);
  }
  EXPECT_EQ(device->getMemoryPool().getCachedBytes(), roundToAlignment(4000));
  std::shared_ptr<Buffer> again = device->allocate(type);
  EXPECT_EQ(again->data(), first);
  EXPECT_EQ(device->getMemoryPool().getCachedBytes(), 0u);
  // Another size takes fresh memory.
  std::shared_ptr<Buffer> other = device->allocate(BufferType{{10}, 4, "f32"});
  EXPECT_NE(other->data(), first);
}

/// The NCHW/OIHW convolution of `spec` on the host, + addend, + bias.
static std::vector<float> convolveOnHost(const ConvolutionSpec &spec,
                                         const std::vector<float> &input,
                                         const std::vector<float> &kernel,
                                         const std::vector<float> &bias,
                                         const std::vector<float> &addend) {
  std::vector<float> result(spec.batch * spec.outChannels * spec.outHeight *
                            spec.outWidth);
  int64_t inPerGroup = spec.inChannels / spec.groups;
  int64_t outPerGroup = spec.outChannels / spec.groups;
  for (int64_t n = 0; n < spec.batch; ++n)
    for (int64_t k = 0; k < spec.outChannels; ++k)
      for (int64_t p = 0; p < spec.outHeight; ++p)
        for (int64_t q = 0; q < spec.outWidth; ++q) {
          float sum = 0;
          for (int64_t c = 0; c < inPerGroup; ++c)
            for (int64_t r = 0; r < spec.kernelHeight; ++r)
              for (int64_t t = 0; t < spec.kernelWidth; ++t) {
                int64_t h = p * spec.strides[0] - spec.padding[0] +
                            r * spec.dilations[0];
                int64_t w = q * spec.strides[1] - spec.padding[2] +
                            t * spec.dilations[1];
                if (h < 0 || h >= spec.height || w < 0 || w >= spec.width)
                  continue;
                int64_t channel = k / outPerGroup * inPerGroup + c;
                sum +=
                    input[((n * spec.inChannels + channel) * spec.height + h) *
                              spec.width +
                          w] *
                    kernel[((k * inPerGroup + c) * spec.kernelHeight + r) *
                               spec.kernelWidth +
                           t];
              }
          int64_t at = ((n * spec.outChannels + k) * spec.outHeight + p) *
                           spec.outWidth +
                       q;
          result[at] = sum + (addend.empty() ? 0.0f : addend[at]) +
                       (bias.empty() ? 0.0f : bias[k]);
        }
  return result;
}

/// A grouped, strided, dilated and padded f32 convolution of 2 images
/// (4 channels in 2 groups, 6 out), 9x7 by 3x3.
static ConvolutionSpec makeConvolutionSpec() {
  ConvolutionSpec spec;
  spec.batch = 2;
  spec.inChannels = 4;
  spec.height = 9;
  spec.width = 7;
  spec.outChannels = 6;
  spec.kernelHeight = 3;
  spec.kernelWidth = 3;
  spec.groups = 2;
  spec.strides[0] = 2;
  spec.dilations[1] = 2;
  spec.padding[0] = spec.padding[1] = 1;
  spec.padding[2] = spec.padding[3] = 2;
  spec.outHeight = (9 + 2 - 2 - 1) / 2 + 1;
  spec.outWidth = (7 + 4 - 4 - 1) / 1 + 1;
  return spec;
}

/// `values`, [n, c, h, w] in row-major order, as [n, h, w, c] (with
/// `back`, the other way round).
static std::vector<float> toChannelsLast(const std::vector<float> &values,
                                         int64_t n, int64_t c, int64_t h,
                                         int64_t w, bool back = false) {
  std::vector<float> moved(values.size());
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = 0; j < c; ++j)
      for (int64_t k = 0; k < h; ++k)
        for (int64_t l = 0; l < w; ++l) {
          int64_t first = ((i * c + j) * h + k) * w + l;
          int64_t last = ((i * h + k) * w + l) * c + j;
          if (back)
            moved[first] = values[last];
          else
            moved[last] = values[first];
        }
  return moved;
}

TEST(CudaDevice, ConvolvesOnTheConvolutionLibrary) {
  GET_DEVICE_OR_SKIP(device);
  for (int form = 0; form < 4; ++form) {
    // Without and with the epilogue; NCHW/OIHW, then NHWC/OHWI.
    bool epilogue = form & 1;
    ConvolutionSpec spec = makeConvolutionSpec();
    spec.bias = spec.addend = epilogue;
    spec.nhwc = spec.kernelOhwi = form & 2;
    int64_t inputCount =
        spec.batch * spec.inChannels * spec.height * spec.width;
    int64_t kernelCount = spec.outChannels * (spec.inChannels / spec.groups) *
                          spec.kernelHeight * spec.kernelWidth;
    int64_t resultCount =
        spec.batch * spec.outChannels * spec.outHeight * spec.outWidth;
    std::vector<float> input = smallIntegers(inputCount, 5);
    std::vector<float> kernel = smallIntegers(kernelCount, 6);
    std::vector<float> bias, addend;
    if (epilogue) {
      bias = smallIntegers(spec.outChannels, 7);
      addend = smallIntegers(resultCount, 8);
    }
    auto upload = [&](const std::vector<float> &values) {
      std::shared_ptr<Buffer> buffer = device->allocate(
          BufferType{{std::max<int64_t>(1, values.size())}, 4, "f32"});
      if (!values.empty())
        device->copy(buffer->data(), values.data(), values.size() * 4);
      return buffer;
    };
    // The device's operands in its layout; the host's in NCHW/OIHW.
    auto laidOut = [&](const std::vector<float> &values, int64_t n, int64_t c,
                       int64_t h, int64_t w) {
      return spec.nhwc && !values.empty() ? toChannelsLast(values, n, c, h, w)
                                          : values;
    };
    std::shared_ptr<Buffer> x = upload(
        laidOut(input, spec.batch, spec.inChannels, spec.height, spec.width));
    std::shared_ptr<Buffer> w =
        upload(laidOut(kernel, spec.outChannels, spec.inChannels / spec.groups,
                       spec.kernelHeight, spec.kernelWidth));
    std::shared_ptr<Buffer> b = upload(bias);
    std::shared_ptr<Buffer> a = upload(laidOut(
        addend, spec.batch, spec.outChannels, spec.outHeight, spec.outWidth));
    std::shared_ptr<Buffer> y =
        device->allocate(BufferType{{resultCount}, 4, "f32"});
    Status launched = device->launchConvolution(
        spec, x->data(), w->data(), epilogue ? b->data() : nullptr,
        epilogue ? a->data() : nullptr, y->data());
    ASSERT_TRUE(launched) << launched.message();
    std::vector<float> result(resultCount);
    device->copy(result.data(), y->data(), resultCount * 4);
    ASSERT_TRUE(device->synchronize());
    if (spec.nhwc)
      result = toChannelsLast(result, spec.batch, spec.outChannels,
                              spec.outHeight, spec.outWidth, /*back=*/true);
    EXPECT_EQ(result, convolveOnHost(spec, input, kernel, bias, addend))
        << "form " << form;
  }
}

TEST(CudaDevice, ConvolvesBf16) {
  GET_DEVICE_OR_SKIP(device);
  ConvolutionSpec spec = makeConvolutionSpec();
  spec.bf16 = true;
  int64_t inputCount = spec.batch * spec.inChannels * spec.height * spec.width;
  int64_t kernelCount = spec.outChannels * (spec.inChannels / spec.groups) *
                        spec.kernelHeight * spec.kernelWidth;
  int64_t resultCount =
      spec.batch * spec.outChannels * spec.outHeight * spec.outWidth;
  // Small integers are exact in bf16, and so are their sums here.
  std::vector<float> input = smallIntegers(inputCount, 1);
  std::vector<float> kernel = smallIntegers(kernelCount, 2);
  auto toBf16 = [](const std::vector<float> &values) {
    std::vector<uint16_t> narrow(values.size());
    for (size_t i = 0; i < values.size(); ++i) {
      uint32_t bits;
      std::memcpy(&bits, &values[i], 4);
      narrow[i] = static_cast<uint16_t>(bits >> 16);
    }
    return narrow;
  };
  std::vector<uint16_t> x16 = toBf16(input), w16 = toBf16(kernel);
  std::shared_ptr<Buffer> x =
      device->allocate(BufferType{{inputCount}, 2, "bf16"});
  std::shared_ptr<Buffer> w =
      device->allocate(BufferType{{kernelCount}, 2, "bf16"});
  std::shared_ptr<Buffer> y =
      device->allocate(BufferType{{resultCount}, 2, "bf16"});
  device->copy(x->data(), x16.data(), x16.size() * 2);
  device->copy(w->data(), w16.data(), w16.size() * 2);
  Status launched = device->launchConvolution(spec, x->data(), w->data(),
                                              nullptr, nullptr, y->data());
  ASSERT_TRUE(launched) << launched.message();
  std::vector<uint16_t> result(resultCount);
  device->copy(result.data(), y->data(), resultCount * 2);
  ASSERT_TRUE(device->synchronize());
  EXPECT_EQ(result, toBf16(convolveOnHost(spec, input, kernel, {}, {})));
}

// Without a GPU as well: convolutions cuDNN does not take are refused at
// their location when the program is made.
TEST(CudaDevice, RefusesConvolutionsTheLibraryDoesNotTake) {
  for (int variant = 0; variant < 3; ++variant) {
    ConvolutionSpec spec = makeConvolutionSpec();
    if (variant == 0)
      spec.nhwc = true; // with an HWIO kernel
    else if (variant == 1)
      spec.padding[0] = 0, spec.padding[1] = 2;
    else
      spec.relu = true;
    HostProgram program;
    program.devices = {"cuda"};
    auto f32 = [](int64_t count) { return BufferType{{count}, 4, "f32"}; };
    program.values = {
        {f32(spec.batch * spec.inChannels * spec.height * spec.width),
         ValueKind::Argument, 0, 0},
        {f32(spec.outChannels * (spec.inChannels / spec.groups) *
             spec.kernelHeight * spec.kernelWidth),
         ValueKind::Argument, 1, 0},
        {f32(spec.batch * spec.outChannels * spec.outHeight * spec.outWidth),
         ValueKind::Result, 0, 0}};
    program.commands.emplace_back(ConvolutionCommand{spec, false, {}},
                                  std::vector<int64_t>{0, 1, 2},
                                  "model.mlir:4:2");
    program.arguments = {0, 1};
    program.results = {2};
    Status status;
    EXPECT_FALSE(Executable::create(program, makeGpuKernelLibrary(GpuKernels{}),
                                    status));
    EXPECT_EQ(status.location(), "model.mlir:4:2");
    const char *why[] = {"an NHWC convolution", "unequal low and high padding",
                         "a ReLU"};
    EXPECT_NE(status.message().find(why[variant]), std::string::npos)
        << status.message();
    EXPECT_NE(status.message().find("(cuDNN)"), std::string::npos)
        << status.message();
  }
}

// Without a GPU as well: where the dynamic loader finds cuBLASLt and cuDNN
// (the CUDA toolkit's; the stand-in driver in HloxCudaFakeDriverTests),
// every entry point the runtime binds is there.
TEST(CudaLibraries, HaveEveryEntryPoint) {
  Status blasStatus, dnnStatus;
  std::shared_ptr<BlasLt> blas = BlasLt::get(blasStatus);
  std::shared_ptr<Dnn> dnn = Dnn::get(dnnStatus);
  if (!blas && blasStatus.message().find("cannot load") == 0 && !dnn &&
      dnnStatus.message().find("cannot load") == 0)
    GTEST_SKIP() << "neither cuBLASLt nor cuDNN is installed";
  if (!blas)
    EXPECT_EQ(blasStatus.message().find("cannot load"), 0u)
        << blasStatus.message();
  if (!dnn)
    EXPECT_EQ(dnnStatus.message().find("cannot load"), 0u)
        << dnnStatus.message();
}
