//===- Executable.cpp - Signatures, reports, executions ------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "Internal.h"

#include "hlox/Evaluator/Buffers.h"
#include "hlox/Evaluator/Evaluator.h"
#include "hlox/HostProgram/Buffers.h"
#include "hlox/HostProgram/HostProgramBuilder.h"
#include "hlox/runtime/Communicator.h"
#ifdef HLOX_HAVE_MPI
#include "hlox/runtime/MpiCommunicator.h"
#endif
#ifdef HLOX_HAVE_GLOO
#include "hlox/runtime/GlooCommunicator.h"
#endif

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"

#include <cstring>
#include <thread>

namespace hlox::api {

Executable::Executable(std::unique_ptr<Impl> impl) : impl(std::move(impl)) {}
Executable::~Executable() = default;

const std::string &Executable::getName() const { return impl->name; }
const std::vector<TensorType> &Executable::getInputTypes() const {
  return impl->inputTypes;
}
const std::vector<TensorType> &Executable::getOutputTypes() const {
  return impl->outputTypes;
}

int64_t Executable::getNumDevices() const { return impl->numDevices; }

const std::vector<Sharding> &Executable::getInputShardings() const {
  return impl->inputShardings;
}

const std::vector<Sharding> &Executable::getOutputShardings() const {
  return impl->outputShardings;
}
const CompileOptions &Executable::getOptions() const { return impl->options; }

CostReport Executable::getCostReport() const {
  std::lock_guard<std::mutex> lock(impl->loadedMutex);
  return impl->last ? impl->last->report : CostReport();
}

CompileReport Executable::getCompileReport() const {
  std::lock_guard<std::mutex> lock(impl->loadedMutex);
  CompileReport report =
      impl->last ? impl->last->compileReport : CompileReport();
  report.partitioning = impl->partitioning;
  if (!impl->parseDiagnostics.empty())
    report.diagnostics = impl->parseDiagnostics +
                         (report.diagnostics.empty() ? "" : "\n") +
                         report.diagnostics;
  return report;
}

/// Whether a buffer of `given` fits an input of `declared` (dynamic
/// dimensions fit any size).
static bool fits(const TensorType &given, const TensorType &declared) {
  if (given.elementName != declared.elementName ||
      given.shape.size() != declared.shape.size())
    return false;
  for (auto [g, d] : llvm::zip(given.shape, declared.shape))
    if (d >= 0 && g != d)
      return false;
  return true;
}

/// The MLIR type of a static tensor type of the element type `declared`
/// has.
static mlir::RankedTensorType toMlirType(const TensorType &type,
                                         mlir::RankedTensorType declared) {
  return mlir::RankedTensorType::get(type.shape, declared.getElementType());
}

/// Checks the arguments of an execution on `deviceId` and finds (or, for a
/// shape-polymorphic entry, compiles) the program for them.
static StatusOr<LoadedProgram *>
prepare(Executable::Impl *impl,
        const std::vector<std::shared_ptr<Buffer>> &arguments, int deviceId) {
  ClientState &client = *impl->client;
  if (deviceId < 0 || deviceId >= static_cast<int>(client.devices.size()))
    return Status(ErrorCode::InvalidArgument,
                  "no device " + std::to_string(deviceId));
  if (arguments.size() != impl->inputTypes.size())
    return Status(ErrorCode::InvalidArgument,
                  "@" + impl->name + " takes " +
                      std::to_string(impl->inputTypes.size()) +
                      " arguments, got " + std::to_string(arguments.size()));
  for (auto [i, argument] : llvm::enumerate(arguments)) {
    if (!argument)
      return Status(ErrorCode::InvalidArgument,
                    "argument " + std::to_string(i) + " is null");
    if (!fits(argument->getType(), impl->inputTypes[i]))
      return Status(ErrorCode::InvalidArgument,
                    "argument " + std::to_string(i) + " of @" + impl->name +
                        " is " + impl->inputTypes[i].str() + ", got " +
                        argument->getType().str());
    if (argument->isDeleted())
      return Status(ErrorCode::InvalidArgument,
                    "argument " + std::to_string(i) +
                        " was donated to an earlier execution");
    if (argument->getDeviceId() != deviceId)
      return Status(ErrorCode::InvalidArgument,
                    "argument " + std::to_string(i) + " is on device " +
                        std::to_string(argument->getDeviceId()) +
                        ", the execution on device " +
                        std::to_string(deviceId));
  }

  LoadedProgram *program = nullptr;
  if (!impl->polymorphic) {
    program = impl->last;
  } else {
    // The program for these shapes: the dimension-size arguments (0-d
    // integers) are part of the signature, so they must be ready.
    llvm::SmallVector<mlir::RankedTensorType> types;
    llvm::SmallVector<mlir::Attribute> values;
    {
      std::lock_guard<std::mutex> lock(client.compileMutex);
      // Dimension sizes come first (JAX's convention): a 0-d integer
      // after an array argument is data.
      bool leading = true;
      for (auto [argument, declared] :
           llvm::zip(arguments, impl->declaredTypes)) {
        mlir::RankedTensorType type = toMlirType(argument->getType(), declared);
        types.push_back(type);
        mlir::Attribute value;
        auto integer = mlir::dyn_cast<mlir::IntegerType>(type.getElementType());
        leading = leading && type.getRank() == 0 && integer;
        if (leading) {
          Status ready = argument->getReadyEvent().wait();
          if (!ready.ok())
            return ready;
          int64_t raw = 0;
          size_t bytes = std::min<size_t>(8, (integer.getWidth() + 7) / 8);
          if (argument->getImpl()->client) {
            client.device->copy(&raw, argument->getImpl()->storage->data(),
                                bytes);
            runtime::Status copied = client.device->synchronize();
            if (!copied)
              return Status(ErrorCode::ExecutionError, copied.message());
          } else {
            std::memcpy(&raw, argument->getImpl()->storage->data(), bytes);
          }
          // As the compiler takes a dimension's value: a 0-d elements
          // attribute.
          value = mlir::DenseElementsAttr::get(
              type, llvm::APInt(integer.getWidth(), raw,
                                /*isSigned=*/false, /*implicitTrunc=*/true));
        }
        values.push_back(value);
      }
    }
    StatusOr<LoadedProgram *> loaded = loadForArguments(*impl, types, values);
    if (!loaded.ok())
      return loaded.getStatus();
    program = *loaded;
  }
  if (!program->executable)
    return Status(ErrorCode::Unimplemented,
                  "@" + impl->name +
                      " was compiled ahead of time only (CompileOptions::"
                      "aheadOfTime): run what serializeAheadOfTime writes");
  return program;
}

/// Runs `program` on `buffers` with the device of `client`: the run's
/// results, and in `report` its commands, timings and failed checks. Host
/// calls (check, interpreter.probe and print ops) run on the reference
/// evaluator.
static Status
runProgram(ClientState &client, const LoadedProgram &program,
           const std::vector<std::shared_ptr<runtime::Buffer>> &buffers,
           const ExecuteOptions &options, const std::vector<bool> &donated,
           std::vector<std::shared_ptr<runtime::Buffer>> &results,
           ExecutionReport &report, runtime::Device *device = nullptr,
           const runtime::ProcessInfo *process = nullptr) {
  report.commands = program.commands;
  // The evaluator judges checks as hlox-run's interpreted runs do; it uses
  // the client's context, so it runs under the compile mutex.
  std::unique_ptr<eval::Evaluator> evaluator;
  runtime::HostCallFn hostCall;
  if (program.compiled && !program.compiled->hostCalls.empty())
    hostCall =
        [&](int64_t callee,
            const std::vector<runtime::BufferView> &views) -> runtime::Status {
      if (!options.checks)
        return {};
      std::lock_guard<std::mutex> lock(client.compileMutex);
      std::string diagnostics;
      mlir::ScopedDiagnosticHandler handler(
          client.context.get(), [&](mlir::Diagnostic &diagnostic) {
            if (diagnostic.getSeverity() == mlir::DiagnosticSeverity::Error)
              diagnostics += getLocationText(diagnostic.getLocation()) + ": " +
                             diagnostic.str() + "\n";
            return mlir::success();
          });
      if (!evaluator)
        evaluator =
            std::make_unique<eval::Evaluator>(*program.compiled->hostModule);
      mlir::Operation *op = program.compiled->hostCalls[callee];
      llvm::SmallVector<eval::RuntimeValue> operands;
      for (auto [view, operand] : llvm::zip(views, op->getOperands()))
        operands.push_back(eval::fromBuffer(
            view.data, mlir::cast<mlir::RankedTensorType>(operand.getType())));
      mlir::FailureOr<llvm::SmallVector<eval::RuntimeValue>> values =
          evaluator->evaluate(op, operands);
      if (failed(values))
        return runtime::Status::error(diagnostics.empty()
                                          ? "a host call could not be evaluated"
                                          : diagnostics);
      llvm::ArrayRef<runtime::BufferView> outputs =
          llvm::ArrayRef(views).drop_front(op->getNumOperands());
      for (auto [view, value] : llvm::zip(outputs, *values)) {
        if (!value.isTensor())
          return runtime::Status::error("host call result is not a tensor");
        std::shared_ptr<runtime::Buffer> bytes = toBuffer(value.getTensor());
        if (bytes->getByteSize() != view.type->getByteSize())
          return runtime::Status::error("host call result of the wrong size");
        std::memcpy(view.data, bytes->data(), bytes->getByteSize());
      }
      return {};
    };
  // A process of a multi-process job: its place in the grid.
  runtime::ProcessInfo jobProcess;
  if (!process && options.processGroup) {
    ProcessGroup &group = *options.processGroup;
    int64_t partitions = std::max<int64_t>(1, options.numPartitions);
    if (options.numReplicas * partitions != group.getNumProcesses())
      return Status(ErrorCode::InvalidArgument,
                    "a grid of " + std::to_string(options.numReplicas) + "x" +
                        std::to_string(partitions) + " needs " +
                        std::to_string(options.numReplicas * partitions) +
                        " processes, but the process group has " +
                        std::to_string(group.getNumProcesses()));
    jobProcess.replica = group.getProcessIndex() / partitions;
    jobProcess.partition = group.getProcessIndex() % partitions;
    jobProcess.numReplicas = options.numReplicas;
    jobProcess.numPartitions = partitions;
    jobProcess.communicator = group.getImpl().communicator.get();
    process = &jobProcess;
  }
  std::vector<runtime::CommandTiming> timings;
  runtime::Status status = program.executable->execute(
      device ? *device : *client.device, buffers, results, hostCall,
      options.profile ? &timings : nullptr, donated, process);
  if (evaluator) {
    std::lock_guard<std::mutex> lock(client.compileMutex);
    for (const eval::CheckFailure &failure : evaluator->getCheckFailures())
      report.checkFailures.push_back(
          {getLocationText(failure.location), failure.message});
    evaluator.reset();
  }
  for (const runtime::CommandTiming &timing : timings)
    report.timings.push_back({timing.command, timing.startNs, timing.endNs});
  if (!status)
    return Status(ErrorCode::ExecutionError, status.str());
  if (options.failOnCheckFailure && !report.checkFailures.empty()) {
    std::string message;
    for (const CheckFailure &failure : report.checkFailures)
      message += (message.empty() ? "" : "\n") + failure.location +
                 ": check failed: " + failure.message;
    return Status(ErrorCode::ExecutionError, message);
  }
  for (const std::shared_ptr<runtime::Buffer> &result : results)
    result->setImmutable();
  return {};
}

/// Checks the donations of an execution and marks the donated buffers
/// deleted; the flags the runtime takes.
static StatusOr<std::vector<bool>>
takeDonations(const std::vector<std::shared_ptr<Buffer>> &arguments,
              const ExecuteOptions &options) {
  if (options.donate.size() > arguments.size())
    return Status(ErrorCode::InvalidArgument,
                  "donate has " + std::to_string(options.donate.size()) +
                      " flags for " + std::to_string(arguments.size()) +
                      " arguments");
  std::vector<bool> donated(options.donate);
  for (auto [i, flag] : llvm::enumerate(donated)) {
    if (!flag)
      continue;
    Buffer::Impl &impl = *arguments[i]->getImpl();
    if (impl.borrowed)
      return Status(ErrorCode::InvalidArgument,
                    "argument " + std::to_string(i) +
                        " borrows the caller's memory and cannot be donated");
    for (size_t j = 0; j < arguments.size(); ++j)
      if (j != i && arguments[j]->getImpl() == arguments[i]->getImpl())
        return Status(ErrorCode::InvalidArgument,
                      "argument " + std::to_string(i) +
                          " is donated but also passed as argument " +
                          std::to_string(j));
  }
  for (auto [i, flag] : llvm::enumerate(donated))
    if (flag && arguments[i]->getImpl()->deleted.exchange(true))
      return Status(ErrorCode::InvalidArgument,
                    "argument " + std::to_string(i) + " was donated already");
  return donated;
}

/// The runtime buffers of `arguments` once they are ready; a donated one
/// becomes writable (a fresh identity, so that nothing the runtime derived
/// from its old contents is taken for its new ones).
static Status
collectArguments(const std::vector<std::shared_ptr<Buffer>> &arguments,
                 const std::vector<bool> &donated,
                 std::vector<std::shared_ptr<runtime::Buffer>> &buffers) {
  for (auto [i, argument] : llvm::enumerate(arguments)) {
    Status ready = argument->getReadyEvent().wait();
    if (!ready.ok())
      return Status(ErrorCode::ExecutionError,
                    "an argument failed: " + ready.getMessage());
    buffers.push_back(argument->getImpl()->storage);
    if (i < donated.size() && donated[i])
      buffers.back()->makeWritable();
  }
  return {};
}

Status
Executable::compileFor(const std::vector<std::shared_ptr<Buffer>> &arguments,
                       int deviceId) {
  StatusOr<LoadedProgram *> prepared = prepare(impl.get(), arguments, deviceId);
  return prepared.ok() ? Status() : prepared.getStatus();
}

StatusOr<Executable::Execution>
Executable::executeAsync(const std::vector<std::shared_ptr<Buffer>> &arguments,
                         int deviceId) {
  ExecuteOptions options;
  options.deviceId = deviceId;
  return executeAsync(arguments, options);
}

StatusOr<Executable::Execution>
Executable::executeAsync(const std::vector<std::shared_ptr<Buffer>> &arguments,
                         const ExecuteOptions &options) {
  StatusOr<LoadedProgram *> prepared =
      prepare(impl.get(), arguments, options.deviceId);
  if (!prepared.ok())
    return prepared.getStatus();
  StatusOr<std::vector<bool>> donated = takeDonations(arguments, options);
  if (!donated.ok())
    return donated.getStatus();
  LoadedProgram *program = *prepared;
  ClientState &client = *impl->client;

  // The results exist at once; their storage comes when the run is done.
  Execution execution;
  auto doneState = std::make_shared<Event::State>();
  execution.done = Event(doneState);
  execution.report = std::make_shared<ExecutionReport>();
  std::vector<std::shared_ptr<Buffer::Impl>> resultStorage;
  std::vector<std::shared_ptr<Event::State>> resultStates;
  for (const TensorType &type : program->outputTypes) {
    auto storage = std::make_shared<Buffer::Impl>();
    auto state = std::make_shared<Event::State>();
    resultStorage.push_back(storage);
    resultStates.push_back(state);
    execution.results.push_back(std::make_shared<Buffer>(
        type, options.deviceId, Event(state), storage));
  }

  // The task keeps the executable (and through it the client) and the
  // arguments alive until it has run.
  client.stream->submit([self = shared_from_this(), program, options,
                         donated = std::move(*donated),
                         arguments = std::vector(arguments), resultStorage,
                         resultStates, doneState,
                         report = execution.report]() mutable {
    // What the execution holds (its arguments, the executable) is let go
    // before its events complete: whoever waits on them finds the borrowed
    // memory released.
    std::vector<std::shared_ptr<runtime::Buffer>> buffers;
    auto finish = [&](const Status &status) {
      buffers.clear();
      arguments.clear();
      self.reset();
      for (auto &state : resultStates)
        state->complete(status);
      doneState->complete(status);
    };
    Status status = collectArguments(arguments, donated, buffers);
    if (!status.ok())
      return finish(status);
    std::vector<std::shared_ptr<runtime::Buffer>> results;
    status = runProgram(*self->impl->client, *program, buffers, options,
                        donated, results, *report);
    if (!status.ok())
      return finish(status);
    for (auto [storage, result] : llvm::zip(resultStorage, results)) {
      storage->storage = result;
      if (!self->impl->client->device->isHostAccessible())
        storage->client = self->impl->client;
    }
    finish(Status());
  });
  return execution;
}

StatusOr<Executable::Execution>
Executable::execute(const std::vector<std::shared_ptr<Buffer>> &arguments,
                    const ExecuteOptions &options) {
  // With every argument ready and the device's stream idle, the run
  // happens on this thread: no handoff to the stream's.
  bool ready = llvm::all_of(arguments, [](const std::shared_ptr<Buffer> &b) {
    return b && b->getReadyEvent().isReady() && b->getReadyEvent().wait().ok();
  });
  if (ready) {
    StatusOr<LoadedProgram *> prepared =
        prepare(impl.get(), arguments, options.deviceId);
    if (!prepared.ok())
      return prepared.getStatus();
    LoadedProgram *program = *prepared;
    ClientState &client = *impl->client;
    Execution execution;
    execution.report = std::make_shared<ExecutionReport>();
    Status status;
    bool ran = client.stream->runInlineIfIdle([&] {
      StatusOr<std::vector<bool>> donated = takeDonations(arguments, options);
      if (!donated.ok()) {
        status = donated.getStatus();
        return;
      }
      std::vector<std::shared_ptr<runtime::Buffer>> buffers, results;
      status = collectArguments(arguments, *donated, buffers);
      if (status.ok())
        status = runProgram(client, *program, buffers, options, *donated,
                            results, *execution.report);
      if (!status.ok())
        return;
      for (auto [type, result] : llvm::zip(program->outputTypes, results)) {
        auto storage = std::make_shared<Buffer::Impl>();
        storage->storage = result;
        if (!client.device->isHostAccessible())
          storage->client = impl->client;
        execution.results.push_back(std::make_shared<Buffer>(
            type, options.deviceId, Event::ready(), storage));
      }
    });
    if (ran) {
      if (!status.ok())
        return status;
      execution.done = Event::ready();
      return execution;
    }
  }
  StatusOr<Execution> execution = executeAsync(arguments, options);
  if (!execution.ok())
    return execution.getStatus();
  Status status = execution->done.wait();
  if (!status.ok())
    return status;
  return execution;
}

StatusOr<std::vector<std::shared_ptr<Buffer>>>
Executable::execute(const std::vector<std::shared_ptr<Buffer>> &arguments,
                    int deviceId) {
  ExecuteOptions options;
  options.deviceId = deviceId;
  StatusOr<Execution> execution = execute(arguments, options);
  if (!execution.ok())
    return execution.getStatus();
  return std::move(execution->results);
}

} // namespace hlox::api

namespace hlox::api {

/// Copies each of `buffers` that `device` cannot reach (another GPU's)
/// into its memory.
static Status
placeArguments(runtime::Device &device,
               std::vector<std::shared_ptr<runtime::Buffer>> &buffers) {
  for (std::shared_ptr<runtime::Buffer> &buffer : buffers) {
    if (device.canAccess(buffer->getPlacement()))
      continue;
    std::shared_ptr<runtime::Buffer> copy = device.allocate(buffer->getType());
    if (!copy)
      return Status(ErrorCode::ExecutionError,
                    "cannot allocate an argument on " + device.getName());
    device.copy(copy->data(), buffer->data(), buffer->getByteSize());
    if (runtime::Status synced = device.synchronize(); !synced)
      return Status(ErrorCode::ExecutionError, synced.message());
    buffer = std::move(copy);
  }
  return {};
}

StatusOr<Client::ParallelExecution>
Client::executeParallel(const std::vector<ParallelProcess> &processes,
                        const ParallelOptions &options) {
  ClientState &client = *impl->state;
  int64_t count = options.numReplicas * options.numPartitions;
  if (options.numReplicas < 1 || options.numPartitions < 1 ||
      static_cast<int64_t>(processes.size()) != count)
    return Status(ErrorCode::InvalidArgument,
                  "a grid of " + std::to_string(options.numReplicas) + "x" +
                      std::to_string(options.numPartitions) + " runs " +
                      std::to_string(count) + " processes, not " +
                      std::to_string(processes.size()));
  // Each process's program for its arguments (compiled now for a
  // shape-polymorphic entry).
  std::vector<LoadedProgram *> programs;
  for (const ParallelProcess &process : processes) {
    if (!process.executable)
      return Status(ErrorCode::InvalidArgument, "a process without a program");
    StatusOr<LoadedProgram *> prepared =
        prepare(&process.executable->getImpl(), process.arguments, 0);
    if (!prepared.ok())
      return prepared.getStatus();
    programs.push_back(*prepared);
  }
  runtime::HostFeeds feeds;
  for (const std::shared_ptr<Buffer> &value : options.infeed) {
    if (!value)
      return Status(ErrorCode::InvalidArgument, "a null infeed value");
    Status ready = value->getReadyEvent().wait();
    if (!ready.ok())
      return ready;
    const runtime::Buffer &storage = *value->getImpl()->storage;
    std::vector<uint8_t> bytes(storage.getByteSize());
    // A GPU's buffer is copied out through its device.
    if (client.device->isHostAccessible())
      std::memcpy(bytes.data(), storage.data(), bytes.size());
    else
      client.device->copy(bytes.data(), storage.data(), bytes.size());
    feeds.pushInfeed(std::move(bytes));
  }
  std::lock_guard<std::mutex> lock(client.parallelMutex);
  if (static_cast<int64_t>(client.parallelDevices.size()) != count) {
    runtime::Status made;
    client.parallelDevices = client.device->makeProcessDevices(count, made);
    if (client.parallelDevices.empty())
      return Status(ErrorCode::ExecutionError, made.message());
  }
  runtime::LocalCommunicator communicator(count);
  ParallelExecution execution;
  execution.results.resize(count);
  execution.reports.resize(count);
  std::vector<Status> statuses(count);
  ExecuteOptions runOptions = options.execute;
  runOptions.donate.clear();
  auto run = [&](int64_t index) {
    runtime::ProcessInfo info;
    info.replica = index / options.numPartitions;
    info.partition = index % options.numPartitions;
    info.numReplicas = options.numReplicas;
    info.numPartitions = options.numPartitions;
    info.communicator = &communicator;
    info.feeds = &feeds;
    std::vector<std::shared_ptr<runtime::Buffer>> buffers, results;
    Status status = collectArguments(processes[index].arguments, {}, buffers);
    if (status.ok())
      status = placeArguments(*client.parallelDevices[index], buffers);
    if (status.ok())
      status = runProgram(client, *programs[index], buffers, runOptions, {},
                          results, execution.reports[index],
                          client.parallelDevices[index].get(), &info);
    communicator.finished(index, !status.ok());
    statuses[index] = status;
    if (!status.ok())
      return;
    for (auto [type, result] :
         llvm::zip(programs[index]->outputTypes, results)) {
      auto storage = std::make_shared<Buffer::Impl>();
      storage->storage = result;
      if (!client.device->isHostAccessible())
        storage->client = impl->state;
      execution.results[index].push_back(
          std::make_shared<Buffer>(type, 0, Event::ready(), storage));
    }
  };
  if (static_cast<int64_t>(client.parallelThreads.size()) < count - 1)
    client.parallelThreads.resize(count - 1);
  // Shared with the tasks, which may still hold it after the wait ends.
  struct Completion {
    std::mutex mutex;
    std::condition_variable wake;
    int64_t running;
  };
  auto completion = std::make_shared<Completion>();
  completion->running = count - 1;
  for (int64_t index = 1; index < count; ++index) {
    std::unique_ptr<Stream> &thread = client.parallelThreads[index - 1];
    if (!thread)
      thread = std::make_unique<Stream>();
    thread->submit([&run, index, completion] {
      run(index);
      std::lock_guard<std::mutex> lock(completion->mutex);
      if (--completion->running == 0)
        completion->wake.notify_one();
    });
  }
  run(0);
  {
    std::unique_lock<std::mutex> lock(completion->mutex);
    completion->wake.wait(lock, [&] { return completion->running == 0; });
  }
  // The failure that made the others fail, else the first.
  int64_t cause = communicator.getFailedProcess();
  if (cause >= 0 && !statuses[cause].ok())
    return statuses[cause];
  for (const Status &status : statuses)
    if (!status.ok())
      return status;
  execution.outfeed = feeds.takeOutfeed();
  return execution;
}

} // namespace hlox::api

namespace hlox::api {

ProcessGroup::ProcessGroup(std::unique_ptr<Impl> impl)
    : impl(std::move(impl)) {}
ProcessGroup::~ProcessGroup() = default;

int64_t ProcessGroup::getProcessIndex() const { return impl->index; }
int64_t ProcessGroup::getNumProcesses() const {
  return impl->communicator->getNumProcesses();
}

StatusOr<std::shared_ptr<ProcessGroup>>
ProcessGroup::joinMpi(double timeoutSeconds) {
#ifdef HLOX_HAVE_MPI
  runtime::Status status;
  std::unique_ptr<runtime::MpiCommunicator> communicator =
      runtime::MpiCommunicator::create(timeoutSeconds, status);
  if (!communicator)
    return Status(ErrorCode::ExecutionError, status.message());
  auto impl = std::make_unique<Impl>();
  impl->index = communicator->getRank();
  impl->communicator = std::move(communicator);
  return std::make_shared<ProcessGroup>(std::move(impl));
#else
  (void)timeoutSeconds;
  return Status(ErrorCode::Unimplemented,
                "hlox was built without MPI (HLOX_ENABLE_MPI)");
#endif
}

StatusOr<std::shared_ptr<ProcessGroup>>
ProcessGroup::joinGloo(const std::string &coordinator, int64_t numProcesses,
                       int64_t processId, double timeoutSeconds) {
#ifdef HLOX_HAVE_GLOO
  runtime::Status status;
  std::unique_ptr<runtime::GlooCommunicator> communicator =
      runtime::GlooCommunicator::create(coordinator, numProcesses, processId,
                                        timeoutSeconds, status);
  if (!communicator)
    return Status(ErrorCode::ExecutionError, status.message());
  auto impl = std::make_unique<Impl>();
  impl->index = processId;
  impl->communicator = std::move(communicator);
  return std::make_shared<ProcessGroup>(std::move(impl));
#else
  (void)coordinator, (void)numProcesses, (void)processId, (void)timeoutSeconds;
  return Status(ErrorCode::Unimplemented,
                "hlox was built without Gloo (HLOX_ENABLE_GLOO)");
#endif
}

} // namespace hlox::api
