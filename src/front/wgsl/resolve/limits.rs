//! The WGSL spec's "Limits" section: shader complexity an implementation
//! must support, beyond which it may refuse a shader. tessera refuses, with
//! a shader-creation error naming the limit, at the spec's values for
//! structure members, function parameters and case selectors, at Tint's
//! (Chrome's) value for composite nesting depth (255, where the spec asks
//! for at least 15), and at larger values (the spec's numbers are minimums)
//! where real shaders need more: Tint's test corpus has a 2310-element
//! constant array (`const/array/large_array.wgsl`) and 131068-byte
//! function and private variables (`bug/chromium/1367602_*`).
//! Brace nesting is bounded by the parser (`MAX_NESTING_DEPTH`, 128), and
//! the private-variable limit per entry point is checked by the validator
//! ([`crate::valid`]), which knows what each entry point uses.

use super::{err, Res, Resolver};
use crate::arena::Handle;
use crate::ir::{Type, TypeInner};
use crate::span::Span;

/// Members of one structure type (spec: 1023).
pub const MAX_STRUCT_MEMBERS: usize = 1023;
/// Nesting depth of a composite type (spec: at least 15). Tint, and so
/// Chrome, accepts 255 (`kMaxNestDepthOfCompositeType`), so tessera does
/// too: every walk over types is linear in the number of types, not in the
/// number of members a value unfolds into (layouts share one node per
/// type, see [`crate::pipeline::HostLayout`]).
pub const MAX_COMPOSITE_NESTING: u32 = 255;
/// Parameters of one function (spec: 255).
pub const MAX_FUNCTION_PARAMETERS: usize = 255;
/// Case selector values of one `switch`, `default` included (spec: 1023).
pub const MAX_CASE_SELECTORS: usize = 1023;
/// Elements of an array value constructor (spec: 2047).
pub const MAX_ARRAY_CONSTRUCTOR_ELEMENTS: usize = 32767;
/// Combined byte size of the function-scope variables of one function
/// (spec: 8192).
pub const MAX_FUNCTION_VARIABLE_BYTES: u64 = 1 << 20;

impl Resolver<'_, '_> {
    /// The spec's nesting depth of `ty` (0 for non-composites), each type
    /// computed once.
    pub(crate) fn nest_depth(&mut self, ty: Handle<Type>) -> u32 {
        if let Some(&d) = self.nest_depths.get(&ty) {
            return d;
        }
        let d = match self.module.inner(ty) {
            TypeInner::Vector { .. } => 1,
            TypeInner::Matrix { .. } => 2,
            &TypeInner::Array { base, .. } => 1 + self.nest_depth(base),
            TypeInner::Struct { members, .. } => {
                // The member types only (not a clone of the whole type,
                // member names included).
                let tys: Vec<Handle<Type>> = members.iter().map(|m| m.ty).collect();
                let mut deepest = 0;
                for t in tys {
                    deepest = deepest.max(self.nest_depth(t));
                }
                1 + deepest
            }
            _ => 0,
        };
        self.nest_depths.insert(ty, d);
        d
    }

    /// Refuses a composite type nested more deeply than
    /// [`MAX_COMPOSITE_NESTING`].
    pub(crate) fn check_nesting(&mut self, ty: Handle<Type>, span: Span) -> Res<()> {
        let d = self.nest_depth(ty);
        if d > MAX_COMPOSITE_NESTING {
            return err(
                format!(
                    "composite type is nested {d} levels deep, more than the limit of {MAX_COMPOSITE_NESTING}"
                ),
                span,
            );
        }
        Ok(())
    }
}
