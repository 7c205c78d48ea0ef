//===- Api.h - hlox from C++ programs ---------------------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// The C++ API, shaped like PJRT: a Client owns devices and compiles
// programs (StableHLO text, MLIR bytecode, portable artifacts) into
// Executables; Buffers hold arrays on a device; Executable::execute runs a
// program on buffers and gives result buffers and an event that completes
// when they are ready. The C ABI (c_api.h) wraps exactly this.
//
// Ownership and threads:
// - Client: create with Client::create; every method may be called from any
//   thread. Executables and Buffers keep what they need of their client
//   alive (they hold shared references), so they may outlive the Client
//   object the caller holds.
// - Executable: immutable once compiled, shared (std::shared_ptr); execute
//   may be called from several threads at once. Executions on one device
//   run in the order they were submitted (a stream per device); each
//   returns at once with its result buffers.
// - Buffer: shared (std::shared_ptr); its contents are read-only once ready.
//   A buffer that is not ready (a result of an execution still running)
//   may be passed to another execution, which waits for it, or read with
//   toHost, which waits for it.
// - Event: shared state, safe to wait on from any thread.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_API_API_H
#define HLOX_API_API_H

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace hlox::api {

//===----------------------------------------------------------------------===//
// Errors
//===----------------------------------------------------------------------===//

/// What kind of failure an Error is (the C ABI's hlox_error_code).
enum class ErrorCode {
  Ok = 0,
  /// A bad argument: a buffer of the wrong type, a missing entry, ...
  InvalidArgument = 1,
  /// The program does not parse, verify or compile; the message holds the
  /// compiler's located diagnostics.
  CompileError = 2,
  /// A run failed (a custom call's handler reported an error, memory ran
  /// out, ...).
  ExecutionError = 3,
  /// Something this build does not do (a device kind, an element type).
  Unimplemented = 4,
  /// Serialized data that is not an executable of this version.
  DataLoss = 5,
};

/// The outcome of an operation: ok, or a code and a message.
class Status {
public:
  Status() = default;
  Status(ErrorCode code, std::string message)
      : code(code), message(std::move(message)) {}
  bool ok() const { return code == ErrorCode::Ok; }
  explicit operator bool() const { return ok(); }
  ErrorCode getCode() const { return code; }
  const std::string &getMessage() const { return message; }

private:
  ErrorCode code = ErrorCode::Ok;
  std::string message;
};

/// A value or the Status that explains its absence.
template <typename T> class StatusOr {
public:
  StatusOr(T value) : value(std::move(value)) {}
  StatusOr(Status status) : status(std::move(status)) {}
  bool ok() const { return status.ok(); }
  explicit operator bool() const { return ok(); }
  const Status &getStatus() const { return status; }
  T &operator*() { return *value; }
  const T &operator*() const { return *value; }
  T *operator->() { return &*value; }
  const T *operator->() const { return &*value; }

private:
  Status status;
  std::optional<T> value;
};

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

/// Element types (the C ABI's hlox_element_type). Other StableHLO element
/// types (i2, i4, the f8 formats, ...) appear in signatures as Other.
enum class ElementType {
  Other = 0,
  Pred = 1,
  S8 = 2,
  S16 = 3,
  S32 = 4,
  S64 = 5,
  U8 = 6,
  U16 = 7,
  U32 = 8,
  U64 = 9,
  F16 = 10,
  BF16 = 11,
  F32 = 12,
  F64 = 13,
  C64 = 14,
  C128 = 15,
};

/// Bytes per element (a pred takes one byte); 0 for Other.
size_t getElementByteWidth(ElementType type);
/// Bytes per element of the element type StableHLO spells `name`: also
/// the Other ones (i4 and the f8 formats take a byte each); 0 for a name
/// that is not an element type.
size_t getElementByteWidth(std::string_view name);
/// The StableHLO spelling: "i1", "i8", "ui8", "f32", "complex<f32>", ...
std::string_view getElementTypeName(ElementType type);

/// An array type: element type and shape; a dynamic dimension is -1.
struct TensorType {
  ElementType elementType = ElementType::Other;
  /// The StableHLO spelling of the element type (also for Other).
  std::string elementName;
  std::vector<int64_t> shape;

  int64_t getNumElements() const;
  /// Bytes of a dense row-major array of this type (shape static).
  size_t getByteSize() const;
  /// "2x3xf32".
  std::string str() const;
  bool operator==(const TensorType &other) const {
    return elementName == other.elementName && shape == other.shape;
  }
};

//===----------------------------------------------------------------------===//
// Events, devices, buffers
//===----------------------------------------------------------------------===//

/// Completes once: ok, or with the error of what it waited for.
class Event {
public:
  /// An event that has completed ok.
  Event();
  /// An event that has already completed with `status`.
  static Event ready(Status status = {});
  /// Blocks until the event completes; returns its status.
  Status wait() const;
  bool isReady() const;
  /// Calls `callback` with the status once the event completes (at once
  /// when it has), on the thread that completes it.
  void onReady(std::function<void(const Status &)> callback) const;

  struct State;
  explicit Event(std::shared_ptr<State> state) : state(std::move(state)) {}

private:
  std::shared_ptr<State> state;
};

/// A device of a client: where buffers live and programs run.
struct DeviceInfo {
  int id = 0;
  /// "cpu".
  std::string kind;
  /// "cpu:0".
  std::string name;
  /// Threads that run a program's kernels.
  unsigned numThreads = 0;
};

/// A memory devices read and write: today the host memory the CPU device's
/// buffers live in.
struct MemorySpaceInfo {
  int id = 0;
  /// "host".
  std::string kind;
  /// The devices that address it.
  std::vector<int> devices;
};

/// How Client::bufferFromHost treats the caller's memory.
enum class HostBufferSemantics {
  /// Copies the data; the caller may reuse its memory on return.
  Copy = 0,
  /// Uses the caller's memory in place where it is aligned to 64 bytes (and
  /// copies otherwise): the caller keeps it alive and unchanged until the
  /// `onRelease` callback runs.
  ZeroCopy = 1,
};

class Buffer {
public:
  virtual ~Buffer();
  const TensorType &getType() const { return type; }
  int getDeviceId() const { return deviceId; }
  /// Completes when the contents are there (a result: when its execution
  /// finished; with the execution's error when it failed).
  const Event &getReadyEvent() const { return readyEvent; }
  /// Copies the contents to `destination` (getType().getByteSize() bytes),
  /// waiting for them first.
  Status toHost(void *destination, size_t size) const;
  /// Whether the buffer uses memory the caller lent (ZeroCopy).
  bool isBorrowed() const;
  /// Whether the buffer was donated to an execution (ExecuteOptions::
  /// donate): it holds nothing any more.
  bool isDeleted() const;
  /// The memory space its contents are in.
  int getMemorySpaceId() const { return 0; }
  /// The contents in place (CPU devices hold them in host memory), waiting
  /// for them first: dense row-major, read-only, valid as long as the
  /// buffer. A GPU's buffer has none (Unimplemented): read it with toHost.
  StatusOr<const void *> getHostPointer() const;

  struct Impl;
  Buffer(TensorType type, int deviceId, Event readyEvent,
         std::shared_ptr<Impl> impl);
  const std::shared_ptr<Impl> &getImpl() const { return impl; }

private:
  TensorType type;
  int deviceId;
  Event readyEvent;
  std::shared_ptr<Impl> impl;
};

//===----------------------------------------------------------------------===//
// Compilation
//===----------------------------------------------------------------------===//

/// Where the entry function's while/if/case run.
enum class HostControlFlow {
  /// On the host when they hold a host call (a check, a custom call) or
  /// work worth several threads; else inside one kernel.
  Auto = 0,
  /// On the host whenever their values are static tensors.
  Always = 1,
  /// Each inside one kernel.
  Never = 2,
};

/// Which float multiplies and adds may fuse into FMAs (rounded once where
/// the evaluator rounds twice).
enum class FpContract {
  /// Elementwise, or Off with strictNumerics.
  Default = 0,
  /// None.
  Off = 1,
  /// Those of f32 elementwise computations.
  Elementwise = 2,
  /// Every one, reductions and contractions included.
  All = 3,
};

/// The path of a composite op.
enum class CompositePath {
  /// Native when a handler is registered under its name, else inlined.
  Auto = 0,
  /// A custom call of the handler registered under its name.
  Native = 1,
  /// Its decomposition, inlined.
  Inline = 2,
};

/// The options of Client::compile (the C ABI's hlox_compile_args). The
/// tools' flags of the same names set them (docs/api.md lists each).
struct CompileOptions {
  /// The function to compile.
  std::string entry = "main";
  /// Keeps libm accuracy and the evaluator's summation order (see
  /// docs/numerics.md); the default allows reassociated reductions, FMA
  /// and vector math within their stated bounds.
  bool strictNumerics = false;
  FpContract fpContract = FpContract::Default;
  /// The CPU the kernels are compiled for: "host" or an LLVM CPU name.
  std::string targetCpu = "host";
  /// Features added or removed ("+avx2,-avx512f").
  std::string targetFeatures;
  /// Library calls (oneDNN, hlox's matmul kernel) for large contractions.
  bool libraryCalls = true;
  /// Custom-call handler plugins (shared objects) to load first.
  std::vector<std::string> plugins;

  /// Tuning; the defaults are what the benchmarks measured best.
  HostControlFlow hostControlFlow = HostControlFlow::Auto;
  /// Tile and vectorize the kernels.
  bool vectorize = true;
  /// f32 exp inline (vectorizable) instead of a libm call per element.
  bool inlineExp = true;
  /// Every constant a run-time buffer, so that kernels compute every op.
  bool opaqueConstants = false;
  /// The fewest floating-point operations a matrix product needs to
  /// become a library call (-1: the compiler's default, 4194304).
  int64_t libraryMinFlops = -1;
  /// hlox's own matrix-product kernel where the CPU has AVX-512.
  bool hloxMatmulKernel = true;
  /// A library matrix product applies its elementwise consumer per tile.
  bool fuseMatmulEpilogues = true;
  /// NCHW convolutions and the ops around them compute in NHWC.
  bool channelsLast = true;
  /// Row-wise reductions and what feeds them in one kernel, a row at a
  /// time.
  bool fuseRows = true;
  /// The path of the composites of each name (NAME, or NAME@VERSION);
  /// other names take CompositePath::Auto.
  std::vector<std::pair<std::string, CompositePath>> compositePaths;
  /// The grid of processes the program runs on: replicas x partitions
  /// (0: the module's mhlo.num_replicas / mhlo.num_partitions, else 1). A
  /// program for more than one process runs with
  /// Client::executeParallel.
  int64_t numReplicas = 0;
  int64_t numPartitions = 0;
  /// Collectives that move data (all_gather, all_reduce, all_to_all,
  /// collective_broadcast, collective_permute) run beside the kernels
  /// until the first one that reads their result.
  bool asyncCollectives = true;

  /// Keep compiled kernels in this folder and load them from it when a
  /// later compilation needs the same kernel (empty: off).
  std::string kernelCacheDir;
  /// Write the module after each compiler phase into this folder.
  std::string dumpDir;
  /// Compile for an ahead-of-time executable only (serializeAheadOfTime):
  /// the kernels are kept as objects, not loaded, so that targetCpu need
  /// not be this host's; such an executable does not run in this process.
  bool aheadOfTime = false;
  /// Apply MLIR's pass-manager command-line options registered in this
  /// process (--mlir-timing, --mlir-print-ir-after-all, ...) to every pass
  /// manager the compilation runs: for command-line tools.
  bool commandLinePassOptions = false;

  /// The options as text, one `key=value` per line: what the executable
  /// cache keys on and serialized executables carry.
  std::string str() const;
  /// Options from str()'s text; false when a line is not one of its keys
  /// or a value does not parse.
  bool parse(std::string_view text);
};

/// The spelling of an option value in CompileOptions::str() and the tools'
/// flags: "auto", "always", "never"; "off", "elementwise", "all"
/// ("default" for Default); "auto", "native", "inline".
std::string_view getName(HostControlFlow value);
std::string_view getName(FpContract value);
std::string_view getName(CompositePath value);

/// What an executable needs before it runs.
struct CostReport {
  /// Intermediates' memory: the most any run needs at once (the arena).
  int64_t workspaceBytes = 0;
  /// The arena without reuse between intermediates.
  int64_t workspaceBytesWithoutReuse = 0;
  /// Constants baked into the program.
  int64_t constantBytes = 0;
  int64_t argumentBytes = 0;
  int64_t resultBytes = 0;
  /// Compiled kernels and their launches per run.
  int64_t kernels = 0;
  int64_t dispatches = 0;
  /// Floating-point operations of the contractions (dot_general, dot,
  /// convolution) per run, a multiply-add counting two.
  int64_t flops = 0;
};

/// What compiling one signature of an executable did and found.
struct CompileReport {
  /// Milliseconds per compiler phase, then per step of the kernels'
  /// compilation (0 for an ahead-of-time executable).
  std::vector<std::pair<std::string, double>> phaseMilliseconds;
  /// Distinct kernels: compiled, and loaded from kernelCacheDir.
  int64_t compiledKernels = 0;
  int64_t cachedKernels = 0;
  /// The kernels whose code generation took longest (at most three).
  std::vector<std::pair<std::string, double>> slowestKernels;
  /// The path each composite name and version took, in program order.
  struct Composite {
    std::string name;
    int32_t version = 0;
    bool native = false;
    /// The handler's target on the native path.
    std::string target;
    int64_t count = 0;
  };
  std::vector<Composite> composites;
  /// Per argument, the result a donated argument's buffer becomes (-1:
  /// none; ExecuteOptions::donate).
  std::vector<int64_t> donationResults;
  /// What partitioning a program sharded over several devices inserted
  /// (all zero for a program that is not).
  struct Partitioning {
    int64_t devices = 1;
    int64_t allGathers = 0;
    int64_t allReduces = 0;
    int64_t reduceScatters = 0;
    int64_t allToAlls = 0;
    /// Halo exchanges of windowed ops (convolution, reduce_window) along
    /// split spatial dimensions, one per side.
    int64_t collectivePermutes = 0;
    /// Slices of a device's own shard.
    int64_t slices = 0;
    /// Ops without a sharding rule computed whole on every device, whose
    /// operands were gathered or results sliced for it.
    int64_t wholeOps = 0;
  };
  Partitioning partitioning;
  /// The warnings and remarks reading and compiling the program reported,
  /// located and formatted as a CompileError's message is; "" for none.
  std::string diagnostics;
};

/// One command of a compiled program (a kernel launch, a library call, a
/// copy, a host call, control flow): what ExecutionReport's timings name.
struct CommandInfo {
  /// In a few words: "dispatch NAME", "matmul 8x512x512x64 (oneDNN)",
  /// "copy", "branch", ...
  std::string description;
  /// The source location of the ops it computes ("file:line:col"), or "".
  std::string location;
};

/// When one command of an execution started and ended (steady-clock
/// nanoseconds).
struct CommandTiming {
  /// Its index in ExecutionReport::commands.
  int64_t command = 0;
  int64_t startNs = 0;
  int64_t endNs = 0;
};

/// A test assertion (a `check` op) that failed.
struct CheckFailure {
  /// Where the check is ("file:line:col").
  std::string location;
  std::string message;
};

/// What an execution recorded besides its results.
struct ExecutionReport {
  /// The commands of the program that ran.
  std::shared_ptr<const std::vector<CommandInfo>> commands;
  /// With ExecuteOptions::profile, each command run, in order (a command
  /// in a loop appears once per iteration).
  std::vector<CommandTiming> timings;
  /// With ExecuteOptions::failOnCheckFailure false, the checks that failed.
  std::vector<CheckFailure> checkFailures;
};

class ProcessGroup;

/// How Executable::execute runs.
struct ExecuteOptions {
  int deviceId = 0;
  /// Record each command's start and end (ExecutionReport::timings).
  bool profile = false;
  /// Evaluate the program's test assertions (`check` ops); false skips
  /// them (repeated timing runs).
  bool checks = true;
  /// A failed check fails the execution (ExecutionError naming each);
  /// false lets it finish and lists them in ExecutionReport::checkFailures.
  bool failOnCheckFailure = true;
  /// Arguments the execution may take over (one flag per argument; fewer
  /// flags leave the rest): a result that the program pairs with a donated
  /// argument (CompileReport::donationResults) is written into that
  /// argument's memory instead of new memory. A donated Buffer is deleted
  /// on submission: any later use of it is an InvalidArgument error.
  /// Borrowed (ZeroCopy) buffers cannot be donated.
  std::vector<bool> donate;
  /// Run as this process's share of a multi-process job: process
  /// processGroup->getProcessIndex() of a numReplicas x numPartitions grid
  /// (as many processes as the group has), its collectives over the
  /// group's library. Without it a run is the 1x1 grid.
  std::shared_ptr<ProcessGroup> processGroup;
  int64_t numReplicas = 1;
  int64_t numPartitions = 1;
};

class Client;

/// The processes of a multi-process job that run one program's grid
/// together, one process of the grid each (process index = the grid's
/// device index, replica * partitions + partition), their collectives over
/// a collective library.
class ProcessGroup {
public:
  /// Joins the processes `mpirun` started (MPI_COMM_WORLD; process index =
  /// MPI rank). A collective that waits longer than `timeoutSeconds` fails
  /// (a deadlock, or a process that stopped). Unimplemented when hlox was
  /// built without MPI.
  static StatusOr<std::shared_ptr<ProcessGroup>>
  joinMpi(double timeoutSeconds = 60);
  /// Joins a job of `numProcesses` processes started on their own, as
  /// process `processId`, meeting at `coordinator` ("host:port"; process 0
  /// serves it on that port), their collectives over Gloo's TCP
  /// connections. A collective that waits longer than `timeoutSeconds`
  /// fails, and so do the others' at once when a process dies.
  /// Unimplemented when hlox was built without Gloo.
  static StatusOr<std::shared_ptr<ProcessGroup>>
  joinGloo(const std::string &coordinator, int64_t numProcesses,
           int64_t processId, double timeoutSeconds = 60);
  ~ProcessGroup();
  int64_t getProcessIndex() const;
  int64_t getNumProcesses() const;

  struct Impl;
  explicit ProcessGroup(std::unique_ptr<Impl> impl);
  Impl &getImpl() const { return *impl; }

private:
  std::unique_ptr<Impl> impl;
};

/// How a value of a partitioned executable lies over its devices
/// (Executable::getInputShardings): the shards along each dimension and
/// which one each device holds.
struct Sharding {
  /// The shards along each dimension; empty when every device holds the
  /// whole value.
  std::vector<int64_t> tiles;
  /// Device d's shard index along dimension i: deviceTiles[d * rank + i].
  std::vector<int64_t> deviceTiles;
  bool isReplicated() const { return tiles.empty(); }
};

/// A compiled program. Always held by a std::shared_ptr (Client::compile
/// makes it so): an execution keeps it alive until it has run.
class Executable : public std::enable_shared_from_this<Executable> {
public:
  virtual ~Executable();
  /// The entry's name.
  const std::string &getName() const;
  /// The arguments' and results' types (dimensions of a shape-polymorphic
  /// entry are -1; it is compiled again for each new argument signature).
  const std::vector<TensorType> &getInputTypes() const;
  const std::vector<TensorType> &getOutputTypes() const;
  /// A program sharded over a mesh of several devices is partitioned when
  /// compiled: every device runs the executable on its shards (the input
  /// and output types above are the shards'), Client::executeSharded runs
  /// it on global values. The number of devices (1 for a program that is
  /// not sharded) and how each input and output lies over them.
  int64_t getNumDevices() const;
  const std::vector<Sharding> &getInputShardings() const;
  const std::vector<Sharding> &getOutputShardings() const;
  /// Known at compile time for a statically shaped entry; for a
  /// shape-polymorphic one, of the last signature it was compiled for.
  CostReport getCostReport() const;
  /// Of the same signature as getCostReport.
  CompileReport getCompileReport() const;
  const CompileOptions &getOptions() const;

  /// The results of an execution: their buffers (ready when `done` is) and
  /// the event that completes when the execution has finished.
  struct Execution {
    std::vector<std::shared_ptr<Buffer>> results;
    Event done;
    /// Filled in before `done` completes.
    std::shared_ptr<ExecutionReport> report;
  };
  /// Runs the program on `arguments` (each the type of its input, on one
  /// device) on `deviceId`'s stream. Returns at once; argument errors
  /// (count, types, devices) are reported here, run errors by `done` and
  /// the results' events. The arguments must stay unchanged until `done`.
  StatusOr<Execution>
  executeAsync(const std::vector<std::shared_ptr<Buffer>> &arguments,
               int deviceId = 0);
  /// executeAsync, then waits: the ready results, or the run's error. With
  /// every argument ready and nothing queued on the device's stream, the
  /// run happens on the calling thread (no handoff).
  StatusOr<std::vector<std::shared_ptr<Buffer>>>
  execute(const std::vector<std::shared_ptr<Buffer>> &arguments,
          int deviceId = 0);
  /// The same with options: profiling, donation, how checks are judged.
  StatusOr<Execution>
  executeAsync(const std::vector<std::shared_ptr<Buffer>> &arguments,
               const ExecuteOptions &options);
  /// executeAsync with options, then waits: the execution, complete (its
  /// results ready, its report filled), or the run's error.
  StatusOr<Execution>
  execute(const std::vector<std::shared_ptr<Buffer>> &arguments,
          const ExecuteOptions &options);

  /// The ahead-of-time executable of a statically shaped program
  /// (docs/aot.md), or why there is none (dynamic shapes, test
  /// assertions, an executable loaded from one).
  StatusOr<std::string> serializeAheadOfTime() const;

  /// Compiles the program for the signature of `arguments` now, as their
  /// first execution would (a shape-polymorphic entry compiles per
  /// signature; a static one is compiled already): the reports then
  /// describe that signature. Nothing runs.
  Status compileFor(const std::vector<std::shared_ptr<Buffer>> &arguments,
                    int deviceId = 0);

  /// The executable as bytes Client::deserializeExecutable takes. A
  /// statically shaped program is written as its ahead-of-time executable
  /// (docs/aot.md): machine code that loads without compiling (and without
  /// its compile options, which the code already reflects). A
  /// shape-polymorphic program, or one with test assertions, is written as
  /// the program and its options, and compiled again when read.
  std::string serialize() const;

  struct Impl;
  explicit Executable(std::unique_ptr<Impl> impl);
  Impl &getImpl() const { return *impl; }

private:
  std::unique_ptr<Impl> impl;
};

//===----------------------------------------------------------------------===//
// The client
//===----------------------------------------------------------------------===//

struct ClientOptions {
  /// Threads of the CPU device (0: one per hardware thread).
  unsigned numThreads = 0;
  /// Most executables kept in the executable cache (0: no cache).
  size_t executableCacheSize = 64;
  /// The kind of device the client compiles for and runs on: "cpu" (the
  /// host's CPU), or "cuda" (an NVIDIA GPU, through the driver loaded at
  /// run time; Client::create fails with "no CUDA device" where there is
  /// none). A CUDA client runs programs of one device, without custom
  /// calls, collectives or rng yet.
  std::string platform = "cpu";
  /// "cuda": which GPU (its CUDA ordinal).
  int cudaOrdinal = 0;
};

class Client {
public:
  static StatusOr<std::shared_ptr<Client>> create(ClientOptions options = {});
  virtual ~Client();

  /// "hlox".
  std::string_view getPlatformName() const { return "hlox"; }
  /// The hlox version that compiles.
  std::string getPlatformVersion() const;
  const std::vector<DeviceInfo> &getDevices() const;
  /// The memory spaces of the devices (PJRT's memory spaces): one host
  /// memory, which the CPU device addresses, or a CUDA client's GPU memory
  /// ("device").
  const std::vector<MemorySpaceInfo> &getMemorySpaces() const;

  /// Compiles `program`: StableHLO text, or MLIR bytecode (a portable
  /// artifact of any StableHLO version from 0.9.0); an ahead-of-time
  /// executable (hlox-compile -o F.hlox) is loaded, not compiled, and must
  /// hold `options.entry`. A program compiled
  /// before with the same options on this client comes from the executable
  /// cache (keyed by the program's hash, the options and the target).
  /// Diagnostics in a CompileError's message name `sourceName` as the
  /// file ("program:3:5: error: ...").
  StatusOr<std::shared_ptr<Executable>>
  compile(std::string_view program, const CompileOptions &options = {},
          std::string_view sourceName = "program");
  /// An executable from Executable::serialize (an ahead-of-time
  /// executable among them).
  StatusOr<std::shared_ptr<Executable>>
  deserializeExecutable(std::string_view bytes);
  /// Whether `bytes` start as deserializeExecutable's do (compile takes
  /// programs, and ahead-of-time executables too).
  static bool isSerializedExecutable(std::string_view bytes);

  /// A buffer of `type` on `deviceId` from `data` (type.getByteSize()
  /// bytes, dense row-major). With ZeroCopy and 64-byte aligned data the
  /// buffer uses `data` in place and calls `onRelease` when it no longer
  /// does; otherwise it copies and calls `onRelease` before returning.
  StatusOr<std::shared_ptr<Buffer>>
  bufferFromHost(const void *data, const TensorType &type,
                 HostBufferSemantics semantics = HostBufferSemantics::Copy,
                 std::function<void()> onRelease = {}, int deviceId = 0);
  /// The same for one of the standard element types.
  StatusOr<std::shared_ptr<Buffer>>
  bufferFromHost(const void *data, ElementType elementType,
                 std::vector<int64_t> shape,
                 HostBufferSemantics semantics = HostBufferSemantics::Copy,
                 std::function<void()> onRelease = {}, int deviceId = 0);

  /// One process of a parallel run: the executable it runs (compiled for
  /// the run's grid: CompileOptions::numReplicas and numPartitions) and
  /// its arguments.
  struct ParallelProcess {
    std::shared_ptr<Executable> executable;
    std::vector<std::shared_ptr<Buffer>> arguments;
  };
  struct ParallelOptions {
    int64_t numReplicas = 1;
    int64_t numPartitions = 1;
    /// The values the programs' infeed ops take, in order (one queue for
    /// the whole run).
    std::vector<std::shared_ptr<Buffer>> infeed;
    /// How each process runs (deviceId and donate aside).
    ExecuteOptions execute;
  };
  struct ParallelExecution {
    /// Per process, its results.
    std::vector<std::vector<std::shared_ptr<Buffer>>> results;
    /// Per process, its report.
    std::vector<ExecutionReport> reports;
    /// The bytes of each value the programs' outfeed ops left, in order.
    std::vector<std::vector<uint8_t>> outfeed;
  };
  /// Runs processes[r * numPartitions + p] as process (replica r,
  /// partition p) of the grid, concurrently, each on a device of its own:
  /// on a CPU client a CPU device with its share of the host's threads; on
  /// a CUDA client a GPU, the driver's in turn from the client's (processes
  /// share one, each on a stream of its own, when there are more of them;
  /// an argument on another GPU is copied over). Their collectives meet in
  /// this process (runtime::LocalCommunicator), a GPU's values through host
  /// copies. Returns when every process
  /// has finished: the results, or the first error (a process that
  /// fails makes the others' collectives fail; a deadlock is an error).
  StatusOr<ParallelExecution>
  executeParallel(const std::vector<ParallelProcess> &processes,
                  const ParallelOptions &options);

  struct ShardedExecution {
    /// The global results, assembled from the devices' shards.
    std::vector<std::shared_ptr<Buffer>> results;
    /// Per device, its report.
    std::vector<ExecutionReport> reports;
  };
  /// Runs a partitioned executable (Executable::getNumDevices) on its
  /// devices, one process each as executeParallel does: every argument is
  /// the global value, which this splits by its input sharding; the
  /// results are the global values put together from the devices' shards
  /// (a replicated one from device 0). An executable of one device runs
  /// as execute would.
  StatusOr<ShardedExecution>
  executeSharded(const std::shared_ptr<Executable> &executable,
                 const std::vector<std::shared_ptr<Buffer>> &arguments,
                 const ExecuteOptions &options = {});
  /// The two halves of executeSharded: each device's arguments (index:
  /// device) from the global ones, and the global results from each
  /// device's (as executeParallel returns them).
  StatusOr<std::vector<std::vector<std::shared_ptr<Buffer>>>>
  splitArguments(const Executable &executable,
                 const std::vector<std::shared_ptr<Buffer>> &arguments);
  StatusOr<std::vector<std::shared_ptr<Buffer>>> assembleResults(
      const Executable &executable,
      const std::vector<std::vector<std::shared_ptr<Buffer>>> &results);

  /// Executables compiled and taken from the cache, for tests and reports.
  size_t getNumCompilations() const;
  size_t getNumCacheHits() const;

  struct Impl;
  explicit Client(std::shared_ptr<Impl> impl);
  const std::shared_ptr<Impl> &getImpl() const { return impl; }

private:
  std::shared_ptr<Impl> impl;
};

/// A tensor type of a standard element type.
TensorType makeTensorType(ElementType elementType, std::vector<int64_t> shape);

} // namespace hlox::api

#endif // HLOX_API_API_H
