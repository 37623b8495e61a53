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
        let (t, n) = (check::tessera_spirv(&src), check::naga_spirv(&src));
        // The modules beside the source, for spirv-dis.
        for (suffix, r) in [("tessera.spv", &t), ("naga.spv", &n)] {
            if let Ok(w) = r {
                let bytes: Vec<u8> = w.iter().flat_map(|x| x.to_le_bytes()).collect();
                let _ = std::fs::write(format!("{p}.{suffix}"), bytes);
            }
        }
        println!("{p}: tessera: {}", first(t));
        println!("{p}: naga: {}", first(n));
    }
}
