//===- ChloOps.cpp - CHLO dialect ------------------------------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Dialect/CHLO/IR/ChloOps.h"
#include "hlox/Dialect/StableHLO/IR/StablehloAssemblyFormat.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace hlox::chlo;

#include "hlox/Dialect/CHLO/IR/ChloDialect.cpp.inc"
#include "hlox/Dialect/CHLO/IR/ChloEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "hlox/Dialect/CHLO/IR/ChloAttrs.cpp.inc"

void CHLODialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "hlox/Dialect/CHLO/IR/ChloAttrs.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "hlox/Dialect/CHLO/IR/ChloOps.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// RaggedDotDimensionNumbersAttr
//===----------------------------------------------------------------------===//

Attribute RaggedDotDimensionNumbersAttr::parse(AsmParser &parser, Type) {
  SmallVector<int64_t> lists[6];
  const StringRef keys[] = {"lhs_batching_dimensions",
                            "rhs_batching_dimensions",
                            "lhs_contracting_dimensions",
                            "rhs_contracting_dimensions",
                            "lhs_ragged_dimensions",
                            "rhs_group_dimensions"};
  if (parser.parseLess() ||
      hlox::stablehlo::parseStruct(
          parser, keys,
          [&](StringRef key) -> ParseResult {
            size_t i = llvm::find(keys, key) - std::begin(keys);
            return hlox::stablehlo::parseDims(parser, lists[i]);
          }) ||
      parser.parseGreater())
    return {};
  return get(parser.getContext(), lists[0], lists[1], lists[2], lists[3],
             lists[4], lists[5]);
}

void RaggedDotDimensionNumbersAttr::print(AsmPrinter &printer) const {
  ArrayRef<int64_t> lists[] = {
      getLhsBatchingDimensions(),    getRhsBatchingDimensions(),
      getLhsContractingDimensions(), getRhsContractingDimensions(),
      getLhsRaggedDimensions(),      getRhsGroupDimensions()};
  const StringRef keys[] = {"lhs_batching_dimensions",
                            "rhs_batching_dimensions",
                            "lhs_contracting_dimensions",
                            "rhs_contracting_dimensions",
                            "lhs_ragged_dimensions",
                            "rhs_group_dimensions"};
  printer << '<';
  for (size_t i = 0; i < 6; ++i) {
    if (i)
      printer << ", ";
    printer << keys[i] << " = ";
    hlox::stablehlo::printDims(printer, lists[i]);
  }
  printer << '>';
}

//===----------------------------------------------------------------------===//
// ConstantOp
//===----------------------------------------------------------------------===//

ParseResult ConstantOp::parse(OpAsmParser &parser, OperationState &result) {
  if (parser.parseOptionalAttrDict(result.attributes))
    return failure();
  SMLoc loc = parser.getCurrentLocation();
  Attribute value;
  if (parser.parseAttribute(value))
    return failure();
  auto elements = dyn_cast<ElementsAttr>(value);
  if (!elements)
    return parser.emitError(loc, "expected an elements attribute");
  result.getOrAddProperties<Properties>().value = elements;
  result.addTypes(elements.getType());
  return success();
}

void ConstantOp::print(OpAsmPrinter &printer) {
  printer.printOptionalAttrDict((*this)->getAttrs(), {"value"});
  printer << ' ';
  printer.printAttribute(getValue());
}

//===----------------------------------------------------------------------===//
// TopKOp
//===----------------------------------------------------------------------===//

LogicalResult TopKOp::verify() {
  auto operand = cast<ShapedType>(getOperand().getType());
  if (operand.getRank() < 1)
    return emitOpError("operand must have rank >= 1");
  int64_t last = operand.getDimSize(operand.getRank() - 1);
  if (getK() < 0 || (!ShapedType::isDynamic(last) && getK() > last))
    return emitOpError("k = ") << getK() << " must be in [0, " << last << "]";
  for (Type type : getResultTypes()) {
    auto shaped = cast<ShapedType>(type);
    if (shaped.getRank() != operand.getRank() ||
        shaped.getDimSize(shaped.getRank() - 1) != getK())
      return emitOpError("results must have the operand's shape with the "
                         "last dimension k");
  }
  return success();
}

#define GET_OP_CLASSES
#include "hlox/Dialect/CHLO/IR/ChloOps.cpp.inc"
