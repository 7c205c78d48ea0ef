/*===- CustomCallABI.h - The C ABI of custom-call targets ----------*- C -*-===*
 * SPDX-License-Identifier: Apache-2.0
 *===----------------------------------------------------------------------===*
 *
 * What a native custom-call target written in C (or any language with a C
 * ABI) sees. A shared library that exports `hlox_register_custom_calls`
 * can be loaded by `hlox-run --custom-call-library=PATH`.
 *
 *===----------------------------------------------------------------------===*/

#ifndef HLOX_RUNTIME_CUSTOMCALLABI_H
#define HLOX_RUNTIME_CUSTOMCALLABI_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* One operand or result: dense, row-major, `rank` sizes in `shape`;
 * `element_type` is the StableHLO name ("f32", "ui8", "complex<f64>", ...);
 * an i1 takes one byte (0 or 1). Valid during the call only. */
typedef struct HloxBuffer {
  void *data;
  const int64_t *shape;
  int64_t rank;
  const char *element_type;
} HloxBuffer;

/* Runs the target: reads `operands`, writes `results` (their shapes are
 * the op's result types). Returns 0 on success; else writes a message of
 * at most `error_size` bytes (NUL included) into `error` and returns
 * non-zero, which fails the run with that message. */
typedef int (*HloxCustomCallFn)(void *user_data, const HloxBuffer *operands,
                                int64_t num_operands, HloxBuffer *results,
                                int64_t num_results, const char *config,
                                char *error, int64_t error_size);

/* Adds target `name` to `registry`; returns 0, or non-zero when the name
 * is taken. */
typedef int (*HloxAddCustomCallFn)(void *registry, const char *name,
                                   HloxCustomCallFn fn, void *user_data);

/* The entry point a custom-call library exports. */
typedef void (*HloxRegisterCustomCallsFn)(void *registry,
                                          HloxAddCustomCallFn add);

#ifdef __cplusplus
}
#endif

#endif /* HLOX_RUNTIME_CUSTOMCALLABI_H */
