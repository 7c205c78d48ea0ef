//===- MpiCommunicator.cpp - Collectives between MPI processes ------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/runtime/MpiCommunicator.h"

#include <mpi.h>

#include <algorithm>
#include <chrono>
#include <climits>
#include <cstring>
#include <map>
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

  /// The tag of the next collective over `group`: its members run the
  /// collectives over it in one order, and messages between two ranks
  /// with one tag arrive in the order sent.
  int nextTag(const std::vector<int64_t> &group) {
    std::string key = describeDevices(group);
    size_t sequence = sequences[key]++;
    return static_cast<int>((std::hash<std::string>()(key) + sequence) % 30000);
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
  /// Per group (its members printed), the collectives run over it.
  std::map<std::string, size_t> sequences;
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

/// MPI counts in int: larger transfers are an error.
static Status checkCount(size_t bytes, const std::string &what) {
  if (bytes > static_cast<size_t>(INT_MAX))
    return Status::error(what + " of " + std::to_string(bytes) +
                         " bytes: MPI moves at most 2 GiB per call");
  return {};
}

Status MpiCommunicator::allGather(int64_t self,
                                  const std::vector<int64_t> &group,
                                  const void *in, void *out, size_t bytes) {
  std::string what = "all_gather over devices " + describeDevices(group);
  if (Status status = checkCount(bytes * group.size(), what); !status)
    return status;
  if (Status status = checkGroupInJob(group, impl->size); !status)
    return status;
  std::vector<MPI_Request> requests;
  // This operand to each other member, theirs into their rows.
  int tag = impl->nextTag(group);
  auto *rows = static_cast<uint8_t *>(out);
  for (size_t j = 0; j < group.size(); ++j) {
    if (group[j] == self) {
      std::memcpy(rows + j * bytes, in, bytes);
      continue;
    }
    if (Status status =
            impl->post(true, in, bytes, group[j], tag, requests, what);
        !status)
      return status;
    if (Status status = impl->post(false, rows + j * bytes, bytes, group[j],
                                   tag, requests, what);
        !status)
      return status;
  }
  return impl->wait(requests, what);
}

Status MpiCommunicator::allToAll(int64_t self,
                                 const std::vector<int64_t> &group,
                                 const void *in, void *out, size_t bytes) {
  std::string what = "all_to_all over devices " + describeDevices(group);
  if (Status status = checkCount(bytes * group.size(), what); !status)
    return status;
  if (Status status = checkGroupInJob(group, impl->size); !status)
    return status;
  std::vector<MPI_Request> requests;
  int tag = impl->nextTag(group);
  const auto *chunks = static_cast<const uint8_t *>(in);
  auto *rows = static_cast<uint8_t *>(out);
  for (size_t j = 0; j < group.size(); ++j) {
    if (group[j] == self) {
      std::memcpy(rows + j * bytes, chunks + j * bytes, bytes);
      continue;
    }
    if (Status status = impl->post(true, chunks + j * bytes, bytes, group[j],
                                   tag, requests, what);
        !status)
      return status;
    if (Status status = impl->post(false, rows + j * bytes, bytes, group[j],
                                   tag, requests, what);
        !status)
      return status;
  }
  return impl->wait(requests, what);
}

Status MpiCommunicator::broadcast(int64_t self,
                                  const std::vector<int64_t> &group,
                                  int64_t root, const void *in, void *out,
                                  size_t bytes) {
  std::string what =
      "collective_broadcast over devices " + describeDevices(group);
  if (Status status = checkCount(bytes, what); !status)
    return status;
  if (Status status = checkGroupInJob(group, impl->size); !status)
    return status;
  if (root < 0 || root >= static_cast<int64_t>(group.size()))
    return Status::error(what + ": root " + std::to_string(root) +
                         " is out of range");
  if (group[root] == self)
    std::memmove(out, in, bytes);
  std::vector<MPI_Request> requests;
  // The root sends to each other member; they receive from it.
  int tag = impl->nextTag(group);
  for (int64_t member : group) {
    bool sending = group[root] == self && member != self;
    bool receiving = group[root] != self && member == group[root];
    if (!sending && !receiving)
      continue;
    if (Status status =
            impl->post(sending, out, bytes, member, tag, requests, what);
        !status)
      return status;
  }
  return impl->wait(requests, what);
}

Status
MpiCommunicator::permute(int64_t self, const std::vector<int64_t> &domain,
                         const std::vector<std::pair<int64_t, int64_t>> &pairs,
                         const void *in, void *out, size_t bytes) {
  std::string what =
      "collective_permute over devices " + describeDevices(domain);
  if (Status status = checkCount(bytes, what); !status)
    return status;
  if (Status status = checkGroupInJob(domain, impl->size); !status)
    return status;
  int tag = impl->nextTag(domain);
  std::vector<MPI_Request> requests;
  bool received = false;
  for (auto [source, target] : pairs) {
    if (source == self)
      if (Status status =
              impl->post(true, in, bytes, target, tag, requests, what);
          !status)
        return status;
    if (target == self) {
      if (Status status =
              impl->post(false, out, bytes, source, tag, requests, what);
          !status)
        return status;
      received = true;
    }
  }
  if (!received)
    std::memset(out, 0, bytes);
  return impl->wait(requests, what);
}

Status MpiCommunicator::send(int64_t, int64_t channel, const void *, size_t) {
  return unpairedChannelError(/*send=*/true, channel);
}

Status MpiCommunicator::receive(int64_t, int64_t channel, void *, size_t) {
  return unpairedChannelError(/*send=*/false, channel);
}

void MpiCommunicator::finished(int64_t, bool) {}
