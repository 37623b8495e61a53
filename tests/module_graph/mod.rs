//! A reader of a Rust crate's module tree and of the imports between its
//! files, for the architecture tests: which file declares which module
//! (`mod x;`, `#[path]`, test modules left out), and which module paths
//! each file names (`use` trees, and `crate::`/`super::`/`self::` paths and
//! paths through an imported module in the code), resolved to the file
//! that defines them (following `pub use` re-exports).

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::Path;

/// A module path from the crate root, e.g. `["back", "spv"]`.
pub type ModPath = Vec<String>;

/// A crate as read from disk.
pub struct Crate {
    /// File (relative to the repository) of each module path.
    pub files: HashMap<ModPath, String>,
    /// Module path of each file.
    pub modules: BTreeMap<String, ModPath>,
    /// Lines of each production file.
    pub lines: BTreeMap<String, usize>,
    /// The absolute paths each file names (modules or items in them).
    pub imports: BTreeMap<String, Vec<ModPath>>,
    /// Per file, the names its `pub use` items bind, to absolute paths.
    reexports: HashMap<String, HashMap<String, ModPath>>,
}

impl Crate {
    /// Reads the crate whose root file is `root_file` (relative to `repo`).
    pub fn read(repo: &Path, root_file: &str, _name: &str) -> Crate {
        let mut c = Crate {
            files: HashMap::new(),
            modules: BTreeMap::new(),
            lines: BTreeMap::new(),
            imports: BTreeMap::new(),
            reexports: HashMap::new(),
        };
        let mut sources = BTreeMap::new();
        c.declare(repo, root_file, Vec::new(), &mut sources);
        for (file, text) in &sources {
            let module = c.modules[file].clone();
            let (imports, reexports) = c.imports_of(&module, text);
            c.imports.insert(file.clone(), imports);
            c.reexports.insert(file.clone(), reexports);
        }
        c
    }

    fn declare(
        &mut self,
        repo: &Path,
        file: &str,
        module: ModPath,
        sources: &mut BTreeMap<String, String>,
    ) {
        let Ok(text) = std::fs::read_to_string(repo.join(file)) else {
            panic!("cannot read {file}");
        };
        self.lines.insert(file.to_string(), text.lines().count());
        self.files.insert(module.clone(), file.to_string());
        self.modules.insert(file.to_string(), module.clone());
        let code = strip(&text);
        let dir = Path::new(file).parent().unwrap_or(Path::new(""));
        let stem = Path::new(file)
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or("");
        let child_dir = if matches!(stem, "lib" | "main" | "mod") {
            dir.to_path_buf()
        } else {
            dir.join(stem)
        };
        let lines: Vec<&str> = code.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            let Some(name) = mod_declaration(line) else {
                continue;
            };
            // The attributes just above.
            let mut path_attr = None;
            let mut test = false;
            for above in lines[..i].iter().rev().map(|l| l.trim()) {
                if !above.starts_with("#[") {
                    break;
                }
                test |= above.starts_with("#[cfg(test)]") || above.starts_with("#[cfg(all(test");
                if let Some(rest) = above.strip_prefix("#[path = \"") {
                    path_attr = rest.split('"').next().map(str::to_string);
                }
            }
            if test {
                continue;
            }
            let child = match path_attr {
                Some(p) => dir.join(p),
                None => {
                    let flat = child_dir.join(format!("{name}.rs"));
                    if repo.join(&flat).is_file() {
                        flat
                    } else {
                        child_dir.join(&name).join("mod.rs")
                    }
                }
            };
            let child = child.to_string_lossy().replace('\\', "/");
            let mut m = module.clone();
            m.push(name);
            self.declare(repo, &child, m, sources);
        }
        sources.insert(file.to_string(), code);
    }

    /// The absolute paths `text` (of module `module`) names, and what its
    /// `pub use` items bind.
    fn imports_of(&self, module: &ModPath, text: &str) -> (Vec<ModPath>, HashMap<String, ModPath>) {
        let mut out = Vec::new();
        let mut reexports = HashMap::new();
        // Names bound to modules by `use` (for paths through them).
        let mut aliases: HashMap<String, ModPath> = HashMap::new();
        for (public, tree) in use_items(text) {
            for (path, binding) in expand_use_tree(&tree) {
                let Some(abs) = self.absolute(module, &path, &aliases) else {
                    continue;
                };
                if let Some(b) = binding {
                    if self.files.contains_key(&abs) {
                        aliases.insert(b.clone(), abs.clone());
                    }
                    if public {
                        reexports.insert(b, abs.clone());
                    }
                }
                out.push(abs);
            }
        }
        for chain in path_chains(text) {
            if let Some(abs) = self.absolute(module, &chain, &aliases) {
                out.push(abs);
            }
        }
        (out, reexports)
    }

    /// `path` as named in `module` made absolute, or `None` for a path
    /// outside the crate.
    fn absolute(
        &self,
        module: &ModPath,
        path: &[String],
        aliases: &HashMap<String, ModPath>,
    ) -> Option<ModPath> {
        let first = path.first()?;
        let mut base: ModPath;
        let mut rest = &path[1..];
        match first.as_str() {
            "crate" => base = Vec::new(),
            "self" => base = module.clone(),
            "super" => {
                base = module.clone();
                base.pop();
                while rest.first().is_some_and(|s| s == "super") {
                    base.pop();
                    rest = &rest[1..];
                }
            }
            name => {
                let mut child = module.clone();
                child.push(name.to_string());
                if self.files.contains_key(&child) {
                    base = child;
                } else if let Some(a) = aliases.get(name) {
                    base = a.clone();
                } else {
                    return None;
                }
            }
        }
        base.extend(rest.iter().cloned());
        Some(base)
    }

    /// The file that defines what `path` names: its longest module prefix,
    /// through re-exports.
    pub fn resolve(&self, path: &[String]) -> Option<&String> {
        let mut path = path.to_vec();
        for _ in 0..8 {
            let k = (0..=path.len())
                .rev()
                .find(|&k| self.files.contains_key(&path[..k]))?;
            let file = &self.files[&path[..k]];
            let Some(item) = path.get(k) else {
                return Some(file);
            };
            match self.reexports.get(file).and_then(|r| r.get(item)) {
                Some(target) if target[..] != path[..] => {
                    let mut next = target.clone();
                    next.extend(path[k + 1..].iter().cloned());
                    path = next;
                }
                _ => return Some(file),
            }
        }
        None
    }
}

/// The file-to-file import graph of a crate.
pub struct Graph {
    edges: BTreeMap<String, BTreeSet<String>>,
}

impl Graph {
    /// The graph of `c`'s files. An import between a module and one of
    /// its ancestors (a child naming its parent's items through `super`, a
    /// parent re-exporting or using its children) is the module's face,
    /// not a dependency between peers, and is left out, as the structure
    /// viewer does.
    pub fn of(c: &Crate) -> Graph {
        let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for (file, imports) in &c.imports {
            let from = &c.modules[file];
            let set = edges.entry(file.clone()).or_default();
            for path in imports {
                let Some(target) = c.resolve(path) else {
                    continue;
                };
                let to = &c.modules[target];
                if to.starts_with(from) || from.starts_with(to) {
                    continue;
                }
                set.insert(target.clone());
            }
        }
        Graph { edges }
    }

    /// Whether `from` imports `to` directly.
    pub fn imports(&self, from: &str, to: &str) -> bool {
        self.edges.get(from).is_some_and(|s| s.contains(to))
    }

    /// The strongly connected components of more than one file, each
    /// sorted (Tarjan's algorithm).
    pub fn circles(&self) -> Vec<Vec<String>> {
        struct State<'a> {
            g: &'a Graph,
            index: HashMap<&'a str, usize>,
            low: HashMap<&'a str, usize>,
            stack: Vec<&'a str>,
            on_stack: BTreeSet<&'a str>,
            out: Vec<Vec<String>>,
        }
        fn visit<'a>(s: &mut State<'a>, v: &'a str) {
            let i = s.index.len();
            s.index.insert(v, i);
            s.low.insert(v, i);
            s.stack.push(v);
            s.on_stack.insert(v);
            let g = s.g;
            for w in g.edges.get(v).into_iter().flatten() {
                let w = w.as_str();
                if !s.index.contains_key(w) {
                    visit(s, w);
                    let lw = s.low[w];
                    let lv = s.low.get_mut(v).unwrap();
                    *lv = (*lv).min(lw);
                } else if s.on_stack.contains(w) {
                    let iw = s.index[w];
                    let lv = s.low.get_mut(v).unwrap();
                    *lv = (*lv).min(iw);
                }
            }
            if s.low[v] == s.index[v] {
                let mut comp = Vec::new();
                while let Some(w) = s.stack.pop() {
                    s.on_stack.remove(w);
                    comp.push(w.to_string());
                    if w == v {
                        break;
                    }
                }
                if comp.len() > 1 {
                    comp.sort();
                    s.out.push(comp);
                }
            }
        }
        let mut s = State {
            g: self,
            index: HashMap::new(),
            low: HashMap::new(),
            stack: Vec::new(),
            on_stack: BTreeSet::new(),
            out: Vec::new(),
        };
        for v in self.edges.keys() {
            if !s.index.contains_key(v.as_str()) {
                visit(&mut s, v);
            }
        }
        s.out.sort();
        s.out
    }
}

/// `text` without comments and inline
/// `#[cfg(test)]` modules.
fn strip(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i..].starts_with(b"//") {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if b[i..].starts_with(b"/*") {
            i += 2;
            while i < b.len() && !b[i..].starts_with(b"*/") {
                i += 1;
            }
            i += 2;
        } else if b[i] == b'"' {
            // Strings are kept whole (a `#[path]` names its file in one),
            // skipped over so that `//` inside them is no comment.
            let s = i;
            i += 1;
            while i < b.len() && b[i] != b'"' {
                if b[i] == b'\\' {
                    i += 1;
                }
                i += 1;
            }
            i = (i + 1).min(b.len());
            out.push_str(&text[s..i]);
        } else if b[i] == b'\'' && b.get(i + 2) == Some(&b'\'') {
            // A character literal ('{' and the like).
            i += 3;
        } else if b[i..].starts_with(b"'\\") {
            i += 2;
            while i < b.len() && b[i] != b'\'' {
                i += 1;
            }
            i += 1;
        } else {
            let ch = text[i..].chars().next().unwrap_or(' ');
            out.push(ch);
            i += ch.len_utf8();
        }
    }
    // Inline test modules.
    let mut kept = String::with_capacity(out.len());
    let lines: Vec<&str> = out.lines().collect();
    let mut k = 0;
    while k < lines.len() {
        let t = lines[k].trim();
        if t.starts_with("#[cfg(test)]") {
            // Skip the attributes and the item after them when it is a
            // module with a body.
            let mut j = k + 1;
            while j < lines.len() && lines[j].trim().starts_with("#[") {
                j += 1;
            }
            if j < lines.len() && lines[j].contains("mod ") && lines[j].contains('{') {
                let mut depth = 0i32;
                let mut m = j;
                while m < lines.len() {
                    depth += lines[m].matches('{').count() as i32;
                    depth -= lines[m].matches('}').count() as i32;
                    m += 1;
                    if depth <= 0 {
                        break;
                    }
                }
                for _ in k..m {
                    kept.push('\n');
                }
                k = m;
                continue;
            }
        }
        kept.push_str(lines[k]);
        kept.push('\n');
        k += 1;
    }
    kept
}

/// The name of the module `line` declares without a body (`mod x;`).
fn mod_declaration(line: &str) -> Option<String> {
    let mut t = line.trim();
    for vis in ["pub(crate) ", "pub(super) ", "pub "] {
        if let Some(r) = t.strip_prefix(vis) {
            t = r;
        }
    }
    let name = t.strip_prefix("mod ")?.strip_suffix(';')?.trim();
    name.chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '_')
        .then(|| name.to_string())
}

/// The `use` items of `text`: whether public, and the tree's text.
fn use_items(text: &str) -> Vec<(bool, String)> {
    let mut out = Vec::new();
    let words: Vec<(usize, &str)> = word_starts(text);
    for (at, w) in words {
        if w != "use" {
            continue;
        }
        // A `use` at the start of an item: after `;`, `{`, `}`, `]` or a
        // visibility.
        let before = text[..at].trim_end();
        let public = before.ends_with("pub") || before.ends_with(')') && before.contains("pub(");
        let ok = public
            || before.is_empty()
            || before.ends_with(';')
            || before.ends_with('{')
            || before.ends_with('}')
            || before.ends_with(']');
        if !ok {
            continue;
        }
        let rest = &text[at + 3..];
        if let Some(end) = rest.find(';') {
            let tree = rest[..end].replace(" as ", "@");
            let tree: String = tree.split_whitespace().collect();
            // Only a use tree's characters (not `use` in a string).
            if tree
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "_:{},*@".contains(c))
            {
                out.push((public, tree));
            }
        }
    }
    out
}

fn word_starts(text: &str) -> Vec<(usize, &str)> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_alphabetic() || b[i] == b'_' {
            let s = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            let prev = s.checked_sub(1).map(|p| b[p]);
            if !matches!(prev, Some(c) if c == b':' || c.is_ascii_alphanumeric()) {
                out.push((s, &text[s..i]));
            }
        } else {
            i += 1;
        }
    }
    out
}

/// The paths a use tree (whitespace removed, `as` written `@`) imports,
/// each with the name it binds (`None` for globs).
fn expand_use_tree(tree: &str) -> Vec<(Vec<String>, Option<String>)> {
    fn go(prefix: &[String], t: &str, out: &mut Vec<(Vec<String>, Option<String>)>) {
        let t = t.trim_start_matches("::");
        if let Some(open) = t.find('{') {
            if !t[..open].contains('@') {
                let mut p = prefix.to_vec();
                p.extend(segments(&t[..open]));
                let close = t.rfind('}').filter(|&c| c > open).unwrap_or(t.len());
                let inner = &t[open + 1..close];
                for part in split_top(inner) {
                    if part == "self" {
                        out.push((p.clone(), p.last().cloned()));
                    } else if !part.is_empty() {
                        go(&p, &part, out);
                    }
                }
                return;
            }
        }
        let (path, alias) = match t.split_once('@') {
            Some((a, b)) => (a, Some(b.to_string())),
            None => (t, None),
        };
        let mut p = prefix.to_vec();
        let segs = segments(path);
        let glob = segs.last().is_some_and(|s| s == "*");
        p.extend(segs.into_iter().filter(|s| s != "*"));
        let binding = if glob {
            None
        } else {
            alias.or_else(|| p.last().cloned())
        };
        out.push((p, binding));
    }
    let mut out = Vec::new();
    go(&[], tree, &mut out);
    out
}

fn segments(path: &str) -> Vec<String> {
    path.split("::")
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect()
}

/// Splits at the commas not inside braces.
fn split_top(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut depth = 0;
    let mut cur = String::new();
    for c in s.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                out.push(std::mem::take(&mut cur));
                continue;
            }
            _ => {}
        }
        cur.push(c);
    }
    out.push(cur);
    out
}

/// Every chain `a::b::c` of two or more identifiers in the code (the
/// first segment and all the rest); generic arguments and turbofish end
/// the chain.
fn path_chains(text: &str) -> Vec<Vec<String>> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    let ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    while i < b.len() {
        let starts_word = (b[i].is_ascii_alphabetic() || b[i] == b'_')
            && (i == 0 || !(ident(b[i - 1]) || b[i - 1] == b':'));
        if !starts_word {
            i += 1;
            continue;
        }
        let mut segs = Vec::new();
        let mut j = i;
        loop {
            let s = j;
            while j < b.len() && ident(b[j]) {
                j += 1;
            }
            segs.push(text[s..j].to_string());
            if b[j..].starts_with(b"::")
                && b.get(j + 2)
                    .is_some_and(|&c| c.is_ascii_alphabetic() || c == b'_')
            {
                j += 2;
            } else {
                break;
            }
        }
        if segs.len() > 1 {
            out.push(segs);
        }
        i = j.max(i + 1);
    }
    out
}
