//===- AheadOfTime.cpp - What every target's ahead-of-time file holds -----===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Pipelines/Target.h"

#include "hlox/Support/DiskCache.h"

#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace hlox;

static std::string typeText(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << type;
  return text;
}

FailureOr<runtime::AotProgram>
hlox::startAheadOfTimeProgram(StringRef entry, const CompiledProgram &program,
                              std::string &error) {
  for (const runtime::Command &command : program.program.commands)
    if (command.is<runtime::HostCallCommand>()) {
      error = "cannot compile ahead of time: the program holds test "
              "assertions, probes or prints (check and interpreter ops), "
              "which run on the compiler's evaluator";
      return failure();
    }
  runtime::AotProgram aot;
  aot.compilerVersion = getCompilerVersion().str();
  aot.entry = entry.str();
  for (Type type : program.signature.getInputs())
    aot.inputTypes.push_back(typeText(type));
  for (Type type : program.signature.getResults())
    aot.outputTypes.push_back(typeText(type));
  aot.program = program.program;
  return aot;
}
