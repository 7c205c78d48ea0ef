//===- HostProgramBuilder.cpp - The runtime program of an entry function --===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Translates the host function that hlox-cpu-form-dispatches leaves into a
// runtime::HostProgram: arguments, constants (their bytes), one Dispatch per
// call of a dispatch, one HostCall per check, and the results. Values
// between commands live in one arena; a first-fit plan over their
// lifetimes lets values that are never live at once share bytes.
//
//===----------------------------------------------------------------------===//

#include "Internal.h"

#include "hlox/Target/CPU/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/Support/DebugLog.h"

#include <algorithm>
#include <map>

#define DEBUG_TYPE "hlox-cpu-host-program"

using namespace mlir;
using namespace hlox;
using namespace hlox::cpu;
using runtime::Command;
using runtime::CommandKind;
using runtime::HostProgram;
using runtime::ValueInfo;
using runtime::ValueKind;

int64_t hlox::cpu::getElementBytes(Type type) {
  if (auto complex = dyn_cast<ComplexType>(type))
    return 2 * getElementBytes(complex.getElementType());
  unsigned bits = type.getIntOrFloatBitWidth();
  return bits < 8 ? 1 : bits / 8;
}

/// The bytes of `value`, one element after another in the buffer layout.
static std::vector<uint8_t> serialize(DenseElementsAttr value) {
  Type element = value.getElementType();
  int64_t bytes = getElementBytes(element);
  std::vector<uint8_t> data;
  data.reserve(value.getNumElements() * bytes);
  auto append = [&](APInt bits) {
    if (bits.getBitWidth() < 8 * bytes) // a 4- or 6-bit float
      bits = bits.zext(8 * bytes);
    for (int64_t i = 0; i < bytes; ++i)
      data.push_back(static_cast<uint8_t>(
          bits.extractBitsAsZExtValue(8, 8 * i) & 0xFF));
  };
  auto appendInt = [&](APInt v) {
    append(v.getBitWidth() < 8 * bytes ? v.zext(8 * bytes) : v);
  };
  if (auto complex = dyn_cast<ComplexType>(element)) {
    bytes /= 2;
    for (std::complex<APFloat> v : value.getValues<std::complex<APFloat>>()) {
      append(v.real().bitcastToAPInt());
      append(v.imag().bitcastToAPInt());
    }
  } else if (isa<FloatType>(element)) {
    for (APFloat v : value.getValues<APFloat>())
      append(v.bitcastToAPInt());
  } else {
    for (APInt v : value.getValues<APInt>())
      appendInt(v);
  }
  return data;
}

runtime::BufferType hlox::cpu::getBufferType(RankedTensorType type,
                                             Type named) {
  Type element = named ? named : type.getElementType();
  std::string name;
  llvm::raw_string_ostream os(name);
  element.print(os);
  return {std::vector<int64_t>(type.getShape().begin(), type.getShape().end()),
          getElementBytes(type.getElementType()), name};
}

/// The buffer type of value type `type`, named after `declared` (the
/// signature's type) when given.
static runtime::BufferType bufferTypeOf(Type type, Type declared = {}) {
  return getBufferType(
      cast<RankedTensorType>(type),
      declared ? cast<RankedTensorType>(declared).getElementType() : Type());
}

static std::string locationString(Location loc) {
  std::string text;
  llvm::raw_string_ostream os(text);
  loc.print(os);
  return text;
}

/// Places the arena values of `program` by first fit over their lifetimes.
static void planArena(HostProgram &program) {
  constexpr int64_t kAlign = 64;
  size_t numValues = program.values.size();
  std::vector<int64_t> first(numValues, -1), last(numValues, -1);
  for (auto [index, command] : llvm::enumerate(program.commands))
    for (int64_t id : command.values) {
      if (first[id] < 0)
        first[id] = index;
      last[id] = index;
    }
  std::vector<int64_t> order;
  for (size_t id = 0; id < numValues; ++id)
    if (program.values[id].kind == ValueKind::Arena)
      order.push_back(id);
  llvm::stable_sort(order, [&](int64_t a, int64_t b) { return first[a] < first[b]; });
  // Live blocks: offset -> (end, last use).
  std::map<int64_t, std::pair<int64_t, int64_t>> live;
  int64_t peak = 0, unshared = 0;
  for (int64_t id : order) {
    ValueInfo &value = program.values[id];
    int64_t size = (value.type.getByteSize() + kAlign - 1) / kAlign * kAlign;
    unshared += size;
    for (auto it = live.begin(); it != live.end();)
      it = it->second.second < first[id] ? live.erase(it) : std::next(it);
    int64_t offset = 0;
    for (auto &[start, block] : live) {
      if (start - offset >= size)
        break;
      offset = std::max(offset, block.first);
    }
    value.offset = offset;
    live[offset] = {offset + size, last[id]};
    peak = std::max(peak, offset + size);
  }
  program.arenaBytes = peak;
  program.unsharedArenaBytes = unshared;
}

FailureOr<HostProgram>
hlox::cpu::buildHostProgram(func::FuncOp entry, ModuleOp module,
                            FunctionType signature,
                            std::vector<Operation *> &hostCalls) {
  HostProgram program;
  DenseMap<Value, int64_t> ids;
  auto addValue = [&](ValueInfo info) {
    program.values.push_back(std::move(info));
    return static_cast<int64_t>(program.values.size() - 1);
  };
  Block &block = entry.getBody().front();
  for (auto [i, arg] : llvm::enumerate(block.getArguments())) {
    int64_t id = addValue({bufferTypeOf(arg.getType(), signature.getInput(i)),
                           ValueKind::Argument, static_cast<int64_t>(i), 0});
    ids[arg] = id;
    program.arguments.push_back(id);
  }
  auto lookup = [&](Operation *op, Value value) -> FailureOr<int64_t> {
    auto it = ids.find(value);
    if (it == ids.end())
      return op->emitError("the CPU target cannot pass this value to the "
                           "host program");
    return it->second;
  };
  DenseMap<StringRef, int64_t> kernelIndex;
  for (Operation &op : block) {
    std::string where = locationString(op.getLoc());
    if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
      auto value = dyn_cast<DenseElementsAttr>(constant.getValue());
      if (!value || !isa<RankedTensorType>(constant.getType()))
        return op.emitError("the CPU target cannot place this constant");
      program.constants.push_back(serialize(value));
      ids[constant] = addValue(
          {bufferTypeOf(constant.getType()), ValueKind::Constant,
           static_cast<int64_t>(program.constants.size() - 1), 0});
      continue;
    }
    if (auto cast = dyn_cast<UnrealizedConversionCastOp>(op)) {
      if (cast->getNumOperands() != 1 || cast->getNumResults() != 1)
        return op.emitError("unexpected conversion cast in the host program");
      FailureOr<int64_t> id = lookup(&op, cast.getOperand(0));
      if (failed(id))
        return failure();
      ids[cast.getResult(0)] = *id;
      continue;
    }
    if (auto call = dyn_cast<func::CallOp>(op)) {
      auto kernel = module.lookupSymbol<func::FuncOp>(call.getCallee());
      if (!kernel || !kernel->hasAttr(kDispatchAttr))
        return op.emitError("call of @") << call.getCallee()
                                         << ", which is not a dispatch";
      Command command;
      command.kind = CommandKind::Dispatch;
      auto [it, inserted] =
          kernelIndex.try_emplace(call.getCallee(), program.kernelNames.size());
      if (inserted)
        program.kernelNames.push_back((call.getCallee() + kEntrySuffix).str());
      command.kernel = it->second;
      for (Value operand : call.getOperands()) {
        FailureOr<int64_t> id = lookup(&op, operand);
        if (failed(id))
          return failure();
        command.values.push_back(*id);
      }
      for (Value result : call.getResults()) {
        int64_t id = addValue({bufferTypeOf(result.getType()), ValueKind::Arena, 0, 0});
        ids[result] = id;
        command.values.push_back(id);
      }
      if (auto attr = kernel->getAttrOfType<IntegerAttr>(kWorkgroupsAttr))
        command.workgroups = std::max<int64_t>(1, attr.getInt());
      int64_t work = 1;
      if (auto attr = kernel->getAttrOfType<IntegerAttr>(kWorkAttr))
        work = std::max<int64_t>(1, attr.getInt());
      // A chunk on another thread pays off from about 64K iterations on.
      command.minPerChunk = std::max<int64_t>(1, (1 << 16) / work);
      command.location = where;
      program.commands.push_back(std::move(command));
      continue;
    }
    if (auto ret = dyn_cast<func::ReturnOp>(op)) {
      llvm::DenseSet<int64_t> taken;
      for (auto [i, operand] : llvm::enumerate(ret.getOperands())) {
        FailureOr<int64_t> id = lookup(&op, operand);
        if (failed(id))
          return failure();
        ValueInfo &value = program.values[*id];
        runtime::BufferType type =
            bufferTypeOf(operand.getType(), signature.getResult(i));
        if (value.kind == ValueKind::Arena && taken.insert(*id).second) {
          value.kind = ValueKind::Result;
          value.index = i;
          value.type = type;
          program.results.push_back(*id);
          continue;
        }
        // An argument, a constant or a value returned twice: copy it.
        int64_t copy = addValue({type, ValueKind::Result,
                                 static_cast<int64_t>(i), 0});
        Command command;
        command.kind = CommandKind::Copy;
        command.values = {*id, copy};
        command.location = where;
        program.commands.push_back(std::move(command));
        program.results.push_back(copy);
      }
      continue;
    }
    // Checks, and probes (which record a value for a later check).
    if (isHostCall(&op)) {
      Command command;
      command.kind = CommandKind::HostCall;
      command.callee = hostCalls.size();
      hostCalls.push_back(&op);
      for (Value operand : op.getOperands()) {
        FailureOr<int64_t> id = lookup(&op, operand);
        if (failed(id))
          return failure();
        command.values.push_back(*id);
      }
      for (Value result : op.getResults()) {
        if (!isa<RankedTensorType>(result.getType()))
          return op.emitError("the CPU target cannot hold a ")
                 << result.getType() << " in the host program";
        int64_t id =
            addValue({bufferTypeOf(result.getType()), ValueKind::Arena, 0, 0});
        ids[result] = id;
        command.values.push_back(id);
      }
      command.numResults = op.getNumResults();
      command.location = where;
      program.commands.push_back(std::move(command));
      continue;
    }
    return op.emitError("the CPU target cannot run '")
           << op.getName() << "' in the host program";
  }
  planArena(program);
  LDBG() << "host program: " << program.commands.size() << " commands, "
         << program.arenaBytes << "-byte arena (" << program.unsharedArenaBytes
         << " without reuse)";
  return program;
}
