//===- Registry.cpp - Custom-call handlers by name and platform -----------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/ffi/Registry.h"
#include "hlox/ffi/Invoke.h"

#include "Error.h"

#include <algorithm>
#include <cstddef>
#include <dlfcn.h>

using namespace hlox::ffi;

HandlerRegistry &HandlerRegistry::global() {
  static HandlerRegistry *registry = [] {
    auto *created = new HandlerRegistry();
    // A fresh registry has none of the names taken: this cannot fail.
    (void)registerBuiltinHandlers(*created);
    return created;
  }();
  return *registry;
}

static std::string versionText(int32_t major, int32_t minor) {
  return std::to_string(major) + "." + std::to_string(minor);
}

Status HandlerRegistry::add(const HloxFfiHandlerRegistration &registration,
                            std::string origin) {
  if (registration.struct_size < offsetof(HloxFfiHandlerRegistration, execute) +
                                     sizeof(registration.execute))
    return Status::error("a handler registration from " + origin +
                         " is too small (struct_size " +
                         std::to_string(registration.struct_size) + ")");
  std::string name = registration.name ? registration.name : "";
  if (registration.api_major != HLOX_FFI_API_MAJOR ||
      registration.api_minor > HLOX_FFI_API_MINOR)
    return Status::error(
        "handler '" + name + "' from " + origin + " was built for hlox FFI " +
        versionText(registration.api_major, registration.api_minor) +
        "; this hlox loads FFI " + std::to_string(HLOX_FFI_API_MAJOR) +
        ".0 to " + versionText(HLOX_FFI_API_MAJOR, HLOX_FFI_API_MINOR));
  void *userData =
      HLOX_FFI_HAS_FIELD(&registration, HloxFfiHandlerRegistration, user_data)
          ? registration.user_data
          : nullptr;
  return add(name, registration.platform ? registration.platform : "",
             registration.execute, registration.instantiate, userData,
             std::move(origin));
}

Status HandlerRegistry::add(const std::string &name,
                            const std::string &platform, HloxFfiHandler execute,
                            HloxFfiHandler instantiate, void *userData,
                            std::string origin) {
  if (name.empty() || platform.empty() || !execute)
    return Status::error("a handler needs a name, a platform and an execute "
                         "function (from " +
                         origin + ")");
  std::lock_guard<std::mutex> lock(mutex);
  auto [it, added] = handlers.try_emplace(
      {platform, name}, HandlerEntry{name, platform, instantiate, execute,
                                     userData, std::move(origin)});
  if (!added)
    return Status::error("a handler '" + name +
                         "' is already registered for "
                         "platform " +
                         platform + " (from " + it->second.origin + ")");
  return {};
}

const HandlerEntry *HandlerRegistry::lookup(const std::string &name,
                                            const std::string &platform) const {
  std::lock_guard<std::mutex> lock(mutex);
  auto it = handlers.find({platform, name});
  return it == handlers.end() ? nullptr : &it->second;
}

std::vector<std::string>
HandlerRegistry::getNames(const std::string &platform) const {
  std::lock_guard<std::mutex> lock(mutex);
  std::vector<std::string> names;
  for (const auto &[key, handler] : handlers)
    if (key.first == platform)
      names.push_back(key.second);
  return names;
}

/// The edit distance between `a` and `b`.
static size_t editDistance(const std::string &a, const std::string &b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j)
    row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1,
                         diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

std::string
HandlerRegistry::describeMissing(const std::string &name,
                                 const std::string &platform) const {
  std::string message =
      "no handler '" + name + "' is registered for platform " + platform;
  std::vector<std::string> names = getNames(platform);
  if (names.empty())
    return message + " (none is)";
  // Only names a typo away are suggestions: within a third of the name's
  // length in edits (at least 2).
  size_t limit = std::max<size_t>(2, name.size() / 3);
  size_t registered = names.size();
  std::vector<std::pair<size_t, std::string>> near;
  for (std::string &candidate : names)
    if (size_t distance = editDistance(name, candidate); distance <= limit)
      near.emplace_back(distance, std::move(candidate));
  std::stable_sort(near.begin(), near.end(), [](const auto &a, const auto &b) {
    return a.first < b.first;
  });
  if (near.empty())
    return message + " (no registered name is near it; " +
           std::to_string(registered) + " are registered)";
  names.clear();
  for (size_t i = 0; i < near.size() && i < 3; ++i)
    names.push_back(std::move(near[i].second));
  message += " (nearest: ";
  for (size_t i = 0; i < names.size(); ++i)
    message += (i ? ", " : "") + names[i];
  return message + ")";
}

namespace {
/// What a plugin's init sees as its registrar.
struct Registrar {
  HandlerRegistry *registry;
  std::string origin;
};
} // namespace

struct HloxFfiRegistrar {
  Registrar registrar;
};

static HloxFfiError *
registerFromPlugin(HloxFfiRegistrar *registrar,
                   const HloxFfiHandlerRegistration *registration) {
  if (!registrar || !registration)
    return makeError(HLOX_FFI_ERROR_INVALID_ARGUMENT,
                     "register_handler needs a registrar and a registration");
  Status status = registrar->registrar.registry->add(
      *registration, registrar->registrar.origin);
  if (!status)
    return makeError(HLOX_FFI_ERROR_INVALID_ARGUMENT, status.message());
  return nullptr;
}

Status HandlerRegistry::loadPlugin(const std::string &path) {
  std::lock_guard<std::mutex> lock(pluginMutex);
  // The library stays loaded: its handlers may be called until exit.
  void *library = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    const char *why = dlerror();
    return Status::error("cannot load plugin '" + path +
                         "': " + (why ? why : "unknown error"));
  }
  // Loaded here before: its handlers are registered already (dlopen
  // counted one more reference, which keeps it loaded as before).
  if (plugins.count(library))
    return {};
  auto init = reinterpret_cast<HloxFfiPluginInit>(
      dlsym(library, HLOX_FFI_PLUGIN_INIT_SYMBOL));
  if (!init) {
    if (dlsym(library, "hlox_register_custom_calls"))
      return Status::error("plugin '" + path +
                           "' was written for the custom-call ABI that "
                           "hlox/ffi/api.h replaced: rebuild it against that "
                           "header (docs/ffi.md)");
    return Status::error("plugin '" + path + "' exports no " +
                         HLOX_FFI_PLUGIN_INIT_SYMBOL);
  }
  HloxFfiRegistrar registrar{{this, path}};
  if (HloxFfiError *error = init(getApi(), &registrar))
    return Status::error("plugin '" + path +
                         "' failed to initialize: " + takeMessage(error));
  plugins.insert(library);
  return {};
}

//===----------------------------------------------------------------------===//
// The API table
//===----------------------------------------------------------------------===//

static ExecutionContext *unwrap(HloxFfiContext *context) {
  return reinterpret_cast<ExecutionContext *>(context);
}

static const HloxFfiApi kApi = {
    sizeof(HloxFfiApi),
    HLOX_FFI_API_MAJOR,
    HLOX_FFI_API_MINOR,
    /*error_create=*/
    [](HloxFfiErrorCode code, const char *message) {
      return makeError(code, message ? message : "");
    },
    /*error_destroy=*/[](HloxFfiError *error) { delete error; },
    /*parallel_for=*/
    [](HloxFfiContext *context, int64_t count, int64_t minPerChunk,
       HloxFfiTask task, void *data) {
      unwrap(context)->parallelFor(
          count, minPerChunk,
          [&](int64_t begin, int64_t end) { task(data, begin, end); });
    },
    /*num_threads=*/
    [](HloxFfiContext *context) { return unwrap(context)->getNumThreads(); },
    /*scratch_allocate=*/
    [](HloxFfiContext *context, size_t bytes, size_t alignment) {
      return unwrap(context)->allocateScratch(bytes, alignment);
    },
    /*platform=*/
    [](HloxFfiContext *context) { return unwrap(context)->getPlatform(); },
    /*device_ordinal=*/
    [](HloxFfiContext *context) { return unwrap(context)->getDeviceOrdinal(); },
    /*register_handler=*/registerFromPlugin,
};

const HloxFfiApi *hlox::ffi::getApi() { return &kApi; }
