//===- VhloToVersion.cpp - VHLO ops to the forms of a version ------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Ops are visited in pre-order. An op that the target cannot hold in its
// form moves one form up or down: the new op is created in front of the old
// one (with the same operands, attributes and regions, less or plus the
// attributes the forms differ in), takes over its uses and regions, and the
// old op is erased. This is the order that keeps a serialized artifact
// byte-for-byte reproducible.
//
//===----------------------------------------------------------------------===//

#include "hlox/Dialect/VHLO/Transforms/Passes.h"

#include "OpNames.h"
#include "VhloAttrBuilders.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/TypeSwitch.h"

namespace hlox::vhlo {
#define GEN_PASS_DEF_VHLOTOVERSION
#include "hlox/Dialect/VHLO/Transforms/Passes.h.inc"
} // namespace hlox::vhlo

using namespace mlir;
using namespace hlox;
using namespace hlox::vhlo;

namespace {

//===----------------------------------------------------------------------===//
// Legality
//===----------------------------------------------------------------------===//

template <typename VersionedT>
bool inRange(VersionedT versioned, const Version &target) {
  return versioned.getMinVersion() <= target &&
         target <= versioned.getMaxVersion();
}

bool isLegalType(Type type, const Version &target);

bool isLegalAttr(Attribute attr, const Version &target) {
  if (!attr || !isFromVhlo(attr))
    return true;
  auto versioned = dyn_cast<VersionedAttrInterface>(attr);
  if (!versioned || !inRange(versioned, target))
    return false;
  return llvm::TypeSwitch<Attribute, bool>(attr)
      .Case([&](ArrayV1Attr array) {
        return llvm::all_of(array.getValue(), [&](Attribute element) {
          return isLegalAttr(element, target);
        });
      })
      .Case([&](DictionaryV1Attr dict) {
        return llvm::all_of(dict.getValue(), [&](const auto &entry) {
          return isLegalAttr(entry.first, target) &&
                 isLegalAttr(entry.second, target);
        });
      })
      .Case([&](FloatV1Attr a) { return isLegalType(a.getType(), target); })
      .Case([&](IntegerV1Attr a) { return isLegalType(a.getType(), target); })
      .Case([&](TensorV1Attr a) { return isLegalType(a.getType(), target); })
      .Case([&](TypeV1Attr a) { return isLegalType(a.getValue(), target); })
      .Case([&](ResultAccuracyV1Attr a) {
        return isLegalAttr(a.getMode(), target);
      })
      .Case([&](AxisRefV1Attr a) {
        return isLegalAttr(a.getName(), target) &&
               isLegalAttr(a.getSubAxisInfo(), target);
      })
      .Case([&](ReplicaGroupMeshAxesV1Attr a) {
        return isLegalAttr(a.getMesh(), target) &&
               isLegalAttr(a.getAxes(), target);
      })
      .Default([](Attribute) { return true; });
}

bool isLegalType(Type type, const Version &target) {
  if (!type || !isFromVhlo(type))
    return true;
  auto versioned = dyn_cast<VersionedTypeInterface>(type);
  if (!versioned || !inRange(versioned, target))
    return false;
  auto allLegal = [&](ArrayRef<Type> types) {
    return llvm::all_of(types,
                        [&](Type t) { return isLegalType(t, target); });
  };
  return llvm::TypeSwitch<Type, bool>(type)
      .Case([&](ComplexV1Type t) {
        return isLegalType(t.getElementType(), target);
      })
      .Case([&](FunctionV1Type t) {
        return allLegal(t.getInputs()) && allLegal(t.getOutputs());
      })
      .Case([&](RankedTensorV1Type t) {
        return isLegalAttr(t.getEncoding(), target) &&
               isLegalType(t.getElementType(), target);
      })
      .Case([&](TupleV1Type t) { return allLegal(t.getTypes()); })
      .Case([&](UniformQuantizedV1Type t) {
        return isLegalType(t.getStorageType(), target) &&
               isLegalType(t.getExpressedType(), target);
      })
      .Case([&](UnrankedTensorV1Type t) {
        return isLegalType(t.getElementType(), target);
      })
      .Case([&](RankedBufferV1Type t) {
        return isLegalType(t.getElementType(), target);
      })
      .Default([](Type) { return true; });
}

bool isLegalOp(Operation *op, const Version &target) {
  auto versioned = dyn_cast<VersionedOpInterface>(op);
  if (!versioned)
    return true;
  if (!inRange(versioned, target))
    return false;
  if (auto constrained = dyn_cast<VersionedOpConstraintInterface>(op))
    if (failed(constrained.validateConstraint(target)))
      return false;
  for (NamedAttribute attr : op->getAttrs())
    if (!isLegalAttr(attr.getValue(), target))
      return false;
  for (Type type : op->getOperandTypes())
    if (!isLegalType(type, target))
      return false;
  for (Type type : op->getResultTypes())
    if (!isLegalType(type, target))
      return false;
  return true;
}

//===----------------------------------------------------------------------===//
// Moving between forms
//===----------------------------------------------------------------------===//

/// What a form change does to the attributes: the names to add with their
/// values (upgrade) or the names to drop, each only when it holds the value
/// the older form implies (downgrade).
struct FormChange {
  SmallVector<NamedAttribute> added;
  SmallVector<StringRef> dropped;
};

bool isEmptyTensor(Attribute attr) {
  auto tensor = dyn_cast_or_null<TensorV1Attr>(attr);
  return tensor && tensor.getData().getNumElements() == 0;
}

/// The attributes the second form of `base` added over the first, with the
/// value that the first form means; nullopt for ops with one form or whose
/// forms differ otherwise.
std::optional<SmallVector<std::pair<StringRef, Attribute>>>
getAddedAttributes(StringRef base, Operation *op) {
  MLIRContext *ctx = op->getContext();
  using List = SmallVector<std::pair<StringRef, Attribute>>;
  if (base == "all_gather" || base == "all_reduce" || base == "all_to_all" ||
      base == "composite")
    return List{};
  if (base == "collective_broadcast")
    return List{{"has_dynamic_root", makeBool(ctx, false)}};
  if (base == "custom_call")
    return List{{"result_tilings", ArrayV1Attr::get(ctx, {})}};
  if (base == "dot_general") {
    Attribute none = makeNoneType(ctx);
    return List{{"lhs_precision_type", none},
                {"rhs_precision_type", none},
                {"accumulation_type", none},
                {"lhs_component_count", none},
                {"rhs_component_count", none},
                {"num_primitive_operations", none},
                {"allow_imprecise_accumulation", none}};
  }
  if (base == "gather" || base == "dynamic_gather")
    return List{{"operand_batching_dims", makeEmptyI64Vector(ctx)},
                {"start_indices_batching_dims", makeEmptyI64Vector(ctx)}};
  if (base == "scatter")
    return List{{"input_batching_dims", makeEmptyI64Vector(ctx)},
                {"scatter_indices_batching_dims", makeEmptyI64Vector(ctx)}};
  if (base == "send" || base == "recv")
    return List{{"source_target_pairs", makeEmptyI64Vector(ctx)}};
  if (hasResultAccuracy(base))
    return List{{"result_accuracy", makeDefaultResultAccuracy(ctx)}};
  return std::nullopt;
}

/// Whether a downgraded attribute holds the value the older form implies.
bool holdsImpliedValue(StringRef name, Attribute value, Attribute implied) {
  if (name.ends_with("batching_dims") || name == "source_target_pairs")
    return isEmptyTensor(value);
  return value == implied;
}

/// The op `op` becomes in the next (`up`) or previous form, created in
/// front of it; null when it has none or cannot be expressed in it.
Operation *changeForm(Operation *op, bool up, OpBuilder &builder) {
  MLIRContext *ctx = op->getContext();
  StringRef name = op->getName().getStringRef();
  StringRef base = getVhloOpBaseName(name);
  bool isFirst = name.ends_with("_v1");
  if (up != isFirst)
    return nullptr;
  std::string newName = ("vhlo." + base + (up ? "_v2" : "_v1")).str();
  if (!RegisteredOperationName::lookup(newName, ctx))
    return nullptr;

  NamedAttrList attrs(op->getAttrDictionary());
  if (base == "dynamic_conv") {
    // The first form carried the padding as an attribute as well as an
    // operand; the operand is what counts.
    if (up) {
      attrs.erase("padding");
    } else {
      auto lhs = dyn_cast<RankedTensorV1Type>(op->getOperand(0).getType());
      if (!lhs || lhs.getShape().size() < 2)
        return nullptr;
      int64_t spatial = static_cast<int64_t>(lhs.getShape().size()) - 2;
      attrs.set("padding", makeI64Tensor(ctx, {spatial, 2}, {0}));
    }
  } else {
    auto added = getAddedAttributes(base, op);
    if (!added)
      return nullptr;
    for (auto [attrName, implied] : *added) {
      if (up) {
        attrs.set(attrName, implied);
        continue;
      }
      if (!holdsImpliedValue(attrName, attrs.get(attrName), implied))
        return nullptr;
      attrs.erase(attrName);
    }
    // The second forms of the collectives take several operands.
    bool variadicInV2 = base == "all_gather" || base == "all_reduce" ||
                        base == "all_to_all" ||
                        base == "collective_broadcast";
    if (!up && variadicInV2 &&
        (op->getNumOperands() != 1 || op->getNumResults() != 1))
      return nullptr;
    // The composite's regions came with its second form.
    if (!up && base == "composite" && op->getNumRegions() != 0)
      return nullptr;
  }

  OperationState state(op->getLoc(), newName);
  state.addOperands(op->getOperands());
  state.addTypes(op->getResultTypes());
  state.attributes = attrs;
  for (unsigned i = 0, e = op->getNumRegions(); i < e; ++i)
    state.addRegion();
  builder.setInsertionPoint(op);
  Operation *newOp = builder.create(state);
  for (auto [from, to] : llvm::zip(op->getRegions(), newOp->getRegions()))
    to.takeBody(from);
  op->replaceAllUsesWith(newOp->getResults());
  op->erase();
  return newOp;
}

struct VhloToVersionPass
    : vhlo::impl::VhloToVersionBase<VhloToVersionPass> {
  using VhloToVersionBase::VhloToVersionBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (targetVersionOption.empty()) {
      module.emitError() << "No target version specified.\n"
                            "Target version must be of the form `#.#.#`.";
      return signalPassFailure();
    }
    FailureOr<Version> parsed =
        parseTargetVersion(module, targetVersionOption);
    if (failed(parsed))
      return signalPassFailure();
    // The forms of X.Y.Z are those of X.Y.0.
    Version target(parsed->getMajor(), parsed->getMinor(), 0);

    SmallVector<Operation *> ops;
    module.walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (op != module.getOperation())
        ops.push_back(op);
    });
    OpBuilder builder(&getContext());
    bool failedAny = false;
    for (Operation *op : ops) {
      if (isLegalOp(op, target))
        continue;
      std::string name = op->getName().getStringRef().str();
      Location loc = op->getLoc();
      auto versioned = dyn_cast<VersionedOpInterface>(op);
      Operation *current = nullptr;
      if (versioned && (target < versioned.getMinVersion() ||
                        target > versioned.getMaxVersion()))
        current = changeForm(op, target > versioned.getMaxVersion(), builder);
      if (!current || !isLegalOp(current, target)) {
        emitError(loc) << "failed to legalize operation '" << name
                       << "' that was explicitly marked illegal";
        failedAny = true;
        break;
      }
    }
    if (failedAny) {
      module.emitError() << "failed to convert VHLO to v"
                         << targetVersionOption;
      return signalPassFailure();
    }
  }
};

} // namespace
