//===- deform_conv_3d.cpp - 3-D deformable convolution, natively ----------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// `deform_conv_3d` as a native handler, DCNv1 (4 operands) and DCNv2 (a
// fifth, the mask), NCDHW:
//
//   x f32[N, C, D, H, W], weight f32[Cout, C/G, kd, kh, kw], bias f32[Cout],
//   offset f32[N, Go*K*3, Do, Ho, Wo] (K = kd*kh*kw, channels
//   [Go][kd][kh][kw][dz, dy, dx]), mask f32[N, Go*K, Do, Ho, Wo]
//   -> y f32[N, Cout, Do, Ho, Wo]
//
// with the attributes stride, padding, dilation (3 integers each) and
// groups (G), offset_groups (Go). Each position samples x trilinearly (zero
// outside) at its kernel tap moved by the offset, times the mask, into a
// column block [C*K, positions]; a matrix product per weight group with
// the weights viewed as [G, Cout/G, (C/G)*K] gives the output, as native
// deformable convolutions do. Blocks of positions run on hlox's threads.
//
//===----------------------------------------------------------------------===//

#include "Handlers.h"

#include "hlox/ffi/ffi.h"

#include <algorithm>
#include <cmath>
#include <vector>

using namespace hlox::ffi;

namespace {

/// Output positions per column block.
constexpr int64_t kBlock = 512;

struct Geometry {
  int64_t n, c, d, h, w;
  int64_t cout, groups, offsetGroups;
  int64_t kd, kh, kw, k;
  int64_t od, oh, ow, positions;
  int64_t stride[3], padding[3], dilation[3];
};

/// x[z, y, x] of one channel, trilinear, zero outside.
float sample(const float *channel, const Geometry &g, double z, double y,
             double x) {
  if (z <= -1 || z >= g.d || y <= -1 || y >= g.h || x <= -1 || x >= g.w)
    return 0;
  double z0 = std::floor(z), y0 = std::floor(y), x0 = std::floor(x);
  double fz = z - z0, fy = y - y0, fx = x - x0;
  double sum = 0;
  for (int dz = 0; dz < 2; ++dz)
    for (int dy = 0; dy < 2; ++dy)
      for (int dx = 0; dx < 2; ++dx) {
        int64_t iz = static_cast<int64_t>(z0) + dz,
                iy = static_cast<int64_t>(y0) + dy,
                ix = static_cast<int64_t>(x0) + dx;
        if (iz < 0 || iz >= g.d || iy < 0 || iy >= g.h || ix < 0 || ix >= g.w)
          continue;
        double weight =
            (dz ? fz : 1 - fz) * (dy ? fy : 1 - fy) * (dx ? fx : 1 - fx);
        sum += weight * channel[(iz * g.h + iy) * g.w + ix];
      }
  return static_cast<float>(sum);
}

/// Output positions [begin, end) of image `image`.
void runBlock(const Geometry &g, int64_t image, int64_t begin, int64_t end,
              const float *x, const float *weight, const float *bias,
              const float *offset, const float *mask, float *y,
              std::vector<float> &columns) {
  int64_t count = end - begin;
  columns.assign(g.c * g.k * count, 0.0f);
  int64_t channelsPerOffsetGroup = g.c / g.offsetGroups;
  int64_t spatial = g.d * g.h * g.w;
  for (int64_t p = begin; p < end; ++p) {
    int64_t oz = p / (g.oh * g.ow), oy = p / g.ow % g.oh, ox = p % g.ow;
    for (int64_t go = 0; go < g.offsetGroups; ++go)
      for (int64_t i = 0; i < g.kd; ++i)
        for (int64_t j = 0; j < g.kh; ++j)
          for (int64_t l = 0; l < g.kw; ++l) {
            int64_t tap = (i * g.kh + j) * g.kw + l;
            int64_t channel = (go * g.k + tap) * 3;
            auto offsetAt = [&](int64_t axis) {
              return offset[((image * g.offsetGroups * g.k * 3) + channel +
                             axis) *
                                g.positions +
                            p];
            };
            double z =
                double(oz * g.stride[0] - g.padding[0] + i * g.dilation[0]) +
                offsetAt(0);
            double yy =
                double(oy * g.stride[1] - g.padding[1] + j * g.dilation[1]) +
                offsetAt(1);
            double xx =
                double(ox * g.stride[2] - g.padding[2] + l * g.dilation[2]) +
                offsetAt(2);
            float m = mask ? mask[((image * g.offsetGroups + go) * g.k + tap) *
                                      g.positions +
                                  p]
                           : 1.0f;
            for (int64_t c = go * channelsPerOffsetGroup;
                 c < (go + 1) * channelsPerOffsetGroup; ++c)
              columns[(c * g.k + tap) * count + (p - begin)] =
                  m * sample(x + (image * g.c + c) * spatial, g, z, yy, xx);
          }
  }
  // y[o, p] = bias[o] + sum_q weight[o, q] * columns[g * (C/G)K + q, p].
  int64_t inner = g.c / g.groups * g.k, outPerGroup = g.cout / g.groups;
  for (int64_t o = 0; o < g.cout; ++o) {
    float *row = y + (image * g.cout + o) * g.positions + begin;
    std::fill(row, row + count, bias[o]);
    const float *wrow = weight + o * inner;
    const float *col = columns.data() + (o / outPerGroup) * inner * count;
    for (int64_t q = 0; q < inner; ++q) {
      float wq = wrow[q];
      const float *crow = col + q * count;
      for (int64_t p = 0; p < count; ++p)
        row[p] += wq * crow[p];
    }
  }
}

ErrorOr<Geometry> getGeometry(AnyBuffer x, AnyBuffer weight, AnyBuffer bias,
                              AnyBuffer offset, const AnyBuffer *mask,
                              AnyBuffer y, Dictionary attrs) {
  Geometry g{};
  auto dims = [](AnyBuffer b) { return b.dimensions(); };
  if (x.rank() != 5 || weight.rank() != 5 || bias.rank() != 1 ||
      offset.rank() != 5 || y.rank() != 5 || (mask && mask->rank() != 5))
    return Error::invalidArgument("deform_conv_3d: x, weight, offset, mask "
                                  "and the result are 5-D, bias 1-D");
  g.n = dims(x)[0], g.c = dims(x)[1], g.d = dims(x)[2], g.h = dims(x)[3],
  g.w = dims(x)[4];
  g.cout = dims(weight)[0];
  g.kd = dims(weight)[2], g.kh = dims(weight)[3], g.kw = dims(weight)[4];
  g.k = g.kd * g.kh * g.kw;
  const char *names[3] = {"stride", "padding", "dilation"};
  int64_t *fields[3] = {g.stride, g.padding, g.dilation};
  for (int a = 0; a < 3; ++a) {
    ErrorOr<Span<const int64_t>> values =
        attrs.get<Span<const int64_t>>(names[a]);
    if (!values.ok())
      return Error::invalidArgument("deform_conv_3d: " +
                                    values.error().message());
    if (values->size() != 3)
      return Error::invalidArgument(std::string("deform_conv_3d: ") + names[a] +
                                    " takes 3 values");
    std::copy(values->begin(), values->end(), fields[a]);
  }
  ErrorOr<int64_t> groups = attrs.get<int64_t>("groups");
  ErrorOr<int64_t> offsetGroups = attrs.get<int64_t>("offset_groups");
  if (!groups.ok() || !offsetGroups.ok())
    return Error::invalidArgument(
        "deform_conv_3d: " +
        (groups.ok() ? offsetGroups.error() : groups.error()).message());
  g.groups = *groups;
  g.offsetGroups = *offsetGroups;
  if (g.groups <= 0 || g.offsetGroups <= 0 || g.c % g.groups ||
      g.cout % g.groups || g.c % g.offsetGroups ||
      dims(weight)[1] != g.c / g.groups || dims(bias)[0] != g.cout)
    return Error::invalidArgument("deform_conv_3d: the groups do not divide "
                                  "the channels, or weight and bias do not "
                                  "match them");
  int64_t *out[3] = {&g.od, &g.oh, &g.ow};
  int64_t in[3] = {g.d, g.h, g.w}, kernel[3] = {g.kd, g.kh, g.kw};
  for (int a = 0; a < 3; ++a)
    *out[a] =
        (in[a] + 2 * g.padding[a] - (g.dilation[a] * (kernel[a] - 1) + 1)) /
            g.stride[a] +
        1;
  g.positions = g.od * g.oh * g.ow;
  auto shaped = [&](AnyBuffer b, std::vector<int64_t> want) {
    return std::equal(want.begin(), want.end(), b.dimensions().begin());
  };
  if (!shaped(y, {g.n, g.cout, g.od, g.oh, g.ow}) ||
      !shaped(offset, {g.n, g.offsetGroups * g.k * 3, g.od, g.oh, g.ow}) ||
      (mask && !shaped(*mask, {g.n, g.offsetGroups * g.k, g.od, g.oh, g.ow})))
    return Error::invalidArgument("deform_conv_3d: the result, offset or "
                                  "mask shape does not follow from the "
                                  "input, kernel and attributes");
  return g;
}

Error run(BufferR5<DataType::F32> x, BufferR5<DataType::F32> weight,
          BufferR1<DataType::F32> bias, BufferR5<DataType::F32> offset,
          const float *mask, const AnyBuffer *maskBuffer,
          BufferR5<DataType::F32> y, Dictionary attrs, Context ctx) {
  ErrorOr<Geometry> geometry =
      getGeometry(x, weight, bias, offset, maskBuffer, y, attrs);
  if (!geometry.ok())
    return geometry.error();
  const Geometry &g = *geometry;
  int64_t blocksPerImage = (g.positions + kBlock - 1) / kBlock;
  ctx.parallelFor(g.n * blocksPerImage, 1, [&](int64_t first, int64_t last) {
    std::vector<float> columns;
    for (int64_t b = first; b < last; ++b) {
      int64_t image = b / blocksPerImage, begin = b % blocksPerImage * kBlock,
              end = std::min(begin + kBlock, g.positions);
      runBlock(g, image, begin, end, x.typedData(), weight.typedData(),
               bias.typedData(), offset.typedData(), mask, y.typedData(),
               columns);
    }
  });
  return Error::success();
}

Error deformConv(BufferR5<DataType::F32> x, BufferR5<DataType::F32> weight,
                 BufferR1<DataType::F32> bias, BufferR5<DataType::F32> offset,
                 BufferR5<DataType::F32> y, Dictionary attrs, Context ctx) {
  return run(x, weight, bias, offset, nullptr, nullptr, y, attrs, ctx);
}

Error deformConvMasked(BufferR5<DataType::F32> x,
                       BufferR5<DataType::F32> weight,
                       BufferR1<DataType::F32> bias,
                       BufferR5<DataType::F32> offset,
                       BufferR5<DataType::F32> mask, BufferR5<DataType::F32> y,
                       Dictionary attrs, Context ctx) {
  AnyBuffer maskBuffer = mask;
  return run(x, weight, bias, offset, mask.typedData(), &maskBuffer, y, attrs,
             ctx);
}

} // namespace

HLOX_FFI_DEFINE_HANDLER(deformConvHandler, deformConv,
                        Ffi::bind()
                            .arg<BufferR5<DataType::F32>>()
                            .arg<BufferR5<DataType::F32>>()
                            .arg<BufferR1<DataType::F32>>()
                            .arg<BufferR5<DataType::F32>>()
                            .ret<BufferR5<DataType::F32>>()
                            .attrs()
                            .ctx());
HLOX_FFI_DEFINE_HANDLER(deformConvMaskedHandler, deformConvMasked,
                        Ffi::bind()
                            .arg<BufferR5<DataType::F32>>()
                            .arg<BufferR5<DataType::F32>>()
                            .arg<BufferR1<DataType::F32>>()
                            .arg<BufferR5<DataType::F32>>()
                            .arg<BufferR5<DataType::F32>>()
                            .ret<BufferR5<DataType::F32>>()
                            .attrs()
                            .ctx());

/// DCNv1 with 4 operands, DCNv2 with the mask as a fifth.
HloxFfiError *deformConv3d(HloxFfiCallFrame *frame) {
  return frame->num_args == 5 ? deformConvMaskedHandler(frame)
                              : deformConvHandler(frame);
}
