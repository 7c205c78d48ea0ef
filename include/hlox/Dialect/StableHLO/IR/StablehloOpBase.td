//===- StablehloOpBase.td - Base classes of StableHLO ops ------*- tablegen -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#ifndef HLOX_DIALECT_STABLEHLO_IR_STABLEHLO_OP_BASE
#define HLOX_DIALECT_STABLEHLO_IR_STABLEHLO_OP_BASE

include "hlox/Dialect/StableHLO/IR/StablehloAttrs.td"
include "hlox/Dialect/StableHLO/IR/StablehloTypes.td"
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/IR/OpAsmInterface.td"

// Result types follow from the operands (spec "type inference"); quantized
// results may differ from the operand in scale and zero point only.
def HLO_CompatibleReturnTypes : NativeOpTrait<"CompatibleReturnTypes", [],
  [{
    static bool isCompatibleReturnTypes(::mlir::TypeRange inferred,
                                        ::mlir::TypeRange actual);
  }],
  [{
    bool $cppClass::isCompatibleReturnTypes(::mlir::TypeRange inferred,
                                            ::mlir::TypeRange actual) {
      return ::hlox::stablehlo::isCompatibleForTypeInference(inferred, actual);
    }
  }]> {
  let cppNamespace = "::hlox::stablehlo::OpTrait";
}
def HLO_InferSameType : TraitList<[DeclareOpInterfaceMethods<InferTypeOpInterface>,
                                   HLO_CompatibleReturnTypes]>;
def HLO_InferType : TraitList<[DeclareOpInterfaceMethods<InferTypeOpInterface>,
                               HLO_CompatibleReturnTypes]>;

class StableHLO_Op<string mnemonic, list<Trait> traits = []>
    : Op<StableHLO_Dialect, mnemonic, traits>;

// `$operand : type` when operand and result types agree, else
// `$operand : (operand type) -> result type`.
class StableHLO_UnaryElementwiseOp<string mnemonic, list<Trait> traits,
                                   Type operandType, Type resultType = operandType>
    : StableHLO_Op<mnemonic, traits # [Pure, Elementwise,
                                       SameOperandsAndResultShape]> {
  let arguments = (ins operandType:$operand);
  let results = (outs resultType:$result);
  let assemblyFormat = [{
    $operand attr-dict `:` custom<SameOperandsAndResultType>(type($operand), type($result))
  }];
}

// Transcendental unary operations take an optional requested accuracy; the
// default (no tolerance, DEFAULT mode) is not printed.
class StableHLO_UnaryWithAccuracyOp<string mnemonic, list<Trait> traits,
                                    Type operandType>
    : StableHLO_Op<mnemonic, traits # [Pure, Elementwise, HLO_InferSameType,
                                       SameOperandsAndResultShape]> {
  let arguments = (ins operandType:$operand,
                       DefaultValuedOptionalAttr<StableHLO_ResultAccuracy, [{
                         ::hlox::stablehlo::ResultAccuracyAttr::get(
                             $_builder.getContext(), ::llvm::APFloat(0.0),
                             ::llvm::APFloat(0.0), 0,
                             ::hlox::stablehlo::ResultAccuracyModeAttr::get(
                                 $_builder.getContext(),
                                 ::hlox::stablehlo::ResultAccuracyMode::DEFAULT))
                       }]>:$result_accuracy);
  let results = (outs operandType:$result);
  let assemblyFormat = [{
    $operand attr-dict `:` custom<SameOperandsAndResultType>(type($operand), type($result))
  }];
}

class StableHLO_BinaryElementwiseOp<string mnemonic, list<Trait> traits,
                                    Type operandType, Type resultType = operandType>
    : StableHLO_Op<mnemonic, traits # [Pure, Elementwise, HLO_InferSameType,
                                       SameOperandsAndResultShape]> {
  let arguments = (ins operandType:$lhs, operandType:$rhs);
  let results = (outs resultType:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:`
      custom<SameOperandsAndResultType>(type($lhs), type($rhs), type($result))
  }];
}

#endif // HLOX_DIALECT_STABLEHLO_IR_STABLEHLO_OP_BASE
