//===- MpiCommunicator.cpp - Collectives between MPI processes ------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/runtime/MpiCommunicator.h"

#include <mpi.h>

#include <algorithm>
#include <chrono>
#include <climits>
#include <cstring>
#include <mutex>
#include <thread>

using namespace hlox::runtime;

namespace {

/// MPI is started once per process and finalized with the last user.
std::mutex mpiMutex;
int mpiUsers = 0;

std::string mpiError(int code) {
  char text[MPI_MAX_ERROR_STRING];
  int length = 0;
  MPI_Error_string(code, text, &length);
  return std::string(text, length);
}

} // namespace

struct MpiCommunicator::Impl {
  int rank = 0;
  int size = 1;
  double timeoutSeconds = 60;
  /// A collective failed or timed out: its requests are still pending, so
  /// MPI cannot finalize; the job is aborted instead.
  bool broken = false;

  /// Waits for `requests`; fails after the timeout.
  Status wait(std::vector<MPI_Request> &requests, const std::string &what) {
    auto start = std::chrono::steady_clock::now();
    int spins = 0;
    while (true) {
      int done = 0;
      int code = MPI_Testall(static_cast<int>(requests.size()), requests.data(),
                             &done, MPI_STATUSES_IGNORE);
      if (code != MPI_SUCCESS) {
        broken = true;
        return Status::error(what + " failed: " + mpiError(code));
      }
      if (done)
        return {};
      double waited = std::chrono::duration<double>(
                          std::chrono::steady_clock::now() - start)
                          .count();
      if (waited > timeoutSeconds) {
        broken = true;
        return Status::error(
            what + " did not complete within " +
            std::to_string(static_cast<int>(timeoutSeconds)) +
            " s on MPI rank " + std::to_string(rank) +
            " (a deadlock, or a process that stopped taking part)");
      }
      // Poll at once a while, then let other processes of the machine run.
      if (++spins > 1000)
        std::this_thread::sleep_for(std::chrono::microseconds(50));
    }
  }

  /// Posts a send of `bytes` at `data` to `rank`, or a receive into
  /// them from it.
  Status post(bool sending, const void *data, size_t bytes, int64_t rank,
              int tag, std::vector<MPI_Request> &requests,
              const std::string &what) {
    MPI_Request &request = requests.emplace_back();
    int code =
        sending
            ? MPI_Isend(data, static_cast<int>(bytes), MPI_BYTE,
                        static_cast<int>(rank), tag, world, &request)
            : MPI_Irecv(const_cast<void *>(data), static_cast<int>(bytes),
                        MPI_BYTE, static_cast<int>(rank), tag, world, &request);
    if (code != MPI_SUCCESS) {
      broken = true;
      return Status::error(what + " failed: " + mpiError(code));
    }
    return {};
  }

  /// The job's communicator (a duplicate of MPI_COMM_WORLD).
  MPI_Comm world = MPI_COMM_NULL;
};

MpiCommunicator::MpiCommunicator(std::unique_ptr<Impl> impl)
    : impl(std::move(impl)) {}

std::unique_ptr<MpiCommunicator> MpiCommunicator::create(double timeoutSeconds,
                                                         Status &status) {
  std::lock_guard<std::mutex> lock(mpiMutex);
  int initialized = 0;
  MPI_Initialized(&initialized);
  if (!initialized) {
    int provided = 0;
    int code =
        MPI_Init_thread(nullptr, nullptr, MPI_THREAD_SERIALIZED, &provided);
    if (code != MPI_SUCCESS) {
      status = Status::error("MPI did not start: " + mpiError(code));
      return nullptr;
    }
    // Errors come back as codes, to be reported as Status.
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  }
  ++mpiUsers;
  auto impl = std::make_unique<Impl>();
  MPI_Comm_dup(MPI_COMM_WORLD, &impl->world);
  MPI_Comm_set_errhandler(impl->world, MPI_ERRORS_RETURN);
  MPI_Comm_rank(impl->world, &impl->rank);
  MPI_Comm_size(impl->world, &impl->size);
  impl->timeoutSeconds = timeoutSeconds;
  status = {};
  return std::unique_ptr<MpiCommunicator>(new MpiCommunicator(std::move(impl)));
}

MpiCommunicator::~MpiCommunicator() {
  std::lock_guard<std::mutex> lock(mpiMutex);
  // The others wait in a collective this process left: end the job.
  if (impl->broken)
    MPI_Abort(MPI_COMM_WORLD, 2);
  MPI_Comm_free(&impl->world);
  if (--mpiUsers == 0) {
    int finalized = 0;
    MPI_Finalized(&finalized);
    if (!finalized)
      MPI_Finalize();
  }
}

int64_t MpiCommunicator::getRank() const { return impl->rank; }
int64_t MpiCommunicator::getNumProcesses() const { return impl->size; }

Status MpiCommunicator::exchange(const std::vector<Message> &sends,
                                 const std::vector<Message> &receives,
                                 size_t bytes, uint64_t sequence,
                                 const std::string &what) {
  // MPI counts in int.
  if (bytes > static_cast<size_t>(INT_MAX))
    return Status::error(what + ": " + std::to_string(bytes) +
                         " bytes per message, and MPI moves at most 2 GiB");
  int tag = static_cast<int>(sequence % 30000);
  std::vector<MPI_Request> requests;
  for (const Message &message : sends)
    if (Status status = impl->post(true, message.data, bytes, message.peer, tag,
                                   requests, what);
        !status)
      return status;
  for (const Message &message : receives)
    if (Status status = impl->post(false, message.data, bytes, message.peer,
                                   tag, requests, what);
        !status)
      return status;
  return impl->wait(requests, what);
}
