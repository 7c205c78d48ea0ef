#!/usr/bin/env bash
# Installs what hlox needs to build and test on a Debian machine: MLIR/LLVM of
# major version 22, lit/FileCheck, clang/lld 22, Ninja, CMake, GoogleTest,
# oneDNN (the runtime's matrix products), jemalloc (the allocator of the
# tools that run programs) and LAPACK/BLAS (the handlers of JAX's CPU linear
# algebra custom calls), Open MPI and Gloo (collectives between processes),
# and
# Python 3 with numpy, pybind11 and pytest (the
# hlox Python package and its tests).
# Idempotent: installs only what is missing, and runs `apt-get update` at most
# once, only when something must be installed. Extra Debian package names
# given as arguments are installed too (test-sanitizers.sh asks for the
# sanitizer runtimes).
set -euo pipefail

LLVM_MAJOR=22
PACKAGES=(
  "libmlir-${LLVM_MAJOR}-dev"
  "mlir-${LLVM_MAJOR}-tools"
  "llvm-${LLVM_MAJOR}-dev"
  "llvm-${LLVM_MAJOR}-tools"
  "clang-${LLVM_MAJOR}"
  "lld-${LLVM_MAJOR}"
  ninja-build
  cmake
  pkgconf
  libgtest-dev
  libdnnl-dev
  libjemalloc-dev
  liblapack-dev
  libblas-dev
  libopenmpi-dev
  openmpi-bin
  libgloo-dev
  python3
  python3-dev
  python3-numpy
  python3-pybind11
  python3-pytest
  "$@"
)

missing=()
for pkg in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$pkg")
  fi
done

if ((${#missing[@]} == 0)); then
  echo "install-deps: everything is installed"
else
  SUDO=""
  if [[ $(id -u) -ne 0 ]]; then SUDO="sudo"; fi
  echo "install-deps: installing ${missing[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# The build needs this exact LLVM major; say so plainly when it is not there.
config="/usr/lib/llvm-${LLVM_MAJOR}/bin/llvm-config"
if [[ ! -x "$config" ]]; then
  echo "install-deps: error: $config not found after installation" >&2
  exit 1
fi
version=$("$config" --version)
if [[ "${version%%.*}" != "$LLVM_MAJOR" ]]; then
  echo "install-deps: error: LLVM $version installed, hlox needs major version $LLVM_MAJOR" >&2
  exit 1
fi
echo "install-deps: LLVM/MLIR $version"
