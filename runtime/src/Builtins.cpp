//===- Builtins.cpp - Every function compiled kernels may call ------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/runtime/Builtins.h"

#include "hlox/runtime/KernelMemory.h"

#include "hlox/numerics/SpecialFunctions.h"

#include <bit>
#include <complex>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <math.h>

using namespace hlox::runtime;

//===----------------------------------------------------------------------===//
// 16-bit float conversions
//===----------------------------------------------------------------------===//

namespace {

/// `value` rounded to f32 by truncation with the last bit set when inexact
/// (round to odd): rounding that once more to a format of at most 22
/// significand bits gives the value rounded once. NaN is not expected.
uint32_t roundToOddF32(double value) {
  float rounded = static_cast<float>(value);
  uint32_t bits = std::bit_cast<uint32_t>(rounded);
  double back = rounded;
  if (back == value)
    return bits;
  // Inexact: step the magnitude toward zero when rounding went away from it
  // (also from infinity to the largest finite value), then mark it odd.
  if (fabs(back) > fabs(value))
    bits -= 1;
  return bits | 1u;
}

} // namespace

uint16_t hlox::runtime::truncateF32ToF16(uint32_t bits) {
  uint32_t sign = (bits >> 16) & 0x8000u;
  uint32_t abs = bits & 0x7FFFFFFFu;
  if (abs > 0x7F800000u) // NaN
    return static_cast<uint16_t>(sign | 0x7E00u | ((abs & 0x3FFFFFu) >> 13));
  // From 65520 (halfway past the largest finite value, 65504) on: infinity.
  if (abs >= 0x477FF000u)
    return static_cast<uint16_t>(sign | 0x7C00u);
  if (abs >= 0x38800000u) { // normal in f16 (at least 2^-14)
    uint32_t rebiased = abs - (112u << 23);
    rebiased += 0xFFFu + ((rebiased >> 13) & 1u);
    return static_cast<uint16_t>(sign | (rebiased >> 13));
  }
  // Subnormal in f16: a count of 2^-24.
  int exponent = static_cast<int>(abs >> 23);
  if (exponent < 102) // below 2^-25: rounds to zero
    return static_cast<uint16_t>(sign);
  uint32_t significand = (abs & 0x7FFFFFu) | 0x800000u;
  int shift = 126 - exponent; // 14 to 24
  uint32_t quotient = significand >> shift;
  uint32_t remainder = significand & ((1u << shift) - 1u);
  uint32_t half = 1u << (shift - 1);
  if (remainder > half || (remainder == half && (quotient & 1u)))
    ++quotient; // may become the smallest normal number: still right
  return static_cast<uint16_t>(sign | quotient);
}

uint16_t hlox::runtime::truncateF64ToBf16(uint64_t bits) {
  uint64_t abs = bits & 0x7FFFFFFFFFFFFFFFull;
  if (abs > 0x7FF0000000000000ull) {
    uint32_t sign = static_cast<uint32_t>(bits >> 48) & 0x8000u;
    return static_cast<uint16_t>(
        sign | 0x7FC0u |
        static_cast<uint32_t>((abs & 0x7FFFFFFFFFFFFull) >> 45));
  }
  return truncateF32ToBf16(roundToOddF32(std::bit_cast<double>(bits)));
}

uint16_t hlox::runtime::truncateF64ToF16(uint64_t bits) {
  uint64_t abs = bits & 0x7FFFFFFFFFFFFFFFull;
  if (abs > 0x7FF0000000000000ull) {
    uint32_t sign = static_cast<uint32_t>(bits >> 48) & 0x8000u;
    return static_cast<uint16_t>(
        sign | 0x7E00u |
        static_cast<uint32_t>((abs & 0x7FFFFFFFFFFFFull) >> 42));
  }
  return truncateF32ToF16(roundToOddF32(std::bit_cast<double>(bits)));
}

uint32_t hlox::runtime::extendF16ToF32(uint16_t bits) {
  uint32_t sign = static_cast<uint32_t>(bits & 0x8000u) << 16;
  uint32_t exponent = (bits >> 10) & 0x1Fu;
  uint32_t significand = bits & 0x3FFu;
  if (exponent == 0x1F) // infinity and NaN, the payload as it is
    return sign | 0x7F800000u | (significand << 13);
  if (exponent != 0)
    return sign | ((exponent + 112u) << 23) | (significand << 13);
  if (significand == 0)
    return sign;
  // Subnormal: normalize.
  int shift = std::countl_zero(significand) - 21; // leading bit to bit 10
  significand = (significand << shift) & 0x3FFu;
  return sign | ((113u - shift) << 23) | (significand << 13);
}

uint64_t hlox::runtime::extendF16ToF64(uint16_t bits) {
  uint32_t single = extendF16ToF32(bits);
  uint64_t sign = static_cast<uint64_t>(single & 0x80000000u) << 32;
  uint32_t abs = single & 0x7FFFFFFFu;
  if (abs >= 0x7F800000u) // infinity and NaN: widen the payload
    return sign | 0x7FF0000000000000ull |
           (static_cast<uint64_t>(abs & 0x7FFFFFu) << 29);
  // Every other f16 value is a normal f32 (or zero): exact in double.
  return std::bit_cast<uint64_t>(
      static_cast<double>(std::bit_cast<float>(single)));
}

//===----------------------------------------------------------------------===//
// The compiler-rt entry points
//===----------------------------------------------------------------------===//

// LLVM passes and returns __bf16 and _Float16 in SSE registers on x86-64,
// as clang does for these types.
namespace {

__bf16 bf16FromBits(uint16_t bits) { return std::bit_cast<__bf16>(bits); }
_Float16 f16FromBits(uint16_t bits) { return std::bit_cast<_Float16>(bits); }

__bf16 truncsfbf2(float a) {
  return bf16FromBits(truncateF32ToBf16(std::bit_cast<uint32_t>(a)));
}
__bf16 truncdfbf2(double a) {
  return bf16FromBits(truncateF64ToBf16(std::bit_cast<uint64_t>(a)));
}
_Float16 truncsfhf2(float a) {
  return f16FromBits(truncateF32ToF16(std::bit_cast<uint32_t>(a)));
}
_Float16 truncdfhf2(double a) {
  return f16FromBits(truncateF64ToF16(std::bit_cast<uint64_t>(a)));
}
float extendhfsf2(_Float16 a) {
  return std::bit_cast<float>(extendF16ToF32(std::bit_cast<uint16_t>(a)));
}
double extendhfdf2(_Float16 a) {
  return std::bit_cast<double>(extendF16ToF64(std::bit_cast<uint16_t>(a)));
}
float extendbfsf2(__bf16 a) {
  return std::bit_cast<float>(
      static_cast<uint32_t>(std::bit_cast<uint16_t>(a)) << 16);
}

// 128-bit integers. x86-64 has no instruction for their division; the host
// compiler's own builtins compute these bodies.
__int128 divti3(__int128 a, __int128 b) { return a / b; }
__int128 modti3(__int128 a, __int128 b) { return a % b; }
unsigned __int128 udivti3(unsigned __int128 a, unsigned __int128 b) {
  return a / b;
}
unsigned __int128 umodti3(unsigned __int128 a, unsigned __int128 b) {
  return a % b;
}
__int128 multi3(__int128 a, __int128 b) {
  return static_cast<__int128>(static_cast<unsigned __int128>(a) *
                               static_cast<unsigned __int128>(b));
}

/// Float to 128-bit integer as compiler-rt converts: toward zero,
/// saturating out of range; NaN saturates by its sign.
template <typename F>
__int128 toSigned128(F value) {
  constexpr __int128 max = static_cast<__int128>(
      (static_cast<unsigned __int128>(1) << 127) - 1);
  constexpr __int128 min = -max - 1;
  if (isnan(value))
    return signbit(value) ? min : max;
  if (value >= F(0x1p127))
    return max;
  if (value < F(-0x1p127))
    return min;
  return static_cast<__int128>(value);
}
template <typename F>
unsigned __int128 toUnsigned128(F value) {
  if (isnan(value))
    return signbit(value) ? 0 : ~static_cast<unsigned __int128>(0);
  if (!(value > F(0)))
    return 0;
  if (value >= F(0x1p128))
    return ~static_cast<unsigned __int128>(0);
  return static_cast<unsigned __int128>(value);
}
__int128 fixsfti(float a) { return toSigned128(a); }
__int128 fixdfti(double a) { return toSigned128(a); }
unsigned __int128 fixunssfti(float a) { return toUnsigned128(a); }
unsigned __int128 fixunsdfti(double a) { return toUnsigned128(a); }
float floattisf(__int128 a) { return static_cast<float>(a); }
double floattidf(__int128 a) { return static_cast<double>(a); }
float floatuntisf(unsigned __int128 a) { return static_cast<float>(a); }
double floatuntidf(unsigned __int128 a) { return static_cast<double>(a); }

/// x^n by repeated squaring, as compiler-rt computes powi.
template <typename F>
F powi(F a, int n) {
  bool reciprocal = n < 0;
  F result = 1;
  while (true) {
    if (n & 1)
      result *= a;
    n /= 2;
    if (n == 0)
      break;
    a *= a;
  }
  return reciprocal ? F(1) / result : result;
}
float powisf2(float a, int n) { return powi(a, n); }
double powidf2(double a, int n) { return powi(a, n); }

/// Complex multiply with the infinity and NaN recovery of C11 Annex G.
template <typename F>
std::complex<F> multiplyComplex(F a, F b, F c, F d) {
  F ac = a * c, bd = b * d, ad = a * d, bc = b * c;
  F re = ac - bd, im = ad + bc;
  if (isnan(re) && isnan(im)) {
    bool recalculate = false;
    auto box = [](F v) { return copysign(isinf(v) ? F(1) : F(0), v); };
    auto zeroNaN = [](F &v) {
      if (isnan(v))
        v = copysign(F(0), v);
    };
    if (isinf(a) || isinf(b)) {
      a = box(a);
      b = box(b);
      zeroNaN(c);
      zeroNaN(d);
      recalculate = true;
    }
    if (isinf(c) || isinf(d)) {
      c = box(c);
      d = box(d);
      zeroNaN(a);
      zeroNaN(b);
      recalculate = true;
    }
    if (!recalculate && (isinf(ac) || isinf(bd) || isinf(ad) || isinf(bc))) {
      zeroNaN(a);
      zeroNaN(b);
      zeroNaN(c);
      zeroNaN(d);
      recalculate = true;
    }
    if (recalculate) {
      constexpr F inf = std::numeric_limits<F>::infinity();
      re = inf * (a * c - b * d);
      im = inf * (a * d + b * c);
    }
  }
  return {re, im};
}

/// Complex divide, scaled by the divisor's exponent, with the recovery of
/// C11 Annex G.
template <typename F>
std::complex<F> divideComplex(F a, F b, F c, F d) {
  int scale = 0;
  F exponent = logb(fmax(fabs(c), fabs(d)));
  if (isfinite(exponent)) {
    scale = static_cast<int>(exponent);
    c = scalbn(c, -scale);
    d = scalbn(d, -scale);
  }
  F denominator = c * c + d * d;
  F re = scalbn((a * c + b * d) / denominator, -scale);
  F im = scalbn((b * c - a * d) / denominator, -scale);
  if (isnan(re) && isnan(im)) {
    constexpr F inf = std::numeric_limits<F>::infinity();
    auto box = [](F v) { return copysign(isinf(v) ? F(1) : F(0), v); };
    if (denominator == F(0) && (!isnan(a) || !isnan(b))) {
      re = copysign(inf, c) * a;
      im = copysign(inf, c) * b;
    } else if ((isinf(a) || isinf(b)) && isfinite(c) && isfinite(d)) {
      a = box(a);
      b = box(b);
      re = inf * (a * c + b * d);
      im = inf * (b * c - a * d);
    } else if (isinf(exponent) && exponent > F(0) && isfinite(a) &&
               isfinite(b)) {
      c = box(c);
      d = box(d);
      re = F(0) * (a * c + b * d);
      im = F(0) * (b * c - a * d);
    }
  }
  return {re, im};
}
std::complex<float> mulsc3(float a, float b, float c, float d) {
  return multiplyComplex(a, b, c, d);
}
std::complex<double> muldc3(double a, double b, double c, double d) {
  return multiplyComplex(a, b, c, d);
}
std::complex<float> divsc3(float a, float b, float c, float d) {
  return divideComplex(a, b, c, d);
}
std::complex<double> divdc3(double a, double b, double c, double d) {
  return divideComplex(a, b, c, d);
}

template <typename Fn>
KernelSymbol entry(const char *name, Fn *function) {
  return {name, reinterpret_cast<void *>(function)};
}

} // namespace

std::vector<KernelSymbol> hlox::runtime::getCompilerBuiltins() {
  return {
      entry("__truncsfbf2", &truncsfbf2), entry("__truncdfbf2", &truncdfbf2),
      entry("__truncsfhf2", &truncsfhf2), entry("__truncdfhf2", &truncdfhf2),
      entry("__extendhfsf2", &extendhfsf2),
      entry("__extendhfdf2", &extendhfdf2),
      entry("__extendbfsf2", &extendbfsf2), entry("__divti3", &divti3),
      entry("__modti3", &modti3), entry("__udivti3", &udivti3),
      entry("__umodti3", &umodti3), entry("__multi3", &multi3),
      entry("__fixsfti", &fixsfti), entry("__fixdfti", &fixdfti),
      entry("__fixunssfti", &fixunssfti), entry("__fixunsdfti", &fixunsdfti),
      entry("__floattisf", &floattisf), entry("__floattidf", &floattidf),
      entry("__floatuntisf", &floatuntisf),
      entry("__floatuntidf", &floatuntidf), entry("__powisf2", &powisf2),
      entry("__powidf2", &powidf2), entry("__mulsc3", &mulsc3),
      entry("__muldc3", &muldc3), entry("__divsc3", &divsc3),
      entry("__divdc3", &divdc3)};
}

std::vector<KernelSymbol> hlox::runtime::getCLibraryFunctions() {
  using F1 = float(float);
  using D1 = double(double);
  using F2 = float(float, float);
  using D2 = double(double, double);
  std::vector<KernelSymbol> symbols;
  // The one-argument functions, f64 and f32.
#define HLOX_UNARY(name)                                                       \
  symbols.push_back(entry<D1>(#name, &::name));                                \
  symbols.push_back(entry<F1>(#name "f", &::name##f));
  HLOX_UNARY(acos)
  HLOX_UNARY(acosh)
  HLOX_UNARY(asin)
  HLOX_UNARY(asinh)
  HLOX_UNARY(atan)
  HLOX_UNARY(atanh)
  HLOX_UNARY(cbrt)
  HLOX_UNARY(ceil)
  HLOX_UNARY(cos)
  HLOX_UNARY(cosh)
  HLOX_UNARY(erf)
  HLOX_UNARY(erfc)
  HLOX_UNARY(exp)
  HLOX_UNARY(exp10)
  HLOX_UNARY(exp2)
  HLOX_UNARY(expm1)
  HLOX_UNARY(fabs)
  HLOX_UNARY(floor)
  HLOX_UNARY(lgamma)
  HLOX_UNARY(log)
  HLOX_UNARY(log10)
  HLOX_UNARY(log1p)
  HLOX_UNARY(log2)
  HLOX_UNARY(logb)
  HLOX_UNARY(nearbyint)
  HLOX_UNARY(rint)
  HLOX_UNARY(round)
  HLOX_UNARY(roundeven)
  HLOX_UNARY(sin)
  HLOX_UNARY(sinh)
  HLOX_UNARY(sqrt)
  HLOX_UNARY(tan)
  HLOX_UNARY(tanh)
  HLOX_UNARY(tgamma)
  HLOX_UNARY(trunc)
#undef HLOX_UNARY
#define HLOX_BINARY(name)                                                      \
  symbols.push_back(entry<D2>(#name, &::name));                                \
  symbols.push_back(entry<F2>(#name "f", &::name##f));
  HLOX_BINARY(atan2)
  HLOX_BINARY(copysign)
  HLOX_BINARY(fdim)
  HLOX_BINARY(fmax)
  HLOX_BINARY(fmin)
  HLOX_BINARY(fmod)
  HLOX_BINARY(hypot)
  HLOX_BINARY(nextafter)
  HLOX_BINARY(pow)
  HLOX_BINARY(remainder)
#undef HLOX_BINARY
  symbols.push_back(entry<double(double, double, double)>("fma", &::fma));
  symbols.push_back(entry<float(float, float, float)>("fmaf", &::fmaf));
  symbols.push_back(entry<double(double, int)>("ldexp", &::ldexp));
  symbols.push_back(entry<float(float, int)>("ldexpf", &::ldexpf));
  symbols.push_back(entry<double(double, int)>("scalbn", &::scalbn));
  symbols.push_back(entry<float(float, int)>("scalbnf", &::scalbnf));
  symbols.push_back(entry<double(double, int *)>("frexp", &::frexp));
  symbols.push_back(entry<float(float, int *)>("frexpf", &::frexpf));
  symbols.push_back(entry<double(double, double *)>("modf", &::modf));
  symbols.push_back(entry<float(float, float *)>("modff", &::modff));
  symbols.push_back(
      entry<void(double, double *, double *)>("sincos", &::sincos));
  symbols.push_back(entry<void(float, float *, float *)>("sincosf", &::sincosf));
  symbols.push_back(entry<long(double)>("lrint", &::lrint));
  symbols.push_back(entry<long(float)>("lrintf", &::lrintf));
  symbols.push_back(entry<long(double)>("lround", &::lround));
  symbols.push_back(entry<long(float)>("lroundf", &::lroundf));
  symbols.push_back(entry<long long(double)>("llrint", &::llrint));
  symbols.push_back(entry<long long(float)>("llrintf", &::llrintf));
  symbols.push_back(entry<long long(double)>("llround", &::llround));
  symbols.push_back(entry<long long(float)>("llroundf", &::llroundf));
  symbols.push_back(entry<void *(void *, const void *, size_t)>(
      "memcpy", &::memcpy));
  symbols.push_back(entry<void *(void *, const void *, size_t)>(
      "memmove", &::memmove));
  symbols.push_back(entry<void *(void *, int, size_t)>("memset", &::memset));
  // Kernels allocate their temporaries from blocks each thread keeps
  // (KernelMemory.h).
  symbols.push_back(entry<void *(size_t)>("malloc", &kernelMalloc));
  symbols.push_back(
      entry<void *(size_t, size_t)>("aligned_alloc", &kernelAlignedAlloc));
  symbols.push_back(entry<void(void *)>("free", &kernelFree));
  return symbols;
}

std::vector<KernelSymbol> hlox::runtime::getKernelSymbols() {
  std::vector<KernelSymbol> symbols;
  for (auto [name, address] : getKernelFunctions())
    symbols.push_back({name, address});
  for (const KernelSymbol &symbol : getCompilerBuiltins())
    symbols.push_back(symbol);
  for (const KernelSymbol &symbol : getCLibraryFunctions())
    symbols.push_back(symbol);
  return symbols;
}
