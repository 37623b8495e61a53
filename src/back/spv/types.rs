//! Type and constant emission, de-duplicated with hash maps.
//!
//! An IR type may need two SPIR-V types: a plain one for values and for
//! Function/Private/Workgroup storage, and one with explicit layout
//! decorations (`Offset`, `ArrayStride`, `MatrixStride`) for buffer storage.
//! Buffer roots get a `Block`-decorated struct: the store type itself when it
//! is a struct, otherwise a one-member wrapper struct.

use spirv::{Capability, Decoration, Op};

use super::builder::{inst, inst_str};
use super::modes::{scalar_slot, space_mode, storage_class, LocalType, Mode, MODES};
use super::writer::{err, Writer, R};
use super::CooperativeMatrixExtension;
use crate::arena::Handle;
use crate::ir::{
    ArraySize, ConstValue, Literal, MatrixDim, Scalar, SubgroupMatrixKind, Type, TypeInner,
};

impl Writer<'_> {
    /// The id of a structural type.
    pub(super) fn local_type(&mut self, key: LocalType) -> u32 {
        if let Some(&id) = self.local_types.get(&key) {
            return id;
        }
        let id = self.s.id();
        let g = &mut self.s.globals;
        match key {
            LocalType::Void => inst(g, Op::TypeVoid, &[id]),
            LocalType::Bool => inst(g, Op::TypeBool, &[id]),
            LocalType::Int(w, signed) => inst(g, Op::TypeInt, &[id, w, signed as u32]),
            LocalType::Float(w) => inst(g, Op::TypeFloat, &[id, w]),
            LocalType::BFloat16 => inst(
                g,
                Op::TypeFloat,
                &[id, 16, spirv::FPEncoding::BFloat16KHR as u32],
            ),
            LocalType::Vector(c, n) => inst(g, Op::TypeVector, &[id, c, n]),
            LocalType::Matrix(c, n) => inst(g, Op::TypeMatrix, &[id, c, n]),
            LocalType::Pointer(class, pointee) => inst(g, Op::TypePointer, &[id, class, pointee]),
            LocalType::Function(ref sig) => {
                g.push(((sig.len() as u32 + 2) << 16) | Op::TypeFunction as u32);
                g.push(id);
                g.extend_from_slice(sig);
            }
            LocalType::Array(e, len, stride) => {
                inst(g, Op::TypeArray, &[id, e, len]);
                if stride != 0 {
                    let a = &mut self.s.annotations;
                    inst(
                        a,
                        Op::Decorate,
                        &[id, Decoration::ArrayStride as u32, stride],
                    );
                }
            }
            LocalType::RuntimeArray(e, stride) => {
                inst(g, Op::TypeRuntimeArray, &[id, e]);
                if stride != 0 {
                    let a = &mut self.s.annotations;
                    inst(
                        a,
                        Op::Decorate,
                        &[id, Decoration::ArrayStride as u32, stride],
                    );
                }
            }
            LocalType::CoopMatrix(ops) => {
                inst(
                    g,
                    Op::TypeCooperativeMatrixKHR,
                    &[id, ops[0], ops[1], ops[2], ops[3], ops[4]],
                );
            }
            LocalType::Image(ops) => {
                let mut words = vec![id];
                words.extend_from_slice(&ops);
                inst(g, Op::TypeImage, &words);
            }
            LocalType::Sampler => inst(g, Op::TypeSampler, &[id]),
            LocalType::SampledImage(image) => inst(g, Op::TypeSampledImage, &[id, image]),
            LocalType::CoopMatrixNv(ops) => {
                inst(
                    g,
                    Op::TypeCooperativeMatrixNV,
                    &[id, ops[0], ops[1], ops[2], ops[3]],
                );
            }
            LocalType::CoopVectorNv(ops) => {
                inst(g, Op::TypeCooperativeVectorNV, &[id, ops[0], ops[1]]);
            }
        }
        self.local_types.insert(key, id);
        id
    }

    /// The id of `OpTypeInt 64 0`, the type of an `atomic<vec2<u32>>`
    /// (with the `Int64` and `Int64Atomics` capabilities).
    pub(super) fn u64_type(&mut self) -> u32 {
        self.s.cap(Capability::Int64);
        self.s.cap(Capability::Int64Atomics);
        self.local_type(LocalType::Int(64, false))
    }

    /// The id of a scalar type.
    pub(super) fn scalar_type(&mut self, scalar: Scalar) -> u32 {
        let slot = scalar_slot(scalar);
        if self.scalar_ids[slot] != 0 {
            return self.scalar_ids[slot];
        }
        let key = match scalar {
            Scalar::Bool => LocalType::Bool,
            Scalar::I32 | Scalar::AbstractInt => LocalType::Int(32, true),
            Scalar::U32 => LocalType::Int(32, false),
            Scalar::F32 | Scalar::AbstractFloat => LocalType::Float(32),
            Scalar::F16 => {
                self.s.cap(Capability::Float16);
                LocalType::Float(16)
            }
            Scalar::I8 => {
                self.s.cap(Capability::Int8);
                LocalType::Int(8, true)
            }
            Scalar::U8 => {
                self.s.cap(Capability::Int8);
                LocalType::Int(8, false)
            }
            Scalar::BF16 => {
                // Only ever a cooperative-matrix component.
                self.s.cap(Capability::BFloat16TypeKHR);
                self.s.cap(Capability::BFloat16CooperativeMatrixKHR);
                self.s.extensions.insert("SPV_KHR_bfloat16");
                LocalType::BFloat16
            }
        };
        let id = self.local_type(key);
        self.scalar_ids[slot] = id;
        id
    }

    /// The id of `vecN<scalar>`.
    pub(super) fn vector_type(&mut self, scalar: Scalar, n: u32) -> u32 {
        let slot = (n as usize).wrapping_sub(2);
        if let Some(&id) = self.vector_ids[scalar_slot(scalar)].get(slot) {
            if id != 0 {
                return id;
            }
        }
        let c = self.scalar_type(scalar);
        let id = self.local_type(LocalType::Vector(c, n));
        if let Some(s) = self.vector_ids[scalar_slot(scalar)].get_mut(slot) {
            *s = id;
        }
        id
    }

    /// `u32`, `i32`, `bool`, `void` shorthands.
    pub(super) fn u32_type(&mut self) -> u32 {
        self.scalar_type(Scalar::U32)
    }

    /// The id of a pointer type.
    pub(super) fn pointer_type(&mut self, class: spirv::StorageClass, pointee: u32) -> u32 {
        self.local_type(LocalType::Pointer(class as u32, pointee))
    }

    /// The id of an IR type in the given flavour.
    pub(super) fn type_id(&mut self, ty: Handle<Type>, mode: Mode) -> R<u32> {
        // Fast path: a direct-indexed cache per (type, requested mode).
        if let Some(ids) = self.type_ids.get(ty.index()) {
            if ids[mode as usize] != 0 {
                return Ok(ids[mode as usize]);
            }
        }
        let requested = mode;
        let m = self.m;
        let inner = match m.types.try_get(ty) {
            Some(t) => &t.inner,
            None => {
                return Err(crate::diagnostic::Error::without_location(
                    "invalid type handle",
                ))
            }
        };
        let mode = if mode.is_std140() && !self.needs_std140(ty) {
            mode.without_std140()
        } else {
            mode
        };
        // Types whose SPIR-V form does not depend on the layout.
        let mode = match (inner, mode) {
            (TypeInner::Array { .. } | TypeInner::Struct { .. }, m) => m,
            (_, Mode::Wrapper | Mode::Std140Wrapper | Mode::Std140) => mode,
            _ => Mode::Plain,
        };
        if let Some(&id) = self.ir_types.get(&(ty, mode)) {
            self.cache_type_id(ty, requested, id);
            return Ok(id);
        }
        let id = match (inner, mode) {
            (_, Mode::Wrapper | Mode::Std140Wrapper)
                if !matches!(inner, TypeInner::Struct { .. }) =>
            {
                let member = self.type_id(ty, mode.member())?;
                let id = self.s.id();
                inst(&mut self.s.globals, Op::TypeStruct, &[id, member]);
                let a = &mut self.s.annotations;
                inst(a, Op::Decorate, &[id, Decoration::Block as u32]);
                inst(
                    a,
                    Op::MemberDecorate,
                    &[id, 0, Decoration::Offset as u32, 0],
                );
                if mode == Mode::Wrapper {
                    self.matrix_member_decorations(id, 0, ty);
                }
                id
            }
            (TypeInner::Matrix { columns, .. }, Mode::Std140) => {
                let (col, stride) = self.std140_column(ty)?;
                let mut words = vec![0; columns.get() as usize + 1];
                words[1..].fill(col);
                let id = self.s.id();
                words[0] = id;
                inst(&mut self.s.globals, Op::TypeStruct, &words);
                for i in 0..columns.get() {
                    inst(
                        &mut self.s.annotations,
                        Op::MemberDecorate,
                        &[id, i, Decoration::Offset as u32, i * stride],
                    );
                }
                id
            }
            (TypeInner::Scalar(s), _)
            | (
                TypeInner::Atomic {
                    scalar: s,
                    size: None,
                },
                _,
            ) => self.scalar_type(*s),
            // `atomic<vec2<u32>>` (`enable atomic_vec2u_min_max;`): one
            // 64-bit unsigned integer, `.x` its low word.
            (TypeInner::Atomic { size: Some(_), .. }, _) => self.u64_type(),
            (TypeInner::Vector { size, scalar }, _) => self.vector_type(*scalar, size.get()),
            (
                TypeInner::Matrix {
                    columns,
                    rows,
                    scalar,
                },
                _,
            ) => {
                let col = self.vector_type(*scalar, rows.get());
                self.local_type(LocalType::Matrix(col, columns.get()))
            }
            (TypeInner::Pointer { base, space, .. }, _) => {
                let pointee = self.type_id(*base, space_mode(*space))?;
                self.pointer_type(storage_class(*space), pointee)
            }
            (TypeInner::Array { base, size, stride }, mode) => {
                let e = self.type_id(*base, mode.member())?;
                let stride = if mode == Mode::Plain { 0 } else { *stride };
                match *size {
                    ArraySize::Runtime => self.local_type(LocalType::RuntimeArray(e, stride)),
                    ArraySize::Constant(n) => {
                        let len = self.u32_const(n);
                        self.local_type(LocalType::Array(e, len, stride))
                    }
                    ArraySize::Override(expr) => {
                        // A specialization constant where the count is one.
                        let len = self.array_length_id(expr)?;
                        self.local_type(LocalType::Array(e, len, stride))
                    }
                }
            }
            (TypeInner::Struct { members, .. }, mode) if mode.is_std140() => {
                self.std140_struct(ty, members, mode == Mode::Std140Block)?
            }
            (TypeInner::Struct { members, .. }, mode) => {
                let member_mode = mode.member();
                let mut words = Vec::with_capacity(members.len() + 1);
                words.push(0);
                for mem in members {
                    words.push(self.type_id(mem.ty, member_mode)?);
                }
                let id = self.s.id();
                words[0] = id;
                inst(&mut self.s.globals, Op::TypeStruct, &words);
                if let Some(name) = &m.types[ty].name {
                    inst_str(&mut self.s.names, Op::Name, &[id], name, &[]);
                }
                for (i, mem) in members.iter().enumerate() {
                    if !mem.name.is_empty() {
                        inst_str(
                            &mut self.s.names,
                            Op::MemberName,
                            &[id, i as u32],
                            &mem.name,
                            &[],
                        );
                    }
                }
                if mode != Mode::Plain {
                    if mode == Mode::Block {
                        inst(
                            &mut self.s.annotations,
                            Op::Decorate,
                            &[id, Decoration::Block as u32],
                        );
                    }
                    for (i, mem) in members.iter().enumerate() {
                        let a = &mut self.s.annotations;
                        inst(
                            a,
                            Op::MemberDecorate,
                            &[id, i as u32, Decoration::Offset as u32, mem.offset],
                        );
                        self.matrix_member_decorations(id, i as u32, mem.ty);
                    }
                }
                id
            }
            (
                &TypeInner::Image {
                    dim,
                    arrayed,
                    class,
                },
                _,
            ) => self.image_type(dim, arrayed, class, self.m.types.span(ty))?,
            (TypeInner::Sampler { .. }, _) => self.local_type(LocalType::Sampler),
            (&TypeInner::BindingArray { base, size }, _) => {
                // Handles have no layout: no ArrayStride.
                let e = self.type_id(base, Mode::Plain)?;
                match size {
                    Some(size) => {
                        let len = self.u32_const(size);
                        self.local_type(LocalType::Array(e, len, 0))
                    }
                    // The resource table's arrays.
                    None => {
                        self.s.cap(Capability::RuntimeDescriptorArray);
                        if self.opts.version < (1, 5) {
                            self.s.extensions.insert("SPV_EXT_descriptor_indexing");
                        }
                        self.local_type(LocalType::RuntimeArray(e, 0))
                    }
                }
            }
            (TypeInner::Buffer { .. }, _) => {
                return Err(crate::diagnostic::Error::without_location(
                    "internal error: a buffer type reached the SPIR-V writer (the buffer-view pass lowers every buffer to an array of u32)",
                ))
            }
            (&TypeInner::CoopVector { scalar, size }, _) => {
                let comp = self.scalar_type(scalar);
                let n = self.u32_const(size);
                self.s.cap(Capability::CooperativeVectorNV);
                self.s.extensions.insert("SPV_NV_cooperative_vector");
                self.local_type(LocalType::CoopVectorNv([comp, n]))
            }
            (
                TypeInner::SubgroupMatrix {
                    kind,
                    scalar,
                    columns,
                    rows,
                },
                _,
            ) => {
                let comp = self.scalar_type(*scalar);
                let scope = self.u32_const(spirv::Scope::Subgroup as u32);
                let r = self.matrix_dim(*rows)?;
                let c = self.matrix_dim(*columns)?;
                if self.opts.cooperative_matrix == CooperativeMatrixExtension::Nv {
                    if *scalar == Scalar::BF16 {
                        return Err(err(
                            "bf16 subgroup matrices need SPV_KHR_cooperative_matrix (SPV_KHR_bfloat16 extends it), not SPV_NV_cooperative_matrix",
                            m.types.span(ty),
                        ));
                    }
                    self.s.cap(Capability::CooperativeMatrixNV);
                    self.s.extensions.insert("SPV_NV_cooperative_matrix");
                    // The kind is not part of the key: one SPIR-V type per
                    // component type and shape.
                    self.local_type(LocalType::CoopMatrixNv([comp, scope, r, c]))
                } else {
                    self.khr_matrix_type(*kind, [comp, scope, r, c])
                }
            }
        };
        self.ir_types.insert((ty, mode), id);
        self.cache_type_id(ty, requested, id);
        Ok(id)
    }

    /// `OpTypeCooperativeMatrixKHR` of a kind, from the ids of its
    /// component type, scope, rows and columns.
    fn khr_matrix_type(&mut self, kind: SubgroupMatrixKind, ops: [u32; 4]) -> u32 {
        self.s.cap(Capability::CooperativeMatrixKHR);
        self.s.extensions.insert("SPV_KHR_cooperative_matrix");
        let use_ = match kind {
            SubgroupMatrixKind::Left => 0,
            SubgroupMatrixKind::Right => 1,
            SubgroupMatrixKind::Result => 2,
        };
        let use_ = self.u32_const(use_);
        let [comp, scope, r, c] = ops;
        self.local_type(LocalType::CoopMatrix([comp, scope, r, c, use_]))
    }

    fn cache_type_id(&mut self, ty: Handle<Type>, mode: Mode, id: u32) {
        if self.type_ids.len() < self.m.types.len() {
            self.type_ids.resize(self.m.types.len(), [0; MODES]);
        }
        if let Some(ids) = self.type_ids.get_mut(ty.index()) {
            ids[mode as usize] = id;
        }
    }

    /// `ColMajor` + `MatrixStride` for a member whose type is a matrix or an
    /// array (of arrays) of matrices.
    pub(super) fn matrix_member_decorations(&mut self, st: u32, index: u32, mut ty: Handle<Type>) {
        loop {
            match self.m.types[ty].inner {
                TypeInner::Array { base, .. } => ty = base,
                TypeInner::Matrix { rows, scalar, .. } => {
                    let l = crate::ir::layout::vector_layout(rows, scalar);
                    let stride = crate::ir::layout::round_up(l.align, l.size);
                    let a = &mut self.s.annotations;
                    inst(
                        a,
                        Op::MemberDecorate,
                        &[st, index, Decoration::ColMajor as u32],
                    );
                    inst(
                        a,
                        Op::MemberDecorate,
                        &[st, index, Decoration::MatrixStride as u32, stride],
                    );
                    return;
                }
                _ => return,
            }
        }
    }

    fn matrix_dim(&mut self, dim: MatrixDim) -> R<u32> {
        let n = self.matrix_dim_value(dim)?;
        Ok(self.u32_const(n))
    }

    /// The numeric value of a subgroup-matrix dimension.
    pub(super) fn matrix_dim_value(&mut self, dim: MatrixDim) -> R<u32> {
        Ok(match dim {
            MatrixDim::Constant(n) => n,
            MatrixDim::Override(o) => {
                let value = self
                    .p
                    .override_values
                    .get(o.index())
                    .copied()
                    .flatten()
                    .ok_or_else(|| {
                        crate::diagnostic::Error::without_location(
                            "subgroup matrix dimension override has no value",
                        )
                    })?;
                self.const_u32_value(value)?
            }
        })
    }

    /// The u32 value of an override-expression (array sizes, workgroup size).
    pub(super) fn override_u32(&mut self, expr: Handle<crate::ir::Expression>) -> R<u32> {
        let span = self.m.global_expressions.span(expr);
        let value = self
            .p
            .global_values
            .get(expr.index())
            .copied()
            .flatten()
            .ok_or_else(|| err("override-expression has no value in the pipeline", span))?;
        self.const_u32_value(value)
            .map_err(|_| err("override-expression is not an integer", span))
    }

    fn const_u32_value(&self, value: Handle<ConstValue>) -> R<u32> {
        match self.m.constants.try_get(value) {
            Some(ConstValue::Scalar(Literal::U32(v))) => Ok(*v),
            Some(ConstValue::Scalar(Literal::I32(v))) if *v >= 0 => Ok(*v as u32),
            Some(ConstValue::Scalar(Literal::AbstractInt(v)))
                if (0..=u32::MAX as i64).contains(v) =>
            {
                Ok(*v as u32)
            }
            _ => Err(crate::diagnostic::Error::without_location(
                "expected a non-negative integer constant",
            )),
        }
    }

    /// A scalar constant given its type id and bit pattern.
    pub(super) fn scalar_const_bits(&mut self, ty: u32, bits: u32) -> u32 {
        if let Some(&id) = self.scalar_consts.get(&(ty, bits)) {
            return id;
        }
        let id = self.s.id();
        inst(&mut self.s.globals, Op::Constant, &[ty, id, bits]);
        self.scalar_consts.insert((ty, bits), id);
        id
    }

    /// A `u32` constant.
    pub(super) fn u32_const(&mut self, v: u32) -> u32 {
        if let Some(&id) = self.small_u32_consts.get(v as usize) {
            if id != 0 {
                return id;
            }
        }
        let ty = self.u32_type();
        let id = self.scalar_const_bits(ty, v);
        if let Some(slot) = self.small_u32_consts.get_mut(v as usize) {
            *slot = id;
        }
        id
    }

    /// An `i32` constant.
    pub(super) fn i32_const(&mut self, v: i32) -> u32 {
        let ty = self.scalar_type(Scalar::I32);
        self.scalar_const_bits(ty, v as u32)
    }

    /// A boolean constant.
    pub(super) fn bool_const(&mut self, v: bool) -> u32 {
        let ty = self.scalar_type(Scalar::Bool);
        if let Some(&id) = self.scalar_consts.get(&(ty, v as u32)) {
            return id;
        }
        let id = self.s.id();
        let op = if v {
            Op::ConstantTrue
        } else {
            Op::ConstantFalse
        };
        inst(&mut self.s.globals, op, &[ty, id]);
        self.scalar_consts.insert((ty, v as u32), id);
        id
    }

    /// The constant of a literal.
    pub(super) fn literal(&mut self, lit: Literal) -> u32 {
        match lit {
            Literal::Bool(b) => self.bool_const(b),
            Literal::I32(v) => self.i32_const(v),
            Literal::U32(v) => self.u32_const(v),
            Literal::F32(v) => {
                let ty = self.scalar_type(Scalar::F32);
                self.scalar_const_bits(ty, v.to_bits())
            }
            Literal::F16(v) => {
                let ty = self.scalar_type(Scalar::F16);
                self.scalar_const_bits(ty, v.to_bits() as u32)
            }
            Literal::AbstractInt(v) => self.i32_const(v as i32),
            Literal::AbstractFloat(v) => {
                let ty = self.scalar_type(Scalar::F32);
                self.scalar_const_bits(ty, (v as f32).to_bits())
            }
        }
    }

    /// A scalar constant of the given scalar type from an `f64` value
    /// (used by polyfills for bounds such as clamping limits).
    pub(super) fn scalar_const(&mut self, scalar: Scalar, v: f64) -> u32 {
        match scalar {
            Scalar::Bool => self.bool_const(v != 0.0),
            Scalar::I32 | Scalar::I8 | Scalar::AbstractInt => self.i32_const(v as i32),
            Scalar::U32 | Scalar::U8 => self.u32_const(v as u32),
            Scalar::F16 => self.literal(Literal::F16(half::f16::from_f64(v))),
            Scalar::F32 | Scalar::AbstractFloat | Scalar::BF16 => {
                self.literal(Literal::F32(v as f32))
            }
        }
    }

    /// `OpConstantNull` of a type id.
    pub(super) fn null_const(&mut self, ty: u32) -> u32 {
        if let Some(&id) = self.null_consts.get(&ty) {
            return id;
        }
        let id = self.s.id();
        inst(&mut self.s.globals, Op::ConstantNull, &[ty, id]);
        self.null_consts.insert(ty, id);
        id
    }

    /// A composite constant with every component `c` (splat), de-duplicated.
    pub(super) fn splat_const(&mut self, ty: u32, c: u32, n: u32) -> u32 {
        let key = (ty, c, n);
        if let Some(&id) = self.splat_consts.get(&key) {
            return id;
        }
        let id = self.s.id();
        let g = &mut self.s.globals;
        g.push(((n + 3) << 16) | Op::ConstantComposite as u32);
        g.push(ty);
        g.push(id);
        for _ in 0..n {
            g.push(c);
        }
        self.splat_consts.insert(key, id);
        id
    }

    /// The id of an interned constant value.
    pub(super) fn const_value(&mut self, value: Handle<ConstValue>) -> R<u32> {
        if let Some(&id) = self.ir_consts.get(&value) {
            return Ok(id);
        }
        let m = self.m;
        let id = match m.constants.try_get(value) {
            None => {
                return Err(crate::diagnostic::Error::without_location(
                    "invalid constant handle",
                ))
            }
            Some(ConstValue::Scalar(lit)) => self.literal(*lit),
            Some(ConstValue::Zero(ty)) => {
                let t = self.type_id(*ty, Mode::Plain)?;
                self.null_const(t)
            }
            Some(ConstValue::Composite { ty, components }) => {
                let t = self.type_id(*ty, Mode::Plain)?;
                let mut words = Vec::with_capacity(components.len() + 2);
                words.push(t);
                words.push(0);
                for &c in components {
                    words.push(self.const_value(c)?);
                }
                let id = self.s.id();
                words[1] = id;
                inst(&mut self.s.globals, Op::ConstantComposite, &words);
                id
            }
        };
        self.ir_consts.insert(value, id);
        Ok(id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{Module, PipelineModule, VectorSize};

    fn pipeline(module: &Module) -> PipelineModule<'_> {
        PipelineModule {
            module,
            entry_points: &[],
            global_values: &[],
            override_values: &[],
            spec_constants: &[],
        }
    }

    #[test]
    fn types_and_constants_are_deduplicated() {
        let mut m = Module::default();
        let v = m.intern(TypeInner::Vector {
            size: VectorSize::Quad,
            scalar: Scalar::F32,
        });
        let p = pipeline(&m);
        let opts = super::super::Options::default();
        let info = crate::valid::ModuleInfo::default();
        let mut w = Writer::new(&p, &info, &opts);
        let a = w.type_id(v, Mode::Plain).expect("type");
        let words = w.s.globals.len();
        assert_eq!(w.type_id(v, Mode::Explicit).expect("type"), a);
        assert_eq!(w.vector_type(Scalar::F32, 4), a);
        assert_eq!(w.s.globals.len(), words, "no new instructions");
        let c = w.u32_const(7);
        assert_eq!(w.u32_const(7), c);
        assert_ne!(w.i32_const(7), c, "i32 and u32 constants differ");
        assert_eq!(w.bool_const(true), w.bool_const(true));
        assert_ne!(w.bool_const(true), w.bool_const(false));
    }

    #[test]
    fn arrays_get_a_stride_only_in_explicit_layout() {
        let mut m = Module::default();
        let f = m.intern(TypeInner::Scalar(Scalar::F32));
        let a = m.intern(TypeInner::Array {
            base: f,
            size: ArraySize::Constant(4),
            stride: 4,
        });
        let p = pipeline(&m);
        let opts = super::super::Options::default();
        let info = crate::valid::ModuleInfo::default();
        let mut w = Writer::new(&p, &info, &opts);
        let plain = w.type_id(a, Mode::Plain).expect("type");
        assert!(w.s.annotations.is_empty());
        let explicit = w.type_id(a, Mode::Explicit).expect("type");
        assert_ne!(plain, explicit);
        assert_eq!(
            w.s.annotations,
            vec![
                (4 << 16) | Op::Decorate as u32,
                explicit,
                Decoration::ArrayStride as u32,
                4
            ]
        );
    }

    #[test]
    fn invalid_handles_are_errors() {
        let m = Module::default();
        let p = pipeline(&m);
        let opts = super::super::Options::default();
        let info = crate::valid::ModuleInfo::default();
        let mut w = Writer::new(&p, &info, &opts);
        let e = w
            .type_id(Handle::from_index(5), Mode::Plain)
            .expect_err("no such type");
        assert!(e.to_string().contains("invalid type handle"), "{e}");
    }
}
