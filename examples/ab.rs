//! Compares search switches by matches: the default parameters against each switch flipped,
//! at a node budget (Kiswahili; Kujifunza openings decide the game whoever plays).
//!
//! `cargo run --release --example ab -- [NODES] [PAIRS] [THREADS]`

use bao_bot::ai::eval::DEFAULT_PARAMS;
use bao_bot::ai::matchplay::{run_match, MatchConfig, Player};
use bao_bot::ai::{Params, SearchLimits};
use bao_bot::rules::Variant;

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("numbers"))
        .collect();
    let nodes = args.first().copied().unwrap_or(20_000);
    let pairs = args.get(1).copied().unwrap_or(40) as usize;
    let threads = args.get(2).copied().unwrap_or(1) as usize;
    let variants: [(&str, Params); 2] = [
        (
            "reductions switched",
            Params {
                reductions: !DEFAULT_PARAMS.reductions,
                ..DEFAULT_PARAMS
            },
        ),
        (
            "forced-move extension switched",
            Params {
                forced_extension: !DEFAULT_PARAMS.forced_extension,
                ..DEFAULT_PARAMS
            },
        ),
    ];
    for (name, other) in variants {
        let variant = Variant::Kiswahili;
        let config = MatchConfig {
            pairs,
            seed: 7,
            variant,
            opening_plies: 6,
            max_plies: 300,
            threads,
        };
        let a = Player::Custom {
            limits: SearchLimits::nodes(nodes),
            params: DEFAULT_PARAMS,
        };
        let b = Player::Custom {
            limits: SearchLimits::nodes(nodes),
            params: other,
        };
        let r = run_match(&a, &b, &config, &|_, _| {});
        let (s, lo, hi) = r.score();
        println!(
            "default vs {name}, {variant}: {:.1}% ({:.1}..{:.1}), {} games",
            s * 100.0,
            lo * 100.0,
            hi * 100.0,
            r.games()
        );
    }
}
