//! End-to-end tests: WGSL source through the whole pipeline to SPIR-V,
//! validated with SPIRV-Tools for SPIR-V 1.3 and 1.6.

mod spv_util;

use spv_util::{compile_wgsl as compile, disasm, validate};
use tessera::{compile_to_spirv, CompileOptions};

#[test]
fn doubling_kernel() {
    let dis = compile(
        "@group(0) @binding(0) var<storage, read_write> data: array<u32>;
         @compute @workgroup_size(64)
         fn main(@builtin(global_invocation_id) id: vec3<u32>) {
             data[id.x] = data[id.x] * 2u;
         }",
    );
    assert!(dis.contains("OpArrayLength"), "{dis}");
    assert!(dis.contains("LocalSize 64 1 1"), "{dis}");
}

#[test]
fn control_flow_and_integer_semantics() {
    let dis = compile(
        "@group(0) @binding(0) var<storage, read_write> out: array<i32, 16>;
         fn f(a: i32, b: i32) -> i32 {
             var acc = 0;
             for (var i = 0; i < 10; i++) {
                 if i == 3 { continue; }
                 switch i { case 7, 8: { break; } default: { acc += a / b + a % b; } }
                 if acc > 100 { break; }
             }
             loop { acc -= 1; continuing { break if acc < 0; } }
             return acc << 33u;
         }
         @compute @workgroup_size(1)
         fn main(@builtin(local_invocation_index) i: u32) {
             out[i] = f(i32(i), -1) + i32(f32(i) * 1e10);
         }",
    );
    for op in [
        "OpLoopMerge",
        "OpSwitch",
        "OpSDiv",
        "OpISub",
        "FMin",
        "OpShiftLeftLogical",
    ] {
        assert!(dis.contains(op), "missing {op}: {dis}");
    }
    // Vulkan leaves OpSRem undefined for negative operands: `a % b` is
    // `a - b * (a / b)` (the signed-remainder pass).
    assert!(!dis.contains("OpSRem"), "{dis}");
}

#[test]
fn atomics_barriers_workgroup_memory() {
    let dis = compile(
        "var<workgroup> counter: atomic<u32>;
         var<workgroup> flag: u32;
         var<workgroup> tile: array<f32, 64>;
         @group(0) @binding(0) var<storage, read_write> out: array<u32>;
         @compute @workgroup_size(64)
         fn main(@builtin(local_invocation_index) i: u32) {
             tile[i] = f32(i);
             let old = atomicAdd(&counter, 1u);
             if i == 0u { flag = 5u; }
             workgroupBarrier();
             let total = workgroupUniformLoad(&flag);
             let r = atomicCompareExchangeWeak(&counter, total, 0u);
             out[i] = old + total + u32(tile[63u - i]) + u32(r.exchanged);
         }",
    );
    assert!(
        dis.contains("OpAtomicIAdd") && dis.contains("OpAtomicCompareExchange"),
        "{dis}"
    );
    assert!(dis.matches("OpControlBarrier").count() >= 3, "{dis}");
}

#[test]
fn subgroup_builtins() {
    let dis = compile(
        "enable subgroups;
         @group(0) @binding(0) var<storage, read_write> out: array<f32>;
         @compute @workgroup_size(64)
         fn main(@builtin(subgroup_invocation_id) sid: u32, @builtin(subgroup_size) n: u32) {
             let x = f32(sid);
             let b = subgroupBallot(x > 3.0);
             out[sid] = subgroupAdd(x) + subgroupShuffleXor(x, 1u) + subgroupBroadcast(x, 0u)
                 + f32(b.x + n) + quadSwapX(x);
         }",
    );
    assert!(dis.contains("OpGroupNonUniformFAdd"), "{dis}");
    assert!(dis.contains("OpCapability GroupNonUniformQuad"), "{dis}");
}

#[test]
fn tiled_matmul_with_subgroup_matrices() {
    let dis = compile(
        "enable chromium_experimental_subgroup_matrix;
         @group(0) @binding(0) var<storage, read> a: array<f32>;
         @group(0) @binding(1) var<storage, read> b: array<f32>;
         @group(0) @binding(2) var<storage, read_write> c: array<f32>;
         @compute @workgroup_size(32)
         fn main(@builtin(workgroup_id) wg: vec3<u32>) {
             var acc = subgroup_matrix_result<f32, 8, 8>();
             for (var k = 0u; k < 64u; k += 8u) {
                 let l = subgroupMatrixLoad<subgroup_matrix_left<f32, 8, 8>>(&a, wg.x * 512u + k, false, 64u);
                 let r = subgroupMatrixLoad<subgroup_matrix_right<f32, 8, 8>>(&b, k * 64u, false, 64u);
                 acc = subgroupMatrixMultiplyAccumulate(l, r, acc);
             }
             subgroupMatrixStore(&c, wg.x * 64u, acc, false, 8u);
         }",
    );
    assert!(dis.contains("OpMemoryModel Logical Vulkan"), "{dis}");
    assert!(dis.contains("OpCooperativeMatrixMulAddKHR"), "{dis}");
    assert!(dis.contains("OpCooperativeMatrixLoadKHR"), "{dis}");
}

#[test]
fn int8_subgroup_matrices() {
    let dis = compile(
        "enable chromium_experimental_subgroup_matrix;
         @group(0) @binding(0) var<storage, read> a: array<i32>;
         @group(0) @binding(1) var<storage, read_write> c: array<i32>;
         @compute @workgroup_size(32)
         fn main() {
             let l = subgroupMatrixLoad<subgroup_matrix_left<i8, 8, 8>>(&a, 0u, false, 8u);
             let r = subgroupMatrixLoad<subgroup_matrix_right<i8, 8, 8>>(&a, 64u, true, 8u);
             let m = subgroupMatrixMultiply<i32>(l, r);
             subgroupMatrixStore(&c, 0u, subgroupMatrixScalarAdd(m, 3), false, 8u);
         }",
    );
    assert!(dis.contains("OpCapability Int8"), "{dis}");
    assert!(dis.contains("MATRIX_A_SIGNED_COMPONENTS_KHR"), "{dis}");
}

#[test]
fn pointers_to_parts_of_variables_are_passed_by_copy() {
    let dis = compile(
        "struct Pair { a: u32, b: array<u32, 4> }
         var<private> p: Pair;
         @group(0) @binding(0) var<storage, read_write> out: array<u32>;
         fn bump(x: ptr<function, u32>) { *x += 1u; }
         fn bump_private(x: ptr<private, u32>) { *x += 2u; }
         @compute @workgroup_size(1)
         fn main() {
             var v = Pair(1u, array<u32, 4>(1u, 2u, 3u, 4u));
             bump(&v.b[2]);
             bump(&v.a);
             bump_private(&p.b[1]);
             out[0] = v.a + v.b[2] + p.b[1];
         }",
    );
    // Each call copies in and writes back.
    assert_eq!(dis.matches("OpFunctionCall").count(), 3, "{dis}");
}

#[test]
fn buffer_pointer_parameters_into_elements_compile() {
    // `&data[i]`: the copy of `scale` takes the index.
    let dis = compile(
        "@group(0) @binding(0) var<storage, read_write> data: array<f32, 4>;
         fn scale(p: ptr<storage, f32, read_write>) { *p *= 2.0; }
         @compute @workgroup_size(1)
         fn main(@builtin(local_invocation_index) i: u32) { scale(&data[1]); scale(&data[i]); }",
    );
    assert!(dis.contains("\"scale_data\""), "{dis}");
    assert!(dis.contains("\"p_index0\""), "{dis}");
}

#[test]
fn override_sized_workgroup_memory_and_workgroup_size() {
    // `tile[1]` is read from workgroup memory, so the fill value is not
    // provably uniform: the uniformity rule is turned off, as Tint requires.
    let source = "enable chromium_experimental_subgroup_matrix;
         diagnostic(off, chromium.subgroup_matrix_uniformity);
         override wx: u32 = 32;
         override n: u32 = 8;
         var<workgroup> tile: array<f32, n * 8u>;
         @group(0) @binding(0) var<storage, read_write> out: array<f32>;
         @compute @workgroup_size(wx)
         fn main(@builtin(local_invocation_index) i: u32) {
             tile[i % (n * 8u)] = f32(i);
             workgroupBarrier();
             let m = subgroup_matrix_result<f32, n, 8>(tile[1]);
             subgroupMatrixStore(&out, 0u, m, false, 8u);
             out[i] = tile[0] * f32(n);
         }";
    let mut opts = CompileOptions::default();
    opts.pipeline.overrides.insert("wx".into(), 64.0);
    opts.pipeline.overrides.insert("n".into(), 16.0);
    for version in [(1, 3), (1, 6)] {
        opts.spv.version = version;
        let words = match compile_to_spirv(source, &opts) {
            Ok(o) => o.words,
            Err(e) => panic!("{}", e.error().render("test.wgsl", source)),
        };
        validate(&words, version).expect("valid");
        let dis = disasm(&words);
        assert!(dis.contains("LocalSize 64 1 1"), "{dis}");
        assert!(
            dis.contains("OpConstant  %2  128") || dis.contains(" 128\n"),
            "{dis}"
        );
        assert!(dis.contains("OpTypeCooperativeMatrixKHR"), "{dis}");
    }
}

#[test]
fn pointers_to_whole_buffers_are_passed_by_specialisation() {
    let dis = compile(
        "struct U { scale: f32, m: mat2x2<f32> }
         @group(0) @binding(0) var<uniform> u: U;
         @group(0) @binding(1) var<storage, read_write> a: array<f32>;
         @group(0) @binding(2) var<storage, read_write> b: array<f32>;
         @group(0) @binding(3) var<uniform> k: vec4<f32>;
         fn scale(p: ptr<uniform, U>) -> f32 { return (*p).scale * p.m[1].y; }
         fn write(dst: ptr<storage, array<f32>, read_write>, q: ptr<uniform, U>, i: u32) {
             if i < arrayLength(dst) { dst[i] = scale(q); }
         }
         fn first(v: ptr<uniform, vec4<f32>>) -> f32 { return (*v).x; }
         @compute @workgroup_size(1)
         fn main(@builtin(local_invocation_index) i: u32) {
             write(&a, &u, i);
             write(&b, &u, i + 1u);
             write(&a, &u, u32(first(&k)));
         }",
    );
    // `write` is specialised for `a` and `b`; `scale` and `first` once each.
    assert_eq!(dis.matches("OpFunction ").count(), 5, "{dis}");
    assert_eq!(dis.matches("OpFunctionParameter").count(), 2, "{dis}");
}

#[test]
fn pointers_to_part_of_a_buffer_are_passed_as_indices() {
    // Used to be "not supported by the SPIR-V writer": the pointer-args
    // pass specialises `f` for `s.x`.
    let dis = compile(
        "struct S { x: array<f32, 4> }
         @group(0) @binding(0) var<storage, read_write> s: S;
         fn f(p: ptr<storage, array<f32, 4>, read_write>) { p[0] = 1.0; }
         @compute @workgroup_size(1)
         fn main() { f(&s.x); }",
    );
    assert!(dis.contains("OpName %") && dis.contains("\"f_s\""), "{dis}");
    assert!(!dis.contains("VariablePointers"), "{dis}");
}

/// The operands of the first instruction `%id = OP ...` of `dis`.
fn defined_by<'d>(dis: &'d str, id: &str) -> Vec<&'d str> {
    let prefix = format!("{id} = ");
    let line = dis
        .lines()
        .find(|l| l.trim_start().starts_with(&prefix))
        .unwrap_or_else(|| panic!("no definition of {id}:\n{dis}"));
    line.split_whitespace().skip(2).collect()
}

#[test]
fn for_update_writes_the_variable_the_condition_reads() {
    // The body's `var i` shadows the initializer's `i`; the update `i++`
    // (the continue target's store) must write the initializer's `i`, the
    // one the condition loads, or the loop never ends.
    let dis = compile(
        "@group(0) @binding(0) var<storage, read_write> out: array<u32, 2>;
         @compute @workgroup_size(1)
         fn main() {
             for (var i = 0u; i < out[1]; i++) { var i = 7u; out[0] += i; }
         }",
    );
    let merge: Vec<&str> = dis
        .lines()
        .find(|l| l.contains("OpLoopMerge"))
        .expect("a loop")
        .split_whitespace()
        .collect();
    let continue_label = format!("{} = OpLabel", merge[2]);
    let continue_block: Vec<&str> = dis
        .lines()
        .skip_while(|l| l.trim() != continue_label)
        .take_while(|l| !l.contains("OpBranch"))
        .collect();
    let updated = continue_block
        .iter()
        .find_map(|l| l.trim().strip_prefix("OpStore "))
        .and_then(|rest| rest.split_whitespace().next())
        .unwrap_or_else(|| panic!("no store in the continue target:\n{dis}"));
    let less = dis
        .lines()
        .find_map(|l| l.split_once(" = OpULessThan "))
        .expect("the condition")
        .1;
    let loaded = less.split_whitespace().nth(1).expect("operand");
    let read = defined_by(&dis, loaded);
    assert_eq!(read[0], "OpLoad", "{dis}");
    assert_eq!(read[2], updated, "{dis}");
}

#[test]
fn an_array_argument_indexed_many_times_is_stored_once() {
    // Regression (differential seeds 1076066, 1088798): each runtime index
    // of an array argument made its own copy of the whole array, and
    // drivers' compilers ran for minutes on a function with many of them.
    // The argument is now stored once, in the entry block, and elements
    // and members of elements are reached through access chains.
    let dis = compile(
        "struct S { a: array<u32, 3>, c: u32 }
         @group(0) @binding(0) var<storage, read_write> out: array<u32, 8>;
         fn f(p: array<S, 3>, i: u32, j: u32) -> u32 {
             var r = p[i].c;
             if i > 1u { r += p[j].a[i]; } else { r += p[j].c; }
             for (var m = 0u; m < 3u; m++) { r += p[m].a[j]; }
             return r + p[i & 1u].a[j];
         }
         @compute @workgroup_size(1)
         fn main(@builtin(local_invocation_index) l: u32) {
             var p: array<S, 3>;
             out[0] = f(p, l + 1u, l);
         }",
    );
    // Three variables: `r`, `m` and the argument's one copy (there were
    // eleven: a copy of `p` per access, and of `p[j].a` per element read).
    let f: Vec<&str> = dis
        .split("OpFunctionEnd")
        .filter(|s| s.contains("OpFunctionParameter"))
        .collect();
    assert!(!f.is_empty(), "{dis}");
    for body in f {
        let locals = body
            .lines()
            .filter(|l| l.contains("OpVariable") && l.trim_end().ends_with("Function"))
            .count();
        assert_eq!(locals, 3, "{body}");
    }
}
