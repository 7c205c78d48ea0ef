//===- Rebuild.h - Rebuilding a module op by op, in pre-order ---*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// What both legalizations (StableHLO to VHLO and back) share: each op is
// recreated in the other dialect before its regions' ops are, in program
// order, so that every value's uses come out in the order a bytecode reader
// recreates (each new use goes to the front of its value's list).
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_LIB_DIALECT_VHLO_TRANSFORMS_REBUILD_H
#define HLOX_LIB_DIALECT_VHLO_TRANSFORMS_REBUILD_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"

namespace hlox::vhlo {

/// Gives each region of `to` the blocks of `from`'s, with arguments of the
/// types `convertType` returns (mapped in `mapping`; a null type fails
/// with `typeError(type)`), then converts each op of each block, in order,
/// with `convertOp` at the block's end.
template <typename ConvertTypeFn, typename ConvertOpFn, typename TypeErrorFn>
mlir::LogicalResult
rebuildRegions(mlir::Operation *from, mlir::Operation *to,
               mlir::IRMapping &mapping, mlir::OpBuilder &builder,
               ConvertTypeFn convertType, ConvertOpFn convertOp,
               TypeErrorFn typeError) {
  for (auto [region, newRegion] :
       llvm::zip(from->getRegions(), to->getRegions())) {
    for (mlir::Block &block : region) {
      auto *newBlock = new mlir::Block();
      newRegion.push_back(newBlock);
      for (mlir::BlockArgument arg : block.getArguments()) {
        mlir::Type type = convertType(arg.getType());
        if (!type)
          return typeError(arg.getType());
        mapping.map(arg, newBlock->addArgument(type, arg.getLoc()));
      }
    }
    for (auto [block, newBlock] : llvm::zip(region, newRegion)) {
      mlir::OpBuilder::InsertionGuard guard(builder);
      builder.setInsertionPointToEnd(&newBlock);
      for (mlir::Operation &nested : block)
        if (mlir::failed(convertOp(&nested)))
          return mlir::failure();
    }
  }
  return mlir::success();
}

/// Converts each op of `module`'s body that `selected` takes with
/// `convertOp` (which creates its replacement at the builder's insertion
/// point, in front of it), then erases the originals.
template <typename SelectFn, typename ConvertOpFn>
mlir::LogicalResult rebuildModule(mlir::ModuleOp module,
                                  mlir::OpBuilder &builder, SelectFn selected,
                                  ConvertOpFn convertOp) {
  llvm::SmallVector<mlir::Operation *> originals;
  for (mlir::Operation &op : *module.getBody()) {
    if (!selected(&op))
      continue;
    originals.push_back(&op);
    builder.setInsertionPoint(&op);
    if (mlir::failed(convertOp(&op)))
      return mlir::failure();
  }
  for (mlir::Operation *op : originals) {
    op->dropAllUses();
    op->dropAllReferences();
  }
  for (mlir::Operation *op : originals)
    op->erase();
  return mlir::success();
}

} // namespace hlox::vhlo

#endif // HLOX_LIB_DIALECT_VHLO_TRANSFORMS_REBUILD_H
