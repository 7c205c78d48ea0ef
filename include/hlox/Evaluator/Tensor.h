//===- Tensor.h - Host tensors of the reference evaluator -------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// A Tensor is a ranked tensor type plus a dense row-major buffer. Every
// element type has one *storage type*, the C++ type its elements are held
// and computed in:
//
//   i1                               bool
//   si2/si4/si8, ui2/ui4/ui8         int8_t / uint8_t (value kept in range)
//   si16..si64, ui16..ui64           int16_t..int64_t / uint16_t..uint64_t
//   f4/f6/f8 types, bf16, f16, f32   float (value kept representable)
//   f64                              double
//   complex<f32>, complex<f64>       std::complex<float/double>
//   quantized                        the storage type of its storage type
//
// Values narrower than their storage type are normalized after every
// operation (integers wrap to their width; floats round to nearest even in
// their format), so a float held for a bf16 tensor is always a bf16 value.
// Buffers are shared between copies: tensors are immutable once an op has
// produced them. Tensors of at most kInlineBytes bytes (every scalar) keep
// their elements inline, so that ops calling a region per element allocate
// nothing on the heap.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_EVALUATOR_TENSOR_H
#define HLOX_EVALUATOR_TENSOR_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <complex>
#include <cstdint>
#include <memory>
#include <string>

namespace hlox::eval {

/// The storage types of the table above.
enum class Storage : uint8_t {
  Bool, I8, I16, I32, I64, U8, U16, U32, U64, F32, F64, C64, C128
};

/// The storage of `elementType`; fails for types the evaluator does not hold
/// (index, tokens, unknown floats).
std::optional<Storage> getStorage(mlir::Type elementType);

/// The C++ type of each storage.
template <Storage S> struct StorageType;
template <> struct StorageType<Storage::Bool> { using type = bool; };
template <> struct StorageType<Storage::I8> { using type = int8_t; };
template <> struct StorageType<Storage::I16> { using type = int16_t; };
template <> struct StorageType<Storage::I32> { using type = int32_t; };
template <> struct StorageType<Storage::I64> { using type = int64_t; };
template <> struct StorageType<Storage::U8> { using type = uint8_t; };
template <> struct StorageType<Storage::U16> { using type = uint16_t; };
template <> struct StorageType<Storage::U32> { using type = uint32_t; };
template <> struct StorageType<Storage::U64> { using type = uint64_t; };
template <> struct StorageType<Storage::F32> { using type = float; };
template <> struct StorageType<Storage::F64> { using type = double; };
template <> struct StorageType<Storage::C64> { using type = std::complex<float>; };
template <> struct StorageType<Storage::C128> { using type = std::complex<double>; };

/// Calls `fn(T{})` with a value of the storage type of `storage`; the
/// result is fn's. This is the one switch that typed loops go through.
template <typename Fn> decltype(auto) dispatch(Storage storage, Fn &&fn) {
  switch (storage) {
  case Storage::Bool: return fn(bool{});
  case Storage::I8: return fn(int8_t{});
  case Storage::I16: return fn(int16_t{});
  case Storage::I32: return fn(int32_t{});
  case Storage::I64: return fn(int64_t{});
  case Storage::U8: return fn(uint8_t{});
  case Storage::U16: return fn(uint16_t{});
  case Storage::U32: return fn(uint32_t{});
  case Storage::U64: return fn(uint64_t{});
  case Storage::F32: return fn(float{});
  case Storage::F64: return fn(double{});
  case Storage::C64: return fn(std::complex<float>{});
  case Storage::C128: return fn(std::complex<double>{});
  }
  llvm_unreachable("unknown storage");
}

template <typename T> struct IsComplex : std::false_type {};
template <typename T> struct IsComplex<std::complex<T>> : std::true_type {};
template <typename T> constexpr bool isComplex = IsComplex<T>::value;
/// Integers other than bool.
template <typename T>
constexpr bool isInteger = std::is_integral_v<T> && !std::is_same_v<T, bool>;

/// A host tensor: type plus buffer.
class Tensor {
public:
  Tensor() = default;
  /// A zero-filled tensor of `type` (a ranked tensor of a held type).
  explicit Tensor(mlir::RankedTensorType type);

  /// The tensor of a constant; fails (null tensor) for element types the
  /// evaluator does not hold.
  static Tensor fromAttr(mlir::ElementsAttr attr);
  /// The constant of this tensor's value.
  mlir::DenseElementsAttr toAttr() const;

  explicit operator bool() const { return static_cast<bool>(type); }
  mlir::RankedTensorType getType() const { return type; }
  mlir::Type getElementType() const { return type.getElementType(); }
  llvm::ArrayRef<int64_t> getShape() const { return type.getShape(); }
  int64_t getRank() const { return type.getRank(); }
  int64_t getNumElements() const { return numElements; }
  Storage getStorage() const { return storage; }

  /// The elements as their storage type `T` (which must be this tensor's).
  template <typename T> llvm::ArrayRef<T> data() const {
    return llvm::ArrayRef<T>(reinterpret_cast<const T *>(getRawData()),
                             static_cast<size_t>(numElements));
  }
  template <typename T> llvm::MutableArrayRef<T> data() {
    return llvm::MutableArrayRef<T>(reinterpret_cast<T *>(getRawData()),
                                    static_cast<size_t>(numElements));
  }

  /// The bytes of the elements, `getElementSize()` bytes each (for data
  /// movement that does not look at values).
  const uint8_t *getRawData() const {
    return buffer ? buffer.get() : inlineData;
  }
  uint8_t *getRawData() { return buffer ? buffer.get() : inlineData; }
  size_t getElementSize() const;

  /// The same elements under another type of the same storage and number of
  /// elements (reshape, quantized views).
  Tensor withType(mlir::RankedTensorType newType) const;

  /// Prints the elements as `[[1, 2], [3, 4]]`.
  void print(llvm::raw_ostream &os) const;

private:
  mlir::RankedTensorType type;
  Storage storage = Storage::Bool;
  int64_t numElements = 0;
  /// The elements: on the heap (shared by copies), or inline when small.
  std::shared_ptr<uint8_t[]> buffer;
  static constexpr size_t kInlineBytes = 16;
  alignas(16) uint8_t inlineData[kInlineBytes] = {};
};

/// Row-major strides of `shape`.
llvm::SmallVector<int64_t> stridesOf(llvm::ArrayRef<int64_t> shape);

/// Advances a multi-dimensional `index` within `shape` in row-major order;
/// false after the last index.
bool nextIndex(llvm::MutableArrayRef<int64_t> index,
               llvm::ArrayRef<int64_t> shape);

/// Element `flat` of a row-major tensor of `shape`, written `[i, j, ...]`.
std::string formatIndex(int64_t flat, llvm::ArrayRef<int64_t> shape);

} // namespace hlox::eval

#endif // HLOX_EVALUATOR_TENSOR_H
