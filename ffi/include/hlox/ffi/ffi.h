//===- ffi.h - A typed C++ binding of the custom-call ABI -------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// A header-only C++17 layer over hlox/ffi/api.h: a plugin author writes a
// function of typed parameters (buffers, attributes, the context, the
// state) and binds it; the binding decodes the call frame, checks it
// against the parameters and turns every mismatch, returned error and
// exception into an HloxFfiError, so that nothing but C crosses the ABI.
//
//   using namespace hlox::ffi;
//
//   static Error scale(BufferR2<DataType::F32> in,
//                      BufferR2<DataType::F32> out, float alpha) { ... }
//
//   HLOX_FFI_DEFINE_HANDLER(my_scale, scale,
//                           Ffi::bind()
//                               .arg<BufferR2<DataType::F32>>()
//                               .ret<BufferR2<DataType::F32>>()
//                               .attr<float>("alpha"));
//
//   HLOX_FFI_PLUGIN_INIT(api, registrar) {
//     return registerHandler(api, registrar, "my.scale", "host", my_scale);
//   }
//
// The parameters reach the function in the order they were bound. Every
// message the binding makes starts with the op's target name and a colon.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_FFI_FFI_H
#define HLOX_FFI_FFI_H

#include "hlox/ffi/api.h"

#include <atomic>
#include <complex>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <limits>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

namespace hlox::ffi {

//===----------------------------------------------------------------------===//
// Element types
//===----------------------------------------------------------------------===//

/// The element type of a buffer (HloxFfiDataType).
enum class DataType : int32_t {
  INVALID = HLOX_FFI_DATA_INVALID,
  PRED = HLOX_FFI_PRED,
  S8 = HLOX_FFI_S8,
  S16 = HLOX_FFI_S16,
  S32 = HLOX_FFI_S32,
  S64 = HLOX_FFI_S64,
  U8 = HLOX_FFI_U8,
  U16 = HLOX_FFI_U16,
  U32 = HLOX_FFI_U32,
  U64 = HLOX_FFI_U64,
  F16 = HLOX_FFI_F16,
  F32 = HLOX_FFI_F32,
  F64 = HLOX_FFI_F64,
  BF16 = HLOX_FFI_BF16,
  C64 = HLOX_FFI_C64,
  C128 = HLOX_FFI_C128,
  TOKEN = HLOX_FFI_TOKEN,
  F8E5M2 = HLOX_FFI_F8E5M2,
  F8E4M3FN = HLOX_FFI_F8E4M3FN,
  F8E4M3B11FNUZ = HLOX_FFI_F8E4M3B11FNUZ,
  F8E5M2FNUZ = HLOX_FFI_F8E5M2FNUZ,
  F8E4M3FNUZ = HLOX_FFI_F8E4M3FNUZ,
  S4 = HLOX_FFI_S4,
  U4 = HLOX_FFI_U4,
  F8E4M3 = HLOX_FFI_F8E4M3,
  F8E3M4 = HLOX_FFI_F8E3M4,
  S2 = HLOX_FFI_S2,
  U2 = HLOX_FFI_U2,
  F4E2M1FN = HLOX_FFI_F4E2M1FN,
  F8E8M0FNU = HLOX_FFI_F8E8M0FNU,
  F6E2M3FN = HLOX_FFI_F6E2M3FN,
  F6E3M2FN = HLOX_FFI_F6E3M2FN,
};

/// The element type as StableHLO spells it ("i1", "ui8", "complex<f32>").
constexpr std::string_view dataTypeName(DataType dtype) {
  switch (dtype) {
  case DataType::INVALID:
    return "invalid";
  case DataType::PRED:
    return "i1";
  case DataType::S2:
    return "i2";
  case DataType::S4:
    return "i4";
  case DataType::S8:
    return "i8";
  case DataType::S16:
    return "i16";
  case DataType::S32:
    return "i32";
  case DataType::S64:
    return "i64";
  case DataType::U2:
    return "ui2";
  case DataType::U4:
    return "ui4";
  case DataType::U8:
    return "ui8";
  case DataType::U16:
    return "ui16";
  case DataType::U32:
    return "ui32";
  case DataType::U64:
    return "ui64";
  case DataType::F16:
    return "f16";
  case DataType::BF16:
    return "bf16";
  case DataType::F32:
    return "f32";
  case DataType::F64:
    return "f64";
  case DataType::C64:
    return "complex<f32>";
  case DataType::C128:
    return "complex<f64>";
  case DataType::TOKEN:
    return "!stablehlo.token";
  case DataType::F8E5M2:
    return "f8E5M2";
  case DataType::F8E4M3FN:
    return "f8E4M3FN";
  case DataType::F8E4M3B11FNUZ:
    return "f8E4M3B11FNUZ";
  case DataType::F8E5M2FNUZ:
    return "f8E5M2FNUZ";
  case DataType::F8E4M3FNUZ:
    return "f8E4M3FNUZ";
  case DataType::F8E4M3:
    return "f8E4M3";
  case DataType::F8E3M4:
    return "f8E3M4";
  case DataType::F8E8M0FNU:
    return "f8E8M0FNU";
  case DataType::F6E2M3FN:
    return "f6E2M3FN";
  case DataType::F6E3M2FN:
    return "f6E3M2FN";
  case DataType::F4E2M1FN:
    return "f4E2M1FN";
  }
  return "unknown";
}

/// The bytes one element takes in a buffer: sub-byte types (i2, i4, ui2,
/// ui4, f4, f6) take one byte each; a token takes none.
constexpr size_t dataTypeByteWidth(DataType dtype) {
  switch (dtype) {
  case DataType::INVALID:
  case DataType::TOKEN:
    return 0;
  case DataType::S16:
  case DataType::U16:
  case DataType::F16:
  case DataType::BF16:
    return 2;
  case DataType::S32:
  case DataType::U32:
  case DataType::F32:
    return 4;
  case DataType::S64:
  case DataType::U64:
  case DataType::F64:
  case DataType::C64:
    return 8;
  case DataType::C128:
    return 16;
  default:
    return 1;
  }
}

namespace detail {
/// The C++ type that holds one element of `dtype`: narrow floats and
/// sub-byte integers are their bits.
template <DataType dtype> struct NativeTypeOf { using type = uint8_t; };
template <> struct NativeTypeOf<DataType::PRED> { using type = bool; };
template <> struct NativeTypeOf<DataType::S8> { using type = int8_t; };
template <> struct NativeTypeOf<DataType::S16> { using type = int16_t; };
template <> struct NativeTypeOf<DataType::S32> { using type = int32_t; };
template <> struct NativeTypeOf<DataType::S64> { using type = int64_t; };
template <> struct NativeTypeOf<DataType::U16> { using type = uint16_t; };
template <> struct NativeTypeOf<DataType::U32> { using type = uint32_t; };
template <> struct NativeTypeOf<DataType::U64> { using type = uint64_t; };
template <> struct NativeTypeOf<DataType::F16> { using type = uint16_t; };
template <> struct NativeTypeOf<DataType::BF16> { using type = uint16_t; };
template <> struct NativeTypeOf<DataType::F32> { using type = float; };
template <> struct NativeTypeOf<DataType::F64> { using type = double; };
template <> struct NativeTypeOf<DataType::C64> {
  using type = std::complex<float>;
};
template <> struct NativeTypeOf<DataType::C128> {
  using type = std::complex<double>;
};
template <> struct NativeTypeOf<DataType::TOKEN> { using type = void; };
template <> struct NativeTypeOf<DataType::INVALID> { using type = void; };
} // namespace detail

/// The C++ type of one element of `dtype`: bool, int8_t ... uint64_t,
/// float, double, std::complex<float/double>; uint16_t (the bits) for f16
/// and bf16; uint8_t (the bits) for i2/i4/ui2/ui4 and the f8/f6/f4 types;
/// void for a token.
template <DataType dtype>
using NativeType = typename detail::NativeTypeOf<dtype>::type;

//===----------------------------------------------------------------------===//
// Errors
//===----------------------------------------------------------------------===//

/// What went wrong (HloxFfiErrorCode), or OK.
enum class ErrorCode : int32_t {
  OK = 0,
  INVALID_ARGUMENT = HLOX_FFI_ERROR_INVALID_ARGUMENT,
  UNIMPLEMENTED = HLOX_FFI_ERROR_UNIMPLEMENTED,
  INTERNAL = HLOX_FFI_ERROR_INTERNAL,
  RESOURCE_EXHAUSTED = HLOX_FFI_ERROR_RESOURCE_EXHAUSTED,
};

/// A success (the default) or an error code with a message.
class Error {
public:
  Error() = default;
  Error(ErrorCode code, std::string message)
      : errorCode(code), msg(std::move(message)) {}

  static Error success() { return Error(); }
  static Error invalidArgument(std::string message) {
    return Error(ErrorCode::INVALID_ARGUMENT, std::move(message));
  }
  static Error unimplemented(std::string message) {
    return Error(ErrorCode::UNIMPLEMENTED, std::move(message));
  }
  static Error internal(std::string message) {
    return Error(ErrorCode::INTERNAL, std::move(message));
  }
  static Error resourceExhausted(std::string message) {
    return Error(ErrorCode::RESOURCE_EXHAUSTED, std::move(message));
  }

  bool ok() const { return errorCode == ErrorCode::OK; }
  ErrorCode code() const { return errorCode; }
  const std::string &message() const { return msg; }

private:
  ErrorCode errorCode = ErrorCode::OK;
  std::string msg;
};

/// A value of T, or the Error that stands for it.
template <typename T> class ErrorOr {
  static_assert(!std::is_same_v<std::decay_t<T>, Error>,
                "ErrorOr<Error> is ambiguous; use Error");

public:
  /// A value, from anything T converts from implicitly.
  template <typename U = T, typename = std::enable_if_t<
                                std::is_convertible_v<U &&, T> &&
                                !std::is_same_v<std::decay_t<U>, Error> &&
                                !std::is_same_v<std::decay_t<U>, ErrorOr>>>
  ErrorOr(U &&init) : value(std::in_place, std::forward<U>(init)) {}

  /// An error. A success Error holds no value, so it turns into an internal
  /// error.
  ErrorOr(Error error) : err(std::move(error)) {
    if (err.ok())
      err = Error::internal("an ErrorOr was made from a success Error");
  }

  bool ok() const { return value.has_value(); }
  explicit operator bool() const { return ok(); }

  /// The error; a success Error when there is a value.
  const Error &error() const { return err; }

  /// The value; only when ok().
  T &operator*() & { return *value; }
  const T &operator*() const & { return *value; }
  T &&operator*() && { return std::move(*value); }
  T *operator->() { return &*value; }
  const T *operator->() const { return &*value; }

private:
  std::optional<T> value;
  Error err;
};

//===----------------------------------------------------------------------===//
// Span
//===----------------------------------------------------------------------===//

/// A view of `size` contiguous elements (std::span before C++20).
template <typename T> class Span {
public:
  constexpr Span() = default;
  constexpr Span(T *data, size_t size) : ptr(data), count(size) {}

  constexpr T *data() const { return ptr; }
  constexpr size_t size() const { return count; }
  constexpr bool empty() const { return count == 0; }
  constexpr T &operator[](size_t index) const { return ptr[index]; }
  constexpr T *begin() const { return ptr; }
  constexpr T *end() const { return ptr + count; }

private:
  T *ptr = nullptr;
  size_t count = 0;
};

//===----------------------------------------------------------------------===//
// Buffers
//===----------------------------------------------------------------------===//

/// A Buffer's rank when any rank goes.
inline constexpr int64_t kDynamicRank = -1;

/// An argument or result of any element type and rank. Its data is null in
/// the instantiate stage.
class AnyBuffer {
public:
  explicit AnyBuffer(const HloxFfiBuffer *raw) : buffer(raw) {}

  DataType dtype() const { return static_cast<DataType>(buffer->dtype); }
  /// The element type as StableHLO spells it.
  std::string_view dtypeName() const {
    return buffer->dtype_name ? std::string_view(buffer->dtype_name)
                              : dataTypeName(dtype());
  }
  void *untypedData() const { return buffer->data; }
  int64_t rank() const { return buffer->rank; }
  Span<const int64_t> dimensions() const {
    return Span<const int64_t>(buffer->dims, static_cast<size_t>(rank()));
  }
  /// The product of the dimensions (1 for a scalar).
  int64_t elementCount() const {
    int64_t count = 1;
    for (int64_t dim : dimensions())
      count *= dim;
    return count;
  }
  /// elementCount() elements of dataTypeByteWidth(dtype()) bytes.
  size_t sizeInBytes() const {
    return static_cast<size_t>(elementCount()) * dataTypeByteWidth(dtype());
  }
  const HloxFfiBuffer *raw() const { return buffer; }

private:
  const HloxFfiBuffer *buffer;
};

/// An argument or result whose element type is `DType` and, unless it is
/// kDynamicRank, whose rank is `Rank`; the binding checks both.
template <DataType DType, int64_t Rank = kDynamicRank>
class Buffer : public AnyBuffer {
  static_assert(Rank >= kDynamicRank, "a rank is kDynamicRank or >= 0");

public:
  static constexpr DataType kDataType = DType;
  static constexpr int64_t kRank = Rank;
  using ElementType = NativeType<DType>;

  explicit Buffer(const HloxFfiBuffer *raw) : AnyBuffer(raw) {}

  ElementType *typedData() const {
    return static_cast<ElementType *>(untypedData());
  }
};

template <DataType DType> using BufferR0 = Buffer<DType, 0>;
template <DataType DType> using BufferR1 = Buffer<DType, 1>;
template <DataType DType> using BufferR2 = Buffer<DType, 2>;
template <DataType DType> using BufferR3 = Buffer<DType, 3>;
template <DataType DType> using BufferR4 = Buffer<DType, 4>;
template <DataType DType> using BufferR5 = Buffer<DType, 5>;

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

/// How the messages name an attribute kind ("i64", "array", "dictionary").
inline std::string_view attrKindName(HloxFfiAttrKind kind) {
  switch (kind) {
  case HLOX_FFI_ATTR_BOOL:
    return "bool";
  case HLOX_FFI_ATTR_I8:
    return "i8";
  case HLOX_FFI_ATTR_I16:
    return "i16";
  case HLOX_FFI_ATTR_I32:
    return "i32";
  case HLOX_FFI_ATTR_I64:
    return "i64";
  case HLOX_FFI_ATTR_U8:
    return "ui8";
  case HLOX_FFI_ATTR_U16:
    return "ui16";
  case HLOX_FFI_ATTR_U32:
    return "ui32";
  case HLOX_FFI_ATTR_U64:
    return "ui64";
  case HLOX_FFI_ATTR_F32:
    return "f32";
  case HLOX_FFI_ATTR_F64:
    return "f64";
  case HLOX_FFI_ATTR_STRING:
    return "string";
  case HLOX_FFI_ATTR_ARRAY:
    return "array";
  case HLOX_FFI_ATTR_DICT:
    return "dictionary";
  case HLOX_FFI_ATTR_INVALID:
    break;
  }
  return "invalid attribute";
}

class Dictionary;

namespace detail {


/// The attribute kind of a scalar C++ type, or HLOX_FFI_ATTR_INVALID.
template <typename T> constexpr HloxFfiAttrKind scalarKind() {
  if constexpr (std::is_same_v<T, bool>) {
    return HLOX_FFI_ATTR_BOOL;
  } else if constexpr (std::is_integral_v<T>) {
    constexpr bool isSigned = std::is_signed_v<T>;
    switch (sizeof(T)) {
    case 1:
      return isSigned ? HLOX_FFI_ATTR_I8 : HLOX_FFI_ATTR_U8;
    case 2:
      return isSigned ? HLOX_FFI_ATTR_I16 : HLOX_FFI_ATTR_U16;
    case 4:
      return isSigned ? HLOX_FFI_ATTR_I32 : HLOX_FFI_ATTR_U32;
    case 8:
      return isSigned ? HLOX_FFI_ATTR_I64 : HLOX_FFI_ATTR_U64;
    default:
      return HLOX_FFI_ATTR_INVALID;
    }
  } else if constexpr (std::is_same_v<T, float>) {
    return HLOX_FFI_ATTR_F32;
  } else if constexpr (std::is_same_v<T, double>) {
    return HLOX_FFI_ATTR_F64;
  } else {
    return HLOX_FFI_ATTR_INVALID;
  }
}

/// `name` with its indefinite article: "an i64", "a string".
inline std::string withArticle(std::string_view name) {
  bool vowelSound =
      !name.empty() && (name[0] == 'i' || name[0] == 'f' || name[0] == 'a');
  return (vowelSound ? "an " : "a ") + std::string(name);
}

/// How the messages name what an attribute holds ("array<f32>").
inline std::string describeAttr(const HloxFfiAttr &attr) {
  std::string name(attrKindName(attr.kind));
  if (attr.kind == HLOX_FFI_ATTR_ARRAY && attr.value) {
    const auto *array = static_cast<const HloxFfiArray *>(attr.value);
    if (HLOX_FFI_HAS_FIELD(array, HloxFfiArray, element_kind))
      name += "<" + std::string(attrKindName(array->element_kind)) + ">";
  }
  return name;
}

inline std::string quoted(std::string_view name) {
  return "attribute '" + std::string(name) + "'";
}

inline Error kindMismatch(std::string_view name, const HloxFfiAttr &attr,
                          std::string_view wanted) {
  return Error::invalidArgument(quoted(name) + " is " +
                                withArticle(describeAttr(attr)) +
                                "; the handler takes " + std::string(wanted));
}

/// Reads the scalar at `value` (of any alignment) as a U.
template <typename U> U readScalar(const void *value) {
  U result;
  std::memcpy(&result, value, sizeof(U));
  return result;
}

/// Decodes an attribute as a T; specialized for each supported T.
template <typename T, typename = void> struct AttrDecoder {
  static constexpr bool kSupported = false;
};

template <> struct AttrDecoder<bool> {
  static constexpr bool kSupported = true;
  static std::string typeName() { return "bool"; }
  static ErrorOr<bool> decode(std::string_view name, const HloxFfiAttr &attr) {
    if (attr.kind != HLOX_FFI_ATTR_BOOL)
      return kindMismatch(name, attr, typeName());
    return *static_cast<const uint8_t *>(attr.value) != 0;
  }
};

/// Any integer attribute converts to any integer T that holds its value.
template <typename T>
struct AttrDecoder<
    T, std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool>>> {
  static constexpr bool kSupported = scalarKind<T>() != HLOX_FFI_ATTR_INVALID;
  static std::string typeName() {
    return std::string(attrKindName(scalarKind<T>()));
  }
  static ErrorOr<T> decode(std::string_view name, const HloxFfiAttr &attr) {
    switch (attr.kind) {
    case HLOX_FFI_ATTR_I8:
      return fromSigned(name, readScalar<int8_t>(attr.value));
    case HLOX_FFI_ATTR_I16:
      return fromSigned(name, readScalar<int16_t>(attr.value));
    case HLOX_FFI_ATTR_I32:
      return fromSigned(name, readScalar<int32_t>(attr.value));
    case HLOX_FFI_ATTR_I64:
      return fromSigned(name, readScalar<int64_t>(attr.value));
    case HLOX_FFI_ATTR_U8:
      return fromUnsigned(name, readScalar<uint8_t>(attr.value));
    case HLOX_FFI_ATTR_U16:
      return fromUnsigned(name, readScalar<uint16_t>(attr.value));
    case HLOX_FFI_ATTR_U32:
      return fromUnsigned(name, readScalar<uint32_t>(attr.value));
    case HLOX_FFI_ATTR_U64:
      return fromUnsigned(name, readScalar<uint64_t>(attr.value));
    default:
      return kindMismatch(name, attr, typeName());
    }
  }

private:
  using Limits = std::numeric_limits<T>;

  static Error outOfRange(std::string_view name, const std::string &value) {
    return Error::invalidArgument(quoted(name) + " is " + value +
                                  ", which does not fit in " + typeName());
  }
  static ErrorOr<T> fromSigned(std::string_view name, int64_t value) {
    bool fits;
    if constexpr (std::is_signed_v<T>)
      fits = value >= static_cast<int64_t>(Limits::min()) &&
             value <= static_cast<int64_t>(Limits::max());
    else
      fits = value >= 0 && static_cast<uint64_t>(value) <=
                               static_cast<uint64_t>(Limits::max());
    if (!fits)
      return outOfRange(name, std::to_string(value));
    return static_cast<T>(value);
  }
  static ErrorOr<T> fromUnsigned(std::string_view name, uint64_t value) {
    if (value > static_cast<uint64_t>(Limits::max()))
      return outOfRange(name, std::to_string(value));
    return static_cast<T>(value);
  }
};

/// An f32 or f64 attribute converts to float or double.
template <typename T>
struct AttrDecoder<T, std::enable_if_t<std::is_same_v<T, float> ||
                                       std::is_same_v<T, double>>> {
  static constexpr bool kSupported = true;
  static std::string typeName() {
    return std::string(attrKindName(scalarKind<T>()));
  }
  static ErrorOr<T> decode(std::string_view name, const HloxFfiAttr &attr) {
    if (attr.kind == HLOX_FFI_ATTR_F32)
      return static_cast<T>(readScalar<float>(attr.value));
    if (attr.kind == HLOX_FFI_ATTR_F64)
      return static_cast<T>(readScalar<double>(attr.value));
    return kindMismatch(name, attr, typeName());
  }
};

/// A string attribute, viewed (valid during the call) or copied.
template <typename T>
struct AttrDecoder<T, std::enable_if_t<std::is_same_v<T, std::string_view> ||
                                       std::is_same_v<T, std::string>>> {
  static constexpr bool kSupported = true;
  static std::string typeName() { return "string"; }
  static ErrorOr<T> decode(std::string_view name, const HloxFfiAttr &attr) {
    if (attr.kind != HLOX_FFI_ATTR_STRING)
      return kindMismatch(name, attr, typeName());
    const auto *string = static_cast<const HloxFfiString *>(attr.value);
    if (string->size < 0 || (string->size > 0 && !string->data))
      return Error::invalidArgument(quoted(name) + " is a malformed string");
    if (string->size == 0)
      return T();
    return T(string->data, static_cast<size_t>(string->size));
  }
};

/// An array attribute whose elements are exactly of X's kind.
template <typename X> struct AttrDecoder<Span<const X>> {
  static constexpr bool kSupported = scalarKind<X>() != HLOX_FFI_ATTR_INVALID;
  static_assert(!std::is_same_v<X, bool> || sizeof(bool) == 1,
                "a bool array holds one byte per element");
  static std::string typeName() {
    return "array<" + std::string(attrKindName(scalarKind<X>())) + ">";
  }
  static ErrorOr<Span<const X>> decode(std::string_view name,
                                       const HloxFfiAttr &attr) {
    if (attr.kind != HLOX_FFI_ATTR_ARRAY)
      return kindMismatch(name, attr, typeName());
    const auto *array = static_cast<const HloxFfiArray *>(attr.value);
    if (!HLOX_FFI_HAS_FIELD(array, HloxFfiArray, data))
      return Error::invalidArgument(quoted(name) +
                                    " is an array of an older layout");
    if (array->element_kind != scalarKind<X>())
      return kindMismatch(name, attr, typeName());
    if (array->size < 0 || (array->size > 0 && !array->data))
      return Error::invalidArgument(quoted(name) + " is a malformed array");
    return Span<const X>(static_cast<const X *>(array->data),
                         static_cast<size_t>(array->size));
  }
};

} // namespace detail

/// Named attributes (an HloxFfiDict, sorted by name); null is empty. Valid
/// during the call only.
class Dictionary {
public:
  explicit Dictionary(const HloxFfiDict *raw = nullptr) : dict(raw) {}

  /// How many attributes there are.
  int64_t size() const { return usable() ? dict->size : 0; }
  bool empty() const { return size() == 0; }
  bool contains(std::string_view name) const { return find(name) != nullptr; }

  /// The name of the attribute at `index` (in sorted order).
  std::string_view nameAt(int64_t index) const {
    const HloxFfiString &name = dict->names[index];
    return name.size > 0
               ? std::string_view(name.data, static_cast<size_t>(name.size))
               : std::string_view();
  }

  /// The attribute `name`, or null.
  const HloxFfiAttr *find(std::string_view name) const {
    int64_t low = 0, high = size();
    while (low < high) {
      int64_t mid = low + (high - low) / 2;
      int compare = nameAt(mid).compare(name);
      if (compare == 0)
        return &dict->values[mid];
      if (compare < 0)
        low = mid + 1;
      else
        high = mid;
    }
    return nullptr;
  }

  /// The attribute `name` as a T: bool; any integer type (from an integer
  /// attribute whose value it holds); float or double (from an f32 or f64
  /// attribute); std::string_view or std::string; Span<const X> (an array
  /// of exactly X's kind); Dictionary.
  template <typename T> ErrorOr<T> get(std::string_view name) const;

  const HloxFfiDict *raw() const { return dict; }

private:
  bool usable() const {
    return dict && HLOX_FFI_HAS_FIELD(dict, HloxFfiDict, values);
  }

  const HloxFfiDict *dict;
};

namespace detail {
/// A nested dictionary attribute.
template <> struct AttrDecoder<Dictionary> {
  static constexpr bool kSupported = true;
  static std::string typeName() { return "dictionary"; }
  static ErrorOr<Dictionary> decode(std::string_view name,
                                    const HloxFfiAttr &attr) {
    if (attr.kind != HLOX_FFI_ATTR_DICT)
      return kindMismatch(name, attr, typeName());
    const auto *dict = static_cast<const HloxFfiDict *>(attr.value);
    if (!HLOX_FFI_HAS_FIELD(dict, HloxFfiDict, values))
      return Error::invalidArgument(quoted(name) +
                                    " is a dictionary of an older layout");
    return Dictionary(dict);
  }
};
} // namespace detail

template <typename T> ErrorOr<T> Dictionary::get(std::string_view name) const {
  using Decoder = detail::AttrDecoder<T>;
  static_assert(Decoder::kSupported,
                "an attribute decodes as bool, an integer, float, double, "
                "std::string_view, std::string, Span<const X> of a scalar "
                "X, or Dictionary");
  const HloxFfiAttr *attr = find(name);
  if (!attr)
    return Error::invalidArgument(detail::quoted(name) + " is missing");
  if (!attr->value)
    return Error::invalidArgument(detail::quoted(name) + " has no value");
  return Decoder::decode(name, *attr);
}

//===----------------------------------------------------------------------===//
// Context
//===----------------------------------------------------------------------===//

namespace detail {
/// What a parallelFor hands its chunks: the function and the first
/// exception one of them threw.
template <typename F> struct ParallelTask {
  F *fn;
  std::atomic<bool> failed{false};
  std::mutex mutex;
  std::exception_ptr exception;

  static void run(void *data, int64_t begin, int64_t end) noexcept {
    auto *task = static_cast<ParallelTask *>(data);
    if (task->failed.load(std::memory_order_relaxed))
      return;
    try {
      (*task->fn)(begin, end);
    } catch (...) {
      std::lock_guard<std::mutex> lock(task->mutex);
      if (!task->exception)
        task->exception = std::current_exception();
      task->failed.store(true, std::memory_order_relaxed);
    }
  }
};
} // namespace detail

/// Where a handler runs: the device, its thread pool and scratch memory.
class Context {
public:
  Context(const HloxFfiApi *rawApi, HloxFfiContext *rawCtx)
      : api(rawApi), ctx(rawCtx) {}

  /// Calls fn(begin, end) over chunks that cover [0, count) once, on the
  /// context's threads, and returns when all are done; chunks hold at least
  /// `minPerChunk` indices where they can. An exception a chunk throws
  /// skips the chunks not yet begun and is rethrown here. `fn` must not
  /// call parallelFor.
  template <typename F>
  void parallelFor(int64_t count, int64_t minPerChunk, F &&fn) const {
    if (count <= 0)
      return;
    detail::ParallelTask<std::remove_reference_t<F>> task;
    task.fn = &fn;
    api->parallel_for(ctx, count, minPerChunk, &decltype(task)::run, &task);
    if (task.exception)
      std::rethrow_exception(task.exception);
  }

  /// How many threads parallelFor uses.
  int64_t numThreads() const { return api->num_threads(ctx); }

  /// `bytes` of scratch memory aligned to `alignment` (a power of two, at
  /// most 4096), valid until the handler returns; null when there is none.
  void *allocate(size_t bytes, size_t alignment = 64) const {
    return api->scratch_allocate(ctx, bytes, alignment);
  }

  /// The platform ("host").
  std::string_view platform() const {
    const char *name = api->platform(ctx);
    return name ? std::string_view(name) : std::string_view();
  }

  /// The device's ordinal on its platform.
  int32_t deviceOrdinal() const { return api->device_ordinal(ctx); }

  const HloxFfiApi *rawApi() const { return api; }
  HloxFfiContext *rawContext() const { return ctx; }

private:
  const HloxFfiApi *api;
  HloxFfiContext *ctx;
};

//===----------------------------------------------------------------------===//
// Binding
//===----------------------------------------------------------------------===//

/// The stage a handler runs in (HloxFfiStage).
enum class Stage : int32_t {
  INSTANTIATE = HLOX_FFI_STAGE_INSTANTIATE,
  EXECUTE = HLOX_FFI_STAGE_EXECUTE,
};

namespace detail {

template <typename T> struct IsBuffer : std::false_type {};
template <> struct IsBuffer<AnyBuffer> : std::true_type {};
template <DataType DType, int64_t Rank>
struct IsBuffer<Buffer<DType, Rank>> : std::true_type {};

/// The bytes of `type` up to and including `field`.
#define HLOX_FFI_END_OF_(type, field)                                          \
  (offsetof(type, field) + sizeof(type::field))

/// What the decoders see of one call.
struct CallInfo {
  HloxFfiCallFrame *frame;
  std::string_view target;
  const std::vector<std::string> *attrNames;

  /// An invalid-argument error whose message starts with the target.
  Error invalid(const std::string &message) const {
    return Error::invalidArgument(std::string(target) + ": " + message);
  }
};

inline std::string plural(int64_t count, std::string_view noun) {
  return std::to_string(count) + " " + std::string(noun) +
         (count == 1 ? "" : "s");
}

/// Checks `raw` (argument or result `index`) against B.
template <typename B>
ErrorOr<B> decodeBuffer(const CallInfo &call, const HloxFfiBuffer *pointer,
                        const char *what, size_t index) {
  std::string where = std::string(what) + " " + std::to_string(index);
  if (!pointer)
    return call.invalid(where + " is missing from the call frame");
  const HloxFfiBuffer &raw = *pointer;
  if (!HLOX_FFI_HAS_FIELD(&raw, HloxFfiBuffer, dims))
    return call.invalid(
        where + " is a buffer of " + std::to_string(raw.struct_size) +
        " bytes; the handler needs " + std::to_string(sizeof(HloxFfiBuffer)));
  if (raw.rank < 0 || (raw.rank > 0 && !raw.dims))
    return call.invalid(where + " has a malformed shape");
  B buffer(&raw);
  if constexpr (!std::is_same_v<B, AnyBuffer>) {
    bool dtypeOk = buffer.dtype() == B::kDataType;
    bool rankOk = B::kRank == kDynamicRank || buffer.rank() == B::kRank;
    if (!dtypeOk || !rankOk) {
      std::string wanted(dataTypeName(B::kDataType));
      if (B::kRank != kDynamicRank)
        wanted += " of rank " + std::to_string(B::kRank);
      return call.invalid(where + " is " + std::string(buffer.dtypeName()) +
                          " of rank " + std::to_string(buffer.rank()) +
                          "; the handler takes " + wanted);
    }
  }
  return buffer;
}

/// What a bound parameter is.
enum class ParamKind { Arg, Ret, Attr, Attrs, Ctx, State, None };

template <typename B> struct ArgParam {};
template <typename B> struct RetParam {};
template <typename T> struct AttrParam {};
struct AttrsParam {};
struct CtxParam {};
template <typename S> struct StateParam {};

/// Decodes one bound parameter: its C++ type, its kind, and `decode`, given
/// its position among the parameters of its kind.
template <typename P> struct ParamDecoder;

template <typename B> struct ParamDecoder<ArgParam<B>> {
  using Type = B;
  static constexpr ParamKind kKind = ParamKind::Arg;
  static ErrorOr<B> decode(const CallInfo &call, size_t index) {
    return decodeBuffer<B>(call, call.frame->args[index], "argument", index);
  }
};

template <typename B> struct ParamDecoder<RetParam<B>> {
  using Type = B;
  static constexpr ParamKind kKind = ParamKind::Ret;
  static ErrorOr<B> decode(const CallInfo &call, size_t index) {
    return decodeBuffer<B>(call, call.frame->rets[index], "result", index);
  }
};

template <typename T> struct ParamDecoder<AttrParam<T>> {
  using Type = T;
  static constexpr ParamKind kKind = ParamKind::Attr;
  static ErrorOr<T> decode(const CallInfo &call, size_t index) {
    ErrorOr<T> value =
        Dictionary(call.frame->attrs).get<T>((*call.attrNames)[index]);
    if (!value.ok())
      return call.invalid(value.error().message());
    return value;
  }
};

template <> struct ParamDecoder<AttrsParam> {
  using Type = Dictionary;
  static constexpr ParamKind kKind = ParamKind::Attrs;
  static ErrorOr<Dictionary> decode(const CallInfo &call, size_t) {
    const HloxFfiDict *dict = call.frame->attrs;
    if (dict && !HLOX_FFI_HAS_FIELD(dict, HloxFfiDict, values))
      return call.invalid("the attribute dictionary is of an older layout");
    return Dictionary(dict);
  }
};

template <> struct ParamDecoder<CtxParam> {
  using Type = Context;
  static constexpr ParamKind kKind = ParamKind::Ctx;
  static ErrorOr<Context> decode(const CallInfo &call, size_t) {
    return Context(call.frame->api, call.frame->ctx);
  }
};

template <typename S> struct ParamDecoder<StateParam<S>> {
  using Type = S *;
  static constexpr ParamKind kKind = ParamKind::State;
  static ErrorOr<S *> decode(const CallInfo &call, size_t) {
    if (!call.frame->state)
      return call.invalid(
          "the handler has no state (its instantiate stage made none)");
    return static_cast<S *>(call.frame->state);
  }
};

/// The kinds of the bound parameters, in order.
template <ParamKind... kinds> struct ParamKinds {
  static constexpr ParamKind kKinds[sizeof...(kinds) + 1] = {kinds...,
                                                             ParamKind::None};

  /// How many parameters are of `kind`.
  static constexpr int64_t count(ParamKind kind) {
    int64_t n = 0;
    for (size_t i = 0; i < sizeof...(kinds); ++i)
      n += kKinds[i] == kind;
    return n;
  }

  /// The position of parameter `i` among those of its kind.
  static constexpr size_t positionOf(size_t i) {
    size_t n = 0;
    for (size_t k = 0; k < i; ++k)
      n += kKinds[k] == kKinds[i];
    return n;
  }
};

/// The first error among `values`, or success.
template <typename... Values> Error firstError(const Values &...values) {
  Error error;
  ((error.ok() && !values.ok() ? (void)(error = values.error()) : (void)0),
   ...);
  return error;
}

/// The S of ErrorOr<std::unique_ptr<S>>.
template <typename R> struct InstantiateResult {
  static constexpr bool kValid = false;
};
template <typename S> struct InstantiateResult<ErrorOr<std::unique_ptr<S>>> {
  static constexpr bool kValid = true;
  using State = S;
};

/// The api of `frame` when errors can be made with it; otherwise there is
/// no way to report anything, and the process stops.
inline const HloxFfiApi *usableApi(const HloxFfiCallFrame *frame) noexcept {
  if (frame && HLOX_FFI_HAS_FIELD(frame, HloxFfiCallFrame, api) && frame->api &&
      HLOX_FFI_HAS_FIELD(frame->api, HloxFfiApi, error_create) &&
      frame->api->error_create)
    return frame->api;
  std::fprintf(stderr, "hlox ffi: a handler was called without an api to "
                       "report errors with\n");
  std::abort();
}

inline std::string_view targetOf(const HloxFfiCallFrame *frame) noexcept {
  if (HLOX_FFI_HAS_FIELD(frame, HloxFfiCallFrame, target) && frame->target)
    return frame->target;
  return "<unknown target>";
}

/// `error` as the ABI returns it: null for a success.
inline HloxFfiError *toCError(const HloxFfiApi *api,
                              const Error &error) noexcept {
  if (error.ok())
    return nullptr;
  return api->error_create(static_cast<HloxFfiErrorCode>(error.code()),
                           error.message().c_str());
}

/// The error of a handler that threw (`what` null: not a std::exception).
inline HloxFfiError *thrownError(const HloxFfiApi *api, std::string_view target,
                                 const char *what) noexcept {
  try {
    std::string message = std::string(target) + ": threw: " +
                          (what ? what : "an exception of unknown type");
    return api->error_create(HLOX_FFI_ERROR_INTERNAL, message.c_str());
  } catch (...) {
    return api->error_create(HLOX_FFI_ERROR_INTERNAL, "a handler threw");
  }
}

} // namespace detail

/// A bound function: `call` decodes and checks a call frame, calls the
/// function with the bound parameters and turns what it returns (or
/// throws) into an HloxFfiError.
template <Stage stage, typename Fn, typename... Params> class Handler {
  using Kinds = detail::ParamKinds<detail::ParamDecoder<Params>::kKind...>;
  using Result =
      std::invoke_result_t<const Fn &,
                           typename detail::ParamDecoder<Params>::Type...>;

  static_assert(stage == Stage::INSTANTIATE || std::is_same_v<Result, Error>,
                "an execute handler's function returns hlox::ffi::Error");
  static_assert(stage == Stage::EXECUTE || std::is_same_v<Result, Error> ||
                    detail::InstantiateResult<Result>::kValid,
                "an instantiate handler's function returns "
                "ErrorOr<std::unique_ptr<S>> (or Error, making no state)");

  /// How much of the api table the handler (and its Context) reads.
  static constexpr size_t kApiNeeds =
      HLOX_FFI_END_OF_(HloxFfiApi, device_ordinal);

  static constexpr int64_t kNumArgs = Kinds::count(detail::ParamKind::Arg);
  static constexpr int64_t kNumRets = Kinds::count(detail::ParamKind::Ret);

  /// How much of the call frame the handler reads.
  static constexpr size_t frameNeeds() {
    if (stage == Stage::INSTANTIATE)
      return HLOX_FFI_END_OF_(HloxFfiCallFrame, state_deleter);
    if (Kinds::count(detail::ParamKind::State))
      return HLOX_FFI_END_OF_(HloxFfiCallFrame, state);
    if (Kinds::count(detail::ParamKind::Attr) ||
        Kinds::count(detail::ParamKind::Attrs))
      return HLOX_FFI_END_OF_(HloxFfiCallFrame, attrs);
    return HLOX_FFI_END_OF_(HloxFfiCallFrame, rets);
  }

public:
  Handler(Fn function, std::vector<std::string> names)
      : fn(std::move(function)), attrNames(std::move(names)) {}

  /// Runs the handler on `frame`: null on success, otherwise an error made
  /// with frame->api->error_create.
  HloxFfiError *call(HloxFfiCallFrame *frame) const noexcept {
    const HloxFfiApi *api = detail::usableApi(frame);
    std::string_view target = detail::targetOf(frame);
    try {
      return detail::toCError(api, run(frame, target));
    } catch (const std::exception &e) {
      return detail::thrownError(api, target, e.what());
    } catch (...) {
      return detail::thrownError(api, target, nullptr);
    }
  }

private:
  Error run(HloxFfiCallFrame *frame, std::string_view target) const {
    detail::CallInfo call{frame, target, &attrNames};
    const HloxFfiApi *api = frame->api;
    if (api->api_major != HLOX_FFI_API_MAJOR)
      return call.invalid("hlox gives ffi api version " +
                          std::to_string(api->api_major) + "." +
                          std::to_string(api->api_minor) +
                          "; the handler was built with version " +
                          std::to_string(HLOX_FFI_API_MAJOR) + "." +
                          std::to_string(HLOX_FFI_API_MINOR));
    if (!HLOX_FFI_HAS_FIELD(api, HloxFfiApi, device_ordinal))
      return call.invalid(
          "the ffi api table is " + std::to_string(api->struct_size) +
          " bytes; the handler needs " + std::to_string(kApiNeeds));
    if (frame->struct_size < frameNeeds())
      return call.invalid(
          "the call frame is " + std::to_string(frame->struct_size) +
          " bytes; the handler needs " + std::to_string(frameNeeds()));
    if (frame->stage != static_cast<HloxFfiStage>(stage))
      return call.invalid(
          std::string(stage == Stage::EXECUTE ? "the execute"
                                              : "the instantiate") +
          " handler was called in the " +
          (frame->stage == HLOX_FFI_STAGE_EXECUTE ? "execute" : "instantiate") +
          " stage");
    // An instantiate stage that binds no buffer does not look at them.
    bool checkCounts =
        stage == Stage::EXECUTE || kNumArgs != 0 || kNumRets != 0;
    if (checkCounts && frame->num_args != kNumArgs)
      return call.invalid("takes " + detail::plural(kNumArgs, "argument") +
                          ", the call has " + std::to_string(frame->num_args));
    if (checkCounts && frame->num_rets != kNumRets)
      return call.invalid("returns " + detail::plural(kNumRets, "result") +
                          ", the call has " + std::to_string(frame->num_rets));
    if ((kNumArgs && !frame->args) || (kNumRets && !frame->rets))
      return call.invalid("the call frame has no buffers");
    return decodeAndCall(call, std::index_sequence_for<Params...>());
  }

  template <size_t... Is>
  Error decodeAndCall(const detail::CallInfo &call,
                      std::index_sequence<Is...>) const {
    // Braced initializers run in order, so the first error is the first
    // parameter's that fails.
    std::tuple<ErrorOr<typename detail::ParamDecoder<Params>::Type>...> decoded{
        detail::ParamDecoder<Params>::decode(call, Kinds::positionOf(Is))...};
    Error error = detail::firstError(std::get<Is>(decoded)...);
    if (!error.ok())
      return error;
    if constexpr (stage == Stage::EXECUTE || std::is_same_v<Result, Error>) {
      return fn(*std::move(std::get<Is>(decoded))...);
    } else {
      using S = typename detail::InstantiateResult<Result>::State;
      Result state = fn(*std::move(std::get<Is>(decoded))...);
      if (!state.ok())
        return state.error();
      call.frame->state = (*state).release();
      call.frame->state_deleter = [](void *raw) {
        delete static_cast<S *>(raw);
      };
      return Error::success();
    }
  }

  Fn fn;
  std::vector<std::string> attrNames;
};

#undef HLOX_FFI_END_OF_

/// The parameters bound so far; each call of arg/ret/attr/attrs/ctx/state
/// adds one, and `to` binds a function that takes them in that order.
template <Stage stage, typename... Params> class Binding {
  template <typename P> using With = Binding<stage, Params..., P>;

public:
  Binding() = default;

  /// An argument: AnyBuffer or Buffer<dtype, rank>.
  template <typename B> With<detail::ArgParam<B>> arg() const {
    static_assert(detail::IsBuffer<B>::value,
                  "an argument is an AnyBuffer or a Buffer<dtype, rank>");
    return With<detail::ArgParam<B>>(attrNames);
  }

  /// A result: AnyBuffer or Buffer<dtype, rank>.
  template <typename B> With<detail::RetParam<B>> ret() const {
    static_assert(detail::IsBuffer<B>::value,
                  "a result is an AnyBuffer or a Buffer<dtype, rank>");
    return With<detail::RetParam<B>>(attrNames);
  }

  /// The attribute `name`, as a T (see Dictionary::get).
  template <typename T>
  With<detail::AttrParam<T>> attr(std::string name) const {
    static_assert(detail::AttrDecoder<T>::kSupported,
                  "an attribute decodes as bool, an integer, float, double, "
                  "std::string_view, std::string, Span<const X> of a scalar "
                  "X, or Dictionary");
    std::vector<std::string> names = attrNames;
    names.push_back(std::move(name));
    return With<detail::AttrParam<T>>(std::move(names));
  }

  /// All attributes, as a Dictionary.
  With<detail::AttrsParam> attrs() const {
    return With<detail::AttrsParam>(attrNames);
  }

  /// The Context.
  With<detail::CtxParam> ctx() const {
    return With<detail::CtxParam>(attrNames);
  }

  /// The state the instantiate stage made, as an S* (execute stage only).
  template <typename S> With<detail::StateParam<S>> state() const {
    static_assert(stage == Stage::EXECUTE,
                  "only the execute stage reads the state");
    return With<detail::StateParam<S>>(attrNames);
  }

  /// A handler calling `fn` with the bound parameters. An execute
  /// function returns Error; an instantiate function returns
  /// ErrorOr<std::unique_ptr<S>>, whose S becomes the state (or Error, to
  /// make none).
  template <typename Fn>
  Handler<stage, std::decay_t<Fn>, Params...> to(Fn &&fn) const {
    static_assert(
        std::is_invocable_v<const std::decay_t<Fn> &,
                            typename detail::ParamDecoder<Params>::Type...>,
        "the function does not take the bound parameters in their order");
    return Handler<stage, std::decay_t<Fn>, Params...>(std::forward<Fn>(fn),
                                                       attrNames);
  }

private:
  template <Stage, typename...> friend class Binding;

  explicit Binding(std::vector<std::string> names)
      : attrNames(std::move(names)) {}

  std::vector<std::string> attrNames;
};

/// Where bindings start.
class Ffi {
public:
  /// A binding for the execute stage.
  static Binding<Stage::EXECUTE> bind() { return {}; }
  /// A binding for the instantiate stage (buffers have no data there).
  static Binding<Stage::INSTANTIATE> bindInstantiate() { return {}; }
};

//===----------------------------------------------------------------------===//
// Registration
//===----------------------------------------------------------------------===//

/// Registers `execute` (and `instantiate`, when not null) as the handler of
/// the target `name` on `platform`, through api->register_handler.
inline HloxFfiError *registerHandler(const HloxFfiApi *api,
                                     HloxFfiRegistrar *registrar,
                                     const char *name, const char *platform,
                                     HloxFfiHandler execute,
                                     HloxFfiHandler instantiate = nullptr) {
  if (!HLOX_FFI_HAS_FIELD(api, HloxFfiApi, register_handler) ||
      !api->register_handler)
    return api->error_create(HLOX_FFI_ERROR_UNIMPLEMENTED,
                             "hlox ffi: the api has no register_handler");
  HloxFfiHandlerRegistration registration = {};
  registration.struct_size = sizeof(HloxFfiHandlerRegistration);
  registration.api_major = HLOX_FFI_API_MAJOR;
  registration.api_minor = HLOX_FFI_API_MINOR;
  registration.name = name;
  registration.platform = platform;
  registration.instantiate = instantiate;
  registration.execute = execute;
  return api->register_handler(registrar, &registration);
}

} // namespace hlox::ffi

/// Defines `extern "C" HloxFfiError *symbol(HloxFfiCallFrame *)`, which binds
/// `fn` by the binding expression (the rest of the arguments, so that its
/// template arguments may hold commas) once and runs it.
#define HLOX_FFI_DEFINE_HANDLER(symbol, fn, ...)                               \
  extern "C" HloxFfiError *symbol(HloxFfiCallFrame *frame) {                   \
    const HloxFfiApi *hloxFfiApi = ::hlox::ffi::detail::usableApi(frame);      \
    try {                                                                      \
      static const auto hloxFfiHandler = (__VA_ARGS__).to(fn);                 \
      return hloxFfiHandler.call(frame);                                       \
    } catch (...) {                                                            \
      return ::hlox::ffi::detail::thrownError(                                 \
          hloxFfiApi, ::hlox::ffi::detail::targetOf(frame),                    \
          "binding the handler failed");                                       \
    }                                                                          \
  }

#if defined(_WIN32)
#define HLOX_FFI_EXPORT __declspec(dllexport)
#else
#define HLOX_FFI_EXPORT __attribute__((visibility("default")))
#endif

/// The signature of the plugin's entry point (HLOX_FFI_PLUGIN_INIT_SYMBOL);
/// the body follows: `HLOX_FFI_PLUGIN_INIT(api, registrar) { ... }`. The
/// body must not throw.
#define HLOX_FFI_PLUGIN_INIT(api, registrar)                                   \
  extern "C" HLOX_FFI_EXPORT HloxFfiError *hlox_ffi_plugin_init(               \
      const HloxFfiApi *api, HloxFfiRegistrar *registrar)

#endif // HLOX_FFI_FFI_H
