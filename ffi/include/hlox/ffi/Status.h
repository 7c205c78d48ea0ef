//===- Status.h - Success or an error message -------------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// What the FFI's host side returns: success, or an error with a message.
// The FFI is a leaf library (no MLIR, no runtime), so it has its own.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_FFI_STATUS_H
#define HLOX_FFI_STATUS_H

#include <string>
#include <utility>

namespace hlox::ffi {

class Status {
public:
  Status() = default;
  static Status error(std::string message) {
    Status status;
    status.failed = true;
    status.text = std::move(message);
    return status;
  }
  bool ok() const { return !failed; }
  explicit operator bool() const { return ok(); }
  const std::string &message() const { return text; }

private:
  bool failed = false;
  std::string text;
};

} // namespace hlox::ffi

#endif // HLOX_FFI_STATUS_H
