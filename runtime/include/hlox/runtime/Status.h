//===- Status.h - Runtime error reporting -----------------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#ifndef HLOX_RUNTIME_STATUS_H
#define HLOX_RUNTIME_STATUS_H

#include <string>
#include <utility>

namespace hlox::runtime {

/// Success, or an error with a message and, when a command of a program
/// failed, where that command comes from in the source program
/// ("file:line:col"). Runtime calls return a Status instead of throwing or
/// aborting on bad input.
class Status {
public:
  Status() = default;
  static Status error(std::string message, std::string location = {}) {
    Status status;
    status.failed = true;
    status.text = std::move(message);
    status.where = std::move(location);
    return status;
  }
  bool ok() const { return !failed; }
  explicit operator bool() const { return ok(); }
  const std::string &message() const { return text; }
  /// Empty when the error has no place in the source program.
  const std::string &location() const { return where; }
  /// "location: message", or the message alone.
  std::string str() const { return where.empty() ? text : where + ": " + text; }

private:
  bool failed = false;
  std::string text;
  std::string where;
};

} // namespace hlox::runtime

#endif // HLOX_RUNTIME_STATUS_H
