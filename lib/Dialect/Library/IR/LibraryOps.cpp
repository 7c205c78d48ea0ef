//===- LibraryOps.cpp - The library dialect -------------------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Dialect/Library/IR/LibraryOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace hlox::library;

#include "hlox/Dialect/Library/IR/LibraryDialect.cpp.inc"

void LibraryDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "hlox/Dialect/Library/IR/LibraryOps.cpp.inc"
      >();
}

namespace {
/// The dimension groups of a matmul's operands and result.
struct MatmulGroups {
  ArrayRef<int64_t> lhsBatch, lhsM, lhsK, rhsBatch, rhsK, rhsN;
  ArrayRef<int64_t> resultBatch, resultM, resultN;
};
} // namespace

/// Splits the shapes into groups; fails when the ranks do not add up.
static FailureOr<MatmulGroups> getGroups(MatmulOp op) {
  ArrayRef<int64_t> lhs = op.getLhs().getType().getShape();
  ArrayRef<int64_t> rhs = op.getRhs().getType().getShape();
  ArrayRef<int64_t> result = op.getResult().getType().getShape();
  int64_t batch = op.getBatchRank(), contracting = op.getContractingRank();
  int64_t mRank = static_cast<int64_t>(lhs.size()) - batch - contracting;
  int64_t nRank = static_cast<int64_t>(rhs.size()) - batch - contracting;
  if (mRank < 0 || nRank < 0 ||
      static_cast<int64_t>(result.size()) != batch + mRank + nRank)
    return failure();
  MatmulGroups groups;
  groups.lhsBatch = lhs.take_front(batch);
  groups.rhsBatch = rhs.take_front(batch);
  groups.resultBatch = result.take_front(batch);
  ArrayRef<int64_t> lhsRest = lhs.drop_front(batch);
  ArrayRef<int64_t> rhsRest = rhs.drop_front(batch);
  groups.lhsM = op.getTransposeLhs() ? lhsRest.take_back(mRank)
                                     : lhsRest.take_front(mRank);
  groups.lhsK = op.getTransposeLhs() ? lhsRest.take_front(contracting)
                                     : lhsRest.take_back(contracting);
  groups.rhsK = op.getTransposeRhs() ? rhsRest.take_back(contracting)
                                     : rhsRest.take_front(contracting);
  groups.rhsN = op.getTransposeRhs() ? rhsRest.take_front(nRank)
                                     : rhsRest.take_back(nRank);
  groups.resultM = result.drop_front(batch).take_front(mRank);
  groups.resultN = result.take_back(nRank);
  return groups;
}

LogicalResult MatmulOp::verify() {
  if (!getEpilogue() && !getEpilogueOperands().empty())
    return emitOpError("has epilogue operands but no epilogue");
  FailureOr<MatmulGroups> groups = getGroups(*this);
  if (failed(groups))
    return emitOpError("ranks do not add up: lhs ")
           << getLhs().getType().getRank() << ", rhs "
           << getRhs().getType().getRank() << " and result "
           << getResult().getType().getRank() << " with batch_rank "
           << getBatchRank() << " and contracting_rank "
           << getContractingRank();
  auto check = [&](StringRef what, ArrayRef<int64_t> a, ArrayRef<int64_t> b,
                   StringRef aName, StringRef bName) -> LogicalResult {
    if (a == b)
      return success();
    auto diag = emitOpError() << "the " << what << " dimensions of " << aName
                              << " [";
    llvm::interleaveComma(a, diag);
    diag << "] and " << bName << " [";
    llvm::interleaveComma(b, diag);
    return diag << "] differ";
  };
  if (failed(check("batch", groups->lhsBatch, groups->rhsBatch, "lhs",
                   "rhs")) ||
      failed(check("batch", groups->lhsBatch, groups->resultBatch, "lhs",
                   "the result")) ||
      failed(check("contracting", groups->lhsK, groups->rhsK, "lhs", "rhs")) ||
      failed(check("row", groups->lhsM, groups->resultM, "lhs",
                   "the result")) ||
      failed(check("column", groups->rhsN, groups->resultN, "rhs",
                   "the result")))
    return failure();
  Type element = getLhs().getType().getElementType();
  Type resultElement = getResult().getType().getElementType();
  if (getRhs().getType().getElementType() != element)
    return emitOpError("multiplies ")
           << element << " by " << getRhs().getType().getElementType()
           << ": the operands' element types differ";
  if (!resultElement.isF32() && resultElement != element)
    return emitOpError("has a ") << resultElement << " result for " << element
                                 << " operands (f32 or theirs expected)";
  if (!element.isF32() && (getHloxKernel() || getEpilogue()))
    return emitOpError("on ")
           << element << " takes neither hlox_kernel nor an epilogue "
           << "dispatch (f32 only)";
  if (hasLibraryEpilogue() && (getHloxKernel() || getEpilogue()))
    return emitOpError("has the library's epilogue (bias, addend, relu, "
                       "gelu_tanh) and hlox_kernel or an epilogue dispatch");
  if (getRelu() && getGeluTanh())
    return emitOpError("has two activations, relu and gelu_tanh");
  if (Value bias = getBias()) {
    auto type = cast<RankedTensorType>(bias.getType());
    if (groups->resultN.size() != 1 || type.getRank() != 1 ||
        type.getDimSize(0) != groups->resultN[0] ||
        type.getElementType() != resultElement)
      return emitOpError("bias of type ")
             << type
             << " is not a vector of the result's one column dimension, of "
                "its element type";
  }
  if (Value addend = getAddend(); addend && addend.getType() != getType())
    return emitOpError("addend of type ")
           << addend.getType() << " differs from the result's " << getType();
  return success();
}

MatmulOp::Sizes MatmulOp::getSizes() {
  MatmulGroups groups = *getGroups(*this);
  auto product = [](ArrayRef<int64_t> dims) {
    int64_t size = 1;
    for (int64_t dim : dims)
      size *= dim;
    return size;
  };
  return {product(groups.lhsBatch), product(groups.lhsM),
          product(groups.rhsN), product(groups.lhsK)};
}

/// The size of a window's output over `in` elements padded by `low` and
/// `high`, or 0 where the window does not fit.
static int64_t windowOutput(int64_t in, int64_t low, int64_t high,
                            int64_t window, int64_t stride, int64_t dilation) {
  int64_t padded = in + low + high;
  int64_t span = (window - 1) * dilation + 1;
  return padded < span || stride < 1 ? 0 : (padded - span) / stride + 1;
}

Conv2DOp::Sizes Conv2DOp::getSizes() {
  ArrayRef<int64_t> input = getInput().getType().getShape();
  ArrayRef<int64_t> kernel = getKernel().getType().getShape();
  ArrayRef<int64_t> result = getResult().getType().getShape();
  Sizes sizes;
  if (!getNhwc())
    sizes = {input[0],  input[1],  input[2],  input[3], kernel[0],
             kernel[2], kernel[3], result[2], result[3]};
  else if (getKernelOhwi())
    sizes = {input[0],  input[3],  input[1],  input[2], kernel[0],
             kernel[1], kernel[2], result[1], result[2]};
  else if (!getKernelOihw())
    sizes = {input[0],  input[3],  input[1],  input[2], kernel[3],
             kernel[0], kernel[1], result[1], result[2]};
  else
    sizes = {input[0],  input[3],  input[1],  input[2], kernel[0],
             kernel[2], kernel[3], result[1], result[2]};
  if (getNchwResult()) {
    sizes.outHeight = result[2];
    sizes.outWidth = result[3];
  }
  if (getPoolWindow()) {
    // The result is pooled: the convolution's size follows from its
    // window.
    ArrayRef<int64_t> padding = getPadding(), strides = getStrides(),
                      dilations = getDilations();
    sizes.outHeight = sizes.outWidth = 0;
    if (padding.size() == 4 && strides.size() == 2 && dilations.size() == 2) {
      sizes.outHeight =
          windowOutput(sizes.height, padding[0], padding[1], sizes.kernelHeight,
                       strides[0], dilations[0]);
      sizes.outWidth =
          windowOutput(sizes.width, padding[2], padding[3], sizes.kernelWidth,
                       strides[1], dilations[1]);
    }
  }
  return sizes;
}

bool Conv2DOp::isPointwise() {
  Sizes sizes = getSizes();
  return sizes.kernelHeight == 1 && sizes.kernelWidth == 1 &&
         getGroups() == 1 &&
         llvm::all_of(getStrides(), [](int64_t v) { return v == 1; }) &&
         llvm::all_of(getDilations(), [](int64_t v) { return v == 1; }) &&
         llvm::all_of(getPadding(), [](int64_t v) { return v == 0; });
}

LogicalResult Conv2DOp::verify() {
  Type element = getInput().getType().getElementType();
  if (getKernel().getType().getElementType() != element ||
      getResult().getType().getElementType() != element)
    return emitOpError("input, kernel and result must have one element type");
  if (getInput().getType().getRank() != 4 ||
      getKernel().getType().getRank() != 4 ||
      getResult().getType().getRank() != 4)
    return emitOpError("input, kernel and result must have rank 4");
  if (getStrides().size() != 2 || getDilations().size() != 2 ||
      getPadding().size() != 4)
    return emitOpError("expects 2 strides, 2 dilations and 4 paddings");
  for (int64_t v : llvm::concat<const int64_t>(getStrides(), getDilations()))
    if (v < 1)
      return emitOpError("strides and dilations must be positive");
  for (int64_t v : getPadding())
    if (v < 0)
      return emitOpError("padding must not be negative");
  Sizes sizes = getSizes();
  ArrayRef<int64_t> result = getResult().getType().getShape();
  int64_t resultBatch = result[0];
  int64_t resultChannels =
      getNhwc() && !getNchwResult() ? result[3] : result[1];
  if (getPoolWindow()) {
    if (!getPoolStrides() || !getPoolPadding() ||
        getPoolWindow()->size() != 2 || getPoolStrides()->size() != 2 ||
        getPoolPadding()->size() != 4)
      return emitOpError("a max pool takes 2 window sizes, 2 strides and 4 "
                         "paddings");
    if (!getNhwc() || getNchwResult() || getAddend() || !element.isF32())
      return emitOpError("only an f32 NHWC convolution without an addend "
                         "or nchw_result ends with a max pool");
    ArrayRef<int64_t> window = *getPoolWindow(), strides = *getPoolStrides(),
                      padding = *getPoolPadding();
    for (int64_t v : llvm::concat<const int64_t>(window, strides))
      if (v < 1)
        return emitOpError("the max pool's window and strides must be "
                           "positive");
    for (int64_t v : padding)
      if (v < 0)
        return emitOpError("the max pool's padding must not be negative");
  }
  if (getKernelOihw() && !getNhwc())
    return emitOpError("kernel_oihw goes with nhwc (the kernel of an NCHW "
                       "convolution is OIHW already)");
  if (getNchwResult() && !(getNhwc() && getKernelOihw()))
    return emitOpError("nchw_result goes with nhwc and kernel_oihw");
  if (getKernelOhwi() && (!getNhwc() || getKernelOihw() || getPoolWindow()))
    return emitOpError("kernel_ohwi goes with nhwc, without kernel_oihw or "
                       "a max pool");
  int64_t kernelChannels = getKernelOhwi() ? getKernel().getType().getDimSize(3)
                           : getNhwc() && !getKernelOihw()
                               ? getKernel().getType().getDimSize(2)
                               : getKernel().getType().getDimSize(1);
  int64_t groups = getGroups();
  if (sizes.inChannels % groups != 0 || sizes.outChannels % groups != 0)
    return emitOpError("the input's and result's channels (")
           << sizes.inChannels << ", " << sizes.outChannels
           << ") must divide into " << groups << " groups";
  if (kernelChannels != sizes.inChannels / groups)
    return emitOpError("the kernel's input channels (")
           << kernelChannels << ") differ from the input's per group ("
           << sizes.inChannels / groups << ")";
  if (resultBatch != sizes.batch ||
      resultChannels != sizes.outChannels)
    return emitOpError("the result's batch and channels (")
           << resultBatch << ", " << resultChannels << ") must be ("
           << sizes.batch << ", " << sizes.outChannels << ")";
  if (hasEpilogue() && !element.isF32())
    return emitOpError("only an f32 convolution carries an epilogue");
  if (Value bias = getBias()) {
    auto biasType = cast<RankedTensorType>(bias.getType());
    if (biasType.getRank() != 1 ||
        biasType.getDimSize(0) != sizes.outChannels)
      return emitOpError("the bias must be a vector of the ")
             << sizes.outChannels << " output channels, not " << biasType;
  }
  if (getNchwResult() && (!element.isF32() || !isPointwise()))
    return emitOpError("only a pointwise f32 convolution (a 1x1 window, unit "
                       "strides and dilations, no padding, one group) "
                       "carries nchw_result");
  if (Value addend = getAddend()) {
    // NHWC, shaped like the result before nchw_result transposes it.
    SmallVector<int64_t> shape(getResult().getType().getShape());
    if (getNchwResult())
      shape = {shape[0], shape[2], shape[3], shape[1]};
    if (cast<RankedTensorType>(addend.getType()).getShape() !=
        ArrayRef<int64_t>(shape))
      return emitOpError("the addend's type ")
             << addend.getType() << " differs from the result's "
             << (getNchwResult() ? "before nchw_result transposes it " : "")
             << RankedTensorType::get(shape, element);
  }
  int64_t in[2] = {sizes.height, sizes.width};
  int64_t window[2] = {sizes.kernelHeight, sizes.kernelWidth};
  int64_t out[2] = {sizes.outHeight, sizes.outWidth};
  for (int i = 0; i < 2; ++i) {
    int64_t padded = in[i] + getPadding()[2 * i] + getPadding()[2 * i + 1];
    int64_t span = (window[i] - 1) * getDilations()[i] + 1;
    int64_t expected =
        padded < span ? 0 : (padded - span) / getStrides()[i] + 1;
    if (out[i] != expected)
      return emitOpError("spatial dimension ")
             << i << " of the result is " << out[i] << ", expected "
             << expected;
  }
  if (getPoolWindow()) {
    ArrayRef<int64_t> window = *getPoolWindow(), strides = *getPoolStrides(),
                      padding = *getPoolPadding();
    for (int i = 0; i < 2; ++i) {
      int64_t expected = windowOutput(
          out[i], padding[2 * i], padding[2 * i + 1], window[i], strides[i], 1);
      if (expected == 0 || result[1 + i] != expected)
        return emitOpError("spatial dimension ")
               << i << " of the pooled result is " << result[1 + i]
               << ", expected " << expected;
    }
  }
  return success();
}

#define GET_OP_CLASSES
#include "hlox/Dialect/Library/IR/LibraryOps.cpp.inc"
