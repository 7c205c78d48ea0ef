//===- AheadOfTime.cpp - Ahead-of-time executables -----------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Packs a program compiled with CompileOptions::aheadOfTime into the file
// the runtime loads alone (runtime/AotProgram.h): the host program, the
// kernels' relocatable objects, the entry's signature and what the code
// needs of the CPU.
//
//===----------------------------------------------------------------------===//

#include "Internal.h"

#include "hlox/Support/DiskCache.h"
#include "hlox/Target/CPU/TargetMachine.h"
#include "hlox/runtime/AotProgram.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"

using namespace mlir;
using namespace hlox;
using namespace hlox::cpu;

FailureOr<runtime::AotProgram> hlox::cpu::makeAheadOfTimeProgram(
    StringRef entry, const CompiledProgram &program,
    const CompileOptions &options, std::string &error) {
  FailureOr<runtime::AotProgram> aot =
      startAheadOfTimeProgram(entry, program, error);
  if (failed(aot))
    return failure();
  const std::vector<runtime::KernelObject> *objects =
      program.kernels->getObjects();
  if (!objects) {
    error = "the compiled kernels kept no objects";
    return failure();
  }
  auto machine = createTargetMachine(options);
  if (!machine) {
    error = "cannot target CPU '" + options.targetCpu +
            "': " + llvm::toString(machine.takeError());
    return failure();
  }
  aot->targetCpu = (*machine)->getTargetCPU().str();
  aot->requiredFeatures = getRequiredCpuFeatures(**machine);
  aot->kernels = *objects;
  return aot;
}
