//===- AotProgram.h - Programs compiled ahead of time -----------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// An ahead-of-time executable (`hlox-compile F -o model.hlox`) in one file:
// metadata (the hlox version that wrote it, the entry, its signature, the
// target CPU and the CPU features its code needs), the host program, and
// the kernels as relocatable objects. The runtime alone loads and runs it:
// no compiler, no LLVM.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_RUNTIME_AOTPROGRAM_H
#define HLOX_RUNTIME_AOTPROGRAM_H

#include "hlox/runtime/Executable.h"
#include "hlox/runtime/GpuKernels.h"
#include "hlox/runtime/HostProgram.h"
#include "hlox/runtime/KernelObjects.h"
#include "hlox/runtime/Status.h"

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace hlox::runtime {

/// Bumped whenever the file layout changes.
constexpr uint32_t kAotFormatVersion = 2;

struct AotProgram {
  /// The hlox (compiler) version that wrote it.
  std::string compilerVersion;
  /// The entry function and its argument and result types, as StableHLO
  /// spells them ("tensor<4x8xf32>").
  std::string entry;
  std::vector<std::string> inputTypes;
  std::vector<std::string> outputTypes;
  /// The CPU the code was compiled for ("skylake-avx512", the host's name
  /// for "host") and the features it needs (x86 feature names: "avx2",
  /// "avx512f", ...).
  std::string targetCpu;
  std::vector<std::string> requiredFeatures;
  HostProgram program;
  std::vector<KernelObject> kernels;
  /// A program for a GPU (program.devices names its kind): its kernels,
  /// in place of `kernels`.
  GpuKernels gpuKernels;
};

/// Whether `bytes` starts like an ahead-of-time executable.
bool isAotProgram(std::string_view bytes);

std::string writeAotProgram(const AotProgram &program);
/// Reads a file of writeAotProgram; malformed, truncated or other-version
/// bytes are an error that says so.
Status readAotProgram(std::string_view bytes, AotProgram &program);

/// The CPU features this process's CPU lacks among `features` (names this
/// runtime cannot check count as lacking).
std::vector<std::string>
getMissingCpuFeatures(const std::vector<std::string> &features);
/// Whether the runtime can tell if the CPU has `feature`.
bool isCheckableCpuFeature(std::string_view feature);

/// Checks that this CPU has the program's features, loads its kernels and
/// makes its executable (custom calls resolved in `handlers`).
std::unique_ptr<Executable> loadAotProgram(
    AotProgram program, Status &status,
    const ffi::HandlerRegistry &handlers = ffi::HandlerRegistry::global());

} // namespace hlox::runtime

#endif // HLOX_RUNTIME_AOTPROGRAM_H
