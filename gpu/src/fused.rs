//! Fused-epilogue benchmark (`tessera_experimental_subgroup_matrix`):
//! `C = relu(A * B + bias)` with the tiled kernel of [`crate::tiled`],
//!
//! - **fused**: the epilogue on the result matrices in registers
//!   (`max(acc + bias_tile, 0.0)`: an `OpFAdd` on cooperative matrices and
//!   an element-wise `max` loop over `OpCooperativeMatrixLengthKHR`
//!   elements), stored straight to C;
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
        }
    }
}
