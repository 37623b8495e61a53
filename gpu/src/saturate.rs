//! Conformance of saturating subgroup-matrix conversions
//! (`tessera_experimental_subgroup_matrix`): an f32 result matrix of
//! values inside and far outside the integer ranges is converted to i32
//! and u32 result matrices of the same shape, and every element is
//! compared with WGSL's scalar rule (clamp to the largest floats inside
//! the range, then truncate). Run through each lowering the device
//! supports: the element loop (KHR) and, with `VK_NV_cooperative_matrix2`,
//! the per-element operation.

use tessera::configs::{ComponentType, SubgroupMatrixConfig};

use crate::report::CaseResult;

/// The input values: exact, fractional, and out of range on both sides.
const SPECIAL: [f32; 12] = [
    3.0e9,
    -3.0e9,
    1.0e10,
    -1.0e10,
    2.5,
    -2.7,
    0.4,
    -0.9,
    2_147_483_520.0,
    -2_147_483_648.0,
    4_294_967_040.0,
    5.0e9,
];

/// The element values of the source matrix, row-major, `m * n` of them.
pub fn inputs(m: u32, n: u32) -> Vec<f32> {
    (0..m * n)
        .map(|i| match i as usize {
            j if j < SPECIAL.len() => SPECIAL[j],
            j => ((j * 7919) % 2001) as f32 * 1.37e6 - 1.37e9 + (j % 5) as f32 * 0.3,
        })
        .collect()
}

/// WGSL's `i32(x)` for a finite f32.
pub fn to_i32(x: f32) -> i32 {
    x.clamp(-2_147_483_648.0, 2_147_483_520.0).trunc() as i32
}

/// WGSL's `u32(x)` for a finite f32.
pub fn to_u32(x: f32) -> u32 {
    x.clamp(0.0, 4_294_967_040.0).trunc() as u32
}

/// A result shape `(m, n)` the device lists with f32, i32 and u32 result
/// components (on the H100: 16x16 and 16x8).
pub fn shape(configs: &[SubgroupMatrixConfig]) -> Option<(u32, u32)> {
    let has = |t: ComponentType, m: u32, n: u32| {
        configs
            .iter()
            .any(|c| c.result_component_type == t && c.m == m && c.n == n)
    };
    configs
        .iter()
        .filter(|c| c.result_component_type == ComponentType::F32)
        .map(|c| (c.m, c.n))
        .find(|&(m, n)| has(ComponentType::I32, m, n) && has(ComponentType::U32, m, n))
}

/// The kernel: one subgroup loads the f32 matrix and stores both
/// conversions.
pub fn kernel(m: u32, n: u32) -> String {
    format!(
        "enable chromium_experimental_subgroup_matrix;
enable tessera_experimental_subgroup_matrix;
@group(0) @binding(0) var<storage, read> src: array<f32>;
@group(0) @binding(1) var<storage, read_write> si: array<i32>;
@group(0) @binding(2) var<storage, read_write> su: array<u32>;
@compute @workgroup_size(32) fn main() {{
    let a = subgroupMatrixLoad<subgroup_matrix_result<f32, {n}, {m}>, row_major>(&src, 0u, {n}u);
    subgroupMatrixStore<row_major>(&si, 0u, subgroupMatrixConvert<subgroup_matrix_result<i32, {n}, {m}>>(a), {n}u);
    subgroupMatrixStore<row_major>(&su, 0u, subgroupMatrixConvert<subgroup_matrix_result<u32, {n}, {m}>>(a), {n}u);
}}
"
    )
}

/// Compares the read-back buffers with the CPU rule.
pub fn compare(x: &[f32], si: &[u8], su: &[u8]) -> (usize, usize, Vec<String>) {
    let word = |b: &[u8], i: usize| {
        b.get(4 * i..4 * i + 4)
            .map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]]))
    };
    let (mut checked, mut bad, mut first) = (0, 0, Vec::new());
    for (i, &v) in x.iter().enumerate() {
        for (name, got, want) in [
            (
                "i32",
                word(si, i).map(|w| w as i32 as i64),
                to_i32(v) as i64,
            ),
            ("u32", word(su, i).map(i64::from), to_u32(v) as i64),
        ] {
            checked += 1;
            if got != Some(want) {
                bad += 1;
                if first.len() < 4 {
                    first.push(format!("{name}[{i}] of {v}: got {got:?}, expected {want}"));
                }
            }
        }
    }
    (checked, bad, first)
}

/// Runs the case through each target: `(name suffix, target)`.
pub fn run(gpu: &crate::vk::Gpu, targets: &[(&str, &crate::compile::Target)]) -> Vec<CaseResult> {
    use crate::vk::Binding;
    let Some(first) = targets.first() else {
        return Vec::new();
    };
    let Some((m, n)) = shape(&first.1.configs) else {
        return vec![CaseResult {
            name: "experimental/saturate".into(),
            passed: true,
            stage: "skipped".into(),
            detail: "no result shape with f32, i32 and u32 components".into(),
            ..Default::default()
        }];
    };
    let x = inputs(m, n);
    let bytes: Vec<u8> = x.iter().flat_map(|v| v.to_le_bytes()).collect();
    let mut out = Vec::new();
    for (suffix, target) in targets {
        let mut res = CaseResult {
            name: format!("f32->i32,u32:{m}x{n}/experimental/saturate{suffix}"),
            ..Default::default()
        };
        let mut bufs = Vec::new();
        for _ in 0..3 {
            match gpu.buffer(bytes.len() as u64, false) {
                Ok(b) => bufs.push(b),
                Err(e) => res.detail = e,
            }
        }
        if bufs.len() == 3 {
            let bindings = [
                Binding::storage(&bufs[0]),
                Binding::storage(&bufs[1]),
                Binding::storage(&bufs[2]),
            ];
            let ran = target
                .compile(&kernel(m, n))
                .map_err(|e| ("compile", e))
                .and_then(|w| {
                    gpu.kernel_robust(&w, &bindings, &[], false)
                        .map_err(|e| ("pipeline", e))
                })
                .and_then(|kn| {
                    let r = gpu
                        .upload(&bufs[0], &bytes)
                        .and_then(|()| gpu.dispatch(&kn, [1, 1, 1]).map(|_| ()))
                        .and_then(|()| Ok((gpu.download(&bufs[1])?, gpu.download(&bufs[2])?)))
                        .map_err(|e| ("run", e));
                    gpu.destroy_kernel(&kn);
                    r
                });
            match ran {
                Ok((si, su)) => {
                    let (checked, bad, first) = compare(&x, &si, &su);
                    res.stage = "compare".into();
                    res.checked = checked;
                    res.mismatches = bad;
                    res.passed = bad == 0;
                    res.detail = first.join("; ");
                }
                Err((stage, e)) => {
                    res.stage = stage.into();
                    res.detail = e;
                }
            }
        }
        bufs.iter().for_each(|b| gpu.free(b));
        out.push(res);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cpu_rule_saturates_and_truncates() {
        assert_eq!(to_i32(3.0e9), 2_147_483_520);
        assert_eq!(to_i32(-1.0e10), i32::MIN);
        assert_eq!(to_i32(-2.7), -2);
        assert_eq!(to_u32(-2.7), 0);
        assert_eq!(to_u32(5.0e9), 4_294_967_040);
        assert_eq!(to_u32(2.5), 2);
    }

    #[test]
    fn kernel_compiles_for_the_h100_on_both_paths() {
        let t = crate::compile::Target::h100();
        let (m, n) = shape(&t.configs).expect("the H100 lists f32, i32 and u32 results");
        let native = crate::compile::Target {
            nv_cooperative_matrix2: true,
            ..t.clone()
        };
        for target in [&t, &native] {
            if let Err(e) = target.compile(&kernel(m, n)) {
                panic!("{e}");
            }
        }
        let x = inputs(m, n);
        assert_eq!(x.len(), (m * n) as usize);
        assert!(x.iter().all(|v| v.is_finite()));
    }
}
