//===- StablehloAttrs.cpp - StableHLO attribute syntax --------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Parsing and printing of the structured attributes. Keys with empty lists
// are omitted when printing, as upstream does, and may be omitted in input.
//
//===----------------------------------------------------------------------===//

#include "hlox/Dialect/StableHLO/IR/StablehloAssemblyFormat.h"
#include "hlox/Dialect/StableHLO/IR/StablehloOps.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace hlox::stablehlo;

#define GET_ATTRDEF_CLASSES
#include "hlox/Dialect/StableHLO/IR/StablehloAttrs.cpp.inc"

void StableHLODialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "hlox/Dialect/StableHLO/IR/StablehloAttrs.cpp.inc"
      >();
}

namespace {
/// Prints `key = value` pairs separated by commas.
class StructPrinter {
public:
  explicit StructPrinter(AsmPrinter &printer) : printer(printer) {}

  /// Prints a list, skipped when empty unless `always`.
  StructPrinter &dims(StringRef key, ArrayRef<int64_t> values,
                      bool always = false) {
    if (values.empty() && !always)
      return *this;
    next(key);
    printDims(printer, values);
    return *this;
  }
  template <typename T>
  StructPrinter &value(StringRef key, const T &v) {
    next(key);
    printer << v;
    return *this;
  }

private:
  void next(StringRef key) {
    if (!first)
      printer << ", ";
    first = false;
    printer << key << " = ";
  }
  AsmPrinter &printer;
  bool first = true;
};
} // namespace

//===----------------------------------------------------------------------===//
// GatherDimensionNumbersAttr
//===----------------------------------------------------------------------===//

Attribute GatherDimensionNumbersAttr::parse(AsmParser &parser, Type) {
  SmallVector<int64_t> offset, collapsed, operandBatching, indicesBatching,
      startIndexMap;
  int64_t indexVectorDim = 0;
  const StringRef keys[] = {"offset_dims", "collapsed_slice_dims",
                            "operand_batching_dims",
                            "start_indices_batching_dims", "start_index_map",
                            "index_vector_dim"};
  if (parser.parseLess() ||
      parseStruct(parser, keys,
                  [&](StringRef key) -> ParseResult {
                    if (key == keys[0]) return parseDims(parser, offset);
                    if (key == keys[1]) return parseDims(parser, collapsed);
                    if (key == keys[2]) return parseDims(parser, operandBatching);
                    if (key == keys[3]) return parseDims(parser, indicesBatching);
                    if (key == keys[4]) return parseDims(parser, startIndexMap);
                    return parser.parseInteger(indexVectorDim);
                  }) ||
      parser.parseGreater())
    return {};
  return get(parser.getContext(), offset, collapsed, operandBatching,
             indicesBatching, startIndexMap, indexVectorDim);
}

void GatherDimensionNumbersAttr::print(AsmPrinter &printer) const {
  printer << '<';
  StructPrinter(printer)
      .dims("offset_dims", getOffsetDims())
      .dims("collapsed_slice_dims", getCollapsedSliceDims())
      .dims("operand_batching_dims", getOperandBatchingDims())
      .dims("start_indices_batching_dims", getStartIndicesBatchingDims())
      .dims("start_index_map", getStartIndexMap())
      .value("index_vector_dim", getIndexVectorDim());
  printer << '>';
}

//===----------------------------------------------------------------------===//
// ScatterDimensionNumbersAttr
//===----------------------------------------------------------------------===//

Attribute ScatterDimensionNumbersAttr::parse(AsmParser &parser, Type) {
  SmallVector<int64_t> window, inserted, inputBatching, indicesBatching,
      toOperand;
  int64_t indexVectorDim = 0;
  const StringRef keys[] = {"update_window_dims", "inserted_window_dims",
                            "input_batching_dims",
                            "scatter_indices_batching_dims",
                            "scatter_dims_to_operand_dims", "index_vector_dim"};
  if (parser.parseLess() ||
      parseStruct(parser, keys,
                  [&](StringRef key) -> ParseResult {
                    if (key == keys[0]) return parseDims(parser, window);
                    if (key == keys[1]) return parseDims(parser, inserted);
                    if (key == keys[2]) return parseDims(parser, inputBatching);
                    if (key == keys[3]) return parseDims(parser, indicesBatching);
                    if (key == keys[4]) return parseDims(parser, toOperand);
                    return parser.parseInteger(indexVectorDim);
                  }) ||
      parser.parseGreater())
    return {};
  return get(parser.getContext(), window, inserted, inputBatching,
             indicesBatching, toOperand, indexVectorDim);
}

void ScatterDimensionNumbersAttr::print(AsmPrinter &printer) const {
  printer << '<';
  StructPrinter(printer)
      .dims("update_window_dims", getUpdateWindowDims())
      .dims("inserted_window_dims", getInsertedWindowDims())
      .dims("input_batching_dims", getInputBatchingDims())
      .dims("scatter_indices_batching_dims", getScatterIndicesBatchingDims())
      .dims("scatter_dims_to_operand_dims", getScatterDimsToOperandDims())
      .value("index_vector_dim", getIndexVectorDim());
  printer << '>';
}

//===----------------------------------------------------------------------===//
// DotDimensionNumbersAttr
//===----------------------------------------------------------------------===//

Attribute DotDimensionNumbersAttr::parse(AsmParser &parser, Type) {
  SmallVector<int64_t> lhsBatch, rhsBatch, lhsContract, rhsContract;
  const StringRef keys[] = {"lhs_batching_dimensions", "rhs_batching_dimensions",
                            "lhs_contracting_dimensions",
                            "rhs_contracting_dimensions"};
  if (parser.parseLess() ||
      parseStruct(parser, keys,
                  [&](StringRef key) -> ParseResult {
                    if (key == keys[0]) return parseDims(parser, lhsBatch);
                    if (key == keys[1]) return parseDims(parser, rhsBatch);
                    if (key == keys[2]) return parseDims(parser, lhsContract);
                    return parseDims(parser, rhsContract);
                  }) ||
      parser.parseGreater())
    return {};
  return get(parser.getContext(), lhsBatch, rhsBatch, lhsContract, rhsContract);
}

void DotDimensionNumbersAttr::print(AsmPrinter &printer) const {
  printer << '<';
  StructPrinter(printer)
      .dims("lhs_batching_dimensions", getLhsBatchingDimensions())
      .dims("rhs_batching_dimensions", getRhsBatchingDimensions())
      .dims("lhs_contracting_dimensions", getLhsContractingDimensions())
      .dims("rhs_contracting_dimensions", getRhsContractingDimensions());
  printer << '>';
}

//===----------------------------------------------------------------------===//
// ConvDimensionNumbersAttr
//===----------------------------------------------------------------------===//

Attribute ConvDimensionNumbersAttr::parse(AsmParser &parser, Type) {
  ConvDimensionNumbersAttr attr;
  if (parser.parseLess() || parseConvolutionDimensions(parser, attr) ||
      parser.parseGreater())
    return {};
  return attr;
}

void ConvDimensionNumbersAttr::print(AsmPrinter &printer) const {
  printer << '<';
  printConvolutionDimensions(printer, nullptr, *this);
  printer << '>';
}

//===----------------------------------------------------------------------===//
// ChannelHandleAttr
//===----------------------------------------------------------------------===//

Attribute ChannelHandleAttr::parse(AsmParser &parser, Type) {
  int64_t handle = 0, type = 0;
  const StringRef keys[] = {"handle", "type"};
  if (parser.parseLess() ||
      parseStruct(parser, keys,
                  [&](StringRef key) -> ParseResult {
                    return parser.parseInteger(key == keys[0] ? handle : type);
                  }) ||
      parser.parseGreater())
    return {};
  return get(parser.getContext(), handle, type);
}

void ChannelHandleAttr::print(AsmPrinter &printer) const {
  printer << '<';
  StructPrinter(printer).value("handle", getHandle()).value("type", getType());
  printer << '>';
}

//===----------------------------------------------------------------------===//
// OutputOperandAliasAttr
//===----------------------------------------------------------------------===//

Attribute OutputOperandAliasAttr::parse(AsmParser &parser, Type) {
  SmallVector<int64_t> outputIndices, operandIndices;
  int64_t operandIndex = 0;
  const StringRef keys[] = {"output_tuple_indices", "operand_index",
                            "operand_tuple_indices"};
  if (parser.parseLess() ||
      parseStruct(parser, keys,
                  [&](StringRef key) -> ParseResult {
                    if (key == keys[0]) return parseDims(parser, outputIndices);
                    if (key == keys[1]) return parser.parseInteger(operandIndex);
                    return parseDims(parser, operandIndices);
                  }) ||
      parser.parseGreater())
    return {};
  return get(parser.getContext(), outputIndices, operandIndex, operandIndices);
}

void OutputOperandAliasAttr::print(AsmPrinter &printer) const {
  printer << '<';
  StructPrinter(printer)
      .dims("output_tuple_indices", getOutputTupleIndices(), /*always=*/true)
      .value("operand_index", getOperandIndex())
      .dims("operand_tuple_indices", getOperandTupleIndices(), /*always=*/true);
  printer << '>';
}

//===----------------------------------------------------------------------===//
// TypeExtensionsAttr
//===----------------------------------------------------------------------===//

Attribute TypeExtensionsAttr::parse(AsmParser &parser, Type) {
  SmallVector<int64_t> bounds;
  const StringRef keys[] = {"bounds"};
  if (parser.parseLess() ||
      parseStruct(parser, keys,
                  [&](StringRef) { return parseDims(parser, bounds); }) ||
      parser.parseGreater())
    return {};
  return get(parser.getContext(), bounds);
}

void TypeExtensionsAttr::print(AsmPrinter &printer) const {
  printer << '<';
  StructPrinter(printer).dims("bounds", getBounds(), /*always=*/true);
  printer << '>';
}

//===----------------------------------------------------------------------===//
// DotAlgorithmAttr
//===----------------------------------------------------------------------===//

Attribute DotAlgorithmAttr::parse(AsmParser &parser, Type) {
  Type lhs, rhs, accumulation;
  int64_t lhsCount = 1, rhsCount = 1, primitiveOps = 1;
  bool allowImprecise = false;
  const StringRef keys[] = {"lhs_precision_type",  "rhs_precision_type",
                            "accumulation_type",   "lhs_component_count",
                            "rhs_component_count", "num_primitive_operations",
                            "allow_imprecise_accumulation"};
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLess() ||
      parseStruct(parser, keys,
                  [&](StringRef key) -> ParseResult {
                    if (key == keys[0]) return parser.parseType(lhs);
                    if (key == keys[1]) return parser.parseType(rhs);
                    if (key == keys[2]) return parser.parseType(accumulation);
                    if (key == keys[3]) return parser.parseInteger(lhsCount);
                    if (key == keys[4]) return parser.parseInteger(rhsCount);
                    if (key == keys[5]) return parser.parseInteger(primitiveOps);
                    if (succeeded(parser.parseOptionalKeyword("true"))) {
                      allowImprecise = true;
                      return success();
                    }
                    return parser.parseKeyword("false");
                  }) ||
      parser.parseGreater())
    return {};
  if (!lhs || !rhs || !accumulation) {
    parser.emitError(loc, "dot_algorithm needs lhs_precision_type, "
                          "rhs_precision_type and accumulation_type");
    return {};
  }
  return get(parser.getContext(), lhs, rhs, accumulation, lhsCount, rhsCount,
             primitiveOps, allowImprecise);
}

void DotAlgorithmAttr::print(AsmPrinter &printer) const {
  printer << '<';
  StructPrinter(printer)
      .value("lhs_precision_type", getLhsPrecisionType())
      .value("rhs_precision_type", getRhsPrecisionType())
      .value("accumulation_type", getAccumulationType())
      .value("lhs_component_count", getLhsComponentCount())
      .value("rhs_component_count", getRhsComponentCount())
      .value("num_primitive_operations", getNumPrimitiveOperations())
      .value("allow_imprecise_accumulation",
             getAllowImpreciseAccumulation() ? "true" : "false");
  printer << '>';
}

//===----------------------------------------------------------------------===//
// ResultAccuracyAttr
//===----------------------------------------------------------------------===//

Attribute ResultAccuracyAttr::parse(AsmParser &parser, Type) {
  double atol = 0, rtol = 0;
  int64_t ulps = 0;
  ResultAccuracyModeAttr mode =
      ResultAccuracyModeAttr::get(parser.getContext(), ResultAccuracyMode::DEFAULT);
  const StringRef keys[] = {"atol", "rtol", "ulps", "mode"};
  if (parser.parseLess() ||
      parseStruct(parser, keys,
                  [&](StringRef key) -> ParseResult {
                    if (key == keys[0]) return parser.parseFloat(atol);
                    if (key == keys[1]) return parser.parseFloat(rtol);
                    if (key == keys[2]) return parser.parseInteger(ulps);
                    Attribute attr;
                    SMLoc loc = parser.getCurrentLocation();
                    if (parser.parseAttribute(attr))
                      return failure();
                    mode = dyn_cast<ResultAccuracyModeAttr>(attr);
                    if (!mode)
                      return parser.emitError(
                          loc, "expected #stablehlo.result_accuracy_mode<...>");
                    return success();
                  }) ||
      parser.parseGreater())
    return {};
  return get(parser.getContext(), APFloat(atol), APFloat(rtol), ulps, mode);
}

void ResultAccuracyAttr::print(AsmPrinter &printer) const {
  printer << "<atol = ";
  printer.printFloat(getAtol());
  printer << ", rtol = ";
  printer.printFloat(getRtol());
  printer << ", ulps = " << getUlps() << ", mode = ";
  printer.printAttribute(getMode());
  printer << '>';
}
