//! Solver benchmark: nodes per second of the exact solver on the Bao la Kujifunza start and
//! on two middle-game positions (one a variant), each under a fixed node budget.
//!
//! `cargo bench --bench solve` (release, one thread) prints, for each position, the outcome,
//! the deepest iteration completed, the nodes, the time and the nodes per second, then the
//! total. Under `cargo test --all-targets` it runs with a small budget as a smoke test.

use std::time::Duration;

use bao_bot::ai::solve::{solve, SolveLimits};
use bao_bot::rules::Position;

const POSITIONS: [&str; 3] = [
    "variant=kujifunza turn=S hand=0,0 house=- takasia=- A=2,2,2,2,2,2,2,2 B=2,2,2,2,2,2,2,2 a=2,2,2,2,2,2,2,2 b=2,2,2,2,2,2,2,2",
    "variant=kujifunza turn=S hand=0,0 house=- takasia=- A=0,2,1,0,1,5,4,1 B=0,3,3,0,3,3,1,0 a=1,1,0,1,4,9,8,1 b=3,0,3,3,0,0,2,1",
    "variant=kiswahili turn=N hand=0,1 house=- takasia=- A=1,5,1,1,14,0,4,1 B=1,3,5,0,1,1,5,1 a=3,1,0,0,2,9,0,1 b=0,2,1,0,0,0,0,0",
];

fn main() {
    // `cargo bench` passes `--bench`; `cargo test` does not.
    let bench = std::env::args().any(|a| a == "--bench");
    let nodes = if bench {
        5_000_000
    } else {
        println!("(smoke run: `cargo bench --bench solve` gives the figures)");
        20_000
    };
    let mut total_nodes = 0;
    let mut total_time = Duration::ZERO;
    for text in POSITIONS {
        let pos: Position = text.parse().expect("a bench position");
        let r = solve(&pos, SolveLimits::nodes(nodes));
        total_nodes += r.nodes;
        total_time += r.elapsed;
        println!(
            "{:<9} {:<18} depth {:>2} {:>9} nodes {:>7.3} s {:>10.0} nodes/s",
            pos.variant(),
            r.outcome.to_string(),
            r.depth,
            r.nodes,
            r.elapsed.as_secs_f64(),
            r.nodes_per_second()
        );
    }
    let secs = total_time.as_secs_f64();
    println!(
        "total {total_nodes} nodes in {secs:.3} s: {:.0} nodes/s",
        total_nodes as f64 / secs.max(1e-9)
    );
}
