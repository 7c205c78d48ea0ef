//===- ApiTest.cpp - The C++ API ------------------------------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/api/Api.h"

#include "gtest/gtest.h"

#include <atomic>
#include <cstdio>
#include <thread>
#include <vector>

using namespace hlox::api;

namespace {

constexpr const char *kScale = R"mlir(
func.func @main(%x: tensor<4xf32>, %s: tensor<f32>) -> tensor<4xf32> {
  %0 = stablehlo.broadcast_in_dim %s, dims = [] : (tensor<f32>) -> tensor<4xf32>
  %1 = stablehlo.multiply %x, %0 : tensor<4xf32>
  return %1 : tensor<4xf32>
}
)mlir";

std::shared_ptr<Client> makeClient() {
  StatusOr<std::shared_ptr<Client>> client = Client::create({2, 16});
  EXPECT_TRUE(client.ok()) << client.getStatus().getMessage();
  return *client;
}

std::vector<float> toVector(const std::shared_ptr<Buffer> &buffer) {
  std::vector<float> values(buffer->getType().getNumElements());
  Status status = buffer->toHost(values.data(), values.size() * sizeof(float));
  EXPECT_TRUE(status.ok()) << status.getMessage();
  return values;
}

TEST(Api, CompilesAndRuns) {
  std::shared_ptr<Client> client = makeClient();
  StatusOr<std::shared_ptr<Executable>> exe = client->compile(kScale);
  ASSERT_TRUE(exe.ok()) << exe.getStatus().getMessage();
  ASSERT_EQ((*exe)->getInputTypes().size(), 2u);
  EXPECT_EQ((*exe)->getInputTypes()[0].str(), "4xf32");
  EXPECT_EQ((*exe)->getOutputTypes()[0].elementType, ElementType::F32);
  ASSERT_EQ(client->getMemorySpaces().size(), 1u);
  EXPECT_EQ(client->getMemorySpaces()[0].kind, "host");
  EXPECT_EQ(client->getMemorySpaces()[0].devices, std::vector<int>{0});
  CostReport report = (*exe)->getCostReport();
  EXPECT_EQ(report.argumentBytes, 20);
  EXPECT_EQ(report.resultBytes, 16);

  float x[4] = {1, 2, 3, 4}, s = 3;
  auto bx = client->bufferFromHost(x, ElementType::F32, {4});
  auto bs = client->bufferFromHost(&s, ElementType::F32, {});
  ASSERT_TRUE(bx.ok() && bs.ok());
  auto results = (*exe)->execute({*bx, *bs});
  ASSERT_TRUE(results.ok()) << results.getStatus().getMessage();
  EXPECT_EQ(toVector((*results)[0]), (std::vector<float>{3, 6, 9, 12}));
}

TEST(Api, ExecutableCacheAndSerialization) {
  std::shared_ptr<Client> client = makeClient();
  auto first = client->compile(kScale);
  auto second = client->compile(kScale);
  ASSERT_TRUE(first.ok() && second.ok());
  EXPECT_EQ(first->get(), second->get());
  EXPECT_EQ(client->getNumCompilations(), 1u);
  EXPECT_EQ(client->getNumCacheHits(), 1u);
  CompileOptions strict;
  strict.strictNumerics = true;
  auto third = client->compile(kScale, strict);
  ASSERT_TRUE(third.ok());
  EXPECT_NE(first->get(), third->get());

  // A static program serializes as machine code: reading it compiles
  // nothing, and it computes the same.
  std::string bytes = (*third)->serialize();
  size_t compilations = client->getNumCompilations();
  auto restored = client->deserializeExecutable(bytes);
  ASSERT_TRUE(restored.ok()) << restored.getStatus().getMessage();
  EXPECT_EQ(client->getNumCompilations(), compilations);
  float x[4] = {1, 2, 3, 4}, s = 2;
  auto bx = client->bufferFromHost(x, ElementType::F32, {4});
  auto bs = client->bufferFromHost(&s, ElementType::F32, {});
  auto results = (*restored)->execute({*bx, *bs});
  ASSERT_TRUE(results.ok()) << results.getStatus().getMessage();
  EXPECT_EQ(toVector((*results)[0]), (std::vector<float>{2, 4, 6, 8}));
  auto corrupt = client->deserializeExecutable(bytes.substr(0, 12));
  EXPECT_EQ(corrupt.getStatus().getCode(), ErrorCode::DataLoss);
  // A shape-polymorphic one as its program and options.
  CompileOptions polymorphicOptions;
  polymorphicOptions.strictNumerics = true;
  auto polymorphic = client->compile(R"mlir(
func.func @main(%x: tensor<?xf32>) -> tensor<?xf32> {
  return %x : tensor<?xf32>
}
)mlir",
                                     polymorphicOptions);
  ASSERT_TRUE(polymorphic.ok());
  auto reread = client->deserializeExecutable((*polymorphic)->serialize());
  ASSERT_TRUE(reread.ok()) << reread.getStatus().getMessage();
  EXPECT_TRUE((*reread)->getOptions().strictNumerics);
}

// Executions from several threads at once, on one executable, each with
// its own arguments and results.
TEST(Api, ConcurrentExecutions) {
  std::shared_ptr<Client> client = makeClient();
  auto exe = client->compile(kScale);
  ASSERT_TRUE(exe.ok());
  std::atomic<int> wrong{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      for (int i = 0; i < 50; ++i) {
        float x[4] = {float(t), float(i), 1, -1}, s = float(t + i);
        auto bx = client->bufferFromHost(x, ElementType::F32, {4});
        auto bs = client->bufferFromHost(&s, ElementType::F32, {});
        auto results = (*exe)->execute({*bx, *bs});
        if (!results.ok()) {
          ++wrong;
          continue;
        }
        std::vector<float> got = toVector((*results)[0]);
        for (int k = 0; k < 4; ++k)
          if (got[k] != x[k] * s)
            ++wrong;
      }
    });
  for (std::thread &thread : threads)
    thread.join();
  EXPECT_EQ(wrong.load(), 0);
}

// A result that is not ready yet feeds the next execution; the chain runs
// in order on the device's stream.
TEST(Api, AsyncChains) {
  std::shared_ptr<Client> client = makeClient();
  auto exe = client->compile(kScale);
  ASSERT_TRUE(exe.ok());
  float x[4] = {1, 2, 3, 4}, two = 2;
  auto value = *client->bufferFromHost(x, ElementType::F32, {4});
  auto scale = *client->bufferFromHost(&two, ElementType::F32, {});
  Event last = Event::ready();
  for (int i = 0; i < 10; ++i) {
    auto execution = (*exe)->executeAsync({value, scale});
    ASSERT_TRUE(execution.ok());
    value = execution->results[0];
    last = execution->done;
  }
  EXPECT_TRUE(last.wait().ok());
  EXPECT_EQ(toVector(value), (std::vector<float>{1024, 2048, 3072, 4096}));
  // Synchronous executions between asynchronous ones keep the order: one
  // whose argument is not ready yet goes through the stream, one whose
  // arguments are ready may run inline.
  for (int i = 0; i < 20; ++i) {
    auto execution = (*exe)->executeAsync({value, scale});
    ASSERT_TRUE(execution.ok());
    auto results = (*exe)->execute({execution->results[0], scale});
    ASSERT_TRUE(results.ok()) << results.getStatus().getMessage();
    value = (*results)[0];
  }
  EXPECT_EQ(toVector(value)[0], 1024.0f * (1u << 20) * (1u << 20));
}

TEST(Api, ShapePolymorphicEntry) {
  std::shared_ptr<Client> client = makeClient();
  auto exe = client->compile(R"mlir(
func.func @main(%x: tensor<?xf32>) -> tensor<?xf32> {
  %0 = stablehlo.add %x, %x : tensor<?xf32>
  return %0 : tensor<?xf32>
}
)mlir");
  ASSERT_TRUE(exe.ok()) << exe.getStatus().getMessage();
  EXPECT_EQ((*exe)->getInputTypes()[0].str(), "?xf32");
  for (int n : {3, 5}) {
    std::vector<float> x(n, 1.5f);
    auto buffer = client->bufferFromHost(x.data(), ElementType::F32, {n});
    auto results = (*exe)->execute({*buffer});
    ASSERT_TRUE(results.ok()) << results.getStatus().getMessage();
    EXPECT_EQ((*results)[0]->getType().str(), std::to_string(n) + "xf32");
    EXPECT_EQ(toVector((*results)[0]), std::vector<float>(n, 3.0f));
  }
}

TEST(Api, ElementTypesMatchPrograms) {
  std::shared_ptr<Client> client = makeClient();
  struct Case {
    ElementType type;
    const char *mlir;
  };
  for (Case c : {Case{ElementType::Pred, "i1"},
                 {ElementType::S8, "i8"},
                 {ElementType::S16, "i16"},
                 {ElementType::S32, "i32"},
                 {ElementType::S64, "i64"},
                 {ElementType::U8, "ui8"},
                 {ElementType::U16, "ui16"},
                 {ElementType::U32, "ui32"},
                 {ElementType::U64, "ui64"},
                 {ElementType::F16, "f16"},
                 {ElementType::BF16, "bf16"},
                 {ElementType::F32, "f32"},
                 {ElementType::F64, "f64"},
                 {ElementType::C64, "complex<f32>"},
                 {ElementType::C128, "complex<f64>"}}) {
    std::string type = std::string("tensor<3x") + c.mlir + ">";
    std::string program = "func.func @main(%x: " + type + ") -> " + type +
                          " {\n  return %x : " + type + "\n}\n";
    auto exe = client->compile(program);
    ASSERT_TRUE(exe.ok()) << c.mlir << ": " << exe.getStatus().getMessage();
    EXPECT_EQ((*exe)->getInputTypes()[0].elementType, c.type) << c.mlir;
    std::vector<uint8_t> bytes(3 * getElementByteWidth(c.type));
    for (size_t i = 0; i < bytes.size(); ++i)
      bytes[i] =
          static_cast<uint8_t>(c.type == ElementType::Pred ? i % 2 : i * 7);
    auto buffer = client->bufferFromHost(bytes.data(), c.type, {3});
    ASSERT_TRUE(buffer.ok()) << buffer.getStatus().getMessage();
    auto results = (*exe)->execute({*buffer});
    ASSERT_TRUE(results.ok())
        << c.mlir << ": " << results.getStatus().getMessage();
    std::vector<uint8_t> back(bytes.size());
    ASSERT_TRUE((*results)[0]->toHost(back.data(), back.size()).ok());
    EXPECT_EQ(back, bytes) << c.mlir;
  }
}

TEST(Api, ClearErrors) {
  std::shared_ptr<Client> client = makeClient();
  auto bad = client->compile("func.func @main( {");
  EXPECT_EQ(bad.getStatus().getCode(), ErrorCode::CompileError);
  EXPECT_NE(bad.getStatus().getMessage().find("program:1:"), std::string::npos)
      << bad.getStatus().getMessage();
  CompileOptions other;
  other.entry = "other";
  auto noEntry = client->compile(kScale, other);
  EXPECT_EQ(noEntry.getStatus().getCode(), ErrorCode::InvalidArgument);

  auto exe = client->compile(kScale);
  ASSERT_TRUE(exe.ok());
  float x[3] = {1, 2, 3};
  auto wrongShape = client->bufferFromHost(x, ElementType::F32, {3});
  auto s = client->bufferFromHost(x, ElementType::F32, {});
  auto run = (*exe)->execute({*wrongShape, *s});
  EXPECT_EQ(run.getStatus().getCode(), ErrorCode::InvalidArgument);
  EXPECT_NE(run.getStatus().getMessage().find("is 4xf32, got 3xf32"),
            std::string::npos)
      << run.getStatus().getMessage();
  auto dynamic = client->bufferFromHost(x, ElementType::F32, {-1});
  EXPECT_EQ(dynamic.getStatus().getCode(), ErrorCode::InvalidArgument);
}

TEST(Api, ZeroCopyBorrowsAlignedMemory) {
  std::shared_ptr<Client> client = makeClient();
  alignas(64) float x[4] = {1, 2, 3, 4};
  int released = 0;
  {
    auto borrowed = client->bufferFromHost(x, ElementType::F32, {4},
                                           HostBufferSemantics::ZeroCopy,
                                           [&] { ++released; });
    ASSERT_TRUE(borrowed.ok());
    EXPECT_TRUE((*borrowed)->isBorrowed());
    EXPECT_EQ(released, 0);
    // Misaligned memory is copied.
    auto copied = client->bufferFromHost(
        reinterpret_cast<char *>(x) + 4, ElementType::F32, {3},
        HostBufferSemantics::ZeroCopy, [&] { ++released; });
    ASSERT_TRUE(copied.ok());
    EXPECT_FALSE((*copied)->isBorrowed());
    EXPECT_EQ(released, 1);
  }
  EXPECT_EQ(released, 2);
}

constexpr const char *kChecked = R"mlir(
func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.add %x, %x : tensor<2xf32>
  check.expect_eq_const %0, dense<[2.0, 4.0]> : tensor<2xf32>
  return %0 : tensor<2xf32>
}
)mlir";

TEST(Api, RunsChecks) {
  std::shared_ptr<Client> client = makeClient();
  auto exe = client->compile(kChecked, {}, "checked.mlir");
  ASSERT_TRUE(exe.ok()) << exe.getStatus().getMessage();
  float good[2] = {1, 2}, bad[2] = {1, 3};
  auto bgood = client->bufferFromHost(good, ElementType::F32, {2});
  auto bbad = client->bufferFromHost(bad, ElementType::F32, {2});
  ASSERT_TRUE(bgood.ok() && bbad.ok());
  auto passed = (*exe)->execute({*bgood});
  ASSERT_TRUE(passed.ok()) << passed.getStatus().getMessage();
  EXPECT_EQ(toVector((*passed)[0]), (std::vector<float>{2, 4}));

  // By default a failed check fails the execution, naming where it is.
  auto failed = (*exe)->execute({*bbad});
  EXPECT_EQ(failed.getStatus().getCode(), ErrorCode::ExecutionError);
  EXPECT_NE(failed.getStatus().getMessage().find(
                "checked.mlir:4:3: check failed: 1 of 2 elements differ"),
            std::string::npos)
      << failed.getStatus().getMessage();
  // Or it finishes and reports it; skipped checks are not judged.
  ExecuteOptions report;
  report.failOnCheckFailure = false;
  auto reported = (*exe)->execute({*bbad}, report);
  ASSERT_TRUE(reported.ok()) << reported.getStatus().getMessage();
  ASSERT_EQ(reported->report->checkFailures.size(), 1u);
  EXPECT_EQ(reported->report->checkFailures[0].location, "checked.mlir:4:3");
  EXPECT_EQ(toVector(reported->results[0]), (std::vector<float>{2, 6}));
  ExecuteOptions skip;
  skip.checks = false;
  auto skipped = (*exe)->execute({*bbad}, skip);
  ASSERT_TRUE(skipped.ok()) << skipped.getStatus().getMessage();
  EXPECT_TRUE(skipped->report->checkFailures.empty());
  // Asynchronously too.
  auto async = (*exe)->executeAsync({*bbad}, ExecuteOptions());
  ASSERT_TRUE(async.ok());
  EXPECT_EQ(async->done.wait().getCode(), ErrorCode::ExecutionError);
  EXPECT_EQ(async->results[0]->getReadyEvent().wait().getCode(),
            ErrorCode::ExecutionError);
}

TEST(Api, ProfilesCommands) {
  std::shared_ptr<Client> client = makeClient();
  auto exe = client->compile(kScale);
  ASSERT_TRUE(exe.ok());
  float x[4] = {1, 2, 3, 4}, s = 3;
  auto bx = client->bufferFromHost(x, ElementType::F32, {4});
  auto bs = client->bufferFromHost(&s, ElementType::F32, {});
  ExecuteOptions options;
  options.profile = true;
  auto run = (*exe)->execute({*bx, *bs}, options);
  ASSERT_TRUE(run.ok()) << run.getStatus().getMessage();
  const ExecutionReport &report = *run->report;
  ASSERT_TRUE(report.commands);
  ASSERT_FALSE(report.timings.empty());
  for (const CommandTiming &timing : report.timings) {
    ASSERT_LT(timing.command, static_cast<int64_t>(report.commands->size()));
    EXPECT_LE(timing.startNs, timing.endNs);
  }
  EXPECT_NE((*report.commands)[report.timings[0].command].description.find(
                "dispatch"),
            std::string::npos);
  // Without profile, no timings.
  auto quiet = (*exe)->execute({*bx, *bs}, ExecuteOptions());
  ASSERT_TRUE(quiet.ok());
  EXPECT_TRUE(quiet->report->timings.empty());
}

TEST(Api, CompileReportAndFlops) {
  std::shared_ptr<Client> client = makeClient();
  auto exe = client->compile(R"mlir(
func.func @main(%a: tensor<8x16xf32>, %b: tensor<16x4xf32>) -> tensor<8x4xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}
)mlir");
  ASSERT_TRUE(exe.ok()) << exe.getStatus().getMessage();
  EXPECT_EQ((*exe)->getCostReport().flops, 2 * 8 * 4 * 16);
  CompileReport report = (*exe)->getCompileReport();
  EXPECT_FALSE(report.phaseMilliseconds.empty());
  EXPECT_EQ(report.donationResults, (std::vector<int64_t>{-1, -1}));
}

TEST(Api, DonatesArguments) {
  std::shared_ptr<Client> client = makeClient();
  auto exe = client->compile(R"mlir(
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.add %x, %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}
)mlir");
  ASSERT_TRUE(exe.ok()) << exe.getStatus().getMessage();
  ASSERT_EQ((*exe)->getCompileReport().donationResults,
            (std::vector<int64_t>{0}));
  float x[4] = {1, 2, 3, 4};
  auto bx = client->bufferFromHost(x, ElementType::F32, {4});
  ASSERT_TRUE(bx.ok());
  auto pointer = (*bx)->getHostPointer();
  ASSERT_TRUE(pointer.ok());
  // Undonated, the argument stays as it was.
  auto kept = (*exe)->execute({*bx});
  ASSERT_TRUE(kept.ok());
  EXPECT_EQ(toVector(*bx), (std::vector<float>{1, 2, 3, 4}));
  // Donated, the result takes the argument's memory and the buffer is
  // gone.
  ExecuteOptions donate;
  donate.donate = {true};
  auto run = (*exe)->execute({*bx}, donate);
  ASSERT_TRUE(run.ok()) << run.getStatus().getMessage();
  EXPECT_TRUE((*bx)->isDeleted());
  EXPECT_EQ(*run->results[0]->getHostPointer(), *pointer);
  EXPECT_EQ(toVector(run->results[0]), (std::vector<float>{2, 4, 6, 8}));
  float out[4];
  EXPECT_EQ((*bx)->toHost(out, sizeof(out)).getCode(),
            ErrorCode::InvalidArgument);
  auto again = (*exe)->execute({*bx});
  EXPECT_EQ(again.getStatus().getCode(), ErrorCode::InvalidArgument);
  // The result, donated in turn, runs again in place: a fresh identity,
  // not the old contents' (asynchronously this time).
  auto chained = (*exe)->executeAsync({run->results[0]}, donate);
  ASSERT_TRUE(chained.ok()) << chained.getStatus().getMessage();
  EXPECT_EQ(toVector(chained->results[0]), (std::vector<float>{4, 8, 12, 16}));
  // Borrowed memory cannot be donated.
  alignas(64) float y[4] = {1, 2, 3, 4};
  auto borrowed = client->bufferFromHost(y, ElementType::F32, {4},
                                         HostBufferSemantics::ZeroCopy);
  ASSERT_TRUE(borrowed.ok());
  auto refused = (*exe)->execute({*borrowed}, donate);
  EXPECT_EQ(refused.getStatus().getCode(), ErrorCode::InvalidArgument);
  EXPECT_FALSE((*borrowed)->isDeleted());
}

TEST(Api, OptionsRoundTripAsText) {
  CompileOptions options;
  options.fpContract = FpContract::All;
  options.hostControlFlow = HostControlFlow::Never;
  options.vectorize = false;
  options.libraryMinFlops = 1234;
  options.compositePaths = {{"my.op", CompositePath::Inline}};
  options.plugins = {"a.so"};
  CompileOptions read;
  ASSERT_TRUE(read.parse(options.str()));
  EXPECT_EQ(read.str(), options.str());
  EXPECT_FALSE(read.parse("vectorize=maybe\n"));
  EXPECT_FALSE(read.parse("no_such_option=1\n"));
}

TEST(Api, OtherElementTypes) {
  EXPECT_EQ(getElementByteWidth(std::string_view("f8E4M3FN")), 1u);
  EXPECT_EQ(getElementByteWidth(std::string_view("f64")), 8u);
  EXPECT_EQ(getElementByteWidth(std::string_view("i4")), 1u);
  EXPECT_EQ(getElementByteWidth(std::string_view("complex<f64>")), 16u);
  EXPECT_EQ(getElementByteWidth(std::string_view("ui32")), 4u);
  EXPECT_EQ(getElementByteWidth(std::string_view("tensor")), 0u);
  std::shared_ptr<Client> client = makeClient();
  auto exe = client->compile(R"mlir(
func.func @main(%x: tensor<3xi4>) -> tensor<3xi4> {
  %0 = stablehlo.add %x, %x : tensor<3xi4>
  return %0 : tensor<3xi4>
}
)mlir");
  ASSERT_TRUE(exe.ok()) << exe.getStatus().getMessage();
  // An i4 takes a byte, its value in the low four bits.
  int8_t x[3] = {1, 2, 3};
  auto bx = client->bufferFromHost(x, (*exe)->getInputTypes()[0]);
  ASSERT_TRUE(bx.ok()) << bx.getStatus().getMessage();
  auto run = (*exe)->execute({*bx});
  ASSERT_TRUE(run.ok()) << run.getStatus().getMessage();
  int8_t y[3];
  ASSERT_TRUE((*run)[0]->toHost(y, sizeof(y)).ok());
  EXPECT_EQ(y[0], 2);
  EXPECT_EQ(y[1], 4);
  EXPECT_EQ(y[2], 6);
}

} // namespace

namespace {

// An ahead-of-time executable (hlox-compile -o F.hlox) loads through the
// API: nothing is compiled, and it computes what the program compiled here
// does.
TEST(Api, LoadsAheadOfTimeExecutables) {
  // The build compiles unittests/API/scale.mlir to this file.
  const char *path = HLOX_AOT_EXAMPLE;
  std::FILE *file = std::fopen(path, "rb");
  ASSERT_NE(file, nullptr) << path;
  std::string bytes;
  char chunk[4096];
  for (size_t n; (n = std::fread(chunk, 1, sizeof(chunk), file)) > 0;)
    bytes.append(chunk, n);
  std::fclose(file);
  std::shared_ptr<Client> client = makeClient();
  auto exe = client->compile(bytes);
  ASSERT_TRUE(exe.ok()) << exe.getStatus().getMessage();
  EXPECT_EQ((*exe)->getInputTypes()[0].str(), "4xf32");
  EXPECT_EQ((*exe)->getCostReport().argumentBytes, 20);
  float x[4] = {1, 2, 3, 4}, s = 3;
  auto bx = client->bufferFromHost(x, ElementType::F32, {4});
  auto bs = client->bufferFromHost(&s, ElementType::F32, {});
  auto results = (*exe)->execute({*bx, *bs});
  ASSERT_TRUE(results.ok()) << results.getStatus().getMessage();
  EXPECT_EQ(toVector((*results)[0]), (std::vector<float>{3, 6, 9, 12}));
  auto again = client->deserializeExecutable((*exe)->serialize());
  ASSERT_TRUE(again.ok()) << again.getStatus().getMessage();
}

} // namespace

namespace {

// Each process adds its replica id to its operand, then the group sums.
constexpr const char *kReplicated = R"mlir(
func.func @main(%x: tensor<3xf32>) -> tensor<3xf32> {
  %id = stablehlo.replica_id : tensor<ui32>
  %c = stablehlo.convert %id : (tensor<ui32>) -> tensor<f32>
  %b = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<f32>) -> tensor<3xf32>
  %y = stablehlo.add %x, %b : tensor<3xf32>
  %0 = "stablehlo.all_reduce"(%y) ({
    ^bb0(%a: tensor<f32>, %b2: tensor<f32>):
      %s = stablehlo.add %a, %b2 : tensor<f32>
      stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
)mlir";

TEST(Api, ExecutesOnAGridOfProcesses) {
  std::shared_ptr<Client> client = makeClient();
  CompileOptions options;
  options.numReplicas = 2;
  auto exe = client->compile(kReplicated, options);
  ASSERT_TRUE(exe.ok()) << exe.getStatus().getMessage();
  float x0[3] = {1, 2, 3}, x1[3] = {10, 20, 30};
  auto b0 = client->bufferFromHost(x0, ElementType::F32, {3});
  auto b1 = client->bufferFromHost(x1, ElementType::F32, {3});
  ASSERT_TRUE(b0.ok() && b1.ok());
  Client::ParallelOptions parallel;
  parallel.numReplicas = 2;
  // Twice: the second run reuses the devices and the executable's contexts.
  for (int run = 0; run < 2; ++run) {
    auto execution =
        client->executeParallel({{*exe, {*b0}}, {*exe, {*b1}}}, parallel);
    ASSERT_TRUE(execution.ok()) << execution.getStatus().getMessage();
    ASSERT_EQ(execution->results.size(), 2u);
    for (const auto &results : execution->results)
      EXPECT_EQ(toVector(results[0]), (std::vector<float>{12, 23, 34}));
  }
  // The grid must have a process per executable, and the executable's
  // grid: a plain execution is the 1x1 grid.
  auto wrongCount = client->executeParallel({{*exe, {*b0}}}, parallel);
  EXPECT_EQ(wrongCount.getStatus().getCode(), ErrorCode::InvalidArgument);
  auto single = (*exe)->execute({*b0});
  ASSERT_FALSE(single.ok());
  EXPECT_NE(single.getStatus().getMessage().find("was compiled for 2 replicas"),
            std::string::npos)
      << single.getStatus().getMessage();
}

/// x (4x2, rows split over a mesh of 2) plus y (whole on every device,
/// each slicing its rows), the sum's rows split; the column sums
/// replicated (a reduce over the split rows' partial results meets in an
/// all_reduce).
constexpr const char *kSharded = R"(
sdy.mesh @mesh = <["x"=2]>
func.func @main(%x: tensor<4x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>},
                %y: tensor<4x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>})
    -> (tensor<4x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>},
        tensor<2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) {
  %s = stablehlo.add %x, %y : tensor<4x2xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %r = stablehlo.reduce(%s init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<4x2xf32>, tensor<f32>) -> tensor<2xf32>
  return %s, %r : tensor<4x2xf32>, tensor<2xf32>
})";

TEST(Api, PartitionsAndRunsAShardedProgram) {
  std::shared_ptr<Client> client = makeClient();
  auto exe = client->compile(kSharded);
  ASSERT_TRUE(exe.ok()) << exe.getStatus().getMessage();
  EXPECT_EQ((*exe)->getNumDevices(), 2);
  // One device's shards.
  EXPECT_EQ((*exe)->getInputTypes()[0].shape, (std::vector<int64_t>{2, 2}));
  EXPECT_EQ((*exe)->getInputTypes()[1].shape, (std::vector<int64_t>{4, 2}));
  EXPECT_EQ((*exe)->getInputShardings()[0].tiles, (std::vector<int64_t>{2, 1}));
  EXPECT_EQ((*exe)->getInputShardings()[0].deviceTiles,
            (std::vector<int64_t>{0, 0, 1, 0}));
  EXPECT_TRUE((*exe)->getInputShardings()[1].isReplicated());
  EXPECT_TRUE((*exe)->getOutputShardings()[1].isReplicated());
  EXPECT_EQ((*exe)->getCompileReport().partitioning.allReduces, 1);

  float x[8] = {1, 2, 3, 4, 5, 6, 7, 8},
        y[8] = {10, 10, 20, 20, 30, 30, 40, 40};
  auto bx = client->bufferFromHost(x, ElementType::F32, {4, 2});
  auto by = client->bufferFromHost(y, ElementType::F32, {4, 2});
  ASSERT_TRUE(bx.ok() && by.ok());
  auto execution = client->executeSharded(*exe, {*bx, *by});
  ASSERT_TRUE(execution.ok()) << execution.getStatus().getMessage();
  ASSERT_EQ(execution->results.size(), 2u);
  EXPECT_EQ(execution->results[0]->getType().shape,
            (std::vector<int64_t>{4, 2}));
  EXPECT_EQ(toVector(execution->results[0]),
            (std::vector<float>{11, 12, 23, 24, 35, 36, 47, 48}));
  EXPECT_EQ(toVector(execution->results[1]), (std::vector<float>{116, 120}));
  EXPECT_EQ(execution->reports.size(), 2u);

  // The halves: each device's shard of x, the whole y.
  auto split = client->splitArguments(**exe, {*bx, *by});
  ASSERT_TRUE(split.ok());
  EXPECT_EQ(toVector((*split)[1][0]), (std::vector<float>{5, 6, 7, 8}));
  EXPECT_EQ((*split)[1][1], *by);
  // The same buffer again: the shards split from it before (its contents
  // never change); another buffer, with other contents, splits anew.
  auto again = client->splitArguments(**exe, {*bx, *by});
  ASSERT_TRUE(again.ok());
  EXPECT_EQ((*again)[0][0], (*split)[0][0]);
  EXPECT_EQ((*again)[1][0], (*split)[1][0]);
  float z[8] = {-1, -2, -3, -4, -5, -6, -7, -8};
  auto bz = client->bufferFromHost(z, ElementType::F32, {4, 2});
  ASSERT_TRUE(bz.ok());
  auto other = client->splitArguments(**exe, {*bz, *by});
  ASSERT_TRUE(other.ok());
  EXPECT_NE((*other)[1][0], (*split)[1][0]);
  EXPECT_EQ(toVector((*other)[1][0]), (std::vector<float>{-5, -6, -7, -8}));
  auto second = client->executeSharded(*exe, {*bz, *by});
  ASSERT_TRUE(second.ok()) << second.getStatus().getMessage();
  EXPECT_EQ(toVector(second->results[0]),
            (std::vector<float>{9, 8, 17, 16, 25, 24, 33, 32}));
  // A global argument of the wrong shape is an error, not a wrong split.
  auto wrong = client->bufferFromHost(x, ElementType::F32, {2, 4});
  ASSERT_TRUE(wrong.ok());
  auto bad = client->executeSharded(*exe, {*wrong, *by});
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.getStatus().getMessage().find("its shards on 2 devices are "
                                              "2x2xf32"),
            std::string::npos)
      << bad.getStatus().getMessage();
}

} // namespace
