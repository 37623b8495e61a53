#!/usr/bin/env bash
# Fuzzes one target of fuzz/ (parse, validate, compile, msl) for SECONDS,
# starting from the snapshot inputs (tests/in), the hostile cases
# (tests/hostile) and fuzz/seeds (4 KiB versions of the generated hostile
# cases of tests/hostile_gen). Needs a nightly toolchain and
# cargo-fuzz (`cargo install cargo-fuzz`). New corpus entries go to
# fuzz/corpus/TARGET (ignored by git); crashes to fuzz/artifacts/TARGET.
#
# Usage: scripts/fuzz.sh TARGET [SECONDS] [extra libFuzzer flags]
#   (the `compile` target builds SPIRV-Tools: it needs --features spirv-tools,
#   which this script passes)
set -euo pipefail
cd "$(dirname "$0")/../fuzz"
target="${1:?usage: scripts/fuzz.sh parse|validate|compile|msl [SECONDS]}"
seconds="${2:-600}"
shift $(( $# < 2 ? $# : 2 ))
features=()
if [[ "$target" == compile ]]; then
    features=(--features spirv-tools)
fi
mkdir -p "corpus/$target"
cargo +nightly fuzz run "${features[@]}" "$target" "corpus/$target" seeds ../tests/in ../tests/hostile -- \
    -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=2048 "$@"
