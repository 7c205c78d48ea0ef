//===- CApi.cpp - The C ABI over the C++ API -----------------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/api/Api.h"
#include "hlox/api/c_api.h"

#include <cstdlib>
#include <cstring>
#include <new>

using namespace hlox::api;

struct hlox_error {
  hlox_error_code code;
  std::string message;
};

struct hlox_client {
  std::shared_ptr<Client> client;
  std::string version;
};

struct hlox_executable {
  std::shared_ptr<Executable> executable;
};

struct hlox_buffer {
  std::shared_ptr<Buffer> buffer;
};

struct hlox_event {
  Event event;
};

struct hlox_process_group {
  std::shared_ptr<ProcessGroup> group;
};

namespace {

hlox_error *makeError(const Status &status) {
  if (status.ok())
    return nullptr;
  return new hlox_error{static_cast<hlox_error_code>(status.getCode()),
                        status.getMessage()};
}

hlox_error *invalid(const std::string &message) {
  return new hlox_error{HLOX_INVALID_ARGUMENT, message};
}

/// Copies the first `size` bytes of `given` over a default-initialized T,
/// so that fields an older caller does not know keep their defaults.
template <typename T>
bool readArgs(const T *given, size_t minimumSize, T &out) {
  if (!given || given->struct_size < minimumSize)
    return false;
  std::memcpy(&out, given, std::min(given->struct_size, sizeof(T)));
  return true;
}

hlox_tensor_type toC(const TensorType &type) {
  return {static_cast<hlox_element_type>(type.elementType),
          type.elementName.c_str(), type.shape.size(), type.shape.data()};
}

} // namespace

extern "C" {

int hlox_api_version(void) { return HLOX_API_MAJOR * 1000 + HLOX_API_MINOR; }

hlox_error_code hlox_error_get_code(const hlox_error *error) {
  return error ? error->code : HLOX_OK;
}

const char *hlox_error_get_message(const hlox_error *error) {
  return error ? error->message.c_str() : "";
}

void hlox_error_destroy(hlox_error *error) { delete error; }

hlox_error *hlox_event_wait(hlox_event *event) {
  if (!event)
    return invalid("hlox_event_wait: null event");
  return makeError(event->event.wait());
}

int hlox_event_is_ready(hlox_event *event) {
  return event && event->event.isReady() ? 1 : 0;
}

void hlox_event_destroy(hlox_event *event) { delete event; }

hlox_error *hlox_client_create(const hlox_client_create_args *args,
                               hlox_client **client) {
  hlox_client_create_args given{};
  given.executable_cache_size = ClientOptions().executableCacheSize;
  if (!client)
    return invalid("hlox_client_create: null output");
  if (args && !readArgs(args,
                        offsetof(hlox_client_create_args, num_threads) +
                            sizeof(unsigned),
                        given))
    return invalid("hlox_client_create: struct_size too small");
  ClientOptions options;
  options.numThreads = given.num_threads;
  options.executableCacheSize = given.executable_cache_size;
  StatusOr<std::shared_ptr<Client>> created = Client::create(options);
  if (!created.ok())
    return makeError(created.getStatus());
  *client = new hlox_client{*created, (*created)->getPlatformVersion()};
  return nullptr;
}

void hlox_client_destroy(hlox_client *client) { delete client; }

const char *hlox_client_platform_name(hlox_client *) { return "hlox"; }

const char *hlox_client_platform_version(hlox_client *client) {
  return client ? client->version.c_str() : "";
}

size_t hlox_client_num_devices(hlox_client *client) {
  return client ? client->client->getDevices().size() : 0;
}

const char *hlox_client_device_name(hlox_client *client, size_t device) {
  if (!client || device >= client->client->getDevices().size())
    return "";
  return client->client->getDevices()[device].name.c_str();
}

size_t hlox_client_num_memory_spaces(hlox_client *client) {
  return client ? client->client->getMemorySpaces().size() : 0;
}

const char *hlox_client_memory_space_kind(hlox_client *client,
                                          size_t memorySpace) {
  if (!client || memorySpace >= client->client->getMemorySpaces().size())
    return "";
  return client->client->getMemorySpaces()[memorySpace].kind.c_str();
}

size_t hlox_buffer_memory_space(hlox_buffer *buffer) {
  return buffer ? static_cast<size_t>(buffer->buffer->getMemorySpaceId()) : 0;
}

hlox_error *hlox_client_compile(hlox_client *client,
                                const hlox_compile_args *args,
                                hlox_executable **executable) {
  hlox_compile_args given{};
  if (!client || !executable)
    return invalid("hlox_client_compile: null client or output");
  if (!readArgs(args, HLOX_COMPILE_ARGS_SIZE_V0_1, given))
    return invalid("hlox_client_compile: null args or struct_size too small");
  if (!given.program && given.program_size)
    return invalid("hlox_client_compile: null program");
  CompileOptions options;
  if (given.entry)
    options.entry = given.entry;
  options.strictNumerics = given.strict_numerics != 0;
  if (given.target_cpu)
    options.targetCpu = given.target_cpu;
  if (given.target_features)
    options.targetFeatures = given.target_features;
  switch (given.fp_contract) {
  case HLOX_FP_CONTRACT_DEFAULT:
    break;
  case HLOX_FP_CONTRACT_OFF:
    options.fpContract = FpContract::Off;
    break;
  case HLOX_FP_CONTRACT_ELEMENTWISE:
    options.fpContract = FpContract::Elementwise;
    break;
  case HLOX_FP_CONTRACT_ALL:
    options.fpContract = FpContract::All;
    break;
  }
  if (given.fp_contract < HLOX_FP_CONTRACT_DEFAULT ||
      given.fp_contract > HLOX_FP_CONTRACT_ALL)
    return invalid("hlox_client_compile: unknown fp_contract " +
                   std::to_string(static_cast<int>(given.fp_contract)));
  options.libraryCalls = given.no_library_calls == 0;
  if (given.num_plugins && !given.plugins)
    return invalid("hlox_client_compile: null plugins");
  for (size_t i = 0; i < given.num_plugins; ++i) {
    if (!given.plugins[i])
      return invalid("hlox_client_compile: plugin " + std::to_string(i) +
                     " is null");
    options.plugins.push_back(given.plugins[i]);
  }
  StatusOr<std::shared_ptr<Executable>> compiled = client->client->compile(
      std::string_view(given.program ? given.program : "", given.program_size),
      options);
  if (!compiled.ok())
    return makeError(compiled.getStatus());
  *executable = new hlox_executable{*compiled};
  return nullptr;
}

hlox_error *hlox_client_deserialize_executable(hlox_client *client,
                                               const char *bytes, size_t size,
                                               hlox_executable **executable) {
  if (!client || !executable || (!bytes && size))
    return invalid("hlox_client_deserialize_executable: null argument");
  StatusOr<std::shared_ptr<Executable>> loaded =
      client->client->deserializeExecutable(
          std::string_view(bytes ? bytes : "", size));
  if (!loaded.ok())
    return makeError(loaded.getStatus());
  *executable = new hlox_executable{*loaded};
  return nullptr;
}

void hlox_executable_destroy(hlox_executable *executable) { delete executable; }

size_t hlox_executable_num_inputs(hlox_executable *executable) {
  return executable ? executable->executable->getInputTypes().size() : 0;
}

size_t hlox_executable_num_outputs(hlox_executable *executable) {
  return executable ? executable->executable->getOutputTypes().size() : 0;
}

hlox_tensor_type hlox_executable_input_type(hlox_executable *executable,
                                            size_t index) {
  if (!executable || index >= executable->executable->getInputTypes().size())
    return {HLOX_ELEMENT_OTHER, "", 0, nullptr};
  return toC(executable->executable->getInputTypes()[index]);
}

hlox_tensor_type hlox_executable_output_type(hlox_executable *executable,
                                             size_t index) {
  if (!executable || index >= executable->executable->getOutputTypes().size())
    return {HLOX_ELEMENT_OTHER, "", 0, nullptr};
  return toC(executable->executable->getOutputTypes()[index]);
}

hlox_error *hlox_executable_cost_report(hlox_executable *executable,
                                        hlox_cost_report *report) {
  if (!executable || !report ||
      report->struct_size < HLOX_COST_REPORT_SIZE_V0_1)
    return invalid("hlox_executable_cost_report: null argument or "
                   "struct_size too small");
  CostReport cost = executable->executable->getCostReport();
  hlox_cost_report full{};
  full.struct_size = report->struct_size;
  full.workspace_bytes = cost.workspaceBytes;
  full.constant_bytes = cost.constantBytes;
  full.argument_bytes = cost.argumentBytes;
  full.result_bytes = cost.resultBytes;
  full.kernels = cost.kernels;
  full.dispatches = cost.dispatches;
  full.flops = cost.flops;
  std::memcpy(report, &full, std::min(report->struct_size, sizeof(full)));
  return nullptr;
}

hlox_error *hlox_executable_serialize(hlox_executable *executable, char **bytes,
                                      size_t *size) {
  if (!executable || !bytes || !size)
    return invalid("hlox_executable_serialize: null argument");
  std::string serialized = executable->executable->serialize();
  *bytes = static_cast<char *>(std::malloc(serialized.size() + 1));
  if (!*bytes)
    return new hlox_error{HLOX_EXECUTION_ERROR, "out of memory"};
  std::memcpy(*bytes, serialized.data(), serialized.size());
  (*bytes)[serialized.size()] = '\0';
  *size = serialized.size();
  return nullptr;
}

hlox_error *hlox_buffer_from_host(const hlox_buffer_from_host_args *args,
                                  hlox_buffer **buffer) {
  hlox_buffer_from_host_args given{};
  if (!buffer)
    return invalid("hlox_buffer_from_host: null output");
  if (!readArgs(args, HLOX_BUFFER_FROM_HOST_ARGS_SIZE_V0_1, given))
    return invalid("hlox_buffer_from_host: null args or struct_size too "
                   "small");
  if (!given.client)
    return invalid("hlox_buffer_from_host: null client");
  if (given.rank && !given.dims)
    return invalid("hlox_buffer_from_host: null dims");
  std::vector<int64_t> shape(given.dims, given.dims + given.rank);
  std::function<void()> onRelease;
  if (given.on_release)
    onRelease = [callback = given.on_release, user = given.user_data] {
      callback(user);
    };
  StatusOr<std::shared_ptr<Buffer>> made = given.client->client->bufferFromHost(
      given.data, static_cast<ElementType>(given.element_type),
      std::move(shape),
      given.semantics == HLOX_HOST_BUFFER_ZERO_COPY
          ? HostBufferSemantics::ZeroCopy
          : HostBufferSemantics::Copy,
      std::move(onRelease), static_cast<int>(given.device));
  if (!made.ok())
    return makeError(made.getStatus());
  *buffer = new hlox_buffer{*made};
  return nullptr;
}

void hlox_buffer_destroy(hlox_buffer *buffer) { delete buffer; }

hlox_tensor_type hlox_buffer_type(hlox_buffer *buffer) {
  if (!buffer)
    return {HLOX_ELEMENT_OTHER, "", 0, nullptr};
  return toC(buffer->buffer->getType());
}

size_t hlox_buffer_byte_size(hlox_buffer *buffer) {
  return buffer ? buffer->buffer->getType().getByteSize() : 0;
}

hlox_event *hlox_buffer_ready_event(hlox_buffer *buffer) {
  if (!buffer)
    return nullptr;
  return new hlox_event{buffer->buffer->getReadyEvent()};
}

hlox_error *hlox_buffer_to_host(hlox_buffer *buffer, void *destination,
                                size_t size) {
  if (!buffer || (!destination && size))
    return invalid("hlox_buffer_to_host: null argument");
  return makeError(buffer->buffer->toHost(destination, size));
}

hlox_error *hlox_executable_execute(const hlox_execute_args *args) {
  hlox_execute_args given{};
  if (!readArgs(args, HLOX_EXECUTE_ARGS_SIZE_V0_1, given))
    return invalid("hlox_executable_execute: null args or struct_size too "
                   "small");
  if (!given.executable || !given.results ||
      (given.num_arguments && !given.arguments))
    return invalid("hlox_executable_execute: null executable, arguments or "
                   "results");
  std::vector<std::shared_ptr<Buffer>> arguments;
  for (size_t i = 0; i < given.num_arguments; ++i) {
    if (!given.arguments[i])
      return invalid("hlox_executable_execute: argument " + std::to_string(i) +
                     " is null");
    arguments.push_back(given.arguments[i]->buffer);
  }
  ExecuteOptions options;
  options.deviceId = static_cast<int>(given.device);
  if (given.donate)
    for (size_t i = 0; i < given.num_arguments; ++i)
      options.donate.push_back(given.donate[i] != 0);
  if (given.process_group) {
    options.processGroup = given.process_group->group;
    options.numReplicas = given.num_replicas > 0 ? given.num_replicas : 1;
    options.numPartitions = given.num_partitions > 0 ? given.num_partitions : 1;
  }
  StatusOr<Executable::Execution> execution =
      given.executable->executable->executeAsync(arguments, options);
  if (!execution.ok())
    return makeError(execution.getStatus());
  for (size_t i = 0; i < execution->results.size(); ++i)
    given.results[i] = new hlox_buffer{execution->results[i]};
  if (given.done)
    *given.done = new hlox_event{execution->done};
  return nullptr;
}

size_t hlox_executable_num_devices(hlox_executable *executable) {
  return executable ? executable->executable->getNumDevices() : 0;
}

hlox_error *hlox_client_execute_sharded(hlox_client *client,
                                        hlox_executable *executable,
                                        hlox_buffer *const *arguments,
                                        size_t num_arguments,
                                        hlox_buffer **results) {
  if (!client || !executable || !results || (num_arguments && !arguments))
    return invalid("hlox_client_execute_sharded: null client, executable, "
                   "arguments or results");
  std::vector<std::shared_ptr<Buffer>> buffers;
  for (size_t i = 0; i < num_arguments; ++i) {
    if (!arguments[i])
      return invalid("hlox_client_execute_sharded: argument " +
                     std::to_string(i) + " is null");
    buffers.push_back(arguments[i]->buffer);
  }
  StatusOr<Client::ShardedExecution> execution =
      client->client->executeSharded(executable->executable, buffers);
  if (!execution.ok())
    return makeError(execution.getStatus());
  for (size_t i = 0; i < execution->results.size(); ++i)
    results[i] = new hlox_buffer{execution->results[i]};
  return nullptr;
}

hlox_error *hlox_process_group_join_mpi(double timeout_seconds,
                                        hlox_process_group **group) {
  if (!group)
    return invalid("hlox_process_group_join_mpi: null group");
  StatusOr<std::shared_ptr<ProcessGroup>> joined =
      ProcessGroup::joinMpi(timeout_seconds);
  if (!joined.ok())
    return makeError(joined.getStatus());
  *group = new hlox_process_group{*joined};
  return nullptr;
}

hlox_error *hlox_process_group_join_gloo(const char *coordinator,
                                         int64_t num_processes,
                                         int64_t process_id,
                                         double timeout_seconds,
                                         hlox_process_group **group) {
  if (!group || !coordinator)
    return invalid("hlox_process_group_join_gloo: null coordinator or group");
  StatusOr<std::shared_ptr<ProcessGroup>> joined = ProcessGroup::joinGloo(
      coordinator, num_processes, process_id, timeout_seconds);
  if (!joined.ok())
    return makeError(joined.getStatus());
  *group = new hlox_process_group{*joined};
  return nullptr;
}

int64_t hlox_process_group_index(hlox_process_group *group) {
  return group ? group->group->getProcessIndex() : -1;
}

int64_t hlox_process_group_size(hlox_process_group *group) {
  return group ? group->group->getNumProcesses() : 0;
}

void hlox_process_group_destroy(hlox_process_group *group) { delete group; }

hlox_error *hlox_client_execute_parallel(hlox_client *client,
                                         const hlox_parallel_process *processes,
                                         size_t num_processes,
                                         int64_t num_replicas,
                                         int64_t num_partitions) {
  if (!client || (num_processes && !processes))
    return invalid("hlox_client_execute_parallel: null client or processes");
  std::vector<Client::ParallelProcess> launches;
  for (size_t p = 0; p < num_processes; ++p) {
    const hlox_parallel_process &process = processes[p];
    if (!process.executable || !process.results ||
        (process.num_arguments && !process.arguments))
      return invalid("hlox_client_execute_parallel: process " +
                     std::to_string(p) +
                     " has a null executable, arguments or results");
    Client::ParallelProcess launch;
    launch.executable = process.executable->executable;
    for (size_t i = 0; i < process.num_arguments; ++i) {
      if (!process.arguments[i])
        return invalid("hlox_client_execute_parallel: argument " +
                       std::to_string(i) + " of process " + std::to_string(p) +
                       " is null");
      launch.arguments.push_back(process.arguments[i]->buffer);
    }
    launches.push_back(std::move(launch));
  }
  Client::ParallelOptions options;
  options.numReplicas = num_replicas > 0 ? num_replicas : 1;
  options.numPartitions = num_partitions > 0 ? num_partitions : 1;
  StatusOr<Client::ParallelExecution> execution =
      client->client->executeParallel(launches, options);
  if (!execution.ok())
    return makeError(execution.getStatus());
  for (size_t p = 0; p < num_processes; ++p)
    for (size_t i = 0; i < execution->results[p].size(); ++i)
      processes[p].results[i] = new hlox_buffer{execution->results[p][i]};
  return nullptr;
}

} // extern "C"
