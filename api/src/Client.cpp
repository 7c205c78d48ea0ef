//===- Client.cpp - Devices, compilation, buffers from host --------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "Internal.h"

#include "hlox/Dialect/VHLO/Serialization/Serialization.h"
#include "hlox/InitAll.h"
#include "hlox/Pipelines/Pipelines.h"
#include "hlox/Support/DiskCache.h"
#include "hlox/Target/CPU/Compiler.h"
#include "hlox/Target/CUDA/Compiler.h"
#include "hlox/Transforms/Dispatch.h"
#include "hlox/Transforms/KnownDialects.h"
#include "hlox/Transforms/ShardingAnnotations.h"
#include "hlox/Transforms/Specialize.h"
#include "hlox/api/CompilerOptions.h"
#include "hlox/ffi/Registry.h"

#include "hlox/runtime/AotProgram.h"
#include "hlox/runtime/cuda/CudaDevice.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/Timing.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>

namespace hlox::api {

/// The compiler's spelling of the API's enumerations.
static hlox::HostControlFlow toCompiler(HostControlFlow value) {
  switch (value) {
  case HostControlFlow::Always:
    return hlox::HostControlFlow::Always;
  case HostControlFlow::Never:
    return hlox::HostControlFlow::Never;
  case HostControlFlow::Auto:
    break;
  }
  return hlox::HostControlFlow::Auto;
}

static hlox::CompositePath toCompiler(CompositePath value) {
  switch (value) {
  case CompositePath::Native:
    return hlox::CompositePath::Native;
  case CompositePath::Inline:
    return hlox::CompositePath::Inline;
  case CompositePath::Auto:
    break;
  }
  return hlox::CompositePath::Auto;
}

std::string_view getName(HostControlFlow value) {
  return getHostControlFlowName(toCompiler(value));
}

std::string_view getName(FpContract value) {
  switch (value) {
  case FpContract::Default:
    return "default";
  case FpContract::Off:
    return "off";
  case FpContract::Elementwise:
    return "elementwise";
  case FpContract::All:
    return "all";
  }
  return "default";
}

std::string_view getName(CompositePath value) {
  return getCompositePathName(toCompiler(value));
}

/// The value of `Enum` named `name` (getName's spelling), if any.
template <typename Enum>
static std::optional<Enum> parseName(std::string_view name,
                                     std::initializer_list<Enum> values) {
  for (Enum value : values)
    if (getName(value) == name)
      return value;
  return std::nullopt;
}

std::string CompileOptions::str() const {
  std::string text;
  auto add = [&](std::string_view key, const std::string &value) {
    text.append(key).append("=").append(value).append("\n");
  };
  add("entry", entry);
  add("strict_numerics", std::to_string(strictNumerics));
  add("fp_contract", std::string(getName(fpContract)));
  add("target_cpu", targetCpu);
  add("target_features", targetFeatures);
  add("library_calls", std::to_string(libraryCalls));
  for (const std::string &plugin : plugins)
    add("plugin", plugin);
  add("host_control_flow", std::string(getName(hostControlFlow)));
  add("vectorize", std::to_string(vectorize));
  add("inline_exp", std::to_string(inlineExp));
  add("opaque_constants", std::to_string(opaqueConstants));
  add("library_min_flops", std::to_string(libraryMinFlops));
  add("hlox_matmul_kernel", std::to_string(hloxMatmulKernel));
  add("fuse_matmul_epilogues", std::to_string(fuseMatmulEpilogues));
  add("channels_last", std::to_string(channelsLast));
  add("fuse_rows", std::to_string(fuseRows));
  for (const auto &[name, path] : compositePaths)
    add("composite", name + ":" + std::string(getName(path)));
  add("num_replicas", std::to_string(numReplicas));
  add("num_partitions", std::to_string(numPartitions));
  add("async_collectives", std::to_string(asyncCollectives));
  add("kernel_cache_dir", kernelCacheDir);
  add("dump_dir", dumpDir);
  add("ahead_of_time", std::to_string(aheadOfTime));
  add("command_line_pass_options", std::to_string(commandLinePassOptions));
  return text;
}

bool CompileOptions::parse(std::string_view text) {
  *this = CompileOptions();
  auto flag = [](const std::string &value, bool &out) {
    if (value != "0" && value != "1")
      return false;
    out = value == "1";
    return true;
  };
  while (!text.empty()) {
    size_t end = text.find('\n');
    if (end == std::string_view::npos)
      return false;
    std::string_view line = text.substr(0, end);
    text.remove_prefix(end + 1);
    size_t equals = line.find('=');
    if (equals == std::string_view::npos)
      return false;
    std::string_view key = line.substr(0, equals);
    std::string value(line.substr(equals + 1));
    bool ok = true;
    if (key == "entry") {
      entry = value;
    } else if (key == "strict_numerics") {
      ok = flag(value, strictNumerics);
    } else if (key == "fp_contract") {
      std::optional<FpContract> parsed =
          parseName(value, {FpContract::Default, FpContract::Off,
                            FpContract::Elementwise, FpContract::All});
      ok = parsed.has_value();
      fpContract = parsed.value_or(FpContract::Default);
    } else if (key == "target_cpu") {
      targetCpu = value;
    } else if (key == "target_features") {
      targetFeatures = value;
    } else if (key == "library_calls") {
      ok = flag(value, libraryCalls);
    } else if (key == "plugin") {
      plugins.push_back(value);
    } else if (key == "host_control_flow") {
      std::optional<HostControlFlow> parsed =
          parseName(value, {HostControlFlow::Auto, HostControlFlow::Always,
                            HostControlFlow::Never});
      ok = parsed.has_value();
      hostControlFlow = parsed.value_or(HostControlFlow::Auto);
    } else if (key == "vectorize") {
      ok = flag(value, vectorize);
    } else if (key == "inline_exp") {
      ok = flag(value, inlineExp);
    } else if (key == "opaque_constants") {
      ok = flag(value, opaqueConstants);
    } else if (key == "library_min_flops") {
      char *rest = nullptr;
      libraryMinFlops = std::strtoll(value.c_str(), &rest, 10);
      ok = !value.empty() && *rest == 0;
    } else if (key == "hlox_matmul_kernel") {
      ok = flag(value, hloxMatmulKernel);
    } else if (key == "fuse_matmul_epilogues") {
      ok = flag(value, fuseMatmulEpilogues);
    } else if (key == "channels_last") {
      ok = flag(value, channelsLast);
    } else if (key == "fuse_rows") {
      ok = flag(value, fuseRows);
    } else if (key == "composite") {
      size_t colon = value.rfind(':');
      std::optional<CompositePath> parsed;
      if (colon != std::string::npos && colon > 0)
        parsed = parseName(std::string_view(value).substr(colon + 1),
                           {CompositePath::Auto, CompositePath::Native,
                            CompositePath::Inline});
      ok = parsed.has_value();
      if (ok)
        compositePaths.emplace_back(value.substr(0, colon), *parsed);
    } else if (key == "num_replicas" || key == "num_partitions") {
      char *rest = nullptr;
      int64_t parsed = std::strtoll(value.c_str(), &rest, 10);
      ok = !value.empty() && *rest == 0 && parsed >= 0;
      (key == "num_replicas" ? numReplicas : numPartitions) = parsed;
    } else if (key == "async_collectives") {
      ok = flag(value, asyncCollectives);
    } else if (key == "kernel_cache_dir") {
      kernelCacheDir = value;
    } else if (key == "dump_dir") {
      dumpDir = value;
    } else if (key == "ahead_of_time") {
      ok = flag(value, aheadOfTime);
    } else if (key == "command_line_pass_options") {
      ok = flag(value, commandLinePassOptions);
    } else {
      ok = false;
    }
    if (!ok)
      return false;
  }
  return true;
}

StatusOr<std::shared_ptr<Client>> Client::create(ClientOptions options) {
  auto impl = std::make_shared<Impl>();
  auto state = std::make_shared<ClientState>();
  impl->state = state;
  state->options = options;
  if (options.platform == "cuda") {
    runtime::Status status;
    state->device =
        runtime::cuda::CudaDevice::create(options.cudaOrdinal, status);
    if (!state->device)
      return Status(ErrorCode::Unimplemented, status.message());
    state->devices.push_back({0, "cuda", state->device->getName(), 1});
    state->memorySpaces.push_back({0, "device", {0}});
  } else if (options.platform == "cpu") {
    state->device = std::make_unique<runtime::CpuDevice>(options.numThreads);
    state->devices.push_back(
        {0, "cpu", state->device->getName(), state->device->getNumThreads()});
    state->memorySpaces.push_back({0, "host", {0}});
  } else {
    return Status(ErrorCode::InvalidArgument,
                  "unknown platform '" + options.platform + "' (cpu, cuda)");
  }
  mlir::DialectRegistry registry;
  registerAllDialects(registry);
  cpu::registerCompilerDialects(registry);
  if (options.platform == "cuda")
    cuda::registerCompilerDialects(registry);
  // Threads of its own: a compilation generates its kernels' code in
  // parallel (compilations themselves take turns on the context).
  state->context = std::make_unique<mlir::MLIRContext>(registry);
  state->context->loadAllAvailableDialects();
  state->context->allowUnregisteredDialects(true);
  state->context->printOpOnDiagnostic(false);
  state->stream = std::make_unique<Stream>();
  return std::make_shared<Client>(impl);
}

Client::Client(std::shared_ptr<Impl> impl) : impl(std::move(impl)) {}
Client::~Client() = default;

std::string Client::getPlatformVersion() const {
  return getCompilerVersion().str();
}

const std::vector<DeviceInfo> &Client::getDevices() const {
  return impl->state->devices;
}

const std::vector<MemorySpaceInfo> &Client::getMemorySpaces() const {
  return impl->state->memorySpaces;
}

size_t Client::getNumCompilations() const {
  std::lock_guard<std::mutex> lock(impl->cacheMutex);
  return impl->compilations;
}

size_t Client::getNumCacheHits() const {
  std::lock_guard<std::mutex> lock(impl->cacheMutex);
  return impl->cacheHits;
}

//===----------------------------------------------------------------------===//
// Compilation
//===----------------------------------------------------------------------===//

namespace {

/// Collects the diagnostics of a compilation as text (file:line:col:
/// error: ...), for Status messages.
class DiagnosticCollector {
public:
  DiagnosticCollector(llvm::SourceMgr &sourceMgr, mlir::MLIRContext *context)
      : os(text), handler(sourceMgr, context, os) {}
  /// What was reported so far (warnings and remarks of a compilation
  /// that succeeded).
  std::string get() {
    os.flush();
    while (!text.empty() && text.back() == '\n')
      text.pop_back();
    return text;
  }
  /// The errors of a compilation that failed.
  std::string take() {
    std::string errors = get();
    return errors.empty() ? std::string("compilation failed") : errors;
  }

private:
  std::string text;
  llvm::raw_string_ostream os;
  mlir::SourceMgrDiagnosticHandler handler;
};

std::string cacheKey(std::string_view program, const CompileOptions &options) {
  llvm::SHA256 hash;
  hash.update(llvm::StringRef(program.data(), program.size()));
  std::array<uint8_t, 32> digest = hash.final();
  std::string key(reinterpret_cast<const char *>(digest.data()), digest.size());
  // The options name the target (its CPU and features; "host" is this
  // process's CPU, which a cache in the process shares) and the compiler
  // that made the code.
  key += "\n" + options.str() + getCompilerVersion().str();
  return key;
}

} // namespace

cpu::CompileOptions toCompilerOptions(const CompileOptions &options) {
  cpu::CompileOptions result;
  result.entry = options.entry;
  result.strictNumerics = options.strictNumerics;
  switch (options.fpContract) {
  case FpContract::Default:
    break;
  case FpContract::Off:
    result.fpContract = cpu::FpContract::Off;
    break;
  case FpContract::Elementwise:
    result.fpContract = cpu::FpContract::Elementwise;
    break;
  case FpContract::All:
    result.fpContract = cpu::FpContract::All;
    break;
  }
  result.targetCpu = options.targetCpu;
  result.targetFeatures = options.targetFeatures;
  result.libraryCalls = options.libraryCalls;
  result.hostControlFlow = toCompiler(options.hostControlFlow);
  result.vectorize = options.vectorize;
  result.inlineExp = options.inlineExp;
  result.opaqueConstants = options.opaqueConstants;
  if (options.libraryMinFlops >= 0)
    result.libraryMinFlops = options.libraryMinFlops;
  result.hloxMatmulKernel = options.hloxMatmulKernel;
  result.fuseMatmulEpilogues = options.fuseMatmulEpilogues;
  result.channelsLast = options.channelsLast;
  result.fuseRows = options.fuseRows;
  result.numReplicas = options.numReplicas;
  result.numPartitions = options.numPartitions;
  result.asyncCollectives = options.asyncCollectives;
  for (const auto &[name, path] : options.compositePaths)
    result.compositePaths[name] = toCompiler(path);
  result.cacheDir = options.kernelCacheDir;
  result.dumpDir = options.dumpDir;
  result.aheadOfTime = options.aheadOfTime;
  if (options.commandLinePassOptions)
    result.configurePassManager = [](mlir::PassManager &pm) {
      (void)mlir::applyPassManagerCLOptions(pm);
      mlir::applyDefaultTimingPassManagerCLOptions(pm);
    };
  return result;
}

void describeProgram(LoadedProgram &loaded, const runtime::HostProgram &host,
                     const std::vector<TensorType> &inputTypes,
                     const CompileStats *stats, int64_t kernels) {
  CostReport &report = loaded.report;
  report.workspaceBytes = host.arenaBytes;
  report.workspaceBytesWithoutReuse = host.unsharedArenaBytes;
  for (const std::vector<uint8_t> &constant : host.constants)
    report.constantBytes += constant.size();
  for (const TensorType &type : inputTypes)
    report.argumentBytes += type.getByteSize();
  for (const TensorType &type : loaded.outputTypes)
    report.resultBytes += type.getByteSize();
  report.kernels = kernels;
  report.dispatches =
      llvm::count_if(host.commands, [](const runtime::Command &command) {
        return command.is<runtime::DispatchCommand>();
      });
  report.flops = host.flops;

  CompileReport &compile = loaded.compileReport;
  if (stats) {
    compile.phaseMilliseconds = stats->phaseMilliseconds;
    compile.compiledKernels = stats->compiledKernels;
    compile.cachedKernels = stats->cachedKernels;
    compile.slowestKernels = stats->slowestKernels;
    for (const CompositeChoice &choice : stats->composites)
      compile.composites.push_back({choice.name, choice.version, choice.native,
                                    choice.target, choice.count});
  }
  compile.donationResults.assign(inputTypes.size(), -1);
  for (auto [argument, result] : llvm::enumerate(host.argumentResults))
    if (argument < compile.donationResults.size())
      compile.donationResults[argument] = result;

  auto commands = std::make_shared<std::vector<CommandInfo>>();
  for (const runtime::Command &command : host.commands)
    commands->push_back(
        {runtime::describeCommand(host, command), command.location});
  loaded.commands = std::move(commands);
}

/// Compiles the signature `types` (with the values of 0-d integer
/// arguments in `values`) and loads it. Call under the client's
/// compileMutex.
static StatusOr<LoadedProgram *>
loadSignature(Executable::Impl &exe, llvm::SourceMgr &sourceMgr,
              llvm::ArrayRef<mlir::RankedTensorType> types,
              llvm::ArrayRef<mlir::Attribute> values) {
  DiagnosticCollector diagnostics(sourceMgr, exe.client->context.get());
  mlir::FailureOr<const CompiledProgram *> compiled =
      exe.cache->get(types, values);
  if (failed(compiled))
    return Status(ErrorCode::CompileError, diagnostics.take());
  std::lock_guard<std::mutex> lock(exe.loadedMutex);
  auto &slot = exe.loaded[*compiled];
  if (slot)
    return slot.get();
  const CompiledProgram &program = **compiled;
  // Compiled ahead of time only: its kernels are objects, not loaded.
  std::unique_ptr<runtime::Executable> executable;
  if (!exe.options.aheadOfTime) {
    runtime::Status status;
    executable =
        runtime::Executable::create(program.program, program.kernels, status);
    if (!executable)
      return Status(ErrorCode::CompileError,
                    "cannot load the compiled program: " + status.message());
  }
  auto loaded = std::make_unique<LoadedProgram>();
  loaded->compiled = &program;
  loaded->executable = std::move(executable);
  for (mlir::Type type : program.signature.getResults())
    loaded->outputTypes.push_back(toTensorType(type));
  std::vector<TensorType> inputTypes;
  for (mlir::Type type : program.signature.getInputs())
    inputTypes.push_back(toTensorType(type));
  describeProgram(*loaded, program.program, inputTypes, &program.stats,
                  program.stats.kernels);
  loaded->compileReport.diagnostics = diagnostics.get();
  slot = std::move(loaded);
  return slot.get();
}

StatusOr<LoadedProgram *>
loadForArguments(Executable::Impl &exe,
                 llvm::ArrayRef<mlir::RankedTensorType> types,
                 llvm::ArrayRef<mlir::Attribute> values) {
  std::lock_guard<std::mutex> lock(exe.client->compileMutex);
  llvm::SourceMgr sourceMgr;
  StatusOr<LoadedProgram *> loaded =
      loadSignature(exe, sourceMgr, types, values);
  if (loaded.ok()) {
    std::lock_guard<std::mutex> lastLock(exe.loadedMutex);
    exe.last = *loaded;
  }
  return loaded;
}

/// The API's form of a `hlox.shard` layout.
static Sharding toSharding(const std::optional<ShardLayout> &layout) {
  Sharding sharding;
  if (layout) {
    sharding.tiles.assign(layout->tiles.begin(), layout->tiles.end());
    sharding.deviceTiles.assign(layout->deviceTiles.begin(),
                                layout->deviceTiles.end());
  }
  return sharding;
}

static StatusOr<std::unique_ptr<Executable::Impl>>
loadAheadOfTime(const std::shared_ptr<ClientState> &client,
                std::string_view bytes, const CompileOptions *options);

StatusOr<std::shared_ptr<Executable>>
Client::compile(std::string_view program, const CompileOptions &options,
                std::string_view sourceName) {
  std::string key = cacheKey(program, options);
  if (impl->state->options.executableCacheSize > 0) {
    std::lock_guard<std::mutex> lock(impl->cacheMutex);
    for (auto it = impl->cache.begin(); it != impl->cache.end(); ++it)
      if (it->first == key) {
        impl->cache.splice(impl->cache.begin(), impl->cache, it);
        ++impl->cacheHits;
        return it->second;
      }
  }

  for (const std::string &path : options.plugins) {
    ffi::Status status = ffi::HandlerRegistry::global().loadPlugin(path);
    if (!status)
      return Status(ErrorCode::InvalidArgument, status.message());
  }

  std::lock_guard<std::mutex> lock(impl->state->compileMutex);
  mlir::MLIRContext *context = impl->state->context.get();
  if (runtime::isAotProgram(program)) {
    StatusOr<std::unique_ptr<Executable::Impl>> loaded =
        loadAheadOfTime(impl->state, program, &options);
    if (!loaded.ok())
      return loaded.getStatus();
    return std::make_shared<Executable>(std::move(*loaded));
  }
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(
          llvm::StringRef(program.data(), program.size()),
          llvm::StringRef(sourceName.data(), sourceName.size())),
      llvm::SMLoc());
  DiagnosticCollector diagnostics(sourceMgr, context);
  mlir::OwningOpRef<mlir::ModuleOp> module =
      vhlo::readPortableArtifact(sourceMgr, context);
  if (!module || failed(verifyKnownDialects(*module)))
    return Status(ErrorCode::CompileError, diagnostics.take());
  // A program sharded over several devices becomes each device's program.
  mlir::FailureOr<bool> partitioned =
      partitionProgram(*module, toCompilerOptions(options));
  if (failed(partitioned))
    return Status(ErrorCode::CompileError, diagnostics.take());
  auto function = module->lookupSymbol<mlir::func::FuncOp>(options.entry);
  if (!function)
    return Status(ErrorCode::InvalidArgument,
                  "the program has no function @" + options.entry);
  std::shared_ptr<const Target> target;
  if (impl->state->options.platform == "cuda") {
    if (options.aheadOfTime)
      return Status(ErrorCode::Unimplemented,
                    "ahead-of-time executables are the CPU target's");
    cuda::CompileOptions cudaOptions;
    static_cast<hlox::CompileOptions &>(cudaOptions) =
        toCompilerOptions(options);
    cudaOptions.arch =
        static_cast<runtime::cuda::CudaDevice &>(*impl->state->device)
            .getArch();
    // cuBLASLt's products are blocked sums, as oneDNN's.
    cudaOptions.libraryCalls = options.libraryCalls && !options.strictNumerics;
    target = cuda::createTarget(cudaOptions);
  } else {
    target = cpu::createTarget(toCompilerOptions(options));
  }
  if (failed(checkTensorSignature(function, target->getName())))
    return Status(ErrorCode::CompileError, diagnostics.take());

  auto exe = std::make_unique<Executable::Impl>();
  exe->client = impl->state;
  exe->name = options.entry;
  exe->options = options;
  exe->program = std::string(program);
  for (mlir::Type type : function.getFunctionType().getInputs()) {
    exe->inputTypes.push_back(toTensorType(type));
    exe->declaredTypes.push_back(toBoundaryType(type));
  }
  for (mlir::Type type : function.getFunctionType().getResults())
    exe->outputTypes.push_back(toTensorType(type));
  if (*partitioned) {
    exe->numDevices =
        (*module)
            ->getAttrOfType<mlir::IntegerAttr>("mhlo.num_partitions")
            .getInt();
    if (options.numPartitions > 1 && options.numPartitions != exe->numDevices)
      return Status(ErrorCode::InvalidArgument,
                    "the program is sharded over " +
                        std::to_string(exe->numDevices) +
                        " devices; the options ask for " +
                        std::to_string(options.numPartitions) + " partitions");
    exe->partitioning.devices = exe->numDevices;
    if (auto counts = (*module)->getAttrOfType<mlir::DictionaryAttr>(
            kPartitioningAttrName)) {
      auto read = [&](llvm::StringRef key) -> int64_t {
        auto value = counts.getAs<mlir::IntegerAttr>(key);
        return value ? value.getInt() : 0;
      };
      exe->partitioning.allGathers = read("all_gathers");
      exe->partitioning.allReduces = read("all_reduces");
      exe->partitioning.reduceScatters = read("reduce_scatters");
      exe->partitioning.allToAlls = read("all_to_alls");
      exe->partitioning.collectivePermutes = read("collective_permutes");
      exe->partitioning.slices = read("slices");
      exe->partitioning.wholeOps = read("whole_ops");
    }
    for (unsigned i = 0; i < function.getNumArguments(); ++i)
      exe->inputShardings.push_back(toSharding(getShardLayout(
          function.getArgAttrOfType<mlir::DictionaryAttr>(i, kShardAttrName))));
    for (unsigned i = 0; i < function.getNumResults(); ++i)
      exe->outputShardings.push_back(toSharding(
          getShardLayout(function.getResultAttrOfType<mlir::DictionaryAttr>(
              i, kShardAttrName))));
  } else {
    exe->inputShardings.resize(function.getNumArguments());
    exe->outputShardings.resize(function.getNumResults());
  }
  exe->polymorphic = hasDynamicShapes(function);
  exe->cache = std::make_unique<CompileCache>(*module, std::move(target));
  if (!exe->polymorphic) {
    llvm::SmallVector<mlir::RankedTensorType> types;
    for (mlir::Type type : function.getFunctionType().getInputs())
      types.push_back(toBoundaryType(type));
    llvm::SmallVector<mlir::Attribute> values(types.size());
    StatusOr<LoadedProgram *> loaded =
        loadSignature(*exe, sourceMgr, types, values);
    if (!loaded.ok())
      return loaded.getStatus();
    exe->last = *loaded;
  }

  exe->parseDiagnostics = diagnostics.get();
  auto executable = std::make_shared<Executable>(std::move(exe));
  std::lock_guard<std::mutex> cacheLock(impl->cacheMutex);
  ++impl->compilations;
  if (impl->state->options.executableCacheSize > 0) {
    impl->cache.emplace_front(key, executable);
    if (impl->cache.size() > impl->state->options.executableCacheSize)
      impl->cache.pop_back();
  }
  return executable;
}

/// An executable of an ahead-of-time file: loaded by the runtime, nothing
/// compiled; with `options`, its entry must be theirs. Call under the
/// client's compileMutex (types are parsed in its context).
static StatusOr<std::unique_ptr<Executable::Impl>>
loadAheadOfTime(const std::shared_ptr<ClientState> &client,
                std::string_view bytes, const CompileOptions *options) {
  runtime::AotProgram aot;
  runtime::Status status = runtime::readAotProgram(bytes, aot);
  if (!status)
    return Status(ErrorCode::DataLoss, status.message());
  if (options && options->entry != aot.entry)
    return Status(ErrorCode::InvalidArgument, "the executable holds @" +
                                                  aot.entry + ", not @" +
                                                  options->entry);
  auto exe = std::make_unique<Executable::Impl>();
  exe->client = client;
  exe->name = aot.entry;
  if (options)
    exe->options = *options;
  exe->options.entry = aot.entry;
  exe->program = std::string(bytes);
  auto loaded = std::make_unique<LoadedProgram>();
  for (auto [texts, types, declared] :
       {std::tuple(&aot.inputTypes, &exe->inputTypes, true),
        std::tuple(&aot.outputTypes, &loaded->outputTypes, false)})
    for (const std::string &text : *texts) {
      auto type = mlir::dyn_cast_or_null<mlir::RankedTensorType>(
          mlir::parseType(text, client->context.get()));
      if (!type || !type.hasStaticShape())
        return Status(ErrorCode::DataLoss, "bad signature type '" + text + "'");
      types->push_back(toTensorType(type));
      if (declared)
        exe->declaredTypes.push_back(type);
    }
  exe->outputTypes = loaded->outputTypes;
  describeProgram(*loaded, aot.program, exe->inputTypes, /*stats=*/nullptr,
                  aot.kernels.size());
  loaded->executable = runtime::loadAotProgram(std::move(aot), status);
  if (!loaded->executable)
    return Status(ErrorCode::ExecutionError, status.message());
  exe->last = loaded.get();
  exe->loaded[nullptr] = std::move(loaded);
  return exe;
}

//===----------------------------------------------------------------------===//
// Serialized executables
//===----------------------------------------------------------------------===//

static constexpr std::string_view kExecutableMagic = "HLOXEXE1\n";

StatusOr<std::string> Executable::serializeAheadOfTime() const {
  if (runtime::isAotProgram(impl->program))
    return impl->program;
  if (impl->polymorphic)
    return Status(ErrorCode::Unimplemented,
                  "an ahead-of-time executable needs static shapes: @" +
                      impl->name + " has dynamic ones");
  LoadedProgram *program = nullptr;
  {
    std::lock_guard<std::mutex> lock(impl->loadedMutex);
    program = impl->last;
  }
  if (!program || !program->compiled)
    return Status(ErrorCode::Unimplemented,
                  "@" + impl->name + " has no compiled program to write");
  std::lock_guard<std::mutex> lock(impl->client->compileMutex);
  std::string error;
  mlir::FailureOr<runtime::AotProgram> aot = cpu::makeAheadOfTimeProgram(
      impl->name, *program->compiled, toCompilerOptions(impl->options), error);
  if (failed(aot))
    return Status(ErrorCode::Unimplemented, error);
  return runtime::writeAotProgram(*aot);
}

std::string Executable::serialize() const {
  // A statically shaped program as its ahead-of-time executable: machine
  // code that loads without compiling. Not a partitioned one: that file
  // holds one device's program, without how values lie over the devices.
  StatusOr<std::string> aot =
      impl->numDevices > 1
          ? StatusOr<std::string>(Status(ErrorCode::Unimplemented, "sharded"))
          : serializeAheadOfTime();
  if (aot.ok())
    return std::move(*aot);
  std::string options = impl->options.str();
  return std::string(kExecutableMagic) + std::to_string(options.size()) + "\n" +
         options + impl->program;
}

bool Client::isSerializedExecutable(std::string_view bytes) {
  return runtime::isAotProgram(bytes) ||
         bytes.substr(0, kExecutableMagic.size()) == kExecutableMagic;
}

StatusOr<std::shared_ptr<Executable>>
Client::deserializeExecutable(std::string_view bytes) {
  auto corrupt = [] {
    return Status(ErrorCode::DataLoss,
                  "not a serialized hlox executable of this version");
  };
  if (runtime::isAotProgram(bytes)) {
    std::lock_guard<std::mutex> lock(impl->state->compileMutex);
    StatusOr<std::unique_ptr<Executable::Impl>> loaded =
        loadAheadOfTime(impl->state, bytes, /*options=*/nullptr);
    if (!loaded.ok())
      return loaded.getStatus();
    return std::make_shared<Executable>(std::move(*loaded));
  }
  if (bytes.substr(0, kExecutableMagic.size()) != kExecutableMagic)
    return corrupt();
  bytes.remove_prefix(kExecutableMagic.size());
  size_t newline = bytes.find('\n');
  if (newline == std::string_view::npos || newline == 0 || newline > 12)
    return corrupt();
  size_t size = 0;
  for (char c : bytes.substr(0, newline)) {
    if (c < '0' || c > '9')
      return corrupt();
    size = size * 10 + (c - '0');
  }
  bytes.remove_prefix(newline + 1);
  if (size > bytes.size())
    return corrupt();
  std::string_view text = bytes.substr(0, size);
  std::string_view program = bytes.substr(size);
  CompileOptions options;
  if (!options.parse(text))
    return corrupt();
  return compile(program, options);
}

//===----------------------------------------------------------------------===//
// Buffers from host memory
//===----------------------------------------------------------------------===//

StatusOr<std::shared_ptr<Buffer>>
Client::bufferFromHost(const void *data, ElementType elementType,
                       std::vector<int64_t> shape,
                       HostBufferSemantics semantics,
                       std::function<void()> onRelease, int deviceId) {
  return bufferFromHost(data, makeTensorType(elementType, std::move(shape)),
                        semantics, std::move(onRelease), deviceId);
}

StatusOr<std::shared_ptr<Buffer>>
Client::bufferFromHost(const void *data, const TensorType &type,
                       HostBufferSemantics semantics,
                       std::function<void()> onRelease, int deviceId) {
  if (deviceId < 0 ||
      deviceId >= static_cast<int>(impl->state->devices.size()))
    return Status(ErrorCode::InvalidArgument,
                  "no device " + std::to_string(deviceId));
  if (getElementByteWidth(std::string_view(type.elementName)) == 0 ||
      (type.elementType != ElementType::Other &&
       type.elementName != getElementTypeName(type.elementType)))
    return Status(ErrorCode::Unimplemented,
                  "buffers of element type '" + type.elementName +
                      "' cannot be made from host memory");
  for (int64_t dim : type.shape)
    if (dim < 0)
      return Status(ErrorCode::InvalidArgument,
                    "a buffer's shape is static: " + type.str());
  if (!data && type.getByteSize() != 0)
    return Status(ErrorCode::InvalidArgument, "no data for " + type.str());
  auto storage = std::make_shared<Buffer::Impl>();
  runtime::BufferType bufferType = toBufferType(type);
  runtime::Device &device = *impl->state->device;
  if (!device.isHostAccessible()) {
    // Copied into the device's memory, whatever the semantics.
    storage->storage = device.allocate(bufferType);
    if (!storage->storage)
      return Status(ErrorCode::ExecutionError, "out of memory on " +
                                                   device.getName() + " for " +
                                                   type.str());
    storage->client = impl->state;
    if (type.getByteSize())
      device.copy(storage->storage->data(), data, type.getByteSize());
    runtime::Status copied = device.synchronize();
    if (onRelease)
      onRelease();
    if (!copied)
      return Status(ErrorCode::ExecutionError, copied.message());
    storage->storage->setImmutable();
    return std::make_shared<Buffer>(type, deviceId, Event::ready(), storage);
  }
  bool aligned =
      reinterpret_cast<uintptr_t>(data) % runtime::Buffer::kAlignment == 0;
  if (semantics == HostBufferSemantics::ZeroCopy && aligned && data) {
    storage->storage = std::make_shared<runtime::Buffer>(
        bufferType, const_cast<void *>(data),
        [onRelease = std::move(onRelease)](void *) {
          if (onRelease)
            onRelease();
        });
    storage->borrowed = true;
  } else {
    storage->storage = std::make_shared<runtime::Buffer>(bufferType);
    if (type.getByteSize())
      std::memcpy(storage->storage->data(), data, type.getByteSize());
    if (onRelease)
      onRelease();
  }
  // The API's buffers never change once ready: the runtime may keep what it
  // derives from them (reordered weights) across runs.
  storage->storage->setImmutable();
  return std::make_shared<Buffer>(type, deviceId, Event::ready(), storage);
}

} // namespace hlox::api
