//! Uniform buffers holding matrices whose column stride is not a multiple
//! of 16 (decomposed std140-style into column vectors), and modules without
//! entry points. Outputs are validated with SPIRV-Tools.

mod spv_util;

use spv_util::{compile_wgsl as compile, pipeline};
use tessera::back::spv::Options;
use tessera::ir::Module;
use tessera::lower::spv::write;
use tessera::{compile_to_spirv, CompileOptions};

#[test]
fn a_module_without_entry_points_is_an_error() {
    let p = pipeline(&Module::default());
    let e = write(&p, &Options::default()).expect_err("no entry point");
    assert_eq!(e.to_string(), "the module has no entry point to write");
    let src = "fn f() -> i32 { return 1; }";
    let e = compile_to_spirv(src, &CompileOptions::default()).expect_err("no entry point");
    assert!(
        e.error()
            .render("t.wgsl", src)
            .contains("the module has no entry point to write"),
        "{}",
        e.error().render("t.wgsl", src)
    );
}

#[test]
fn repository_inputs_with_uniform_matrices_validate() {
    for (name, src) in [
        ("matrices.wgsl", include_str!("in/matrices.wgsl")),
        ("f16.wgsl", include_str!("in/f16.wgsl")),
    ] {
        let dis = compile(src);
        assert!(dis.contains("OpEntryPoint"), "{name}: {dis}");
    }
}

const STD140: &str = "
struct Inner { a: f32, m: mat4x2<f32> }
struct U {
    v: vec2<f32>,
    m: mat2x2<f32>,
    n: mat3x2<f32>,
    arr: array<mat2x2<f32>, 2>,
    inner: Inner,
    @align(16) tail: f32,
}
@group(0) @binding(0) var<uniform> u: U;
@group(0) @binding(1) var<uniform> root: mat2x2<f32>;
@group(0) @binding(2) var<uniform> roots: array<mat2x2<f32>, 3>;
@group(0) @binding(3) var<storage, read_write> out: array<f32>;
@compute @workgroup_size(1)
fn main(@builtin(local_invocation_index) i: u32) {
    let whole = u;
    let m = u.m;
    let c1 = u.m[1];
    let ci = u.m[i];
    let e = u.n[i][i + 1u];
    let k = u.arr[i];
    let km = u.arr[i][1];
    let kij = u.arr[1][i][0];
    let im = u.inner.m;
    let ic = u.inner.m[i];
    let r = root;
    let rc = root[i];
    let rs = roots[i][i];
    out[0] = whole.m[0].x + m[1].y + c1.x + ci.y + e + k[0].x + km.y + kij;
    out[1] = im[3].y + ic.x + r[1].x + rc.y + rs.x + whole.tail + u.tail + whole.inner.a;
}
";

#[test]
fn uniform_matrices_with_narrow_columns_are_decomposed() {
    let dis = compile(STD140);
    // `U` flattens `m` (2 columns) and `n` (3 columns): `arr` is member 6,
    // `inner` member 7 and `tail` member 8, at their WGSL offsets.
    for (index, offset) in [
        (1, 8),
        (2, 16),
        (3, 24),
        (5, 40),
        (6, 48),
        (7, 80),
        (8, 128),
    ] {
        let want = format!(" {index} Offset {offset}");
        assert!(
            dis.lines()
                .any(|l| l.starts_with("OpMemberDecorate") && l.ends_with(&want)),
            "missing `{want}`:\n{dis}"
        );
    }
    // Only one copy of `U` (the `Block` one) is emitted.
    assert_eq!(dis.matches(" 8 Offset 128").count(), 1, "{dis}");
    assert!(!dis.contains("MatrixStride 8"), "{dis}");
}

#[test]
fn uniform_f16_matrices_in_arrays_of_structs_are_decomposed() {
    let dis = compile(
        "enable f16;
         struct S { a: mat2x2<f16>, b: mat4x2<f16>, @size(24) c: mat2x4<f16> }
         struct U { items: array<S, 2>, h: mat4x2<f16>, hs: array<mat4x2<f16>, 2> }
         @group(0) @binding(0) var<uniform> u: U;
         @group(0) @binding(1) var<storage, read_write> out: array<f16>;
         @compute @workgroup_size(1)
         fn main(@builtin(local_invocation_index) i: u32) {
             let all = u;
             let s = u.items[i];
             out[0] = all.items[1].b[3].y + s.a[1].x + u.items[i].c[i][i] + u.h[i].x
                 + u.hs[i][i].y + u.items[0].a[0][1];
         }",
    );
    // `S` (size 48) is three matrices of 2, 4 and 2 columns at 0, 8 and 24.
    for (index, offset) in [(1, 4), (2, 8), (5, 20), (6, 24), (7, 32)] {
        let want = format!(" {index} Offset {offset}");
        assert!(
            dis.lines()
                .any(|l| l.starts_with("OpMemberDecorate") && l.ends_with(&want)),
            "missing `{want}`:\n{dis}"
        );
    }
    assert!(!dis.contains("MatrixStride"), "{dis}");
}
