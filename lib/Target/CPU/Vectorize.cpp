//===- Vectorize.cpp - Tile kernel linalg ops and vectorize the tiles ----===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Each vectorizable linalg op of a kernel becomes a loop nest over tiles of
// one vector along its innermost contiguous parallel loop; each tile becomes
// vector ops. Contractions keep their reduction loops inside the vector loop
// (accumulators in registers) and, with a row loop, take 6-row tiles of 2-d
// vectors (24 accumulator registers); split row reductions whose partial
// results fit take rows the same way (several memory streams at once).
// Only parallel loops move, so results stay bit-identical to the scalar
// code.
//
//===----------------------------------------------------------------------===//

#include "hlox/Target/CPU/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Affine/Utils.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/Support/DebugLog.h"

#define DEBUG_TYPE "hlox-cpu-vectorize"

namespace hlox::cpu {
#define GEN_PASS_DEF_CPUVECTORIZE
#include "hlox/Target/CPU/Passes.h.inc"
} // namespace hlox::cpu

using namespace mlir;
using namespace hlox;
using namespace hlox::cpu;

namespace {

/// The vector registers a contraction's 1-d tile accumulates in: as many
/// independent FMA chains as cover the FMA latency of two units.
constexpr int64_t kAccumulators = 8;
/// The vector registers of partial results a split reduction fills by
/// taking several rows: four rows of 32 f64 lanes, four streams of memory
/// in flight (the 8192x8192 row sum on one thread: 8.9 ms with two rows
/// and a software prefetch per row, 7.0 with four and none).
constexpr int64_t kStreamAccumulators = 16;
/// A contraction's full tiles: kRows rows of kRowRegisters registers, 24
/// accumulators of AVX-512's 32 registers, so that each vector read along
/// the vector loop serves kRows multiply-adds and each broadcast lhs
/// element kRowRegisters (6x4 measured 1.7x faster than 4x2 with FMA
/// contraction on the 512^3 GEMM; without it both are bound by the separate
/// multiplies and adds).
constexpr int64_t kRows = 6;
constexpr int64_t kRowRegisters = 4;

/// The element types vector code handles like scalar code: integers and the
/// floats the LLVM lowering supports (small floats are i8 by now; complex
/// numbers have no vector form).
bool isVectorElement(Type type) {
  if (auto integer = dyn_cast<IntegerType>(type))
    return integer.getWidth() <= 64;
  return type.isF16() || type.isBF16() || type.isF32() || type.isF64();
}

/// True for the ops a vector computes like the scalar code, without a call:
/// arith ops but remf (a call of fmod), the math ops with vector
/// instructions (a libm call per lane would spill the whole vector around
/// it: slower than the scalar loop), and f32 exp where `f32ExpInlined`
/// (it becomes arithmetic after vectorization).
bool hasVectorInstructions(Operation &op, bool f32ExpInlined) {
  if (auto exp = dyn_cast<math::ExpOp>(op))
    return f32ExpInlined && exp.getType().isF32();
  if (isa<math::MathDialect>(op.getDialect()))
    return hasVectorInstruction(&op);
  return isa<arith::ArithDialect>(op.getDialect()) && !isa<arith::RemFOp>(op);
}

/// True when `op`'s body is only arithmetic with vector instructions and
/// reads of tensors from outside it (`tensor.extract`, which
/// readsInVectorOrder then checks): no calls (libm or runtime functions),
/// no nested control flow.
bool hasArithmeticBody(linalg::LinalgOp op, bool f32ExpInlined) {
  for (Operation &nested : op.getBlock()->without_terminator()) {
    if (isa<linalg::IndexOp>(nested))
      continue;
    if (auto extract = dyn_cast<tensor::ExtractOp>(nested)) {
      if (!isVectorElement(extract.getType()) ||
          op->isAncestor(extract.getTensor().getParentRegion()->getParentOp()))
        return false;
      continue;
    }
    if (!nested.getDialect() || !hasVectorInstructions(nested, f32ExpInlined))
      return false;
    for (Type type : nested.getResultTypes())
      if (!isVectorElement(type) && !isa<IndexType>(type))
        return false;
  }
  return true;
}

/// Rewrites the `affine.apply` ops in linalg bodies (the kernel ABI's
/// tiling offsets `linalg.index` by the workgroup's first one) as `arith`
/// ops, which the vectorizer takes.
void expandIndexArithmetic(RewriterBase &rewriter, func::FuncOp function) {
  SmallVector<affine::AffineApplyOp> applies;
  function.walk([&](linalg::LinalgOp op) {
    op.getBlock()->walk(
        [&](affine::AffineApplyOp apply) { applies.push_back(apply); });
  });
  for (affine::AffineApplyOp apply : applies) {
    rewriter.setInsertionPoint(apply);
    std::optional<SmallVector<Value, 8>> expanded = affine::expandAffineMap(
        rewriter, apply.getLoc(), apply.getAffineMap(), apply.getOperands());
    if (expanded && expanded->size() == 1)
      rewriter.replaceOp(apply, expanded->front());
  }
}

/// Whether `value`, computed in `op`'s body, is the same in every
/// iteration of loop `loop` (the others fixed): defined outside the body,
/// another loop's index, an element of an operand that `loop` does not
/// index, or computed from such values only.
bool isUniformAlong(linalg::LinalgOp op, unsigned loop, Value value) {
  if (auto argument = dyn_cast<BlockArgument>(value)) {
    if (argument.getOwner() != op.getBlock())
      return true;
    return !op.getMatchingIndexingMap(op.getMatchingOpOperand(argument))
                .isFunctionOfDim(loop);
  }
  Operation *def = value.getDefiningOp();
  if (!op->isAncestor(def))
    return true;
  if (auto index = dyn_cast<linalg::IndexOp>(def))
    return index.getDim() != loop;
  if (isa<arith::ConstantOp>(def))
    return true;
  if (def->getNumRegions() != 0)
    return false;
  return llvm::all_of(def->getOperands(), [&](Value operand) {
    return isUniformAlong(op, loop, operand);
  });
}

/// Whether every `tensor.extract` in `op`'s body reads, along loop `loop`,
/// either one element (all its indices uniform: a broadcast) or
/// consecutive ones (its last index `loop`'s index plus a uniform value,
/// the others uniform: an embedding lookup's row), so that the vectorizer
/// loads it as a vector rather than gathering lane by lane.
bool readsInVectorOrder(linalg::LinalgOp op, unsigned loop) {
  auto isLoopIndex = [&](Value value) {
    auto index = value.getDefiningOp<linalg::IndexOp>();
    return index && index.getDim() == loop;
  };
  auto result = op.getBlock()->walk([&](tensor::ExtractOp extract) {
    ValueRange indices = extract.getIndices();
    if (indices.empty())
      return WalkResult::advance();
    for (Value index : indices.drop_back())
      if (!isUniformAlong(op, loop, index))
        return WalkResult::interrupt();
    Value last = indices.back();
    if (isUniformAlong(op, loop, last) || isLoopIndex(last))
      return WalkResult::advance();
    auto add = last.getDefiningOp<arith::AddIOp>();
    if (add &&
        ((isLoopIndex(add.getLhs()) &&
          isUniformAlong(op, loop, add.getRhs())) ||
         (isLoopIndex(add.getRhs()) && isUniformAlong(op, loop, add.getLhs()))))
      return WalkResult::advance();
    return WalkResult::interrupt();
  });
  return !result.wasInterrupted();
}

/// The loop to vectorize: the innermost parallel loop, of more than one
/// iteration, that every operand either reads along its last dimension or
/// not at all.
std::optional<unsigned> chooseVectorLoop(linalg::LinalgOp op) {
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  for (int loop = op.getNumLoops() - 1; loop >= 0; --loop) {
    if (iterators[loop] != utils::IteratorType::parallel ||
        ranges[loop] == 0 || ranges[loop] == 1)
      continue;
    AffineExpr dim = getAffineDimExpr(loop, op.getContext());
    bool contiguous = llvm::all_of(op->getOpOperands(), [&](OpOperand &operand) {
      AffineMap map = op.getMatchingIndexingMap(&operand);
      for (auto [i, expr] : llvm::enumerate(map.getResults()))
        if (expr.isFunctionOfDim(loop) &&
            (i + 1 != map.getNumResults() || expr != dim))
          return false;
      return true;
    });
    if (contiguous)
      return loop;
  }
  return std::nullopt;
}

/// The side of a transposing op's square tiles: 16 elements (one 64-byte
/// register row of f32), 8 for 64-bit elements.
int64_t transposeTileSize(int64_t widest) { return widest > 32 ? 8 : 16; }

/// The longest output row (elements) whose transposing tiles are taken a
/// block of output columns at a time (see tileTranspose).
constexpr int64_t kShortTransposeRow = 1024;

/// How an op without a vector loop (a transpose, or elementwise work on
/// operands of different layouts) is vectorized: as square tiles of two
/// parallel loops, `inner` the loop every output writes along its last
/// dimension, `outer` one that an input reads along its last dimension.
/// Each input of a tile is read as rows along its own contiguous loop and
/// transposed in registers where that is `outer`.
struct TransposePlan {
  unsigned outer, inner;
  int64_t size;
};

/// The loop `operand` reads along its last dimension, when that is a plain
/// loop dimension.
std::optional<unsigned> getContiguousLoop(linalg::LinalgOp op,
                                          OpOperand &operand) {
  AffineMap map = op.getMatchingIndexingMap(&operand);
  if (map.getNumResults() == 0)
    return std::nullopt;
  auto dim = dyn_cast<AffineDimExpr>(map.getResults().back());
  if (!dim)
    return std::nullopt;
  return dim.getPosition();
}

/// What a transposing `op` vectorizes as; nothing when it does not qualify:
/// only parallel loops, every map a projected permutation, every output's
/// last dimension the same loop (`inner`), an input read along another
/// (`outer`), every operand read along one of the two or along neither
/// (broadcast), both loops at least one tile long.
std::optional<TransposePlan>
planTranspose(linalg::LinalgOp op, bool f32ExpInlined, bool checkSizes = true) {
  if (op.getNumLoops() < 2 || op.getNumReductionLoops() > 0 ||
      !op.hasPureTensorSemantics() || !hasArithmeticBody(op, f32ExpInlined))
    return std::nullopt;
  int64_t widest = 0;
  for (OpOperand &operand : op->getOpOperands()) {
    Type element = getElementTypeOrSelf(operand.get().getType());
    if (!isVectorElement(element) || element.getIntOrFloatBitWidth() % 8 != 0 ||
        !op.getMatchingIndexingMap(&operand).isProjectedPermutation())
      return std::nullopt;
    widest = std::max<int64_t>(widest, element.getIntOrFloatBitWidth());
  }
  std::optional<unsigned> inner;
  for (OpOperand &init : op.getDpsInitsMutable()) {
    std::optional<unsigned> loop = getContiguousLoop(op, init);
    if (!loop || (inner && *inner != *loop))
      return std::nullopt;
    inner = loop;
  }
  std::optional<unsigned> outer;
  for (OpOperand *input : op.getDpsInputOperands()) {
    std::optional<unsigned> loop = getContiguousLoop(op, *input);
    if (loop && *loop != *inner) {
      outer = loop;
      break;
    }
  }
  if (!inner || !outer)
    return std::nullopt;
  for (OpOperand &operand : op->getOpOperands()) {
    AffineMap map = op.getMatchingIndexingMap(&operand);
    std::optional<unsigned> loop = getContiguousLoop(op, operand);
    bool readsTile =
        map.isFunctionOfDim(*inner) || map.isFunctionOfDim(*outer);
    if (readsTile && loop != inner && loop != outer)
      return std::nullopt;
  }
  int64_t size = transposeTileSize(widest);
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  for (unsigned loop : {*inner, *outer})
    if (checkSizes && !ShapedType::isDynamic(ranges[loop]) &&
        ranges[loop] < size)
      return std::nullopt;
  return TransposePlan{*outer, *inner, size};
}

/// `op` with each run of adjacent parallel loops that every operand reads
/// as adjacent dimensions in the same order collapsed into one loop (an
/// NCHW to NHWC transpose reads H and W together: it becomes a transpose
/// of [N, C, H x W]), so that square tiles cover more of it.
linalg::LinalgOp collapseContiguousLoops(RewriterBase &rewriter,
                                         linalg::LinalgOp op) {
  while (op.getNumLoops() > 2) {
    SmallVector<AffineMap> maps = op.getIndexingMapsArray();
    SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
    std::optional<ReassociationIndices> run;
    for (unsigned loop = 0; loop + 1 < op.getNumLoops() && !run; ++loop) {
      ReassociationIndices pair = {static_cast<int64_t>(loop),
                                   static_cast<int64_t>(loop + 1)};
      // Both loops must be read by every operand that reads either.
      bool together = llvm::all_of(maps, [&](AffineMap map) {
        return map.isFunctionOfDim(loop) == map.isFunctionOfDim(loop + 1);
      });
      if (iterators[loop] == utils::IteratorType::parallel &&
          iterators[loop + 1] == utils::IteratorType::parallel && together &&
          linalg::areDimSequencesPreserved(maps, {pair}))
        run = pair;
    }
    if (!run)
      return op;
    rewriter.setInsertionPoint(op);
    FailureOr<linalg::GenericOp> generic = toGenericOp(rewriter, op);
    if (failed(generic))
      return op;
    op = *generic;
    SmallVector<ReassociationIndices> groups;
    for (unsigned loop = 0; loop < op.getNumLoops(); ++loop) {
      if (static_cast<int64_t>(loop) == (*run)[1])
        continue;
      if (static_cast<int64_t>(loop) == (*run)[0])
        groups.push_back(*run);
      else
        groups.push_back({static_cast<int64_t>(loop)});
    }
    FailureOr<linalg::CollapseResult> collapsed =
        linalg::collapseOpIterationDims(op, groups, rewriter);
    if (failed(collapsed))
      return op;
    rewriter.replaceOp(op, collapsed->results);
    op = collapsed->collapsedOp;
  }
  return op;
}

/// How an op is vectorized.
struct Plan {
  /// The loop along which vectors run.
  unsigned vectorLoop;
  /// A contraction: a reduction with an input that the vector loop does not
  /// index, which every vector of a tile reuses (a matrix product's lhs).
  /// It accumulates over its reduction loops inside the vector loop, so
  /// that its accumulators stay in registers.
  bool accumulate;
  /// For a contraction, a parallel loop whose tile is several rows of
  /// accumulators, each reusing the vectors read along the vector loop;
  /// for a reduction whose vector loop fits in the accumulators, a
  /// parallel loop whose rows are accumulated together (several streams
  /// of memory in flight).
  std::optional<unsigned> rowLoop;
  /// A full row tile's rows and columns.
  int64_t rows = kRows;
  int64_t rowLanes = 0;
  /// Bits of the widest element type.
  int64_t widest;
};

/// The row loop: the innermost parallel loop (other than the vector loop,
/// of more than one iteration) that every operand indexes by a plain
/// dimension or not at all, every output does index and, for a
/// contraction (`reuse`), the reused input indexes.
std::optional<unsigned> chooseRowLoop(linalg::LinalgOp op,
                                      unsigned vectorLoop, bool reuse) {
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  for (int loop = op.getNumLoops() - 1; loop >= 0; --loop) {
    if (static_cast<unsigned>(loop) == vectorLoop ||
        iterators[loop] != utils::IteratorType::parallel ||
        ranges[loop] == 0 || ranges[loop] == 1)
      continue;
    AffineExpr dim = getAffineDimExpr(loop, op.getContext());
    // A row tile reads each operand's rows as plain vectors: a loop that
    // an operand indexes through an expression (a window's `2 * w + kw`)
    // would make its rows strided, which the vectorizer leaves scalar.
    bool plain = llvm::all_of(op->getOpOperands(), [&](OpOperand &operand) {
      for (AffineExpr expr : op.getMatchingIndexingMap(&operand).getResults())
        if (expr.isFunctionOfDim(loop) && expr != dim)
          return false;
      return true;
    });
    if (!plain)
      continue;
    bool outputs = llvm::all_of(op.getDpsInitsMutable(), [&](OpOperand &init) {
      return llvm::is_contained(op.getMatchingIndexingMap(&init).getResults(),
                                dim);
    });
    bool reused =
        llvm::any_of(op.getDpsInputOperands(), [&](OpOperand *input) {
          AffineMap map = op.getMatchingIndexingMap(input);
          return !map.isFunctionOfDim(vectorLoop) && map.isFunctionOfDim(loop);
        });
    if (outputs && (reused || !reuse))
      return loop;
  }
  return std::nullopt;
}

/// What `op` vectorizes as; nothing when it stays scalar.
std::optional<Plan> planFor(linalg::LinalgOp op, bool f32ExpInlined) {
  if (op.getNumLoops() == 0 || !op.hasPureTensorSemantics() ||
      !hasArithmeticBody(op, f32ExpInlined))
    return std::nullopt;
  Plan plan;
  plan.widest = 0;
  for (OpOperand &operand : op->getOpOperands()) {
    // An input the body never reads (a reduce_window's window shape) is
    // never loaded.
    if (op.isDpsInput(&operand) &&
        op.getMatchingBlockArgument(&operand).use_empty())
      continue;
    Type element = getElementTypeOrSelf(operand.get().getType());
    // Memory holds an i1 or i4 per byte, a vector of them packs them into
    // bits: such tensors stay scalar (values inside the body are fine).
    if (!isVectorElement(element) || element.getIntOrFloatBitWidth() % 8 != 0)
      return std::nullopt;
    plan.widest =
        std::max<int64_t>(plan.widest, element.getIntOrFloatBitWidth());
  }
  std::optional<unsigned> loop = chooseVectorLoop(op);
  if (!loop || !readsInVectorOrder(op, *loop))
    return std::nullopt;
  plan.vectorLoop = *loop;
  // A reduction also accumulates in registers when its whole vector loop
  // fits in the accumulators (the per-lane partial sums of
  // hlox-cpu-split-reductions): its accumulators then stay in registers
  // over the reduction loops instead of a load and store per step.
  int64_t vectorRange = op.getStaticLoopRanges()[*loop];
  bool fitsAccumulators =
      !ShapedType::isDynamic(vectorRange) &&
      vectorRange * plan.widest <= kAccumulators * kVectorBits;
  plan.accumulate =
      op.getNumReductionLoops() > 0 &&
      (fitsAccumulators ||
       llvm::any_of(op.getDpsInputOperands(), [&](OpOperand *input) {
         return !op.getMatchingIndexingMap(input).isFunctionOfDim(*loop);
       }));
  if (!plan.accumulate)
    return plan;
  plan.rowLoop = chooseRowLoop(op, *loop, /*reuse=*/true);
  if (plan.rowLoop) {
    plan.rowLanes = kRowRegisters * kVectorBits / plan.widest;
    return plan;
  }
  // A split reduction whose partial results fit the accumulators takes as
  // many rows as fill kStreamAccumulators: each row is a stream of memory,
  // and streams read together keep more memory in flight than one after
  // the other. Not a widening sum (f32 rows into f64 partials, read in
  // blocks of 8 values per lane: 1 KB of each row per step): one row at a
  // time read the 8192x8192 row sum 13-17% faster on one thread than four
  // (11.0-11.7 ms against 9.6-9.7, the input on 2 MiB pages) and 4-5% on
  // two (8.4 against 8.0-8.1); a C model of both loops agreed.
  int64_t widestInput = 0, widestInit = 0;
  for (OpOperand &operand : op->getOpOperands()) {
    Type element = getElementTypeOrSelf(operand.get().getType());
    int64_t &widest = op.isDpsInput(&operand) ? widestInput : widestInit;
    widest = std::max<int64_t>(widest, element.getIntOrFloatBitWidth());
  }
  if (fitsAccumulators && widestInit <= widestInput) {
    int64_t rows =
        kStreamAccumulators * kVectorBits / (vectorRange * plan.widest);
    if (rows >= 2) {
      plan.rowLoop = chooseRowLoop(op, *loop, /*reuse=*/false);
      plan.rows = rows;
      plan.rowLanes = vectorRange;
    }
  }
  return plan;
}

/// The columns of a full row tile.
int64_t rowTileLanes(const Plan &plan) { return plan.rowLanes; }

/// `lanes`, or the loop's static size when smaller.
int64_t clampToRange(int64_t lanes, int64_t range) {
  return ShapedType::isDynamic(range) ? lanes : std::min(lanes, range);
}

/// `op` as a generic whose loops are: the other parallel loops, then (for
/// a contraction) the row loop, the vector loop, then the reduction loops;
/// or, for other ops, every other loop then the vector loop. Reduction
/// loops keep their order, so each output element accumulates as before.
struct Reordered {
  linalg::GenericOp op;
  /// Where the row loop (when asked for) and the vector loop went.
  unsigned rowPosition, vectorPosition;
};
FailureOr<Reordered> reorder(RewriterBase &rewriter, linalg::LinalgOp op,
                             const Plan &plan, bool withRows) {
  rewriter.setInsertionPoint(op);
  FailureOr<linalg::GenericOp> converted = toGenericOp(rewriter, op);
  if (failed(converted))
    return failure();
  linalg::GenericOp generic = *converted;
  unsigned numLoops = generic.getNumLoops();
  SmallVector<utils::IteratorType> iterators = generic.getIteratorTypesArray();
  auto isRow = [&](unsigned i) { return withRows && i == *plan.rowLoop; };
  SmallVector<unsigned> order;
  for (unsigned i = 0; i < numLoops; ++i)
    if (i != plan.vectorLoop && !isRow(i) &&
        (!plan.accumulate || iterators[i] == utils::IteratorType::parallel))
      order.push_back(i);
  Reordered result;
  result.rowPosition = order.size();
  if (withRows)
    order.push_back(*plan.rowLoop);
  result.vectorPosition = order.size();
  order.push_back(plan.vectorLoop);
  if (plan.accumulate)
    for (unsigned i = 0; i < numLoops; ++i)
      if (iterators[i] == utils::IteratorType::reduction)
        order.push_back(i);
  result.op = generic;
  if (!llvm::equal(order, llvm::seq<unsigned>(0, numLoops))) {
    FailureOr<linalg::GenericOp> interchanged =
        linalg::interchangeGenericOp(rewriter, generic, order);
    if (failed(interchanged))
      return failure();
    result.op = *interchanged;
  }
  return result;
}

/// Tiles `generic` by `tileSizes` with scf.for loops, nested in the order
/// `interchange` gives (the loops' own when empty); returns the tiling.
FailureOr<scf::SCFTilingResult> tile(RewriterBase &rewriter,
                                     linalg::GenericOp generic,
                                     ArrayRef<int64_t> tileSizes,
                                     ArrayRef<int64_t> interchange = {}) {
  scf::SCFTilingOptions options;
  options.setTileSizes(
      getAsIndexOpFoldResult(rewriter.getContext(), tileSizes));
  if (!interchange.empty())
    options.setInterchange(interchange);
  FailureOr<scf::SCFTilingResult> tiled = scf::tileUsingSCF(
      rewriter, cast<TilingInterface>(generic.getOperation()), options);
  if (failed(tiled))
    return generic.emitError("could not tile it for vectorization");
  rewriter.replaceOp(generic, tiled->replacements);
  return tiled;
}

/// Peels the tile loops at `positions` of `tiled` (inner ones first:
/// peeling an outer loop first would copy the inner one), so that full
/// tiles get static shapes after canonicalization.
void peelTileLoops(RewriterBase &rewriter, scf::SCFTilingResult &tiled,
                   ArrayRef<unsigned> positions) {
  for (unsigned position : positions) {
    auto loop = dyn_cast<scf::ForOp>(tiled.loops[position].getOperation());
    scf::ForOp partial;
    if (loop)
      (void)scf::peelForLoopAndSimplifyBounds(rewriter, loop, partial);
  }
}

/// Drops every loop of `tile` but those in `keep` (all of one iteration)
/// and vectorizes what is left with `vectorSizes` (empty: its static
/// shape). Leaves a tile the vectorizer rejects scalar.
void vectorizeTile(RewriterBase &rewriter, linalg::GenericOp tile,
                   ArrayRef<unsigned> keep, ArrayRef<int64_t> vectorSizes) {
  Operation *vectorOp = tile;
  if (tile.getNumLoops() > keep.size()) {
    linalg::ControlDropUnitDims control;
    control.rankReductionStrategy =
        linalg::ControlDropUnitDims::RankReductionStrategy::ExtractInsertSlice;
    unsigned numLoops = tile.getNumLoops();
    SmallVector<unsigned> keptLoops(keep);
    control.controlFn = [=](Operation *) {
      SmallVector<unsigned> units;
      for (unsigned i = 0; i < numLoops; ++i)
        if (!llvm::is_contained(keptLoops, i))
          units.push_back(i);
      return units;
    };
    rewriter.setInsertionPoint(tile);
    FailureOr<linalg::DropUnitDimsResult> dropped =
        linalg::dropUnitDims(rewriter, tile, control);
    if (failed(dropped)) {
      LDBG() << "left scalar (unit loops stay): " << *tile;
      return;
    }
    rewriter.replaceOp(tile, dropped->replacements);
    vectorOp = dropped->resultOp.getOperation();
  }
  // Spelled out: with an empty list, masks and vectors get types that
  // differ in their scalable flags.
  SmallVector<bool> scalable(vectorSizes.size(), false);
  // n-d tensor.extract: readsInVectorOrder let in only the contiguous
  // and the broadcast reads.
  if (cast<linalg::LinalgOp>(vectorOp).getNumLoops() != keep.size() ||
      failed(linalg::vectorizeOpPrecondition(vectorOp, vectorSizes, scalable,
                                             /*vectorizeNDExtract=*/true))) {
    LDBG() << "left scalar: " << *vectorOp;
    return;
  }
  rewriter.setInsertionPoint(vectorOp);
  FailureOr<linalg::VectorizationResult> vectorized =
      linalg::vectorize(rewriter, vectorOp, vectorSizes, scalable,
                        /*vectorizeNDExtract=*/true);
  if (failed(vectorized)) {
    LDBG() << "vectorization failed: " << *vectorOp;
    return;
  }
  rewriter.replaceOp(vectorOp, vectorized->replacements);
}

/// Splits a contraction into tiles of kRows rows by kRowRegisters, the
/// full tiles apart from the partial ones (loops peeled): the full ones
/// become 2-d vectors after canonicalization, the partial ones the 1-d
/// vectors of vectorizeOp.
LogicalResult tileRows(RewriterBase &rewriter, linalg::LinalgOp op,
                       const Plan &plan) {
  FailureOr<Reordered> generic = reorder(rewriter, op, plan, true);
  if (failed(generic))
    return success(); // A named op without a generic form stays.
  auto [rowPosition, vectorPosition] =
      std::pair(generic->rowPosition, generic->vectorPosition);
  SmallVector<int64_t> ranges = generic->op.getStaticLoopRanges();
  SmallVector<int64_t> tileSizes(ranges.size(), 1);
  tileSizes[rowPosition] = clampToRange(plan.rows, ranges[rowPosition]);
  tileSizes[vectorPosition] =
      clampToRange(rowTileLanes(plan), ranges[vectorPosition]);
  FailureOr<scf::SCFTilingResult> tiled =
      tile(rewriter, generic->op, tileSizes);
  if (failed(tiled))
    return failure();
  peelTileLoops(rewriter, *tiled, {vectorPosition, rowPosition});
  return success();
}

/// True when `op` is a full row tile of a contraction: every loop but the
/// row and vector loops of one iteration, those two static.
bool isRowTile(linalg::LinalgOp op, const Plan &plan) {
  if (!plan.rowLoop)
    return false;
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  for (auto [i, range] : llvm::enumerate(ranges)) {
    bool kept = i == *plan.rowLoop || i == plan.vectorLoop;
    if (ShapedType::isDynamic(range) || (!kept && range != 1))
      return false;
  }
  return ranges[*plan.rowLoop] <= plan.rows &&
         ranges[plan.vectorLoop] <= rowTileLanes(plan);
}

/// Vectorizes a full row tile as 2-d vectors (rows x columns): no masks.
void vectorizeRowTile(RewriterBase &rewriter, linalg::LinalgOp op,
                      const Plan &plan) {
  FailureOr<Reordered> generic = reorder(rewriter, op, plan, true);
  if (succeeded(generic))
    vectorizeTile(rewriter, generic->op,
                  {generic->rowPosition, generic->vectorPosition}, {});
}

/// Tiles `generic` by `lanes` along its vector loop and by 1 elsewhere,
/// and vectorizes the tiles. A vector loop of dynamic size (a dispatch's
/// share of the elements) is peeled: its full tiles get static shapes and
/// no masks, and only the one partial tile after them is masked.
LogicalResult
tileAndVectorize(RewriterBase &rewriter, linalg::GenericOp generic,
                 unsigned vectorPosition, int64_t lanes,
                 const FrozenRewritePatternSet &canonicalization) {
  SmallVector<int64_t> tileSizes(generic.getNumLoops(), 1);
  tileSizes[vectorPosition] = lanes;
  bool dynamic =
      ShapedType::isDynamic(generic.getStaticLoopRanges()[vectorPosition]);
  bool parallel = linalg::isParallelIterator(
      generic.getIteratorTypesArray()[vectorPosition]);
  FailureOr<scf::SCFTilingResult> tiled = tile(rewriter, generic, tileSizes);
  if (failed(tiled))
    return failure();
  auto loop = dyn_cast<scf::ForOp>(tiled->loops[vectorPosition].getOperation());
  scf::ForOp partial;
  if (!dynamic || !parallel || !loop ||
      failed(scf::peelForLoopAndSimplifyBounds(rewriter, loop, partial))) {
    for (Operation *tileOp : tiled->tiledOps)
      vectorizeTile(rewriter, cast<linalg::GenericOp>(tileOp), {vectorPosition},
                    {lanes});
    return success();
  }
  // The full tiles' slices and op get static shapes.
  if (failed(applyPatternsGreedily(loop, canonicalization)))
    return failure();
  SmallVector<linalg::GenericOp> tiles;
  loop.walk([&](linalg::GenericOp tileOp) { tiles.push_back(tileOp); });
  partial.walk([&](linalg::GenericOp tileOp) { tiles.push_back(tileOp); });
  for (linalg::GenericOp tileOp : tiles)
    vectorizeTile(rewriter, tileOp, {vectorPosition}, {lanes});
  return success();
}

/// Tiles `op` by one vector along its vector loop and by 1 elsewhere, and
/// vectorizes the 1-d tiles without masks where it can: a parallel vector
/// loop of static size that is not a multiple of the tile (1000 columns)
/// is split, inside the loops over the other dimensions (so that each row's
/// two parts follow each other in memory), into the multiple (full tiles)
/// and the rest (one shorter vector); one of dynamic size is peeled
/// (tileAndVectorize). Masks stay
/// on reductions' partial tiles and the one partial tile of a dynamic
/// loop: masked stores are slow on some CPUs (AMD's Zen 3 takes a 256-bit
/// `vmaskmovps` store in many micro-ops), and a loop of them took the
/// elementwise workload 25% longer there.
LogicalResult vectorizeOp(RewriterBase &rewriter, linalg::LinalgOp op,
                          const Plan &plan,
                          const FrozenRewritePatternSet &canonicalization) {
  FailureOr<Reordered> generic = reorder(rewriter, op, plan, false);
  if (failed(generic))
    return success();
  unsigned vectorPosition = generic->vectorPosition;
  int64_t range = generic->op.getStaticLoopRanges()[vectorPosition];
  int64_t lanes = clampToRange(
      (plan.accumulate ? kAccumulators : 1) * kVectorBits / plan.widest, range);
  if (ShapedType::isDynamic(range) || range % lanes == 0 ||
      !linalg::isParallelIterator(
          generic->op.getIteratorTypesArray()[vectorPosition]))
    return tileAndVectorize(rewriter, generic->op, vectorPosition, lanes,
                            canonicalization);
  // One row at a time: every other loop tiled by 1, the vector loop whole.
  linalg::GenericOp row = generic->op;
  if (row.getNumLoops() > 1) {
    SmallVector<int64_t> rowSizes(row.getNumLoops(), 1);
    rowSizes[vectorPosition] = 0;
    FailureOr<scf::SCFTilingResult> rows = tile(rewriter, row, rowSizes);
    if (failed(rows))
      return failure();
    row = cast<linalg::GenericOp>(rows->tiledOps.front());
  }
  rewriter.setInsertionPoint(row);
  auto [full, rest] = linalg::splitOp(
      rewriter, cast<TilingInterface>(row.getOperation()), vectorPosition,
      rewriter.getIndexAttr(range - range % lanes));
  for (auto [part, partLanes] :
       {std::pair(full, lanes), std::pair(rest, range % lanes)}) {
    auto partOp = dyn_cast_if_present<linalg::GenericOp>(part.getOperation());
    if (!partOp)
      continue;
    if (failed(tileAndVectorize(rewriter, partOp, vectorPosition, partLanes,
                                canonicalization)))
      return failure();
  }
  return success();
}

/// Interchanges a transposing op's loops so that `outer` and `inner` come
/// last (in that order), tiles it by square tiles of those two and 1
/// elsewhere, and peels both tile loops: full tiles get static shapes
/// after canonicalization, the partial ones stay scalar.
LogicalResult tileTranspose(RewriterBase &rewriter, linalg::LinalgOp op,
                            const TransposePlan &plan) {
  rewriter.setInsertionPoint(op);
  FailureOr<linalg::GenericOp> generic = toGenericOp(rewriter, op);
  if (failed(generic))
    return success();
  unsigned numLoops = generic->getNumLoops();
  SmallVector<unsigned> order;
  for (unsigned i = 0; i < numLoops; ++i)
    if (i != plan.outer && i != plan.inner)
      order.push_back(i);
  order.push_back(plan.outer);
  order.push_back(plan.inner);
  linalg::GenericOp reordered = *generic;
  if (!llvm::equal(order, llvm::seq<unsigned>(0, numLoops))) {
    FailureOr<linalg::GenericOp> interchanged =
        linalg::interchangeGenericOp(rewriter, *generic, order);
    if (failed(interchanged))
      return failure();
    reordered = *interchanged;
  }
  SmallVector<int64_t> tileSizes(numLoops, 1);
  tileSizes[numLoops - 2] = plan.size;
  tileSizes[numLoops - 1] = plan.size;
  SmallVector<int64_t> interchange =
      llvm::to_vector(llvm::seq<int64_t>(0, numLoops));
  // Short output rows (NCHW to NHWC: C of them per pixel) take the tiles
  // a block of them at a time, walking the inputs' rows: 16 read streams
  // instead of one per input row (1x256x3136 to 1x3136x256: 1.4 against
  // 2.0-2.5 ms on one thread); long ones (a 2048x2048 transpose: 1.7
  // against 2.5 ms) the other way.
  SmallVector<int64_t> ranges = reordered.getStaticLoopRanges();
  if (!ShapedType::isDynamic(ranges[numLoops - 1]) &&
      ranges[numLoops - 1] <= kShortTransposeRow)
    std::swap(interchange[numLoops - 2], interchange[numLoops - 1]);
  FailureOr<scf::SCFTilingResult> tiled =
      tile(rewriter, reordered, tileSizes, interchange);
  if (failed(tiled))
    return failure();
  peelTileLoops(rewriter, *tiled, {numLoops - 1, numLoops - 2});
  return success();
}

/// True when `op` is a full tile of a transposing op: its last two loops
/// the plan's, one tile each, every other loop of one iteration.
bool isTransposeTile(linalg::LinalgOp op, const TransposePlan &plan) {
  unsigned numLoops = op.getNumLoops();
  if (plan.outer != numLoops - 2 || plan.inner != numLoops - 1)
    return false;
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  for (auto [i, range] : llvm::enumerate(ranges))
    if (range != (i + 2 >= numLoops ? plan.size : 1))
      return false;
  return true;
}

/// Rewrites each `vector.transfer_read` of `function` whose permutation map
/// transposes two dimensions (what a transposing tile reads) into a read
/// of the rows as they lie in memory and a `vector.transpose`, which the
/// LLVM lowering turns into shuffles instead of one load per element.
void readRowsThenTranspose(RewriterBase &rewriter, func::FuncOp function) {
  SmallVector<vector::TransferReadOp> reads;
  function.walk([&](vector::TransferReadOp read) {
    AffineMap map = read.getPermutationMap();
    if (read.getVectorType().getRank() == 2 && !read.getMask() &&
        map.isPermutation() && !map.isIdentity())
      reads.push_back(read);
  });
  for (vector::TransferReadOp read : reads) {
    VectorType type = read.getVectorType();
    auto rows = VectorType::get({type.getDimSize(1), type.getDimSize(0)},
                                type.getElementType());
    SmallVector<bool> inBounds = {read.isDimInBounds(1),
                                  read.isDimInBounds(0)};
    rewriter.setInsertionPoint(read);
    auto direct = vector::TransferReadOp::create(
        rewriter, read.getLoc(), rows, read.getBase(), read.getIndices(),
        AffineMapAttr::get(AffineMap::getMinorIdentityMap(
            read.getPermutationMap().getNumDims(), 2, rewriter.getContext())),
        read.getPadding(), /*mask=*/Value(),
        rewriter.getBoolArrayAttr(inBounds));
    rewriter.replaceOpWithNewOp<vector::TransposeOp>(
        read, direct, ArrayRef<int64_t>{1, 0});
  }
}

SmallVector<linalg::LinalgOp> linalgOps(func::FuncOp function) {
  SmallVector<linalg::LinalgOp> ops;
  function.walk([&](linalg::LinalgOp op) { ops.push_back(op); });
  return ops;
}

/// Reads each input whose trailing dimensions are 1 and indexed by 0
/// through a view without them: a per-channel parameter of shape Cx1x1
/// that an NHWC op reads by (d3, 0, 0) becomes C read by (d3). Its channel
/// loop is then that operand's last dimension, as the vector loop needs
/// (the parameter otherwise keeps the op scalar); the memory is the same,
/// the view a collapse of the unit dimensions into the one before them.
void dropTrailingUnitDims(RewriterBase &rewriter, func::FuncOp function) {
  function.walk([&](linalg::GenericOp op) {
    if (!op.hasPureTensorSemantics())
      return;
    SmallVector<AffineMap> maps = op.getIndexingMapsArray();
    bool changed = false;
    for (OpOperand *input : op.getDpsInputOperands()) {
      auto type = dyn_cast<RankedTensorType>(input->get().getType());
      if (!type)
        continue;
      AffineMap map = maps[input->getOperandNumber()];
      int64_t rank = type.getRank(), kept = rank;
      while (kept > 1 && type.getDimSize(kept - 1) == 1) {
        auto index = dyn_cast<AffineConstantExpr>(map.getResult(kept - 1));
        if (!index || index.getValue() != 0)
          break;
        --kept;
      }
      if (kept == rank)
        continue;
      SmallVector<ReassociationIndices> groups;
      for (int64_t i = 0; i + 1 < kept; ++i)
        groups.push_back({i});
      groups.push_back(llvm::to_vector(llvm::seq<int64_t>(kept - 1, rank)));
      rewriter.setInsertionPoint(op);
      Value view = tensor::CollapseShapeOp::create(rewriter, op.getLoc(),
                                                   input->get(), groups);
      rewriter.modifyOpInPlace(op, [&] { input->set(view); });
      maps[input->getOperandNumber()] =
          AffineMap::get(map.getNumDims(), map.getNumSymbols(),
                         map.getResults().take_front(kept), op.getContext());
      changed = true;
    }
    if (changed)
      rewriter.modifyOpInPlace(op, [&] {
        op.setIndexingMapsAttr(rewriter.getAffineMapArrayAttr(maps));
      });
  });
}

class VectorizePass
    : public hlox::cpu::impl::CPUVectorizeBase<VectorizePass> {
public:
  using CPUVectorizeBase::CPUVectorizeBase;

  /// Every canonicalization pattern, gathered once: after peeling, they
  /// give the full tiles' slices static types.
  LogicalResult initialize(MLIRContext *context) override {
    RewritePatternSet patterns(context);
    for (Dialect *dialect : context->getLoadedDialects())
      dialect->getCanonicalizationPatterns(patterns);
    for (RegisteredOperationName op : context->getRegisteredOperations())
      op.getCanonicalizationPatterns(patterns, context);
    canonicalization = FrozenRewritePatternSet(std::move(patterns));
    return success();
  }

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    for (auto function : getOperation().getOps<func::FuncOp>()) {
      if (!function->hasAttr(kDispatchAttr) || function.isExternal())
        continue;
      dropTrailingUnitDims(rewriter, function);
      expandIndexArithmetic(rewriter, function);
      // Contractions first split into row tiles, full and partial.
      // Transposing ops into square tiles, full and partial.
      bool split = false;
      for (linalg::LinalgOp op : linalgOps(function)) {
        std::optional<Plan> plan = planFor(op, inlineF32Exp);
        if (!plan) {
          std::optional<TransposePlan> transposing =
              planTranspose(op, inlineF32Exp, /*checkSizes=*/false);
          if (!transposing || isTransposeTile(op, *transposing))
            continue;
          op = collapseContiguousLoops(rewriter, op);
          transposing = planTranspose(op, inlineF32Exp);
          if (!transposing)
            continue;
          if (failed(tileTranspose(rewriter, op, *transposing)))
            return signalPassFailure();
          split = true;
          continue;
        }
        if (!plan->rowLoop || isRowTile(op, *plan))
          continue;
        if (failed(tileRows(rewriter, op, *plan)))
          return signalPassFailure();
        split = true;
      }
      if (split && failed(applyPatternsGreedily(function, canonicalization)))
        return signalPassFailure();
      bool transposed = false;
      for (linalg::LinalgOp op : linalgOps(function)) {
        std::optional<Plan> plan = planFor(op, inlineF32Exp);
        if (!plan) {
          std::optional<TransposePlan> transposing =
              planTranspose(op, inlineF32Exp);
          if (transposing && isTransposeTile(op, *transposing)) {
            FailureOr<linalg::GenericOp> generic = toGenericOp(rewriter, op);
            if (succeeded(generic)) {
              unsigned numLoops = generic->getNumLoops();
              vectorizeTile(rewriter, *generic, {numLoops - 2, numLoops - 1},
                            {});
              transposed = true;
            }
          }
          continue;
        }
        if (isRowTile(op, *plan))
          vectorizeRowTile(rewriter, op, *plan);
        else if (failed(vectorizeOp(rewriter, op, *plan, canonicalization)))
          return signalPassFailure();
      }
      if (transposed)
        readRowsThenTranspose(rewriter, function);
    }
  }

private:
  FrozenRewritePatternSet canonicalization;
};

} // namespace

FailureOr<linalg::GenericOp> hlox::cpu::toGenericOp(RewriterBase &rewriter,
                                                    linalg::LinalgOp op) {
  if (auto generic = dyn_cast<linalg::GenericOp>(op.getOperation()))
    return generic;
  return linalg::generalizeNamedOp(rewriter, op);
}
