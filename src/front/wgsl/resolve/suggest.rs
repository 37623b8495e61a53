//! The names the resolver suggests for a misspelt one ("did you mean"):
//! what is in scope for a value, a function or a type, and the fixed
//! spellings of builtin values, extensions, address spaces and access
//! modes. The closeness rule is in `crate::suggest`.

use super::super::ast::GlobalDecl;
use super::Resolver;

/// The builtin values `@builtin(...)` accepts (compute ones, and the
/// render-stage ones, which are reported as unsupported rather than
/// unknown).
pub(crate) const BUILTIN_VALUES: &[&str] = &[
    "local_invocation_id",
    "local_invocation_index",
    "global_invocation_id",
    "workgroup_id",
    "num_workgroups",
    "subgroup_invocation_id",
    "subgroup_size",
    "subgroup_id",
    "num_subgroups",
    "position",
    "vertex_index",
    "instance_index",
    "front_facing",
    "frag_depth",
    "sample_index",
    "sample_mask",
    "clip_distances",
    "primitive_index",
    "barycentric_coord",
];

/// The extensions `enable` accepts.
pub(crate) const EXTENSIONS: &[&str] = &[
    "f16",
    "subgroups",
    "chromium_experimental_subgroup_matrix",
    "subgroup_matrix",
    "clip_distances",
    "dual_source_blending",
    "primitive_index",
    "chromium_experimental_barycentric_coord",
    "atomic_vec2u_min_max",
    "chromium_experimental_framebuffer_fetch",
    "chromium_internal_input_attachments",
    "chromium_experimental_resource_table",
    "resource_table",
    "chromium_experimental_pixel_local",
    "subgroup_size_control",
    "wgpu_cooperative_matrix",
    "tessera_experimental_subgroup_matrix",
    "tessera_experimental_bf16",
    "tessera_experimental_cooperative_vector",
    "chromium_disable_uniformity_analysis",
];

/// The address spaces that can be written.
pub(crate) const ADDRESS_SPACES: &[&str] = &[
    "function",
    "private",
    "workgroup",
    "uniform",
    "storage",
    "immediate",
    "pixel_local",
];

/// The access modes.
pub(crate) const ACCESS_MODES: &[&str] = &["read", "write", "read_write"];

/// The names of the predeclared types and type generators that can be
/// written.
pub(crate) fn predeclared_type_names() -> Vec<String> {
    let mut names: Vec<String> = [
        "bool",
        "i32",
        "u32",
        "f32",
        "f16",
        "i8",
        "u8",
        "vec2",
        "vec3",
        "vec4",
        "array",
        "atomic",
        "ptr",
        "subgroup_matrix_left",
        "subgroup_matrix_right",
        "subgroup_matrix_result",
        "texture_1d",
        "texture_2d",
        "texture_2d_array",
        "texture_3d",
        "texture_cube",
        "texture_cube_array",
        "texture_multisampled_2d",
        "texture_depth_2d",
        "texture_depth_2d_array",
        "texture_depth_cube",
        "texture_depth_cube_array",
        "texture_depth_multisampled_2d",
        "texture_storage_1d",
        "texture_storage_2d",
        "texture_storage_2d_array",
        "texture_storage_3d",
        "texture_external",
        "sampler",
        "sampler_comparison",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    for n in 2..=4 {
        for s in ["f", "h", "i", "u"] {
            names.push(format!("vec{n}{s}"));
        }
        for r in 2..=4 {
            names.push(format!("mat{n}x{r}"));
            for s in ["f", "h"] {
                names.push(format!("mat{n}x{r}{s}"));
            }
        }
    }
    names
}

impl<'a> Resolver<'_, 'a> {
    /// Module-scope names of the declarations `keep` accepts.
    fn module_names(&self, keep: impl Fn(&GlobalDecl<'a>) -> bool) -> Vec<&'a str> {
        self.names
            .iter()
            .filter(|(_, &i)| keep(&self.tu.decls[i]))
            .map(|(&name, _)| name)
            .collect()
    }

    /// Names that can be used as values here: locals and parameters in
    /// scope, and module-scope `const`, `override` and `var` declarations.
    pub(crate) fn value_names(&self) -> Vec<&'a str> {
        let mut names = self.module_names(|d| {
            matches!(
                d,
                GlobalDecl::Var(_) | GlobalDecl::Const(_) | GlobalDecl::Override(_)
            )
        });
        if let Some(f) = &self.f {
            names.extend(f.scopes.names());
        }
        names
    }

    /// Names that can be called: user functions, user types (value
    /// constructors), builtin functions and predeclared types.
    pub(crate) fn callable_names(&self) -> Vec<String> {
        let mut names: Vec<String> = self
            .module_names(|d| {
                matches!(
                    d,
                    GlobalDecl::Fn(_) | GlobalDecl::Struct(_) | GlobalDecl::Alias(_)
                )
            })
            .into_iter()
            .map(str::to_string)
            .collect();
        names.extend(crate::builtins::all().iter().map(|b| b.name.to_string()));
        names.extend(predeclared_type_names());
        names
    }

    /// Names of types: user structs and aliases, and predeclared types.
    pub(crate) fn type_names(&self) -> Vec<String> {
        let mut names: Vec<String> = self
            .module_names(|d| matches!(d, GlobalDecl::Struct(_) | GlobalDecl::Alias(_)))
            .into_iter()
            .map(str::to_string)
            .collect();
        names.extend(predeclared_type_names());
        names
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::front::wgsl::parse_str;

    /// The error messages of `src`.
    fn errors(src: &str) -> Vec<String> {
        match parse_str(src) {
            Ok(_) => Vec::new(),
            Err(e) => e.errors().map(|d| d.message.clone()).collect(),
        }
    }

    #[test]
    fn predeclared_types_are_types() {
        let names = predeclared_type_names();
        assert!(names.iter().any(|n| n == "vec3f"));
        assert!(names.iter().any(|n| n == "mat4x4h"));
        for n in &names {
            assert!(
                super::super::types::is_predeclared_type(n),
                "'{n}' is not a predeclared type"
            );
        }
    }

    #[test]
    fn listed_extensions_are_known() {
        for e in EXTENSIONS {
            let errs = errors(&format!("enable {e};"));
            assert!(
                errs.iter().all(|m| !m.starts_with("unknown extension")),
                "{e}: {errs:?}"
            );
        }
    }

    #[test]
    fn listed_builtin_values_are_known() {
        for b in BUILTIN_VALUES {
            let src = format!(
                "enable subgroups;\n@compute @workgroup_size(1) fn main(@builtin({b}) x: u32) {{}}"
            );
            let errs = errors(&src);
            assert!(
                errs.iter().all(|m| !m.starts_with("unknown builtin value")),
                "{b}: {errs:?}"
            );
        }
    }

    #[test]
    fn listed_spaces_and_access_modes_are_known() {
        for s in ADDRESS_SPACES {
            let errs = errors(&format!("fn f(p: ptr<{s}, i32>) {{}}"));
            assert!(
                errs.iter().all(|m| !m.starts_with("unknown address space")),
                "{s}: {errs:?}"
            );
        }
        for a in ACCESS_MODES {
            let errs = errors(&format!("fn f(p: ptr<storage, i32, {a}>) {{}}"));
            assert!(
                errs.iter().all(|m| !m.starts_with("unknown access mode")),
                "{a}: {errs:?}"
            );
        }
    }
}
