//===- MaxPool.h - Max pooling of NHWC images ---------------------*- C++
//-*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// The max pooling a convolution's epilogue may end with (ConvolutionSpec's
// pool): a `stablehlo.reduce_window` of `maximum` from -inf over the height
// and width of an NHWC image, computed on an image the convolution has just
// left in cache.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_RUNTIME_MAXPOOL_H
#define HLOX_RUNTIME_MAXPOOL_H

#include <cstdint>

namespace hlox::runtime {

/// A max pool of one NHWC image of `height` x `width` pixels of `channels`
/// f32 values into `outHeight` x `outWidth`: output pixel (i, j) takes
/// StableHLO's maximum (NaN if any operand is NaN, +0 over -0) of -inf and
/// the input pixels (i * strides[0] - padding[0] + p, j * strides[1] -
/// padding[2] + q) for p < window[0], q < window[1] that lie in the image
/// (the padding is -inf), then with `relu` the maximum of that and +0.
struct MaxPoolShape {
  int64_t height = 1, width = 1, channels = 1;
  int64_t window[2] = {1, 1};
  int64_t strides[2] = {1, 1};
  /// Low and high padding of the height, then of the width.
  int64_t padding[4] = {0, 0, 0, 0};
  int64_t outHeight = 1, outWidth = 1;
  bool relu = false;
};

/// Output rows [rowBegin, rowEnd) of one image's pool, from `input` (the
/// whole image) into `output` (the whole pooled image).
void maxPoolRows(const MaxPoolShape &shape, const float *input, float *output,
                 int64_t rowBegin, int64_t rowEnd);

/// Lets maxPoolRows use its AVX-512 code where the CPU has it (the default)
/// or not, for tests of both.
void setMaxPoolVectorEnabled(bool enabled);

} // namespace hlox::runtime

#endif // HLOX_RUNTIME_MAXPOOL_H
