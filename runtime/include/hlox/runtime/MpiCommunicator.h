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

/// The messages of the collectives as MPI's nonblocking point-to-point
/// calls, tagged by the collective's sequence number (no communicator per
/// group, whose creation would block on members that never come; on Open
/// MPI's shared memory the messages also beat its nonblocking collectives,
/// 2-4x for 4-16 MiB, and its blocking MPI_Allgather, 1.5x). A wait longer
/// than `timeoutSeconds` fails (a deadlock, or a process that stopped: MPI
/// itself would wait forever); the communicator of a failed collective
/// aborts the job when it goes (MPI_Abort with code 2), so that no other
/// process waits on. A process that dies takes the job down (mpirun's own
/// policy).
class MpiCommunicator final : public PointToPointCommunicator {
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

  struct Impl;

private:
  Status exchange(const std::vector<Message> &sends,
                  const std::vector<Message> &receives, size_t bytes,
                  uint64_t sequence, const std::string &what) override;

  explicit MpiCommunicator(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl;
};

} // namespace hlox::runtime

#endif // HLOX_RUNTIME_MPICOMMUNICATOR_H
