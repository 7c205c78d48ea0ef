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

class PointwiseConvolution;

/// Checks a ConvolutionSpec against its operands' and result's types:
/// positive sizes, strides and dilations, padding not negative, the output
/// size the window gives, element counts and widths (4 bytes, 2 for bf16),
/// and the epilogue's operands (`bias` and `addend`, null when the spec has
/// none).
Status verifyConvolution(const ConvolutionSpec &spec, const BufferType &input,
                         const BufferType &kernel, const BufferType *bias,
                         const BufferType *addend, const BufferType &result);

/// Checks that `shortcut` can give `spec` its addend (see Command): both
/// f32 without an addend of their own, in the same layout, with results of
/// the same shape.
Status verifyShortcut(const ConvolutionSpec &spec,
                      const ConvolutionSpec &shortcut);

/// A convolution ready to run: the library's primitive for one spec, or
/// hlox's own kernel for a pointwise convolution whose epilogue only it
/// fuses (usesPointwiseKernel in PointwiseConvolution.h).
class Convolution {
public:
  /// Makes the primitive for `spec` (which verifyConvolution accepted) and,
  /// with `shortcut` (which verifyShortcut accepted), those of the
  /// shortcut whose result `spec` adds.
  static std::unique_ptr<Convolution>
  create(const ConvolutionSpec &spec, Status &status,
         const ConvolutionSpec *shortcut = nullptr);
  ~Convolution();

  /// result = relu?(input (*) kernel [+ bias] [+ addend]), on as many threads
  /// as `device` has; `bias` and `addend` are null when the spec has none. One
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

  /// The identities (Buffer::getId, or 0 when unknown) of the immutable
  /// buffers that the next runs' kernel and shortcut kernel come from: a
  /// kernel whose blocked copy was made from the same identity is not
  /// compared with its copy again (a model's weights, read twice per run
  /// by the comparison otherwise).
  void setKernelIdentities(uint64_t kernel, uint64_t shortcutKernel);

  /// result = relu?(input (*) kernel [+ bias] + (shortcutInput (*)
  /// shortcutKernel [+ shortcutBias])), for a Convolution made with a
  /// shortcut. hlox's pointwise kernel computes both on one tile. With at least
  /// as many images as the device has threads, each thread takes a range of the
  /// images and computes them one at a time, the shortcut then the convolution
  /// that adds its result in place: the image's shortcut result (3 MB for 256
  /// channels of 56x56) is still in cache when it is added, where a whole
  /// batch's would come back from memory (oneDNN's sum reads it at a fraction
  /// of the memory's speed). Otherwise the shortcut runs as a whole first.
  Status runWithShortcut(Device &device, const void *input, const void *kernel,
                         const void *bias, const void *shortcutInput,
                         const void *shortcutKernel, const void *shortcutBias,
                         void *result);

private:
  /// A primitive, its layouts and buffers, for one spec.
  struct Impl;
  /// run and runWithShortcut through oneDNN, before the ReLU.
  Status runLibrary(Device &device, const void *input, const void *kernel,
                    const void *bias, const void *addend, void *result);
  Status runShortcutLibrary(Device &device, const void *input,
                            const void *kernel, const void *bias,
                            const void *shortcutInput,
                            const void *shortcutKernel,
                            const void *shortcutBias, void *result);
  /// hlox's kernel, in place of the primitives.
  std::unique_ptr<PointwiseConvolution> pointwise;

  /// run for a spec with a pool: with at least as many images as threads,
  /// each thread convolves its images one at a time, in bands of rows
  /// (single-threaded primitives), into a scratch image of its own and
  /// pools each band's rows from there while they are in L2;
  /// otherwise the whole batch is convolved into a scratch batch, then
  /// pooled by rows on all threads.
  Status runWithPool(Device &device, const void *input, const void *kernel,
                     const void *bias, void *result);
  /// A band of one image's result rows: its primitive, where its input
  /// and result start (bytes into the image's), and the rows of the image
  /// computed once it has run.
  struct PoolBand {
    std::unique_ptr<Impl> impl;
    int64_t input = 0, result = 0, rowsDone = 0;
  };
  struct PoolRange {
    std::vector<PoolBand> bands;
    int64_t begin = 0, end = 0;
    std::vector<float> scratch;
  };
  std::vector<PoolRange> poolRanges;
  int64_t poolRangesThreads = 0;
  std::vector<float> poolScratch;
  Convolution(const ConvolutionSpec &spec, std::unique_ptr<Impl> impl);
  /// With `resultPitch` (NHWC only), the result's pixels lie that many
  /// channels apart rather than spec.outChannels: a slice of the output
  /// channels inside the whole result. A bf16 convolution that oneDNN has
  /// no bf16 kernel for on this CPU (one without AVX-512) computes in f32:
  /// its operands reordered to f32 and its result rounded to bf16 once per
  /// element, as oneDNN's bf16 kernels do.
  static std::unique_ptr<Impl> makeImpl(const ConvolutionSpec &spec,
                                        Status &status, int64_t resultPitch = 0,
                                        bool computeInF32 = false);
  ConvolutionSpec spec;
  /// setKernelIdentities'.
  uint64_t kernelIdentity = 0;
  uint64_t shortcutKernelIdentity = 0;
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

  /// With a shortcut: the shortcut on the whole batch (when the images do
  /// not go round the threads), and per thread a range of the images with
  /// single-image, single-threaded primitives of both convolutions (`spec`
  /// adds its addend in place).
  std::unique_ptr<Convolution> shortcut;
  struct ImageRange {
    std::unique_ptr<Impl> impl, shortcut;
    int64_t begin = 0, end = 0;
  };
  Status makeImageRanges(int64_t threads);
  std::vector<ImageRange> imageRanges;
  int64_t imageRangesThreads = 0;
};

} // namespace hlox::runtime

#endif // HLOX_RUNTIME_CONVOLUTION_H
