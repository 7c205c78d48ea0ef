//===- LibraryCallsTest.cpp - Matmul and Convolution commands -------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/runtime/Executable.h"
#include "hlox/runtime/PointwiseConvolution.h"

#include "hlox/runtime/Builtins.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

using namespace hlox::runtime;

namespace {

BufferType f32(std::vector<int64_t> shape) { return {shape, 4, "f32"}; }

std::shared_ptr<Buffer> filled(std::vector<int64_t> shape,
                               const std::vector<float> &values) {
  auto buffer = std::make_shared<Buffer>(f32(shape));
  std::memcpy(buffer->data(), values.data(), values.size() * sizeof(float));
  return buffer;
}

/// The arguments through one library command into the result.
HostProgram libraryProgram(CommandOp op,
                           const std::vector<BufferType> &operands,
                           BufferType result) {
  HostProgram program;
  Command command;
  command.op = std::move(op);
  command.location = "f.mlir:2:8";
  for (size_t i = 0; i < operands.size(); ++i) {
    auto id = static_cast<int64_t>(i);
    program.values.push_back({operands[i], ValueKind::Argument, id, 0});
    program.arguments.push_back(id);
    command.values.push_back(id);
  }
  int64_t resultId = static_cast<int64_t>(operands.size());
  program.values.push_back({result, ValueKind::Result, 0, 0});
  command.values.push_back(resultId);
  program.commands.push_back(command);
  program.results = {resultId};
  return program;
}

/// Two arguments through one library command into the result.
HostProgram libraryProgram(CommandOp op, BufferType a, BufferType b,
                           BufferType result) {
  return libraryProgram(std::move(op), std::vector<BufferType>{a, b}, result);
}

std::vector<float> iota(int64_t n, float scale) {
  std::vector<float> values(n);
  for (int64_t i = 0; i < n; ++i)
    values[i] = static_cast<float>((i * 7) % 11) * scale - 1;
  return values;
}

/// Every combination of transposes and batches against a plain loop, on
/// one thread and on several: rows split between them (as many matrices as
/// threads), or columns (fewer matrices, few rows: 1x64x200x256 and
/// 2x40x100x200 split into chunks whose last block of 16 columns is
/// partial; 1x5x70x23 is too small to split and runs as one chunk; one
/// matrix of many rows, 1x1600x60x30, by rows, which hlox's kernel
/// computes as a GemmTeam when the rhs is row-major), by oneDNN and by
/// hlox's kernel (where the CPU has AVX-512).
TEST(MatmulTest, AgreesWithLoops) {
  struct Shape {
    int64_t batch, m, n, k;
  };
  for (Shape shape :
       {Shape{3, 37, 29, 23}, Shape{1, 5, 70, 23}, Shape{1, 64, 200, 256},
        Shape{2, 40, 100, 200}, Shape{1, 1600, 60, 30},
        // Rhs rows 2 KiB apart: oneDNN reads a copy of them.
        Shape{1, 96, 512, 80}})
    for (unsigned threads : {1u, 3u})
      for (bool hloxKernel : {false, true})
        for (bool transposeLhs : {false, true})
          for (bool transposeRhs : {false, true}) {
            const int64_t batch = shape.batch, m = shape.m, n = shape.n,
                          k = shape.k;
            std::vector<float> a = iota(batch * m * k, 0.25f);
            std::vector<float> b = iota(batch * k * n, 0.5f);
            HostProgram program = libraryProgram(
                MatmulCommand(),
                f32(transposeLhs ? std::vector<int64_t>{batch, k, m}
                                 : std::vector<int64_t>{batch, m, k}),
                f32(transposeRhs ? std::vector<int64_t>{batch, n, k}
                                 : std::vector<int64_t>{batch, k, n}),
                f32({batch, m, n}));
            program.commands[0].get<MatmulCommand>().spec = {
                batch, m, n, k, transposeLhs, transposeRhs, hloxKernel};
            Status status;
            auto executable = Executable::create(program, nullptr, status);
            ASSERT_TRUE(executable) << status.message();
            CpuDevice device(threads);
            std::vector<std::shared_ptr<Buffer>> results;
            status =
                executable->execute(device,
                                    {filled(program.values[0].type.shape, a),
                                     filled(program.values[1].type.shape, b)},
                                    results);
            ASSERT_TRUE(status.ok()) << status.message();
            const auto *c = static_cast<const float *>(results[0]->data());
            for (int64_t p = 0; p < batch; ++p)
              for (int64_t i = 0; i < m; ++i)
                for (int64_t j = 0; j < n; ++j) {
                  double sum = 0, magnitude = 0;
                  for (int64_t l = 0; l < k; ++l) {
                    float x = transposeLhs ? a[(p * k + l) * m + i]
                                           : a[(p * m + i) * k + l];
                    float y = transposeRhs ? b[(p * n + j) * k + l]
                                           : b[(p * k + l) * n + j];
                    sum += static_cast<double>(x) * y;
                    magnitude += std::abs(static_cast<double>(x) * y);
                  }
                  ASSERT_NEAR(c[(p * m + i) * n + j], sum,
                              1e-3 + 1e-6 * magnitude)
                      << "at " << p << "," << i << "," << j << " transposes "
                      << transposeLhs << transposeRhs << " threads " << threads
                      << (hloxKernel ? " hlox kernel" : "") << " shape "
                      << batch << "x" << m << "x" << n << "x" << k;
                }
          }
}

TEST(MatmulTest, RejectsSizesThatDoNotFitItsValues) {
  HostProgram program =
      libraryProgram(MatmulCommand(), f32({4, 5}), f32({5, 6}), f32({4, 6}));
  program.commands[0].get<MatmulCommand>().spec = {1, 4, 6, 6, false, false};
  Status status;
  EXPECT_FALSE(Executable::create(program, nullptr, status));
  EXPECT_NE(status.message().find("matmul of 1 x 4x6 by 6x6"),
            std::string::npos)
      << status.message();
  BufferType f64 = {{4, 5}, 8, "f64"};
  program = libraryProgram(MatmulCommand(), f64, f32({5, 6}), f32({4, 6}));
  program.commands[0].get<MatmulCommand>().spec = {1, 4, 6, 5, false, false};
  EXPECT_FALSE(Executable::create(program, nullptr, status));
  EXPECT_NE(status.message().find("matmul of 4x5xf64: expected f32 operands"),
            std::string::npos)
      << status.message();
  // A bias the spec names must be there, n elements of the result's type.
  program =
      libraryProgram(MatmulCommand(), f32({4, 5}), f32({5, 6}), f32({4, 6}));
  program.commands[0].get<MatmulCommand>().spec = {1, 4, 6, 5, false, false};
  program.commands[0].get<MatmulCommand>().spec.bias = true;
  EXPECT_FALSE(Executable::create(program, nullptr, status));
  EXPECT_NE(status.message().find("library call without its two operands, 1 "
                                  "epilogue operands and result"),
            std::string::npos)
      << status.message();
  // bf16 products and the library's epilogue are a GPU device's.
  BufferType bf16a = {{4, 5}, 2, "bf16"}, bf16b = {{5, 6}, 2, "bf16"};
  program = libraryProgram(MatmulCommand(), bf16a, bf16b, f32({4, 6}));
  program.commands[0].get<MatmulCommand>().spec = {1, 4, 6, 5, false, false};
  program.commands[0].get<MatmulCommand>().spec.operandElement =
      MatmulElement::BF16;
  EXPECT_FALSE(Executable::create(program, nullptr, status));
  EXPECT_NE(
      status.message().find("a bf16 or f16 product or one with the library's "
                            "epilogue (bias, addend, ReLU, GELU) is a GPU "
                            "device's"),
      std::string::npos)
      << status.message();
}

/// The shape of a convolution's input, kernel or result as `spec` lays
/// them out.
std::vector<int64_t> inputShape(const ConvolutionSpec &s) {
  return s.nhwc
             ? std::vector<int64_t>{s.batch, s.height, s.width, s.inChannels}
             : std::vector<int64_t>{s.batch, s.inChannels, s.height, s.width};
}
std::vector<int64_t> kernelShape(const ConvolutionSpec &s) {
  int64_t inPerGroup = s.inChannels / s.groups;
  return s.nhwc && !s.kernelOihw
             ? std::vector<int64_t>{s.kernelHeight, s.kernelWidth, inPerGroup,
                                    s.outChannels}
             : std::vector<int64_t>{s.outChannels, inPerGroup, s.kernelHeight,
                                    s.kernelWidth};
}
std::vector<int64_t> resultShape(const ConvolutionSpec &s) {
  return s.nhwc ? std::vector<int64_t>{s.batch, s.outHeight, s.outWidth,
                                       s.outChannels}
                : std::vector<int64_t>{s.batch, s.outChannels, s.outHeight,
                                       s.outWidth};
}

int64_t getNumElements(const std::vector<int64_t> &shape) {
  int64_t count = 1;
  for (int64_t size : shape)
    count *= size;
  return count;
}

/// A plain loop's convolution of `x` by `w` (+ `bias` when the spec has
/// one), in the result's layout: NCHW/OIHW or NHWC/HWIO (OIHW with
/// kernelOihw), any groups; the addend is left to the caller.
std::vector<double> referenceConvolution(const ConvolutionSpec &s,
                                         const std::vector<float> &x,
                                         const std::vector<float> &w,
                                         const std::vector<float> &bias) {
  std::vector<double> y(getNumElements(resultShape(s)));
  int64_t inPerGroup = s.inChannels / s.groups;
  int64_t outPerGroup = s.outChannels / s.groups;
  bool hwio = s.nhwc && !s.kernelOihw;
  auto input = [&](int64_t n, int64_t c, int64_t h, int64_t v) {
    return s.nhwc ? x[((n * s.height + h) * s.width + v) * s.inChannels + c]
                  : x[((n * s.inChannels + c) * s.height + h) * s.width + v];
  };
  auto kernel = [&](int64_t o, int64_t c, int64_t p, int64_t q) {
    return hwio
               ? w[((p * s.kernelWidth + q) * inPerGroup + c) * s.outChannels +
                   o]
               : w[((o * inPerGroup + c) * s.kernelHeight + p) * s.kernelWidth +
                   q];
  };
  for (int64_t n = 0; n < s.batch; ++n)
    for (int64_t o = 0; o < s.outChannels; ++o)
      for (int64_t i = 0; i < s.outHeight; ++i)
        for (int64_t j = 0; j < s.outWidth; ++j) {
          double sum = s.bias ? bias[o] : 0.0;
          int64_t group = o / outPerGroup;
          for (int64_t c = 0; c < inPerGroup; ++c)
            for (int64_t p = 0; p < s.kernelHeight; ++p)
              for (int64_t q = 0; q < s.kernelWidth; ++q) {
                int64_t h =
                    i * s.strides[0] + p * s.dilations[0] - s.padding[0];
                int64_t v =
                    j * s.strides[1] + q * s.dilations[1] - s.padding[2];
                if (h < 0 || h >= s.height || v < 0 || v >= s.width)
                  continue;
                sum += static_cast<double>(
                           input(n, group * inPerGroup + c, h, v)) *
                       kernel(o, c, p, q);
              }
          int64_t at =
              s.nhwc
                  ? ((n * s.outHeight + i) * s.outWidth + j) * s.outChannels + o
                  : ((n * s.outChannels + o) * s.outHeight + i) * s.outWidth +
                        j;
          y[at] = sum;
        }
  return y;
}

/// Runs `spec` on `threads` threads and checks it against a plain loop:
/// NCHW/OIHW or NHWC/HWIO, any groups, with the spec's epilogue.
/// An executable of one Convolution command of `s` on its input, kernel,
/// bias and addend (those the spec has) into its result.
std::unique_ptr<Executable> convolutionExecutable(const ConvolutionSpec &s,
                                                  Status &status) {
  std::vector<BufferType> operands = {f32(inputShape(s)), f32(kernelShape(s))};
  if (s.bias)
    operands.push_back(f32({s.outChannels}));
  if (s.addend)
    operands.push_back(f32(resultShape(s)));
  HostProgram program =
      libraryProgram(ConvolutionCommand(), operands, f32(resultShape(s)));
  program.commands[0].get<ConvolutionCommand>().spec = s;
  return Executable::create(program, nullptr, status);
}

void checkConvolution(const ConvolutionSpec &s, unsigned threads,
                      const std::string &what) {
  Status status;
  auto executable = convolutionExecutable(s, status);
  ASSERT_TRUE(executable) << what << ": " << status.message();
  std::vector<float> x = iota(getNumElements(inputShape(s)), 0.25f);
  std::vector<float> w = iota(getNumElements(kernelShape(s)), 0.5f);
  std::vector<float> bias = iota(s.outChannels, 3.0f);
  std::vector<float> addend = iota(getNumElements(resultShape(s)), 0.75f);
  std::vector<std::shared_ptr<Buffer>> arguments = {filled(inputShape(s), x),
                                                    filled(kernelShape(s), w)};
  if (s.bias)
    arguments.push_back(filled({s.outChannels}, bias));
  if (s.addend)
    arguments.push_back(filled(resultShape(s), addend));
  CpuDevice device(threads);
  std::vector<std::shared_ptr<Buffer>> results;
  auto check = [&](const std::string &when) {
    status = executable->execute(device, arguments, results);
    ASSERT_TRUE(status.ok()) << what << ", " << when << ": "
                             << status.message();
    const auto *y = static_cast<const float *>(results[0]->data());
    std::vector<double> expected = referenceConvolution(s, x, w, bias);
    for (size_t at = 0; at < expected.size(); ++at)
      ASSERT_NEAR(y[at], expected[at] + (s.addend ? addend[at] : 0.0), 1e-3)
          << what << ", " << when << ", element " << at;
  };
  check("first run");
  // The second run reuses the primitives (and blocked weights) the first
  // made.
  check("second run");
  // Weights changed in place, then the same weights in another buffer:
  // a blocked copy kept from an earlier run must not be used for the
  // first.
  w = iota(w.size(), -0.375f);
  std::memcpy(arguments[1]->data(), w.data(), w.size() * sizeof(float));
  check("weights changed in place");
  arguments[1] = filled(kernelShape(s), w);
  check("the same weights in another buffer");
}

/// A strided, padded, dilated convolution (4 input channels, 3x2 window,
/// stride 2 by 1, dilation 1 by 2, padding 1/0 and 1/2).
ConvolutionSpec windowedSpec(int64_t batch, int64_t outChannels) {
  ConvolutionSpec spec;
  spec.batch = batch;
  spec.inChannels = 4;
  spec.height = 9;
  spec.width = 8;
  spec.outChannels = outChannels;
  spec.kernelHeight = 3;
  spec.kernelWidth = 2;
  spec.strides[0] = 2;
  spec.dilations[1] = 2;
  spec.padding[0] = 1;
  spec.padding[1] = 0;
  spec.padding[2] = 1;
  spec.padding[3] = 2;
  // (9 + 1 - 3) / 2 + 1 and (8 + 3 - 3) / 1 + 1.
  spec.outHeight = 4;
  spec.outWidth = 9;
  return spec;
}

/// bf16 operands: the convolution computes in f32 and rounds each result
/// element to bf16 once, to nearest even, whether oneDNN has bf16 kernels
/// on this CPU or (without AVX-512) the runtime widens the operands to f32
/// and narrows the result. The values are exact in bf16 and their sums in
/// f32 (multiples of 1/4 below 2^10), so the expected result is the exact
/// sum rounded once: compared bit for bit. NHWC with OIHW kernels (as
/// torch-mlir exports them), windowed, 1x1 and depthwise, on one thread and
/// split over two.
/// One image of `height` x `width` by a 3x3 window with `stride` and a
/// padding of 1 on every side, `in` to `out` channels in `groups` groups.
ConvolutionSpec paddedSpec3x3(int64_t in, int64_t out, int64_t groups,
                              int64_t height, int64_t width, int64_t stride) {
  ConvolutionSpec spec;
  spec.inChannels = in;
  spec.outChannels = out;
  spec.groups = groups;
  spec.height = height;
  spec.width = width;
  spec.kernelHeight = spec.kernelWidth = 3;
  spec.strides[0] = spec.strides[1] = stride;
  for (int64_t &pad : spec.padding)
    pad = 1;
  spec.outHeight = (height - 1) / stride + 1;
  spec.outWidth = (width - 1) / stride + 1;
  return spec;
}

TEST(ConvolutionTest, Bf16RoundsTheF32ResultOnce) {
  auto toBf16 = [](float value) {
    uint32_t bits;
    std::memcpy(&bits, &value, 4);
    return truncateF32ToBf16(bits);
  };
  auto bf16Buffer = [&](const std::vector<int64_t> &shape,
                        const std::vector<float> &values) {
    auto buffer = std::make_shared<Buffer>(BufferType{shape, 2, "bf16"});
    auto *data = static_cast<uint16_t *>(buffer->data());
    for (size_t i = 0; i < values.size(); ++i)
      data[i] = toBf16(values[i]);
    return buffer;
  };
  // Variants 3 and 4 are larger images, split by rows on two threads: a
  // strided depthwise one and a padded 3x3 one, whose slices read rows of
  // the neighbouring slice and padding.
  for (int variant = 0; variant < 5; ++variant)
    for (unsigned threads : {1u, 2u}) {
      ConvolutionSpec spec = windowedSpec(1, 40);
      if (variant == 1) { // 1x1, stride 1, no padding
        spec = ConvolutionSpec();
        spec.inChannels = 24;
        spec.height = spec.width = spec.outHeight = spec.outWidth = 6;
        spec.outChannels = 40;
      } else if (variant == 2) { // depthwise 3x3
        spec = paddedSpec3x3(32, 32, 32, 7, 7, 1);
      } else if (variant == 3) { // depthwise 3x3/2, 60x58 to 30x29
        spec = paddedSpec3x3(48, 48, 48, 60, 58, 2);
      } else if (variant == 4) { // 3x3, 8 to 16 channels of 96x64
        spec = paddedSpec3x3(8, 16, 1, 96, 64, 1);
      }
      spec.nhwc = true;
      spec.kernelOihw = true;
      spec.bf16 = true;
      std::string what = "variant " + std::to_string(variant) + " on " +
                         std::to_string(threads) + " threads";
      std::vector<float> x(getNumElements(inputShape(spec)));
      std::vector<float> w(getNumElements(kernelShape(spec)));
      for (size_t i = 0; i < x.size(); ++i)
        x[i] = float(int64_t(i * 7 % 13) - 6);
      for (size_t i = 0; i < w.size(); ++i)
        w[i] = float(int64_t(i * 3 % 11) - 5) * 1.25f;
      BufferType result{resultShape(spec), 2, "bf16"};
      HostProgram program = libraryProgram(
          ConvolutionCommand(),
          std::vector<BufferType>{{inputShape(spec), 2, "bf16"},
                                  {kernelShape(spec), 2, "bf16"}},
          result);
      program.commands[0].get<ConvolutionCommand>().spec = spec;
      Status status;
      auto executable = Executable::create(program, nullptr, status);
      ASSERT_TRUE(executable) << what << ": " << status.message();
      CpuDevice device(threads);
      std::vector<std::shared_ptr<Buffer>> results;
      for (int run = 0; run < 2; ++run) {
        status = executable->execute(
            device,
            {bf16Buffer(inputShape(spec), x), bf16Buffer(kernelShape(spec), w)},
            results);
        ASSERT_TRUE(status.ok()) << what << ": " << status.message();
        std::vector<double> expected = referenceConvolution(spec, x, w, {});
        const auto *y = static_cast<const uint16_t *>(results[0]->data());
        for (size_t at = 0; at < expected.size(); ++at)
          ASSERT_EQ(y[at], toBf16(float(expected[at])))
              << what << ", run " << run << ", element " << at << ": "
              << expected[at];
      }
    }
}

/// NCHW, alone and with each epilogue (bias, addend, both), on one thread
/// and with the images split over three.
TEST(ConvolutionTest, AgreesWithLoops) {
  for (int epilogue = 0; epilogue < 8; ++epilogue) {
    ConvolutionSpec spec = windowedSpec(4, 6);
    spec.bias = epilogue & 1;
    spec.addend = epilogue & 2;
    checkConvolution(spec, epilogue < 4 ? 1 : 3,
                     "epilogue " + std::to_string(epilogue));
  }
}

/// One image over several threads: NCHW split by output channels (at
/// blocks of 16 when there are enough, unevenly otherwise) or by groups
/// (depthwise with a channel multiplier of 2, grouped), NHWC by output
/// rows with each slice's share of the padding; and what does not split
/// (fewer channels or rows than threads, a slice of padding alone, two
/// images on three threads) on oneDNN's own threads.
TEST(ConvolutionTest, SplitsOneImageOverThreads) {
  for (bool nhwc : {false, true})
    for (int64_t outChannels : {2, 7, 40, 96}) {
      ConvolutionSpec spec = windowedSpec(1, outChannels);
      spec.nhwc = nhwc;
      // Padding at the bottom too: (9 + 1 + 2 - 3) / 2 + 1 rows.
      spec.padding[1] = 2;
      spec.outHeight = 5;
      spec.bias = outChannels != 40;
      spec.addend = outChannels != 96;
      for (unsigned threads : {2u, 3u})
        checkConvolution(spec, threads,
                         std::string(nhwc ? "NHWC" : "NCHW") + " " +
                             std::to_string(outChannels) + " channels, " +
                             std::to_string(threads) + " threads");
    }
  for (int layout = 0; layout < 3; ++layout)
    for (int64_t groups : {4, 2}) {
      ConvolutionSpec spec = windowedSpec(1, 8);
      spec.nhwc = layout > 0;
      spec.kernelOihw = layout == 2;
      spec.groups = groups;
      spec.bias = true;
      checkConvolution(spec, 3,
                       std::string(layout == 0   ? "NCHW"
                                   : layout == 1 ? "NHWC"
                                                 : "NHWC/OIHW") +
                           " " + std::to_string(groups) + " groups");
    }
  // The 2 rows of input, padded by 3 on each side, give 8 output rows of
  // a 1x1 window: the first three and last three read padding alone.
  ConvolutionSpec padded;
  padded.height = 2;
  padded.width = 3;
  padded.inChannels = 2;
  padded.outChannels = 3;
  padded.padding[0] = 3;
  padded.padding[1] = 3;
  padded.outHeight = 8;
  padded.outWidth = 3;
  padded.nhwc = true;
  checkConvolution(padded, 3, "NHWC, padding alone");
  ConvolutionSpec two = windowedSpec(2, 6);
  checkConvolution(two, 3, "two images on three threads");
}

/// One NHWC image whose OIHW kernel outweighs its input (as a network's
/// deep layers at batch 1): split by output channels, each slice writing
/// its channels of every pixel through a strided result, at blocks of 16
/// (96 on three threads) or unevenly (40 on two: 16 and 24); with an
/// addend it splits by rows instead.
TEST(ConvolutionTest, SplitsDeepLayersByChannels) {
  for (int64_t outChannels : {40, 96})
    for (bool addend : {false, true}) {
      ConvolutionSpec spec;
      spec.inChannels = 16;
      spec.height = spec.width = 4;
      spec.outHeight = spec.outWidth = 4;
      spec.kernelHeight = spec.kernelWidth = 3;
      spec.padding[0] = spec.padding[1] = spec.padding[2] = spec.padding[3] = 1;
      spec.outChannels = outChannels;
      spec.nhwc = true;
      spec.kernelOihw = true;
      spec.bias = true;
      spec.addend = addend;
      unsigned threads = outChannels == 96 ? 3 : 2;
      checkConvolution(spec, threads,
                       std::to_string(outChannels) + " channels on " +
                           std::to_string(threads) + " threads" +
                           (addend ? ", with an addend" : ""));
    }
}

/// Enough channels for oneDNN's blocked weights, which are kept between
/// runs while the weights stay the same: checkConvolution changes them in
/// place and moves them to another buffer. One image on one thread and
/// split over two (each slice keeps its own), and a batch over two.
TEST(ConvolutionTest, ReordersWeightsOnlyWhenTheyChange) {
  ConvolutionSpec spec;
  spec.inChannels = 32;
  spec.outChannels = 48;
  spec.height = spec.width = 8;
  spec.kernelHeight = spec.kernelWidth = 3;
  spec.padding[0] = spec.padding[1] = spec.padding[2] = spec.padding[3] = 1;
  spec.outHeight = spec.outWidth = 8;
  for (unsigned threads : {1u, 2u})
    checkConvolution(spec, threads,
                     "one image on " + std::to_string(threads) + " threads");
  spec.batch = 2;
  spec.bias = true;
  checkConvolution(spec, 2, "two images with a bias");
  spec.nhwc = spec.kernelOihw = true;
  checkConvolution(spec, 2, "NHWC activations with an OIHW kernel");
}

/// An immutable kernel buffer is not compared again once its blocked
/// copy is made: writing it anyway (breaking the promise) leaves the
/// results on the old weights, which shows that the runtime relies on it,
/// while another immutable buffer, or a mutable one changed in place, gets
/// the new weights. A donated immutable buffer is an error. With oneDNN's
/// blocked layouts (3x3) and with hlox's pointwise kernel (1x1 NHWC).
TEST(ConvolutionTest, KeepsTheBlockedCopyOfAnImmutableKernel) {
  for (bool pointwise : {false, true}) {
    ConvolutionSpec s;
    s.inChannels = 32;
    s.outChannels = 64;
    s.height = s.width = s.outHeight = s.outWidth = 8;
    s.nhwc = s.kernelOihw = true;
    if (!pointwise) {
      s.kernelHeight = s.kernelWidth = 3;
      s.padding[0] = s.padding[1] = s.padding[2] = s.padding[3] = 1;
    }
    // hlox's kernel takes a 1x1 convolution with a ReLU.
    s.relu = pointwise;
    ASSERT_EQ(usesPointwiseKernel(s), pointwise);
    std::string what = pointwise ? "1x1" : "3x3";
    Status status;
    auto executable = convolutionExecutable(s, status);
    ASSERT_TRUE(executable) << what << ": " << status.message();
    std::vector<float> x = iota(getNumElements(inputShape(s)), 0.25f);
    std::vector<float> a = iota(getNumElements(kernelShape(s)), 0.5f);
    std::vector<float> b = iota(a.size(), -0.375f);
    std::vector<double> onA = referenceConvolution(s, x, a, {});
    std::vector<double> onB = referenceConvolution(s, x, b, {});
    if (s.relu)
      for (std::vector<double> *values : {&onA, &onB})
        for (double &value : *values)
          value = std::max(value, 0.0);
    CpuDevice device(2);
    auto run = [&](std::shared_ptr<Buffer> kernel,
                   const std::vector<double> &expected,
                   const std::string &when) {
      std::vector<std::shared_ptr<Buffer>> results;
      status = executable->execute(
          device, {filled(inputShape(s), x), std::move(kernel)}, results);
      ASSERT_TRUE(status.ok())
          << what << ", " << when << ": " << status.message();
      const auto *y = static_cast<const float *>(results[0]->data());
      for (size_t at = 0; at < expected.size(); ++at)
        ASSERT_NEAR(y[at], expected[at], 1e-3)
            << what << ", " << when << ", element " << at;
    };
    std::shared_ptr<Buffer> immutable = filled(kernelShape(s), a);
    immutable->setImmutable();
    run(immutable, onA, "an immutable kernel");
    std::memcpy(immutable->data(), b.data(), b.size() * sizeof(float));
    run(immutable, onA, "the immutable kernel written anyway");
    std::shared_ptr<Buffer> other = filled(kernelShape(s), b);
    other->setImmutable();
    run(other, onB, "another immutable kernel");
    std::shared_ptr<Buffer> mutableKernel = filled(kernelShape(s), a);
    run(mutableKernel, onA, "a mutable kernel");
    std::memcpy(mutableKernel->data(), b.data(), b.size() * sizeof(float));
    run(mutableKernel, onB, "the mutable kernel changed in place");
    std::vector<std::shared_ptr<Buffer>> results;
    status = executable->execute(device, {filled(inputShape(s), x), other},
                                 results, {}, nullptr, {false, true});
    ASSERT_FALSE(status.ok()) << what;
    EXPECT_EQ(status.message(), "argument 1 is donated but immutable");
  }
}

/// An epilogue operand the spec does not describe, or of the wrong size.
TEST(ConvolutionTest, RejectsInconsistentEpilogues) {
  ConvolutionSpec spec;
  spec.height = spec.width = spec.outHeight = spec.outWidth = 4;
  spec.outChannels = 2;
  spec.bias = true;
  HostProgram program = libraryProgram(ConvolutionCommand(), f32({1, 1, 4, 4}),
                                       f32({2, 1, 1, 1}), f32({1, 2, 4, 4}));
  program.commands[0].get<ConvolutionCommand>().spec = spec;
  Status status;
  EXPECT_FALSE(Executable::create(program, nullptr, status));
  EXPECT_NE(status.message().find("epilogue operands"), std::string::npos)
      << status.message();
  program = libraryProgram(
      ConvolutionCommand(),
      std::vector<BufferType>{f32({1, 1, 4, 4}), f32({2, 1, 1, 1}), f32({3})},
      f32({1, 2, 4, 4}));
  program.commands[0].get<ConvolutionCommand>().spec = spec;
  EXPECT_FALSE(Executable::create(program, nullptr, status));
  EXPECT_NE(status.message().find("convolution bias of"), std::string::npos)
      << status.message();
}

TEST(ConvolutionTest, RejectsInconsistentSpecs) {
  ConvolutionSpec spec;
  spec.height = spec.width = 5;
  spec.kernelHeight = spec.kernelWidth = 3;
  spec.outHeight = spec.outWidth = 4; // 3 with no padding
  HostProgram program = libraryProgram(ConvolutionCommand(), f32({1, 1, 5, 5}),
                                       f32({1, 1, 3, 3}), f32({1, 1, 4, 4}));
  program.commands[0].get<ConvolutionCommand>().spec = spec;
  Status status;
  EXPECT_FALSE(Executable::create(program, nullptr, status));
  EXPECT_NE(status.message().find("does not follow from its window"),
            std::string::npos)
      << status.message();
}

/// A 1x1 convolution of 5 channels of 7x8 to 12, and its shortcut: 3x3,
/// stride 2, padding 1 from 4 channels of 13x15 to the same 12 of 7x8.
std::pair<ConvolutionSpec, ConvolutionSpec> shortcutSpecs(int64_t batch,
                                                          bool nhwc) {
  ConvolutionSpec main;
  main.batch = batch;
  main.inChannels = 5;
  main.height = main.outHeight = 7;
  main.width = main.outWidth = 8;
  main.outChannels = 12;
  main.nhwc = nhwc;
  // 13x15 to 7x8.
  ConvolutionSpec shortcut = paddedSpec3x3(4, 12, 1, 13, 15, 2);
  shortcut.batch = batch;
  shortcut.nhwc = nhwc;
  return {main, shortcut};
}

/// A convolution that adds its shortcut's result: image by image where the
/// images go round the threads (four on one, two and three threads), the
/// shortcut first where they do not (one image on two threads); with and
/// without biases, NCHW and NHWC (with an OIHW kernel), twice each.
TEST(ConvolutionTest, AddsItsShortcut) {
  for (int64_t batch : {4, 1})
    for (int layout = 0; layout < 2; ++layout)
      for (bool biases : {false, true})
        for (unsigned threads : {1u, 2u, 3u}) {
          auto [main, shortcut] = shortcutSpecs(batch, layout == 1);
          main.kernelOihw = layout == 1;
          main.bias = shortcut.bias = biases;
          std::string what = "batch " + std::to_string(batch) +
                             (layout ? " NHWC" : " NCHW") +
                             (biases ? " with biases, " : ", ") +
                             std::to_string(threads) + " threads";
          std::vector<BufferType> operands = {f32(inputShape(main)),
                                              f32(kernelShape(main))};
          if (biases)
            operands.push_back(f32({main.outChannels}));
          operands.push_back(f32(inputShape(shortcut)));
          operands.push_back(f32(kernelShape(shortcut)));
          if (biases)
            operands.push_back(f32({shortcut.outChannels}));
          HostProgram program = libraryProgram(ConvolutionCommand(), operands,
                                               f32(resultShape(main)));
          program.commands[0].get<ConvolutionCommand>().spec = main;
          program.commands[0].get<ConvolutionCommand>().hasShortcut = true;
          program.commands[0].get<ConvolutionCommand>().shortcut = shortcut;
          Status status;
          auto executable = Executable::create(program, nullptr, status);
          ASSERT_TRUE(executable) << what << ": " << status.message();
          std::vector<float> x = iota(getNumElements(inputShape(main)), 0.25f);
          std::vector<float> w = iota(getNumElements(kernelShape(main)), 0.5f);
          std::vector<float> b = iota(main.outChannels, 3.0f);
          std::vector<float> sx =
              iota(getNumElements(inputShape(shortcut)), 0.375f);
          std::vector<float> sw =
              iota(getNumElements(kernelShape(shortcut)), -0.25f);
          std::vector<float> sb = iota(shortcut.outChannels, 1.5f);
          std::vector<std::shared_ptr<Buffer>> arguments = {
              filled(inputShape(main), x), filled(kernelShape(main), w)};
          if (biases)
            arguments.push_back(filled({main.outChannels}, b));
          arguments.push_back(filled(inputShape(shortcut), sx));
          arguments.push_back(filled(kernelShape(shortcut), sw));
          if (biases)
            arguments.push_back(filled({shortcut.outChannels}, sb));
          std::vector<double> expected = referenceConvolution(main, x, w, b);
          std::vector<double> added =
              referenceConvolution(shortcut, sx, sw, sb);
          CpuDevice device(threads);
          for (int run = 0; run < 2; ++run) {
            std::vector<std::shared_ptr<Buffer>> results;
            status = executable->execute(device, arguments, results);
            ASSERT_TRUE(status.ok()) << what << ": " << status.message();
            const auto *y = static_cast<const float *>(results[0]->data());
            for (size_t i = 0; i < expected.size(); ++i)
              ASSERT_NEAR(y[i], expected[i] + added[i], 1e-3)
                  << what << ", run " << run << ", element " << i;
          }
        }
}

/// A shortcut whose result is not shaped like the convolution's, one with
/// an addend besides, and operands that do not fit the shortcut.
TEST(ConvolutionTest, RejectsInconsistentShortcuts) {
  auto [main, shortcut] = shortcutSpecs(2, false);
  std::vector<BufferType> operands = {
      f32(inputShape(main)), f32(kernelShape(main)), f32(inputShape(shortcut)),
      f32(kernelShape(shortcut))};
  HostProgram program =
      libraryProgram(ConvolutionCommand(), operands, f32(resultShape(main)));
  program.commands[0].get<ConvolutionCommand>().spec = main;
  program.commands[0].get<ConvolutionCommand>().hasShortcut = true;
  program.commands[0].get<ConvolutionCommand>().shortcut = shortcut;
  program.commands[0].get<ConvolutionCommand>().shortcut.outWidth = 7;
  Status status;
  EXPECT_FALSE(Executable::create(program, nullptr, status));
  EXPECT_NE(status.message().find("not shaped like its own"), std::string::npos)
      << status.message();
  program.commands[0].get<ConvolutionCommand>().shortcut = shortcut;
  program.commands[0].get<ConvolutionCommand>().shortcut.addend = true;
  EXPECT_FALSE(Executable::create(program, nullptr, status));
  EXPECT_NE(status.message().find("shortcut with an addend"), std::string::npos)
      << status.message();
  program.commands[0].get<ConvolutionCommand>().shortcut = shortcut;
  program.commands[0].get<ConvolutionCommand>().shortcut.inChannels = 3;
  EXPECT_FALSE(Executable::create(program, nullptr, status));
  EXPECT_NE(status.message().find("shortcut: convolution input of"),
            std::string::npos)
      << status.message();
}

} // namespace
