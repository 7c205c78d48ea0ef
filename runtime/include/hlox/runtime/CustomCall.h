//===- CustomCall.h - Host functions that custom calls run -------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// A `stablehlo.custom_call @name` runs, on the host, the function registered
// as target `name`: it reads its operands' buffers and writes its results'.
// Targets come from C++ (`CustomCallRegistry::add`) or from a shared library
// with the C entry point below (`CustomCallRegistry::loadLibrary`), so that
// a native kernel builds without hlox's headers:
//
//   #include "hlox/runtime/CustomCallABI.h"
//   static int scale(void *, const HloxBuffer *in, int64_t numIn,
//                    HloxBuffer *out, int64_t numOut, const char *config,
//                    char *error, int64_t errorSize) { ... return 0; }
//   void hlox_register_custom_calls(void *registry,
//                                   HloxAddCustomCallFn add) {
//     add(registry, "my.scale", scale, nullptr);
//   }
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_RUNTIME_CUSTOMCALL_H
#define HLOX_RUNTIME_CUSTOMCALL_H

#include "hlox/runtime/Buffer.h"
#include "hlox/runtime/CustomCallABI.h"
#include "hlox/runtime/Status.h"

#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace hlox::runtime {

/// A buffer as a host function sees it: valid during the call only; a host
/// function writes only its results.
struct BufferView {
  const BufferType *type;
  void *data;
};

/// A custom-call target: `config` is the op's backend_config (a string, or
/// the text of a dictionary).
using CustomCallFn = std::function<Status(
    const std::vector<BufferView> &operands,
    const std::vector<BufferView> &results, const std::string &config)>;

/// The targets custom calls can name. Thread-safe; a target once added
/// stays (executables keep pointers to it).
class CustomCallRegistry {
public:
  /// The registry compiled programs resolve targets in by default.
  static CustomCallRegistry &global();

  /// Adds target `name`; an error when the name is taken.
  Status add(const std::string &name, CustomCallFn fn);
  /// Adds a target through the C ABI.
  Status add(const std::string &name, HloxCustomCallFn fn, void *userData);
  /// The target `name`, or null.
  const CustomCallFn *lookup(const std::string &name) const;
  /// The names of every target, sorted.
  std::vector<std::string> getNames() const;

  /// Opens shared library `path` and calls its
  /// `hlox_register_custom_calls`, which adds its targets.
  Status loadLibrary(const std::string &path);

private:
  mutable std::mutex mutex;
  /// std::map: entries never move, so lookups may hand out pointers.
  std::map<std::string, CustomCallFn> targets;
};

/// Adds the targets every hlox program may call to `registry` (global()
/// has them from its construction on):
///
///   shape_assertion   operands: a 1-byte predicate (i1), then up to 32 0-d
///                     integers (i32/i64, or ui32/ui64); no results. When
///                     the predicate is false the call fails with `config`,
///                     each `{i}` in it replaced by the decimal value of
///                     integer operand i (placeholders without an operand
///                     stay as written).
///
/// An error when one of the names is taken.
Status registerBuiltinCustomCalls(CustomCallRegistry &registry);

} // namespace hlox::runtime

#endif // HLOX_RUNTIME_CUSTOMCALL_H
