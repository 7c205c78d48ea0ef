//===- TypeInference.cpp - Result type inference of StableHLO ops ---------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// inferReturnTypes of the ops whose result types the spec determines from
// their operands (InferTypeOpInterface). Builders may omit those result
// types, and the verifier checks given ones against the inferred ones with
// isCompatibleForTypeInference.
//
//===----------------------------------------------------------------------===//

#include "VerifyUtils.h"

using namespace mlir;
using namespace hlox::stablehlo;
using namespace hlox::stablehlo::detail;

namespace hlox::stablehlo {

static bool compatibleElementTypes(Type inferred, Type actual) {
  if (inferred == actual)
    return true;
  auto qi = dyn_cast<quant::QuantizedType>(inferred);
  auto qa = dyn_cast<quant::QuantizedType>(actual);
  return qi && qa && qi.getStorageType() == qa.getStorageType() &&
         qi.getExpressedType() == qa.getExpressedType();
}

bool isCompatibleForTypeInference(TypeRange inferred, TypeRange actual) {
  if (inferred.size() != actual.size())
    return false;
  for (auto [i, a] : llvm::zip(inferred, actual)) {
    if (i == a)
      continue;
    auto ti = dyn_cast<RankedTensorType>(i);
    auto ta = dyn_cast<RankedTensorType>(a);
    if (ti && ta) {
      if (failed(verifyCompatibleShape(ti, ta)) ||
          !compatibleElementTypes(ti.getElementType(), ta.getElementType()))
        return false;
      continue;
    }
    auto tupleI = dyn_cast<TupleType>(i);
    auto tupleA = dyn_cast<TupleType>(a);
    if (tupleI && tupleA &&
        isCompatibleForTypeInference(tupleI.getTypes(), tupleA.getTypes()))
      continue;
    return false;
  }
  return true;
}

} // namespace hlox::stablehlo

/// The tensor type of `type`'s shape (and bounds) with another element type.
static Type withElementType(Type type, Type element) {
  auto tensor = cast<RankedTensorType>(type);
  return RankedTensorType::get(tensor.getShape(), element,
                               tensor.getEncoding());
}

/// Ops whose result has the type of their first operand.
#define HLOX_INFER_AS_OPERAND(OP, INDEX)                                      \
  LogicalResult OP::inferReturnTypes(                                         \
      MLIRContext *, std::optional<Location>, ValueRange operands,            \
      DictionaryAttr, OpaqueProperties, RegionRange,                          \
      SmallVectorImpl<Type> &inferred) {                                      \
    if (operands.size() <= INDEX)                                             \
      return failure();                                                       \
    inferred.push_back(operands[INDEX].getType());                            \
    return success();                                                         \
  }

// Unary elementwise ops.
HLOX_INFER_AS_OPERAND(CbrtOp, 0)
HLOX_INFER_AS_OPERAND(CeilOp, 0)
HLOX_INFER_AS_OPERAND(CosineOp, 0)
HLOX_INFER_AS_OPERAND(CountLeadingZerosOp, 0)
HLOX_INFER_AS_OPERAND(ExpOp, 0)
HLOX_INFER_AS_OPERAND(Expm1Op, 0)
HLOX_INFER_AS_OPERAND(FloorOp, 0)
HLOX_INFER_AS_OPERAND(LogOp, 0)
HLOX_INFER_AS_OPERAND(Log1pOp, 0)
HLOX_INFER_AS_OPERAND(LogisticOp, 0)
HLOX_INFER_AS_OPERAND(NegOp, 0)
HLOX_INFER_AS_OPERAND(NotOp, 0)
HLOX_INFER_AS_OPERAND(PopulationCountOp, 0)
HLOX_INFER_AS_OPERAND(RoundOp, 0)
HLOX_INFER_AS_OPERAND(RoundNearestEvenOp, 0)
HLOX_INFER_AS_OPERAND(RsqrtOp, 0)
HLOX_INFER_AS_OPERAND(SignOp, 0)
HLOX_INFER_AS_OPERAND(SineOp, 0)
HLOX_INFER_AS_OPERAND(SqrtOp, 0)
HLOX_INFER_AS_OPERAND(TanOp, 0)
HLOX_INFER_AS_OPERAND(TanhOp, 0)
HLOX_INFER_AS_OPERAND(ReducePrecisionOp, 0)
// Binary elementwise ops.
HLOX_INFER_AS_OPERAND(AddOp, 0)
HLOX_INFER_AS_OPERAND(AndOp, 0)
HLOX_INFER_AS_OPERAND(Atan2Op, 0)
HLOX_INFER_AS_OPERAND(DivOp, 0)
HLOX_INFER_AS_OPERAND(MaxOp, 0)
HLOX_INFER_AS_OPERAND(MinOp, 0)
HLOX_INFER_AS_OPERAND(MulOp, 0)
HLOX_INFER_AS_OPERAND(OrOp, 0)
HLOX_INFER_AS_OPERAND(PowOp, 0)
HLOX_INFER_AS_OPERAND(RemOp, 0)
HLOX_INFER_AS_OPERAND(ShiftLeftOp, 0)
HLOX_INFER_AS_OPERAND(ShiftRightArithmeticOp, 0)
HLOX_INFER_AS_OPERAND(ShiftRightLogicalOp, 0)
HLOX_INFER_AS_OPERAND(SubtractOp, 0)
HLOX_INFER_AS_OPERAND(XorOp, 0)
// Others whose result is one of their operands' type.
HLOX_INFER_AS_OPERAND(ReverseOp, 0)              /*reverse_c1*/
HLOX_INFER_AS_OPERAND(DynamicUpdateSliceOp, 0)   /*dynamic_update_slice_c1*/
HLOX_INFER_AS_OPERAND(SelectOp, 1)               /*select_c2*/
HLOX_INFER_AS_OPERAND(ClampOp, 1)                /*clamp_c3*/

#undef HLOX_INFER_AS_OPERAND

/// abs, real, imag: the real part type of a complex operand (/*abs_c2*/,
/// /*real_c2*/, /*imag_c2*/); quantized and real operands keep their type.
static LogicalResult inferRealPart(ValueRange operands,
                                   SmallVectorImpl<Type> &inferred) {
  if (operands.empty())
    return failure();
  Type type = operands[0].getType();
  Type element = getElementTypeOrSelf(type);
  inferred.push_back(isa<ComplexType>(element)
                         ? withElementType(type, realPartType(element))
                         : type);
  return success();
}

LogicalResult AbsOp::inferReturnTypes(MLIRContext *, std::optional<Location>,
                                      ValueRange operands, DictionaryAttr,
                                      OpaqueProperties, RegionRange,
                                      SmallVectorImpl<Type> &inferred) {
  return inferRealPart(operands, inferred);
}

LogicalResult RealOp::inferReturnTypes(MLIRContext *, std::optional<Location>,
                                       ValueRange operands, DictionaryAttr,
                                       OpaqueProperties, RegionRange,
                                       SmallVectorImpl<Type> &inferred) {
  return inferRealPart(operands, inferred);
}

LogicalResult ImagOp::inferReturnTypes(MLIRContext *, std::optional<Location>,
                                       ValueRange operands, DictionaryAttr,
                                       OpaqueProperties, RegionRange,
                                       SmallVectorImpl<Type> &inferred) {
  return inferRealPart(operands, inferred);
}

/// A boolean tensor of the first operand's shape (/*is_finite_c1*/,
/// /*compare_c2*/).
static LogicalResult inferPredicate(MLIRContext *context, ValueRange operands,
                                    SmallVectorImpl<Type> &inferred) {
  if (operands.empty())
    return failure();
  inferred.push_back(
      withElementType(operands[0].getType(), IntegerType::get(context, 1)));
  return success();
}

LogicalResult IsFiniteOp::inferReturnTypes(MLIRContext *context,
                                           std::optional<Location>,
                                           ValueRange operands, DictionaryAttr,
                                           OpaqueProperties, RegionRange,
                                           SmallVectorImpl<Type> &inferred) {
  return inferPredicate(context, operands, inferred);
}

LogicalResult CompareOp::inferReturnTypes(MLIRContext *context,
                                          std::optional<Location>,
                                          ValueRange operands, DictionaryAttr,
                                          OpaqueProperties, RegionRange,
                                          SmallVectorImpl<Type> &inferred) {
  return inferPredicate(context, operands, inferred);
}

LogicalResult ComplexOp::inferReturnTypes(MLIRContext *,
                                          std::optional<Location>,
                                          ValueRange operands, DictionaryAttr,
                                          OpaqueProperties, RegionRange,
                                          SmallVectorImpl<Type> &inferred) {
  if (operands.empty())
    return failure();
  Type type = operands[0].getType();
  /*complex_c3*/
  inferred.push_back(
      withElementType(type, ComplexType::get(getElementTypeOrSelf(type))));
  return success();
}

LogicalResult GetDimensionSizeOp::inferReturnTypes(
    MLIRContext *context, std::optional<Location>, ValueRange, DictionaryAttr,
    OpaqueProperties, RegionRange, SmallVectorImpl<Type> &inferred) {
  inferred.push_back(RankedTensorType::get({}, IntegerType::get(context, 32)));
  return success();
}

/// replica_id and partition_id: tensor<ui32>.
static void inferProcessId(MLIRContext *context,
                           SmallVectorImpl<Type> &inferred) {
  inferred.push_back(RankedTensorType::get(
      {}, IntegerType::get(context, 32, IntegerType::Unsigned)));
}

LogicalResult ReplicaIdOp::inferReturnTypes(MLIRContext *context,
                                            std::optional<Location>,
                                            ValueRange, DictionaryAttr,
                                            OpaqueProperties, RegionRange,
                                            SmallVectorImpl<Type> &inferred) {
  inferProcessId(context, inferred);
  return success();
}

LogicalResult PartitionIdOp::inferReturnTypes(MLIRContext *context,
                                              std::optional<Location>,
                                              ValueRange, DictionaryAttr,
                                              OpaqueProperties, RegionRange,
                                              SmallVectorImpl<Type> &inferred) {
  inferProcessId(context, inferred);
  return success();
}

// after_all and create_token return a token; ODS generates their inference.

LogicalResult TupleOp::inferReturnTypes(MLIRContext *context,
                                        std::optional<Location>,
                                        ValueRange operands, DictionaryAttr,
                                        OpaqueProperties, RegionRange,
                                        SmallVectorImpl<Type> &inferred) {
  /*tuple_c1*/
  inferred.push_back(TupleType::get(context, operands.getTypes()));
  return success();
}

LogicalResult GetTupleElementOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> location, ValueRange operands,
    DictionaryAttr attributes, OpaqueProperties properties, RegionRange regions,
    SmallVectorImpl<Type> &inferred) {
  Adaptor adaptor(operands, attributes, properties, regions);
  auto tuple = operands.empty() ? TupleType()
                                : dyn_cast<TupleType>(operands[0].getType());
  if (!tuple || !adaptor.getIndexAttr())
    return failure();
  uint64_t index = adaptor.getIndex();
  /*get_tuple_element_c1*/ if (index >= tuple.size())
    return emitOptionalError(location, "/*get_tuple_element_c1*/ index ",
                             index, " is out of range for a tuple of ",
                             tuple.size());
  /*get_tuple_element_c2*/
  inferred.push_back(tuple.getType(index));
  return success();
}

/// while and optimization_barrier return values of their operands' types.
LogicalResult WhileOp::inferReturnTypes(MLIRContext *, std::optional<Location>,
                                        ValueRange operands, DictionaryAttr,
                                        OpaqueProperties, RegionRange,
                                        SmallVectorImpl<Type> &inferred) {
  /*while_c3*/
  llvm::append_range(inferred, operands.getTypes());
  return success();
}

LogicalResult OptimizationBarrierOp::inferReturnTypes(
    MLIRContext *, std::optional<Location>, ValueRange operands, DictionaryAttr,
    OpaqueProperties, RegionRange, SmallVectorImpl<Type> &inferred) {
  /*optimization_barrier_c1*/
  llvm::append_range(inferred, operands.getTypes());
  return success();
}
