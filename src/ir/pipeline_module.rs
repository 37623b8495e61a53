//! What a printer reads: one pipeline's module after the pipeline step and
//! the target's passes ([`PipelineModule`]), and the specialization
//! constants the pipeline step left symbolic ([`SpecConstant`]). Plain
//! data, so the printers (`back`) need nothing from the pipeline step or
//! the passes.

use crate::arena::Handle;

use super::{ConstValue, Literal, Module};

/// An override emitted as a specialization constant of its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SpecConstant {
    /// The `SpecId` decoration: the `@id`, or an id the pipeline step
    /// assigned (`pipeline::spec::assign_ids`).
    pub spec_id: u32,
    /// The literal of the `OpSpecConstant`: the override's default, or the
    /// zero value of its type when it has none.
    pub default: Literal,
    /// Whether the override declares a default; without one the
    /// application must supply a value.
    pub has_default: bool,
}

/// One pipeline's module as a printer reads it (`pipeline::Pipeline::printed`
/// makes one): the IR with the chosen entry points, the values the
/// pipeline step computed, and its specialization constants.
#[derive(Clone, Copy, Debug)]
pub struct PipelineModule<'a> {
    /// The module, lowered for the target.
    pub module: &'a Module,
    /// The chosen entry points (indices into `module.entry_points`).
    pub entry_points: &'a [usize],
    /// The value of every global expression, parallel to
    /// `module.global_expressions`; `None` where it reads a specialization
    /// constant.
    pub global_values: &'a [Option<Handle<ConstValue>>],
    /// The value of every override, parallel to `module.overrides`; `None`
    /// for a specialization constant or an override derived from one.
    pub override_values: &'a [Option<Handle<ConstValue>>],
    /// Per override, its specialization constant, when it is one (empty
    /// when the pipeline has none).
    pub spec_constants: &'a [Option<SpecConstant>],
}
