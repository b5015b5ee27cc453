//! Analysis benchmark: the post-game analysis of a 100-ply game at the default budget (target
//! at most 15 s on one core) and a hint (target at most 1 s).
//!
//! `cargo bench --bench analysis` (release, one thread) plays a 100-ply Kiswahili game
//! between two medium-level players (fixed seeds, not timed), analyses it twice and prints
//! the time, then times a hint in every tenth position of the game and prints the median and
//! the slowest. Under `cargo test --all-targets` it analyses 8 plies at a small budget as a
//! smoke test.

use std::time::Instant;

use bao_bot::ai::analysis::{analyse, hint, DEFAULT_NODES, HINT_NODES};
use bao_bot::ai::matchplay::Player;
use bao_bot::ai::rng::mix;
use bao_bot::ai::Level;
use bao_bot::rules::{Move, Position, Variant};

/// A game of exactly `plies` plies between medium players, from the first seed whose game
/// lasts that long.
fn game(plies: usize) -> (Position, Vec<Move>) {
    let player = Player::Level(Level::Medium);
    'seeds: for seed in 1.. {
        let start = Position::start(Variant::Kiswahili);
        let mut pos = start;
        let mut moves = Vec::with_capacity(plies);
        while moves.len() < plies {
            let Some(mv) = player.choose(&pos, mix(seed * 1000 + moves.len() as u64)) else {
                continue 'seeds;
            };
            pos = pos.play_unchecked(&mv);
            moves.push(mv);
            if pos.is_over() && moves.len() < plies {
                continue 'seeds;
            }
        }
        return (start, moves);
    }
    unreachable!("some seed gives a long enough game")
}

fn main() {
    // `cargo bench` passes `--bench`; `cargo test` does not.
    let bench = std::env::args().any(|a| a == "--bench");
    let (plies, nodes, hint_nodes) = if bench {
        (100, DEFAULT_NODES, HINT_NODES)
    } else {
        println!("(smoke run: `cargo bench --bench analysis` gives the figures)");
        (8, 2_000, 2_000)
    };
    let (start, moves) = game(plies);
    let mut times = Vec::new();
    let mut first = None;
    for _ in 0..if bench { 2 } else { 1 } {
        let began = Instant::now();
        let a = analyse(&start, &moves, nodes, &mut |_, _| {}).expect("the game is legal");
        times.push(began.elapsed().as_secs_f64());
        if let Some(f) = &first {
            assert_eq!(f, &a, "the analysis is the same twice");
        }
        first = Some(a);
    }
    let a = first.expect("analysed once");
    let searches = a.plies.len() + 1 + a.plies.iter().filter(|p| p.best != p.played).count();
    println!(
        "analysis of a {plies}-ply game at {nodes} nodes: {} s ({searches} searches; \
         accuracy South {:.1}%, North {:.1}%)",
        times
            .iter()
            .map(|t| format!("{t:.2}"))
            .collect::<Vec<_>>()
            .join(" s, "),
        a.accuracy[0].unwrap_or(0.0),
        a.accuracy[1].unwrap_or(0.0)
    );
    let mut pos = start;
    let mut hint_times = Vec::new();
    for (i, mv) in moves.iter().enumerate() {
        if i % 10 == 0 {
            let began = Instant::now();
            hint(&pos, hint_nodes).expect("a running game has a hint");
            hint_times.push(began.elapsed().as_secs_f64());
        }
        pos = pos.play_unchecked(mv);
    }
    hint_times.sort_by(f64::total_cmp);
    println!(
        "hint at {hint_nodes} nodes, {} positions: median {:.3} s, slowest {:.3} s",
        hint_times.len(),
        hint_times[hint_times.len() / 2],
        hint_times[hint_times.len() - 1]
    );
}
