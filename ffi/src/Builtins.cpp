//===- Builtins.cpp - Handlers every program has --------------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/ffi/Registry.h"

#include "Error.h"

#include <cstring>
#include <string_view>

using namespace hlox::ffi;

namespace {

/// The most integer operands a shape assertion takes.
constexpr int64_t kMaxAssertionValues = 32;

int64_t countElements(const HloxFfiBuffer &buffer) {
  int64_t count = 1;
  for (int64_t d = 0; d < buffer.rank; ++d)
    count *= buffer.dims[d];
  return count;
}

/// The only element of a 0-d 32- or 64-bit integer, in decimal.
bool formatInteger(const HloxFfiBuffer &buffer, std::string &text) {
  if (countElements(buffer) != 1)
    return false;
  switch (buffer.dtype) {
  case HLOX_FFI_S32: {
    int32_t value;
    std::memcpy(&value, buffer.data, sizeof(value));
    text = std::to_string(value);
    return true;
  }
  case HLOX_FFI_U32: {
    uint32_t value;
    std::memcpy(&value, buffer.data, sizeof(value));
    text = std::to_string(value);
    return true;
  }
  case HLOX_FFI_S64: {
    int64_t value;
    std::memcpy(&value, buffer.data, sizeof(value));
    text = std::to_string(value);
    return true;
  }
  case HLOX_FFI_U64: {
    uint64_t value;
    std::memcpy(&value, buffer.data, sizeof(value));
    text = std::to_string(value);
    return true;
  }
  default:
    return false;
  }
}

/// `message` with each `{i}` replaced by `values[i]`; other braces, and
/// placeholders past the values, stay as they are.
std::string formatMessage(std::string_view message,
                          const std::vector<std::string> &values) {
  std::string out;
  size_t pos = 0;
  while (pos < message.size()) {
    size_t open = message.find('{', pos);
    if (open == std::string_view::npos)
      break;
    // The operand number, capped once it is past the operands (no overflow).
    size_t end = open + 1, index = 0;
    for (; end < message.size() && message[end] >= '0' && message[end] <= '9';
         ++end)
      if (index <= values.size())
        index = index * 10 + static_cast<size_t>(message[end] - '0');
    out.append(message.substr(pos, open - pos));
    if (end > open + 1 && end < message.size() && message[end] == '}' &&
        index < values.size()) {
      out += values[index];
      pos = end + 1;
      continue;
    }
    out += '{';
    pos = open + 1;
  }
  out.append(message.substr(pos));
  return out;
}

/// The string attribute `name`, if the call has one.
const HloxFfiString *findString(const HloxFfiDict *attrs,
                                std::string_view name) {
  if (!attrs)
    return nullptr;
  for (int64_t i = 0; i < attrs->size; ++i)
    if (std::string_view(attrs->names[i].data, attrs->names[i].size) == name &&
        attrs->values[i].kind == HLOX_FFI_ATTR_STRING)
      return static_cast<const HloxFfiString *>(attrs->values[i].value);
  return nullptr;
}

HloxFfiError *invalid(std::string message) {
  return makeError(HLOX_FFI_ERROR_INVALID_ARGUMENT, std::move(message));
}

/// shape_assertion(pred, v0, ..., vN-1): fails with the formatted message
/// when `pred` is false.
HloxFfiError *shapeAssertion(HloxFfiCallFrame *frame) {
  if (frame->num_rets != 0)
    return invalid("shape_assertion returns no results");
  if (frame->num_args == 0 || frame->args[0]->dtype != HLOX_FFI_PRED ||
      countElements(*frame->args[0]) != 1)
    return invalid("shape_assertion takes an i1 predicate first");
  if (frame->num_args - 1 > kMaxAssertionValues)
    return invalid("shape_assertion takes at most " +
                   std::to_string(kMaxAssertionValues) +
                   " values after the predicate");
  std::vector<std::string> values(frame->num_args - 1);
  for (int64_t i = 1; i < frame->num_args; ++i)
    if (!formatInteger(*frame->args[i], values[i - 1]))
      return invalid("shape_assertion: operand " + std::to_string(i) +
                     " is not a 0-d 32- or 64-bit integer but " +
                     frame->args[i]->dtype_name);
  if (*static_cast<const uint8_t *>(frame->args[0]->data) != 0)
    return nullptr;
  const HloxFfiString *message = findString(frame->attrs, "error_message");
  if (!message)
    message = findString(frame->attrs, "backend_config");
  if (!message || message->size == 0)
    return invalid("shape assertion failed");
  return invalid(
      formatMessage(std::string_view(message->data, message->size), values));
}

} // namespace

Status hlox::ffi::registerBuiltinHandlers(HandlerRegistry &registry) {
  if (Status status = registry.add("shape_assertion", kHostPlatform,
                                   shapeAssertion, nullptr, nullptr,
                                   "built-in");
      !status.ok())
    return status;
  return registerJaxCpuHandlers(registry);
}
