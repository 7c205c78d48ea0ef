//===- ApiValues.cpp - Tool values through the API ------------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "ApiValues.h"

#include "hlox/Evaluator/Buffers.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/Support/raw_ostream.h"

#include <vector>

using namespace mlir;
using namespace hlox;

api::TensorType tools::toApiType(RankedTensorType type) {
  api::TensorType result;
  result.elementName = eval::getElementName(type.getElementType());
  for (int i = 1; i <= static_cast<int>(api::ElementType::C128); ++i)
    if (api::getElementTypeName(static_cast<api::ElementType>(i)) ==
        result.elementName)
      result.elementType = static_cast<api::ElementType>(i);
  result.shape.assign(type.getShape().begin(), type.getShape().end());
  return result;
}

api::StatusOr<std::shared_ptr<api::Buffer>>
tools::toApiBuffer(api::Client &client, const eval::Tensor &tensor) {
  std::vector<uint8_t> bytes(eval::getBufferByteSize(tensor.getType()));
  eval::writeBuffer(tensor, bytes.data());
  return client.bufferFromHost(bytes.data(), toApiType(tensor.getType()));
}

FailureOr<eval::Tensor> tools::fromApiBuffer(const api::Buffer &buffer,
                                             Type elementType,
                                             std::string &error) {
  auto type = RankedTensorType::get(buffer.getType().shape, elementType);
  api::StatusOr<const void *> data = buffer.getHostPointer();
  if (data.ok())
    return eval::fromBuffer(*data, type);
  // A device's buffer, which the host reads through a copy.
  std::vector<uint8_t> bytes(buffer.getType().getByteSize());
  api::Status copied = buffer.toHost(bytes.data(), bytes.size());
  if (!copied.ok()) {
    error = copied.getMessage();
    return failure();
  }
  return eval::fromBuffer(bytes.data(), type);
}

std::optional<std::pair<Location, size_t>>
tools::parseMessageLocation(StringRef message, MLIRContext *context) {
  // "file:line:col: ", the file name possibly holding colons itself.
  for (size_t end = message.find(": "); end != StringRef::npos;
       end = message.find(": ", end + 1)) {
    auto [rest, column] = message.take_front(end).rsplit(':');
    auto [file, line] = rest.rsplit(':');
    unsigned lineNumber, columnNumber;
    if (!file.empty() && !line.getAsInteger(10, lineNumber) &&
        !column.getAsInteger(10, columnNumber))
      return std::pair(Location(FileLineColLoc::get(context, file, lineNumber,
                                                    columnNumber)),
                       end + 2);
  }
  return std::nullopt;
}

void tools::emitApiError(func::FuncOp function, StringRef what,
                         const api::Status &status) {
  StringRef message = status.getMessage();
  if (status.getCode() == api::ErrorCode::CompileError) {
    // The compiler's diagnostics, located and formatted already.
    llvm::errs() << message << "\n";
    return;
  }
  if (auto located = parseMessageLocation(message, function.getContext())) {
    emitError(located->first) << message.drop_front(located->second);
    return;
  }
  function.emitError(what) << message;
}

void tools::emitCheckFailures(MLIRContext *context,
                              llvm::ArrayRef<api::CheckFailure> failures) {
  for (const api::CheckFailure &failure : failures) {
    std::string text = failure.location + ": ";
    auto located = parseMessageLocation(text, context);
    Location loc = located ? located->first : UnknownLoc::get(context);
    emitError(loc) << "check failed: " << failure.message;
  }
}
