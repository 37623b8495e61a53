//! Element-wise conformance cases: construction, component reads, the
//! operators and builtins of `docs/cooperative-vectors.md` on
//! `coop_vec<T, N>`, each invocation building its vectors from `a`, `b`
//! and `m` (as `array<T, N>` values) and writing the result's components to
//! `out` through runtime indices.
//!
//! References are computed in f64 from the definitions. Exact results
//! (construction, reads, `-`, `max`, `min`, `clamp`, sums of the inputs,
//! which are multiples of 1/64 in [-2, 2] and so exact in f16) have
//! tolerance 0; a product or quotient may round once (`2u|x|`, `8u|x|`
//! for division, Vulkan's 2.5 ulp), `exp` by Vulkan's `3 + 2|x|` ulp and
//! `tanh` absolutely (`16u`), where `u` is the unit roundoff of `T`.

use super::case::{header, values, Case, Expect, Ty, INVOCATIONS, WORKGROUP};
use crate::data::Rng;

/// Every element-wise operation, by case name.
pub const OPS: &[&str] = &[
    "zero",
    "splat",
    "splat_const",
    "from_array",
    "index_runtime",
    "index_const",
    "index_clamp",
    "add",
    "sub",
    "mul",
    "div",
    "neg",
    "scale_vs",
    "scale_sv",
    "max",
    "min",
    "clamp",
    "relu",
    "exp",
    "tanh",
    "expression",
    "function",
    "var_loop",
    "private",
];

/// Component counts of the element-wise cases.
pub const SIZES: &[u32] = &[5, 16, 17, 64];

/// The WGSL of one operation: module-scope declarations, statements before
/// the result, the result expression, and the store's component
/// expression (over `r`, `i`).
struct Parts {
    module: String,
    pre: String,
    expr: String,
    store: String,
    extra: String,
}

fn parts(op: &str, n: u32) -> Parts {
    let mut p = Parts {
        module: String::new(),
        pre: String::new(),
        expr: "va".into(),
        store: "r[i]".into(),
        extra: String::new(),
    };
    let v = "coop_vec<T, N>";
    p.expr = match op {
        "zero" => format!("{v}()"),
        "splat" => format!("{v}(b[g])"),
        "splat_const" => format!("{v}(0.75)"),
        "from_array" => "va".into(),
        "index_runtime" => {
            p.store = "r[N - 1u - i]".into();
            "va".into()
        }
        "index_const" => {
            p.extra = format!(
                "    out[g * N] = va[{}];\n    out[g * N + N - 1u] = va[0];\n",
                n - 1
            );
            "va".into()
        }
        "index_clamp" => {
            p.extra =
                "    out[g * N] = va[N + g % 3u];\n    out[g * N + 1u] = va[i32(g % 2u) - 3];\n"
                    .into();
            "va".into()
        }
        "add" => "va + vb".into(),
        "sub" => "va - vb".into(),
        "mul" => "va * vb".into(),
        "div" => "va / vb".into(),
        "neg" => "-va".into(),
        "scale_vs" => "va * b[g]".into(),
        "scale_sv" => "b[g] * va".into(),
        "max" => "max(va, vb)".into(),
        "min" => "min(va, vb)".into(),
        "clamp" => "clamp(va, vb, vc)".into(),
        "relu" => format!("max(va, {v}())"),
        "exp" => "exp(va)".into(),
        "tanh" => "tanh(va)".into(),
        "expression" => "(va + vb) * vc - va".into(),
        "function" => {
            p.module = format!("fn twice(v: {v}) -> {v} {{\n    return v + v;\n}}\n");
            "twice(va)".into()
        }
        "var_loop" => {
            p.pre = format!(
                "    var acc = {v}();\n    for (var j = 0u; j < 3u; j++) {{\n        acc = acc + va;\n    }}\n"
            );
            "acc".into()
        }
        "private" => {
            p.module = format!("var<private> pv: {v};\n");
            p.pre = "    pv = va;\n".into();
            "pv + vb".into()
        }
        other => unreachable!("unknown element-wise operation {other}"),
    };
    p
}

/// The kernel of `op` on `coop_vec<t, n>`.
pub fn wgsl(op: &str, t: Ty, n: u32) -> String {
    let p = parts(op, n);
    let body = format!(
        "{module}
@compute @workgroup_size({WORKGROUP})
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {{
    let g = gid.x;
    var xa: array<T, N>;
    var xb: array<T, N>;
    var xc: array<T, N>;
    for (var i = 0u; i < N; i++) {{
        xa[i] = a[g * N + i];
        xb[i] = b[g * N + i];
        xc[i] = m[g * N + i];
    }}
    let va = coop_vec<T, N>(xa);
    let vb = coop_vec<T, N>(xb);
    let vc = coop_vec<T, N>(xc);
{pre}    let r = {expr};
    for (var i = 0u; i < N; i++) {{
        out[g * N + i] = {store};
    }}
{extra}}}
",
        module = p.module,
        pre = p.pre,
        expr = p.expr,
        store = p.store,
        extra = p.extra,
    );
    format!(
        "{}\nalias T = {};\nconst N = {n}u;\n{body}",
        header(t, t),
        t.wgsl()
    )
}

/// The case of `op` on `coop_vec<t, n>`, inputs from `seed`.
pub fn case(op: &str, t: Ty, n: u32, seed: u64) -> Case {
    let mut rng = Rng::new(seed);
    let len = (INVOCATIONS * n) as usize;
    let a = values(&mut rng, len, -2.0, 2.0);
    let (b, c) = match op {
        // Divisors away from zero: magnitudes in [1/4, 2], either sign.
        "div" => {
            let b = (0..len)
                .map(|_| {
                    let x = super::case::sixty_fourths(&mut rng, 0.25, 2.0);
                    if rng.next_u64() & 1 == 0 {
                        x
                    } else {
                        -x
                    }
                })
                .collect();
            (b, values(&mut rng, len, -2.0, 2.0))
        }
        // lo <= hi everywhere.
        "clamp" => (
            values(&mut rng, len, -1.0, 0.0),
            values(&mut rng, len, 0.0, 1.0),
        ),
        _ => (
            values(&mut rng, len, -2.0, 2.0),
            values(&mut rng, len, -2.0, 2.0),
        ),
    };
    let expect = expected(op, t, n, &a, &b, &c);
    Case {
        name: format!("{op}/N{n}"),
        config: t.wgsl().to_string(),
        wgsl: wgsl(op, t, n),
        input: t,
        output: t,
        a,
        b,
        m: c,
        bias: vec![0.0; 4],
        params: [0; 4],
        expect,
    }
}

/// The expected `out` of `op` (per invocation `g`, component `i`) from the
/// inputs, in f64.
pub fn expected(op: &str, t: Ty, n: u32, a: &[f64], b: &[f64], c: &[f64]) -> Vec<Expect> {
    let n = n as usize;
    let u = t.unit_roundoff();
    let mut out = Vec::with_capacity(INVOCATIONS as usize * n);
    for g in 0..INVOCATIONS as usize {
        let at = |v: &[f64], i: usize| v[g * n + i];
        for i in 0..n {
            let (x, y, z) = (at(a, i), at(b, i), at(c, i));
            let rounded = |v: f64, ulps: f64| Expect::Near {
                value: v,
                tol: ulps * u * v.abs(),
            };
            let e = match op {
                "zero" => Expect::exact(0.0),
                "splat" => Expect::exact(b[g]),
                "splat_const" => Expect::exact(0.75),
                "from_array" | "index_const" | "index_clamp" => Expect::exact(x),
                "index_runtime" => Expect::exact(at(a, n - 1 - i)),
                "add" | "private" => Expect::exact(x + y),
                "sub" => Expect::exact(x - y),
                "mul" => rounded(x * y, 2.0),
                "div" => rounded(x / y, 8.0),
                "neg" => Expect::exact(-x),
                "scale_vs" | "scale_sv" => rounded(x * b[g], 2.0),
                "max" => Expect::exact(x.max(y)),
                "min" => Expect::exact(x.min(y)),
                "clamp" => Expect::exact(x.max(y).min(z)),
                "relu" => Expect::exact(x.max(0.0)),
                "exp" => rounded(x.exp(), 2.0 * (3.0 + 2.0 * x.abs())),
                "tanh" => Expect::Near {
                    value: x.tanh(),
                    tol: 16.0 * u,
                },
                "expression" => Expect::Near {
                    value: (x + y) * z - x,
                    // (x + y) is exact; one rounding of the product (or
                    // none with a fused multiply-add) and one of the
                    // difference.
                    tol: 4.0 * u * ((x + y) * z).abs() + 2.0 * u * ((x + y) * z - x).abs(),
                },
                "function" => Expect::exact(2.0 * x),
                "var_loop" => Expect::exact(3.0 * x),
                other => unreachable!("unknown element-wise operation {other}"),
            };
            out.push(e);
        }
        match op {
            "index_const" => {
                out[g * n] = Expect::exact(at(a, n - 1));
                out[g * n + n - 1] = Expect::exact(at(a, 0));
            }
            "index_clamp" => {
                // A u32 index past the end reads the last component; a
                // negative i32 index is clamped to one end (WGSL leaves
                // which to the implementation).
                out[g * n] = Expect::exact(at(a, n - 1));
                out[g * n + 1] = Expect::OneOf(vec![at(a, 0), at(a, n - 1)]);
            }
            _ => {}
        }
    }
    out
}

/// Every element-wise case: each operation for `T` in f16 and f32 and
/// each size.
pub fn cases() -> Vec<Case> {
    let mut out = Vec::new();
    let mut seed = 1000;
    for t in [Ty::F16, Ty::F32] {
        for &n in SIZES {
            for op in OPS {
                seed += 1;
                out.push(case(op, t, n, seed));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn references_follow_the_definitions() {
        let a = vec![1.5; (INVOCATIONS * 5) as usize];
        let mut b = vec![-0.5; (INVOCATIONS * 5) as usize];
        b[0] = 0.25;
        let c = vec![2.0; (INVOCATIONS * 5) as usize];
        let first = |op: &str| expected(op, Ty::F16, 5, &a, &b, &c)[0].clone();
        assert_eq!(first("add"), Expect::exact(1.75));
        assert_eq!(first("clamp"), Expect::exact(1.5));
        assert_eq!(first("relu"), Expect::exact(1.5));
        assert_eq!(first("splat"), Expect::exact(0.25));
        assert_eq!(first("var_loop"), Expect::exact(4.5));
        let Expect::Near { value, tol } = first("div") else {
            panic!("div is near")
        };
        assert_eq!(value, 6.0);
        assert!(tol > 0.0 && tol < 0.05);
        let Expect::Near { value, .. } = first("expression") else {
            panic!("expression is near")
        };
        assert_eq!(value, (1.5 + 0.25) * 2.0 - 1.5);
        // Invocation 1's splat reads b[1].
        assert_eq!(
            expected("splat", Ty::F32, 5, &a, &b, &c)[5],
            Expect::exact(-0.5)
        );
        let clamp = expected("index_clamp", Ty::F16, 5, &a, &b, &c);
        assert_eq!(clamp[1], Expect::OneOf(vec![1.5, 1.5]));
    }

    #[test]
    fn every_case_is_complete() {
        let all = cases();
        assert_eq!(all.len(), OPS.len() * SIZES.len() * 2);
        for c in &all {
            let n: usize = c.name.rsplit('N').next().unwrap().parse().unwrap();
            assert_eq!(c.expect.len(), INVOCATIONS as usize * n, "{}", c.name);
            assert_eq!(c.a.len(), c.expect.len());
            assert!(c
                .wgsl
                .contains("enable tessera_experimental_cooperative_vector;"));
            assert!(c.wgsl.contains("coop_vec<T, N>(xa)"));
        }
        // Divisors are never zero; clamp bounds are ordered.
        let div = case("div", Ty::F16, 16, 3);
        assert!(div.b.iter().all(|&x| x.abs() >= 0.25));
        let clamp = case("clamp", Ty::F16, 16, 3);
        assert!(clamp.b.iter().zip(&clamp.m).all(|(lo, hi)| lo <= hi));
    }
}
