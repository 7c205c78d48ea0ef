//===- CopiesToLinalg.cpp - memref.copy as linalg.copy --------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Target/CUDA/Passes.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"

namespace hlox::cuda {
#define GEN_PASS_DEF_CUDACOPIESTOLINALG
#include "hlox/Target/CUDA/Passes.h.inc"
} // namespace hlox::cuda

using namespace mlir;

namespace {

struct CopiesToLinalg final
    : hlox::cuda::impl::CUDACopiesToLinalgBase<CopiesToLinalg> {
  void runOnOperation() override {
    SmallVector<memref::CopyOp> copies;
    getOperation().walk([&](memref::CopyOp copy) { copies.push_back(copy); });
    for (memref::CopyOp copy : copies) {
      OpBuilder builder(copy);
      linalg::CopyOp::create(builder, copy.getLoc(), copy.getSource(),
                             copy.getTarget());
      copy.erase();
    }
  }
};

} // namespace
