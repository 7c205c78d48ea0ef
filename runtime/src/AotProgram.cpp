//===- AotProgram.cpp - Programs compiled ahead of time ------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// The file: the magic "HLOXAOT\n", the format version (u64), then
// length-prefixed fields (u64 size, bytes): the compiler version, the
// entry, the target CPU, the required features (a count, then each), the
// input and output types (likewise), the host program
// (HostProgramFile.h), the kernels (a count, then per kernel its symbol,
// its names and its object), and a GPU program's kernels (a flag, then
// GpuKernelsFile.cpp's bytes).
//
//===----------------------------------------------------------------------===//

#include "hlox/runtime/AotProgram.h"

#include "hlox/runtime/HostProgramFile.h"

#include "ByteStream.h"

#include <cstring>

using namespace hlox;
using namespace hlox::runtime;

namespace {

constexpr std::string_view kMagic = "HLOXAOT\n";

/// The x86 features the loader can check, with whether this CPU has them.
struct Feature {
  const char *name;
  bool present;
};

std::vector<Feature> cpuFeatures() {
#if defined(__x86_64__)
  __builtin_cpu_init();
#define HLOX_FEATURE(name)                                                     \
  { name, __builtin_cpu_supports(name) != 0 }
  return {HLOX_FEATURE("sse3"),
          HLOX_FEATURE("ssse3"),
          HLOX_FEATURE("sse4.1"),
          HLOX_FEATURE("sse4.2"),
          HLOX_FEATURE("popcnt"),
          HLOX_FEATURE("avx"),
          HLOX_FEATURE("avx2"),
          HLOX_FEATURE("fma"),
          HLOX_FEATURE("bmi"),
          HLOX_FEATURE("bmi2"),
          HLOX_FEATURE("avx512f"),
          HLOX_FEATURE("avx512bw"),
          HLOX_FEATURE("avx512dq"),
          HLOX_FEATURE("avx512cd"),
          HLOX_FEATURE("avx512vl"),
          HLOX_FEATURE("avx512vnni"),
          HLOX_FEATURE("avx512bf16"),
          HLOX_FEATURE("avx512fp16"),
          HLOX_FEATURE("avx512vbmi"),
          HLOX_FEATURE("avx512vbmi2"),
          HLOX_FEATURE("avx512ifma"),
          HLOX_FEATURE("avx512bitalg"),
          HLOX_FEATURE("avx512vpopcntdq"),
          HLOX_FEATURE("gfni"),
          HLOX_FEATURE("vaes"),
          HLOX_FEATURE("vpclmulqdq"),
          HLOX_FEATURE("avxvnni"),
          HLOX_FEATURE("f16c")};
#undef HLOX_FEATURE
#else
  return {};
#endif
}

} // namespace

/// Whether `program` runs on a GPU (its kernels are GpuKernels).
static bool isGpuProgram(const HostProgram &program) {
  return program.devices.size() == 1 && program.devices[0] != "cpu";
}

bool runtime::isAotProgram(std::string_view bytes) {
  return bytes.substr(0, kMagic.size()) == kMagic;
}

std::string runtime::writeAotProgram(const AotProgram &program) {
  ByteWriter w;
  w.out.append(kMagic);
  w.u64(kAotFormatVersion);
  w.string(program.compilerVersion);
  w.string(program.entry);
  w.string(program.targetCpu);
  w.strings(program.requiredFeatures);
  w.strings(program.inputTypes);
  w.strings(program.outputTypes);
  w.string(serializeHostProgram(program.program));
  w.u64(program.kernels.size());
  for (const KernelObject &kernel : program.kernels) {
    w.string(kernel.symbol);
    w.strings(kernel.names);
    w.string(kernel.bytes);
  }
  bool gpu = isGpuProgram(program.program);
  w.flag(gpu);
  if (gpu)
    w.string(serializeGpuKernels(program.gpuKernels));
  return std::move(w.out);
}

Status runtime::readAotProgram(std::string_view bytes, AotProgram &program) {
  if (!isAotProgram(bytes))
    return Status::error("not an hlox ahead-of-time executable");
  ByteReader r(bytes.substr(kMagic.size()));
  uint64_t version = r.u64();
  if (r.failed())
    return Status::error("truncated ahead-of-time executable");
  if (version != kAotFormatVersion)
    return Status::error("ahead-of-time executable of format version " +
                         std::to_string(version) + "; this runtime reads " +
                         std::to_string(kAotFormatVersion));
  AotProgram read;
  read.compilerVersion = r.string();
  read.entry = r.string();
  read.targetCpu = r.string();
  read.requiredFeatures = r.strings();
  read.inputTypes = r.strings();
  read.outputTypes = r.strings();
  std::string_view host = r.bytes();
  read.kernels.resize(r.count(24));
  if (r.failed())
    return Status::error("truncated ahead-of-time executable");
  for (KernelObject &kernel : read.kernels) {
    kernel.symbol = r.string();
    kernel.names = r.strings();
    kernel.bytes = r.string();
  }
  std::string_view gpu;
  if (r.flag())
    gpu = r.bytes();
  if (r.failed() || !r.atEnd())
    return Status::error("malformed or truncated ahead-of-time executable");
  Status status = deserializeHostProgram(host, read.program);
  if (!status)
    return status;
  if (isGpuProgram(read.program) &&
      !(status = deserializeGpuKernels(gpu, read.gpuKernels)))
    return status;
  program = std::move(read);
  return {};
}

bool runtime::isCheckableCpuFeature(std::string_view feature) {
  for (const Feature &known : cpuFeatures())
    if (feature == known.name)
      return true;
  return false;
}

std::vector<std::string>
runtime::getMissingCpuFeatures(const std::vector<std::string> &features) {
  std::vector<Feature> known = cpuFeatures();
  std::vector<std::string> missing;
  for (const std::string &feature : features) {
    bool present = false;
    for (const Feature &candidate : known)
      if (feature == candidate.name)
        present = candidate.present;
    if (!present)
      missing.push_back(feature);
  }
  return missing;
}

std::unique_ptr<Executable>
runtime::loadAotProgram(AotProgram program, Status &status,
                        const ffi::HandlerRegistry &handlers) {
  if (isGpuProgram(program.program))
    return Executable::create(
        std::move(program.program),
        makeGpuKernelLibrary(std::move(program.gpuKernels)), status, handlers);
  std::vector<std::string> missing =
      getMissingCpuFeatures(program.requiredFeatures);
  if (!missing.empty()) {
    std::string list;
    for (const std::string &feature : missing)
      list += (list.empty() ? "" : ", ") + feature;
    status = Status::error("this program was compiled for CPU '" +
                           program.targetCpu +
                           "' and needs CPU features this CPU lacks: " + list);
    return nullptr;
  }
  std::shared_ptr<KernelLibrary> kernels =
      loadKernelObjects(program.kernels, status);
  if (!kernels)
    return nullptr;
  return Executable::create(std::move(program.program), std::move(kernels),
                            status, handlers);
}
