//===- VhloDialect.cpp - The vhlo dialect and its op constraints ---------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Dialect/VHLO/IR/VhloAssemblyFormat.h"
#include "hlox/Dialect/VHLO/IR/VhloBytecode.h"
#include "hlox/Dialect/VHLO/IR/VhloOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"

using namespace mlir;
using namespace hlox::vhlo;

#include "hlox/Dialect/VHLO/IR/VhloDialect.cpp.inc"
#include "hlox/Dialect/VHLO/IR/VhloOpInterfaces.cpp.inc"

void VhloDialect::initialize() {
  registerAttributes();
  registerTypes();
  registerVhloDialectOperations(this);
  addBytecodeInterface(this);
}

//===----------------------------------------------------------------------===//
// What older versions cannot hold
//===----------------------------------------------------------------------===//

static Type getElementTypeOf(Type type) {
  if (auto tensor = dyn_cast<RankedTensorV1Type>(type))
    return tensor.getElementType();
  if (auto tensor = dyn_cast<UnrankedTensorV1Type>(type))
    return tensor.getElementType();
  return {};
}

// Before 0.17.0, a reduction computed in its operands' element type: the
// results of reduce-like ops have the element types of their operands.
static LogicalResult checkNoPromotedReduction(Operation *op, Version target) {
  if (target >= Version(0, 17, 0))
    return success();
  for (auto [operand, result] :
       llvm::zip(op->getOperandTypes(), op->getResultTypes()))
    if (getElementTypeOf(operand) != getElementTypeOf(result))
      return failure();
  return success();
}

LogicalResult AllReduceOpV1::validateConstraint(Version target) {
  return checkNoPromotedReduction(*this, target);
}
LogicalResult ReduceOpV1::validateConstraint(Version target) {
  return checkNoPromotedReduction(*this, target);
}
LogicalResult ReduceScatterOpV1::validateConstraint(Version target) {
  return checkNoPromotedReduction(*this, target);
}
LogicalResult ReduceWindowOpV1::validateConstraint(Version target) {
  return checkNoPromotedReduction(*this, target);
}
LogicalResult ScatterOpV1::validateConstraint(Version target) {
  return checkNoPromotedReduction(*this, target);
}
LogicalResult SelectAndScatterOpV1::validateConstraint(Version target) {
  return checkNoPromotedReduction(*this, target);
}

// A dictionary backend_config and the typed FFI came in 1.3.0; futures as
// custom_call operands in 1.17.0.
LogicalResult CustomCallOpV1::validateConstraint(Version target) {
  if (target < Version(1, 3, 0)) {
    if (isa<DictionaryV1Attr>(getBackendConfig()))
      return failure();
    auto api = dyn_cast<CustomCallApiVersionV1Attr>(getApiVersion());
    if (api &&
        api.getValue() == CustomCallApiVersionV1::API_VERSION_TYPED_FFI)
      return failure();
  }
  if (target < Version(1, 17, 0) &&
      llvm::any_of(getOperandTypes(), llvm::IsaPred<FutureV1Type>))
    return failure();
  return success();
}

//===----------------------------------------------------------------------===//
// vhlo.func_v1 syntax
//===----------------------------------------------------------------------===//

// A function with a body names its arguments (`%arg0: T`); a declaration,
// which has no body, lists the types alone.
ParseResult hlox::vhlo::parseFunctionBody(OpAsmParser &parser,
                                          Attribute &name, Region &body,
                                          Attribute &functionType) {
  StringAttr symbol;
  SmallVector<OpAsmParser::Argument> args;
  SmallVector<Type> inputs, results;
  if (parser.parseSymbolName(symbol) ||
      parser.parseCommaSeparatedList(
          AsmParser::Delimiter::Paren, [&]() -> ParseResult {
            OpAsmParser::Argument arg;
            OptionalParseResult named =
                parser.parseOptionalArgument(arg, /*allowType=*/true);
            if (named.has_value()) {
              if (failed(*named))
                return failure();
              args.push_back(arg);
              inputs.push_back(arg.type);
              return success();
            }
            return parser.parseType(inputs.emplace_back());
          }) ||
      parser.parseArrowTypeList(results))
    return failure();
  if (!args.empty() && args.size() != inputs.size())
    return parser.emitError(parser.getCurrentLocation(),
                            "name all arguments or none");
  OptionalParseResult region = parser.parseOptionalRegion(body, args);
  if (region.has_value() && failed(*region))
    return failure();
  MLIRContext *ctx = parser.getContext();
  name = StringV1Attr::get(ctx, symbol.getValue());
  functionType =
      TypeV1Attr::get(ctx, FunctionV1Type::get(ctx, inputs, results));
  return success();
}

void hlox::vhlo::printFunctionBody(OpAsmPrinter &printer, Operation *,
                                   Attribute name, Region &body,
                                   Attribute functionType) {
  auto symbol = dyn_cast<StringV1Attr>(name);
  auto typeAttr = dyn_cast<TypeV1Attr>(functionType);
  auto type = typeAttr ? dyn_cast<FunctionV1Type>(typeAttr.getValue())
                       : FunctionV1Type();
  printer.printSymbolName(symbol ? symbol.getValue() : "");
  printer << '(';
  if (body.empty()) {
    if (type)
      llvm::interleaveComma(type.getInputs(), printer);
  } else {
    llvm::interleaveComma(body.getArguments(), printer,
                          [&](BlockArgument arg) {
                            printer.printRegionArgument(arg);
                          });
  }
  printer << ") -> (";
  if (type)
    llvm::interleaveComma(type.getOutputs(), printer);
  printer << ')';
  if (!body.empty()) {
    printer << ' ';
    printer.printRegion(body, /*printEntryBlockArgs=*/false,
                        /*printBlockTerminators=*/true,
                        /*printEmptyBlock=*/true);
  }
}
