//===- Common.h - What the JAX CPU handlers share ---------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Batches of column-major matrices, LAPACK's character options as JAX
// writes them (ui8 attributes holding the character's code), and binding a
// handler function of element type T once.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_FFI_JAX_COMMON_H
#define HLOX_FFI_JAX_COMMON_H

#include "Lapack.h"

#include "hlox/ffi/ffi.h"

#include <cstring>
#include <initializer_list>
#include <limits>
#include <string>
#include <vector>

namespace hlox::ffi::jax {

/// The buffer element type of T.
template <typename T> struct DTypeOfT;
template <> struct DTypeOfT<float> {
  static constexpr DataType value = DataType::F32;
};
template <> struct DTypeOfT<double> {
  static constexpr DataType value = DataType::F64;
};
template <> struct DTypeOfT<c64> {
  static constexpr DataType value = DataType::C64;
};
template <> struct DTypeOfT<c128> {
  static constexpr DataType value = DataType::C128;
};
template <typename T> inline constexpr DataType kDType = DTypeOfT<T>::value;

/// The target of the call the running thread is in, for messages.
std::string_view currentTarget();

/// Sets currentTarget() for a call's duration.
class TargetScope {
public:
  explicit TargetScope(std::string_view target);
  ~TargetScope();

private:
  std::string_view saved;
};

/// Runs the handler `make()` binds (bound once per handler) on `frame`,
/// with currentTarget() set.
template <typename MakeHandler>
HloxFfiError *callBound(HloxFfiCallFrame *frame, MakeHandler make) {
  const HloxFfiApi *api = detail::usableApi(frame);
  try {
    static const auto handler = make();
    TargetScope scope(detail::targetOf(frame));
    return handler.call(frame);
  } catch (...) {
    return detail::thrownError(api, detail::targetOf(frame),
                               "binding the handler failed");
  }
}

/// An invalid-argument error whose message starts with the call's target.
inline Error invalid(const std::string &message) {
  return Error::invalidArgument(std::string(currentTarget()) + ": " + message);
}

/// A buffer of T, of any rank.
template <typename T> using Buf = Buffer<kDType<T>>;
/// A buffer of T's real type.
template <typename T> using RealBuf = Buffer<kDType<Real<T>>>;
/// A buffer of T's complex type.
template <typename T> using ComplexBuf = Buffer<kDType<std::complex<Real<T>>>>;
/// An int32 buffer (info, pivots).
using IntBuf = Buffer<DataType::S32>;

template <typename T> T *data(const Buffer<kDType<T>> &buffer) {
  return static_cast<T *>(buffer.untypedData());
}
inline int32_t *data(const IntBuf &buffer) {
  return static_cast<int32_t *>(buffer.untypedData());
}

/// A buffer's shape as a batch of matrices: the leading dimensions are the
/// batch, the last two the rows and columns of each (column-major) matrix.
struct MatrixBatch {
  int64_t batch = 1;
  lapack_int rows = 0;
  lapack_int cols = 0;
  int64_t matrixSize() const { return int64_t(rows) * cols; }
};

/// The first of `errors` that is one (a success when none is): the checks
/// of a call's shapes and options, in the order they are listed.
inline Error firstFailure(std::initializer_list<Error> errors) {
  for (const Error &error : errors)
    if (!error.ok())
      return error;
  return Error::success();
}

/// The dims of `dims` as text: [2x3x4].
inline std::string formatDims(Span<const int64_t> dims) {
  std::string text = "[";
  for (size_t i = 0; i < dims.size(); ++i)
    text += (i ? "x" : "") + std::to_string(dims[i]);
  return text + "]";
}

/// `buffer` as a batch of matrices (rank >= 2, dims within LAPACK's
/// integers); `what` names it in messages ("operand 0").
inline ErrorOr<MatrixBatch> matrices(const AnyBuffer &buffer,
                                     std::string_view what) {
  if (buffer.rank() < 2)
    return invalid(std::string(what) + " has rank " +
                   std::to_string(buffer.rank()) +
                   "; it must be a (batch of) matrices, rank >= 2");
  MatrixBatch shape;
  auto dims = buffer.dimensions();
  int64_t rank = buffer.rank();
  for (int64_t i = 0; i < rank - 2; ++i)
    shape.batch *= dims[i];
  if (dims[rank - 2] > std::numeric_limits<lapack_int>::max() ||
      dims[rank - 1] > std::numeric_limits<lapack_int>::max())
    return invalid(std::string(what) +
                   " has a dimension past LAPACK's 32-bit integers");
  shape.rows = static_cast<lapack_int>(dims[rank - 2]);
  shape.cols = static_cast<lapack_int>(dims[rank - 1]);
  return shape;
}

/// Checks that `buffer` has the shape `batchDims` followed by `tail`.
inline Error expectShape(const AnyBuffer &buffer, std::string_view what,
                         Span<const int64_t> batchDims,
                         std::initializer_list<int64_t> tail) {
  std::vector<int64_t> want(batchDims.begin(), batchDims.end());
  want.insert(want.end(), tail.begin(), tail.end());
  auto dims = buffer.dimensions();
  bool same = dims.size() == want.size();
  for (size_t i = 0; same && i < want.size(); ++i)
    same = dims[i] == want[i];
  if (same)
    return Error::success();
  return invalid(std::string(what) + " has shape " + formatDims(dims) +
                 "; the call needs " +
                 formatDims(Span<const int64_t>(want.data(), want.size())));
}

/// The batch dimensions of a buffer of rank `rank` whose last `inner`
/// dimensions are not batch.
inline Span<const int64_t> batchDims(const AnyBuffer &buffer, int64_t inner) {
  int64_t count = buffer.rank() >= inner ? buffer.rank() - inner : 0;
  return Span<const int64_t>(buffer.dimensions().data(),
                             static_cast<size_t>(count));
}

/// Copies `from` into `to` unless they are the same memory (an aliased
/// result already holds its operand).
inline void copyIfDifferent(const AnyBuffer &from, const AnyBuffer &to) {
  if (from.untypedData() != to.untypedData() && to.sizeInBytes())
    std::memmove(to.untypedData(), from.untypedData(), to.sizeInBytes());
}

/// `code` when it is one of `allowed` (LAPACK's option characters, which
/// JAX passes as ui8 attributes), else an error naming the attribute.
inline ErrorOr<char> option(std::string_view name, uint8_t code,
                            std::string_view allowed) {
  if (code != 0 && allowed.find(static_cast<char>(code)) != std::string::npos)
    return static_cast<char>(code);
  std::string choices;
  for (char c : allowed)
    choices += std::string(choices.empty() ? "" : ", ") + "'" + c + "' (" +
               std::to_string(static_cast<int>(c)) + ")";
  return invalid("attribute '" + std::string(name) + "' is " +
                 std::to_string(code) + "; it must be one of " + choices);
}

/// LAPACK's leading dimension of a matrix with `rows` rows.
inline lapack_int leading(lapack_int rows) { return rows > 1 ? rows : 1; }

/// A workspace of `count` elements of T (at least one).
template <typename T> std::vector<T> workspace(int64_t count) {
  return std::vector<T>(static_cast<size_t>(count > 1 ? count : 1));
}

} // namespace hlox::ffi::jax

#endif // HLOX_FFI_JAX_COMMON_H
