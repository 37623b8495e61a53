//! Shrinking a program while it still shows a failure: whole brace blocks
//! first, then a block's braces alone (its body kept), then single lines,
//! until nothing more can go. The result is a reproducer to finish by
//! hand.
//!
//! Lines `keep` names are never removed: a differential failure must stay
//! free of undefined behaviour, so a barrier, a loop's exit and a loop
//! counter's update stay ([`keep_for_runs`]).

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

/// Lines a reduction for a run must keep: removing them could make the
/// program racy or endless (barriers, `break if`, `{ break; }`, a counter's
/// `+= 1`).
pub fn keep_for_runs(line: &str) -> bool {
    let t = line.trim();
    t.contains("Barrier") || t.contains("break if") || t.contains("{ break; }") || {
        let w: Vec<&str> = t.split_whitespace().collect();
        w.len() == 3 && w[1] == "+=" && (w[2] == "1u;" || w[2] == "1i;")
    }
}

/// `source` (its comment lines dropped) shrunk while `still` holds.
pub fn reduce(
    source: &str,
    keep: impl Fn(&str) -> bool,
    mut still: impl FnMut(&str) -> bool,
) -> String {
    let mut lines: Vec<String> = source
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .map(String::from)
        .collect();
    loop {
        let before = lines.len();
        let mut i = 0;
        while i < lines.len() {
            if let Some(j) = block_end(&lines, i) {
                if !lines[i..=j].iter().any(|l| keep(l)) {
                    let mut t = lines.clone();
                    t.drain(i..=j);
                    if still(&t.join("\n")) {
                        lines = t;
                        continue;
                    }
                }
                let header = lines[i].trim_start();
                let is_loop = ["loop", "while", "for"]
                    .iter()
                    .any(|k| header.starts_with(k));
                if !is_loop {
                    let mut t = lines.clone();
                    t.remove(j);
                    t.remove(i);
                    if still(&t.join("\n")) {
                        lines = t;
                        continue;
                    }
                }
            }
            if !keep(&lines[i]) && !lines[i].contains('{') && !lines[i].contains('}') {
                let mut t = lines.clone();
                t.remove(i);
                if still(&t.join("\n")) {
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
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn removes_what_the_predicate_does_not_need() {
        let src = "fn a() {\n  let x = 1;\n  let y = 2;\n}\nfn b() {\n  KEEP;\n}\n// comment";
        let out = reduce(
            src,
            |l| l.contains("KEEP"),
            |s| s.contains("KEEP") && s.contains("y"),
        );
        assert_eq!(out, "  let y = 2;\n  KEEP;");
    }
}
