//===- hlox-bench.cpp - Times compiled StableHLO programs -----------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
//   hlox-bench FILE [--function NAME] [--input=...]... [--repeat=N]
//              [--warmup=N] [--num-threads=N] [--vectorize=false]
//              [--host-control-flow=auto|always|never]
//              [--fp-contract[=off|elementwise|all]]
//              [--plugin=SO]...
//              [--seed=N] [--format=text|json] [--cache-dir=DIR]
//              [--compile-only]
//
// Compiles a function for the host CPU, runs it --warmup times, then times
// --repeat runs and reports the median (with min and max), and how that
// compares with the machine's own ceilings, measured on the spot:
//   - memory: the bytes of the arguments and results, per second, against
//     a parallel copy that moves as many bytes, and the minor page faults
//     per timed run, with the allocator that serves malloc;
//   - compute: the FLOPs of its dot_general and convolution ops, per
//     second, against the f32 FMA peak.
// Arguments the flags do not give are filled with seeded pseudo-random
// values (floats in [-1, 1), integers in [0, 16), booleans).
// With --compile-only it compiles (a static function without making up
// arguments) and reports the time of each phase, the program's ops, its
// dispatches and distinct kernels, and how many came from the cache.
// Exit status: 0 on success, 2 on bad input or a compile or run error.
//
//===----------------------------------------------------------------------===//

#include "Ceilings.h"
#include "CompileFlags.h"
#include "Inputs.h"
#include "Program.h"

#include "hlox/Dialect/StableHLO/IR/StablehloOps.h"
#include "hlox/Evaluator/Buffers.h"
#include "hlox/Evaluator/Numerics.h"
#include "hlox/HostProgram/Buffers.h"
#include "hlox/Pipelines/CompileCache.h"
#include "hlox/Target/CPU/Compiler.h"
#include "hlox/Transforms/Specialize.h"
#include "hlox/runtime/Device.h"
#include "hlox/runtime/Executable.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <random>

#include <sys/resource.h>

using namespace mlir;
using namespace hlox;
using namespace hlox::eval;
namespace cl = llvm::cl;

namespace {

cl::opt<std::string> inputFile(cl::Positional, cl::desc("<input file>"),
                               cl::Required);
cl::opt<std::string> functionName("function",
                                  cl::desc("The function to time (default: "
                                           "@main, or the only function)"));
cl::list<std::string>
    inputs("input", cl::desc("Argument i, as hlox-run takes it (TYPE=VALUES "
                             "or @FILE.npy); the rest are random"));
cl::opt<unsigned> repeat("repeat", cl::desc("Timed runs"), cl::init(50));
cl::opt<unsigned> warmup("warmup", cl::desc("Untimed runs before them"),
                         cl::init(3));
cl::opt<unsigned> numThreads("num-threads",
                             cl::desc("Threads that run dispatches (0: one "
                                      "per core; also --threads)"),
                             cl::init(0));
cl::opt<bool> vectorize("vectorize",
                        cl::desc("Vectorize the kernels (hlox-cpu-vectorize)"),
                        cl::init(true));
cl::opt<bool> compileOnly(
    "compile-only",
    cl::desc("Compile, report the compile time per phase, the dispatches and "
             "the distinct kernels, and exit without running"));
cl::opt<unsigned> seed("seed", cl::desc("Seed of the random arguments"),
                       cl::init(1));
enum class Format { Text, Json };
cl::opt<Format> format("format", cl::desc("Report format"),
                       cl::values(clEnumValN(Format::Text, "text", "lines"),
                                  clEnumValN(Format::Json, "json",
                                             "one JSON object")),
                       cl::init(Format::Text));

constexpr int kError = 2;

/// Compiles `function` for arguments of `types` (its own when empty) and
/// prints what compilation measured.
int compileAndReport(ModuleOp module, func::FuncOp function,
                     ArrayRef<RankedTensorType> types = {},
                     ArrayRef<Attribute> values = {}) {
  SmallVector<RankedTensorType> signature(types);
  if (signature.empty())
    for (Type type : function.getArgumentTypes())
      signature.push_back(cast<RankedTensorType>(type));
  int64_t ops = 0;
  module.walk([&](Operation *op) { ops += !isa<ModuleOp, func::FuncOp>(op); });
  cpu::CompileOptions options;
  options.entry = function.getSymName().str();
  options.vectorize = vectorize;
  tools::applyCompileFlags(options);
  CompileCache cache(module, cpu::createTarget(options));
  auto start = std::chrono::steady_clock::now();
  FailureOr<const CompiledProgram *> compiled =
      cache.get(signature, values);
  if (failed(compiled))
    return kError;
  double totalMs = std::chrono::duration<double, std::milli>(
                       std::chrono::steady_clock::now() - start)
                       .count();
  const CompileStats &stats = (*compiled)->stats;
  llvm::raw_ostream &os = llvm::outs();
  std::string file = llvm::sys::path::filename(inputFile).str();
  if (format == Format::Json) {
    os << llvm::formatv("{{\"file\": \"{0}\", \"function\": \"{1}\", "
                        "\"compile_ms\": {2:f1}, \"ops\": {3}, "
                        "\"dispatches\": {4}, \"kernels\": {5}, "
                        "\"compiled_kernels\": {6}, \"cached_kernels\": {7}, "
                        "\"phases_ms\": {{",
                        file, options.entry, totalMs, ops, stats.dispatches,
                        stats.kernels, stats.compiledKernels,
                        stats.cachedKernels);
    for (auto [i, phase] : llvm::enumerate(stats.phaseMilliseconds))
      os << llvm::formatv("{0}\"{1}\": {2:f1}", i ? ", " : "", phase.first,
                          phase.second);
    os << "}, \"slowest_kernels_ms\": {";
    for (auto [i, kernel] : llvm::enumerate(stats.slowestKernels))
      os << llvm::formatv("{0}\"{1}\": {2:f1}", i ? ", " : "", kernel.first,
                          kernel.second);
    os << "}}\n";
    return 0;
  }
  os << llvm::formatv("@{0} of {1}: compiled in {2:f1} ms; {3} ops, {4} "
                      "dispatches, {5} distinct kernels ({6} compiled, {7} "
                      "from the cache)\n",
                      options.entry, file, totalMs, ops, stats.dispatches,
                      stats.kernels, stats.compiledKernels,
                      stats.cachedKernels);
  for (auto &[phase, ms] : stats.phaseMilliseconds)
    os << llvm::formatv("  {0,-10} {1,9:f1} ms\n", phase, ms);
  for (auto &[kernel, ms] : stats.slowestKernels)
    os << llvm::formatv("  slowest kernel {0}: {1:f1} ms of code "
                        "generation\n",
                        kernel, ms);
  return 0;
}

/// FLOPs of the contractions in `function` and what it calls (a
/// multiply-add counts two); static shapes only.
double countFlops(func::FuncOp function, ModuleOp module) {
  double flops = 0;
  auto numElements = [](Type type) {
    auto shaped = cast<ShapedType>(type);
    return shaped.hasStaticShape() ? static_cast<double>(shaped.getNumElements())
                                   : 0.0;
  };
  llvm::SmallPtrSet<Operation *, 8> seen;
  std::function<void(func::FuncOp)> visit = [&](func::FuncOp callee) {
    if (!callee || !seen.insert(callee).second)
      return;
    callee.walk([&](Operation *op) {
      if (auto dot = dyn_cast<stablehlo::DotGeneralOp>(op)) {
        auto lhs = cast<ShapedType>(dot.getLhs().getType());
        double contracted = 1;
        for (int64_t dim :
             dot.getDotDimensionNumbers().getLhsContractingDimensions())
          contracted *= lhs.getDimSize(dim);
        flops += 2 * numElements(dot.getType()) * contracted;
      } else if (auto dot = dyn_cast<stablehlo::DotOp>(op)) {
        auto lhs = cast<ShapedType>(dot.getLhs().getType());
        flops += 2 * numElements(dot.getType()) *
                 lhs.getDimSize(lhs.getRank() - 1);
      } else if (auto conv = dyn_cast<stablehlo::ConvolutionOp>(op)) {
        auto kernel = cast<ShapedType>(conv.getRhs().getType());
        auto numbers = conv.getDimensionNumbers();
        // Each output element sums kernel input features x window.
        double window =
            kernel.getDimSize(numbers.getKernelInputFeatureDimension());
        for (int64_t dim : numbers.getKernelSpatialDimensions())
          window *= kernel.getDimSize(dim);
        flops += 2 * numElements(conv.getType()) * window;
      } else if (auto call = dyn_cast<func::CallOp>(op)) {
        visit(module.lookupSymbol<func::FuncOp>(call.getCallee()));
      }
    });
  };
  visit(function);
  return flops;
}

std::string humanBytes(double bytes) {
  const char *units[] = {"B", "KiB", "MiB", "GiB"};
  int unit = 0;
  while (bytes >= 1024 && unit < 3) {
    bytes /= 1024;
    ++unit;
  }
  return llvm::formatv("{0:f1} {1}", bytes, units[unit]).str();
}

/// `count` with a decimal prefix: "8.2 kFLOP".
std::string humanCount(double count, llvm::StringRef unit) {
  const char *prefixes[] = {"", "k", "M", "G", "T"};
  int prefix = 0;
  while (count >= 1000 && prefix < 4) {
    count /= 1000;
    ++prefix;
  }
  return llvm::formatv("{0:f1} {1}{2}", count, prefixes[prefix], unit).str();
}

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  return values[values.size() / 2];
}

/// The process's minor page faults so far (getrusage).
long getMinorFaults() {
  struct rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_minflt;
}

int benchmark(ModuleOp module) {
  func::FuncOp function = tools::pickFunction(module, functionName);
  if (!function) {
    tools::reportNoFunction(module, functionName);
    return kError;
  }
  FunctionType type = function.getFunctionType();
  if (inputs.size() > type.getNumInputs()) {
    function.emitError("takes ") << type.getNumInputs() << " arguments, got "
                                 << inputs.size() << " --input flags";
    return kError;
  }
  std::mt19937_64 rng(seed);
  SmallVector<Tensor> arguments;
  if (compileOnly && !hasDynamicShapes(function))
    return compileAndReport(module, function);
  for (unsigned i = 0; i < type.getNumInputs(); ++i) {
    auto expected = dyn_cast<RankedTensorType>(type.getInput(i));
    if (!expected) {
      function.emitError("argument ") << i << " is not a ranked tensor";
      return kError;
    }
    if (i < inputs.size()) {
      std::string error;
      FailureOr<Tensor> tensor =
          tools::parseInput(inputs[i], module.getContext(), error);
      if (failed(tensor)) {
        llvm::errs() << "error: --input " << i << ": " << error << "\n";
        return kError;
      }
      if (tensor->getElementType() != expected.getElementType() ||
          failed(verifyCompatibleShape(expected.getShape(),
                                       tensor->getShape()))) {
        llvm::errs() << "error: --input " << i << ": argument " << i
                     << " is " << expected << ", got " << tensor->getType()
                     << "\n";
        return kError;
      }
      arguments.push_back(std::move(*tensor));
      continue;
    }
    FailureOr<Tensor> tensor = tools::makeRandomArgument(function, i, rng);
    if (failed(tensor))
      return kError;
    arguments.push_back(std::move(*tensor));
  }

  SmallVector<RankedTensorType> types;
  SmallVector<Attribute> values;
  for (const Tensor &argument : arguments)
    tools::appendSignature(argument, types, values);
  // The FLOPs are counted on the program specialized to these arguments.
  std::string name = function.getSymName().str();
  if (compileOnly)
    return compileAndReport(module, function, types, values);
  OwningOpRef<ModuleOp> counted = module.clone();
  if (hasDynamicShapes(function) &&
      failed(specializeEntry(*counted, name, types, values)))
    return kError;
  double flops =
      countFlops(counted->lookupSymbol<func::FuncOp>(name), *counted);

  cpu::CompileOptions options;
  options.entry = name;
  options.vectorize = vectorize;
  tools::applyCompileFlags(options);
  CompileCache cache(module, cpu::createTarget(options));
  FailureOr<const CompiledProgram *> compiled = cache.get(types, values);
  if (failed(compiled))
    return kError;
  const CompiledProgram &program = **compiled;
  double compileMs = 0;
  for (auto &[phase, ms] : program.stats.phaseMilliseconds)
    compileMs += ms;
  runtime::Status status;
  std::unique_ptr<runtime::Executable> executable = runtime::Executable::create(
      program.program, program.kernels, status);
  if (!executable) {
    tools::emitRunError(function, "cannot load the compiled program: ",
                        status);
    return kError;
  }
  std::vector<std::shared_ptr<runtime::Buffer>> buffers;
  double bytes = 0;
  for (const Tensor &argument : arguments) {
    buffers.push_back(toBuffer(argument));
    // The same arguments every run, as a model's weights: the runtime
    // keeps what it derives from them without comparing them again.
    buffers.back()->setImmutable();
    bytes += buffers.back()->getByteSize();
  }
  // Checks in a benchmarked program are not judged.
  runtime::HostCallFn noChecks = [](int64_t,
                                    const std::vector<runtime::BufferView> &) {
    return runtime::Status();
  };
  runtime::CpuDevice device(numThreads);
  std::vector<std::shared_ptr<runtime::Buffer>> results;
  std::vector<double> times;
  // Minor page faults of the timed runs: a fresh page costs microseconds,
  // so a steady state that still faults is measuring the allocator.
  long faultsBefore = 0;
  for (unsigned i = 0; i < warmup + std::max(1u, repeat.getValue()); ++i) {
    if (i == warmup)
      faultsBefore = getMinorFaults();
    auto start = std::chrono::steady_clock::now();
    status = executable->execute(device, buffers, results, noChecks);
    double seconds = std::chrono::duration<double>(
                         std::chrono::steady_clock::now() - start)
                         .count();
    if (!status) {
      tools::emitRunError(function, "run failed: ", status);
      return kError;
    }
    if (i >= warmup)
      times.push_back(seconds);
  }
  double faultsPerRun =
      static_cast<double>(getMinorFaults() - faultsBefore) / times.size();
  for (const std::shared_ptr<runtime::Buffer> &result : results)
    bytes += result->getByteSize();
  double seconds = median(times);
  double bandwidth = bench::measureCopyBandwidth(device, static_cast<int64_t>(bytes));
  bench::Ceiling peak = bench::measureFmaPeak(device);
  double bytesPerSecond = bytes / seconds, flopsPerSecond = flops / seconds;
  double memoryShare = bytesPerSecond / bandwidth;
  double computeShare = flopsPerSecond / peak.perSecond;
  auto [minTime, maxTime] = std::minmax_element(times.begin(), times.end());
  std::string allocator = bench::describeAllocator();

  llvm::raw_ostream &os = llvm::outs();
  if (format == Format::Json) {
    os << llvm::formatv(
        "{{\"file\": \"{0}\", \"function\": \"{1}\", \"threads\": {2}, "
        "\"vectorize\": {3}, \"runs\": {4}, \"median_s\": {5:e}, "
        "\"min_s\": {6:e}, \"max_s\": {7:e}, \"compile_ms\": {8:f1}, "
        "\"bytes\": {9}, \"flops\": {10}, \"bytes_per_s\": {11:e}, "
        "\"copy_bytes_per_s\": {12:e}, \"flops_per_s\": {13:e}, "
        "\"peak_flops_per_s\": {14:e}, \"memory_fraction\": {15:f4}, "
        "\"compute_fraction\": {16:f4}, \"fp_contract\": \"{17}\", "
        "\"strict_numerics\": {18}, \"minor_faults_per_run\": {19:f1}, "
        "\"allocator\": \"{20}\"}\n",
        llvm::sys::path::filename(inputFile), name, device.getNumThreads(),
        vectorize ? "true" : "false", times.size(), seconds, *minTime, *maxTime,
        compileMs, static_cast<int64_t>(bytes), static_cast<int64_t>(flops),
        bytesPerSecond, bandwidth, flopsPerSecond, peak.perSecond, memoryShare,
        computeShare, tools::getFpContractName(options.getFpContract()),
        options.strictNumerics ? "true" : "false", faultsPerRun, allocator);
    return 0;
  }
  os << llvm::formatv(
      "@{0} of {1}: compiled in {2:f1} ms, {3} threads{4}{5}{6}\n", name,
      llvm::sys::path::filename(inputFile), compileMs, device.getNumThreads(),
      vectorize ? "" : ", not vectorized",
      options.getFpContract() == cpu::FpContract::Elementwise
          ? ""
          : (", FMA contraction " +
             tools::getFpContractName(options.getFpContract()))
                .str(),
      options.strictNumerics ? ", strict numerics" : "");
  os << llvm::formatv("time     {0:f2} us median of {1} runs (min {2:f2}, "
                      "max {3:f2})\n",
                      seconds * 1e6, times.size(), *minTime * 1e6,
                      *maxTime * 1e6);
  os << llvm::formatv("memory   {0} of arguments and results: {1:f2} GB/s, "
                      "{2:f1}% of a {3} copy ({4:f2} GB/s); {5:f1} minor "
                      "page faults per run ({6})\n",
                      humanBytes(bytes), bytesPerSecond / 1e9,
                      100 * memoryShare, humanBytes(bytes), bandwidth / 1e9,
                      faultsPerRun, allocator);
  if (flops > 0)
    os << llvm::formatv("compute  {0} in contractions: {1:f2} GFLOP/s, "
                        "{2:f1}% of the {3} ({4:f1} GFLOP/s)\n",
                        humanCount(flops, "FLOP"), flopsPerSecond / 1e9,
                        100 * computeShare, peak.what, peak.perSecond / 1e9);
  else
    os << llvm::formatv("compute  no contractions; the {0} is {1:f1} "
                        "GFLOP/s\n",
                        peak.what, peak.perSecond / 1e9);
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  tools::registerPassManagerFlags();
  tools::aliasThreadsFlag(numThreads);
  cl::ParseCommandLineOptions(argc, argv, "hlox benchmark runner\n");
  if (!tools::loadPlugins())
    return kError;
  std::unique_ptr<MLIRContext> context = tools::createToolContext();
  std::string errorMessage;
  std::unique_ptr<llvm::MemoryBuffer> file =
      openInputFile(inputFile, &errorMessage);
  if (!file) {
    llvm::errs() << "error: " << errorMessage << "\n";
    return kError;
  }
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(file), llvm::SMLoc());
  SourceMgrDiagnosticHandler handler(sourceMgr, context.get());
  OwningOpRef<ModuleOp> module =
      tools::parseProgram(sourceMgr, context.get());
  if (!module)
    return kError;
  return benchmark(*module);
}
