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
  Command dispatch;
  dispatch.kind = CommandKind::Dispatch;
  dispatch.values = {0, 1, 2};
  dispatch.workgroups = 4;
  dispatch.minPerChunk = 2;
  dispatch.location = "model.mlir:3:8";
  Command custom;
  custom.kind = CommandKind::CustomCall;
  custom.target = "example.op";
  custom.numResults = 1;
  custom.values = {2, 3};
  custom.layouts = {{0}, {1, 0}};
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
  custom.attributes = attributes;
  Command branch;
  branch.kind = CommandKind::Branch;
  branch.values = {0};
  branch.targets = {4, 4};
  branch.offset = 8;
  branch.scalarBytes = 4;
  Command rng;
  rng.kind = CommandKind::Rng;
  rng.rng = {RngDistribution::Normal, RngElement::SmallFloat,
             numerics::SmallFloat::F8E5M2};
  Command matmul;
  matmul.kind = CommandKind::Matmul;
  matmul.matmul = {2, 3, 4, 5, true, false, true, true};
  Command convolution;
  convolution.kind = CommandKind::Convolution;
  convolution.convolution.batch = 8;
  convolution.convolution.padding[3] = 2;
  convolution.convolution.nhwc = true;
  convolution.convolution.pool = true;
  convolution.convolution.poolWindow[1] = 3;
  convolution.hasShortcut = true;
  convolution.shortcut.groups = 4;
  Command collective;
  collective.kind = CommandKind::Collective;
  collective.collective.kind = CollectiveKind::Permute;
  collective.collective.groups = {{0, 2}, {1}};
  collective.collective.pairs = {{0, 2}, {2, 0}};
  collective.collective.channel = 7;
  collective.collective.reduction = ReductionKind::Maximum;
  collective.collective.numReplicas = 3;
  collective.collective.async = true;
  Command wait;
  wait.kind = CommandKind::Wait;
  wait.targets = {6};
  program.commands = {dispatch, custom,      branch,     rng,
                      matmul,   convolution, collective, wait};
  program.kernelNames = {"add", "mul"};
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
  EXPECT_EQ(read.commands[1].attributes->str(),
            program.commands[1].attributes->str());
  EXPECT_EQ(read.commands[1].layouts, program.commands[1].layouts);
  EXPECT_EQ(read.commands[3].rng.smallFloat, numerics::SmallFloat::F8E5M2);
  EXPECT_TRUE(read.commands[4].matmul.epilogue);
  EXPECT_EQ(read.commands[5].convolution.padding[3], 2);
  EXPECT_EQ(read.commands[5].shortcut.groups, 4);
  EXPECT_EQ(read.commands[6].collective.kind, CollectiveKind::Permute);
  EXPECT_EQ(read.commands[6].collective.groups,
            program.commands[6].collective.groups);
  EXPECT_EQ(read.commands[6].collective.pairs,
            program.commands[6].collective.pairs);
  EXPECT_EQ(read.commands[6].collective.channel, 7);
  EXPECT_EQ(read.commands[6].collective.numReplicas, 3);
  EXPECT_EQ(read.commands[6].collective.reduction, ReductionKind::Maximum);
  EXPECT_TRUE(read.commands[6].collective.async);
  EXPECT_EQ(read.commands[7].kind, CommandKind::Wait);
  EXPECT_EQ(read.commands[7].targets, std::vector<int64_t>{6});
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
  Command dispatch;
  dispatch.values = {0, 1, 2};
  dispatch.workgroups = 4;
  program.commands = {dispatch};
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
