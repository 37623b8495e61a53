//! Expressions: evaluation at their `Emit`, pointers and access chains,
//! loads, operators, conversions. Integer division, shifts and
//! float-to-integer conversions follow WGSL (see `binary` and `convert`).

use spirv::{GlslStd450Op as Gl, Op};

use super::function::FnCtx;
use super::modes::{space_mode, storage_class, Mode};
use super::writer::{err, Writer, R};
use crate::arena::Handle;
use crate::ir::{
    AddressSpace, ArraySize, BinaryOperator, ConstValue, Expression, Literal, Scalar, Type,
    TypeInner, UnaryOperator,
};

/// How deep on-demand evaluation of unemitted operands may recurse.
const MAX_EVAL_DEPTH: u32 = 128;

impl Writer<'_> {
    /// The id of an expression, evaluating it now if it has not been.
    pub(super) fn expr(&mut self, cx: &mut FnCtx, h: Handle<Expression>) -> R<u32> {
        match cx.ids.get(h.index()) {
            Some(&0) => {}
            Some(&id) => return Ok(id),
            None => return Err(err("invalid expression handle", Default::default())),
        }
        // Operands are normally evaluated at their own `Emit` before their
        // users; this bound only matters for IR that leaves long chains
        // unemitted, and turns a stack overflow into an error.
        if cx.depth >= MAX_EVAL_DEPTH {
            return Err(err("expression is nested too deeply", cx.span(h)));
        }
        cx.depth += 1;
        let id = self.eval(cx, h);
        cx.depth -= 1;
        let id = id?;
        cx.set(h, id);
        Ok(id)
    }

    /// The inner type of an expression.
    pub(super) fn inner(&self, cx: &FnCtx, h: Handle<Expression>) -> R<&TypeInner> {
        let ty = cx.ty(h)?;
        match self.m.types.try_get(ty) {
            Some(t) => Ok(&t.inner),
            None => Err(err("invalid type handle", cx.span(h))),
        }
    }

    /// The plain type id of an expression's type.
    pub(super) fn expr_type(&mut self, cx: &FnCtx, h: Handle<Expression>) -> R<u32> {
        let ty = cx.ty(h)?;
        self.type_id(ty, Mode::Plain)
    }

    /// A glsl extended instruction.
    pub(super) fn glsl(&mut self, cx: &mut FnCtx, ty: u32, op: Gl, args: &[u32]) -> u32 {
        let set = self.s.glsl();
        let id = self.s.id();
        let mut ops = [0u32; 6];
        ops[0] = set;
        ops[1] = op as u32;
        ops[2..2 + args.len()].copy_from_slice(args);
        cx.op(Op::ExtInst, ty, id, &ops[..2 + args.len()]);
        id
    }

    /// Emits `op ty new_id operands` and returns the new id.
    pub(super) fn emit(&mut self, cx: &mut FnCtx, op: Op, ty: u32, operands: &[u32]) -> u32 {
        let id = self.s.id();
        cx.op(op, ty, id, operands);
        id
    }

    /// A vector of `n` copies of `scalar` (`n == 1`: the scalar).
    pub(super) fn splat(&mut self, cx: &mut FnCtx, ty: u32, scalar: u32, n: u32) -> u32 {
        if n <= 1 {
            return scalar;
        }
        let ops = [scalar; 4];
        self.emit(cx, Op::CompositeConstruct, ty, &ops[..n as usize])
    }

    /// A constant scalar or splat vector of `v`.
    pub(super) fn const_splat(&mut self, scalar: Scalar, n: u32, v: f64) -> u32 {
        let c = self.scalar_const(scalar, v);
        if n <= 1 {
            return c;
        }
        let ty = self.vector_type(scalar, n);
        self.splat_const(ty, c, n)
    }

    /// The layout flavour of the memory a pointer expression points to.
    pub(super) fn pointee_mode(&self, cx: &FnCtx, p: Handle<Expression>) -> R<Mode> {
        if let Expression::GlobalVariable(g) = cx.f.expressions[p] {
            if let Some(gv) = self.m.global_variables.try_get(g) {
                if matches!(
                    gv.space,
                    AddressSpace::Storage | AddressSpace::Uniform | AddressSpace::Immediate
                ) && matches!(self.m.inner(gv.ty), TypeInner::Struct { .. })
                {
                    return Ok(if gv.space == AddressSpace::Uniform {
                        Mode::Std140Block
                    } else {
                        Mode::Block
                    });
                }
            }
        }
        match self.inner(cx, p)? {
            TypeInner::Pointer { space, .. } => Ok(space_mode(*space)),
            _ => Err(err("expected a pointer", cx.span(p))),
        }
    }

    /// Loads through a pointer expression, converting to the plain layout.
    pub(super) fn load(&mut self, cx: &mut FnCtx, pointer: Handle<Expression>, p: u32) -> R<u32> {
        let (base, space) = match self.inner(cx, pointer)? {
            TypeInner::Pointer { base, space, .. } => (*base, *space),
            _ => return Err(err("load through a non-pointer", cx.span(pointer))),
        };
        if space == AddressSpace::Handle {
            let ty = self.type_id(base, Mode::Plain)?;
            return Ok(self.emit(cx, Op::Load, ty, &[p]));
        }
        if let Some(&(b, first)) = cx.split_ptrs.get(&(pointer.index() as u32)) {
            return self.load_columns(cx, b, first, base);
        }
        if cx.fn_ptrs.contains(&(pointer.index() as u32)) {
            let ty = self.type_id(base, Mode::Plain)?;
            return Ok(self.emit(cx, Op::Load, ty, &[p]));
        }
        let mode = self.pointee_mode(cx, pointer)?;
        if self.opts.version < (1, 4) || (mode.is_std140() && self.needs_std140(base)) {
            return self.load_converted(cx, p, base, mode, space);
        }
        let ty = self.type_id(base, mode)?;
        let id = self.s.id();
        match self.memory_operands(Some(space)) {
            Some(m) => cx.op(Op::Load, ty, id, &[p, m]),
            None => cx.op(Op::Load, ty, id, &[p]),
        }
        self.convert_layout(cx, id, base, mode, Mode::Plain)
    }

    /// Converts a value between layout flavours of the same IR type.
    pub(super) fn convert_layout(
        &mut self,
        cx: &mut FnCtx,
        v: u32,
        ty: Handle<Type>,
        from: Mode,
        to: Mode,
    ) -> R<u32> {
        let from_id = self.type_id(ty, from)?;
        let to_id = self.type_id(ty, to)?;
        if from_id == to_id {
            return Ok(v);
        }
        if self.opts.version < (1, 4) {
            return Err(err(
                "internal error: layout conversion needs OpCopyLogical (SPIR-V 1.4)",
                Default::default(),
            ));
        }
        Ok(self.emit(cx, Op::CopyLogical, to_id, &[v]))
    }

    /// A known constant value of an index expression.
    pub(super) fn const_index(&self, cx: &FnCtx, h: Handle<Expression>) -> Option<i64> {
        match &cx.f.expressions[h] {
            Expression::Literal(l) => literal_int(l),
            Expression::Constant(c) => match self.m.constants.try_get(*c)? {
                ConstValue::Scalar(l) => literal_int(l),
                ConstValue::Zero(_) => Some(0),
                _ => None,
            },
            Expression::OverrideExpr(e) => {
                // `None` for specialization constants: not known here.
                let c = (*self.p.global_values.get(e.index())?)?;
                match self.m.constants.try_get(c)? {
                    ConstValue::Scalar(l) => literal_int(l),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// The element count of an indexable type, if fixed.
    fn fixed_count(&mut self, inner: &TypeInner, span: crate::span::Span) -> R<Option<u32>> {
        Ok(match *inner {
            TypeInner::Vector { size, .. } => Some(size.get()),
            TypeInner::Matrix { columns, .. } => Some(columns.get()),
            TypeInner::Array {
                size: ArraySize::Constant(n),
                ..
            } => Some(n),
            TypeInner::Array {
                size: ArraySize::Override(e),
                ..
            } if self.is_spec(e) => None,
            TypeInner::Array {
                size: ArraySize::Override(e),
                ..
            } => Some(
                self.override_u32(e)
                    .map_err(|_| err("array size has no value", span))?,
            ),
            _ => None,
        })
    }

    /// `OpArrayLength` for a pointer to a runtime-sized array.
    pub(super) fn array_length(&mut self, cx: &mut FnCtx, p: Handle<Expression>) -> R<u32> {
        let u = self.u32_type();
        if let Expression::GlobalVariable(g) = cx.f.expressions[p] {
            let var = self.global_var(g)?;
            return Ok(self.emit(cx, Op::ArrayLength, u, &[var, 0]));
        }
        match cx.f.expressions[p] {
            Expression::AccessIndex { base, index } => {
                let b = self.expr(cx, base)?;
                Ok(self.emit(cx, Op::ArrayLength, u, &[b, index]))
            }
            _ => Err(err(
                "arrayLength of this pointer is not supported by the SPIR-V writer",
                cx.span(p),
            )),
        }
    }

    fn eval(&mut self, cx: &mut FnCtx, h: Handle<Expression>) -> R<u32> {
        let span = cx.span(h);
        let f = cx.f;
        let e = &f.expressions[h];
        match *e {
            Expression::Literal(l) => Ok(self.literal(l)),
            Expression::Constant(c) => self.const_value(c),
            Expression::Override(_) => Err(err("override used directly in a function", span)),
            Expression::OverrideExpr(g) => self.global_value(g),
            Expression::ZeroValue(ty) => {
                let t = self.type_id(ty, Mode::Plain)?;
                Ok(self.null_const(t))
            }
            Expression::Compose { ty, ref components } => {
                let t = self.type_id(ty, Mode::Plain)?;
                let mut ops = Vec::with_capacity(components.len());
                for &c in components {
                    ops.push(self.expr(cx, c)?);
                }
                Ok(self.emit(cx, Op::CompositeConstruct, t, &ops))
            }
            Expression::Splat { size, value } => {
                let v = self.expr(cx, value)?;
                let t = self.expr_type(cx, h)?;
                Ok(self.splat(cx, t, v, size.get()))
            }
            Expression::Swizzle {
                size,
                vector,
                pattern,
            } => {
                let v = self.expr(cx, vector)?;
                let t = self.expr_type(cx, h)?;
                let n = size.get() as usize;
                let mut ops = [v, v, 0, 0, 0, 0];
                for i in 0..n {
                    ops[2 + i] = pattern[i] as u32;
                }
                Ok(self.emit(cx, Op::VectorShuffle, t, &ops[..2 + n]))
            }
            Expression::AccessIndex { base, index } => {
                let b = self.expr(cx, base)?;
                let t = self.expr_type(cx, h)?;
                if self.inner(cx, base)?.is_pointer() {
                    self.pointer_access_index(cx, h, base, b, t, index)
                } else if super::coop_vector::extract_through_variable(self.inner(cx, base)?) {
                    let i = self.u32_const(index);
                    Ok(self.coop_vec_component(cx, base, b, t, i))
                } else {
                    Ok(self.emit(cx, Op::CompositeExtract, t, &[b, index]))
                }
            }
            Expression::Access { base, index } => self.access(cx, h, base, index),
            Expression::FunctionArgument(n) => cx
                .arg_ids
                .get(n as usize)
                .copied()
                .ok_or_else(|| err("invalid function argument", span)),
            Expression::GlobalVariable(g) => self.global_expr(cx, h, g),
            Expression::LocalVariable(v) => cx
                .local_ids
                .get(v.index())
                .copied()
                .ok_or_else(|| err("invalid local variable", span)),
            Expression::Load { pointer } => {
                let p = self.expr(cx, pointer)?;
                self.load(cx, pointer, p)
            }
            _ => self.eval_rest(cx, h),
        }
    }

    /// A global variable's pointer (wrapped buffer roots point at the
    /// wrapper's member).
    fn global_expr(
        &mut self,
        cx: &mut FnCtx,
        h: Handle<Expression>,
        g: Handle<crate::ir::GlobalVariable>,
    ) -> R<u32> {
        let var = self.global_var(g)?;
        let gv = &self.m.global_variables[g];
        let wrapped = matches!(
            gv.space,
            AddressSpace::Storage | AddressSpace::Uniform | AddressSpace::Immediate
        ) && !matches!(self.m.inner(gv.ty), TypeInner::Struct { .. });
        if !wrapped {
            return Ok(var);
        }
        // The wrapper struct's only member, computed once in the entry block.
        let inner = self.type_id(gv.ty, space_mode(gv.space))?;
        let ptr = self.pointer_type(storage_class(gv.space), inner);
        let zero = self.u32_const(0);
        let id = self.s.id();
        super::builder::inst(&mut cx.prologue, Op::AccessChain, &[ptr, id, var, zero]);
        if gv.space == AddressSpace::Uniform && self.is_std140_matrix(gv.ty) {
            cx.split_ptrs.insert(h.index() as u32, (id, 0));
        }
        Ok(id)
    }

    fn eval_rest(&mut self, cx: &mut FnCtx, h: Handle<Expression>) -> R<u32> {
        let span = cx.span(h);
        let f = cx.f;
        match f.expressions[h] {
            Expression::Unary { op, expr } => {
                let v = self.expr(cx, expr)?;
                let t = self.expr_type(cx, h)?;
                let scalar = self.inner(cx, expr)?.scalar();
                let op = match (op, scalar) {
                    (UnaryOperator::Negate, Some(s)) if s.is_float() => Op::FNegate,
                    (UnaryOperator::Negate, _) => Op::SNegate,
                    (UnaryOperator::LogicalNot, _) => Op::LogicalNot,
                    (UnaryOperator::BitwiseNot, _) => Op::Not,
                };
                if matches!(self.inner(cx, expr)?, TypeInner::Matrix { .. }) {
                    return self.matrix_columnwise(cx, h, expr, None, Op::FNegate);
                }
                Ok(self.emit(cx, op, t, &[v]))
            }
            Expression::Binary { op, left, right } => self.binary(cx, h, op, left, right),
            Expression::Select {
                condition,
                accept,
                reject,
            } => {
                let mut c = self.expr(cx, condition)?;
                let a = self.expr(cx, accept)?;
                let r = self.expr(cx, reject)?;
                let t = self.expr_type(cx, h)?;
                if self.opts.version < (1, 4) {
                    if let (TypeInner::Scalar(_), TypeInner::Vector { size, .. }) = (
                        self.inner(cx, condition)?.clone(),
                        self.inner(cx, h)?.clone(),
                    ) {
                        let bt = self.vector_type(Scalar::Bool, size.get());
                        c = self.splat(cx, bt, c, size.get());
                    }
                }
                Ok(self.emit(cx, Op::Select, t, &[c, a, r]))
            }
            Expression::Math { fun, ref args } => self.math(cx, h, fun, args),
            Expression::Derivative {
                axis,
                control,
                expr,
            } => {
                use crate::ir::{DerivativeAxis as A, DerivativeControl as C};
                let v = self.expr(cx, expr)?;
                let t = self.expr_type(cx, h)?;
                if control != C::None {
                    self.s.cap(spirv::Capability::DerivativeControl);
                }
                let op = match (axis, control) {
                    (A::X, C::None) => Op::DPdx,
                    (A::X, C::Coarse) => Op::DPdxCoarse,
                    (A::X, C::Fine) => Op::DPdxFine,
                    (A::Y, C::None) => Op::DPdy,
                    (A::Y, C::Coarse) => Op::DPdyCoarse,
                    (A::Y, C::Fine) => Op::DPdyFine,
                    (A::Width, C::None) => Op::Fwidth,
                    (A::Width, C::Coarse) => Op::FwidthCoarse,
                    (A::Width, C::Fine) => Op::FwidthFine,
                };
                Ok(self.emit(cx, op, t, &[v]))
            }
            Expression::Convert { expr, ty } => self.convert(cx, h, expr, ty),
            Expression::Bitcast { expr, ty } => {
                let v = self.expr(cx, expr)?;
                if cx.ty(expr)? == ty {
                    return Ok(v);
                }
                let t = self.type_id(ty, Mode::Plain)?;
                Ok(self.emit(cx, Op::Bitcast, t, &[v]))
            }
            Expression::ArrayLength(p) => self.array_length(cx, p),
            Expression::CallResult(_)
            | Expression::AtomicResult { .. }
            | Expression::WorkgroupUniformLoadResult { .. }
            | Expression::SubgroupResult { .. } => Err(err(
                "result used before the statement that produces it",
                span,
            )),
            Expression::SubgroupMatrixLoad {
                ty,
                pointer,
                offset,
                stride,
                layout,
                ..
            } => self.matrix_load(cx, ty, pointer, offset, stride, layout, span),
            Expression::SubgroupMatrixMultiply {
                ty,
                left,
                right,
                acc,
            } => self.matrix_multiply(cx, ty, left, right, acc),
            Expression::CoopVecMatMul { .. } => self.coop_vec_mat_mul(cx, h),
            Expression::SubgroupMatrixScalar { op, matrix, scalar } => {
                self.matrix_scalar(cx, h, op, matrix, scalar)
            }
            Expression::SubgroupMatrixFill { ty, value } => self.matrix_fill(cx, ty, value),
            Expression::ImageQuery { image, query } => self.image_query(cx, h, image, query),
            Expression::ImageLoad { .. } => self.image_load(cx, h),
            Expression::ImageSample {
                image,
                sampler,
                gather,
                coordinate,
                array_index,
                offset,
                level,
                depth_ref,
                clamp_to_edge,
            } => self.image_sample(
                cx,
                h,
                image,
                sampler,
                gather,
                coordinate,
                array_index,
                offset,
                level,
                depth_ref,
                clamp_to_edge,
            ),
            Expression::SubgroupMatrixLength(ty) => {
                let u = self.u32_type();
                let t = self.type_id(ty, super::modes::Mode::Plain)?;
                let op = if self.opts.cooperative_matrix == super::CooperativeMatrixExtension::Nv {
                    spirv::Op::CooperativeMatrixLengthNV
                } else {
                    spirv::Op::CooperativeMatrixLengthKHR
                };
                Ok(self.emit(cx, op, u, &[t]))
            }
            Expression::SubgroupMatrixFromInvocations { ty, array, .. } => {
                self.matrix_from_invocations_qcom(cx, h, ty, array)
            }
            Expression::SubgroupMatrixToInvocations { matrix, .. } => {
                self.matrix_to_invocations_qcom(cx, h, matrix)
            }
            Expression::SubgroupMatrixReduce {
                matrix,
                mode,
                function,
                ..
            } => self.matrix_reduce(cx, h, matrix, mode, function),
            Expression::SubgroupMatrixPerElement {
                matrix,
                function,
                ref arguments,
            } => {
                let arguments = arguments.clone();
                self.matrix_per_element(cx, h, matrix, function, &arguments)
            }
            _ => Err(err("internal error: unexpected expression", span)),
        }
    }

    fn access(
        &mut self,
        cx: &mut FnCtx,
        h: Handle<Expression>,
        base: Handle<Expression>,
        index: Handle<Expression>,
    ) -> R<u32> {
        let span = cx.span(h);
        let t = self.expr_type(cx, h)?;
        let b = self.expr(cx, base)?;
        let base_inner = self.inner(cx, base)?.clone();
        if let TypeInner::Pointer { .. } = base_inner {
            if cx.split_ptrs.contains_key(&(base.index() as u32)) {
                let i = match self.const_index(cx, index) {
                    Some(c) if c >= 0 => Ok(c as u32),
                    _ => Err(self.expr(cx, index)?),
                };
                return self.split_matrix_access(cx, h, base, i);
            }
            let i = match self.const_index(cx, index) {
                Some(c) if c >= 0 && c <= i64::from(u32::MAX) => self.u32_const(c as u32),
                _ => self.expr(cx, index)?,
            };
            let t = self.relocated_pointer_type(cx, h, base, t)?;
            let id = self.emit(cx, Op::AccessChain, t, &[b, i]);
            if self.std140_matrix_pointee(cx, h)?.is_some() {
                cx.split_ptrs.insert(h.index() as u32, (id, 0));
            }
            return Ok(id);
        }
        if super::coop_vector::extract_through_variable(&base_inner) {
            let i = self.expr(cx, index)?;
            return Ok(self.coop_vec_component(cx, base, b, t, i));
        }
        if let Some(c) = self.const_index(cx, index) {
            // A constant index of a value is inside it (WGSL rejects
            // others; the robustness pass clamps override-sized ones);
            // clamp anyway so the instruction stays valid.
            let n = self.fixed_count(&base_inner, span)?.unwrap_or(1);
            let c = c.clamp(0, n.saturating_sub(1) as i64) as u32;
            return Ok(self.emit(cx, Op::CompositeExtract, t, &[b, c]));
        }
        let i = self.expr(cx, index)?;
        if let TypeInner::Vector { .. } | TypeInner::CoopVector { .. } = base_inner {
            return Ok(self.emit(cx, Op::VectorExtractDynamic, t, &[b, i]));
        }
        // Arrays and matrices: index through a variable holding the value.
        // A function argument (or a part of one, `p[i].a.v[j]`) is stored
        // once in the prologue and reached by access chains; another
        // value is spilled where it is indexed, once per block. A copy per
        // access made drivers' compilers blow up on functions that index
        // an array argument many times (differential seeds 1076066,
        // 1088798: lavapipe's LLVM ran past 120 s, NVIDIA's pipeline
        // creation failed).
        let var = match self.argument_place(cx, base)? {
            Some(p) => p,
            None => match cx.spills.get(&b) {
                Some(&(var, block)) if block == cx.block => var,
                _ => {
                    let bt = self.expr_type(cx, base)?;
                    let var = self.temp_var(cx, bt);
                    cx.raw(Op::Store, &[var, b]);
                    cx.spills.insert(b, (var, cx.block));
                    var
                }
            },
        };
        let ptr = self.pointer_type(spirv::StorageClass::Function, t);
        let elem = self.emit(cx, Op::AccessChain, ptr, &[var, i]);
        Ok(self.emit(cx, Op::Load, t, &[elem]))
    }

    /// A Function-storage pointer to the value `h` when it is a function
    /// argument of array, matrix or structure type, or a part of one
    /// reached by member and element accesses: the argument is stored
    /// once, in the prologue (which dominates the whole body), and the
    /// parts are access chains into that variable.
    fn argument_place(&mut self, cx: &mut FnCtx, h: Handle<Expression>) -> R<Option<u32>> {
        let composite = matches!(
            self.inner(cx, h)?,
            TypeInner::Array { .. } | TypeInner::Matrix { .. } | TypeInner::Struct { .. }
        );
        if !composite {
            return Ok(None);
        }
        let (base, index) = match cx.f.expressions[h] {
            Expression::FunctionArgument(_) => {
                let b = self.expr(cx, h)?;
                if let Some(&(var, 0)) = cx.spills.get(&b) {
                    return Ok(Some(var));
                }
                let t = self.expr_type(cx, h)?;
                let var = self.temp_var(cx, t);
                super::builder::inst(&mut cx.prologue, Op::Store, &[var, b]);
                cx.spills.insert(b, (var, 0));
                return Ok(Some(var));
            }
            Expression::AccessIndex { base, index } => (base, Ok(index)),
            Expression::Access { base, index } => (base, Err(index)),
            _ => return Ok(None),
        };
        if matches!(self.inner(cx, base)?, TypeInner::Pointer { .. }) {
            return Ok(None);
        }
        let Some(p) = self.argument_place(cx, base)? else {
            return Ok(None);
        };
        let i = match index {
            Ok(c) => self.u32_const(c),
            Err(e) => self.expr(cx, e)?,
        };
        let t = self.expr_type(cx, h)?;
        let ptr = self.pointer_type(spirv::StorageClass::Function, t);
        Ok(Some(self.emit(cx, Op::AccessChain, ptr, &[p, i])))
    }

    /// Applies `op` to each column of matrix operands.
    pub(super) fn matrix_columnwise(
        &mut self,
        cx: &mut FnCtx,
        h: Handle<Expression>,
        a: Handle<Expression>,
        b: Option<Handle<Expression>>,
        op: Op,
    ) -> R<u32> {
        let (columns, rows, scalar) = match *self.inner(cx, h)? {
            TypeInner::Matrix {
                columns,
                rows,
                scalar,
            } => (columns, rows, scalar),
            _ => return Err(err("expected a matrix", cx.span(h))),
        };
        let t = self.expr_type(cx, h)?;
        let ct = self.vector_type(scalar, rows.get());
        let av = self.expr(cx, a)?;
        let bv = match b {
            Some(b) => Some(self.expr(cx, b)?),
            None => None,
        };
        let mut cols = [0u32; 4];
        for i in 0..columns.get() {
            let ac = self.emit(cx, Op::CompositeExtract, ct, &[av, i]);
            cols[i as usize] = match bv {
                Some(bv) => {
                    let bc = self.emit(cx, Op::CompositeExtract, ct, &[bv, i]);
                    self.emit(cx, op, ct, &[ac, bc])
                }
                None => self.emit(cx, op, ct, &[ac]),
            };
        }
        Ok(self.emit(
            cx,
            Op::CompositeConstruct,
            t,
            &cols[..columns.get() as usize],
        ))
    }

    fn binary(
        &mut self,
        cx: &mut FnCtx,
        h: Handle<Expression>,
        op: BinaryOperator,
        left: Handle<Expression>,
        right: Handle<Expression>,
    ) -> R<u32> {
        use BinaryOperator as B;
        let li = self.inner(cx, left)?.clone();
        let ri = self.inner(cx, right)?.clone();
        let t = self.expr_type(cx, h)?;
        let span = cx.span(h);
        // Matrix arithmetic.
        match (&li, &ri, op) {
            (TypeInner::Matrix { .. }, TypeInner::Matrix { .. }, B::Add) => {
                return self.matrix_columnwise(cx, h, left, Some(right), Op::FAdd)
            }
            (TypeInner::Matrix { .. }, TypeInner::Matrix { .. }, B::Subtract) => {
                return self.matrix_columnwise(cx, h, left, Some(right), Op::FSub)
            }
            (TypeInner::Matrix { .. }, TypeInner::Matrix { .. }, B::Multiply) => {
                let (l, r) = (self.expr(cx, left)?, self.expr(cx, right)?);
                return Ok(self.emit(cx, Op::MatrixTimesMatrix, t, &[l, r]));
            }
            (TypeInner::Matrix { .. }, TypeInner::Vector { .. }, B::Multiply) => {
                let (l, r) = (self.expr(cx, left)?, self.expr(cx, right)?);
                return Ok(self.emit(cx, Op::MatrixTimesVector, t, &[l, r]));
            }
            (TypeInner::Vector { .. }, TypeInner::Matrix { .. }, B::Multiply) => {
                let (l, r) = (self.expr(cx, left)?, self.expr(cx, right)?);
                return Ok(self.emit(cx, Op::VectorTimesMatrix, t, &[l, r]));
            }
            (TypeInner::Matrix { .. }, TypeInner::Scalar(_), B::Multiply) => {
                let (l, r) = (self.expr(cx, left)?, self.expr(cx, right)?);
                return Ok(self.emit(cx, Op::MatrixTimesScalar, t, &[l, r]));
            }
            (TypeInner::Scalar(_), TypeInner::Matrix { .. }, B::Multiply) => {
                let (l, r) = (self.expr(cx, left)?, self.expr(cx, right)?);
                return Ok(self.emit(cx, Op::MatrixTimesScalar, t, &[r, l]));
            }
            (TypeInner::Matrix { .. }, _, _) | (_, TypeInner::Matrix { .. }, _) => {
                return Err(err("unsupported matrix operation", span))
            }
            _ => {}
        }
        let Some(scalar) = li.scalar() else {
            return Err(err("binary operator on a non-numeric type", span));
        };
        let mut l = self.expr(cx, left)?;
        let mut r = self.expr(cx, right)?;
        let n = match (&li, &ri) {
            (TypeInner::Vector { size, .. }, _) | (_, TypeInner::Vector { size, .. }) => size.get(),
            _ => 1,
        };
        let float = scalar.is_float();
        if float && op == B::Multiply {
            match (&li, &ri) {
                (TypeInner::Vector { .. }, TypeInner::Scalar(_)) => {
                    return Ok(self.emit(cx, Op::VectorTimesScalar, t, &[l, r]))
                }
                (TypeInner::Scalar(_), TypeInner::Vector { .. }) => {
                    return Ok(self.emit(cx, Op::VectorTimesScalar, t, &[r, l]))
                }
                // SPV_NV_cooperative_vector allows OpVectorTimesScalar.
                (TypeInner::CoopVector { .. }, TypeInner::Scalar(_)) => {
                    return Ok(self.emit(cx, Op::VectorTimesScalar, t, &[l, r]))
                }
                (TypeInner::Scalar(_), TypeInner::CoopVector { .. }) => {
                    return Ok(self.emit(cx, Op::VectorTimesScalar, t, &[r, l]))
                }
                _ => {}
            }
        }
        // Splat a scalar operand mixed with a vector.
        if n > 1 {
            let vt = self.vector_type(scalar, n);
            if matches!(li, TypeInner::Scalar(_)) {
                l = self.splat(cx, vt, l, n);
            }
            if matches!(ri, TypeInner::Scalar(_)) {
                let rs = ri.scalar().unwrap_or(scalar);
                let rvt = self.vector_type(rs, n);
                r = self.splat(cx, rvt, r, n);
            }
        }
        let signed = scalar.is_signed_integer();
        let is_bool = scalar == Scalar::Bool;
        let simple = match op {
            B::Add => Some(if float { Op::FAdd } else { Op::IAdd }),
            B::Subtract => Some(if float { Op::FSub } else { Op::ISub }),
            B::Multiply => Some(if float { Op::FMul } else { Op::IMul }),
            B::Equal => Some(if float {
                Op::FOrdEqual
            } else if is_bool {
                Op::LogicalEqual
            } else {
                Op::IEqual
            }),
            B::NotEqual => Some(if float {
                Op::FUnordNotEqual
            } else if is_bool {
                Op::LogicalNotEqual
            } else {
                Op::INotEqual
            }),
            B::Less => Some(if float {
                Op::FOrdLessThan
            } else if signed {
                Op::SLessThan
            } else {
                Op::ULessThan
            }),
            B::LessEqual => Some(if float {
                Op::FOrdLessThanEqual
            } else if signed {
                Op::SLessThanEqual
            } else {
                Op::ULessThanEqual
            }),
            B::Greater => Some(if float {
                Op::FOrdGreaterThan
            } else if signed {
                Op::SGreaterThan
            } else {
                Op::UGreaterThan
            }),
            B::GreaterEqual => Some(if float {
                Op::FOrdGreaterThanEqual
            } else if signed {
                Op::SGreaterThanEqual
            } else {
                Op::UGreaterThanEqual
            }),
            B::And => Some(if is_bool {
                Op::LogicalAnd
            } else {
                Op::BitwiseAnd
            }),
            B::InclusiveOr => Some(if is_bool {
                Op::LogicalOr
            } else {
                Op::BitwiseOr
            }),
            B::ExclusiveOr => Some(if is_bool {
                Op::LogicalNotEqual
            } else {
                Op::BitwiseXor
            }),
            _ => None,
        };
        if let Some(o) = simple {
            return Ok(self.emit(cx, o, t, &[l, r]));
        }
        match op {
            B::ShiftLeft | B::ShiftRight => {
                // The shift-amount pass has masked the amount.
                let o = match (op, signed) {
                    (B::ShiftLeft, _) => Op::ShiftLeftLogical,
                    (_, true) => Op::ShiftRightArithmetic,
                    (_, false) => Op::ShiftRightLogical,
                };
                Ok(self.emit(cx, o, t, &[l, r]))
            }
            B::Divide | B::Modulo if float => {
                let o = if op == B::Divide { Op::FDiv } else { Op::FRem };
                Ok(self.emit(cx, o, t, &[l, r]))
            }
            B::Divide | B::Modulo => {
                // The int-division pass has made the divisor safe.
                let o = match (op, signed) {
                    (B::Divide, true) => Op::SDiv,
                    (B::Divide, false) => Op::UDiv,
                    (_, true) => Op::SRem,
                    (_, false) => Op::UMod,
                };
                Ok(self.emit(cx, o, t, &[l, r]))
            }
            _ => Err(err("unsupported binary operator", span)),
        }
    }

    fn convert(
        &mut self,
        cx: &mut FnCtx,
        h: Handle<Expression>,
        expr: Handle<Expression>,
        ty: Handle<Type>,
    ) -> R<u32> {
        let v = self.expr(cx, expr)?;
        let span = cx.span(h);
        if cx.ty(expr)? == ty {
            return Ok(v);
        }
        let t = self.type_id(ty, Mode::Plain)?;
        // NV cooperative matrices of one shape and component share a type
        // whatever their kind: a kind-only conversion is the value itself.
        if self.type_id(cx.ty(expr)?, Mode::Plain)? == t {
            return Ok(v);
        }
        if let Some(v) = self.matrix_use_conversion(cx, v, cx.ty(expr)?, ty, span)? {
            return Ok(v);
        }
        let from = self.inner(cx, expr)?.clone();
        let to = self.m.inner(ty).clone();
        if let (
            TypeInner::Matrix {
                columns,
                rows,
                scalar: fs,
            },
            TypeInner::Matrix { scalar: ts, .. },
        ) = (&from, &to)
        {
            let fct = self.vector_type(*fs, rows.get());
            let tct = self.vector_type(*ts, rows.get());
            let mut cols = [0u32; 4];
            for i in 0..columns.get() {
                let c = self.emit(cx, Op::CompositeExtract, fct, &[v, i]);
                cols[i as usize] = self.emit(cx, Op::FConvert, tct, &[c]);
            }
            return Ok(self.emit(
                cx,
                Op::CompositeConstruct,
                t,
                &cols[..columns.get() as usize],
            ));
        }
        let (Some(fs), Some(ts)) = (from.scalar(), to.scalar()) else {
            return Err(err("unsupported conversion", span));
        };
        let n = match to {
            TypeInner::Vector { size, .. } => size.get(),
            _ => 1,
        };
        self.convert_scalar(cx, v, fs, ts, n, t)
    }

    /// Converts a scalar or `n`-vector from `fs` to `ts` components (`t` is
    /// the result type id).
    pub(super) fn convert_scalar(
        &mut self,
        cx: &mut FnCtx,
        v: u32,
        fs: Scalar,
        ts: Scalar,
        n: u32,
        t: u32,
    ) -> R<u32> {
        use Scalar as S;
        if fs == ts {
            return Ok(v);
        }
        Ok(match (fs, ts) {
            (S::Bool, _) => {
                let one = self.const_splat(ts, n, 1.0);
                let zero = self.const_splat(ts, n, 0.0);
                self.emit(cx, Op::Select, t, &[v, one, zero])
            }
            (_, S::Bool) => {
                let zero = self.const_splat(fs, n, 0.0);
                let o = if fs.is_float() {
                    Op::FUnordNotEqual
                } else {
                    Op::INotEqual
                };
                self.emit(cx, o, t, &[v, zero])
            }
            (f, tt) if f.is_float() && tt.is_float() => self.emit(cx, Op::FConvert, t, &[v]),
            (f, tt) if tt.is_float() => {
                let o = if f.is_signed_integer() {
                    Op::ConvertSToF
                } else {
                    Op::ConvertUToF
                };
                self.emit(cx, o, t, &[v])
            }
            (f, tt) if f.is_float() => {
                // The float-to-int pass has clamped the operand.
                let o = if tt.is_signed_integer() {
                    Op::ConvertFToS
                } else {
                    Op::ConvertFToU
                };
                self.emit(cx, o, t, &[v])
            }
            // Integer widths differ only for subgroup-matrix components
            // (u8 -> u32, i8 -> i32, and narrowing after the float-to-int
            // pass's clamp): extend or truncate by the source's sign.
            (f, tt) if f.size() != tt.size() => {
                let o = if f.is_signed_integer() {
                    Op::SConvert
                } else {
                    Op::UConvert
                };
                self.emit(cx, o, t, &[v])
            }
            _ => self.emit(cx, Op::Bitcast, t, &[v]),
        })
    }
}

fn literal_int(l: &Literal) -> Option<i64> {
    match *l {
        Literal::I32(v) => Some(v as i64),
        Literal::U32(v) => Some(v as i64),
        Literal::AbstractInt(v) => Some(v),
        _ => None,
    }
}

/// The vector size of a type, or 1.
pub(super) fn width(inner: &TypeInner) -> u32 {
    match inner {
        TypeInner::Vector { size, .. } => size.get(),
        _ => 1,
    }
}
