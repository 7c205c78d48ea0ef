//===- hlox-run-aot.cpp - Runs ahead-of-time executables, runtime alone ---===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
//   hlox-run-aot FILE.hlox [--device=cpu|cuda] [--num-threads=N]
//                [--input=@FILE]... [--random-inputs [--seed=N]]
//                [--output=@FILE]... [--warmup=N] [--repeat=N] [--signature]
//
// Runs an ahead-of-time executable (hlox-compile -o FILE.hlox, for the CPU
// or with --target=cuda for a GPU) with the runtime alone: it links no
// compiler, no MLIR and no LLVM, so that it runs where those are not
// installed (a GPU machine). Inputs and outputs are raw little-endian
// bytes, dense and row-major, each file exactly its tensor's size; an
// input not given is zeros, or with --random-inputs made up from --seed
// (0 by default) as makeRandomInput below says, the same on every machine.
// --signature prints the argument and result
// types and exits. With --repeat=N the program runs --warmup times (1 by
// default), then N timed times; the median, minimum and maximum
// milliseconds of a run (from the arguments in device memory to the
// results there, the device synchronized) are printed as
//
//   time: median M ms (min A, max B) over N runs; G GB/s of arguments and
//   results, F GFLOP/s
//
// (the bytes of the arguments and results, and the program's contraction
// FLOPs, per second of the median run).
// A program compiled for a grid of processes (its collectives name
// R replicas x P partitions, hlox-compile --num-replicas/--num-partitions)
// runs as that many processes, each on a device of its own (CPU devices
// that share the threads; GPUs in turn, processes sharing one when there
// are more of them), their collectives between them in this process. Each
// process has inputs and outputs of its own: --input, --output and the
// made-up inputs' indices count process 0's first, then process 1's, and
// so on (process r * P + p); --signature prints the grid, then each
// process's input and output lines in that order.
// Exit status: 0 on success, 2 on bad input or a failed run.
//
//===----------------------------------------------------------------------===//

#include "hlox/numerics/SmallFloats.h"
#include "hlox/runtime/AotProgram.h"
#include "hlox/runtime/Communicator.h"
#include "hlox/runtime/Device.h"
#include "hlox/runtime/Executable.h"
#include "hlox/runtime/ThreadPool.h"
#include "hlox/runtime/cuda/CudaDevice.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

using namespace hlox::runtime;

namespace {

constexpr int kError = 2;

int fail(const std::string &message) {
  std::cerr << "error: " << message << "\n";
  return kError;
}

bool readFile(const std::string &path, std::string &contents) {
  std::ifstream file(path, std::ios::binary);
  if (!file)
    return false;
  std::stringstream stream;
  stream << file.rdbuf();
  contents = stream.str();
  return true;
}

/// The value of `--name=VALUE` in `arg`, if it is that flag.
bool flagValue(const std::string &arg, const std::string &name,
               std::string &value) {
  std::string prefix = "--" + name + "=";
  if (arg.rfind(prefix, 0) != 0)
    return false;
  value = arg.substr(prefix.size());
  return true;
}

bool parseCount(const std::string &text, long &value) {
  char *end = nullptr;
  value = std::strtol(text.c_str(), &end, 10);
  return !text.empty() && *end == '\0' && value >= 0;
}

/// splitmix64: the next value of the generator whose state is `state`.
uint64_t nextRandom(uint64_t &state) {
  uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

/// Input `index`'s made-up bytes: from splitmix64 seeded with seed * 1000003
/// + index, one draw per element (two for a complex one): floats uniform in
/// [-1, 1) (on a grid of 2^-23), i1 0 or 1, other integers in [0, 16);
/// other element types zeros.
std::string makeRandomInput(const BufferType &type, uint64_t seed,
                            uint64_t index) {
  std::string data(static_cast<size_t>(type.getByteSize()), '\0');
  uint64_t state = seed * 1000003u + index;
  auto uniform = [&] {
    return static_cast<double>(nextRandom(state) >> 40) / double(1 << 23) - 1.0;
  };
  const std::string &name = type.elementName;
  int64_t count = type.getNumElements();
  auto *bytes = reinterpret_cast<uint8_t *>(data.data());
  auto put = [&](int64_t i, const void *value, size_t size) {
    std::memcpy(bytes + i * size, value, size);
  };
  bool isComplex = name.rfind("complex", 0) == 0;
  std::string element = isComplex ? name.substr(8, name.size() - 9) : name;
  int64_t scalars = isComplex ? 2 * count : count;
  for (int64_t i = 0; i < scalars; ++i) {
    if (element == "f32") {
      float value = static_cast<float>(uniform());
      put(i, &value, 4);
    } else if (element == "f64") {
      double value = uniform();
      put(i, &value, 8);
    } else if (element == "f16") {
      uint16_t value = hlox::numerics::encodeF16(uniform());
      put(i, &value, 2);
    } else if (element == "bf16") {
      uint16_t value = hlox::numerics::encodeBf16(uniform());
      put(i, &value, 2);
    } else if (element == "i1") {
      bytes[i] = nextRandom(state) & 1;
    } else if (element[0] == 'i' || element.rfind("ui", 0) == 0 ||
               element.rfind("si", 0) == 0) {
      uint64_t value = nextRandom(state) & 15;
      put(i, &value, static_cast<size_t>(type.elementBytes));
    }
  }
  return data;
}

} // namespace

int main(int argc, char **argv) {
  std::string path, deviceKind = "cpu";
  std::vector<std::string> inputs, outputs;
  long numThreads = 0, repeat = 0, warmup = 1;
  bool signature = false, randomInputs = false;
  long seed = 0;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i], value;
    if (arg == "--signature") {
      signature = true;
    } else if (arg == "--random-inputs") {
      randomInputs = true;
    } else if (flagValue(arg, "seed", value)) {
      if (!parseCount(value, seed))
        return fail("bad --seed '" + value + "'");
    } else if (flagValue(arg, "device", value)) {
      deviceKind = value;
    } else if (flagValue(arg, "num-threads", value)) {
      if (!parseCount(value, numThreads))
        return fail("bad --num-threads '" + value + "'");
    } else if (flagValue(arg, "repeat", value)) {
      if (!parseCount(value, repeat))
        return fail("bad --repeat '" + value + "'");
    } else if (flagValue(arg, "warmup", value)) {
      if (!parseCount(value, warmup))
        return fail("bad --warmup '" + value + "'");
    } else if (flagValue(arg, "input", value) && !value.empty() &&
               value[0] == '@') {
      inputs.push_back(value.substr(1));
    } else if (flagValue(arg, "output", value) && !value.empty() &&
               value[0] == '@') {
      outputs.push_back(value.substr(1));
    } else if (!arg.empty() && arg[0] != '-' && path.empty()) {
      path = arg;
    } else {
      return fail("unknown argument '" + arg +
                  "' (hlox-run-aot FILE.hlox [--device=cpu|cuda] "
                  "[--input=@F]... [--output=@F]... [--repeat=N])");
    }
  }
  if (path.empty())
    return fail("no executable given");
  std::string bytes;
  if (!readFile(path, bytes))
    return fail("cannot read " + path);
  AotProgram aot;
  if (Status status = readAotProgram(bytes, aot); !status)
    return fail(path + ": " + status.message());
  // The grid the program's collectives were compiled for.
  int64_t numReplicas = 1, numPartitions = 1;
  for (const Command &command : aot.program.commands)
    if (const auto *collective = command.getIf<CollectiveCommand>()) {
      numReplicas = collective->spec.numReplicas;
      numPartitions = collective->spec.numPartitions;
      break;
    }
  int64_t numProcesses = numReplicas * numPartitions;
  if (signature) {
    if (numProcesses > 1)
      std::cout << "grid " << numReplicas << "x" << numPartitions << "\n";
    for (int64_t p = 0; p < numProcesses; ++p) {
      for (const std::string &type : aot.inputTypes)
        std::cout << "input " << type << "\n";
      for (const std::string &type : aot.outputTypes)
        std::cout << "output " << type << "\n";
    }
    return 0;
  }
  std::vector<BufferType> inputTypes, outputTypes;
  for (int64_t value : aot.program.arguments)
    inputTypes.push_back(aot.program.values[value].type);
  for (int64_t value : aot.program.results)
    outputTypes.push_back(aot.program.values[value].type);
  std::string each = numProcesses > 1 ? " (of all its processes)" : "";
  if (inputs.size() > inputTypes.size() * numProcesses)
    return fail(std::to_string(inputs.size()) + " inputs given, the program" +
                each + " takes " +
                std::to_string(inputTypes.size() * numProcesses));
  if (outputs.size() > outputTypes.size() * numProcesses)
    return fail(std::to_string(outputs.size()) + " outputs named, the " +
                "program" + each + " returns " +
                std::to_string(outputTypes.size() * numProcesses));

  std::unique_ptr<Device> device;
  if (deviceKind == "cpu") {
    device = std::make_unique<CpuDevice>(static_cast<unsigned>(numThreads));
  } else if (deviceKind == "cuda") {
    Status status;
    device = cuda::CudaDevice::create(0, status);
    if (!device)
      return fail(status.message());
  } else {
    return fail("unknown device '" + deviceKind + "' (cpu, cuda)");
  }
  // A device per process: the one above, or its share for each process
  // of a grid.
  std::vector<std::unique_ptr<Device>> devices;
  if (numProcesses == 1) {
    devices.push_back(std::move(device));
  } else {
    Status status;
    devices = device->makeProcessDevices(numProcesses, status);
    if (devices.empty())
      return fail(status.message());
  }
  int64_t flops = aot.program.flops;
  Status status;
  std::unique_ptr<Executable> executable =
      loadAotProgram(std::move(aot), status);
  if (!executable)
    return fail(path + ": " + status.message());

  // Each process's arguments, in its device's memory.
  std::vector<std::vector<std::shared_ptr<Buffer>>> arguments(numProcesses);
  for (int64_t p = 0; p < numProcesses; ++p) {
    Device &device = *devices[p];
    for (size_t i = 0; i < inputTypes.size(); ++i) {
      size_t k = p * inputTypes.size() + i;
      auto size = static_cast<size_t>(inputTypes[i].getByteSize());
      std::string data = randomInputs ? makeRandomInput(inputTypes[i], seed, k)
                                      : std::string(size, '\0');
      if (k < inputs.size()) {
        if (!readFile(inputs[k], data))
          return fail("cannot read input " + inputs[k]);
        if (data.size() != size)
          return fail("input " + inputs[k] + " holds " +
                      std::to_string(data.size()) + " bytes; " +
                      inputTypes[i].str() + " takes " + std::to_string(size));
      }
      std::shared_ptr<Buffer> buffer = device.allocate(inputTypes[i]);
      if (!buffer)
        return fail("out of memory for input " + std::to_string(k));
      device.copy(buffer->data(), data.data(), size);
      arguments[p].push_back(std::move(buffer));
    }
    if (Status synced = device.synchronize(); !synced)
      return fail(synced.message());
  }

  std::vector<std::vector<std::shared_ptr<Buffer>>> results(numProcesses);
  // The processes of a grid run at once, a thread each (kept from run to
  // run).
  std::unique_ptr<ThreadPool> processThreads;
  if (numProcesses > 1)
    processThreads =
        std::make_unique<ThreadPool>(static_cast<unsigned>(numProcesses));
  // One run of every process; the failure that made the others fail, else
  // the first.
  auto run = [&]() -> Status {
    if (numProcesses == 1) {
      results[0].clear();
      return executable->execute(*devices[0], arguments[0], results[0]);
    }
    LocalCommunicator communicator(numProcesses);
    HostFeeds feeds;
    std::vector<Status> statuses(numProcesses);
    processThreads->parallelFor(numProcesses, 1, [&](int64_t p, int64_t) {
      ProcessInfo info;
      info.replica = p / numPartitions;
      info.partition = p % numPartitions;
      info.numReplicas = numReplicas;
      info.numPartitions = numPartitions;
      info.communicator = &communicator;
      info.feeds = &feeds;
      results[p].clear();
      statuses[p] = executable->execute(*devices[p], arguments[p], results[p],
                                        {}, nullptr, {}, &info);
      communicator.finished(p, !statuses[p]);
    });
    int64_t cause = communicator.getFailedProcess();
    if (cause >= 0 && !statuses[cause])
      return Status::error("process " + std::to_string(cause) + ": " +
                           statuses[cause].str());
    for (int64_t p = 0; p < numProcesses; ++p)
      if (!statuses[p])
        return Status::error("process " + std::to_string(p) + ": " +
                             statuses[p].str());
    return {};
  };
  std::vector<double> times;
  long runs = repeat > 0 ? warmup + repeat : 1;
  for (long i = 0; i < runs; ++i) {
    auto start = std::chrono::steady_clock::now();
    if (Status ran = run(); !ran)
      return fail(ran.str());
    std::chrono::duration<double, std::milli> elapsed =
        std::chrono::steady_clock::now() - start;
    if (repeat > 0 && i >= warmup)
      times.push_back(elapsed.count());
  }
  for (size_t k = 0; k < outputs.size(); ++k) {
    size_t p = k / outputTypes.size(), i = k % outputTypes.size();
    auto size = static_cast<size_t>(outputTypes[i].getByteSize());
    std::string data(size, '\0');
    devices[p]->copy(data.data(), results[p][i]->data(), size);
    if (Status synced = devices[p]->synchronize(); !synced)
      return fail(synced.message());
    std::ofstream file(outputs[k], std::ios::binary);
    if (!file || !file.write(data.data(), static_cast<long>(size)))
      return fail("cannot write " + outputs[k]);
  }
  if (!times.empty()) {
    std::sort(times.begin(), times.end());
    double median = times[times.size() / 2];
    int64_t bytes = 0;
    for (const std::vector<BufferType> *types : {&inputTypes, &outputTypes})
      for (const BufferType &type : *types)
        bytes += type.getByteSize() * numProcesses;
    std::printf("time: median %.4f ms (min %.4f, max %.4f) over %zu runs; "
                "%.1f GB/s of arguments and results, %.1f GFLOP/s\n",
                median, times.front(), times.back(), times.size(),
                static_cast<double>(bytes) / (median * 1e6),
                static_cast<double>(flops * numProcesses) / (median * 1e6));
  }
  return 0;
}
