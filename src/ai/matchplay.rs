//! Games between two players (levels, node budgets, a random, a greedy and a novice player)
//! and the statistics of a match: paired games from random openings, each played twice with
//! the sides swapped, so neither player gains from a lucky opening or from moving first.
//!
//! In Bao la Kujifunza a few random plies almost never leave an even game: a deep search of
//! the start already gives the second player some 39 seeds, and most random openings are won
//! by force for one side, so both games of a pair go to whoever has that side and the pair
//! tells nothing. Its matches start instead from a book of balanced openings
//! ([`Openings::Book`], `src/ai/book/kujifunza.txt`): random plies from the start, kept only
//! where a deep search finds neither side ahead by more than a few seeds (as chess engines
//! are tested from opening books). `cargo run --release --example levels -- book` writes it.

use std::str::FromStr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use crate::rules::{Position, Side, Variant};

use super::memo::SearchMemo;
use super::rng::{mix, Rng};
use super::{choose_move, SearchLimits, MATE_BOUND};

mod players;

pub use players::{greedy_move, novice_move, Player, UnknownPlayer};

/// How a match is played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MatchConfig {
    /// Openings; each is played twice, so twice as many games.
    pub pairs: usize,
    /// Seed of the openings and of the players' randomness.
    pub seed: u64,
    /// The game played.
    pub variant: Variant,
    /// Random plies of each opening.
    pub opening_plies: u32,
    /// A game still running after this many plies (opening included) counts as a draw.
    pub max_plies: u32,
    /// Threads playing games at once.
    pub threads: usize,
    /// Where the games start.
    pub openings: Openings,
}

/// Where the games of a match start.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Openings {
    /// [`MatchConfig::opening_plies`] random plies from the start.
    #[default]
    Random,
    /// The variant's book of balanced openings, in order ([`book`]); random plies in a
    /// variant without one.
    Book,
}

impl Openings {
    /// What a variant's matches use unless told: the book where there is one.
    pub fn standard(variant: Variant) -> Openings {
        if book(variant).is_empty() {
            Openings::Random
        } else {
            Openings::Book
        }
    }
}

impl FromStr for Openings {
    type Err = String;
    fn from_str(s: &str) -> Result<Openings, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "random" => Ok(Openings::Random),
            "book" => Ok(Openings::Book),
            _ => Err(format!("`{s}` is not an opening set: write random or book")),
        }
    }
}

/// The Kujifunza book: one position a line (`#` starts a comment).
const KUJIFUNZA_BOOK: &str = include_str!("book/kujifunza.txt");

/// The balanced openings of `variant` (none for Bao la Kiswahili, whose random openings are
/// balanced enough): positions with the opening's plies, from the book file.
pub fn book(variant: Variant) -> Vec<(Position, u32)> {
    let text = match variant {
        Variant::Kujifunza => KUJIFUNZA_BOOK,
        Variant::Kiswahili => return Vec::new(),
    };
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter_map(|l| {
            let (plies, pos) = l.split_once(' ')?;
            Some((pos.parse().ok()?, plies.parse().ok()?))
        })
        .collect()
}

/// A balanced opening (for a book): 2 to 8 random plies from the start of `variant`, drawn
/// again until a search of `nodes` finds the side to move neither winning nor losing by
/// force nor more than `margin` (hundredths of a seed) up or down (a search of a twentieth
/// of that, allowed twice the margin, screens the candidates first). Returns its plies too.
pub fn balanced_opening(
    variant: Variant,
    nodes: u64,
    margin: i32,
    rng: &mut Rng,
) -> (Position, u32) {
    let even = |pos: &Position, nodes: u64, margin: i32| {
        choose_move(pos, &SearchLimits::nodes(nodes))
            .is_some_and(|r| r.score.abs() <= margin.min(MATE_BOUND - 1))
    };
    loop {
        let plies = 2 + rng.below(7) as u32;
        let pos = opening(variant, plies, rng);
        if even(&pos, (nodes / 20).max(1), 2 * margin) && even(&pos, nodes, margin) {
            return (pos, plies);
        }
    }
}

impl Default for MatchConfig {
    fn default() -> MatchConfig {
        MatchConfig {
            pairs: 50,
            seed: 1,
            variant: Variant::Kiswahili,
            opening_plies: 6,
            max_plies: 400,
            threads: 1,
            openings: Openings::Random,
        }
    }
}

/// The end of one game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameOutcome {
    /// The winner; `None` for a game stopped at the ply cap.
    pub winner: Option<Side>,
    /// Plies played, opening included.
    pub plies: u32,
}

/// An opening: `plies` uniformly random legal moves from the start of `variant` (a line that
/// ends the game is drawn again).
pub fn opening(variant: Variant, plies: u32, rng: &mut Rng) -> Position {
    'again: loop {
        let mut pos = Position::start(variant);
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                continue 'again;
            }
            pos = pos.play_unchecked(&moves[rng.below(moves.len())]);
            if pos.is_over() {
                continue 'again;
            }
        }
        return pos;
    }
}

/// Plays a game from `start` until it ends or reaches `max_plies` (counting `start_ply`
/// plies already played).
pub fn play_game(
    start: Position,
    start_ply: u32,
    south: &Player,
    north: &Player,
    seed: u64,
    max_plies: u32,
) -> GameOutcome {
    play_game_with(
        start,
        start_ply,
        [south, north],
        seed,
        max_plies,
        &SearchMemo::new(),
    )
}

/// [`play_game`] with South and North as `players`, their searches looked up in `memo`.
fn play_game_with(
    start: Position,
    start_ply: u32,
    [south, north]: [&Player; 2],
    seed: u64,
    max_plies: u32,
    memo: &SearchMemo,
) -> GameOutcome {
    let mut pos = start;
    let mut ply = start_ply;
    while !pos.is_over() && ply < max_plies {
        let player = match pos.turn() {
            Side::South => south,
            Side::North => north,
        };
        let Some(mv) = player.choose_with(&pos, mix(seed ^ ply as u64), memo) else {
            // No move: the side to move loses (the rules mark this after the previous move).
            return GameOutcome {
                winner: Some(!pos.turn()),
                plies: ply,
            };
        };
        pos = pos.play_unchecked(&mv);
        ply += 1;
    }
    GameOutcome {
        winner: pos.winner(),
        plies: ply,
    }
}

/// The two games of one opening, from player A's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PairResult {
    /// A plays South in the first game, North in the second.
    pub games: [GameOutcome; 2],
}

impl PairResult {
    /// A's points in each game: 1 for a win, 0.5 for a draw, 0 for a loss.
    pub fn points(&self) -> [f64; 2] {
        let sides = [Side::South, Side::North];
        let mut out = [0.0; 2];
        for i in 0..2 {
            out[i] = match self.games[i].winner {
                Some(w) if w == sides[i] => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            };
        }
        out
    }
}

/// A finished (or partial) match, from player A's side.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct MatchResult {
    /// Every pair played, in opening order.
    pub pairs: Vec<PairResult>,
}

impl MatchResult {
    /// Games played.
    pub fn games(&self) -> usize {
        self.pairs.len() * 2
    }

    /// A's wins, draws (ply cap) and losses.
    pub fn wins_draws_losses(&self) -> (usize, usize, usize) {
        let mut wdl = (0, 0, 0);
        for p in self.pairs.iter().flat_map(|p| p.points()) {
            if p == 1.0 {
                wdl.0 += 1;
            } else if p == 0.5 {
                wdl.1 += 1;
            } else {
                wdl.2 += 1;
            }
        }
        wdl
    }

    /// Openings where A won both games, split them (one point each way, draws counted as
    /// halves), and lost both. Many splits mean the openings decide the games more than the
    /// players do.
    pub fn pair_outcomes(&self) -> (usize, usize, usize) {
        let mut out = (0, 0, 0);
        for p in &self.pairs {
            let total: f64 = p.points().iter().sum();
            if total > 1.0 {
                out.0 += 1;
            } else if total < 1.0 {
                out.2 += 1;
            } else {
                out.1 += 1;
            }
        }
        out
    }

    /// Average plies per game.
    pub fn average_plies(&self) -> f64 {
        let total: u32 = self
            .pairs
            .iter()
            .flat_map(|p| p.games)
            .map(|g| g.plies)
            .sum();
        total as f64 / self.games().max(1) as f64
    }

    /// A's score (points per game) and its 95% confidence interval, from the spread of the
    /// pair scores (pairs, not games, are the independent trials).
    pub fn score(&self) -> (f64, f64, f64) {
        let n = self.pairs.len();
        if n == 0 {
            return (0.5, 0.0, 1.0);
        }
        let scores: Vec<f64> = self
            .pairs
            .iter()
            .map(|p| p.points().iter().sum::<f64>() / 2.0)
            .collect();
        let mean = scores.iter().sum::<f64>() / n as f64;
        let var = scores.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / n as f64;
        let half = 1.96 * (var / n as f64).sqrt();
        (mean, (mean - half).max(0.0), (mean + half).min(1.0))
    }
}

/// The Elo difference that gives an expected score `score` (infinite at 0 and 1).
pub fn elo(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

/// [`elo`] of `score` as text: `+186`, `-40`, or `+inf` / `-inf` at 1 and 0.
pub fn elo_text(score: f64) -> String {
    let e = elo(score);
    if e.is_finite() {
        format!("{e:+.0}")
    } else if e > 0.0 {
        "+inf".to_string()
    } else {
        "-inf".to_string()
    }
}

/// Plays a match of `a` against `b`; `progress(pairs done, pairs)` is called after each pair
/// (from the thread that played it). The result depends only on the players and `config`, not
/// on the number of threads.
pub fn run_match(
    a: &Player,
    b: &Player,
    config: &MatchConfig,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> MatchResult {
    let slots: Mutex<Vec<Option<PairResult>>> = Mutex::new(vec![None; config.pairs]);
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let work = || loop {
        let i = next.fetch_add(1, Ordering::Relaxed);
        if i >= config.pairs {
            break;
        }
        let pair = play_pair(a, b, config, i);
        slots.lock().expect("no thread panics while holding it")[i] = Some(pair);
        progress(done.fetch_add(1, Ordering::Relaxed) + 1, config.pairs);
    };
    let threads = config.threads.clamp(1, 64);
    std::thread::scope(|s| {
        for _ in 1..threads {
            std::thread::Builder::new()
                .stack_size(16 << 20)
                .spawn_scoped(s, work)
                .expect("spawn a match thread");
        }
        work();
    });
    let pairs = slots
        .into_inner()
        .expect("no thread panicked")
        .into_iter()
        .flatten()
        .collect();
    MatchResult { pairs }
}

/// The two games of opening `i`.
pub fn play_pair(a: &Player, b: &Player, config: &MatchConfig, i: usize) -> PairResult {
    let pair_seed = mix(config.seed ^ mix(i as u64 + 1));
    let openings = match config.openings {
        Openings::Book => book(config.variant),
        Openings::Random => Vec::new(),
    };
    // The book in order (again from the top past its end); random plies without one.
    let (start, ply) = match openings.get(i % openings.len().max(1)) {
        Some(&(pos, plies)) => (pos, plies),
        None => (
            opening(
                config.variant,
                config.opening_plies,
                &mut Rng::new(pair_seed),
            ),
            config.opening_plies,
        ),
    };
    // Both games start alike, so a search one game ran is often the other's too.
    let memo = SearchMemo::new();
    let game = |players, salt| {
        play_game_with(
            start,
            ply,
            players,
            pair_seed ^ salt,
            config.max_plies,
            &memo,
        )
    };
    PairResult {
        games: [game([a, b], 1), game([b, a], 2)],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_of_known_scores() {
        assert!(elo(0.5).abs() < 1e-9);
        assert!((elo(0.75) - 190.85).abs() < 0.1);
        assert!(elo(1.0).is_infinite());
        assert_eq!(elo_text(0.75), "+191");
        assert_eq!(elo_text(0.0), "-inf");
    }

    #[test]
    fn a_match_is_the_same_on_one_or_two_threads() {
        let config = MatchConfig {
            pairs: 4,
            seed: 9,
            variant: Variant::Kujifunza,
            opening_plies: 2,
            max_plies: 120,
            threads: 1,
            openings: Openings::Random,
        };
        let one = run_match(&Player::Greedy, &Player::Random, &config, &|_, _| {});
        let two = run_match(
            &Player::Greedy,
            &Player::Random,
            &MatchConfig {
                threads: 2,
                ..config
            },
            &|_, _| {},
        );
        assert_eq!(one, two);
        assert_eq!(one.games(), 8);
        let (w, d, l) = one.wins_draws_losses();
        assert_eq!(w + d + l, 8);
        let (both, split, none) = one.pair_outcomes();
        assert_eq!(both + split + none, 4);
        assert!(2 * both + split <= w + d && w <= 2 * both + split);
    }

    #[test]
    fn every_line_of_the_book_is_a_running_kujifunza_opening() {
        let lines = KUJIFUNZA_BOOK
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .count();
        let openings = book(Variant::Kujifunza);
        assert_eq!(openings.len(), lines, "a line did not read");
        assert!(
            lines >= 100,
            "{lines} openings: too few for 200 paired games"
        );
        for (pos, plies) in &openings {
            assert_eq!(pos.variant(), Variant::Kujifunza);
            assert!(!pos.is_over() && !pos.legal_moves().is_empty(), "{pos}");
            assert!((2..=8).contains(plies), "{plies}");
        }
        assert!(book(Variant::Kiswahili).is_empty());
        assert_eq!(Openings::standard(Variant::Kujifunza), Openings::Book);
        assert_eq!(Openings::standard(Variant::Kiswahili), Openings::Random);
        assert_eq!("Book".parse(), Ok(Openings::Book));
        assert!("chess".parse::<Openings>().is_err());
    }

    #[test]
    fn a_pair_with_its_memo_plays_the_games_each_would_play_alone() {
        // Two searches without noise: the second game repeats many of the first's searches,
        // looked up in the pair's memo, and must still be the very game played from scratch.
        let config = MatchConfig {
            pairs: 1,
            variant: Variant::Kujifunza,
            openings: Openings::Book,
            ..MatchConfig::default()
        };
        let (a, b) = (Player::Nodes(1_500), Player::Nodes(2_500));
        for i in 0..3 {
            let pair = play_pair(&a, &b, &config, i);
            let (start, ply) = book(Variant::Kujifunza)[i];
            let seed = mix(config.seed ^ mix(i as u64 + 1));
            let alone = [
                play_game(start, ply, &a, &b, seed ^ 1, config.max_plies),
                play_game(start, ply, &b, &a, seed ^ 2, config.max_plies),
            ];
            assert_eq!(pair.games, alone, "opening {i}");
        }
    }

    #[test]
    fn a_book_match_starts_from_the_book_in_order() {
        let config = MatchConfig {
            pairs: 2,
            variant: Variant::Kujifunza,
            openings: Openings::Book,
            ..MatchConfig::default()
        };
        let openings = book(Variant::Kujifunza);
        for (i, (_, plies)) in openings.iter().enumerate().take(2) {
            let pair = play_pair(&Player::Greedy, &Player::Random, &config, i);
            // Each game counts the opening's plies before its own.
            assert!(pair.games.iter().all(|g| g.plies > *plies));
        }
    }
}
