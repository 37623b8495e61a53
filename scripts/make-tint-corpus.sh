#!/usr/bin/env bash
# Makes Tint's WGSL test suite into a corpus for scripts/tint-suite.sh and
# the tint_conformance example, from a Dawn git directory (a bare mirror
# or a checkout's .git): every test/tint/**/*.wgsl that is not an
# *.expected.* file goes under OUT/tint/, and OUT/tint/manifest.tsv lists
# each as `path  spvasm  msl`, a column OK when Tint's .expected.spvasm /
# .expected.msl exists and does not start with SKIP.
#
# Usage: scripts/make-tint-corpus.sh DAWN_GIT_DIR OUT [REV]
set -euo pipefail
git_dir=$1
out=$2
rev=${3:-HEAD}
mkdir -p "$out"
rm -rf "$out/tint"
git --git-dir="$git_dir" archive "$rev" test/tint | tar -x -C "$out"
mv "$out/test/tint" "$out/tint"
rmdir "$out/test" 2>/dev/null || true
cd "$out/tint"
{
    printf 'path\tspvasm\tmsl\n'
    find . -name '*.wgsl' ! -name '*.expected.*' | sed 's|^\./||' | LC_ALL=C sort | while read -r p; do
        col() {
            local f="$p.expected.$1"
            if [[ -f $f ]] && ! head -c 4 "$f" | grep -q '^SKIP'; then echo OK; else echo -; fi
        }
        printf '%s\t%s\t%s\n' "$p" "$(col spvasm)" "$(col msl)"
    done
} > manifest.tsv
# Keep only the inputs: the expected outputs are Tint's, not ours to read.
find . -name '*.expected.*' -delete
echo "$(($(wc -l < manifest.tsv) - 1)) inputs in $out/tint (Dawn $(git --git-dir="$git_dir" rev-parse --short "$rev"))"
