//===- CompileCacheTest.cpp - One compiled program per signature ----------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Pipelines/CompileCache.h"
#include "hlox/Target/CPU/Compiler.h"

#include "hlox/InitAll.h"
#include "hlox/runtime/Device.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

#include <cstring>

using namespace mlir;
using namespace hlox;

namespace {

// x * n + x for a shape-polymorphic x and its dimension size n.
constexpr const char *kPolymorphic = R"mlir(
func.func @main(%n: tensor<i64>, %x: tensor<?xf32>) -> tensor<?xf32> {
  %f = stablehlo.convert %n : (tensor<i64>) -> tensor<f32>
  %d = stablehlo.get_dimension_size %x, dim = 0 : (tensor<?xf32>) -> tensor<i32>
  %s = stablehlo.reshape %d : (tensor<i32>) -> tensor<1xi32>
  %b = stablehlo.dynamic_broadcast_in_dim %f, %s, dims = [] : (tensor<f32>, tensor<1xi32>) -> tensor<?xf32>
  %m = stablehlo.multiply %x, %b : tensor<?xf32>
  %r = stablehlo.add %m, %x : tensor<?xf32>
  return %r : tensor<?xf32>
}
)mlir";

class CompileCacheTest : public ::testing::Test {
protected:
  CompileCacheTest() {
    DialectRegistry registry;
    registerAllDialects(registry);
    cpu::registerCompilerDialects(registry);
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
  }

  /// Runs `program` on n and x, returns the result's elements.
  std::vector<float> run(const CompiledProgram &program, int64_t n,
                         const std::vector<float> &x) {
    runtime::Status status;
    auto executable =
        runtime::Executable::create(program.program, program.kernels, status);
    EXPECT_TRUE(executable) << status.message();
    if (!executable)
      return {};
    auto size = std::make_shared<runtime::Buffer>(
        runtime::BufferType{{}, 8, "i64"});
    std::memcpy(size->data(), &n, sizeof(n));
    auto input = std::make_shared<runtime::Buffer>(runtime::BufferType{
        {static_cast<int64_t>(x.size())}, 4, "f32"});
    std::memcpy(input->data(), x.data(), x.size() * sizeof(float));
    runtime::CpuDevice device(1);
    std::vector<std::shared_ptr<runtime::Buffer>> results;
    status = executable->execute(device, {size, input}, results);
    EXPECT_TRUE(status) << status.message();
    if (!status || results.size() != 1)
      return {};
    const auto *out = static_cast<const float *>(results[0]->data());
    return std::vector<float>(out, out + results[0]->getType().getNumElements());
  }

  /// The signature of (n, x) with x of `size` elements.
  std::pair<SmallVector<RankedTensorType>, SmallVector<Attribute>>
  signature(int64_t size) {
    Builder b(&context);
    auto scalar = RankedTensorType::get({}, b.getI64Type());
    return {{scalar, RankedTensorType::get({size}, b.getF32Type())},
            {DenseElementsAttr::get(scalar, b.getI64IntegerAttr(size)),
             Attribute()}};
  }

  MLIRContext context;
};

TEST_F(CompileCacheTest, CompilesOncePerSignature) {
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(kPolymorphic, &context);
  ASSERT_TRUE(module);
  CompileCache cache(*module, cpu::createTarget({}));
  EXPECT_TRUE(cache.isShapePolymorphic());

  auto [types3, values3] = signature(3);
  FailureOr<const CompiledProgram *> first = cache.get(types3, values3);
  ASSERT_TRUE(succeeded(first));
  FailureOr<const CompiledProgram *> again = cache.get(types3, values3);
  ASSERT_TRUE(succeeded(again));
  EXPECT_EQ(*first, *again);
  EXPECT_EQ(cache.getNumPrograms(), 1u);
  EXPECT_EQ(cache.getNumHits(), 1u);
  EXPECT_EQ(run(**first, 3, {1, 2, 3}), (std::vector<float>{4, 8, 12}));

  auto [types5, values5] = signature(5);
  FailureOr<const CompiledProgram *> other = cache.get(types5, values5);
  ASSERT_TRUE(succeeded(other));
  EXPECT_NE(*first, *other);
  EXPECT_EQ(cache.getNumPrograms(), 2u);
  EXPECT_EQ(run(**other, 5, {1, 1, 1, 1, 2}),
            (std::vector<float>{6, 6, 6, 6, 12}));
  // The first program still runs.
  EXPECT_EQ(run(**first, 3, {0, 1, 0}), (std::vector<float>{0, 4, 0}));
}

TEST_F(CompileCacheTest, RejectsAnotherSignatureOfAStaticEntry) {
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(
      "func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {\n"
      "  return %x : tensor<2xf32>\n}\n",
      &context);
  ASSERT_TRUE(module);
  CompileCache cache(*module, cpu::createTarget({}));
  EXPECT_FALSE(cache.isShapePolymorphic());
  std::string message;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    message = diag.str();
    return success();
  });
  Builder b(&context);
  SmallVector<RankedTensorType> types{
      RankedTensorType::get({3}, b.getF32Type())};
  EXPECT_TRUE(failed(cache.get(types, {Attribute()})));
  EXPECT_NE(message.find("has type 'tensor<2xf32>', got 'tensor<3xf32>'"),
            std::string::npos)
      << message;
  EXPECT_EQ(cache.getNumPrograms(), 0u);
}

} // namespace
