"""hlox: compile StableHLO programs and run them on numpy arrays.

    import hlox, numpy as np
    exe = hlox.compile("model.mlir")        # a path, text, or bytecode
    y, = exe(np.ones((2, 3), np.float32))   # results are hlox.Buffer
    np.asarray(y)                           # zero-copy view

Programs are StableHLO text or MLIR bytecode (a portable artifact of any
StableHLO version from 0.9.0, as jax.export writes). Arguments are numpy
arrays (borrowed without a copy when C-contiguous and 64-byte aligned),
objects with __dlpack__, or hlox.Buffer results of earlier calls; results
are hlox.Buffer objects that speak the buffer protocol and DLPack.
"""

import os
import threading

from hlox.errors import (CompileError, DataLossError, Error,
                         ExecutionError, InvalidArgumentError,
                         UnimplementedError)
from hlox._hlox import Buffer, Client, ProcessGroup

__all__ = ["Buffer", "Client", "CompileError", "DataLossError", "Error",
           "Executable", "ExecutionError", "InvalidArgumentError",
           "ProcessGroup", "UnimplementedError", "compile", "deserialize",
           "devices", "default_client", "execute_parallel",
           "memory_spaces"]

_lock = threading.Lock()
_client = None


def default_client():
    """The client hlox.compile uses: one CPU device with a thread per core
    (HLOX_NUM_THREADS sets how many)."""
    global _client
    with _lock:
        if _client is None:
            _client = Client(num_threads=int(
                os.environ.get("HLOX_NUM_THREADS", "0")))
        return _client


def devices():
    """The devices of the default client: dicts with id, kind, name and
    num_threads."""
    return default_client().devices()


def memory_spaces():
    """The memory spaces of the default client's devices: dicts with id,
    kind and devices (today one, "host")."""
    return default_client().memory_spaces()


class Executable:
    """A compiled program; call it on arrays."""

    def __init__(self, client, executable):
        self._client = client
        self._executable = executable

    @property
    def input_types(self):
        """Each argument's shape (None for a dynamic dimension), element
        type and numpy dtype."""
        return self._executable.input_types

    @property
    def output_types(self):
        return self._executable.output_types

    def cost_report(self):
        """Memory a run needs (workspace, constants, arguments, results) and
        its kernels and dispatches, known before it runs."""
        return self._executable.cost_report()

    def serialize(self):
        """Bytes that hlox.deserialize turns back into this executable."""
        return self._executable.serialize()

    @property
    def num_devices(self):
        """The devices a program sharded over a mesh runs on (1 when it is
        not sharded); calls then take and return global values."""
        return self._executable.num_devices

    @property
    def input_shardings(self):
        """Per argument, None (every device holds it whole) or how its
        shards lie: {"tiles": shards per dimension, "device_tiles": device
        d's shard index along dimension i at d * rank + i}."""
        return self._executable.input_shardings

    @property
    def output_shardings(self):
        return self._executable.output_shardings

    def __call__(self, *arguments):
        """Runs the program and returns the list of result buffers."""
        return self._client.execute(self._executable, arguments, wait=True)

    def call_in_group(self, group, *arguments, num_replicas,
                      num_partitions=1):
        """Runs this process's share of a multi-process job: process
        group.process_index of the num_replicas x num_partitions grid
        (hlox.ProcessGroup.join_mpi or join_gloo), its collectives over the
        group's library; waits and returns the result buffers."""
        return self._client.execute_in_group(self._executable, arguments,
                                             group, num_replicas,
                                             num_partitions)

    def call_async(self, *arguments):
        """Submits a run and returns its results at once; they become ready
        when it finishes (Buffer.block_until_ready, or any read, waits)."""
        return self._client.execute(self._executable, arguments, wait=False)

    def __repr__(self):
        return f"hlox.Executable(@{self._executable.name})"


def _program_bytes(program):
    if isinstance(program, (bytes, bytearray, memoryview)):
        return bytes(program)
    if isinstance(program, os.PathLike):
        with open(program, "rb") as f:
            return f.read()
    if isinstance(program, str):
        # A path, unless it is program text.
        if "\n" not in program and "{" not in program and os.path.exists(program):
            with open(program, "rb") as f:
                return f.read()
        return program.encode()
    raise TypeError("hlox.compile takes program text, bytes or a path, got "
                    f"{type(program).__name__}")


# The options hlox.compile takes by keyword: CompileOptions' fields
# (docs/api.md), named as CompileOptions::str() writes them.
_BOOL_OPTIONS = {"strict_numerics", "library_calls", "vectorize",
                 "inline_exp", "opaque_constants", "hlox_matmul_kernel",
                 "fuse_matmul_epilogues", "channels_last", "fuse_rows",
                 "ahead_of_time"}
_TEXT_OPTIONS = {"entry", "fp_contract", "target_cpu", "target_features",
                 "host_control_flow", "kernel_cache_dir", "dump_dir"}
_INT_OPTIONS = {"library_min_flops", "num_replicas", "num_partitions"}


def _options_text(options, plugins, composites):
    lines = []
    for key, value in options.items():
        if key in _BOOL_OPTIONS:
            lines.append(f"{key}={int(bool(value))}")
        elif key in _TEXT_OPTIONS:
            lines.append(f"{key}={os.fspath(value) if key.endswith('_dir') else value}")
        elif key in _INT_OPTIONS:
            lines.append(f"{key}={int(value)}")
        else:
            raise TypeError(f"hlox.compile got an unexpected option '{key}'")
    lines += [f"plugin={os.fspath(p)}" for p in plugins]
    lines += [f"composite={name}:{path}" for name, path in composites.items()]
    return "".join(line + "\n" for line in lines)


def compile(program, *, plugins=(), composites=None, client=None, **options):
    """Compiles `program` (StableHLO text, MLIR bytecode, or a path to
    either) and returns an Executable. Options by keyword, as the C++
    CompileOptions names them: entry ("main"), strict_numerics,
    fp_contract ("default", "off", "elementwise", "all"), target_cpu,
    target_features, library_calls, host_control_flow ("auto", "always",
    "never"), vectorize, inline_exp, opaque_constants, library_min_flops,
    hlox_matmul_kernel, fuse_matmul_epilogues, channels_last, fuse_rows,
    num_replicas and num_partitions (the grid of processes the program runs
    on; 0, the default: the module's mhlo.num_replicas /
    mhlo.num_partitions, else 1; see execute_parallel),
    kernel_cache_dir, dump_dir, ahead_of_time; plugins (paths of custom-call
    handler libraries) and composites ({name: "native" | "inline" |
    "auto"}). Raises hlox.CompileError with the compiler's located
    diagnostics when it does not compile, TypeError for an unknown option
    and ValueError for a bad value."""
    client = client or default_client()
    executable = client.compile(
        _program_bytes(program),
        _options_text(options, plugins, composites or {}))
    return Executable(client, executable)


def execute_parallel(processes, *, num_replicas, num_partitions=1,
                     infeed=(), client=None):
    """Runs a grid of num_replicas x num_partitions processes at once, each
    on a device of its own: `processes` lists (Executable, arguments) per
    process in device order (replica * num_partitions + partition), the
    executables compiled for that grid (compile's num_replicas and
    num_partitions; one executable may serve every process, or each its
    own). Their collectives move data between them; `infeed` holds the
    values their infeed ops take, in order. Returns each process's result
    buffers; a failed process (a deadlock included) raises
    hlox.ExecutionError."""
    client = client or default_client()
    launches = []
    for executable, arguments in processes:
        if not isinstance(executable, Executable):
            raise TypeError("execute_parallel takes (hlox.Executable, "
                            "arguments) per process")
        launches.append((executable._executable, list(arguments)))
    return client.execute_parallel(launches, num_replicas, num_partitions,
                                   list(infeed))


def deserialize(data, *, client=None):
    """An Executable from Executable.serialize's bytes."""
    client = client or default_client()
    return Executable(client, client.deserialize_executable(bytes(data)))
