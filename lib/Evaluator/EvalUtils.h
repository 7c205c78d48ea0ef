//===- EvalUtils.h - Helpers shared by the op evaluation files --*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#ifndef HLOX_LIB_EVALUATOR_EVALUTILS_H
#define HLOX_LIB_EVALUATOR_EVALUTILS_H

#include "hlox/Evaluator/Evaluator.h"
#include "hlox/Evaluator/Numerics.h"

#include "hlox/Dialect/StableHLO/IR/StablehloOps.h"

#include "mlir/IR/Operation.h"

namespace hlox::eval::detail {

/// The type result `index` of `op` is evaluated in: its own type, or with
/// quantized elements replaced by their expressed type while the evaluator
/// runs a quantized op on dequantized operands.
mlir::RankedTensorType resultType(mlir::Operation *op, Evaluator &evaluator,
                                  unsigned index = 0);

/// Registers `fn` for op class `OpT`.
template <typename OpT> void add(OpTable &table, EvalFn fn) {
  table[mlir::TypeID::get<OpT>()] = fn;
}

/// Fails with "the evaluator does not support <op> on <type>".
inline mlir::LogicalResult unsupportedType(mlir::Operation *op,
                                           mlir::Type type) {
  return op->emitError("the evaluator does not support '")
         << op->getName() << "' on " << type;
}

/// An element-wise unary functor says which storage types it supports and
/// maps one value; the result has the operand's storage type.
template <typename Fn>
mlir::FailureOr<Tensor> mapUnary(mlir::Operation *op, const Tensor &x,
                                 mlir::RankedTensorType type, Fn fn) {
  return dispatch(x.getStorage(), [&](auto tag) -> mlir::FailureOr<Tensor> {
    using T = decltype(tag);
    if constexpr (!Fn::template supports<T>) {
      return unsupportedType(op, x.getElementType());
    } else {
      Tensor result(type);
      ElementFormat format(type.getElementType());
      llvm::ArrayRef<T> in = x.data<T>();
      llvm::MutableArrayRef<T> out = result.data<T>();
      for (size_t i = 0, e = in.size(); i < e; ++i)
        out[i] = format.normalize(fn(in[i], format));
      return result;
    }
  });
}

/// As mapUnary for two operands of one storage type.
template <typename Fn>
mlir::FailureOr<Tensor> mapBinary(mlir::Operation *op, const Tensor &x,
                                  const Tensor &y, mlir::RankedTensorType type,
                                  Fn fn) {
  return dispatch(x.getStorage(), [&](auto tag) -> mlir::FailureOr<Tensor> {
    using T = decltype(tag);
    if constexpr (!Fn::template supports<T>) {
      return unsupportedType(op, x.getElementType());
    } else {
      Tensor result(type);
      ElementFormat format(type.getElementType());
      llvm::ArrayRef<T> a = x.data<T>(), b = y.data<T>();
      llvm::MutableArrayRef<T> out = result.data<T>();
      for (size_t i = 0, e = a.size(); i < e; ++i)
        out[i] = format.normalize(fn(a[i], b[i], format));
      return result;
    }
  });
}

template <typename T>
constexpr bool isFloat = std::is_floating_point_v<T>;
template <typename T>
constexpr bool isFloatOrComplex = isFloat<T> || isComplex<T>;
template <typename T>
constexpr bool isNumeric = isInteger<T> || isFloatOrComplex<T>;
template <typename T>
constexpr bool isIntegerOrBool = std::is_integral_v<T>;


/// Math on f32 (and narrower) values runs in double and rounds once, so
/// that transcendental results are correctly rounded in most cases.
template <typename T> auto widen(T x) {
  if constexpr (std::is_same_v<T, float>)
    return static_cast<double>(x);
  else if constexpr (std::is_same_v<T, std::complex<float>>)
    return std::complex<double>(x);
  else
    return x;
}
/// Applies `fn` to `x` widened and narrows the result back to T.
template <typename T, typename Fn> T inDouble(T x, Fn fn) {
  return static_cast<T>(fn(widen(x)));
}
template <typename T, typename Fn> T inDouble(T x, T y, Fn fn) {
  return static_cast<T>(fn(widen(x), widen(y)));
}

/// Defines an element-wise unary functor `NAME` for mapUnary: it supports
/// the storage types T for which SUPPORTS holds, and maps `x` (with the
/// result's `format` at hand) by the body.
#define HLOX_UNARY(NAME, SUPPORTS, ...)                                       \
  struct NAME {                                                                \
    template <typename T> static constexpr bool supports = SUPPORTS;          \
    template <typename T>                                                      \
    T operator()(T x, const ElementFormat &format) const {                     \
      (void)format;                                                            \
      __VA_ARGS__                                                              \
    }                                                                          \
  };

/// As HLOX_UNARY for binary functors of `x` and `y`.
#define HLOX_BINARY(NAME, SUPPORTS, ...)                                      \
  struct NAME {                                                                \
    template <typename T> static constexpr bool supports = SUPPORTS;          \
    template <typename T>                                                      \
    T operator()(T x, T y, const ElementFormat &format) const {                \
      (void)format;                                                            \
      __VA_ARGS__                                                              \
    }                                                                          \
  };

/// Evaluates a one-result op as mapUnary/mapBinary with functor `Fn`.
template <typename Fn>
mlir::LogicalResult evalUnary(mlir::Operation *op, llvm::ArrayRef<RuntimeValue> operands,
                        llvm::SmallVectorImpl<RuntimeValue> &results,
                        Evaluator &evaluator) {
  mlir::FailureOr<Tensor> result = mapUnary(op, operands[0].getTensor(),
                                      resultType(op, evaluator), Fn());
  if (mlir::failed(result))
    return mlir::failure();
  results.push_back(std::move(*result));
  return mlir::success();
}

template <typename Fn>
mlir::LogicalResult evalBinary(mlir::Operation *op, llvm::ArrayRef<RuntimeValue> operands,
                         llvm::SmallVectorImpl<RuntimeValue> &results,
                         Evaluator &evaluator) {
  mlir::FailureOr<Tensor> result =
      mapBinary(op, operands[0].getTensor(), operands[1].getTensor(),
                resultType(op, evaluator), Fn());
  if (mlir::failed(result))
    return mlir::failure();
  results.push_back(std::move(*result));
  return mlir::success();
}

/// Evaluates a float classification (is_finite, is_inf, ...): `predicate`
/// (called with a double) maps each element of the float operand to i1.
template <typename Predicate>
mlir::LogicalResult
evalFloatPredicate(mlir::Operation *op, llvm::ArrayRef<RuntimeValue> operands,
                   llvm::SmallVectorImpl<RuntimeValue> &results,
                   Evaluator &evaluator, Predicate predicate) {
  const Tensor &x = operands[0].getTensor();
  Tensor result(resultType(op, evaluator));
  bool handled = dispatch(x.getStorage(), [&](auto tag) {
    using T = decltype(tag);
    if constexpr (isFloat<T>) {
      llvm::ArrayRef<T> in = x.data<T>();
      auto out = result.data<bool>();
      for (size_t i = 0; i < in.size(); ++i)
        out[i] = predicate(static_cast<double>(in[i]));
      return true;
    }
    return false;
  });
  if (!handled)
    return unsupportedType(op, x.getElementType());
  results.push_back(std::move(result));
  return mlir::success();
}

/// A 0-d tensor holding element `flat` of `tensor`.
Tensor scalarAt(const Tensor &tensor, int64_t flat);
/// Writes the only element of `scalar` to element `flat` of `tensor`.
void storeAt(Tensor &tensor, int64_t flat, const Tensor &scalar);

/// Compares `x` and `y` element-wise (`totalOrder`: floats by their total
/// order) into a tensor<i1> of `type`.
mlir::FailureOr<Tensor>
compareTensors(mlir::Operation *op, const Tensor &x, const Tensor &y,
               mlir::RankedTensorType type,
               hlox::stablehlo::ComparisonDirection direction,
               bool totalOrder);

/// `operand` broadcast into `type`, operand dimension k becoming result
/// dimension dims[k] (size-1 dimensions stretch).
Tensor broadcastInDim(const Tensor &operand, mlir::RankedTensorType type,
                      llvm::ArrayRef<int64_t> dims);

/// The slice of `tensor` at `position` along `dim` (that dimension
/// dropped), and its inverse, which writes such a slice back.
Tensor sliceAt(const Tensor &tensor, int64_t dim, int64_t position);
void putSliceAt(Tensor &tensor, int64_t dim, int64_t position,
                const Tensor &slice);

/// Dequantizes a quantized tensor to its expressed type (per tensor or per
/// axis): (storage - zero_point) * scale.
Tensor dequantize(const Tensor &tensor);
/// Quantizes a float tensor to the quantized tensor type `type`: round to
/// nearest even of value / scale + zero_point, clamped to the storage range.
Tensor quantize(const Tensor &tensor, mlir::RankedTensorType type);

/// True when any operand or result of `op` has a quantized element type.
bool hasQuantizedTypes(mlir::Operation *op);

} // namespace hlox::eval::detail

#endif // HLOX_LIB_EVALUATOR_EVALUTILS_H
