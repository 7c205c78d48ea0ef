//===- Pipelines.h - The target-independent compiler phases -----*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Every target compiles a StableHLO module through the same named phases
// before its own:
//
//   input     import (shardings dropped, exporters' spellings and JAX's
//             custom calls legalized), inline every call into the entry
//             function, drop the rest, lower quantized types, refine shapes
//   stablehlo the entry function's StableHLO, common values merged
//   linalg    lowered to linalg on tensors, elementwise ops fused, split
//             into dispatch functions (equal ones merged) and host ops
//
// then the target's kernel phase (`llvm` for the CPU). Each phase is a
// textual pass pipeline, registered for `hlox-opt` as `--hlox-phase-NAME`
// with the default options.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_PIPELINES_PIPELINES_H
#define HLOX_PIPELINES_PIPELINES_H

#include "hlox/Transforms/Dispatch.h"
#include "hlox/ffi/Registry.h"

#include "mlir/IR/BuiltinOps.h"

#include <chrono>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace mlir {
class PassManager;
} // namespace mlir

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace hlox {

enum class Phase { Input, Stablehlo, Linalg, LLVM };

/// The phase named `name` ("input", "stablehlo", "linalg", "llvm").
std::optional<Phase> parsePhase(llvm::StringRef name);
llvm::StringRef getPhaseName(Phase phase);
/// The position of `phase` in compilation order (0 for input).
int getPhaseIndex(Phase phase);

/// The path a `stablehlo.composite` takes: its native handler (a custom
/// call), or its decomposition inlined so that it fuses with its
/// neighbours. Auto: native when a handler of its name is registered.
enum class CompositePath { Auto, Native, Inline };

/// "auto", "native" or "inline".
llvm::StringRef getCompositePathName(CompositePath path);

/// What every target's compilation takes; targets extend it with their own
/// (cpu::CompileOptions).
struct CompileOptions {
  /// The function to compile.
  std::string entry = "main";
  /// Every constant stays a run-time buffer (see hlox-form-dispatches).
  bool opaqueConstants = false;
  /// When set, the module after each phase is written to DIR/NN-PHASE.mlir.
  std::string dumpDir;
  HostControlFlow hostControlFlow = HostControlFlow::Auto;
  /// A root and the reductions and elementwise ops that feed only it, row
  /// by row, are one dispatch that computes a row at a time through all of
  /// them (hlox-form-dispatches' row groups).
  bool fuseRows = true;
  /// Large f32 matrix products in a library's layout become library calls
  /// (`hlox-select-library-calls` in the stablehlo phase) instead of
  /// generated kernels.
  bool libraryCalls = true;
  /// Library convolutions only in the forms cuDNN runs (NCHW/OIHW, equal
  /// low and high padding): a GPU target's.
  bool cudnnConvolutionsOnly = false;
  /// Library products take the bias, addend and ReLU after them as the
  /// library's epilogue, and bf16 and f16 contractions are library products too
  /// (cuBLASLt's): a GPU target's.
  bool libraryProductEpilogues = false;
  bool halfProducts = false;
  /// The fewest floating-point operations a contraction needs to become a
  /// library call (below, generated kernels win); a matrix-vector product
  /// needs a quarter of it, a convolution a 64th.
  int64_t libraryMinFlops = int64_t(1) << 22;
  /// Library matrix products run hlox's own kernel where the CPU has
  /// AVX-512 (`library.matmul`'s `hlox_kernel`), oneDNN elsewhere: about
  /// half oneDNN's rounding error, as fast (`docs/performance.md`).
  bool hloxMatmulKernel = true;
  /// A library matrix product takes the elementwise dispatch that alone
  /// reads it as its epilogue, applied to each tile as it is finished
  /// (`hlox-fuse-matmul-epilogues`).
  bool fuseMatmulEpilogues = true;
  /// With library calls, NCHW convolutions and the ops around them compute
  /// in NHWC (`hlox-channels-last`), with transposes left at the edges.
  bool channelsLast = true;
  /// When set, compiled kernels are kept in and loaded from this folder,
  /// keyed by their IR, the target and its options, and the compiler's
  /// version (hlox::DiskCache).
  std::string cacheDir;
  /// Called on each pass manager compilation creates (the tools apply
  /// `--mlir-timing`, `--mlir-pass-statistics` and the like through it).
  std::function<void(mlir::PassManager &)> configurePassManager;
  /// Where the handlers of `stablehlo.custom_call` targets must be
  /// registered (null: the global registry); the executable must resolve
  /// them in the same one.
  const ffi::HandlerRegistry *handlers = nullptr;
  /// The path of each composite name (`--composite=NAME:PATH`), or of one
  /// version of it (`NAME@VERSION`, which takes precedence); names not in
  /// it take CompositePath::Auto.
  std::map<std::string, CompositePath> compositePaths;
  /// The grid of processes the program runs on (hlox-lower-collectives):
  /// replicas and partitions; 0 takes the module's `mhlo.num_replicas` /
  /// `mhlo.num_partitions`, else 1. On a grid of one, collectives need no
  /// communication and compile to what they compute there.
  int64_t numReplicas = 0;
  int64_t numPartitions = 0;
  /// Collectives that move data between buffers run on a thread of their
  /// own while the commands up to the first reader of their result go on
  /// (buildHostProgram).
  bool asyncCollectives = true;
};

/// The path the composites of one name and version took.
struct CompositeChoice {
  std::string name;
  int32_t version = 0;
  /// Native: a custom call of its handler; else inlined.
  bool native = false;
  /// How many composite ops of this name and version there were.
  int64_t count = 0;
  /// The handler's target on the native path: NAME@VERSION when one is
  /// registered for that version, else NAME.
  std::string target;
};

/// What compilation measured (what the program holds, dispatches and
/// buffer bytes, its HostProgram says).
struct CompileStats {
  /// Milliseconds per phase, then per step of the kernels' compilation
  /// (the CPU's: "host", "keys", "llvm", "codegen", "link").
  std::vector<std::pair<std::string, double>> phaseMilliseconds;
  /// Dispatch commands of the host program, and the distinct kernels they
  /// run (dispatches equal up to their name share one).
  int64_t dispatches = 0;
  int64_t kernels = 0;
  /// Kernels loaded from the persistent cache, and compiled.
  int64_t cachedKernels = 0;
  int64_t compiledKernels = 0;
  /// The kernels whose code generation took longest (at most three, the
  /// slowest first), with their milliseconds on one thread.
  std::vector<std::pair<std::string, double>> slowestKernels;
  /// Each composite name and version and the path it took, in program
  /// order.
  std::vector<CompositeChoice> composites;
};

/// Registers every pass the target-independent phases name (upstream and
/// hlox's) and the phases themselves as named pipelines. Idempotent.
void registerPipelines();

/// The passes that bring an exported program to the StableHLO that hlox
/// compiles and evaluates, the start of the input phase: GSPMD shardings
/// read (sdy-import-gspmd) and every sharding dropped, the program
/// computing its global values (sdy-drop-shardings), the arith and tensor ops
/// of exporters and JAX's custom calls legalized, tuples of custom calls'
/// results flattened and tuple elements forwarded.
std::string getImportPipeline();

/// Runs the import passes on `module`, in place: what the evaluator runs
/// on, and what a shape-polymorphic entry gets before it is specialized.
mlir::LogicalResult importProgram(mlir::ModuleOp module);

/// The passes that turn a program sharded over a mesh of several devices
/// into the program each device runs on its shards: GSPMD shardings read
/// into Shardy's form, calls inlined, shardings propagated, the program
/// partitioned (hlox-partition-spmd). A program whose shardings span one
/// device comes out as it went in, but for its GSPMD attributes and calls.
std::string getPartitionPipeline();

/// Runs the partition passes on `module` in place; whether it was sharded
/// over several devices (then its mhlo.num_partitions is their number).
/// With `options.dumpDir`, writes the program after propagation and after
/// partitioning there (sharding-propagated.mlir, sharding-partitioned.mlir).
mlir::FailureOr<bool> partitionProgram(mlir::ModuleOp module,
                                       const CompileOptions &options);

/// The textual pass pipeline of a target-independent phase (input,
/// stablehlo or linalg; module-anchored, without the builtin.module
/// wrapper).
std::string getPhasePipeline(Phase phase, const CompileOptions &options);

/// Rewrites every composite of `module` by the path the options give its
/// name (stablehlo-legalize-composites): a custom call of its handler, or
/// a call of its decomposition. Auto takes the native path when the
/// options' handler registry has a host handler of that name; Native
/// without one is an error at the op. Appends the choices to `choices`.
mlir::LogicalResult
legalizeComposites(mlir::ModuleOp module, const CompileOptions &options,
                   std::vector<CompositeChoice> *choices = nullptr);

/// Registers what one-shot bufferization of a target's kernels needs, for
/// every target: the bufferizable-op models of arith, func, linalg, scf
/// and tensor ops.
void registerKernelBufferization(mlir::DialectRegistry &registry);

/// Runs `pipeline` on `module` (`what` names it in errors), with the
/// options' pass manager configuration.
mlir::LogicalResult runPipeline(mlir::ModuleOp module, llvm::StringRef pipeline,
                                const CompileOptions &options,
                                llvm::StringRef what);

/// The milliseconds since `start` (compile steps' times in CompileStats).
double millisecondsSince(std::chrono::steady_clock::time_point start);

/// Runs `body` as `phase` of `module`: its time goes into `stats` (when
/// given), and the module after it to the options' dump folder.
mlir::LogicalResult runTimedPhase(mlir::ModuleOp module, Phase phase,
                                  const CompileOptions &options,
                                  CompileStats *stats,
                                  llvm::function_ref<mlir::LogicalResult()> body);

/// Runs a target-independent phase on `module`, in place, timing it into
/// `stats` and writing it to the dump folder when the options name one.
mlir::LogicalResult runPhase(mlir::ModuleOp module, Phase phase,
                             const CompileOptions &options,
                             CompileStats *stats);

/// Writes `module` as it is after `phase` to the options' dump folder, if
/// any.
mlir::LogicalResult dumpModule(mlir::ModuleOp module, Phase phase,
                               const CompileOptions &options);

} // namespace hlox

#endif // HLOX_PIPELINES_PIPELINES_H
