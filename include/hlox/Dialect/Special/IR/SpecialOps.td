//===- SpecialOps.td - Special functions and small floats ------*- tablegen -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#ifndef HLOX_DIALECT_SPECIAL_IR_SPECIAL_OPS
#define HLOX_DIALECT_SPECIAL_IR_SPECIAL_OPS

include "mlir/IR/OpBase.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/IR/BuiltinAttributes.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Special_Dialect : Dialect {
  let name = "special";
  let cppNamespace = "::hlox::special";
  let summary = "Scalar functions and float formats that each target resolves";
  let description = [{
    The scalar computations that `convert-stablehlo-to-linalg` needs but
    that neither `arith`, `math` nor `complex` has: special functions
    (`lgamma`, `digamma`, `erf_inv`, `bessel_i1e`, `zeta`, `polygamma`),
    `next_after`, the inverse trigonometric and hyperbolic functions of
    complex numbers, and the decoding and encoding of the 4-, 6- and 8-bit
    float formats, which kernels hold in the low bits of an `i8`.

    The ops say what is computed, not how: each target resolves them. The
    CPU target (`hlox-cpu-special-to-calls`) calls the runtime's functions,
    which compute in double like the evaluator; another target may call its
    own library or expand them inline. All ops are scalar and pure.
  }];
  let usePropertiesForAttributes = 1;
}

class Special_Op<string mnemonic, list<Trait> traits = []>
    : Op<Special_Dialect, mnemonic, !listconcat([Pure], traits)>;

class Special_UnaryFloatOp<string mnemonic, string fn>
    : Special_Op<mnemonic, [SameOperandsAndResultType]> {
  let summary = fn # " of a float";
  let description = [{
    The function on one scalar float of any width; targets compute it at
    least in the precision of the type (the CPU target in f64, rounding
    once to the result type).

    ```mlir
    %y = special.}] # mnemonic # [{ %x : f32
    ```
  }];
  let arguments = (ins AnyFloat:$operand);
  let results = (outs AnyFloat:$result);
  let assemblyFormat = "$operand attr-dict `:` type($result)";
}

def Special_LgammaOp : Special_UnaryFloatOp<"lgamma",
    "The logarithm of the absolute value of the gamma function">;
def Special_DigammaOp : Special_UnaryFloatOp<"digamma",
    "The logarithmic derivative of the gamma function">;
def Special_ErfInvOp : Special_UnaryFloatOp<"erf_inv",
    "The inverse of the error function">;
def Special_BesselI1eOp : Special_UnaryFloatOp<"bessel_i1e",
    "The exponentially scaled modified Bessel function of order one">;

class Special_BinaryFloatOp<string mnemonic, string fn>
    : Special_Op<mnemonic, [SameOperandsAndResultType]> {
  let summary = fn;
  let description = [{
    The function of two scalar floats of one type; the CPU target computes
    it in f64 and rounds once to the result type.

    ```mlir
    %y = special.}] # mnemonic # [{ %a, %b : f64
    ```
  }];
  let arguments = (ins AnyFloat:$lhs, AnyFloat:$rhs);
  let results = (outs AnyFloat:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($result)";
}

def Special_ZetaOp : Special_BinaryFloatOp<"zeta",
    "The Hurwitz zeta function zeta(x, q), x first">;
def Special_PolygammaOp : Special_BinaryFloatOp<"polygamma",
    "The polygamma function of order n at x, n first">;

class Special_ComplexOp<string mnemonic, string fn>
    : Special_Op<mnemonic, [SameOperandsAndResultType]> {
  let summary = fn # " of a complex number";
  let description = [{
    The principal value, with the branch cuts of C's `c}] # fn # [{`;
    closed forms lose accuracy near the cuts, so targets compute it
    carefully (the CPU target in double).

    ```mlir
    %w = special.}] # mnemonic # [{ %z : complex<f32>
    ```
  }];
  let arguments = (ins AnyComplex:$operand);
  let results = (outs AnyComplex:$result);
  let assemblyFormat = "$operand attr-dict `:` type($result)";
}

def Special_ComplexAsinOp : Special_ComplexOp<"complex_asin", "asin">;
def Special_ComplexAcosOp : Special_ComplexOp<"complex_acos", "acos">;
def Special_ComplexAsinhOp : Special_ComplexOp<"complex_asinh", "asinh">;
def Special_ComplexAcoshOp : Special_ComplexOp<"complex_acosh", "acosh">;

def Special_DecodeSmallFloatOp : Special_Op<"decode_small_float"> {
  let summary = "The f32 value of a 4-, 6- or 8-bit float held in an i8";
  let description = [{
    Reads the low bits of `bits` as a float of type `format` (one of the
    f4, f6 and f8 types) and returns its value, exactly, as f32.

    ```mlir
    %x = special.decode_small_float %bits {format = f8E4M3FN} : i8 -> f32
    ```
  }];
  let arguments = (ins I8:$bits, TypeAttr:$format);
  let results = (outs F32:$result);
  let assemblyFormat = "$bits attr-dict `:` type($bits) `->` type($result)";
  let hasVerifier = 1;
}

def Special_EncodeSmallFloatOp : Special_Op<"encode_small_float"> {
  let summary = "Rounds an f64 to a 4-, 6- or 8-bit float held in an i8";
  let description = [{
    Rounds `value` to nearest even in type `format` (one of the f4, f6 and
    f8 types) and returns its bits in the low bits of an i8; values beyond
    the format's range become its infinity, NaN where it has NaN only, and
    its largest finite value in formats with neither.

    ```mlir
    %bits = special.encode_small_float %x {format = f8E5M2} : f64 -> i8
    ```
  }];
  let arguments = (ins F64:$value, TypeAttr:$format);
  let results = (outs I8:$result);
  let assemblyFormat = "$value attr-dict `:` type($value) `->` type($result)";
  let hasVerifier = 1;
}

#endif // HLOX_DIALECT_SPECIAL_IR_SPECIAL_OPS
