//===- EvalCollectives.cpp - Evaluation of collectives and run_parallel ---===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// interpreter.run_parallel starts one thread (and Evaluator) per process of
// its replicas x partitions grid; collectives compute their process groups
// as the spec's modes say (cross_replica, cross_partition,
// cross_replica_and_partition, flattened_ids) and meet at a rendezvous of
// the grid. Outside run_parallel, a program runs as the only process of a
// 1x1 grid.
//
//===----------------------------------------------------------------------===//

#include "EvalUtils.h"

#include "hlox/Dialect/Interpreter/IR/InterpreterOps.h"
#include "hlox/Dialect/StableHLO/IR/ReplicaGroups.h"
#include "hlox/Dialect/StableHLO/IR/StablehloOps.h"
#include "hlox/Evaluator/ProcessGrid.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/SymbolTable.h"

#include <cstring>
#include <thread>

using namespace mlir;
using namespace hlox::eval;
using namespace hlox::eval::detail;
namespace shlo = hlox::stablehlo;

namespace {

/// The grid size and this process, or a 1x1 grid outside run_parallel.
struct Where {
  int64_t replicas = 1, partitions = 1;
  ProcessId self;
};

Where where(Evaluator &evaluator) {
  Where w;
  if (ProcessContext *process = evaluator.getProcess()) {
    w.replicas = process->grid->getNumReplicas();
    w.partitions = process->grid->getNumPartitions();
    w.self = process->id;
  }
  return w;
}

using Mode = shlo::CollectiveMode;

Mode reductionMode(std::optional<shlo::ChannelHandleAttr> channel,
                   bool useGlobalDeviceIds) {
  return shlo::getReductionMode(channel, useGlobalDeviceIds);
}

Mode pairMode(std::optional<shlo::ChannelHandleAttr> channel) {
  return shlo::getPairMode(channel);
}

using Group = SmallVector<ProcessId>;

SmallVector<SmallVector<int64_t>> rowsOf(DenseIntElementsAttr groups) {
  return shlo::getReplicaGroupRows(groups);
}

/// The process groups of `mode` over the grid (spec "Collective ops").
SmallVector<Group> processGroups(Mode mode,
                                 SmallVector<SmallVector<int64_t>> rows,
                                 const Where &w) {
  SmallVector<Group> groups;
  for (const SmallVector<int64_t> &ids :
       shlo::getProcessGroups(mode, rows, w.replicas, w.partitions)) {
    Group group;
    for (int64_t id : ids)
      group.push_back({id / w.partitions, id % w.partitions});
    groups.push_back(group);
  }
  return groups;
}

/// The process groups of `mode` for `op`'s `replicaGroups`, a tensor or
/// mesh axes (flattened); an error at `op` when the mesh does not resolve.
FailureOr<SmallVector<Group>> processGroups(Operation *op, Mode mode,
                                            Attribute replicaGroups,
                                            const Where &w) {
  FailureOr<DenseIntElementsAttr> tensor =
      shlo::getReplicaGroupsTensor(op, replicaGroups);
  if (failed(tensor))
    return failure();
  return processGroups(mode, rowsOf(*tensor), w);
}

/// The group of `groups` holding this process and its position there.
FailureOr<std::pair<size_t, size_t>> findSelf(Operation *op,
                                              ArrayRef<Group> groups,
                                              const Where &w) {
  for (auto [g, group] : llvm::enumerate(groups))
    for (auto [i, id] : llvm::enumerate(group))
      if (id.replica == w.self.replica && id.partition == w.self.partition)
        return std::make_pair(g, i);
  return op->emitError("process (replica ")
         << w.self.replica << ", partition " << w.self.partition
         << ") is in no process group";
}

/// Exchanges `value` within this process's group; returns the members'
/// values in group order.
FailureOr<std::vector<RuntimeValue>>
exchangeInGroup(Operation *op, Evaluator &evaluator, ArrayRef<Group> groups,
                RuntimeValue value) {
  Where w = where(evaluator);
  FailureOr<std::pair<size_t, size_t>> self = findSelf(op, groups, w);
  if (failed(self))
    return failure();
  ProcessContext *process = evaluator.getProcess();
  if (!process) // a 1x1 grid: the group is this process alone
    return std::vector<RuntimeValue>{value};
  int64_t invocation = process->invocations[op]++;
  std::string key;
  llvm::raw_string_ostream os(key);
  os << static_cast<const void *>(op) << ":" << invocation << ":"
     << self->first;
  FailureOr<std::vector<RuntimeValue>> values = process->grid->exchange(
      key, groups[self->first].size(), self->second, std::move(value));
  if (failed(values))
    return op->emitError(process->grid->isDeadlocked()
                             ? "collective cannot complete: every process "
                               "is waiting (deadlock)"
                             : "collective interrupted: another process "
                               "failed");
  return values;
}

/// Position of this process in its group (for reduce_scatter, all_to_all).
size_t positionIn(ArrayRef<Group> groups, const Where &w) {
  for (const Group &group : groups)
    for (auto [i, id] : llvm::enumerate(group))
      if (id.replica == w.self.replica && id.partition == w.self.partition)
        return i;
  return 0;
}

/// Element-wise reduction of `values` (one tensor per member) with the
/// binary `computation`, in member order.
FailureOr<Tensor> reduceMembers(Region &computation,
                                ArrayRef<Tensor> values, Evaluator &evaluator,
                                RankedTensorType type) {
  Tensor result(type);
  for (int64_t i = 0; i < result.getNumElements(); ++i) {
    RuntimeValue accumulator = scalarAt(values[0], i);
    for (const Tensor &value : values.drop_front()) {
      FailureOr<SmallVector<RuntimeValue>> combined = evaluator.runRegion(
          computation, {accumulator, scalarAt(value, i)});
      if (failed(combined))
        return failure();
      accumulator = (*combined)[0];
    }
    storeAt(result, i, accumulator.getTensor());
  }
  return result;
}

/// Concatenates `parts` along `dim` into a tensor of `type`.
Tensor concatenate(ArrayRef<Tensor> parts, int64_t dim, RankedTensorType type) {
  Tensor result(type);
  if (result.getNumElements() == 0)
    return result;
  size_t size = result.getElementSize();
  SmallVector<int64_t> index(type.getRank(), 0);
  int64_t partSize = parts[0].getShape()[dim];
  SmallVector<int64_t> partStrides = stridesOf(parts[0].getShape());
  int64_t flat = 0;
  do {
    int64_t k = partSize ? index[dim] / partSize : 0;
    int64_t from = 0;
    for (int64_t d = 0; d < type.getRank(); ++d)
      from += (d == dim ? index[d] % partSize : index[d]) * partStrides[d];
    std::memcpy(result.getRawData() + flat * size,
                parts[k].getRawData() + from * size, size);
    ++flat;
  } while (nextIndex(index, type.getShape()));
  return result;
}

/// Part `k` of `count` equal parts of `tensor` along `dim`.
Tensor splitPart(const Tensor &tensor, int64_t dim, int64_t count, int64_t k) {
  SmallVector<int64_t> shape(tensor.getShape());
  shape[dim] /= count;
  Tensor part(tensor.getType().clone(shape));
  if (part.getNumElements() == 0)
    return part;
  size_t size = part.getElementSize();
  SmallVector<int64_t> strides = stridesOf(tensor.getShape());
  SmallVector<int64_t> index(shape.size(), 0);
  int64_t flat = 0;
  do {
    int64_t from = 0;
    for (size_t d = 0; d < shape.size(); ++d)
      from += (static_cast<int64_t>(d) == dim ? index[d] + k * shape[dim]
                                              : index[d]) *
              strides[d];
    std::memcpy(part.getRawData() + flat * size,
                tensor.getRawData() + from * size, size);
    ++flat;
  } while (nextIndex(index, shape));
  return part;
}

/// The tensors of member `m` from exchanged tuples.
SmallVector<Tensor> column(ArrayRef<RuntimeValue> members, size_t k) {
  SmallVector<Tensor> tensors;
  for (const RuntimeValue &member : members)
    tensors.push_back(member.getElements()[k].getTensor());
  return tensors;
}

RuntimeValue tupleOf(ArrayRef<RuntimeValue> operands) {
  return RuntimeValue::tuple(
      std::vector<RuntimeValue>(operands.begin(), operands.end()));
}

LogicalResult evalReplicaId(Operation *op, ArrayRef<RuntimeValue>,
                            SmallVectorImpl<RuntimeValue> &results,
                            Evaluator &evaluator) {
  Tensor id(resultType(op, evaluator));
  id.data<uint32_t>()[0] = static_cast<uint32_t>(where(evaluator).self.replica);
  results.push_back(std::move(id));
  return success();
}

LogicalResult evalPartitionId(Operation *op, ArrayRef<RuntimeValue>,
                              SmallVectorImpl<RuntimeValue> &results,
                              Evaluator &evaluator) {
  Tensor id(resultType(op, evaluator));
  id.data<uint32_t>()[0] =
      static_cast<uint32_t>(where(evaluator).self.partition);
  results.push_back(std::move(id));
  return success();
}

LogicalResult evalAllReduce(Operation *op, ArrayRef<RuntimeValue> operands,
                            SmallVectorImpl<RuntimeValue> &results,
                            Evaluator &evaluator) {
  auto allReduce = cast<shlo::AllReduceOp>(op);
  FailureOr<SmallVector<Group>> groups = processGroups(
      op, reductionMode(allReduce.getChannelHandle(), allReduce.getUseGlobalDeviceIds()), allReduce.getReplicaGroups(), where(evaluator));
  if (failed(groups))
    return failure();
  FailureOr<std::vector<RuntimeValue>> members =
      exchangeInGroup(op, evaluator, *groups, tupleOf(operands));
  if (failed(members))
    return failure();
  for (size_t k = 0; k < operands.size(); ++k) {
    FailureOr<Tensor> reduced =
        reduceMembers(allReduce.getComputation(), column(*members, k),
                      evaluator, resultType(op, evaluator, k));
    if (failed(reduced))
      return failure();
    results.push_back(std::move(*reduced));
  }
  return success();
}

LogicalResult evalAllGather(Operation *op, ArrayRef<RuntimeValue> operands,
                            SmallVectorImpl<RuntimeValue> &results,
                            Evaluator &evaluator) {
  auto allGather = cast<shlo::AllGatherOp>(op);
  int64_t dim = allGather.getAllGatherDimAttr().getInt();
  FailureOr<SmallVector<Group>> groups = processGroups(
      op, reductionMode(allGather.getChannelHandle(), allGather.getUseGlobalDeviceIds()), allGather.getReplicaGroups(), where(evaluator));
  if (failed(groups))
    return failure();
  FailureOr<std::vector<RuntimeValue>> members =
      exchangeInGroup(op, evaluator, *groups, tupleOf(operands));
  if (failed(members))
    return failure();
  for (size_t k = 0; k < operands.size(); ++k) {
    SmallVector<Tensor> parts = column(*members, k);
    SmallVector<int64_t> shape(parts[0].getShape());
    shape[dim] *= parts.size();
    results.push_back(concatenate(
        parts, dim, resultType(op, evaluator, k).clone(shape)));
  }
  return success();
}

LogicalResult evalReduceScatter(Operation *op, ArrayRef<RuntimeValue> operands,
                                SmallVectorImpl<RuntimeValue> &results,
                                Evaluator &evaluator) {
  auto reduceScatter = cast<shlo::ReduceScatterOp>(op);
  int64_t dim = reduceScatter.getScatterDimension();
  Where w = where(evaluator);
  FailureOr<SmallVector<Group>> groups = processGroups(
      op, reductionMode(reduceScatter.getChannelHandle(), reduceScatter.getUseGlobalDeviceIds()), reduceScatter.getReplicaGroups(), w);
  if (failed(groups))
    return failure();
  FailureOr<std::vector<RuntimeValue>> members =
      exchangeInGroup(op, evaluator, *groups, operands[0]);
  if (failed(members))
    return failure();
  SmallVector<Tensor> values;
  for (const RuntimeValue &member : *members)
    values.push_back(member.getTensor());
  FailureOr<Tensor> reduced =
      reduceMembers(reduceScatter.getComputation(), values, evaluator,
                    operands[0].getTensor().getType());
  if (failed(reduced))
    return failure();
  results.push_back(splitPart(*reduced, dim, values.size(),
                              positionIn(*groups, w)));
  return success();
}

LogicalResult evalAllToAll(Operation *op, ArrayRef<RuntimeValue> operands,
                           SmallVectorImpl<RuntimeValue> &results,
                           Evaluator &evaluator) {
  auto allToAll = cast<shlo::AllToAllOp>(op);
  int64_t split = allToAll.getSplitDimension();
  int64_t concat = allToAll.getConcatDimension();
  int64_t count = allToAll.getSplitCount();
  Where w = where(evaluator);
  FailureOr<SmallVector<Group>> groups = processGroups(
      op, pairMode(allToAll.getChannelHandle()), allToAll.getReplicaGroups(), w);
  if (failed(groups))
    return failure();
  FailureOr<std::vector<RuntimeValue>> members =
      exchangeInGroup(op, evaluator, *groups, tupleOf(operands));
  if (failed(members))
    return failure();
  size_t position = positionIn(*groups, w);
  for (size_t k = 0; k < operands.size(); ++k) {
    SmallVector<Tensor> parts;
    for (const Tensor &member : column(*members, k))
      parts.push_back(splitPart(member, split, count, position));
    SmallVector<int64_t> shape(parts[0].getShape());
    shape[concat] *= parts.size();
    results.push_back(concatenate(
        parts, concat, resultType(op, evaluator, k).clone(shape)));
  }
  return success();
}

LogicalResult evalCollectivePermute(Operation *op,
                                    ArrayRef<RuntimeValue> operands,
                                    SmallVectorImpl<RuntimeValue> &results,
                                    Evaluator &evaluator) {
  auto permute = cast<shlo::CollectivePermuteOp>(op);
  Where w = where(evaluator);
  Mode mode = pairMode(permute.getChannelHandle());
  // Everyone in this replica's (or partition's) domain exchanges; the pairs
  // name ids within the domain.
  SmallVector<Group> domains = processGroups(mode, {}, w);
  FailureOr<std::vector<RuntimeValue>> members =
      exchangeInGroup(op, evaluator, domains, operands[0]);
  if (failed(members))
    return failure();
  int64_t self = mode == Mode::CrossReplica ? w.self.replica : w.self.partition;
  SmallVector<int64_t> pairs(permute.getSourceTargetPairs().getValues<int64_t>());
  Tensor result(resultType(op, evaluator));
  for (size_t i = 0; i + 1 < pairs.size(); i += 2)
    if (pairs[i + 1] == self && pairs[i] < static_cast<int64_t>(members->size())) {
      const Tensor &source = (*members)[pairs[i]].getTensor();
      std::memcpy(result.getRawData(), source.getRawData(),
                  source.getNumElements() * source.getElementSize());
    }
  results.push_back(std::move(result));
  return success();
}

/// The position in its group of data operand `k`'s root: the last operand's
/// element `k` with a dynamic root, else 0; an error at `op` when the group
/// of `groupSize` has no such position.
FailureOr<int64_t> rootOf(Operation *op, ArrayRef<RuntimeValue> operands,
                          bool dynamicRoot, size_t k, size_t groupSize) {
  int64_t root =
      dynamicRoot ? operands.back().getTensor().data<int32_t>()[k] : 0;
  if (root < 0 || root >= static_cast<int64_t>(groupSize))
    return op->emitError("root ")
           << root << " is out of range for a group of " << groupSize;
  return root;
}

LogicalResult evalCollectiveBroadcast(Operation *op,
                                      ArrayRef<RuntimeValue> operands,
                                      SmallVectorImpl<RuntimeValue> &results,
                                      Evaluator &evaluator) {
  auto broadcast = cast<shlo::CollectiveBroadcastOp>(op);
  // With has_dynamic_root the last operand says, per data operand, which
  // position of the group is its root; else the first process is.
  bool dynamicRoot = broadcast.getHasDynamicRoot();
  ArrayRef<RuntimeValue> data =
      dynamicRoot ? operands.drop_back() : operands;
  Where w = where(evaluator);
  FailureOr<SmallVector<Group>> groups = processGroups(
      op, pairMode(broadcast.getChannelHandle()), broadcast.getReplicaGroups(), w);
  if (failed(groups))
    return failure();
  // A process outside every group receives zeros.
  bool member = llvm::any_of(*groups, [&](const Group &group) {
    return llvm::any_of(group, [&](ProcessId id) {
      return id.replica == w.self.replica && id.partition == w.self.partition;
    });
  });
  if (!member) {
    for (unsigned k = 0; k < op->getNumResults(); ++k)
      results.push_back(Tensor(resultType(op, evaluator, k)));
    return success();
  }
  FailureOr<std::vector<RuntimeValue>> members =
      exchangeInGroup(op, evaluator, *groups, tupleOf(data));
  if (failed(members))
    return failure();
  for (size_t k = 0; k < data.size(); ++k) {
    FailureOr<int64_t> root =
        rootOf(op, operands, dynamicRoot, k, members->size());
    if (failed(root))
      return failure();
    results.push_back((*members)[*root].getElements()[k]);
  }
  return success();
}

LogicalResult evalCollectiveReduce(Operation *op,
                                   ArrayRef<RuntimeValue> operands,
                                   SmallVectorImpl<RuntimeValue> &results,
                                   Evaluator &evaluator) {
  auto reduce = cast<shlo::CollectiveReduceOp>(op);
  // With has_dynamic_root the last operand says, per data operand, which
  // position of the group is its root; else the first process is.
  bool dynamicRoot = reduce.getHasDynamicRoot();
  ArrayRef<RuntimeValue> data = dynamicRoot ? operands.drop_back() : operands;
  Where w = where(evaluator);
  FailureOr<SmallVector<Group>> groups = processGroups(
      op, reductionMode(reduce.getChannelHandle(), reduce.getUseGlobalDeviceIds()), reduce.getReplicaGroups(), w);
  if (failed(groups))
    return failure();
  FailureOr<std::vector<RuntimeValue>> members =
      exchangeInGroup(op, evaluator, *groups, tupleOf(data));
  if (failed(members))
    return failure();
  // The root receives the reduction, the others zeros.
  int64_t position = positionIn(*groups, w);
  for (size_t k = 0; k < data.size(); ++k) {
    RankedTensorType type = resultType(op, evaluator, k);
    FailureOr<int64_t> root =
        rootOf(op, operands, dynamicRoot, k, members->size());
    if (failed(root))
      return failure();
    if (position != *root) {
      results.push_back(Tensor(type));
      continue;
    }
    FailureOr<Tensor> reduced = reduceMembers(
        reduce.getComputation(), column(*members, k), evaluator, type);
    if (failed(reduced))
      return failure();
    results.push_back(std::move(*reduced));
  }
  return success();
}

LogicalResult evalSend(Operation *op, ArrayRef<RuntimeValue> operands,
                       SmallVectorImpl<RuntimeValue> &results,
                       Evaluator &evaluator) {
  auto send = cast<shlo::SendOp>(op);
  ProcessContext *process = evaluator.getProcess();
  if (!process)
    return op->emitError("send needs a receiving process (run it under "
                         "interpreter.run_parallel)");
  process->grid->send(send.getChannelHandle().getHandle(),
                      std::vector<RuntimeValue>(operands.begin(),
                                                operands.end() - 1));
  results.push_back(RuntimeValue::token());
  return success();
}

LogicalResult evalRecv(Operation *op, ArrayRef<RuntimeValue>,
                       SmallVectorImpl<RuntimeValue> &results,
                       Evaluator &evaluator) {
  auto recv = cast<shlo::RecvOp>(op);
  ProcessContext *process = evaluator.getProcess();
  if (!process)
    return op->emitError("recv needs a sending process (run it under "
                         "interpreter.run_parallel)");
  FailureOr<std::vector<RuntimeValue>> values =
      process->grid->receive(recv.getChannelHandle().getHandle());
  if (failed(values))
    return op->emitError("recv cannot complete: no process sends on channel ")
           << recv.getChannelHandle().getHandle();
  llvm::append_range(results, *values);
  results.push_back(RuntimeValue::token());
  return success();
}

LogicalResult evalInfeed(Operation *op, ArrayRef<RuntimeValue>,
                         SmallVectorImpl<RuntimeValue> &results,
                         Evaluator &evaluator) {
  ProcessContext *process = evaluator.getProcess();
  for (unsigned i = 0; i + 1 < op->getNumResults(); ++i) {
    FailureOr<RuntimeValue> value =
        process ? process->grid->popInfeed() : FailureOr<RuntimeValue>();
    if (!process || failed(value))
      return op->emitError("infeed is empty");
    results.push_back(std::move(*value));
  }
  results.push_back(RuntimeValue::token());
  return success();
}

LogicalResult evalOutfeed(Operation *, ArrayRef<RuntimeValue>,
                          SmallVectorImpl<RuntimeValue> &results,
                          Evaluator &) {
  results.push_back(RuntimeValue::token());
  return success();
}

/// cross-replica-sum: all_reduce with addition over replica groups.
LogicalResult evalCrossReplicaSum(Operation *op,
                                  ArrayRef<RuntimeValue> operands,
                                  SmallVectorImpl<RuntimeValue> &results,
                                  Evaluator &evaluator) {
  auto sum = cast<shlo::CrossReplicaSumOp>(op);
  SmallVector<Group> groups = processGroups(
      Mode::CrossReplica, rowsOf(sum.getReplicaGroups()), where(evaluator));
  FailureOr<std::vector<RuntimeValue>> members =
      exchangeInGroup(op, evaluator, groups, operands[0]);
  if (failed(members))
    return failure();
  RankedTensorType type = resultType(op, evaluator);
  Tensor result(type);
  ElementFormat format(type.getElementType());
  dispatch(result.getStorage(), [&](auto tag) {
    using T = decltype(tag);
    auto out = result.data<T>();
    for (const RuntimeValue &member : *members) {
      ArrayRef<T> in = member.getTensor().data<T>();
      for (size_t i = 0; i < out.size(); ++i) {
        if constexpr (std::is_same_v<T, bool>)
          out[i] = out[i] || in[i];
        else if constexpr (isInteger<T>)
          out[i] = format.normalize(static_cast<T>(
              static_cast<std::make_unsigned_t<T>>(out[i]) +
              static_cast<std::make_unsigned_t<T>>(in[i])));
        else
          out[i] = format.normalize(out[i] + in[i]);
      }
    }
  });
  results.push_back(std::move(result));
  return success();
}

/// interpreter.run_parallel: one thread and Evaluator per process.
LogicalResult evalRunParallel(Operation *op, ArrayRef<RuntimeValue> operands,
                              SmallVectorImpl<RuntimeValue> &results,
                              Evaluator &evaluator) {
  auto run = cast<hlox::interpreter::RunParallelOp>(op);
  if (const Evaluator::ParallelRunner &runner = evaluator.getParallelRunner()) {
    FailureOr<SmallVector<RuntimeValue>> values =
        runner(op, operands, evaluator);
    if (failed(values))
      return failure();
    llvm::append_range(results, *values);
    return success();
  }
  ArrayAttr programs = run.getPrograms();
  int64_t replicas = programs.size();
  int64_t partitions =
      replicas ? cast<ArrayAttr>(programs[0]).size() : 0;
  ProcessGrid grid(replicas, partitions);
  // The infeed queue comes from the `infeed` functions, in order.
  if (auto infeed = run.getInfeed())
    for (Attribute name : *infeed) {
      auto fn = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
          op, cast<FlatSymbolRefAttr>(name));
      if (!fn)
        return op->emitError("no infeed function ") << name;
      FailureOr<SmallVector<RuntimeValue>> values = evaluator.call(fn, {});
      if (failed(values))
        return failure();
      for (RuntimeValue &value : *values)
        grid.pushInfeed(std::move(value));
    }
  struct Process {
    func::FuncOp function;
    SmallVector<RuntimeValue> arguments;
    ProcessContext context;
    std::unique_ptr<Evaluator> evaluator;
    FailureOr<SmallVector<RuntimeValue>> results = failure();
  };
  std::vector<Process> processes(replicas * partitions);
  size_t next = 0;
  for (int64_t r = 0; r < replicas; ++r)
    for (int64_t p = 0; p < partitions; ++p) {
      Process &process = processes[r * partitions + p];
      auto name = cast<FlatSymbolRefAttr>(cast<ArrayAttr>(programs[r])[p]);
      process.function =
          SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(op, name);
      if (!process.function)
        return op->emitError("no function ") << name;
      unsigned count = process.function.getNumArguments();
      if (next + count > operands.size())
        return op->emitError("not enough inputs for ") << name;
      process.arguments.assign(operands.begin() + next,
                               operands.begin() + next + count);
      next += count;
      process.context.grid = &grid;
      process.context.id = {r, p};
      process.evaluator = std::make_unique<Evaluator>(evaluator.getModule(),
                                                      &process.context);
      grid.processStarted();
    }
  std::vector<std::thread> threads;
  for (Process &process : processes)
    threads.emplace_back([&grid, &process] {
      process.results =
          process.evaluator->call(process.function, process.arguments);
      if (failed(process.results))
        grid.abort();
      grid.processFinished();
    });
  for (std::thread &thread : threads)
    thread.join();
  bool ok = true;
  for (Process &process : processes) {
    evaluator.absorbChecks(*process.evaluator);
    if (failed(process.results))
      ok = false;
    else
      llvm::append_range(results, *process.results);
  }
  return success(ok);
}

/// async_start runs its op at once (the spec lets a backend run it
/// synchronously); the future holds the results as a tuple.
LogicalResult evalAsyncStart(Operation *op, ArrayRef<RuntimeValue> operands,
                             SmallVectorImpl<RuntimeValue> &results,
                             Evaluator &evaluator) {
  FailureOr<SmallVector<RuntimeValue>> values =
      evaluator.runRegion(cast<shlo::AsyncStartOp>(op).getBody(), operands);
  if (failed(values))
    return failure();
  results.push_back(RuntimeValue::tuple(
      std::vector<RuntimeValue>(values->begin(), values->end())));
  return success();
}

LogicalResult evalAsyncDone(Operation *, ArrayRef<RuntimeValue> operands,
                            SmallVectorImpl<RuntimeValue> &results,
                            Evaluator &) {
  llvm::append_range(results, operands[0].getElements());
  return success();
}

} // namespace

void hlox::eval::registerCollectiveOps(OpTable &table) {
  add<shlo::ReplicaIdOp>(table, evalReplicaId);
  add<shlo::PartitionIdOp>(table, evalPartitionId);
  add<shlo::AllReduceOp>(table, evalAllReduce);
  add<shlo::AllGatherOp>(table, evalAllGather);
  add<shlo::ReduceScatterOp>(table, evalReduceScatter);
  add<shlo::AllToAllOp>(table, evalAllToAll);
  add<shlo::CollectivePermuteOp>(table, evalCollectivePermute);
  add<shlo::CollectiveBroadcastOp>(table, evalCollectiveBroadcast);
  add<shlo::CollectiveReduceOp>(table, evalCollectiveReduce);
  add<shlo::CrossReplicaSumOp>(table, evalCrossReplicaSum);
  add<shlo::AsyncStartOp>(table, evalAsyncStart);
  add<shlo::AsyncDoneOp>(table, evalAsyncDone);
  add<shlo::SendOp>(table, evalSend);
  add<shlo::RecvOp>(table, evalRecv);
  add<shlo::InfeedOp>(table, evalInfeed);
  add<shlo::OutfeedOp>(table, evalOutfeed);
  add<hlox::interpreter::RunParallelOp>(table, evalRunParallel);
}
