//===- Executable.h - A host program with its kernels -----------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#ifndef HLOX_RUNTIME_EXECUTABLE_H
#define HLOX_RUNTIME_EXECUTABLE_H

#include "hlox/ffi/Invoke.h"
#include "hlox/runtime/Convolution.h"
#include "hlox/runtime/Device.h"
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
};

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

/// A host program whose kernels are resolved. Thread-safe: concurrent
/// executions are serialized (they share the arena).
class Executable {
public:
  /// Checks `program` (value ids, arena bounds, constant sizes, jumps) and
  /// resolves its kernels in `library` and its custom calls' handlers in
  /// `handlers` (which must outlive the executable).
  static std::unique_ptr<Executable>
  create(HostProgram program, std::shared_ptr<KernelLibrary> library,
         Status &status,
         const ffi::HandlerRegistry &handlers = ffi::HandlerRegistry::global());

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
  Status execute(Device &device,
                 const std::vector<std::shared_ptr<Buffer>> &arguments,
                 std::vector<std::shared_ptr<Buffer>> &results,
                 const HostCallFn &hostCall = {},
                 std::vector<CommandTiming> *timings = nullptr,
                 const std::vector<bool> &donated = {});

  /// The result whose buffer argument `argument` becomes when donated, or
  /// -1.
  int64_t getDonationResult(int64_t argument) const {
    return argument < static_cast<int64_t>(program.argumentResults.size())
               ? program.argumentResults[argument]
               : -1;
  }

private:
  Executable(HostProgram program, std::shared_ptr<KernelLibrary> library)
      : program(std::move(program)), library(std::move(library)) {}

  HostProgram program;
  std::shared_ptr<KernelLibrary> library;
  std::vector<KernelFn> kernels;
  /// The handler instance of each command that is a CustomCall, else
  /// null: its instantiate stage runs once per executable.
  std::vector<std::unique_ptr<ffi::HandlerInstance>> customCalls;
  /// Where handlers run; its scratch memory stays between runs.
  HandlerContext handlerContext;
  /// The library primitive of each command that is a Convolution, else
  /// null.
  std::vector<std::unique_ptr<Convolution>> convolutions;
  /// The library primitives of each command that is a Matmul, else null.
  std::vector<std::unique_ptr<Matmul>> matmuls;
  std::mutex mutex;
  /// The arena, kept across runs: fresh pages are slow to touch.
  void *arena = nullptr;
  struct ArenaDeleter {
    void operator()(void *p) const { freeAligned(p); }
  };
  std::unique_ptr<void, ArenaDeleter> arenaOwner;
};

} // namespace hlox::runtime

#endif // HLOX_RUNTIME_EXECUTABLE_H
