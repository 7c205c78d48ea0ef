//===- StablehloToLinalg.h - StableHLO to linalg on tensors -----*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Lowers StableHLO (and the CHLO ops that are plain math) with static shapes
// to linalg, tensor, arith, math, complex and scf ops on tensors, with the
// special dialect's ops for what those dialects lack (special functions,
// small-float codecs), which each target resolves. Element
// types lose their signedness on the way (ui32 becomes i32); the patterns
// pick signed or unsigned arithmetic from the StableHLO types.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_CONVERSION_STABLEHLOTOLINALG_STABLEHLOTOLINALG_H
#define HLOX_CONVERSION_STABLEHLOTOLINALG_STABLEHLOTOLINALG_H

#include "mlir/Transforms/DialectConversion.h"

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

} // namespace hlox

#endif // HLOX_CONVERSION_STABLEHLOTOLINALG_STABLEHLOTOLINALG_H
