//===- HloxModule.cpp - The hlox Python extension (_hlox) ----------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// pybind11 bindings of the C++ API: a Client, compile, executables called
// on numpy arrays, buffers that speak the buffer protocol and DLPack. The
// Python-facing conveniences (hlox.compile, hlox.devices) are in
// hlox/__init__.py.
//
//===----------------------------------------------------------------------===//

#include "hlox/api/Api.h"

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstring>

namespace py = pybind11;
using namespace hlox::api;

namespace {

//===----------------------------------------------------------------------===//
// DLPack (the ABI of dlpack.h, version 0.8: the structs a capsule holds)
//===----------------------------------------------------------------------===//

struct DLDevice {
  int32_t device_type;
  int32_t device_id;
};
struct DLDataType {
  uint8_t code;
  uint8_t bits;
  uint16_t lanes;
};
struct DLTensor {
  void *data;
  DLDevice device;
  int32_t ndim;
  DLDataType dtype;
  int64_t *shape;
  int64_t *strides;
  uint64_t byte_offset;
};
struct DLManagedTensor {
  DLTensor dl_tensor;
  void *manager_ctx;
  void (*deleter)(DLManagedTensor *self);
};
constexpr int32_t kDLCPU = 1;
enum : uint8_t {
  kDLInt = 0,
  kDLUInt = 1,
  kDLFloat = 2,
  kDLBfloat = 4,
  kDLComplex = 5,
  kDLBool = 6
};

DLDataType toDLDataType(ElementType type) {
  uint8_t bits = static_cast<uint8_t>(getElementByteWidth(type) * 8);
  switch (type) {
  case ElementType::Pred:
    return {kDLBool, 8, 1};
  case ElementType::S8:
  case ElementType::S16:
  case ElementType::S32:
  case ElementType::S64:
    return {kDLInt, bits, 1};
  case ElementType::U8:
  case ElementType::U16:
  case ElementType::U32:
  case ElementType::U64:
    return {kDLUInt, bits, 1};
  case ElementType::F16:
  case ElementType::F32:
  case ElementType::F64:
    return {kDLFloat, bits, 1};
  case ElementType::BF16:
    return {kDLBfloat, 16, 1};
  case ElementType::C64:
  case ElementType::C128:
    return {kDLComplex, bits, 1};
  case ElementType::Other:
    break;
  }
  return {0, 0, 0};
}

std::optional<ElementType> fromDLDataType(DLDataType type) {
  if (type.lanes != 1)
    return std::nullopt;
  for (int i = 1; i <= static_cast<int>(ElementType::C128); ++i) {
    DLDataType candidate = toDLDataType(static_cast<ElementType>(i));
    if (candidate.code == type.code && candidate.bits == type.bits)
      return static_cast<ElementType>(i);
  }
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// numpy dtypes
//===----------------------------------------------------------------------===//

std::optional<ElementType> fromDtype(const py::dtype &dtype) {
  char kind = dtype.kind();
  size_t size = dtype.itemsize();
  switch (kind) {
  case 'b':
    return ElementType::Pred;
  case 'i':
    return size == 1   ? ElementType::S8
           : size == 2 ? ElementType::S16
           : size == 4 ? ElementType::S32
           : size == 8 ? std::optional(ElementType::S64)
                       : std::nullopt;
  case 'u':
    return size == 1   ? ElementType::U8
           : size == 2 ? ElementType::U16
           : size == 4 ? ElementType::U32
           : size == 8 ? std::optional(ElementType::U64)
                       : std::nullopt;
  case 'f':
    return size == 2   ? ElementType::F16
           : size == 4 ? ElementType::F32
           : size == 8 ? std::optional(ElementType::F64)
                       : std::nullopt;
  case 'c':
    return size == 8    ? ElementType::C64
           : size == 16 ? std::optional(ElementType::C128)
                        : std::nullopt;
  default:
    return std::nullopt;
  }
}

/// The numpy dtype of an element type; bf16 (which numpy lacks) as uint16
/// holding the bits.
py::dtype toDtype(ElementType type) {
  switch (type) {
  case ElementType::Pred:
    return py::dtype("bool");
  case ElementType::S8:
    return py::dtype("int8");
  case ElementType::S16:
    return py::dtype("int16");
  case ElementType::S32:
    return py::dtype("int32");
  case ElementType::S64:
    return py::dtype("int64");
  case ElementType::U8:
    return py::dtype("uint8");
  case ElementType::U16:
  case ElementType::BF16:
    return py::dtype("uint16");
  case ElementType::U32:
    return py::dtype("uint32");
  case ElementType::U64:
    return py::dtype("uint64");
  case ElementType::F16:
    return py::dtype("float16");
  case ElementType::F32:
    return py::dtype("float32");
  case ElementType::F64:
    return py::dtype("float64");
  case ElementType::C64:
    return py::dtype("complex64");
  case ElementType::C128:
    return py::dtype("complex128");
  case ElementType::Other:
    break;
  }
  throw py::type_error("no numpy dtype for this element type");
}

/// The buffer protocol's (PEP 3118) format of an element type.
std::string bufferFormat(ElementType type) {
  switch (type) {
  case ElementType::Pred:
    return "?";
  case ElementType::S8:
    return "b";
  case ElementType::U8:
    return "B";
  case ElementType::S16:
    return "h";
  case ElementType::U16:
  case ElementType::BF16:
    return "H";
  case ElementType::S32:
    return "i";
  case ElementType::U32:
    return "I";
  case ElementType::S64:
    return "q";
  case ElementType::U64:
    return "Q";
  case ElementType::F16:
    return "e";
  case ElementType::F32:
    return "f";
  case ElementType::F64:
    return "d";
  case ElementType::C64:
    return "Zf";
  case ElementType::C128:
    return "Zd";
  case ElementType::Other:
    break;
  }
  throw py::type_error("no buffer format for this element type");
}

//===----------------------------------------------------------------------===//
// Errors
//===----------------------------------------------------------------------===//

/// hlox.errors, held for the life of the process (a py::object would be
/// released by a static destructor, after the interpreter is gone).
py::handle errorModule;

[[noreturn]] void raise(const Status &status) {
  const char *name = "Error";
  switch (status.getCode()) {
  case ErrorCode::InvalidArgument:
    name = "InvalidArgumentError";
    break;
  case ErrorCode::CompileError:
    name = "CompileError";
    break;
  case ErrorCode::ExecutionError:
    name = "ExecutionError";
    break;
  case ErrorCode::Unimplemented:
    name = "UnimplementedError";
    break;
  case ErrorCode::DataLoss:
    name = "DataLossError";
    break;
  case ErrorCode::Ok:
    break;
  }
  py::object type = errorModule.attr(name);
  PyErr_SetString(type.ptr(), status.getMessage().c_str());
  throw py::error_already_set();
}

template <typename T> T unwrap(StatusOr<T> value) {
  if (!value.ok())
    raise(value.getStatus());
  return std::move(*value);
}

//===----------------------------------------------------------------------===//
// Buffers from Python objects
//===----------------------------------------------------------------------===//

/// Releases a Python reference from any thread.
std::function<void()> releaseLater(py::object object) {
  auto holder = std::make_shared<py::object>(std::move(object));
  return [holder]() mutable {
    if (!Py_IsInitialized())
      return;
    py::gil_scoped_acquire gil;
    *holder = py::object();
  };
}

std::shared_ptr<Buffer> fromDlpack(Client &client, py::capsule capsule) {
  auto *managed = static_cast<DLManagedTensor *>(
      PyCapsule_GetPointer(capsule.ptr(), "dltensor"));
  if (!managed)
    throw py::error_already_set();
  const DLTensor &tensor = managed->dl_tensor;
  if (tensor.device.device_type != kDLCPU)
    throw py::type_error("hlox takes DLPack tensors on the CPU");
  std::optional<ElementType> type = fromDLDataType(tensor.dtype);
  if (!type)
    throw py::type_error("unsupported DLPack data type");
  std::vector<int64_t> shape(tensor.shape, tensor.shape + tensor.ndim);
  if (tensor.strides) {
    int64_t expected = 1;
    for (int i = tensor.ndim - 1; i >= 0; --i) {
      if (shape[i] != 1 && tensor.strides[i] != expected)
        throw py::type_error("hlox takes dense row-major DLPack tensors");
      expected *= shape[i];
    }
  }
  // The capsule is consumed: the buffer owns the tensor until released.
  PyCapsule_SetName(capsule.ptr(), "used_dltensor");
  const void *data =
      static_cast<const char *>(tensor.data) + tensor.byte_offset;
  return unwrap(client.bufferFromHost(data, makeTensorType(*type, shape),
                                      HostBufferSemantics::ZeroCopy, [managed] {
                                        if (managed->deleter) {
                                          if (!Py_IsInitialized())
                                            return;
                                          py::gil_scoped_acquire gil;
                                          managed->deleter(managed);
                                        }
                                      }));
}

/// A buffer of `object`: an hlox buffer as it is; an object with
/// `__dlpack__`; anything numpy makes an array of (copied unless it is a
/// C-contiguous, aligned array, which is borrowed).
std::shared_ptr<Buffer> toBuffer(Client &client, py::handle object) {
  if (py::isinstance<Buffer>(object))
    return object.cast<std::shared_ptr<Buffer>>();
  if (!py::isinstance<py::array>(object) && py::hasattr(object, "__dlpack__"))
    return fromDlpack(client, object.attr("__dlpack__")());
  py::array array = py::array::ensure(object);
  if (!array)
    throw py::type_error("expected a numpy array, an object numpy makes one "
                         "of, a DLPack tensor or an hlox.Buffer");
  if (!(array.flags() & py::array::c_style))
    array = py::array::ensure(object, py::array::c_style);
  std::optional<ElementType> type = fromDtype(array.dtype());
  if (!type)
    throw py::type_error("unsupported dtype " +
                         py::str(array.dtype()).cast<std::string>());
  std::vector<int64_t> shape(array.shape(), array.shape() + array.ndim());
  return unwrap(client.bufferFromHost(
      array.data(), makeTensorType(*type, shape), HostBufferSemantics::ZeroCopy,
      releaseLater(array)));
}

py::tuple shapeOf(const TensorType &type) {
  py::tuple shape(type.shape.size());
  for (size_t i = 0; i < type.shape.size(); ++i)
    shape[i] = type.shape[i] < 0 ? py::object(py::none())
                                 : py::object(py::int_(type.shape[i]));
  return shape;
}

py::dict typeDict(const TensorType &type) {
  py::dict result;
  result["shape"] = shapeOf(type);
  result["element_type"] = type.elementName;
  if (type.elementType != ElementType::Other)
    result["dtype"] = toDtype(type.elementType);
  return result;
}

/// None for a value every device holds whole, else {"tiles": [...],
/// "device_tiles": [...]} (Sharding).
py::list shardingList(const std::vector<Sharding> &shardings) {
  py::list list;
  for (const Sharding &sharding : shardings) {
    if (sharding.isReplicated()) {
      list.append(py::none());
      continue;
    }
    py::dict entry;
    entry["tiles"] = sharding.tiles;
    entry["device_tiles"] = sharding.deviceTiles;
    list.append(entry);
  }
  return list;
}

} // namespace

PYBIND11_MODULE(_hlox, m) {
  m.doc() = "hlox: compile and run StableHLO programs on numpy arrays";
  errorModule = py::module_::import("hlox.errors").release();

  py::class_<Buffer, std::shared_ptr<Buffer>>(m, "Buffer",
                                              py::buffer_protocol())
      .def_buffer([](Buffer &buffer) {
        const TensorType &type = buffer.getType();
        const void *data;
        {
          py::gil_scoped_release nogil;
          StatusOr<const void *> pointer = buffer.getHostPointer();
          if (!pointer.ok()) {
            py::gil_scoped_acquire gil;
            raise(pointer.getStatus());
          }
          data = *pointer;
        }
        py::dtype dtype = toDtype(type.elementType);
        std::vector<py::ssize_t> shape(type.shape.begin(), type.shape.end());
        std::vector<py::ssize_t> strides(shape.size());
        py::ssize_t stride = dtype.itemsize();
        for (size_t i = shape.size(); i-- > 0;) {
          strides[i] = stride;
          stride *= shape[i];
        }
        return py::buffer_info(const_cast<void *>(data), dtype.itemsize(),
                               bufferFormat(type.elementType),
                               static_cast<py::ssize_t>(shape.size()), shape,
                               strides, /*readonly=*/true);
      })
      .def_property_readonly(
          "shape", [](Buffer &buffer) { return shapeOf(buffer.getType()); })
      .def_property_readonly(
          "dtype",
          [](Buffer &buffer) { return toDtype(buffer.getType().elementType); })
      .def_property_readonly(
          "element_type",
          [](Buffer &buffer) { return buffer.getType().elementName; })
      .def("is_ready",
           [](Buffer &buffer) { return buffer.getReadyEvent().isReady(); })
      .def("block_until_ready",
           [](std::shared_ptr<Buffer> buffer) {
             Status status;
             {
               py::gil_scoped_release nogil;
               status = buffer->getReadyEvent().wait();
             }
             if (!status.ok())
               raise(status);
             return buffer;
           })
      .def(
          "__array__",
          [](py::object self, py::object dtype, py::object copy) {
            py::array view(self);
            return dtype.is_none() ? view : view.attr("astype")(dtype);
          },
          py::arg("dtype") = py::none(), py::arg("copy") = py::none())
      .def("__dlpack_device__",
           [](Buffer &) { return py::make_tuple(kDLCPU, 0); })
      .def(
          "__dlpack__",
          [](std::shared_ptr<Buffer> buffer, py::object stream) {
            const void *data;
            {
              py::gil_scoped_release nogil;
              StatusOr<const void *> pointer = buffer->getHostPointer();
              if (!pointer.ok()) {
                py::gil_scoped_acquire gil;
                raise(pointer.getStatus());
              }
              data = *pointer;
            }
            struct Context {
              std::shared_ptr<Buffer> buffer;
              std::vector<int64_t> shape;
              DLManagedTensor managed;
            };
            auto *context = new Context{buffer, buffer->getType().shape, {}};
            DLTensor &tensor = context->managed.dl_tensor;
            tensor.data = const_cast<void *>(data);
            tensor.device = {kDLCPU, 0};
            tensor.ndim = static_cast<int32_t>(context->shape.size());
            tensor.dtype = toDLDataType(buffer->getType().elementType);
            tensor.shape = context->shape.data();
            tensor.strides = nullptr;
            tensor.byte_offset = 0;
            context->managed.manager_ctx = context;
            context->managed.deleter = [](DLManagedTensor *self) {
              delete static_cast<Context *>(self->manager_ctx);
            };
            return py::capsule(&context->managed, "dltensor", [](PyObject *o) {
              // Deleted here only if no consumer took it.
              if (PyCapsule_IsValid(o, "dltensor")) {
                auto *managed = static_cast<DLManagedTensor *>(
                    PyCapsule_GetPointer(o, "dltensor"));
                managed->deleter(managed);
              }
            });
          },
          py::arg("stream") = py::none())
      .def("__repr__", [](Buffer &buffer) {
        return "hlox.Buffer(" + buffer.getType().str() + ")";
      });

  py::class_<Executable, std::shared_ptr<Executable>>(m, "Executable")
      .def_property_readonly("name", &Executable::getName)
      .def_property_readonly("input_types",
                             [](Executable &exe) {
                               py::list types;
                               for (const TensorType &type :
                                    exe.getInputTypes())
                                 types.append(typeDict(type));
                               return types;
                             })
      .def_property_readonly("output_types",
                             [](Executable &exe) {
                               py::list types;
                               for (const TensorType &type :
                                    exe.getOutputTypes())
                                 types.append(typeDict(type));
                               return types;
                             })
      .def("cost_report",
           [](Executable &exe) {
             CostReport report = exe.getCostReport();
             py::dict result;
             result["workspace_bytes"] = report.workspaceBytes;
             result["workspace_bytes_without_reuse"] =
                 report.workspaceBytesWithoutReuse;
             result["constant_bytes"] = report.constantBytes;
             result["argument_bytes"] = report.argumentBytes;
             result["result_bytes"] = report.resultBytes;
             result["kernels"] = report.kernels;
             result["dispatches"] = report.dispatches;
             result["flops"] = report.flops;
             return result;
           })
      .def("serialize",
           [](Executable &exe) { return py::bytes(exe.serialize()); })
      .def_property_readonly("num_devices", &Executable::getNumDevices)
      .def_property_readonly(
          "input_shardings",
          [](Executable &exe) { return shardingList(exe.getInputShardings()); })
      .def_property_readonly("output_shardings", [](Executable &exe) {
        return shardingList(exe.getOutputShardings());
      });

  py::class_<ProcessGroup, std::shared_ptr<ProcessGroup>>(m, "ProcessGroup")
      .def_static(
          "join_mpi",
          [](double timeoutSeconds) {
            StatusOr<std::shared_ptr<ProcessGroup>> group = [&] {
              py::gil_scoped_release nogil;
              return ProcessGroup::joinMpi(timeoutSeconds);
            }();
            return unwrap(std::move(group));
          },
          py::arg("timeout_seconds") = 60.0)
      .def_static(
          "join_gloo",
          [](const std::string &coordinator, int64_t numProcesses,
             int64_t processId, double timeoutSeconds) {
            StatusOr<std::shared_ptr<ProcessGroup>> group = [&] {
              py::gil_scoped_release nogil;
              return ProcessGroup::joinGloo(coordinator, numProcesses,
                                            processId, timeoutSeconds);
            }();
            return unwrap(std::move(group));
          },
          py::arg("coordinator"), py::arg("num_processes"),
          py::arg("process_id"), py::arg("timeout_seconds") = 60.0)
      .def_property_readonly("process_index", &ProcessGroup::getProcessIndex)
      .def_property_readonly("num_processes", &ProcessGroup::getNumProcesses);

  py::class_<Client, std::shared_ptr<Client>>(m, "Client")
      .def(py::init([](unsigned numThreads) {
             ClientOptions options;
             options.numThreads = numThreads;
             return unwrap(Client::create(options));
           }),
           py::arg("num_threads") = 0)
      .def_property_readonly("platform_version", &Client::getPlatformVersion)
      .def("devices",
           [](Client &client) {
             py::list devices;
             for (const DeviceInfo &device : client.getDevices()) {
               py::dict info;
               info["id"] = device.id;
               info["kind"] = device.kind;
               info["name"] = device.name;
               info["num_threads"] = device.numThreads;
               devices.append(info);
             }
             return devices;
           })
      .def("memory_spaces",
           [](Client &client) {
             py::list spaces;
             for (const MemorySpaceInfo &space : client.getMemorySpaces()) {
               py::dict info;
               info["id"] = space.id;
               info["kind"] = space.kind;
               info["devices"] = space.devices;
               spaces.append(info);
             }
             return spaces;
           })
      .def(
          "compile",
          [](Client &client, py::bytes program, std::string optionsText) {
            // The options as CompileOptions::str() writes them, one
            // key=value per line (hlox/__init__.py builds them from
            // keyword arguments); a line that does not parse is named.
            CompileOptions options;
            if (!options.parse(optionsText)) {
              std::string_view text = optionsText;
              while (!text.empty()) {
                size_t end = text.find('\n');
                std::string line(text.substr(0, end));
                CompileOptions probe;
                if (!probe.parse(line + "\n"))
                  throw py::value_error("bad compile option '" + line + "'");
                text.remove_prefix(end == std::string_view::npos ? text.size()
                                                                 : end + 1);
              }
              throw py::value_error("bad compile options");
            }
            std::string bytes = program;
            StatusOr<std::shared_ptr<Executable>> exe = [&] {
              py::gil_scoped_release nogil;
              return client.compile(bytes, options);
            }();
            return unwrap(std::move(exe));
          },
          py::arg("program"), py::arg("options") = "")
      .def("deserialize_executable",
           [](Client &client, py::bytes bytes) {
             std::string data = bytes;
             return unwrap(client.deserializeExecutable(data));
           })
      .def("buffer", [](Client &client,
                        py::object object) { return toBuffer(client, object); })
      .def(
          "execute",
          [](Client &client, std::shared_ptr<Executable> exe,
             py::iterable arguments, bool wait) {
            std::vector<std::shared_ptr<Buffer>> buffers;
            for (py::handle argument : arguments)
              buffers.push_back(toBuffer(client, argument));
            // A partitioned program takes and gives global values, its
            // devices running at once (so the call waits).
            if (exe->getNumDevices() > 1) {
              StatusOr<Client::ShardedExecution> execution = [&] {
                py::gil_scoped_release nogil;
                return client.executeSharded(exe, buffers);
              }();
              if (!execution.ok())
                raise(execution.getStatus());
              return execution->results;
            }
            // Without the GIL: a run may release numpy arrays it borrowed,
            // and a shape-polymorphic entry waits for its dimension
            // arguments.
            if (wait) {
              StatusOr<std::vector<std::shared_ptr<Buffer>>> results = [&] {
                py::gil_scoped_release nogil;
                return exe->execute(buffers);
              }();
              return unwrap(std::move(results));
            }
            StatusOr<Executable::Execution> execution = [&] {
              py::gil_scoped_release nogil;
              return exe->executeAsync(buffers);
            }();
            if (!execution.ok())
              raise(execution.getStatus());
            return execution->results;
          },
          py::arg("executable"), py::arg("arguments"), py::arg("wait") = true)
      .def(
          "execute_in_group",
          [](Client &client, std::shared_ptr<Executable> exe,
             py::iterable arguments, std::shared_ptr<ProcessGroup> group,
             int64_t numReplicas, int64_t numPartitions) {
            std::vector<std::shared_ptr<Buffer>> buffers;
            for (py::handle argument : arguments)
              buffers.push_back(toBuffer(client, argument));
            ExecuteOptions options;
            options.processGroup = std::move(group);
            options.numReplicas = numReplicas;
            options.numPartitions = numPartitions;
            StatusOr<Executable::Execution> execution = [&] {
              py::gil_scoped_release nogil;
              return exe->execute(buffers, options);
            }();
            if (!execution.ok())
              raise(execution.getStatus());
            return execution->results;
          },
          py::arg("executable"), py::arg("arguments"), py::arg("group"),
          py::arg("num_replicas"), py::arg("num_partitions") = 1)
      .def(
          "execute_parallel",
          [](Client &client, py::iterable processes, int64_t numReplicas,
             int64_t numPartitions, py::iterable infeed) {
            // (executable, arguments) per process of the grid, in device
            // order (replica * partitions + partition).
            std::vector<Client::ParallelProcess> launches;
            for (py::handle process : processes) {
              auto pair = process.cast<py::tuple>();
              if (pair.size() != 2)
                throw py::value_error("each process is (executable, "
                                      "arguments)");
              Client::ParallelProcess launch;
              launch.executable = pair[0].cast<std::shared_ptr<Executable>>();
              for (py::handle argument : pair[1].cast<py::iterable>())
                launch.arguments.push_back(toBuffer(client, argument));
              launches.push_back(std::move(launch));
            }
            Client::ParallelOptions options;
            options.numReplicas = numReplicas;
            options.numPartitions = numPartitions;
            for (py::handle value : infeed)
              options.infeed.push_back(toBuffer(client, value));
            StatusOr<Client::ParallelExecution> execution = [&] {
              py::gil_scoped_release nogil;
              return client.executeParallel(launches, options);
            }();
            if (!execution.ok())
              raise(execution.getStatus());
            return execution->results;
          },
          py::arg("processes"), py::arg("num_replicas"),
          py::arg("num_partitions") = 1, py::arg("infeed") = py::list())
      .def_property_readonly("num_compilations", &Client::getNumCompilations)
      .def_property_readonly("num_cache_hits", &Client::getNumCacheHits);
}
