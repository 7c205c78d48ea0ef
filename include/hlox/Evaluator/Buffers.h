//===- Buffers.h - Evaluator tensors to buffer bytes and back -*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#ifndef HLOX_EVALUATOR_BUFFERS_H
#define HLOX_EVALUATOR_BUFFERS_H

#include "hlox/Evaluator/Tensor.h"

#include <string>

namespace hlox::eval {

/// Bytes per element of `type` in a buffer: a whole number of bytes for
/// the integer and float types (an i1 or i4 takes one), twice the part's
/// for complex types.
int64_t getElementBytes(mlir::Type type);

/// The element type's name as StableHLO spells it (f32, ui8,
/// complex<f64>).
std::string getElementName(mlir::Type type);

/// The bytes of a dense row-major buffer of `type`.
int64_t getBufferByteSize(mlir::RankedTensorType type);

/// Writes the bits of `tensor` into `data` (getBufferByteSize bytes) in the
/// buffer layout: narrow floats, which the evaluator holds as f32, are
/// rounded back to their format's bits.
void writeBuffer(const Tensor &tensor, void *data);

/// A tensor of `type` read from `data` in the buffer layout.
Tensor fromBuffer(const void *data, mlir::RankedTensorType type);

} // namespace hlox::eval

#endif // HLOX_EVALUATOR_BUFFERS_H
