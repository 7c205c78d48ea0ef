//===- PropagateShardings.cpp - Shardings for every value -----------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Gives every tensor value of a sharded function a sharding, from the ones
// written on its arguments, results, constraints and ops, through the
// sharding rules of the ops between them (ShardingRules.h).
//
//===----------------------------------------------------------------------===//

#include "hlox/Transforms/Passes.h"
#include "hlox/Transforms/ShardingAnnotations.h"
#include "hlox/Transforms/ShardingRules.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/DenseSet.h"

#define DEBUG_TYPE "hlox-propagate-shardings"

namespace hlox {
#define GEN_PASS_DEF_HLOXPROPAGATESHARDINGS
#include "hlox/Transforms/Passes.h.inc"
} // namespace hlox

using namespace mlir;
using namespace hlox;
namespace shlo = hlox::stablehlo;

namespace {

/// At most this many rounds (each forward, then backward, over the ops):
/// every round only adds axes, so few are ever needed.
constexpr int kMaxRounds = 16;

class Propagation {
public:
  Propagation(func::FuncOp function, const ProgramMesh &program)
      : function(function), mesh(program.mesh), meshOrRef(program.meshOrRef) {}

  LogicalResult run();

private:
  func::FuncOp function;
  const sdy::MeshView &mesh;
  Attribute meshOrRef;
  DenseMap<Value, sdy::ShardingView> shardings;
  DenseSet<Value> fixed;
  DenseMap<Operation *, std::optional<ShardingRule>> rules;
  /// The ops whose values get shardings, in order: the function's, and
  /// those in the regions of control flow (hasPartitionedRegions).
  SmallVector<Operation *> ops;
  /// Values that control flow ties together: a loop's operand, result,
  /// region arguments and yielded value; a branch op's result and what
  /// each branch returns. They take one sharding.
  SmallVector<SmallVector<Value>> ties;

  LogicalResult readWritten(Value value, sdy::TensorShardingAttr attr,
                            Location loc);
  bool visit(Operation *op);
  bool visitTie(ArrayRef<Value> tie);
  void collect(Block &block);
  void write();
};

void Propagation::collect(Block &block) {
  for (Operation &op : block) {
    ops.push_back(&op);
    if (!hasPartitionedRegions(&op))
      continue;
    for (Region &region : op.getRegions())
      collect(region.front());
    if (auto loop = dyn_cast<shlo::WhileOp>(op)) {
      Block &cond = loop.getCond().front(), &body = loop.getBody().front();
      for (unsigned i = 0; i < loop->getNumResults(); ++i)
        ties.push_back({loop->getOperand(i), loop->getResult(i),
                        cond.getArgument(i), body.getArgument(i),
                        body.getTerminator()->getOperand(i)});
      continue;
    }
    for (unsigned i = 0; i < op.getNumResults(); ++i) {
      SmallVector<Value> tie{op.getResult(i)};
      for (Region &region : op.getRegions())
        tie.push_back(region.front().getTerminator()->getOperand(i));
      ties.push_back(std::move(tie));
    }
  }
}

bool Propagation::visitTie(ArrayRef<Value> tie) {
  // The sharding of a fixed member, else of the first one that splits
  // something; the others take its axes on dimensions they have none on.
  const sdy::ShardingView *source = nullptr;
  for (int pass = 0; pass < 2 && !source; ++pass)
    for (Value value : tie) {
      auto found = shardings.find(value);
      if (fixed.contains(value) == (pass == 0) && found != shardings.end() &&
          !found->second.isReplicated()) {
        source = &found->second;
        break;
      }
    }
  if (!source)
    return false;
  sdy::ShardingView copy = *source;
  bool changed = false;
  for (Value value : tie) {
    auto type = dyn_cast<RankedTensorType>(value.getType());
    if (!type || fixed.contains(value))
      continue;
    sdy::ShardingView &view =
        shardings
            .try_emplace(value,
                         sdy::ShardingView::getReplicated(type.getRank()))
            .first->second;
    sdy::AxisList taken = view.getUsedAxes();
    for (auto [d, axes] : llvm::enumerate(copy.dims)) {
      if (axes.empty() || !view.dims[d].empty() ||
          llvm::any_of(axes,
                       [&](int64_t a) { return llvm::is_contained(taken, a); }))
        continue;
      taken.append(axes.begin(), axes.end());
      view.dims[d] = axes;
      changed = true;
    }
  }
  return changed;
}

/// `view` of a `type` value (the function's result `result`, if given),
/// cut where it does not divide evenly to the axes that do (getEvenPart),
/// with a warning at `loc`.
static sdy::ShardingView cutToEven(const sdy::ShardingView &view,
                                   RankedTensorType type,
                                   const sdy::MeshView &mesh, Location loc,
                                   std::optional<unsigned> result = {}) {
  if (view.dividesEvenly(type, mesh))
    return view;
  sdy::ShardingView even = view.getEvenPart(type, mesh);
  InFlightDiagnostic warning = emitWarning(loc);
  warning << "sharding " << view.toString(mesh) << " of ";
  if (result)
    warning << "result " << *result << " (a " << type << " value)";
  else
    warning << "a " << type << " value";
  warning << " does not divide its dimensions evenly: it is split "
          << even.toString(mesh) << " instead (the partitioner does not pad)";
  return even;
}

LogicalResult Propagation::readWritten(Value value,
                                       sdy::TensorShardingAttr attr,
                                       Location loc) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  if (!attr || !type)
    return success();
  FailureOr<sdy::ShardingView> view =
      sdy::ShardingView::get(attr, mesh, [&] { return emitError(loc); });
  if (failed(view))
    return failure();
  shardings[value] = cutToEven(*view, type, mesh, loc);
  fixed.insert(value);
  return success();
}

/// Splits `axes` over `factors` major to minor: each factor takes axes
/// while their product divides its size (and, for a window, its halos
/// come from neighbours alone), and the next factor starts only
/// once the previous one is whole. Empty when it does not fit.
SmallVector<std::pair<int64_t, sdy::AxisList>>
splitOverFactors(ArrayRef<int64_t> axes, ArrayRef<int64_t> factors,
                 const ShardingRule &rule, const sdy::MeshView &mesh) {
  SmallVector<std::pair<int64_t, sdy::AxisList>> parts;
  size_t next = 0;
  for (int64_t factor : factors) {
    if (next == axes.size())
      break;
    int64_t size = rule.factorSizes[factor], product = 1;
    sdy::AxisList part;
    while (next < axes.size() &&
           rule.allowsShards(factor, product * mesh.sizes[axes[next]])) {
      product *= mesh.sizes[axes[next]];
      part.push_back(axes[next++]);
    }
    if (!part.empty())
      parts.push_back({factor, part});
    if (product != size)
      break;
  }
  if (next != axes.size())
    return {};
  return parts;
}

bool Propagation::visit(Operation *op) {
  auto [it, inserted] = rules.try_emplace(op);
  if (inserted)
    it->second = getShardingRule(op);
  std::optional<ShardingRule> &rule = it->second;
  if (!rule) {
    // A constraint's operand takes the constraint's axes on the dimensions
    // where it has none (its producer then computes the constrained
    // shards rather than the whole value).
    if (auto constraint = dyn_cast<sdy::ShardingConstraintOp>(op)) {
      Value input = constraint.getInput();
      auto wanted = shardings.find(constraint.getResult());
      auto type = dyn_cast<RankedTensorType>(input.getType());
      if (fixed.contains(input) || wanted == shardings.end() || !type)
        return false;
      sdy::ShardingView want = wanted->second;
      auto [entry, added] = shardings.try_emplace(
          input, sdy::ShardingView::getReplicated(type.getRank()));
      sdy::ShardingView &view = entry->second;
      sdy::AxisList taken = view.getUsedAxes();
      bool changed = false;
      for (auto [d, axes] : llvm::enumerate(want.dims)) {
        if (axes.empty() || !view.dims[d].empty() ||
            llvm::any_of(
                axes, [&](int64_t a) { return llvm::is_contained(taken, a); }))
          continue;
        taken.append(axes.begin(), axes.end());
        view.dims[d] = axes;
        changed = true;
      }
      return changed;
    }
    return false;
  }
  // The tensors of the op, fixed ones first (results before operands).
  SmallVector<std::pair<Value, const ShardingRule::TensorFactors *>> tensors;
  for (int pass = 0; pass < 2; ++pass) {
    for (auto [result, factors] :
         llvm::zip_equal(op->getResults(), rule->results))
      if (fixed.contains(result) == (pass == 0))
        tensors.push_back({result, &factors});
    for (auto [operand, factors] :
         llvm::zip_equal(op->getOperands(), rule->operands))
      if (fixed.contains(operand) == (pass == 0))
        tensors.push_back({operand, &factors});
  }
  SmallVector<std::optional<sdy::AxisList>> factorAxes(rule->getNumFactors());
  llvm::SmallDenseSet<int64_t> used;
  for (auto [value, factors] : tensors) {
    auto found = shardings.find(value);
    if (found == shardings.end())
      continue;
    for (auto [axes, dimFactors] :
         llvm::zip_equal(found->second.dims, *factors)) {
      if (axes.empty() || dimFactors.empty())
        continue;
      for (auto &[factor, part] :
           splitOverFactors(axes, dimFactors, *rule, mesh)) {
        if (factorAxes[factor] ||
            llvm::any_of(part, [&](int64_t a) { return used.contains(a); }))
          continue;
        factorAxes[factor] = part;
        used.insert(part.begin(), part.end());
      }
    }
  }
  // Each open tensor takes the factors' axes on the dimensions it has none.
  bool changed = false;
  for (auto [value, factors] : tensors) {
    auto type = dyn_cast<RankedTensorType>(value.getType());
    if (!type || fixed.contains(value))
      continue;
    auto [entry, added] = shardings.try_emplace(
        value, sdy::ShardingView::getReplicated(type.getRank()));
    sdy::ShardingView &view = entry->second;
    sdy::AxisList taken = view.getUsedAxes();
    for (auto [d, dimFactors] : llvm::enumerate(*factors)) {
      if (!view.dims[d].empty())
        continue;
      sdy::AxisList axes;
      for (int64_t factor : dimFactors) {
        if (!factorAxes[factor])
          break;
        axes.append(factorAxes[factor]->begin(), factorAxes[factor]->end());
        if (mesh.getSize(*factorAxes[factor]) != rule->factorSizes[factor])
          break;
      }
      if (axes.empty() || type.getDimSize(d) % mesh.getSize(axes) != 0 ||
          llvm::any_of(axes,
                       [&](int64_t a) { return llvm::is_contained(taken, a); }))
        continue;
      taken.append(axes.begin(), axes.end());
      view.dims[d] = std::move(axes);
      changed = true;
    }
  }
  return changed;
}

void Propagation::write() {
  MLIRContext *context = function.getContext();
  auto attrOf = [&](Value value) -> sdy::TensorShardingAttr {
    auto found = shardings.find(value);
    if (found == shardings.end())
      return {};
    return found->second.getAttr(context, meshOrRef, mesh);
  };
  Block &body = function.getBody().front();
  for (BlockArgument arg : body.getArguments())
    if (sdy::TensorShardingAttr attr = attrOf(arg))
      function.setArgAttr(arg.getArgNumber(), kSdyShardingAttrName, attr);
  for (Operation *opPtr : ops) {
    Operation &op = *opPtr;
    if (isa<sdy::ShardingConstraintOp, sdy::ReshardOp>(op)) {
      // Written, and fixed; cut where it does not divide (readWritten).
      Value result = op.getResult(0);
      auto type = dyn_cast<RankedTensorType>(result.getType());
      sdy::TensorShardingAttr written = getWrittenSharding(result);
      if (!type || !written)
        continue;
      FailureOr<sdy::ShardingView> view = sdy::ShardingView::get(
          written, mesh, [&] { return emitError(op.getLoc()); });
      if (succeeded(view) && !view->dividesEvenly(type, mesh))
        op.setAttr("sharding", attrOf(result));
      continue;
    }
    if (op.getNumResults() == 0)
      continue;
    SmallVector<sdy::TensorShardingAttr> attrs;
    bool any = false;
    for (Value result : op.getResults()) {
      sdy::TensorShardingAttr attr = attrOf(result);
      if (!attr) {
        auto type = dyn_cast<RankedTensorType>(result.getType());
        attr = sdy::ShardingView::getReplicated(type ? type.getRank() : 0)
                   .getAttr(context, meshOrRef, mesh);
      } else {
        any = true;
      }
      attrs.push_back(attr);
    }
    if (any)
      op.setAttr(kSdyShardingAttrName,
                 sdy::TensorShardingPerValueAttr::get(context, attrs));
  }
  Operation *terminator = body.getTerminator();
  for (auto [i, value] : llvm::enumerate(terminator->getOperands()))
    if (!getResultSharding(function, i))
      if (sdy::TensorShardingAttr attr = attrOf(value))
        function.setResultAttr(i, kSdyShardingAttrName, attr);
}

/// Whether `op` only makes a value from constants (a constant, an iota, a
/// broadcast of one): each use may have a copy of its own.
bool isConstantLike(Operation *op) {
  if (isa<shlo::ConstantOp, shlo::IotaOp>(op))
    return true;
  auto broadcast = dyn_cast<shlo::BroadcastInDimOp>(op);
  Operation *operand =
      broadcast ? broadcast.getOperand().getDefiningOp() : nullptr;
  return operand && isConstantLike(operand);
}

/// Gives every use of a constant-like value without a written sharding a
/// copy of its own, so that the shardings of unrelated users (the GELU
/// constants of two layers) do not meet in it; the partitioned program's
/// CSE merges copies that end up alike.
void splitConstants(Block &body) {
  OpBuilder builder(body.getParentOp()->getContext());
  for (Operation &op : llvm::make_early_inc_range(body)) {
    if (!isConstantLike(&op) || op.getNumResults() != 1 ||
        op.hasAttr(kSdyShardingAttrName))
      continue;
    SmallVector<OpOperand *> uses = llvm::to_vector(llvm::map_range(
        op.getResult(0).getUses(), [](OpOperand &use) { return &use; }));
    for (OpOperand *use : llvm::drop_begin(uses)) {
      builder.setInsertionPoint(use->getOwner());
      IRMapping mapping;
      // A broadcast's constant operand is copied along.
      Operation *copy = &op;
      SmallVector<Operation *> chain;
      while (copy) {
        chain.push_back(copy);
        copy = copy->getNumOperands() ? copy->getOperand(0).getDefiningOp()
                                      : nullptr;
      }
      Operation *last = nullptr;
      for (Operation *link : llvm::reverse(chain))
        last = builder.clone(*link, mapping);
      use->set(last->getResult(0));
    }
  }
}

LogicalResult Propagation::run() {
  Block &body = function.getBody().front();
  splitConstants(body);
  for (BlockArgument arg : body.getArguments())
    if (failed(readWritten(arg, getWrittenSharding(arg), function.getLoc())))
      return failure();
  collect(body);
  for (Operation *op : ops)
    for (Value result : op->getResults())
      if (failed(readWritten(result, getWrittenSharding(result), op->getLoc())))
        return failure();
  // A manual computation asks for its operands in its in-shardings.
  for (Operation *op : ops)
    if (auto manual = dyn_cast<sdy::ManualComputationOp>(op))
      for (auto [operand, attr] : llvm::zip_equal(
               manual.getOperands(), manual.getInShardings().getShardings()))
        if (!fixed.contains(operand))
          if (failed(readWritten(operand, attr, manual.getLoc())))
            return failure();
  // A result's sharding asks for it from the value returned; one that
  // does not divide its result evenly is cut to what does.
  Operation *terminator = body.getTerminator();
  for (auto [i, value] : llvm::enumerate(terminator->getOperands())) {
    sdy::TensorShardingAttr attr = getResultSharding(function, i);
    auto type = dyn_cast<RankedTensorType>(value.getType());
    if (!attr || !type)
      continue;
    FailureOr<sdy::ShardingView> view = sdy::ShardingView::get(
        attr, mesh, [&] { return emitError(function.getLoc()); });
    if (failed(view))
      return failure();
    if (view->dividesEvenly(type, mesh))
      continue;
    sdy::ShardingView even = cutToEven(*view, type, mesh, function.getLoc(),
                                       static_cast<unsigned>(i));
    function.setResultAttr(
        i, kSdyShardingAttrName,
        even.getAttr(function.getContext(), meshOrRef, mesh));
  }
  for (auto [i, value] : llvm::enumerate(terminator->getOperands()))
    if (!fixed.contains(value))
      if (failed(readWritten(value, getResultSharding(function, i),
                             function.getLoc())))
        return failure();

  for (int round = 0; round < kMaxRounds; ++round) {
    bool changed = false;
    for (Operation *op : ops)
      changed |= visit(op);
    for (ArrayRef<Value> tie : ties)
      changed |= visitTie(tie);
    for (Operation *op : llvm::reverse(ops))
      changed |= visit(op);
    for (ArrayRef<Value> tie : llvm::reverse(ties))
      changed |= visitTie(tie);
    if (!changed)
      break;
  }
  write();
  return success();
}

class PropagateShardingsPass final
    : public hlox::impl::HloxPropagateShardingsBase<PropagateShardingsPass> {
public:
  void runOnOperation() override {
    if (failed(forEachShardedFunction(
            getOperation(), [](func::FuncOp function, const ProgramMesh &mesh) {
              return Propagation(function, mesh).run();
            })))
      signalPassFailure();
  }
};

} // namespace
