//===- KernelCacheTest.cpp - Kernels shared, cached and recompiled --------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Compiles programs with a persistent kernel cache: equal kernels compiled
// once, a second compilation served from the cache (also for another
// program whose dispatches are named differently), a changed option
// missing it, and a damaged entry recompiled rather than loaded.
//
//===----------------------------------------------------------------------===//

#include "hlox/Target/CPU/Compiler.h"

#include "hlox/InitAll.h"
#include "hlox/runtime/Device.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

using namespace mlir;
using namespace hlox;

namespace {

// Two matrix products of one shape (one kernel) and a tanh: three
// dispatches, two distinct kernels.
constexpr const char *kProgram = R"mlir(
func.func @main(%y: tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  %m1 = stablehlo.dot_general %y, %y, contracting_dims = [1] x [0] : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
  %m2 = stablehlo.dot_general %m1, %m1, contracting_dims = [1] x [0] : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
  %t = stablehlo.tanh %m1 : tensor<8x8xf32>
  return %m2, %t : tensor<8x8xf32>, tensor<8x8xf32>
}
)mlir";

// The same kernels after a negation: every dispatch is numbered apart from
// kProgram's.
constexpr const char *kShifted = R"mlir(
func.func @main(%x: tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  %y = stablehlo.negate %x : tensor<8x8xf32>
  %m1 = stablehlo.dot_general %y, %y, contracting_dims = [1] x [0] : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
  %m2 = stablehlo.dot_general %m1, %m1, contracting_dims = [1] x [0] : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
  %t = stablehlo.tanh %m1 : tensor<8x8xf32>
  return %m2, %t : tensor<8x8xf32>, tensor<8x8xf32>
}
)mlir";

using Matrix = std::vector<float>;

Matrix multiply(const Matrix &a, const Matrix &b) {
  Matrix c(64, 0.0f);
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 8; ++j)
      for (int k = 0; k < 8; ++k)
        c[i * 8 + j] += a[i * 8 + k] * b[k * 8 + j];
  return c;
}

class KernelCacheTest : public ::testing::Test {
protected:
  KernelCacheTest() {
    DialectRegistry registry;
    registerAllDialects(registry);
    cpu::registerCompilerDialects(registry);
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
    for (int i = 0; i < 64; ++i)
      input.push_back(0.05f * static_cast<float>((i * 7) % 11) - 0.25f);
  }

  void SetUp() override {
    ASSERT_FALSE(
        llvm::sys::fs::createUniqueDirectory("hlox-kernel-cache", folder));
    options.cacheDir = std::string(folder.str());
  }
  void TearDown() override { llvm::sys::fs::remove_directories(folder); }

  std::unique_ptr<CompiledProgram> compile(const char *source) {
    OwningOpRef<ModuleOp> module =
        parseSourceString<ModuleOp>(source, &context);
    EXPECT_TRUE(module);
    if (!module)
      return nullptr;
    FailureOr<std::unique_ptr<CompiledProgram>> program =
        cpu::compile(*module, options);
    EXPECT_TRUE(succeeded(program));
    return succeeded(program) ? std::move(*program) : nullptr;
  }

  /// Runs `program` on `x` and checks both results against the products
  /// and tanh computed here.
  void expectCorrect(const CompiledProgram &program, const Matrix &y) {
    runtime::Status status;
    auto executable =
        runtime::Executable::create(program.program, program.kernels, status);
    ASSERT_TRUE(executable) << status.message();
    auto buffer = std::make_shared<runtime::Buffer>(
        runtime::BufferType{{8, 8}, 4, "f32"});
    std::memcpy(buffer->data(), input.data(), 64 * sizeof(float));
    runtime::CpuDevice device(1);
    std::vector<std::shared_ptr<runtime::Buffer>> results;
    status = executable->execute(device, {buffer}, results);
    ASSERT_TRUE(status) << status.message();
    ASSERT_EQ(results.size(), 2u);
    Matrix m1 = multiply(y, y), m2 = multiply(m1, m1);
    const auto *product = static_cast<const float *>(results[0]->data());
    const auto *tanh = static_cast<const float *>(results[1]->data());
    for (int i = 0; i < 64; ++i) {
      EXPECT_NEAR(product[i], m2[i], 1e-5f + 1e-5f * std::fabs(m2[i])) << i;
      EXPECT_NEAR(tanh[i], std::tanh(m1[i]), 1e-6f) << i;
    }
  }

  /// The files of the cache's entries.
  std::vector<std::string> entries() {
    std::vector<std::string> files;
    std::error_code ec;
    for (llvm::sys::fs::recursive_directory_iterator it(folder, ec), end;
         it != end && !ec; it.increment(ec))
      if (it->type() == llvm::sys::fs::file_type::regular_file)
        files.push_back(it->path());
    return files;
  }

  MLIRContext context;
  cpu::CompileOptions options;
  llvm::SmallString<128> folder;
  Matrix input;
};

TEST_F(KernelCacheTest, EqualKernelsCompileOnce) {
  options.cacheDir.clear();
  auto program = compile(kProgram);
  ASSERT_TRUE(program);
  EXPECT_EQ(program->stats.dispatches, 3);
  EXPECT_EQ(program->stats.kernels, 2);
  EXPECT_EQ(program->stats.compiledKernels, 2);
  EXPECT_EQ(program->stats.cachedKernels, 0);
  expectCorrect(*program, input);
}

TEST_F(KernelCacheTest, SecondCompileLoadsEveryKernel) {
  auto cold = compile(kProgram);
  ASSERT_TRUE(cold);
  EXPECT_EQ(cold->stats.compiledKernels, 2);
  EXPECT_EQ(cold->stats.cachedKernels, 0);
  EXPECT_EQ(entries().size(), 2u);
  auto warm = compile(kProgram);
  ASSERT_TRUE(warm);
  EXPECT_EQ(warm->stats.compiledKernels, 0);
  EXPECT_EQ(warm->stats.cachedKernels, 2);
  expectCorrect(*warm, input);
}

TEST_F(KernelCacheTest, KernelsServeAnotherProgramUnderOtherNames) {
  ASSERT_TRUE(compile(kProgram));
  auto shifted = compile(kShifted);
  ASSERT_TRUE(shifted);
  // The negation is new; the product and tanh kernels are found.
  EXPECT_EQ(shifted->stats.kernels, 3);
  EXPECT_EQ(shifted->stats.compiledKernels, 1);
  EXPECT_EQ(shifted->stats.cachedKernels, 2);
  Matrix negated = input;
  for (float &v : negated)
    v = -v;
  expectCorrect(*shifted, negated);
}

TEST_F(KernelCacheTest, ChangedOptionMisses) {
  ASSERT_TRUE(compile(kProgram));
  options.fpContract = cpu::FpContract::Off;
  auto uncontracted = compile(kProgram);
  ASSERT_TRUE(uncontracted);
  EXPECT_EQ(uncontracted->stats.compiledKernels, 2);
  EXPECT_EQ(uncontracted->stats.cachedKernels, 0);
  expectCorrect(*uncontracted, input);
  options.fpContract.reset();
  options.vectorize = false;
  auto scalar = compile(kProgram);
  ASSERT_TRUE(scalar);
  EXPECT_EQ(scalar->stats.compiledKernels, 2);
  EXPECT_EQ(entries().size(), 6u);
}

TEST_F(KernelCacheTest, DamagedEntryIsRecompiled) {
  ASSERT_TRUE(compile(kProgram));
  std::vector<std::string> files = entries();
  ASSERT_EQ(files.size(), 2u);
  // Cut one entry in half, as a full disk would.
  auto buffer = llvm::MemoryBuffer::getFile(files[0]);
  ASSERT_TRUE(buffer);
  std::string half =
      (*buffer)->getBuffer().take_front((*buffer)->getBufferSize() / 2).str();
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(files[0], ec);
    ASSERT_FALSE(ec);
    os << half;
  }
  auto repaired = compile(kProgram);
  ASSERT_TRUE(repaired);
  EXPECT_EQ(repaired->stats.compiledKernels, 1);
  EXPECT_EQ(repaired->stats.cachedKernels, 1);
  expectCorrect(*repaired, input);
  // The entry was written again, whole.
  auto again = compile(kProgram);
  ASSERT_TRUE(again);
  EXPECT_EQ(again->stats.cachedKernels, 2);
  expectCorrect(*again, input);
}

} // namespace
