//===- FfiAttributes.h - Op attributes as a handler sees them ---*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// A custom call's handler receives the op's attributes decoded
// (hlox/ffi/Attributes.h): the compiled path and the evaluator build them
// the same way here.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_SUPPORT_FFIATTRIBUTES_H
#define HLOX_SUPPORT_FFIATTRIBUTES_H

#include "hlox/ffi/Attributes.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Operation.h"

#include <memory>

namespace hlox {

/// Adds `attribute` to `map` as `name`: bool, integers of every width
/// (signless as signed, i1 as bool), f32 and f64 (narrower floats as f32),
/// strings, unit (true), arrays of scalars (dense arrays, 1-D dense
/// elements, or array attributes of one scalar kind) and dictionaries.
/// Fails, with a note on `op`, for anything else.
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

/// The entries of `dictionary` (a composite's composite_attributes).
mlir::FailureOr<std::shared_ptr<const ffi::AttributeMap>>
getFfiAttributes(mlir::Operation *op, mlir::DictionaryAttr dictionary);

} // namespace hlox

#endif // HLOX_SUPPORT_FFIATTRIBUTES_H
