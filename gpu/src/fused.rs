//! Fused-epilogue benchmark (`tessera_experimental_subgroup_matrix`):
//! `C = relu(A * B + bias)` with the tiled kernel of [`crate::tiled`],
//!
//! - **fused**: the epilogue on the result matrices in registers
//!   (`max(acc + bias_tile, 0.0)`: an `OpFAdd` on cooperative matrices and
//!   an element-wise `max` loop over `OpCooperativeMatrixLengthKHR`
//!   elements), stored straight to C;
//! - **fused, per-element** (where the device has `VK_NV_cooperative_matrix2`
//!   and the run uses KHR matrices): the same kernel compiled with
//!   `nv_cooperative_matrix2`, so `max(.., 0.0)` is one
//!   `OpCooperativeMatrixPerElementOpNV`; reported as a second entry whose
//!   `fallback_tflops` is the element-loop kernel of the same run;
//! - **round trip** (today's practice, e.g. llama.cpp): each accumulator is
//!   stored to workgroup memory, and the invocations of the subgroup apply
//!   the epilogue element by element on the way to C.
//!
//! `bias` has N elements; the fused kernel broadcasts it down the rows of a
//! 16-row workgroup tile once, before the K loop, and loads each
//! accumulator's bias as a result matrix from there.

use crate::tiled::Config;

/// The two kernels for `config` (the loop-form WGSL with the final store
/// replaced): `(fused, round_trip)`. `None` if the template changed.
pub fn kernels(config: &Config) -> Option<(String, String)> {
    let base = config.loop_wgsl()?;
    let store_start = base.find("    for (var i = 0u; i < TM; i++) {\n        for (var j = 0u; j < TN; j++) {\n            let gr")?;
    let head = &base[..store_start];
    let decls = "@group(0) @binding(4) var<storage, read> bias: array<f32>;\n";
    let at = head.find("var<workgroup> sm_a")?;
    let fused_head = format!(
        "{}{decls}var<workgroup> sm_bias: array<f32, 16u * BN>;\n{}",
        &head[..at],
        &head[at..]
    )
    .replace(
        "enable chromium_experimental_subgroup_matrix;\n",
        "enable chromium_experimental_subgroup_matrix;\nenable tessera_experimental_subgroup_matrix;\n",
    )
    .replace(
        "    // Prologue: stage 0.\n",
        "    for (var t = tid; t < 16u * BN; t += NT) {\n        sm_bias[t] = bias[n0 + t % BN];\n    }\n    // Prologue: stage 0.\n",
    );
    let fused = format!(
        "{fused_head}    for (var i = 0u; i < TM; i++) {{
        for (var j = 0u; j < TN; j++) {{
            let gr = m0 + wm * (TM * 16u) + i * 16u;
            let gc = n0 + wn * (TN * 16u) + j * 16u;
            let bt = subgroupMatrixLoad<FragC, row_major>(&sm_bias, wn * (TN * 16u) + j * 16u, BN);
            subgroupMatrixStore<row_major>(&c, gr * dims.n + gc, max(acc[i][j] + bt, 0.0), dims.n);
        }}
    }}
}}
"
    );
    let rt_head = format!(
        "{}{decls}var<workgroup> sm_out: array<f32, WM * WN * 256u>;\n{}",
        &head[..at],
        &head[at..]
    );
    let round_trip = format!(
        "{rt_head}    let lane = tid % 32u;
    for (var i = 0u; i < TM; i++) {{
        for (var j = 0u; j < TN; j++) {{
            let gr = m0 + wm * (TM * 16u) + i * 16u;
            let gc = n0 + wn * (TN * 16u) + j * 16u;
            subgroupMatrixStore<row_major>(&sm_out, sg * 256u, acc[i][j], 16u);
            workgroupBarrier();
            for (var e = lane; e < 256u; e += 32u) {{
                let r = e / 16u;
                let cc = e % 16u;
                c[(gr + r) * dims.n + gc + cc] = max(sm_out[sg * 256u + e] + bias[gc + cc], 0.0);
            }}
            workgroupBarrier();
        }}
    }}
}}
"
    );
    Some((fused, round_trip))
}

/// The bias values (deterministic, both signs, so relu matters).
pub fn bias(n: u32) -> Vec<f32> {
    (0..n).map(|i| ((i % 7) as f32 - 3.0) * 0.5).collect()
}

/// Checks sampled elements of `C = relu(A * B + bias)` (f16 A, B; f32 C;
/// row-major): the relative tolerance of [`crate::matmul::verify`].
pub fn verify(
    a: &[u8],
    b: &[u8],
    c: &[u8],
    bias: &[f32],
    (m, n, k): (usize, usize, usize),
    samples: usize,
) -> Result<(), String> {
    let h = |bytes: &[u8], i: usize| {
        half::f16::from_bits(u16::from_le_bytes([bytes[2 * i], bytes[2 * i + 1]])).to_f64()
    };
    let mut rng = crate::data::Rng::new(7);
    for s in 0..samples {
        let (r, col) = match s {
            0 => (0, 0),
            1 => (m - 1, n - 1),
            _ => (
                rng.range_i64(0, m as i64 - 1) as usize,
                rng.range_i64(0, n as i64 - 1) as usize,
            ),
        };
        let (mut exp, mut mag) = (f64::from(bias[col]), f64::from(bias[col]).abs());
        for i in 0..k {
            let p = h(a, r * k + i) * h(b, i * n + col);
            exp += p;
            mag += p.abs();
        }
        let exp = exp.max(0.0);
        let at = 4 * (r * n + col);
        let got = c
            .get(at..at + 4)
            .map(|w| f32::from_le_bytes([w[0], w[1], w[2], w[3]]) as f64)
            .unwrap_or(f64::NAN);
        let tol = 1e-2 * exp.abs().max(1e-2 * mag);
        if (got - exp).abs() > tol || got.is_nan() {
            return Err(format!(
                "C[{r}][{col}] = {got}, expected {exp} (tolerance {tol})"
            ));
        }
    }
    Ok(())
}

/// One fused-vs-round-trip measurement.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FusedResult {
    /// The kernel (`relu(A*B+bias) CONFIG`).
    pub kernel: String,
    /// M = N = K.
    pub m: u32,
    /// TFLOP/s (2MNK) of the fused kernel.
    pub fused_tflops: Option<f64>,
    /// TFLOP/s of the round-trip kernel.
    pub roundtrip_tflops: Option<f64>,
    /// The lowering of the fused epilogue.
    pub path: String,
    /// For a native path (NV2 per-element operations): the portable
    /// fallback's TFLOP/s (the element loop), measured in the same rounds.
    pub fallback_tflops: Option<f64>,
    /// Failures.
    pub errors: Vec<String>,
}

/// Runs both kernels of every configuration at `size`: each is checked
/// against a CPU reference on sampled elements, then timed in `passes`
/// rounds alternating the order; a figure is the median of the per-round
/// medians.
pub fn run(
    gpu: &crate::vk::Gpu,
    target: &crate::compile::Target,
    size: u32,
    iters: usize,
) -> Vec<FusedResult> {
    use crate::vk::{median, Binding};
    let (m, n, k) = (size, size, size);
    let mut rng = crate::data::Rng::new(u64::from(size) + 1);
    let a = crate::matmul::random_f16(&mut rng, (m * k) as usize);
    let b = crate::matmul::random_f16(&mut rng, (k * n) as usize);
    let bias_v = bias(n);
    let bias_bytes: Vec<u8> = bias_v.iter().flat_map(|v| v.to_le_bytes()).collect();
    let path = match target.cooperative_matrix {
        tessera::back::spv::CooperativeMatrixExtension::Khr => {
            "khr: OpFAdd on cooperative matrices + element loop (OpCooperativeMatrixLengthKHR) for max"
        }
        tessera::back::spv::CooperativeMatrixExtension::Nv => {
            "nv: OpFAdd on cooperative matrices + element loop (OpCooperativeMatrixLengthNV) for max"
        }
    };
    let mut out = Vec::new();
    let sizes = [
        a.len() as u64,
        b.len() as u64,
        4 * u64::from(m) * u64::from(n),
        16,
        bias_bytes.len() as u64,
    ];
    let mut bufs = Vec::new();
    for bytes in sizes {
        match gpu.buffer(bytes, false) {
            Ok(buf) => bufs.push(buf),
            Err(e) => {
                bufs.iter().for_each(|b| gpu.free(b));
                return vec![FusedResult {
                    m,
                    errors: vec![format!("buffer allocation: {e}")],
                    ..Default::default()
                }];
            }
        }
    }
    let upload = gpu
        .upload(&bufs[0], &a)
        .and_then(|()| gpu.upload(&bufs[1], &b))
        .and_then(|()| gpu.upload(&bufs[3], &crate::tiled::dims_bytes(m, n, k)))
        .and_then(|()| gpu.upload(&bufs[4], &bias_bytes));
    if let Err(e) = upload {
        bufs.iter().for_each(|b| gpu.free(b));
        return vec![FusedResult {
            m,
            errors: vec![format!("upload: {e}")],
            ..Default::default()
        }];
    }
    let bindings = [
        Binding::storage(&bufs[0]),
        Binding::storage(&bufs[1]),
        Binding::storage(&bufs[2]),
        Binding::uniform(&bufs[3]),
        Binding::storage(&bufs[4]),
    ];
    for (config, _) in crate::tiled::CONFIGS {
        let mut res = FusedResult {
            kernel: format!("relu(A*B+bias) {}", config.name()),
            m,
            path: path.to_string(),
            ..Default::default()
        };
        let Some((fused, round_trip)) = kernels(&config) else {
            res.errors.push("the kernel template changed".into());
            out.push(res);
            continue;
        };
        let groups = config.groups(m, n);
        let mut kernels_ok = Vec::new();
        // The element loop, the round trip and, with NV2, the per-element
        // operation (the same fused source, compiled for NV2).
        let per_element = gpu.nv_cooperative_matrix2
            && target.cooperative_matrix == tessera::back::spv::CooperativeMatrixExtension::Khr;
        let native = crate::compile::Target {
            nv_cooperative_matrix2: true,
            ..target.clone()
        };
        let mut builds: Vec<(&crate::compile::Target, &String)> =
            vec![(target, &fused), (target, &round_trip)];
        if per_element {
            builds.push((&native, &fused));
        }
        for (t, src) in builds.iter().copied() {
            let built = t.compile(src).and_then(|w| {
                let kernel = gpu.kernel_robust(&w, &bindings, &[], false)?;
                let checked = gpu
                    .upload(&bufs[2], &vec![0xFFu8; bufs[2].size as usize])
                    .and_then(|()| gpu.dispatch(&kernel, groups).map(|_| ()))
                    .and_then(|()| gpu.download(&bufs[2]))
                    .and_then(|c| {
                        verify(
                            &a,
                            &b,
                            &c,
                            &bias_v,
                            (m as usize, n as usize, k as usize),
                            256,
                        )
                    });
                match checked {
                    Ok(()) => Ok(kernel),
                    Err(e) => {
                        gpu.destroy_kernel(&kernel);
                        Err(e)
                    }
                }
            });
            match built {
                Ok(kn) => kernels_ok.push(kn),
                Err(e) => res.errors.push(e),
            }
        }
        let mut native_res = per_element.then(|| FusedResult {
            kernel: res.kernel.clone(),
            m,
            path: "khr + SPV_NV_cooperative_matrix2: OpFAdd on cooperative matrices + OpCooperativeMatrixPerElementOpNV for max (fallback_tflops: the element loop)".into(),
            ..Default::default()
        });
        if kernels_ok.len() == builds.len() {
            let count = builds.len();
            let mut per: Vec<Vec<f64>> = vec![Vec::new(); count];
            // Every kernel leads once per rotation (order alternates).
            for pass in 0..2 * count {
                for q in 0..count {
                    let v = (pass + q) % count;
                    match gpu.time(&kernels_ok[v], groups, 3, iters) {
                        Ok(t) => per[v].push(crate::matmul::tflops(m, n, k, median(&t))),
                        Err(e) => res.errors.push(e),
                    }
                }
            }
            if res.errors.is_empty() {
                res.fused_tflops = Some(median(&per[0]));
                res.roundtrip_tflops = Some(median(&per[1]));
                if let Some(nr) = native_res.as_mut() {
                    nr.fused_tflops = Some(median(&per[2]));
                    nr.roundtrip_tflops = res.roundtrip_tflops;
                    nr.fallback_tflops = res.fused_tflops;
                }
            }
        }
        if let Some(mut nr) = native_res {
            nr.errors = res.errors.clone();
            out.push(res);
            out.push(nr);
        } else {
            out.push(res);
        }
        kernels_ok.iter().for_each(|kn| gpu.destroy_kernel(kn));
    }
    bufs.iter().for_each(|b| gpu.free(b));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compile::Target;
    use crate::tiled::CONFIGS;

    #[test]
    fn both_kernels_compile_for_every_configuration() {
        let t = Target::h100();
        for (c, _) in CONFIGS {
            let (fused, round_trip) = kernels(&c).expect("template");
            assert!(fused.contains("max(acc[i][j] + bt, 0.0)"));
            assert!(round_trip.contains("sm_out"));
            for (name, src) in [("fused", &fused), ("round trip", &round_trip)] {
                if let Err(e) = t.compile(src) {
                    panic!("{} {name}: {e}\n{src}", c.name());
                }
            }
            // The NV2 build applies max per element: no element loop.
            let native = Target {
                nv_cooperative_matrix2: true,
                ..t.clone()
            };
            let words = native.compile(&fused).expect("NV2 build");
            let ops: Vec<u32> = {
                let (mut i, mut ops) = (5, Vec::new());
                while i < words.len() && words[i] >> 16 != 0 {
                    ops.push(words[i] & 0xFFFF);
                    i += (words[i] >> 16) as usize;
                }
                ops
            };
            // OpCooperativeMatrixPerElementOpNV (5369), no
            // OpCooperativeMatrixLengthKHR (4460).
            assert!(ops.contains(&5369) && !ops.contains(&4460), "{}", c.name());
        }
    }
}
