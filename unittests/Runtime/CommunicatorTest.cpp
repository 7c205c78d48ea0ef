//===- CommunicatorTest.cpp - Collectives between threads ----------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/runtime/Communicator.h"
#include "hlox/runtime/Device.h"
#include "hlox/runtime/Executable.h"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <limits>
#include <thread>
#include <vector>

using namespace hlox::runtime;

namespace {

/// Runs `body(self)` on one thread per process and marks each finished
/// (failed when its status is an error); the statuses.
std::vector<Status> runProcesses(LocalCommunicator &communicator,
                                 const std::function<Status(int64_t)> &body) {
  int64_t count = communicator.getNumProcesses();
  std::vector<Status> statuses(count);
  std::vector<std::thread> threads;
  for (int64_t self = 0; self < count; ++self)
    threads.emplace_back([&, self] {
      statuses[self] = body(self);
      communicator.finished(self, !statuses[self].ok());
    });
  for (std::thread &thread : threads)
    thread.join();
  return statuses;
}

TEST(LocalCommunicatorTest, GathersExchangesBroadcastsAndPermutes) {
  LocalCommunicator communicator(3);
  std::vector<std::vector<int32_t>> gathered(3), exchanged(3), broadcast(3),
      permuted(3);
  std::vector<Status> statuses = runProcesses(communicator, [&](int64_t self) {
    // Group order, not device order.
    std::vector<int64_t> group{2, 0, 1};
    int32_t mine = static_cast<int32_t>(10 * self);
    gathered[self].resize(3);
    if (Status s = communicator.allGather(self, group, &mine,
                                          gathered[self].data(), 4);
        !s)
      return s;
    // Chunk j of each process goes to member j of the group.
    std::vector<int32_t> chunks{int32_t(100 * self), int32_t(100 * self + 1),
                                int32_t(100 * self + 2)};
    exchanged[self].resize(3);
    if (Status s = communicator.allToAll(self, group, chunks.data(),
                                         exchanged[self].data(), 4);
        !s)
      return s;
    broadcast[self].resize(1);
    if (Status s = communicator.broadcast(self, group, 1, &mine,
                                          broadcast[self].data(), 4);
        !s)
      return s;
    permuted[self].resize(1);
    return communicator.permute(self, {0, 1, 2}, {{0, 1}, {1, 2}}, &mine,
                                permuted[self].data(), 4);
  });
  for (const Status &status : statuses)
    ASSERT_TRUE(status) << status.message();
  for (int64_t self = 0; self < 3; ++self) {
    EXPECT_EQ(gathered[self], (std::vector<int32_t>{20, 0, 10}));
    EXPECT_EQ(broadcast[self], (std::vector<int32_t>{0}));
  }
  // Device 0 is member 1: it gets chunk 1 of devices 2, 0, 1.
  EXPECT_EQ(exchanged[0], (std::vector<int32_t>{201, 1, 101}));
  EXPECT_EQ(exchanged[2], (std::vector<int32_t>{200, 0, 100}));
  // Device 0 is no pair's target: zeros.
  EXPECT_EQ(permuted[0], (std::vector<int32_t>{0}));
  EXPECT_EQ(permuted[1], (std::vector<int32_t>{0}));
  EXPECT_EQ(permuted[2], (std::vector<int32_t>{10}));
}

/// allReduce combines the members' operands in group order (the f32 sums
/// differ by order), and reduces each element type as StableHLO's op:
/// NaN-propagating maximum with -0 below +0, wrapping integers, bf16
/// rounded once, booleans by or. Members that disagree on the reduction
/// fail.
TEST(LocalCommunicatorTest, AllReducesInGroupOrder) {
  LocalCommunicator communicator(3);
  std::vector<float> sums(3), maxima(9);
  std::vector<int32_t> products(3);
  std::vector<uint16_t> bf16Sums(3);
  std::vector<uint8_t> ors(6);
  const float nan = std::numeric_limits<float>::quiet_NaN();
  std::vector<Status> statuses = runProcesses(communicator, [&](int64_t self) {
    std::vector<int64_t> group{2, 0, 1};
    auto reduce = [&](ReductionKind kind, ReductionElement element,
                      int64_t count, size_t bytes, const void *in, void *out) {
      return communicator.allReduce(self, group, in, out,
                                    ReduceSpec{kind, element, count, bytes});
    };
    // Group order: (1e8 + -1e8) + 1 = 1; device order would give 0.
    const float terms[] = {-1e8f, 1.0f, 1e8f};
    if (Status s = reduce(ReductionKind::Add, ReductionElement::F32, 1, 4,
                          &terms[self], &sums[self]);
        !s)
      return s;
    const float values[3][3] = {
        {1.0f, -0.0f, 2.0f}, {nan, 0.0f, 3.0f}, {5.0f, -0.0f, -7.0f}};
    if (Status s = reduce(ReductionKind::Maximum, ReductionElement::F32, 3, 12,
                          values[self], &maxima[3 * self]);
        !s)
      return s;
    const int32_t factors[] = {65536, 65536, 3};
    if (Status s = reduce(ReductionKind::Multiply, ReductionElement::I32, 1, 4,
                          &factors[self], &products[self]);
        !s)
      return s;
    // bf16 1, 2^-8 and 2^-8: 1 + 2^-8 rounds to 1 (a tie, to even), and
    // again; in another order the two smalls would sum first.
    const uint16_t halves[] = {0x3B80, 0x3B80, 0x3F80};
    if (Status s = reduce(ReductionKind::Add, ReductionElement::BF16, 1, 2,
                          &halves[self], &bf16Sums[self]);
        !s)
      return s;
    const uint8_t flags[3][2] = {{0, 0}, {0, 1}, {0, 0}};
    if (Status s = reduce(ReductionKind::Or, ReductionElement::Bool, 2, 2,
                          flags[self], &ors[2 * self]);
        !s)
      return s;
    return Status();
  });
  for (int64_t self = 0; self < 3; ++self) {
    ASSERT_TRUE(statuses[self].ok()) << statuses[self].message();
    EXPECT_EQ(sums[self], 1.0f);
    EXPECT_TRUE(std::isnan(maxima[3 * self]));
    EXPECT_EQ(maxima[3 * self + 1], 0.0f);
    EXPECT_FALSE(std::signbit(maxima[3 * self + 1]));
    EXPECT_EQ(maxima[3 * self + 2], 3.0f);
    // 65536 * 65536 wraps to 0 in 32 bits.
    EXPECT_EQ(products[self], 0);
    EXPECT_EQ(bf16Sums[self], 0x3F80);
    EXPECT_EQ(ors[2 * self], 0);
    EXPECT_EQ(ors[2 * self + 1], 1);
  }

  LocalCommunicator mismatched(2);
  statuses = runProcesses(mismatched, [&](int64_t self) {
    float in = 1.0f, out = 0.0f;
    return mismatched.allReduce(
        self, {0, 1}, &in, &out,
        ReduceSpec{self == 0 ? ReductionKind::Add : ReductionKind::Minimum,
                   ReductionElement::F32, 1, 4});
  });
  EXPECT_FALSE(statuses[0].ok());
  EXPECT_FALSE(statuses[1].ok());
  // The member that found the mismatch says so; the other was interrupted.
  std::string message = statuses[0].message() + "\n" + statuses[1].message();
  EXPECT_NE(message.find("collectives do not match"), std::string::npos)
      << message;
}

TEST(LocalCommunicatorTest, ChannelsKeepOrder) {
  LocalCommunicator communicator(2);
  std::vector<int64_t> received;
  std::vector<Status> statuses = runProcesses(communicator, [&](int64_t self) {
    if (self == 0) {
      for (int64_t value : {5, 6})
        if (Status s = communicator.send(self, 3, &value, 8); !s)
          return s;
      return Status();
    }
    for (int i = 0; i < 2; ++i) {
      int64_t value = 0;
      if (Status s = communicator.receive(self, 3, &value, 8); !s)
        return s;
      received.push_back(value);
    }
    return Status();
  });
  ASSERT_TRUE(statuses[0] && statuses[1]);
  EXPECT_EQ(received, (std::vector<int64_t>{5, 6}));
}

TEST(LocalCommunicatorTest, FindsADeadlock) {
  // Device 1 finishes without joining device 0's gather; device 2 waits for
  // a message nobody sends.
  LocalCommunicator communicator(3);
  std::vector<Status> statuses = runProcesses(communicator, [&](int64_t self) {
    int32_t value = 0, out[2];
    if (self == 0)
      return communicator.allGather(self, {0, 1}, &value, out, 4);
    if (self == 2)
      return communicator.receive(self, 9, &value, 4);
    return Status();
  });
  EXPECT_TRUE(statuses[1]);
  for (int64_t self : {0, 2}) {
    ASSERT_FALSE(statuses[self]);
    EXPECT_NE(statuses[self].message().find("deadlock"), std::string::npos)
        << statuses[self].message();
  }
}

TEST(LocalCommunicatorTest, AFailedProcessInterruptsTheOthers) {
  LocalCommunicator communicator(2);
  std::vector<Status> statuses = runProcesses(communicator, [&](int64_t self) {
    if (self == 1)
      return Status::error("kernel failed");
    int32_t value = 0, out[2];
    return communicator.allGather(self, {0, 1}, &value, out, 4);
  });
  ASSERT_FALSE(statuses[0]);
  EXPECT_NE(statuses[0].message().find("device 1 failed"), std::string::npos)
      << statuses[0].message();
}

TEST(LocalCommunicatorTest, MismatchedCollectivesFail) {
  LocalCommunicator communicator(2);
  std::vector<Status> statuses = runProcesses(communicator, [&](int64_t self) {
    int32_t value[2] = {0, 0}, out[4];
    if (self == 0)
      return communicator.allGather(self, {0, 1}, value, out, 4);
    return communicator.allToAll(self, {0, 1}, value, out, 4);
  });
  EXPECT_FALSE(statuses[0] && statuses[1]);
  bool named = false;
  for (const Status &status : statuses)
    named |= status.message().find("do not match") != std::string::npos;
  EXPECT_TRUE(named);
}

} // namespace

namespace {

/// A program of one collective: `kind` from argument 0 (4 f32) into result
/// 0.
HostProgram collectiveProgram(CollectiveKind kind, int64_t replicas,
                              std::vector<std::vector<int64_t>> groups) {
  HostProgram program;
  program.values = {{{{4}, 4, "f32"}, ValueKind::Argument, 0, 0},
                    {{{4}, 4, "f32"}, ValueKind::Result, 0, 0}};
  CollectiveCommand collective;
  collective.spec.kind = kind;
  collective.spec.groups = std::move(groups);
  collective.spec.numReplicas = replicas;
  program.commands = {Command(std::move(collective), {0, 1})};
  program.arguments = {0};
  program.results = {1};
  return program;
}

TEST(CollectiveCommandTest, ChecksItsGridAndGroups) {
  Status status;
  EXPECT_FALSE(Executable::create(
      collectiveProgram(CollectiveKind::Broadcast, int64_t(1) << 40, {{0}}),
      nullptr, status));
  EXPECT_NE(status.message().find("from 1 to 2^20 processes"),
            std::string::npos)
      << status.message();
  EXPECT_FALSE(Executable::create(
      collectiveProgram(CollectiveKind::Broadcast, 2, {{0, 2}}), nullptr,
      status));
  EXPECT_NE(status.message().find("not in the grid"), std::string::npos)
      << status.message();
  // An all_gather's result holds every member's operand.
  EXPECT_FALSE(Executable::create(
      collectiveProgram(CollectiveKind::AllGather, 2, {{0, 1}}), nullptr,
      status));
  EXPECT_NE(status.message().find("result of the wrong size"),
            std::string::npos)
      << status.message();
  // An all_reduce takes a reduction its operand's type has, and groups of
  // one size.
  HostProgram bitwise =
      collectiveProgram(CollectiveKind::AllReduce, 2, {{0, 1}});
  bitwise.commands[0].get<CollectiveCommand>().spec.reduction =
      ReductionKind::And;
  EXPECT_FALSE(Executable::create(bitwise, nullptr, status));
  EXPECT_NE(status.message().find("all_reduce by and of f32, which the "
                                  "runtime does not reduce"),
            std::string::npos)
      << status.message();
  EXPECT_FALSE(Executable::create(
      collectiveProgram(CollectiveKind::AllReduce, 3, {{0, 1}, {2}}), nullptr,
      status));
  EXPECT_NE(status.message().find("groups of different sizes"),
            std::string::npos)
      << status.message();
}

TEST(CollectiveCommandTest, ChecksItsWaits) {
  Status status;
  // Only the collectives that move data run asynchronously.
  HostProgram send = collectiveProgram(CollectiveKind::Send, 2, {});
  send.commands[0].values = {0};
  send.commands[0].get<CollectiveCommand>().spec.async = true;
  EXPECT_FALSE(Executable::create(send, nullptr, status));
  EXPECT_NE(status.message().find("send cannot run asynchronously"),
            std::string::npos)
      << status.message();
  // A Wait names an asynchronous collective and its values.
  HostProgram program =
      collectiveProgram(CollectiveKind::AllReduce, 2, {{0, 1}});
  program.commands.push_back(Command(WaitCommand{0}, {0, 1}));
  EXPECT_FALSE(Executable::create(program, nullptr, status));
  EXPECT_NE(status.message().find("wait for no asynchronous collective"),
            std::string::npos)
      << status.message();
  program.commands[0].get<CollectiveCommand>().spec.async = true;
  program.commands[1].values = {0};
  EXPECT_FALSE(Executable::create(program, nullptr, status));
  EXPECT_NE(status.message().find("with other values"), std::string::npos)
      << status.message();
}

/// all_reduce (a sum) of argument 0 (4 f32) into arena value 1, started
/// asynchronously; argument 0 copied to result 1 meanwhile; then the Wait
/// (placed by `waitFirst` before the start instead) and the sum copied to
/// result 0.
HostProgram asyncProgram(bool waitFirst) {
  HostProgram program;
  BufferType type{{4}, 4, "f32"};
  program.values = {{type, ValueKind::Argument, 0, 0},
                    {type, ValueKind::Arena, 0, 0},
                    {type, ValueKind::Result, 0, 0},
                    {type, ValueKind::Result, 1, 0}};
  CollectiveCommand sum;
  sum.spec.kind = CollectiveKind::AllReduce;
  sum.spec.groups = {{0, 1}};
  sum.spec.numReplicas = 2;
  sum.spec.async = true;
  Command start(std::move(sum), {0, 1}, "sum.mlir:2:3");
  Command copy(CopyCommand(), {0, 3});
  Command wait(WaitCommand{waitFirst ? 1 : 0}, {0, 1}, start.location);
  Command result(CopyCommand(), {1, 2});
  program.commands = waitFirst
                         ? std::vector<Command>{wait, start, copy, result}
                         : std::vector<Command>{start, copy, wait, result};
  program.arguments = {0};
  program.results = {2, 3};
  program.arenaBytes = 16;
  return program;
}

/// Runs `executable` as replicas 0 and 1 of a 2x1 grid at once, each
/// with an argument of 4 f32 (10 x replica + i); per replica, its results'
/// elements (none where its run failed), and the runs' statuses.
std::vector<Status>
runReplicas(Executable &executable,
            std::vector<std::vector<std::vector<float>>> &results) {
  CpuDevice device(1);
  LocalCommunicator communicator(2);
  results.assign(2, {});
  return runProcesses(communicator, [&](int64_t self) {
    auto in = device.allocate({{4}, 4, "f32"});
    for (int i = 0; i < 4; ++i)
      static_cast<float *>(in->data())[i] = float(10 * self + i);
    ProcessInfo process;
    process.replica = self;
    process.numReplicas = 2;
    process.communicator = &communicator;
    std::vector<std::shared_ptr<Buffer>> out;
    Status run =
        executable.execute(device, {in}, out, {}, nullptr, {}, &process);
    if (run)
      for (const std::shared_ptr<Buffer> &buffer : out) {
        auto *data = static_cast<float *>(buffer->data());
        results[self].emplace_back(data,
                                   data + buffer->getType().getNumElements());
      }
    return run;
  });
}

TEST(CollectiveCommandTest, AsyncAllReduceCompletesAtItsWait) {
  Status status;
  std::unique_ptr<Executable> executable =
      Executable::create(asyncProgram(false), nullptr, status);
  ASSERT_TRUE(executable) << status.message();
  EXPECT_EQ(describeCommand(executable->getProgram(),
                            executable->getProgram().commands[0]),
            "start all_reduce");
  EXPECT_EQ(describeCommand(executable->getProgram(),
                            executable->getProgram().commands[2]),
            "wait all_reduce");
  // Several runs reuse each context's collective thread.
  for (int repeat = 0; repeat < 3; ++repeat) {
    std::vector<std::vector<std::vector<float>>> results;
    for (const Status &run : runReplicas(*executable, results))
      ASSERT_TRUE(run) << run.message();
    for (int self = 0; self < 2; ++self) {
      ASSERT_EQ(results[self].size(), 2u);
      EXPECT_EQ(results[self][0], (std::vector<float>{10, 12, 14, 16}));
      EXPECT_EQ(
          results[self][1],
          (std::vector<float>{float(10 * self), float(10 * self + 1),
                              float(10 * self + 2), float(10 * self + 3)}));
    }
  }
}

TEST(CollectiveCommandTest, AWaitBeforeItsStartFails) {
  Status status;
  std::unique_ptr<Executable> executable =
      Executable::create(asyncProgram(true), nullptr, status);
  ASSERT_TRUE(executable) << status.message();
  std::vector<std::vector<std::vector<float>>> results;
  for (const Status &run : runReplicas(*executable, results)) {
    ASSERT_FALSE(run);
    EXPECT_EQ(run.location(), "sum.mlir:2:3");
    EXPECT_NE(run.message().find("not started"), std::string::npos)
        << run.message();
  }
}

TEST(CollectiveCommandTest, BroadcastsBetweenTwoRuns) {
  Status status;
  std::unique_ptr<Executable> executable = Executable::create(
      collectiveProgram(CollectiveKind::Broadcast, 2, {{1, 0}}), nullptr,
      status);
  ASSERT_TRUE(executable) << status.message();
  // Without a parallel run the program's 2x1 grid is missing.
  CpuDevice device(1);
  auto argument = device.allocate({{4}, 4, "f32"});
  std::vector<std::shared_ptr<Buffer>> results;
  Status single = executable->execute(device, {argument}, results);
  ASSERT_FALSE(single);
  EXPECT_NE(single.message().find("compiled for 2 replicas"), std::string::npos)
      << single.message();
  // Two runs of the one executable at once, as replicas 0 and 1: member 0
  // of the group (replica 1) sends.
  std::vector<std::vector<std::vector<float>>> got;
  for (const Status &run : runReplicas(*executable, got))
    ASSERT_TRUE(run) << run.message();
  for (int self = 0; self < 2; ++self)
    EXPECT_EQ(got[self], (std::vector<std::vector<float>>{{10, 11, 12, 13}}));
}

} // namespace
