//===- Profile.h - Time per command of compiled runs ------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// What `hlox-run --profile` prints and `--trace=FILE` writes, from the
// command timings that the API's executions record (ExecuteOptions::
// profile).
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_TOOLS_SUPPORT_PROFILE_H
#define HLOX_TOOLS_SUPPORT_PROFILE_H

#include "hlox/api/Api.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace hlox::tools {

/// Prints the time of each of `commands` over `runs` (the timings of
/// whole runs), most expensive first: the median over the runs of its time
/// per run and its share of the median run, its calls per run (mean), what
/// it is and where it comes from.
void printProfile(llvm::raw_ostream &os,
                  const std::vector<api::CommandInfo> &commands,
                  llvm::ArrayRef<std::vector<api::CommandTiming>> runs);

/// Writes one run's timings as a Chrome trace (JSON, as Perfetto and
/// chrome://tracing open it): one complete event per command. Returns an
/// error message, or an empty string.
std::string writeChromeTrace(llvm::StringRef path,
                             const std::vector<api::CommandInfo> &commands,
                             const std::vector<api::CommandTiming> &run);

/// One device's run, for a trace of several.
struct DeviceRun {
  std::string name;
  const std::vector<api::CommandInfo> *commands;
  const std::vector<api::CommandTiming> *timings;
};

/// Writes the runs of several devices (one run of a partitioned program)
/// as one Chrome trace, a track per device named after it, on one clock.
std::string writeChromeTrace(llvm::StringRef path,
                             llvm::ArrayRef<DeviceRun> devices);

} // namespace hlox::tools

#endif // HLOX_TOOLS_SUPPORT_PROFILE_H
