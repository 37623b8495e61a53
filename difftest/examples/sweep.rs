//! `cargo run -p tessera-difftest --example sweep -- FROM TO [small]`:
//! compiles the programs for seeds FROM..TO with tessera and naga, groups
//! the rejections by message and prints the shortest program of each group
//! (with `small`, programs are generated with small sizes, for reproducers).
use std::collections::BTreeMap;

use tessera_difftest::{check, generate, GenOptions};

fn key(e: &str) -> String {
    let first: String = e.lines().take(1).collect();
    let cause: Vec<&str> = e
        .lines()
        .filter(|l| l.trim_start().starts_with("= ") || l.contains("caused by"))
        .collect();
    let k = format!("{first} {}", cause.join(" "));
    k.chars()
        .map(|c| if c.is_ascii_digit() { '#' } else { c })
        .collect::<String>()
        .split("'")
        .enumerate()
        .map(|(i, s)| if i % 2 == 1 { "_" } else { s })
        .collect::<Vec<_>>()
        .join("'")
}

fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    let (from, to): (u64, u64) = (a[0].parse().unwrap(), a[1].parse().unwrap());
    let mut o = GenOptions::default();
    if a.get(2).map(String::as_str) == Some("small") {
        o = GenOptions::small();
    }
    let (mut t_ok, mut n_ok) = (0, 0);
    let mut groups: BTreeMap<String, (usize, u64, String, usize)> = BTreeMap::new();
    for seed in from..to {
        eprintln!("seed {seed}");
        let p = generate(seed, &o);
        let lines = p.wgsl.lines().count();
        for (who, r) in [
            ("tessera", check::tessera_spirv(&p.wgsl)),
            ("naga", check::naga_spirv(&p.wgsl)),
        ] {
            match r {
                Ok(_) => {
                    if who == "tessera" {
                        t_ok += 1
                    } else {
                        n_ok += 1
                    }
                }
                Err(e) => {
                    let k = format!("{who}: {}", key(&e));
                    let g = groups.entry(k).or_insert((usize::MAX, 0, String::new(), 0));
                    g.3 += 1;
                    if lines < g.0 {
                        *g = (lines, seed, e, g.3);
                    }
                }
            }
        }
    }
    for (k, (lines, seed, e, n)) in &groups {
        println!("== {n}x {k}\n   shortest: seed {seed} ({lines} lines)");
        for l in e.lines().take(30) {
            println!("   {}", &l[..l.len().min(240)]);
        }
    }
    println!("tessera {t_ok}/{} naga {n_ok}/{}", to - from, to - from);
}
