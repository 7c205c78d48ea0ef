//===- DropShardings.cpp - Remove Shardy from single-device programs ------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// On one device every sharding is trivial: constraints, reshards and
// collectives return their operand, manual computations run their body on
// the whole tensors. This pass checks that the program's meshes hold one
// device each and removes the sdy ops, the `xla.sdy.*` custom calls of
// the round-trip export form, and every `sdy.*` attribute.
//
//===----------------------------------------------------------------------===//

#include "hlox/Dialect/Sdy/Transforms/Passes.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"
#include "llvm/Support/raw_ostream.h"

#define DEBUG_TYPE "sdy-drop-shardings"

namespace hlox::sdy {
#define GEN_PASS_DEF_SDYDROPSHARDINGS
#include "hlox/Dialect/Sdy/Transforms/Passes.h.inc"
} // namespace hlox::sdy

using namespace mlir;
namespace sdy = hlox::sdy;
namespace shlo = hlox::stablehlo;

namespace {

/// The module attribute of older exports that holds their meshes, as the
/// text of a dictionary attribute, under `kMeshesKey`.
constexpr StringLiteral kFrontendAttributes = "mhlo.frontend_attributes";
constexpr StringLiteral kMeshesKey = "xla.sdy.meshes";

/// Custom calls of the round-trip export form that return their operands
/// (on one device: local and global shapes agree).
constexpr StringLiteral kIdentityTargets[] = {
    "xla.sdy.FuncResultSharding", "xla.sdy.GlobalToLocalShape",
    "xla.sdy.LocalToGlobalShape", "xla.sdy.PropagationBarrier"};
/// The round-trip form of `sdy.sharding_group`: no results.
constexpr StringLiteral kShardingGroupTarget = "xla.sdy.ShardingGroup";

bool isIdentityTarget(StringRef target) {
  return llvm::is_contained(kIdentityTargets, target);
}

bool isShardyName(StringAttr name) {
  return name.getValue().starts_with("sdy.");
}

/// Appends why `mesh` cannot be compiled here to `diag`.
InFlightDiagnostic &describeMultiDevice(InFlightDiagnostic &diag,
                                        sdy::MeshAttr mesh) {
  std::string axes;
  llvm::raw_string_ostream os(axes);
  llvm::interleaveComma(mesh.getAxes(), os, [&](sdy::MeshAxisAttr axis) {
    os << '"' << axis.getName() << "\"=" << axis.getSize();
  });
  return diag << "a mesh of " << mesh.getNumDevices() << " devices (" << axes
              << ") needs partitioning (hlox-partition-spmd), or "
                 "allow-multi-device to run its global values on one device";
}

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

/// An op that returns its operand on one device.
template <typename OpTy>
struct IdentityOpLowering final : OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, op->getOperand(0));
    return success();
  }
};

struct ShardingGroupOpLowering final : OpRewritePattern<sdy::ShardingGroupOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(sdy::ShardingGroupOp op,
                                PatternRewriter &rewriter) const override {
    rewriter.eraseOp(op);
    return success();
  }
};

/// Inlines the body of a manual or named computation: its arguments are the
/// operands, its returned values the results. On one device a manual
/// computation's local types are its global ones.
template <typename OpTy>
struct ComputationOpLowering final : OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    Block &body = op.getBody().front();
    Operation *terminator = body.getTerminator();
    if (body.getArgumentTypes() != op->getOperandTypes() ||
        terminator->getOperandTypes() != op->getResultTypes())
      return rewriter.notifyMatchFailure(op, "local and global types differ");
    // The body's arguments go away with it: a returned argument is the
    // operand it stands for.
    SmallVector<Value> results;
    for (Value value : terminator->getOperands()) {
      auto argument = dyn_cast<BlockArgument>(value);
      results.push_back(argument && argument.getOwner() == &body
                            ? op->getOperand(argument.getArgNumber())
                            : value);
    }
    rewriter.eraseOp(terminator);
    rewriter.inlineBlockBefore(&body, op, op->getOperands());
    rewriter.replaceOp(op, results);
    return success();
  }
};

struct ConstantOpLowering final : OpRewritePattern<sdy::ConstantOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(sdy::ConstantOp op,
                                PatternRewriter &rewriter) const override {
    auto constant = shlo::ConstantOp::create(rewriter, op.getLoc(),
                                             op.getType(), op.getValue());
    constant->setDiscardableAttrs(op->getDiscardableAttrDictionary());
    rewriter.replaceOp(op, constant);
    return success();
  }
};

/// The `xla.sdy.*` custom calls: identities are replaced by their operands,
/// sharding groups erased.
struct CustomCallOpLowering final : OpRewritePattern<shlo::CustomCallOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(shlo::CustomCallOp op,
                                PatternRewriter &rewriter) const override {
    StringRef target = op.getCallTargetName();
    if (target == kShardingGroupTarget && op->getNumResults() == 0) {
      rewriter.eraseOp(op);
      return success();
    }
    if (!isIdentityTarget(target))
      return rewriter.notifyMatchFailure(op, "not an xla.sdy identity");
    if (op->getOperandTypes() != op->getResultTypes())
      return rewriter.notifyMatchFailure(op, "changes types");
    rewriter.replaceOp(op, op->getOperands());
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Checks
//===----------------------------------------------------------------------===//

/// Replaces `\"` by `"` and `\\` by `\` (the escaped form some exports write
/// the meshes in).
std::string unescapeQuotes(StringRef text) {
  std::string result;
  result.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\\' && i + 1 < text.size() &&
        (text[i + 1] == '"' || text[i + 1] == '\\'))
      ++i;
    result += text[i];
  }
  return result;
}

/// Checks the meshes of `mhlo.frontend_attributes = {xla.sdy.meshes =
/// "{name = #sdy.mesh<...>, ...}"}`.
LogicalResult checkFrontendMeshes(ModuleOp module) {
  auto frontend = module->getAttrOfType<DictionaryAttr>(kFrontendAttributes);
  Attribute value = frontend ? frontend.get(kMeshesKey) : Attribute();
  if (!value)
    return success();
  auto text = dyn_cast<StringAttr>(value);
  if (!text)
    return module.emitError() << kMeshesKey << " of " << kFrontendAttributes
                              << " must be a string, got " << value;
  std::string source = text.getValue().contains('\\')
                           ? unescapeQuotes(text.getValue())
                           : text.getValue().str();
  MLIRContext *context = module.getContext();
  std::string parseError;
  Attribute parsed;
  {
    // Report what the parser says as part of one error at the module.
    ScopedDiagnosticHandler handler(context, [&](Diagnostic &diag) {
      if (parseError.empty())
        parseError = diag.str();
      return success();
    });
    parsed = parseAttribute(source, context);
  }
  auto meshes = dyn_cast_or_null<DictionaryAttr>(parsed);
  if (!meshes)
    return module.emitError()
           << "cannot read " << kMeshesKey << " of " << kFrontendAttributes
           << " (\"" << text.getValue() << "\"): "
           << (parseError.empty() ? "expected a dictionary of meshes"
                                  : parseError);
  bool ok = true;
  for (NamedAttribute entry : meshes) {
    auto mesh = dyn_cast<sdy::MeshAttr>(entry.getValue());
    if (!mesh) {
      module.emitError() << "cannot read " << kMeshesKey << " of "
                         << kFrontendAttributes << ": \""
                         << entry.getName().getValue()
                         << "\" is not a #sdy.mesh";
      ok = false;
    } else if (mesh.getNumDevices() > 1) {
      InFlightDiagnostic diag = module.emitError();
      diag << "mesh \"" << entry.getName().getValue() << "\" of " << kMeshesKey
           << " in " << kFrontendAttributes << ": ";
      describeMultiDevice(diag, mesh);
      ok = false;
    }
  }
  return success(ok);
}

/// `t0, t1, ...`, without the quotes diagnostics put around types.
std::string typesText(TypeRange types) {
  std::string text;
  llvm::raw_string_ostream os(text);
  llvm::interleaveComma(types, os);
  return text;
}

/// Finds a mesh of more than one device written inline in `attr`.
sdy::MeshAttr findMultiDeviceMesh(Attribute attr) {
  sdy::MeshAttr found;
  if (attr)
    attr.walk([&](sdy::MeshAttr mesh) {
      if (mesh.getNumDevices() <= 1)
        return WalkResult::advance();
      found = mesh;
      return WalkResult::interrupt();
    });
  return found;
}

/// The inline meshes `op` holds: in the shardings of an sdy op, the
/// discardable attributes of any op, and a function's argument and result
/// attributes.
sdy::MeshAttr findMultiDeviceMesh(Operation *op) {
  if (isa<sdy::SdyDialect>(op->getDialect()))
    return findMultiDeviceMesh(op->getAttrDictionary());
  if (sdy::MeshAttr mesh =
          findMultiDeviceMesh(op->getDiscardableAttrDictionary()))
    return mesh;
  if (auto function = dyn_cast<FunctionOpInterface>(op)) {
    if (sdy::MeshAttr mesh = findMultiDeviceMesh(function.getArgAttrsAttr()))
      return mesh;
    return findMultiDeviceMesh(function.getResAttrsAttr());
  }
  return {};
}

/// Checks that every mesh holds one device; reports each that does not.
LogicalResult checkMeshes(ModuleOp module) {
  bool ok = succeeded(checkFrontendMeshes(module));
  module.walk([&](Operation *op) {
    if (auto meshOp = dyn_cast<sdy::MeshOp>(op)) {
      if (meshOp.getMesh().getNumDevices() > 1) {
        InFlightDiagnostic diag = meshOp.emitError();
        describeMultiDevice(diag, meshOp.getMesh());
        ok = false;
      }
      return;
    }
    if (sdy::MeshAttr mesh = findMultiDeviceMesh(op)) {
      InFlightDiagnostic diag = op->emitError("sharding on ");
      describeMultiDevice(diag, mesh);
      ok = false;
    }
  });
  return success(ok);
}

/// Checks that what the patterns take for identities on one device is one:
/// manual computations and the `xla.sdy.*` custom calls keep their types.
LogicalResult checkLocalTypes(ModuleOp module, bool allowMultiDevice) {
  bool ok = true;
  module.walk([&](Operation *op) {
    if (auto call = dyn_cast<shlo::CustomCallOp>(op)) {
      StringRef target = call.getCallTargetName();
      if (isIdentityTarget(target) &&
          call->getOperandTypes() != call->getResultTypes()) {
        call.emitOpError("@")
            << target << " maps (" << typesText(call->getOperandTypes())
            << ") to (" << typesText(call->getResultTypes())
            << "); on one device it must return its operands unchanged";
        ok = false;
      } else if (target == kShardingGroupTarget && call->getNumResults()) {
        call.emitOpError("@") << target << " must have no results";
        ok = false;
      }
      return;
    }
    auto manual = dyn_cast<sdy::ManualComputationOp>(op);
    if (!manual)
      return;
    Block &body = manual.getBody().front();
    if (body.getArgumentTypes() != manual->getOperandTypes() ||
        body.getTerminator()->getOperandTypes() != manual->getResultTypes()) {
      if (allowMultiDevice)
        manual.emitOpError()
            << "runs its body on each device's shards (local types differ "
               "from the global ones): the program on one device cannot "
               "compute it; compiled, the partitioner runs it per device";
      else
        manual.emitOpError() << "has local types that differ from its "
                                "global types; on one device they must be "
                                "equal";
      ok = false;
    }
  });
  return success(ok);
}

/// Removes every `sdy.*` attribute: discardable attributes of ops (the
/// module's too) and argument and result attributes of functions.
void removeShardyAttributes(ModuleOp module) {
  module.walk([&](Operation *op) {
    for (NamedAttribute attr : llvm::to_vector(op->getDiscardableAttrs()))
      if (isShardyName(attr.getName()))
        op->removeDiscardableAttr(attr.getName());
    auto function = dyn_cast<FunctionOpInterface>(op);
    if (!function)
      return;
    for (unsigned i = 0, e = function.getNumArguments(); i < e; ++i)
      for (NamedAttribute attr : llvm::to_vector(function.getArgAttrs(i)))
        if (isShardyName(attr.getName()))
          function.removeArgAttr(i, attr.getName());
    for (unsigned i = 0, e = function.getNumResults(); i < e; ++i)
      for (NamedAttribute attr : llvm::to_vector(function.getResultAttrs(i)))
        if (isShardyName(attr.getName()))
          function.removeResultAttr(i, attr.getName());
  });
}

bool holdsShardyAttribute(Attribute attr) {
  bool found = false;
  attr.walk([&](Attribute nested) {
    if (isa<sdy::SdyDialect>(nested.getDialect())) {
      found = true;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return found;
}

/// Checks that no sdy op and no sdy attribute is left.
LogicalResult checkNothingLeft(ModuleOp module) {
  bool ok = true;
  module.walk([&](Operation *op) {
    if (isa<sdy::SdyDialect>(op->getDialect())) {
      op->emitOpError("has no single-device form here; ")
          << DEBUG_TYPE << " cannot remove it";
      ok = false;
      return;
    }
    for (NamedAttribute attr : op->getDiscardableAttrs()) {
      if (holdsShardyAttribute(attr.getValue())) {
        op->emitOpError("attribute '")
            << attr.getName().getValue() << "' holds Shardy attributes that "
            << DEBUG_TYPE << " cannot remove";
        ok = false;
      }
    }
    if (auto function = dyn_cast<FunctionOpInterface>(op)) {
      for (ArrayAttr attrs :
           {function.getArgAttrsAttr(), function.getResAttrsAttr()}) {
        if (attrs && holdsShardyAttribute(attrs)) {
          op->emitOpError("argument or result attributes hold Shardy "
                          "attributes that ")
              << DEBUG_TYPE << " cannot remove";
          ok = false;
        }
      }
    }
  });
  return success(ok);
}

class DropShardingsPass final
    : public sdy::impl::SdyDropShardingsBase<DropShardingsPass> {
public:
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    // A multi-device mesh explains any type change that follows from it:
    // report the meshes alone then.
    if ((!allowMultiDevice && failed(checkMeshes(module))) ||
        failed(checkLocalTypes(module, allowMultiDevice)))
      return signalPassFailure();

    RewritePatternSet patterns(&getContext());
    sdy::populateSdyDropShardingsPatterns(patterns);
    walkAndApplyPatterns(module, FrozenRewritePatternSet(std::move(patterns)));

    removeShardyAttributes(module);
    for (sdy::MeshOp mesh :
         llvm::make_early_inc_range(module.getOps<sdy::MeshOp>()))
      mesh.erase();
    if (failed(checkNothingLeft(module)))
      return signalPassFailure();
  }
};

} // namespace

void hlox::sdy::populateSdyDropShardingsPatterns(RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  patterns.add<
      IdentityOpLowering<ShardingConstraintOp>, IdentityOpLowering<ReshardOp>,
      IdentityOpLowering<PropagationBarrierOp>,
      IdentityOpLowering<DataFlowEdgeOp>, IdentityOpLowering<AllGatherOp>,
      IdentityOpLowering<AllSliceOp>, IdentityOpLowering<AllToAllOp>,
      IdentityOpLowering<CollectivePermuteOp>, IdentityOpLowering<AllReduceOp>,
      IdentityOpLowering<ReduceScatterOp>,
      IdentityOpLowering<ShardedToUnreducedOp>,
      IdentityOpLowering<ReplicatedToUnreducedOp>, ShardingGroupOpLowering,
      ComputationOpLowering<ManualComputationOp>,
      ComputationOpLowering<NamedComputationOp>, ConstantOpLowering,
      CustomCallOpLowering>(context);
}
