//===- Stream.cpp - Ordered asynchronous work and events ------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/runtime/Stream.h"

using namespace hlox::runtime;

void Event::signal() {
  {
    std::lock_guard<std::mutex> lock(mutex);
    signalled = true;
  }
  changed.notify_all();
}

void Event::wait() {
  std::unique_lock<std::mutex> lock(mutex);
  changed.wait(lock, [&] { return signalled; });
}

bool Event::isSignalled() {
  std::lock_guard<std::mutex> lock(mutex);
  return signalled;
}

Stream::Stream() : worker([this] { loop(); }) {}

Stream::~Stream() {
  {
    std::lock_guard<std::mutex> lock(mutex);
    stopping = true;
  }
  changed.notify_all();
  worker.join();
}

std::shared_ptr<Event> Stream::enqueue(std::function<void()> work) {
  auto event = std::make_shared<Event>();
  {
    std::lock_guard<std::mutex> lock(mutex);
    queue.push_back([work = std::move(work), event] {
      work();
      event->signal();
    });
  }
  changed.notify_all();
  return event;
}

void Stream::waitFor(std::shared_ptr<Event> event) {
  std::lock_guard<std::mutex> lock(mutex);
  queue.push_back([event] { event->wait(); });
  changed.notify_all();
}

void Stream::synchronize() { enqueue([] {})->wait(); }

void Stream::loop() {
  while (true) {
    std::function<void()> work;
    {
      std::unique_lock<std::mutex> lock(mutex);
      changed.wait(lock, [&] { return stopping || !queue.empty(); });
      if (queue.empty())
        return;
      work = std::move(queue.front());
      queue.pop_front();
    }
    work();
  }
}
