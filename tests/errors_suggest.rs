//! "Did you mean" help notes: each misspelt name must fail with a given
//! message and primary span, and carry exactly the expected suggestion (or
//! none, when no known name is close).
//!
//! Checklist (message pattern -> tests):
//! - unresolved identifier '{}' -> local_variable, parameter, module_const,
//!   override_decl, global_var, distant_identifier
//! - unresolved function '{}' -> user_function, builtin_function,
//!   type_constructor
//! - unresolved type '{}' -> predeclared_type, user_struct, type_alias
//! - unknown builtin value '{}' -> builtin_value
//! - unknown extension '{}' -> extension
//! - unknown language feature '{}' -> language_feature
//! - unknown attribute '{}' -> attribute
//! - unknown address space '{}' -> address_space
//! - unknown access mode '{}' -> access_mode
//! - struct '{}' has no member named '{}' -> struct_member

#[path = "common/check.rs"]
mod check;

use check::{check_error, first_errors};
use tessera::pipeline::PipelineOptions;

/// Asserts the error (message and span, as `check_error`) and its help
/// note: `Some(name)` for `help: did you mean 'name'?`, `None` for no help.
#[track_caller]
fn check_help(source: &str, message: &str, spanned: &str, help: Option<&str>) {
    check_error(source, message, spanned);
    let (_, errors) = first_errors(source, &PipelineOptions::default()).expect("an error");
    let d = errors
        .iter()
        .find(|d| d.message.contains(message))
        .expect("the error");
    let helps: Vec<&String> = d.notes.iter().filter(|n| n.starts_with("help:")).collect();
    match help {
        Some(name) => assert_eq!(
            helps,
            [&format!("help: did you mean '{name}'?")],
            "notes: {:?}",
            d.notes
        ),
        None => assert!(helps.is_empty(), "unexpected help: {helps:?}"),
    }
}

macro_rules! t {
    ($name:ident, $src:expr, $msg:expr, $span:expr, $help:expr) => {
        #[test]
        fn $name() {
            check_help($src, $msg, $span, $help);
        }
    };
}

t!(
    local_variable,
    "fn f() {\n    var counter = 0;\n    counter = countr + 1;\n}\n",
    "unresolved identifier 'countr'",
    "countr",
    Some("counter")
);
t!(
    parameter,
    "fn f(width: u32) -> u32 {\n    return widht * 2u;\n}\n",
    "unresolved identifier 'widht'",
    "widht",
    Some("width")
);
t!(
    module_const,
    "const scale = 2.0;\nfn f() -> f32 {\n    return scael;\n}\n",
    "unresolved identifier 'scael'",
    "scael",
    Some("scale")
);
t!(
    override_decl,
    "override block_size: u32 = 64;\nfn f() -> u32 {\n    return blok_size;\n}\n",
    "unresolved identifier 'blok_size'",
    "blok_size",
    Some("block_size")
);
t!(
    global_var,
    "var<private> totals: array<u32, 4>;\nfn f() -> u32 {\n    return total[0];\n}\n",
    "unresolved identifier 'total'",
    "total",
    Some("totals")
);
t!(
    distant_identifier,
    "fn f(width: u32) -> u32 {\n    return height;\n}\n",
    "unresolved identifier 'height'",
    "height",
    None
);
t!(
    user_function,
    "fn helper() -> u32 { return 1u; }\nfn f() -> u32 {\n    return helpr();\n}\n",
    "unresolved function 'helpr'",
    "helpr",
    Some("helper")
);
t!(
    builtin_function,
    "fn f() -> f32 {\n    return sqrtt(2.0);\n}\n",
    "unresolved function 'sqrtt'",
    "sqrtt",
    Some("sqrt")
);
t!(
    type_constructor,
    "fn f() {\n    let v = vec3ff(1.0);\n}\n",
    "unresolved function 'vec3ff'",
    "vec3ff",
    Some("vec3f")
);
t!(
    predeclared_type,
    "fn f() {\n    var x: u23;\n}\n",
    "unresolved type 'u23'",
    "u23",
    Some("u32")
);
t!(
    user_struct,
    "struct Particle { p: vec3f }\nfn f() {\n    var x: Particel;\n}\n",
    "unresolved type 'Particel'",
    "Particel",
    Some("Particle")
);
t!(
    type_alias,
    "alias Index = u32;\nfn f(i: Idnex) {}\n",
    "unresolved type 'Idnex'",
    "Idnex",
    Some("Index")
);
t!(
    builtin_value,
    "@compute @workgroup_size(1)\nfn main(@builtin(local_invocatoin_id) l: vec3u) {}\n",
    "unknown builtin value 'local_invocatoin_id'",
    "local_invocatoin_id",
    Some("local_invocation_id")
);
t!(
    extension,
    "enable subgroup;\n",
    "unknown extension 'subgroup'",
    "subgroup",
    Some("subgroups")
);
t!(
    language_feature,
    "requires pointer_composite_acess;\n",
    "unknown language feature 'pointer_composite_acess'",
    "pointer_composite_acess",
    Some("pointer_composite_access")
);
t!(
    attribute,
    "@compute @workgroup_sise(1)\nfn main() {}\n",
    "unknown attribute 'workgroup_sise'",
    "workgroup_sise",
    Some("workgroup_size")
);
t!(
    address_space,
    "var<privte> x: u32;\n",
    "unknown address space 'privte'",
    "privte",
    Some("private")
);
t!(
    access_mode,
    "@group(0) @binding(0) var<storage, raed> x: u32;\n",
    "unknown access mode 'raed'",
    "raed",
    Some("read")
);
t!(
    struct_member,
    "struct S { count: u32, total: f32 }\nfn f(s: S) -> u32 {\n    return s.cuont;\n}\n",
    "struct 'S' has no member named 'cuont'",
    "cuont",
    Some("count")
);
