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

Status GlooCommunicator::exchange(const std::vector<Message> &sends,
                                  const std::vector<Message> &receives,
                                  size_t bytes, uint64_t sequence,
                                  const std::string &what) {
  try {
    std::vector<std::unique_ptr<gloo::transport::UnboundBuffer>> outgoing,
        incoming;
    for (const Message &message : sends) {
      outgoing.push_back(
          impl->context->createUnboundBuffer(message.data, bytes));
      outgoing.back()->send(static_cast<int>(message.peer), sequence);
    }
    for (const Message &message : receives) {
      incoming.push_back(
          impl->context->createUnboundBuffer(message.data, bytes));
      incoming.back()->recv(static_cast<int>(message.peer), sequence);
    }
    for (auto &buffer : incoming)
      if (!buffer->waitRecv(impl->timeout))
        return Status::error(what + " was aborted");
    for (auto &buffer : outgoing)
      if (!buffer->waitSend(impl->timeout))
        return Status::error(what + " was aborted");
  } catch (const gloo::IoException &error) {
    return Status::error(what + " failed on process " +
                         std::to_string(impl->rank) + ": " + error.what() +
                         " (a deadlock, or a process that stopped)");
  } catch (const gloo::Exception &error) {
    return Status::error(what + " failed on process " +
                         std::to_string(impl->rank) + ": " + error.what());
  }
  return {};
}
