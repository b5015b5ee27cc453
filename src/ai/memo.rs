//! A memo of searches for matches: a search with no clock, no noise and no missed captures
//! answers the same in the same position every time (a fresh table each move), so a match
//! runs each such search once and looks it up after that.
//!
//! This matters where two players share a search. Master with proofs against today's master
//! (`nodes:4000000`, the very search master runs when nothing is proved) plays the same moves
//! in both games of a pair until a proof changes one: the memo turns the second game's
//! searches into look-ups, and the match costs little more than half.

use std::collections::HashMap;
use std::sync::Mutex;

use crate::rules::Position;

use super::eval::DEFAULT_PARAMS;
use super::{choose_move_with, Params, SearchLimits, SearchResult};

/// What a memoised search is keyed by: the position and the limits that decide the answer.
type Key = (Position, Option<u64>, Option<u32>);

/// Searches already run, shared by the threads of a match.
#[derive(Debug, Default)]
pub struct SearchMemo {
    done: Mutex<HashMap<Key, Option<SearchResult>>>,
}

impl SearchMemo {
    /// An empty memo.
    pub fn new() -> SearchMemo {
        SearchMemo::default()
    }

    /// [`choose_move_with`], looked up when the same search has run before. Only searches
    /// that cannot answer otherwise are kept: no clock, no noise, no missed captures and the
    /// standard weights. The rest run every time.
    pub fn search(
        &self,
        pos: &Position,
        limits: &SearchLimits,
        params: &Params,
    ) -> Option<SearchResult> {
        let pure = limits.time.is_none()
            && limits.noise == 0
            && limits.miss_best_capture == 0
            && *params == DEFAULT_PARAMS;
        if !pure {
            return choose_move_with(pos, limits, params);
        }
        let key = (*pos, limits.nodes, limits.depth);
        if let Some(known) = self.lock().get(&key) {
            return *known;
        }
        // Searched outside the lock: two threads may both run it, with the same answer.
        let found = choose_move_with(pos, limits, params);
        self.lock().insert(key, found);
        found
    }

    /// Searches kept.
    pub fn len(&self) -> usize {
        self.lock().len()
    }

    /// Whether no search is kept.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<Key, Option<SearchResult>>> {
        // A panicking search never holds the lock, so a poisoned memo is still whole.
        self.done.lock().unwrap_or_else(|e| e.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Variant;

    #[test]
    fn a_pure_search_is_kept_and_answers_as_a_fresh_one() {
        let memo = SearchMemo::new();
        let pos = Position::start(Variant::Kujifunza);
        let limits = SearchLimits::nodes(20_000);
        let fresh = choose_move_with(&pos, &limits, &DEFAULT_PARAMS).map(|r| (r.mv, r.score));
        let first = memo.search(&pos, &limits, &DEFAULT_PARAMS);
        assert_eq!(memo.len(), 1);
        // The seed does not enter a search without noise, so it is not part of the key.
        let seeded = SearchLimits { seed: 99, ..limits };
        let fresh_seeded = choose_move_with(&pos, &seeded, &DEFAULT_PARAMS);
        assert_eq!(fresh_seeded.map(|r| (r.mv, r.score)), fresh);
        let again = memo.search(&pos, &seeded, &DEFAULT_PARAMS);
        assert_eq!(memo.len(), 1);
        assert_eq!(first.map(|r| (r.mv, r.score)), fresh);
        assert_eq!(again.map(|r| (r.mv, r.score)), fresh);
        // Another budget is another search.
        memo.search(&pos, &SearchLimits::nodes(5_000), &DEFAULT_PARAMS);
        assert_eq!(memo.len(), 2);
    }

    #[test]
    fn searches_with_noise_or_a_clock_are_not_kept() {
        let memo = SearchMemo::new();
        let pos = Position::start(Variant::Kiswahili);
        let noisy = SearchLimits {
            noise: 100,
            ..SearchLimits::nodes(2_000)
        };
        assert!(memo.search(&pos, &noisy, &DEFAULT_PARAMS).is_some());
        let timed = SearchLimits {
            time: Some(std::time::Duration::from_secs(1)),
            ..SearchLimits::nodes(2_000)
        };
        assert!(memo.search(&pos, &timed, &DEFAULT_PARAMS).is_some());
        assert!(memo.is_empty());
    }
}
