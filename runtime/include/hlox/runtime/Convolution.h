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
#include <vector>

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
  /// run at a time per Convolution. Each of the device's threads computes
  /// a slice with a single-threaded primitive: of the images when there
  /// are at least as many images as threads; of one image's groups or
  /// output channels (NCHW) or output rows (NHWC) when there is one image.
  /// Otherwise one primitive parallelizes itself with oneDNN's threads.
  /// A kernel that the primitive reads in a blocked layout is reordered
  /// only when its values differ from the last run's (compared with a copy
  /// of them, which the Convolution keeps): a model's weights are
  /// reordered once.
  Status run(Device &device, const void *input, const void *kernel,
             const void *bias, const void *addend, void *result);

private:
  /// A primitive, its layouts and buffers, for one spec.
  struct Impl;
  Convolution(const ConvolutionSpec &spec, std::unique_ptr<Impl> impl);
  static std::unique_ptr<Impl> makeImpl(const ConvolutionSpec &spec,
                                        Status &status);
  ConvolutionSpec spec;
  /// The whole batch's primitive.
  std::unique_ptr<Impl> impl;
  /// A slice of the convolution with one thread's single-threaded
  /// primitive, and where its operands start (bytes into the whole
  /// convolution's; the addend starts where the result does).
  struct Part {
    std::unique_ptr<Impl> impl;
    int64_t input = 0, kernel = 0, bias = 0, result = 0;
  };
  /// Makes the slices for `threads` threads: of the images when there are
  /// at least as many; else, of one image (see splitImage); none when it
  /// does not split.
  Status makeParts(int64_t threads);
  /// The slices for the last device's thread count (`partsThreads`).
  std::vector<Part> parts;
  int64_t partsThreads = 0;
};

} // namespace hlox::runtime

#endif // HLOX_RUNTIME_CONVOLUTION_H
