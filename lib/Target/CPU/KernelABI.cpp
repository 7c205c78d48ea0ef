//===- KernelABI.cpp - Dispatch functions to the kernel convention --------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Target/CPU/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/TilingInterface.h"
#include "llvm/Support/DebugLog.h"

#define DEBUG_TYPE "hlox-cpu-kernel-abi"

namespace hlox::cpu {
#define GEN_PASS_DEF_CPUKERNELABI
#include "hlox/Target/CPU/Passes.h.inc"
} // namespace hlox::cpu

using namespace mlir;
using namespace hlox;
using namespace hlox::cpu;

namespace {

MemRefType memrefFor(Type type) {
  auto tensor = cast<RankedTensorType>(type);
  return MemRefType::get(tensor.getShape(), tensor.getElementType());
}

/// `tile` initialized like `init` (a tensor.empty, or a linalg.fill of
/// one): filled with the same value, or as it is.
Value initializeLike(OpBuilder &b, Location loc, Value init, Value tile) {
  if (auto fill = init.getDefiningOp<linalg::FillOp>())
    return linalg::FillOp::create(b, loc, fill.getInputs()[0], tile)
        .getResult(0);
  return tile;
}

/// `destination` sliced like `init` (a tensor.empty, or a linalg.fill of
/// one), at `offsets`/`sizes`: the tile of the kernel's output the tiled
/// root writes.
Value destinationTile(OpBuilder &b, Location loc, Value init,
                      Value destination, ArrayRef<OpFoldResult> offsets,
                      ArrayRef<OpFoldResult> sizes) {
  SmallVector<OpFoldResult> strides(offsets.size(), b.getIndexAttr(1));
  Value tile = tensor::ExtractSliceOp::create(b, loc, destination, offsets,
                                              sizes, strides);
  return initializeLike(b, loc, init, tile);
}

/// Fills what `tile` holds around the box [offsets, offsets + sizes) of
/// its dimensions from `firstDim` on with `value`: per dimension, the slab
/// before the box and the slab after it, across the tile's other
/// dimensions (`tileSizes`). Corners are filled twice; the box is not
/// filled at all, for a copy to write once (a pad of 8x112x112x64 by one
/// pixel on 2 threads: 0.59 -> 0.40 ms). Slabs known to be empty are left
/// out.
Value fillAroundBox(OpBuilder &b, Location loc, Value tile, Value value,
                    ArrayRef<OpFoldResult> tileSizes,
                    ArrayRef<OpFoldResult> offsets,
                    ArrayRef<OpFoldResult> sizes, int64_t firstDim) {
  int64_t rank = tileSizes.size();
  MLIRContext *context = b.getContext();
  AffineExpr d0 = getAffineDimExpr(0, context),
             d1 = getAffineDimExpr(1, context);
  SmallVector<OpFoldResult> ones(rank, b.getIndexAttr(1));
  for (int64_t d = firstDim; d < rank; ++d) {
    OpFoldResult after = affine::makeComposedFoldedAffineApply(
        b, loc, d0 + d1, {offsets[d], sizes[d]});
    OpFoldResult rest = affine::makeComposedFoldedAffineApply(
        b, loc, d1 - d0, {after, tileSizes[d]});
    for (auto [start, length] :
         {std::pair<OpFoldResult, OpFoldResult>{b.getIndexAttr(0), offsets[d]},
          {after, rest}}) {
      if (std::optional<int64_t> known = getConstantIntValue(length);
          known && *known <= 0)
        continue;
      SmallVector<OpFoldResult> slabOffsets(rank, b.getIndexAttr(0));
      SmallVector<OpFoldResult> slabSizes(tileSizes);
      slabOffsets[d] = start;
      slabSizes[d] = length;
      Value slab = tensor::ExtractSliceOp::create(b, loc, tile, slabOffsets,
                                                  slabSizes, ones);
      Value filled = linalg::FillOp::create(b, loc, value, slab).getResult(0);
      tile = tensor::InsertSliceOp::create(b, loc, filled, tile, slabOffsets,
                                           slabSizes, ones);
    }
  }
  return tile;
}

/// The tile `slice` takes of a pad's output (`pad`, getPadValue), made
/// without that output: the part of the source it covers copied into a
/// fresh tile, the rest filled with the pad's value. Per dimension, the
/// slice spans [o, o + s) of the padded output and the source
/// [lo, lo + n): the copy is their intersection, empty where the tile lies
/// in the padding; the fill is the slabs before and after it (corners
/// twice), so that a 3x113x64 tile of a pool's input padded by one pixel
/// fills one column, not the whole tile.
Value padTile(OpBuilder &b, Location loc, tensor::ExtractSliceOp slice,
              tensor::InsertSliceOp pad, Value padValue) {
  RankedTensorType type = slice.getType();
  Value tile =
      tensor::EmptyOp::create(b, loc, type.getShape(), type.getElementType());
  MLIRContext *context = b.getContext();
  AffineExpr d0 = getAffineDimExpr(0, context),
             d1 = getAffineDimExpr(1, context);
  SmallVector<OpFoldResult> sourceOffsets, sizes, tileOffsets;
  for (int64_t d = 0; d < type.getRank(); ++d) {
    OpFoldResult o = slice.getMixedOffsets()[d];
    int64_t s = *getConstantIntValue(slice.getMixedSizes()[d]);
    int64_t lo = *getConstantIntValue(pad.getMixedOffsets()[d]);
    int64_t n = pad.getSourceType().getDimSize(d);
    if (lo == 0 && n == pad.getDestType().getDimSize(d)) {
      // Not padded: the slice lies in the source.
      sourceOffsets.push_back(o);
      sizes.push_back(b.getIndexAttr(s));
      tileOffsets.push_back(b.getIndexAttr(0));
      continue;
    }
    OpFoldResult begin = affine::makeComposedFoldedAffineMax(
        b, loc,
        AffineMap::get(1, 0, {d0, b.getAffineConstantExpr(lo)}, context), {o});
    OpFoldResult end = affine::makeComposedFoldedAffineMin(
        b, loc,
        AffineMap::get(1, 0, {d0 + s, b.getAffineConstantExpr(lo + n)},
                       context),
        {o});
    sizes.push_back(affine::makeComposedFoldedAffineMax(
        b, loc,
        AffineMap::get(2, 0, {d0 - d1, b.getAffineConstantExpr(0)}, context),
        {end, begin}));
    // Clamped, so that an empty copy's offsets stay within both.
    sourceOffsets.push_back(affine::makeComposedFoldedAffineMin(
        b, loc,
        AffineMap::get(1, 0, {d0 - lo, b.getAffineConstantExpr(n)}, context),
        {begin}));
    tileOffsets.push_back(affine::makeComposedFoldedAffineMin(
        b, loc,
        AffineMap::get(2, 0, {d0 - d1, b.getAffineConstantExpr(s)}, context),
        {begin, o}));
  }
  tile = fillAroundBox(b, loc, tile, padValue,
                       getAsIndexOpFoldResult(context, type.getShape()),
                       tileOffsets, sizes, /*firstDim=*/0);
  SmallVector<OpFoldResult> ones(type.getRank(), b.getIndexAttr(1));
  Value covered = tensor::ExtractSliceOp::create(b, loc, pad.getSource(),
                                                 sourceOffsets, sizes, ones);
  return tensor::InsertSliceOp::create(b, loc, covered, tile, tileOffsets,
                                       sizes, ones);
}

/// Rewrites `root` (a linalg op whose results the kernel writes into
/// `outputs`) to compute iterations [begin, end) of its workgroup loop
/// only, writing them straight into the outputs. Returns the values to
/// materialize.
FailureOr<SmallVector<Value>> tileRoot(OpBuilder &b, Operation *root,
                                       ArrayRef<Value> outputs, Value begin,
                                       Value end) {
  auto tileable = cast<TilingInterface>(root);
  auto linalgOp = cast<linalg::LinalgOp>(root);
  Location loc = root->getLoc();
  std::optional<unsigned> loop = getWorkgroupLoop(linalgOp);
  if (!loop)
    return root->emitError("the CPU target found no loop to split this op "
                           "into workgroups along");
  b.setInsertionPoint(root);
  SmallVector<Range> domain = tileable.getIterationDomain(b);
  SmallVector<OpFoldResult> offsets, sizes;
  for (auto [i, range] : llvm::enumerate(domain)) {
    if (i == *loop) {
      offsets.push_back(begin);
      sizes.push_back(arith::SubIOp::create(b, loc, end, begin).getResult());
    } else {
      offsets.push_back(range.offset);
      sizes.push_back(range.size);
    }
  }
  FailureOr<TilingResult> tiled =
      tileable.getTiledImplementation(b, offsets, sizes);
  if (failed(tiled) || tiled->tiledOps.size() != 1)
    return root->emitError("the CPU target could not split this op into "
                           "workgroups");
  auto tiledOp = cast<linalg::LinalgOp>(tiled->tiledOps.front());
  SmallVector<Value> results;
  b.setInsertionPoint(tiledOp);
  for (auto [i, output] : llvm::enumerate(outputs)) {
    SmallVector<OpFoldResult> resultOffsets, resultSizes;
    if (failed(tileable.getResultTilePosition(b, i, offsets, sizes,
                                              resultOffsets, resultSizes)))
      return root->emitError("no result tile position");
    Value destination = bufferization::ToTensorOp::create(
        b, loc, cast<RankedTensorType>(root->getResult(i).getType()), output,
        /*restrict=*/true, /*writable=*/true);
    Value tile = destinationTile(b, loc, linalgOp.getDpsInits()[i], destination,
                                 resultOffsets, resultSizes);
    tiledOp.getDpsInitsMutable()[i].set(tile);
    SmallVector<OpFoldResult> strides(resultOffsets.size(), b.getIndexAttr(1));
    b.setInsertionPointAfter(tiledOp);
    results.push_back(tensor::InsertSliceOp::create(
        b, loc, tiled->tiledValues[i], destination, resultOffsets, resultSizes,
        strides));
    b.setInsertionPoint(tiledOp);
  }
  return results;
}

/// Rewrites the generic `root` of a matrix product's epilogue
/// (kMatmulEpilogueAttr: its first `rowRank` loops are the product's rows,
/// the rest its columns) to compute the tile [rowBegin, rowEnd) x
/// [colBegin, colEnd) of its iterations seen as rows by columns, writing
/// it straight into `output`. Returns the value to materialize.
FailureOr<Value> tileEpilogue(OpBuilder &b, linalg::GenericOp root,
                              int64_t rowRank, Value output,
                              ArrayRef<Value> bounds) {
  Location loc = root.getLoc();
  SmallVector<ReassociationIndices> groups =
      getEpilogueLoopGroups(root.getNumLoops(), rowRank);
  // The generic as a matrix: its rows' loops collapsed into one, and its
  // columns' (a no-op for a matrix already).
  linalg::GenericOp matrix = root;
  SmallVector<Value> expanded;
  if (groups[0].size() > 1 || groups[1].size() > 1) {
    IRRewriter rewriter(b);
    rewriter.setInsertionPoint(root);
    FailureOr<linalg::CollapseResult> collapsed =
        linalg::collapseOpIterationDims(root, groups, rewriter);
    if (failed(collapsed))
      return root.emitError("the CPU target could not see this epilogue as "
                            "rows by columns");
    matrix = cast<linalg::GenericOp>(collapsed->collapsedOp.getOperation());
    expanded = collapsed->results;
  }
  b.setInsertionPoint(matrix);
  SmallVector<OpFoldResult> offsets = {bounds[0], bounds[2]};
  SmallVector<OpFoldResult> sizes = {
      arith::SubIOp::create(b, loc, bounds[1], bounds[0]).getResult(),
      arith::SubIOp::create(b, loc, bounds[3], bounds[2]).getResult()};
  FailureOr<TilingResult> tiled =
      cast<TilingInterface>(matrix.getOperation())
          .getTiledImplementation(b, offsets, sizes);
  if (failed(tiled) || tiled->tiledOps.size() != 1)
    return root.emitError("the CPU target could not tile this epilogue");
  auto tiledOp = cast<linalg::LinalgOp>(tiled->tiledOps.front());
  auto type = cast<RankedTensorType>(root.getResult(0).getType());
  b.setInsertionPoint(tiledOp);
  Value destination = bufferization::ToTensorOp::create(
      b, loc, type, output, /*restrict=*/true, /*writable=*/true);
  Value destinationMatrix =
      matrix == root
          ? destination
          : tensor::CollapseShapeOp::create(b, loc, destination, groups)
                .getResult();
  SmallVector<OpFoldResult> ones(2, b.getIndexAttr(1));
  tiledOp.getDpsInitsMutable()[0].set(tensor::ExtractSliceOp::create(
      b, loc, destinationMatrix, offsets, sizes, ones));
  b.setInsertionPointAfter(tiledOp);
  Value written = tensor::InsertSliceOp::create(
      b, loc, tiled->tiledValues[0], destinationMatrix, offsets, sizes, ones);
  if (matrix == root)
    return written;
  Value result =
      tensor::ExpandShapeOp::create(b, loc, type, written, groups).getResult();
  for (Value value : expanded)
    if (Operation *expand = value.getDefiningOp();
        expand && expand != matrix && expand->use_empty())
      expand->erase();
  if (matrix->use_empty())
    matrix->erase();
  return result;
}

/// Rewrites a row group (`root` and the linalg ops `members` that feed it,
/// in order) to compute rows [begin, end) of the root's row loop one at a
/// time: a loop whose body computes one row of each member from the rows
/// of the members before it, then the root's row, straight into the
/// outputs. Returns the values to materialize.
FailureOr<SmallVector<Value>> tileRowGroup(OpBuilder &b, Operation *root,
                                           ArrayRef<Operation *> members,
                                           unsigned rank,
                                           ArrayRef<Value> outputs,
                                           Value begin, Value end) {
  Location loc = root->getLoc();
  b.setInsertionPoint(root);
  SmallVector<Value> destinations;
  for (auto [i, output] : llvm::enumerate(outputs))
    destinations.push_back(bufferization::ToTensorOp::create(
        b, loc, cast<RankedTensorType>(root->getResult(i).getType()), output,
        /*restrict=*/true, /*writable=*/true));
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  auto loop = scf::ForOp::create(b, loc, begin, end, one, destinations);
  b.setInsertionPointToStart(loop.getBody());
  // The row's indices: the workgroup index in row-major order over the
  // root's row loops.
  std::optional<SmallVector<unsigned>> rootRows =
      getRowLoops(cast<linalg::LinalgOp>(root), rank);
  if (!rootRows)
    return root->emitError("a row group root without ") << rank << " row loops";
  SmallVector<int64_t> ranges =
      cast<linalg::LinalgOp>(root).getStaticLoopRanges();
  SmallVector<Value> row(rank);
  Value linear = loop.getInductionVar();
  for (int i = rank - 1; i >= 0; --i) {
    int64_t size = ranges[(*rootRows)[i]];
    if (i == 0) {
      row[i] = linear;
      break;
    }
    Value sizeValue = arith::ConstantIndexOp::create(b, loc, size);
    row[i] = arith::RemUIOp::create(b, loc, linear, sizeValue);
    linear = arith::DivUIOp::create(b, loc, linear, sizeValue);
  }
  // Each member's full result, and its row in the loop body.
  IRMapping rows;
  SmallVector<tensor::ExtractSliceOp> bypassed;
  SmallVector<Value> inserted;
  SmallVector<Operation *> ops(members);
  ops.push_back(root);
  for (Operation *op : ops) {
    auto tileable = cast<TilingInterface>(op);
    auto linalgOp = cast<linalg::LinalgOp>(op);
    std::optional<SmallVector<unsigned>> rowLoops =
        getRowLoops(linalgOp, rank);
    if (!rowLoops)
      return op->emitError("a row group member without ")
             << rank << " row loops";
    SmallVector<Range> domain = tileable.getIterationDomain(b);
    SmallVector<OpFoldResult> offsets, sizes;
    for (Range range : domain) {
      offsets.push_back(range.offset);
      sizes.push_back(range.size);
    }
    for (auto [loop, index] : llvm::zip(*rowLoops, row)) {
      offsets[loop] = index;
      sizes[loop] = b.getIndexAttr(1);
    }
    FailureOr<TilingResult> tiled =
        tileable.getTiledImplementation(b, offsets, sizes);
    if (failed(tiled) || tiled->tiledOps.size() != 1)
      return op->emitError("the CPU target could not take a row of this "
                           "row group member");
    Operation *tiledOp = tiled->tiledOps.front();
    // A member's row comes from the loop body, not from its full result;
    // a pad's part of it from the pad's source.
    for (OpOperand &operand : tiledOp->getOpOperands()) {
      auto slice = operand.get().getDefiningOp<tensor::ExtractSliceOp>();
      if (!slice)
        continue;
      auto pad = slice.getSource().getDefiningOp<tensor::InsertSliceOp>();
      std::optional<Value> padValue = pad ? getPadValue(pad) : std::nullopt;
      if (padValue && slice.hasUnitStride() &&
          slice.getType().hasStaticShape() &&
          slice.getType().getRank() == slice.getSourceType().getRank()) {
        b.setInsertionPoint(tiledOp);
        operand.set(padTile(b, loc, slice, pad, *padValue));
        bypassed.push_back(slice);
        continue;
      }
      if (!rows.contains(slice.getSource()))
        continue;
      Value memberRow = rows.lookup(slice.getSource());
      if (memberRow.getType() != slice.getType())
        return op->emitError("a row group member reads another member's row ")
               << "as " << slice.getType() << ", not its row "
               << memberRow.getType();
      operand.set(memberRow);
      bypassed.push_back(slice);
    }
    if (op != root) {
      // A member's row goes to a fresh tensor of its own, not to a slice of
      // its full result (which would be allocated whole).
      auto tiledLinalg = cast<linalg::LinalgOp>(tiledOp);
      b.setInsertionPoint(tiledOp);
      for (auto [init, tiledInit] : llvm::zip(
               linalgOp.getDpsInits(), tiledLinalg.getDpsInitsMutable())) {
        Value sliced = tiledInit.get();
        auto type = cast<RankedTensorType>(sliced.getType());
        tiledInit.set(initializeLike(
            b, loc, init,
            tensor::EmptyOp::create(b, loc, type.getShape(),
                                    type.getElementType())));
        if (auto slice = sliced.getDefiningOp<tensor::ExtractSliceOp>())
          bypassed.push_back(slice);
      }
      b.setInsertionPointAfter(tiledOp);
      for (auto [result, value] :
           llvm::zip(op->getResults(), tiled->tiledValues))
        rows.map(result, value);
      continue;
    }
    // The root writes its row into the outputs.
    auto rootOp = cast<linalg::LinalgOp>(tiledOp);
    for (unsigned i = 0; i < outputs.size(); ++i) {
      SmallVector<OpFoldResult> resultOffsets, resultSizes;
      if (failed(tileable.getResultTilePosition(b, i, offsets, sizes,
                                                resultOffsets, resultSizes)))
        return root->emitError("no result tile position");
      b.setInsertionPoint(tiledOp);
      Value destination = loop.getRegionIterArgs()[i];
      Value tile = destinationTile(b, loc, linalgOp.getDpsInits()[i],
                                   destination, resultOffsets, resultSizes);
      Value sliced = rootOp.getDpsInits()[i];
      rootOp.getDpsInitsMutable()[i].set(tile);
      if (auto slice = sliced.getDefiningOp<tensor::ExtractSliceOp>())
        bypassed.push_back(slice);
      SmallVector<OpFoldResult> strides(resultOffsets.size(),
                                        b.getIndexAttr(1));
      b.setInsertionPointAfter(tiledOp);
      inserted.push_back(tensor::InsertSliceOp::create(
          b, loc, tiled->tiledValues[i], destination, resultOffsets,
          resultSizes, strides));
    }
  }
  b.setInsertionPointToEnd(loop.getBody());
  scf::YieldOp::create(b, loc, inserted);
  // The full ops are left without users but the bypassed slices.
  for (tensor::ExtractSliceOp slice : llvm::reverse(bypassed))
    if (slice.use_empty())
      slice.erase();
  for (Operation *op : llvm::reverse(ops)) {
    if (!op->use_empty())
      return op->emitError("a row group member is used outside its group");
    // Pads whose tiles the rows took go with their consumers.
    SmallVector<Value> operands(op->getOperands());
    op->erase();
    for (Value operand : operands) {
      auto pad = operand.getDefiningOp<tensor::InsertSliceOp>();
      if (!pad || !pad->use_empty() || !getPadValue(pad))
        continue;
      auto fill = pad.getDest().getDefiningOp<linalg::FillOp>();
      pad->erase();
      if (!fill->use_empty())
        continue;
      Operation *empty = fill.getDpsInits()[0].getDefiningOp();
      fill->erase();
      if (empty->use_empty())
        empty->erase();
    }
  }
  b.setInsertionPointAfter(loop);
  return SmallVector<Value>(loop.getResults());
}

/// Rewrites `insert` (a pad into a fresh tensor, or a chain of them,
/// getRowPadDim) to compute rows [begin, end) of its row dimension only:
/// those rows of the output are filled around the sources (a chain's
/// whole rows, when it starts from a fill), and the part of each source
/// that falls in them copied in. Returns the value to materialize.
Value tileInsertRows(OpBuilder &b, tensor::InsertSliceOp insert, Value output,
                     Value begin, Value end) {
  Location loc = insert.getLoc();
  b.setInsertionPoint(insert);
  unsigned rows = *getRowPadDim(insert);
  RankedTensorType type = insert.getDestType();
  Value count = arith::SubIOp::create(b, loc, end, begin);
  Value destination = bufferization::ToTensorOp::create(
      b, loc, type, output, /*restrict=*/true, /*writable=*/true);
  SmallVector<OpFoldResult> rowOffsets(type.getRank(), b.getIndexAttr(0));
  rowOffsets[rows] = begin;
  SmallVector<OpFoldResult> rowSizes;
  for (int64_t size : type.getShape())
    rowSizes.push_back(b.getIndexAttr(size));
  rowSizes[rows] = count;
  SmallVector<OpFoldResult> ones(type.getRank(), b.getIndexAttr(1));
  Value tile = tensor::ExtractSliceOp::create(b, loc, destination, rowOffsets,
                                              rowSizes, ones);
  // The chain, innermost insert first.
  SmallVector<tensor::InsertSliceOp> chain{insert};
  while (auto inner =
             chain.back().getDest().getDefiningOp<tensor::InsertSliceOp>())
    chain.push_back(inner);
  std::reverse(chain.begin(), chain.end());
  // Where the rows [begin, end) meet `link`'s source along the row
  // dimension: its offsets and sizes within the tile, and the offset of
  // those rows in the source.
  auto meet = [&](tensor::InsertSliceOp link) {
    int64_t low = *getConstantIntValue(link.getMixedOffsets()[rows]);
    int64_t high = low + link.getSourceType().getDimSize(rows);
    SmallVector<OpFoldResult> offsets = link.getMixedOffsets();
    SmallVector<OpFoldResult> sizes = link.getMixedSizes();
    SmallVector<OpFoldResult> sourceOffsets(type.getRank(), b.getIndexAttr(0));
    if (low == 0 && high == type.getDimSize(rows)) {
      // All the rows: the tile's own.
      offsets[rows] = b.getIndexAttr(0);
      sizes[rows] = count;
      sourceOffsets[rows] = begin;
      return std::make_tuple(offsets, sizes, sourceOffsets);
    }
    Value lowValue = arith::ConstantIndexOp::create(b, loc, low);
    Value highValue = arith::ConstantIndexOp::create(b, loc, high);
    auto clamp = [&](Value v) {
      return arith::MinSIOp::create(
          b, loc, arith::MaxSIOp::create(b, loc, v, lowValue), highValue);
    };
    Value first = clamp(begin), last = clamp(end);
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    // Where the link misses the rows, `first` may lie before `begin`; the
    // count is then 0.
    Value tileOffset = arith::MaxSIOp::create(
        b, loc, arith::SubIOp::create(b, loc, first, begin), zero);
    offsets[rows] = tileOffset;
    sizes[rows] = arith::SubIOp::create(b, loc, last, first).getResult();
    sourceOffsets[rows] =
        arith::SubIOp::create(b, loc, first, lowValue).getResult();
    return std::make_tuple(offsets, sizes, sourceOffsets);
  };
  SmallVector<decltype(meet(insert))> meets;
  for (tensor::InsertSliceOp link : chain)
    meets.push_back(meet(link));
  if (auto fill = chain.front().getDest().getDefiningOp<linalg::FillOp>()) {
    Value value = fill.getInputs()[0];
    if (chain.size() == 1) {
      auto &[offsets, sizes, sourceOffsets] = meets.front();
      // Rows the source covers whole need no fill along them.
      bool whole =
          isa<Value>(sizes[rows]) && sizes[rows] == OpFoldResult(count);
      tile = fillAroundBox(b, loc, tile, value, rowSizes, offsets, sizes,
                           /*firstDim=*/whole ? rows + 1 : rows);
    } else {
      tile = linalg::FillOp::create(b, loc, value, tile).getResult(0);
    }
  }
  for (auto [link, where] : llvm::zip(chain, meets)) {
    auto &[offsets, sizes, sourceOffsets] = where;
    Value sourceRows = tensor::ExtractSliceOp::create(
        b, loc, link.getSource(), sourceOffsets, sizes, ones);
    tile = tensor::InsertSliceOp::create(b, loc, sourceRows, tile, offsets,
                                         sizes, ones);
  }
  return tensor::InsertSliceOp::create(b, loc, tile, destination, rowOffsets,
                                       rowSizes, ones);
}

class KernelABIPass : public hlox::cpu::impl::CPUKernelABIBase<KernelABIPass> {
public:
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<func::FuncOp> dispatches;
    for (auto function : module.getOps<func::FuncOp>())
      if (function->hasAttr(kDispatchAttr))
        dispatches.push_back(function);
    for (func::FuncOp function : dispatches)
      if (failed(rewrite(function)))
        return signalPassFailure();
  }

private:
  LogicalResult rewrite(func::FuncOp function) {
    OpBuilder b(function);
    Location loc = function.getLoc();
    FunctionType type = function.getFunctionType();
    SmallVector<Type> arguments;
    for (Type input : type.getInputs())
      arguments.push_back(memrefFor(input));
    for (Type result : type.getResults())
      arguments.push_back(memrefFor(result));
    auto epilogue = function->getAttrOfType<IntegerAttr>(kMatmulEpilogueAttr);
    // The workgroup range, or an epilogue's tile (rows, then columns).
    for (int i = 0, e = epilogue ? 4 : 2; i < e; ++i)
      arguments.push_back(b.getIndexType());
    auto kernel = func::FuncOp::create(b, loc, function.getSymName(),
                                       b.getFunctionType(arguments, {}));
    kernel->setAttrs(function->getAttrs());
    kernel.setFunctionType(b.getFunctionType(arguments, {}));
    kernel.setPublic();
    Block *body = kernel.addEntryBlock();
    b.setInsertionPointToStart(body);
    IRMapping mapping;
    unsigned numInputs = type.getNumInputs();
    for (unsigned i = 0; i < numInputs; ++i)
      mapping.map(function.getArgument(i),
                  bufferization::ToTensorOp::create(
                      b, loc, cast<RankedTensorType>(type.getInput(i)),
                      body->getArgument(i), /*restrict=*/true));
    Operation *terminator = function.getBody().front().getTerminator();
    for (Operation &op : function.getBody().front().without_terminator())
      b.clone(op, mapping);
    SmallVector<Value> returned;
    for (Value value : terminator->getOperands())
      returned.push_back(mapping.lookupOrDefault(value));
    SmallVector<Value> outputs;
    for (unsigned i = 0; i < type.getNumResults(); ++i)
      outputs.push_back(body->getArgument(numInputs + i));

    int64_t workgroups = 1;
    if (auto attr = function->getAttrOfType<IntegerAttr>(kWorkgroupsAttr))
      workgroups = attr.getInt();
    if (epilogue) {
      auto root = returned.size() == 1
                      ? returned[0].getDefiningOp<linalg::GenericOp>()
                      : nullptr;
      if (!root || outputs.size() != 1)
        return function.emitError("a matrix product's epilogue is not one "
                                  "linalg.generic");
      SmallVector<Value> bounds(body->getArguments().take_back(4));
      FailureOr<Value> tiled =
          tileEpilogue(b, root, epilogue.getInt(), outputs[0], bounds);
      if (failed(tiled))
        return failure();
      returned = {*tiled};
      if (root->use_empty())
        root->erase();
      workgroups = 1;
      LDBG() << "tiled the epilogue " << function.getSymName();
    }
    auto insert = returned.size() == 1
                      ? returned[0].getDefiningOp<tensor::InsertSliceOp>()
                      : nullptr;
    if (workgroups > 1 && insert && isRowPad(insert)) {
      Value begin = body->getArgument(arguments.size() - 2);
      Value end = body->getArgument(arguments.size() - 1);
      returned = {tileInsertRows(b, insert, outputs[0], begin, end)};
      // The chain's links go with it, outermost first.
      for (Operation *link = insert; link;) {
        auto inner = cast<tensor::InsertSliceOp>(link)
                         .getDest()
                         .getDefiningOp<tensor::InsertSliceOp>();
        link->erase();
        link = inner && inner->use_empty() ? inner.getOperation() : nullptr;
      }
      LDBG() << "tiled the pad " << function.getSymName() << " into "
             << workgroups << " workgroups";
    } else if (workgroups > 1) {
      Operation *root = returned.empty() ? nullptr : returned[0].getDefiningOp();
      bool single = root && isa<linalg::LinalgOp>(root) &&
                    llvm::all_of(llvm::enumerate(returned), [&](auto it) {
                      return it.value() == root->getResult(it.index());
                    }) &&
                    returned.size() == root->getNumResults();
      if (!single) {
        kernel->setAttr(kWorkgroupsAttr, b.getI64IntegerAttr(1));
      } else if (auto rank =
                     function->getAttrOfType<IntegerAttr>(kRowGroupAttr)) {
        Value begin = body->getArgument(arguments.size() - 2);
        Value end = body->getArgument(arguments.size() - 1);
        SmallVector<Operation *> members;
        for (Operation &op : *body)
          if (&op != root && isa<linalg::LinalgOp>(op) &&
              !isa<linalg::FillOp>(op))
            members.push_back(&op);
        FailureOr<SmallVector<Value>> tiled =
            tileRowGroup(b, root, members, rank.getInt(), outputs, begin,
                         end);
        if (failed(tiled))
          return failure();
        returned = *tiled;
        LDBG() << "tiled " << function.getSymName() << " into " << workgroups
               << " workgroups of one row through " << members.size() + 1
               << " ops";
      } else {
        Value begin = body->getArgument(arguments.size() - 2);
        Value end = body->getArgument(arguments.size() - 1);
        FailureOr<SmallVector<Value>> tiled =
            tileRoot(b, root, outputs, begin, end);
        if (failed(tiled))
          return failure();
        returned = *tiled;
        root->erase();
        LDBG() << "tiled " << function.getSymName() << " into " << workgroups
               << " workgroups";
      }
    }
    b.setInsertionPointToEnd(body);
    for (auto [value, output] : llvm::zip(returned, outputs)) {
      auto materialize = bufferization::MaterializeInDestinationOp::create(
          b, loc, TypeRange{}, value, output);
      materialize.setRestrict(true);
      materialize.setWritable(true);
    }
    func::ReturnOp::create(b, loc);
    function.erase();
    return success();
  }
};

} // namespace
