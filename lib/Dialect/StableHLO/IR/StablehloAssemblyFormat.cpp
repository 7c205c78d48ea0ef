//===- StablehloAssemblyFormat.cpp - Custom directives of StableHLO -------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Dialect/StableHLO/IR/StablehloAssemblyFormat.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;

namespace hlox::stablehlo {

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

ParseResult parseSameOperandsAndResultTypeImpl(OpAsmParser &parser,
                                               ArrayRef<Type *> operands,
                                               Type &result) {
  SMLoc loc = parser.getCurrentLocation();
  Type type;
  if (parser.parseType(type))
    return failure();
  if (auto fnType = dyn_cast<FunctionType>(type)) {
    if (fnType.getNumInputs() != operands.size())
      return parser.emitError(loc)
             << "expected " << operands.size() << " operand type(s), got "
             << fnType.getNumInputs();
    if (fnType.getNumResults() != 1)
      return parser.emitError(loc) << "expected a single result type";
    for (auto [slot, input] : llvm::zip(operands, fnType.getInputs()))
      *slot = input;
    result = fnType.getResult(0);
    return success();
  }
  for (Type *slot : operands)
    *slot = type;
  result = type;
  return success();
}

void printSameOperandsAndResultTypeImpl(OpAsmPrinter &printer,
                                        TypeRange operands, Type result) {
  if (llvm::all_of(operands, [&](Type t) { return t == result; })) {
    printer << result;
    return;
  }
  printer.printFunctionalType(operands, TypeRange(result));
}

ParseResult parseComplexOpType(OpAsmParser &parser, Type &lhs, Type &rhs,
                               Type &result) {
  SMLoc loc = parser.getCurrentLocation();
  Type type;
  if (parser.parseType(type))
    return failure();
  if (auto fnType = dyn_cast<FunctionType>(type)) {
    if (fnType.getNumInputs() != 2 || fnType.getNumResults() != 1)
      return parser.emitError(loc, "expected (lhs, rhs) -> result");
    lhs = fnType.getInput(0);
    rhs = fnType.getInput(1);
    result = fnType.getResult(0);
    return success();
  }
  auto tensor = dyn_cast<RankedTensorType>(type);
  auto complex = tensor ? dyn_cast<ComplexType>(tensor.getElementType())
                        : ComplexType();
  if (!complex)
    return parser.emitError(loc, "expected a tensor of complex type");
  lhs = rhs = tensor.clone(complex.getElementType());
  result = type;
  return success();
}

void printComplexOpType(OpAsmPrinter &printer, Operation *, Type lhs, Type rhs,
                        Type result) {
  auto tensor = dyn_cast<RankedTensorType>(result);
  auto complex = tensor ? dyn_cast<ComplexType>(tensor.getElementType())
                        : ComplexType();
  if (complex && lhs == rhs &&
      lhs == tensor.clone(complex.getElementType())) {
    printer << result;
    return;
  }
  printer.printFunctionalType(TypeRange{lhs, rhs}, TypeRange(result));
}

ParseResult parseSelectOpType(OpAsmParser &parser, Type &pred, Type &onTrue,
                              Type &onFalse, Type &result) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<Type> types;
  if (parser.parseTypeList(types))
    return failure();
  if (types.size() == 2) {
    pred = types[0];
    onTrue = onFalse = result = types[1];
    return success();
  }
  auto fnType = types.size() == 1 ? dyn_cast<FunctionType>(types[0])
                                  : FunctionType();
  if (!fnType || fnType.getNumInputs() != 3 || fnType.getNumResults() != 1)
    return parser.emitError(loc, "expected `pred type, result type` or a "
                                 "functional type with 3 inputs and 1 result");
  pred = fnType.getInput(0);
  onTrue = fnType.getInput(1);
  onFalse = fnType.getInput(2);
  result = fnType.getResult(0);
  return success();
}

void printSelectOpType(OpAsmPrinter &printer, Operation *, Type pred,
                       Type onTrue, Type onFalse, Type result) {
  if (onTrue == result && onFalse == result) {
    printer << pred << ", " << result;
    return;
  }
  printer.printFunctionalType(TypeRange{pred, onTrue, onFalse},
                              TypeRange(result));
}

ParseResult parseTupleOpType(OpAsmParser &parser,
                             SmallVectorImpl<Type> &operands, Type &result) {
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseType(result))
    return failure();
  auto tuple = dyn_cast<TupleType>(result);
  if (!tuple)
    return parser.emitError(loc, "expected a tuple type");
  llvm::append_range(operands, tuple.getTypes());
  return success();
}

void printTupleOpType(OpAsmPrinter &printer, Operation *, TypeRange,
                      Type result) {
  printer << result;
}

ParseResult parsePairwiseOpType(OpAsmParser &parser,
                                SmallVectorImpl<Type> &operands,
                                SmallVectorImpl<Type> &results) {
  if (parser.parseTypeList(operands))
    return failure();
  llvm::append_range(results, operands);
  return success();
}

void printPairwiseOpType(OpAsmPrinter &printer, Operation *, TypeRange operands,
                         TypeRange) {
  llvm::interleaveComma(operands, printer);
}

ParseResult parseVariadicSameOperandsAndResultType(
    OpAsmParser &parser, ArrayRef<OpAsmParser::UnresolvedOperand> operands,
    SmallVectorImpl<Type> &operandTypes, Type &result) {
  if (parser.parseType(result))
    return failure();
  operandTypes.assign(operands.size(), result);
  return success();
}

void printVariadicSameOperandsAndResultType(OpAsmPrinter &printer, Operation *,
                                            OperandRange, TypeRange,
                                            Type result) {
  printer << result;
}

//===----------------------------------------------------------------------===//
// Operands and attributes
//===----------------------------------------------------------------------===//

ParseResult parseVariadicOperandWithAttribute(
    OpAsmParser &parser,
    SmallVectorImpl<OpAsmParser::UnresolvedOperand> &operands) {
  while (true) {
    OpAsmParser::UnresolvedOperand operand;
    OptionalParseResult parsed = parser.parseOptionalOperand(operand);
    if (!parsed.has_value())
      return success();
    if (failed(*parsed) || parser.parseComma())
      return failure();
    operands.push_back(operand);
  }
}

void printVariadicOperandWithAttribute(OpAsmPrinter &printer, Operation *,
                                       OperandRange operands) {
  for (Value operand : operands)
    printer << operand << ", ";
}

ParseResult parseDims(AsmParser &parser, SmallVectorImpl<int64_t> &values) {
  return parser.parseCommaSeparatedList(
      AsmParser::Delimiter::Square, [&]() -> ParseResult {
        if (succeeded(parser.parseOptionalQuestion())) {
          values.push_back(ShapedType::kDynamic);
          return success();
        }
        return parser.parseInteger(values.emplace_back());
      });
}

void printDims(AsmPrinter &printer, ArrayRef<int64_t> values) {
  printer << '[';
  llvm::interleaveComma(values, printer, [&](int64_t value) {
    if (ShapedType::isDynamic(value))
      printer << '?';
    else
      printer << value;
  });
  printer << ']';
}

ParseResult parseDenseI64Array(OpAsmParser &parser, DenseI64ArrayAttr &attr) {
  SmallVector<int64_t> values;
  SMLoc loc = parser.getCurrentLocation();
  if (parseDims(parser, values))
    return failure();
  if (llvm::any_of(values, ShapedType::isDynamic))
    return parser.emitError(loc, "expected integers, found '?'");
  attr = parser.getBuilder().getDenseI64ArrayAttr(values);
  return success();
}

void printDenseI64Array(OpAsmPrinter &printer, Operation *,
                        DenseI64ArrayAttr attr) {
  printDims(printer, attr ? attr.asArrayRef() : ArrayRef<int64_t>{});
}

ParseResult parseSliceRanges(OpAsmParser &parser, DenseI64ArrayAttr &start,
                             DenseI64ArrayAttr &limit,
                             DenseI64ArrayAttr &strides) {
  SmallVector<int64_t> starts, limits, steps;
  if (parser.parseCommaSeparatedList(
          AsmParser::Delimiter::Square, [&]() -> ParseResult {
            int64_t step = 1;
            if (parser.parseInteger(starts.emplace_back()) ||
                parser.parseColon() ||
                parser.parseInteger(limits.emplace_back()))
              return failure();
            if (succeeded(parser.parseOptionalColon()) &&
                parser.parseInteger(step))
              return failure();
            steps.push_back(step);
            return success();
          }))
    return failure();
  Builder &b = parser.getBuilder();
  start = b.getDenseI64ArrayAttr(starts);
  limit = b.getDenseI64ArrayAttr(limits);
  strides = b.getDenseI64ArrayAttr(steps);
  return success();
}

void printSliceRanges(OpAsmPrinter &printer, Operation *,
                      DenseI64ArrayAttr start, DenseI64ArrayAttr limit,
                      DenseI64ArrayAttr strides) {
  // Lists of different lengths fail verification; print what is there so
  // that the diagnostic shows the op.
  size_t size = std::max({start.size(), limit.size(), strides.size()});
  auto at = [](DenseI64ArrayAttr attr, size_t i) -> int64_t {
    return i < static_cast<size_t>(attr.size()) ? attr[i] : 0;
  };
  printer << " [";
  for (size_t i = 0; i < size; ++i) {
    if (i)
      printer << ", ";
    printer << at(start, i) << ':' << at(limit, i);
    if (at(strides, i) != 1)
      printer << ':' << at(strides, i);
  }
  printer << ']';
}

ParseResult parseExponentMantissa(OpAsmParser &parser, IntegerAttr &exponent,
                                  IntegerAttr &mantissa) {
  SMLoc loc = parser.getCurrentLocation();
  StringRef keyword;
  if (parser.parseKeyword(&keyword))
    return failure();
  auto [e, m] = keyword.split('m');
  uint32_t exponentBits, mantissaBits;
  if (!e.consume_front("e") || e.getAsInteger(10, exponentBits) ||
      m.getAsInteger(10, mantissaBits))
    return parser.emitError(loc, "expected a format like e5m10, got '")
           << keyword << "'";
  Builder &b = parser.getBuilder();
  exponent = b.getI32IntegerAttr(exponentBits);
  mantissa = b.getI32IntegerAttr(mantissaBits);
  return success();
}

void printExponentMantissa(OpAsmPrinter &printer, Operation *,
                           IntegerAttr exponent, IntegerAttr mantissa) {
  printer << 'e' << exponent.getInt() << 'm' << mantissa.getInt();
}

ParseResult parseCustomCallTarget(OpAsmParser &parser, StringAttr &target) {
  return parser.parseSymbolName(target);
}

void printCustomCallTarget(OpAsmPrinter &printer, Operation *,
                           StringAttr target) {
  printer.printSymbolName(target.getValue());
}

/// Parses `= [DEFAULT, HIGH]` after the `precision` keyword.
static ParseResult parsePrecisionList(OpAsmParser &parser,
                                      ArrayAttr &precision) {
  SmallVector<Attribute> values;
  if (parser.parseEqual() ||
      parser.parseCommaSeparatedList(
          AsmParser::Delimiter::Square, [&]() -> ParseResult {
            SMLoc loc = parser.getCurrentLocation();
            StringRef keyword;
            if (parser.parseKeyword(&keyword))
              return failure();
            std::optional<Precision> value = symbolizePrecision(keyword);
            if (!value)
              return parser.emitError(loc, "unknown precision '")
                     << keyword << "'";
            values.push_back(
                PrecisionAttr::get(parser.getContext(), *value));
            return success();
          }))
    return failure();
  precision = parser.getBuilder().getArrayAttr(values);
  return success();
}

static void printPrecisionList(OpAsmPrinter &printer, ArrayAttr precision) {
  printer << ", precision = [";
  llvm::interleaveComma(precision, printer, [&](Attribute attr) {
    if (auto value = dyn_cast<PrecisionAttr>(attr))
      printer << stringifyPrecision(value.getValue());
    else
      printer << attr;
  });
  printer << ']';
}

ParseResult parsePrecisionConfig(OpAsmParser &parser, ArrayAttr &precision) {
  if (failed(parser.parseOptionalComma()))
    return success();
  if (parser.parseKeyword("precision"))
    return failure();
  return parsePrecisionList(parser, precision);
}

void printPrecisionConfig(OpAsmPrinter &printer, Operation *,
                          ArrayAttr precision) {
  if (precision)
    printPrecisionList(printer, precision);
}

ParseResult parsePrecisionConfigAndAlgorithm(OpAsmParser &parser,
                                             ArrayAttr &precision,
                                             DotAlgorithmAttr &algorithm) {
  while (succeeded(parser.parseOptionalComma())) {
    SMLoc loc = parser.getCurrentLocation();
    StringRef keyword;
    if (parser.parseKeyword(&keyword))
      return failure();
    if (keyword == "precision" && !precision) {
      if (parsePrecisionList(parser, precision))
        return failure();
    } else if (keyword == "algorithm" && !algorithm) {
      if (parser.parseEqual())
        return failure();
      Attribute attr = DotAlgorithmAttr::parse(parser, Type());
      if (!attr)
        return failure();
      algorithm = cast<DotAlgorithmAttr>(attr);
    } else {
      return parser.emitError(loc, "expected 'precision' or 'algorithm', got '")
             << keyword << "'";
    }
  }
  return success();
}

void printPrecisionConfigAndAlgorithm(OpAsmPrinter &printer, Operation *,
                                      ArrayAttr precision,
                                      DotAlgorithmAttr algorithm) {
  if (precision)
    printPrecisionList(printer, precision);
  if (algorithm) {
    printer << ", algorithm = ";
    algorithm.print(printer);
  }
}

/// Parses `[a, b] x [c, d]`.
static ParseResult parseDimsPair(AsmParser &parser,
                                 SmallVectorImpl<int64_t> &lhs,
                                 SmallVectorImpl<int64_t> &rhs) {
  return failure(parseDims(parser, lhs) || parser.parseKeyword("x") ||
                 parseDims(parser, rhs));
}

ParseResult parseDotDimensionNumbers(OpAsmParser &parser,
                                     DotDimensionNumbersAttr &attr) {
  SmallVector<int64_t> lhsBatch, rhsBatch, lhsContract, rhsContract;
  if (succeeded(parser.parseOptionalKeyword("batching_dims"))) {
    if (parser.parseEqual() || parseDimsPair(parser, lhsBatch, rhsBatch) ||
        parser.parseComma())
      return failure();
  }
  if (parser.parseKeyword("contracting_dims") || parser.parseEqual() ||
      parseDimsPair(parser, lhsContract, rhsContract))
    return failure();
  attr = DotDimensionNumbersAttr::get(parser.getContext(), lhsBatch, rhsBatch,
                                      lhsContract, rhsContract);
  return success();
}

void printDotDimensionNumbers(OpAsmPrinter &printer, Operation *,
                              DotDimensionNumbersAttr attr) {
  if (!attr.getLhsBatchingDimensions().empty() ||
      !attr.getRhsBatchingDimensions().empty()) {
    printer << "batching_dims = ";
    printDims(printer, attr.getLhsBatchingDimensions());
    printer << " x ";
    printDims(printer, attr.getRhsBatchingDimensions());
    printer << ", ";
  }
  printer << "contracting_dims = ";
  printDims(printer, attr.getLhsContractingDimensions());
  printer << " x ";
  printDims(printer, attr.getRhsContractingDimensions());
}

//===----------------------------------------------------------------------===//
// Convolution dimension numbers
//===----------------------------------------------------------------------===//

namespace {
/// One side of `[b, 0, 1, f]`: the positions of the two named dimensions
/// and of each spatial dimension.
struct ConvLayout {
  int64_t first = -1;  // b (input/output) or i (kernel)
  int64_t second = -1; // f (input/output) or o (kernel)
  SmallVector<int64_t> spatial;
};
} // namespace

static ParseResult parseConvLayout(AsmParser &parser, char first, char second,
                                   ConvLayout &layout) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<int64_t> spatialAt; // spatial index -> position
  int64_t position = 0;
  if (parser.parseCommaSeparatedList(
          AsmParser::Delimiter::Square, [&]() -> ParseResult {
            int64_t index;
            SMLoc itemLoc = parser.getCurrentLocation();
            OptionalParseResult isInt = parser.parseOptionalInteger(index);
            if (isInt.has_value()) {
              if (failed(*isInt))
                return failure();
              if (index < 0)
                return parser.emitError(itemLoc,
                                        "spatial dimension must be >= 0");
              if (static_cast<int64_t>(spatialAt.size()) <= index)
                spatialAt.resize(index + 1, -1);
              if (spatialAt[index] != -1)
                return parser.emitError(itemLoc, "duplicate spatial dimension ")
                       << index;
              spatialAt[index] = position++;
              return success();
            }
            StringRef keyword;
            if (parser.parseKeyword(&keyword))
              return failure();
            int64_t *slot = nullptr;
            if (keyword.size() == 1 && keyword[0] == first)
              slot = &layout.first;
            else if (keyword.size() == 1 && keyword[0] == second)
              slot = &layout.second;
            if (!slot)
              return parser.emitError(itemLoc, "expected '")
                     << first << "', '" << second
                     << "' or a spatial dimension, got '" << keyword << "'";
            if (*slot != -1)
              return parser.emitError(itemLoc, "duplicate dimension '")
                     << keyword << "'";
            *slot = position++;
            return success();
          }))
    return failure();
  if (layout.first == -1 || layout.second == -1)
    return parser.emitError(loc, "expected both '")
           << first << "' and '" << second << "'";
  if (llvm::is_contained(spatialAt, -1))
    return parser.emitError(loc, "spatial dimensions must be 0 to N-1");
  layout.spatial = std::move(spatialAt);
  return success();
}

/// Prints `[b, 0, 1, f]`; returns false when the numbers do not describe a
/// permutation, so that the caller prints the raw form.
static bool printConvLayout(AsmPrinter &printer, int64_t first, char firstName,
                            int64_t second, char secondName,
                            ArrayRef<int64_t> spatial) {
  int64_t rank = 2 + spatial.size();
  SmallVector<std::string> items(rank);
  auto place = [&](int64_t position, std::string name) {
    if (position < 0 || position >= rank || !items[position].empty())
      return false;
    items[position] = std::move(name);
    return true;
  };
  if (!place(first, std::string(1, firstName)) ||
      !place(second, std::string(1, secondName)))
    return false;
  for (auto [index, position] : llvm::enumerate(spatial))
    if (!place(position, std::to_string(index)))
      return false;
  printer << '[';
  llvm::interleaveComma(items, printer);
  printer << ']';
  return true;
}

static bool isPrintableConv(ConvDimensionNumbersAttr attr) {
  auto check = [](int64_t a, int64_t b, ArrayRef<int64_t> spatial) {
    int64_t rank = 2 + spatial.size();
    SmallVector<bool> seen(rank, false);
    for (int64_t p : llvm::concat<const int64_t>(ArrayRef(a), ArrayRef(b),
                                                  spatial)) {
      if (p < 0 || p >= rank || seen[p])
        return false;
      seen[p] = true;
    }
    return true;
  };
  size_t n = attr.getInputSpatialDimensions().size();
  return attr.getKernelSpatialDimensions().size() == n &&
         attr.getOutputSpatialDimensions().size() == n &&
         check(attr.getInputBatchDimension(), attr.getInputFeatureDimension(),
               attr.getInputSpatialDimensions()) &&
         check(attr.getKernelInputFeatureDimension(),
               attr.getKernelOutputFeatureDimension(),
               attr.getKernelSpatialDimensions()) &&
         check(attr.getOutputBatchDimension(), attr.getOutputFeatureDimension(),
               attr.getOutputSpatialDimensions());
}

ParseResult parseConvolutionDimensions(AsmParser &parser,
                                       ConvDimensionNumbersAttr &attr) {
  if (succeeded(parser.parseOptionalKeyword("raw"))) {
    int64_t ib = 0, ifeat = 0, ki = 0, ko = 0, ob = 0, of = 0;
    SmallVector<int64_t> is, ks, os;
    const StringRef keys[] = {"input_batch_dimension",
                              "input_feature_dimension",
                              "input_spatial_dimensions",
                              "kernel_input_feature_dimension",
                              "kernel_output_feature_dimension",
                              "kernel_spatial_dimensions",
                              "output_batch_dimension",
                              "output_feature_dimension",
                              "output_spatial_dimensions"};
    if (parseStruct(parser, keys, [&](StringRef key) -> ParseResult {
          if (key == keys[0]) return parser.parseInteger(ib);
          if (key == keys[1]) return parser.parseInteger(ifeat);
          if (key == keys[2]) return parseDims(parser, is);
          if (key == keys[3]) return parser.parseInteger(ki);
          if (key == keys[4]) return parser.parseInteger(ko);
          if (key == keys[5]) return parseDims(parser, ks);
          if (key == keys[6]) return parser.parseInteger(ob);
          if (key == keys[7]) return parser.parseInteger(of);
          return parseDims(parser, os);
        }))
      return failure();
    attr = ConvDimensionNumbersAttr::get(parser.getContext(), ib, ifeat, is,
                                         ki, ko, ks, ob, of, os);
    return success();
  }
  ConvLayout input, kernel, output;
  SMLoc loc = parser.getCurrentLocation();
  if (parseConvLayout(parser, 'b', 'f', input) || parser.parseKeyword("x") ||
      parseConvLayout(parser, 'i', 'o', kernel) || parser.parseArrow() ||
      parseConvLayout(parser, 'b', 'f', output))
    return failure();
  if (input.spatial.size() != kernel.spatial.size() ||
      input.spatial.size() != output.spatial.size())
    return parser.emitError(loc, "input, kernel and output must have the "
                                 "same number of spatial dimensions");
  attr = ConvDimensionNumbersAttr::get(
      parser.getContext(), input.first, input.second, input.spatial,
      kernel.first, kernel.second, kernel.spatial, output.first, output.second,
      output.spatial);
  return success();
}

void printConvolutionDimensions(AsmPrinter &printer, Operation *,
                                ConvDimensionNumbersAttr attr) {
  if (!isPrintableConv(attr)) {
    printer << "raw input_batch_dimension = " << attr.getInputBatchDimension()
            << ", input_feature_dimension = "
            << attr.getInputFeatureDimension()
            << ", input_spatial_dimensions = ";
    printDims(printer, attr.getInputSpatialDimensions());
    printer << ", kernel_input_feature_dimension = "
            << attr.getKernelInputFeatureDimension()
            << ", kernel_output_feature_dimension = "
            << attr.getKernelOutputFeatureDimension()
            << ", kernel_spatial_dimensions = ";
    printDims(printer, attr.getKernelSpatialDimensions());
    printer << ", output_batch_dimension = " << attr.getOutputBatchDimension()
            << ", output_feature_dimension = "
            << attr.getOutputFeatureDimension()
            << ", output_spatial_dimensions = ";
    printDims(printer, attr.getOutputSpatialDimensions());
    return;
  }
  printConvLayout(printer, attr.getInputBatchDimension(), 'b',
                  attr.getInputFeatureDimension(), 'f',
                  attr.getInputSpatialDimensions());
  printer << 'x';
  printConvLayout(printer, attr.getKernelInputFeatureDimension(), 'i',
                  attr.getKernelOutputFeatureDimension(), 'o',
                  attr.getKernelSpatialDimensions());
  printer << "->";
  printConvLayout(printer, attr.getOutputBatchDimension(), 'b',
                  attr.getOutputFeatureDimension(), 'f',
                  attr.getOutputSpatialDimensions());
}

//===----------------------------------------------------------------------===//
// Convolution window
//===----------------------------------------------------------------------===//

ParseResult parseWindowAttributes(OpAsmParser &parser,
                                  DenseI64ArrayAttr &strides,
                                  DenseIntElementsAttr &padding,
                                  DenseI64ArrayAttr &lhsDilation,
                                  DenseI64ArrayAttr &rhsDilation,
                                  DenseBoolArrayAttr &reversal) {
  const StringRef keys[] = {"stride", "pad", "lhs_dilate", "rhs_dilate",
                            "reverse"};
  Builder &b = parser.getBuilder();
  llvm::StringSet<> seen;
  StringRef key;
  SMLoc loc = parser.getCurrentLocation();
  if (failed(parser.parseOptionalKeyword(&key, keys)))
    return success(); // `window = {}`
  while (true) {
    if (!seen.insert(key).second)
      return parser.emitError(loc, "duplicate window attribute '")
             << key << "'";
    if (parser.parseEqual())
      return failure();
    if (key == "pad") {
      SmallVector<int64_t> values;
      int64_t rows = 0;
      if (parser.parseCommaSeparatedList(
              AsmParser::Delimiter::Square, [&]() -> ParseResult {
                ++rows;
                return failure(parser.parseLSquare() ||
                               parser.parseInteger(values.emplace_back()) ||
                               parser.parseComma() ||
                               parser.parseInteger(values.emplace_back()) ||
                               parser.parseRSquare());
              }))
        return failure();
      auto type = RankedTensorType::get({rows, 2}, b.getI64Type());
      padding = DenseIntElementsAttr::get(type, values);
    } else if (key == "reverse") {
      SmallVector<bool> values;
      if (parser.parseCommaSeparatedList(
              AsmParser::Delimiter::Square, [&]() -> ParseResult {
                if (succeeded(parser.parseOptionalKeyword("true"))) {
                  values.push_back(true);
                  return success();
                }
                if (succeeded(parser.parseOptionalKeyword("false"))) {
                  values.push_back(false);
                  return success();
                }
                int64_t value;
                if (parser.parseInteger(value))
                  return failure();
                values.push_back(value != 0);
                return success();
              }))
        return failure();
      reversal = b.getDenseBoolArrayAttr(values);
    } else {
      DenseI64ArrayAttr attr;
      if (parseDenseI64Array(parser, attr))
        return failure();
      if (key == "stride")
        strides = attr;
      else if (key == "lhs_dilate")
        lhsDilation = attr;
      else
        rhsDilation = attr;
    }
    if (failed(parser.parseOptionalComma()))
      return success();
    loc = parser.getCurrentLocation();
    if (parser.parseKeyword(&key))
      return failure();
    if (!llvm::is_contained(keys, key))
      return parser.emitError(loc, "unknown window attribute '") << key << "'";
  }
}

void printWindowAttributes(OpAsmPrinter &printer, Operation *,
                           DenseI64ArrayAttr strides,
                           DenseIntElementsAttr padding,
                           DenseI64ArrayAttr lhsDilation,
                           DenseI64ArrayAttr rhsDilation,
                           DenseBoolArrayAttr reversal) {
  StringRef separator = "";
  auto printList = [&](StringRef name, DenseI64ArrayAttr attr) {
    if (!attr)
      return;
    printer << separator << name << " = ";
    printDims(printer, attr.asArrayRef());
    separator = ", ";
  };
  printList("stride", strides);
  if (padding) {
    printer << separator << "pad = [";
    SmallVector<int64_t> values(padding.getValues<int64_t>());
    for (size_t i = 0; i + 1 < values.size(); i += 2) {
      if (i)
        printer << ", ";
      printer << '[' << values[i] << ", " << values[i + 1] << ']';
    }
    printer << ']';
    separator = ", ";
  }
  printList("lhs_dilate", lhsDilation);
  printList("rhs_dilate", rhsDilation);
  if (reversal) {
    printer << separator << "reverse = [";
    llvm::interleaveComma(reversal.asArrayRef(), printer,
                          [&](bool value) { printer << (value ? "true" : "false"); });
    printer << ']';
  }
}

//===----------------------------------------------------------------------===//
// Constants
//===----------------------------------------------------------------------===//

ParseResult parseConstantLiteral(OpAsmParser &parser, NamedAttrList &attributes,
                                 ElementsAttr &value) {
  if (parser.parseOptionalAttrDict(attributes))
    return failure();
  SMLoc loc = parser.getCurrentLocation();
  Attribute attr;
  if (parser.parseAttribute(attr))
    return failure();
  value = dyn_cast<ElementsAttr>(attr);
  if (!value)
    return parser.emitError(loc, "expected an elements attribute");
  return success();
}

void printConstantLiteral(OpAsmPrinter &printer, Operation *op,
                          ElementsAttr value) {
  printer.printOptionalAttrDict(op->getAttrs(), {"value"});
  printer << ' ';
  printer.printAttribute(value);
}

//===----------------------------------------------------------------------===//
// Structured attributes
//===----------------------------------------------------------------------===//

ParseResult parseStruct(AsmParser &parser, ArrayRef<StringRef> keys,
                        function_ref<ParseResult(StringRef)> parseValue) {
  llvm::StringSet<> seen;
  SMLoc loc = parser.getCurrentLocation();
  StringRef key;
  if (failed(parser.parseOptionalKeyword(&key)))
    return success(); // empty struct
  while (true) {
    if (!llvm::is_contained(keys, key))
      return parser.emitError(loc, "unknown key '") << key << "'";
    if (!seen.insert(key).second)
      return parser.emitError(loc, "duplicate key '") << key << "'";
    if (parser.parseEqual() || parseValue(key))
      return failure();
    if (failed(parser.parseOptionalComma()))
      return success();
    // A comma may end the list, as upstream's parser accepts.
    loc = parser.getCurrentLocation();
    if (failed(parser.parseOptionalKeyword(&key)))
      return success();
  }
}

} // namespace hlox::stablehlo
