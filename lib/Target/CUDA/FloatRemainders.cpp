//===- FloatRemainders.cpp - Float remainders as libdevice calls ----------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Target/CUDA/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

#define DEBUG_TYPE "hlox-cuda-float-remainders"

namespace hlox::cuda {
#define GEN_PASS_DEF_CUDAFLOATREMAINDERS
#include "hlox/Target/CUDA/Passes.h.inc"
} // namespace hlox::cuda

using namespace mlir;

namespace {

class FloatRemaindersPass
    : public hlox::cuda::impl::CUDAFloatRemaindersBase<FloatRemaindersPass> {
public:
  void runOnOperation() override {
    gpu::GPUModuleOp module = getOperation();
    SmallVector<arith::RemFOp> remainders;
    module.walk([&](arith::RemFOp op) { remainders.push_back(op); });
    for (arith::RemFOp op : remainders) {
      Type type = op.getType();
      if (!type.isF32() && !type.isF64()) {
        op.emitOpError("of ")
            << type << " has no lowering on the CUDA target (f32 and f64 "
            << "only: libdevice's fmod)";
        return signalPassFailure();
      }
      LLVM::LLVMFuncOp callee =
          getOrDeclare(module, type.isF32() ? "__nv_fmodf" : "__nv_fmod", type);
      OpBuilder builder(op);
      auto call = LLVM::CallOp::create(builder, op.getLoc(), callee,
                                       ValueRange{op.getLhs(), op.getRhs()});
      op.replaceAllUsesWith(call.getResult());
      op.erase();
    }
  }

private:
  /// The declaration of `name`, (type, type) -> type, in `module`.
  static LLVM::LLVMFuncOp getOrDeclare(gpu::GPUModuleOp module, StringRef name,
                                       Type type) {
    if (auto existing = module.lookupSymbol<LLVM::LLVMFuncOp>(name))
      return existing;
    OpBuilder builder = OpBuilder::atBlockBegin(module.getBody());
    return LLVM::LLVMFuncOp::create(
        builder, module.getLoc(), name,
        LLVM::LLVMFunctionType::get(type, {type, type}));
  }
};

} // namespace
