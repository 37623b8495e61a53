//! Negative tests for what Metal cannot express (`back::msl::capability`,
//! run by `tessera::compile_to_msl` before printing): each source passes
//! the front end, validator and pipeline step but must fail for MSL with
//! a given message and a primary span covering exactly the given text
//! (the use the validator recorded: a declaration, an expression, or the
//! function whose signature names the type).
//!
//! Checklist (message pattern -> test):
//! - Metal cannot express '{type}': simdgroup matrices are 8x8 -> matrix_16x16, matrix_8x16,
//!   override_dims_16, right_matrix_4x8
//! - Metal cannot express '{type}': simdgroup matrices have f32 or f16 components -> i32_matrix,
//!   u8_matrix, i8_matrix_in_helper_function
//! - Metal cannot express a multiply of ... one component type -> mixed_precision_multiply,
//!   mixed_precision_multiply_accumulate
//! - Metal cannot express '{bf16 type}' before MSL 3.1 -> bf16_needs_msl_3_1
//!   (bf16 x bf16 -> f32: bf16_into_f32_is_mixed_precision)
//! - subgroup matrices need MSL 2.3 or later -> msl_2_2_with_matrices
//! - subgroup builtins need MSL 2.1 or later -> msl_2_0_with_subgroups,
//!   msl_2_0_with_ballot_only
//!
//! Also: every problem is reported (several_problems_together), each type once
//! (type_reported_once), only for chosen entry points (unchosen_entry_point_is_not_checked),
//! and valid modules pass (f16_and_f32_8x8_pass, msl_2_3_is_enough).

use tessera::{CompileError, Error, MslCompileOptions};

const DEFAULT_VERSION: (u8, u8) = (2, 4);

/// Compiles to MSL for `version`; `Err` holds the code-generation errors
/// (the source must pass the front end, validator and pipeline step).
fn check(source: &str, version: (u8, u8), entry: Option<&str>) -> Result<(), Error> {
    let mut options = MslCompileOptions::default();
    options.msl.lang_version = version;
    options.pipeline.entry_point = entry.map(str::to_string);
    match tessera::compile_to_msl(source, &options) {
        Ok(_) => Ok(()),
        Err(CompileError::Backend(e)) => Err(e),
        Err(e) => panic!(
            "not a backend error: {}",
            e.error().render("t.wgsl", source)
        ),
    }
}

/// The same check through the library entry point of the checks alone.
fn check_direct(source: &str, version: (u8, u8)) -> Result<(), Error> {
    let parsed = tessera::front::wgsl::parse_str(source).expect("parses");
    let info = tessera::valid::validate(&parsed.module).expect("validates");
    let pipeline =
        tessera::pipeline::process(&parsed.module, &info, &Default::default()).expect("pipeline");
    tessera::back::msl::capability::check_module(&pipeline.printed(), &info, version)
}

/// The errors as (message, spanned text), in order.
fn errors(source: &str, version: (u8, u8), entry: Option<&str>) -> Vec<(String, String)> {
    let err = check(source, version, entry).expect_err("expected an MSL capability error");
    err.errors()
        .map(|d| {
            let text = source
                .get(d.span.start as usize..d.span.end as usize)
                .unwrap_or("<bad span>")
                .to_string();
            (d.message.clone(), text)
        })
        .collect()
}

fn check_one(source: &str, message: &str, spanned: &str) {
    let errs = errors(source, DEFAULT_VERSION, None);
    assert_eq!(errs.len(), 1, "{errs:?}");
    assert_eq!(errs[0].0, message);
    assert_eq!(errs[0].1, spanned);
}

macro_rules! sm {
    ($s:expr) => {
        concat!(
            "enable f16;\nenable chromium_experimental_subgroup_matrix;\n",
            "@group(0) @binding(0) var<storage, read_write> b: array<f32>;\n",
            "@group(0) @binding(1) var<storage, read_write> h: array<f16>;\n",
            $s
        )
    };
}

macro_rules! body {
    ($s:expr) => {
        sm!(concat!(
            "@compute @workgroup_size(64)\nfn main() {\n",
            $s,
            "\n}\n"
        ))
    };
}

#[test]
fn matrix_16x16() {
    check_one(
        body!("    var m: subgroup_matrix_left<f32, 16, 16>;"),
        "Metal cannot express 'subgroup_matrix_left<f32, 16, 16>': simdgroup matrices are 8x8",
        "var m: subgroup_matrix_left<f32, 16, 16>",
    );
}

#[test]
fn matrix_8x16() {
    check_one(
        body!("    let m = subgroupMatrixLoad<subgroup_matrix_result<f32, 8, 16>, row_major>(&b, 0, 8);\n    subgroupMatrixStore<row_major>(&b, 0, m, 8);"),
        "Metal cannot express 'subgroup_matrix_result<f32, 8, 16>': simdgroup matrices are 8x8",
        "subgroupMatrixLoad<subgroup_matrix_result<f32, 8, 16>, row_major>(&b, 0, 8)",
    );
}

#[test]
fn right_matrix_4x8() {
    check_one(
        body!("    let m = subgroup_matrix_right<f16, 4, 8>(1.0h);"),
        "Metal cannot express 'subgroup_matrix_right<f16, 4, 8>': simdgroup matrices are 8x8",
        "subgroup_matrix_right<f16, 4, 8>(1.0h)",
    );
}

#[test]
fn override_dims_16() {
    let src = sm!(concat!(
        "override n: u32 = 16;\n",
        "@compute @workgroup_size(64)\nfn main() {\n",
        "    var m: subgroup_matrix_left<f32, n, n>;\n",
        "}\n"
    ));
    let errs = errors(src, DEFAULT_VERSION, None);
    assert_eq!(
        errs,
        vec![(
            "Metal cannot express 'subgroup_matrix_left<f32, n, n>': simdgroup matrices are 8x8"
                .to_string(),
            "var m: subgroup_matrix_left<f32, n, n>".to_string()
        )]
    );
}

#[test]
fn i32_matrix() {
    check_one(
        body!("    var m = subgroup_matrix_result<i32, 8, 8>(1);"),
        "Metal cannot express 'subgroup_matrix_result<i32, 8, 8>': simdgroup matrices have f32 or f16 components, not i32",
        "var m = subgroup_matrix_result<i32, 8, 8>(1)",
    );
}

#[test]
fn u8_matrix() {
    let src = body!("    let m = subgroupMatrixLoad<subgroup_matrix_left<u8, 8, 8>, row_major>(&b, 0, 2);\n    _ = m;");
    let errs = errors(src, DEFAULT_VERSION, None);
    assert_eq!(errs.len(), 1, "{errs:?}");
    assert_eq!(
        errs[0].0,
        "Metal cannot express 'subgroup_matrix_left<u8, 8, 8>': simdgroup matrices have f32 or f16 components, not u8"
    );
    assert_eq!(
        errs[0].1,
        "subgroupMatrixLoad<subgroup_matrix_left<u8, 8, 8>, row_major>(&b, 0, 2)"
    );
}

#[test]
fn i8_matrix_in_helper_function() {
    check_one(
        sm!(concat!(
            "fn helper() -> subgroup_matrix_right<i8, 8, 8> {\n",
            "    return subgroup_matrix_right<i8, 8, 8>();\n",
            "}\n",
            "@compute @workgroup_size(64)\nfn main() {\n    _ = helper();\n}\n"
        )),
        "Metal cannot express 'subgroup_matrix_right<i8, 8, 8>': simdgroup matrices have f32 or f16 components, not i8",
        "fn helper() -> subgroup_matrix_right<i8, 8, 8> {\n    return subgroup_matrix_right<i8, 8, 8>();\n}",
    );
}

#[test]
fn mixed_precision_multiply() {
    let src = body!(concat!(
        "    let l = subgroup_matrix_left<f16, 8, 8>(1.0h);\n",
        "    let r = subgroup_matrix_right<f16, 8, 8>(1.0h);\n",
        "    let d = subgroupMatrixMultiply<f32>(l, r);\n",
        "    subgroupMatrixStore<row_major>(&b, 0, d, 8);"
    ));
    check_one(
        src,
        "Metal cannot express a multiply of 'subgroup_matrix_left<f16, 8, 8>' and 'subgroup_matrix_right<f16, 8, 8>' into 'subgroup_matrix_result<f32, 8, 8>': simdgroup_multiply needs operands and result of one component type",
        "subgroupMatrixMultiply<f32>(l, r)",
    );
}

#[test]
fn mixed_precision_multiply_accumulate() {
    let src = body!(concat!(
        "    let l = subgroup_matrix_left<f16, 8, 8>(1.0h);\n",
        "    let r = subgroup_matrix_right<f16, 8, 8>(1.0h);\n",
        "    let c = subgroup_matrix_result<f32, 8, 8>();\n",
        "    let d = subgroupMatrixMultiplyAccumulate(l, r, c);\n",
        "    subgroupMatrixStore<row_major>(&b, 0, d, 8);"
    ));
    let err = check(src, DEFAULT_VERSION, None).expect_err("mixed precision");
    let d = err.errors().next().expect("one error");
    assert_eq!(
        &src[d.span.start as usize..d.span.end as usize],
        "subgroupMatrixMultiplyAccumulate(l, r, c)"
    );
    assert!(
        d.message
            .starts_with("Metal cannot express a multiply of 'subgroup_matrix_left<f16, 8, 8>'"),
        "{}",
        d.message
    );
    assert_eq!(
        d.notes,
        vec!["Metal declares simdgroup_multiply and simdgroup_multiply_accumulate with one component type for every operand; use a result of component type 'f16'".to_string()]
    );
    assert_eq!(err.errors().count(), 1);
}

#[test]
fn msl_2_2_with_matrices() {
    let src = body!("    var m: subgroup_matrix_left<f32, 8, 8>;");
    let errs = errors(src, (2, 2), None);
    assert_eq!(
        errs,
        vec![(
            "subgroup matrices need MSL 2.3 or later, but the target is MSL 2.2".to_string(),
            "var m: subgroup_matrix_left<f32, 8, 8>".to_string()
        )]
    );
}

#[test]
fn msl_2_3_is_enough() {
    let src = body!("    var m: subgroup_matrix_left<f32, 8, 8>;");
    assert_eq!(check(src, (2, 3), None), Ok(()));
}

#[test]
fn check_module_matches_the_writer() {
    let src = body!(concat!(
        "    var a: subgroup_matrix_left<u32, 8, 8>;\n",
        "    var c: subgroup_matrix_result<f32, 16, 8>;"
    ));
    assert_eq!(
        check_direct(src, DEFAULT_VERSION),
        check(src, DEFAULT_VERSION, None)
    );
    let ok = body!("    var m: subgroup_matrix_left<f32, 8, 8>;");
    assert_eq!(check_direct(ok, (2, 3)), Ok(()));
    assert!(check_direct(ok, (2, 2)).is_err());
}

#[test]
fn msl_2_0_with_subgroups() {
    let src = concat!(
        "enable subgroups;\n",
        "@group(0) @binding(0) var<storage, read_write> b: array<u32>;\n",
        "@compute @workgroup_size(64)\nfn main() {\n",
        "    b[0] = subgroupAdd(b[1]);\n",
        "}\n"
    );
    let errs = errors(src, (2, 0), None);
    assert_eq!(
        errs,
        vec![(
            "subgroup builtins need MSL 2.1 or later, but the target is MSL 2.0".to_string(),
            "subgroupAdd(b[1])".to_string()
        )]
    );
    assert_eq!(check(src, (2, 1), None), Ok(()));
}

/// `subgroupBallot` alone: the `msl-builtins` pass turns it into Metal's
/// `simd_ballot`, which the version check still sees.
#[test]
fn msl_2_0_with_ballot_only() {
    let src = concat!(
        "enable subgroups;\n",
        "@group(0) @binding(0) var<storage, read_write> b: array<vec4u>;\n",
        "@compute @workgroup_size(64)\nfn main() {\n",
        "    b[0] = subgroupBallot(b[1].x > 0u);\n",
        "}\n"
    );
    let errs = errors(src, (2, 0), None);
    assert_eq!(
        errs,
        vec![(
            "subgroup builtins need MSL 2.1 or later, but the target is MSL 2.0".to_string(),
            "subgroupBallot(b[1].x > 0u)".to_string()
        )]
    );
    assert_eq!(check(src, (2, 1), None), Ok(()));
}

#[test]
fn several_problems_together() {
    let src = body!(concat!(
        "    var a: subgroup_matrix_left<u32, 8, 8>;\n",
        "    var c: subgroup_matrix_result<f32, 16, 8>;"
    ));
    let errs = errors(src, DEFAULT_VERSION, None);
    assert_eq!(
        errs,
        vec![
            (
                "Metal cannot express 'subgroup_matrix_left<u32, 8, 8>': simdgroup matrices have f32 or f16 components, not u32".to_string(),
                "var a: subgroup_matrix_left<u32, 8, 8>".to_string()
            ),
            (
                "Metal cannot express 'subgroup_matrix_result<f32, 16, 8>': simdgroup matrices are 8x8".to_string(),
                "var c: subgroup_matrix_result<f32, 16, 8>".to_string()
            ),
        ]
    );
}

#[test]
fn type_reported_once() {
    let src = body!(concat!(
        "    var a: subgroup_matrix_left<i32, 4, 4>;\n",
        "    var c: subgroup_matrix_left<i32, 4, 4>;"
    ));
    let errs = errors(src, DEFAULT_VERSION, None);
    // One type, two problems: the component type and the shape.
    assert_eq!(errs.len(), 2, "{errs:?}");
    assert!(errs[0].0.ends_with("have f32 or f16 components, not i32"));
    assert!(errs[1].0.ends_with("simdgroup matrices are 8x8"));
    assert_eq!(errs[0].1, errs[1].1);
}

#[test]
fn unchosen_entry_point_is_not_checked() {
    let src = sm!(concat!(
        "@compute @workgroup_size(64)\nfn bad() {\n    var m: subgroup_matrix_left<i32, 8, 8>;\n}\n",
        "@compute @workgroup_size(64)\nfn good() {\n    var m: subgroup_matrix_left<f32, 8, 8>;\n}\n"
    ));
    assert_eq!(check(src, DEFAULT_VERSION, Some("good")), Ok(()));
    assert_eq!(errors(src, DEFAULT_VERSION, Some("bad")).len(), 1);
}

#[test]
fn f16_and_f32_8x8_pass() {
    let src = body!(concat!(
        "    let l = subgroupMatrixLoad<subgroup_matrix_left<f16, 8, 8>, col_major>(&h, 0, 8);\n",
        "    let r = subgroup_matrix_right<f16, 8, 8>(2.0h);\n",
        "    let d = subgroupMatrixMultiply<f16>(l, r);\n",
        "    subgroupMatrixStore<row_major>(&h, 0, subgroupMatrixScalarAdd(d, 1.0h), 8);\n",
        "    let x = subgroup_matrix_result<f32, 8, 8>(1.0);\n",
        "    subgroupMatrixStore<row_major>(&b, 0, x, 8);"
    ));
    assert_eq!(check(src, DEFAULT_VERSION, None), Ok(()));
}

/// bf16 matrices (`enable tessera_experimental_bf16;`).
const BF16_HEAD: &str = "enable chromium_experimental_subgroup_matrix;
enable tessera_experimental_subgroup_matrix;
enable tessera_experimental_bf16;
@group(0) @binding(0) var<storage, read_write> b: array<u32>;
@group(0) @binding(1) var<storage, read_write> f: array<f32>;
@compute @workgroup_size(32)
fn main() {
";

#[test]
fn bf16_needs_msl_3_1() {
    let src = format!(
        "{BF16_HEAD}    let m = subgroupMatrixLoad<subgroup_matrix_left<bf16, 8, 8>, row_major>(&b, 0u, 4u);
    subgroupMatrixStore<row_major>(&b, 64u, m, 4u);
}}
"
    );
    let errs = errors(&src, DEFAULT_VERSION, None);
    assert_eq!(errs.len(), 1, "{errs:?}");
    assert_eq!(
        errs[0].0,
        "Metal cannot express 'subgroup_matrix_left<bf16, 8, 8>' before MSL 3.1: the target is MSL 2.4"
    );
    assert_eq!(
        errs[0].1,
        "subgroupMatrixLoad<subgroup_matrix_left<bf16, 8, 8>, row_major>(&b, 0u, 4u)"
    );
    assert!(check(&src, (3, 1), None).is_ok());
}

#[test]
fn bf16_into_f32_is_mixed_precision() {
    let src = format!(
        "{BF16_HEAD}    let l = subgroupMatrixLoad<subgroup_matrix_left<bf16, 8, 8>, row_major>(&b, 0u, 4u);
    let r = subgroupMatrixLoad<subgroup_matrix_right<bf16, 8, 8>, row_major>(&b, 32u, 4u);
    let d = subgroupMatrixMultiply<f32>(l, r);
    subgroupMatrixStore<row_major>(&f, 0u, d, 8u);
}}
"
    );
    let errs = errors(&src, (3, 1), None);
    assert_eq!(errs.len(), 1, "{errs:?}");
    assert_eq!(
        errs[0].0,
        "Metal cannot express a multiply of 'subgroup_matrix_left<bf16, 8, 8>' and 'subgroup_matrix_right<bf16, 8, 8>' into 'subgroup_matrix_result<f32, 8, 8>': simdgroup_multiply needs operands and result of one component type"
    );
    assert_eq!(errs[0].1, "subgroupMatrixMultiply<f32>(l, r)");
}
