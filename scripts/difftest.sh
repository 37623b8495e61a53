#!/usr/bin/env bash
# The differential campaign: seeds FROM..FROM+COUNT in JOBS processes (one
# Vulkan device each), every program compiled by tessera (optimised and
# not), naga 30 and, where naga rejects or disagrees, Tint, run and
# compared (difftest/, docs/differential-testing.md). A process stopped by
# a hang (exit 4) is restarted after the seed that hung.
#
# Usage: scripts/difftest.sh [FROM] [COUNT] [JOBS] [OUTDIR]
#   defaults: 0 10000 (number of cores) target/difftest
# OUTDIR gets results.txt (one "SEED VERDICT" line per seed), seed-N.wgsl
# for every seed that is not an agreement, and summary.txt. Needs a Vulkan
# device (lavapipe: mesa-vulkan-drivers) and, for the deciding vote, Tint at
# ../shared/tools/tint/tint (or TESSERA_TINT). Set TESSERA_DIFFTEST_BIN to
# use a prebuilt binary, TESSERA_DIFFTEST_SECONDS to stop each worker after
# that many seconds (COUNT is then the most).
set -euo pipefail
cd "$(dirname "$0")/.."

from="${1:-0}"
count="${2:-10000}"
jobs="${3:-$(nproc)}"
out="${4:-target/difftest}"
mkdir -p "$out"
bin="${TESSERA_DIFFTEST_BIN:-}"
if [[ -z "$bin" ]]; then
    cargo build --release -q -p tessera-difftest --bin tessera-difftest
    bin="${CARGO_TARGET_DIR:-target}/release/tessera-difftest"
fi
results="$out/results.txt"
: >"$results.tmp"

# Worker j runs seeds from+j, from+j+jobs, ...: how many of them.
worker() {
    local j="$1" n=$(((count - $1 + jobs - 1) / jobs)) done=0 start="$((from + $1))"
    local log="$out/worker-$j.txt" began=$SECONDS
    : >"$log"
    while ((done < n)); do
        local budget=()
        if [[ -n "${TESSERA_DIFFTEST_SECONDS:-}" ]]; then
            local left=$((TESSERA_DIFFTEST_SECONDS - (SECONDS - began)))
            ((left > 0)) || break
            budget=(--seconds "$left")
        fi
        set +e
        "$bin" --from "$start" --count "$((n - done))" --stride "$jobs" "${budget[@]}" \
            --results "$log" --out "$out" 2>>"$out/worker-$j.err"
        local rc=$?
        set -e
        done=$(wc -l <"$log")
        start=$((from + j + done * jobs))
        if ((rc > 128 && done < n)); then
            # The process died (a driver crash): the seed it was running is
            # recorded, and the worker goes on after it.
            echo "$start crashed" >>"$log"
            echo "worker $j: seed $start crashed the process (signal $((rc - 128)))" >&2
            continue
        fi
        if ((rc != 4)); then
            break
        fi
        echo "worker $j: restarted after a hang ($done of $n done)" >&2
    done
}

for ((j = 0; j < jobs; j++)); do
    if ((j < count)); then
        worker "$j" &
    fi
done
wait
cat "$out"/worker-*.txt | sort -n >"$results"
rm -f "$results.tmp"
total=$(wc -l <"$results")
{
    echo "seeds $from..$((from + count)): $total programs run"
    awk '{print $2}' "$results" | sort | uniq -c | sort -rn
} | tee "$out/summary.txt"
if grep -qE ' (tessera-rejects|mismatch-|hung|run-failed|crashed)' "$results"; then
    echo "tessera problems: see $out/seed-*.wgsl" >&2
    exit 1
fi
