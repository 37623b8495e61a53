//! Overrides as SPIR-V specialization constants
//! (`PipelineOptions::spec_constants`): the SPIR-V form (snapshots
//! `snapshots/spec@*.snap`), validation by SPIRV-Tools for SPIR-V 1.3
//! (Vulkan 1.1) and 1.6 (Vulkan 1.3), the reflected `SpecId`s, what the
//! passes may no longer assume, the errors (message and span), and Tint's
//! inputs whose overrides have no default.

mod common;
#[allow(dead_code)]
mod corpus_util;

#[path = "common/check.rs"]
mod check;

use std::panic::{catch_unwind, AssertUnwindSafe};

use spirv_tools::TargetEnv;
use tessera::ir::{Literal, Scalar};
use tessera::pipeline::{PipelineOptions, SpecConstantInfo, SpecValue};
use tessera::{CompileError, CompileOptions};

/// Pipeline options with specialization constants on.
fn spec() -> PipelineOptions {
    PipelineOptions {
        spec_constants: true,
        ..PipelineOptions::default()
    }
}

fn env(version: (u8, u8)) -> TargetEnv {
    if version >= (1, 6) {
        TargetEnv::Vulkan_1_3
    } else {
        TargetEnv::Vulkan_1_1
    }
}

/// Compiles `source` for `version` with `pipeline`.
fn compile_for(
    source: &str,
    pipeline: &PipelineOptions,
    version: (u8, u8),
) -> Result<Vec<u32>, CompileError> {
    let mut options = CompileOptions {
        pipeline: pipeline.clone(),
        ..CompileOptions::default()
    };
    options.spv.version = version;
    tessera::compile_to_spirv(source, &options).map(|o| o.words)
}

/// Compiles for SPIR-V 1.3 and 1.6, validates both, and returns both
/// disassemblies.
#[track_caller]
fn compile(source: &str, pipeline: &PipelineOptions) -> (String, String) {
    let mut out = Vec::new();
    for version in [(1, 3), (1, 6)] {
        let words = match compile_for(source, pipeline, version) {
            Ok(w) => w,
            Err(e) => panic!(
                "compilation for {version:?} failed:\n{}",
                e.error().render("test.wgsl", source)
            ),
        };
        let text = common::disassemble(&words).expect("rspirv reads the module");
        if let Err(e) = common::validate_spirv(&words, env(version)) {
            panic!("invalid SPIR-V for {version:?}: {e}\n{text}");
        }
        out.push(text);
    }
    let v16 = out.pop().unwrap_or_default();
    (out.pop().unwrap_or_default(), v16)
}

/// The `SpecId` decorating the instruction named `name` in a disassembly.
fn spec_id_of(text: &str, name: &str) -> Option<u32> {
    let quoted = format!(" \"{name}\"");
    let id = text
        .lines()
        .find(|l| l.starts_with("OpName ") && l.ends_with(&quoted))?
        .split_whitespace()
        .nth(1)?
        .to_string();
    let prefix = format!("OpDecorate {id} SpecId ");
    text.lines()
        .find_map(|l| l.strip_prefix(&prefix))
        .and_then(|n| n.trim().parse().ok())
}

fn snapshot(name: &str, text: &str) {
    insta::with_settings!({
        snapshot_path => "../snapshots",
        prepend_module_to_snapshot => false,
        omit_expression => true,
    }, {
        insta::assert_snapshot!(name, text);
    });
}

/// The pipeline of `source` with `options` (parse, validate, pipeline step).
fn pipeline(source: &str, options: &PipelineOptions) -> tessera::pipeline::Pipeline {
    let parsed = tessera::front::wgsl::parse_str(source).expect("parses");
    let info = tessera::valid::validate(&parsed.module).expect("validates");
    match tessera::pipeline::process(&parsed.module, &info, options) {
        Ok(p) => p,
        Err(e) => panic!("pipeline failed:\n{}", e.render("test.wgsl", source)),
    }
}

const SCALARS: &str = "enable f16;
override flag: bool;
@id(1) override count: i32 = 3;
override scale: f32 = 1.5;
override half_scale: f16;
override size: u32;
override twice = size * 2u;
override shifted = count << size;
override quotient = count / i32(size);
override ratio = count % 4;
override wide = u32(count) + size;
override on = flag && count > 1;
override pick = select(1u, 2u, on);
override as_int = i32(flag);
override nz = bool(size);
override scaled = scale * 2.0;
var<private> p_spec: u32 = twice + 1u;
var<private> p_runtime: f32 = scaled + 1.0;
@group(0) @binding(0) var<storage, read_write> out: array<u32>;

fn helper(x: f32) -> f32 {
    return x * scaled;
}

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32) {
    let v = vec3(size, twice, wide);
    out[i] = v.z + v[i % 3u] + pick + u32(shifted) + u32(quotient + ratio + as_int) + p_spec + u32(nz);
    out[i + 1u] = u32(helper(p_runtime) + f32(half_scale) + f32(-count));
}
";

#[test]
fn scalars_and_operations() {
    let (v13, _) = compile(SCALARS, &spec());
    snapshot("spec@scalars_and_operations", &v13);
    // Every override without a value is a specialization constant; the
    // derived ones are operations on them.
    assert_eq!(spec_id_of(&v13, "count"), Some(1), "{v13}");
    assert_eq!(spec_id_of(&v13, "flag"), Some(0), "{v13}");
    for needle in [
        "OpSpecConstantFalse",
        "SpecConstantOp",
        "IMul",
        "SDiv",
        "ShiftLeftLogical",
    ] {
        assert!(v13.contains(needle), "missing {needle}:\n{v13}");
    }
}

#[test]
fn reflection_reports_spec_ids() {
    let p = pipeline(SCALARS, &spec());
    let by_name = |name: &str| -> &SpecConstantInfo {
        p.reflection
            .spec_constants
            .iter()
            .find(|c| c.name == name)
            .unwrap_or_else(|| panic!("no {name} in {:?}", p.reflection.spec_constants))
    };
    // `count` has @id(1); the others take the free ids in order.
    assert_eq!(by_name("flag").spec_id, 0);
    assert_eq!(by_name("count").spec_id, 1);
    assert_eq!(by_name("count").id, Some(1));
    assert_eq!(by_name("scale").spec_id, 2);
    assert_eq!(by_name("half_scale").spec_id, 3);
    assert_eq!(by_name("size").spec_id, 4);
    assert_eq!(by_name("count").default, Literal::I32(3));
    assert!(by_name("count").has_default);
    assert_eq!(by_name("scale").default, Literal::F32(1.5));
    assert_eq!(by_name("half_scale").scalar, Scalar::F16);
    assert!(!by_name("size").has_default);
    assert_eq!(by_name("size").default, Literal::U32(0));
    assert_eq!(by_name("flag").default, Literal::Bool(false));
    // Derived overrides are no specialization constants of their own.
    assert!(p
        .reflection
        .spec_constants
        .iter()
        .all(|c| !["twice", "shifted", "scaled", "pick"].contains(&c.name.as_str())));
    let ep = &p.reflection.entry_points[0];
    assert_eq!(ep.spec_ids, vec![0, 1, 2, 3, 4]);
    assert_eq!(ep.workgroup_size, [64, 1, 1]);
    assert_eq!(ep.workgroup_size_spec, [None, None, None]);
}

#[test]
fn ids_avoid_explicit_ids() {
    let src = "override x: u32;
@id(0) override y: u32;
override z: u32;
@id(2) override w: u32;
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(1)
fn main() {
    out[0] = x + y + z + w;
}
";
    let p = pipeline(src, &spec());
    let ids: Vec<(&str, u32)> = p
        .reflection
        .spec_constants
        .iter()
        .map(|c| (c.name.as_str(), c.spec_id))
        .collect();
    assert_eq!(ids, [("x", 1), ("y", 0), ("z", 3), ("w", 2)]);
    let (v13, _) = compile(src, &spec());
    for (name, id) in ids {
        assert_eq!(spec_id_of(&v13, name), Some(id), "{name}:\n{v13}");
    }
}

#[test]
fn ids_do_not_depend_on_the_entry_point() {
    let src = "override a: u32;
override b: u32;
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(1)
fn first() { out[0] = a; }
@compute @workgroup_size(1)
fn second() { out[0] = b; }
";
    let mut options = spec();
    options.entry_point = Some("second".into());
    let p = pipeline(src, &options);
    assert_eq!(p.reflection.spec_constants.len(), 1);
    assert_eq!(p.reflection.spec_constants[0].name, "b");
    assert_eq!(p.reflection.spec_constants[0].spec_id, 1);
    assert_eq!(p.reflection.entry_points[0].spec_ids, vec![1]);
}

const WORKGROUP: &str = "@id(10) override block: u32 = 64;
override rows: u32 = 2;
var<workgroup> tile: array<f32, block * 2u>;
@group(0) @binding(0) var<storage, read_write> data: array<f32>;
@compute @workgroup_size(block, rows)
fn main(@builtin(local_invocation_index) i: u32, @builtin(local_invocation_id) lid: vec3<u32>) {
    tile[i] = data[i];
    workgroupBarrier();
    data[i] = tile[lid.x + 1u] + tile[3];
}
";

#[test]
fn workgroup_size_and_array_length() {
    let (v13, v16) = compile(WORKGROUP, &spec());
    snapshot("spec@workgroup_size_and_array_length", &v13);
    snapshot("spec@workgroup_size_and_array_length_1.6", &v16);
    // Before 1.6: the WorkgroupSize built-in; from 1.6: LocalSizeId.
    assert!(v13.contains("BuiltIn WorkgroupSize"), "{v13}");
    assert!(!v13.contains("LocalSizeId"), "{v13}");
    assert!(v16.contains("LocalSizeId"), "{v16}");
    assert!(!v16.contains("BuiltIn WorkgroupSize"), "{v16}");
    // The array length is a specialization constant, and accesses are
    // clamped to it at run time (no bound is assumed from the default).
    assert!(v13.contains("OpTypeArray"), "{v13}");
    assert!(v13.contains("UMin"), "{v13}");
    let p = pipeline(WORKGROUP, &spec());
    let ep = &p.reflection.entry_points[0];
    assert_eq!(ep.workgroup_size, [0, 0, 1]);
    assert_eq!(
        ep.workgroup_size_spec,
        [
            Some(SpecValue::SpecId(10)),
            Some(SpecValue::SpecId(0)),
            None
        ]
    );
}

#[test]
fn derived_workgroup_size_is_an_expression() {
    let src = "override n: i32 = 8;
@compute @workgroup_size(n * 2, 1)
fn main() {}
";
    compile(src, &spec());
    let p = pipeline(src, &spec());
    assert_eq!(
        p.reflection.entry_points[0].workgroup_size_spec,
        [Some(SpecValue::Expression), None, None]
    );
}

#[test]
fn entry_points_sharing_a_specialised_size() {
    // One WorkgroupSize built-in serves both before SPIR-V 1.6.
    let src = "override n: u32 = 8;
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(n)
fn a(@builtin(local_invocation_index) i: u32) { out[i] = 1u; }
@compute @workgroup_size(n)
fn b(@builtin(local_invocation_index) i: u32) { out[i] = 2u; }
";
    let (v13, _) = compile(src, &spec());
    assert_eq!(v13.matches("BuiltIn WorkgroupSize").count(), 1, "{v13}");
}

#[test]
fn entry_points_with_different_sizes_need_spirv_1_6() {
    let src = "override n: u32 = 8;
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(n)
fn a(@builtin(local_invocation_index) i: u32) { out[i] = 1u; }
@compute @workgroup_size(16)
fn b(@builtin(local_invocation_index) i: u32) { out[i] = 2u; }
";
    let e = compile_for(src, &spec(), (1, 3)).expect_err("one built-in per module");
    let CompileError::Backend(e) = e else {
        panic!("expected a code generation error: {e}");
    };
    let d = &e.diagnostics[0];
    assert!(
        d.message.contains(
            "entry points 'a' and 'b' have different workgroup sizes and the size of 'a' is given by specialization constants"
        ),
        "{}",
        d.message
    );
    assert!(src[d.span.to_range()].contains("fn b("), "{:?}", d.span);
    // Each entry point alone, or SPIR-V 1.6, is fine.
    let mut one = spec();
    one.entry_point = Some("a".into());
    compile(src, &one);
    let words = compile_for(src, &spec(), (1, 6)).expect("LocalSizeId per entry point");
    common::validate_spirv(&words, TargetEnv::Vulkan_1_3).expect("valid");
}

#[test]
fn given_values_specialise_as_before() {
    let mut options = spec();
    options.overrides.insert("size".into(), 8.0);
    let p = pipeline(SCALARS, &options);
    assert!(p.reflection.spec_constants.iter().all(|c| c.name != "size"));
    let (v13, _) = compile(SCALARS, &options);
    assert_eq!(spec_id_of(&v13, "size"), None, "{v13}");
    assert_eq!(spec_id_of(&v13, "count"), Some(1), "{v13}");
    assert!(
        v13.lines()
            .any(|l| l.contains("= OpConstant ") && l.trim_end().ends_with(" 8")),
        "{v13}"
    );
    // `twice`'s default no longer reads a specialization constant: it is
    // one of its own, with the default `size * 2u` = 16.
    let twice = p
        .reflection
        .spec_constants
        .iter()
        .find(|c| c.name == "twice")
        .expect("twice is a specialization constant");
    assert_eq!(twice.default, Literal::U32(16));
    assert!(twice.has_default);
    assert_eq!(spec_id_of(&v13, "twice"), Some(twice.spec_id), "{v13}");
}

#[test]
fn off_by_default() {
    // Without the option an override without a value is an error, as before.
    check::check_error_with(
        "override n: u32;\n@compute @workgroup_size(n)\nfn main() {}\n",
        &PipelineOptions::default(),
        "override 'n' has no default value and no value was given for it",
        "override n: u32;",
    );
}

#[test]
fn spec_workgroup_size_proves_no_bounds() {
    // With n given, local_invocation_index < 64 proves the index in bounds;
    // as a specialization constant it proves nothing.
    let src = "override n: u32 = 64;
var<workgroup> t: array<f32, 64>;
@group(0) @binding(0) var<storage, read_write> out: array<f32, 64>;
@compute @workgroup_size(n)
fn main(@builtin(local_invocation_index) i: u32) {
    t[i] = 1.0;
    workgroupBarrier();
    out[i] = t[63u - i];
}
";
    let mut given = PipelineOptions::default();
    given.overrides.insert("n".into(), 64.0);
    let words = compile_for(src, &given, (1, 3)).expect("compiles");
    let fixed = common::disassemble(&words).unwrap();
    assert!(!fixed.contains("UMin"), "{fixed}");
    let (v13, _) = compile(src, &spec());
    assert!(v13.contains("UMin"), "{v13}");
}

#[test]
fn workgroup_zeroing_reads_specialised_sizes() {
    // The zeroing loop runs to the specialised length in steps of the
    // specialised workgroup size.
    let src = "override n: u32;
override len: i32 = 100;
var<workgroup> t: array<u32, len>;
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(n, 2)
fn main(@builtin(local_invocation_index) i: u32) {
    out[i] = t[i];
}
";
    let (v13, v16) = compile(src, &spec());
    for text in [&v13, &v16] {
        assert!(text.contains("OpLoopMerge"), "{text}");
        assert!(text.contains("OpControlBarrier"), "{text}");
    }
}

#[test]
fn subgroup_matrices_with_specialised_staging() {
    // tests/in/subgroup_matrix_overrides.wgsl with `wg_size` and `tile_k`
    // as specialization constants: the matrix loads from the staging array
    // are guarded at run time.
    let src = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/in/subgroup_matrix_overrides.wgsl"),
    )
    .expect("input");
    let (v13, _) = compile(&src, &spec());
    assert!(v13.contains("OpSpecConstant"), "{v13}");
}

#[test]
fn subgroup_size_from_a_specialization_constant() {
    let src = "enable subgroup_size_control;
override sg: u32;
@group(0) @binding(0) var<storage, read_write> out: array<u32, 128>;
@compute @workgroup_size(128) @subgroup_size(sg)
fn main(@builtin(subgroup_invocation_id) i: u32) {
    out[i] = i;
}
";
    compile(src, &spec());
    let p = pipeline(src, &spec());
    let ep = &p.reflection.entry_points[0];
    assert_eq!(ep.subgroup_size, None);
    assert_eq!(ep.subgroup_size_spec, Some(SpecValue::SpecId(0)));
}

#[test]
fn long_chains() {
    // A chain of specialization-constant operations and one of
    // floating-point operations computed in the function.
    let mut src = String::from("override n0: u32;\noverride x0: f32;\n");
    for k in 1..300 {
        src.push_str(&format!(
            "override n{k} = n{} + {k}u;\noverride x{k} = x{} * 1.5;\n",
            k - 1,
            k - 1
        ));
    }
    src.push_str("@group(0) @binding(0) var<storage, read_write> out: array<f32>;\n@compute @workgroup_size(1)\nfn main() { out[n299] = x299; }\n");
    compile(&src, &spec());
}

#[test]
fn msl_rejects_specialization_constants() {
    let options = tessera::MslCompileOptions {
        pipeline: spec(),
        ..Default::default()
    };
    let e = tessera::compile_to_msl(SCALARS, &options).expect_err("SPIR-V only");
    assert!(
        e.error().diagnostics[0]
            .message
            .contains("is a specialization constant, which MSL output does not support"),
        "{e}"
    );
}

// Errors: message and span.

#[test]
fn array_count_not_expressible() {
    check::check_error_with(
        "override f: f32;\nvar<workgroup> t: array<u32, u32(f * 2.0)>;\n@compute @workgroup_size(1)\nfn main() { t[0] = 1u; }\n",
        &spec(),
        "the element count of 'array<u32, <override-expression>>' depends on specialization constants through an operation SPIR-V specialization constants cannot express",
        "u32(f * 2.0)",
    );
}

#[test]
fn workgroup_size_not_expressible() {
    check::check_error_with(
        "override n: u32;\n@compute @workgroup_size(1, max(n, 2u))\nfn main() {}\n",
        &spec(),
        "workgroup size y dimension of entry point 'main' depends on specialization constants through an operation SPIR-V specialization constants cannot express",
        "max(n, 2u)",
    );
}

#[test]
fn matrix_dimension_cannot_be_specialised() {
    let src = "enable chromium_experimental_subgroup_matrix;\noverride k: u32 = 8;\n@compute @workgroup_size(32)\nfn main() {\n    var m: subgroup_matrix_right<f32, 8, k>;\n}\n";
    check::check_error_with(
        src,
        &spec(),
        "override 'k' is a dimension of 'subgroup_matrix_right<f32, 8, k>', which must be known when the module is compiled: it cannot be a specialization constant",
        "var m: subgroup_matrix_right<f32, 8, k>",
    );
    // Given a value, it compiles.
    let mut options = spec();
    options.overrides.insert("k".into(), 8.0);
    check::check_ok_with(src, &options);
}

// Tint's inputs with overrides without defaults.

#[test]
fn tint_inputs_without_defaults() {
    let Some(dir) = corpus_util::corpus("tint") else {
        return;
    };
    let mut paths = vec![
        "bug/tint/1737.wgsl".to_string(),
        "builtins/workgroupUniformLoad/array_overridable_count.wgsl".into(),
        "builtins/workgroupUniformLoad/array_overridable_count_aliased.wgsl".into(),
        "extensions/subgroup_size_control/override.wgsl".into(),
    ];
    for kind in ["named", "numbered"] {
        for ty in ["bool", "f32", "i32", "u32"] {
            let p = format!("var/override/{kind}/no_init/{ty}.wgsl");
            if dir.join(&p).exists() {
                paths.push(p);
            }
        }
    }
    assert_eq!(paths.len(), 10);
    let mut failed = Vec::new();
    for p in &paths {
        let source = std::fs::read_to_string(dir.join(p)).expect("readable");
        // Each fails without specialization constants...
        if compile_for(&source, &PipelineOptions::default(), (1, 3)).is_ok() {
            failed.push(format!("{p}: compiles without specialization constants"));
        }
        // ...and compiles to valid SPIR-V 1.3 and 1.6 with them.
        if let Err(e) = catch_unwind(AssertUnwindSafe(|| compile(&source, &spec()))) {
            let msg = e
                .downcast_ref::<String>()
                .cloned()
                .unwrap_or_else(|| "panicked".into());
            failed.push(format!("{p}: {msg}"));
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}
