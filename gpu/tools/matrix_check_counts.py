#!/usr/bin/env python3
"""Cost of bounds checks around subgroup-matrix accesses.

Usage: matrix_check_counts.py CLI KERNEL.wgsl...

Compiles each kernel with the tessera CLI at CLI twice (default bounds
checks, and --no-bounds-checks) as SPIR-V assembly and prints: instruction
counts of both, matrix loads/stores, check instructions added per matrix
access, how many accesses have a constant stride operand, and the number of
OpSelect and UMin/SMin instructions. Kernels: `tessera-gpu --dump-kernels DIR`.
"""
import re, subprocess, sys
def spvasm(cli, wgsl, extra):
    r = subprocess.run([cli, wgsl, "--format", "spvasm"] + extra, capture_output=True, text=True)
    if r.returncode != 0:
        return None, r.stderr[:300]
    return r.stdout, None
def stats(text):
    lines = [l.strip() for l in text.splitlines() if l.strip() and not l.startswith(";")]
    consts = set()
    for l in lines:
        m = re.match(r"(%\S+) = OpConstant", l)
        if m: consts.add(m.group(1))
    body = [l for l in lines if not re.search(r"= Op(Constant|Type|Variable|String|ExtInstImport|Decorate|MemberDecorate|Name)|^Op(Decorate|MemberDecorate|Name|Capability|Extension|MemoryModel|EntryPoint|ExecutionMode|Source)", l)]
    loads = [l for l in lines if "OpCooperativeMatrixLoadKHR" in l]
    stores = [l for l in lines if "OpCooperativeMatrixStoreKHR" in l]
    def stride_const(l):
        toks = l.split()
        # ... = OpCooperativeMatrixLoadKHR %type %ptr %layout %stride [mem]
        i = toks.index("OpCooperativeMatrixLoadKHR") if "OpCooperativeMatrixLoadKHR" in toks else toks.index("OpCooperativeMatrixStoreKHR")
        stride = toks[i+4] if "OpCooperativeMatrixLoadKHR" in toks else toks[i+4]
        return stride in consts
    return dict(instr=len(body), loads=len(loads), stores=len(stores),
                const_stride=sum(stride_const(l) for l in loads+stores),
                select=sum("OpSelect" in l for l in body), umin=sum(" UMin " in l or " SMin " in l for l in body))
cli = sys.argv[1]
for w in sys.argv[2:]:
    c, e1 = spvasm(cli, w, [])
    u, e2 = spvasm(cli, w, ["--no-bounds-checks"])
    if c is None or u is None:
        print(w, "ERROR", e1 or e2); continue
    sc, su = stats(c), stats(u)
    acc = sc["loads"] + sc["stores"]
    print(f"{w.split('/')[-1]:40} checked {sc['instr']:6} unchecked {su['instr']:6} matrix accesses {acc:4} (load {sc['loads']} store {sc['stores']}) extra/access {(sc['instr']-su['instr'])/max(acc,1):6.2f} const-stride {sc['const_stride']}/{acc} select {sc['select']} min {sc['umin']} (unchecked min {su['umin']})")
