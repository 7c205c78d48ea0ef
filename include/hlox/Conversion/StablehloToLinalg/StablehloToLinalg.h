//===- StablehloToLinalg.h - StableHLO to linalg on tensors -----*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Lowers StableHLO (and the CHLO ops that are plain math) with static shapes
// to linalg, tensor, arith, math, complex and scf ops on tensors. Element
// types lose their signedness on the way (ui32 becomes i32); the patterns
// pick signed or unsigned arithmetic from the StableHLO types.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_CONVERSION_STABLEHLOTOLINALG_STABLEHLOTOLINALG_H
#define HLOX_CONVERSION_STABLEHLOTOLINALG_STABLEHLOTOLINALG_H

#include "hlox/runtime/SmallFloats.h"

#include "mlir/Transforms/DialectConversion.h"

#include <optional>

namespace hlox {

/// Converts StableHLO types to the builtin types the lowered code uses:
/// unsigned integers become signless, everything else stays.
class StablehloTypeConverter : public mlir::TypeConverter {
public:
  StablehloTypeConverter();
};

/// Every lowering pattern, split by op family.
void populateStablehloToLinalgPatterns(mlir::RewritePatternSet &patterns,
                                       const mlir::TypeConverter &converter);

/// Marks what the patterns produce legal, and StableHLO/CHLO compute ops
/// illegal; checks, custom calls and `rng` stay for the host.
void configureStablehloToLinalgTarget(mlir::ConversionTarget &target,
                                      const mlir::TypeConverter &converter);

/// The runtime's code for a float type narrower than 16 bits (f4E2M1FN, the
/// f6 and f8 families), which kernels hold in the low bits of an i8.
std::optional<runtime::SmallFloat> getSmallFloatFormat(mlir::Type type);

} // namespace hlox

#endif // HLOX_CONVERSION_STABLEHLOTOLINALG_STABLEHLOTOLINALG_H
