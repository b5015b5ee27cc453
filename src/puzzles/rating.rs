//! A puzzle's initial rating: the ladder levels try it (the noisy ones with a few seeds), each
//! try a game between the level, at its shown rating in the puzzle's variant, and the puzzle;
//! the rating is the one under which those results are most likely (with one draw against a
//! 1500 puzzle as a prior, so a puzzle every level solves or none does still gets a number).

use crate::ai::matchplay::Player;
use crate::ai::rng::mix;
use crate::ai::{Level, KUJIFUNZA_LADDER, LADDER};
use crate::rules::Variant;

use super::attempt::Verdict;
use super::Puzzle;

/// Tries of a level with noise; a level without noise plays the same moves every time.
pub const NOISY_TRIES: u64 = 3;

/// The lowest and highest initial rating.
pub const RATING_RANGE: (u32, u32) = (600, 2400);

/// One level's tries at a puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LevelTries {
    /// The level.
    pub level: Level,
    /// Its shown rating in the puzzle's variant.
    pub rating: u32,
    /// Tries.
    pub tries: u32,
    /// Tries solved.
    pub solved: u32,
}

/// Whether `player` solves `puzzle` with the moves it would play (seeded by `seed`).
pub fn solves(player: &Player, puzzle: &Puzzle, seed: u64) -> bool {
    let mut step = 0;
    loop {
        let pos = puzzle.position_at(step);
        let Some(mv) = player.choose(&pos, mix(seed ^ step as u64)) else {
            return false;
        };
        match puzzle.judge(step, &mv) {
            Verdict::Continue { next, .. } => step = next,
            Verdict::Solved => return true,
            Verdict::Wrong { .. } => return false,
        }
    }
}

/// The ladder's tries at `puzzle`, beginner to hard; master (a search of millions of nodes)
/// only when hard fails, once.
pub fn ladder_tries(puzzle: &Puzzle, seed: u64) -> Vec<LevelTries> {
    let ladder = match puzzle.variant() {
        Variant::Kiswahili => &LADDER,
        Variant::Kujifunza => &KUJIFUNZA_LADDER,
    };
    let mut out = Vec::new();
    for spec in ladder.iter() {
        if spec.level == Level::Master && out.last().is_some_and(|t: &LevelTries| t.solved > 0) {
            break;
        }
        let noisy = spec.noise > 0 || spec.miss_best_capture > 0;
        let tries = if noisy { NOISY_TRIES } else { 1 };
        let player = Player::Level(spec.level);
        let solved = (0..tries)
            .filter(|i| solves(&player, puzzle, mix(seed ^ (i + 1))))
            .count() as u32;
        out.push(LevelTries {
            level: spec.level,
            rating: spec.rating,
            tries: tries as u32,
            solved,
        });
    }
    out
}

/// The rating under which `tries` are most likely (Elo's logistic curve, a level's solve
/// being its win), rounded to 10 and kept within [`RATING_RANGE`].
pub fn fit_rating(tries: &[LevelTries]) -> u32 {
    let log_likelihood = |r: f64| {
        let p_solve = |level: f64| 1.0 / (1.0 + 10f64.powf((r - level) / 400.0));
        let mut ll = 0.5 * (p_solve(1500.0).ln() + (1.0 - p_solve(1500.0)).ln());
        for t in tries {
            let p = p_solve(t.rating as f64).clamp(1e-9, 1.0 - 1e-9);
            ll += t.solved as f64 * p.ln() + (t.tries - t.solved) as f64 * (1.0 - p).ln();
        }
        ll
    };
    let (lo, hi) = RATING_RANGE;
    (lo..=hi)
        .step_by(10)
        .max_by(|a, b| log_likelihood(*a as f64).total_cmp(&log_likelihood(*b as f64)))
        .unwrap_or(1500)
}

/// The initial rating of `puzzle` from the ladder's tries (seeded by `seed`).
pub fn initial_rating(puzzle: &Puzzle, seed: u64) -> u32 {
    fit_rating(&ladder_tries(puzzle, seed))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tries(solved: [u32; 5]) -> Vec<LevelTries> {
        let ratings = [800, 1030, 1265, 1447, 1647];
        (0..5)
            .map(|i| LevelTries {
                level: Level::Beginner,
                rating: ratings[i],
                tries: 3,
                solved: solved[i],
            })
            .collect()
    }

    #[test]
    fn harder_puzzles_rate_higher() {
        let easy = fit_rating(&tries([3, 3, 3, 3, 3]));
        let middle = fit_rating(&tries([0, 1, 2, 3, 3]));
        let hard = fit_rating(&tries([0, 0, 0, 0, 0]));
        assert!(easy < middle && middle < hard, "{easy} {middle} {hard}");
        assert!((RATING_RANGE.0..=RATING_RANGE.1).contains(&hard));
    }
}
