//! A rough throughput check of the parser (ignored by default; run with
//! `cargo test --test parser_throughput -- --ignored --nocapture`, ideally
//! with optimisations). Prints MB/s for tessera's parser and, for context,
//! naga's WGSL front end (which also lowers to its IR, so it does more).

use std::time::Instant;

fn shader(copies: usize) -> String {
    let mut s = String::from("enable f16;\n");
    for i in 0..copies {
        s.push_str(&format!(
            r#"
struct S{i} {{ @location(0) a: vec4<f32>, b: array<vec2<f32>, 4>, }}
@group(0) @binding({i}) var<storage, read_write> data{i}: array<u32>;
const K{i}: f32 = 1.5e-3;
fn helper{i}(x: f32, y: vec3<f32>) -> f32 {{
    var acc = 0.0;
    for (var j = 0u; j < 16u; j++) {{
        acc += x * y.x + (y.y - y.z) / 2.0 + f32(j) * K{i};
        if acc > 100.0 {{ break; }} else if acc < -1.0 {{ acc = -acc; }}
    }}
    let m = mat2x2<f32>(1.0, 0.0, 0.0, 1.0);
    let v = m * vec2<f32>(acc, x);
    data{i}[u32(acc) & 15u] = bitcast<u32>(v.x) >> 2u;
    return select(v.x, v.y, v.x < v.y);
}}
"#
        ));
    }
    s
}

#[test]
#[ignore]
fn throughput() {
    let src = shader(2000);
    let mb = src.len() as f64 / 1e6;
    let runs = 5;
    let t = Instant::now();
    for _ in 0..runs {
        let tu = tessera::front::wgsl::parser::parse(&src).expect("parses");
        assert!(tu.decls.len() > 1000);
    }
    let ours = t.elapsed().as_secs_f64() / runs as f64;
    let t = Instant::now();
    for _ in 0..runs {
        naga::front::wgsl::parse_str(&src).expect("naga parses");
    }
    let theirs = t.elapsed().as_secs_f64() / runs as f64;
    println!(
        "{mb:.2} MB: tessera parse {:.1} MB/s ({:.2} ms), naga front end {:.1} MB/s ({:.2} ms), ratio {:.1}x",
        mb / ours,
        ours * 1e3,
        mb / theirs,
        theirs * 1e3,
        theirs / ours
    );
}
