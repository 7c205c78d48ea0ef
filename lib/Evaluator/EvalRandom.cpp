//===- EvalRandom.cpp - Evaluation of rng and rng_bit_generator -----------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// rng_bit_generator with THREE_FRY is bit-exact with XLA: the key is state[0]
// (low word first), element i uses counter state[1] + i, each counter gives
// Threefry-2x32 (20 rounds) words x0, x1; 64-bit outputs are x0 | x1 << 32,
// 32-bit outputs take all x0 words and then all x1 words of ceil(n / 2)
// counters; the new state advances state[1] by the counters used. DEFAULT
// means THREE_FRY here. PHILOX is Philox-4x32 (10 rounds) with key state[0]
// and a 128-bit counter from state[1] (and state[2]), four 32-bit words per
// counter. rng draws from a 64-bit Mersenne Twister seeded with 0 per
// evaluator (the spec leaves its numbers implementation-defined).
//
//===----------------------------------------------------------------------===//

#include "EvalUtils.h"

#include "hlox/Dialect/StableHLO/IR/StablehloOps.h"

#include <random>

using namespace mlir;
using namespace hlox::eval;
using namespace hlox::eval::detail;
namespace shlo = hlox::stablehlo;

namespace {

uint32_t rotl(uint32_t x, int r) { return (x << r) | (x >> (32 - r)); }

/// Threefry-2x32 with 20 rounds.
std::pair<uint32_t, uint32_t> threefry(uint32_t k0, uint32_t k1, uint32_t c0,
                                       uint32_t c1) {
  static constexpr int kRotations[8] = {13, 15, 26, 6, 17, 29, 16, 24};
  uint32_t ks[3] = {k0, k1, 0x1BD11BDA ^ k0 ^ k1};
  uint32_t x0 = c0 + ks[0], x1 = c1 + ks[1];
  for (int i = 0; i < 20; ++i) {
    x0 += x1;
    x1 = rotl(x1, kRotations[i % 8]);
    x1 ^= x0;
    if (i % 4 == 3) {
      uint32_t s = (i + 1) / 4;
      x0 += ks[s % 3];
      x1 += ks[(s + 1) % 3] + s;
    }
  }
  return {x0, x1};
}

/// Philox-4x32 with 10 rounds.
std::array<uint32_t, 4> philox(uint32_t k0, uint32_t k1,
                               std::array<uint32_t, 4> c) {
  for (int round = 0; round < 10; ++round) {
    uint64_t p0 = uint64_t(0xD2511F53) * c[0];
    uint64_t p1 = uint64_t(0xCD9E8D57) * c[2];
    c = {static_cast<uint32_t>(p1 >> 32) ^ c[1] ^ k0, static_cast<uint32_t>(p1),
         static_cast<uint32_t>(p0 >> 32) ^ c[3] ^ k1,
         static_cast<uint32_t>(p0)};
    k0 += 0x9E3779B9;
    k1 += 0xBB67AE85;
  }
  return c;
}

/// Writes `words` (32-bit random words, in order) into `tensor` as its
/// storage type's bits.
void fillBits(Tensor &tensor, ArrayRef<uint32_t> words) {
  dispatch(tensor.getStorage(), [&](auto tag) {
    using T = decltype(tag);
    if constexpr (std::is_integral_v<T>) {
      auto out = tensor.data<T>();
      ElementFormat format(tensor.getElementType());
      for (size_t i = 0; i < out.size(); ++i) {
        uint64_t bits = sizeof(T) == 8 ? uint64_t(words[2 * i]) |
                                             uint64_t(words[2 * i + 1]) << 32
                                       : words[i];
        if constexpr (std::is_same_v<T, bool>)
          out[i] = bits & 1;
        else
          out[i] = format.normalize(static_cast<T>(bits));
      }
    }
  });
}

LogicalResult evalRngBitGenerator(Operation *op,
                                  ArrayRef<RuntimeValue> operands,
                                  SmallVectorImpl<RuntimeValue> &results,
                                  Evaluator &evaluator) {
  auto rng = cast<shlo::RngBitGeneratorOp>(op);
  const Tensor &state = operands[0].getTensor();
  if (state.getStorage() != Storage::U64 && state.getStorage() != Storage::I64)
    return op->emitError("the evaluator expects a 64-bit state");
  SmallVector<uint64_t> words;
  for (int64_t i = 0; i < state.getNumElements(); ++i)
    words.push_back(state.getStorage() == Storage::U64
                        ? state.data<uint64_t>()[i]
                        : static_cast<uint64_t>(state.data<int64_t>()[i]));
  if (words.size() < 2)
    return op->emitError("the state needs at least 2 elements");
  Tensor output(resultType(op, evaluator, 1));
  if (!isa<IntegerType>(output.getElementType()))
    return unsupportedType(op, output.getElementType());
  unsigned width = output.getElementType().getIntOrFloatBitWidth();
  if (width != 32 && width != 64)
    return unsupportedType(op, output.getElementType());
  int64_t n = output.getNumElements();
  uint32_t k0 = static_cast<uint32_t>(words[0]);
  uint32_t k1 = static_cast<uint32_t>(words[0] >> 32);
  std::vector<uint32_t> bits;
  SmallVector<uint64_t> next(words);
  if (rng.getRngAlgorithm() == shlo::RngAlgorithm::PHILOX) {
    int64_t counters = (n * (width / 32) + 3) / 4;
    unsigned __int128 counter =
        words[1] | (words.size() > 2
                        ? static_cast<unsigned __int128>(words[2]) << 64
                        : 0);
    for (int64_t c = 0; c < counters; ++c) {
      unsigned __int128 value = counter + c;
      std::array<uint32_t, 4> block = philox(
          k0, k1,
          {static_cast<uint32_t>(value), static_cast<uint32_t>(value >> 32),
           static_cast<uint32_t>(value >> 64),
           static_cast<uint32_t>(value >> 96)});
      bits.insert(bits.end(), block.begin(), block.end());
    }
    counter += counters;
    next[1] = static_cast<uint64_t>(counter);
    if (next.size() > 2)
      next[2] = static_cast<uint64_t>(counter >> 64);
  } else {
    // THREE_FRY (and DEFAULT).
    int64_t counters = width == 64 ? n : (n + 1) / 2;
    std::vector<uint32_t> first(counters), second(counters);
    for (int64_t c = 0; c < counters; ++c) {
      uint64_t counter = words[1] + c;
      auto [x0, x1] = threefry(k0, k1, static_cast<uint32_t>(counter),
                               static_cast<uint32_t>(counter >> 32));
      first[c] = x0;
      second[c] = x1;
    }
    if (width == 64) {
      for (int64_t c = 0; c < counters; ++c) {
        bits.push_back(first[c]);
        bits.push_back(second[c]);
      }
    } else {
      bits = first;
      bits.insert(bits.end(), second.begin(), second.end());
    }
    next[1] = words[1] + counters;
  }
  fillBits(output, bits);
  Tensor newState(resultType(op, evaluator, 0));
  for (size_t i = 0; i < next.size(); ++i) {
    if (newState.getStorage() == Storage::U64)
      newState.data<uint64_t>()[i] = next[i];
    else
      newState.data<int64_t>()[i] = static_cast<int64_t>(next[i]);
  }
  results.push_back(std::move(newState));
  results.push_back(std::move(output));
  return success();
}

LogicalResult evalRng(Operation *op, ArrayRef<RuntimeValue> operands,
                      SmallVectorImpl<RuntimeValue> &results,
                      Evaluator &evaluator) {
  auto rng = cast<shlo::RngOp>(op);
  const Tensor &a = operands[0].getTensor(), &b = operands[1].getTensor();
  const Tensor &shapeTensor = operands[2].getTensor();
  SmallVector<int64_t> shape;
  for (int64_t i = 0; i < shapeTensor.getNumElements(); ++i)
    dispatch(shapeTensor.getStorage(), [&](auto tag) {
      using T = decltype(tag);
      if constexpr (std::is_integral_v<T>)
        shape.push_back(static_cast<int64_t>(shapeTensor.data<T>()[i]));
    });
  Tensor result(resultType(op, evaluator).clone(shape));
  std::mt19937_64 &engine = evaluator.getRandomEngine();
  bool normal = rng.getRngDistribution() == shlo::RngDistribution::NORMAL;
  ElementFormat format(result.getElementType());
  bool handled = dispatch(result.getStorage(), [&](auto tag) {
    using T = decltype(tag);
    if constexpr (isComplex<T>) {
      return false;
    } else {
      T lo = a.data<T>()[0], hi = b.data<T>()[0];
      auto out = result.data<T>();
      for (T &value : out) {
        if constexpr (std::is_floating_point_v<T>) {
          double x;
          if (normal)
            x = hi > 0 ? std::normal_distribution<double>(lo, hi)(engine)
                       : std::numeric_limits<double>::quiet_NaN();
          else
            x = hi > lo ? std::uniform_real_distribution<double>(lo, hi)(engine)
                        : static_cast<double>(lo);
          value = convertElement<T>(x, format);
        } else if constexpr (std::is_same_v<T, bool>) {
          value = lo == hi ? lo : static_cast<bool>(engine() & 1);
        } else {
          if (hi <= lo) {
            value = lo;
            continue;
          }
          uint64_t span = static_cast<uint64_t>(hi) - static_cast<uint64_t>(lo);
          value = static_cast<T>(static_cast<uint64_t>(lo) + engine() % span);
        }
      }
      return !(normal && !std::is_floating_point_v<T>);
    }
  });
  if (!handled)
    return unsupportedType(op, result.getElementType());
  results.push_back(std::move(result));
  return success();
}

} // namespace

void hlox::eval::registerRandomOps(OpTable &table) {
  add<shlo::RngBitGeneratorOp>(table, evalRngBitGenerator);
  add<shlo::RngOp>(table, evalRng);
}
