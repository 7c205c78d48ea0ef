//===- Ceilings.h - What this machine can reach -----------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// hlox-bench reports a program's speed as a fraction of the machine's own
// ceilings, measured on the spot with the same threads: the bandwidth of a
// parallel copy that moves as many bytes as the program's arguments and
// results (so that the ceiling is the one of the cache level the program's
// data sits in), and the f32 FMA throughput of register-resident chains of
// the widest vectors the CPU has (the ceiling of a GEMM).
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_TOOLS_HLOXBENCH_CEILINGS_H
#define HLOX_TOOLS_HLOXBENCH_CEILINGS_H

#include "hlox/runtime/Device.h"

#include <cstdint>
#include <string>

namespace hlox::bench {

struct Ceiling {
  double perSecond = 0;
  std::string what;
};

/// Bytes per second (read plus written) of a parallel memcpy whose reads
/// and writes add up to `trafficBytes`; the median of repeated copies.
double measureCopyBandwidth(runtime::CpuDevice &device, int64_t trafficBytes);

/// f32 FLOP per second (an FMA counts two) on all of `device`'s threads.
Ceiling measureFmaPeak(runtime::CpuDevice &device);

/// The allocator that serves this process's malloc: "jemalloc VERSION" when
/// jemalloc replaced it, else "glibc VERSION". The page faults of a run
/// depend on it.
std::string describeAllocator();

} // namespace hlox::bench

#endif // HLOX_TOOLS_HLOXBENCH_CEILINGS_H
