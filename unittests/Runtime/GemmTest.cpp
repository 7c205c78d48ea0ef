//===- GemmTest.cpp - hlox's own f32 matrix product kernel ----------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/runtime/Gemm.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <thread>
#include <vector>

using namespace hlox::runtime;

namespace {

std::vector<float> values(int64_t n, int64_t seed) {
  std::vector<float> v(n);
  uint32_t state = static_cast<uint32_t>(seed) * 2654435761u + 1;
  for (float &x : v) {
    state = state * 1664525u + 1013904223u;
    x = static_cast<float>(state >> 8) / 16777216.0f - 0.5f;
  }
  return v;
}

/// The kernel's documented order, in scalar code: each result sums its
/// products in chains of kChainLength fused multiply-adds from zero, the
/// first chain stored, each later one added to the result.
float chainedSum(const GemmOperand &a, const GemmOperand &b, int64_t i,
                 int64_t j, int64_t k) {
  float result = 0.0f;
  for (int64_t p0 = 0; p0 < k; p0 += Gemm::kChainLength) {
    float chain = 0.0f;
    for (int64_t p = p0; p < std::min(k, p0 + Gemm::kChainLength); ++p)
      chain = std::fma(a.data[i * a.rowStride + p * a.colStride],
                       b.data[p * b.rowStride + j * b.colStride], chain);
    result = p0 == 0 ? chain : result + chain;
  }
  return result;
}

/// The order of the dot products (Gemm::isDotProduct), in scalar code:
/// lane l sums the products of k = l mod 16 by fused multiply-adds from
/// zero (the lanes past k adding 0 * 0), then the lanes add as a tree.
float laneSum(const GemmOperand &a, const GemmOperand &b, int64_t i, int64_t j,
              int64_t k) {
  float lanes[16] = {};
  for (int64_t p = 0; p < (k + 15) / 16 * 16; ++p) {
    float x = p < k ? a.data[i * a.rowStride + p * a.colStride] : 0.0f;
    float y = p < k ? b.data[p * b.rowStride + j * b.colStride] : 0.0f;
    lanes[p % 16] = std::fma(x, y, lanes[p % 16]);
  }
  for (int width = 8; width >= 1; width /= 2)
    for (int l = 0; l < width; ++l)
      lanes[l] = lanes[l] + lanes[l + width];
  return lanes[0];
}

struct Shape {
  int64_t m, n, k;
};

/// Every shape class (tails of the 8x48 tile and of its vectors, K blocks
/// and chains, the rhs read in place for few rows or packed; the dot
/// products of 1 to 8 rows with tails of their rhs blocks and of k), each
/// operand row-major or transposed, inside a larger result (ldc > n): the
/// bits of the scalar order, and nothing outside the result written.
TEST(GemmTest, ComputesTheChainedOrderBitForBit) {
  if (!Gemm::hasVectorKernel())
    GTEST_SKIP() << "the CPU has no AVX-512";
  for (Shape s :
       {Shape{1, 1, 1}, Shape{8, 48, 128}, Shape{7, 17, 129}, Shape{9, 50, 385},
        Shape{33, 100, 300}, Shape{40, 96, 800}, Shape{200, 33, 64},
        Shape{197, 130, 1000}, Shape{40, 4100, 20}, Shape{1, 9, 15},
        Shape{2, 13, 33}, Shape{3, 8, 16}, Shape{4, 7, 300}, Shape{5, 11, 1},
        Shape{6, 5, 47}, Shape{8, 10, 768}, Shape{1, 40, 2049}})
    for (bool transposeLhs : {false, true})
      for (bool transposeRhs : {false, true}) {
        const int64_t m = s.m, n = s.n, k = s.k, ldc = n + 5;
        std::vector<float> lhs = values(m * k, 1), rhs = values(k * n, 2);
        GemmOperand a{lhs.data(), transposeLhs ? 1 : k, transposeLhs ? m : 1};
        GemmOperand b{rhs.data(), transposeRhs ? 1 : n, transposeRhs ? k : 1};
        const float sentinel = 12345.0f;
        std::vector<float> result(m * ldc, sentinel);
        ASSERT_TRUE(Gemm::run(m, n, k, a, b, result.data(), ldc));
        for (int64_t i = 0; i < m; ++i)
          for (int64_t j = 0; j < ldc; ++j) {
            float expected = j >= n ? sentinel
                             : Gemm::isDotProduct(m, a, b)
                                 ? laneSum(a, b, i, j, k)
                                 : chainedSum(a, b, i, j, k);
            ASSERT_EQ(std::memcmp(&result[i * ldc + j], &expected, 4), 0)
                << m << "x" << n << "x" << k << " transposes " << transposeLhs
                << transposeRhs << " at " << i << "," << j << ": "
                << result[i * ldc + j] << " against " << expected;
          }
      }
}

/// The largest errors against f64 of Gemm::run's result and of one chain
/// of fused multiply-adds over each whole sum, and the largest sum of the
/// products' magnitudes.
struct Errors {
  double kernel = 0, oneChain = 0, magnitude = 0;
};

Errors measureErrors(int64_t m, int64_t n, int64_t k, const GemmOperand &a,
                     const GemmOperand &b) {
  std::vector<float> result(m * n);
  EXPECT_TRUE(Gemm::run(m, n, k, a, b, result.data(), n));
  Errors errors;
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j) {
      double exact = 0, absolute = 0;
      float chain = 0;
      for (int64_t p = 0; p < k; ++p) {
        float x = a.data[i * a.rowStride + p * a.colStride];
        float y = b.data[p * b.rowStride + j * b.colStride];
        exact += static_cast<double>(x) * y;
        absolute += std::abs(static_cast<double>(x) * y);
        chain = std::fma(x, y, chain);
      }
      errors.kernel =
          std::max(errors.kernel, std::abs(result[i * n + j] - exact));
      errors.oneChain = std::max(errors.oneChain, std::abs(chain - exact));
      errors.magnitude = std::max(errors.magnitude, absolute);
    }
  return errors;
}

/// Chains bound the error: on a long product of uniform values, the
/// kernel's largest error against f64 is below that of one chain over
/// the whole sum, and within the bound of docs/numerics.md.
TEST(GemmTest, ChainsKeepTheErrorSmall) {
  if (!Gemm::hasVectorKernel())
    GTEST_SKIP() << "the CPU has no AVX-512";
  const int64_t m = 64, n = 64, k = 4096;
  std::vector<float> lhs = values(m * k, 3), rhs = values(k * n, 4);
  Errors errors =
      measureErrors(m, n, k, {lhs.data(), k, 1}, {rhs.data(), n, 1});
  EXPECT_LT(errors.kernel, errors.oneChain);
  // (k / kChainLength + kChainLength) roundings of at most half an ulp of
  // the sum of magnitudes each.
  EXPECT_LT(errors.kernel, (k / Gemm::kChainLength + Gemm::kChainLength) *
                               errors.magnitude *
                               std::numeric_limits<float>::epsilon() / 2);
}

/// The dot products' lanes bound the error too: below one chain's over
/// the whole sum, and within (k / 16 + 4) roundings (docs/numerics.md).
TEST(GemmTest, DotProductLanesKeepTheErrorSmall) {
  if (!Gemm::hasVectorKernel())
    GTEST_SKIP() << "the CPU has no AVX-512";
  const int64_t m = 7, n = 96, k = 4096;
  std::vector<float> lhs = values(m * k, 5), rhs = values(n * k, 6);
  GemmOperand a{lhs.data(), k, 1}, b{rhs.data(), 1, k};
  ASSERT_TRUE(Gemm::isDotProduct(m, a, b));
  Errors errors = measureErrors(m, n, k, a, b);
  EXPECT_LT(errors.kernel, errors.oneChain);
  EXPECT_LT(errors.kernel, (k / 16 + 4) * errors.magnitude *
                               std::numeric_limits<float>::epsilon() / 2);
}

/// Special values propagate as in any order of the sum: an infinity makes
/// its row infinite, a NaN its row NaN, and the zero padding of partial
/// tiles does not leak into the result.
TEST(GemmTest, PropagatesInfinitiesAndNaNs) {
  if (!Gemm::hasVectorKernel())
    GTEST_SKIP() << "the CPU has no AVX-512";
  const int64_t m = 11, n = 21, k = 300;
  std::vector<float> lhs(m * k, 0.5f), rhs(k * n, 1.0f);
  lhs[2 * k + 250] = std::numeric_limits<float>::infinity();
  lhs[5 * k + 7] = std::numeric_limits<float>::quiet_NaN();
  std::vector<float> result(m * n);
  ASSERT_TRUE(Gemm::run(m, n, k, {lhs.data(), k, 1}, {rhs.data(), n, 1},
                        result.data(), n));
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j) {
      float x = result[i * n + j];
      if (i == 2)
        EXPECT_EQ(x, std::numeric_limits<float>::infinity());
      else if (i == 5)
        EXPECT_TRUE(std::isnan(x));
      else
        EXPECT_EQ(x, 150.0f) << i << "," << j;
    }
}

/// An empty sum is zero; an empty result writes nothing.
/// An epilogue that doubles each element of its tile and adds one, and
/// counts the times it saw each: bindings are the result, the counts and
/// the result's row stride.
void doubleAndCount(void **bindings, int64_t r0, int64_t r1, int64_t c0,
                    int64_t c1) {
  auto *result = static_cast<float *>(bindings[0]);
  auto *counts = static_cast<int *>(bindings[1]);
  int64_t ldc = *static_cast<int64_t *>(bindings[2]);
  for (int64_t i = r0; i < r1; ++i)
    for (int64_t j = c0; j < c1; ++j) {
      result[i * ldc + j] = 2.0f * result[i * ldc + j] + 1.0f;
      ++counts[i * ldc + j];
    }
}

/// The epilogue sees every result element once, after its last chain
/// (the final sum's bits), and nothing outside the result: tiles with
/// tails, several K blocks, the rhs read in place, the dot products, an
/// empty sum.
TEST(GemmTest, EpilogueSeesEachFinishedElementOnce) {
  if (!Gemm::hasVectorKernel())
    GTEST_SKIP() << "the CPU has no AVX-512";
  for (Shape s : {Shape{9, 50, 385}, Shape{197, 130, 1000}, Shape{20, 100, 64},
                  Shape{3, 40, 300}, Shape{5, 7, 0}})
    for (bool transposeRhs : {false, true}) {
      const int64_t m = s.m, n = s.n, k = s.k;
      int64_t ldc = n + 3;
      std::vector<float> lhs = values(m * k + 1, 1), rhs = values(k * n + 1, 2);
      GemmOperand a{lhs.data(), k, 1};
      GemmOperand b{rhs.data(), transposeRhs ? 1 : n, transposeRhs ? k : 1};
      std::vector<float> result(m * ldc, 5.0f);
      std::vector<int> counts(m * ldc, 0);
      void *bindings[] = {result.data(), counts.data(), &ldc};
      GemmEpilogue epilogue{doubleAndCount, bindings};
      ASSERT_TRUE(Gemm::run(m, n, k, a, b, result.data(), ldc, &epilogue));
      for (int64_t i = 0; i < m; ++i)
        for (int64_t j = 0; j < ldc; ++j) {
          if (j >= n) {
            ASSERT_EQ(counts[i * ldc + j], 0);
            ASSERT_EQ(result[i * ldc + j], 5.0f);
            continue;
          }
          ASSERT_EQ(counts[i * ldc + j], 1)
              << m << "x" << n << "x" << k << " at " << i << "," << j;
          float sum = k == 0                        ? 0.0f
                      : Gemm::isDotProduct(m, a, b) ? laneSum(a, b, i, j, k)
                                                    : chainedSum(a, b, i, j, k);
          float expected = 2.0f * sum + 1.0f;
          ASSERT_EQ(std::memcmp(&result[i * ldc + j], &expected, 4), 0)
              << m << "x" << n << "x" << k << " at " << i << "," << j;
        }
    }
}

/// A team's members, each on a thread of its own, compute run()'s bits
/// together: shares of rows with tails and without rows at all, panels
/// with tails, several K blocks and column blocks, with and without an
/// epilogue that must see each element once.
TEST(GemmTest, TeamsComputeRunsBits) {
  if (!Gemm::hasVectorKernel())
    GTEST_SKIP() << "the CPU has no AVX-512";
  struct Case {
    int members;
    Shape shape;
  };
  for (Case c : {Case{2, {400, 100, 800}}, Case{3, {401, 49, 385}},
                 Case{4, {9, 130, 300}}, Case{2, {390, 4100, 20}},
                 Case{4, {1000, 48, 1}}})
    for (bool withEpilogue : {false, true}) {
      const int64_t m = c.shape.m, n = c.shape.n, k = c.shape.k, ldc = n + 3;
      std::vector<float> lhs = values(m * k, 1), rhs = values(k * n, 2);
      GemmOperand a{lhs.data(), k, 1}, b{rhs.data(), n, 1};
      std::vector<float> expected(m * ldc, 5.0f), result(m * ldc, 5.0f);
      std::vector<int> expectedCounts(m * ldc, 0), counts(m * ldc, 0);
      int64_t ldcCopy = ldc;
      void *expectedBindings[] = {expected.data(), expectedCounts.data(),
                                  &ldcCopy};
      void *bindings[] = {result.data(), counts.data(), &ldcCopy};
      GemmEpilogue expectedEpilogue{doubleAndCount, expectedBindings};
      GemmEpilogue epilogue{doubleAndCount, bindings};
      ASSERT_TRUE(Gemm::run(m, n, k, a, b, expected.data(), ldc,
                            withEpilogue ? &expectedEpilogue : nullptr));
      GemmTeam team(c.members, m, n, k);
      ASSERT_TRUE(team.isReady());
      EXPECT_EQ(team.rowBegin(0, m), 0);
      EXPECT_EQ(team.rowBegin(c.members, m), m);
      std::vector<std::thread> threads;
      std::vector<char> ok(c.members, 0);
      for (int member = 0; member < c.members; ++member)
        threads.emplace_back([&, member] {
          ok[member] = Gemm::runTeam(team, member, m, n, k, a, b, result.data(),
                                     ldc, withEpilogue ? &epilogue : nullptr);
        });
      for (std::thread &thread : threads)
        thread.join();
      for (int member = 0; member < c.members; ++member)
        EXPECT_TRUE(ok[member]) << "member " << member;
      ASSERT_EQ(std::memcmp(result.data(), expected.data(),
                            sizeof(float) * result.size()),
                0)
          << c.members << " members, " << m << "x" << n << "x" << k;
      EXPECT_EQ(counts, expectedCounts);
    }
}

TEST(GemmTest, TeamsHandTheirMemoryOn) {
  // The threads that make a program's teams change from run to run: a
  // team made on another thread after one ended gets the memory that one
  // had (no fresh pages in the steady state).
  const float *first = nullptr, *second = nullptr;
  std::thread([&] {
    GemmTeam team(2, 512, 1024, 1024);
    first = team.getMemory();
  }).join();
  if (!first)
    GTEST_SKIP() << "no team memory on this target";
  std::thread([&] {
    GemmTeam team(2, 512, 1024, 1024);
    second = team.getMemory();
  }).join();
  EXPECT_EQ(first, second);
  // Teams that run at once have their own.
  GemmTeam one(2, 512, 1024, 1024), other(2, 512, 1024, 1024);
  ASSERT_TRUE(one.isReady() && other.isReady());
  EXPECT_NE(one.getMemory(), other.getMemory());
}

TEST(GemmTest, EmptySums) {
  std::vector<float> result(6, 7.0f);
  float none = 0;
  ASSERT_TRUE(
      Gemm::run(2, 3, 0, {&none, 0, 1}, {&none, 3, 1}, result.data(), 3));
  for (float x : result)
    EXPECT_EQ(x, 0.0f);
  std::vector<float> untouched(4, 7.0f);
  ASSERT_TRUE(
      Gemm::run(0, 4, 5, {&none, 5, 1}, {&none, 4, 1}, untouched.data(), 4));
  for (float x : untouched)
    EXPECT_EQ(x, 7.0f);
}

} // namespace
