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

/// The index of the line closing the block that `lines[i]` opens.
fn block_end(lines: &[String], i: usize) -> Option<usize> {
    let mut depth = 0i32;
    for (j, l) in lines.iter().enumerate().skip(i) {
        depth += l.matches('{').count() as i32 - l.matches('}').count() as i32;
        if depth <= 0 {
            return if j > i { Some(j) } else { None };
        }
    }
    None
}

fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    let src = std::fs::read_to_string(&a[0]).unwrap();
    let (who, text) = (a[1].as_str(), a[2].as_str());
    assert!(fails(&src, who, text), "the input does not fail that way");
    let mut lines: Vec<String> = src
        .lines()
        .filter(|l| !l.starts_with("//"))
        .map(String::from)
        .collect();
    loop {
        let before = lines.len();
        // Whole blocks first, then single lines.
        let mut i = 0;
        while i < lines.len() {
            if let Some(j) = block_end(&lines, i) {
                let mut t = lines.clone();
                t.drain(i..=j);
                if fails(&t.join("\n"), who, text) {
                    lines = t;
                    continue;
                }
                // Keep the body, drop the braces (unwrap the block).
                let mut t = lines.clone();
                t.remove(j);
                t.remove(i);
                if fails(&t.join("\n"), who, text) {
                    lines = t;
                    continue;
                }
            }
            let mut t = lines.clone();
            t.remove(i);
            if fails(&t.join("\n"), who, text) {
                lines = t;
                continue;
            }
            i += 1;
        }
        if lines.len() == before {
            break;
        }
    }
    println!("{}", lines.join("\n"));
}
