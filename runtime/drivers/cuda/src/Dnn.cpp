//===- Dnn.cpp - cuDNN, loaded at run time --------------------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/runtime/cuda/Dnn.h"

#include "hlox/runtime/GpuKernels.h"

#include "SharedLibrary.h"

using namespace hlox::runtime;
using namespace hlox::runtime::cuda;

Dnn::~Dnn() {
  if (library)
    dlclose(library);
}

Status Dnn::check(cudnnStatus_t result, const std::string &what) const {
  if (result == dnn::kSuccess)
    return {};
  const char *text =
      functions.getErrorString ? functions.getErrorString(result) : nullptr;
  return Status::error(
      what + ": " +
      (text ? std::string(text) : "cuDNN status " + std::to_string(result)));
}

std::shared_ptr<Dnn> Dnn::get(Status &status) {
  return loadOncePerProcess<Dnn>(
      status, [](Status &failure) -> std::shared_ptr<Dnn> {
        std::shared_ptr<Dnn> dnn(new Dnn());
        std::string errors;
        dnn->library = openFirstLibrary(
            getLibraryCandidates(
                "HLOX_CUDNN",
                {"libcudnn.so.9", "/usr/local/cuda/lib64/libcudnn.so.9"}),
            dnn->path, errors);
        if (!dnn->library) {
          failure = Status::error("cannot load cuDNN, which runs the "
                                  "convolutions of GPU programs (set "
                                  "HLOX_CUDNN to its path)" +
                                  errors);
          return nullptr;
        }
        DnnApi &api = dnn->functions;
        EntryPoints entry(dnn->library);
        entry.bind("cudnnCreate", api.create);
        entry.bind("cudnnDestroy", api.destroy);
        entry.bind("cudnnSetStream", api.setStream);
        entry.bind("cudnnGetErrorString", api.getErrorString);
        entry.bind("cudnnCreateTensorDescriptor", api.createTensor);
        entry.bind("cudnnSetTensor4dDescriptor", api.setTensor4d);
        entry.bind("cudnnDestroyTensorDescriptor", api.destroyTensor);
        entry.bind("cudnnCreateFilterDescriptor", api.createFilter);
        entry.bind("cudnnSetFilter4dDescriptor", api.setFilter4d);
        entry.bind("cudnnDestroyFilterDescriptor", api.destroyFilter);
        entry.bind("cudnnCreateConvolutionDescriptor", api.createConvolution);
        entry.bind("cudnnSetConvolution2dDescriptor", api.setConvolution2d);
        entry.bind("cudnnSetConvolutionGroupCount", api.setGroupCount);
        entry.bind("cudnnSetConvolutionMathType", api.setMathType);
        entry.bind("cudnnDestroyConvolutionDescriptor", api.destroyConvolution);
        entry.bind("cudnnGetConvolutionForwardAlgorithm_v7",
                   api.getForwardAlgorithm);
        entry.bind("cudnnGetConvolutionForwardWorkspaceSize",
                   api.getWorkspaceSize);
        entry.bind("cudnnConvolutionForward", api.forward);
        entry.bind("cudnnAddTensor", api.addTensor);
        if (const char *missing = entry.getMissing()) {
          failure = Status::error("cuDNN at " + dnn->path +
                                  " has no entry point " + missing);
          return nullptr;
        }
        return dnn;
      });
}

/// A convolution shape's descriptors and algorithm.
struct ConvolutionPlans::Plan {
  const DnnApi *api = nullptr;
  cudnnTensorDescriptor_t x = nullptr, y = nullptr, bias = nullptr;
  cudnnFilterDescriptor_t w = nullptr;
  cudnnConvolutionDescriptor_t conv = nullptr;
  int algo = 0;
  size_t workspaceBytes = 0;

  ~Plan() {
    for (cudnnTensorDescriptor_t desc : {x, y, bias})
      if (desc)
        (void)api->destroyTensor(desc);
    if (w)
      (void)api->destroyFilter(w);
    if (conv)
      (void)api->destroyConvolution(conv);
  }
};

std::unique_ptr<ConvolutionPlans>
ConvolutionPlans::create(std::shared_ptr<Driver> driver, CUstream stream,
                         Status &status) {
  std::shared_ptr<Dnn> library = Dnn::get(status);
  if (!library)
    return nullptr;
  std::unique_ptr<ConvolutionPlans> plans(new ConvolutionPlans());
  plans->driver = std::move(driver);
  plans->library = std::move(library);
  plans->stream = stream;
  const DnnApi &api = plans->library->api();
  if (!(status =
            plans->library->check(api.create(&plans->handle), "cudnnCreate")) ||
      !(status = plans->library->check(api.setStream(plans->handle, stream),
                                       "cudnnSetStream")))
    return nullptr;
  return plans;
}

ConvolutionPlans::~ConvolutionPlans() {
  plans.clear();
  if (workspace)
    (void)driver->api().cuMemFree(workspace);
  if (handle)
    (void)library->api().destroy(handle);
}

Status ConvolutionPlans::getPlan(const ConvolutionSpec &spec,
                                 const Plan *&found) {
  Key key = {
      spec.batch,        spec.inChannels,   spec.height,      spec.width,
      spec.outChannels,  spec.kernelHeight, spec.kernelWidth, spec.outHeight,
      spec.outWidth,     spec.groups,       spec.strides[0],  spec.strides[1],
      spec.dilations[0], spec.dilations[1], spec.padding[0],  spec.padding[2],
      spec.bf16,         spec.bias,         spec.nhwc};
  if (auto it = plans.find(key); it != plans.end()) {
    found = it->second.get();
    return {};
  }
  const DnnApi &api = library->api();
  auto plan = std::make_unique<Plan>();
  plan->api = &api;
  std::string shape =
      std::to_string(spec.batch) + "x" + std::to_string(spec.inChannels) + "x" +
      std::to_string(spec.height) + "x" + std::to_string(spec.width) + " by " +
      std::to_string(spec.outChannels) + "x" +
      std::to_string(spec.kernelHeight) + "x" +
      std::to_string(spec.kernelWidth);
  auto check = [&](cudnnStatus_t result, const char *what) {
    return library->check(result, std::string(what) + " for a " + shape +
                                      " convolution");
  };
  int type = spec.bf16 ? dnn::kBFloat16 : dnn::kFloat;
  // NCHW with OIHW kernels, or NHWC with OHWI ones (cuDNN's NHWC filter);
  // the dimensions are given in NCHW (KCRS) order either way.
  int format = spec.nhwc ? dnn::kNhwc : dnn::kNchw;
  auto narrow = [](int64_t value) { return static_cast<int>(value); };
  Status status =
      check(api.createTensor(&plan->x), "cudnnCreateTensorDescriptor");
  if (status)
    status = check(api.setTensor4d(plan->x, format, type, narrow(spec.batch),
                                   narrow(spec.inChannels), narrow(spec.height),
                                   narrow(spec.width)),
                   "cudnnSetTensor4dDescriptor (input)");
  if (status)
    status = check(api.createTensor(&plan->y), "cudnnCreateTensorDescriptor");
  if (status)
    status =
        check(api.setTensor4d(plan->y, format, type, narrow(spec.batch),
                              narrow(spec.outChannels), narrow(spec.outHeight),
                              narrow(spec.outWidth)),
              "cudnnSetTensor4dDescriptor (result)");
  if (status)
    status = check(api.createFilter(&plan->w), "cudnnCreateFilterDescriptor");
  // Each output channel reads its group's input channels.
  if (status)
    status = check(
        api.setFilter4d(plan->w, type, format, narrow(spec.outChannels),
                        narrow(spec.inChannels / spec.groups),
                        narrow(spec.kernelHeight), narrow(spec.kernelWidth)),
        "cudnnSetFilter4dDescriptor");
  if (status)
    status = check(api.createConvolution(&plan->conv),
                   "cudnnCreateConvolutionDescriptor");
  if (status)
    status =
        check(api.setConvolution2d(
                  plan->conv, narrow(spec.padding[0]), narrow(spec.padding[2]),
                  narrow(spec.strides[0]), narrow(spec.strides[1]),
                  narrow(spec.dilations[0]), narrow(spec.dilations[1]),
                  dnn::kCrossCorrelation, dnn::kFloat),
              "cudnnSetConvolution2dDescriptor");
  if (status)
    status = check(api.setGroupCount(plan->conv, narrow(spec.groups)),
                   "cudnnSetConvolutionGroupCount");
  // f32 in f32 arithmetic (no TF32); bf16 on tensor cores.
  if (status)
    status = check(api.setMathType(plan->conv, spec.bf16 ? dnn::kTensorOpMath
                                                         : dnn::kFmaMath),
                   "cudnnSetConvolutionMathType");
  if (status && spec.bias) {
    status =
        check(api.createTensor(&plan->bias), "cudnnCreateTensorDescriptor");
    if (status)
      status = check(api.setTensor4d(plan->bias, format, dnn::kFloat, 1,
                                     narrow(spec.outChannels), 1, 1),
                     "cudnnSetTensor4dDescriptor (bias)");
  }
  if (!status)
    return status;
  DnnAlgoPerf perf[8] = {};
  int returned = 0;
  if (Status found =
          check(api.getForwardAlgorithm(handle, plan->x, plan->w, plan->conv,
                                        plan->y, 8, &returned, perf),
                "cudnnGetConvolutionForwardAlgorithm_v7");
      !found)
    return found;
  // The heuristic's first algorithm that cuDNN says it can run.
  int chosen = -1;
  for (int i = 0; i < returned && chosen < 0; ++i)
    if (perf[i].status == dnn::kSuccess)
      chosen = i;
  if (chosen < 0)
    return Status::error("cuDNN has no algorithm for a " + shape +
                         " convolution");
  plan->algo = perf[chosen].algo;
  if (Status sized = check(api.getWorkspaceSize(handle, plan->x, plan->w,
                                                plan->conv, plan->y, plan->algo,
                                                &plan->workspaceBytes),
                           "cudnnGetConvolutionForwardWorkspaceSize");
      !sized)
    return sized;
  if (plan->workspaceBytes > workspaceBytes) {
    if (workspace)
      (void)driver->api().cuMemFree(workspace);
    workspace = 0;
    workspaceBytes = 0;
    if (Status allocated = driver->check(
            driver->api().cuMemAlloc(&workspace, plan->workspaceBytes),
            "allocating cuDNN's workspace of " +
                std::to_string(plan->workspaceBytes) + " bytes");
        !allocated)
      return allocated;
    workspaceBytes = plan->workspaceBytes;
  }
  found = plan.get();
  plans.emplace(std::move(key), std::move(plan));
  return {};
}

Status ConvolutionPlans::run(const ConvolutionSpec &spec, const void *input,
                             const void *kernel, const void *bias,
                             const void *addend, void *result) {
  if (std::string why = getGpuConvolutionLimit(spec); !why.empty())
    return Status::error("cuDNN does not run " + why);
  const Plan *plan = nullptr;
  if (Status status = getPlan(spec, plan); !status)
    return status;
  const DnnApi &api = library->api();
  float one = 1.0f, zero = 0.0f;
  // The addend first, in the result: the convolution adds to it.
  if (spec.addend && addend != result) {
    size_t bytes = static_cast<size_t>(spec.batch * spec.outChannels *
                                       spec.outHeight * spec.outWidth) *
                   sizeof(float);
    if (Status copied = driver->check(
            driver->api().cuMemcpyAsync(toDeviceAddress(result),
                                        toDeviceAddress(addend), bytes, stream),
            "copying a convolution's addend");
        !copied)
      return copied;
  }
  if (Status ran = library->check(
          api.forward(handle, &one, plan->x, input, plan->w, kernel, plan->conv,
                      plan->algo, toPointer(workspace), plan->workspaceBytes,
                      spec.addend ? &one : &zero, plan->y, result),
          "cudnnConvolutionForward");
      !ran)
    return ran;
  if (spec.bias)
    return library->check(
        api.addTensor(handle, &one, plan->bias, bias, &one, plan->y, result),
        "cudnnAddTensor (bias)");
  return {};
}
