//===- GpuKernels.h - What a GPU target compiled the dispatches to -*- C++
//-*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// A GPU target compiles each dispatch into kernels of GPU modules (PTX for
// the CUDA target) and a fixed list of launches: which kernel, on which grid
// and blocks, with which arguments. A device that runs GPU kernels
// (Device::loadKernels) loads the modules once and replays a dispatch's
// launches on its stream; nothing runs on the host in between.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_RUNTIME_GPUKERNELS_H
#define HLOX_RUNTIME_GPUKERNELS_H

#include "hlox/runtime/HostProgram.h"
#include "hlox/runtime/Status.h"

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace hlox::runtime {

/// One parameter of a launched kernel.
struct GpuArgument {
  enum class Kind : uint8_t {
    /// The device address of binding `index` of the dispatch (its operands,
    /// then its results, as the Dispatch command's values).
    Binding,
    /// The device address of the dispatch's temporary buffer `index`
    /// (GpuDispatch::temporaryBytes), which lives for one dispatch.
    Temporary,
    /// The device address of the dispatch's constant `index`
    /// (GpuDispatch::constants), uploaded when the kernels are loaded.
    Constant,
    /// The value `bytes` (a scalar of its size), passed by value.
    Scalar,
  };
  Kind kind = Kind::Binding;
  int64_t index = 0;
  std::vector<uint8_t> bytes;
};

/// One kernel launch.
struct GpuLaunch {
  /// The module (GpuKernels::modules) and the kernel's name in it.
  int64_t module = 0;
  std::string kernel;
  std::array<uint32_t, 3> grid = {1, 1, 1};
  std::array<uint32_t, 3> block = {1, 1, 1};
  /// Dynamic shared memory per block, in bytes.
  uint32_t sharedBytes = 0;
  std::vector<GpuArgument> arguments;
};

/// What a Dispatch command of a GPU program runs: its launches, in order,
/// each after the one before has finished (one stream).
struct GpuDispatch {
  /// The name HostProgram::kernelNames gives it.
  std::string name;
  /// The byte size of each temporary buffer its launches pass.
  std::vector<int64_t> temporaryBytes;
  /// The contents of each constant buffer its launches read.
  std::vector<std::vector<uint8_t>> constants;
  std::vector<GpuLaunch> launches;
};

/// The kernels of a program compiled for a GPU.
struct GpuKernels {
  /// The architecture they were compiled for ("sm_90").
  std::string arch;
  /// The modules' images (PTX text, NUL-free) in the order launches index.
  std::vector<std::string> modules;
  std::vector<GpuDispatch> dispatches;

  /// The dispatch named `name`, or null.
  const GpuDispatch *find(const std::string &name) const {
    for (const GpuDispatch &dispatch : dispatches)
      if (dispatch.name == name)
        return &dispatch;
    return nullptr;
  }
};

/// `kernels` as bytes (GpuKernelsFile.cpp), and back.
std::string serializeGpuKernels(const GpuKernels &kernels);
Status deserializeGpuKernels(std::string_view bytes, GpuKernels &kernels);

/// Why a GPU's convolution library (cuDNN's convolution API) cannot run
/// `spec`: an NHWC layout with a kernel other than OHWI, unequal low and
/// high padding, a ReLU, pool or
/// NCHW-result epilogue, or a bf16 convolution with a bias or an addend;
/// empty when it can. The CUDA target selects only convolutions it can
/// run (hlox-select-library-calls{cudnn-forms-only}); a GPU program with
/// another is refused.
std::string getGpuConvolutionLimit(const ConvolutionSpec &spec);

} // namespace hlox::runtime

#endif // HLOX_RUNTIME_GPUKERNELS_H
