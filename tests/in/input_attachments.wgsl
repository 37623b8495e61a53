// Chromium's internal `chromium_internal_input_attachments`, as Tint
// accepts it: `input_attachment<T>` variables with `@input_attachment_index`
// and `inputAttachmentLoad` (SPIR-V: a `SubpassData` image read with
// OpImageRead at (0, 0); MSL has no input attachments).
enable chromium_internal_input_attachments;

@group(0) @binding(0) @input_attachment_index(0) var color: input_attachment<f32>;
@group(0) @binding(1) @input_attachment_index(2) var ids: input_attachment<u32>;

fn shade(t: input_attachment<f32>) -> vec4f {
    return inputAttachmentLoad(t) * 0.5;
}

@fragment
fn main() -> @location(0) vec4f {
    let id = inputAttachmentLoad(ids);
    return shade(color) + vec4f(id);
}
