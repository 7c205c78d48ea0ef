//===- Registry.h - Custom-call handlers by name and platform ---*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// The handlers custom calls (and composites kept whole) run, by target name
// and platform. They come from C++ in the process (`add`) or from plugins,
// shared libraries that export `hlox_ffi_plugin_init` (`loadPlugin`). The
// compiled path and the evaluator look handlers up here, so a custom op
// runs the same code interpreted and compiled.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_FFI_REGISTRY_H
#define HLOX_FFI_REGISTRY_H

#include "hlox/ffi/Status.h"
#include "hlox/ffi/api.h"

#include <map>
#include <mutex>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace hlox::ffi {

/// The platform of the CPU.
inline constexpr const char *kHostPlatform = "host";

/// A registered handler.
struct HandlerEntry {
  std::string name;
  std::string platform;
  HloxFfiHandler instantiate = nullptr;
  HloxFfiHandler execute = nullptr;
  /// What each call gets as `frame->user_data`.
  void *userData = nullptr;
  /// Where it came from: "built-in", "process" or the plugin's path.
  std::string origin;
};

/// Thread-safe; a handler once added stays (callers keep pointers to it).
class HandlerRegistry {
public:
  /// The registry every program resolves targets in; it holds the built-in
  /// handlers (see Builtins below) from its construction on.
  static HandlerRegistry &global();

  /// Adds a handler through the C ABI's registration, checking its version
  /// and fields; an error when the name is taken on that platform.
  Status add(const HloxFfiHandlerRegistration &registration,
             std::string origin = "process");
  /// Adds a handler built with this hlox's headers.
  Status add(const std::string &name, const std::string &platform,
             HloxFfiHandler execute, HloxFfiHandler instantiate = nullptr,
             void *userData = nullptr, std::string origin = "process");

  /// The handler of `name` on `platform`, or null.
  const HandlerEntry *lookup(const std::string &name,
                             const std::string &platform = kHostPlatform) const;
  /// The names registered on `platform`, sorted.
  std::vector<std::string>
  getNames(const std::string &platform = kHostPlatform) const;
  /// Why `name` cannot be found on `platform`, with the nearest registered
  /// names: "no handler 'x' is registered for platform host (nearest: ...)".
  std::string
  describeMissing(const std::string &name,
                  const std::string &platform = kHostPlatform) const;

  /// Opens shared library `path` and calls its `hlox_ffi_plugin_init`,
  /// which registers its handlers; an error, with the plugin's message or
  /// the loader's, when that fails. The library stays loaded. A library
  /// this registry loaded before (by any path the loader resolves to it)
  /// is not initialized again.
  Status loadPlugin(const std::string &path);

private:
  mutable std::mutex mutex;
  /// The loader's handles of the plugins initialized in this registry.
  std::set<void *> plugins;
  /// Serializes loadPlugin (a plugin's init adds handlers under `mutex`).
  std::mutex pluginMutex;
  /// Keyed by (platform, name); std::map entries never move.
  std::map<std::pair<std::string, std::string>, HandlerEntry> handlers;
};

/// Adds the handlers every hlox program may call to `registry` (global()
/// has them from its construction on):
///
///   shape_assertion   operands: a 1-byte predicate (i1), then up to 32 0-d
///                     integers (i32/i64, or ui32/ui64); no results. When
///                     the predicate is false the call fails with the
///                     attribute `error_message` (JAX's), each `{i}` in it
///                     replaced by the decimal value of integer operand i
///                     (placeholders without an operand stay as written).
///
/// and the handlers of the custom calls JAX emits on CPU (see
/// registerJaxCpuHandlers). An error when one of the names is taken.
Status registerBuiltinHandlers(HandlerRegistry &registry);

/// Adds the handlers of the custom calls JAX writes for CPU programs, on
/// the system's LAPACK and BLAS (docs/ffi.md lists them): the typed-FFI
/// `lapack_{s,d,c,z}{getrf,geqrf,orgqr|ungqr,potrf,syevd|heevd,sytrd|hetrd,
/// gesdd,gesvd,geev,gees,gehrd,gtsv,trsm}_ffi`, the older `lapack_*` (sizes
/// as operands, tuple results) and `blas_?trsm`. Matrices are column-major,
/// as the calls' layouts give them. An error when a name is taken.
Status registerJaxCpuHandlers(HandlerRegistry &registry);

/// The API table hlox gives handlers and plugins.
const HloxFfiApi *getApi();

} // namespace hlox::ffi

#endif // HLOX_FFI_REGISTRY_H
