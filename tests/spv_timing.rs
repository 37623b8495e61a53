//! A quick timing of the SPIR-V writer on the benchmark's medium input
//! (ignored by default; run with
//! `cargo test --test spv_timing -- --ignored --nocapture`).

use std::time::Instant;

use tessera::back::spv::Options;
use tessera::lower::spv::write;

#[test]
#[ignore = "timing only"]
fn time_spirv_writer_on_medium_input() {
    let source = include_str!("../benches/inputs/medium.wgsl");
    let parsed = tessera::front::wgsl::parse_str(source).expect("parses");
    let info = tessera::valid::validate(&parsed.module).expect("valid");
    let pipeline =
        tessera::pipeline::process(&parsed.module, &info, &Default::default()).expect("pipeline");
    let opts = Options::default();
    let words = write(&pipeline, &opts).expect("writes");
    assert!(words.len() > 100);
    let n = 200;
    let start = Instant::now();
    for _ in 0..n {
        let w = write(&pipeline, &opts).expect("writes");
        assert_eq!(w.len(), words.len());
    }
    let per = start.elapsed() / n;
    println!("spv write: {per:?} per iteration, {} words", words.len());
}
