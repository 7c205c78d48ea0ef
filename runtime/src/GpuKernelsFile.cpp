//===- GpuKernelsFile.cpp - GPU kernels as bytes --------------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// The layout (ByteStream.h's little-endian u64 and length-prefixed fields):
// the architecture, the modules (a count, then each), then the dispatches
// (a count, then per dispatch its name, its temporaries' sizes, its
// constants (a count, then each) and its launches (a count, then per
// launch the module, the kernel, the grid and block sizes, the shared
// bytes and the arguments (a count, then per argument its kind, its index
// and its bytes))).
//
//===----------------------------------------------------------------------===//

#include "hlox/runtime/GpuKernels.h"

#include "ByteStream.h"

using namespace hlox::runtime;

std::string hlox::runtime::serializeGpuKernels(const GpuKernels &kernels) {
  ByteWriter w;
  w.string(kernels.arch);
  w.strings(kernels.modules);
  w.u64(kernels.dispatches.size());
  for (const GpuDispatch &dispatch : kernels.dispatches) {
    w.string(dispatch.name);
    w.ints(dispatch.temporaryBytes);
    w.u64(dispatch.constants.size());
    for (const std::vector<uint8_t> &constant : dispatch.constants)
      w.bytes(constant.data(), constant.size());
    w.u64(dispatch.launches.size());
    for (const GpuLaunch &launch : dispatch.launches) {
      w.i64(launch.module);
      w.string(launch.kernel);
      for (uint32_t size : launch.grid)
        w.u64(size);
      for (uint32_t size : launch.block)
        w.u64(size);
      w.u64(launch.sharedBytes);
      w.u64(launch.arguments.size());
      for (const GpuArgument &argument : launch.arguments) {
        w.u64(static_cast<uint64_t>(argument.kind));
        w.i64(argument.index);
        w.bytes(argument.bytes.data(), argument.bytes.size());
      }
    }
  }
  return std::move(w.out);
}

Status hlox::runtime::deserializeGpuKernels(std::string_view bytes,
                                            GpuKernels &kernels) {
  ByteReader r(bytes);
  GpuKernels read;
  read.arch = r.string();
  read.modules = r.strings();
  read.dispatches.resize(r.count(40));
  auto size32 = [&]() -> uint32_t {
    uint64_t value = r.u64();
    if (value > UINT32_MAX)
      r.fail();
    return static_cast<uint32_t>(value);
  };
  for (GpuDispatch &dispatch : read.dispatches) {
    if (r.failed())
      break;
    dispatch.name = r.string();
    dispatch.temporaryBytes = r.ints();
    dispatch.constants.resize(r.count(8));
    for (std::vector<uint8_t> &constant : dispatch.constants) {
      std::string_view data = r.bytes();
      constant.assign(data.begin(), data.end());
    }
    dispatch.launches.resize(r.count(88));
    for (GpuLaunch &launch : dispatch.launches) {
      if (r.failed())
        break;
      launch.module = r.i64();
      launch.kernel = r.string();
      for (uint32_t &size : launch.grid)
        size = size32();
      for (uint32_t &size : launch.block)
        size = size32();
      launch.sharedBytes = size32();
      launch.arguments.resize(r.count(24));
      for (GpuArgument &argument : launch.arguments) {
        argument.kind = r.enumeration(GpuArgument::Kind::Scalar);
        argument.index = r.i64();
        std::string_view data = r.bytes();
        argument.bytes.assign(data.begin(), data.end());
      }
    }
  }
  if (r.failed() || !r.atEnd())
    return Status::error("malformed or truncated GPU kernels");
  kernels = std::move(read);
  return {};
}
