// overrides: sg=32
// enable subgroup_size_control and @subgroup_size on compute entry points:
// a const and an override-expression size (recorded in the reflection for
// the embedder; the shader text itself is unchanged).
enable subgroup_size_control;

override sg: u32;

@group(0) @binding(0) var<storage, read_write> out: array<u32, 128>;
var<workgroup> partial: array<u32, 16>;

@compute @workgroup_size(64) @subgroup_size(16)
fn fixed16(@builtin(subgroup_invocation_id) i: u32, @builtin(subgroup_id) s: u32) {
    // i < 16: no clamp needed.
    partial[i] = subgroupAdd(i);
    out[s] = partial[i];
}

@compute @workgroup_size(128) @subgroup_size(sg)
fn from_override(@builtin(subgroup_invocation_id) i: u32, @builtin(subgroup_size) n: u32) {
    out[i] = n;
}
