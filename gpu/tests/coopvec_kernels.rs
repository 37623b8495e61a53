//! Every kernel of `tessera-gpu --coopvec` (the conformance cases and the
//! MLP benchmark) must compile with tessera for SPIR-V 1.6 both ways —
//! native, with the H200's cooperative-vector configurations, and as loops
//! — to SPIR-V that SPIRV-Tools accepts for Vulkan 1.3; the native builds
//! must use `OpTypeCooperativeVectorNV` (and the product cases the native
//! products), the loop builds neither. Runs without a GPU.

use spirv_tools::val::Validator;
use spirv_tools::TargetEnv;
use tessera_gpu::coopvec::training::{self, count_op, OP_OUTER_PRODUCT, OP_REDUCE_SUM};
use tessera_gpu::coopvec::{all_cases, dump_target, mlp, native_instructions, raw, raw_cases};

fn validate(words: &[u32]) -> Result<(), String> {
    let v = spirv_tools::val::create(Some(TargetEnv::Vulkan_1_3));
    v.validate(words, None).map_err(|e| e.to_string())
}

#[test]
fn every_kernel_compiles_and_validates_native_and_as_loops() {
    let mut sources: Vec<(String, String, bool)> = all_cases()
        .into_iter()
        .map(|c| {
            let product = c.wgsl.contains("coopVecMatMul");
            (format!("{}/{}", c.config, c.name), c.wgsl, product)
        })
        .collect();
    sources.push(("mlp_coopvec".into(), mlp::COOPVEC_WGSL.into(), true));
    let mut failures = Vec::new();
    for (name, src, product) in &sources {
        for native in [true, false] {
            let words = match dump_target(native).compile(src) {
                Ok(w) => w,
                Err(e) => {
                    failures.push(format!("{name} (native {native}): tessera: {e}"));
                    continue;
                }
            };
            if let Err(e) = validate(&words) {
                failures.push(format!("{name} (native {native}): spirv-val: {e}"));
            }
            let (types, products) = native_instructions(&words);
            let expected = if native {
                types > 0 && (products > 0) == *product
            } else {
                types == 0 && products == 0
            };
            if !expected {
                failures.push(format!(
                    "{name} (native {native}): {types} cooperative-vector types, {products} products"
                ));
            }
        }
    }
    assert_eq!(sources.len(), 192 + 126 + 1);
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures
            .iter()
            .take(12)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn the_scalar_mlp_compiles_and_validates() {
    let words = dump_target(false)
        .compile(mlp::SCALAR_WGSL)
        .expect("scalar MLP compiles");
    validate(&words).expect("scalar MLP validates");
    assert_eq!(native_instructions(&words), (0, 0));
}

/// The training cases (outer products and reduce-sums): every kernel
/// compiles and validates both ways; the native build (f16 and f32
/// training types with a layout bound) has one native instruction exactly
/// when the case expects it (f16 vectors for the outer product), the loop
/// build none.
#[test]
fn training_kernels_compile_and_validate_native_and_as_loops() {
    let mut failures = Vec::new();
    let cases = training::cases();
    for case in &cases {
        let name = format!("{}/{}", case.config, case.name);
        for native in [true, false] {
            let target = dump_target(native);
            let words = match target.compile(&case.wgsl) {
                Ok(w) => w,
                Err(e) => {
                    failures.push(format!("{name} (native {native}): tessera: {e}"));
                    continue;
                }
            };
            if let Err(e) = validate(&words) {
                failures.push(format!("{name} (native {native}): spirv-val: {e}"));
            }
            let ops = count_op(&words, OP_OUTER_PRODUCT) + count_op(&words, OP_REDUCE_SUM);
            let want = usize::from(native && training::expects_native(&target, case));
            if ops != want {
                failures.push(format!(
                    "{name} (native {native}): {ops} native training instructions, expected {want}"
                ));
            }
        }
    }
    assert_eq!(cases.len(), 48);
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures
            .iter()
            .take(12)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// The 8-bit products and the products in the inference layout: every
/// kernel compiles and validates both ways; the native build (the H200's
/// configurations and made-up layout bounds) has native products exactly
/// when the case expects them (not `f32/u8:i32`, which the H200 does not
/// list, nor a transposed 8-bit product), the loop build none.
#[test]
fn byte_level_product_kernels_compile_and_validate_native_and_as_loops() {
    let mut failures = Vec::new();
    let cases = raw_cases();
    let mut native_cases = 0;
    for case in &cases {
        let name = format!("{}/{}", case.config, case.name);
        for native in [true, false] {
            let target = dump_target(native);
            let words = match target.compile(&case.wgsl) {
                Ok(w) => w,
                Err(e) => {
                    failures.push(format!("{name} (native {native}): tessera: {e}"));
                    continue;
                }
            };
            if let Err(e) = validate(&words) {
                failures.push(format!("{name} (native {native}): spirv-val: {e}"));
            }
            let (_, products) = native_instructions(&words);
            let want = native && raw::expects_native(&target, case);
            native_cases += usize::from(want);
            if (products > 0) != want {
                failures.push(format!(
                    "{name} (native {native}): {products} native products, expected native {want}"
                ));
            }
        }
    }
    assert_eq!(cases.len(), 76 + 13 + 72);
    // Every case but the 12 f32/u8:i32 ones and the transposed 8-bit one
    // (no 8-bit configuration transposes) is native in the native build.
    assert_eq!(native_cases, cases.len() - 13);
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures
            .iter()
            .take(12)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}
