//! Tries level settings by matches: a candidate (node budget and noise) against a fixed
//! player, so the levels can be spaced.
//!
//! `cargo run --release --example levels -- NODES NOISE OPPONENT [PAIRS] [VARIANT]`

use bao_bot::ai::eval::DEFAULT_PARAMS;
use bao_bot::ai::matchplay::{run_match, MatchConfig, Player};
use bao_bot::ai::SearchLimits;
use bao_bot::rules::Variant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let nodes: u64 = args[0].parse().expect("NODES");
    let noise: i32 = args[1].parse().expect("NOISE");
    let opponent: Player = args[2].parse().expect("OPPONENT");
    let pairs: usize = args.get(3).map_or(40, |p| p.parse().expect("PAIRS"));
    let variant: Variant = args
        .get(4)
        .map_or(Variant::Kiswahili, |v| v.parse().expect("VARIANT"));
    let me = Player::Custom {
        limits: SearchLimits {
            noise,
            ..SearchLimits::nodes(nodes)
        },
        params: DEFAULT_PARAMS,
    };
    let config = MatchConfig {
        pairs,
        seed: 3,
        variant,
        opening_plies: 6,
        max_plies: 400,
        threads: 1,
    };
    let r = run_match(&me, &opponent, &config, &|_, _| {});
    let (s, lo, hi) = r.score();
    let (w, d, l) = r.wins_draws_losses();
    println!(
        "nodes {nodes} noise {noise} vs {opponent}, {variant}: {:.1}% ({:.1}..{:.1}), +{w} ={d} -{l}",
        s * 100.0,
        lo * 100.0,
        hi * 100.0
    );
}
