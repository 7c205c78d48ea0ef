//===- Quantization.cpp - Quantized tensors in the evaluator --------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// The spec evaluates most ops on quantized tensors as
// dequantize -> op in the expressed type -> quantize; these are the two
// conversions, per tensor and per axis.
//
//===----------------------------------------------------------------------===//

#include "EvalUtils.h"

#include "mlir/Dialect/Quant/IR/QuantTypes.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;

namespace hlox::eval::detail {

namespace {
/// Scale and zero point of each element position.
struct QuantParams {
  SmallVector<double> scales;
  SmallVector<int64_t> zeroPoints;
  int64_t axis = -1; // -1: per tensor

  explicit QuantParams(quant::QuantizedType type) {
    if (auto perTensor = dyn_cast<quant::UniformQuantizedType>(type)) {
      scales.push_back(perTensor.getScale());
      zeroPoints.push_back(perTensor.getZeroPoint());
    } else if (auto perAxis =
                   dyn_cast<quant::UniformQuantizedPerAxisType>(type)) {
      llvm::append_range(scales, perAxis.getScales());
      llvm::append_range(zeroPoints, perAxis.getZeroPoints());
      axis = perAxis.getQuantizedDimension();
    }
  }

  /// The parameter slot of flat element `i` of a tensor of `shape`.
  size_t slot(int64_t i, ArrayRef<int64_t> strides,
              ArrayRef<int64_t> shape) const {
    if (axis < 0)
      return 0;
    return (i / strides[axis]) % shape[axis];
  }
};
} // namespace

Tensor dequantize(const Tensor &tensor) {
  auto quantType = cast<quant::QuantizedType>(tensor.getElementType());
  QuantParams params(quantType);
  RankedTensorType type =
      tensor.getType().clone(quantType.getExpressedType());
  Tensor result(type);
  ElementFormat format(type.getElementType());
  SmallVector<int64_t> strides = stridesOf(tensor.getShape());
  dispatch(tensor.getStorage(), [&](auto tag) {
    using S = decltype(tag);
    if constexpr (isInteger<S>) {
      ArrayRef<S> in = tensor.data<S>();
      dispatch(result.getStorage(), [&](auto outTag) {
        using F = decltype(outTag);
        if constexpr (std::is_floating_point_v<F>) {
          MutableArrayRef<F> out = result.data<F>();
          // In the expressed type: (storage - zero_point) * scale.
          for (int64_t i = 0, e = in.size(); i < e; ++i) {
            size_t slot = params.slot(i, strides, tensor.getShape());
            F difference = convertElement<F>(
                static_cast<int64_t>(in[i]) - params.zeroPoints[slot], format);
            F scale = convertElement<F>(params.scales[slot], format);
            out[i] = format.normalize(difference * scale);
          }
        }
      });
    }
  });
  return result;
}

Tensor quantize(const Tensor &tensor, RankedTensorType type) {
  auto quantType = cast<quant::QuantizedType>(type.getElementType());
  QuantParams params(quantType);
  Tensor result(type);
  int64_t lo = quantType.getStorageTypeMin();
  int64_t hi = quantType.getStorageTypeMax();
  SmallVector<int64_t> strides = stridesOf(tensor.getShape());
  dispatch(tensor.getStorage(), [&](auto tag) {
    using F = decltype(tag);
    if constexpr (std::is_floating_point_v<F>) {
      ArrayRef<F> in = tensor.data<F>();
      dispatch(result.getStorage(), [&](auto outTag) {
        using S = decltype(outTag);
        if constexpr (isInteger<S>) {
          MutableArrayRef<S> out = result.data<S>();
          ElementFormat format(tensor.getElementType());
          // In the expressed type: round_nearest_even(value / scale) +
          // zero_point, clamped to the storage range.
          for (int64_t i = 0, e = in.size(); i < e; ++i) {
            size_t slot = params.slot(i, strides, tensor.getShape());
            F scale = convertElement<F>(params.scales[slot], format);
            F value = format.normalize(in[i] / scale);
            double rounded = std::nearbyint(static_cast<double>(value)) +
                             static_cast<double>(params.zeroPoints[slot]);
            if (std::isnan(rounded))
              rounded = 0;
            rounded = std::clamp(rounded, static_cast<double>(lo),
                                 static_cast<double>(hi));
            out[i] = static_cast<S>(rounded);
          }
        }
      });
    }
  });
  return result;
}

bool hasQuantizedTypes(Operation *op) {
  auto isQuantized = [](Type type) {
    return isa<quant::QuantizedType>(getElementTypeOrSelf(type));
  };
  return llvm::any_of(op->getOperandTypes(), isQuantized) ||
         llvm::any_of(op->getResultTypes(), isQuantized);
}

RankedTensorType resultType(Operation *op, Evaluator &evaluator,
                            unsigned index) {
  auto type = cast<RankedTensorType>(op->getResult(index).getType());
  if (!type.hasStaticShape() && evaluator.getElementwiseShape())
    type = RankedTensorType::get(*evaluator.getElementwiseShape(),
                                 type.getElementType());
  if (!evaluator.isExpressingQuantized())
    return type;
  if (auto quantType = dyn_cast<quant::QuantizedType>(type.getElementType()))
    return type.clone(quantType.getExpressedType());
  return type;
}

} // namespace hlox::eval::detail
