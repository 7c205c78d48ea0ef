//===- SpecialFunctions.cpp - Special functions shared with kernels -------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/numerics/SpecialFunctions.h"

#include <cmath>
#include <complex>
#include <limits>
#include <numbers>

/// erf^-1: an initial guess refined by Newton steps on erf.
double hlox::numerics::erfInv(double y) {
  if (std::isnan(y) || y < -1 || y > 1)
    return std::numeric_limits<double>::quiet_NaN();
  if (y == 1 || y == -1)
    return std::copysign(std::numeric_limits<double>::infinity(), y);
  // Giles' single-precision approximation as the starting point.
  double w = -std::log((1 - y) * (1 + y)), x;
  if (w < 5) {
    w -= 2.5;
    double p = 2.81022636e-08;
    for (double c : {3.43273939e-07, -3.5233877e-06, -4.39150654e-06,
                     0.00021858087, -0.00125372503, -0.00417768164,
                     0.246640727, 1.50140941})
      p = c + p * w;
    x = p * y;
  } else {
    w = std::sqrt(w) - 3;
    double p = -0.000200214257;
    for (double c : {0.000100950558, 0.00134934322, -0.00367342844,
                     0.00573950773, -0.0076224613, 0.00943887047,
                     1.00167406, 2.83297682})
      p = c + p * w;
    x = p * y;
  }
  for (int i = 0; i < 3; ++i) {
    double slope = 2 / std::sqrt(std::numbers::pi) * std::exp(-x * x);
    if (slope == 0)
      break;
    x -= (std::erf(x) - y) / slope;
  }
  return x;
}

/// The digamma function: reflection below 1/2, recurrence up to 6, then
/// the asymptotic series.
double hlox::numerics::digamma(double x) {
  if (std::isnan(x) || x == -std::numeric_limits<double>::infinity())
    return std::numeric_limits<double>::quiet_NaN();
  if (x <= 0 && std::floor(x) == x)
    return std::numeric_limits<double>::quiet_NaN();
  if (x < 0.5)
    return digamma(1 - x) - std::numbers::pi / std::tan(std::numbers::pi * x);
  double result = 0;
  while (x < 6) {
    result -= 1 / x;
    x += 1;
  }
  double inv = 1 / x, inv2 = inv * inv;
  return result + std::log(x) - 0.5 * inv -
         inv2 * (1.0 / 12 - inv2 * (1.0 / 120 -
                                    inv2 * (1.0 / 252 -
                                            inv2 * (1.0 / 240 -
                                                    inv2 * (1.0 / 132)))));
}

/// exp(-|x|) * I1(x).
double hlox::numerics::besselI1e(double x) {
  double ax = std::fabs(x);
  if (std::isnan(x))
    return x;
  double value;
  if (ax < 500) {
    value = std::cyl_bessel_i(1.0, ax) * std::exp(-ax);
  } else {
    // Asymptotic expansion of I1(x) e^-x.
    double inv = 1 / ax;
    value = (1 - 0.375 * inv - 0.1171875 * inv * inv) /
            std::sqrt(2 * std::numbers::pi * ax);
  }
  return std::copysign(value, x);
}

/// The Hurwitz zeta function sum_k (q + k)^-x (Euler-Maclaurin summation).
double hlox::numerics::zeta(double x, double q) {
  static constexpr double kA[] = {
      12.0, -720.0, 30240.0, -1209600.0, 47900160.0,
      -1.8924375803183791606e9, 7.47242496e10, -2.950130727918164224e12,
      1.1646782814350067249e14, -4.5979787224074726105e15,
      1.8152105401943546773e17, -7.1661652561756670113e18};
  constexpr double kEpsilon = 1.11e-16;
  if (x == 1)
    return std::numeric_limits<double>::infinity();
  if (x < 1 || std::isnan(x) || std::isnan(q))
    return std::numeric_limits<double>::quiet_NaN();
  if (q <= 0) {
    if (q == std::floor(q))
      return std::numeric_limits<double>::infinity();
    if (x != std::floor(x))
      return std::numeric_limits<double>::quiet_NaN();
  }
  double s = std::pow(q, -x), a = q, b = 0;
  int i = 0;
  while (i < 9 || a <= 9) {
    ++i;
    a += 1;
    b = std::pow(a, -x);
    s += b;
    if (std::fabs(b / s) < kEpsilon)
      return s;
  }
  double w = a;
  s += b * w / (x - 1);
  s -= 0.5 * b;
  double factor = 1, k = 0;
  for (double coefficient : kA) {
    factor *= x + k;
    b /= w;
    double t = factor * b / coefficient;
    s += t;
    if (std::fabs(t / s) < kEpsilon)
      break;
    k += 1;
    factor *= x + k;
    b /= w;
    k += 1;
  }
  return s;
}

/// polygamma(n, x): digamma for n = 0, else (-1)^(n+1) n! zeta(n+1, x).
double hlox::numerics::polygamma(double n, double x) {
  if (n < 0 || n != std::floor(n) || std::isnan(x))
    return std::numeric_limits<double>::quiet_NaN();
  if (n == 0)
    return digamma(x);
  double sign = std::fmod(n, 2) == 0 ? -1 : 1;
  return sign * std::exp(std::lgamma(n + 1)) * zeta(n + 1, x);
}
