//===- hlox-opt.cpp - mlir-opt for hlox's dialects -------------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Parses, verifies, transforms and prints programs in the StableHLO, CHLO,
// check and interpreter dialects, with mlir-opt's flags
// (--split-input-file, --verify-diagnostics, --mlir-print-op-generic, ...),
// and every pass of the CPU compiler's phases.
//
//===----------------------------------------------------------------------===//

#include "hlox/InitAll.h"
#include "hlox/Target/CPU/Compiler.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  hlox::registerAllDialects(registry);
  hlox::registerAllPasses();
  hlox::cpu::registerCompilerDialects(registry);
  hlox::cpu::registerCompilerPasses();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "hlox optimizer driver\n", registry));
}
