//===- StablehloTypes.td - StableHLO types ---------------------*- tablegen -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#ifndef HLOX_DIALECT_STABLEHLO_IR_STABLEHLO_TYPES
#define HLOX_DIALECT_STABLEHLO_IR_STABLEHLO_TYPES

include "hlox/Dialect/StableHLO/IR/StablehloBase.td"

def StableHLO_Token : TypeDef<StableHLO_Dialect, "Token"> {
  let mnemonic = "token";
  let summary = "Token type";
  let description = [{
    A token orders side-effecting operations (`infeed`, `outfeed`, `send`,
    `recv`, `after_all`); it carries no value. Spec: `TokenType`.
  }];
}

def StableHLO_Future : TypeDef<StableHLO_Dialect, "Future"> {
  let mnemonic = "future";
  let summary = "Future type";
  let description = [{
    The values an `async_start` produces, available to the `async_done` that
    waits for them: `!stablehlo.future<tensor<4xf32>, tensor<i32>>`. Spec:
    `FutureType` (one or more tensor types).
  }];
  let parameters = (ins ArrayRefParameter<"::mlir::Type", "value types">:$types);
  let assemblyFormat = "`<` $types `>`";
  let genVerifyDecl = 1;
}

def HLO_Tuple : NestedTupleOf<[HLO_Tensor, StableHLO_Token]>;
def HLO_TensorOrToken : AnyTypeOf<[HLO_Tensor, StableHLO_Token]>;
def HLO_TensorOrPerAxisQuantizedTensor :
    AnyTypeOf<[HLO_Tensor, RankedTensorOf<[HLO_PerAxisQuantizedInt]>]>;
def HLO_TensorOrTokenOrTuple : AnyTypeOf<[HLO_Tensor, StableHLO_Token, HLO_Tuple]>;
def HLO_AnyValue : AnyTypeOf<[HLO_TensorOrPerAxisQuantizedTensor, StableHLO_Token,
                              HLO_Tuple]>;
// The spec's buffer types: memrefs that custom calls create, fill and read
// (CreateBuffer, Pin, Unpin).
def HLO_Buffer : MemRefOf<[HLO_Float, HLO_Pred, HLO_Int, HLO_Complex]>;
def HLO_CustomCallValue : AnyTypeOf<[HLO_AnyValue, HLO_Buffer, StableHLO_Future]>;

#endif // HLOX_DIALECT_STABLEHLO_IR_STABLEHLO_TYPES
