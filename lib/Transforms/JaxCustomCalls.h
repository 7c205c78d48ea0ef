//===- JaxCustomCalls.h - JAX's custom calls as hlox ops --------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// The rewrites stablehlo-legalize-jax-custom-calls applies, one function per
// group of targets. Each returns true after replacing (and erasing) the
// call, false when the call must wait for static shapes or constant
// operands (stablehlo-refine-shapes retries it), and failure after an error
// at the call.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_LIB_TRANSFORMS_JAXCUSTOMCALLS_H
#define HLOX_LIB_TRANSFORMS_JAXCUSTOMCALLS_H

#include "ConstantInts.h"

#include "hlox/Dialect/StableHLO/IR/StablehloOps.h"

#include "mlir/IR/Builders.h"

namespace hlox::jax {

/// Rewrites `call` when its target is one JAX writes (all of the below, and
/// top_k, sharding annotations and shape assertions); false for other
/// targets and for calls that wait. Calls with results of dynamic shape
/// wait unless `refining` (stablehlo-refine-shapes, which refines the
/// results' users after them).
mlir::FailureOr<bool> legalizeJaxCustomCall(stablehlo::CustomCallOp call,
                                            mlir::OpBuilder &builder,
                                            bool refining);

/// Drops the trailing result-shape operands of a shape-polymorphic call
/// (`indices_of_shape_operands`) once they are constants, giving the
/// results those shapes; false while they are not.
mlir::FailureOr<bool> dropShapeOperands(stablehlo::CustomCallOp call);

/// The body of function `name` (called_computations) cloned into `region`
/// (empty), its func.return a stablehlo.return.
mlir::LogicalResult cloneComputation(stablehlo::CustomCallOp call,
                                     mlir::StringRef name, mlir::Region &region,
                                     mlir::OpBuilder &builder);

/// ApproxTopK and stablehlo.dynamic_approx_top_k (once k is a constant):
/// on the CPU the exact top-k, a stable sort by the call's comparator and
/// a slice to the result's size along reduction_dim.
mlir::FailureOr<bool> rewriteApproxTopK(stablehlo::CustomCallOp call,
                                        mlir::OpBuilder &builder);

/// stablehlo.dynamic_top_k, stablehlo.dynamic_rng_bit_generator and
/// stablehlo.dynamic_reduce_window, once their k, shape or window operands
/// are constants: chlo.top_k, stablehlo.rng_bit_generator and
/// stablehlo.reduce_window.
mlir::FailureOr<bool> rewriteDynamicOp(stablehlo::CustomCallOp call,
                                       mlir::OpBuilder &builder);

/// Qr and ProductOfElementaryHouseholderReflectors (XLA's names, with
/// row-major operands): the LAPACK targets lapack_?geqrf_ffi and
/// lapack_?orgqr_ffi/?ungqr_ffi with column-major layouts.
mlir::FailureOr<bool> rewriteHouseholder(stablehlo::CustomCallOp call,
                                         mlir::OpBuilder &builder);

/// ducc_fft and dynamic_ducc_fft (JAX's CPU FFT before 2024; a FlatBuffer
/// descriptor as the first operand): stablehlo.fft, times the call's scale
/// where it is not the transform's own normalization.
mlir::FailureOr<bool> rewriteDuccFft(stablehlo::CustomCallOp call,
                                     mlir::OpBuilder &builder);

} // namespace hlox::jax

#endif // HLOX_LIB_TRANSFORMS_JAXCUSTOMCALLS_H
