//===- Communicator.h - Collectives between the processes of a run -*- C++
//-*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// A parallel run executes one program per process of a grid of replicas x
// partitions (StableHLO's processes); process (r, p) is device index
// r * partitions + p. The collective commands of its host program
// (CommandKind::Collective) move bytes between the processes through a
// Communicator, in group order. The compiler turns reductions into
// ordinary kernels over what the movement delivers (hlox-lower-collectives),
// except all_reduces by one elementwise op the runtime knows
// (Reduction.h), which the communicator reduces itself (allReduce).
//
// Collectives over the same set of processes match by the order in which
// each process issues them, as in MPI and NCCL: the k-th collective a
// process runs over a group meets the k-th collective every other member
// runs over it. Members that disagree on what they run there fail with a
// message that names both.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_RUNTIME_COMMUNICATOR_H
#define HLOX_RUNTIME_COMMUNICATOR_H

#include "hlox/runtime/Reduction.h"
#include "hlox/runtime/Status.h"

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace hlox::runtime {

/// What an allReduce combines: `count` elements of `element` per member,
/// by `kind`.
struct ReduceSpec {
  ReductionKind kind = ReductionKind::Add;
  ReductionElement element = ReductionElement::F32;
  int64_t count = 0;
  /// One member's operand: count elements.
  size_t bytes = 0;
};

/// Moves bytes between the processes of a parallel run. Each process calls
/// from its own thread, naming itself by its device index `self`; calls
/// block until the data has arrived and fail, never hang, when it cannot
/// (every process waits on another: a deadlock; or a process failed).
class Communicator {
public:
  virtual ~Communicator();
  /// The processes of the run.
  virtual int64_t getNumProcesses() const = 0;

  /// `out` receives the `bytes`-byte `in` of every member of `group` (device
  /// indices, `self` among them), one after the other in group order.
  virtual Status allGather(int64_t self, const std::vector<int64_t> &group,
                           const void *in, void *out, size_t bytes) = 0;
  /// `out` receives the members' `in` reduced elementwise as `spec` says,
  /// member by member in group order: member 0's, combined with member
  /// 1's, that with member 2's, and so on.
  virtual Status allReduce(int64_t self, const std::vector<int64_t> &group,
                           const void *in, void *out,
                           const ReduceSpec &spec) = 0;
  /// `in` holds group.size() chunks of `bytes`; chunk j of `out` is chunk
  /// (self's position) of member j's `in`.
  virtual Status allToAll(int64_t self, const std::vector<int64_t> &group,
                          const void *in, void *out, size_t bytes) = 0;
  /// Every member's `out` receives the `in` of the member at position
  /// `root` of `group`.
  virtual Status broadcast(int64_t self, const std::vector<int64_t> &group,
                           int64_t root, const void *in, void *out,
                           size_t bytes) = 0;
  /// Every member of `domain` takes part; each (source, target) pair of
  /// `pairs` (device indices) sends the source's `in` to the target's
  /// `out`. A member that no pair targets gets zeros.
  virtual Status permute(int64_t self, const std::vector<int64_t> &domain,
                         const std::vector<std::pair<int64_t, int64_t>> &pairs,
                         const void *in, void *out, size_t bytes) = 0;
  /// Queues a copy of `in` on `channel`, for the next receive there.
  virtual Status send(int64_t self, int64_t channel, const void *in,
                      size_t bytes) = 0;
  /// Takes the oldest message of `channel` into `out` (waiting for one).
  virtual Status receive(int64_t self, int64_t channel, void *out,
                         size_t bytes) = 0;

  /// Process `self` ended (every process runs from the communicator's
  /// start); with `failed`, the others stop waiting for it and fail too.
  virtual void finished(int64_t self, bool failed) = 0;
};

/// Collectives as point-to-point messages between the members of a group,
/// for processes that cannot read each other's memory (a job of processes:
/// MPI, Gloo). Each collective is planned here as the messages it takes
/// and the copies it makes locally; a subclass moves the messages. The
/// messages of the k-th collective over a group carry one sequence number
/// at every member (the members run the collectives over a group in one
/// order). Channel send/recv name no peer and are an error.
class PointToPointCommunicator : public Communicator {
public:
  Status allGather(int64_t self, const std::vector<int64_t> &group,
                   const void *in, void *out, size_t bytes) override;
  /// When the group divides the element count: member j's chunk j of
  /// every operand goes to member j, which reduces it in group order,
  /// then every member's reduced chunk goes to every other member: each
  /// member sends 2(n - 1)/n of its operand and reduces 1/n of it, as a
  /// ring all-reduce does; else an allGather, then the reductions.
  Status allReduce(int64_t self, const std::vector<int64_t> &group,
                   const void *in, void *out, const ReduceSpec &spec) override;
  Status allToAll(int64_t self, const std::vector<int64_t> &group,
                  const void *in, void *out, size_t bytes) override;
  Status broadcast(int64_t self, const std::vector<int64_t> &group,
                   int64_t root, const void *in, void *out,
                   size_t bytes) override;
  Status permute(int64_t self, const std::vector<int64_t> &domain,
                 const std::vector<std::pair<int64_t, int64_t>> &pairs,
                 const void *in, void *out, size_t bytes) override;
  Status send(int64_t self, int64_t channel, const void *in,
              size_t bytes) override;
  Status receive(int64_t self, int64_t channel, void *out,
                 size_t bytes) override;
  void finished(int64_t self, bool failed) override {}

protected:
  /// `bytes` from `data` to device `peer`, or from it into `data`.
  struct Message {
    int64_t peer;
    void *data;
  };
  /// Posts `sends` and `receives` (`bytes` each, numbered `sequence`) and
  /// waits for all of them; fails, never hangs, when they do not complete
  /// (`what` names the collective).
  virtual Status exchange(const std::vector<Message> &sends,
                          const std::vector<Message> &receives, size_t bytes,
                          uint64_t sequence, const std::string &what) = 0;

private:
  /// Checks `group` against the job and numbers the next collective over
  /// it.
  Status begin(const std::vector<int64_t> &group, uint64_t &sequence);
  /// Per group (its members printed), the collectives run over it.
  std::map<std::string, uint64_t> sequences;
  /// Where allReduce receives the other members' chunks (or operands).
  std::vector<uint8_t> received;
};

/// The processes are threads of this process: members read each other's
/// buffers directly. A deadlock is found exactly: every running process
/// waits, and none of their waits can end.
class LocalCommunicator final : public Communicator {
public:
  explicit LocalCommunicator(int64_t numProcesses);
  ~LocalCommunicator() override;

  int64_t getNumProcesses() const override { return numProcesses; }
  Status allGather(int64_t self, const std::vector<int64_t> &group,
                   const void *in, void *out, size_t bytes) override;
  /// Each member reduces every member's `in` into its `out` itself,
  /// reading them where they lie.
  Status allReduce(int64_t self, const std::vector<int64_t> &group,
                   const void *in, void *out, const ReduceSpec &spec) override;
  Status allToAll(int64_t self, const std::vector<int64_t> &group,
                  const void *in, void *out, size_t bytes) override;
  Status broadcast(int64_t self, const std::vector<int64_t> &group,
                   int64_t root, const void *in, void *out,
                   size_t bytes) override;
  Status permute(int64_t self, const std::vector<int64_t> &domain,
                 const std::vector<std::pair<int64_t, int64_t>> &pairs,
                 const void *in, void *out, size_t bytes) override;
  Status send(int64_t self, int64_t channel, const void *in,
              size_t bytes) override;
  Status receive(int64_t self, int64_t channel, void *out,
                 size_t bytes) override;
  void finished(int64_t self, bool failed) override;

  /// The process whose failure made the others' collectives fail (the
  /// first to fail, or one that ran a mismatched collective), or -1.
  int64_t getFailedProcess();

private:
  struct Meeting;
  /// Meets the other members of `group`: once all have arrived, `copy`
  /// runs with every member's input (in group order), then each waits
  /// until all have copied, so that no input goes away while read.
  Status
  meet(int64_t self, const std::vector<int64_t> &group, const std::string &what,
       size_t bytes, const void *in,
       const std::function<void(const std::vector<const void *> &)> &copy);
  /// Waits under `lock` until `ready`; fails on a deadlock or a failed
  /// process.
  Status waitUntil(std::unique_lock<std::mutex> &lock,
                   const std::function<bool()> &ready, int64_t self,
                   const std::string &what);

  int64_t numProcesses;
  std::mutex mutex;
  std::condition_variable changed;
  int64_t running = 0;
  bool deadlocked = false;
  /// The device index of a process that failed, or -1.
  int64_t failedProcess = -1;
  /// What each waiting process waits for.
  std::vector<const std::function<bool()> *> waits;
  /// Per process and group (its members, printed), the collectives it ran
  /// there.
  std::map<std::pair<int64_t, std::string>, int64_t> issued;
  std::map<std::string, std::shared_ptr<Meeting>> meetings;
  std::map<int64_t, std::deque<std::vector<uint8_t>>> channels;
};

/// The host's side of infeed and outfeed in a run: a queue that infeed
/// commands take from in order, and the values outfeed commands leave.
/// Thread-safe.
class HostFeeds {
public:
  void pushInfeed(std::vector<uint8_t> bytes);
  /// The next infeed value into `out`, which must have its size.
  Status popInfeed(void *out, size_t bytes);
  void pushOutfeed(std::vector<uint8_t> bytes);
  std::vector<std::vector<uint8_t>> takeOutfeed();

private:
  std::mutex mutex;
  std::deque<std::vector<uint8_t>> infeed;
  std::vector<std::vector<uint8_t>> outfeed;
};

/// Where a run stands in a parallel run: its process in the grid, the
/// communicator and the host feeds it shares with the other processes.
struct ProcessInfo {
  int64_t replica = 0;
  int64_t partition = 0;
  int64_t numReplicas = 1;
  int64_t numPartitions = 1;
  Communicator *communicator = nullptr;
  HostFeeds *feeds = nullptr;
  int64_t getDeviceIndex() const { return replica * numPartitions + partition; }
};

} // namespace hlox::runtime

#endif // HLOX_RUNTIME_COMMUNICATOR_H
