//===- AsyncCollectives.h - Collectives that run beside the commands -*- C++
//-*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// The collectives a run starts and waits for later (an asynchronous
// Collective command and its Wait, HostProgram.h) run one after another, in
// the order they were started, on a thread of their own, while the run's
// thread goes on with the commands in between. Every process starts its
// collectives in program order, so the members of a group meet in the same
// order as when the run's thread moves the data itself.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_RUNTIME_ASYNCCOLLECTIVES_H
#define HLOX_RUNTIME_ASYNCCOLLECTIVES_H

#include "hlox/runtime/Status.h"

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <thread>

namespace hlox::runtime {

class AsyncCollectives {
public:
  AsyncCollectives() = default;
  AsyncCollectives(const AsyncCollectives &) = delete;
  AsyncCollectives &operator=(const AsyncCollectives &) = delete;
  /// Waits for what is queued, then stops the thread.
  ~AsyncCollectives();

  /// Queues `task`, the collective of command `command`, behind those
  /// started before it. A command is started again only once it has been
  /// waited for.
  void start(int64_t command, std::function<Status()> task);
  /// Returns when command `command`'s collective has run, with its status;
  /// an error when it was not started.
  Status wait(int64_t command);
  /// Waits for every collective started and not waited for (a run that
  /// stops early must not leave one writing into its memory); the first
  /// error among them, if any.
  Status waitAll();

private:
  void serve();

  std::mutex mutex;
  std::condition_variable changed;
  std::deque<std::pair<int64_t, std::function<Status()>>> queue;
  /// Started and not yet waited for: command -> its status once it ran.
  std::map<int64_t, std::optional<Status>> pending;
  bool stopping = false;
  std::thread thread;
};

} // namespace hlox::runtime

#endif // HLOX_RUNTIME_ASYNCCOLLECTIVES_H
