//===- TypeInferenceTest.cpp - Builders infer StableHLO result types -------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Dialect/StableHLO/IR/StablehloOps.h"
#include "hlox/InitAll.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace hlox::stablehlo;

namespace {

class TypeInferenceTest : public ::testing::Test {
protected:
  TypeInferenceTest() : builder(&context) {
    DialectRegistry registry;
    hlox::registerAllDialects(registry);
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
    module = ModuleOp::create(builder.getUnknownLoc());
    builder.setInsertionPointToEnd(module->getBody());
  }

  /// A block with arguments of the given types to build ops on.
  Block *block(ArrayRef<const char *> types) {
    SmallVector<Type> argTypes;
    for (const char *text : types)
      argTypes.push_back(parseType(text, &context));
    auto fn = func::FuncOp::create(builder, builder.getUnknownLoc(), "f",
                                   builder.getFunctionType(argTypes, {}));
    Block *entry = fn.addEntryBlock();
    builder.setInsertionPointToEnd(entry);
    return entry;
  }

  Type type(const char *text) { return parseType(text, &context); }

  MLIRContext context;
  OpBuilder builder;
  OwningOpRef<ModuleOp> module;
};

TEST_F(TypeInferenceTest, ElementwiseKeepsOperandType) {
  Block *b = block({"tensor<2x?xf32>"});
  Location loc = builder.getUnknownLoc();
  auto add = AddOp::create(builder, loc, b->getArgument(0), b->getArgument(0));
  EXPECT_EQ(add.getType(), type("tensor<2x?xf32>"));
  auto tanh = TanhOp::create(builder, loc, add, ResultAccuracyAttr());
  EXPECT_EQ(tanh.getType(), type("tensor<2x?xf32>"));
}

TEST_F(TypeInferenceTest, ComplexPartsAndPredicates) {
  Block *b = block({"tensor<3xcomplex<f64>>", "tensor<3xf32>"});
  Location loc = builder.getUnknownLoc();
  EXPECT_EQ(RealOp::create(builder, loc, b->getArgument(0)).getType(),
            type("tensor<3xf64>"));
  EXPECT_EQ(AbsOp::create(builder, loc, b->getArgument(0)).getType(),
            type("tensor<3xf64>"));
  EXPECT_EQ(ComplexOp::create(builder, loc, b->getArgument(1), b->getArgument(1))
                .getType(),
            type("tensor<3xcomplex<f32>>"));
  EXPECT_EQ(IsFiniteOp::create(builder, loc, b->getArgument(1)).getType(),
            type("tensor<3xi1>"));
  auto compare =
      CompareOp::create(builder, loc, b->getArgument(1), b->getArgument(1),
                        ComparisonDirection::LT, ComparisonTypeAttr());
  EXPECT_EQ(compare.getType(), type("tensor<3xi1>"));
}

TEST_F(TypeInferenceTest, TuplesAndProcessIds) {
  Block *b = block({"tensor<2xf32>", "tensor<i64>"});
  Location loc = builder.getUnknownLoc();
  auto tuple = TupleOp::create(builder, loc, b->getArguments());
  EXPECT_EQ(tuple.getType(), type("tuple<tensor<2xf32>, tensor<i64>>"));
  auto element = GetTupleElementOp::create(builder, loc, tuple, 1);
  EXPECT_EQ(element.getType(), type("tensor<i64>"));
  EXPECT_EQ(ReplicaIdOp::create(builder, loc).getType(), type("tensor<ui32>"));
  EXPECT_EQ(GetDimensionSizeOp::create(builder, loc, b->getArgument(0), 0)
                .getType(),
            type("tensor<i32>"));
}

TEST_F(TypeInferenceTest, ShapesFromAttributes) {
  Block *b = block({"tensor<2x3x?xf32>", "tensor<f32>", "tensor<8xf32>"});
  Location loc = builder.getUnknownLoc();
  Value x = b->getArgument(0);
  auto transpose =
      TransposeOp::create(builder, loc, x, builder.getDenseI64ArrayAttr({2, 0, 1}));
  EXPECT_EQ(transpose.getType(), type("tensor<?x2x3xf32>"));
  auto slice = SliceOp::create(builder, loc, x,
                               builder.getDenseI64ArrayAttr({0, 1, 0}),
                               builder.getDenseI64ArrayAttr({2, 3, 4}),
                               builder.getDenseI64ArrayAttr({1, 2, 3}));
  EXPECT_EQ(slice.getType(), type("tensor<2x1x2xf32>"));
  auto pad = PadOp::create(builder, loc, x, b->getArgument(1),
                           builder.getDenseI64ArrayAttr({1, 0, 0}),
                           builder.getDenseI64ArrayAttr({0, -1, 0}),
                           builder.getDenseI64ArrayAttr({1, 1, 0}));
  EXPECT_EQ(pad.getType(), type("tensor<4x4x?xf32>"));
  auto concat = ConcatenateOp::create(builder, loc, ValueRange{x, x}, 1);
  EXPECT_EQ(concat.getType(), type("tensor<2x6x?xf32>"));
  auto reduce = ReduceOp::create(builder, loc, ValueRange{x},
                                 ValueRange{b->getArgument(1)},
                                 builder.getDenseI64ArrayAttr({1}));
  EXPECT_EQ(reduce.getResult(0).getType(), type("tensor<2x?xf32>"));
  auto rfft = FftOp::create(builder, loc, b->getArgument(2), FftType::RFFT,
                            builder.getDenseI64ArrayAttr({8}));
  EXPECT_EQ(rfft.getType(), type("tensor<5xcomplex<f32>>"));
  auto irfft = FftOp::create(builder, loc, rfft, FftType::IRFFT,
                             builder.getDenseI64ArrayAttr({8}));
  EXPECT_EQ(irfft.getType(), type("tensor<8xf32>"));
}

TEST_F(TypeInferenceTest, GatherAndCollectives) {
  Block *b = block({"tensor<5x4x3xf32>", "tensor<2x7x2xi64>"});
  Location loc = builder.getUnknownLoc();
  // Two index components address dims 0 and 1; dim 1 is collapsed.
  auto dims = GatherDimensionNumbersAttr::get(
      &context, /*offsetDims=*/{0, 3}, /*collapsedSliceDims=*/{1},
      /*operandBatchingDims=*/{}, /*startIndicesBatchingDims=*/{},
      /*startIndexMap=*/{0, 1}, /*indexVectorDim=*/2);
  auto gather = GatherOp::create(builder, loc, b->getArgument(0),
                                 b->getArgument(1), dims,
                                 ArrayRef<int64_t>{2, 1, 3});
  EXPECT_EQ(gather.getType(), type("tensor<2x2x7x3xf32>"));

  auto groups = DenseIntElementsAttr::get(
      RankedTensorType::get({1, 2}, builder.getI64Type()),
      ArrayRef<int64_t>{0, 1});
  auto gathered = AllGatherOp::create(builder, loc, b->getArgument(0), 1,
                                      groups, ChannelHandleAttr());
  EXPECT_EQ(gathered.getResult(0).getType(), type("tensor<5x8x3xf32>"));
  auto exchanged = AllToAllOp::create(builder, loc, b->getArgument(0), 1, 2, 2,
                                      groups, ChannelHandleAttr());
  EXPECT_EQ(exchanged.getResult(0).getType(), type("tensor<5x2x6xf32>"));
}

TEST_F(TypeInferenceTest, ContractionShapes) {
  Block *b = block({"tensor<8x2x3xf32>", "tensor<8x3x5xf32>",
                    "tensor<1x10x4xf32>", "tensor<3x4x6xf32>"});
  SmallVector<ShapedTypeComponents> components;
  DotGeneralOp::Properties dotProps;
  dotProps.dot_dimension_numbers =
      DotDimensionNumbersAttr::get(&context, {0}, {0}, {2}, {1});
  ASSERT_TRUE(succeeded(DotGeneralOp::inferReturnTypeComponents(
      &context, std::nullopt, ValueRange{b->getArgument(0), b->getArgument(1)},
      builder.getDictionaryAttr({}), &dotProps, {}, components)));
  EXPECT_EQ(components[0].getDims(), ArrayRef<int64_t>({8, 2, 5}));

  components.clear();
  ConvolutionOp::Properties convProps;
  convProps.dimension_numbers = ConvDimensionNumbersAttr::get(
      &context, /*inputBatchDimension=*/0, /*inputFeatureDimension=*/2,
      /*inputSpatialDimensions=*/{1}, /*kernelInputFeatureDimension=*/1,
      /*kernelOutputFeatureDimension=*/2, /*kernelSpatialDimensions=*/{0},
      /*outputBatchDimension=*/0, /*outputFeatureDimension=*/2,
      /*outputSpatialDimensions=*/{1});
  convProps.window_strides = builder.getDenseI64ArrayAttr({2});
  convProps.batch_group_count = builder.getI64IntegerAttr(1);
  convProps.feature_group_count = builder.getI64IntegerAttr(1);
  ASSERT_TRUE(succeeded(ConvolutionOp::inferReturnTypeComponents(
      &context, std::nullopt, ValueRange{b->getArgument(2), b->getArgument(3)},
      builder.getDictionaryAttr({}), &convProps, {}, components)));
  // (10 - 3) / 2 + 1 = 4 windows.
  EXPECT_EQ(components[0].getDims(), ArrayRef<int64_t>({1, 4, 6}));
  // The result element type is the producer's choice.
  EXPECT_FALSE(components[0].getElementType());

  components.clear();
  dotProps.dot_dimension_numbers =
      DotDimensionNumbersAttr::get(&context, {0}, {0}, {7}, {1});
  EXPECT_TRUE(failed(DotGeneralOp::inferReturnTypeComponents(
      &context, std::nullopt, ValueRange{b->getArgument(0), b->getArgument(1)},
      builder.getDictionaryAttr({}), &dotProps, {}, components)));
}

TEST_F(TypeInferenceTest, InvalidAttributesFailInference) {
  Block *b = block({"tensor<2x3xf32>"});
  SmallVector<Type> inferred;
  auto attrs = builder.getDictionaryAttr(builder.getNamedAttr(
      "permutation", builder.getDenseI64ArrayAttr({0, 5})));
  TransposeOp::Properties props;
  props.permutation = builder.getDenseI64ArrayAttr({0, 5});
  EXPECT_TRUE(failed(TransposeOp::inferReturnTypes(
      &context, std::nullopt, b->getArguments(), attrs, &props, {}, inferred)));
}

TEST_F(TypeInferenceTest, BuiltModuleVerifies) {
  Block *b = block({"tensor<4xi32>"});
  Location loc = builder.getUnknownLoc();
  Value x = b->getArgument(0);
  Value sum = AddOp::create(builder, loc, x, x);
  Value shifted = ShiftLeftOp::create(builder, loc, sum, x);
  (void)NotOp::create(builder, loc, shifted);
  func::ReturnOp::create(builder, loc);
  EXPECT_TRUE(succeeded(verify(*module)));
}

} // namespace
