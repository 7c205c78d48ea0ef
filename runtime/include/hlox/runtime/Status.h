//===- Status.h - Runtime error reporting -----------------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#ifndef HLOX_RUNTIME_STATUS_H
#define HLOX_RUNTIME_STATUS_H

#include <string>
#include <utility>

namespace hlox::runtime {

/// Success, or an error with a message. Runtime calls return a Status
/// instead of throwing or aborting on bad input.
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

} // namespace hlox::runtime

#endif // HLOX_RUNTIME_STATUS_H
