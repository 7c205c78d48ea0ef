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

def HLO_Tuple : NestedTupleOf<[HLO_Tensor, StableHLO_Token]>;
def HLO_TensorOrToken : AnyTypeOf<[HLO_Tensor, StableHLO_Token]>;
def HLO_TensorOrPerAxisQuantizedTensor :
    AnyTypeOf<[HLO_Tensor, RankedTensorOf<[HLO_PerAxisQuantizedInt]>]>;
def HLO_TensorOrTokenOrTuple : AnyTypeOf<[HLO_Tensor, StableHLO_Token, HLO_Tuple]>;
def HLO_AnyValue : AnyTypeOf<[HLO_TensorOrPerAxisQuantizedTensor, StableHLO_Token,
                              HLO_Tuple]>;

#endif // HLOX_DIALECT_STABLEHLO_IR_STABLEHLO_TYPES
