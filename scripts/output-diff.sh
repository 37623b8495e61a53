#!/usr/bin/env bash
# Compares what two builds of tessera write (SPIR-V words and MSL text) on
# a fixed set of inputs, to show that a change leaves the output alone or
# to list every output it changes for review: tests/in, benches/inputs,
# gpu/kernels and, with a corpus, every 4th spvasm-OK input of Tint's
# suite (the "2,190-input check" of benches/RESULTS.md).
#
# BASE and NEW are `profile_compile` binaries (cargo build --release
# --example profile_compile, at each commit). Writes OUT/{base,new}/ and
# prints the inputs whose SPIR-V or MSL differs.
#
# Usage: scripts/output-diff.sh BASE NEW OUT [CORPUS/tint]
set -euo pipefail
cd "$(dirname "$0")/.."
base=$1
new=$2
out=$3
corpus=${4:-}
inputs=$(mktemp)
find tests/in benches/inputs gpu/kernels -name '*.wgsl' | LC_ALL=C sort > "$inputs"
if [[ -n $corpus ]]; then
    awk -F'\t' 'NR > 1 && $2 == "OK" { n++; if (n % 4 == 1) print $1 }' "$corpus/manifest.tsv" |
        sed "s|^|$corpus/|" >> "$inputs"
fi
rm -rf "$out/base" "$out/new"
mkdir -p "$out/base" "$out/new"
total=0
changed=0
while read -r f; do
    total=$((total + 1))
    key=$(printf '%s' "$f" | tr '/' '_')
    for t in spv msl; do
        "$base" "$f" "dump-$t" > "$out/base/$key.$t" 2>/dev/null || true
        "$new" "$f" "dump-$t" > "$out/new/$key.$t" 2>/dev/null || true
        if ! cmp -s "$out/base/$key.$t" "$out/new/$key.$t"; then
            echo "$t differs: $f"
            changed=$((changed + 1))
        fi
    done
done < "$inputs"
echo "$total inputs, $changed outputs differ"
rm -f "$inputs"
