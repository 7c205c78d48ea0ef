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

std::vector<uint8_t> hlox::getBufferBytes(DenseElementsAttr value) {
  Type element = value.getElementType();
  int64_t bytes = eval::getElementBytes(element);
  std::vector<uint8_t> data;
  data.reserve(value.getNumElements() * bytes);
  auto append = [&](APInt bits) {
    if (bits.getBitWidth() < 8 * bytes) // a 4- or 6-bit float
      bits = bits.zext(8 * bytes);
    for (int64_t i = 0; i < bytes; ++i)
      data.push_back(
          static_cast<uint8_t>(bits.extractBitsAsZExtValue(8, 8 * i) & 0xFF));
  };
  auto appendInt = [&](APInt v) {
    append(v.getBitWidth() < 8 * bytes ? v.zext(8 * bytes) : v);
  };
  if (auto complex = dyn_cast<ComplexType>(element)) {
    bytes /= 2;
    for (std::complex<APFloat> v : value.getValues<std::complex<APFloat>>()) {
      append(v.real().bitcastToAPInt());
      append(v.imag().bitcastToAPInt());
    }
  } else if (isa<FloatType>(element)) {
    for (APFloat v : value.getValues<APFloat>())
      append(v.bitcastToAPInt());
  } else {
    for (APInt v : value.getValues<APInt>())
      appendInt(v);
  }
  return data;
}
