//===- AsyncCollectives.cpp - Collectives that run beside the commands ----===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "AsyncCollectives.h"

using namespace hlox::runtime;

AsyncCollectives::~AsyncCollectives() {
  {
    std::unique_lock<std::mutex> lock(mutex);
    changed.wait(lock, [&] { return queue.empty(); });
    stopping = true;
  }
  changed.notify_all();
  if (thread.joinable())
    thread.join();
}

void AsyncCollectives::start(int64_t command, std::function<Status()> task) {
  {
    std::lock_guard<std::mutex> lock(mutex);
    pending[command] = std::nullopt;
    queue.emplace_back(command, std::move(task));
    // The thread starts with the first collective of the context's runs.
    if (!thread.joinable())
      thread = std::thread([this] { serve(); });
  }
  changed.notify_all();
}

void AsyncCollectives::serve() {
  std::unique_lock<std::mutex> lock(mutex);
  while (true) {
    changed.wait(lock, [&] { return stopping || !queue.empty(); });
    if (queue.empty())
      return;
    auto [command, task] = std::move(queue.front());
    lock.unlock();
    Status status = task();
    lock.lock();
    queue.pop_front();
    pending[command] = std::move(status);
    changed.notify_all();
  }
}

Status AsyncCollectives::wait(int64_t command) {
  std::unique_lock<std::mutex> lock(mutex);
  auto it = pending.find(command);
  if (it == pending.end())
    return Status::error("waits for a collective that was not started");
  changed.wait(lock, [&] { return it->second.has_value(); });
  Status status = std::move(*it->second);
  pending.erase(it);
  return status;
}

Status AsyncCollectives::waitAll() {
  std::unique_lock<std::mutex> lock(mutex);
  changed.wait(lock, [&] { return queue.empty(); });
  Status first;
  for (auto &[command, status] : pending)
    if (first && status && !*status)
      first = std::move(*status);
  pending.clear();
  return first;
}
