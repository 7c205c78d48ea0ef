//===- CompileCache.h - One compiled program per signature -----*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// A CompileCache holds a module and compiles its entry function once per
// argument signature. A shape-polymorphic entry is specialized first: its
// callees are inlined and stablehlo-refine-shapes makes every shape static
// from the argument types and the values of its leading 0-d integer
// arguments (the dimension sizes such programs take first), which therefore
// belong to the signature. A statically shaped entry has one signature, its own.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_PIPELINES_COMPILECACHE_H
#define HLOX_PIPELINES_COMPILECACHE_H

#include "hlox/Pipelines/Target.h"

#include <map>
#include <memory>

namespace hlox {

class CompileCache {
public:
  /// Keeps a copy of `module`, compiled for `target`, whose options name
  /// the entry function.
  CompileCache(mlir::ModuleOp module, std::shared_ptr<const Target> target);

  /// The program for arguments of `types`; `values` holds, for each 0-d
  /// integer argument, its value (an attribute of its type) and null for
  /// the others. Compiles on the first request of a signature; errors
  /// (a signature the entry does not accept, a failed compile) are emitted
  /// as diagnostics and are not cached.
  mlir::FailureOr<const CompiledProgram *>
  get(llvm::ArrayRef<mlir::RankedTensorType> types,
      llvm::ArrayRef<mlir::Attribute> values);

  /// True when the entry function's shapes depend on its arguments.
  bool isShapePolymorphic() const { return polymorphic; }

  size_t getNumPrograms() const { return programs.size(); }
  size_t getNumHits() const { return hits; }

private:
  std::string signatureKey(llvm::ArrayRef<mlir::RankedTensorType> types,
                           llvm::ArrayRef<mlir::Attribute> values) const;

  mlir::OwningOpRef<mlir::ModuleOp> source;
  std::shared_ptr<const Target> target;
  std::string entry;
  bool polymorphic = false;
  std::map<std::string, std::unique_ptr<CompiledProgram>> programs;
  size_t hits = 0;
};

} // namespace hlox

#endif // HLOX_PIPELINES_COMPILECACHE_H
