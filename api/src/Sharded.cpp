//===- Sharded.cpp - Partitioned executables on global values -------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Client::executeSharded: the global arguments split into each device's
// shards, the devices run as executeParallel runs processes, and the global
// results put together from their shards.
//
//===----------------------------------------------------------------------===//

#include "Internal.h"

#include <cstring>
#include <functional>

using namespace hlox::api;

namespace {

/// Copies the block of `local` shape at `offsets` of the row-major array
/// `global` of shape `shape` into (or, with `toGlobal`, out of) the dense
/// array `block`; `elementSize` bytes per element.
void copyBlock(uint8_t *global, const std::vector<int64_t> &shape,
               uint8_t *block, const std::vector<int64_t> &local,
               const std::vector<int64_t> &offsets, size_t elementSize,
               bool toGlobal) {
  size_t rank = shape.size();
  int64_t count = 1;
  for (int64_t size : local)
    count *= size;
  if (count == 0)
    return;
  if (rank == 0) {
    std::memcpy(toGlobal ? global : block, toGlobal ? block : global,
                elementSize);
    return;
  }
  std::vector<int64_t> strides(rank, 1);
  for (size_t d = rank - 1; d > 0; --d)
    strides[d - 1] = strides[d] * shape[d];
  size_t rowBytes = local.back() * elementSize;
  std::vector<int64_t> index(rank, 0);
  for (int64_t row = 0; row < count / local.back(); ++row) {
    int64_t start = 0;
    for (size_t d = 0; d < rank; ++d)
      start += (offsets[d] + index[d]) * strides[d];
    uint8_t *at = global + start * elementSize;
    uint8_t *part = block + row * rowBytes;
    std::memcpy(toGlobal ? at : part, toGlobal ? part : at, rowBytes);
    for (size_t d = rank - 1; d-- > 0;) {
      if (++index[d] < local[d])
        break;
      index[d] = 0;
    }
  }
}

size_t getElementSize(const TensorType &type) {
  int64_t count = type.getNumElements();
  return count > 0 ? type.getByteSize() / count : 0;
}

/// Device `device`'s offsets into the global value of `sharding`, whose
/// shards have shape `local`.
std::vector<int64_t> getOffsets(const Sharding &sharding,
                                const std::vector<int64_t> &local,
                                int64_t device) {
  std::vector<int64_t> offsets(local.size());
  for (size_t d = 0; d < local.size(); ++d)
    offsets[d] = sharding.deviceTiles[device * local.size() + d] * local[d];
  return offsets;
}

/// `buffer`'s bytes where the host reads them: in place in host memory,
/// else copied out of the device's into `copy` (Buffer::toHost).
StatusOr<uint8_t *> getHostBytes(const Buffer &buffer,
                                 std::vector<uint8_t> &copy) {
  const Buffer::Impl &impl = *buffer.getImpl();
  if (!impl.client)
    return static_cast<uint8_t *>(impl.storage->data());
  copy.resize(buffer.getType().getByteSize());
  if (Status status = buffer.toHost(copy.data(), copy.size()); !status.ok())
    return status;
  return copy.data();
}

/// A buffer of `type` on device `deviceId` of `client` whose bytes `fill`
/// writes: in place in host memory on a CPU client; else in host memory
/// that Client::bufferFromHost copies into the device's.
StatusOr<std::shared_ptr<Buffer>>
makeFilledBuffer(Client &client, const ClientState &state,
                 const TensorType &type, int deviceId,
                 const std::function<void(uint8_t *)> &fill) {
  if (!state.device->isHostAccessible()) {
    std::vector<uint8_t> bytes(type.getByteSize());
    fill(bytes.data());
    return client.bufferFromHost(bytes.data(), type, HostBufferSemantics::Copy,
                                 {}, deviceId);
  }
  auto impl = std::make_shared<Buffer::Impl>();
  impl->storage = std::make_shared<hlox::runtime::Buffer>(toBufferType(type));
  fill(static_cast<uint8_t *>(impl->storage->data()));
  impl->storage->setImmutable();
  return std::make_shared<Buffer>(type, deviceId, Event::ready(), impl);
}

} // namespace

StatusOr<std::vector<std::vector<std::shared_ptr<Buffer>>>>
Client::splitArguments(const Executable &executable,
                       const std::vector<std::shared_ptr<Buffer>> &arguments) {
  int64_t devices = executable.getNumDevices();
  const std::vector<Sharding> &shardings = executable.getInputShardings();
  const std::vector<TensorType> &inputTypes = executable.getInputTypes();
  if (arguments.size() != shardings.size())
    return Status(ErrorCode::InvalidArgument,
                  "@" + executable.getName() + " takes " +
                      std::to_string(shardings.size()) + " arguments, got " +
                      std::to_string(arguments.size()));
  std::vector<std::vector<std::shared_ptr<Buffer>>> split(devices);
  Executable::Impl &exe = executable.getImpl();
  {
    std::lock_guard<std::mutex> lock(exe.splitMutex);
    exe.splitArguments.resize(arguments.size());
  }
  for (size_t i = 0; i < arguments.size(); ++i) {
    if (!arguments[i])
      return Status(ErrorCode::InvalidArgument,
                    "argument " + std::to_string(i) + " is null");
    const Sharding &sharding = shardings[i];
    if (sharding.isReplicated()) {
      for (auto &device : split)
        device.push_back(arguments[i]);
      continue;
    }
    const TensorType &local = inputTypes[i];
    TensorType global = arguments[i]->getType();
    bool fits = global.elementName == local.elementName &&
                global.shape.size() == local.shape.size();
    for (size_t d = 0; fits && d < local.shape.size(); ++d)
      fits = global.shape[d] == local.shape[d] * sharding.tiles[d];
    if (!fits)
      return Status(ErrorCode::InvalidArgument,
                    "argument " + std::to_string(i) + " is a " + global.str() +
                        "; its shards on " + std::to_string(devices) +
                        " devices are " + local.str());
    if (arguments[i]->isDeleted())
      return Status(ErrorCode::InvalidArgument,
                    "argument " + std::to_string(i) +
                        " was donated to an earlier execution");
    Status ready = arguments[i]->getReadyEvent().wait();
    if (!ready.ok())
      return ready;
    const std::shared_ptr<runtime::Buffer> &storage =
        arguments[i]->getImpl()->storage;
    // The shards split from this very buffer before.
    {
      std::lock_guard<std::mutex> lock(exe.splitMutex);
      const Executable::Impl::SplitArgument &known = exe.splitArguments[i];
      if (storage->isImmutable() && known.bufferId == storage->getId() &&
          static_cast<int64_t>(known.shards.size()) == devices) {
        for (int64_t device = 0; device < devices; ++device)
          split[device].push_back(known.shards[device]);
        continue;
      }
    }
    // Each shard copied once, from the argument's memory into its own
    // (through the host for a GPU's).
    std::vector<uint8_t> copy;
    StatusOr<uint8_t *> bytes = getHostBytes(*arguments[i], copy);
    if (!bytes.ok())
      return bytes.getStatus();
    size_t elementSize = getElementSize(global);
    std::vector<std::shared_ptr<Buffer>> shards;
    for (int64_t device = 0; device < devices; ++device) {
      StatusOr<std::shared_ptr<Buffer>> shard = makeFilledBuffer(
          *this, *impl->state, local, arguments[i]->getDeviceId(),
          [&](uint8_t *block) {
            copyBlock(*bytes, global.shape, block, local.shape,
                      getOffsets(sharding, local.shape, device), elementSize,
                      /*toGlobal=*/false);
          });
      if (!shard.ok())
        return shard.getStatus();
      shards.push_back(*shard);
      split[device].push_back(shards.back());
    }
    if (storage->isImmutable()) {
      std::lock_guard<std::mutex> lock(exe.splitMutex);
      exe.splitArguments[i] = {storage->getId(), std::move(shards)};
    }
  }
  return split;
}

StatusOr<std::vector<std::shared_ptr<Buffer>>> Client::assembleResults(
    const Executable &executable,
    const std::vector<std::vector<std::shared_ptr<Buffer>>> &results) {
  int64_t devices = executable.getNumDevices();
  const std::vector<Sharding> &shardings = executable.getOutputShardings();
  if (static_cast<int64_t>(results.size()) != devices)
    return Status(ErrorCode::InvalidArgument,
                  "results of " + std::to_string(results.size()) +
                      " devices for an executable of " +
                      std::to_string(devices));
  for (const auto &device : results)
    if (device.size() != shardings.size())
      return Status(ErrorCode::InvalidArgument,
                    "a device's results are not @" + executable.getName() +
                        "'s " + std::to_string(shardings.size()));
  std::vector<std::shared_ptr<Buffer>> assembled;
  for (size_t j = 0; j < shardings.size(); ++j) {
    const Sharding &sharding = shardings[j];
    if (sharding.isReplicated()) {
      assembled.push_back(results[0][j]);
      continue;
    }
    TensorType local = results[0][j]->getType();
    TensorType global = local;
    for (size_t d = 0; d < global.shape.size(); ++d)
      global.shape[d] *= sharding.tiles[d];
    // Each shard copied once, into the global result's memory (through
    // the host for a GPU's).
    size_t elementSize = getElementSize(global);
    // Each device's shard where the host reads it.
    std::vector<uint8_t *> parts(devices);
    std::vector<std::vector<uint8_t>> copies(devices);
    for (int64_t device = 0; device < devices; ++device) {
      const std::shared_ptr<Buffer> &part = results[device][j];
      if (part->isDeleted())
        return Status(ErrorCode::InvalidArgument,
                      "device " + std::to_string(device) + "'s result " +
                          std::to_string(j) + " was donated");
      if (part->getType().getByteSize() != local.getByteSize())
        return Status(ErrorCode::InvalidArgument,
                      "device " + std::to_string(device) + "'s result " +
                          std::to_string(j) + " is a " + part->getType().str() +
                          ", not a " + local.str());
      Status ready = part->getReadyEvent().wait();
      if (!ready.ok())
        return ready;
      StatusOr<uint8_t *> bytes = getHostBytes(*part, copies[device]);
      if (!bytes.ok())
        return bytes.getStatus();
      parts[device] = *bytes;
    }
    StatusOr<std::shared_ptr<Buffer>> whole = makeFilledBuffer(
        *this, *impl->state, global, results[0][j]->getDeviceId(),
        [&](uint8_t *bytes) {
          for (int64_t device = 0; device < devices; ++device)
            copyBlock(bytes, global.shape, parts[device], local.shape,
                      getOffsets(sharding, local.shape, device), elementSize,
                      /*toGlobal=*/true);
        });
    if (!whole.ok())
      return whole.getStatus();
    assembled.push_back(*whole);
  }
  return assembled;
}

StatusOr<Client::ShardedExecution>
Client::executeSharded(const std::shared_ptr<Executable> &executable,
                       const std::vector<std::shared_ptr<Buffer>> &arguments,
                       const ExecuteOptions &options) {
  if (!executable)
    return Status(ErrorCode::InvalidArgument, "no executable");
  int64_t devices = executable->getNumDevices();
  if (devices == 1) {
    StatusOr<Executable::Execution> execution =
        executable->execute(arguments, options);
    if (!execution.ok())
      return execution.getStatus();
    ShardedExecution result;
    result.results = execution->results;
    result.reports.push_back(*execution->report);
    return result;
  }
  StatusOr<std::vector<std::vector<std::shared_ptr<Buffer>>>> split =
      splitArguments(*executable, arguments);
  if (!split.ok())
    return split.getStatus();
  std::vector<ParallelProcess> processes;
  for (std::vector<std::shared_ptr<Buffer>> &device : *split)
    processes.push_back({executable, std::move(device)});
  ParallelOptions parallel;
  parallel.numPartitions = devices;
  parallel.execute = options;
  StatusOr<ParallelExecution> execution = executeParallel(processes, parallel);
  if (!execution.ok())
    return execution.getStatus();
  StatusOr<std::vector<std::shared_ptr<Buffer>>> results =
      assembleResults(*executable, execution->results);
  if (!results.ok())
    return results.getStatus();
  ShardedExecution result;
  result.results = std::move(*results);
  result.reports = std::move(execution->reports);
  return result;
}
