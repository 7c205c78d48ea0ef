//===- FlattenTuples.cpp - Forward tuple elements to their users ----------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Transforms/Passes.h"

#include "hlox/Dialect/StableHLO/IR/StablehloOps.h"

#include "mlir/IR/Builders.h"

#define DEBUG_TYPE "stablehlo-flatten-tuples"

namespace hlox {
#define GEN_PASS_DEF_STABLEHLOFLATTENTUPLES
#include "hlox/Transforms/Passes.h.inc"
} // namespace hlox

using namespace mlir;
namespace shlo = hlox::stablehlo;

namespace {

/// Appends the leaves of `type` (itself when it is no tuple) depth first.
void flattenType(Type type, SmallVectorImpl<Type> &leaves) {
  if (auto tuple = dyn_cast<TupleType>(type)) {
    for (Type element : tuple.getTypes())
      flattenType(element, leaves);
    return;
  }
  leaves.push_back(type);
}

/// A value of `type` built from `leaves[next...]` (tuples by
/// stablehlo.tuple); advances `next` past the leaves it takes.
Value rebuild(OpBuilder &builder, Location loc, Type type, ValueRange leaves,
              size_t &next) {
  auto tuple = dyn_cast<TupleType>(type);
  if (!tuple)
    return leaves[next++];
  SmallVector<Value> elements;
  for (Type element : tuple.getTypes())
    elements.push_back(rebuild(builder, loc, element, leaves, next));
  return shlo::TupleOp::create(builder, loc, tuple, elements);
}

/// The leaf that `path` names in the results `types` (the one result, or
/// the tuple of them when there are several), or -1 when it names a tuple
/// or nothing.
int64_t getLeafIndex(ArrayRef<Type> types, ArrayRef<int64_t> path) {
  SmallVector<Type> rootElements(types.begin(), types.end());
  Type node = types.size() == 1 ? types[0] : Type();
  int64_t offset = 0;
  auto countLeaves = [](Type type) {
    SmallVector<Type> leaves;
    flattenType(type, leaves);
    return static_cast<int64_t>(leaves.size());
  };
  ArrayRef<Type> elements = rootElements;
  for (int64_t index : path) {
    if (node) {
      auto tuple = dyn_cast<TupleType>(node);
      if (!tuple)
        return -1;
      elements = tuple.getTypes();
    }
    if (index < 0 || index >= static_cast<int64_t>(elements.size()))
      return -1;
    for (int64_t i = 0; i < index; ++i)
      offset += countLeaves(elements[i]);
    node = elements[index];
  }
  if (!node || isa<TupleType>(node))
    return -1;
  return offset;
}

/// A custom call with tuple results as one with the tuples' leaves as its
/// results, the tuples rebuilt from them (and then forwarded to the
/// get_tuple_element users); its aliases name the leaves.
void flattenCustomCall(shlo::CustomCallOp call) {
  SmallVector<Type> resultTypes(call.getResultTypes());
  if (llvm::none_of(resultTypes, llvm::IsaPred<TupleType>))
    return;
  SmallVector<Type> leaves;
  for (Type type : resultTypes)
    flattenType(type, leaves);
  OpBuilder builder(call);
  auto flat = shlo::CustomCallOp::create(builder, call.getLoc(), leaves,
                                         call.getInputs(), call->getAttrs());
  if (std::optional<ArrayAttr> aliases = call.getOutputOperandAliases()) {
    SmallVector<Attribute> remapped;
    for (Attribute attribute : *aliases) {
      auto alias = cast<shlo::OutputOperandAliasAttr>(attribute);
      int64_t leaf = getLeafIndex(resultTypes, alias.getOutputTupleIndices());
      // A path to a tuple stays as it was: the host program rejects it.
      SmallVector<int64_t> path;
      if (leaf < 0)
        path.assign(alias.getOutputTupleIndices().begin(),
                    alias.getOutputTupleIndices().end());
      else if (leaves.size() > 1)
        path.push_back(leaf);
      remapped.push_back(shlo::OutputOperandAliasAttr::get(
          call.getContext(), path, alias.getOperandIndex(),
          alias.getOperandTupleIndices()));
    }
    flat.setOutputOperandAliasesAttr(builder.getArrayAttr(remapped));
  }
  size_t next = 0;
  for (auto [result, type] : llvm::zip(call.getResults(), resultTypes))
    result.replaceAllUsesWith(
        rebuild(builder, call.getLoc(), type, flat.getResults(), next));
  call.erase();
}

class FlattenTuplesPass
    : public hlox::impl::StablehloFlattenTuplesBase<FlattenTuplesPass> {
public:
  void runOnOperation() override {
    // Custom calls' tuple results first: their tuples then forward too.
    SmallVector<shlo::CustomCallOp> calls;
    getOperation().walk([&](shlo::CustomCallOp op) { calls.push_back(op); });
    for (shlo::CustomCallOp call : calls)
      flattenCustomCall(call);
    // In program order, so that nested tuples forward in one sweep.
    SmallVector<shlo::GetTupleElementOp> gets;
    getOperation().walk([&](shlo::GetTupleElementOp op) { gets.push_back(op); });
    for (shlo::GetTupleElementOp get : gets) {
      auto tuple = get.getOperand().getDefiningOp<shlo::TupleOp>();
      if (!tuple)
        continue;
      get.getResult().replaceAllUsesWith(tuple.getOperand(get.getIndex()));
      get.erase();
    }
    // Tuples without users, innermost last.
    SmallVector<shlo::TupleOp> tuples;
    getOperation().walk([&](shlo::TupleOp op) { tuples.push_back(op); });
    for (shlo::TupleOp tuple : llvm::reverse(tuples))
      if (tuple.use_empty())
        tuple.erase();
  }
};

} // namespace
