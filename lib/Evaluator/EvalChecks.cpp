//===- EvalChecks.cpp - Evaluation of check ops and interpreter ops -------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// check.expect_* ops and `stablehlo.custom_call @check.*` compare values and
// record the outcome in the Evaluator: every mismatching element is named
// with its index and both values, and evaluation goes on.
//
//   expect_eq            exact (floats: equal values, or both NaN)
//   expect_almost_eq     |actual - expected| <= tolerance (default 1e-4;
//                        custom_call @check.expect_almost_eq: 1e-3), per
//                        part for complex numbers; integers exact
//   expect_close         ULP distance in the element format within
//                        [min_ulp_difference, max_ulp_difference]
//                        (custom_call @check.expect_close: [0, 3])
//   @check.eq            expect_eq that also returns the outcome as i1
//
//===----------------------------------------------------------------------===//

#include "EvalUtils.h"

#include "hlox/Evaluator/Buffers.h"

#include "hlox/CustomCall/HandlerView.h"
#include "hlox/Dialect/Check/IR/CheckOps.h"
#include "hlox/Dialect/Interpreter/IR/InterpreterOps.h"
#include "hlox/Dialect/StableHLO/IR/StablehloOps.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <bit>
#include <cstring>
#include <deque>

using namespace mlir;
using namespace hlox;
using namespace hlox::eval;
using namespace hlox::eval::detail;
namespace shlo = hlox::stablehlo;

namespace {

/// The default tolerance of check.expect_almost_eq, and the tolerance of
/// `custom_call @check.expect_almost_eq`.
constexpr double kDefaultTolerance = 1e-4;
constexpr double kCustomCallTolerance = 1e-3;
/// The ULP bound of `custom_call @check.expect_close`.
constexpr uint64_t kDefaultMaxUlps = 3;

/// At most this many mismatches are listed per check.
constexpr int kMaxListed = 10;

template <typename T> std::string valueString(T value) {
  std::string text;
  llvm::raw_string_ostream os(text);
  if constexpr (std::is_same_v<T, bool>)
    os << (value ? "true" : "false");
  else if constexpr (isInteger<T>)
    os << static_cast<std::conditional_t<std::is_signed_v<T>, int64_t, uint64_t>>(value);
  else if constexpr (isComplex<T>)
    os << "(" << llvm::format("%.9g", static_cast<double>(value.real()))
       << ", " << llvm::format("%.9g", static_cast<double>(value.imag()))
       << ")";
  else
    os << llvm::format("%.9g", static_cast<double>(value));
  return text;
}

/// `value`'s byte as a bool (any nonzero byte is true).
bool asBool(const bool &value) {
  uint8_t byte;
  std::memcpy(&byte, &value, 1);
  return byte != 0;
}

/// The ordinal of a float in its format: consecutive representable values
/// have consecutive ordinals (and -0 == +0).
int64_t ordinal(double value, const llvm::fltSemantics *semantics) {
  APFloat number(value);
  if (semantics) {
    bool losesInfo = false;
    number.convert(*semantics, APFloat::rmNearestTiesToEven, &losesInfo);
  }
  APInt bits = number.bitcastToAPInt();
  unsigned width = bits.getBitWidth();
  bool negative = bits[width - 1];
  bits.clearBit(width - 1);
  int64_t magnitude = static_cast<int64_t>(bits.getZExtValue());
  return negative ? -magnitude : magnitude;
}

/// The ULP distance between two floats of one format (NaN matches NaN,
/// infinities match themselves only).
uint64_t ulpDistance(double a, double b, const llvm::fltSemantics *semantics) {
  if (std::isnan(a) || std::isnan(b))
    return std::isnan(a) && std::isnan(b) ? 0 : UINT64_MAX;
  if (std::isinf(a) || std::isinf(b))
    return a == b ? 0 : UINT64_MAX;
  int64_t x = ordinal(a, semantics), y = ordinal(b, semantics);
  return static_cast<uint64_t>(x > y ? x - y : y - x);
}

enum class Mode { Exact, Almost, Ulps };

struct Comparison {
  Mode mode = Mode::Exact;
  double tolerance = kDefaultTolerance;
  uint64_t minUlps = 0, maxUlps = kDefaultMaxUlps;
};

/// Compares two tensors; returns the failure message or nothing.
std::optional<std::string> compare(const Tensor &actual, const Tensor &expected,
                                   const Comparison &how) {
  if (actual.getShape() != expected.getShape() ||
      actual.getStorage() != expected.getStorage()) {
    std::string text;
    llvm::raw_string_ostream os(text);
    os << "type mismatch: actual " << actual.getType() << ", expected "
       << expected.getType();
    return text;
  }
  Type element = actual.getElementType();
  const llvm::fltSemantics *semantics = nullptr;
  if (auto complex = dyn_cast<ComplexType>(element))
    element = complex.getElementType();
  if (auto floatType = dyn_cast<FloatType>(element))
    semantics = &floatType.getFloatSemantics();
  std::string text;
  llvm::raw_string_ostream os(text);
  int64_t mismatches = 0;
  dispatch(actual.getStorage(), [&](auto tag) {
    using T = decltype(tag);
    ArrayRef<T> a = actual.data<T>(), e = expected.data<T>();
    for (size_t i = 0; i < a.size(); ++i) {
      bool ok;
      std::string detail;
      if constexpr (std::is_floating_point_v<T> || isComplex<T>) {
        auto parts = [](T v) {
          if constexpr (isComplex<T>)
            return std::array<double, 2>{static_cast<double>(v.real()),
                                         static_cast<double>(v.imag())};
          else
            return std::array<double, 2>{static_cast<double>(v), 0.0};
        };
        auto pa = parts(a[i]), pe = parts(e[i]);
        ok = true;
        for (int p = 0; p < 2; ++p) {
          double x = pa[p], y = pe[p];
          bool bothNan = std::isnan(x) && std::isnan(y);
          switch (how.mode) {
          case Mode::Exact:
            ok &= bothNan || x == y;
            break;
          case Mode::Almost:
            ok &= bothNan || x == y || std::fabs(x - y) <= how.tolerance;
            break;
          case Mode::Ulps: {
            uint64_t ulps = ulpDistance(x, y, semantics);
            ok &= ulps <= how.maxUlps &&
                  (ulps >= how.minUlps || how.minUlps == 0);
            if (!ok && detail.empty() && ulps != UINT64_MAX)
              detail = " (" + std::to_string(ulps) + " ULPs)";
            break;
          }
          }
        }
      } else if constexpr (std::is_same_v<T, bool>) {
        // Read as bytes: a kernel bug may leave a byte that is no bool.
        ok = asBool(a[i]) == asBool(e[i]);
      } else {
        ok = a[i] == e[i];
      }
      if (ok)
        continue;
      auto shown = [](T value) {
        if constexpr (std::is_same_v<T, bool>)
          return valueString(asBool(value));
        else
          return valueString(value);
      };
      if (mismatches++ < kMaxListed)
        os << "\n  at " << formatIndex(i, actual.getShape()) << ": actual "
           << shown(a[i]) << ", expected " << shown(e[i]) << detail;
    }
  });
  if (mismatches == 0)
    return std::nullopt;
  std::string summary = std::to_string(mismatches) + " of " +
                        std::to_string(actual.getNumElements()) +
                        " elements differ" + text;
  if (mismatches > kMaxListed)
    summary += "\n  ...";
  return summary;
}

/// Compares two runtime values (tuples element by element, tokens equal).
std::optional<std::string> compareValues(const RuntimeValue &actual,
                                         const RuntimeValue &expected,
                                         const Comparison &how) {
  if (actual.getKind() != expected.getKind())
    return std::string("kind mismatch");
  switch (actual.getKind()) {
  case RuntimeValue::Kind::Token:
    return std::nullopt;
  case RuntimeValue::Kind::Tensor: {
    Tensor a = actual.getTensor(), e = expected.getTensor();
    // Quantized values compare as what they represent.
    if (isa<quant::QuantizedType>(a.getElementType()))
      a = dequantize(a);
    if (isa<quant::QuantizedType>(e.getElementType()))
      e = dequantize(e);
    return compare(a, e, how);
  }
  case RuntimeValue::Kind::Tuple:
    for (auto [a, e] : llvm::zip(actual.getElements(), expected.getElements()))
      if (auto failure = compareValues(a, e, how))
        return failure;
    return std::nullopt;
  }
  return std::nullopt;
}

LogicalResult evalExpectEq(Operation *op, ArrayRef<RuntimeValue> operands,
                           SmallVectorImpl<RuntimeValue> &,
                           Evaluator &evaluator) {
  evaluator.recordCheck(op, compareValues(operands[0], operands[1], {}));
  return success();
}

/// The tensor of a check's constant, typed like the value it checks.
FailureOr<Tensor> constantLike(Operation *op, Attribute value,
                               const Tensor &like) {
  Tensor tensor = Tensor::fromAttr(cast<ElementsAttr>(value));
  if (!tensor)
    return op->emitError("cannot evaluate the constant of this check");
  if (tensor.getStorage() == like.getStorage() &&
      tensor.getShape() == like.getShape())
    tensor = tensor.withType(like.getType());
  return tensor;
}

LogicalResult evalExpectEqConst(Operation *op, ArrayRef<RuntimeValue> operands,
                                SmallVectorImpl<RuntimeValue> &,
                                Evaluator &evaluator) {
  auto check = cast<hlox::check::ExpectEqConstOp>(op);
  FailureOr<Tensor> expected =
      constantLike(op, check.getValue(), operands[0].getTensor());
  if (failed(expected))
    return failure();
  evaluator.recordCheck(op, compareValues(operands[0], *expected, {}));
  return success();
}

LogicalResult evalExpectAlmostEq(Operation *op, ArrayRef<RuntimeValue> operands,
                                 SmallVectorImpl<RuntimeValue> &,
                                 Evaluator &evaluator) {
  auto check = cast<hlox::check::ExpectAlmostEqOp>(op);
  Comparison how{Mode::Almost};
  if (auto tolerance = check.getTolerance())
    how.tolerance = tolerance->convertToDouble();
  evaluator.recordCheck(op, compareValues(operands[0], operands[1], how));
  return success();
}

LogicalResult evalExpectAlmostEqConst(Operation *op,
                                      ArrayRef<RuntimeValue> operands,
                                      SmallVectorImpl<RuntimeValue> &,
                                      Evaluator &evaluator) {
  auto check = cast<hlox::check::ExpectAlmostEqConstOp>(op);
  Comparison how{Mode::Almost};
  if (auto tolerance = check.getTolerance())
    how.tolerance = tolerance->convertToDouble();
  FailureOr<Tensor> expected =
      constantLike(op, check.getValue(), operands[0].getTensor());
  if (failed(expected))
    return failure();
  evaluator.recordCheck(op, compareValues(operands[0], *expected, how));
  return success();
}

LogicalResult evalExpectClose(Operation *op, ArrayRef<RuntimeValue> operands,
                              SmallVectorImpl<RuntimeValue> &,
                              Evaluator &evaluator) {
  auto check = cast<hlox::check::ExpectCloseOp>(op);
  Comparison how{Mode::Ulps};
  how.minUlps = check.getMinUlpDifference();
  how.maxUlps = check.getMaxUlpDifference();
  evaluator.recordCheck(op, compareValues(operands[0], operands[1], how));
  return success();
}

LogicalResult evalProbe(Operation *op, ArrayRef<RuntimeValue> operands,
                        SmallVectorImpl<RuntimeValue> &results,
                        Evaluator &evaluator) {
  auto probe = cast<hlox::interpreter::ProbeOp>(op);
  evaluator.recordProbe(probe.getProbeId(), operands[0]);
  results.push_back(operands[0]);
  return success();
}

LogicalResult evalExpectSerializedEq(Operation *op,
                                     ArrayRef<RuntimeValue> operands,
                                     SmallVectorImpl<RuntimeValue> &,
                                     Evaluator &evaluator) {
  auto check = cast<hlox::check::ExpectSerializedEqOp>(op);
  unsigned iter = check.getIter() ? *check.getIter() : 0;
  ArrayRef<RuntimeValue> recorded = evaluator.getProbe(check.getProbeId());
  if (iter >= recorded.size()) {
    evaluator.recordCheck(op, "probe '" + check.getProbeId().str() +
                                  "' has no recording " +
                                  std::to_string(iter));
    return success();
  }
  evaluator.recordCheck(op, compareValues(recorded[iter], operands[0], {}));
  return success();
}

LogicalResult evalPrint(Operation *, ArrayRef<RuntimeValue> operands,
                        SmallVectorImpl<RuntimeValue> &, Evaluator &) {
  operands[0].print(llvm::outs());
  llvm::outs() << "\n";
  return success();
}

/// custom_call of a target with a handler in the evaluator's registry:
/// operands go to it as buffers, results come back from buffers. The
/// handler is the one the compiled path runs, with the same attributes,
/// aliases (an aliased result starts as its operand and is the buffer the
/// handler reads the operand from) and layouts.
LogicalResult evalHandledCustomCall(shlo::CustomCallOp call,
                                    const ffi::HandlerEntry &handler,
                                    ArrayRef<RuntimeValue> operands,
                                    SmallVectorImpl<RuntimeValue> &results,
                                    Evaluator &evaluator) {
  StringRef target = call.getCallTargetName();
  FailureOr<ffi::HandlerInstance *> instance = evaluator.getHandlerInstance(
      call, handler, [&] { return getCustomCallAttributes(call); });
  FailureOr<SmallVector<std::pair<int64_t, int64_t>>> aliases =
      getCustomCallAliases(call);
  FailureOr<std::vector<std::vector<int64_t>>> layouts =
      getCustomCallLayouts(call);
  if (failed(instance) || failed(aliases) || failed(layouts))
    return failure();
  // One entry per buffer; the descriptors point into these.
  struct Held {
    std::string name;
    std::vector<int64_t> dims;
    std::vector<uint8_t> bytes;
  };
  std::deque<Held> held;
  std::vector<ffi::BufferDesc> args, rets;
  auto hold = [&](RankedTensorType type) -> Held & {
    Held &entry = held.emplace_back();
    entry.name = getElementName(type.getElementType());
    entry.dims.assign(type.getShape().begin(), type.getShape().end());
    // At least one byte: a handler never sees null data in its run.
    entry.bytes.resize(std::max<int64_t>(getBufferByteSize(type), 1));
    return entry;
  };
  for (const RuntimeValue &operand : operands) {
    if (!operand.isTensor())
      return call.emitError("custom_call @")
             << target << " takes tensors only";
    const Tensor &tensor = operand.getTensor();
    Held &entry = hold(tensor.getType());
    writeBuffer(tensor, entry.bytes.data());
    args.push_back({&entry.name, entry.bytes.data(), &entry.dims,
                    &(*layouts)[args.size()]});
  }
  SmallVector<RankedTensorType> resultTypes;
  for (Type type : call.getResultTypes()) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    if (!tensor || !tensor.hasStaticShape())
      return call.emitError("custom_call @")
             << target << " results must be statically shaped tensors";
    resultTypes.push_back(tensor);
    Held &entry = hold(tensor);
    rets.push_back({&entry.name, entry.bytes.data(), &entry.dims,
                    &(*layouts)[operands.size() + rets.size()]});
  }
  for (auto [result, operand] : *aliases) {
    std::memcpy(rets[result].data, args[operand].data,
                getBufferByteSize(resultTypes[result]));
    args[operand].data = rets[result].data;
  }
  ffi::Status status =
      (*instance)->call(args, rets, evaluator.getHandlerContext());
  if (!status)
    return call.emitError("custom_call @")
           << target << " failed: " << status.message();
  for (auto [type, ret] : llvm::zip(resultTypes, rets))
    results.push_back(fromBuffer(ret.data, type));
  return success();
}

/// custom_call: the check targets, and the targets of the evaluator's
/// custom-call registry; any other target is unsupported.
LogicalResult evalCustomCall(Operation *op, ArrayRef<RuntimeValue> operands,
                             SmallVectorImpl<RuntimeValue> &results,
                             Evaluator &evaluator) {
  auto call = cast<shlo::CustomCallOp>(op);
  StringRef target = call.getCallTargetName();
  auto needs = [&](size_t count) -> LogicalResult {
    if (operands.size() != count)
      return op->emitError("@") << target << " takes " << count
                                << " operands";
    return success();
  };
  Comparison how;
  if (target == "check.expect_eq" || target == "check.eq") {
    how.mode = Mode::Exact;
  } else if (target == "check.expect_almost_eq") {
    how.mode = Mode::Almost;
    how.tolerance = kCustomCallTolerance;
  } else if (target == "check.expect_close") {
    how.mode = Mode::Ulps;
  } else if (const ffi::HandlerEntry *handler =
                 evaluator.getHandlers().lookup(target.str())) {
    return evalHandledCustomCall(call, *handler, operands, results, evaluator);
  } else {
    return op->emitError("the evaluator does not support custom_call @")
           << target << ": "
           << evaluator.getHandlers().describeMissing(target.str());
  }
  if (failed(needs(2)))
    return failure();
  std::optional<std::string> failure =
      compareValues(operands[0], operands[1], how);
  bool passed = !failure;
  evaluator.recordCheck(op, std::move(failure));
  if (op->getNumResults() == 1) {
    Tensor outcome(cast<RankedTensorType>(op->getResult(0).getType()));
    if (outcome.getStorage() != Storage::Bool)
      return op->emitError("@") << target << " returns a tensor<i1>";
    outcome.data<bool>()[0] = passed;
    results.push_back(std::move(outcome));
  }
  return success();
}

} // namespace

void hlox::eval::registerCheckOps(OpTable &table) {
  add<hlox::check::ExpectEqOp>(table, evalExpectEq);
  add<hlox::check::ExpectEqConstOp>(table, evalExpectEqConst);
  add<hlox::check::ExpectAlmostEqOp>(table, evalExpectAlmostEq);
  add<hlox::check::ExpectAlmostEqConstOp>(table, evalExpectAlmostEqConst);
  add<hlox::check::ExpectCloseOp>(table, evalExpectClose);
  add<hlox::check::ExpectSerializedEqOp>(table, evalExpectSerializedEq);
  add<hlox::interpreter::ProbeOp>(table, evalProbe);
  add<hlox::interpreter::PrintOp>(table, evalPrint);
  add<shlo::CustomCallOp>(table, evalCustomCall);
}
