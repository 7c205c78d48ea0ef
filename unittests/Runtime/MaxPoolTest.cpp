//===- MaxPoolTest.cpp - Max pooling and convolutions that end with it ----===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/runtime/MaxPool.h"
#include "hlox/runtime/Convolution.h"
#include "hlox/runtime/Executable.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

using namespace hlox::runtime;

namespace {

const float kInf = std::numeric_limits<float>::infinity();
const float kNaN = std::numeric_limits<float>::quiet_NaN();

/// StableHLO's maximum, for the reference.
float maximum(float a, float b) {
  if (std::isnan(a) || std::isnan(b))
    return kNaN;
  if (a == b)
    return std::signbit(a) ? b : a;
  return a > b ? a : b;
}

/// The pool of one image by the definition: every padded tap, padding
/// being -inf.
std::vector<float> referencePool(const MaxPoolShape &s,
                                 const std::vector<float> &in) {
  std::vector<float> out(s.outHeight * s.outWidth * s.channels);
  for (int64_t i = 0; i < s.outHeight; ++i)
    for (int64_t j = 0; j < s.outWidth; ++j)
      for (int64_t c = 0; c < s.channels; ++c) {
        float m = -kInf;
        for (int64_t p = 0; p < s.window[0]; ++p)
          for (int64_t q = 0; q < s.window[1]; ++q) {
            int64_t h = i * s.strides[0] - s.padding[0] + p;
            int64_t w = j * s.strides[1] - s.padding[2] + q;
            float x = h < 0 || h >= s.height || w < 0 || w >= s.width
                          ? -kInf
                          : in[(h * s.width + w) * s.channels + c];
            m = maximum(m, x);
          }
        if (s.relu)
          m = maximum(m, 0.0f);
        out[(i * s.outWidth + j) * s.channels + c] = m;
      }
  return out;
}

void expectSame(float got, float want, const std::string &what) {
  if (std::isnan(want)) {
    EXPECT_TRUE(std::isnan(got)) << what;
    return;
  }
  EXPECT_EQ(got, want) << what;
  EXPECT_EQ(std::signbit(got), std::signbit(want)) << what;
}

/// 3x3/2 with padding 1 (ResNet's), 2x2/2 without, 3x3/1 with padding 3 on
/// one side (the first row and column of windows see padding alone, -inf
/// then), 20 channels (a vector and a
/// tail); NaN, infinities and zeros of both signs among the values; both
/// code paths, with and without the ReLU.
TEST(MaxPoolTest, MatchesTheDefinition) {
  struct Window {
    int64_t size, stride, low, high;
  };
  for (Window win :
       {Window{3, 2, 1, 1}, Window{2, 2, 0, 0}, Window{3, 1, 3, 0}})
    for (bool relu : {false, true})
      for (bool vector : {true, false}) {
        setMaxPoolVectorEnabled(vector);
        MaxPoolShape s;
        s.height = 7;
        s.width = 9;
        s.channels = 20;
        s.window[0] = s.window[1] = win.size;
        s.strides[0] = s.strides[1] = win.stride;
        s.padding[0] = s.padding[2] = win.low;
        s.padding[1] = s.padding[3] = win.high;
        s.outHeight =
            (s.height + win.low + win.high - win.size) / win.stride + 1;
        s.outWidth = (s.width + win.low + win.high - win.size) / win.stride + 1;
        s.relu = relu;
        std::vector<float> in(s.height * s.width * s.channels);
        for (size_t i = 0; i < in.size(); ++i)
          in[i] = static_cast<float>((i * 29) % 17) - 12.0f;
        const float specials[] = {kNaN, kInf, -kInf, 0.0f, -0.0f};
        for (size_t i = 0; i < in.size(); i += 37)
          in[i] = specials[(i / 37) % 5];
        // A pixel of negative zeros only.
        for (int64_t c = 0; c < s.channels; ++c)
          in[(3 * s.width + 4) * s.channels + c] = -0.0f;
        std::vector<float> want = referencePool(s, in);
        std::vector<float> got(want.size(), 7.0f);
        maxPoolRows(s, in.data(), got.data(), 0, s.outHeight);
        for (size_t i = 0; i < want.size(); ++i)
          expectSame(got[i], want[i],
                     "window " + std::to_string(win.size) + "/" +
                         std::to_string(win.stride) + (relu ? " relu" : "") +
                         (vector ? " vector" : " portable") + ", element " +
                         std::to_string(i));
      }
  setMaxPoolVectorEnabled(true);
}

BufferType f32(std::vector<int64_t> shape) { return {shape, 4, "f32"}; }

/// A 3x3/2 convolution of 3 channels to 20 with bias, then a 3x3/2 pool
/// with padding 1 and a ReLU, in one Convolution command: three images on
/// one and two threads (a range of images each), one image on two
/// threads (the whole convolution, then the pool by rows), twice each; on
/// 15x15 images (one band of rows) and 255x255 (a 128x128x20 result, 1.3
/// MB: four bands, each pooling the rows whose windows it completes).
TEST(MaxPoolTest, EndsAConvolution) {
  for (int64_t size : {15, 255})
    for (int64_t batch : {3, 1})
      for (unsigned threads : {1u, 2u}) {
        const int64_t conv = (size + 2 - 3) / 2 + 1;
        const int64_t pooledSize = (conv + 2 - 3) / 2 + 1;
        ConvolutionSpec s;
        s.batch = batch;
        s.inChannels = 3;
        s.height = s.width = size;
        s.outChannels = 20;
        s.kernelHeight = s.kernelWidth = 3;
        s.strides[0] = s.strides[1] = 2;
        s.padding[0] = s.padding[1] = s.padding[2] = s.padding[3] = 1;
        s.outHeight = s.outWidth = conv;
        s.nhwc = s.kernelOihw = true;
        s.bias = s.relu = s.pool = true;
        s.poolWindow[0] = s.poolWindow[1] = 3;
        s.poolStrides[0] = s.poolStrides[1] = 2;
        s.poolPadding[0] = s.poolPadding[1] = s.poolPadding[2] =
            s.poolPadding[3] = 1;
        s.poolHeight = s.poolWidth = pooledSize;
        std::vector<int64_t> inShape = {batch, size, size, 3},
                             kernelShape = {20, 3, 3, 3},
                             outShape = {batch, pooledSize, pooledSize, 20};
        HostProgram program;
        Command command;
        command.op = ConvolutionCommand{s, false, {}};
        command.location = "f.mlir:2:8";
        std::vector<BufferType> operands = {f32(inShape), f32(kernelShape),
                                            f32({20})};
        for (size_t i = 0; i < operands.size(); ++i) {
          auto id = static_cast<int64_t>(i);
          program.values.push_back({operands[i], ValueKind::Argument, id, 0});
          program.arguments.push_back(id);
          command.values.push_back(id);
        }
        program.values.push_back({f32(outShape), ValueKind::Result, 0, 0});
        command.values.push_back(3);
        program.commands.push_back(command);
        program.results = {3};
        Status status;
        auto executable = Executable::create(program, nullptr, status);
        ASSERT_TRUE(executable) << status.message();
        std::vector<float> x(batch * size * size * 3), w(20 * 27), b(20);
        for (size_t i = 0; i < x.size(); ++i)
          x[i] = static_cast<float>((i * 7) % 13) * 0.25f - 1.5f;
        for (size_t i = 0; i < w.size(); ++i)
          w[i] = static_cast<float>((i * 5) % 11) * 0.125f - 0.6f;
        for (size_t i = 0; i < b.size(); ++i)
          b[i] = static_cast<float>(i % 5) - 2.0f;
        std::vector<std::shared_ptr<Buffer>> arguments;
        for (auto [shape, values] :
             {std::pair{inShape, &x}, {kernelShape, &w}, {{20}, &b}}) {
          auto buffer = std::make_shared<Buffer>(f32(shape));
          std::memcpy(buffer->data(), values->data(), values->size() * 4);
          arguments.push_back(buffer);
        }
        // The reference: the convolution in double, then the pool.
        MaxPoolShape pool;
        pool.height = pool.width = conv;
        pool.channels = 20;
        pool.window[0] = pool.window[1] = 3;
        pool.strides[0] = pool.strides[1] = 2;
        pool.padding[0] = pool.padding[1] = pool.padding[2] = pool.padding[3] =
            1;
        pool.outHeight = pool.outWidth = pooledSize;
        pool.relu = true;
        std::vector<float> want;
        for (int64_t n = 0; n < batch; ++n) {
          std::vector<float> result(conv * conv * 20);
          for (int64_t i = 0; i < conv; ++i)
            for (int64_t j = 0; j < conv; ++j)
              for (int64_t o = 0; o < 20; ++o) {
                double sum = b[o];
                for (int64_t p = 0; p < 3; ++p)
                  for (int64_t q = 0; q < 3; ++q)
                    for (int64_t c = 0; c < 3; ++c) {
                      int64_t h = 2 * i - 1 + p, v = 2 * j - 1 + q;
                      if (h < 0 || h >= size || v < 0 || v >= size)
                        continue;
                      sum += static_cast<double>(
                                 x[((n * size + h) * size + v) * 3 + c]) *
                             w[((o * 3 + c) * 3 + p) * 3 + q];
                    }
                result[(i * conv + j) * 20 + o] = static_cast<float>(sum);
              }
          std::vector<float> image = referencePool(pool, result);
          want.insert(want.end(), image.begin(), image.end());
        }
        CpuDevice device(threads);
        for (int run = 0; run < 2; ++run) {
          std::vector<std::shared_ptr<Buffer>> results;
          status = executable->execute(device, arguments, results);
          ASSERT_TRUE(status.ok()) << status.message();
          const auto *y = static_cast<const float *>(results[0]->data());
          for (size_t i = 0; i < want.size(); ++i)
            ASSERT_NEAR(y[i], want[i], 1e-4)
                << size << "x" << size << ", batch " << batch << ", " << threads
                << " threads, run " << run << ", element " << i;
        }
      }
}

/// A pool whose size does not follow from its window, and a pool on a
/// convolution with an addend.
TEST(MaxPoolTest, RejectsInconsistentPools) {
  ConvolutionSpec s;
  s.inChannels = 3;
  s.height = s.width = s.outHeight = s.outWidth = 8;
  s.outChannels = 4;
  s.nhwc = s.kernelOihw = true;
  s.pool = true;
  s.poolWindow[0] = s.poolWindow[1] = 2;
  s.poolStrides[0] = s.poolStrides[1] = 2;
  s.poolHeight = 4;
  s.poolWidth = 3;
  BufferType input = f32({1, 8, 8, 3}), kernel = f32({4, 3, 1, 1}),
             result = f32({1, 4, 3, 4});
  Status status = verifyConvolution(s, input, kernel, nullptr, nullptr, result);
  EXPECT_NE(status.message().find("pool's size does not follow"),
            std::string::npos)
      << status.message();
  s.poolWidth = 4;
  s.addend = true;
  BufferType addend = f32({1, 8, 8, 4});
  result = f32({1, 4, 4, 4});
  status = verifyConvolution(s, input, kernel, nullptr, &addend, result);
  EXPECT_NE(status.message().find("pool that is not NHWC or has an addend"),
            std::string::npos)
      << status.message();
}

} // namespace
