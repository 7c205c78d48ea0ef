//===- Error.h - What an HloxFfiError is ------------------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#ifndef HLOX_FFI_SRC_ERROR_H
#define HLOX_FFI_SRC_ERROR_H

#include "hlox/ffi/api.h"

#include <string>

struct HloxFfiError {
  HloxFfiErrorCode code;
  std::string message;
};

namespace hlox::ffi {

inline HloxFfiError *makeError(HloxFfiErrorCode code, std::string message) {
  return new HloxFfiError{code, std::move(message)};
}

/// The message of `error`, which it frees.
inline std::string takeMessage(HloxFfiError *error) {
  std::string message = std::move(error->message);
  delete error;
  return message;
}

} // namespace hlox::ffi

#endif // HLOX_FFI_SRC_ERROR_H
