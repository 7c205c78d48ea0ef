//===- JaxDuccFft.cpp - JAX's ducc_fft custom calls to stablehlo.fft ------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// From 2022 to 2023 JAX lowered FFTs on CPU to `ducc_fft` (a FlatBuffer
// DuccFftDescriptor as operand 0: the complex precision, the kind (C2C 0,
// C2R 1, R2C 2), the real-domain shape, element strides, the axes, the
// direction and a scale) and then `dynamic_ducc_fft` (a shorter
// descriptor; shape, strides and scale as operands 2-5, a result shape
// after them). DUCC's transforms are unnormalized; JAX passed 1/N as the
// scale of inverse ones. Both become stablehlo.fft over the trailing axes
// (its inverses are normalized), times scale * N (inverse) or scale
// (forward) where that is not one.
//
//===----------------------------------------------------------------------===//

#include "JaxCustomCalls.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/Support/InterleavedRange.h"

#include <cstring>

using namespace mlir;
using hlox::getConstantInts;
namespace shlo = hlox::stablehlo;

namespace {

/// Reads the tables of a FlatBuffer, every offset checked against its size.
class FlatTable {
public:
  /// The root table of `bytes`.
  static std::optional<FlatTable> root(ArrayRef<uint8_t> bytes) {
    uint32_t offset;
    if (!read(bytes, 0, offset))
      return std::nullopt;
    FlatTable table(bytes, offset);
    int32_t back;
    if (!read(bytes, offset, back))
      return std::nullopt;
    int64_t vtable = int64_t(offset) - back;
    uint16_t size;
    if (vtable < 0 || !read(bytes, vtable, size) || size < 4)
      return std::nullopt;
    table.vtable = vtable;
    table.vtableSize = size;
    return table;
  }

  /// Scalar field `field` (its default when absent); false when it is out
  /// of bounds.
  template <typename T> bool scalar(int field, T &value, T fallback) const {
    int64_t at = fieldOffset(field);
    if (at == 0) {
      value = fallback;
      return true;
    }
    return at > 0 && read(bytes, at, value);
  }

  /// Vector field `field` of unsigned integers of type T (empty when
  /// absent).
  template <typename T>
  bool vector(int field, SmallVectorImpl<int64_t> &values) const {
    int64_t at = fieldOffset(field);
    if (at == 0)
      return true;
    uint32_t relative, count;
    if (at < 0 || !read(bytes, at, relative))
      return false;
    int64_t start = at + relative;
    if (!read(bytes, start, count))
      return false;
    for (uint32_t i = 0; i < count; ++i) {
      T element;
      if (!read(bytes, start + 4 + int64_t(i) * sizeof(T), element))
        return false;
      values.push_back(static_cast<int64_t>(element));
    }
    return true;
  }

private:
  FlatTable(ArrayRef<uint8_t> bytes, int64_t table)
      : bytes(bytes), table(table) {}

  template <typename T>
  static bool read(ArrayRef<uint8_t> bytes, int64_t at, T &value) {
    if (at < 0 || at + int64_t(sizeof(T)) > int64_t(bytes.size()))
      return false;
    std::memcpy(&value, bytes.data() + at, sizeof(T)); // little-endian
    return true;
  }

  /// The absolute offset of a field, 0 when it is absent, -1 when broken.
  int64_t fieldOffset(int field) const {
    int64_t slot = 4 + 2 * int64_t(field);
    if (slot + 2 > vtableSize)
      return 0;
    uint16_t relative;
    if (!read(bytes, vtable + slot, relative))
      return -1;
    return relative == 0 ? 0 : table + relative;
  }

  ArrayRef<uint8_t> bytes;
  int64_t table;
  int64_t vtable = 0;
  uint16_t vtableSize = 0;
};

/// What a descriptor says.
struct FftDescriptor {
  int8_t dtype = 0; // COMPLEX64 0, COMPLEX128 1
  int8_t kind = 0;  // C2C 0, C2R 1, R2C 2
  bool forward = false;
  SmallVector<int64_t> shape, stridesIn, stridesOut, axes;
  std::optional<double> scale; // ducc_fft's; dynamic_ducc_fft's is operand 5
};

std::optional<SmallVector<uint8_t>> constantBytes(Value value) {
  auto constant = value.getDefiningOp<shlo::ConstantOp>();
  if (!constant)
    return std::nullopt;
  auto dense = dyn_cast<DenseIntElementsAttr>(constant.getValue());
  if (!dense || !dense.getElementType().isInteger(8))
    return std::nullopt;
  SmallVector<uint8_t> bytes;
  for (const APInt &v : dense.getValues<APInt>())
    bytes.push_back(static_cast<uint8_t>(v.getZExtValue()));
  return bytes;
}

/// The row-major element strides of `shape`.
SmallVector<int64_t> rowMajorStrides(ArrayRef<int64_t> shape) {
  SmallVector<int64_t> strides(shape.size(), 1);
  for (int64_t d = static_cast<int64_t>(shape.size()) - 2; d >= 0; --d)
    strides[d] = strides[d + 1] * shape[d + 1];
  return strides;
}

} // namespace

FailureOr<bool> hlox::jax::rewriteDuccFft(shlo::CustomCallOp call,
                                          OpBuilder &builder) {
  StringRef target = call.getCallTargetName();
  bool dynamic = target == "dynamic_ducc_fft";
  FailureOr<bool> dropped = dropShapeOperands(call);
  if (failed(dropped) || !*dropped)
    return dropped;
  // dynamic_ducc_fft keeps its unused result-shape operand when nothing
  // named it.
  unsigned numOperands = call.getNumOperands();
  if (call.getNumResults() != 1 ||
      (dynamic ? (numOperands != 6 && numOperands != 7) : numOperands != 2))
    return call.emitOpError("@")
           << target << " takes a descriptor and "
           << (dynamic ? "an input, its shape, strides and scale" : "an input")
           << " and returns one result";
  std::optional<SmallVector<uint8_t>> bytes = constantBytes(call.getOperand(0));
  if (!bytes)
    return call.emitOpError("@")
           << target << ": the descriptor (operand 0) must be a ui8 constant";
  std::optional<FlatTable> table = FlatTable::root(*bytes);
  FftDescriptor fft;
  auto broken = [&]() {
    return call.emitOpError("@")
           << target << ": the descriptor is not a valid "
           << (dynamic ? "DynamicDuccFftDescriptor" : "DuccFftDescriptor");
  };
  if (!table)
    return broken();
  if (dynamic) {
    uint32_t ndims;
    if (!table->scalar<uint32_t>(0, ndims, 0) ||
        !table->scalar<int8_t>(1, fft.dtype, 0) ||
        !table->scalar<int8_t>(2, fft.kind, 0) ||
        !table->vector<uint32_t>(3, fft.axes) ||
        !table->scalar<bool>(4, fft.forward, false))
      return broken();
    std::optional<SmallVector<int64_t>> shape =
        getConstantInts(call.getOperand(2));
    std::optional<SmallVector<int64_t>> in =
        getConstantInts(call.getOperand(3));
    std::optional<SmallVector<int64_t>> out =
        getConstantInts(call.getOperand(4));
    if (!shape || !in || !out)
      return false;
    fft.shape = *shape;
    fft.stridesIn = *in;
    fft.stridesOut = *out;
    if (fft.shape.size() != ndims)
      return broken();
  } else {
    double scale;
    if (!table->scalar<int8_t>(0, fft.dtype, 0) ||
        !table->scalar<int8_t>(1, fft.kind, 0) ||
        !table->vector<uint64_t>(2, fft.shape) ||
        !table->vector<uint64_t>(3, fft.stridesIn) ||
        !table->vector<uint64_t>(4, fft.stridesOut) ||
        !table->vector<uint32_t>(5, fft.axes) ||
        !table->scalar<bool>(6, fft.forward, false) ||
        !table->scalar<double>(7, scale, 0.0))
      return broken();
    fft.scale = scale;
  }
  Value input = call.getOperand(1);
  auto inType = dyn_cast<RankedTensorType>(input.getType());
  auto outType = dyn_cast<RankedTensorType>(call.getResult(0).getType());
  if (!inType || !outType || !inType.hasStaticShape() ||
      !outType.hasStaticShape())
    return false;
  int64_t rank = inType.getRank();
  // The axes are the trailing ones, in order; the arrays row-major.
  bool trailing = !fft.axes.empty() &&
                  static_cast<int64_t>(fft.axes.size()) <= rank &&
                  static_cast<int64_t>(fft.shape.size()) == rank;
  for (size_t i = 0; trailing && i < fft.axes.size(); ++i)
    trailing = fft.axes[i] ==
               rank - static_cast<int64_t>(fft.axes.size()) + int64_t(i);
  if (!trailing)
    return call.emitOpError("@")
           << target << ": axes " << llvm::interleaved_array(fft.axes)
           << " must be the trailing dimensions of the rank-" << rank
           << " input, in order";
  if (fft.kind < 0 || fft.kind > 2 || fft.dtype < 0 || fft.dtype > 1)
    return broken();
  if (fft.stridesIn != rowMajorStrides(inType.getShape()) ||
      fft.stridesOut != rowMajorStrides(outType.getShape()))
    return call.emitOpError("@")
           << target << ": only row-major inputs and results are supported";
  Type complexPart = getElementTypeOrSelf(fft.kind == 1 ? inType : outType);
  auto complex = dyn_cast<ComplexType>(complexPart);
  unsigned width = fft.dtype == 0 ? 32 : 64;
  if (!complex || complex.getElementType().getIntOrFloatBitWidth() != width)
    return call.emitOpError("@")
           << target << ": the descriptor's precision (complex<f" << width
           << ">) does not match " << inType << " -> " << outType;
  shlo::FftType type;
  switch (fft.kind) {
  case 0:
    type = fft.forward ? shlo::FftType::FFT : shlo::FftType::IFFT;
    break;
  case 1:
    type = shlo::FftType::IRFFT;
    break;
  default:
    type = shlo::FftType::RFFT;
    break;
  }
  if ((fft.kind == 2 && !fft.forward) || (fft.kind == 1 && fft.forward))
    return call.emitOpError("@")
           << target << ": a "
           << (fft.kind == 2 ? "real-to-complex transform must be forward"
                             : "complex-to-real transform must be inverse");
  SmallVector<int64_t> lengths(
      ArrayRef<int64_t>(fft.shape).take_back(fft.axes.size()));
  double count = 1;
  for (int64_t length : lengths)
    count *= static_cast<double>(length);
  bool inverse = type == shlo::FftType::IFFT || type == shlo::FftType::IRFFT;
  builder.setInsertionPoint(call);
  Location loc = call.getLoc();
  Value result =
      shlo::FftOp::create(builder, loc, outType, input,
                          shlo::FftTypeAttr::get(call.getContext(), type),
                          builder.getDenseI64ArrayAttr(lengths));
  // stablehlo.fft's inverses divide by N; DUCC multiplies by the scale.
  auto realType = RankedTensorType::get(
      {}, cast<ComplexType>(complexPart).getElementType());
  Value factor;
  if (fft.scale) {
    double value = *fft.scale * (inverse ? count : 1.0);
    if (value != 1.0)
      factor = shlo::ConstantOp::create(
          builder, loc, realType,
          DenseElementsAttr::get(
              realType,
              builder.getFloatAttr(realType.getElementType(), value)));
  } else {
    // dynamic_ducc_fft's scale: a tensor<1xf64> the program computes.
    Value scale = call.getOperand(5);
    auto scaleType = dyn_cast<RankedTensorType>(scale.getType());
    if (!scaleType || scaleType.getNumElements() != 1 ||
        !isa<FloatType>(scaleType.getElementType()))
      return call.emitOpError("@")
             << target << ": the scale (operand 5) must be one float, got "
             << scale.getType();
    auto scalarType = RankedTensorType::get({}, scaleType.getElementType());
    scale = shlo::ReshapeOp::create(builder, loc, scalarType, scale);
    if (inverse) {
      Value n = shlo::ConstantOp::create(
          builder, loc, scalarType,
          DenseElementsAttr::get(
              scalarType,
              builder.getFloatAttr(scaleType.getElementType(), count)));
      scale = shlo::MulOp::create(builder, loc, scale, n);
    }
    factor = shlo::ConvertOp::create(builder, loc, realType, scale);
  }
  if (factor) {
    Type element = outType.getElementType();
    if (isa<ComplexType>(element))
      factor = shlo::ConvertOp::create(
          builder, loc, RankedTensorType::get({}, element), factor);
    factor = shlo::BroadcastInDimOp::create(builder, loc, outType, factor,
                                            ArrayRef<int64_t>{});
    result = shlo::MulOp::create(builder, loc, result, factor);
  }
  call.replaceAllUsesWith(ValueRange{result});
  call.erase();
  return true;
}
