//===- TypeConversion.cpp - StableHLO types <-> VHLO types ---------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Dialect/VHLO/Transforms/TypeConversion.h"

#include "hlox/Dialect/StableHLO/IR/StablehloOps.h"
#include "hlox/Dialect/VHLO/IR/VhloOps.h"

#include "mlir/Dialect/Quant/IR/QuantTypes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace hlox::vhlo;

static LogicalResult convertAll(TypeRange types, SmallVectorImpl<Type> &out,
                                Type (*convert)(Type)) {
  for (Type type : types) {
    Type converted = convert(type);
    if (!converted)
      return failure();
    out.push_back(converted);
  }
  return success();
}

static APFloat toDouble(double value) { return APFloat(value); }

Type hlox::vhlo::convertTypeToVhlo(Type type) {
  MLIRContext *ctx = type.getContext();
  if (auto tensor = dyn_cast<RankedTensorType>(type)) {
    Attribute encoding;
    if (Attribute given = tensor.getEncoding()) {
      auto bounds = dyn_cast<stablehlo::TypeExtensionsAttr>(given);
      if (!bounds)
        return {};
      encoding = TypeExtensionsV1Attr::get(ctx, bounds.getBounds());
    }
    Type element = convertTypeToVhlo(tensor.getElementType());
    if (!element)
      return {};
    return RankedTensorV1Type::get(ctx, tensor.getShape(), element, encoding);
  }
  if (auto tensor = dyn_cast<UnrankedTensorType>(type)) {
    Type element = convertTypeToVhlo(tensor.getElementType());
    return element ? UnrankedTensorV1Type::get(ctx, element) : Type();
  }
  if (auto memref = dyn_cast<MemRefType>(type)) {
    Type element = convertTypeToVhlo(memref.getElementType());
    return element ? RankedBufferV1Type::get(ctx, memref.getShape(), element)
                   : Type();
  }
  if (auto tuple = dyn_cast<TupleType>(type)) {
    SmallVector<Type> types;
    if (failed(convertAll(tuple.getTypes(), types, convertTypeToVhlo)))
      return {};
    return TupleV1Type::get(ctx, types);
  }
  if (auto function = dyn_cast<FunctionType>(type)) {
    SmallVector<Type> inputs, outputs;
    if (failed(convertAll(function.getInputs(), inputs, convertTypeToVhlo)) ||
        failed(convertAll(function.getResults(), outputs, convertTypeToVhlo)))
      return {};
    return FunctionV1Type::get(ctx, inputs, outputs);
  }
  if (auto future = dyn_cast<stablehlo::FutureType>(type)) {
    SmallVector<Type> types;
    if (failed(convertAll(future.getTypes(), types, convertTypeToVhlo)))
      return {};
    return FutureV1Type::get(ctx, types);
  }
  if (isa<stablehlo::TokenType>(type))
    return TokenV1Type::get(ctx);
  if (auto quant = dyn_cast<quant::UniformQuantizedType>(type)) {
    Type storage = convertTypeToVhlo(quant.getStorageType());
    Type expressed = convertTypeToVhlo(quant.getExpressedType());
    if (!storage || !expressed)
      return {};
    return UniformQuantizedV1Type::get(
        ctx, quant.getFlags(), storage, expressed, toDouble(quant.getScale()),
        quant.getZeroPoint(), quant.getStorageTypeMin(),
        quant.getStorageTypeMax());
  }
  if (auto quant = dyn_cast<quant::UniformQuantizedPerAxisType>(type)) {
    Type storage = convertTypeToVhlo(quant.getStorageType());
    Type expressed = convertTypeToVhlo(quant.getExpressedType());
    if (!storage || !expressed)
      return {};
    SmallVector<APFloat> scales =
        llvm::map_to_vector(quant.getScales(), toDouble);
    return UniformQuantizedPerAxisV1Type::get(
        ctx, quant.getFlags(), storage, expressed,
        quant.getQuantizedDimension(), scales, quant.getZeroPoints(),
        quant.getStorageTypeMin(), quant.getStorageTypeMax());
  }
  return convertElementOrTensorToVhlo(type);
}

Type hlox::vhlo::convertTypeFromVhlo(Type type) {
  MLIRContext *ctx = type.getContext();
  return llvm::TypeSwitch<Type, Type>(type)
      .Case([&](RankedTensorV1Type tensor) -> Type {
        Attribute encoding;
        if (Attribute given = tensor.getEncoding()) {
          auto bounds = dyn_cast<TypeExtensionsV1Attr>(given);
          if (!bounds)
            return {};
          encoding = stablehlo::TypeExtensionsAttr::get(ctx, bounds.getBounds());
        }
        Type element = convertTypeFromVhlo(tensor.getElementType());
        if (!element)
          return {};
        return RankedTensorType::get(tensor.getShape(), element, encoding);
      })
      .Case([&](UnrankedTensorV1Type tensor) -> Type {
        Type element = convertTypeFromVhlo(tensor.getElementType());
        return element ? UnrankedTensorType::get(element) : Type();
      })
      .Case([&](RankedBufferV1Type buffer) -> Type {
        Type element = convertTypeFromVhlo(buffer.getElementType());
        return element ? MemRefType::get(buffer.getShape(), element) : Type();
      })
      .Case([&](TupleV1Type tuple) -> Type {
        SmallVector<Type> types;
        if (failed(convertAll(tuple.getTypes(), types, convertTypeFromVhlo)))
          return {};
        return TupleType::get(ctx, types);
      })
      .Case([&](FunctionV1Type function) -> Type {
        SmallVector<Type> inputs, outputs;
        if (failed(convertAll(function.getInputs(), inputs,
                              convertTypeFromVhlo)) ||
            failed(convertAll(function.getOutputs(), outputs,
                              convertTypeFromVhlo)))
          return {};
        return FunctionType::get(ctx, inputs, outputs);
      })
      .Case([&](FutureV1Type future) -> Type {
        SmallVector<Type> types;
        if (failed(convertAll(future.getTypes(), types, convertTypeFromVhlo)))
          return {};
        return stablehlo::FutureType::get(ctx, types);
      })
      .Case([&](TokenV1Type) { return stablehlo::TokenType::get(ctx); })
      .Case([&](UniformQuantizedV1Type quant) -> Type {
        Type storage = convertTypeFromVhlo(quant.getStorageType());
        Type expressed = convertTypeFromVhlo(quant.getExpressedType());
        if (!storage || !expressed)
          return {};
        return quant::UniformQuantizedType::getChecked(
            UnknownLoc::get(ctx), quant.getFlags(), storage, expressed,
            quant.getScale().convertToDouble(), quant.getZeroPoint(),
            quant.getStorageTypeMin(), quant.getStorageTypeMax());
      })
      .Case([&](UniformQuantizedPerAxisV1Type quant) -> Type {
        Type storage = convertTypeFromVhlo(quant.getStorageType());
        Type expressed = convertTypeFromVhlo(quant.getExpressedType());
        if (!storage || !expressed)
          return {};
        SmallVector<double> scales = llvm::map_to_vector(
            quant.getScales(),
            [](const APFloat &scale) { return scale.convertToDouble(); });
        return quant::UniformQuantizedPerAxisType::getChecked(
            UnknownLoc::get(ctx), quant.getFlags(), storage, expressed,
            scales, quant.getZeroPoints(), quant.getQuantizedDimension(),
            quant.getStorageTypeMin(), quant.getStorageTypeMax());
      })
      .Default([](Type type) { return convertElementOrTensorFromVhlo(type); });
}
