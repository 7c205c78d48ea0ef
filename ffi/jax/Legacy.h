//===- Legacy.h - The custom calls of exports before the typed FFI -*- C++
//-*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Before JAX moved its CPU kernels to the typed FFI (mid 2024), its exports
// called `lapack_<t><routine>` with api_version 2: the sizes and options as
// 0-d integer operands ahead of the matrices, no attributes, and results
// that include LAPACK's workspaces. A LegacyCall reads such a frame: the
// scalars (checked against the matrices' shapes, which are what the
// handlers trust), and the buffers with their element types checked.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_FFI_JAX_LEGACY_H
#define HLOX_FFI_JAX_LEGACY_H

#include "Common.h"

namespace hlox::ffi::jax {

class LegacyCall {
public:
  explicit LegacyCall(HloxFfiCallFrame *frame) : frame(frame) {}

  /// Checks the numbers of operands and results.
  Error expectCounts(int64_t numArgs, int64_t numRets) const {
    if (frame->num_args != numArgs)
      return invalid("takes " + std::to_string(numArgs) +
                     " operands, the call has " +
                     std::to_string(frame->num_args));
    if (frame->num_rets != numRets)
      return invalid("returns " + std::to_string(numRets) +
                     " results, the call has " +
                     std::to_string(frame->num_rets));
    return Error::success();
  }

  /// The value of operand `index`, a 0-d integer (JAX wrote i32, some
  /// exports i64, and ui8 for option characters).
  ErrorOr<int64_t> scalar(int64_t index, std::string_view name) const {
    const HloxFfiBuffer &buffer = *frame->args[index];
    std::string where =
        "operand " + std::to_string(index) + " (" + std::string(name) + ")";
    int64_t count = 1;
    for (int64_t d = 0; d < buffer.rank; ++d)
      count *= buffer.dims[d];
    if (count != 1)
      return invalid(where + " must be a single integer");
    const void *raw = buffer.data;
    switch (buffer.dtype) {
    case HLOX_FFI_S8:
      return int64_t(read<int8_t>(raw));
    case HLOX_FFI_S16:
      return int64_t(read<int16_t>(raw));
    case HLOX_FFI_S32:
      return int64_t(read<int32_t>(raw));
    case HLOX_FFI_S64:
      return read<int64_t>(raw);
    case HLOX_FFI_U8:
      return int64_t(read<uint8_t>(raw));
    case HLOX_FFI_U16:
      return int64_t(read<uint16_t>(raw));
    case HLOX_FFI_U32:
      return int64_t(read<uint32_t>(raw));
    default:
      return invalid(where + " is " +
                     std::string(buffer.dtype_name ? buffer.dtype_name : "?") +
                     "; it must be an integer");
    }
  }

  /// Checks that operand `index` holds `expected`.
  Error scalarIs(int64_t index, std::string_view name, int64_t expected) const {
    ErrorOr<int64_t> value = scalar(index, name);
    if (!value.ok())
      return value.error();
    if (*value == expected)
      return Error::success();
    return invalid("operand " + std::to_string(index) + " (" +
                   std::string(name) + ") is " + std::to_string(*value) +
                   " but the shapes make it " + std::to_string(expected));
  }

  /// The product of operand `index`'s dims but the last `inner` (-1 when
  /// it has fewer).
  int64_t batchOf(int64_t index, int64_t inner) const {
    const HloxFfiBuffer &buffer = *frame->args[index];
    if (buffer.rank < inner)
      return -1;
    int64_t count = 1;
    for (int64_t d = 0; d + inner < buffer.rank; ++d)
      count *= buffer.dims[d];
    return count;
  }

  /// Dim `rank + fromEnd` of operand `index` (-1 when there is none).
  int64_t dimOf(int64_t index, int64_t fromEnd) const {
    const HloxFfiBuffer &buffer = *frame->args[index];
    int64_t dim = buffer.rank + fromEnd;
    return dim >= 0 && dim < buffer.rank ? buffer.dims[dim] : -1;
  }

  /// Operand `index` as B, its element type checked.
  template <typename B> ErrorOr<B> arg(int64_t index) const {
    return check<B>(frame->args[index], "operand", index);
  }
  /// Result `index` as B, its element type checked.
  template <typename B> ErrorOr<B> ret(int64_t index) const {
    return check<B>(frame->rets[index], "result", index);
  }

  /// Zeroes result `index` (a workspace the call returns).
  void clearRet(int64_t index) const {
    AnyBuffer buffer(frame->rets[index]);
    if (buffer.sizeInBytes())
      std::memset(buffer.untypedData(), 0, buffer.sizeInBytes());
  }
  /// Zeroes results `first` on.
  void clearRetsFrom(int64_t first) const {
    for (int64_t i = first; i < frame->num_rets; ++i)
      clearRet(i);
  }

private:
  template <typename U> static U read(const void *raw) {
    U value;
    std::memcpy(&value, raw, sizeof(U));
    return value;
  }

  template <typename B>
  ErrorOr<B> check(const HloxFfiBuffer *raw, const char *what,
                   int64_t index) const {
    B buffer(raw);
    if (buffer.dtype() == B::kDataType)
      return buffer;
    return invalid(std::string(what) + " " + std::to_string(index) + " is " +
                   std::string(buffer.dtypeName()) + "; the call needs " +
                   std::string(dataTypeName(B::kDataType)));
  }

  HloxFfiCallFrame *frame;
};

/// Runs fn(LegacyCall &) on `frame`, with currentTarget() set; exceptions
/// and errors become the frame's HloxFfiError.
template <typename Fn>
HloxFfiError *callLegacy(HloxFfiCallFrame *frame, Fn &&fn) {
  const HloxFfiApi *api = detail::usableApi(frame);
  std::string_view target = detail::targetOf(frame);
  try {
    if (!HLOX_FFI_HAS_FIELD(frame, HloxFfiCallFrame, rets) ||
        (frame->num_args && !frame->args) || (frame->num_rets && !frame->rets))
      return api->error_create(HLOX_FFI_ERROR_INVALID_ARGUMENT,
                               "malformed call frame");
    TargetScope scope(target);
    LegacyCall call(frame);
    return detail::toCError(api, fn(call));
  } catch (const std::exception &e) {
    return detail::thrownError(api, target, e.what());
  } catch (...) {
    return detail::thrownError(api, target, nullptr);
  }
}

} // namespace hlox::ffi::jax

#endif // HLOX_FFI_JAX_LEGACY_H
