#!/usr/bin/env python3
"""cuBLAS reference timings for the matmul benchmark.

Times torch.matmul on fp16 CUDA tensors (C = A @ B, M = N = K = size) with
CUDA events: warm-up, then the median of --iters (>= 10) timed calls.
Reduced-precision fp16 reductions are disabled so cuBLAS accumulates in
fp32, like the tessera and glslang kernels. Prints JSON on stdout:
{"device": ..., "torch": ..., "results": [{"m", "n", "k", "tflops", "median_ms"}]}
"""
import argparse
import json
import statistics
import sys


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--sizes", default="4096,8192")
    p.add_argument("--warmup", type=int, default=10)
    p.add_argument("--iters", type=int, default=50)
    args = p.parse_args()
    if args.iters < 10:
        print("--iters must be >= 10", file=sys.stderr)
        return 2
    try:
        import torch
    except ImportError as e:
        print(json.dumps({"error": f"no torch: {e}", "results": []}))
        return 1
    if not torch.cuda.is_available():
        print(json.dumps({"error": "CUDA not available", "results": []}))
        return 1
    torch.backends.cuda.matmul.allow_fp16_reduced_precision_reduction = False
    results = []
    for size in [int(s) for s in args.sizes.split(",") if s]:
        g = torch.Generator(device="cuda").manual_seed(size)
        a = torch.rand(size, size, device="cuda", dtype=torch.float16, generator=g) * 2 - 1
        b = torch.rand(size, size, device="cuda", dtype=torch.float16, generator=g) * 2 - 1
        for _ in range(args.warmup):
            torch.matmul(a, b)
        torch.cuda.synchronize()
        times = []
        for _ in range(args.iters):
            start = torch.cuda.Event(enable_timing=True)
            end = torch.cuda.Event(enable_timing=True)
            start.record()
            torch.matmul(a, b)
            end.record()
            end.synchronize()
            times.append(start.elapsed_time(end))
        med_ms = statistics.median(times)
        results.append({
            "m": size, "n": size, "k": size,
            "median_ms": med_ms,
            "tflops": 2.0 * size ** 3 / (med_ms * 1e-3) / 1e12,
        })
        del a, b
    print(json.dumps({
        "device": torch.cuda.get_device_name(0),
        "torch": torch.__version__,
        "cuda": torch.version.cuda,
        "results": results,
    }, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
