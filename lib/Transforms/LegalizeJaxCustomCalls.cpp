//===- LegalizeJaxCustomCalls.cpp - JAX's custom calls to hlox ops --------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// JAX writes some operations of single-device exports as custom calls:
// top_k (older serializations), sharding and placement annotations (no-ops
// on one device), shape assertions of shape-polymorphic programs, and the
// calls of JaxCustomCalls.h (ApproxTopK, the stablehlo.dynamic_* ops,
// Qr and Householder products, DUCC FFTs). This pass turns them into ops
// hlox compiles (or calls of its built-in LAPACK handlers) and prepares
// shape assertions for the runtime's built-in `shape_assertion` target.
// Calls that wait for constant sizes stay; stablehlo-refine-shapes retries
// them once it has made the sizes constant.
//
//===----------------------------------------------------------------------===//

#include "JaxCustomCalls.h"

#include "hlox/Transforms/Passes.h"

#include "hlox/Dialect/CHLO/IR/ChloOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/InterleavedRange.h"

#define DEBUG_TYPE "stablehlo-legalize-jax-custom-calls"

namespace hlox {
#define GEN_PASS_DEF_STABLEHLOLEGALIZEJAXCUSTOMCALLS
#include "hlox/Transforms/Passes.h.inc"
} // namespace hlox

using namespace mlir;
namespace shlo = hlox::stablehlo;

namespace {

/// The most values after the predicate a shape assertion takes.
constexpr unsigned kMaxAssertionValues = 32;

/// Targets that only annotate a value (its sharding, placement or layout):
/// on one device each returns its operand.
bool isIdentityTarget(StringRef target) {
  return llvm::is_contained(
      {StringRef("Sharding"), StringRef("SPMDFullToShardShape"),
       StringRef("SPMDShardToFullShape"),
       StringRef("annotate_device_placement"), StringRef("LayoutConstraint")},
      target);
}

//===----------------------------------------------------------------------===//
// top_k
//===----------------------------------------------------------------------===//

/// `@mhlo.topk(%x) {mhlo.attributes = {k = K, largest = true}}` becomes
/// `chlo.top_k(%x, k = K)`, which is stable (ties keep the lower index
/// first), so `is_stable` of either value holds.
LogicalResult rewriteTopK(shlo::CustomCallOp call, OpBuilder &builder) {
  StringRef target = call.getCallTargetName();
  auto attrs = call->getAttrOfType<DictionaryAttr>("mhlo.attributes");
  if (!attrs)
    return call.emitOpError("@")
           << target << " needs an mhlo.attributes dictionary holding k";
  std::optional<int64_t> k;
  for (NamedAttribute attr : attrs) {
    StringRef key = attr.getName().getValue();
    if (key == "k") {
      auto value = dyn_cast<IntegerAttr>(attr.getValue());
      if (!value || !isa<IntegerType>(value.getType()))
        return call.emitOpError("@")
               << target << ": k must be an integer, got " << attr.getValue();
      k = value.getValue().getSExtValue();
    } else if (key == "largest" || key == "is_stable") {
      auto value = dyn_cast<BoolAttr>(attr.getValue());
      if (!value)
        return call.emitOpError("@")
               << target << ": " << key << " must be a bool, got "
               << attr.getValue();
      if (key == "largest" && !value.getValue())
        return call.emitOpError("@")
               << target
               << ": largest = false (the k smallest) is not supported";
    } else {
      return call.emitOpError("@")
             << target << ": unknown mhlo.attributes entry '" << key << "'";
    }
  }
  if (!k)
    return call.emitOpError("@") << target << ": mhlo.attributes has no k";
  if (call.getNumOperands() != 1 || call.getNumResults() != 2)
    return call.emitOpError("@")
           << target << " takes one operand and returns values and indices";
  auto operand = dyn_cast<RankedTensorType>(call.getOperand(0).getType());
  if (!operand || operand.getRank() < 1 ||
      !isa<IntegerType, FloatType>(operand.getElementType()))
    return call.emitOpError("@")
           << target
           << " takes a ranked tensor of integers or floats of rank >= 1, got "
           << call.getOperand(0).getType();
  int64_t last = operand.getShape().back();
  if (*k < 0 || (!ShapedType::isDynamic(last) && *k > last))
    return call.emitOpError("@")
           << target << ": k = " << *k
           << " must be in [0, the last dimension of the operand ("
           << (ShapedType::isDynamic(last) ? std::string("?")
                                           : std::to_string(last))
           << ")]";
  SmallVector<int64_t> shape(operand.getShape());
  shape.back() = *k;
  auto valuesType = operand.clone(shape);
  if (call.getResult(0).getType() != valuesType)
    return call.emitOpError("@")
           << target << ": the values result must be " << valuesType << ", got "
           << call.getResult(0).getType();
  auto indicesType = dyn_cast<RankedTensorType>(call.getResult(1).getType());
  if (!indicesType || indicesType.getShape() != ArrayRef(shape) ||
      !(indicesType.getElementType().isSignlessInteger(32) ||
        indicesType.getElementType().isSignlessInteger(64)))
    return call.emitOpError("@")
           << target << ": the indices result must be "
           << RankedTensorType::get(shape, builder.getI32Type()) << " (or i64)"
           << ", got " << call.getResult(1).getType();
  builder.setInsertionPoint(call);
  auto topK = hlox::chlo::TopKOp::create(builder, call.getLoc(), valuesType,
                                         indicesType, call.getOperand(0),
                                         builder.getI64IntegerAttr(*k));
  call.replaceAllUsesWith(topK.getResults());
  call.erase();
  return success();
}

//===----------------------------------------------------------------------===//
// Identities
//===----------------------------------------------------------------------===//

LogicalResult rewriteIdentity(shlo::CustomCallOp call) {
  if (call.getNumOperands() != 1 || call.getNumResults() != 1)
    return call.emitOpError("@")
           << call.getCallTargetName()
           << " takes one operand and returns one result on one device";
  if (call.getOperand(0).getType() != call.getResult(0).getType())
    return call.emitOpError("@")
           << call.getCallTargetName()
           << " must return its operand's type on one device, got "
           << call.getOperand(0).getType() << " -> "
           << call.getResult(0).getType();
  call.getResult(0).replaceAllUsesWith(call.getOperand(0));
  call.erase();
  return success();
}

//===----------------------------------------------------------------------===//
// shape_assertion
//===----------------------------------------------------------------------===//

/// Checks that each `{i}` of `message` names one of `numValues` values.
LogicalResult checkPlaceholders(shlo::CustomCallOp call, StringRef message,
                                unsigned numValues) {
  for (size_t open = message.find('{'); open != StringRef::npos;
       open = message.find('{', open + 1)) {
    size_t close = message.find('}', open);
    if (close == StringRef::npos)
      break;
    StringRef digits = message.slice(open + 1, close);
    if (digits.empty() || !llvm::all_of(digits, llvm::isDigit))
      continue;
    unsigned index;
    if (digits.getAsInteger(10, index) || index >= numValues)
      return call.emitOpError("@shape_assertion: placeholder {")
             << digits << "} has no operand (it has " << numValues
             << " values after the predicate)";
  }
  return success();
}

/// `@shape_assertion(%pred, %v0, ...) {error_message = "..."}`: erased when
/// the predicate is a constant true; otherwise the message moves into
/// backend_config, which is what the runtime's target receives.
LogicalResult rewriteShapeAssertion(shlo::CustomCallOp call,
                                    OpBuilder &builder) {
  if (call.getNumResults() != 0)
    return call.emitOpError("@shape_assertion must not have results");
  if (call.getNumOperands() < 1)
    return call.emitOpError(
        "@shape_assertion takes a tensor<i1> predicate first");
  auto isScalarOf = [](Type type, auto predicate) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    return tensor && tensor.getRank() == 0 &&
           predicate(tensor.getElementType());
  };
  Value predicate = call.getOperand(0);
  if (!isScalarOf(predicate.getType(),
                  [](Type t) { return t.isSignlessInteger(1); }))
    return call.emitOpError("@shape_assertion: the predicate must be a "
                            "tensor<i1>, got ")
           << predicate.getType();
  unsigned numValues = call.getNumOperands() - 1;
  if (numValues > kMaxAssertionValues)
    return call.emitOpError("@shape_assertion takes at most ")
           << kMaxAssertionValues << " values after the predicate, got "
           << numValues;
  for (unsigned i = 0; i < numValues; ++i) {
    Type type = call.getOperand(i + 1).getType();
    if (!isScalarOf(type, [](Type t) {
          return t.isSignlessInteger(32) || t.isSignlessInteger(64);
        }))
      return call.emitOpError("@shape_assertion: operand ")
             << i + 1 << " must be a tensor<i32> or tensor<i64>, got " << type;
  }
  // JAX writes the message into error_message; a call legalized before has
  // it in backend_config.
  std::string message;
  if (Attribute attr = call->getAttr("error_message")) {
    auto text = dyn_cast<StringAttr>(attr);
    if (!text)
      return call.emitOpError("@shape_assertion: error_message must be a "
                              "string, got ")
             << attr;
    message = text.str();
  } else if (auto text =
                 dyn_cast_or_null<StringAttr>(call.getBackendConfigAttr())) {
    message = text.str();
  } else {
    return call.emitOpError("@shape_assertion needs a string error_message");
  }
  if (failed(checkPlaceholders(call, message, numValues)))
    return failure();

  DenseElementsAttr holds;
  if (auto constant = predicate.getDefiningOp<shlo::ConstantOp>())
    holds = dyn_cast<DenseElementsAttr>(constant.getValue());
  if (holds && holds.isSplat() && holds.getSplatValue<bool>()) {
    call.erase();
    return success();
  }
  // A constant false still fails only when the program runs.
  call->removeAttr("error_message");
  call.setBackendConfigAttr(builder.getStringAttr(message));
  return success();
}

class LegalizeJaxCustomCallsPass
    : public hlox::impl::StablehloLegalizeJaxCustomCallsBase<
          LegalizeJaxCustomCallsPass> {
public:
  void runOnOperation() override {
    SmallVector<shlo::CustomCallOp> calls;
    getOperation().walk([&](shlo::CustomCallOp op) { calls.push_back(op); });
    OpBuilder builder(&getContext());
    bool failedAny = false;
    for (shlo::CustomCallOp call : calls)
      failedAny |= failed(
          hlox::jax::legalizeJaxCustomCall(call, builder, /*refining=*/false));
    if (failedAny)
      signalPassFailure();
  }
};

//===----------------------------------------------------------------------===//
// LAPACK layouts
//===----------------------------------------------------------------------===//

/// The built-in LAPACK/BLAS handlers read matrices column-major, as JAX's
/// calls lay them out: every operand and result of the largest operand
/// rank (>= 2) must have the layout [r-2, r-1, r-3, ..., 0]. A call
/// without it would run on transposed data, so it is an error here.
LogicalResult checkLapackLayouts(shlo::CustomCallOp call) {
  int64_t rank = 0;
  for (Type type : call->getOperandTypes())
    if (auto tensor = dyn_cast<RankedTensorType>(type))
      rank = std::max(rank, tensor.getRank());
  if (rank < 2)
    return success();
  SmallVector<int64_t> want = {rank - 2, rank - 1};
  for (int64_t d = rank - 3; d >= 0; --d)
    want.push_back(d);
  auto check = [&](StringRef what, ArrayAttr layouts,
                   TypeRange types) -> LogicalResult {
    for (auto [i, type] : llvm::enumerate(types)) {
      auto tensor = dyn_cast<RankedTensorType>(type);
      if (!tensor || tensor.getRank() != rank)
        continue;
      auto layout = layouts && i < layouts.size()
                        ? dyn_cast<DenseIntElementsAttr>(layouts[i])
                        : DenseIntElementsAttr();
      SmallVector<int64_t> given;
      if (layout)
        for (const APInt &d : layout.getValues<APInt>())
          given.push_back(d.getSExtValue());
      if (given == want)
        continue;
      InFlightDiagnostic diag =
          call.emitOpError("@")
          << call.getCallTargetName() << ": " << what << " " << i
          << " must be column-major for LAPACK ("
          << (what == "operand" ? "operand_layouts" : "result_layouts")
          << " entry " << llvm::interleaved_array(want) << "), got ";
      if (layout)
        diag << layout;
      else
        diag << "no layout";
      return diag;
    }
    return success();
  };
  if (failed(check("operand", call.getOperandLayoutsAttr(),
                   call->getOperandTypes())))
    return failure();
  return check("result", call.getResultLayoutsAttr(), call->getResultTypes());
}

} // namespace

FailureOr<bool> hlox::jax::legalizeJaxCustomCall(shlo::CustomCallOp call,
                                                 OpBuilder &builder,
                                                 bool refining) {
  StringRef target = call.getCallTargetName();
  // Results of dynamic shape wait for stablehlo-refine-shapes, which
  // refines their users too.
  bool staticResults = llvm::all_of(call->getResultTypes(), [](Type type) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    return !tensor || tensor.hasStaticShape();
  });
  auto waits = [&]() { return !refining && !staticResults; };
  auto done = [](LogicalResult result) -> FailureOr<bool> {
    if (failed(result))
      return failure();
    return true;
  };
  if (target == "mhlo.topk" || target == "chlo.top_k")
    return done(rewriteTopK(call, builder));
  if (isIdentityTarget(target))
    return done(rewriteIdentity(call));
  if (target == "shape_assertion")
    return done(rewriteShapeAssertion(call, builder));
  if (target == "ApproxTopK" || target == "stablehlo.dynamic_approx_top_k")
    return waits() ? false : rewriteApproxTopK(call, builder);
  if (target == "stablehlo.dynamic_top_k" ||
      target == "stablehlo.dynamic_rng_bit_generator" ||
      target == "stablehlo.dynamic_reduce_window")
    return waits() ? false : rewriteDynamicOp(call, builder);
  if (target == "Qr" || target == "ProductOfElementaryHouseholderReflectors")
    return waits() ? false : rewriteHouseholder(call, builder);
  if (target == "ducc_fft" || target == "dynamic_ducc_fft")
    return waits() ? false : rewriteDuccFft(call, builder);
  // The built-in LAPACK handlers' targets stay calls, their layouts checked.
  if (target.starts_with("lapack_") || target.starts_with("blas_"))
    if (failed(checkLapackLayouts(call)))
      return failure();
  return false;
}
