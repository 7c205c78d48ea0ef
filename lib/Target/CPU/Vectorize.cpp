//===- Vectorize.cpp - Tile kernel linalg ops and vectorize the tiles ----===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Each vectorizable linalg op of a kernel becomes a loop nest over tiles of
// one vector along its innermost contiguous parallel loop; each tile becomes
// vector ops. Only a parallel loop moves, so results stay bit-identical to
// the scalar code.
//
//===----------------------------------------------------------------------===//

#include "hlox/Target/CPU/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
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

/// The bits of a vector register: one AVX-512 register.
constexpr int64_t kVectorBits = 512;
/// The vector registers a reduction tile accumulates in: as many
/// independent FMA chains as cover the FMA latency of two units.
constexpr int64_t kAccumulators = 8;

/// The element types vector code handles like scalar code: integers and the
/// floats the LLVM lowering supports (small floats are i8 by now; complex
/// numbers have no vector form).
bool isVectorElement(Type type) {
  if (auto integer = dyn_cast<IntegerType>(type))
    return integer.getWidth() <= 64;
  return type.isF16() || type.isBF16() || type.isF32() || type.isF64();
}


/// True for the math ops that have vector instructions. The others (exp,
/// log, sin, ...) become libm calls, one per lane, around which the whole
/// vector is spilled: slower than the scalar loop.
bool hasVectorInstructions(Operation &op) {
  if (isa<math::MathDialect>(op.getDialect()))
    return isa<math::SqrtOp, math::RsqrtOp, math::AbsFOp, math::AbsIOp,
               math::FmaOp, math::CopySignOp, math::FloorOp, math::CeilOp,
               math::TruncOp, math::RoundEvenOp, math::CountLeadingZerosOp,
               math::CountTrailingZerosOp, math::CtPopOp>(op);
  // remf is a call of fmod.
  return isa<arith::ArithDialect>(op.getDialect()) && !isa<arith::RemFOp>(op);
}

/// True when `op`'s body is only arithmetic with vector instructions: no
/// calls (libm or runtime functions), no tensor reads (gathers), no nested
/// control flow.
bool hasArithmeticBody(linalg::LinalgOp op) {
  for (Operation &nested : op.getBlock()->without_terminator()) {
    if (isa<linalg::IndexOp>(nested))
      continue;
    if (!nested.getDialect() || !hasVectorInstructions(nested))
      return false;
    for (Type type : nested.getResultTypes())
      if (!isVectorElement(type) && !isa<IndexType>(type))
        return false;
  }
  return true;
}

/// The loop to vectorize: the innermost parallel loop, of more than one
/// iteration, that every operand either reads along its last dimension or
/// not at all.
std::optional<unsigned> chooseVectorLoop(linalg::LinalgOp op) {
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  for (int loop = op.getNumLoops() - 1; loop >= 0; --loop) {
    if (iterators[loop] != utils::IteratorType::parallel || ranges[loop] == 1)
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

/// Tiles and vectorizes `op`, if it qualifies; leaves it as it is otherwise.
LogicalResult vectorizeOp(RewriterBase &rewriter, linalg::LinalgOp op) {
  if (op.getNumLoops() == 0 || !op.hasPureTensorSemantics() ||
      !hasArithmeticBody(op))
    return success();
  int64_t widest = 0;
  for (OpOperand &operand : op->getOpOperands()) {
    Type element = getElementTypeOrSelf(operand.get().getType());
    // Memory holds an i1 or i4 per byte, a vector of them packs them into
    // bits: such tensors stay scalar (values inside the body are fine).
    if (!isVectorElement(element) || element.getIntOrFloatBitWidth() % 8 != 0)
      return success();
    widest = std::max<int64_t>(widest, element.getIntOrFloatBitWidth());
  }
  std::optional<unsigned> loop = chooseVectorLoop(op);
  if (!loop)
    return success();
  // A contraction (a reduction with an input that the vector loop does not
  // index, which every vector of the tile reuses: a matrix product's lhs)
  // accumulates over its reduction loops inside the vector loop, so that
  // its accumulator vectors stay in registers, several of them so that
  // their FMAs overlap. Other ops keep the vector loop innermost, which
  // streams through memory in order.
  bool accumulate =
      op.getNumReductionLoops() > 0 &&
      llvm::any_of(op.getDpsInputOperands(), [&](OpOperand *input) {
        return !op.getMatchingIndexingMap(input).isFunctionOfDim(*loop);
      });
  int64_t lanes = (accumulate ? kAccumulators : 1) * kVectorBits / widest;
  int64_t range = op.getStaticLoopRanges()[*loop];
  if (!ShapedType::isDynamic(range))
    lanes = std::min(lanes, range);

  rewriter.setInsertionPoint(op);
  auto generic = dyn_cast<linalg::GenericOp>(op.getOperation());
  if (!generic) {
    FailureOr<linalg::GenericOp> generalized =
        linalg::generalizeNamedOp(rewriter, op);
    if (failed(generalized))
      return success();
    generic = *generalized;
  }
  // The loop order: the other loops, then the vector loop; for a
  // contraction, the other parallel loops, the vector loop, then the
  // reduction loops. Reduction loops keep their order.
  unsigned numLoops = generic.getNumLoops();
  SmallVector<utils::IteratorType> iterators = generic.getIteratorTypesArray();
  SmallVector<unsigned> order;
  for (unsigned i = 0; i < numLoops; ++i)
    if (i != *loop &&
        (!accumulate || iterators[i] == utils::IteratorType::parallel))
      order.push_back(i);
  unsigned vectorPosition = order.size();
  order.push_back(*loop);
  if (accumulate)
    for (unsigned i = 0; i < numLoops; ++i)
      if (iterators[i] == utils::IteratorType::reduction)
        order.push_back(i);
  if (!llvm::equal(order, llvm::seq<unsigned>(0, numLoops))) {
    FailureOr<linalg::GenericOp> interchanged =
        linalg::interchangeGenericOp(rewriter, generic, order);
    if (failed(interchanged))
      return generic.emitError("could not interchange its loops");
    generic = *interchanged;
  }

  SmallVector<OpFoldResult> tileSizes(numLoops, rewriter.getIndexAttr(1));
  tileSizes[vectorPosition] = rewriter.getIndexAttr(lanes);
  scf::SCFTilingOptions options;
  options.setTileSizes(tileSizes);
  FailureOr<scf::SCFTilingResult> tiled = scf::tileUsingSCF(
      rewriter, cast<TilingInterface>(generic.getOperation()), options);
  if (failed(tiled))
    return generic.emitError("could not tile it for vectorization");
  rewriter.replaceOp(generic, tiled->replacements);

  // Every loop but the vector loop is now one iteration: dropping them
  // leaves a 1-d op (a reduction loop of one iteration becomes a plain
  // update), whose vectors map onto registers.
  linalg::ControlDropUnitDims control;
  control.rankReductionStrategy =
      linalg::ControlDropUnitDims::RankReductionStrategy::ExtractInsertSlice;
  control.controlFn = [=](Operation *op) {
    SmallVector<unsigned> units;
    for (unsigned i = 0; i < numLoops; ++i)
      if (i != vectorPosition)
        units.push_back(i);
    return units;
  };
  for (Operation *tile : tiled->tiledOps) {
    auto tileOp = cast<linalg::GenericOp>(tile);
    Operation *vectorOp = tileOp;
    if (numLoops > 1) {
      rewriter.setInsertionPoint(tileOp);
      FailureOr<linalg::DropUnitDimsResult> dropped =
          linalg::dropUnitDims(rewriter, tileOp, control);
      if (failed(dropped)) {
        LDBG() << "left scalar (unit loops stay): " << *tile;
        continue;
      }
      rewriter.replaceOp(tileOp, dropped->replacements);
      vectorOp = dropped->resultOp.getOperation();
    }
    SmallVector<int64_t> vectorSizes = {lanes};
    // Spelled out: with an empty list, masks and vectors get types that
    // differ in their scalable flags.
    SmallVector<bool> scalable = {false};
    if (cast<linalg::LinalgOp>(vectorOp).getNumLoops() != 1 ||
        failed(linalg::vectorizeOpPrecondition(vectorOp, vectorSizes,
                                                  scalable))) {
      LDBG() << "left scalar: " << *vectorOp;
      continue;
    }
    rewriter.setInsertionPoint(vectorOp);
    FailureOr<linalg::VectorizationResult> vectorized =
        linalg::vectorize(rewriter, vectorOp, vectorSizes, scalable);
    if (failed(vectorized)) {
      LDBG() << "vectorization failed: " << *vectorOp;
      continue;
    }
    rewriter.replaceOp(vectorOp, vectorized->replacements);
  }
  return success();
}

class VectorizePass
    : public hlox::cpu::impl::CPUVectorizeBase<VectorizePass> {
public:
  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    for (auto function : getOperation().getOps<func::FuncOp>()) {
      if (!function->hasAttr(kDispatchAttr) || function.isExternal())
        continue;
      SmallVector<linalg::LinalgOp> ops;
      function.walk([&](linalg::LinalgOp op) { ops.push_back(op); });
      for (linalg::LinalgOp op : ops)
        if (failed(vectorizeOp(rewriter, op)))
          return signalPassFailure();
    }
  }
};

} // namespace
