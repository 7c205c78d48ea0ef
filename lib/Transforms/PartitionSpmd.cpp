//===- PartitionSpmd.cpp - One program per device from a sharded one ------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Rewrites a function whose values carry shardings (after
// hlox-propagate-shardings) into the program each device runs on its
// shards: every op computes on local shapes, with the collectives that make
// its operands' shards the ones its sharding rule needs (all_gather), that
// combine partial results of sharded reductions (all_reduce), and slices
// of the device's own shard where a value gets split further.
//
//===----------------------------------------------------------------------===//

#include "hlox/Dialect/StableHLO/IR/StablehloOps.h"
#include "hlox/Transforms/Passes.h"
#include "hlox/Transforms/ShardingAnnotations.h"
#include "hlox/Transforms/ShardingRules.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/DenseSet.h"

#define DEBUG_TYPE "hlox-partition-spmd"

namespace hlox {
#define GEN_PASS_DEF_HLOXPARTITIONSPMD
#include "hlox/Transforms/Passes.h.inc"
} // namespace hlox

using namespace mlir;
using namespace hlox;
namespace shlo = hlox::stablehlo;

namespace {

struct Counts {
  int64_t allGathers = 0, allReduces = 0, reduceScatters = 0, allToAlls = 0,
          collectivePermutes = 0, slices = 0, wholeOps = 0;
};

/// A global value's shard on this device.
struct Local {
  Value value;
  sdy::ShardingView sharding;
};

class Partitioner {
public:
  Partitioner(func::FuncOp function, const ProgramMesh &program,
              int64_t &nextChannel, Counts &counts, bool remarks)
      : function(function), mesh(program.mesh), builder(function),
        nextChannel(nextChannel), counts(counts), remarks(remarks) {}

  LogicalResult run();

private:
  func::FuncOp function;
  const sdy::MeshView &mesh;
  OpBuilder builder;
  int64_t &nextChannel;
  Counts &counts;
  bool remarks;
  DenseMap<Value, Local> locals;
  /// This device's position in the mesh (tensor<i64>), made once.
  Value position;

  sdy::ShardingView getSharding(Value value) const;
  Value getPosition(Location loc);
  Value getShardIndex(ArrayRef<int64_t> axes, Location loc);
  Value scalar(int64_t value, Location loc);
  Value allGather(Value value, int64_t dim, const sdy::AxisList &axes,
                  Location loc);
  Value reshard(const Local &from, const sdy::ShardingView &to,
                RankedTensorType globalType, Location loc, Operation *user);
  /// An all_reduce over `axes` (the sum, or `body`); with `scatterDim`, a
  /// reduce_scatter along that dimension.
  Value allReduce(Value value, const sdy::AxisList &axes, Region *body,
                  Location loc, std::optional<int64_t> scatterDim = {});
  /// The reduction by `body` (a variadic reduce's) of each device's
  /// `partials` over `axes`: all gathered along a new leading dimension,
  /// then reduced along it from `inits`.
  SmallVector<Value> reducePartials(ValueRange partials, ValueRange inits,
                                    const sdy::AxisList &axes, Region &body,
                                    Location loc);
  Value allToAll(Value value, int64_t splitDim, int64_t concatDim,
                 const sdy::AxisList &axes, Location loc);
  /// `value` (a shard along `dim` split over `axes`) widened by `halos`:
  /// the neighbours' elements on either side (collective_permutes), or
  /// `padding` (a scalar tensor; zeros when null) where a side has no
  /// neighbour, or cut where a halo is negative.
  Value exchangeHalos(Value value, int64_t dim, const sdy::AxisList &axes,
                      ShardingRule::Halos halos, Value padding, Location loc);
  /// `value`'s elements [begin, end) along `dim`.
  Value sliceDim(Value value, int64_t dim, int64_t begin, int64_t end,
                 Location loc);
  LogicalResult partitionWithRule(Operation *op, const ShardingRule &rule);
  LogicalResult partitionWhole(Operation *op);
  LogicalResult partitionManual(sdy::ManualComputationOp op);
  LogicalResult partitionControlFlow(Operation *op);
  /// Partitions `op` at the builder's insertion point.
  LogicalResult partitionOp(Operation *op);
  void remark(Operation *op, const Twine &message);
};

sdy::ShardingView Partitioner::getSharding(Value value) const {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  int64_t rank = type ? type.getRank() : 0;
  sdy::TensorShardingAttr attr = getWrittenSharding(value);
  if (!attr || !type)
    return sdy::ShardingView::getReplicated(rank);
  FailureOr<sdy::ShardingView> view = sdy::ShardingView::get(
      attr, mesh, [&] { return emitError(value.getLoc()); });
  return succeeded(view) ? *view : sdy::ShardingView::getReplicated(rank);
}

void Partitioner::remark(Operation *op, const Twine &message) {
  if (remarks)
    op->emitRemark(message);
}

Value Partitioner::scalar(int64_t value, Location loc) {
  auto type = RankedTensorType::get({}, builder.getI64Type());
  return shlo::ConstantOp::create(
      builder, loc, type,
      DenseElementsAttr::get(type, builder.getI64IntegerAttr(value)));
}

Value Partitioner::getPosition(Location loc) {
  if (position)
    return position;
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(&function.getBody().front());
  auto u32 =
      RankedTensorType::get({}, builder.getIntegerType(32, /*isSigned=*/false));
  Value id = shlo::PartitionIdOp::create(builder, loc, u32);
  auto i64 = RankedTensorType::get({}, builder.getI64Type());
  position = shlo::ConvertOp::create(builder, loc, i64, id);
  if (!mesh.deviceIds.empty()) {
    // The device order is not iota: look the position up by device id.
    SmallVector<int64_t> positions(mesh.getNumDevices());
    for (int64_t p = 0; p < mesh.getNumDevices(); ++p)
      positions[mesh.getDevice(p)] = p;
    auto tableType = RankedTensorType::get(
        {static_cast<int64_t>(positions.size())}, builder.getI64Type());
    Value table = shlo::ConstantOp::create(
        builder, loc, tableType,
        DenseElementsAttr::get(tableType, ArrayRef(positions)));
    OperationState state(loc, shlo::DynamicSliceOp::getOperationName());
    state.addOperands({table, position});
    state.addTypes(RankedTensorType::get({1}, builder.getI64Type()));
    state.addAttribute("slice_sizes", builder.getDenseI64ArrayAttr({1}));
    Value entry = builder.create(state)->getResult(0);
    position = shlo::ReshapeOp::create(builder, loc, i64, entry);
  }
  return position;
}

Value Partitioner::getShardIndex(ArrayRef<int64_t> axes, Location loc) {
  Value pos = getPosition(loc);
  Value index;
  for (int64_t axis : axes) {
    // coordinate = position / stride % size; index = index * size + coordinate
    Value coordinate = shlo::RemOp::create(
        builder, loc,
        shlo::DivOp::create(builder, loc, pos,
                            scalar(mesh.getStride(axis), loc)),
        scalar(mesh.sizes[axis], loc));
    index = !index ? coordinate
                   : Value(shlo::AddOp::create(
                         builder, loc,
                         shlo::MulOp::create(builder, loc, index,
                                             scalar(mesh.sizes[axis], loc)),
                         coordinate));
  }
  return index;
}

DenseIntElementsAttr getGroupsAttr(const sdy::MeshView &mesh,
                                   ArrayRef<int64_t> axes, Builder &builder) {
  SmallVector<SmallVector<int64_t>> groups = mesh.getGroups(axes);
  SmallVector<int64_t> flat;
  for (const SmallVector<int64_t> &group : groups)
    flat.append(group.begin(), group.end());
  auto type =
      RankedTensorType::get({static_cast<int64_t>(groups.size()),
                             static_cast<int64_t>(groups.front().size())},
                            builder.getI64Type());
  return DenseIntElementsAttr::get(type, flat);
}

Value Partitioner::allGather(Value value, int64_t dim,
                             const sdy::AxisList &axes, Location loc) {
  auto type = cast<RankedTensorType>(value.getType());
  SmallVector<int64_t> shape(type.getShape());
  shape[dim] *= mesh.getSize(axes);
  OperationState state(loc, shlo::AllGatherOp::getOperationName());
  state.addOperands(value);
  state.addTypes(RankedTensorType::get(shape, type.getElementType()));
  state.addAttribute("all_gather_dim", builder.getI64IntegerAttr(dim));
  state.addAttribute("replica_groups", getGroupsAttr(mesh, axes, builder));
  state.addAttribute("channel_handle",
                     shlo::ChannelHandleAttr::get(builder.getContext(),
                                                  nextChannel++, /*type=*/1));
  state.addAttribute("use_global_device_ids", builder.getUnitAttr());
  ++counts.allGathers;
  return builder.create(state)->getResult(0);
}

Value Partitioner::reshard(const Local &from, const sdy::ShardingView &to,
                           RankedTensorType globalType, Location loc,
                           Operation *user) {
  if (from.sharding == to)
    return from.value;
  Value value = from.value;
  sdy::ShardingView current = from.sharding;
  // The axes of one dimension moving whole to another: one all_to_all.
  SmallVector<int64_t> changed;
  for (int64_t d = 0; d < current.getRank(); ++d)
    if (current.dims[d] != to.dims[d])
      changed.push_back(d);
  if (changed.size() == 2) {
    int64_t a = changed[0], b = changed[1];
    if (current.dims[a].empty())
      std::swap(a, b);
    if (!current.dims[a].empty() && current.dims[b].empty() &&
        to.dims[a].empty() && to.dims[b] == current.dims[a]) {
      remark(user, "all_to_all from dimension " + Twine(a) + " to " + Twine(b) +
                       " (" + current.toString(mesh) + " to " +
                       to.toString(mesh) + ")");
      return allToAll(value, b, a, current.dims[a], loc);
    }
  }
  // Gather each dimension whose axes are not the start of the target's.
  for (int64_t d = 0; d < current.getRank(); ++d) {
    const sdy::AxisList &have = current.dims[d];
    const sdy::AxisList &want = to.dims[d];
    if (have.empty() || (have.size() <= want.size() &&
                         std::equal(have.begin(), have.end(), want.begin())))
      continue;
    value = allGather(value, d, have, loc);
    remark(user, "all_gather of dimension " + Twine(d) + " (" +
                     current.toString(mesh) + " to " + to.toString(mesh) + ")");
    current.dims[d].clear();
  }
  if (current == to)
    return value;
  // Slice this device's part of each dimension split further.
  auto type = cast<RankedTensorType>(value.getType());
  SmallVector<Value> offsets;
  SmallVector<int64_t> sizes;
  for (int64_t d = 0; d < current.getRank(); ++d) {
    int64_t local = globalType.getDimSize(d) / mesh.getSize(to.dims[d]);
    sizes.push_back(local);
    ArrayRef<int64_t> extra =
        ArrayRef(to.dims[d]).drop_front(current.dims[d].size());
    if (extra.empty()) {
      offsets.push_back(scalar(0, loc));
      continue;
    }
    offsets.push_back(shlo::MulOp::create(
        builder, loc, getShardIndex(extra, loc), scalar(local, loc)));
  }
  OperationState state(loc, shlo::DynamicSliceOp::getOperationName());
  state.addOperands(value);
  state.addOperands(offsets);
  state.addTypes(RankedTensorType::get(sizes, type.getElementType()));
  state.addAttribute("slice_sizes", builder.getDenseI64ArrayAttr(sizes));
  ++counts.slices;
  remark(user, "slice of this device's shard (" + current.toString(mesh) +
                   " to " + to.toString(mesh) + ")");
  return builder.create(state)->getResult(0);
}

Value Partitioner::allReduce(Value value, const sdy::AxisList &axes,
                             Region *body, Location loc,
                             std::optional<int64_t> scatterDim) {
  auto type = cast<RankedTensorType>(value.getType());
  OperationState state(loc, scatterDim
                                ? shlo::ReduceScatterOp::getOperationName()
                                : shlo::AllReduceOp::getOperationName());
  state.addOperands(value);
  if (scatterDim) {
    SmallVector<int64_t> shape(type.getShape());
    shape[*scatterDim] /= mesh.getSize(axes);
    state.addTypes(RankedTensorType::get(shape, type.getElementType()));
    state.addAttribute("scatter_dimension",
                       builder.getI64IntegerAttr(*scatterDim));
    ++counts.reduceScatters;
  } else {
    state.addTypes(type);
    ++counts.allReduces;
  }
  state.addAttribute("replica_groups", getGroupsAttr(mesh, axes, builder));
  state.addAttribute("channel_handle",
                     shlo::ChannelHandleAttr::get(builder.getContext(),
                                                  nextChannel++, /*type=*/1));
  state.addAttribute("use_global_device_ids", builder.getUnitAttr());
  Region *region = state.addRegion();
  if (body) {
    IRMapping mapping;
    body->cloneInto(region, mapping);
  } else {
    // The sum (or, for booleans, the disjunction) of the partial results.
    auto scalarType = RankedTensorType::get({}, type.getElementType());
    Block *block = new Block();
    region->push_back(block);
    Value lhs = block->addArgument(scalarType, loc);
    Value rhs = block->addArgument(scalarType, loc);
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(block);
    Value combined = type.getElementType().isInteger(1)
                         ? Value(shlo::OrOp::create(builder, loc, lhs, rhs))
                         : Value(shlo::AddOp::create(builder, loc, lhs, rhs));
    shlo::ReturnOp::create(builder, loc, combined);
  }
  return builder.create(state)->getResult(0);
}

SmallVector<Value> Partitioner::reducePartials(ValueRange partials,
                                               ValueRange inits,
                                               const sdy::AxisList &axes,
                                               Region &body, Location loc) {
  OperationState state(loc, shlo::ReduceOp::getOperationName());
  for (Value partial : partials) {
    auto type = cast<RankedTensorType>(partial.getType());
    SmallVector<int64_t> shape{1};
    llvm::append_range(shape, type.getShape());
    Value stacked = shlo::ReshapeOp::create(
        builder, loc, RankedTensorType::get(shape, type.getElementType()),
        partial);
    state.addOperands(allGather(stacked, 0, axes, loc));
    state.addTypes(type);
  }
  state.addOperands(inits);
  state.addAttribute("dimensions", builder.getDenseI64ArrayAttr({0}));
  IRMapping mapping;
  body.cloneInto(state.addRegion(), mapping);
  return SmallVector<Value>(builder.create(state)->getResults());
}

Value Partitioner::allToAll(Value value, int64_t splitDim, int64_t concatDim,
                            const sdy::AxisList &axes, Location loc) {
  auto type = cast<RankedTensorType>(value.getType());
  int64_t count = mesh.getSize(axes);
  SmallVector<int64_t> shape(type.getShape());
  shape[splitDim] /= count;
  shape[concatDim] *= count;
  OperationState state(loc, shlo::AllToAllOp::getOperationName());
  state.addOperands(value);
  state.addTypes(RankedTensorType::get(shape, type.getElementType()));
  state.addAttribute("split_dimension", builder.getI64IntegerAttr(splitDim));
  state.addAttribute("concat_dimension", builder.getI64IntegerAttr(concatDim));
  state.addAttribute("split_count", builder.getI64IntegerAttr(count));
  state.addAttribute("replica_groups", getGroupsAttr(mesh, axes, builder));
  state.addAttribute("channel_handle",
                     shlo::ChannelHandleAttr::get(builder.getContext(),
                                                  nextChannel++, /*type=*/1));
  ++counts.allToAlls;
  return builder.create(state)->getResult(0);
}

Value Partitioner::sliceDim(Value value, int64_t dim, int64_t begin,
                            int64_t end, Location loc) {
  auto type = cast<RankedTensorType>(value.getType());
  SmallVector<int64_t> starts(type.getRank(), 0), limits(type.getShape()),
      strides(type.getRank(), 1);
  starts[dim] = begin;
  limits[dim] = end;
  return shlo::SliceOp::create(builder, loc, value, starts, limits, strides);
}

Value Partitioner::exchangeHalos(Value value, int64_t dim,
                                 const sdy::AxisList &axes,
                                 ShardingRule::Halos halos, Value padding,
                                 Location loc) {
  auto type = cast<RankedTensorType>(value.getType());
  int64_t size = type.getDimSize(dim);
  SmallVector<SmallVector<int64_t>> groups = mesh.getGroups(axes);
  int64_t count = groups.front().size();
  // This device's shard index along `axes`, made once for both sides.
  Value index;
  // A neighbour's `width` elements at its end (from the device before)
  // or its start (from the device after).
  auto fromNeighbour = [&](int64_t width, bool fromBefore) -> Value {
    Value part = fromBefore ? sliceDim(value, dim, size - width, size, loc)
                            : sliceDim(value, dim, 0, width, loc);
    SmallVector<int64_t> pairs;
    for (const SmallVector<int64_t> &group : groups)
      for (int64_t i = 0; i + 1 < count; ++i) {
        int64_t source = fromBefore ? group[i] : group[i + 1];
        int64_t target = fromBefore ? group[i + 1] : group[i];
        pairs.append({source, target});
      }
    auto pairsType = RankedTensorType::get(
        {static_cast<int64_t>(pairs.size() / 2), 2}, builder.getI64Type());
    OperationState state(loc, shlo::CollectivePermuteOp::getOperationName());
    state.addOperands(part);
    state.addTypes(part.getType());
    state.addAttribute("source_target_pairs",
                       DenseIntElementsAttr::get(pairsType, pairs));
    state.addAttribute("channel_handle",
                       shlo::ChannelHandleAttr::get(builder.getContext(),
                                                    nextChannel++, /*type=*/1));
    ++counts.collectivePermutes;
    Value halo = builder.create(state)->getResult(0);
    if (!padding)
      return halo; // The edge device received zeros.
    // The edge device's side is padding.
    auto haloType = cast<RankedTensorType>(halo.getType());
    if (!index)
      index = getShardIndex(axes, loc);
    Value edge = shlo::CompareOp::create(
        builder, loc, index, scalar(fromBefore ? 0 : count - 1, loc),
        shlo::ComparisonDirection::EQ, shlo::ComparisonTypeAttr());
    Value fill = shlo::BroadcastInDimOp::create(builder, loc, haloType, padding,
                                                ArrayRef<int64_t>{});
    return shlo::SelectOp::create(builder, loc, edge, fill, halo);
  };
  SmallVector<Value> parts;
  if (halos.low > 0)
    parts.push_back(fromNeighbour(halos.low, /*fromBefore=*/true));
  int64_t begin = std::max<int64_t>(0, -halos.low);
  int64_t end = size + std::min<int64_t>(0, halos.high);
  parts.push_back(begin == 0 && end == size
                      ? value
                      : sliceDim(value, dim, begin, end, loc));
  if (halos.high > 0)
    parts.push_back(fromNeighbour(halos.high, /*fromBefore=*/false));
  if (parts.size() == 1)
    return parts.front();
  return shlo::ConcatenateOp::create(builder, loc, parts, dim);
}

/// Sets row `row` of a windowed op's `padding` attribute to zeros: its
/// halos hold what the padding stood for.
void clearPadding(Operation *op, int64_t row) {
  auto padding = op->getAttrOfType<DenseIntElementsAttr>("padding");
  if (!padding)
    return;
  SmallVector<int64_t> values(padding.getValues<int64_t>());
  values[2 * row] = values[2 * row + 1] = 0;
  op->setAttr("padding", DenseIntElementsAttr::get(padding.getType(), values));
}

/// The sharding each tensor of `rule` gets from the axes of its factors;
/// a factor whose axes a tensor cannot express (a later factor of a merged
/// dimension sharded while an earlier is not whole, or a dimension they do
/// not divide) is added to `unfit`.
sdy::ShardingView getImpliedSharding(const ShardingRule::TensorFactors &factors,
                                     ArrayRef<sdy::AxisList> factorAxes,
                                     const ShardingRule &rule,
                                     RankedTensorType type,
                                     const sdy::MeshView &mesh,
                                     llvm::SmallDenseSet<int64_t> &unfit) {
  sdy::ShardingView view = sdy::ShardingView::getReplicated(type.getRank());
  for (auto [d, dimFactors] : llvm::enumerate(factors)) {
    bool whole = true;
    for (int64_t factor : dimFactors) {
      const sdy::AxisList &axes = factorAxes[factor];
      if (axes.empty()) {
        whole = false;
        continue;
      }
      if (!whole) {
        unfit.insert(factor);
        continue;
      }
      view.dims[d].append(axes.begin(), axes.end());
      whole = mesh.getSize(axes) == rule.factorSizes[factor];
    }
    if (type.getDimSize(d) % mesh.getSize(view.dims[d]) != 0)
      for (int64_t factor : dimFactors)
        unfit.insert(factor);
  }
  return view;
}

LogicalResult Partitioner::partitionWithRule(Operation *op,
                                             const ShardingRule &rule) {
  Location loc = op->getLoc();
  // The factors' axes: for reduction factors from the operands' shardings,
  // then for the others from the results'.
  SmallVector<sdy::AxisList> factorAxes(rule.getNumFactors());
  llvm::SmallDenseSet<int64_t> used;
  auto take = [&](const sdy::ShardingView &sharding,
                  const ShardingRule::TensorFactors &factors,
                  bool reductionsOnly) {
    for (auto [axes, dimFactors] : llvm::zip_equal(sharding.dims, factors)) {
      if (axes.empty() || dimFactors.empty())
        continue;
      // Whole axes to the major factor first.
      int64_t factor = dimFactors.front();
      if (reductionsOnly != rule.isReduction(factor) ||
          !factorAxes[factor].empty() ||
          !rule.allowsShards(factor, mesh.getSize(axes)) ||
          llvm::any_of(axes, [&](int64_t a) { return used.contains(a); }))
        continue;
      factorAxes[factor] = axes;
      used.insert(axes.begin(), axes.end());
    }
  };
  // Reductions first: partial results to combine and then slice cost less
  // than gathering operands split along what they reduce.
  for (auto [operand, factors] :
       llvm::zip_equal(op->getOperands(), rule.operands))
    take(locals.lookup(operand).sharding, factors, /*reductionsOnly=*/true);
  for (auto [result, factors] : llvm::zip_equal(op->getResults(), rule.results))
    take(getSharding(result), factors, /*reductionsOnly=*/false);

  // Drop the axes of factors some tensor cannot express, until all fit.
  SmallVector<sdy::ShardingView> operandShardings, resultShardings;
  while (true) {
    llvm::SmallDenseSet<int64_t> unfit;
    operandShardings.clear();
    resultShardings.clear();
    for (auto [operand, factors] :
         llvm::zip_equal(op->getOperands(), rule.operands))
      operandShardings.push_back(getImpliedSharding(
          factors, factorAxes, rule, cast<RankedTensorType>(operand.getType()),
          mesh, unfit));
    for (auto [result, factors] :
         llvm::zip_equal(op->getResults(), rule.results))
      resultShardings.push_back(getImpliedSharding(
          factors, factorAxes, rule, cast<RankedTensorType>(result.getType()),
          mesh, unfit));
    if (unfit.empty())
      break;
    for (int64_t factor : unfit)
      factorAxes[factor].clear();
  }

  IRMapping mapping;
  for (auto [operand, sharding] :
       llvm::zip_equal(op->getOperands(), operandShardings))
    mapping.map(operand,
                reshard(locals.lookup(operand), sharding,
                        cast<RankedTensorType>(operand.getType()), loc, op));
  // A split window factor: each operand that slides along it reads its
  // shard widened by halos (a reduce_window's padding is its init value;
  // a convolution's zeros).
  // (Axes of size 1 split nothing: the window stays as it is.)
  SmallVector<int64_t> splitPaddingRows;
  for (const ShardingRule::Window &window : rule.windows) {
    const sdy::AxisList &axes = factorAxes[window.factor];
    if (axes.empty() || mesh.getSize(axes) == 1)
      continue;
    ShardingRule::Halos halos = *ShardingRule::getHalos(
        window, rule.factorSizes[window.factor], mesh.getSize(axes));
    splitPaddingRows.push_back(window.paddingRow);
    for (auto [i, factors] : llvm::enumerate(rule.operands))
      for (auto [d, dimFactors] : llvm::enumerate(factors)) {
        if (!llvm::is_contained(dimFactors, window.factor))
          continue;
        Value operand = op->getOperand(i);
        Value padding;
        if (auto reduceWindow = dyn_cast<shlo::ReduceWindowOp>(op))
          padding = mapping.lookup(reduceWindow.getInitValues()[i]);
        mapping.map(operand, exchangeHalos(mapping.lookup(operand), d, axes,
                                           halos, padding, loc));
        remark(op, "halo exchange along dimension " + Twine(d) +
                       " of operand " + Twine(i) + ": " + Twine(halos.low) +
                       " elements before, " + Twine(halos.high) + " after");
      }
  }
  Operation *local = builder.clone(*op, mapping);
  local->removeAttr(kSdyShardingAttrName);
  for (int64_t row : splitPaddingRows)
    clearPadding(local, row);
  for (auto [result, sharding] :
       llvm::zip_equal(local->getResults(), resultShardings))
    result.setType(
        sharding.getLocalType(cast<RankedTensorType>(result.getType()), mesh));
  // Attributes that spell out sizes.
  if (auto slice = dyn_cast<shlo::SliceOp>(local)) {
    SmallVector<int64_t> limits(slice.getLimitIndices());
    for (auto [d, limit] : llvm::enumerate(limits))
      if (!resultShardings.front().dims[d].empty())
        limit = slice.getType().getDimSize(d);
    slice.setLimitIndices(limits);
  } else if (auto slice = dyn_cast<shlo::DynamicSliceOp>(local)) {
    slice.setSliceSizes(slice.getType().getShape());
  } else if (auto gather = dyn_cast<shlo::GatherOp>(local)) {
    // A dimension sliced whole is sliced whole on the shard.
    ArrayRef<int64_t> global =
        cast<RankedTensorType>(op->getOperand(0).getType()).getShape();
    ArrayRef<int64_t> shard =
        cast<RankedTensorType>(gather.getOperand().getType()).getShape();
    SmallVector<int64_t> sizes(gather.getSliceSizes());
    for (auto [d, size] : llvm::enumerate(sizes))
      if (size == global[d])
        size = shard[d];
    gather.setSliceSizes(sizes);
  }

  // Partial results of sharded reduction factors.
  sdy::AxisList reduced;
  for (int64_t factor = 0; factor < rule.getNumFactors(); ++factor)
    if (rule.isReduction(factor))
      reduced.append(factorAxes[factor].begin(), factorAxes[factor].end());
  llvm::sort(reduced);
  SmallVector<Value> results(local->getResults());
  if (!reduced.empty() && op->getNumResults() > 1) {
    // A variadic reduce (an argmax: values and their indices), whose body
    // couples its results: each device's partial results gathered, then
    // reduced once more.
    auto reduce = cast<shlo::ReduceOp>(op);
    SmallVector<Value> inits;
    for (Value init : reduce.getInitValues())
      inits.push_back(mapping.lookup(init));
    results = reducePartials(results, inits, reduced, reduce.getBody(), loc);
    remark(op, "all_gather of the " + Twine(results.size()) +
                   " partial results over " + Twine(reduced.size()) +
                   " mesh axes, reduced again");
  } else if (!reduced.empty()) {
    Region *body = isa<shlo::ReduceOp>(op) ? &op->getRegion(0) : nullptr;
    for (auto [global, result, sharding] :
         llvm::zip_equal(op->getResults(), results, resultShardings)) {
      // Wanted split along one dimension by exactly the reduced axes: each
      // device keeps its part of the sum (reduce_scatter).
      sdy::ShardingView wanted = getSharding(global);
      std::optional<int64_t> scatter;
      for (int64_t d = 0; d < wanted.getRank(); ++d) {
        sdy::ShardingView scattered = sharding;
        scattered.dims[d] = reduced;
        if (sharding.dims[d].empty() && scattered == wanted)
          scatter = d;
      }
      result = allReduce(result, reduced, body, loc, scatter);
      if (scatter)
        sharding = wanted;
      remark(op, (scatter ? "reduce_scatter along dimension " +
                                std::to_string(*scatter) + " of"
                          : std::string("all_reduce of")) +
                     " the partial results over " + Twine(reduced.size()) +
                     " mesh axes");
    }
  }
  for (auto [global, value, sharding] :
       llvm::zip_equal(op->getResults(), results, resultShardings)) {
    sdy::ShardingView wanted = getSharding(global);
    Local produced{value, sharding};
    locals[global] = {reshard(produced, wanted,
                              cast<RankedTensorType>(global.getType()), loc,
                              op),
                      wanted};
  }
  return success();
}

/// Replaces sdy ops nested in `op` by their operands and drops sdy
/// attributes: inside a whole op every value is whole.
void stripShardy(Operation *root) {
  root->walk([](Operation *op) {
    op->removeAttr(kSdyShardingAttrName);
    if (isa<sdy::ShardingConstraintOp, sdy::ReshardOp>(op)) {
      op->getResult(0).replaceAllUsesWith(op->getOperand(0));
      op->erase();
    }
  });
}

LogicalResult Partitioner::partitionWhole(Operation *op) {
  Location loc = op->getLoc();
  // A splat constant is made at its local shape: nothing to slice.
  if (auto constant = dyn_cast<shlo::ConstantOp>(op)) {
    auto splat = dyn_cast<SplatElementsAttr>(constant.getValue());
    auto type = dyn_cast<RankedTensorType>(constant.getType());
    if (splat && type && type.hasStaticShape()) {
      sdy::ShardingView wanted = getSharding(constant.getResult());
      RankedTensorType local = wanted.getLocalType(type, mesh);
      Value value = shlo::ConstantOp::create(builder, loc, local,
                                             splat.resizeSplat(local));
      locals[constant.getResult()] = {value, wanted};
      return success();
    }
  }
  WalkResult manual = op->walk([](sdy::ManualComputationOp nested) {
    nested.emitOpError("is not partitioned: a manual computation inside "
                       "an op computed whole");
    return WalkResult::interrupt();
  });
  if (manual.wasInterrupted())
    return failure();
  // Counted when it moved data: operands gathered or results sliced.
  int64_t moves = counts.allGathers + counts.slices;
  IRMapping mapping;
  auto whole = [&](Value global) {
    auto type = dyn_cast<RankedTensorType>(global.getType());
    auto it = locals.find(global);
    if (it == locals.end())
      return global;
    if (!type)
      return it->second.value;
    return reshard(it->second, sdy::ShardingView::getReplicated(type.getRank()),
                   type, loc, op);
  };
  for (Value operand : op->getOperands())
    mapping.map(operand, whole(operand));
  SetVector<Value> captured;
  for (Region &region : op->getRegions())
    getUsedValuesDefinedAbove(region, captured);
  for (Value value : captured)
    mapping.map(value, whole(value));
  Operation *local = builder.clone(*op, mapping);
  stripShardy(local);
  for (auto [global, value] :
       llvm::zip_equal(op->getResults(), local->getResults())) {
    auto type = dyn_cast<RankedTensorType>(global.getType());
    if (!type) {
      locals[global] = {value, sdy::ShardingView()};
      continue;
    }
    sdy::ShardingView wanted = getSharding(global);
    Local produced{value, sdy::ShardingView::getReplicated(type.getRank())};
    locals[global] = {reshard(produced, wanted, type, loc, op), wanted};
  }
  if (counts.allGathers + counts.slices != moves)
    ++counts.wholeOps;
  return success();
}

LogicalResult Partitioner::partitionManual(sdy::ManualComputationOp op) {
  Location loc = op.getLoc();
  // The body is already what each device runs, when it is manual over
  // every axis that splits anything.
  llvm::SmallDenseSet<StringRef> manualAxes;
  for (StringAttr axis : op.getManualAxes().getValue())
    manualAxes.insert(axis.getValue());
  for (auto [name, size] : llvm::zip_equal(mesh.names, mesh.sizes))
    if (size > 1 && !manualAxes.contains(name))
      return op.emitOpError("is not manual over mesh axis \"")
             << name << "\": partially manual computations are not partitioned";
  Block &body = op.getBody().front();
  auto readSharding = [&](sdy::TensorShardingAttr attr, Value global,
                          Type local, StringRef what,
                          unsigned index) -> FailureOr<sdy::ShardingView> {
    auto type = dyn_cast<RankedTensorType>(global.getType());
    if (!type)
      return op.emitOpError() << what << " " << index << " is not a tensor";
    FailureOr<sdy::ShardingView> view =
        sdy::ShardingView::get(attr, mesh, [&] { return op.emitOpError(); });
    if (failed(view))
      return failure();
    if (!view->dividesEvenly(type, mesh) ||
        view->getLocalType(type, mesh) != local)
      return op.emitOpError()
             << what << " " << index << " of type " << type << " sharded "
             << view->toString(mesh) << " has shards of another type than "
             << local << " in the body";
    return view;
  };
  IRMapping mapping;
  for (auto [i, operand, attr, arg] :
       llvm::enumerate(op.getOperands(), op.getInShardings().getShardings(),
                       body.getArguments())) {
    FailureOr<sdy::ShardingView> view =
        readSharding(attr, operand, arg.getType(), "operand", i);
    if (failed(view))
      return failure();
    mapping.map(arg,
                reshard(locals.lookup(operand), *view,
                        cast<RankedTensorType>(operand.getType()), loc, op));
  }
  for (Operation &inner : body.without_terminator())
    stripShardy(builder.clone(inner, mapping));
  Operation *terminator = body.getTerminator();
  for (auto [i, result, attr, returned] :
       llvm::enumerate(op.getResults(), op.getOutShardings().getShardings(),
                       terminator->getOperands())) {
    FailureOr<sdy::ShardingView> view =
        readSharding(attr, result, returned.getType(), "result", i);
    if (failed(view))
      return failure();
    auto type = cast<RankedTensorType>(result.getType());
    sdy::ShardingView wanted = getSharding(result);
    locals[result] = {reshard({mapping.lookupOrDefault(returned), *view},
                              wanted, type, loc, op),
                      wanted};
  }
  remark(op, "manual computation: its body runs on each device's shards");
  return success();
}

LogicalResult Partitioner::partitionOp(Operation *op) {
  if (isa<sdy::ShardingConstraintOp, sdy::ReshardOp>(op)) {
    Value input = op->getOperand(0);
    auto type = cast<RankedTensorType>(input.getType());
    sdy::ShardingView wanted = getSharding(op->getResult(0));
    locals[op->getResult(0)] = {
        reshard(locals.lookup(input), wanted, type, op->getLoc(), op), wanted};
    return success();
  }
  if (auto manual = dyn_cast<sdy::ManualComputationOp>(op))
    return partitionManual(manual);
  if (hasPartitionedRegions(op))
    return partitionControlFlow(op);
  if (std::optional<ShardingRule> rule = getShardingRule(op))
    return partitionWithRule(op, *rule);
  return partitionWhole(op);
}

LogicalResult Partitioner::partitionControlFlow(Operation *op) {
  Location loc = op->getLoc();
  auto loop = dyn_cast<shlo::WhileOp>(op);
  // What each result keeps throughout: for a loop, each carried value in
  // both regions too.
  SmallVector<sdy::ShardingView> kept;
  SmallVector<Type> localTypes;
  for (Value result : op->getResults()) {
    auto type = dyn_cast<RankedTensorType>(result.getType());
    sdy::ShardingView sharding;
    if (type) {
      sharding = getSharding(result);
      if (!sharding.dividesEvenly(type, mesh))
        sharding = sdy::ShardingView::getReplicated(type.getRank());
    }
    kept.push_back(sharding);
    localTypes.push_back(type ? Type(sharding.getLocalType(type, mesh))
                              : result.getType());
  }
  auto localOf = [&](Value global, const sdy::ShardingView *wanted,
                     Operation *user) -> Value {
    Local local = locals.lookup(global);
    auto type = dyn_cast<RankedTensorType>(global.getType());
    if (!type)
      return local.value ? local.value : global;
    return reshard(local,
                   wanted ? *wanted
                          : sdy::ShardingView::getReplicated(type.getRank()),
                   type, user->getLoc(), user);
  };
  // A loop's operands are its carried values; a branch op's predicate or
  // index is whole.
  SmallVector<Value> operands;
  for (auto [i, operand] : llvm::enumerate(op->getOperands()))
    operands.push_back(localOf(operand, loop ? &kept[i] : nullptr, op));
  OperationState state(loc, op->getName());
  state.addOperands(operands);
  state.addTypes(localTypes);
  for (NamedAttribute attr : op->getAttrs())
    if (attr.getName() != kSdyShardingAttrName)
      state.addAttribute(attr.getName(), attr.getValue());
  for (unsigned r = 0; r < op->getNumRegions(); ++r)
    state.addRegion();
  Operation *local = builder.create(state);

  OpBuilder::InsertionGuard guard(builder);
  for (auto [oldRegion, newRegion] :
       llvm::zip_equal(op->getRegions(), local->getRegions())) {
    Block &oldBlock = oldRegion.front();
    SmallVector<Type> argTypes;
    SmallVector<Location> argLocs;
    for (BlockArgument arg : oldBlock.getArguments()) {
      argTypes.push_back(localTypes[arg.getArgNumber()]);
      argLocs.push_back(arg.getLoc());
    }
    Block *block = builder.createBlock(&newRegion, {}, argTypes, argLocs);
    for (auto [arg, localArg] :
         llvm::zip_equal(oldBlock.getArguments(), block->getArguments()))
      locals[arg] = {localArg, kept[arg.getArgNumber()]};
    for (Operation &inner : oldBlock.without_terminator())
      if (failed(partitionOp(&inner)))
        return failure();
    // The loop's condition returns its predicate whole; the body and the
    // branches return values as the results keep them.
    bool isCondition = loop && &oldRegion == &loop.getCond();
    Operation *terminator = oldBlock.getTerminator();
    SmallVector<Value> returned;
    for (auto [i, value] : llvm::enumerate(terminator->getOperands()))
      returned.push_back(
          localOf(value, isCondition ? nullptr : &kept[i], terminator));
    OperationState end(terminator->getLoc(), terminator->getName());
    end.addOperands(returned);
    end.addAttributes(terminator->getAttrs());
    builder.create(end);
  }
  for (auto [result, value, sharding] :
       llvm::zip_equal(op->getResults(), local->getResults(), kept))
    locals[result] = {value, sharding};
  return success();
}

/// The `hlox.shard` attribute of a value of `type` sharded as `sharding`:
/// `tiles` (the shards along each dimension) and `device_tiles` (each
/// device's shard index along each dimension, device by device); null for
/// a replicated value.
DictionaryAttr getShardAttr(const sdy::ShardingView &sharding,
                            const sdy::MeshView &mesh, Builder &builder) {
  if (sharding.isReplicated())
    return {};
  SmallVector<int64_t> tiles,
      deviceTiles(mesh.getNumDevices() * sharding.getRank());
  for (const sdy::AxisList &axes : sharding.dims)
    tiles.push_back(mesh.getSize(axes));
  for (int64_t p = 0; p < mesh.getNumDevices(); ++p) {
    int64_t device = mesh.getDevice(p);
    for (auto [d, axes] : llvm::enumerate(sharding.dims)) {
      int64_t index = 0;
      for (int64_t axis : axes)
        index = index * mesh.sizes[axis] +
                (p / mesh.getStride(axis)) % mesh.sizes[axis];
      deviceTiles[device * sharding.getRank() + d] = index;
    }
  }
  return builder.getDictionaryAttr(
      {builder.getNamedAttr("tiles", builder.getDenseI64ArrayAttr(tiles)),
       builder.getNamedAttr("device_tiles",
                            builder.getDenseI64ArrayAttr(deviceTiles))});
}

LogicalResult Partitioner::run() {
  Block &body = function.getBody().front();
  // Arguments become shards: new block arguments of the local types
  // (the old ones keep their global types for the ops' rules until the end).
  unsigned numArgs = body.getNumArguments();
  SmallVector<Type> argTypes;
  SmallVector<DictionaryAttr> argShards;
  for (unsigned i = 0; i < numArgs; ++i) {
    BlockArgument arg = body.getArgument(i);
    auto type = dyn_cast<RankedTensorType>(arg.getType());
    sdy::ShardingView sharding = getSharding(arg);
    if (type && !sharding.dividesEvenly(type, mesh))
      return function.emitError("argument ")
             << i << " of type " << type << " is sharded "
             << sharding.toString(mesh) << ", which does not divide it evenly";
    Type local = type ? Type(sharding.getLocalType(type, mesh)) : arg.getType();
    locals[arg] = {body.addArgument(local, arg.getLoc()), sharding};
    argTypes.push_back(local);
    argShards.push_back(type ? getShardAttr(sharding, mesh, builder)
                             : DictionaryAttr());
  }

  SmallVector<Operation *> originals;
  for (Operation &op : body) {
    if (op.hasTrait<OpTrait::IsTerminator>())
      break;
    originals.push_back(&op);
  }
  for (Operation *op : originals) {
    builder.setInsertionPoint(op);
    if (failed(partitionOp(op)))
      return failure();
  }

  // Results: each returned value in its result's sharding.
  Operation *terminator = body.getTerminator();
  builder.setInsertionPoint(terminator);
  SmallVector<Type> resultTypes;
  for (auto [i, operand] : llvm::enumerate(terminator->getOperands())) {
    Local local = locals.lookup(operand);
    auto type = dyn_cast<RankedTensorType>(operand.getType());
    if (!type) {
      terminator->setOperand(i, local.value ? local.value : operand);
      resultTypes.push_back(operand.getType());
      continue;
    }
    sdy::ShardingView wanted = local.sharding;
    if (sdy::TensorShardingAttr attr = getResultSharding(function, i)) {
      FailureOr<sdy::ShardingView> view = sdy::ShardingView::get(
          attr, mesh, [&] { return function.emitError(); });
      if (failed(view))
        return failure();
      wanted = *view;
    }
    if (!wanted.dividesEvenly(type, mesh))
      return function.emitError("result ")
             << i << " of type " << type << " is sharded "
             << wanted.toString(mesh) << ", which does not divide it evenly";
    Value value =
        reshard(local, wanted, type, terminator->getLoc(), terminator);
    terminator->setOperand(i, value);
    resultTypes.push_back(value.getType());
    function.removeResultAttr(
        i, StringAttr::get(function.getContext(), kSdyShardingAttrName));
    if (DictionaryAttr attr = getShardAttr(wanted, mesh, builder))
      function.setResultAttr(i, kShardAttrName, attr);
  }
  for (Operation *op : llvm::reverse(originals)) {
    op->dropAllUses();
    op->erase();
  }
  for (unsigned i = 0; i < numArgs; ++i)
    body.getArgument(i).replaceAllUsesWith(locals[body.getArgument(i)].value);
  body.eraseArguments(0, numArgs);
  function.setType(builder.getFunctionType(argTypes, resultTypes));
  for (auto [i, shard] : llvm::enumerate(argShards)) {
    function.removeArgAttr(i, kSdyShardingAttrName);
    if (shard)
      function.setArgAttr(i, kShardAttrName, shard);
  }
  return success();
}

class PartitionSpmdPass final
    : public hlox::impl::HloxPartitionSpmdBase<PartitionSpmdPass> {
public:
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    std::optional<int64_t> numDevices;
    int64_t nextChannel = 1;
    module.walk([&](Operation *op) {
      if (auto handle =
              op->getAttrOfType<shlo::ChannelHandleAttr>("channel_handle"))
        nextChannel = std::max(nextChannel, handle.getHandle() + 1);
    });
    Counts counts;
    if (failed(forEachShardedFunction(
            module,
            [&](func::FuncOp function,
                const ProgramMesh &mesh) -> LogicalResult {
              int64_t count = mesh.mesh.getNumDevices();
              if (numDevices && *numDevices != count)
                return function.emitError("functions sharded over ")
                       << *numDevices << " and " << count
                       << " devices in one program";
              numDevices = count;
              return Partitioner(function, mesh, nextChannel, counts, remarks)
                  .run();
            })))
      return signalPassFailure();
    if (!numDevices)
      return;
    // What is left is whole everywhere: private functions' shardings,
    // constraints inside regions, the meshes.
    for (auto function : module.getOps<func::FuncOp>()) {
      stripShardy(function);
      for (unsigned i = 0; i < function.getNumArguments(); ++i)
        function.removeArgAttr(i, kSdyShardingAttrName);
      for (unsigned i = 0; i < function.getNumResults(); ++i)
        function.removeResultAttr(
            i, StringAttr::get(&getContext(), kSdyShardingAttrName));
    }
    for (auto mesh : llvm::make_early_inc_range(module.getOps<sdy::MeshOp>()))
      mesh.erase();
    if (auto replicas = module->getAttrOfType<IntegerAttr>("mhlo.num_replicas");
        replicas && replicas.getInt() > 1) {
      module.emitError("a sharded program over ")
          << *numDevices
          << " devices with mhlo.num_replicas = " << replicas.getInt()
          << ": the partitioner takes one replica";
      return signalPassFailure();
    }
    Builder builder(&getContext());
    module->setAttr("mhlo.num_partitions",
                    builder.getI32IntegerAttr(*numDevices));
    module->setAttr("mhlo.num_replicas", builder.getI32IntegerAttr(1));
    module->setAttr(
        kPartitioningAttrName,
        builder.getDictionaryAttr(
            {builder.getNamedAttr("all_gathers",
                                  builder.getI64IntegerAttr(counts.allGathers)),
             builder.getNamedAttr("all_reduces",
                                  builder.getI64IntegerAttr(counts.allReduces)),
             builder.getNamedAttr(
                 "reduce_scatters",
                 builder.getI64IntegerAttr(counts.reduceScatters)),
             builder.getNamedAttr("all_to_alls",
                                  builder.getI64IntegerAttr(counts.allToAlls)),
             builder.getNamedAttr(
                 "collective_permutes",
                 builder.getI64IntegerAttr(counts.collectivePermutes)),
             builder.getNamedAttr("slices",
                                  builder.getI64IntegerAttr(counts.slices)),
             builder.getNamedAttr(
                 "whole_ops", builder.getI64IntegerAttr(counts.wholeOps))}));
  }
};

} // namespace
