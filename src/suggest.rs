//! "Did you mean" suggestions for misspelt names: the closest known name by
//! edit distance, when it is close enough to be a typo.
//!
//! The distance is the optimal-string-alignment form of Damerau-Levenshtein
//! (insertions, deletions, substitutions and swaps of two neighbouring
//! characters cost 1 each), counted in characters. A candidate is close
//! enough when its distance is at most a third of the written name's length,
//! and at least 1 (so `mian` suggests `main`, but `foo` never suggests
//! `bar`). A one-character name gets no suggestion: any other short name
//! would be "close". Names longer than [`MAX_LEN`] characters get no
//! suggestion either, which bounds the work per candidate.

/// Names longer than this (in characters) get no suggestion.
pub(crate) const MAX_LEN: usize = 64;

/// The largest distance accepted for a written name of `len` characters.
pub(crate) fn threshold(len: usize) -> usize {
    if len <= 1 {
        0
    } else {
        (len / 3).max(1)
    }
}

/// The edit distance between `a` and `b`, or `None` if it exceeds `limit`.
pub(crate) fn distance(a: &str, b: &str, limit: usize) -> Option<usize> {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    if a.len().abs_diff(b.len()) > limit {
        return None;
    }
    // Three rows of the dynamic-programming table: i-2, i-1 and i.
    let n = b.len();
    let mut before: Vec<usize> = vec![0; n + 1];
    let mut prev: Vec<usize> = (0..=n).collect();
    let mut cur: Vec<usize> = vec![0; n + 1];
    for i in 1..=a.len() {
        cur[0] = i;
        let mut row_min = cur[0];
        for j in 1..=n {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut d = (prev[j - 1] + cost).min(prev[j] + 1).min(cur[j - 1] + 1);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d = d.min(before[j - 2] + 1);
            }
            cur[j] = d;
            row_min = row_min.min(d);
        }
        // Every later row is at least this row's minimum.
        if row_min > limit {
            return None;
        }
        std::mem::swap(&mut before, &mut prev);
        std::mem::swap(&mut prev, &mut cur);
    }
    Some(prev[n]).filter(|&d| d <= limit)
}

/// The candidate closest to `written`, if one is close enough to be a
/// misspelling of it (see the module docs). Candidates equal to `written`
/// are skipped (the name exists, but not as what was asked for). Ties go
/// to a candidate at least as long as `written`, then to the alphabetically
/// first, so the answer does not depend on the candidates' order.
pub(crate) fn closest<'c>(
    written: &str,
    candidates: impl IntoIterator<Item = &'c str>,
) -> Option<&'c str> {
    let len = written.chars().count();
    if len == 0 || len > MAX_LEN {
        return None;
    }
    let limit = threshold(len);
    if limit == 0 {
        return None;
    }
    let mut best: Option<(usize, bool, &'c str)> = None;
    for c in candidates {
        if c == written {
            continue;
        }
        let bound = best.map_or(limit, |(d, _, _)| d.min(limit));
        let Some(d) = distance(written, c, bound) else {
            continue;
        };
        // Ties: a candidate at least as long as the written name first
        // (dropped letters are the commonest typo), then alphabetical.
        let key = (d, c.chars().count() < len, c);
        match best {
            Some(b) if b <= key => {}
            _ => best = Some(key),
        }
    }
    best.map(|(_, _, c)| c)
}

impl crate::diagnostic::Diagnostic {
    /// Adds a `help: did you mean 'name'?` note when one of `candidates`
    /// is close enough to `written` (see [`closest`]).
    pub(crate) fn with_closest<'c>(
        self,
        written: &str,
        candidates: impl IntoIterator<Item = &'c str>,
    ) -> Self {
        match closest(written, candidates) {
            Some(name) => self.with_help(format!("did you mean '{name}'?")),
            None => self,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances() {
        assert_eq!(distance("kitten", "sitting", 10), Some(3));
        assert_eq!(distance("same", "same", 0), Some(0));
        assert_eq!(distance("", "abc", 3), Some(3));
        assert_eq!(distance("abc", "", 3), Some(3));
        // A swap of neighbours costs one.
        assert_eq!(distance("mian", "main", 1), Some(1));
        assert_eq!(distance("ca", "abc", 3), Some(3));
        // Over the limit: none, also when found early from the lengths.
        assert_eq!(distance("kitten", "sitting", 2), None);
        assert_eq!(distance("a", "abcdef", 2), None);
        // Characters, not bytes.
        assert_eq!(distance("größe", "grösse", 5), Some(2));
    }

    #[test]
    fn thresholds() {
        assert_eq!(threshold(1), 0);
        assert_eq!(threshold(2), 1);
        assert_eq!(threshold(5), 1);
        assert_eq!(threshold(6), 2);
        assert_eq!(threshold(9), 3);
    }

    #[test]
    fn closest_names() {
        let names = ["main", "helper", "counter", "count"];
        assert_eq!(closest("mian", names), Some("main"));
        assert_eq!(closest("helpr", names), Some("helper"));
        assert_eq!(closest("coutn", names), Some("count"));
        assert_eq!(closest("foo", names), None);
        // The name itself is not suggested.
        assert_eq!(closest("main", names), None);
        // Ties: alphabetically first, whatever the order.
        assert_eq!(closest("ab", ["ac", "aa"]), Some("aa"));
        assert_eq!(closest("ab", ["aa", "ac"]), Some("aa"));
        // Ties: a dropped letter before an extra one.
        assert_eq!(closest("bf", ["b", "buf"]), Some("buf"));
        assert_eq!(closest("bf", ["buf", "b"]), Some("buf"));
        // Too long or empty: nothing.
        assert_eq!(closest(&"x".repeat(MAX_LEN + 1), ["x"]), None);
        assert_eq!(closest("", ["x"]), None);
        // One character: every one-character name would be close.
        assert_eq!(closest("c", ["a", "b", "cd"]), None);
        assert_eq!(closest("cd", ["c"]), Some("c"));
    }

    #[test]
    fn help_notes() {
        let d = crate::diagnostic::Diagnostic::error("unknown", crate::span::Span::new(0, 1));
        let d = d.with_closest("mian", ["main", "other"]);
        assert_eq!(d.notes, ["help: did you mean 'main'?"]);
        let d = d.with_closest("zzz", ["main"]);
        assert_eq!(d.notes.len(), 1);
    }
}
