//! Which flags apply to which output format, and the checks of flag
//! combinations clap cannot express.
//!
//! The rule: a flag that only applies to other output formats is ignored
//! with a warning (the driver then leaves it out of the options); a
//! combination that cannot mean anything for the chosen format is a usage
//! error.

use crate::args::{Args, Format};
use crate::output::Target;
use crate::report::Reporter;

/// The formats of the SPIR-V backend.
fn is_spirv(format: Format) -> bool {
    matches!(format, Format::Spv | Format::Spvasm)
}

/// A format's name in messages.
fn describe(format: Format) -> &'static str {
    match format {
        Format::Spv => "binary SPIR-V",
        Format::Spvasm => "SPIR-V disassembly",
        Format::Wgsl => "WGSL",
        Format::Msl => "MSL",
    }
}

/// `a`, `a and b`, `a, b and c`.
fn list(names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [one] => (*one).to_string(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// The flags given of `flags` (name, given).
fn given<'a>(flags: &[(&'a str, bool)]) -> Vec<&'a str> {
    flags
        .iter()
        .filter(|(_, given)| *given)
        .map(|(name, _)| *name)
        .collect()
}

/// The flags of `args` that do not apply to `format`, with the outputs
/// they apply to: one (flags, "SPIR-V output (...)") group per family.
pub fn inapplicable(args: &Args, format: Format) -> Vec<(Vec<&'static str>, &'static str)> {
    let mut groups = Vec::new();
    if !is_spirv(format) {
        let flags = given(&[
            ("--spirv-version", args.spirv_version.is_some()),
            (
                "--spirv-cooperative-matrix",
                args.spirv_cooperative_matrix.is_some(),
            ),
            (
                "--spirv-nv-cooperative-matrix2",
                args.spirv_nv_cooperative_matrix2,
            ),
            (
                "--spirv-qcom-cooperative-matrix-conversion",
                args.spirv_qcom_cooperative_matrix_conversion,
            ),
            ("--spec-constants", args.spec_constants),
            (
                "--framebuffer-fetch-group",
                args.framebuffer_fetch_group.is_some(),
            ),
            ("--resource-table", args.resource_table.is_some()),
            ("-g/--debug-info", args.debug_info),
        ]);
        if !flags.is_empty() {
            groups.push((flags, "SPIR-V output (--format spv or spvasm)"));
        }
    }
    if format != Format::Msl {
        let flags = given(&[
            ("--msl-version", args.msl_version.is_some()),
            ("--msl-binding", !args.msl_binding.is_empty()),
            ("--msl-sizes-buffer", args.msl_sizes_buffer.is_some()),
        ]);
        if !flags.is_empty() {
            groups.push((flags, "MSL output (--format msl or -o FILE.metal)"));
        }
    }
    if format == Format::Wgsl {
        let flags = given(&[
            ("--entry-point", args.entry_point.is_some()),
            ("--no-bounds-checks", args.no_bounds_checks),
            ("--unroll", args.unroll.is_some()),
            ("--no-optimize", args.no_optimize),
            ("--external-texture", !args.external_texture.is_empty()),
            ("--print-ir-after", !args.print_ir_after.is_empty()),
            ("--reflect", args.reflect.is_some()),
        ]);
        if !flags.is_empty() {
            groups.push((
                flags,
                "SPIR-V and MSL output (WGSL output prints the module as written)",
            ));
        }
    }
    groups
}

/// Warns about the flags that do not apply to `format` and about a
/// `--format` that contradicts the output file's extension.
pub fn warn(args: &Args, format: Format, target: &Target, reporter: &Reporter) {
    if let (Some(chosen), Some(path)) = (args.format, target.file()) {
        if let Some(implied) = Format::from_extension(path) {
            if implied != chosen {
                reporter.warning(&format!(
                    "--format {} writes {} to `{}`, whose extension means {}",
                    format_name(chosen),
                    describe(chosen),
                    path.display(),
                    describe(implied)
                ));
            }
        }
    }
    if args.no_optimize && args.unroll.is_some() && format != Format::Wgsl {
        reporter.warning(
            "--unroll has no effect with --no-optimize (the unroll pass is left out): it is ignored",
        );
    }
    for (flags, applies_to) in inapplicable(args, format) {
        let (verb, pronoun) = if flags.len() == 1 {
            ("applies", "it is")
        } else {
            ("apply", "they are")
        };
        reporter.warning(&format!(
            "{} only {verb} to {applies_to}: {pronoun} ignored for {} output",
            list(&flags),
            describe(format)
        ));
    }
}

/// The `--format` value naming `format`.
fn format_name(format: Format) -> &'static str {
    match format {
        Format::Spv => "spv",
        Format::Spvasm => "spvasm",
        Format::Wgsl => "wgsl",
        Format::Msl => "msl",
    }
}

/// Combinations that are usage errors: NV cooperative matrix 2 extends the
/// KHR extension, not the NV one; `--reflect` to the output's own
/// destination or with `--validate-only`.
pub fn conflicts(args: &Args, format: Format, target: &Target) -> Result<(), String> {
    if let Some(reflect) = &args.reflect {
        let reflect = Target::new(Some(reflect));
        if format != Format::Wgsl && !args.validate_only {
            if reflect == Target::Stdout && *target == Target::Stdout {
                return Err("--reflect - writes the reflection to standard output, where the output goes: give the output a file (-o FILE) or the reflection one".into());
            }
            if reflect != Target::Stdout && reflect == *target {
                return Err(
                    "--reflect names the output file: give the reflection its own file".into(),
                );
            }
        }
        if args.validate_only {
            return Err("--reflect writes the reflection of the compiled output: it cannot be combined with --validate-only".into());
        }
    }
    if is_spirv(format)
        && args.spirv_nv_cooperative_matrix2
        && args
            .spirv_cooperative_matrix
            .is_some_and(|c| c.extension() == tessera::back::spv::CooperativeMatrixExtension::Nv)
    {
        return Err("--spirv-nv-cooperative-matrix2 only applies to SPIR-V output with KHR cooperative matrices (SPV_NV_cooperative_matrix2 extends SPV_KHR_cooperative_matrix), not with --spirv-cooperative-matrix nv".into());
    }
    if is_spirv(format)
        && args.spirv_qcom_cooperative_matrix_conversion
        && args
            .spirv_cooperative_matrix
            .is_some_and(|c| c.extension() == tessera::back::spv::CooperativeMatrixExtension::Nv)
    {
        return Err("--spirv-qcom-cooperative-matrix-conversion only applies to SPIR-V output with KHR cooperative matrices (SPV_QCOM_cooperative_matrix_conversion extends SPV_KHR_cooperative_matrix), not with --spirv-cooperative-matrix nv".into());
    }
    Ok(())
}

/// A repeatable `KEY=VALUE` flag whose key is given twice with different
/// values is a usage error (the same value twice is harmless). `noun`
/// precedes the values in the message (`buffer 4 and 5`).
pub fn repeated_keys<K: PartialEq + Clone, V: PartialEq + Clone>(
    flag: &str,
    noun: &str,
    entries: &[(K, V)],
    key_text: impl Fn(&K) -> String,
    value_text: impl Fn(&V) -> String,
) -> Result<(), String> {
    for (i, (key, value)) in entries.iter().enumerate() {
        if let Some((_, other)) = entries[..i].iter().find(|(k, _)| k == key) {
            if other != value {
                return Err(format!(
                    "{flag} {} is given twice ({noun}{} and {})",
                    key_text(key),
                    value_text(other),
                    value_text(value)
                ));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists() {
        assert_eq!(list(&["a"]), "a");
        assert_eq!(list(&["a", "b"]), "a and b");
        assert_eq!(list(&["a", "b", "c"]), "a, b and c");
    }

    #[test]
    fn repeated() {
        let text = |s: &&str| s.to_string();
        assert!(repeated_keys("--x", "", &[("a", "1"), ("a", "1")], text, text).is_ok());
        assert_eq!(
            repeated_keys(
                "--x",
                "v ",
                &[("a", "1"), ("b", "2"), ("a", "3")],
                text,
                text
            ),
            Err("--x a is given twice (v 1 and 3)".into())
        );
    }
}
