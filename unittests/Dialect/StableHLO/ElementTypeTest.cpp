//===- ElementTypeTest.cpp - Element types StableHLO accepts ---------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Dialect/StableHLO/IR/StablehloOps.h"
#include "hlox/InitAll.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>

using namespace mlir;

namespace {

class ElementTypeTest : public ::testing::Test {
protected:
  ElementTypeTest() {
    DialectRegistry registry;
    hlox::registerAllDialects(registry);
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
  }
  Type parse(const char *text) { return parseType(text, &context); }
  MLIRContext context;
};

TEST_F(ElementTypeTest, EverySpecFloatIsSupported) {
  for (const char *name :
       {"f4E2M1FN", "f6E2M3FN", "f6E3M2FN", "f8E3M4", "f8E4M3", "f8E4M3FN",
        "f8E4M3FNUZ", "f8E4M3B11FNUZ", "f8E5M2", "f8E5M2FNUZ", "f8E8M0FNU",
        "bf16", "f16", "tf32", "f32", "f64"}) {
    Type type = parse(name);
    ASSERT_TRUE(type) << name;
    EXPECT_TRUE(hlox::stablehlo::isSupportedFloatType(type)) << name;
  }
}

TEST_F(ElementTypeTest, IntegersAreNotFloats) {
  EXPECT_FALSE(hlox::stablehlo::isSupportedFloatType(parse("i32")));
  EXPECT_FALSE(hlox::stablehlo::isSupportedFloatType(parse("complex<f32>")));
}

TEST_F(ElementTypeTest, QuantizedStorageWidths) {
  EXPECT_TRUE(hlox::stablehlo::isSupportedQuantizedType(
      parse("!quant.uniform<i8:f32, 0.5:-20>")));
  EXPECT_TRUE(hlox::stablehlo::isSupportedQuantizedType(
      parse("!quant.uniform<i4:f16, 0.5>")));
  // Per-axis quantization is a different predicate.
  EXPECT_FALSE(hlox::stablehlo::isSupportedQuantizedType(
      parse("!quant.uniform<i8:f32:0, {0.1:-30, 0.5:-20}>")));
  EXPECT_FALSE(hlox::stablehlo::isSupportedQuantizedType(parse("i8")));
}

} // namespace
