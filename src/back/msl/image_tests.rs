//! Textures and samplers through the whole MSL writer, on IR built by hand
//! (a compute or fragment entry point parsed from WGSL, to which texture variables and
//! texture builtins are added). The outputs are snapshots
//! (`snapshots/msl@ir_textures_*.snap`), which `tests/msl_shim.rs` compiles
//! against the Metal shim; the errors are checked with their spans.

use super::Options;
use crate::arena::Handle;
use crate::ir::{
    Access, AddressSpace, Expression, Function, FunctionArgument, GlobalVariable, ImageClass,
    ImageDimension as Dim, ImageQuery, Literal, Module, ResourceBinding, SampleLevel, Scalar,
    Statement, TexelFormat, Type, TypeInner, VectorSize,
};
use crate::span::Span;

/// A module under construction: a compute entry point `main` whose body
/// gets the expressions and statements added.
struct Builder {
    m: Module,
    main: Handle<crate::ir::Function>,
    /// Index of the first expression not yet covered by an `Emit`.
    emitted: usize,
    next_span: u32,
    /// The function being built (`main` unless [`Builder::helper`]).
    current: Option<Function>,
}

const BASE: &str = "@compute @workgroup_size(1)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {}
";

/// [`BASE`] as a fragment entry point, for the builtins that sample with
/// an implicit level of detail (fragment stage only).
const BASE_FRAGMENT: &str = "@fragment
fn main(@location(0) @interpolate(flat) gid: vec3<u32>) {}
";

impl Builder {
    fn new() -> Builder {
        Self::from(BASE)
    }

    /// A fragment entry point `main` with the same `gid` argument.
    fn fragment() -> Builder {
        Self::from(BASE_FRAGMENT)
    }

    fn from(base: &str) -> Builder {
        let parsed = crate::front::wgsl::parse_str(base).expect("base parses");
        let m = parsed.module;
        let main = m.entry_points[0].function;
        let emitted = m.functions[main].expressions.len();
        Builder {
            m,
            main,
            emitted,
            next_span: 1000,
            current: None,
        }
    }

    fn f(&mut self) -> &mut Function {
        match self.current {
            Some(ref mut f) => f,
            None => &mut self.m.functions[self.main],
        }
    }

    fn span(&mut self) -> Span {
        self.next_span += 10;
        Span::new(self.next_span, self.next_span + 5)
    }

    fn ty(&mut self, inner: TypeInner) -> Handle<Type> {
        let span = self.span();
        self.m.types.insert(Type { name: None, inner }, span)
    }

    fn scalar(&mut self, s: Scalar) -> Handle<Type> {
        self.ty(TypeInner::Scalar(s))
    }

    fn vector(&mut self, size: VectorSize, s: Scalar) -> Handle<Type> {
        self.ty(TypeInner::Vector { size, scalar: s })
    }

    fn image(&mut self, dim: Dim, arrayed: bool, class: ImageClass) -> Handle<Type> {
        self.ty(TypeInner::Image {
            dim,
            arrayed,
            class,
        })
    }

    /// A handle variable at `@group(0) @binding(binding)`; returns the
    /// variable and its span.
    fn global(&mut self, name: &str, binding: u32, ty: Handle<Type>) -> Handle<GlobalVariable> {
        let span = self.span();
        self.m.global_variables.append(
            GlobalVariable {
                name: name.into(),
                space: AddressSpace::Handle,
                access: Access::Read,
                binding: Some(ResourceBinding { group: 0, binding }),
                ty,
                init: None,
                input_attachment_index: None,
            },
            span,
        )
    }

    fn expr(&mut self, e: Expression, ty: Handle<Type>) -> Handle<Expression> {
        let span = self.span();
        self.f().add_expression(e, ty, span)
    }

    /// The value of a texture or sampler variable (a `Load` of it).
    fn load(&mut self, g: Handle<GlobalVariable>) -> Handle<Expression> {
        let ty = self.m.global_variables[g].ty;
        let ptr = self.ty(TypeInner::Pointer {
            base: ty,
            space: AddressSpace::Handle,
            access: Access::Read,
        });
        let p = self.expr(Expression::GlobalVariable(g), ptr);
        self.expr(Expression::Load { pointer: p }, ty)
    }

    fn lit(&mut self, l: Literal) -> Handle<Expression> {
        let s = match l {
            Literal::F32(_) => Scalar::F32,
            Literal::I32(_) => Scalar::I32,
            Literal::U32(_) => Scalar::U32,
            _ => Scalar::Bool,
        };
        let ty = self.scalar(s);
        self.expr(Expression::Literal(l), ty)
    }

    fn splat(&mut self, size: VectorSize, l: Literal) -> Handle<Expression> {
        let v = self.lit(l);
        let s = match l {
            Literal::F32(_) => Scalar::F32,
            Literal::I32(_) => Scalar::I32,
            _ => Scalar::U32,
        };
        let ty = self.vector(size, s);
        self.expr(Expression::Splat { size, value: v }, ty)
    }

    fn compose_i(&mut self, values: &[i32]) -> Handle<Expression> {
        let size = match values.len() {
            2 => VectorSize::Bi,
            3 => VectorSize::Tri,
            _ => VectorSize::Quad,
        };
        // A constant, as the resolver gives a texel offset (a
        // const-expression; SPIR-V's `ConstOffset`).
        let components = values
            .iter()
            .map(|&v| {
                self.m
                    .intern_constant(crate::ir::ConstValue::Scalar(Literal::I32(v)))
            })
            .collect();
        let ty = self.vector(size, Scalar::I32);
        let c = self
            .m
            .intern_constant(crate::ir::ConstValue::Composite { ty, components });
        self.expr(Expression::Constant(c), ty)
    }

    /// Ends the current run of expressions with an `Emit`.
    fn flush(&mut self) {
        let start = self.emitted;
        let span = self.span();
        let f = self.f();
        let end = f.expressions.len();
        if end > start {
            let range = f.expressions.range_from(start);
            f.body.push(Statement::Emit(range), span);
        }
        self.emitted = end;
    }

    /// A named (so printed) value: `let name = e;`.
    fn named(&mut self, name: &str, e: Expression, ty: Handle<Type>) -> Handle<Expression> {
        let h = self.expr(e, ty);
        self.f().named_expressions.insert(h, name.into());
        self.flush();
        h
    }

    fn statement(&mut self, st: Statement) -> Span {
        self.flush();
        let span = self.span();
        self.f().body.push(st, span);
        span
    }

    fn vec4(&mut self, s: Scalar) -> Handle<Type> {
        self.vector(VectorSize::Quad, s)
    }

    /// `gid` (the entry point's `vec3<u32>` argument) swizzled to `n`
    /// components, or its `.x`.
    fn gid(&mut self, n: u32) -> Handle<Expression> {
        let u3 = self.vector(VectorSize::Tri, Scalar::U32);
        let g = self.expr(Expression::FunctionArgument(0), u3);
        match n {
            1 => {
                let u = self.scalar(Scalar::U32);
                self.expr(Expression::AccessIndex { base: g, index: 0 }, u)
            }
            3 => g,
            _ => {
                let u2 = self.vector(VectorSize::Bi, Scalar::U32);
                self.expr(
                    Expression::Swizzle {
                        size: VectorSize::Bi,
                        vector: g,
                        pattern: [0, 1, 0, 0],
                    },
                    u2,
                )
            }
        }
    }

    fn write(self, options: &Options) -> Result<String, crate::diagnostic::Error> {
        let mut m = self.m;
        if let Some(f) = self.current {
            m.functions.append(f, Span::UNDEFINED);
        }
        let info = crate::valid::validate(&m)?;
        let pipeline =
            crate::pipeline::process(&m, &info, &crate::pipeline::PipelineOptions::default())?;
        crate::lower::msl::write(&pipeline, options)
    }
}

fn snapshot(name: &str, b: Builder) {
    let text = match b.write(&Options::default()) {
        Ok(t) => t,
        Err(e) => panic!("{}", e.render("ir", "")),
    };
    insta::with_settings!({
        snapshot_path => "../../../snapshots",
        prepend_module_to_snapshot => false,
        omit_expression => true,
    }, {
        insta::assert_snapshot!(format!("msl@ir_textures_{name}"), text);
    });
}

const F32: ImageClass = ImageClass::Sampled {
    kind: Scalar::F32,
    multisampled: false,
};
const DEPTH: ImageClass = ImageClass::Depth {
    multisampled: false,
};

fn sample(
    image: Handle<Expression>,
    sampler: Handle<Expression>,
    coordinate: Handle<Expression>,
) -> Expression {
    Expression::ImageSample {
        image,
        sampler,
        gather: None,
        coordinate,
        array_index: None,
        offset: None,
        level: SampleLevel::Auto,
        depth_ref: None,
        clamp_to_edge: false,
    }
}

#[test]
fn sampling() {
    let mut b = Builder::fragment();
    let sampler_ty = b.ty(TypeInner::Sampler { comparison: false });
    let t2_ty = b.image(Dim::D2, false, F32);
    let t2a_ty = b.image(Dim::D2, true, F32);
    let t3_ty = b.image(Dim::D3, false, F32);
    let tc_ty = b.image(Dim::Cube, false, F32);
    let tca_ty = b.image(Dim::Cube, true, F32);
    let t1_ty = b.image(Dim::D1, false, F32);
    let s = b.global("s", 0, sampler_ty);
    let t2 = b.global("t2", 1, t2_ty);
    let t2a = b.global("t2a", 2, t2a_ty);
    let t3 = b.global("t3", 3, t3_ty);
    let tc = b.global("tc", 4, tc_ty);
    let tca = b.global("tca", 5, tca_ty);
    let t1 = b.global("t1", 6, t1_ty);
    let v4 = b.vec4(Scalar::F32);

    let (si, t) = (b.load(s), b.load(t2));
    let uv = b.splat(VectorSize::Bi, Literal::F32(0.5));
    let lod = b.lit(Literal::F32(1.5));
    let off = b.compose_i(&[1, -1]);
    b.named(
        "level_offset",
        {
            let mut e = sample(t, si, uv);
            if let Expression::ImageSample { offset, level, .. } = &mut e {
                *offset = Some(off);
                *level = SampleLevel::Exact(lod);
            }
            e
        },
        v4,
    );
    let (si, t) = (b.load(s), b.load(t2));
    let uv = b.splat(VectorSize::Bi, Literal::F32(0.25));
    b.named(
        "clamped",
        {
            let mut e = sample(t, si, uv);
            if let Expression::ImageSample {
                level,
                clamp_to_edge,
                ..
            } = &mut e
            {
                *level = SampleLevel::Zero;
                *clamp_to_edge = true;
            }
            e
        },
        v4,
    );
    let (si, t) = (b.load(s), b.load(t2));
    let uv = b.splat(VectorSize::Bi, Literal::F32(0.25));
    let dx = b.splat(VectorSize::Bi, Literal::F32(0.01));
    let dy = b.splat(VectorSize::Bi, Literal::F32(0.02));
    b.named(
        "grad",
        {
            let mut e = sample(t, si, uv);
            if let Expression::ImageSample { level, .. } = &mut e {
                *level = SampleLevel::Gradient { x: dx, y: dy };
            }
            e
        },
        v4,
    );
    let (si, t) = (b.load(s), b.load(t2));
    let uv = b.splat(VectorSize::Bi, Literal::F32(0.75));
    let bias = b.lit(Literal::F32(-0.5));
    b.named(
        "biased",
        {
            let mut e = sample(t, si, uv);
            if let Expression::ImageSample { level, .. } = &mut e {
                *level = SampleLevel::Bias(bias);
            }
            e
        },
        v4,
    );
    let (si, t) = (b.load(s), b.load(t2a));
    let uv = b.splat(VectorSize::Bi, Literal::F32(0.5));
    let layer = b.lit(Literal::I32(3));
    let lod = b.lit(Literal::F32(0.0));
    b.named(
        "layered",
        {
            let mut e = sample(t, si, uv);
            if let Expression::ImageSample {
                array_index, level, ..
            } = &mut e
            {
                *array_index = Some(layer);
                *level = SampleLevel::Exact(lod);
            }
            e
        },
        v4,
    );
    let (si, t) = (b.load(s), b.load(t3));
    let uvw = b.splat(VectorSize::Tri, Literal::F32(0.5));
    let dx = b.splat(VectorSize::Tri, Literal::F32(0.01));
    let dy = b.splat(VectorSize::Tri, Literal::F32(0.02));
    let off = b.compose_i(&[1, 0, -2]);
    b.named(
        "volume",
        {
            let mut e = sample(t, si, uvw);
            if let Expression::ImageSample { offset, level, .. } = &mut e {
                *offset = Some(off);
                *level = SampleLevel::Gradient { x: dx, y: dy };
            }
            e
        },
        v4,
    );
    let (si, t) = (b.load(s), b.load(tc));
    let dir = b.splat(VectorSize::Tri, Literal::F32(1.0));
    let lod = b.lit(Literal::F32(2.0));
    b.named(
        "cube",
        {
            let mut e = sample(t, si, dir);
            if let Expression::ImageSample { level, .. } = &mut e {
                *level = SampleLevel::Exact(lod);
            }
            e
        },
        v4,
    );
    let (si, t) = (b.load(s), b.load(tca));
    let dir = b.splat(VectorSize::Tri, Literal::F32(1.0));
    let dx = b.splat(VectorSize::Tri, Literal::F32(0.01));
    let layer = b.gid(1);
    b.named(
        "cube_array",
        {
            let mut e = sample(t, si, dir);
            if let Expression::ImageSample {
                array_index, level, ..
            } = &mut e
            {
                *array_index = Some(layer);
                *level = SampleLevel::Gradient { x: dx, y: dx };
            }
            e
        },
        v4,
    );
    let (si, t) = (b.load(s), b.load(t1));
    let x = b.lit(Literal::F32(0.5));
    b.named("line", sample(t, si, x), v4);
    snapshot("sampling", b);
}

#[test]
fn depth_and_gather() {
    let mut b = Builder::fragment();
    let cmp_ty = b.ty(TypeInner::Sampler { comparison: true });
    let s_ty = b.ty(TypeInner::Sampler { comparison: false });
    let d2_ty = b.image(Dim::D2, false, DEPTH);
    let d2a_ty = b.image(Dim::D2, true, DEPTH);
    let dc_ty = b.image(Dim::Cube, false, DEPTH);
    let dca_ty = b.image(Dim::Cube, true, DEPTH);
    let ti_ty = b.image(
        Dim::D2,
        false,
        ImageClass::Sampled {
            kind: Scalar::I32,
            multisampled: false,
        },
    );
    let tca_ty = b.image(Dim::Cube, true, F32);
    let cmp = b.global("cmp", 0, cmp_ty);
    let s = b.global("s", 1, s_ty);
    let d2 = b.global("d2", 2, d2_ty);
    let d2a = b.global("d2a", 3, d2a_ty);
    let dc = b.global("dc", 4, dc_ty);
    let dca = b.global("dca", 5, dca_ty);
    let ti = b.global("ti", 6, ti_ty);
    let tca = b.global("tca", 7, tca_ty);
    let f = b.scalar(Scalar::F32);
    let v4 = b.vec4(Scalar::F32);
    let v4i = b.vec4(Scalar::I32);

    let (c, t) = (b.load(cmp), b.load(d2));
    let uv = b.splat(VectorSize::Bi, Literal::F32(0.5));
    let r = b.lit(Literal::F32(0.25));
    let off = b.compose_i(&[2, 3]);
    b.named(
        "compare_level",
        {
            let mut e = sample(t, c, uv);
            if let Expression::ImageSample {
                depth_ref,
                offset,
                level,
                ..
            } = &mut e
            {
                *depth_ref = Some(r);
                *offset = Some(off);
                *level = SampleLevel::Zero;
            }
            e
        },
        f,
    );
    let (c, t) = (b.load(cmp), b.load(d2a));
    let uv = b.splat(VectorSize::Bi, Literal::F32(0.5));
    let r = b.lit(Literal::F32(0.25));
    let layer = b.lit(Literal::U32(1));
    b.named(
        "compare_array",
        {
            let mut e = sample(t, c, uv);
            if let Expression::ImageSample {
                depth_ref,
                array_index,
                ..
            } = &mut e
            {
                *depth_ref = Some(r);
                *array_index = Some(layer);
            }
            e
        },
        f,
    );
    let (c, t) = (b.load(cmp), b.load(dc));
    let dir = b.splat(VectorSize::Tri, Literal::F32(1.0));
    let r = b.lit(Literal::F32(0.5));
    b.named(
        "compare_cube",
        {
            let mut e = sample(t, c, dir);
            if let Expression::ImageSample {
                depth_ref, level, ..
            } = &mut e
            {
                *depth_ref = Some(r);
                *level = SampleLevel::Zero;
            }
            e
        },
        f,
    );
    let (si, t) = (b.load(s), b.load(dca));
    let dir = b.splat(VectorSize::Tri, Literal::F32(1.0));
    let layer = b.lit(Literal::I32(2));
    let lod = b.lit(Literal::I32(1));
    b.named(
        "depth_level",
        {
            let mut e = sample(t, si, dir);
            if let Expression::ImageSample {
                array_index, level, ..
            } = &mut e
            {
                *array_index = Some(layer);
                *level = SampleLevel::Exact(lod);
            }
            e
        },
        f,
    );
    let (si, t) = (b.load(s), b.load(d2));
    let uv = b.splat(VectorSize::Bi, Literal::F32(0.5));
    b.named(
        "gather_depth",
        {
            let mut e = sample(t, si, uv);
            if let Expression::ImageSample { gather, level, .. } = &mut e {
                *gather = Some(0);
                *level = SampleLevel::Zero;
            }
            e
        },
        v4,
    );
    let (c, t) = (b.load(cmp), b.load(d2a));
    let uv = b.splat(VectorSize::Bi, Literal::F32(0.5));
    let r = b.lit(Literal::F32(0.25));
    let layer = b.lit(Literal::I32(0));
    let off = b.compose_i(&[-1, 1]);
    b.named(
        "gather_compare",
        {
            let mut e = sample(t, c, uv);
            if let Expression::ImageSample {
                gather,
                depth_ref,
                array_index,
                offset,
                level,
                ..
            } = &mut e
            {
                *gather = Some(0);
                *depth_ref = Some(r);
                *array_index = Some(layer);
                *offset = Some(off);
                *level = SampleLevel::Zero;
            }
            e
        },
        v4,
    );
    let (si, t) = (b.load(s), b.load(ti));
    let uv = b.splat(VectorSize::Bi, Literal::F32(0.5));
    b.named(
        "gather_int_z",
        {
            let mut e = sample(t, si, uv);
            if let Expression::ImageSample { gather, level, .. } = &mut e {
                *gather = Some(2);
                *level = SampleLevel::Zero;
            }
            e
        },
        v4i,
    );
    let (si, t) = (b.load(s), b.load(ti));
    let uv = b.splat(VectorSize::Bi, Literal::F32(0.5));
    let off = b.compose_i(&[1, 1]);
    b.named(
        "gather_int_x_offset",
        {
            let mut e = sample(t, si, uv);
            if let Expression::ImageSample {
                gather,
                offset,
                level,
                ..
            } = &mut e
            {
                *gather = Some(0);
                *offset = Some(off);
                *level = SampleLevel::Zero;
            }
            e
        },
        v4i,
    );
    let (si, t) = (b.load(s), b.load(tca));
    let dir = b.splat(VectorSize::Tri, Literal::F32(1.0));
    let layer = b.lit(Literal::U32(4));
    b.named(
        "gather_cube_array_w",
        {
            let mut e = sample(t, si, dir);
            if let Expression::ImageSample {
                gather,
                array_index,
                level,
                ..
            } = &mut e
            {
                *gather = Some(3);
                *array_index = Some(layer);
                *level = SampleLevel::Zero;
            }
            e
        },
        v4,
    );
    snapshot("depth_and_gather", b);
}

#[test]
fn loads_stores_and_queries() {
    let mut b = Builder::new();
    let t1_ty = b.image(Dim::D1, false, F32);
    let t2u_ty = b.image(
        Dim::D2,
        false,
        ImageClass::Sampled {
            kind: Scalar::U32,
            multisampled: false,
        },
    );
    let t2a_ty = b.image(Dim::D2, true, F32);
    let t3_ty = b.image(Dim::D3, false, F32);
    let ms_ty = b.image(
        Dim::D2,
        false,
        ImageClass::Sampled {
            kind: Scalar::I32,
            multisampled: true,
        },
    );
    let d2_ty = b.image(Dim::D2, false, DEPTH);
    let dms_ty = b.image(Dim::D2, false, ImageClass::Depth { multisampled: true });
    let storage = |format, access| ImageClass::Storage { format, access };
    let sr_ty = b.image(Dim::D2, false, storage(TexelFormat::R32Float, Access::Read));
    let sw_ty = b.image(
        Dim::D2,
        true,
        storage(TexelFormat::Rgba8Unorm, Access::Write),
    );
    let srw_ty = b.image(
        Dim::D3,
        false,
        storage(TexelFormat::R32Uint, Access::ReadWrite),
    );
    let s1_ty = b.image(
        Dim::D1,
        false,
        storage(TexelFormat::Rgba16Sint, Access::Write),
    );
    let buf_ty = b.image(
        Dim::Buffer,
        false,
        storage(TexelFormat::Rgba32Float, Access::ReadWrite),
    );
    let tc_ty = b.image(Dim::Cube, true, DEPTH);
    let globals: Vec<_> = [
        ("t1", t1_ty),
        ("t2u", t2u_ty),
        ("t2a", t2a_ty),
        ("t3", t3_ty),
        ("ms", ms_ty),
        ("d2", d2_ty),
        ("dms", dms_ty),
        ("sr", sr_ty),
        ("sw", sw_ty),
        ("srw", srw_ty),
        ("s1", s1_ty),
        ("buf", buf_ty),
        ("tc", tc_ty),
    ]
    .iter()
    .enumerate()
    .map(|(i, &(n, t))| b.global(n, i as u32, t))
    .collect();
    let [t1, t2u, t2a, t3, ms, d2, dms, sr, sw, srw, s1, buf, tc] = globals[..] else {
        unreachable!()
    };
    let f = b.scalar(Scalar::F32);
    let u = b.scalar(Scalar::U32);
    let u2 = b.vector(VectorSize::Bi, Scalar::U32);
    let u3 = b.vector(VectorSize::Tri, Scalar::U32);
    let v4 = b.vec4(Scalar::F32);
    let v4u = b.vec4(Scalar::U32);
    let v4i = b.vec4(Scalar::I32);
    let load = |image, coordinate| Expression::ImageLoad {
        image,
        coordinate,
        array_index: None,
        sample: None,
        level: None,
    };

    let t = b.load(t1);
    let x = b.lit(Literal::I32(7));
    let l = b.lit(Literal::I32(0));
    b.named(
        "line",
        {
            let mut e = load(t, x);
            if let Expression::ImageLoad { level, .. } = &mut e {
                *level = Some(l);
            }
            e
        },
        v4,
    );
    let t = b.load(t2u);
    let c = b.gid(2);
    let l = b.lit(Literal::U32(1));
    b.named(
        "plane",
        {
            let mut e = load(t, c);
            if let Expression::ImageLoad { level, .. } = &mut e {
                *level = Some(l);
            }
            e
        },
        v4u,
    );
    let t = b.load(t2a);
    let c = b.splat(VectorSize::Bi, Literal::I32(3));
    let a = b.lit(Literal::I32(1));
    let l = b.lit(Literal::I32(0));
    b.named(
        "layer",
        {
            let mut e = load(t, c);
            if let Expression::ImageLoad {
                array_index, level, ..
            } = &mut e
            {
                *array_index = Some(a);
                *level = Some(l);
            }
            e
        },
        v4,
    );
    let t = b.load(t3);
    let c = b.gid(3);
    let l = b.lit(Literal::U32(0));
    b.named(
        "volume",
        {
            let mut e = load(t, c);
            if let Expression::ImageLoad { level, .. } = &mut e {
                *level = Some(l);
            }
            e
        },
        v4,
    );
    let t = b.load(ms);
    let c = b.gid(2);
    let sm = b.lit(Literal::I32(2));
    b.named(
        "multisampled",
        {
            let mut e = load(t, c);
            if let Expression::ImageLoad { sample, .. } = &mut e {
                *sample = Some(sm);
            }
            e
        },
        v4i,
    );
    let t = b.load(d2);
    let c = b.gid(2);
    let l = b.lit(Literal::U32(0));
    b.named(
        "depth",
        {
            let mut e = load(t, c);
            if let Expression::ImageLoad { level, .. } = &mut e {
                *level = Some(l);
            }
            e
        },
        f,
    );
    let t = b.load(dms);
    let c = b.gid(2);
    let sm = b.lit(Literal::U32(0));
    b.named(
        "depth_ms",
        {
            let mut e = load(t, c);
            if let Expression::ImageLoad { sample, .. } = &mut e {
                *sample = Some(sm);
            }
            e
        },
        f,
    );
    let t = b.load(sr);
    let c = b.gid(2);
    let read = b.named("storage", load(t, c), v4);
    // Stores.
    let t = b.load(sw);
    let c = b.gid(2);
    let a = b.lit(Literal::I32(2));
    b.statement(Statement::ImageStore {
        image: t,
        coordinate: c,
        array_index: Some(a),
        value: read,
    });
    let t = b.load(srw);
    let c = b.gid(3);
    let old = b.named("old", load(t, c), v4u);
    let t = b.load(srw);
    let c = b.gid(3);
    b.statement(Statement::ImageStore {
        image: t,
        coordinate: c,
        array_index: None,
        value: old,
    });
    let t = b.load(s1);
    let x = b.lit(Literal::I32(3));
    let v = b.splat(VectorSize::Quad, Literal::I32(-1));
    b.statement(Statement::ImageStore {
        image: t,
        coordinate: x,
        array_index: None,
        value: v,
    });
    let t = b.load(buf);
    let x = b.gid(1);
    let texel = b.named("texel", load(t, x), v4);
    let t = b.load(buf);
    let x = b.lit(Literal::U32(0));
    b.statement(Statement::ImageStore {
        image: t,
        coordinate: x,
        array_index: None,
        value: texel,
    });
    // Queries.
    let query = |image, query| Expression::ImageQuery { image, query };
    let t = b.load(t1);
    b.named("width", query(t, ImageQuery::Size { level: None }), u);
    let t = b.load(t2u);
    let l = b.lit(Literal::I32(1));
    b.named(
        "size_at_level",
        query(t, ImageQuery::Size { level: Some(l) }),
        u2,
    );
    let t = b.load(t3);
    let l = b.gid(1);
    b.named("extent", query(t, ImageQuery::Size { level: Some(l) }), u3);
    let t = b.load(tc);
    b.named("cube_size", query(t, ImageQuery::Size { level: None }), u2);
    let t = b.load(ms);
    b.named("ms_size", query(t, ImageQuery::Size { level: None }), u2);
    let t = b.load(sw);
    b.named(
        "storage_size",
        query(t, ImageQuery::Size { level: None }),
        u2,
    );
    let t = b.load(buf);
    b.named("texels", query(t, ImageQuery::Size { level: None }), u);
    let t = b.load(t2a);
    b.named("levels", query(t, ImageQuery::NumLevels), u);
    let t = b.load(tc);
    b.named("layers", query(t, ImageQuery::NumLayers), u);
    let t = b.load(dms);
    b.named("samples", query(t, ImageQuery::NumSamples), u);
    snapshot("loads_stores_queries", b);
}

/// Textures and samplers passed to user functions: as arguments, and as
/// the globals a function uses.
#[test]
fn function_parameters() {
    let mut b = Builder::new();
    let s_ty = b.ty(TypeInner::Sampler { comparison: false });
    let t_ty = b.image(Dim::D2, false, F32);
    let st_ty = b.image(
        Dim::D2,
        false,
        ImageClass::Storage {
            format: TexelFormat::Rgba8Unorm,
            access: Access::Write,
        },
    );
    let s = b.global("s", 0, s_ty);
    let t = b.global("t", 1, t_ty);
    let out = b.global("out", 2, st_ty);
    let v4 = b.vec4(Scalar::F32);
    let v2 = b.vector(VectorSize::Bi, Scalar::F32);
    // fn fetch(tex: texture_2d<f32>, uv: vec2<f32>) -> vec4<f32> {
    //     return textureSampleLevel(tex, s, uv, 0.0);
    // }
    let mut helper = Function {
        name: "fetch".into(),
        arguments: vec![
            FunctionArgument {
                name: "tex".into(),
                ty: t_ty,
                binding: None,
            },
            FunctionArgument {
                name: "uv".into(),
                ty: v2,
                binding: None,
            },
        ],
        result: Some(crate::ir::FunctionResult {
            ty: v4,
            binding: None,
        }),
        ..Function::default()
    };
    let saved = std::mem::replace(&mut b.emitted, 0);
    b.current = Some(std::mem::take(&mut helper));
    let tex = b.expr(Expression::FunctionArgument(0), t_ty);
    let uv = b.expr(Expression::FunctionArgument(1), v2);
    let si = b.load(s);
    let lod = b.lit(Literal::F32(0.0));
    let r = b.expr(
        {
            let mut e = sample(tex, si, uv);
            if let Expression::ImageSample { level, .. } = &mut e {
                *level = SampleLevel::Exact(lod);
            }
            e
        },
        v4,
    );
    b.statement(Statement::Return { value: Some(r) });
    let helper = b.current.take().expect("helper");
    let fetch = b.m.functions.append(helper, Span::UNDEFINED);
    // Entry functions come after their callees.
    let main_fn = std::mem::take(&mut b.m.functions[b.main]);
    let moved = b.m.functions.append(main_fn, Span::UNDEFINED);
    b.m.entry_points[0].function = moved;
    b.main = moved;
    b.emitted = saved;
    let tv = b.load(t);
    let uv = b.splat(VectorSize::Bi, Literal::F32(0.5));
    b.flush();
    let result = b.expr(Expression::CallResult(fetch), v4);
    b.statement(Statement::Call {
        function: fetch,
        arguments: vec![tv, uv],
        result: Some(result),
    });
    let o = b.load(out);
    let c = b.gid(2);
    b.statement(Statement::ImageStore {
        image: o,
        coordinate: c,
        array_index: None,
        value: result,
    });
    snapshot("function_parameters", b);
}

/// Asserts that writing fails with a diagnostic containing `message` at
/// `span`.
#[track_caller]
fn expect_error(b: Builder, options: &Options, message: &str, span: Span) {
    let e = match b.write(options) {
        Ok(text) => panic!("expected `{message}`, got:\n{text}"),
        Err(e) => e,
    };
    let Some(d) = e.diagnostics.iter().find(|d| d.message.contains(message)) else {
        panic!("no `{message}` in {:?}", e.diagnostics);
    };
    assert_eq!(d.span, span, "{d:?}");
}

#[test]
fn cube_offset_is_an_error() {
    let mut b = Builder::new();
    let s_ty = b.ty(TypeInner::Sampler { comparison: false });
    let tc_ty = b.image(Dim::Cube, false, F32);
    let s = b.global("s", 0, s_ty);
    let tc = b.global("tc", 1, tc_ty);
    let v4 = b.vec4(Scalar::F32);
    let (si, t) = (b.load(s), b.load(tc));
    let dir = b.splat(VectorSize::Tri, Literal::F32(1.0));
    let off = b.compose_i(&[1, 1, 1]);
    let lod = b.lit(Literal::F32(0.0));
    let h = b.named(
        "r",
        {
            let mut e = sample(t, si, dir);
            if let Expression::ImageSample { offset, level, .. } = &mut e {
                *offset = Some(off);
                *level = SampleLevel::Exact(lod);
            }
            e
        },
        v4,
    );
    let span = b.f().expressions.span(h);
    expect_error(
        b,
        &Options::default(),
        "Metal cannot express texel offsets on cube textures",
        span,
    );
}

#[test]
fn version_errors() {
    let build = |class| {
        let mut b = Builder::new();
        let ty = b.image(Dim::Buffer, false, class);
        let g = b.global("texels", 0, ty);
        let span = b.m.global_variables.span(g);
        let u = b.scalar(Scalar::U32);
        let t = b.load(g);
        b.named(
            "n",
            Expression::ImageQuery {
                image: t,
                query: ImageQuery::Size { level: None },
            },
            u,
        );
        (b, span)
    };
    let (b, span) = build(ImageClass::Storage {
        format: TexelFormat::R32Uint,
        access: Access::Read,
    });
    let old = Options {
        lang_version: (2, 0),
        ..Options::default()
    };
    expect_error(
        b,
        &old,
        "texel buffers need MSL 2.1 or later, but the target is MSL 2.0",
        span,
    );
    let mut b = Builder::new();
    let ty = b.image(
        Dim::D2,
        false,
        ImageClass::Storage {
            format: TexelFormat::R32Float,
            access: Access::ReadWrite,
        },
    );
    let g = b.global("rw", 0, ty);
    let span = b.m.global_variables.span(g);
    let u2 = b.vector(VectorSize::Bi, Scalar::U32);
    let t = b.load(g);
    b.named(
        "n",
        Expression::ImageQuery {
            image: t,
            query: ImageQuery::Size { level: None },
        },
        u2,
    );
    let v11 = Options {
        lang_version: (1, 1),
        ..Options::default()
    };
    expect_error(
        b,
        &v11,
        "read_write textures need MSL 1.2 or later, but the target is MSL 1.1",
        span,
    );
}

/// The printer's guard: `texture_external` that skipped the
/// `external-texture` pass (printed without `lower`) is an internal error.
#[test]
fn external_texture_is_an_error() {
    let mut b = Builder::new();
    let ty = b.image(Dim::D2, false, ImageClass::External);
    let g = b.global("video", 0, ty);
    let span = b.m.global_variables.span(g);
    let u2 = b.vector(VectorSize::Bi, Scalar::U32);
    let t = b.load(g);
    b.named(
        "n",
        Expression::ImageQuery {
            image: t,
            query: ImageQuery::Size { level: None },
        },
        u2,
    );
    let mut m = b.m;
    if let Some(f) = b.current {
        m.functions.append(f, Span::UNDEFINED);
    }
    let info = crate::valid::validate(&m).expect("valid");
    let pipeline = crate::pipeline::process(&m, &info, &Default::default()).expect("pipeline");
    let info = crate::valid::analyze(&pipeline.module);
    let e = match super::print(&pipeline.printed(), &info, &Options::default()) {
        Ok(t) => panic!("expected an error, got:\n{}", t.source),
        Err(e) => e,
    };
    let message = "`texture_external` reached the MSL writer without being lowered";
    let Some(d) = e.diagnostics.iter().find(|d| d.message.contains(message)) else {
        panic!("no `{message}` in {:?}", e.diagnostics);
    };
    assert_eq!(d.span, span, "{d:?}");
    // Through `write`, the pass lowers it.
    let written = crate::lower::msl::write(&pipeline, &Options::default()).expect("lowered");
    assert!(written.contains("video_plane1"), "{written}");
}

/// Two textures given one `[[texture(n)]]` index, and a sampler index out
/// of Metal's range.
#[test]
fn binding_map_errors() {
    let mut b = Builder::new();
    let s_ty = b.ty(TypeInner::Sampler { comparison: false });
    let t_ty = b.image(Dim::D2, false, F32);
    let a = b.global("a", 0, t_ty);
    let c = b.global("c", 1, t_ty);
    let s = b.global("s", 2, s_ty);
    let (span_c, span_s) = (b.m.global_variables.span(c), b.m.global_variables.span(s));
    let u2 = b.vector(VectorSize::Bi, Scalar::U32);
    for g in [a, c] {
        let t = b.load(g);
        b.named(
            "n",
            Expression::ImageQuery {
                image: t,
                query: ImageQuery::Size { level: None },
            },
            u2,
        );
    }
    let v4 = b.vec4(Scalar::F32);
    let (si, t) = (b.load(s), b.load(a));
    let uv = b.splat(VectorSize::Bi, Literal::F32(0.5));
    b.named(
        "r",
        {
            let mut e = sample(t, si, uv);
            if let Expression::ImageSample { level, .. } = &mut e {
                *level = SampleLevel::Zero;
            }
            e
        },
        v4,
    );
    let mut opts = Options::default();
    let rb = |binding| ResourceBinding { group: 0, binding };
    opts.binding_map.insert(rb(0), 3);
    opts.binding_map.insert(rb(1), 3);
    opts.binding_map.insert(rb(2), 16);
    let e = b.write(&opts).expect_err("collision");
    let find = |m: &str| {
        e.diagnostics
            .iter()
            .find(|d| d.message.contains(m))
            .unwrap_or_else(|| panic!("no `{m}` in {:?}", e.diagnostics))
    };
    let d =
        find("the binding map gives @group(0) @binding(1) the texture index 3, which `a` also has");
    assert_eq!(d.span, span_c);
    let d = find("sampler index 16 is out of range for @group(0) @binding(2)");
    assert_eq!(d.span, span_s);
    assert!(
        d.notes
            .iter()
            .any(|n| n.contains("Metal has sampler indices 0 to 15")),
        "{d:?}"
    );
}

/// The indices an embedder binds: textures and samplers have their own
/// tables, in `(group, binding)` order unless mapped.
#[test]
fn resource_indices() {
    let mut b = Builder::new();
    let s_ty = b.ty(TypeInner::Sampler { comparison: false });
    let t_ty = b.image(Dim::D2, false, F32);
    let t0 = b.global("t0", 5, t_ty);
    let t1 = b.global("t1", 1, t_ty);
    let s = b.global("s", 2, s_ty);
    let v4 = b.vec4(Scalar::F32);
    for t in [t0, t1] {
        let (si, tv) = (b.load(s), b.load(t));
        let uv = b.splat(VectorSize::Bi, Literal::F32(0.5));
        b.named(
            "r",
            {
                let mut e = sample(tv, si, uv);
                if let Expression::ImageSample { level, .. } = &mut e {
                    *level = SampleLevel::Zero;
                }
                e
            },
            v4,
        );
    }
    let mut opts = Options::default();
    opts.binding_map.insert(
        ResourceBinding {
            group: 0,
            binding: 1,
        },
        4,
    );
    let mut m = b.m;
    if let Some(f) = b.current {
        m.functions.append(f, Span::UNDEFINED);
    }
    let info = crate::valid::validate(&m).expect("valid");
    let p = crate::pipeline::process(&m, &info, &Default::default()).expect("pipeline");
    let t = crate::lower::msl::write_translation(&p, &opts).expect("msl");
    let got: Vec<_> = t
        .resources
        .iter()
        .map(|r| (r.binding.map(|b| b.binding), r.kind, r.index))
        .collect();
    use super::ResourceKind as K;
    assert_eq!(
        got,
        [
            (Some(5), K::Texture, 0),
            (Some(1), K::Texture, 4),
            (Some(2), K::Sampler, 0)
        ]
    );
    assert!(t.source.contains("t1 [[texture(4)]]"), "{}", t.source);
    assert!(
        t.source.contains("metal::sampler s [[sampler(0)]]"),
        "{}",
        t.source
    );
}
