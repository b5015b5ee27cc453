//! The players of a match: levels, node budgets, a random, a greedy and a novice player,
//! and how each chooses its move.

use std::fmt;
use std::str::FromStr;

use crate::rules::{Move, Position};

use crate::ai::eval::DEFAULT_PARAMS;
use crate::ai::levels::Level;
use crate::ai::memo::SearchMemo;
use crate::ai::proved::level_search_by;
use crate::ai::rng::Rng;
use crate::ai::{Params, SearchLimits};

/// Who plays a side in a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Player {
    /// A difficulty level, on its node budget alone (no clock, so games are reproducible).
    Level(Level),
    /// A search of this many nodes, without noise.
    Nodes(u64),
    /// A uniformly random legal move.
    Random,
    /// The move that captures the most seeds, played out (a win counts most); ties at random.
    Greedy,
    /// `novice`: a model of a beginner who knows the rules. It weighs each move by the seeds
    /// it captures less the most the opponent can capture back at once (a win or a loss
    /// counting most), and plays the best, ties at random. It sees no further than that. The
    /// bottom level, `beginner`, is set to win about half its games against it.
    Novice,
    /// A search with other limits and parameters (for tuning; not parsed). The seed of
    /// `limits` is replaced by the game's for each move.
    Custom {
        /// Limits of each search.
        limits: SearchLimits,
        /// The weights and switches.
        params: Params,
    },
}

/// Not a player name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "`{0}` is not a player: write a level ({levels}), nodes:N, random, greedy or novice",
    levels = Level::names()
)]
pub struct UnknownPlayer(pub String);

impl FromStr for Player {
    type Err = UnknownPlayer;
    fn from_str(s: &str) -> Result<Player, UnknownPlayer> {
        let lower = s.trim().to_ascii_lowercase();
        if let Ok(level) = lower.parse::<Level>() {
            return Ok(Player::Level(level));
        }
        match lower.as_str() {
            "random" => Ok(Player::Random),
            "greedy" => Ok(Player::Greedy),
            "novice" => Ok(Player::Novice),
            _ => lower
                .strip_prefix("nodes:")
                .and_then(|n| n.replace('_', "").parse::<u64>().ok())
                .filter(|&n| n > 0)
                .map(Player::Nodes)
                .ok_or_else(|| UnknownPlayer(s.to_string())),
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Player::Level(l) => write!(f, "{l}"),
            Player::Nodes(n) => write!(f, "nodes:{n}"),
            Player::Random => f.write_str("random"),
            Player::Greedy => f.write_str("greedy"),
            Player::Novice => f.write_str("novice"),
            Player::Custom { limits, .. } => match limits.nodes {
                Some(n) => write!(f, "custom:{n}"),
                None => f.write_str("custom"),
            },
        }
    }
}

impl Player {
    /// This player's move in `pos` (`None` if it has none); `seed` drives its randomness.
    pub fn choose(&self, pos: &Position, seed: u64) -> Option<Move> {
        self.choose_with(pos, seed, &SearchMemo::new())
    }

    /// [`Player::choose`], its searches looked up in `memo` where they have run before (the
    /// same move, see [`SearchMemo`]).
    pub fn choose_with(&self, pos: &Position, seed: u64, memo: &SearchMemo) -> Option<Move> {
        let search = |p: &Position, l: &SearchLimits, params: &Params| memo.search(p, l, params);
        match self {
            Player::Level(level) => {
                let limits = SearchLimits {
                    seed,
                    ..level.limits_without_clock(pos.variant())
                };
                level_search_by(pos, *level, &limits, &search).map(|r| r.mv)
            }
            Player::Nodes(n) => {
                search(pos, &SearchLimits::nodes(*n), &DEFAULT_PARAMS).map(|r| r.mv)
            }
            Player::Random => {
                let moves = pos.legal_moves();
                (!moves.is_empty()).then(|| moves[Rng::new(seed).below(moves.len())])
            }
            Player::Greedy => greedy_move(pos, seed),
            Player::Novice => novice_move(pos, seed),
            Player::Custom { limits, params } => {
                let limits = SearchLimits { seed, ..*limits };
                search(pos, &limits, params).map(|r| r.mv)
            }
        }
    }
}

/// The move capturing the most seeds when played out (a move that wins counts most), ties
/// broken at random by `seed`.
pub fn greedy_move(pos: &Position, seed: u64) -> Option<Move> {
    best_by(pos, seed, |mv| capture_gain(pos, mv).0)
}

/// The novice's move (see [`Player::Novice`]): the best of what each move captures less
/// the opponent's best capture in reply, ties broken at random by `seed`.
pub fn novice_move(pos: &Position, seed: u64) -> Option<Move> {
    const WIN: i64 = i64::MAX;
    const LOSS: i64 = i64::MIN + 1;
    best_by(pos, seed, |mv| {
        let (gain, next) = capture_gain(pos, mv);
        if next.is_over() {
            return gain;
        }
        let back = next
            .legal_moves()
            .iter()
            .map(|r| capture_gain(&next, r).0)
            .max()
            .unwrap_or(LOSS);
        match back {
            WIN => LOSS,
            LOSS => WIN,
            b => gain - b,
        }
    })
}

/// The legal move with the highest `value`, ties broken at random by `seed`.
fn best_by(pos: &Position, seed: u64, value: impl Fn(&Move) -> i64) -> Option<Move> {
    let mut best: Vec<Move> = Vec::new();
    let mut best_value = i64::MIN;
    for mv in pos.legal_moves() {
        let v = value(&mv);
        if v > best_value {
            best_value = v;
            best.clear();
        }
        if v == best_value {
            best.push(mv);
        }
    }
    (!best.is_empty()).then(|| best[Rng::new(seed).below(best.len())])
}

/// What `mv` captures for the mover, played out: seeds taken from the opponent's board, or
/// `i64::MAX` for a move that wins and `i64::MIN + 1` for one that loses. Returns the position
/// after it too.
fn capture_gain(pos: &Position, mv: &Move) -> (i64, Position) {
    let me = pos.turn();
    let next = pos.play_unchecked(mv);
    let gain = match next.winner() {
        Some(w) if w == me => i64::MAX,
        Some(_) => i64::MIN + 1,
        None => pos.seeds_on_board(!me) as i64 - next.seeds_on_board(!me) as i64,
    };
    (gain, next)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn players_read_and_print() {
        for text in [
            "easy",
            "master",
            "nodes:5000",
            "random",
            "greedy",
            "beginner",
            "casual",
            "novice",
        ] {
            let p: Player = text.parse().expect(text);
            assert_eq!(p.to_string(), text);
        }
        assert_eq!("nodes:10_000".parse(), Ok(Player::Nodes(10_000)));
        assert!("nodes:0".parse::<Player>().is_err());
        assert!("grandmaster".parse::<Player>().is_err());
    }

    #[test]
    fn greedy_takes_the_biggest_capture_played_out() {
        // A3 right takes 3 seeds from a4. A6 right takes only 1 from a1 at first, but its
        // relay then takes the 3 of a4 as well: 4 in all.
        let pos: Position = "variant=kiswahili turn=S hand=0,0 house=- A=0,0,2,0,1,2,0,1 B=0,0,0,0,0,0,0,24 a=1,0,0,3,1,0,0,0 b=0,0,0,0,0,0,0,29".parse().unwrap();
        assert_eq!(pos.legal_moves().len(), 2);
        for seed in 0..4 {
            let mv = greedy_move(&pos, seed).expect("a move");
            assert_eq!(mv.to_string(), "A6 right capture");
        }
    }
}
