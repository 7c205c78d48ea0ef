//===- Communicator.cpp - Collectives between the threads of a run --------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/runtime/Communicator.h"

#include <algorithm>
#include <cstring>

using namespace hlox::runtime;

Communicator::~Communicator() = default;

/// One collective of a group: what the members bring, and how far they
/// got.
struct LocalCommunicator::Meeting {
  std::string what;
  size_t bytes = 0;
  std::vector<const void *> inputs;
  int64_t arrived = 0;
  int64_t copied = 0;
  int64_t left = 0;
};

LocalCommunicator::LocalCommunicator(int64_t numProcesses)
    : numProcesses(numProcesses), running(numProcesses) {}

LocalCommunicator::~LocalCommunicator() = default;

/// "{0,2,1}": the device indices of a group, for messages and keys.
static std::string describeDevices(const std::vector<int64_t> &group) {
  std::string text;
  for (int64_t id : group)
    text += (text.empty() ? "" : ",") + std::to_string(id);
  return "{" + text + "}";
}

/// "all_reduce (add of 1024 f32)", for messages and for matching the
/// members' collectives.
static std::string describeReduce(const ReduceSpec &spec) {
  return std::string("all_reduce (") + getReductionKindName(spec.kind) +
         " of " + std::to_string(spec.count) + " " +
         getReductionElementName(spec.element) + ")";
}

/// out = row(0), combined by `spec.kind` with row(1), that with row(2),
/// ..., row(n - 1): `count` elements (`bytes`) each, in group order.
template <typename Row>
static void reduceInGroupOrder(const ReduceSpec &spec, void *out, size_t n,
                               int64_t count, size_t bytes, Row row) {
  if (n == 1) {
    std::memcpy(out, row(0), bytes);
    return;
  }
  reduceElements(spec.kind, spec.element, out, row(0), row(1), count);
  for (size_t j = 2; j < n; ++j)
    reduceElements(spec.kind, spec.element, out, out, row(j), count);
}

/// Fails unless every device of `group` is a process of a job of
/// `numProcesses`.
static Status checkGroupInJob(const std::vector<int64_t> &group,
                              int64_t numProcesses) {
  for (int64_t id : group)
    if (id < 0 || id >= numProcesses)
      return Status::error("process group " + describeDevices(group) +
                           " names device " + std::to_string(id) +
                           ", but the job has " + std::to_string(numProcesses) +
                           " processes");
  return {};
}

/// The error of a channel send (or recv) between the processes of a job:
/// a channel names no peer process, which they need.
static Status unpairedChannelError(bool send, int64_t channel) {
  return Status::error(
      std::string(send ? "send" : "recv") + " on channel " +
      std::to_string(channel) + ": a channel names no " +
      (send ? "receiving" : "sending") +
      " process, and a job of processes needs one (run the program's "
      "processes in one process: --collectives=local)");
}

Status LocalCommunicator::waitUntil(std::unique_lock<std::mutex> &lock,
                                    const std::function<bool()> &ready,
                                    int64_t self, const std::string &what) {
  waits.push_back(&ready);
  auto leave = [&](Status status) {
    waits.erase(std::find(waits.begin(), waits.end(), &ready));
    return status;
  };
  while (true) {
    if (ready())
      return leave({});
    // A deadlock first: the processes it fails fail the others.
    if (deadlocked)
      return leave(Status::error(
          "collective cannot complete: every device is waiting (deadlock); "
          "device " +
          std::to_string(self) + " waits in " + what));
    if (failedProcess >= 0)
      return leave(Status::error("collective interrupted: device " +
                                 std::to_string(failedProcess) +
                                 " failed (device " + std::to_string(self) +
                                 " waits in " + what + ")"));
    // Every running process waits, and no wait can end: none will.
    if (static_cast<int64_t>(waits.size()) >= running &&
        std::none_of(
            waits.begin(), waits.end(),
            [](const std::function<bool()> *wait) { return (*wait)(); })) {
      deadlocked = true;
      changed.notify_all();
      continue;
    }
    changed.wait(lock);
  }
}

Status LocalCommunicator::meet(
    int64_t self, const std::vector<int64_t> &group, const std::string &what,
    size_t bytes, const void *in,
    const std::function<void(const std::vector<const void *> &)> &copy) {
  auto found = std::find(group.begin(), group.end(), self);
  if (found == group.end())
    return Status::error(what + ": device " + std::to_string(self) +
                         " is not in the group " + describeDevices(group));
  size_t position = found - group.begin();
  std::string groupKey = describeDevices(group);
  std::unique_lock<std::mutex> lock(mutex);
  int64_t sequence = issued[{self, groupKey}]++;
  std::string key = groupKey + "#" + std::to_string(sequence);
  std::shared_ptr<Meeting> &slot = meetings[key];
  if (!slot) {
    slot = std::make_shared<Meeting>();
    slot->what = what;
    slot->bytes = bytes;
    slot->inputs.assign(group.size(), nullptr);
  }
  std::shared_ptr<Meeting> meeting = slot;
  if (meeting->what != what || meeting->bytes != bytes) {
    // The others wait for a collective this process does not run.
    failedProcess = self;
    changed.notify_all();
    return Status::error("collectives do not match over devices " + groupKey +
                         ": device " + std::to_string(self) + " runs " + what +
                         " of " + std::to_string(bytes) +
                         " bytes where another runs " + meeting->what + " of " +
                         std::to_string(meeting->bytes));
  }
  meeting->inputs[position] = in;
  ++meeting->arrived;
  changed.notify_all();
  auto n = static_cast<int64_t>(group.size());
  if (Status status = waitUntil(
          lock, [&] { return meeting->arrived == n; }, self, what);
      !status)
    return status;
  lock.unlock();
  copy(meeting->inputs);
  lock.lock();
  ++meeting->copied;
  changed.notify_all();
  // The inputs stay the members' until every member has read them.
  if (Status status = waitUntil(
          lock, [&] { return meeting->copied == n; }, self, what);
      !status)
    return status;
  if (++meeting->left == n)
    meetings.erase(key);
  return {};
}

Status LocalCommunicator::allGather(int64_t self,
                                    const std::vector<int64_t> &group,
                                    const void *in, void *out, size_t bytes) {
  return meet(self, group, "all_gather over devices " + describeDevices(group),
              bytes, in, [&](const std::vector<const void *> &inputs) {
                for (size_t j = 0; j < inputs.size(); ++j)
                  std::memcpy(static_cast<uint8_t *>(out) + j * bytes,
                              inputs[j], bytes);
              });
}

Status LocalCommunicator::allReduce(int64_t self,
                                    const std::vector<int64_t> &group,
                                    const void *in, void *out,
                                    const ReduceSpec &spec) {
  return meet(self, group,
              describeReduce(spec) + " over devices " + describeDevices(group),
              spec.bytes, in, [&](const std::vector<const void *> &inputs) {
                reduceInGroupOrder(spec, out, inputs.size(), spec.count,
                                   spec.bytes,
                                   [&](size_t j) { return inputs[j]; });
              });
}

Status LocalCommunicator::allToAll(int64_t self,
                                   const std::vector<int64_t> &group,
                                   const void *in, void *out, size_t bytes) {
  size_t position = std::find(group.begin(), group.end(), self) - group.begin();
  return meet(self, group, "all_to_all over devices " + describeDevices(group),
              bytes, in, [&](const std::vector<const void *> &inputs) {
                for (size_t j = 0; j < inputs.size(); ++j)
                  std::memcpy(static_cast<uint8_t *>(out) + j * bytes,
                              static_cast<const uint8_t *>(inputs[j]) +
                                  position * bytes,
                              bytes);
              });
}

Status LocalCommunicator::broadcast(int64_t self,
                                    const std::vector<int64_t> &group,
                                    int64_t root, const void *in, void *out,
                                    size_t bytes) {
  if (root < 0 || root >= static_cast<int64_t>(group.size()))
    return Status::error("collective_broadcast: root " + std::to_string(root) +
                         " is out of range for a group of " +
                         std::to_string(group.size()));
  return meet(self, group,
              "collective_broadcast over devices " + describeDevices(group),
              bytes, in, [&](const std::vector<const void *> &inputs) {
                std::memcpy(out, inputs[root], bytes);
              });
}

Status LocalCommunicator::permute(
    int64_t self, const std::vector<int64_t> &domain,
    const std::vector<std::pair<int64_t, int64_t>> &pairs, const void *in,
    void *out, size_t bytes) {
  int64_t source = -1;
  for (auto [from, to] : pairs)
    if (to == self)
      source = from;
  size_t sourcePosition = domain.size();
  if (source >= 0)
    sourcePosition =
        std::find(domain.begin(), domain.end(), source) - domain.begin();
  return meet(self, domain,
              "collective_permute over devices " + describeDevices(domain),
              bytes, in, [&](const std::vector<const void *> &inputs) {
                if (sourcePosition < inputs.size())
                  std::memcpy(out, inputs[sourcePosition], bytes);
                else
                  std::memset(out, 0, bytes);
              });
}

Status LocalCommunicator::send(int64_t, int64_t channel, const void *in,
                               size_t bytes) {
  std::lock_guard<std::mutex> lock(mutex);
  const auto *data = static_cast<const uint8_t *>(in);
  channels[channel].emplace_back(data, data + bytes);
  changed.notify_all();
  return {};
}

Status LocalCommunicator::receive(int64_t self, int64_t channel, void *out,
                                  size_t bytes) {
  std::unique_lock<std::mutex> lock(mutex);
  std::deque<std::vector<uint8_t>> &queue = channels[channel];
  if (Status status = waitUntil(
          lock, [&] { return !queue.empty(); }, self,
          "recv on channel " + std::to_string(channel));
      !status)
    return status;
  std::vector<uint8_t> message = std::move(queue.front());
  queue.pop_front();
  if (message.size() != bytes)
    return Status::error("recv on channel " + std::to_string(channel) +
                         " expects " + std::to_string(bytes) + " bytes, but " +
                         std::to_string(message.size()) + " were sent");
  std::memcpy(out, message.data(), bytes);
  return {};
}

void LocalCommunicator::finished(int64_t self, bool failed) {
  std::lock_guard<std::mutex> lock(mutex);
  --running;
  if (failed && failedProcess < 0)
    failedProcess = self;
  changed.notify_all();
}

Status PointToPointCommunicator::begin(const std::vector<int64_t> &group,
                                       uint64_t &sequence) {
  if (Status status = checkGroupInJob(group, getNumProcesses()); !status)
    return status;
  std::string key = describeDevices(group);
  sequence = (std::hash<std::string>()(key) << 20) + sequences[key]++;
  return {};
}

Status PointToPointCommunicator::allGather(int64_t self,
                                           const std::vector<int64_t> &group,
                                           const void *in, void *out,
                                           size_t bytes) {
  uint64_t sequence;
  if (Status status = begin(group, sequence); !status)
    return status;
  // This operand to each other member, theirs into their rows.
  std::vector<Message> sends, receives;
  auto *rows = static_cast<uint8_t *>(out);
  for (size_t j = 0; j < group.size(); ++j) {
    if (group[j] == self) {
      std::memcpy(rows + j * bytes, in, bytes);
      continue;
    }
    sends.push_back({group[j], const_cast<void *>(in)});
    receives.push_back({group[j], rows + j * bytes});
  }
  return exchange(sends, receives, bytes, sequence,
                  "all_gather over devices " + describeDevices(group));
}

Status PointToPointCommunicator::allReduce(int64_t self,
                                           const std::vector<int64_t> &group,
                                           const void *in, void *out,
                                           const ReduceSpec &spec) {
  const size_t n = group.size();
  if (n == 1 || spec.count == 0 || spec.count % static_cast<int64_t>(n) != 0) {
    // No chunks of one size: every member's operand, then the reductions.
    if (received.size() < spec.bytes * n)
      received.resize(spec.bytes * n);
    uint8_t *rows = received.data();
    if (Status status = allGather(self, group, in, rows, spec.bytes); !status)
      return status;
    reduceInGroupOrder(spec, out, n, spec.count, spec.bytes,
                       [&](size_t j) { return rows + j * spec.bytes; });
    return {};
  }
  const int64_t chunkCount = spec.count / static_cast<int64_t>(n);
  const size_t chunkBytes = spec.bytes / n;
  const size_t position =
      std::find(group.begin(), group.end(), self) - group.begin();
  if (position == n)
    return Status::error("all_reduce: device " + std::to_string(self) +
                         " is not in the group " + describeDevices(group));
  if (received.size() < spec.bytes)
    received.resize(spec.bytes);
  const std::string what =
      describeReduce(spec) + " over devices " + describeDevices(group);
  // Chunk j of this operand to member j; member j's chunk of this
  // member's position into row j.
  const auto *chunks = static_cast<const uint8_t *>(in);
  uint8_t *rows = received.data();
  uint64_t sequence;
  if (Status status = begin(group, sequence); !status)
    return status;
  std::vector<Message> sends, receives;
  for (size_t j = 0; j < n; ++j) {
    if (j == position)
      continue;
    sends.push_back({group[j], const_cast<uint8_t *>(chunks + j * chunkBytes)});
    receives.push_back({group[j], rows + j * chunkBytes});
  }
  if (Status status = exchange(sends, receives, chunkBytes, sequence, what);
      !status)
    return status;
  // This member's chunk of the result, in group order.
  auto *results = static_cast<uint8_t *>(out);
  uint8_t *mine = results + position * chunkBytes;
  reduceInGroupOrder(spec, mine, n, chunkCount, chunkBytes,
                     [&](size_t j) -> const void * {
                       return j == position ? chunks + position * chunkBytes
                                            : rows + j * chunkBytes;
                     });
  // Each member's reduced chunk to every other member.
  if (Status status = begin(group, sequence); !status)
    return status;
  sends.clear();
  receives.clear();
  for (size_t j = 0; j < n; ++j) {
    if (j == position)
      continue;
    sends.push_back({group[j], mine});
    receives.push_back({group[j], results + j * chunkBytes});
  }
  return exchange(sends, receives, chunkBytes, sequence, what);
}

Status PointToPointCommunicator::allToAll(int64_t self,
                                          const std::vector<int64_t> &group,
                                          const void *in, void *out,
                                          size_t bytes) {
  uint64_t sequence;
  if (Status status = begin(group, sequence); !status)
    return status;
  // Chunk j to member j; member j's chunk into row j.
  std::vector<Message> sends, receives;
  auto *chunks = static_cast<uint8_t *>(const_cast<void *>(in));
  auto *rows = static_cast<uint8_t *>(out);
  for (size_t j = 0; j < group.size(); ++j) {
    if (group[j] == self) {
      std::memcpy(rows + j * bytes, chunks + j * bytes, bytes);
      continue;
    }
    sends.push_back({group[j], chunks + j * bytes});
    receives.push_back({group[j], rows + j * bytes});
  }
  return exchange(sends, receives, bytes, sequence,
                  "all_to_all over devices " + describeDevices(group));
}

Status PointToPointCommunicator::broadcast(int64_t self,
                                           const std::vector<int64_t> &group,
                                           int64_t root, const void *in,
                                           void *out, size_t bytes) {
  std::string what =
      "collective_broadcast over devices " + describeDevices(group);
  if (root < 0 || root >= static_cast<int64_t>(group.size()))
    return Status::error(what + ": root " + std::to_string(root) +
                         " is out of range");
  uint64_t sequence;
  if (Status status = begin(group, sequence); !status)
    return status;
  // The root sends to each other member; they receive from it.
  std::vector<Message> sends, receives;
  if (group[root] == self) {
    std::memmove(out, in, bytes);
    for (int64_t member : group)
      if (member != self)
        sends.push_back({member, out});
  } else {
    receives.push_back({group[root], out});
  }
  return exchange(sends, receives, bytes, sequence, what);
}

Status PointToPointCommunicator::permute(
    int64_t self, const std::vector<int64_t> &domain,
    const std::vector<std::pair<int64_t, int64_t>> &pairs, const void *in,
    void *out, size_t bytes) {
  uint64_t sequence;
  if (Status status = begin(domain, sequence); !status)
    return status;
  std::vector<Message> sends, receives;
  bool targeted = false;
  for (auto [source, target] : pairs) {
    targeted |= target == self;
    if (source == self && target == self)
      std::memmove(out, in, bytes);
    else if (source == self)
      sends.push_back({target, const_cast<void *>(in)});
    else if (target == self)
      receives.push_back({source, out});
  }
  if (!targeted)
    std::memset(out, 0, bytes);
  return exchange(sends, receives, bytes, sequence,
                  "collective_permute over devices " + describeDevices(domain));
}

Status PointToPointCommunicator::send(int64_t, int64_t channel, const void *,
                                      size_t) {
  return unpairedChannelError(/*send=*/true, channel);
}

Status PointToPointCommunicator::receive(int64_t, int64_t channel, void *,
                                         size_t) {
  return unpairedChannelError(/*send=*/false, channel);
}

int64_t LocalCommunicator::getFailedProcess() {
  std::lock_guard<std::mutex> lock(mutex);
  return failedProcess;
}

void HostFeeds::pushInfeed(std::vector<uint8_t> bytes) {
  std::lock_guard<std::mutex> lock(mutex);
  infeed.push_back(std::move(bytes));
}

Status HostFeeds::popInfeed(void *out, size_t bytes) {
  std::lock_guard<std::mutex> lock(mutex);
  if (infeed.empty())
    return Status::error("infeed is empty");
  if (infeed.front().size() != bytes)
    return Status::error("infeed expects " + std::to_string(bytes) +
                         " bytes, but the next value has " +
                         std::to_string(infeed.front().size()));
  std::memcpy(out, infeed.front().data(), bytes);
  infeed.pop_front();
  return {};
}

void HostFeeds::pushOutfeed(std::vector<uint8_t> bytes) {
  std::lock_guard<std::mutex> lock(mutex);
  outfeed.push_back(std::move(bytes));
}

std::vector<std::vector<uint8_t>> HostFeeds::takeOutfeed() {
  std::lock_guard<std::mutex> lock(mutex);
  return std::move(outfeed);
}
