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
// Compiles a function for the host CPU through the API (hlox/api/Api.h),
// runs it --warmup times, then times
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

#include "ApiValues.h"
#include "Ceilings.h"
#include "CompileFlags.h"
#include "Inputs.h"
#include "Program.h"

#include "hlox/Evaluator/Tensor.h"
#include "hlox/Transforms/Specialize.h"
#include "hlox/api/Api.h"
#include "hlox/runtime/Device.h"

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

/// The client the program is compiled and run through.
std::shared_ptr<api::Client> createClient() {
  api::ClientOptions options;
  options.numThreads = numThreads;
  options.executableCacheSize = 0;
  api::StatusOr<std::shared_ptr<api::Client>> client =
      api::Client::create(options);
  if (!client.ok()) {
    llvm::errs() << "error: " << client.getStatus().getMessage() << "\n";
    return nullptr;
  }
  return *client;
}

/// The options hlox-bench compiles `name` with.
api::CompileOptions getCompileOptions(llvm::StringRef name) {
  api::CompileOptions options;
  options.entry = name.str();
  options.vectorize = vectorize;
  tools::applyCompileFlags(options);
  return options;
}

/// Compiles `function` of `program` through `client`, for `arguments`
/// when it is shape-polymorphic; the executable and the milliseconds it
/// took, or null after reporting why.
std::shared_ptr<api::Executable>
compileProgram(api::Client &client, llvm::StringRef program,
               func::FuncOp function,
               const std::vector<std::shared_ptr<api::Buffer>> &arguments,
               double &milliseconds) {
  auto start = std::chrono::steady_clock::now();
  api::StatusOr<std::shared_ptr<api::Executable>> executable = client.compile(
      {program.data(), program.size()},
      getCompileOptions(function.getSymName()), inputFile.getValue());
  if (!executable.ok()) {
    tools::emitApiError(function, "cannot compile: ", executable.getStatus());
    return nullptr;
  }
  if (!arguments.empty()) {
    api::Status status = (*executable)->compileFor(arguments);
    if (!status.ok()) {
      tools::emitApiError(function, "cannot compile: ", status);
      return nullptr;
    }
  }
  milliseconds = std::chrono::duration<double, std::milli>(
                     std::chrono::steady_clock::now() - start)
                     .count();
  return *executable;
}

/// Prints what compiling `executable` (in `totalMs`) measured.
int reportCompilation(const api::Executable &executable, ModuleOp module,
                      double totalMs) {
  int64_t ops = 0;
  module.walk([&](Operation *op) { ops += !isa<ModuleOp, func::FuncOp>(op); });
  api::CompileReport report = executable.getCompileReport();
  api::CostReport cost = executable.getCostReport();
  llvm::raw_ostream &os = llvm::outs();
  std::string file = llvm::sys::path::filename(inputFile).str();
  if (format == Format::Json) {
    os << llvm::formatv("{{\"file\": \"{0}\", \"function\": \"{1}\", "
                        "\"compile_ms\": {2:f1}, \"ops\": {3}, "
                        "\"dispatches\": {4}, \"kernels\": {5}, "
                        "\"compiled_kernels\": {6}, \"cached_kernels\": {7}, "
                        "\"phases_ms\": {{",
                        file, executable.getName(), totalMs, ops,
                        cost.dispatches, cost.kernels, report.compiledKernels,
                        report.cachedKernels);
    for (auto [i, phase] : llvm::enumerate(report.phaseMilliseconds))
      os << llvm::formatv("{0}\"{1}\": {2:f1}", i ? ", " : "", phase.first,
                          phase.second);
    os << "}, \"slowest_kernels_ms\": {";
    for (auto [i, kernel] : llvm::enumerate(report.slowestKernels))
      os << llvm::formatv("{0}\"{1}\": {2:f1}", i ? ", " : "", kernel.first,
                          kernel.second);
    os << "}}\n";
    return 0;
  }
  os << llvm::formatv("@{0} of {1}: compiled in {2:f1} ms; {3} ops, {4} "
                      "dispatches, {5} distinct kernels ({6} compiled, {7} "
                      "from the cache)\n",
                      executable.getName(), file, totalMs, ops, cost.dispatches,
                      cost.kernels, report.compiledKernels,
                      report.cachedKernels);
  for (auto &[phase, ms] : report.phaseMilliseconds)
    os << llvm::formatv("  {0,-10} {1,9:f1} ms\n", phase, ms);
  for (auto &[kernel, ms] : report.slowestKernels)
    os << llvm::formatv("  slowest kernel {0}: {1:f1} ms of code "
                        "generation\n",
                        kernel, ms);
  return 0;
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

int benchmark(ModuleOp module, llvm::StringRef program) {
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
  std::shared_ptr<api::Client> client = createClient();
  if (!client)
    return kError;
  double compileMs = 0;
  if (compileOnly && !hasDynamicShapes(function)) {
    std::shared_ptr<api::Executable> executable =
        compileProgram(*client, program, function, {}, compileMs);
    return executable ? reportCompilation(*executable, module, compileMs)
                      : kError;
  }
  std::mt19937_64 rng(seed);
  SmallVector<Tensor> arguments;
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
  // The same arguments every run, as a model's weights: the API's buffers
  // never change, and the runtime keeps what it derives from them without
  // comparing them again.
  std::vector<std::shared_ptr<api::Buffer>> buffers;
  double bytes = 0;
  for (auto [i, argument] : llvm::enumerate(arguments)) {
    api::StatusOr<std::shared_ptr<api::Buffer>> buffer =
        tools::toApiBuffer(*client, argument);
    if (!buffer.ok()) {
      tools::emitApiError(function, "argument " + std::to_string(i) + ": ",
                          buffer.getStatus());
      return kError;
    }
    buffers.push_back(*buffer);
    bytes += (*buffer)->getType().getByteSize();
  }
  std::shared_ptr<api::Executable> executable =
      compileProgram(*client, program, function, buffers, compileMs);
  if (!executable)
    return kError;
  if (compileOnly)
    return reportCompilation(*executable, module, compileMs);
  // The compile time the phases measured (without parsing).
  compileMs = 0;
  for (auto &[phase, ms] : executable->getCompileReport().phaseMilliseconds)
    compileMs += ms;
  // The FLOPs of the program as compiled for these arguments.
  double flops = static_cast<double>(executable->getCostReport().flops);
  std::string name = function.getSymName().str();
  // Checks in a benchmarked program are not judged.
  api::ExecuteOptions options;
  options.checks = false;
  std::vector<std::shared_ptr<api::Buffer>> results;
  std::vector<double> times;
  // Minor page faults of the timed runs: a fresh page costs microseconds,
  // so a steady state that still faults is measuring the allocator.
  long faultsBefore = 0;
  for (unsigned i = 0; i < warmup + std::max(1u, repeat.getValue()); ++i) {
    if (i == warmup)
      faultsBefore = getMinorFaults();
    results.clear();
    auto start = std::chrono::steady_clock::now();
    api::StatusOr<api::Executable::Execution> execution =
        executable->execute(buffers, options);
    double seconds = std::chrono::duration<double>(
                         std::chrono::steady_clock::now() - start)
                         .count();
    if (!execution.ok()) {
      tools::emitApiError(function, "run failed: ", execution.getStatus());
      return kError;
    }
    results = std::move(execution->results);
    if (i >= warmup)
      times.push_back(seconds);
  }
  double faultsPerRun =
      static_cast<double>(getMinorFaults() - faultsBefore) / times.size();
  for (const std::shared_ptr<api::Buffer> &result : results)
    bytes += result->getType().getByteSize();
  // The machine's ceilings, on as many threads as the runs had.
  runtime::CpuDevice device(client->getDevices().front().numThreads);
  double seconds = median(times);
  double bandwidth = bench::measureCopyBandwidth(device, static_cast<int64_t>(bytes));
  bench::Ceiling peak = bench::measureFmaPeak(device);
  double bytesPerSecond = bytes / seconds, flopsPerSecond = flops / seconds;
  double memoryShare = bytesPerSecond / bandwidth;
  double computeShare = flopsPerSecond / peak.perSecond;
  auto [minTime, maxTime] = std::minmax_element(times.begin(), times.end());
  std::string allocator = bench::describeAllocator();
  api::CompileOptions compileOptions = executable->getOptions();
  // The contraction in effect: elementwise, or off under strict numerics.
  llvm::StringRef fpContractName =
      compileOptions.fpContract != api::FpContract::Default
          ? llvm::StringRef(api::getName(compileOptions.fpContract).data(),
                            api::getName(compileOptions.fpContract).size())
      : compileOptions.strictNumerics ? "off"
                                      : "elementwise";

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
        computeShare, fpContractName,
        compileOptions.strictNumerics ? "true" : "false", faultsPerRun,
        allocator);
    return 0;
  }
  os << llvm::formatv(
      "@{0} of {1}: compiled in {2:f1} ms, {3} threads{4}{5}{6}\n", name,
      llvm::sys::path::filename(inputFile), compileMs, device.getNumThreads(),
      vectorize ? "" : ", not vectorized",
      fpContractName == "elementwise"
          ? ""
          : (", FMA contraction " + fpContractName).str(),
      compileOptions.strictNumerics ? ", strict numerics" : "");
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
  const llvm::MemoryBuffer *buffer =
      sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
  return benchmark(*module, buffer->getBuffer());
}
