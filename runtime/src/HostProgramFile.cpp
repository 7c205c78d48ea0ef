//===- HostProgramFile.cpp - Host programs as bytes ----------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Little-endian fixed-width integers, length-prefixed strings and lists;
// each struct field by field, in declaration order; a command its kind,
// values, device and location around the fields of its kind's struct alone.
//
//===----------------------------------------------------------------------===//

#include "hlox/runtime/HostProgramFile.h"

#include "ByteStream.h"

#include "hlox/ffi/Attributes.h"

#include <cstring>
#include <type_traits>
#include <variant>

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
                 c.nchwResult, c.pool, c.kernelOhwi})
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
                  &c.nchwResult, &c.pool, &c.kernelOhwi})
    *b = r.flag();
  r.fixed(c.poolWindow);
  r.fixed(c.poolStrides);
  r.fixed(c.poolPadding);
  c.poolHeight = r.i64();
  c.poolWidth = r.i64();
  return c;
}

void writeCollective(ByteWriter &w, const CollectiveSpec &c) {
  w.u64(static_cast<uint64_t>(c.kind));
  w.u64(c.groups.size());
  for (const std::vector<int64_t> &group : c.groups)
    w.ints(group);
  std::vector<int64_t> pairs;
  for (auto [source, target] : c.pairs)
    pairs.insert(pairs.end(), {source, target});
  w.ints(pairs);
  for (int64_t v : {c.root, c.channel, c.numReplicas, c.numPartitions})
    w.i64(v);
  w.u64(static_cast<uint64_t>(c.reduction));
  w.flag(c.async);
}

CollectiveSpec readCollective(ByteReader &r) {
  CollectiveSpec c;
  c.kind = r.enumeration(CollectiveKind::AllReduce);
  c.groups.resize(r.count(8));
  for (std::vector<int64_t> &group : c.groups)
    group = r.ints();
  std::vector<int64_t> pairs = r.ints();
  for (size_t i = 0; i + 1 < pairs.size(); i += 2)
    c.pairs.emplace_back(pairs[i], pairs[i + 1]);
  for (int64_t *v : {&c.root, &c.channel, &c.numReplicas, &c.numPartitions})
    *v = r.i64();
  c.reduction = r.enumeration(ReductionKind::Or);
  c.async = r.flag();
  return c;
}

/// The kind, the values, the device, the kind's own fields, the location.
void writeCommand(ByteWriter &w, const Command &c) {
  w.u64(static_cast<uint64_t>(c.getKind()));
  w.ints(c.values);
  w.i64(c.device);
  std::visit(
      [&](const auto &op) {
        using Op = std::decay_t<decltype(op)>;
        if constexpr (std::is_same_v<Op, DispatchCommand>) {
          w.i64(op.kernel);
          w.i64(op.workgroups);
          w.i64(op.minPerChunk);
        } else if constexpr (std::is_same_v<Op, HostCallCommand>) {
          w.i64(op.callee);
          w.i64(op.numResults);
        } else if constexpr (std::is_same_v<Op, CustomCallCommand>) {
          w.string(op.target);
          w.flag(op.attributes != nullptr);
          if (op.attributes)
            writeDict(w, *op.attributes->getView());
          w.u64(op.layouts.size());
          for (const std::vector<int64_t> &layout : op.layouts)
            w.ints(layout);
          w.i64(op.numResults);
        } else if constexpr (std::is_same_v<Op, JumpCommand>) {
          w.i64(op.target);
        } else if constexpr (std::is_same_v<Op, BranchCommand>) {
          w.ints(op.targets);
          w.i64(op.offset);
          w.i64(op.scalarBytes);
        } else if constexpr (std::is_same_v<Op, RngCommand>) {
          w.u64(static_cast<uint64_t>(op.spec.distribution));
          w.u64(static_cast<uint64_t>(op.spec.element));
          w.u64(static_cast<uint64_t>(op.spec.smallFloat));
        } else if constexpr (std::is_same_v<Op, MatmulCommand>) {
          const MatmulSpec &m = op.spec;
          for (int64_t v : {m.batch, m.m, m.n, m.k})
            w.i64(v);
          for (bool b : {m.transposeLhs, m.transposeRhs, m.hloxKernel,
                         m.epilogue, m.bias, m.addend, m.relu, m.geluTanh})
            w.flag(b);
          w.u64(static_cast<uint64_t>(m.operandElement));
          w.u64(static_cast<uint64_t>(m.resultElement));
          w.i64(op.epilogueKernel);
        } else if constexpr (std::is_same_v<Op, ConvolutionCommand>) {
          writeConvolution(w, op.spec);
          w.flag(op.hasShortcut);
          if (op.hasShortcut)
            writeConvolution(w, op.shortcut);
        } else if constexpr (std::is_same_v<Op, CollectiveCommand>) {
          writeCollective(w, op.spec);
        } else if constexpr (std::is_same_v<Op, WaitCommand>) {
          w.i64(op.start);
        } else {
          static_assert(std::is_same_v<Op, CopyCommand>, "a command kind");
        }
      },
      c.op);
  w.string(c.location);
}

Command readCommand(ByteReader &r) {
  Command c;
  switch (r.enumeration(CommandKind::Wait)) {
  case CommandKind::Dispatch:
    c.op = DispatchCommand();
    break;
  case CommandKind::Copy:
    c.op = CopyCommand();
    break;
  case CommandKind::HostCall:
    c.op = HostCallCommand();
    break;
  case CommandKind::CustomCall:
    c.op = CustomCallCommand();
    break;
  case CommandKind::Jump:
    c.op = JumpCommand();
    break;
  case CommandKind::Branch:
    c.op = BranchCommand();
    break;
  case CommandKind::Rng:
    c.op = RngCommand();
    break;
  case CommandKind::Matmul:
    c.op = MatmulCommand();
    break;
  case CommandKind::Convolution:
    c.op = ConvolutionCommand();
    break;
  case CommandKind::Collective:
    c.op = CollectiveCommand();
    break;
  case CommandKind::Wait:
    c.op = WaitCommand();
    break;
  }
  c.values = r.ints();
  c.device = r.i64();
  std::visit(
      [&](auto &op) {
        using Op = std::decay_t<decltype(op)>;
        if constexpr (std::is_same_v<Op, DispatchCommand>) {
          op.kernel = r.i64();
          op.workgroups = r.i64();
          op.minPerChunk = r.i64();
        } else if constexpr (std::is_same_v<Op, HostCallCommand>) {
          op.callee = r.i64();
          op.numResults = r.i64();
        } else if constexpr (std::is_same_v<Op, CustomCallCommand>) {
          op.target = r.string();
          if (r.flag()) {
            auto attributes = std::make_shared<ffi::AttributeMap>();
            readDict(r, *attributes, 0);
            op.attributes = std::move(attributes);
          }
          op.layouts.resize(r.count(8));
          for (std::vector<int64_t> &layout : op.layouts)
            layout = r.ints();
          op.numResults = r.i64();
        } else if constexpr (std::is_same_v<Op, JumpCommand>) {
          op.target = r.i64();
        } else if constexpr (std::is_same_v<Op, BranchCommand>) {
          op.targets = r.ints();
          op.offset = r.i64();
          op.scalarBytes = r.i64();
        } else if constexpr (std::is_same_v<Op, RngCommand>) {
          op.spec.distribution = r.enumeration(RngDistribution::Normal);
          op.spec.element = r.enumeration(RngElement::SmallFloat);
          op.spec.smallFloat = r.enumeration(numerics::SmallFloat::F8E8M0FNU);
        } else if constexpr (std::is_same_v<Op, MatmulCommand>) {
          MatmulSpec &m = op.spec;
          for (int64_t *v : {&m.batch, &m.m, &m.n, &m.k})
            *v = r.i64();
          for (bool *b :
               {&m.transposeLhs, &m.transposeRhs, &m.hloxKernel, &m.epilogue,
                &m.bias, &m.addend, &m.relu, &m.geluTanh})
            *b = r.flag();
          m.operandElement = r.enumeration(MatmulElement::F16);
          m.resultElement = r.enumeration(MatmulElement::F16);
          op.epilogueKernel = r.i64();
        } else if constexpr (std::is_same_v<Op, ConvolutionCommand>) {
          op.spec = readConvolution(r);
          op.hasShortcut = r.flag();
          if (op.hasShortcut)
            op.shortcut = readConvolution(r);
        } else if constexpr (std::is_same_v<Op, CollectiveCommand>) {
          op.spec = readCollective(r);
        } else if constexpr (std::is_same_v<Op, WaitCommand>) {
          op.start = r.i64();
        }
      },
      c.op);
  c.location = r.string();
  return c;
}

} // namespace

std::string runtime::serializeHostProgram(const HostProgram &program) {
  ByteWriter w;
  w.out.append(kMagic);
  w.u64(kHostProgramFormatVersion);
  w.u64(program.devices.size());
  for (const std::string &device : program.devices)
    w.string(device);
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
  read.devices.resize(r.count(8));
  for (std::string &device : read.devices)
    device = r.string();
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
