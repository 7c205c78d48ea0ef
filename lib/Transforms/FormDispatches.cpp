//===- FormDispatches.cpp - Split the entry function into dispatches ------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Transforms/Passes.h"

#include "hlox/Dialect/Check/IR/CheckOps.h"
#include "hlox/Dialect/Interpreter/IR/InterpreterOps.h"
#include "hlox/Dialect/StableHLO/IR/StablehloOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/DebugLog.h"

#define DEBUG_TYPE "hlox-form-dispatches"

namespace hlox {
#define GEN_PASS_DEF_HLOXFORMDISPATCHES
#include "hlox/Transforms/Passes.h.inc"
} // namespace hlox

using namespace mlir;
using namespace hlox;

llvm::StringRef hlox::getHostControlFlowName(HostControlFlow mode) {
  switch (mode) {
  case HostControlFlow::Auto:
    return "auto";
  case HostControlFlow::Always:
    return "always";
  case HostControlFlow::Never:
    return "never";
  }
  llvm_unreachable("unknown host control flow mode");
}

void hlox::keepOnlyDispatches(ModuleOp module) {
  for (Operation &op : llvm::make_early_inc_range(module.getOps()))
    if (auto function = dyn_cast<func::FuncOp>(op))
      if ((!function->hasAttr(kDispatchAttr) ||
           function->hasAttr(kReshapeOnlyAttr)) &&
          !function.isExternal())
        function.erase();
}

bool hlox::isHostCall(Operation *op) {
  if (isa<interpreter::ProbeOp, interpreter::PrintOp>(op) ||
      isa<check::CheckDialect, library::LibraryDialect>(op->getDialect()))
    return true;
  return isa<stablehlo::CustomCallOp, stablehlo::RngOp>(op);
}

std::optional<unsigned> hlox::getWorkgroupLoop(linalg::LinalgOp root) {
  SmallVector<int64_t> ranges = root.getStaticLoopRanges();
  SmallVector<utils::IteratorType> iterators = root.getIteratorTypesArray();
  for (unsigned loop = 0; loop < ranges.size(); ++loop)
    if (iterators[loop] == utils::IteratorType::parallel && ranges[loop] > 1)
      return loop;
  return std::nullopt;
}

/// Whether `value` is a `tensor.empty` or a `linalg.fill` of one: a
/// destination that can be sliced with its user.
static bool isFresh(Value value) {
  Operation *def = value.getDefiningOp();
  if (auto fill = dyn_cast_or_null<linalg::FillOp>(def))
    def = fill.getDpsInits()[0].getDefiningOp();
  return isa_and_nonnull<tensor::EmptyOp>(def);
}

/// Whether `insert` inserts into a fresh tensor (isFresh), directly or
/// through a chain of inserts that each have one use, the next link.
static bool isFreshChain(tensor::InsertSliceOp insert) {
  while (auto inner = insert.getDest().getDefiningOp<tensor::InsertSliceOp>()) {
    if (!inner->hasOneUse())
      return false;
    insert = inner;
  }
  return isFresh(insert.getDest());
}

std::optional<unsigned> hlox::getRowPadDim(tensor::InsertSliceOp insert) {
  RankedTensorType dest = insert.getDestType();
  if (!dest.hasStaticShape() || dest.getRank() == 0 ||
      !insert.hasUnitStride() || !insert.getSourceType().hasStaticShape())
    return std::nullopt;
  if (llvm::any_of(insert.getMixedOffsets(), [](OpFoldResult offset) {
        return !getConstantIntValue(offset);
      }))
    return std::nullopt;
  // The dimensions before the rows hold one element each.
  unsigned rows = 0;
  while (rows < dest.getRank() && dest.getDimSize(rows) == 1)
    ++rows;
  if (rows == dest.getRank())
    return std::nullopt;
  if (auto inner = insert.getDest().getDefiningOp<tensor::InsertSliceOp>()) {
    if (inner->hasOneUse() && getRowPadDim(inner) == rows)
      return rows;
    return std::nullopt;
  }
  if (!isFresh(insert.getDest()))
    return std::nullopt;
  return rows;
}

bool hlox::isRowPad(tensor::InsertSliceOp insert) {
  return getRowPadDim(insert).has_value();
}

std::optional<SmallVector<unsigned>>
hlox::getRowLoops(linalg::LinalgOp op, unsigned rank) {
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  std::optional<SmallVector<unsigned>> rows;
  for (OpOperand &init : op.getDpsInitsMutable()) {
    AffineMap map = op.getMatchingIndexingMap(&init);
    if (rank == 0 || map.getNumResults() < rank)
      return std::nullopt;
    SmallVector<unsigned> loops;
    for (unsigned i = 0; i < rank; ++i) {
      auto dim = dyn_cast<AffineDimExpr>(map.getResult(i));
      if (!dim ||
          iterators[dim.getPosition()] != utils::IteratorType::parallel)
        return std::nullopt;
      loops.push_back(dim.getPosition());
    }
    if (rows && *rows != loops)
      return std::nullopt;
    rows = loops;
  }
  return rows;
}

std::optional<Value> hlox::getPadValue(tensor::InsertSliceOp insert) {
  if (!insert.getDestType().hasStaticShape() || !insert.hasUnitStride() ||
      !insert.getSourceType().hasStaticShape() ||
      llvm::any_of(insert.getMixedOffsets(), [](OpFoldResult offset) {
        return !getConstantIntValue(offset);
      }))
    return std::nullopt;
  auto fill = insert.getDest().getDefiningOp<linalg::FillOp>();
  if (!fill || !fill.getDpsInits()[0].getDefiningOp<tensor::EmptyOp>())
    return std::nullopt;
  return fill.getDpsInputs()[0];
}

namespace {

/// A row group's rows: one of fewer elements than kMinRowElements costs
/// more in per-row work than its computation (a 3x3/2 max pool with its
/// ReLU in rows of one pixel's 64 channels: 1.3 ms for 8x56x56x64), so the
/// group takes fewer row dimensions, as long as a row stays within
/// kMaxGrownRowElements (64 KiB of f32, so that its intermediate rows stay
/// in cache).
constexpr int64_t kMinRowElements = 1024;
constexpr int64_t kMaxGrownRowElements = 16384;

/// Ops that stay in the host program wherever they are.
bool isHostOp(Operation *op) {
  return isa<func::ReturnOp, UnrealizedConversionCastOp>(op) || isHostCall(op);
}

/// The scalar iterations of `op`, or nothing when a loop is dynamic.
std::optional<int64_t> getStaticIterations(linalg::LinalgOp op) {
  int64_t total = 1;
  for (int64_t range : op.getStaticLoopRanges()) {
    if (ShapedType::isDynamic(range))
      return std::nullopt;
    total *= range;
  }
  return total;
}

/// The work of one workgroup of `root`, and how many workgroups it splits
/// into along its workgroup loop.
std::pair<int64_t, int64_t> workgroupsOf(Operation *root) {
  if (auto insert = dyn_cast<tensor::InsertSliceOp>(root)) {
    if (std::optional<unsigned> rows = getRowPadDim(insert)) {
      int64_t size = insert.getDestType().getDimSize(*rows);
      return {size, std::max<int64_t>(
                        insert.getDestType().getNumElements() / size, 1)};
    }
    return {1, 1};
  }
  auto linalgOp = dyn_cast<linalg::LinalgOp>(root);
  if (!linalgOp || !isa<TilingInterface>(root) ||
      linalgOp.getNumLoops() == 0 || !linalgOp.hasPureTensorSemantics())
    return {1, 1};
  // Empty iteration spaces are not split (and tiling them would divide by
  // zero).
  std::optional<int64_t> iterations = getStaticIterations(linalgOp);
  if (!iterations || *iterations == 0)
    return {1, 1};
  int64_t total = *iterations;
  SmallVector<int64_t> ranges = linalgOp.getStaticLoopRanges();
  std::optional<unsigned> loop = getWorkgroupLoop(linalgOp);
  if (!loop)
    return {1, std::max<int64_t>(total, 1)};
  // Only tensor.empty or linalg.fill of one can be sliced as destinations.
  if (!llvm::all_of(linalgOp.getDpsInits(), isFresh))
    return {1, std::max<int64_t>(total, 1)};
  return {ranges[*loop], std::max<int64_t>(total / ranges[*loop], 1)};
}

class FormDispatchesPass
    : public hlox::impl::HloxFormDispatchesBase<FormDispatchesPass> {
public:
  using HloxFormDispatchesBase::HloxFormDispatchesBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    auto function = module.lookupSymbol<func::FuncOp>(entry);
    if (!function || function.isExternal()) {
      module.emitError("no function @") << entry << " with a body to split";
      return signalPassFailure();
    }
    if (!function.getBody().hasOneBlock()) {
      function.emitError("dispatch formation needs a single-block entry function");
      return signalPassFailure();
    }
    // The blocks of the host program: the entry block and, within it, the
    // regions of control flow that runs on the host.
    hostOps.clear();
    groups.clear();
    members.clear();
    pulledLinks.clear();
    SmallVector<Block *> hostBlocks;
    collectHostBlocks(function.getBody().front(), hostBlocks);

    SymbolTable symbols(module);
    OpBuilder builder(module.getContext());
    int64_t next = 0;
    for (Block *block : hostBlocks) {
      SmallVector<Operation *> roots;
      for (Operation &op : *block) {
        if (isHost(&op))
          continue;
        if (isPullable(&op)) {
          if (isa<tensor::InsertSliceOp>(op))
            pulledLinks.insert(&op);
          continue;
        }
        if (isa<arith::ConstantOp>(op))
          continue; // A host constant.
        roots.push_back(&op);
      }
      // A pullable op whose value the host needs runs as a dispatch too.
      for (Operation &op : *block)
        if (isPullable(&op) &&
            llvm::any_of(op.getUsers(),
                         [&](Operation *user) { return isHost(user); }) &&
            llvm::any_of(op.getResultTypes(),
                         [](Type t) { return isa<TensorType>(t); }))
          roots.push_back(&op);
      llvm::sort(roots, [](Operation *a, Operation *b) {
        return a->isBeforeInBlock(b);
      });
      if (fuseRows)
        formRowGroups(roots);
      for (Operation *root : roots) {
        if (members.contains(root))
          continue;
        if (failed(outline(root, symbols, builder, next++)))
          return signalPassFailure();
      }
      // The group members went into their roots' dispatches.
      for (Operation *root : llvm::reverse(roots))
        if (members.contains(root))
          root->erase();
    }
    // Pulled producers without users left in the host program go, inner
    // blocks first.
    for (Block *block : llvm::reverse(hostBlocks))
      for (Operation &op : llvm::make_early_inc_range(llvm::reverse(*block)))
        if ((isPullable(&op) || pulledLinks.contains(&op)) && op.use_empty())
          op.erase();
  }

private:
  /// Ops that stay in the host program: the static kinds, and the control
  /// flow chosen to run there with its terminators and branch scalars.
  DenseSet<Operation *> hostOps;
  /// The row groups: each group root's members (the ops it computes row
  /// by row with it), and every member.
  struct RowGroup {
    SmallVector<Operation *> members;
    unsigned rank;
  };
  DenseMap<Operation *, RowGroup> groups;
  DenseSet<Operation *> members;
  /// The links of row pad chains pulled into the dispatch of their last
  /// link (isPullable): left without users once it is outlined.
  DenseSet<Operation *> pulledLinks;

  /// Whether `op` can be part of a row group of row rank `rank`: a linalg
  /// op on static tensors with that many row loops, whose outputs are
  /// fresh (tensor.empty, or a linalg.fill of one), so that a row of it is
  /// computed alone.
  static bool isRowwise(Operation *op, unsigned rank) {
    auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
    if (!linalgOp || !isa<TilingInterface>(op) ||
        !linalgOp.hasPureTensorSemantics() || linalgOp.getNumLoops() == 0 ||
        !getRowLoops(linalgOp, rank))
      return false;
    if (llvm::any_of(linalgOp.getStaticLoopRanges(), ShapedType::isDynamic))
      return false;
    return llvm::all_of(linalgOp.getDpsInits(), isFresh);
  }

  /// The sizes of `op`'s `rank` row loops.
  static SmallVector<int64_t> getRows(linalg::LinalgOp op, unsigned rank) {
    SmallVector<int64_t> ranges = op.getStaticLoopRanges(), rows;
    SmallVector<unsigned> loops = *getRowLoops(op, rank);
    for (unsigned loop : loops)
      rows.push_back(ranges[loop]);
    return rows;
  }

  /// Whether every use of `producer` is an input of a member of `group`
  /// read along that member's row loops (its first `rank` results, in
  /// order) through a projected permutation: then each row of each member
  /// needs the same row of `producer` only.
  static bool feedsRowsOf(Operation *producer,
                          const llvm::SetVector<Operation *> &group,
                          unsigned rank) {
    for (OpOperand &use : producer->getUses()) {
      Operation *user = use.getOwner();
      if (!group.contains(user))
        return false;
      auto consumer = cast<linalg::LinalgOp>(user);
      if (!consumer.isDpsInput(&use))
        return false;
      AffineMap map = consumer.getMatchingIndexingMap(&use);
      if (!map.isProjectedPermutation() || map.getNumResults() < rank)
        return false;
      for (auto [i, loop] : llvm::enumerate(*getRowLoops(consumer, rank)))
        if (map.getResult(i) != getAffineDimExpr(loop, user->getContext()))
          return false;
    }
    return true;
  }

  /// The row group of `root` with row rank `rank` among `candidates`: the
  /// root and, to a fixed point, the candidates that feed only the group,
  /// row by row, with the same rows.
  llvm::SetVector<Operation *>
  growRowGroup(Operation *root, unsigned rank,
               const DenseSet<Operation *> &candidates) {
    llvm::SetVector<Operation *> group;
    group.insert(root);
    SmallVector<int64_t> rows = getRows(cast<linalg::LinalgOp>(root), rank);
    for (bool changed = true; changed;) {
      changed = false;
      for (size_t i = 0; i < group.size(); ++i) {
        for (Value input : cast<linalg::LinalgOp>(group[i]).getDpsInputs()) {
          Operation *producer = input.getDefiningOp();
          if (!producer || group.contains(producer) ||
              !candidates.contains(producer) || members.contains(producer) ||
              groups.contains(producer) || !isRowwise(producer, rank) ||
              getRows(cast<linalg::LinalgOp>(producer), rank) != rows ||
              !feedsRowsOf(producer, group, rank))
            continue;
          group.insert(producer);
          changed = true;
        }
      }
    }
    return group;
  }

  /// Adds to `group` (of row rank `rank`) the pads among `candidates`
  /// that feed one of its members alone (getPadValue), through an indexing
  /// map that follows every row loop: each row of the member then pads
  /// only the part of the source it reads (a padded pool reads each input
  /// element once, where a pad of its own wrote the whole padded input and
  /// the pool read it back). A pad read whole by every row stays apart.
  void addPads(llvm::SetVector<Operation *> &group, unsigned rank,
               const DenseSet<Operation *> &candidates) {
    SmallVector<Operation *> pads;
    for (Operation *op : group) {
      auto linalgOp = cast<linalg::LinalgOp>(op);
      std::optional<SmallVector<unsigned>> rows = getRowLoops(linalgOp, rank);
      if (!rows)
        continue;
      for (OpOperand *input : linalgOp.getDpsInputOperands()) {
        auto pad = input->get().getDefiningOp<tensor::InsertSliceOp>();
        if (!pad || !candidates.contains(pad) || members.contains(pad) ||
            groups.contains(pad) || !pad->hasOneUse() || !getPadValue(pad))
          continue;
        AffineMap map = linalgOp.getMatchingIndexingMap(input);
        if (llvm::all_of(*rows, [&](unsigned loop) {
              return map.isFunctionOfDim(loop);
            }))
          pads.push_back(pad);
      }
    }
    group.insert(pads.begin(), pads.end());
  }

  /// The elements of one row of `op`'s results at row rank `rank`.
  static int64_t getRowElements(linalg::LinalgOp op, unsigned rank) {
    auto type = cast<ShapedType>(op.getDpsInits()[0].getType());
    int64_t elements = 1;
    for (int64_t size : type.getShape().drop_front(rank))
      elements *= size;
    return elements;
  }

  /// Forms the row groups among `roots` (one block's, in order), last
  /// consumers first. A root's rows are its results' leading dimensions
  /// but the last (all of them for a reduction's results), or fewer when
  /// no group holding a reduction forms with that many; the first row
  /// loop must be the root's workgroup loop. A group without a reduction
  /// stays apart (elementwise chains are fused already). Rows of fewer
  /// than kMinRowElements (a pool's row of one pixel's channels, whose
  /// reduction is over its window) take fewer row dimensions while a
  /// group still forms and its rows stay within kMaxGrownRowElements.
  void formRowGroups(ArrayRef<Operation *> roots) {
    DenseSet<Operation *> candidates(roots.begin(), roots.end());
    for (Operation *root : llvm::reverse(roots)) {
      auto rootOp = dyn_cast<linalg::LinalgOp>(root);
      if (members.contains(root) || !rootOp || rootOp.getNumDpsInits() == 0)
        continue;
      int64_t outputRank = cast<ShapedType>(rootOp.getDpsInits()[0].getType())
                               .getRank();
      int64_t maxRank =
          rootOp.getNumReductionLoops() > 0 ? outputRank : outputRank - 1;
      llvm::SetVector<Operation *> chosen;
      int64_t chosenRank = 0;
      for (int64_t rank = maxRank; rank >= 1; --rank) {
        if (!isRowwise(root, rank) ||
            getWorkgroupLoop(rootOp) != (*getRowLoops(rootOp, rank))[0])
          continue;
        int64_t rowElements = getRowElements(rootOp, rank);
        if (chosenRank && rowElements > kMaxGrownRowElements)
          break;
        llvm::SetVector<Operation *> group =
            growRowGroup(root, rank, candidates);
        bool reduces = llvm::any_of(group, [](Operation *op) {
          return cast<linalg::LinalgOp>(op).getNumReductionLoops() > 0;
        });
        size_t computed = group.size();
        addPads(group, rank, candidates);
        if (group.size() < 2 || !reduces ||
            (computed < 2 && rowElements < kMinRowElements))
          continue;
        chosen = std::move(group);
        chosenRank = rank;
        if (rowElements >= kMinRowElements)
          break;
      }
      if (!chosenRank)
        continue;
      SmallVector<Operation *> ordered(chosen.begin() + 1, chosen.end());
      llvm::sort(ordered, [](Operation *a, Operation *b) {
        return a->isBeforeInBlock(b);
      });
      LDBG() << "row group of " << chosen.size() << " ops, row rank "
             << chosenRank << ", at " << root->getLoc();
      members.insert(ordered.begin(), ordered.end());
      groups[root] = {std::move(ordered), static_cast<unsigned>(chosenRank)};
    }
  }

  bool isHost(Operation *op) const {
    return isHostOp(op) || hostOps.contains(op);
  }

  /// Ops cloned into each dispatch that uses them instead of running on
  /// their own.
  bool isPullable(Operation *op) const {
    if (hostOps.contains(op))
      return false;
    if (isa<tensor::EmptyOp, linalg::FillOp>(op))
      return true;
    // A link of a chain of inserts into a fresh tensor (a concatenation)
    // goes into the dispatch of the last one, so that each link writes
    // into the dispatch's output in place.
    if (auto insert = dyn_cast<tensor::InsertSliceOp>(op))
      if (insert->hasOneUse())
        if (auto outer =
                dyn_cast<tensor::InsertSliceOp>(*insert->getUsers().begin()))
          if (outer.getDest() == insert.getResult() && isFreshChain(insert))
            return true;
    if (op->getNumRegions() != 0 || op->getNumResults() == 0 ||
        op->hasTrait<OpTrait::IsTerminator>())
      return false;
    if (llvm::none_of(op->getResultTypes(),
                      [](Type t) { return isa<TensorType>(t); }))
      return isMemoryEffectFree(op);
    if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
      auto dense = dyn_cast<DenseElementsAttr>(constant.getValue());
      return !opaqueConstants && dense && dense.isSplat();
    }
    return false;
  }

  /// Whether control-flow op `op` runs on the host, its regions split into
  /// dispatches like the entry block: an scf.while, scf.if or
  /// scf.index_switch (cases 0, 1, ...) over statically shaped tensors,
  /// when it holds a host call (which must run on the host) or, under
  /// `auto`, a linalg op worth several threads; always under `always`.
  bool runsOnHost(Operation *op) const {
    if (hostControlFlow == HostControlFlow::Never ||
        !isa<scf::WhileOp, scf::IfOp, scf::IndexSwitchOp>(op))
      return false;
    if (auto switchOp = dyn_cast<scf::IndexSwitchOp>(op))
      for (auto [i, value] : llvm::enumerate(switchOp.getCases()))
        if (value != static_cast<int64_t>(i))
          return false;
    auto isStaticTensor = [](Type type) {
      auto tensor = dyn_cast<RankedTensorType>(type);
      return tensor && tensor.hasStaticShape();
    };
    if (!llvm::all_of(op->getResultTypes(), isStaticTensor))
      return false;
    for (Region &region : op->getRegions())
      for (BlockArgument arg : region.getArguments())
        if (!isStaticTensor(arg.getType()))
          return false;
    if (hostControlFlow == HostControlFlow::Always)
      return true;
    WalkResult found = op->walk([](Operation *nested) {
      if (isHostCall(nested))
        return WalkResult::interrupt();
      auto linalgOp = dyn_cast<linalg::LinalgOp>(nested);
      std::optional<int64_t> iterations =
          linalgOp ? getStaticIterations(linalgOp) : std::nullopt;
      return iterations && *iterations >= kHostControlFlowWork
                 ? WalkResult::interrupt()
                 : WalkResult::advance();
    });
    return found.wasInterrupted();
  }

  /// Appends `block` and the regions of the host control flow in it
  /// (pre-order) to `blocks`, marking that control flow, its terminators
  /// and the ops that give its branch scalars as host ops.
  void collectHostBlocks(Block &block, SmallVectorImpl<Block *> &blocks) {
    blocks.push_back(&block);
    for (Operation &op : block) {
      if (!runsOnHost(&op))
        continue;
      hostOps.insert(&op);
      LDBG() << "control flow on the host: " << op.getName() << " at "
             << op.getLoc();
      if (auto ifOp = dyn_cast<scf::IfOp>(op))
        prepareBranchScalar(ifOp.getConditionMutable());
      if (auto switchOp = dyn_cast<scf::IndexSwitchOp>(op))
        prepareBranchScalar(switchOp.getArgMutable());
      for (Region &region : op.getRegions()) {
        if (region.empty())
          continue;
        Operation *terminator = region.front().getTerminator();
        hostOps.insert(terminator);
        if (auto condition = dyn_cast<scf::ConditionOp>(terminator))
          prepareBranchScalar(condition.getConditionMutable());
        collectHostBlocks(region.front(), blocks);
      }
    }
  }

  /// Makes the scalar a host branch reads an element of a tensor the host
  /// holds: `tensor.extract` at constant indices, perhaps through an index
  /// cast. Any other scalar is computed by a dispatch into a 0-d tensor.
  void prepareBranchScalar(OpOperand &operand) {
    Value scalar = operand.get();
    Operation *def = scalar.getDefiningOp();
    Operation *cast = nullptr;
    if (isa_and_nonnull<arith::IndexCastOp, arith::IndexCastUIOp>(def)) {
      cast = def;
      def = def->getOperand(0).getDefiningOp();
    }
    auto extract = dyn_cast_or_null<tensor::ExtractOp>(def);
    OpBuilder builder(operand.getOwner());
    if (extract && llvm::all_of(extract.getIndices(), [](Value index) {
          return getConstantIntValue(index).has_value();
        })) {
      // The host reads copies of its own; the originals go when no kernel
      // uses them.
      Operation *read = builder.clone(*extract);
      hostOps.insert(read);
      Value replacement = read->getResult(0);
      if (cast) {
        Operation *castCopy = builder.clone(*cast);
        castCopy->setOperand(0, replacement);
        hostOps.insert(castCopy);
        replacement = castCopy->getResult(0);
      }
      operand.set(replacement);
      return;
    }
    Location loc = operand.getOwner()->getLoc();
    Value element = scalar;
    if (scalar.getType().isIndex())
      element = arith::IndexCastOp::create(builder, loc, builder.getI64Type(),
                                           scalar);
    Value tensor = tensor::FromElementsOp::create(
        builder, loc, RankedTensorType::get({}, element.getType()), element);
    auto read = tensor::ExtractOp::create(builder, loc, tensor, ValueRange());
    hostOps.insert(read);
    Value replacement = read.getResult();
    if (scalar.getType().isIndex()) {
      auto back = arith::IndexCastOp::create(builder, loc,
                                             builder.getIndexType(), read);
      hostOps.insert(back);
      replacement = back.getResult();
    }
    operand.set(replacement);
  }

  LogicalResult outline(Operation *root, SymbolTable &symbols,
                        OpBuilder &builder, int64_t index) {
    // An op whose results have no elements computes nothing: they become
    // empty host constants.
    if (llvm::all_of(root->getResultTypes(), [](Type type) {
          auto tensor = dyn_cast<RankedTensorType>(type);
          return tensor && tensor.hasStaticShape() &&
                 tensor.getNumElements() == 0;
        })) {
      builder.setInsertionPoint(root);
      for (Value result : root->getResults()) {
        auto type = cast<RankedTensorType>(result.getType());
        result.replaceAllUsesWith(arith::ConstantOp::create(
            builder, root->getLoc(), type,
            DenseElementsAttr::getFromRawBuffer(type, ArrayRef<char>())));
      }
      root->erase();
      return success();
    }
    // Host ops nested in control flow that runs in a kernel would have to
    // run inside that kernel.
    WalkResult nestedHost = root->walk([&](Operation *nested) {
      if (nested != root && isHostCall(nested)) {
        nested->emitError("cannot run '")
            << nested->getName()
            << "' inside control flow that runs in a kernel (only scf.while, "
               "scf.if and scf.index_switch over static tensors run on the "
               "host)";
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (nestedHost.wasInterrupted())
      return failure();
    // The root's pulled producers, transitively, and the values that come
    // from outside.
    llvm::SetVector<Operation *> pulled;
    llvm::SetVector<Value> inputs;
    auto group = groups.find(root);
    DenseSet<Operation *> grouped;
    if (group != groups.end())
      grouped.insert(group->second.members.begin(),
                     group->second.members.end());
    std::function<void(Value)> visit = [&](Value value) {
      Operation *def = value.getDefiningOp();
      if (def && def != root && (isPullable(def) || grouped.contains(def))) {
        if (pulled.contains(def))
          return;
        for (Value operand : def->getOperands())
          visit(operand);
        if (grouped.contains(def)) {
          llvm::SetVector<Value> capturedByMember;
          getUsedValuesDefinedAbove(def->getRegions(), capturedByMember);
          for (Value value : capturedByMember)
            visit(value);
        }
        pulled.insert(def);
        return;
      }
      inputs.insert(value);
    };
    for (Value operand : root->getOperands())
      visit(operand);
    llvm::SetVector<Value> captured;
    getUsedValuesDefinedAbove(root->getRegions(), captured);
    for (Value value : captured)
      visit(value);
    for (Value input : inputs)
      if (!isa<TensorType>(input.getType()))
        return root->emitError("cannot pass a ")
               << input.getType() << " into a dispatch";
    // Inputs without elements carry nothing: the kernel makes its own.
    SmallVector<Value> empties;
    for (Value input : inputs)
      if (cast<RankedTensorType>(input.getType()).getNumElements() == 0)
        empties.push_back(input);
    for (Value input : empties)
      inputs.remove(input);

    // Results leave as buffers; a scalar result (a loop's counter) may only
    // stay behind when nothing uses it.
    SmallVector<Value> results;
    for (Value result : root->getResults()) {
      if (isa<TensorType>(result.getType())) {
        results.push_back(result);
        continue;
      }
      if (!result.use_empty())
        return root->emitError("cannot pass a ")
               << result.getType() << " out of a dispatch";
    }
    SmallVector<Type> resultTypes;
    for (Value result : results)
      resultTypes.push_back(result.getType());

    auto function = root->getParentOfType<func::FuncOp>();
    std::string name = (function.getSymName() + "_dispatch_" + Twine(index)).str();
    SmallVector<Type> inputTypes;
    for (Value input : inputs)
      inputTypes.push_back(input.getType());
    builder.setInsertionPoint(function);
    auto dispatch = func::FuncOp::create(
        builder, root->getLoc(), name,
        builder.getFunctionType(inputTypes, resultTypes));
    dispatch.setPrivate();
    symbols.insert(dispatch);
    auto [workgroups, work] = workgroupsOf(root);
    if (!grouped.empty()) {
      // A row group's workgroups are its rows, each one row of every
      // member.
      unsigned rank = group->second.rank;
      workgroups = 1;
      for (int64_t size : getRows(cast<linalg::LinalgOp>(root), rank))
        workgroups *= size;
      work = *getStaticIterations(cast<linalg::LinalgOp>(root)) / workgroups;
      for (Operation *member : grouped)
        if (auto linalgMember = dyn_cast<linalg::LinalgOp>(member))
          work += *getStaticIterations(linalgMember) / workgroups;
      dispatch->setAttr(kRowGroupAttr, builder.getI64IntegerAttr(rank));
    }
    dispatch->setAttr(kDispatchAttr, builder.getUnitAttr());
    dispatch->setAttr(kWorkgroupsAttr, builder.getI64IntegerAttr(workgroups));
    dispatch->setAttr(kWorkAttr, builder.getI64IntegerAttr(work));
    LDBG() << "dispatch " << name << ": " << inputs.size() << " inputs, "
           << workgroups << " workgroups of " << work;

    Block *body = dispatch.addEntryBlock();
    IRMapping mapping;
    for (auto [input, arg] : llvm::zip(inputs, body->getArguments()))
      mapping.map(input, arg);
    builder.setInsertionPointToStart(body);
    for (Value input : empties) {
      auto type = cast<RankedTensorType>(input.getType());
      mapping.map(input, tensor::EmptyOp::create(builder, root->getLoc(),
                                                 type.getShape(),
                                                 type.getElementType()));
    }
    for (Operation *op : pulled)
      builder.clone(*op, mapping);
    Operation *clone = builder.clone(*root, mapping);
    SmallVector<Value> returned;
    for (Value result : results)
      returned.push_back(
          clone->getResult(cast<OpResult>(result).getResultNumber()));
    func::ReturnOp::create(builder, root->getLoc(), returned);

    builder.setInsertionPoint(root);
    auto call = func::CallOp::create(builder, root->getLoc(), dispatch,
                                     inputs.getArrayRef());
    for (auto [result, value] : llvm::zip(results, call.getResults()))
      result.replaceAllUsesWith(value);
    root->erase();
    return success();
  }
};

} // namespace
