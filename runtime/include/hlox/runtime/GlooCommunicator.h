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

/// Collectives as Gloo's point-to-point messages between the members of a
/// group, in slots numbered by the group's count of collectives. Every
/// wait is bounded by `timeoutSeconds` (a deadlock, or a process that
/// stopped); a process that dies closes its connections, and the others'
/// collectives fail at once. Channel send/recv name no peer process and
/// are not supported between processes.
class GlooCommunicator final : public Communicator {
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
  Status allGather(int64_t self, const std::vector<int64_t> &group,
                   const void *in, void *out, size_t bytes) override;
  Status allToAll(int64_t self, const std::vector<int64_t> &group,
                  const void *in, void *out, size_t bytes) override;
  Status broadcast(int64_t self, const std::vector<int64_t> &group,
                   int64_t root, const void *in, void *out,
                   size_t bytes) override;
  Status permute(int64_t self, const std::vector<int64_t> &domain,
                 const std::vector<std::pair<int64_t, int64_t>> &pairs,
                 const void *in, void *out, size_t bytes) override;
  Status send(int64_t self, int64_t channel, const void *in,
              size_t bytes) override;
  Status receive(int64_t self, int64_t channel, void *out,
                 size_t bytes) override;
  void finished(int64_t self, bool failed) override;

  struct Impl;

private:
  explicit GlooCommunicator(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl;
};

} // namespace hlox::runtime

#endif // HLOX_RUNTIME_GLOOCOMMUNICATOR_H
