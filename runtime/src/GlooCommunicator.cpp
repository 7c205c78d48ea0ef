//===- GlooCommunicator.cpp - Collectives between Gloo processes ----------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/runtime/GlooCommunicator.h"

#include "TcpStore.h"

#include <gloo/barrier.h>
#include <gloo/common/error.h>
#include <gloo/rendezvous/context.h>
#include <gloo/rendezvous/store.h>
#include <gloo/transport/tcp/device.h>
#include <gloo/transport/unbound_buffer.h>

#include <algorithm>
#include <cstring>
#include <functional>
#include <map>

using namespace hlox::runtime;

namespace {

/// Gloo's rendezvous store over the coordinator's TcpStore. Gloo reports
/// errors by exception: a failed call throws gloo::IoException.
class CoordinatorStore final : public gloo::rendezvous::Store {
public:
  CoordinatorStore(TcpStoreClient &client, std::chrono::milliseconds timeout)
      : client(client), timeout(timeout) {}
  void set(const std::string &key, const std::vector<char> &data) override {
    if (Status status = client.set(key, data); !status)
      throw gloo::IoException(status.message());
  }
  std::vector<char> get(const std::string &key) override {
    std::vector<char> value;
    if (Status status = client.get(key, timeout, value); !status)
      throw gloo::IoException(status.message());
    return value;
  }
  void wait(const std::vector<std::string> &keys) override {
    wait(keys, timeout);
  }
  void wait(const std::vector<std::string> &keys,
            const std::chrono::milliseconds &limit) override {
    std::vector<char> value;
    for (const std::string &key : keys)
      if (Status status = client.get(key, limit, value); !status)
        throw gloo::IoException(status.message());
  }

private:
  TcpStoreClient &client;
  std::chrono::milliseconds timeout;
};

} // namespace

struct GlooCommunicator::Impl {
  int rank = 0;
  int size = 1;
  std::chrono::milliseconds timeout{60000};
  std::unique_ptr<TcpStoreServer> server;
  std::unique_ptr<TcpStoreClient> client;
  std::shared_ptr<gloo::rendezvous::Context> context;
  /// Per group (its members printed), the collectives run over it.
  std::map<std::string, uint64_t> sequences;

  /// The slot of the next collective over `group`: its members run the
  /// collectives over it in one order.
  uint64_t nextSlot(const std::vector<int64_t> &group) {
    std::string key = describeDevices(group);
    return (std::hash<std::string>()(key) << 20) + sequences[key]++;
  }

  /// Sends `sends` (rank, offset in `in`) of `bytes` each from `in`,
  /// receives `receives` (rank, offset in `out`) into `out`, and waits for
  /// all of them.
  Status exchange(const void *in, size_t inBytes, void *out, size_t outBytes,
                  const std::vector<std::pair<int64_t, size_t>> &sends,
                  const std::vector<std::pair<int64_t, size_t>> &receives,
                  size_t bytes, uint64_t slot, const std::string &what) {
    try {
      std::unique_ptr<gloo::transport::UnboundBuffer> source, target;
      if (!sends.empty())
        source = context->createUnboundBuffer(const_cast<void *>(in), inBytes);
      if (!receives.empty())
        target = context->createUnboundBuffer(out, outBytes);
      for (auto [rank, offset] : sends)
        source->send(static_cast<int>(rank), slot, offset, bytes);
      for (auto [rank, offset] : receives)
        target->recv(static_cast<int>(rank), slot, offset, bytes);
      for (size_t i = 0; i < receives.size(); ++i)
        if (!target->waitRecv(timeout))
          return Status::error(what + " was aborted");
      for (size_t i = 0; i < sends.size(); ++i)
        if (!source->waitSend(timeout))
          return Status::error(what + " was aborted");
    } catch (const gloo::IoException &error) {
      return Status::error(what + " failed on process " + std::to_string(rank) +
                           ": " + error.what() +
                           " (a deadlock, or a process that stopped)");
    } catch (const gloo::Exception &error) {
      return Status::error(what + " failed on process " + std::to_string(rank) +
                           ": " + error.what());
    }
    return {};
  }
};

GlooCommunicator::GlooCommunicator(std::unique_ptr<Impl> impl)
    : impl(std::move(impl)) {}

GlooCommunicator::~GlooCommunicator() = default;

std::unique_ptr<GlooCommunicator>
GlooCommunicator::create(const std::string &coordinator, int64_t numProcesses,
                         int64_t processId, double timeoutSeconds,
                         Status &status) {
  size_t colon = coordinator.rfind(':');
  char *rest = nullptr;
  long port = colon == std::string::npos
                  ? 0
                  : std::strtol(coordinator.c_str() + colon + 1, &rest, 10);
  if (colon == std::string::npos || colon == 0 || !rest || *rest || port <= 0 ||
      port > 65535) {
    status =
        Status::error("coordinator '" + coordinator + "' is not HOST:PORT");
    return nullptr;
  }
  if (numProcesses < 1 || processId < 0 || processId >= numProcesses) {
    status = Status::error("process " + std::to_string(processId) + " of " +
                           std::to_string(numProcesses) + " is not in the job");
    return nullptr;
  }
  std::string host = coordinator.substr(0, colon);
  auto impl = std::make_unique<Impl>();
  impl->rank = static_cast<int>(processId);
  impl->size = static_cast<int>(numProcesses);
  impl->timeout =
      std::chrono::milliseconds(static_cast<int64_t>(timeoutSeconds * 1000));
  if (processId == 0) {
    impl->server = TcpStoreServer::start(static_cast<int>(port), status);
    if (!impl->server)
      return nullptr;
  }
  impl->client = TcpStoreClient::connect(host, static_cast<int>(port),
                                         impl->timeout, status);
  if (!impl->client)
    return nullptr;
  try {
    CoordinatorStore store(*impl->client, impl->timeout);
    gloo::transport::tcp::attr attr(host == "localhost" ? "127.0.0.1"
                                                        : host.c_str());
    std::shared_ptr<gloo::transport::Device> device =
        gloo::transport::tcp::CreateDevice(attr);
    impl->context =
        std::make_shared<gloo::rendezvous::Context>(impl->rank, impl->size);
    impl->context->setTimeout(impl->timeout);
    impl->context->connectFullMesh(store, device);
    // No process starts before every process has joined: one that
    // finished at once would otherwise close its connections under a
    // process still connecting.
    gloo::BarrierOptions barrier(impl->context);
    barrier.setTimeout(impl->timeout);
    gloo::barrier(barrier);
  } catch (const gloo::Exception &error) {
    status = Status::error("process " + std::to_string(processId) +
                           " could not join the job at " + coordinator + ": " +
                           error.what());
    return nullptr;
  }
  status = {};
  return std::unique_ptr<GlooCommunicator>(
      new GlooCommunicator(std::move(impl)));
}

int64_t GlooCommunicator::getNumProcesses() const { return impl->size; }

Status GlooCommunicator::allGather(int64_t self,
                                   const std::vector<int64_t> &group,
                                   const void *in, void *out, size_t bytes) {
  std::string what = "all_gather over devices " + describeDevices(group);
  if (Status status = checkGroupInJob(group, impl->size); !status)
    return status;
  std::vector<std::pair<int64_t, size_t>> sends, receives;
  for (size_t j = 0; j < group.size(); ++j) {
    if (group[j] == self) {
      std::memcpy(static_cast<uint8_t *>(out) + j * bytes, in, bytes);
      continue;
    }
    sends.emplace_back(group[j], 0);
    receives.emplace_back(group[j], j * bytes);
  }
  return impl->exchange(in, bytes, out, bytes * group.size(), sends, receives,
                        bytes, impl->nextSlot(group), what);
}

Status GlooCommunicator::allToAll(int64_t self,
                                  const std::vector<int64_t> &group,
                                  const void *in, void *out, size_t bytes) {
  std::string what = "all_to_all over devices " + describeDevices(group);
  if (Status status = checkGroupInJob(group, impl->size); !status)
    return status;
  std::vector<std::pair<int64_t, size_t>> sends, receives;
  for (size_t j = 0; j < group.size(); ++j) {
    if (group[j] == self) {
      std::memcpy(static_cast<uint8_t *>(out) + j * bytes,
                  static_cast<const uint8_t *>(in) + j * bytes, bytes);
      continue;
    }
    sends.emplace_back(group[j], j * bytes);
    receives.emplace_back(group[j], j * bytes);
  }
  return impl->exchange(in, bytes * group.size(), out, bytes * group.size(),
                        sends, receives, bytes, impl->nextSlot(group), what);
}

Status GlooCommunicator::broadcast(int64_t self,
                                   const std::vector<int64_t> &group,
                                   int64_t root, const void *in, void *out,
                                   size_t bytes) {
  std::string what =
      "collective_broadcast over devices " + describeDevices(group);
  if (Status status = checkGroupInJob(group, impl->size); !status)
    return status;
  if (root < 0 || root >= static_cast<int64_t>(group.size()))
    return Status::error(what + ": root " + std::to_string(root) +
                         " is out of range");
  std::vector<std::pair<int64_t, size_t>> sends, receives;
  if (group[root] == self) {
    std::memmove(out, in, bytes);
    for (int64_t member : group)
      if (member != self)
        sends.emplace_back(member, 0);
  } else {
    receives.emplace_back(group[root], 0);
  }
  return impl->exchange(in, bytes, out, bytes, sends, receives, bytes,
                        impl->nextSlot(group), what);
}

Status
GlooCommunicator::permute(int64_t self, const std::vector<int64_t> &domain,
                          const std::vector<std::pair<int64_t, int64_t>> &pairs,
                          const void *in, void *out, size_t bytes) {
  std::string what =
      "collective_permute over devices " + describeDevices(domain);
  if (Status status = checkGroupInJob(domain, impl->size); !status)
    return status;
  uint64_t slot = impl->nextSlot(domain);
  std::vector<std::pair<int64_t, size_t>> sends, receives;
  for (auto [source, target] : pairs) {
    if (source == self && target == self) {
      std::memmove(out, in, bytes);
      continue;
    }
    if (source == self)
      sends.emplace_back(target, 0);
    if (target == self)
      receives.emplace_back(source, 0);
  }
  bool targeted = !receives.empty() ||
                  std::any_of(pairs.begin(), pairs.end(),
                              [&](auto pair) { return pair.second == self; });
  if (!targeted)
    std::memset(out, 0, bytes);
  return impl->exchange(in, bytes, out, bytes, sends, receives, bytes, slot,
                        what);
}

Status GlooCommunicator::send(int64_t, int64_t channel, const void *, size_t) {
  return unpairedChannelError(/*send=*/true, channel);
}

Status GlooCommunicator::receive(int64_t, int64_t channel, void *, size_t) {
  return unpairedChannelError(/*send=*/false, channel);
}

void GlooCommunicator::finished(int64_t, bool) {}
