//===- Executable.h - A host program with its kernels -----------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#ifndef HLOX_RUNTIME_EXECUTABLE_H
#define HLOX_RUNTIME_EXECUTABLE_H

#include "hlox/ffi/Invoke.h"
#include "hlox/runtime/Communicator.h"
#include "hlox/runtime/Convolution.h"
#include "hlox/runtime/Device.h"
#include "hlox/runtime/GpuKernels.h"
#include "hlox/runtime/HandlerContext.h"
#include "hlox/runtime/HostProgram.h"
#include "hlox/runtime/Matmul.h"
#include "hlox/runtime/Status.h"

#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace hlox::runtime {

/// Every kernel's entry point: `bindings` holds one pointer per binding of
/// the dispatch; the kernel runs workgroups [begin, end).
using KernelFn = void (*)(void **bindings, int64_t begin, int64_t end);

struct KernelObject;

/// Where kernels come from: the compiler's JIT, or a loaded object. Must
/// outlive the executables that use it.
class KernelLibrary {
public:
  virtual ~KernelLibrary() = default;
  /// The entry point of kernel `name`, or null.
  virtual KernelFn lookup(const std::string &name) = 0;
  /// The relocatable objects the kernels were linked from
  /// (KernelObjects.h), when the library keeps them (the compiler's does:
  /// what ahead-of-time executables carry); else null.
  virtual const std::vector<KernelObject> *getObjects() const {
    return nullptr;
  }
  /// The kernels of a program compiled for a GPU (GpuKernels.h), which
  /// the library holds in place of host entry points; else null.
  virtual const GpuKernels *getGpuKernels() const { return nullptr; }
};

/// A library of a GPU program's kernels (getGpuKernels), which the device
/// that runs the program loads.
std::shared_ptr<KernelLibrary> makeGpuKernelLibrary(GpuKernels kernels);

/// Runs HostCall command `callee` on its values.
using HostCallFn =
    std::function<Status(int64_t callee, const std::vector<BufferView> &)>;

/// When one command of a run started and ended (steady clock, in
/// nanoseconds since its epoch).
struct CommandTiming {
  int64_t command = 0;
  int64_t startNs = 0;
  int64_t endNs = 0;
};

/// What `command` of `program` does, in a few words: "dispatch NAME",
/// "matmul 8x512x512x64 (oneDNN)", "copy", "copy (in place)" (source and
/// destination share their arena bytes), "branch", ...
std::string describeCommand(const HostProgram &program, const Command &command);

/// "all_gather", "all_to_all", "collective_broadcast", ...
const char *getCollectiveKindName(CollectiveKind kind);

/// A host program whose kernels are resolved. Thread-safe: each run takes
/// an execution context of its own (its arena, the library calls' state,
/// the handlers' scratch), kept for the next runs, so that runs on several
/// devices, or concurrent runs on one, do not wait for each other; custom
/// calls' handlers alone run one at a time per executable.
class Executable {
public:
  /// Checks `program` (value ids, arena bounds, constant sizes, jumps) and
  /// resolves its kernels in `library` and its custom calls' handlers in
  /// `handlers` (which must outlive the executable).
  static std::unique_ptr<Executable>
  create(HostProgram program, std::shared_ptr<KernelLibrary> library,
         Status &status,
         const ffi::HandlerRegistry &handlers = ffi::HandlerRegistry::global());

  ~Executable();

  const HostProgram &getProgram() const { return program; }

  /// Runs the program on `device` with `arguments` (their types must be the
  /// program's); `results` receives new buffers. `hostCall` serves HostCall
  /// commands (may be empty when there are none). With `timings`, each
  /// command run appends when it started and ended.
  ///
  /// Donation: where `donated[i]` is true the caller gives up argument i
  /// (its contents are undefined after the run), and the result the
  /// program pairs with it (HostProgram::argumentResults) is that buffer
  /// instead of a new one. A donated buffer may not be passed twice, nor
  /// be immutable (Buffer::setImmutable). What a run derives from an
  /// immutable argument (a convolution's weights in the library's layout)
  /// is kept for the next runs that pass the same buffer.
  ///
  /// `process` places the run in a parallel run (Communicator.h): its
  /// Collective commands meet the other processes' there. Without it the
  /// run is process 0 of a 1x1 grid, and a program with collectives fails.
  Status execute(Device &device,
                 const std::vector<std::shared_ptr<Buffer>> &arguments,
                 std::vector<std::shared_ptr<Buffer>> &results,
                 const HostCallFn &hostCall = {},
                 std::vector<CommandTiming> *timings = nullptr,
                 const std::vector<bool> &donated = {},
                 const ProcessInfo *process = nullptr);

  /// The result whose buffer argument `argument` becomes when donated, or
  /// -1.
  int64_t getDonationResult(int64_t argument) const {
    return argument < static_cast<int64_t>(program.argumentResults.size())
               ? program.argumentResults[argument]
               : -1;
  }

private:
  Executable(HostProgram program, std::shared_ptr<KernelLibrary> library);

  struct Context;
  /// A context for a run: an idle one, or a new one.
  std::unique_ptr<Context> takeContext(Status &status);
  void returnContext(std::unique_ptr<Context> context);
  /// Runs Collective command `command` of a run placed by `process`, its
  /// operand at `in` (when it has one) and its result at `out`.
  Status runCollective(const Command &command, const void *in, void *out,
                       const ProcessInfo *process);

  /// Prepares `context` for runs of a GPU program on `device`: the
  /// kernels loaded, the arena and the constants in the device's memory.
  Status prepareGpuContext(Context &context, Device &device);

  HostProgram program;
  std::shared_ptr<KernelLibrary> library;
  std::vector<KernelFn> kernels;
  /// A GPU program's kernels, and the dispatch of each kernel name; null
  /// and empty for a host program's.
  const GpuKernels *gpuKernels = nullptr;
  std::vector<const GpuDispatch *> gpuDispatches;
  /// The handler instance of each command that is a CustomCall, else
  /// null: its instantiate stage runs once per executable.
  std::vector<std::unique_ptr<ffi::HandlerInstance>> customCalls;
  /// Custom calls run one at a time (their handlers' instance state is
  /// shared).
  std::mutex customCallMutex;
  /// The contexts no run holds now, kept for the next runs: fresh arena
  /// pages are slow to touch, and library calls keep what they derived.
  std::mutex contextsMutex;
  std::vector<std::unique_ptr<Context>> idleContexts;
};

} // namespace hlox::runtime

#endif // HLOX_RUNTIME_EXECUTABLE_H
