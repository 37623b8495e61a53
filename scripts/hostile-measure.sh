#!/usr/bin/env bash
# Compiles every .wgsl given (files or directories) to SPIR-V, MSL and WGSL
# with the release CLI and prints wall time (s), peak resident memory (MB)
# and the outcome per backend. Each run is capped at 20 s and 2 GB of
# address space so a runaway case cannot take the machine down; a capped
# run reads TIMEOUT or OOM. Inputs over the targets (2 s, 256 MB) are
# marked with `!`.
#
# Usage: scripts/hostile-measure.sh [--bin PATH] FILE|DIR...
#   Generated large cases: TESSERA_HOSTILE_DUMP=DIR cargo test --test hostile_inputs dump
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
bin="${CARGO_TARGET_DIR:-$root/target}/release/tessera"
if [[ "${1:-}" == "--bin" ]]; then
    bin="$2"
    shift 2
fi
[[ -x "$bin" ]] || { echo "build the CLI first: cargo build --release -p tessera-cli" >&2; exit 2; }
files=()
for arg in "$@"; do
    if [[ -d "$arg" ]]; then
        while IFS= read -r f; do files+=("$f"); done < <(find "$arg" -name '*.wgsl' | sort)
    else
        files+=("$arg")
    fi
done
tmp="$(mktemp)"
trap 'rm -f "$tmp"' EXIT
printf '%-34s %8s' case bytes
for fmt in spvasm msl wgsl; do printf ' | %-6s %6s %6s %-28s' "$fmt" s MB outcome; done
echo
for f in "${files[@]}"; do
    printf '%-34s %8d' "$(basename "$f" .wgsl)" "$(wc -c < "$f")"
    for fmt in spvasm msl wgsl; do
        ( ulimit -v 2000000; exec /usr/bin/time -f '%e %M' -o "$tmp" \
            timeout 20 "$bin" "$f" --format "$fmt" -o /dev/null ) 2> "$tmp.err"
        rc=$?
        read -r secs kb < <(tail -n 1 "$tmp") || true
        mb=$(( ${kb:-0} / 1024 ))
        case $rc in
            0) outcome=ok ;;
            124) outcome=TIMEOUT ;;
            1) outcome="error: $(grep -m1 -o 'error[^:]*: .*' "$tmp.err" | cut -c8-40)" ;;
            *) if grep -q "memory allocation" "$tmp.err"; then outcome=OOM; else outcome="crash rc=$rc"; fi ;;
        esac
        mark=" "
        if [[ $rc == 124 ]] || awk "BEGIN{exit !(${secs:-99} > 2 || $mb > 256)}"; then mark="!"; fi
        printf ' |%s%-6s %6s %6s %-28s' "$mark" "" "${secs:-?}" "$mb" "${outcome:0:28}"
    done
    echo
done
rm -f "$tmp.err"
