//===- Profile.cpp - Time per command of compiled runs --------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "Profile.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

#include <algorithm>
#include <map>

using namespace hlox;
using hlox::api::CommandInfo;
using hlox::api::CommandTiming;

/// The median of `values` (the upper one of an even count).
static int64_t median(std::vector<int64_t> values) {
  if (values.empty())
    return 0;
  auto middle = values.begin() + values.size() / 2;
  std::nth_element(values.begin(), middle, values.end());
  return *middle;
}

void tools::printProfile(llvm::raw_ostream &os,
                         const std::vector<CommandInfo> &program,
                         llvm::ArrayRef<std::vector<CommandTiming>> runs) {
  if (runs.empty())
    return;
  // Per command, its time in each run (0 where control flow skipped it):
  // medians keep a run that paid for fresh pages or a cold cache from
  // skewing the others.
  struct Command {
    std::vector<int64_t> ns;
    int64_t calls = 0;
  };
  std::map<int64_t, Command> commands;
  std::vector<int64_t> runNs;
  for (auto [i, run] : llvm::enumerate(runs)) {
    runNs.push_back(run.empty() ? 0 : run.back().endNs - run.front().startNs);
    for (const CommandTiming &timing : run) {
      Command &command = commands[timing.command];
      command.ns.resize(runs.size(), 0);
      command.ns[i] += timing.endNs - timing.startNs;
      ++command.calls;
    }
  }
  std::vector<std::pair<int64_t, int64_t>> rows; // command, median ns
  for (auto &[index, command] : commands)
    rows.push_back({index, median(command.ns)});
  std::stable_sort(rows.begin(), rows.end(),
                   [](auto &a, auto &b) { return a.second > b.second; });
  double numRuns = static_cast<double>(runs.size());
  int64_t medianRunNs = median(runNs);
  os << llvm::formatv("profile: {0:f3} ms per run, median of {1} run(s), "
                      "{2} commands\n",
                      medianRunNs * 1e-6, runs.size(), program.size());
  os << llvm::formatv("{0,7} {1,10} {2,6}  {3}\n", "share", "ms/run",
                      "calls", "command (location)");
  for (auto &[index, ns] : rows) {
    const CommandInfo &command = program[index];
    double share = medianRunNs > 0 ? 100.0 * ns / medianRunNs : 0.0;
    os << llvm::formatv("{0,6:f1}% {1,10:f3} {2,6}  #{3} {4}", share, ns * 1e-6,
                        static_cast<double>(commands[index].calls) / numRuns,
                        index, command.description);
    if (!command.location.empty())
      os << " (" << command.location << ")";
    os << "\n";
  }
}

std::string tools::writeChromeTrace(llvm::StringRef path,
                                    const std::vector<CommandInfo> &program,
                                    const std::vector<CommandTiming> &run) {
  return writeChromeTrace(path, {DeviceRun{"", &program, &run}});
}

std::string tools::writeChromeTrace(llvm::StringRef path,
                                    llvm::ArrayRef<DeviceRun> devices) {
  llvm::json::Array events;
  // One clock: the earliest start of any device.
  int64_t origin = 0;
  bool first = true;
  for (const DeviceRun &device : devices)
    if (!device.timings->empty() &&
        (first || device.timings->front().startNs < origin)) {
      origin = device.timings->front().startNs;
      first = false;
    }
  for (auto [index, device] : llvm::enumerate(devices)) {
    int64_t tid = static_cast<int64_t>(index) + 1;
    if (!device.name.empty())
      events.push_back(llvm::json::Object{
          {"name", "thread_name"},
          {"ph", "M"},
          {"pid", 1},
          {"tid", tid},
          {"args", llvm::json::Object{{"name", device.name}}}});
    for (const CommandTiming &timing : *device.timings) {
      const CommandInfo &command = (*device.commands)[timing.command];
      llvm::json::Object args{{"command", timing.command}};
      if (!command.location.empty())
        args["location"] = command.location;
      events.push_back(
          llvm::json::Object{{"name", command.description},
                             {"cat", "command"},
                             {"ph", "X"},
                             {"pid", 1},
                             {"tid", tid},
                             {"ts", (timing.startNs - origin) * 1e-3},
                             {"dur", (timing.endNs - timing.startNs) * 1e-3},
                             {"args", std::move(args)}});
    }
  }
  std::error_code ec;
  llvm::raw_fd_ostream file(path, ec, llvm::sys::fs::OF_Text);
  if (ec)
    return "cannot write " + path.str() + ": " + ec.message();
  file << llvm::formatv(
      "{0:2}", llvm::json::Value(llvm::json::Object{
                   {"traceEvents", std::move(events)},
                   {"displayTimeUnit", "ms"}}));
  file << "\n";
  if (file.has_error())
    return "cannot write " + path.str();
  return "";
}
