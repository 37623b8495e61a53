//! `cargo run -p tessera-difftest --example diffrun -- FROM TO`: runs the
//! programs for seeds FROM..TO on the first Vulkan device (lavapipe where
//! there is no GPU), compiled by tessera and by naga 30, and prints every
//! seed whose output buffers differ. A sanity check of the generator (the
//! differential runner proper lives elsewhere): a difference is a compiler
//! bug or a generator bug.
//!
//! `diffrun reduce SEED`: removes lines and blocks of that program while the
//! outputs still differ (never a barrier or a loop's counter update), and
//! prints what is left.
use std::collections::BTreeMap;

use tessera_difftest::{check, generate, GenOptions};
use tessera_runner::run;
use tessera_runner::vulkan::{Device, DeviceChoice, Resource};

/// The writable buffers after running `wgsl` compiled by tessera and by
/// naga (`None`: a compiler rejects it or a run fails).
#[allow(clippy::type_complexity)]
fn run_both(
    device: &Device,
    wgsl: &str,
    p: &tessera_difftest::Program,
) -> Result<(BTreeMap<u32, Vec<u8>>, BTreeMap<u32, Vec<u8>>), String> {
    let naga_words =
        check::naga_spirv(wgsl).map_err(|e| format!("naga: {}", e.lines().next().unwrap_or("")))?;
    let mut compiled =
        run::compile(device, wgsl, &Default::default()).map_err(|e| format!("tessera: {e}"))?;
    let used: Vec<(u32, u32)> = compiled
        .entry()
        .bindings
        .iter()
        .map(|b| (b.group, b.binding))
        .collect();
    let mut given = run::Given::default();
    for b in &p.buffers {
        if used.contains(&(b.group, b.binding)) {
            given.buffers.insert((b.group, b.binding), b.init.clone());
        }
    }
    let outputs = |compiled: &run::Compiled| -> Result<BTreeMap<u32, Vec<u8>>, String> {
        let bound = run::bind(compiled, &given).map_err(|e| e.to_string())?;
        let out = run::run(device, compiled, bound, p.dispatch).map_err(|e| e.to_string())?;
        Ok(out
            .bound
            .into_iter()
            .filter(|b| b.writable)
            .filter_map(|b| match b.resource {
                Resource::Buffer { data, .. } => Some((b.binding, data)),
                _ => None,
            })
            .collect())
    };
    let t = outputs(&compiled)?;
    compiled.output.words = naga_words;
    let n = outputs(&compiled)?;
    Ok((t, n))
}

fn words(v: &[u8]) -> Vec<u32> {
    v.chunks(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

/// Lines the reducer must keep: removing them could make the program
/// racy or endless.
fn keep(line: &str) -> bool {
    let t = line.trim();
    t.contains("Barrier") || t.contains("break if") || t.contains("{ break; }") || {
        let w: Vec<&str> = t.split_whitespace().collect();
        w.len() == 3 && w[1] == "+=" && (w[2] == "1u;" || w[2] == "1i;")
    }
}

fn reduce(device: &Device, seed: u64) {
    let p = generate(seed, &GenOptions::default());
    let differs = |src: &str| matches!(run_both(device, src, &p), Ok((t, n)) if t != n);
    assert!(differs(&p.wgsl), "seed {seed}: the outputs do not differ");
    let mut lines: Vec<String> = p
        .wgsl
        .lines()
        .filter(|l| !l.starts_with("//"))
        .map(String::from)
        .collect();
    let block_end = |lines: &[String], i: usize| -> Option<usize> {
        let mut depth = 0i32;
        for (j, l) in lines.iter().enumerate().skip(i) {
            depth += l.matches('{').count() as i32 - l.matches('}').count() as i32;
            if depth <= 0 {
                return if j > i { Some(j) } else { None };
            }
        }
        None
    };
    loop {
        let before = lines.len();
        let mut i = 0;
        while i < lines.len() {
            if let Some(j) = block_end(&lines, i) {
                if !lines[i..=j].iter().any(|l| keep(l)) {
                    let mut t = lines.clone();
                    t.drain(i..=j);
                    if differs(&t.join("\n")) {
                        lines = t;
                        continue;
                    }
                }
                let header = lines[i].trim_start();
                if !header.starts_with("loop")
                    && !header.starts_with("while")
                    && !header.starts_with("for")
                {
                    let mut t = lines.clone();
                    t.remove(j);
                    t.remove(i);
                    if differs(&t.join("\n")) {
                        lines = t;
                        continue;
                    }
                }
            }
            if !keep(&lines[i]) && !lines[i].contains('{') && !lines[i].contains('}') {
                let mut t = lines.clone();
                t.remove(i);
                if differs(&t.join("\n")) {
                    lines = t;
                    continue;
                }
            }
            i += 1;
        }
        if lines.len() == before {
            break;
        }
    }
    let src = lines.join("\n");
    println!("{src}");
    if let Ok((t, n)) = run_both(device, &src, &p) {
        for (b, tb) in &t {
            let (tw, nw) = (words(tb), words(&n[b]));
            for i in (0..tw.len()).filter(|&i| tw[i] != nw[i]).take(8) {
                println!(
                    "// binding {b} word {i}: tessera {:#x}, naga {:#x}",
                    tw[i], nw[i]
                );
            }
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let device = Device::open(&DeviceChoice::First, false).expect("no Vulkan device");
    if args[0] == "reduce" {
        return reduce(&device, args[1].parse().unwrap());
    }
    if args[0] == "file" {
        // `diffrun file SEED F.wgsl`: runs F with seed SEED's buffers.
        let p = generate(args[1].parse().unwrap(), &GenOptions::default());
        let src = std::fs::read_to_string(&args[2]).unwrap();
        match run_both(&device, &src, &p) {
            Ok((t, n)) => {
                for (b, tb) in &t {
                    println!("binding {b}: tessera {:x?}", words(tb));
                    println!("binding {b}: naga    {:x?}", words(&n[b]));
                }
            }
            Err(e) => println!("{e}"),
        }
        return;
    }
    let a: Vec<u64> = args.iter().map(|x| x.parse().unwrap()).collect();
    println!("device: {}", device.info.name);
    let (mut same, mut differ, mut skipped) = (0, 0, 0);
    for seed in a[0]..a[1] {
        let p = generate(seed, &GenOptions::default());
        match run_both(&device, &p.wgsl, &p) {
            Ok((t, n)) if t == n => same += 1,
            Ok((t, n)) => {
                differ += 1;
                for (binding, tb) in &t {
                    let (tw, nw) = (words(tb), words(&n[binding]));
                    let diffs: Vec<usize> = (0..tw.len()).filter(|&i| tw[i] != nw[i]).collect();
                    if !diffs.is_empty() {
                        println!(
                            "seed {seed}: binding {binding}: {} of {} words differ, first at {} (tessera {:#x}, naga {:#x})",
                            diffs.len(),
                            tw.len(),
                            diffs[0],
                            tw[diffs[0]],
                            nw[diffs[0]]
                        );
                    }
                }
            }
            Err(e) if e.starts_with("naga") || e.starts_with("tessera") => skipped += 1,
            Err(e) => {
                skipped += 1;
                println!("seed {seed}: run failed: {e}");
            }
        }
    }
    println!("same {same}, different {differ}, skipped {skipped}");
}
