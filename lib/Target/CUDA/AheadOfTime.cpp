//===- AheadOfTime.cpp - GPU programs the runtime loads alone -------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Packs a program compiled for the CUDA target into the runtime's
// ahead-of-time file (runtime/AotProgram.h): the host program, the GPU
// kernels (their PTX and launches) and the entry's signature. A machine
// with a GPU runs it with the runtime alone: no compiler, no LLVM.
//
//===----------------------------------------------------------------------===//

#include "hlox/Target/CUDA/Compiler.h"

#include "hlox/runtime/AotProgram.h"

using namespace mlir;
using namespace hlox;

FailureOr<runtime::AotProgram> hlox::cuda::makeAheadOfTimeProgram(
    StringRef entry, const CompiledProgram &program, std::string &error) {
  FailureOr<runtime::AotProgram> aot =
      startAheadOfTimeProgram(entry, program, error);
  if (failed(aot))
    return failure();
  const runtime::GpuKernels *kernels =
      program.kernels ? program.kernels->getGpuKernels() : nullptr;
  if (!kernels) {
    error = "the program was not compiled for a GPU";
    return failure();
  }
  aot->targetCpu = kernels->arch;
  aot->gpuKernels = *kernels;
  return aot;
}
