"""The exceptions hlox raises: one per error code of the C++ API."""


class Error(Exception):
    """An hlox error. Compile errors carry the compiler's located
    diagnostics ("program:3:8: error: ...") as their message."""


class InvalidArgumentError(Error, ValueError):
    """A bad argument: a wrong count, type or shape, a missing entry."""


class CompileError(Error):
    """The program does not parse, verify or compile."""


class ExecutionError(Error, RuntimeError):
    """A run failed (a custom call's handler reported an error, ...)."""


class UnimplementedError(Error, NotImplementedError):
    """Something this build does not do."""


class DataLossError(Error):
    """Bytes that are not a serialized executable of this version."""
