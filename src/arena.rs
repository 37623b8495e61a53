//! Arenas of values addressed by typed `u32` handles.
//!
//! [`Arena`] is an append-only vector; [`UniqueArena`] additionally interns its
//! values, so two equal values always get the same handle (this is how type
//! equality becomes handle equality).

use std::fmt;
use std::hash::{BuildHasherDefault, Hash, Hasher};
use std::marker::PhantomData;
use std::num::NonZeroU32;
use std::ops::{Index, IndexMut, Range};

use indexmap::IndexSet;
use rustc_hash::FxHasher;

/// A typed index into an [`Arena`] or [`UniqueArena`].
///
/// Stored as the index plus one, so `Option<Handle<T>>` is as small as a
/// handle (4 bytes); everything observable (`index`, ordering, hashing,
/// `Debug`) is in terms of the index itself.
pub struct Handle<T> {
    index_plus_one: NonZeroU32,
    marker: PhantomData<fn() -> T>,
}

impl<T> Handle<T> {
    /// Builds a handle from a raw index. Only meaningful for the arena that
    /// produced the index.
    pub const fn from_index(index: usize) -> Self {
        // Saturating: an index past `u32::MAX - 1` is as out of range as
        // the truncated index it used to become, and cannot panic.
        Handle {
            index_plus_one: NonZeroU32::MIN.saturating_add(index as u32),
            marker: PhantomData,
        }
    }

    /// The zero-based index of this handle.
    pub const fn index(self) -> usize {
        self.raw() as usize
    }

    /// The index as stored in 32 bits.
    const fn raw(self) -> u32 {
        self.index_plus_one.get() - 1
    }
}

impl<T> Clone for Handle<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for Handle<T> {}
impl<T> PartialEq for Handle<T> {
    fn eq(&self, other: &Self) -> bool {
        self.index_plus_one == other.index_plus_one
    }
}
impl<T> Eq for Handle<T> {}
impl<T> PartialOrd for Handle<T> {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl<T> Ord for Handle<T> {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.index_plus_one.cmp(&other.index_plus_one)
    }
}
impl<T> Hash for Handle<T> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        // The index, not the stored value: hash maps keyed by handles
        // iterate in the same order as before the `+ 1`.
        self.raw().hash(state)
    }
}
impl<T> fmt::Debug for Handle<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{}]", self.raw())
    }
}

/// A contiguous range of handles, e.g. the expressions covered by an `Emit`.
pub struct HandleRange<T> {
    start: u32,
    end: u32,
    marker: PhantomData<fn() -> T>,
}

impl<T> HandleRange<T> {
    /// The range `[first, last]` (inclusive of both ends).
    pub fn new_inclusive(first: Handle<T>, last: Handle<T>) -> Self {
        HandleRange {
            start: first.raw(),
            end: last.raw() + 1,
            marker: PhantomData,
        }
    }

    /// The range of handles with indices in `range`.
    pub fn from_index_range(range: Range<usize>) -> Self {
        HandleRange {
            start: range.start as u32,
            end: range.end as u32,
            marker: PhantomData,
        }
    }

    /// The indices covered.
    pub fn index_range(&self) -> Range<usize> {
        self.start as usize..self.end as usize
    }

    /// Whether the range is empty.
    pub fn is_empty(&self) -> bool {
        self.start >= self.end
    }
}

impl<T> Clone for HandleRange<T> {
    fn clone(&self) -> Self {
        HandleRange {
            start: self.start,
            end: self.end,
            marker: PhantomData,
        }
    }
}
impl<T> PartialEq for HandleRange<T> {
    fn eq(&self, other: &Self) -> bool {
        self.start == other.start && self.end == other.end
    }
}
impl<T> Eq for HandleRange<T> {}
impl<T> fmt::Debug for HandleRange<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{}..{}]", self.start, self.end)
    }
}
impl<T> Iterator for HandleRange<T> {
    type Item = Handle<T>;
    fn next(&mut self) -> Option<Handle<T>> {
        if self.start < self.end {
            let h = Handle::from_index(self.start as usize);
            self.start += 1;
            Some(h)
        } else {
            None
        }
    }
}

/// An append-only arena of values with an optional span per value.
#[derive(Clone)]
pub struct Arena<T> {
    data: Vec<T>,
    spans: Vec<crate::span::Span>,
}

impl<T> Default for Arena<T> {
    fn default() -> Self {
        Arena {
            data: Vec::new(),
            spans: Vec::new(),
        }
    }
}

impl<T: fmt::Debug> fmt::Debug for Arena<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

impl<T> Arena<T> {
    /// An empty arena.
    pub fn new() -> Self {
        Self::default()
    }

    /// Makes room for `additional` more values.
    pub fn reserve(&mut self, additional: usize) {
        self.data.reserve(additional);
        self.spans.reserve(additional);
    }

    /// Gives back spare capacity (where at least [`SHRINK_MIN_BYTES`] are
    /// spare: see [`shrink_vec`]).
    pub fn shrink_to_fit(&mut self) {
        shrink_vec(&mut self.data);
        shrink_vec(&mut self.spans);
    }

    /// Appends `value` with its source span and returns its handle.
    pub fn append(&mut self, value: T, span: crate::span::Span) -> Handle<T> {
        let h = Handle::from_index(self.data.len());
        self.data.push(value);
        self.spans.push(span);
        h
    }

    /// Number of values.
    pub fn len(&self) -> usize {
        self.data.len()
    }

    /// Whether the arena is empty.
    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    /// The value for `handle`, if it is in range.
    pub fn try_get(&self, handle: Handle<T>) -> Option<&T> {
        self.data.get(handle.index())
    }

    /// The span recorded for `handle` (`Span::UNDEFINED` if out of range).
    pub fn span(&self, handle: Handle<T>) -> crate::span::Span {
        self.spans
            .get(handle.index())
            .copied()
            .unwrap_or(crate::span::Span::UNDEFINED)
    }

    /// Iterates over `(handle, value)` pairs in insertion order.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (Handle<T>, &T)> + ExactSizeIterator {
        self.data
            .iter()
            .enumerate()
            .map(|(i, v)| (Handle::from_index(i), v))
    }

    /// Consumes the arena, yielding each value with its span in insertion
    /// order.
    pub fn into_values(self) -> impl ExactSizeIterator<Item = (T, crate::span::Span)> {
        self.data.into_iter().zip(self.spans)
    }

    /// Iterates mutably over `(handle, value)` pairs.
    pub fn iter_mut(&mut self) -> impl Iterator<Item = (Handle<T>, &mut T)> {
        self.data
            .iter_mut()
            .enumerate()
            .map(|(i, v)| (Handle::from_index(i), v))
    }

    /// The handle the next appended value will get.
    pub fn next_handle(&self) -> Handle<T> {
        Handle::from_index(self.data.len())
    }

    /// The range of handles appended since `start` (exclusive of future ones).
    pub fn range_from(&self, start: usize) -> HandleRange<T> {
        HandleRange::from_index_range(start..self.data.len())
    }

    /// Removes every value from index `len` on (used to roll back speculative work).
    pub fn truncate(&mut self, len: usize) {
        self.data.truncate(len);
        self.spans.truncate(len);
    }
}

impl<T> Index<Handle<T>> for Arena<T> {
    type Output = T;
    fn index(&self, handle: Handle<T>) -> &T {
        &self.data[handle.index()]
    }
}

impl<T> IndexMut<Handle<T>> for Arena<T> {
    fn index_mut(&mut self, handle: Handle<T>) -> &mut T {
        &mut self.data[handle.index()]
    }
}

type FxBuild = BuildHasherDefault<FxHasher>;

/// An arena that interns its values: inserting an equal value twice returns the
/// same handle. Spans record the first insertion.
#[derive(Clone)]
pub struct UniqueArena<T> {
    set: IndexSet<T, FxBuild>,
    spans: Vec<crate::span::Span>,
    /// The handles [`UniqueArena::insert_keyed`] found, by key (index plus
    /// one; 0: none yet). Values are never removed, so an entry stays right.
    keyed: Vec<u32>,
}

impl<T> Default for UniqueArena<T> {
    fn default() -> Self {
        UniqueArena {
            set: IndexSet::default(),
            spans: Vec::new(),
            keyed: Vec::new(),
        }
    }
}

impl<T: fmt::Debug + Eq + Hash> fmt::Debug for UniqueArena<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

impl<T: Eq + Hash> UniqueArena<T> {
    /// An empty arena.
    pub fn new() -> Self {
        Self::default()
    }

    /// Interns `value`, returning the handle of the equal value already present
    /// or of the newly inserted one.
    pub fn insert(&mut self, value: T, span: crate::span::Span) -> Handle<T> {
        let (index, added) = self.set.insert_full(value);
        if added {
            self.spans.push(span);
        }
        Handle::from_index(index)
    }

    /// [`UniqueArena::insert`] for a value the caller names by a small
    /// key: a key must name one value only (the caller's mapping is
    /// injective), so the second and later inserts of it return the
    /// recorded handle without hashing the value.
    pub(crate) fn insert_keyed(
        &mut self,
        key: usize,
        value: T,
        span: crate::span::Span,
    ) -> Handle<T> {
        if let Some(&k) = self.keyed.get(key) {
            if k != 0 {
                return Handle::from_index(k as usize - 1);
            }
        }
        let handle = self.insert(value, span);
        if key >= self.keyed.len() {
            self.keyed.resize(key + 1, 0);
        }
        self.keyed[key] = handle.index() as u32 + 1;
        handle
    }

    /// Gives `handle` the span `span` if it has none yet (values interned
    /// without a span take the span of their first spelling).
    pub fn fill_span(&mut self, handle: Handle<T>, span: crate::span::Span) {
        if let Some(s) = self.spans.get_mut(handle.index()) {
            if *s == crate::span::Span::UNDEFINED {
                *s = span;
            }
        }
    }

    /// The handle of a value equal to `value`, if interned.
    pub fn get(&self, value: &T) -> Option<Handle<T>> {
        self.set.get_index_of(value).map(Handle::from_index)
    }

    /// The value for `handle`, if in range.
    pub fn try_get(&self, handle: Handle<T>) -> Option<&T> {
        self.set.get_index(handle.index())
    }

    /// Number of values.
    pub fn len(&self) -> usize {
        self.set.len()
    }

    /// Whether the arena is empty.
    pub fn is_empty(&self) -> bool {
        self.set.is_empty()
    }

    /// The span recorded for `handle`.
    pub fn span(&self, handle: Handle<T>) -> crate::span::Span {
        self.spans
            .get(handle.index())
            .copied()
            .unwrap_or(crate::span::Span::UNDEFINED)
    }

    /// Iterates over `(handle, value)` pairs in insertion order.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (Handle<T>, &T)> + ExactSizeIterator {
        self.set
            .iter()
            .enumerate()
            .map(|(i, v)| (Handle::from_index(i), v))
    }
}

impl<T> Index<Handle<T>> for UniqueArena<T> {
    type Output = T;
    fn index(&self, handle: Handle<T>) -> &T {
        &self.set[handle.index()]
    }
}

/// Empties a reused table and sizes it to `n` copies of `x`, keeping its
/// memory.
pub fn refill<T: Clone>(v: &mut Vec<T>, n: usize, x: T) {
    v.clear();
    v.resize(n, x);
}

/// The least spare capacity, in bytes, that [`shrink_vec`] gives back.
pub const SHRINK_MIN_BYTES: usize = 64;

/// Gives back a vector's spare capacity when at least
/// [`SHRINK_MIN_BYTES`] are spare: below that the reallocation costs more
/// time than the memory is worth.
pub fn shrink_vec<T>(v: &mut Vec<T>) {
    if (v.capacity() - v.len()) * std::mem::size_of::<T>() >= SHRINK_MIN_BYTES {
        v.shrink_to_fit();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::span::Span;

    #[test]
    fn shrink_vec_gives_back_only_worthwhile_spare() {
        let mut small: Vec<u32> = Vec::with_capacity(16);
        small.push(1);
        shrink_vec(&mut small); // 60 spare bytes: kept
        assert_eq!(small.capacity(), 16);
        let mut large: Vec<u32> = Vec::with_capacity(64);
        large.push(1);
        shrink_vec(&mut large); // 252 spare bytes: given back
        assert_eq!(large.capacity(), 1);
        assert_eq!(large, [1]);
    }

    #[test]
    fn arena_append_and_index() {
        let mut a = Arena::new();
        let h1 = a.append(10, Span::new(1, 2));
        let h2 = a.append(20, Span::new(3, 4));
        assert_eq!(a[h1], 10);
        assert_eq!(a[h2], 20);
        assert_eq!(a.span(h2), Span::new(3, 4));
        assert_eq!(a.range_from(0).count(), 2);
    }

    #[test]
    fn handles_are_index_plus_one_inside() {
        assert_eq!(std::mem::size_of::<Option<Handle<u8>>>(), 4);
        let h = Handle::<u8>::from_index(7);
        assert_eq!(h.index(), 7);
        assert_eq!(format!("{h:?}"), "[7]");
        assert!(Handle::<u8>::from_index(0) < h);
        let hash = |v: &dyn Fn(&mut FxHasher)| {
            let mut s = FxHasher::default();
            v(&mut s);
            s.finish()
        };
        // Hashes as the bare index did (hash maps keep their order).
        assert_eq!(hash(&|s| h.hash(s)), hash(&|s| 7u32.hash(s)));
        let r = HandleRange::new_inclusive(Handle::<u8>::from_index(2), h);
        assert_eq!(r.index_range(), 2..8);
        // Out of 32-bit range: saturates rather than panicking.
        assert_eq!(
            Handle::<u8>::from_index(usize::MAX).index(),
            u32::MAX as usize - 1
        );
    }

    #[test]
    fn unique_arena_interns() {
        let mut a = UniqueArena::new();
        let h1 = a.insert("x", Span::new(0, 1));
        let h2 = a.insert("y", Span::new(1, 2));
        let h3 = a.insert("x", Span::new(5, 6));
        assert_eq!(h1, h3);
        assert_ne!(h1, h2);
        assert_eq!(a.len(), 2);
        assert_eq!(a.span(h3), Span::new(0, 1));
    }
}
