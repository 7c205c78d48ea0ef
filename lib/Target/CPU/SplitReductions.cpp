//===- SplitReductions.cpp - Row reductions as vector partial sums --------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// A float reduction along its inputs' contiguous dimension accumulates each
// output one element at a time. Splitting the dimension into
// [N / lanes, lanes] with the lanes parallel gives `lanes` independent
// partial results that vectorize as up to four registers (four chains of
// adds, or of max/min, in flight), then a small reduction of the partials.
// The order of the sum changes: the pipeline runs this only outside strict
// numerics.
//
// An f32 sum accumulates in f64. Widening every element kept a row sum
// from memory speed, so where the row divides, it reads [N / (lanes x
// block), block, lanes]: each step adds the block's `block` registers of
// each lane in f32 (in order: block - 1 roundings), widens that
// once, and adds it to the f64 partial result.
//
//===----------------------------------------------------------------------===//

#include "hlox/Target/CPU/Passes.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"

#define DEBUG_TYPE "hlox-cpu-split-reductions"

namespace hlox::cpu {
#define GEN_PASS_DEF_CPUSPLITREDUCTIONS
#include "hlox/Target/CPU/Passes.h.inc"
} // namespace hlox::cpu

using namespace mlir;
using hlox::cpu::kVectorBits;

namespace {

/// The combiner of `op`'s reduction and its neutral element, when the body
/// reduces with one op that has one (add, mul, max, min) and does not read
/// loop indices (which the split would change).
std::optional<std::pair<Operation *, TypedAttr>>
getCombiner(linalg::LinalgOp op) {
  SmallVector<Operation *> combiners;
  if (!matchReduction(op.getRegionOutputArgs(), 0, combiners) ||
      combiners.size() != 1)
    return std::nullopt;
  std::optional<TypedAttr> neutral = arith::getNeutralElement(combiners[0]);
  if (!neutral)
    return std::nullopt;
  bool readsIndices = false;
  op->walk([&](linalg::IndexOp) { readsIndices = true; });
  if (readsIndices)
    return std::nullopt;
  return std::make_pair(combiners[0], *neutral);
}

/// The type a float sum accumulates its partial results in: f64 for f32,
/// f32 for f16 and bf16 (memory-bound sums get the wider adds for free,
/// and their error no longer grows with the row), when the accumulator
/// feeds only the add; null otherwise (max and min are exact anyway).
Type getWideSumType(Operation *combiner, Value accumulator) {
  if (!isa<arith::AddFOp>(combiner) || !accumulator.hasOneUse())
    return {};
  Type type = combiner->getResult(0).getType();
  MLIRContext *context = combiner->getContext();
  if (type.isF32())
    return Float64Type::get(context);
  if (type.isF16() || type.isBF16())
    return Float32Type::get(context);
  return {};
}

/// The registers of partial results a split reduction fills: four
/// independent chains of vector adds or max/min.
constexpr int64_t kPartialRegisters = 4;

/// The most values of one lane a widening sum adds in the narrow type
/// before it widens them.
constexpr int64_t kNarrowBlock = 8;
/// The shortest row whose widening sum adds in blocks: shorter rows gain
/// no time from it (a layernorm's 1024) and would round a little more.
constexpr int64_t kMinBlockedRow = 4096;

/// How a reduction splits: into `lanes` partial results, each step
/// reading `block` values per lane (block > 1: a widening sum that adds
/// them first in the narrow type).
struct SplitShape {
  int64_t lanes = 0;
  int64_t block = 1;
};

/// How to split `op`'s reduction; no lanes when it is not a float
/// reduction along the contiguous dimension of every input that reads it,
/// of a static size that is a multiple of one register's lanes and at
/// least two registers'.
SplitShape getSplitShape(linalg::LinalgOp op) {
  if (!op.hasPureTensorSemantics() || op.getNumReductionLoops() != 1 ||
      op.getNumDpsInits() != 1 || op.getNumDpsInputs() == 0)
    return {};
  SmallVector<unsigned> reductionDims;
  op.getReductionDims(reductionDims);
  unsigned dim = reductionDims.front();
  int64_t size = op.getStaticLoopRanges()[dim];
  if (ShapedType::isDynamic(size))
    return {};
  int64_t widest = 0;
  for (OpOperand &operand : op->getOpOperands()) {
    Type element = getElementTypeOrSelf(operand.get().getType());
    if (!isa<FloatType>(element))
      return {};
    widest = std::max<int64_t>(widest, element.getIntOrFloatBitWidth());
  }
  AffineExpr expr = getAffineDimExpr(dim, op.getContext());
  bool readsContiguously = false;
  for (OpOperand *input : op.getDpsInputOperands()) {
    AffineMap map = op.getMatchingIndexingMap(input);
    if (!map.isFunctionOfDim(dim))
      continue;
    if (map.getNumResults() == 0 || map.getResults().back() != expr ||
        llvm::count_if(map.getResults(), [&](AffineExpr result) {
          return result.isFunctionOfDim(dim);
        }) != 1)
      return {};
    readsContiguously = true;
  }
  std::optional<std::pair<Operation *, TypedAttr>> combiner = getCombiner(op);
  if (!readsContiguously || !combiner)
    return {};
  // As many lanes as fill kPartialRegisters registers of the partial
  // results (independent chains that hide the latency of the combiner when
  // the row is in cache), fewer down to one register of the inputs when
  // the row is not a multiple of them or too short.
  Type wide = getWideSumType(combiner->first, op.getRegionOutputArgs()[0]);
  int64_t partialBits = wide ? wide.getIntOrFloatBitWidth() : widest;
  int64_t fewest = kVectorBits / widest;
  int64_t lanes = kPartialRegisters * kVectorBits / partialBits;
  while (lanes > fewest && (size % lanes != 0 || size < 2 * lanes))
    lanes /= 2;
  if (size % lanes != 0 || size < 2 * lanes)
    return {};
  int64_t block = 1;
  if (wide && size >= kMinBlockedRow)
    for (int64_t candidate = kNarrowBlock; candidate > 1 && block == 1;
         candidate /= 2)
      if (size % (lanes * candidate) == 0 && size >= 2 * lanes * candidate)
        block = candidate;
  return {lanes, block};
}

/// Splits the reduction loop `dim` of `op` (a generic) into a loop over
/// N / lanes tiles and a parallel loop over the lanes, which a second
/// generic then combines. With blocks, each input that reads `dim` is read
/// as `block` strided views (one per row of [N / (lanes x block), block,
/// lanes]) and the body adds their values before it widens the sum. Unlike
/// linalg::splitReduction, dynamic parallel dimensions (the workgroup
/// range a kernel runs) are kept.
void splitReduction(RewriterBase &b, linalg::GenericOp op, unsigned dim,
                    SplitShape split, Operation *combiner,
                    TypedAttr neutral) {
  int64_t lanes = split.lanes;
  int64_t block = split.block;
  Location loc = op.getLoc();
  MLIRContext *context = op.getContext();
  unsigned numLoops = op.getNumLoops();
  int64_t size = op.getStaticLoopRanges()[dim];
  AffineExpr reduced = getAffineDimExpr(dim, context);
  AffineExpr lane = getAffineDimExpr(numLoops, context);
  // The maps over the loops and the lanes' loop.
  auto extend = [&](ArrayRef<AffineExpr> results) {
    return AffineMap::get(numLoops + 1, 0, results, context);
  };
  SmallVector<Value> inputs;
  SmallVector<AffineMap> maps;
  // Per input of `op`, its first input in the split generic and whether it
  // has `block` of them.
  SmallVector<std::pair<unsigned, bool>> inputsOf;
  for (OpOperand *input : op.getDpsInputOperands()) {
    AffineMap map = op.getMatchingIndexingMap(input);
    SmallVector<AffineExpr> results(map.getResults());
    if (!map.isFunctionOfDim(dim)) {
      inputsOf.push_back({inputs.size(), false});
      inputs.push_back(input->get());
      maps.push_back(extend(results));
      continue;
    }
    // [..., N] read as [..., N / lanes, lanes], or with blocks as
    // [..., N / (lanes x block), block, lanes] and each row of a block
    // viewed apart.
    auto type = cast<RankedTensorType>(input->get().getType());
    int64_t rank = type.getRank();
    int64_t tiles = size / (lanes * block);
    SmallVector<ReassociationIndices> reassociation;
    for (int64_t i = 0; i + 1 < rank; ++i)
      reassociation.push_back({i});
    if (block > 1)
      reassociation.push_back({rank - 1, rank, rank + 1});
    else
      reassociation.push_back({rank - 1, rank});
    SmallVector<OpFoldResult> shape =
        tensor::getMixedSizes(b, loc, input->get());
    shape.back() = b.getIndexAttr(tiles);
    SmallVector<int64_t> staticShape(type.getShape());
    staticShape.back() = tiles;
    if (block > 1) {
      shape.push_back(b.getIndexAttr(block));
      staticShape.push_back(block);
    }
    shape.push_back(b.getIndexAttr(lanes));
    staticShape.push_back(lanes);
    auto expandedType =
        RankedTensorType::get(staticShape, type.getElementType());
    Value expanded = tensor::ExpandShapeOp::create(
        b, loc, expandedType, input->get(), reassociation, shape);
    results.back() = reduced;
    results.push_back(lane);
    inputsOf.push_back({inputs.size(), block > 1});
    if (block == 1) {
      inputs.push_back(expanded);
      maps.push_back(extend(results));
      continue;
    }
    SmallVector<int64_t> viewShape(staticShape);
    viewShape.erase(viewShape.begin() + rank);
    auto viewType = RankedTensorType::get(viewShape, type.getElementType());
    SmallVector<OpFoldResult> sizes(shape);
    sizes[rank] = b.getIndexAttr(1);
    SmallVector<OpFoldResult> strides(shape.size(), b.getIndexAttr(1));
    for (int64_t row = 0; row < block; ++row) {
      SmallVector<OpFoldResult> offsets(shape.size(), b.getIndexAttr(0));
      offsets[rank] = b.getIndexAttr(row);
      inputs.push_back(tensor::ExtractSliceOp::create(
          b, loc, viewType, expanded, offsets, sizes, strides));
      maps.push_back(extend(results));
    }
  }
  // The partial results: the output's shape and the lanes, starting at the
  // combiner's neutral element; sums accumulate in a wider type.
  Value init = op.getDpsInits()[0];
  auto initType = cast<RankedTensorType>(init.getType());
  Type narrow = initType.getElementType();
  Value accumulator = op.getRegionOutputArgs()[0];
  Type wide = getWideSumType(combiner, accumulator);
  Type partialElement = wide ? wide : narrow;
  // -0 is the sum's identity (0 would turn a row of -0 into +0).
  if (isa<arith::AddFOp>(combiner))
    neutral = FloatAttr::get(partialElement, -0.0);
  SmallVector<OpFoldResult> partialSizes = tensor::getMixedSizes(b, loc, init);
  partialSizes.push_back(b.getIndexAttr(lanes));
  Value empty =
      tensor::EmptyOp::create(b, loc, partialSizes, partialElement);
  Value start = arith::ConstantOp::create(b, loc, neutral);
  Value partialInit =
      linalg::FillOp::create(b, loc, start, empty).getResult(0);
  AffineMap outMap = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
  SmallVector<AffineExpr> outResults(outMap.getResults());
  outResults.push_back(lane);
  maps.push_back(extend(outResults));
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  iterators.push_back(utils::IteratorType::parallel);
  auto partial = linalg::GenericOp::create(
      b, loc, partialInit.getType(), inputs, ValueRange{partialInit}, maps,
      iterators);
  IRMapping cloned;
  if (block > 1) {
    // The body once per row of the block, their values added in order in
    // the narrow type, widened, then added to the partial result.
    Block &original = op.getRegion().front();
    SmallVector<Type> argTypes;
    SmallVector<Location> argLocs;
    for (Value input : inputs) {
      argTypes.push_back(getElementTypeOrSelf(input.getType()));
      argLocs.push_back(loc);
    }
    argTypes.push_back(wide);
    argLocs.push_back(loc);
    OpBuilder::InsertionGuard guard(b);
    Block *body = b.createBlock(&partial.getRegion(), {}, argTypes, argLocs);
    Value addend = combiner->getOperand(0) == accumulator
                       ? combiner->getOperand(1)
                       : combiner->getOperand(0);
    SmallVector<Value> values;
    for (int64_t row = 0; row < block; ++row) {
      IRMapping mapping;
      for (auto [i, slot] : llvm::enumerate(inputsOf))
        mapping.map(original.getArgument(i),
                    body->getArgument(slot.first + (slot.second ? row : 0)));
      for (Operation &inner : original.without_terminator())
        if (&inner != combiner)
          b.clone(inner, mapping);
      values.push_back(mapping.lookupOrDefault(addend));
    }
    // In order: each value is then read (in registers that LLVM folds
    // into the adds) in the order of memory. A tree's loads came out of
    // the code generator in its pairs' order, and reading a row in that
    // order cost the 8192x8192 row sum a tenth of its time on a Zen 4
    // (10.3-10.5 -> 9.0-9.2 ms on 2 threads, 13.0-13.7 -> 12.8 on one).
    Value blockSum = values.front();
    for (Value value : llvm::drop_begin(values))
      blockSum = arith::AddFOp::create(b, loc, blockSum, value);
    Value widened = arith::ExtFOp::create(b, loc, wide, blockSum);
    Value sum =
        arith::AddFOp::create(b, loc, widened, body->getArguments().back());
    linalg::YieldOp::create(b, loc, sum);
  } else {
    b.cloneRegionBefore(op.getRegion(), partial.getRegion(),
                        partial.getRegion().begin(), cloned);
  }
  if (wide && block == 1) {
    // acc + x becomes acc + extf(x), in the wide type.
    Block &body = partial.getRegion().front();
    body.getArguments().back().setType(wide);
    Operation *sum = cloned.lookup(combiner);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(sum);
    for (OpOperand &operand : sum->getOpOperands())
      if (operand.get() != body.getArguments().back())
        operand.set(arith::ExtFOp::create(b, loc, wide, operand.get()));
    sum->getResult(0).setType(wide);
  }

  // The lanes halved in a tree, each level an elementwise op of the lower
  // half and the upper half (a vector op, where the lanes one after the
  // other were a chain of dependent scalar ops: a softmax of 512-element
  // rows spent a third of its time there), down to one lane.
  int64_t outRank = initType.getRank();
  Value partials = partial.getResult(0);
  for (int64_t width = lanes; width > 1 && width % 2 == 0; width /= 2) {
    int64_t half = width / 2;
    SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(b, loc, init);
    sizes.push_back(b.getIndexAttr(half));
    SmallVector<OpFoldResult> strides(outRank + 1, b.getIndexAttr(1));
    SmallVector<OpFoldResult> lowOffsets(outRank + 1, b.getIndexAttr(0));
    SmallVector<OpFoldResult> highOffsets(lowOffsets);
    highOffsets.back() = b.getIndexAttr(half);
    Value low = tensor::ExtractSliceOp::create(b, loc, partials, lowOffsets,
                                               sizes, strides);
    Value high = tensor::ExtractSliceOp::create(b, loc, partials, highOffsets,
                                                sizes, strides);
    Value halfEmpty = tensor::EmptyOp::create(b, loc, sizes, partialElement);
    SmallVector<AffineMap> levelMaps(
        3, AffineMap::getMultiDimIdentityMap(outRank + 1, context));
    SmallVector<utils::IteratorType> levelIterators(
        outRank + 1, utils::IteratorType::parallel);
    partials = linalg::GenericOp::create(
                   b, loc, halfEmpty.getType(), ValueRange{low, high},
                   ValueRange{halfEmpty}, levelMaps, levelIterators,
                   [&](OpBuilder &nested, Location nestedLoc, ValueRange args) {
                     IRMapping mapping;
                     for (Value operand : combiner->getOperands())
                       mapping.map(operand,
                                   operand == accumulator ? args[0] : args[1]);
                     Operation *combined = nested.clone(*combiner, mapping);
                     combined->getResult(0).setType(partialElement);
                     linalg::YieldOp::create(nested, nestedLoc,
                                             combined->getResult(0));
                   })
                   .getResult(0);
  }

  // The lanes left combined into the output (for a wide sum: into a wide
  // result, which then adds the output's initial value and rounds once).
  // (The output's map drops the lanes' loop; for a scalar output it has
  // no results, which getMajorSubMap(0) would give as a null map.)
  SmallVector<AffineExpr> outputDims;
  for (int64_t d = 0; d < outRank; ++d)
    outputDims.push_back(getAffineDimExpr(d, context));
  SmallVector<AffineMap> combineMaps = {
      AffineMap::getMultiDimIdentityMap(outRank + 1, context),
      AffineMap::get(outRank + 1, 0, outputDims, context)};
  SmallVector<utils::IteratorType> combineIterators(
      outRank, utils::IteratorType::parallel);
  combineIterators.push_back(utils::IteratorType::reduction);
  Value combineInit = init;
  if (wide) {
    SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(b, loc, init);
    Value wideEmpty = tensor::EmptyOp::create(b, loc, sizes, wide);
    combineInit = linalg::FillOp::create(b, loc, start, wideEmpty).getResult(0);
  }
  auto combine = linalg::GenericOp::create(
      b, loc, combineInit.getType(), ValueRange{partials},
      ValueRange{combineInit}, combineMaps, combineIterators,
      [&](OpBuilder &nested, Location nestedLoc, ValueRange args) {
        IRMapping mapping;
        for (Value operand : combiner->getOperands())
          mapping.map(operand, operand == accumulator ? args[1] : args[0]);
        Operation *combined = nested.clone(*combiner, mapping);
        combined->getResult(0).setType(args[1].getType());
        linalg::YieldOp::create(nested, nestedLoc, combined->getResult(0));
      });
  if (!wide) {
    b.replaceOp(op, combine.getResults());
    return;
  }
  SmallVector<AffineMap> finishMaps(
      3, AffineMap::getMultiDimIdentityMap(outRank, context));
  SmallVector<utils::IteratorType> finishIterators(
      outRank, utils::IteratorType::parallel);
  auto finish = linalg::GenericOp::create(
      b, loc, initType, ValueRange{combine.getResult(0), init},
      ValueRange{init}, finishMaps, finishIterators,
      [&](OpBuilder &nested, Location nestedLoc, ValueRange args) {
        Value start = arith::ExtFOp::create(nested, nestedLoc, wide, args[1]);
        Value total = arith::AddFOp::create(nested, nestedLoc, start, args[0]);
        Value rounded =
            arith::TruncFOp::create(nested, nestedLoc, narrow, total);
        linalg::YieldOp::create(nested, nestedLoc, rounded);
      });
  b.replaceOp(op, finish.getResults());
}

class SplitReductionsPass
    : public hlox::cpu::impl::CPUSplitReductionsBase<SplitReductionsPass> {
public:
  void runOnOperation() override {
    SmallVector<std::pair<linalg::LinalgOp, SplitShape>> candidates;
    getOperation().walk([&](linalg::LinalgOp op) {
      SplitShape shape = getSplitShape(op);
      if (shape.lanes)
        candidates.push_back({op, shape});
    });
    IRRewriter rewriter(&getContext());
    for (auto [op, shape] : candidates) {
      rewriter.setInsertionPoint(op);
      // linalg.reduce and other named ops split as generics.
      FailureOr<linalg::GenericOp> converted =
          hlox::cpu::toGenericOp(rewriter, op);
      if (failed(converted))
        continue;
      linalg::GenericOp generic = *converted;
      auto [combiner, neutral] = *getCombiner(generic);
      SmallVector<unsigned> reductionDims;
      generic.getReductionDims(reductionDims);
      rewriter.setInsertionPoint(generic);
      splitReduction(rewriter, generic, reductionDims.front(), shape,
                     combiner, neutral);
    }
  }
};

} // namespace
