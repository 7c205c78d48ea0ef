//===- BuiltinsTest.cpp - The functions kernels call, against APFloat -----===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// The runtime's compiler-rt builtins: the 16-bit float truncations round
// once to nearest even as APFloat does, on every neighbour and midpoint of
// every 16-bit value (where double rounding would show), NaNs come out quiet
// with their sign; the extensions are exact for every encoding; and the
// symbol list has every name once.
//
//===----------------------------------------------------------------------===//

#include "hlox/runtime/Builtins.h"
#include "hlox/runtime/Bf16Arrays.h"

#include "llvm/ADT/APFloat.h"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <complex>
#include <set>
#include <string>
#include <vector>

using namespace hlox::runtime;
using llvm::APFloat;

namespace {

uint16_t apRound(const llvm::fltSemantics &to, double value) {
  APFloat f(value);
  bool lost;
  f.convert(to, APFloat::rmNearestTiesToEven, &lost);
  return static_cast<uint16_t>(f.bitcastToAPInt().getZExtValue());
}

double apValue(const llvm::fltSemantics &from, uint16_t bits) {
  return APFloat(from, llvm::APInt(16, bits)).convertToDouble();
}

/// Doubles that probe the rounding to a 16-bit format: each finite value,
/// the midpoints to its upper neighbour, and the f32 and f64 values just
/// around them.
std::vector<double> probes(const llvm::fltSemantics &semantics) {
  std::vector<double> values;
  for (uint32_t bits = 0; bits < 0x8000u; ++bits) {
    double value = apValue(semantics, static_cast<uint16_t>(bits));
    double next = apValue(semantics, static_cast<uint16_t>(bits + 1));
    if (std::isnan(value) || std::isinf(value))
      continue;
    if (std::isnan(next))
      next = std::isinf(value) ? value : 2 * value - apValue(semantics, bits - 1);
    double mid = value + (next - value) / 2;
    for (double v : {value, mid}) {
      for (double x : {v, std::nextafter(v, 0.0), std::nextafter(v, 1e300),
                       static_cast<double>(std::nextafter(
                           static_cast<float>(v), 0.0f)),
                       static_cast<double>(std::nextafter(
                           static_cast<float>(v), 1e30f))}) {
        values.push_back(x);
        values.push_back(-x);
      }
    }
  }
  return values;
}

TEST(BuiltinsTest, TruncationsRoundOnceToNearestEven) {
  struct Format {
    const llvm::fltSemantics &semantics;
    uint16_t (*fromF32)(uint32_t);
    uint16_t (*fromF64)(uint64_t);
    const char *name;
  };
  for (const Format &format :
       {Format{APFloat::IEEEhalf(), truncateF32ToF16, truncateF64ToF16, "f16"},
        Format{APFloat::BFloat(), truncateF32ToBf16, truncateF64ToBf16,
               "bf16"}}) {
    int failures = 0;
    for (double value : probes(format.semantics)) {
      uint16_t expected = apRound(format.semantics, value);
      uint16_t got = format.fromF64(std::bit_cast<uint64_t>(value));
      if (got != expected && ++failures < 10)
        ADD_FAILURE() << format.name << " from f64 " << value << ": 0x"
                      << std::hex << got << ", APFloat 0x" << expected;
      float single = static_cast<float>(value);
      expected = apRound(format.semantics, single);
      got = format.fromF32(std::bit_cast<uint32_t>(single));
      if (got != expected && ++failures < 10)
        ADD_FAILURE() << format.name << " from f32 " << single << ": 0x"
                      << std::hex << got << ", APFloat 0x" << expected;
    }
    EXPECT_EQ(failures, 0) << format.name;
  }
}

TEST(BuiltinsTest, TruncationsOfSpecialValues) {
  EXPECT_EQ(truncateF32ToBf16(0x7F800000u), 0x7F80u); // inf
  EXPECT_EQ(truncateF32ToBf16(0xFF800000u), 0xFF80u);
  EXPECT_EQ(truncateF32ToBf16(0x7F7FFFFFu), 0x7F80u); // rounds to inf
  EXPECT_EQ(truncateF32ToF16(0x477FE000u), 0x7BFFu);  // 65504
  EXPECT_EQ(truncateF32ToF16(0x477FF000u), 0x7C00u);  // 65520: inf
  EXPECT_EQ(truncateF32ToF16(0x80000000u), 0x8000u);  // -0
  // NaNs: quiet, sign and top payload bits kept.
  EXPECT_EQ(truncateF32ToBf16(0x7F800001u), 0x7FC0u);
  EXPECT_EQ(truncateF32ToBf16(0xFFA10000u), 0xFFE1u);
  EXPECT_EQ(truncateF32ToF16(0x7F800001u), 0x7E00u);
  EXPECT_EQ(truncateF32ToF16(0xFFC02000u), 0xFE01u);
  EXPECT_EQ(truncateF64ToF16(0x7FF0000000000001ull), 0x7E00u);
  EXPECT_EQ(truncateF64ToBf16(0xFFF8000000000000ull), 0xFFC0u);
}

TEST(BuiltinsTest, ExtensionsAreExact) {
  for (uint32_t bits = 0; bits <= 0xFFFFu; ++bits) {
    uint16_t h = static_cast<uint16_t>(bits);
    float single = std::bit_cast<float>(extendF16ToF32(h));
    double wide = std::bit_cast<double>(extendF16ToF64(h));
    double expected = apValue(APFloat::IEEEhalf(), h);
    if (std::isnan(expected)) {
      ASSERT_TRUE(std::isnan(single) && std::isnan(wide)) << bits;
      ASSERT_EQ(std::signbit(single), (bits & 0x8000u) != 0) << bits;
      // The payload comes back when truncated again.
      ASSERT_EQ(truncateF32ToF16(extendF16ToF32(h)), h | 0x0200u) << bits;
      continue;
    }
    ASSERT_EQ(std::bit_cast<uint64_t>(static_cast<double>(single)),
              std::bit_cast<uint64_t>(expected))
        << bits;
    ASSERT_EQ(std::bit_cast<uint64_t>(wide), std::bit_cast<uint64_t>(expected))
        << bits;
  }
}

// The array conversions around bf16 library calls give the one-value
// conversions' bits, on the AVX2 road (where the CPU has it) and the
// portable one: every bf16 upper half with low halves below, at, just
// above and far above the midpoint (ties to even both ways, carries into
// the exponent and to infinity, NaNs of both signs), in runs of every
// length up to 40 from every start modulo 16 (the vector loops' tails).
TEST(BuiltinsTest, Bf16ArraysMatchTheOneValueConversions) {
  std::vector<float> wide;
  for (uint32_t high = 0; high <= 0xFFFFu; ++high)
    for (uint32_t low :
         {0x0000u, 0x0001u, 0x7FFFu, 0x8000u, 0x8001u, 0xC3A5u, 0xFFFFu})
      wide.push_back(std::bit_cast<float>(high << 16 | low));
  std::vector<uint16_t> narrow(65536);
  for (uint32_t bits = 0; bits <= 0xFFFFu; ++bits)
    narrow[bits] = static_cast<uint16_t>(bits);
  for (bool avx2 : {true, false}) {
    setAvx2Bf16ArraysEnabled(avx2);
    SCOPED_TRACE(usesAvx2Bf16Arrays() ? "AVX2" : "portable");
    std::vector<uint16_t> rounded(wide.size(), 0x5A5Au);
    narrowToBf16Array(wide.data(), rounded.data(),
                      static_cast<int64_t>(wide.size()));
    int failures = 0;
    for (size_t i = 0; i < wide.size(); ++i) {
      uint16_t expected = truncateF32ToBf16(std::bit_cast<uint32_t>(wide[i]));
      if (rounded[i] != expected && ++failures < 10)
        ADD_FAILURE() << "0x" << std::hex << std::bit_cast<uint32_t>(wide[i])
                      << ": 0x" << rounded[i] << ", expected 0x" << expected;
    }
    EXPECT_EQ(failures, 0);
    std::vector<float> widened(narrow.size());
    widenBf16Array(narrow.data(), widened.data(),
                   static_cast<int64_t>(narrow.size()));
    for (uint32_t bits = 0; bits <= 0xFFFFu; ++bits)
      ASSERT_EQ(std::bit_cast<uint32_t>(widened[bits]), bits << 16) << bits;
    // Short runs: each writes its elements and nothing past them.
    for (int64_t start = 0; start < 16; ++start)
      for (int64_t count = 0; count <= 40; ++count) {
        std::vector<uint16_t> out(64, 0x5A5Au);
        narrowToBf16Array(wide.data() + 7 * 4096 + start, out.data(), count);
        std::vector<float> back(64, -1.0f);
        widenBf16Array(narrow.data() + 0x3F00 + start, back.data(), count);
        for (int64_t i = 0; i < 64; ++i) {
          uint32_t source = std::bit_cast<uint32_t>(wide[7 * 4096 + start + i]);
          ASSERT_EQ(out[i], i < count ? truncateF32ToBf16(source) : 0x5A5Au)
              << start << " " << count << " " << i;
          ASSERT_EQ(std::bit_cast<uint32_t>(back[i]),
                    i < count ? uint32_t(0x3F00 + start + i) << 16
                              : std::bit_cast<uint32_t>(-1.0f))
              << start << " " << count << " " << i;
        }
      }
  }
  setAvx2Bf16ArraysEnabled(true);
}

TEST(BuiltinsTest, SymbolsAreUniqueAndResolved) {
  std::set<std::string> names;
  for (const KernelSymbol &symbol : getKernelSymbols()) {
    EXPECT_NE(symbol.address, nullptr) << symbol.name;
    EXPECT_TRUE(names.insert(symbol.name).second) << symbol.name;
  }
  for (const char *name :
       {"__truncsfbf2", "__truncdfbf2", "__truncsfhf2", "__truncdfhf2",
        "__extendhfsf2", "__divti3", "__udivti3", "__modti3", "__umodti3",
        "__mulsc3", "__divdc3", "expf", "fmaf", "roundevenf", "memcpy",
        "hlox_erf_inv"})
    EXPECT_TRUE(names.count(name)) << name;
}

/// Calls a builtin through its address, as generated code does.
template <typename Fn>
Fn *lookup(const char *name) {
  for (const KernelSymbol &symbol : getKernelSymbols())
    if (std::string(symbol.name) == name)
      return reinterpret_cast<Fn *>(symbol.address);
  return nullptr;
}

TEST(BuiltinsTest, ComplexMultiplyAndDivide) {
  auto mul = lookup<std::complex<double>(double, double, double, double)>(
      "__muldc3");
  auto div = lookup<std::complex<double>(double, double, double, double)>(
      "__divdc3");
  auto divf =
      lookup<std::complex<float>(float, float, float, float)>("__divsc3");
  ASSERT_TRUE(mul && div && divf);
  EXPECT_EQ(mul(1, 2, 3, 4), std::complex<double>(-5, 10));
  EXPECT_EQ(div(-5, 10, 3, 4), std::complex<double>(1, 2));
  EXPECT_EQ(divf(-5, 10, 3, 4), std::complex<float>(1, 2));
  // Annex G: an infinite operand gives an infinite product, not NaN.
  double inf = INFINITY, nan = NAN;
  std::complex<double> product = mul(inf, nan, 1, 0);
  EXPECT_TRUE(std::isinf(product.real()) || std::isinf(product.imag()));
  // A finite nonzero over zero is infinite.
  std::complex<double> quotient = div(1, 1, 0, 0);
  EXPECT_TRUE(std::isinf(quotient.real()) && std::isinf(quotient.imag()));
  // Scaling keeps huge divisors finite.
  std::complex<double> scaled = div(1e300, 1e300, 1e300, 1e300);
  EXPECT_DOUBLE_EQ(scaled.real(), 1.0);
  EXPECT_DOUBLE_EQ(scaled.imag(), 0.0);
}

TEST(BuiltinsTest, Int128AndPowi) {
  auto divti3 = lookup<__int128(__int128, __int128)>("__divti3");
  auto umodti3 =
      lookup<unsigned __int128(unsigned __int128, unsigned __int128)>(
          "__umodti3");
  auto fixsfti = lookup<__int128(float)>("__fixsfti");
  auto fixunsdfti = lookup<unsigned __int128(double)>("__fixunsdfti");
  auto powidf2 = lookup<double(double, int)>("__powidf2");
  ASSERT_TRUE(divti3 && umodti3 && fixsfti && fixunsdfti && powidf2);
  __int128 big = static_cast<__int128>(1) << 100;
  EXPECT_TRUE(divti3(-big, 3) == -(big / 3));
  EXPECT_TRUE(umodti3(static_cast<unsigned __int128>(big) + 5, 7) ==
              (static_cast<unsigned __int128>(big) + 5) % 7);
  EXPECT_TRUE(fixsfti(-2.5f) == -2);
  EXPECT_TRUE(fixsfti(INFINITY) > big);
  EXPECT_TRUE(fixunsdfti(-1.0) == 0);
  EXPECT_EQ(powidf2(2.0, 10), 1024.0);
  EXPECT_EQ(powidf2(2.0, -2), 0.25);
}

} // namespace
