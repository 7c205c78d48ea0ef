//===- Convolution.h - Convolutions through the CPU's library ---*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// The Convolution command: a 2-d convolution computed by a oneDNN
// primitive made once per command, on plain NCHW or NHWC buffers.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_RUNTIME_CONVOLUTION_H
#define HLOX_RUNTIME_CONVOLUTION_H

#include "hlox/runtime/Device.h"
#include "hlox/runtime/HostProgram.h"
#include "hlox/runtime/Status.h"

#include <memory>

namespace hlox::runtime {

/// Checks a ConvolutionSpec against its operands' and result's types:
/// positive sizes, strides and dilations, padding not negative, the output
/// size the window gives, element counts and widths (4 bytes, 2 for bf16),
/// and the epilogue's operands (`bias` and `addend`, null when the spec has
/// none).
Status verifyConvolution(const ConvolutionSpec &spec, const BufferType &input,
                         const BufferType &kernel, const BufferType *bias,
                         const BufferType *addend, const BufferType &result);

/// A convolution ready to run: the library's primitive for one spec.
class Convolution {
public:
  /// Makes the primitive for `spec` (which verifyConvolution accepted).
  static std::unique_ptr<Convolution> create(const ConvolutionSpec &spec,
                                             Status &status);
  ~Convolution();

  /// result = input (*) kernel [+ bias] [+ addend], on as many threads as
  /// `device` has; `bias` and `addend` are null when the spec has none. One
  /// run at a time per Convolution.
  Status run(Device &device, const void *input, const void *kernel,
             const void *bias, const void *addend, void *result);

private:
  struct Impl;
  explicit Convolution(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl;
};

} // namespace hlox::runtime

#endif // HLOX_RUNTIME_CONVOLUTION_H
