//===- TcpStore.h - A key-value store over TCP for rendezvous ---*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// The rendezvous of a multi-process job without a launcher: process 0
// serves a key-value store at the coordinator's address, and every process
// (process 0 included) sets and waits for keys there. Gloo exchanges its
// connection addresses through it (gloo::rendezvous::Store).
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_RUNTIME_TCPSTORE_H
#define HLOX_RUNTIME_TCPSTORE_H

#include "hlox/runtime/Status.h"

#include <chrono>
#include <memory>
#include <string>
#include <vector>

namespace hlox::runtime {

/// The store's server: a thread that accepts connections and serves each
/// on a thread of its own until the server goes.
class TcpStoreServer {
public:
  /// Listens on `port` of every local address; null with `status` saying
  /// why when it cannot.
  static std::unique_ptr<TcpStoreServer> start(int port, Status &status);
  ~TcpStoreServer();

  struct Impl;

private:
  explicit TcpStoreServer(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl;
};

/// A connection to the store.
class TcpStoreClient {
public:
  /// Connects to `host`:`port`, retrying until `timeout` (the server's
  /// process may start later).
  static std::unique_ptr<TcpStoreClient>
  connect(const std::string &host, int port, std::chrono::milliseconds timeout,
          Status &status);
  ~TcpStoreClient();

  Status set(const std::string &key, const std::vector<char> &value);
  /// The value of `key`, waiting until it is set or `timeout` passes.
  Status get(const std::string &key, std::chrono::milliseconds timeout,
             std::vector<char> &value);

private:
  explicit TcpStoreClient(int socket) : socket(socket) {}
  int socket;
};

} // namespace hlox::runtime

#endif // HLOX_RUNTIME_TCPSTORE_H
