//===- JaxHouseholder.cpp - Qr and Householder products to LAPACK ---------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// XLA's `Qr` (LAPACK geqrf's result: R above the diagonal, the reflectors
// below, and their factors) and `ProductOfElementaryHouseholderReflectors`
// (orgqr's: the first columns of their product), which JAX writes for
// platforms without a LAPACK lowering, become calls of the built-in LAPACK
// handlers, with the column-major layouts those take.
//
//===----------------------------------------------------------------------===//

#include "JaxCustomCalls.h"

#include "mlir/IR/BuiltinAttributes.h"

using namespace mlir;
namespace shlo = hlox::stablehlo;

/// LAPACK's letter for `type`, or 0.
static char getLapackPrefix(Type type) {
  if (type.isF32())
    return 's';
  if (type.isF64())
    return 'd';
  if (auto complex = dyn_cast<ComplexType>(type))
    return complex.getElementType().isF32()   ? 'c'
           : complex.getElementType().isF64() ? 'z'
                                              : 0;
  return 0;
}

/// A minor-to-major layout attribute.
static Attribute getLayout(OpBuilder &builder, ArrayRef<int64_t> layout) {
  auto type = RankedTensorType::get({static_cast<int64_t>(layout.size())},
                                    builder.getIndexType());
  return DenseIntElementsAttr::get(type, layout);
}

/// Column-major matrices, the batch dimensions major.
static Attribute getMatrixLayout(OpBuilder &builder, int64_t rank) {
  SmallVector<int64_t> layout = {rank - 2, rank - 1};
  for (int64_t d = rank - 3; d >= 0; --d)
    layout.push_back(d);
  return getLayout(builder, layout);
}

static Attribute getRowMajorLayout(OpBuilder &builder, int64_t rank) {
  SmallVector<int64_t> layout;
  for (int64_t d = rank - 1; d >= 0; --d)
    layout.push_back(d);
  return getLayout(builder, layout);
}

FailureOr<bool> hlox::jax::rewriteHouseholder(shlo::CustomCallOp call,
                                              OpBuilder &builder) {
  FailureOr<bool> dropped = dropShapeOperands(call);
  if (failed(dropped) || !*dropped)
    return dropped;
  StringRef target = call.getCallTargetName();
  bool isQr = target == "Qr";
  unsigned numOperands = isQr ? 1 : 2, numResults = isQr ? 2 : 1;
  if (call.getNumOperands() != numOperands ||
      call.getNumResults() != numResults)
    return call.emitOpError("@")
           << target << " takes " << numOperands << " operand(s) and returns "
           << numResults << " result(s)";
  auto matrix = dyn_cast<RankedTensorType>(call.getOperand(0).getType());
  if (!matrix ||
      !llvm::all_of(call->getOperandTypes(),
                    [](Type t) {
                      auto tensor = dyn_cast<RankedTensorType>(t);
                      return tensor && tensor.hasStaticShape();
                    }) ||
      !llvm::all_of(call.getResultTypes(), [](Type t) {
        auto tensor = dyn_cast<RankedTensorType>(t);
        return tensor && tensor.hasStaticShape();
      }))
    return false;
  char prefix = getLapackPrefix(matrix.getElementType());
  if (matrix.getRank() < 2 || !prefix)
    return call.emitOpError("@")
           << target << " takes a batch of f32, f64 or complex matrices, got "
           << matrix;
  int64_t rank = matrix.getRank();
  std::string name = std::string("lapack_") + prefix;
  if (isQr)
    name += "geqrf_ffi";
  else
    name += (prefix == 's' || prefix == 'd') ? "orgqr_ffi" : "ungqr_ffi";
  MLIRContext *ctx = call.getContext();
  call.setCallTargetName(name);
  call->removeAttr("xla_shape");
  call.setApiVersion(shlo::CustomCallApiVersion::API_VERSION_TYPED_FFI);
  call.setBackendConfigAttr(DictionaryAttr::get(ctx, {}));
  Attribute matrixLayout = getMatrixLayout(builder, rank);
  Attribute vectorLayout = getRowMajorLayout(builder, rank - 1);
  SmallVector<Attribute> operandLayouts = {matrixLayout};
  SmallVector<Attribute> resultLayouts = {matrixLayout};
  if (isQr)
    resultLayouts.push_back(vectorLayout);
  else
    operandLayouts.push_back(vectorLayout);
  call.setOperandLayoutsAttr(builder.getArrayAttr(operandLayouts));
  call.setResultLayoutsAttr(builder.getArrayAttr(resultLayouts));
  SmallVector<int64_t> output;
  if (isQr)
    output.push_back(0);
  call.setOutputOperandAliasesAttr(builder.getArrayAttr(
      {shlo::OutputOperandAliasAttr::get(ctx, output, 0, {})}));
  return true;
}
