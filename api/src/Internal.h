//===- Internal.h - What the API's objects hold -----------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#ifndef HLOX_API_SRC_INTERNAL_H
#define HLOX_API_SRC_INTERNAL_H

#include "hlox/api/Api.h"

#include "hlox/Pipelines/CompileCache.h"
#include "hlox/runtime/Device.h"
#include "hlox/runtime/Executable.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/MLIRContext.h"

#include <atomic>
#include <condition_variable>
#include <deque>
#include <list>
#include <map>
#include <mutex>
#include <thread>

namespace hlox::api {

struct ClientState;

struct Event::State {
  std::mutex mutex;
  std::condition_variable changed;
  bool done = false;
  Status status;
  std::vector<std::function<void(const Status &)>> callbacks;

  /// Completes the event (once) and runs its callbacks.
  void complete(Status result);
};

struct Buffer::Impl {
  /// The contents: set before the ready event completes ok.
  std::shared_ptr<runtime::Buffer> storage;
  /// The client whose device holds `storage`, where the host cannot read
  /// it in place (a GPU's memory): its device copies it out.
  std::shared_ptr<ClientState> client;
  bool borrowed = false;
  /// Donated to an execution (set when it is submitted).
  std::atomic<bool> deleted{false};
};

/// Runs tasks one after the other on its own thread: a device's stream.
class Stream {
public:
  Stream();
  ~Stream();
  void submit(std::function<void()> task);
  /// Runs `task` on the calling thread when no task is queued or running,
  /// holding the stream (tasks submitted meanwhile wait for it); false,
  /// without running it, otherwise.
  bool runInlineIfIdle(const std::function<void()> &task);

private:
  /// What the worker uses: shared, so that a worker detached from a
  /// stream destroyed on it (see ~Stream) still has it.
  struct Queue {
    std::mutex mutex;
    std::condition_variable wake;
    std::deque<std::function<void()>> tasks;
    bool stopping = false;
    /// A task runs (on the worker or inline).
    bool busy = false;
  };
  std::shared_ptr<Queue> queue = std::make_shared<Queue>();
  std::thread worker;
};

/// One compiled signature of an executable.
struct LoadedProgram {
  /// Null for an ahead-of-time executable.
  const CompiledProgram *compiled = nullptr;
  std::unique_ptr<runtime::Executable> executable;
  std::vector<TensorType> outputTypes;
  CostReport report;
  CompileReport compileReport;
  std::shared_ptr<const std::vector<CommandInfo>> commands;
};

/// What a client's executables and executions need: shared by the client
/// and every executable it made, so that they may outlive it.
struct ProcessGroup::Impl {
  std::unique_ptr<runtime::Communicator> communicator;
  int64_t index = 0;
};

struct ClientState {
  ClientOptions options;
  std::vector<DeviceInfo> devices;
  std::vector<MemorySpaceInfo> memorySpaces;
  /// The client's device: a CpuDevice, or a CUDA device.
  std::unique_ptr<runtime::Device> device;
  /// The devices of parallel runs (Client::executeParallel), one per
  /// process of the last grid, made on first use (CPU devices, or GPUs for
  /// a CUDA client); one parallel run at a time uses them.
  std::mutex parallelMutex;
  std::vector<std::unique_ptr<runtime::Device>> parallelDevices;
  /// The threads that run processes 1 and up of parallel runs (process 0
  /// runs on the caller's), kept from run to run: what a thread keeps for
  /// itself (the matrix kernel's packing buffers, oneDNN's state) is not
  /// made afresh, page by page, every run.
  std::vector<std::unique_ptr<Stream>> parallelThreads;
  /// Guards the MLIR context and every compilation.
  std::mutex compileMutex;
  std::unique_ptr<mlir::MLIRContext> context;
  /// Declared last: destroyed first, so that its worker stops before the
  /// device goes.
  std::unique_ptr<Stream> stream;
};

/// The client itself: its state and the executable cache (which holds
/// executables, which hold the state: the cache is the client's alone, so
/// that no cycle keeps a dropped client alive).
struct Client::Impl {
  std::shared_ptr<ClientState> state;
  /// Guards the executable cache and the counters.
  std::mutex cacheMutex;
  std::list<std::pair<std::string, std::shared_ptr<Executable>>> cache;
  size_t compilations = 0;
  size_t cacheHits = 0;
};

struct Executable::Impl {
  std::shared_ptr<ClientState> client;
  std::string name;
  CompileOptions options;
  /// The program as the caller gave it (what serialize writes).
  std::string program;
  /// Warnings and remarks of reading the program.
  std::string parseDiagnostics;
  std::vector<TensorType> inputTypes;
  std::vector<TensorType> outputTypes;
  /// Of a partitioned program: its devices, how its values lie over them.
  int64_t numDevices = 1;
  CompileReport::Partitioning partitioning;
  std::vector<Sharding> inputShardings;
  std::vector<Sharding> outputShardings;
  /// Of a partitioned program, per argument: the shards (one per device)
  /// last split from an API buffer, and that buffer's runtime identity.
  /// API buffers never change once ready, so the same identity means the
  /// same shards (a model's weights are split once, not every run).
  struct SplitArgument {
    uint64_t bufferId = 0;
    std::vector<std::shared_ptr<Buffer>> shards;
  };
  std::mutex splitMutex;
  std::vector<SplitArgument> splitArguments;
  /// The entry's argument types (owned by the client's context).
  std::vector<mlir::RankedTensorType> declaredTypes;
  bool polymorphic = false;
  /// Compiles per signature; used under the client's compileMutex.
  std::unique_ptr<CompileCache> cache;
  /// Guards `loaded`.
  std::mutex loadedMutex;
  std::map<const CompiledProgram *, std::unique_ptr<LoadedProgram>> loaded;
  /// The program of the declared signature (static entries), or the last
  /// one compiled.
  LoadedProgram *last = nullptr;
};

/// The program of `exe` for arguments of `types` (and the values of its
/// 0-d integer arguments in `values`, for a shape-polymorphic entry),
/// compiled on first use.
StatusOr<LoadedProgram *>
loadForArguments(Executable::Impl &exe,
                 llvm::ArrayRef<mlir::RankedTensorType> types,
                 llvm::ArrayRef<mlir::Attribute> values);

/// The reports and command list of a loaded program, from its host
/// program and, when compiled here, its compiler statistics.
void describeProgram(LoadedProgram &loaded, const runtime::HostProgram &host,
                     const std::vector<TensorType> &inputTypes,
                     const CompileStats *stats, int64_t kernels);

/// The tensor type of an MLIR ranked tensor type (dynamic dimensions -1).
TensorType toTensorType(mlir::Type type);
/// The tensor type an entry's argument or result of `type` passes as: the
/// type itself, or for a token an empty tensor<0xi1>.
mlir::RankedTensorType toBoundaryType(mlir::Type type);

/// The runtime's buffer type of a static tensor type.
runtime::BufferType toBufferType(const TensorType &type);

} // namespace hlox::api

#endif // HLOX_API_SRC_INTERNAL_H
