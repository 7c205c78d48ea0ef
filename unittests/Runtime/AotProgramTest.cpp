//===- AotProgramTest.cpp - Ahead-of-time executables ---------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/runtime/AotProgram.h"

#include <gtest/gtest.h>

#include <cstring>

using namespace hlox::runtime;

namespace {

AotProgram smallProgram() {
  AotProgram program;
  program.compilerVersion = "hlox test";
  program.entry = "main";
  program.inputTypes = {"tensor<4xf32>"};
  program.outputTypes = {"tensor<4xf32>"};
  program.targetCpu = "x86-64";
  program.requiredFeatures = {"sse3"};
  program.program.values = {{{{4}, 4, "f32"}, ValueKind::Argument, 0, 0},
                            {{{4}, 4, "f32"}, ValueKind::Result, 0, 0}};
  program.program.commands = {Command(CopyCommand(), {0, 1})};
  program.program.arguments = {0};
  program.program.results = {1};
  return program;
}

TEST(AotProgram, RoundTripsAndRuns) {
  std::string bytes = writeAotProgram(smallProgram());
  ASSERT_TRUE(isAotProgram(bytes));
  AotProgram read;
  Status status = readAotProgram(bytes, read);
  ASSERT_TRUE(status) << status.message();
  EXPECT_EQ(read.entry, "main");
  EXPECT_EQ(read.requiredFeatures, std::vector<std::string>{"sse3"});
  EXPECT_EQ(writeAotProgram(read), bytes);
  std::unique_ptr<Executable> executable =
      loadAotProgram(std::move(read), status);
  ASSERT_TRUE(executable) << status.message();
  CpuDevice device(1);
  auto argument = std::make_shared<Buffer>(BufferType{{4}, 4, "f32"});
  float values[4] = {1, 2, 3, 4};
  std::memcpy(argument->data(), values, sizeof(values));
  std::vector<std::shared_ptr<Buffer>> results;
  ASSERT_TRUE(executable->execute(device, {argument}, results));
  EXPECT_EQ(static_cast<const float *>(results[0]->data())[3], 4);
  for (size_t size = 0; size < bytes.size(); size += 7)
    EXPECT_FALSE(readAotProgram(bytes.substr(0, size), read)) << size;
}

// A CPU without a feature the code needs is a clear error naming it, not an
// illegal instruction later.
TEST(AotProgram, NamesMissingCpuFeatures) {
  AotProgram program = smallProgram();
  program.requiredFeatures = {"sse3", "no-such-feature"};
  EXPECT_EQ(getMissingCpuFeatures(program.requiredFeatures),
            std::vector<std::string>{"no-such-feature"});
  Status status;
  EXPECT_FALSE(loadAotProgram(std::move(program), status));
  EXPECT_NE(status.message().find("needs CPU features this CPU lacks: "
                                  "no-such-feature"),
            std::string::npos)
      << status.message();
  EXPECT_TRUE(isCheckableCpuFeature("avx512f"));
  EXPECT_FALSE(isCheckableCpuFeature("no-such-feature"));
}

TEST(AotProgram, RejectsBadKernelObjects) {
  Status status;
  KernelObject object{"hlox_k0", {"main_dispatch_0"}, "not an ELF file"};
  EXPECT_FALSE(loadKernelObjects({object}, status));
  EXPECT_NE(status.message().find("not a 64-bit little-endian ELF file"),
            std::string::npos)
      << status.message();
}

} // namespace

// A program for a GPU carries its kernels and launches; it loads without
// a GPU, and a CPU refuses to run it.
TEST(AotProgram, RoundTripsGpuKernels) {
  AotProgram program = smallProgram();
  program.targetCpu = "sm_90";
  program.requiredFeatures.clear();
  program.program.devices = {"cuda"};
  program.program.values.push_back({{{4}, 4, "f32"}, ValueKind::Result, 1, 0});
  program.program.results.push_back(2);
  program.program.kernelNames = {"f_entry"};
  program.program.commands.push_back(Command(DispatchCommand{}, {0, 2}));
  GpuKernels &kernels = program.gpuKernels;
  kernels.arch = "sm_90";
  kernels.modules = {"// PTX\n.version 8.0\n"};
  GpuDispatch dispatch;
  dispatch.name = "f_entry";
  dispatch.temporaryBytes = {64};
  dispatch.constants = {{1, 2, 3}};
  GpuLaunch launch;
  launch.kernel = "f_kernel";
  launch.grid = {3, 2, 1};
  launch.block = {128, 2, 1};
  launch.sharedBytes = 256;
  GpuArgument binding, temporary, constant, scalar;
  binding.index = 1;
  temporary.kind = GpuArgument::Kind::Temporary;
  constant.kind = GpuArgument::Kind::Constant;
  scalar.kind = GpuArgument::Kind::Scalar;
  scalar.bytes = {0, 0, 128, 63};
  launch.arguments = {binding, temporary, constant, scalar};
  dispatch.launches = {launch};
  kernels.dispatches = {dispatch};

  std::string bytes = writeAotProgram(program);
  AotProgram read;
  Status status = readAotProgram(bytes, read);
  ASSERT_TRUE(status) << status.message();
  EXPECT_EQ(writeAotProgram(read), bytes);
  ASSERT_EQ(read.gpuKernels.dispatches.size(), 1u);
  const GpuLaunch &back = read.gpuKernels.dispatches[0].launches[0];
  EXPECT_EQ(back.grid, launch.grid);
  EXPECT_EQ(back.block, launch.block);
  EXPECT_EQ(back.sharedBytes, 256u);
  ASSERT_EQ(back.arguments.size(), 4u);
  EXPECT_EQ(back.arguments[3].kind, GpuArgument::Kind::Scalar);
  EXPECT_EQ(back.arguments[3].bytes, scalar.bytes);
  EXPECT_EQ(read.gpuKernels.dispatches[0].constants[0],
            std::vector<uint8_t>({1, 2, 3}));
  for (size_t size = 0; size < bytes.size(); size += 5)
    EXPECT_FALSE(readAotProgram(bytes.substr(0, size), read)) << size;

  std::unique_ptr<Executable> executable =
      loadAotProgram(std::move(program), status);
  ASSERT_TRUE(executable) << status.message();
  CpuDevice device(1);
  auto argument = std::make_shared<Buffer>(BufferType{{4}, 4, "f32"});
  std::vector<std::shared_ptr<Buffer>> results;
  EXPECT_EQ(executable->execute(device, {argument}, results).message(),
            "a program for cuda cannot run on cpu:0");
}
