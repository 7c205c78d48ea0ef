//===- Executable.cpp - Signatures, reports, executions ------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "Internal.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"

#include <cstring>

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
const CompileOptions &Executable::getOptions() const { return impl->options; }

CostReport Executable::getCostReport() const {
  std::lock_guard<std::mutex> lock(impl->loadedMutex);
  return impl->last ? impl->last->report : CostReport();
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
      for (auto [argument, declared] :
           llvm::zip(arguments, impl->declaredTypes)) {
        mlir::RankedTensorType type = toMlirType(argument->getType(), declared);
        types.push_back(type);
        mlir::Attribute value;
        auto integer = mlir::dyn_cast<mlir::IntegerType>(type.getElementType());
        if (type.getRank() == 0 && integer) {
          Status ready = argument->getReadyEvent().wait();
          if (!ready.ok())
            return ready;
          int64_t raw = 0;
          std::memcpy(&raw, argument->getImpl()->storage->data(),
                      std::min<size_t>(8, (integer.getWidth() + 7) / 8));
          value = mlir::IntegerAttr::get(
              integer, llvm::APInt(integer.getWidth(), raw,
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
  return program;
}

StatusOr<Executable::Execution>
Executable::executeAsync(const std::vector<std::shared_ptr<Buffer>> &arguments,
                         int deviceId) {
  StatusOr<LoadedProgram *> prepared = prepare(impl.get(), arguments, deviceId);
  if (!prepared.ok())
    return prepared.getStatus();
  LoadedProgram *program = *prepared;
  ClientState &client = *impl->client;

  // The results exist at once; their storage comes when the run is done.
  Execution execution;
  auto doneState = std::make_shared<Event::State>();
  execution.done = Event(doneState);
  std::vector<std::shared_ptr<Buffer::Impl>> resultStorage;
  std::vector<std::shared_ptr<Event::State>> resultStates;
  for (const TensorType &type : program->outputTypes) {
    auto storage = std::make_shared<Buffer::Impl>();
    auto state = std::make_shared<Event::State>();
    resultStorage.push_back(storage);
    resultStates.push_back(state);
    execution.results.push_back(
        std::make_shared<Buffer>(type, deviceId, Event(state), storage));
  }

  // The task keeps the executable (and through it the client) and the
  // arguments alive until it has run.
  client.stream->submit([self = shared_from_this(), program,
                         arguments = std::vector(arguments), resultStorage,
                         resultStates, doneState,
                         device = client.device.get()]() mutable {
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
    for (const std::shared_ptr<Buffer> &argument : arguments) {
      Status ready = argument->getReadyEvent().wait();
      if (!ready.ok())
        return finish(Status(ErrorCode::ExecutionError,
                             "an argument failed: " + ready.getMessage()));
      buffers.push_back(argument->getImpl()->storage);
    }
    std::vector<std::shared_ptr<runtime::Buffer>> results;
    runtime::Status status =
        program->executable->execute(*device, buffers, results);
    if (!status)
      return finish(Status(ErrorCode::ExecutionError, status.message()));
    for (auto [storage, result] : llvm::zip(resultStorage, results)) {
      result->setImmutable();
      storage->storage = result;
    }
    finish(Status());
  });
  return execution;
}

StatusOr<std::vector<std::shared_ptr<Buffer>>>
Executable::execute(const std::vector<std::shared_ptr<Buffer>> &arguments,
                    int deviceId) {
  // With every argument ready and the device's stream idle, the run
  // happens on this thread: no handoff to the stream's.
  bool ready = llvm::all_of(arguments, [](const std::shared_ptr<Buffer> &b) {
    return b && b->getReadyEvent().isReady() && b->getReadyEvent().wait().ok();
  });
  if (ready) {
    StatusOr<LoadedProgram *> prepared =
        prepare(impl.get(), arguments, deviceId);
    if (!prepared.ok())
      return prepared.getStatus();
    LoadedProgram *program = *prepared;
    ClientState &client = *impl->client;
    std::vector<std::shared_ptr<runtime::Buffer>> buffers;
    for (const std::shared_ptr<Buffer> &argument : arguments)
      buffers.push_back(argument->getImpl()->storage);
    std::vector<std::shared_ptr<runtime::Buffer>> results;
    runtime::Status status;
    if (client.stream->runInlineIfIdle([&] {
          status =
              program->executable->execute(*client.device, buffers, results);
        })) {
      if (!status)
        return Status(ErrorCode::ExecutionError, status.message());
      std::vector<std::shared_ptr<Buffer>> outputs;
      for (auto [type, result] : llvm::zip(program->outputTypes, results)) {
        result->setImmutable();
        auto storage = std::make_shared<Buffer::Impl>();
        storage->storage = result;
        outputs.push_back(
            std::make_shared<Buffer>(type, deviceId, Event::ready(), storage));
      }
      return outputs;
    }
  }
  StatusOr<Execution> execution = executeAsync(arguments, deviceId);
  if (!execution.ok())
    return execution.getStatus();
  Status status = execution->done.wait();
  if (!status.ok())
    return status;
  return execution->results;
}

} // namespace hlox::api
