//===- Types.cpp - Element types, tensor types, events -------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "Internal.h"

#include "hlox/Dialect/StableHLO/IR/StablehloOps.h"
#include "hlox/Evaluator/Buffers.h"

#include "mlir/IR/BuiltinTypes.h"

#include <cstring>

namespace hlox::api {

size_t getElementByteWidth(ElementType type) {
  switch (type) {
  case ElementType::Pred:
  case ElementType::S8:
  case ElementType::U8:
    return 1;
  case ElementType::S16:
  case ElementType::U16:
  case ElementType::F16:
  case ElementType::BF16:
    return 2;
  case ElementType::S32:
  case ElementType::U32:
  case ElementType::F32:
    return 4;
  case ElementType::S64:
  case ElementType::U64:
  case ElementType::F64:
  case ElementType::C64:
    return 8;
  case ElementType::C128:
    return 16;
  case ElementType::Other:
    return 0;
  }
  return 0;
}

std::string_view getElementTypeName(ElementType type) {
  switch (type) {
  case ElementType::Pred:
    return "i1";
  case ElementType::S8:
    return "i8";
  case ElementType::S16:
    return "i16";
  case ElementType::S32:
    return "i32";
  case ElementType::S64:
    return "i64";
  case ElementType::U8:
    return "ui8";
  case ElementType::U16:
    return "ui16";
  case ElementType::U32:
    return "ui32";
  case ElementType::U64:
    return "ui64";
  case ElementType::F16:
    return "f16";
  case ElementType::BF16:
    return "bf16";
  case ElementType::F32:
    return "f32";
  case ElementType::F64:
    return "f64";
  case ElementType::C64:
    return "complex<f32>";
  case ElementType::C128:
    return "complex<f64>";
  case ElementType::Other:
    return "";
  }
  return "";
}

TensorType makeTensorType(ElementType elementType, std::vector<int64_t> shape) {
  return {elementType, std::string(getElementTypeName(elementType)),
          std::move(shape)};
}

int64_t TensorType::getNumElements() const {
  int64_t count = 1;
  for (int64_t dim : shape)
    count *= dim;
  return count;
}

size_t getElementByteWidth(std::string_view name) {
  if (name.substr(0, 8) == "complex<" && name.back() == '>')
    return 2 * getElementByteWidth(name.substr(8, name.size() - 9));
  // Narrow floats (the f4E.., f6E.. and f8E.. formats) take a byte each;
  // tf32 (19 bits) two.
  for (std::string_view narrow : {"f4E", "f6E", "f8E"})
    if (name.substr(0, 3) == narrow)
      return 1;
  if (name == "tf32")
    return 2;
  if (name == "bf16")
    return 2;
  size_t digits = name.find_first_of("0123456789");
  std::string_view prefix = name.substr(0, digits);
  if (digits == std::string_view::npos ||
      (prefix != "i" && prefix != "ui" && prefix != "si" && prefix != "f"))
    return 0;
  size_t bits = 0;
  for (char c : name.substr(digits)) {
    if (c < '0' || c > '9' || bits > 1024)
      return 0;
    bits = bits * 10 + (c - '0');
  }
  if (bits == 0)
    return 0;
  return bits < 8 ? 1 : bits / 8;
}

size_t TensorType::getByteSize() const {
  return static_cast<size_t>(getNumElements()) *
         getElementByteWidth(std::string_view(elementName));
}

std::string TensorType::str() const {
  std::string text;
  for (int64_t dim : shape)
    text += (dim < 0 ? std::string("?") : std::to_string(dim)) + "x";
  return text + elementName;
}

mlir::RankedTensorType toBoundaryType(mlir::Type type) {
  if (mlir::isa<stablehlo::TokenType>(type))
    return mlir::RankedTensorType::get(
        {0}, mlir::IntegerType::get(type.getContext(), 1));
  return mlir::cast<mlir::RankedTensorType>(type);
}

TensorType toTensorType(mlir::Type type) {
  auto tensor = toBoundaryType(type);
  TensorType result;
  result.elementName = eval::getElementName(tensor.getElementType());
  result.elementType = ElementType::Other;
  for (int i = 1; i <= static_cast<int>(ElementType::C128); ++i)
    if (getElementTypeName(static_cast<ElementType>(i)) == result.elementName)
      result.elementType = static_cast<ElementType>(i);
  for (int64_t dim : tensor.getShape())
    result.shape.push_back(mlir::ShapedType::isDynamic(dim) ? -1 : dim);
  return result;
}

runtime::BufferType toBufferType(const TensorType &type) {
  return {type.shape,
          static_cast<int64_t>(
              getElementByteWidth(std::string_view(type.elementName))),
          type.elementName};
}

//===----------------------------------------------------------------------===//
// Events
//===----------------------------------------------------------------------===//

void Event::State::complete(Status result) {
  std::vector<std::function<void(const Status &)>> ready;
  {
    std::lock_guard<std::mutex> lock(mutex);
    if (done)
      return;
    done = true;
    status = std::move(result);
    ready.swap(callbacks);
  }
  changed.notify_all();
  for (auto &callback : ready)
    callback(status);
}

Event::Event() : Event(ready()) {}

Event Event::ready(Status status) {
  auto state = std::make_shared<State>();
  state->done = true;
  state->status = std::move(status);
  return Event(state);
}

Status Event::wait() const {
  std::unique_lock<std::mutex> lock(state->mutex);
  state->changed.wait(lock, [&] { return state->done; });
  return state->status;
}

bool Event::isReady() const {
  std::lock_guard<std::mutex> lock(state->mutex);
  return state->done;
}

void Event::onReady(std::function<void(const Status &)> callback) const {
  {
    std::lock_guard<std::mutex> lock(state->mutex);
    if (!state->done) {
      state->callbacks.push_back(std::move(callback));
      return;
    }
  }
  callback(state->status);
}

//===----------------------------------------------------------------------===//
// Buffers
//===----------------------------------------------------------------------===//

Buffer::Buffer(TensorType type, int deviceId, Event readyEvent,
               std::shared_ptr<Impl> impl)
    : type(std::move(type)), deviceId(deviceId),
      readyEvent(std::move(readyEvent)), impl(std::move(impl)) {}

Buffer::~Buffer() = default;

bool Buffer::isBorrowed() const { return impl->borrowed; }

bool Buffer::isDeleted() const { return impl->deleted; }

/// The error of using a donated buffer.
static Status donatedError() {
  return {ErrorCode::InvalidArgument, "the buffer was donated to an execution"};
}

StatusOr<const void *> Buffer::getHostPointer() const {
  if (isDeleted())
    return donatedError();
  Status status = readyEvent.wait();
  if (!status.ok())
    return status;
  if (impl->client)
    return Status(ErrorCode::Unimplemented,
                  "a buffer on " + impl->storage->getPlacement().str() +
                      " has no host pointer: copy it out with toHost");
  return static_cast<const void *>(impl->storage->data());
}

Status Buffer::toHost(void *destination, size_t size) const {
  if (size != type.getByteSize())
    return {ErrorCode::InvalidArgument,
            "toHost: the destination holds " + std::to_string(size) +
                " bytes, the buffer " + std::to_string(type.getByteSize())};
  if (isDeleted())
    return donatedError();
  Status status = readyEvent.wait();
  if (!status.ok())
    return status;
  if (impl->client) {
    runtime::Device &device = *impl->client->device;
    device.copy(destination, impl->storage->data(), size);
    runtime::Status copied = device.synchronize();
    if (!copied)
      return {ErrorCode::ExecutionError, copied.message()};
    return {};
  }
  std::memcpy(destination, impl->storage->data(), size);
  return {};
}

//===----------------------------------------------------------------------===//
// Streams
//===----------------------------------------------------------------------===//

Stream::Stream() {
  worker = std::thread([queue = queue] {
    std::unique_lock<std::mutex> lock(queue->mutex);
    while (true) {
      queue->wake.wait(lock, [&] {
        return (queue->stopping && queue->tasks.empty()) ||
               (!queue->tasks.empty() && !queue->busy);
      });
      if (queue->tasks.empty())
        return;
      std::function<void()> task = std::move(queue->tasks.front());
      queue->tasks.pop_front();
      queue->busy = true;
      lock.unlock();
      task();
      task = nullptr;
      lock.lock();
      queue->busy = false;
    }
  });
}

bool Stream::runInlineIfIdle(const std::function<void()> &task) {
  {
    std::lock_guard<std::mutex> lock(queue->mutex);
    if (queue->busy || !queue->tasks.empty())
      return false;
    queue->busy = true;
  }
  task();
  {
    std::lock_guard<std::mutex> lock(queue->mutex);
    queue->busy = false;
  }
  queue->wake.notify_all();
  return true;
}

Stream::~Stream() {
  {
    std::lock_guard<std::mutex> lock(queue->mutex);
    queue->stopping = true;
  }
  queue->wake.notify_all();
  // The last reference to the client can go on the stream's own thread
  // (inside a task): it cannot join itself, and finishes on its own.
  if (worker.get_id() == std::this_thread::get_id())
    worker.detach();
  else
    worker.join();
}

void Stream::submit(std::function<void()> task) {
  {
    std::lock_guard<std::mutex> lock(queue->mutex);
    queue->tasks.push_back(std::move(task));
  }
  queue->wake.notify_one();
}

} // namespace hlox::api
