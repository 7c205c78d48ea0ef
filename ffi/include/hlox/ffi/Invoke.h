//===- Invoke.h - Calling a handler on buffers ------------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// What the runtime and the evaluator do to run a custom call: describe its
// buffers (BufferDesc), give it an ExecutionContext (threads, scratch
// memory, the device), and drive one HandlerInstance per custom-call op
// through its stages: instantiate once, then execute on each run.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_FFI_INVOKE_H
#define HLOX_FFI_INVOKE_H

#include "hlox/ffi/Attributes.h"
#include "hlox/ffi/Registry.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace hlox::ffi {

/// The FFI's element type of a StableHLO element type name ("f32", "i1",
/// "ui8", "complex<f64>", "f8E4M3FN"); INVALID for a name it has no type
/// for.
HloxFfiDataType getDataType(std::string_view stablehloName);

/// One argument or result as the host holds it.
struct BufferDesc {
  /// The StableHLO element type name; must outlive the call.
  const std::string *dtypeName = nullptr;
  void *data = nullptr;
  /// The logical dims; must outlive the call.
  const std::vector<int64_t> *dims = nullptr;
  /// The layout the handler takes the data in, minor-to-major (the op's
  /// operand_layouts/result_layouts); null or empty: row-major, as `data`
  /// holds it. Must outlive the call.
  const std::vector<int64_t> *layout = nullptr;
};

/// Where a handler runs. The defaults: one thread, the host, scratch
/// memory kept between calls (no fresh pages once warm).
class ExecutionContext {
public:
  ExecutionContext();
  virtual ~ExecutionContext();
  ExecutionContext(const ExecutionContext &) = delete;
  ExecutionContext &operator=(const ExecutionContext &) = delete;

  /// Runs fn over chunks covering [0, count); inline when count <=
  /// minPerChunk.
  virtual void parallelFor(int64_t count, int64_t minPerChunk,
                           const std::function<void(int64_t, int64_t)> &fn);
  virtual int64_t getNumThreads() const { return 1; }
  virtual const char *getPlatform() const { return kHostPlatform; }
  virtual int32_t getDeviceOrdinal() const { return 0; }

  /// Scratch memory valid until endCall(); null when it cannot be had.
  void *allocateScratch(size_t bytes, size_t alignment);
  /// Takes back the call's scratch memory (kept for later calls).
  void endCall();

private:
  struct Block {
    void *data;
    size_t bytes;
  };
  std::vector<Block> freeBlocks, usedBlocks;
};

/// One custom-call op's handler: its attributes and state. Not
/// thread-safe: one run at a time.
class HandlerInstance {
public:
  HandlerInstance(const HandlerEntry &handler,
                  std::shared_ptr<const AttributeMap> attributes);
  ~HandlerInstance();
  HandlerInstance(const HandlerInstance &) = delete;
  HandlerInstance &operator=(const HandlerInstance &) = delete;

  /// Runs the handler on `args` and `rets`: its instantiate stage first if
  /// it has one and has not run (buffers without data), then execute. An
  /// error carries the handler's message; a failed instantiate is tried
  /// again on the next call. Buffers with a layout go to the handler as a
  /// copy in that layout (results are copied back to row-major after it);
  /// an argument and a result on the same data (an alias) share one copy.
  Status call(const std::vector<BufferDesc> &args,
              const std::vector<BufferDesc> &rets, ExecutionContext &context);

  const HandlerEntry &getHandler() const { return handler; }

private:
  /// call() once every buffer is in the handler's layout.
  Status callInLayout(const std::vector<BufferDesc> &args,
                      const std::vector<BufferDesc> &rets,
                      ExecutionContext &context);
  Status invoke(HloxFfiStage stage, const std::vector<BufferDesc> &args,
                const std::vector<BufferDesc> &rets, ExecutionContext &context);

  const HandlerEntry &handler;
  std::shared_ptr<const AttributeMap> attributes;
  /// The copies of buffers in other layouts, kept between calls.
  std::vector<std::vector<unsigned char>> relayouts;
  bool instantiated = false;
  void *state = nullptr;
  void (*stateDeleter)(void *) = nullptr;
};

} // namespace hlox::ffi

#endif // HLOX_FFI_INVOKE_H
