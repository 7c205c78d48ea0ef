//===- Serve.h - Many invocations of a tool from one process ---*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// `TOOL --serve` reads invocations of the tool from standard input, one per
// line, and runs each in a child forked from the serving process, which has
// loaded the tool's shared libraries once. Test suites that start the tool
// thousands of times use it: loading libMLIR and libLLVM (relocations, page
// faults) costs about 0.1 s per process, more than most of their programs
// take. A child is a fresh process as far as the invocation can tell: its own
// options, its own threads, its own crash.
//
// A request is a JSON object on one line:
//
//   {"args": ["prog.mlir", "--interpret"],     the tool's arguments
//    "stdout": "/tmp/out", "stderr": "/tmp/err", files for its output
//    "timeout": 120}                            seconds; 0 or absent: none
//
// The answer is one line: `exit N`, `signal N`, `timeout` (the child was
// killed after `timeout` seconds) or `error: ...` for a request that could
// not be read or run. The server exits when its input ends.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_TOOLS_SUPPORT_SERVE_H
#define HLOX_TOOLS_SUPPORT_SERVE_H

namespace hlox::tools {

/// Whether the command line asks for serving (`TOOL --serve`, alone).
bool isServeRequest(int argc, char **argv);

/// Serves invocations of `toolMain` as described above until standard input
/// ends; returns the server's exit code. Call it first thing in `main`,
/// before anything starts a thread.
int serveRequests(const char *argv0, int (*toolMain)(int, char **));

} // namespace hlox::tools

#endif // HLOX_TOOLS_SUPPORT_SERVE_H
