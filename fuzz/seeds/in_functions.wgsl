// User functions: value and struct parameters and returns, nested calls,
// calls as statements, @must_use, functions with no parameters.
struct Ray {
    origin: vec3<f32>,
    dir: vec3<f32>,
}

struct Hit {
    t: f32,
    hit: bool,
}

@group(0) @binding(0) var<storage, read> rays: array<Ray>;
@group(0) @binding(1) var<storage, read_write> ts: array<f32>;
var<private> calls: u32;

fn count_call() {
    calls += 1u;
}

fn make_ray(o: vec3<f32>, d: vec3<f32>) -> Ray {
    count_call();
    return Ray(o, normalize(d));
}

@must_use
fn sphere(r: Ray, center: vec3<f32>, radius: f32) -> Hit {
    count_call();
    let oc = r.origin - center;
    let b = dot(oc, r.dir);
    let c = dot(oc, oc) - radius * radius;
    let disc = b * b - c;
    if disc < 0.0 {
        return Hit(-1.0, false);
    }
    return Hit(-b - sqrt(disc), true);
}

fn nearest(a: Hit, b: Hit) -> Hit {
    if !a.hit {
        return b;
    }
    if !b.hit || a.t < b.t {
        return a;
    }
    return b;
}

fn zero() -> f32 {
    return 0.0;
}

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let src = rays[gid.x];
    let r = make_ray(src.origin, src.dir);
    let h = nearest(sphere(r, vec3f(0.0, 0.0, -5.0), 1.0),
                    sphere(r, vec3f(2.0, 0.0, -6.0), 1.5));
    count_call();
    ts[gid.x] = select(zero(), h.t, h.hit) + f32(calls) * 0.0;
}
