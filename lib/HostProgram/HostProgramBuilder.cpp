//===- HostProgramBuilder.cpp - The runtime program of an entry function --===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Translates the host function that hlox-form-dispatches leaves into a
// runtime::HostProgram: arguments, constants (their bytes), one Dispatch per
// call of a dispatch, one HostCall per check, one CustomCall per custom
// call, one Rng per rng, and the results. Control flow
// left on the host becomes Branch and Jump commands around the commands of
// its regions:
//
//   scf.while   copy inits into carries; before; [copy forwarded values];
//               branch to exit or on; after; copy yields into carries;
//               jump back to before
//   scf.if      branch to else or then; then; copy yields; jump to end;
//               else; copy yields
//   scf.index_switch  branch to case i or the default; each region as if's
//
// Values between commands live in one arena; a first-fit plan over their
// lifetimes lets values that are never live at once share bytes. A value
// used both inside a loop and outside it lives through the whole loop.
//
//===----------------------------------------------------------------------===//

#include "hlox/HostProgram/HostProgramBuilder.h"

#include "hlox/CustomCall/HandlerView.h"
#include "hlox/Dialect/Library/IR/LibraryOps.h"
#include "hlox/Dialect/Special/IR/SpecialOps.h"
#include "hlox/Dialect/StableHLO/IR/StablehloOps.h"
#include "hlox/Evaluator/Buffers.h"
#include "hlox/HostProgram/Buffers.h"
#include "hlox/Transforms/Dispatch.h"
#include "hlox/runtime/PointwiseConvolution.h"
#include "hlox/runtime/Reduction.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/DebugLog.h"

#include <algorithm>
#include <map>
#include <optional>

#define DEBUG_TYPE "hlox-host-program"

using namespace mlir;
using namespace hlox;
using runtime::Command;
using runtime::CommandKind;
using runtime::HostProgram;
using runtime::ValueInfo;
using runtime::ValueKind;

using eval::getElementBytes;

/// The buffer type of value type `type`, named after `declared` (the
/// signature's type) when given.
static runtime::BufferType bufferTypeOf(Type type, Type declared = {}) {
  // A token passes as an empty tensor.
  auto declaredTensor = dyn_cast_or_null<RankedTensorType>(declared);
  return getBufferType(cast<RankedTensorType>(type),
                       declaredTensor ? declaredTensor.getElementType()
                                      : Type());
}

std::string hlox::getLocationText(Location loc) {
  std::string text;
  llvm::raw_string_ostream os(text);
  FileLineColLoc file;
  loc->walk([&](Location nested) {
    file = dyn_cast<FileLineColLoc>(nested);
    return file ? WalkResult::interrupt() : WalkResult::advance();
  });
  if (file)
    os << file.getFilename().getValue() << ":" << file.getLine() << ":"
       << file.getColumn();
  else
    loc.print(os);
  return text;
}

/// The first and the last command that names each value of `program` (-1
/// for none); `loops` holds the [first, last] command of each loop. An
/// argument is live from the first command on, and a value live across a
/// loop's boundary is live in all of the loop.
static void computeLifetimes(const HostProgram &program,
                             ArrayRef<std::pair<int64_t, int64_t>> loops,
                             std::vector<int64_t> &first,
                             std::vector<int64_t> &last) {
  size_t numValues = program.values.size();
  first.assign(numValues, -1);
  last.assign(numValues, -1);
  for (auto [index, command] : llvm::enumerate(program.commands))
    for (int64_t id : command.values) {
      if (first[id] < 0)
        first[id] = index;
      last[id] = index;
    }
  for (int64_t id : program.arguments)
    if (first[id] >= 0)
      first[id] = 0;
  // A value live across a loop's boundary is live in all of the loop: the
  // loop reads it again in its next iteration. Inner loops first, so that
  // what they extend is seen by the loops around them.
  SmallVector<std::pair<int64_t, int64_t>> byLength(loops);
  llvm::stable_sort(byLength, [](auto a, auto b) {
    return a.second - a.first < b.second - b.first;
  });
  for (auto [start, end] : byLength)
    for (size_t id = 0; id < numValues; ++id) {
      if (first[id] < 0 || last[id] < start || first[id] > end ||
          (first[id] >= start && last[id] <= end))
        continue;
      first[id] = std::min(first[id], start);
      last[id] = std::max(last[id], end);
    }
}

/// Whether `kernel` (on tensors) returns its one operand reshaped and
/// nothing else: a
/// chain of tensor.collapse_shape and tensor.expand_shape of static,
/// row-major tensors (the same bytes in the same order).
static bool isReshapeOnly(func::FuncOp kernel) {
  if (kernel.isExternal() || kernel.getNumArguments() != 1 ||
      kernel.getNumResults() != 1 || !kernel.getBody().hasOneBlock())
    return false;
  Block &body = kernel.getBody().front();
  Value current = body.getArgument(0);
  for (Operation &op : body.without_terminator()) {
    if (!isa<tensor::CollapseShapeOp, tensor::ExpandShapeOp>(op) ||
        op.getOperand(0) != current)
      return false;
    current = op.getResult(0);
  }
  auto ret = dyn_cast<func::ReturnOp>(body.getTerminator());
  auto from = dyn_cast<RankedTensorType>(body.getArgument(0).getType());
  auto to = dyn_cast<RankedTensorType>(current.getType());
  return ret && ret.getOperand(0) == current &&
         current != body.getArgument(0) && from && to &&
         from.hasStaticShape() && to.hasStaticShape() && !from.getEncoding() &&
         !to.getEncoding() && from.getElementType() == to.getElementType();
}

/// Places the arena values of `program` by first fit over their lifetimes;
/// `loops` holds the [first, last] command of each loop. A convolution's
/// result takes its addend's bytes when the convolution is the addend's
/// last use: the library then adds the addend in place instead of copying
/// it into the result first.
static void planArena(HostProgram &program,
                      ArrayRef<std::pair<int64_t, int64_t>> loops) {
  constexpr int64_t kAlign = 64;
  size_t numValues = program.values.size();
  std::vector<int64_t> first, last;
  computeLifetimes(program, loops, first, last);
  // Result -> addend, for the convolutions that may add in place; copy ->
  // source, for the copies that are their source's last use (a custom
  // call's aliased operand), which then cost nothing.
  llvm::DenseMap<int64_t, int64_t> inPlace;
  for (auto [index, command] : llvm::enumerate(program.commands)) {
    if (command.is<runtime::CopyCommand>()) {
      int64_t source = command.values[0], copy = command.values[1];
      if (program.values[source].kind == ValueKind::Arena &&
          program.values[copy].kind == ValueKind::Arena &&
          last[source] == static_cast<int64_t>(index) &&
          first[copy] == static_cast<int64_t>(index) &&
          program.values[source].type.getByteSize() ==
              program.values[copy].type.getByteSize())
        inPlace[copy] = source;
      continue;
    }
    // An NCHW result is not laid out like its NHWC addend: the kernel
    // would overwrite elements it has yet to read.
    const auto *convolution = command.getIf<runtime::ConvolutionCommand>();
    if (!convolution || !convolution->spec.addend ||
        convolution->spec.nchwResult)
      continue;
    int64_t result = command.values.back();
    int64_t addend = command.values[command.values.size() - 2];
    const ValueInfo &from = program.values[addend];
    const ValueInfo &to = program.values[result];
    if (from.kind == ValueKind::Arena && to.kind == ValueKind::Arena &&
        last[addend] == static_cast<int64_t>(index) &&
        first[result] == static_cast<int64_t>(index) &&
        from.type.getByteSize() == to.type.getByteSize())
      inPlace[result] = addend;
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
    // An empty value (a token) needs no bytes, nor a block: one at the
    // offset of a real block would take its place in `live`.
    if (size == 0) {
      value.offset = 0;
      continue;
    }
    unshared += size;
    for (auto it = live.begin(); it != live.end();)
      it = it->second.second < first[id] ? live.erase(it) : std::next(it);
    if (auto addend = inPlace.find(id); addend != inPlace.end()) {
      // The addend was placed first (it is defined earlier) and dies here.
      int64_t offset = program.values[addend->second].offset;
      value.offset = offset;
      live[offset] = {offset + size, last[id]};
      continue;
    }
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

namespace {

/// Collectives with smaller results run in place: waking the collective
/// thread and waiting for it costs more than their data takes to move.
constexpr int64_t kMinAsyncCollectiveBytes = 64 * 1024;

/// Builds the host program of one entry function.
class HostProgramBuilder {
public:
  HostProgramBuilder(ModuleOp module, FunctionType signature,
                     std::vector<Operation *> &hostCalls,
                     const ffi::HandlerRegistry &handlers,
                     bool asyncCollectives)
      : module(module), signature(signature), hostCalls(hostCalls),
        handlers(handlers), asyncCollectives(asyncCollectives) {}

  FailureOr<HostProgram> build(func::FuncOp entry) {
    Block &block = entry.getBody().front();
    for (auto [i, arg] : llvm::enumerate(block.getArguments())) {
      int64_t id =
          addValue({bufferTypeOf(arg.getType(), signature.getInput(i)),
                    ValueKind::Argument, static_cast<int64_t>(i), 0});
      ids[arg] = id;
      program.arguments.push_back(id);
    }
    if (failed(buildBlock(block)))
      return failure();
    planArena(program, loops);
    planDonations(entry);
    LDBG() << "host program: " << program.commands.size() << " commands, "
           << program.arenaBytes << "-byte arena ("
           << program.unsharedArenaBytes << " without reuse)";
    return std::move(program);
  }

private:
  int64_t addValue(ValueInfo info) {
    program.values.push_back(std::move(info));
    return static_cast<int64_t>(program.values.size() - 1);
  }

  /// A new arena value for values of type `type`.
  int64_t addArenaValue(Type type) {
    return addValue({bufferTypeOf(type), ValueKind::Arena, 0, 0});
  }

  FailureOr<int64_t> lookup(Operation *op, Value value) {
    auto it = ids.find(value);
    if (it == ids.end())
      return op->emitError("cannot pass this value to the "
                           "host program");
    return it->second;
  }

  /// Appends command `commandOp` over `values` from `op`, after the Waits
  /// of the asynchronous collectives that write one of `values`; returns
  /// its index.
  int64_t addCommand(runtime::CommandOp commandOp, std::vector<int64_t> values,
                     Operation *op) {
    waitFor(values);
    Command command;
    command.op = std::move(commandOp);
    command.values = std::move(values);
    command.location = getLocationText(op->getLoc());
    program.commands.push_back(std::move(command));
    return static_cast<int64_t>(program.commands.size() - 1);
  }

  /// Appends the Wait of asynchronous Collective command `start` (still in
  /// `started`); when no command came after the start and no other
  /// collective is started, the collective runs in place instead (handing
  /// it to the collective thread would only cost time; with another one
  /// started it must queue behind it, so that every device meets its
  /// groups in the same order).
  void addWait(int64_t start) {
    if (start == here() - 1 && started.size() == 1) {
      program.commands[start].get<runtime::CollectiveCommand>().spec.async =
          false;
      return;
    }
    program.commands.emplace_back(runtime::WaitCommand{start},
                                  program.commands[start].values,
                                  program.commands[start].location);
  }

  /// Waits for the started collectives that write one of `values`.
  void waitFor(ArrayRef<int64_t> values) {
    for (int64_t id : values) {
      auto it = started.find(id);
      if (it == started.end())
        continue;
      addWait(it->second);
      started.erase(it);
    }
  }

  /// Waits for every started collective: where a block ends, where control
  /// flow starts (a Wait must follow its start once per run of it), and
  /// before a collective that runs on the run's own thread.
  void waitForAll() {
    for (auto [id, start] : started)
      addWait(start);
    started.clear();
  }

  int64_t addCopy(int64_t from, int64_t to, Operation *op) {
    return addCommand(runtime::CopyCommand(), {from, to}, op);
  }

  int64_t addJump(Operation *op) {
    return addCommand(runtime::JumpCommand(), {}, op);
  }

  int64_t here() const { return static_cast<int64_t>(program.commands.size()); }

  /// Whether `op` computes its results from its operands alone (a
  /// dispatch, a library call, a value the host program names another
  /// way): it may be built later than where it stands.
  static bool isReorderable(Operation &op) {
    return isa<func::CallOp, library::MatmulOp, library::Conv2DOp,
               arith::ConstantOp, tensor::ExtractOp, arith::IndexCastOp,
               arith::IndexCastUIOp, UnrealizedConversionCastOp>(op);
  }

  /// Builds the ops of `block` in order, but for those that read the
  /// result of a started collective (or of an op so deferred): they wait,
  /// in their order, until an op that is not reorderable (control flow, a
  /// call with effects, the next collective) or the block's end, so that
  /// the independent ops after them overlap the collective.
  LogicalResult buildBlock(Block &block) {
    SmallVector<Operation *> deferred;
    llvm::DenseSet<Value> late;
    auto buildDeferred = [&]() -> LogicalResult {
      for (Operation *op : deferred)
        if (failed(buildOp(*op)))
          return failure();
      deferred.clear();
      late.clear();
      return success();
    };
    for (Operation &op : block.without_terminator()) {
      bool reorderable = isReorderable(op);
      if (reorderable && llvm::any_of(op.getOperands(), [&](Value operand) {
            return late.contains(operand);
          })) {
        deferred.push_back(&op);
        late.insert(op.result_begin(), op.result_end());
        continue;
      }
      if (!reorderable && failed(buildDeferred()))
        return failure();
      if (failed(buildOp(op)))
        return failure();
      for (Value result : op.getResults())
        if (auto id = ids.find(result);
            id != ids.end() && started.contains(id->second))
          late.insert(result);
    }
    if (failed(buildDeferred()))
      return failure();
    waitForAll();
    Operation *terminator = block.getTerminator();
    if (auto ret = dyn_cast<func::ReturnOp>(terminator))
      return buildReturn(ret);
    return success(); // The parent op reads its region's terminator.
  }

  LogicalResult buildOp(Operation &op) {
    if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
      // Scalars (the indices of a branch's tensor.extract) are read where
      // they are used.
      if (!isa<ShapedType>(constant.getType()))
        return success();
      auto value = dyn_cast<DenseElementsAttr>(constant.getValue());
      if (!value || !isa<RankedTensorType>(constant.getType()))
        return op.emitError("the host program cannot place this constant");
      program.constants.push_back(getBufferBytes(value));
      ids[constant] = addValue(
          {bufferTypeOf(constant.getType()), ValueKind::Constant,
           static_cast<int64_t>(program.constants.size() - 1), 0});
      return success();
    }
    // The scalars a branch reads (see addBranch).
    if (isa<tensor::ExtractOp, arith::IndexCastOp, arith::IndexCastUIOp>(op))
      return success();
    if (auto cast = dyn_cast<UnrealizedConversionCastOp>(op)) {
      if (cast->getNumOperands() != 1 || cast->getNumResults() != 1)
        return op.emitError("unexpected conversion cast in the host program");
      FailureOr<int64_t> id = lookup(&op, cast.getOperand(0));
      if (failed(id))
        return failure();
      ids[cast.getResult(0)] = *id;
      return success();
    }
    if (auto call = dyn_cast<func::CallOp>(op))
      return buildDispatch(call);
    if (auto loop = dyn_cast<scf::WhileOp>(op))
      return buildWhile(loop);
    if (auto ifOp = dyn_cast<scf::IfOp>(op))
      return buildBranches(op, ifOp.getCondition(),
                           {&ifOp.getElseRegion(), &ifOp.getThenRegion()});
    if (auto switchOp = dyn_cast<scf::IndexSwitchOp>(op)) {
      SmallVector<Region *> regions;
      for (Region &region : switchOp.getCaseRegions())
        regions.push_back(&region);
      regions.push_back(&switchOp.getDefaultRegion());
      return buildBranches(op, switchOp.getArg(), regions);
    }
    if (auto call = dyn_cast<stablehlo::CustomCallOp>(op);
        call && !call.getCallTargetName().starts_with("check."))
      return buildCustomCall(call);
    if (auto rng = dyn_cast<stablehlo::RngOp>(op))
      return buildRng(rng);
    if (auto matmul = dyn_cast<library::MatmulOp>(op))
      return buildMatmul(matmul);
    if (auto conv = dyn_cast<library::Conv2DOp>(op))
      return buildConvolution(conv);
    if (isa<library::AllGatherOp, library::AllReduceOp, library::AllToAllOp,
            library::CollectiveBroadcastOp, library::CollectivePermuteOp,
            library::SendOp, library::RecvOp, library::ProcessIdOp,
            library::InfeedOp, library::OutfeedOp>(op))
      return buildCollective(&op);
    // Checks, and probes (which record a value for a later check).
    if (isHostCall(&op))
      return buildHostCall(op);
    return op.emitError("the host program cannot run '")
           << op.getName() << "' in the host program";
  }

  /// The index of dispatch `name`'s kernel in the program's list, added
  /// on first use.
  int64_t getKernelIndex(StringAttr name) {
    auto [it, inserted] =
        kernelIndex.try_emplace(name.getValue(), program.kernelNames.size());
    if (inserted)
      program.kernelNames.push_back((name.getValue() + kEntrySuffix).str());
    return it->second;
  }

  LogicalResult buildDispatch(func::CallOp call) {
    auto kernel = module.lookupSymbol<func::FuncOp>(call.getCallee());
    if (!kernel || !kernel->hasAttr(kDispatchAttr))
      return call.emitError("call of @")
             << call.getCallee() << ", which is not a dispatch";
    // A dispatch that only reshapes its operand keeps its bytes in their
    // order: a copy, which the arena plan makes free where the reshape is
    // the operand's last use (as a model's reshapes between matrix
    // products and transposes are).
    if (kernel->hasAttr(kReshapeOnlyAttr)) {
      FailureOr<int64_t> source = lookup(call, call.getOperand(0));
      if (failed(source))
        return failure();
      int64_t result = addArenaValue(call.getResult(0).getType());
      ids[call.getResult(0)] = result;
      addCopy(*source, result, call);
      return success();
    }
    std::vector<int64_t> values;
    for (Value operand : call.getOperands()) {
      FailureOr<int64_t> id = lookup(call, operand);
      if (failed(id))
        return failure();
      values.push_back(*id);
    }
    for (Value result : call.getResults()) {
      int64_t id = addArenaValue(result.getType());
      ids[result] = id;
      values.push_back(id);
    }
    runtime::DispatchCommand dispatch;
    dispatch.kernel = getKernelIndex(call.getCalleeAttr().getAttr());
    if (auto attr = kernel->getAttrOfType<IntegerAttr>(kWorkgroupsAttr))
      dispatch.workgroups = std::max<int64_t>(1, attr.getInt());
    int64_t work = 1;
    if (auto attr = kernel->getAttrOfType<IntegerAttr>(kWorkAttr))
      work = std::max<int64_t>(1, attr.getInt());
    // A chunk on another thread pays off from kThreadedWork iterations on.
    dispatch.minPerChunk = std::max<int64_t>(1, kThreadedWork / work);
    int64_t index = addCommand(dispatch, std::move(values), call);
    if (auto attr = kernel->getAttrOfType<DenseI64ArrayAttr>(kInPlaceAttr))
      inPlaceOperands[index] = llvm::to_vector(attr.asArrayRef());
    return success();
  }

  LogicalResult buildHostCall(Operation &op) {
    std::vector<int64_t> values;
    for (Value operand : op.getOperands()) {
      FailureOr<int64_t> id = lookup(&op, operand);
      if (failed(id))
        return failure();
      values.push_back(*id);
    }
    for (Value result : op.getResults()) {
      if (!isa<RankedTensorType>(result.getType()))
        return op.emitError("the host program cannot hold a ")
               << result.getType() << " in the host program";
      int64_t id = addArenaValue(result.getType());
      ids[result] = id;
      values.push_back(id);
    }
    addCommand(runtime::HostCallCommand{static_cast<int64_t>(hostCalls.size()),
                                        op.getNumResults()},
               std::move(values), &op);
    hostCalls.push_back(&op);
    return success();
  }

  /// An rng: a command that draws from the run's engine. Its `shape`
  /// operand says what the static result type already does.
  LogicalResult buildRng(stablehlo::RngOp rng) {
    auto type = dyn_cast<RankedTensorType>(rng.getType());
    if (!type || !type.hasStaticShape())
      return rng.emitError("the host program runs 'stablehlo.rng' with a "
                           "static result shape only");
    Type element = type.getElementType();
    runtime::RngSpec spec;
    spec.distribution = rng.getRngDistribution() ==
                                stablehlo::RngDistribution::NORMAL
                            ? runtime::RngDistribution::Normal
                            : runtime::RngDistribution::Uniform;
    if (element.isInteger(1))
      spec.element = runtime::RngElement::Bool;
    else if (auto integer = dyn_cast<IntegerType>(element))
      spec.element = integer.isUnsigned() ? runtime::RngElement::Unsigned
                                          : runtime::RngElement::Signed;
    else if (element.isF16())
      spec.element = runtime::RngElement::F16;
    else if (element.isBF16())
      spec.element = runtime::RngElement::BF16;
    else if (element.isF32())
      spec.element = runtime::RngElement::F32;
    else if (element.isF64())
      spec.element = runtime::RngElement::F64;
    else if (std::optional<numerics::SmallFloat> format =
                 getSmallFloatFormat(element)) {
      spec.element = runtime::RngElement::SmallFloat;
      spec.smallFloat = *format;
    } else {
      return rng.emitError("the host program cannot run 'stablehlo.rng' of ")
             << element;
    }
    std::vector<int64_t> values;
    for (Value operand : {rng.getA(), rng.getB()}) {
      FailureOr<int64_t> id = lookup(rng, operand);
      if (failed(id))
        return failure();
      values.push_back(*id);
    }
    int64_t id = addArenaValue(type);
    ids[rng.getResult()] = id;
    values.push_back(id);
    addCommand(runtime::RngCommand{spec}, std::move(values), rng);
    return success();
  }

  /// A `library` op as command `commandOp` on `operands` (by default its
  /// own) and one new arena value for its result; the command's index.
  FailureOr<int64_t>
  addLibraryCommand(Operation *op, runtime::CommandOp commandOp,
                    std::optional<ValueRange> operands = std::nullopt) {
    std::vector<int64_t> values;
    for (Value operand : operands ? *operands : op->getOperands()) {
      FailureOr<int64_t> id = lookup(op, operand);
      if (failed(id))
        return failure();
      values.push_back(*id);
    }
    int64_t id = addArenaValue(op->getResult(0).getType());
    ids[op->getResult(0)] = id;
    values.push_back(id);
    return addCommand(std::move(commandOp), std::move(values), op);
  }

  /// The rows of a library collective's `groups` or `pairs`, without
  /// the -1 that pads short groups.
  static std::vector<std::vector<int64_t>> getRows(DenseIntElementsAttr attr) {
    std::vector<std::vector<int64_t>> rows;
    auto type = cast<ShapedType>(attr.getType());
    std::vector<int64_t> values(attr.getValues<int64_t>().begin(),
                                attr.getValues<int64_t>().end());
    for (int64_t r = 0; r < type.getDimSize(0); ++r) {
      std::vector<int64_t> &row = rows.emplace_back();
      for (int64_t c = 0; c < type.getDimSize(1); ++c)
        if (int64_t id = values[r * type.getDimSize(1) + c]; id >= 0)
          row.push_back(id);
    }
    return rows;
  }

  /// A collective the runtime's communicator runs (Communicator.h).
  LogicalResult buildCollective(Operation *op) {
    using runtime::CollectiveKind;
    runtime::CollectiveSpec spec;
    auto setGrid = [&](auto typed) {
      spec.numReplicas = static_cast<int64_t>(typed.getNumReplicas());
      spec.numPartitions = static_cast<int64_t>(typed.getNumPartitions());
    };
    llvm::TypeSwitch<Operation *>(op)
        .Case([&](library::AllGatherOp typed) {
          spec.kind = CollectiveKind::AllGather;
          spec.groups = getRows(typed.getGroups());
          setGrid(typed);
        })
        .Case([&](library::AllReduceOp typed) {
          spec.kind = CollectiveKind::AllReduce;
          spec.groups = getRows(typed.getGroups());
          // The verifier admits only the names the runtime spells.
          spec.reduction =
              *runtime::parseReductionKind(typed.getReduction().str());
          setGrid(typed);
        })
        .Case([&](library::AllToAllOp typed) {
          spec.kind = CollectiveKind::AllToAll;
          spec.groups = getRows(typed.getGroups());
          setGrid(typed);
        })
        .Case([&](library::CollectiveBroadcastOp typed) {
          spec.kind = CollectiveKind::Broadcast;
          spec.groups = getRows(typed.getGroups());
          spec.root = static_cast<int64_t>(typed.getRoot());
          setGrid(typed);
        })
        .Case([&](library::CollectivePermuteOp typed) {
          spec.kind = CollectiveKind::Permute;
          spec.groups = getRows(typed.getGroups());
          for (const std::vector<int64_t> &pair : getRows(typed.getPairs()))
            spec.pairs.emplace_back(pair[0], pair[1]);
          setGrid(typed);
        })
        .Case([&](library::SendOp typed) {
          spec.kind = CollectiveKind::Send;
          spec.channel = typed.getChannel();
          setGrid(typed);
        })
        .Case([&](library::RecvOp typed) {
          spec.kind = CollectiveKind::Receive;
          spec.channel = typed.getChannel();
          setGrid(typed);
        })
        .Case([&](library::ProcessIdOp typed) {
          StringRef kind = typed.getKind();
          spec.kind = kind == "replica"          ? CollectiveKind::ReplicaId
                      : kind == "partition"      ? CollectiveKind::PartitionId
                      : kind == "group_position" ? CollectiveKind::GroupPosition
                                                 : CollectiveKind::GroupSize;
          if (std::optional<DenseIntElementsAttr> groups = typed.getGroups())
            spec.groups = getRows(*groups);
          setGrid(typed);
        })
        .Case([&](library::InfeedOp typed) {
          spec.kind = CollectiveKind::Infeed;
          setGrid(typed);
        })
        .Case([&](library::OutfeedOp typed) {
          spec.kind = CollectiveKind::Outfeed;
          setGrid(typed);
        });
    std::vector<int64_t> values;
    for (Value operand : op->getOperands()) {
      FailureOr<int64_t> id = lookup(op, operand);
      if (failed(id))
        return failure();
      values.push_back(*id);
    }
    if (op->getNumResults() == 1) {
      int64_t id = addArenaValue(op->getResult(0).getType());
      ids[op->getResult(0)] = id;
      values.push_back(id);
    }
    // Collectives that move data run beside the commands after them, until
    // a command reads their result (or control flow, or a collective that
    // does not, comes first). The others run in place, after the started
    // ones (one thread at a time talks to the other processes).
    bool async = asyncCollectives && op->getNumOperands() == 1 &&
                 op->getNumResults() == 1 &&
                 bufferTypeOf(op->getResult(0).getType()).getByteSize() >=
                     kMinAsyncCollectiveBytes &&
                 spec.kind != CollectiveKind::Send &&
                 spec.kind != CollectiveKind::Receive &&
                 spec.kind != CollectiveKind::Infeed &&
                 spec.kind != CollectiveKind::Outfeed;
    if (!async)
      waitForAll();
    spec.async = async;
    int64_t index = addCommand(runtime::CollectiveCommand{std::move(spec)},
                               std::move(values), op);
    if (async)
      started.insert({program.commands[index].values.back(), index});
    return success();
  }

  /// A matrix product the runtime's library computes.
  LogicalResult buildMatmul(library::MatmulOp matmul) {
    runtime::MatmulCommand command;
    library::MatmulOp::Sizes sizes = matmul.getSizes();
    runtime::MatmulSpec &spec = command.spec;
    spec.batch = sizes.batch;
    spec.m = sizes.m;
    spec.n = sizes.n;
    spec.k = sizes.k;
    spec.transposeLhs = matmul.getTransposeLhs();
    spec.transposeRhs = matmul.getTransposeRhs();
    spec.hloxKernel = matmul.getHloxKernel();
    auto elementOf = [](Type type) {
      Type element = cast<ShapedType>(type).getElementType();
      return element.isBF16()  ? runtime::MatmulElement::BF16
             : element.isF16() ? runtime::MatmulElement::F16
                               : runtime::MatmulElement::F32;
    };
    spec.operandElement = elementOf(matmul.getLhs().getType());
    spec.resultElement = elementOf(matmul.getType());
    spec.bias = static_cast<bool>(matmul.getBias());
    spec.addend = static_cast<bool>(matmul.getAddend());
    spec.relu = matmul.getRelu();
    spec.geluTanh = matmul.getGeluTanh();
    if (FlatSymbolRefAttr epilogue = matmul.getEpilogueAttr()) {
      auto kernel = module.lookupSymbol<func::FuncOp>(epilogue);
      if (!kernel || !kernel->hasAttr(kMatmulEpilogueAttr))
        return matmul.emitError("epilogue @")
               << epilogue.getValue() << " is not a matrix product's epilogue";
      spec.epilogue = true;
      command.epilogueKernel = getKernelIndex(epilogue.getAttr());
    }
    return addLibraryCommand(matmul, std::move(command));
  }

  /// The convolution whose result `conv` adds as its addend, when that is
  /// a shortcut the two can run as one command (image by image; see
  /// ConvolutionCommand::shortcut): an f32 convolution of the same block, in
  /// the same layout, without an epilogue of its own beyond a bias, whose
  /// result `conv` alone reads (the verifier has it shaped like `conv`'s). The
  /// pointwise convolutions hlox's kernel computes (usesPointwiseKernel)
  /// take a pointwise shortcut only, which they sum in the same pass.
  static library::Conv2DOp getShortcut(library::Conv2DOp conv) {
    Value addend = conv.getAddend();
    if (!addend || !addend.hasOneUse())
      return nullptr;
    auto shortcut = addend.getDefiningOp<library::Conv2DOp>();
    if (!shortcut || shortcut->getBlock() != conv->getBlock() ||
        shortcut.getAddend() || shortcut.getRelu() ||
        shortcut.getNchwResult() || shortcut.getPoolWindow() ||
        conv.getPoolWindow() || shortcut.getNhwc() != conv.getNhwc() ||
        !conv.getType().getElementType().isF32() ||
        !shortcut.getInput().getType().getElementType().isF32())
      return nullptr;
    if (runtime::usesPointwiseKernel(getSpec(conv)) &&
        !runtime::isPointwiseConvolution(getSpec(shortcut)))
      return nullptr;
    return shortcut;
  }

  /// The description of `conv` for the runtime.
  static runtime::ConvolutionSpec getSpec(library::Conv2DOp conv) {
    runtime::ConvolutionSpec spec;
    library::Conv2DOp::Sizes sizes = conv.getSizes();
    spec.batch = sizes.batch;
    spec.inChannels = sizes.inChannels;
    spec.height = sizes.height;
    spec.width = sizes.width;
    spec.outChannels = sizes.outChannels;
    spec.kernelHeight = sizes.kernelHeight;
    spec.kernelWidth = sizes.kernelWidth;
    spec.outHeight = sizes.outHeight;
    spec.outWidth = sizes.outWidth;
    for (int i = 0; i < 2; ++i) {
      spec.strides[i] = conv.getStrides()[i];
      spec.dilations[i] = conv.getDilations()[i];
    }
    for (int i = 0; i < 4; ++i)
      spec.padding[i] = conv.getPadding()[i];
    spec.nhwc = conv.getNhwc();
    spec.kernelOihw = conv.getKernelOihw();
    spec.kernelOhwi = conv.getKernelOhwi();
    spec.groups = conv.getGroups();
    spec.bf16 = conv.getType().getElementType().isBF16();
    spec.bias = conv.getBias() != nullptr;
    spec.addend = conv.getAddend() != nullptr;
    spec.relu = conv.getRelu();
    spec.nchwResult = conv.getNchwResult();
    if (auto window = conv.getPoolWindow()) {
      spec.pool = true;
      for (int i = 0; i < 2; ++i) {
        spec.poolWindow[i] = (*window)[i];
        spec.poolStrides[i] = (*conv.getPoolStrides())[i];
      }
      for (int i = 0; i < 4; ++i)
        spec.poolPadding[i] = (*conv.getPoolPadding())[i];
      spec.poolHeight = conv.getType().getDimSize(1);
      spec.poolWidth = conv.getType().getDimSize(2);
    }
    return spec;
  }

  /// A convolution the runtime's library computes. A shortcut (see
  /// getShortcut) becomes part of the command of the convolution that adds
  /// its result, which follows it in the block.
  LogicalResult buildConvolution(library::Conv2DOp conv) {
    if (conv->hasOneUse())
      if (auto user = dyn_cast<library::Conv2DOp>(*conv->user_begin());
          user && getShortcut(user) == conv)
        return success();
    library::Conv2DOp shortcut = getShortcut(conv);
    // The operands: input, kernel, bias if any, then the addend or, in its
    // place, the shortcut's input, kernel and bias if any.
    SmallVector<Value> operands(conv->getOperands());
    if (shortcut) {
      operands.pop_back();
      llvm::append_range(operands, shortcut->getOperands());
    }
    runtime::ConvolutionCommand command;
    command.spec = getSpec(conv);
    if (shortcut) {
      command.spec.addend = false;
      command.hasShortcut = true;
      command.shortcut = getSpec(shortcut);
    }
    return addLibraryCommand(conv, std::move(command), ValueRange(operands));
  }

  /// A custom call of a registered target. Result i that aliases operand j
  /// is written in place: a Copy of the operand into the result's buffer
  /// (which the arena plan makes free when the call is the operand's last
  /// use) precedes the call, and the call reads operand j from the
  /// result's buffer. Values in other layouts go to the handler relaid
  /// (ffi::HandlerInstance). Called computations and values that are not
  /// tensors are errors.
  LogicalResult buildCustomCall(stablehlo::CustomCallOp call) {
    StringRef name = call.getCallTargetName();
    auto unsupported = [&](StringRef why) {
      return call.emitError("the host program cannot run "
                            "'stablehlo.custom_call' @")
             << name << ": " << why;
    };
    if (!handlers.lookup(name.str()))
      return unsupported(handlers.describeMissing(name.str()));
    if (std::optional<ArrayAttr> called = call.getCalledComputations();
        called && !called->empty())
      return unsupported("called computations are not supported");
    FailureOr<SmallVector<std::pair<int64_t, int64_t>>> aliases =
        getCustomCallAliases(call);
    FailureOr<std::vector<std::vector<int64_t>>> layouts =
        getCustomCallLayouts(call);
    if (failed(aliases) || failed(layouts))
      return failure();
    std::vector<int64_t> values;
    for (Value operand : call.getOperands()) {
      if (!isa<RankedTensorType>(operand.getType()))
        return unsupported("operands must be tensors");
      FailureOr<int64_t> id = lookup(call, operand);
      if (failed(id))
        return failure();
      values.push_back(*id);
    }
    for (Value result : call.getResults()) {
      auto type = dyn_cast<RankedTensorType>(result.getType());
      if (!type || !type.hasStaticShape())
        return unsupported("results must be statically shaped tensors");
      int64_t id = addArenaValue(type);
      ids[result] = id;
      values.push_back(id);
    }
    size_t numOperands = call.getNumOperands();
    for (auto [result, operand] : *aliases) {
      int64_t resultId = values[numOperands + result];
      addCommand(runtime::CopyCommand(), {values[operand], resultId}, call);
      values[operand] = resultId;
    }
    runtime::CustomCallCommand command;
    if (llvm::any_of(*layouts, [](const auto &l) { return !l.empty(); }))
      command.layouts = std::move(*layouts);
    command.target = name.str();
    command.numResults = call.getNumResults();
    FailureOr<std::shared_ptr<const ffi::AttributeMap>> attributes =
        getCustomCallAttributes(call);
    if (failed(attributes))
      return failure();
    command.attributes = std::move(*attributes);
    addCommand(std::move(command), std::move(values), call);
    return success();
  }

  LogicalResult buildReturn(func::ReturnOp ret) {
    llvm::DenseSet<int64_t> taken;
    for (auto [i, operand] : llvm::enumerate(ret.getOperands())) {
      FailureOr<int64_t> id = lookup(ret, operand);
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
      int64_t copy =
          addValue({type, ValueKind::Result, static_cast<int64_t>(i), 0});
      addCopy(*id, copy, ret);
      program.results.push_back(copy);
    }
    return success();
  }

  /// Appends a Branch on `scalar` (an i1 or index that hlox-form-
  /// dispatches made an element of a host tensor) with `targets`.
  FailureOr<int64_t> addBranch(Operation *op, Value scalar,
                               std::vector<int64_t> targets) {
    Operation *def = scalar.getDefiningOp();
    if (isa_and_nonnull<arith::IndexCastOp, arith::IndexCastUIOp>(def))
      def = def->getOperand(0).getDefiningOp();
    auto extract = dyn_cast_or_null<tensor::ExtractOp>(def);
    if (!extract)
      return op->emitError("the host program cannot branch on a scalar that "
                           "no host tensor holds");
    auto type = cast<RankedTensorType>(extract.getTensor().getType());
    int64_t bytes = getElementBytes(type.getElementType());
    if (!type.getElementType().isInteger() ||
        (bytes != 1 && bytes != 4 && bytes != 8))
      return op->emitError("the host program cannot branch on a ")
             << type.getElementType();
    int64_t linear = 0;
    for (auto [index, size] : llvm::zip(extract.getIndices(), type.getShape())) {
      std::optional<int64_t> value = getConstantIntValue(index);
      if (!value)
        return op->emitError("the host program cannot branch on an element "
                             "at a computed index");
      linear = linear * size + *value;
    }
    FailureOr<int64_t> id = lookup(op, extract.getTensor());
    if (failed(id))
      return failure();
    runtime::BranchCommand branch;
    branch.targets = std::move(targets);
    branch.offset = linear * bytes;
    branch.scalarBytes = bytes;
    return addCommand(std::move(branch), {*id}, op);
  }

  /// Copies `values` into `targets` as one parallel assignment: a value that
  /// is itself one of the targets goes through a temporary first.
  LogicalResult assign(Operation *op, ValueRange values,
                       ArrayRef<int64_t> targets) {
    SmallVector<int64_t> sources;
    for (Value value : values) {
      FailureOr<int64_t> id = lookup(op, value);
      if (failed(id))
        return failure();
      sources.push_back(*id);
    }
    for (auto [i, source] : llvm::enumerate(sources))
      if (source != targets[i] && llvm::is_contained(targets, source)) {
        int64_t temporary = addArenaValue(values[i].getType());
        addCopy(source, temporary, op);
        source = temporary;
      }
    for (auto [source, target] : llvm::zip(sources, targets))
      if (source != target)
        addCopy(source, target, op);
    return success();
  }

  LogicalResult buildWhile(scf::WhileOp loop) {
    waitForAll();
    // The loop-carried values: a fresh dispatch result that only the loop
    // uses serves as its own carry, anything else is copied into one.
    SmallVector<int64_t> carries;
    for (auto [init, arg] :
         llvm::zip(loop.getInits(), loop.getBeforeArguments())) {
      FailureOr<int64_t> id = lookup(loop, init);
      if (failed(id))
        return failure();
      Operation *def = init.getDefiningOp();
      if (init.hasOneUse() && isa_and_nonnull<func::CallOp>(def) &&
          program.values[*id].kind == ValueKind::Arena) {
        carries.push_back(*id);
      } else {
        carries.push_back(addArenaValue(arg.getType()));
        addCopy(*id, carries.back(), loop);
      }
      ids[arg] = carries.back();
    }
    int64_t start = here();
    if (failed(buildBlock(loop.getBefore().front())))
      return failure();
    scf::ConditionOp condition = loop.getConditionOp();
    // The values the condition forwards: a carry forwarded in its own place
    // stays, others are copied out.
    SmallVector<int64_t> forwarded;
    for (auto [i, value] : llvm::enumerate(condition.getArgs())) {
      auto arg = dyn_cast<BlockArgument>(value);
      if (arg && arg.getOwner() == &loop.getBefore().front() &&
          arg.getArgNumber() == i) {
        forwarded.push_back(carries[i]);
        continue;
      }
      FailureOr<int64_t> id = lookup(condition, value);
      if (failed(id))
        return failure();
      forwarded.push_back(addArenaValue(value.getType()));
      addCopy(*id, forwarded.back(), condition);
    }
    FailureOr<int64_t> branch =
        addBranch(condition, condition.getCondition(), {0, here() + 1});
    if (failed(branch))
      return failure();
    for (auto [arg, id] : llvm::zip(loop.getAfterArguments(), forwarded))
      ids[arg] = id;
    Block &after = loop.getAfter().front();
    if (failed(buildBlock(after)) ||
        failed(assign(after.getTerminator(),
                      after.getTerminator()->getOperands(), carries)))
      return failure();
    int64_t jump = addJump(loop);
    program.commands[jump].get<runtime::JumpCommand>().target = start;
    program.commands[*branch].get<runtime::BranchCommand>().targets[0] = here();
    loops.push_back({start, jump});
    for (auto [result, id] : llvm::zip(loop.getResults(), forwarded))
      ids[result] = id;
    return success();
  }

  /// An scf.if or scf.index_switch: a Branch on `scalar` to `regions`
  /// (by value, the last for any other), each region copying what it
  /// yields into the op's results.
  LogicalResult buildBranches(Operation &op, Value scalar,
                              ArrayRef<Region *> regions) {
    waitForAll();
    SmallVector<int64_t> results;
    for (Value result : op.getResults()) {
      results.push_back(addArenaValue(result.getType()));
      ids[result] = results.back();
    }
    FailureOr<int64_t> branch = addBranch(&op, scalar, {});
    if (failed(branch))
      return failure();
    SmallVector<int64_t> jumps;
    for (auto [i, region] : llvm::enumerate(regions)) {
      program.commands[*branch].get<runtime::BranchCommand>().targets.push_back(
          here());
      if (region->empty())
        continue; // An scf.if without else and results.
      Block &block = region->front();
      if (failed(buildBlock(block)) ||
          failed(assign(block.getTerminator(),
                        block.getTerminator()->getOperands(), results)))
        return failure();
      if (i + 1 < regions.size())
        jumps.push_back(addJump(&op));
    }
    for (int64_t jump : jumps)
      program.commands[jump].get<runtime::JumpCommand>().target = here();
    return success();
  }

  /// Whether command `index` may write value `result` into the buffer of
  /// value `operand` as it reads it: it reads each element of `operand`
  /// only before it writes the element of `result` at the same place.
  bool worksInPlace(int64_t index, int64_t operand, int64_t result) const {
    const Command &command = program.commands[index];
    ArrayRef<int64_t> values = command.values;
    if (llvm::count(values, operand) != 1 || llvm::count(values, result) != 1)
      return false;
    switch (command.getKind()) {
    case CommandKind::Copy:
      return values[0] == operand;
    case CommandKind::Convolution: {
      // The addend (the value before the result) is added element by
      // element; an NCHW result is laid out unlike its NHWC addend.
      const runtime::ConvolutionSpec &spec =
          command.get<runtime::ConvolutionCommand>().spec;
      return spec.addend && !spec.nchwResult && values.size() >= 2 &&
             values[values.size() - 2] == operand && values.back() == result;
    }
    case CommandKind::Dispatch: {
      auto marks = inPlaceOperands.find(index);
      if (marks == inPlaceOperands.end())
        return false;
      size_t numOperands = values.size() - marks->second.size();
      for (auto [i, mark] : llvm::enumerate(marks->second))
        if (values[numOperands + i] == result)
          return mark >= 0 && static_cast<size_t>(mark) < numOperands &&
                 values[mark] == operand;
      return false;
    }
    default:
      return false;
    }
  }

  /// Pairs each argument with the result whose buffer it becomes when the
  /// caller donates it: the result its `tf.aliasing_output` names, else
  /// the first result of its type not taken, those that one command reads
  /// and writes in place first. A pair is kept where the program reads the
  /// argument for the last time before it first writes the result (loops
  /// counted whole), or does both in one command that works in place.
  void planDonations(func::FuncOp entry) {
    std::vector<int64_t> first, last;
    computeLifetimes(program, loops, first, last);
    size_t numArguments = program.arguments.size();
    std::vector<int64_t> pairs(numArguments, -1);
    std::vector<bool> taken(program.results.size(), false);
    // With `inPlaceOnly`, only the pairs of one command that works in
    // place: they save a buffer and, for a returned argument, its copy.
    auto tryPair = [&](size_t argument, size_t result, bool inPlaceOnly) {
      int64_t from = program.arguments[argument];
      int64_t to = program.results[result];
      if (pairs[argument] >= 0 || taken[result] ||
          !(program.values[from].type == program.values[to].type))
        return false;
      int64_t lastRead = last[from], firstWrite = first[to];
      bool inPlace = lastRead >= 0 && lastRead == firstWrite &&
                     worksInPlace(lastRead, from, to);
      bool before = lastRead < 0 || firstWrite < 0 || lastRead < firstWrite;
      if (!inPlace && (inPlaceOnly || !before))
        return false;
      pairs[argument] = static_cast<int64_t>(result);
      taken[result] = true;
      return true;
    };
    for (size_t argument = 0; argument < numArguments; ++argument)
      if (auto named = entry.getArgAttrOfType<IntegerAttr>(
              argument, "tf.aliasing_output")) {
        // A pair the attribute asks for and that cannot be kept is said
        // (the argument then pairs as any other, or not at all).
        int64_t result = named.getInt();
        auto warn = [&](const Twine &why) {
          emitWarning(entry.getArgument(argument).getLoc())
              << "argument " << argument << " cannot become result " << result
              << " (tf.aliasing_output): " << why;
        };
        if (result < 0 ||
            result >= static_cast<int64_t>(program.results.size())) {
          warn("the function has " + Twine(program.results.size()) +
               " results");
          continue;
        }
        int64_t from = program.arguments[argument];
        int64_t to = program.results[result];
        if (!(program.values[from].type == program.values[to].type))
          warn("the types differ");
        else if (taken[result])
          warn("another argument becomes it");
        else if (!tryPair(argument, static_cast<size_t>(result), false))
          warn("the program reads the argument after it first writes the "
               "result");
      }
    for (bool inPlaceOnly : {true, false})
      for (size_t argument = 0; argument < numArguments; ++argument)
        for (size_t result = 0; result < program.results.size(); ++result)
          tryPair(argument, result, inPlaceOnly);
    if (llvm::any_of(pairs, [](int64_t result) { return result >= 0; }))
      program.argumentResults = std::move(pairs);
  }

  ModuleOp module;
  FunctionType signature;
  std::vector<Operation *> &hostCalls;
  const ffi::HandlerRegistry &handlers;
  HostProgram program;
  DenseMap<Value, int64_t> ids;
  DenseMap<StringRef, int64_t> kernelIndex;
  /// [first, last] command of each loop.
  SmallVector<std::pair<int64_t, int64_t>> loops;
  /// Whether data-moving collectives start asynchronously.
  bool asyncCollectives;
  /// The asynchronous collectives started and not waited for yet: the
  /// value each writes -> its command.
  llvm::MapVector<int64_t, int64_t> started;
  /// Per Dispatch command with `hlox.in_place` marks, the marks.
  DenseMap<int64_t, SmallVector<int64_t>> inPlaceOperands;
};

} // namespace

FailureOr<HostProgram> hlox::buildHostProgram(
    func::FuncOp entry, ModuleOp module, FunctionType signature,
    std::vector<Operation *> &hostCalls, const ffi::HandlerRegistry &handlers,
    bool asyncCollectives) {
  return HostProgramBuilder(module, signature, hostCalls, handlers,
                            asyncCollectives)
      .build(entry);
}

void hlox::markReshapeOnlyDispatches(ModuleOp module) {
  for (auto function : module.getOps<func::FuncOp>())
    if (function->hasAttr(kDispatchAttr) && isReshapeOnly(function))
      function->setAttr(kReshapeOnlyAttr, UnitAttr::get(module.getContext()));
}
