//===- Executable.cpp - Runs host programs --------------------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/runtime/Executable.h"

#include "AsyncCollectives.h"

#include "hlox/runtime/Matmul.h"
#include "hlox/runtime/PointwiseConvolution.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <optional>
#include <utility>

using namespace hlox::runtime;

/// Whether a collective of `kind` reads an operand (its command's first
/// value) and whether it writes a result (its last).
static std::pair<bool, bool> getCollectiveValues(CollectiveKind kind) {
  switch (kind) {
  case CollectiveKind::AllGather:
  case CollectiveKind::AllReduce:
  case CollectiveKind::AllToAll:
  case CollectiveKind::Broadcast:
  case CollectiveKind::Permute:
    return {true, true};
  case CollectiveKind::Send:
  case CollectiveKind::Outfeed:
    return {true, false};
  case CollectiveKind::Receive:
  case CollectiveKind::Infeed:
  case CollectiveKind::ReplicaId:
  case CollectiveKind::PartitionId:
  case CollectiveKind::GroupPosition:
  case CollectiveKind::GroupSize:
    return {false, true};
  }
  return {false, false};
}

/// Whether Collective command `command` has the values its kind takes, of
/// consistent sizes, and groups of device indices of its grid that hold
/// each process once at most.
static Status verifyCollective(const HostProgram &program,
                               const Command &command) {
  const CollectiveSpec &spec = command.get<CollectiveCommand>().spec;
  auto [hasOperand, hasResult] = getCollectiveValues(spec.kind);
  // Only collectives that move data between buffers run beside the
  // commands; the others are quick, or read and write the run's state.
  if (spec.async && !(hasOperand && hasResult))
    return Status::error(std::string(getCollectiveKindName(spec.kind)) +
                         " cannot run asynchronously");
  if (command.values.size() != size_t(hasOperand) + size_t(hasResult))
    return Status::error("collective with " +
                         std::to_string(command.values.size()) +
                         " values, expected " +
                         std::to_string(int(hasOperand) + int(hasResult)));
  // A grid's size bounds what the checks below allocate.
  constexpr int64_t kMaxDevices = int64_t(1) << 20;
  if (spec.numReplicas < 1 || spec.numPartitions < 1 ||
      spec.numReplicas > kMaxDevices || spec.numPartitions > kMaxDevices ||
      spec.numReplicas * spec.numPartitions > kMaxDevices)
    return Status::error("collective compiled for a grid of " +
                         std::to_string(spec.numReplicas) + "x" +
                         std::to_string(spec.numPartitions) +
                         " (from 1 to 2^20 processes)");
  int64_t numDevices = spec.numReplicas * spec.numPartitions;
  std::vector<bool> seen(numDevices, false);
  size_t groupSize = 0;
  for (const std::vector<int64_t> &group : spec.groups)
    groupSize = std::max(groupSize, group.size());
  for (const std::vector<int64_t> &group : spec.groups) {
    if (group.empty() || ((spec.kind == CollectiveKind::AllToAll ||
                           spec.kind == CollectiveKind::AllReduce) &&
                          group.size() != groupSize))
      return Status::error("collective groups of different sizes");
    for (int64_t id : group) {
      if (id < 0 || id >= numDevices || seen[id])
        return Status::error(
            "collective group names device " + std::to_string(id) +
            (id >= 0 && id < numDevices ? " twice" : ", not in the grid"));
      seen[id] = true;
    }
  }
  for (auto [source, target] : spec.pairs)
    if (source < 0 || source >= numDevices || target < 0 ||
        target >= numDevices)
      return Status::error("collective_permute pair outside the grid");
  if (!hasResult)
    return {};
  const BufferType &result = program.values[command.values.back()].type;
  int64_t resultBytes = result.getByteSize();
  int64_t operandBytes =
      hasOperand ? program.values[command.values[0]].type.getByteSize() : 0;
  bool fits = true;
  switch (spec.kind) {
  case CollectiveKind::AllGather:
    fits = resultBytes == operandBytes * static_cast<int64_t>(groupSize);
    break;
  case CollectiveKind::AllToAll:
    fits = resultBytes == operandBytes && groupSize > 0 &&
           operandBytes % static_cast<int64_t>(groupSize) == 0;
    break;
  case CollectiveKind::Broadcast:
  case CollectiveKind::Permute:
    fits = resultBytes == operandBytes;
    break;
  case CollectiveKind::AllReduce: {
    // The result's type names the elements (an operand a kernel wrote may
    // be typed signless).
    const BufferType &operand = program.values[command.values[0]].type;
    std::optional<ReductionElement> element =
        getReductionElement(result.elementName);
    if (!element || !isValidReduction(spec.reduction, *element))
      return Status::error(
          std::string("all_reduce by ") + getReductionKindName(spec.reduction) +
          " of " + result.elementName + ", which the runtime does not reduce");
    fits = resultBytes == operandBytes &&
           operand.elementBytes == result.elementBytes;
    break;
  }
  case CollectiveKind::ReplicaId:
  case CollectiveKind::PartitionId:
  case CollectiveKind::GroupPosition:
  case CollectiveKind::GroupSize:
    fits = resultBytes == 4;
    break;
  default:
    break;
  }
  if (!fits)
    return Status::error("collective result of the wrong size");
  return {};
}

/// "cpu", "cpu and cuda".
static std::string describeDevices(const HostProgram &program) {
  std::string text;
  for (size_t i = 0; i < program.devices.size(); ++i)
    text += (i == 0                            ? ""
             : i + 1 == program.devices.size() ? " and "
                                               : ", ") +
            program.devices[i];
  return text.empty() ? "no device" : text;
}

/// Checks that `program` is well formed: every id in range, placements
/// inside the arena, constants of the right size, kernels named.
static Status verifyProgram(const HostProgram &program) {
  auto numValues = static_cast<int64_t>(program.values.size());
  for (const ValueInfo &value : program.values) {
    switch (value.kind) {
    case ValueKind::Arena:
      if (value.offset < 0 ||
          value.offset + value.type.getByteSize() > program.arenaBytes)
        return Status::error("arena value outside the arena");
      break;
    case ValueKind::Constant:
      if (value.index < 0 ||
          value.index >= static_cast<int64_t>(program.constants.size()) ||
          static_cast<int64_t>(program.constants[value.index].size()) !=
              value.type.getByteSize())
        return Status::error("constant of the wrong size");
      break;
    case ValueKind::Argument:
    case ValueKind::Result:
      break;
    }
  }
  if (!program.argumentResults.empty()) {
    if (program.argumentResults.size() != program.arguments.size())
      return Status::error("donation pairs for a different argument count");
    std::vector<bool> paired(program.results.size(), false);
    for (size_t i = 0; i < program.argumentResults.size(); ++i) {
      int64_t result = program.argumentResults[i];
      if (result < 0)
        continue;
      if (result >= static_cast<int64_t>(program.results.size()) ||
          paired[result])
        return Status::error("argument " + std::to_string(i) +
                             " is paired with an unknown or taken result");
      paired[result] = true;
      if (!(program.values[program.arguments[i]].type ==
            program.values[program.results[result]].type))
        return Status::error("argument " + std::to_string(i) +
                             " is paired with a result of another type");
    }
  }
  if (program.devices.empty())
    return Status::error("a program for no device");
  auto numCommands = static_cast<int64_t>(program.commands.size());
  auto isTarget = [&](int64_t target) {
    return target >= 0 && target <= numCommands;
  };
  for (const Command &command : program.commands) {
    for (int64_t id : command.values)
      if (id < 0 || id >= numValues)
        return Status::error("command names an unknown value");
    if (command.device < 0 ||
        command.device >= static_cast<int64_t>(program.devices.size()))
      return Status::error(
          "command on device " + std::to_string(command.device) +
              " of a program for " + std::to_string(program.devices.size()),
          command.location);
    auto isKernel = [&](int64_t kernel) {
      return kernel >= 0 &&
             kernel < static_cast<int64_t>(program.kernelNames.size());
    };
    if (const auto *dispatch = command.getIf<DispatchCommand>();
        dispatch && !isKernel(dispatch->kernel))
      return Status::error("dispatch names an unknown kernel");
    if (const auto *matmul = command.getIf<MatmulCommand>();
        matmul && matmul->spec.epilogue && !isKernel(matmul->epilogueKernel))
      return Status::error("matmul epilogue names an unknown kernel");
    if (command.is<CopyCommand>() &&
        (command.values.size() != 2 ||
         program.values[command.values[0]].type.getByteSize() !=
             program.values[command.values[1]].type.getByteSize()))
      return Status::error("copy between values of different sizes");
    int64_t numResults = 0;
    if (const auto *call = command.getIf<HostCallCommand>())
      numResults = call->numResults;
    if (const auto *call = command.getIf<CustomCallCommand>())
      numResults = call->numResults;
    if (numResults < 0 ||
        numResults > static_cast<int64_t>(command.values.size()))
      return Status::error("call with more results than values");
    if (const auto *jump = command.getIf<JumpCommand>();
        jump && !isTarget(jump->target))
      return Status::error("jump to an unknown command");
    if (const auto *branch = command.getIf<BranchCommand>()) {
      if (command.values.size() != 1 || branch->targets.empty())
        return Status::error("branch without one value and targets");
      if (!std::all_of(branch->targets.begin(), branch->targets.end(),
                       isTarget))
        return Status::error("jump to an unknown command");
      if (branch->scalarBytes != 1 && branch->scalarBytes != 4 &&
          branch->scalarBytes != 8)
        return Status::error("branch on a scalar of " +
                             std::to_string(branch->scalarBytes) + " bytes");
      if (branch->offset < 0 ||
          branch->offset + branch->scalarBytes >
              program.values[command.values[0]].type.getByteSize())
        return Status::error("branch reads outside its value");
    }
    if (const auto *rng = command.getIf<RngCommand>()) {
      if (command.values.size() != 3)
        return Status::error("rng without its two parameters and result");
      const BufferType &result = program.values[command.values[2]].type;
      for (int i = 0; i < 2; ++i) {
        const BufferType &param = program.values[command.values[i]].type;
        if (param.getNumElements() != 1 ||
            param.elementBytes != result.elementBytes)
          return Status::error("rng parameter of type " + param.str() +
                               " for a result of " + result.str());
      }
      if (Status status = verifyRngSpec(rng->spec, result.elementBytes);
          !status)
        return status;
    }
    const auto *convolution = command.getIf<ConvolutionCommand>();
    const auto *matmul = command.getIf<MatmulCommand>();
    if (convolution || matmul) {
      size_t epilogue = 0;
      if (convolution)
        epilogue =
            convolution->spec.bias + convolution->spec.addend +
            (convolution->hasShortcut ? 2 + convolution->shortcut.bias : 0);
      else if (matmul->spec.epilogue && command.values.size() >= 3)
        epilogue = command.values.size() - 3;
      else
        epilogue = matmul->spec.bias + matmul->spec.addend;
      if (command.values.size() != 3 + epilogue)
        return Status::error("library call without its two operands, " +
                             std::to_string(epilogue) +
                             " epilogue operands and result");
      auto typeOf = [&](size_t i) -> const BufferType & {
        return program.values[command.values[i]].type;
      };
      const BufferType *bias = nullptr, *addend = nullptr;
      const BufferType &result = typeOf(command.values.size() - 1);
      if (matmul) {
        size_t next = 2;
        if (matmul->spec.bias)
          bias = &typeOf(next++);
        if (matmul->spec.addend)
          addend = &typeOf(next++);
      }
      if (convolution) {
        size_t next = 2;
        if (convolution->spec.bias)
          bias = &typeOf(next++);
        if (convolution->spec.addend)
          addend = &typeOf(next++);
        if (convolution->hasShortcut) {
          const BufferType &input = typeOf(next++);
          const BufferType &kernel = typeOf(next++);
          const BufferType *shortcutBias =
              convolution->shortcut.bias ? &typeOf(next++) : nullptr;
          if (Status status =
                  verifyShortcut(convolution->spec, convolution->shortcut);
              !status)
            return status;
          if (Status status =
                  verifyConvolution(convolution->shortcut, input, kernel,
                                    shortcutBias, nullptr, result);
              !status)
            return Status::error("shortcut: " + status.message());
        }
      }
      if (Status status =
              matmul ? verifyMatmul(matmul->spec, typeOf(0), typeOf(1), bias,
                                    addend, result)
                     : verifyConvolution(convolution->spec, typeOf(0),
                                         typeOf(1), bias, addend, result);
          !status)
        return status;
    }
    if (command.is<CollectiveCommand>())
      if (Status status = verifyCollective(program, command); !status)
        return Status::error(status.message(), command.location);
    if (const auto *wait = command.getIf<WaitCommand>()) {
      const Command *started = wait->start >= 0 && wait->start < numCommands
                                   ? &program.commands[wait->start]
                                   : nullptr;
      const auto *collective =
          started ? started->getIf<CollectiveCommand>() : nullptr;
      if (!collective || !collective->spec.async ||
          started->values != command.values)
        return Status::error("wait for no asynchronous collective, or with "
                             "other values than it",
                             command.location);
    }
  }
  for (auto ids : {&program.arguments, &program.results})
    for (int64_t id : *ids)
      if (id < 0 || id >= numValues)
        return Status::error("argument or result names an unknown value");
  return {};
}

namespace {

class GpuKernelLibrary final : public KernelLibrary {
public:
  explicit GpuKernelLibrary(GpuKernels kernels) : kernels(std::move(kernels)) {}
  KernelFn lookup(const std::string &) override { return nullptr; }
  const GpuKernels *getGpuKernels() const override { return &kernels; }

private:
  GpuKernels kernels;
};

} // namespace

std::shared_ptr<KernelLibrary>
hlox::runtime::makeGpuKernelLibrary(GpuKernels kernels) {
  return std::make_shared<GpuKernelLibrary>(std::move(kernels));
}

std::string hlox::runtime::getGpuConvolutionLimit(const ConvolutionSpec &spec) {
  if (spec.nhwc && !spec.kernelOhwi)
    return "an NHWC convolution whose kernel is not OHWI";
  if (spec.padding[0] != spec.padding[1] || spec.padding[2] != spec.padding[3])
    return "a convolution with unequal low and high padding";
  if (spec.relu || spec.pool || spec.nchwResult)
    return "a convolution with a ReLU, pool or NCHW-result epilogue";
  if ((spec.bias || spec.addend) && spec.bf16)
    return "a bf16 convolution with a bias or an addend";
  return {};
}

namespace {
/// The values of a command the host runs (a host call, a custom call, an
/// rng draw, a collective), as host memory: in place where the device's
/// memory is the host's; else each copied to the host once the work before
/// it is done, and the results copied back by finish().
class HostValues {
public:
  HostValues(Device &device, const HostProgram &program,
             const std::vector<void *> &addresses,
             const std::vector<int64_t> &values)
      : device(device), addresses(addresses), values(values) {
    staged = !device.isHostAccessible();
    for (int64_t id : values) {
      void *data = addresses[id];
      if (staged) {
        copies.emplace_back(program.values[id].type.getByteSize());
        device.copy(copies.back().data(), data, copies.back().size());
        data = copies.back().data();
      }
      pointers.push_back(data);
    }
  }

  /// Value `i` of the command's (operands, then results).
  void *operator[](size_t i) const { return pointers[i]; }

  /// Whether the values are copies of the device's.
  bool isStaged() const { return staged; }

  /// Copies the last `numResults` values back to the device.
  Status finish(size_t numResults) {
    if (!staged)
      return {};
    for (size_t i = values.size() - numResults; i < values.size(); ++i)
      device.copy(addresses[values[i]], copies[i].data(), copies[i].size());
    return device.synchronize();
  }

private:
  Device &device;
  const std::vector<void *> &addresses;
  const std::vector<int64_t> &values;
  bool staged;
  std::vector<std::vector<uint8_t>> copies;
  std::vector<void *> pointers;
};
} // namespace

/// Finds the dispatch of each kernel name of `program` in `kernels`, and
/// checks that the program's commands are those a GPU program runs and
/// that each launch's arguments name what its dispatch has.
static Status resolveGpuDispatches(const HostProgram &program,
                                   const GpuKernels &kernels,
                                   std::vector<const GpuDispatch *> &resolved) {
  for (const std::string &name : program.kernelNames) {
    const GpuDispatch *dispatch = kernels.find(name);
    if (!dispatch)
      return Status::error("GPU kernel '" + name + "' not found");
    resolved.push_back(dispatch);
  }
  for (const Command &command : program.commands) {
    switch (command.getKind()) {
    case CommandKind::Dispatch: {
      const GpuDispatch &dispatch =
          *resolved[command.get<DispatchCommand>().kernel];
      auto numBindings = static_cast<int64_t>(command.values.size());
      for (const GpuLaunch &launch : dispatch.launches)
        for (const GpuArgument &argument : launch.arguments) {
          int64_t limit = 0;
          switch (argument.kind) {
          case GpuArgument::Kind::Binding:
            limit = numBindings;
            break;
          case GpuArgument::Kind::Temporary:
            limit = static_cast<int64_t>(dispatch.temporaryBytes.size());
            break;
          case GpuArgument::Kind::Constant:
            limit = static_cast<int64_t>(dispatch.constants.size());
            break;
          case GpuArgument::Kind::Scalar:
            limit = 1;
            break;
          }
          if (argument.index < 0 || argument.index >= limit)
            return Status::error("kernel " + launch.kernel + " of " +
                                     dispatch.name +
                                     " takes an argument its dispatch lacks",
                                 command.location);
        }
      break;
    }
    case CommandKind::Copy:
    case CommandKind::Jump:
    case CommandKind::Branch:
    case CommandKind::HostCall:
    case CommandKind::CustomCall:
    case CommandKind::Rng:
    case CommandKind::Collective:
    case CommandKind::Wait:
      // The host runs them on copies of their values (HostValues).
      break;
    case CommandKind::Matmul:
      // The device's library computes the product; an epilogue would be a
      // host kernel.
      if (!command.get<MatmulCommand>().spec.epilogue)
        break;
      [[fallthrough]];
    case CommandKind::Convolution: {
      // The device's library computes what it can take.
      if (const auto *convolution = command.getIf<ConvolutionCommand>()) {
        std::string why = getGpuConvolutionLimit(convolution->spec);
        if (why.empty() && convolution->hasShortcut)
          why = getGpuConvolutionLimit(convolution->shortcut);
        if (why.empty())
          break;
        return Status::error("a program for " +
                                 (program.devices.empty()
                                      ? std::string("a GPU")
                                      : program.devices[0]) +
                                 " cannot run " + why + " yet (" +
                                 describeCommand(program, command) + ")",
                             command.location);
      }
      [[fallthrough]];
    }
    default:
      return Status::error("a program for " +
                               (program.devices.empty() ? std::string("a GPU")
                                                        : program.devices[0]) +
                               " cannot run a " +
                               describeCommand(program, command) +
                               " command yet",
                           command.location);
    }
  }
  return {};
}

std::unique_ptr<Executable>
Executable::create(HostProgram program, std::shared_ptr<KernelLibrary> library,
                   Status &status, const ffi::HandlerRegistry &handlers) {
  status = verifyProgram(program);
  if (!status)
    return nullptr;
  std::unique_ptr<Executable> executable(
      new Executable(std::move(program), std::move(library)));
  // A GPU program's kernels are its device's to load; a host program's
  // are entry points.
  const GpuKernels *gpu =
      executable->library ? executable->library->getGpuKernels() : nullptr;
  if (gpu) {
    status = resolveGpuDispatches(executable->program, *gpu,
                                  executable->gpuDispatches);
    if (!status)
      return nullptr;
    executable->gpuKernels = gpu;
  } else {
    for (const std::string &name : executable->program.kernelNames) {
      KernelFn fn =
          executable->library ? executable->library->lookup(name) : nullptr;
      if (!fn) {
        status = Status::error("kernel '" + name + "' not found");
        return nullptr;
      }
      executable->kernels.push_back(fn);
    }
  }
  for (const Command &command : executable->program.commands) {
    std::unique_ptr<ffi::HandlerInstance> customCall;
    if (const auto *call = command.getIf<CustomCallCommand>()) {
      const ffi::HandlerEntry *handler = handlers.lookup(call->target);
      if (!handler) {
        status = Status::error(handlers.describeMissing(call->target),
                               command.location);
        return nullptr;
      }
      customCall =
          std::make_unique<ffi::HandlerInstance>(*handler, call->attributes);
    }
    executable->customCalls.push_back(std::move(customCall));
  }
  // The first context checks that the library takes every call.
  std::unique_ptr<Context> context = executable->takeContext(status);
  if (!context)
    return nullptr;
  executable->returnContext(std::move(context));
  return executable;
}

/// What one run of an executable uses on its own.
struct Executable::Context {
  /// The arena (null when the program needs none).
  struct ArenaDeleter {
    void operator()(void *p) const { freeAligned(p); }
  };
  std::unique_ptr<void, ArenaDeleter> arena;
  /// Where handlers run.
  HandlerContext handlerContext;
  /// The library primitive of each command that is a Convolution, else
  /// null.
  std::vector<std::unique_ptr<Convolution>> convolutions;
  /// The library primitive of each command that is a Matmul, else null.
  std::vector<std::unique_ptr<Matmul>> matmuls;
  /// Where asynchronous collectives run (made by the first run that
  /// starts one).
  std::unique_ptr<AsyncCollectives> collectives;
  /// A GPU program's: the device the context was prepared for, its loaded
  /// kernels, and the arena and constants in its memory.
  Device *gpuDevice = nullptr;
  std::unique_ptr<LoadedGpuKernels> loadedKernels;
  std::shared_ptr<Buffer> deviceArena;
  std::vector<std::shared_ptr<Buffer>> deviceConstants;
};

Status Executable::prepareGpuContext(Context &context, Device &device) {
  if (context.gpuDevice == &device)
    return {};
  context.gpuDevice = nullptr;
  context.deviceConstants.clear();
  context.deviceArena.reset();
  context.loadedKernels.reset();
  Status status;
  context.loadedKernels = device.loadKernels(*gpuKernels, status);
  if (!context.loadedKernels)
    return status;
  auto bytesOf = [](int64_t size) {
    return BufferType{{std::max<int64_t>(size, 1)}, 1, "ui8"};
  };
  if (program.arenaBytes > 0) {
    context.deviceArena = device.allocate(bytesOf(program.arenaBytes));
    if (!context.deviceArena)
      return Status::error("out of memory allocating a " +
                           std::to_string(program.arenaBytes) +
                           "-byte arena on " + device.getName());
  }
  for (const std::vector<uint8_t> &constant : program.constants) {
    auto size = static_cast<int64_t>(constant.size());
    std::shared_ptr<Buffer> buffer = device.allocate(bytesOf(size));
    if (!buffer)
      return Status::error("out of memory allocating a " +
                           std::to_string(size) + "-byte constant on " +
                           device.getName());
    device.copy(buffer->data(), constant.data(), constant.size());
    context.deviceConstants.push_back(std::move(buffer));
  }
  if (Status synced = device.synchronize(); !synced)
    return synced;
  context.gpuDevice = &device;
  return {};
}

Executable::Executable(HostProgram program,
                       std::shared_ptr<KernelLibrary> library)
    : program(std::move(program)), library(std::move(library)) {}

Executable::~Executable() = default;

std::unique_ptr<Executable::Context> Executable::takeContext(Status &status) {
  {
    std::lock_guard<std::mutex> lock(contextsMutex);
    if (!idleContexts.empty()) {
      std::unique_ptr<Context> context = std::move(idleContexts.back());
      idleContexts.pop_back();
      return context;
    }
  }
  auto context = std::make_unique<Context>();
  for (const Command &command : program.commands) {
    std::unique_ptr<Convolution> convolution;
    // A GPU program's convolutions are its device's (launchConvolution).
    if (const auto *op = command.getIf<ConvolutionCommand>();
        op && !gpuKernels) {
      convolution = Convolution::create(
          op->spec, status, op->hasShortcut ? &op->shortcut : nullptr);
      if (!convolution) {
        status = Status::error(status.message(), command.location);
        return nullptr;
      }
    }
    context->convolutions.push_back(std::move(convolution));
    // A GPU program's products are its device's (launchMatmul).
    const auto *matmul = command.getIf<MatmulCommand>();
    if (matmul && !gpuKernels &&
        (matmul->spec.operandElement != MatmulElement::F32 ||
         matmul->spec.hasLibraryEpilogue())) {
      status = Status::error("a bf16 or f16 product or one with the library's "
                             "epilogue (bias, addend, ReLU, GELU) is a GPU "
                             "device's; the CPU's products are f32",
                             command.location);
      return nullptr;
    }
    context->matmuls.push_back(matmul && !gpuKernels
                                   ? std::make_unique<Matmul>(matmul->spec)
                                   : nullptr);
  }
  // A GPU program's arena is in the device's memory (prepareGpuContext).
  if (program.arenaBytes > 0 && !gpuKernels) {
    context->arena.reset(allocateAligned(program.arenaBytes));
    if (!context->arena) {
      status =
          Status::error("out of memory allocating a " +
                        std::to_string(program.arenaBytes) + "-byte arena");
      return nullptr;
    }
  }
  status = {};
  return context;
}

void Executable::returnContext(std::unique_ptr<Context> context) {
  std::lock_guard<std::mutex> lock(contextsMutex);
  idleContexts.push_back(std::move(context));
}

// The kernels come from the JIT: UBSan's function-type check would read a
// signature prefix before their entry that generated code does not have.
#if defined(__clang__)
__attribute__((no_sanitize("function")))
#endif
static void
callKernel(KernelFn fn, void **bindings, int64_t begin, int64_t end) {
  fn(bindings, begin, end);
}

Status Executable::execute(
    Device &device, const std::vector<std::shared_ptr<Buffer>> &arguments,
    std::vector<std::shared_ptr<Buffer>> &results, const HostCallFn &hostCall,
    std::vector<CommandTiming> *timings, const std::vector<bool> &donated,
    const ProcessInfo *process) {
  if (arguments.size() != program.arguments.size())
    return Status::error("expects " + std::to_string(program.arguments.size()) +
                         " arguments, got " + std::to_string(arguments.size()));
  if (program.devices.size() != 1 || program.devices[0] != device.getKind())
    return Status::error("a program for " + describeDevices(program) +
                         " cannot run on " + device.getName());
  for (size_t i = 0; i < arguments.size(); ++i) {
    const BufferType &expected = program.values[program.arguments[i]].type;
    if (!arguments[i] || !(arguments[i]->getType() == expected))
      return Status::error(
          "argument " + std::to_string(i) + " expects " + expected.str() +
          ", got " + (arguments[i] ? arguments[i]->getType().str() : "null"));
    if (!device.canAccess(arguments[i]->getPlacement()))
      return Status::error("argument " + std::to_string(i) + " lies on " +
                           arguments[i]->getPlacement().str() + ", which " +
                           device.getName() + " cannot access");
  }
  if (donated.size() > arguments.size())
    return Status::error("donates " + std::to_string(donated.size()) +
                         " arguments of " + std::to_string(arguments.size()));
  results.assign(program.results.size(), nullptr);
  for (size_t i = 0; i < donated.size(); ++i) {
    if (!donated[i])
      continue;
    if (arguments[i]->isImmutable())
      return Status::error("argument " + std::to_string(i) +
                           " is donated but immutable");
    // The program would overwrite what it reads through the other name.
    auto *begin = static_cast<const uint8_t *>(arguments[i]->data());
    const uint8_t *end = begin + arguments[i]->getByteSize();
    for (size_t j = 0; j < arguments.size(); ++j) {
      auto *other = static_cast<const uint8_t *>(arguments[j]->data());
      if (j != i && begin != end && other < end &&
          begin < other + arguments[j]->getByteSize())
        return Status::error("argument " + std::to_string(i) +
                             " is donated but also passed as argument " +
                             std::to_string(j));
    }
    if (int64_t result = getDonationResult(i); result >= 0)
      results[result] = arguments[i];
  }
  for (size_t index = 0; index < program.results.size(); ++index) {
    if (results[index])
      continue;
    const BufferType &type = program.values[program.results[index]].type;
    results[index] = device.allocate(type);
    if (!results[index])
      return Status::error("out of memory allocating a result of " +
                           type.str());
  }
  Status taken;
  std::unique_ptr<Context> context = takeContext(taken);
  if (!context)
    return taken;
  struct Returner {
    Executable &executable;
    std::unique_ptr<Context> &context;
    Device *gpuDevice;
    ~Returner() {
      // A run that failed may leave collectives, or kernels, running into
      // its memory.
      if (context->collectives)
        (void)context->collectives->waitAll();
      if (gpuDevice)
        (void)gpuDevice->synchronize();
      executable.returnContext(std::move(context));
    }
  } returner{*this, context, gpuKernels ? &device : nullptr};
  if (gpuKernels)
    if (Status prepared = prepareGpuContext(*context, device); !prepared)
      return prepared;
  void *arena =
      gpuKernels
          ? (context->deviceArena ? context->deviceArena->data() : nullptr)
          : context->arena.get();
  // Each value's address in this run.
  std::vector<void *> addresses(program.values.size(), nullptr);
  for (size_t id = 0; id < program.values.size(); ++id) {
    const ValueInfo &value = program.values[id];
    switch (value.kind) {
    case ValueKind::Argument:
      addresses[id] = arguments[value.index]->data();
      break;
    case ValueKind::Constant:
      addresses[id] =
          gpuKernels
              ? context->deviceConstants[value.index]->data()
              : const_cast<uint8_t *>(program.constants[value.index].data());
      break;
    case ValueKind::Arena:
      addresses[id] = static_cast<uint8_t *>(arena) + value.offset;
      break;
    case ValueKind::Result:
      addresses[id] = results[value.index]->data();
      break;
    }
  }
  // What a convolution keeps from its kernel needs no second look where
  // the kernel is a constant or an immutable argument: the identity of its
  // contents (Buffer::getId; the constants' never change), else 0.
  auto identityOf = [&](int64_t id) -> uint64_t {
    const ValueInfo &value = program.values[id];
    if (value.kind == ValueKind::Constant)
      return ~uint64_t(0) - static_cast<uint64_t>(value.index);
    if (value.kind != ValueKind::Argument)
      return 0;
    const Buffer &argument = *arguments[value.index];
    bool isDonated = static_cast<size_t>(value.index) < donated.size() &&
                     donated[value.index];
    return argument.isImmutable() && !isDonated ? argument.getId() : 0;
  };
  std::vector<void *> bindings;
  // Each run draws from a fresh engine, so that runs repeat.
  std::optional<RandomEngine> engine;
  auto numCommands = static_cast<int64_t>(program.commands.size());
  auto nowNs = [] {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
  };
  // Closes the previous command's timing when the next one starts.
  auto endTiming = [&] {
    if (timings && !timings->empty() && timings->back().endNs == 0)
      timings->back().endNs = nowNs();
  };
  // A GPU program's commands are timed in the device's time: a marker
  // (a CUDA event) on its stream as each starts and one after the last,
  // read once the run is done; the host's clock would time the enqueueing.
  size_t firstTiming = timings ? timings->size() : 0;
  bool deviceTimed = timings && gpuKernels;
  for (int64_t pc = 0; pc < numCommands;) {
    if (timings) {
      endTiming();
      timings->push_back({pc, nowNs(), 0});
      if (deviceTimed)
        deviceTimed = device.recordMarker(timings->size() - 1 - firstTiming);
    }
    ffi::HandlerInstance *customCall = customCalls[pc].get();
    const Command &command = program.commands[pc++];
    switch (command.getKind()) {
    case CommandKind::Dispatch: {
      const auto &dispatch = command.get<DispatchCommand>();
      bindings.clear();
      for (int64_t id : command.values)
        bindings.push_back(addresses[id]);
      if (gpuKernels) {
        if (Status launched =
                device.launch(*context->loadedKernels,
                              *gpuDispatches[dispatch.kernel], bindings.data());
            !launched)
          return Status::error(launched.message(), command.location);
        break;
      }
      KernelFn fn = kernels[dispatch.kernel];
      void **data = bindings.data();
      device.dispatchIndependent(dispatch.workgroups, dispatch.minPerChunk,
                                 [&](int64_t begin, int64_t end) {
                                   callKernel(fn, data, begin, end);
                                 });
      break;
    }
    case CommandKind::Copy: {
      const ValueInfo &source = program.values[command.values[0]];
      // A donated argument returned as it is is already in place. A GPU
      // program's values all lie in the device's memory: its copies are
      // ordered with its launches, and the host waits at the end.
      if (addresses[command.values[1]] != addresses[command.values[0]]) {
        if (gpuKernels)
          device.enqueueCopy(addresses[command.values[1]],
                             addresses[command.values[0]],
                             source.type.getByteSize());
        else
          device.copy(addresses[command.values[1]],
                      addresses[command.values[0]], source.type.getByteSize());
      }
      break;
    }
    case CommandKind::HostCall: {
      if (!hostCall)
        return Status::error("host call without a host-call handler",
                             command.location);
      std::vector<BufferView> views;
      // A GPU's values are copied to the host and the results back.
      HostValues values(device, program, addresses, command.values);
      for (size_t i = 0; i < command.values.size(); ++i)
        views.push_back({&program.values[command.values[i]].type, values[i]});
      if (values.isStaged())
        if (Status synced = device.synchronize(); !synced)
          return Status::error(synced.message(), command.location);
      const auto &call = command.get<HostCallCommand>();
      Status status = hostCall(call.callee, views);
      if (status)
        status = values.finish(call.numResults);
      if (!status)
        return status.location().empty()
                   ? Status::error(status.message(), command.location)
                   : status;
      break;
    }
    case CommandKind::CustomCall: {
      const auto &call = command.get<CustomCallCommand>();
      std::vector<ffi::BufferDesc> operands, outputs;
      size_t numOperands = command.values.size() - call.numResults;
      // A GPU program's handler (a host function) runs on host copies of
      // its values, its loops on this thread.
      HostValues values(device, program, addresses, command.values);
      for (size_t i = 0; i < command.values.size(); ++i) {
        int64_t id = command.values[i];
        const BufferType &type = program.values[id].type;
        const std::vector<int64_t> *layout =
            i < call.layouts.size() ? &call.layouts[i] : nullptr;
        (i < numOperands ? operands : outputs)
            .push_back({&type.elementName, values[i], &type.shape, layout});
      }
      context->handlerContext.setDevice(values.isStaged() ? nullptr : &device);
      ffi::Status status = [&] {
        std::lock_guard<std::mutex> lock(customCallMutex);
        return customCall->call(operands, outputs, context->handlerContext);
      }();
      if (!status)
        return Status::error("custom call '" + call.target +
                                 "' failed: " + status.message(),
                             command.location);
      if (Status finished = values.finish(call.numResults); !finished)
        return Status::error(finished.message(), command.location);
      break;
    }
    case CommandKind::Jump:
      pc = command.get<JumpCommand>().target;
      break;
    case CommandKind::Branch: {
      const auto &branch = command.get<BranchCommand>();
      const auto *bytes =
          static_cast<const uint8_t *>(addresses[command.values[0]]) +
          branch.offset;
      uint8_t staged[8] = {};
      if (!device.isHostAccessible()) {
        device.copy(staged, bytes, branch.scalarBytes);
        if (Status synced = device.synchronize(); !synced)
          return Status::error(synced.message(), command.location);
        bytes = staged;
      }
      int64_t v = 0;
      if (branch.scalarBytes == 1) {
        int8_t x;
        std::memcpy(&x, bytes, 1);
        v = x;
      } else if (branch.scalarBytes == 4) {
        int32_t x;
        std::memcpy(&x, bytes, 4);
        v = x;
      } else {
        std::memcpy(&v, bytes, 8);
      }
      auto cases = static_cast<int64_t>(branch.targets.size()) - 1;
      pc = v >= 0 && v < cases ? branch.targets[v] : branch.targets.back();
      break;
    }
    case CommandKind::Convolution: {
      const auto &convolution = command.get<ConvolutionCommand>();
      const ConvolutionSpec &spec = convolution.spec;
      size_t next = 2;
      const void *bias = spec.bias ? addresses[command.values[next++]] : nullptr;
      const void *addend =
          spec.addend ? addresses[command.values[next++]] : nullptr;
      Status status;
      if (gpuKernels) {
        void *result = addresses[command.values.back()];
        if (convolution.hasShortcut) {
          // The shortcut into the result, then the convolution added to it.
          const void *shortcutInput = addresses[command.values[next++]];
          const void *shortcutKernel = addresses[command.values[next++]];
          const void *shortcutBias = convolution.shortcut.bias
                                         ? addresses[command.values[next++]]
                                         : nullptr;
          status = device.launchConvolution(convolution.shortcut, shortcutInput,
                                            shortcutKernel, shortcutBias,
                                            nullptr, result);
          ConvolutionSpec added = spec;
          added.addend = true;
          if (status)
            status = device.launchConvolution(
                added, addresses[command.values[0]],
                addresses[command.values[1]], bias, result, result);
        } else {
          status = device.launchConvolution(spec, addresses[command.values[0]],
                                            addresses[command.values[1]], bias,
                                            addend, result);
        }
        if (!status)
          return Status::error(status.message(), command.location);
        break;
      }
      uint64_t kernelIdentity = identityOf(command.values[1]);
      if (convolution.hasShortcut) {
        const void *shortcutInput = addresses[command.values[next++]];
        context->convolutions[pc - 1]->setKernelIdentities(
            kernelIdentity, identityOf(command.values[next]));
        const void *shortcutKernel = addresses[command.values[next++]];
        const void *shortcutBias = convolution.shortcut.bias
                                       ? addresses[command.values[next++]]
                                       : nullptr;
        status = context->convolutions[pc - 1]->runWithShortcut(
            device, addresses[command.values[0]], addresses[command.values[1]],
            bias, shortcutInput, shortcutKernel, shortcutBias,
            addresses[command.values.back()]);
      } else {
        context->convolutions[pc - 1]->setKernelIdentities(kernelIdentity, 0);
        status = context->convolutions[pc - 1]->run(
            device, addresses[command.values[0]], addresses[command.values[1]],
            bias, addend, addresses[command.values.back()]);
      }
      if (!status)
        return Status::error(status.message(), command.location);
      break;
    }
    case CommandKind::Matmul: {
      const auto &matmul = command.get<MatmulCommand>();
      void *result = addresses[command.values.back()];
      if (gpuKernels) {
        size_t next = 2;
        const void *bias =
            matmul.spec.bias ? addresses[command.values[next++]] : nullptr;
        const void *addend =
            matmul.spec.addend ? addresses[command.values[next++]] : nullptr;
        if (Status launched = device.launchMatmul(
                matmul.spec, addresses[command.values[0]],
                addresses[command.values[1]], bias, addend, result);
            !launched)
          return Status::error(launched.message(), command.location);
        break;
      }
      GemmEpilogue epilogue;
      if (matmul.spec.epilogue) {
        // The product, the epilogue's operands, the result: the epilogue
        // overwrites the product in the result's buffer.
        bindings.assign({result});
        for (size_t i = 2; i + 1 < command.values.size(); ++i)
          bindings.push_back(addresses[command.values[i]]);
        bindings.push_back(result);
        epilogue.fn =
            reinterpret_cast<EpilogueFn>(kernels[matmul.epilogueKernel]);
        epilogue.bindings = bindings.data();
      }
      Status status = context->matmuls[pc - 1]->run(
          device, static_cast<const float *>(addresses[command.values[0]]),
          static_cast<const float *>(addresses[command.values[1]]),
          static_cast<float *>(result),
          matmul.spec.epilogue ? &epilogue : nullptr);
      if (!status)
        return Status::error(status.message(), command.location);
      break;
    }
    case CommandKind::Collective: {
      const CollectiveSpec &spec = command.get<CollectiveCommand>().spec;
      if (!device.isHostAccessible()) {
        // A GPU's values go through the host: the work before the
        // collective is done when its operand is copied out, and its
        // result is copied back before the work after it. So an
        // asynchronous one runs here, at its start (its wait has nothing
        // left to do).
        HostValues values(device, program, addresses, command.values);
        if (Status synced = device.synchronize(); !synced)
          return Status::error(synced.message(), command.location);
        Status status = runCollective(
            command, values[0], values[command.values.size() - 1], process);
        if (status)
          status = values.finish(getCollectiveValues(spec.kind).second);
        if (!status)
          return Status::error(status.message(), command.location);
        break;
      }
      // Every collective has a result or an operand; one with an operand
      // has it first.
      const void *in = addresses[command.values.front()];
      void *out = addresses[command.values.back()];
      if (spec.async) {
        if (!context->collectives)
          context->collectives = std::make_unique<AsyncCollectives>();
        context->collectives->start(pc - 1, [this, &command, in, out, process] {
          return runCollective(command, in, out, process);
        });
        break;
      }
      if (Status status = runCollective(command, in, out, process); !status)
        return Status::error(status.message(), command.location);
      break;
    }
    case CommandKind::Wait: {
      // A GPU's collectives ran at their start.
      if (!device.isHostAccessible())
        break;
      if (!context->collectives)
        context->collectives = std::make_unique<AsyncCollectives>();
      if (Status status =
              context->collectives->wait(command.get<WaitCommand>().start);
          !status)
        return Status::error(status.message(), command.location);
      break;
    }
    case CommandKind::Rng: {
      if (!engine)
        engine.emplace(0);
      const BufferType &type = program.values[command.values[2]].type;
      HostValues values(device, program, addresses, command.values);
      drawRandom(*engine, command.get<RngCommand>().spec, type.elementBytes,
                 values[0], values[1], values[2], type.getNumElements());
      if (Status finished = values.finish(1); !finished)
        return Status::error(finished.message(), command.location);
      break;
    }
    }
  }
  endTiming();
  if (!gpuKernels)
    return {};
  size_t timed = deviceTimed ? timings->size() - firstTiming : 0;
  if (timed > 0)
    deviceTimed = device.recordMarker(timed);
  Status synced = device.synchronize();
  std::vector<double> milliseconds;
  if (synced && timed > 0 && deviceTimed &&
      device.getMarkerTimes(timed + 1, milliseconds)) {
    int64_t base = (*timings)[firstTiming].startNs;
    for (size_t i = 0; i < timed; ++i) {
      CommandTiming &timing = (*timings)[firstTiming + i];
      timing.startNs = base + static_cast<int64_t>(milliseconds[i] * 1e6);
      timing.endNs = base + static_cast<int64_t>(milliseconds[i + 1] * 1e6);
    }
  }
  return synced;
}

const char *hlox::runtime::getCollectiveKindName(CollectiveKind kind) {
  switch (kind) {
  case CollectiveKind::AllGather:
    return "all_gather";
  case CollectiveKind::AllReduce:
    return "all_reduce";
  case CollectiveKind::AllToAll:
    return "all_to_all";
  case CollectiveKind::Broadcast:
    return "collective_broadcast";
  case CollectiveKind::Permute:
    return "collective_permute";
  case CollectiveKind::Send:
    return "send";
  case CollectiveKind::Receive:
    return "recv";
  case CollectiveKind::ReplicaId:
    return "replica_id";
  case CollectiveKind::PartitionId:
    return "partition_id";
  case CollectiveKind::GroupPosition:
    return "group_position";
  case CollectiveKind::GroupSize:
    return "group_size";
  case CollectiveKind::Infeed:
    return "infeed";
  case CollectiveKind::Outfeed:
    return "outfeed";
  }
  return "collective";
}

Status Executable::runCollective(const Command &command, const void *in,
                                 void *out, const ProcessInfo *process) {
  const CollectiveSpec &spec = command.get<CollectiveCommand>().spec;
  const char *name = getCollectiveKindName(spec.kind);
  ProcessInfo single;
  if (!process)
    process = &single;
  if (process->numReplicas != spec.numReplicas ||
      process->numPartitions != spec.numPartitions)
    return Status::error(std::string(name) + " was compiled for " +
                         std::to_string(spec.numReplicas) + " replicas x " +
                         std::to_string(spec.numPartitions) +
                         " partitions, but runs in a " +
                         std::to_string(process->numReplicas) + "x" +
                         std::to_string(process->numPartitions) + " grid");
  int64_t self = process->getDeviceIndex();
  auto byteSize = [&](int64_t id) {
    return static_cast<size_t>(program.values[id].type.getByteSize());
  };
  auto writeId = [&](int64_t value) {
    auto id = static_cast<uint32_t>(value);
    std::memcpy(out, &id, sizeof(id));
    return Status();
  };
  // This process's group, or null.
  const std::vector<int64_t> *group = nullptr;
  for (const std::vector<int64_t> &candidate : spec.groups)
    if (std::find(candidate.begin(), candidate.end(), self) != candidate.end())
      group = &candidate;
  switch (spec.kind) {
  case CollectiveKind::ReplicaId:
    return writeId(process->replica);
  case CollectiveKind::PartitionId:
    return writeId(process->partition);
  case CollectiveKind::GroupPosition:
    return writeId(group ? std::find(group->begin(), group->end(), self) -
                               group->begin()
                         : -1);
  case CollectiveKind::GroupSize:
    return writeId(group ? static_cast<int64_t>(group->size()) : 0);
  case CollectiveKind::Infeed:
  case CollectiveKind::Outfeed: {
    if (!process->feeds)
      return Status::error(std::string(name) + " without a host feed");
    if (spec.kind == CollectiveKind::Infeed)
      return process->feeds->popInfeed(out, byteSize(command.values[0]));
    const auto *data = static_cast<const uint8_t *>(in);
    process->feeds->pushOutfeed(
        std::vector<uint8_t>(data, data + byteSize(command.values[0])));
    return {};
  }
  default:
    break;
  }
  if (!process->communicator)
    return Status::error(std::string(name) +
                         " needs the other processes of a parallel run");
  Communicator &communicator = *process->communicator;
  if (spec.kind == CollectiveKind::Send)
    return communicator.send(self, spec.channel, in,
                             byteSize(command.values[0]));
  if (spec.kind == CollectiveKind::Receive)
    return communicator.receive(self, spec.channel, out,
                                byteSize(command.values[0]));
  if (!group) {
    // A process outside every group of a broadcast gets zeros; the others
    // have no result for it.
    if (spec.kind != CollectiveKind::Broadcast)
      return Status::error(std::string(name) + ": device " +
                           std::to_string(self) + " is in no process group");
    std::memset(out, 0, byteSize(command.values.back()));
    return {};
  }
  size_t bytes = byteSize(command.values[0]);
  // The others read this process's operand while it writes its result.
  std::vector<uint8_t> copy;
  const auto *inBytes = static_cast<const uint8_t *>(in);
  auto *outBytes = static_cast<uint8_t *>(out);
  if (inBytes < outBytes + byteSize(command.values.back()) &&
      outBytes < inBytes + bytes) {
    copy.assign(inBytes, inBytes + bytes);
    in = copy.data();
  }
  switch (spec.kind) {
  case CollectiveKind::AllGather: {
    // A group smaller than the largest leaves zeros in the rest.
    size_t written = bytes * group->size();
    std::memset(outBytes + written, 0,
                byteSize(command.values.back()) - written);
    return communicator.allGather(self, *group, in, out, bytes);
  }
  case CollectiveKind::AllReduce: {
    const BufferType &type = program.values[command.values.back()].type;
    ReduceSpec reduce;
    reduce.kind = spec.reduction;
    reduce.element = *getReductionElement(type.elementName);
    reduce.count = type.getNumElements();
    reduce.bytes = bytes;
    return communicator.allReduce(self, *group, in, out, reduce);
  }
  case CollectiveKind::AllToAll:
    return communicator.allToAll(self, *group, in, out, bytes / group->size());
  case CollectiveKind::Broadcast:
    return communicator.broadcast(self, *group, spec.root, in, out, bytes);
  case CollectiveKind::Permute:
    return communicator.permute(self, *group, spec.pairs, in, out, bytes);
  default:
    break;
  }
  return Status::error(std::string("unknown collective ") + name);
}

std::string hlox::runtime::describeCommand(const HostProgram &program,
                                           const Command &command) {
  switch (command.getKind()) {
  case CommandKind::Dispatch:
    return "dispatch " +
           program.kernelNames[command.get<DispatchCommand>().kernel];
  case CommandKind::Copy: {
    // The arena plan may give a copy its source's bytes: it moves nothing.
    const ValueInfo &from = program.values[command.values[0]];
    const ValueInfo &to = program.values[command.values[1]];
    bool inPlace = from.kind == ValueKind::Arena &&
                   to.kind == ValueKind::Arena && from.offset == to.offset;
    return inPlace ? "copy (in place)" : "copy";
  }
  case CommandKind::HostCall:
    return "host call";
  case CommandKind::CustomCall:
    return "custom call " + command.get<CustomCallCommand>().target;
  case CommandKind::Jump:
    return "jump";
  case CommandKind::Branch:
    return "branch";
  case CommandKind::Rng:
    return "rng";
  case CommandKind::Collective: {
    const CollectiveSpec &spec = command.get<CollectiveCommand>().spec;
    return std::string(spec.async ? "start " : "") +
           getCollectiveKindName(spec.kind);
  }
  case CommandKind::Wait:
    return std::string("wait ") +
           getCollectiveKindName(
               program.commands[command.get<WaitCommand>().start]
                   .get<CollectiveCommand>()
                   .spec.kind);
  case CommandKind::Matmul: {
    const auto &matmul = command.get<MatmulCommand>();
    const MatmulSpec &m = matmul.spec;
    return "matmul " + std::to_string(m.batch) + "x" + std::to_string(m.m) +
           "x" + std::to_string(m.n) + "x" + std::to_string(m.k) +
           (m.transposeLhs ? " lhsT" : "") + (m.transposeRhs ? " rhsT" : "") +
           (m.operandElement == MatmulElement::F32
                ? ""
                : std::string(" ") + getMatmulElementName(m.operandElement) +
                      "->" + getMatmulElementName(m.resultElement)) +
           (m.bias ? " +bias" : "") + (m.addend ? " +addend" : "") +
           (m.relu ? " relu" : "") + (m.geluTanh ? " gelu_tanh" : "") +
           (m.epilogue ? " +" + program.kernelNames[matmul.epilogueKernel]
                       : "") +
           (!program.devices.empty() && program.devices[0] == "cuda"
                ? " (cuBLASLt)"
            : Matmul::usesHloxKernel(m) ? " (hlox)"
                                        : " (oneDNN)");
  }
  case CommandKind::Convolution: {
    auto describe = [](const ConvolutionSpec &c) {
      return std::to_string(c.batch) + "x" + std::to_string(c.inChannels) +
             "x" + std::to_string(c.height) + "x" + std::to_string(c.width) +
             " to " + std::to_string(c.outChannels) + " by " +
             std::to_string(c.kernelHeight) + "x" +
             std::to_string(c.kernelWidth) + "/" +
             std::to_string(c.strides[0]) +
             (c.nhwc ? (c.kernelOihw   ? " NHWC/OIHW"
                        : c.kernelOhwi ? " NHWC/OHWI"
                                       : " NHWC")
                     : " NCHW") +
             (c.bf16 ? " bf16" : " f32") + (c.bias ? " +bias" : "") +
             (c.addend ? " +addend" : "") + (c.relu ? " +relu" : "") +
             (c.nchwResult ? " to NCHW" : "") +
             (c.pool ? " +maxpool " + std::to_string(c.poolWindow[0]) + "x" +
                           std::to_string(c.poolWindow[1]) + "/" +
                           std::to_string(c.poolStrides[0])
                     : "");
    };
    const auto &convolution = command.get<ConvolutionCommand>();
    return "convolution " + describe(convolution.spec) +
           (convolution.hasShortcut
                ? " +shortcut (" + describe(convolution.shortcut) + ")"
                : std::string()) +
           (!program.devices.empty() && program.devices[0] == "cuda"
                ? " (cuDNN)"
            : usesPointwiseKernel(convolution.spec) ? " (hlox)"
                                                    : " (oneDNN)");
  }
  }
  return "command";
}
