/* Compile a StableHLO program and run it through the C ABI (docs/api.md). */
#include "hlox/api/c_api.h"

#include <stdio.h>
#include <string.h>

static int fail(hlox_error *error) {
  fprintf(stderr, "%s\n", hlox_error_get_message(error));
  hlox_error_destroy(error);
  return 1;
}

int main(void) {
  hlox_client_create_args client_args = {.struct_size = sizeof(client_args)};
  hlox_client *client;
  hlox_error *error = hlox_client_create(&client_args, &client);
  if (error)
    return fail(error);

  const char *program =
      "func.func @main(%x: tensor<3xf32>) -> tensor<3xf32> {\n"
      "  %0 = stablehlo.multiply %x, %x : tensor<3xf32>\n"
      "  return %0 : tensor<3xf32>\n"
      "}\n";
  hlox_compile_args compile_args = {.struct_size = sizeof(compile_args)};
  compile_args.program = program;
  compile_args.program_size = strlen(program);
  hlox_executable *executable;
  if ((error = hlox_client_compile(client, &compile_args, &executable)))
    return fail(error);

  float x[3] = {1, 2, 3};
  int64_t dims[1] = {3};
  hlox_buffer_from_host_args buffer_args = {.struct_size = sizeof(buffer_args)};
  buffer_args.client = client;
  buffer_args.data = x;
  buffer_args.element_type = HLOX_ELEMENT_F32;
  buffer_args.rank = 1;
  buffer_args.dims = dims;
  hlox_buffer *input;
  if ((error = hlox_buffer_from_host(&buffer_args, &input)))
    return fail(error);

  hlox_buffer *result;
  hlox_event *done;
  hlox_execute_args execute_args = {.struct_size = sizeof(execute_args)};
  execute_args.executable = executable;
  execute_args.arguments = &input;
  execute_args.num_arguments = 1;
  execute_args.results = &result;
  execute_args.done = &done;
  if ((error = hlox_executable_execute(&execute_args)))
    return fail(error);
  if ((error = hlox_event_wait(done)))
    return fail(error);

  float y[3];
  if ((error = hlox_buffer_to_host(result, y, sizeof(y))))
    return fail(error);
  printf("%g %g %g\n", y[0], y[1], y[2]);

  hlox_event_destroy(done);
  hlox_buffer_destroy(result);
  hlox_buffer_destroy(input);
  hlox_executable_destroy(executable);
  hlox_client_destroy(client);
  return 0;
}
