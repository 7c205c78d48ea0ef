//===- KnownDialects.h - Ops and types of dialects hlox knows ---*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Real exports carry attributes of dialects hlox does not load (a
// framework's layout or placement hints on functions, arguments and
// results). The tools parse with unregistered dialects allowed, so that such
// attributes survive parsing as opaque attributes, and then reject what
// hlox cannot compile: an op or a type of a dialect it does not know.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_TRANSFORMS_KNOWNDIALECTS_H
#define HLOX_TRANSFORMS_KNOWNDIALECTS_H

#include "mlir/IR/Operation.h"

namespace hlox {

/// Fails, with an error at each, when `root` holds an op of an unregistered
/// dialect or a value, block argument or function signature of an opaque
/// (unregistered) type. Attributes of unknown dialects are accepted.
mlir::LogicalResult verifyKnownDialects(mlir::Operation *root);

} // namespace hlox

#endif // HLOX_TRANSFORMS_KNOWNDIALECTS_H
