//! Negative tests for the language feature `buffer_view` (WGSL "Buffer
//! Types" and "Buffer View Built-in Functions"): each rule's message and
//! span, and the uses the `buffer-view` pass does not lower yet.

#[path = "common/check.rs"]
mod check;

use check::{check_error, check_ok_with};
use tessera::pipeline::PipelineOptions;

/// A compute entry point using `body`, after the declarations `decls`.
fn shader(decls: &str, body: &str) -> String {
    format!("{decls}\n@compute @workgroup_size(1)\nfn main() {{\n{body}\n}}\n")
}

const STORAGE: &str = "@group(0) @binding(0) var<storage, read_write> b: buffer<64>;";

#[test]
fn a_view_compiles() {
    check_ok_with(
        &shader(STORAGE, "  *bufferView<vec4u>(&b, 16) = vec4u(1u);"),
        &PipelineOptions::default(),
    );
}

#[test]
fn buffer_size_rules() {
    check_error(
        "@group(0) @binding(0) var<storage> b: buffer<6>;",
        "the size of a buffer (6) must be a multiple of 4",
        "6",
    );
    check_error(
        "enable f16;\n@group(0) @binding(0) var<storage> b: buffer<7>;",
        "the size of a buffer (7) must be a multiple of 2",
        "7",
    );
    check_error(
        "@group(0) @binding(0) var<storage> b: buffer<0>;",
        "buffer size (0) must be greater than 0",
        "0",
    );
}

#[test]
fn buffer_placement_rules() {
    check_error(
        "var<workgroup> b: buffer;",
        "the runtime-sized buffer 'b' can only be in the 'storage' address space, not 'workgroup'",
        "var<workgroup> b: buffer",
    );
    check_error(
        "var<private> b: buffer<16>;",
        "'buffer<16>' can only be the store type of a variable in the 'storage', 'uniform' or 'workgroup' address space, not 'private'",
        "var<private> b: buffer<16>",
    );
    check_error(
        "override n = 16;\n@group(0) @binding(0) var<storage> b: buffer<n>;",
        "the size of buffer 'b' in the 'storage' address space must be a const-expression",
        "@group(0) @binding(0) var<storage> b: buffer<n>",
    );
    check_error(
        "var<storage> b: buffer<16>;",
        "'storage' variables require @group and @binding attributes",
        "b",
    );
    check_error(
        "struct S { m: buffer<16> }\n@group(0) @binding(0) var<storage> s: S;",
        "'buffer<16>' cannot be nested in 'S': a buffer is only the store type of a variable",
        "struct S { m: buffer<16> }",
    );
}

#[test]
fn no_buffer_values() {
    check_error(
        &shader(STORAGE, "  let v = b;"),
        "type 'buffer<64>' cannot be used as the type of a 'let'",
        "v",
    );
}

#[test]
fn view_type_rules() {
    check_error(
        &shader(STORAGE, "  _ = bufferView<atomic<u32>>(&b, 0);"),
        "the view type 'atomic<u32>' of 'bufferView' must not contain an atomic type",
        "bufferView<atomic<u32>>(&b, 0)",
    );
    check_error(
        &shader(STORAGE, "  _ = bufferView<bool>(&b, 0);"),
        "the view type 'bool' of 'bufferView' must be host-shareable",
        "bufferView<bool>(&b, 0)",
    );
    check_error(
        &shader(STORAGE, "  _ = bufferArrayView<array<u32, 4>>(&b, 0, 16);"),
        "the view type 'array<u32, 4>' of 'bufferArrayView' must be a runtime-sized array or a struct ending in one",
        "bufferArrayView<array<u32, 4>>(&b, 0, 16)",
    );
    check_error(
        &shader(STORAGE, "  _ = bufferView(&b, 0);"),
        "'bufferView' requires one template argument, the view's type",
        "bufferView(&b, 0)",
    );
    check_error(
        "@group(0) @binding(0) var<storage, read_write> a: array<u32>;\n@compute @workgroup_size(1)\nfn main() { _ = bufferView<u32>(&a, 0); }\n",
        "'bufferView' requires a pointer to a buffer, found 'ptr<storage, array<u32>, read_write>'",
        "&a",
    );
    check_error(
        &shader(STORAGE, "  _ = bufferView<u32>(&b, 1.0);"),
        "the offset of 'bufferView' must be 'i32' or 'u32', found 'abstract-float'",
        "1.0",
    );
    check_error(
        &shader(STORAGE, "  _ = bufferLength(&b, 1);"),
        "no matching call to 'bufferLength",
        "bufferLength(&b, 1)",
    );
}

#[test]
fn constant_argument_rules() {
    check_error(
        &shader(STORAGE, "  _ = bufferView<u32>(&b, -4);"),
        "the offset of a buffer view (-4) must not be negative",
        "-4",
    );
    check_error(
        &shader(STORAGE, "  _ = bufferView<vec4u>(&b, 8);"),
        "the offset of a buffer view (8) must be a multiple of the alignment of 'vec4<u32>' (16)",
        "8",
    );
    check_error(
        &shader(STORAGE, "  _ = bufferView<array<u32, 17>>(&b, 0);"),
        "'array<u32, 17>' needs at least 68 bytes, more than the buffer's 64",
        "&b",
    );
    check_error(
        &shader(STORAGE, "  _ = bufferView<vec4u>(&b, 64);"),
        "a view of 'vec4<u32>' (16 bytes) at offset 64 ends past the buffer's 64 bytes",
        "64",
    );
    check_error(
        &shader(STORAGE, "  _ = bufferArrayView<array<vec2u>>(&b, 0, 12);"),
        "the size of the view (12) minus the array's offset (0) must be a multiple of the array's stride (8)",
        "12",
    );
    check_error(
        &shader(STORAGE, "  _ = bufferArrayView<array<vec4u>>(&b, 0, 8);"),
        "'array<vec4<u32>>' needs at least 16 bytes, more than the view's size (8)",
        "8",
    );
    check_error(
        &shader(STORAGE, "  _ = bufferArrayView<array<u32>>(&b, 32, 48);"),
        "the view (offset 32 and size 48) ends at byte 80, past the buffer's 64 bytes",
        "48",
    );
    check_error(
        &shader(STORAGE, "  _ = bufferArrayView<array<u32>>(&b, 0, -4);"),
        "the size of a buffer view (-4) must not be negative",
        "-4",
    );
}

/// The error the SPIR-V compile of `source` stops with: its message must
/// contain `message` and its span cover `spanned`.
#[track_caller]
fn compile_error(source: &str, message: &str, spanned: &str) {
    let e = match tessera::compile_to_spirv(source, &tessera::CompileOptions::default()) {
        Ok(_) => panic!("expected an error containing `{message}`, but this compiled:\n{source}"),
        Err(e) => e,
    };
    let d = e
        .error()
        .diagnostics
        .iter()
        .find(|d| d.message.contains(message))
        .unwrap_or_else(|| panic!("no error contains `{message}`: {e}"));
    assert_eq!(
        source.get(d.span.to_range()),
        Some(spanned),
        "wrong span: {e}"
    );
}

#[test]
fn uses_not_lowered_yet() {
    compile_error(
        "var<workgroup> w: buffer<16>;\n@compute @workgroup_size(1)\nfn main() { _ = workgroupUniformLoad(bufferView<u32>(&w, 0)); }\n",
        "a buffer view given to 'workgroupUniformLoad' is not supported yet",
        "workgroupUniformLoad(bufferView<u32>(&w, 0))",
    );
    compile_error(
        "enable chromium_experimental_subgroup_matrix;\nenable f16;\nvar<workgroup> w: buffer<512>;\n@compute @workgroup_size(32)\nfn main() { let m = subgroupMatrixLoad<subgroup_matrix_left<f16, 8, 8>, col_major>(bufferView<array<f16>>(&w, 0), 0, 8); }\n",
        "a subgroup-matrix load or store through a buffer view of 2-byte or 1-byte elements is not supported yet",
        "subgroupMatrixLoad<subgroup_matrix_left<f16, 8, 8>, col_major>(bufferView<array<f16>>(&w, 0), 0, 8)",
    );
    compile_error(
        "override n = 16;\nvar<workgroup> w: buffer<n>;\n@compute @workgroup_size(1)\nfn main() { *bufferView<u32>(&w, 0) = 1u; }\n",
        "an override-sized buffer is not supported yet",
        "var<workgroup> w: buffer<n>",
    );
}

#[test]
fn buffer_pointer_conversions() {
    check_error(
        &shader(
            &format!("{STORAGE}\nfn f(p: ptr<storage, buffer<128>, read_write>) -> u32 {{ return bufferLength(p); }}"),
            "  _ = f(&b);",
        ),
        "cannot pass 'ptr<storage, buffer<64>, read_write>' for a parameter of type 'ptr<storage, buffer<128>, read_write>': a buffer pointer converts only to a smaller 'buffer<N>' or to a runtime-sized 'buffer'",
        "&b",
    );
    check_error(
        &shader(
            &format!(
                "{STORAGE}\nfn g(p: ptr<storage, buffer, read_write>) -> u32 {{ return bufferLength(p); }}\nfn f(p: ptr<storage, buffer<32>, read_write>) -> u32 {{ return g(p); }}"
            ),
            "  _ = f(&b);",
        ),
        "passing the parameter of type 'ptr<storage, buffer<32>, read_write>' on to a runtime-sized buffer parameter is not supported yet",
        "p",
    );
}
