//! Negative tests for `enable atomic_vec2u_min_max;` (Chromium's
//! extension, with Tint's rules): `atomic<vec2<u32>>` needs the enable, is
//! only in the 'storage' address space (read_write), and only
//! `atomicStoreMax`/`atomicStoreMin` operate on it, which operate on
//! nothing else and return nothing. A call that matches no overload is
//! reported at the argument that does not fit. Each source must fail with a given
//! message and a primary span covering exactly the given text.

#[macro_use]
#[path = "common/check.rs"]
mod check;

use check::check_error;

/// The enable, a storage buffer `a` of one `atomic<vec2u>`, and a compute
/// entry point whose body is `$body`.
macro_rules! with_buffer {
    ($body:expr) => {
        concat!(
            "enable atomic_vec2u_min_max;\n",
            "@group(0) @binding(0) var<storage, read_write> a: atomic<vec2u>;\n",
            "@compute @workgroup_size(1)\n",
            "fn main() {\n",
            $body,
            "\n}\n"
        )
    };
}

t!(
    without_the_enable,
    "@group(0) @binding(0) var<storage, read_write> a: atomic<vec2u>;\n",
    "the type 'atomic<vec2u>' cannot be used without the extension 'atomic_vec2u_min_max'",
    "vec2u"
);
t!(
    other_vector_with_the_enable,
    "enable atomic_vec2u_min_max;\n@group(0) @binding(0) var<storage, read_write> a: atomic<vec2i>;\n",
    "atomic only supports 'i32', 'u32' or 'vec2<u32>' types",
    "vec2i"
);
t!(
    vec3u_with_the_enable,
    "enable atomic_vec2u_min_max;\n@group(0) @binding(0) var<storage, read_write> a: atomic<vec3<u32>>;\n",
    "atomic only supports 'i32', 'u32' or 'vec2<u32>' types",
    "vec3<u32>"
);
t!(
    in_workgroup,
    "enable atomic_vec2u_min_max;\nvar<workgroup> w: atomic<vec2u>;\n",
    "atomic variables of type 'vec2<u32>' can only be in the 'storage' address space, not 'workgroup'",
    "atomic<vec2u>"
);
t!(
    array_in_workgroup,
    "enable atomic_vec2u_min_max;\nvar<workgroup> w: array<atomic<vec2u>, 10>;\n",
    "atomic variables of type 'vec2<u32>' can only be in the 'storage' address space, not 'workgroup'",
    "array<atomic<vec2u>, 10>"
);
t!(
    struct_member_in_workgroup,
    "enable atomic_vec2u_min_max;\nstruct S { a: u32, b: atomic<vec2u> }\nvar<workgroup> w: S;\n",
    "atomic variables of type 'vec2<u32>' can only be in the 'storage' address space, not 'workgroup'",
    "S"
);
t!(
    in_private,
    "enable atomic_vec2u_min_max;\nvar<private> p: atomic<vec2u>;\n",
    "atomic variables of type 'vec2<u32>' can only be in the 'storage' address space, not 'private'",
    "atomic<vec2u>"
);
t!(
    in_uniform,
    "enable atomic_vec2u_min_max;\n@group(0) @binding(0) var<uniform> u: atomic<vec2u>;\n",
    "atomic variables of type 'vec2<u32>' can only be in the 'storage' address space, not 'uniform'",
    "atomic<vec2u>"
);
t!(
    function_variable,
    "enable atomic_vec2u_min_max;\nfn f() {\n    var v: atomic<vec2u>;\n}\n",
    "atomic variables of type 'vec2<u32>' can only be in the 'storage' address space, not 'function'",
    "atomic<vec2u>"
);
t!(
    pointer_to_workgroup,
    "enable atomic_vec2u_min_max;\nfn f(p: ptr<workgroup, atomic<vec2u>>) {}\n",
    "atomic variables of type 'vec2<u32>' can only be in the 'storage' address space, not 'workgroup'",
    "atomic<vec2u>"
);
t!(
    read_only_storage,
    "enable atomic_vec2u_min_max;\n@group(0) @binding(0) var<storage> a: atomic<vec2u>;\n",
    "atomic types in the 'storage' address space require access mode 'read_write', but 'a' is 'read'",
    "@group(0) @binding(0) var<storage> a: atomic<vec2u>"
);
t!(
    atomic_load_of_vec2u,
    with_buffer!("    let x = atomicLoad(&a);"),
    "no matching call to 'atomicLoad(ptr<storage, atomic<vec2<u32>>, read_write>)'",
    "&a"
);
t!(
    atomic_max_of_vec2u,
    with_buffer!("    let x = atomicMax(&a, vec2u(1));"),
    "no matching call to 'atomicMax(ptr<storage, atomic<vec2<u32>>, read_write>, vec2<u32>)'",
    "&a"
);
t!(
    atomic_store_of_vec2u,
    with_buffer!("    atomicStore(&a, vec2u(1));"),
    "no matching call to 'atomicStore(ptr<storage, atomic<vec2<u32>>, read_write>, vec2<u32>)'",
    "&a"
);
t!(
    store_max_of_u32_atomic,
    "enable atomic_vec2u_min_max;\n@group(0) @binding(0) var<storage, read_write> b: atomic<u32>;\nfn f() {\n    atomicStoreMax(&b, vec2u(1));\n}\n",
    "no matching call to 'atomicStoreMax(ptr<storage, atomic<u32>, read_write>, vec2<u32>)'",
    "&b"
);
t!(
    store_min_of_scalar_value,
    with_buffer!("    atomicStoreMin(&a, 1u);"),
    "no matching call to 'atomicStoreMin(ptr<storage, atomic<vec2<u32>>, read_write>, u32)'",
    "1u"
);
t!(
    store_max_has_no_value,
    with_buffer!("    let x = atomicStoreMax(&a, vec2u(1));"),
    "'atomicStoreMax' does not return a value",
    "atomicStoreMax(&a, vec2u(1))"
);
t!(
    store_max_without_the_enable,
    "@group(0) @binding(0) var<storage, read_write> b: atomic<u32>;\nfn f() {\n    atomicStoreMax(&b, 1u);\n}\n",
    "'atomicStoreMax' requires enabling extension 'atomic_vec2u_min_max'",
    "atomicStoreMax"
);
t!(
    store_min_not_a_pointer,
    "enable atomic_vec2u_min_max;\nfn f() {\n    atomicStoreMin(vec2u(1), vec2u(1));\n}\n",
    "'atomicStoreMin' requires a pointer to an atomic as argument 1",
    "vec2u(1)"
);
