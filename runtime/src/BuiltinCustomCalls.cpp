//===- BuiltinCustomCalls.cpp - Custom-call targets every program has -----===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/runtime/CustomCall.h"

#include <cstring>

using namespace hlox::runtime;

namespace {

/// The most integer operands a shape assertion takes.
constexpr size_t kMaxAssertionValues = 32;

/// The only element of a 0-d integer of 4 or 8 bytes, in decimal.
bool formatInteger(const BufferView &view, std::string &text) {
  const BufferType &type = *view.type;
  if (type.getNumElements() != 1 ||
      (type.elementBytes != 4 && type.elementBytes != 8))
    return false;
  bool isUnsigned = type.elementName.rfind("ui", 0) == 0;
  if (type.elementBytes == 4) {
    int32_t value;
    std::memcpy(&value, view.data, sizeof(value));
    text = isUnsigned ? std::to_string(static_cast<uint32_t>(value))
                      : std::to_string(value);
  } else {
    int64_t value;
    std::memcpy(&value, view.data, sizeof(value));
    text = isUnsigned ? std::to_string(static_cast<uint64_t>(value))
                      : std::to_string(value);
  }
  return true;
}

/// `message` with each `{i}` replaced by `values[i]`; other braces, and
/// placeholders past the values, stay as they are.
std::string formatMessage(const std::string &message,
                          const std::vector<std::string> &values) {
  std::string out;
  size_t pos = 0;
  while (pos < message.size()) {
    size_t open = message.find('{', pos);
    if (open == std::string::npos)
      break;
    // The operand number, capped once it is past the operands (no overflow).
    size_t end = open + 1, index = 0;
    for (; end < message.size() && message[end] >= '0' && message[end] <= '9';
         ++end)
      if (index <= values.size())
        index = index * 10 + static_cast<size_t>(message[end] - '0');
    out.append(message, pos, open - pos);
    if (end > open + 1 && end < message.size() && message[end] == '}' &&
        index < values.size()) {
      out += values[index];
      pos = end + 1;
      continue;
    }
    out += '{';
    pos = open + 1;
  }
  out.append(message, pos, std::string::npos);
  return out;
}

/// shape_assertion(pred, v0, ..., vN-1): fails with the formatted message
/// in `config` when `pred` is false.
Status shapeAssertion(const std::vector<BufferView> &operands,
                      const std::vector<BufferView> &results,
                      const std::string &config) {
  if (!results.empty())
    return Status::error("shape_assertion returns no results");
  if (operands.empty() || operands[0].type->getNumElements() != 1 ||
      operands[0].type->elementBytes != 1)
    return Status::error("shape_assertion takes an i1 predicate first");
  if (operands.size() - 1 > kMaxAssertionValues)
    return Status::error("shape_assertion takes at most " +
                         std::to_string(kMaxAssertionValues) +
                         " values after the predicate");
  std::vector<std::string> values(operands.size() - 1);
  for (size_t i = 1; i < operands.size(); ++i)
    if (!formatInteger(operands[i], values[i - 1]))
      return Status::error("shape_assertion: operand " + std::to_string(i) +
                           " is not a 0-d 32- or 64-bit integer but " +
                           operands[i].type->str());
  if (*static_cast<const uint8_t *>(operands[0].data) != 0)
    return {};
  if (config.empty())
    return Status::error("shape assertion failed");
  return Status::error(formatMessage(config, values));
}

} // namespace

Status hlox::runtime::registerBuiltinCustomCalls(CustomCallRegistry &registry) {
  return registry.add("shape_assertion", shapeAssertion);
}
