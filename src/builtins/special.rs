//! Builtins checked by dedicated code rather than type patterns: `bitcast`
//! (its overloads depend on the template argument), `arrayLength` and
//! `workgroupUniformLoad` (their parameters are pointers to arbitrary store
//! types).

use super::display::type_name;
use super::matcher::call_text;
use super::pattern::type_rank;
use super::{BuiltinDef, OverloadError, ResolvedCall, TemplateArg};
use crate::arena::Handle;
use crate::ir::{AddressSpace, ArraySize, Module, Scalar, Type, TypeInner, VectorSize};

/// A call's inputs, as given to [`super::resolve_call`].
pub(crate) struct Call<'a> {
    /// The row.
    pub def: &'static BuiltinDef,
    /// Template arguments.
    pub template_args: &'a [TemplateArg],
    /// Argument types.
    pub args: &'a [Handle<Type>],
    /// Values of const bool arguments.
    pub const_bool_args: &'a [Option<bool>],
}

impl Call<'_> {
    /// An error about the whole call.
    pub fn error(&self, message: String, notes: &[&str]) -> OverloadError {
        OverloadError {
            message,
            notes: notes.iter().map(|n| format!("candidate: {n}")).collect(),
            arg_index: None,
        }
    }

    /// An error blaming argument `index`.
    pub fn arg_error(&self, index: usize, message: String, notes: &[&str]) -> OverloadError {
        OverloadError {
            arg_index: Some(index),
            ..self.error(message, notes)
        }
    }

    /// `no matching call to 'name(args)'`.
    pub fn no_match(&self, module: &Module, notes: &[&str]) -> OverloadError {
        let message = format!(
            "no matching call to '{}'",
            call_text(module, self.def.name, self.args)
        );
        self.error(message, notes)
    }

    /// `no matching call to ...` with a first note saying how many
    /// arguments the builtin takes (`expected`) and how many it got.
    pub fn arity_error(&self, module: &Module, notes: &[&str], expected: usize) -> OverloadError {
        let takes = match expected {
            0 => "no argument".to_string(),
            1 => "1 argument".to_string(),
            n => format!("{n} arguments"),
        };
        let mut e = self.no_match(module, notes);
        e.notes.insert(
            0,
            format!(
                "'{}' takes {takes}, found {}",
                self.def.name,
                self.args.len()
            ),
        );
        e
    }

    /// A result with the table's op.
    pub fn resolved(
        &self,
        params: smallvec::SmallVec<[Handle<Type>; 4]>,
        result: Option<Handle<Type>>,
    ) -> ResolvedCall {
        ResolvedCall {
            params,
            result,
            op: self.def.op,
            matrix_form: None,
            layout: None,
        }
    }
}

/// The inner type of a handle (a dangling handle reads as `bool`, which no
/// pointer-taking rule accepts).
pub(crate) fn inner(module: &Module, ty: Handle<Type>) -> TypeInner {
    module
        .types
        .try_get(ty)
        .map(|t| t.inner.clone())
        .unwrap_or(TypeInner::Scalar(Scalar::Bool))
}

/// Readable `bitcast` overloads.
pub(crate) const BITCAST_SIGNATURES: &[&str] = &[
    "bitcast<T>(T) -> T  where T is f32, f16, i32 or u32, or vecN of those",
    "bitcast<T>(S) -> T  where S and T are f32, i32 or u32",
    "bitcast<vecN<T>>(vecN<S>) -> vecN<T>  where S and T are f32, i32 or u32",
    "bitcast<u32>(abstract-int) -> u32",
    "bitcast<vecN<u32>>(vecN<abstract-int>) -> vecN<u32>",
    "bitcast<T>(vec2<f16>) -> T  where T is f32, i32 or u32",
    "bitcast<vec2<T>>(vec4<f16>) -> vec2<T>  where T is f32, i32 or u32",
    "bitcast<vec2<f16>>(T) -> vec2<f16>  where T is f32, i32 or u32",
    "bitcast<vec4<f16>>(vec2<T>) -> vec4<f16>  where T is f32, i32 or u32",
];

const WORDS: [Scalar; 3] = [Scalar::F32, Scalar::I32, Scalar::U32];

fn shaped(size: Option<VectorSize>, scalar: Scalar) -> TypeInner {
    match size {
        None => TypeInner::Scalar(scalar),
        Some(size) => TypeInner::Vector { size, scalar },
    }
}

/// The source types `bitcast<target>` accepts.
fn bitcast_sources(target: &TypeInner) -> Vec<TypeInner> {
    let (size, scalar) = match *target {
        TypeInner::Scalar(s) => (None, s),
        TypeInner::Vector { size, scalar } => (Some(size), scalar),
        _ => return Vec::new(),
    };
    if !matches!(
        scalar,
        Scalar::F32 | Scalar::F16 | Scalar::I32 | Scalar::U32
    ) {
        return Vec::new();
    }
    let mut out = vec![target.clone()];
    if WORDS.contains(&scalar) {
        out.extend(WORDS.iter().map(|&s| shaped(size, s)));
        match size {
            None => out.push(shaped(Some(VectorSize::Bi), Scalar::F16)),
            Some(VectorSize::Bi) => out.push(shaped(Some(VectorSize::Quad), Scalar::F16)),
            Some(_) => {}
        }
        if scalar == Scalar::U32 {
            out.push(shaped(size, Scalar::AbstractInt));
        }
    } else {
        match size {
            Some(VectorSize::Bi) => out.extend(WORDS.iter().map(|&s| shaped(None, s))),
            Some(VectorSize::Quad) => {
                out.extend(WORDS.iter().map(|&s| shaped(Some(VectorSize::Bi), s)))
            }
            _ => {}
        }
    }
    out.dedup();
    out
}

/// `bitcast<T>(e)`.
pub(crate) fn bitcast(module: &mut Module, call: &Call) -> Result<ResolvedCall, OverloadError> {
    let target = match call.template_args {
        [TemplateArg::Type(t)] => *t,
        _ => {
            return Err(call.error(
                "'bitcast' requires one template argument: the result type".to_string(),
                BITCAST_SIGNATURES,
            ))
        }
    };
    let target_inner = inner(module, target);
    let sources = bitcast_sources(&target_inner);
    if sources.is_empty() {
        return Err(call.error(
            format!(
                "'bitcast' cannot produce '{}': the result type must be a concrete numeric scalar or vector",
                type_name(module, target)
            ),
            BITCAST_SIGNATURES,
        ));
    }
    let [arg] = call.args else {
        return Err(call.no_match(module, BITCAST_SIGNATURES));
    };
    let arg_inner = inner(module, *arg);
    let all_abstract = super::matcher::inner_is_abstract(&arg_inner);
    let best = sources
        .into_iter()
        .filter(|s| all_abstract || !super::matcher::inner_is_abstract(s))
        .filter_map(|s| type_rank(module, &arg_inner, &s).map(|r| (r, s)))
        .min_by_key(|(r, _)| *r);
    let Some((_, param)) = best else {
        let message = format!(
            "no matching call to 'bitcast<{}>({})'",
            type_name(module, target),
            type_name(module, *arg)
        );
        return Err(call.arg_error(0, message, BITCAST_SIGNATURES));
    };
    let param = module.intern(param);
    Ok(call.resolved(smallvec::smallvec![param], Some(target)))
}

/// Readable `arrayLength` overloads.
pub(crate) const ARRAY_LENGTH_SIGNATURES: &[&str] =
    &["arrayLength(ptr<storage, array<E>, AM>) -> u32  where AM is read or read_write"];

/// `arrayLength(p)`.
pub(crate) fn array_length(
    module: &mut Module,
    call: &Call,
) -> Result<ResolvedCall, OverloadError> {
    no_template(call)?;
    let [p] = call.args else {
        return Err(call.no_match(module, ARRAY_LENGTH_SIGNATURES));
    };
    let TypeInner::Pointer {
        base,
        space,
        access,
    } = inner(module, *p)
    else {
        return Err(call.arg_error(
            0,
            format!(
                "'arrayLength' requires a pointer to a runtime-sized array, found '{}'",
                type_name(module, *p)
            ),
            ARRAY_LENGTH_SIGNATURES,
        ));
    };
    if !matches!(
        inner(module, base),
        TypeInner::Array {
            size: ArraySize::Runtime,
            ..
        }
    ) {
        return Err(call.arg_error(
            0,
            format!(
                "'arrayLength' requires a pointer to a runtime-sized array, found '{}'",
                type_name(module, *p)
            ),
            ARRAY_LENGTH_SIGNATURES,
        ));
    }
    if space != AddressSpace::Storage || !access.can_read() {
        return Err(call.arg_error(
            0,
            format!(
                "'arrayLength' requires a pointer in the 'storage' address space with read access, found '{}'",
                type_name(module, *p)
            ),
            ARRAY_LENGTH_SIGNATURES,
        ));
    }
    let u32_ = module.intern(TypeInner::Scalar(Scalar::U32));
    Ok(call.resolved(smallvec::smallvec![*p], Some(u32_)))
}

/// Readable `workgroupUniformLoad` overloads.
pub(crate) const WORKGROUP_UNIFORM_LOAD_SIGNATURES: &[&str] = &[
    "workgroupUniformLoad(ptr<workgroup, T>) -> T  where T is concrete, fixed-footprint and has no atomics",
    "workgroupUniformLoad(ptr<workgroup, atomic<T>>) -> T  where T is i32 or u32",
];

/// Whether `ty` contains an atomic or a runtime-sized array.
fn has_atomic_or_runtime(module: &Module, ty: Handle<Type>, depth: u32) -> bool {
    if depth > 64 {
        return true;
    }
    match inner(module, ty) {
        TypeInner::Atomic { .. } | TypeInner::Pointer { .. } => true,
        TypeInner::Array { base, size, .. } => {
            size == ArraySize::Runtime || has_atomic_or_runtime(module, base, depth + 1)
        }
        TypeInner::Struct { members, .. } => members
            .iter()
            .any(|m| has_atomic_or_runtime(module, m.ty, depth + 1)),
        _ => false,
    }
}

/// `workgroupUniformLoad(p)`.
pub(crate) fn workgroup_uniform_load(
    module: &mut Module,
    call: &Call,
) -> Result<ResolvedCall, OverloadError> {
    no_template(call)?;
    let [p] = call.args else {
        return Err(call.no_match(module, WORKGROUP_UNIFORM_LOAD_SIGNATURES));
    };
    let TypeInner::Pointer { base, space, .. } = inner(module, *p) else {
        return Err(call.arg_error(
            0,
            format!(
                "'workgroupUniformLoad' requires a pointer, found '{}'",
                type_name(module, *p)
            ),
            WORKGROUP_UNIFORM_LOAD_SIGNATURES,
        ));
    };
    if space != AddressSpace::Workgroup {
        return Err(call.arg_error(
            0,
            format!(
                "'workgroupUniformLoad' requires a pointer in the 'workgroup' address space, found '{}'",
                space.wgsl_name()
            ),
            WORKGROUP_UNIFORM_LOAD_SIGNATURES,
        ));
    }
    // `ptr<workgroup, atomic<T>>`: an atomic load of T between the
    // barriers.
    if let TypeInner::Atomic { scalar, size: None } = inner(module, base) {
        let t = module.intern(TypeInner::Scalar(scalar));
        return Ok(call.resolved(smallvec::smallvec![*p], Some(t)));
    }
    if has_atomic_or_runtime(module, base, 0) {
        return Err(call.arg_error(
            0,
            format!(
                "'workgroupUniformLoad' cannot load '{}': the type must not contain atomics or runtime-sized arrays",
                type_name(module, base)
            ),
            WORKGROUP_UNIFORM_LOAD_SIGNATURES,
        ));
    }
    Ok(call.resolved(smallvec::smallvec![*p], Some(base)))
}

/// Rejects template arguments on builtins that take none.
pub(crate) fn no_template(call: &Call) -> Result<(), OverloadError> {
    if call.template_args.is_empty() {
        Ok(())
    } else {
        Err(call.error(
            format!("'{}' does not take template arguments", call.def.name),
            &[],
        ))
    }
}
