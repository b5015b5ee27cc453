//! Tournament benchmark (plain `main`, no harness): pairing each round 1–9 of a 200-player
//! Swiss event by the Dutch system (each the median of several runs, from the same played
//! history), the standings of that event after 6 rounds, and a whole simulated 100-player,
//! 9-round Swiss event through the store. Targets (issues 25 and 39): 100 ms, 20 ms and 10 s.
//!
//! Run: `cargo bench --bench tournament`. `BENCH_SEED=N` plays the results by another lot
//! (default 7). Under `cargo test` it runs a small version as a smoke test.

use std::time::{Duration, Instant};

use bao_bot::ai::rng::Rng;
use bao_bot::tournament::simulate::{simulate, Plan};
use bao_bot::tournament::standings::standings;
use bao_bot::tournament::{swiss, Entrant, Format, Outcome, Pairing};

/// An event of `n` players with `rounds` rounds paired and played, results by lot.
fn played(n: usize, rounds: u32, seed: u64) -> (Vec<Entrant>, Vec<Pairing>) {
    let mut rng = Rng::new(seed);
    let entrants: Vec<Entrant> = (0..n)
        .map(|i| Entrant {
            name: format!("p{i}"),
            rating: 2200.0 - 5.0 * i as f64,
            active: true,
        })
        .collect();
    let mut pairings = Vec::new();
    for r in 1..=rounds {
        for mut p in swiss::pair(&entrants, &pairings, r, 9).expect("pairs") {
            if p.north.is_some() {
                p.outcome =
                    Some([Outcome::SouthWins, Outcome::NorthWins, Outcome::Draw][rng.below(3)]);
            }
            pairings.push(p);
        }
    }
    (entrants, pairings)
}

/// The median of `runs` timings of `f`.
fn median(runs: usize, mut f: impl FnMut()) -> Duration {
    let mut times: Vec<Duration> = (0..runs)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed()
        })
        .collect();
    times.sort();
    times[times.len() / 2]
}

fn main() {
    let full = std::env::args().any(|a| a == "--bench");
    let (n, sim_players, runs) = if full { (200, 100, 11) } else { (20, 10, 1) };
    let seed = std::env::var("BENCH_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(7);
    let (entrants, pairings) = played(n, 8, seed);
    let mut slowest = Duration::ZERO;
    for round in 1..=9 {
        let before: Vec<Pairing> = pairings
            .iter()
            .filter(|p| p.round < round)
            .copied()
            .collect();
        let pair = median(runs, || {
            let boards = swiss::pair(&entrants, &before, round, 9).expect("pairs");
            assert_eq!(boards.len(), n / 2);
        });
        println!(
            "swiss pairing (Dutch), {n} players, round {round}: {:.1} ms (target 100 ms)",
            pair.as_secs_f64() * 1e3
        );
        slowest = slowest.max(pair);
    }
    println!(
        "swiss pairing (Dutch), {n} players, slowest of rounds 1-9: {:.1} ms (target 100 ms)",
        slowest.as_secs_f64() * 1e3
    );
    let six: Vec<Pairing> = pairings.iter().filter(|p| p.round <= 6).copied().collect();
    let table = median(runs, || {
        let rows = standings(n, &six).expect("standings");
        assert_eq!(rows.len(), n);
    });
    println!(
        "standings, {n} players, 6 rounds: {:.2} ms (target 20 ms)",
        table.as_secs_f64() * 1e3
    );
    let t = Instant::now();
    let sim = simulate(Plan {
        players: sim_players,
        format: Format::Swiss { rounds: 9 },
        seed: 1,
    })
    .expect("simulates");
    let took = t.elapsed();
    assert_eq!(sim.standings.len(), sim_players);
    println!(
        "simulate, {sim_players} players, 9 rounds, through the store: {:.2} s (target 10 s)",
        took.as_secs_f64()
    );
}
