//! `SPV_NV_cooperative_matrix` output
//! (`spv::Options::cooperative_matrix = CooperativeMatrixExtension::Nv`):
//! snapshots of the subgroup-matrix inputs of `tests/in`
//! (`snapshots/spv-nv@NAME.snap`, SPIR-V 1.3), SPIRV-Tools validation of
//! every output for SPIR-V 1.3 (Vulkan 1.1) and 1.6 (Vulkan 1.3), and the
//! instruction forms: one type per shape and component type, the operand
//! order of loads and stores, multiplies whose signedness comes from the
//! component types (every `T -> TR` the builtins allow), scalar multiplies
//! as `OpMatrixTimesScalar`.

mod common;

use std::collections::HashMap;
use std::panic::{catch_unwind, AssertUnwindSafe};

use spirv_tools::TargetEnv;
use tessera::back::spv::CooperativeMatrixExtension;
use tessera::CompileOptions;

/// Compiles `source` with the NV extension for `version`.
fn compile_nv(source: &str, version: (u8, u8)) -> Result<Vec<u32>, tessera::CompileError> {
    let mut options = CompileOptions::default();
    options.spv.version = version;
    options.spv.cooperative_matrix = CooperativeMatrixExtension::Nv;
    tessera::compile_to_spirv(source, &options).map(|o| o.words)
}

/// Compiles for SPIR-V 1.3 and 1.6 with NV, validates both and returns the
/// 1.3 disassembly.
#[track_caller]
fn nv(source: &str) -> String {
    let mut first = None;
    for (version, env) in [
        ((1, 3), TargetEnv::Vulkan_1_1),
        ((1, 6), TargetEnv::Vulkan_1_3),
    ] {
        let words = match compile_nv(source, version) {
            Ok(w) => w,
            Err(e) => panic!(
                "NV compilation for {version:?} failed:\n{}",
                e.error().render("test.wgsl", source)
            ),
        };
        let text = common::disassemble(&words).expect("rspirv reads the module");
        if let Err(e) = common::validate_spirv(&words, env) {
            panic!("invalid NV SPIR-V {version:?} for {env:?}: {e}\n{text}");
        }
        assert!(!text.contains("KHR_cooperative"), "{text}");
        assert!(!text.contains("CooperativeMatrixKHR"), "{text}");
        first.get_or_insert(text);
    }
    first.unwrap_or_default()
}

/// The definitions of a disassembly: result id -> the words after `=`.
fn defs(text: &str) -> HashMap<String, Vec<String>> {
    text.lines()
        .filter_map(|l| {
            let (id, rest) = l.split_once(" = ")?;
            Some((
                id.trim().to_string(),
                rest.split_whitespace().map(str::to_string).collect(),
            ))
        })
        .collect()
}

/// The instructions (as words) with opcode `op`.
fn insts<'a>(text: &'a str, op: &'a str) -> impl Iterator<Item = Vec<&'a str>> + 'a {
    text.lines().filter_map(move |l| {
        let words: Vec<&str> = l.split_whitespace().collect();
        let at = words.iter().position(|w| *w == op)?;
        Some(words[at..].to_vec())
    })
}

/// The WGSL spelling of the component type of the cooperative-matrix type
/// `id` (`f32`, `i8`, ...).
fn component_of(defs: &HashMap<String, Vec<String>>, id: &str) -> String {
    let ty = &defs[id];
    assert_eq!(ty[0], "OpTypeCooperativeMatrixNV", "{ty:?}");
    let comp = &defs[&ty[1]];
    match comp[0].as_str() {
        "OpTypeFloat" => format!("f{}", comp[1]),
        "OpTypeInt" if comp[2] == "1" => format!("i{}", comp[1]),
        "OpTypeInt" => format!("u{}", comp[1]),
        other => panic!("unexpected component type {other}"),
    }
}

/// The component types of a multiply's result, A, B and C, from its
/// `OpCooperativeMatrixMulAddNV` (`%r = OpCooperativeMatrixMulAddNV %t %a %b %c`).
fn mul_add_components(text: &str) -> Vec<[String; 4]> {
    let defs = defs(text);
    // The type of a value: a load, a multiply, a null constant, a fill.
    let type_of = |id: &str| -> String { defs[id][1].clone() };
    insts(text, "OpCooperativeMatrixMulAddNV")
        .map(|w| {
            assert_eq!(w.len(), 5, "no signedness operands: {w:?}");
            [
                component_of(&defs, w[1]),
                component_of(&defs, &type_of(w[2])),
                component_of(&defs, &type_of(w[3])),
                component_of(&defs, &type_of(w[4])),
            ]
        })
        .collect()
}

/// The subgroup-matrix inputs of `tests/in`, compiled with NV for SPIR-V
/// 1.3 and 1.6, validated, and the 1.3 disassembly snapshotted (not the
/// bf16 ones: NV matrices cannot have bf16 components, an error that
/// `tests/matrix_extensions.rs` checks).
#[test]
fn snapshots_of_subgroup_matrix_inputs() {
    let inputs: Vec<(String, String)> = common::inputs()
        .into_iter()
        .filter(|(_, s)| {
            s.contains("chromium_experimental_subgroup_matrix")
                && !s.contains("enable tessera_experimental_bf16;")
        })
        .collect();
    assert!(inputs.len() >= 9, "found {} inputs", inputs.len());
    let mut failed = Vec::new();
    for (name, source) in &inputs {
        let directives = common::directives(source).expect("directives");
        let run = || -> Result<String, String> {
            let compiled = common::compile(name, source, &directives)?;
            let mut first = None;
            for (version, env) in [
                ((1, 3), TargetEnv::Vulkan_1_1),
                ((1, 6), TargetEnv::Vulkan_1_3),
            ] {
                let options = tessera::back::spv::Options {
                    version,
                    cooperative_matrix: CooperativeMatrixExtension::Nv,
                    ..Default::default()
                };
                let words = tessera::lower::spv::write(&compiled.pipeline, &options)
                    .map_err(|e| format!("NV {version:?}:\n{}", e.render(name, source)))?;
                let text = common::disassemble(&words)?;
                common::validate_spirv(&words, env)
                    .map_err(|e| format!("spirv-val {env:?}: {e}\n{text}"))?;
                if !text.contains("OpCapability CooperativeMatrixNV")
                    || !text.contains("OpExtension \"SPV_NV_cooperative_matrix\"")
                    || text.contains("KHR_cooperative")
                {
                    return Err(format!("not an NV module:\n{text}"));
                }
                first.get_or_insert(text);
            }
            Ok(first.unwrap_or_default())
        };
        match catch_unwind(AssertUnwindSafe(run)) {
            Ok(Ok(text)) => {
                let snap = catch_unwind(AssertUnwindSafe(|| {
                    insta::with_settings!({
                        snapshot_path => "../snapshots",
                        prepend_module_to_snapshot => false,
                        omit_expression => true,
                    }, {
                        insta::assert_snapshot!(format!("spv-nv@{name}"), text);
                    });
                }));
                if snap.is_err() {
                    failed.push(format!("{name}: snapshot does not match"));
                }
            }
            Ok(Err(e)) => failed.push(format!("{name}: {e}")),
            Err(_) => failed.push(format!("{name}: the compiler panicked")),
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n\n"));
}

const SHAPES: &str = "enable f16;
enable chromium_experimental_subgroup_matrix;
@group(0) @binding(0) var<storage, read_write> h: array<f16>;
@group(0) @binding(1) var<storage, read_write> f: array<f32>;

@compute @workgroup_size(32)
fn main() {
    let l = subgroupMatrixLoad<subgroup_matrix_left<f16, 16, 16>>(&h, 0u, false, 16u);
    let r = subgroupMatrixLoad<subgroup_matrix_right<f16, 16, 16>>(&h, 256u, true, 16u);
    let a = subgroupMatrixLoad<subgroup_matrix_result<f16, 16, 16>>(&h, 512u, false, 16u);
    let x = subgroupMatrixMultiplyAccumulate(l, r, a);
    subgroupMatrixStore(&h, 768u, x, true, 16u);
    let y = subgroupMatrixMultiply<f32>(l, r);
    subgroupMatrixStore(&f, 0u, y, false, 16u);
    let w = subgroupMatrixLoad<subgroup_matrix_left<f16, 8, 16>>(&h, 0u, false, 8u);
    subgroupMatrixStore(&h, 0u, w, false, 8u);
}
";

#[test]
fn left_right_and_result_of_one_shape_are_one_type() {
    let text = nv(SHAPES);
    let types: Vec<Vec<&str>> = insts(&text, "OpTypeCooperativeMatrixNV").collect();
    // f16 16x16 (left, right and result), f32 16x16, f16 16 rows x 8 columns.
    assert_eq!(types.len(), 3, "{text}");
    let defs = defs(&text);
    let scope = &defs[types[0][2]];
    assert_eq!(
        scope[..],
        ["OpConstant", scope[1].as_str(), "3"],
        "Subgroup"
    );
    for t in &types {
        assert_eq!(t.len(), 5, "component, scope, rows, columns: {t:?}");
    }
    assert_eq!(
        mul_add_components(&text),
        [
            ["f16", "f16", "f16", "f16"].map(String::from),
            ["f32", "f16", "f16", "f32"].map(String::from),
        ]
    );
    // The plain multiply's accumulator is a null matrix of the result type.
    let mul = insts(&text, "OpCooperativeMatrixMulAddNV")
        .nth(1)
        .expect("two multiplies");
    assert_eq!(defs[mul[4]][0], "OpConstantNull", "{text}");
    assert!(text.contains("OpCapability VulkanMemoryModel"), "{text}");
    assert!(text.contains("OpMemoryModel Logical Vulkan"), "{text}");
}

#[test]
fn loads_and_stores_take_the_stride_then_a_column_major_boolean() {
    let text = nv(SHAPES);
    let defs = defs(&text);
    let constant = |id: &str| defs[id][0].clone();
    // `%m = OpCooperativeMatrixLoadNV %type %pointer %stride %column_major NonPrivatePointer`
    let loads: Vec<Vec<&str>> = insts(&text, "OpCooperativeMatrixLoadNV").collect();
    let majors: Vec<String> = loads.iter().map(|w| constant(w[4])).collect();
    assert_eq!(
        majors,
        [
            "OpConstantFalse",
            "OpConstantTrue",
            "OpConstantFalse",
            "OpConstantFalse"
        ],
        "{text}"
    );
    for w in &loads {
        assert_eq!(w[5], "NonPrivatePointer", "{w:?}");
        assert_eq!(defs[w[3]][0], "OpConstant", "stride: {w:?}");
    }
    // `OpCooperativeMatrixStoreNV %pointer %object %stride %column_major NonPrivatePointer`
    let stores: Vec<Vec<&str>> = insts(&text, "OpCooperativeMatrixStoreNV").collect();
    let majors: Vec<String> = stores.iter().map(|w| constant(w[4])).collect();
    assert_eq!(
        majors,
        ["OpConstantTrue", "OpConstantFalse", "OpConstantFalse"],
        "{text}"
    );
    for w in &stores {
        let object_type = &defs[w[2]][1];
        assert_eq!(defs[object_type][0], "OpTypeCooperativeMatrixNV", "{w:?}");
        assert_eq!(defs[w[3]][0], "OpConstant", "stride: {w:?}");
        assert_eq!(w[5], "NonPrivatePointer", "{w:?}");
    }
}

/// Every `T -> TR` of `subgroupMatrixMultiply<TR>`: the multiply's types
/// carry the signedness the KHR form gives with operands, including signed
/// inputs with an unsigned result and the reverse.
#[test]
fn multiply_signedness_comes_from_the_component_types() {
    let pairs = [
        ("f32", "f32"),
        ("f16", "f16"),
        ("f16", "f32"),
        ("i32", "i32"),
        ("i32", "u32"),
        ("u32", "i32"),
        ("u32", "u32"),
        ("i8", "i8"),
        ("i8", "u8"),
        ("i8", "i32"),
        ("i8", "u32"),
        ("u8", "i8"),
        ("u8", "u8"),
        ("u8", "i32"),
        ("u8", "u32"),
    ];
    for (t, tr) in pairs {
        // Memory of 8-bit matrices is u32/i32.
        fn mem(c: &str) -> &str {
            match c {
                "u8" => "u32",
                "i8" => "i32",
                other => other,
            }
        }
        let source = format!(
            "enable f16;
enable chromium_experimental_subgroup_matrix;
@group(0) @binding(0) var<storage, read_write> a: array<{}>;
@group(0) @binding(1) var<storage, read_write> c: array<{}>;

@compute @workgroup_size(32)
fn main() {{
    let l = subgroupMatrixLoad<subgroup_matrix_left<{t}, 32, 16>>(&a, 0u, false, 32u);
    let r = subgroupMatrixLoad<subgroup_matrix_right<{t}, 8, 32>>(&a, 0u, true, 32u);
    let acc = subgroupMatrixLoad<subgroup_matrix_result<{tr}, 8, 16>>(&c, 0u, false, 8u);
    subgroupMatrixStore(&c, 0u, subgroupMatrixMultiply<{tr}>(l, r), false, 8u);
    subgroupMatrixStore(&c, 128u, subgroupMatrixMultiplyAccumulate(l, r, acc), false, 8u);
}}
",
            mem(t),
            mem(tr)
        );
        let text = nv(&source);
        let want = [tr, t, t, tr].map(String::from);
        assert_eq!(
            mul_add_components(&text),
            [want.clone(), want],
            "{t} -> {tr}:\n{text}"
        );
        if t.ends_with('8') || tr.ends_with('8') {
            assert!(text.contains("OpCapability Int8"), "{text}");
        }
    }
}

#[test]
fn scalar_multiply_is_matrix_times_scalar() {
    let source = std::fs::read_to_string(common::input_dir().join("subgroup_matrix_scalar.wgsl"))
        .expect("input");
    let text = nv(&source);
    let defs = defs(&text);
    let matrix = |id: &str| {
        defs.get(id)
            .is_some_and(|d| d[0] == "OpTypeCooperativeMatrixNV")
    };
    // Three scalar multiplies: f32 twice, u8 once.
    let times: Vec<Vec<&str>> = insts(&text, "OpMatrixTimesScalar").collect();
    assert_eq!(times.len(), 3, "{text}");
    for w in &times {
        assert!(matrix(w[1]), "{w:?}");
        // The scalar has the component type of the matrix.
        let comp = &defs[w[1]][1];
        // `%r = OpMatrixTimesScalar %type %matrix %scalar`
        let scalar_type = match defs.get(w[3]) {
            Some(d) => d[1].clone(),
            None => panic!("scalar {} has no definition", w[3]),
        };
        assert_eq!(&scalar_type, comp, "{w:?}\n{text}");
    }
    // No component-wise multiply of two matrices.
    for op in ["OpFMul", "OpIMul"] {
        for w in insts(&text, op) {
            assert!(!matrix(w[1]), "{op} on a matrix: {w:?}");
        }
    }
    // Add and subtract stay component-wise, by a filled matrix.
    for op in ["OpFAdd", "OpIAdd", "OpFSub", "OpISub"] {
        for w in insts(&text, op).filter(|w| matrix(w[1])) {
            assert_eq!(defs[w[3]][0], "OpCompositeConstruct", "{w:?}");
        }
    }
    let matrix_adds = ["OpFAdd", "OpIAdd", "OpFSub", "OpISub"]
        .iter()
        .map(|op| insts(&text, op).filter(|w| matrix(w[1])).count())
        .sum::<usize>();
    assert_eq!(matrix_adds, 5, "{text}");
    // u8 and i8 scalars are narrowed to the component type.
    assert!(text.contains("OpUConvert"), "{text}");
    assert!(text.contains("OpSConvert"), "{text}");
}

/// The same module as KHR and as NV: the NV module has no KHR instruction
/// and the KHR module (the default) no NV one.
#[test]
fn khr_stays_the_default() {
    assert_eq!(
        tessera::back::spv::Options::default().cooperative_matrix,
        CooperativeMatrixExtension::Khr
    );
    let words = tessera::compile_to_spirv(SHAPES, &CompileOptions::default())
        .expect("compiles")
        .words;
    let text = common::disassemble(&words).expect("disassembles");
    assert!(text.contains("OpTypeCooperativeMatrixKHR"), "{text}");
    assert!(!text.contains("NV"), "{text}");
    // Three f16 16x16 KHR types (one per use), one f32, one f16 16x8.
    assert_eq!(insts(&text, "OpTypeCooperativeMatrixKHR").count(), 5);
    assert_eq!("nv".parse(), Ok(CooperativeMatrixExtension::Nv));
    assert_eq!("KHR".parse(), Ok(CooperativeMatrixExtension::Khr));
    assert_eq!(
        "amd".parse::<CooperativeMatrixExtension>(),
        Err("unknown cooperative-matrix extension 'amd' (expected khr or nv)".to_string())
    );
    assert_eq!(CooperativeMatrixExtension::Nv.name(), "nv");
}

/// A module without subgroup matrices is the same with either extension.
#[test]
fn modules_without_matrices_do_not_change() {
    let source =
        std::fs::read_to_string(common::input_dir().join("reduction.wgsl")).expect("input");
    let khr = tessera::compile_to_spirv(&source, &CompileOptions::default())
        .expect("compiles")
        .words;
    let nv = compile_nv(&source, (1, 3)).expect("compiles");
    assert_eq!(khr, nv);
}
