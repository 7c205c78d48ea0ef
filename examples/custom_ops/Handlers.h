//===- Handlers.h - The native handlers of the custom ops -------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#ifndef HLOX_EXAMPLES_CUSTOM_OPS_HANDLERS_H
#define HLOX_EXAMPLES_CUSTOM_OPS_HANDLERS_H

#include "hlox/ffi/api.h"

extern "C" {
/// iou_3d(boxes_a f32[N,7], boxes_b f32[M,7]) -> f32[N,M].
HloxFfiError *iou3d(HloxFfiCallFrame *frame);
/// deform_conv_3d(x, weight, bias, offset[, mask]) -> y, NCDHW.
HloxFfiError *deformConv3d(HloxFfiCallFrame *frame);
}

#endif // HLOX_EXAMPLES_CUSTOM_OPS_HANDLERS_H
