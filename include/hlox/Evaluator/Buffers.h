//===- Buffers.h - Evaluator tensors to runtime buffers and back -*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#ifndef HLOX_EVALUATOR_BUFFERS_H
#define HLOX_EVALUATOR_BUFFERS_H

#include "hlox/Evaluator/Tensor.h"
#include "hlox/runtime/Buffer.h"

#include <memory>

namespace hlox::eval {

/// Bytes per element of `type` in a buffer: a whole number of bytes for
/// the integer and float types (an i1 or i4 takes one), twice the part's
/// for complex types.
int64_t getElementBytes(mlir::Type type);

/// The runtime buffer type that holds a tensor of `type` (shape, bytes per
/// element, element name); `named` gives the element name when it differs
/// (the StableHLO type of a value the compiler made signless).
runtime::BufferType getBufferType(mlir::RankedTensorType type,
                                  mlir::Type named = {});

/// A buffer with the bits of `tensor` (narrow floats, which the evaluator
/// holds as f32, are rounded back to their format's bits).
std::shared_ptr<runtime::Buffer> toBuffer(const Tensor &tensor);

/// A tensor of `type` read from `data` in the buffer layout.
Tensor fromBuffer(const void *data, mlir::RankedTensorType type);

} // namespace hlox::eval

#endif // HLOX_EVALUATOR_BUFFERS_H
