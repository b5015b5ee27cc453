//! Fits the expected-score scale of `bao_bot::ai::expected`: a logistic curve from the
//! search's score (hundredths of a seed, for the side to move) to the side to move's result,
//! fitted on self-play games at a fixed node budget, namua and mtaji separately.
//!
//! `cargo run --release --example fit_expected -- [GAMES_PER_VARIANT] [NODES] [SEED]`
//! (defaults 60, the hard level's budget, 1). Single-threaded and deterministic: the same
//! arguments give the same games and the same fit.
//!
//! Each game starts from 6 random plies. At every ply the side to move's position is searched
//! at NODES (the score recorded); the side then plays the search's move, except that with
//! probability 1/4 it plays the medium level's (noisy, 3 000-node) move instead, so that games
//! hold mistakes of the size people make and the results are not settled by the opening. A game
//! still running after 300 plies counts as a draw (half a point). Won or lost scores (forced
//! ends the search saw) are left out of the fit: the scale maps them to 1 and 0.
//!
//! Printed: per group the fitted slope `k` of `E = 1 / (1 + exp(-k * score))`, its log-loss
//! against a coin's, a calibration table, how often the side given an expected score above 0.8
//! went on to win, and the spread of the expected-score loss of the search's own moves (what
//! consecutive searches disagree by when nothing was lost: the noise floor the analysis labels
//! must stand above) and of the medium level's moves where they differ.

use bao_bot::ai::expected::{K_MTAJI, K_NAMUA, MATE_SCORE_CUTOFF};
use bao_bot::ai::matchplay::opening;
use bao_bot::ai::rng::{mix, Rng};
use bao_bot::ai::{choose_move, Level, SearchLimits};
use bao_bot::rules::{Phase, Position, Side, Variant};

const OPENING_PLIES: u32 = 6;
const MAX_PLIES: u32 = 300;
/// One move in this many is the medium level's.
const MEDIUM_ONE_IN: usize = 4;

/// Which samples a group holds.
type Filter = dyn Fn(&Sample) -> bool;

/// One searched position.
struct Sample {
    /// The position searched.
    pos: Position,
    /// The search's score for the side to move.
    score: i32,
    /// The game is over here (not searched; kept for the last move's loss).
    terminal: bool,
    /// When the mover did not play the search's move: the position after the search's move, with its own search's score.
    best_child: Option<(Position, i32)>,
    /// The game's result for the mover: 1, 0.5 or 0.
    result: f64,
    /// Index of the game (samples of one game are consecutive plies).
    game: usize,
}

impl Sample {
    fn variant(&self) -> Variant {
        self.pos.variant()
    }
    fn phase(&self) -> Phase {
        self.pos.phase()
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: usize = args.first().map_or(60, |a| a.parse().expect("GAMES"));
    let nodes: u64 = args
        .get(1)
        .map_or(Level::Hard.nodes(), |a| a.parse().expect("NODES"));
    let seed: u64 = args.get(2).map_or(1, |a| a.parse().expect("SEED"));
    let began = std::time::Instant::now();
    let mut samples = Vec::new();
    let mut game_index = 0;
    for variant in [Variant::Kiswahili, Variant::Kujifunza] {
        let (mut south, mut north, mut drawn, mut plies) = (0, 0, 0, 0);
        for g in 0..games {
            let game_seed = mix(seed ^ mix((g as u64 + 1) * 7919 + variant as u64));
            let (winner, n) = play(variant, nodes, game_seed, game_index, &mut samples);
            game_index += 1;
            plies += n;
            match winner {
                Some(Side::South) => south += 1,
                Some(Side::North) => north += 1,
                None => drawn += 1,
            }
        }
        println!(
            "{variant}: {games} games, South won {south}, North {north}, {drawn} stopped at \
             {MAX_PLIES} plies; {:.1} plies a game",
            plies as f64 / games.max(1) as f64
        );
    }
    println!(
        "{} positions searched at {nodes} nodes in {:.0} s",
        samples.iter().filter(|s| !s.terminal).count(),
        began.elapsed().as_secs_f64()
    );
    let groups: [(&str, &Filter); 4] = [
        ("kiswahili namua", &|s| {
            s.variant() == Variant::Kiswahili && s.phase() == Phase::Namua
        }),
        ("kiswahili mtaji", &|s| {
            s.variant() == Variant::Kiswahili && s.phase() == Phase::Mtaji
        }),
        ("kujifunza (mtaji)", &|s| s.variant() == Variant::Kujifunza),
        ("all mtaji", &|s| s.phase() == Phase::Mtaji),
    ];
    let mut slopes = Vec::new();
    for (name, keep) in groups {
        let data: Vec<(f64, f64)> = samples
            .iter()
            .filter(|s| !s.terminal && keep(s) && s.score.abs() < MATE_SCORE_CUTOFF)
            .map(|s| (s.score as f64, s.result))
            .collect();
        let decided = samples
            .iter()
            .filter(|s| !s.terminal && keep(s) && s.score.abs() >= MATE_SCORE_CUTOFF)
            .collect::<Vec<_>>();
        let decided_right = decided
            .iter()
            .filter(|s| (s.score > 0) == (s.result == 1.0))
            .count();
        let k = fit(&data);
        slopes.push(k);
        println!();
        println!(
            "== {name}: {} positions (+{} won/lost by the search, right in {})",
            data.len(),
            decided.len(),
            decided_right
        );
        println!(
            "k = {k:.6} per hundredth of a seed (E = 0.75 at {:+.1} seeds); log-loss {:.4} \
             (a coin: {:.4})",
            3f64.ln() / k / 100.0,
            log_loss(&data, k),
            log_loss(&data, 0.0)
        );
        calibration(&data, k);
        let confident: Vec<_> = data
            .iter()
            .filter_map(|&(s, y)| {
                let e = sigmoid(k * s);
                if e > 0.8 {
                    Some(y)
                } else if e < 0.2 {
                    Some(1.0 - y)
                } else {
                    None
                }
            })
            .collect();
        let wins = confident.iter().filter(|&&y| y == 1.0).count();
        println!(
            "side with E > 0.8: {} positions, went on to win {} ({:.1}%), drew {}",
            confident.len(),
            wins,
            100.0 * wins as f64 / confident.len().max(1) as f64,
            confident.iter().filter(|&&y| y == 0.5).count()
        );
    }
    println!();
    println!(
        "== slopes for the code: K_NAMUA = {:.6}, K_MTAJI = {:.6} (now {K_NAMUA}, {K_MTAJI})",
        slopes[0], slopes[3]
    );
    let scale = |pos: &Position, score: i32, mover: Side| -> f64 {
        let e = match pos.winner() {
            Some(w) => return if w == mover { 1.0 } else { 0.0 },
            None if score.abs() >= MATE_SCORE_CUTOFF => (score > 0) as u8 as f64,
            None => {
                let k = match pos.phase() {
                    Phase::Namua => slopes[0],
                    Phase::Mtaji => slopes[3],
                };
                sigmoid(k * score as f64)
            }
        };
        if pos.turn() == mover {
            e
        } else {
            1.0 - e
        }
    };
    println!("== expected-score loss per move, with the fitted slopes");
    let mut own = Vec::new();
    let mut medium = Vec::new();
    for w in samples.windows(2) {
        let (a, b) = (&w[0], &w[1]);
        if a.game != b.game {
            continue;
        }
        let mover = a.pos.turn();
        let played = scale(&b.pos, b.score, mover);
        match a.best_child {
            None => own.push((scale(&a.pos, a.score, mover) - played).max(0.0)),
            Some((pos, score)) => medium.push((scale(&pos, score, mover) - played).max(0.0)),
        }
    }
    let own_note = "search's own moves (E before less E after: the noise floor)";
    let medium_note = "medium's other moves (E after the best less E after it)";
    for (name, mut v) in [(own_note, own), (medium_note, medium)] {
        v.sort_by(f64::total_cmp);
        let q = |p: f64| v.get(((v.len() as f64 - 1.0) * p) as usize).copied();
        let over = |t: f64| 100.0 * v.iter().filter(|&&l| l >= t).count() as f64 / v.len() as f64;
        println!(
            "{name}: {} moves; loss median {:.3}, 75% {:.3}, 90% {:.3}, 95% {:.3}; \
             >= 0.05: {:.1}%, >= 0.10: {:.1}%, >= 0.20: {:.1}%, >= 0.30: {:.1}%",
            v.len(),
            q(0.5).unwrap_or(0.0),
            q(0.75).unwrap_or(0.0),
            q(0.9).unwrap_or(0.0),
            q(0.95).unwrap_or(0.0),
            over(0.05),
            over(0.10),
            over(0.20),
            over(0.30),
        );
    }
}

/// Plays one game, pushing a sample per searched ply; returns the winner and the plies.
fn play(
    variant: Variant,
    nodes: u64,
    seed: u64,
    game: usize,
    samples: &mut Vec<Sample>,
) -> (Option<Side>, u32) {
    let mut rng = Rng::new(seed);
    let mut pos: Position = opening(variant, OPENING_PLIES, &mut rng);
    let first = samples.len();
    let mut ply = OPENING_PLIES;
    while !pos.is_over() && ply < MAX_PLIES {
        let Some(found) = choose_move(&pos, &SearchLimits::nodes(nodes)) else {
            break;
        };
        let mut mv = found.mv;
        if rng.below(MEDIUM_ONE_IN) == 0 {
            let limits = SearchLimits {
                seed: rng.next_u64(),
                ..Level::Medium.limits_without_clock(pos.variant())
            };
            if let Some(m) = choose_move(&pos, &limits) {
                mv = m.mv;
            }
        }
        let best_child = (mv != found.mv).then(|| {
            let child = pos.play_unchecked(&found.mv);
            let score = choose_move(&child, &SearchLimits::nodes(nodes)).map_or(0, |r| r.score);
            (child, score)
        });
        samples.push(Sample {
            pos,
            score: found.score,
            terminal: false,
            best_child,
            result: 0.5,
            game,
        });
        pos = pos.play_unchecked(&mv);
        ply += 1;
    }
    if pos.is_over() {
        samples.push(Sample {
            pos,
            score: 0,
            terminal: true,
            best_child: None,
            result: 0.5,
            game,
        });
    }
    // A side left without a move has lost: the rules mark it on the move before.
    let winner = pos.winner();
    for s in &mut samples[first..] {
        s.result = match winner {
            Some(w) if w == s.pos.turn() => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        };
    }
    (winner, ply)
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Mean log-loss of `E = sigmoid(k * score)` on (score, result) pairs.
fn log_loss(data: &[(f64, f64)], k: f64) -> f64 {
    let total: f64 = data
        .iter()
        .map(|&(s, y)| {
            let p = sigmoid(k * s).clamp(1e-12, 1.0 - 1e-12);
            -(y * p.ln() + (1.0 - y) * (1.0 - p).ln())
        })
        .sum();
    total / data.len().max(1) as f64
}

/// The maximum-likelihood slope `k` (Newton's method on a concave log-likelihood).
fn fit(data: &[(f64, f64)]) -> f64 {
    let mut k = 0.0;
    for _ in 0..100 {
        let (mut grad, mut hess) = (0.0, 0.0);
        for &(s, y) in data {
            let p = sigmoid(k * s);
            grad += (y - p) * s;
            hess += p * (1.0 - p) * s * s;
        }
        if hess <= 0.0 {
            break;
        }
        let step = grad / hess;
        k += step;
        if step.abs() < 1e-10 {
            break;
        }
    }
    k
}

/// Prints predicted against observed results in tenths of the expected score.
fn calibration(data: &[(f64, f64)], k: f64) {
    println!("  E bin      positions  mean E  observed");
    for bin in 0..10 {
        let lo = bin as f64 / 10.0;
        let rows: Vec<_> = data
            .iter()
            .map(|&(s, y)| (sigmoid(k * s), y))
            .filter(|&(e, _)| e >= lo && (e < lo + 0.1 || bin == 9))
            .collect();
        if rows.is_empty() {
            continue;
        }
        let n = rows.len() as f64;
        println!(
            "  {lo:.1}-{:.1}  {:>9}  {:>6.3}  {:>8.3}",
            lo + 0.1,
            rows.len(),
            rows.iter().map(|r| r.0).sum::<f64>() / n,
            rows.iter().map(|r| r.1).sum::<f64>() / n
        );
    }
}
