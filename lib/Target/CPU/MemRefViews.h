//===- MemRefViews.h - Views of a kernel's buffers, and addresses -*- C++
//-*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// What the CPU passes that run after bufferization and place memory
// operations by where a view lies in a kernel's buffer share.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_LIB_TARGET_CPU_MEMREFVIEWS_H
#define HLOX_LIB_TARGET_CPU_MEMREFVIEWS_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/Value.h"

namespace hlox::cpu {

/// The bytes of a cache line: what one prefetch brings in, and the
/// alignment and least size of a non-temporal vector store.
constexpr int64_t kCacheLineBytes = 64;

/// The memref that `op` views when it is a subview, expand_shape or
/// collapse_shape (views whose metadata addresses elements of the source's
/// own buffer); null otherwise.
mlir::Value getViewSource(mlir::Operation *op);

/// `value` when it is an argument of the function it is used in (a
/// kernel's buffer); null otherwise.
mlir::BlockArgument getFunctionArgument(mlir::Value value);

/// The function argument that `value` views through the views of
/// getViewSource, if any.
mlir::BlockArgument getViewedArgument(mlir::Value value);

/// Builds, at `b`, the position of `memref[indices]` in elements from the
/// start of the buffer `memref` views: its offset plus each index times its
/// stride.
mlir::Value buildElementPosition(mlir::OpBuilder &b, mlir::Location loc,
                                 mlir::Value memref, mlir::ValueRange indices);

} // namespace hlox::cpu

#endif // HLOX_LIB_TARGET_CPU_MEMREFVIEWS_H
