//===- LowerQuantized.cpp - Quantized StableHLO to integer and float ops --===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Quant/IR/QuantTypes.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/Support/DebugLog.h"

#define DEBUG_TYPE "stablehlo-lower-quantized"

namespace hlox {
#define GEN_PASS_DEF_STABLEHLOLOWERQUANTIZED
#include "hlox/Transforms/Passes.h.inc"
} // namespace hlox

using namespace mlir;
using namespace hlox;
namespace shlo = hlox::stablehlo;

namespace {

/// The uniform quantized element type of `type` (per tensor or per axis),
/// or null.
quant::QuantizedType quantizedElement(Type type) {
  Type element = getElementTypeOrSelf(type);
  if (isa<quant::UniformQuantizedType, quant::UniformQuantizedPerAxisType>(
          element))
    return cast<quant::QuantizedType>(element);
  return nullptr;
}

bool isQuantized(Type type) {
  return isa<quant::QuantizedType>(getElementTypeOrSelf(type));
}

/// `type` with its quantized element type `q` replaced by `part(q)`.
template <typename Part> Type replaceQuantized(Type type, Part part) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  auto element = tensor ? dyn_cast<quant::QuantizedType>(tensor.getElementType())
                        : nullptr;
  if (!element)
    return type;
  return tensor.clone(part(element));
}

/// The storage (integer) and expressed (float) forms of a quantized type.
Type storageType(Type type) {
  return replaceQuantized(
      type, [](quant::QuantizedType q) { return q.getStorageType(); });
}
Type expressedType(Type type) {
  return replaceQuantized(
      type, [](quant::QuantizedType q) { return q.getExpressedType(); });
}

class Lowering {
public:
  explicit Lowering(OpBuilder &b) : b(b) {}

  /// A splat constant shaped like `like` of element type `element`.
  Value splat(Location loc, RankedTensorType like, Type element,
              double value) {
    auto type = like.clone(element);
    Attribute attr;
    if (isa<FloatType>(element))
      attr = DenseElementsAttr::get(type, b.getFloatAttr(element, value));
    else
      attr = DenseElementsAttr::get(
          type, b.getIntegerAttr(element, static_cast<int64_t>(value)));
    return shlo::ConstantOp::create(b, loc, type, cast<ElementsAttr>(attr));
  }

  /// The scales (or zero points) of `q` as a tensor shaped like `like` of
  /// element type `element`: a splat per tensor, a broadcast along the
  /// quantized dimension per axis.
  Value parameter(Location loc, RankedTensorType like, Type element,
                  quant::QuantizedType q, bool scale) {
    if (auto perTensor = dyn_cast<quant::UniformQuantizedType>(q))
      return splat(loc, like, element,
                   scale ? perTensor.getScale()
                         : static_cast<double>(perTensor.getZeroPoint()));
    auto perAxis = cast<quant::UniformQuantizedPerAxisType>(q);
    int64_t n = perAxis.getScales().size();
    auto type = RankedTensorType::get({n}, element);
    SmallVector<Attribute> values;
    for (int64_t i = 0; i < n; ++i) {
      double value = scale ? perAxis.getScales()[i]
                           : static_cast<double>(perAxis.getZeroPoints()[i]);
      values.push_back(isa<FloatType>(element)
                           ? Attribute(b.getFloatAttr(element, value))
                           : Attribute(b.getIntegerAttr(
                                 element, static_cast<int64_t>(value))));
    }
    Value small = shlo::ConstantOp::create(
        b, loc, type, cast<ElementsAttr>(DenseElementsAttr::get(type, values)));
    return shlo::BroadcastInDimOp::create(
        b, loc, like.clone(element), small,
        b.getDenseI64ArrayAttr({perAxis.getQuantizedDimension()}));
  }

  Value convert(Location loc, Value value, Type element) {
    auto type = cast<RankedTensorType>(value.getType());
    if (type.getElementType() == element)
      return value;
    return shlo::ConvertOp::create(b, loc, type.clone(element), value);
  }

  /// (storage - zero_point) * scale in the expressed type.
  Value dequantize(Location loc, Value storage, quant::QuantizedType q) {
    auto type = cast<RankedTensorType>(storage.getType());
    Type i64 = b.getI64Type();
    Type expressed = q.getExpressedType();
    Value wide = convert(loc, storage, i64);
    Value difference = shlo::SubtractOp::create(
        b, loc, wide, parameter(loc, type, i64, q, /*scale=*/false));
    Value real = convert(loc, difference, expressed);
    return shlo::MulOp::create(b, loc, real,
                               parameter(loc, type, expressed, q, true));
  }

  /// clamp(round_nearest_even(x / scale) + zero_point) in the storage type.
  Value quantize(Location loc, Value real, quant::QuantizedType q) {
    auto type = cast<RankedTensorType>(real.getType());
    Type element = type.getElementType();
    Value scaled = shlo::DivOp::create(
        b, loc, real, parameter(loc, type, element, q, /*scale=*/true));
    Value rounded = shlo::RoundNearestEvenOp::create(b, loc, scaled);
    Type f64 = b.getF64Type();
    Value wide = convert(loc, rounded, f64);
    Value shifted = shlo::AddOp::create(
        b, loc, wide, parameter(loc, type, f64, q, /*scale=*/false));
    Value clamped = shlo::ClampOp::create(
        b, loc, splat(loc, type, f64, q.getStorageTypeMin()), shifted,
        splat(loc, type, f64, q.getStorageTypeMax()));
    return convert(loc, clamped, q.getStorageType());
  }

  /// The storage of quantized value `value`.
  FailureOr<Value> storageOf(Operation *user, Value value) {
    auto it = storage.find(value);
    if (it == storage.end())
      return user->emitError("quantized operand without a lowering");
    return it->second;
  }

  /// The dequantized value of `value` when it is quantized; else `value`.
  FailureOr<Value> realOf(Operation *user, Value value) {
    auto q = quantizedElement(value.getType());
    if (!isQuantized(value.getType()))
      return value;
    if (!q)
      return user->emitError("only uniform quantization is supported");
    FailureOr<Value> stored = storageOf(user, value);
    if (failed(stored))
      return failure();
    return dequantize(user->getLoc(), *stored, q);
  }

  LogicalResult lower(Operation *op) {
    Location loc = op->getLoc();
    b.setInsertionPoint(op);
    if (auto constant = dyn_cast<shlo::ConstantOp>(op)) {
      auto value = dyn_cast<DenseElementsAttr>(constant.getValue());
      if (!value)
        return op->emitError("quantized constant without dense storage");
      auto type = cast<RankedTensorType>(storageType(constant.getType()));
      if (value.getElementType() != type.getElementType())
        value = value.bitcast(type.getElementType());
      storage[constant] = shlo::ConstantOp::create(b, loc, type, value);
      erased.push_back(op);
      return success();
    }
    if (auto quantizeOp = dyn_cast<shlo::UniformQuantizeOp>(op)) {
      auto q = quantizedElement(quantizeOp.getType());
      if (!q)
        return op->emitError("only uniform quantization is supported");
      FailureOr<Value> real = realOf(op, quantizeOp.getOperand());
      if (failed(real))
        return failure();
      storage[quantizeOp.getResult()] = quantize(loc, *real, q);
      erased.push_back(op);
      return success();
    }
    if (auto dequantizeOp = dyn_cast<shlo::UniformDequantizeOp>(op)) {
      FailureOr<Value> real = realOf(op, dequantizeOp.getOperand());
      if (failed(real))
        return failure();
      Value result = convert(
          loc, *real,
          cast<RankedTensorType>(dequantizeOp.getType()).getElementType());
      dequantizeOp.getResult().replaceAllUsesWith(result);
      erased.push_back(op);
      return success();
    }
    // bitcast_convert sees the storage of quantized values.
    if (auto bitcast = dyn_cast<shlo::BitcastConvertOp>(op)) {
      Value source = bitcast.getOperand();
      if (isQuantized(source.getType())) {
        FailureOr<Value> stored = storageOf(op, source);
        if (failed(stored))
          return failure();
        source = *stored;
      }
      Type target = storageType(bitcast.getType());
      Value result =
          source.getType() == target
              ? source
              : shlo::BitcastConvertOp::create(b, loc, target, source)
                    .getResult();
      if (isQuantized(bitcast.getType()))
        storage[bitcast.getResult()] = result;
      else
        bitcast.getResult().replaceAllUsesWith(result);
      erased.push_back(op);
      return success();
    }
    if (auto reshape = dyn_cast<shlo::ReshapeOp>(op)) {
      if (quantizedElement(reshape.getOperand().getType()) ==
          quantizedElement(reshape.getType())) {
        FailureOr<Value> stored = storageOf(op, reshape.getOperand());
        if (failed(stored))
          return failure();
        storage[reshape.getResult()] = shlo::ReshapeOp::create(
            b, loc, storageType(reshape.getType()), *stored);
        erased.push_back(op);
        return success();
      }
    }
    if (isa<func::ReturnOp>(op) || (op->getNumRegions() == 0 &&
                                     op->hasTrait<OpTrait::IsTerminator>())) {
      for (OpOperand &operand : op->getOpOperands())
        if (isQuantized(operand.get().getType())) {
          FailureOr<Value> stored = storageOf(op, operand.get());
          if (failed(stored))
            return failure();
          operand.set(*stored);
        }
      return success();
    }
    if (op->getNumRegions() != 0)
      return op->emitError("quantized values in '")
             << op->getName() << "' are not supported";
    // Any other op: on dequantized operands, in the expressed type.
    IRMapping mapping;
    for (Value operand : op->getOperands()) {
      FailureOr<Value> real = realOf(op, operand);
      if (failed(real))
        return failure();
      mapping.map(operand, *real);
    }
    Operation *clone = b.clone(*op, mapping);
    for (OpResult result : clone->getResults())
      result.setType(expressedType(result.getType()));
    for (auto [old, value] : llvm::zip(op->getResults(), clone->getResults())) {
      if (auto q = quantizedElement(old.getType())) {
        b.setInsertionPointAfter(clone);
        storage[old] = quantize(loc, value, q);
      } else if (isQuantized(old.getType())) {
        return op->emitError("only uniform quantization is supported");
      } else {
        old.replaceAllUsesWith(value);
      }
    }
    erased.push_back(op);
    return success();
  }

  LogicalResult run(func::FuncOp function) {
    Block &entry = function.getBody().front();
    for (BlockArgument arg : entry.getArguments())
      if (isQuantized(arg.getType())) {
        if (!quantizedElement(arg.getType()))
          return function.emitError("only uniform quantization is "
                                    "supported");
        // The argument keeps its quantized type until the end: users
        // dequantize the storage that stands for it.
        storageArgs.push_back(arg);
      }
    for (BlockArgument arg : storageArgs) {
      b.setInsertionPointToStart(&entry);
      auto cast = UnrealizedConversionCastOp::create(
          b, function.getLoc(), storageType(arg.getType()), arg);
      storage[arg] = cast.getResult(0);
    }
    SmallVector<Operation *> ops;
    for (Operation &op : entry)
      if (!isa<UnrealizedConversionCastOp>(op) ||
          !llvm::is_contained(storageArgs, op.getOperand(0)))
        ops.push_back(&op);
    for (Operation *op : ops) {
      bool touched = llvm::any_of(op->getOperandTypes(), isQuantized) ||
                     llvm::any_of(op->getResultTypes(), isQuantized);
      if (!touched && !isa<shlo::UniformQuantizeOp>(op))
        continue;
      if (failed(lower(op)))
        return failure();
    }
    for (Operation *op : llvm::reverse(erased)) {
      op->dropAllUses();
      op->erase();
    }
    // Arguments and results take the storage types.
    for (BlockArgument arg : storageArgs) {
      Operation *cast = storage[arg].getDefiningOp();
      arg.setType(storageType(arg.getType()));
      cast->getResult(0).replaceAllUsesWith(arg);
      cast->erase();
    }
    SmallVector<Type> inputs, results;
    for (Type type : function.getArgumentTypes())
      inputs.push_back(storageType(type));
    for (Type type : function.getResultTypes())
      results.push_back(storageType(type));
    function.setFunctionType(b.getFunctionType(inputs, results));
    return success();
  }

private:
  OpBuilder &b;
  DenseMap<Value, Value> storage;
  SmallVector<Operation *> erased;
  SmallVector<BlockArgument> storageArgs;
};

class LowerQuantizedPass
    : public hlox::impl::StablehloLowerQuantizedBase<LowerQuantizedPass> {
public:
  void runOnOperation() override {
    OpBuilder builder(&getContext());
    for (auto function : getOperation().getOps<func::FuncOp>()) {
      if (function.isExternal() || !function.getBody().hasOneBlock())
        continue;
      Lowering lowering(builder);
      if (failed(lowering.run(function)))
        return signalPassFailure();
    }
  }
};

} // namespace
