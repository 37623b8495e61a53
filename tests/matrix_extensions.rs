//! `enable tessera_experimental_subgroup_matrix;`
//! (docs/subgroup-matrix-extensions.md): element-wise arithmetic, math
//! builtins and conversions of subgroup matrices. Positive programs give
//! SPIR-V that SPIRV-Tools accepts (1.3 and 1.6); errors are checked with
//! message and span.

#[path = "common/check.rs"]
mod check;
mod spv_util;

use check::{check_error, h100};

const HEAD: &str = "enable f16;
enable chromium_experimental_subgroup_matrix;
enable tessera_experimental_subgroup_matrix;
alias R = subgroup_matrix_result<f32, 16, 16>;
alias RH = subgroup_matrix_result<f16, 16, 16>;
alias L = subgroup_matrix_left<f16, 16, 16>;
alias B = subgroup_matrix_right<f16, 16, 16>;
@group(0) @binding(0) var<storage, read_write> s: array<f32>;
@group(0) @binding(1) var<storage, read_write> h: array<f16>;
@group(0) @binding(2) var<storage, read_write> u: array<u32>;
";

fn program(body: &str) -> String {
    format!(
        "{HEAD}@compute @workgroup_size(64) fn main() {{
  let a = subgroupMatrixLoad<R, row_major>(&s, 0u, 16u);
  let b = subgroupMatrixLoad<R, row_major>(&s, 256u, 16u);
  {body}
}}"
    )
}

fn compiles(source: &str) -> String {
    compiles_for(source, h100())
}

fn compiles_for(source: &str, pipeline: tessera::pipeline::PipelineOptions) -> String {
    let mut out = String::new();
    for version in [(1, 3), (1, 6)] {
        let mut opts = tessera::CompileOptions {
            pipeline: pipeline.clone(),
            ..Default::default()
        };
        opts.spv.version = version;
        let words = match tessera::compile_to_spirv(source, &opts) {
            Ok(o) => o.words,
            Err(e) => panic!("{}", e.error().render("test.wgsl", source)),
        };
        if let Err(e) = spv_util::validate(&words, version) {
            panic!("invalid SPIR-V for {version:?}: {e}");
        }
        if version == (1, 3) {
            out = spv_util::disasm(&words);
        }
    }
    out
}

#[test]
fn arithmetic_and_conversion_are_cooperative_matrix_instructions() {
    let text = compiles(&program(
        "let c = -(a + b) * a - b / a;
  let d = subgroupMatrixConvert<RH>(c + 1.0);
  subgroupMatrixStore<row_major>(&h, 0u, d, 16u);",
    ));
    for op in [
        "OpFAdd",
        "OpFNegate",
        "OpFMul",
        "OpFDiv",
        "OpFSub",
        "OpFConvert",
    ] {
        assert!(text.contains(op), "{op} missing:\n{text}");
    }
    assert!(!text.contains("OpCooperativeMatrixLengthKHR"));
}

#[test]
fn math_builtins_loop_over_the_invocation_elements() {
    let text = compiles(&program(
        "let c = clamp(tanh(a), b, b * 2.0);
  let d = max(c + b, 0.0);
  subgroupMatrixStore<row_major>(&s, 512u, d, 16u);",
    ));
    assert_eq!(
        text.matches("OpCooperativeMatrixLengthKHR").count(),
        3,
        "{text}"
    );
    for f in ["Tanh", "FMax", "FMin"] {
        assert!(text.contains(f), "{f} missing:\n{text}");
    }
}

#[test]
fn kind_change_goes_through_subgroup_scratch() {
    let src = program(
        "let p = subgroupMatrixConvert<L>(a);
  let v = subgroupMatrixLoad<B, row_major>(&h, 0u, 16u);
  let o = subgroupMatrixMultiplyAccumulate(p, v, b);
  subgroupMatrixStore<row_major>(&s, 512u, o, 16u);",
    );
    let text = compiles(&src);
    assert!(text.contains("tessera_matrix_scratch_f16"), "{text}");
    assert!(text.contains("BuiltIn SubgroupId"));
    // Two subgroups of 32 (the H100's size), one 16x16 f16 slice each.
    let parsed = tessera::front::wgsl::parse_str(&src).unwrap();
    let info = tessera::valid::validate(&parsed.module).unwrap();
    let options = tessera::pipeline::PipelineOptions {
        min_subgroup_size: Some(32),
        ..h100()
    };
    let mut p = tessera::pipeline::process(&parsed.module, &info, &options).unwrap();
    tessera::lower::spv::lower(&mut p, &Default::default(), &mut |_, _| {}).unwrap();
    assert_eq!(
        p.reflection.entry_points[0].matrix_scratch_bytes,
        2 * 16 * 16 * 2
    );
}

/// Helpers that change kinds or hand rows to invocations receive the
/// subgroup id and invocation index from their callers, down from the
/// entry point.
#[test]
fn scratch_operations_work_in_helper_functions() {
    let src = format!(
        "{HEAD}fn to_left(m: RH) -> L {{ return subgroupMatrixConvert<L>(m); }}
fn rows(m: RH) -> array<f16, 16> {{ return subgroupMatrixRow(m); }}
fn twice(m: RH) -> L {{ let r = rows(m); _ = r; return to_left(m); }}
@compute @workgroup_size(64) fn main() {{
  let a = subgroupMatrixLoad<RH, row_major>(&h, 0u, 16u);
  let l = twice(a);
  subgroupMatrixStore<row_major>(&h, 0u, l, 16u);
}}"
    );
    let text = compiles(&src);
    assert!(text.contains("tessera_matrix_scratch_f16"), "{text}");
    assert!(
        text.contains("BuiltIn SubgroupId") && text.contains("BuiltIn SubgroupLocalInvocationId")
    );
    let msl = tessera::compile_to_msl(&src, &Default::default());
    // 16x16 is not a Metal shape; the 8x8 snapshot covers MSL.
    assert!(msl.is_err());
}

#[test]
fn errors() {
    check_error(
        "enable tessera_experimental_subgroup_matrix;",
        "the 'tessera_experimental_' extensions extend a subgroup-matrix extension",
        "tessera_experimental_subgroup_matrix",
    );
    check_error(
        &program("let c = a + subgroupMatrixLoad<RH, row_major>(&h, 0u, 16u);"),
        "element-wise operator + needs two subgroup matrices of one type, found 'subgroup_matrix_result<f32, 16, 16>' and 'subgroup_matrix_result<f16, 16, 16>'",
        "a + subgroupMatrixLoad<RH, row_major>(&h, 0u, 16u)",
    );
    check_error(
        &program("let i = subgroupMatrixLoad<subgroup_matrix_result<u32, 16, 16>, row_major>(&u, 0u, 16u); let c = i / i;"),
        "element-wise division needs a float component type, found 'u32'",
        "i / i",
    );
    check_error(
        &program("let c = 2.0 - a;"),
        "operator - between a subgroup matrix and a scalar is not available",
        "2.0 - a",
    );
    check_error(
        &program("let c = a < b;"),
        "operator < cannot be applied to subgroup matrices",
        "a < b",
    );
    check_error(
        &program("let c = length(a);"),
        "'length' cannot be applied element-wise to 'subgroup_matrix_result<f32, 16, 16>'",
        "length(a)",
    );
    check_error(
        &program("let c = max(a, subgroupMatrixLoad<RH, row_major>(&h, 0u, 16u));"),
        "the matrix arguments of 'max' must have one type",
        "subgroupMatrixLoad<RH, row_major>(&h, 0u, 16u)",
    );
    check_error(
        &program("let c = max(a, 1u);"),
        "the arguments of 'max' must be 'subgroup_matrix_result<f32, 16, 16>' or 'f32', found 'u32'",
        "1u",
    );
    check_error(
        &program("let c = subgroupMatrixConvert<subgroup_matrix_result<f32, 8, 8>>(a);"),
        "'subgroupMatrixConvert' keeps the shape",
        "a",
    );
    check_error(
        &program("let i = subgroupMatrixLoad<subgroup_matrix_result<i32, 16, 16>, row_major>(&u, 0u, 16u); let c = subgroupMatrixConvert<subgroup_matrix_result<u32, 16, 16>>(i);"),
        "'subgroupMatrixConvert' cannot convert 'i32' components to 'u32'",
        "i",
    );
    check_error(
        &program("let i = subgroupMatrixLoad<subgroup_matrix_result<u8, 16, 16>, row_major>(&u, 0u, 16u); let c = subgroupMatrixConvert<subgroup_matrix_result<i8, 16, 16>>(i);"),
        "'subgroupMatrixConvert' cannot convert 'u8' components to 'i8'",
        "i",
    );
    check_error(
        &program("let c = subgroupMatrixConvert<f32>(a);"),
        "the template argument of 'subgroupMatrixConvert' must be a subgroup matrix type, found 'f32'",
        "subgroupMatrixConvert<f32>(a)",
    );
    check_error(
        "enable chromium_experimental_subgroup_matrix;
@group(0) @binding(0) var<storage, read_write> s: array<f32>;
@compute @workgroup_size(32) fn main() {
  let a = subgroupMatrixLoad<subgroup_matrix_result<f32, 8, 8>, row_major>(&s, 0u, 8u);
  let c = -a;
}",
        "operator - cannot be applied to subgroup matrices; element-wise negation needs 'enable tessera_experimental_subgroup_matrix;'",
        "-a",
    );
    check_error(
        "enable chromium_experimental_subgroup_matrix;
@group(0) @binding(0) var<storage, read_write> s: array<f32>;
@compute @workgroup_size(32) fn main() {
  let a = subgroupMatrixLoad<subgroup_matrix_result<f32, 8, 8>, row_major>(&s, 0u, 8u);
  let c = subgroupMatrixConvert<subgroup_matrix_left<f32, 8, 8>>(a);
}",
        "'subgroupMatrixConvert' requires enabling extension 'tessera_experimental_subgroup_matrix'",
        "subgroupMatrixConvert",
    );
}

#[test]
fn element_wise_operations_need_uniform_control_flow() {
    check_error(
        &format!(
            "{HEAD}@compute @workgroup_size(64) fn main(@builtin(local_invocation_index) i: u32) {{
  let a = subgroupMatrixLoad<R, row_major>(&s, 0u, 16u);
  var c = a;
  if i < 3u {{ c = max(a, 0.0); }}
  subgroupMatrixStore<row_major>(&s, 0u, c, 16u);
}}"
        ),
        "an element-wise math builtin on subgroup matrices must only be called from subgroup uniform control flow",
        "max(a, 0.0)",
    );
}

const ROWS: &str = "enable f16;
enable chromium_experimental_subgroup_matrix;
enable tessera_experimental_subgroup_matrix;
@group(0) @binding(0) var<storage, read_write> s: array<f32>;
";

#[test]
fn rows_and_columns_to_and_from_invocations() {
    let src = format!(
        "{ROWS}@compute @workgroup_size(32) fn main(@builtin(subgroup_invocation_id) i: u32) {{
  var row: array<f32, 16>;
  for (var j = 0u; j < 16u; j++) {{ row[j] = f32(i * 16u + j); }}
  let m = subgroupMatrixFromRows<subgroup_matrix_result<f32, 16, 16>>(row);
  let c = subgroupMatrixFromColumns<subgroup_matrix_result<f32, 16, 16>>(row);
  let r = subgroupMatrixRow(m + c);
  let k = subgroupMatrixColumn(c);
  s[i] = r[0] + k[15];
  subgroupMatrixStore<row_major>(&s, 64u, m, 16u);
}}"
    );
    let text = compiles(&src);
    assert!(text.contains("tessera_matrix_scratch_f32"), "{text}");
    assert!(text.contains("BuiltIn SubgroupLocalInvocationId"), "{text}");
    // NV output too.
    let mut opts = tessera::CompileOptions {
        pipeline: h100(),
        ..Default::default()
    };
    opts.spv.cooperative_matrix = tessera::back::spv::CooperativeMatrixExtension::Nv;
    let words = tessera::compile_to_spirv(&src, &opts).unwrap().words;
    spv_util::validate(&words, (1, 3)).unwrap();
}

#[test]
fn invocation_errors() {
    let main = |body: &str| format!("{ROWS}@compute @workgroup_size(32) fn main() {{ {body} }}");
    check_error(
        &main("var row: array<f32, 8>; let m = subgroupMatrixFromRows<subgroup_matrix_result<f32, 16, 16>>(row);"),
        "the argument of 'subgroupMatrixFromRows' must be 'array<f32, 16>' for 'subgroup_matrix_result<f32, 16, 16>', found 'array<f32, 8>'",
        "row",
    );
    check_error(
        &main("var row: array<u32, 16>; let m = subgroupMatrixFromRows<subgroup_matrix_result<u8, 16, 16>>(row);"),
        "the template argument of 'subgroupMatrixFromRows' must be a subgroup matrix type with constant dimensions and f32, f16, i32 or u32 components, found 'subgroup_matrix_result<u8, 16, 16>'",
        "subgroupMatrixFromRows<subgroup_matrix_result<u8, 16, 16>>(row)",
    );
    check_error(
        &main("let r = subgroupMatrixRow(1.0);"),
        "the argument of 'subgroupMatrixRow' must be a subgroup matrix",
        "1.0",
    );
    // The rows of a matrix differ per invocation: a matrix built from them
    // needs uniform control flow only.
    check_error(
        &format!(
            "{ROWS}@compute @workgroup_size(32) fn main(@builtin(subgroup_invocation_id) i: u32) {{
  let m = subgroupMatrixLoad<subgroup_matrix_result<f32, 8, 8>, row_major>(&s, 0u, 8u);
  let r = subgroupMatrixRow(m);
  let f = subgroup_matrix_result<f32, 8, 8>(r[0]);
}}"
        ),
        "requires argument 1 to be uniform",
        "r[0]",
    );
    let in_helper = format!(
        "{ROWS}fn rows(m: subgroup_matrix_result<f32, 8, 8>) -> array<f32, 8> {{ return subgroupMatrixRow(m); }}
@compute @workgroup_size(32) fn main() {{
  let m = subgroupMatrixLoad<subgroup_matrix_result<f32, 8, 8>, row_major>(&s, 0u, 8u);
  s[0] = rows(m)[0];
}}"
    );
    // In a helper: the ids come down from the entry point (SPIR-V and MSL).
    compiles_for(&in_helper, Default::default());
    let msl = tessera::compile_to_msl(&in_helper, &Default::default())
        .unwrap()
        .source;
    assert!(msl.contains("tessera_subgroup_invocation_id"), "{msl}");
}

/// The user guide's fused-epilogue example compiles to valid SPIR-V (KHR and
/// NV) and to MSL for 8x8 shapes is covered by the snapshots.
#[test]
fn the_guides_fused_example_compiles() {
    let readme = include_str!("../docs/guide/subgroup-matrices.md");
    let start = readme
        .find("```wgsl\nenable f16;\nenable chromium_experimental_subgroup_matrix;\nenable tessera_experimental_subgroup_matrix;")
        .expect("the example is in the guide")
        + "```wgsl\n".len();
    let end = start + readme[start..].find("```").unwrap();
    let text = compiles(&readme[start..end]);
    assert!(text.contains("OpCooperativeMatrixLengthKHR"));
    assert!(text.contains("tessera_matrix_scratch_f16"));
}

/// Float -> integer and narrowing integer conversions saturate, as WGSL's
/// `i32(f)`: the operand is clamped element by element (the loop of the
/// matrix-elementwise pass), then converted with one instruction.
#[test]
fn float_to_integer_and_narrowing_conversions_saturate() {
    // 8-bit result matrices are no H100 configuration: no config check.
    let mut any_device = h100();
    any_device.subgroup_matrix_configs = None;
    let text = compiles_for(&program(
        "let i = subgroupMatrixConvert<subgroup_matrix_result<i32, 16, 16>>(a);
  subgroupMatrixStore<row_major>(&u, 0u, i, 16u);
  let q = subgroupMatrixConvert<subgroup_matrix_result<u8, 16, 16>>(i);
  subgroupMatrixStore<row_major>(&u, 512u, q, 16u);
  let w = subgroupMatrixConvert<subgroup_matrix_result<u32, 16, 16>>(q);
  subgroupMatrixStore<row_major>(&u, 1024u, w, 16u);
  let hq = subgroupMatrixConvert<subgroup_matrix_result<i8, 16, 16>>(subgroupMatrixLoad<RH, row_major>(&h, 0u, 16u));
  subgroupMatrixStore<row_major>(&u, 2048u, hq, 16u);",
    ), any_device);
    for op in ["OpConvertFToS", "OpSConvert", "OpUConvert"] {
        assert_eq!(
            text.matches(op).count(),
            if op == "OpConvertFToS" { 2 } else { 1 },
            "{op}:\n{text}"
        );
    }
    // One clamp loop per saturating conversion (f32 -> i32, i32 -> u8,
    // f16 -> i8); u8 -> u32 widens without one.
    assert_eq!(
        text.matches("OpCooperativeMatrixLengthKHR").count(),
        3,
        "{text}"
    );
    // The bounds: f32 -> i32 as WGSL's scalar conversion (the
    // disassembler rounds -2147483648.0 and 2147483520.0 when printing),
    // i32 -> u8 the 8-bit range.
    for c in ["-2147483600", "2147483500", "0", "255"] {
        assert!(text.contains(&format!(" {c}\n")), "{c} missing:\n{text}");
    }
}

/// `src` compiled for the H100's configurations with
/// `nv_cooperative_matrix2` at SPIR-V `version`, validated, disassembled.
fn nv2_disassembly(src: &str, version: (u8, u8)) -> String {
    let mut opts = tessera::CompileOptions {
        pipeline: h100(),
        ..Default::default()
    };
    opts.spv.version = version;
    opts.spv.nv_cooperative_matrix2 = true;
    let words = tessera::compile_to_spirv(src, &opts).unwrap().words;
    spv_util::validate(&words, version).unwrap();
    spv_util::disasm(&words)
}

/// With `SPV_NV_cooperative_matrix2`, result -> left/right conversions are
/// one instruction; other kind changes keep the scratch path.
#[test]
fn nv_cooperative_matrix2_converts_natively() {
    let src = program(
        "let p = subgroupMatrixConvert<L>(a);
  let v = subgroupMatrixLoad<B, row_major>(&h, 0u, 16u);
  let back = subgroupMatrixConvert<RH>(p);
  subgroupMatrixStore<row_major>(&h, 0u, back, 16u);
  subgroupMatrixStore<row_major>(&s, 512u, subgroupMatrixMultiplyAccumulate(p, v, b), 16u);",
    );
    for version in [(1, 3), (1, 6)] {
        let text = nv2_disassembly(&src, version);
        assert_eq!(
            text.matches("OpCooperativeMatrixConvertNV").count(),
            1,
            "{text}"
        );
        assert!(text.contains("OpCapability CooperativeMatrixConversionsNV"));
        // left -> result goes through scratch.
        assert!(text.contains("tessera_matrix_scratch_f16"), "{text}");
    }
}

/// The QCOM test program: rows of a result matrix from and to the
/// invocations (native), columns of a result matrix (scratch: the
/// extension hands out result rows only), rows of an f16 left matrix and
/// columns of an f32 right matrix (native), rows of an f32 left matrix with
/// 16 columns (scratch: the extension wants 8).
const QCOM_PROGRAM: &str = include_str!("qcom/rows.wgsl");

/// With `SPV_QCOM_cooperative_matrix_conversion`, rows and columns the
/// extension allows are one instruction each; the others keep scratch.
/// The SPIRV-Tools these tests link predates the extension, so the checks
/// here are structural (rspirv); `scripts/validate-qcom.sh` runs a newer
/// spirv-val over the same output.
#[test]
fn qcom_conversion_moves_rows_natively() {
    let mut pipeline = h100();
    // 16x8 right and f32 left matrices are no H100 configuration.
    pipeline.subgroup_matrix_configs = None;
    let mut opts = tessera::CompileOptions {
        pipeline,
        ..Default::default()
    };
    let scratch_only = tessera::compile_to_spirv(QCOM_PROGRAM, &opts)
        .unwrap()
        .words;
    spv_util::validate(&scratch_only, (1, 3)).unwrap();
    assert!(!spv_util::disasm(&scratch_only).contains("QCOM"));
    opts.spv.qcom_cooperative_matrix_conversion = true;
    let out = tessera::compile_to_spirv(QCOM_PROGRAM, &opts).unwrap();
    let text = spv_util::disasm(&out.words);
    assert!(
        text.contains("OpCapability CooperativeMatrixConversionQCOM"),
        "{text}"
    );
    assert!(text.contains("OpExtension \"SPV_QCOM_cooperative_matrix_conversion\""));
    // FromRows of the result matrix.
    assert_eq!(
        text.matches("OpCompositeConstructCoopMatQCOM").count(),
        1,
        "{text}"
    );
    // Row of m + c, row of the f16 left matrix, column of the right one.
    assert_eq!(
        text.matches("OpCompositeExtractCoopMatQCOM").count(),
        3,
        "{text}"
    );
    // FromColumns of a result matrix and the f32 left matrix's rows (16,
    // not 8, per row) still go through scratch.
    assert!(text.contains("tessera_matrix_scratch_f32"), "{text}");
    // Each instruction's operand and result types, read back with rspirv.
    let module = rspirv::dr::load_words(&out.words).unwrap();
    let type_of = |id: u32| {
        module
            .types_global_values
            .iter()
            .find(|i| i.result_id == Some(id))
            .cloned()
    };
    let value_type = |id: u32| {
        module
            .functions
            .iter()
            .flat_map(|f| f.blocks.iter())
            .flat_map(|b| b.instructions.iter())
            .find(|i| i.result_id == Some(id))
            .and_then(|i| i.result_type)
    };
    let array_len = |ty: u32| {
        let arr = type_of(ty).unwrap();
        assert_eq!(arr.class.opcode, spirv::Op::TypeArray);
        let len = type_of(arr.operands[1].unwrap_id_ref()).unwrap();
        len.operands[0].unwrap_literal_bit32()
    };
    let mut lens = Vec::new();
    for inst in module
        .functions
        .iter()
        .flat_map(|f| f.blocks.iter())
        .flat_map(|b| b.instructions.iter())
    {
        match inst.class.opcode {
            spirv::Op::CompositeConstructCoopMatQCOM => {
                let src = value_type(inst.operands[0].unwrap_id_ref()).unwrap();
                lens.push(("construct", array_len(src)));
            }
            spirv::Op::CompositeExtractCoopMatQCOM => {
                lens.push(("extract", array_len(inst.result_type.unwrap())));
            }
            _ => {}
        }
    }
    lens.sort();
    assert_eq!(
        lens,
        [
            ("construct", 16),
            ("extract", 8),
            ("extract", 16),
            ("extract", 16)
        ],
        "{text}"
    );
    // Invocations past the last row get zeros: one select per element.
    assert!(text.matches("OpSelect").count() >= 16 + 16 + 8, "{text}");
}

/// With `SPV_NV_cooperative_matrix2`, a math builtin with one matrix
/// argument is `OpCooperativeMatrixPerElementOpNV` with a generated
/// function (one per builtin, argument types and matrix position); one
/// with several matrix arguments keeps the element loop.
#[test]
fn nv_cooperative_matrix2_applies_builtins_per_element() {
    let src = program(
        "let c = max(a + b, 0.0);
  let d = clamp(tanh(c), 0.0, 1.0);
  let e = max(0.5, d) + max(d, 2.0) + max(c, 0.0);
  let f = clamp(a, b, b * 2.0);
  subgroupMatrixStore<row_major>(&s, 512u, e + f, 16u);
  let i = subgroupMatrixConvert<subgroup_matrix_result<i32, 16, 16>>(e);
  subgroupMatrixStore<row_major>(&u, 0u, i, 16u);",
    );
    for version in [(1, 3), (1, 6)] {
        let text = nv2_disassembly(&src, version);
        // max(c, 0.0), tanh, clamp(d, 0.0, 1.0), max(0.5, d), max(d, 2.0),
        // max(c, 0.0) again, and the saturating conversion's clamp.
        assert_eq!(
            text.matches("OpCooperativeMatrixPerElementOpNV").count(),
            7,
            "{text}"
        );
        // max(x, f32) twice (one helper), tanh, clamp(x, f32, f32) twice
        // (the literal bounds and the conversion's), max(f32, x): four
        // helpers, each `OpFunction` with a u32 row and column.
        assert_eq!(text.matches("OpFunction ").count(), 5, "{text}");
        assert!(text.contains("OpCapability CooperativeMatrixPerElementOperationsNV"));
        assert!(text.contains("OpExtension \"SPV_NV_cooperative_matrix2\""));
        // clamp(a, b, b * 2.0) has three matrix arguments: the loop.
        assert_eq!(
            text.matches("OpCooperativeMatrixLengthKHR").count(),
            1,
            "{text}"
        );
    }
    // Without the option nothing changes: every builtin loops.
    let text = compiles(&src);
    assert!(!text.contains("PerElement"));
}

const BF16: &str = "enable f16;
enable chromium_experimental_subgroup_matrix;
enable tessera_experimental_subgroup_matrix;
enable tessera_experimental_bf16;
alias BL = subgroup_matrix_left<bf16, 16, 16>;
alias BR = subgroup_matrix_right<bf16, 16, 16>;
@group(0) @binding(0) var<storage, read> a: array<u32>;
@group(0) @binding(1) var<storage, read_write> c: array<f32>;
@group(0) @binding(2) var<storage, read_write> h: array<f16>;
";

fn bf16_main(body: &str) -> String {
    format!("{BF16}@compute @workgroup_size(32) fn main() {{ {body} }}")
}

#[test]
fn bf16_matrices() {
    let src = bf16_main(
        "let x = subgroupMatrixLoad<BL, row_major>(&a, 0u, 8u);
  let y = subgroupMatrixLoad<BR, col_major>(&a, 128u, 8u);
  let acc = subgroupMatrixMultiplyAccumulate(x, y, subgroup_matrix_result<f32, 16, 16>(1.0));
  subgroupMatrixStore<row_major>(&c, 0u, acc, 16u);
  let b = subgroupMatrixConvert<subgroup_matrix_result<bf16, 16, 16>>(acc);
  let f = subgroupMatrixConvert<subgroup_matrix_result<f16, 16, 16>>(b);
  subgroupMatrixStore<row_major>(&h, 0u, f, 16u);
  let z = BL(0.5);
  subgroupMatrixStore<row_major>(&c, 256u, subgroupMatrixMultiply<f32>(z, y), 16u);",
    );
    // The H100's Vulkan list with bf16 kept: bf16 x bf16 -> f32 at 16x16x16.
    let mut pipeline = h100();
    let mut configs = pipeline.subgroup_matrix_configs.take().unwrap();
    configs.push("bf16:f32:16x16x16".parse().unwrap());
    configs.push("bf16:bf16:16x16x16".parse().unwrap());
    pipeline.subgroup_matrix_configs = Some(configs);
    let text = compiles_for(&src, pipeline.clone());
    assert!(text.contains("OpTypeFloat 16 BFloat16KHR"), "{text}");
    assert!(text.contains("OpCapability BFloat16CooperativeMatrixKHR"));
    assert!(text.contains("OpExtension \"SPV_KHR_bfloat16\""));
    // The WGSL writer keeps the spelling and the enable.
    let parsed = tessera::front::wgsl::parse_str(&src).unwrap();
    let wgsl = tessera::back::wgsl::write(&parsed.module).unwrap();
    assert!(wgsl.contains("enable tessera_experimental_bf16;") && wgsl.contains("<bf16, 16, 16>"));
    compiles_for(&wgsl, pipeline);
}

#[test]
fn bf16_errors() {
    check_error(
        "enable chromium_experimental_subgroup_matrix;
@group(0) @binding(0) var<storage, read> a: array<u32>;
@compute @workgroup_size(32) fn main() {
  let x = subgroupMatrixLoad<subgroup_matrix_left<bf16, 16, 16>, row_major>(&a, 0u, 8u);
}",
        "'bf16' type used without 'tessera_experimental_bf16' extension enabled",
        "bf16",
    );
    check_error(
        &bf16_main("var x: bf16;"),
        "'bf16' can only be used as a subgroup matrix component type",
        "bf16",
    );
    check_error(
        &bf16_main("let x = subgroupMatrixLoad<BL, row_major>(&a, 0u, 8u); let y = x + x;"),
        "element-wise operator + is not available for matrices of 'bf16'",
        "x + x",
    );
    check_error(
        &bf16_main("let x = subgroupMatrixLoad<BL, row_major>(&a, 0u, 8u); let y = subgroupMatrixScalarMultiply(x, 2.0);"),
        "'subgroupMatrixScalarMultiply' is not available for matrices of 'bf16'",
        "x",
    );
    check_error(
        &bf16_main("let x = subgroupMatrixLoad<BL, row_major>(&a, 0u, 8u); let y = subgroupMatrixConvert<subgroup_matrix_left<u32, 16, 16>>(x);"),
        "'subgroupMatrixConvert' cannot convert 'bf16' components to 'u32'",
        "x",
    );
    // Targets that cannot express bf16 say so, with the type's span.
    let src = bf16_main(
        "let x = subgroupMatrixLoad<BL, row_major>(&a, 0u, 8u);
  let y = subgroupMatrixLoad<BR, row_major>(&a, 0u, 8u);
  subgroupMatrixStore<row_major>(&c, 0u, subgroupMatrixMultiply<f32>(x, y), 16u);",
    );
    let mut opts = tessera::CompileOptions::default();
    opts.spv.cooperative_matrix = tessera::back::spv::CooperativeMatrixExtension::Nv;
    let err = tessera::compile_to_spirv(&src, &opts).unwrap_err();
    let d = err.error().errors().next().unwrap().clone();
    assert!(
        d.message
            .contains("bf16 subgroup matrices need SPV_KHR_cooperative_matrix"),
        "{}",
        d.message
    );
    assert_eq!(
        &src[d.span.to_range()],
        "subgroup_matrix_left<bf16, 16, 16>"
    );
    let err = tessera::compile_to_msl(&src, &Default::default()).unwrap_err();
    let d = err.error().errors().next().unwrap().clone();
    assert!(
        d.message
            .contains("Metal cannot express 'subgroup_matrix_left<bf16, 16, 16>'"),
        "{}",
        d.message
    );
}

#[test]
fn bf16_configs_only_on_request() {
    use tessera::configs::{
        from_vulkan, from_vulkan_with, VulkanComponentType as V, VulkanCooperativeMatrixProperties,
        VulkanScope,
    };
    let p = VulkanCooperativeMatrixProperties {
        m_size: 16,
        n_size: 16,
        k_size: 16,
        a_type: V::Bfloat16,
        b_type: V::Bfloat16,
        c_type: V::Float32,
        result_type: V::Float32,
        saturating_accumulation: false,
        scope: VulkanScope::Subgroup,
    };
    assert!(from_vulkan(&[p], true).is_empty());
    let with: Vec<String> = from_vulkan_with(&[p], true, true)
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(with, ["bf16:f32:16x16x16"]);
    let cfg: tessera::configs::SubgroupMatrixConfig = "bf16:f32:16x16x16".parse().unwrap();
    assert_eq!(cfg.to_string(), "bf16:f32:16x16x16");
}

/// Asserts a snapshot in the repository's `snapshots/` directory.
fn snapshot(name: &str, text: &str) {
    insta::with_settings!({
        snapshot_path => "../snapshots",
        prepend_module_to_snapshot => false,
        omit_expression => true,
    }, {
        insta::assert_snapshot!(name, text);
    });
}

/// Each lowering path's SPIR-V, as snapshots: the portable one (element
/// loops, workgroup scratch), `SPV_NV_cooperative_matrix2` (per-element
/// operations and native conversions) and
/// `SPV_QCOM_cooperative_matrix_conversion` (rows and columns), for
/// `tests/in/subgroup_matrix_elementwise.wgsl` and `tests/qcom/rows.wgsl`.
#[test]
fn lowering_path_snapshots() {
    let elementwise = include_str!("in/subgroup_matrix_elementwise.wgsl");
    let mut pipeline = h100();
    pipeline.subgroup_matrix_configs = None;
    for (name, src, nv2, qcom) in [
        (
            "spv_nv2@subgroup_matrix_elementwise",
            elementwise,
            true,
            false,
        ),
        ("spv_qcom@rows", QCOM_PROGRAM, false, true),
    ] {
        let mut opts = tessera::CompileOptions {
            pipeline: pipeline.clone(),
            ..Default::default()
        };
        opts.spv.nv_cooperative_matrix2 = nv2;
        opts.spv.qcom_cooperative_matrix_conversion = qcom;
        let words = tessera::compile_to_spirv(src, &opts)
            .unwrap_or_else(|e| panic!("{}", e.render_to_string(name, src)))
            .words;
        if !qcom {
            spv_util::validate(&words, (1, 3)).unwrap();
        }
        snapshot(name, &spv_util::disasm(&words));
    }
}

/// Reductions and index matrices (docs/subgroup-matrix-extensions.md
/// section 5): with `SPV_NV_cooperative_matrix2`, one
/// `OpCooperativeMatrixReduceNV` per reduction (row, column, both) with a
/// generated combining function, and a per-element operation per index
/// matrix; without it, rows and columns through the subgroup scratch and no
/// NV2 instruction.
#[test]
fn reductions_and_index_matrices() {
    let src = program(
        "let m = subgroupMatrixRowMax(a) + subgroupMatrixColumnSum(b) + subgroupMatrixMin(a);
  let masked = m - step(subgroupMatrixRowIndex<R>() + 1.0, subgroupMatrixColumnIndex<R>());
  subgroupMatrixStore<row_major>(&s, 512u, masked, 16u);",
    );
    for version in [(1, 3), (1, 6)] {
        let text = nv2_disassembly(&src, version);
        let reduces: Vec<&str> = text
            .lines()
            .filter(|l| l.contains("OpCooperativeMatrixReduceNV"))
            .collect();
        assert_eq!(reduces.len(), 3, "{text}");
        assert!(
            reduces
                .iter()
                .any(|l| l.contains("CooperativeMatrixReduce(ROW)")),
            "{text}"
        );
        assert!(
            reduces
                .iter()
                .any(|l| l.contains("CooperativeMatrixReduce(COLUMN)")),
            "{text}"
        );
        assert!(
            reduces
                .iter()
                .any(|l| l.contains("CooperativeMatrixReduce(ROW | COLUMN)")),
            "{text}"
        );
        assert!(
            text.contains("OpCapability CooperativeMatrixReductionsNV"),
            "{text}"
        );
        assert_eq!(
            text.matches("OpCooperativeMatrixPerElementOpNV").count(),
            2,
            "{text}"
        );
        assert!(!text.contains("tessera_matrix_scratch"), "{text}");
    }
    let text = compiles(&src);
    assert!(!text.contains("ReduceNV"), "{text}");
    assert!(text.contains("tessera_matrix_scratch"), "{text}");
}
