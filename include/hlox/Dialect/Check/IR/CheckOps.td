//===- CheckOps.td - Test assertions on values -----------------*- tablegen -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#ifndef HLOX_DIALECT_CHECK_IR_CHECK_OPS
#define HLOX_DIALECT_CHECK_IR_CHECK_OPS

include "hlox/Dialect/StableHLO/IR/StablehloTypes.td"
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/InferTypeOpInterface.td"

def Check_Dialect : Dialect {
  let name = "check";
  let cppNamespace = "::hlox::check";
  let summary = "Assertions on values, for tests";
  let description = [{
    Ops that compare a computed value with an expected one and report a
    failure; test programs (the conformance corpus among them) use them.
  }];
  let usePropertiesForAttributes = 1;
}

class Check_Op<string mnemonic, list<Trait> traits = []>
    : Op<Check_Dialect, mnemonic, traits>;

def Check_ExpectEqOp : Check_Op<"expect_eq", [AllTypesMatch<["lhs", "rhs"]>]> {
  let summary = "Checks that two values are equal";
  let description = [{
    Fails unless `lhs` and `rhs` are equal element by element, bit for bit
    for floats (NaN equal to NaN).

    ```mlir
    check.expect_eq %actual, %expected : tensor<3xi64>
    ```
  }];
  let arguments = (ins HLO_TensorOrTokenOrTuple:$lhs, HLO_TensorOrTokenOrTuple:$rhs);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($lhs)";
}

def Check_ExpectEqConstOp : Check_Op<"expect_eq_const"> {
  let summary = "Checks that a value equals a constant";
  let description = [{
    Fails unless `lhs` equals `value` element by element.

    ```mlir
    check.expect_eq_const %result, dense<[5, -5]> : tensor<2xi64>
    ```
  }];
  let arguments = (ins HLO_Tensor:$lhs, ElementsAttr:$value);
  let assemblyFormat = "$lhs `,` $value attr-dict custom<ValueType>(ref($value), type($lhs))";
  let hasVerifier = 1;
}

def Check_ExpectAlmostEqOp : Check_Op<"expect_almost_eq",
    [AllTypesMatch<["lhs", "rhs"]>]> {
  let summary = "Checks that two values are close";
  let description = [{
    Fails unless `lhs` and `rhs` differ by at most `tolerance` in each
    element (default 0.0001); integers must be equal.

    ```mlir
    check.expect_almost_eq %actual, %expected, tolerance = 0.1 : tensor<f64>
    ```
  }];
  let arguments = (ins HLO_Tensor:$lhs, HLO_Tensor:$rhs,
                       OptionalAttr<F64Attr>:$tolerance);
  let assemblyFormat = [{
    $lhs `,` $rhs (`,` `tolerance` `=` $tolerance^)? attr-dict `:` type($lhs)
  }];
}

def Check_ExpectAlmostEqConstOp : Check_Op<"expect_almost_eq_const"> {
  let summary = "Checks that a value is close to a constant";
  let description = [{
    Fails unless `lhs` and `value` differ by at most `tolerance` in each
    element (default 0.0001).

    ```mlir
    check.expect_almost_eq_const %result, dense<[0.5, 1.5]> : tensor<2xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$lhs, ElementsAttr:$value,
                       OptionalAttr<F64Attr>:$tolerance);
  let assemblyFormat = [{
    $lhs `,` $value (`,` `tolerance` `=` $tolerance^)? attr-dict
      custom<ValueType>(ref($value), type($lhs))
  }];
  let hasVerifier = 1;
}

def Check_ExpectCloseOp : Check_Op<"expect_close"> {
  let summary = "Checks that two values are within a number of ULPs";
  let description = [{
    Fails unless each element of `actual` is within `max_ulp_difference`
    units in the last place of `expected` (and at least
    `min_ulp_difference` when given).

    ```mlir
    check.expect_close %actual, %expected, max_ulp_difference = 3 : tensor<f16>, tensor<f16>
    ```
  }];
  let arguments = (ins HLO_Tensor:$actual, HLO_Tensor:$expected,
                       DefaultValuedOptionalAttr<I64Attr, "0">:$min_ulp_difference,
                       DefaultValuedOptionalAttr<I64Attr, "3">:$max_ulp_difference);
  let assemblyFormat = [{
    $actual `,` $expected custom<UlpBounds>($min_ulp_difference, $max_ulp_difference)
      attr-dict `:` type($actual) `,` type($expected)
  }];
}

def Check_ExpectSerializedEqOp : Check_Op<"expect_serialized_eq"> {
  let summary = "Checks a value against one a probe wrote";
  let description = [{
    Fails unless `expected` equals what `interpreter.probe` with `probe_id`
    recorded (its `iter`-th recording, the first by default).

    ```mlir
    check.expect_serialized_eq %value, probe_id = "probe0", iter = 1 : tensor<i64>
    ```
  }];
  let arguments = (ins HLO_Tensor:$expected, StrAttr:$probe_id,
                       OptionalAttr<I32Attr>:$iter);
  let assemblyFormat = [{
    $expected `,` `probe_id` `=` $probe_id (`,` `iter` `=` $iter^)? attr-dict
      `:` type($expected)
  }];
}

#endif // HLOX_DIALECT_CHECK_IR_CHECK_OPS
