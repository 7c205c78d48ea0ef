//===- OneDNN.cpp - What the runtime's oneDNN calls share -----------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "OneDNN.h"

#include <dlfcn.h>
#include <string>

using namespace hlox::runtime;

void onednn::setNumThreads(int threads) {
  using SetNumThreadsFn = void (*)(int);
  static SetNumThreadsFn fn = reinterpret_cast<SetNumThreadsFn>(
      dlsym(RTLD_DEFAULT, "omp_set_num_threads"));
  if (fn)
    fn(threads);
}

dnnl_engine_t onednn::getEngine() {
  static dnnl_engine_t engine = [] {
    dnnl_engine_t created = nullptr;
    if (dnnl_engine_create(&created, dnnl_cpu, 0) != dnnl_success)
      return static_cast<dnnl_engine_t>(nullptr);
    return created;
  }();
  return engine;
}

Status onednn::error(const char *what, dnnl_status_t status) {
  return Status::error(std::string("oneDNN ") + what + " failed with status " +
                       std::to_string(static_cast<int>(status)));
}
