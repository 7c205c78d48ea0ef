/*===- c_runtime.h - Running ahead-of-time executables from C -----------===*
 * SPDX-License-Identifier: Apache-2.0
 *===----------------------------------------------------------------------===*
 *
 * The runtime alone (libhlox_runtime.so: no compiler, no LLVM) loads an
 * ahead-of-time executable (`hlox-compile F -o model.hlox`) and runs it on
 * host arrays. Functions that can fail return NULL on success, else a
 * message the caller frees with free(). A program handle may be run from
 * several threads at once (runs are serialized); destroying it must be its
 * last use.
 *
 *===----------------------------------------------------------------------===*/

#ifndef HLOX_RUNTIME_C_RUNTIME_H
#define HLOX_RUNTIME_C_RUNTIME_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct hlox_rt_program hlox_rt_program;

/* Loads `path` with `num_threads` threads (0: one per hardware thread). A
 * file compiled for CPU features this CPU lacks is an error naming them. */
char *hlox_rt_load(const char *path, unsigned num_threads,
                   hlox_rt_program **program);
void hlox_rt_destroy(hlox_rt_program *program);

size_t hlox_rt_num_inputs(const hlox_rt_program *program);
size_t hlox_rt_num_outputs(const hlox_rt_program *program);
/* The StableHLO type of an input or output ("tensor<4x8xf32>") and its
 * size in bytes (dense, row-major). Valid as long as the program. */
const char *hlox_rt_input_type(const hlox_rt_program *program, size_t index);
const char *hlox_rt_output_type(const hlox_rt_program *program, size_t index);
size_t hlox_rt_input_bytes(const hlox_rt_program *program, size_t index);
size_t hlox_rt_output_bytes(const hlox_rt_program *program, size_t index);

/* Runs the program on `inputs` (one array per input, of its byte size) and
 * copies the results into `outputs` (likewise). */
char *hlox_rt_run(hlox_rt_program *program, const void *const *inputs,
                  void *const *outputs);

#ifdef __cplusplus
}
#endif

#endif /* HLOX_RUNTIME_C_RUNTIME_H */
