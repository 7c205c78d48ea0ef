//===- ProcessGrid.cpp - Processes of a parallel evaluation ---------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Evaluator/ProcessGrid.h"

#include "llvm/ADT/STLExtras.h"

using namespace mlir;

namespace hlox::eval {

void ProcessGrid::checkDeadlock() {
  int64_t blocked = llvm::count_if(
      waiters, [](const std::function<bool()> *ready) { return !(*ready)(); });
  if (running > 0 && blocked >= running) {
    deadlocked = aborted = true;
    changed.notify_all();
  }
}

template <typename Ready>
bool ProcessGrid::waitFor(std::unique_lock<std::mutex> &lock, Ready ready) {
  std::function<bool()> condition = ready;
  waiters.push_back(&condition);
  checkDeadlock();
  changed.wait(lock, [&] { return aborted || condition(); });
  llvm::erase(waiters, &condition);
  return !aborted;
}

FailureOr<std::vector<RuntimeValue>>
ProcessGrid::exchange(const std::string &key, size_t groupSize,
                      size_t position, RuntimeValue value) {
  std::unique_lock<std::mutex> lock(mutex);
  Rendezvous &meeting = rendezvous[key];
  if (meeting.values.empty())
    meeting.values.resize(groupSize);
  meeting.values[position] = std::move(value);
  ++meeting.deposited;
  changed.notify_all();
  if (!waitFor(lock, [&] { return meeting.deposited == groupSize; }))
    return failure();
  std::vector<RuntimeValue> values = meeting.values;
  if (++meeting.collected == groupSize)
    rendezvous.erase(key);
  return values;
}

void ProcessGrid::send(int64_t channel, std::vector<RuntimeValue> values) {
  std::lock_guard<std::mutex> lock(mutex);
  channels[channel].push_back(std::move(values));
  changed.notify_all();
}

FailureOr<std::vector<RuntimeValue>> ProcessGrid::receive(int64_t channel) {
  std::unique_lock<std::mutex> lock(mutex);
  std::deque<std::vector<RuntimeValue>> &queue = channels[channel];
  if (!waitFor(lock, [&] { return !queue.empty(); }))
    return failure();
  std::vector<RuntimeValue> values = std::move(queue.front());
  queue.pop_front();
  return values;
}

void ProcessGrid::abort() {
  std::lock_guard<std::mutex> lock(mutex);
  aborted = true;
  changed.notify_all();
}

void ProcessGrid::processStarted() {
  std::lock_guard<std::mutex> lock(mutex);
  ++running;
}

void ProcessGrid::processFinished() {
  std::lock_guard<std::mutex> lock(mutex);
  --running;
  checkDeadlock();
}

void ProcessGrid::pushInfeed(RuntimeValue value) {
  std::lock_guard<std::mutex> lock(mutex);
  infeed.push_back(std::move(value));
}

FailureOr<RuntimeValue> ProcessGrid::popInfeed() {
  std::lock_guard<std::mutex> lock(mutex);
  if (infeed.empty())
    return failure();
  RuntimeValue value = std::move(infeed.front());
  infeed.pop_front();
  return value;
}

} // namespace hlox::eval
