//===- Utils.cpp - Helpers of the StableHLO lowering ----------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "Lowerings.h"

#include "hlox/Conversion/StablehloToLinalg/StablehloToLinalg.h"
#include "hlox/Dialect/StableHLO/IR/StablehloOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Quant/IR/QuantTypes.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace hlox;
using namespace hlox::lowering;

Type hlox::lowering::convertElementType(Type type) {
  if (isSmallFloat(type))
    return IntegerType::get(type.getContext(), 8);
  if (auto integer = dyn_cast<IntegerType>(type))
    if (!integer.isSignless())
      return IntegerType::get(type.getContext(), integer.getWidth());
  return type;
}

/// Element types kernels compute in.
static bool isSupportedElement(Type type) {
  if (auto integer = dyn_cast<IntegerType>(type))
    return llvm::is_contained({1u, 2u, 4u, 8u, 16u, 32u, 64u},
                              integer.getWidth());
  if (auto complex = dyn_cast<ComplexType>(type))
    return complex.getElementType().isF32() || complex.getElementType().isF64();
  return type.isF16() || type.isBF16() || type.isF32() || type.isF64() ||
         isSmallFloat(type);
}

StablehloTypeConverter::StablehloTypeConverter() {
  addConversion([](Type type) -> std::optional<Type> {
    if (isa<RankedTensorType, ShapedType>(type))
      return std::nullopt;
    if (type.isIntOrIndexOrFloat() || isa<ComplexType>(type))
      return convertElementType(type);
    return type;
  });
  addConversion([](RankedTensorType type) -> std::optional<Type> {
    if (!isSupportedElement(type.getElementType()))
      return std::nullopt;
    return RankedTensorType::get(type.getShape(),
                                 convertElementType(type.getElementType()));
  });
  // A token carries no value: on one device, whose side effects run in
  // program order, it is an empty tensor.
  addConversion([](stablehlo::TokenType type) -> std::optional<Type> {
    return RankedTensorType::get({0}, IntegerType::get(type.getContext(), 1));
  });
  // ui32 and i32 tensors have the same bits: the casts between them are
  // free and the host program looks through them.
  auto cast = [](OpBuilder &b, Type type, ValueRange inputs,
                 Location loc) -> Value {
    return UnrealizedConversionCastOp::create(b, loc, type, inputs).getResult(0);
  };
  addSourceMaterialization(cast);
  addTargetMaterialization(cast);
}

Value hlox::lowering::mapElements(
    OpBuilder &b, Location loc, Value input, Type element,
    function_ref<Value(OpBuilder &, Location, Value)> fn) {
  auto type = cast<RankedTensorType>(input.getType());
  auto resultType = type.clone(element);
  unsigned rank = type.getRank();
  AffineMap identity = b.getMultiDimIdentityMap(rank);
  return linalg::GenericOp::create(
             b, loc, TypeRange{resultType}, ValueRange{input},
             ValueRange{emptyTensor(b, loc, resultType)}, {identity, identity},
             parallelIterators(rank),
             [&](OpBuilder &nb, Location nl, ValueRange args) {
               linalg::YieldOp::create(nb, nl, fn(nb, nl, args[0]));
             })
      .getResult(0);
}

Value hlox::lowering::emptyTensor(OpBuilder &b, Location loc,
                                  RankedTensorType type) {
  return tensor::EmptyOp::create(b, loc, type.getShape(), type.getElementType());
}

Value hlox::lowering::filledTensor(OpBuilder &b, Location loc,
                                   RankedTensorType type, Value value) {
  return linalg::FillOp::create(b, loc, value, emptyTensor(b, loc, type))
      .getResult(0);
}

Value hlox::lowering::extractScalar(OpBuilder &b, Location loc, Value tensor) {
  return tensor::ExtractOp::create(b, loc, tensor, ValueRange{});
}

Value hlox::lowering::toIndex(OpBuilder &b, Location loc, Value value,
                              Type type) {
  auto integer = cast<IntegerType>(type);
  if (integer.isUnsigned() || integer.getWidth() == 1)
    return arith::IndexCastUIOp::create(b, loc, b.getIndexType(), value);
  return arith::IndexCastOp::create(b, loc, b.getIndexType(), value);
}

Value hlox::lowering::clampIndex(OpBuilder &b, Location loc, Value value,
                                 int64_t lo, int64_t hi) {
  Value low = arith::ConstantIndexOp::create(b, loc, lo);
  Value high = arith::ConstantIndexOp::create(b, loc, hi);
  return arith::MinSIOp::create(b, loc,
                                arith::MaxSIOp::create(b, loc, value, low), high);
}

SmallVector<utils::IteratorType> hlox::lowering::parallelIterators(unsigned rank) {
  return SmallVector<utils::IteratorType>(rank, utils::IteratorType::parallel);
}

RankedTensorType
hlox::lowering::convertedTensorType(const TypeConverter &converter, Type type) {
  if (isa<stablehlo::TokenType>(type))
    return dyn_cast_or_null<RankedTensorType>(converter.convertType(type));
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor || !tensor.hasStaticShape())
    return {};
  return dyn_cast_or_null<RankedTensorType>(converter.convertType(tensor));
}

FailureOr<SmallVector<Type>>
hlox::lowering::staticResultTypes(Operation *op, const TypeConverter &converter,
                                  ConversionPatternRewriter &rewriter) {
  if (failed(checkStaticTensors(op, rewriter)))
    return failure();
  SmallVector<Type> types;
  for (Type type : op->getResultTypes()) {
    RankedTensorType converted = convertedTensorType(converter, type);
    if (!converted)
      return rewriter.notifyMatchFailure(op, [&](Diagnostic &diag) {
        diag << "result of type " << type << " has no converted type";
      });
    types.push_back(converted);
  }
  return types;
}

FailureOr<RankedTensorType>
hlox::lowering::staticResultType(Operation *op, const TypeConverter &converter,
                                 ConversionPatternRewriter &rewriter) {
  FailureOr<SmallVector<Type>> types =
      staticResultTypes(op, converter, rewriter);
  if (failed(types) || types->size() != 1)
    return failure();
  return cast<RankedTensorType>(types->front());
}

SmallVector<OpFoldResult> hlox::lowering::indexAttrs(OpBuilder &b,
                                                     ArrayRef<int64_t> values) {
  SmallVector<OpFoldResult> attrs;
  for (int64_t value : values)
    attrs.push_back(b.getIndexAttr(value));
  return attrs;
}

LogicalResult
hlox::lowering::checkStaticTensors(Operation *op,
                                   ConversionPatternRewriter &rewriter) {
  auto check = [&](Type type, StringRef what) -> LogicalResult {
    if (isa<stablehlo::TokenType>(type))
      return success(); // An empty tensor (see StablehloTypeConverter).
    auto tensor = dyn_cast<RankedTensorType>(type);
    if (!tensor || !tensor.hasStaticShape())
      return rewriter.notifyMatchFailure(op, [&](Diagnostic &diag) {
        diag << what << " of type " << type << " is not a static tensor";
      });
    if (!isSupportedElement(tensor.getElementType()))
      return rewriter.notifyMatchFailure(op, [&](Diagnostic &diag) {
        diag << "element type " << tensor.getElementType()
             << " is not supported by the lowering to linalg";
      });
    return success();
  };
  for (Type type : op->getOperandTypes())
    if (failed(check(type, "operand")))
      return failure();
  for (Type type : op->getResultTypes())
    if (failed(check(type, "result")))
      return failure();
  return success();
}
