//! Robustness on the GPU: kernels that index out of range on purpose
//! (runtime-sized arrays in storage, fixed arrays in workgroup memory,
//! subgroup-matrix loads and stores past the end, huge and negative offsets
//! and strides, loop counters that overrun). Every storage binding is a
//! window of a larger buffer with guard regions on both sides: after the
//! run the guards must be untouched (nothing outside a binding is ever
//! written), and the window must hold what tessera's robustness rules give
//! (`src/passes/robustness.rs`): indices clamp to the last element; a
//! matrix access whose matrix fits in the array at its stride has its
//! offset lowered so it ends inside; one that cannot fit loads zeros and
//! stores nothing. The device may report
//! `cooperativeMatrixRobustBufferAccess = 0`: the compiler is the only
//! guard.

/// Bytes of each guard region (a multiple of every offset alignment).
pub const GUARD_BYTES: u64 = 256;
/// The guard pattern.
pub const GUARD: u32 = 0xDEAD_BEEF;
/// The initial value of the `out` window.
pub const POISON: u32 = 0xCAFE_BABE;
/// Invocations per workgroup (one subgroup on the H100).
pub const INVOCATIONS: u32 = 32;

/// What a case's `data` window starts as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fill {
    /// `data[i] = 1000 + i` (u32 kernels).
    Counting,
    /// `data[i] = i as f32` (f32 kernels).
    Floats,
}

/// Computes the expected `(data, out)` windows from the initial ones and
/// the parameters.
pub type Expect = fn(&[u32], &[u32], [u32; 4]) -> (Vec<u32>, Vec<u32>);

/// One robustness kernel.
#[derive(Clone, Debug)]
pub struct RobustCase {
    /// Name.
    pub name: &'static str,
    /// The kernel: bindings `data` (0, storage read_write), `out` (1,
    /// storage read_write), `params` (2, uniform `vec4<u32>`).
    pub wgsl: String,
    /// Elements of the `data` window.
    pub data_len: u32,
    /// Elements of the `out` window.
    pub out_len: u32,
    /// The `params` uniform.
    pub params: [u32; 4],
    /// How `data` starts.
    pub fill: Fill,
    /// The expected `data` and `out` windows after the run, given their
    /// initial contents.
    pub expect: Expect,
}

const HEADER: &str = "enable chromium_experimental_subgroup_matrix;
@group(0) @binding(0) var<storage, read_write> data: array<u32>;
@group(0) @binding(1) var<storage, read_write> out: array<u32>;
@group(0) @binding(2) var<uniform> params: vec4<u32>;
";

const FHEADER: &str = "enable chromium_experimental_subgroup_matrix;
@group(0) @binding(0) var<storage, read_write> data: array<f32>;
@group(0) @binding(1) var<storage, read_write> out: array<f32>;
@group(0) @binding(2) var<uniform> params: vec4<u32>;
alias M = subgroup_matrix_result<f32, 16, 16>;
";

fn kernel(header: &str, decls: &str, body: &str) -> String {
    format!("{header}{decls}\n@compute @workgroup_size(32)\nfn main(@builtin(local_invocation_index) lid: u32) {{\n{body}\n}}\n")
}

/// Elements one 16x16 f32 matrix spans at stride 16.
const EXTENT: u32 = 16 * 15 + 16;

fn f(v: f32) -> u32 {
    v.to_bits()
}

/// The initial contents of a window.
pub fn initial(fill: Fill, len: u32) -> Vec<u32> {
    (0..len)
        .map(|i| match fill {
            Fill::Counting => 1000 + i,
            Fill::Floats => f(i as f32),
        })
        .collect()
}

/// Copies the matrix at `data[start..]` (stride 16) into `out[0..256]`
/// row-major with stride 16: both are row-major 16x16 at stride 16.
fn copy_matrix(data: &[u32], start: usize, out: &mut [u32]) {
    for r in 0..16 {
        for c in 0..16 {
            out[r * 16 + c] = data[start + r * 16 + c];
        }
    }
}

/// Every case, in order.
pub fn cases() -> Vec<RobustCase> {
    vec![
        RobustCase {
            name: "runtime_array_index_past_end",
            wgsl: kernel(
                HEADER,
                "",
                "if lid == 0u {\n  data[params.x] = 7u;\n  data[params.y] = 8u;\n  out[0] = data[params.x];\n}",
            ),
            data_len: 100,
            out_len: 4,
            params: [1_000_000, u32::MAX, 0, 0],
            fill: Fill::Counting,
            expect: |d, o, _| {
                let mut d = d.to_vec();
                let mut o = o.to_vec();
                let last = d.len() - 1;
                d[last] = 8;
                o[0] = 8;
                (d, o)
            },
        },
        RobustCase {
            name: "negative_i32_index",
            wgsl: kernel(
                HEADER,
                "",
                "if lid == 0u {\n  let i = i32(params.x);\n  data[i] = 9u;\n  out[i] = data[i];\n}",
            ),
            data_len: 64,
            out_len: 4,
            params: [(-5i32) as u32, 0, 0, 0],
            fill: Fill::Counting,
            expect: |d, o, _| {
                let (mut d, mut o) = (d.to_vec(), o.to_vec());
                let (ld, lo) = (d.len() - 1, o.len() - 1);
                d[ld] = 9;
                o[lo] = 9;
                (d, o)
            },
        },
        RobustCase {
            name: "loop_counter_overruns",
            wgsl: kernel(
                HEADER,
                "",
                "if lid == 0u {\n  for (var i = 0u; i < params.x; i++) {\n    data[i] = i + 1u;\n  }\n}",
            ),
            data_len: 50,
            out_len: 4,
            params: [80, 0, 0, 0],
            fill: Fill::Counting,
            expect: |d, o, p| {
                let mut d = d.to_vec();
                let last = d.len() - 1;
                for (i, v) in d.iter_mut().enumerate().take(last) {
                    *v = i as u32 + 1;
                }
                d[last] = p[0];
                (d, o.to_vec())
            },
        },
        RobustCase {
            name: "workgroup_array_index_past_end",
            wgsl: kernel(
                HEADER,
                "var<workgroup> w: array<u32, 64>;",
                "if lid == 0u {\n  w[params.x] = 5u;\n  w[params.y] = 6u;\n}\nworkgroupBarrier();\nout[lid] = w[lid];\nout[lid + 32u] = w[lid + 32u];",
            ),
            data_len: 4,
            out_len: 64,
            params: [64, 3_000_000_000, 0, 0],
            fill: Fill::Counting,
            expect: |d, _o, _| {
                let mut o = vec![0u32; 64];
                o[63] = 6;
                (d.to_vec(), o)
            },
        },
        RobustCase {
            name: "matrix_load_offset_past_end",
            wgsl: kernel(
                FHEADER,
                "",
                "let m = subgroupMatrixLoad<M, row_major>(&data, params.x, 16u);\nsubgroupMatrixStore<row_major>(&out, 0u, m, 16u);",
            ),
            data_len: 1000,
            out_len: 256,
            params: [5_000_000, 0, 0, 0],
            fill: Fill::Floats,
            expect: |d, o, _| {
                let mut o = o.to_vec();
                copy_matrix(d, d.len() - EXTENT as usize, &mut o);
                (d.to_vec(), o)
            },
        },
        RobustCase {
            name: "matrix_load_negative_offset",
            wgsl: kernel(
                FHEADER,
                "",
                "let m = subgroupMatrixLoad<M, row_major>(&data, i32(params.x), 16u);\nsubgroupMatrixStore<row_major>(&out, 0u, m, 16u);",
            ),
            data_len: 600,
            out_len: 256,
            params: [(-1i32) as u32, 0, 0, 0],
            fill: Fill::Floats,
            expect: |d, o, _| {
                let mut o = o.to_vec();
                copy_matrix(d, d.len() - EXTENT as usize, &mut o);
                (d.to_vec(), o)
            },
        },
        RobustCase {
            name: "matrix_load_huge_stride_is_zero",
            wgsl: kernel(
                FHEADER,
                "",
                "let m = subgroupMatrixLoad<M, row_major>(&data, 0u, params.y);\nsubgroupMatrixStore<row_major>(&out, 0u, m, 16u);",
            ),
            data_len: 1000,
            out_len: 256,
            params: [0, 0x7fff_ffff, 0, 0],
            fill: Fill::Floats,
            expect: |d, _o, _| (d.to_vec(), vec![0u32; 256]),
        },
        RobustCase {
            name: "matrix_store_offset_past_end",
            wgsl: kernel(
                FHEADER,
                "",
                "subgroupMatrixStore<row_major>(&data, params.x, M(3.0), 16u);",
            ),
            data_len: 700,
            out_len: 4,
            params: [4_000_000_000, 0, 0, 0],
            fill: Fill::Floats,
            expect: |d, o, _| {
                let mut d = d.to_vec();
                let start = d.len() - EXTENT as usize;
                for v in &mut d[start..] {
                    *v = f(3.0);
                }
                (d, o.to_vec())
            },
        },
        RobustCase {
            name: "matrix_store_huge_stride_writes_nothing",
            wgsl: kernel(
                FHEADER,
                "",
                "subgroupMatrixStore<col_major>(&data, 3u, M(4.0), params.y);",
            ),
            data_len: 700,
            out_len: 4,
            params: [0, 0xffff_fff0, 0, 0],
            fill: Fill::Floats,
            expect: |d, o, _| (d.to_vec(), o.to_vec()),
        },
        RobustCase {
            name: "matrix_access_array_shorter_than_one_matrix",
            wgsl: kernel(
                FHEADER,
                "",
                "let m = subgroupMatrixLoad<M, row_major>(&data, 0u, 16u);\nsubgroupMatrixStore<row_major>(&data, 0u, M(5.0), 16u);\nsubgroupMatrixStore<row_major>(&out, 0u, m, 16u);",
            ),
            data_len: 200,
            out_len: 256,
            params: [0, 0, 0, 0],
            fill: Fill::Floats,
            expect: |d, _o, _| (d.to_vec(), vec![0u32; 256]),
        },
        RobustCase {
            name: "matrix_workgroup_store_past_end",
            wgsl: kernel(
                FHEADER,
                "var<workgroup> w: array<f32, 512>;",
                "subgroupMatrixStore<row_major>(&w, params.x, M(2.0), 16u);\nworkgroupBarrier();\nfor (var i = lid; i < 512u; i += 32u) {\n  out[i] = w[i];\n}",
            ),
            data_len: 4,
            out_len: 512,
            params: [1_000_000, 0, 0, 0],
            fill: Fill::Floats,
            expect: |d, _o, _| {
                let mut o = vec![f(0.0); 512];
                for v in &mut o[512 - EXTENT as usize..] {
                    *v = f(2.0);
                }
                (d.to_vec(), o)
            },
        },
    ]
}

/// Checks only the guards (for plain buffer indices left to the device's
/// robust buffer access, which may discard or relocate an out-of-range
/// write inside the binding); `Err` names the first damaged guard.
pub fn check_guards(case: &RobustCase, data_all: &[u32], out_all: &[u32]) -> Result<usize, String> {
    let g = (GUARD_BYTES / 4) as usize;
    for (name, all, len) in [
        ("data", data_all, case.data_len as usize),
        ("out", out_all, case.out_len as usize),
    ] {
        if all.len() != 2 * g + len {
            return Err(format!("{name}: read back {} words", all.len()));
        }
        if let Some(i) = all[..g]
            .iter()
            .chain(&all[g + len..])
            .position(|&w| w != GUARD)
        {
            return Err(format!("{name}: guard word {i} changed"));
        }
    }
    Ok(4 * g)
}

/// Whether the case's out-of-range accesses are subgroup-matrix ones, which
/// tessera checks in every mode.
pub fn is_matrix_case(case: &RobustCase) -> bool {
    case.name.contains("matrix")
}

/// Checks the guards and the windows of a run; `Err` describes the first
/// differences.
pub fn check(case: &RobustCase, data_all: &[u32], out_all: &[u32]) -> Result<usize, String> {
    let g = (GUARD_BYTES / 4) as usize;
    let (dl, ol) = (case.data_len as usize, case.out_len as usize);
    let mut problems = Vec::new();
    for (name, all, len) in [("data", data_all, dl), ("out", out_all, ol)] {
        if all.len() != 2 * g + len {
            return Err(format!(
                "{name}: read back {} words, expected {}",
                all.len(),
                2 * g + len
            ));
        }
        for (i, &w) in all[..g].iter().chain(&all[g + len..]).enumerate() {
            if w != GUARD {
                problems.push(format!("{name}: guard word {i} changed to {w:#x}"));
                break;
            }
        }
    }
    let data0 = initial(case.fill, case.data_len);
    let out0 = vec![POISON; ol];
    let (want_d, want_o) = (case.expect)(&data0, &out0, case.params);
    let mut checked = 0;
    for (name, got, want) in [
        ("data", &data_all[g..g + dl], want_d),
        ("out", &out_all[g..g + ol], want_o),
    ] {
        checked += want.len();
        if let Some(i) = (0..want.len()).find(|&i| got[i] != want[i]) {
            problems.push(format!(
                "{name}[{i}] = {:#x}, expected {:#x}",
                got[i], want[i]
            ));
        }
    }
    if problems.is_empty() {
        Ok(checked)
    } else {
        Err(problems.join("; "))
    }
}

/// Runs one robustness case: every storage binding is a window between
/// guard regions. With `target.buffers_robust_by_device` the pipeline asks
/// for robust buffer access and only the guards (and matrix results) are
/// checked strictly.
pub fn run_case(
    gpu: &crate::vk::Gpu,
    target: &crate::compile::Target,
    case: &RobustCase,
) -> crate::report::CaseResult {
    use crate::report::CaseResult;
    use crate::vk::Binding;
    let device = target.buffers_robust_by_device;
    let name = if device {
        format!("robust-device-buffers/{}", case.name)
    } else {
        format!("robust/{}", case.name)
    };
    let fail = |stage: &str, detail: String| CaseResult {
        name: name.clone(),
        passed: false,
        stage: stage.into(),
        checked: 0,
        mismatches: 1,
        detail,
    };
    let words = match target.compile(&case.wgsl) {
        Ok(w) => w,
        Err(e) => return fail("compile", e),
    };
    let g = GUARD_BYTES;
    let words_of = |v: &[u32]| -> Vec<u8> { v.iter().flat_map(|w| w.to_le_bytes()).collect() };
    let guarded = |inner: Vec<u32>| {
        let n = (g / 4) as usize;
        let mut all = vec![GUARD; n];
        all.extend(inner);
        all.extend(std::iter::repeat_n(GUARD, n));
        all
    };
    let data_all = guarded(initial(case.fill, case.data_len));
    let out_all = guarded(vec![POISON; case.out_len as usize]);
    let mut bufs = Vec::new();
    for bytes in [4 * data_all.len() as u64, 4 * out_all.len() as u64, 16] {
        match gpu.buffer(bytes, false) {
            Ok(b) => bufs.push(b),
            Err(e) => {
                bufs.iter().for_each(|b| gpu.free(b));
                return fail("run", e);
            }
        }
    }
    let result = (|| -> Result<CaseResult, (String, String)> {
        let run = |e: String| ("run".to_string(), e);
        gpu.upload(&bufs[0], &words_of(&data_all)).map_err(run)?;
        gpu.upload(&bufs[1], &words_of(&out_all)).map_err(run)?;
        gpu.upload(&bufs[2], &words_of(&case.params)).map_err(run)?;
        let bindings = [
            Binding {
                offset: g,
                range: Some(4 * u64::from(case.data_len)),
                ..Binding::storage(&bufs[0])
            },
            Binding {
                offset: g,
                range: Some(4 * u64::from(case.out_len)),
                ..Binding::storage(&bufs[1])
            },
            Binding::uniform(&bufs[2]),
        ];
        let kernel = gpu
            .kernel_robust(&words, &bindings, &[], device)
            .map_err(|e| ("pipeline".to_string(), e))?;
        let ran = gpu.dispatch(&kernel, [1, 1, 1]);
        gpu.destroy_kernel(&kernel);
        ran.map_err(run)?;
        let to_words = |b: Vec<u8>| -> Vec<u32> {
            b.chunks_exact(4)
                .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                .collect()
        };
        let d = to_words(gpu.download(&bufs[0]).map_err(run)?);
        let o = to_words(gpu.download(&bufs[1]).map_err(run)?);
        let checked = if device && !is_matrix_case(case) {
            check_guards(case, &d, &o)
        } else {
            check(case, &d, &o)
        };
        Ok(match checked {
            Ok(checked) => CaseResult {
                name: name.clone(),
                passed: true,
                stage: "compare".into(),
                checked,
                mismatches: 0,
                detail: String::new(),
            },
            Err(e) => CaseResult {
                name: name.clone(),
                passed: false,
                stage: "compare".into(),
                checked: 0,
                mismatches: 1,
                detail: e,
            },
        })
    })();
    bufs.iter().for_each(|b| gpu.free(b));
    match result {
        Ok(r) => r,
        Err((stage, e)) => fail(&stage, e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compile::Target;

    #[test]
    fn every_case_compiles_and_validates() {
        let target = Target::h100();
        for case in cases() {
            let words = target
                .compile(&case.wgsl)
                .unwrap_or_else(|e| panic!("{}: {e}\n{}", case.name, case.wgsl));
            let v = spirv_tools::val::create(Some(spirv_tools::TargetEnv::Vulkan_1_1));
            if let Err(e) = spirv_tools::val::Validator::validate(&v, &words, None) {
                panic!("{}: invalid SPIR-V: {e}", case.name);
            }
        }
    }

    #[test]
    fn check_sees_guard_damage_and_wrong_values() {
        let case = &cases()[0];
        let g = (GUARD_BYTES / 4) as usize;
        let data0 = initial(case.fill, case.data_len);
        let (want_d, want_o) = (case.expect)(&data0, &[POISON; 4], case.params);
        let wrap = |w: &[u32]| {
            let mut v = vec![GUARD; g];
            v.extend_from_slice(w);
            v.extend(std::iter::repeat_n(GUARD, g));
            v
        };
        let (d, o) = (wrap(&want_d), wrap(&want_o));
        assert!(check(case, &d, &o).is_ok());
        let mut bad = d.clone();
        bad[g + case.data_len as usize] = 8;
        assert!(check(case, &bad, &o).unwrap_err().contains("guard"));
        let mut bad = d.clone();
        bad[g + 3] = 1;
        assert!(check(case, &bad, &o).unwrap_err().contains("data[3]"));
    }
}
