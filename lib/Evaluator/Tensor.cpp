//===- Tensor.cpp - Host tensors of the reference evaluator ---------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Evaluator/Tensor.h"
#include "hlox/Evaluator/Numerics.h"

#include "mlir/Dialect/Quant/IR/QuantTypes.h"
#include "mlir/IR/BuiltinAttributeInterfaces.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>

using namespace mlir;

namespace hlox::eval {

std::optional<Storage> getStorage(Type elementType) {
  if (auto quant = dyn_cast<quant::QuantizedType>(elementType))
    elementType = quant.getStorageType();
  if (auto integer = dyn_cast<IntegerType>(elementType)) {
    unsigned width = integer.getWidth();
    bool isUnsigned = integer.isUnsigned();
    if (width == 1)
      return Storage::Bool;
    if (width <= 8)
      return isUnsigned ? Storage::U8 : Storage::I8;
    if (width <= 16)
      return isUnsigned ? Storage::U16 : Storage::I16;
    if (width <= 32)
      return isUnsigned ? Storage::U32 : Storage::I32;
    if (width <= 64)
      return isUnsigned ? Storage::U64 : Storage::I64;
    return std::nullopt;
  }
  if (auto floatType = dyn_cast<FloatType>(elementType)) {
    if (floatType.isF64())
      return Storage::F64;
    if (floatType.getWidth() <= 32)
      return Storage::F32;
    return std::nullopt;
  }
  if (auto complex = dyn_cast<ComplexType>(elementType)) {
    if (complex.getElementType().isF32())
      return Storage::C64;
    if (complex.getElementType().isF64())
      return Storage::C128;
  }
  return std::nullopt;
}

static size_t storageSize(Storage storage) {
  return dispatch(storage, [](auto tag) { return sizeof(tag); });
}

Tensor::Tensor(RankedTensorType type) : type(type) {
  std::optional<Storage> held = eval::getStorage(type.getElementType());
  assert(held && "element type the evaluator does not hold");
  storage = *held;
  numElements = type.getNumElements();
  size_t bytes = numElements * storageSize(storage);
  if (bytes > kInlineBytes)
    buffer = std::shared_ptr<uint8_t[]>(new uint8_t[bytes]());
}

size_t Tensor::getElementSize() const { return storageSize(storage); }

Tensor Tensor::withType(RankedTensorType newType) const {
  Tensor view = *this;
  view.type = newType;
  return view;
}

/// Fills `out` from the values of `attr` as storage `T`.
template <typename T>
static void fill(DenseElementsAttr attr, MutableArrayRef<T> out,
                 Type elementType) {
  if constexpr (std::is_same_v<T, bool>) {
    llvm::copy(attr.getValues<bool>(), out.begin());
  } else if constexpr (isInteger<T>) {
    bool isSigned = !elementType.isUnsignedInteger();
    size_t i = 0;
    for (const APInt &value : attr.getValues<APInt>())
      out[i++] = static_cast<T>(isSigned ? value.getSExtValue()
                                         : value.getZExtValue());
  } else if constexpr (std::is_floating_point_v<T>) {
    size_t i = 0;
    for (const APFloat &value : attr.getValues<APFloat>()) {
      APFloat wide = value;
      bool losesInfo = false;
      wide.convert(llvm::APFloat::IEEEdouble(),
                   llvm::APFloat::rmNearestTiesToEven, &losesInfo);
      out[i++] = static_cast<T>(wide.convertToDouble());
    }
  } else {
    using R = typename T::value_type;
    size_t i = 0;
    for (const std::complex<APFloat> &value :
         attr.getValues<std::complex<APFloat>>()) {
      auto toR = [](APFloat part) {
        bool losesInfo = false;
        part.convert(llvm::APFloat::IEEEdouble(),
                     llvm::APFloat::rmNearestTiesToEven, &losesInfo);
        return static_cast<R>(part.convertToDouble());
      };
      out[i++] = T(toR(value.real()), toR(value.imag()));
    }
  }
}

Tensor Tensor::fromAttr(ElementsAttr attr) {
  auto dense = dyn_cast<DenseElementsAttr>(attr);
  auto type = dyn_cast<RankedTensorType>(attr.getType());
  if (!dense || !type || !eval::getStorage(type.getElementType()))
    return Tensor();
  Tensor tensor(type);
  Type element = type.getElementType();
  if (auto quant = dyn_cast<quant::QuantizedType>(element))
    element = quant.getStorageType();
  dispatch(tensor.storage, [&](auto tag) {
    using T = decltype(tag);
    fill<T>(dense, tensor.data<T>(), element);
  });
  return tensor;
}

DenseElementsAttr Tensor::toAttr() const {
  Type element = getElementType();
  RankedTensorType attrType = type;
  if (auto quant = dyn_cast<quant::QuantizedType>(element)) {
    element = quant.getStorageType();
    attrType = RankedTensorType::get(type.getShape(), element);
  }
  return dispatch(storage, [&](auto tag) -> DenseElementsAttr {
    using T = decltype(tag);
    ArrayRef<T> values = data<T>();
    if constexpr (std::is_same_v<T, bool>) {
      SmallVector<bool> bools(values.begin(), values.end());
      return DenseElementsAttr::get(attrType, bools);
    } else if constexpr (isInteger<T>) {
      unsigned width = element.getIntOrFloatBitWidth();
      SmallVector<APInt> ints;
      for (T value : values)
        ints.push_back(APInt(width, static_cast<uint64_t>(value),
                             std::is_signed_v<T>, /*implicitTrunc=*/true));
      return DenseElementsAttr::get(attrType, ints);
    } else if constexpr (std::is_floating_point_v<T>) {
      const llvm::fltSemantics &semantics =
          cast<FloatType>(element).getFloatSemantics();
      SmallVector<APFloat> floats;
      for (T value : values) {
        APFloat number(static_cast<double>(value));
        bool losesInfo = false;
        number.convert(semantics, llvm::APFloat::rmNearestTiesToEven,
                       &losesInfo);
        floats.push_back(number);
      }
      return DenseElementsAttr::get(attrType, floats);
    } else {
      const llvm::fltSemantics &semantics =
          cast<FloatType>(cast<ComplexType>(element).getElementType())
              .getFloatSemantics();
      SmallVector<std::complex<APFloat>> complexes;
      for (T value : values) {
        APFloat re(static_cast<double>(value.real()));
        APFloat im(static_cast<double>(value.imag()));
        bool losesInfo = false;
        re.convert(semantics, llvm::APFloat::rmNearestTiesToEven, &losesInfo);
        im.convert(semantics, llvm::APFloat::rmNearestTiesToEven, &losesInfo);
        complexes.emplace_back(re, im);
      }
      return DenseElementsAttr::get(attrType, complexes);
    }
  });
}

void Tensor::print(llvm::raw_ostream &os) const {
  if (!*this) {
    os << "<null tensor>";
    return;
  }
  toAttr().print(os);
}

SmallVector<int64_t> stridesOf(ArrayRef<int64_t> shape) {
  SmallVector<int64_t> strides(shape.size(), 1);
  for (int64_t i = static_cast<int64_t>(shape.size()) - 2; i >= 0; --i)
    strides[i] = strides[i + 1] * shape[i + 1];
  return strides;
}

bool nextIndex(MutableArrayRef<int64_t> index, ArrayRef<int64_t> shape) {
  for (int64_t d = static_cast<int64_t>(shape.size()) - 1; d >= 0; --d) {
    if (++index[d] < shape[d])
      return true;
    index[d] = 0;
  }
  return false;
}

std::string formatIndex(int64_t flat, ArrayRef<int64_t> shape) {
  SmallVector<int64_t> index(shape.size());
  for (int64_t d = static_cast<int64_t>(shape.size()) - 1; d >= 0; --d) {
    index[d] = shape[d] ? flat % shape[d] : 0;
    flat = shape[d] ? flat / shape[d] : 0;
  }
  std::string text = "[";
  llvm::raw_string_ostream os(text);
  llvm::interleaveComma(index, os);
  os << "]";
  return text;
}

} // namespace hlox::eval
