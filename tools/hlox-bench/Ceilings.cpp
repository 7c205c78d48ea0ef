//===- Ceilings.cpp - What this machine can reach --------------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "Ceilings.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <dlfcn.h>
#include <gnu/libc-version.h>
#include <memory>
#include <vector>

using namespace hlox;
using namespace hlox::bench;

namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  return values[values.size() / 2];
}

/// Independent FMA chains on 64-byte vectors of f32: enough of them to
/// cover the FMA units' latency, so that the loop runs at their throughput.
constexpr int kChains = 12;
constexpr int kLanes = 16;
typedef float Vec __attribute__((vector_size(kLanes * sizeof(float))));

/// One FMA kernel, compiled once per instruction set below. Without
/// fast-math the compiler must run every FMA; the result keeps it from
/// dropping the loop.
#define HLOX_FMA_KERNEL(NAME, TARGET)                                          \
  TARGET float NAME(int64_t iterations) {                                      \
    Vec acc[kChains];                                                          \
    Vec x, y;                                                                  \
    for (int l = 0; l < kLanes; ++l) {                                         \
      x[l] = 1.0f + 1e-7f * l;                                                 \
      y[l] = 1e-7f;                                                            \
    }                                                                          \
    for (int c = 0; c < kChains; ++c)                                          \
      acc[c] = x * static_cast<float>(c);                                      \
    for (int64_t i = 0; i < iterations; ++i) {                                 \
      for (int c = 0; c < kChains; ++c)                                        \
        acc[c] = __builtin_elementwise_fma(acc[c], x, y);                      \
    }                                                                          \
    float sum = 0;                                                             \
    for (int c = 0; c < kChains; ++c)                                          \
      for (int l = 0; l < kLanes; ++l)                                         \
        sum += acc[c][l];                                                      \
    return sum;                                                                \
  }

HLOX_FMA_KERNEL(fmaAvx512, __attribute__((target("avx512f,fma"))))
HLOX_FMA_KERNEL(fmaAvx2, __attribute__((target("avx2,fma"))))
HLOX_FMA_KERNEL(fmaBaseline, )

using FmaKernel = float (*)(int64_t);

/// The FMA kernel of the widest instruction set the CPU has, and its name.
FmaKernel pickFmaKernel(const char *&isa) {
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx512f")) {
    isa = "AVX-512";
    return fmaAvx512;
  }
  if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) {
    isa = "AVX2";
    return fmaAvx2;
  }
  isa = "baseline";
  return fmaBaseline;
}

} // namespace

double hlox::bench::measureCopyBandwidth(runtime::CpuDevice &device,
                                         int64_t trafficBytes) {
  // A copy of n bytes reads n and writes n.
  int64_t bytes = std::max<int64_t>(trafficBytes / 2, 4096);
  std::unique_ptr<char[]> source(new char[bytes]), target(new char[bytes]);
  std::memset(source.get(), 1, bytes);
  std::memset(target.get(), 0, bytes);
  constexpr int64_t kChunk = 16384;
  int64_t chunks = (bytes + kChunk - 1) / kChunk;
  auto copy = [&] {
    device.dispatch(chunks, 1, [&](int64_t begin, int64_t end) {
      int64_t first = begin * kChunk;
      int64_t last = std::min(bytes, end * kChunk);
      std::memcpy(target.get() + first, source.get() + first, last - first);
    });
  };
  // At least 5 timed copies and 0.1 s; the median.
  copy();
  std::vector<double> rates;
  Clock::time_point start = Clock::now();
  while (rates.size() < 5 || secondsSince(start) < 0.1) {
    Clock::time_point one = Clock::now();
    copy();
    rates.push_back(2.0 * bytes / secondsSince(one));
    if (rates.size() >= 1000)
      break;
  }
  return median(rates);
}

Ceiling hlox::bench::measureFmaPeak(runtime::CpuDevice &device) {
  unsigned threads = device.getNumThreads();
  const char *isa = nullptr;
  FmaKernel kernel = pickFmaKernel(isa);
  int64_t iterations = 1 << 20;
  // Each thread writes its own result; their sum is kept, so that the
  // loops stay.
  std::vector<float> sums(threads);
  auto run = [&] {
    Clock::time_point start = Clock::now();
    device.dispatch(threads, 1, [&](int64_t begin, int64_t end) {
      for (int64_t t = begin; t < end; ++t)
        sums[t] = kernel(iterations);
    });
    return secondsSince(start);
  };
  run();
  std::vector<double> rates;
  for (int i = 0; i < 5; ++i)
    rates.push_back(2.0 * kChains * kLanes * iterations * threads / run());
  volatile float keep = 0;
  for (float sum : sums)
    keep = keep + sum;
  Ceiling peak;
  peak.perSecond = median(rates);
  peak.what = std::string("f32 FMA peak (") + isa + ")";
  return peak;
}

std::string hlox::bench::describeAllocator() {
  // jemalloc's control interface, found by name: present exactly when
  // jemalloc is loaded into the process (and then serves malloc).
  using Mallctl = int (*)(const char *, void *, size_t *, void *, size_t);
  if (auto mallctl =
          reinterpret_cast<Mallctl>(dlsym(RTLD_DEFAULT, "mallctl"))) {
    const char *version = nullptr;
    size_t size = sizeof(version);
    if (mallctl("version", &version, &size, nullptr, 0) == 0 && version)
      return std::string("jemalloc ") + version;
    return "jemalloc";
  }
  return std::string("glibc ") + gnu_get_libc_version();
}
