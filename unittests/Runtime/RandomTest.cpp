//===- RandomTest.cpp - Rng commands of host programs ---------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Rng commands draw, in program order, from one 64-bit Mersenne Twister
// per run seeded with 0: the numbers below are that engine's, drawn here
// the way Random.h describes.
//
//===----------------------------------------------------------------------===//

#include "hlox/runtime/Executable.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>
#include <vector>

using namespace hlox::runtime;

namespace {

/// Two constants a, b of `type` (one element each) and an rng command of
/// them into a result of `count` elements.
struct RngProgram {
  HostProgram program;
  void addRng(BufferType element, const void *a, const void *b, int64_t count,
              RngSpec spec) {
    auto add = [&](ValueInfo value) {
      program.values.push_back(value);
      return static_cast<int64_t>(program.values.size() - 1);
    };
    int64_t bytes = element.elementBytes;
    BufferType scalar{{}, bytes, element.elementName};
    BufferType result{{count}, bytes, element.elementName};
    std::vector<int64_t> ids;
    for (const void *param : {a, b}) {
      const auto *p = static_cast<const uint8_t *>(param);
      program.constants.emplace_back(p, p + bytes);
      ids.push_back(add({scalar, ValueKind::Constant,
                         static_cast<int64_t>(program.constants.size() - 1),
                         0}));
    }
    ids.push_back(add({result, ValueKind::Result,
                       static_cast<int64_t>(program.results.size()), 0}));
    program.results.push_back(ids.back());
    program.commands.push_back(Command(RngCommand{spec}, ids));
  }
};

std::vector<std::shared_ptr<Buffer>> run(const HostProgram &program,
                                         int runs = 1) {
  Status status;
  auto executable = Executable::create(program, nullptr, status);
  EXPECT_TRUE(executable) << status.message();
  if (!executable)
    return {};
  CpuDevice device(1);
  std::vector<std::shared_ptr<Buffer>> results;
  for (int i = 0; i < runs; ++i) {
    status = executable->execute(device, {}, results);
    EXPECT_TRUE(status.ok()) << status.message();
  }
  return results;
}

template <typename T> std::vector<T> contents(const Buffer &buffer) {
  std::vector<T> values(buffer.getType().getNumElements());
  std::memcpy(values.data(), buffer.data(), buffer.getByteSize());
  return values;
}

TEST(RandomTest, CommandsShareTheRunsEngine) {
  RngProgram p;
  int32_t ia = -5, ib = 100;
  float fa = -1, fb = 2;
  double na = 1, nb = 3;
  p.addRng({{}, 4, "i32"}, &ia, &ib, 4, {RngDistribution::Uniform,
                                        RngElement::Signed});
  p.addRng({{}, 4, "f32"}, &fa, &fb, 3, {RngDistribution::Uniform,
                                        RngElement::F32});
  p.addRng({{}, 8, "f64"}, &na, &nb, 3, {RngDistribution::Normal,
                                        RngElement::F64});
  std::mt19937_64 engine(0);
  std::vector<int32_t> ints;
  for (int i = 0; i < 4; ++i)
    ints.push_back(static_cast<int32_t>(static_cast<uint64_t>(-5) +
                                        engine() % 105));
  std::vector<float> floats;
  for (int i = 0; i < 3; ++i)
    floats.push_back(static_cast<float>(
        std::uniform_real_distribution<double>(-1, 2)(engine)));
  std::vector<double> normals;
  for (int i = 0; i < 3; ++i)
    normals.push_back(std::normal_distribution<double>(1, 3)(engine));
  // A second run starts from a fresh engine.
  for (int runs : {1, 2}) {
    std::vector<std::shared_ptr<Buffer>> results = run(p.program, runs);
    ASSERT_EQ(results.size(), 3u);
    EXPECT_EQ(contents<int32_t>(*results[0]), ints);
    EXPECT_EQ(contents<float>(*results[1]), floats);
    EXPECT_EQ(contents<double>(*results[2]), normals);
  }
}

TEST(RandomTest, DegenerateParametersDrawNothing) {
  RngProgram p;
  uint8_t ua = 200, ub = 10;
  double na = 1, nb = 0;
  uint8_t t = 1;
  uint16_t ha = 0x3C00, hb = 0x3C00; // f16 1.0, 1.0
  uint64_t la = 3, lb = 1ull << 63;  // a span past INT64_MAX
  p.addRng({{}, 1, "ui8"}, &ua, &ub, 3, {RngDistribution::Uniform,
                                        RngElement::Unsigned});
  p.addRng({{}, 8, "f64"}, &na, &nb, 2, {RngDistribution::Normal,
                                        RngElement::F64});
  p.addRng({{}, 1, "i1"}, &t, &t, 2, {RngDistribution::Uniform,
                                     RngElement::Bool});
  p.addRng({{}, 2, "f16"}, &ha, &hb, 2, {RngDistribution::Uniform,
                                        RngElement::F16});
  p.addRng({{}, 8, "ui64"}, &la, &lb, 2, {RngDistribution::Uniform,
                                         RngElement::Unsigned});
  std::vector<std::shared_ptr<Buffer>> results = run(p.program);
  ASSERT_EQ(results.size(), 5u);
  EXPECT_EQ(contents<uint8_t>(*results[0]), (std::vector<uint8_t>{200, 200,
                                                                  200}));
  for (double x : contents<double>(*results[1]))
    EXPECT_TRUE(std::isnan(x));
  EXPECT_EQ(contents<uint8_t>(*results[2]), (std::vector<uint8_t>{1, 1}));
  EXPECT_EQ(contents<uint16_t>(*results[3]),
            (std::vector<uint16_t>{0x3C00, 0x3C00}));
  // Only the last command drew: the engine's first two outputs.
  std::mt19937_64 engine(0);
  uint64_t first = engine(), second = engine();
  uint64_t span = (1ull << 63) - 3;
  EXPECT_EQ(contents<uint64_t>(*results[4]),
            (std::vector<uint64_t>{3 + first % span, 3 + second % span}));
}

TEST(RandomTest, RejectsMalformedCommands) {
  auto check = [](RngProgram p, const std::string &message) {
    Status status;
    EXPECT_FALSE(Executable::create(p.program, nullptr, status));
    EXPECT_NE(status.message().find(message), std::string::npos)
        << status.message();
  };
  int32_t a = 0, b = 1;
  RngProgram normalInts;
  normalInts.addRng({{}, 4, "i32"}, &a, &b, 2,
                    {RngDistribution::Normal, RngElement::Signed});
  check(normalInts, "normal distribution of non-floats");
  RngProgram wrongBytes;
  wrongBytes.addRng({{}, 4, "i32"}, &a, &b, 2,
                    {RngDistribution::Uniform, RngElement::F64});
  check(wrongBytes, "4 bytes, expected 8");
  RngProgram wideParam;
  wideParam.addRng({{}, 4, "f32"}, &a, &b, 2,
                   {RngDistribution::Uniform, RngElement::F32});
  wideParam.program.values[0].type.shape = {2};
  wideParam.program.constants[0].resize(8);
  check(wideParam, "rng parameter of type 2xf32");
  RngProgram missing;
  missing.addRng({{}, 4, "f32"}, &a, &b, 2,
                 {RngDistribution::Uniform, RngElement::F32});
  missing.program.commands[0].values.pop_back();
  check(missing, "without its two parameters and result");
}

} // namespace
