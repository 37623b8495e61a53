#!/usr/bin/env bash
# Runs the whole GPU evaluation on the device machine, from the repository
# root: gpu/run_all.sh [extra tessera-gpu arguments, e.g. --spirv 1.6]
# Needs gpu/bin/tessera-gpu (cargo build --release -p tessera-gpu), the
# Vulkan loader debs in .gl/ and Python 3 with PyTorch for cuBLAS.
# Writes $OUT/results.json, $OUT/report.txt and logs ($OUT defaults to ./gpu_out).
# Exit status: the runner's (0 all passed, 1 failures, 3 no device).
set -u
cd "$(dirname "$0")/.."
OUT=${OUT:-$PWD/gpu_out}
mkdir -p "$OUT"
LOG="$OUT/run_all.log"
: > "$LOG"
log() { echo "[run_all $(date -u +%H:%M:%S)] $*" | tee -a "$LOG"; }

BIN=gpu/bin/tessera-gpu
if [ ! -x "$BIN" ]; then
    log "missing $BIN: build it with 'cargo build --release -p tessera-gpu' and copy it there"
    exit 2
fi

# 1. Vulkan loader.
if ! ldconfig -p 2>/dev/null | grep -q 'libvulkan.so.1'; then
    log "installing the Vulkan loader from .gl/"
    for f in .gl/*.deb; do dpkg -x "$f" / >>"$LOG" 2>&1; done
    ldconfig
fi
nvidia-smi >"$OUT/nvidia-smi.txt" 2>&1 || true

# 2. cuBLAS reference (before Vulkan, so the two never share the GPU).
log "cuBLAS timings"
if python3 gpu/bench_cublas.py --sizes 4096,8192 >"$OUT/cublas.json" 2>"$OUT/cublas.log"; then
    CUBLAS=(--cublas "$OUT/cublas.json")
else
    log "bench_cublas.py failed (see cublas.log); continuing without cuBLAS numbers"
    CUBLAS=()
fi

# 3. Conformance suite and matmul benchmark. The driver's on-disk shader
# cache is off, so pipeline-creation times are cold every run.
export __GL_SHADER_DISK_CACHE=0
run() {
    "$BIN" --out "$OUT" "${CUBLAS[@]}" "$@" >"$OUT/runner.stdout" 2>"$OUT/runner.log"
}
log "tessera-gpu $*"
run "$@"
rc=$?
if [ $rc -eq 3 ] && [ -z "${VK_DRIVER_FILES:-}" ] \
    && [ -f /usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json ]; then
    log "no device found; retrying with VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json"
    export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
    run "$@"
    rc=$?
fi
log "tessera-gpu exited with $rc"
tail -n 3 "$OUT/runner.log" | tee -a "$LOG"
[ -f "$OUT/report.txt" ] && cat "$OUT/report.txt"
exit $rc
