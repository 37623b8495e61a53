#!/usr/bin/env bash
# Compiles every .wgsl under DIR with the tessera CLI and validates each
# SPIR-V module with SPIRV-Tools (examples/validate_spv.rs, which links
# SPIRV-Tools through the spirv-tools crate, so no spirv-val binary and no
# particular SPIRV-Tools version is needed on the machine).
#
# Usage: scripts/conformance.sh [--spirv 1.3|1.6] [--cooperative-matrix khr|nv]
#                               [--standard] [--expected-failures LIST] DIR
#   LIST: a file of paths relative to DIR (one per line, '#' comments) that
#   are known not to compile; they count as passed when they fail, and as a
#   failure when they unexpectedly succeed.
#   --spirv 1.3 (default): SPIR-V 1.3 validated for Vulkan 1.1
#   --spirv 1.6:           SPIR-V 1.6 validated for Vulkan 1.3
#   --cooperative-matrix khr (default) | nv: the SPIR-V extension of subgroup
#   matrices (tessera --spirv-cooperative-matrix); a module that declares
#   the other extension's capability fails, and the modules with
#   cooperative matrices of the chosen extension are counted.
#   --standard: compile each input with its
#     `enable chromium_experimental_subgroup_matrix;` replaced by the
#     standard-track `enable subgroup_matrix;`; an input rejected by an
#     error that names `enable subgroup_matrix;` (it uses a form only
#     Chromium's name allows) is skipped, and counted.
# Prints each failure and a final `N passed, M failed` line (with
# `, K skipped` under --standard); exits 1 when anything failed.
#
#        scripts/conformance.sh --tint [CORPUS]
#   Tint's suite (CORPUS defaults to ../shared/corpus/tint): reads its
#   manifest.tsv, compiles every compute-only input Tint compiles to SPIR-V
#   and validates it (examples/tint_conformance.rs), with the known
#   failures of scripts/tint-expected-failures.tsv; prints `N of M (P%)
#   valid` and the Chromium-only experiments counted apart.
set -euo pipefail

if [[ "${1:-}" == "--tint" ]]; then
    root="$(cd "$(dirname "$0")/.." && pwd)"
    corpus="${2:-$root/../shared/corpus/tint}"
    corpus="$(cd "$corpus" && pwd)"
    cd "$root"
    exec cargo run --quiet --release --example tint_conformance -- \
        "$corpus" scripts/tint-expected-failures.tsv
fi

version=1.3
coop=khr
expected=""
standard=""
while [[ $# -gt 1 ]]; do
    case "$1" in
        --spirv) version="${2:?--spirv needs 1.3 or 1.6}"; shift 2 ;;
        --cooperative-matrix) coop="${2:?--cooperative-matrix needs khr or nv}"; shift 2 ;;
        --standard) standard=1; shift ;;
        --expected-failures)
            expected="$(cd "$(dirname "${2:?--expected-failures needs a file}")" && pwd)/$(basename "$2")"
            shift 2 ;;
        *) break ;;
    esac
done
dir="${1:?usage: scripts/conformance.sh [--spirv 1.3|1.6] [--cooperative-matrix khr|nv] [--standard] [--expected-failures LIST] DIR}"
dir="${dir%/}"
case "$version" in
    1.3) env=vulkan1.1 ;;
    1.6) env=vulkan1.3 ;;
    *) echo "error: unsupported --spirv $version (use 1.3 or 1.6)" >&2; exit 2 ;;
esac
case "$coop" in
    khr|nv) ;;
    *) echo "error: unsupported --cooperative-matrix $coop (use khr or nv)" >&2; exit 2 ;;
esac

root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
cargo build --quiet -p tessera-cli
cargo build --quiet --example validate_spv
target="${CARGO_TARGET_DIR:-$root/target}"
tessera="$target/debug/tessera"
validate="$target/debug/examples/validate_spv"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

flags=(--spirv-version "$version" --spirv-cooperative-matrix "$coop")
matrices=0
passed=0
failed=0
skipped=0
is_expected() {
    [[ -n "$expected" ]] && grep -v '^#' "$expected" | grep -qxF "${1#"$dir"/}"
}

while IFS= read -r -d '' original; do
    out="$work/out.spv"
    rm -f "$out"
    file="$original"
    if [[ -n "$standard" ]]; then
        # Same base name, so messages stay readable.
        file="$work/$(basename "$original")"
        sed 's/^enable chromium_experimental_subgroup_matrix;/enable subgroup_matrix;/' \
            "$original" >"$file"
    fi
    if is_expected "$original"; then
        if "$tessera" "$file" -o "$out" "${flags[@]}" 2>/dev/null; then
            echo "FAIL (expected to fail, but compiled) $original"
            failed=$((failed + 1))
        else
            echo "expected failure: $original"
            passed=$((passed + 1))
        fi
    elif ! "$tessera" "$file" -o "$out" "${flags[@]}" 2>"$work/err"; then
        if [[ -n "$standard" ]] && grep -q "enable subgroup_matrix;" "$work/err"; then
            echo "skipped (uses a form only Chromium's name allows): $original"
            skipped=$((skipped + 1))
            continue
        fi
        echo "FAIL (compile) $original"
        head -n 8 "$work/err" | sed 's/^/    /'
        failed=$((failed + 1))
    elif ! uses="$("$validate" --target-env "$env" --cooperative-matrix "$coop" "$out" 2>"$work/err")"; then
        echo "FAIL (spirv-val $env, $coop cooperative matrices) $original"
        head -n 8 "$work/err" | sed 's/^/    /'
        failed=$((failed + 1))
    else
        [[ -n "$uses" ]] && matrices=$((matrices + 1))
        passed=$((passed + 1))
    fi
done < <(find "$dir" -name '*.wgsl' -type f -print0 | sort -z)

echo "$matrices modules with $coop cooperative matrices"
if [[ -n "$standard" ]]; then
    echo "$passed passed, $failed failed, $skipped skipped"
else
    echo "$passed passed, $failed failed"
fi
[[ $failed -eq 0 ]]
