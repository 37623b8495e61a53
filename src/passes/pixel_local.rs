//! `pixel_local` variables (`enable chromium_experimental_pixel_local;`)
//! have no lowering on either target, as in Tint (whose SPIR-V and MSL
//! writers reject the address space too): this pass, first in each
//! backend's list, names the first one a function of the pipeline uses.
//! A module that declares one but never uses it compiles.

use crate::diagnostic::{Diagnostic, Error};
use crate::ir::{AddressSpace, Expression};
use crate::pipeline::Pipeline;

/// Rejects a `pixel_local` variable for `target` (`SPIR-V`, `MSL`).
pub fn reject(p: &mut Pipeline, target: &str) -> Result<(), Error> {
    let m = &p.module;
    let used = m.functions.iter().find_map(|(_, f)| {
        f.expressions.iter().find_map(|(_, e)| match *e {
            Expression::GlobalVariable(g)
                if m.global_variables
                    .try_get(g)
                    .is_some_and(|v| v.space == AddressSpace::PixelLocal) =>
            {
                Some(g)
            }
            _ => None,
        })
    });
    match used {
        Some(h) => Err(Diagnostic::error(
            format!("the 'pixel_local' address space is not supported by the {target} backend"),
            p.module.global_variables.span(h),
        )
        .with_note(
            "Tint's SPIR-V and MSL writers reject it too (chromium_experimental_pixel_local)",
        )
        .into()),
        None => Ok(()),
    }
}
