//===- LowerCollectives.cpp - Collectives as data movement and kernels ----===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// For a program compiled for a grid of processes, each StableHLO
// collective becomes the runtime's data movement (the library dialect's
// collectives, which name device indices) and ordinary StableHLO ops
// around it: transposes and reshapes that make each member's part
// contiguous, and the reduction regions applied elementwise, member by
// member in group order, over what the movement delivers. An all_reduce
// whose region is one op the runtime reduces by (add, multiply, minimum,
// maximum, and, or) over groups of one size becomes `library.all_reduce`,
// which the communicator reduces itself in the same order.
//
//===----------------------------------------------------------------------===//

#include "hlox/Transforms/Passes.h"

#include "hlox/Dialect/Library/IR/LibraryOps.h"
#include "hlox/Dialect/StableHLO/IR/ReplicaGroups.h"
#include "hlox/Dialect/StableHLO/IR/StablehloOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/TypeSwitch.h"

#include <algorithm>

namespace hlox {
#define GEN_PASS_DEF_HLOXLOWERCOLLECTIVES
#include "hlox/Transforms/Passes.h.inc"
} // namespace hlox

using namespace mlir;
namespace shlo = hlox::stablehlo;
namespace lib = hlox::library;

namespace {

using Groups = SmallVector<SmallVector<int64_t>>;

class Lowering {
public:
  Lowering(Operation *op, int64_t replicas, int64_t partitions)
      : op(op), b(op), loc(op->getLoc()), replicas(replicas),
        partitions(partitions) {}

  /// The process groups of `mode` for `replicaGroups` (a tensor or mesh
  /// axes), checked: ids inside the grid, groups of one size, each process
  /// in one group at most.
  FailureOr<Groups> resolve(shlo::CollectiveMode mode, Attribute replicaGroups,
                            bool ragged = false) {
    FailureOr<DenseIntElementsAttr> tensor =
        shlo::getReplicaGroupsTensor(op, replicaGroups);
    if (failed(tensor))
      return failure();
    Groups rows = shlo::getReplicaGroupRows(*tensor);
    int64_t limit = mode == shlo::CollectiveMode::CrossPartition ? partitions
                    : mode == shlo::CollectiveMode::FlattenedIds
                        ? replicas * partitions
                        : replicas;
    for (const auto &row : rows)
      for (int64_t id : row)
        if (id >= limit)
          return op->emitError("replica_groups name process ")
                 << id << ", but the program runs on " << replicas
                 << " replicas x " << partitions << " partitions";
    return check(shlo::getProcessGroups(mode, rows, replicas, partitions),
                 ragged);
  }

  /// `groups`, checked: not empty, each process in one group at most, and
  /// unless `ragged` groups of one size.
  FailureOr<Groups> check(Groups groups, bool ragged = false) {
    if (groups.empty() ||
        llvm::any_of(groups, [](const auto &group) { return group.empty(); }))
      return op->emitError("the collective has an empty process group");
    SmallVector<bool> seen(replicas * partitions, false);
    for (const auto &group : groups) {
      if (!ragged && group.size() != groups[0].size())
        return op->emitError("process groups of different sizes (")
               << groups[0].size() << " and " << group.size() << ")";
      for (int64_t id : group) {
        if (seen[id])
          return op->emitError("process (replica ")
                 << id / partitions << ", partition " << id % partitions
                 << ") is in two process groups";
        seen[id] = true;
      }
    }
    return groups;
  }

  static int64_t largest(const Groups &groups) {
    size_t size = 0;
    for (const auto &group : groups)
      size = std::max(size, group.size());
    return static_cast<int64_t>(size);
  }
  static int64_t smallest(const Groups &groups) {
    size_t size = groups[0].size();
    for (const auto &group : groups)
      size = std::min(size, group.size());
    return static_cast<int64_t>(size);
  }

  /// The groups as a 2-d tensor, short groups padded with -1.
  DenseIntElementsAttr toAttr(const Groups &groups) {
    int64_t columns = largest(groups);
    SmallVector<int64_t> flat;
    for (const auto &group : groups) {
      llvm::append_range(flat, group);
      flat.append(columns - group.size(), -1);
    }
    auto type = RankedTensorType::get(
        {static_cast<int64_t>(groups.size()), columns}, b.getI64Type());
    return DenseIntElementsAttr::get(type, flat);
  }

  /// The members' `value`s stacked: [largest group size, value's
  /// shape...] (a smaller group's rows end in zeros).
  Value stack(Value value, const Groups &groups) {
    auto type = cast<RankedTensorType>(value.getType());
    SmallVector<int64_t> shape{largest(groups)};
    llvm::append_range(shape, type.getShape());
    return lib::AllGatherOp::create(b, loc, type.clone(shape), value,
                                    toAttr(groups), replicas, partitions);
  }

  /// Row `i` of `stacked`, without its leading dimension.
  Value row(Value stacked, int64_t i) {
    auto type = cast<RankedTensorType>(stacked.getType());
    SmallVector<int64_t> start(type.getRank(), 0);
    SmallVector<int64_t> limit(type.getShape());
    SmallVector<int64_t> strides(type.getRank(), 1);
    start[0] = i;
    limit[0] = i + 1;
    Value slice = shlo::SliceOp::create(b, loc, stacked, start, limit, strides);
    return shlo::ReshapeOp::create(
        b, loc, type.clone(type.getShape().drop_front()), slice);
  }

  /// `value` permuted; itself for the identity (no kernel that copies).
  Value transpose(Value value, ArrayRef<int64_t> permutation) {
    if (llvm::equal(permutation, llvm::seq<int64_t>(0, permutation.size())))
      return value;
    auto type = cast<RankedTensorType>(value.getType());
    SmallVector<int64_t> shape;
    for (int64_t d : permutation)
      shape.push_back(type.getDimSize(d));
    return shlo::TransposeOp::create(b, loc, type.clone(shape), value,
                                     b.getDenseI64ArrayAttr(permutation));
  }

  Value reshape(Value value, ArrayRef<int64_t> shape) {
    auto type = cast<RankedTensorType>(value.getType());
    return shlo::ReshapeOp::create(b, loc, type.clone(shape), value);
  }

  /// `value` with dimension `dim` split into [parts, size / parts] and the
  /// parts moved to the front.
  Value partsToFront(Value value, int64_t dim, int64_t parts) {
    auto type = cast<RankedTensorType>(value.getType());
    SmallVector<int64_t> shape(type.getShape());
    shape[dim] /= parts;
    shape.insert(shape.begin() + dim, parts);
    SmallVector<int64_t> permutation{dim};
    for (int64_t d = 0; d < static_cast<int64_t>(shape.size()); ++d)
      if (d != dim)
        permutation.push_back(d);
    return transpose(reshape(value, shape), permutation);
  }

  /// `stacked` ([parts, shape...]) with its leading dimension merged into
  /// dimension `dim` of the rest, parts major.
  Value mergeFront(Value stacked, int64_t dim) {
    auto type = cast<RankedTensorType>(stacked.getType());
    SmallVector<int64_t> permutation;
    for (int64_t d = 1; d <= dim; ++d)
      permutation.push_back(d);
    permutation.push_back(0);
    for (int64_t d = dim + 1; d < type.getRank(); ++d)
      permutation.push_back(d);
    SmallVector<int64_t> shape(type.getShape().drop_front());
    shape[dim] *= type.getDimSize(0);
    return reshape(transpose(stacked, permutation), shape);
  }

  /// `region` (on scalars) applied elementwise to `arguments`, tensors of
  /// `shape`: its ops cloned on whole tensors.
  FailureOr<SmallVector<Value>> applyRegion(Region &region,
                                            ArrayRef<Value> arguments,
                                            ArrayRef<int64_t> shape) {
    Block &block = region.front();
    if (block.getNumArguments() != arguments.size())
      return op->emitError("the reduction region takes ")
             << block.getNumArguments() << " arguments, not "
             << arguments.size();
    IRMapping mapping;
    for (auto [argument, value] : llvm::zip(block.getArguments(), arguments))
      mapping.map(argument, value);
    auto widen = [&](Type type) -> Type {
      return RankedTensorType::get(shape,
                                   cast<ShapedType>(type).getElementType());
    };
    // A value of the region, or a scalar from outside it (a constant
    // hoisted out of the region), the same for every element; null after
    // an error.
    auto lookup = [&](Value value) -> Value {
      if (Value mapped = mapping.lookupOrNull(value))
        return mapped;
      auto type = dyn_cast<RankedTensorType>(value.getType());
      if (!type || type.getRank() != 0) {
        op->emitError("a reduction region is applied to whole tensors when "
                      "compiled for several processes; it uses a value from "
                      "outside that is not a scalar");
        return Value();
      }
      Value widened = shlo::BroadcastInDimOp::create(
          b, loc, widen(type), value, b.getDenseI64ArrayAttr({}));
      mapping.map(value, widened);
      return widened;
    };
    for (Operation &nested : block) {
      if (auto ret = dyn_cast<shlo::ReturnOp>(nested)) {
        SmallVector<Value> results;
        for (Value value : ret.getOperands()) {
          Value mapped = lookup(value);
          if (!mapped)
            return failure();
          results.push_back(mapped);
        }
        return results;
      }
      auto scalar = [](Type type) {
        auto tensor = dyn_cast<RankedTensorType>(type);
        return tensor && tensor.getRank() == 0;
      };
      bool scalars = llvm::all_of(nested.getOperandTypes(), scalar) &&
                     llvm::all_of(nested.getResultTypes(), scalar);
      if (auto constant = dyn_cast<shlo::ConstantOp>(nested);
          constant && scalars) {
        Value value = shlo::ConstantOp::create(b, loc, constant.getType(),
                                               constant.getValue());
        mapping.map(
            constant.getResult(),
            shlo::BroadcastInDimOp::create(b, loc, widen(constant.getType()),
                                           value, b.getDenseI64ArrayAttr({})));
        continue;
      }
      bool elementwise = nested.hasTrait<OpTrait::Elementwise>() ||
                         isa<shlo::SelectOp>(nested);
      if (!scalars || !elementwise || nested.getNumRegions() != 0)
        return nested.emitError("a reduction region is applied to whole "
                                "tensors when compiled for several "
                                "processes; '")
               << nested.getName() << "' is not elementwise";
      OperationState state(loc, nested.getName());
      for (Value operand : nested.getOperands()) {
        Value mapped = lookup(operand);
        if (!mapped)
          return failure();
        state.addOperands(mapped);
      }
      for (Type type : nested.getResultTypes())
        state.addTypes(widen(type));
      state.addAttributes(nested.getAttrs());
      Operation *clone = b.create(state);
      for (auto [from, to] :
           llvm::zip(nested.getResults(), clone->getResults()))
        mapping.map(from, to);
    }
    return op->emitError("the reduction region has no return");
  }

  /// The reduction by `region` of `stacked`'s rows, member by member in
  /// group order (the first row, then the region applied to it and the
  /// next), as far as this process's group goes.
  FailureOr<Value> reduceRows(Region &region, Value stacked,
                              const Groups &groups) {
    auto type = cast<RankedTensorType>(stacked.getType());
    auto shape = type.getShape().drop_front();
    auto rowType = RankedTensorType::get(shape, type.getElementType());
    // With groups of several sizes, rows past this group's end stay out.
    Value size;
    if (smallest(groups) != largest(groups))
      size = processId("group_size", &groups);
    Value accumulator = row(stacked, 0);
    for (int64_t i = 1; i < type.getDimSize(0); ++i) {
      FailureOr<SmallVector<Value>> next =
          applyRegion(region, {accumulator, row(stacked, i)}, shape);
      if (failed(next))
        return failure();
      if (next->size() != 1)
        return op->emitError("the reduction region returns ")
               << next->size() << " values, not 1";
      if (i < smallest(groups)) {
        accumulator = (*next)[0];
        continue;
      }
      auto scalar = RankedTensorType::get({}, b.getI32Type());
      Value index = shlo::ConstantOp::create(
          b, loc, scalar,
          DenseElementsAttr::get(scalar, b.getI32IntegerAttr(i)));
      Value inGroup = shlo::CompareOp::create(
          b, loc, RankedTensorType::get({}, b.getI1Type()), index, size,
          shlo::ComparisonDirectionAttr::get(b.getContext(),
                                             shlo::ComparisonDirection::LT),
          shlo::ComparisonTypeAttr());
      Value mask = shlo::BroadcastInDimOp::create(
          b, loc, RankedTensorType::get(shape, b.getI1Type()), inGroup,
          b.getDenseI64ArrayAttr({}));
      accumulator = shlo::SelectOp::create(b, loc, rowType, mask, (*next)[0],
                                           accumulator);
    }
    return accumulator;
  }

  /// reduceRows of each of `stacked`.
  FailureOr<SmallVector<Value>>
  reduceEach(Region &region, ArrayRef<Value> stacked, const Groups &groups) {
    SmallVector<Value> results;
    for (Value value : stacked) {
      FailureOr<Value> reduced = reduceRows(region, value, groups);
      if (failed(reduced))
        return failure();
      results.push_back(*reduced);
    }
    return results;
  }

  Value processId(StringRef kind, const Groups *groups, Type type = Type()) {
    if (!type)
      type = RankedTensorType::get({}, b.getI32Type());
    return lib::ProcessIdOp::create(b, loc, type, b.getStringAttr(kind),
                                    groups ? toAttr(*groups)
                                           : DenseIntElementsAttr(),
                                    replicas, partitions);
  }

  /// Element `k` of the 1-d `roots`, as a 0-d tensor.
  Value rootAt(Value roots, int64_t k) {
    auto type = cast<RankedTensorType>(roots.getType());
    Value slice = shlo::SliceOp::create(b, loc, roots, {k}, {k + 1}, {1});
    return shlo::ReshapeOp::create(b, loc, type.clone(ArrayRef<int64_t>{}),
                                   slice);
  }

  Value zeros(RankedTensorType type) {
    return shlo::ConstantOp::create(b, loc, type,
                                    cast<ElementsAttr>(b.getZeroAttr(type)));
  }

  /// The reduction `library.all_reduce` takes for an all_reduce's region
  /// (which it applies to each operand alone) on an operand of element
  /// type `element`: the region returns one op of its two arguments, in
  /// either order (the ops are commutative), that the runtime reduces by
  /// (LibraryCollectiveOps.td); else "".
  static StringRef matchReduction(Region &region, Type element) {
    Block &block = region.front();
    auto ret = dyn_cast<shlo::ReturnOp>(block.getTerminator());
    if (block.getNumArguments() != 2 || !ret || ret.getNumOperands() != 1)
      return "";
    Operation *def = ret.getOperand(0).getDefiningOp();
    if (!def || def->getBlock() != &block || def->getNumOperands() != 2)
      return "";
    Value lhs = def->getOperand(0), rhs = def->getOperand(1);
    Value first = block.getArgument(0), second = block.getArgument(1);
    if (!((lhs == first && rhs == second) || (lhs == second && rhs == first)))
      return "";
    StringRef reduction =
        llvm::TypeSwitch<Operation *, StringRef>(def)
            .Case<shlo::AddOp>([](auto) { return "add"; })
            .Case<shlo::MulOp>([](auto) { return "multiply"; })
            .Case<shlo::MinOp>([](auto) { return "minimum"; })
            .Case<shlo::MaxOp>([](auto) { return "maximum"; })
            .Case<shlo::AndOp>([](auto) { return "and"; })
            .Case<shlo::OrOp>([](auto) { return "or"; })
            .Default([](auto) { return ""; });
    // Booleans add and take the maximum by or, multiply and take the
    // minimum by and.
    if (element.isInteger(1) && !reduction.empty())
      reduction =
          reduction == "add" || reduction == "maximum" || reduction == "or"
              ? "or"
              : "and";
    if (reduction.empty() ||
        !lib::getAllReduceError(reduction, element).empty())
      return "";
    return reduction;
  }

  LogicalResult lower();

  Operation *op;
  OpBuilder b;
  Location loc;
  int64_t replicas;
  int64_t partitions;
  SmallVector<Value> results;
};

LogicalResult Lowering::lower() {
  if (isa<shlo::ReplicaIdOp, shlo::PartitionIdOp>(op)) {
    results.push_back(
        processId(isa<shlo::ReplicaIdOp>(op) ? "replica" : "partition", nullptr,
                  op->getResult(0).getType()));
    return success();
  }
  if (auto allReduce = dyn_cast<shlo::AllReduceOp>(op)) {
    FailureOr<Groups> groups =
        resolve(shlo::getReductionMode(allReduce.getChannelHandle(),
                                       allReduce.getUseGlobalDeviceIds()),
                allReduce.getReplicaGroups(), /*ragged=*/true);
    if (failed(groups))
      return failure();
    // A region that is one reduction the runtime knows per operand, over
    // groups of one size: the communicator reduces.
    SmallVector<StringRef> reductions;
    for (Value operand : allReduce.getOperands())
      reductions.push_back(matchReduction(
          allReduce.getComputation(), getElementTypeOrSelf(operand.getType())));
    if (smallest(*groups) == largest(*groups) &&
        llvm::none_of(reductions, [](StringRef r) { return r.empty(); })) {
      for (auto [operand, reduction] :
           llvm::zip(allReduce.getOperands(), reductions))
        results.push_back(lib::AllReduceOp::create(
            b, loc, operand.getType(), operand, toAttr(*groups),
            b.getStringAttr(reduction), replicas, partitions));
      return success();
    }
    SmallVector<Value> stacked;
    for (Value operand : allReduce.getOperands())
      stacked.push_back(stack(operand, *groups));
    FailureOr<SmallVector<Value>> reduced =
        reduceEach(allReduce.getComputation(), stacked, *groups);
    if (failed(reduced))
      return failure();
    results = *reduced;
    return success();
  }
  if (auto sum = dyn_cast<shlo::CrossReplicaSumOp>(op)) {
    FailureOr<Groups> groups =
        resolve(shlo::CollectiveMode::CrossReplica, sum.getReplicaGroups());
    if (failed(groups))
      return failure();
    Type element = getElementTypeOrSelf(sum.getOperand().getType());
    StringRef reduction = element.isInteger(1) ? "or" : "add";
    if (lib::getAllReduceError(reduction, element).empty()) {
      results.push_back(lib::AllReduceOp::create(
          b, loc, sum.getType(), sum.getOperand(), toAttr(*groups),
          b.getStringAttr(reduction), replicas, partitions));
      return success();
    }
    Value stacked = stack(sum.getOperand(), *groups);
    Value total = row(stacked, 0);
    bool isBool =
        cast<RankedTensorType>(total.getType()).getElementType().isInteger(1);
    for (int64_t i = 1; i < largest(*groups); ++i)
      total = isBool
                  ? Value(shlo::OrOp::create(b, loc, total, row(stacked, i)))
                  : Value(shlo::AddOp::create(b, loc, total, row(stacked, i)));
    results.push_back(total);
    return success();
  }
  if (auto allGather = dyn_cast<shlo::AllGatherOp>(op)) {
    FailureOr<Groups> groups =
        resolve(shlo::getReductionMode(allGather.getChannelHandle(),
                                       allGather.getUseGlobalDeviceIds()),
                allGather.getReplicaGroups());
    if (failed(groups))
      return failure();
    int64_t dim = allGather.getAllGatherDimAttr().getInt();
    for (Value operand : allGather.getOperands())
      results.push_back(mergeFront(stack(operand, *groups), dim));
    return success();
  }
  if (auto scatter = dyn_cast<shlo::ReduceScatterOp>(op)) {
    FailureOr<Groups> groups =
        resolve(shlo::getReductionMode(scatter.getChannelHandle(),
                                       scatter.getUseGlobalDeviceIds()),
                scatter.getReplicaGroups());
    if (failed(groups))
      return failure();
    int64_t size = largest(*groups);
    int64_t dim = scatter.getScatterDimension();
    auto type = cast<RankedTensorType>(scatter.getOperand().getType());
    if (type.getDimSize(dim) % size != 0)
      return op->emitError("scatter dimension of size ")
             << type.getDimSize(dim) << " does not split into " << size
             << " parts";
    Value blocks = partsToFront(scatter.getOperand(), dim, size);
    Value exchanged =
        lib::AllToAllOp::create(b, loc, blocks.getType(), blocks,
                                toAttr(*groups), replicas, partitions);
    FailureOr<SmallVector<Value>> reduced =
        reduceEach(scatter.getComputation(), {exchanged}, *groups);
    if (failed(reduced))
      return failure();
    results = *reduced;
    return success();
  }
  if (auto allToAll = dyn_cast<shlo::AllToAllOp>(op)) {
    FailureOr<Groups> groups =
        resolve(shlo::getPairMode(allToAll.getChannelHandle()),
                allToAll.getReplicaGroups());
    if (failed(groups))
      return failure();
    int64_t count = allToAll.getSplitCount();
    if (count != largest(*groups))
      return op->emitError("all_to_all splits into ")
             << count << " parts over groups of " << (*groups)[0].size();
    for (Value operand : allToAll.getOperands()) {
      Value chunks = partsToFront(operand, allToAll.getSplitDimension(), count);
      Value exchanged =
          lib::AllToAllOp::create(b, loc, chunks.getType(), chunks,
                                  toAttr(*groups), replicas, partitions);
      results.push_back(mergeFront(exchanged, allToAll.getConcatDimension()));
    }
    return success();
  }
  if (auto permute = dyn_cast<shlo::CollectivePermuteOp>(op)) {
    shlo::CollectiveMode mode = shlo::getPairMode(permute.getChannelHandle());
    bool crossReplica = mode == shlo::CollectiveMode::CrossReplica;
    int64_t limit = crossReplica ? replicas : partitions;
    SmallVector<int64_t> ids(
        permute.getSourceTargetPairs().getValues<int64_t>());
    SmallVector<int64_t> pairs;
    for (size_t i = 0; i + 1 < ids.size(); i += 2) {
      if (ids[i] < 0 || ids[i] >= limit || ids[i + 1] < 0 ||
          ids[i + 1] >= limit)
        return op->emitError("source_target_pairs name process ")
               << std::max(ids[i], ids[i + 1]) << ", but the program runs on "
               << replicas << " replicas x " << partitions << " partitions";
      for (int64_t other = 0; other < (crossReplica ? partitions : replicas);
           ++other) {
        auto device = [&](int64_t id) {
          return crossReplica ? id * partitions + other
                              : other * partitions + id;
        };
        pairs.push_back(device(ids[i]));
        pairs.push_back(device(ids[i + 1]));
      }
    }
    FailureOr<Groups> domains =
        check(shlo::getProcessGroups(mode, {}, replicas, partitions));
    if (failed(domains))
      return failure();
    auto pairsType = RankedTensorType::get(
        {static_cast<int64_t>(pairs.size() / 2), 2}, b.getI64Type());
    results.push_back(lib::CollectivePermuteOp::create(
        b, loc, permute.getType(), permute.getOperand(), toAttr(*domains),
        DenseIntElementsAttr::get(pairsType, pairs), replicas, partitions));
    return success();
  }
  if (auto broadcast = dyn_cast<shlo::CollectiveBroadcastOp>(op)) {
    FailureOr<Groups> groups =
        resolve(shlo::getPairMode(broadcast.getChannelHandle()),
                broadcast.getReplicaGroups(), /*ragged=*/true);
    if (failed(groups))
      return failure();
    bool dynamicRoot = broadcast.getHasDynamicRoot();
    OperandRange data = broadcast->getOperands();
    size_t count = data.size() - (dynamicRoot ? 1 : 0);
    for (size_t k = 0; k < count; ++k) {
      Value operand = data[k];
      if (!dynamicRoot) {
        results.push_back(lib::CollectiveBroadcastOp::create(
            b, loc, operand.getType(), operand, toAttr(*groups), 0, replicas,
            partitions));
        continue;
      }
      // The members' operands stacked, then the root's row.
      Value stacked = stack(operand, *groups);
      auto type = cast<RankedTensorType>(stacked.getType());
      Value root = rootAt(data.back(), k);
      Value zero = zeros(cast<RankedTensorType>(root.getType()));
      SmallVector<Value> starts{root};
      for (int64_t d = 1; d < type.getRank(); ++d)
        starts.push_back(zero);
      SmallVector<int64_t> sizes(type.getShape());
      sizes[0] = 1;
      Value slice = shlo::DynamicSliceOp::create(b, loc, type.clone(sizes),
                                                 stacked, starts, sizes);
      results.push_back(reshape(slice, type.getShape().drop_front()));
    }
    return success();
  }
  if (auto reduce = dyn_cast<shlo::CollectiveReduceOp>(op)) {
    FailureOr<Groups> groups =
        resolve(shlo::getReductionMode(reduce.getChannelHandle(),
                                       reduce.getUseGlobalDeviceIds()),
                reduce.getReplicaGroups(), /*ragged=*/true);
    if (failed(groups))
      return failure();
    bool dynamicRoot = reduce.getHasDynamicRoot();
    OperandRange operands = reduce->getOperands();
    size_t count = operands.size() - (dynamicRoot ? 1 : 0);
    SmallVector<Value> stacked;
    for (size_t k = 0; k < count; ++k)
      stacked.push_back(stack(operands[k], *groups));
    FailureOr<SmallVector<Value>> reduced =
        reduceEach(reduce.getComputation(), stacked, *groups);
    if (failed(reduced))
      return failure();
    Value position = processId("group_position", &*groups);
    for (size_t k = 0; k < count; ++k) {
      Value root = dynamicRoot
                       ? shlo::ConvertOp::create(
                             b, loc, RankedTensorType::get({}, b.getI32Type()),
                             rootAt(operands.back(), k))
                             .getResult()
                       : zeros(RankedTensorType::get({}, b.getI32Type()));
      Value isRoot = shlo::CompareOp::create(
          b, loc, RankedTensorType::get({}, b.getI1Type()), position, root,
          shlo::ComparisonDirectionAttr::get(b.getContext(),
                                             shlo::ComparisonDirection::EQ),
          shlo::ComparisonTypeAttr());
      auto type = cast<RankedTensorType>((*reduced)[k].getType());
      results.push_back(shlo::SelectOp::create(b, loc, type, isRoot,
                                               (*reduced)[k], zeros(type)));
    }
    return success();
  }
  if (auto send = dyn_cast<shlo::SendOp>(op)) {
    int64_t channel = send.getChannelHandle().getHandle();
    for (Value operand : send->getOperands().drop_back())
      lib::SendOp::create(b, loc, operand, channel, replicas, partitions);
    results.push_back(send->getOperands().back());
    return success();
  }
  if (auto recv = dyn_cast<shlo::RecvOp>(op)) {
    int64_t channel = recv.getChannelHandle().getHandle();
    for (Type type : llvm::drop_end(recv->getResultTypes()))
      results.push_back(
          lib::RecvOp::create(b, loc, type, channel, replicas, partitions));
    results.push_back(recv->getOperand(0));
    return success();
  }
  if (isa<shlo::InfeedOp>(op)) {
    for (Type type : llvm::drop_end(op->getResultTypes()))
      results.push_back(
          lib::InfeedOp::create(b, loc, type, replicas, partitions));
    results.push_back(op->getOperand(0));
    return success();
  }
  if (isa<shlo::OutfeedOp>(op)) {
    for (Value operand : op->getOperands().drop_back())
      lib::OutfeedOp::create(b, loc, operand, replicas, partitions);
    results.push_back(op->getOperands().back());
    return success();
  }
  return success();
}

bool isCollective(Operation *op) {
  return isa<shlo::ReplicaIdOp, shlo::PartitionIdOp, shlo::AllReduceOp,
             shlo::CrossReplicaSumOp, shlo::AllGatherOp, shlo::ReduceScatterOp,
             shlo::AllToAllOp, shlo::CollectivePermuteOp,
             shlo::CollectiveBroadcastOp, shlo::CollectiveReduceOp,
             shlo::SendOp, shlo::RecvOp, shlo::InfeedOp, shlo::OutfeedOp>(op);
}

struct HloxLowerCollectives final
    : hlox::impl::HloxLowerCollectivesBase<HloxLowerCollectives> {
  using HloxLowerCollectivesBase::HloxLowerCollectivesBase;

  /// `option`, or when 0 the module's integer attribute `name`, else 1.
  int64_t resolve(int64_t option, StringRef name) {
    if (option > 0)
      return option;
    if (auto attr = getOperation()->getAttrOfType<IntegerAttr>(name))
      return attr.getInt();
    return option < 0 ? option : 1;
  }

  void runOnOperation() override {
    int64_t numReplicas = resolve(this->numReplicas, "mhlo.num_replicas");
    int64_t numPartitions = resolve(this->numPartitions, "mhlo.num_partitions");
    if (numReplicas < 1 || numPartitions < 1) {
      getOperation().emitError("a grid of ")
          << numReplicas << " replicas x " << numPartitions
          << " partitions has no process";
      return signalPassFailure();
    }
    // On a grid of one, collectives compute without communication
    // (convert-stablehlo-to-linalg); the host's feeds and channels still
    // take the runtime.
    bool single = numReplicas * numPartitions == 1;
    SmallVector<Operation *> collectives;
    getOperation().walk([&](Operation *op) {
      if (single ? isa<shlo::SendOp, shlo::RecvOp, shlo::InfeedOp,
                       shlo::OutfeedOp>(op)
                 : isCollective(op))
        collectives.push_back(op);
    });
    bool failedAny = false;
    for (Operation *op : collectives) {
      Lowering lowering(op, numReplicas, numPartitions);
      if (failed(lowering.lower())) {
        failedAny = true;
        continue;
      }
      op->replaceAllUsesWith(lowering.results);
      op->erase();
    }
    if (failedAny)
      signalPassFailure();
  }
};

} // namespace
