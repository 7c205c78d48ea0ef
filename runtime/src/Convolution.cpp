//===- Convolution.cpp - Convolutions through oneDNN ----------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/runtime/Convolution.h"

#include "CpuFeatures.h"
#include "Maximum.h"
#include "OneDNN.h"
#include "hlox/runtime/Bf16Arrays.h"
#include "hlox/runtime/MaxPool.h"
#include "hlox/runtime/PointwiseConvolution.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <utility>
#include <vector>

using namespace hlox::runtime;

Status hlox::runtime::verifyConvolution(const ConvolutionSpec &spec,
                                        const BufferType &input,
                                        const BufferType &kernel,
                                        const BufferType *bias,
                                        const BufferType *addend,
                                        const BufferType &result) {
  const ConvolutionSpec &s = spec;
  for (int64_t size : {s.batch, s.inChannels, s.height, s.width,
                       s.outChannels, s.kernelHeight, s.kernelWidth,
                       s.outHeight, s.outWidth, s.strides[0], s.strides[1],
                       s.dilations[0], s.dilations[1], s.groups})
    if (size < 1)
      return Status::error("convolution with a size, stride, dilation or "
                           "group count below 1");
  if (s.inChannels % s.groups != 0 || s.outChannels % s.groups != 0)
    return Status::error("convolution whose channels do not divide into " +
                         std::to_string(s.groups) + " groups");
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
  if (s.kernelOhwi && (!s.nhwc || s.kernelOihw))
    return Status::error("convolution with an OHWI kernel flag but NCHW "
                         "activations or an OIHW kernel");
  if (s.kernelOihw && !s.nhwc)
    return Status::error("convolution with an OIHW kernel flag but NCHW "
                         "activations");
  if ((bias != nullptr) != s.bias || (addend != nullptr) != s.addend)
    return Status::error("convolution whose bias or addend operand does "
                         "not match its description");
  if ((s.bias || s.addend || s.relu || s.nchwResult || s.pool) && s.bf16)
    return Status::error("bf16 convolution with an epilogue (f32 only)");
  if (s.pool) {
    if (!s.nhwc || s.addend || s.nchwResult)
      return Status::error("convolution with a pool that is not NHWC or has "
                           "an addend or an NCHW result");
    int64_t in[2] = {s.outHeight, s.outWidth};
    int64_t pooled[2] = {s.poolHeight, s.poolWidth};
    for (int i = 0; i < 2; ++i) {
      int64_t padded = in[i] + s.poolPadding[2 * i] + s.poolPadding[2 * i + 1];
      if (s.poolWindow[i] < 1 || s.poolStrides[i] < 1 ||
          s.poolPadding[2 * i] < 0 || s.poolPadding[2 * i + 1] < 0 ||
          padded < s.poolWindow[i] ||
          (padded - s.poolWindow[i]) / s.poolStrides[i] + 1 != pooled[i])
        return Status::error("convolution whose pool's size does not follow "
                             "from its window");
    }
  }
  if (s.nchwResult && !isPointwiseConvolution(s))
    return Status::error("convolution with an NCHW result from NHWC "
                         "activations that is not pointwise (1x1, unit "
                         "strides, no padding, one group, OIHW kernel)");
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
                             s.outChannels * (s.inChannels / s.groups) *
                                 s.kernelHeight * s.kernelWidth,
                             "kernel");
      !status)
    return status;
  int64_t resultElements = s.batch * s.outChannels * s.outHeight * s.outWidth;
  if (bias)
    if (Status status = expect(*bias, s.outChannels, "bias"); !status)
      return status;
  if (addend)
    if (Status status = expect(*addend, resultElements, "addend"); !status)
      return status;
  if (s.pool)
    resultElements = s.batch * s.outChannels * s.poolHeight * s.poolWidth;
  return expect(result, resultElements, "result");
}

using onednn::getEngine;

namespace {

/// A memory the convolution reads or writes in the caller's plain layout,
/// and, when the primitive prefers another (blocked) layout, a buffer of
/// that layout and the reorder between the two.
struct Operand {
  Operand() = default;
  Operand(const Operand &) = delete;
  Operand &operator=(const Operand &) = delete;

  dnnl_memory_desc_t plainDesc;
  dnnl_memory_t plain = nullptr;
  dnnl_memory_t blocked = nullptr;
  void *blockedData = nullptr;
  dnnl_primitive_t reorder = nullptr;

  /// For the weights: the plain values the blocked copy was last made
  /// from (copyIfChanged), so that a run with the same weights as the last
  /// one, the usual case of a model's parameters, skips their reorder.
  void *snapshot = nullptr;
  bool snapshotValid = false;
  /// The identity (Buffer::getId) of the immutable buffer the snapshot
  /// was taken from, or 0.
  uint64_t snapshotIdentity = 0;

  void release() {
    if (reorder)
      dnnl_primitive_destroy(reorder);
    if (blocked)
      dnnl_memory_destroy(blocked);
    std::free(blockedData);
    std::free(snapshot);
    reorder = nullptr;
    blocked = nullptr;
    blockedData = nullptr;
    snapshot = nullptr;
    snapshotValid = false;
    snapshotIdentity = 0;
  }
  ~Operand() {
    release();
    if (plain)
      dnnl_memory_destroy(plain);
  }

  /// The memory the primitive uses: the blocked one, else the plain one.
  dnnl_memory_t used() const { return blocked ? blocked : plain; }

  /// Sets up the blocked copy for `chosen`, the primitive's layout; none
  /// when it is the plain one. `toBlocked`: the reorder goes from the plain
  /// layout to the blocked one (an input), else back (the result).
  Status prepare(const dnnl_memory_desc_t *chosen, bool toBlocked) {
    release();
    if (dnnl_memory_desc_equal(chosen, &plainDesc))
      return {};
    size_t bytes = (dnnl_memory_desc_get_size(chosen) + 63) / 64 * 64;
    blockedData = std::aligned_alloc(64, bytes);
    if (!blockedData)
      return Status::error("out of memory for a convolution's blocked "
                           "layout");
    dnnl_status_t s = dnnl_memory_create(&blocked, chosen, getEngine(),
                                         blockedData);
    if (s != dnnl_success)
      return onednn::error("blocked memory", s);
    dnnl_primitive_desc_t reorderDesc = nullptr;
    const dnnl_memory_desc_t *from = toBlocked ? &plainDesc : chosen;
    const dnnl_memory_desc_t *to = toBlocked ? chosen : &plainDesc;
    if ((s = dnnl_reorder_primitive_desc_create(&reorderDesc, from,
                                                getEngine(), to, getEngine(),
                                                nullptr)) != dnnl_success)
      return onednn::error("reorder description", s);
    s = dnnl_primitive_create(&reorder, reorderDesc);
    dnnl_primitive_desc_destroy(reorderDesc);
    if (s != dnnl_success)
      return onednn::error("reorder", s);
    return {};
  }

  /// Copies between the layouts (plain to blocked for an input).
  Status copy(dnnl_stream_t stream, bool toBlocked) {
    if (!reorder)
      return {};
    dnnl_exec_arg_t args[] = {{DNNL_ARG_FROM, toBlocked ? plain : blocked},
                              {DNNL_ARG_TO, toBlocked ? blocked : plain}};
    dnnl_status_t s = dnnl_primitive_execute(reorder, stream, 2, args);
    return s == dnnl_success ? Status() : onednn::error("reorder", s);
  }

  /// Copies an input into the blocked layout unless its plain values are
  /// those the blocked copy was made from: one sequential comparison
  /// instead of a reorder (a 512x512x3x3 bf16 kernel: 1.1 ms to reorder on
  /// one thread). Keeps a copy of the plain values (the weights' size).
  /// A nonzero `identity` (Buffer::getId of the immutable buffer the
  /// values are read from) that the snapshot was taken from spares even
  /// the comparison, which reads twice the weights from memory (ResNet-18
  /// on one thread: 18.6-19.6 to 16.9-17.5 ms).
  Status copyIfChanged(dnnl_stream_t stream, uint64_t identity) {
    if (!reorder)
      return {};
    if (snapshotValid && identity != 0 && identity == snapshotIdentity)
      return {};
    size_t bytes = dnnl_memory_desc_get_size(&plainDesc);
    void *data = nullptr;
    dnnl_status_t s = dnnl_memory_get_data_handle(plain, &data);
    if (s != dnnl_success)
      return onednn::error("reading a buffer", s);
    if (snapshotValid && std::memcmp(snapshot, data, bytes) == 0) {
      snapshotIdentity = identity;
      return {};
    }
    snapshotValid = false;
    snapshotIdentity = 0;
    if (!snapshot)
      snapshot = std::aligned_alloc(64, (bytes + 63) / 64 * 64);
    if (Status copied = copy(stream, true); !copied)
      return copied;
    if (snapshot) { // Without memory for it, every run reorders.
      std::memcpy(snapshot, data, bytes);
      snapshotValid = true;
      snapshotIdentity = identity;
    }
    return {};
  }
};

} // namespace

struct Convolution::Impl {
  /// The convolution with its layouts left to oneDNN (`any`, except for a
  /// 1x1 matrix product): it picks blocked ones (8 or 16 channels
  /// innermost) where its fastest kernels need them, and the operands are
  /// reordered around the call.
  dnnl_convolution_desc_t desc;
  /// A bf16 1x1 convolution of stride 1 runs as a oneDNN matrix product on
  /// the plain layouts instead: per image, kernel [oc, ic] times input
  /// [ic, H*W] (NCHW), or input [N*H*W, ic] times kernel [ic, oc] (NHWC).
  bool isMatmul = false;
  dnnl_matmul_desc_t matmulDesc;
  dnnl_stream_t stream = nullptr;
  Operand input, kernel, result;
  /// The epilogue: the bias vector, and the addend, which a reorder copies
  /// into the result's buffer (blocked or not) for oneDNN's sum post-op to
  /// add to the convolution.
  dnnl_memory_t bias = nullptr;
  dnnl_memory_t addend = nullptr;
  dnnl_primitive_t addendCopy = nullptr;
  /// The primitive's attributes: the sum post-op, and a scratchpad that
  /// the convolution owns (oneDNN's own is allocated per call, in fresh
  /// pages).
  dnnl_primitive_attr_t attributes = nullptr;
  dnnl_memory_t scratchpad = nullptr;
  void *scratchpadData = nullptr;

  /// A bf16 convolution computed in f32 (makeImpl's computeInF32): the
  /// f32 copies of its operands the primitive reads and writes, the kernel
  /// buffer whose values kernelStage holds (Buffer::getId; 0: none), and
  /// the pitch of the bf16 result's pixels (0: dense).
  bool widened = false;
  std::vector<float> inputStage, kernelStage, resultStage;
  uint64_t stagedKernelIdentity = 0;
  int64_t resultPitch = 0, resultChannels = 0;

  const void *getOpDesc() const {
    return isMatmul ? static_cast<const void *>(&matmulDesc)
                    : static_cast<const void *>(&desc);
  }
  /// The operands in the primitive's source and weights roles (for an
  /// NCHW matrix product the kernel is the left factor).
  Operand &getSource() { return isMatmul && !nhwc ? kernel : input; }
  Operand &getWeights() { return isMatmul && !nhwc ? input : kernel; }
  bool nhwc = false;
  /// The primitive for `threads` threads: oneDNN fixes a primitive's
  /// parallel split when it makes it, from the calling thread's OpenMP
  /// thread count.
  dnnl_primitive_t primitive = nullptr;
  int threads = 0;

  Status makePrimitive(int numThreads) {
    if (primitive && threads == numThreads)
      return {};
    if (primitive) {
      dnnl_primitive_destroy(primitive);
      primitive = nullptr;
    }
    if (addendCopy) {
      dnnl_primitive_destroy(addendCopy);
      addendCopy = nullptr;
    }
    releaseScratchpad();
    onednn::setNumThreads(numThreads);
    dnnl_primitive_desc_t primitiveDesc = nullptr;
    dnnl_status_t s = dnnl_primitive_desc_create(
        &primitiveDesc, getOpDesc(), attributes, getEngine(), nullptr);
    if (s != dnnl_success)
      return onednn::error("convolution primitive description", s);
    Status prepared =
        getSource().prepare(dnnl_primitive_desc_query_md(
                                primitiveDesc, dnnl_query_src_md, 0),
                            true);
    if (prepared)
      prepared = getWeights().prepare(
          dnnl_primitive_desc_query_md(primitiveDesc, dnnl_query_weights_md,
                                       0),
          true);
    if (prepared)
      prepared = result.prepare(
          dnnl_primitive_desc_query_md(primitiveDesc, dnnl_query_dst_md, 0),
          false);
    // A plain result takes the addend by memcpy (see execute).
    if (prepared && addend && result.blocked) {
      // Into the buffer the primitive writes, whatever its layout.
      dnnl_primitive_desc_t copyDesc = nullptr;
      s = dnnl_reorder_primitive_desc_create(
          &copyDesc, &result.plainDesc, getEngine(),
          dnnl_primitive_desc_query_md(primitiveDesc, dnnl_query_dst_md, 0),
          getEngine(), nullptr);
      if (s == dnnl_success) {
        s = dnnl_primitive_create(&addendCopy, copyDesc);
        dnnl_primitive_desc_destroy(copyDesc);
      }
      if (s != dnnl_success)
        prepared = onednn::error("addend copy", s);
    }
    if (prepared) {
      const dnnl_memory_desc_t *scratchpadDesc = dnnl_primitive_desc_query_md(
          primitiveDesc, dnnl_query_scratchpad_md, 0);
      size_t bytes = scratchpadDesc ? dnnl_memory_desc_get_size(scratchpadDesc)
                                    : 0;
      if (bytes > 0) {
        scratchpadData = std::aligned_alloc(64, (bytes + 63) / 64 * 64);
        if (!scratchpadData)
          prepared = Status::error("out of memory for a convolution's "
                                   "scratchpad");
        else if ((s = dnnl_memory_create(&scratchpad, scratchpadDesc,
                                         getEngine(), scratchpadData)) !=
                 dnnl_success)
          prepared = onednn::error("scratchpad memory", s);
      }
    }
    if (!prepared) {
      dnnl_primitive_desc_destroy(primitiveDesc);
      return prepared;
    }
    s = dnnl_primitive_create(&primitive, primitiveDesc);
    dnnl_primitive_desc_destroy(primitiveDesc);
    if (s != dnnl_success)
      return onednn::error("convolution primitive", s);
    threads = numThreads;
    return {};
  }

  void releaseScratchpad() {
    if (scratchpad)
      dnnl_memory_destroy(scratchpad);
    std::free(scratchpadData);
    scratchpad = nullptr;
    scratchpadData = nullptr;
  }

  /// Runs the convolution on `threads` OpenMP threads; `kernelIdentity`
  /// as for copyIfChanged.
  Status execute(int threads, const void *inputData, const void *kernelData,
                 const void *biasData, const void *addendData, void *resultData,
                 uint64_t kernelIdentity);

  ~Impl() {
    releaseScratchpad();
    if (primitive)
      dnnl_primitive_destroy(primitive);
    if (addendCopy)
      dnnl_primitive_destroy(addendCopy);
    for (dnnl_memory_t memory : {bias, addend})
      if (memory)
        dnnl_memory_destroy(memory);
    if (attributes)
      dnnl_primitive_attr_destroy(attributes);
    if (stream)
      dnnl_stream_destroy(stream);
  }
};

Convolution::Convolution(const ConvolutionSpec &spec,
                         std::unique_ptr<Impl> impl)
    : spec(spec), impl(std::move(impl)) {}
Convolution::~Convolution() = default;

/// Whether `spec` is a matrix product: one group, a 1x1 window of stride 1
/// without padding.
static bool isMatrixProductSpec(const ConvolutionSpec &spec) {
  return spec.groups == 1 && spec.kernelHeight == 1 && spec.kernelWidth == 1 &&
         spec.strides[0] == 1 && spec.strides[1] == 1 && spec.padding[0] == 0 &&
         spec.padding[1] == 0 && spec.padding[2] == 0 && spec.padding[3] == 0;
}

/// Whether `described` (the status of describing `desc`) succeeded and
/// oneDNN computes `desc` with one of its JIT kernels (not a reference or
/// gemm-based one).
static bool hasJitKernel(dnnl_status_t described,
                         const dnnl_convolution_desc_t *desc,
                         const_dnnl_primitive_attr_t attributes,
                         dnnl_engine_t engine) {
  if (described != dnnl_success)
    return false;
  dnnl_primitive_desc_t primitiveDesc = nullptr;
  if (dnnl_primitive_desc_create(&primitiveDesc, desc, attributes, engine,
                                 nullptr) != dnnl_success)
    return false;
  const char *name = nullptr;
  bool jit = dnnl_primitive_desc_query(primitiveDesc, dnnl_query_impl_info_str,
                                       0, &name) == dnnl_success &&
             name && std::strncmp(name, "jit", 3) == 0;
  dnnl_primitive_desc_destroy(primitiveDesc);
  return jit;
}

std::unique_ptr<Convolution::Impl>
Convolution::makeImpl(const ConvolutionSpec &spec, Status &status,
                      int64_t resultPitch, bool computeInF32) {
  dnnl_engine_t engine = getEngine();
  if (!engine) {
    status = Status::error("oneDNN has no CPU engine");
    return nullptr;
  }
  if (spec.bf16 && (spec.bias || spec.addend)) {
    status = Status::error("bf16 convolution with an epilogue (f32 only)");
    return nullptr;
  }
  auto impl = std::make_unique<Impl>();
  dnnl_status_t s;
  if ((s = dnnl_primitive_attr_create(&impl->attributes)) != dnnl_success ||
      (s = dnnl_primitive_attr_set_scratchpad_mode(
           impl->attributes, dnnl_scratchpad_mode_user)) != dnnl_success) {
    status = onednn::error("convolution attributes", s);
    return nullptr;
  }
  // Computing a bf16 convolution in f32, the primitive sees f32 operands
  // in the plain layouts, which execute() widens and narrows.
  dnnl_data_type_t type = spec.bf16 && !computeInF32 ? dnnl_bf16 : dnnl_f32;
  if (computeInF32) {
    impl->widened = true;
    impl->resultPitch = resultPitch;
    impl->resultChannels = spec.outChannels;
    impl->inputStage.resize(spec.batch * spec.inChannels * spec.height *
                            spec.width);
    impl->kernelStage.resize(spec.outChannels *
                             (spec.inChannels / spec.groups) *
                             spec.kernelHeight * spec.kernelWidth);
    impl->resultStage.resize(spec.batch * spec.outChannels * spec.outHeight *
                             spec.outWidth);
    resultPitch = 0; // The staged result is dense.
  }
  // oneDNN names dimensions in NCHW/OIHW order (GOIHW with groups)
  // whatever the layout; the format tag says how they lie in memory.
  int64_t groups = spec.groups;
  dnnl_dims_t inputDims = {spec.batch, spec.inChannels, spec.height,
                           spec.width};
  dnnl_dims_t kernelDims = {spec.outChannels, spec.inChannels,
                            spec.kernelHeight, spec.kernelWidth};
  dnnl_dims_t groupedKernelDims = {groups, spec.outChannels / groups,
                                   spec.inChannels / groups,
                                   spec.kernelHeight, spec.kernelWidth};
  dnnl_dims_t resultDims = {spec.batch, spec.outChannels, spec.outHeight,
                            spec.outWidth};
  int kernelRank = groups > 1 ? 5 : 4;
  const int64_t *kernelShape = groups > 1 ? groupedKernelDims : kernelDims;
  dnnl_format_tag_t activations = spec.nhwc ? dnnl_nhwc : dnnl_nchw;
  bool hwio = spec.nhwc && !spec.kernelOihw;
  dnnl_format_tag_t kernelTag = groups > 1 ? (hwio ? dnnl_hwigo : dnnl_goihw)
                                           : (hwio ? dnnl_hwio : dnnl_oihw);
  dnnl_memory_desc_t inputAny, kernelAny, resultAny;
  if ((s = dnnl_memory_desc_init_by_tag(&impl->input.plainDesc, 4, inputDims,
                                        type, activations)) != dnnl_success ||
      (s = dnnl_memory_desc_init_by_tag(&impl->kernel.plainDesc, kernelRank,
                                        kernelShape, type, kernelTag)) !=
          dnnl_success ||
      (s = resultPitch > 0
               ? dnnl_memory_desc_init_by_strides(
                     &impl->result.plainDesc, 4, resultDims, type,
                     dnnl_dims_t{spec.outHeight * spec.outWidth * resultPitch,
                                 1, spec.outWidth * resultPitch, resultPitch})
               : dnnl_memory_desc_init_by_tag(&impl->result.plainDesc, 4,
                                              resultDims, type, activations)) !=
          dnnl_success ||
      (s = dnnl_memory_desc_init_by_tag(&inputAny, 4, inputDims, type,
                                        dnnl_format_tag_any)) != dnnl_success ||
      (s = dnnl_memory_desc_init_by_tag(&kernelAny, kernelRank, kernelShape,
                                        type, dnnl_format_tag_any)) !=
          dnnl_success ||
      (s = dnnl_memory_desc_init_by_tag(&resultAny, 4, resultDims, type,
                                        dnnl_format_tag_any)) != dnnl_success) {
    status = onednn::error("memory description", s);
    return nullptr;
  }
  // oneDNN counts dilation from 0 (no gap).
  dnnl_dims_t strides = {spec.strides[0], spec.strides[1]};
  dnnl_dims_t dilations = {spec.dilations[0] - 1, spec.dilations[1] - 1};
  dnnl_dims_t padLow = {spec.padding[0], spec.padding[2]};
  dnnl_dims_t padHigh = {spec.padding[1], spec.padding[3]};
  // A 1x1 convolution of stride 1 without padding is a matrix product on
  // the plain layouts, which oneDNN runs as fast as on blocked ones: the
  // reorders (the result's above all) would only add passes over memory.
  bool isMatrixProduct = isMatrixProductSpec(spec);
  if (isMatrixProduct) {
    inputAny = impl->input.plainDesc;
    resultAny = impl->result.plainDesc;
    // An OIHW kernel with NHWC activations would take oneDNN's reference
    // path (860 ms for 8x64x56x56 to 256 channels): its blocked layout,
    // reordered once (copyIfChanged), takes the 1x1 kernel.
    if (!(spec.nhwc && spec.kernelOihw))
      kernelAny = impl->kernel.plainDesc;
  }
  // In bf16, oneDNN's convolution on the plain layouts is its slow gemm
  // path (1.6 ms for 16 to 96 channels of 112x112) and the blocked
  // layouts cost reorders around every call (more than the convolutions
  // in MobileNetV2); its matrix product reads the plain layouts with its
  // bf16 kernels.
  impl->nhwc = spec.nhwc;
  impl->isMatmul = isMatrixProduct && type == dnnl_bf16;
  if (impl->isMatmul) {
    int64_t pixels = spec.outHeight * spec.outWidth;
    // A matrix of `rows` x `columns` per image (NCHW), or of all images'
    // rows stacked (NHWC): 3-d with a batch, or 2-d.
    auto matrix = [&](dnnl_memory_desc_t &desc, int64_t batch, int64_t rows,
                      int64_t columns) {
      dnnl_dims_t batched = {batch, rows, columns};
      dnnl_dims_t stacked = {batch * rows, columns};
      return spec.nhwc ? dnnl_memory_desc_init_by_tag(&desc, 2, stacked, type,
                                                      dnnl_ab)
                       : dnnl_memory_desc_init_by_tag(&desc, 3, batched, type,
                                                      dnnl_abc);
    };
    if (spec.nhwc) {
      s = matrix(impl->input.plainDesc, spec.batch, pixels, spec.inChannels);
      // [inChannels, outChannels], stored transposed for an OIHW kernel.
      dnnl_dims_t kernelDims = {spec.inChannels, spec.outChannels};
      if (s == dnnl_success)
        s = dnnl_memory_desc_init_by_tag(&impl->kernel.plainDesc, 2,
                                         kernelDims, type,
                                         hwio ? dnnl_ab : dnnl_ba);
      if (s == dnnl_success)
        s = matrix(impl->result.plainDesc, spec.batch, pixels,
                   spec.outChannels);
    } else {
      s = matrix(impl->input.plainDesc, spec.batch, spec.inChannels, pixels);
      if (s == dnnl_success)
        s = matrix(impl->kernel.plainDesc, 1, spec.outChannels,
                   spec.inChannels);
      if (s == dnnl_success)
        s = matrix(impl->result.plainDesc, spec.batch, spec.outChannels,
                   pixels);
    }
    if (s == dnnl_success)
      s = dnnl_matmul_desc_init(&impl->matmulDesc,
                                &impl->getSource().plainDesc,
                                &impl->getWeights().plainDesc, nullptr,
                                &impl->result.plainDesc);
    if (s != dnnl_success) {
      status = onednn::error("1x1 convolution as a matrix product", s);
      return nullptr;
    }
  } else {
    dnnl_memory_desc_t biasDesc;
    dnnl_dims_t biasDims = {spec.outChannels};
    if ((s = dnnl_memory_desc_init_by_tag(&biasDesc, 1, biasDims, dnnl_f32,
                                          dnnl_a)) != dnnl_success ||
        (spec.bias &&
         (s = dnnl_memory_create(&impl->bias, &biasDesc, engine,
                                 DNNL_MEMORY_NONE)) != dnnl_success) ||
        (spec.addend &&
         (s = dnnl_memory_create(&impl->addend, &impl->result.plainDesc,
                                 engine, DNNL_MEMORY_NONE)) != dnnl_success)) {
      status = onednn::error("epilogue memory", s);
      return nullptr;
    }
    // The addend: the primitive adds what its result buffer holds (set
    // before the layouts are chosen, which ask for a kernel with it).
    if (spec.addend) {
      dnnl_post_ops_t postOps = nullptr;
      if ((s = dnnl_post_ops_create(&postOps)) == dnnl_success) {
        s = dnnl_post_ops_append_sum(postOps, 1.0f);
        if (s == dnnl_success)
          s = dnnl_primitive_attr_set_post_ops(impl->attributes, postOps);
        dnnl_post_ops_destroy(postOps);
      }
      if (s != dnnl_success) {
        status = onednn::error("convolution epilogue", s);
        return nullptr;
      }
    }
    auto describe = [&](const dnnl_memory_desc_t &input,
                        const dnnl_memory_desc_t &result) {
      return dnnl_dilated_convolution_forward_desc_init(
          &impl->desc, dnnl_forward_inference, dnnl_convolution_direct, &input,
          &kernelAny, spec.bias ? &biasDesc : nullptr, &result, strides,
          dilations, padLow, padHigh);
    };
    // Without AVX-512, an f32 convolution of NHWC activations (a widened
    // bf16 one too) reads and writes them where they lie when oneDNN has
    // a JIT kernel for that, as its AVX2 direct, 1x1 and depthwise kernels
    // do: the reorders to and from its 8-channel blocks around each call
    // cost more than the blocks gain (Zen 3, two threads: MobileNetV2 9.8
    // to 8.7 ms, ResNet-18 25.1 to 24.0 ms in its convolutions). Else, and
    // with AVX-512 (not measured that way), the layouts oneDNN prefers.
    // The check leaves `desc` described on the plain layouts.
    bool plain =
        spec.nhwc && type == dnnl_f32 && !isMatrixProduct && !cpuHasAvx512() &&
        hasJitKernel(describe(impl->input.plainDesc, impl->result.plainDesc),
                     &impl->desc, impl->attributes, engine);
    if (!plain && (s = describe(inputAny, resultAny)) != dnnl_success) {
      status = onednn::error("convolution description", s);
      return nullptr;
    }
  }
  for (Operand *operand : {&impl->input, &impl->kernel, &impl->result})
    if ((s = dnnl_memory_create(&operand->plain, &operand->plainDesc, engine,
                                DNNL_MEMORY_NONE)) != dnnl_success) {
      status = onednn::error("memory", s);
      return nullptr;
    }
  if ((s = dnnl_stream_create(&impl->stream, engine,
                              dnnl_stream_default_flags)) != dnnl_success) {
    status = onednn::error("stream", s);
    return nullptr;
  }
  // An unsupported convolution fails here; the primitive itself (the JIT
  // code and the blocked buffers) is made on the first run, for the
  // device's threads.
  dnnl_primitive_desc_t primitiveDesc = nullptr;
  if ((s = dnnl_primitive_desc_create(&primitiveDesc, impl->getOpDesc(),
                                      impl->attributes, engine, nullptr)) !=
      dnnl_success) {
    if (s == dnnl_unimplemented && type == dnnl_bf16)
      return makeImpl(spec, status, resultPitch, /*computeInF32=*/true);
    status = onednn::error("convolution primitive description", s);
    return nullptr;
  }
  dnnl_primitive_desc_destroy(primitiveDesc);
  status = {};
  return impl;
}

Status hlox::runtime::verifyShortcut(const ConvolutionSpec &spec,
                                     const ConvolutionSpec &shortcut) {
  if (spec.addend || shortcut.addend)
    return Status::error("convolution with both a shortcut and an addend, "
                         "or a shortcut with an addend");
  if (spec.bf16 || shortcut.bf16)
    return Status::error("bf16 convolution with a shortcut (f32 only)");
  if (spec.nhwc != shortcut.nhwc || spec.batch != shortcut.batch ||
      spec.outChannels != shortcut.outChannels ||
      spec.outHeight != shortcut.outHeight ||
      spec.outWidth != shortcut.outWidth)
    return Status::error("convolution whose shortcut's result is not shaped "
                         "like its own");
  if (spec.pool || shortcut.pool)
    return Status::error("convolution with a shortcut and a pool");
  if (shortcut.relu || shortcut.nchwResult)
    return Status::error("convolution whose shortcut has a ReLU or an NCHW "
                         "result (the shortcut's result is added as it is)");
  if (usesPointwiseKernel(spec) && !isPointwiseConvolution(shortcut))
    return Status::error("pointwise convolution with a ReLU or an NCHW "
                         "result whose shortcut is not pointwise");
  return {};
}

std::unique_ptr<Convolution>
Convolution::create(const ConvolutionSpec &spec, Status &status,
                    const ConvolutionSpec *shortcut) {
  if (spec.kernelOhwi || (shortcut && shortcut->kernelOhwi)) {
    status = Status::error("a convolution with an OHWI kernel is a GPU "
                           "device's (cuDNN's NHWC filter); the CPU's take "
                           "OIHW and HWIO kernels");
    return nullptr;
  }
  if (usesPointwiseKernel(spec)) {
    std::unique_ptr<PointwiseConvolution> pointwise =
        PointwiseConvolution::create(spec, shortcut, status);
    if (!pointwise)
      return nullptr;
    std::unique_ptr<Convolution> convolution(new Convolution(spec, nullptr));
    convolution->pointwise = std::move(pointwise);
    status = {};
    return convolution;
  }
  if (spec.pool) {
    // oneDNN computes the convolution and its bias into a scratch image;
    // the pool, and the ReLU after it, read it from there.
    ConvolutionSpec bare = spec;
    bare.pool = bare.relu = false;
    std::unique_ptr<Convolution> convolution = create(bare, status);
    if (!convolution)
      return nullptr;
    convolution->spec = spec;
    return convolution;
  }
  // With a shortcut, the convolution adds the shortcut's result, which the
  // shortcut leaves in the result's buffer.
  ConvolutionSpec own = spec;
  own.addend = own.addend || shortcut;
  std::unique_ptr<Impl> impl = makeImpl(own, status);
  if (!impl)
    return nullptr;
  std::unique_ptr<Convolution> convolution(
      new Convolution(own, std::move(impl)));
  if (shortcut) {
    convolution->shortcut = create(*shortcut, status);
    if (!convolution->shortcut)
      return nullptr;
  }
  return convolution;
}

Status Convolution::Impl::execute(int threads, const void *inputData,
                                  const void *kernelData, const void *biasData,
                                  const void *addendData, void *resultData,
                                  uint64_t kernelIdentity) {
  void *bf16Result = nullptr;
  if (widened) {
    widenBf16Array(static_cast<const uint16_t *>(inputData), inputStage.data(),
                   inputStage.size());
    inputData = inputStage.data();
    if (kernelIdentity == 0 || kernelIdentity != stagedKernelIdentity) {
      widenBf16Array(static_cast<const uint16_t *>(kernelData),
                     kernelStage.data(), kernelStage.size());
      stagedKernelIdentity = kernelIdentity;
    }
    kernelData = kernelStage.data();
    bf16Result = resultData;
    resultData = resultStage.data();
  }
  dnnl_status_t s;
  if ((s = dnnl_memory_set_data_handle(input.plain,
                                       const_cast<void *>(inputData))) !=
          dnnl_success ||
      (s = dnnl_memory_set_data_handle(kernel.plain,
                                       const_cast<void *>(kernelData))) !=
          dnnl_success ||
      (s = dnnl_memory_set_data_handle(result.plain, resultData)) !=
          dnnl_success)
    return onednn::error("setting buffers", s);
  if ((bias && (s = dnnl_memory_set_data_handle(
                          bias, const_cast<void *>(biasData))) !=
                         dnnl_success) ||
      (addend && (s = dnnl_memory_set_data_handle(
                            addend, const_cast<void *>(addendData))) !=
                           dnnl_success))
    return onednn::error("setting buffers", s);
  if (Status made = makePrimitive(threads); !made)
    return made;
  onednn::setNumThreads(threads);
  if (Status copied = input.copy(stream, true); !copied)
    return copied;
  if (Status copied = kernel.copyIfChanged(stream, kernelIdentity); !copied)
    return copied;
  if (addend && !addendCopy) {
    // Plain to plain: oneDNN's reorder copies at a fraction of memcpy's
    // speed; nothing to copy where the result took the addend's buffer.
    if (resultData != addendData)
      std::memcpy(resultData, addendData,
                  dnnl_memory_desc_get_size(&result.plainDesc));
  } else if (addendCopy) {
    dnnl_exec_arg_t copyArgs[] = {{DNNL_ARG_FROM, addend},
                                  {DNNL_ARG_TO, result.used()}};
    if ((s = dnnl_primitive_execute(addendCopy, stream, 2,
                                    copyArgs)) != dnnl_success)
      return onednn::error("addend copy", s);
  }
  dnnl_exec_arg_t args[] = {{DNNL_ARG_SRC, getSource().used()},
                            {DNNL_ARG_WEIGHTS, getWeights().used()},
                            {DNNL_ARG_DST, result.used()},
                            {DNNL_ARG_SCRATCHPAD, scratchpad},
                            {DNNL_ARG_BIAS, bias}};
  int numArgs = 3 + (scratchpad != nullptr) + (bias != nullptr);
  if (!scratchpad)
    args[3] = args[4];
  if ((s = dnnl_primitive_execute(primitive, stream, numArgs,
                                  args)) != dnnl_success)
    return onednn::error("convolution", s);
  if (Status copied = result.copy(stream, false); !copied)
    return copied;
  if ((s = dnnl_stream_wait(stream)) != dnnl_success)
    return onednn::error("convolution", s);
  if (bf16Result) {
    auto *narrow = static_cast<uint16_t *>(bf16Result);
    int64_t resultElements = resultStage.size();
    if (resultPitch == 0 || resultChannels == 0) {
      narrowToBf16Array(resultStage.data(), narrow, resultElements);
    } else {
      for (int64_t pixel = 0; pixel < resultElements / resultChannels; ++pixel)
        narrowToBf16Array(resultStage.data() + pixel * resultChannels,
                          narrow + pixel * resultPitch, resultChannels);
    }
  }
  return {};
}

namespace {
/// Where the operands of one slice of a convolution start, in bytes from
/// the whole convolution's.
struct SliceOffsets {
  int64_t input = 0, kernel = 0, bias = 0, result = 0;
  /// The result's pixel pitch in channels when the slice is a range of
  /// the output channels of an NHWC result (0: dense).
  int64_t resultPitch = 0;
};

/// `data` advanced by `bytes`; null stays null.
const void *at(const void *data, int64_t bytes) {
  return data ? static_cast<const uint8_t *>(data) + bytes : nullptr;
}
void *at(void *data, int64_t bytes) {
  return data ? static_cast<uint8_t *>(data) + bytes : nullptr;
}

/// Splits `count` units into `parts` ranges, at multiples of `block` where
/// every range still gets at least one block; `begin(part)` is the first
/// unit of a range.
struct Split {
  int64_t count, parts, block;
  Split(int64_t count, int64_t parts, int64_t block)
      : count(count), parts(parts),
        block(count >= block * parts ? block : 1) {}
  int64_t begin(int64_t part) const {
    if (part >= parts)
      return count;
    int64_t blocks = (count + block - 1) / block;
    return std::min(count, blocks * part / parts * block);
  }
};

/// The slices of a convolution over one image for `threads` threads: for
/// NCHW, ranges of the groups (a grouped or depthwise convolution) or of
/// the output channels; for NHWC, ranges of the output channels where the
/// kernel outweighs the input (each slice's result strided, see below),
/// else of the output rows, each with the input rows its window reads and
/// the padding that falls in its range. Empty when the convolution does
/// not split that way.
std::vector<std::pair<ConvolutionSpec, SliceOffsets>>
splitRows(const ConvolutionSpec &spec, int64_t parts);

std::vector<std::pair<ConvolutionSpec, SliceOffsets>>
splitImage(const ConvolutionSpec &spec, int64_t threads) {
  std::vector<std::pair<ConvolutionSpec, SliceOffsets>> slices;
  if (spec.batch != 1)
    return slices;
  int64_t bytes = spec.bf16 ? 2 : 4;
  int64_t pixels = spec.height * spec.width;
  int64_t outPixels = spec.outHeight * spec.outWidth;
  int64_t window = spec.kernelHeight * spec.kernelWidth;
  if (!spec.nhwc) {
    // oneDNN's blocked layouts hold 16 channels per block.
    int64_t inPerGroup = spec.inChannels / spec.groups;
    int64_t outPerGroup = spec.outChannels / spec.groups;
    bool byGroups = spec.groups > 1;
    Split split(byGroups ? spec.groups : spec.outChannels, threads, 16);
    if (split.count < threads)
      return slices;
    for (int64_t part = 0; part < threads; ++part) {
      int64_t first = split.begin(part);
      int64_t size = split.begin(part + 1) - first;
      ConvolutionSpec slice = spec;
      SliceOffsets at;
      if (byGroups) {
        slice.groups = size;
        slice.inChannels = size * inPerGroup;
        slice.outChannels = size * outPerGroup;
        at.input = first * inPerGroup * pixels * bytes;
        at.kernel = first * outPerGroup * inPerGroup * window * bytes;
        at.bias = first * outPerGroup * 4;
        at.result = first * outPerGroup * outPixels * bytes;
      } else {
        slice.outChannels = size;
        at.kernel = first * spec.inChannels * window * bytes;
        at.bias = first * 4;
        at.result = first * outPixels * bytes;
      }
      slices.push_back({slice, at});
    }
    return slices;
  }
  // Where the kernel outweighs the activations (the deep layers of a
  // network at batch 1: 7x7 pixels by 512 channels, 4.7 MB of bf16 weights
  // for 50 KB of input), ranges of the output channels: each thread reads
  // its share of the kernel rather than all of it, and 7 rows do not split
  // evenly in two (ResNet-18's last 3x3 convolutions on 2 threads: 0.65
  // to 0.60-0.62 ms). Each slice writes its channels of every pixel (a strided
  // result, which the primitive reaches through a reorder). Not with an
  // HWIO kernel (its output channels are innermost), nor with an addend,
  // nor for a matrix product (which runs on the plain layouts).
  int64_t kernelBytes = spec.outChannels * spec.inChannels * window * bytes;
  int64_t inputBytes = pixels * spec.inChannels * bytes;
  if (spec.kernelOihw && spec.groups == 1 && !spec.addend &&
      !isMatrixProductSpec(spec) && kernelBytes > 2 * inputBytes &&
      spec.outChannels >= 16 * threads) {
    Split channels(spec.outChannels, threads, 16);
    for (int64_t part = 0; part < threads; ++part) {
      int64_t first = channels.begin(part);
      ConvolutionSpec slice = spec;
      slice.outChannels = channels.begin(part + 1) - first;
      SliceOffsets at;
      at.kernel = first * spec.inChannels * window * bytes;
      at.bias = first * 4;
      at.result = first * bytes;
      at.resultPitch = spec.outChannels;
      slices.push_back({slice, at});
    }
    return slices;
  }
  return splitRows(spec, threads);
}

/// The slices of one NHWC image's output rows into `parts` ranges, each
/// with the input rows its window reads and the padding that falls in its
/// range; empty when there are fewer rows than parts or a slice would
/// read padding alone.
std::vector<std::pair<ConvolutionSpec, SliceOffsets>>
splitRows(const ConvolutionSpec &spec, int64_t parts) {
  std::vector<std::pair<ConvolutionSpec, SliceOffsets>> slices;
  int64_t bytes = spec.bf16 ? 2 : 4;
  if (spec.batch != 1 || !spec.nhwc || spec.outHeight < parts)
    return slices;
  Split split(spec.outHeight, parts, 1);
  int64_t span = (spec.kernelHeight - 1) * spec.dilations[0] + 1;
  for (int64_t part = 0; part < parts; ++part) {
    int64_t first = split.begin(part);
    int64_t last = split.begin(part + 1);
    // The input rows the window reads, in padded coordinates.
    int64_t top = first * spec.strides[0] - spec.padding[0];
    int64_t bottom = (last - 1) * spec.strides[0] - spec.padding[0] + span;
    ConvolutionSpec slice = spec;
    slice.outHeight = last - first;
    slice.padding[0] = std::max<int64_t>(0, -top);
    slice.padding[1] = std::max<int64_t>(0, bottom - spec.height);
    top = std::max<int64_t>(0, top);
    bottom = std::min(bottom, spec.height);
    if (bottom <= top)
      return {}; // A slice that reads padding alone.
    slice.height = bottom - top;
    SliceOffsets at;
    at.input = top * spec.width * spec.inChannels * bytes;
    at.result = first * spec.outWidth * spec.outChannels * bytes;
    slices.push_back({slice, at});
  }
  return slices;
}
} // namespace

/// Runs fn(i) for i in [0, count), each on one of the device's threads
/// with single-threaded oneDNN primitives; the first failure, if any.
static Status runEachOnOneThread(Device &device, int64_t count,
                                 const std::function<Status(int64_t)> &fn) {
  std::vector<Status> statuses(count);
  device.dispatch(count, 1, [&](int64_t begin, int64_t end) {
    onednn::setNumThreads(1);
    for (int64_t i = begin; i < end; ++i)
      statuses[i] = fn(i);
  });
  for (Status &status : statuses)
    if (!status)
      return status;
  return {};
}

Status Convolution::makeParts(int64_t threads) {
  parts.clear();
  std::vector<std::pair<ConvolutionSpec, SliceOffsets>> slices;
  if (spec.batch >= threads) {
    // Slices of the images.
    int64_t bytes = spec.bf16 ? 2 : 4;
    int64_t inputImage = spec.inChannels * spec.height * spec.width * bytes;
    int64_t resultImage =
        spec.outChannels * spec.outHeight * spec.outWidth * bytes;
    Split split(spec.batch, threads, 1);
    for (int64_t part = 0; part < threads; ++part) {
      ConvolutionSpec slice = spec;
      slice.batch = split.begin(part + 1) - split.begin(part);
      SliceOffsets at;
      at.input = split.begin(part) * inputImage;
      at.result = split.begin(part) * resultImage;
      slices.push_back({slice, at});
    }
  } else {
    slices = splitImage(spec, threads);
  }
  for (auto &[slice, at] : slices) {
    Status status;
    std::unique_ptr<Impl> impl = makeImpl(slice, status, at.resultPitch);
    if (!impl) {
      parts.clear();
      return status;
    }
    parts.push_back({std::move(impl), at.input, at.kernel, at.bias,
                     at.result});
  }
  partsThreads = threads;
  return {};
}

/// StableHLO's maximum(x, 0) over `count` f32 elements, in place: NaN
/// stays NaN and -0 becomes +0.
static void applyRelu(Device &device, void *data, int64_t count) {
  auto *values = static_cast<float *>(data);
  device.dispatch(count, int64_t(1) << 15,
                  [values](int64_t begin, int64_t end) {
                    for (int64_t i = begin; i < end; ++i)
                      values[i] = stablehloRelu(values[i]);
                  });
}

Status Convolution::run(Device &device, const void *input, const void *kernel,
                        const void *bias, const void *addend, void *result) {
  if (pointwise) {
    PointwiseConvolution::Operands operands;
    operands.input = static_cast<const float *>(input);
    operands.kernel = static_cast<const float *>(kernel);
    operands.bias = static_cast<const float *>(bias);
    operands.addend = static_cast<const float *>(addend);
    operands.result = static_cast<float *>(result);
    operands.kernelIdentity = kernelIdentity;
    return pointwise->run(device, operands);
  }
  if (spec.pool)
    return runWithPool(device, input, kernel, bias, result);
  Status status = runLibrary(device, input, kernel, bias, addend, result);
  if (status && spec.relu)
    applyRelu(device, result,
              spec.batch * spec.outChannels * spec.outHeight * spec.outWidth);
  return status;
}

Status Convolution::runLibrary(Device &device, const void *input,
                               const void *kernel, const void *bias,
                               const void *addend, void *result) {
  auto threads = static_cast<int64_t>(device.getNumThreads());
  if (threads >= 2 && partsThreads != threads)
    if (Status made = makeParts(threads); !made)
      return made;
  if (threads < 2 || parts.empty())
    // One primitive that parallelizes itself on as many threads as the
    // device has.
    return impl->execute(static_cast<int>(threads), input, kernel, bias, addend,
                         result, kernelIdentity);
  // One slice per thread of the device's pool, each a single-threaded
  // primitive: oneDNN's OpenMP threads would otherwise spin after the call
  // on the cores the pool's next dispatch needs.
  return runEachOnOneThread(
      device, static_cast<int64_t>(parts.size()), [&](int64_t i) {
        const Part &part = parts[i];
        return part.impl->execute(1, at(input, part.input),
                                  at(kernel, part.kernel), at(bias, part.bias),
                                  at(addend, part.result),
                                  at(result, part.result), kernelIdentity);
      });
}

/// The bytes of the convolution's result per band of rows that
/// runWithPool pools while they are in L2.
constexpr int64_t kPoolBandBytes = int64_t(384) << 10;

/// The pool `spec` ends with, for maxPoolRows.
static MaxPoolShape getPoolShape(const ConvolutionSpec &spec) {
  MaxPoolShape shape;
  shape.height = spec.outHeight;
  shape.width = spec.outWidth;
  shape.channels = spec.outChannels;
  for (int i = 0; i < 2; ++i) {
    shape.window[i] = spec.poolWindow[i];
    shape.strides[i] = spec.poolStrides[i];
  }
  for (int i = 0; i < 4; ++i)
    shape.padding[i] = spec.poolPadding[i];
  shape.outHeight = spec.poolHeight;
  shape.outWidth = spec.poolWidth;
  shape.relu = spec.relu;
  return shape;
}

Status Convolution::runWithPool(Device &device, const void *input,
                                const void *kernel, const void *bias,
                                void *result) {
  auto threads = static_cast<int64_t>(device.getNumThreads());
  MaxPoolShape shape = getPoolShape(spec);
  int64_t imageElements = spec.outHeight * spec.outWidth * spec.outChannels;
  int64_t pooledElements = spec.poolHeight * spec.poolWidth * spec.outChannels;
  auto *pooled = static_cast<float *>(result);
  if (spec.batch < threads) {
    // The convolution on all threads into a scratch batch, then the pool
    // by rows.
    poolScratch.resize(spec.batch * imageElements);
    if (Status status = runLibrary(device, input, kernel, bias, nullptr,
                                   poolScratch.data());
        !status)
      return status;
    int64_t rows = spec.batch * spec.poolHeight;
    device.dispatch(rows, 1, [&](int64_t begin, int64_t end) {
      for (int64_t row = begin; row < end;) {
        int64_t n = row / spec.poolHeight;
        int64_t last = std::min(end, (n + 1) * spec.poolHeight);
        maxPoolRows(shape, poolScratch.data() + n * imageElements,
                    pooled + n * pooledElements, row - n * spec.poolHeight,
                    last - n * spec.poolHeight);
        row = last;
      }
    });
    return {};
  }
  // Each thread a range of the images, one at a time, in bands of the
  // convolution's rows: a band into the thread's scratch image, then the
  // pool's rows whose windows it completes, while the band is in L2.
  if (poolRangesThreads != threads) {
    poolRanges.clear();
    ConvolutionSpec image = spec;
    image.batch = 1;
    image.pool = image.relu = false;
    int64_t rowBytes = spec.outWidth * spec.outChannels * 4;
    int64_t bands =
        (spec.outHeight * rowBytes + kPoolBandBytes - 1) / kPoolBandBytes;
    std::vector<std::pair<ConvolutionSpec, SliceOffsets>> slices =
        splitRows(image, std::max<int64_t>(1, bands));
    if (slices.empty())
      slices.push_back({image, SliceOffsets()});
    Split split(spec.batch, threads, 1);
    for (int64_t part = 0; part < threads; ++part) {
      PoolRange range;
      range.begin = split.begin(part);
      range.end = split.begin(part + 1);
      int64_t firstRow = 0;
      for (auto &[slice, offsets] : slices) {
        Status status;
        PoolBand band;
        band.impl = makeImpl(slice, status);
        if (!band.impl) {
          poolRanges.clear();
          return status;
        }
        band.input = offsets.input;
        band.result = offsets.result;
        firstRow += slice.outHeight;
        band.rowsDone = firstRow;
        range.bands.push_back(std::move(band));
      }
      range.scratch.resize(imageElements);
      poolRanges.push_back(std::move(range));
    }
    poolRangesThreads = threads;
  }
  int64_t inputImage = spec.inChannels * spec.height * spec.width * 4;
  auto runRange = [&](PoolRange &range) -> Status {
    for (int64_t n = range.begin; n < range.end; ++n) {
      const void *image = at(input, n * inputImage);
      float *out = pooled + n * pooledElements;
      int64_t poolRow = 0;
      for (PoolBand &band : range.bands) {
        if (Status status = band.impl->execute(
                1, at(image, band.input), kernel, bias, nullptr,
                at(static_cast<void *>(range.scratch.data()), band.result),
                kernelIdentity);
            !status)
          return status;
        // The pool's rows whose last window row the bands have computed.
        int64_t end = poolRow;
        while (end < spec.poolHeight &&
               (band.rowsDone == spec.outHeight || end * spec.poolStrides[0] -
                                                           spec.poolPadding[0] +
                                                           spec.poolWindow[0] <=
                                                       band.rowsDone))
          ++end;
        maxPoolRows(shape, range.scratch.data(), out, poolRow, end);
        poolRow = end;
      }
    }
    return {};
  };
  return runEachOnOneThread(device, static_cast<int64_t>(poolRanges.size()),
                            [&](int64_t i) { return runRange(poolRanges[i]); });
}

Status Convolution::makeImageRanges(int64_t threads) {
  imageRanges.clear();
  ConvolutionSpec image = spec, shortcutImage = shortcut->spec;
  image.batch = shortcutImage.batch = 1;
  Split split(spec.batch, threads, 1);
  for (int64_t part = 0; part < threads; ++part) {
    ImageRange range;
    range.begin = split.begin(part);
    range.end = split.begin(part + 1);
    Status status;
    range.impl = makeImpl(image, status);
    if (range.impl)
      range.shortcut = makeImpl(shortcutImage, status);
    if (!range.shortcut) {
      imageRanges.clear();
      return status;
    }
    imageRanges.push_back(std::move(range));
  }
  imageRangesThreads = threads;
  return {};
}

void Convolution::setKernelIdentities(uint64_t kernel,
                                      uint64_t shortcutKernel) {
  kernelIdentity = kernel;
  shortcutKernelIdentity = shortcutKernel;
  if (shortcut)
    shortcut->setKernelIdentities(shortcutKernel, 0);
}

Status Convolution::runWithShortcut(Device &device, const void *input,
                                    const void *kernel, const void *bias,
                                    const void *shortcutInput,
                                    const void *shortcutKernel,
                                    const void *shortcutBias, void *result) {
  if (pointwise) {
    PointwiseConvolution::Operands operands;
    operands.input = static_cast<const float *>(input);
    operands.kernel = static_cast<const float *>(kernel);
    operands.bias = static_cast<const float *>(bias);
    operands.shortcutInput = static_cast<const float *>(shortcutInput);
    operands.shortcutKernel = static_cast<const float *>(shortcutKernel);
    operands.shortcutBias = static_cast<const float *>(shortcutBias);
    operands.result = static_cast<float *>(result);
    operands.kernelIdentity = kernelIdentity;
    operands.shortcutKernelIdentity = shortcutKernelIdentity;
    return pointwise->run(device, operands);
  }
  if (!shortcut)
    return Status::error("convolution without a shortcut run with one");
  Status status = runShortcutLibrary(device, input, kernel, bias, shortcutInput,
                                     shortcutKernel, shortcutBias, result);
  // The ReLU follows the sum of both.
  if (status && spec.relu)
    applyRelu(device, result,
              spec.batch * spec.outChannels * spec.outHeight * spec.outWidth);
  return status;
}

Status Convolution::runShortcutLibrary(Device &device, const void *input,
                                       const void *kernel, const void *bias,
                                       const void *shortcutInput,
                                       const void *shortcutKernel,
                                       const void *shortcutBias, void *result) {
  auto threads = static_cast<int64_t>(device.getNumThreads());
  if (spec.batch < threads) {
    if (Status status = shortcut->run(device, shortcutInput, shortcutKernel,
                                      shortcutBias, nullptr, result);
        !status)
      return status;
    return runLibrary(device, input, kernel, bias, result, result);
  }
  if (imageRangesThreads != threads)
    if (Status made = makeImageRanges(threads); !made)
      return made;
  const ConvolutionSpec &other = shortcut->spec;
  // f32 throughout (verifyShortcut).
  int64_t inputImage = spec.inChannels * spec.height * spec.width * 4;
  int64_t shortcutImage = other.inChannels * other.height * other.width * 4;
  int64_t resultImage = spec.outChannels * spec.outHeight * spec.outWidth * 4;
  auto runRange = [&](const ImageRange &range) -> Status {
    for (int64_t n = range.begin; n < range.end; ++n) {
      void *out = at(result, n * resultImage);
      if (Status status = range.shortcut->execute(
              1, at(shortcutInput, n * shortcutImage), shortcutKernel,
              shortcutBias, nullptr, out, shortcutKernelIdentity);
          !status)
        return status;
      if (Status status =
              range.impl->execute(1, at(input, n * inputImage), kernel, bias,
                                  out, out, kernelIdentity);
          !status)
        return status;
    }
    return {};
  };
  if (threads < 2) {
    onednn::setNumThreads(1);
    return runRange(imageRanges.front());
  }
  return runEachOnOneThread(
      device, static_cast<int64_t>(imageRanges.size()),
      [&](int64_t i) { return runRange(imageRanges[i]); });
}
