//===- Invoke.cpp - Calling a handler on buffers --------------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/ffi/Invoke.h"

#include "hlox/ffi/ffi.h"

#include "Error.h"

#include <algorithm>
#include <cstring>

#include <cstdlib>
#include <map>

using namespace hlox::ffi;

HloxFfiDataType hlox::ffi::getDataType(std::string_view name) {
  static const std::map<std::string_view, HloxFfiDataType> types = {
      {"i1", HLOX_FFI_PRED},
      {"i2", HLOX_FFI_S2},
      {"i4", HLOX_FFI_S4},
      {"i8", HLOX_FFI_S8},
      {"i16", HLOX_FFI_S16},
      {"i32", HLOX_FFI_S32},
      {"i64", HLOX_FFI_S64},
      {"ui2", HLOX_FFI_U2},
      {"ui4", HLOX_FFI_U4},
      {"ui8", HLOX_FFI_U8},
      {"ui16", HLOX_FFI_U16},
      {"ui32", HLOX_FFI_U32},
      {"ui64", HLOX_FFI_U64},
      {"f16", HLOX_FFI_F16},
      {"bf16", HLOX_FFI_BF16},
      {"f32", HLOX_FFI_F32},
      {"f64", HLOX_FFI_F64},
      {"complex<f32>", HLOX_FFI_C64},
      {"complex<f64>", HLOX_FFI_C128},
      {"f8E5M2", HLOX_FFI_F8E5M2},
      {"f8E4M3FN", HLOX_FFI_F8E4M3FN},
      {"f8E4M3B11FNUZ", HLOX_FFI_F8E4M3B11FNUZ},
      {"f8E5M2FNUZ", HLOX_FFI_F8E5M2FNUZ},
      {"f8E4M3FNUZ", HLOX_FFI_F8E4M3FNUZ},
      {"f8E4M3", HLOX_FFI_F8E4M3},
      {"f8E3M4", HLOX_FFI_F8E3M4},
      {"f4E2M1FN", HLOX_FFI_F4E2M1FN},
      {"f8E8M0FNU", HLOX_FFI_F8E8M0FNU},
      {"f6E2M3FN", HLOX_FFI_F6E2M3FN},
      {"f6E3M2FN", HLOX_FFI_F6E3M2FN},
  };
  auto it = types.find(name);
  return it == types.end() ? HLOX_FFI_DATA_INVALID : it->second;
}

//===----------------------------------------------------------------------===//
// ExecutionContext
//===----------------------------------------------------------------------===//

ExecutionContext::ExecutionContext() = default;

ExecutionContext::~ExecutionContext() {
  endCall();
  for (Block &block : freeBlocks)
    std::free(block.data);
}

void ExecutionContext::parallelFor(
    int64_t count, int64_t, const std::function<void(int64_t, int64_t)> &fn) {
  if (count > 0)
    fn(0, count);
}

void *ExecutionContext::allocateScratch(size_t bytes, size_t alignment) {
  constexpr size_t kBlockAlignment = 4096;
  if (alignment == 0 || (alignment & (alignment - 1)) != 0 ||
      alignment > kBlockAlignment)
    return nullptr;
  bytes = bytes == 0 ? 1 : bytes;
  // The smallest free block that holds `bytes`.
  auto best = freeBlocks.end();
  for (auto it = freeBlocks.begin(); it != freeBlocks.end(); ++it)
    if (it->bytes >= bytes &&
        (best == freeBlocks.end() || it->bytes < best->bytes))
      best = it;
  if (best != freeBlocks.end()) {
    usedBlocks.push_back(*best);
    freeBlocks.erase(best);
    return usedBlocks.back().data;
  }
  size_t rounded =
      (bytes + kBlockAlignment - 1) / kBlockAlignment * kBlockAlignment;
  void *data = std::aligned_alloc(kBlockAlignment, rounded);
  if (!data)
    return nullptr;
  usedBlocks.push_back({data, rounded});
  return data;
}

void ExecutionContext::endCall() {
  freeBlocks.insert(freeBlocks.end(), usedBlocks.begin(), usedBlocks.end());
  usedBlocks.clear();
}

//===----------------------------------------------------------------------===//
// HandlerInstance
//===----------------------------------------------------------------------===//

HandlerInstance::HandlerInstance(const HandlerEntry &handler,
                                 std::shared_ptr<const AttributeMap> attributes)
    : handler(handler), attributes(std::move(attributes)) {
  if (!this->attributes)
    this->attributes = std::make_shared<AttributeMap>();
}

HandlerInstance::~HandlerInstance() {
  if (state && stateDeleter)
    stateDeleter(state);
}

/// Bytes per element of StableHLO type `name`; 0 when unknown.
static size_t getElementBytes(const std::string &name) {
  HloxFfiDataType dtype = getDataType(name);
  return dtype == HLOX_FFI_DATA_INVALID
             ? 0
             : dataTypeByteWidth(static_cast<DataType>(dtype));
}

/// Copies between row-major `rowMajor` and `other`, which holds the same
/// elements (of `bytes` each) in the minor-to-major `layout`.
static void relayout(unsigned char *rowMajor, unsigned char *other,
                     const std::vector<int64_t> &dims,
                     const std::vector<int64_t> &layout, size_t bytes,
                     bool toLayout) {
  size_t rank = dims.size();
  int64_t count = 1;
  for (int64_t dim : dims)
    count *= dim;
  if (count == 0)
    return;
  // The stride of each dimension in `other`.
  std::vector<int64_t> strides(rank);
  int64_t stride = 1;
  for (int64_t dim : layout) {
    strides[dim] = stride;
    stride *= dims[dim];
  }
  std::vector<int64_t> index(rank, 0);
  int64_t offset = 0;
  for (int64_t i = 0; i < count; ++i) {
    unsigned char *a = rowMajor + i * bytes, *b = other + offset * bytes;
    if (toLayout)
      std::memcpy(b, a, bytes);
    else
      std::memcpy(a, b, bytes);
    // The next index in row-major order.
    for (size_t d = rank; d-- > 0;) {
      offset += strides[d];
      if (++index[d] < dims[d])
        break;
      offset -= strides[d] * dims[d];
      index[d] = 0;
    }
  }
}

Status HandlerInstance::call(const std::vector<BufferDesc> &args,
                             const std::vector<BufferDesc> &rets,
                             ExecutionContext &context) {
  auto hasLayout = [](const BufferDesc &buffer) {
    return buffer.layout && !buffer.layout->empty();
  };
  if (std::any_of(args.begin(), args.end(), hasLayout) ||
      std::any_of(rets.begin(), rets.end(), hasLayout)) {
    // Copies in the handler's layouts; an alias shares its argument's.
    std::vector<BufferDesc> argCopies = args, retCopies = rets;
    size_t used = 0;
    auto copyOf = [&](const BufferDesc &buffer) -> unsigned char * {
      if (used == relayouts.size())
        relayouts.emplace_back();
      std::vector<unsigned char> &copy = relayouts[used++];
      int64_t count = 1;
      for (int64_t dim : *buffer.dims)
        count *= dim;
      copy.resize(
          std::max<size_t>(1, count * getElementBytes(*buffer.dtypeName)));
      return copy.data();
    };
    for (BufferDesc &arg : argCopies) {
      if (!hasLayout(arg))
        continue;
      unsigned char *copy = copyOf(arg);
      relayout(static_cast<unsigned char *>(arg.data), copy, *arg.dims,
               *arg.layout, getElementBytes(*arg.dtypeName), true);
      arg.data = copy;
    }
    for (size_t r = 0; r < rets.size(); ++r) {
      if (!hasLayout(rets[r]))
        continue;
      void *shared = nullptr;
      for (size_t a = 0; a < args.size(); ++a)
        if (args[a].data == rets[r].data && hasLayout(args[a]) &&
            *args[a].layout == *rets[r].layout)
          shared = argCopies[a].data;
      retCopies[r].data = shared ? shared : copyOf(rets[r]);
    }
    Status status = callInLayout(argCopies, retCopies, context);
    if (!status)
      return status;
    for (size_t r = 0; r < rets.size(); ++r)
      if (hasLayout(rets[r]))
        relayout(static_cast<unsigned char *>(rets[r].data),
                 static_cast<unsigned char *>(retCopies[r].data), *rets[r].dims,
                 *rets[r].layout, getElementBytes(*rets[r].dtypeName), false);
    return {};
  }
  return callInLayout(args, rets, context);
}

Status HandlerInstance::callInLayout(const std::vector<BufferDesc> &args,
                                     const std::vector<BufferDesc> &rets,
                                     ExecutionContext &context) {
  if (handler.instantiate && !instantiated) {
    if (Status status = invoke(HLOX_FFI_STAGE_INSTANTIATE, args, rets, context);
        !status)
      return status;
    instantiated = true;
  }
  return invoke(HLOX_FFI_STAGE_EXECUTE, args, rets, context);
}

/// The C view of `buffers`; `withData` false leaves the data null.
static std::vector<HloxFfiBuffer>
describe(const std::vector<BufferDesc> &buffers, bool withData) {
  std::vector<HloxFfiBuffer> described;
  described.reserve(buffers.size());
  for (const BufferDesc &buffer : buffers)
    described.push_back(
        {sizeof(HloxFfiBuffer), getDataType(*buffer.dtypeName),
         buffer.dtypeName->c_str(), withData ? buffer.data : nullptr,
         static_cast<int64_t>(buffer.dims->size()), buffer.dims->data()});
  return described;
}

Status HandlerInstance::invoke(HloxFfiStage stage,
                               const std::vector<BufferDesc> &args,
                               const std::vector<BufferDesc> &rets,
                               ExecutionContext &context) {
  bool execute = stage == HLOX_FFI_STAGE_EXECUTE;
  std::vector<HloxFfiBuffer> argViews = describe(args, execute),
                             retViews = describe(rets, execute);
  std::vector<const HloxFfiBuffer *> argPointers, retPointers;
  for (const HloxFfiBuffer &view : argViews)
    argPointers.push_back(&view);
  for (const HloxFfiBuffer &view : retViews)
    retPointers.push_back(&view);
  HloxFfiCallFrame frame{};
  frame.struct_size = sizeof(HloxFfiCallFrame);
  frame.api = getApi();
  frame.ctx = reinterpret_cast<HloxFfiContext *>(&context);
  frame.stage = stage;
  frame.target = handler.name.c_str();
  frame.num_args = static_cast<int64_t>(argViews.size());
  frame.args = argPointers.data();
  frame.num_rets = static_cast<int64_t>(retViews.size());
  frame.rets = retPointers.data();
  frame.attrs = attributes->getView();
  frame.state = state;
  frame.state_deleter = stateDeleter;
  frame.user_data = handler.userData;
  HloxFfiHandler fn = execute ? handler.execute : handler.instantiate;
  HloxFfiError *error = fn(&frame);
  context.endCall();
  if (!execute) {
    state = frame.state;
    stateDeleter = frame.state_deleter;
    // A failed instantiate keeps no state.
    if (error && state && stateDeleter)
      stateDeleter(state);
    if (error)
      state = nullptr;
  }
  if (error)
    return Status::error(takeMessage(error));
  return {};
}
