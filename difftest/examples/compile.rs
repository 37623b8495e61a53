//! `cargo run -p tessera-difftest --example compile -- FILE...`: each file's
//! tessera and naga results (the offline check), one line each.
use tessera_difftest::check;

fn first(r: Result<Vec<u32>, String>) -> String {
    match r {
        Ok(w) => format!("ok ({} words)", w.len()),
        Err(e) => e
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.contains('│') && !l.contains('┌'))
            .take(4)
            .collect::<Vec<_>>()
            .join(" / "),
    }
}

fn main() {
    for p in std::env::args().skip(1) {
        let src = std::fs::read_to_string(&p).unwrap();
        println!("{p}: tessera: {}", first(check::tessera_spirv(&src)));
        println!("{p}: naga: {}", first(check::naga_spirv(&src)));
    }
}
