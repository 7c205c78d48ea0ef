#!/usr/bin/env python3
"""Runs a job of N processes of one command on this machine, as
`hlox-run --collectives=gloo` takes them: process I gets
`--num-processes=N --process-id=I --coordinator=127.0.0.1:PORT` (a free
port). Prints each process's output (stdout, then stderr) in process order
and exits with the largest exit code; every process is killed after the
timeout (120 s).

    run_job.py N COMMAND [ARGS...]
"""

import socket
import subprocess
import sys

TIMEOUT_S = 120


def free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main():
    count, command = int(sys.argv[1]), sys.argv[2:]
    port = free_port()
    processes = [
        subprocess.Popen(
            command + [f"--num-processes={count}", f"--process-id={i}",
                       f"--coordinator=127.0.0.1:{port}"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for i in range(count)]
    code = 0
    for process in processes:
        try:
            out, err = process.communicate(timeout=TIMEOUT_S)
        except subprocess.TimeoutExpired:
            for other in processes:
                other.kill()
            out, err = process.communicate()
            err += f"\nkilled after {TIMEOUT_S} s\n"
        sys.stdout.write(out)
        sys.stdout.write(err)
        code = max(code, process.returncode if process.returncode >= 0 else 128)
    sys.stdout.flush()
    return code


if __name__ == "__main__":
    sys.exit(main())
