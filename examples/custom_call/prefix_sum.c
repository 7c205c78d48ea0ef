/*===- prefix_sum.c - An example library of custom-call targets ---------===*
 * SPDX-License-Identifier: Apache-2.0
 *===--------------------------------------------------------------------===*
 *
 * Native kernels a StableHLO program calls with stablehlo.custom_call:
 *
 *   %r = stablehlo.custom_call @example.prefix_sum(%x)
 *          : (tensor<4x8xf32>) -> tensor<4x8xf32>
 *
 * runs `example_prefix_sum` on the host: the inclusive prefix sum of every
 * row (the last dimension), in f32 or f64, in row order. backend_config
 * "reverse" sums from the end of each row instead. Load it with
 *
 *   hlox-run --custom-call-library=PATH/hlox_example_custom_calls.so FILE
 *
 * It needs only hlox/runtime/CustomCallABI.h.
 *
 *===--------------------------------------------------------------------===*/

#include "hlox/runtime/CustomCallABI.h"

#include <stdio.h>
#include <string.h>

static int fail(char *error, int64_t size, const char *message,
                const char *detail) {
  snprintf(error, (size_t)size, "%s%s", message, detail);
  return 1;
}

static int prefix_sum(void *user_data, const HloxBuffer *operands,
                      int64_t num_operands, HloxBuffer *results,
                      int64_t num_results, const char *config, char *error,
                      int64_t error_size) {
  (void)user_data;
  if (num_operands != 1 || num_results != 1)
    return fail(error, error_size, "example.prefix_sum takes one operand and "
                "gives one result", "");
  const HloxBuffer *in = &operands[0];
  HloxBuffer *out = &results[0];
  if (strcmp(in->element_type, out->element_type) != 0 ||
      in->rank != out->rank)
    return fail(error, error_size, "example.prefix_sum: the result's type "
                "must be the operand's", "");
  int64_t count = 1;
  for (int64_t d = 0; d < in->rank; ++d) {
    if (in->shape[d] != out->shape[d])
      return fail(error, error_size, "example.prefix_sum: the result's "
                  "shape must be the operand's", "");
    count *= in->shape[d];
  }
  int reverse = config && strcmp(config, "reverse") == 0;
  if (config && config[0] && !reverse)
    return fail(error, error_size, "example.prefix_sum: unknown "
                "backend_config ", config);
  int64_t row = in->rank == 0 ? 1 : in->shape[in->rank - 1];
  int64_t rows = row == 0 ? 0 : count / row;
  int is32 = strcmp(in->element_type, "f32") == 0;
  if (!is32 && strcmp(in->element_type, "f64") != 0)
    return fail(error, error_size,
                "example.prefix_sum supports f32 and f64, not ",
                in->element_type);
  for (int64_t r = 0; r < rows; ++r) {
    double sum = 0;
    for (int64_t k = 0; k < row; ++k) {
      int64_t i = r * row + (reverse ? row - 1 - k : k);
      if (is32) {
        float s = (float)sum + ((const float *)in->data)[i];
        ((float *)out->data)[i] = s;
        sum = s;
      } else {
        sum += ((const double *)in->data)[i];
        ((double *)out->data)[i] = sum;
      }
    }
  }
  return 0;
}

void hlox_register_custom_calls(void *registry, HloxAddCustomCallFn add) {
  add(registry, "example.prefix_sum", prefix_sum, NULL);
}
