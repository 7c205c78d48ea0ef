//===- PointwiseConvolution.h - 1x1 convolutions by hlox's kernel -*- C++
//-*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// A pointwise convolution (a 1x1 window, unit strides, no padding, one
// group) of NHWC activations is a matrix product: for each pixel p and
// output channel o, result[p, o] = sum over c of input[p, c] * kernel[o, c].
// hlox computes it with its own register-tiled kernel so that the epilogue
// happens on the tile before it is stored: the bias, an addend, a ReLU that
// keeps NaN (StableHLO's maximum with 0), and the result either NHWC or
// transposed to NCHW, which a channels-last program's last convolution
// gives back to its NCHW caller. A shortcut (a second pointwise
// convolution whose result the first adds, as in a ResNet bottleneck's
// projection) is summed on the same tile, as a sum of its own added to the
// first's after each has its bias, instead of being computed, stored and
// read back.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_RUNTIME_POINTWISECONVOLUTION_H
#define HLOX_RUNTIME_POINTWISECONVOLUTION_H

#include "hlox/runtime/Device.h"
#include "hlox/runtime/HostProgram.h"
#include "hlox/runtime/Status.h"

#include <memory>
#include <vector>

namespace hlox::runtime {

/// Whether `spec` is pointwise in the sense above, with f32 NHWC
/// activations and an OIHW kernel (what `hlox-channels-last` makes of a
/// PyTorch 1x1 convolution).
bool isPointwiseConvolution(const ConvolutionSpec &spec);

/// Whether hlox's own kernel computes `spec` (rather than oneDNN): a
/// pointwise convolution with an epilogue step that only it fuses (a ReLU
/// or an NCHW result), without a pool. Such a spec must be pointwise.
bool usesPointwiseKernel(const ConvolutionSpec &spec);

/// result = epilogue(input (*) kernel [+ shortcutInput (*) shortcutKernel]),
/// on as many threads as the device has.
class PointwiseConvolution {
public:
  /// For `spec` (usesPointwiseKernel) and, when not null, a pointwise
  /// `shortcut` of the same images and output channels without an
  /// epilogue of its own beyond a bias.
  static std::unique_ptr<PointwiseConvolution>
  create(const ConvolutionSpec &spec, const ConvolutionSpec *shortcut,
         Status &status);

  /// The operands, each as the spec describes it; those the spec has not
  /// are null (the shortcut's with no shortcut). The addend is NHWC, shaped
  /// like the NHWC result, whatever the result's layout.
  struct Operands {
    const float *input = nullptr, *kernel = nullptr, *bias = nullptr;
    const float *addend = nullptr;
    const float *shortcutInput = nullptr, *shortcutKernel = nullptr;
    const float *shortcutBias = nullptr;
    float *result = nullptr;
    /// The identities of the immutable buffers the kernels come from
    /// (Buffer::getId), or 0: kernels packed from the same identities are
    /// not compared with the last run's again.
    uint64_t kernelIdentity = 0, shortcutKernelIdentity = 0;
  };

  /// One run at a time per PointwiseConvolution. The kernels are packed
  /// into the tile's layout only when their values differ from the last
  /// run's (a model's weights are packed once).
  Status run(Device &device, const Operands &operands);

  /// Whether runs use the AVX-512 kernel (else the portable one): when the
  /// CPU has AVX-512 and the tests have not turned it off.
  static bool hasVectorKernel();
  /// Lets runs use the AVX-512 kernel where the CPU has it (`true`, the
  /// default) or makes them use the AVX2 or the portable one, for tests of
  /// each.
  static void setVectorKernelEnabled(bool enabled);
  /// Whether runs without the AVX-512 kernel use the AVX2 one (FMA on
  /// register tiles of 6 pixels by 16 channels, the epilogue the portable
  /// one's), else the portable one: when the CPU has AVX2 and FMA and the
  /// tests have not turned it off.
  static bool hasAvx2Kernel();
  static void setAvx2KernelEnabled(bool enabled);

private:
  PointwiseConvolution() = default;
  void pack(const Operands &operands);

  ConvolutionSpec spec;
  /// The shortcut's input channels (0 without one).
  int64_t shortcutChannels = 0;
  bool hasShortcutBias = false;
  /// Per block of 64 output channels, (channels + shortcutChannels) rows of
  /// 64 kernel values, zero past the last output channel.
  std::vector<float> packed;
  /// The same per 8 output channels: (channels + shortcutChannels) rows of
  /// 8, for the kernel that sums pixels in its lanes (NCHW results).
  std::vector<float> packedTiles;
  /// The kernels' values `packed` was made from.
  std::vector<float> snapshot;
  /// The kernels' identities when they were packed (Operands).
  uint64_t packedKernelIdentity = 0, packedShortcutKernelIdentity = 0;
  bool packedValid = false;
  /// The bias and the shortcut's, zero where there is none and past the
  /// last channel: each is added to its own convolution's sum before the
  /// two sums are added, as the StableHLO orders them.
  std::vector<float> bias, shortcutBias;
};

} // namespace hlox::runtime

#endif // HLOX_RUNTIME_POINTWISECONVOLUTION_H
