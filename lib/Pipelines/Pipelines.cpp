//===- Pipelines.cpp - The target-independent compiler phases -------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Pipelines/Pipelines.h"

#include "hlox/Conversion/Passes.h"
#include "hlox/Dialect/Sdy/Transforms/Passes.h"
#include "hlox/Dialect/StableHLO/IR/StablehloOps.h"
#include "hlox/Transforms/Passes.h"
#include "hlox/Transforms/ShardingAnnotations.h"

#include "mlir/Dialect/Arith/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Bufferization/Transforms/FuncBufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Linalg/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/SCF/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Tensor/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/ToolOutputFile.h"

#include <chrono>
#include <mutex>

using namespace mlir;
using namespace hlox;

static constexpr Phase kPhases[] = {Phase::Input, Phase::Stablehlo,
                                    Phase::Linalg, Phase::LLVM};

std::optional<Phase> hlox::parsePhase(StringRef name) {
  return llvm::StringSwitch<std::optional<Phase>>(name)
      .Case("input", Phase::Input)
      .Case("stablehlo", Phase::Stablehlo)
      .Case("linalg", Phase::Linalg)
      .Case("llvm", Phase::LLVM)
      .Default(std::nullopt);
}

StringRef hlox::getPhaseName(Phase phase) {
  switch (phase) {
  case Phase::Input:
    return "input";
  case Phase::Stablehlo:
    return "stablehlo";
  case Phase::Linalg:
    return "linalg";
  case Phase::LLVM:
    return "llvm";
  }
  llvm_unreachable("phase");
}

int hlox::getPhaseIndex(Phase phase) {
  return llvm::find(kPhases, phase) - std::begin(kPhases);
}

void hlox::registerPipelines() {
  static std::once_flag once;
  std::call_once(once, [] {
    registerTransformsPasses();
    hlox::registerHloxPasses();
    hlox::sdy::registerSdyPasses();
    hlox::registerHloxConversionPasses();
    // Each phase by name, with the default options: `hlox-opt
    // --hlox-phase-input --hlox-phase-stablehlo --hlox-phase-linalg`
    // replays them.
    for (Phase phase : {Phase::Input, Phase::Stablehlo, Phase::Linalg}) {
      std::string name = ("hlox-phase-" + getPhaseName(phase)).str();
      std::string description =
          ("The " + getPhaseName(phase) +
           " phase of compilation, with the default options")
              .str();
      PassPipelineRegistration<>(name, description, [phase](OpPassManager &pm) {
        std::string pipeline = getPhasePipeline(phase, CompileOptions());
        if (failed(parsePassPipeline(pipeline, pm)))
          llvm::report_fatal_error("bad phase pipeline: " + Twine(pipeline));
      });
    }
  });
}

std::string hlox::getImportPipeline() {
  // Tuples first: older JAX exports return a custom call's results as one.
  // Shardings only annotate: the imported program computes the global
  // values (a sharded program is partitioned before, partitionProgram).
  return "sdy-import-gspmd,sdy-drop-shardings{allow-multi-device=true},"
         "stablehlo-check-spec,"
         "stablehlo-legalize-upstream-ops,"
         "stablehlo-flatten-tuples,stablehlo-inline-async,"
         "stablehlo-convert-promoted-reductions,"
         "stablehlo-legalize-jax-custom-calls";
}

LogicalResult hlox::importProgram(ModuleOp module) {
  return runPipeline(module, getImportPipeline(), CompileOptions(), "import");
}

static LogicalResult dumpModuleAs(ModuleOp module, StringRef name,
                                  const CompileOptions &options);

std::string hlox::getPartitionPipeline() {
  return "sdy-import-gspmd,inline,symbol-dce,hlox-hoist-reshapes,"
         "hlox-propagate-shardings,hlox-partition-spmd";
}

FailureOr<bool> hlox::partitionProgram(ModuleOp module,
                                       const CompileOptions &options) {
  if (failed(runPipeline(module, "sdy-import-gspmd,inline,symbol-dce", options,
                         "partition")))
    return failure();
  bool sharded = false;
  if (failed(forEachShardedFunction(module,
                                    [&](func::FuncOp, const ProgramMesh &) {
                                      sharded = true;
                                      return success();
                                    })))
    return failure();
  if (!sharded)
    return false;
  if (failed(runPipeline(module, "hlox-hoist-reshapes,hlox-propagate-shardings",
                         options, "partition")) ||
      failed(dumpModuleAs(module, "sharding-propagated.mlir", options)) ||
      failed(
          runPipeline(module, "hlox-partition-spmd", options, "partition")) ||
      failed(dumpModuleAs(module, "sharding-partitioned.mlir", options)))
    return failure();
  return true;
}

std::string hlox::getPhasePipeline(Phase phase, const CompileOptions &options) {
  switch (phase) {
  case Phase::Input:
    return getImportPipeline() +
           ",stablehlo-legalize-composites,inline,symbol-dce,"
           // Futures that crossed calls are local once inlined.
           "stablehlo-flatten-tuples,stablehlo-inline-async,"
           "stablehlo-lower-quantized,"
           "stablehlo-refine-shapes{fold-integers=false}";
  case Phase::Stablehlo: {
    std::string collectives =
        "hlox-lower-collectives{num-replicas=" +
        std::to_string(options.numReplicas) +
        " num-partitions=" + std::to_string(options.numPartitions) + "},";
    if (!options.libraryCalls)
      return collectives +
             "cse,hlox-simplify-power,hlox-simplify-slices,"
             "hlox-contiguous-gathers,cse,hlox-pool-before-activation";
    return collectives +
           "cse,hlox-simplify-power,hlox-simplify-slices,"
           "hlox-contiguous-gathers,cse," +
           (options.channelsLast ? "hlox-channels-last," : "") +
           "hlox-pool-before-activation," +
           "hlox-select-library-calls{min-flops=" +
           std::to_string(options.libraryMinFlops) + " hlox-matmul-kernel=" +
           (options.hloxMatmulKernel ? "true" : "false") +
           " cudnn-forms-only=" +
           (options.cudnnConvolutionsOnly ? "true" : "false") +
           " product-epilogues=" +
           (options.libraryProductEpilogues ? "true" : "false") +
           " half-products=" + (options.halfProducts ? "true" : "false") + "}";
  }
  case Phase::Linalg:
    return "convert-stablehlo-to-linalg,hlox-fuse-elementwise,cse,"
           "hlox-form-dispatches{entry=" +
           options.entry +
           " opaque-constants=" + (options.opaqueConstants ? "true" : "false") +
           " fuse-rows=" + (options.fuseRows ? "true" : "false") +
           " host-control-flow=" +
           getHostControlFlowName(options.hostControlFlow).str() + "}," +
           (options.fuseMatmulEpilogues ? "hlox-fuse-matmul-epilogues," : "") +
           "hlox-dedup-dispatches,hlox-mark-in-place-results";
  case Phase::LLVM:
    break;
  }
  llvm::report_fatal_error("the llvm phase is the CPU target's "
                           "(cpu::getPhasePipeline)");
}

LogicalResult hlox::runPipeline(ModuleOp module, StringRef pipeline,
                                const CompileOptions &options, StringRef what) {
  registerPipelines();
  PassManager pm(module.getContext());
  std::string error;
  llvm::raw_string_ostream errorStream(error);
  if (failed(parsePassPipeline(pipeline, pm, errorStream)))
    return module.emitError("bad ") << what << " pipeline: " << error;
  if (options.configurePassManager)
    options.configurePassManager(pm);
  return pm.run(module);
}

/// Writes `module` to `name` in `options.dumpDir` (when set).
static LogicalResult dumpModuleAs(ModuleOp module, StringRef name,
                                  const CompileOptions &options) {
  if (options.dumpDir.empty())
    return success();
  if (std::error_code ec = llvm::sys::fs::create_directories(options.dumpDir))
    return module.emitError("cannot create ")
           << options.dumpDir << ": " << ec.message();
  SmallString<128> path(options.dumpDir);
  llvm::sys::path::append(path, name);
  std::string openError;
  auto file = openOutputFile(path, &openError);
  if (!file)
    return module.emitError("cannot write ") << path << ": " << openError;
  module.print(file->os());
  file->keep();
  return success();
}

LogicalResult hlox::dumpModule(ModuleOp module, Phase phase,
                               const CompileOptions &options) {
  return dumpModuleAs(
      module,
      llvm::formatv("{0:2}-{1}.mlir", getPhaseIndex(phase), getPhaseName(phase))
          .str(),
      options);
}

double hlox::millisecondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(
             std::chrono::steady_clock::now() - start)
      .count();
}

LogicalResult hlox::runTimedPhase(ModuleOp module, Phase phase,
                                  const CompileOptions &options,
                                  CompileStats *stats,
                                  llvm::function_ref<LogicalResult()> body) {
  auto start = std::chrono::steady_clock::now();
  if (failed(body()))
    return failure();
  if (stats)
    stats->phaseMilliseconds.emplace_back(getPhaseName(phase).str(),
                                          millisecondsSince(start));
  return dumpModule(module, phase, options);
}

LogicalResult hlox::runPhase(ModuleOp module, Phase phase,
                             const CompileOptions &options,
                             CompileStats *stats) {
  return runTimedPhase(module, phase, options, stats, [&] {
    // The input phase's composites take the paths the options give them
    // first; its pipeline's stablehlo-legalize-composites then has nothing
    // left to do (by itself, it inlines every composite).
    if (phase == Phase::Input &&
        failed(legalizeComposites(module, options,
                                  stats ? &stats->composites : nullptr)))
      return failure();
    return runPipeline(module, getPhasePipeline(phase, options), options,
                       getPhaseName(phase));
  });
}

llvm::StringRef hlox::getCompositePathName(CompositePath path) {
  switch (path) {
  case CompositePath::Auto:
    return "auto";
  case CompositePath::Native:
    return "native";
  case CompositePath::Inline:
    return "inline";
  }
  llvm_unreachable("unknown composite path");
}

LogicalResult hlox::legalizeComposites(ModuleOp module,
                                       const CompileOptions &options,
                                       std::vector<CompositeChoice> *choices) {
  const ffi::HandlerRegistry &handlers =
      options.handlers ? *options.handlers : ffi::HandlerRegistry::global();
  std::vector<CompositeChoice> found;
  std::vector<std::string> native;
  bool failedAny = false;
  module.walk([&](stablehlo::CompositeOp op) {
    std::string name = op.getName().str();
    int32_t version = static_cast<int32_t>(op.getVersion());
    auto it = llvm::find_if(found, [&](const CompositeChoice &choice) {
      return choice.name == name && choice.version == version;
    });
    if (it != found.end()) {
      ++it->count;
      return;
    }
    // A version's own policy and handler (NAME@VERSION) come first.
    std::string versioned = name + "@" + std::to_string(version);
    auto path = options.compositePaths.find(versioned);
    if (path == options.compositePaths.end())
      path = options.compositePaths.find(name);
    CompositePath wanted = path == options.compositePaths.end()
                               ? CompositePath::Auto
                               : path->second;
    std::string target = handlers.lookup(versioned) ? versioned
                         : handlers.lookup(name)    ? name
                                                    : std::string();
    if (wanted == CompositePath::Native && target.empty()) {
      op.emitError("composite '")
          << name << "' (version " << version
          << ") is to take the native path, but "
          << handlers.describeMissing(name) << " (nor '" << versioned
          << "')";
      failedAny = true;
    }
    bool isNative = !target.empty() && (wanted == CompositePath::Native ||
                                        wanted == CompositePath::Auto);
    if (isNative)
      native.push_back(versioned + "=" + target);
    found.push_back({name, version, isNative, 1, isNative ? target : ""});
  });
  if (failedAny)
    return failure();
  if (choices)
    choices->insert(choices->end(), found.begin(), found.end());
  if (found.empty())
    return success();
  PassManager pm(module.getContext());
  StablehloLegalizeCompositesOptions passOptions;
  passOptions.native.assign(native.begin(), native.end());
  pm.addPass(createStablehloLegalizeComposites(passOptions));
  if (options.configurePassManager)
    options.configurePassManager(pm);
  return pm.run(module);
}

void hlox::registerKernelBufferization(mlir::DialectRegistry &registry) {
  mlir::arith::registerBufferizableOpInterfaceExternalModels(registry);
  mlir::bufferization::func_ext::registerBufferizableOpInterfaceExternalModels(
      registry);
  mlir::linalg::registerBufferizableOpInterfaceExternalModels(registry);
  mlir::scf::registerBufferizableOpInterfaceExternalModels(registry);
  mlir::tensor::registerBufferizableOpInterfaceExternalModels(registry);
}
