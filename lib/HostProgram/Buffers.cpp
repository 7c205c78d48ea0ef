//===- Buffers.cpp - Evaluator tensors to runtime buffers and back --------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/HostProgram/Buffers.h"

#include "hlox/Evaluator/Buffers.h"

using namespace mlir;
using namespace hlox;

runtime::BufferType hlox::getBufferType(RankedTensorType type, Type named) {
  return {std::vector<int64_t>(type.getShape().begin(), type.getShape().end()),
          eval::getElementBytes(type.getElementType()),
          eval::getElementName(named ? named : type.getElementType())};
}

std::shared_ptr<runtime::Buffer> hlox::toBuffer(const eval::Tensor &tensor) {
  auto buffer =
      std::make_shared<runtime::Buffer>(getBufferType(tensor.getType()));
  eval::writeBuffer(tensor, buffer->data());
  return buffer;
}
