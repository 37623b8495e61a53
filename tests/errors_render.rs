//! Negative tests for vertex and fragment stages: IO attributes, builtin
//! values, stage rules, `discard` and the derivative builtins. Each source
//! must fail with a given message and a primary span covering exactly the
//! given text.

#[macro_use]
#[path = "common/check.rs"]
mod check;

use check::check_error;

// ---- resolver: attributes -------------------------------------------------

t!(
    two_stage_attributes,
    "@vertex @fragment fn f() -> @builtin(position) vec4f { return vec4f(); }\n",
    "only one shader stage attribute",
    "@fragment"
);
t!(
    workgroup_size_on_vertex,
    "@vertex @workgroup_size(1) fn f() -> @builtin(position) vec4f { return vec4f(); }\n",
    "@workgroup_size is only valid on compute entry points",
    "@workgroup_size(1)"
);
t!(
    location_and_builtin,
    "@fragment fn f(@builtin(position) @location(0) p: vec4f) {}\n",
    "@location cannot be used together with @builtin",
    "@location(0)"
);
t!(
    duplicate_location,
    "@fragment fn f(@location(0) @location(1) p: vec4f) {}\n",
    "duplicate @location attribute",
    "@location(1)"
);
t!(
    location_on_struct_type,
    "struct S { a: f32 }\n@fragment fn f(@location(0) s: S) {}\n",
    "@location can only be applied to a numeric scalar or vector, not 'S'",
    "@location(0)"
);
t!(
    location_on_bool,
    "@fragment fn f(@location(0) b: bool) {}\n",
    "@location can only be applied to a numeric scalar or vector, not 'bool'",
    "@location(0)"
);
t!(
    location_negative,
    "@fragment fn f(@location(-1) x: f32) {}\n",
    "@location value -1 must be non-negative",
    "-1"
);
t!(
    interpolate_without_location,
    "@fragment fn f(@interpolate(flat) x: u32) {}\n",
    "@interpolate can only be applied to a declaration with a @location attribute",
    "@interpolate(flat)"
);
t!(
    interpolate_on_builtin,
    "@fragment fn f(@builtin(position) @interpolate(linear) p: vec4f) {}\n",
    "@interpolate can only be applied to a declaration with a @location attribute",
    "@interpolate(linear)"
);
t!(
    interpolate_unknown_type,
    "@fragment fn f(@location(0) @interpolate(cubic) x: f32) {}\n",
    "unknown interpolation type 'cubic'",
    "cubic"
);
t!(
    interpolate_unknown_sampling,
    "@fragment fn f(@location(0) @interpolate(linear, middle) x: f32) {}\n",
    "unknown interpolation sampling 'middle'",
    "middle"
);
t!(
    interpolate_flat_center,
    "@fragment fn f(@location(0) @interpolate(flat, center) x: f32) {}\n",
    "interpolation sampling 'center' cannot be used with interpolation type 'flat'",
    "center"
);
t!(
    interpolate_linear_first,
    "@fragment fn f(@location(0) @interpolate(linear, first) x: f32) {}\n",
    "interpolation sampling 'first' cannot be used with interpolation type 'linear'",
    "first"
);
t!(
    interpolate_too_many_args,
    "@fragment fn f(@location(0) @interpolate(linear, center, sample) x: f32) {}\n",
    "@interpolate requires one or two arguments",
    "@interpolate(linear, center, sample)"
);
t!(
    interpolate_integer_not_flat,
    "@fragment fn f(@location(0) @interpolate(perspective) x: i32) {}\n",
    "interpolation type must be 'flat' for integral user-defined IO, found 'perspective'",
    "perspective"
);
t!(
    invariant_on_location,
    "@fragment fn f(@location(0) @invariant x: f32) {}\n",
    "@invariant can only be applied to the 'position' builtin value",
    "@invariant"
);
t!(
    invariant_on_other_builtin,
    "@fragment fn f(@builtin(front_facing) @invariant x: bool) {}\n",
    "@invariant can only be applied to the 'position' builtin value",
    "@invariant"
);
t!(
    blend_src_without_extension,
    "struct O { @location(0) @blend_src(0) a: vec4f, @location(0) @blend_src(1) b: vec4f }\n",
    "@blend_src requires enabling extension 'dual_source_blending'",
    "blend_src"
);
t!(
    blend_src_on_parameter,
    "enable dual_source_blending;\n@fragment fn f() -> @location(0) @blend_src(0) vec4f { return vec4f(); }\n",
    "@blend_src can only be applied to a structure member",
    "@blend_src(0)"
);
t!(
    blend_src_out_of_range,
    "enable dual_source_blending;\nstruct O { @location(0) @blend_src(2) a: vec4f, @location(0) @blend_src(1) b: vec4f }\n",
    "@blend_src value must be 0 or 1, found 2",
    "@blend_src(2)"
);
t!(
    blend_src_single_member,
    "enable dual_source_blending;\nstruct O { @location(0) @blend_src(0) a: vec4f, @location(1) b: vec4f }\n",
    "must have exactly two members with @location",
    "@location(0)"
);
t!(
    blend_src_different_types,
    "enable dual_source_blending;\nstruct O { @location(0) @blend_src(0) a: vec4f, @location(0) @blend_src(1) b: vec4i }\n",
    "the members with @blend_src must have the same type",
    "@location(0)"
);
t!(
    blend_src_without_location,
    "enable dual_source_blending;\nstruct O { @blend_src(0) a: vec4f }\n",
    "@blend_src can only be applied to a declaration with a @location attribute",
    "@blend_src(0)"
);
t!(
    struct_duplicate_location,
    "struct S { @location(1) a: f32, @location(1) b: f32 }\n",
    "@location(1) is used by more than one structure member",
    "@location(1)"
);
t!(
    io_attribute_on_plain_function,
    "fn g(@location(0) x: f32) {}\n",
    "attribute '@location' is only valid on entry point parameters",
    "location"
);
t!(
    io_attribute_on_plain_result,
    "fn g() -> @location(0) f32 { return 1.0; }\n",
    "attribute '@location' is not valid on a function return type",
    "location"
);
t!(
    entry_result_without_binding,
    "@fragment fn f() -> vec4f { return vec4f(); }\n",
    "the return type of an entry point must have a @builtin or @location attribute",
    "vec4f"
);
t!(
    entry_param_without_binding,
    "@fragment fn f(x: f32) {}\n",
    "entry point parameter 'x' must have a @builtin or @location attribute",
    "x: f32"
);

// ---- resolver: builtin values ---------------------------------------------

t!(
    position_wrong_type,
    "@fragment fn f(@builtin(position) p: vec3f) {}\n",
    "@builtin(position) must be of type 'vec4<f32>', found 'vec3<f32>'",
    "@builtin(position)"
);
t!(
    front_facing_wrong_type,
    "@fragment fn f(@builtin(front_facing) b: u32) {}\n",
    "@builtin(front_facing) must be of type 'bool', found 'u32'",
    "@builtin(front_facing)"
);
t!(
    clip_distances_without_extension,
    "struct O { @builtin(position) p: vec4f, @builtin(clip_distances) c: array<f32, 2> }\n",
    "@builtin(clip_distances) requires enabling extension 'clip_distances'",
    "clip_distances"
);
t!(
    clip_distances_too_long,
    "enable clip_distances;\nstruct O { @builtin(position) p: vec4f, @builtin(clip_distances) c: array<f32, 9> }\n",
    "@builtin(clip_distances) must be of type 'array<f32, N>' with N at most 8, found 'array<f32, 9>'",
    "@builtin(clip_distances)"
);
t!(
    primitive_index_without_extension,
    "@fragment fn f(@builtin(primitive_index) i: u32) {}\n",
    "@builtin(primitive_index) requires enabling extension 'primitive_index'",
    "primitive_index"
);

// ---- validator: stages and directions --------------------------------------

t!(
    vertex_without_position,
    "@vertex fn v() -> @location(0) vec4f { return vec4f(); }\n",
    "vertex entry point 'v' must return a @builtin(position) value",
    "@vertex fn v() -> @location(0) vec4f { return vec4f(); }"
);
t!(
    vertex_index_in_fragment,
    "@fragment fn f(@builtin(vertex_index) i: u32) {}\n",
    "builtin 'vertex_index' cannot be used as a fragment shader input",
    "@fragment fn f(@builtin(vertex_index) i: u32) {}"
);
t!(
    frag_depth_as_input,
    "@fragment fn f(@builtin(frag_depth) d: f32) {}\n",
    "builtin 'frag_depth' cannot be used as a fragment shader input",
    "@fragment fn f(@builtin(frag_depth) d: f32) {}"
);
t!(
    integer_vertex_output_not_flat,
    "struct O { @builtin(position) p: vec4f, @location(0) i: u32 }\n@vertex fn v() -> O { return O(); }\n",
    "integral user-defined vertex output member 'i' (@location(0)) must have '@interpolate(flat)'",
    "@vertex fn v() -> O { return O(); }"
);
t!(
    integer_fragment_input_not_flat,
    "@fragment fn f(@location(2) i: vec2i) {}\n",
    "integral user-defined fragment input parameter 'i' (@location(2)) must have '@interpolate(flat)'",
    "@fragment fn f(@location(2) i: vec2i) {}"
);
t!(
    blend_src_as_input,
    "enable dual_source_blending;\nstruct O { @location(0) @blend_src(0) a: vec4f, @location(0) @blend_src(1) b: vec4f }\n@fragment fn f(o: O) {}\n",
    "@blend_src cannot be used on a fragment shader input",
    "@fragment fn f(o: O) {}"
);
t!(
    duplicate_input_location,
    "@fragment fn f(@location(0) a: f32, @location(0) b: f32) {}\n",
    "@location(0) is used more than once as an entry point input",
    "@fragment fn f(@location(0) a: f32, @location(0) b: f32) {}"
);
t!(
    location_on_compute,
    "@compute @workgroup_size(1)\nfn main(@location(0) x: f32) {}\n",
    "compute entry point 'main' cannot have user-defined inputs",
    "@compute @workgroup_size(1)\nfn main(@location(0) x: f32) {}"
);
t!(
    discard_in_vertex,
    "fn g() { discard; }\n@vertex fn v() -> @builtin(position) vec4f { g(); return vec4f(); }\n",
    "a 'discard' statement cannot be used in the vertex pipeline stage",
    "discard"
);
t!(
    discard_in_compute,
    "@compute @workgroup_size(1) fn c() { discard; }\n",
    "a 'discard' statement cannot be used in the compute pipeline stage",
    "discard"
);
t!(
    derivative_in_vertex,
    "@vertex fn v() -> @builtin(position) vec4f { return vec4f(dpdx(1.0)); }\n",
    "built-in 'dpdx' cannot be used in the vertex pipeline stage",
    "dpdx(1.0)"
);
t!(
    derivative_in_compute,
    "@compute @workgroup_size(1)\nfn main() {\n    let x = fwidthFine(vec2f(1.0));\n}\n",
    "built-in 'fwidthFine' cannot be used in the compute pipeline stage",
    "fwidthFine(vec2f(1.0))"
);
t!(
    derivative_of_integer,
    "@fragment fn f() { let x = dpdy(1i); }\n",
    "no matching call to 'dpdy(i32)'",
    "1i"
);
t!(
    workgroup_var_in_fragment,
    "var<workgroup> w: u32;\n@fragment fn f() { w = 1u; }\n",
    "workgroup variable 'w' cannot be used in the fragment pipeline stage",
    "w"
);
t!(
    storage_write_in_vertex,
    "@group(0) @binding(0) var<storage, read_write> b: u32;\n@vertex fn v() -> @builtin(position) vec4f { b = 1u; return vec4f(); }\n",
    "storage buffer 'b' with access mode 'read_write' cannot be used in the vertex pipeline stage",
    "b"
);
t!(
    subgroup_builtin_in_vertex,
    "enable subgroups;\n@vertex fn v(@builtin(subgroup_size) s: u32) -> @builtin(position) vec4f { return vec4f(); }\n",
    "builtin 'subgroup_size' cannot be used as a vertex shader input",
    "@vertex fn v(@builtin(subgroup_size) s: u32) -> @builtin(position) vec4f { return vec4f(); }"
);

// ---- uniformity ------------------------------------------------------------

t!(
    derivative_in_non_uniform_control_flow,
    "@fragment fn f(@location(0) x: f32) -> @location(0) vec4f {\n    var d = 0.0;\n    if x > 0.0 {\n        d = dpdx(x);\n    }\n    return vec4f(d);\n}\n",
    "'dpdx' must only be called from uniform control flow",
    "dpdx(x)"
);

// ---- the fragment_depth language feature -----------------------------------

t!(
    depth_condition_unknown,
    "@fragment fn f() -> @builtin(frag_depth, equal) f32 { return 1.0; }\n",
    "unknown depth condition 'equal': expected 'less' or 'greater'",
    "equal"
);
t!(
    depth_condition_on_other_builtin,
    "@fragment fn f(@builtin(sample_index, less) i: u32) {}\n",
    "@builtin(sample_index) takes no second argument (only frag_depth does)",
    "less"
);
t!(
    builtin_three_arguments,
    "@fragment fn f() -> @builtin(frag_depth, less, greater) f32 { return 1.0; }\n",
    "@builtin requires exactly one argument",
    "@builtin(frag_depth, less, greater)"
);

// ---- stage rules from the builtin table --------------------------------------

t!(
    implicit_lod_sample_in_compute,
    "@group(0) @binding(0) var t: texture_2d<f32>;
@group(0) @binding(1) var s: sampler;
@group(0) @binding(2) var<storage, read_write> o: vec4f;
@compute @workgroup_size(1) fn main() { o = textureSample(t, s, vec2f(0.5)); }
",
    "built-in 'textureSample' cannot be used in the compute pipeline stage",
    "textureSample(t, s, vec2f(0.5))"
);
t!(
    sample_bias_in_vertex,
    "@group(0) @binding(0) var t: texture_2d<f32>;
@group(0) @binding(1) var s: sampler;
fn color() -> vec4f { return textureSampleBias(t, s, vec2f(0.5), 1.0); }
@vertex fn main() -> @builtin(position) vec4f { return color(); }
",
    "built-in 'textureSampleBias' cannot be used in the vertex pipeline stage",
    "textureSampleBias(t, s, vec2f(0.5), 1.0)"
);
t!(
    sample_compare_in_compute,
    "@group(0) @binding(0) var t: texture_depth_2d;
@group(0) @binding(1) var s: sampler_comparison;
@group(0) @binding(2) var<storage, read_write> o: f32;
@compute @workgroup_size(1) fn main() { o = textureSampleCompare(t, s, vec2f(0.5), 0.5); }
",
    "built-in 'textureSampleCompare' cannot be used in the compute pipeline stage",
    "textureSampleCompare(t, s, vec2f(0.5), 0.5)"
);

// ---- const-expression arguments ----------------------------------------------

t!(
    broadcast_id_not_const,
    "enable subgroups;
@group(0) @binding(0) var<storage, read_write> o: u32;
@compute @workgroup_size(32) fn main(@builtin(local_invocation_index) i: u32) { o = subgroupBroadcast(o, i); }
",
    "argument 2 of 'subgroupBroadcast' must be a const-expression",
    "i"
);
t!(
    broadcast_id_out_of_range,
    "enable subgroups;
@group(0) @binding(0) var<storage, read_write> o: u32;
@compute @workgroup_size(32) fn main() { o = subgroupBroadcast(o, 128u); }
",
    "the invocation id of 'subgroupBroadcast' must be in the range [0, 128), found 128",
    "128u"
);
t!(
    quad_broadcast_id_out_of_range,
    "enable subgroups;
@group(0) @binding(0) var<storage, read_write> o: f32;
@compute @workgroup_size(32) fn main() { o = quadBroadcast(o, -1); }
",
    "the invocation id of 'quadBroadcast' must be in the range [0, 4), found -1",
    "-1"
);

// ---- chromium_experimental_barycentric_coord --------------------------------

t!(
    barycentric_coord_without_extension,
    "@fragment fn f(@builtin(barycentric_coord) b: vec3f) {}\n",
    "@builtin(barycentric_coord) requires enabling extension 'chromium_experimental_barycentric_coord'",
    "barycentric_coord"
);
t!(
    barycentric_coord_wrong_type,
    "enable chromium_experimental_barycentric_coord;\n@fragment fn f(@builtin(barycentric_coord) b: vec2f) {}\n",
    "@builtin(barycentric_coord) must be of type 'vec3<f32>', found 'vec2<f32>'",
    "@builtin(barycentric_coord)"
);
t!(
    barycentric_coord_in_compute,
    "enable chromium_experimental_barycentric_coord;\n@compute @workgroup_size(1) fn c(@builtin(barycentric_coord) b: vec3f) {}\n",
    "builtin 'barycentric_coord' cannot be used as a compute shader input",
    "@compute @workgroup_size(1) fn c(@builtin(barycentric_coord) b: vec3f) {}"
);
t!(
    barycentric_coord_as_output,
    "enable chromium_experimental_barycentric_coord;\nstruct O { @builtin(barycentric_coord) b: vec3f }\n@fragment fn f() -> O { return O(vec3f()); }\n",
    "builtin 'barycentric_coord' cannot be used as a fragment shader output",
    "@fragment fn f() -> O { return O(vec3f()); }"
);

// ---- chromium_experimental_framebuffer_fetch ---------------------------------

t!(
    color_without_extension,
    "@fragment fn f(@color(0) c: vec4f) {}\n",
    "use of '@color' requires enabling extension 'chromium_experimental_framebuffer_fetch'",
    "@color(0)"
);
t!(
    color_negative,
    "enable chromium_experimental_framebuffer_fetch;\n@fragment fn f(@color(-1) c: vec4f) {}\n",
    "@color value -1 must be non-negative",
    "-1"
);
t!(
    color_not_integer,
    "enable chromium_experimental_framebuffer_fetch;\n@fragment fn f(@color(1.0) c: vec4f) {}\n",
    "@color argument must be an 'i32' or 'u32' value",
    "1.0"
);
t!(
    color_wrong_type,
    "enable chromium_experimental_framebuffer_fetch;\n@fragment fn f(@color(0) c: mat2x2f) {}\n",
    "cannot apply '@color' to declaration of type 'mat2x2<f32>'",
    "@color(0)"
);
t!(
    color_with_location,
    "enable chromium_experimental_framebuffer_fetch;\n@fragment fn f(@location(0) @color(0) c: vec4f) {}\n",
    "@color cannot be used together with @location on the same declaration",
    "@color(0)"
);
t!(
    color_with_interpolate,
    "enable chromium_experimental_framebuffer_fetch;\n@fragment fn f(@color(0) @interpolate(flat) c: vec4f) {}\n",
    "@interpolate can only be applied to a declaration with a @location attribute",
    "@interpolate(flat)"
);
t!(
    color_twice,
    "enable chromium_experimental_framebuffer_fetch;\nstruct S { @color(1) a: vec4f }\n@fragment fn f(@color(1) c: vec4f, s: S) {}\n",
    "@color(1) appears multiple times as an entry point input",
    "@fragment fn f(@color(1) c: vec4f, s: S) {}"
);
t!(
    color_in_vertex,
    "enable chromium_experimental_framebuffer_fetch;\n@vertex fn v(@color(0) c: vec4f) -> @builtin(position) vec4f { return c; }\n",
    "@color can only be used for fragment shader input, not as a vertex shader input (parameter 'c')",
    "@vertex fn v(@color(0) c: vec4f) -> @builtin(position) vec4f { return c; }"
);
t!(
    color_as_output,
    "enable chromium_experimental_framebuffer_fetch;\nstruct O { @color(0) c: vec4f }\n@fragment fn f() -> O { return O(vec4f()); }\n",
    "@color can only be used for fragment shader input, not as a fragment shader output (member 'c')",
    "@fragment fn f() -> O { return O(vec4f()); }"
);

// ---- chromium_internal_input_attachments -------------------------------------

t!(
    input_attachment_without_extension,
    "@group(0) @binding(0) var t: input_attachment<f32>;\n",
    "use of 'input_attachment' requires enabling extension 'chromium_internal_input_attachments'",
    "input_attachment<f32>"
);
t!(
    input_attachment_bad_type,
    "enable chromium_internal_input_attachments;\n@group(0) @binding(0) @input_attachment_index(0) var t: input_attachment<vec4f>;\n",
    "the component type of 'input_attachment' must be 'f32', 'i32' or 'u32', found 'vec4<f32>'",
    "vec4f"
);
t!(
    input_attachment_index_without_extension,
    "@group(0) @binding(0) @input_attachment_index(0) var t: texture_2d<f32>;\n",
    "use of '@input_attachment_index' requires enabling extension 'chromium_internal_input_attachments'",
    "@input_attachment_index(0)"
);
t!(
    input_attachment_index_on_texture,
    "enable chromium_internal_input_attachments;\n@group(0) @binding(0) @input_attachment_index(0) var t: texture_2d<f32>;\n",
    "cannot apply '@input_attachment_index' to declaration of type 'texture_2d<f32>'",
    "@input_attachment_index(0)"
);
t!(
    input_attachment_without_index,
    "enable chromium_internal_input_attachments;\n@group(0) @binding(0) var t: input_attachment<f32>;\n",
    "'input_attachment' variables require an @input_attachment_index attribute",
    "t"
);
t!(
    input_attachment_index_negative,
    "enable chromium_internal_input_attachments;\n@group(0) @binding(0) @input_attachment_index(-2) var t: input_attachment<f32>;\n",
    "@input_attachment_index value -2 must be non-negative",
    "-2"
);
t!(
    input_attachment_load_in_compute,
    "enable chromium_internal_input_attachments;\n@group(0) @binding(0) @input_attachment_index(0) var t: input_attachment<f32>;\n@compute @workgroup_size(1) fn c() { _ = inputAttachmentLoad(t); }\n",
    "built-in 'inputAttachmentLoad' cannot be used in the compute pipeline stage",
    "inputAttachmentLoad(t)"
);
t!(
    input_attachment_with_texture_load,
    "enable chromium_internal_input_attachments;\n@group(0) @binding(0) @input_attachment_index(0) var t: input_attachment<f32>;\n@fragment fn f() { _ = textureLoad(t, vec2i(), 0); }\n",
    "no matching call to 'textureLoad(input_attachment<f32>, vec2<i32>, abstract-int)': input attachments can only be read with inputAttachmentLoad",
    "t"
);
t!(
    input_attachment_load_of_texture,
    "enable chromium_internal_input_attachments;\n@group(0) @binding(0) var t: texture_2d<f32>;\n@fragment fn f() { _ = inputAttachmentLoad(t); }\n",
    "no matching call to 'inputAttachmentLoad(texture_2d<f32>)': only 'input_attachment<T>' values can be read with inputAttachmentLoad",
    "t"
);

#[test]
fn framebuffer_fetch_binding_collision() {
    let source = "enable chromium_experimental_framebuffer_fetch;
@group(66) @binding(1) var<uniform> u: vec4f;
@fragment fn f(@color(1) c: vec4f) -> @location(0) vec4f { return c + u; }
";
    let module = tessera::front::wgsl::parse_str(source)
        .expect("parses")
        .module;
    let info = tessera::valid::validate(&module).expect("valid");
    let e = tessera::pipeline::process(
        &module,
        &info,
        &tessera::pipeline::PipelineOptions::default(),
    )
    .expect_err("binding (66, 1) is taken");
    let text = format!("{e:?}");
    assert!(
        text.contains("the input attachment of '@color(1) c' would be at @group(66) @binding(1), which 'u' uses"),
        "{text}"
    );
    // Another group avoids it.
    let options = tessera::pipeline::PipelineOptions {
        framebuffer_fetch_group: 0,
        ..Default::default()
    };
    let p = tessera::pipeline::process(&module, &info, &options).expect("no collision");
    let ff = &p.reflection.entry_points[0].framebuffer_fetch;
    assert_eq!((ff[0].group, ff[0].binding, ff[0].color), (0, 1, 1));
}

#[test]
fn input_attachment_load_without_extension() {
    // The type needs the enable first; the builtin names it too.
    check_error(
        "@fragment fn f() { _ = inputAttachmentLoad(1); }\n",
        "'inputAttachmentLoad' requires enabling extension 'chromium_internal_input_attachments'",
        "inputAttachmentLoad",
    );
}
