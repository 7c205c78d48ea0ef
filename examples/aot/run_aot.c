/* Runs an ahead-of-time executable with the runtime alone: every input
 * filled with one f32 value, the f32 outputs printed one per line.
 *   run_aot MODEL.hlox VALUE */
#include "hlox/runtime/c_runtime.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: %s MODEL.hlox VALUE\n", argv[0]);
    return 2;
  }
  hlox_rt_program *program;
  char *error = hlox_rt_load(argv[1], 1, &program);
  if (error) {
    fprintf(stderr, "error: %s\n", error);
    free(error);
    return 1;
  }
  float value = strtof(argv[2], NULL);
  size_t numInputs = hlox_rt_num_inputs(program);
  size_t numOutputs = hlox_rt_num_outputs(program);
  void **inputs = calloc(numInputs + 1, sizeof(void *));
  void **outputs = calloc(numOutputs + 1, sizeof(void *));
  for (size_t i = 0; i < numInputs; ++i) {
    if (!strstr(hlox_rt_input_type(program, i), "xf32>")) {
      fprintf(stderr, "error: input %zu is %s, not f32\n", i,
              hlox_rt_input_type(program, i));
      return 1;
    }
    size_t count = hlox_rt_input_bytes(program, i) / sizeof(float);
    float *data = malloc(count * sizeof(float) + 1);
    for (size_t k = 0; k < count; ++k)
      data[k] = value;
    inputs[i] = data;
  }
  for (size_t i = 0; i < numOutputs; ++i)
    outputs[i] = malloc(hlox_rt_output_bytes(program, i) + 1);
  error = hlox_rt_run(program, (const void *const *)inputs, outputs);
  if (error) {
    fprintf(stderr, "error: %s\n", error);
    free(error);
    return 1;
  }
  for (size_t i = 0; i < numOutputs; ++i) {
    printf("output %zu: %s\n", i, hlox_rt_output_type(program, i));
    const float *data = outputs[i];
    for (size_t k = 0; k < hlox_rt_output_bytes(program, i) / sizeof(float);
         ++k)
      printf("%.6g\n", data[k]);
  }
  for (size_t i = 0; i < numInputs; ++i)
    free(inputs[i]);
  for (size_t i = 0; i < numOutputs; ++i)
    free(outputs[i]);
  free(inputs);
  free(outputs);
  hlox_rt_destroy(program);
  return 0;
}
