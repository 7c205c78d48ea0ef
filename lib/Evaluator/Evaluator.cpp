//===- Evaluator.cpp - The StableHLO reference evaluator ------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Evaluator/Evaluator.h"

#include "EvalUtils.h"

#include "hlox/Dialect/Check/IR/CheckOps.h"
#include "hlox/Dialect/Interpreter/IR/InterpreterOps.h"
#include "hlox/Dialect/StableHLO/IR/StablehloOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/raw_ostream.h"

#define DEBUG_TYPE "hlox-evaluator"

using namespace mlir;

namespace hlox::eval {

void RuntimeValue::print(llvm::raw_ostream &os) const {
  switch (kind) {
  case Kind::Tensor:
    tensor.print(os);
    return;
  case Kind::Token:
    os << "!stablehlo.token";
    return;
  case Kind::Tuple:
    os << "(";
    llvm::interleaveComma(elements, os,
                          [&](const RuntimeValue &v) { v.print(os); });
    os << ")";
    return;
  }
}

/// func.call: runs the callee.
static LogicalResult evalCall(Operation *op, ArrayRef<RuntimeValue> operands,
                              SmallVectorImpl<RuntimeValue> &results,
                              Evaluator &evaluator) {
  return evaluator.callSymbol(op, cast<func::CallOp>(op).getCalleeAttr(),
                              operands, results);
}

LogicalResult Evaluator::callSymbol(Operation *op, SymbolRefAttr callee,
                                    ArrayRef<RuntimeValue> arguments,
                                    SmallVectorImpl<RuntimeValue> &results) {
  auto function = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(op, callee);
  if (!function || function.isExternal())
    return op->emitError("cannot evaluate a call of ")
           << callee << ": no function body";
  FailureOr<SmallVector<RuntimeValue>> returned = call(function, arguments);
  if (failed(returned))
    return failure();
  llvm::append_range(results, *returned);
  return success();
}

Evaluator::Evaluator(ModuleOp module, ProcessContext *process)
    : module(module), process(process) {
  registerElementwiseOps(table);
  registerDataMovementOps(table);
  registerGatherScatterOps(table);
  registerReductionOps(table);
  registerControlFlowOps(table);
  registerContractionOps(table);
  registerCheckOps(table);
  registerChloOps(table);
  registerLinalgOps(table);
  registerCollectiveOps(table);
  registerRandomOps(table);
  table[TypeID::get<func::CallOp>()] = evalCall;
  // Ops that read quantized storage or pass values through unchanged.
  for (TypeID id :
       {TypeID::get<func::CallOp>(), TypeID::get<stablehlo::ConstantOp>(),
        TypeID::get<stablehlo::UniformQuantizeOp>(),
        TypeID::get<stablehlo::UniformDequantizeOp>(),
        TypeID::get<stablehlo::ReshapeOp>(),
        TypeID::get<stablehlo::BitcastConvertOp>(),
        TypeID::get<stablehlo::TupleOp>(),
        TypeID::get<stablehlo::GetTupleElementOp>(),
        TypeID::get<stablehlo::OptimizationBarrierOp>(),
        TypeID::get<stablehlo::CustomCallOp>(),
        TypeID::get<check::ExpectEqOp>(), TypeID::get<check::ExpectEqConstOp>(),
        TypeID::get<check::ExpectAlmostEqOp>(),
        TypeID::get<check::ExpectAlmostEqConstOp>(),
        TypeID::get<check::ExpectCloseOp>(),
        TypeID::get<interpreter::ProbeOp>(),
        TypeID::get<interpreter::PrintOp>()})
    quantizationAware.insert(id);
}

/// The deepest call nesting before evaluation stops (recursive programs).
static constexpr unsigned kMaxCallDepth = 256;

FailureOr<SmallVector<RuntimeValue>>
Evaluator::call(func::FuncOp function, ArrayRef<RuntimeValue> arguments) {
  if (function.isExternal())
    return function.emitError("cannot evaluate a function without a body");
  if (function.getNumArguments() != arguments.size())
    return function.emitError("expects ")
           << function.getNumArguments() << " arguments, got "
           << arguments.size();
  if (callDepth >= kMaxCallDepth)
    return function.emitError("call depth exceeds ") << kMaxCallDepth;
  ++callDepth;
  SmallVector<RuntimeValue> returned;
  LogicalResult result = runBlock(function.getBody().front(), arguments,
                                  returned);
  --callDepth;
  if (failed(result))
    return failure();
  return returned;
}

FailureOr<SmallVector<RuntimeValue>>
Evaluator::runRegion(Region &region, ArrayRef<RuntimeValue> arguments) {
  SmallVector<RuntimeValue> returned;
  if (region.empty() || failed(runBlock(region.front(), arguments, returned)))
    return failure();
  return returned;
}

FailureOr<ffi::HandlerInstance *> Evaluator::getHandlerInstance(
    Operation *op, const ffi::HandlerEntry &handler,
    function_ref<FailureOr<std::shared_ptr<const ffi::AttributeMap>>()>
        getAttributes) {
  std::unique_ptr<ffi::HandlerInstance> &instance = handlerInstances[op];
  if (!instance || &instance->getHandler() != &handler) {
    FailureOr<std::shared_ptr<const ffi::AttributeMap>> attributes =
        getAttributes();
    if (failed(attributes))
      return failure();
    instance =
        std::make_unique<ffi::HandlerInstance>(handler, std::move(*attributes));
  }
  return instance.get();
}

LogicalResult Evaluator::runBlock(Block &block,
                                  ArrayRef<RuntimeValue> arguments,
                                  SmallVectorImpl<RuntimeValue> &returned) {
  // Region bodies are small: their values fit the inline buckets.
  Scope scope;
  if (block.getNumArguments() != arguments.size())
    return block.getParentOp()->emitError("region expects ")
           << block.getNumArguments() << " arguments, got "
           << arguments.size();
  for (auto [argument, value] : llvm::zip(block.getArguments(), arguments))
    scope[argument] = value;
  // Values defined above the region (implicit captures) are looked up in
  // enclosing scopes through `outer`.
  auto lookup = [&](Value value) -> const RuntimeValue * {
    auto it = scope.find(value);
    if (it != scope.end())
      return &it->second;
    for (auto *outer : llvm::reverse(scopes))
      if (auto found = outer->find(value); found != outer->end())
        return &found->second;
    return nullptr;
  };
  scopes.push_back(&scope);
  llvm::scope_exit popScope([&] { scopes.pop_back(); });
  SmallVector<RuntimeValue, 4> operands, results;
  for (Operation &op : block) {
    operands.clear();
    for (Value operand : op.getOperands()) {
      const RuntimeValue *value = lookup(operand);
      if (!value)
        return op.emitError("operand has no value (evaluation order)");
      operands.push_back(*value);
    }
    if (op.hasTrait<OpTrait::IsTerminator>()) {
      returned.assign(operands.begin(), operands.end());
      return success();
    }
    FailureOr<SmallVector<RuntimeValue>> evaluated = evaluate(&op, operands);
    if (failed(evaluated))
      return failure();
    results = std::move(*evaluated);
    for (auto [result, value] : llvm::zip(op.getResults(), results))
      scope[result] = std::move(value);
  }
  return block.getParentOp()->emitError("block without a terminator");
}

FailureOr<SmallVector<RuntimeValue>>
Evaluator::evaluate(Operation *op, ArrayRef<RuntimeValue> operandValues) {
  auto it = table.find(op->getName().getTypeID());
  if (it == table.end())
    return op->emitError("the evaluator does not support '")
           << op->getName() << "'";
  SmallVector<RuntimeValue, 4> operands(operandValues.begin(),
                                     operandValues.end());
  SmallVector<RuntimeValue> results;
  LLVM_DEBUG(llvm::dbgs() << "evaluating " << op->getName() << "\n");
  bool express = !quantizationAware.contains(op->getName().getTypeID()) &&
                 detail::hasQuantizedTypes(op);
  if (express) {
    // The spec's dequantize -> op -> quantize.
    for (RuntimeValue &operand : operands)
      if (operand.isTensor() &&
          isa<quant::QuantizedType>(operand.getTensor().getElementType()))
        operand = detail::dequantize(operand.getTensor());
    expressingQuantized = true;
  }
  // An elementwise op on a value of bounded dynamic shape (after
  // set_dimension_size) takes its operands' run-time shape.
  bool dynamicResults = llvm::any_of(op->getResultTypes(), [](Type type) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    return tensor && !tensor.hasStaticShape();
  });
  if (dynamicResults && op->hasTrait<OpTrait::Elementwise>() &&
      !operands.empty() && operands[0].isTensor())
    elementwiseShape = SmallVector<int64_t>(operands[0].getTensor().getShape());
  LogicalResult evaluated = it->second(op, operands, results, *this);
  expressingQuantized = false;
  elementwiseShape.reset();
  if (failed(evaluated))
    return failure();
  if (dynamicResults)
    for (const RuntimeValue &value : results)
      if (value.isTensor() && !value.getTensor().getType().hasStaticShape())
        return op->emitError("the evaluator cannot give this op a result of "
                             "dynamic type ")
               << value.getTensor().getType();
  if (results.size() != op->getNumResults())
    return op->emitError("evaluation produced ")
           << results.size() << " values for " << op->getNumResults()
           << " results";
  if (express)
    for (auto [result, value] : llvm::zip(op->getResults(), results))
      if (auto type = dyn_cast<RankedTensorType>(result.getType());
          type && isa<quant::QuantizedType>(type.getElementType()))
        value = detail::quantize(value.getTensor(), type);
  return results;
}

void Evaluator::recordCheck(Operation *op, std::optional<std::string> failure) {
  ++numChecks;
  if (failure)
    failures.push_back({op->getLoc(), std::move(*failure)});
}

} // namespace hlox::eval
