//===- EmitEntryPoints.cpp - The runtime's entry point of each kernel -----===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Target/CPU/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

#define DEBUG_TYPE "hlox-cpu-emit-entry-points"

namespace hlox::cpu {
#define GEN_PASS_DEF_CPUEMITENTRYPOINTS
#include "hlox/Target/CPU/Passes.h.inc"
} // namespace hlox::cpu

using namespace mlir;
using namespace hlox;
using namespace hlox::cpu;

namespace {

class EmitEntryPointsPass
    : public hlox::cpu::impl::CPUEmitEntryPointsBase<EmitEntryPointsPass> {
public:
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<LLVM::LLVMFuncOp> kernels;
    for (auto function : module.getOps<LLVM::LLVMFuncOp>())
      if (function->hasAttr(kDispatchAttr))
        kernels.push_back(function);
    MLIRContext *context = &getContext();
    auto ptr = LLVM::LLVMPointerType::get(context);
    auto i64 = IntegerType::get(context, 64);
    auto voidType = LLVM::LLVMVoidType::get(context);
    OpBuilder b(context);
    for (LLVM::LLVMFuncOp kernel : kernels) {
      LLVM::LLVMFunctionType type = kernel.getFunctionType();
      unsigned numParams = type.getNumParams();
      // The workgroup range, or a matrix product epilogue's tile.
      unsigned numIndices = kernel->hasAttr(kMatmulEpilogueAttr) ? 4 : 2;
      if (numParams < numIndices ||
          !isa<LLVM::LLVMVoidType>(type.getReturnType()) ||
          llvm::any_of(type.getParams().drop_back(numIndices),
                       [&](Type t) { return t != ptr; })) {
        kernel.emitError("kernel does not have the bare-pointer signature");
        return signalPassFailure();
      }
      b.setInsertionPointAfter(kernel);
      Location loc = kernel.getLoc();
      SmallVector<Type> params = {ptr};
      params.append(numIndices, i64);
      auto entry = LLVM::LLVMFuncOp::create(
          b, loc, (kernel.getSymName() + kEntrySuffix).str(),
          LLVM::LLVMFunctionType::get(voidType, params));
      Block *block = entry.addEntryBlock(b);
      b.setInsertionPointToStart(block);
      SmallVector<Value> operands;
      for (unsigned i = 0; i + numIndices < numParams; ++i) {
        Value slot = LLVM::GEPOp::create(b, loc, ptr, ptr, block->getArgument(0),
                                         ArrayRef<LLVM::GEPArg>{int32_t(i)});
        operands.push_back(LLVM::LoadOp::create(b, loc, ptr, slot));
      }
      Type indexType = type.getParams()[numParams - 1];
      for (unsigned i = 1; i <= numIndices; ++i) {
        Value index = block->getArgument(i);
        if (indexType != i64)
          index = LLVM::TruncOp::create(b, loc, indexType, index);
        operands.push_back(index);
      }
      LLVM::CallOp::create(b, loc, kernel, operands);
      LLVM::ReturnOp::create(b, loc, ValueRange{});
      // A narrower vector width (hlox-cpu-narrow-streaming-reductions) for
      // the kernel and its entry point, into which LLVM inlines it: LLVM
      // keeps 512-bit vectors in 512-bit registers unless the function
      // also says that it needs no wider ones.
      if (auto bits = kernel->getAttrOfType<IntegerAttr>(kPreferVectorBitsAttr))
        for (LLVM::LLVMFuncOp function : {kernel, entry}) {
          SmallVector<Attribute> passthrough;
          if (ArrayAttr existing = function.getPassthroughAttr())
            passthrough.assign(existing.begin(), existing.end());
          auto pair = [&](StringRef key, StringRef value) {
            return b.getArrayAttr(
                {b.getStringAttr(key), b.getStringAttr(value)});
          };
          passthrough.push_back(
              pair("prefer-vector-width", std::to_string(bits.getInt())));
          passthrough.push_back(pair("min-legal-vector-width", "0"));
          function.setPassthroughAttr(b.getArrayAttr(passthrough));
        }
    }
  }
};

} // namespace
