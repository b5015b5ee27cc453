//! Compares search switches by matches: the default parameters against each switch flipped,
//! at a node budget (Kiswahili; Kujifunza openings decide the game whoever plays).
//!
//! `cargo run --release --example ab -- [NODES] [PAIRS] [THREADS] [ONLY]`

use bao_bot::ai::eval::{Weights, DEFAULT_PARAMS};
use bao_bot::ai::matchplay::{run_match, MatchConfig, Openings, Player};
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
    let hand_made = Params {
        namua: Weights {
            material: 100,
            front_seeds: 8,
            front_occupied: 30,
            front_weak: 60,
            mobility: 6,
            house_owned: 250,
            house_seeds: 10,
            threat_mover: 60,
            threat_waiting: 70,
            exposed: 10,
            moves: 3,
            tempo: 20,
        },
        mtaji: Weights {
            material: 100,
            front_seeds: 15,
            front_occupied: 40,
            front_weak: 120,
            mobility: 15,
            house_owned: 50,
            house_seeds: 5,
            threat_mover: 60,
            threat_waiting: 70,
            exposed: 10,
            moves: 4,
            tempo: 20,
        },
        ..DEFAULT_PARAMS
    };
    let material_only = {
        let mut p = DEFAULT_PARAMS;
        for w in [&mut p.namua, &mut p.mtaji] {
            *w = Weights {
                material: 100,
                front_seeds: 0,
                front_occupied: 0,
                front_weak: 0,
                mobility: 0,
                house_owned: 0,
                house_seeds: 0,
                threat_mover: 0,
                threat_waiting: 0,
                exposed: 0,
                moves: 0,
                tempo: 0,
            };
        }
        p
    };
    let variants: [(&str, Params); 7] = [
        ("material only", material_only),
        ("the first hand-made weights", hand_made),
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
        (
            "quiescence 2 plies",
            Params {
                quiescence_plies: 2,
                ..DEFAULT_PARAMS
            },
        ),
        (
            "quiescence 8 plies",
            Params {
                quiescence_plies: 8,
                ..DEFAULT_PARAMS
            },
        ),
        (
            "no quiescence",
            Params {
                quiescence_plies: 0,
                ..DEFAULT_PARAMS
            },
        ),
    ];
    let only: Option<usize> = args.get(3).map(|&i| i as usize);
    for (i, (name, other)) in variants.into_iter().enumerate() {
        if only.is_some_and(|o| o != i) {
            continue;
        }
        let variant = Variant::Kiswahili;
        let config = MatchConfig {
            pairs,
            seed: 7,
            variant,
            opening_plies: 6,
            max_plies: 300,
            threads,
            openings: Openings::Random,
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
