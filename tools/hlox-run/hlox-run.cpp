//===- hlox-run.cpp - Runs StableHLO programs -----------------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
//   hlox-run FILE [--interpret] [--function NAME] [--input=2x3xf32=1,2,...
//            | --input=@x.npy]... [--output=@out.npy]... [--print-output]
//            [--split-input-file] [--opaque-constants] [--num-threads=N]
//            [--stats] [--dump-ir=DIR] [--repeat=N] [--vectorize=false]
//            [--device=cpu|cuda]
//            [--host-control-flow=auto|always|never]
//            [--fp-contract[=off|elementwise|all]]
//            [--plugin=SO]... [--target-cpu=NAME]
//            [--target-features=+f,-g] [--random-inputs [--seed=N]]
//            [--compare-with-interpreter [--rtol=R] [--atol=A]
//             [--compare-norm]]
//
// Runs a function of a StableHLO module (`@main`, or the module's only
// function): compiled for the host CPU (or, with --device=cuda, for the
// GPU) and run through the API (hlox/api/Api.h), or on the reference
// evaluator with --interpret. FILE
// may also be a serialized executable (hlox-compile -o F.hlox). check ops
// report each mismatch.
// --random-inputs makes up the arguments no --input gives (seeded);
// --compare-with-interpreter runs both paths and compares the results.
// Exit status: 0 when every check passed (and the results agreed), 1 when a
// check failed (or results differed), 2 on bad input, a compile error or an
// evaluation error.
//
//===----------------------------------------------------------------------===//

#include "ApiValues.h"
#include "Compare.h"
#include "CompileFlags.h"
#include "Inputs.h"
#include "Npy.h"
#include "Profile.h"
#include "Program.h"
#include "Serve.h"

#include "hlox/Dialect/Interpreter/IR/InterpreterOps.h"
#include "hlox/Evaluator/Buffers.h"
#include "hlox/Evaluator/Evaluator.h"
#include "hlox/Evaluator/Numerics.h"
#include "hlox/Target/CPU/Compiler.h"
#include "hlox/Transforms/Specialize.h"
#include "hlox/api/Api.h"
#include "hlox/api/CompilerOptions.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Support/ToolUtilities.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <map>
#include <random>

using namespace mlir;
using namespace hlox;
using namespace hlox::eval;
namespace cl = llvm::cl;

namespace {

cl::opt<std::string> inputFile(cl::Positional, cl::desc("<input file>"),
                               cl::Required);
cl::opt<bool> interpret("interpret",
                        cl::desc("Run on the reference evaluator instead of "
                                 "compiling for the host CPU"),
                        cl::init(false));
cl::opt<bool> opaqueConstants(
    "opaque-constants",
    cl::desc("Compiled path: keep every constant a run-time buffer, so that "
             "the generated code computes every op"));
cl::opt<unsigned> numThreads("num-threads",
                             cl::desc("Compiled path: threads that run "
                                      "dispatches (0: one per core; also "
                                      "--threads)"),
                             cl::init(0));
cl::opt<std::string>
    device("device",
           cl::desc("The device that runs compiled programs: cpu (the "
                    "default), or cuda (an NVIDIA GPU through the driver, "
                    "libcuda.so.1 or $HLOX_CUDA_DRIVER; without one, an "
                    "error: no CUDA device)"),
           cl::init("cpu"));
cl::opt<bool> vectorize("vectorize",
                        cl::desc("Compiled path: tile and vectorize the "
                                 "kernels (on by default)"),
                        cl::init(true));
cl::opt<std::string> dumpIr("dump-ir",
                            cl::desc("Compiled path: write the module after "
                                     "each phase into this folder"));
cl::opt<unsigned> repeat("repeat",
                         cl::desc("Compiled path: run this many more times "
                                  "and print the median time per run"),
                         cl::init(0));
cl::opt<std::string> functionName("function",
                                  cl::desc("The function to run (default: "
                                           "@main, or the only function)"));
cl::list<std::string>
    inputs("input",
           cl::desc("An argument: TYPE=VALUES (2x3xf32=1,2,3,4,5,6; "
                    "brackets and spaces also separate values) or @FILE.npy"));
cl::list<std::string> outputs("output",
                              cl::desc("Write result i to @FILE.npy (one "
                                       "--output per result, in order; in "
                                       "a job of processes %p in FILE is "
                                       "the process index)"));
cl::opt<bool> printOutput("print-output",
                          cl::desc("Print the results to stdout"));
cl::opt<bool> randomInputs(
    "random-inputs",
    cl::desc("Make up the arguments that no --input gives: seeded "
             "pseudo-random values (floats in [-1, 1), integers in [0, 16))"));
cl::opt<unsigned> seed("seed",
                       cl::desc("Seed of --random-inputs (default 0)"),
                       cl::init(0));
cl::opt<bool> compareWithInterpreter(
    "compare-with-interpreter",
    cl::desc("Run compiled and on the reference evaluator with the same "
             "arguments and compare the results (exit 1 on a mismatch)"));
cl::opt<bool> compareNorm(
    "compare-norm",
    cl::desc("With --compare-with-interpreter, judge each float result by "
             "the relative L2 norm of its error (||got - want|| / ||want|| "
             "<= rtol) instead of element by element: for deep networks, "
             "where one-ulp differences grow through the layers"));
cl::opt<double> rtolFlag(
    "rtol",
    cl::desc("Relative tolerance of --compare-with-interpreter (default: by "
             "element type, 1e-4 for f32)"),
    cl::init(-1));
cl::opt<double> atolFlag(
    "atol",
    cl::desc("Absolute tolerance of --compare-with-interpreter (default: by "
             "element type, 1e-5 for f32)"),
    cl::init(-1));
enum class Collectives { Local, Mpi, Gloo };
cl::opt<Collectives> collectives(
    "collectives",
    cl::desc("Where the processes of a program for a grid run: local (all "
             "in this process, a device each; the default), mpi (this "
             "process is one of them: run under `mpirun -np N`, N the "
             "grid's size, process index the MPI rank) or gloo (this "
             "process is --process-id of --num-processes, meeting the "
             "others at --coordinator)"),
    cl::values(
        clEnumValN(Collectives::Local, "local", "threads of this process"),
        clEnumValN(Collectives::Mpi, "mpi", "the processes of an MPI job"),
        clEnumValN(Collectives::Gloo, "gloo",
                   "processes that meet at a coordinator, over "
                   "Gloo's TCP connections")),
    cl::init(Collectives::Local));

cl::opt<double> collectiveTimeout(
    "collective-timeout",
    cl::desc("With --collectives=mpi or gloo, the seconds a collective (and "
             "gloo's rendezvous) may wait before it fails (default 60)"),
    cl::value_desc("s"), cl::init(60));

cl::opt<int64_t> numProcesses(
    "num-processes",
    cl::desc("With --collectives=gloo, the processes of the job (the "
             "grid's size)"),
    cl::value_desc("n"), cl::init(0));

cl::opt<int64_t> processId(
    "process-id",
    cl::desc("With --collectives=gloo, this process's index in the job "
             "(its device index in the grid)"),
    cl::value_desc("i"), cl::init(-1));

cl::opt<std::string> coordinator(
    "coordinator",
    cl::desc("With --collectives=gloo, where the job's processes meet: "
             "HOST:PORT, which process 0 serves"),
    cl::value_desc("host:port"));

cl::opt<bool> profile(
    "profile",
    cl::desc("Compiled path: print the time of each dispatch, library call "
             "and host command (share of the run, ms per run, source "
             "location), the median over the --repeat runs (or the one run); "
             "of a partitioned program, each device's"));
cl::opt<std::string> traceFile(
    "trace",
    cl::desc("Compiled path: write the last run's commands as a Chrome "
             "trace (JSON; Perfetto and chrome://tracing open it); of a "
             "partitioned program, a track per device"),
    cl::value_desc("file"));
cl::opt<bool> donateArguments(
    "donate-arguments",
    cl::desc("Compiled path: give the arguments' buffers to the first run, "
             "so that a result the program pairs with an argument is "
             "written into that argument's buffer instead of a new one "
             "(--stats lists the pairs; --repeat runs do not donate)"));
cl::opt<bool> splitInputFile("split-input-file",
                             cl::desc("Run each '// -----' chunk separately"));

/// Exit statuses.
enum ExitCode { kPassed = 0, kCheckFailed = 1, kError = 2 };

/// Describes a type mismatch between a given argument and a parameter.
std::string describeMismatch(Type expected, const Tensor &given) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "expects " << expected << ", got " << given.getType();
  return text;
}

/// Prints or writes `results` as the flags say.
/// Prints `results` as --print-output does: "result[I]: VALUE" lines.
void printResults(ArrayRef<RuntimeValue> results, llvm::raw_ostream &os) {
  for (auto [i, result] : llvm::enumerate(results)) {
    os << "result[" << i << "]: ";
    result.print(os);
    os << "\n";
  }
}

/// "process (replica R, partition P)": device `index` of a grid of
/// `partitions` partitions.
std::string describeProcess(int64_t index, int64_t partitions) {
  return "process (replica " + std::to_string(index / partitions) +
         ", partition " + std::to_string(index % partitions) + ")";
}

/// With --print-output, process `index`'s results after its place in the
/// grid, in one write, so that the outputs of a job's processes do not
/// interleave.
void printProcessResults(int64_t index, int64_t partitions,
                         ArrayRef<RuntimeValue> results) {
  if (!printOutput)
    return;
  std::string text = describeProcess(index, partitions) + ":\n";
  llvm::raw_string_ostream os(text);
  printResults(results, os);
  llvm::outs() << text;
  llvm::outs().flush();
}

/// Writes the results to the --output files; a process of a job
/// (`process` >= 0) writes to names with its index for `%p`.
ExitCode writeOutputs(ArrayRef<RuntimeValue> results, int64_t process = -1) {
  if (outputs.empty())
    return kPassed;
  if (outputs.size() != results.size()) {
    llvm::errs() << "error: " << outputs.size() << " --output flags for "
                 << results.size() << " results\n";
    return kError;
  }
  for (auto [spec, result] : llvm::zip(outputs, results)) {
    StringRef given(spec);
    if (!given.consume_front("@") || !result.isTensor()) {
      llvm::errs() << "error: --output takes @FILE.npy for a tensor "
                      "result\n";
      return kError;
    }
    std::string path = given.str();
    if (process >= 0) {
      size_t at = path.find("%p");
      if (at == std::string::npos) {
        llvm::errs() << "error: --output=@" << path
                     << ": each process of a job writes its own results; "
                        "name the file with %p for the process index\n";
        return kError;
      }
      path.replace(at, 2, std::to_string(process));
    }
    if (llvm::Error error = tools::writeNpy(path, result.getTensor())) {
      llvm::errs() << "error: " << llvm::toString(std::move(error)) << "\n";
      return kError;
    }
  }
  return kPassed;
}

ExitCode emitResults(ArrayRef<RuntimeValue> results) {
  if (printOutput)
    printResults(results, llvm::outs());
  return writeOutputs(results);
}

/// Reports failed checks; the exit code they earn.
ExitCode reportChecks(const Evaluator &evaluator) {
  for (const CheckFailure &failure : evaluator.getCheckFailures())
    emitError(failure.location) << "check failed: " << failure.message;
  return evaluator.getCheckFailures().empty() ? kPassed : kCheckFailed;
}

/// Runs `function` on the evaluator. With `resultsOut`, the results go
/// there instead of to --print-output/--output. With `runner`, the
/// interpreter.run_parallel ops it meets run through it.
ExitCode runInterpreted(ModuleOp module, func::FuncOp function,
                        ArrayRef<RuntimeValue> arguments,
                        SmallVectorImpl<RuntimeValue> *resultsOut = nullptr,
                        Evaluator::ParallelRunner runner = {}) {
  Evaluator evaluator(module);
  evaluator.setParallelRunner(std::move(runner));
  FailureOr<SmallVector<RuntimeValue>> results =
      evaluator.call(function, arguments);
  if (failed(results))
    return kError;
  if (resultsOut)
    resultsOut->assign(results->begin(), results->end());
  ExitCode code = resultsOut ? kPassed : emitResults(*results);
  if (code != kPassed)
    return code;
  return reportChecks(evaluator);
}

/// The client every compiled run goes through (created on first use, with
/// --num-threads).
api::Client &getClient() {
  static std::shared_ptr<api::Client> client = [] {
    api::ClientOptions options;
    options.platform = device;
    options.numThreads = numThreads;
    // Each program is compiled once.
    options.executableCacheSize = 0;
    api::StatusOr<std::shared_ptr<api::Client>> created =
        api::Client::create(options);
    if (!created.ok()) {
      llvm::errs() << "error: " << created.getStatus().getMessage() << "\n";
      std::exit(kError);
    }
    return *created;
  }();
  return *client;
}

/// The arguments as buffers of the client's device.
FailureOr<std::vector<std::shared_ptr<api::Buffer>>>
makeBuffers(func::FuncOp function, ArrayRef<RuntimeValue> arguments) {
  std::vector<std::shared_ptr<api::Buffer>> buffers;
  for (auto [i, argument] : llvm::enumerate(arguments)) {
    api::StatusOr<std::shared_ptr<api::Buffer>> buffer =
        tools::toApiBuffer(getClient(), argument.getTensor());
    if (!buffer.ok()) {
      tools::emitApiError(function, "argument " + std::to_string(i) + ": ",
                          buffer.getStatus());
      return failure();
    }
    buffers.push_back(*buffer);
  }
  return buffers;
}

/// Runs `executable` --repeat times on `buffers` (results thrown away,
/// checks skipped) and prints the median, min and max time per run; with
/// `timings`, each run appends its commands' timings there.
api::Status
timeRepeatedRuns(api::Executable &executable,
                 const std::vector<std::shared_ptr<api::Buffer>> &buffers,
                 std::vector<std::vector<api::CommandTiming>> *timings,
                 const api::ExecuteOptions &base = {}, StringRef prefix = "") {
  api::ExecuteOptions options = base;
  options.checks = false;
  options.profile = timings != nullptr;
  std::vector<double> times;
  for (unsigned i = 0; i < repeat; ++i) {
    auto start = std::chrono::steady_clock::now();
    api::StatusOr<api::Executable::Execution> execution =
        executable.execute(buffers, options);
    times.push_back(std::chrono::duration<double, std::micro>(
                        std::chrono::steady_clock::now() - start)
                        .count());
    if (!execution.ok())
      return execution.getStatus();
    if (timings)
      timings->push_back(std::move(execution->report->timings));
  }
  std::sort(times.begin(), times.end());
  // One write, so that the processes of a job do not interleave lines.
  llvm::outs() << (prefix +
                   llvm::formatv("time per run: {0:f1} us median of {1} runs "
                                 "(min {2:f1}, max {3:f1}), {4} threads\n",
                                 times[times.size() / 2], times.size(),
                                 times.front(), times.back(),
                                 getClient().getDevices().front().numThreads)
                       .str());
  llvm::outs().flush();
  return {};
}

/// Prints what compiling `executable` measured and found (--stats).
void printCompileStats(const api::Executable &executable) {
  api::CompileReport report = executable.getCompileReport();
  api::CostReport cost = executable.getCostReport();
  double total = 0;
  for (auto &[phase, ms] : report.phaseMilliseconds) {
    llvm::errs() << llvm::formatv("compile {0,-10} {1,8:f2} ms\n", phase, ms);
    total += ms;
  }
  llvm::errs() << llvm::formatv("compile {0,-10} {1,8:f2} ms\n", "total",
                                total);
  llvm::errs() << "kernels " << cost.kernels << " distinct ("
               << report.compiledKernels << " compiled, "
               << report.cachedKernels << " from the cache)\n";
  for (auto &[kernel, ms] : report.slowestKernels)
    llvm::errs() << llvm::formatv("slowest kernel {0} {1:f2} ms\n", kernel, ms);
  llvm::errs() << "dispatches " << cost.dispatches << ", arena "
               << cost.workspaceBytes << " bytes ("
               << cost.workspaceBytesWithoutReuse
               << " without reuse), constants " << cost.constantBytes
               << " bytes\n";
  if (report.partitioning.devices > 1)
    llvm::errs() << "partitioned over " << report.partitioning.devices
                 << " devices: " << report.partitioning.allGathers
                 << " all-gathers, " << report.partitioning.allReduces
                 << " all-reduces, " << report.partitioning.reduceScatters
                 << " reduce-scatters, " << report.partitioning.allToAlls
                 << " all-to-alls, " << report.partitioning.collectivePermutes
                 << " collective-permutes (halos), "
                 << report.partitioning.slices
                 << " slices of a device's shard, "
                 << report.partitioning.wholeOps
                 << " ops computed whole on gathered operands or sliced\n";
  for (const api::CompileReport::Composite &choice : report.composites)
    llvm::errs() << "composite " << choice.name << " (version "
                 << choice.version << "): "
                 << (choice.native ? "native (" + choice.target + ")"
                                   : std::string("inline"))
                 << ", " << choice.count << " op"
                 << (choice.count == 1 ? "" : "s") << "\n";
  for (auto [argument, result] : llvm::enumerate(report.donationResults))
    if (result >= 0)
      llvm::errs() << "donation: argument " << argument << " may become result "
                   << result << "\n";
}

/// Runs `executable` (compiled from `function`, or loaded with `function`
/// declaring its signature) on `arguments`, then --repeat more times. With
/// `resultsOut`, the results go there instead of to --print-output/--output.
ExitCode runExecutable(api::Executable &executable, func::FuncOp function,
                       ArrayRef<RuntimeValue> arguments,
                       SmallVectorImpl<RuntimeValue> *resultsOut = nullptr) {
  FailureOr<std::vector<std::shared_ptr<api::Buffer>>> buffers =
      makeBuffers(function, arguments);
  if (failed(buffers))
    return kError;
  // Timings of each profiled run: the first, or the --repeat runs.
  bool timed = profile || !traceFile.empty();
  api::ExecuteOptions options;
  options.profile = timed;
  // Failed checks are reported after the results, as the evaluator's.
  options.failOnCheckFailure = false;
  if (donateArguments)
    options.donate.assign(buffers->size(), true);
  api::StatusOr<api::Executable::Execution> execution =
      executable.execute(*buffers, options);
  // The compilation's warnings (of a shape-polymorphic function, once the
  // run has compiled it for its arguments).
  std::string diagnostics = executable.getCompileReport().diagnostics;
  if (!diagnostics.empty())
    llvm::errs() << diagnostics << "\n";
  // --stats is LLVM's own flag (statistics); hlox-run reads it to print the
  // compile report (of a shape-polymorphic function, once the run has
  // compiled it for its arguments).
  if (llvm::AreStatisticsEnabled())
    printCompileStats(executable);
  if (!execution.ok()) {
    tools::emitApiError(function, "run failed: ", execution.getStatus());
    return kError;
  }
  std::shared_ptr<api::ExecutionReport> report = execution->report;
  std::vector<std::vector<api::CommandTiming>> timings;
  timings.push_back(report->timings);
  if (repeat > 0) {
    // Donated arguments are gone: the repeated runs get them afresh.
    if (donateArguments) {
      buffers = makeBuffers(function, arguments);
      if (failed(buffers))
        return kError;
    }
    if (timed)
      timings.clear();
    api::Status status =
        timeRepeatedRuns(executable, *buffers, timed ? &timings : nullptr);
    if (!status.ok()) {
      tools::emitApiError(function, "run failed: ", status);
      return kError;
    }
  }
  if (profile)
    tools::printProfile(llvm::errs(), *report->commands, timings);
  if (!traceFile.empty()) {
    std::string error =
        tools::writeChromeTrace(traceFile, *report->commands, timings.back());
    if (!error.empty()) {
      llvm::errs() << "error: " << error << "\n";
      return kError;
    }
  }
  SmallVector<RuntimeValue> values;
  for (auto [buffer, type] :
       llvm::zip(execution->results, function.getResultTypes())) {
    std::string error;
    FailureOr<Tensor> value = tools::fromApiBuffer(
        *buffer, cast<ShapedType>(type).getElementType(), error);
    if (failed(value)) {
      function.emitError("result: ") << error;
      return kError;
    }
    values.push_back(std::move(*value));
  }
  if (resultsOut)
    resultsOut->assign(values.begin(), values.end());
  ExitCode code = resultsOut ? kPassed : emitResults(values);
  if (code != kPassed)
    return code;
  tools::emitCheckFailures(function.getContext(), report->checkFailures);
  return report->checkFailures.empty() ? kPassed : kCheckFailed;
}

/// Appends `function`'s results, `buffers`, to `values` (a token result
/// passes as an empty tensor and becomes a token again).
LogicalResult
appendResults(func::FuncOp function,
              const std::vector<std::shared_ptr<api::Buffer>> &buffers,
              SmallVectorImpl<RuntimeValue> &values) {
  for (auto [buffer, type] : llvm::zip(buffers, function.getResultTypes())) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    if (!tensor) {
      values.push_back(RuntimeValue::token());
      continue;
    }
    std::string error;
    FailureOr<Tensor> value =
        tools::fromApiBuffer(*buffer, tensor.getElementType(), error);
    if (failed(value))
      return function.emitError("result: ") << error;
    values.push_back(std::move(*value));
  }
  return success();
}

/// `option`, or when 0 the integer attribute `name` of `function`'s
/// module, else 1.
int64_t getGridSize(func::FuncOp function, int64_t option, StringRef name) {
  if (option != 0)
    return option;
  auto module = function->getParentOfType<ModuleOp>();
  if (auto attr =
          module ? module->getAttrOfType<IntegerAttr>(name) : IntegerAttr())
    return attr.getInt();
  return 1;
}

/// Runs `executable` (compiled for a grid of `replicas` x `partitions`
/// processes) as every process of the grid, each on the same arguments
/// (Client::executeParallel); prints each process's results after its
/// place in the grid.
ExitCode runOnGrid(api::Executable &executable, func::FuncOp function,
                   ArrayRef<RuntimeValue> arguments, int64_t replicas,
                   int64_t partitions) {
  if (!outputs.empty() || repeat > 0 || profile || !traceFile.empty()) {
    function.emitError("--output, --repeat, --profile and --trace take one "
                       "process's run; this program runs on ")
        << replicas * partitions << " processes";
    return kError;
  }
  FailureOr<std::vector<std::shared_ptr<api::Buffer>>> buffers =
      makeBuffers(function, arguments);
  if (failed(buffers))
    return kError;
  std::shared_ptr<api::Executable> shared = executable.shared_from_this();
  std::vector<api::Client::ParallelProcess> processes(replicas * partitions,
                                                      {shared, *buffers});
  api::Client::ParallelOptions options;
  options.numReplicas = replicas;
  options.numPartitions = partitions;
  options.execute.failOnCheckFailure = false;
  api::StatusOr<api::Client::ParallelExecution> execution =
      getClient().executeParallel(processes, options);
  if (!execution.ok()) {
    tools::emitApiError(function, "run failed: ", execution.getStatus());
    return kError;
  }
  ExitCode code = kPassed;
  for (auto [index, results] : llvm::enumerate(execution->results)) {
    SmallVector<RuntimeValue> values;
    if (failed(appendResults(function, results, values)))
      return kError;
    printProcessResults(index, partitions, values);
    const std::vector<api::CheckFailure> &failures =
        execution->reports[index].checkFailures;
    tools::emitCheckFailures(function.getContext(), failures);
    if (!failures.empty())
      code = kCheckFailed;
  }
  return code;
}

/// Runs `executable` as this process's share of a job of processes running
/// its grid (MPI: process index = rank; Gloo: --process-id); prints the
/// results after its place in the grid.
ExitCode runAsJobProcess(api::Executable &executable, func::FuncOp function,
                         ArrayRef<RuntimeValue> arguments, int64_t replicas,
                         int64_t partitions) {
  if (profile || !traceFile.empty()) {
    function.emitError("--profile and --trace take a run of one process; "
                       "this one runs its share of a job");
    return kError;
  }
  if (collectives == Collectives::Gloo &&
      (numProcesses < 1 || processId < 0 || coordinator.empty())) {
    llvm::errs() << "error: --collectives=gloo needs --num-processes, "
                    "--process-id and --coordinator\n";
    return kError;
  }
  api::StatusOr<std::shared_ptr<api::ProcessGroup>> group =
      collectives == Collectives::Mpi
          ? api::ProcessGroup::joinMpi(collectiveTimeout)
          : api::ProcessGroup::joinGloo(coordinator, numProcesses, processId,
                                        collectiveTimeout);
  if (!group.ok()) {
    llvm::errs() << "error: " << group.getStatus().getMessage() << "\n";
    return kError;
  }
  FailureOr<std::vector<std::shared_ptr<api::Buffer>>> buffers =
      makeBuffers(function, arguments);
  if (failed(buffers))
    return kError;
  // A partitioned program takes this process's shards of the arguments.
  if (executable.getNumDevices() > 1) {
    api::StatusOr<std::vector<std::vector<std::shared_ptr<api::Buffer>>>>
        split = getClient().splitArguments(executable, *buffers);
    if (!split.ok()) {
      tools::emitApiError(function, "", split.getStatus());
      return kError;
    }
    int64_t index = (*group)->getProcessIndex();
    if (index >= static_cast<int64_t>(split->size())) {
      function.emitError("process ")
          << index << " of a job; the program is partitioned over "
          << split->size() << " devices";
      return kError;
    }
    *buffers = std::move((*split)[index]);
  }
  api::ExecuteOptions options;
  options.failOnCheckFailure = false;
  options.processGroup = *group;
  options.numReplicas = replicas;
  options.numPartitions = partitions;
  api::StatusOr<api::Executable::Execution> execution =
      executable.execute(*buffers, options);
  if (!execution.ok()) {
    tools::emitApiError(function, "run failed: ", execution.getStatus());
    return kError;
  }
  SmallVector<RuntimeValue> values;
  if (failed(appendResults(function, execution->results, values)))
    return kError;
  int64_t index = (*group)->getProcessIndex();
  printProcessResults(index, partitions, values);
  if (ExitCode written = writeOutputs(values, index); written != kPassed)
    return written;
  if (repeat > 0) {
    std::string prefix = describeProcess(index, partitions) + ": ";
    api::Status status =
        timeRepeatedRuns(executable, *buffers, nullptr, options, prefix);
    if (!status.ok()) {
      tools::emitApiError(function, "run failed: ", status);
      return kError;
    }
  }
  tools::emitCheckFailures(function.getContext(),
                           execution->report->checkFailures);
  return execution->report->checkFailures.empty() ? kPassed : kCheckFailed;
}

/// Runs `executable`, partitioned over its devices, on the global
/// `arguments`: each device's shards split from them, the devices run as
/// processes of one grid (Client::executeParallel), the global results put
/// together from their shards; printed, or with `resultsOut` returned, as
/// one device's would be. --repeat times the runs of the devices.
ExitCode runSharded(api::Executable &executable, func::FuncOp function,
                    ArrayRef<RuntimeValue> arguments,
                    SmallVectorImpl<RuntimeValue> *resultsOut) {
  int64_t devices = executable.getNumDevices();
  FailureOr<std::vector<std::shared_ptr<api::Buffer>>> buffers =
      makeBuffers(function, arguments);
  if (failed(buffers))
    return kError;
  api::Client &client = getClient();
  api::StatusOr<std::vector<std::vector<std::shared_ptr<api::Buffer>>>> split =
      client.splitArguments(executable, *buffers);
  if (!split.ok()) {
    tools::emitApiError(function, "", split.getStatus());
    return kError;
  }
  std::shared_ptr<api::Executable> shared = executable.shared_from_this();
  std::vector<api::Client::ParallelProcess> processes;
  for (std::vector<std::shared_ptr<api::Buffer>> &device : *split)
    processes.push_back({shared, device});
  api::Client::ParallelOptions options;
  options.numPartitions = devices;
  options.execute.failOnCheckFailure = false;
  options.execute.profile = profile || !traceFile.empty();
  api::StatusOr<api::Client::ParallelExecution> execution =
      client.executeParallel(processes, options);
  // Per device, the timings of each run (the first, then the repeated
  // ones), for --profile and --trace.
  std::vector<std::vector<std::vector<api::CommandTiming>>> deviceRuns(devices);
  auto recordTimings = [&](const api::Client::ParallelExecution &run) {
    if (!options.execute.profile)
      return;
    for (auto [device, report] : llvm::enumerate(run.reports))
      if (device < deviceRuns.size())
        deviceRuns[device].push_back(report.timings);
  };
  if (llvm::AreStatisticsEnabled())
    printCompileStats(executable);
  if (!execution.ok()) {
    tools::emitApiError(function, "run failed: ", execution.getStatus());
    return kError;
  }
  recordTimings(*execution);
  api::StatusOr<std::vector<std::shared_ptr<api::Buffer>>> results =
      client.assembleResults(executable, execution->results);
  if (!results.ok()) {
    tools::emitApiError(function, "", results.getStatus());
    return kError;
  }
  if (repeat > 0) {
    options.execute.checks = false;
    std::vector<double> times;
    for (unsigned i = 0; i < repeat; ++i) {
      auto start = std::chrono::steady_clock::now();
      api::StatusOr<api::Client::ParallelExecution> timed =
          client.executeParallel(processes, options);
      times.push_back(std::chrono::duration<double, std::micro>(
                          std::chrono::steady_clock::now() - start)
                          .count());
      if (!timed.ok()) {
        tools::emitApiError(function, "run failed: ", timed.getStatus());
        return kError;
      }
      // The first run paid for fresh memory: the repeated ones are timed.
      if (i == 0)
        for (auto &runs : deviceRuns)
          runs.clear();
      recordTimings(*timed);
    }
    std::sort(times.begin(), times.end());
    llvm::outs() << llvm::formatv(
        "time per run: {0:f1} us median of {1} runs (min {2:f1}, max "
        "{3:f1}), {4} devices\n",
        times[times.size() / 2], times.size(), times.front(), times.back(),
        devices);
  }
  // Each device's profile (what it ran, and how long it waited for the
  // others in its collectives), and one trace with a track per device.
  auto deviceName = [&](size_t device) {
    return "device " + std::to_string(device) + " (partition " +
           std::to_string(device) + ")";
  };
  if (profile)
    for (auto [device, report] : llvm::enumerate(execution->reports)) {
      llvm::errs() << deviceName(device) << ": ";
      tools::printProfile(llvm::errs(), *report.commands, deviceRuns[device]);
    }
  if (!traceFile.empty()) {
    std::vector<tools::DeviceRun> tracks;
    for (auto [device, report] : llvm::enumerate(execution->reports))
      tracks.push_back({deviceName(device), report.commands.get(),
                        &deviceRuns[device].back()});
    std::string error = tools::writeChromeTrace(traceFile, tracks);
    if (!error.empty()) {
      llvm::errs() << "error: " << error << "\n";
      return kError;
    }
  }
  SmallVector<RuntimeValue> values;
  if (failed(appendResults(function, *results, values)))
    return kError;
  bool checksFailed = false;
  for (const api::ExecutionReport &report : execution->reports) {
    tools::emitCheckFailures(function.getContext(), report.checkFailures);
    checksFailed |= !report.checkFailures.empty();
  }
  if (resultsOut) {
    resultsOut->assign(values.begin(), values.end());
    return checksFailed ? kCheckFailed : kPassed;
  }
  ExitCode code = emitResults(values);
  if (code != kPassed)
    return code;
  return checksFailed ? kCheckFailed : kPassed;
}

/// The compile options of entry `entry`: hlox-run's flags.
api::CompileOptions getCompileOptions(StringRef entry) {
  api::CompileOptions options;
  options.entry = entry.str();
  options.opaqueConstants = opaqueConstants;
  options.dumpDir = dumpIr;
  options.vectorize = vectorize;
  tools::applyCompileFlags(options);
  return options;
}

/// Compiles `function` of `program` (the source's bytes, named
/// `sourceName` in diagnostics) through the API and runs it: on each
/// process of its grid when that has more than one, or as one of them in
/// an MPI job.
ExitCode runCompiled(StringRef program, StringRef sourceName,
                     func::FuncOp function, ArrayRef<RuntimeValue> arguments,
                     SmallVectorImpl<RuntimeValue> *resultsOut = nullptr) {
  api::CompileOptions options = getCompileOptions(function.getSymName());
  api::StatusOr<std::shared_ptr<api::Executable>> executable =
      getClient().compile({program.data(), program.size()}, options,
                          {sourceName.data(), sourceName.size()});
  if (!executable.ok()) {
    tools::emitApiError(function, "cannot compile: ", executable.getStatus());
    return kError;
  }
  int64_t replicas =
      getGridSize(function, options.numReplicas, "mhlo.num_replicas");
  int64_t partitions =
      getGridSize(function, options.numPartitions, "mhlo.num_partitions");
  // A sharded program runs on the devices of its mesh.
  if ((*executable)->getNumDevices() > 1) {
    replicas = 1;
    partitions = (*executable)->getNumDevices();
    if (collectives == Collectives::Local)
      return runSharded(**executable, function, arguments, resultsOut);
  }
  if (collectives != Collectives::Local) {
    if (resultsOut) {
      function.emitError("--compare-with-interpreter takes one process's "
                         "results, not a job's");
      return kError;
    }
    return runAsJobProcess(**executable, function, arguments, replicas,
                           partitions);
  }
  if (replicas * partitions > 1) {
    if (resultsOut) {
      function.emitError("--compare-with-interpreter takes one process's "
                         "results; this program runs on ")
          << replicas * partitions << " processes";
      return kError;
    }
    return runOnGrid(**executable, function, arguments, replicas, partitions);
  }
  return runExecutable(**executable, function, arguments, resultsOut);
}

/// Compares the compiled results with the evaluator's and reports each
/// result's largest error; kCheckFailed on a mismatch.
ExitCode compareResults(ArrayRef<RuntimeValue> compiled,
                        ArrayRef<RuntimeValue> interpreted) {
  if (compiled.size() != interpreted.size()) {
    llvm::errs() << "error: " << compiled.size() << " compiled results, "
                 << interpreted.size() << " interpreted\n";
    return kCheckFailed;
  }
  ExitCode code = kPassed;
  for (auto [i, pair] : llvm::enumerate(llvm::zip(compiled, interpreted))) {
    auto &[got, want] = pair;
    std::string name = llvm::formatv("result[{0}]", i).str();
    if (!got.isTensor() || !want.isTensor()) {
      llvm::errs() << name << ": not a tensor, not compared\n";
      continue;
    }
    tools::Tolerance tolerance =
        tools::getDefaultTolerance(want.getTensor().getElementType());
    if (rtolFlag >= 0)
      tolerance.rtol = rtolFlag;
    if (atolFlag >= 0)
      tolerance.atol = atolFlag;
    tools::Comparison comparison = tools::compareTensors(
        got.getTensor(), want.getTensor(), tolerance, name, llvm::errs());
    llvm::outs() << llvm::formatv(
        "{0} {1}: {2} of {3} elements differ beyond rtol {4:e1} atol "
        "{5:e1}; max abs error {6:e2}, max rel error {7:e2}, norm rel "
        "error {8:e2}\n",
        name, want.getTensor().getType(), comparison.mismatches,
        want.getTensor().getNumElements(), tolerance.rtol, tolerance.atol,
        comparison.maxAbsError, comparison.maxRelError,
        comparison.normRelError);
    bool floats = isa<FloatType, ComplexType>(
        want.getTensor().getElementType());
    if (compareNorm && floats ? comparison.normRelError > tolerance.rtol
                              : comparison.mismatches > 0)
      code = kCheckFailed;
  }
  return code;
}

/// interpreter.run_parallel on the compiled path: each process's program
/// compiled for the run's grid (replicas x partitions) and run on a device
/// of its own, their collectives in the runtime (Client::executeParallel).
FailureOr<SmallVector<RuntimeValue>>
runParallelCompiled(StringRef program, StringRef sourceName, Operation *op,
                    ArrayRef<RuntimeValue> operands, Evaluator &evaluator) {
  auto run = cast<interpreter::RunParallelOp>(op);
  ArrayAttr programs = run.getPrograms();
  auto replicas = static_cast<int64_t>(programs.size());
  int64_t partitions =
      replicas ? static_cast<int64_t>(cast<ArrayAttr>(programs[0]).size()) : 0;
  if (replicas == 0 || partitions == 0)
    return op->emitError("run_parallel without programs");
  MLIRContext *context = op->getContext();
  auto toBuffer = [&](const RuntimeValue &value)
      -> api::StatusOr<std::shared_ptr<api::Buffer>> {
    // A token passes as an empty tensor.
    if (!value.isTensor())
      return tools::toApiBuffer(
          getClient(),
          Tensor(RankedTensorType::get({0}, IntegerType::get(context, 1))));
    return tools::toApiBuffer(getClient(), value.getTensor());
  };
  std::map<std::string, std::shared_ptr<api::Executable>> compiled;
  std::vector<api::Client::ParallelProcess> processes;
  SmallVector<func::FuncOp> functions;
  size_t next = 0;
  for (int64_t r = 0; r < replicas; ++r) {
    auto row = cast<ArrayAttr>(programs[r]);
    if (static_cast<int64_t>(row.size()) != partitions)
      return op->emitError("run_parallel's programs are not a grid");
    for (int64_t p = 0; p < partitions; ++p) {
      auto name = cast<FlatSymbolRefAttr>(row[p]);
      auto function =
          SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(op, name);
      if (!function)
        return op->emitError("no function ") << name;
      std::shared_ptr<api::Executable> &executable =
          compiled[name.getValue().str()];
      if (!executable) {
        api::CompileOptions options = getCompileOptions(name.getValue());
        options.numReplicas = replicas;
        options.numPartitions = partitions;
        api::StatusOr<std::shared_ptr<api::Executable>> made =
            getClient().compile({program.data(), program.size()}, options,
                                {sourceName.data(), sourceName.size()});
        if (!made.ok()) {
          tools::emitApiError(function, "cannot compile: ", made.getStatus());
          return failure();
        }
        executable = *made;
      }
      unsigned count = function.getNumArguments();
      if (next + count > operands.size())
        return op->emitError("not enough inputs for ") << name;
      api::Client::ParallelProcess process;
      process.executable = executable;
      for (const RuntimeValue &operand : operands.slice(next, count)) {
        api::StatusOr<std::shared_ptr<api::Buffer>> buffer = toBuffer(operand);
        if (!buffer.ok()) {
          tools::emitApiError(function, "argument: ", buffer.getStatus());
          return failure();
        }
        process.arguments.push_back(*buffer);
      }
      next += count;
      processes.push_back(std::move(process));
      functions.push_back(function);
    }
  }
  api::Client::ParallelOptions options;
  options.numReplicas = replicas;
  options.numPartitions = partitions;
  // The infeed queue comes from the `infeed` functions, in order.
  if (std::optional<ArrayAttr> infeed = run.getInfeed())
    for (Attribute name : *infeed) {
      auto function = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
          op, cast<FlatSymbolRefAttr>(name));
      if (!function)
        return op->emitError("no infeed function ") << name;
      FailureOr<SmallVector<RuntimeValue>> values =
          evaluator.call(function, {});
      if (failed(values))
        return failure();
      for (const RuntimeValue &value : *values) {
        api::StatusOr<std::shared_ptr<api::Buffer>> buffer = toBuffer(value);
        if (!buffer.ok()) {
          tools::emitApiError(function, "infeed: ", buffer.getStatus());
          return failure();
        }
        options.infeed.push_back(*buffer);
      }
    }
  api::StatusOr<api::Client::ParallelExecution> execution =
      getClient().executeParallel(processes, options);
  if (!execution.ok()) {
    tools::emitApiError(functions.front(), "", execution.getStatus());
    return failure();
  }
  SmallVector<RuntimeValue> results;
  for (auto [function, buffers] : llvm::zip(functions, execution->results))
    if (failed(appendResults(function, buffers, results)))
      return failure();
  return results;
}

/// Runs one module; returns the exit code it earns.
/// The arguments of `function`: the --input flags, then made-up ones for
/// the rest with --random-inputs.
ExitCode collectArguments(func::FuncOp function, MLIRContext *context,
                          SmallVectorImpl<RuntimeValue> &arguments) {
  FunctionType type = function.getFunctionType();
  if (inputs.size() > type.getNumInputs() ||
      (inputs.size() < type.getNumInputs() && !randomInputs)) {
    function.emitError("expects ")
        << type.getNumInputs() << " inputs, got " << inputs.size()
        << " --input flags"
        << (randomInputs ? "" : " (--random-inputs makes up the rest)");
    return kError;
  }
  for (auto [i, spec] : llvm::enumerate(inputs)) {
    std::string error;
    FailureOr<Tensor> tensor = tools::parseInput(spec, context, error);
    if (failed(tensor)) {
      llvm::errs() << "error: --input " << i << " ('" << spec
                   << "'): " << error << "\n";
      return kError;
    }
    auto expected = dyn_cast<RankedTensorType>(type.getInput(i));
    if (!expected || expected.getElementType() != tensor->getElementType() ||
        failed(verifyCompatibleShape(expected.getShape(),
                                     tensor->getShape()))) {
      llvm::errs() << "error: --input " << i << ": @"
                   << function.getSymName() << " "
                   << describeMismatch(type.getInput(i), *tensor) << "\n";
      return kError;
    }
    arguments.push_back(std::move(*tensor));
  }
  std::mt19937_64 rng(seed);
  for (unsigned i = inputs.size(); i < type.getNumInputs(); ++i) {
    FailureOr<Tensor> tensor = tools::makeRandomArgument(function, i, rng);
    if (failed(tensor))
      return kError;
    arguments.push_back(std::move(*tensor));
  }
  return kPassed;
}

ExitCode runModule(ModuleOp module, MLIRContext *context, StringRef program,
                   StringRef sourceName) {
  func::FuncOp function = tools::pickFunction(module, functionName);
  // A split case without functions (comments only) has nothing to run.
  if (!function && splitInputFile && functionName.empty() &&
      module.getOps<func::FuncOp>().empty())
    return kPassed;
  if (!function) {
    tools::reportNoFunction(module, functionName);
    return kError;
  }
  SmallVector<RuntimeValue> arguments;
  if (collectArguments(function, context, arguments) != kPassed)
    return kError;
  SmallVector<RankedTensorType> types;
  SmallVector<Attribute> values;
  for (const RuntimeValue &argument : arguments)
    tools::appendSignature(argument.getTensor(), types, values);
  if (compareWithInterpreter && interpret) {
    llvm::errs() << "error: --compare-with-interpreter and --interpret "
                    "exclude each other\n";
    return kError;
  }
  // A function that runs interpreter.run_parallel drives its processes:
  // the evaluator runs it, and the processes' programs run compiled.
  bool drivesProcesses = function
                             .walk([](interpreter::RunParallelOp) {
                               return WalkResult::interrupt();
                             })
                             .wasInterrupted();
  if (drivesProcesses && compareWithInterpreter) {
    function.emitError("--compare-with-interpreter does not take a function "
                       "that runs interpreter.run_parallel (run it compiled, "
                       "or with --interpret)");
    return kError;
  }
  SmallVector<RuntimeValue> compiledResults;
  ExitCode compiledCode = kPassed;
  if (!interpret && !drivesProcesses) {
    compiledCode =
        runCompiled(program, sourceName, function, arguments,
                    compareWithInterpreter ? &compiledResults : nullptr);
    if (!compareWithInterpreter || compiledCode == kError)
      return compiledCode;
  }
  // The evaluator runs StableHLO: the program as the compiler imports it
  // (shardings dropped, exporters' spellings and JAX's custom calls
  // legalized); a shape-polymorphic function specialized to its arguments,
  // as the compiler does (CompileCache).
  // Composites take the paths compilation gives them (a handler's, or
  // their decomposition).
  api::CompileOptions apiOptions;
  tools::applyCompileFlags(apiOptions);
  cpu::CompileOptions options = api::toCompilerOptions(apiOptions);
  if (failed(legalizeComposites(module, options)) ||
      failed(importProgram(module)))
    return kError;
  // Dynamic shapes inside a static function (set_dimension_size's bounded
  // results) are refined too.
  if (hasDynamicShapes(function)) {
    std::string name = function.getSymName().str();
    if (failed(specializeEntry(module, name, types, values)))
      return kError;
    function = module.lookupSymbol<func::FuncOp>(name);
  } else if (llvm::any_of(module.getOps<func::FuncOp>(),
                          [](func::FuncOp f) {
                            return hasDynamicResultsInside(f);
                          }) &&
             failed(refineShapes(module))) {
    return kError;
  }
  if (!compareWithInterpreter) {
    Evaluator::ParallelRunner runner;
    if (drivesProcesses && !interpret)
      runner = [&](Operation *op, ArrayRef<RuntimeValue> operands,
                   Evaluator &evaluator) {
        return runParallelCompiled(program, sourceName, op, operands,
                                   evaluator);
      };
    return runInterpreted(module, function, arguments, nullptr, runner);
  }
  SmallVector<RuntimeValue> interpretedResults;
  ExitCode code =
      runInterpreted(module, function, arguments, &interpretedResults);
  if (code == kError)
    return code;
  // Failed checks on either path count as much as differing results.
  return std::max({compiledCode, code,
                   compareResults(compiledResults, interpretedResults)});
}

/// Runs a serialized executable (hlox-compile -o F.hlox, or
/// Executable::serialize's bytes) through the API: an ahead-of-time one's
/// kernels are loaded, not compiled.
ExitCode runSerialized(llvm::StringRef bytes, MLIRContext *context) {
  if (interpret || compareWithInterpreter) {
    llvm::errs() << "error: an ahead-of-time executable holds no program "
                    "for the evaluator (--interpret, "
                    "--compare-with-interpreter)\n";
    return kError;
  }
  api::StatusOr<std::shared_ptr<api::Executable>> loaded =
      getClient().deserializeExecutable({bytes.data(), bytes.size()});
  if (!loaded.ok()) {
    llvm::errs() << "error: " << inputFile << ": "
                 << loaded.getStatus().getMessage() << "\n";
    return kError;
  }
  api::Executable &executable = **loaded;
  if (!functionName.empty() && functionName != executable.getName()) {
    llvm::errs() << "error: " << inputFile << " holds @" << executable.getName()
                 << ", not @" << functionName << "\n";
    return kError;
  }
  // A declaration of the entry, for the arguments' and results' types.
  OpBuilder builder(context);
  OwningOpRef<ModuleOp> module = ModuleOp::create(builder.getUnknownLoc());
  SmallVector<Type> inputs, results;
  for (auto [types, out] : {std::pair(&executable.getInputTypes(), &inputs),
                            std::pair(&executable.getOutputTypes(), &results)})
    for (const api::TensorType &type : *types) {
      Type element = parseType(type.elementName, context);
      if (!element) {
        llvm::errs() << "error: " << inputFile << ": bad element type '"
                     << type.elementName << "'\n";
        return kError;
      }
      SmallVector<int64_t> shape;
      for (int64_t dim : type.shape)
        shape.push_back(dim < 0 ? ShapedType::kDynamic : dim);
      out->push_back(RankedTensorType::get(shape, element));
    }
  builder.setInsertionPointToEnd(module->getBody());
  auto function = func::FuncOp::create(
      builder, FileLineColLoc::get(context, inputFile, 0, 0),
      executable.getName(), builder.getFunctionType(inputs, results));
  function.setPrivate();
  SmallVector<RuntimeValue> arguments;
  if (collectArguments(function, context, arguments) != kPassed)
    return kError;
  return runExecutable(executable, function, arguments);
}

} // namespace

static int runMain(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  tools::registerPassManagerFlags();
  tools::aliasThreadsFlag(numThreads);
  cl::ParseCommandLineOptions(argc, argv, "hlox StableHLO runner\n");
  if (!tools::loadPlugins())
    return kError;

  std::unique_ptr<MLIRContext> ownedContext = tools::createToolContext();
  MLIRContext &context = *ownedContext;

  std::string errorMessage;
  std::unique_ptr<llvm::MemoryBuffer> file =
      openInputFile(inputFile, &errorMessage);
  if (!file) {
    llvm::errs() << "error: " << errorMessage << "\n";
    return kError;
  }

  if (api::Client::isSerializedExecutable(
          {file->getBufferStart(), file->getBufferSize()}))
    return runSerialized(file->getBuffer(), &context);

  ExitCode worst = kPassed;
  auto processChunk = [&](std::unique_ptr<llvm::MemoryBuffer> chunk,
                          llvm::raw_ostream &) -> LogicalResult {
    llvm::SourceMgr sourceMgr;
    sourceMgr.AddNewSourceBuffer(std::move(chunk), llvm::SMLoc());
    SourceMgrDiagnosticHandler handler(sourceMgr, &context);
    OwningOpRef<ModuleOp> module;
    {
      // A compiled run reports the program's warnings from the API's own
      // reading of it (getCompileReport): here they would come twice.
      ScopedDiagnosticHandler quiet(&context, [](Diagnostic &diagnostic) {
        return success(!interpret &&
                       diagnostic.getSeverity() != DiagnosticSeverity::Error);
      });
      module = tools::parseProgram(sourceMgr, &context);
    }
    const llvm::MemoryBuffer *buffer =
        sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
    ExitCode code = module ? runModule(*module, &context, buffer->getBuffer(),
                                       buffer->getBufferIdentifier())
                           : kError;
    worst = std::max(worst, code);
    return success(code == kPassed);
  };
  if (splitInputFile)
    (void)splitAndProcessBuffer(std::move(file), processChunk, llvm::nulls());
  else
    (void)processChunk(std::move(file), llvm::nulls());
  return worst;
}

int main(int argc, char **argv) {
  if (tools::isServeRequest(argc, argv))
    return tools::serveRequests(argv[0], runMain);
  return runMain(argc, argv);
}
