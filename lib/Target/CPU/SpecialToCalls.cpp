//===- SpecialToCalls.cpp - Special ops to calls of the runtime -----------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// The CPU target resolves the special dialect's ops into calls of the C
// functions that the runtime links into every kernel library
// (runtime/src/SpecialFunctions.cpp, SmallFloats.cpp) and of libm.
//
//===----------------------------------------------------------------------===//

#include "hlox/Target/CPU/Passes.h"

#include "hlox/Dialect/Special/IR/SpecialOps.h"
#include "hlox/Transforms/SpecialExpansions.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/TypeSwitch.h"

#define DEBUG_TYPE "hlox-cpu-special-to-calls"

namespace hlox::cpu {
#define GEN_PASS_DEF_CPUSPECIALTOCALLS
#include "hlox/Target/CPU/Passes.h.inc"
} // namespace hlox::cpu

using namespace mlir;
using namespace hlox;

namespace {

/// Builds the calls that replace one op, declaring each callee in the op's
/// module on first use.
class CallBuilder {
public:
  CallBuilder(Operation *op) : b(op), loc(op->getLoc()) {
    module = op->getParentOfType<ModuleOp>();
  }

  Value call(StringRef name, ValueRange args, Type result) {
    auto function = module.lookupSymbol<func::FuncOp>(name);
    if (!function) {
      OpBuilder declare = OpBuilder::atBlockBegin(module.getBody());
      function = func::FuncOp::create(
          declare, module.getLoc(), name,
          declare.getFunctionType(TypeRange(args), {result}));
      function.setPrivate();
    }
    return func::CallOp::create(b, loc, function, args).getResult(0);
  }

  Value toF64(Value x) { return hlox::extendToF64(b, loc, x); }

  /// `x` (f64) rounded once to `type`; bf16 goes through f32, as the
  /// evaluator rounds it.
  Value fromF64(Value x, Type type) {
    return hlox::roundFromF64(b, loc, x, type);
  }

  /// The runtime's `name` of f64 operands, rounded to the op's type.
  Value callInDouble(StringRef name, ValueRange args) {
    SmallVector<Value> wide;
    for (Value arg : args)
      wide.push_back(toF64(arg));
    return fromF64(call(name, wide, b.getF64Type()), args[0].getType());
  }

  OpBuilder b;
  Location loc;
  ModuleOp module;
};

/// The op's replacement, or nothing for ops of other dialects.
Value lower(Operation *op) {
  CallBuilder c(op);
  OpBuilder &b = c.b;
  return llvm::TypeSwitch<Operation *, Value>(op)
      .Case([&](special::LgammaOp op) {
        return c.callInDouble("hlox_lgamma", op.getOperand());
      })
      .Case([&](special::DigammaOp op) {
        // The runtime's steps as arithmetic, shared with the GPU: no call
        // per element.
        Value x = op.getOperand();
        return c.fromF64(hlox::buildDigamma(b, c.loc, c.toF64(x)), x.getType());
      })
      .Case([&](special::ErfInvOp op) {
        return c.callInDouble("hlox_erf_inv", op.getOperand());
      })
      .Case([&](special::BesselI1eOp op) {
        return c.callInDouble("hlox_bessel_i1e", op.getOperand());
      })
      .Case([&](special::ZetaOp op) {
        return c.callInDouble("hlox_zeta", {op.getLhs(), op.getRhs()});
      })
      .Case([&](special::PolygammaOp op) {
        return c.callInDouble("hlox_polygamma", {op.getLhs(), op.getRhs()});
      })
      // The complex inverse functions as arithmetic, shared with the GPU.
      .Case([&](special::ComplexAsinOp op) {
        return buildComplexInverse(b, c.loc, ComplexInverse::Asin,
                                   op.getOperand());
      })
      .Case([&](special::ComplexAcosOp op) {
        return buildComplexInverse(b, c.loc, ComplexInverse::Acos,
                                   op.getOperand());
      })
      .Case([&](special::ComplexAsinhOp op) {
        return buildComplexInverse(b, c.loc, ComplexInverse::Asinh,
                                   op.getOperand());
      })
      .Case([&](special::ComplexAcoshOp op) {
        return buildComplexInverse(b, c.loc, ComplexInverse::Acosh,
                                   op.getOperand());
      })
      // The small-float codecs as arithmetic, shared with the GPU.
      .Case([&](special::DecodeSmallFloatOp op) {
        return buildDecodeSmallFloat(b, c.loc, op.getBits(),
                                     *getSmallFloatFormat(op.getFormat()));
      })
      .Case([&](special::EncodeSmallFloatOp op) {
        return buildEncodeSmallFloat(b, c.loc, op.getValue(),
                                     *getSmallFloatFormat(op.getFormat()));
      })
      .Default([](Operation *) { return Value(); });
}

class SpecialToCallsPass
    : public hlox::cpu::impl::CPUSpecialToCallsBase<SpecialToCallsPass> {
public:
  void runOnOperation() override {
    SmallVector<Operation *> ops;
    getOperation().walk([&](Operation *op) {
      if (isa<special::SpecialDialect>(op->getDialect()))
        ops.push_back(op);
    });
    for (Operation *op : ops) {
      Value replacement = lower(op);
      if (!replacement) {
        op->emitOpError("has no lowering on the CPU target");
        return signalPassFailure();
      }
      op->getResult(0).replaceAllUsesWith(replacement);
      op->erase();
    }
  }
};

} // namespace
