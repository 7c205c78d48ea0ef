//===- Reduction.h - Elementwise reductions of collectives ------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// What an AllReduce collective combines its members' operands with: one of
// StableHLO's elementwise ops (ReductionKind) on one of the element types
// the runtime reduces natively. Floating-point types narrower than f32
// compute in f32 and round once, which gives the correctly rounded
// result of the narrow operation (as the compiled kernels do).
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_RUNTIME_REDUCTION_H
#define HLOX_RUNTIME_REDUCTION_H

#include "hlox/runtime/HostProgram.h"

#include <cstdint>
#include <optional>
#include <string>

namespace hlox::runtime {

/// The element types an AllReduce reduces.
enum class ReductionElement {
  F16,
  BF16,
  F32,
  F64,
  I8,
  I16,
  I32,
  I64,
  U8,
  U16,
  U32,
  U64,
  /// i1, a byte of 0 or 1.
  Bool,
};

/// The element type of a buffer's name (BufferType::elementName: "f32",
/// "bf16", "i32", "ui8", "i1", ...), or none when the runtime does not
/// reduce it.
std::optional<ReductionElement>
getReductionElement(const std::string &elementName);

/// Whether `kind` applies to `element`: and/or to integers and booleans,
/// the others to numbers.
bool isValidReduction(ReductionKind kind, ReductionElement element);

/// "add", "multiply", ...: as `library.all_reduce` spells them.
const char *getReductionKindName(ReductionKind kind);

/// The kind getReductionKindName spells `name`, or none.
std::optional<ReductionKind> parseReductionKind(const std::string &name);

/// "f32", "ui8", "i1", ...: as the program spells the type.
const char *getReductionElementName(ReductionElement element);

/// result[i] = lhs[i] `kind` rhs[i] for i < count (isValidReduction).
/// `result` may be `lhs` or `rhs`. Integers wrap around; minimum and
/// maximum of floats propagate NaN and order -0 below +0.
void reduceElements(ReductionKind kind, ReductionElement element, void *result,
                    const void *lhs, const void *rhs, int64_t count);

} // namespace hlox::runtime

#endif // HLOX_RUNTIME_REDUCTION_H
