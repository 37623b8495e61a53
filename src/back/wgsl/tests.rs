//! Tests of the WGSL writer on hand-built IR.

use super::write;
use crate::arena::{Handle, HandleRange};
use crate::ir::*;
use crate::span::Span;

/// Builds one function's expressions and body.
struct Fb {
    f: Function,
    stack: Vec<Block>,
    emit_start: usize,
}

impl Fb {
    fn new(name: &str) -> Self {
        Fb {
            f: Function {
                name: name.into(),
                ..Function::default()
            },
            stack: vec![Block::new()],
            emit_start: 0,
        }
    }
    fn arg(&mut self, name: &str, ty: Handle<Type>, binding: Option<Binding>) {
        self.f.arguments.push(FunctionArgument {
            name: name.into(),
            ty,
            binding,
        });
    }
    /// Adds an expression that needs no `Emit`.
    fn pre(&mut self, e: Expression, ty: Handle<Type>) -> Handle<Expression> {
        self.flush();
        let h = self.f.add_expression(e, ty, Span::UNDEFINED);
        self.emit_start = self.f.expressions.len();
        h
    }
    /// Adds an expression covered by the next `Emit`.
    fn e(&mut self, e: Expression, ty: Handle<Type>) -> Handle<Expression> {
        self.f.add_expression(e, ty, Span::UNDEFINED)
    }
    /// Emits pending expressions.
    fn flush(&mut self) {
        let len = self.f.expressions.len();
        if self.emit_start < len {
            let range = HandleRange::from_index_range(self.emit_start..len);
            self.push_raw(Statement::Emit(range));
        }
        self.emit_start = len;
    }
    fn push_raw(&mut self, s: Statement) {
        self.stack.last_mut().unwrap().push(s, Span::UNDEFINED);
    }
    fn stmt(&mut self, s: Statement) {
        self.flush();
        self.push_raw(s);
    }
    fn begin(&mut self) {
        self.flush();
        self.stack.push(Block::new());
    }
    fn end(&mut self) -> Block {
        self.flush();
        self.stack.pop().unwrap()
    }
    fn local(&mut self, name: &str, ty: Handle<Type>) -> Handle<LocalVariable> {
        self.f.local_variables.append(
            LocalVariable {
                name: name.into(),
                ty,
            },
            Span::UNDEFINED,
        )
    }
    fn name(&mut self, h: Handle<Expression>, name: &str) {
        self.f.named_expressions.insert(h, name.into());
    }
    fn finish(mut self, m: &mut Module) -> Handle<Function> {
        self.flush();
        self.f.body = self.stack.pop().unwrap();
        m.functions.append(self.f, Span::UNDEFINED)
    }
}

fn scalar(m: &mut Module, s: Scalar) -> Handle<Type> {
    m.intern(TypeInner::Scalar(s))
}

fn ptr(m: &mut Module, base: Handle<Type>, space: AddressSpace, access: Access) -> Handle<Type> {
    m.intern(TypeInner::Pointer {
        base,
        space,
        access,
    })
}

fn out(m: &Module) -> String {
    write(m).unwrap_or_else(|e| panic!("write failed: {e}"))
}

fn err(m: &Module) -> crate::diagnostic::Diagnostic {
    write(m).unwrap_err().diagnostics[0].clone()
}

/// Checks that naga's independent WGSL front end accepts the output.
fn naga_accepts(src: &str) {
    if let Err(e) = naga::front::wgsl::parse_str(src) {
        panic!("naga rejects the output:\n{}\n{src}", e.emit_to_string(src));
    }
}

fn compute_entry(m: &mut Module, f: Handle<Function>, size: u32) {
    let name = m.functions[f].name.clone();
    m.entry_points.push(EntryPoint {
        workgroup_size_spans: [crate::span::Span::UNDEFINED; 3],
        subgroup_size: None,
        name,
        stage: ShaderStage::Compute,
        function: f,
        workgroup_size: [
            WorkgroupSizeDim::Constant(size),
            WorkgroupSizeDim::Constant(1),
            WorkgroupSizeDim::Constant(1),
        ],
    });
}

#[test]
fn storage_buffer_doubling() {
    let mut m = Module::default();
    let u32_ = scalar(&mut m, Scalar::U32);
    let arr = m.intern(TypeInner::Array {
        base: u32_,
        size: ArraySize::Runtime,
        stride: 4,
    });
    let v3u = m.intern(TypeInner::Vector {
        size: VectorSize::Tri,
        scalar: Scalar::U32,
    });
    let parr = ptr(&mut m, arr, AddressSpace::Storage, Access::ReadWrite);
    let pu = ptr(&mut m, u32_, AddressSpace::Storage, Access::ReadWrite);
    let g = m.global_variables.append(
        GlobalVariable {
            name: "data".into(),
            space: AddressSpace::Storage,
            access: Access::ReadWrite,
            binding: Some(ResourceBinding {
                group: 0,
                binding: 1,
            }),
            ty: arr,
            init: None,
            input_attachment_index: None,
        },
        Span::UNDEFINED,
    );
    let mut fb = Fb::new("main");
    fb.arg(
        "id",
        v3u,
        Some(Binding::BuiltIn(BuiltIn::GlobalInvocationId)),
    );
    let id = fb.pre(Expression::FunctionArgument(0), v3u);
    let gv = fb.pre(Expression::GlobalVariable(g), parr);
    let two = fb.pre(Expression::Literal(Literal::U32(2)), u32_);
    let x = fb.e(Expression::AccessIndex { base: id, index: 0 }, u32_);
    let p = fb.e(Expression::Access { base: gv, index: x }, pu);
    let l = fb.e(Expression::Load { pointer: p }, u32_);
    fb.flush();
    let mul = fb.e(
        Expression::Binary {
            op: BinaryOperator::Multiply,
            left: l,
            right: two,
        },
        u32_,
    );
    let x2 = fb.e(Expression::AccessIndex { base: id, index: 0 }, u32_);
    let p2 = fb.e(
        Expression::Access {
            base: gv,
            index: x2,
        },
        pu,
    );
    fb.stmt(Statement::Store {
        pointer: p2,
        value: mul,
    });
    let f = fb.finish(&mut m);
    compute_entry(&mut m, f, 64);
    let text = out(&m);
    assert_eq!(
        text,
        "@group(0) @binding(1) var<storage, read_write> data: array<u32>;\n\
         \n\
         @compute @workgroup_size(64)\n\
         fn main(@builtin(global_invocation_id) id: vec3<u32>) {\n  \
           data[id.x] = data[id.x] * 2u;\n\
         }\n"
    );
    naga_accepts(&text);
}

#[test]
fn load_crossing_a_store_is_bound_by_let() {
    // var x = 1i; let a = x (unnamed); x = 2i; return a + a;
    let mut m = Module::default();
    let i32_ = scalar(&mut m, Scalar::I32);
    let pi = ptr(&mut m, i32_, AddressSpace::Function, Access::ReadWrite);
    let mut fb = Fb::new("f");
    let x = fb.local("x", i32_);
    let xp = fb.pre(Expression::LocalVariable(x), pi);
    let one = fb.pre(Expression::Literal(Literal::I32(1)), i32_);
    let two = fb.pre(Expression::Literal(Literal::I32(2)), i32_);
    fb.stmt(Statement::Store {
        pointer: xp,
        value: one,
    });
    let l = fb.e(Expression::Load { pointer: xp }, i32_);
    fb.stmt(Statement::Store {
        pointer: xp,
        value: two,
    });
    let sum = fb.e(
        Expression::Binary {
            op: BinaryOperator::Add,
            left: l,
            right: one,
        },
        i32_,
    );
    fb.stmt(Statement::Return { value: Some(sum) });
    fb.f.result = Some(FunctionResult {
        ty: i32_,
        binding: None,
    });
    fb.finish(&mut m);
    let text = out(&m);
    assert_eq!(
        text,
        "fn f() -> i32 {\n  var x: i32 = 1i;\n  let _e3 = x;\n  x = 2i;\n  return _e3 + 1i;\n}\n"
    );
    naga_accepts(&text);
}

#[test]
fn locals_used_before_their_store_are_declared_at_the_top() {
    let mut m = Module::default();
    let f32_ = scalar(&mut m, Scalar::F32);
    let pf = ptr(&mut m, f32_, AddressSpace::Function, Access::ReadWrite);
    let mut fb = Fb::new("f");
    let a = fb.local("a", f32_);
    let b = fb.local("b", f32_);
    let ap = fb.pre(Expression::LocalVariable(a), pf);
    let bp = fb.pre(Expression::LocalVariable(b), pf);
    let zero = fb.pre(Expression::ZeroValue(f32_), f32_);
    // a is declared with a zero store; b is read before any store.
    fb.stmt(Statement::Store {
        pointer: ap,
        value: zero,
    });
    let lb = fb.e(Expression::Load { pointer: bp }, f32_);
    fb.stmt(Statement::Store {
        pointer: ap,
        value: lb,
    });
    fb.stmt(Statement::Store {
        pointer: bp,
        value: zero,
    });
    fb.finish(&mut m);
    let text = out(&m);
    assert_eq!(
        text,
        "fn f() {\n  var b: f32;\n  var a: f32;\n  a = b;\n  b = f32();\n}\n"
    );
    naga_accepts(&text);
}

#[test]
fn local_declared_in_a_block_but_used_after_it_moves_to_the_top() {
    let mut m = Module::default();
    let i32_ = scalar(&mut m, Scalar::I32);
    let pi = ptr(&mut m, i32_, AddressSpace::Function, Access::ReadWrite);
    let mut fb = Fb::new("f");
    let x = fb.local("x", i32_);
    let xp = fb.pre(Expression::LocalVariable(x), pi);
    let one = fb.pre(Expression::Literal(Literal::I32(1)), i32_);
    fb.begin();
    fb.stmt(Statement::Store {
        pointer: xp,
        value: one,
    });
    let inner = fb.end();
    fb.stmt(Statement::Block(inner));
    fb.stmt(Statement::Store {
        pointer: xp,
        value: one,
    });
    fb.finish(&mut m);
    let text = out(&m);
    assert_eq!(
        text,
        "fn f() {\n  var x: i32;\n  {\n    x = 1i;\n  }\n  x = 1i;\n}\n"
    );
}

#[test]
fn control_flow_prints_if_else_if_loop_and_switch() {
    let mut m = Module::default();
    let i32_ = scalar(&mut m, Scalar::I32);
    let bool_ = scalar(&mut m, Scalar::Bool);
    let mut fb = Fb::new("f");
    fb.arg("n", i32_, None);
    let n = fb.pre(Expression::FunctionArgument(0), i32_);
    let zero = fb.pre(Expression::Literal(Literal::I32(0)), i32_);
    let c1 = fb.e(
        Expression::Binary {
            op: BinaryOperator::Less,
            left: n,
            right: zero,
        },
        bool_,
    );
    fb.begin();
    fb.stmt(Statement::Return { value: None });
    let accept = fb.end();
    fb.begin();
    let c2 = fb.e(
        Expression::Binary {
            op: BinaryOperator::Equal,
            left: n,
            right: zero,
        },
        bool_,
    );
    fb.begin();
    fb.stmt(Statement::Break);
    let acc2 = fb.end();
    fb.stmt(Statement::If {
        condition: c2,
        accept: acc2,
        reject: Block::new(),
    });
    let reject = fb.end();
    // Wrap the if in a loop with a continuing block and `break if`.
    fb.begin();
    fb.stmt(Statement::If {
        condition: c1,
        accept,
        reject,
    });
    let body = fb.end();
    fb.begin();
    let t = fb.pre(Expression::Literal(Literal::Bool(true)), bool_);
    let continuing = fb.end();
    fb.stmt(Statement::Loop {
        body,
        continuing,
        break_if: Some(t),
        unroll: false,
    });
    fb.begin();
    fb.stmt(Statement::Continue);
    let _ = fb.end();
    let mut cases = Vec::new();
    fb.begin();
    fb.stmt(Statement::Return { value: None });
    cases.push(SwitchCase {
        selectors: vec![CaseSelector::I32(1), CaseSelector::I32(-2)],
        body: fb.end(),
    });
    cases.push(SwitchCase {
        selectors: vec![CaseSelector::Default],
        body: Block::new(),
    });
    fb.stmt(Statement::Switch { selector: n, cases });
    fb.finish(&mut m);
    let text = out(&m);
    assert_eq!(
        text,
        "fn f(n: i32) {\n  loop {\n    if n < 0i {\n      return;\n    } else if n == 0i {\n      \
         break;\n    }\n    continuing {\n      break if true;\n    }\n  }\n  switch n {\n    \
         case 1i, -2i: {\n      return;\n    }\n    default: {\n    }\n  }\n}\n"
    );
    naga_accepts(&text);
}

fn binary(
    fb: &mut Fb,
    op: BinaryOperator,
    l: Handle<Expression>,
    r: Handle<Expression>,
    ty: Handle<Type>,
) -> Handle<Expression> {
    fb.e(
        Expression::Binary {
            op,
            left: l,
            right: r,
        },
        ty,
    )
}

#[test]
fn operators_are_parenthesised_where_wgsl_requires() {
    let mut m = Module::default();
    let i32_ = scalar(&mut m, Scalar::I32);
    let bool_ = scalar(&mut m, Scalar::Bool);
    let v2b = m.intern(TypeInner::Vector {
        size: VectorSize::Bi,
        scalar: Scalar::Bool,
    });
    let mut fb = Fb::new("f");
    for name in ["a", "b", "c"] {
        fb.arg(name, i32_, None);
    }
    let a = fb.pre(Expression::FunctionArgument(0), i32_);
    let b = fb.pre(Expression::FunctionArgument(1), i32_);
    let c = fb.pre(Expression::FunctionArgument(2), i32_);
    let neg = fb.pre(Expression::Literal(Literal::I32(-3)), i32_);
    use BinaryOperator as B;
    // (a + b) * c
    let ab = binary(&mut fb, B::Add, a, b, i32_);
    let e1 = binary(&mut fb, B::Multiply, ab, c, i32_);
    fb.name(e1, "e1");
    // a - (b - c)
    let bc = binary(&mut fb, B::Subtract, b, c, i32_);
    let e2 = binary(&mut fb, B::Subtract, a, bc, i32_);
    fb.name(e2, "e2");
    // -(-3i)
    let e3 = fb.e(
        Expression::Unary {
            op: UnaryOperator::Negate,
            expr: neg,
        },
        i32_,
    );
    fb.name(e3, "e3");
    // (a & b) & (a + c): the right operand of & must be unary
    let and1 = binary(&mut fb, B::And, a, b, i32_);
    let ac = binary(&mut fb, B::Add, a, c, i32_);
    let e4 = binary(&mut fb, B::And, and1, ac, i32_);
    fb.name(e4, "e4");
    // vec2<bool>((a < b), (b > c)): comparisons in arguments
    let lt = binary(&mut fb, B::Less, a, b, bool_);
    let gt = binary(&mut fb, B::Greater, b, c, bool_);
    let e5 = fb.e(
        Expression::Compose {
            ty: v2b,
            components: vec![lt, gt],
        },
        v2b,
    );
    fb.name(e5, "e5");
    // (a << 1u) << 1u
    let u32_ = scalar(&mut m, Scalar::U32);
    let one = fb.pre(Expression::Literal(Literal::U32(1)), u32_);
    let sh = binary(&mut fb, B::ShiftLeft, a, one, i32_);
    let e6 = binary(&mut fb, B::ShiftLeft, sh, one, i32_);
    fb.name(e6, "e6");
    // a - -3i
    let e7 = binary(&mut fb, B::Subtract, a, neg, i32_);
    fb.name(e7, "e7");
    fb.finish(&mut m);
    let text = out(&m);
    let body: Vec<&str> = text
        .lines()
        .filter(|l| l.contains("let"))
        .map(str::trim)
        .collect();
    assert_eq!(
        body,
        [
            "let e1 = (a + b) * c;",
            "let e2 = a - (b - c);",
            "let e3 = -(-3i);",
            "let e4 = a & b & (a + c);",
            "let e5 = vec2<bool>((a < b), (b > c));",
            "let e6 = (a << 1u) << 1u;",
            "let e7 = a - -3i;",
        ]
    );
    naga_accepts(&text);
}

#[test]
fn long_left_chains_print_without_deep_recursion() {
    let mut m = Module::default();
    let i32_ = scalar(&mut m, Scalar::I32);
    let mut fb = Fb::new("f");
    fb.arg("x", i32_, None);
    fb.f.result = Some(FunctionResult {
        ty: i32_,
        binding: None,
    });
    let x = fb.pre(Expression::FunctionArgument(0), i32_);
    let one = fb.pre(Expression::Literal(Literal::I32(1)), i32_);
    let mut acc = x;
    for i in 0..100_000 {
        let op = if i % 2 == 0 {
            BinaryOperator::Add
        } else {
            BinaryOperator::Subtract
        };
        acc = binary(&mut fb, op, acc, one, i32_);
    }
    fb.stmt(Statement::Return { value: Some(acc) });
    fb.finish(&mut m);
    // Run on a small stack to prove the chain is not printed recursively.
    let text = std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(move || out(&m))
        .unwrap()
        .join()
        .unwrap();
    assert!(
        text.contains("return x + 1i - 1i + 1i - 1i"),
        "{}",
        &text[..200]
    );
    assert!(text.len() > 100_000 * 5);
}

fn member(name: &str, ty: Handle<Type>) -> StructMember {
    StructMember {
        name: name.into(),
        ty,
        binding: None,
        offset: 0,
        size: 0,
        align: 0,
    }
}

fn make_struct(
    m: &mut Module,
    name: &str,
    mut members: Vec<StructMember>,
    attrs: &[crate::ir::layout::MemberAttrs],
) -> Handle<Type> {
    let span = crate::ir::layout::layout_struct(m, &mut members, attrs);
    m.types.insert(
        Type {
            name: Some(name.into()),
            inner: TypeInner::Struct { members, span },
        },
        Span::UNDEFINED,
    )
}

#[test]
fn structs_get_layout_attributes_only_where_needed() {
    use crate::ir::layout::MemberAttrs;
    let mut m = Module::default();
    let f32_ = scalar(&mut m, Scalar::F32);
    let v3 = m.intern(TypeInner::Vector {
        size: VectorSize::Tri,
        scalar: Scalar::F32,
    });
    let inner = make_struct(
        &mut m,
        "Inner",
        vec![member("v", v3), member("w", f32_)],
        &[],
    );
    let outer = make_struct(
        &mut m,
        "Outer",
        vec![member("a", f32_), member("b", inner), member("loop", f32_)],
        &[
            MemberAttrs::default(),
            MemberAttrs {
                align: Some(32),
                size: None,
            },
            MemberAttrs {
                align: None,
                size: Some(8),
            },
        ],
    );
    m.global_variables.append(
        GlobalVariable {
            name: "u".into(),
            space: AddressSpace::Uniform,
            access: Access::Read,
            binding: Some(ResourceBinding {
                group: 1,
                binding: 0,
            }),
            ty: outer,
            init: None,
            input_attachment_index: None,
        },
        Span::UNDEFINED,
    );
    // A predeclared result structure is never declared.
    let i32_ = scalar(&mut m, Scalar::I32);
    make_struct(
        &mut m,
        "__frexp_result_f32",
        vec![member("fract", f32_), member("exp", i32_)],
        &[],
    );
    let text = out(&m);
    assert_eq!(
        text,
        "struct Inner {\n  v: vec3<f32>,\n  w: f32,\n}\n\n\
         struct Outer {\n  a: f32,\n  @align(32) b: Inner,\n  @size(8) loop_: f32,\n}\n\n\
         @group(1) @binding(0) var<uniform> u: Outer;\n"
    );
    naga_accepts(&text);
}

#[test]
fn inexpressible_struct_layout_is_an_error() {
    let mut m = Module::default();
    let f32_ = scalar(&mut m, Scalar::F32);
    let mut members = vec![member("a", f32_), member("b", f32_)];
    crate::ir::layout::layout_struct(&m, &mut members, &[]);
    members[1].offset = 2; // not a multiple of the alignment
    let ty = m.types.insert(
        Type {
            name: Some("S".into()),
            inner: TypeInner::Struct { members, span: 8 },
        },
        Span::new(10, 20),
    );
    let _ = ty;
    let d = err(&m);
    assert_eq!(
        d.message,
        "the layout of struct `S` cannot be expressed with `@align` and `@size`"
    );
    assert_eq!(d.span, Span::new(10, 20));
}

#[test]
fn predeclared_struct_values_use_let_inference() {
    // let r = frexp(x); return r.exp;
    let mut m = Module::default();
    let f32_ = scalar(&mut m, Scalar::F32);
    let i32_ = scalar(&mut m, Scalar::I32);
    let res = make_struct(
        &mut m,
        "__frexp_result_f32",
        vec![member("fract", f32_), member("exp", i32_)],
        &[],
    );
    let mut fb = Fb::new("f");
    fb.arg("x", f32_, None);
    fb.f.result = Some(FunctionResult {
        ty: i32_,
        binding: None,
    });
    let x = fb.pre(Expression::FunctionArgument(0), f32_);
    let r = fb.e(
        Expression::Math {
            fun: MathFunction::Frexp,
            args: smallvec::smallvec![x],
        },
        res,
    );
    fb.name(r, "r");
    let e = fb.e(Expression::AccessIndex { base: r, index: 1 }, i32_);
    fb.stmt(Statement::Return { value: Some(e) });
    fb.finish(&mut m);
    let text = out(&m);
    assert_eq!(
        text,
        "fn f(x: f32) -> i32 {\n  let r = frexp(x);\n  return r.exp;\n}\n"
    );
    naga_accepts(&text);
    // Spelling the type is an error.
    let mut m2 = m.clone();
    m2.global_variables.append(
        GlobalVariable {
            name: "g".into(),
            space: AddressSpace::Private,
            access: Access::ReadWrite,
            binding: None,
            ty: res,
            init: None,
            input_attachment_index: None,
        },
        Span::UNDEFINED,
    );
    assert_eq!(
        err(&m2).message,
        "the predeclared type `__frexp_result_f32` cannot be spelled in WGSL"
    );
}

#[test]
fn overrides_sized_arrays_and_workgroup_size() {
    let mut m = Module {
        extensions: Extensions::F16 | Extensions::SUBGROUPS,
        ..Module::default()
    };
    let u32_ = scalar(&mut m, Scalar::U32);
    let f16_ = scalar(&mut m, Scalar::F16);
    let n = m.overrides.append(
        Override {
            name: "n".into(),
            id: Some(3),
            ty: u32_,
            init: None,
        },
        Span::UNDEFINED,
    );
    let n_expr = m.add_global_expression(Expression::Override(n), u32_, Span::UNDEFINED);
    let two = m.add_global_expression(Expression::Literal(Literal::U32(2)), u32_, Span::UNDEFINED);
    let twice = m.add_global_expression(
        Expression::Binary {
            op: BinaryOperator::Multiply,
            left: n_expr,
            right: two,
        },
        u32_,
        Span::UNDEFINED,
    );
    let lit = m.add_global_expression(Expression::Literal(Literal::U32(16)), u32_, Span::UNDEFINED);
    m.overrides[n].init = Some(lit);
    let h = m.add_global_expression(
        Expression::Literal(Literal::F16(half::f16::from_f32(0.5))),
        f16_,
        Span::UNDEFINED,
    );
    m.overrides.append(
        Override {
            name: "scale".into(),
            id: None,
            ty: f16_,
            init: Some(h),
        },
        Span::UNDEFINED,
    );
    let arr = m.intern(TypeInner::Array {
        base: f16_,
        size: ArraySize::Override(twice),
        stride: 2,
    });
    m.global_variables.append(
        GlobalVariable {
            name: "tile".into(),
            space: AddressSpace::Workgroup,
            access: Access::ReadWrite,
            binding: None,
            ty: arr,
            init: None,
            input_attachment_index: None,
        },
        Span::UNDEFINED,
    );
    let f = Fb::new("main").finish(&mut m);
    m.entry_points.push(EntryPoint {
        workgroup_size_spans: [crate::span::Span::UNDEFINED; 3],
        subgroup_size: None,
        name: "main".into(),
        stage: ShaderStage::Compute,
        function: f,
        workgroup_size: [
            WorkgroupSizeDim::Override(n_expr),
            WorkgroupSizeDim::Constant(2),
            WorkgroupSizeDim::Constant(1),
        ],
    });
    let text = out(&m);
    assert_eq!(
        text,
        "enable f16;\nenable subgroups;\n\n\
         @id(3) override n: u32 = 16u;\noverride scale: f16 = 0.5h;\n\n\
         var<workgroup> tile: array<f16, n * 2u>;\n\n\
         @compute @workgroup_size(n, 2)\nfn main() {\n}\n"
    );
}

#[test]
fn subgroup_matrix_operations_use_chromium_syntax() {
    let mut m = Module {
        extensions: Extensions::SUBGROUPS | Extensions::SUBGROUP_MATRIX,
        ..Module::default()
    };
    let f32_ = scalar(&mut m, Scalar::F32);
    let u32_ = scalar(&mut m, Scalar::U32);
    let k = m.overrides.append(
        Override {
            name: "K".into(),
            id: None,
            ty: u32_,
            init: None,
        },
        Span::UNDEFINED,
    );
    let left = m.intern(TypeInner::SubgroupMatrix {
        kind: SubgroupMatrixKind::Left,
        scalar: Scalar::F32,
        columns: MatrixDim::Override(k),
        rows: MatrixDim::Constant(8),
    });
    let right = m.intern(TypeInner::SubgroupMatrix {
        kind: SubgroupMatrixKind::Right,
        scalar: Scalar::F32,
        columns: MatrixDim::Constant(8),
        rows: MatrixDim::Override(k),
    });
    let result = m.intern(TypeInner::SubgroupMatrix {
        kind: SubgroupMatrixKind::Result,
        scalar: Scalar::F32,
        columns: MatrixDim::Constant(8),
        rows: MatrixDim::Constant(8),
    });
    let arr = m.intern(TypeInner::Array {
        base: f32_,
        size: ArraySize::Runtime,
        stride: 4,
    });
    let parr = ptr(&mut m, arr, AddressSpace::Storage, Access::ReadWrite);
    let g = m.global_variables.append(
        GlobalVariable {
            name: "buf".into(),
            space: AddressSpace::Storage,
            access: Access::ReadWrite,
            binding: Some(ResourceBinding {
                group: 0,
                binding: 0,
            }),
            ty: arr,
            init: None,
            input_attachment_index: None,
        },
        Span::UNDEFINED,
    );
    let mut fb = Fb::new("main");
    let gp = fb.pre(Expression::GlobalVariable(g), parr);
    let zero = fb.pre(Expression::Literal(Literal::U32(0)), u32_);
    let stride = fb.pre(Expression::Literal(Literal::U32(8)), u32_);
    let half = fb.pre(Expression::Literal(Literal::F32(0.5)), f32_);
    let l = fb.e(
        Expression::SubgroupMatrixLoad {
            ty: left,
            pointer: gp,
            offset: zero,
            stride,
            layout: MatrixLayout::RowMajor,
            proposal_form: false,
        },
        left,
    );
    let r = fb.e(
        Expression::SubgroupMatrixLoad {
            ty: right,
            pointer: gp,
            offset: stride,
            stride,
            layout: MatrixLayout::ColumnMajor,
            proposal_form: false,
        },
        right,
    );
    let acc = fb.e(
        Expression::SubgroupMatrixFill {
            ty: result,
            value: half,
        },
        result,
    );
    let prod = fb.e(
        Expression::SubgroupMatrixMultiply {
            ty: result,
            left: l,
            right: r,
            acc: None,
        },
        result,
    );
    let mac = fb.e(
        Expression::SubgroupMatrixMultiply {
            ty: result,
            left: l,
            right: r,
            acc: Some(acc),
        },
        result,
    );
    let sum = fb.e(
        Expression::SubgroupMatrixScalar {
            op: MatrixScalarOp::Add,
            matrix: prod,
            scalar: half,
        },
        result,
    );
    fb.name(sum, "sum");
    fb.stmt(Statement::SubgroupMatrixStore {
        pointer: gp,
        offset: zero,
        value: mac,
        stride,
        layout: MatrixLayout::ColumnMajor,
        proposal_form: false,
    });
    let z = fb.e(Expression::ZeroValue(result), result);
    fb.name(z, "z");
    let f = fb.finish(&mut m);
    compute_entry(&mut m, f, 32);
    let text = out(&m);
    assert_eq!(
        text,
        "enable subgroups;\nenable chromium_experimental_subgroup_matrix;\n\n\
         override K: u32;\n\n\
         @group(0) @binding(0) var<storage, read_write> buf: array<f32>;\n\n\
         @compute @workgroup_size(32)\nfn main() {\n  \
         let _e4 = subgroupMatrixLoad<subgroup_matrix_left<f32, K, 8>, row_major>(&buf, 0u, 8u);\n  \
         let _e5 = subgroupMatrixLoad<subgroup_matrix_right<f32, 8, K>, col_major>(&buf, 8u, 8u);\n  \
         let sum = subgroupMatrixScalarAdd(subgroupMatrixMultiply<f32>(_e4, _e5), 0.5f);\n  \
         subgroupMatrixStore<col_major>(&buf, 0u, \
         subgroupMatrixMultiplyAccumulate(_e4, _e5, subgroup_matrix_result<f32, 8, 8>(0.5f)), 8u);\n  \
         let z = subgroup_matrix_result<f32, 8, 8>();\n}\n"
    );
}

#[test]
fn calls_atomics_barriers_and_subgroup_ops() {
    let mut m = Module {
        extensions: Extensions::SUBGROUPS,
        ..Module::default()
    };
    let u32_ = scalar(&mut m, Scalar::U32);
    let au = m.intern(TypeInner::atomic(Scalar::U32));
    let pau = ptr(&mut m, au, AddressSpace::Workgroup, Access::ReadWrite);
    let pfu = ptr(&mut m, u32_, AddressSpace::Function, Access::ReadWrite);
    let g = m.global_variables.append(
        GlobalVariable {
            name: "counter".into(),
            space: AddressSpace::Workgroup,
            access: Access::ReadWrite,
            binding: None,
            ty: au,
            init: None,
            input_attachment_index: None,
        },
        Span::UNDEFINED,
    );
    // fn helper(p: ptr<function, u32>) -> u32 { *p = *p + 1u; return *p; } (@must_use)
    let mut fb = Fb::new("helper");
    fb.arg("p", pfu, None);
    fb.f.must_use = true;
    fb.f.result = Some(FunctionResult {
        ty: u32_,
        binding: None,
    });
    let p = fb.pre(Expression::FunctionArgument(0), pfu);
    let one = fb.pre(Expression::Literal(Literal::U32(1)), u32_);
    let lp = fb.e(Expression::Load { pointer: p }, u32_);
    let inc = binary(&mut fb, BinaryOperator::Add, lp, one, u32_);
    fb.stmt(Statement::Store {
        pointer: p,
        value: inc,
    });
    let lp2 = fb.e(Expression::Load { pointer: p }, u32_);
    fb.stmt(Statement::Return { value: Some(lp2) });
    let helper = fb.finish(&mut m);

    let mut fb = Fb::new("main");
    let v = fb.local("v", u32_);
    let vp = fb.pre(Expression::LocalVariable(v), pfu);
    let gp = fb.pre(Expression::GlobalVariable(g), pau);
    let one = fb.pre(Expression::Literal(Literal::U32(1)), u32_);
    fb.stmt(Statement::Store {
        pointer: vp,
        value: one,
    });
    let used = fb.pre(Expression::CallResult(helper), u32_);
    fb.stmt(Statement::Call {
        function: helper,
        arguments: vec![vp],
        result: Some(used),
    });
    let unused = fb.pre(Expression::CallResult(helper), u32_);
    fb.stmt(Statement::Call {
        function: helper,
        arguments: vec![vp],
        result: Some(unused),
    });
    let old = fb.pre(Expression::AtomicResult { ty: u32_ }, u32_);
    fb.stmt(Statement::Atomic {
        pointer: gp,
        fun: AtomicFunction::Add,
        value: Some(used),
        compare: None,
        result: Some(old),
    });
    fb.stmt(Statement::Atomic {
        pointer: gp,
        fun: AtomicFunction::Store,
        value: Some(old),
        compare: None,
        result: None,
    });
    fb.stmt(Statement::Barrier(Barrier::WORKGROUP | Barrier::STORAGE));
    let s = fb.pre(Expression::SubgroupResult { ty: u32_ }, u32_);
    fb.stmt(Statement::Subgroup {
        op: SubgroupOp::Add,
        args: vec![old],
        result: s,
    });
    let f = fb.finish(&mut m);
    compute_entry(&mut m, f, 1);
    let text = out(&m);
    assert_eq!(
        text,
        "enable subgroups;\n\n\
         var<workgroup> counter: atomic<u32>;\n\n\
         @must_use\nfn helper(p: ptr<function, u32>) -> u32 {\n  (*p) = (*p) + 1u;\n  return (*p);\n}\n\n\
         @compute @workgroup_size(1)\nfn main() {\n  var v: u32 = 1u;\n  \
         let _e3 = helper(&v);\n  _ = helper(&v);\n  let _e5 = atomicAdd(&counter, _e3);\n  \
         atomicStore(&counter, _e5);\n  storageBarrier();\n  workgroupBarrier();\n  \
         _ = subgroupAdd(_e5);\n}\n"
    );
}

#[test]
fn clashing_and_reserved_names_are_renamed() {
    let mut m = Module::default();
    let i32_ = scalar(&mut m, Scalar::I32);
    for name in ["loop", "x", "x", "max"] {
        m.global_variables.append(
            GlobalVariable {
                name: name.into(),
                space: AddressSpace::Private,
                access: Access::ReadWrite,
                binding: None,
                ty: i32_,
                init: None,
                input_attachment_index: None,
            },
            Span::UNDEFINED,
        );
    }
    let text = out(&m);
    assert_eq!(
        text,
        "var<private> loop_: i32;\nvar<private> x: i32;\nvar<private> x_1: i32;\nvar<private> max_: i32;\n"
    );
    naga_accepts(&text);
}

#[test]
fn constants_print_as_literals_and_constructors() {
    let mut m = Module::default();
    let f32_ = scalar(&mut m, Scalar::F32);
    let v2 = m.intern(TypeInner::Vector {
        size: VectorSize::Bi,
        scalar: Scalar::F32,
    });
    let a = m.intern_constant(ConstValue::Scalar(Literal::F32(1.5)));
    let b = m.intern_constant(ConstValue::Scalar(Literal::F32(-2.0)));
    let c = m.intern_constant(ConstValue::Composite {
        ty: v2,
        components: vec![a, b],
    });
    let z = m.intern_constant(ConstValue::Zero(v2));
    let ce = m.add_global_expression(Expression::Constant(c), v2, Span::UNDEFINED);
    let ze = m.add_global_expression(Expression::Constant(z), v2, Span::UNDEFINED);
    for (name, init) in [("p", ce), ("q", ze)] {
        m.global_variables.append(
            GlobalVariable {
                name: name.into(),
                space: AddressSpace::Private,
                access: Access::ReadWrite,
                binding: None,
                ty: v2,
                init: Some(init),
                input_attachment_index: None,
            },
            Span::UNDEFINED,
        );
    }
    let _ = f32_;
    let text = out(&m);
    assert_eq!(
        text,
        "var<private> p: vec2<f32> = vec2<f32>(1.5f, -2.0f);\nvar<private> q: vec2<f32> = vec2<f32>();\n"
    );
    naga_accepts(&text);
    // NaN cannot be written.
    let nan = m.intern_constant(ConstValue::Scalar(Literal::F32(f32::NAN)));
    let ne = m.add_global_expression(Expression::Constant(nan), f32_, Span::UNDEFINED);
    m.global_variables.append(
        GlobalVariable {
            name: "r".into(),
            space: AddressSpace::Private,
            access: Access::ReadWrite,
            binding: None,
            ty: f32_,
            init: Some(ne),
            input_attachment_index: None,
        },
        Span::UNDEFINED,
    );
    assert_eq!(
        err(&m).message,
        "a NaN or infinite floating-point value cannot be written in WGSL"
    );
}

#[test]
fn locals_never_shadow_module_names() {
    let mut m = Module::default();
    let i32_ = scalar(&mut m, Scalar::I32);
    let pi = ptr(&mut m, i32_, AddressSpace::Private, Access::ReadWrite);
    let pf = ptr(&mut m, i32_, AddressSpace::Function, Access::ReadWrite);
    let g = m.global_variables.append(
        GlobalVariable {
            name: "x".into(),
            space: AddressSpace::Private,
            access: Access::ReadWrite,
            binding: None,
            ty: i32_,
            init: None,
            input_attachment_index: None,
        },
        Span::UNDEFINED,
    );
    let mut fb = Fb::new("f");
    let l = fb.local("x", i32_);
    let lp = fb.pre(Expression::LocalVariable(l), pf);
    let gp = fb.pre(Expression::GlobalVariable(g), pi);
    let gl = fb.e(Expression::Load { pointer: gp }, i32_);
    fb.stmt(Statement::Store {
        pointer: lp,
        value: gl,
    });
    fb.finish(&mut m);
    let text = out(&m);
    assert_eq!(
        text,
        "var<private> x: i32;\n\nfn f() {\n  var x_1: i32 = x;\n}\n"
    );
    naga_accepts(&text);
}

#[test]
fn invalid_handles_are_errors_not_panics() {
    let mut m = Module::default();
    let i32_ = scalar(&mut m, Scalar::I32);
    let mut fb = Fb::new("f");
    let bad = Handle::from_index(99);
    let e = fb.e(
        Expression::Unary {
            op: UnaryOperator::Negate,
            expr: bad,
        },
        i32_,
    );
    fb.name(e, "e");
    let lv = fb.pre(Expression::LocalVariable(Handle::from_index(7)), i32_);
    let zero = fb.pre(Expression::Literal(Literal::I32(0)), i32_);
    fb.stmt(Statement::Store {
        pointer: lv,
        value: zero,
    });
    fb.finish(&mut m);
    assert_eq!(err(&m).message, "invalid expression handle [99]");
    // A bad type handle in a declaration.
    let mut m = Module::default();
    m.global_variables.append(
        GlobalVariable {
            name: "g".into(),
            space: AddressSpace::Private,
            access: Access::ReadWrite,
            binding: None,
            ty: Handle::from_index(5),
            init: None,
            input_attachment_index: None,
        },
        Span::UNDEFINED,
    );
    assert_eq!(err(&m).message, "invalid type handle [5]");
}
