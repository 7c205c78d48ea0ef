//===- ProcessGrid.h - Processes of a parallel evaluation -------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// interpreter.run_parallel runs one thread per process of a replicas x
// partitions grid. Collective ops meet at a rendezvous: every member of a
// process group deposits its value and waits for the others; then each
// reads all of them in group order. When a process fails, the grid aborts
// and every waiting process fails too; when every live process waits (a
// rendezvous or a receive that cannot complete), the grid reports a
// deadlock instead of hanging.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_EVALUATOR_PROCESSGRID_H
#define HLOX_EVALUATOR_PROCESSGRID_H

#include "hlox/Evaluator/Evaluator.h"

#include <condition_variable>
#include <deque>
#include <functional>
#include <map>
#include <mutex>

namespace hlox::eval {

/// A process: its replica and partition.
struct ProcessId {
  int64_t replica = 0;
  int64_t partition = 0;
};

class ProcessGrid {
public:
  ProcessGrid(int64_t numReplicas, int64_t numPartitions)
      : numReplicas(numReplicas), numPartitions(numPartitions) {}

  int64_t getNumReplicas() const { return numReplicas; }
  int64_t getNumPartitions() const { return numPartitions; }

  /// Deposits `value` for the rendezvous `key` of a group of `groupSize`
  /// processes at `position` in the group, waits for all of them, and
  /// returns every member's value in group order. Fails when the grid is
  /// aborted while waiting.
  mlir::FailureOr<std::vector<RuntimeValue>>
  exchange(const std::string &key, size_t groupSize, size_t position,
           RuntimeValue value);

  /// Stops every rendezvous (a process failed).
  void abort();

  /// Point-to-point channels (send/recv): values queue per channel.
  void send(int64_t channel, std::vector<RuntimeValue> values);
  mlir::FailureOr<std::vector<RuntimeValue>> receive(int64_t channel);

  /// Bookkeeping of live processes, for deadlock detection.
  void processStarted();
  void processFinished();
  /// True when the grid stopped because every live process was waiting.
  bool isDeadlocked() const { return deadlocked; }

  /// The infeed queue of the grid: values in order.
  void pushInfeed(RuntimeValue value);
  mlir::FailureOr<RuntimeValue> popInfeed();

private:
  struct Rendezvous {
    std::vector<RuntimeValue> values;
    size_t deposited = 0, collected = 0;
  };
  int64_t numReplicas, numPartitions;
  std::mutex mutex;
  std::condition_variable changed;
  std::map<std::string, Rendezvous> rendezvous;
  std::deque<RuntimeValue> infeed;
  std::map<int64_t, std::deque<std::vector<RuntimeValue>>> channels;
  int64_t running = 0;
  /// The conditions the waiting processes wait for.
  std::vector<const std::function<bool()> *> waiters;
  bool aborted = false, deadlocked = false;

  /// Declares a deadlock when every live process waits for a condition
  /// that does not hold (called with the mutex held).
  void checkDeadlock();

  /// Waits (holding `lock`) until `ready` or the grid aborts; false when it
  /// aborted.
  template <typename Ready>
  bool waitFor(std::unique_lock<std::mutex> &lock, Ready ready);
};

/// The process an Evaluator runs as, within its grid.
struct ProcessContext {
  ProcessGrid *grid = nullptr;
  ProcessId id;
  /// How many times this process ran each op: rendezvous keys.
  llvm::DenseMap<mlir::Operation *, int64_t> invocations;
};

} // namespace hlox::eval

#endif // HLOX_EVALUATOR_PROCESSGRID_H
