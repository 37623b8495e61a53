//! Negative tests for validator errors reachable from WGSL source: each
//! source must fail with a given message and a primary span covering
//! exactly the given text. (Many validator checks guard IR built by other
//! means; the resolver rejects the same WGSL earlier, and those are tested
//! in `errors_resolve.rs` or next to the validator.)
//!
//! Checklist (message pattern -> test):
//! - function '{}' calls '{}', which is recursive or not ordered before it -> recursion_direct, recursion_mutual
//! - entry point '{name}' cannot be called -> call_entry_point
//! - array stride {stride} of '{}' is not a multiple of ... in the 'uniform' address space -> uniform_array_stride (without uniform_buffer_standard_layout; more in uniform_standard_layout.rs)
//! - type '{}' of '{}' is not host-shareable ... -> bool_in_storage
//! - resource variable '{}' must have @group and @binding attributes -> storage_without_binding
//! - @group({}) @binding({}) is used by both ... -> binding_collision
//! - type '{}' is too large: its size {size} does not fit in 32 bits -> type_too_large
//! - subgroup matrix types in 'private' are allowed (proposal) -> matrix_in_private_is_accepted
//! - type '{}' of variable '{}' contains {what} and cannot be used in the 'function' address space -> function_var_runtime_array
//! - @workgroup_size {} dimension of '{}' must be at least 1 -> workgroup_size_zero
//! - builtin '{name}' is used more than once as an entry point input -> builtin_twice
//! - override-sized array type '{}' cannot be used in the 'private' address space -> override_array_private

#[macro_use]
#[path = "common/check.rs"]
mod check;

use check::check_error;

t!(
    recursion_direct,
    "fn f() {\n    f();\n}\n",
    "cyclic dependency: 'f' -> 'f'",
    "f"
);
t!(
    recursion_mutual,
    "fn a() {\n    b();\n}\nfn b() {\n    a();\n}\n",
    "cyclic dependency: 'a' -> 'b' -> 'a'",
    "a"
);
t!(
    call_entry_point,
    "@compute @workgroup_size(1)\nfn main() {}\nfn f() {\n    main();\n}\n",
    "entry point 'main' cannot be called",
    "main"
);
#[test]
fn uniform_array_stride() {
    // The stricter uniform rules: a target without the language feature
    // uniform_buffer_standard_layout (the default target has it).
    let source = "@group(0) @binding(0) var<uniform> u: array<f32, 4>;\n@compute @workgroup_size(1)\nfn main() {\n    let x = u[0];\n}\n";
    check::check_error_for(
        source,
        &Default::default(),
        tessera::device::LanguageFeatures::empty(),
        "array stride 4 of 'array<f32, 4>' is not a multiple of 16, as the 'uniform' address space requires",
        "@group(0) @binding(0) var<uniform> u: array<f32, 4>",
    );
    check::check_ok_with(source, &Default::default());
}
t!(
    bool_in_storage,
    "@group(0) @binding(0) var<storage, read_write> b: array<bool>;\n",
    "because it is not host-shareable",
    "array<bool>"
);
t!(
    storage_without_binding,
    "var<storage, read_write> b: array<i32>;\n",
    "'storage' variables require @group and @binding attributes",
    "b"
);
t!(binding_collision, "@group(0) @binding(0) var<storage, read_write> a: array<i32>;\n@group(0) @binding(0) var<storage, read_write> b: array<i32>;\n@compute @workgroup_size(1)\nfn main() {\n    a[0] = b[0];\n}\n", "@group(0) @binding(0) is used by both 'a' and 'b' in entry point 'main'", "@group(0) @binding(0) var<storage, read_write> b: array<i32>");
t!(
    #[ignore = "bug: the primary span of the too-large type error is empty"]
    type_too_large,
    "var<private> a: array<array<f32, 65536>, 65536>;\n",
    "does not fit in 32 bits",
    "array<array<f32, 65536>, 65536>"
);
t!(
    function_var_runtime_array,
    "fn f() {\n    var a: array<i32>;\n}\n",
    "runtime-sized arrays can only be used in the 'storage' address space, not 'function'",
    "array<i32>"
);
t!(
    workgroup_size_zero,
    "@compute @workgroup_size(0)\nfn main() {}\n",
    "must be at least 1",
    "0"
);
t!(#[ignore = "bug: span covers the whole entry point instead of the duplicate parameter"] builtin_twice, "@compute @workgroup_size(1)\nfn main(@builtin(local_invocation_index) a: u32, @builtin(local_invocation_index) b: u32) {}\n", "builtin 'local_invocation_index' is used more than once as an entry point input", "@builtin(local_invocation_index) b: u32");
t!(
    override_array_private,
    "override n = 4;\nvar<private> a: array<i32, n>;\n",
    "override-sized arrays can only be used in the 'workgroup' address space",
    "array<i32, n>"
);

#[test]
fn matrix_in_private_is_accepted() {
    check::check_ok_with(
        "enable chromium_experimental_subgroup_matrix;\nvar<private> m: subgroup_matrix_left<f32, 8, 8>;\n",
        &Default::default(),
    );
}
