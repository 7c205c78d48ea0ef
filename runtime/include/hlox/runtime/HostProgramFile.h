//===- HostProgramFile.h - Host programs as bytes ---------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// A host program (its values, constants, commands, kernel names, custom
// calls' attributes and layouts) written to bytes and read back, for
// programs compiled ahead of time. The format is hlox's own, versioned by
// kHostProgramFormatVersion: a reader takes only its own version.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_RUNTIME_HOSTPROGRAMFILE_H
#define HLOX_RUNTIME_HOSTPROGRAMFILE_H

#include "hlox/runtime/HostProgram.h"
#include "hlox/runtime/Status.h"

#include <string>
#include <string_view>

namespace hlox::runtime {

/// Bumped whenever HostProgram or the encoding changes.
constexpr uint32_t kHostProgramFormatVersion = 10;

/// The bytes of `program`.
std::string serializeHostProgram(const HostProgram &program);

/// Reads `bytes` into `program`. Malformed or truncated bytes, or bytes of
/// another format version, are an error that says so; nothing is read
/// past the end. (The program still has to pass Executable::create's
/// checks before it runs.)
Status deserializeHostProgram(std::string_view bytes, HostProgram &program);

} // namespace hlox::runtime

#endif // HLOX_RUNTIME_HOSTPROGRAMFILE_H
