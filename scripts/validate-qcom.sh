#!/usr/bin/env bash
# Validates tessera's SPV_QCOM_cooperative_matrix_conversion output with a
# SPIRV-Tools new enough to know the extension (2025-06 or later). The
# SPIRV-Tools that the `spirv-tools` crate bundles (and the tests link)
# predates it, so `cargo test` checks this output structurally only.
#
# Usage: scripts/validate-qcom.sh [SPIRV_TOOLS_SRC SPIRV_HEADERS_SRC]
#   With the two source directories (checkouts of KhronosGroup/SPIRV-Tools
#   and KhronosGroup/SPIRV-Headers), builds spirv-val from them (needs cmake
#   and a C++ compiler; `pip install cmake` provides cmake); otherwise uses
#   $SPIRV_VAL, or `spirv-val` from PATH.
# Compiles tests/qcom/rows.wgsl and every tests/in input that uses
# subgroupMatrixFromRows/Columns or subgroupMatrixRow/Column with
# --spirv-qcom-cooperative-matrix-conversion (SPIR-V 1.3 and 1.6) and runs
# spirv-val on each. Exit status: 0 when all are valid, 1 otherwise, 2 on a
# set-up problem.
set -u
cd "$(dirname "$0")/.."
if [ $# -ge 2 ]; then
    build=${BUILD_DIR:-target/spirv-tools-qcom}
    if [ ! -x "$build/tools/spirv-val" ]; then
        cmake -S "$1" -B "$build" -DSPIRV-Headers_SOURCE_DIR="$(cd "$2" && pwd)" \
            -DSPIRV_SKIP_TESTS=ON -DSPIRV_WERROR=OFF -DCMAKE_BUILD_TYPE=Release >/dev/null \
            && cmake --build "$build" --target spirv-val -j"$(nproc)" >/dev/null \
            || { echo "building spirv-val failed" >&2; exit 2; }
    fi
    VAL="$build/tools/spirv-val"
else
    VAL=${SPIRV_VAL:-spirv-val}
fi
command -v "$VAL" >/dev/null 2>&1 || [ -x "$VAL" ] || { echo "no spirv-val (give the SPIRV-Tools sources or set SPIRV_VAL)" >&2; exit 2; }
"$VAL" --version | head -1
cargo build -q -p tessera-cli || exit 2
TESSERA=target/debug/tessera
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
inputs=(tests/qcom/rows.wgsl)
for f in tests/in/*.wgsl; do
    grep -qE 'subgroupMatrix(FromRows|FromColumns|Row|Column)\b' "$f" && inputs+=("$f")
done
pass=0 fail=0 qcom=0
for f in "${inputs[@]}"; do
    for v in 1.3 1.6; do
        env=vulkan1.1; [ "$v" = 1.6 ] && env=vulkan1.3
        spv="$out/$(basename "$f" .wgsl)-$v.spv"
        if ! "$TESSERA" -q "$f" --spirv-version "$v" --spirv-qcom-cooperative-matrix-conversion -o "$spv"; then
            echo "FAIL (compile) $f $v"; fail=$((fail + 1)); continue
        fi
        if "$VAL" --target-env "$env" "$spv"; then
            pass=$((pass + 1))
            "$TESSERA" -q "$f" --spirv-version "$v" --spirv-qcom-cooperative-matrix-conversion --format spvasm -o - \
                | grep -q 'CoopMatQCOM' && qcom=$((qcom + 1))
        else
            echo "FAIL (spirv-val) $f $v"; fail=$((fail + 1))
        fi
    done
done
echo "spirv-val: $pass valid, $fail invalid ($qcom of the valid modules use the QCOM instructions)"
[ "$fail" -eq 0 ]
