//! Checkpointed undo: the guess journal of the singles strategy, and of any strategy that changes
//! state in place.

/// An array of values whose changes are recorded, newest first, so that every change since a
/// checkpoint can be undone (the trail of Pumpkin and varisat).
///
/// A write records the old value only when the value really changes.
#[derive(Debug, Clone)]
pub struct Trail<T> {
    values: Vec<T>,
    journal: Vec<(u32, T)>,
    checkpoints: Vec<usize>,
}

impl<T: Copy + PartialEq> Trail<T> {
    /// `len` values, all `init`, with no checkpoint.
    pub fn new(len: usize, init: T) -> Trail<T> {
        Trail { values: vec![init; len], journal: Vec::new(), checkpoints: Vec::new() }
    }

    /// Resets every value to `init` and forgets all checkpoints, keeping the allocations.
    pub fn reset(&mut self, len: usize, init: T) {
        self.values.clear();
        self.values.resize(len, init);
        self.journal.clear();
        self.checkpoints.clear();
    }

    /// The value at `i`.
    #[inline]
    pub fn get(&self, i: usize) -> T {
        self.values[i]
    }

    /// All values.
    #[inline]
    pub fn values(&self) -> &[T] {
        &self.values
    }

    /// Sets the value at `i`, recording the old one if it changes.
    #[inline]
    pub fn set(&mut self, i: usize, value: T) {
        let old = self.values[i];
        if old != value {
            self.journal.push((i as u32, old));
            self.values[i] = value;
        }
    }

    /// Opens a checkpoint: a later [`Trail::backtrack`] returns here.
    pub fn checkpoint(&mut self) {
        self.checkpoints.push(self.journal.len());
    }

    /// The number of open checkpoints.
    pub fn depth(&self) -> usize {
        self.checkpoints.len()
    }

    /// The number of changes recorded since the last checkpoint (or the start).
    pub fn changes_since_checkpoint(&self) -> usize {
        self.journal.len() - self.checkpoints.last().copied().unwrap_or(0)
    }

    /// Undoes every change since the last checkpoint, newest first, and closes it; calls `undone`
    /// with each index and the value it had before the undo. Returns false when there was no
    /// checkpoint to return to.
    pub fn backtrack_with(&mut self, mut undone: impl FnMut(usize, T)) -> bool {
        let Some(mark) = self.checkpoints.pop() else { return false };
        while self.journal.len() > mark {
            let (i, old) = self.journal.pop().expect("journal holds the marked entries");
            undone(i as usize, self.values[i as usize]);
            self.values[i as usize] = old;
        }
        true
    }

    /// Undoes every change since the last checkpoint and closes it.
    pub fn backtrack(&mut self) -> bool {
        self.backtrack_with(|_, _| {})
    }
}
