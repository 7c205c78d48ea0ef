//===- PointwiseConvolutionTest.cpp - hlox's 1x1 convolution kernel -------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/runtime/PointwiseConvolution.h"
#include "hlox/runtime/Convolution.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

using namespace hlox::runtime;

namespace {

/// Chooses the kernel (AVX-512 where the CPU has it, else AVX2 where it
/// has that, else portable) and restores the default when a test ends.
struct VectorKernel {
  explicit VectorKernel(bool enabled, bool avx2 = false) {
    PointwiseConvolution::setVectorKernelEnabled(enabled);
    PointwiseConvolution::setAvx2KernelEnabled(avx2);
  }
  ~VectorKernel() {
    PointwiseConvolution::setVectorKernelEnabled(true);
    PointwiseConvolution::setAvx2KernelEnabled(true);
  }
};

ConvolutionSpec pointwise(int64_t batch, int64_t height, int64_t width,
                          int64_t in, int64_t out) {
  ConvolutionSpec s;
  s.batch = batch;
  s.height = s.outHeight = height;
  s.width = s.outWidth = width;
  s.inChannels = in;
  s.outChannels = out;
  s.nhwc = s.kernelOihw = true;
  return s;
}

std::vector<float> values(int64_t n, int64_t seed) {
  std::vector<float> v(n);
  for (int64_t i = 0; i < n; ++i)
    v[i] = static_cast<float>((i * 37 + seed * 11) % 23) / 8.0f - 1.25f;
  return v;
}

/// One configuration of the kernel, checked against a loop in double.
struct Case {
  ConvolutionSpec spec;
  int64_t shortcutChannels = 0;
  bool shortcutBias = false;
  unsigned threads = 1;

  std::string describe() const {
    const ConvolutionSpec &s = spec;
    return std::to_string(s.batch) + "x" + std::to_string(s.height) + "x" +
           std::to_string(s.width) + "x" + std::to_string(s.inChannels) +
           " to " + std::to_string(s.outChannels) +
           (shortcutChannels
                ? " +shortcut of " + std::to_string(shortcutChannels)
                : std::string()) +
           (s.bias ? " +bias" : "") + (s.addend ? " +addend" : "") +
           (s.relu ? " +relu" : "") + (s.nchwResult ? " to NCHW" : "") + ", " +
           std::to_string(threads) + " threads";
  }

  void check() const {
    const ConvolutionSpec &s = spec;
    int64_t pixels = s.height * s.width;
    std::vector<float> x = values(s.batch * pixels * s.inChannels, 1);
    std::vector<float> w = values(s.outChannels * s.inChannels, 2);
    std::vector<float> bias = values(s.outChannels, 3);
    std::vector<float> addend = values(s.batch * pixels * s.outChannels, 4);
    std::vector<float> sx = values(s.batch * pixels * shortcutChannels, 5);
    std::vector<float> sw = values(s.outChannels * shortcutChannels, 6);
    std::vector<float> sb = values(s.outChannels, 7);
    ConvolutionSpec shortcut =
        pointwise(s.batch, s.height, s.width, shortcutChannels, s.outChannels);
    shortcut.bias = shortcutBias;
    Status status;
    auto conv = PointwiseConvolution::create(
        s, shortcutChannels ? &shortcut : nullptr, status);
    ASSERT_TRUE(conv) << describe() << ": " << status.message();
    PointwiseConvolution::Operands operands;
    operands.input = x.data();
    operands.kernel = w.data();
    operands.bias = s.bias ? bias.data() : nullptr;
    operands.addend = s.addend ? addend.data() : nullptr;
    if (shortcutChannels) {
      operands.shortcutInput = sx.data();
      operands.shortcutKernel = sw.data();
      operands.shortcutBias = shortcutBias ? sb.data() : nullptr;
    }
    std::vector<float> result(s.batch * pixels * s.outChannels, -7.0f);
    operands.result = result.data();
    CpuDevice device(threads);
    // Twice: the second run reuses the packed kernels; then with other
    // kernel values, which it must pack again.
    for (int run = 0; run < 3; ++run) {
      if (run == 2)
        for (float &v : w)
          v = -v;
      ASSERT_TRUE(conv->run(device, operands).ok()) << describe();
      for (int64_t n = 0; n < s.batch; ++n)
        for (int64_t p = 0; p < pixels; ++p)
          for (int64_t o = 0; o < s.outChannels; ++o) {
            int64_t pixel = n * pixels + p;
            double sum =
                (s.bias ? bias[o] : 0.0) + (shortcutBias ? sb[o] : 0.0);
            for (int64_t c = 0; c < s.inChannels; ++c)
              sum += static_cast<double>(x[pixel * s.inChannels + c]) *
                     w[o * s.inChannels + c];
            for (int64_t c = 0; c < shortcutChannels; ++c)
              sum += static_cast<double>(sx[pixel * shortcutChannels + c]) *
                     sw[o * shortcutChannels + c];
            if (s.addend)
              sum += addend[pixel * s.outChannels + o];
            if (s.relu)
              sum = std::max(sum, 0.0);
            int64_t at = s.nchwResult ? (n * s.outChannels + o) * pixels + p
                                      : pixel * s.outChannels + o;
            ASSERT_NEAR(result[at], sum, 1e-4 * (1 + std::fabs(sum)))
                << describe() << ", run " << run << ", image " << n
                << ", pixel " << p << ", channel " << o;
          }
    }
  }
};

void checkEveryEpilogue(bool vector, bool avx2 = false) {
  VectorKernel kernel(vector, avx2);
  // 63 pixels: 48 and a tail of 15 (two register tiles and a partial one,
  // half a transposed block); 12 and 70 output channels: within one block
  // of 64, and one block and a tail of 6.
  for (int64_t batch : {1, 3})
    for (int64_t out : {12, 70})
      for (int64_t shortcut : {0, 3})
        for (int epilogue = 0; epilogue < 8; ++epilogue)
          for (unsigned threads : {1u, 2u}) {
            Case c;
            c.spec = pointwise(batch, 7, 9, 5, out);
            c.spec.bias = epilogue & 1;
            c.spec.relu = epilogue & 2;
            c.spec.nchwResult = epilogue & 4;
            // An addend, or the shortcut in its place.
            c.spec.addend = !shortcut && (epilogue & 1);
            c.shortcutChannels = shortcut;
            c.shortcutBias = shortcut && !(epilogue & 1);
            c.threads = threads;
            c.check();
          }
}

TEST(PointwiseConvolutionTest, EveryEpilogueVectorKernel) {
  checkEveryEpilogue(true);
}

TEST(PointwiseConvolutionTest, EveryEpilogueAvx2Kernel) {
  if (!PointwiseConvolution::hasAvx2Kernel())
    GTEST_SKIP() << "the CPU has no AVX2 and FMA";
  checkEveryEpilogue(false, true);
}

TEST(PointwiseConvolutionTest, EveryEpiloguePortableKernel) {
  checkEveryEpilogue(false);
}

/// A result of more than 8 MB in NCHW: stored with streaming stores.
TEST(PointwiseConvolutionTest, LargeNchwResult) {
  Case c;
  c.spec = pointwise(3, 56, 56, 8, 256);
  c.spec.bias = c.spec.relu = c.spec.nchwResult = true;
  c.shortcutChannels = 4;
  c.threads = 2;
  c.check();
}

/// The ReLU is StableHLO's maximum(x, 0): NaN stays NaN, -inf and negative
/// numbers become +0, +inf stays.
TEST(PointwiseConvolutionTest, ReluKeepsNaN) {
  const float inf = std::numeric_limits<float>::infinity();
  const float nan = std::numeric_limits<float>::quiet_NaN();
  std::vector<float> x = {nan,   -inf,  inf,  -2.5f, 0.0f, 3.0f,
                          -0.0f, nan,   1.0f, -1.0f, 2.0f, -3.0f,
                          4.0f,  -5.0f, 6.0f, -7.0f, 8.0f};
  for (int road = 0; road < 3; ++road)
    for (bool nchw : {false, true}) {
      // AVX-512, AVX2, portable (where the CPU has them).
      VectorKernel kernel(road == 0, road == 1);
      ConvolutionSpec s = pointwise(1, 1, static_cast<int64_t>(x.size()), 1, 1);
      s.relu = true;
      s.nchwResult = nchw;
      Status status;
      auto conv = PointwiseConvolution::create(s, nullptr, status);
      ASSERT_TRUE(conv) << status.message();
      std::vector<float> w = {1.0f};
      std::vector<float> result(x.size(), -9.0f);
      PointwiseConvolution::Operands operands;
      operands.input = x.data();
      operands.kernel = w.data();
      operands.result = result.data();
      CpuDevice device(1);
      ASSERT_TRUE(conv->run(device, operands).ok());
      for (size_t i = 0; i < x.size(); ++i) {
        if (std::isnan(x[i])) {
          EXPECT_TRUE(std::isnan(result[i])) << "element " << i;
          continue;
        }
        float expected = x[i] > 0 ? x[i] : 0.0f;
        EXPECT_EQ(result[i], expected) << "element " << i;
        EXPECT_FALSE(std::signbit(result[i])) << "element " << i;
      }
    }
}

/// Specs the kernel does not take, and an NCHW result that the runtime's
/// checks refuse for a convolution that is not pointwise.
TEST(PointwiseConvolutionTest, RejectsWhatIsNotPointwise) {
  ConvolutionSpec s = pointwise(1, 4, 4, 3, 5);
  s.kernelHeight = s.kernelWidth = 3;
  s.padding[0] = s.padding[1] = s.padding[2] = s.padding[3] = 1;
  s.nchwResult = true;
  Status status;
  EXPECT_FALSE(PointwiseConvolution::create(s, nullptr, status));
  EXPECT_NE(status.message().find("not 1x1"), std::string::npos)
      << status.message();
  BufferType input{{1, 4, 4, 3}, 4, "f32"}, kernel{{5, 3, 3, 3}, 4, "f32"},
      result{{1, 5, 4, 4}, 4, "f32"};
  status = verifyConvolution(s, input, kernel, nullptr, nullptr, result);
  EXPECT_FALSE(status.ok());
  EXPECT_NE(status.message().find("not pointwise"), std::string::npos)
      << status.message();
  ConvolutionSpec main = pointwise(1, 4, 4, 3, 5);
  main.relu = true;
  ConvolutionSpec shortcut = pointwise(1, 4, 4, 2, 6);
  EXPECT_FALSE(PointwiseConvolution::create(main, &shortcut, status));
  EXPECT_NE(status.message().find("same images and output channels"),
            std::string::npos)
      << status.message();
}

} // namespace
