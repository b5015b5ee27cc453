//! The benchmarks that run the bot against loopback stand-ins, in one bench target so the
//! integration tests' shared code (`tests/it/support/`: the Discord stand-in, the web
//! fixtures) is compiled once for all of them, not once each (docs/testing.md).
//!
//! `cargo bench --bench loopback -- NAME [ARGS]` runs one of them, where NAME is
//! `discord_roundtrip`, `clock_flags`, `load`, `web` or `web_play` (each file's docs say
//! what it measures and which ARGS it takes); without a NAME it runs them all in turn.
//! Under `cargo test --bench loopback` each runs its small smoke version.

#[path = "../../tests/it/support/mod.rs"]
mod support;

mod clock_flags;
mod discord_roundtrip;
mod load;
mod web;
mod web_play;

/// Each benchmark by the name its figures are known by.
const BENCHES: &[(&str, fn())] = &[
    ("discord_roundtrip", discord_roundtrip::main),
    ("clock_flags", clock_flags::main),
    ("load", load::main),
    ("web", web::main),
    ("web_play", web_play::main),
];

fn main() {
    let chosen: Vec<&(&str, fn())> = BENCHES
        .iter()
        .filter(|(name, _)| std::env::args().skip(1).any(|a| a == *name))
        .collect();
    let run: Vec<&(&str, fn())> = if chosen.is_empty() {
        BENCHES.iter().collect()
    } else {
        chosen
    };
    for (name, bench) in run {
        println!("== {name}");
        bench();
    }
}
