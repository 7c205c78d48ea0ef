//===- VhloTypes.cpp - VHLO types ----------------------------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Dialect/VHLO/IR/VhloAssemblyFormat.h"
#include "hlox/Dialect/VHLO/IR/VhloOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace hlox::vhlo;

#include "hlox/Dialect/VHLO/IR/VhloTypeInterfaces.cpp.inc"
#define GET_TYPEDEF_CLASSES
#include "hlox/Dialect/VHLO/IR/VhloTypes.cpp.inc"

void VhloDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "hlox/Dialect/VHLO/IR/VhloTypes.cpp.inc"
      >();
}

bool hlox::vhlo::isFromVhlo(Type type) {
  return type && type.getDialect().getNamespace() == "vhlo";
}

bool hlox::vhlo::isFromVhlo(Attribute attr) {
  return attr && attr.getDialect().getNamespace() == "vhlo";
}

//===----------------------------------------------------------------------===//
// Custom directives
//===----------------------------------------------------------------------===//

ParseResult hlox::vhlo::parseTypeArray(AsmParser &parser,
                                       SmallVector<Type> &types) {
  if (succeeded(parser.parseOptionalLParen()))
    return parser.parseRParen();
  return parser.parseCommaSeparatedList([&] {
    Type type;
    if (parser.parseType(type))
      return failure();
    types.push_back(type);
    return success();
  });
}

void hlox::vhlo::printTypeArray(AsmPrinter &printer, ArrayRef<Type> types) {
  if (types.empty()) {
    printer << "()";
    return;
  }
  llvm::interleaveComma(types, printer);
}

ParseResult hlox::vhlo::parseShape(AsmParser &parser,
                                   SmallVector<int64_t> &shape) {
  return parser.parseDimensionList(shape, /*allowDynamic=*/true,
                                   /*withTrailingX=*/true);
}

void hlox::vhlo::printShape(AsmPrinter &printer, ArrayRef<int64_t> shape) {
  for (int64_t dim : shape) {
    if (ShapedType::isDynamic(dim))
      printer << '?';
    else
      printer << dim;
    printer << 'x';
  }
}

ParseResult hlox::vhlo::parseEncoding(AsmParser &parser, Attribute &encoding) {
  if (failed(parser.parseOptionalComma()))
    return success();
  return parser.parseAttribute(encoding);
}

void hlox::vhlo::printEncoding(AsmPrinter &printer, Attribute encoding) {
  if (encoding)
    printer << ", " << encoding;
}

FailureOr<SmallVector<int64_t>> hlox::vhlo::parseDims(AsmParser &parser) {
  SmallVector<int64_t> dims;
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Square,
                                     [&]() -> ParseResult {
        if (succeeded(parser.parseOptionalQuestion())) {
          dims.push_back(ShapedType::kDynamic);
          return success();
        }
        return parser.parseInteger(dims.emplace_back());
      }))
    return failure();
  return dims;
}

void hlox::vhlo::printDims(AsmPrinter &printer, ArrayRef<int64_t> dims) {
  printer << '[';
  llvm::interleaveComma(dims, printer, [&](int64_t dim) {
    if (ShapedType::isDynamic(dim))
      printer << '?';
    else
      printer << dim;
  });
  printer << ']';
}

FailureOr<APFloat> hlox::vhlo::parseDouble(AsmParser &parser) {
  double value;
  if (parser.parseFloat(value))
    return failure();
  return APFloat(value);
}

FailureOr<SmallVector<APFloat>> hlox::vhlo::parseDoubleArray(AsmParser &parser) {
  SmallVector<APFloat> values;
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Square,
                                     [&]() -> ParseResult {
        FailureOr<APFloat> value = parseDouble(parser);
        if (failed(value))
          return failure();
        values.push_back(*value);
        return success();
      }))
    return failure();
  return values;
}

void hlox::vhlo::printDoubleArray(AsmPrinter &printer,
                                  ArrayRef<APFloat> values) {
  printer << '[';
  llvm::interleaveComma(values, printer,
                        [&](const APFloat &value) { printer.printFloat(value); });
  printer << ']';
}

bool hlox::vhlo::bitwiseEqual(ArrayRef<APFloat> a, ArrayRef<APFloat> b) {
  return a.size() == b.size() &&
         llvm::all_of(llvm::zip(a, b), [](auto pair) {
           return std::get<0>(pair).bitwiseIsEqual(std::get<1>(pair));
         });
}

//===----------------------------------------------------------------------===//
// Verifiers: what a VHLO type holds is VHLO
//===----------------------------------------------------------------------===//

static LogicalResult checkVhloTypes(function_ref<InFlightDiagnostic()> emitError,
                                    ArrayRef<Type> types) {
  for (Type type : types)
    if (!isFromVhlo(type))
      return emitError() << "expected VHLO type, got " << type;
  return success();
}

LogicalResult
ComplexV1Type::verify(function_ref<InFlightDiagnostic()> emitError,
                      Type elementType) {
  return checkVhloTypes(emitError, elementType);
}

LogicalResult
FunctionV1Type::verify(function_ref<InFlightDiagnostic()> emitError,
                       ArrayRef<Type> inputs, ArrayRef<Type> outputs) {
  if (failed(checkVhloTypes(emitError, inputs)))
    return failure();
  return checkVhloTypes(emitError, outputs);
}

LogicalResult
RankedTensorV1Type::verify(function_ref<InFlightDiagnostic()> emitError,
                           ArrayRef<int64_t> shape, Type elementType,
                           Attribute encoding) {
  if (encoding && !isFromVhlo(encoding))
    return emitError() << "expected VHLO encoding, got " << encoding;
  return checkVhloTypes(emitError, elementType);
}

LogicalResult FutureV1Type::verify(function_ref<InFlightDiagnostic()> emitError,
                                   ArrayRef<Type> types) {
  return checkVhloTypes(emitError, types);
}

LogicalResult TupleV1Type::verify(function_ref<InFlightDiagnostic()> emitError,
                                  ArrayRef<Type> types) {
  return checkVhloTypes(emitError, types);
}

LogicalResult UniformQuantizedV1Type::verify(
    function_ref<InFlightDiagnostic()> emitError, unsigned, Type storageType,
    Type expressedType, APFloat, int64_t, int64_t, int64_t) {
  return checkVhloTypes(emitError, {storageType, expressedType});
}

LogicalResult UniformQuantizedPerAxisV1Type::verify(
    function_ref<InFlightDiagnostic()> emitError, unsigned, Type storageType,
    Type expressedType, int32_t, ArrayRef<APFloat>, ArrayRef<int64_t>,
    int64_t, int64_t) {
  return checkVhloTypes(emitError, {storageType, expressedType});
}

LogicalResult
UnrankedTensorV1Type::verify(function_ref<InFlightDiagnostic()> emitError,
                             Type elementType) {
  return checkVhloTypes(emitError, elementType);
}

LogicalResult
RankedBufferV1Type::verify(function_ref<InFlightDiagnostic()> emitError,
                           ArrayRef<int64_t>, Type elementType) {
  return checkVhloTypes(emitError, elementType);
}

//===----------------------------------------------------------------------===//
// Element types and tensors: builtin <-> VHLO
//===----------------------------------------------------------------------===//

Type hlox::vhlo::convertElementOrTensorToVhlo(Type type) {
  MLIRContext *ctx = type.getContext();
  if (auto tensor = dyn_cast<RankedTensorType>(type)) {
    Type element = convertElementOrTensorToVhlo(tensor.getElementType());
    if (!element || (tensor.getEncoding() && !isFromVhlo(tensor.getEncoding())))
      return {};
    return RankedTensorV1Type::get(ctx, tensor.getShape(), element,
                                   tensor.getEncoding());
  }
  if (auto complex = dyn_cast<ComplexType>(type)) {
    Type element = convertElementOrTensorToVhlo(complex.getElementType());
    return element ? ComplexV1Type::get(ctx, element) : Type();
  }
  if (auto integer = dyn_cast<IntegerType>(type)) {
    if (integer.isSigned())
      return {};
    bool isUnsigned = integer.isUnsigned();
    switch (integer.getWidth()) {
    case 1:
      return isUnsigned ? Type() : BooleanV1Type::get(ctx);
    case 2:
      return isUnsigned ? Type(IntegerUI2V1Type::get(ctx))
                        : Type(IntegerSI2V1Type::get(ctx));
    case 4:
      return isUnsigned ? Type(IntegerUI4V1Type::get(ctx))
                        : Type(IntegerSI4V1Type::get(ctx));
    case 8:
      return isUnsigned ? Type(IntegerUI8V1Type::get(ctx))
                        : Type(IntegerSI8V1Type::get(ctx));
    case 16:
      return isUnsigned ? Type(IntegerUI16V1Type::get(ctx))
                        : Type(IntegerSI16V1Type::get(ctx));
    case 32:
      return isUnsigned ? Type(IntegerUI32V1Type::get(ctx))
                        : Type(IntegerSI32V1Type::get(ctx));
    case 64:
      return isUnsigned ? Type(IntegerUI64V1Type::get(ctx))
                        : Type(IntegerSI64V1Type::get(ctx));
    default:
      return {};
    }
  }
  return llvm::TypeSwitch<Type, Type>(type)
      .Case([&](IndexType) { return IndexV1Type::get(ctx); })
      .Case([&](NoneType) { return NoneV1Type::get(ctx); })
      .Case([&](BFloat16Type) { return FloatBF16V1Type::get(ctx); })
      .Case([&](Float16Type) { return FloatF16V1Type::get(ctx); })
      .Case([&](Float32Type) { return FloatF32V1Type::get(ctx); })
      .Case([&](Float64Type) { return FloatF64V1Type::get(ctx); })
      .Case([&](FloatTF32Type) { return FloatTF32V1Type::get(ctx); })
      .Case([&](Float8E4M3FNType) { return FloatF8E4M3FNV1Type::get(ctx); })
      .Case([&](Float8E5M2Type) { return FloatF8E5M2V1Type::get(ctx); })
      .Case([&](Float8E4M3FNUZType) {
        return FloatF8E4M3FNUZV1Type::get(ctx);
      })
      .Case([&](Float8E5M2FNUZType) {
        return FloatF8E5M2FNUZV1Type::get(ctx);
      })
      .Case([&](Float8E4M3B11FNUZType) {
        return FloatF8E4M3B11FNUZV1Type::get(ctx);
      })
      .Case([&](Float8E4M3Type) { return FloatF8E4M3V1Type::get(ctx); })
      .Case([&](Float8E3M4Type) { return FloatF8E3M4V1Type::get(ctx); })
      .Case([&](Float4E2M1FNType) { return FloatF4E2M1FNV1Type::get(ctx); })
      .Case([&](Float6E2M3FNType) { return FloatF6E2M3FNV1Type::get(ctx); })
      .Case([&](Float6E3M2FNType) { return FloatF6E3M2FNV1Type::get(ctx); })
      .Case([&](Float8E8M0FNUType) { return FloatF8E8M0FNUV1Type::get(ctx); })
      .Default([](Type) { return Type(); });
}

Type hlox::vhlo::convertElementOrTensorFromVhlo(Type type) {
  MLIRContext *ctx = type.getContext();
  auto unsignedInt = [&](unsigned width) {
    return IntegerType::get(ctx, width, IntegerType::Unsigned);
  };
  auto signless = [&](unsigned width) { return IntegerType::get(ctx, width); };
  return llvm::TypeSwitch<Type, Type>(type)
      .Case([&](RankedTensorV1Type tensor) -> Type {
        Type element = convertElementOrTensorFromVhlo(tensor.getElementType());
        if (!element)
          return {};
        return RankedTensorType::get(tensor.getShape(), element,
                                     tensor.getEncoding());
      })
      .Case([&](ComplexV1Type complex) -> Type {
        Type element = convertElementOrTensorFromVhlo(complex.getElementType());
        return element ? ComplexType::get(element) : Type();
      })
      .Case([&](BooleanV1Type) { return signless(1); })
      .Case([&](IntegerSI2V1Type) { return signless(2); })
      .Case([&](IntegerSI4V1Type) { return signless(4); })
      .Case([&](IntegerSI8V1Type) { return signless(8); })
      .Case([&](IntegerSI16V1Type) { return signless(16); })
      .Case([&](IntegerSI32V1Type) { return signless(32); })
      .Case([&](IntegerSI64V1Type) { return signless(64); })
      .Case([&](IntegerUI2V1Type) { return unsignedInt(2); })
      .Case([&](IntegerUI4V1Type) { return unsignedInt(4); })
      .Case([&](IntegerUI8V1Type) { return unsignedInt(8); })
      .Case([&](IntegerUI16V1Type) { return unsignedInt(16); })
      .Case([&](IntegerUI32V1Type) { return unsignedInt(32); })
      .Case([&](IntegerUI64V1Type) { return unsignedInt(64); })
      .Case([&](IndexV1Type) { return IndexType::get(ctx); })
      .Case([&](NoneV1Type) { return NoneType::get(ctx); })
      .Case([&](FloatBF16V1Type) { return BFloat16Type::get(ctx); })
      .Case([&](FloatF16V1Type) { return Float16Type::get(ctx); })
      .Case([&](FloatF32V1Type) { return Float32Type::get(ctx); })
      .Case([&](FloatF64V1Type) { return Float64Type::get(ctx); })
      .Case([&](FloatTF32V1Type) { return FloatTF32Type::get(ctx); })
      .Case([&](FloatF8E4M3FNV1Type) { return Float8E4M3FNType::get(ctx); })
      .Case([&](FloatF8E5M2V1Type) { return Float8E5M2Type::get(ctx); })
      .Case([&](FloatF8E4M3FNUZV1Type) {
        return Float8E4M3FNUZType::get(ctx);
      })
      .Case([&](FloatF8E5M2FNUZV1Type) {
        return Float8E5M2FNUZType::get(ctx);
      })
      .Case([&](FloatF8E4M3B11FNUZV1Type) {
        return Float8E4M3B11FNUZType::get(ctx);
      })
      .Case([&](FloatF8E4M3V1Type) { return Float8E4M3Type::get(ctx); })
      .Case([&](FloatF8E3M4V1Type) { return Float8E3M4Type::get(ctx); })
      .Case([&](FloatF4E2M1FNV1Type) { return Float4E2M1FNType::get(ctx); })
      .Case([&](FloatF6E2M3FNV1Type) { return Float6E2M3FNType::get(ctx); })
      .Case([&](FloatF6E3M2FNV1Type) { return Float6E3M2FNType::get(ctx); })
      .Case([&](FloatF8E8M0FNUV1Type) { return Float8E8M0FNUType::get(ctx); })
      .Default([](Type) { return Type(); });
}

unsigned hlox::vhlo::getIntegerBitWidth(Type type) {
  return llvm::TypeSwitch<Type, unsigned>(type)
      .Case<IntegerSI2V1Type, IntegerUI2V1Type>([](Type) { return 2; })
      .Case<IntegerSI4V1Type, IntegerUI4V1Type>([](Type) { return 4; })
      .Case<IntegerSI8V1Type, IntegerUI8V1Type>([](Type) { return 8; })
      .Case<IntegerSI16V1Type, IntegerUI16V1Type>([](Type) { return 16; })
      .Case<IntegerSI32V1Type, IntegerUI32V1Type>([](Type) { return 32; })
      .Case<IntegerSI64V1Type, IntegerUI64V1Type>([](Type) { return 64; })
      .Case<IndexV1Type>([](Type) { return IndexType::kInternalStorageBitWidth; })
      .Default([](Type) { return 0; });
}

const llvm::fltSemantics *hlox::vhlo::getFloatSemantics(Type type) {
  if (!type)
    return nullptr;
  auto builtin = dyn_cast_or_null<FloatType>(convertElementOrTensorFromVhlo(type));
  return builtin ? &builtin.getFloatSemantics() : nullptr;
}
