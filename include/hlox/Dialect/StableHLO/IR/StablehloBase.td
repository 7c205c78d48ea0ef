//===- StablehloBase.td - StableHLO dialect and type constraints -*- tablegen -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#ifndef HLOX_DIALECT_STABLEHLO_IR_STABLEHLO_BASE
#define HLOX_DIALECT_STABLEHLO_IR_STABLEHLO_BASE

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinTypes.td"

def StableHLO_Dialect : Dialect {
  let name = "stablehlo";
  let cppNamespace = "::hlox::stablehlo";
  let summary = "The StableHLO operation set";
  let description = [{
    StableHLO is a portable operation set for ML programs, specified at
    https://github.com/openxla/stablehlo/blob/main/docs/spec.md. This dialect
    keeps the upstream names, attributes and textual forms so that programs
    exported by JAX, PyTorch/XLA and TensorFlow parse as they are.
  }];
  let dependentDialects = ["::mlir::quant::QuantDialect"];
  let useDefaultAttributePrinterParser = 1;
  let useDefaultTypePrinterParser = 1;
  let usePropertiesForAttributes = 1;
  let extraClassDeclaration = [{
    /// Registers the attributes; defined beside their storage classes.
    void registerAttributes();
  }];
}

//===----------------------------------------------------------------------===//
// Element types (spec: "Types")
//===----------------------------------------------------------------------===//

def HLO_Pred : TypeAlias<I1, "pred (i1)">;

// Signed integers are signless in MLIR; unsigned ones carry `ui`.
def HLO_SInt : SignlessIntOfWidths<[2, 4, 8, 16, 32, 64]>;
def HLO_UInt : UnsignedIntOfWidths<[2, 4, 8, 16, 32, 64]>;
def HLO_Int : AnyTypeOf<[HLO_SInt, HLO_UInt]>;

def HLO_Float : Type<CPred<"::hlox::stablehlo::isSupportedFloatType($_self)">,
                     "float (f4/f6/f8 variants, bf16, f16, tf32, f32, f64)">;

def HLO_Complex : Complex<AnyTypeOf<[F32, F64]>>;

def HLO_QuantizedInt :
    Type<CPred<"::hlox::stablehlo::isSupportedQuantizedType($_self)">,
         "uniform quantized integer">;

def HLO_PerAxisQuantizedInt :
    Type<CPred<"::llvm::isa<::mlir::quant::UniformQuantizedPerAxisType>($_self)">,
         "per-axis uniform quantized integer">;

//===----------------------------------------------------------------------===//
// Tensor types
//===----------------------------------------------------------------------===//

def HLO_Tensor : RankedTensorOf<[HLO_Float, HLO_Pred, HLO_Int, HLO_Complex,
                                  HLO_QuantizedInt]>;
def HLO_NonQuantizedTensor : RankedTensorOf<[HLO_Float, HLO_Pred, HLO_Int,
                                              HLO_Complex]>;
def HLO_PredTensor : RankedTensorOf<[HLO_Pred]>;
def HLO_IntTensor : RankedTensorOf<[HLO_Int]>;
def HLO_PredOrIntTensor : RankedTensorOf<[HLO_Pred, HLO_Int]>;
def HLO_FpTensor : RankedTensorOf<[HLO_Float]>;
def HLO_FpOrComplexTensor : RankedTensorOf<[HLO_Float, HLO_Complex]>;
def HLO_FpOrQuantizedTensor : RankedTensorOf<[HLO_Float, HLO_QuantizedInt]>;
def HLO_FpComplexOrQuantizedTensor :
    RankedTensorOf<[HLO_Float, HLO_Complex, HLO_QuantizedInt]>;
def HLO_IntFpOrComplexOrQuantizedTensor :
    RankedTensorOf<[HLO_Int, HLO_Float, HLO_Complex, HLO_QuantizedInt]>;
def HLO_QuantizedIntTensor : RankedTensorOf<[HLO_QuantizedInt]>;
def HLO_ComplexTensor : RankedTensorOf<[HLO_Complex]>;
def HLO_Fp32Or64Tensor : RankedTensorOf<[F32, F64]>;

// Shape operands of the dynamism ops: 1-D tensors of integers (index allowed).
def HLO_DimensionTensor : 1DTensorOf<[HLO_Int, Index]>;
def HLO_ScalarIntTensor : 0DTensorOf<[HLO_Int]>;
def HLO_ScalarTensor : 0DTensorOf<[HLO_Float, HLO_Pred, HLO_Int, HLO_Complex,
                                    HLO_QuantizedInt]>;

#endif // HLOX_DIALECT_STABLEHLO_IR_STABLEHLO_BASE
