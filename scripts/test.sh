#!/usr/bin/env bash
# Runs tessera's tests on a bare Debian machine with only a Rust toolchain:
# installs what the tests need and is missing (a C/C++ compiler for the
# spirv-tools crate, clang for the MSL shim tests, the Vulkan loader and
# Mesa's CPU Vulkan driver lavapipe for the execution tests), then runs the
# whole test suite. The README's test command; .ci/run calls it too.
#
# Usage: scripts/test.sh [extra cargo test arguments]
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
command -v cc >/dev/null 2>&1 || missing+=(gcc)
command -v c++ >/dev/null 2>&1 || missing+=(g++)
command -v clang++ >/dev/null 2>&1 || missing+=(clang)
# The execution tests (runner/tests/exec) run the compiled shaders on a
# Vulkan device: without a GPU, lavapipe.
ldconfig -p 2>/dev/null | grep -q 'libvulkan\.so\.1' || missing+=(libvulkan1)
ls /usr/share/vulkan/icd.d/lvp_icd*.json >/dev/null 2>&1 || missing+=(mesa-vulkan-drivers)
if ((${#missing[@]})); then
    echo "installing: ${missing[*]}"
    sudo=""
    if [[ $(id -u) -ne 0 ]]; then
        sudo="sudo"
    fi
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get update
    $sudo apt-get install -y --no-install-recommends "${missing[@]}" libc6-dev
fi

# The MSL shim tests fail without clang++; nothing may skip them here.
unset TESSERA_SKIP_CLANG
cargo test --workspace --no-fail-fast "$@"
