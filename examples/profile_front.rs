//! Profiling driver: parses and resolves `benches/inputs/medium.wgsl`
//! repeatedly (for callgrind / perf).

fn main() {
    let source = include_str!("../benches/inputs/medium.wgsl");
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(20);
    let mut ok = 0;
    for _ in 0..n {
        let t = tessera::front::wgsl::parser::parse(source);
        if let Ok(tu) = t {
            if tessera::front::wgsl::resolve::resolve(&tu).is_ok() {
                ok += 1;
            }
        }
    }
    println!("{ok}/{n} ok");
}
