//! Conformance cases in wgpu's cooperative-matrix dialect
//! (`enable wgpu_cooperative_matrix;`), for every config the dialect can
//! spell: square 8x8x8 or 16x16x16 with f32 or f16 operands and results.
//! The runner compiles each with tessera and, as a differential check, with
//! naga 30 (the dialect's reference implementation).

use std::fmt::Write as _;

use tessera::configs::{ComponentType, SubgroupMatrixConfig};

use crate::cases::{
    entry, fill_value, literal, load_store_case, placement, scalar_operand, Access, Case, Elem,
    Kind, Memory, ScalarOp, Src, Syntax, Value, Write, SUBGROUP,
};

const WGPU: Access = Access {
    syntax: Syntax::Wgpu,
    memory: Memory::Storage,
    elem: Elem::Scalar,
};

/// Whether wgpu's dialect can spell `c`.
pub fn spellable(c: &SubgroupMatrixConfig) -> bool {
    let float = |t| matches!(t, ComponentType::F32 | ComponentType::F16);
    c.m == c.n
        && c.n == c.k
        && matches!(c.m, 8 | 16)
        && float(c.component_type)
        && float(c.result_component_type)
}

fn case(c: &SubgroupMatrixConfig, what: &str, body: String, writes: Vec<Write>) -> Case {
    Case {
        name: format!("{c}/wgpu/{what}"),
        config: *c,
        wgsl: entry(c, &WGPU, &body),
        workgroup_size: SUBGROUP,
        writes,
    }
}

fn constructors(c: &SubgroupMatrixConfig, zero: bool) -> Case {
    let mut body = String::new();
    let mut writes = Vec::new();
    for kind in Kind::ALL {
        let t = kind.component(c);
        let place = placement(c, kind, true, 16, 16);
        let ty = kind.type_in(c, Syntax::Wgpu);
        let (expr, v) = if zero {
            (format!("{ty}()"), 0.0)
        } else {
            let v = fill_value(t);
            (format!("{ty}({})", literal(t, v)), v)
        };
        let _ = writeln!(body, "    {}", WGPU.store(c, kind, &place, &expr));
        writes.push(Write {
            kind,
            place,
            value: Value::Fill(v),
        });
    }
    case(c, if zero { "zero" } else { "fill" }, body, writes)
}

fn multiply_add(c: &SubgroupMatrixConfig, col: bool) -> Case {
    let pl = placement(c, Kind::Left, col, 32, 16);
    let pr = placement(c, Kind::Right, !col, 48, 16);
    let pc = placement(c, Kind::Result, col, 16, 16);
    let out = placement(c, Kind::Result, !col, 0, 16);
    let mut body = String::new();
    let _ = writeln!(body, "    let a = {};", WGPU.load(c, Kind::Left, &pl));
    let _ = writeln!(body, "    let b = {};", WGPU.load(c, Kind::Right, &pr));
    let _ = writeln!(body, "    let acc = {};", WGPU.load(c, Kind::Result, &pc));
    let _ = writeln!(
        body,
        "    {}",
        WGPU.store(c, Kind::Result, &out, "coopMultiplyAdd(a, b, acc)")
    );
    let writes = vec![Write {
        kind: Kind::Result,
        place: out,
        value: Value::MulAdd {
            a: pl,
            b: pr,
            c: Some(pc),
        },
    }];
    let what = if col {
        "multiply_add/col_major_inputs"
    } else {
        "multiply_add/row_major_inputs"
    };
    case(c, what, body, writes)
}

/// `m * s` for the left and result matrices, `s * m` for the right one.
fn scale(c: &SubgroupMatrixConfig) -> Case {
    let mut body = String::new();
    let mut writes = Vec::new();
    for kind in Kind::ALL {
        let t = kind.component(c);
        let src = placement(c, kind, false, 16, 16);
        let dst = placement(c, kind, true, 32, 16);
        let s = scalar_operand(t, ScalarOp::Multiply);
        let k = kind.short();
        let lit = literal(t, s);
        let expr = if kind == Kind::Right {
            format!("{lit} * m_{k}")
        } else {
            format!("m_{k} * {lit}")
        };
        let _ = writeln!(body, "    let m_{k} = {};", WGPU.load(c, kind, &src));
        let _ = writeln!(body, "    {}", WGPU.store(c, kind, &dst, &expr));
        writes.push(Write {
            kind,
            place: dst,
            value: Value::Scalar {
                op: ScalarOp::Multiply,
                src: Src { kind, place: src },
                scalar: s,
            },
        });
    }
    case(c, "scale", body, writes)
}

/// Matrices as function parameters and results, and in a `var`.
fn functions(c: &SubgroupMatrixConfig) -> Case {
    let (at, bt, ct) = (
        Kind::Left.type_in(c, Syntax::Wgpu),
        Kind::Right.type_in(c, Syntax::Wgpu),
        Kind::Result.type_in(c, Syntax::Wgpu),
    );
    let pl = placement(c, Kind::Left, false, 16, 16);
    let pr = placement(c, Kind::Right, true, 16, 16);
    let pc = placement(c, Kind::Result, false, 16, 16);
    let out = placement(c, Kind::Result, true, 32, 16);
    let mut body = String::new();
    let _ = writeln!(
        body,
        "    var acc: {ct} = {};",
        WGPU.load(c, Kind::Result, &pc)
    );
    let _ = writeln!(
        body,
        "    acc = mac({}, {}, acc);",
        WGPU.load(c, Kind::Left, &pl),
        WGPU.load(c, Kind::Right, &pr)
    );
    let _ = writeln!(body, "    {}", WGPU.store(c, Kind::Result, &out, "acc"));
    let mut wgsl = entry(c, &WGPU, &body);
    let _ = write!(
        wgsl,
        "\nfn mac(a: {at}, b: {bt}, c: {ct}) -> {ct} {{\n    return coopMultiplyAdd(a, b, c);\n}}\n"
    );
    Case {
        name: format!("{c}/wgpu/functions"),
        config: *c,
        wgsl,
        workgroup_size: SUBGROUP,
        writes: vec![Write {
            kind: Kind::Result,
            place: out,
            value: Value::MulAdd {
                a: pl,
                b: pr,
                c: Some(pc),
            },
        }],
    }
}

/// Every wgpu-dialect case for `c` (none if the dialect cannot spell it).
pub fn cases_for(c: &SubgroupMatrixConfig) -> Vec<Case> {
    if !spellable(c) {
        return Vec::new();
    }
    let mut out = Vec::new();
    for memory in [Memory::Storage, Memory::Workgroup] {
        for elem in [Elem::Scalar, Elem::Vec4] {
            for load_col in [false, true] {
                let access = Access {
                    syntax: Syntax::Wgpu,
                    memory,
                    elem,
                };
                out.push(load_store_case(c, access, load_col));
            }
        }
    }
    out.push(constructors(c, true));
    out.push(constructors(c, false));
    out.push(multiply_add(c, false));
    out.push(multiply_add(c, true));
    out.push(scale(c));
    out.push(functions(c));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compile::Target;

    #[test]
    fn h100_spellable_configs_and_kernels_compile() {
        let t = Target::h100();
        let spell: Vec<String> = t
            .configs
            .iter()
            .filter(|c| spellable(c))
            .map(ToString::to_string)
            .collect();
        assert_eq!(spell, ["f16:f16:16x16x16", "f16:f32:16x16x16"]);
        for c in t.configs.iter().filter(|c| spellable(c)) {
            let cases = cases_for(c);
            assert_eq!(cases.len(), 14);
            for case in cases {
                assert!(case.wgsl.contains("enable wgpu_cooperative_matrix;"));
                if let Err(e) = t.compile(&case.wgsl) {
                    panic!("{}: {e}\n{}", case.name, case.wgsl);
                }
            }
        }
        let metal = "f32:f32:8x8x8".parse().unwrap();
        assert_eq!(cases_for(&metal).len(), 14);
    }
}
