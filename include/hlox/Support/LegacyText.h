//===- LegacyText.h - Text forms older MLIR wrote, in today's ----*- C++
//-*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Programs exported by older toolchains carry text that today's MLIR parser
// refuses although its meaning is unambiguous. Each front door (the tools,
// the API) passes a text program through upgradeLegacyText before parsing.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_SUPPORT_LEGACYTEXT_H
#define HLOX_SUPPORT_LEGACYTEXT_H

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace hlox {

/// `text` in the forms today's parser reads, or nothing when it holds no
/// legacy form (the caller then parses `text` itself). The forms:
///
/// - an i1 tensor's hex elements with one byte per element
///   (`dense<"0x0100..."> : tensor<100x100xi1>`, as MLIR wrote them before
///   it packed i1 hex data eight elements to a byte): packed, element k in
///   bit k % 8 of byte k / 8, a nonzero byte true. A hex string of exactly
///   one byte per element is unambiguous for more than one element (packed
///   data has a byte per eight).
///
/// Only the rewritten attributes change, so that line numbers stay; columns
/// after one on its line move.
std::optional<std::string> upgradeLegacyText(llvm::StringRef text);

} // namespace hlox

#endif // HLOX_SUPPORT_LEGACYTEXT_H
