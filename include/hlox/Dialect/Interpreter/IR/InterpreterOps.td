//===- InterpreterOps.td - Ops of the reference interpreter ----*- tablegen -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#ifndef HLOX_DIALECT_INTERPRETER_IR_INTERPRETER_OPS
#define HLOX_DIALECT_INTERPRETER_IR_INTERPRETER_OPS

include "hlox/Dialect/StableHLO/IR/StablehloTypes.td"
include "mlir/IR/OpBase.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"

def Interpreter_Dialect : Dialect {
  let name = "interpreter";
  let cppNamespace = "::hlox::interpreter";
  let summary = "Ops understood by the reference evaluator";
  let description = [{
    Running several programs in parallel as processes of a collective
    computation, printing and recording values: the tools a test needs
    around the StableHLO ops it exercises.
  }];
  let usePropertiesForAttributes = 1;
}

class Interpreter_Op<string mnemonic, list<Trait> traits = []>
    : Op<Interpreter_Dialect, mnemonic, traits>;

def Interpreter_RunParallelOp : Interpreter_Op<"run_parallel", []> {
  let summary = "Runs functions as the processes of a collective computation";
  let description = [{
    `programs` is a grid of function names, one row per replica and one
    column per partition; each runs in its own process with its share of
    `inputs` (in order), and the results are concatenated in the same
    order. `infeed` names functions that produce the infeed queue.

    ```mlir
    %results:2 = "interpreter.run_parallel"(%0, %1) {programs = [[@f], [@f]]} : (tensor<2xi64>, tensor<2xi64>) -> (tensor<2xi64>, tensor<2xi64>)
    ```
  }];
  let arguments = (ins Variadic<HLO_TensorOrToken>:$inputs,
                       OptionalAttr<ArrayAttr>:$infeed,
                       ArrayAttr:$programs);
  let results = (outs Variadic<HLO_TensorOrToken>:$results);
  let hasVerifier = 1;
}

def Interpreter_ProbeOp : Interpreter_Op<"probe", [AllTypesMatch<["operand", "result"]>]> {
  let summary = "Records a value for a later check";
  let description = [{
    Returns `operand` and records it under `probe_id`, for
    `check.expect_serialized_eq`.

    ```mlir
    %1 = interpreter.probe %0, probe_id = "probe0" : tensor<3xi64>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand, StrAttr:$probe_id);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = "$operand `,` `probe_id` `=` $probe_id attr-dict `:` type($result)";
}

def Interpreter_PrintOp : Interpreter_Op<"print", []> {
  let summary = "Prints a value";
  let description = [{
    Prints `operand` to the standard output.

    ```mlir
    interpreter.print %0 : tensor<2xi32>
    ```
  }];
  let arguments = (ins HLO_TensorOrTokenOrTuple:$operand);
  let assemblyFormat = "$operand attr-dict `:` type($operand)";
}

#endif // HLOX_DIALECT_INTERPRETER_IR_INTERPRETER_OPS
