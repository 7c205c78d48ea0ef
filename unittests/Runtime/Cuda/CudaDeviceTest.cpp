//===- CudaDeviceTest.cpp - The runtime's CUDA device ---------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Built twice: HloxCudaTests on the machine's own driver (each test is
// skipped, after checking that the error says "no CUDA device", where
// there is no GPU), and HloxCudaFakeDriverTests on the fake driver
// (FakeDriver.cpp), which checks the device's plumbing without a GPU but
// runs no kernel: what a kernel computes is checked on a real GPU only.
//
//===----------------------------------------------------------------------===//

#include "hlox/runtime/cuda/CudaDevice.h"
#include "hlox/runtime/Executable.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>

using namespace hlox::runtime;
using namespace hlox::runtime::cuda;

#ifdef HLOX_FAKE_CUDA_DRIVER
// Before the driver is first loaded (once per process).
static const bool kFakeDriverSet = [] {
  setenv("HLOX_CUDA_DRIVER", HLOX_FAKE_CUDA_DRIVER, /*overwrite=*/1);
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

TEST(CudaDevice, RunsAProgram) {
  GET_DEVICE_OR_SKIP(device);
  Status status;
  std::unique_ptr<Executable> executable = Executable::create(
      makeProgram(), makeGpuKernelLibrary(makeAddOne()), status);
  ASSERT_TRUE(executable) << status.message();
  std::shared_ptr<Buffer> argument = device->allocate(f32Vector());
  std::vector<float> in = iota();
  device->copy(argument->data(), in.data(), kCount * 4);
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

// A GPU program whose commands the CUDA device does not run yet.
TEST(CudaDevice, RefusesCollectives) {
  HostProgram program = makeProgram();
  CollectiveCommand collective;
  collective.spec.kind = CollectiveKind::PartitionId;
  program.values.push_back({BufferType{{}, 4, "ui32"}, ValueKind::Arena, 0, 0});
  program.arenaBytes = 4;
  program.commands.emplace_back(
      collective,
      std::vector<int64_t>{static_cast<int64_t>(program.values.size()) - 1},
      "model.mlir:3:5");
  Status status;
  EXPECT_FALSE(
      Executable::create(program, makeGpuKernelLibrary(makeAddOne()), status));
  EXPECT_EQ(status.location(), "model.mlir:3:5");
  EXPECT_NE(status.message().find(
                "a program for cuda cannot run a partition_id command yet"),
            std::string::npos)
      << status.message();
}
