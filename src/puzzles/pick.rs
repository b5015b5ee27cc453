//! Choosing a puzzle for a player: one of the closest to their puzzle rating among those they
//! have not seen, of the theme and variant asked; and the puzzle of each day.

use std::collections::{HashMap, HashSet};

use crate::ai::rng::{mix, Rng};
use crate::rules::Variant;

use super::{Puzzle, Theme};

/// A puzzle is drawn among this many closest to the player's rating.
pub const CLOSEST: usize = 8;

/// What a player asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Wanted {
    /// Only puzzles with this theme.
    pub theme: Option<Theme>,
    /// Only puzzles of this variant.
    pub variant: Option<Variant>,
}

impl Wanted {
    /// Whether `p` is one.
    pub fn fits(&self, p: &Puzzle) -> bool {
        self.theme.is_none_or(|t| p.has(t)) && self.variant.is_none_or(|v| p.variant() == v)
    }
}

/// A puzzle's rating now: `current` holds those that have been played rated.
pub fn rating_of(p: &Puzzle, current: &HashMap<String, f64>) -> f64 {
    current.get(&p.id).copied().unwrap_or(p.rating as f64)
}

/// One of the [`CLOSEST`] puzzles of `puzzles` to `rating` that fit `wanted` and are not in
/// `seen`, drawn by `seed`; `None` when every one that fits has been seen (or none fits).
pub fn pick<'a>(
    puzzles: &'a [Puzzle],
    wanted: Wanted,
    seen: &HashSet<String>,
    current: &HashMap<String, f64>,
    rating: f64,
    seed: u64,
) -> Option<&'a Puzzle> {
    // The closest few, kept in a small sorted list: one pass over the collection.
    let mut best: Vec<(f64, &Puzzle)> = Vec::with_capacity(CLOSEST + 1);
    for p in puzzles {
        if !wanted.fits(p) || seen.contains(&p.id) {
            continue;
        }
        let d = (rating_of(p, current) - rating).abs();
        if best.len() == CLOSEST && d >= best[CLOSEST - 1].0 {
            continue;
        }
        let at = best.partition_point(|(e, _)| *e <= d);
        best.insert(at, (d, p));
        best.truncate(CLOSEST);
    }
    if best.is_empty() {
        return None;
    }
    Some(best[Rng::new(seed).below(best.len())].1)
}

/// Days since 1970-01-01 (UTC) at unix time `now`.
pub fn day_of(now: i64) -> i64 {
    now.div_euclid(86_400)
}

/// The puzzle of `day`: the same for everyone, Kiswahili and Kujifunza on alternate days,
/// none rated above 1800 so a server's members mostly can solve it.
pub fn daily(puzzles: &[Puzzle], day: i64) -> Option<&Puzzle> {
    let variant = if day % 2 == 0 {
        Variant::Kiswahili
    } else {
        Variant::Kujifunza
    };
    let fit: Vec<&Puzzle> = puzzles
        .iter()
        .filter(|p| p.variant() == variant && p.rating <= 1800)
        .collect();
    let fit = if fit.is_empty() {
        puzzles.iter().collect()
    } else {
        fit
    };
    (!fit.is_empty()).then(|| fit[Rng::new(mix(day as u64)).below(fit.len())])
}
