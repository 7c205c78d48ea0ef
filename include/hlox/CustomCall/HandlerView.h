//===- HandlerView.h - A custom call as its handler sees it -----*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// What a custom call's handler receives of the op: its attributes decoded
// (hlox/ffi/Attributes.h), its output-operand aliases and its layouts. The
// compiled path and the evaluator take them from here alike.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_CUSTOMCALL_HANDLERVIEW_H
#define HLOX_CUSTOMCALL_HANDLERVIEW_H

#include "hlox/ffi/Attributes.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Operation.h"

#include <memory>
#include <vector>

namespace hlox {

/// Adds `attribute` to `map` as `name`: bool, integers of every width
/// (signless as signed, i1 as bool), f32 and f64 (narrower floats as f32),
/// strings, unit (true), arrays of scalars (dense arrays, 1-D dense
/// elements, or array attributes of one scalar kind) and dictionaries.
/// Fails for anything else, with an error on `op` unless it is null.
mlir::LogicalResult addFfiAttribute(mlir::Operation *op, ffi::AttributeMap &map,
                                    llvm::StringRef name,
                                    mlir::Attribute attribute);

/// What a custom call's handler receives: the entries of its
/// backend_config when that is a dictionary (api_version 4) or else of
/// `mhlo.backend_config`; a string backend_config as the string attribute
/// `backend_config`; and the op's own attributes whose names have no
/// dialect prefix and are not the op's (`error_message`, ...) when they
/// have an FFI form. Errors (on `call`) for a backend_config entry without
/// one.
mlir::FailureOr<std::shared_ptr<const ffi::AttributeMap>>
getCustomCallAttributes(mlir::Operation *call);

/// A custom call's output_operand_aliases as (result, operand) pairs of
/// flat indices: a path `[]` names the only result, `[i]` result i of
/// several. Errors (on `call`) for paths into tuples, operand tuple paths,
/// types that differ, and a result or operand named twice.
mlir::FailureOr<llvm::SmallVector<std::pair<int64_t, int64_t>>>
getCustomCallAliases(mlir::Operation *call);

/// A custom call's operand_layouts then result_layouts as minor-to-major
/// dimension orders, one per operand then result; empty where the layout is
/// row-major (or none is given). Errors (on `call`) for a layout that is
/// not a permutation of its value's dimensions or a count that differs.
mlir::FailureOr<std::vector<std::vector<int64_t>>>
getCustomCallLayouts(mlir::Operation *call);

} // namespace hlox

#endif // HLOX_CUSTOMCALL_HANDLERVIEW_H
