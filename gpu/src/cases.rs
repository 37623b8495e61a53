//! The hardware conformance suite: per device config, WGSL kernels generated
//! from templates plus a description of what each kernel must write, which
//! [`crate::reference`] turns into expected values.
//!
//! Every kernel has the same six storage buffers, in binding order:
//! `src_l`, `src_r`, `src_c` (random inputs of the left, right and result
//! component types) and `out_l`, `out_r`, `out_c` (poisoned before the run).

use std::fmt::Write as _;

use tessera::configs::{ComponentType, SubgroupMatrixConfig};

use crate::data::component_bytes;

/// Bytes of each of the six buffers of a conformance kernel.
pub const BUF_BYTES: usize = 4096;
/// Invocations per workgroup of most kernels (one subgroup on the target).
pub const SUBGROUP: u32 = 32;

/// Which load/store spelling a kernel uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Syntax {
    /// `subgroupMatrixLoad<T, row_major>(p, offset, stride)`: offset and
    /// stride in array elements.
    Chromium,
    /// `subgroupMatrixLoad<T>(p, offset, col_major, stride)`: offset and
    /// stride in matrix components (bytes for 8-bit).
    Proposal,
    /// wgpu's `coopLoad<T>(&a[offset], stride)` (column-major) and
    /// `coopLoadT` (row-major): offset and stride in array elements.
    Wgpu,
}

/// Where the matrices are loaded from and stored to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Memory {
    /// Directly from/to the storage buffers.
    Storage,
    /// Through `var<workgroup>` copies of the buffers.
    Workgroup,
}

/// The element type of the arrays the pointers point to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Elem {
    /// The shader scalar type (`u32`/`i32` for 8-bit components).
    Scalar,
    /// `vec4` of the shader scalar type (Chromium syntax only).
    Vec4,
}

/// Left, right or result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `subgroup_matrix_left<T, K, M>`: M rows, K columns.
    Left,
    /// `subgroup_matrix_right<T, N, K>`: K rows, N columns.
    Right,
    /// `subgroup_matrix_result<TR, N, M>`: M rows, N columns.
    Result,
}

impl Kind {
    /// All three kinds, in buffer order.
    pub const ALL: [Kind; 3] = [Kind::Left, Kind::Right, Kind::Result];

    /// Index of the kind's source buffer (its output buffer is this + 3).
    pub const fn index(self) -> usize {
        match self {
            Kind::Left => 0,
            Kind::Right => 1,
            Kind::Result => 2,
        }
    }

    /// (rows, columns) of the kind under `c`.
    pub const fn dims(self, c: &SubgroupMatrixConfig) -> (u32, u32) {
        match self {
            Kind::Left => (c.m, c.k),
            Kind::Right => (c.k, c.n),
            Kind::Result => (c.m, c.n),
        }
    }

    /// The component type of the kind under `c`.
    pub const fn component(self, c: &SubgroupMatrixConfig) -> ComponentType {
        match self {
            Kind::Left | Kind::Right => c.component_type,
            Kind::Result => c.result_component_type,
        }
    }

    /// The WGSL type of the kind under `c`.
    pub fn wgsl_type(self, c: &SubgroupMatrixConfig) -> String {
        match self {
            Kind::Left => format!(
                "subgroup_matrix_left<{}, {}, {}>",
                c.component_type, c.k, c.m
            ),
            Kind::Right => format!(
                "subgroup_matrix_right<{}, {}, {}>",
                c.component_type, c.n, c.k
            ),
            Kind::Result => format!(
                "subgroup_matrix_result<{}, {}, {}>",
                c.result_component_type, c.n, c.m
            ),
        }
    }

    /// The role letter of wgpu's dialect.
    pub(crate) const fn role(self) -> &'static str {
        match self {
            Kind::Left => "A",
            Kind::Right => "B",
            Kind::Result => "C",
        }
    }

    /// The type in `syntax` (wgpu's dialect spells square matrices only).
    pub(crate) fn type_in(self, c: &SubgroupMatrixConfig, syntax: Syntax) -> String {
        match syntax {
            Syntax::Wgpu => format!(
                "coop_mat{n}x{n}<{}, {}>",
                self.component(c),
                self.role(),
                n = c.m
            ),
            _ => self.wgsl_type(c),
        }
    }

    pub(crate) const fn short(self) -> &'static str {
        match self {
            Kind::Left => "l",
            Kind::Right => "r",
            Kind::Result => "c",
        }
    }
}

/// Where a matrix lives in a buffer, in units of its component type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placement {
    /// Offset of element [0, 0], in components.
    pub offset: usize,
    /// Distance between rows (row-major) or columns (column-major), in components.
    pub stride: usize,
    /// Column-major when true.
    pub col_major: bool,
}

impl Placement {
    /// Component index of element [r, c].
    pub const fn index(&self, r: usize, c: usize) -> usize {
        if self.col_major {
            self.offset + self.stride * c + r
        } else {
            self.offset + self.stride * r + c
        }
    }
}

/// Scalar arithmetic builtins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScalarOp {
    /// `subgroupMatrixScalarAdd`
    Add,
    /// `subgroupMatrixScalarSubtract`
    Subtract,
    /// `subgroupMatrixScalarMultiply`
    Multiply,
}

impl ScalarOp {
    const fn builtin(self) -> &'static str {
        match self {
            ScalarOp::Add => "subgroupMatrixScalarAdd",
            ScalarOp::Subtract => "subgroupMatrixScalarSubtract",
            ScalarOp::Multiply => "subgroupMatrixScalarMultiply",
        }
    }
}

/// Element-wise operations of the experimental extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ElementOp {
    /// `a + b`
    Add,
    /// `a - b`
    Subtract,
    /// `a * b` (element-wise)
    Multiply,
    /// `a / b`
    Divide,
    /// `max(-a, b)`
    NegMax,
    /// `tanh(a)`
    Tanh,
}

/// A matrix read from a source buffer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Src {
    /// Which kind (and so which source buffer).
    pub kind: Kind,
    /// Where in that buffer.
    pub place: Placement,
}

/// The value of a matrix a kernel stores.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Value {
    /// A loaded matrix, unchanged.
    Copy(Src),
    /// Every element equal to this (already in range) value.
    Fill(f64),
    /// `left * right (+ acc)`.
    MulAdd {
        /// Left operand.
        a: Placement,
        /// Right operand.
        b: Placement,
        /// Accumulator, if any.
        c: Option<Placement>,
    },
    /// An element-wise operation (`tessera_experimental_subgroup_matrix`)
    /// on loaded matrices of one type.
    Elementwise {
        /// The operation.
        op: ElementOp,
        /// First operand.
        a: Src,
        /// Second operand (unary operations ignore it).
        b: Src,
    },
    /// `subgroupMatrixConvert` of a loaded matrix to another kind and
    /// component type (the value rounded to the output's component type).
    Converted(Src),
    /// `convert<left>(a) * right + acc`: the P * V step of attention, with
    /// `a` a result matrix turned into the left operand.
    ConvertedMulAdd {
        /// The result matrix converted to the left operand.
        a: Src,
        /// The right operand (from the right buffer).
        b: Placement,
        /// The accumulator.
        acc: Src,
    },
    /// A scalar builtin applied to a loaded matrix, with the scalar as
    /// written in the shader (before clamping).
    Scalar {
        /// The builtin.
        op: ScalarOp,
        /// The matrix operand.
        src: Src,
        /// The scalar operand.
        scalar: f64,
    },
}

/// One matrix store a kernel performs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Write {
    /// The kind of the stored matrix (selects the output buffer).
    pub kind: Kind,
    /// Where it is stored.
    pub place: Placement,
    /// What is stored.
    pub value: Value,
}

/// One conformance case: a kernel and what it must write.
#[derive(Clone, Debug)]
pub struct Case {
    /// Unique name, e.g. `f16:f32:16x16x16/load_store/chromium/storage/scalar/row_to_col`.
    pub name: String,
    /// The config under test.
    pub config: SubgroupMatrixConfig,
    /// The WGSL source.
    pub wgsl: String,
    /// Workgroup size (x).
    pub workgroup_size: u32,
    /// Every store of the kernel.
    pub writes: Vec<Write>,
}

/// Component type of buffer `binding` (0..6) under `c`.
pub fn buffer_component(c: &SubgroupMatrixConfig, binding: usize) -> ComponentType {
    Kind::ALL[binding % 3].component(c)
}

/// The shader scalar type of a component type (`u32` for `u8`, `i32` for `i8`).
pub const fn shader_scalar(t: ComponentType) -> &'static str {
    match t {
        ComponentType::F32 | ComponentType::BF16 => "f32",
        ComponentType::F16 => "f16",
        ComponentType::U32 | ComponentType::U8 => "u32",
        ComponentType::I32 | ComponentType::I8 => "i32",
    }
}

/// Bytes of one array element of the buffer holding components `t`.
pub const fn elem_bytes(t: ComponentType, elem: Elem) -> usize {
    let scalar = match t {
        ComponentType::F16 => 2,
        _ => 4,
    };
    match elem {
        Elem::Scalar => scalar,
        Elem::Vec4 => scalar * 4,
    }
}

fn elem_type(t: ComponentType, elem: Elem) -> String {
    // bf16 data travels as raw bits in u32 words (f32 copies could quieten
    // NaN patterns).
    if t == ComponentType::BF16 {
        return match elem {
            Elem::Scalar => "u32".to_string(),
            Elem::Vec4 => "vec4<u32>".to_string(),
        };
    }
    match elem {
        Elem::Scalar => shader_scalar(t).to_string(),
        Elem::Vec4 => format!("vec4<{}>", shader_scalar(t)),
    }
}

/// A WGSL literal of the shader scalar type of `t`.
pub fn literal(t: ComponentType, v: f64) -> String {
    match shader_scalar(t) {
        "f32" => format!("{v:?}f"),
        "f16" => format!("{v:?}h"),
        "u32" => format!("{}u", v as u64),
        _ => format!("{}i", v as i64),
    }
}

const fn round_up(v: usize, to: usize) -> usize {
    v.div_ceil(to) * to
}

/// A placement for `kind` with the given majorness, `offset_bytes` and
/// `extra_bytes` beyond the (16-byte rounded) minimum stride. Offsets and
/// strides stay multiples of 16 bytes, as Vulkan requires for
/// cooperative-matrix pointers and strides.
pub fn placement(
    c: &SubgroupMatrixConfig,
    kind: Kind,
    col_major: bool,
    offset_bytes: usize,
    extra_bytes: usize,
) -> Placement {
    let (rows, cols) = kind.dims(c);
    let minor = if col_major { rows } else { cols } as usize;
    let size = component_bytes(kind.component(c));
    let stride_bytes = round_up(minor * size, 16) + extra_bytes;
    Placement {
        offset: offset_bytes / size,
        stride: stride_bytes / size,
        col_major,
    }
}

/// How a kernel addresses its buffers.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Access {
    pub(crate) syntax: Syntax,
    pub(crate) memory: Memory,
    pub(crate) elem: Elem,
}

impl Access {
    pub(crate) const PLAIN: Access = Access {
        syntax: Syntax::Chromium,
        memory: Memory::Storage,
        elem: Elem::Scalar,
    };

    /// Converts a component count of `t` into the call's units.
    fn units(&self, t: ComponentType, comps: usize) -> usize {
        match self.syntax {
            Syntax::Proposal => comps,
            Syntax::Chromium | Syntax::Wgpu => {
                comps * component_bytes(t) / elem_bytes(t, self.elem)
            }
        }
    }

    fn var(&self, base: &str) -> String {
        match self.memory {
            Memory::Storage => base.to_string(),
            Memory::Workgroup => format!("wg_{base}"),
        }
    }

    pub(crate) fn load(&self, c: &SubgroupMatrixConfig, kind: Kind, p: &Placement) -> String {
        let t = kind.component(c);
        let ty = kind.type_in(c, self.syntax);
        let var = self.var(&format!("src_{}", kind.short()));
        let (off, stride) = (self.units(t, p.offset), self.units(t, p.stride));
        match self.syntax {
            Syntax::Chromium => {
                let maj = if p.col_major {
                    "col_major"
                } else {
                    "row_major"
                };
                format!("subgroupMatrixLoad<{ty}, {maj}>(&{var}, {off}u, {stride}u)")
            }
            Syntax::Proposal => {
                format!(
                    "subgroupMatrixLoad<{ty}>(&{var}, {off}u, {}, {stride}u)",
                    p.col_major
                )
            }
            Syntax::Wgpu => {
                let f = if p.col_major { "coopLoad" } else { "coopLoadT" };
                format!("{f}<{ty}>(&{var}[{off}u], {stride}u)")
            }
        }
    }

    pub(crate) fn store(
        &self,
        c: &SubgroupMatrixConfig,
        kind: Kind,
        p: &Placement,
        value: &str,
    ) -> String {
        let t = kind.component(c);
        let var = self.var(&format!("out_{}", kind.short()));
        let (off, stride) = (self.units(t, p.offset), self.units(t, p.stride));
        match self.syntax {
            Syntax::Chromium => {
                let maj = if p.col_major {
                    "col_major"
                } else {
                    "row_major"
                };
                format!("subgroupMatrixStore<{maj}>(&{var}, {off}u, {value}, {stride}u);")
            }
            Syntax::Proposal => format!(
                "subgroupMatrixStore(&{var}, {off}u, {value}, {}, {stride}u);",
                p.col_major
            ),
            Syntax::Wgpu => {
                let f = if p.col_major {
                    "coopStore"
                } else {
                    "coopStoreT"
                };
                format!("{f}({value}, &{var}[{off}u], {stride}u);")
            }
        }
    }
}

/// The module header and the six buffer declarations.
fn header(c: &SubgroupMatrixConfig, access: &Access) -> String {
    let mut s = String::new();
    if c.component_type == ComponentType::F16 || c.result_component_type == ComponentType::F16 {
        s.push_str("enable f16;\n");
    }
    if c.component_type == ComponentType::BF16 || c.result_component_type == ComponentType::BF16 {
        s.push_str("enable tessera_experimental_bf16;\n");
    }
    s.push_str(if access.syntax == Syntax::Wgpu {
        "enable wgpu_cooperative_matrix;\n\n"
    } else {
        "enable chromium_experimental_subgroup_matrix;\n\n"
    });
    for (i, kind) in Kind::ALL.iter().enumerate() {
        let t = elem_type(kind.component(c), access.elem);
        let _ = writeln!(
            s,
            "@group(0) @binding({i}) var<storage, read> src_{}: array<{t}>;",
            kind.short()
        );
    }
    for (i, kind) in Kind::ALL.iter().enumerate() {
        let t = elem_type(kind.component(c), access.elem);
        let _ = writeln!(
            s,
            "@group(0) @binding({}) var<storage, read_write> out_{}: array<{t}>;",
            i + 3,
            kind.short()
        );
    }
    if access.memory == Memory::Workgroup {
        for kind in Kind::ALL {
            let t = elem_type(kind.component(c), access.elem);
            let n = BUF_BYTES / elem_bytes(kind.component(c), access.elem);
            let k = kind.short();
            let _ = writeln!(s, "var<workgroup> wg_src_{k}: array<{t}, {n}>;");
            let _ = writeln!(s, "var<workgroup> wg_out_{k}: array<{t}, {n}>;");
        }
    }
    s
}

/// Wraps `body` in an entry point; for workgroup memory, copies the
/// buffers in before and the outputs back after.
/// The tessera-only enable the experimental cases add after the header.
pub(crate) const EXPERIMENTAL: &str = "enable tessera_experimental_subgroup_matrix;\n";

pub(crate) fn entry(c: &SubgroupMatrixConfig, access: &Access, body: &str) -> String {
    let mut s = header(c, access);
    s.push_str("\n@compute @workgroup_size(32)\n");
    s.push_str("fn main(@builtin(local_invocation_index) lid: u32) {\n");
    if access.memory == Memory::Workgroup {
        for kind in Kind::ALL {
            let n = BUF_BYTES / elem_bytes(kind.component(c), access.elem);
            let k = kind.short();
            let _ = writeln!(
                s,
                "    for (var i = lid; i < {n}u; i = i + 32u) {{\n        wg_src_{k}[i] = src_{k}[i];\n        wg_out_{k}[i] = out_{k}[i];\n    }}"
            );
        }
        s.push_str("    workgroupBarrier();\n");
    }
    s.push_str(body);
    if access.memory == Memory::Workgroup {
        s.push_str("    workgroupBarrier();\n");
        for kind in Kind::ALL {
            let n = BUF_BYTES / elem_bytes(kind.component(c), access.elem);
            let k = kind.short();
            let _ = writeln!(
                s,
                "    for (var i = lid; i < {n}u; i = i + 32u) {{\n        out_{k}[i] = wg_out_{k}[i];\n    }}"
            );
        }
    }
    s.push_str("}\n");
    s
}

pub(crate) fn load_store_case(c: &SubgroupMatrixConfig, access: Access, load_col: bool) -> Case {
    let mut body = String::new();
    let mut writes = Vec::new();
    for kind in Kind::ALL {
        let src = placement(c, kind, load_col, 32, 16);
        let dst = placement(c, kind, !load_col, 64, 32);
        let _ = writeln!(
            body,
            "    let m_{} = {};",
            kind.short(),
            access.load(c, kind, &src)
        );
        let _ = writeln!(
            body,
            "    {}",
            access.store(c, kind, &dst, &format!("m_{}", kind.short()))
        );
        writes.push(Write {
            kind,
            place: dst,
            value: Value::Copy(Src { kind, place: src }),
        });
    }
    let name = format!(
        "{c}/load_store/{}/{}/{}/{}",
        match access.syntax {
            Syntax::Chromium => "chromium",
            Syntax::Proposal => "proposal",
            Syntax::Wgpu => "wgpu",
        },
        match access.memory {
            Memory::Storage => "storage",
            Memory::Workgroup => "workgroup",
        },
        match access.elem {
            Elem::Scalar => "scalar",
            Elem::Vec4 => "vec4",
        },
        if load_col { "col_to_row" } else { "row_to_col" }
    );
    Case {
        name,
        config: *c,
        wgsl: entry(c, &access, &body),
        workgroup_size: SUBGROUP,
        writes,
    }
}

fn plain_case(c: &SubgroupMatrixConfig, what: &str, body: String, writes: Vec<Write>) -> Case {
    Case {
        name: format!("{c}/{what}"),
        config: *c,
        wgsl: entry(c, &Access::PLAIN, &body),
        workgroup_size: SUBGROUP,
        writes,
    }
}

/// A fill value of `t` that is in range and not a poison pattern.
pub(crate) fn fill_value(t: ComponentType) -> f64 {
    match t {
        ComponentType::F32 | ComponentType::F16 | ComponentType::BF16 => -2.5,
        ComponentType::U32 => 123_456.0,
        ComponentType::I32 => -98_765.0,
        ComponentType::U8 => 200.0,
        ComponentType::I8 => -100.0,
    }
}

fn constructors_case(c: &SubgroupMatrixConfig, zero: bool) -> Case {
    let a = Access::PLAIN;
    let mut body = String::new();
    let mut writes = Vec::new();
    for kind in Kind::ALL {
        let t = kind.component(c);
        let place = placement(c, kind, false, 16, 16);
        let (expr, v) = if zero {
            (format!("{}()", kind.wgsl_type(c)), 0.0)
        } else {
            let v = fill_value(t);
            (format!("{}({})", kind.wgsl_type(c), literal(t, v)), v)
        };
        let _ = writeln!(body, "    {}", a.store(c, kind, &place, &expr));
        writes.push(Write {
            kind,
            place,
            value: Value::Fill(v),
        });
    }
    plain_case(c, if zero { "zero" } else { "fill" }, body, writes)
}

fn multiply_case(c: &SubgroupMatrixConfig, accumulate: bool, col: bool) -> Case {
    let a = Access::PLAIN;
    let pl = placement(c, Kind::Left, col, 32, 16);
    let pr = placement(c, Kind::Right, !col, 48, 16);
    let pc = placement(c, Kind::Result, col, 16, 16);
    let out = placement(c, Kind::Result, false, 0, 16);
    let mut body = String::new();
    let _ = writeln!(body, "    let l = {};", a.load(c, Kind::Left, &pl));
    let _ = writeln!(body, "    let r = {};", a.load(c, Kind::Right, &pr));
    let expr = if accumulate {
        let _ = writeln!(body, "    let acc = {};", a.load(c, Kind::Result, &pc));
        "subgroupMatrixMultiplyAccumulate(l, r, acc)".to_string()
    } else {
        format!("subgroupMatrixMultiply<{}>(l, r)", c.result_component_type)
    };
    let _ = writeln!(body, "    let res = {expr};");
    let _ = writeln!(body, "    {}", a.store(c, Kind::Result, &out, "res"));
    let writes = vec![Write {
        kind: Kind::Result,
        place: out,
        value: Value::MulAdd {
            a: pl,
            b: pr,
            c: accumulate.then_some(pc),
        },
    }];
    let what = format!(
        "{}/{}",
        if accumulate {
            "multiply_accumulate"
        } else {
            "multiply"
        },
        if col {
            "col_major_inputs"
        } else {
            "row_major_inputs"
        }
    );
    plain_case(c, &what, body, writes)
}

/// The scalar operand a kernel uses for `op` on components `t`. For 8-bit
/// types it is deliberately out of range, to exercise clamping.
pub fn scalar_operand(t: ComponentType, op: ScalarOp) -> f64 {
    match (t, op) {
        (ComponentType::F32 | ComponentType::F16 | ComponentType::BF16, ScalarOp::Add) => 1.5,
        (ComponentType::F32 | ComponentType::F16 | ComponentType::BF16, ScalarOp::Subtract) => 0.75,
        (ComponentType::F32 | ComponentType::F16 | ComponentType::BF16, ScalarOp::Multiply) => -2.0,
        (ComponentType::U32, ScalarOp::Add) => 7.0,
        (ComponentType::U32, ScalarOp::Subtract) => 2000.0,
        (ComponentType::U32, ScalarOp::Multiply) => 3.0,
        (ComponentType::I32, ScalarOp::Add) => -7.0,
        (ComponentType::I32, ScalarOp::Subtract) => 11.0,
        (ComponentType::I32, ScalarOp::Multiply) => -3.0,
        (ComponentType::U8, ScalarOp::Add) => 300.0,
        (ComponentType::U8, ScalarOp::Subtract) => 1000.0,
        (ComponentType::U8, ScalarOp::Multiply) => 3.0,
        (ComponentType::I8, ScalarOp::Add) => -200.0,
        (ComponentType::I8, ScalarOp::Subtract) => 200.0,
        (ComponentType::I8, ScalarOp::Multiply) => -3.0,
    }
}

fn scalar_case(c: &SubgroupMatrixConfig, rotation: usize) -> Case {
    let ops = [ScalarOp::Add, ScalarOp::Subtract, ScalarOp::Multiply];
    let a = Access::PLAIN;
    let mut body = String::new();
    let mut writes = Vec::new();
    for (i, kind) in Kind::ALL.into_iter().enumerate() {
        let op = ops[(i + rotation) % 3];
        let t = kind.component(c);
        let src = placement(c, kind, false, 16, 16);
        let dst = placement(c, kind, false, 32, 16);
        let s = scalar_operand(t, op);
        let k = kind.short();
        let _ = writeln!(body, "    let m_{k} = {};", a.load(c, kind, &src));
        let _ = writeln!(
            body,
            "    {}",
            a.store(
                c,
                kind,
                &dst,
                &format!("{}(m_{k}, {})", op.builtin(), literal(t, s))
            )
        );
        writes.push(Write {
            kind,
            place: dst,
            value: Value::Scalar {
                op,
                src: Src { kind, place: src },
                scalar: s,
            },
        });
    }
    plain_case(c, &format!("scalar_ops/{rotation}"), body, writes)
}

fn composite_case(c: &SubgroupMatrixConfig) -> Case {
    let a = Access::PLAIN;
    let (lt, rt, ct) = (
        Kind::Left.wgsl_type(c),
        Kind::Right.wgsl_type(c),
        Kind::Result.wgsl_type(c),
    );
    let pl = placement(c, Kind::Left, false, 16, 16);
    let pr = placement(c, Kind::Right, false, 16, 16);
    let pc = placement(c, Kind::Result, false, 16, 16);
    let out_c = placement(c, Kind::Result, true, 32, 16);
    let out_l = placement(c, Kind::Left, true, 32, 16);
    let out_r = placement(c, Kind::Right, true, 32, 16);
    let mut body = String::new();
    let _ = writeln!(body, "    var accs: array<{ct}, 2>;");
    let _ = writeln!(body, "    accs[0] = {ct}();");
    let _ = writeln!(body, "    accs[1] = {};", a.load(c, Kind::Result, &pc));
    let _ = writeln!(body, "    let ops = make_operands();");
    let _ = writeln!(body, "    var i = 0u;");
    let _ = writeln!(body, "    accs[i] = mac(ops, accs[1]);");
    let _ = writeln!(body, "    {}", a.store(c, Kind::Result, &out_c, "accs[0]"));
    let _ = writeln!(body, "    {}", a.store(c, Kind::Left, &out_l, "ops.l"));
    let _ = writeln!(body, "    {}", a.store(c, Kind::Right, &out_r, "ops.r"));
    let mut helpers = String::new();
    let _ = writeln!(
        helpers,
        "struct Operands {{\n    l: {lt},\n    r: {rt},\n}}\n"
    );
    let _ = writeln!(
        helpers,
        "fn make_operands() -> Operands {{\n    var o: Operands;\n    o.l = {};\n    o.r = {};\n    return o;\n}}\n",
        a.load(c, Kind::Left, &pl),
        a.load(c, Kind::Right, &pr)
    );
    let _ = writeln!(
        helpers,
        "fn mac(ops: Operands, acc: {ct}) -> {ct} {{\n    return subgroupMatrixMultiplyAccumulate(ops.l, ops.r, acc);\n}}"
    );
    let wgsl = entry(c, &a, &body);
    let wgsl = wgsl.replacen("\n@compute", &format!("\n{helpers}\n@compute"), 1);
    Case {
        name: format!("{c}/arrays_structs_functions"),
        config: *c,
        wgsl,
        workgroup_size: SUBGROUP,
        writes: vec![
            Write {
                kind: Kind::Result,
                place: out_c,
                value: Value::MulAdd {
                    a: pl,
                    b: pr,
                    c: Some(pc),
                },
            },
            Write {
                kind: Kind::Left,
                place: out_l,
                value: Value::Copy(Src {
                    kind: Kind::Left,
                    place: pl,
                }),
            },
            Write {
                kind: Kind::Right,
                place: out_r,
                value: Value::Copy(Src {
                    kind: Kind::Right,
                    place: pr,
                }),
            },
        ],
    }
}

/// Subgroups per workgroup of the `subgroup_id` case.
pub const SUBGROUP_ID_GROUPS: u32 = 4;

fn subgroup_id_case(c: &SubgroupMatrixConfig) -> Case {
    let a = Access::PLAIN;
    let t = c.result_component_type;
    // Minimum stride, so four f32 16x16 blocks fit in the buffer.
    let base = placement(c, Kind::Result, false, 0, 0);
    let block = base.stride * c.m as usize;
    let ct = Kind::Result.wgsl_type(c);
    let mut s = header(c, &a);
    let store = format!(
        "subgroupMatrixStore<row_major>(&out_c, sg * {}u, m, {}u);",
        a.units(t, block),
        a.units(t, base.stride)
    );
    let _ = write!(
        s,
        "\n@compute @workgroup_size({})\nfn main(@builtin(subgroup_id) sg: u32) {{\n    let m = {ct}({}(sg + 1u));\n    {store}\n}}\n",
        SUBGROUP * SUBGROUP_ID_GROUPS,
        shader_scalar(t),
    );
    let writes = (0..SUBGROUP_ID_GROUPS as usize)
        .map(|g| Write {
            kind: Kind::Result,
            place: Placement {
                offset: g * block,
                ..base
            },
            value: Value::Fill((g + 1) as f64),
        })
        .collect();
    Case {
        name: format!("{c}/subgroup_id"),
        config: *c,
        wgsl: s,
        workgroup_size: SUBGROUP * SUBGROUP_ID_GROUPS,
        writes,
    }
}

/// The core cases for one config (the whole suite is
/// [`crate::suite::cases_for`]).
pub fn core_cases_for(c: &SubgroupMatrixConfig) -> Vec<Case> {
    let mut out = Vec::new();
    // bf16 (tessera's experimental component type): Chromium's form only (the
    // proposal's form has no bf16), and no scalar arithmetic (SPIR-V has none
    // on bf16).
    let bf16 =
        c.component_type == ComponentType::BF16 || c.result_component_type == ComponentType::BF16;
    for syntax in [Syntax::Chromium, Syntax::Proposal] {
        if bf16 && syntax == Syntax::Proposal {
            continue;
        }
        for memory in [Memory::Storage, Memory::Workgroup] {
            for elem in [Elem::Scalar, Elem::Vec4] {
                if syntax == Syntax::Proposal && elem == Elem::Vec4 {
                    continue;
                }
                for load_col in [false, true] {
                    let access = Access {
                        syntax,
                        memory,
                        elem,
                    };
                    out.push(load_store_case(c, access, load_col));
                }
            }
        }
    }
    out.push(constructors_case(c, false));
    out.push(constructors_case(c, true));
    for accumulate in [false, true] {
        for col in [false, true] {
            out.push(multiply_case(c, accumulate, col));
        }
    }
    for rotation in 0..3 {
        if !bf16 {
            out.push(scalar_case(c, rotation));
        }
    }
    out.push(composite_case(c));
    out.push(subgroup_id_case(c));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cfg(s: &str) -> SubgroupMatrixConfig {
        s.parse().unwrap()
    }

    #[test]
    fn bf16_kernels_compile() {
        let c = cfg("bf16:f32:16x16x16");
        let mut t = crate::compile::Target::h100();
        t.configs.push(c);
        let cases = crate::suite::cases_for(&c);
        // Chromium-form load/store (8), fill and zero, 4 multiplies,
        // composites, subgroup_id; 4 experimental (f32 results, the
        // attention step into a bf16 left operand).
        assert_eq!(cases.len(), 20);
        for case in cases {
            assert!(
                case.wgsl.contains("enable tessera_experimental_bf16;"),
                "{}",
                case.name
            );
            if let Err(e) = t.compile(&case.wgsl) {
                panic!("{}: {e}\n{}", case.name, case.wgsl);
            }
        }
    }

    #[test]
    fn placements_are_16_byte_aligned_and_above_minimum() {
        for c in ["f16:f32:16x8x16", "u8:u32:16x8x32", "i8:i32:16x16x32"] {
            let c = cfg(c);
            for kind in Kind::ALL {
                for col in [false, true] {
                    let p = placement(&c, kind, col, 32, 16);
                    let size = component_bytes(kind.component(&c));
                    let (rows, cols) = kind.dims(&c);
                    let minor = if col { rows } else { cols } as usize;
                    assert_eq!((p.offset * size) % 16, 0);
                    assert_eq!((p.stride * size) % 16, 0);
                    assert!(p.stride > minor, "{c} {kind:?} {col}");
                }
            }
        }
    }

    #[test]
    fn matrices_fit_in_buffers() {
        for c in ["f16:f32:16x16x16", "u8:u32:16x16x32", "f16:f16:16x8x8"] {
            let c = cfg(c);
            for case in crate::suite::cases_for(&c) {
                for w in &case.writes {
                    let (rows, cols) = w.kind.dims(&c);
                    let last = w.place.index(rows as usize - 1, cols as usize - 1);
                    let bytes = (last + 1) * component_bytes(w.kind.component(&c));
                    assert!(bytes <= BUF_BYTES, "{}", case.name);
                }
            }
        }
    }

    #[test]
    fn load_store_kernel_text() {
        let c = cfg("u8:u32:16x8x32");
        let cases = crate::suite::cases_for(&c);
        let names: Vec<&str> = cases.iter().map(|c| c.name.as_str()).collect();
        // 23 base cases and 2 experimental ones (integer results).
        assert_eq!(cases.len(), 25, "{names:?}");
        let ls = &cases[0];
        assert_eq!(
            ls.name,
            "u8:u32:16x8x32/load_store/chromium/storage/scalar/row_to_col"
        );
        // Left u8 16x32 row-major: offset 32 bytes = 8 u32 elements, stride
        // 32 + 16 bytes = 12 u32 elements.
        assert!(ls.wgsl.contains(
            "subgroupMatrixLoad<subgroup_matrix_left<u8, 32, 16>, row_major>(&src_l, 8u, 12u)"
        ));
        let prop = cases
            .iter()
            .find(|c| c.name.ends_with("proposal/storage/scalar/row_to_col"))
            .unwrap();
        // The proposal's form counts bytes for 8-bit components.
        assert!(prop.wgsl.contains(
            "subgroupMatrixLoad<subgroup_matrix_left<u8, 32, 16>>(&src_l, 32u, false, 48u)"
        ));
        assert!(!prop.wgsl.contains("enable f16"));
        let vec4 = cases
            .iter()
            .find(|c| c.name.ends_with("chromium/workgroup/vec4/col_to_row"))
            .unwrap();
        assert!(vec4
            .wgsl
            .contains("var<workgroup> wg_src_l: array<vec4<u32>, 256>;"));
    }

    #[test]
    fn literals_use_shader_scalar_types() {
        assert_eq!(literal(ComponentType::F16, 1.5), "1.5h");
        assert_eq!(literal(ComponentType::F32, -2.0), "-2.0f");
        assert_eq!(literal(ComponentType::U8, 300.0), "300u");
        assert_eq!(literal(ComponentType::I8, -200.0), "-200i");
    }
}
