/*===- CApiTest.c - hlox's C ABI, driven from C ---------------------------===*
 * SPDX-License-Identifier: Apache-2.0
 *===----------------------------------------------------------------------===*
 *
 * Compiles a program through the C ABI, runs it on buffers made from host
 * memory (copied and borrowed), checks results, the cost report, serialized
 * executables, the errors of bad programs and bad calls, what version 0.2
 * added (FLOPs, compile options, donation, failed checks), 0.3 (sharded
 * programs) and 0.4 (a grid run in this process; a 2-process job over
 * Gloo on loopback, its processes forked before any client exists). Exits
 * 0 when every check holds.
 *
 *===----------------------------------------------------------------------===*/

#include "hlox/api/c_api.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

static int failures = 0;

#define CHECK(cond)                                                            \
  do {                                                                         \
    if (!(cond)) {                                                             \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
      ++failures;                                                              \
    }                                                                          \
  } while (0)

#define CHECK_OK(call)                                                         \
  do {                                                                         \
    hlox_error *error_ = (call);                                               \
    if (error_) {                                                              \
      fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__, #call,     \
              hlox_error_get_message(error_));                                 \
      hlox_error_destroy(error_);                                              \
      ++failures;                                                              \
    }                                                                          \
  } while (0)

static const char kProgram[] =
    "func.func @main(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>)\n"
    "    -> (tensor<2x3xf32>, tensor<i32>) {\n"
    "  %0 = stablehlo.add %a, %b : tensor<2x3xf32>\n"
    "  %1 = stablehlo.multiply %0, %b : tensor<2x3xf32>\n"
    "  %2 = stablehlo.constant dense<7> : tensor<i32>\n"
    "  return %1, %2 : tensor<2x3xf32>, tensor<i32>\n"
    "}\n";

static int released = 0;
static void on_release(void *user_data) { *(int *)user_data += 1; }

static hlox_buffer *make_buffer(hlox_client *client, const float *data,
                                hlox_host_buffer_semantics semantics) {
  int64_t dims[2] = {2, 3};
  hlox_buffer_from_host_args args;
  memset(&args, 0, sizeof(args));
  args.struct_size = HLOX_BUFFER_FROM_HOST_ARGS_SIZE_V0_1;
  args.client = client;
  args.data = data;
  args.element_type = HLOX_ELEMENT_F32;
  args.rank = 2;
  args.dims = dims;
  args.semantics = semantics;
  args.on_release = on_release;
  args.user_data = &released;
  hlox_buffer *buffer = NULL;
  CHECK_OK(hlox_buffer_from_host(&args, &buffer));
  return buffer;
}

static hlox_executable *compile(hlox_client *client, const char *program,
                                hlox_error **error) {
  hlox_compile_args args;
  memset(&args, 0, sizeof(args));
  args.struct_size = HLOX_COMPILE_ARGS_SIZE_V0_1;
  args.program = program;
  args.program_size = strlen(program);
  hlox_executable *executable = NULL;
  *error = hlox_client_compile(client, &args, &executable);
  return executable;
}

static void run_and_check(hlox_executable *executable, hlox_buffer *a,
                          hlox_buffer *b, const float *x, const float *y) {
  hlox_buffer *arguments[2] = {a, b};
  hlox_buffer *results[2] = {NULL, NULL};
  hlox_event *done = NULL;
  hlox_execute_args args;
  memset(&args, 0, sizeof(args));
  args.struct_size = HLOX_EXECUTE_ARGS_SIZE_V0_1;
  args.executable = executable;
  args.arguments = arguments;
  args.num_arguments = 2;
  args.results = results;
  args.done = &done;
  CHECK_OK(hlox_executable_execute(&args));
  if (!done)
    return;
  CHECK_OK(hlox_event_wait(done));
  CHECK(hlox_event_is_ready(done));
  hlox_event_destroy(done);

  float out[6];
  CHECK(hlox_buffer_byte_size(results[0]) == sizeof(out));
  CHECK_OK(hlox_buffer_to_host(results[0], out, sizeof(out)));
  for (int i = 0; i < 6; ++i)
    CHECK(out[i] == (x[i] + y[i]) * y[i]);
  int32_t seven = 0;
  CHECK_OK(hlox_buffer_to_host(results[1], &seven, sizeof(seven)));
  CHECK(seven == 7);
  hlox_tensor_type type = hlox_buffer_type(results[0]);
  CHECK(type.element_type == HLOX_ELEMENT_F32 && type.rank == 2 &&
        type.dims[0] == 2 && type.dims[1] == 3);
  /* A wrong destination size is an error, not an overflow. */
  hlox_error *error = hlox_buffer_to_host(results[0], out, 4);
  CHECK(hlox_error_get_code(error) == HLOX_INVALID_ARGUMENT);
  hlox_error_destroy(error);
  hlox_buffer_destroy(results[0]);
  hlox_buffer_destroy(results[1]);
}

/* Submits `executable` on `arguments` (one result), with `donate` flags
 * when not NULL; the error of the submission or of the run. */
static hlox_error *run_one(hlox_executable *executable, hlox_buffer **arguments,
                           size_t num_arguments, const int *donate,
                           hlox_buffer **result) {
  hlox_event *done = NULL;
  hlox_execute_args args;
  memset(&args, 0, sizeof(args));
  args.struct_size = sizeof(args);
  args.executable = executable;
  args.arguments = arguments;
  args.num_arguments = num_arguments;
  args.results = result;
  args.done = &done;
  args.donate = donate;
  hlox_error *error = hlox_executable_execute(&args);
  if (error)
    return error;
  error = hlox_event_wait(done);
  hlox_event_destroy(done);
  return error;
}

/* What version 0.2 added: FLOPs in the cost report, compile options,
 * donation, and test assertions that fail an execution. */
static void check_version_0_2(hlox_client *client) {
  static const char kDot[] =
      "func.func @main(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>)\n"
      "    -> tensor<2x4xf32> {\n"
      "  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0]\n"
      "      : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>\n"
      "  return %0 : tensor<2x4xf32>\n"
      "}\n";
  hlox_compile_args args;
  memset(&args, 0, sizeof(args));
  args.struct_size = sizeof(args);
  args.program = kDot;
  args.program_size = strlen(kDot);
  args.fp_contract = HLOX_FP_CONTRACT_OFF;
  args.no_library_calls = 1;
  hlox_executable *dot = NULL;
  CHECK_OK(hlox_client_compile(client, &args, &dot));
  hlox_cost_report report;
  memset(&report, 0, sizeof(report));
  report.struct_size = sizeof(report);
  if (dot)
    CHECK_OK(hlox_executable_cost_report(dot, &report));
  CHECK(report.flops == 2 * 2 * 4 * 3);
  hlox_executable_destroy(dot);
  args.fp_contract = (hlox_fp_contract)9;
  hlox_error *error = hlox_client_compile(client, &args, &dot);
  CHECK(hlox_error_get_code(error) == HLOX_INVALID_ARGUMENT);
  hlox_error_destroy(error);

  /* Donation: the result takes the argument's memory; the argument is
   * gone. */
  static const char kDouble[] =
      "func.func @main(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {\n"
      "  %0 = stablehlo.add %x, %x : tensor<2x3xf32>\n"
      "  check.expect_eq_const %0, dense<[[2.0, 4.0, 6.0], [8.0, 10.0,"
      " 12.0]]> : tensor<2x3xf32>\n"
      "  return %0 : tensor<2x3xf32>\n"
      "}\n";
  hlox_executable *twice = compile(client, kDouble, &error);
  CHECK(error == NULL && twice != NULL);
  if (!twice) {
    hlox_error_destroy(error);
    return;
  }
  static const float x[6] = {1, 2, 3, 4, 5, 6};
  hlox_buffer *argument = make_buffer(client, x, HLOX_HOST_BUFFER_COPY);
  hlox_buffer *result = NULL;
  int donate[1] = {1};
  CHECK_OK(run_one(twice, &argument, 1, donate, &result));
  float out[6] = {0};
  if (result)
    CHECK_OK(hlox_buffer_to_host(result, out, sizeof(out)));
  CHECK(out[5] == 12);
  error = hlox_buffer_to_host(argument, out, sizeof(out));
  CHECK(hlox_error_get_code(error) == HLOX_INVALID_ARGUMENT);
  hlox_error_destroy(error);
  hlox_buffer *again = NULL;
  error = run_one(twice, &argument, 1, NULL, &again);
  CHECK(hlox_error_get_code(error) == HLOX_INVALID_ARGUMENT);
  hlox_error_destroy(error);

  /* The result doubled again fails the program's check: an execution
   * error with the check's location. */
  hlox_buffer *failed = NULL;
  error = run_one(twice, &result, 1, NULL, &failed);
  CHECK(hlox_error_get_code(error) == HLOX_EXECUTION_ERROR);
  CHECK(error && strstr(hlox_error_get_message(error),
                        "program:3:3: check failed: 6 of 6 elements differ"));
  hlox_error_destroy(error);
  hlox_buffer_destroy(failed);
  hlox_buffer_destroy(result);
  hlox_buffer_destroy(argument);
  hlox_executable_destroy(twice);
}

/* A program sharded over two devices: its rows split. */
static const char kShardedProgram[] =
    "sdy.mesh @mesh = <[\"x\"=2]>\n"
    "func.func @main(%a: tensor<2x3xf32> {sdy.sharding = "
    "#sdy.sharding<@mesh, [{\"x\"}, {}]>}, %b: tensor<2x3xf32>)\n"
    "    -> tensor<2x3xf32> {\n"
    "  %0 = stablehlo.multiply %a, %b : tensor<2x3xf32>\n"
    "  return %0 : tensor<2x3xf32>\n"
    "}\n";

static void run_sharded(hlox_client *client) {
  hlox_error *error = NULL;
  hlox_executable *executable = compile(client, kShardedProgram, &error);
  CHECK(error == NULL && executable != NULL);
  if (!executable)
    return;
  CHECK(hlox_executable_num_devices(executable) == 2);
  /* One device's shard of %a: one row. */
  hlox_tensor_type input = hlox_executable_input_type(executable, 0);
  CHECK(input.rank == 2 && input.dims[0] == 1 && input.dims[1] == 3);
  static const float x[6] = {1, 2, 3, 4, 5, 6};
  static const float y[6] = {2, 2, 2, 3, 3, 3};
  hlox_buffer *arguments[2] = {make_buffer(client, x, HLOX_HOST_BUFFER_COPY),
                               make_buffer(client, y, HLOX_HOST_BUFFER_COPY)};
  hlox_buffer *result = NULL;
  CHECK_OK(
      hlox_client_execute_sharded(client, executable, arguments, 2, &result));
  if (result) {
    float z[6];
    CHECK_OK(hlox_buffer_to_host(result, z, sizeof(z)));
    CHECK(z[0] == 2 && z[2] == 6 && z[3] == 12 && z[5] == 18);
    hlox_buffer_destroy(result);
  }
  /* Global arguments of the wrong count are an error. */
  hlox_error *wrong =
      hlox_client_execute_sharded(client, executable, arguments, 1, &result);
  CHECK(wrong != NULL && hlox_error_get_code(wrong) == HLOX_INVALID_ARGUMENT);
  hlox_error_destroy(wrong);
  hlox_buffer_destroy(arguments[0]);
  hlox_buffer_destroy(arguments[1]);
  hlox_executable_destroy(executable);
}

/* A sum over a grid of two replicas. */
static const char kReplicatedProgram[] =
    "module attributes {mhlo.num_replicas = 2 : i32} {\n"
    "func.func @main(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {\n"
    "  %0 = \"stablehlo.all_reduce\"(%a) ({\n"
    "  ^bb0(%x: tensor<f32>, %y: tensor<f32>):\n"
    "    %s = stablehlo.add %x, %y : tensor<f32>\n"
    "    stablehlo.return %s : tensor<f32>\n"
    "  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : "
    "(tensor<2x3xf32>) -> tensor<2x3xf32>\n"
    "  return %0 : tensor<2x3xf32>\n"
    "}\n"
    "}\n";

static const float kRows[6] = {1, 2, 3, 4, 5, 6};

/* Both replicas in this process: process p's operand is (p + 1) * kRows,
 * the sum 3 * kRows on both. */
static void run_parallel(hlox_client *client) {
  hlox_error *error = NULL;
  hlox_executable *executable = compile(client, kReplicatedProgram, &error);
  CHECK(error == NULL && executable != NULL);
  if (!executable)
    return;
  float twice[6];
  for (int i = 0; i < 6; ++i)
    twice[i] = 2 * kRows[i];
  hlox_buffer *a = make_buffer(client, kRows, HLOX_HOST_BUFFER_COPY);
  hlox_buffer *b = make_buffer(client, twice, HLOX_HOST_BUFFER_COPY);
  hlox_buffer *results[2] = {NULL, NULL};
  hlox_parallel_process processes[2] = {{executable, &a, 1, &results[0]},
                                        {executable, &b, 1, &results[1]}};
  CHECK_OK(hlox_client_execute_parallel(client, processes, 2, 2, 1));
  for (int p = 0; p < 2; ++p) {
    if (!results[p])
      continue;
    float out[6];
    CHECK_OK(hlox_buffer_to_host(results[p], out, sizeof(out)));
    for (int i = 0; i < 6; ++i)
      CHECK(out[i] == 3 * kRows[i]);
    hlox_buffer_destroy(results[p]);
  }
  /* One process for a grid of two is an error. */
  error = hlox_client_execute_parallel(client, processes, 1, 2, 1);
  CHECK(error != NULL && hlox_error_get_code(error) == HLOX_INVALID_ARGUMENT);
  hlox_error_destroy(error);
  hlox_buffer_destroy(a);
  hlox_buffer_destroy(b);
  hlox_executable_destroy(executable);
}

/* One process of a 2-process job over Gloo: its own client, its operand
 * (id + 1) * kRows, the sum over the job. Returns the exit code: 0, 1 on
 * a failed check, 77 when hlox has no Gloo. */
static int run_gloo_process(const char *coordinator, int64_t id) {
  hlox_client_create_args client_args;
  memset(&client_args, 0, sizeof(client_args));
  client_args.struct_size = sizeof(client_args);
  client_args.num_threads = 1;
  hlox_client *client = NULL;
  CHECK_OK(hlox_client_create(&client_args, &client));
  if (!client)
    return 1;
  hlox_process_group *group = NULL;
  hlox_error *error =
      hlox_process_group_join_gloo(coordinator, 2, id, 30, &group);
  if (error) {
    int unimplemented = hlox_error_get_code(error) == HLOX_UNIMPLEMENTED;
    fprintf(stderr, "process %d: %s\n", (int)id, hlox_error_get_message(error));
    hlox_error_destroy(error);
    hlox_client_destroy(client);
    return unimplemented ? 77 : 1;
  }
  CHECK(hlox_process_group_index(group) == id);
  CHECK(hlox_process_group_size(group) == 2);
  hlox_executable *executable = compile(client, kReplicatedProgram, &error);
  CHECK(error == NULL && executable != NULL);
  float mine[6];
  for (int i = 0; i < 6; ++i)
    mine[i] = (float)(id + 1) * kRows[i];
  hlox_buffer *argument = make_buffer(client, mine, HLOX_HOST_BUFFER_COPY);
  hlox_buffer *result = NULL;
  hlox_event *done = NULL;
  hlox_execute_args args;
  memset(&args, 0, sizeof(args));
  args.struct_size = sizeof(args);
  args.executable = executable;
  args.arguments = &argument;
  args.num_arguments = 1;
  args.results = &result;
  args.done = &done;
  args.process_group = group;
  args.num_replicas = 2;
  args.num_partitions = 1;
  if (executable)
    CHECK_OK(hlox_executable_execute(&args));
  if (done) {
    CHECK_OK(hlox_event_wait(done));
    hlox_event_destroy(done);
    float out[6];
    CHECK_OK(hlox_buffer_to_host(result, out, sizeof(out)));
    for (int i = 0; i < 6; ++i)
      CHECK(out[i] == 3 * kRows[i]);
    hlox_buffer_destroy(result);
  }
  hlox_buffer_destroy(argument);
  hlox_executable_destroy(executable);
  hlox_process_group_destroy(group);
  hlox_client_destroy(client);
  return failures ? 1 : 0;
}

/* A free loopback port for the job's coordinator. */
static int free_port(void) {
  int fd = socket(AF_INET, SOCK_STREAM, 0);
  struct sockaddr_in address;
  memset(&address, 0, sizeof(address));
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t length = sizeof(address);
  int port = 0;
  if (fd >= 0 && bind(fd, (struct sockaddr *)&address, sizeof(address)) == 0 &&
      getsockname(fd, (struct sockaddr *)&address, &length) == 0)
    port = ntohs(address.sin_port);
  if (fd >= 0)
    close(fd);
  return port;
}

static void run_gloo_job(void) {
  char coordinator[32];
  snprintf(coordinator, sizeof(coordinator), "127.0.0.1:%d", free_port());
  pid_t children[2];
  for (int64_t id = 0; id < 2; ++id) {
    children[id] = fork();
    if (children[id] == 0)
      _exit(run_gloo_process(coordinator, id));
    CHECK(children[id] > 0);
  }
  int codes[2] = {-1, -1};
  for (int id = 0; id < 2; ++id) {
    int status = 0;
    if (children[id] > 0 && waitpid(children[id], &status, 0) == children[id] &&
        WIFEXITED(status))
      codes[id] = WEXITSTATUS(status);
  }
#ifdef HLOX_HAVE_GLOO
  CHECK(codes[0] == 0 && codes[1] == 0);
#else
  /* Built without Gloo: joining must say Unimplemented. */
  CHECK(codes[0] == 77 && codes[1] == 77);
#endif
}

int main(void) {
  CHECK(hlox_api_version() == HLOX_API_MAJOR * 1000 + HLOX_API_MINOR);
  /* Before any client exists: a forked process has none of its threads. */
  run_gloo_job();

  hlox_client_create_args client_args;
  memset(&client_args, 0, sizeof(client_args));
  client_args.struct_size = sizeof(client_args);
  client_args.num_threads = 2;
  client_args.executable_cache_size = 8;
  hlox_client *client = NULL;
  CHECK_OK(hlox_client_create(&client_args, &client));
  if (!client)
    return 1;
  CHECK(strcmp(hlox_client_platform_name(client), "hlox") == 0);
  CHECK(hlox_client_num_devices(client) == 1);
  CHECK(strcmp(hlox_client_device_name(client, 0), "cpu:0") == 0);
  CHECK(hlox_client_num_memory_spaces(client) == 1);
  CHECK(strcmp(hlox_client_memory_space_kind(client, 0), "host") == 0);

  hlox_error *error = NULL;
  hlox_executable *executable = compile(client, kProgram, &error);
  CHECK(error == NULL);
  if (!executable) {
    fprintf(stderr, "%s\n", hlox_error_get_message(error));
    return 1;
  }
  CHECK(hlox_executable_num_inputs(executable) == 2);
  CHECK(hlox_executable_num_outputs(executable) == 2);
  hlox_tensor_type input = hlox_executable_input_type(executable, 1);
  CHECK(input.element_type == HLOX_ELEMENT_F32 &&
        strcmp(input.element_name, "f32") == 0 && input.rank == 2 &&
        input.dims[1] == 3);
  hlox_tensor_type output = hlox_executable_output_type(executable, 1);
  CHECK(output.element_type == HLOX_ELEMENT_S32 && output.rank == 0);

  hlox_cost_report report;
  memset(&report, 0, sizeof(report));
  report.struct_size = sizeof(report);
  CHECK_OK(hlox_executable_cost_report(executable, &report));
  CHECK(report.argument_bytes == 48 && report.result_bytes == 28);
  CHECK(report.dispatches >= 1 && report.workspace_bytes >= 0);

  /* Copied and borrowed (aligned) arguments. */
  static float x[6] __attribute__((aligned(64))) = {1, 2, 3, 4, 5, 6};
  static float y[6] __attribute__((aligned(64))) = {0.5f, 1, 1.5f, 2, 2.5f, 3};
  hlox_buffer *a = make_buffer(client, x, HLOX_HOST_BUFFER_COPY);
  CHECK(released == 1); /* copied: released at once */
  hlox_buffer *b = make_buffer(client, y, HLOX_HOST_BUFFER_ZERO_COPY);
  CHECK(released == 1); /* borrowed: until the buffer goes */
  CHECK(hlox_buffer_memory_space(a) == 0);
  run_and_check(executable, a, b, x, y);

  /* The same program again comes from the executable cache; a serialized
   * executable compiles back to the same behaviour. */
  hlox_executable *again = compile(client, kProgram, &error);
  CHECK(error == NULL && again != NULL);
  char *bytes = NULL;
  size_t size = 0;
  CHECK_OK(hlox_executable_serialize(executable, &bytes, &size));
  hlox_executable *restored = NULL;
  CHECK_OK(hlox_client_deserialize_executable(client, bytes, size, &restored));
  free(bytes);
  if (restored)
    run_and_check(restored, a, b, x, y);

  /* Bad calls: a clear error code and message, never a crash. */
  hlox_buffer *one[1] = {a};
  hlox_buffer *results[2];
  hlox_execute_args wrong;
  memset(&wrong, 0, sizeof(wrong));
  wrong.struct_size = HLOX_EXECUTE_ARGS_SIZE_V0_1;
  wrong.executable = executable;
  wrong.arguments = one;
  wrong.num_arguments = 1;
  wrong.results = results;
  error = hlox_executable_execute(&wrong);
  CHECK(hlox_error_get_code(error) == HLOX_INVALID_ARGUMENT);
  CHECK(strstr(hlox_error_get_message(error), "takes 2 arguments, got 1"));
  hlox_error_destroy(error);
  wrong.struct_size = 4;
  error = hlox_executable_execute(&wrong);
  CHECK(hlox_error_get_code(error) == HLOX_INVALID_ARGUMENT);
  hlox_error_destroy(error);

  hlox_executable *bad =
      compile(client,
              "func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {\n"
              "  %0 = stablehlo.add %a, %a : tensor<3xf32>\n"
              "  return %0 : tensor<2xf32>\n"
              "}\n",
              &error);
  CHECK(bad == NULL);
  CHECK(hlox_error_get_code(error) == HLOX_COMPILE_ERROR);
  CHECK(strstr(hlox_error_get_message(error), "program:2:") != NULL);
  hlox_error_destroy(error);

  error = hlox_client_deserialize_executable(client, "nonsense", 8, &bad);
  CHECK(hlox_error_get_code(error) == HLOX_DATA_LOSS);
  hlox_error_destroy(error);

  check_version_0_2(client);
  run_sharded(client);
  run_parallel(client);

  hlox_buffer_destroy(a);
  hlox_buffer_destroy(b);
  hlox_executable_destroy(restored);
  hlox_executable_destroy(again);
  hlox_executable_destroy(executable);
  hlox_client_destroy(client);
  /* Every buffer's memory has been given back (two, the copied one of
   * check_version_0_2, the two of run_sharded and of run_parallel). */
  CHECK(released == 7);
  if (failures)
    fprintf(stderr, "%d checks failed\n", failures);
  else
    printf("c api: all checks passed\n");
  return failures ? 1 : 0;
}
