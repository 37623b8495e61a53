//! `cargo run -p tessera-difftest --example reduce -- FILE naga|tessera TEXT`:
//! removes lines and brace blocks from FILE while the compiler's error still
//! contains TEXT, and prints what is left (a reproducer to minimise by hand).
use tessera_difftest::check;

fn fails(src: &str, who: &str, text: &str) -> bool {
    let r = if who == "naga" {
        check::naga_spirv(src)
    } else {
        check::tessera_spirv(src)
    };
    matches!(r, Err(e) if e.contains(text))
}

fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    let src = std::fs::read_to_string(&a[0]).unwrap();
    let (who, text) = (a[1].as_str(), a[2].as_str());
    assert!(fails(&src, who, text), "the input does not fail that way");
    let out = tessera_difftest::reduce::reduce(&src, |_| false, |t| fails(t, who, text));
    println!("{out}");
}
