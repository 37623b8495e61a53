//! The types and helper functions the `external-texture` pass adds: the
//! parameters struct and the functions that implement `textureLoad` and
//! `textureSampleBaseClampToEdge` on the planes of an external texture.
//!
//! In WGSL, the helpers are:
//!
//! ```text
//! fn tessera_gamma_correction(v: vec3f, p: ExternalTextureGammaParams) -> vec3f {
//!   let abs_v = abs(v);
//!   let sign_v = sign(v);
//!   let linear = sign_v * (p.C * abs_v + p.F);
//!   let curve = sign_v * (pow(p.A * abs_v + p.B, vec3f(p.G)) + p.E);
//!   return select(curve, linear, abs_v < vec3f(p.D));
//! }
//! fn tessera_external_color(rgb: vec3f, alpha: f32, params: ExternalTextureParams) -> vec4f {
//!   if params.doYuvToRgbConversionOnly == 0u {
//!     let decoded = tessera_gamma_correction(rgb, params.gammaDecodeParams);
//!     let gamut = params.gamutConversionMatrix * decoded;
//!     return vec4f(tessera_gamma_correction(gamut, params.gammaEncodeParams), alpha);
//!   }
//!   return vec4f(rgb, alpha);
//! }
//! fn tessera_texture_load_external(plane0: texture_2d<f32>, plane1: texture_2d<f32>,
//!                                  params: ExternalTextureParams, coords: vec2u) -> vec4f {
//!   let clamped = min(coords, params.apparentSize);
//!   let load_f = round(params.loadTransform * vec3f(vec2f(clamped), 1.0));
//!   let load = vec2u(load_f);
//!   if params.numPlanes == 1u {
//!     let texel = textureLoad(plane0, load, 0u);
//!     return tessera_external_color(texel.xyz, texel.w, params);
//!   }
//!   let y = textureLoad(plane0, load, 0u).x;
//!   let uv = textureLoad(plane1, vec2u(load_f * params.plane1CoordFactor), 0u).xy;
//!   return tessera_external_color(vec4f(y, uv, 1.0) * params.yuvToRgbConversionMatrix, 1.0, params);
//! }
//! fn tessera_texture_sample_external(plane0: texture_2d<f32>, plane1: texture_2d<f32>,
//!                                    params: ExternalTextureParams, smp: sampler,
//!                                    coords: vec2f) -> vec4f {
//!   let modified = params.sampleTransform * vec3f(coords, 1.0);
//!   let coords0 = clamp(modified, params.samplePlane0RectMin, params.samplePlane0RectMax);
//!   if params.numPlanes == 1u {
//!     let texel = textureSampleLevel(plane0, smp, coords0, 0.0);
//!     return tessera_external_color(texel.xyz, texel.w, params);
//!   }
//!   let coords1 = clamp(modified, params.samplePlane1RectMin, params.samplePlane1RectMax);
//!   let y = textureSampleLevel(plane0, smp, coords0, 0.0).x;
//!   let uv = textureSampleLevel(plane1, smp, coords1, 0.0).xy;
//!   return tessera_external_color(vec4f(y, uv, 1.0) * params.yuvToRgbConversionMatrix, 1.0, params);
//! }
//! ```

use super::rewrite::BlockBuilder;
use crate::arena::Handle;
use crate::ir::{
    BinaryOperator, Block, Expression, Function, FunctionArgument, FunctionResult, ImageClass,
    ImageDimension, Literal, MathFunction, Module, SampleLevel, Scalar, Statement, StructMember,
    Type, TypeInner, VectorSize,
};
use crate::span::Span;

type H = Handle<Expression>;

/// Member indices of the parameters struct.
pub(super) mod field {
    pub const NUM_PLANES: u32 = 0;
    pub const YUV_ONLY: u32 = 1;
    pub const YUV_TO_RGB: u32 = 2;
    pub const GAMMA_DECODE: u32 = 3;
    pub const GAMMA_ENCODE: u32 = 4;
    pub const GAMUT: u32 = 5;
    pub const SAMPLE_TRANSFORM: u32 = 6;
    pub const LOAD_TRANSFORM: u32 = 7;
    pub const PLANE0_MIN: u32 = 8;
    pub const PLANE0_MAX: u32 = 9;
    pub const PLANE1_MIN: u32 = 10;
    pub const PLANE1_MAX: u32 = 11;
    pub const APPARENT_SIZE: u32 = 12;
    pub const PLANE1_FACTOR: u32 = 13;
}

/// The types the lowering uses.
#[derive(Clone, Copy, Debug)]
pub(super) struct Types {
    pub f32: Handle<Type>,
    pub u32: Handle<Type>,
    pub bool: Handle<Type>,
    pub vec2f: Handle<Type>,
    pub vec2u: Handle<Type>,
    pub vec3f: Handle<Type>,
    pub vec3b: Handle<Type>,
    pub vec4f: Handle<Type>,
    pub mat3x4: Handle<Type>,
    pub mat3x3: Handle<Type>,
    pub mat3x2: Handle<Type>,
    pub plane: Handle<Type>,
    pub sampler: Handle<Type>,
    pub gamma: Handle<Type>,
    pub params: Handle<Type>,
}

impl Types {
    /// Interns the types (the structs by name: a user struct of the same
    /// name is a different type, and the printers rename one of them).
    pub fn new(m: &mut Module) -> Types {
        let scalar = |m: &mut Module, s| m.intern(TypeInner::Scalar(s));
        let vec = |m: &mut Module, size, scalar| m.intern(TypeInner::Vector { size, scalar });
        let mat = |m: &mut Module, rows| {
            m.intern(TypeInner::Matrix {
                columns: VectorSize::Tri,
                rows,
                scalar: Scalar::F32,
            })
        };
        let f32 = scalar(m, Scalar::F32);
        let u32 = scalar(m, Scalar::U32);
        let bool = scalar(m, Scalar::Bool);
        let vec2f = vec(m, VectorSize::Bi, Scalar::F32);
        let vec2u = vec(m, VectorSize::Bi, Scalar::U32);
        let vec3f = vec(m, VectorSize::Tri, Scalar::F32);
        let vec3b = vec(m, VectorSize::Tri, Scalar::Bool);
        let vec4f = vec(m, VectorSize::Quad, Scalar::F32);
        let mat3x4 = mat(m, VectorSize::Quad);
        let mat3x3 = mat(m, VectorSize::Tri);
        let mat3x2 = mat(m, VectorSize::Bi);
        let plane = m.intern(TypeInner::Image {
            dim: ImageDimension::D2,
            arrayed: false,
            class: ImageClass::Sampled {
                kind: Scalar::F32,
                multisampled: false,
            },
        });
        let sampler = m.intern(TypeInner::Sampler { comparison: false });
        let member = |name: &str, ty, offset, size, align| StructMember {
            name: name.to_string(),
            ty,
            binding: None,
            offset,
            size,
            align,
        };
        // Dawn's layout: seven f32 and padding to 32 bytes, so the struct
        // can be a uniform-buffer member.
        let mut gm: Vec<StructMember> = ["G", "A", "B", "C", "D", "E", "F"]
            .iter()
            .enumerate()
            .map(|(i, n)| member(n, f32, 4 * i as u32, 4, 4))
            .collect();
        gm.push(member("padding", u32, 28, 4, 4));
        let gamma = m.types.insert(
            Type {
                name: Some("ExternalTextureGammaParams".to_string()),
                inner: TypeInner::Struct {
                    members: gm,
                    span: 32,
                },
            },
            Span::UNDEFINED,
        );
        let pm = vec![
            member("numPlanes", u32, 0, 4, 4),
            member("doYuvToRgbConversionOnly", u32, 4, 4, 4),
            member("yuvToRgbConversionMatrix", mat3x4, 16, 48, 16),
            member("gammaDecodeParams", gamma, 64, 32, 4),
            member("gammaEncodeParams", gamma, 96, 32, 4),
            member("gamutConversionMatrix", mat3x3, 128, 48, 16),
            member("sampleTransform", mat3x2, 176, 24, 8),
            member("loadTransform", mat3x2, 200, 24, 8),
            member("samplePlane0RectMin", vec2f, 224, 8, 8),
            member("samplePlane0RectMax", vec2f, 232, 8, 8),
            member("samplePlane1RectMin", vec2f, 240, 8, 8),
            member("samplePlane1RectMax", vec2f, 248, 8, 8),
            member("apparentSize", vec2u, 256, 8, 8),
            member("plane1CoordFactor", vec2f, 264, 8, 8),
        ];
        let params = m.types.insert(
            Type {
                name: Some("ExternalTextureParams".to_string()),
                inner: TypeInner::Struct {
                    members: pm,
                    span: 272,
                },
            },
            Span::UNDEFINED,
        );
        Types {
            f32,
            u32,
            bool,
            vec2f,
            vec2u,
            vec3f,
            vec3b,
            vec4f,
            mat3x4,
            mat3x3,
            mat3x2,
            plane,
            sampler,
            gamma,
            params,
        }
    }
}

/// The helper functions, once added to the module.
#[derive(Clone, Copy, Debug)]
pub(super) struct Helpers {
    /// `textureLoad(t, coords)`: (plane0, plane1, params, vec2u) -> vec4f.
    pub load: Option<Handle<Function>>,
    /// `textureSampleBaseClampToEdge(t, s, coords)`: (plane0, plane1,
    /// params, sampler, vec2f) -> vec4f.
    pub sample: Option<Handle<Function>>,
}

/// Builds one function: its body and the nested blocks under
/// construction (innermost last).
struct Fb<'t> {
    f: Function,
    t: &'t Types,
    body: BlockBuilder,
    nested: Vec<BlockBuilder>,
}

impl<'t> Fb<'t> {
    fn new(name: &str, t: &'t Types, result: Handle<Type>) -> Self {
        Fb {
            f: Function {
                name: name.to_string(),
                result: Some(FunctionResult {
                    ty: result,
                    binding: None,
                }),
                ..Function::default()
            },
            t,
            body: BlockBuilder::new(),
            nested: Vec::new(),
        }
    }

    /// The block being built: the innermost open one, else the body.
    fn current(&mut self) -> &mut BlockBuilder {
        self.nested.last_mut().unwrap_or(&mut self.body)
    }

    fn arg(&mut self, name: &str, ty: Handle<Type>) -> H {
        let i = self.f.arguments.len() as u32;
        self.f.arguments.push(FunctionArgument {
            name: name.to_string(),
            ty,
            binding: None,
        });
        self.e(Expression::FunctionArgument(i), ty)
    }

    fn e(&mut self, e: Expression, ty: Handle<Type>) -> H {
        let Fb {
            f, body, nested, ..
        } = self;
        nested
            .last_mut()
            .unwrap_or(body)
            .expr(f, e, ty, Span::UNDEFINED)
    }

    fn named(&mut self, name: &str, e: Expression, ty: Handle<Type>) -> H {
        let h = self.e(e, ty);
        self.f.named_expressions.insert(h, name.to_string());
        h
    }

    fn stmt(&mut self, st: Statement) {
        self.current().stmt(st, Span::UNDEFINED);
    }

    fn open(&mut self) {
        self.nested.push(BlockBuilder::new());
    }

    fn close(&mut self) -> Block {
        self.nested
            .pop()
            .map(BlockBuilder::finish)
            .unwrap_or_default()
    }

    fn field(&mut self, base: H, index: u32, ty: Handle<Type>) -> H {
        self.e(Expression::AccessIndex { base, index }, ty)
    }

    fn f32(&mut self, v: f32) -> H {
        self.e(Expression::Literal(Literal::F32(v)), self.t.f32)
    }

    fn u32(&mut self, v: u32) -> H {
        self.e(Expression::Literal(Literal::U32(v)), self.t.u32)
    }

    fn bin(&mut self, op: BinaryOperator, left: H, right: H, ty: Handle<Type>) -> H {
        self.e(Expression::Binary { op, left, right }, ty)
    }

    fn math(&mut self, fun: MathFunction, args: &[H], ty: Handle<Type>) -> H {
        let args = crate::ir::MathArgs::from_slice(args);
        self.e(Expression::Math { fun, args }, ty)
    }

    fn compose(&mut self, ty: Handle<Type>, components: Vec<H>) -> H {
        self.e(Expression::Compose { ty, components }, ty)
    }

    fn swizzle(&mut self, vector: H, size: VectorSize, pattern: [u8; 4], ty: Handle<Type>) -> H {
        self.e(
            Expression::Swizzle {
                size,
                vector,
                pattern,
            },
            ty,
        )
    }

    fn call(&mut self, function: Handle<Function>, arguments: Vec<H>, ty: Handle<Type>) -> H {
        let h = self.e(Expression::CallResult(function), ty);
        self.stmt(Statement::Call {
            function,
            arguments,
            result: Some(h),
        });
        h
    }

    fn ret(&mut self, value: H) {
        self.stmt(Statement::Return { value: Some(value) });
    }

    fn finish(mut self) -> Function {
        self.f.body = self.body.finish();
        self.f
    }
}

/// `tessera_gamma_correction(v, p)`.
fn gamma_correction(t: &Types) -> Function {
    use BinaryOperator as B;
    let mut b = Fb::new("tessera_gamma_correction", t, t.vec3f);
    let v = b.arg("v", t.vec3f);
    let p = b.arg("p", t.gamma);
    let [g, a, bb, c, d, e, f] = std::array::from_fn(|i| b.field(p, i as u32, t.f32));
    let abs_v = b.math(MathFunction::Abs, &[v], t.vec3f);
    b.f.named_expressions.insert(abs_v, "abs_v".into());
    let sign_v = b.math(MathFunction::Sign, &[v], t.vec3f);
    b.f.named_expressions.insert(sign_v, "sign_v".into());
    let c_v = b.bin(B::Multiply, c, abs_v, t.vec3f);
    let c_v_f = b.bin(B::Add, c_v, f, t.vec3f);
    let linear = b.bin(B::Multiply, sign_v, c_v_f, t.vec3f);
    b.f.named_expressions.insert(linear, "linear".into());
    let a_v = b.bin(B::Multiply, a, abs_v, t.vec3f);
    let a_v_b = b.bin(B::Add, a_v, bb, t.vec3f);
    let g3 = b.e(
        Expression::Splat {
            size: VectorSize::Tri,
            value: g,
        },
        t.vec3f,
    );
    let pw = b.math(MathFunction::Pow, &[a_v_b, g3], t.vec3f);
    let pw_e = b.bin(B::Add, pw, e, t.vec3f);
    let curve = b.bin(B::Multiply, sign_v, pw_e, t.vec3f);
    b.f.named_expressions.insert(curve, "curve".into());
    let d3 = b.e(
        Expression::Splat {
            size: VectorSize::Tri,
            value: d,
        },
        t.vec3f,
    );
    let cond = b.bin(B::Less, abs_v, d3, t.vec3b);
    let r = b.e(
        Expression::Select {
            condition: cond,
            accept: linear,
            reject: curve,
        },
        t.vec3f,
    );
    b.ret(r);
    b.finish()
}

/// `tessera_external_color(rgb, alpha, params)`: gamma decode, gamut
/// conversion and gamma encode unless `doYuvToRgbConversionOnly`.
fn external_color(t: &Types, gamma: Handle<Function>) -> Function {
    let mut b = Fb::new("tessera_external_color", t, t.vec4f);
    let rgb = b.arg("rgb", t.vec3f);
    let alpha = b.arg("alpha", t.f32);
    let params = b.arg("params", t.params);
    let only = b.field(params, field::YUV_ONLY, t.u32);
    let zero = b.u32(0);
    let cond = b.bin(BinaryOperator::Equal, only, zero, t.bool);
    b.open();
    let decode = b.field(params, field::GAMMA_DECODE, t.gamma);
    let decoded = b.call(gamma, vec![rgb, decode], t.vec3f);
    let gamut = b.field(params, field::GAMUT, t.mat3x3);
    let converted = b.bin(BinaryOperator::Multiply, gamut, decoded, t.vec3f);
    let encode = b.field(params, field::GAMMA_ENCODE, t.gamma);
    let encoded = b.call(gamma, vec![converted, encode], t.vec3f);
    let out = b.compose(t.vec4f, vec![encoded, alpha]);
    b.ret(out);
    let accept = b.close();
    b.stmt(Statement::If {
        condition: cond,
        accept,
        reject: Block::new(),
    });
    let out = b.compose(t.vec4f, vec![rgb, alpha]);
    b.ret(out);
    b.finish()
}

/// After the texel or Y/UV values: returns `tessera_external_color` of
/// the one-plane texel (in the open block) or of the converted YUV.
fn finish_color(b: &mut Fb, color: Handle<Function>, params: H, texel: H) {
    let t = *b.t;
    b.f.named_expressions.insert(texel, "texel".into());
    let rgb = b.swizzle(texel, VectorSize::Tri, [0, 1, 2, 0], t.vec3f);
    let a = b.swizzle_scalar(texel, 3);
    let r = b.call(color, vec![rgb, a, params], t.vec4f);
    b.ret(r);
}

fn yuv_color(b: &mut Fb, color: Handle<Function>, params: H, y: H, uv: H) {
    let t = *b.t;
    let one = b.f32(1.0);
    let yuv = b.compose(t.vec4f, vec![y, uv, one]);
    let m = b.field(params, field::YUV_TO_RGB, t.mat3x4);
    let rgb = b.bin(BinaryOperator::Multiply, yuv, m, t.vec3f);
    let one = b.f32(1.0);
    let r = b.call(color, vec![rgb, one, params], t.vec4f);
    b.ret(r);
}

impl Fb<'_> {
    /// Component `i` of a vector value.
    fn swizzle_scalar(&mut self, vector: H, i: u32) -> H {
        let f32 = self.t.f32;
        self.field(vector, i, f32)
    }

    /// `params.numPlanes == 1u`.
    fn one_plane(&mut self, params: H) -> H {
        let t = *self.t;
        let n = self.field(params, field::NUM_PLANES, t.u32);
        let one = self.u32(1);
        self.bin(BinaryOperator::Equal, n, one, t.bool)
    }
}

/// `tessera_texture_load_external(plane0, plane1, params, coords)`.
fn texture_load(t: &Types, color: Handle<Function>) -> Function {
    use BinaryOperator as B;
    let mut b = Fb::new("tessera_texture_load_external", t, t.vec4f);
    let plane0 = b.arg("plane0", t.plane);
    let plane1 = b.arg("plane1", t.plane);
    let params = b.arg("params", t.params);
    let coords = b.arg("coords", t.vec2u);
    let size = b.field(params, field::APPARENT_SIZE, t.vec2u);
    let clamped = b.math(MathFunction::Min, &[coords, size], t.vec2u);
    let clamped_f = b.e(
        Expression::Convert {
            expr: clamped,
            ty: t.vec2f,
        },
        t.vec2f,
    );
    let one = b.f32(1.0);
    let c3 = b.compose(t.vec3f, vec![clamped_f, one]);
    let transform = b.field(params, field::LOAD_TRANSFORM, t.mat3x2);
    let moved = b.bin(B::Multiply, transform, c3, t.vec2f);
    let load_f = b.named(
        "load_f",
        Expression::Math {
            fun: MathFunction::Round,
            args: smallvec::smallvec![moved],
        },
        t.vec2f,
    );
    let load = b.named(
        "load_coords",
        Expression::Convert {
            expr: load_f,
            ty: t.vec2u,
        },
        t.vec2u,
    );
    let texel_at = |b: &mut Fb, image: H, coordinate: H| {
        let level = b.u32(0);
        b.e(
            Expression::ImageLoad {
                image,
                coordinate,
                array_index: None,
                sample: None,
                level: Some(level),
            },
            t.vec4f,
        )
    };
    let cond = b.one_plane(params);
    b.open();
    let texel = texel_at(&mut b, plane0, load);
    finish_color(&mut b, color, params, texel);
    let accept = b.close();
    b.stmt(Statement::If {
        condition: cond,
        accept,
        reject: Block::new(),
    });
    let t0 = texel_at(&mut b, plane0, load);
    let y = b.swizzle_scalar(t0, 0);
    let factor = b.field(params, field::PLANE1_FACTOR, t.vec2f);
    let scaled = b.bin(B::Multiply, load_f, factor, t.vec2f);
    let c1 = b.e(
        Expression::Convert {
            expr: scaled,
            ty: t.vec2u,
        },
        t.vec2u,
    );
    let t1 = texel_at(&mut b, plane1, c1);
    let uv = b.swizzle(t1, VectorSize::Bi, [0, 1, 0, 0], t.vec2f);
    yuv_color(&mut b, color, params, y, uv);
    b.finish()
}

/// `tessera_texture_sample_external(plane0, plane1, params, smp, coords)`.
fn texture_sample(t: &Types, color: Handle<Function>) -> Function {
    use BinaryOperator as B;
    let mut b = Fb::new("tessera_texture_sample_external", t, t.vec4f);
    let plane0 = b.arg("plane0", t.plane);
    let plane1 = b.arg("plane1", t.plane);
    let params = b.arg("params", t.params);
    let smp = b.arg("smp", t.sampler);
    let coords = b.arg("coords", t.vec2f);
    let one = b.f32(1.0);
    let c3 = b.compose(t.vec3f, vec![coords, one]);
    let transform = b.field(params, field::SAMPLE_TRANSFORM, t.mat3x2);
    let modified = b.named(
        "modified_coords",
        Expression::Binary {
            op: B::Multiply,
            left: transform,
            right: c3,
        },
        t.vec2f,
    );
    let clamp = |b: &mut Fb, min: u32, max: u32| {
        let lo = b.field(params, min, t.vec2f);
        let hi = b.field(params, max, t.vec2f);
        b.math(MathFunction::Clamp, &[modified, lo, hi], t.vec2f)
    };
    let coords0 = clamp(&mut b, field::PLANE0_MIN, field::PLANE0_MAX);
    b.f.named_expressions
        .insert(coords0, "plane0_coords".into());
    let sample = |b: &mut Fb, image: H, coordinate: H| {
        let level = b.f32(0.0);
        b.e(
            Expression::ImageSample {
                image,
                sampler: smp,
                gather: None,
                coordinate,
                array_index: None,
                offset: None,
                level: SampleLevel::Exact(level),
                depth_ref: None,
                clamp_to_edge: false,
            },
            t.vec4f,
        )
    };
    let cond = b.one_plane(params);
    b.open();
    let texel = sample(&mut b, plane0, coords0);
    finish_color(&mut b, color, params, texel);
    let accept = b.close();
    b.stmt(Statement::If {
        condition: cond,
        accept,
        reject: Block::new(),
    });
    let coords1 = clamp(&mut b, field::PLANE1_MIN, field::PLANE1_MAX);
    let t0 = sample(&mut b, plane0, coords0);
    let y = b.swizzle_scalar(t0, 0);
    let t1 = sample(&mut b, plane1, coords1);
    let uv = b.swizzle(t1, VectorSize::Bi, [0, 1, 0, 0], t.vec2f);
    yuv_color(&mut b, color, params, y, uv);
    b.finish()
}

/// Adds the helpers `need_load` and `need_sample` ask for (and the
/// functions they call) to the end of `module.functions`.
pub(super) fn add(module: &mut Module, t: &Types, need_load: bool, need_sample: bool) -> Helpers {
    if !need_load && !need_sample {
        return Helpers {
            load: None,
            sample: None,
        };
    }
    let gamma = module
        .functions
        .append(gamma_correction(t), Span::UNDEFINED);
    let color = module
        .functions
        .append(external_color(t, gamma), Span::UNDEFINED);
    let load = need_load.then(|| {
        module
            .functions
            .append(texture_load(t, color), Span::UNDEFINED)
    });
    let sample = need_sample.then(|| {
        module
            .functions
            .append(texture_sample(t, color), Span::UNDEFINED)
    });
    Helpers { load, sample }
}
