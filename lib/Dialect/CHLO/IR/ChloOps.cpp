//===- ChloOps.cpp - CHLO dialect ------------------------------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Dialect/CHLO/IR/ChloOps.h"
#include "hlox/Dialect/InlineAll.h"
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
  addInterfaces<InlineAllInterface>();
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

/// The keys of #chlo.ragged_dot, in printing order.
static constexpr StringRef kRaggedDotKeys[] = {
    "lhs_batching_dimensions",    "rhs_batching_dimensions",
    "lhs_contracting_dimensions", "rhs_contracting_dimensions",
    "lhs_ragged_dimensions",      "rhs_group_dimensions"};

Attribute RaggedDotDimensionNumbersAttr::parse(AsmParser &parser, Type) {
  SmallVector<int64_t> lists[6];
  ArrayRef<StringRef> keys = kRaggedDotKeys;
  if (parser.parseLess() ||
      hlox::stablehlo::parseStruct(
          parser, keys,
          [&](StringRef key) -> ParseResult {
            size_t i = llvm::find(keys, key) - keys.begin();
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
  printer << '<';
  for (size_t i = 0; i < 6; ++i) {
    if (i)
      printer << ", ";
    printer << kRaggedDotKeys[i] << " = ";
    hlox::stablehlo::printDims(printer, lists[i]);
  }
  printer << '>';
}

//===----------------------------------------------------------------------===//
// ConstantOp
//===----------------------------------------------------------------------===//

ParseResult ConstantOp::parse(OpAsmParser &parser, OperationState &result) {
  ElementsAttr value;
  if (hlox::stablehlo::parseConstantLiteral(parser, result.attributes, value))
    return failure();
  result.getOrAddProperties<Properties>().value = value;
  result.addTypes(value.getType());
  return success();
}

OpFoldResult ConstantOp::fold(FoldAdaptor) { return getValue(); }

void ConstantOp::print(OpAsmPrinter &printer) {
  hlox::stablehlo::printConstantLiteral(printer, *this, getValue());
}

//===----------------------------------------------------------------------===//
// TopKOp
//===----------------------------------------------------------------------===//

LogicalResult TopKOp::verify() {
  auto operand = cast<ShapedType>(getOperand().getType());
  if (operand.getRank() < 1)
    return emitOpError("operand must have rank >= 1");
  int64_t last = operand.getDimSize(operand.getRank() - 1);
  int64_t k = getKAttr().getInt(); // signed: the getter is uint64_t
  if (k < 0 || (!ShapedType::isDynamic(last) && k > last))
    return emitOpError("k = ") << k << " must be in [0, " << last << "]";
  for (Type type : getResultTypes()) {
    auto shaped = cast<ShapedType>(type);
    if (shaped.getRank() != operand.getRank() ||
        shaped.getDimSize(shaped.getRank() - 1) != k)
      return emitOpError("results must have the operand's shape with the "
                         "last dimension k");
  }
  return success();
}

#define GET_OP_CLASSES
#include "hlox/Dialect/CHLO/IR/ChloOps.cpp.inc"
