//===- Builtins.h - Every function compiled kernels may call ----*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Generated code calls functions by name where the target CPU has no
// instruction for an operation: LLVM emits compiler-rt's builtins for
// conversions to and from the 16-bit floats on a CPU without AVX512-BF16 or
// F16C, for 128-bit integer division and conversions, for complex multiply
// and divide; libm and libc calls for math without an instruction (fmaf on
// a CPU without FMA, floorf without SSE4.1) and for block copies. Which of
// them a kernel needs depends on the CPU it was compiled for, so the runtime
// supplies every one of them itself, and a JIT registers exactly this list:
// code compiled for any x86-64 links, and an object file compiled for a CPU
// the host cannot run can be checked for a symbol outside it.
//
// The compiler-rt builtins are implemented here, bit-exact with
// compiler-rt: the float truncations round to nearest even once, NaNs keep
// their sign and the top bits of their payload and come out quiet, and the
// extensions are exact.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_RUNTIME_BUILTINS_H
#define HLOX_RUNTIME_BUILTINS_H

#include <cstdint>
#include <utility>
#include <vector>

namespace hlox::runtime {

/// A function kernels call by name, and its address.
struct KernelSymbol {
  const char *name;
  void *address;
};

/// The compiler-rt builtins LLVM may emit for x86-64 code: the 16-bit float
/// truncations and extensions, 128-bit integer division, remainder and
/// float conversions, complex multiply and divide, and powi.
std::vector<KernelSymbol> getCompilerBuiltins();

/// The C library functions LLVM and hlox's lowering may call: libm's f32 and
/// f64 math (including the GNU exp10, sincos and roundeven),
/// memcpy/memmove/memset, and malloc/aligned_alloc/free for kernels'
/// temporaries (bound to KernelMemory.h's functions).
std::vector<KernelSymbol> getCLibraryFunctions();

/// The runtime's own functions kernels call (`hlox_erf_inv`, ...,
/// `hlox_lgamma`: the numerics library's special functions), with their
/// addresses.
std::vector<std::pair<const char *, void *>> getKernelFunctions();

/// Everything a compiled kernel may call: the runtime's own functions
/// (getKernelFunctions: special functions), the
/// compiler builtins and the C library functions. Names are unique.
std::vector<KernelSymbol> getKernelSymbols();

/// The bit-level conversions behind the builtins (and the runtime's own
/// bf16 results): round to nearest even, NaN quieted with the top payload
/// bits kept.
inline uint16_t truncateF32ToBf16(uint32_t bits) {
  uint32_t sign = (bits >> 16) & 0x8000u;
  uint32_t abs = bits & 0x7FFFFFFFu;
  if (abs > 0x7F800000u) // NaN: quiet, the top payload bits kept.
    return static_cast<uint16_t>(sign | 0x7FC0u | ((abs & 0x3FFFFFu) >> 16));
  // bf16 has f32's exponent range: rounding the low half away is all; a
  // carry into the exponent is right, up to infinity.
  abs += 0x7FFFu + ((abs >> 16) & 1u);
  return static_cast<uint16_t>(sign | (abs >> 16));
}
uint16_t truncateF64ToBf16(uint64_t bits);
uint16_t truncateF32ToF16(uint32_t bits);
uint16_t truncateF64ToF16(uint64_t bits);
uint32_t extendF16ToF32(uint16_t bits);
uint64_t extendF16ToF64(uint16_t bits);

} // namespace hlox::runtime

extern "C" {
double hlox_erf_inv(double y);
double hlox_digamma(double x);
double hlox_bessel_i1e(double x);
double hlox_zeta(double x, double q);
double hlox_polygamma(double n, double x);
double hlox_lgamma(double x);
}

#endif // HLOX_RUNTIME_BUILTINS_H
