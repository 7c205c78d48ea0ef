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
from hlox._hlox import Buffer, Client

__all__ = ["Buffer", "Client", "CompileError", "DataLossError", "Error",
           "Executable", "ExecutionError", "InvalidArgumentError",
           "UnimplementedError", "compile", "deserialize", "devices",
           "default_client", "memory_spaces"]

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

    def __call__(self, *arguments):
        """Runs the program and returns the list of result buffers."""
        return self._client.execute(self._executable, arguments, wait=True)

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


def compile(program, *, entry="main", strict_numerics=False,
            target_cpu="host", target_features="", library_calls=True,
            plugins=(), client=None):
    """Compiles `program` (StableHLO text, MLIR bytecode, or a path to
    either) and returns an Executable. Raises hlox.CompileError with the
    compiler's located diagnostics when it does not compile."""
    client = client or default_client()
    executable = client.compile(
        _program_bytes(program), entry=entry,
        strict_numerics=strict_numerics, target_cpu=target_cpu,
        target_features=target_features, library_calls=library_calls,
        plugins=[os.fspath(p) for p in plugins])
    return Executable(client, executable)


def deserialize(data, *, client=None):
    """An Executable from Executable.serialize's bytes."""
    client = client or default_client()
    return Executable(client, client.deserialize_executable(bytes(data)))
