//===- MpiCommunicator.h - Collectives between MPI processes ----*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// The processes of a parallel run are the processes of an MPI job (`mpirun
// -np N ...`): process index = rank in MPI_COMM_WORLD. Built when MPI is
// found (HLOX_ENABLE_MPI; Debian's libopenmpi-dev); mpi.h stays out of this
// header.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_RUNTIME_MPICOMMUNICATOR_H
#define HLOX_RUNTIME_MPICOMMUNICATOR_H

#include "hlox/runtime/Communicator.h"

#include <memory>

namespace hlox::runtime {

/// Collectives over MPI as nonblocking point-to-point messages between the
/// group's members, tagged by the group's count of collectives (no
/// communicator per group, whose creation would block on members that
/// never come; on Open MPI's shared memory the messages also beat its
/// nonblocking collectives, 2-4x for 4-16 MiB, and its blocking
/// MPI_Allgather, 1.5x); a wait longer than
/// `timeoutSeconds` fails (a deadlock, or a process that stopped: MPI
/// itself would wait forever); the communicator of a failed collective
/// aborts the job when it goes (MPI_Abort with code 2), so that no other
/// process waits on. A process that dies takes the job down (mpirun's own
/// policy). Channel send/recv name no peer process and are
/// not supported between MPI processes.
class MpiCommunicator final : public Communicator {
public:
  /// Starts MPI (once per process; finalized when the last communicator
  /// goes) and joins MPI_COMM_WORLD; null with `status` saying why when
  /// MPI cannot start.
  static std::unique_ptr<MpiCommunicator> create(double timeoutSeconds,
                                                 Status &status);
  ~MpiCommunicator() override;

  /// This process's rank: its device index.
  int64_t getRank() const;
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
  explicit MpiCommunicator(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl;
};

} // namespace hlox::runtime

#endif // HLOX_RUNTIME_MPICOMMUNICATOR_H
