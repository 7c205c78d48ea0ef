/*===- c_api.h - hlox's C ABI --------------------------------------------===*
 * SPDX-License-Identifier: Apache-2.0
 *===----------------------------------------------------------------------===*
 *
 * A stable C interface to hlox, shaped like PJRT's: clients, executables,
 * buffers, events and errors are opaque handles; every function that can
 * fail returns an hlox_error* (NULL on success) and its results through out
 * parameters; every arguments struct starts with `struct_size`.
 *
 * Versions. HLOX_API_MAJOR changes when a function, struct field or enum
 * value is removed or changes meaning; programs built against another
 * major version must not use the library (hlox_api_version() tells).
 * HLOX_API_MINOR grows when something is added: functions, enum values,
 * and fields at the end of an arguments struct. A caller sets struct_size
 * to the sizeof its header knows; the library reads only the fields that
 * size covers and takes the defaults for the rest, so a program built
 * against an older minor version keeps working. A struct_size smaller
 * than the first version of the struct is an error.
 *
 * Ownership. Every handle a function gives out is owned by the caller and
 * released with its destroy function, once. Destroying a client, an
 * executable or a buffer releases the caller's reference: objects that
 * others use stay alive as long as they do (an execution in flight keeps
 * its executable, its arguments and the client). Strings and arrays
 * returned by accessors stay valid as long as the handle they came from.
 *
 * Threads. Every function may be called from any thread, on any handle,
 * concurrently, except a handle's destroy function, which must be the
 * last use of that handle. Executions on one device run one after the
 * other in submission order.
 *
 *===----------------------------------------------------------------------===*/

#ifndef HLOX_API_C_API_H
#define HLOX_API_C_API_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define HLOX_API_MAJOR 0
#define HLOX_API_MINOR 4

/* The version of the library loaded: major * 1000 + minor. */
int hlox_api_version(void);

/*===------------------------------------------------------------------===*
 * Errors
 *===------------------------------------------------------------------===*/

typedef enum {
  HLOX_OK = 0,
  HLOX_INVALID_ARGUMENT = 1,
  HLOX_COMPILE_ERROR = 2,
  HLOX_EXECUTION_ERROR = 3,
  HLOX_UNIMPLEMENTED = 4,
  HLOX_DATA_LOSS = 5,
} hlox_error_code;

typedef struct hlox_error hlox_error;

hlox_error_code hlox_error_get_code(const hlox_error *error);
/* The message: for compile errors, the compiler's located diagnostics
 * ("program:3:8: error: ..."). Valid until the error is destroyed. */
const char *hlox_error_get_message(const hlox_error *error);
void hlox_error_destroy(hlox_error *error);

/*===------------------------------------------------------------------===*
 * Types
 *===------------------------------------------------------------------===*/

typedef enum {
  HLOX_ELEMENT_OTHER = 0,
  HLOX_ELEMENT_PRED = 1,
  HLOX_ELEMENT_S8 = 2,
  HLOX_ELEMENT_S16 = 3,
  HLOX_ELEMENT_S32 = 4,
  HLOX_ELEMENT_S64 = 5,
  HLOX_ELEMENT_U8 = 6,
  HLOX_ELEMENT_U16 = 7,
  HLOX_ELEMENT_U32 = 8,
  HLOX_ELEMENT_U64 = 9,
  HLOX_ELEMENT_F16 = 10,
  HLOX_ELEMENT_BF16 = 11,
  HLOX_ELEMENT_F32 = 12,
  HLOX_ELEMENT_F64 = 13,
  HLOX_ELEMENT_C64 = 14,
  HLOX_ELEMENT_C128 = 15,
} hlox_element_type;

/* An array type as an accessor returns it: valid as long as its handle. */
typedef struct {
  hlox_element_type element_type;
  /* The StableHLO spelling ("f32", "i4", "f8E4M3FN", ...). */
  const char *element_name;
  size_t rank;
  /* rank dimensions; -1 for a dynamic one. */
  const int64_t *dims;
} hlox_tensor_type;

/*===------------------------------------------------------------------===*
 * Events
 *===------------------------------------------------------------------===*/

typedef struct hlox_event hlox_event;

/* Blocks until the event completes; NULL, or the error it completed with
 * (owned by the caller). */
hlox_error *hlox_event_wait(hlox_event *event);
int hlox_event_is_ready(hlox_event *event);
void hlox_event_destroy(hlox_event *event);

/*===------------------------------------------------------------------===*
 * Clients and devices
 *===------------------------------------------------------------------===*/

typedef struct hlox_client hlox_client;

typedef struct {
  size_t struct_size;
  /* Threads of the CPU device; 0: one per hardware thread. */
  unsigned num_threads;
  /* Most executables the client's cache keeps; 0 turns the cache off. The
   * default (this field not covered by struct_size) is 64. */
  size_t executable_cache_size;
} hlox_client_create_args;
#define HLOX_CLIENT_CREATE_ARGS_SIZE_V0_1                                      \
  (offsetof(hlox_client_create_args, executable_cache_size) + sizeof(size_t))

hlox_error *hlox_client_create(const hlox_client_create_args *args,
                               hlox_client **client);
void hlox_client_destroy(hlox_client *client);
/* "hlox"; the version of the compiler. Valid as long as the client. */
const char *hlox_client_platform_name(hlox_client *client);
const char *hlox_client_platform_version(hlox_client *client);
size_t hlox_client_num_devices(hlox_client *client);
/* "cpu:0". */
const char *hlox_client_device_name(hlox_client *client, size_t device);
/* The memory spaces (one: "host", which device 0 addresses). */
size_t hlox_client_num_memory_spaces(hlox_client *client);
const char *hlox_client_memory_space_kind(hlox_client *client,
                                          size_t memory_space);

/*===------------------------------------------------------------------===*
 * Compilation
 *===------------------------------------------------------------------===*/

typedef struct hlox_executable hlox_executable;

/* Which float multiplies and adds may fuse into FMAs (CompileOptions::
 * fpContract). */
typedef enum {
  /* Elementwise, or off with strict_numerics. */
  HLOX_FP_CONTRACT_DEFAULT = 0,
  HLOX_FP_CONTRACT_OFF = 1,
  HLOX_FP_CONTRACT_ELEMENTWISE = 2,
  HLOX_FP_CONTRACT_ALL = 3,
} hlox_fp_contract;

typedef struct {
  size_t struct_size;
  /* StableHLO text or MLIR bytecode (a portable artifact of any StableHLO
   * version from 0.9.0); `program_size` bytes, not NUL-terminated. */
  const char *program;
  size_t program_size;
  /* The function to compile; NULL: "main". */
  const char *entry;
  /* Nonzero: libm accuracy and the evaluator's summation order. */
  int strict_numerics;
  /* NULL or "host": this CPU; else an LLVM CPU name. */
  const char *target_cpu;
  /* NULL, or features added and removed ("+avx2,-avx512f"). */
  const char *target_features;
  /* Since 0.2. Which float multiply-adds may become FMAs. */
  hlox_fp_contract fp_contract;
  /* Since 0.2. Nonzero: no library calls for large contractions
   * (generated kernels only). */
  int no_library_calls;
  /* Since 0.2. Custom-call handler plugins (shared objects) to load first:
   * `num_plugins` paths. */
  const char *const *plugins;
  size_t num_plugins;
} hlox_compile_args;
#define HLOX_COMPILE_ARGS_SIZE_V0_1                                            \
  (offsetof(hlox_compile_args, target_features) + sizeof(const char *))

hlox_error *hlox_client_compile(hlox_client *client,
                                const hlox_compile_args *args,
                                hlox_executable **executable);
/* An executable from hlox_executable_serialize's bytes. */
hlox_error *hlox_client_deserialize_executable(hlox_client *client,
                                               const char *bytes, size_t size,
                                               hlox_executable **executable);
void hlox_executable_destroy(hlox_executable *executable);

size_t hlox_executable_num_inputs(hlox_executable *executable);
size_t hlox_executable_num_outputs(hlox_executable *executable);
hlox_tensor_type hlox_executable_input_type(hlox_executable *executable,
                                            size_t index);
hlox_tensor_type hlox_executable_output_type(hlox_executable *executable,
                                             size_t index);

typedef struct {
  size_t struct_size;
  /* Peak memory of intermediates per run (the arena). */
  int64_t workspace_bytes;
  int64_t constant_bytes;
  int64_t argument_bytes;
  int64_t result_bytes;
  int64_t kernels;
  int64_t dispatches;
  /* Since 0.2. Floating-point operations of the contractions per run (a
   * multiply-add counts two). */
  int64_t flops;
} hlox_cost_report;
#define HLOX_COST_REPORT_SIZE_V0_1                                             \
  (offsetof(hlox_cost_report, dispatches) + sizeof(int64_t))

/* Fills the fields `report->struct_size` covers. */
hlox_error *hlox_executable_cost_report(hlox_executable *executable,
                                        hlox_cost_report *report);

/* Bytes hlox_client_deserialize_executable takes; *bytes is malloc'ed
 * (release it with free). */
hlox_error *hlox_executable_serialize(hlox_executable *executable, char **bytes,
                                      size_t *size);

/*===------------------------------------------------------------------===*
 * Buffers
 *===------------------------------------------------------------------===*/

typedef struct hlox_buffer hlox_buffer;

typedef enum {
  /* The data is copied; the caller may reuse it at once. */
  HLOX_HOST_BUFFER_COPY = 0,
  /* Used in place when 64-byte aligned (else copied): the caller keeps the
   * memory alive and unchanged until `on_release` is called. */
  HLOX_HOST_BUFFER_ZERO_COPY = 1,
} hlox_host_buffer_semantics;

typedef struct {
  size_t struct_size;
  hlox_client *client;
  const void *data;
  hlox_element_type element_type;
  size_t rank;
  const int64_t *dims;
  hlox_host_buffer_semantics semantics;
  /* Called once the buffer no longer uses `data` (may be NULL). */
  void (*on_release)(void *user_data);
  void *user_data;
  size_t device;
} hlox_buffer_from_host_args;
#define HLOX_BUFFER_FROM_HOST_ARGS_SIZE_V0_1                                   \
  (offsetof(hlox_buffer_from_host_args, device) + sizeof(size_t))

hlox_error *hlox_buffer_from_host(const hlox_buffer_from_host_args *args,
                                  hlox_buffer **buffer);
void hlox_buffer_destroy(hlox_buffer *buffer);
hlox_tensor_type hlox_buffer_type(hlox_buffer *buffer);
/* The memory space the buffer's contents are in. */
size_t hlox_buffer_memory_space(hlox_buffer *buffer);
size_t hlox_buffer_byte_size(hlox_buffer *buffer);
/* Completes when the contents are there. Owned by the caller. */
hlox_event *hlox_buffer_ready_event(hlox_buffer *buffer);
/* Waits for the contents, then copies them (`size` must be the byte
 * size). */
hlox_error *hlox_buffer_to_host(hlox_buffer *buffer, void *destination,
                                size_t size);

/*===------------------------------------------------------------------===*
 * Process groups (since 0.4)
 *===------------------------------------------------------------------===*/

/* The processes of a multi-process job that run one program's grid
 * together, one grid process each (process index = device index, replica
 * * partitions + partition), their collectives over a collective library
 * (ProcessGroup in Api.h). A collective that waits longer than
 * `timeout_seconds` fails: a deadlock, or a process that stopped. */
typedef struct hlox_process_group hlox_process_group;

/* Joins the processes `mpirun` started (process index = MPI rank).
 * HLOX_UNIMPLEMENTED when hlox was built without MPI. */
hlox_error *hlox_process_group_join_mpi(double timeout_seconds,
                                        hlox_process_group **group);
/* Joins a job of `num_processes` processes started on their own, as
 * process `process_id`, meeting at `coordinator` ("host:port"; process 0
 * serves it), their collectives over Gloo's TCP connections; when a
 * process dies the others' collectives fail at once. HLOX_UNIMPLEMENTED
 * when hlox was built without Gloo. */
hlox_error *hlox_process_group_join_gloo(const char *coordinator,
                                         int64_t num_processes,
                                         int64_t process_id,
                                         double timeout_seconds,
                                         hlox_process_group **group);
int64_t hlox_process_group_index(hlox_process_group *group);
int64_t hlox_process_group_size(hlox_process_group *group);
/* Executions using the group keep it alive until they finish. */
void hlox_process_group_destroy(hlox_process_group *group);

/*===------------------------------------------------------------------===*
 * Execution
 *===------------------------------------------------------------------===*/

typedef struct {
  size_t struct_size;
  hlox_executable *executable;
  hlox_buffer *const *arguments;
  size_t num_arguments;
  /* hlox_executable_num_outputs(executable) handles are stored here, owned
   * by the caller; they are ready when `done` is. */
  hlox_buffer **results;
  /* If not NULL, receives an event (owned by the caller) that completes
   * when the execution has finished. */
  hlox_event **done;
  size_t device;
  /* Since 0.2. NULL, or `num_arguments` flags: a nonzero one donates that
   * argument (CompileReport::donationResults names the result that may
   * take its memory). A donated buffer is deleted: any later use of it is
   * an error; borrowed buffers cannot be donated. */
  const int *donate;
  /* Since 0.4. NULL, or the multi-process job this process runs its share
   * of: process hlox_process_group_index(process_group) of the
   * num_replicas x num_partitions grid (as many processes as the group
   * has), its collectives over the group's library. NULL runs the 1x1
   * grid; the grid's sizes are read only with a group. */
  hlox_process_group *process_group;
  int64_t num_replicas;
  int64_t num_partitions;
} hlox_execute_args;
#define HLOX_EXECUTE_ARGS_SIZE_V0_1                                            \
  (offsetof(hlox_execute_args, device) + sizeof(size_t))

/* Submits an execution and returns at once. Argument errors are returned
 * here; a run's error (a failed test assertion, a `check` op, among them)
 * completes `done` and the results' events. */
hlox_error *hlox_executable_execute(const hlox_execute_args *args);

/* Since 0.3. A program sharded over a mesh of several devices is
 * partitioned when compiled: the number of its devices (1 for a program
 * that is not sharded). Its input and output types are then one device's
 * shards. */
size_t hlox_executable_num_devices(hlox_executable *executable);

/* Since 0.3. Runs a partitioned executable on global arguments
 * (Client::executeSharded): each split into the devices' shards, the
 * devices run at once, the global results put together. Returns when the
 * run has finished: `results` receives hlox_executable_num_outputs handles,
 * owned by the caller. An executable of one device runs as
 * hlox_executable_execute would, waited for. */
hlox_error *hlox_client_execute_sharded(hlox_client *client,
                                        hlox_executable *executable,
                                        hlox_buffer *const *arguments,
                                        size_t num_arguments,
                                        hlox_buffer **results);

/* Since 0.4. One process of a grid run in this process. */
typedef struct {
  hlox_executable *executable;
  hlox_buffer *const *arguments;
  size_t num_arguments;
  /* hlox_executable_num_outputs(executable) handles are stored here, owned
   * by the caller. */
  hlox_buffer **results;
} hlox_parallel_process;

/* Since 0.4. Runs processes[r * num_partitions + p] as process (replica r,
 * partition p) of the grid, concurrently, each on a CPU device of its own
 * with its share of the host's threads, their collectives meeting in this
 * process (Client::executeParallel). Returns when every process has
 * finished: the results, or the first error (a process that fails makes
 * the others' collectives fail; a deadlock is an error). */
hlox_error *hlox_client_execute_parallel(hlox_client *client,
                                         const hlox_parallel_process *processes,
                                         size_t num_processes,
                                         int64_t num_replicas,
                                         int64_t num_partitions);

#ifdef __cplusplus
}
#endif

#endif /* HLOX_API_C_API_H */
