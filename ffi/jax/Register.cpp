//===- Register.cpp - JAX's CPU custom calls in a registry ----------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "Handlers.h"

#include "hlox/ffi/Registry.h"

using namespace hlox::ffi;
using namespace hlox::ffi::jax;

namespace {
thread_local std::string_view runningTarget;
} // namespace

std::string_view hlox::ffi::jax::currentTarget() {
  return runningTarget.empty() ? std::string_view("<unknown target>")
                               : runningTarget;
}

TargetScope::TargetScope(std::string_view target) : saved(runningTarget) {
  runningTarget = target;
}

TargetScope::~TargetScope() { runningTarget = saved; }

Status hlox::ffi::registerJaxCpuHandlers(HandlerRegistry &registry) {
  HandlerList list;
  addLinearSolvers(list);
  addHouseholder(list);
  addEigen(list);
  addSvd(list);
  for (auto &[name, handler] : list.entries)
    if (Status status = registry.add(name, kHostPlatform, handler, nullptr,
                                     nullptr, "built-in");
        !status.ok())
      return status;
  return Status();
}
