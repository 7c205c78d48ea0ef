/*===- prefix_sum.c - An example plugin written against the C ABI -------===*
 * SPDX-License-Identifier: Apache-2.0
 *===--------------------------------------------------------------------===*
 *
 * A native kernel a StableHLO program calls with stablehlo.custom_call:
 *
 *   %r = stablehlo.custom_call @example.prefix_sum(%x)
 *          {api_version = 4 : i32, backend_config = {reverse = true}}
 *          : (tensor<4x8xf32>) -> tensor<4x8xf32>
 *
 * runs `prefix_sum` on the host: the inclusive prefix sum of every row (the
 * last dimension), in f32 or f64, in row order; `reverse = true` (or, in
 * the older string form, backend_config = "reverse") sums from the end of
 * each row. Rows are split over the runtime's threads. Load it with
 *
 *   hlox-run --plugin=PATH/hlox_example_custom_calls.so FILE
 *
 * It needs only hlox/ffi/api.h (docs/ffi.md has the same in C++ on the
 * typed binding, hlox/ffi/ffi.h).
 *
 *===--------------------------------------------------------------------===*/

#include "hlox/ffi/api.h"

#include <stdio.h>
#include <string.h>

static HloxFfiError *fail(const HloxFfiCallFrame *frame, const char *message,
                          const char *detail) {
  char text[256];
  snprintf(text, sizeof(text), "example.prefix_sum: %s%s", message, detail);
  return frame->api->error_create(HLOX_FFI_ERROR_INVALID_ARGUMENT, text);
}

/* The attribute `name` of `frame`, or NULL. */
static const HloxFfiAttr *find(const HloxFfiCallFrame *frame,
                               const char *name) {
  const HloxFfiDict *attrs = frame->attrs;
  size_t length = strlen(name);
  for (int64_t i = 0; attrs && i < attrs->size; ++i)
    if ((size_t)attrs->names[i].size == length &&
        memcmp(attrs->names[i].data, name, length) == 0)
      return &attrs->values[i];
  return NULL;
}

struct Rows {
  const HloxFfiBuffer *in, *out;
  int64_t row;
  int reverse;
};

/* Rows [begin, end). */
static void sum_rows(void *data, int64_t begin, int64_t end) {
  const struct Rows *rows = (const struct Rows *)data;
  int64_t row = rows->row;
  for (int64_t r = begin; r < end; ++r) {
    double sum = 0;
    for (int64_t k = 0; k < row; ++k) {
      int64_t i = r * row + (rows->reverse ? row - 1 - k : k);
      if (rows->in->dtype == HLOX_FFI_F32) {
        float s = (float)sum + ((const float *)rows->in->data)[i];
        ((float *)rows->out->data)[i] = s;
        sum = s;
      } else {
        sum += ((const double *)rows->in->data)[i];
        ((double *)rows->out->data)[i] = sum;
      }
    }
  }
}

static HloxFfiError *prefix_sum(HloxFfiCallFrame *frame) {
  if (frame->num_args != 1 || frame->num_rets != 1)
    return fail(frame, "takes one operand and gives one result", "");
  const HloxFfiBuffer *in = frame->args[0], *out = frame->rets[0];
  if (in->dtype != out->dtype || in->rank != out->rank)
    return fail(frame, "the result's type must be the operand's", "");
  int64_t count = 1;
  for (int64_t d = 0; d < in->rank; ++d) {
    if (in->dims[d] != out->dims[d])
      return fail(frame, "the result's shape must be the operand's", "");
    count *= in->dims[d];
  }
  if (in->dtype != HLOX_FFI_F32 && in->dtype != HLOX_FFI_F64)
    return fail(frame, "supports f32 and f64, not ", in->dtype_name);
  int reverse = 0;
  const HloxFfiAttr *attr = find(frame, "reverse");
  if (attr) {
    if (attr->kind != HLOX_FFI_ATTR_BOOL)
      return fail(frame, "attribute 'reverse' must be a bool", "");
    reverse = *(const uint8_t *)attr->value != 0;
  }
  attr = find(frame, "backend_config");
  if (attr && attr->kind == HLOX_FFI_ATTR_STRING) {
    const HloxFfiString *text = (const HloxFfiString *)attr->value;
    char config[64];
    snprintf(config, sizeof(config), "%.*s", (int)text->size, text->data);
    if (strcmp(config, "reverse") != 0)
      return fail(frame, "unknown backend_config ", config);
    reverse = 1;
  }
  struct Rows rows = {in, out, in->rank == 0 ? 1 : in->dims[in->rank - 1],
                      reverse};
  int64_t numRows = rows.row == 0 ? 0 : count / rows.row;
  frame->api->parallel_for(frame->ctx, numRows, 64, sum_rows, &rows);
  return NULL;
}

__attribute__((visibility("default"))) HloxFfiError *
hlox_ffi_plugin_init(const HloxFfiApi *api, HloxFfiRegistrar *registrar) {
  HloxFfiHandlerRegistration registration;
  memset(&registration, 0, sizeof(registration));
  registration.struct_size = sizeof(registration);
  registration.api_major = HLOX_FFI_API_MAJOR;
  registration.api_minor = HLOX_FFI_API_MINOR;
  registration.name = "example.prefix_sum";
  registration.platform = "host";
  registration.execute = prefix_sum;
  return api->register_handler(registrar, &registration);
}
