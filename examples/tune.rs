//! Tunes the evaluation weights by matches: for each weight in turn, a player with the weight
//! raised (then lowered) plays the current best over paired games in both variants; a change
//! that scores above the threshold is kept. Prints the weights at the end.
//!
//! `cargo run --release --example tune -- [NODES] [PAIRS] [ROUNDS] [THREADS]`

use bao_bot::ai::eval::{Weights, DEFAULT_PARAMS};
use bao_bot::ai::matchplay::{run_match, MatchConfig, Player};
use bao_bot::ai::{Params, SearchLimits};
use bao_bot::rules::Variant;

fn field(w: &mut Weights, i: usize) -> &mut i32 {
    match i {
        0 => &mut w.front_seeds,
        1 => &mut w.front_occupied,
        2 => &mut w.front_weak,
        3 => &mut w.mobility,
        4 => &mut w.house_owned,
        5 => &mut w.house_seeds,
        6 => &mut w.threat_mover,
        7 => &mut w.threat_waiting,
        8 => &mut w.exposed,
        9 => &mut w.moves,
        _ => &mut w.tempo,
    }
}

const NAMES: [&str; 11] = [
    "front_seeds",
    "front_occupied",
    "front_weak",
    "mobility",
    "house_owned",
    "house_seeds",
    "threat_mover",
    "threat_waiting",
    "exposed",
    "moves",
    "tempo",
];

/// Score of `a` against `b` over both variants.
fn score(a: &Params, b: &Params, nodes: u64, pairs: usize, threads: usize, seed: u64) -> f64 {
    let mut total = 0.0;
    for (variant, vpairs) in [(Variant::Kiswahili, pairs), (Variant::Kujifunza, pairs / 2)] {
        let config = MatchConfig {
            pairs: vpairs,
            seed,
            variant,
            opening_plies: 6,
            max_plies: 300,
            threads,
        };
        let pa = Player::Custom {
            limits: SearchLimits::nodes(nodes),
            params: *a,
        };
        let pb = Player::Custom {
            limits: SearchLimits::nodes(nodes),
            params: *b,
        };
        let r = run_match(&pa, &pb, &config, &|_, _| {});
        total += r.score().0 * vpairs as f64;
    }
    total / (pairs + pairs / 2) as f64
}

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("numbers"))
        .collect();
    let nodes = args.first().copied().unwrap_or(5_000);
    let pairs = args.get(1).copied().unwrap_or(40) as usize;
    let rounds = args.get(2).copied().unwrap_or(1);
    let threads = args.get(3).copied().unwrap_or(1) as usize;
    let mut best = DEFAULT_PARAMS;
    let mut seed = 100;
    for round in 0..rounds {
        for stage in 0..2 {
            for (i, name) in NAMES.iter().enumerate() {
                for factor in [3, 1] {
                    let mut cand = best;
                    let w = if stage == 0 {
                        &mut cand.namua
                    } else {
                        &mut cand.mtaji
                    };
                    let v = field(w, i);
                    let old = *v;
                    *v = if old == 0 {
                        [10, -10][(factor == 1) as usize]
                    } else {
                        old * factor / 2
                    };
                    let new = *v;
                    seed += 1;
                    let s = score(&cand, &best, nodes, pairs, threads, seed);
                    let stage_name = ["namua", "mtaji"][stage];
                    println!(
                        "round {round} {stage_name}.{}: {old} -> {new}: {:.1}%",
                        name,
                        s * 100.0
                    );
                    if s > 0.55 {
                        best = cand;
                        println!("  kept");
                        break;
                    }
                }
            }
        }
    }
    println!("{best:#?}");
}
