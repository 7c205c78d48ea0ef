//===- HostProgramFileTest.cpp - Host programs as bytes and back ---------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/runtime/HostProgramFile.h"
#include "hlox/runtime/Executable.h"

#include <gtest/gtest.h>

#include <cstring>

using namespace hlox;
using namespace hlox::runtime;

namespace {

void addKernel(void **bindings, int64_t begin, int64_t end) {
  auto *a = static_cast<const float *>(bindings[0]);
  auto *b = static_cast<const float *>(bindings[1]);
  auto *out = static_cast<float *>(bindings[2]);
  for (int64_t i = begin; i < end; ++i)
    out[i] = a[i] + b[i];
}

class OneKernel final : public KernelLibrary {
public:
  KernelFn lookup(const std::string &name) override {
    return name == "add" ? addKernel : nullptr;
  }
};

/// A program that uses every field: all command kinds, nested custom-call
/// attributes of every kind, layouts, convolution and matmul specs.
HostProgram everything() {
  HostProgram program;
  program.values = {{{{4}, 4, "f32"}, ValueKind::Argument, 0, 0},
                    {{{4}, 4, "f32"}, ValueKind::Constant, 0, 0},
                    {{{4}, 4, "f32"}, ValueKind::Arena, 0, 64},
                    {{{2, 2}, 2, "bf16"}, ValueKind::Result, 0, 0}};
  program.constants = {{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16},
                       {}};
  Command dispatch(DispatchCommand{1, 4, 2}, {0, 1, 2}, "model.mlir:3:8");
  CustomCallCommand call;
  call.target = "example.op";
  call.numResults = 1;
  call.layouts = {{0}, {1, 0}};
  auto attributes = std::make_shared<ffi::AttributeMap>();
  attributes->addBool("flag", true);
  attributes->addInteger("i8", HLOX_FFI_ATTR_I8, 0xFF);
  attributes->addInteger("u64", HLOX_FFI_ATTR_U64, ~uint64_t(0));
  attributes->addFloat("f32", HLOX_FFI_ATTR_F32, 0.5);
  attributes->addFloat("f64", HLOX_FFI_ATTR_F64, -2.25);
  attributes->addString("name", std::string("a\0b", 3));
  int32_t ints[3] = {1, -2, 3};
  attributes->addArray("ints", HLOX_FFI_ATTR_I32, ints, 3);
  ffi::AttributeMap &nested = attributes->addDictionary("nested");
  nested.addString("deeper", "yes");
  nested.addDictionary("empty");
  call.attributes = attributes;
  Command custom(std::move(call), {2, 3});
  Command branch(BranchCommand{{4, 4}, 8, 4}, {0});
  Command rng(RngCommand{{RngDistribution::Normal, RngElement::SmallFloat,
                          numerics::SmallFloat::F8E5M2}},
              {});
  Command matmul(MatmulCommand{{2, 3, 4, 5, true, false, true, true}, 1}, {});
  ConvolutionCommand conv;
  conv.spec.batch = 8;
  conv.spec.padding[3] = 2;
  conv.spec.nhwc = true;
  conv.spec.pool = true;
  conv.spec.poolWindow[1] = 3;
  conv.hasShortcut = true;
  conv.shortcut.groups = 4;
  Command convolution(conv, {});
  CollectiveCommand permute;
  permute.spec.kind = CollectiveKind::Permute;
  permute.spec.groups = {{0, 2}, {1}};
  permute.spec.pairs = {{0, 2}, {2, 0}};
  permute.spec.channel = 7;
  permute.spec.reduction = ReductionKind::Maximum;
  permute.spec.numReplicas = 3;
  permute.spec.async = true;
  Command collective(permute, {});
  Command wait(WaitCommand{6}, {});
  wait.device = 1;
  program.commands = {dispatch, custom,      branch,     rng,
                      matmul,   convolution, collective, wait};
  program.kernelNames = {"add", "mul"};
  program.devices = {"cpu", "other"};
  program.arguments = {0};
  program.results = {3};
  program.argumentResults = {-1};
  program.arenaBytes = 128;
  program.unsharedArenaBytes = 256;
  return program;
}

TEST(HostProgramFile, RoundTripsEveryField) {
  HostProgram program = everything();
  std::string bytes = serializeHostProgram(program);
  HostProgram read;
  Status status = deserializeHostProgram(bytes, read);
  ASSERT_TRUE(status) << status.message();
  EXPECT_EQ(serializeHostProgram(read), bytes);
  EXPECT_EQ(read.values[3].type, program.values[3].type);
  EXPECT_EQ(read.constants, program.constants);
  ASSERT_EQ(read.commands.size(), 8u);
  EXPECT_EQ(read.commands[0].location, "model.mlir:3:8");
  for (size_t i = 0; i < read.commands.size(); ++i)
    EXPECT_EQ(read.commands[i].getKind(), program.commands[i].getKind());
  EXPECT_EQ(read.devices, program.devices);
  EXPECT_EQ(read.commands[0].get<DispatchCommand>().kernel, 1);
  EXPECT_EQ(read.commands[0].get<DispatchCommand>().workgroups, 4);
  EXPECT_EQ(read.commands[0].get<DispatchCommand>().minPerChunk, 2);
  const auto &readCall = read.commands[1].get<CustomCallCommand>();
  const auto &writtenCall = program.commands[1].get<CustomCallCommand>();
  EXPECT_EQ(readCall.target, "example.op");
  EXPECT_EQ(readCall.attributes->str(), writtenCall.attributes->str());
  EXPECT_EQ(readCall.layouts, writtenCall.layouts);
  EXPECT_EQ(read.commands[2].get<BranchCommand>().targets,
            (std::vector<int64_t>{4, 4}));
  EXPECT_EQ(read.commands[2].get<BranchCommand>().offset, 8);
  EXPECT_EQ(read.commands[3].get<RngCommand>().spec.smallFloat,
            numerics::SmallFloat::F8E5M2);
  EXPECT_TRUE(read.commands[4].get<MatmulCommand>().spec.epilogue);
  EXPECT_EQ(read.commands[4].get<MatmulCommand>().epilogueKernel, 1);
  const auto &readConv = read.commands[5].get<ConvolutionCommand>();
  EXPECT_EQ(readConv.spec.padding[3], 2);
  EXPECT_TRUE(readConv.hasShortcut);
  EXPECT_EQ(readConv.shortcut.groups, 4);
  const CollectiveSpec &readPermute =
      read.commands[6].get<CollectiveCommand>().spec;
  EXPECT_EQ(readPermute.kind, CollectiveKind::Permute);
  const CollectiveSpec &permute =
      program.commands[6].get<CollectiveCommand>().spec;
  EXPECT_EQ(readPermute.groups, permute.groups);
  EXPECT_EQ(readPermute.pairs, permute.pairs);
  EXPECT_EQ(readPermute.channel, 7);
  EXPECT_EQ(readPermute.numReplicas, 3);
  EXPECT_EQ(readPermute.reduction, ReductionKind::Maximum);
  EXPECT_TRUE(readPermute.async);
  EXPECT_EQ(read.commands[7].get<WaitCommand>().start, 6);
  EXPECT_EQ(read.commands[7].device, 1);
  EXPECT_EQ(read.unsharedArenaBytes, 256);
}

TEST(HostProgramFile, RejectsDamagedBytes) {
  std::string bytes = serializeHostProgram(everything());
  HostProgram read;
  // Every truncation is an error, never a read past the end.
  for (size_t size = 0; size < bytes.size(); ++size)
    EXPECT_FALSE(deserializeHostProgram(bytes.substr(0, size), read)) << size;
  EXPECT_FALSE(deserializeHostProgram(bytes + "x", read));
  // Corrupted bytes: an error or a program, never a crash or a huge
  // allocation.
  for (size_t i = 8; i < bytes.size(); i += 3) {
    std::string damaged = bytes;
    damaged[i] = static_cast<char>(damaged[i] ^ 0x5A);
    (void)deserializeHostProgram(damaged, read);
  }
  std::string other = bytes;
  other[8] = 99;
  Status status = deserializeHostProgram(other, read);
  EXPECT_FALSE(status);
  EXPECT_NE(status.message().find("format version 99"), std::string::npos)
      << status.message();
  EXPECT_FALSE(deserializeHostProgram("module {}", read));
}

TEST(HostProgramFile, ReadProgramRuns) {
  HostProgram program;
  program.values = {{{{4}, 4, "f32"}, ValueKind::Argument, 0, 0},
                    {{{4}, 4, "f32"}, ValueKind::Constant, 0, 0},
                    {{{4}, 4, "f32"}, ValueKind::Result, 0, 0}};
  float ones[4] = {1, 1, 1, 1};
  program.constants.emplace_back(reinterpret_cast<uint8_t *>(ones),
                                 reinterpret_cast<uint8_t *>(ones + 4));
  program.commands = {Command(DispatchCommand{0, 4, 1}, {0, 1, 2})};
  program.kernelNames = {"add"};
  program.arguments = {0};
  program.results = {2};
  HostProgram read;
  ASSERT_TRUE(deserializeHostProgram(serializeHostProgram(program), read));
  Status status;
  auto executable = Executable::create(std::move(read),
                                       std::make_shared<OneKernel>(), status);
  ASSERT_TRUE(executable) << status.message();
  CpuDevice device(1);
  auto argument = std::make_shared<Buffer>(BufferType{{4}, 4, "f32"});
  float values[4] = {1, 2, 3, 4};
  std::memcpy(argument->data(), values, sizeof(values));
  std::vector<std::shared_ptr<Buffer>> results;
  ASSERT_TRUE(executable->execute(device, {argument}, results));
  auto *out = static_cast<const float *>(results[0]->data());
  EXPECT_EQ(out[0], 2);
  EXPECT_EQ(out[3], 5);
}

} // namespace
