//===- BlockReductions.cpp - A block of threads per reduced row -----------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Target/CUDA/Passes.h"

#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/IR/IRMapping.h"

#include <limits>

#define DEBUG_TYPE "hlox-cuda-block-reductions"

namespace hlox::cuda {
#define GEN_PASS_DEF_CUDABLOCKREDUCTIONS
#include "hlox/Target/CUDA/Passes.h.inc"
} // namespace hlox::cuda

using namespace mlir;

namespace {

/// The lanes of a warp.
constexpr int64_t kWarp = 32;

/// How an output is reduced: `combiner` yields combine(output's value,
/// `value`).
struct Reduction {
  Operation *combiner = nullptr;
  Value value;
  TypedAttr identity;
};

/// The identity of `combiner`'s operation on `type` (f32 or a 32-bit
/// integer), or null when it is not an associative and commutative
/// operation with one.
TypedAttr getIdentity(Operation *combiner, Type type) {
  if (auto floatType = dyn_cast<Float32Type>(type)) {
    auto value = [&](APFloat v) { return FloatAttr::get(floatType, v); };
    const llvm::fltSemantics &semantics = floatType.getFloatSemantics();
    if (isa<arith::AddFOp>(combiner))
      return value(APFloat::getZero(semantics, /*Negative=*/true));
    if (isa<arith::MulFOp>(combiner))
      return value(APFloat::getOne(semantics));
    if (isa<arith::MaximumFOp>(combiner))
      return value(APFloat::getInf(semantics, /*Negative=*/true));
    if (isa<arith::MinimumFOp>(combiner))
      return value(APFloat::getInf(semantics));
    // maxnum(NaN, x) = x: a quiet NaN is the identity of both.
    if (isa<arith::MaxNumFOp, arith::MinNumFOp>(combiner))
      return value(APFloat::getQNaN(semantics));
    return nullptr;
  }
  auto integerType = dyn_cast<IntegerType>(type);
  if (!integerType || integerType.getWidth() != 32)
    return nullptr;
  auto value = [&](APInt v) { return IntegerAttr::get(integerType, v); };
  if (isa<arith::AddIOp, arith::OrIOp, arith::XOrIOp, arith::MaxUIOp>(combiner))
    return value(APInt::getZero(32));
  if (isa<arith::MulIOp>(combiner))
    return value(APInt(32, 1));
  if (isa<arith::AndIOp, arith::MinUIOp>(combiner))
    return value(APInt::getAllOnes(32));
  if (isa<arith::MaxSIOp>(combiner))
    return value(APInt::getSignedMinValue(32));
  if (isa<arith::MinSIOp>(combiner))
    return value(APInt::getSignedMaxValue(32));
  return nullptr;
}

/// Whether the last dimension of `type` has unit stride.
bool isInnermostContiguous(MemRefType type) {
  if (type.getRank() == 0)
    return true;
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)))
    return false;
  return strides.back() == 1;
}

/// The reductions of `op` (one per output), if it qualifies; see the
/// pass's description.
std::optional<SmallVector<Reduction>> getReductions(linalg::LinalgOp op,
                                                    int64_t minLength) {
  if (!op.hasPureBufferSemantics() || op.getNumLoops() == 0 ||
      op.getNumReductionLoops() != 1)
    return std::nullopt;
  unsigned last = op.getNumLoops() - 1;
  if (op.getIteratorTypesArray()[last] != utils::IteratorType::reduction)
    return std::nullopt;
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  if (llvm::any_of(ranges, ShapedType::isDynamic) || ranges[last] < minLength)
    return std::nullopt;
  // Every input that the reduction walks, along its innermost contiguous
  // dimension.
  bool walksInput = false;
  for (OpOperand *input : op.getDpsInputOperands()) {
    auto type = dyn_cast<MemRefType>(input->get().getType());
    AffineMap map = op.getMatchingIndexingMap(input);
    if (!type && map.getNumResults() != 0)
      return std::nullopt;
    if (!map.isFunctionOfDim(last))
      continue;
    auto innermost = dyn_cast<AffineDimExpr>(map.getResults().back());
    if (!innermost || innermost.getPosition() != last ||
        !isInnermostContiguous(type))
      return std::nullopt;
    for (AffineExpr expr : map.getResults().drop_back())
      if (expr.isFunctionOfDim(last))
        return std::nullopt;
    walksInput = true;
  }
  if (!walksInput)
    return std::nullopt;
  Block *body = op.getBlock();
  auto yield = cast<linalg::YieldOp>(body->getTerminator());
  SmallVector<Reduction> reductions;
  for (OpOperand &init : op.getDpsInitsMutable()) {
    // Indexed by every parallel loop, once.
    AffineMap map = op.getMatchingIndexingMap(&init);
    if (!map.isProjectedPermutation() ||
        map.getNumResults() != static_cast<unsigned>(last) ||
        map.isFunctionOfDim(last))
      return std::nullopt;
    BlockArgument accumulator = op.getMatchingBlockArgument(&init);
    Value yielded =
        yield.getOperand(init.getOperandNumber() - op.getNumDpsInputs());
    Operation *combiner = yielded.getDefiningOp();
    if (!combiner || combiner->getBlock() != body ||
        combiner->getNumOperands() != 2 || combiner->getNumResults() != 1 ||
        !yielded.hasOneUse() || !accumulator.hasOneUse() ||
        accumulator.getUses().begin()->getOwner() != combiner)
      return std::nullopt;
    Reduction reduction;
    reduction.combiner = combiner;
    reduction.value = combiner->getOperand(0) == accumulator
                          ? combiner->getOperand(1)
                          : combiner->getOperand(0);
    if (reduction.value == accumulator)
      return std::nullopt;
    reduction.identity = getIdentity(combiner, accumulator.getType());
    if (!reduction.identity)
      return std::nullopt;
    reductions.push_back(reduction);
  }
  return reductions;
}

class BlockReductionsPass
    : public hlox::cuda::impl::CUDABlockReductionsBase<BlockReductionsPass> {
public:
  using CUDABlockReductionsBase::CUDABlockReductionsBase;

  void runOnOperation() override {
    if (threads < kWarp || threads > 1024 || threads % kWarp != 0) {
      getOperation().emitError("hlox-cuda-block-reductions: threads must be "
                               "a multiple of 32 from 32 to 1024, not ")
          << static_cast<int64_t>(threads);
      return signalPassFailure();
    }
    SmallVector<std::pair<linalg::LinalgOp, SmallVector<Reduction>>> found;
    getOperation().walk([&](linalg::LinalgOp op) {
      if (op->getParentOfType<gpu::LaunchOp>())
        return;
      if (std::optional<SmallVector<Reduction>> reductions =
              getReductions(op, minLength))
        found.push_back({op, std::move(*reductions)});
    });
    for (auto &[op, reductions] : found) {
      OpBuilder builder(op);
      rewrite(builder, op, reductions);
      op->erase();
    }
  }

private:
  /// Combines `a` and `b` as `combiner` combines its operands.
  static Value combine(OpBuilder &builder, Operation *combiner, Value a,
                       Value b) {
    IRMapping mapping;
    mapping.map(combiner->getOperand(0), a);
    mapping.map(combiner->getOperand(1), b);
    return builder.clone(*combiner, mapping)->getResult(0);
  }

  /// Combines `value` across the 32 lanes of the warp: every lane gets the
  /// whole warp's value.
  static Value reduceWarp(OpBuilder &builder, Location loc, Operation *combiner,
                          Value value) {
    for (int32_t offset = kWarp / 2; offset > 0; offset /= 2) {
      auto shuffle = gpu::ShuffleOp::create(builder, loc, value, offset,
                                            static_cast<int32_t>(kWarp),
                                            gpu::ShuffleMode::XOR);
      value = combine(builder, combiner, value, shuffle.getShuffleResult());
    }
    return value;
  }

  void rewrite(OpBuilder &builder, linalg::LinalgOp op,
               ArrayRef<Reduction> reductions) {
    Location loc = op.getLoc();
    SmallVector<int64_t> ranges = op.getStaticLoopRanges();
    int64_t length = ranges.back();
    ArrayRef<int64_t> parallel = ArrayRef(ranges).drop_back();
    int64_t rows = 1;
    for (int64_t size : parallel)
      rows *= size;
    int64_t blockThreads =
        std::min<int64_t>(threads, (length + kWarp - 1) / kWarp * kWarp);
    int64_t warps = blockThreads / kWarp;
    auto index = [&](int64_t value) -> Value {
      return arith::ConstantIndexOp::create(builder, loc, value);
    };
    Value one = index(1);
    auto workgroup = gpu::AddressSpaceAttr::get(builder.getContext(),
                                                gpu::AddressSpace::Workgroup);
    SmallVector<Type> shared;
    for (const Reduction &reduction : reductions)
      shared.push_back(MemRefType::get({warps}, reduction.identity.getType(),
                                       MemRefLayoutAttrInterface(), workgroup));
    auto launch = gpu::LaunchOp::create(
        builder, loc, index(rows), one, one, index(blockThreads), one, one,
        /*dynamicSharedMemorySize=*/nullptr, /*asyncTokenType=*/nullptr,
        /*asyncDependencies=*/{}, shared);
    Block &body = launch.getBody().front();
    builder.setInsertionPointToStart(&body);
    Value row = launch.getBlockIds().x;
    Value thread = launch.getThreadIds().x;
    // The point of the parallel loops this block reduces: the row's index
    // delinearized, the last loop fastest.
    SmallVector<Value> point(parallel.size());
    Value rest = row;
    for (int64_t i = static_cast<int64_t>(parallel.size()) - 1; i >= 0; --i) {
      Value size = index(parallel[i]);
      point[i] =
          i == 0 ? rest : arith::RemUIOp::create(builder, loc, rest, size);
      if (i > 0)
        rest = arith::DivUIOp::create(builder, loc, rest, size);
    }
    auto indicesOf = [&](AffineMap map, ValueRange iterators) {
      SmallVector<Value> indices;
      for (AffineExpr expr : map.getResults())
        indices.push_back(affine::AffineApplyOp::create(
            builder, loc, AffineMap::get(map.getNumDims(), 0, expr),
            iterators));
      return indices;
    };
    // This thread's elements of the row, combined from the identities.
    SmallVector<Value> identities;
    for (const Reduction &reduction : reductions)
      identities.push_back(
          arith::ConstantOp::create(builder, loc, reduction.identity));
    auto loop = scf::ForOp::create(builder, loc, thread, index(length),
                                   index(blockThreads), identities);
    {
      OpBuilder::InsertionGuard guard(builder);
      builder.setInsertionPointToStart(loop.getBody());
      SmallVector<Value> iterators(point);
      iterators.push_back(loop.getInductionVar());
      IRMapping mapping;
      Block *block = op.getBlock();
      for (OpOperand *input : op.getDpsInputOperands()) {
        Value element =
            isa<MemRefType>(input->get().getType())
                ? Value(memref::LoadOp::create(
                      builder, loc, input->get(),
                      indicesOf(op.getMatchingIndexingMap(input), iterators)))
                : input->get();
        mapping.map(op.getMatchingBlockArgument(input), element);
      }
      for (Operation &inner : block->without_terminator()) {
        if (llvm::any_of(reductions, [&](const Reduction &reduction) {
              return reduction.combiner == &inner;
            }))
          continue;
        if (auto indexOp = dyn_cast<linalg::IndexOp>(inner)) {
          mapping.map(indexOp.getResult(), iterators[indexOp.getDim()]);
          continue;
        }
        builder.clone(inner, mapping);
      }
      SmallVector<Value> partials;
      for (auto [reduction, partial] :
           llvm::zip(reductions, loop.getRegionIterArgs()))
        partials.push_back(combine(builder, reduction.combiner, partial,
                                   mapping.lookup(reduction.value)));
      scf::YieldOp::create(builder, loc, partials);
    }
    // Each warp's value into workgroup memory, by its first lane.
    Value warpSize = index(kWarp);
    Value lane = arith::RemUIOp::create(builder, loc, thread, warpSize);
    Value warp = arith::DivUIOp::create(builder, loc, thread, warpSize);
    Value zero = index(0);
    Value firstLane = arith::CmpIOp::create(
        builder, loc, arith::CmpIPredicate::eq, lane, zero);
    SmallVector<Value> warpValues;
    for (auto [reduction, partial] : llvm::zip(reductions, loop.getResults()))
      warpValues.push_back(
          reduceWarp(builder, loc, reduction.combiner, partial));
    auto store = scf::IfOp::create(builder, loc, firstLane);
    {
      OpBuilder::InsertionGuard guard(builder);
      builder.setInsertionPointToStart(store.thenBlock());
      for (auto [value, memory] :
           llvm::zip(warpValues, launch.getWorkgroupAttributions()))
        memref::StoreOp::create(builder, loc, value, memory, ValueRange{warp});
    }
    gpu::BarrierOp::create(builder, loc);
    // The first warp combines the warps' values; its first lane combines
    // the row's value into the output.
    Value firstWarp = arith::CmpIOp::create(
        builder, loc, arith::CmpIPredicate::eq, warp, zero);
    auto finish = scf::IfOp::create(builder, loc, firstWarp);
    {
      OpBuilder::InsertionGuard guard(builder);
      builder.setInsertionPointToStart(finish.thenBlock());
      Value isWarpValue = arith::CmpIOp::create(
          builder, loc, arith::CmpIPredicate::ult, lane, index(warps));
      // Lanes past the warps read warp 0's value and drop it.
      Value slot =
          arith::SelectOp::create(builder, loc, isWarpValue, lane, zero);
      SmallVector<Value> totals;
      for (auto [reduction, memory, identity] : llvm::zip(
               reductions, launch.getWorkgroupAttributions(), identities)) {
        Value read = memref::LoadOp::create(builder, loc, memory, slot);
        Value value =
            arith::SelectOp::create(builder, loc, isWarpValue, read, identity);
        totals.push_back(reduceWarp(builder, loc, reduction.combiner, value));
      }
      auto write = scf::IfOp::create(builder, loc, firstLane);
      builder.setInsertionPointToStart(write.thenBlock());
      for (auto [init, reduction, total] :
           llvm::zip(op.getDpsInitsMutable(), reductions, totals)) {
        // The indexing map names the reduction loop too, and uses none.
        SmallVector<Value> iterators(point);
        iterators.push_back(zero);
        SmallVector<Value> indices =
            indicesOf(op.getMatchingIndexingMap(&init), iterators);
        Value old = memref::LoadOp::create(builder, loc, init.get(), indices);
        Value combined = combine(builder, reduction.combiner, old, total);
        memref::StoreOp::create(builder, loc, combined, init.get(), indices);
      }
    }
    gpu::TerminatorOp::create(builder, loc);
  }
};

} // namespace
