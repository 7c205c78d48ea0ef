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
    std::vector<uint8_t> bytes(global.getByteSize());
    Status copied = arguments[i]->toHost(bytes.data(), bytes.size());
    if (!copied.ok())
      return copied;
    size_t elementSize = getElementSize(global);
    std::vector<uint8_t> shard(local.getByteSize());
    for (int64_t device = 0; device < devices; ++device) {
      copyBlock(bytes.data(), global.shape, shard.data(), local.shape,
                getOffsets(sharding, local.shape, device), elementSize,
                /*toGlobal=*/false);
      StatusOr<std::shared_ptr<Buffer>> buffer =
          bufferFromHost(shard.data(), local);
      if (!buffer.ok())
        return buffer.getStatus();
      split[device].push_back(*buffer);
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
    std::vector<uint8_t> bytes(global.getByteSize());
    std::vector<uint8_t> shard(local.getByteSize());
    size_t elementSize = getElementSize(global);
    for (int64_t device = 0; device < devices; ++device) {
      Status copied = results[device][j]->toHost(shard.data(), shard.size());
      if (!copied.ok())
        return copied;
      copyBlock(bytes.data(), global.shape, shard.data(), local.shape,
                getOffsets(sharding, local.shape, device), elementSize,
                /*toGlobal=*/true);
    }
    StatusOr<std::shared_ptr<Buffer>> buffer =
        bufferFromHost(bytes.data(), global);
    if (!buffer.ok())
      return buffer.getStatus();
    assembled.push_back(*buffer);
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
