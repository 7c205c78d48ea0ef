//===- SpecialExpansions.h - Special functions as arithmetic ----*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Special functions built from arith and math ops, the steps of the
// runtime's C code (numerics/src/SpecialFunctions.cpp) in the same order,
// for every target: the CPU's kernels compute them without a call per
// element (and vectorize), the GPU's without a C library.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_TRANSFORMS_SPECIALEXPANSIONS_H
#define HLOX_TRANSFORMS_SPECIALEXPANSIONS_H

#include "hlox/numerics/SmallFloats.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Value.h"

#include <utility>

namespace hlox {

/// `x`, a float scalar or vector, extended to f64 (itself if it is f64).
mlir::Value extendToF64(mlir::OpBuilder &b, mlir::Location loc, mlir::Value x);

/// `x` (f64) rounded once to `type` (a float scalar or vector type); bf16
/// through f32, as the evaluator rounds the f64 results of its special
/// functions.
mlir::Value roundFromF64(mlir::OpBuilder &b, mlir::Location loc, mlir::Value x,
                         mlir::Type type);

/// digamma(x) of the f64 scalar or vector `x`, as numerics::digamma
/// computes it: NaN at NaN, -inf and the non-positive integers; reflection
/// below 1/2 (psi(1 - x) - pi / tan(pi x)); the recurrence up to 6 (at
/// most six steps from 1/2, unrolled as selects); then the asymptotic
/// series. The same roundings in the same order, so the same bits where
/// `log` and `tan` give the C library's.
mlir::Value buildDigamma(mlir::OpBuilder &b, mlir::Location loc, mlir::Value x);

/// The complex asin, acos, asinh and acosh of re + i im (f64 scalars or
/// vectors of one shape) as their real and imaginary parts: Hull,
/// Fairgrieve and Tang's algorithm, accurate near the branch cuts and
/// without overflow or underflow in its intermediate values, with C99's
/// (Annex G) values at the infinities, NaNs and signed zeros.
std::pair<mlir::Value, mlir::Value> buildComplexAsin(mlir::OpBuilder &b,
                                                     mlir::Location loc,
                                                     mlir::Value re,
                                                     mlir::Value im);
std::pair<mlir::Value, mlir::Value> buildComplexAcos(mlir::OpBuilder &b,
                                                     mlir::Location loc,
                                                     mlir::Value re,
                                                     mlir::Value im);
std::pair<mlir::Value, mlir::Value> buildComplexAsinh(mlir::OpBuilder &b,
                                                      mlir::Location loc,
                                                      mlir::Value re,
                                                      mlir::Value im);
std::pair<mlir::Value, mlir::Value> buildComplexAcosh(mlir::OpBuilder &b,
                                                      mlir::Location loc,
                                                      mlir::Value re,
                                                      mlir::Value im);

/// The f32 value of the small float `bits` (the low bits of an i8 scalar
/// or vector) of `format`, exactly, as numerics::decodeSmallFloat reads it:
/// the fields' bits placed in f32's, the specials by selects.
mlir::Value buildDecodeSmallFloat(mlir::OpBuilder &b, mlir::Location loc,
                                  mlir::Value bits,
                                  numerics::SmallFloat format);

/// The i8 (scalar or vector) holding `value` (f64) rounded to nearest even
/// in `format`, as numerics::encodeSmallFloat rounds it, the same codes for
/// every input: the binade from f64's exponent field, the count of quanta
/// by roundeven, the carry into the next binade, the overflow, zero, NaN
/// and unsigned cases by selects.
mlir::Value buildEncodeSmallFloat(mlir::OpBuilder &b, mlir::Location loc,
                                  mlir::Value value,
                                  numerics::SmallFloat format);

/// The complex inverse functions above, by name.
enum class ComplexInverse { Asin, Acos, Asinh, Acosh };

/// `which` of the complex value `z` (complex<f32> or complex<f64>): its
/// parts extended to f64, the function's parts computed there and each
/// rounded once to z's part type.
mlir::Value buildComplexInverse(mlir::OpBuilder &b, mlir::Location loc,
                                ComplexInverse which, mlir::Value z);

} // namespace hlox

#endif // HLOX_TRANSFORMS_SPECIALEXPANSIONS_H
