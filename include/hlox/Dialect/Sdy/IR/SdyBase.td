//===- SdyBase.td - The Shardy dialect and its enums -------*- tablegen -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#ifndef HLOX_DIALECT_SDY_IR_SDY_BASE
#define HLOX_DIALECT_SDY_IR_SDY_BASE

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

def Sdy_Dialect : Dialect {
  let name = "sdy";
  let cppNamespace = "::hlox::sdy";
  let summary = "Shardy: how tensors are sharded over a mesh of devices";
  let description = [{
    The sharding annotations that JAX exports carry (upstream Shardy,
    openxla/shardy), with the upstream syntax: meshes of named axes,
    tensor shardings over them, the ops that constrain, reshard or run
    regions manually, and the op sharding rules of custom calls. hlox keeps
    them structured for a multi-device partitioner; for a single-device
    compile, `sdy-drop-shardings` removes them.
  }];
  let useDefaultAttributePrinterParser = 1;
  let usePropertiesForAttributes = 1;
  let hasOperationAttrVerify = 1;
  let hasRegionArgAttrVerify = 1;
  let hasRegionResultAttrVerify = 1;
  let extraClassDeclaration = [{
    /// Adds the attributes (in SdyAttrs.cpp, next to their storage).
    void registerAttributes();

    /// `sdy.sharding`: a TensorShardingAttr on function arguments and
    /// results, a TensorShardingPerValueAttr on ops.
    static constexpr ::llvm::StringLiteral kShardingAttr = "sdy.sharding";
    /// `sdy.sharding_rule`: an OpShardingRuleAttr on ops.
    static constexpr ::llvm::StringLiteral kShardingRuleAttr =
        "sdy.sharding_rule";
  }];
}

class Sdy_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<Sdy_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

class Sdy_Op<string mnemonic, list<Trait> traits = []>
    : Op<Sdy_Dialect, mnemonic, traits>;

//===----------------------------------------------------------------------===//
// Enums
//===----------------------------------------------------------------------===//

def Sdy_PropagationDirection : I32EnumAttr<"PropagationDirection",
    "Which way shardings may propagate through a `propagation_barrier`", [
      I32EnumAttrCase<"NONE", 0>, I32EnumAttrCase<"FORWARD", 1>,
      I32EnumAttrCase<"BACKWARD", 2>, I32EnumAttrCase<"BOTH", 3>]> {
  let cppNamespace = "::hlox::sdy";
}

def Sdy_ReductionOp : I32EnumAttr<"ReductionOp",
    "How the partial values of unreduced axes combine", [
      I32EnumAttrCase<"SUM", 0, "sum">, I32EnumAttrCase<"MAX", 1, "max">,
      I32EnumAttrCase<"MIN", 2, "min">]> {
  let cppNamespace = "::hlox::sdy";
}

#endif // HLOX_DIALECT_SDY_IR_SDY_BASE
