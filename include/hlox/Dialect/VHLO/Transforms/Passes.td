//===- Passes.td - VHLO passes -----------------------------*- tablegen -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#ifndef HLOX_DIALECT_VHLO_TRANSFORMS_PASSES_TD
#define HLOX_DIALECT_VHLO_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def StablehloLegalizeToVhlo
    : Pass<"stablehlo-legalize-to-vhlo", "::mlir::ModuleOp"> {
  let summary = "Rewrites a StableHLO program into VHLO of the current version";
  let description = [{
    Every `func.func`, `func.call`, `func.return` and StableHLO op becomes
    the newest VHLO form of the op; types and attributes become their VHLO
    counterparts. Structured attributes are spelled out (`channel_handle`
    becomes `channel_id` and, on send and recv, `channel_type`; dimension
    numbers become one attribute per field; a dot algorithm its seven
    fields), and an attribute that is absent gets its default value, as
    every VHLO attribute is required. The module's own attributes stay as
    they are, and so do VHLO ops.

    An op, a type or an attribute that VHLO cannot hold (another dialect's,
    a signed `si` integer, a string attribute with a type, a tensor
    encoding other than `#stablehlo.bounds`) is an error at the op. The IR
    is built in program order, so every value's uses are in the order a
    reader of the bytecode recreates (which keeps serialization
    byte-for-byte reproducible).
  }];
  let dependentDialects = ["::hlox::vhlo::VhloDialect"];
}

def VhloToVersion : Pass<"vhlo-to-version", "::mlir::ModuleOp"> {
  let summary = "Moves VHLO ops between the forms of StableHLO versions";
  let description = [{
    Rewrites each op into the form that StableHLO `target` has: to an older
    form where the target predates the op's form (`_v2` to `_v1`, dropping
    attributes only when they hold the older version's implicit value), to
    the newer form where it follows it. An op, attribute or type that the
    target cannot express is an error naming it ("failed to legalize
    operation ... that was explicitly marked illegal"), followed by
    "failed to convert VHLO to v<target>".

    `target` is `X.Y.Z` between the minimum (0.9.0) and the current
    version (1.20.0), or `current`; a patch number other than 0 selects the
    forms of X.Y.0.
  }];
  let options = [
    Option<"targetVersionOption", "target", "std::string", "",
           "StableHLO version to move to: X.Y.Z or 'current'">,
  ];
  let dependentDialects = ["::hlox::vhlo::VhloDialect"];
}

def VhloLegalizeToStablehlo
    : Pass<"vhlo-legalize-to-stablehlo", "::mlir::ModuleOp"> {
  let summary = "Rewrites VHLO of the current version into StableHLO";
  let description = [{
    The inverse of `stablehlo-legalize-to-vhlo`: `vhlo.func_v1`,
    `call_v1` and `return_v1` become `func` ops (`return_v1` in a StableHLO
    op's region becomes `stablehlo.return`), the other ops their StableHLO
    op. Attributes that hold their default value are dropped, the spelled
    out fields of structured attributes are gathered again, and attributes
    get the builtin kinds StableHLO's ops declare (`array<i64: ...>` for
    dimension lists). Run `vhlo-to-version{target=current}` first: an op in
    an older form is an error.
  }];
  let dependentDialects = ["::mlir::func::FuncDialect",
                           "::mlir::quant::QuantDialect",
                           "::hlox::stablehlo::StableHLODialect"];
}

#endif // HLOX_DIALECT_VHLO_TRANSFORMS_PASSES_TD
