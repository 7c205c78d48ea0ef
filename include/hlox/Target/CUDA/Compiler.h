//===- Compiler.h - Compiles dispatches to PTX for NVIDIA GPUs -*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// The CUDA target, as far as it goes: the dispatches of a module after the
// target-independent linalg phase, each lowered on its own to a GPU kernel
// and through LLVM's NVPTX backend to PTX for one architecture, which
// `ptxas` (from the CUDA toolkit) validates. Each dispatch bufferizes with
// its results as out-parameters, its linalg ops become parallel loops, the
// outermost ones split into blocks of threads over their innermost
// dimensions (hlox-cuda-tile-parallel-loops) and mapped to the grid, and
// the loop bodies are outlined into a `gpu.func` whose parameters are bare
// pointers, one per operand then one per result. The launches of each
// dispatch's host function are written down (hlox-cuda-record-launches)
// for the runtime's CUDA device, which replays them (GpuKernels.h).
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_TARGET_CUDA_COMPILER_H
#define HLOX_TARGET_CUDA_COMPILER_H

#include "hlox/Pipelines/Pipelines.h"
#include "hlox/Pipelines/Target.h"
#include "hlox/runtime/AotProgram.h"
#include "hlox/runtime/GpuKernels.h"

#include "mlir/IR/BuiltinOps.h"

#include <string>
#include <vector>

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace hlox::cuda {

/// The CUDA target's options on top of every target's.
struct CompileOptions : hlox::CompileOptions {
  /// The GPU architecture the PTX is for (sm_70 ... sm_90;
  /// getSupportedArchitectures).
  std::string arch = "sm_90";
  /// Threads per block at most (hlox-cuda-tile-parallel-loops).
  int64_t threadsPerBlock = 256;
};

/// A GPU kernel of a dispatch (one per parallel loop nest of it, in
/// order; the buffers between them are the host's to allocate) and its PTX
/// module.
struct KernelPtx {
  std::string dispatch;
  /// The kernel's module: `<dispatch>_kernel`, `<dispatch>_kernel_0`, ...
  std::string name;
  std::string ptx;
};

/// The architectures the target compiles for, each with the PTX version
/// it takes ("sm_90" and "+ptx80"), oldest first.
const std::vector<std::pair<std::string, std::string>> &
getSupportedArchitectures();

/// The dialects and interfaces the CUDA pipeline needs in a context.
void registerCompilerDialects(mlir::DialectRegistry &registry);

/// Registers the target's passes (hlox-opt).
void registerCompilerPasses();

/// The pass pipeline that lowers one dispatch, alone in its module, to a
/// `gpu.binary` holding its PTX (with `recordLaunches`, and the launches
/// the runtime replays: hlox-cuda-record-launches, which fails on host code
/// between them); fails, with an error at `module`, for an architecture
/// getSupportedArchitectures does not list.
mlir::FailureOr<std::string> getKernelPipeline(mlir::ModuleOp module,
                                               const CompileOptions &options,
                                               bool recordLaunches);

/// Lowers each dispatch of `module` (after the linalg phase) to its GPU
/// kernels' PTX, in the order of the module. A dispatch the pipeline cannot
/// lower is an error at it; `module` itself is left as it was. With
/// `gpuKernels`, also what the runtime runs: the modules and each
/// dispatch's launches (hlox-cuda-record-launches), a dispatch `@f` named
/// `f_entry` as the host program names its kernel.
mlir::FailureOr<std::vector<KernelPtx>>
compileToPtx(mlir::ModuleOp module, const CompileOptions &options,
             runtime::GpuKernels *gpuKernels = nullptr);

/// The CUDA target: the target-independent phases without the CPU's
/// library calls, then each dispatch's kernels to PTX (compileToPtx),
/// validated with ptxas when `validatePtx` and a ptxas is found; its
/// programs run on "cuda" devices.
std::shared_ptr<const Target> createTarget(const CompileOptions &options,
                                           bool validatePtx = false);

/// `program` (compiled by createTarget's target) as the runtime's
/// ahead-of-time file: its host program and GPU kernels, which the runtime
/// runs on a CUDA device without the compiler. Fails, with `error`, for a
/// program with check ops (they run on the compiler's evaluator).
mlir::FailureOr<runtime::AotProgram>
makeAheadOfTimeProgram(llvm::StringRef entry, const CompiledProgram &program,
                       std::string &error);

/// The CUDA toolkit's libdevice (the math functions' bitcode that kernels
/// link), in nvvm/libdevice of $CUDA_HOME, $CUDA_ROOT, $CUDA_PATH or
/// /usr/local/cuda; empty when there is none (a kernel that calls one of
/// its functions then leaves it unresolved, which ptxas reports).
std::string findLibdevice();

/// The ptxas to validate PTX with: $HLOX_PTXAS, else ptxas in the bin
/// folder of $CUDA_HOME, $CUDA_ROOT, $CUDA_PATH or /usr/local/cuda, else on
/// the PATH; empty when there is none.
std::string findPtxas();

/// Assembles `kernel`'s PTX with `ptxas` for `arch` (into a discarded
/// cubin); false, with ptxas's messages in `error`, when it rejects it or
/// cannot run.
bool validateWithPtxas(const std::string &ptxas, const KernelPtx &kernel,
                       const std::string &arch, std::string &error);

/// Assembles each of `kernels` with findPtxas()'s ptxas, if there is one
/// (nothing to check otherwise); false, with the first rejection in
/// `error`, when ptxas rejects one.
bool validateWithPtxas(const std::vector<KernelPtx> &kernels,
                       const std::string &arch, std::string &error);

} // namespace hlox::cuda

#endif // HLOX_TARGET_CUDA_COMPILER_H
