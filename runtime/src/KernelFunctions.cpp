//===- KernelFunctions.cpp - The C entry points kernels call --------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Compiled kernels call the special functions of the numerics library
// through these C functions, which the JIT resolves by
// name: the evaluator and the kernels run the same code.
//
//===----------------------------------------------------------------------===//

#include "hlox/runtime/Builtins.h"

#include "hlox/numerics/SpecialFunctions.h"

#include <cmath>

extern "C" {
double hlox_erf_inv(double y) { return hlox::numerics::erfInv(y); }
double hlox_digamma(double x) { return hlox::numerics::digamma(x); }
double hlox_bessel_i1e(double x) { return hlox::numerics::besselI1e(x); }
double hlox_zeta(double x, double q) { return hlox::numerics::zeta(x, q); }
double hlox_polygamma(double n, double x) {
  return hlox::numerics::polygamma(n, x);
}
double hlox_lgamma(double x) {
  // lgamma_r: lgamma's sign output is a global that threads would race on.
  int sign;
  return lgamma_r(x, &sign);
}
}

std::vector<std::pair<const char *, void *>>
hlox::runtime::getKernelFunctions() {
  return {{"hlox_erf_inv", reinterpret_cast<void *>(&hlox_erf_inv)},
          {"hlox_digamma", reinterpret_cast<void *>(&hlox_digamma)},
          {"hlox_bessel_i1e", reinterpret_cast<void *>(&hlox_bessel_i1e)},
          {"hlox_zeta", reinterpret_cast<void *>(&hlox_zeta)},
          {"hlox_polygamma", reinterpret_cast<void *>(&hlox_polygamma)},
          {"hlox_lgamma", reinterpret_cast<void *>(&hlox_lgamma)}};
}
