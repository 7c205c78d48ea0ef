//===- SpecialFunctions.h - Special functions shared with kernels -*- C++
//-*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Special functions that libm lacks, in double precision. The reference
// evaluator computes CHLO's erf_inv, digamma, bessel_i1e, zeta and polygamma
// with them, and compiled kernels call the same code through the runtime's C
// entry points (hlox/runtime/Builtins.h), so both paths agree to the bit.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_NUMERICS_SPECIALFUNCTIONS_H
#define HLOX_NUMERICS_SPECIALFUNCTIONS_H

namespace hlox::numerics {

/// erf^-1(y); NaN outside [-1, 1].
double erfInv(double y);
/// The digamma function psi(x).
double digamma(double x);
/// exp(-|x|) * I1(x).
double besselI1e(double x);
/// The Hurwitz zeta function sum_k (q + k)^-x.
double zeta(double x, double q);
/// polygamma(n, x).
double polygamma(double n, double x);

} // namespace hlox::numerics

#endif // HLOX_NUMERICS_SPECIALFUNCTIONS_H
