//===- CopiesToLoops.cpp - memref.copy to loops ---------------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Target/CPU/Passes.h"

#include "MemRefViews.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"

#define DEBUG_TYPE "hlox-cpu-copies-to-loops"

namespace hlox::cpu {
#define GEN_PASS_DEF_CPUCOPIESTOLOOPS
#include "hlox/Target/CPU/Passes.h.inc"
} // namespace hlox::cpu

using namespace mlir;

namespace {

/// Whether `type`'s innermost dimension is contiguous (stride 1).
bool hasContiguousRows(MemRefType type) {
  return type.getRank() > 0 && type.isLastDimUnitStride();
}

/// The lanes of a cache-line vector of `type`'s elements, or 0 when they do
/// not pack into one (sub-byte or non-scalar elements).
int64_t getLineLanes(MemRefType type) {
  Type element = type.getElementType();
  if (!element.isIntOrFloat() || element.getIntOrFloatBitWidth() % 8 != 0)
    return 0;
  int64_t bytes = element.getIntOrFloatBitWidth() / 8;
  return hlox::cpu::kCacheLineBytes % bytes == 0
             ? hlox::cpu::kCacheLineBytes / bytes
             : 0;
}

/// Rewrites `copy`, whose operands both have contiguous rows, into loops
/// over the outer dimensions around a row loop that moves a cache line of
/// elements per step with vector loads and stores, and the row's remainder
/// one element at a time.
void emitVectorCopy(OpBuilder &b, memref::CopyOp copy, int64_t lanes) {
  Location loc = copy.getLoc();
  Value source = copy.getSource(), target = copy.getTarget();
  auto type = cast<MemRefType>(source.getType());
  int64_t rank = type.getRank();
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  SmallVector<Value> indices;
  for (int64_t d = 0; d + 1 < rank; ++d) {
    Value size = memref::DimOp::create(b, loc, source, d);
    auto loop = scf::ForOp::create(b, loc, zero, size, one);
    b.setInsertionPointToStart(loop.getBody());
    indices.push_back(loop.getInductionVar());
  }
  Value row = memref::DimOp::create(b, loc, source, rank - 1);
  Value step = arith::ConstantIndexOp::create(b, loc, lanes);
  // The whole lines: row - row % lanes.
  Value whole = arith::SubIOp::create(
      b, loc, row, arith::RemUIOp::create(b, loc, row, step));
  auto vectorType = VectorType::get({lanes}, type.getElementType());
  auto lines = scf::ForOp::create(b, loc, zero, whole, step);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(lines.getBody());
    SmallVector<Value> at(indices);
    at.push_back(lines.getInductionVar());
    Value value = vector::LoadOp::create(b, loc, vectorType, source, at);
    vector::StoreOp::create(b, loc, value, target, at);
  }
  auto rest = scf::ForOp::create(b, loc, whole, row, one);
  b.setInsertionPointToStart(rest.getBody());
  SmallVector<Value> at(indices);
  at.push_back(rest.getInductionVar());
  Value value = memref::LoadOp::create(b, loc, source, at);
  memref::StoreOp::create(b, loc, value, target, at);
}

class CopiesToLoopsPass
    : public hlox::cpu::impl::CPUCopiesToLoopsBase<CopiesToLoopsPass> {
public:
  using CPUCopiesToLoopsBase::CPUCopiesToLoopsBase;

  void runOnOperation() override {
    SmallVector<memref::CopyOp> copies;
    getOperation().walk([&](memref::CopyOp copy) { copies.push_back(copy); });
    OpBuilder builder(&getContext());
    for (memref::CopyOp copy : copies) {
      builder.setInsertionPoint(copy);
      auto sourceType = dyn_cast<MemRefType>(copy.getSource().getType());
      auto targetType = dyn_cast<MemRefType>(copy.getTarget().getType());
      int64_t lanes = sourceType ? getLineLanes(sourceType) : 0;
      if (vectorize && lanes > 0 && targetType &&
          hasContiguousRows(sourceType) && hasContiguousRows(targetType))
        emitVectorCopy(builder, copy, lanes);
      else
        linalg::CopyOp::create(builder, copy.getLoc(), copy.getSource(),
                               copy.getTarget());
      copy.erase();
    }
  }
};

} // namespace
