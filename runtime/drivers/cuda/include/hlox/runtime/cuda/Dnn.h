//===- Dnn.h - cuDNN, loaded at run time ------------------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// The convolutions of GPU programs (the Convolution command) run on cuDNN's
// convolution API, opened with dlopen when the first convolution needs it
// (the runtime links no CUDA library). The types below are the ones of
// `cudnn.h` the runtime uses, declared with the ABI cuDNN documents
// (handles are pointers, enums and statuses ints), so that building needs
// no cuDNN.
//
// What runs on cuDNN: NCHW activations with OIHW kernels or NHWC ones with
// OHWI kernels (cuDNN's NHWC filter, KRSC), f32 (with f32
// arithmetic: CUDNN_FMA_MATH, no TF32) or bf16 (tensor cores, accumulated
// in f32), any feature groups, strides and dilations, and equal low and
// high padding; the bias and the addend as cuDNN tensor additions (the
// addend first: y = conv + addend, then + bias). The compiler makes the
// convolutions of a GPU program such (hlox-select-library-calls's
// `cudnn-forms-only`: an NHWC kernel transposed, unequal padding made
// equal on a padded input; getGpuConvolutionLimit in GpuKernels.h).
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_RUNTIME_CUDA_DNN_H
#define HLOX_RUNTIME_CUDA_DNN_H

#include "hlox/runtime/HostProgram.h"
#include "hlox/runtime/Status.h"
#include "hlox/runtime/cuda/Driver.h"

#include <array>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace hlox::runtime::cuda {

using cudnnStatus_t = int;
using cudnnHandle_t = struct cudnnContext *;
using cudnnTensorDescriptor_t = struct cudnnTensorStruct *;
using cudnnFilterDescriptor_t = struct cudnnFilterStruct *;
using cudnnConvolutionDescriptor_t = struct cudnnConvolutionStruct *;

/// cudnnConvolutionFwdAlgoPerf_t.
struct DnnAlgoPerf {
  int algo;
  cudnnStatus_t status;
  float time;
  size_t memory;
  int determinism;
  int mathType;
  int reserved[3];
};

/// The constants of cudnn_graph.h and cudnn_ops.h used.
namespace dnn {
inline constexpr cudnnStatus_t kSuccess = 0;
/// cudnnDataType_t: CUDNN_DATA_FLOAT, CUDNN_DATA_BFLOAT16.
inline constexpr int kFloat = 0;
inline constexpr int kBFloat16 = 9;
/// cudnnTensorFormat_t: CUDNN_TENSOR_NCHW.
inline constexpr int kNchw = 0;
/// CUDNN_TENSOR_NHWC (for a filter: K, R, S, C in memory).
inline constexpr int kNhwc = 1;
/// cudnnConvolutionMode_t: CUDNN_CROSS_CORRELATION (StableHLO's).
inline constexpr int kCrossCorrelation = 1;
/// cudnnMathType_t: CUDNN_TENSOR_OP_MATH, CUDNN_FMA_MATH.
inline constexpr int kTensorOpMath = 1;
inline constexpr int kFmaMath = 3;
} // namespace dnn

/// cuDNN's entry points the runtime uses.
struct DnnApi {
  cudnnStatus_t (*create)(cudnnHandle_t *handle);
  cudnnStatus_t (*destroy)(cudnnHandle_t handle);
  cudnnStatus_t (*setStream)(cudnnHandle_t handle, CUstream stream);
  const char *(*getErrorString)(cudnnStatus_t status);
  cudnnStatus_t (*createTensor)(cudnnTensorDescriptor_t *desc);
  cudnnStatus_t (*setTensor4d)(cudnnTensorDescriptor_t desc, int format,
                               int type, int n, int c, int h, int w);
  cudnnStatus_t (*destroyTensor)(cudnnTensorDescriptor_t desc);
  cudnnStatus_t (*createFilter)(cudnnFilterDescriptor_t *desc);
  cudnnStatus_t (*setFilter4d)(cudnnFilterDescriptor_t desc, int type,
                               int format, int k, int c, int h, int w);
  cudnnStatus_t (*destroyFilter)(cudnnFilterDescriptor_t desc);
  cudnnStatus_t (*createConvolution)(cudnnConvolutionDescriptor_t *desc);
  cudnnStatus_t (*setConvolution2d)(cudnnConvolutionDescriptor_t desc, int padH,
                                    int padW, int strideH, int strideW,
                                    int dilationH, int dilationW, int mode,
                                    int computeType);
  cudnnStatus_t (*setGroupCount)(cudnnConvolutionDescriptor_t desc, int groups);
  cudnnStatus_t (*setMathType)(cudnnConvolutionDescriptor_t desc, int mathType);
  cudnnStatus_t (*destroyConvolution)(cudnnConvolutionDescriptor_t desc);
  cudnnStatus_t (*getForwardAlgorithm)(cudnnHandle_t handle,
                                       cudnnTensorDescriptor_t x,
                                       cudnnFilterDescriptor_t w,
                                       cudnnConvolutionDescriptor_t conv,
                                       cudnnTensorDescriptor_t y, int requested,
                                       int *returned, DnnAlgoPerf *results);
  cudnnStatus_t (*getWorkspaceSize)(cudnnHandle_t handle,
                                    cudnnTensorDescriptor_t x,
                                    cudnnFilterDescriptor_t w,
                                    cudnnConvolutionDescriptor_t conv,
                                    cudnnTensorDescriptor_t y, int algo,
                                    size_t *bytes);
  cudnnStatus_t (*forward)(cudnnHandle_t handle, const void *alpha,
                           cudnnTensorDescriptor_t xDesc, const void *x,
                           cudnnFilterDescriptor_t wDesc, const void *w,
                           cudnnConvolutionDescriptor_t conv, int algo,
                           void *workspace, size_t workspaceBytes,
                           const void *beta, cudnnTensorDescriptor_t yDesc,
                           void *y);
  cudnnStatus_t (*addTensor)(cudnnHandle_t handle, const void *alpha,
                             cudnnTensorDescriptor_t aDesc, const void *a,
                             const void *beta, cudnnTensorDescriptor_t cDesc,
                             void *c);
};

/// The loaded cuDNN library of this process.
class Dnn {
public:
  /// Loaded on the first call: $HLOX_CUDNN when set, else libcudnn.so.9
  /// where the dynamic loader finds it, else the CUDA toolkit's
  /// (/usr/local/cuda/lib64). Null, with `status` saying why, where there
  /// is none.
  static std::shared_ptr<Dnn> get(Status &status);

  ~Dnn();
  Dnn(const Dnn &) = delete;
  Dnn &operator=(const Dnn &) = delete;

  const DnnApi &api() const { return functions; }
  /// Ok for CUDNN_STATUS_SUCCESS, else "`what`: <cuDNN's error string>".
  Status check(cudnnStatus_t result, const std::string &what) const;

private:
  Dnn() = default;

  void *library = nullptr;
  std::string path;
  DnnApi functions = {};
};

/// The convolutions one device runs: a cuDNN handle on the device's
/// stream, a workspace in its memory (grown to the largest a plan needs),
/// and per convolution shape its descriptors and the algorithm cuDNN's
/// heuristic picked. The device's context must be current when it is
/// used; one user at a time.
class ConvolutionPlans {
public:
  static std::unique_ptr<ConvolutionPlans>
  create(std::shared_ptr<Driver> driver, CUstream stream, Status &status);
  ~ConvolutionPlans();

  /// Starts result = conv(input, kernel) (+ addend) (+ bias) as `spec`
  /// says on the stream. `addend` may be `result` itself.
  Status run(const ConvolutionSpec &spec, const void *input, const void *kernel,
             const void *bias, const void *addend, void *result);

private:
  struct Plan;

  ConvolutionPlans() = default;
  Status getPlan(const ConvolutionSpec &spec, const Plan *&plan);

  std::shared_ptr<Driver> driver;
  std::shared_ptr<Dnn> library;
  CUstream stream = nullptr;
  cudnnHandle_t handle = nullptr;
  CUdeviceptr workspace = 0;
  size_t workspaceBytes = 0;
  /// What a plan depends on in a ConvolutionSpec (getPlan).
  using Key = std::array<int64_t, 19>;
  std::map<Key, std::unique_ptr<Plan>> plans;
};

} // namespace hlox::runtime::cuda

#endif // HLOX_RUNTIME_CUDA_DNN_H
