//===- Evaluator.h - The StableHLO reference evaluator ----------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Evaluates functions of a module op by op on host tensors. Each op kind
// has an evaluation function registered in an OpTable (one file per op
// family under lib/Evaluator); region ops call back into the Evaluator to
// run their regions. Check ops record their outcome in the Evaluator instead
// of failing the run, so that every mismatch gets reported.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_EVALUATOR_EVALUATOR_H
#define HLOX_EVALUATOR_EVALUATOR_H

#include "hlox/Evaluator/Tensor.h"
#include "hlox/ffi/Invoke.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Operation.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringMap.h"

#include <functional>
#include <optional>
#include <random>
#include <string>
#include <vector>

namespace mlir::func {
class FuncOp;
} // namespace mlir::func

namespace hlox::eval {

/// A runtime value: a tensor, a token, or a tuple of values.
class RuntimeValue {
public:
  enum class Kind { Tensor, Token, Tuple };

  RuntimeValue() = default;
  RuntimeValue(Tensor tensor) : kind(Kind::Tensor), tensor(std::move(tensor)) {}
  static RuntimeValue token() {
    RuntimeValue value;
    value.kind = Kind::Token;
    return value;
  }
  static RuntimeValue tuple(std::vector<RuntimeValue> elements) {
    RuntimeValue value;
    value.kind = Kind::Tuple;
    value.elements = std::move(elements);
    return value;
  }

  Kind getKind() const { return kind; }
  bool isTensor() const { return kind == Kind::Tensor; }
  const Tensor &getTensor() const { return tensor; }
  llvm::ArrayRef<RuntimeValue> getElements() const { return elements; }

  void print(llvm::raw_ostream &os) const;

private:
  Kind kind = Kind::Token;
  Tensor tensor;
  std::vector<RuntimeValue> elements;
};

/// One check op's outcome that failed.
struct CheckFailure {
  mlir::Location location;
  std::string message;
};

class Evaluator;
struct ProcessContext;

/// Evaluates one op: reads `operands`, appends one value per result. Fails
/// after emitting a diagnostic on the op.
using EvalFn = mlir::LogicalResult (*)(mlir::Operation *op,
                                       llvm::ArrayRef<RuntimeValue> operands,
                                       llvm::SmallVectorImpl<RuntimeValue> &results,
                                       Evaluator &evaluator);

/// The evaluation function of each op kind.
using OpTable = llvm::DenseMap<mlir::TypeID, EvalFn>;

/// Registration of each op family (one per lib/Evaluator/Eval*.cpp).
void registerElementwiseOps(OpTable &table);
void registerDataMovementOps(OpTable &table);
void registerGatherScatterOps(OpTable &table);
void registerReductionOps(OpTable &table);
void registerControlFlowOps(OpTable &table);
void registerContractionOps(OpTable &table);
void registerCheckOps(OpTable &table);
void registerChloOps(OpTable &table);
void registerLinalgOps(OpTable &table);
void registerCollectiveOps(OpTable &table);
void registerRandomOps(OpTable &table);

class Evaluator {
public:
  /// An evaluator for `module`, running as `process` of a parallel run (or
  /// as the single process of a 1x1 grid when null).
  explicit Evaluator(mlir::ModuleOp module,
                     ProcessContext *process = nullptr);

  /// Runs `function` on `arguments`; fails after a diagnostic at the op that
  /// could not be evaluated.
  mlir::FailureOr<llvm::SmallVector<RuntimeValue>>
  call(mlir::func::FuncOp function, llvm::ArrayRef<RuntimeValue> arguments);

  /// Runs the function `callee` names (from `op`'s symbol table) on
  /// `arguments`, appending its results; fails at `op` when there is no such
  /// function with a body.
  mlir::LogicalResult callSymbol(mlir::Operation *op,
                                 mlir::SymbolRefAttr callee,
                                 llvm::ArrayRef<RuntimeValue> arguments,
                                 llvm::SmallVectorImpl<RuntimeValue> &results);

  /// Evaluates one op on `operands` (values for its operands); fails after
  /// a diagnostic when the op cannot be evaluated.
  mlir::FailureOr<llvm::SmallVector<RuntimeValue>>
  evaluate(mlir::Operation *op, llvm::ArrayRef<RuntimeValue> operands);

  /// The evaluation function registered for ops of `id`, or null.
  EvalFn lookup(mlir::TypeID id) const {
    auto it = table.find(id);
    return it == table.end() ? nullptr : it->second;
  }

  /// Runs the single block of `region` on `arguments` and returns the
  /// operands of its terminator.
  mlir::FailureOr<llvm::SmallVector<RuntimeValue>>
  runRegion(mlir::Region &region, llvm::ArrayRef<RuntimeValue> arguments);

  /// Records a check and its failure, if any.
  void recordCheck(mlir::Operation *op, std::optional<std::string> failure);
  int64_t getNumChecks() const { return numChecks; }
  llvm::ArrayRef<CheckFailure> getCheckFailures() const { return failures; }

  /// interpreter.probe recordings, in order, per probe id.
  void recordProbe(llvm::StringRef id, RuntimeValue value) {
    probes[id].push_back(std::move(value));
  }
  llvm::ArrayRef<RuntimeValue> getProbe(llvm::StringRef id) const {
    auto it = probes.find(id);
    return it == probes.end() ? llvm::ArrayRef<RuntimeValue>()
                              : llvm::ArrayRef<RuntimeValue>(it->second);
  }

  mlir::ModuleOp getModule() const { return module; }
  ProcessContext *getProcess() const { return process; }

  /// While an elementwise op with a dynamic result type is evaluated: its
  /// operands' run-time shape, which its result takes.
  const std::optional<llvm::SmallVector<int64_t>> &getElementwiseShape() const {
    return elementwiseShape;
  }

  /// The random engine of stablehlo.rng (seeded with 0, so runs repeat).
  std::mt19937_64 &getRandomEngine() { return randomEngine; }

  /// Where the handlers of custom_call targets other than the checks are
  /// looked up (the global registry unless set; must outlive the
  /// evaluator).
  const ffi::HandlerRegistry &getHandlers() const {
    return handlers ? *handlers : ffi::HandlerRegistry::global();
  }
  void setHandlers(const ffi::HandlerRegistry *registry) {
    handlers = registry;
  }
  /// The handler instance of custom-call op `op`, made on first use with
  /// the attributes `getAttributes` decodes (so that they are decoded, and
  /// its instantiate stage runs, once per op); and the context handlers
  /// run in.
  mlir::FailureOr<ffi::HandlerInstance *> getHandlerInstance(
      mlir::Operation *op, const ffi::HandlerEntry &handler,
      llvm::function_ref<
          mlir::FailureOr<std::shared_ptr<const ffi::AttributeMap>>()>
          getAttributes);
  ffi::ExecutionContext &getHandlerContext() { return handlerContext; }

  /// Runs an `interpreter.run_parallel` op on its operands instead of the
  /// evaluator's threads: every process's results, in order, or failure
  /// after a diagnostic. The tools set one that runs the processes'
  /// programs compiled.
  using ParallelRunner =
      std::function<mlir::FailureOr<llvm::SmallVector<RuntimeValue>>(
          mlir::Operation *runParallel, llvm::ArrayRef<RuntimeValue> operands,
          Evaluator &evaluator)>;
  void setParallelRunner(ParallelRunner runner) {
    parallelRunner = std::move(runner);
  }
  const ParallelRunner &getParallelRunner() const { return parallelRunner; }

  /// Takes over the check outcomes of another evaluator (a process of a
  /// parallel run).
  void absorbChecks(const Evaluator &other) {
    numChecks += other.numChecks;
    failures.insert(failures.end(), other.failures.begin(),
                    other.failures.end());
  }

  /// True while a quantized op runs on dequantized operands: its results are
  /// computed in the expressed type and quantized afterwards.
  bool isExpressingQuantized() const { return expressingQuantized; }

private:
  ParallelRunner parallelRunner;
  mlir::LogicalResult runBlock(mlir::Block &block,
                               llvm::ArrayRef<RuntimeValue> arguments,
                               llvm::SmallVectorImpl<RuntimeValue> &returned);

  mlir::ModuleOp module;
  ProcessContext *process;
  OpTable table;
  /// The value maps of the blocks being run, innermost last; regions see
  /// the values of the blocks around them.
  using Scope = llvm::SmallDenseMap<mlir::Value, RuntimeValue, 8>;
  llvm::SmallVector<Scope *> scopes;
  int64_t numChecks = 0;
  std::vector<CheckFailure> failures;
  unsigned callDepth = 0;
  bool expressingQuantized = false;
  /// Ops that handle quantized values themselves; other ops with quantized
  /// operands or results run on dequantized values.
  llvm::DenseSet<mlir::TypeID> quantizationAware;
  llvm::StringMap<std::vector<RuntimeValue>> probes;
  std::mt19937_64 randomEngine{0};
  const ffi::HandlerRegistry *handlers = nullptr;
  llvm::DenseMap<mlir::Operation *, std::unique_ptr<ffi::HandlerInstance>>
      handlerInstances;
  ffi::ExecutionContext handlerContext;
  std::optional<llvm::SmallVector<int64_t>> elementwiseShape;
};

} // namespace hlox::eval

#endif // HLOX_EVALUATOR_EVALUATOR_H
