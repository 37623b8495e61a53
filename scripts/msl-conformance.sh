#!/usr/bin/env bash
# Compiles every .wgsl under DIR to MSL with the tessera CLI and checks each
# output with clang against the Metal shim (tests/metal-shim; the check is
# `cargo test --test msl_shim -- --ignored check_dir`, the same code as the
# snapshot check).
#
# Usage: scripts/msl-conformance.sh [--metal-configs] [--expected-failures LIST] DIR
#   --metal-configs  pass Apple's subgroup-matrix configurations
#                    (f32:f32:8x8x8, f16:f16:8x8x8: tessera::configs::metal)
#                    so that the pipeline step rejects other configurations
#                    first; without it the MSL writer's own checks decide.
#   LIST             paths relative to DIR ('#' comments) that are known not
#                    to compile at all (e.g. scripts/corpus-expected-failures.txt);
#                    they count as expected failures when they fail, and as
#                    unexpected errors when they compile.
# Prints the files in each category and the counts:
#   passed           MSL written and accepted by the shim check
#   cannot express   rejected with a "Metal cannot express" error
#   configs          rejected by the pipeline's configuration check (only
#                    with --metal-configs)
#   expected         listed in LIST and failed
#   other errors     any other compile error (listed)
#   shim failures    MSL written but rejected by clang/the shim (listed)
# and, when DIR has Tint's INDEX.tsv, how many files Tint's MSL writer
# handles. Exits 1 on shim failures or other errors, 2 when clang++ (or
# $TESSERA_CLANG) is missing.
set -euo pipefail

configs=()
if [[ "${1:-}" == "--metal-configs" ]]; then
    configs=(--subgroup-matrix-config f32:f32:8x8x8 --subgroup-matrix-config f16:f16:8x8x8)
    shift
fi
expected=""
if [[ "${1:-}" == "--expected-failures" ]]; then
    expected="$(cd "$(dirname "${2:?--expected-failures needs a file}")" && pwd)/$(basename "$2")"
    shift 2
fi
dir="${1:?usage: scripts/msl-conformance.sh [--metal-configs] [--expected-failures LIST] DIR}"
dir="$(cd "$dir" && pwd)"

clang="${TESSERA_CLANG:-clang++}"
if ! command -v "$clang" >/dev/null 2>&1; then
    echo "error: $clang not found: the shim check needs clang 14 or later (Debian: apt-get install clang)" >&2
    exit 2
fi
unset TESSERA_SKIP_CLANG

root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
cargo build --quiet -p tessera-cli
target="${CARGO_TARGET_DIR:-$root/target}"
tessera="$target/debug/tessera"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/out"

is_expected() {
    [[ -n "$expected" ]] && grep -v '^#' "$expected" | grep -qxF "$1"
}

cannot=0
config_rejected=0
expected_failed=0
other=0
other_list=""
written=0
while IFS= read -r -d '' file; do
    rel="${file#"$dir"/}"
    out="$work/out/$rel.metal"
    mkdir -p "$(dirname "$out")"
    if "$tessera" "$file" -o "$out" "${configs[@]}" 2>"$work/err"; then
        if is_expected "$rel"; then
            other=$((other + 1))
            other_list+="  $rel: compiled, but it is listed as an expected failure"$'\n'
        fi
        written=$((written + 1))
        continue
    fi
    rm -f "$out"
    if is_expected "$rel"; then
        expected_failed=$((expected_failed + 1))
    elif grep -q "Metal cannot express" "$work/err"; then
        cannot=$((cannot + 1))
        echo "cannot express: $rel: $(grep -m1 'Metal cannot express' "$work/err" | sed 's/^error: //')"
    elif [[ ${#configs[@]} -gt 0 ]] && grep -qiE "configuration|not supported by the device" "$work/err"; then
        config_rejected=$((config_rejected + 1))
        echo "configs: $rel: $(grep -m1 '^error' "$work/err" | sed 's/^error: //')"
    else
        other=$((other + 1))
        other_list+="  $rel"$'\n'"$(head -n 6 "$work/err" | sed 's/^/      /')"$'\n'
    fi
done < <(find "$dir" -name '*.wgsl' -type f -print0 | sort -z)

passed=0
shim_failed=0
shim_list=""
if [[ $written -gt 0 ]]; then
    TESSERA_MSL_SHIM_DIR="$work/out" cargo test --quiet --test msl_shim -- \
        --ignored --exact check_dir --nocapture >"$work/shim" 2>"$work/shim.err" || true
    passed=$(grep -c '^shim-ok ' "$work/shim" || true)
    shim_failed=$(grep -c '^shim-fail ' "$work/shim" || true)
    shim_list="$(awk -v prefix="$work/out/" 'BEGIN { shown = 99 }
        /^shim-fail / { sub(prefix, "", $2); sub(/\.metal$/, "", $2); print "  " $2; shown = 0; next }
        /^    / && shown < 6 { print "    " $0; shown++ }
        /^shim-ok / { shown = 99 }' "$work/shim")"
    if [[ $((passed + shim_failed)) -ne $written ]]; then
        echo "error: the shim check reported $((passed + shim_failed)) of $written files:" >&2
        tail -n 20 "$work/shim" "$work/shim.err" >&2
        exit 1
    fi
fi

if [[ -n "$other_list" ]]; then
    echo "other errors:"
    printf '%s' "$other_list"
fi
if [[ -n "$shim_list" ]]; then
    echo "shim failures:"
    printf '%s\n' "$shim_list"
fi
if [[ -f "$dir/INDEX.tsv" ]]; then
    awk -F'\t' 'NR > 1 && $2 == "test input" { n++; if ($10 == "valid") v++; else s++ }
        END { printf "Tint (INDEX.tsv): %d inputs, MSL valid %d, skipped/failed %d\n", n, v, s }' "$dir/INDEX.tsv"
fi
echo "$passed passed, $cannot cannot express, $config_rejected configs, $expected_failed expected, $other other errors, $shim_failed shim failures"
[[ $other -eq 0 && $shim_failed -eq 0 ]]
