//===- NumericsTest.cpp - Element formats, rounding and conversions -------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Evaluator/Numerics.h"
#include "hlox/Evaluator/Tensor.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>

#include <bit>

using namespace mlir;
using namespace hlox::eval;

namespace {

class NumericsTest : public ::testing::Test {
protected:
  MLIRContext context;
  Builder b{&context};
};

TEST_F(NumericsTest, Bf16RoundsToNearestEven) {
  // 1 + 2^-8 lies halfway between bf16 neighbours 1 and 1 + 2^-7: ties go to
  // the even mantissa (1); 1 + 3 * 2^-8 rounds up to 1 + 2^-6.
  EXPECT_EQ(roundToBf16(1.0f + 0x1p-8f), 1.0f);
  EXPECT_EQ(roundToBf16(1.0f + 3 * 0x1p-8f), 1.0f + 0x1p-6f);
  EXPECT_EQ(roundToBf16(1.0f + 0x1p-8f + 0x1p-20f), 1.0f + 0x1p-7f);
  EXPECT_TRUE(std::isnan(roundToBf16(std::numeric_limits<float>::quiet_NaN())));
  EXPECT_EQ(roundToBf16(std::numeric_limits<float>::infinity()),
            std::numeric_limits<float>::infinity());
  // The largest float rounds past the largest bf16 to infinity.
  EXPECT_TRUE(std::isinf(roundToBf16(std::numeric_limits<float>::max())));
}

TEST_F(NumericsTest, F16RoundsAndOverflows) {
  EXPECT_EQ(roundToF16(1.0f + 0x1p-11f), 1.0f);            // tie to even
  EXPECT_EQ(roundToF16(1.0f + 3 * 0x1p-11f), 1.0f + 0x1p-9f);
  EXPECT_EQ(roundToF16(65520.0f), std::numeric_limits<float>::infinity());
  EXPECT_EQ(roundToF16(0x1p-25f), 0.0f);                    // tie to zero
  EXPECT_EQ(roundToF16(0x1p-24f), 0x1p-24f);                // smallest denormal
}

TEST_F(NumericsTest, NarrowFloatFormatsNormalize) {
  ElementFormat e4m3(b.getType<Float8E4M3FNType>());
  EXPECT_EQ(e4m3.normalize(1.0f + 0x1p-4f), 1.0f);          // tie to even
  EXPECT_EQ(e4m3.normalize(1.0f + 3 * 0x1p-4f), 1.25f);
  EXPECT_EQ(e4m3.normalize(448.0f), 448.0f);                // largest finite
  EXPECT_TRUE(std::isnan(e4m3.normalize(1000.0f)));         // no infinity
  ElementFormat e5m2(b.getType<Float8E5M2Type>());
  EXPECT_TRUE(std::isinf(e5m2.normalize(1e6f)));
  ElementFormat f32(b.getF32Type());
  EXPECT_TRUE(f32.isNative());
  EXPECT_EQ(f32.normalize(1.0f + 0x1p-20f), 1.0f + 0x1p-20f);
}

TEST_F(NumericsTest, NarrowIntegersWrap) {
  ElementFormat si4(b.getIntegerType(4));
  EXPECT_EQ(si4.normalize<int8_t>(8), -8);
  EXPECT_EQ(si4.normalize<int8_t>(-9), 7);
  ElementFormat ui2(b.getIntegerType(2, /*isSigned=*/false));
  EXPECT_EQ(ui2.normalize<uint8_t>(5), 1);
  ElementFormat si8(b.getIntegerType(8));
  EXPECT_EQ(si8.normalize<int8_t>(-128), -128);
}

TEST_F(NumericsTest, ConvertFollowsTheSpec) {
  ElementFormat si8(b.getIntegerType(8));
  // Float to integer truncates toward zero, saturates, NaN becomes 0.
  EXPECT_EQ(convertElement<int8_t>(-3.9f, si8), -3);
  EXPECT_EQ(convertElement<int8_t>(1e9f, si8), 127);
  EXPECT_EQ(convertElement<int8_t>(-1e9, si8), -128);
  EXPECT_EQ(convertElement<int8_t>(std::nanf(""), si8), 0);
  ElementFormat si4(b.getIntegerType(4));
  EXPECT_EQ(convertElement<int8_t>(100.0f, si4), 7);
  // Integer to integer wraps.
  EXPECT_EQ(convertElement<int8_t>(int32_t(300), si8), 44);
  // Double to bf16 rounds once: this value is just above a bf16 tie.
  ElementFormat bf16(b.getBF16Type());
  double justAboveTie = 1.0 + 0x1p-8 + 0x1p-40;
  EXPECT_EQ(convertElement<float>(justAboveTie, bf16), 1.0f + 0x1p-7f);
  // Large integers round once into f16.
  ElementFormat f16(b.getF16Type());
  EXPECT_EQ(convertElement<float>(int64_t(2049), f16), 2048.0f);
  // Anything to i1 tests against zero (the real part of complex values).
  ElementFormat i1(b.getI1Type());
  EXPECT_TRUE(convertElement<bool>(-0.5f, i1));
  EXPECT_FALSE(convertElement<bool>(std::complex<double>(0, 1), i1));
  // Real to complex and back.
  ElementFormat c64(ComplexType::get(b.getF32Type()));
  EXPECT_EQ(convertElement<std::complex<float>>(2.5, c64),
            std::complex<float>(2.5f, 0));
  ElementFormat f32(b.getF32Type());
  EXPECT_EQ(convertElement<float>(std::complex<float>(1.5f, 9), f32), 1.5f);
}

TEST_F(NumericsTest, StorageOfEveryElementType) {
  EXPECT_EQ(getStorage(b.getI1Type()), Storage::Bool);
  EXPECT_EQ(getStorage(b.getIntegerType(4)), Storage::I8);
  EXPECT_EQ(getStorage(b.getIntegerType(2, false)), Storage::U8);
  EXPECT_EQ(getStorage(b.getIntegerType(64, false)), Storage::U64);
  EXPECT_EQ(getStorage(b.getBF16Type()), Storage::F32);
  EXPECT_EQ(getStorage(b.getType<Float8E5M2Type>()), Storage::F32);
  EXPECT_EQ(getStorage(b.getF64Type()), Storage::F64);
  EXPECT_EQ(getStorage(ComplexType::get(b.getF64Type())), Storage::C128);
  EXPECT_FALSE(getStorage(b.getIndexType()));
}

TEST_F(NumericsTest, TensorsRoundTripThroughAttributes) {
  auto type = RankedTensorType::get({2, 2}, b.getBF16Type());
  auto attr = DenseElementsAttr::get(
      type, ArrayRef<APFloat>{APFloat(APFloat::BFloat(), "1.5"),
                              APFloat(APFloat::BFloat(), "-2"),
                              APFloat(APFloat::BFloat(), "0.0078125"),
                              APFloat::getInf(APFloat::BFloat())});
  Tensor tensor = Tensor::fromAttr(attr);
  ASSERT_TRUE(tensor);
  EXPECT_EQ(tensor.data<float>()[0], 1.5f);
  EXPECT_TRUE(std::isinf(tensor.data<float>()[3]));
  EXPECT_EQ(tensor.toAttr(), attr);

  auto ints = RankedTensorType::get({3}, b.getIntegerType(4));
  auto intAttr = DenseElementsAttr::get(
      ints, ArrayRef<APInt>{APInt(4, -8, true), APInt(4, 7), APInt(4, -1, true)});
  Tensor intTensor = Tensor::fromAttr(intAttr);
  EXPECT_EQ(intTensor.data<int8_t>()[0], -8);
  EXPECT_EQ(intTensor.data<int8_t>()[2], -1);
  EXPECT_EQ(intTensor.toAttr(), intAttr);
}

} // namespace
