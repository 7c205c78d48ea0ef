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
  shares = std::make_unique<Share[]>(numThreads);
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

void ThreadPool::startJob(const std::function<void(int64_t, int64_t)> &fn,
                          int64_t count, unsigned chunks, bool balanced) {
  {
    std::lock_guard<std::mutex> lock(mutex);
    job = &fn;
    jobCount = count;
    jobChunks = chunks;
    jobBalanced = balanced;
    pending = chunks - 1;
    ++generation;
  }
  wake.notify_all();
}

void ThreadPool::waitForWorkers() {
  spinUntil([&] { return pending.load(std::memory_order_acquire) == 0; });
  std::unique_lock<std::mutex> lock(mutex);
  done.wait(lock, [&] { return pending == 0; });
  job = nullptr;
}

/// How many chunks a call over `count` workgroups of at least `minPerChunk`
/// each uses on `threads` threads.
static unsigned countChunks(int64_t count, int64_t minPerChunk,
                            unsigned threads) {
  int64_t wanted =
      std::max<int64_t>(1, count / std::max<int64_t>(1, minPerChunk));
  return static_cast<unsigned>(std::min<int64_t>(wanted, threads));
}

void ThreadPool::parallelFor(int64_t count, int64_t minPerChunk,
                             const std::function<void(int64_t, int64_t)> &fn) {
  run(count, minPerChunk, fn, /*balanced=*/false);
}

void ThreadPool::parallelForBalanced(
    int64_t count, int64_t minPerChunk,
    const std::function<void(int64_t, int64_t)> &fn) {
  // The shares pack two workgroup indices in 64 bits.
  run(count, minPerChunk, fn, /*balanced=*/count < (int64_t(1) << 32));
}

void ThreadPool::run(int64_t count, int64_t minPerChunk,
                     const std::function<void(int64_t, int64_t)> &fn,
                     bool balanced) {
  if (count <= 0)
    return;
  unsigned chunks = countChunks(count, minPerChunk, getNumThreads());
  if (chunks <= 1) {
    fn(0, count);
    return;
  }
  std::lock_guard<std::mutex> call(callMutex);
  if (balanced) {
    for (unsigned i = 0; i < chunks; ++i) {
      auto [begin, end] = chunkBounds(count, chunks, i);
      shares[i].range.store(uint64_t(begin) << 32 | uint64_t(end),
                            std::memory_order_relaxed);
    }
    jobPiece =
        std::max<int64_t>(1, count / (int64_t(chunks) * kPiecesPerThread));
  }
  startJob(fn, count, chunks, balanced);
  if (balanced) {
    runBalanced(0, fn);
  } else {
    auto [begin, end] = chunkBounds(count, chunks, 0);
    fn(begin, end);
  }
  waitForWorkers();
}

/// Takes a piece of `share`: half of what is left of it, at least `piece`
/// workgroups, from the front or the back. False when none is left.
static bool takePiece(std::atomic<uint64_t> &share, bool fromFront,
                      int64_t piece, int64_t &begin, int64_t &end) {
  uint64_t range = share.load(std::memory_order_acquire);
  while (true) {
    int64_t front = int64_t(range >> 32), back = int64_t(range & 0xffffffffu);
    if (front >= back)
      return false;
    int64_t size = std::min(back - front, std::max(piece, (back - front) / 2));
    if (fromFront) {
      begin = front;
      end = front + size;
    } else {
      begin = back - size;
      end = back;
    }
    uint64_t rest = fromFront ? uint64_t(end) << 32 | uint64_t(back)
                              : uint64_t(front) << 32 | uint64_t(begin);
    if (share.compare_exchange_weak(range, rest, std::memory_order_acq_rel,
                                    std::memory_order_acquire))
      return true;
  }
}

void ThreadPool::runBalanced(unsigned index,
                             const std::function<void(int64_t, int64_t)> &fn) {
  int64_t begin, end;
  while (
      takePiece(shares[index].range, /*fromFront=*/true, jobPiece, begin, end))
    fn(begin, end);
  while (true) {
    // The share with the most left; none: the job is all taken.
    unsigned victim = 0;
    int64_t most = 0;
    for (unsigned i = 0; i < jobChunks; ++i) {
      uint64_t range = shares[i].range.load(std::memory_order_relaxed);
      int64_t left = int64_t(range & 0xffffffffu) - int64_t(range >> 32);
      if (left > most) {
        most = left;
        victim = i;
      }
    }
    if (most <= 0)
      return;
    if (takePiece(shares[victim].range, /*fromFront=*/false, jobPiece, begin,
                  end))
      fn(begin, end);
  }
}

void ThreadPool::workerLoop(unsigned index) {
  uint64_t seen = 0;
  while (true) {
    const std::function<void(int64_t, int64_t)> *work;
    int64_t count;
    unsigned chunks;
    bool balanced;
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
      balanced = jobBalanced;
    }
    if (balanced) {
      runBalanced(index, *work);
    } else {
      auto [begin, end] = chunkBounds(count, chunks, index);
      (*work)(begin, end);
    }
    {
      std::lock_guard<std::mutex> lock(mutex);
      if (--pending == 0)
        done.notify_one();
    }
  }
}
