//! `analyze --agreement GAMES`: how well consecutive evaluations of the analysis agree, on a
//! fixed set of games, so the figure can be measured again at any budget.
//!
//! The games are the first GAMES whole games (to 150 plies) of Bao la Kiswahili between two
//! medium-level players, seeds 1, 2, 3…; each is analysed at the given budgets and the line
//! printed gives the share of consecutive evaluations (South's expected score before and after
//! a move) more than 0.19 apart, over the moves that were the analysis's own best (where they
//! should agree) and over all moves, with the time per 100 plies.

use std::io::{self, Write};
use std::time::Instant;

use bao_bot::ai::analysis::{Analyser, GameAnalysis, Label};
use bao_bot::ai::matchplay::Player;
use bao_bot::ai::rng::mix;
use bao_bot::ai::Level;
use bao_bot::rules::{Move, Position, Variant};

use super::CliError;

/// Consecutive evaluations this far apart count as disagreeing.
const APART: f64 = 0.19;
/// The longest game analysed.
const MAX_PLIES: usize = 150;

/// The game of `seed` between medium players, to its end or [`MAX_PLIES`].
fn medium_game(seed: u64) -> (Position, Vec<Move>) {
    let player = Player::Level(Level::Medium);
    let start = Position::start(Variant::Kiswahili);
    let mut pos = start;
    let mut moves = Vec::with_capacity(MAX_PLIES);
    while moves.len() < MAX_PLIES && !pos.is_over() {
        let Some(mv) = player.choose(&pos, mix(seed * 1000 + moves.len() as u64)) else {
            break;
        };
        pos = pos.play_unchecked(&mv);
        moves.push(mv);
    }
    (start, moves)
}

/// Consecutive evaluations of `a` more than [`APART`] apart: (on best moves, best moves, on
/// all moves, all moves).
fn disagreements(a: &GameAnalysis) -> [usize; 4] {
    let mut out = [0; 4];
    for p in &a.plies {
        let apart = ((p.south_after - p.south_before).abs() > APART) as usize;
        if p.label == Label::Best {
            out[0] += apart;
            out[1] += 1;
        }
        out[2] += apart;
        out[3] += 1;
    }
    out
}

/// Analyses `games` games at `nodes` search nodes and `proof_nodes` solver nodes a position
/// and prints the disagreement.
pub fn agreement(games: usize, nodes: u64, proof_nodes: u64) -> Result<(), CliError> {
    let began = Instant::now();
    let (mut sums, mut marked) = ([0; 4], 0);
    for seed in 1..=games as u64 {
        let (start, moves) = medium_game(seed);
        let mut analyser = Analyser::with_proofs(&start, &moves, nodes, proof_nodes)
            .map_err(|e| CliError::Other(e.into()))?;
        while analyser.step() {}
        let a = analyser.finish();
        marked += a.proved_moves().len();
        for (s, d) in sums.iter_mut().zip(disagreements(&a)) {
            *s += d;
        }
    }
    let secs = began.elapsed().as_secs_f64();
    let share = |k: usize| 100.0 * sums[k] as f64 / sums[k + 1].max(1) as f64;
    writeln!(
        io::stdout(),
        "{games} games, {} plies, {nodes} nodes, {proof_nodes} proof nodes: {:.1}% of \
         consecutive evaluations more than {APART} apart on best moves ({} of {}), {:.1}% on \
         all moves; {marked} moves marked by proofs; {:.2} s per 100 plies",
        sums[3],
        share(0),
        sums[0],
        sums[1],
        share(2),
        100.0 * secs / sums[3].max(1) as f64
    )
    .map_err(anyhow::Error::from)?;
    Ok(())
}
