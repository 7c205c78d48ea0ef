//===- RefineShapes.cpp - Dynamic shapes made static ----------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "ConstantInts.h"
#include "JaxCustomCalls.h"

#include "hlox/Transforms/Passes.h"
#include "hlox/Transforms/Specialize.h"

#include "hlox/Dialect/CHLO/IR/ChloOps.h"
#include "hlox/Evaluator/Evaluator.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/DebugLog.h"

#define DEBUG_TYPE "stablehlo-refine-shapes"

namespace hlox {
#define GEN_PASS_DEF_STABLEHLOREFINESHAPES
#include "hlox/Transforms/Passes.h.inc"
} // namespace hlox

using namespace mlir;
using namespace hlox;
namespace shlo = hlox::stablehlo;

namespace {

bool isStatic(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  return tensor && tensor.hasStaticShape();
}

RankedTensorType withShape(Type type, ArrayRef<int64_t> shape) {
  return RankedTensorType::get(shape, cast<ShapedType>(type).getElementType());
}

/// Whether `a` and `b` compute the same value: the same value, or results of
/// equivalent pure ops on such values (within a few ops).
bool sameValue(Value a, Value b, int depth = 8) {
  if (a == b)
    return true;
  auto x = dyn_cast<OpResult>(a), y = dyn_cast<OpResult>(b);
  if (depth == 0 || !x || !y || x.getResultNumber() != y.getResultNumber() ||
      !isMemoryEffectFree(x.getOwner()))
    return false;
  return OperationEquivalence::isEquivalentTo(
      x.getOwner(), y.getOwner(),
      [&](Value l, Value r) { return success(sameValue(l, r, depth - 1)); },
      /*markEquivalent=*/nullptr, OperationEquivalence::IgnoreLocations);
}

/// The constant sizes of a slice from `start` to `limit`: `limit` is
/// `start + sizes` (either order) with constant sizes.
std::optional<SmallVector<int64_t>> constantSizes(Value start, Value limit) {
  auto add = limit.getDefiningOp<shlo::AddOp>();
  if (!add)
    return std::nullopt;
  for (auto [x, sizes] : {std::pair(add.getLhs(), add.getRhs()),
                          std::pair(add.getRhs(), add.getLhs())})
    if (auto values = getConstantInts(sizes); values && sameValue(x, start))
      return values;
  return std::nullopt;
}

/// Replaces dynamism ops whose shape operands are constants by their static
/// forms; returns the replacement or null.
Operation *staticForm(OpBuilder &b, Operation *op) {
  Location loc = op->getLoc();
  b.setInsertionPoint(op);
  if (auto bcast = dyn_cast<shlo::DynamicBroadcastInDimOp>(op)) {
    auto dims = getConstantInts(bcast.getOutputDimensions());
    if (!dims)
      return nullptr;
    return shlo::BroadcastInDimOp::create(
        b, loc, withShape(bcast.getType(), *dims), bcast.getOperand(),
        bcast.getBroadcastDimensions());
  }
  if (auto reshape = dyn_cast<shlo::DynamicReshapeOp>(op)) {
    auto shape = getConstantInts(reshape.getOutputShape());
    if (!shape || !isStatic(reshape.getOperand().getType()))
      return nullptr;
    return shlo::ReshapeOp::create(b, loc, withShape(reshape.getType(), *shape),
                                   reshape.getOperand());
  }
  if (auto iota = dyn_cast<shlo::DynamicIotaOp>(op)) {
    auto shape = getConstantInts(iota.getOutputShape());
    if (!shape)
      return nullptr;
    return shlo::IotaOp::create(b, loc, withShape(iota.getType(), *shape),
                                iota.getIotaDimension());
  }
  if (auto slice = dyn_cast<shlo::RealDynamicSliceOp>(op)) {
    auto start = getConstantInts(slice.getStartIndices());
    auto limit = getConstantInts(slice.getLimitIndices());
    auto strides = getConstantInts(slice.getStrides());
    if (!strides || !isStatic(slice.getOperand().getType()))
      return nullptr;
    if (start && limit)
      return shlo::SliceOp::create(b, loc, slice.getOperand(), *start, *limit,
                                   *strides);
    // Start indices that are data with constant sizes after them (JAX's
    // dynamic_slice under shape polymorphism) and unit strides: a
    // dynamic_slice, whose start indices are clamped into bounds where
    // real_dynamic_slice's would be out of range.
    auto sizes =
        constantSizes(slice.getStartIndices(), slice.getLimitIndices());
    if (!sizes || llvm::any_of(*strides, [](int64_t s) { return s != 1; }))
      return nullptr;
    Value indices = slice.getStartIndices();
    auto indexType = cast<RankedTensorType>(indices.getType());
    SmallVector<Value> starts;
    for (int64_t i = 0; i < indexType.getDimSize(0); ++i) {
      Value one = shlo::SliceOp::create(b, loc, indices, {i}, {i + 1}, {1});
      starts.push_back(shlo::ReshapeOp::create(
          b, loc, RankedTensorType::get({}, indexType.getElementType()), one));
    }
    return shlo::DynamicSliceOp::create(b, loc,
                                        withShape(slice.getType(), *sizes),
                                        slice.getOperand(), starts, *sizes);
  }
  if (auto setSize = dyn_cast<shlo::SetDimensionSizeOp>(op)) {
    // The first `size` elements along the dimension.
    auto size = getConstantInts(setSize.getSize());
    auto type = dyn_cast<RankedTensorType>(setSize.getOperand().getType());
    int64_t dim = setSize.getDimension();
    if (!size || !type || !type.hasStaticShape() || dim < 0 ||
        dim >= type.getRank() || (*size)[0] < 0 ||
        (*size)[0] > type.getDimSize(dim))
      return nullptr;
    SmallVector<int64_t> limit(type.getShape());
    limit[dim] = (*size)[0];
    return shlo::SliceOp::create(b, loc, setSize.getOperand(),
                                 SmallVector<int64_t>(type.getRank(), 0), limit,
                                 SmallVector<int64_t>(type.getRank(), 1));
  }
  if (auto pad = dyn_cast<shlo::DynamicPadOp>(op)) {
    auto low = getConstantInts(pad.getEdgePaddingLow());
    auto high = getConstantInts(pad.getEdgePaddingHigh());
    auto interior = getConstantInts(pad.getInteriorPadding());
    if (!low || !high || !interior || !isStatic(pad.getOperand().getType()))
      return nullptr;
    return shlo::PadOp::create(b, loc, pad.getOperand(), pad.getPaddingValue(),
                               *low, *high, *interior);
  }
  if (auto gather = dyn_cast<shlo::DynamicGatherOp>(op)) {
    auto sizes = getConstantInts(gather.getSliceSizes());
    if (!sizes || !isStatic(gather.getOperand().getType()) ||
        !isStatic(gather.getStartIndices().getType()))
      return nullptr;
    return shlo::GatherOp::create(
        b, loc, gather.getOperand(), gather.getStartIndices(),
        gather.getDimensionNumbers(), *sizes, gather.getIndicesAreSorted());
  }
  if (auto conv = dyn_cast<shlo::DynamicConvOp>(op)) {
    // The padding operand becomes the padding attribute.
    auto padding = getConstantInts(conv.getPadding());
    if (!padding)
      return nullptr;
    auto paddingType = cast<RankedTensorType>(conv.getPadding().getType());
    OperationState state(loc, shlo::ConvolutionOp::getOperationName());
    state.addOperands({conv.getLhs(), conv.getRhs()});
    state.addTypes(conv.getType());
    // Window attributes longer than the spatial rank (JAX emits two strides
    // for a 1-d convolution) keep their leading entries, the ones the
    // evaluator reads.
    auto spatial = static_cast<int64_t>(
        conv.getDimensionNumbers().getInputSpatialDimensions().size());
    for (NamedAttribute attr : conv->getAttrDictionary()) {
      Attribute value = attr.getValue();
      if (auto ints = dyn_cast<DenseI64ArrayAttr>(value);
          ints && ints.size() > spatial)
        value = DenseI64ArrayAttr::get(b.getContext(),
                                       ints.asArrayRef().take_front(spatial));
      else if (auto bools = dyn_cast<DenseBoolArrayAttr>(value);
               bools && bools.size() > spatial)
        value = DenseBoolArrayAttr::get(b.getContext(),
                                        bools.asArrayRef().take_front(spatial));
      state.addAttribute(attr.getName(), value);
    }
    state.addAttribute(
        "padding",
        DenseIntElementsAttr::get(
            RankedTensorType::get(paddingType.getShape(), b.getI64Type()),
            ArrayRef<int64_t>(*padding)));
    return b.create(state);
  }
  if (auto size = dyn_cast<shlo::GetDimensionSizeOp>(op)) {
    auto type = dyn_cast<RankedTensorType>(size.getOperand().getType());
    if (!type || type.isDynamicDim(size.getDimension()))
      return nullptr;
    auto result = cast<RankedTensorType>(size.getType());
    return shlo::ConstantOp::create(
        b, loc, result,
        DenseElementsAttr::get(
            result, b.getIntegerAttr(result.getElementType(),
                                     type.getDimSize(size.getDimension()))));
  }
  return nullptr;
}

/// The result types `op` infers from its operands, when it can.
std::optional<SmallVector<Type>> inferredTypes(Operation *op) {
  if (llvm::any_of(op->getOperandTypes(), [](Type t) {
        return isa<RankedTensorType>(t) && !isStatic(t);
      }))
    return std::nullopt;
  if (auto infer = dyn_cast<InferTypeOpInterface>(op)) {
    SmallVector<Type> types;
    if (succeeded(infer.inferReturnTypes(
            op->getContext(), op->getLoc(), op->getOperands(),
            op->getRawDictionaryAttrs(), op->getPropertiesStorage(),
            op->getRegions(), types)))
      return types;
    return std::nullopt;
  }
  if (auto infer = dyn_cast<InferShapedTypeOpInterface>(op)) {
    SmallVector<ShapedTypeComponents> components;
    if (failed(infer.inferReturnTypeComponents(
            op->getContext(), op->getLoc(), op->getOperands(),
            op->getRawDictionaryAttrs(), op->getPropertiesStorage(),
            op->getRegions(), components)))
      return std::nullopt;
    SmallVector<Type> types;
    for (auto [component, result] : llvm::zip(components, op->getResults())) {
      if (!component.hasRank())
        return std::nullopt;
      types.push_back(withShape(result.getType(), component.getDims()));
    }
    return types;
  }
  if (auto dot = dyn_cast<shlo::DotOp>(op)) {
    // (m x k) . (k x n), with m and n absent for vector operands.
    auto lhs = cast<RankedTensorType>(dot.getLhs().getType());
    auto rhs = cast<RankedTensorType>(dot.getRhs().getType());
    if (lhs.getRank() < 1 || lhs.getRank() > 2 || rhs.getRank() < 1 ||
        rhs.getRank() > 2)
      return std::nullopt;
    SmallVector<int64_t> shape;
    if (lhs.getRank() == 2)
      shape.push_back(lhs.getDimSize(0));
    if (rhs.getRank() == 2)
      shape.push_back(rhs.getDimSize(1));
    return SmallVector<Type>{withShape(dot.getType(), shape)};
  }
  if (auto select = dyn_cast<shlo::TorchIndexSelectOp>(op)) {
    // operand[:dim] ++ index[batch_dims:] ++ operand[dim + 1:].
    auto operand = cast<RankedTensorType>(select.getOperand().getType());
    auto index = cast<RankedTensorType>(select.getIndex().getType());
    int64_t dim = select.getDim(), batchDims = select.getBatchDims();
    if (dim < 0 || dim >= operand.getRank() || batchDims < 0 ||
        batchDims > index.getRank())
      return std::nullopt;
    SmallVector<int64_t> shape(operand.getShape().take_front(dim));
    llvm::append_range(shape, index.getShape().drop_front(batchDims));
    llvm::append_range(shape, operand.getShape().drop_front(dim + 1));
    return SmallVector<Type>{withShape(select.getType(), shape)};
  }
  if (auto topK = dyn_cast<chlo::TopKOp>(op)) {
    // The operand's shape with k as its last dimension.
    auto operand = cast<RankedTensorType>(topK.getOperand().getType());
    if (operand.getRank() < 1)
      return std::nullopt;
    SmallVector<int64_t> shape(operand.getShape());
    shape.back() = topK.getK();
    return SmallVector<Type>{withShape(topK.getValues().getType(), shape),
                             withShape(topK.getIndices().getType(), shape)};
  }
  if (auto castOp = dyn_cast<tensor::CastOp>(op)) {
    // A cast to a less static type (torch and IREE tests write them around
    // dynamic regions) keeps the operand's shape.
    return SmallVector<Type>{castOp.getSource().getType()};
  }
  if (auto bitcast = dyn_cast<shlo::BitcastConvertOp>(op)) {
    // The operand's shape, with a trailing dimension added or dropped when
    // the element widths differ.
    auto operand = cast<RankedTensorType>(bitcast.getOperand().getType());
    auto result = cast<RankedTensorType>(bitcast.getType());
    auto width = [](Type t) -> unsigned {
      t = getElementTypeOrSelf(t);
      if (auto complexType = dyn_cast<ComplexType>(t))
        return 2 * complexType.getElementType().getIntOrFloatBitWidth();
      return t.isIntOrFloat() ? t.getIntOrFloatBitWidth() : 0;
    };
    unsigned from = width(operand), to = width(result);
    if (!from || !to)
      return std::nullopt;
    SmallVector<int64_t> shape(operand.getShape());
    if (from > to)
      shape.push_back(from / to);
    else if (from < to) {
      if (shape.empty())
        return std::nullopt;
      shape.pop_back();
    }
    if (static_cast<int64_t>(shape.size()) != result.getRank())
      return std::nullopt;
    return SmallVector<Type>{result.clone(shape)};
  }
  if (op->hasTrait<OpTrait::SameOperandsAndResultShape>() &&
      op->getNumOperands() > 0) {
    auto shape = cast<ShapedType>(op->getOperand(0).getType()).getShape();
    SmallVector<Type> types;
    for (Type t : op->getResultTypes())
      types.push_back(withShape(t, shape));
    return types;
  }
  return std::nullopt;
}

/// Sets the results of `op` to the static types it infers.
bool refineResults(Operation *op) {
  if (llvm::all_of(op->getResultTypes(), isStatic))
    return false;
  if (auto loop = dyn_cast<shlo::WhileOp>(op)) {
    // Loop-carried values keep the operands' types.
    if (!llvm::all_of(loop.getOperand().getTypes(), isStatic))
      return false;
    for (auto [i, operand] : llvm::enumerate(loop.getOperand())) {
      loop->getResult(i).setType(operand.getType());
      loop.getCond().getArgument(i).setType(operand.getType());
      loop.getBody().getArgument(i).setType(operand.getType());
    }
    return true;
  }
  std::optional<SmallVector<Type>> types = inferredTypes(op);
  if (!types || types->size() != op->getNumResults())
    return false;
  bool changed = false;
  for (auto [result, type] : llvm::zip(op->getResults(), *types)) {
    if (isStatic(result.getType()) || !isStatic(type))
      continue;
    result.setType(type);
    changed = true;
  }
  return changed;
}

/// Evaluates integer ops on constants (shape computations) into constants.
bool foldIntegerConstants(OpBuilder &b, Operation *op,
                          eval::Evaluator &evaluator) {
  if (op->getNumResults() == 0 || op->getNumRegions() != 0 ||
      !isMemoryEffectFree(op) || isa<shlo::ConstantOp>(op) ||
      op->getDialect() != op->getContext()->getLoadedDialect("stablehlo"))
    return false;
  for (Type type : op->getResultTypes()) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    if (!tensor || !tensor.hasStaticShape() || tensor.getNumElements() > 64 ||
        !isa<IntegerType>(tensor.getElementType()))
      return false;
  }
  SmallVector<eval::RuntimeValue> operands;
  for (Value operand : op->getOperands()) {
    auto constant = operand.getDefiningOp<shlo::ConstantOp>();
    if (!constant)
      return false;
    eval::Tensor tensor = eval::Tensor::fromAttr(constant.getValue());
    if (!tensor)
      return false;
    operands.push_back(std::move(tensor));
  }
  FailureOr<SmallVector<eval::RuntimeValue>> results;
  {
    ScopedDiagnosticHandler silence(op->getContext(),
                                    [](Diagnostic &) { return success(); });
    results = evaluator.evaluate(op, operands);
  }
  if (failed(results))
    return false;
  b.setInsertionPoint(op);
  for (auto [result, value] : llvm::zip(op->getResults(), *results)) {
    if (!value.isTensor())
      return false;
    DenseElementsAttr attr = value.getTensor().toAttr();
    result.replaceAllUsesWith(
        shlo::ConstantOp::create(b, op->getLoc(), result.getType(), attr));
  }
  op->erase();
  return true;
}

LogicalResult refineFunction(func::FuncOp function, eval::Evaluator &evaluator,
                             bool foldIntegers) {
  if (function.isExternal())
    return success();
  OpBuilder b(function.getContext());
  SmallVector<Operation *> ops;
  function.walk<WalkOrder::PreOrder>([&](Operation *op) { ops.push_back(op); });
  DenseSet<Operation *> erased;
  for (Operation *op : ops) {
    if (erased.contains(op) || op == function)
      continue;
    // JAX's custom calls that waited for constant sizes.
    if (auto call = dyn_cast<shlo::CustomCallOp>(op)) {
      FailureOr<bool> rewritten =
          jax::legalizeJaxCustomCall(call, b, /*refining=*/true);
      if (failed(rewritten))
        return failure();
      if (*rewritten) {
        erased.insert(op);
        continue;
      }
    }
    if (Operation *replacement = staticForm(b, op)) {
      op->replaceAllUsesWith(replacement->getResults());
      erased.insert(op);
      op->erase();
      refineResults(replacement);
      continue;
    }
    refineResults(op);
    // A cast between equal types is gone.
    if (auto castOp = dyn_cast<tensor::CastOp>(op);
        castOp && castOp.getSource().getType() == castOp.getType()) {
      castOp.replaceAllUsesWith(castOp.getSource());
      erased.insert(op);
      op->erase();
      continue;
    }
    // Ops nested in this one are visited after it; a fold erases them too.
    if (foldIntegers && op->getNumRegions() == 0 &&
        foldIntegerConstants(b, op, evaluator))
      erased.insert(op);
  }
  // Results follow the returns.
  Block &body = function.getBody().back();
  auto ret = dyn_cast<func::ReturnOp>(body.getTerminator());
  if (!ret)
    return success();
  function.setFunctionType(FunctionType::get(function.getContext(),
                                             function.getArgumentTypes(),
                                             ret.getOperandTypes()));
  return success();
}

class RefineShapesPass
    : public hlox::impl::StablehloRefineShapesBase<RefineShapesPass> {
public:
  using StablehloRefineShapesBase::StablehloRefineShapesBase;
  void runOnOperation() override {
    if (failed(refineShapes(getOperation(), foldIntegers)))
      signalPassFailure();
  }
};

} // namespace

LogicalResult hlox::refineShapes(ModuleOp module, bool foldIntegers) {
  eval::Evaluator evaluator(module);
  for (auto function : module.getOps<func::FuncOp>())
    if (failed(refineFunction(function, evaluator, foldIntegers)))
      return failure();
  return success();
}

bool hlox::hasDynamicShapes(func::FuncOp function) {
  FunctionType type = function.getFunctionType();
  auto dynamic = [](Type t) {
    auto tensor = dyn_cast<RankedTensorType>(t);
    return tensor && !tensor.hasStaticShape();
  };
  return llvm::any_of(type.getInputs(), dynamic) ||
         llvm::any_of(type.getResults(), dynamic);
}

bool hlox::hasDynamicResultsInside(func::FuncOp function) {
  return function
      .walk([](Operation *op) {
        bool dynamic = llvm::any_of(op->getResultTypes(), [](Type t) {
          auto tensor = dyn_cast<RankedTensorType>(t);
          return tensor && !tensor.hasStaticShape();
        });
        return dynamic ? WalkResult::interrupt() : WalkResult::advance();
      })
      .wasInterrupted();
}

LogicalResult hlox::specializeArguments(func::FuncOp function,
                                        ArrayRef<RankedTensorType> types,
                                        ArrayRef<Attribute> values) {
  Block &entry = function.getBody().front();
  OpBuilder b(function.getContext());
  b.setInsertionPointToStart(&entry);
  for (auto [i, type] : llvm::enumerate(types)) {
    BlockArgument arg = entry.getArgument(i);
    auto declared = dyn_cast<RankedTensorType>(arg.getType());
    if (!declared || declared.getElementType() != type.getElementType() ||
        failed(verifyCompatibleShape(declared.getShape(), type.getShape())))
      return function.emitError("argument ")
             << i << " of type " << arg.getType() << " cannot take " << type;
    arg.setType(type);
    if (i < values.size() && values[i]) {
      auto constant = shlo::ConstantOp::create(b, function.getLoc(), type,
                                               cast<ElementsAttr>(values[i]));
      arg.replaceAllUsesWith(constant);
    }
  }
  function.setFunctionType(FunctionType::get(function.getContext(),
                                             entry.getArgumentTypes(),
                                             function.getResultTypes()));
  return refineShapes(function->getParentOfType<ModuleOp>());
}

LogicalResult hlox::specializeEntry(ModuleOp module, StringRef entry,
                                    ArrayRef<RankedTensorType> types,
                                    ArrayRef<Attribute> values) {
  PassManager inliner(module.getContext());
  inliner.addPass(createInlinerPass());
  inliner.addPass(createSymbolDCEPass());
  if (failed(inliner.run(module)))
    return failure();
  auto function = module.lookupSymbol<func::FuncOp>(entry);
  if (!function)
    return module.emitError("no function @") << entry;
  return specializeArguments(function, types, values);
}
