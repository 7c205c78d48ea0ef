//===- ExecutableTest.cpp - Host programs over hand-written kernels -------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/runtime/Executable.h"
#include "hlox/runtime/Stream.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cstring>
#include <map>
#include <vector>

using namespace hlox::runtime;

namespace {

/// out[i] = a[i] + b[i] over workgroups of one element each.
void addKernel(void **bindings, int64_t begin, int64_t end) {
  auto *a = static_cast<const float *>(bindings[0]);
  auto *b = static_cast<const float *>(bindings[1]);
  auto *out = static_cast<float *>(bindings[2]);
  for (int64_t i = begin; i < end; ++i)
    out[i] = a[i] + b[i];
}

/// out[i] = 2 * a[i].
void doubleKernel(void **bindings, int64_t begin, int64_t end) {
  auto *a = static_cast<const float *>(bindings[0]);
  auto *out = static_cast<float *>(bindings[1]);
  for (int64_t i = begin; i < end; ++i)
    out[i] = 2 * a[i];
}

class MapLibrary final : public KernelLibrary {
public:
  KernelFn lookup(const std::string &name) override {
    auto it = kernels.find(name);
    return it == kernels.end() ? nullptr : it->second;
  }
  std::map<std::string, KernelFn> kernels{{"add", addKernel},
                                          {"double", doubleKernel}};
};

BufferType f32(std::vector<int64_t> shape) { return {shape, 4, "f32"}; }

std::shared_ptr<Buffer> filled(std::vector<int64_t> shape,
                               std::vector<float> values) {
  auto buffer = std::make_shared<Buffer>(f32(shape));
  std::memcpy(buffer->data(), values.data(), values.size() * sizeof(float));
  return buffer;
}

/// (x + c) doubled: argument x, constant c, an arena temporary, a result.
HostProgram addThenDouble(int64_t n) {
  HostProgram program;
  program.values = {{f32({n}), ValueKind::Argument, 0, 0},
                    {f32({n}), ValueKind::Constant, 0, 0},
                    {f32({n}), ValueKind::Arena, 0, 0},
                    {f32({n}), ValueKind::Result, 0, 0}};
  std::vector<float> c(n, 1.0f);
  program.constants.emplace_back(reinterpret_cast<uint8_t *>(c.data()),
                                 reinterpret_cast<uint8_t *>(c.data() + n));
  program.kernelNames = {"add", "double"};
  program.commands.push_back({CommandKind::Dispatch, 0, {0, 1, 2}, n, 2});
  program.commands.push_back({CommandKind::Dispatch, 1, {2, 3}, n, 2});
  program.arguments = {0};
  program.results = {3};
  program.arenaBytes = n * 4;
  return program;
}

TEST(ExecutableTest, RunsDispatchesInOrder) {
  Status status;
  auto executable = Executable::create(addThenDouble(5),
                                       std::make_shared<MapLibrary>(), status);
  ASSERT_TRUE(executable) << status.message();
  CpuDevice device(2);
  std::vector<std::shared_ptr<Buffer>> results;
  status = executable->execute(device, {filled({5}, {0, 1, 2, 3, 4})}, results);
  ASSERT_TRUE(status.ok()) << status.message();
  ASSERT_EQ(results.size(), 1u);
  auto *out = static_cast<const float *>(results[0]->data());
  EXPECT_EQ(std::vector<float>(out, out + 5),
            (std::vector<float>{2, 4, 6, 8, 10}));
  // A second run reuses the arena and gives the same answer.
  status = executable->execute(device, {filled({5}, {1, 1, 1, 1, 1})}, results);
  ASSERT_TRUE(status.ok());
  out = static_cast<const float *>(results[0]->data());
  EXPECT_EQ(out[4], 4.0f);
}

TEST(ExecutableTest, RejectsWrongArguments) {
  Status status;
  auto executable = Executable::create(addThenDouble(3),
                                       std::make_shared<MapLibrary>(), status);
  ASSERT_TRUE(executable);
  CpuDevice device(1);
  std::vector<std::shared_ptr<Buffer>> results;
  status = executable->execute(device, {}, results);
  EXPECT_FALSE(status.ok());
  EXPECT_NE(status.message().find("expects 1 arguments, got 0"),
            std::string::npos);
  status = executable->execute(device, {filled({4}, {0, 0, 0, 0})}, results);
  EXPECT_FALSE(status.ok());
  EXPECT_NE(status.message().find("expects 3xf32, got 4xf32"),
            std::string::npos);
}

TEST(ExecutableTest, RejectsMalformedPrograms) {
  Status status;
  HostProgram unknownKernel = addThenDouble(2);
  unknownKernel.kernelNames[1] = "missing";
  EXPECT_FALSE(Executable::create(unknownKernel, std::make_shared<MapLibrary>(),
                                  status));
  EXPECT_NE(status.message().find("'missing' not found"), std::string::npos);

  HostProgram outside = addThenDouble(2);
  outside.arenaBytes = 4;
  EXPECT_FALSE(
      Executable::create(outside, std::make_shared<MapLibrary>(), status));

  HostProgram badId = addThenDouble(2);
  badId.commands[0].values[0] = 42;
  EXPECT_FALSE(Executable::create(badId, std::make_shared<MapLibrary>(), status));
}

TEST(ExecutableTest, HostCallsSeeTheirValues) {
  HostProgram program = addThenDouble(3);
  program.commands.push_back({CommandKind::HostCall, 0, {3}, 1, 1, 7});
  Status status;
  auto executable =
      Executable::create(program, std::make_shared<MapLibrary>(), status);
  ASSERT_TRUE(executable);
  CpuDevice device(1);
  std::vector<std::shared_ptr<Buffer>> results;
  std::vector<float> seen;
  int64_t callee = -1;
  status = executable->execute(
      device, {filled({3}, {1, 2, 3})}, results,
      [&](int64_t id, const std::vector<BufferView> &views) {
        callee = id;
        auto *data = static_cast<const float *>(views[0].data);
        seen.assign(data, data + 3);
        return Status();
      });
  ASSERT_TRUE(status.ok());
  EXPECT_EQ(callee, 7);
  EXPECT_EQ(seen, (std::vector<float>{4, 6, 8}));
  // Without a handler, a host call is an error, not a crash.
  status = executable->execute(device, {filled({3}, {1, 2, 3})}, results);
  EXPECT_FALSE(status.ok());
}

TEST(ThreadPoolTest, CoversTheRangeOnce) {
  ThreadPool pool(3);
  for (int64_t count : {0, 1, 2, 7, 1000}) {
    std::vector<std::atomic<int>> hits(count);
    pool.parallelFor(count, 1, [&](int64_t begin, int64_t end) {
      for (int64_t i = begin; i < end; ++i)
        ++hits[i];
    });
    for (int64_t i = 0; i < count; ++i)
      EXPECT_EQ(hits[i].load(), 1) << "count " << count << " index " << i;
  }
}

TEST(ThreadPoolTest, SmallRangesRunInline) {
  ThreadPool pool(4);
  int calls = 0;
  pool.parallelFor(10, 100, [&](int64_t begin, int64_t end) {
    ++calls;
    EXPECT_EQ(begin, 0);
    EXPECT_EQ(end, 10);
  });
  EXPECT_EQ(calls, 1);
}

TEST(StreamTest, RunsWorkInOrder) {
  Stream stream;
  std::vector<int> order;
  for (int i = 0; i < 5; ++i)
    stream.enqueue([&order, i] { order.push_back(i); });
  auto last = stream.enqueue([] {});
  last->wait();
  EXPECT_EQ(order, (std::vector<int>{0, 1, 2, 3, 4}));
  auto gate = std::make_shared<Event>();
  stream.waitFor(gate);
  auto after = stream.enqueue([&order] { order.push_back(5); });
  EXPECT_FALSE(after->isSignalled());
  gate->signal();
  stream.synchronize();
  EXPECT_TRUE(after->isSignalled());
  EXPECT_EQ(order.back(), 5);
}

} // namespace
