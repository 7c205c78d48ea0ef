//===- ThreadPool.cpp - Workers that run dispatch workgroups --------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/runtime/ThreadPool.h"

#include <algorithm>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

using namespace hlox::runtime;

ThreadPool::ThreadPool(unsigned numThreads) {
  unsigned hardware = std::max(1u, std::thread::hardware_concurrency());
  if (numThreads == 0)
    numThreads = hardware;
  spins = numThreads <= hardware;
  for (unsigned i = 1; i < numThreads; ++i)
    workers.emplace_back([this, i] { workerLoop(i); });
}

ThreadPool::~ThreadPool() {
  {
    std::lock_guard<std::mutex> lock(mutex);
    stopping = true;
  }
  wake.notify_all();
  for (std::thread &worker : workers)
    worker.join();
}

template <typename Ready> bool ThreadPool::spinUntil(Ready ready) const {
  if (!spins)
    return ready();
  auto deadline = std::chrono::steady_clock::now() + kSpin;
  while (true) {
    for (int i = 0; i < 64; ++i) {
      if (ready())
        return true;
#if defined(__x86_64__) || defined(__i386__)
      _mm_pause();
#endif
    }
    if (std::chrono::steady_clock::now() > deadline)
      return ready();
  }
}

/// The bounds of chunk `index` of `chunks` over [0, count).
static std::pair<int64_t, int64_t> chunkBounds(int64_t count, unsigned chunks,
                                               unsigned index) {
  int64_t base = count / chunks, extra = count % chunks;
  int64_t begin = index * base + std::min<int64_t>(index, extra);
  return {begin, begin + base + (index < extra ? 1 : 0)};
}

void ThreadPool::parallelFor(int64_t count, int64_t minPerChunk,
                             const std::function<void(int64_t, int64_t)> &fn) {
  if (count <= 0)
    return;
  int64_t wanted = std::max<int64_t>(1, count / std::max<int64_t>(1, minPerChunk));
  unsigned chunks =
      static_cast<unsigned>(std::min<int64_t>(wanted, getNumThreads()));
  if (chunks <= 1) {
    fn(0, count);
    return;
  }
  std::lock_guard<std::mutex> call(callMutex);
  {
    std::lock_guard<std::mutex> lock(mutex);
    job = &fn;
    jobCount = count;
    jobChunks = chunks;
    pending = chunks - 1;
    ++generation;
  }
  wake.notify_all();
  auto [begin, end] = chunkBounds(count, chunks, 0);
  fn(begin, end);
  spinUntil([&] { return pending.load(std::memory_order_acquire) == 0; });
  std::unique_lock<std::mutex> lock(mutex);
  done.wait(lock, [&] { return pending == 0; });
  job = nullptr;
}

void ThreadPool::workerLoop(unsigned index) {
  uint64_t seen = 0;
  while (true) {
    const std::function<void(int64_t, int64_t)> *work;
    int64_t count;
    unsigned chunks;
    {
      spinUntil([&] {
        return stopping.load(std::memory_order_relaxed) ||
               generation.load(std::memory_order_relaxed) != seen;
      });
      std::unique_lock<std::mutex> lock(mutex);
      wake.wait(lock, [&] { return stopping || generation != seen; });
      if (stopping)
        return;
      seen = generation;
      if (index >= jobChunks)
        continue;
      work = job;
      count = jobCount;
      chunks = jobChunks;
    }
    auto [begin, end] = chunkBounds(count, chunks, index);
    (*work)(begin, end);
    {
      std::lock_guard<std::mutex> lock(mutex);
      if (--pending == 0)
        done.notify_one();
    }
  }
}
