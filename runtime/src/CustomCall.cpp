//===- CustomCall.cpp - Host functions that custom calls run --------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/runtime/CustomCall.h"

#include <dlfcn.h>

using namespace hlox::runtime;

CustomCallRegistry &CustomCallRegistry::global() {
  static CustomCallRegistry *registry = [] {
    auto *created = new CustomCallRegistry();
    // A fresh registry has none of the names taken: this cannot fail.
    (void)registerBuiltinCustomCalls(*created);
    return created;
  }();
  return *registry;
}

Status CustomCallRegistry::add(const std::string &name, CustomCallFn fn) {
  if (name.empty() || !fn)
    return Status::error("a custom-call target needs a name and a function");
  std::lock_guard<std::mutex> lock(mutex);
  if (!targets.emplace(name, std::move(fn)).second)
    return Status::error("custom-call target '" + name +
                         "' is already registered");
  return {};
}

/// Calls a C target on `operands` and `results`.
static Status callC(HloxCustomCallFn fn, void *userData,
                    const std::vector<BufferView> &operands,
                    const std::vector<BufferView> &results,
                    const std::string &config) {
  auto toC = [](const std::vector<BufferView> &views) {
    std::vector<HloxBuffer> buffers;
    for (const BufferView &view : views)
      buffers.push_back({view.data, view.type->shape.data(),
                         static_cast<int64_t>(view.type->shape.size()),
                         view.type->elementName.c_str()});
    return buffers;
  };
  std::vector<HloxBuffer> in = toC(operands), out = toC(results);
  char error[512] = {0};
  int code = fn(userData, in.data(), static_cast<int64_t>(in.size()),
                out.data(), static_cast<int64_t>(out.size()), config.c_str(),
                error, sizeof(error));
  if (code == 0)
    return {};
  error[sizeof(error) - 1] = 0;
  return Status::error(error[0] ? std::string(error)
                                : "failed with code " + std::to_string(code));
}

Status CustomCallRegistry::add(const std::string &name, HloxCustomCallFn fn,
                               void *userData) {
  if (!fn)
    return Status::error("custom-call target '" + name + "' has no function");
  return add(name, [fn, userData](const std::vector<BufferView> &operands,
                                  const std::vector<BufferView> &results,
                                  const std::string &config) {
    return callC(fn, userData, operands, results, config);
  });
}

const CustomCallFn *CustomCallRegistry::lookup(const std::string &name) const {
  std::lock_guard<std::mutex> lock(mutex);
  auto it = targets.find(name);
  return it == targets.end() ? nullptr : &it->second;
}

std::vector<std::string> CustomCallRegistry::getNames() const {
  std::lock_guard<std::mutex> lock(mutex);
  std::vector<std::string> names;
  for (const auto &entry : targets)
    names.push_back(entry.first);
  return names;
}

namespace {
/// What a library's registration sees as its registry.
struct Registration {
  CustomCallRegistry *registry;
  Status status;
};
} // namespace

extern "C" int hloxAddCustomCall(void *opaque, const char *name,
                                 HloxCustomCallFn fn, void *userData) {
  auto *registration = static_cast<Registration *>(opaque);
  Status status =
      registration->registry->add(name ? name : "", fn, userData);
  if (!status && registration->status)
    registration->status = status;
  return status ? 0 : 1;
}

Status CustomCallRegistry::loadLibrary(const std::string &path) {
  // The library stays loaded: its targets may be called until exit.
  void *handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char *why = dlerror();
    return Status::error("cannot load custom-call library '" + path +
                         "': " + (why ? why : "unknown error"));
  }
  auto registerFn = reinterpret_cast<HloxRegisterCustomCallsFn>(
      dlsym(handle, "hlox_register_custom_calls"));
  if (!registerFn)
    return Status::error("custom-call library '" + path +
                         "' has no hlox_register_custom_calls");
  Registration registration{this, {}};
  registerFn(&registration, hloxAddCustomCall);
  return registration.status;
}
