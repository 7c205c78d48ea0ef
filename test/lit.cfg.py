# -*- Python -*-
# lit configuration of hlox's tests: lit + FileCheck over test/**/*.mlir.

import os
import sys

import lit.formats
from lit.llvm import llvm_config

config.name = "HLOX"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.hlox_obj_root, "test")
# The conformance runner and its data are driven by ctest, not lit.
config.excludes = ["conformance", "fuzz", "differential", "CMakeLists.txt", "lit.cfg.py",
                   "lit.site.cfg.py", "expect_exit.py", "Inputs"]

llvm_config.use_default_substitutions()
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.with_environment("PATH", config.hlox_tools_dir, append_path=True)
llvm_config.add_tool_substitutions(["hlox-opt", "hlox-run", "hlox-compile",
                                    "hlox-bench", "hlox-translate",
                                    "hlox-run-aot-example", "hlox-run-aot"],
                                   [config.hlox_tools_dir])
# %custom_call_example: the example library of custom-call targets.
config.substitutions.append(("%custom_call_example",
                             config.custom_call_example))
# %custom_ops_plugin: examples/custom_ops's native handlers (iou_3d).
config.substitutions.append(("%custom_ops_plugin", config.custom_ops_plugin))
# The source and build trees, the C and C++ compilers and CMake, for the
# tests that build plugins.
config.substitutions.append(("%hlox_src_root", config.hlox_src_root))
config.substitutions.append(("%hlox_obj_root", config.hlox_obj_root))
config.substitutions.append(("%cxx", config.cxx_compiler))
config.substitutions.append(("%cc", config.c_compiler))
config.substitutions.append(("%cmake", config.cmake_command))
# `jemalloc`: hlox-run and hlox-bench were linked against jemalloc.
if config.hlox_jemalloc:
    config.available_features.add("jemalloc")
# `mpi`: hlox was built with MPI; %mpirun N starts N processes of a
# command on this machine (as root too, more processes than cores allowed),
# each killed after 120 s.
if config.hlox_mpiexec:
    config.available_features.add("mpi")
    config.substitutions.append(
        ("%mpirun", f"timeout 120 {config.hlox_mpiexec} --allow-run-as-root "
         "--oversubscribe --mca btl self,tcp -np"))
# `gloo`: hlox was built with Gloo; %gloo-job N runs N processes of a
# command that meet at a coordinator (Tools/run_job.py).
if config.hlox_gloo:
    config.available_features.add("gloo")
    config.substitutions.append(
        ("%gloo-job", f"{sys.executable} "
         f"{os.path.join(config.test_source_root, 'Tools', 'run_job.py')}"))
# `avx512`: the CPU running the tests has AVX-512F, so that hlox's own
# kernels (the matrix product's, the pointwise convolution's) run.
try:
    with open("/proc/cpuinfo") as cpuinfo:
        if " avx512f" in cpuinfo.read():
            config.available_features.add("avx512")
except OSError:
    pass
# `ptxas`: the CUDA toolkit's PTX assembler is there (as hlox-compile
# --target=cuda finds it), so that the PTX hlox makes is validated.
import shutil
if (os.environ.get("HLOX_PTXAS")
        or os.access(os.path.join(os.environ.get("CUDA_HOME", "/usr/local/cuda"),
                                  "bin", "ptxas"), os.X_OK)
        or os.access("/usr/local/cuda/bin/ptxas", os.X_OK)
        or shutil.which("ptxas")):
    config.available_features.add("ptxas")
# %fake_cuda_driver: a stand-in for libcuda.so.1 over host memory
# (unittests/Runtime/Cuda/FakeDriver.cpp), for $HLOX_CUDA_DRIVER: it checks
# and logs launches but runs no kernel.
config.substitutions.append(("%fake_cuda_driver", config.fake_cuda_driver))
# %python: the Python that runs lit (with numpy, for the tests' helpers).
config.substitutions.append(("%python", sys.executable))
# %expect-exit CODE CMD: CMD must exit with exactly CODE.
config.substitutions.append(
    ("%expect-exit", f"{sys.executable} "
     f"{os.path.join(config.test_source_root, 'Tools', 'expect_exit.py')}"))
