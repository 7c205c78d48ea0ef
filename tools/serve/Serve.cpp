//===- Serve.cpp - Running many invocations of a tool from one process ----===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "Serve.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace hlox::tools {
namespace {

struct Request {
  std::vector<std::string> args;
  std::string stdoutPath, stderrPath;
  double timeoutSeconds = 0;
};

/// Reads one request line; an empty string when it is well-formed, else
/// what is wrong with it.
std::string parseRequest(llvm::StringRef line, Request &request) {
  llvm::Expected<llvm::json::Value> value = llvm::json::parse(line);
  if (!value)
    return llvm::toString(value.takeError());
  const llvm::json::Object *object = value->getAsObject();
  if (!object)
    return "a request is a JSON object";
  const llvm::json::Array *args = object->getArray("args");
  if (!args)
    return "a request needs \"args\", an array of strings";
  for (const llvm::json::Value &arg : *args) {
    std::optional<llvm::StringRef> text = arg.getAsString();
    if (!text)
      return "\"args\" holds a value that is not a string";
    request.args.push_back(text->str());
  }
  if (std::optional<llvm::StringRef> path = object->getString("stdout"))
    request.stdoutPath = path->str();
  if (std::optional<llvm::StringRef> path = object->getString("stderr"))
    request.stderrPath = path->str();
  if (const llvm::json::Value *timeout = object->get("timeout")) {
    std::optional<double> seconds = timeout->getAsNumber();
    if (!seconds || *seconds < 0)
      return "\"timeout\" is a number of seconds, 0 or more";
    request.timeoutSeconds = *seconds;
  }
  return "";
}

/// Points `fd` at `path` (truncated), or at /dev/null when `path` is empty.
bool redirect(int fd, const std::string &path, int flags) {
  int file = open(path.empty() ? "/dev/null" : path.c_str(), flags, 0644);
  if (file < 0)
    return false;
  bool ok = dup2(file, fd) >= 0;
  close(file);
  return ok;
}

[[noreturn]] void runChild(const char *argv0, int (*toolMain)(int, char **),
                           const Request &request,
                           const sigset_t &originalMask) {
  // Its own process group, so that a timeout also ends what it started.
  setpgid(0, 0);
  sigprocmask(SIG_SETMASK, &originalMask, nullptr);
  if (!redirect(STDIN_FILENO, "", O_RDONLY) ||
      !redirect(STDOUT_FILENO, request.stdoutPath,
                O_WRONLY | O_CREAT | O_TRUNC) ||
      !redirect(STDERR_FILENO, request.stderrPath,
                O_WRONLY | O_CREAT | O_TRUNC))
    _exit(127);
  std::vector<std::string> storage;
  storage.push_back(argv0);
  storage.insert(storage.end(), request.args.begin(), request.args.end());
  std::vector<char *> argv;
  for (std::string &arg : storage)
    argv.push_back(arg.data());
  argv.push_back(nullptr);
  int code = toolMain(static_cast<int>(storage.size()), argv.data());
  // The invocation's own objects are gone; the process's static ones die
  // with it, unflushed output excepted.
  llvm::outs().flush();
  llvm::errs().flush();
  std::fflush(nullptr);
  _exit(code);
}

/// Waits for `child`, killing its process group after `timeoutSeconds`
/// (0: no limit); the answer line for it.
std::string await(pid_t child, double timeoutSeconds) {
  using Clock = std::chrono::steady_clock;
  Clock::time_point deadline =
      Clock::now() + std::chrono::duration_cast<Clock::duration>(
                         std::chrono::duration<double>(timeoutSeconds));
  sigset_t chld;
  sigemptyset(&chld);
  sigaddset(&chld, SIGCHLD);
  int status = 0;
  while (true) {
    pid_t done = waitpid(child, &status, WNOHANG);
    if (done == child)
      break;
    if (done < 0 && errno != EINTR)
      return std::string("error: waiting for the child: ") + strerror(errno);
    timespec wait{1, 0};
    if (timeoutSeconds > 0) {
      auto left = deadline - Clock::now();
      if (left <= Clock::duration::zero()) {
        kill(-child, SIGKILL);
        kill(child, SIGKILL);
        waitpid(child, &status, 0);
        return "timeout";
      }
      auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(left);
      if (ns < std::chrono::seconds(1))
        wait = {0, static_cast<long>(ns.count())};
    }
    // SIGCHLD is blocked: it stays pending until taken here.
    sigtimedwait(&chld, nullptr, &wait);
  }
  if (WIFSIGNALED(status))
    return "signal " + std::to_string(WTERMSIG(status));
  return "exit " + std::to_string(WEXITSTATUS(status));
}

} // namespace

bool isServeRequest(int argc, char **argv) {
  return argc == 2 && llvm::StringRef(argv[1]) == "--serve";
}

int serveRequests(const char *argv0, int (*toolMain)(int, char **)) {
  // Every symbol bound once, here, rather than lazily in each child: the
  // server runs itself again with LD_BIND_NOW (and then clears it, so that
  // what the children start binds as usual).
  if (!getenv("HLOX_SERVE_BOUND")) {
    setenv("LD_BIND_NOW", "1", 1);
    setenv("HLOX_SERVE_BOUND", "1", 1);
    char *self[] = {const_cast<char *>(argv0), const_cast<char *>("--serve"),
                    nullptr};
    // The binary's own path, so that the processes keep its name.
    char path[4096];
    ssize_t length = readlink("/proc/self/exe", path, sizeof(path) - 1);
    if (length > 0) {
      path[length] = '\0';
      execv(path, self);
    }
    // Without exec (no /proc): serve with lazy binding.
  }
  unsetenv("LD_BIND_NOW");
  unsetenv("HLOX_SERVE_BOUND");
  sigset_t chld, originalMask;
  sigemptyset(&chld);
  sigaddset(&chld, SIGCHLD);
  sigprocmask(SIG_BLOCK, &chld, &originalMask);
  char *line = nullptr;
  size_t capacity = 0;
  ssize_t length;
  while ((length = getline(&line, &capacity, stdin)) >= 0) {
    llvm::StringRef text = llvm::StringRef(line, length).trim();
    if (text.empty())
      continue;
    Request request;
    std::string answer = parseRequest(text, request);
    if (!answer.empty()) {
      answer = "error: " + answer;
    } else {
      std::fflush(stdout);
      pid_t child = fork();
      if (child == 0)
        runChild(argv0, toolMain, request, originalMask);
      answer = child < 0 ? std::string("error: fork: ") + strerror(errno)
                         : await(child, request.timeoutSeconds);
    }
    std::printf("%s\n", answer.c_str());
    std::fflush(stdout);
  }
  std::free(line);
  return 0;
}

} // namespace hlox::tools
