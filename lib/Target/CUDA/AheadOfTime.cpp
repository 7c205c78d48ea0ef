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

#include "hlox/Support/DiskCache.h"
#include "hlox/runtime/AotProgram.h"

#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace hlox;

static std::string typeText(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << type;
  return text;
}

FailureOr<runtime::AotProgram> hlox::cuda::makeAheadOfTimeProgram(
    StringRef entry, const CompiledProgram &program, std::string &error) {
  for (const runtime::Command &command : program.program.commands)
    if (command.is<runtime::HostCallCommand>()) {
      error = "cannot compile ahead of time: the program holds test "
              "assertions (check ops), which run on the compiler's evaluator";
      return failure();
    }
  const runtime::GpuKernels *kernels =
      program.kernels ? program.kernels->getGpuKernels() : nullptr;
  if (!kernels) {
    error = "the program was not compiled for a GPU";
    return failure();
  }
  runtime::AotProgram aot;
  aot.compilerVersion = getCompilerVersion().str();
  aot.entry = entry.str();
  for (Type type : program.signature.getInputs())
    aot.inputTypes.push_back(typeText(type));
  for (Type type : program.signature.getResults())
    aot.outputTypes.push_back(typeText(type));
  aot.targetCpu = kernels->arch;
  aot.program = program.program;
  aot.gpuKernels = *kernels;
  return aot;
}
