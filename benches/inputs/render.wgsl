// Benchmark input: a forward-shading pass (vertex + fragment stage).
//
// The vertex stage skins nothing: it transforms a mesh instance and builds
// a tangent frame. The fragment stage samples a base-colour map (alpha
// test with `discard`), a tangent-space normal map, a detail layer of a 2D
// array texture, a filtered cube map for image-based lighting and a
// cascaded depth map through a comparison sampler (3x3 PCF), then loops
// over the scene's lights (point, spot, directional) in a storage buffer
// with a Cook-Torrance BRDF, and tone-maps the result.

struct Camera {
  view_proj: mat4x4<f32>,
  view: mat4x4<f32>,
  position: vec3<f32>,
  time: f32,
  exposure: f32,
  env_mip_count: f32,
  cascade_count: u32,
  debug_flags: u32,
}

struct Model {
  world: mat4x4<f32>,
  normal_matrix: mat3x3<f32>,
  base_color: vec4<f32>,
  emissive: vec3<f32>,
  metallic: f32,
  roughness: f32,
  alpha_cutoff: f32,
  detail_scale: f32,
  detail_layer: i32,
}

const LIGHT_POINT: u32 = 0u;
const LIGHT_SPOT: u32 = 1u;
const LIGHT_DIRECTIONAL: u32 = 2u;
const MAX_LIGHTS: u32 = 64u;
const MAX_CASCADES: u32 = 4u;
const PI: f32 = 3.14159265358979;

struct Light {
  position: vec3<f32>,
  range: f32,
  color: vec3<f32>,
  intensity: f32,
  direction: vec3<f32>,
  inner_cos: f32,
  outer_cos: f32,
  kind: u32,
  casts_shadow: u32,
  pad: u32,
}

struct Lights {
  ambient: vec3<f32>,
  count: u32,
  items: array<Light>,
}

struct Shadows {
  cascades: array<mat4x4<f32>, 4>,
  splits: vec4<f32>,
  texel_size: vec2<f32>,
  bias: f32,
  normal_bias: f32,
}

@group(0) @binding(0) var<uniform> camera: Camera;
@group(0) @binding(1) var<storage, read> lights: Lights;
@group(0) @binding(2) var<uniform> shadows: Shadows;

@group(1) @binding(0) var<uniform> model: Model;
@group(1) @binding(1) var base_color_map: texture_2d<f32>;
@group(1) @binding(2) var normal_map: texture_2d<f32>;
@group(1) @binding(3) var detail_maps: texture_2d_array<f32>;
@group(1) @binding(4) var material_sampler: sampler;

@group(2) @binding(0) var environment: texture_cube<f32>;
@group(2) @binding(1) var environment_sampler: sampler;
@group(2) @binding(2) var shadow_map: texture_depth_2d;
@group(2) @binding(3) var shadow_sampler: sampler_comparison;

struct VertexInput {
  @location(0) position: vec3<f32>,
  @location(1) normal: vec3<f32>,
  @location(2) tangent: vec4<f32>,
  @location(3) uv: vec2<f32>,
  @location(4) color: vec4<f32>,
  @builtin(instance_index) instance: u32,
}

struct VertexOutput {
  @builtin(position) clip_position: vec4<f32>,
  @location(0) world_position: vec3<f32>,
  @location(1) normal: vec3<f32>,
  @location(2) tangent: vec3<f32>,
  @location(3) bitangent: vec3<f32>,
  @location(4) uv: vec2<f32>,
  @location(5) color: vec4<f32>,
  @location(6) view_depth: f32,
  @location(7) @interpolate(flat) detail_layer: i32,
}

@vertex
fn vs_main(in: VertexInput) -> VertexOutput {
  var out: VertexOutput;
  let world = model.world * vec4<f32>(in.position, 1.0);
  let n = normalize(model.normal_matrix * in.normal);
  // Gram-Schmidt: keep the tangent orthogonal to the normal.
  var t = normalize(model.normal_matrix * in.tangent.xyz);
  t = normalize(t - dot(t, n) * n);
  out.clip_position = camera.view_proj * world;
  out.world_position = world.xyz / world.w;
  out.normal = n;
  out.tangent = t;
  out.bitangent = cross(n, t) * sign(in.tangent.w);
  out.uv = in.uv;
  out.color = in.color;
  out.view_depth = -(camera.view * world).z;
  out.detail_layer = model.detail_layer + i32(in.instance % 4u);
  return out;
}

fn distribution_ggx(n_dot_h: f32, roughness: f32) -> f32 {
  let a = roughness * roughness;
  let a2 = a * a;
  let d = n_dot_h * n_dot_h * (a2 - 1.0) + 1.0;
  return a2 / max(PI * d * d, 1e-6);
}

fn geometry_schlick_ggx(n_dot_v: f32, roughness: f32) -> f32 {
  let r = roughness + 1.0;
  let k = r * r / 8.0;
  return n_dot_v / (n_dot_v * (1.0 - k) + k);
}

fn geometry_smith(n_dot_v: f32, n_dot_l: f32, roughness: f32) -> f32 {
  return geometry_schlick_ggx(n_dot_v, roughness) * geometry_schlick_ggx(n_dot_l, roughness);
}

fn fresnel_schlick(cos_theta: f32, f0: vec3<f32>) -> vec3<f32> {
  return f0 + (vec3<f32>(1.0) - f0) * pow(clamp(1.0 - cos_theta, 0.0, 1.0), 5.0);
}

fn fresnel_schlick_roughness(cos_theta: f32, f0: vec3<f32>, roughness: f32) -> vec3<f32> {
  let r = max(vec3<f32>(1.0 - roughness), f0);
  return f0 + (r - f0) * pow(clamp(1.0 - cos_theta, 0.0, 1.0), 5.0);
}

fn select_cascade(view_depth: f32) -> u32 {
  var cascade = 0u;
  for (var i = 0u; i < min(camera.cascade_count, MAX_CASCADES) - 1u; i++) {
    if (view_depth > shadows.splits[i]) {
      cascade = i + 1u;
    }
  }
  return cascade;
}

// 3x3 percentage-closer filtering of one cascade (the cascades are tiled
// horizontally in one depth texture).
fn shadow_factor(world_position: vec3<f32>, normal: vec3<f32>, view_depth: f32) -> f32 {
  let cascade = select_cascade(view_depth);
  let offset_position = world_position + normal * shadows.normal_bias;
  let clip = shadows.cascades[cascade] * vec4<f32>(offset_position, 1.0);
  let ndc = clip.xyz / clip.w;
  var uv = ndc.xy * vec2<f32>(0.5, -0.5) + vec2<f32>(0.5);
  let tiles = f32(max(camera.cascade_count, 1u));
  uv.x = (uv.x + f32(cascade)) / tiles;
  let depth = ndc.z - shadows.bias;
  if (any(uv < vec2<f32>(0.0)) || any(uv > vec2<f32>(1.0)) || depth > 1.0) {
    return 1.0;
  }
  var visibility = 0.0;
  for (var y = -1; y <= 1; y++) {
    for (var x = -1; x <= 1; x++) {
      let offset = vec2<f32>(f32(x), f32(y)) * shadows.texel_size;
      visibility += textureSampleCompareLevel(shadow_map, shadow_sampler, uv + offset, depth);
    }
  }
  return visibility / 9.0;
}

fn light_attenuation(light: Light, to_light: vec3<f32>) -> f32 {
  if (light.kind == LIGHT_DIRECTIONAL) {
    return 1.0;
  }
  let distance2 = max(dot(to_light, to_light), 1e-4);
  let falloff = saturate(1.0 - pow(distance2 / (light.range * light.range), 2.0));
  var attenuation = falloff * falloff / distance2;
  if (light.kind == LIGHT_SPOT) {
    let cos_angle = dot(normalize(-to_light), light.direction);
    attenuation *= smoothstep(light.outer_cos, light.inner_cos, cos_angle);
  }
  return attenuation;
}

fn aces_tone_map(x: vec3<f32>) -> vec3<f32> {
  let a = 2.51;
  let b = 0.03;
  let c = 2.43;
  let d = 0.59;
  let e = 0.14;
  return saturate((x * (a * x + b)) / (x * (c * x + d) + e));
}

@fragment
fn fs_main(in: VertexOutput) -> @location(0) vec4<f32> {
  let base = textureSample(base_color_map, material_sampler, in.uv) * model.base_color * in.color;
  if (base.a < model.alpha_cutoff) {
    discard;
  }
  let detail = textureSample(detail_maps, material_sampler, in.uv * model.detail_scale, in.detail_layer);
  let albedo = base.rgb * mix(vec3<f32>(1.0), detail.rgb * 2.0, detail.a);

  // Normal mapping, with the tangent frame re-orthonormalised per pixel.
  let encoded = textureSample(normal_map, material_sampler, in.uv).xyz * 2.0 - vec3<f32>(1.0);
  let tbn = mat3x3<f32>(normalize(in.tangent), normalize(in.bitangent), normalize(in.normal));
  let n = normalize(tbn * encoded);
  let v = normalize(camera.position - in.world_position);
  let n_dot_v = max(dot(n, v), 1e-4);

  // Specular anti-aliasing: widen the lobe where the normal varies fast.
  let variance = fwidth(n);
  let roughness = clamp(max(model.roughness, length(variance)), 0.045, 1.0);
  let f0 = mix(vec3<f32>(0.04), albedo, model.metallic);

  let sun_shadow = shadow_factor(in.world_position, n, in.view_depth);
  var radiance = vec3<f32>(0.0);
  let count = min(lights.count, MAX_LIGHTS);
  for (var i = 0u; i < count; i++) {
    let light = lights.items[i];
    var to_light = light.position - in.world_position;
    if (light.kind == LIGHT_DIRECTIONAL) {
      to_light = -light.direction;
    } else if (dot(to_light, to_light) > light.range * light.range) {
      continue;
    }
    let l = normalize(to_light);
    let n_dot_l = dot(n, l);
    if (n_dot_l <= 0.0) {
      continue;
    }
    var shadow = 1.0;
    if (light.casts_shadow != 0u && light.kind == LIGHT_DIRECTIONAL) {
      shadow = sun_shadow;
    }
    let h = normalize(v + l);
    let f = fresnel_schlick(max(dot(h, v), 0.0), f0);
    let d = distribution_ggx(max(dot(n, h), 0.0), roughness);
    let g = geometry_smith(n_dot_v, n_dot_l, roughness);
    let specular = d * g * f / (4.0 * n_dot_v * n_dot_l + 1e-4);
    let k_d = (vec3<f32>(1.0) - f) * (1.0 - model.metallic);
    let incoming = light.color * light.intensity * light_attenuation(light, to_light) * shadow;
    radiance += (k_d * albedo / PI + specular) * incoming * n_dot_l;
  }

  // Image-based lighting from the filtered environment cube map.
  let f_ambient = fresnel_schlick_roughness(n_dot_v, f0, roughness);
  let irradiance = textureSampleLevel(environment, environment_sampler, n, camera.env_mip_count - 1.0).rgb;
  let r = reflect(-v, n);
  let prefiltered = textureSampleLevel(environment, environment_sampler, r, roughness * (camera.env_mip_count - 1.0)).rgb;
  let diffuse_ibl = (vec3<f32>(1.0) - f_ambient) * (1.0 - model.metallic) * irradiance * albedo;
  let ambient = (diffuse_ibl + prefiltered * f_ambient) * lights.ambient;

  var color = radiance + ambient + model.emissive;
  if ((camera.debug_flags & 1u) != 0u) {
    color = vec3<f32>(sun_shadow);
  }
  color = aces_tone_map(color * camera.exposure);
  return vec4<f32>(pow(color, vec3<f32>(1.0 / 2.2)), base.a);
}
