//! Conformance cases of tessera's experimental subgroup-matrix operations
//! (`enable tessera_experimental_subgroup_matrix;`,
//! docs/subgroup-matrix-extensions.md), for every config with float
//! components: element-wise arithmetic and math on result matrices, and the
//! attention step `convert<left f16>(S) * V + acc` that turns a result
//! matrix into a left operand (a kind change through workgroup scratch on
//! the KHR path, no instruction on the NV path).

use std::fmt::Write as _;

use tessera::configs::{ComponentType, SubgroupMatrixConfig};

use crate::cases::{
    entry, placement, Access, Case, ElementOp, Kind, Src, Value, Write, EXPERIMENTAL, SUBGROUP,
};

fn float(t: ComponentType) -> bool {
    matches!(
        t,
        ComponentType::F32 | ComponentType::F16 | ComponentType::BF16
    )
}

fn with_enable(wgsl: String) -> String {
    // After the subgroup-matrix enable, which `entry` writes first.
    let at = wgsl
        .find("enable chromium_experimental_subgroup_matrix;\n")
        .map_or(0, |i| {
            i + "enable chromium_experimental_subgroup_matrix;\n".len()
        });
    let mut s = wgsl;
    s.insert_str(at, EXPERIMENTAL);
    s
}

fn expression(op: ElementOp) -> &'static str {
    match op {
        ElementOp::Add => "a + b",
        ElementOp::Subtract => "a - b",
        ElementOp::Multiply => "a * b",
        ElementOp::Divide => "a / b",
        ElementOp::NegMax => "max(-a, b)",
        ElementOp::Tanh => "tanh(a)",
    }
}

fn elementwise(c: &SubgroupMatrixConfig, variant: usize) -> Case {
    let ops = match (float(c.result_component_type), variant) {
        (true, 0) => [ElementOp::Add, ElementOp::Multiply, ElementOp::NegMax],
        (true, _) => [ElementOp::Subtract, ElementOp::Divide, ElementOp::Tanh],
        // Integer results (wrapping): no division, negation only if signed.
        (false, _) if c.result_component_type == ComponentType::I32 => {
            [ElementOp::Add, ElementOp::Subtract, ElementOp::NegMax]
        }
        (false, _) => [ElementOp::Add, ElementOp::Subtract, ElementOp::Multiply],
    };
    let a = Access::PLAIN;
    let pa = placement(c, Kind::Result, false, 0, 0);
    let pb = placement(c, Kind::Result, true, 1024, 0);
    let mut body = String::new();
    let _ = writeln!(body, "    let a = {};", a.load(c, Kind::Result, &pa));
    let _ = writeln!(body, "    let b = {};", a.load(c, Kind::Result, &pb));
    let mut writes = Vec::new();
    for (i, op) in ops.into_iter().enumerate() {
        let dst = placement(c, Kind::Result, i == 1, 1024 * i, 0);
        let _ = writeln!(
            body,
            "    {}",
            a.store(c, Kind::Result, &dst, expression(op))
        );
        writes.push(Write {
            kind: Kind::Result,
            place: dst,
            value: Value::Elementwise {
                op,
                a: Src {
                    kind: Kind::Result,
                    place: pa,
                },
                b: Src {
                    kind: Kind::Result,
                    place: pb,
                },
            },
        });
    }
    Case {
        name: format!("{c}/experimental/elementwise/{variant}"),
        config: *c,
        wgsl: with_enable(entry(c, &a, &body)),
        workgroup_size: SUBGROUP,
        writes,
    }
}

/// `convert<left>(S)` stored, and `convert<left>(S) * V + acc`.
fn attention_step(c: &SubgroupMatrixConfig) -> Case {
    let a = Access::PLAIN;
    let ps = placement(c, Kind::Result, false, 0, 16);
    let pacc = placement(c, Kind::Result, true, 2048, 0);
    let pv = placement(c, Kind::Right, false, 32, 16);
    let out_l = placement(c, Kind::Left, true, 16, 16);
    let out_c = placement(c, Kind::Result, false, 0, 0);
    let lt = Kind::Left.wgsl_type(c);
    let mut body = String::new();
    let _ = writeln!(body, "    let s = {};", a.load(c, Kind::Result, &ps));
    let _ = writeln!(body, "    let acc = {};", a.load(c, Kind::Result, &pacc));
    let _ = writeln!(body, "    let v = {};", a.load(c, Kind::Right, &pv));
    // Through a helper function: the scratch pass hands it the ids.
    let _ = writeln!(body, "    let p = to_left(s);");
    let _ = writeln!(body, "    {}", a.store(c, Kind::Left, &out_l, "p"));
    let _ = writeln!(
        body,
        "    {}",
        a.store(
            c,
            Kind::Result,
            &out_c,
            "subgroupMatrixMultiplyAccumulate(p, v, acc)"
        )
    );
    let src = |place| Src {
        kind: Kind::Result,
        place,
    };
    let mut wgsl = with_enable(entry(c, &a, &body));
    let _ = write!(
        wgsl,
        "\nfn to_left(s: {}) -> {lt} {{\n    return subgroupMatrixConvert<{lt}>(s);\n}}\n",
        Kind::Result.wgsl_type(c)
    );
    Case {
        name: format!("{c}/experimental/attention_step"),
        config: *c,
        wgsl,
        workgroup_size: SUBGROUP,
        writes: vec![
            Write {
                kind: Kind::Left,
                place: out_l,
                value: Value::Converted(src(ps)),
            },
            Write {
                kind: Kind::Result,
                place: out_c,
                value: Value::ConvertedMulAdd {
                    a: src(ps),
                    b: pv,
                    acc: src(pacc),
                },
            },
        ],
    }
}

/// Rows and columns to and from the invocations: invocation `lid` (one
/// subgroup of 32) reads its row (column) of a source matrix with plain
/// loads, the subgroup builds a matrix from them and stores it; and a
/// loaded matrix's rows (columns) are handed to the invocations, which
/// store them with plain stores.
fn invocations(c: &SubgroupMatrixConfig) -> Case {
    let a = Access::PLAIN;
    let t = Kind::Result.component(c);
    let ty = Kind::Result.wgsl_type(c);
    let s = crate::cases::shader_scalar(t);
    let (rows, cols) = Kind::Result.dims(c);
    let pr = placement(c, Kind::Result, false, 0, 0);
    let pc = placement(c, Kind::Result, true, 1024, 0);
    let pb = placement(c, Kind::Result, true, 2048, 0);
    let o = [
        placement(c, Kind::Result, true, 0, 0),
        placement(c, Kind::Result, false, 1024, 0),
        placement(c, Kind::Result, false, 2048, 0),
        placement(c, Kind::Result, true, 3072, 0),
    ];
    let mut body = String::new();
    let _ = writeln!(
        body,
        "    var row: array<{s}, {cols}>;\n    var col: array<{s}, {rows}>;
    for (var j = 0u; j < {cols}u; j++) {{ row[j] = src_c[{} + lid * {}u + j]; }}
    for (var j = 0u; j < {rows}u; j++) {{ col[j] = src_c[{} + lid * {}u + j]; }}
    let m = subgroupMatrixFromRows<{ty}>(row);
    let t = subgroupMatrixFromColumns<{ty}>(col);",
        pr.offset, pr.stride, pc.offset, pc.stride
    );
    let _ = writeln!(body, "    {}", a.store(c, Kind::Result, &o[0], "m"));
    let _ = writeln!(body, "    {}", a.store(c, Kind::Result, &o[1], "t"));
    let _ = writeln!(
        body,
        "    let b = {};
    let r = subgroupMatrixRow(b);
    let k = subgroupMatrixColumn(b);
    if lid < {rows}u {{ for (var j = 0u; j < {cols}u; j++) {{ out_c[{} + lid * {}u + j] = r[j]; }} }}
    if lid < {cols}u {{ for (var j = 0u; j < {rows}u; j++) {{ out_c[{} + lid * {}u + j] = k[j]; }} }}",
        a.load(c, Kind::Result, &pb),
        o[2].offset,
        o[2].stride,
        o[3].offset,
        o[3].stride
    );
    let src = |place| Src {
        kind: Kind::Result,
        place,
    };
    let writes = vec![
        Write {
            kind: Kind::Result,
            place: o[0],
            value: Value::Copy(src(pr)),
        },
        Write {
            kind: Kind::Result,
            place: o[1],
            value: Value::Copy(src(pc)),
        },
        Write {
            kind: Kind::Result,
            place: o[2],
            value: Value::Copy(src(pb)),
        },
        Write {
            kind: Kind::Result,
            place: o[3],
            value: Value::Copy(src(pb)),
        },
    ];
    Case {
        name: format!("{c}/experimental/invocations"),
        config: *c,
        wgsl: with_enable(entry(c, &a, &body)),
        workgroup_size: SUBGROUP,
        writes,
    }
}

/// Every experimental case for `c` (float configs; the attention step
/// where a result matrix has the left operand's shape, N == K).
pub fn cases_for(c: &SubgroupMatrixConfig) -> Vec<Case> {
    if !float(c.result_component_type) {
        // 8-bit inputs with 32-bit integer results: element-wise arithmetic
        // and rows/columns on the results (no conversion to an 8-bit left
        // operand: narrowing is not allowed).
        return vec![elementwise(c, 0), invocations(c)];
    }
    let mut out = vec![elementwise(c, 0), elementwise(c, 1), invocations(c)];
    if c.n == c.k && float(c.component_type) {
        out.push(attention_step(c));
    }
    out
}
