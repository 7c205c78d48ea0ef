//===- Attributes.h - The attributes a handler receives ---------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// AttributeMap owns a custom call's decoded attributes (scalars of every
// width, strings, arrays of scalars, nested dictionaries) and gives the C
// view handlers see (HloxFfiDict). The compiler and the evaluator fill one
// from the op's backend_config or composite_attributes.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_FFI_ATTRIBUTES_H
#define HLOX_FFI_ATTRIBUTES_H

#include "hlox/ffi/api.h"

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace hlox::ffi {

/// The name of an attribute kind ("i64", "string", "array<f32>").
std::string getAttrKindName(HloxFfiAttrKind kind);

/// Bytes per element of a scalar kind (a BOOL takes one); 0 for the others.
size_t getScalarBytes(HloxFfiAttrKind kind);

class AttributeMap {
public:
  AttributeMap();
  ~AttributeMap();
  AttributeMap(const AttributeMap &) = delete;
  AttributeMap &operator=(const AttributeMap &) = delete;

  /// Each add replaces an attribute of the same name.
  void addBool(std::string name, bool value);
  /// `kind` is one of I8 ... U64: the low bytes of `value` are stored.
  void addInteger(std::string name, HloxFfiAttrKind kind, uint64_t value);
  /// `kind` is F32 or F64.
  void addFloat(std::string name, HloxFfiAttrKind kind, double value);
  void addString(std::string name, std::string value);
  /// `count` packed scalars of `elementKind` (BOOL ... F64) at `data`.
  void addArray(std::string name, HloxFfiAttrKind elementKind, const void *data,
                int64_t count);
  /// A nested dictionary, empty, to fill.
  AttributeMap &addDictionary(std::string name);

  int64_t size() const;
  bool contains(std::string_view name) const;

  /// The C view, sorted by name; valid until the map changes or dies.
  const HloxFfiDict *getView() const;

  /// `{name = value, ...}` in name order, for messages and dumps.
  std::string str() const;

private:
  struct Entry;
  Entry &addEntry(std::string name, HloxFfiAttrKind kind);

  /// Sorted by name (bytewise), names unique.
  std::vector<std::unique_ptr<Entry>> entries;
  /// The view, rebuilt when stale.
  mutable bool stale = true;
  mutable std::vector<HloxFfiString> names;
  mutable std::vector<HloxFfiAttr> values;
  mutable HloxFfiDict dict;
};

} // namespace hlox::ffi

#endif // HLOX_FFI_ATTRIBUTES_H
