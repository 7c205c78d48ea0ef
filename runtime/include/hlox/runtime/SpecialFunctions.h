//===- SpecialFunctions.h - Special functions shared with kernels -*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Special functions that libm lacks, in double precision. The reference
// evaluator computes CHLO's erf_inv, digamma, bessel_i1e, zeta and polygamma
// with them, and compiled kernels call the same code through the C entry
// points below, so both paths agree to the bit.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_RUNTIME_SPECIALFUNCTIONS_H
#define HLOX_RUNTIME_SPECIALFUNCTIONS_H

#include <utility>
#include <vector>

namespace hlox::runtime {

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

/// The C entry points kernels call (`hlox_erf_inv`, ...,
/// `hlox_small_float_encode`), with their
/// addresses, for a JIT to resolve.
std::vector<std::pair<const char *, void *>> getKernelFunctions();

} // namespace hlox::runtime

extern "C" {
double hlox_erf_inv(double y);
double hlox_digamma(double x);
double hlox_bessel_i1e(double x);
double hlox_zeta(double x, double q);
double hlox_polygamma(double n, double x);
double hlox_lgamma(double x);
/// The real and imaginary parts of the complex asin, acos, asinh and acosh
/// of re + i im (the C library's, which stay accurate near the branch
/// cuts), one part per function so that the C ABI stays scalar.
double hlox_casin_re(double re, double im);
double hlox_casin_im(double re, double im);
double hlox_cacos_re(double re, double im);
double hlox_cacos_im(double re, double im);
double hlox_casinh_re(double re, double im);
double hlox_casinh_im(double re, double im);
double hlox_cacosh_re(double re, double im);
double hlox_cacosh_im(double re, double im);
}

#endif // HLOX_RUNTIME_SPECIALFUNCTIONS_H
