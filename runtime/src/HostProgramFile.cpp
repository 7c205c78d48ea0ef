//===- HostProgramFile.cpp - Host programs as bytes ----------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Little-endian fixed-width integers, length-prefixed strings and lists;
// each struct field by field, in declaration order.
//
//===----------------------------------------------------------------------===//

#include "hlox/runtime/HostProgramFile.h"

#include "ByteStream.h"

#include "hlox/ffi/Attributes.h"

#include <cstring>
#include <type_traits>

using namespace hlox;
using namespace hlox::runtime;

namespace {

constexpr std::string_view kMagic = "HLOXHOST";

//===----------------------------------------------------------------------===//
// Attributes (custom calls)
//===----------------------------------------------------------------------===//

bool isInteger(HloxFfiAttrKind kind) {
  return kind >= HLOX_FFI_ATTR_I8 && kind <= HLOX_FFI_ATTR_U64;
}

void writeDict(ByteWriter &w, const HloxFfiDict &dict) {
  w.u64(static_cast<uint64_t>(dict.size));
  for (int64_t i = 0; i < dict.size; ++i) {
    w.bytes(dict.names[i].data, static_cast<size_t>(dict.names[i].size));
    const HloxFfiAttr &attr = dict.values[i];
    w.u64(attr.kind);
    switch (attr.kind) {
    case HLOX_FFI_ATTR_STRING: {
      auto *string = static_cast<const HloxFfiString *>(attr.value);
      w.bytes(string->data, static_cast<size_t>(string->size));
      break;
    }
    case HLOX_FFI_ATTR_ARRAY: {
      auto *array = static_cast<const HloxFfiArray *>(attr.value);
      w.u64(array->element_kind);
      w.bytes(array->data, static_cast<size_t>(array->size) *
                               ffi::getScalarBytes(array->element_kind));
      break;
    }
    case HLOX_FFI_ATTR_DICT:
      writeDict(w, *static_cast<const HloxFfiDict *>(attr.value));
      break;
    default:
      w.bytes(attr.value, ffi::getScalarBytes(attr.kind));
      break;
    }
  }
}

void readDict(ByteReader &r, ffi::AttributeMap &map, int depth) {
  if (depth > 64)
    return r.fail();
  size_t size = r.count(9);
  for (size_t i = 0; i < size && !r.failed(); ++i) {
    std::string name = r.string();
    auto kind = r.enumeration(HLOX_FFI_ATTR_DICT);
    if (r.failed() || kind == HLOX_FFI_ATTR_INVALID || map.contains(name))
      return r.fail();
    switch (kind) {
    case HLOX_FFI_ATTR_STRING:
      map.addString(name, r.string());
      break;
    case HLOX_FFI_ATTR_ARRAY: {
      auto element = r.enumeration(HLOX_FFI_ATTR_F64);
      std::string_view data = r.bytes();
      size_t width = ffi::getScalarBytes(element);
      if (r.failed() || !width || data.size() % width)
        return r.fail();
      map.addArray(name, element, data.data(),
                   static_cast<int64_t>(data.size() / width));
      break;
    }
    case HLOX_FFI_ATTR_DICT:
      readDict(r, map.addDictionary(name), depth + 1);
      break;
    default: {
      std::string_view data = r.bytes();
      if (r.failed() || data.size() != ffi::getScalarBytes(kind))
        return r.fail();
      if (kind == HLOX_FFI_ATTR_BOOL) {
        map.addBool(name, data[0] != 0);
      } else if (isInteger(kind)) {
        uint64_t value = 0;
        std::memcpy(&value, data.data(), data.size());
        map.addInteger(name, kind, value);
      } else if (kind == HLOX_FFI_ATTR_F32) {
        float value;
        std::memcpy(&value, data.data(), 4);
        map.addFloat(name, kind, value);
      } else {
        double value;
        std::memcpy(&value, data.data(), 8);
        map.addFloat(name, kind, value);
      }
      break;
    }
    }
  }
}

//===----------------------------------------------------------------------===//
// Programs
//===----------------------------------------------------------------------===//

void writeType(ByteWriter &w, const BufferType &type) {
  w.ints(type.shape);
  w.i64(type.elementBytes);
  w.string(type.elementName);
}

BufferType readType(ByteReader &r) {
  BufferType type;
  type.shape = r.ints();
  type.elementBytes = r.i64();
  type.elementName = r.string();
  return type;
}

void writeConvolution(ByteWriter &w, const ConvolutionSpec &c) {
  for (int64_t v :
       {c.batch, c.inChannels, c.height, c.width, c.outChannels, c.kernelHeight,
        c.kernelWidth, c.outHeight, c.outWidth, c.groups})
    w.i64(v);
  w.fixed(c.strides);
  w.fixed(c.dilations);
  w.fixed(c.padding);
  for (bool b : {c.nhwc, c.kernelOihw, c.bf16, c.bias, c.addend, c.relu,
                 c.nchwResult, c.pool})
    w.flag(b);
  w.fixed(c.poolWindow);
  w.fixed(c.poolStrides);
  w.fixed(c.poolPadding);
  w.i64(c.poolHeight);
  w.i64(c.poolWidth);
}

ConvolutionSpec readConvolution(ByteReader &r) {
  ConvolutionSpec c;
  for (int64_t *v :
       {&c.batch, &c.inChannels, &c.height, &c.width, &c.outChannels,
        &c.kernelHeight, &c.kernelWidth, &c.outHeight, &c.outWidth, &c.groups})
    *v = r.i64();
  r.fixed(c.strides);
  r.fixed(c.dilations);
  r.fixed(c.padding);
  for (bool *b : {&c.nhwc, &c.kernelOihw, &c.bf16, &c.bias, &c.addend, &c.relu,
                  &c.nchwResult, &c.pool})
    *b = r.flag();
  r.fixed(c.poolWindow);
  r.fixed(c.poolStrides);
  r.fixed(c.poolPadding);
  c.poolHeight = r.i64();
  c.poolWidth = r.i64();
  return c;
}

void writeCommand(ByteWriter &w, const Command &c) {
  w.u64(static_cast<uint64_t>(c.kind));
  w.i64(c.kernel);
  w.ints(c.values);
  w.i64(c.workgroups);
  w.i64(c.minPerChunk);
  w.i64(c.callee);
  w.i64(c.numResults);
  w.string(c.target);
  w.flag(c.attributes != nullptr);
  if (c.attributes)
    writeDict(w, *c.attributes->getView());
  w.u64(c.layouts.size());
  for (const std::vector<int64_t> &layout : c.layouts)
    w.ints(layout);
  w.ints(c.targets);
  w.i64(c.offset);
  w.i64(c.scalarBytes);
  w.u64(static_cast<uint64_t>(c.rng.distribution));
  w.u64(static_cast<uint64_t>(c.rng.element));
  w.u64(static_cast<uint64_t>(c.rng.smallFloat));
  for (int64_t v : {c.matmul.batch, c.matmul.m, c.matmul.n, c.matmul.k})
    w.i64(v);
  for (bool b : {c.matmul.transposeLhs, c.matmul.transposeRhs,
                 c.matmul.hloxKernel, c.matmul.epilogue})
    w.flag(b);
  writeConvolution(w, c.convolution);
  w.flag(c.hasShortcut);
  writeConvolution(w, c.shortcut);
  w.u64(static_cast<uint64_t>(c.collective.kind));
  w.u64(c.collective.groups.size());
  for (const std::vector<int64_t> &group : c.collective.groups)
    w.ints(group);
  std::vector<int64_t> pairs;
  for (auto [source, target] : c.collective.pairs)
    pairs.insert(pairs.end(), {source, target});
  w.ints(pairs);
  for (int64_t v : {c.collective.root, c.collective.channel,
                    c.collective.numReplicas, c.collective.numPartitions})
    w.i64(v);
  w.u64(static_cast<uint64_t>(c.collective.reduction));
  w.flag(c.collective.async);
  w.string(c.location);
}

Command readCommand(ByteReader &r) {
  Command c;
  c.kind = r.enumeration(CommandKind::Wait);
  c.kernel = r.i64();
  c.values = r.ints();
  c.workgroups = r.i64();
  c.minPerChunk = r.i64();
  c.callee = r.i64();
  c.numResults = r.i64();
  c.target = r.string();
  if (r.flag()) {
    auto attributes = std::make_shared<ffi::AttributeMap>();
    readDict(r, *attributes, 0);
    c.attributes = std::move(attributes);
  }
  c.layouts.resize(r.count(8));
  for (std::vector<int64_t> &layout : c.layouts)
    layout = r.ints();
  c.targets = r.ints();
  c.offset = r.i64();
  c.scalarBytes = r.i64();
  c.rng.distribution = r.enumeration(RngDistribution::Normal);
  c.rng.element = r.enumeration(RngElement::SmallFloat);
  c.rng.smallFloat = r.enumeration(numerics::SmallFloat::F8E8M0FNU);
  for (int64_t *v : {&c.matmul.batch, &c.matmul.m, &c.matmul.n, &c.matmul.k})
    *v = r.i64();
  for (bool *b : {&c.matmul.transposeLhs, &c.matmul.transposeRhs,
                  &c.matmul.hloxKernel, &c.matmul.epilogue})
    *b = r.flag();
  c.convolution = readConvolution(r);
  c.hasShortcut = r.flag();
  c.shortcut = readConvolution(r);
  c.collective.kind = r.enumeration(CollectiveKind::AllReduce);
  c.collective.groups.resize(r.count(8));
  for (std::vector<int64_t> &group : c.collective.groups)
    group = r.ints();
  std::vector<int64_t> pairs = r.ints();
  for (size_t i = 0; i + 1 < pairs.size(); i += 2)
    c.collective.pairs.emplace_back(pairs[i], pairs[i + 1]);
  for (int64_t *v : {&c.collective.root, &c.collective.channel,
                     &c.collective.numReplicas, &c.collective.numPartitions})
    *v = r.i64();
  c.collective.reduction = r.enumeration(ReductionKind::Or);
  c.collective.async = r.flag();
  c.location = r.string();
  return c;
}

} // namespace

std::string runtime::serializeHostProgram(const HostProgram &program) {
  ByteWriter w;
  w.out.append(kMagic);
  w.u64(kHostProgramFormatVersion);
  w.u64(program.values.size());
  for (const ValueInfo &value : program.values) {
    writeType(w, value.type);
    w.u64(static_cast<uint64_t>(value.kind));
    w.i64(value.index);
    w.i64(value.offset);
  }
  w.u64(program.constants.size());
  for (const std::vector<uint8_t> &constant : program.constants)
    w.bytes(constant.data(), constant.size());
  w.u64(program.commands.size());
  for (const Command &command : program.commands)
    writeCommand(w, command);
  w.u64(program.kernelNames.size());
  for (const std::string &name : program.kernelNames)
    w.string(name);
  w.ints(program.arguments);
  w.ints(program.results);
  w.ints(program.argumentResults);
  w.i64(program.arenaBytes);
  w.i64(program.unsharedArenaBytes);
  w.i64(program.flops);
  return std::move(w.out);
}

Status runtime::deserializeHostProgram(std::string_view bytes,
                                       HostProgram &program) {
  if (bytes.substr(0, kMagic.size()) != kMagic)
    return Status::error("not a host program");
  ByteReader r(bytes.substr(kMagic.size()));
  uint64_t version = r.u64();
  if (r.failed())
    return Status::error("truncated host program");
  if (version != kHostProgramFormatVersion)
    return Status::error("host program of format version " +
                         std::to_string(version) + "; this runtime reads " +
                         std::to_string(kHostProgramFormatVersion));
  HostProgram read;
  read.values.resize(r.count(32));
  for (ValueInfo &value : read.values) {
    value.type = readType(r);
    value.kind = r.enumeration(ValueKind::Result);
    value.index = r.i64();
    value.offset = r.i64();
  }
  read.constants.resize(r.count(8));
  for (std::vector<uint8_t> &constant : read.constants) {
    std::string_view data = r.bytes();
    constant.assign(data.begin(), data.end());
  }
  read.commands.resize(r.count(64));
  for (Command &command : read.commands) {
    if (r.failed())
      break;
    command = readCommand(r);
  }
  read.kernelNames.resize(r.count(8));
  for (std::string &name : read.kernelNames)
    name = r.string();
  read.arguments = r.ints();
  read.results = r.ints();
  read.argumentResults = r.ints();
  read.arenaBytes = r.i64();
  read.unsharedArenaBytes = r.i64();
  read.flops = r.i64();
  if (r.failed() || !r.atEnd())
    return Status::error("malformed or truncated host program");
  program = std::move(read);
  return {};
}
