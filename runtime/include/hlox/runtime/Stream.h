//===- Stream.h - Ordered asynchronous work and events ----------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#ifndef HLOX_RUNTIME_STREAM_H
#define HLOX_RUNTIME_STREAM_H

#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>

namespace hlox::runtime {

/// Signalled once; waiters block until then. Thread-safe; shared between
/// the stream that signals it and those who wait.
class Event {
public:
  void signal();
  void wait();
  bool isSignalled();

private:
  std::mutex mutex;
  std::condition_variable changed;
  bool signalled = false;
};

/// Runs the work enqueued on it one item after another, in order, on a
/// thread of its own. enqueue is thread-safe. Destruction waits for the
/// work already enqueued.
class Stream {
public:
  Stream();
  ~Stream();
  Stream(const Stream &) = delete;
  Stream &operator=(const Stream &) = delete;

  /// Queues `work`; the returned event is signalled when it has run.
  std::shared_ptr<Event> enqueue(std::function<void()> work);
  /// Queues a wait: later work starts after `event` is signalled.
  void waitFor(std::shared_ptr<Event> event);
  /// Blocks until everything enqueued so far has run.
  void synchronize();

private:
  void loop();

  std::mutex mutex;
  std::condition_variable changed;
  std::deque<std::function<void()>> queue;
  bool stopping = false;
  std::thread worker;
};

} // namespace hlox::runtime

#endif // HLOX_RUNTIME_STREAM_H
