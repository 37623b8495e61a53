#!/usr/bin/env bash
# The whole of Tint's test suite (every input Tint compiles, render and
# compute): SPIR-V validated by SPIRV-Tools, naga 30 over the same inputs
# in the same run (a table per top-level folder), and tessera's MSL for the
# inputs whose `msl` column is OK checked with clang against the Metal shim.
#
# Usage: scripts/tint-suite.sh [--msl-sample N] [CORPUS]
#   CORPUS defaults to ../shared/corpus/tint. --msl-sample N checks every
#   Nth MSL input (a fixed, deterministic sample: CI uses 10; the default
#   1 checks them all, which takes long on 2 cores).
# Known failures are listed in scripts/tint-expected-failures.tsv
# (path<TAB>reason); a listed input that passes fails the run, as does an
# unlisted failure, any panic, or a shim failure.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
sample=1
if [[ "${1:-}" == "--msl-sample" ]]; then
    sample="${2:?--msl-sample needs a count}"
    shift 2
fi
corpus="${1:-$root/../shared/corpus/tint}"
corpus="$(cd "$corpus" && pwd)"
cd "$root"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

status=0
cargo run --quiet --release --example tint_conformance -- \
    "$corpus" scripts/tint-expected-failures.tsv --all --naga \
    --msl-out "$work/msl" --msl-sample "$sample" || status=1

if [[ -d "$work/msl" ]]; then
    TESSERA_MSL_SHIM_DIR="$work/msl" cargo test --quiet --test msl_shim -- \
        --ignored --exact check_dir --nocapture >"$work/shim" 2>"$work/shim.err" || true
    passed=$(grep -c '^shim-ok ' "$work/shim" || true)
    failed=$(grep -c '^shim-fail ' "$work/shim" || true)
    awk -v prefix="$work/msl/" 'BEGIN { shown = 99 }
        /^shim-fail / { sub(prefix, "", $2); sub(/\.metal$/, "", $2); print "shim failure: " $2; shown = 0; next }
        /^    / && shown < 4 { print "    " $0; shown++ }
        /^shim-ok / { shown = 99 }' "$work/shim"
    echo "MSL through the shim: $passed passed, $failed failed (every ${sample}th MSL input)"
    if [[ $failed -ne 0 ]]; then
        status=1
    fi
    if [[ $((passed + failed)) -eq 0 ]]; then
        echo "error: the shim check ran no file" >&2
        tail -n 20 "$work/shim.err" >&2
        status=1
    fi
fi
exit $status
