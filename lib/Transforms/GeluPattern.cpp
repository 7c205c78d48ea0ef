//===- GeluPattern.cpp - Recognizing GELU's tanh form in StableHLO --------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Transforms/GeluPattern.h"

#include "hlox/Dialect/StableHLO/IR/StablehloOps.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Matchers.h"

#include "llvm/ADT/SetVector.h"

#include <cmath>

using namespace mlir;
namespace shlo = hlox::stablehlo;

namespace {

/// Ops reachable from `x` through its users' elementwise arithmetic (the
/// candidates for a GELU's ops); at most kMaxOps of them.
constexpr size_t kMaxOps = 32;

class GeluMatcher {
public:
  GeluMatcher(Value x, const llvm::SetVector<Operation *> &candidates)
      : x(x), candidates(candidates) {
    auto type = cast<RankedTensorType>(x.getType());
    auto element = cast<FloatType>(type.getElementType());
    // Two units in the last place, relative.
    tolerance =
        std::ldexp(2.0, -static_cast<int>(element.getFPMantissaWidth()) + 1);
  }

  /// Whether `top` is a GELU of x; `matched` then holds its ops.
  bool matchTop(Value top) {
    matched.clear();
    SmallVector<Value> factors;
    flattenProduct(top, factors);
    // x times 0.5 times (1 + t), or x times (0.5 + 0.5 t).
    Value sum;
    if (!takeX(factors, 1) || !takeOneAdd(factors, sum))
      return false;
    if (factors.size() == 1 && isConstant(factors[0], 0.5)) {
      Value t;
      return matchAddOf(sum, 1.0, t) && matchTanh(t);
    }
    if (!factors.empty())
      return false;
    Value halfT;
    if (!matchAddOf(sum, 0.5, halfT))
      return false;
    SmallVector<Value> halfFactors;
    flattenProduct(halfT, halfFactors);
    if (halfFactors.size() != 2)
      return false;
    for (int i = 0; i < 2; ++i)
      if (isConstant(halfFactors[i], 0.5))
        return matchTanh(halfFactors[1 - i]);
    return false;
  }

  const llvm::SetVector<Operation *> &getMatched() const { return matched; }

private:
  /// Whether `op` may be one of the GELU's ops.
  bool isCandidate(Operation *op) const {
    return op && candidates.contains(op);
  }

  /// The leaves of the tree of `multiply` ops that makes `value` (a
  /// `power(x, 3)` counts as three x).
  void flattenProduct(Value value, SmallVector<Value> &factors) {
    Operation *op = value.getDefiningOp();
    if (auto mul = dyn_cast_or_null<shlo::MulOp>(op); isCandidate(mul)) {
      matched.insert(mul);
      flattenProduct(mul.getLhs(), factors);
      flattenProduct(mul.getRhs(), factors);
      return;
    }
    if (auto pow = dyn_cast_or_null<shlo::PowOp>(op);
        isCandidate(pow) && pow.getLhs() == x &&
        isConstant(pow.getRhs(), 3.0)) {
      matched.insert(pow);
      factors.append(3, x);
      return;
    }
    factors.push_back(value);
  }

  /// Removes `count` occurrences of x from `factors`.
  bool takeX(SmallVector<Value> &factors, int count) {
    for (int i = 0; i < count; ++i) {
      auto *it = llvm::find(factors, x);
      if (it == factors.end())
        return false;
      factors.erase(it);
    }
    return true;
  }

  /// Removes the one factor made by a candidate `add` into `sum`.
  bool takeOneAdd(SmallVector<Value> &factors, Value &sum) {
    auto *it = llvm::find_if(factors, [&](Value factor) {
      return isCandidate(factor.getDefiningOp<shlo::AddOp>());
    });
    if (it == factors.end())
      return false;
    sum = *it;
    factors.erase(it);
    return true;
  }

  /// Whether `value` is `add(constant, other)` in either order.
  bool matchAddOf(Value value, double constant, Value &other) {
    auto add = value.getDefiningOp<shlo::AddOp>();
    if (!isCandidate(add))
      return false;
    for (int i = 0; i < 2; ++i)
      if (isConstant(add->getOperand(i), constant)) {
        other = add->getOperand(1 - i);
        matched.insert(add);
        return true;
      }
    return false;
  }

  /// Whether `value` is tanh(sqrt(2 / pi) * (x + 0.044715 * x^3)).
  bool matchTanh(Value value) {
    auto tanh = value.getDefiningOp<shlo::TanhOp>();
    if (!isCandidate(tanh))
      return false;
    matched.insert(tanh);
    SmallVector<Value> factors;
    flattenProduct(tanh.getOperand(), factors);
    Value sum;
    if (factors.size() != 2 || !takeOneAdd(factors, sum) ||
        !isConstant(factors[0], std::sqrt(2.0 / M_PI)))
      return false;
    auto add = sum.getDefiningOp<shlo::AddOp>();
    matched.insert(add);
    for (int i = 0; i < 2; ++i) {
      if (add->getOperand(i) != x)
        continue;
      SmallVector<Value> cubic;
      flattenProduct(add->getOperand(1 - i), cubic);
      return takeX(cubic, 3) && cubic.size() == 1 &&
             isConstant(cubic[0], 0.044715);
    }
    return false;
  }

  /// Whether `value` is a splat constant (or a broadcast of one) within
  /// the tolerance of `expected`.
  bool isConstant(Value value, double expected) const {
    if (auto broadcast = value.getDefiningOp<shlo::BroadcastInDimOp>())
      value = broadcast.getOperand();
    DenseElementsAttr attr;
    if (!matchPattern(value, m_Constant(&attr)) || !attr.isSplat() ||
        !isa<FloatType>(attr.getElementType()))
      return false;
    double actual = attr.getSplatValue<APFloat>().convertToDouble();
    return std::abs(actual - expected) <= tolerance * std::abs(expected);
  }

  Value x;
  const llvm::SetVector<Operation *> &candidates;
  double tolerance = 0;
  llvm::SetVector<Operation *> matched;
};

} // namespace

SmallVector<Operation *> hlox::matchTanhGelu(Value x) {
  auto type = dyn_cast<RankedTensorType>(x.getType());
  if (!type || !isa<FloatType>(type.getElementType()))
    return {};
  Block *block = x.getParentBlock();
  // The elementwise arithmetic reachable from x in its block.
  llvm::SetVector<Operation *> candidates;
  SmallVector<Value> worklist{x};
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    for (Operation *user : value.getUsers()) {
      if (user->getBlock() != block || candidates.contains(user) ||
          !isa<shlo::MulOp, shlo::AddOp, shlo::TanhOp, shlo::PowOp>(user) ||
          user->getResult(0).getType() != type)
        continue;
      if (candidates.size() == kMaxOps)
        return {};
      candidates.insert(user);
      worklist.push_back(user->getResult(0));
    }
  }
  GeluMatcher matcher(x, candidates);
  for (Operation *top : candidates) {
    if (!isa<shlo::MulOp>(top) || !matcher.matchTop(top->getResult(0)))
      continue;
    const llvm::SetVector<Operation *> &matched = matcher.getMatched();
    // Nothing outside the GELU may use x or a value inside it but its
    // result.
    auto usedInside = [&](Value value) {
      return llvm::all_of(value.getUsers(), [&](Operation *user) {
        return matched.contains(user);
      });
    };
    if (!usedInside(x) || !llvm::all_of(matched, [&](Operation *op) {
          return op == top || usedInside(op->getResult(0));
        }))
      continue;
    SmallVector<Operation *> ops(matched.begin(), matched.end());
    llvm::sort(
        ops, [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
    if (ops.back() != top)
      continue;
    return ops;
  }
  return {};
}
