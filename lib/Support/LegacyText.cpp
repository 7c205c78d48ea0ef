//===- LegacyText.cpp - Text forms older MLIR wrote, in today's -----------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Support/LegacyText.h"

#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace {

/// The element count of the static shape `dims` ("100x100x" before the
/// element type), or nothing for a dynamic or malformed one.
std::optional<uint64_t> countElements(StringRef dims) {
  uint64_t count = 1;
  while (!dims.empty()) {
    auto [dim, rest] = dims.split('x');
    uint64_t size;
    if (dim.getAsInteger(10, size))
      return std::nullopt;
    count *= size;
    dims = rest;
  }
  return count;
}

/// The packed i1 hex data of `bytes` (one hex byte per element), or
/// nothing when `bytes` is not hex.
std::optional<std::string> packBools(StringRef bytes) {
  std::string raw;
  if (!tryGetFromHex(bytes, raw))
    return std::nullopt;
  std::string packed((raw.size() + 7) / 8, '\0');
  for (size_t i = 0; i < raw.size(); ++i)
    if (raw[i] != 0)
      packed[i / 8] |= static_cast<char>(1u << (i % 8));
  return toHex(packed);
}

} // namespace

std::optional<std::string> hlox::upgradeLegacyText(StringRef text) {
  static constexpr StringLiteral kOpen = "dense<\"0x";
  std::string out;
  size_t copied = 0;
  bool changed = false;
  for (size_t at = text.find(kOpen); at != StringRef::npos;
       at = text.find(kOpen, at + 1)) {
    size_t hexBegin = at + kOpen.size();
    size_t hexEnd = text.find('"', hexBegin);
    if (hexEnd == StringRef::npos)
      break;
    // `"> : tensor<DIMSxi1>` after the data.
    StringRef after = text.drop_front(hexEnd + 1);
    if (!after.consume_front(">"))
      continue;
    after = after.ltrim();
    if (!after.consume_front(":"))
      continue;
    after = after.ltrim();
    if (!after.consume_front("tensor<"))
      continue;
    size_t close = after.find('>');
    if (close == StringRef::npos)
      continue;
    StringRef shape = after.take_front(close);
    if (!shape.consume_back("i1"))
      continue;
    std::optional<uint64_t> count = countElements(shape);
    StringRef hex = text.slice(hexBegin, hexEnd);
    if (!count || *count <= 1 || hex.size() != 2 * *count)
      continue;
    std::optional<std::string> packed = packBools(hex);
    if (!packed)
      continue;
    out.append(text.slice(copied, hexBegin).str());
    out.append(*packed);
    copied = hexEnd;
    changed = true;
  }
  if (!changed)
    return std::nullopt;
  out.append(text.drop_front(copied).str());
  return out;
}
