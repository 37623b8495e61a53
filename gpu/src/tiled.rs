//! The matmul benchmark: the tuned tiled algorithm of
//! `../shared/bench/matmul_tiled.comp` in three configurations, as the GLSL
//! original compiled by glslang (embedded SPIR-V, rebuilt by
//! `gpu/build_reference.sh`) and as tessera's WGSL port in loop form
//! (`kernels/matmul_tiled.wgsl`) and hand-unrolled form (generated here).

use std::fmt::Write as _;

/// One configuration of the tiled algorithm.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    /// Workgroup tile rows.
    pub bm: u32,
    /// Workgroup tile columns.
    pub bn: u32,
    /// K step.
    pub bk: u32,
    /// Subgroups along M.
    pub wm: u32,
    /// Subgroups along N.
    pub wn: u32,
    /// Workgroup-memory stages (1 or 2).
    pub stages: u32,
}

/// The configurations of the issue, with their glslang SPIR-V.
pub const CONFIGS: [(Config, &[u8]); 3] = [
    (
        Config {
            bm: 128,
            bn: 128,
            bk: 64,
            wm: 2,
            wn: 2,
            stages: 1,
        },
        include_bytes!("../spv/tiled_128x128x64_2x2_s1.spv"),
    ),
    (
        Config {
            bm: 128,
            bn: 256,
            bk: 32,
            wm: 2,
            wn: 4,
            stages: 1,
        },
        include_bytes!("../spv/tiled_128x256x32_2x4_s1.spv"),
    ),
    (
        Config {
            bm: 128,
            bn: 128,
            bk: 32,
            wm: 2,
            wn: 2,
            stages: 2,
        },
        include_bytes!("../spv/tiled_128x128x32_2x2_s2.spv"),
    ),
];

/// The loop-form WGSL kernel (configuration `const`s of 128x128x64 2x2).
pub const LOOP_WGSL: &str = include_str!("../kernels/matmul_tiled.wgsl");

impl Config {
    /// `BMxBNxBK WMxWN sS`, as the issue names configurations.
    pub fn name(&self) -> String {
        format!(
            "{}x{}x{} {}x{} {}-stage",
            self.bm, self.bn, self.bk, self.wm, self.wn, self.stages
        )
    }

    /// Invocations per workgroup (subgroups of 32).
    pub fn invocations(&self) -> u32 {
        self.wm * self.wn * 32
    }

    /// Workgroups for an M x N result.
    pub fn groups(&self, m: u32, n: u32) -> [u32; 3] {
        [n / self.bn, m / self.bm, 1]
    }

    /// The loop-form kernel for this configuration (the six configuration
    /// `const` lines replaced). `None` if the template lacks one.
    pub fn loop_wgsl(&self) -> Option<String> {
        let values = [
            ("BM", self.bm),
            ("BN", self.bn),
            ("BK", self.bk),
            ("WM", self.wm),
            ("WN", self.wn),
            ("STAGES", self.stages),
        ];
        let mut out = String::with_capacity(LOOP_WGSL.len());
        let mut seen = 0;
        for line in LOOP_WGSL.lines() {
            let replaced = values
                .iter()
                .find(|(name, _)| line.starts_with(&format!("const {name}: u32 = ")))
                .map(|(name, v)| format!("const {name}: u32 = {v}u;"));
            seen += usize::from(replaced.is_some());
            out.push_str(replaced.as_deref().unwrap_or(line));
            out.push('\n');
        }
        (seen == values.len()).then_some(out)
    }

    /// The same algorithm with every small loop unrolled by hand: named
    /// accumulators, fragments and registers, constant indices.
    pub fn unrolled_wgsl(&self) -> String {
        let c = *self;
        let nt = c.invocations();
        let (tm, tn) = (c.bm / c.wm / 16, c.bn / c.wn / 16);
        let (a_ld, b_ld) = (c.bm * c.bk / 8 / nt, c.bk * c.bn / 8 / nt);
        let (a_vpr, b_vpr) = (c.bk / 8, c.bn / 8);
        let (as_, bs) = (c.bk + 8, c.bn + 8);
        let (a_stage, b_stage) = (c.bm * as_ / 8, c.bk * bs / 8);
        let mut s = String::new();
        let _ = writeln!(
            s,
            "// Generated: the tiled matmul ({}) with every small loop unrolled by hand.",
            c.name()
        );
        s.push_str("enable f16;\nenable chromium_experimental_subgroup_matrix;\n\n");
        s.push_str("struct Dims { m: u32, n: u32, k: u32, pad: u32 }\n");
        s.push_str("@group(0) @binding(0) var<storage, read> a: array<vec4<u32>>;\n");
        s.push_str("@group(0) @binding(1) var<storage, read> b: array<vec4<u32>>;\n");
        s.push_str("@group(0) @binding(2) var<storage, read_write> c: array<f32>;\n");
        s.push_str("@group(0) @binding(3) var<uniform> dims: Dims;\n");
        let _ = writeln!(
            s,
            "var<workgroup> sm_a: array<vec4<u32>, {}>;",
            c.stages * a_stage
        );
        let _ = writeln!(
            s,
            "var<workgroup> sm_b: array<vec4<u32>, {}>;",
            c.stages * b_stage
        );
        s.push_str("alias FragA = subgroup_matrix_left<f16, 16, 16>;\n");
        s.push_str("alias FragB = subgroup_matrix_right<f16, 16, 16>;\n");
        s.push_str("alias FragC = subgroup_matrix_result<f32, 16, 16>;\n\n");
        let _ = writeln!(s, "@compute @workgroup_size({nt})");
        s.push_str("fn main(@builtin(local_invocation_index) tid: u32, @builtin(subgroup_id) sg: u32, @builtin(workgroup_id) wg: vec3<u32>) {\n");
        let _ = writeln!(
            s,
            "    let wm = sg / {}u;\n    let wn = sg % {}u;",
            c.wn, c.wn
        );
        let _ = writeln!(
            s,
            "    let m0 = wg.y * {}u;\n    let n0 = wg.x * {}u;",
            c.bm, c.bn
        );
        s.push_str("    let k8 = dims.k / 8u;\n    let n8 = dims.n / 8u;\n");
        for i in 0..tm {
            for j in 0..tn {
                let _ = writeln!(s, "    var acc_{i}_{j} = FragC();");
            }
        }
        // Per-register global and workgroup indices.
        for t in 0..a_ld {
            let _ = writeln!(
                s,
                "    let va{t} = tid + {}u;\n    let ga{t} = (m0 + va{t} / {a_vpr}u) * k8 + va{t} % {a_vpr}u;\n    let sa{t} = (va{t} / {a_vpr}u) * {}u + va{t} % {a_vpr}u;",
                t * nt,
                as_ / 8
            );
        }
        for t in 0..b_ld {
            let _ = writeln!(
                s,
                "    let vb{t} = tid + {}u;\n    let gb{t} = (vb{t} / {b_vpr}u) * n8 + n0 / 8u + vb{t} % {b_vpr}u;\n    let sb{t} = (vb{t} / {b_vpr}u) * {}u + vb{t} % {b_vpr}u;",
                t * nt,
                bs / 8
            );
        }
        for t in 0..a_ld {
            let _ = writeln!(s, "    var ra{t} = a[ga{t}];");
        }
        for t in 0..b_ld {
            let _ = writeln!(s, "    var rb{t} = b[gb{t}];");
        }
        for t in 0..a_ld {
            let _ = writeln!(s, "    sm_a[sa{t}] = ra{t};");
        }
        for t in 0..b_ld {
            let _ = writeln!(s, "    sm_b[sb{t}] = rb{t};");
        }
        s.push_str("    workgroupBarrier();\n");
        let _ = writeln!(s, "    let steps = dims.k / {}u;", c.bk);
        s.push_str("    for (var kt = 0u; kt < steps; kt++) {\n");
        if c.stages == 2 {
            s.push_str("        let cur = kt & 1u;\n");
        } else {
            s.push_str("        let cur = 0u;\n");
        }
        s.push_str("        let more = kt + 1u < steps;\n        if more {\n");
        let _ = writeln!(
            s,
            "            let ka = (kt + 1u) * {}u;\n            let kb = (kt + 1u) * {}u * n8;",
            c.bk / 8,
            c.bk
        );
        for t in 0..a_ld {
            let _ = writeln!(s, "            ra{t} = a[ga{t} + ka];");
        }
        for t in 0..b_ld {
            let _ = writeln!(s, "            rb{t} = b[gb{t} + kb];");
        }
        s.push_str("        }\n");
        let _ = writeln!(
            s,
            "        let abase = cur * {a_stage}u;\n        let bbase = cur * {b_stage}u;"
        );
        for kk in 0..c.bk / 16 {
            for i in 0..tm {
                let _ = writeln!(
                    s,
                    "        let fa{kk}_{i} = subgroupMatrixLoad<FragA, row_major>(&sm_a, abase + ((wm * {}u + {}u) * {as_}u + {}u) / 8u, {}u);",
                    tm * 16,
                    i * 16,
                    kk * 16,
                    as_ / 8
                );
            }
            for j in 0..tn {
                let _ = writeln!(
                    s,
                    "        let fb{kk}_{j} = subgroupMatrixLoad<FragB, row_major>(&sm_b, bbase + ({}u + wn * {}u + {}u) / 8u, {}u);",
                    kk * 16 * bs,
                    tn * 16,
                    j * 16,
                    bs / 8
                );
                for i in 0..tm {
                    let _ = writeln!(
                        s,
                        "        acc_{i}_{j} = subgroupMatrixMultiplyAccumulate(fa{kk}_{i}, fb{kk}_{j}, acc_{i}_{j});"
                    );
                }
            }
        }
        if c.stages == 1 {
            s.push_str("        workgroupBarrier();\n");
        }
        s.push_str("        if more {\n");
        if c.stages == 2 {
            s.push_str("            let next = (kt + 1u) & 1u;\n");
        } else {
            s.push_str("            let next = 0u;\n");
        }
        for t in 0..a_ld {
            let _ = writeln!(s, "            sm_a[next * {a_stage}u + sa{t}] = ra{t};");
        }
        for t in 0..b_ld {
            let _ = writeln!(s, "            sm_b[next * {b_stage}u + sb{t}] = rb{t};");
        }
        s.push_str("        }\n        workgroupBarrier();\n    }\n");
        for i in 0..tm {
            for j in 0..tn {
                let _ = writeln!(
                    s,
                    "    subgroupMatrixStore<row_major>(&c, (m0 + wm * {}u + {}u) * dims.n + n0 + wn * {}u + {}u, acc_{i}_{j}, dims.n);",
                    tm * 16,
                    i * 16,
                    tn * 16,
                    j * 16
                );
            }
        }
        s.push_str("}\n");
        s
    }
}

/// The uniform `Dims { m, n, k, pad }` as bytes.
pub fn dims_bytes(m: u32, n: u32, k: u32) -> Vec<u8> {
    [m, n, k, 0].iter().flat_map(|v| v.to_le_bytes()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compile::Target;

    #[test]
    fn every_configuration_compiles_in_both_forms_and_validates() {
        let target = Target::h100();
        for (config, glslang) in CONFIGS {
            assert!(
                crate::matmul::spv_words(glslang).is_some(),
                "{}",
                config.name()
            );
            let looped = config.loop_wgsl().expect("template");
            let unrolled = config.unrolled_wgsl();
            for (form, src) in [("loop", looped), ("unrolled", unrolled)] {
                for checked in [true, false] {
                    let t = Target {
                        bounds_checks: checked,
                        ..target.clone()
                    };
                    let words = t
                        .compile(&src)
                        .unwrap_or_else(|e| panic!("{} {form}: {e}\n{src}", config.name()));
                    let v = spirv_tools::val::create(Some(spirv_tools::TargetEnv::Vulkan_1_1));
                    if let Err(e) = spirv_tools::val::Validator::validate(&v, &words, None) {
                        panic!("{} {form}: invalid SPIR-V: {e}", config.name());
                    }
                }
            }
        }
    }

    #[test]
    fn names_and_groups() {
        let c = CONFIGS[1].0;
        assert_eq!(c.name(), "128x256x32 2x4 1-stage");
        assert_eq!(c.invocations(), 256);
        assert_eq!(c.groups(8192, 8192), [32, 64, 1]);
        assert_eq!(dims_bytes(1, 2, 3).len(), 16);
    }
}
