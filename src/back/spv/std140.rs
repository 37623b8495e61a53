//! std140-style decomposition of uniform-buffer matrices.
//!
//! Vulkan's standard uniform-buffer layout needs matrix column strides that
//! are multiples of 16, while WGSL packs e.g. `mat2x2<f32>` columns 8 bytes
//! apart. In the `Std140` flavour of a type (see [`Mode`]) such a matrix is
//! written as consecutive column-vector members of its enclosing struct (at
//! the WGSL offsets), or, as an array element or a buffer root, as a struct
//! of columns (whose offset is then a multiple of 16 by WGSL's uniform
//! rules).
//!
//! A pointer to such a matrix has no SPIR-V form: it is kept "split", as a
//! pointer to the containing struct plus the member index of the first
//! column (`FnCtx::split_ptrs`). Loads read the columns one by one; a
//! constant column index picks a member; a dynamic one copies the matrix to
//! a Function variable and indexes it there (`FnCtx::fn_ptrs` marks the
//! pointers that then live in the Function storage class).

use spirv::{Decoration, Op};

use super::builder::{inst, inst_str};
use super::function::FnCtx;
use super::modes::Mode;
use super::writer::{err, Writer, R};
use crate::arena::Handle;
use crate::ir::{AddressSpace, Expression, StructMember, Type, TypeInner};

impl Writer<'_> {
    /// Whether `ty` is a matrix whose column stride is not a multiple of 16.
    pub(super) fn is_std140_matrix(&self, ty: Handle<Type>) -> bool {
        match self.m.types.try_get(ty).map(|t| &t.inner) {
            Some(TypeInner::Matrix { rows, scalar, .. }) => {
                let l = crate::ir::layout::vector_layout(*rows, *scalar);
                crate::ir::layout::round_up(l.align, l.size) % 16 != 0
            }
            _ => false,
        }
    }

    /// Whether `ty` contains a matrix that needs decomposition in uniform
    /// buffers (memoised).
    pub(super) fn needs_std140(&mut self, ty: Handle<Type>) -> bool {
        if let Some(&b) = self.std140_cache.get(&ty) {
            return b;
        }
        let b = self.needs_std140_uncached(ty, 0);
        self.std140_cache.insert(ty, b);
        b
    }

    fn needs_std140_uncached(&self, ty: Handle<Type>, depth: u32) -> bool {
        if depth > 64 {
            return false;
        }
        match self.m.types.try_get(ty).map(|t| &t.inner) {
            Some(TypeInner::Matrix { .. }) => self.is_std140_matrix(ty),
            Some(TypeInner::Array { base, .. }) => self.needs_std140_uncached(*base, depth + 1),
            Some(TypeInner::Struct { members, .. }) => members
                .iter()
                .any(|mem| self.needs_std140_uncached(mem.ty, depth + 1)),
            _ => false,
        }
    }

    /// The column vector type id and column stride of a matrix type.
    pub(super) fn std140_column(&mut self, ty: Handle<Type>) -> R<(u32, u32)> {
        match self.m.types.try_get(ty).map(|t| &t.inner) {
            Some(&TypeInner::Matrix { rows, scalar, .. }) => {
                let l = crate::ir::layout::vector_layout(rows, scalar);
                let stride = crate::ir::layout::round_up(l.align, l.size);
                Ok((self.vector_type(scalar, rows.get()), stride))
            }
            _ => Err(crate::diagnostic::Error::without_location(
                "expected a matrix type",
            )),
        }
    }

    /// Emits the `Std140` flavour of a struct, recording where each IR member
    /// starts in the SPIR-V struct.
    pub(super) fn std140_struct(
        &mut self,
        ty: Handle<Type>,
        members: &[StructMember],
        block: bool,
    ) -> R<u32> {
        let mut words = vec![0u32];
        let mut offsets = Vec::with_capacity(members.len());
        let mut firsts = Vec::with_capacity(members.len());
        for mem in members {
            firsts.push(words.len() as u32 - 1);
            if self.is_std140_matrix(mem.ty) {
                let (col, stride) = self.std140_column(mem.ty)?;
                let columns = match self.m.inner(mem.ty) {
                    TypeInner::Matrix { columns, .. } => columns.get(),
                    _ => 0,
                };
                for i in 0..columns {
                    words.push(col);
                    offsets.push((mem.offset + i * stride, None));
                }
            } else {
                words.push(self.type_id(mem.ty, Mode::Std140)?);
                offsets.push((mem.offset, Some(mem.ty)));
            }
        }
        let id = self.s.id();
        words[0] = id;
        inst(&mut self.s.globals, Op::TypeStruct, &words);
        if let Some(name) = &self.m.types[ty].name {
            inst_str(&mut self.s.names, Op::Name, &[id], name, &[]);
        }
        for (mem, &first) in members.iter().zip(&firsts) {
            if !mem.name.is_empty() {
                inst_str(
                    &mut self.s.names,
                    Op::MemberName,
                    &[id, first],
                    &mem.name,
                    &[],
                );
            }
        }
        if block {
            inst(
                &mut self.s.annotations,
                Op::Decorate,
                &[id, Decoration::Block as u32],
            );
        }
        for (i, &(offset, mem_ty)) in offsets.iter().enumerate() {
            inst(
                &mut self.s.annotations,
                Op::MemberDecorate,
                &[id, i as u32, Decoration::Offset as u32, offset],
            );
            if let Some(t) = mem_ty {
                if !self.needs_std140(t) {
                    self.matrix_member_decorations(id, i as u32, t);
                }
            }
        }
        self.std140_members.insert(ty, firsts);
        Ok(id)
    }

    /// The SPIR-V member index of IR member `index` of struct `ty` in the
    /// flavour `mode`.
    pub(super) fn member_index(&mut self, ty: Handle<Type>, mode: Mode, index: u32) -> R<u32> {
        if !mode.is_std140() || !self.needs_std140(ty) {
            return Ok(index);
        }
        if !self.std140_members.contains_key(&ty) {
            self.type_id(ty, mode)?;
        }
        self.std140_members
            .get(&ty)
            .and_then(|v| v.get(index as usize))
            .copied()
            .ok_or_else(|| {
                crate::diagnostic::Error::without_location("struct member index out of range")
            })
    }

    /// Loads a decomposed matrix of type `ty` whose columns are members
    /// `first..` of the struct `base` points to.
    pub(super) fn load_columns(
        &mut self,
        cx: &mut FnCtx,
        base: u32,
        first: u32,
        ty: Handle<Type>,
    ) -> R<u32> {
        let (col, _) = self.std140_column(ty)?;
        let columns = match self.m.inner(ty) {
            TypeInner::Matrix { columns, .. } => columns.get(),
            _ => 0,
        };
        let ptr = self.pointer_type(spirv::StorageClass::Uniform, col);
        let mem = self.memory_operands(Some(AddressSpace::Uniform));
        let mut parts = Vec::with_capacity(columns as usize);
        for i in 0..columns {
            let idx = self.u32_const(first + i);
            let p = self.emit(cx, Op::AccessChain, ptr, &[base, idx]);
            parts.push(match mem {
                Some(m) => self.emit(cx, Op::Load, col, &[p, m]),
                None => self.emit(cx, Op::Load, col, &[p]),
            });
        }
        let plain = self.type_id(ty, Mode::Plain)?;
        Ok(self.emit(cx, Op::CompositeConstruct, plain, &parts))
    }

    /// The pointee of a pointer expression into uniform memory that is a
    /// decomposed matrix, if it is one.
    pub(super) fn std140_matrix_pointee(
        &self,
        cx: &FnCtx,
        h: Handle<Expression>,
    ) -> R<Option<Handle<Type>>> {
        match *self.inner(cx, h)? {
            TypeInner::Pointer {
                base,
                space: AddressSpace::Uniform,
                ..
            } if self.is_std140_matrix(base) => Ok(Some(base)),
            _ => Ok(None),
        }
    }

    /// An access (constant `index`, or the dynamic index id `dynamic`) into a
    /// split matrix pointer `base`, giving a pointer to a column.
    pub(super) fn split_matrix_access(
        &mut self,
        cx: &mut FnCtx,
        h: Handle<Expression>,
        base: Handle<Expression>,
        index: Result<u32, u32>,
    ) -> R<u32> {
        let Some(&(b, first)) = cx.split_ptrs.get(&(base.index() as u32)) else {
            return Err(err(
                "internal error: matrix pointer was not split",
                cx.span(h),
            ));
        };
        let Some(mat) = self.std140_matrix_pointee(cx, base)? else {
            return Err(err("expected a matrix pointer", cx.span(h)));
        };
        let (col, _) = self.std140_column(mat)?;
        match index {
            Ok(c) => {
                let columns = match self.m.inner(mat) {
                    TypeInner::Matrix { columns, .. } => columns.get(),
                    _ => 1,
                };
                let idx = self.u32_const(first + c.min(columns - 1));
                let ptr = self.pointer_type(spirv::StorageClass::Uniform, col);
                Ok(self.emit(cx, Op::AccessChain, ptr, &[b, idx]))
            }
            Err(i) => {
                let value = self.load_columns(cx, b, first, mat)?;
                let plain = self.type_id(mat, Mode::Plain)?;
                let var = self.temp_var(cx, plain);
                cx.raw(Op::Store, &[var, value]);
                let ptr = self.pointer_type(spirv::StorageClass::Function, col);
                cx.fn_ptrs.insert(h.index() as u32);
                Ok(self.emit(cx, Op::AccessChain, ptr, &[var, i]))
            }
        }
    }

    /// The pointer type of `h`, an access into `base`: a Function pointer
    /// when `base` points into a Function copy (recording `h` as such too).
    pub(super) fn relocated_pointer_type(
        &mut self,
        cx: &mut FnCtx,
        h: Handle<Expression>,
        base: Handle<Expression>,
        t: u32,
    ) -> R<u32> {
        if !cx.fn_ptrs.contains(&(base.index() as u32)) {
            return Ok(t);
        }
        cx.fn_ptrs.insert(h.index() as u32);
        match *self.inner(cx, h)? {
            TypeInner::Pointer { base: pointee, .. } => {
                let p = self.type_id(pointee, Mode::Plain)?;
                Ok(self.pointer_type(spirv::StorageClass::Function, p))
            }
            _ => Err(err("expected a pointer", cx.span(h))),
        }
    }

    /// `AccessIndex` on a pointer: member indices of decomposed structs are
    /// remapped, and decomposed matrices give split pointers.
    pub(super) fn pointer_access_index(
        &mut self,
        cx: &mut FnCtx,
        h: Handle<Expression>,
        base: Handle<Expression>,
        b: u32,
        t: u32,
        index: u32,
    ) -> R<u32> {
        if cx.split_ptrs.contains_key(&(base.index() as u32)) {
            return self.split_matrix_access(cx, h, base, Ok(index));
        }
        let t = self.relocated_pointer_type(cx, h, base, t)?;
        let mut spv_index = index;
        let mut in_struct = false;
        if let TypeInner::Pointer {
            base: pointee,
            space: AddressSpace::Uniform,
            ..
        } = *self.inner(cx, base)?
        {
            if matches!(self.m.inner(pointee), TypeInner::Struct { .. })
                && !cx.fn_ptrs.contains(&(base.index() as u32))
            {
                in_struct = true;
                spv_index = self.member_index(pointee, Mode::Std140, index)?;
            }
        }
        let is_matrix = self.std140_matrix_pointee(cx, h)?.is_some()
            && !cx.fn_ptrs.contains(&(h.index() as u32));
        if is_matrix && in_struct {
            cx.split_ptrs.insert(h.index() as u32, (b, spv_index));
            return Ok(b);
        }
        let i = self.u32_const(spv_index);
        let id = self.emit(cx, Op::AccessChain, t, &[b, i]);
        if is_matrix {
            cx.split_ptrs.insert(h.index() as u32, (id, 0));
        }
        Ok(id)
    }
}
