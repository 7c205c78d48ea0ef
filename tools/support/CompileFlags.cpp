//===- CompileFlags.cpp - Compiler flags the tools share ------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "CompileFlags.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/Timing.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

using namespace hlox;
using llvm::StringRef;
namespace cl = llvm::cl;

static cl::opt<api::HostControlFlow> hostControlFlow(
    "host-control-flow",
    cl::desc("Where the entry function's while/if/case run"),
    cl::values(
        clEnumValN(api::HostControlFlow::Auto, "auto",
                   "on the host when they hold a host call (check, probe, "
                   "print, custom call) or work "
                   "worth several threads; else inside one kernel (default)"),
        clEnumValN(api::HostControlFlow::Always, "always",
                   "on the host whenever their values are static tensors"),
        clEnumValN(api::HostControlFlow::Never, "never",
                   "each inside one kernel")),
    cl::init(api::HostControlFlow::Auto));

static cl::opt<api::FpContract> fpContract(
    "fp-contract",
    cl::desc("Which float multiplies and adds may fuse into FMAs, rounded "
             "once where the evaluator rounds twice"),
    cl::ValueOptional,
    cl::values(clEnumValN(api::FpContract::Off, "off",
                          "none (the default under --strict-numerics)"),
               clEnumValN(api::FpContract::Elementwise, "elementwise",
                          "those of f32 elementwise computations; reductions, "
                          "contractions and f64 keep the evaluator's rounding "
                          "(default)"),
               clEnumValN(api::FpContract::All, "all",
                          "every one, reductions and contractions included"),
               clEnumValN(api::FpContract::All, "",
                          "--fp-contract alone: all")),
    cl::init(api::FpContract::Default));

static cl::opt<bool> inlineExp(
    "inline-exp",
    cl::desc("Compute f32 exp inline in f64 arithmetic, which vectorizes, "
             "instead of a libm call per element (on by default; "
             "--inline-exp=false calls libm)"),
    cl::init(true));

static cl::opt<bool> strictNumerics(
    "strict-numerics",
    cl::desc("Compute math functions with libm, one element at a time, "
             "instead of vector approximations with the error bounds of "
             "docs/numerics.md, and reductions and contractions in the "
             "evaluator's order (no vector-lane partial sums, no library "
             "calls, no FMA contraction; off by default; an error with "
             "--fp-contract other than off)"),
    cl::init(false));

static cl::opt<bool> libraryCalls(
    "library-calls",
    cl::desc("Compute large f32 matrix products and f32/bf16 convolutions "
             "with oneDNN instead of generated kernels (for a GPU: the "
             "products with cuBLASLt; on by default; off under "
             "--strict-numerics)"),
    cl::init(true));

static cl::opt<bool> asyncCollectives(
    "async-collectives",
    cl::desc("Run the collectives that move data between processes "
             "(all_gather, all_reduce, all_to_all, collective_broadcast, "
             "collective_permute) on a thread of their own, beside the "
             "kernels up to the first one that reads their result (on by "
             "default)"),
    cl::init(true));

static cl::opt<bool> fuseMatmulEpilogues(
    "fuse-matmul-epilogues",
    cl::desc("Apply the elementwise dispatch that alone reads a library "
             "matrix product (a bias, an activation, a residual add) to "
             "each tile of the product as it is finished (on by default)"),
    cl::init(true));

static cl::opt<bool> hloxMatmulKernel(
    "hlox-matmul-kernel",
    cl::desc("With --library-calls, compute f32 matrix products with "
             "hlox's own kernel where the CPU has AVX-512 (on by default; "
             "oneDNN elsewhere, or everywhere with =false): chains of 128 "
             "fused multiply-adds, about half oneDNN's rounding error, as "
             "fast within the noise of a 2-core VM (docs/performance.md)"),
    cl::init(true));

static cl::opt<bool> channelsLast(
    "channels-last",
    cl::desc("With --library-calls, compute NCHW convolutions and the "
             "elementwise ops, pads and pools around them in NHWC, with "
             "transposes at the edges (on by default)"),
    cl::init(hlox::CompileOptions().channelsLast));

static cl::opt<int64_t> libraryMinFlops(
    "library-min-flops",
    cl::desc("The fewest floating-point operations (2 x multiply-adds) a "
             "matrix product needs to become a library call (default "
             "4194304; a matrix-vector product a 16th of it, a "
             "convolution a 64th)"),
    cl::value_desc("n"), cl::init(hlox::CompileOptions().libraryMinFlops));

static cl::opt<bool> fuseRows(
    "fuse-rows",
    cl::desc("Compute a softmax, a layernorm or any root fed row by row by "
             "reductions and elementwise ops in one kernel, a row at a time "
             "through all of them (on by default)"),
    cl::init(true));

static cl::opt<int64_t> numReplicas(
    "num-replicas",
    cl::desc("The replicas of the grid of processes the program runs on "
             "(default: the module's mhlo.num_replicas, else 1)"),
    cl::value_desc("n"), cl::init(0));

static cl::opt<int64_t> numPartitions(
    "num-partitions",
    cl::desc("The partitions of the grid of processes the program runs on "
             "(default: the module's mhlo.num_partitions, else 1)"),
    cl::value_desc("n"), cl::init(0));

static cl::opt<std::string> targetCpu(
    "target-cpu",
    cl::desc("The CPU to compile kernels for: 'host' (default: this CPU, "
             "with its real features) or an LLVM CPU name such as "
             "x86-64-v2, skylake-avx512, sapphirerapids"),
    cl::value_desc("name"), cl::init("host"));

static cl::opt<std::string> targetFeatures(
    "target-features",
    cl::desc("CPU features added to or removed from the target CPU's, "
             "comma-separated (e.g. +avx2,-avx512f)"),
    cl::value_desc("+f,-g"), cl::init(""));

static cl::opt<std::string> cacheDir(
    "cache-dir",
    cl::desc("Keep compiled kernels in this folder and load them from it "
             "when a later compilation needs the same kernel for the same "
             "CPU, options and hlox version (off by default)"),
    cl::value_desc("dir"), cl::init(""));

namespace {
/// One `--composite=NAME:PATH`.
struct CompositeFlag {
  std::string name;
  api::CompositePath path = api::CompositePath::Auto;
};

/// Parses NAME:native|inline|auto (the name may hold colons itself).
class CompositeFlagParser : public cl::basic_parser<CompositeFlag> {
public:
  CompositeFlagParser(cl::Option &option) : basic_parser(option) {}
  StringRef getValueName() const override { return "name:path"; }
  bool parse(cl::Option &option, StringRef, StringRef text,
             CompositeFlag &value) {
    auto [name, path] = text.rsplit(':');
    std::optional<api::CompositePath> parsed =
        llvm::StringSwitch<std::optional<api::CompositePath>>(path)
            .Case("native", api::CompositePath::Native)
            .Case("inline", api::CompositePath::Inline)
            .Case("auto", api::CompositePath::Auto)
            .Default(std::nullopt);
    if (name.empty() || text.find(':') == StringRef::npos || !parsed)
      return option.error("'" + text +
                          "' is not NAME:native, NAME:inline or NAME:auto");
    value = {name.str(), *parsed};
    return false;
  }
};
} // namespace

static cl::list<CompositeFlag, bool, CompositeFlagParser> composites(
    "composite",
    cl::desc("The path of the composites named NAME: native (a custom call "
             "of the handler registered under NAME), inline (their "
             "decomposition, inlined) or auto (native when a handler is "
             "registered; the default); repeatable"),
    cl::value_desc("name:path"));

static cl::list<std::string>
    plugins("plugin",
            cl::desc("A shared library whose hlox_ffi_plugin_init registers "
                     "custom-call handlers (hlox/ffi/api.h; repeatable)"),
            cl::value_desc("path"));

void tools::registerPassManagerFlags() {
  mlir::registerMLIRContextCLOptions();
  mlir::registerPassManagerCLOptions();
  mlir::registerDefaultTimingManagerCLOptions();
}

void tools::applyCompileFlags(api::CompileOptions &options) {
  options.hostControlFlow = hostControlFlow;
  options.fpContract = fpContract;
  options.inlineExp = inlineExp;
  options.strictNumerics = strictNumerics;
  options.libraryCalls = libraryCalls;
  options.libraryMinFlops = libraryMinFlops;
  options.hloxMatmulKernel = hloxMatmulKernel;
  options.fuseMatmulEpilogues = fuseMatmulEpilogues;
  options.channelsLast = channelsLast;
  options.fuseRows = fuseRows;
  options.numReplicas = numReplicas;
  options.numPartitions = numPartitions;
  options.asyncCollectives = asyncCollectives;
  options.targetCpu = targetCpu;
  options.targetFeatures = targetFeatures;
  options.kernelCacheDir = cacheDir;
  options.compositePaths.clear();
  for (const CompositeFlag &flag : composites)
    options.compositePaths.emplace_back(flag.name, flag.path);
  options.plugins.assign(plugins.begin(), plugins.end());
  options.commandLinePassOptions = true;
}

bool tools::loadPlugins() {
  for (const std::string &path : plugins) {
    ffi::Status status = ffi::HandlerRegistry::global().loadPlugin(path);
    if (!status) {
      llvm::errs() << "error: " << status.message() << "\n";
      return false;
    }
  }
  return true;
}

void hlox::tools::aliasThreadsFlag(llvm::cl::opt<unsigned> &numThreads) {
  auto &options = llvm::cl::getRegisteredOptions();
  if (auto it = options.find("threads"); it != options.end())
    it->second->removeArgument();
  static llvm::cl::alias threads("threads",
                                 llvm::cl::desc("Alias for --num-threads"),
                                 llvm::cl::aliasopt(numThreads));
}
