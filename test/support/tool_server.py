"""Runs a tool's invocations through `TOOL --serve` (tools/serve/Serve.h):
one long-lived process per thread that forks a child per invocation, so that
the shared libraries are loaded once, not once per program. A child is as
isolated as a process of its own: a crash or a timeout ends it alone.

`run(cmd, timeout=None)` is a drop-in for
`subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)` for
tools that serve (hlox-run, hlox-opt, hlox-compile): it returns a CompletedProcess
(returncode negative for a signal, as subprocess reports it) and raises
subprocess.TimeoutExpired. Any other command, or HLOX_TEST_SERVE=0 in the
environment, runs as a plain subprocess.
"""

import atexit
import json
import os
import subprocess
import tempfile
import threading

SERVING_TOOLS = ("hlox-run", "hlox-opt", "hlox-compile")

_local = threading.local()
_lock = threading.Lock()
_servers = []


class _Server:
    def __init__(self, tool):
        self.tool = tool
        self.proc = subprocess.Popen([tool, "--serve"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True,
                                     bufsize=1)
        directory = tempfile.mkdtemp(prefix="hlox-serve-")
        self.out = os.path.join(directory, "stdout")
        self.err = os.path.join(directory, "stderr")
        self.directory = directory

    def request(self, args, timeout):
        line = json.dumps({"args": args, "stdout": self.out,
                           "stderr": self.err, "timeout": timeout or 0})
        try:
            self.proc.stdin.write(line + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            return None
        return self.proc.stdout.readline().strip() or None

    def close(self):
        try:
            self.proc.stdin.close()
            self.proc.wait(timeout=10)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()
        for path in (self.out, self.err):
            if os.path.exists(path):
                os.remove(path)
        os.rmdir(self.directory)


def _server(tool):
    servers = getattr(_local, "servers", None)
    if servers is None:
        servers = _local.servers = {}
    server = servers.get(tool)
    if server is None or server.proc.poll() is not None:
        server = servers[tool] = _Server(tool)
        with _lock:
            _servers.append(server)
    return server


def _read(path):
    with open(path, errors="replace") as f:
        return f.read()


def serves(cmd):
    return (os.environ.get("HLOX_TEST_SERVE", "1") != "0"
            and os.path.basename(cmd[0]) in SERVING_TOOLS)


def run(cmd, timeout=None):
    cmd = [str(c) for c in cmd]
    if not serves(cmd):
        return subprocess.run(cmd, capture_output=True, text=True,
                              timeout=timeout)
    server = _server(cmd[0])
    answer = server.request(cmd[1:], timeout)
    if answer is None:
        # The server itself ended (killed from outside): a new one, once.
        server = _server(cmd[0])
        answer = server.request(cmd[1:], timeout)
    if answer is None or answer.startswith("error:"):
        raise RuntimeError(f"{cmd[0]} --serve: {answer or 'ended'}")
    if answer == "timeout":
        raise subprocess.TimeoutExpired(cmd, timeout)
    kind, value = answer.split()
    code = int(value) if kind == "exit" else -int(value)
    return subprocess.CompletedProcess(cmd, code, _read(server.out),
                                       _read(server.err))


@atexit.register
def close_all():
    """Ends every server and removes its files."""
    with _lock:
        for server in _servers:
            server.close()
        _servers.clear()
