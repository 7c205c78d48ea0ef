//===- AttributeSyntaxTest.cpp - Structured attribute syntax ---------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Attributes built in C++ print in the upstream form and parse back to the
// same attribute; attributes that no short form can express print in a raw
// form instead of crashing the printer.
//
//===----------------------------------------------------------------------===//

#include "hlox/Dialect/StableHLO/IR/StablehloOps.h"
#include "hlox/InitAll.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace hlox::stablehlo;

namespace {

class AttributeSyntaxTest : public ::testing::Test {
protected:
  AttributeSyntaxTest() {
    DialectRegistry registry;
    hlox::registerAllDialects(registry);
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
  }

  std::string print(Attribute attr) {
    std::string text;
    llvm::raw_string_ostream os(text);
    attr.print(os);
    return text;
  }

  MLIRContext context;
};

TEST_F(AttributeSyntaxTest, ConvDimensionNumbersPrintsShortForm) {
  auto attr = ConvDimensionNumbersAttr::get(&context, /*inputBatch=*/0,
                                            /*inputFeature=*/3, {1, 2},
                                            /*kernelIn=*/2, /*kernelOut=*/3,
                                            {0, 1}, /*outputBatch=*/0,
                                            /*outputFeature=*/3, {1, 2});
  EXPECT_EQ(print(attr), "#stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>");
  EXPECT_EQ(parseAttribute(print(attr), &context), attr);
}

TEST_F(AttributeSyntaxTest, ConvDimensionNumbersSpatialOrderIsKept) {
  // Spatial dimension 0 sits after spatial dimension 1 in the input.
  auto attr = ConvDimensionNumbersAttr::get(&context, 0, 1, {3, 2}, 1, 0,
                                            {2, 3}, 0, 1, {2, 3});
  EXPECT_EQ(print(attr), "#stablehlo.conv<[b, f, 1, 0]x[o, i, 0, 1]->[b, f, 0, 1]>");
  EXPECT_EQ(parseAttribute(print(attr), &context), attr);
}

TEST_F(AttributeSyntaxTest, ConvDimensionNumbersWithCollisionPrintsRaw) {
  // Batch and feature share a position: no short form exists.
  auto attr = ConvDimensionNumbersAttr::get(&context, 0, 0, {1}, 0, 1, {2}, 0,
                                            1, {2});
  std::string text = print(attr);
  EXPECT_EQ(text.rfind("#stablehlo.conv<raw ", 0), 0u) << text;
  EXPECT_EQ(parseAttribute(text, &context), attr);
}

TEST_F(AttributeSyntaxTest, GatherOmitsEmptyLists) {
  auto attr = GatherDimensionNumbersAttr::get(&context, {1}, {0}, {}, {}, {0},
                                              1);
  EXPECT_EQ(print(attr), "#stablehlo.gather<offset_dims = [1], "
                         "collapsed_slice_dims = [0], start_index_map = [0], "
                         "index_vector_dim = 1>");
  EXPECT_EQ(parseAttribute(print(attr), &context), attr);
}

TEST_F(AttributeSyntaxTest, ScatterRoundTrips) {
  auto attr = ScatterDimensionNumbersAttr::get(&context, {1}, {0}, {2}, {0},
                                               {0}, 1);
  EXPECT_EQ(parseAttribute(print(attr), &context), attr);
}

TEST_F(AttributeSyntaxTest, TypeExtensionsKeepDynamicBounds) {
  auto attr = TypeExtensionsAttr::get(&context, {ShapedType::kDynamic, 5});
  EXPECT_EQ(print(attr), "#stablehlo.type_extensions<bounds = [?, 5]>");
  EXPECT_EQ(parseAttribute(print(attr), &context), attr);
}

TEST_F(AttributeSyntaxTest, EnumsPrintInDialectForm) {
  auto attr = PrecisionAttr::get(&context, Precision::HIGHEST);
  EXPECT_EQ(print(attr), "#stablehlo<precision HIGHEST>");
  EXPECT_EQ(parseAttribute(print(attr), &context), attr);
}

TEST_F(AttributeSyntaxTest, UnknownKeyIsAnError) {
  std::string diagnostic;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &d) {
    diagnostic = d.str();
    return success();
  });
  EXPECT_FALSE(parseAttribute("#stablehlo.channel_handle<handle = 1, kind = 2>",
                              &context));
  EXPECT_NE(diagnostic.find("unknown key 'kind'"), std::string::npos)
      << diagnostic;
}

} // namespace
