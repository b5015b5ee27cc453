//! Tunes the evaluation weights by matches. Starting from seeds alone (material), each
//! feature in turn is given each of a few trial weights (in both stages, then in one stage
//! only); the best trial is kept when it beats the current weights by more than the threshold
//! over paired Kiswahili games. Prints every trial and the final weights.
//!
//! `cargo run --release --example tune -- [NODES] [PAIRS] [THREADS] [THRESHOLD%]`

use bao_bot::ai::eval::{Weights, DEFAULT_PARAMS};
use bao_bot::ai::matchplay::{run_match, MatchConfig, Openings, Player};
use bao_bot::ai::{Params, SearchLimits};
use bao_bot::rules::Variant;

const NAMES: [&str; 11] = [
    "threat_waiting",
    "threat_mover",
    "front_occupied",
    "front_weak",
    "mobility",
    "front_seeds",
    "exposed",
    "house_owned",
    "house_seeds",
    "moves",
    "tempo",
];

/// Trial weights for each feature, in hundredths of a seed.
const TRIALS: [[i32; 3]; 11] = [
    [20, 50, 90],
    [20, 50, 90],
    [15, 40, 80],
    [30, 80, 200],
    [5, 15, 30],
    [-10, 5, 15],
    [5, 15, 30],
    [50, 150, 300],
    [3, 8, 15],
    [2, 5, 10],
    [10, 25, 50],
];

fn field(w: &mut Weights, i: usize) -> &mut i32 {
    match i {
        0 => &mut w.threat_waiting,
        1 => &mut w.threat_mover,
        2 => &mut w.front_occupied,
        3 => &mut w.front_weak,
        4 => &mut w.mobility,
        5 => &mut w.front_seeds,
        6 => &mut w.exposed,
        7 => &mut w.house_owned,
        8 => &mut w.house_seeds,
        9 => &mut w.moves,
        _ => &mut w.tempo,
    }
}

fn score(a: &Params, b: &Params, nodes: u64, pairs: usize, threads: usize, seed: u64) -> f64 {
    let config = MatchConfig {
        pairs,
        seed,
        variant: Variant::Kiswahili,
        opening_plies: 6,
        max_plies: 300,
        threads,
        openings: Openings::Random,
    };
    let player = |p: &Params| Player::Custom {
        limits: SearchLimits::nodes(nodes),
        params: *p,
    };
    run_match(&player(a), &player(b), &config, &|_, _| {})
        .score()
        .0
}

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("numbers"))
        .collect();
    let nodes = args.first().copied().unwrap_or(5_000);
    let pairs = args.get(1).copied().unwrap_or(60) as usize;
    let threads = args.get(2).copied().unwrap_or(1) as usize;
    let threshold = args.get(3).copied().unwrap_or(54) as f64 / 100.0;
    let mut best = DEFAULT_PARAMS;
    for w in [&mut best.namua, &mut best.mtaji] {
        for i in 0..NAMES.len() {
            *field(w, i) = 0;
        }
    }
    let mut seed = 1_000;
    for (i, name) in NAMES.iter().enumerate() {
        // Both stages, then namua only, then mtaji only.
        for stages in [[true, true], [true, false], [false, true]] {
            let mut top: Option<(f64, Params, i32)> = None;
            for &v in &TRIALS[i] {
                let mut cand = best;
                if stages[0] {
                    *field(&mut cand.namua, i) = v;
                }
                if stages[1] {
                    *field(&mut cand.mtaji, i) = v;
                }
                if cand == best {
                    continue;
                }
                seed += 1;
                let s = score(&cand, &best, nodes, pairs, threads, seed);
                println!("{name} {stages:?} = {v}: {:.1}%", s * 100.0);
                if top.as_ref().is_none_or(|t| s > t.0) {
                    top = Some((s, cand, v));
                }
            }
            if let Some((s, cand, v)) = top {
                if s > threshold {
                    best = cand;
                    println!("  kept {name} {stages:?} = {v} ({:.1}%)", s * 100.0);
                    break;
                }
            }
        }
    }
    println!("{best:#?}");
}
