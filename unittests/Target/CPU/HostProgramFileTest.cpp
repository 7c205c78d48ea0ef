//===- HostProgramFileTest.cpp - Compiled host programs as bytes ---------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// The host programs the CPU compiler makes (library matrix products and
// convolutions with epilogues and shortcuts, custom calls with attributes,
// rng, control flow) read back from their bytes to the same bytes, and a
// program read back computes what the original does.
//
//===----------------------------------------------------------------------===//

#include "hlox/runtime/HostProgramFile.h"
#include "hlox/InitAll.h"
#include "hlox/Target/CPU/Compiler.h"
#include "hlox/runtime/KernelObjects.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include <gtest/gtest.h>

#include <cstring>
#include <random>

using namespace mlir;
using namespace hlox;

namespace {

class HostProgramFileTest : public ::testing::TestWithParam<const char *> {
protected:
  HostProgramFileTest() {
    DialectRegistry registry;
    registerAllDialects(registry);
    cpu::registerCompilerDialects(registry);
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
    context.allowUnregisteredDialects(true);
  }
  MLIRContext context;
};

std::shared_ptr<runtime::Buffer> randomBuffer(const runtime::BufferType &type,
                                              std::mt19937 &engine) {
  auto buffer = std::make_shared<runtime::Buffer>(type);
  auto *bytes = static_cast<uint8_t *>(buffer->data());
  bool isFloat = type.elementName == "f32";
  for (int64_t i = 0; i < type.getByteSize(); ++i)
    bytes[i] = static_cast<uint8_t>(engine());
  if (isFloat) {
    auto *values = static_cast<float *>(buffer->data());
    std::uniform_real_distribution<float> uniform(-1, 1);
    for (int64_t i = 0; i < type.getNumElements(); ++i)
      values[i] = uniform(engine);
  }
  return buffer;
}

TEST_P(HostProgramFileTest, RoundTripsAndRuns) {
  // "FILE" or "FILE@FUNCTION".
  llvm::StringRef param(GetParam());
  auto [file_, entry] = param.split('@');
  std::string path = std::string(HLOX_SOURCE_DIR) + "/" + file_.str();
  auto file = llvm::MemoryBuffer::getFile(path);
  ASSERT_TRUE(bool(file)) << path;
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(*file), llvm::SMLoc());
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, &context);
  ASSERT_TRUE(module);
  cpu::CompileOptions options;
  if (!entry.empty())
    options.entry = entry.str();
  FailureOr<std::unique_ptr<CompiledProgram>> compiled =
      cpu::compile(*module, options);
  ASSERT_TRUE(succeeded(compiled));
  const runtime::HostProgram &program = (*compiled)->program;

  std::string bytes = runtime::serializeHostProgram(program);
  runtime::HostProgram read;
  runtime::Status status = runtime::deserializeHostProgram(bytes, read);
  ASSERT_TRUE(status) << status.message();
  EXPECT_EQ(runtime::serializeHostProgram(read), bytes);

  // The program read back computes the original's results, bit for bit
  // (the programs hold no check ops, which would call back into the
  // compiler).
  ASSERT_FALSE(
      llvm::any_of(program.commands, [](const runtime::Command &command) {
        return command.is<runtime::HostCallCommand>();
      }));
  auto original =
      runtime::Executable::create(program, (*compiled)->kernels, status);
  ASSERT_TRUE(original) << status.message();
  auto restored = runtime::Executable::create(std::move(read),
                                              (*compiled)->kernels, status);
  ASSERT_TRUE(restored) << status.message();
  std::mt19937 engine(7);
  std::vector<std::shared_ptr<runtime::Buffer>> arguments;
  for (int64_t value : program.arguments)
    arguments.push_back(randomBuffer(program.values[value].type, engine));
  runtime::CpuDevice device(1);
  std::vector<std::shared_ptr<runtime::Buffer>> expected, got;
  ASSERT_TRUE(original->execute(device, arguments, expected));
  ASSERT_TRUE(restored->execute(device, arguments, got));
  ASSERT_EQ(expected.size(), got.size());
  for (size_t i = 0; i < got.size(); ++i)
    EXPECT_EQ(
        std::memcmp(expected[i]->data(), got[i]->data(), got[i]->getByteSize()),
        0)
        << "result " << i;
}

// Damaged kernel objects are an error or load, never a crash or a write
// outside the loader's memory (the objects are not run).
TEST_F(HostProgramFileTest, DamagedKernelObjectsDoNotCrashTheLoader) {
  std::string path = std::string(HLOX_SOURCE_DIR) + "/examples/mlp.mlir";
  auto file = llvm::MemoryBuffer::getFile(path);
  ASSERT_TRUE(bool(file));
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(*file), llvm::SMLoc());
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, &context);
  ASSERT_TRUE(module);
  FailureOr<std::unique_ptr<CompiledProgram>> compiled =
      cpu::compile(*module, cpu::CompileOptions());
  ASSERT_TRUE(succeeded(compiled));
  const std::vector<runtime::KernelObject> *objects =
      (*compiled)->kernels->getObjects();
  ASSERT_TRUE(objects && !objects->empty());
  runtime::Status status;
  ASSERT_TRUE(runtime::loadKernelObjects(*objects, status)) << status.message();
  std::mt19937 engine(1);
  for (int trial = 0; trial < 2000; ++trial) {
    std::vector<runtime::KernelObject> damaged = *objects;
    std::string &bytes = damaged[trial % damaged.size()].bytes;
    for (int flips = 0; flips < 4; ++flips)
      bytes[engine() % bytes.size()] ^= static_cast<char>(1 + engine() % 255);
    (void)runtime::loadKernelObjects(damaged, status);
    std::string truncated = bytes.substr(0, engine() % bytes.size());
    damaged[trial % damaged.size()].bytes = truncated;
    (void)runtime::loadKernelObjects(damaged, status);
  }
}

INSTANTIATE_TEST_SUITE_P(
    Programs, HostProgramFileTest,
    ::testing::Values("examples/mlp.mlir", "benchmarks/gemm_f32_512.mlir",
                      "benchmarks/softmax_f32.mlir",
                      "benchmarks/embedding_gather_f32.mlir",
                      "test/Tools/hlox-run/conv_shortcut.mlir",
                      "test/Tools/hlox-run/matmul_epilogue.mlir",
                      "test/Tools/hlox-run/rng.mlir@draws",
                      "test/Tools/hlox-run/rng.mlir@loop"));

} // namespace
