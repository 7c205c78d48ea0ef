//===- CpuFeatures.h - What the CPU running the runtime has -----*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// The run-time checks behind the runtime's hand-written AVX-512 kernels
// (Gemm, PointwiseConvolution, MaxPool), which are compiled for any x86-64
// CPU and chosen only where the CPU running them has the instructions.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_RUNTIME_SRC_CPUFEATURES_H
#define HLOX_RUNTIME_SRC_CPUFEATURES_H

namespace hlox::runtime {

/// Whether the CPU has AVX-512F and FMA (checked once).
inline bool cpuHasAvx512() {
#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
  static const bool has =
      __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("fma");
  return has;
#else
  return false;
#endif
}

} // namespace hlox::runtime

#endif // HLOX_RUNTIME_SRC_CPUFEATURES_H
