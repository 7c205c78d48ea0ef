//===- Attributes.cpp - The attributes a handler receives -----------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/ffi/Attributes.h"
#include "hlox/ffi/ffi.h"

#include <algorithm>
#include <cstring>
#include <sstream>

using namespace hlox::ffi;

struct AttributeMap::Entry {
  std::string name;
  HloxFfiAttrKind kind = HLOX_FFI_ATTR_INVALID;
  /// A scalar's bytes.
  alignas(8) unsigned char scalar[8] = {0};
  std::string string;
  HloxFfiString stringView{};
  std::vector<unsigned char> arrayData;
  HloxFfiArray array{};
  std::unique_ptr<AttributeMap> dictionary;

  /// Where the C view's value points.
  const void *getValue() const {
    switch (kind) {
    case HLOX_FFI_ATTR_STRING:
      return &stringView;
    case HLOX_FFI_ATTR_ARRAY:
      return &array;
    case HLOX_FFI_ATTR_DICT:
      return dictionary->getView();
    default:
      return scalar;
    }
  }
};

std::string hlox::ffi::getAttrKindName(HloxFfiAttrKind kind) {
  return std::string(attrKindName(kind));
}

size_t hlox::ffi::getScalarBytes(HloxFfiAttrKind kind) {
  switch (kind) {
  case HLOX_FFI_ATTR_BOOL:
  case HLOX_FFI_ATTR_I8:
  case HLOX_FFI_ATTR_U8:
    return 1;
  case HLOX_FFI_ATTR_I16:
  case HLOX_FFI_ATTR_U16:
    return 2;
  case HLOX_FFI_ATTR_I32:
  case HLOX_FFI_ATTR_U32:
  case HLOX_FFI_ATTR_F32:
    return 4;
  case HLOX_FFI_ATTR_I64:
  case HLOX_FFI_ATTR_U64:
  case HLOX_FFI_ATTR_F64:
    return 8;
  default:
    return 0;
  }
}

AttributeMap::AttributeMap() = default;
AttributeMap::~AttributeMap() = default;

AttributeMap::Entry &AttributeMap::addEntry(std::string name,
                                            HloxFfiAttrKind kind) {
  stale = true;
  // Entries stay sorted by name; a new one replaces one of its name.
  auto it = std::lower_bound(
      entries.begin(), entries.end(), name,
      [](const auto &e, const std::string &n) { return e->name < n; });
  if (it != entries.end() && (*it)->name == name)
    *it = std::make_unique<Entry>();
  else
    it = entries.insert(it, std::make_unique<Entry>());
  Entry &entry = **it;
  entry.name = std::move(name);
  entry.kind = kind;
  return entry;
}

void AttributeMap::addBool(std::string name, bool value) {
  addEntry(std::move(name), HLOX_FFI_ATTR_BOOL).scalar[0] = value ? 1 : 0;
}

void AttributeMap::addInteger(std::string name, HloxFfiAttrKind kind,
                              uint64_t value) {
  Entry &entry = addEntry(std::move(name), kind);
  switch (getScalarBytes(kind)) {
  case 1: {
    uint8_t v = static_cast<uint8_t>(value);
    std::memcpy(entry.scalar, &v, 1);
    break;
  }
  case 2: {
    uint16_t v = static_cast<uint16_t>(value);
    std::memcpy(entry.scalar, &v, 2);
    break;
  }
  case 4: {
    uint32_t v = static_cast<uint32_t>(value);
    std::memcpy(entry.scalar, &v, 4);
    break;
  }
  default:
    std::memcpy(entry.scalar, &value, 8);
  }
}

void AttributeMap::addFloat(std::string name, HloxFfiAttrKind kind,
                            double value) {
  Entry &entry = addEntry(std::move(name), kind);
  if (kind == HLOX_FFI_ATTR_F32) {
    float f = static_cast<float>(value);
    std::memcpy(entry.scalar, &f, sizeof(f));
  } else {
    std::memcpy(entry.scalar, &value, sizeof(value));
  }
}

void AttributeMap::addString(std::string name, std::string value) {
  Entry &entry = addEntry(std::move(name), HLOX_FFI_ATTR_STRING);
  entry.string = std::move(value);
  entry.stringView = {entry.string.data(),
                      static_cast<int64_t>(entry.string.size())};
}

void AttributeMap::addArray(std::string name, HloxFfiAttrKind elementKind,
                            const void *data, int64_t count) {
  Entry &entry = addEntry(std::move(name), HLOX_FFI_ATTR_ARRAY);
  size_t bytes = getScalarBytes(elementKind) * static_cast<size_t>(count);
  entry.arrayData.resize(bytes);
  if (bytes)
    std::memcpy(entry.arrayData.data(), data, bytes);
  entry.array = {sizeof(HloxFfiArray), elementKind, count,
                 entry.arrayData.data()};
}

AttributeMap &AttributeMap::addDictionary(std::string name) {
  Entry &entry = addEntry(std::move(name), HLOX_FFI_ATTR_DICT);
  entry.dictionary = std::make_unique<AttributeMap>();
  return *entry.dictionary;
}

int64_t AttributeMap::size() const {
  return static_cast<int64_t>(entries.size());
}

bool AttributeMap::contains(std::string_view name) const {
  return std::any_of(entries.begin(), entries.end(),
                     [&](const auto &e) { return e->name == name; });
}

const HloxFfiDict *AttributeMap::getView() const {
  if (stale) {
    names.clear();
    values.clear();
    for (const auto &entry : entries) {
      names.push_back(
          {entry->name.data(), static_cast<int64_t>(entry->name.size())});
      values.push_back({entry->kind, entry->getValue()});
    }
    dict = {sizeof(HloxFfiDict), static_cast<int64_t>(names.size()),
            names.data(), values.data()};
    stale = false;
  }
  return &dict;
}

/// One scalar of `kind` at `data`, as text.
static void printScalar(std::ostream &os, HloxFfiAttrKind kind,
                        const unsigned char *data) {
  auto read = [&](auto value) {
    std::memcpy(&value, data, sizeof(value));
    return value;
  };
  switch (kind) {
  case HLOX_FFI_ATTR_BOOL:
    os << (data[0] ? "true" : "false");
    return;
  case HLOX_FFI_ATTR_I8:
    os << static_cast<int>(read(int8_t()));
    break;
  case HLOX_FFI_ATTR_I16:
    os << read(int16_t());
    break;
  case HLOX_FFI_ATTR_I32:
    os << read(int32_t());
    break;
  case HLOX_FFI_ATTR_I64:
    os << read(int64_t());
    break;
  case HLOX_FFI_ATTR_U8:
    os << static_cast<unsigned>(read(uint8_t()));
    break;
  case HLOX_FFI_ATTR_U16:
    os << read(uint16_t());
    break;
  case HLOX_FFI_ATTR_U32:
    os << read(uint32_t());
    break;
  case HLOX_FFI_ATTR_U64:
    os << read(uint64_t());
    break;
  case HLOX_FFI_ATTR_F32:
    os << read(float());
    break;
  case HLOX_FFI_ATTR_F64:
    os << read(double());
    break;
  default:
    os << "?";
    return;
  }
  os << " : " << getAttrKindName(kind);
}

std::string AttributeMap::str() const {
  std::ostringstream os;
  os << "{";
  for (const auto &held : entries) {
    const Entry *entry = held.get();
    if (entry != entries.front().get())
      os << ", ";
    os << entry->name << " = ";
    switch (entry->kind) {
    case HLOX_FFI_ATTR_STRING:
      os << '"' << entry->string << '"';
      break;
    case HLOX_FFI_ATTR_ARRAY: {
      os << "[";
      size_t bytes = getScalarBytes(entry->array.element_kind);
      for (int64_t k = 0; k < entry->array.size; ++k) {
        if (k)
          os << ", ";
        printScalar(os, entry->array.element_kind,
                    entry->arrayData.data() + k * bytes);
      }
      os << "]";
      break;
    }
    case HLOX_FFI_ATTR_DICT:
      os << entry->dictionary->str();
      break;
    default:
      printScalar(os, entry->kind, entry->scalar);
    }
  }
  os << "}";
  return os.str();
}
