//! Specialization constants: the overrides and override-expressions the
//! pipeline step left symbolic ([`crate::pipeline::spec`]) as
//! `OpSpecConstant*` (with `SpecId`), `OpSpecConstantComposite` and
//! `OpSpecConstantOp`, and workgroup sizes given by them (`LocalSizeId`
//! from SPIR-V 1.6, the `WorkgroupSize` built-in before).

use spirv::{Decoration, Op};

use super::builder::{inst, inst_str};
use super::modes::Mode;
use super::writer::{err, Writer, R};
use crate::analysis::spec_ops::{spec_op, spec_op_operands, SpecOp};
use crate::arena::Handle;
use crate::ir::{Expression, Literal, Scalar, TypeInner, WorkgroupSizeDim};

type H = Handle<Expression>;

impl Writer<'_> {
    /// The id of a global expression's value: a constant, or (for one
    /// that reads a specialization constant) a specialization-constant
    /// instruction, emitted on first use.
    pub(super) fn global_value(&mut self, g: H) -> R<u32> {
        match self.p.global_values.get(g.index()) {
            Some(Some(c)) => self.const_value(*c),
            Some(None) => self.spec_value(g),
            None => Err(err(
                "override-expression has no value in the pipeline",
                self.m
                    .global_expressions
                    .try_get(g)
                    .map_or(Default::default(), |_| self.m.global_expressions.span(g)),
            )),
        }
    }

    /// Whether a global expression reads a specialization constant.
    pub(super) fn is_spec(&self, g: H) -> bool {
        matches!(self.p.global_values.get(g.index()), Some(None))
    }

    /// The specialization-constant instruction of a symbolic global
    /// expression. Operands are emitted first (iteratively: chains of
    /// override-expressions can be long).
    fn spec_value(&mut self, g: H) -> R<u32> {
        if let Some(&id) = self.spec_consts.get(&g) {
            return Ok(id);
        }
        let mut stack = vec![(g, false)];
        while let Some((n, expanded)) = stack.pop() {
            if self.spec_consts.contains_key(&n) {
                continue;
            }
            let span = self.m.global_expressions.span(n);
            let op = spec_op(self.m, self.p.spec_constants, n).ok_or_else(|| {
                err(
                    "internal error: this override-expression has no specialization-constant form",
                    span,
                )
            })?;
            let operands = spec_op_operands(&op);
            if !expanded {
                stack.push((n, true));
                for o in operands {
                    if self.is_spec(o) && !self.spec_consts.contains_key(&o) {
                        stack.push((o, false));
                    }
                }
                continue;
            }
            let id = self.write_spec_op(n, &op)?;
            self.spec_consts.insert(n, id);
        }
        self.spec_consts.get(&g).copied().ok_or_else(|| {
            err(
                "internal error: specialization constant missing",
                Default::default(),
            )
        })
    }

    /// The type id of a global expression.
    fn global_type(&mut self, g: H) -> R<u32> {
        let ty = self
            .m
            .global_expression_types
            .get(g.index())
            .copied()
            .ok_or_else(|| err("invalid global expression", Default::default()))?;
        self.type_id(ty, Mode::Plain)
    }

    /// `OpSpecConstantOp ty op operands`, or `OpSpecConstantComposite ty
    /// operands` when `op` is `None`; equal instructions are emitted once.
    fn spec_inst(&mut self, ty: u32, op: Option<Op>, operands: &[u32]) -> u32 {
        let mut key = Vec::with_capacity(operands.len() + 2);
        key.push(op.map_or(u32::MAX, |op| op as u32));
        key.push(ty);
        key.extend_from_slice(operands);
        if let Some(&id) = self.spec_insts.get(&key) {
            return id;
        }
        let id = self.s.id();
        let mut words = Vec::with_capacity(operands.len() + 3);
        words.extend_from_slice(&[ty, id]);
        match op {
            Some(op) => {
                words.push(op as u32);
                words.extend_from_slice(operands);
                inst(&mut self.s.globals, Op::SpecConstantOp, &words);
            }
            None => {
                words.extend_from_slice(operands);
                inst(&mut self.s.globals, Op::SpecConstantComposite, &words);
            }
        }
        self.spec_insts.insert(key, id);
        id
    }

    /// `OpSpecConstantOp ty op operands` (de-duplicated).
    fn spec_op_inst(&mut self, ty: u32, op: Op, operands: &[u32]) -> u32 {
        self.spec_inst(ty, Some(op), operands)
    }

    /// The scalar and component count of a global expression's type.
    fn global_shape(&self, g: H) -> Option<(Scalar, u32)> {
        let ty = *self.m.global_expression_types.get(g.index())?;
        match self.m.types.try_get(ty)?.inner {
            TypeInner::Scalar(s) => Some((s, 1)),
            TypeInner::Vector { size, scalar } => Some((scalar, size.get())),
            _ => None,
        }
    }

    /// A constant scalar (or splat vector of `n` components) of `scalar`.
    fn shaped_const(&mut self, scalar: Scalar, n: u32, v: f64) -> u32 {
        self.const_splat(scalar, n, v)
    }

    fn write_spec_op(&mut self, g: H, op: &SpecOp) -> R<u32> {
        let span = self.m.global_expressions.span(g);
        let shape_err = || err("internal error: unexpected operand type", span);
        Ok(match *op {
            SpecOp::Scalar(o) => {
                let c = self
                    .p
                    .spec_constants
                    .get(o.index())
                    .copied()
                    .flatten()
                    .ok_or_else(|| err("internal error: not a specialization constant", span))?;
                let ty = self.scalar_type(c.default.scalar());
                let id = self.s.id();
                match c.default {
                    Literal::Bool(b) => {
                        let op = if b {
                            Op::SpecConstantTrue
                        } else {
                            Op::SpecConstantFalse
                        };
                        inst(&mut self.s.globals, op, &[ty, id]);
                    }
                    Literal::I32(v) => {
                        inst(&mut self.s.globals, Op::SpecConstant, &[ty, id, v as u32])
                    }
                    Literal::U32(v) => inst(&mut self.s.globals, Op::SpecConstant, &[ty, id, v]),
                    Literal::F32(v) => inst(
                        &mut self.s.globals,
                        Op::SpecConstant,
                        &[ty, id, v.to_bits()],
                    ),
                    Literal::F16(v) => inst(
                        &mut self.s.globals,
                        Op::SpecConstant,
                        &[ty, id, u32::from(v.to_bits())],
                    ),
                    Literal::AbstractInt(_) | Literal::AbstractFloat(_) => {
                        return Err(err(
                            "internal error: abstract specialization constant",
                            span,
                        ))
                    }
                }
                inst(
                    &mut self.s.annotations,
                    Op::Decorate,
                    &[id, Decoration::SpecId as u32, c.spec_id],
                );
                if let Some(decl) = self.m.overrides.try_get(o) {
                    if !decl.name.is_empty() {
                        inst_str(&mut self.s.names, Op::Name, &[id], &decl.name, &[]);
                    }
                }
                id
            }
            SpecOp::Same(a) => self.global_value(a)?,
            SpecOp::Composite(ref parts) => {
                let ty = self.global_type(g)?;
                let mut ids = Vec::with_capacity(parts.len());
                for &p in parts {
                    ids.push(self.global_value(p)?);
                }
                self.spec_inst(ty, None, &ids)
            }
            SpecOp::Splat(a, n) => {
                let ty = self.global_type(g)?;
                let v = self.global_value(a)?;
                self.spec_inst(ty, None, &vec![v; n as usize])
            }
            SpecOp::Shuffle(a, ref pattern) => {
                let ty = self.global_type(g)?;
                let v = self.global_value(a)?;
                let mut ops = vec![v, v];
                ops.extend_from_slice(pattern);
                self.spec_op_inst(ty, Op::VectorShuffle, &ops)
            }
            SpecOp::Extract(a, index) => {
                let ty = self.global_type(g)?;
                let v = self.global_value(a)?;
                self.spec_op_inst(ty, Op::CompositeExtract, &[v, index])
            }
            SpecOp::Unary(op, a) => {
                let ty = self.global_type(g)?;
                let v = self.global_value(a)?;
                self.spec_op_inst(ty, op, &[v])
            }
            SpecOp::Binary(op, a, b) => {
                let ty = self.global_type(g)?;
                let l = self.global_value(a)?;
                let r = self.global_value(b)?;
                self.spec_op_inst(ty, op, &[l, r])
            }
            SpecOp::Shift(op, a, b) => {
                // WGSL masks the amount to the bit width (a constant
                // amount is already below it).
                let ty = self.global_type(g)?;
                let (_, n) = self.global_shape(b).ok_or_else(shape_err)?;
                let l = self.global_value(a)?;
                let r = self.global_value(b)?;
                let r = if self.is_spec(b) {
                    let rt = self.global_type(b)?;
                    let mask = self.shaped_const(Scalar::U32, n, 31.0);
                    self.spec_op_inst(rt, Op::BitwiseAnd, &[r, mask])
                } else {
                    r
                };
                self.spec_op_inst(ty, op, &[l, r])
            }
            SpecOp::Divide {
                signed,
                rem,
                left,
                right,
            } => {
                // WGSL's runtime results: the divisor is 1 where it is 0
                // (and where i32 MIN is divided by -1).
                let ty = self.global_type(g)?;
                let (scalar, n) = self.global_shape(right).ok_or_else(shape_err)?;
                let bt = if n == 1 {
                    self.scalar_type(Scalar::Bool)
                } else {
                    self.vector_type(Scalar::Bool, n)
                };
                let l = self.global_value(left)?;
                let r = self.global_value(right)?;
                let op = match (signed, rem) {
                    (false, false) => Op::UDiv,
                    (true, false) => Op::SDiv,
                    (false, true) => Op::UMod,
                    (true, true) => Op::SRem,
                };
                // A constant divisor that is neither 0 nor -1 needs no guard.
                if self
                    .override_value_i64(right)
                    .is_some_and(|d| d != 0 && d != -1)
                {
                    return Ok(self.spec_op_inst(ty, op, &[l, r]));
                }
                let zero = self.shaped_const(scalar, n, 0.0);
                let one = self.shaped_const(scalar, n, 1.0);
                let mut bad = self.spec_op_inst(bt, Op::IEqual, &[r, zero]);
                if signed {
                    let min = self.shaped_const(scalar, n, f64::from(i32::MIN));
                    let minus_one = self.shaped_const(scalar, n, -1.0);
                    let is_min = self.spec_op_inst(bt, Op::IEqual, &[l, min]);
                    let is_m1 = self.spec_op_inst(bt, Op::IEqual, &[r, minus_one]);
                    let overflow = self.spec_op_inst(bt, Op::LogicalAnd, &[is_min, is_m1]);
                    bad = self.spec_op_inst(bt, Op::LogicalOr, &[bad, overflow]);
                }
                let divisor = self.spec_op_inst(ty, Op::Select, &[bad, one, r]);
                self.spec_op_inst(ty, op, &[l, divisor])
            }
            SpecOp::Select(c, a, b) => {
                let ty = self.global_type(g)?;
                let c = self.global_value(c)?;
                let a = self.global_value(a)?;
                let b = self.global_value(b)?;
                self.spec_op_inst(ty, Op::Select, &[c, a, b])
            }
            SpecOp::Reinterpret(a) => {
                // `IAdd` with a zero of the result type: operands may
                // differ in signedness, not in width.
                let ty = self.global_type(g)?;
                let (scalar, n) = self.global_shape(g).ok_or_else(shape_err)?;
                let v = self.global_value(a)?;
                let zero = self.shaped_const(scalar, n, 0.0);
                self.spec_op_inst(ty, Op::IAdd, &[v, zero])
            }
            SpecOp::FromBool(a) => {
                let ty = self.global_type(g)?;
                let (scalar, n) = self.global_shape(g).ok_or_else(shape_err)?;
                let v = self.global_value(a)?;
                let one = self.shaped_const(scalar, n, 1.0);
                let zero = self.shaped_const(scalar, n, 0.0);
                self.spec_op_inst(ty, Op::Select, &[v, one, zero])
            }
            SpecOp::ToBool(a) => {
                let ty = self.global_type(g)?;
                let (scalar, n) = self.global_shape(a).ok_or_else(shape_err)?;
                let v = self.global_value(a)?;
                let zero = self.shaped_const(scalar, n, 0.0);
                self.spec_op_inst(ty, Op::INotEqual, &[v, zero])
            }
        })
    }

    /// A workgroup-size dimension given by a global expression as a `u32`
    /// constant or specialization-constant id.
    fn size_u32(&mut self, e: H) -> R<u32> {
        if !self.is_spec(e) {
            let n = self.override_u32(e)?;
            return Ok(self.u32_const(n));
        }
        let v = self.spec_value(e)?;
        match self.global_shape(e) {
            Some((Scalar::U32, 1)) => Ok(v),
            _ => {
                let u = self.u32_type();
                let zero = self.u32_const(0);
                Ok(self.spec_op_inst(u, Op::IAdd, &[v, zero]))
            }
        }
    }

    /// The element count of an override-sized array: a constant, or the
    /// specialization-constant instruction of its expression.
    pub(super) fn array_length_id(&mut self, e: H) -> R<u32> {
        if self.is_spec(e) {
            return self.spec_value(e);
        }
        let n = self.override_u32(e)?;
        Ok(self.u32_const(n))
    }

    /// Whether an entry point's workgroup size reads specialization
    /// constants.
    pub(super) fn specialised_size(&self, size: &[WorkgroupSizeDim; 3]) -> bool {
        size.iter().any(|d| match *d {
            WorkgroupSizeDim::Override(e) => self.is_spec(e),
            WorkgroupSizeDim::Constant(_) => false,
        })
    }

    /// The execution mode of a compute entry point whose workgroup size
    /// reads specialization constants: `LocalSizeId` (SPIR-V 1.6, where
    /// Vulkan 1.3 accepts it), otherwise `LocalSize` with the sizes known
    /// here (1 for specialised ones) and one `WorkgroupSize` built-in
    /// constant for the module, which overrides it. The built-in is
    /// module-wide: every chosen compute entry point must then have the
    /// same size.
    pub(super) fn specialised_local_size(
        &mut self,
        fn_id: u32,
        ep: &crate::ir::EntryPoint,
    ) -> R<()> {
        let mut ids = [0u32; 3];
        for (id, dim) in ids.iter_mut().zip(ep.workgroup_size) {
            *id = match dim {
                WorkgroupSizeDim::Constant(n) => self.u32_const(n),
                WorkgroupSizeDim::Override(e) => self.size_u32(e)?,
            };
        }
        if self.opts.version >= (1, 6) {
            inst(
                &mut self.s.execution_modes,
                Op::ExecutionModeId,
                &[
                    fn_id,
                    spirv::ExecutionMode::LocalSizeId as u32,
                    ids[0],
                    ids[1],
                    ids[2],
                ],
            );
            return Ok(());
        }
        // `Writer::check_workgroup_size_builtin` made sure every compute
        // entry point has this size: one built-in for the module.
        if self.workgroup_size_builtin.is_none() {
            // Its own instruction: the decoration must not reach an equal
            // composite used elsewhere.
            let v3 = self.vector_type(Scalar::U32, 3);
            let id = self.s.id();
            inst(
                &mut self.s.globals,
                Op::SpecConstantComposite,
                &[v3, id, ids[0], ids[1], ids[2]],
            );
            inst(
                &mut self.s.annotations,
                Op::Decorate,
                &[
                    id,
                    Decoration::BuiltIn as u32,
                    spirv::BuiltIn::WorkgroupSize as u32,
                ],
            );
            self.workgroup_size_builtin = Some(id);
        }
        // The built-in gives the size; `LocalSize` is still required by
        // some consumers and is overridden by it.
        let mut size = [1u32; 3];
        for (s, dim) in size.iter_mut().zip(ep.workgroup_size) {
            if let WorkgroupSizeDim::Constant(n) = dim {
                *s = n;
            }
        }
        inst(
            &mut self.s.execution_modes,
            Op::ExecutionMode,
            &[
                fn_id,
                spirv::ExecutionMode::LocalSize as u32,
                size[0],
                size[1],
                size[2],
            ],
        );
        Ok(())
    }
}

impl Writer<'_> {
    /// The `u32` value of a global expression that has one.
    pub(super) fn override_value_u32(&self, e: H) -> Option<u32> {
        self.override_value_i64(e)
            .and_then(|v| u32::try_from(v).ok())
    }

    /// The value of a scalar integer global expression that has one.
    pub(super) fn override_value_i64(&self, e: H) -> Option<i64> {
        let c = (*self.p.global_values.get(e.index())?)?;
        match self.m.constants.try_get(c)? {
            crate::ir::ConstValue::Scalar(Literal::U32(v)) => Some(i64::from(*v)),
            crate::ir::ConstValue::Scalar(Literal::I32(v)) => Some(i64::from(*v)),
            crate::ir::ConstValue::Scalar(Literal::AbstractInt(v)) => Some(*v),
            _ => None,
        }
    }
}
