//===- SdyOps.cpp - Shardy dialect and ops --------------------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Dialect/Sdy/IR/SdyOps.h"
#include "hlox/Dialect/InlineAll.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;
using namespace hlox::sdy;

#include "hlox/Dialect/Sdy/IR/SdyDialect.cpp.inc"
#include "hlox/Dialect/Sdy/IR/SdyEnums.cpp.inc"

void SdyDialect::initialize() {
  addInterfaces<hlox::InlineAllInterface>();
  registerAttributes();
  addOperations<
#define GET_OP_LIST
#include "hlox/Dialect/Sdy/IR/SdyOps.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Shardings on values
//===----------------------------------------------------------------------===//

/// Checks `sharding` against a value of type `type` of `op` when its mesh
/// is written inline (no symbol lookup). `what` names the value in errors.
static LogicalResult verifyShardingOf(Operation *op,
                                      TensorShardingAttr sharding, Type type,
                                      const Twine &what) {
  auto mesh = dyn_cast<MeshAttr>(sharding.getMeshOrRef());
  if (!mesh)
    return success();
  return sharding.verifyFor(type, mesh,
                            [&] { return op->emitOpError() << what << ": "; });
}

/// Checks `sharding` against a value of type `type` of `op` when its mesh is
/// a symbol: it names an `sdy.mesh`, whose axes the sharding uses.
static LogicalResult verifyShardingMesh(Operation *op,
                                        TensorShardingAttr sharding, Type type,
                                        SymbolTableCollection *symbolTables,
                                        const Twine &what) {
  auto emitError = [&] { return op->emitOpError() << what << ": "; };
  auto ref = dyn_cast<FlatSymbolRefAttr>(sharding.getMeshOrRef());
  if (!ref)
    return success();
  MeshAttr mesh = sharding.getMesh(op, symbolTables);
  if (!mesh)
    return emitError() << "sharding names mesh " << ref
                       << ", which is not an sdy.mesh";
  return sharding.verifyFor(type, mesh, emitError);
}

/// Which of the checks above to run: an op's verifier checks inline meshes,
/// its symbol-use verifier the symbols; dialect attributes get both.
enum class MeshCheck { Inline, Symbol, Both };

static LogicalResult verifySharding(Operation *op, TensorShardingAttr sharding,
                                    Type type, MeshCheck check,
                                    SymbolTableCollection *symbolTables,
                                    const Twine &what) {
  if (check != MeshCheck::Symbol &&
      failed(verifyShardingOf(op, sharding, type, what)))
    return failure();
  if (check != MeshCheck::Inline &&
      failed(verifyShardingMesh(op, sharding, type, symbolTables, what)))
    return failure();
  return success();
}

/// Checks one sharding per value of `types`.
static LogicalResult verifyShardingsOf(Operation *op,
                                       TensorShardingPerValueAttr shardings,
                                       TypeRange types, StringRef what,
                                       MeshCheck check,
                                       SymbolTableCollection *symbolTables) {
  // An op without results may still be placed with one sharding (of rank
  // 0: on a maximal mesh, or fully replicated), checked against no type.
  SmallVector<Type> checked(types);
  if (types.empty() && shardings.getShardings().size() == 1)
    checked.push_back(Type());
  if (shardings.getShardings().size() != checked.size())
    return op->emitOpError() << "has " << shardings.getShardings().size() << " "
                             << what << " for " << types.size() << " values";
  for (auto [index, sharding, type] :
       llvm::enumerate(shardings.getShardings(), checked))
    if (failed(verifySharding(op, sharding, type, check, symbolTables,
                              what + " #" + Twine(index))))
      return failure();
  return success();
}

//===----------------------------------------------------------------------===//
// Dialect attributes: sdy.sharding, sdy.sharding_rule
//===----------------------------------------------------------------------===//

LogicalResult SdyDialect::verifyOperationAttribute(Operation *op,
                                                   NamedAttribute attr) {
  if (attr.getName() == kShardingAttr) {
    auto shardings = dyn_cast<TensorShardingPerValueAttr>(attr.getValue());
    if (!shardings)
      return op->emitOpError()
             << "'" << kShardingAttr
             << "' must be a #sdy.sharding_per_value, got " << attr.getValue();
    return verifyShardingsOf(op, shardings, op->getResultTypes(),
                             "result shardings", MeshCheck::Both, nullptr);
  }
  if (attr.getName() == kShardingRuleAttr) {
    auto rule = dyn_cast<OpShardingRuleAttr>(attr.getValue());
    if (!rule)
      return op->emitOpError()
             << "'" << kShardingRuleAttr
             << "' must be a #sdy.op_sharding_rule, got " << attr.getValue();
    auto checkMappings = [&](ArrayRef<TensorMappingAttr> mappings,
                             TypeRange types, StringRef what) -> LogicalResult {
      if (mappings.size() != types.size())
        return op->emitOpError()
               << "sharding rule has " << mappings.size() << " " << what
               << " mappings for " << types.size() << " " << what << "s";
      for (auto [index, mapping, type] : llvm::enumerate(mappings, types)) {
        auto shaped = dyn_cast<ShapedType>(type);
        int64_t rank = shaped && shaped.hasRank() ? shaped.getRank() : 0;
        if (shaped && !shaped.hasRank())
          continue;
        if (static_cast<int64_t>(mapping.getDimMappings().size()) != rank)
          return op->emitOpError()
                 << "sharding rule maps " << mapping.getDimMappings().size()
                 << " dimensions of " << what << " #" << index << " of rank "
                 << rank;
      }
      return success();
    };
    if (failed(checkMappings(rule.getOperandMappings(), op->getOperandTypes(),
                             "operand")) ||
        failed(checkMappings(rule.getResultMappings(), op->getResultTypes(),
                             "result")))
      return failure();
    return success();
  }
  // Other sdy.* attributes (propagation debugging aids) are kept as they are.
  return success();
}

/// Checks `sdy.sharding` on argument or result `index` of a function.
static LogicalResult verifyFunctionSharding(Operation *op, NamedAttribute attr,
                                            std::optional<Type> type,
                                            StringRef what, unsigned index) {
  if (attr.getName() != SdyDialect::kShardingAttr)
    return success();
  auto sharding = dyn_cast<TensorShardingAttr>(attr.getValue());
  std::string name =
      (what + " #" + Twine(index) + " '" + SdyDialect::kShardingAttr + "'")
          .str();
  if (!sharding)
    return op->emitOpError()
           << name << " must be a #sdy.sharding, got " << attr.getValue();
  if (!type)
    return success();
  return verifySharding(op, sharding, *type, MeshCheck::Both, nullptr, name);
}

LogicalResult SdyDialect::verifyRegionArgAttribute(Operation *op,
                                                   unsigned regionIndex,
                                                   unsigned argIndex,
                                                   NamedAttribute attr) {
  std::optional<Type> type;
  if (auto function = dyn_cast<FunctionOpInterface>(op)) {
    if (argIndex < function.getNumArguments())
      type = function.getArgumentTypes()[argIndex];
  } else if (regionIndex < op->getNumRegions() &&
             !op->getRegion(regionIndex).empty() &&
             argIndex < op->getRegion(regionIndex).getNumArguments()) {
    type = op->getRegion(regionIndex).getArgument(argIndex).getType();
  }
  return verifyFunctionSharding(op, attr, type, "argument", argIndex);
}

LogicalResult SdyDialect::verifyRegionResultAttribute(Operation *op, unsigned,
                                                      unsigned resultIndex,
                                                      NamedAttribute attr) {
  std::optional<Type> type;
  if (auto function = dyn_cast<FunctionOpInterface>(op))
    if (resultIndex < function.getNumResults())
      type = function.getResultTypes()[resultIndex];
  return verifyFunctionSharding(op, attr, type, "result", resultIndex);
}

//===----------------------------------------------------------------------===//
// Custom directives
//===----------------------------------------------------------------------===//

/// `[<@mesh, [...]>, ...]`: a TensorShardingPerValueAttr without its
/// `#sdy.sharding_per_value<` `>`.
static ParseResult
parseStrippedShardingPerValue(OpAsmParser &parser,
                              TensorShardingPerValueAttr &shardings) {
  SmallVector<TensorShardingAttr> list;
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&] {
        return parser.parseCustomAttributeWithFallback(list.emplace_back());
      }))
    return failure();
  shardings = TensorShardingPerValueAttr::get(parser.getContext(), list);
  return success();
}

static void
printStrippedShardingPerValue(OpAsmPrinter &printer, Operation *,
                              TensorShardingPerValueAttr shardings) {
  printer << '[';
  llvm::interleaveComma(
      shardings.getShardings(), printer,
      [&](TensorShardingAttr sharding) { sharding.print(printer); });
  printer << ']';
}

/// `(%arg0: type, ...) { body }`: the entry block's arguments in
/// parentheses before the region, without a block label. A body without a
/// terminator gets an empty `sdy.return`.
static ParseResult parseRegionWithArguments(OpAsmParser &parser,
                                            Region &region) {
  SmallVector<OpAsmParser::Argument> arguments;
  if (parser.parseArgumentList(arguments, AsmParser::Delimiter::Paren,
                               /*allowType=*/true, /*allowAttrs=*/true) ||
      parser.parseRegion(region, arguments))
    return failure();
  if (region.empty())
    region.emplaceBlock();
  Block &block = region.front();
  if (block.empty() || !block.back().hasTrait<OpTrait::IsTerminator>()) {
    OpBuilder builder = OpBuilder::atBlockEnd(&block);
    ReturnOp::create(builder, builder.getUnknownLoc());
  }
  return success();
}

static void printRegionWithArguments(OpAsmPrinter &printer, Operation *,
                                     Region &region) {
  printer << '(';
  llvm::interleaveComma(
      region.getArguments(), printer,
      [&](BlockArgument argument) { printer.printRegionArgument(argument); });
  printer << ") ";
  printer.printRegion(region, /*printEntryBlockArgs=*/false,
                      /*printBlockTerminators=*/true);
}

//===----------------------------------------------------------------------===//
// Ops with a sharding of their operand
//===----------------------------------------------------------------------===//

LogicalResult ShardingConstraintOp::verify() {
  return verifyShardingOf(*this, getSharding(), getType(), "sharding");
}

LogicalResult
ShardingConstraintOp::verifySymbolUses(SymbolTableCollection &symbolTables) {
  return verifyShardingMesh(*this, getSharding(), getType(), &symbolTables,
                            "sharding");
}

LogicalResult ReshardOp::verify() {
  return verifyShardingOf(*this, getSharding(), getType(), "sharding");
}

LogicalResult ReshardOp::verifySymbolUses(SymbolTableCollection &symbolTables) {
  return verifyShardingMesh(*this, getSharding(), getType(), &symbolTables,
                            "sharding");
}

LogicalResult DataFlowEdgeOp::verify() {
  if (TensorShardingAttr sharding = getShardingAttr())
    return verifyShardingOf(*this, sharding, getType(), "sharding");
  return success();
}

LogicalResult
DataFlowEdgeOp::verifySymbolUses(SymbolTableCollection &symbolTables) {
  if (TensorShardingAttr sharding = getShardingAttr())
    return verifyShardingMesh(*this, sharding, getType(), &symbolTables,
                              "sharding");
  return success();
}

/// The collectives check their out_sharding against their result.
#define HLOX_SDY_COLLECTIVE_VERIFIERS(Op)                                      \
  LogicalResult Op::verify() {                                                 \
    return verifyShardingOf(*this, getOutSharding(), getType(),                \
                            "out_sharding");                                   \
  }                                                                            \
  LogicalResult Op::verifySymbolUses(SymbolTableCollection &symbolTables) {    \
    return verifyShardingMesh(*this, getOutSharding(), getType(),              \
                              &symbolTables, "out_sharding");                  \
  }
HLOX_SDY_COLLECTIVE_VERIFIERS(AllGatherOp)
HLOX_SDY_COLLECTIVE_VERIFIERS(AllSliceOp)
HLOX_SDY_COLLECTIVE_VERIFIERS(AllToAllOp)
HLOX_SDY_COLLECTIVE_VERIFIERS(CollectivePermuteOp)
HLOX_SDY_COLLECTIVE_VERIFIERS(AllReduceOp)
HLOX_SDY_COLLECTIVE_VERIFIERS(ReduceScatterOp)
HLOX_SDY_COLLECTIVE_VERIFIERS(ShardedToUnreducedOp)
HLOX_SDY_COLLECTIVE_VERIFIERS(ReplicatedToUnreducedOp)
#undef HLOX_SDY_COLLECTIVE_VERIFIERS

//===----------------------------------------------------------------------===//
// ManualComputationOp
//===----------------------------------------------------------------------===//

/// Checks that a local (per-device) type and a global type agree in element
/// type and rank.
static LogicalResult verifyLocalType(Operation *op, Type global, Type local,
                                     StringRef what, size_t index) {
  auto globalShaped = dyn_cast<ShapedType>(global);
  auto localShaped = dyn_cast<ShapedType>(local);
  if (!globalShaped || !localShaped) {
    if (global != local)
      return op->emitOpError() << what << " #" << index << " has global type "
                               << global << " but local type " << local;
    return success();
  }
  if (globalShaped.getElementType() != localShaped.getElementType() ||
      (globalShaped.hasRank() && localShaped.hasRank() &&
       globalShaped.getRank() != localShaped.getRank()))
    return op->emitOpError() << what << " #" << index << " has global type "
                             << global << " but local type " << local
                             << " (element type and rank must agree)";
  return success();
}

LogicalResult ManualComputationOp::verify() {
  Block &body = getBody().front();
  auto terminator = cast<ReturnOp>(body.getTerminator());
  if (body.getNumArguments() != getNumOperands())
    return emitOpError() << "body takes " << body.getNumArguments()
                         << " arguments for " << getNumOperands()
                         << " operands";
  if (terminator.getNumOperands() != getNumResults())
    return emitOpError() << "body returns " << terminator.getNumOperands()
                         << " values for " << getNumResults() << " results";
  for (auto [index, global, local] :
       llvm::enumerate(getOperandTypes(), body.getArgumentTypes()))
    if (failed(verifyLocalType(*this, global, local, "operand", index)))
      return failure();
  for (auto [index, global, local] :
       llvm::enumerate(getResultTypes(), terminator.getOperandTypes()))
    if (failed(verifyLocalType(*this, global, local, "result", index)))
      return failure();
  llvm::StringSet<> manualAxes;
  for (StringAttr axis : getManualAxes().getValue())
    if (!manualAxes.insert(axis.getValue()).second)
      return emitOpError() << "manual axis \"" << axis.getValue()
                           << "\" appears twice";
  if (failed(verifyShardingsOf(*this, getInShardings(), getOperandTypes(),
                               "in_shardings", MeshCheck::Inline, nullptr)) ||
      failed(verifyShardingsOf(*this, getOutShardings(), getResultTypes(),
                               "out_shardings", MeshCheck::Inline, nullptr)))
    return failure();
  return success();
}

/// Checks that `local` is `global` split over the manual axes of `sharding`
/// (where both sizes are static).
static LogicalResult verifyLocalShape(ManualComputationOp op,
                                      TensorShardingAttr sharding,
                                      MeshAttr mesh, Type global, Type local,
                                      StringRef what, size_t index) {
  auto globalType = dyn_cast<RankedTensorType>(global);
  auto localType = dyn_cast<RankedTensorType>(local);
  if (!globalType || !localType)
    return success();
  ArrayRef<StringAttr> manualAxes = op.getManualAxes().getValue();
  for (auto [dim, dimSharding] : llvm::enumerate(sharding.getDimShardings())) {
    int64_t split = 1;
    for (AxisRefAttr axis : dimSharding.getAxes())
      if (llvm::is_contained(manualAxes,
                             StringAttr::get(op.getContext(), axis.getName())))
        split *= axis.getSize(mesh);
    int64_t globalSize = globalType.getDimSize(dim);
    int64_t localSize = localType.getDimSize(dim);
    if (ShapedType::isDynamic(globalSize) || ShapedType::isDynamic(localSize) ||
        split <= 0)
      continue;
    if (globalSize % split != 0 || globalSize / split != localSize)
      return op.emitOpError()
             << what << " #" << index << ": dimension " << dim << " of size "
             << globalSize << " split over manual axes of " << split
             << " devices is not the local size " << localSize;
  }
  return success();
}

LogicalResult
ManualComputationOp::verifySymbolUses(SymbolTableCollection &symbolTables) {
  if (failed(verifyShardingsOf(*this, getInShardings(), getOperandTypes(),
                               "in_shardings", MeshCheck::Symbol,
                               &symbolTables)) ||
      failed(verifyShardingsOf(*this, getOutShardings(), getResultTypes(),
                               "out_shardings", MeshCheck::Symbol,
                               &symbolTables)))
    return failure();
  // The manual axes are axes of the meshes the shardings are on.
  for (TensorShardingAttr sharding : llvm::concat<const TensorShardingAttr>(
           getInShardings().getShardings(), getOutShardings().getShardings())) {
    MeshAttr mesh = sharding.getMesh(*this, &symbolTables);
    if (!mesh || mesh.isMaximal())
      continue;
    for (StringAttr axis : getManualAxes().getValue())
      if (!mesh.getAxis(axis.getValue()))
        return emitOpError()
               << "manual axis \"" << axis.getValue()
               << "\" is not an axis of mesh " << sharding.getMeshOrRef();
  }
  Block &body = getBody().front();
  auto check = [&](ArrayRef<TensorShardingAttr> shardings, TypeRange globals,
                   TypeRange locals, StringRef what) -> LogicalResult {
    for (auto [index, sharding, global, local] :
         llvm::enumerate(shardings, globals, locals)) {
      MeshAttr mesh = sharding.getMesh(*this, &symbolTables);
      if (mesh && failed(verifyLocalShape(*this, sharding, mesh, global, local,
                                          what, index)))
        return failure();
    }
    return success();
  };
  return failure(
      failed(check(getInShardings().getShardings(), getOperandTypes(),
                   body.getArgumentTypes(), "operand")) ||
      failed(check(getOutShardings().getShardings(), getResultTypes(),
                   body.getTerminator()->getOperandTypes(), "result")));
}

//===----------------------------------------------------------------------===//
// NamedComputationOp
//===----------------------------------------------------------------------===//

LogicalResult NamedComputationOp::verify() {
  Block &body = getBody().front();
  if (body.getArgumentTypes() != getOperandTypes())
    return emitOpError() << "body argument types must be the operand types";
  if (body.getTerminator()->getOperandTypes() != getResultTypes())
    return emitOpError() << "body must return values of the result types";
  if (TensorShardingPerValueAttr in = getInShardingsAttr())
    if (failed(verifyShardingsOf(*this, in, getOperandTypes(), "in_shardings",
                                 MeshCheck::Inline, nullptr)))
      return failure();
  if (TensorShardingPerValueAttr out = getOutShardingsAttr())
    if (failed(verifyShardingsOf(*this, out, getResultTypes(), "out_shardings",
                                 MeshCheck::Inline, nullptr)))
      return failure();
  return success();
}

LogicalResult
NamedComputationOp::verifySymbolUses(SymbolTableCollection &symbolTables) {
  if (TensorShardingPerValueAttr in = getInShardingsAttr())
    if (failed(verifyShardingsOf(*this, in, getOperandTypes(), "in_shardings",
                                 MeshCheck::Symbol, &symbolTables)))
      return failure();
  if (TensorShardingPerValueAttr out = getOutShardingsAttr())
    if (failed(verifyShardingsOf(*this, out, getResultTypes(), "out_shardings",
                                 MeshCheck::Symbol, &symbolTables)))
      return failure();
  return success();
}

//===----------------------------------------------------------------------===//
// ConstantOp
//===----------------------------------------------------------------------===//

ParseResult ConstantOp::parse(OpAsmParser &parser, OperationState &result) {
  if (parser.parseOptionalAttrDict(result.attributes))
    return failure();
  SMLoc loc = parser.getCurrentLocation();
  Attribute attr;
  if (parser.parseAttribute(attr))
    return failure();
  auto value = dyn_cast<ElementsAttr>(attr);
  if (!value)
    return parser.emitError(loc, "expected a typed elements literal");
  result.getOrAddProperties<Properties>().value = value;
  result.addTypes(value.getType());
  return success();
}

void ConstantOp::print(OpAsmPrinter &printer) {
  printer.printOptionalAttrDict((*this)->getAttrs(), {"value"});
  printer << ' ';
  printer.printAttribute(getValue());
}

LogicalResult ConstantOp::verify() {
  if (getValue().getType() != getType())
    return emitOpError() << "value of type " << getValue().getType()
                         << " does not match the result type " << getType();
  return success();
}

#define GET_OP_CLASSES
#include "hlox/Dialect/Sdy/IR/SdyOps.cpp.inc"
