//===- ThreadPool.h - Workers that run dispatch workgroups ------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#ifndef HLOX_RUNTIME_THREADPOOL_H
#define HLOX_RUNTIME_THREADPOOL_H

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace hlox::runtime {

/// A fixed set of worker threads. parallelFor splits a range of workgroups
/// into contiguous chunks, runs them on the workers and the calling thread,
/// and returns when all are done; parallelForBalanced lets a thread that
/// finishes early take the end of another's chunk. One call at a time:
/// calls from several threads are serialized.
///
/// A worker that finishes its chunk, and the caller waiting for the
/// workers, spin for a while (`kSpin`) before they sleep on a condition
/// variable: the dispatches of a program follow one another within
/// microseconds, and waking a sleeping thread costs tens of them. They do
/// not spin when the pool has more threads than the machine (the spinning
/// would take the cores the others need).
class ThreadPool {
public:
  /// A pool whose parallelFor uses `numThreads` threads in all (the caller
  /// included); 0 means one per hardware thread.
  explicit ThreadPool(unsigned numThreads = 0);
  ~ThreadPool();
  ThreadPool(const ThreadPool &) = delete;
  ThreadPool &operator=(const ThreadPool &) = delete;

  unsigned getNumThreads() const { return workers.size() + 1; }

  /// Runs fn(begin, end) over chunks covering [0, count), at most one chunk
  /// per thread, all at once; when `count` is at most `minPerChunk` it runs
  /// inline.
  void parallelFor(int64_t count, int64_t minPerChunk,
                   const std::function<void(int64_t, int64_t)> &fn);

  /// Runs fn(begin, end) over [0, count) of workgroups that do not depend
  /// on one another, on the threads parallelFor would use. Each thread
  /// starts on the chunk parallelFor gives it, taking it from the front in
  /// pieces (half of what is left, at least 1/kPiecesPerThread of a chunk);
  /// a thread whose chunk is taken takes pieces from the back of the chunk
  /// with the most left. A thread that the machine holds up (another
  /// process, an interrupt, a late wake-up) so gives up the end of its
  /// chunk instead of making the others wait for it, and a thread's ranges
  /// are the ones parallelFor would give it where none is held up. fn runs
  /// several times per thread, on ranges in no set order; results that
  /// depend only on the workgroup do not change.
  void parallelForBalanced(int64_t count, int64_t minPerChunk,
                           const std::function<void(int64_t, int64_t)> &fn);

  /// How long a thread polls for the next job or the workers' end before
  /// it sleeps.
  static constexpr std::chrono::microseconds kSpin{200};
  /// The smallest piece parallelForBalanced takes, as a share of a chunk.
  static constexpr int64_t kPiecesPerThread = 64;

private:
  /// A thread's chunk of a balanced call: the workgroups not yet taken,
  /// [front, back) packed as front << 32 | back.
  struct alignas(64) Share {
    std::atomic<uint64_t> range{0};
  };

  /// parallelFor, or with `balanced` parallelForBalanced's pieces (for a
  /// range of fewer than 2^32 workgroups, which the shares hold).
  void run(int64_t count, int64_t minPerChunk,
           const std::function<void(int64_t, int64_t)> &fn, bool balanced);
  void workerLoop(unsigned index);
  /// Hands `fn` to workers 1 to `chunks` - 1 and returns; the caller runs
  /// part 0, then waitForWorkers().
  void startJob(const std::function<void(int64_t, int64_t)> &fn, int64_t count,
                unsigned chunks, bool balanced);
  void waitForWorkers();
  /// Thread `index`'s part of a balanced job: its own share from the front,
  /// then the others' from the back.
  void runBalanced(unsigned index,
                   const std::function<void(int64_t, int64_t)> &fn);
  /// Polls `ready` for up to kSpin (not at all when the pool does not
  /// spin); true when it held.
  template <typename Ready> bool spinUntil(Ready ready) const;

  std::vector<std::thread> workers;
  std::mutex callMutex;
  std::mutex mutex;
  std::condition_variable wake;
  std::condition_variable done;
  const std::function<void(int64_t, int64_t)> *job = nullptr;
  int64_t jobCount = 0;
  unsigned jobChunks = 0;
  bool jobBalanced = false;
  /// The smallest piece of the balanced job.
  int64_t jobPiece = 1;
  /// One per thread, for balanced jobs.
  std::unique_ptr<Share[]> shares;
  /// Written under `mutex`; read without it while spinning.
  std::atomic<uint64_t> generation{0};
  std::atomic<unsigned> pending{0};
  std::atomic<bool> stopping{false};
  bool spins = true;
};

} // namespace hlox::runtime

#endif // HLOX_RUNTIME_THREADPOOL_H
