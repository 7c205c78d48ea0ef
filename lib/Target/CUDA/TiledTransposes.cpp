//===- TiledTransposes.cpp - Transposes through shared-memory tiles -------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Target/CUDA/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/IRMapping.h"

#define DEBUG_TYPE "hlox-cuda-tiled-transposes"

namespace hlox::cuda {
#define GEN_PASS_DEF_CUDATILEDTRANSPOSES
#include "hlox/Target/CUDA/Passes.h.inc"
} // namespace hlox::cuda

using namespace mlir;

namespace {

/// A tile's side, a warp's lanes; the block's rows.
constexpr int64_t kTile = 32;
constexpr int64_t kBlockRows = 8;

/// Whether `type` is an integer or float type of 8 to 64 bits.
bool isTileElement(Type type) {
  if (!isa<IntegerType, FloatType>(type))
    return false;
  unsigned width = type.getIntOrFloatBitWidth();
  return width >= 8 && width <= 64;
}

/// The loop that is the input's innermost dimension, when `op` is a
/// transpose this pass tiles (the pass's description); else nothing.
std::optional<unsigned> getInputInnermostLoop(linalg::LinalgOp op) {
  if (op.getNumDpsInputs() != 1 || op.getNumDpsInits() != 1 ||
      op.getNumLoops() < 2 || op.getNumReductionLoops() != 0 ||
      !op.hasPureBufferSemantics())
    return std::nullopt;
  OpOperand *input = op.getDpsInputOperand(0);
  OpOperand *init = op.getDpsInitOperand(0);
  auto inputType = dyn_cast<MemRefType>(input->get().getType());
  auto initType = dyn_cast<MemRefType>(init->get().getType());
  if (!inputType || !initType || !inputType.hasStaticShape() ||
      !initType.hasStaticShape() ||
      !isTileElement(inputType.getElementType()) ||
      !isTileElement(initType.getElementType()))
    return std::nullopt;
  AffineMap inputMap = op.getMatchingIndexingMap(input);
  AffineMap initMap = op.getMatchingIndexingMap(init);
  if (!initMap.isIdentity() || !inputMap.isPermutation())
    return std::nullopt;
  Block *body = op.getBlock();
  if (!op.getMatchingBlockArgument(init).use_empty() ||
      llvm::any_of(body->getOperations(), [](Operation &inner) {
        return isa<linalg::IndexOp>(inner) || inner.getNumRegions() != 0 ||
               !isMemoryEffectFree(&inner);
      }))
    return std::nullopt;
  unsigned innermost =
      cast<AffineDimExpr>(inputMap.getResults().back()).getPosition();
  if (innermost == op.getNumLoops() - 1)
    return std::nullopt;
  return innermost;
}

class TiledTransposesPass
    : public hlox::cuda::impl::CUDATiledTransposesBase<TiledTransposesPass> {
public:
  void runOnOperation() override {
    SmallVector<std::pair<linalg::LinalgOp, unsigned>> found;
    getOperation().walk([&](linalg::LinalgOp op) {
      if (op->getParentOfType<gpu::LaunchOp>())
        return;
      if (std::optional<unsigned> loop = getInputInnermostLoop(op))
        found.push_back({op, *loop});
    });
    for (auto [op, loop] : found) {
      OpBuilder builder(op);
      rewrite(builder, op, loop);
      op->erase();
    }
  }

private:
  /// `op` as the tiled launch; `across` is the input's innermost loop,
  /// `along` (the last) the output's.
  static void rewrite(OpBuilder &builder, linalg::LinalgOp op,
                      unsigned across) {
    Location loc = op.getLoc();
    SmallVector<int64_t> ranges = op.getStaticLoopRanges();
    unsigned along = ranges.size() - 1;
    auto tiles = [](int64_t size) { return (size + kTile - 1) / kTile; };
    int64_t tilesAlong = tiles(ranges[along]);
    int64_t tilesAcross = tiles(ranges[across]);
    int64_t outer = 1;
    for (auto [loop, size] : llvm::enumerate(ranges))
      if (loop != along && loop != across)
        outer *= size;
    auto index = [&](int64_t value) -> Value {
      return arith::ConstantIndexOp::create(builder, loc, value);
    };
    OpOperand *input = op.getDpsInputOperand(0);
    OpOperand *init = op.getDpsInitOperand(0);
    Type element = cast<MemRefType>(init->get().getType()).getElementType();
    auto workgroup = gpu::AddressSpaceAttr::get(builder.getContext(),
                                                gpu::AddressSpace::Workgroup);
    auto tileType = MemRefType::get({kTile, kTile + 1}, element,
                                    MemRefLayoutAttrInterface(), workgroup);
    Value one = index(1);
    auto launch = gpu::LaunchOp::create(
        builder, loc, index(tilesAlong * tilesAcross * outer), one, one,
        index(kTile), index(kBlockRows), one,
        /*dynamicSharedMemorySize=*/nullptr, /*asyncTokenType=*/nullptr,
        /*asyncDependencies=*/{}, TypeRange{tileType});
    Block &launchBody = launch.getBody().front();
    builder.setInsertionPointToStart(&launchBody);
    Value tile = launch.getWorkgroupAttributions().front();
    Value tx = launch.getThreadIds().x;
    Value ty = launch.getThreadIds().y;
    // The block's tile: along fastest, then across, then the outer loops
    // (delinearized, the last fastest).
    Value rest = launch.getBlockIds().x;
    auto split = [&](int64_t size) {
      Value part = arith::RemUIOp::create(builder, loc, rest, index(size));
      rest = arith::DivUIOp::create(builder, loc, rest, index(size));
      return part;
    };
    auto times = [&](Value value, int64_t factor) -> Value {
      return arith::MulIOp::create(builder, loc, value, index(factor));
    };
    auto plus = [&](Value a, Value b) -> Value {
      return arith::AddIOp::create(builder, loc, a, b);
    };
    auto below = [&](Value value, int64_t bound) -> Value {
      return arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ult,
                                   value, index(bound));
    };
    Value alongBase = times(split(tilesAlong), kTile);
    Value acrossBase = times(split(tilesAcross), kTile);
    SmallVector<Value> point(ranges.size());
    for (int64_t loop = static_cast<int64_t>(ranges.size()) - 1; loop >= 0;
         --loop)
      if (loop != along && loop != across)
        point[loop] = split(ranges[loop]);
    AffineMap inputMap = op.getMatchingIndexingMap(input);
    auto indicesOf = [&](AffineMap map) {
      SmallVector<Value> indices;
      for (AffineExpr expr : map.getResults())
        indices.push_back(point[cast<AffineDimExpr>(expr).getPosition()]);
      return indices;
    };
    // An scf.if on whether `point` lies inside the two tiled loops' ranges
    // (a tile past an edge).
    auto ifInside = [&]() {
      Value inside = arith::AndIOp::create(builder, loc,
                                           below(point[across], ranges[across]),
                                           below(point[along], ranges[along]));
      return scf::IfOp::create(builder, loc, inside);
    };
    // Loads: thread (tx, ty) reads input element across + tx of rows
    // along + ty + 8k, consecutive threads consecutive elements.
    for (int64_t k = 0; k < kTile; k += kBlockRows) {
      Value row = plus(ty, index(k));
      point[across] = plus(acrossBase, tx);
      point[along] = plus(alongBase, row);
      auto guard = ifInside();
      OpBuilder::InsertionGuard insertion(builder);
      builder.setInsertionPointToStart(guard.thenBlock());
      IRMapping mapping;
      mapping.map(op.getMatchingBlockArgument(input),
                  memref::LoadOp::create(builder, loc, input->get(),
                                         indicesOf(inputMap)));
      for (Operation &inner : op.getBlock()->without_terminator())
        builder.clone(inner, mapping);
      Value value = mapping.lookupOrDefault(
          op.getBlock()->getTerminator()->getOperand(0));
      memref::StoreOp::create(builder, loc, value, tile, ValueRange{row, tx});
    }
    gpu::BarrierOp::create(builder, loc);
    // Stores: thread (tx, ty) writes output element along + tx of rows
    // across + ty + 8k, from the tile's column.
    for (int64_t k = 0; k < kTile; k += kBlockRows) {
      Value column = plus(ty, index(k));
      point[along] = plus(alongBase, tx);
      point[across] = plus(acrossBase, column);
      auto guard = ifInside();
      OpBuilder::InsertionGuard insertion(builder);
      builder.setInsertionPointToStart(guard.thenBlock());
      Value value =
          memref::LoadOp::create(builder, loc, tile, ValueRange{tx, column});
      memref::StoreOp::create(builder, loc, value, init->get(), point);
    }
    gpu::TerminatorOp::create(builder, loc);
  }
};

} // namespace
