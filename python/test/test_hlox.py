"""The hlox Python package: compile, call on numpy arrays, buffers, errors.

Run with PYTHONPATH=build/python (scripts/test.sh does, through ctest);
HLOX_CUSTOM_CALL_EXAMPLE and HLOX_TRANSLATE must name the example
custom-call plugin and hlox-translate (ctest sets them): a test that needs
them fails without them rather than being skipped.
"""

import os
import subprocess
import sys

import numpy as np
import pytest

import hlox

DTYPES = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16",
          "uint32", "uint64", "float16", "float32", "float64", "complex64",
          "complex128"]
MLIR_TYPE = {"bool": "i1", "int8": "i8", "int16": "i16", "int32": "i32",
             "int64": "i64", "uint8": "ui8", "uint16": "ui16",
             "uint32": "ui32", "uint64": "ui64", "float16": "f16",
             "float32": "f32", "float64": "f64", "complex64": "complex<f32>",
             "complex128": "complex<f64>"}

SQUARE = """
func.func @main(%x: tensor<2x3xf32>, %y: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<i32>) {
  %0 = stablehlo.multiply %x, %y : tensor<2x3xf32>
  %1 = stablehlo.constant dense<7> : tensor<i32>
  return %0, %1 : tensor<2x3xf32>, tensor<i32>
}
"""


def test_compile_and_call():
    exe = hlox.compile(SQUARE)
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    y = np.full((2, 3), 2.0, np.float32)
    product, seven = exe(x, y)
    assert isinstance(product, hlox.Buffer)
    assert product.shape == (2, 3) and product.dtype == np.float32
    np.testing.assert_array_equal(np.asarray(product), x * y)
    assert int(np.asarray(seven)) == 7
    # A view, not a copy: read-only, backed by the buffer.
    view = np.asarray(product)
    assert not view.flags.writeable
    assert exe.input_types[0] == {"shape": (2, 3), "element_type": "f32",
                                  "dtype": np.dtype("float32")}
    report = exe.cost_report()
    assert report["argument_bytes"] == 48 and report["result_bytes"] == 28


@pytest.mark.parametrize("dtype", DTYPES)
def test_every_dtype(dtype):
    t = f"tensor<4x{MLIR_TYPE[dtype]}>"
    exe = hlox.compile(f"func.func @main(%x: {t}) -> {t} {{\n"
                       f"  return %x : {t}\n}}\n")
    rng = np.random.default_rng(0)
    x = (rng.integers(0, 100, size=4) * 1.5).astype(dtype)
    if dtype.startswith("complex"):
        x = x + 1j * x[::-1]
        x = x.astype(dtype)
    result, = exe(x)
    assert result.dtype == np.dtype(dtype)
    np.testing.assert_array_equal(np.asarray(result), x)


def test_arguments_of_every_layout():
    exe = hlox.compile(SQUARE)
    x = np.arange(12, dtype=np.float32).reshape(2, 6)[:, ::2]  # strided
    y = [[1, 1, 1], [2, 2, 2]]  # a list numpy converts (float64 -> error)
    with pytest.raises(hlox.InvalidArgumentError):
        exe(x, y)
    result, _ = exe(x, np.asarray(y, np.float32))
    np.testing.assert_array_equal(np.asarray(result),
                                  x * np.asarray(y, np.float32))


def test_dynamic_shapes():
    exe = hlox.compile("""
func.func @main(%x: tensor<?xf32>) -> tensor<?xf32> {
  %0 = stablehlo.add %x, %x : tensor<?xf32>
  return %0 : tensor<?xf32>
}""")
    assert exe.input_types[0]["shape"] == (None,)
    for n in (3, 7):
        result, = exe(np.ones(n, np.float32))
        assert result.shape == (n,)
        np.testing.assert_array_equal(np.asarray(result), np.full(n, 2.0))


def test_chained_buffers_and_async():
    exe = hlox.compile("""
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.add %x, %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}""")
    value = np.ones(4, np.float32)
    for _ in range(8):
        value, = exe.call_async(value)
    value.block_until_ready()
    assert value.is_ready()
    np.testing.assert_array_equal(np.asarray(value), np.full(4, 256.0))


def test_dlpack_both_ways():
    exe = hlox.compile(SQUARE)
    x = np.arange(6, dtype=np.float32).reshape(2, 3)

    class Producer:  # an object that only speaks DLPack
        def __init__(self, array):
            self.array = array

        def __dlpack__(self, stream=None):
            return self.array.__dlpack__()

        def __dlpack_device__(self):
            return self.array.__dlpack_device__()

    product, _ = exe(Producer(x), Producer(x))
    assert product.__dlpack_device__() == (1, 0)
    np.testing.assert_array_equal(np.from_dlpack(product), x * x)


def test_paths_bytecode_and_serialization(tmp_path):
    source = tmp_path / "square.mlir"
    source.write_text(SQUARE)
    x = np.ones((2, 3), np.float32)
    from_path = hlox.compile(str(source))
    from_pathlike = hlox.compile(source)
    for exe in (from_path, from_pathlike):
        np.testing.assert_array_equal(np.asarray(exe(x, x)[0]), x)
    artifact = tmp_path / "square.bc"
    subprocess.run([os.environ["HLOX_TRANSLATE"], "--serialize",
                    "--target=1.0.0", str(source), "-o", str(artifact)],
                   check=True)
    exe = hlox.compile(artifact.read_bytes())
    np.testing.assert_array_equal(np.asarray(exe(x, x)[0]), x)
    restored = hlox.deserialize(from_path.serialize())
    np.testing.assert_array_equal(np.asarray(restored(x, 2 * x)[0]), 2 * x)
    with pytest.raises(hlox.DataLossError):
        hlox.deserialize(b"not an executable")


def test_custom_call_plugin():
    exe = hlox.compile("""
func.func @main(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = stablehlo.custom_call @example.prefix_sum(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}""", plugins=[os.environ["HLOX_CUSTOM_CALL_EXAMPLE"]])
    x = np.array([[1, 2, 3], [4, 5, 6]], np.float32)
    result, = exe(x)
    np.testing.assert_array_equal(np.asarray(result), np.cumsum(x, axis=1))


def test_errors():
    with pytest.raises(hlox.CompileError, match=r"program:3:\d+: error"):
        hlox.compile("""
func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.add %x, %x : tensor<3xf32>
  return %0 : tensor<2xf32>
}""")
    with pytest.raises(hlox.InvalidArgumentError, match="no function @nope"):
        hlox.compile(SQUARE, entry="nope")
    exe = hlox.compile(SQUARE)
    with pytest.raises(hlox.InvalidArgumentError, match="takes 2 arguments"):
        exe(np.ones((2, 3), np.float32))
    with pytest.raises(hlox.InvalidArgumentError, match="is 2x3xf32, got 3xf32"):
        exe(np.ones(3, np.float32), np.ones((2, 3), np.float32))
    with pytest.raises(TypeError):
        hlox.compile(42)
    with pytest.raises(TypeError, match="unsupported dtype"):
        exe(np.array(["a", "b"]), np.ones((2, 3), np.float32))


def test_checks_and_flops():
    exe = hlox.compile("""
func.func @main(%a: tensor<2x3xf32>, %b: tensor<3x2xf32>) -> tensor<2x2xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
  check.expect_eq_const %0, dense<3.0> : tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}""")
    assert exe.cost_report()["flops"] == 2 * 2 * 2 * 3
    ones = np.ones((2, 3), np.float32)
    (product,) = exe(ones, ones.T.copy())
    np.testing.assert_array_equal(np.asarray(product),
                                  np.full((2, 2), 3, np.float32))
    # A failed test assertion fails the call, naming where it is.
    with pytest.raises(hlox.ExecutionError,
                       match="program:4:3: check failed: 4 of 4 elements"):
        exe(ones * 2, ones.T.copy())


def test_compile_options():
    program = """
func.func @twice(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.add %x, %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}"""
    exe = hlox.compile(program, entry="twice", fp_contract="off",
                       vectorize=False, host_control_flow="never",
                       library_min_flops=1 << 20, strict_numerics=True)
    (y,) = exe(np.arange(4, dtype=np.float32))
    np.testing.assert_array_equal(np.asarray(y), [0, 2, 4, 6])
    with pytest.raises(TypeError, match="unexpected option 'vectorise'"):
        hlox.compile(program, entry="twice", vectorise=False)
    with pytest.raises(ValueError, match="bad compile option 'fp_contract=some'"):
        hlox.compile(program, entry="twice", fp_contract="some")
    with pytest.raises(ValueError, match="composite=x:sideways"):
        hlox.compile(program, entry="twice", composites={"x": "sideways"})


def test_devices():
    devices = hlox.devices()
    assert devices[0]["name"] == "cpu:0" and devices[0]["kind"] == "cpu"
    assert devices[0]["num_threads"] >= 1
    assert hlox.memory_spaces() == [{"id": 0, "kind": "host", "devices": [0]}]


def test_doc_example():
    here = os.path.dirname(os.path.abspath(__file__))
    example = os.path.join(here, "..", "..", "examples", "python", "hello.py")
    output = subprocess.run([sys.executable, example], check=True,
                            capture_output=True, text=True).stdout
    assert output.strip() == "[1. 4. 9.]"


def test_readme_example():
    """The README's three lines run as they are (from the repository root)."""
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
    with open(os.path.join(root, "README.md")) as f:
        readme = f.read()
    block = readme.split("```python\n", 1)[1].split("```", 1)[0]
    scope = {}
    cwd = os.getcwd()
    try:
        os.chdir(root)
        exec(block, scope)
    finally:
        os.chdir(cwd)
    assert len(scope["outs"]) == len(scope["exe"].output_types)


GRID_PROGRAM = """
func.func @main(%x: tensor<3xf32>) -> (tensor<3xf32>, tensor<ui32>) {
  %id = stablehlo.replica_id : tensor<ui32>
  %0 = "stablehlo.all_reduce"(%x) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<3xf32>) -> tensor<3xf32>
  return %0, %id : tensor<3xf32>, tensor<ui32>
}
"""


def test_execute_parallel():
    executable = hlox.compile(GRID_PROGRAM, num_replicas=2)
    x0 = np.array([1, 2, 3], np.float32)
    x1 = np.array([10, 20, 30], np.float32)
    results = hlox.execute_parallel([(executable, [x0]), (executable, [x1])],
                                    num_replicas=2)
    for replica, (total, replica_id) in enumerate(results):
        np.testing.assert_array_equal(np.asarray(total), x0 + x1)
        assert int(np.asarray(replica_id)) == replica
    # A grid with a process missing, and a plain call of a program for two.
    with pytest.raises(hlox.InvalidArgumentError):
        hlox.execute_parallel([(executable, [x0])], num_replicas=2)
    with pytest.raises(hlox.ExecutionError, match="compiled for 2 replicas"):
        executable(x0)


SHARDED_PROGRAM = """
sdy.mesh @mesh = <["x"=2]>
func.func @main(%x: tensor<4x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>},
                %w: tensor<3x2xf32>)
    -> (tensor<4x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  %y = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<4x3xf32>, tensor<3x2xf32>) -> tensor<4x2xf32>
  return %y : tensor<4x2xf32>
}
"""


def test_sharded_program():
    executable = hlox.compile(SHARDED_PROGRAM)
    assert executable.num_devices == 2
    assert executable.input_types[0]["shape"] == (2, 3)
    assert executable.input_shardings == [
        {"tiles": [2, 1], "device_tiles": [0, 0, 1, 0]}, None]
    x = np.arange(12, dtype=np.float32).reshape(4, 3)
    w = np.arange(6, dtype=np.float32).reshape(3, 2)
    (y,) = executable(x, w)
    np.testing.assert_array_equal(np.asarray(y), x @ w)


# One process of a 2-process job over Gloo: argv is the coordinator and the
# process index; exits 77 when hlox has no Gloo.
GLOO_PROCESS = """
import sys
import numpy as np
import hlox
coordinator, index = sys.argv[1], int(sys.argv[2])
try:
    group = hlox.ProcessGroup.join_gloo(coordinator, 2, index,
                                        timeout_seconds=30)
except hlox.UnimplementedError:
    sys.exit(77)
assert group.process_index == index and group.num_processes == 2
executable = hlox.compile(sys.argv[3], num_replicas=2)
x = np.array([1, 2, 3], np.float32) * (index + 1)
y, replica = executable.call_in_group(group, x, num_replicas=2)
np.testing.assert_array_equal(np.asarray(y), [3, 6, 9])
assert int(np.asarray(replica)) == index
"""


def test_process_group_over_gloo():
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        coordinator = f"127.0.0.1:{s.getsockname()[1]}"
    processes = [subprocess.Popen([sys.executable, "-c", GLOO_PROCESS,
                                   coordinator, str(i), GRID_PROGRAM])
                 for i in range(2)]
    codes = [p.wait(timeout=120) for p in processes]
    if codes == [77, 77]:
        pytest.skip("hlox was built without Gloo")
    assert codes == [0, 0]
