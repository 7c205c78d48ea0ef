//===- Buffers.h - Evaluator tensors to runtime buffers and back -*- C++
//-*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// The bridge between the evaluator's tensors and the runtime's buffers:
// the host program's constants, and the tools' arguments and results.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_HOSTPROGRAM_BUFFERS_H
#define HLOX_HOSTPROGRAM_BUFFERS_H

#include "hlox/Evaluator/Tensor.h"
#include "hlox/runtime/Buffer.h"

#include "mlir/IR/BuiltinAttributes.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace hlox {

/// The runtime buffer type that holds a tensor of `type` (shape, bytes per
/// element, element name); `named` gives the element name when it differs
/// (the StableHLO type of a value the compiler made signless).
runtime::BufferType getBufferType(mlir::RankedTensorType type,
                                  mlir::Type named = {});

/// The bytes of `value` as a dense row-major buffer holds them (a
/// constant's, for the host program or a GPU kernel): integers and floats
/// in their bits (an i1 or a 4- or 6-bit float in a byte), complex numbers
/// as their two parts.
std::vector<uint8_t> getBufferBytes(mlir::DenseElementsAttr value);

/// A buffer with the bits of `tensor` (see eval::writeBuffer).
std::shared_ptr<runtime::Buffer> toBuffer(const eval::Tensor &tensor);

} // namespace hlox

#endif // HLOX_HOSTPROGRAM_BUFFERS_H
