//===- VerifyUtils.h - Helpers shared by the StableHLO verifiers -*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#ifndef HLOX_LIB_DIALECT_STABLEHLO_IR_VERIFYUTILS_H
#define HLOX_LIB_DIALECT_STABLEHLO_IR_VERIFYUTILS_H

#include "hlox/Dialect/StableHLO/IR/StablehloOps.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallSet.h"

namespace hlox::stablehlo::detail {

/// True when two dimension sizes can be equal (either is dynamic).
inline bool compatibleDim(int64_t a, int64_t b) {
  return mlir::ShapedType::isDynamic(a) || mlir::ShapedType::isDynamic(b) ||
         a == b;
}

/// Fails with "`name` entry N is out of range [0, rank)" (prefixed with
/// `rangeLabel`) or "`name` has a duplicate entry N" (prefixed with
/// `uniqueLabel`) on the first bad entry of `dims`.
inline mlir::LogicalResult
verifyDimsInRangeAndUnique(mlir::Operation *op, llvm::StringRef rangeLabel,
                           llvm::StringRef uniqueLabel, llvm::StringRef name,
                           llvm::ArrayRef<int64_t> dims, int64_t rank) {
  llvm::SmallSet<int64_t, 8> seen;
  for (int64_t dim : dims) {
    if (dim < 0 || dim >= rank)
      return op->emitOpError() << rangeLabel << name << " entry " << dim
                               << " is out of range [0, " << rank << ")";
    if (!seen.insert(dim).second)
      return op->emitOpError()
             << uniqueLabel << name << " has a duplicate entry " << dim;
  }
  return mlir::success();
}

/// Checks an optional window attribute (strides, dilations, ...): it has
/// `size` entries (else fails with `sizeLabel`) that are all positive (else
/// fails with `positiveLabel`).
inline mlir::LogicalResult
verifyPositiveList(mlir::Operation *op, llvm::StringRef sizeLabel,
                   llvm::StringRef positiveLabel, llvm::StringRef name,
                   std::optional<llvm::ArrayRef<int64_t>> values,
                   int64_t size) {
  if (!values)
    return mlir::success();
  if (static_cast<int64_t>(values->size()) != size)
    return op->emitOpError() << sizeLabel << name << " must have " << size
                             << " entries";
  if (llvm::any_of(*values, [](int64_t v) { return v <= 0; }))
    return op->emitOpError() << positiveLabel << name
                             << " entries must be positive";
  return mlir::success();
}

/// The number of windows along one dimension (spec reduce_window C15,
/// convolution C26): the input of `size` dilated by `baseDilation`, padded by
/// `padLow`/`padHigh`, scanned by a window of `window` dilated by
/// `windowDilation` with `stride`. Dynamic when `size` is.
inline int64_t numWindows(int64_t size, int64_t window, int64_t stride,
                          int64_t baseDilation, int64_t windowDilation,
                          int64_t padLow, int64_t padHigh) {
  if (mlir::ShapedType::isDynamic(size) || mlir::ShapedType::isDynamic(window))
    return mlir::ShapedType::kDynamic;
  int64_t dilatedInput = size == 0 ? 0 : (size - 1) * baseDilation + 1;
  int64_t padded = padLow + dilatedInput + padHigh;
  int64_t dilatedWindow = window == 0 ? 0 : (window - 1) * windowDilation + 1;
  if (padded <= 0 || dilatedWindow > padded)
    return 0;
  return (padded - dilatedWindow) / stride + 1;
}

/// The entries of `shape` at the indices in neither `drop` nor `alsoDrop`
/// (reduce results, gather/scatter batch and window sizes).
inline llvm::SmallVector<int64_t>
dropDims(llvm::ArrayRef<int64_t> shape, llvm::ArrayRef<int64_t> drop,
         llvm::ArrayRef<int64_t> alsoDrop = {}) {
  llvm::SmallVector<int64_t> kept;
  for (auto [i, size] : llvm::enumerate(shape))
    if (!llvm::is_contained(drop, static_cast<int64_t>(i)) &&
        !llvm::is_contained(alsoDrop, static_cast<int64_t>(i)))
      kept.push_back(size);
  return kept;
}

/// The size of a dimension sliced from `start` to `limit` by `stride`
/// (spec slice C5).
inline int64_t slicedSize(int64_t start, int64_t limit, int64_t stride) {
  return (limit - start + stride - 1) / stride;
}

/// The size of a dimension of `size` after edge and interior padding
/// (spec pad C4); dynamic stays dynamic.
inline int64_t paddedSize(int64_t size, int64_t low, int64_t high,
                          int64_t interior) {
  if (mlir::ShapedType::isDynamic(size))
    return mlir::ShapedType::kDynamic;
  return low + size + std::max<int64_t>(size - 1, 0) * interior + high;
}

/// The number of index-vector elements: dim(indices, index_vector_dim), or
/// 1 when the index vector dimension is implicit (gather C3, scatter C11).
inline int64_t indexVectorSize(mlir::ShapedType indices,
                               int64_t indexVectorDim) {
  return indexVectorDim < indices.getRank()
             ? indices.getDimSize(indexVectorDim)
             : 1;
}

/// True when every list has `size` entries (one per dimension).
inline bool allHaveSize(std::initializer_list<llvm::ArrayRef<int64_t>> lists,
                        int64_t size) {
  return llvm::all_of(lists, [&](llvm::ArrayRef<int64_t> list) {
    return static_cast<int64_t>(list.size()) == size;
  });
}

/// True when `dims` is sorted and has no repeated entry.
inline bool isSortedAndUnique(llvm::ArrayRef<int64_t> dims) {
  return llvm::is_sorted(dims) &&
         std::adjacent_find(dims.begin(), dims.end()) == dims.end();
}

/// The (low, high) padding pairs of a window op, zeros when absent.
inline llvm::SmallVector<int64_t>
paddingPairs(std::optional<mlir::DenseIntElementsAttr> padding, int64_t dims) {
  if (!padding)
    return llvm::SmallVector<int64_t>(2 * dims, 0);
  return llvm::to_vector(padding->getValues<int64_t>());
}

/// Entry `i` of an optional list, or `fallback`.
inline int64_t entryOr(std::optional<llvm::ArrayRef<int64_t>> values,
                       size_t i, int64_t fallback) {
  return values && i < values->size() ? (*values)[i] : fallback;
}

/// The element type with quantization stripped to its storage type.
inline mlir::Type storageElementType(mlir::Type type) {
  mlir::Type element = mlir::getElementTypeOrSelf(type);
  if (auto quant = llvm::dyn_cast<mlir::quant::QuantizedType>(element))
    return quant.getStorageType();
  return element;
}

/// The element type with quantization stripped to its expressed type.
inline mlir::Type expressedElementType(mlir::Type type) {
  mlir::Type element = mlir::getElementTypeOrSelf(type);
  if (auto quant = llvm::dyn_cast<mlir::quant::QuantizedType>(element))
    return quant.getExpressedType();
  return element;
}

/// True when two element types are equal, or both quantized with the same
/// storage and expressed types (the spec's "baseline" element types).
inline bool sameBaseElementType(mlir::Type a, mlir::Type b) {
  a = mlir::getElementTypeOrSelf(a);
  b = mlir::getElementTypeOrSelf(b);
  if (a == b)
    return true;
  auto qa = llvm::dyn_cast<mlir::quant::QuantizedType>(a);
  auto qb = llvm::dyn_cast<mlir::quant::QuantizedType>(b);
  return qa && qb && qa.getStorageType() == qb.getStorageType() &&
         qa.getExpressedType() == qb.getExpressedType();
}

/// The real type of a complex element type, else the type itself.
inline mlir::Type realPartType(mlir::Type element) {
  if (auto complex = llvm::dyn_cast<mlir::ComplexType>(element))
    return complex.getElementType();
  return element;
}

//===----------------------------------------------------------------------===//
// Region signatures (VerifyRegions.cpp)
//===----------------------------------------------------------------------===//

/// True when `type` is a 0-d tensor whose element type matches (up to
/// quantization parameters) the element type of `like`.
bool isScalarOf(mlir::Type type, mlir::Type like);

/// The spec's is_promotable(x, y): the same kind (bool, integer, float,
/// complex, quantized with one expressed type) and `y` at least as wide.
bool isPromotable(mlir::Type x, mlir::Type y);

/// `type` with the element type `element` when one is given.
mlir::Type withElementType(mlir::Type type, mlir::Type element);

/// Checks a reduction body: 2N scalar arguments, argument k and N+k of one
/// type E_k that the element type of `elementsOf[k]` is promotable to,
/// returning N scalars of those types. Fails with `label` followed by
/// `what` (the region's name).
mlir::LogicalResult verifyReducerSignature(mlir::Operation *op,
                                           llvm::StringRef label,
                                           llvm::StringRef what,
                                           mlir::Region &region,
                                           mlir::TypeRange elementsOf);

/// Checks a comparison region: two scalars of the element type of
/// `elementOf` in, one tensor<i1> out.
mlir::LogicalResult verifyPredicateSignature(mlir::Operation *op,
                                             llvm::StringRef label,
                                             llvm::StringRef what,
                                             mlir::Region &region,
                                             mlir::Type elementOf);

/// Checks that `region` returns one tensor<i1>.
mlir::LogicalResult verifyReturnsPredicate(mlir::Operation *op,
                                           llvm::StringRef label,
                                           llvm::StringRef what,
                                           mlir::Region &region);

//===----------------------------------------------------------------------===//
// Shape functions (ShapeFunctions.cpp), shared by the verifiers and type
// inference. Each expects attributes that are in range for its operands
// (the verifiers check that first; inference checks with the *InRange
// predicates) and yields kDynamic where an operand dimension is dynamic.
//===----------------------------------------------------------------------===//

/// dot_general C13: batch dims, then lhs free dims, then rhs free dims.
llvm::SmallVector<int64_t> dotGeneralShape(mlir::ShapedType lhs,
                                           mlir::ShapedType rhs,
                                           DotDimensionNumbersAttr dims);
bool dotGeneralDimsInRange(mlir::ShapedType lhs, mlir::ShapedType rhs,
                           DotDimensionNumbersAttr dims);

/// The window attributes of convolution, reduce_window and
/// select_and_scatter; absent lists mean 1s (dilations, strides) or 0s
/// (padding).
struct WindowAttrs {
  llvm::ArrayRef<int64_t> dimensions;
  std::optional<llvm::ArrayRef<int64_t>> strides;
  std::optional<llvm::ArrayRef<int64_t>> baseDilations;
  std::optional<llvm::ArrayRef<int64_t>> windowDilations;
  std::optional<mlir::DenseIntElementsAttr> padding;
};

/// The number of windows along each dimension of `shape` (reduce_window
/// C15, select_and_scatter C3).
llvm::SmallVector<int64_t> windowedShape(llvm::ArrayRef<int64_t> shape,
                                         const WindowAttrs &window);
/// True when every present list has one entry per dimension of a `rank`-d
/// input and padding is [rank, 2].
bool windowAttrsFit(const WindowAttrs &window, int64_t rank);

/// convolution C26: the output shape of `lhs` convolved with `rhs`.
llvm::SmallVector<int64_t>
convolutionShape(mlir::ShapedType lhs, mlir::ShapedType rhs,
                 ConvDimensionNumbersAttr dims,
                 std::optional<llvm::ArrayRef<int64_t>> strides,
                 std::optional<mlir::DenseIntElementsAttr> padding,
                 std::optional<llvm::ArrayRef<int64_t>> lhsDilation,
                 std::optional<llvm::ArrayRef<int64_t>> rhsDilation,
                 int64_t batchGroupCount);
bool convolutionDimsInRange(mlir::ShapedType lhs, mlir::ShapedType rhs,
                            ConvDimensionNumbersAttr dims);

/// gather C13: batch dims from the indices, offset dims from the slice
/// sizes, interleaved as offset_dims says.
llvm::SmallVector<int64_t> gatherShape(mlir::ShapedType indices,
                                       GatherDimensionNumbersAttr dims,
                                       llvm::ArrayRef<int64_t> sliceSizes);
bool gatherDimsInRange(mlir::ShapedType operand, mlir::ShapedType indices,
                       GatherDimensionNumbersAttr dims,
                       llvm::ArrayRef<int64_t> sliceSizes);

} // namespace hlox::stablehlo::detail

#endif // HLOX_LIB_DIALECT_STABLEHLO_IR_VERIFYUTILS_H
