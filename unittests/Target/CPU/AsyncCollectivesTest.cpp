//===- AsyncCollectivesTest.cpp - Where compiled collectives are waited for
//===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// The host program the CPU compiler makes for a program of 2 partitions
// starts each data-moving collective asynchronously and waits for it just
// before the first command that reads its result, before control flow and
// before a synchronous collective; with asyncCollectives off it has no Wait.
//
//===----------------------------------------------------------------------===//

#include "hlox/InitAll.h"
#include "hlox/Target/CPU/Compiler.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace mlir;
using namespace hlox;
using runtime::CommandKind;

namespace {

class AsyncCollectivesTest : public ::testing::Test {
protected:
  AsyncCollectivesTest() {
    DialectRegistry registry;
    registerAllDialects(registry);
    cpu::registerCompilerDialects(registry);
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
  }

  /// The host program of `source` compiled with or without asynchronous
  /// collectives.
  runtime::HostProgram compile(const char *source, bool async) {
    OwningOpRef<ModuleOp> module =
        parseSourceString<ModuleOp>(source, &context);
    EXPECT_TRUE(module);
    cpu::CompileOptions options;
    options.asyncCollectives = async;
    FailureOr<std::unique_ptr<CompiledProgram>> compiled =
        cpu::compile(*module, options);
    EXPECT_TRUE(succeeded(compiled));
    return succeeded(compiled) ? (*compiled)->program : runtime::HostProgram();
  }

  MLIRContext context;
};

/// The index of the first command at or after `from` that names `value`,
/// or -1.
int64_t firstUse(const runtime::HostProgram &program, int64_t value,
                 int64_t from) {
  for (int64_t i = from; i < static_cast<int64_t>(program.commands.size()); ++i)
    if (llvm::is_contained(program.commands[i].values, value))
      return i;
  return -1;
}

// An all_reduce whose sum is read after an independent product: the
// product runs between the start and the Wait.
constexpr const char *kOverlap = R"mlir(
module attributes {mhlo.num_partitions = 2 : i32} {
  func.func @main(%x: tensor<65536xf32>, %a: tensor<64x64xf32>) -> (tensor<65536xf32>, tensor<64x64xf32>) {
    %s = "stablehlo.all_reduce"(%x) ({
    ^bb0(%l: tensor<f32>, %r: tensor<f32>):
      %t = stablehlo.add %l, %r : tensor<f32>
      stablehlo.return %t : tensor<f32>
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, use_global_device_ids} : (tensor<65536xf32>) -> tensor<65536xf32>
    %p = stablehlo.dot_general %a, %a, contracting_dims = [1] x [0] : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %e = stablehlo.exponential %s : tensor<65536xf32>
    return %e, %p : tensor<65536xf32>, tensor<64x64xf32>
  }
}
)mlir";

TEST_F(AsyncCollectivesTest, WaitsBeforeTheFirstReader) {
  runtime::HostProgram program = compile(kOverlap, /*async=*/true);
  auto start = std::find_if(program.commands.begin(), program.commands.end(),
                            [](const runtime::Command &c) {
                              return c.is<runtime::CollectiveCommand>();
                            });
  ASSERT_NE(start, program.commands.end());
  EXPECT_TRUE(start->get<runtime::CollectiveCommand>().spec.async);
  auto index = static_cast<int64_t>(start - program.commands.begin());
  int64_t sum = start->values.back();
  // The next command that names the sum is its Wait, then its reader.
  int64_t wait = firstUse(program, sum, index + 1);
  ASSERT_GE(wait, 0);
  ASSERT_TRUE(program.commands[wait].is<runtime::WaitCommand>());
  EXPECT_EQ(program.commands[wait].get<runtime::WaitCommand>().start, index);
  EXPECT_EQ(program.commands[wait].values, start->values);
  EXPECT_EQ(firstUse(program, sum, wait + 1), wait + 1);
  // The product lies in between.
  EXPECT_GT(wait, index + 1);
  // The sum keeps its bytes until the Wait: nothing between the start and
  // the Wait writes over it.
  const runtime::ValueInfo &value = program.values[sum];
  ASSERT_EQ(value.kind, runtime::ValueKind::Arena);
  for (int64_t i = index + 1; i < wait; ++i)
    for (int64_t id : program.commands[i].values) {
      const runtime::ValueInfo &other = program.values[id];
      if (other.kind != runtime::ValueKind::Arena)
        continue;
      bool disjoint = other.offset + other.type.getByteSize() <= value.offset ||
                      value.offset + value.type.getByteSize() <= other.offset;
      EXPECT_TRUE(disjoint) << "command " << i << " shares the sum's bytes";
    }

  runtime::HostProgram sync = compile(kOverlap, /*async=*/false);
  for (const runtime::Command &command : sync.commands) {
    EXPECT_FALSE(command.is<runtime::WaitCommand>());
    if (const auto *collective = command.getIf<runtime::CollectiveCommand>())
      EXPECT_FALSE(collective->spec.async);
  }
}

// An all_gather before a loop and an all_reduce inside it: the first is
// waited for before the partition id is read in place (the reshape of
// its stacked rows deferred past the independent negate), the second
// before the body jumps back.
constexpr const char *kControlFlow = R"mlir(
module attributes {mhlo.num_partitions = 2 : i32} {
  func.func @main(%x: tensor<16384xf32>) -> (tensor<32768xf32>, tensor<16384xf32>, tensor<ui32>, tensor<16384xf32>) {
    %g = "stablehlo.all_gather"(%x) {all_gather_dim = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, use_global_device_ids} : (tensor<16384xf32>) -> tensor<32768xf32>
    %n = stablehlo.negate %x : tensor<16384xf32>
    %id = stablehlo.partition_id : tensor<ui32>
    %zero = stablehlo.constant dense<0> : tensor<i32>
    %one = stablehlo.constant dense<1> : tensor<i32>
    %three = stablehlo.constant dense<3> : tensor<i32>
    %r:2 = stablehlo.while(%k = %zero, %v = %x) : tensor<i32>, tensor<16384xf32>
     cond {
      %c = stablehlo.compare LT, %k, %three : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %c : tensor<i1>
    } do {
      %s = "stablehlo.all_reduce"(%v) ({
      ^bb0(%l: tensor<f32>, %m: tensor<f32>):
        %t = stablehlo.add %l, %m : tensor<f32>
        stablehlo.return %t : tensor<f32>
      }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, use_global_device_ids} : (tensor<16384xf32>) -> tensor<16384xf32>
      %k1 = stablehlo.add %k, %one : tensor<i32>
      stablehlo.return %k1, %s : tensor<i32>, tensor<16384xf32>
    }
    return %g, %r#1, %id, %n : tensor<32768xf32>, tensor<16384xf32>, tensor<ui32>, tensor<16384xf32>
  }
}
)mlir";

// Collectives that nothing could overlap run in place: one whose result
// the next command reads, and one too small to be worth a thread.
constexpr const char *kNothingToOverlap = R"mlir(
module attributes {mhlo.num_partitions = 2 : i32} {
  func.func @main(%x: tensor<65536xf32>, %y: tensor<16xf32>, %a: tensor<64x64xf32>) -> (tensor<65536xf32>, tensor<16xf32>, tensor<64x64xf32>) {
    %s = "stablehlo.all_reduce"(%x) ({
    ^bb0(%l: tensor<f32>, %r: tensor<f32>):
      %t = stablehlo.add %l, %r : tensor<f32>
      stablehlo.return %t : tensor<f32>
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, use_global_device_ids} : (tensor<65536xf32>) -> tensor<65536xf32>
    %e = stablehlo.exponential %s : tensor<65536xf32>
    %u = "stablehlo.all_reduce"(%y) ({
    ^bb0(%l: tensor<f32>, %r: tensor<f32>):
      %t = stablehlo.add %l, %r : tensor<f32>
      stablehlo.return %t : tensor<f32>
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, use_global_device_ids} : (tensor<16xf32>) -> tensor<16xf32>
    %p = stablehlo.dot_general %a, %a, contracting_dims = [1] x [0] : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %v = stablehlo.negate %u : tensor<16xf32>
    return %e, %v, %p : tensor<65536xf32>, tensor<16xf32>, tensor<64x64xf32>
  }
}
)mlir";

TEST_F(AsyncCollectivesTest, RunsInPlaceWhatNothingOverlaps) {
  runtime::HostProgram program = compile(kNothingToOverlap, /*async=*/true);
  int64_t collectives = 0;
  for (const runtime::Command &command : program.commands) {
    EXPECT_FALSE(command.is<runtime::WaitCommand>());
    if (const auto *collective = command.getIf<runtime::CollectiveCommand>()) {
      EXPECT_FALSE(collective->spec.async);
      ++collectives;
    }
  }
  EXPECT_EQ(collectives, 2);
}

/// Checks that every started collective of `program` is waited for
/// exactly once, before the next jump, branch or collective run in place;
/// returns how many were started.
int64_t checkWaits(const runtime::HostProgram &program) {
  std::vector<int64_t> open;
  int64_t starts = 0;
  for (auto [i, command] : llvm::enumerate(program.commands)) {
    switch (command.getKind()) {
    case CommandKind::Collective:
      if (command.get<runtime::CollectiveCommand>().spec.async) {
        open.push_back(i);
        ++starts;
      } else {
        // In place while another runs: the devices could meet their
        // groups in different orders.
        EXPECT_TRUE(open.empty()) << "command " << i;
      }
      break;
    case CommandKind::Wait: {
      auto it = llvm::find(open, command.get<runtime::WaitCommand>().start);
      EXPECT_NE(it, open.end()) << "command " << i;
      if (it != open.end())
        open.erase(it);
      break;
    }
    case CommandKind::Jump:
    case CommandKind::Branch:
      EXPECT_TRUE(open.empty()) << "command " << i;
      break;
    default:
      break;
    }
  }
  EXPECT_TRUE(open.empty());
  return starts;
}

TEST_F(AsyncCollectivesTest, WaitsBeforeControlFlowAndInPlaceCollectives) {
  EXPECT_EQ(checkWaits(compile(kControlFlow, /*async=*/true)), 2);
}

// Two all_reduces one after the other, the second read first (the first
// is read with what that computes): the second stays started behind the
// first, where run in place it would overtake it.
constexpr const char *kBackToBack = R"mlir(
module attributes {mhlo.num_partitions = 2 : i32} {
  func.func @main(%x: tensor<65536xf32>, %y: tensor<65536xf32>) -> (tensor<f32>, tensor<65536xf32>) {
    %a = "stablehlo.all_reduce"(%x) ({
    ^bb0(%l: tensor<f32>, %r: tensor<f32>):
      %t = stablehlo.add %l, %r : tensor<f32>
      stablehlo.return %t : tensor<f32>
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, use_global_device_ids} : (tensor<65536xf32>) -> tensor<65536xf32>
    %b = "stablehlo.all_reduce"(%y) ({
    ^bb0(%l: tensor<f32>, %r: tensor<f32>):
      %t = stablehlo.add %l, %r : tensor<f32>
      stablehlo.return %t : tensor<f32>
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, use_global_device_ids} : (tensor<65536xf32>) -> tensor<65536xf32>
    %zero = stablehlo.constant dense<0.0> : tensor<f32>
    %e = stablehlo.reduce(%b init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<65536xf32>, tensor<f32>) -> tensor<f32>
    %eb = stablehlo.broadcast_in_dim %e, dims = [] : (tensor<f32>) -> tensor<65536xf32>
    %f = stablehlo.multiply %a, %eb : tensor<65536xf32>
    return %e, %f : tensor<f32>, tensor<65536xf32>
  }
}
)mlir";

TEST_F(AsyncCollectivesTest, KeepsTheOrderOfStartedCollectives) {
  EXPECT_EQ(checkWaits(compile(kBackToBack, /*async=*/true)), 2);
}

} // namespace
