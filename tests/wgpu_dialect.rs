//! wgpu's cooperative-matrix dialect (`enable wgpu_cooperative_matrix;`):
//! every program compiles to SPIR-V that SPIRV-Tools accepts, lowers to
//! exactly the IR of the equivalent Chromium-syntax program (identical
//! SPIR-V words), and naga 30 — the dialect's reference implementation —
//! accepts the same programs. Errors are tested with message and span,
//! including the programs naga accepts and tessera refuses on purpose.

#[path = "common/check.rs"]
mod check;
mod spv_util;

use check::{check_error, check_error_with, h100, h100_configs};
use tessera::configs::{ComponentType, SubgroupMatrixConfig};
use tessera::pipeline::PipelineOptions;

const HEAD16: &str = "enable f16;\nenable wgpu_cooperative_matrix;\n";

/// Programs of the dialect, each paired with its Chromium-syntax twin.
const PAIRS: &[(&str, &str, &str)] = &[
    (
        "load_store_default_stride",
        "@group(0) @binding(0) var<storage, read_write> s: array<f16>;
         @compute @workgroup_size(32) fn main() {
           let m = coopLoad<coop_mat16x16<f16, A>>(&s[16]);
           let r = coopLoad<coop_mat16x16<f16, C>>(&s[0]);
           coopStore(r, &s[512]);
           _ = m;
         }",
        "@group(0) @binding(0) var<storage, read_write> s: array<f16>;
         @compute @workgroup_size(32) fn main() {
           let m = subgroupMatrixLoad<subgroup_matrix_left<f16, 16, 16>, col_major>(&s, 16u, 16u);
           let r = subgroupMatrixLoad<subgroup_matrix_result<f16, 16, 16>, col_major>(&s, 0u, 16u);
           subgroupMatrixStore<col_major>(&s, 512u, r, 16u);
           _ = m;
         }",
    ),
    (
        "transposed_forms_and_runtime_offsets",
        "@group(0) @binding(0) var<storage, read> a: array<f16>;
         @group(0) @binding(1) var<storage, read_write> c: array<f32>;
         @compute @workgroup_size(32) fn main(@builtin(workgroup_id) wg: vec3<u32>) {
           let i = wg.x * 256u;
           let x = coopLoadT<coop_mat16x16<f16, A>>(&a[i], 32u);
           let y = coopLoad<coop_mat16x16<f16, B>>(&a[i + 16u], 32u);
           let z = coopMultiplyAdd(x, y, coop_mat16x16<f32, C>());
           coopStoreT(z, &c[i], 16u);
         }",
        "@group(0) @binding(0) var<storage, read> a: array<f16>;
         @group(0) @binding(1) var<storage, read_write> c: array<f32>;
         @compute @workgroup_size(32) fn main(@builtin(workgroup_id) wg: vec3<u32>) {
           let i = wg.x * 256u;
           let x = subgroupMatrixLoad<subgroup_matrix_left<f16, 16, 16>, row_major>(&a, i, 32u);
           let y = subgroupMatrixLoad<subgroup_matrix_right<f16, 16, 16>, col_major>(&a, i + 16u, 32u);
           let z = subgroupMatrixMultiplyAccumulate(x, y, subgroup_matrix_result<f32, 16, 16>());
           subgroupMatrixStore<row_major>(&c, i, z, 16u);
         }",
    ),
    (
        "workgroup_struct_member_scale",
        "struct B { pad: u32, data: array<f32> }
         @group(0) @binding(0) var<storage, read_write> buf: B;
         var<workgroup> w: array<f32, 256>;
         @compute @workgroup_size(32) fn main() {
           let m = coopLoad<coop_mat8x8<f32, C>>(&(buf.data[8]), 8u);
           coopStore(m * 3.0, &w[64], 8u);
           coopStoreT(2.0 * m, &buf.data[128]);
         }",
        "struct B { pad: u32, data: array<f32> }
         @group(0) @binding(0) var<storage, read_write> buf: B;
         var<workgroup> w: array<f32, 256>;
         @compute @workgroup_size(32) fn main() {
           let m = subgroupMatrixLoad<subgroup_matrix_result<f32, 8, 8>, col_major>(&buf.data, 8u, 8u);
           subgroupMatrixStore<col_major>(&w, 64u, subgroupMatrixScalarMultiply(m, 3.0), 8u);
           let twice = subgroupMatrixScalarMultiply(m, 2.0);
           subgroupMatrixStore<row_major>(&buf.data, 128u, twice, 8u);
         }",
    ),
];

fn with_head(body: &str, chromium: bool) -> String {
    let ext = if chromium {
        "enable chromium_experimental_subgroup_matrix;\n"
    } else {
        "enable wgpu_cooperative_matrix;\n"
    };
    format!("enable f16;\n{ext}{body}")
}

/// No device configurations: the pipeline checks of configs are skipped.
fn none() -> PipelineOptions {
    PipelineOptions::default()
}

fn spirv(source: &str, options: &PipelineOptions, version: (u8, u8)) -> Vec<u32> {
    let mut opts = tessera::CompileOptions {
        pipeline: options.clone(),
        ..Default::default()
    };
    opts.spv.version = version;
    match tessera::compile_to_spirv(source, &opts) {
        Ok(o) => o.words,
        Err(e) => panic!("{}", e.error().render("test.wgsl", source)),
    }
}

#[test]
fn dialect_programs_give_the_chromium_programs_spirv() {
    for &(name, wgpu, chromium) in PAIRS {
        for version in [(1, 3), (1, 6)] {
            let ours = spirv(&with_head(wgpu, false), &none(), version);
            if let Err(e) = spv_util::validate(&ours, version) {
                panic!("{name}: invalid SPIR-V for {version:?}: {e}");
            }
            let twin = spirv(&with_head(chromium, true), &none(), version);
            assert_eq!(
                spv_util::disasm(&ours),
                spv_util::disasm(&twin),
                "{name}: the dialect and Chromium programs differ"
            );
        }
    }
}

/// naga 30 (the dialect's reference) parses, validates and writes SPIR-V
/// for every dialect program here.
#[test]
fn naga_accepts_the_same_programs() {
    for &(name, wgpu, _) in PAIRS {
        let source = with_head(wgpu, false);
        let words = naga_spirv(&source).unwrap_or_else(|e| panic!("{name}: naga: {e}"));
        if let Err(e) = spv_util::validate(&words, (1, 3)) {
            eprintln!(
                "{name}: naga's SPIR-V is invalid: {}",
                e.lines().next().unwrap_or("")
            );
        }
    }
    for file in ["wgpu_coop_matrix_16x16.wgsl", "wgpu_coop_matrix_8x8.wgsl"] {
        let path = format!("{}/tests/in/{file}", env!("CARGO_MANIFEST_DIR"));
        let source = std::fs::read_to_string(&path).unwrap();
        let words = naga_spirv(&source).unwrap_or_else(|e| panic!("{file}: naga: {e}"));
        if let Err(e) = spv_util::validate(&words, (1, 3)) {
            eprintln!(
                "{file}: naga's SPIR-V is invalid: {}",
                e.lines().next().unwrap_or("")
            );
        }
        spv_util::validate(&spirv(&source, &none(), (1, 3)), (1, 3))
            .unwrap_or_else(|e| panic!("{file}: {e}"));
    }
}

fn naga_spirv(source: &str) -> Result<Vec<u32>, String> {
    let module = naga::front::wgsl::parse_str(source).map_err(|e| e.emit_to_string(source))?;
    let caps =
        naga::valid::Capabilities::COOPERATIVE_MATRIX | naga::valid::Capabilities::SHADER_FLOAT16;
    let info = naga::valid::Validator::new(naga::valid::ValidationFlags::all(), caps)
        .validate(&module)
        .map_err(|e| e.emit_to_string(source))?;
    let options = naga::back::spv::Options {
        lang_version: (1, 3),
        ..Default::default()
    };
    naga::back::spv::write_vec(&module, &info, &options, None).map_err(|e| e.to_string())
}

#[test]
fn wgpu_properties_become_configs_for_pipeline_checks() {
    use tessera::configs::{
        from_wgpu, WgpuCooperativeMatrixProperties, WgpuScalar, WgpuScalarKind,
    };
    let f = |width| WgpuScalar {
        kind: WgpuScalarKind::Float,
        width,
    };
    let props = [WgpuCooperativeMatrixProperties {
        m_size: 16,
        n_size: 16,
        k_size: 16,
        ab_type: f(2),
        cr_type: f(4),
        saturating_accumulation: false,
    }];
    let options = PipelineOptions {
        subgroup_matrix_configs: Some(from_wgpu(&props, true)),
        ..h100()
    };
    let src = format!(
        "{HEAD16}@group(0) @binding(0) var<storage, read_write> s: array<f16>;
         @compute @workgroup_size(32) fn main() {{
           let m = coopLoad<coop_mat16x16<f16, C>>(&s[0]);
           coopStore(m, &s[256]);
         }}"
    );
    check_error_with(
        &src,
        &options,
        "subgroup matrix type 'coop_mat16x16<f16, C>' (M=16, N=16, result component type f16) is not supported by the device",
        "coopLoad<coop_mat16x16<f16, C>>(&s[0])",
    );
    let ok = src
        .replace("f16, C", "f16, A")
        .replace("coopStore(m, &s[256]);", "_ = m;");
    check::check_ok_with(&ok, &options);
}

#[test]
fn the_same_configs_as_the_chromium_syntax() {
    let configs: Vec<SubgroupMatrixConfig> = h100_configs();
    assert!(configs
        .iter()
        .any(|c| c.component_type == ComponentType::F16
            && c.result_component_type == ComponentType::F32
            && (c.m, c.n, c.k) == (16, 16, 16)));
    let src = format!(
        "{HEAD16}@group(0) @binding(0) var<storage, read_write> s: array<f32>;
         @compute @workgroup_size(32) fn main() {{
           let m = coopLoad<coop_mat8x8<f32, C>>(&s[0]);
           coopStore(m, &s[64]);
         }}"
    );
    check_error_with(
        &src,
        &h100(),
        "subgroup matrix type 'coop_mat8x8<f32, C>' (M=8, N=8, result component type f32) is not supported by the device",
        "coopLoad<coop_mat8x8<f32, C>>(&s[0])",
    );
}

fn body(text: &str) -> String {
    format!(
        "{HEAD16}@group(0) @binding(0) var<storage, read_write> s: array<f16>;
         @group(0) @binding(1) var<storage, read> r: array<f16>;
         @group(0) @binding(2) var<storage, read_write> f: array<f32>;
         var<private> p: array<f16, 256>;
         {text}"
    )
}

fn in_main(text: &str) -> String {
    body(&format!(
        "@compute @workgroup_size(32) fn main() {{ {text} }}"
    ))
}

#[test]
fn extension_is_required() {
    check_error(
        "alias M = coop_mat8x8<f32, A>;",
        "use of 'coop_mat8x8' requires enabling extension 'wgpu_cooperative_matrix'",
        "coop_mat8x8<f32, A>",
    );
    check_error(
        "enable chromium_experimental_subgroup_matrix;
         @group(0) @binding(0) var<storage, read_write> s: array<f32>;
         @compute @workgroup_size(32) fn main() { let m = coopLoad<subgroup_matrix_left<f32, 8, 8>>(&s[0]); }",
        "'coopLoad' requires enabling extension 'wgpu_cooperative_matrix'",
        "coopLoad",
    );
    check_error(
        "enable wgpu_cooperative_matrix;
         @group(0) @binding(0) var<storage, read_write> s: array<f32>;
         @compute @workgroup_size(32) fn main() { let m = subgroupMatrixLoad<subgroup_matrix_left<f32, 8, 8>, row_major>(&s, 0, 8); }",
        "'subgroupMatrixLoad' requires enabling extension 'subgroup_matrix' (or Chromium's 'chromium_experimental_subgroup_matrix')",
        "subgroupMatrixLoad",
    );
}

#[test]
fn type_errors() {
    check_error(
        &body("alias M = coop_mat8x8<i32, A>;"),
        "the component type of 'coop_mat8x8' must be 'f32' or 'f16', found 'i32'",
        "i32",
    );
    check_error(
        &body("alias M = coop_mat8x8<f32, D>;"),
        "expected a cooperative matrix role: 'A', 'B' or 'C', found 'D'",
        "D",
    );
    check_error(
        &body("alias M = coop_mat8x8<f32>;"),
        "'coop_mat8x8' requires two template arguments",
        "coop_mat8x8<f32>",
    );
    check_error(
        &body("const B = 1; alias M = coop_mat8x8<f32, B>;"),
        "'B' resolves to a declaration, not the cooperative matrix role 'B'",
        "B",
    );
    check_error(
        "enable wgpu_cooperative_matrix; alias M = coop_mat16x16<f16, A>;",
        "f16 type used without 'f16' extension enabled",
        "f16",
    );
}

#[test]
fn load_store_errors() {
    check_error(
        &in_main("let m = coopLoad<f32>(&f[0]);"),
        "the template argument of 'coopLoad' must be a cooperative matrix type, found 'f32'",
        "coopLoad<f32>(&f[0])",
    );
    check_error(
        &in_main("let m = coopLoad(&f[0]);"),
        "'coopLoad' requires one template argument, the matrix type",
        "coopLoad(&f[0])",
    );
    check_error(
        &in_main("let m = coopLoad<coop_mat16x16<f16, A>>(&f[0]);"),
        "'coopLoad' requires a pointer to 'f16' (the matrix's component type) or a vector of it, found 'ptr<storage, f32, read_write>'",
        "&f[0]",
    );
    check_error(
        &in_main("let m = coopLoad<coop_mat16x16<f16, A>>(&p[0]);"),
        "'coopLoad' requires a pointer in the 'storage' or 'workgroup' address space, found 'private'",
        "&p[0]",
    );
    check_error(
        &in_main("let m = coopLoad<coop_mat16x16<f16, A>>(&s[0], 1.0);"),
        "the stride argument of 'coopLoad' must be u32 or i32, found 'abstract-float'",
        "1.0",
    );
    check_error(
        &in_main("let m = coopLoad<coop_mat16x16<f16, A>>(&s[0], 16u, 1u);"),
        "no matching call to 'coopLoad(ptr<storage, f16, read_write>, u32, u32)'",
        "coopLoad<coop_mat16x16<f16, A>>(&s[0], 16u, 1u)",
    );
    check_error(
        &in_main("let m = coopLoad<coop_mat16x16<f16, C>>(&s[0]); coopStore(m, &r[0]);"),
        "'coopStore' requires a pointer with write access",
        "&r[0]",
    );
    check_error(
        &in_main("coopStore(1.0, &f[0]);"),
        "the first argument of 'coopStore' must be a cooperative matrix, found 'abstract-float'",
        "1.0",
    );
    check_error(
        &in_main("let m = coopLoadT<coop_mat16x16<f16, A>>(&s[0], 8u);"),
        "the stride argument (8, 16 bytes) of coopLoadT must be at least the minimum stride (32 bytes)",
        "8u",
    );
    check_error(
        &body(
            "var<workgroup> w: array<f16, 128>;
             @compute @workgroup_size(32) fn main() { let m = coopLoad<coop_mat16x16<f16, A>>(&w[0]); }",
        ),
        "the pointer operand of coopLoad is too small (256 bytes) for the matrix access (512 bytes)",
        "coopLoad<coop_mat16x16<f16, A>>(&w[0])",
    );
}

/// naga accepts these; tessera refuses them with a clear error.
#[test]
fn element_pointer_must_be_an_array_element() {
    check_error(
        &body(
            "fn tile(ptr_a: ptr<storage, f16, read_write>) -> coop_mat16x16<f16, A> {
               return coopLoad<coop_mat16x16<f16, A>>(ptr_a, 16u);
             }
             @compute @workgroup_size(32) fn main() { _ = tile(&s[0]); }",
        ),
        "the pointer argument of 'coopLoad' must be the address of an array element, such as '&a[i]'",
        "ptr_a",
    );
    check_error(
        &body(
            "var<workgroup> one: f16;
             @compute @workgroup_size(32) fn main() { let m = coopLoad<coop_mat16x16<f16, A>>(&one); }",
        ),
        "must be the address of an array element",
        "&one",
    );
}

#[test]
fn multiply_add_errors() {
    let mats = "let a = coopLoad<coop_mat16x16<f16, A>>(&s[0]);
                let b = coopLoad<coop_mat16x16<f16, B>>(&s[0]);
                let c = coopLoad<coop_mat16x16<f32, C>>(&f[0]);
                let c16 = coopLoad<coop_mat16x16<f16, C>>(&s[0]);
                let a8 = coopLoad<coop_mat8x8<f16, A>>(&s[0]);";
    check_error(
        &in_main(&format!("{mats} let d = coopMultiplyAdd(b, a, c);")),
        "argument 1 of 'coopMultiplyAdd' must be a cooperative matrix with role A, found 'coop_mat16x16<f16, B>'",
        "b",
    );
    check_error(
        &in_main(&format!("{mats} let d = coopMultiplyAdd(a, b, a);")),
        "argument 3 of 'coopMultiplyAdd' must be a cooperative matrix with role C",
        "a",
    );
    check_error(
        &in_main(&format!("{mats} let d = coopMultiplyAdd(a8, b, c);")),
        "the left matrix's column count (8) must equal the right matrix's row count (16)",
        "b",
    );
    check_error(
        &in_main(&format!("{mats} let d = coopMultiplyAdd(a, b);")),
        "no matching call to 'coopMultiplyAdd(coop_mat16x16<f16, A>, coop_mat16x16<f16, B>)'",
        "coopMultiplyAdd(a, b)",
    );
    // Accepted: f16 x f16 + f16 and f16 x f16 + f32.
    check::check_ok_with(
        &in_main(&format!(
            "{mats} let d = coopMultiplyAdd(a, b, c); let e = coopMultiplyAdd(a, b, c16); _ = d; _ = e;"
        )),
        &PipelineOptions::default(),
    );
}

#[test]
fn operator_errors() {
    let m = "let m = coopLoad<coop_mat8x8<f32, C>>(&f[0]);";
    check_error(
        &in_main(&format!("{m} let n = m + m;")),
        "operator + cannot be applied to subgroup matrices; element-wise arithmetic between cooperative matrices is not supported yet",
        "m + m",
    );
    check_error(
        &in_main(&format!("{m} let n = m * m;")),
        "operator * cannot multiply two cooperative matrices; use coopMultiplyAdd",
        "m * m",
    );
    check_error(
        &in_main(&format!("{m} let n = m * 2u;")),
        "a cooperative matrix of 'f32' can only be multiplied by a 'f32' scalar, found 'u32'",
        "2u",
    );
    check_error(
        &in_main("let m = coop_mat8x8<f32, C>(1.0, 2.0);"),
        "subgroup_matrix constructor can only have zero or one elements",
        "coop_mat8x8<f32, C>(1.0, 2.0)",
    );
}

#[test]
fn uniformity_applies() {
    check_error(
        &body(
            "@compute @workgroup_size(32) fn main(@builtin(local_invocation_index) i: u32) {
               if i < 16u { let m = coopLoad<coop_mat8x8<f32, C>>(&f[0]); coopStore(m, &f[64]); }
             }",
        ),
        "'subgroupMatrixLoad' must only be called from subgroup uniform control flow",
        "coopLoad<coop_mat8x8<f32, C>>(&f[0])",
    );
}

/// The WGSL writer prints the dialect in Chromium's spelling: it compiles
/// to valid SPIR-V and printing it again gives the same text.
#[test]
fn wgsl_output_round_trips() {
    for &(name, wgpu, _) in PAIRS {
        let source = with_head(wgpu, false);
        let parsed = tessera::front::wgsl::parse_str(&source).unwrap();
        let text = tessera::back::wgsl::write(&parsed.module).unwrap();
        assert!(
            text.contains("enable chromium_experimental_subgroup_matrix;"),
            "{name}: {text}"
        );
        assert!(!text.contains("coop"), "{name}: {text}");
        spv_util::validate(&spirv(&text, &none(), (1, 3)), (1, 3))
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let print = |t: &str| {
            tessera::back::wgsl::write(&tessera::front::wgsl::parse_str(t).unwrap().module).unwrap()
        };
        let second = print(&text);
        assert_eq!(print(&second), second, "{name}");
    }
}

/// What naga 30 accepts and tessera refuses (the guide's list): naga's
/// result for each, so the list stays true.
#[test]
fn naga_is_looser_where_the_guide_says() {
    let shapes = in_main(
        "let a = coopLoad<coop_mat8x8<f16, A>>(&s[0]);
         let b = coopLoad<coop_mat16x16<f16, B>>(&s[0]);
         let c = coopLoad<coop_mat16x16<f16, C>>(&s[0]);
         coopStore(coopMultiplyAdd(a, b, c), &s[0]);",
    );
    let words = naga_spirv(&shapes).expect("naga accepts mismatched shapes");
    assert!(spv_util::validate(&words, (1, 3)).is_err());
    check_error(
        &shapes,
        "the left matrix's column count (8) must equal the right matrix's row count (16)",
        "b",
    );
    let private = in_main("let m = coopLoad<coop_mat16x16<f16, A>>(&p[0]); _ = m;");
    naga_spirv(&private).expect("naga accepts private pointers");
    let add = in_main("let m = coopLoad<coop_mat16x16<f16, C>>(&s[0]); coopStore(m + m, &s[0]);");
    naga_spirv(&add).expect("naga accepts matrix + matrix");
    let divergent = body(
        "@compute @workgroup_size(32) fn main(@builtin(local_invocation_index) i: u32) {
           if i < 16u { let m = coopLoad<coop_mat16x16<f16, C>>(&s[0]); coopStore(m, &s[256]); }
         }",
    );
    // Both refuse divergent control flow.
    assert!(naga_spirv(&divergent).is_err());
    let readme = "enable f16;
enable wgpu_cooperative_matrix;
@group(0) @binding(0) var<storage, read> a: array<f16>;
@group(0) @binding(1) var<storage, read_write> c: array<f32>;
@compute @workgroup_size(32) fn main() {
    let x = coopLoadT<coop_mat16x16<f16, A>>(&a[0], 16u); // row-major
    let y = coopLoad<coop_mat16x16<f16, B>>(&a[256]);     // column-major, stride 16
    let acc = coopMultiplyAdd(x, y, coop_mat16x16<f32, C>());
    coopStore(acc * 0.5, &c[0], 16u);
}";
    assert!(include_str!("../docs/guide/subgroup-matrices.md").contains(readme));
    spv_util::validate(&spirv(readme, &h100(), (1, 3)), (1, 3)).unwrap();
    naga_spirv(readme).unwrap();
}
