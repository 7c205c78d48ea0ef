//===- Convolution.cpp - Convolutions through oneDNN ----------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/runtime/Convolution.h"

#include "OneDNN.h"

#include <oneapi/dnnl/dnnl.h>

using namespace hlox::runtime;

Status hlox::runtime::verifyConvolution(const ConvolutionSpec &spec,
                                        const BufferType &input,
                                        const BufferType &kernel,
                                        const BufferType &result) {
  const ConvolutionSpec &s = spec;
  for (int64_t size : {s.batch, s.inChannels, s.height, s.width,
                       s.outChannels, s.kernelHeight, s.kernelWidth,
                       s.outHeight, s.outWidth, s.strides[0], s.strides[1],
                       s.dilations[0], s.dilations[1]})
    if (size < 1)
      return Status::error("convolution with a size, stride or dilation "
                           "below 1");
  for (int64_t pad : s.padding)
    if (pad < 0)
      return Status::error("convolution with negative padding");
  int64_t in[2] = {s.height, s.width};
  int64_t window[2] = {s.kernelHeight, s.kernelWidth};
  int64_t out[2] = {s.outHeight, s.outWidth};
  for (int i = 0; i < 2; ++i) {
    int64_t padded = in[i] + s.padding[2 * i] + s.padding[2 * i + 1];
    int64_t span = (window[i] - 1) * s.dilations[i] + 1;
    if (padded < span || (padded - span) / s.strides[i] + 1 != out[i])
      return Status::error("convolution whose output size does not follow "
                           "from its window");
  }
  int64_t bytes = s.bf16 ? 2 : 4;
  auto expect = [&](const BufferType &type, int64_t elements,
                    const char *what) -> Status {
    if (type.elementBytes != bytes || type.getNumElements() != elements)
      return Status::error(std::string("convolution ") + what + " of " +
                           type.str() + ", expected " +
                           std::to_string(elements) + " elements of " +
                           std::to_string(bytes) + " bytes");
    return {};
  };
  if (Status status =
          expect(input, s.batch * s.inChannels * s.height * s.width, "input");
      !status)
    return status;
  if (Status status = expect(kernel,
                             s.outChannels * s.inChannels * s.kernelHeight *
                                 s.kernelWidth,
                             "kernel");
      !status)
    return status;
  return expect(result, s.batch * s.outChannels * s.outHeight * s.outWidth,
                "result");
}

namespace {

/// The CPU engine every primitive runs on.
dnnl_engine_t getEngine() {
  static dnnl_engine_t engine = [] {
    dnnl_engine_t created = nullptr;
    if (dnnl_engine_create(&created, dnnl_cpu, 0) != dnnl_success)
      return static_cast<dnnl_engine_t>(nullptr);
    return created;
  }();
  return engine;
}

Status failure(const char *what, dnnl_status_t status) {
  return Status::error(std::string("oneDNN ") + what + " failed with status " +
                       std::to_string(static_cast<int>(status)));
}

} // namespace

struct Convolution::Impl {
  dnnl_convolution_desc_t desc;
  dnnl_stream_t stream = nullptr;
  /// The primitive for `threads` threads: oneDNN fixes a primitive's
  /// parallel split when it makes it, from the calling thread's OpenMP
  /// thread count.
  dnnl_primitive_t primitive = nullptr;
  int threads = 0;
  dnnl_memory_t input = nullptr, kernel = nullptr, result = nullptr;

  Status makePrimitive(int numThreads) {
    if (primitive && threads == numThreads)
      return {};
    if (primitive) {
      dnnl_primitive_destroy(primitive);
      primitive = nullptr;
    }
    onednn::setNumThreads(numThreads);
    dnnl_primitive_desc_t primitiveDesc = nullptr;
    dnnl_status_t s = dnnl_primitive_desc_create(&primitiveDesc, &desc,
                                                 nullptr, getEngine(), nullptr);
    if (s != dnnl_success)
      return failure("convolution primitive description", s);
    s = dnnl_primitive_create(&primitive, primitiveDesc);
    dnnl_primitive_desc_destroy(primitiveDesc);
    if (s != dnnl_success)
      return failure("convolution primitive", s);
    threads = numThreads;
    return {};
  }

  ~Impl() {
    for (dnnl_memory_t memory : {input, kernel, result})
      if (memory)
        dnnl_memory_destroy(memory);
    if (primitive)
      dnnl_primitive_destroy(primitive);
    if (stream)
      dnnl_stream_destroy(stream);
  }
};

Convolution::Convolution(std::unique_ptr<Impl> impl) : impl(std::move(impl)) {}
Convolution::~Convolution() = default;

std::unique_ptr<Convolution>
Convolution::create(const ConvolutionSpec &spec, Status &status) {
  dnnl_engine_t engine = getEngine();
  if (!engine) {
    status = Status::error("oneDNN has no CPU engine");
    return nullptr;
  }
  auto impl = std::make_unique<Impl>();
  dnnl_data_type_t type = spec.bf16 ? dnnl_bf16 : dnnl_f32;
  // oneDNN names dimensions in NCHW/OIHW order whatever the layout; the
  // format tag says how they lie in memory.
  dnnl_dims_t inputDims = {spec.batch, spec.inChannels, spec.height,
                           spec.width};
  dnnl_dims_t kernelDims = {spec.outChannels, spec.inChannels,
                            spec.kernelHeight, spec.kernelWidth};
  dnnl_dims_t resultDims = {spec.batch, spec.outChannels, spec.outHeight,
                            spec.outWidth};
  dnnl_memory_desc_t inputDesc, kernelDesc, resultDesc;
  dnnl_format_tag_t activations = spec.nhwc ? dnnl_nhwc : dnnl_nchw;
  dnnl_status_t s;
  if ((s = dnnl_memory_desc_init_by_tag(&inputDesc, 4, inputDims, type,
                                        activations)) != dnnl_success ||
      (s = dnnl_memory_desc_init_by_tag(&kernelDesc, 4, kernelDims, type,
                                        spec.nhwc ? dnnl_hwio : dnnl_oihw)) !=
          dnnl_success ||
      (s = dnnl_memory_desc_init_by_tag(&resultDesc, 4, resultDims, type,
                                        activations)) != dnnl_success) {
    status = failure("memory description", s);
    return nullptr;
  }
  // oneDNN counts dilation from 0 (no gap).
  dnnl_dims_t strides = {spec.strides[0], spec.strides[1]};
  dnnl_dims_t dilations = {spec.dilations[0] - 1, spec.dilations[1] - 1};
  dnnl_dims_t padLow = {spec.padding[0], spec.padding[2]};
  dnnl_dims_t padHigh = {spec.padding[1], spec.padding[3]};
  if ((s = dnnl_dilated_convolution_forward_desc_init(
           &impl->desc, dnnl_forward_inference, dnnl_convolution_direct, &inputDesc,
           &kernelDesc, nullptr, &resultDesc, strides, dilations, padLow,
           padHigh)) != dnnl_success) {
    status = failure("convolution description", s);
    return nullptr;
  }
  // Made now for one thread, so that an unsupported convolution fails
  // here; run() remakes it for the device's threads.
  if (Status made = impl->makePrimitive(1); !made) {
    status = made;
    return nullptr;
  }
  if ((s = dnnl_stream_create(&impl->stream, engine,
                              dnnl_stream_default_flags)) != dnnl_success ||
      (s = dnnl_memory_create(&impl->input, &inputDesc, engine,
                              DNNL_MEMORY_NONE)) != dnnl_success ||
      (s = dnnl_memory_create(&impl->kernel, &kernelDesc, engine,
                              DNNL_MEMORY_NONE)) != dnnl_success ||
      (s = dnnl_memory_create(&impl->result, &resultDesc, engine,
                              DNNL_MEMORY_NONE)) != dnnl_success) {
    status = failure("stream or memory", s);
    return nullptr;
  }
  status = {};
  return std::unique_ptr<Convolution>(new Convolution(std::move(impl)));
}

Status Convolution::run(Device &device, const void *input, const void *kernel,
                        void *result) {
  dnnl_status_t s;
  if ((s = dnnl_memory_set_data_handle(impl->input, const_cast<void *>(input))) !=
          dnnl_success ||
      (s = dnnl_memory_set_data_handle(impl->kernel,
                                       const_cast<void *>(kernel))) !=
          dnnl_success ||
      (s = dnnl_memory_set_data_handle(impl->result, result)) != dnnl_success)
    return failure("setting buffers", s);
  // The primitive parallelizes itself, on as many threads as the device.
  int threads = static_cast<int>(device.getNumThreads());
  if (Status made = impl->makePrimitive(threads); !made)
    return made;
  onednn::setNumThreads(threads);
  dnnl_exec_arg_t args[] = {{DNNL_ARG_SRC, impl->input},
                            {DNNL_ARG_WEIGHTS, impl->kernel},
                            {DNNL_ARG_DST, impl->result}};
  if ((s = dnnl_primitive_execute(impl->primitive, impl->stream, 3, args)) !=
      dnnl_success)
    return failure("convolution", s);
  if ((s = dnnl_stream_wait(impl->stream)) != dnnl_success)
    return failure("convolution", s);
  return {};
}
