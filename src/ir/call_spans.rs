//! The source spans of the arguments of a function's user-function calls
//! ([`crate::ir::Function::call_argument_spans`]), in two flat vectors: a
//! function of many calls costs two allocations, not a hash table and a
//! vector per call.

use crate::span::Span;

/// The span of each argument of each call, found by the call's span.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CallArgumentSpans {
    /// Per call: its span, and where its argument spans are in `spans`
    /// (start, count); sorted by the call's span.
    calls: Vec<(Span, u32, u32)>,
    /// Every call's argument spans, back to back.
    spans: Vec<Span>,
}

impl CallArgumentSpans {
    /// Records the argument spans of the call at `call` (replacing any it
    /// had). A call's entry lands at the end when calls are recorded in
    /// source order, the usual case; an outer call recorded after the
    /// calls in its arguments moves only those.
    pub fn insert(&mut self, call: Span, arguments: &[Span]) {
        let (Ok(start), Ok(count)) = (
            u32::try_from(self.spans.len()),
            u32::try_from(arguments.len()),
        ) else {
            // Beyond 32-bit offsets (no real function): not recorded, so
            // diagnostics fall back to the argument expressions' spans.
            return;
        };
        self.spans.extend_from_slice(arguments);
        let at = self.calls.partition_point(|&(s, _, _)| s < call);
        match self.calls.get_mut(at) {
            Some(entry) if entry.0 == call => *entry = (call, start, count),
            _ => self.calls.insert(at, (call, start, count)),
        }
    }

    /// The argument spans of the call at `call`, if recorded.
    pub fn get(&self, call: Span) -> Option<&[Span]> {
        let at = self
            .calls
            .binary_search_by(|&(s, _, _)| s.cmp(&call))
            .ok()?;
        let (_, start, count) = self.calls[at];
        self.spans
            .get(start as usize..start as usize + count as usize)
    }

    /// The number of calls recorded.
    pub fn len(&self) -> usize {
        self.calls.len()
    }

    /// Whether no call is recorded.
    pub fn is_empty(&self) -> bool {
        self.calls.is_empty()
    }

    /// Gives back spare capacity.
    pub fn shrink_to_fit(&mut self) {
        crate::arena::shrink_vec(&mut self.calls);
        crate::arena::shrink_vec(&mut self.spans);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_calls_recorded_in_any_order_and_replaces() {
        let mut c = CallArgumentSpans::default();
        assert!(c.is_empty());
        // An inner call (later span) is recorded before its outer call.
        c.insert(Span::new(10, 20), &[Span::new(12, 13)]);
        c.insert(Span::new(0, 30), &[Span::new(2, 3), Span::new(10, 20)]);
        c.insert(Span::new(40, 50), &[]);
        assert_eq!(c.len(), 3);
        assert_eq!(c.get(Span::new(10, 20)), Some(&[Span::new(12, 13)][..]));
        assert_eq!(
            c.get(Span::new(0, 30)),
            Some(&[Span::new(2, 3), Span::new(10, 20)][..])
        );
        assert_eq!(c.get(Span::new(40, 50)), Some(&[][..]));
        assert_eq!(c.get(Span::new(0, 20)), None);
        c.insert(Span::new(10, 20), &[Span::new(1, 2), Span::new(3, 4)]);
        assert_eq!(c.len(), 3);
        assert_eq!(
            c.get(Span::new(10, 20)),
            Some(&[Span::new(1, 2), Span::new(3, 4)][..])
        );
    }
}
