//===- ByteStream.h - Little-endian fields to bytes and back ----*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// What the runtime's files (host programs, ahead-of-time executables) are
// written with: little-endian 64-bit integers, one-byte flags, and
// length-prefixed bytes, strings and lists. The reader checks every field
// and count against the bytes left, so that damaged input fails, never
// reads past the end nor allocates what it cannot hold.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_RUNTIME_SRC_BYTESTREAM_H
#define HLOX_RUNTIME_SRC_BYTESTREAM_H

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace hlox::runtime {

class ByteWriter {
public:
  void u64(uint64_t value) {
    for (int i = 0; i < 8; ++i)
      out.push_back(static_cast<char>((value >> (8 * i)) & 0xFF));
  }
  void i64(int64_t value) { u64(static_cast<uint64_t>(value)); }
  void flag(bool value) { out.push_back(value ? 1 : 0); }
  void bytes(const void *data, size_t size) {
    u64(size);
    out.append(static_cast<const char *>(data), size);
  }
  void string(std::string_view value) { bytes(value.data(), value.size()); }
  void ints(const std::vector<int64_t> &values) {
    u64(values.size());
    for (int64_t value : values)
      i64(value);
  }
  template <size_t N> void fixed(const int64_t (&values)[N]) {
    for (int64_t value : values)
      i64(value);
  }
  void strings(const std::vector<std::string> &values) {
    u64(values.size());
    for (const std::string &value : values)
      string(value);
  }
  std::string out;
};

class ByteReader {
public:
  explicit ByteReader(std::string_view in) : in(in) {}
  bool failed() const { return bad; }
  void fail() { bad = true; }

  uint64_t u64() {
    if (!take(8))
      return 0;
    uint64_t value = 0;
    for (int i = 0; i < 8; ++i)
      value |= uint64_t(static_cast<uint8_t>(in[at - 8 + i])) << (8 * i);
    return value;
  }
  int64_t i64() { return static_cast<int64_t>(u64()); }
  bool flag() {
    if (!take(1))
      return false;
    uint8_t value = static_cast<uint8_t>(in[at - 1]);
    if (value > 1)
      bad = true;
    return value == 1;
  }
  /// A count of items of at least `minItemBytes` bytes each that the rest
  /// of the input can hold (so that a corrupt count cannot allocate).
  size_t count(size_t minItemBytes) {
    uint64_t value = u64();
    if (bad || (minItemBytes && value > (in.size() - at) / minItemBytes)) {
      bad = true;
      return 0;
    }
    return static_cast<size_t>(value);
  }
  std::string_view bytes() {
    size_t size = count(1);
    if (!take(size))
      return {};
    return in.substr(at - size, size);
  }
  std::string string() { return std::string(bytes()); }
  std::vector<int64_t> ints() {
    std::vector<int64_t> values(count(8));
    for (int64_t &value : values)
      value = i64();
    return values;
  }
  template <size_t N> void fixed(int64_t (&values)[N]) {
    for (int64_t &value : values)
      value = i64();
  }
  std::vector<std::string> strings() {
    std::vector<std::string> values(count(8));
    for (std::string &value : values)
      value = string();
    return values;
  }
  /// An enum value, checked against its last case.
  template <typename E> E enumeration(E last) {
    uint64_t value = u64();
    if (value > static_cast<uint64_t>(last))
      bad = true;
    return static_cast<E>(value);
  }
  bool atEnd() const { return at == in.size(); }

private:
  bool take(size_t size) {
    if (bad || size > in.size() - at) {
      bad = true;
      return false;
    }
    at += size;
    return true;
  }
  std::string_view in;
  size_t at = 0;
  bool bad = false;
};

} // namespace hlox::runtime

#endif // HLOX_RUNTIME_SRC_BYTESTREAM_H
