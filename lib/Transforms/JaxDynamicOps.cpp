//===- JaxDynamicOps.cpp - JAX's top-k and dynamic custom calls -----------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// ApproxTopK (JAX's approx_max_k/approx_min_k; on the CPU the exact result),
// and the custom calls JAX writes for ops whose sizes are symbolic under
// shape polymorphism: stablehlo.dynamic_top_k, dynamic_approx_top_k,
// dynamic_rng_bit_generator and dynamic_reduce_window, with the result-shape
// operands such calls carry. Once the sizes are constants each becomes the
// static op.
//
//===----------------------------------------------------------------------===//

#include "JaxCustomCalls.h"

#include "hlox/Dialect/CHLO/IR/ChloOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/Support/InterleavedRange.h"

using namespace mlir;
using hlox::getConstantInts;
using hlox::jax::cloneComputation;
namespace shlo = hlox::stablehlo;

static bool isStaticTensor(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  return tensor && tensor.hasStaticShape();
}

//===----------------------------------------------------------------------===//
// Result-shape operands
//===----------------------------------------------------------------------===//

FailureOr<bool> hlox::jax::dropShapeOperands(shlo::CustomCallOp call) {
  Attribute attr = call->getAttr("indices_of_shape_operands");
  if (!attr)
    return true;
  auto indices = dyn_cast<DenseIntElementsAttr>(attr);
  if (!indices || indices.getNumElements() != call.getNumResults())
    return call.emitOpError("indices_of_shape_operands must name one operand "
                            "per result, got ")
           << attr;
  SmallVector<int64_t> operands;
  for (const APInt &index : indices.getValues<APInt>()) {
    int64_t i = index.getSExtValue();
    if (i < 0 || i >= static_cast<int64_t>(call.getNumOperands()))
      return call.emitOpError("indices_of_shape_operands names operand ")
             << i << " of " << call.getNumOperands();
    operands.push_back(i);
  }
  SmallVector<SmallVector<int64_t>> shapes;
  for (int64_t i : operands) {
    std::optional<SmallVector<int64_t>> shape =
        getConstantInts(call.getOperand(i));
    if (!shape)
      return false;
    shapes.push_back(*shape);
  }
  for (auto [result, shape] : llvm::zip(call.getResults(), shapes)) {
    auto type = dyn_cast<RankedTensorType>(result.getType());
    if (!type || type.getRank() != static_cast<int64_t>(shape.size()))
      return call.emitOpError("result shape ")
             << llvm::interleaved_array(shape) << " does not fit result type "
             << result.getType();
    result.setType(type.clone(shape));
  }
  // Operands last to first, and their layouts with them.
  SmallVector<int64_t> sorted(operands);
  llvm::sort(sorted);
  sorted.erase(llvm::unique(sorted), sorted.end());
  SmallVector<Attribute> layouts;
  if (ArrayAttr given = call.getOperandLayoutsAttr())
    layouts.assign(given.begin(), given.end());
  for (int64_t i : llvm::reverse(sorted)) {
    call->eraseOperand(i);
    if (i < static_cast<int64_t>(layouts.size()))
      layouts.erase(layouts.begin() + i);
  }
  if (call.getOperandLayoutsAttr())
    call.setOperandLayoutsAttr(ArrayAttr::get(call.getContext(), layouts));
  call->removeAttr("indices_of_shape_operands");
  return true;
}

LogicalResult hlox::jax::cloneComputation(shlo::CustomCallOp call,
                                          StringRef name, Region &region,
                                          OpBuilder &builder) {
  auto function = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
      call, StringAttr::get(call.getContext(), name));
  if (!function || function.isExternal())
    return call.emitOpError("@")
           << call.getCallTargetName() << ": called computation @" << name
           << " is not a function with a body in the module";
  if (!function.getBody().hasOneBlock())
    return call.emitOpError("@")
           << call.getCallTargetName() << ": called computation @" << name
           << " must be a single block";
  IRMapping mapping;
  function.getBody().cloneInto(&region, mapping);
  Block &block = region.front();
  auto ret = cast<func::ReturnOp>(block.getTerminator());
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPoint(ret);
  shlo::ReturnOp::create(builder, ret.getLoc(), ret.getOperands());
  ret.erase();
  return success();
}

/// The single called computation of `call`.
static FailureOr<StringRef> getComputation(shlo::CustomCallOp call) {
  ArrayAttr called = call.getCalledComputationsAttr();
  if (!called || called.size() != 1)
    return call.emitOpError("@") << call.getCallTargetName()
                                 << " needs exactly one called computation";
  return cast<FlatSymbolRefAttr>(called[0]).getValue();
}

/// The dictionary of a call's attributes (mhlo.backend_config, or
/// backend_config of api_version 4).
static DictionaryAttr getConfig(shlo::CustomCallOp call) {
  if (auto dict = call->getAttrOfType<DictionaryAttr>("mhlo.backend_config"))
    return dict;
  return dyn_cast_or_null<DictionaryAttr>(call.getBackendConfigAttr());
}

//===----------------------------------------------------------------------===//
// ApproxTopK
//===----------------------------------------------------------------------===//

FailureOr<bool> hlox::jax::rewriteApproxTopK(shlo::CustomCallOp call,
                                             OpBuilder &builder) {
  StringRef target = call.getCallTargetName();
  bool dynamic = target == "stablehlo.dynamic_approx_top_k";
  FailureOr<bool> dropped = dropShapeOperands(call);
  if (failed(dropped) || !*dropped)
    return dropped;
  DictionaryAttr config = getConfig(call);
  if (!config)
    return call.emitOpError("@")
           << target << " needs an mhlo.backend_config dictionary";
  auto integer = [&](StringRef key) -> std::optional<int64_t> {
    if (auto value = dyn_cast_or_null<IntegerAttr>(config.get(key)))
      return value.getValue().getSExtValue();
    return std::nullopt;
  };
  std::optional<int64_t> dim = integer("reduction_dim");
  if (!dim)
    return call.emitOpError("@") << target << ": reduction_dim is missing";
  // Operands: inputs, their init values (unused by the exact form), and k
  // for the dynamic form.
  int64_t numOperands = call.getNumOperands() - (dynamic ? 1 : 0);
  int64_t numInputs = call.getNumResults();
  if (numInputs < 1 || numOperands != 2 * numInputs)
    return call.emitOpError("@")
           << target << " takes inputs and as many init values"
           << (dynamic ? ", then k" : "") << "; it has "
           << call.getNumOperands() << " operands for " << numInputs
           << " results";
  std::optional<int64_t> k = integer("top_k");
  if (dynamic) {
    std::optional<SmallVector<int64_t>> value =
        getConstantInts(call.getOperand(2 * numInputs));
    if (!value)
      return false;
    k = (*value)[0];
  }
  if (!k)
    return call.emitOpError("@") << target << ": top_k is missing";
  SmallVector<Value> inputs(call.getOperands().take_front(numInputs));
  auto inputType = dyn_cast<RankedTensorType>(inputs[0].getType());
  if (!inputType || !inputType.hasStaticShape() ||
      !llvm::all_of(call.getResultTypes(), isStaticTensor))
    return false;
  if (*dim < 0 || *dim >= inputType.getRank())
    return call.emitOpError("@") << target << ": reduction_dim " << *dim
                                 << " is not a dimension of " << inputType;
  int64_t size =
      cast<RankedTensorType>(call.getResult(0).getType()).getDimSize(*dim);
  auto aggregate = dyn_cast_or_null<BoolAttr>(config.get("aggregate_to_topk"));
  if ((aggregate && aggregate.getValue() && size != *k) ||
      size > inputType.getDimSize(*dim) || *k < 0)
    return call.emitOpError("@")
           << target << ": the results hold " << size << " of the "
           << inputType.getDimSize(*dim) << " elements along dimension " << *dim
           << ", for top_k = " << *k;
  for (auto [input, result] : llvm::zip(inputs, call.getResults())) {
    auto type = dyn_cast<RankedTensorType>(input.getType());
    auto want = cast<RankedTensorType>(result.getType());
    SmallVector<int64_t> shape(inputType.getShape());
    shape[*dim] = size;
    if (!type || type.getShape() != inputType.getShape() ||
        want.getShape() != ArrayRef(shape) ||
        want.getElementType() != type.getElementType())
      return call.emitOpError("@")
             << target << ": input " << input.getType() << " and result "
             << result.getType() << " do not match";
  }
  FailureOr<StringRef> comparator = getComputation(call);
  if (failed(comparator))
    return failure();
  builder.setInsertionPoint(call);
  auto sort = shlo::SortOp::create(builder, call.getLoc(), ValueRange(inputs),
                                   *dim, /*is_stable=*/true);
  if (failed(
          cloneComputation(call, *comparator, sort.getComparator(), builder))) {
    sort.erase();
    return failure();
  }
  SmallVector<Value> results;
  SmallVector<int64_t> start(inputType.getRank(), 0),
      limit(inputType.getShape()), strides(inputType.getRank(), 1);
  limit[*dim] = size;
  for (Value sorted : sort.getResults())
    results.push_back(shlo::SliceOp::create(builder, call.getLoc(), sorted,
                                            start, limit, strides));
  call.replaceAllUsesWith(results);
  call.erase();
  return true;
}

//===----------------------------------------------------------------------===//
// stablehlo.dynamic_top_k, _rng_bit_generator, _reduce_window
//===----------------------------------------------------------------------===//

static FailureOr<bool> rewriteDynamicTopK(shlo::CustomCallOp call,
                                          OpBuilder &builder) {
  if (call.getNumOperands() != 2 || call.getNumResults() != 2)
    return call.emitOpError("@stablehlo.dynamic_top_k takes an operand and k "
                            "and returns values and indices");
  std::optional<SmallVector<int64_t>> k = getConstantInts(call.getOperand(1));
  auto operand = dyn_cast<RankedTensorType>(call.getOperand(0).getType());
  if (!k || !operand || !operand.hasStaticShape())
    return false;
  if (operand.getRank() < 1 || (*k)[0] < 0 ||
      (*k)[0] > operand.getShape().back())
    return call.emitOpError("@stablehlo.dynamic_top_k: k = ")
           << (*k)[0] << " must be in [0, " << operand.getShape().back()
           << "] for " << operand;
  SmallVector<int64_t> shape(operand.getShape());
  shape.back() = (*k)[0];
  auto indices = dyn_cast<RankedTensorType>(call.getResult(1).getType());
  if (!indices || !indices.getElementType().isSignlessInteger(32))
    return call.emitOpError("@stablehlo.dynamic_top_k: the indices must be "
                            "i32, got ")
           << call.getResult(1).getType();
  builder.setInsertionPoint(call);
  auto topK = hlox::chlo::TopKOp::create(
      builder, call.getLoc(), operand.clone(shape), indices.clone(shape),
      call.getOperand(0), builder.getI64IntegerAttr((*k)[0]));
  call.replaceAllUsesWith(topK.getResults());
  call.erase();
  return true;
}

static FailureOr<bool> rewriteDynamicRngBitGenerator(shlo::CustomCallOp call,
                                                     OpBuilder &builder) {
  if (call.getNumOperands() != 2 || call.getNumResults() != 2)
    return call.emitOpError("@stablehlo.dynamic_rng_bit_generator takes a "
                            "state and an output shape and returns two "
                            "results");
  auto algorithm = call->getAttrOfType<shlo::RngAlgorithmAttr>("rng_algorithm");
  if (!algorithm)
    return call.emitOpError("@stablehlo.dynamic_rng_bit_generator needs an "
                            "rng_algorithm");
  std::optional<SmallVector<int64_t>> shape =
      getConstantInts(call.getOperand(1));
  if (!shape)
    return false;
  auto output = dyn_cast<RankedTensorType>(call.getResult(1).getType());
  if (!output || output.getRank() != static_cast<int64_t>(shape->size()) ||
      llvm::any_of(*shape, [](int64_t d) { return d < 0; }))
    return call.emitOpError("@stablehlo.dynamic_rng_bit_generator: shape ")
           << llvm::interleaved_array(*shape) << " does not fit "
           << call.getResult(1).getType();
  builder.setInsertionPoint(call);
  auto op = shlo::RngBitGeneratorOp::create(
      builder, call.getLoc(), call.getOperand(0).getType(),
      output.clone(*shape), call.getOperand(0), algorithm);
  call.replaceAllUsesWith(op->getResults());
  call.erase();
  return true;
}

static FailureOr<bool> rewriteDynamicReduceWindow(shlo::CustomCallOp call,
                                                  OpBuilder &builder) {
  int64_t n = call.getNumResults();
  if (n < 1 || call.getNumOperands() != 2 * n + 5)
    return call.emitOpError("@stablehlo.dynamic_reduce_window takes inputs, "
                            "init values and five window operands");
  SmallVector<SmallVector<int64_t>> window;
  for (int64_t i = 0; i < 5; ++i) {
    std::optional<SmallVector<int64_t>> values =
        getConstantInts(call.getOperand(2 * n + i));
    if (!values)
      return false;
    window.push_back(*values);
  }
  auto input = dyn_cast<RankedTensorType>(call.getOperand(0).getType());
  if (!input || !input.hasStaticShape())
    return false;
  int64_t rank = input.getRank();
  for (int64_t i = 0; i < 4; ++i)
    if (static_cast<int64_t>(window[i].size()) != rank)
      return call.emitOpError("@stablehlo.dynamic_reduce_window: window "
                              "operand ")
             << i << " has " << window[i].size() << " entries for rank "
             << rank;
  if (static_cast<int64_t>(window[4].size()) != 2 * rank)
    return call.emitOpError("@stablehlo.dynamic_reduce_window: the padding "
                            "must be [rank, 2]");
  // The result shape, as reduce_window defines it.
  SmallVector<int64_t> shape;
  for (int64_t d = 0; d < rank; ++d) {
    int64_t size = window[0][d], stride = window[1][d], base = window[2][d],
            dilation = window[3][d];
    if (size < 1 || stride < 1 || base < 1 || dilation < 1)
      return call.emitOpError("@stablehlo.dynamic_reduce_window: window "
                              "sizes, strides and dilations must be >= 1");
    int64_t padded =
        (input.getDimSize(d) == 0 ? 0 : (input.getDimSize(d) - 1) * base + 1) +
        window[4][2 * d] + window[4][2 * d + 1];
    int64_t extent = (size - 1) * dilation + 1;
    shape.push_back(padded < extent ? 0 : (padded - extent) / stride + 1);
  }
  FailureOr<StringRef> reducer = getComputation(call);
  if (failed(reducer))
    return failure();
  SmallVector<Type> types;
  for (Type type : call.getResultTypes())
    types.push_back(cast<RankedTensorType>(type).clone(shape));
  builder.setInsertionPoint(call);
  auto padding = DenseIntElementsAttr::get(
      RankedTensorType::get({rank, 2}, builder.getI64Type()),
      ArrayRef<int64_t>(window[4]));
  auto op = shlo::ReduceWindowOp::create(
      builder, call.getLoc(), types, call.getOperands().take_front(n),
      call.getOperands().slice(n, n), builder.getDenseI64ArrayAttr(window[0]),
      builder.getDenseI64ArrayAttr(window[1]),
      builder.getDenseI64ArrayAttr(window[2]),
      builder.getDenseI64ArrayAttr(window[3]), padding);
  if (failed(cloneComputation(call, *reducer, op.getBody(), builder))) {
    op.erase();
    return failure();
  }
  call.replaceAllUsesWith(op.getResults());
  call.erase();
  return true;
}

FailureOr<bool> hlox::jax::rewriteDynamicOp(shlo::CustomCallOp call,
                                            OpBuilder &builder) {
  FailureOr<bool> dropped = dropShapeOperands(call);
  if (failed(dropped) || !*dropped)
    return dropped;
  StringRef target = call.getCallTargetName();
  if (target == "stablehlo.dynamic_top_k")
    return rewriteDynamicTopK(call, builder);
  if (target == "stablehlo.dynamic_rng_bit_generator")
    return rewriteDynamicRngBitGenerator(call, builder);
  if (target == "stablehlo.dynamic_reduce_window")
    return rewriteDynamicReduceWindow(call, builder);
  return call.emitOpError("@") << target << " is not a dynamic op";
}
