//===- InlineAll.h - Inliner interface of hlox's op dialects ----*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#ifndef HLOX_DIALECT_INLINEALL_H
#define HLOX_DIALECT_INLINEALL_H

#include "mlir/Transforms/InliningUtils.h"

namespace hlox {

/// Lets the inliner inline every op and region of a dialect: StableHLO and
/// CHLO ops are pure values-in, values-out operations with no op that must
/// stay in its function.
struct InlineAllInterface : public mlir::DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;
  bool isLegalToInline(mlir::Region *, mlir::Region *, bool,
                       mlir::IRMapping &) const final {
    return true;
  }
  bool isLegalToInline(mlir::Operation *, mlir::Region *, bool,
                       mlir::IRMapping &) const final {
    return true;
  }
};

} // namespace hlox

#endif // HLOX_DIALECT_INLINEALL_H
