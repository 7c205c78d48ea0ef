//===- iou_3d.cpp - Pairwise IoU of upright 3-D boxes, natively -----------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// `iou_3d` as a native handler: boxes_a f32[N,7], boxes_b f32[M,7] (center
// x, y, z, dims x, y, z, heading about z) to iou f32[N,M], computed in f64
// per pair: the boxes' footprints clipped against each other
// (Sutherland-Hodgman), the area by the shoelace formula, times the z
// overlap. The rows of the result are split over hlox's threads. The exact
// semantics (constants, degenerate boxes) are those of Keras CV's
// pairwise IoU, which lingvo's box_util.cc defines; near-parallel edges
// whose intersection is undefined add no point instead of aborting.
//
//===----------------------------------------------------------------------===//

#include "Handlers.h"

#include "hlox/ffi/ffi.h"

#include <algorithm>
#include <cmath>

using namespace hlox::ffi;

namespace {

constexpr double kEps = 1e-8;
constexpr double kMinDim = 1e-3;
constexpr double kMaxDim = 1e6;

struct Point {
  double x, y;
};

/// One box, ready for pairs.
struct Box {
  Point corners[4];
  double zMin, zMax, area, volume;
  double cx, cy, reach;
  bool valid;
};

double polygonArea(const Point *p, int n) {
  if (n <= 2)
    return 0;
  double twice = 0;
  for (int i = 0; i < n; ++i) {
    const Point &a = p[i], &b = p[(i + 1) % n];
    twice += a.x * b.y - a.y * b.x;
  }
  return std::fabs(0.5 * twice);
}

Box makeBox(const float *row) {
  Box box;
  double cx = row[0], cy = row[1], cz = row[2];
  double dx = row[3], dy = row[4], dz = row[5], heading = row[6];
  box.zMin = cz - dz / 2;
  box.zMax = cz + dz / 2;
  // A box with no extent in x or y is the all-zero box.
  double w = dx, h = dy;
  if (dx <= 0 || dy <= 0)
    cx = cy = w = h = heading = 0;
  bool extreme = w <= kMinDim || h <= kMinDim || w >= kMaxDim || h >= kMaxDim;
  box.valid = dz > 0 && !extreme;
  double c = std::cos(heading), s = std::sin(heading);
  double hx = w / 2, hy = h / 2;
  box.corners[0] = {cx - hx * c + hy * s, cy - hx * s - hy * c};
  box.corners[1] = {cx + hx * c + hy * s, cy + hx * s - hy * c};
  box.corners[2] = {cx + hx * c - hy * s, cy + hx * s + hy * c};
  box.corners[3] = {cx - hx * c - hy * s, cy - hx * s + hy * c};
  box.area = polygonArea(box.corners, 4);
  if (box.area <= kEps)
    box.area = 0;
  box.volume = box.area * (box.zMax - box.zMin);
  box.cx = cx;
  box.cy = cy;
  box.reach = std::max(w, h) / 2 * 1.5;
  return box;
}

/// The footprint of `a` clipped by the half-planes of `b`'s edges; the
/// vertex count (at most 8).
int clip(const Box &a, const Box &b, Point *out) {
  Point buffers[2][16];
  Point *poly = buffers[0], *next = buffers[1];
  int n = 4;
  std::copy(a.corners, a.corners + 4, poly);
  for (int e = 0; e < 4 && n > 2; ++e) {
    const Point &p = b.corners[e], &q = b.corners[(e + 1) % 4];
    double la = q.y - p.y, lb = p.x - q.x, lc = q.x * p.y - q.y * p.x;
    auto side = [&](const Point &v) { return la * v.x + lb * v.y + lc; };
    int m = 0;
    for (int j = 0; j < n; ++j) {
      const Point &s = poly[j], &t = poly[(j + 1) % n];
      double ls = side(s), lt = side(t);
      if (ls <= 0 || std::fabs(ls) <= kEps)
        next[m++] = s;
      if (std::fabs(lt) > kEps && ((ls < 0 && lt > 0) || (ls > 0 && lt < 0))) {
        // The edge's line against line(s, t).
        double a2 = t.y - s.y, b2 = s.x - t.x, c2 = t.x * s.y - t.y * s.x;
        double w = la * b2 - lb * a2;
        if (std::fabs(w) > kEps)
          next[m++] = {(lb * c2 - lc * b2) / w, (lc * a2 - la * c2) / w};
      }
    }
    std::swap(poly, next);
    n = m;
  }
  std::copy(poly, poly + n, out);
  return n;
}

double pairIou(const Box &a, const Box &b) {
  if (!a.valid || !b.valid)
    return 0;
  double zi =
      std::max(0.0, std::min(a.zMax, b.zMax) - std::max(a.zMin, b.zMin));
  if (zi == 0)
    return 0;
  if (std::fabs(a.cx - b.cx) > a.reach + b.reach ||
      std::fabs(a.cy - b.cy) > a.reach + b.reach)
    return 0;
  Point poly[16];
  int n = clip(a, b, poly);
  double area = polygonArea(poly, n);
  if (area <= kEps)
    return 0;
  double inter = area * zi;
  return inter > 0 ? inter / (a.volume + b.volume - inter) : 0;
}

Error iou3dKernel(BufferR2<DataType::F32> boxesA,
                  BufferR2<DataType::F32> boxesB, BufferR2<DataType::F32> iou,
                  Context ctx) {
  int64_t n = boxesA.dimensions()[0], m = boxesB.dimensions()[0];
  if (boxesA.dimensions()[1] != 7 || boxesB.dimensions()[1] != 7)
    return Error::invalidArgument("iou_3d: boxes are rows of 7 values");
  if (iou.dimensions()[0] != n || iou.dimensions()[1] != m)
    return Error::invalidArgument("iou_3d: the result must be [N, M]");
  // Each box of B once, in scratch memory.
  auto *b =
      static_cast<Box *>(ctx.allocate(sizeof(Box) * std::max<int64_t>(m, 1)));
  if (!b)
    return Error::resourceExhausted("iou_3d: no scratch memory");
  for (int64_t j = 0; j < m; ++j)
    b[j] = makeBox(boxesB.typedData() + 7 * j);
  const float *a = boxesA.typedData();
  float *out = iou.typedData();
  ctx.parallelFor(n, 4, [&](int64_t begin, int64_t end) {
    for (int64_t i = begin; i < end; ++i) {
      Box boxA = makeBox(a + 7 * i);
      for (int64_t j = 0; j < m; ++j)
        out[i * m + j] = static_cast<float>(pairIou(boxA, b[j]));
    }
  });
  return Error::success();
}

} // namespace

HLOX_FFI_DEFINE_HANDLER(iou3d, iou3dKernel,
                        Ffi::bind()
                            .arg<BufferR2<DataType::F32>>()
                            .arg<BufferR2<DataType::F32>>()
                            .ret<BufferR2<DataType::F32>>()
                            .ctx());
