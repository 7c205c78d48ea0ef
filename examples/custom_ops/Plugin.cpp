//===- Plugin.cpp - The custom ops' plugin --------------------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "Handlers.h"

#include "hlox/ffi/ffi.h"

HLOX_FFI_PLUGIN_INIT(api, registrar) {
  if (HloxFfiError *error =
          hlox::ffi::registerHandler(api, registrar, "iou_3d", "host", iou3d))
    return error;
  return hlox::ffi::registerHandler(api, registrar, "deform_conv_3d", "host",
                                    deformConv3d);
}
