//===- Client.cpp - Devices, compilation, buffers from host --------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "Internal.h"

#include "hlox/Dialect/VHLO/Serialization/Serialization.h"
#include "hlox/InitAll.h"
#include "hlox/Support/DiskCache.h"
#include "hlox/Target/CPU/Compiler.h"
#include "hlox/Transforms/KnownDialects.h"
#include "hlox/Transforms/Specialize.h"
#include "hlox/ffi/Registry.h"

#include "hlox/runtime/AotProgram.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>

namespace hlox::api {

std::string CompileOptions::str() const {
  std::string text = "entry=" + entry + "\n";
  text += "strict_numerics=" + std::to_string(strictNumerics) + "\n";
  text += "target_cpu=" + targetCpu + "\n";
  text += "target_features=" + targetFeatures + "\n";
  text += "library_calls=" + std::to_string(libraryCalls) + "\n";
  for (const std::string &plugin : plugins)
    text += "plugin=" + plugin + "\n";
  return text;
}

StatusOr<std::shared_ptr<Client>> Client::create(ClientOptions options) {
  auto impl = std::make_shared<Impl>();
  auto state = std::make_shared<ClientState>();
  impl->state = state;
  state->options = options;
  state->device = std::make_unique<runtime::CpuDevice>(options.numThreads);
  state->devices.push_back(
      {0, "cpu", state->device->getName(), state->device->getNumThreads()});
  state->memorySpaces.push_back({0, "host", {0}});
  mlir::DialectRegistry registry;
  registerAllDialects(registry);
  cpu::registerCompilerDialects(registry);
  state->context = std::make_unique<mlir::MLIRContext>(
      registry, mlir::MLIRContext::Threading::DISABLED);
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
  std::string take() {
    os.flush();
    while (!text.empty() && text.back() == '\n')
      text.pop_back();
    return text.empty() ? std::string("compilation failed") : text;
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

cpu::CompileOptions toCompilerOptions(const CompileOptions &options) {
  cpu::CompileOptions result;
  result.entry = options.entry;
  result.strictNumerics = options.strictNumerics;
  result.targetCpu = options.targetCpu;
  result.targetFeatures = options.targetFeatures;
  result.libraryCalls = options.libraryCalls;
  return result;
}

} // namespace

/// What a program needs before it runs: its memory (from its host
/// program and signature) and its kernels and dispatches.
static CostReport makeCostReport(const runtime::HostProgram &host,
                                 const std::vector<TensorType> &inputs,
                                 const std::vector<TensorType> &outputs,
                                 int64_t kernels) {
  CostReport report;
  report.workspaceBytes = host.arenaBytes;
  report.workspaceBytesWithoutReuse = host.unsharedArenaBytes;
  for (const std::vector<uint8_t> &constant : host.constants)
    report.constantBytes += constant.size();
  for (const TensorType &type : inputs)
    report.argumentBytes += type.getByteSize();
  for (const TensorType &type : outputs)
    report.resultBytes += type.getByteSize();
  report.kernels = kernels;
  report.dispatches = llvm::count_if(host.commands, [](const auto &command) {
    return command.kind == runtime::CommandKind::Dispatch;
  });
  return report;
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
  if (llvm::any_of(program.program.commands, [](const runtime::Command &c) {
        return c.kind == runtime::CommandKind::HostCall;
      }))
    return Status(ErrorCode::Unimplemented,
                  "the program holds test assertions (check ops), which "
                  "run in hlox-run, not through the API");
  runtime::Status status;
  std::unique_ptr<runtime::Executable> executable =
      runtime::Executable::create(program.program, program.kernels, status);
  if (!executable)
    return Status(ErrorCode::CompileError,
                  "cannot load the compiled program: " + status.message());
  auto loaded = std::make_unique<LoadedProgram>();
  loaded->compiled = &program;
  loaded->executable = std::move(executable);
  for (mlir::Type type : program.signature.getResults())
    loaded->outputTypes.push_back(toTensorType(type));
  std::vector<TensorType> inputTypes;
  for (mlir::Type type : program.signature.getInputs())
    inputTypes.push_back(toTensorType(type));
  loaded->report = makeCostReport(program.program, inputTypes,
                                  loaded->outputTypes, program.stats.kernels);
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

static StatusOr<std::unique_ptr<Executable::Impl>>
loadAheadOfTime(const std::shared_ptr<ClientState> &client,
                std::string_view bytes, const CompileOptions *options);

StatusOr<std::shared_ptr<Executable>>
Client::compile(std::string_view program, const CompileOptions &options) {
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
          llvm::StringRef(program.data(), program.size()), "program"),
      llvm::SMLoc());
  DiagnosticCollector diagnostics(sourceMgr, context);
  mlir::OwningOpRef<mlir::ModuleOp> module =
      vhlo::readPortableArtifact(sourceMgr, context);
  if (!module || failed(verifyKnownDialects(*module)))
    return Status(ErrorCode::CompileError, diagnostics.take());
  auto function = module->lookupSymbol<mlir::func::FuncOp>(options.entry);
  if (!function)
    return Status(ErrorCode::InvalidArgument,
                  "the program has no function @" + options.entry);
  for (mlir::Type type : function.getFunctionType().getInputs())
    if (!mlir::isa<mlir::RankedTensorType>(type))
      return Status(ErrorCode::Unimplemented,
                    "@" + options.entry +
                        " takes an argument that is not a ranked tensor");
  for (mlir::Type type : function.getFunctionType().getResults())
    if (!mlir::isa<mlir::RankedTensorType>(type))
      return Status(ErrorCode::Unimplemented,
                    "@" + options.entry +
                        " returns a value that is not a ranked tensor");

  auto exe = std::make_unique<Executable::Impl>();
  exe->client = impl->state;
  exe->name = options.entry;
  exe->options = options;
  exe->program = std::string(program);
  for (mlir::Type type : function.getFunctionType().getInputs()) {
    exe->inputTypes.push_back(toTensorType(type));
    exe->declaredTypes.push_back(mlir::cast<mlir::RankedTensorType>(type));
  }
  for (mlir::Type type : function.getFunctionType().getResults())
    exe->outputTypes.push_back(toTensorType(type));
  exe->polymorphic = hasDynamicShapes(function);
  exe->cache = std::make_unique<CompileCache>(
      *module, cpu::createTarget(toCompilerOptions(options)));
  if (!exe->polymorphic) {
    llvm::SmallVector<mlir::RankedTensorType> types;
    for (mlir::Type type : function.getFunctionType().getInputs())
      types.push_back(mlir::cast<mlir::RankedTensorType>(type));
    llvm::SmallVector<mlir::Attribute> values(types.size());
    StatusOr<LoadedProgram *> loaded =
        loadSignature(*exe, sourceMgr, types, values);
    if (!loaded.ok())
      return loaded.getStatus();
    exe->last = *loaded;
  }

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
  loaded->report = makeCostReport(aot.program, exe->inputTypes,
                                  loaded->outputTypes, aot.kernels.size());
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

std::string Executable::serialize() const {
  // A statically shaped program as its ahead-of-time executable: machine
  // code that loads without compiling.
  LoadedProgram *program = nullptr;
  {
    std::lock_guard<std::mutex> lock(impl->loadedMutex);
    program = impl->polymorphic ? nullptr : impl->last;
  }
  if (runtime::isAotProgram(impl->program))
    return impl->program;
  if (program && program->compiled) {
    std::lock_guard<std::mutex> lock(impl->client->compileMutex);
    std::string error;
    mlir::FailureOr<runtime::AotProgram> aot =
        cpu::makeAheadOfTimeProgram(impl->name, *program->compiled,
                                    toCompilerOptions(impl->options), error);
    if (succeeded(aot))
      return runtime::writeAotProgram(*aot);
  }
  std::string options = impl->options.str();
  return std::string(kExecutableMagic) + std::to_string(options.size()) + "\n" +
         options + impl->program;
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
  options.plugins.clear();
  while (!text.empty()) {
    size_t end = text.find('\n');
    if (end == std::string_view::npos)
      return corrupt();
    std::string_view line = text.substr(0, end);
    text.remove_prefix(end + 1);
    size_t equals = line.find('=');
    if (equals == std::string_view::npos)
      return corrupt();
    std::string_view name = line.substr(0, equals);
    std::string value(line.substr(equals + 1));
    if (name == "entry")
      options.entry = value;
    else if (name == "strict_numerics")
      options.strictNumerics = value == "1";
    else if (name == "target_cpu")
      options.targetCpu = value;
    else if (name == "target_features")
      options.targetFeatures = value;
    else if (name == "library_calls")
      options.libraryCalls = value == "1";
    else if (name == "plugin")
      options.plugins.push_back(value);
    else
      return corrupt();
  }
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
  if (getElementByteWidth(type.elementType) == 0 ||
      type.elementName != getElementTypeName(type.elementType))
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
