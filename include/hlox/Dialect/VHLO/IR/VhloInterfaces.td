//===- VhloInterfaces.td - Versioned ops, attributes, types -*- tablegen -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#ifndef HLOX_DIALECT_VHLO_IR_VHLO_INTERFACES
#define HLOX_DIALECT_VHLO_IR_VHLO_INTERFACES

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"

//===----------------------------------------------------------------------===//

def VHLO_VersionedOpInterface : OpInterface<"VersionedOpInterface"> {
  let cppNamespace = "::hlox::vhlo";
  let description = "The StableHLO versions an op exists in.";
  let methods = [
    InterfaceMethod<"The first version with this op.",
        "::hlox::vhlo::Version", "getMinVersion">,
    InterfaceMethod<"The last version with this op.",
        "::hlox::vhlo::Version", "getMaxVersion">,
  ];
}

def VHLO_VersionedOpConstraintInterface
    : OpInterface<"VersionedOpConstraintInterface"> {
  let cppNamespace = "::hlox::vhlo";
  let description = [{
    What an op's attributes or types must satisfy in an older version beyond
    the version range of its definition (for example, a reduction body in
    the operands' element type before 0.17.0).
  }];
  let methods = [
    InterfaceMethod<"Whether this op can be written for `target`.",
        "::mlir::LogicalResult", "validateConstraint",
        (ins "::hlox::vhlo::Version":$target)>,
  ];
}

def VHLO_VersionedAttrInterface : AttrInterface<"VersionedAttrInterface"> {
  let cppNamespace = "::hlox::vhlo";
  let description = "The StableHLO versions an attribute exists in.";
  let methods = [
    InterfaceMethod<"The first version with this attribute.",
        "::hlox::vhlo::Version", "getMinVersion">,
    InterfaceMethod<"The last version with this attribute.",
        "::hlox::vhlo::Version", "getMaxVersion">,
  ];
}

def VHLO_VersionedTypeInterface : TypeInterface<"VersionedTypeInterface"> {
  let cppNamespace = "::hlox::vhlo";
  let description = "The StableHLO versions a type exists in.";
  let methods = [
    InterfaceMethod<"The first version with this type.",
        "::hlox::vhlo::Version", "getMinVersion">,
    InterfaceMethod<"The last version with this type.",
        "::hlox::vhlo::Version", "getMaxVersion">,
  ];
}

#endif // HLOX_DIALECT_VHLO_IR_VHLO_INTERFACES
