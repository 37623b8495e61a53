//! Buffers become arrays of words, and buffer views become word accesses
//! (language feature `buffer_view`).
//!
//! A `buffer<N>` variable becomes `array<u32, N / 4>` (storage, workgroup),
//! `array<vec4<u32>, ceil(N / 16)>` (uniform: the stride every target
//! allows there), and a `buffer` becomes `array<u32>`. A pointer made by
//! `bufferView<T>(&b, offset)` or `bufferArrayView<T>(&b, offset, size)`,
//! and every access chain into it, becomes a byte offset; a load through it
//! reads the words it covers and rebuilds the `T` value with bitcasts, a
//! store writes them. An `f16` is half a word: its store reads, changes
//! and writes the whole word.
//!
//! ```text
//! let p = bufferView<vec2f>(&b, off);   (b: buffer<64>, storage)
//! (*p).y = 3.0;
//! ->
//! b[((u32(off) & ~7u) + 4u) >> 2u] = bitcast<u32>(3.0);
//! ```
//!
//! WGSL's rules hold: the offset is rounded down to the view type's
//! alignment, `bufferLength` is the buffer's byte size (`N`, or
//! `arrayLength * 4`), `arrayLength` of a view's runtime-sized array counts
//! the elements that fit in the view (from the offset to the end of the
//! buffer, or in `size`), and the `robustness` pass, which runs later,
//! keeps every word index inside the variable: an out-of-bounds view
//! reads and writes other words of the same buffer, as an invalid memory
//! reference may.
//!
//! A view passed to a function arrives here as a view in the callee's
//! copy (`pointer-args` passes its offset and size). A subgroup-matrix
//! load or store through a view of 4-byte elements reads or writes the
//! words themselves, at the word index of its element (SPIR-V's
//! cooperative-matrix loads take a pointer of any scalar type and MSL's
//! printer casts it; WGSL cannot spell a matrix load from `array<u32>` of
//! `f32` components, so `--print-ir-after` shows the closest form). Not
//! lowered (an error naming the use): a subgroup-matrix access through a
//! view of 2- or 1-byte elements, a view given to `workgroupUniformLoad`,
//! and an override-sized workgroup buffer.
//!
//! Guarantee: afterwards no variable has a buffer type and no expression
//! is a `BufferView` or `BufferLength`.

use rustc_hash::FxHashMap;

use super::rewrite::{self, Cx, FunctionPass};
use crate::arena::Handle;
use crate::diagnostic::Error;
use crate::ir::{
    AddressSpace, ArraySize, BinaryOperator as B, Expression, GlobalVariable, Literal, Module,
    Scalar, Statement, Type, TypeInner, VectorSize,
};
use crate::pipeline::Pipeline;
use crate::span::Span;

type H = Handle<crate::ir::Expression>;

/// Runs the pass.
pub fn run(p: &mut Pipeline) -> Result<(), Error> {
    let globals = lower_globals(&mut p.module)?;
    if globals.is_empty() {
        return Ok(());
    }
    let mut pass = BufferView {
        globals,
        views: FxHashMap::default(),
        error: None,
    };
    rewrite::run(p, &mut pass);
    match pass.error {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// A lowered buffer variable.
#[derive(Clone, Copy)]
struct Lowered {
    /// Its byte size, `None` for a runtime-sized buffer.
    bytes: Option<u32>,
    /// Its new store type is `array<vec4<u32>, ..>` (uniform).
    vec4: bool,
}

/// Gives every buffer variable its word-array type, and every pointer to
/// it (in function expressions) the matching pointer type.
fn lower_globals(module: &mut Module) -> Result<FxHashMap<Handle<GlobalVariable>, Lowered>, Error> {
    let mut out = FxHashMap::default();
    let buffers: Vec<(Handle<GlobalVariable>, ArraySize, AddressSpace)> = module
        .global_variables
        .iter()
        .filter_map(|(h, g)| match module.types.try_get(g.ty)?.inner {
            TypeInner::Buffer { size } => Some((h, size, g.space)),
            _ => None,
        })
        .collect();
    let u32_ = module.intern(TypeInner::Scalar(Scalar::U32));
    let vec4 = module.intern(TypeInner::Vector {
        size: VectorSize::Quad,
        scalar: Scalar::U32,
    });
    let mut retype: FxHashMap<Handle<Type>, Handle<Type>> = FxHashMap::default();
    for (h, size, space) in buffers {
        let span = module.global_variables.span(h);
        let bytes = match size {
            ArraySize::Constant(n) => Some(n),
            ArraySize::Runtime => None,
            ArraySize::Override(_) => {
                return Err(Error::single(crate::diagnostic::Diagnostic::error(
                    "an override-sized buffer is not supported yet: give the workgroup buffer a const-expression size",
                    span,
                )))
            }
        };
        let uniform = space == AddressSpace::Uniform;
        let new = match (bytes, uniform) {
            (Some(n), true) => TypeInner::Array {
                base: vec4,
                size: ArraySize::Constant(n.div_ceil(16).max(1)),
                stride: 16,
            },
            (Some(n), false) => TypeInner::Array {
                base: u32_,
                size: ArraySize::Constant((n / 4).max(1)),
                stride: 4,
            },
            (None, _) => TypeInner::Array {
                base: u32_,
                size: ArraySize::Runtime,
                stride: 4,
            },
        };
        let new = module.intern(new);
        let old = module.global_variables[h].ty;
        let access = module.global_variables[h].access;
        let old_ptr = module.intern(TypeInner::Pointer {
            base: old,
            space,
            access,
        });
        let new_ptr = module.intern(TypeInner::Pointer {
            base: new,
            space,
            access,
        });
        retype.insert(old_ptr, new_ptr);
        module.global_variables[h].ty = new;
        out.insert(
            h,
            Lowered {
                bytes,
                vec4: uniform,
            },
        );
    }
    for (_, f) in module.functions.iter_mut() {
        for (e, expr) in f.expressions.iter() {
            if let Expression::GlobalVariable(g) = *expr {
                if out.contains_key(&g) {
                    if let Some(t) = f.expression_types.get_mut(e.index()) {
                        if let Some(&n) = retype.get(t) {
                            *t = n;
                        }
                    }
                }
            }
        }
    }
    Ok(out)
}

/// A pointer into a buffer view: the variable, the pointer to it, the byte
/// offset, the pointee type, and the view's byte size when it has one
/// (`bufferArrayView`).
#[derive(Clone, Copy)]
struct View {
    /// How the viewed variable was lowered.
    lowered: Lowered,
    var: H,
    offset: H,
    ty: Handle<Type>,
    size: Option<H>,
}

struct BufferView {
    globals: FxHashMap<Handle<GlobalVariable>, Lowered>,
    /// The views of the function being rewritten, by pointer expression.
    views: FxHashMap<H, View>,
    error: Option<Error>,
}

impl BufferView {
    fn fail(&mut self, message: &str, span: Span) {
        if self.error.is_none() {
            self.error = Some(Error::single(crate::diagnostic::Diagnostic::error(
                message.to_string(),
                span,
            )));
        }
    }
}

/// `u32(x)` for an i32 or u32 byte count (an i32's bits: WGSL lets a
/// negative runtime count be any value).
fn as_u32(cx: &mut Cx, x: H, span: Span) -> H {
    match *cx.inner(x) {
        TypeInner::Scalar(Scalar::U32) => x,
        _ => {
            let u = cx.intern(TypeInner::Scalar(Scalar::U32));
            cx.add(Expression::Bitcast { expr: x, ty: u }, u, span)
        }
    }
}

fn add_u32(cx: &mut Cx, a: H, b: H, span: Span) -> H {
    cx.binary(B::Add, a, b, Scalar::U32, None, span)
}

/// The byte distance between the elements of an array, vector or matrix
/// (columns), and the element type.
fn element(module: &mut Module, ty: Handle<Type>) -> Option<(u32, Handle<Type>)> {
    match *module.inner(ty) {
        TypeInner::Array { base, stride, .. } => Some((stride, base)),
        TypeInner::Vector { scalar, .. } => {
            Some((scalar.size(), module.intern(TypeInner::Scalar(scalar))))
        }
        TypeInner::Matrix { rows, scalar, .. } => {
            let col = module.intern(TypeInner::Vector { size: rows, scalar });
            let l = crate::ir::layout::layout(module, col);
            Some((crate::ir::layout::round_up(l.align, l.size), col))
        }
        _ => None,
    }
}

impl BufferView {
    /// The pointer to the word (uniform: the vec4 of words) at byte
    /// `offset` of the view's variable.
    fn word_pointer(&self, cx: &mut Cx, v: View, offset: H, span: Span) -> H {
        let lowered = v.lowered;
        let shift = cx.u32(if lowered.vec4 { 4 } else { 2 }, span);
        let index = cx.binary(B::ShiftRight, offset, shift, Scalar::U32, None, span);
        let var_ty = cx.ty(v.var);
        let (space, access, array) = match *cx.module.inner(var_ty) {
            TypeInner::Pointer {
                base,
                space,
                access,
            } => (space, access, base),
            _ => return v.var,
        };
        let elem = match *cx.module.inner(array) {
            TypeInner::Array { base, .. } => base,
            _ => return v.var,
        };
        let ty = cx.intern(TypeInner::Pointer {
            base: elem,
            space,
            access,
        });
        cx.add(Expression::Access { base: v.var, index }, ty, span)
    }

    /// The word (u32) at byte `offset` of the view's variable.
    fn load_word(&self, cx: &mut Cx, v: View, offset: H, span: Span) -> H {
        let u = cx.intern(TypeInner::Scalar(Scalar::U32));
        let p = self.word_pointer(cx, v, offset, span);
        if !v.lowered.vec4 {
            return cx.add(Expression::Load { pointer: p }, u, span);
        }
        let vec4 = cx.intern(TypeInner::Vector {
            size: VectorSize::Quad,
            scalar: Scalar::U32,
        });
        let words = cx.add(Expression::Load { pointer: p }, vec4, span);
        let two = cx.u32(2, span);
        let three = cx.u32(3, span);
        let w = cx.binary(B::ShiftRight, offset, two, Scalar::U32, None, span);
        let index = cx.binary(B::And, w, three, Scalar::U32, None, span);
        cx.add(Expression::Access { base: words, index }, u, span)
    }

    /// Rebuilds a value of type `ty` from the words at byte `offset`.
    fn load(&mut self, cx: &mut Cx, v: View, offset: H, ty: Handle<Type>, span: Span) -> Option<H> {
        if let TypeInner::Scalar(s) = *cx.module.inner(ty) {
            return Some(self.load_scalar(cx, v, offset, s, span));
        }
        let Some(parts) = components(cx.module, ty) else {
            self.fail(
                "this load through a buffer view reads too many elements at once (more than 1024): load them one by one",
                span,
            );
            return None;
        };
        let mut values = Vec::with_capacity(parts.len());
        for (at, part) in parts {
            let at = cx.u32(at, span);
            let o = add_u32(cx, offset, at, span);
            values.push(self.load(cx, v, o, part, span)?);
        }
        Some(cx.add(
            Expression::Compose {
                ty,
                components: values,
            },
            ty,
            span,
        ))
    }

    fn load_scalar(&mut self, cx: &mut Cx, v: View, offset: H, s: Scalar, span: Span) -> H {
        let word = self.load_word(cx, v, offset, span);
        let ty = cx.intern(TypeInner::Scalar(s));
        match s {
            Scalar::U32 => word,
            Scalar::F16 => {
                let halves = cx.intern(TypeInner::Vector {
                    size: VectorSize::Bi,
                    scalar: Scalar::F16,
                });
                let pair = cx.add(
                    Expression::Bitcast {
                        expr: word,
                        ty: halves,
                    },
                    halves,
                    span,
                );
                let one = cx.u32(1, span);
                let half = cx.binary(B::ShiftRight, offset, one, Scalar::U32, None, span);
                let index = cx.binary(B::And, half, one, Scalar::U32, None, span);
                cx.add(Expression::Access { base: pair, index }, ty, span)
            }
            _ => cx.add(Expression::Bitcast { expr: word, ty }, ty, span),
        }
    }

    /// Stores `value` (of type `ty`) as the words at byte `offset`.
    fn store(&mut self, cx: &mut Cx, v: View, offset: H, value: H, ty: Handle<Type>, span: Span) {
        if let TypeInner::Scalar(s) = *cx.module.inner(ty) {
            return self.store_scalar(cx, v, offset, value, s, span);
        }
        let Some(parts) = components(cx.module, ty) else {
            return self.fail(
                "this store through a buffer view writes too many elements at once (more than 1024): store them one by one",
                span,
            );
        };
        for (i, (at, part_ty)) in parts.into_iter().enumerate() {
            let part = cx.add(
                Expression::AccessIndex {
                    base: value,
                    index: i as u32,
                },
                part_ty,
                span,
            );
            let at = cx.u32(at, span);
            let o = add_u32(cx, offset, at, span);
            self.store(cx, v, o, part, part_ty, span);
        }
    }

    fn store_scalar(&mut self, cx: &mut Cx, v: View, offset: H, value: H, s: Scalar, span: Span) {
        let u = cx.intern(TypeInner::Scalar(Scalar::U32));
        let word = match s {
            Scalar::U32 => value,
            Scalar::F16 => {
                // Read the word, replace the half `offset` names, write it.
                let halves = cx.intern(TypeInner::Vector {
                    size: VectorSize::Bi,
                    scalar: Scalar::F16,
                });
                let zero = cx.literal(Literal::F16(half::f16::ZERO), span);
                let pair = cx.add(
                    Expression::Compose {
                        ty: halves,
                        components: vec![value, zero],
                    },
                    halves,
                    span,
                );
                let bits = cx.add(Expression::Bitcast { expr: pair, ty: u }, u, span);
                let one = cx.u32(1, span);
                let four = cx.u32(4, span);
                let half = cx.binary(B::ShiftRight, offset, one, Scalar::U32, None, span);
                let which = cx.binary(B::And, half, one, Scalar::U32, None, span);
                let shift = cx.binary(B::ShiftLeft, which, four, Scalar::U32, None, span);
                let placed = cx.binary(B::ShiftLeft, bits, shift, Scalar::U32, None, span);
                let low = cx.u32(0xFFFF, span);
                let mask = cx.binary(B::ShiftLeft, low, shift, Scalar::U32, None, span);
                let keep = cx.add(
                    Expression::Unary {
                        op: crate::ir::UnaryOperator::BitwiseNot,
                        expr: mask,
                    },
                    u,
                    span,
                );
                let old = self.load_word(cx, v, offset, span);
                let kept = cx.binary(B::And, old, keep, Scalar::U32, None, span);
                cx.binary(B::InclusiveOr, kept, placed, Scalar::U32, None, span)
            }
            _ => cx.add(Expression::Bitcast { expr: value, ty: u }, u, span),
        };
        let p = self.word_pointer(cx, v, offset, span);
        cx.insert_statement(
            Statement::Store {
                pointer: p,
                value: word,
            },
            span,
        );
    }

    /// The view a pointer expression made by `BufferView`, `Access` or
    /// `AccessIndex` denotes, with its byte offset (added before `h`).
    fn derive(&mut self, cx: &mut Cx, h: H, span: Span) -> Option<View> {
        match cx.f.expressions[h] {
            Expression::BufferView {
                pointer,
                offset,
                size,
            } => {
                let lowered = match cx.f.expressions[pointer] {
                    Expression::GlobalVariable(g) => self.globals.get(&g).copied(),
                    _ => None,
                };
                let Some(lowered) = lowered else {
                    self.fail(
                        "a buffer view of a buffer pointer parameter is not supported yet",
                        span,
                    );
                    return None;
                };
                let ty = cx.inner(h).pointee()?;
                let align = crate::ir::layout::layout(cx.module, ty).align.max(1);
                let off = as_u32(cx, offset, span);
                let mask = cx.u32(!(align - 1), span);
                let off = cx.binary(B::And, off, mask, Scalar::U32, None, span);
                let size = size.map(|s| as_u32(cx, s, span));
                Some(View {
                    lowered,
                    var: pointer,
                    offset: off,
                    ty,
                    size,
                })
            }
            Expression::Access { base, index } => {
                let v = *self.views.get(&base)?;
                let (stride, elem) = element(cx.module, v.ty)?;
                let i = as_u32(cx, index, span);
                let s = cx.u32(stride, span);
                let step = cx.binary(B::Multiply, i, s, Scalar::U32, None, span);
                let offset = add_u32(cx, v.offset, step, span);
                Some(View {
                    offset,
                    ty: elem,
                    size: None,
                    ..v
                })
            }
            Expression::AccessIndex { base, index } => {
                let v = *self.views.get(&base)?;
                let (step, ty) = match cx.module.inner(v.ty) {
                    TypeInner::Struct { members, .. } => {
                        let m = members.get(index as usize)?;
                        (m.offset, m.ty)
                    }
                    _ => {
                        let (stride, elem) = element(cx.module, v.ty)?;
                        (index * stride, elem)
                    }
                };
                let s = cx.u32(step, span);
                let offset = add_u32(cx, v.offset, s, span);
                Some(View {
                    offset,
                    ty,
                    size: None,
                    ..v
                })
            }
            _ => None,
        }
    }

    /// A subgroup-matrix load or store through the view `pointer` (an array
    /// of 4-byte elements) at element `offset`: the variable's pointer and
    /// the word index of that element. Elements of another size are not
    /// words (an error).
    fn matrix_words(&mut self, cx: &mut Cx, pointer: H, offset: H, span: Span) -> Option<(H, H)> {
        let v = *self.views.get(&pointer)?;
        let four_byte = match *cx.module.inner(v.ty) {
            TypeInner::Array {
                base, stride: 4, ..
            } => crate::ir::layout::layout(cx.module, base).size == 4,
            _ => false,
        };
        if !four_byte || v.lowered.vec4 {
            self.fail(
                "a subgroup-matrix load or store through a buffer view of 2-byte or 1-byte elements is not supported yet",
                span,
            );
            return None;
        }
        let two = cx.u32(2, span);
        let first = cx.binary(B::ShiftRight, v.offset, two, Scalar::U32, None, span);
        let index = as_u32(cx, offset, span);
        Some((v.var, add_u32(cx, first, index, span)))
    }

    /// `bufferLength` of the variable `var` points to.
    fn buffer_length(cx: &mut Cx, lowered: Lowered, var: H, span: Span) -> H {
        match lowered.bytes {
            Some(n) => cx.u32(n, span),
            None => {
                let u = cx.intern(TypeInner::Scalar(Scalar::U32));
                let words = cx.add(Expression::ArrayLength(var), u, span);
                let four = cx.u32(4, span);
                cx.binary(B::Multiply, words, four, Scalar::U32, None, span)
            }
        }
    }
}

/// The most elements one load or store through a view rebuilds.
const MAX_ELEMENTS: u32 = 1024;

/// The byte offsets and types of the members or elements of a struct,
/// vector, matrix (columns) or fixed-size array of at most
/// [`MAX_ELEMENTS`] elements.
fn components(module: &mut Module, ty: Handle<Type>) -> Option<Vec<(u32, Handle<Type>)>> {
    let n = match *module.inner(ty) {
        TypeInner::Struct { ref members, .. } => {
            return Some(members.iter().map(|m| (m.offset, m.ty)).collect())
        }
        TypeInner::Vector { size, .. } | TypeInner::Matrix { columns: size, .. } => size.get(),
        TypeInner::Array {
            size: ArraySize::Constant(n),
            ..
        } if n <= MAX_ELEMENTS => n,
        _ => return None,
    };
    let (stride, elem) = element(module, ty)?;
    Some((0..n).map(|i| (i * stride, elem)).collect())
}

impl FunctionPass for BufferView {
    fn wants(&self, _: &Module, f: &crate::ir::Function) -> bool {
        f.expressions.iter().any(|(_, e)| match *e {
            Expression::GlobalVariable(g) => self.globals.contains_key(&g),
            _ => false,
        })
    }

    fn begin_function(&mut self, _cx: &mut Cx) {
        self.views.clear();
    }

    fn expression(&mut self, cx: &mut Cx, h: H) {
        let span = cx.f.expressions.span(h);
        match cx.f.expressions[h] {
            Expression::BufferView { .. }
            | Expression::Access { .. }
            | Expression::AccessIndex { .. } => {
                if let Some(v) = self.derive(cx, h, span) {
                    self.views.insert(h, v);
                    // The pointer itself becomes the word it starts at (no
                    // use remains: loads, stores and arrayLength below
                    // read the view's offset).
                    let p = self.word_pointer(cx, v, v.offset, span);
                    let (e, ty) = (cx.f.expressions[p].clone(), cx.ty(p));
                    cx.f.expressions[h] = e;
                    cx.f.expression_types[h.index()] = ty;
                }
            }
            Expression::Load { pointer } => {
                if let Some(&v) = self.views.get(&pointer) {
                    if let Some(value) = self.load(cx, v, v.offset, v.ty, span) {
                        // `h` computes what `value` does (the last step of
                        // the rebuilt value, its operands already added).
                        cx.f.expressions[h] = cx.f.expressions[value].clone();
                    }
                }
            }
            Expression::ArrayLength(pointer) => {
                if let Some(&v) = self.views.get(&pointer) {
                    let head = crate::ir::layout::array_offset(cx.module, v.ty);
                    let stride = crate::ir::layout::runtime_stride(cx.module, v.ty).unwrap_or(4);
                    let bytes = match v.size {
                        Some(size) => size,
                        None => {
                            let len = Self::buffer_length(cx, v.lowered, v.var, span);
                            let zero = cx.u32(0, span);
                            let past = cx.binary(B::Less, len, v.offset, Scalar::Bool, None, span);
                            let rest =
                                cx.binary(B::Subtract, len, v.offset, Scalar::U32, None, span);
                            let u = cx.intern(TypeInner::Scalar(Scalar::U32));
                            cx.add(
                                Expression::Select {
                                    reject: rest,
                                    accept: zero,
                                    condition: past,
                                },
                                u,
                                span,
                            )
                        }
                    };
                    let head = cx.u32(head, span);
                    let body = cx.math(
                        crate::ir::MathFunction::Max,
                        &[bytes, head],
                        Scalar::U32,
                        None,
                        span,
                    );
                    let body = cx.binary(B::Subtract, body, head, Scalar::U32, None, span);
                    let s = cx.u32(stride, span);
                    cx.f.expressions[h] = Expression::Binary {
                        op: B::Divide,
                        left: body,
                        right: s,
                    };
                }
            }
            Expression::SubgroupMatrixLoad {
                pointer, offset, ..
            } if self.views.contains_key(&pointer) => {
                if let Some((var, words)) = self.matrix_words(cx, pointer, offset, span) {
                    if let Expression::SubgroupMatrixLoad {
                        pointer, offset, ..
                    } = &mut cx.f.expressions[h]
                    {
                        (*pointer, *offset) = (var, words);
                    }
                }
            }
            Expression::BufferLength(pointer) => {
                let lowered = match cx.f.expressions[pointer] {
                    Expression::GlobalVariable(g) => self.globals.get(&g).copied(),
                    _ => None,
                };
                let Some(lowered) = lowered else {
                    self.fail(
                        "'bufferLength' of a buffer pointer parameter is not supported yet",
                        span,
                    );
                    return;
                };
                let len = Self::buffer_length(cx, lowered, pointer, span);
                cx.f.expressions[h] = Expression::Convert {
                    expr: len,
                    ty: cx.ty(h),
                };
            }
            _ => {
                let mut used = false;
                crate::ir::visit::operands(&cx.f.expressions[h], |o| {
                    used |= self.views.contains_key(&o);
                });
                if used {
                    self.fail("this use of a buffer view is not supported yet", span);
                }
            }
        }
    }

    fn statement(&mut self, cx: &mut Cx, st: &mut Statement, span: Span) {
        if let Statement::SubgroupMatrixStore {
            ref mut pointer,
            ref mut offset,
            ..
        } = *st
        {
            if self.views.contains_key(pointer) {
                if let Some((var, words)) = self.matrix_words(cx, *pointer, *offset, span) {
                    (*pointer, *offset) = (var, words);
                }
                return;
            }
        }
        if let Statement::Store { pointer, value } = *st {
            if let Some(&v) = self.views.get(&pointer) {
                self.store(cx, v, v.offset, value, v.ty, span);
                *st = Statement::Block(crate::ir::Block::default());
            }
            return;
        }
        let mut used = false;
        crate::ir::visit::statement_operands(st, |o| used |= self.views.contains_key(&o));
        if used {
            self.fail(
                "a buffer view given to 'workgroupUniformLoad' is not supported yet",
                span,
            );
        }
    }
}
