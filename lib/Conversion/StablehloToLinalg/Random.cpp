//===- Random.cpp - rng_bit_generator -------------------------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// rng_bit_generator is a pure function of the state and each output's
// position, so it becomes one parallel linalg.generic; the key is state[0]
// (low word first).
//
// THREE_FRY (and DEFAULT): output counter c is state[1] + c, and
// Threefry-2x32 (20 rounds) of a counter gives words x0, x1. 64-bit outputs
// are x0 | x1 << 32 of counter i; 32-bit outputs take the x0 words of
// ceil(n / 2) counters and then their x1 words. This is bit-exact with XLA.
//
// PHILOX: Philox-4x32 (10 rounds) of the 128-bit counter state[2]:state[1]
// plus c (state[2] is 0 in a 2-word state) gives four words; the output
// stream is the counters' words in order, two per 64-bit element.
//
// The new state advances the counter by the counters used. Both agree
// with the evaluator bit for bit.
//
//===----------------------------------------------------------------------===//

#include "Lowerings.h"

#include "hlox/Dialect/StableHLO/IR/StablehloOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

#include <array>

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

/// Philox-4x32 with 10 rounds on i32 values.
std::array<Value, 4> emitPhilox(OpBuilder &b, Location loc, Value k0, Value k1,
                                std::array<Value, 4> c) {
  Type i32 = b.getI32Type();
  auto constant = [&](uint32_t v) -> Value {
    return arith::ConstantOp::create(
        b, loc, IntegerAttr::get(i32, static_cast<int32_t>(v)));
  };
  Value m0 = constant(0xD2511F53), m1 = constant(0xCD9E8D57);
  Value w0 = constant(0x9E3779B9), w1 = constant(0xBB67AE85);
  for (int round = 0; round < 10; ++round) {
    auto p0 = arith::MulUIExtendedOp::create(b, loc, m0, c[0]);
    auto p1 = arith::MulUIExtendedOp::create(b, loc, m1, c[2]);
    auto xor3 = [&](Value x, Value y, Value z) -> Value {
      return arith::XOrIOp::create(b, loc,
                                   arith::XOrIOp::create(b, loc, x, y), z);
    };
    c = {xor3(p1.getHigh(), c[1], k0), p1.getLow(),
         xor3(p0.getHigh(), c[3], k1), p0.getLow()};
    k0 = arith::AddIOp::create(b, loc, k0, w0);
    k1 = arith::AddIOp::create(b, loc, k1, w1);
  }
  return c;
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
    bool philox = op.getRngAlgorithm() == shlo::RngAlgorithm::PHILOX;
    Location loc = op.getLoc();
    auto stateType = cast<RankedTensorType>((*types)[0]);
    auto outputType = cast<RankedTensorType>((*types)[1]);
    unsigned width = outputType.getElementType().getIntOrFloatBitWidth();
    if (!stateType.getElementType().isInteger(64) ||
        stateType.getNumElements() < 2 ||
        !isa<IntegerType>(outputType.getElementType()) ||
        (width != 32 && width != 64))
      return op.emitError("rng_bit_generator lowers with a "
                          "64-bit state of 2 or more words into 32- or "
                          "64-bit integers only");
    Value state = adaptor.getInitialState();
    Type i32 = rewriter.getI32Type(), i64 = rewriter.getI64Type();
    int64_t n = outputType.getNumElements();
    // Threefry gives 2 words per counter, Philox 4.
    int64_t counters = philox ? (n * (width / 32) + 3) / 4
                              : (width == 64 ? n : (n + 1) / 2);
    bool wideCounter = philox && stateType.getNumElements() > 2;
    auto stateWord = [&](OpBuilder &b, Location l, int64_t i) -> Value {
      return tensor::ExtractOp::create(
          b, l, state, ValueRange{arith::ConstantIndexOp::create(b, l, i)});
    };
    auto i64Constant = [](OpBuilder &b, Location l, int64_t v) -> Value {
      return arith::ConstantOp::create(b, l, b.getI64IntegerAttr(v));
    };

    unsigned rank = outputType.getRank();
    AffineMap identity = rewriter.getMultiDimIdentityMap(rank);
    auto body = [&](OpBuilder &b, Location l, ValueRange) {
      // The element's position in row-major order.
      Value flat = arith::ConstantIndexOp::create(b, l, 0);
      for (unsigned d = 0; d < rank; ++d)
        flat = arith::AddIOp::create(
            b, l,
            arith::MulIOp::create(
                b, l, flat,
                arith::ConstantIndexOp::create(b, l, outputType.getDimSize(d))),
            linalg::IndexOp::create(b, l, d));
      Value position = arith::IndexCastOp::create(b, l, i64, flat);
      Value shift = i64Constant(b, l, 32);
      auto low = [&](Value v) -> Value {
        return arith::TruncIOp::create(b, l, i32, v);
      };
      auto high = [&](Value v) -> Value {
        return low(arith::ShRUIOp::create(b, l, v, shift));
      };
      auto join = [&](Value lo, Value hi) -> Value {
        return arith::OrIOp::create(
            b, l, arith::ExtUIOp::create(b, l, i64, lo),
            arith::ShLIOp::create(b, l, arith::ExtUIOp::create(b, l, i64, hi),
                                  shift));
      };
      Value key = stateWord(b, l, 0);
      Value result;
      if (philox) {
        // Word w of the output stream is word w % 4 of counter w / 4; a
        // 64-bit element takes words 2p and 2p + 1.
        Value word = width == 64
                         ? arith::MulIOp::create(b, l, position,
                                                 i64Constant(b, l, 2))
                         : position;
        Value counterIndex =
            arith::ShRUIOp::create(b, l, word, i64Constant(b, l, 2));
        Value lane = arith::AndIOp::create(b, l, word, i64Constant(b, l, 3));
        // The 128-bit counter state[2]:state[1] plus the index.
        Value base = stateWord(b, l, 1);
        Value counterLow = arith::AddIOp::create(b, l, base, counterIndex);
        Value carry = arith::ExtUIOp::create(
            b, l, i64,
            arith::CmpIOp::create(b, l, arith::CmpIPredicate::ult, counterLow,
                                  base));
        Value counterHigh =
            wideCounter ? arith::AddIOp::create(b, l, stateWord(b, l, 2), carry)
                        : carry;
        std::array<Value, 4> block =
            emitPhilox(b, l, low(key), high(key),
                       {low(counterLow), high(counterLow), low(counterHigh),
                        high(counterHigh)});
        auto laneIs = [&](int64_t v) -> Value {
          return arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq, lane,
                                       i64Constant(b, l, v));
        };
        if (width == 64)
          result = arith::SelectOp::create(b, l, laneIs(0),
                                           join(block[0], block[1]),
                                           join(block[2], block[3]));
        else
          result = arith::SelectOp::create(
              b, l, laneIs(0), block[0],
              arith::SelectOp::create(
                  b, l, laneIs(1), block[1],
                  arith::SelectOp::create(b, l, laneIs(2), block[2],
                                          block[3])));
      } else {
        Value second;
        Value counterIndex = position;
        if (width == 32) {
          Value half = i64Constant(b, l, counters);
          second = arith::CmpIOp::create(b, l, arith::CmpIPredicate::sge,
                                         position, half);
          counterIndex = arith::SelectOp::create(
              b, l, second, arith::SubIOp::create(b, l, position, half),
              position);
        }
        Value counter =
            arith::AddIOp::create(b, l, stateWord(b, l, 1), counterIndex);
        auto [x0, x1] = emitThreefry(b, l, low(key), high(key), low(counter),
                                     high(counter));
        result = width == 64 ? join(x0, x1)
                             : arith::SelectOp::create(b, l, second, x1, x0);
      }
      linalg::YieldOp::create(b, l, result);
    };
    Value output =
        linalg::GenericOp::create(
            rewriter, loc, TypeRange{outputType}, ValueRange{},
            ValueRange{emptyTensor(rewriter, loc, outputType)}, {identity},
            parallelIterators(rank), body)
            .getResult(0);

    // The new state: the counter advanced by the counters used (with the
    // carry into state[2] for Philox's 128-bit counter).
    Value base = stateWord(rewriter, loc, 1);
    Value advanced =
        arith::AddIOp::create(rewriter, loc, base,
                              i64Constant(rewriter, loc, counters));
    Value newState = tensor::InsertOp::create(
        rewriter, loc, advanced, state,
        ValueRange{arith::ConstantIndexOp::create(rewriter, loc, 1)});
    if (wideCounter) {
      Value carry = arith::ExtUIOp::create(
          rewriter, loc, i64,
          arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ult,
                                advanced, base));
      Value upper = arith::AddIOp::create(rewriter, loc,
                                          stateWord(rewriter, loc, 2), carry);
      newState = tensor::InsertOp::create(
          rewriter, loc, upper, newState,
          ValueRange{arith::ConstantIndexOp::create(rewriter, loc, 2)});
    }
    rewriter.replaceOp(op, {newState, output});
    return success();
  }
};

} // namespace

void hlox::lowering::populateRandomPatterns(RewritePatternSet &patterns,
                                            const TypeConverter &converter) {
  patterns.add<RngBitGeneratorLowering>(converter, patterns.getContext());
}
