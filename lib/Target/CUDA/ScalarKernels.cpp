//===- ScalarKernels.cpp - Loop-free work as a one-thread loop ------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Target/CUDA/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

namespace hlox::cuda {
#define GEN_PASS_DEF_CUDASCALARKERNELS
#include "hlox/Target/CUDA/Passes.h.inc"
} // namespace hlox::cuda

using namespace mlir;

namespace {

struct ScalarKernels final
    : hlox::cuda::impl::CUDAScalarKernelsBase<ScalarKernels> {
  void runOnOperation() override {
    func::FuncOp function = getOperation();
    if (function.isExternal() || !function.getBody().hasOneBlock())
      return;
    bool writes = false, loops = false, allocates = false;
    function.walk([&](Operation *op) {
      writes |= isa<memref::StoreOp>(op);
      loops |= isa<scf::ParallelOp, gpu::LaunchOp>(op);
      allocates |= isa<memref::AllocOp, memref::AllocaOp>(op);
    });
    if (!writes || loops || allocates)
      return;
    Block &body = function.getBody().front();
    Operation *terminator = body.getTerminator();
    if (terminator->getNumOperands() != 0)
      return;
    OpBuilder builder(terminator);
    Location loc = function.getLoc();
    Value zero = arith::ConstantIndexOp::create(builder, loc, 0);
    Value one = arith::ConstantIndexOp::create(builder, loc, 1);
    auto loop = scf::ParallelOp::create(builder, loc, ValueRange{zero},
                                        ValueRange{one}, ValueRange{one});
    Operation *yield = loop.getBody()->getTerminator();
    for (Operation &op : llvm::make_early_inc_range(body)) {
      if (&op == loop.getOperation() || &op == terminator ||
          &op == zero.getDefiningOp() || &op == one.getDefiningOp())
        continue;
      op.moveBefore(yield);
    }
  }
};

} // namespace
