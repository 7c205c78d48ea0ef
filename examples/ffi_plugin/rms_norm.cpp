//===- rms_norm.cpp - An example plugin on the typed C++ binding ----------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// `example.rms_norm`: each row of a 2-D f32 tensor divided by its root mean
// square, y[r, c] = x[r, c] / sqrt(mean_c(x[r, c]^2) + epsilon) * gain,
// with the attributes `epsilon` (f32) and `gain` (f32, default 1) decoded
// once per executable in the instantiate stage, and rows split over
// hlox's threads. It includes hlox/ffi/ffi.h and nothing else of hlox.
//
//   %y = stablehlo.custom_call @example.rms_norm(%x)
//          {api_version = 4 : i32,
//           backend_config = {epsilon = 1.0e-6 : f32, gain = 2.0 : f32}}
//          : (tensor<4x64xf32>) -> tensor<4x64xf32>
//
//===----------------------------------------------------------------------===//

#include "hlox/ffi/ffi.h"

#include <cmath>

using namespace hlox::ffi;

namespace {

/// What the instantiate stage decodes once.
struct Settings {
  float epsilon;
  float gain;
};

ErrorOr<std::unique_ptr<Settings>> instantiate(Dictionary attrs) {
  ErrorOr<float> epsilon = attrs.get<float>("epsilon");
  if (!epsilon.ok())
    return epsilon.error();
  if (!(*epsilon >= 0))
    return Error::invalidArgument("example.rms_norm: epsilon must be >= 0");
  float gain = 1;
  if (attrs.contains("gain")) {
    ErrorOr<float> given = attrs.get<float>("gain");
    if (!given.ok())
      return given.error();
    gain = *given;
  }
  return std::make_unique<Settings>(Settings{*epsilon, gain});
}

Error execute(BufferR2<DataType::F32> x, BufferR2<DataType::F32> y,
              Settings *settings, Context ctx) {
  int64_t rows = x.dimensions()[0], cols = x.dimensions()[1];
  if (y.dimensions()[0] != rows || y.dimensions()[1] != cols)
    return Error::invalidArgument(
        "example.rms_norm: the result's shape must be the operand's");
  const float *in = x.typedData();
  float *out = y.typedData();
  ctx.parallelFor(rows, 16, [&](int64_t begin, int64_t end) {
    for (int64_t r = begin; r < end; ++r) {
      double squares = 0;
      for (int64_t c = 0; c < cols; ++c)
        squares += double(in[r * cols + c]) * in[r * cols + c];
      float scale = settings->gain / std::sqrt(float(squares / double(cols)) +
                                               settings->epsilon);
      for (int64_t c = 0; c < cols; ++c)
        out[r * cols + c] = in[r * cols + c] * scale;
    }
  });
  return Error::success();
}

} // namespace

HLOX_FFI_DEFINE_HANDLER(rmsNormInstantiate, instantiate,
                        Ffi::bindInstantiate().attrs());
HLOX_FFI_DEFINE_HANDLER(rmsNormExecute, execute,
                        Ffi::bind()
                            .arg<BufferR2<DataType::F32>>()
                            .ret<BufferR2<DataType::F32>>()
                            .state<Settings>()
                            .ctx());

HLOX_FFI_PLUGIN_INIT(api, registrar) {
  return registerHandler(api, registrar, "example.rms_norm", "host",
                         rmsNormExecute, rmsNormInstantiate);
}
