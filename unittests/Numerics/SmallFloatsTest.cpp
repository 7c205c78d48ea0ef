//===- SmallFloatsTest.cpp - Small floats against APFloat -----------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Every encoding of every format decodes to APFloat's value, and a sweep of
// doubles (every value, the midpoints between neighbours, and values past
// the range) encodes to APFloat's rounding; so do the f16 and bfloat16
// encoders.
//
//===----------------------------------------------------------------------===//

#include "hlox/numerics/SmallFloats.h"

#include "llvm/ADT/APFloat.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

using namespace hlox::numerics;

namespace {

struct Case {
  SmallFloat format;
  const llvm::fltSemantics &semantics;
  const char *name;
};

std::vector<Case> cases() {
  using llvm::APFloat;
  return {{SmallFloat::F4E2M1FN, APFloat::Float4E2M1FN(), "f4E2M1FN"},
          {SmallFloat::F6E2M3FN, APFloat::Float6E2M3FN(), "f6E2M3FN"},
          {SmallFloat::F6E3M2FN, APFloat::Float6E3M2FN(), "f6E3M2FN"},
          {SmallFloat::F8E3M4, APFloat::Float8E3M4(), "f8E3M4"},
          {SmallFloat::F8E4M3, APFloat::Float8E4M3(), "f8E4M3"},
          {SmallFloat::F8E4M3FN, APFloat::Float8E4M3FN(), "f8E4M3FN"},
          {SmallFloat::F8E4M3FNUZ, APFloat::Float8E4M3FNUZ(), "f8E4M3FNUZ"},
          {SmallFloat::F8E4M3B11FNUZ, APFloat::Float8E4M3B11FNUZ(),
           "f8E4M3B11FNUZ"},
          {SmallFloat::F8E5M2, APFloat::Float8E5M2(), "f8E5M2"},
          {SmallFloat::F8E5M2FNUZ, APFloat::Float8E5M2FNUZ(), "f8E5M2FNUZ"},
          {SmallFloat::F8E8M0FNU, APFloat::Float8E8M0FNU(), "f8E8M0FNU"}};
}

double apDecode(const Case &c, uint32_t bits) {
  unsigned width = llvm::APFloat::getSizeInBits(c.semantics);
  llvm::APFloat value(c.semantics, llvm::APInt(width, bits));
  return value.convertToDouble();
}

/// APFloat's encoding of `value`, or -1 for NaN (any NaN encoding passes).
int64_t apEncode(const Case &c, double value) {
  llvm::APFloat f(value);
  bool lost;
  f.convert(c.semantics, llvm::APFloat::rmNearestTiesToEven, &lost);
  if (f.isNaN())
    return -1;
  return static_cast<int64_t>(f.bitcastToAPInt().getZExtValue());
}

TEST(SmallFloats, DecodeEveryEncoding) {
  for (const Case &c : cases()) {
    unsigned width = llvm::APFloat::getSizeInBits(c.semantics);
    for (uint32_t bits = 0; bits < (1u << width); ++bits) {
      double expected = apDecode(c, bits);
      double actual = decodeSmallFloat(bits, c.format);
      // f8E8M0FNU's 0xFF is NaN (APFloat reads it as infinity).
      if (c.format == SmallFloat::F8E8M0FNU && bits == 0xFF) {
        EXPECT_TRUE(std::isnan(actual));
        continue;
      }
      if (std::isnan(expected))
        EXPECT_TRUE(std::isnan(actual)) << c.name << " " << bits;
      else
        EXPECT_EQ(actual, expected) << c.name << " " << bits;
    }
  }
}

TEST(SmallFloats, EncodeRoundsLikeAPFloat) {
  for (const Case &c : cases()) {
    unsigned width = llvm::APFloat::getSizeInBits(c.semantics);
    std::vector<double> values{0.0, -0.0, INFINITY, -INFINITY, NAN, 1e300,
                               -1e300, 1e-300, -1e-300};
    std::vector<double> finite;
    for (uint32_t bits = 0; bits < (1u << width); ++bits) {
      double v = apDecode(c, bits);
      if (std::isfinite(v))
        finite.push_back(v);
    }
    std::sort(finite.begin(), finite.end());
    for (size_t i = 0; i < finite.size(); ++i) {
      values.push_back(finite[i]);
      values.push_back(std::nextafter(finite[i], INFINITY));
      values.push_back(std::nextafter(finite[i], -INFINITY));
      if (i + 1 < finite.size()) {
        double mid = (finite[i] + finite[i + 1]) / 2;
        values.push_back(mid);
        values.push_back(std::nextafter(mid, INFINITY));
        values.push_back(std::nextafter(mid, -INFINITY));
      }
    }
    // Past the largest value, by half an ulp and more.
    double largest = finite.back();
    for (double scale : {1.0625, 1.125, 1.5, 2.0, 4.0})
      values.push_back(largest * scale);
    values.push_back(-largest * 1.5);
    // Formats without infinity and NaN: infinities saturate like any
    // overflow and NaN becomes 0 (APFloat leaves both without an encoding).
    bool finiteOnly = llvm::APFloat::semanticsHasInf(c.semantics) == false &&
                      llvm::APFloat::semanticsHasNaN(c.semantics) == false;
    if (finiteOnly) {
      uint32_t largestBits = encodeSmallFloat(largest, c.format);
      EXPECT_EQ(encodeSmallFloat(INFINITY, c.format), largestBits) << c.name;
      EXPECT_EQ(decodeSmallFloat(encodeSmallFloat(-INFINITY, c.format),
                                 c.format),
                -largest)
          << c.name;
      EXPECT_EQ(encodeSmallFloat(NAN, c.format), 0u) << c.name;
    }
    for (double value : values) {
      if (finiteOnly && !std::isfinite(value))
        continue;
      int64_t expected = apEncode(c, value);
      uint32_t actual = encodeSmallFloat(value, c.format);
      if (expected < 0)
        EXPECT_TRUE(std::isnan(decodeSmallFloat(actual, c.format)))
            << c.name << " " << value;
      else
        EXPECT_EQ(actual, static_cast<uint64_t>(expected))
            << c.name << " " << value;
    }
  }
}

/// f16 and bfloat16 from double round once: every encoding's value, its
/// neighbouring doubles, the midpoints between encodings and their
/// neighbours (where rounding through f32 first would tie), and values past
/// the range, against APFloat.
TEST(SmallFloats, SixteenBitEncodersRoundOnce) {
  using llvm::APFloat;
  struct Format {
    const llvm::fltSemantics &semantics;
    uint16_t (*encode)(double);
    const char *name;
  };
  for (const Format &f : {Format{APFloat::IEEEhalf(), encodeF16, "f16"},
                          Format{APFloat::BFloat(), encodeBf16, "bf16"}}) {
    auto decode = [&](uint32_t bits) {
      return APFloat(f.semantics, llvm::APInt(16, bits)).convertToDouble();
    };
    std::vector<double> values{0.0, -0.0, INFINITY, -INFINITY, 1e300,
                               -1e300, 1e-300, -1e-300, 3.4e38, -3.4e38,
                               3.3961e38, 65520.0, 65519.99};
    for (uint32_t bits = 0; bits < (1u << 16); ++bits) {
      double v = decode(bits);
      double next = decode(bits + 1 < (1u << 16) ? bits + 1 : bits);
      if (!std::isfinite(v))
        continue;
      values.push_back(v);
      values.push_back(std::nextafter(v, INFINITY));
      values.push_back(std::nextafter(v, -INFINITY));
      if (std::isfinite(next) && (bits & 0x7FFF) != 0x7FFF) {
        double mid = v + (next - v) / 2;
        values.push_back(mid);
        values.push_back(std::nextafter(mid, INFINITY));
        values.push_back(std::nextafter(mid, -INFINITY));
        // Off the midpoint by less than half an f32 ulp.
        values.push_back(mid + std::ldexp(std::fabs(mid), -40));
        values.push_back(mid - std::ldexp(std::fabs(mid), -40));
      }
    }
    for (double value : values) {
      APFloat expected(value);
      bool lost;
      expected.convert(f.semantics, APFloat::rmNearestTiesToEven, &lost);
      EXPECT_EQ(f.encode(value), expected.bitcastToAPInt().getZExtValue())
          << f.name << " " << value;
    }
    EXPECT_TRUE(std::isnan(decode(f.encode(NAN)))) << f.name;
  }
}

} // namespace
