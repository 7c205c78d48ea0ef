//===- Buffers.cpp - Evaluator tensors to runtime buffers and back --------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Evaluator/Buffers.h"

#include "llvm/ADT/APFloat.h"

#include <cstring>

using namespace mlir;
using namespace hlox;
using namespace hlox::eval;

int64_t hlox::eval::getElementBytes(Type type) {
  if (auto complex = dyn_cast<ComplexType>(type))
    return 2 * getElementBytes(complex.getElementType());
  unsigned bits = type.getIntOrFloatBitWidth();
  return bits < 8 ? 1 : bits / 8;
}

runtime::BufferType hlox::eval::getBufferType(RankedTensorType type,
                                              Type named) {
  Type element = named ? named : type.getElementType();
  std::string name;
  llvm::raw_string_ostream os(name);
  element.print(os);
  return {std::vector<int64_t>(type.getShape().begin(), type.getShape().end()),
          getElementBytes(type.getElementType()), name};
}

/// Floats the evaluator holds in a wider storage than their own bits.
static const llvm::fltSemantics *narrowFloat(Type type, Storage storage) {
  auto flt = dyn_cast<FloatType>(type);
  if (!flt || storage != Storage::F32 || flt.getWidth() >= 32)
    return nullptr;
  return &flt.getFloatSemantics();
}

std::shared_ptr<runtime::Buffer> hlox::eval::toBuffer(const Tensor &tensor) {
  Type element = tensor.getElementType();
  runtime::BufferType type = getBufferType(tensor.getType());
  auto buffer = std::make_shared<runtime::Buffer>(type);
  auto *out = static_cast<uint8_t *>(buffer->data());
  if (const llvm::fltSemantics *semantics =
          narrowFloat(element, tensor.getStorage())) {
    int64_t bytes = type.elementBytes;
    for (auto [i, value] : llvm::enumerate(tensor.data<float>())) {
      llvm::APFloat f(value);
      bool lost;
      f.convert(*semantics, llvm::APFloat::rmNearestTiesToEven, &lost);
      uint64_t bits = f.bitcastToAPInt().getZExtValue();
      std::memcpy(out + i * bytes, &bits, bytes);
    }
    return buffer;
  }
  // An empty tensor may have no storage at all (memcpy must not see null).
  if (type.getByteSize() > 0)
    std::memcpy(out, tensor.getRawData(), type.getByteSize());
  return buffer;
}

Tensor hlox::eval::fromBuffer(const void *data, RankedTensorType type) {
  Tensor tensor(type);
  const auto *in = static_cast<const uint8_t *>(data);
  Type element = type.getElementType();
  if (const llvm::fltSemantics *semantics =
          narrowFloat(element, tensor.getStorage())) {
    int64_t bytes = getBufferType(type).elementBytes;
    unsigned bits = cast<FloatType>(element).getWidth();
    for (auto [i, out] : llvm::enumerate(tensor.data<float>())) {
      uint64_t raw = 0;
      std::memcpy(&raw, in + i * bytes, bytes);
      llvm::APFloat f(*semantics, llvm::APInt(bits, raw));
      bool lost;
      f.convert(llvm::APFloat::IEEEsingle(), llvm::APFloat::rmNearestTiesToEven,
                &lost);
      out = f.convertToFloat();
    }
    return tensor;
  }
  // A host call may see an empty buffer without storage (a null view).
  if (int64_t size = getBufferType(type).getByteSize(); size > 0)
    std::memcpy(tensor.getRawData(), in, size);
  // Kernels leave the bits above a 2- or 4-bit integer unspecified; the
  // evaluator holds them sign- or zero-extended.
  if (auto integer = dyn_cast<IntegerType>(element);
      integer && integer.getWidth() > 1 && integer.getWidth() < 8) {
    unsigned shift = 8 - integer.getWidth();
    for (auto &byte : llvm::MutableArrayRef<uint8_t>(tensor.getRawData(),
                                                      tensor.getNumElements())) {
      if (integer.isUnsigned())
        byte = static_cast<uint8_t>(byte << shift) >> shift;
      else
        byte = static_cast<uint8_t>(
            static_cast<int8_t>(static_cast<uint8_t>(byte << shift)) >> shift);
    }
  }
  return tensor;
}
