//===- Random.cpp - rng_bit_generator -------------------------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// rng_bit_generator with THREE_FRY (and DEFAULT) is a pure function of the
// state and each output's position, so it becomes one parallel
// linalg.generic: the key is state[0] (low word first), output counter c is
// state[1] + c, and Threefry-2x32 (20 rounds) of a counter gives words x0,
// x1. 64-bit outputs are x0 | x1 << 32 of counter i; 32-bit outputs take
// the x0 words of ceil(n / 2) counters and then their x1 words. The new
// state advances state[1] by the counters used. This is bit-exact with XLA
// and the evaluator.
//
//===----------------------------------------------------------------------===//

#include "Lowerings.h"

#include "hlox/Dialect/StableHLO/IR/StablehloOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace hlox;
using namespace hlox::lowering;
namespace shlo = hlox::stablehlo;

namespace {

/// Threefry-2x32 with 20 rounds on i32 values: returns (x0, x1).
std::pair<Value, Value> emitThreefry(OpBuilder &b, Location loc, Value k0,
                                     Value k1, Value c0, Value c1) {
  static constexpr int kRotations[8] = {13, 15, 26, 6, 17, 29, 16, 24};
  Type i32 = b.getI32Type();
  auto constant = [&](uint32_t v) -> Value {
    return arith::ConstantOp::create(
        b, loc, IntegerAttr::get(i32, static_cast<int32_t>(v)));
  };
  auto add = [&](Value x, Value y) -> Value {
    return arith::AddIOp::create(b, loc, x, y);
  };
  auto rotl = [&](Value x, int r) -> Value {
    return arith::OrIOp::create(
        b, loc, arith::ShLIOp::create(b, loc, x, constant(r)),
        arith::ShRUIOp::create(b, loc, x, constant(32 - r)));
  };
  Value ks[3] = {k0, k1,
                 arith::XOrIOp::create(
                     b, loc, constant(0x1BD11BDA),
                     arith::XOrIOp::create(b, loc, k0, k1))};
  Value x0 = add(c0, ks[0]), x1 = add(c1, ks[1]);
  for (int i = 0; i < 20; ++i) {
    x0 = add(x0, x1);
    x1 = arith::XOrIOp::create(b, loc, rotl(x1, kRotations[i % 8]), x0);
    if (i % 4 == 3) {
      uint32_t s = (i + 1) / 4;
      x0 = add(x0, ks[s % 3]);
      x1 = add(add(x1, ks[(s + 1) % 3]), constant(s));
    }
  }
  return {x0, x1};
}

struct RngBitGeneratorLowering final
    : OpConversionPattern<shlo::RngBitGeneratorOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(shlo::RngBitGeneratorOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<SmallVector<Type>> types =
        staticResultTypes(op, *getTypeConverter(), rewriter);
    if (failed(types))
      return failure();
    shlo::RngAlgorithm algorithm = op.getRngAlgorithm();
    if (algorithm == shlo::RngAlgorithm::PHILOX)
      return op.emitError("the CPU target lowers rng_bit_generator with "
                          "THREE_FRY or DEFAULT only");
    Location loc = op.getLoc();
    auto stateType = cast<RankedTensorType>((*types)[0]);
    auto outputType = cast<RankedTensorType>((*types)[1]);
    unsigned width = outputType.getElementType().getIntOrFloatBitWidth();
    if (!stateType.getElementType().isInteger(64) ||
        stateType.getNumElements() < 2 ||
        !isa<IntegerType>(outputType.getElementType()) ||
        (width != 32 && width != 64))
      return op.emitError("the CPU target lowers rng_bit_generator with a "
                          "64-bit state of 2 or more words into 32- or "
                          "64-bit integers only");
    Value state = adaptor.getInitialState();
    Type i32 = rewriter.getI32Type(), i64 = rewriter.getI64Type();
    int64_t n = outputType.getNumElements();
    int64_t counters = width == 64 ? n : (n + 1) / 2;
    auto stateWord = [&](OpBuilder &b, Location l, int64_t i) -> Value {
      return tensor::ExtractOp::create(
          b, l, state, ValueRange{arith::ConstantIndexOp::create(b, l, i)});
    };

    unsigned rank = outputType.getRank();
    AffineMap identity = rewriter.getMultiDimIdentityMap(rank);
    Value output =
        linalg::GenericOp::create(
            rewriter, loc, TypeRange{outputType}, ValueRange{},
            ValueRange{emptyTensor(rewriter, loc, outputType)}, {identity},
            parallelIterators(rank),
            [&](OpBuilder &b, Location l, ValueRange) {
              // The element's position in row-major order.
              Value flat = arith::ConstantIndexOp::create(b, l, 0);
              for (unsigned d = 0; d < rank; ++d)
                flat = arith::AddIOp::create(
                    b, l,
                    arith::MulIOp::create(
                        b, l, flat,
                        arith::ConstantIndexOp::create(
                            b, l, outputType.getDimSize(d))),
                    linalg::IndexOp::create(b, l, d));
              Value position = arith::IndexCastOp::create(b, l, i64, flat);
              Value second;
              Value counterIndex = position;
              if (width == 32) {
                Value half =
                    arith::ConstantOp::create(b, l, IntegerAttr::get(i64, counters));
                second = arith::CmpIOp::create(b, l, arith::CmpIPredicate::sge,
                                               position, half);
                counterIndex = arith::SelectOp::create(
                    b, l, second, arith::SubIOp::create(b, l, position, half),
                    position);
              }
              Value key = stateWord(b, l, 0);
              Value counter =
                  arith::AddIOp::create(b, l, stateWord(b, l, 1), counterIndex);
              Value shift = arith::ConstantOp::create(b, l, IntegerAttr::get(i64, 32));
              auto low = [&](Value v) -> Value {
                return arith::TruncIOp::create(b, l, i32, v);
              };
              auto high = [&](Value v) -> Value {
                return low(arith::ShRUIOp::create(b, l, v, shift));
              };
              auto [x0, x1] = emitThreefry(b, l, low(key), high(key),
                                           low(counter), high(counter));
              Value result;
              if (width == 64)
                result = arith::OrIOp::create(
                    b, l, arith::ExtUIOp::create(b, l, i64, x0),
                    arith::ShLIOp::create(
                        b, l, arith::ExtUIOp::create(b, l, i64, x1), shift));
              else
                result = arith::SelectOp::create(b, l, second, x1, x0);
              linalg::YieldOp::create(b, l, result);
            })
            .getResult(0);

    // The new state: state[1] advanced by the counters used.
    Value advanced = arith::AddIOp::create(
        rewriter, loc, stateWord(rewriter, loc, 1),
        arith::ConstantOp::create(rewriter, loc, IntegerAttr::get(i64, counters)));
    Value newState = tensor::InsertOp::create(
        rewriter, loc, advanced, state,
        ValueRange{arith::ConstantIndexOp::create(rewriter, loc, 1)});
    rewriter.replaceOp(op, {newState, output});
    return success();
  }
};

} // namespace

void hlox::lowering::populateRandomPatterns(RewritePatternSet &patterns,
                                            const TypeConverter &converter) {
  patterns.add<RngBitGeneratorLowering>(converter, patterns.getContext());
}
