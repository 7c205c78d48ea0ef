//===- StablehloOps.cpp - StableHLO dialect and custom op syntax ----------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Dialect registration, element type predicates, and the hand-written syntax
// of `constant`, `while` and `reduce`. Verifiers live in Verify*.cpp.
//
//===----------------------------------------------------------------------===//

#include "hlox/Dialect/StableHLO/IR/StablehloOps.h"
#include "hlox/Dialect/InlineAll.h"
#include "hlox/Dialect/StableHLO/IR/StablehloAssemblyFormat.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace hlox::stablehlo;

#include "hlox/Dialect/StableHLO/IR/StablehloDialect.cpp.inc"
#include "hlox/Dialect/StableHLO/IR/StablehloEnums.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "hlox/Dialect/StableHLO/IR/StablehloTypes.cpp.inc"

namespace hlox::stablehlo {

bool isSupportedFloatType(Type type) {
  return isa<Float4E2M1FNType, Float6E2M3FNType, Float6E3M2FNType,
             Float8E3M4Type, Float8E4M3Type, Float8E4M3FNType,
             Float8E4M3FNUZType, Float8E4M3B11FNUZType, Float8E5M2Type,
             Float8E5M2FNUZType, Float8E8M0FNUType, BFloat16Type, Float16Type,
             FloatTF32Type, Float32Type, Float64Type>(type);
}

bool isSupportedQuantizedType(Type type) {
  auto quant = dyn_cast<quant::UniformQuantizedType>(type);
  if (!quant)
    return false;
  auto storage = dyn_cast<IntegerType>(quant.getStorageType());
  return storage && llvm::is_contained({2u, 4u, 8u, 16u, 32u, 64u},
                                       storage.getWidth()) &&
         isSupportedFloatType(quant.getExpressedType());
}

} // namespace hlox::stablehlo

void StableHLODialect::initialize() {
  addInterfaces<InlineAllInterface>();
  addTypes<
#define GET_TYPEDEF_LIST
#include "hlox/Dialect/StableHLO/IR/StablehloTypes.cpp.inc"
      >();
  registerAttributes();
  registerStableHLODialectOperations(this);
}

//===----------------------------------------------------------------------===//
// ConstantOp
//===----------------------------------------------------------------------===//

// `stablehlo.constant dense<...> : tensor<...>` when the value's type is the
// result type; otherwise (quantized results)
// `stablehlo.constant() <{value = ...}> : () -> type`.
ParseResult ConstantOp::parse(OpAsmParser &parser, OperationState &result) {
  if (succeeded(parser.parseOptionalLParen())) {
    Attribute props;
    FunctionType fnType;
    SMLoc loc = parser.getCurrentLocation();
    if (parser.parseRParen() || parser.parseLess() ||
        parser.parseAttribute(props) || parser.parseGreater() ||
        parser.parseOptionalAttrDict(result.attributes) ||
        parser.parseColonType(fnType))
      return failure();
    auto dict = dyn_cast<DictionaryAttr>(props);
    Attribute value = dict ? dict.get("value") : Attribute();
    if (!value || dict.size() != 1)
      return parser.emitError(loc, "expected <{value = ...}>");
    if (fnType.getNumInputs() != 0 || fnType.getNumResults() != 1)
      return parser.emitError(loc, "expected type () -> result");
    result.getOrAddProperties<Properties>().value = dyn_cast<ElementsAttr>(value);
    if (!result.getOrAddProperties<Properties>().value)
      return parser.emitError(loc, "expected an elements attribute");
    result.addTypes(fnType.getResults());
    return success();
  }
  ElementsAttr value;
  if (parseConstantLiteral(parser, result.attributes, value))
    return failure();
  result.getOrAddProperties<Properties>().value = value;
  result.addTypes(value.getType());
  return success();
}

void ConstantOp::print(OpAsmPrinter &printer) {
  if (getValue().getType() != getType()) {
    printer << "() <{value = ";
    printer.printAttribute(getValue());
    printer << "}>";
    printer.printOptionalAttrDict((*this)->getAttrs(), {"value"});
    printer << " : ";
    printer.printFunctionalType(TypeRange{}, getOperation()->getResultTypes());
    return;
  }
  printConstantLiteral(printer, *this, getValue());
}

OpFoldResult ConstantOp::fold(FoldAdaptor) { return getValue(); }

void ConstantOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  // As upstream names them: %cst for floats and complex, %c otherwise.
  Type element = getElementTypeOrSelf(getType());
  setNameFn(getResult(), isa<FloatType, ComplexType>(element) ? "cst" : "c");
}

//===----------------------------------------------------------------------===//
// WhileOp
//===----------------------------------------------------------------------===//

void WhileOp::getAsmBlockArgumentNames(Region &region,
                                       OpAsmSetValueNameFn setNameFn) {
  for (BlockArgument arg : region.getArguments())
    setNameFn(arg, "iterArg");
}

// stablehlo.while(%iterArg = %init, ...) : types attributes {...}
//  cond { ... } do { ... }
ParseResult WhileOp::parse(OpAsmParser &parser, OperationState &result) {
  SmallVector<OpAsmParser::Argument> iterArgs;
  SmallVector<OpAsmParser::UnresolvedOperand> operands;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseCommaSeparatedList(
          AsmParser::Delimiter::Paren, [&]() -> ParseResult {
            return failure(parser.parseArgument(iterArgs.emplace_back()) ||
                           parser.parseEqual() ||
                           parser.parseOperand(operands.emplace_back()));
          }))
    return failure();
  SmallVector<Type> types;
  if (succeeded(parser.parseOptionalColon()) && parser.parseTypeList(types))
    return failure();
  if (types.size() != operands.size())
    return parser.emitError(loc, "expected ")
           << operands.size() << " types, got " << types.size();
  for (auto [arg, type] : llvm::zip(iterArgs, types))
    arg.type = type;
  if (parser.resolveOperands(operands, types, loc, result.operands) ||
      parser.parseOptionalAttrDictWithKeyword(result.attributes))
    return failure();
  result.addTypes(types);
  Region *cond = result.addRegion();
  Region *body = result.addRegion();
  if (parser.parseKeyword("cond") || parser.parseRegion(*cond, iterArgs) ||
      parser.parseKeyword("do") || parser.parseRegion(*body, iterArgs))
    return failure();
  return success();
}

void WhileOp::print(OpAsmPrinter &printer) {
  printer << '(';
  Block &condBlock = getCond().front();
  llvm::interleaveComma(llvm::zip(condBlock.getArguments(), getOperands()),
                        printer, [&](auto pair) {
                          printer << std::get<0>(pair) << " = "
                                  << std::get<1>(pair);
                        });
  printer << ')';
  if (getNumOperands()) {
    printer << " : ";
    llvm::interleaveComma(getOperandTypes(), printer);
  }
  printer.printOptionalAttrDictWithKeyword((*this)->getAttrs());
  printer.printNewline();
  printer << " cond ";
  printer.printRegion(getCond(), /*printEntryBlockArgs=*/false);
  printer << " do ";
  printer.printRegion(getBody(), /*printEntryBlockArgs=*/false);
}

//===----------------------------------------------------------------------===//
// ReduceOp
//===----------------------------------------------------------------------===//

/// The op that a compact `applies <op>` reduce body consists of, or null:
/// a single binary op of this dialect on the two block arguments in order,
/// returning its result, without attributes or regions.
static Operation *getCompactReducer(ReduceOp op) {
  if (op.getInputs().size() != 1 || op.getBody().getBlocks().size() != 1)
    return nullptr;
  Block &block = op.getBody().front();
  if (block.getNumArguments() != 2 || !llvm::hasNItems(block, 2))
    return nullptr;
  Operation &inner = block.front();
  auto ret = dyn_cast<ReturnOp>(block.back());
  if (!ret || ret.getNumOperands() != 1 || inner.getNumOperands() != 2 ||
      inner.getNumResults() != 1 || inner.getNumRegions() != 0 ||
      !inner.getAttrs().empty() || inner.getDialect() != op->getDialect() ||
      ret.getOperand(0) != inner.getResult(0) ||
      inner.getOperand(0) != block.getArgument(0) ||
      inner.getOperand(1) != block.getArgument(1))
    return nullptr;
  Type argType = block.getArgument(0).getType();
  if (block.getArgument(1).getType() != argType ||
      inner.getResult(0).getType() != argType ||
      argType != op.getInitValues().front().getType())
    return nullptr;
  // The compact form drops the body's locations: it reparses with the
  // reduce op's location on the body.
  return &inner;
}

// stablehlo.reduce(%x init: %c), ... applies stablehlo.add across
//   dimensions = [1] : (types) -> types
// or, with a general body,
// stablehlo.reduce(%x init: %c), ... across dimensions = [1] : ... reducer(
//   %a: t, %b: t) (%c: u, %d: u) { ... }
ParseResult ReduceOp::parse(OpAsmParser &parser, OperationState &result) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<OpAsmParser::UnresolvedOperand> inputs, inits;
  if (parser.parseCommaSeparatedList([&]() -> ParseResult {
        return failure(parser.parseLParen() ||
                       parser.parseOperand(inputs.emplace_back()) ||
                       parser.parseKeyword("init") || parser.parseColon() ||
                       parser.parseOperand(inits.emplace_back()) ||
                       parser.parseRParen());
      }))
    return failure();
  std::optional<OperationName> compactOp;
  SMLoc compactLoc = parser.getCurrentLocation();
  if (succeeded(parser.parseOptionalKeyword("applies"))) {
    std::string name;
    if (parser.parseKeywordOrString(&name))
      return failure();
    compactOp = OperationName(name, parser.getContext());
    if (!compactOp->isRegistered())
      return parser.emitError(compactLoc, "unknown reducer op '") << name << "'";
  }
  DenseI64ArrayAttr dims;
  FunctionType fnType;
  if (parser.parseKeyword("across") || parser.parseKeyword("dimensions") ||
      parser.parseEqual() || parseDenseI64Array(parser, dims) ||
      parser.parseOptionalAttrDict(result.attributes) ||
      parser.parseColonType(fnType))
    return failure();
  result.getOrAddProperties<Properties>().dimensions = dims;
  SmallVector<OpAsmParser::UnresolvedOperand> all(inputs);
  all.append(inits);
  if (parser.resolveOperands(all, fnType.getInputs(), loc, result.operands))
    return failure();
  result.addTypes(fnType.getResults());
  Region *body = result.addRegion();
  size_t n = inputs.size();

  if (compactOp) {
    if (n != 1)
      return parser.emitError(compactLoc,
                              "'applies' form takes a single input");
    Type argType = fnType.getInput(1);
    OpBuilder builder(parser.getContext());
    Location bodyLoc = result.location;
    Block *block = builder.createBlock(body);
    block->addArguments({argType, argType}, {bodyLoc, bodyLoc});
    OperationState state(bodyLoc, *compactOp);
    state.addOperands(block->getArguments());
    state.addTypes(argType);
    Operation *inner = builder.create(state);
    ReturnOp::create(builder, bodyLoc, inner->getResult(0));
    return success();
  }

  // reducer(%a: t, %b: t) (%c: u, %d: u) { ... }: pair i holds block
  // arguments i and i + n.
  SmallVector<OpAsmParser::Argument> lhs, rhs;
  if (parser.parseKeyword("reducer"))
    return failure();
  for (size_t i = 0; i < n; ++i) {
    if (parser.parseLParen() ||
        parser.parseArgument(lhs.emplace_back(), /*allowType=*/true) ||
        parser.parseComma() ||
        parser.parseArgument(rhs.emplace_back(), /*allowType=*/true) ||
        parser.parseRParen())
      return failure();
  }
  SmallVector<OpAsmParser::Argument> args(lhs);
  args.append(rhs);
  return parser.parseRegion(*body, args);
}

void ReduceOp::print(OpAsmPrinter &printer) {
  size_t n = getInputs().size();
  for (size_t i = 0; i < n; ++i) {
    if (i)
      printer << ", ";
    printer << '(' << getInputs()[i] << " init: " << getInitValues()[i] << ')';
  }
  Operation *compact = getCompactReducer(*this);
  if (compact)
    printer << " applies " << compact->getName().getStringRef();
  printer << " across dimensions = ";
  printDenseI64Array(printer, *this, getDimensionsAttr());
  printer.printOptionalAttrDict((*this)->getAttrs(), {"dimensions"});
  printer << " : ";
  printer.printFunctionalType(*this);
  if (compact)
    return;
  printer.printNewline();
  printer << " reducer";
  Block &block = getBody().front();
  for (size_t i = 0; i < n && 2 * n == block.getNumArguments(); ++i) {
    printer << (i ? " (" : "(");
    printer.printRegionArgument(block.getArgument(i));
    printer << ", ";
    printer.printRegionArgument(block.getArgument(i + n));
    printer << ')';
  }
  printer << ' ';
  printer.printRegion(getBody(), /*printEntryBlockArgs=*/false);
}

std::string hlox::stablehlo::CustomCallOp::getBackendConfigText() {
  Attribute config = getBackendConfigAttr();
  if (!config)
    return "";
  if (auto text = dyn_cast<StringAttr>(config))
    return text.str();
  std::string printed;
  llvm::raw_string_ostream os(printed);
  config.print(os);
  return printed;
}
