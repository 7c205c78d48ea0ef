//===- LibdeviceCalls.cpp - What NVPTX lacks, through libdevice -----------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Target/CUDA/Passes.h"

#include "hlox/Dialect/Special/IR/SpecialOps.h"
#include "hlox/Transforms/SpecialExpansions.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "llvm/ADT/TypeSwitch.h"

#include <numbers>

#define DEBUG_TYPE "hlox-cuda-libdevice-calls"

namespace hlox::cuda {
#define GEN_PASS_DEF_CUDALIBDEVICECALLS
#include "hlox/Target/CUDA/Passes.h.inc"
} // namespace hlox::cuda

using namespace mlir;
using namespace hlox;

namespace {

/// Builds the replacement of one op in a kernel module.
class Builder {
public:
  Builder(Operation *op, gpu::GPUModuleOp module)
      : b(op), loc(op->getLoc()), module(module) {}

  /// A call of libdevice's `name`, declared in the module on first use.
  Value call(StringRef name, ValueRange args) {
    Type type = args[0].getType();
    auto callee = module.lookupSymbol<LLVM::LLVMFuncOp>(name);
    if (!callee) {
      OpBuilder declare = OpBuilder::atBlockBegin(module.getBody());
      callee = LLVM::LLVMFuncOp::create(
          declare, module.getLoc(), name,
          LLVM::LLVMFunctionType::get(type,
                                      SmallVector<Type>(args.size(), type)));
    }
    return LLVM::CallOp::create(b, loc, callee, args).getResult();
  }

  Value f64(double value) {
    return arith::ConstantOp::create(b, loc, b.getF64FloatAttr(value));
  }
  Value toF64(Value x) { return hlox::extendToF64(b, loc, x); }
  /// `x` (f64) rounded once to `type`, as the CPU target rounds it.
  Value fromF64(Value x, Type type) {
    return hlox::roundFromF64(b, loc, x, type);
  }
  Value add(Value x, Value y) { return arith::AddFOp::create(b, loc, x, y); }
  Value sub(Value x, Value y) { return arith::SubFOp::create(b, loc, x, y); }
  Value mul(Value x, Value y) { return arith::MulFOp::create(b, loc, x, y); }
  Value div(Value x, Value y) { return arith::DivFOp::create(b, loc, x, y); }
  Value cmp(arith::CmpFPredicate predicate, Value x, Value y) {
    return arith::CmpFOp::create(b, loc, predicate, x, y);
  }
  Value select(Value condition, Value x, Value y) {
    return arith::SelectOp::create(b, loc, condition, x, y);
  }

  /// The runtime's exp(-|x|) I1(x): libdevice's I1 below 500, the
  /// runtime's asymptotic expansion above, x's sign, NaN kept.
  Value besselI1e(Value x) {
    Value ax = math::AbsFOp::create(b, loc, x);
    Value small = cmp(arith::CmpFPredicate::OLT, ax, f64(500));
    // Above 500, I1 is past f64's range: its argument there is 0.
    Value bounded = select(small, ax, f64(0));
    Value exact =
        mul(call("__nv_cyl_bessel_i1", bounded),
            math::ExpOp::create(b, loc, arith::NegFOp::create(b, loc, ax)));
    Value inv = div(f64(1), ax);
    Value asymptotic =
        div(sub(sub(f64(1), mul(f64(0.375), inv)),
                mul(mul(f64(0.1171875), inv), inv)),
            math::SqrtOp::create(b, loc, mul(f64(2 * std::numbers::pi), ax)));
    Value value =
        math::CopySignOp::create(b, loc, select(small, exact, asymptotic), x);
    return select(cmp(arith::CmpFPredicate::UNO, x, x), x, value);
  }

  OpBuilder b;
  Location loc;
  gpu::GPUModuleOp module;
};

/// The replacement of `op`, or nothing for an op this pass leaves.
FailureOr<Value> lower(Operation *op, gpu::GPUModuleOp module) {
  Builder c(op, module);
  auto inDouble = [&](Value x, auto fn) -> Value {
    return c.fromF64(fn(c.toF64(x)), x.getType());
  };
  return llvm::TypeSwitch<Operation *, FailureOr<Value>>(op)
      .Case([&](arith::RemFOp op) -> FailureOr<Value> {
        Type type = op.getType();
        if (!type.isF32() && !type.isF64())
          return op.emitOpError("of ")
                 << type << " has no lowering on the CUDA target (f32 and "
                 << "f64 only: libdevice's fmod)";
        return c.call(type.isF32() ? "__nv_fmodf" : "__nv_fmod",
                      {op.getLhs(), op.getRhs()});
      })
      .Case([&](special::LgammaOp op) -> FailureOr<Value> {
        return inDouble(op.getOperand(),
                        [&](Value x) { return c.call("__nv_lgamma", x); });
      })
      .Case([&](special::ErfInvOp op) -> FailureOr<Value> {
        return inDouble(op.getOperand(),
                        [&](Value x) { return c.call("__nv_erfinv", x); });
      })
      .Case([&](special::DigammaOp op) -> FailureOr<Value> {
        return inDouble(op.getOperand(), [&](Value x) {
          return hlox::buildDigamma(c.b, c.loc, x);
        });
      })
      .Case([&](special::BesselI1eOp op) -> FailureOr<Value> {
        return inDouble(op.getOperand(),
                        [&](Value x) { return c.besselI1e(x); });
      })
      .Case([&](special::ComplexAsinOp op) -> FailureOr<Value> {
        return buildComplexInverse(c.b, c.loc, ComplexInverse::Asin,
                                   op.getOperand());
      })
      .Case([&](special::ComplexAcosOp op) -> FailureOr<Value> {
        return buildComplexInverse(c.b, c.loc, ComplexInverse::Acos,
                                   op.getOperand());
      })
      .Case([&](special::ComplexAsinhOp op) -> FailureOr<Value> {
        return buildComplexInverse(c.b, c.loc, ComplexInverse::Asinh,
                                   op.getOperand());
      })
      .Case([&](special::ComplexAcoshOp op) -> FailureOr<Value> {
        return buildComplexInverse(c.b, c.loc, ComplexInverse::Acosh,
                                   op.getOperand());
      })
      .Case([&](special::DecodeSmallFloatOp op) -> FailureOr<Value> {
        return buildDecodeSmallFloat(c.b, c.loc, op.getBits(),
                                     *getSmallFloatFormat(op.getFormat()));
      })
      .Case([&](special::EncodeSmallFloatOp op) -> FailureOr<Value> {
        return buildEncodeSmallFloat(c.b, c.loc, op.getValue(),
                                     *getSmallFloatFormat(op.getFormat()));
      })
      .Default([&](Operation *op) -> FailureOr<Value> {
        if (isa<special::SpecialDialect>(op->getDialect()))
          return op->emitOpError("has no lowering on the CUDA target");
        return Value();
      });
}

class LibdeviceCallsPass
    : public hlox::cuda::impl::CUDALibdeviceCallsBase<LibdeviceCallsPass> {
public:
  void runOnOperation() override {
    gpu::GPUModuleOp module = getOperation();
    SmallVector<Operation *> ops;
    module.walk([&](Operation *op) {
      if (isa<arith::RemFOp>(op) ||
          isa<special::SpecialDialect>(op->getDialect()))
        ops.push_back(op);
    });
    for (Operation *op : ops) {
      FailureOr<Value> replacement = lower(op, module);
      if (failed(replacement))
        return signalPassFailure();
      if (!*replacement)
        continue;
      op->getResult(0).replaceAllUsesWith(*replacement);
      op->erase();
    }
  }
};

} // namespace
