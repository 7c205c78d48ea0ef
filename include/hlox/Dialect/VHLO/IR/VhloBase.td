//===- VhloBase.td - The versioned StableHLO dialect -------*- tablegen -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// VHLO is StableHLO's serialization dialect: every op, attribute and type
// carries the range of StableHLO versions it exists in, and a change to one
// of them is a new definition (`_v2`) next to the old one, never an edit.
// Portable artifacts are MLIR bytecode of VHLO.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_DIALECT_VHLO_IR_VHLO_BASE
#define HLOX_DIALECT_VHLO_IR_VHLO_BASE

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"
include "hlox/Dialect/VHLO/IR/VhloInterfaces.td"

def Vhlo_Dialect : Dialect {
  let name = "vhlo";
  let cppNamespace = "::hlox::vhlo";
  let summary = "Versioned StableHLO: the form of portable artifacts";
  let description = [{
    The ops, attributes and types of StableHLO from version 0.9.0 to
    1.20.0, each with the versions it exists in. Programs become VHLO to be
    serialized (`stablehlo-legalize-to-vhlo`, then `vhlo-to-version` for the
    target) and come back the other way after reading. VHLO ops have no
    verifiers: they hold whatever the version's StableHLO held.
  }];
  let useDefaultAttributePrinterParser = 1;
  let useDefaultTypePrinterParser = 1;
  let usePropertiesForAttributes = 1;
  let extraClassDeclaration = [{
    void registerAttributes();
    void registerTypes();
  }];
}

// "X.Y.Z" or "current" as a C++ expression of type Version.
class VHLO_VersionExpr<string version> {
  string expr = !if(!eq(version, "current"),
      "::hlox::vhlo::Version::getCurrentVersion()",
      "::hlox::vhlo::Version(" # !subst(".", ", ", version) # ")");
}

// The two methods every versioned definition has.
class VHLO_VersionMethods<string minVersion, string maxVersion> {
  code decl = [{
    static ::hlox::vhlo::Version getMinVersion() {
      return }] # VHLO_VersionExpr<minVersion>.expr # [{;
    }
    static ::hlox::vhlo::Version getMaxVersion() {
      return }] # VHLO_VersionExpr<maxVersion>.expr # [{;
    }
  }];
}

#endif // HLOX_DIALECT_VHLO_IR_VHLO_BASE
