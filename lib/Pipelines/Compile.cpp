//===- Compile.cpp - A program compiled for a target ----------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Pipelines/Target.h"

#include "hlox/Dialect/StableHLO/IR/StablehloOps.h"
#include "hlox/HostProgram/HostProgramBuilder.h"
#include "hlox/Pipelines/Flops.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"

#include <chrono>

using namespace mlir;
using namespace hlox;

Target::~Target() = default;

/// Runs `check` on each argument and result type of `function` (with
/// "argument" or "result" and its index) until one fails.
static LogicalResult checkEachType(
    func::FuncOp function,
    llvm::function_ref<LogicalResult(Type, StringRef, unsigned)> check) {
  FunctionType type = function.getFunctionType();
  for (auto [i, t] : llvm::enumerate(type.getInputs()))
    if (failed(check(t, "argument", i)))
      return failure();
  for (auto [i, t] : llvm::enumerate(type.getResults()))
    if (failed(check(t, "result", i)))
      return failure();
  return success();
}

LogicalResult hlox::checkTensorSignature(func::FuncOp function,
                                         StringRef target) {
  return checkEachType(
      function, [&](Type t, StringRef what, unsigned i) -> LogicalResult {
        // A token passes as an empty tensor (tensor<0xi1>).
        if (isa<RankedTensorType, stablehlo::TokenType>(t))
          return success();
        return function.emitError("a function compiled for the ")
               << target
               << " target takes and returns tensors and tokens "
                  "only: "
               << what << " " << i << " has type " << t;
      });
}

/// Fails unless every argument and result of `function` is a statically
/// shaped tensor.
static LogicalResult checkStaticSignature(func::FuncOp function,
                                          StringRef target) {
  if (failed(checkTensorSignature(function, target)))
    return failure();
  return checkEachType(
      function, [&](Type t, StringRef what, unsigned i) -> LogicalResult {
        auto tensor = dyn_cast<RankedTensorType>(t);
        if (!tensor || tensor.hasStaticShape())
          return success();
        return function.emitError("compilation for the ")
               << target << " target needs statically shaped tensors: " << what
               << " " << i << " has type " << t;
      });
}

FailureOr<std::unique_ptr<CompiledProgram>>
hlox::compile(ModuleOp module, const Target &target) {
  const CompileOptions &options = target.getOptions();
  auto entry = module.lookupSymbol<func::FuncOp>(options.entry);
  if (!entry || entry.isExternal())
    return module.emitError("no function @")
           << options.entry << " with a body to compile";
  if (failed(checkStaticSignature(entry, target.getName())))
    return failure();
  // A compiled program is one process's: the programs of a run_parallel
  // run on the evaluator or through hlox-run, which compiles each.
  WalkResult parallel = entry.walk([](Operation *op) {
    if (op->getName().getStringRef() != "interpreter.run_parallel")
      return WalkResult::advance();
    op->emitError("a compiled program runs as one process: the programs of "
                  "interpreter.run_parallel run on the evaluator or through "
                  "hlox-run, which compiles each process's");
    return WalkResult::interrupt();
  });
  if (parallel.wasInterrupted())
    return failure();
  auto result = std::make_unique<CompiledProgram>();
  result->signature = entry.getFunctionType();
  CompileStats &stats = result->stats;
  int64_t flops = countContractionFlops(entry, module);
  if (failed(target.lowerToPhase(module, Phase::Linalg, &stats)))
    return failure();
  // The host program, built once the dispatches have the kernel convention;
  // the host function then moves to a module of its own (the host calls
  // point into it), and the kernels are compiled alone.
  auto start = std::chrono::steady_clock::now();
  markReshapeOnlyDispatches(module);
  if (failed(target.prepareKernels(module)))
    return failure();
  auto host = module.lookupSymbol<func::FuncOp>(options.entry);
  FailureOr<runtime::HostProgram> program = buildHostProgram(
      host, module, result->signature, result->hostCalls,
      options.handlers ? *options.handlers : ffi::HandlerRegistry::global(),
      options.asyncCollectives);
  if (failed(program))
    return failure();
  result->program = std::move(*program);
  result->program.flops = flops;
  result->program.devices = {target.getDeviceKind().str()};
  OpBuilder builder(module.getContext());
  result->hostModule = ModuleOp::create(builder, module.getLoc());
  host->moveBefore(result->hostModule->getBody(),
                   result->hostModule->getBody()->end());
  keepOnlyDispatches(module);
  stats.dispatches = llvm::count_if(
      result->program.commands, [](const runtime::Command &command) {
        return command.is<runtime::DispatchCommand>();
      });
  stats.kernels = result->program.kernelNames.size();
  stats.phaseMilliseconds.emplace_back("host", millisecondsSince(start));
  FailureOr<std::shared_ptr<runtime::KernelLibrary>> kernels =
      target.compileKernels(module, stats);
  if (failed(kernels))
    return failure();
  result->kernels = *kernels;
  return result;
}
