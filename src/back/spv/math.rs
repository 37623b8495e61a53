//! Numeric, bit and packing builtins: `GLSL.std.450` where it matches WGSL
//! exactly, explicit instruction sequences otherwise (documented per case).

use spirv::{GlslStd450Op as Gl, Op};

use super::expr::width;
use super::function::FnCtx;
use super::writer::{err, Writer, R};
use crate::arena::Handle;
use crate::ir::{Expression, MathFunction as F, Scalar, TypeInner};

impl Writer<'_> {
    /// Writes a math builtin call.
    pub(super) fn math(
        &mut self,
        cx: &mut FnCtx,
        h: Handle<Expression>,
        fun: F,
        args: &[Handle<Expression>],
    ) -> R<u32> {
        let span = cx.span(h);
        let Some(&first) = args.first() else {
            return Err(err("builtin call without arguments", span));
        };
        let mut a = [0u32; 4];
        for (i, &arg) in args.iter().enumerate().take(4) {
            a[i] = self.expr(cx, arg)?;
        }
        let t = self.expr_type(cx, h)?;
        let arg_inner = self.inner(cx, first)?.clone();
        let scalar = arg_inner.scalar().unwrap_or(Scalar::F32);
        let n = width(&arg_inner);
        let float = scalar.is_float();
        let signed = scalar.is_signed_integer();
        let nargs = args.len().min(4);
        let g = |w: &mut Self, cx: &mut FnCtx, op: Gl| w.glsl(cx, t, op, &a[..nargs]);
        let id =
            match fun {
                F::Abs if float => g(self, cx, Gl::FAbs),
                F::Abs if signed => g(self, cx, Gl::SAbs),
                F::Abs => a[0],
                F::Acos => g(self, cx, Gl::Acos),
                F::Acosh => g(self, cx, Gl::Acosh),
                F::Asin => g(self, cx, Gl::Asin),
                F::Asinh => g(self, cx, Gl::Asinh),
                F::Atan => g(self, cx, Gl::Atan),
                F::Atanh => g(self, cx, Gl::Atanh),
                F::Atan2 => g(self, cx, Gl::Atan2),
                F::Ceil => g(self, cx, Gl::Ceil),
                F::Cos => g(self, cx, Gl::Cos),
                F::Cosh => g(self, cx, Gl::Cosh),
                F::Sin => g(self, cx, Gl::Sin),
                F::Sinh => g(self, cx, Gl::Sinh),
                F::Tan => g(self, cx, Gl::Tan),
                F::Tanh => g(self, cx, Gl::Tanh),
                F::Exp => g(self, cx, Gl::Exp),
                F::Exp2 => g(self, cx, Gl::Exp2),
                F::Log => g(self, cx, Gl::Log),
                F::Log2 => g(self, cx, Gl::Log2),
                F::Sqrt => g(self, cx, Gl::Sqrt),
                F::InverseSqrt => g(self, cx, Gl::InverseSqrt),
                F::Pow => g(self, cx, Gl::Pow),
                F::Floor => g(self, cx, Gl::Floor),
                F::Trunc => g(self, cx, Gl::Trunc),
                F::Fract => g(self, cx, Gl::Fract),
                F::Round => g(self, cx, Gl::RoundEven),
                F::Degrees => g(self, cx, Gl::Degrees),
                F::Radians => g(self, cx, Gl::Radians),
                F::Length => g(self, cx, Gl::Length),
                F::Distance => g(self, cx, Gl::Distance),
                F::Normalize => g(self, cx, Gl::Normalize),
                F::Cross => g(self, cx, Gl::Cross),
                F::Reflect => g(self, cx, Gl::Reflect),
                F::Refract => g(self, cx, Gl::Refract),
                F::FaceForward => g(self, cx, Gl::FaceForward),
                F::Determinant => g(self, cx, Gl::Determinant),
                F::Step => g(self, cx, Gl::Step),
                F::Smoothstep => g(self, cx, Gl::SmoothStep),
                F::Fma => g(self, cx, Gl::Fma),
                F::Ldexp => g(self, cx, Gl::Ldexp),
                F::Frexp => g(self, cx, Gl::FrexpStruct),
                F::Modf => g(self, cx, Gl::ModfStruct),
                F::Sign if float => g(self, cx, Gl::FSign),
                F::Sign => g(self, cx, Gl::SSign),
                F::Mix => {
                    let mut b = a;
                    if nargs == 3
                        && n > 1
                        && matches!(self.inner(cx, args[2])?, TypeInner::Scalar(_))
                    {
                        b[2] = self.splat(cx, t, a[2], n);
                    }
                    self.glsl(cx, t, Gl::FMix, &b[..nargs])
                }
                F::Min | F::Max => {
                    let (min, max) = if float {
                        (Gl::FMin, Gl::FMax)
                    } else if signed {
                        (Gl::SMin, Gl::SMax)
                    } else {
                        (Gl::UMin, Gl::UMax)
                    };
                    g(self, cx, if fun == F::Min { min } else { max })
                }
                F::Clamp => return Err(err(
                    "internal error: 'clamp' not lowered (the `clamp-formula` pass must run first)",
                    cx.span(h),
                )),
                F::Saturate => {
                    let zero = self.const_splat(scalar, n, 0.0);
                    let one = self.const_splat(scalar, n, 1.0);
                    self.glsl(cx, t, Gl::FClamp, &[a[0], zero, one])
                }
                F::Dot if float => self.emit(cx, Op::Dot, t, &[a[0], a[1]]),
                // Integer `dot`: lowered by the `int-dot` pass.
                F::Dot => return Err(err(
                    "internal error: integer 'dot' not lowered (the `int-dot` pass must run first)",
                    cx.span(h),
                )),
                F::Dot4I8Packed | F::Dot4U8Packed => return Err(err(
                    "internal error: packed 'dot' not lowered (the `int-dot` pass must run first)",
                    cx.span(h),
                )),
                F::CountOneBits => self.emit(cx, Op::BitCount, t, &[a[0]]),
                F::ReverseBits => self.emit(cx, Op::BitReverse, t, &[a[0]]),
                F::CountLeadingZeros => {
                    // 31 - FindUMsb(x); FindUMsb(0) is -1, giving 32.
                    let msb = self.glsl(cx, t, Gl::FindUMsb, &[a[0]]);
                    let c31 = self.const_splat(scalar, n, 31.0);
                    self.emit(cx, Op::ISub, t, &[c31, msb])
                }
                F::CountTrailingZeros => {
                    // min(u32(FindILsb(x)), 32); FindILsb(0) is -1.
                    let ut = if n > 1 {
                        self.vector_type(Scalar::U32, n)
                    } else {
                        self.u32_type()
                    };
                    let x = if signed {
                        self.emit(cx, Op::Bitcast, ut, &[a[0]])
                    } else {
                        a[0]
                    };
                    let lsb = self.glsl(cx, ut, Gl::FindILsb, &[x]);
                    let c32 = self.const_splat(Scalar::U32, n, 32.0);
                    let r = self.glsl(cx, ut, Gl::UMin, &[lsb, c32]);
                    if signed {
                        self.emit(cx, Op::Bitcast, t, &[r])
                    } else {
                        r
                    }
                }
                F::FirstLeadingBit if signed => g(self, cx, Gl::FindSMsb),
                F::FirstLeadingBit => g(self, cx, Gl::FindUMsb),
                F::FirstTrailingBit => g(self, cx, Gl::FindILsb),
                F::ExtractBits | F::InsertBits => {
                    // The bits-clamp pass keeps offset + count within 32.
                    let ci = if fun == F::ExtractBits { 2 } else { 3 };
                    if nargs <= ci {
                        return Err(err("wrong number of arguments to a bit builtin", span));
                    }
                    if fun == F::ExtractBits {
                        let op = if signed {
                            Op::BitFieldSExtract
                        } else {
                            Op::BitFieldUExtract
                        };
                        self.emit(cx, op, t, &[a[0], a[1], a[2]])
                    } else {
                        self.emit(cx, Op::BitFieldInsert, t, &[a[0], a[1], a[2], a[3]])
                    }
                }
                F::QuantizeToF16 => self.emit(cx, Op::QuantizeToF16, t, &[a[0]]),
                F::Transpose => self.emit(cx, Op::Transpose, t, &[a[0]]),
                F::All | F::Any if n == 1 => a[0],
                F::All => self.emit(cx, Op::All, t, &[a[0]]),
                F::Any => self.emit(cx, Op::Any, t, &[a[0]]),
                F::Pack4x8Snorm => g(self, cx, Gl::PackSnorm4x8),
                F::Pack4x8Unorm => g(self, cx, Gl::PackUnorm4x8),
                F::Pack2x16Snorm => g(self, cx, Gl::PackSnorm2x16),
                F::Pack2x16Unorm => g(self, cx, Gl::PackUnorm2x16),
                F::Pack2x16Float => g(self, cx, Gl::PackHalf2x16),
                F::Unpack4x8Snorm => g(self, cx, Gl::UnpackSnorm4x8),
                F::Unpack4x8Unorm => g(self, cx, Gl::UnpackUnorm4x8),
                F::Unpack2x16Snorm => g(self, cx, Gl::UnpackSnorm2x16),
                F::Unpack2x16Unorm => g(self, cx, Gl::UnpackUnorm2x16),
                F::Unpack2x16Float => g(self, cx, Gl::UnpackHalf2x16),
                F::Pack4xI8 | F::Pack4xU8 | F::Pack4xI8Clamp | F::Pack4xU8Clamp => {
                    let mut v = a[0];
                    let vt = self.vector_type(scalar, 4);
                    if fun == F::Pack4xI8Clamp {
                        let lo = self.const_splat(Scalar::I32, 4, -128.0);
                        let hi = self.const_splat(Scalar::I32, 4, 127.0);
                        v = self.glsl(cx, vt, Gl::SClamp, &[v, lo, hi]);
                    } else if fun == F::Pack4xU8Clamp {
                        let lo = self.const_splat(Scalar::U32, 4, 0.0);
                        let hi = self.const_splat(Scalar::U32, 4, 255.0);
                        v = self.glsl(cx, vt, Gl::UClamp, &[v, lo, hi]);
                    }
                    self.pack_bytes(cx, v, scalar)
                }
                F::Unpack4xI8 => self.unpack_bytes(cx, a[0], Scalar::I32)?,
                F::Unpack4xU8 => self.unpack_bytes(cx, a[0], Scalar::U32)?,
            };
        Ok(id)
    }

    /// The four bytes of a u32 as a vec4 of `s` (sign-extended for i32).
    fn unpack_bytes(&mut self, cx: &mut FnCtx, packed: u32, s: Scalar) -> R<u32> {
        let st = self.scalar_type(s);
        let x = if s == Scalar::I32 {
            self.emit(cx, Op::Bitcast, st, &[packed])
        } else {
            packed
        };
        let op = if s == Scalar::I32 {
            Op::BitFieldSExtract
        } else {
            Op::BitFieldUExtract
        };
        let eight = self.u32_const(8);
        let mut parts = [0u32; 4];
        for (i, p) in parts.iter_mut().enumerate() {
            let off = self.u32_const(8 * i as u32);
            *p = self.emit(cx, op, st, &[x, off, eight]);
        }
        let vt = self.vector_type(s, 4);
        Ok(self.emit(cx, Op::CompositeConstruct, vt, &parts))
    }

    /// Packs the low bytes of a vec4 of `s` into a u32.
    fn pack_bytes(&mut self, cx: &mut FnCtx, v: u32, s: Scalar) -> u32 {
        let u = self.u32_type();
        let st = self.scalar_type(s);
        let mask = self.u32_const(0xff);
        let mut acc = 0;
        for i in 0..4u32 {
            let c = self.emit(cx, Op::CompositeExtract, st, &[v, i]);
            let c = if s == Scalar::U32 {
                c
            } else {
                self.emit(cx, Op::Bitcast, u, &[c])
            };
            let c = self.emit(cx, Op::BitwiseAnd, u, &[c, mask]);
            let c = if i == 0 {
                c
            } else {
                let sh = self.u32_const(8 * i);
                self.emit(cx, Op::ShiftLeftLogical, u, &[c, sh])
            };
            acc = if i == 0 {
                c
            } else {
                self.emit(cx, Op::BitwiseOr, u, &[acc, c])
            };
        }
        acc
    }
}
