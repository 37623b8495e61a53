//! Temporary: round trip over the Tint corpus.
#[test]
fn corpus_sweep() {
    let mut ok = 0;
    let mut skipped = 0;
    let mut failures = Vec::new();
    let mut entries = Vec::new();
    let mut dirs = vec![std::path::PathBuf::from(
        "/work/shared/corpus/tint-subgroup-matrix",
    )];
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                dirs.push(p)
            } else if p.extension().is_some_and(|x| x == "wgsl") {
                entries.push(p)
            }
        }
    }
    entries.sort();
    for path in entries {
        let src = std::fs::read_to_string(&path).unwrap();
        let Ok(p) = crate::front::wgsl::parse_str(&src) else {
            skipped += 1;
            continue;
        };
        let Ok(info) = crate::valid::validate(&p.module) else {
            skipped += 1;
            continue;
        };
        let first = match super::write(&p.module, &info) {
            Ok(s) => s,
            Err(e) => {
                failures.push(format!("{}: write: {e}", path.display()));
                continue;
            }
        };
        let p2 = match crate::front::wgsl::parse_str(&first) {
            Ok(p) => p,
            Err(e) => {
                failures.push(format!(
                    "{}: reparse:\n{}\n{first}",
                    path.display(),
                    e.render("out.wgsl", &first)
                ));
                continue;
            }
        };
        let second = match super::write(&p2.module, &info) {
            Ok(s) => s,
            Err(e) => {
                failures.push(format!("{}: write2: {e}", path.display()));
                continue;
            }
        };
        if first != second {
            failures.push(format!(
                "{}: not fixed:\n{first}\n----\n{second}",
                path.display()
            ));
            continue;
        }
        ok += 1;
        let _ = std::fs::create_dir_all("/tmp/wgslout");
        let _ = std::fs::write(
            format!(
                "/tmp/wgslout/{}",
                path.file_name().unwrap().to_string_lossy()
            ),
            &first,
        );
    }
    for f in failures.iter().take(6) {
        println!("{f}\n======");
    }
    println!("ok {ok} skipped {skipped} failed {}", failures.len());
}
// sweep
