//===- ExecutableTest.cpp - Host programs over hand-written kernels -------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/runtime/Executable.h"
#include "hlox/runtime/Stream.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <map>
#include <thread>
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

/// flag[0] = (counter[0] < 5), as an i1 byte.
void lessThanFiveKernel(void **bindings, int64_t, int64_t) {
  auto *counter = static_cast<const float *>(bindings[0]);
  auto *flag = static_cast<uint8_t *>(bindings[1]);
  flag[0] = counter[0] < 5 ? 1 : 0;
}

/// out[0] = counter[0] + 1.
void incrementKernel(void **bindings, int64_t, int64_t) {
  auto *counter = static_cast<const float *>(bindings[0]);
  auto *out = static_cast<float *>(bindings[1]);
  out[0] = counter[0] + 1;
}

class MapLibrary final : public KernelLibrary {
public:
  KernelFn lookup(const std::string &name) override {
    auto it = kernels.find(name);
    return it == kernels.end() ? nullptr : it->second;
  }
  std::map<std::string, KernelFn> kernels{{"add", addKernel},
                                          {"double", doubleKernel},
                                          {"less5", lessThanFiveKernel},
                                          {"inc", incrementKernel}};
};

/// A Dispatch of kernel `kernel` over `values`.
Command dispatch(std::vector<int64_t> values, int64_t kernel = 0,
                 int64_t workgroups = 1, int64_t minPerChunk = 1) {
  return Command(DispatchCommand{kernel, workgroups, minPerChunk},
                 std::move(values));
}

/// A Copy of values[0] into values[1].
Command copy(std::vector<int64_t> values) {
  return Command(CopyCommand(), std::move(values));
}

/// A Branch on `value`, a scalar of `scalarBytes`, to `targets`.
Command branch(int64_t value, std::vector<int64_t> targets,
               int64_t scalarBytes = 1) {
  return Command(BranchCommand{std::move(targets), 0, scalarBytes}, {value});
}

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
  program.commands.push_back(dispatch({0, 1, 2}, 0, n, 2));
  program.commands.push_back(dispatch({2, 3}, 1, n, 2));
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

TEST(ExecutableTest, RunsOnTheDeviceItWasCompiledForWithBuffersItReaches) {
  Status status;
  auto executable = Executable::create(addThenDouble(2),
                                       std::make_shared<MapLibrary>(), status);
  ASSERT_TRUE(executable) << status.message();
  CpuDevice device(1, CpuDevice::kDefaultCachedBytes, /*ordinal=*/3);
  EXPECT_EQ(device.getName(), "cpu:3");
  // A CPU reads the host's memory and every CPU device's.
  std::shared_ptr<Buffer> onOther = CpuDevice(1).allocate(f32({2}));
  EXPECT_EQ(onOther->getPlacement().str(), "cpu:0");
  std::memset(onOther->data(), 0, 8);
  std::vector<std::shared_ptr<Buffer>> results;
  status = executable->execute(device, {onOther}, results);
  ASSERT_TRUE(status.ok()) << status.message();
  EXPECT_EQ(results[0]->getPlacement().str(), "cpu:3");
  EXPECT_EQ(filled({2}, {0, 0})->getPlacement().str(), "host:0");
  // Memory of another kind of device is not the CPU's to read.
  auto elsewhere = std::make_shared<Buffer>(
      f32({2}), allocateAligned(8), freeAligned, BufferPlacement{"gpu", 1});
  status = executable->execute(device, {elsewhere}, results);
  EXPECT_FALSE(status.ok());
  EXPECT_NE(status.message().find(
                "argument 0 lies on gpu:1, which cpu:3 cannot access"),
            std::string::npos)
      << status.message();
  // Nor does it run a program for another kind of device.
  HostProgram forGpu = addThenDouble(2);
  forGpu.devices = {"gpu"};
  executable =
      Executable::create(forGpu, std::make_shared<MapLibrary>(), status);
  ASSERT_TRUE(executable) << status.message();
  status = executable->execute(device, {filled({2}, {0, 0})}, results);
  EXPECT_FALSE(status.ok());
  EXPECT_NE(status.message().find("a program for gpu cannot run on cpu:3"),
            std::string::npos)
      << status.message();
  // A command names one of the program's devices.
  HostProgram unknownDevice = addThenDouble(2);
  unknownDevice.commands[1].device = 1;
  unknownDevice.commands[1].location = "f.mlir:4:2";
  EXPECT_FALSE(Executable::create(unknownDevice, std::make_shared<MapLibrary>(),
                                  status));
  EXPECT_NE(status.message().find("command on device 1 of a program for 1"),
            std::string::npos)
      << status.message();
  EXPECT_EQ(status.location(), "f.mlir:4:2");
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

/// x + y into a result that argument x may become.
HostProgram addInPlace(int64_t n) {
  HostProgram program;
  program.values = {{f32({n}), ValueKind::Argument, 0, 0},
                    {f32({n}), ValueKind::Argument, 1, 0},
                    {f32({n}), ValueKind::Result, 0, 0}};
  program.kernelNames = {"add"};
  program.commands.push_back(dispatch({0, 1, 2}, 0, n, 2));
  program.arguments = {0, 1};
  program.results = {2};
  program.argumentResults = {0, -1};
  return program;
}

TEST(ExecutableTest, DonatedArgumentsBecomeTheirResults) {
  Status status;
  auto executable =
      Executable::create(addInPlace(4), std::make_shared<MapLibrary>(), status);
  ASSERT_TRUE(executable) << status.message();
  EXPECT_EQ(executable->getDonationResult(0), 0);
  EXPECT_EQ(executable->getDonationResult(1), -1);
  CpuDevice device(2);
  std::vector<std::shared_ptr<Buffer>> results;
  auto x = filled({4}, {1, 2, 3, 4}), y = filled({4}, {10, 20, 30, 40});
  // Not donated: a buffer of its own, the argument as it was.
  status = executable->execute(device, {x, y}, results);
  ASSERT_TRUE(status.ok()) << status.message();
  EXPECT_NE(results[0].get(), x.get());
  EXPECT_EQ(static_cast<const float *>(x->data())[3], 4.0f);
  // Donated: the result is the argument's buffer.
  status =
      executable->execute(device, {x, y}, results, {}, nullptr, {true, false});
  ASSERT_TRUE(status.ok()) << status.message();
  EXPECT_EQ(results[0].get(), x.get());
  auto *out = static_cast<const float *>(results[0]->data());
  EXPECT_EQ(std::vector<float>(out, out + 4),
            (std::vector<float>{11, 22, 33, 44}));
  // Donating an argument without a pair gives a new buffer as usual.
  status =
      executable->execute(device, {x, y}, results, {}, nullptr, {false, true});
  ASSERT_TRUE(status.ok());
  EXPECT_NE(results[0].get(), y.get());
  EXPECT_EQ(static_cast<const float *>(y->data())[0], 10.0f);
}

TEST(ExecutableTest, RejectsUnsafeDonations) {
  Status status;
  auto executable =
      Executable::create(addInPlace(4), std::make_shared<MapLibrary>(), status);
  ASSERT_TRUE(executable);
  CpuDevice device(1);
  std::vector<std::shared_ptr<Buffer>> results;
  auto x = filled({4}, {1, 2, 3, 4});
  // The kernel would read y through the buffer it writes.
  status =
      executable->execute(device, {x, x}, results, {}, nullptr, {true, false});
  EXPECT_FALSE(status.ok());
  EXPECT_NE(status.message().find(
                "argument 0 is donated but also passed as argument 1"),
            std::string::npos)
      << status.message();
  status = executable->execute(device, {x, filled({4}, {0, 0, 0, 0})}, results,
                               {}, nullptr, {true, false, true});
  EXPECT_FALSE(status.ok());

  // Pairs the program cannot keep: another type, a result twice.
  HostProgram otherType = addInPlace(4);
  otherType.values[1].type = f32({2, 2});
  otherType.argumentResults = {-1, 0};
  EXPECT_FALSE(
      Executable::create(otherType, std::make_shared<MapLibrary>(), status));
  EXPECT_NE(status.message().find("a result of another type"),
            std::string::npos);
  HostProgram twice = addInPlace(4);
  twice.argumentResults = {0, 0};
  EXPECT_FALSE(
      Executable::create(twice, std::make_shared<MapLibrary>(), status));
}

TEST(ExecutableTest, HostCallsSeeTheirValues) {
  HostProgram program = addThenDouble(3);
  program.commands.push_back(Command(HostCallCommand{7, 0}, {3}));
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

TEST(ThreadPoolTest, BalancedCoversTheRangeOnce) {
  ThreadPool pool(3);
  for (int64_t count : {0, 1, 2, 7, 1000, 100000}) {
    std::vector<std::atomic<int>> hits(count);
    pool.parallelForBalanced(count, 1, [&](int64_t begin, int64_t end) {
      EXPECT_LT(begin, end);
      for (int64_t i = begin; i < end; ++i)
        ++hits[i];
    });
    for (int64_t i = 0; i < count; ++i)
      ASSERT_EQ(hits[i].load(), 1) << "count " << count << " index " << i;
  }
  // Beyond what a share packs: the range is cut as parallelFor cuts it.
  std::atomic<int64_t> covered = 0;
  pool.parallelForBalanced(
      int64_t(1) << 33, 1,
      [&](int64_t begin, int64_t end) { covered += end - begin; });
  EXPECT_EQ(covered.load(), int64_t(1) << 33);
}

TEST(ThreadPoolTest, BalancedHandsOnAHeldUpThreadsChunk) {
  // The calling thread is held up on each piece it takes; the worker
  // finishes its own half and then takes the end of the caller's.
  ThreadPool pool(2);
  std::thread::id caller = std::this_thread::get_id();
  std::atomic<int64_t> byWorker = 0;
  std::vector<std::atomic<int>> hits(256);
  pool.parallelForBalanced(256, 1, [&](int64_t begin, int64_t end) {
    for (int64_t i = begin; i < end; ++i)
      ++hits[i];
    if (std::this_thread::get_id() == caller)
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    else
      byWorker += end - begin;
  });
  for (int64_t i = 0; i < 256; ++i)
    ASSERT_EQ(hits[i].load(), 1) << "index " << i;
  EXPECT_GT(byWorker.load(), 128);
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

/// while (x < 5) x = x + 1, as commands: 0 copy x into the carry, 1 test,
/// 2 branch, 3 increment, 4 copy back, 5 jump to 1, 6 copy out.
HostProgram countToFive() {
  HostProgram program;
  program.values = {{f32({1}), ValueKind::Argument, 0, 0},
                    {f32({1}), ValueKind::Arena, 0, 0},   // carry
                    {{{}, 1, "i1"}, ValueKind::Arena, 0, 64}, // condition
                    {f32({1}), ValueKind::Arena, 0, 128}, // next
                    {f32({1}), ValueKind::Result, 0, 0}};
  program.kernelNames = {"less5", "inc"};
  program.commands.resize(7);
  program.commands[0] = copy({0, 1});
  program.commands[1] = dispatch({1, 2}, 0);
  program.commands[2] = branch(2, {6, 3});
  program.commands[3] = dispatch({1, 3}, 1);
  program.commands[4] = copy({3, 1});
  program.commands[5] = Command(JumpCommand{1}, {});
  program.commands[6] = copy({1, 4});
  program.arguments = {0};
  program.results = {4};
  program.arenaBytes = 192;
  return program;
}

TEST(ExecutableTest, JumpsAndBranchesLoop) {
  Status status;
  auto executable = Executable::create(countToFive(),
                                       std::make_shared<MapLibrary>(), status);
  ASSERT_TRUE(executable) << status.message();
  CpuDevice device(1);
  std::vector<std::shared_ptr<Buffer>> results;
  for (float start : {0.0f, 3.0f, 9.0f}) {
    status = executable->execute(device, {filled({1}, {start})}, results);
    ASSERT_TRUE(status.ok()) << status.message();
    EXPECT_EQ(*static_cast<const float *>(results[0]->data()),
              start < 5 ? 5.0f : start);
  }
}

TEST(ExecutableTest, BranchesPickACaseOrTheLast) {
  // values[0] holds an i32 index; case i writes i + 10 through a constant.
  HostProgram program;
  BufferType i32{{}, 4, "i32"};
  program.values = {{i32, ValueKind::Argument, 0, 0},
                    {f32({1}), ValueKind::Result, 0, 0}};
  for (int i = 0; i < 3; ++i) {
    float v = 10.0f + i;
    program.constants.emplace_back(reinterpret_cast<uint8_t *>(&v),
                                   reinterpret_cast<uint8_t *>(&v + 1));
    program.values.push_back({f32({1}), ValueKind::Constant, i, 0});
  }
  // 0 branch, then per case a copy and a jump to the end (6); the last
  // case falls through to it.
  program.commands.resize(7);
  program.commands[0] = branch(0, {1, 3, 5}, 4);
  for (int i = 0; i < 3; ++i) {
    program.commands[1 + 2 * i] = copy({2 + i, 1});
    program.commands[2 + 2 * i] = Command(JumpCommand{6}, {});
  }
  program.commands.pop_back();
  program.arguments = {0};
  program.results = {1};
  Status status;
  auto executable = Executable::create(program, nullptr, status);
  ASSERT_TRUE(executable) << status.message();
  CpuDevice device(1);
  for (int32_t index : {0, 1, 2, 3, -1, 1 << 30}) {
    auto argument = std::make_shared<Buffer>(i32);
    std::memcpy(argument->data(), &index, 4);
    std::vector<std::shared_ptr<Buffer>> results;
    status = executable->execute(device, {argument}, results);
    ASSERT_TRUE(status.ok()) << status.message();
    float expected = index == 0 ? 10.0f : index == 1 ? 11.0f : 12.0f;
    EXPECT_EQ(*static_cast<const float *>(results[0]->data()), expected)
        << "index " << index;
  }
}

TEST(ExecutableTest, RejectsMalformedJumps) {
  Status status;
  HostProgram far = countToFive();
  far.commands[5].get<JumpCommand>().target = 8;
  EXPECT_FALSE(Executable::create(far, std::make_shared<MapLibrary>(), status));
  EXPECT_NE(status.message().find("unknown command"), std::string::npos);

  HostProgram wide = countToFive();
  // The i1 value has one byte.
  wide.commands[2].get<BranchCommand>().scalarBytes = 4;
  EXPECT_FALSE(Executable::create(wide, std::make_shared<MapLibrary>(), status));
  EXPECT_NE(status.message().find("outside its value"), std::string::npos);

  HostProgram noTargets = countToFive();
  noTargets.commands[2].get<BranchCommand>().targets.clear();
  EXPECT_FALSE(
      Executable::create(noTargets, std::make_shared<MapLibrary>(), status));
}

/// How often scaleInstantiate ran.
int instantiations = 0;

/// The f32 attribute `name` of `frame`, or `otherwise`.
float getF32(const HloxFfiCallFrame *frame, const char *name, float otherwise) {
  for (int64_t i = 0; i < frame->attrs->size; ++i)
    if (std::string(frame->attrs->names[i].data, frame->attrs->names[i].size) ==
            name &&
        frame->attrs->values[i].kind == HLOX_FFI_ATTR_F32)
      return *static_cast<const float *>(frame->attrs->values[i].value);
  return otherwise;
}

/// Keeps attribute `scale` as the handler's state.
HloxFfiError *scaleInstantiate(HloxFfiCallFrame *frame) {
  ++instantiations;
  frame->state = new float(getF32(frame, "scale", 1));
  frame->state_deleter = [](void *state) {
    delete static_cast<float *>(state);
  };
  return nullptr;
}

/// out = in * scale over the context's threads; fails on a negative
/// first element.
HloxFfiError *scaleExecute(HloxFfiCallFrame *frame) {
  const HloxFfiBuffer &in = *frame->args[0];
  if (in.dtype != HLOX_FFI_F32)
    return frame->api->error_create(
        HLOX_FFI_ERROR_INVALID_ARGUMENT,
        (std::string("wants f32, got ") + in.dtype_name).c_str());
  if (static_cast<const float *>(in.data)[0] < 0)
    return frame->api->error_create(HLOX_FFI_ERROR_INTERNAL, "negative");
  struct Job {
    const float *in;
    float *out;
    float scale;
  } job{static_cast<const float *>(in.data),
        static_cast<float *>(frame->rets[0]->data),
        *static_cast<const float *>(frame->state)};
  frame->api->parallel_for(
      frame->ctx, in.dims[0], 1,
      [](void *data, int64_t begin, int64_t end) {
        auto *job = static_cast<Job *>(data);
        for (int64_t i = begin; i < end; ++i)
          job->out[i] = job->in[i] * job->scale;
      },
      &job);
  return nullptr;
}

/// The argument through custom call `target` into the result, with
/// attribute scale = `scale`.
HostProgram customCallProgram(const std::string &target, float scale,
                              BufferType type) {
  HostProgram program;
  program.values = {{type, ValueKind::Argument, 0, 0},
                    {type, ValueKind::Result, 0, 0}};
  CustomCallCommand call;
  call.target = target;
  auto attributes = std::make_shared<hlox::ffi::AttributeMap>();
  attributes->addFloat("scale", HLOX_FFI_ATTR_F32, scale);
  call.attributes = attributes;
  call.numResults = 1;
  program.commands.push_back(Command(std::move(call), {0, 1}));
  program.commands[0].location = "f.mlir:3:8";
  program.arguments = {0};
  program.results = {1};
  return program;
}

TEST(CustomCallTest, RunsHandlersWithStateAndThreads) {
  hlox::ffi::HandlerRegistry registry;
  ASSERT_TRUE(
      registry.add("scale", "host", scaleExecute, scaleInstantiate).ok());
  EXPECT_FALSE(registry.add("scale", "host", scaleExecute).ok());
  EXPECT_EQ(registry.getNames(), std::vector<std::string>{"scale"});
  CpuDevice device(2);
  instantiations = 0;
  Status status;
  auto executable = Executable::create(customCallProgram("scale", -3, f32({4})),
                                       nullptr, status, registry);
  ASSERT_TRUE(executable) << status.message();
  for (int run = 0; run < 2; ++run) {
    std::vector<std::shared_ptr<Buffer>> results;
    status = executable->execute(device, {filled({4}, {1, 2, 3, 4})}, results);
    ASSERT_TRUE(status.ok()) << status.message();
    const float *out = static_cast<const float *>(results[0]->data());
    EXPECT_EQ(std::vector<float>(out, out + 4),
              (std::vector<float>{-3, -6, -9, -12}));
  }
  // Once per executable, not per run.
  EXPECT_EQ(instantiations, 1);
}

TEST(CustomCallTest, ReportsMissingAndFailingHandlers) {
  hlox::ffi::HandlerRegistry registry;
  ASSERT_TRUE(
      registry.add("scale", "host", scaleExecute, scaleInstantiate).ok());
  Status status;
  EXPECT_FALSE(Executable::create(customCallProgram("scal", 1, f32({2})),
                                  nullptr, status, registry));
  EXPECT_EQ(status.message(), "no handler 'scal' is registered for platform "
                              "host (nearest: scale)");
  EXPECT_EQ(status.location(), "f.mlir:3:8");

  BufferType i32{{2}, 4, "i32"};
  auto executable = Executable::create(customCallProgram("scale", 1, i32),
                                       nullptr, status, registry);
  ASSERT_TRUE(executable) << status.message();
  CpuDevice device(1);
  std::vector<std::shared_ptr<Buffer>> results;
  status = executable->execute(device, {std::make_shared<Buffer>(i32)},
                               results);
  EXPECT_FALSE(status.ok());
  EXPECT_EQ(status.str(),
            "f.mlir:3:8: custom call 'scale' failed: wants f32, got i32");

  // A run the handler fails leaves the next run working.
  executable = Executable::create(customCallProgram("scale", 2, f32({2})),
                                  nullptr, status, registry);
  ASSERT_TRUE(executable) << status.message();
  status = executable->execute(device, {filled({2}, {-1, 1})}, results);
  EXPECT_EQ(status.message(), "custom call 'scale' failed: negative");
  status = executable->execute(device, {filled({2}, {1, 1})}, results);
  ASSERT_TRUE(status.ok()) << status.message();
  EXPECT_EQ(static_cast<const float *>(results[0]->data())[1], 2);

  EXPECT_FALSE(registry.loadPlugin("/nonexistent/library.so").ok());
}
