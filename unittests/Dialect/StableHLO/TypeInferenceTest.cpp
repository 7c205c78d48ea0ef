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
