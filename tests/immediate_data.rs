//! `var<immediate>` (the `immediate_address_space` language feature):
//! which types and declarations are allowed, one immediate variable per
//! entry point, the `maxImmediateSize` limit (64 bytes by default), and the
//! SPIR-V (`PushConstant`, Block layout) and MSL (`constant` buffer) forms.
//! Snapshots of a full module: `tests/in/immediates.wgsl`.

#[path = "common/check.rs"]
mod check;
mod spv_util;

use check::{check_error, check_error_with, first_errors};
use tessera::pipeline::PipelineOptions;

#[test]
fn spirv_push_constant_block() {
    let dis = spv_util::compile_wgsl(
        "var<immediate> k: vec4u;
         @group(0) @binding(0) var<storage, read_write> out: u32;
         @compute @workgroup_size(1) fn main() { out = k.y + k[out % 4u]; }",
    );
    // A non-struct store type is wrapped in a Block struct: the variable's
    // pointee is a struct decorated Block.
    let var_ptr = dis
        .lines()
        .find(|l| l.contains("OpVariable") && l.ends_with("PushConstant"))
        .and_then(|l| l.split_whitespace().nth(3))
        .unwrap_or_else(|| panic!("no PushConstant variable: {dis}"));
    let pointee = dis
        .lines()
        .find(|l| l.starts_with(&format!("{var_ptr} = OpTypePointer PushConstant")))
        .and_then(|l| l.split_whitespace().last())
        .unwrap_or_else(|| panic!("no pointer type {var_ptr}: {dis}"));
    assert!(
        dis.contains(&format!("OpDecorate {pointee} Block")),
        "{pointee} is not a Block: {dis}"
    );
    assert!(
        dis.contains(&format!("OpMemberDecorate {pointee} 0 Offset 0")),
        "{dis}"
    );
}

#[test]
fn msl_constant_buffer_after_the_bound_buffers() {
    let msl = tessera::compile_to_msl(
        "var<immediate> k: vec4u;
         @group(0) @binding(0) var<storage, read_write> out: u32;
         @group(0) @binding(1) var<uniform> u: u32;
         @compute @workgroup_size(1) fn main() { out = k.y + u; }",
        &tessera::MslCompileOptions::default(),
    )
    .unwrap_or_else(|e| panic!("{}", e.error().render("test.wgsl", "")));
    assert!(
        msl.source
            .contains("constant metal::uint4& k [[buffer(2)]]"),
        "{}",
        msl.source
    );
}

#[test]
fn store_type_rules() {
    check_error(
        "var<immediate> b: bool;",
        "type 'bool' cannot be used in the 'immediate' address space because it is not host-shareable",
        "bool",
    );
    check_error(
        "var<immediate> a: array<u32, 4>;",
        "type 'array<u32, 4>' cannot be used in the 'immediate' address space because it contains an array",
        "array<u32, 4>",
    );
    check_error(
        "struct S { x: u32, a: array<f32, 2> }\nvar<immediate> s: S;",
        "type 'S' cannot be used in the 'immediate' address space because it contains an array",
        "S",
    );
    check_error(
        "var<immediate> a: atomic<u32>;",
        "atomic types can only be used in the 'storage' or 'workgroup' address space, not 'immediate'",
        "atomic<u32>",
    );
    check_error(
        "var<immediate> a: array<u32>;",
        "runtime-sized arrays can only be used in the 'storage' address space, not 'immediate'",
        "array<u32>",
    );
}

#[test]
fn declaration_rules() {
    check_error(
        "@group(0) @binding(0) var<immediate> k: u32;",
        "@group and @binding are not valid for variables in the 'immediate' address space",
        "@group(0)",
    );
    check_error(
        "var<immediate> k: u32 = 1u;",
        "variables in the 'immediate' address space cannot have an initializer",
        "1u",
    );
    check_error(
        "var<immediate, read> k: u32;",
        "only variables in the 'storage' address space may specify an access mode, not 'immediate'",
        "read",
    );
    check_error(
        "var<immediate> k: u32;\nfn f() { k = 1u; }",
        "cannot assign to a read-only reference",
        "k",
    );
}

#[test]
fn one_immediate_variable_per_entry_point() {
    let src = "var<immediate> a: u32;
var<immediate> b: u32;
fn read_b() -> u32 { return b; }
@compute @workgroup_size(1) fn main() { _ = a; _ = read_b(); }
@compute @workgroup_size(1) fn only_a() { _ = a; }
";
    check_error(
        src,
        "entry point 'main' uses the immediate data variables 'a' and 'b', but may use at most one",
        "@compute @workgroup_size(1) fn main() { _ = a; _ = read_b(); }",
    );
    let Some((_, diags)) = first_errors(src, &PipelineOptions::default()) else {
        panic!("compiled");
    };
    assert_eq!(diags.len(), 1, "only main is reported: {diags:?}");
    let labels: Vec<_> = diags[0]
        .labels
        .iter()
        .map(|l| &src[l.span.to_range()])
        .collect();
    assert_eq!(
        labels,
        ["var<immediate> a: u32", "var<immediate> b: u32"],
        "{diags:?}"
    );
}

#[test]
fn size_limit() {
    // 80 bytes: over the default maxImmediateSize of 64.
    let src = "struct Big { a: mat4x4f, b: vec4f }
var<immediate> big: Big;
@group(0) @binding(0) var<storage, read_write> out: f32;
@compute @workgroup_size(1) fn main() { out = big.b.x; }
";
    check_error(
        src,
        "immediate data variable 'big' of entry point 'main' is 80 bytes, which exceeds the limit of 64 bytes",
        "var<immediate> big: Big",
    );
    // A device with a larger limit accepts it; a smaller one rejects less.
    let larger = PipelineOptions {
        max_immediate_size: 128,
        ..PipelineOptions::default()
    };
    assert!(first_errors(src, &larger).is_none());
    let smaller = PipelineOptions {
        max_immediate_size: 4,
        ..PipelineOptions::default()
    };
    check_error_with(
        "var<immediate> v: vec2u;
@compute @workgroup_size(1) fn main() { _ = v; }",
        &smaller,
        "immediate data variable 'v' of entry point 'main' is 8 bytes, which exceeds the limit of 4 bytes",
        "var<immediate> v: vec2u",
    );
    // Exactly 64 bytes is fine.
    assert!(first_errors(
        "var<immediate> m: mat4x4f;
@compute @workgroup_size(1) fn main() { _ = m; }",
        &PipelineOptions::default()
    )
    .is_none());
}
