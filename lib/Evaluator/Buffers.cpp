//===- Buffers.cpp - Evaluator tensors to buffer bytes and back -----------===//
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

std::string hlox::eval::getElementName(Type type) {
  std::string name;
  llvm::raw_string_ostream os(name);
  type.print(os);
  return name;
}

int64_t hlox::eval::getBufferByteSize(RankedTensorType type) {
  return type.getNumElements() * getElementBytes(type.getElementType());
}

/// Floats the evaluator holds in a wider storage than their own bits.
static const llvm::fltSemantics *narrowFloat(Type type, Storage storage) {
  auto flt = dyn_cast<FloatType>(type);
  if (!flt || storage != Storage::F32 || flt.getWidth() >= 32)
    return nullptr;
  return &flt.getFloatSemantics();
}

void hlox::eval::writeBuffer(const Tensor &tensor, void *data) {
  Type element = tensor.getElementType();
  auto *out = static_cast<uint8_t *>(data);
  if (const llvm::fltSemantics *semantics =
          narrowFloat(element, tensor.getStorage())) {
    int64_t bytes = getElementBytes(element);
    for (auto [i, value] : llvm::enumerate(tensor.data<float>())) {
      llvm::APFloat f(value);
      bool lost;
      f.convert(*semantics, llvm::APFloat::rmNearestTiesToEven, &lost);
      uint64_t bits = f.bitcastToAPInt().getZExtValue();
      std::memcpy(out + i * bytes, &bits, bytes);
    }
    return;
  }
  // An empty tensor may have no storage at all (memcpy must not see null).
  if (int64_t size = getBufferByteSize(tensor.getType()); size > 0)
    std::memcpy(out, tensor.getRawData(), size);
}

Tensor hlox::eval::fromBuffer(const void *data, RankedTensorType type) {
  Tensor tensor(type);
  const auto *in = static_cast<const uint8_t *>(data);
  Type element = type.getElementType();
  if (const llvm::fltSemantics *semantics =
          narrowFloat(element, tensor.getStorage())) {
    int64_t bytes = getElementBytes(element);
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
  if (int64_t size = getBufferByteSize(type); size > 0)
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
