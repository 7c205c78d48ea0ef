//===- VhloBytecode.cpp - The bytecode encoding of VHLO ------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Every VHLO attribute and type is written as a varint code followed by its
// fields. The codes and field orders are the portable-artifact format that
// every StableHLO release reads: append new codes, never renumber or reorder.
//
//===----------------------------------------------------------------------===//

#include "hlox/Dialect/VHLO/IR/VhloBytecode.h"
#include "hlox/Dialect/VHLO/IR/VhloOps.h"

#include "mlir/Bytecode/BytecodeImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace hlox::vhlo;

namespace {

namespace attr_code {
enum : uint64_t {
  // 0 was an attribute no release writes any more.
  kArrayV1 = 1,
  kBooleanV1 = 2,
  kComparisonDirectionV1 = 3,
  kComparisonTypeV1 = 4,
  kCustomCallApiVersionV1 = 5,
  kDictionaryV1 = 6,
  kFftTypeV1 = 7,
  kFloatV1 = 8,
  kIntegerV1 = 9,
  kOutputOperandAliasV1 = 10,
  kPrecisionV1 = 11,
  kRngAlgorithmV1 = 12,
  kRngDistributionV1 = 13,
  kStringV1 = 14,
  kTensorV1 = 15,
  kTransposeV1 = 16,
  kTypeV1 = 17,
  kTypeExtensionsV1 = 18,
  kResultAccuracyModeV1 = 19,
  kResultAccuracyV1 = 20,
  kSubAxisInfoV1 = 21,
  kAxisRefV1 = 22,
  kReplicaGroupMeshAxesV1 = 23,
  kMeshAxisV1 = 24,
  kMeshV1 = 25,
};
} // namespace attr_code

namespace type_code {
enum : uint64_t {
  kBooleanV1 = 0,
  kComplexV1 = 1,
  kFloatBF16V1 = 2,
  kFloatF16V1 = 3,
  kFloatF32V1 = 4,
  kFloatF64V1 = 5,
  kFloatF8E4M3FNV1 = 6,
  kFloatF8E5M2V1 = 7,
  kFunctionV1 = 8,
  kIndexV1 = 9,
  kIntegerSI4V1 = 10,
  kIntegerSI8V1 = 11,
  kIntegerSI16V1 = 12,
  kIntegerSI32V1 = 13,
  kIntegerSI64V1 = 14,
  kIntegerUI4V1 = 15,
  kIntegerUI8V1 = 16,
  kIntegerUI16V1 = 17,
  kIntegerUI32V1 = 18,
  kIntegerUI64V1 = 19,
  kRankedTensorV1 = 20,
  kRankedTensorV1WithEncoding = 21,
  kTokenV1 = 22,
  kTupleV1 = 23,
  kUniformQuantizedV1 = 24,
  kUnrankedTensorV1 = 25,
  kWitnessV1 = 26,
  kFloatF8E4M3FNUZV1 = 27,
  kFloatF8E5M2FNUZV1 = 28,
  kFloatF8E4M3B11FNUZV1 = 29,
  kUniformQuantizedPerAxisV1 = 30,
  kIntegerSI2V1 = 31,
  kIntegerUI2V1 = 32,
  kNoneV1 = 33,
  kFloatTF32V1 = 34,
  kFloatF8E4M3V1 = 35,
  kFloatF8E3M4V1 = 36,
  kFloatF4E2M1FNV1 = 37,
  kFloatF6E2M3FNV1 = 38,
  kFloatF6E3M2FNV1 = 39,
  kFloatF8E8M0FNUV1 = 40,
  kRankedBufferV1 = 41,
  kFutureV1 = 42,
};
} // namespace type_code

//===----------------------------------------------------------------------===//
// Tensor data
//===----------------------------------------------------------------------===//
//
// The blob of a TensorV1 is the dense storage of its elements (a splat as
// one element, sub-byte types a byte each, complex as (real, imaginary)
// pairs), except for booleans: a splat of more than one element is one byte,
// 0xFF or 0x00; otherwise the elements are packed eight to a byte, the first
// in the least significant bit. Readers also take one byte per element,
// which older writers produced.

void writeTensorData(DenseElementsAttr data, DialectBytecodeWriter &writer) {
  if (!data.getElementType().isInteger(1)) {
    writer.writeOwnedBlob(data.getRawData());
    return;
  }
  int64_t count = data.getNumElements();
  std::string packed;
  if (data.isSplat() && count > 1) {
    packed.push_back(data.getSplatValue<bool>() ? char(0xFF) : char(0));
  } else {
    packed.assign((count + 7) / 8, 0);
    int64_t index = 0;
    for (bool value : data.getValues<bool>()) {
      if (value)
        packed[index / 8] |= char(1 << (index % 8));
      ++index;
    }
  }
  // The writer keeps a reference to the blob until it is done: the bytes
  // live in the context, as a string attribute.
  StringRef blob = StringAttr::get(data.getContext(), packed).getValue();
  writer.writeOwnedBlob(ArrayRef<char>(blob.data(), blob.size()));
}

DenseElementsAttr readTensorData(ShapedType type, ArrayRef<char> blob,
                                 DialectBytecodeReader &reader) {
  if (!type.getElementType().isInteger(1)) {
    bool detectedSplat = false;
    if (!DenseElementsAttr::isValidRawBuffer(type, blob, detectedSplat)) {
      reader.emitError() << "tensor data of " << blob.size()
                         << " bytes does not fit " << type;
      return {};
    }
    return DenseElementsAttr::getFromRawBuffer(type, blob);
  }
  int64_t count = type.getNumElements();
  SmallVector<bool> values;
  if (blob.size() == 1 && (static_cast<uint8_t>(blob[0]) == 0xFF ||
                           (count > 1 && blob[0] == 0))) {
    values.assign(count, blob[0] != 0);
  } else if (static_cast<int64_t>(blob.size()) == (count + 7) / 8 &&
             static_cast<int64_t>(blob.size()) != count) {
    for (int64_t i = 0; i < count; ++i)
      values.push_back((blob[i / 8] >> (i % 8)) & 1);
  } else if (static_cast<int64_t>(blob.size()) == count) {
    for (char byte : blob)
      values.push_back(byte != 0);
  } else {
    reader.emitError() << "boolean tensor data of " << blob.size()
                       << " bytes does not fit " << type;
    return {};
  }
  return DenseElementsAttr::get(type, values);
}

//===----------------------------------------------------------------------===//
// The interface
//===----------------------------------------------------------------------===//

class VhloBytecodeInterface : public BytecodeDialectInterface {
public:
  explicit VhloBytecodeInterface(Dialect *dialect)
      : BytecodeDialectInterface(dialect) {}

  Attribute readAttribute(DialectBytecodeReader &reader) const override;
  LogicalResult writeAttribute(Attribute attr,
                               DialectBytecodeWriter &writer) const override;
  Type readType(DialectBytecodeReader &reader) const override;
  LogicalResult writeType(Type type,
                          DialectBytecodeWriter &writer) const override;
};

template <typename AttrT, typename EnumT>
Attribute readEnum(DialectBytecodeReader &reader,
                   std::optional<EnumT> (*symbolize)(uint32_t)) {
  uint64_t value;
  if (failed(reader.readVarInt(value)))
    return {};
  std::optional<EnumT> symbol =
      value <= UINT32_MAX ? symbolize(static_cast<uint32_t>(value))
                          : std::nullopt;
  if (!symbol) {
    reader.emitError() << "unknown value " << value << " of "
                       << AttrT::getMnemonic();
    return {};
  }
  return AttrT::get(reader.getContext(), *symbol);
}

Attribute
VhloBytecodeInterface::readAttribute(DialectBytecodeReader &reader) const {
  MLIRContext *ctx = reader.getContext();
  uint64_t code;
  if (failed(reader.readVarInt(code)))
    return {};
  switch (code) {
  case attr_code::kArrayV1: {
    SmallVector<Attribute> elements;
    if (failed(reader.readAttributes(elements)))
      return {};
    return ArrayV1Attr::get(ctx, elements);
  }
  case attr_code::kBooleanV1: {
    uint64_t value;
    if (failed(reader.readVarInt(value)))
      return {};
    if (value > 1) {
      reader.emitError() << "unsupported value: " << value;
      return {};
    }
    return BooleanV1Attr::get(ctx, value == 1);
  }
  case attr_code::kComparisonDirectionV1:
    return readEnum<ComparisonDirectionV1Attr>(
        reader, symbolizeComparisonDirectionV1);
  case attr_code::kComparisonTypeV1:
    return readEnum<ComparisonTypeV1Attr>(reader, symbolizeComparisonTypeV1);
  case attr_code::kCustomCallApiVersionV1:
    return readEnum<CustomCallApiVersionV1Attr>(
        reader, symbolizeCustomCallApiVersionV1);
  case attr_code::kDictionaryV1: {
    SmallVector<std::pair<Attribute, Attribute>> entries;
    if (failed(reader.readList(
            entries, [&]() -> FailureOr<std::pair<Attribute, Attribute>> {
              Attribute key, value;
              if (failed(reader.readAttribute(key)) ||
                  failed(reader.readAttribute(value)))
                return failure();
              return std::make_pair(key, value);
            })))
      return {};
    if (failed(DictionaryV1Attr::verify([&] { return reader.emitError(); },
                                        entries)))
      return {};
    return DictionaryV1Attr::get(ctx, entries);
  }
  case attr_code::kFftTypeV1:
    return readEnum<FftTypeV1Attr>(reader, symbolizeFftTypeV1);
  case attr_code::kFloatV1: {
    Type type;
    if (failed(reader.readType(type)))
      return {};
    const llvm::fltSemantics *semantics = getFloatSemantics(type);
    if (!semantics) {
      reader.emitError() << "float_v1 of non-float type " << type;
      return {};
    }
    FailureOr<APFloat> value = reader.readAPFloatWithKnownSemantics(*semantics);
    if (failed(value))
      return {};
    return FloatV1Attr::get(ctx, type, *value);
  }
  case attr_code::kIntegerV1: {
    Type type;
    if (failed(reader.readType(type)))
      return {};
    unsigned width = getIntegerBitWidth(type);
    if (!width) {
      reader.emitError() << "integer_v1 of non-integer type " << type;
      return {};
    }
    FailureOr<APInt> value = reader.readAPIntWithKnownWidth(width);
    if (failed(value))
      return {};
    return IntegerV1Attr::get(ctx, type, *value);
  }
  case attr_code::kOutputOperandAliasV1: {
    SmallVector<int64_t> outputTupleIndices, operandTupleIndices;
    int64_t operandIndex;
    if (failed(reader.readSignedVarInts(outputTupleIndices)) ||
        failed(reader.readSignedVarInt(operandIndex)) ||
        failed(reader.readSignedVarInts(operandTupleIndices)))
      return {};
    return OutputOperandAliasV1Attr::get(ctx, outputTupleIndices, operandIndex,
                                         operandTupleIndices);
  }
  case attr_code::kPrecisionV1:
    return readEnum<PrecisionV1Attr>(reader, symbolizePrecisionV1);
  case attr_code::kRngAlgorithmV1:
    return readEnum<RngAlgorithmV1Attr>(reader, symbolizeRngAlgorithmV1);
  case attr_code::kRngDistributionV1:
    return readEnum<RngDistributionV1Attr>(reader, symbolizeRngDistributionV1);
  case attr_code::kStringV1: {
    StringRef value;
    if (failed(reader.readString(value)))
      return {};
    return StringV1Attr::get(ctx, value);
  }
  case attr_code::kTensorV1: {
    Type type;
    ArrayRef<char> blob;
    if (failed(reader.readType(type)) || failed(reader.readBlob(blob)))
      return {};
    auto shaped = dyn_cast_or_null<ShapedType>(
        convertElementOrTensorFromVhlo(type));
    if (!shaped) {
      reader.emitError() << "tensor_v1 of non-tensor type " << type;
      return {};
    }
    DenseElementsAttr data = readTensorData(shaped, blob, reader);
    if (!data)
      return {};
    return TensorV1Attr::get(ctx, type, data);
  }
  case attr_code::kTransposeV1:
    return readEnum<TransposeV1Attr>(reader, symbolizeTransposeV1);
  case attr_code::kTypeV1: {
    Type type;
    if (failed(reader.readType(type)))
      return {};
    return TypeV1Attr::get(ctx, type);
  }
  case attr_code::kTypeExtensionsV1: {
    SmallVector<int64_t> bounds;
    if (failed(reader.readSignedVarInts(bounds)))
      return {};
    return TypeExtensionsV1Attr::get(ctx, bounds);
  }
  case attr_code::kResultAccuracyModeV1:
    return readEnum<ResultAccuracyModeV1Attr>(reader,
                                              symbolizeResultAccuracyModeV1);
  case attr_code::kResultAccuracyV1: {
    FailureOr<APFloat> atol =
        reader.readAPFloatWithKnownSemantics(APFloat::IEEEdouble());
    if (failed(atol))
      return {};
    FailureOr<APFloat> rtol =
        reader.readAPFloatWithKnownSemantics(APFloat::IEEEdouble());
    int64_t ulps;
    Attribute mode;
    if (failed(rtol) || failed(reader.readSignedVarInt(ulps)) ||
        failed(reader.readAttribute(mode)))
      return {};
    if (failed(ResultAccuracyV1Attr::verify(
            [&] { return reader.emitError(); }, *atol, *rtol, ulps, mode)))
      return {};
    return ResultAccuracyV1Attr::get(ctx, *atol, *rtol, ulps, mode);
  }
  case attr_code::kSubAxisInfoV1: {
    int64_t preSize, size;
    if (failed(reader.readSignedVarInt(preSize)) ||
        failed(reader.readSignedVarInt(size)))
      return {};
    return SubAxisInfoV1Attr::get(ctx, preSize, size);
  }
  case attr_code::kAxisRefV1: {
    Attribute name, subAxisInfo;
    uint64_t hasSubAxisInfo;
    if (failed(reader.readAttribute(name)) ||
        failed(reader.readVarInt(hasSubAxisInfo)))
      return {};
    if (hasSubAxisInfo && failed(reader.readAttribute(subAxisInfo)))
      return {};
    return AxisRefV1Attr::get(ctx, name, subAxisInfo);
  }
  case attr_code::kReplicaGroupMeshAxesV1: {
    Attribute mesh, axes;
    if (failed(reader.readAttribute(mesh)) || failed(reader.readAttribute(axes)))
      return {};
    return ReplicaGroupMeshAxesV1Attr::get(ctx, mesh, axes);
  }
  case attr_code::kMeshAxisV1: {
    Attribute name;
    int64_t size;
    if (failed(reader.readAttribute(name)) ||
        failed(reader.readSignedVarInt(size)))
      return {};
    return MeshAxisV1Attr::get(ctx, name, size);
  }
  case attr_code::kMeshV1: {
    Attribute axes, deviceIds;
    if (failed(reader.readAttribute(axes)) ||
        failed(reader.readOptionalAttribute(deviceIds)))
      return {};
    return MeshV1Attr::get(ctx, axes, deviceIds);
  }
  default:
    reader.emitError() << "unknown vhlo attribute code: " << code;
    return {};
  }
}

template <typename AttrT>
void writeEnum(uint64_t code, AttrT attr, DialectBytecodeWriter &writer) {
  writer.writeVarInt(code);
  writer.writeVarInt(static_cast<uint64_t>(attr.getValue()));
}

LogicalResult
VhloBytecodeInterface::writeAttribute(Attribute attr,
                                      DialectBytecodeWriter &writer) const {
  return llvm::TypeSwitch<Attribute, LogicalResult>(attr)
      .Case([&](ArrayV1Attr array) {
        writer.writeVarInt(attr_code::kArrayV1);
        writer.writeAttributes(array.getValue());
        return success();
      })
      .Case([&](BooleanV1Attr boolean) {
        writer.writeVarInt(attr_code::kBooleanV1);
        writer.writeVarInt(boolean.getValue() ? 1 : 0);
        return success();
      })
      .Case([&](ComparisonDirectionV1Attr enumAttr) {
        writeEnum(attr_code::kComparisonDirectionV1, enumAttr, writer);
        return success();
      })
      .Case([&](ComparisonTypeV1Attr enumAttr) {
        writeEnum(attr_code::kComparisonTypeV1, enumAttr, writer);
        return success();
      })
      .Case([&](CustomCallApiVersionV1Attr enumAttr) {
        writeEnum(attr_code::kCustomCallApiVersionV1, enumAttr, writer);
        return success();
      })
      .Case([&](DictionaryV1Attr dict) {
        writer.writeVarInt(attr_code::kDictionaryV1);
        writer.writeList(dict.getValue(), [&](const auto &entry) {
          writer.writeAttribute(entry.first);
          writer.writeAttribute(entry.second);
        });
        return success();
      })
      .Case([&](FftTypeV1Attr enumAttr) {
        writeEnum(attr_code::kFftTypeV1, enumAttr, writer);
        return success();
      })
      .Case([&](FloatV1Attr floatAttr) {
        writer.writeVarInt(attr_code::kFloatV1);
        writer.writeType(floatAttr.getType());
        writer.writeAPFloatWithKnownSemantics(floatAttr.getValue());
        return success();
      })
      .Case([&](IntegerV1Attr integer) {
        writer.writeVarInt(attr_code::kIntegerV1);
        writer.writeType(integer.getType());
        writer.writeAPIntWithKnownWidth(integer.getValue());
        return success();
      })
      .Case([&](OutputOperandAliasV1Attr alias) {
        writer.writeVarInt(attr_code::kOutputOperandAliasV1);
        writer.writeSignedVarInts(alias.getOutputTupleIndices());
        writer.writeSignedVarInt(alias.getOperandIndex());
        writer.writeSignedVarInts(alias.getOperandTupleIndices());
        return success();
      })
      .Case([&](PrecisionV1Attr enumAttr) {
        writeEnum(attr_code::kPrecisionV1, enumAttr, writer);
        return success();
      })
      .Case([&](RngAlgorithmV1Attr enumAttr) {
        writeEnum(attr_code::kRngAlgorithmV1, enumAttr, writer);
        return success();
      })
      .Case([&](RngDistributionV1Attr enumAttr) {
        writeEnum(attr_code::kRngDistributionV1, enumAttr, writer);
        return success();
      })
      .Case([&](StringV1Attr string) {
        writer.writeVarInt(attr_code::kStringV1);
        writer.writeOwnedString(string.getValue());
        return success();
      })
      .Case([&](TensorV1Attr tensor) {
        writer.writeVarInt(attr_code::kTensorV1);
        writer.writeType(tensor.getType());
        writeTensorData(tensor.getData(), writer);
        return success();
      })
      .Case([&](TransposeV1Attr enumAttr) {
        writeEnum(attr_code::kTransposeV1, enumAttr, writer);
        return success();
      })
      .Case([&](TypeV1Attr type) {
        writer.writeVarInt(attr_code::kTypeV1);
        writer.writeType(type.getValue());
        return success();
      })
      .Case([&](TypeExtensionsV1Attr extensions) {
        writer.writeVarInt(attr_code::kTypeExtensionsV1);
        writer.writeSignedVarInts(extensions.getBounds());
        return success();
      })
      .Case([&](ResultAccuracyModeV1Attr enumAttr) {
        writeEnum(attr_code::kResultAccuracyModeV1, enumAttr, writer);
        return success();
      })
      .Case([&](ResultAccuracyV1Attr accuracy) {
        writer.writeVarInt(attr_code::kResultAccuracyV1);
        writer.writeAPFloatWithKnownSemantics(accuracy.getAtol());
        writer.writeAPFloatWithKnownSemantics(accuracy.getRtol());
        writer.writeSignedVarInt(accuracy.getUlps());
        writer.writeAttribute(accuracy.getMode());
        return success();
      })
      .Case([&](SubAxisInfoV1Attr info) {
        writer.writeVarInt(attr_code::kSubAxisInfoV1);
        writer.writeSignedVarInt(info.getPreSize());
        writer.writeSignedVarInt(info.getSize());
        return success();
      })
      .Case([&](AxisRefV1Attr axis) {
        writer.writeVarInt(attr_code::kAxisRefV1);
        writer.writeAttribute(axis.getName());
        writer.writeVarInt(axis.getSubAxisInfo() ? 1 : 0);
        if (axis.getSubAxisInfo())
          writer.writeAttribute(axis.getSubAxisInfo());
        return success();
      })
      .Case([&](ReplicaGroupMeshAxesV1Attr groups) {
        writer.writeVarInt(attr_code::kReplicaGroupMeshAxesV1);
        writer.writeAttribute(groups.getMesh());
        writer.writeAttribute(groups.getAxes());
        return success();
      })
      .Case([&](MeshAxisV1Attr axis) {
        writer.writeVarInt(attr_code::kMeshAxisV1);
        writer.writeAttribute(axis.getName());
        writer.writeSignedVarInt(axis.getSize());
        return success();
      })
      .Case([&](MeshV1Attr mesh) {
        writer.writeVarInt(attr_code::kMeshV1);
        writer.writeAttribute(mesh.getAxes());
        writer.writeOptionalAttribute(mesh.getDeviceIds());
        return success();
      })
      .Default([](Attribute) { return failure(); });
}

Type VhloBytecodeInterface::readType(DialectBytecodeReader &reader) const {
  MLIRContext *ctx = reader.getContext();
  uint64_t code;
  if (failed(reader.readVarInt(code)))
    return {};
  auto readShapeAndElement = [&](SmallVector<int64_t> &shape,
                                 Type &element) -> LogicalResult {
    if (failed(reader.readSignedVarInts(shape)))
      return failure();
    return reader.readType(element);
  };
  switch (code) {
  case type_code::kBooleanV1:
    return BooleanV1Type::get(ctx);
  case type_code::kComplexV1: {
    Type element;
    if (failed(reader.readType(element)))
      return {};
    return ComplexV1Type::get(ctx, element);
  }
  case type_code::kFloatBF16V1:
    return FloatBF16V1Type::get(ctx);
  case type_code::kFloatF16V1:
    return FloatF16V1Type::get(ctx);
  case type_code::kFloatF32V1:
    return FloatF32V1Type::get(ctx);
  case type_code::kFloatF64V1:
    return FloatF64V1Type::get(ctx);
  case type_code::kFloatF8E4M3FNV1:
    return FloatF8E4M3FNV1Type::get(ctx);
  case type_code::kFloatF8E5M2V1:
    return FloatF8E5M2V1Type::get(ctx);
  case type_code::kFunctionV1: {
    SmallVector<Type> inputs, outputs;
    if (failed(reader.readTypes(inputs)) || failed(reader.readTypes(outputs)))
      return {};
    return FunctionV1Type::get(ctx, inputs, outputs);
  }
  case type_code::kIndexV1:
    return IndexV1Type::get(ctx);
  case type_code::kIntegerSI4V1:
    return IntegerSI4V1Type::get(ctx);
  case type_code::kIntegerSI8V1:
    return IntegerSI8V1Type::get(ctx);
  case type_code::kIntegerSI16V1:
    return IntegerSI16V1Type::get(ctx);
  case type_code::kIntegerSI32V1:
    return IntegerSI32V1Type::get(ctx);
  case type_code::kIntegerSI64V1:
    return IntegerSI64V1Type::get(ctx);
  case type_code::kIntegerUI4V1:
    return IntegerUI4V1Type::get(ctx);
  case type_code::kIntegerUI8V1:
    return IntegerUI8V1Type::get(ctx);
  case type_code::kIntegerUI16V1:
    return IntegerUI16V1Type::get(ctx);
  case type_code::kIntegerUI32V1:
    return IntegerUI32V1Type::get(ctx);
  case type_code::kIntegerUI64V1:
    return IntegerUI64V1Type::get(ctx);
  case type_code::kRankedTensorV1:
  case type_code::kRankedTensorV1WithEncoding: {
    Attribute encoding;
    SmallVector<int64_t> shape;
    Type element;
    if (code == type_code::kRankedTensorV1WithEncoding &&
        failed(reader.readAttribute(encoding)))
      return {};
    if (failed(readShapeAndElement(shape, element)))
      return {};
    if (failed(RankedTensorV1Type::verify([&] { return reader.emitError(); },
                                          shape, element, encoding)))
      return {};
    return RankedTensorV1Type::get(ctx, shape, element, encoding);
  }
  case type_code::kTokenV1:
    return TokenV1Type::get(ctx);
  case type_code::kTupleV1: {
    SmallVector<Type> types;
    if (failed(reader.readTypes(types)))
      return {};
    return TupleV1Type::get(ctx, types);
  }
  case type_code::kUniformQuantizedV1: {
    uint64_t flags;
    Type storageType, expressedType;
    int64_t zeroPoint, storageMin, storageMax;
    if (failed(reader.readVarInt(flags)) ||
        failed(reader.readType(storageType)) ||
        failed(reader.readType(expressedType)))
      return {};
    FailureOr<APFloat> scale =
        reader.readAPFloatWithKnownSemantics(APFloat::IEEEdouble());
    if (failed(scale) || failed(reader.readSignedVarInt(zeroPoint)) ||
        failed(reader.readSignedVarInt(storageMin)) ||
        failed(reader.readSignedVarInt(storageMax)))
      return {};
    return UniformQuantizedV1Type::get(ctx, flags, storageType, expressedType,
                                       *scale, zeroPoint, storageMin,
                                       storageMax);
  }
  case type_code::kUnrankedTensorV1: {
    Type element;
    if (failed(reader.readType(element)))
      return {};
    return UnrankedTensorV1Type::get(ctx, element);
  }
  case type_code::kWitnessV1:
    return WitnessV1Type::get(ctx);
  case type_code::kFloatF8E4M3FNUZV1:
    return FloatF8E4M3FNUZV1Type::get(ctx);
  case type_code::kFloatF8E5M2FNUZV1:
    return FloatF8E5M2FNUZV1Type::get(ctx);
  case type_code::kFloatF8E4M3B11FNUZV1:
    return FloatF8E4M3B11FNUZV1Type::get(ctx);
  case type_code::kUniformQuantizedPerAxisV1: {
    uint64_t flags, quantizedDimension;
    Type storageType, expressedType;
    int64_t storageMin, storageMax;
    SmallVector<APFloat> scales;
    SmallVector<int64_t> zeroPoints;
    if (failed(reader.readVarInt(flags)) ||
        failed(reader.readType(storageType)) ||
        failed(reader.readType(expressedType)) ||
        failed(reader.readVarInt(quantizedDimension)) ||
        failed(reader.readSignedVarInt(storageMin)) ||
        failed(reader.readSignedVarInt(storageMax)) ||
        failed(reader.readList(scales,
                               [&] {
                                 return reader.readAPFloatWithKnownSemantics(
                                     APFloat::IEEEdouble());
                               })) ||
        failed(reader.readSignedVarInts(zeroPoints)))
      return {};
    return UniformQuantizedPerAxisV1Type::get(
        ctx, flags, storageType, expressedType,
        static_cast<int32_t>(quantizedDimension), scales, zeroPoints,
        storageMin, storageMax);
  }
  case type_code::kIntegerSI2V1:
    return IntegerSI2V1Type::get(ctx);
  case type_code::kIntegerUI2V1:
    return IntegerUI2V1Type::get(ctx);
  case type_code::kNoneV1:
    return NoneV1Type::get(ctx);
  case type_code::kFloatTF32V1:
    return FloatTF32V1Type::get(ctx);
  case type_code::kFloatF8E4M3V1:
    return FloatF8E4M3V1Type::get(ctx);
  case type_code::kFloatF8E3M4V1:
    return FloatF8E3M4V1Type::get(ctx);
  case type_code::kFloatF4E2M1FNV1:
    return FloatF4E2M1FNV1Type::get(ctx);
  case type_code::kFloatF6E2M3FNV1:
    return FloatF6E2M3FNV1Type::get(ctx);
  case type_code::kFloatF6E3M2FNV1:
    return FloatF6E3M2FNV1Type::get(ctx);
  case type_code::kFloatF8E8M0FNUV1:
    return FloatF8E8M0FNUV1Type::get(ctx);
  case type_code::kRankedBufferV1: {
    SmallVector<int64_t> shape;
    Type element;
    if (failed(readShapeAndElement(shape, element)))
      return {};
    return RankedBufferV1Type::get(ctx, shape, element);
  }
  case type_code::kFutureV1: {
    SmallVector<Type> types;
    if (failed(reader.readTypes(types)))
      return {};
    return FutureV1Type::get(ctx, types);
  }
  default:
    reader.emitError() << "unknown vhlo type code: " << code;
    return {};
  }
}

LogicalResult
VhloBytecodeInterface::writeType(Type type,
                                 DialectBytecodeWriter &writer) const {
  auto code = [&](uint64_t value) {
    writer.writeVarInt(value);
    return success();
  };
  return llvm::TypeSwitch<Type, LogicalResult>(type)
      .Case([&](BooleanV1Type) { return code(type_code::kBooleanV1); })
      .Case([&](ComplexV1Type complex) {
        writer.writeVarInt(type_code::kComplexV1);
        writer.writeType(complex.getElementType());
        return success();
      })
      .Case([&](FloatBF16V1Type) { return code(type_code::kFloatBF16V1); })
      .Case([&](FloatF16V1Type) { return code(type_code::kFloatF16V1); })
      .Case([&](FloatF32V1Type) { return code(type_code::kFloatF32V1); })
      .Case([&](FloatF64V1Type) { return code(type_code::kFloatF64V1); })
      .Case([&](FloatF8E4M3FNV1Type) {
        return code(type_code::kFloatF8E4M3FNV1);
      })
      .Case([&](FloatF8E5M2V1Type) { return code(type_code::kFloatF8E5M2V1); })
      .Case([&](FunctionV1Type function) {
        writer.writeVarInt(type_code::kFunctionV1);
        writer.writeTypes(function.getInputs());
        writer.writeTypes(function.getOutputs());
        return success();
      })
      .Case([&](IndexV1Type) { return code(type_code::kIndexV1); })
      .Case([&](IntegerSI4V1Type) { return code(type_code::kIntegerSI4V1); })
      .Case([&](IntegerSI8V1Type) { return code(type_code::kIntegerSI8V1); })
      .Case([&](IntegerSI16V1Type) { return code(type_code::kIntegerSI16V1); })
      .Case([&](IntegerSI32V1Type) { return code(type_code::kIntegerSI32V1); })
      .Case([&](IntegerSI64V1Type) { return code(type_code::kIntegerSI64V1); })
      .Case([&](IntegerUI4V1Type) { return code(type_code::kIntegerUI4V1); })
      .Case([&](IntegerUI8V1Type) { return code(type_code::kIntegerUI8V1); })
      .Case([&](IntegerUI16V1Type) { return code(type_code::kIntegerUI16V1); })
      .Case([&](IntegerUI32V1Type) { return code(type_code::kIntegerUI32V1); })
      .Case([&](IntegerUI64V1Type) { return code(type_code::kIntegerUI64V1); })
      .Case([&](RankedTensorV1Type tensor) {
        if (Attribute encoding = tensor.getEncoding()) {
          writer.writeVarInt(type_code::kRankedTensorV1WithEncoding);
          writer.writeAttribute(encoding);
        } else {
          writer.writeVarInt(type_code::kRankedTensorV1);
        }
        writer.writeSignedVarInts(tensor.getShape());
        writer.writeType(tensor.getElementType());
        return success();
      })
      .Case([&](TokenV1Type) { return code(type_code::kTokenV1); })
      .Case([&](TupleV1Type tuple) {
        writer.writeVarInt(type_code::kTupleV1);
        writer.writeTypes(tuple.getTypes());
        return success();
      })
      .Case([&](UniformQuantizedV1Type quant) {
        writer.writeVarInt(type_code::kUniformQuantizedV1);
        writer.writeVarInt(quant.getFlags());
        writer.writeType(quant.getStorageType());
        writer.writeType(quant.getExpressedType());
        writer.writeAPFloatWithKnownSemantics(quant.getScale());
        writer.writeSignedVarInt(quant.getZeroPoint());
        writer.writeSignedVarInt(quant.getStorageTypeMin());
        writer.writeSignedVarInt(quant.getStorageTypeMax());
        return success();
      })
      .Case([&](UnrankedTensorV1Type tensor) {
        writer.writeVarInt(type_code::kUnrankedTensorV1);
        writer.writeType(tensor.getElementType());
        return success();
      })
      .Case([&](WitnessV1Type) { return code(type_code::kWitnessV1); })
      .Case([&](FloatF8E4M3FNUZV1Type) {
        return code(type_code::kFloatF8E4M3FNUZV1);
      })
      .Case([&](FloatF8E5M2FNUZV1Type) {
        return code(type_code::kFloatF8E5M2FNUZV1);
      })
      .Case([&](FloatF8E4M3B11FNUZV1Type) {
        return code(type_code::kFloatF8E4M3B11FNUZV1);
      })
      .Case([&](UniformQuantizedPerAxisV1Type quant) {
        writer.writeVarInt(type_code::kUniformQuantizedPerAxisV1);
        writer.writeVarInt(quant.getFlags());
        writer.writeType(quant.getStorageType());
        writer.writeType(quant.getExpressedType());
        writer.writeVarInt(quant.getQuantizedDimension());
        writer.writeSignedVarInt(quant.getStorageTypeMin());
        writer.writeSignedVarInt(quant.getStorageTypeMax());
        writer.writeList(quant.getScales(), [&](const APFloat &scale) {
          writer.writeAPFloatWithKnownSemantics(scale);
        });
        writer.writeSignedVarInts(quant.getZeroPoints());
        return success();
      })
      .Case([&](IntegerSI2V1Type) { return code(type_code::kIntegerSI2V1); })
      .Case([&](IntegerUI2V1Type) { return code(type_code::kIntegerUI2V1); })
      .Case([&](NoneV1Type) { return code(type_code::kNoneV1); })
      .Case([&](FloatTF32V1Type) { return code(type_code::kFloatTF32V1); })
      .Case([&](FloatF8E4M3V1Type) { return code(type_code::kFloatF8E4M3V1); })
      .Case([&](FloatF8E3M4V1Type) { return code(type_code::kFloatF8E3M4V1); })
      .Case([&](FloatF4E2M1FNV1Type) {
        return code(type_code::kFloatF4E2M1FNV1);
      })
      .Case([&](FloatF6E2M3FNV1Type) {
        return code(type_code::kFloatF6E2M3FNV1);
      })
      .Case([&](FloatF6E3M2FNV1Type) {
        return code(type_code::kFloatF6E3M2FNV1);
      })
      .Case([&](FloatF8E8M0FNUV1Type) {
        return code(type_code::kFloatF8E8M0FNUV1);
      })
      .Case([&](RankedBufferV1Type buffer) {
        writer.writeVarInt(type_code::kRankedBufferV1);
        writer.writeSignedVarInts(buffer.getShape());
        writer.writeType(buffer.getElementType());
        return success();
      })
      .Case([&](FutureV1Type future) {
        writer.writeVarInt(type_code::kFutureV1);
        writer.writeTypes(future.getTypes());
        return success();
      })
      .Default([](Type) { return failure(); });
}

} // namespace

void hlox::vhlo::addBytecodeInterface(VhloDialect *dialect) {
  dialect->addInterfaces<VhloBytecodeInterface>();
}
