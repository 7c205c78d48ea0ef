//===- VhloAttrs.cpp - VHLO attributes -----------------------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Dialect/VHLO/IR/VhloAssemblyFormat.h"
#include "hlox/Dialect/VHLO/IR/VhloOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace hlox::vhlo;

#include "hlox/Dialect/VHLO/IR/VhloAttrInterfaces.cpp.inc"
#include "hlox/Dialect/VHLO/IR/VhloEnums.cpp.inc"
#define GET_ATTRDEF_CLASSES
#include "hlox/Dialect/VHLO/IR/VhloAttrs.cpp.inc"

void VhloDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "hlox/Dialect/VHLO/IR/VhloAttrs.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Custom directives
//===----------------------------------------------------------------------===//

ParseResult hlox::vhlo::parseAttributeArray(AsmParser &parser,
                                            SmallVector<Attribute> &attrs) {
  return parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&] {
    return parser.parseAttribute(attrs.emplace_back());
  });
}

void hlox::vhlo::printAttributeArray(AsmPrinter &printer,
                                     ArrayRef<Attribute> attrs) {
  printer << '[';
  llvm::interleaveComma(attrs, printer);
  printer << ']';
}

ParseResult hlox::vhlo::parseAttributeDictionary(
    AsmParser &parser, SmallVector<std::pair<Attribute, Attribute>> &entries) {
  return parser.parseCommaSeparatedList(AsmParser::Delimiter::Braces, [&] {
    Attribute key, value;
    if (parser.parseAttribute(key) || parser.parseEqual() ||
        parser.parseAttribute(value))
      return failure();
    entries.emplace_back(key, value);
    return success();
  });
}

void hlox::vhlo::printAttributeDictionary(
    AsmPrinter &printer, ArrayRef<std::pair<Attribute, Attribute>> entries) {
  printer << '{';
  llvm::interleaveComma(entries, printer, [&](const auto &entry) {
    printer << entry.first << " = " << entry.second;
  });
  printer << '}';
}

ParseResult hlox::vhlo::parseEscapedString(AsmParser &parser,
                                           std::string &value) {
  return parser.parseString(&value);
}

void hlox::vhlo::printEscapedString(AsmPrinter &printer, StringRef value) {
  printer << '"';
  llvm::printEscapedString(value, printer.getStream());
  printer << '"';
}

//===----------------------------------------------------------------------===//
// Numbers and tensors print as their builtin forms
//===----------------------------------------------------------------------===//

Attribute FloatV1Attr::parse(AsmParser &parser, Type) {
  double value;
  Type type;
  if (parser.parseLess() || parser.parseFloat(value) || parser.parseColon() ||
      parser.parseType(type) || parser.parseGreater())
    return {};
  const llvm::fltSemantics *semantics = getFloatSemantics(type);
  if (!semantics) {
    parser.emitError(parser.getNameLoc(), "expected a VHLO float type");
    return {};
  }
  APFloat converted(value);
  bool losesInfo;
  converted.convert(*semantics, APFloat::rmNearestTiesToEven, &losesInfo);
  return FloatV1Attr::get(parser.getContext(), type, converted);
}

void FloatV1Attr::print(AsmPrinter &printer) const {
  printer << '<';
  printer.printFloat(getValue());
  printer << " : " << getType() << '>';
}

LogicalResult FloatV1Attr::verify(function_ref<InFlightDiagnostic()> emitError,
                                  Type type, APFloat value) {
  const llvm::fltSemantics *semantics = getFloatSemantics(type);
  if (!semantics)
    return emitError() << "expected a VHLO float type, got " << type;
  if (&value.getSemantics() != semantics)
    return emitError() << "value does not have the semantics of " << type;
  return success();
}

Attribute IntegerV1Attr::parse(AsmParser &parser, Type) {
  IntegerAttr attr;
  if (parser.parseLess() || parser.parseAttribute(attr) ||
      parser.parseGreater())
    return {};
  Type type = convertElementOrTensorToVhlo(attr.getType());
  if (!type || !getIntegerBitWidth(type)) {
    parser.emitError(parser.getNameLoc(), "no VHLO integer type for ")
        << attr.getType();
    return {};
  }
  return IntegerV1Attr::get(parser.getContext(), type, attr.getValue());
}

void IntegerV1Attr::print(AsmPrinter &printer) const {
  printer << '<'
          << IntegerAttr::get(convertElementOrTensorFromVhlo(getType()),
                              getValue())
          << '>';
}

LogicalResult
IntegerV1Attr::verify(function_ref<InFlightDiagnostic()> emitError, Type type,
                      APInt value) {
  unsigned width = getIntegerBitWidth(type);
  if (!width)
    return emitError() << "expected a VHLO integer or index type, got "
                       << type;
  if (value.getBitWidth() != width)
    return emitError() << "value of " << value.getBitWidth()
                       << " bits for a type of " << width;
  return success();
}

Attribute TensorV1Attr::parse(AsmParser &parser, Type) {
  DenseElementsAttr data;
  if (parser.parseLess() || parser.parseAttribute(data) ||
      parser.parseGreater())
    return {};
  Type type = convertElementOrTensorToVhlo(data.getType());
  if (!type) {
    parser.emitError(parser.getNameLoc(), "no VHLO type for ")
        << data.getType();
    return {};
  }
  return TensorV1Attr::get(parser.getContext(), type, data);
}

void TensorV1Attr::print(AsmPrinter &printer) const {
  printer << '<' << getData() << '>';
}

LogicalResult TensorV1Attr::verify(function_ref<InFlightDiagnostic()> emitError,
                                   Type type, DenseElementsAttr data) {
  if (!isFromVhlo(type))
    return emitError() << "expected VHLO type, got " << type;
  if (convertElementOrTensorFromVhlo(type) != data.getType())
    return emitError() << "data of type " << data.getType()
                       << " for a tensor of type " << type;
  return success();
}

//===----------------------------------------------------------------------===//
// Verifiers: what a VHLO attribute holds is VHLO
//===----------------------------------------------------------------------===//

LogicalResult
DictionaryV1Attr::verify(function_ref<InFlightDiagnostic()> emitError,
                         ArrayRef<std::pair<Attribute, Attribute>> entries) {
  for (const auto &entry : entries)
    if (!isa<StringV1Attr>(entry.first))
      return emitError() << "expected VHLO key attribute";
  return success();
}

LogicalResult TypeV1Attr::verify(function_ref<InFlightDiagnostic()> emitError,
                                 Type value) {
  if (!isFromVhlo(value))
    return emitError() << "expected VHLO type, got " << value;
  return success();
}

LogicalResult
ResultAccuracyV1Attr::verify(function_ref<InFlightDiagnostic()> emitError,
                             APFloat, APFloat, int64_t, Attribute mode) {
  if (!isa<ResultAccuracyModeV1Attr>(mode))
    return emitError() << "expected VHLO result accuracy mode";
  return success();
}
