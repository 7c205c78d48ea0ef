//===- TcpStore.cpp - A key-value store over TCP for rendezvous -----------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// The protocol: a request is an op byte ('S' set, 'G' get), the key's
// length (4 bytes, little-endian) and bytes, and for a set the value's
// length and bytes. A set is answered with one byte; a get with 0 (not
// set yet) or 1 followed by the value's length and bytes. A client polls a
// key that is not set yet.
//
//===----------------------------------------------------------------------===//

#include "TcpStore.h"

#include <arpa/inet.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <map>
#include <mutex>
#include <thread>

using namespace hlox::runtime;

namespace {

bool writeAll(int socket, const void *data, size_t size) {
  const auto *bytes = static_cast<const char *>(data);
  while (size > 0) {
    ssize_t written = ::send(socket, bytes, size, MSG_NOSIGNAL);
    if (written <= 0) {
      if (written < 0 && errno == EINTR)
        continue;
      return false;
    }
    bytes += written;
    size -= written;
  }
  return true;
}

bool readAll(int socket, void *data, size_t size) {
  auto *bytes = static_cast<char *>(data);
  while (size > 0) {
    ssize_t got = ::recv(socket, bytes, size, 0);
    if (got <= 0) {
      if (got < 0 && errno == EINTR)
        continue;
      return false;
    }
    bytes += got;
    size -= got;
  }
  return true;
}

bool writeBytes(int socket, const std::string &text) {
  uint32_t size = static_cast<uint32_t>(text.size());
  return writeAll(socket, &size, 4) && writeAll(socket, text.data(), size);
}

/// Reads a length and that many bytes (at most 64 MiB).
bool readBytes(int socket, std::string &text) {
  uint32_t size = 0;
  if (!readAll(socket, &size, 4) || size > (64u << 20))
    return false;
  text.resize(size);
  return readAll(socket, text.data(), size);
}

} // namespace

struct TcpStoreServer::Impl {
  int listener = -1;
  std::thread acceptor;
  std::mutex mutex;
  std::map<std::string, std::string> values;
  std::vector<int> clients;
  std::vector<std::thread> servers;

  void serve(int client) {
    while (true) {
      char op = 0;
      std::string key, value;
      if (!readAll(client, &op, 1) || !readBytes(client, key))
        return;
      if (op == 'S') {
        if (!readBytes(client, value))
          return;
        {
          std::lock_guard<std::mutex> lock(mutex);
          values[key] = value;
        }
        char ack = 1;
        if (!writeAll(client, &ack, 1))
          return;
        continue;
      }
      if (op != 'G')
        return;
      bool found = false;
      {
        std::lock_guard<std::mutex> lock(mutex);
        auto it = values.find(key);
        if (it != values.end()) {
          found = true;
          value = it->second;
        }
      }
      char flag = found;
      if (!writeAll(client, &flag, 1) || (found && !writeBytes(client, value)))
        return;
    }
  }

  void acceptLoop() {
    while (true) {
      int client = ::accept(listener, nullptr, nullptr);
      if (client < 0) {
        if (errno == EINTR)
          continue;
        return; // shut down
      }
      std::lock_guard<std::mutex> lock(mutex);
      clients.push_back(client);
      servers.emplace_back([this, client] { serve(client); });
    }
  }
};

TcpStoreServer::TcpStoreServer(std::unique_ptr<Impl> impl)
    : impl(std::move(impl)) {}

std::unique_ptr<TcpStoreServer> TcpStoreServer::start(int port,
                                                      Status &status) {
  auto impl = std::make_unique<Impl>();
  impl->listener = ::socket(AF_INET, SOCK_STREAM, 0);
  if (impl->listener < 0) {
    status = Status::error(std::string("cannot open a socket: ") +
                           std::strerror(errno));
    return nullptr;
  }
  int yes = 1;
  ::setsockopt(impl->listener, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof(yes));
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_ANY);
  address.sin_port = htons(static_cast<uint16_t>(port));
  if (::bind(impl->listener, reinterpret_cast<sockaddr *>(&address),
             sizeof(address)) != 0 ||
      ::listen(impl->listener, 64) != 0) {
    status = Status::error("cannot serve the coordinator on port " +
                           std::to_string(port) + ": " + std::strerror(errno));
    ::close(impl->listener);
    return nullptr;
  }
  Impl *raw = impl.get();
  impl->acceptor = std::thread([raw] { raw->acceptLoop(); });
  status = {};
  return std::unique_ptr<TcpStoreServer>(new TcpStoreServer(std::move(impl)));
}

TcpStoreServer::~TcpStoreServer() {
  ::shutdown(impl->listener, SHUT_RDWR);
  ::close(impl->listener);
  impl->acceptor.join();
  std::vector<std::thread> servers;
  {
    std::lock_guard<std::mutex> lock(impl->mutex);
    for (int client : impl->clients)
      ::shutdown(client, SHUT_RDWR);
    servers.swap(impl->servers);
  }
  for (std::thread &server : servers)
    server.join();
  for (int client : impl->clients)
    ::close(client);
}

std::unique_ptr<TcpStoreClient>
TcpStoreClient::connect(const std::string &host, int port,
                        std::chrono::milliseconds timeout, Status &status) {
  addrinfo hints{};
  hints.ai_family = AF_INET;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo *found = nullptr;
  if (int code = ::getaddrinfo(host.c_str(), std::to_string(port).c_str(),
                               &hints, &found);
      code != 0) {
    status = Status::error("cannot resolve the coordinator '" + host +
                           "': " + ::gai_strerror(code));
    return nullptr;
  }
  auto deadline = std::chrono::steady_clock::now() + timeout;
  while (true) {
    int socket = ::socket(found->ai_family, found->ai_socktype, 0);
    if (socket >= 0 &&
        ::connect(socket, found->ai_addr, found->ai_addrlen) == 0) {
      ::freeaddrinfo(found);
      int yes = 1;
      ::setsockopt(socket, IPPROTO_TCP, TCP_NODELAY, &yes, sizeof(yes));
      status = {};
      return std::unique_ptr<TcpStoreClient>(new TcpStoreClient(socket));
    }
    int error = errno;
    if (socket >= 0)
      ::close(socket);
    if (std::chrono::steady_clock::now() > deadline) {
      ::freeaddrinfo(found);
      status = Status::error("cannot reach the coordinator " + host + ":" +
                             std::to_string(port) + " within " +
                             std::to_string(timeout.count() / 1000) +
                             " s: " + std::strerror(error));
      return nullptr;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

TcpStoreClient::~TcpStoreClient() { ::close(socket); }

Status TcpStoreClient::set(const std::string &key,
                           const std::vector<char> &value) {
  char op = 'S', ack = 0;
  if (!writeAll(socket, &op, 1) || !writeBytes(socket, key) ||
      !writeBytes(socket, std::string(value.begin(), value.end())) ||
      !readAll(socket, &ack, 1))
    return Status::error("the coordinator went away");
  return {};
}

Status TcpStoreClient::get(const std::string &key,
                           std::chrono::milliseconds timeout,
                           std::vector<char> &value) {
  auto deadline = std::chrono::steady_clock::now() + timeout;
  while (true) {
    char op = 'G', found = 0;
    if (!writeAll(socket, &op, 1) || !writeBytes(socket, key) ||
        !readAll(socket, &found, 1))
      return Status::error("the coordinator went away");
    if (found) {
      std::string text;
      if (!readBytes(socket, text))
        return Status::error("the coordinator went away");
      value.assign(text.begin(), text.end());
      return {};
    }
    if (std::chrono::steady_clock::now() > deadline)
      return Status::error("no process set '" + key +
                           "' at the coordinator "
                           "in time (a process of the job did not start)");
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
}
