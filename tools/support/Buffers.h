//===- Buffers.h - Evaluator tensors to runtime buffers and back -*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#ifndef HLOX_TOOLS_SUPPORT_BUFFERS_H
#define HLOX_TOOLS_SUPPORT_BUFFERS_H

#include "hlox/Evaluator/Tensor.h"
#include "hlox/runtime/Buffer.h"

#include <memory>

namespace hlox::tools {

/// A buffer with the bits of `tensor` (narrow floats, which the evaluator
/// holds as f32, are rounded back to their format's bits).
std::shared_ptr<runtime::Buffer> toBuffer(const eval::Tensor &tensor);

/// A tensor of `type` read from `data` in the buffer layout.
eval::Tensor fromBuffer(const void *data, mlir::RankedTensorType type);

} // namespace hlox::tools

#endif // HLOX_TOOLS_SUPPORT_BUFFERS_H
