//===- CpuFeatures.h - What the CPU running the runtime has -----*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// The run-time checks behind the runtime's hand-written AVX-512 and AVX2
// kernels (Gemm, PointwiseConvolution, MaxPool, Bf16Arrays), which are compiled
// for any x86-64 CPU and chosen only where the CPU running them has the
// instructions, and the lane masks those kernels share.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_RUNTIME_SRC_CPUFEATURES_H
#define HLOX_RUNTIME_SRC_CPUFEATURES_H

#include <atomic>
#include <cstdint>

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

/// Whether the CPU has AVX2 and FMA (checked once).
inline bool cpuHasAvx2() {
#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
  static const bool has =
      __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  return has;
#else
  return false;
#endif
}

/// The mask of the first `n` of 16 lanes (all of them from 16 on), for
/// AVX-512's masked loads and stores of a row's tail.
inline uint16_t firstLanes(int64_t n) {
  return n >= 16 ? uint16_t(0xffff) : static_cast<uint16_t>((1u << n) - 1);
}

/// Whether a kernel's AVX-512 code runs: where the CPU has it, unless the
/// tests turned it off to cover the other road (portable code or the
/// library).
class Avx512Switch {
public:
  bool isOn() const {
    return enabled.load(std::memory_order_relaxed) && cpuHasAvx512();
  }
  void setEnabled(bool on) { enabled.store(on, std::memory_order_relaxed); }

private:
  std::atomic<bool> enabled{true};
};

} // namespace hlox::runtime

#endif // HLOX_RUNTIME_SRC_CPUFEATURES_H
