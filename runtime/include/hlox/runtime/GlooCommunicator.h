//===- GlooCommunicator.h - Collectives between Gloo processes --*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// The processes of a parallel run are processes started on their own (no
// launcher), which meet at a coordinator address: process 0 serves a
// key-value store there (TcpStore.h), through which Gloo (Debian's
// libgloo-dev) connects every pair over TCP. Built with HLOX_ENABLE_GLOO;
// Gloo's headers stay out of this one.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_RUNTIME_GLOOCOMMUNICATOR_H
#define HLOX_RUNTIME_GLOOCOMMUNICATOR_H

#include "hlox/runtime/Communicator.h"

#include <memory>
#include <string>

namespace hlox::runtime {

/// The messages of the collectives as Gloo's unbound buffers, in slots
/// numbered by the collective's sequence number. Every wait is bounded by
/// `timeoutSeconds` (a deadlock, or a process that stopped); a process
/// that dies closes its connections, and the others' collectives fail at
/// once.
class GlooCommunicator final : public PointToPointCommunicator {
public:
  /// Joins the job as process `processId` of `numProcesses`, meeting at
  /// `coordinator` ("host:port"; process 0 serves it on that port). Null,
  /// with `status` saying why, when the job does not come together within
  /// the timeout.
  static std::unique_ptr<GlooCommunicator>
  create(const std::string &coordinator, int64_t numProcesses,
         int64_t processId, double timeoutSeconds, Status &status);
  ~GlooCommunicator() override;

  int64_t getNumProcesses() const override;

  struct Impl;

private:
  Status exchange(const std::vector<Message> &sends,
                  const std::vector<Message> &receives, size_t bytes,
                  uint64_t sequence, const std::string &what) override;

  explicit GlooCommunicator(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl;
};

} // namespace hlox::runtime

#endif // HLOX_RUNTIME_GLOOCOMMUNICATOR_H
