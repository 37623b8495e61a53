//! Validator and pipeline tests from WGSL source (parser + resolver).

use crate::diagnostic::Diagnostic;
use crate::front::wgsl::parse_str;
use crate::pipeline::{process, PipelineOptions};

fn validate_src(src: &str) -> Result<super::ModuleInfo, Vec<Diagnostic>> {
    let parsed = match parse_str(src) {
        Ok(p) => p,
        Err(e) => panic!("parse/resolve failed: {}", e.render("t.wgsl", src)),
    };
    super::validate(&parsed.module).map_err(|e| e.diagnostics)
}

/// [`validate_src`] for a target without `uniform_buffer_standard_layout`.
fn validate_src_strict(src: &str) -> Result<super::ModuleInfo, Vec<Diagnostic>> {
    let parsed = match parse_str(src) {
        Ok(p) => p,
        Err(e) => panic!("parse/resolve failed: {}", e.render("t.wgsl", src)),
    };
    let no_language = crate::device::LanguageFeatures::empty();
    super::validate_with_language_features(
        &parsed.module,
        crate::device::Features::all(),
        no_language,
    )
    .map_err(|e| e.diagnostics)
}

fn text<'a>(src: &'a str, d: &Diagnostic) -> &'a str {
    &src[d.span.to_range()]
}

#[test]
fn declaration_errors_from_wgsl() {
    let src = "struct S { a: f32, b: array<f32, 4> }
@group(0) @binding(0) var<uniform> u: S;
@group(0) @binding(0) var<storage, read> counter: atomic<u32>;
@compute @workgroup_size(64) fn main() {
  _ = u.a;
  _ = &counter;
}
";
    // The uniform layout errors need a target without
    // uniform_buffer_standard_layout; with it, only the other two remain.
    assert_eq!(validate_src(src).expect_err("invalid").len(), 2);
    let errs = validate_src_strict(src).expect_err("invalid");
    let got: Vec<(&str, &str)> = errs
        .iter()
        .map(|d| (d.message.as_str(), text(src, d)))
        .collect();
    assert_eq!(got.len(), 4, "{errs:#?}");
    assert_eq!(
        got[1].0,
        "array stride 4 of 'array<f32, 4>' is not a multiple of 16, as the 'uniform' address space requires"
    );
    assert_eq!(
        got[0].0,
        "member 'b' of 'S' has offset 4 which is not a multiple of its required alignment 16 in the 'uniform' address space"
    );
    assert_eq!(
        got[2].0,
        "atomic types in the 'storage' address space require access mode 'read_write', but 'counter' is 'read'"
    );
    assert_eq!(
        got[3].0,
        "@group(0) @binding(0) is used by both 'u' and 'counter' in entry point 'main'"
    );
    assert!(got[0].1.contains("u: S"), "{:?}", got[0].1);
    assert!(got[2].1.contains("counter"), "{:?}", got[2].1);
    assert!(got[3].1.contains("counter"), "{:?}", got[3].1);
}

#[test]
fn pipeline_checks_from_wgsl() {
    let src = "enable chromium_experimental_subgroup_matrix;
enable f16;
override WG: u32 = 48;
@group(0) @binding(0) var<storage, read_write> a: array<f16>;
@group(0) @binding(1) var<storage, read_write> c: array<f32>;
@compute @workgroup_size(WG) fn main() {
  let l = subgroupMatrixLoad<subgroup_matrix_left<f16, 16, 16>, row_major>(&a, 0u, 16u);
  let r = subgroupMatrixLoad<subgroup_matrix_right<f16, 8, 16>, row_major>(&a, 0u, 16u);
  let t = subgroupMatrixMultiply<f32>(l, r);
  subgroupMatrixStore<row_major>(&c, 0u, t, 8u);
}
";
    let parsed = parse_str(src).unwrap_or_else(|e| panic!("{}", e.render("t.wgsl", src)));
    let info =
        super::validate(&parsed.module).unwrap_or_else(|e| panic!("{}", e.render("t.wgsl", src)));
    assert!(info.entry_points[0].uses_subgroup_matrix);
    assert_eq!(info.entry_points[0].multiplies.len(), 1);
    let mut options = PipelineOptions {
        subgroup_matrix_configs: Some(vec![
            "f16:f32:16x8x16".parse().expect("config"),
            "u8:u32:16x16x32".parse().expect("config"),
        ]),
        max_subgroup_size: Some(32),
        ..Default::default()
    };
    let err = process(&parsed.module, &info, &options).expect_err("48 is not a multiple of 32");
    assert_eq!(
        err.diagnostics[0].message,
        "workgroup size x dimension 48 of entry point 'main' must be a multiple of the maximum subgroup size 32, because it uses subgroup matrices"
    );
    options.overrides.insert("WG".into(), 64.0);
    let p = process(&parsed.module, &info, &options)
        .unwrap_or_else(|e| panic!("{}", e.render("t.wgsl", src)));
    let r = &p.reflection.entry_points[0];
    assert_eq!(r.workgroup_size, [64, 1, 1]);
    assert_eq!(r.matrix_types.len(), 3);
    assert_eq!(r.multiplies[0].to_owned().k, 16);
    // A device without f16 -> f32 at 16x8x16 rejects the types and the multiply.
    options.subgroup_matrix_configs = Some(vec!["f16:f16:16x16x16".parse().expect("config")]);
    let err = process(&parsed.module, &info, &options).expect_err("unsupported");
    let msgs: Vec<&str> = err.diagnostics.iter().map(|d| text(src, d)).collect();
    assert_eq!(err.diagnostics.len(), 3, "{:#?}", err.diagnostics);
    assert!(
        msgs[0].contains("subgroup_matrix_right<f16, 8, 16>")
            || msgs[0].contains("subgroupMatrixLoad"),
        "{msgs:?}"
    );
    assert!(msgs[2].contains("subgroupMatrixMultiply"), "{msgs:?}");
}

#[test]
fn forward_calls_and_entry_point_facts_from_wgsl() {
    let src = "@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@group(0) @binding(1) var<storage, read> unused_here: array<u32>;
var<workgroup> tile: array<u32, 64>;
@compute @workgroup_size(64) fn main(@builtin(local_invocation_index) i: u32) {
  out[i] = helper(i);
}
fn helper(x: u32) -> u32 { tile[x] = x; return leaf(x); }
fn leaf(x: u32) -> u32 { return x * 2u; }
@compute @workgroup_size(1) fn other() { _ = unused_here[0]; }
";
    let parsed = parse_str(src).unwrap_or_else(|e| panic!("{}", e.render("t.wgsl", src)));
    let m = &parsed.module;
    let info = super::validate(m).unwrap_or_else(|e| panic!("{}", e.render("t.wgsl", src)));
    let names = |fs: &[usize]| -> Vec<String> {
        fs.iter()
            .map(|&f| {
                m.functions[crate::arena::Handle::from_index(f)]
                    .name
                    .clone()
            })
            .collect()
    };
    let main = &info.entry_points[0];
    let mut fnames = names(&main.functions);
    fnames.sort();
    assert_eq!(fnames, ["helper", "leaf", "main"]);
    let globals: Vec<&str> = main
        .globals
        .iter()
        .map(|&g| {
            m.global_variables[crate::arena::Handle::from_index(g)]
                .name
                .as_str()
        })
        .collect();
    assert_eq!(globals, ["out", "tile"]);
    assert!(!main.uses_subgroup_matrix);
    assert_eq!(names(&info.entry_points[1].functions), ["other"]);
}
