//===- CommunicatorTest.cpp - Collectives between threads ----------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/runtime/Communicator.h"
#include "hlox/runtime/Device.h"
#include "hlox/runtime/Executable.h"

#include <gtest/gtest.h>

#include <functional>
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
  Command command;
  command.kind = CommandKind::Collective;
  command.values = {0, 1};
  command.collective.kind = kind;
  command.collective.groups = std::move(groups);
  command.collective.numReplicas = replicas;
  program.commands = {command};
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
  LocalCommunicator communicator(2);
  std::vector<std::vector<float>> got(2);
  std::vector<Status> statuses = runProcesses(communicator, [&](int64_t self) {
    auto in = device.allocate({{4}, 4, "f32"});
    for (int i = 0; i < 4; ++i)
      static_cast<float *>(in->data())[i] = float(10 * self + i);
    ProcessInfo process;
    process.replica = self;
    process.numReplicas = 2;
    process.communicator = &communicator;
    std::vector<std::shared_ptr<Buffer>> out;
    Status run =
        executable->execute(device, {in}, out, {}, nullptr, {}, &process);
    if (run)
      got[self].assign(static_cast<float *>(out[0]->data()),
                       static_cast<float *>(out[0]->data()) + 4);
    return run;
  });
  for (const Status &run : statuses)
    ASSERT_TRUE(run) << run.message();
  for (int self = 0; self < 2; ++self)
    EXPECT_EQ(got[self], (std::vector<float>{10, 11, 12, 13}));
}

} // namespace
