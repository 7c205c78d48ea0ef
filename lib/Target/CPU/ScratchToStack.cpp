//===- ScratchToStack.cpp - A kernel's small buffers on its stack ---------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// After bufferization and buffer-loop-hoisting, a kernel's statically shaped
// buffers in its entry block (a row group's rows, a pool's padded tile)
// are allocated once per kernel call. From the heap, each call is a malloc
// and a free, and a buffer of a size the allocator serves from whole pages
// comes back on fresh pages whenever another thread runs the kernel for
// the first time. On the stack they cost nothing, and the stack's pages
// stay mapped.
//
//===----------------------------------------------------------------------===//

#include "hlox/Target/CPU/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

namespace hlox::cpu {
#define GEN_PASS_DEF_CPUSCRATCHTOSTACK
#include "hlox/Target/CPU/Passes.h.inc"
} // namespace hlox::cpu

using namespace mlir;

namespace {

/// The bytes of a statically shaped buffer of integers or floats.
std::optional<int64_t> getStaticBytes(MemRefType type) {
  if (!type.hasStaticShape() || !type.getElementType().isIntOrFloat())
    return std::nullopt;
  return type.getNumElements() *
         ((type.getElementTypeBitWidth() + 7) / 8);
}

class ScratchToStackPass
    : public hlox::cpu::impl::CPUScratchToStackBase<ScratchToStackPass> {
public:
  using CPUScratchToStackBase::CPUScratchToStackBase;

  void runOnOperation() override {
    func::FuncOp function = getOperation();
    // A kernel returns nothing (its results are arguments): a buffer of its
    // entry block cannot outlive the call. Other functions are left alone.
    if (function.isExternal() || function.getNumResults() != 0)
      return;
    // Only the entry block: an allocation inside a loop (or a branch in
    // one) would take more stack on every iteration.
    int64_t total = 0;
    for (Operation &op :
         llvm::make_early_inc_range(function.getBody().front())) {
      auto alloc = dyn_cast<memref::AllocOp>(op);
      if (!alloc || !alloc.getType().getLayout().isIdentity())
        continue;
      std::optional<int64_t> bytes = getStaticBytes(alloc.getType());
      if (!bytes || *bytes > static_cast<int64_t>(maxBytes) ||
          total + *bytes > static_cast<int64_t>(maxTotalBytes))
        continue;
      total += *bytes;
      OpBuilder builder(alloc);
      auto alloca = memref::AllocaOp::create(builder, alloc.getLoc(),
                                             alloc.getType(),
                                             alloc.getAlignmentAttr());
      alloc.replaceAllUsesWith(alloca.getResult());
      alloc.erase();
    }
  }
};

} // namespace
