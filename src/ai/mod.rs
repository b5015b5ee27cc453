//! The built-in AI: a game-tree search over the rules engine with a Bao evaluation, difficulty
//! levels, and a match runner that measures strength. Pure computation: no I/O, no async.
//!
//! The entry point is [`choose_move`]: give it a position and [`SearchLimits`] (from a
//! [`Level`] or made by hand) and it returns the move to play with what the search found.
//!
//! # Using it from the bot
//!
//! A search is CPU-bound and takes up to its wall-clock cap (hard 1 s, master 3 s by default),
//! so it runs off the async runtime (the Discord adapter calls the app on a blocking thread)
//! while holding one of the app's search slots (`[ai] max_concurrent_searches`, 1 by default
//! on a 2-core machine), so many AI games queue instead of starving the other commands. Set
//! `SearchLimits::seed` from the game (id and ply) so noisy levels vary between games yet a
//! game can be replayed. Each search allocates its own transposition table (up to 16 MiB for
//! master, freed when it returns).
//!
//! Files, after the layout of the viridithas engine: [`search`] (alpha-beta), [`solve`] (the
//! exact win/loss/draw solver and its proofs), [`eval`]
//! (evaluation), [`proved`] (master's proved moves in Bao la Kujifunza), [`tt`] (transposition table), [`zobrist`] (position keys), [`timecontrol`]
//! (node budget and deadline), [`levels`] (difficulty levels), [`matchplay`] (games between
//! players and their statistics).

pub mod analysis;
pub mod eval;
pub mod expected;
pub mod forced;
pub mod levels;
pub mod matchplay;
pub mod memo;
pub mod proved;
pub mod rng;
pub mod search;
pub mod solve;
pub mod timecontrol;
pub mod tt;
pub mod zobrist;

use std::time::Duration;

use crate::rules::{Move, Position};

pub use eval::Params;
pub use levels::{Level, LevelSpec, UnknownLevel, ANCHOR_RATING, KUJIFUNZA_LADDER, LADDER};
pub use search::{MATE, MATE_BOUND};

/// What bounds a search. With only a node budget the result depends on nothing but the
/// position and these limits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SearchLimits {
    /// Stop after about this many nodes (checked every few thousand).
    pub nodes: Option<u64>,
    /// Stop after this much wall-clock time.
    pub time: Option<Duration>,
    /// Seed of the random choice a noisy search makes.
    pub seed: u64,
    /// Noise, in hundredths of a seed; 0 for none. A noisy search scores every root move
    /// exactly, adds a random amount from 0 to `noise` to each score and plays the highest
    /// (never a move that loses by force when another does not; always a forced win).
    pub noise: i32,
    /// Deepest iteration (plies before the quiescence search); `None` for no limit but the
    /// node budget and the clock.
    pub depth: Option<u32>,
    /// Chance, in percent, that the search does not see the best capture: when every legal
    /// move is a capture (so one is compulsory) and none wins at once, the captures that take
    /// the most seeds (played out, relays included) are left out at the root, drawn from the
    /// seed and the position. They come back when every other move loses by force.
    pub miss_best_capture: u32,
}

impl SearchLimits {
    /// A node budget alone: reproducible.
    pub fn nodes(nodes: u64) -> SearchLimits {
        SearchLimits {
            nodes: Some(nodes),
            ..SearchLimits::default()
        }
    }

    /// A time limit alone.
    pub fn time(time: Duration) -> SearchLimits {
        SearchLimits {
            time: Some(time),
            ..SearchLimits::default()
        }
    }
}

/// What a search decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play.
    pub mv: Move,
    /// Its score for the side to move, in hundredths of a seed; at least [`MATE_BOUND`] in
    /// size for a won (positive) or lost (negative) game, see [`SearchResult::plies_to_end`].
    pub score: i32,
    /// The depth of the last completed iteration.
    pub depth: u32,
    /// Nodes visited.
    pub nodes: u64,
    /// Time taken.
    pub elapsed: Duration,
}

impl SearchResult {
    /// For a won or lost game, how many plies (moves of either side) until it ends.
    pub fn plies_to_end(&self) -> Option<u32> {
        (self.score.abs() >= MATE_BOUND).then(|| (MATE - self.score.abs()) as u32)
    }

    /// Nodes per second.
    pub fn nodes_per_second(&self) -> f64 {
        per_second(self.nodes, self.elapsed)
    }
}

/// Chooses a move for the side to move within `limits`, with the standard evaluation. `None`
/// when the game is over or there is no legal move.
pub fn choose_move(pos: &Position, limits: &SearchLimits) -> Option<SearchResult> {
    choose_move_with(pos, limits, &eval::DEFAULT_PARAMS)
}

/// [`choose_move`] with other evaluation weights (for tuning).
pub fn choose_move_with(
    pos: &Position,
    limits: &SearchLimits,
    params: &Params,
) -> Option<SearchResult> {
    search::Searcher::new(limits, params).run(pos)
}

/// Chooses a move at `level` under the wall-clock cap `wall_cap`, noise seeded by `seed`
/// (master plays proved moves in Bao la Kujifunza, see [`proved`]).
pub fn level_move(
    pos: &Position,
    level: Level,
    wall_cap: Duration,
    seed: u64,
) -> Option<SearchResult> {
    let limits = SearchLimits {
        seed,
        ..level.limits(pos.variant(), wall_cap)
    };
    proved::level_search(pos, level, &limits)
}

/// `count` things in `elapsed`, per second (0 when no time was measured).
pub(crate) fn per_second(count: u64, elapsed: Duration) -> f64 {
    let secs = elapsed.as_secs_f64();
    if secs > 0.0 {
        count as f64 / secs
    } else {
        0.0
    }
}
