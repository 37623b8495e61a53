//! `texture_external`: the binding points of its planes and parameters
//! buffer (`PipelineOptions::external_textures`, the defaults tessera
//! picks otherwise, and their reflection), the variables the
//! `external-texture` pass leaves for each backend, and the errors for
//! given binding points that collide. Snapshots of a full module:
//! `tests/in/texture_external.wgsl`.

#[path = "common/check.rs"]
mod check;

use std::collections::BTreeMap;

use check::{check_error_with, check_ok_with};
use tessera::ir::{AddressSpace, ImageClass, ResourceBinding, TypeInner};
use tessera::pipeline::{
    process, ExternalTextureBindings, ExternalTextureReflection, Pipeline, PipelineOptions,
};

fn rb(group: u32, binding: u32) -> ResourceBinding {
    ResourceBinding { group, binding }
}

fn pipeline(source: &str, options: &PipelineOptions) -> Pipeline {
    let parsed = tessera::front::wgsl::parse_str(source).unwrap_or_else(|e| panic!("{e:?}"));
    let info = tessera::valid::validate(&parsed.module).unwrap_or_else(|e| panic!("{e:?}"));
    process(&parsed.module, &info, options).unwrap_or_else(|e| panic!("{e:?}"))
}

/// The module-scope variables after the SPIR-V backend's passes: name,
/// address space and binding point.
fn lowered_globals(p: &Pipeline) -> Vec<(String, AddressSpace, Option<ResourceBinding>)> {
    let mut lowered = p.clone();
    tessera::lower::spv::lower(
        &mut lowered,
        &tessera::back::spv::Options::default(),
        &mut |_, _| {},
    )
    .unwrap_or_else(|e| panic!("{e:?}"));
    let m = &lowered.module;
    let external = |ty| {
        matches!(
            m.types[ty].inner,
            TypeInner::Image {
                class: ImageClass::External,
                ..
            }
        )
    };
    assert!(
        m.global_variables.iter().all(|(_, v)| !external(v.ty)),
        "a texture_external variable survived the pass"
    );
    for (_, f) in m.functions.iter() {
        assert!(
            f.arguments.iter().all(|a| !external(a.ty))
                && f.expression_types.iter().all(|&t| !external(t)),
            "a texture_external value survived the pass in '{}'",
            f.name
        );
    }
    lowered
        .module
        .global_variables
        .iter()
        .map(|(_, v)| (v.name.clone(), v.space, v.binding))
        .collect()
}

const TWO_GROUPS: &str = "
@group(0) @binding(0) var a: texture_external;
@group(0) @binding(3) var s: sampler;
@group(1) @binding(5) var b: texture_external;
@group(1) @binding(1) var<storage, read_write> out: array<vec4f, 2>;
@compute @workgroup_size(1) fn main() {
    out[0] = textureLoad(a, vec2u(0u));
    out[1] = textureSampleBaseClampToEdge(b, s, vec2f(0.5));
}
@compute @workgroup_size(1) fn only_a() {
    out[0] = textureLoad(a, vec2u(0u));
}
";

#[test]
fn default_bindings_follow_the_highest_of_each_group() {
    let p = pipeline(TWO_GROUPS, &PipelineOptions::default());
    let main = &p.reflection.entry_points[0];
    let expect_a = ExternalTextureReflection {
        name: "a".into(),
        plane0: rb(0, 0),
        bindings: ExternalTextureBindings {
            plane1: rb(0, 4),
            params: rb(0, 5),
        },
        defaulted: true,
    };
    let expect_b = ExternalTextureReflection {
        name: "b".into(),
        plane0: rb(1, 5),
        bindings: ExternalTextureBindings {
            plane1: rb(1, 6),
            params: rb(1, 7),
        },
        defaulted: true,
    };
    assert_eq!(main.external_textures, [expect_a.clone(), expect_b]);
    // Only the textures an entry point uses are reflected for it.
    assert_eq!(p.reflection.entry_points[1].external_textures, [expect_a]);
    // The parameters buffers are uniform buffers of 272 bytes.
    let params: Vec<(String, u32, u32, u64)> = main
        .bindings
        .iter()
        .filter(|b| b.space == AddressSpace::Uniform)
        .map(|b| (b.name.clone(), b.group, b.binding, b.min_binding_size))
        .collect();
    assert_eq!(
        params,
        [
            ("a_params".to_string(), 0, 5, 272),
            ("b_params".to_string(), 1, 7, 272)
        ]
    );
    let globals = lowered_globals(&p);
    for (name, space, at) in [
        ("a", AddressSpace::Handle, rb(0, 0)),
        ("a_plane1", AddressSpace::Handle, rb(0, 4)),
        ("a_params", AddressSpace::Uniform, rb(0, 5)),
        ("b", AddressSpace::Handle, rb(1, 5)),
        ("b_plane1", AddressSpace::Handle, rb(1, 6)),
        ("b_params", AddressSpace::Uniform, rb(1, 7)),
    ] {
        assert!(
            globals.contains(&(name.to_string(), space, Some(at))),
            "no {name} at {at:?} in {globals:?}"
        );
    }
}

#[test]
fn given_bindings_are_used_and_defaults_avoid_them() {
    let mut options = PipelineOptions::default();
    options.external_textures.insert(
        rb(1, 5),
        ExternalTextureBindings {
            plane1: rb(0, 7),
            params: rb(2, 0),
        },
    );
    let p = pipeline(TWO_GROUPS, &options);
    let main = &p.reflection.entry_points[0];
    assert_eq!(
        main.external_textures
            .iter()
            .map(|r| (r.name.as_str(), r.bindings, r.defaulted))
            .collect::<Vec<_>>(),
        [
            // Group 0's highest binding is now the given 7.
            (
                "a",
                ExternalTextureBindings {
                    plane1: rb(0, 8),
                    params: rb(0, 9),
                },
                true
            ),
            (
                "b",
                ExternalTextureBindings {
                    plane1: rb(0, 7),
                    params: rb(2, 0),
                },
                false
            ),
        ]
    );
    let globals = lowered_globals(&p);
    assert!(globals.contains(&("b_plane1".into(), AddressSpace::Handle, Some(rb(0, 7)))));
    assert!(globals.contains(&("b_params".into(), AddressSpace::Uniform, Some(rb(2, 0)))));
}

#[test]
fn msl_binds_the_planes_and_parameters() {
    let p = pipeline(TWO_GROUPS, &PipelineOptions::default());
    let msl = tessera::lower::msl::write(&p, &tessera::back::msl::Options::default())
        .unwrap_or_else(|e| panic!("{e:?}"));
    for needle in [
        "a_plane1 [[texture(",
        "constant ExternalTextureParams& a_params [[buffer(",
        "b_plane1 [[texture(",
    ] {
        assert!(msl.contains(needle), "no `{needle}` in\n{msl}");
    }
    assert!(!msl.contains("texture_external"), "{msl}");
}

#[test]
fn no_external_textures_no_change() {
    let src = "@group(0) @binding(0) var<storage, read_write> out: u32;
@compute @workgroup_size(1) fn main() { out = 1u; }";
    let p = pipeline(src, &PipelineOptions::default());
    assert!(p.external_textures.is_empty());
    assert!(p.reflection.entry_points[0].external_textures.is_empty());
}

const COLLIDE: &str = "@group(0) @binding(0) var t: texture_external;
@group(0) @binding(1) var s: sampler;
@group(0) @binding(2) var<storage, read_write> out: vec4f;
@group(0) @binding(3) var<storage, read_write> other: vec4f;
@compute @workgroup_size(1) fn main() { out = textureSampleBaseClampToEdge(t, s, vec2f(0.5)); }
@compute @workgroup_size(1) fn unrelated() { other = vec4f(1.0); }
";

fn given(plane1: ResourceBinding, params: ResourceBinding) -> PipelineOptions {
    PipelineOptions {
        external_textures: BTreeMap::from([(rb(0, 0), ExternalTextureBindings { plane1, params })]),
        ..PipelineOptions::default()
    }
}

#[test]
fn plane1_collides_with_a_sampler() {
    check_error_with(
        COLLIDE,
        &given(rb(0, 1), rb(0, 9)),
        "@group(0) @binding(1) given for plane 1 of external texture 't' is already used by 's'",
        "@group(0) @binding(0) var t: texture_external",
    );
}

#[test]
fn params_collide_with_a_buffer() {
    check_error_with(
        COLLIDE,
        &given(rb(0, 9), rb(0, 2)),
        "@group(0) @binding(2) given for the parameters buffer of external texture 't' is already used by 'out'",
        "@group(0) @binding(0) var t: texture_external",
    );
}

#[test]
fn params_collide_with_plane0() {
    check_error_with(
        COLLIDE,
        &given(rb(0, 9), rb(0, 0)),
        "@group(0) @binding(0) given for the parameters buffer of external texture 't' is already used by 't' itself (plane 0)",
        "@group(0) @binding(0) var t: texture_external",
    );
}

#[test]
fn plane1_and_params_collide() {
    check_error_with(
        COLLIDE,
        &given(rb(0, 9), rb(0, 9)),
        "plane 1 and the parameters buffer of external texture 't' are both given @group(0) @binding(9)",
        "@group(0) @binding(0) var t: texture_external",
    );
}

#[test]
fn a_resource_of_another_entry_point_does_not_collide() {
    // `other` (binding 3) is used only by `unrelated`.
    check_ok_with(COLLIDE, &given(rb(0, 3), rb(1, 0)));
}

#[test]
fn two_external_textures_given_the_same_plane1() {
    let src = "@group(0) @binding(0) var t: texture_external;
@group(0) @binding(1) var u: texture_external;
@group(0) @binding(2) var<storage, read_write> out: vec4f;
@compute @workgroup_size(1) fn main() { out = textureLoad(t, vec2u(0u)) + textureLoad(u, vec2u(0u)); }
";
    let mut options = PipelineOptions::default();
    options.external_textures.insert(
        rb(0, 0),
        ExternalTextureBindings {
            plane1: rb(0, 5),
            params: rb(0, 6),
        },
    );
    options.external_textures.insert(
        rb(0, 1),
        ExternalTextureBindings {
            plane1: rb(0, 5),
            params: rb(0, 7),
        },
    );
    check_error_with(
        src,
        &options,
        "@group(0) @binding(5) given for plane 1 of external texture 't' is already used by plane 1 of external texture 'u'",
        "@group(0) @binding(0) var t: texture_external",
    );
}

#[test]
fn printers_reject_an_unlowered_external_texture() {
    // Printing without the backends' passes (`lower`) reaches the
    // printers' internal-error guards.
    let p = pipeline(TWO_GROUPS, &PipelineOptions::default());
    let info = tessera::valid::analyze(&p.module);
    let e = tessera::back::spv::print(&p.printed(), &info, &tessera::back::spv::Options::default())
        .expect_err("unlowered texture_external");
    assert!(
        e.errors().any(|d| d
            .message
            .contains("texture_external must be lowered before the SPIR-V writer")),
        "{e:?}"
    );
    let e = tessera::back::msl::print(&p.printed(), &info, &tessera::back::msl::Options::default())
        .expect_err("unlowered texture_external");
    assert!(
        e.errors().any(|d| d
            .message
            .contains("`texture_external` reached the MSL writer without being lowered")),
        "{e:?}"
    );
}
