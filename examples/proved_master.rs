//! Measures master with proofs (`src/ai/proved.rs`) in Bao la Kujifunza against today's
//! master search and against hard, pair by pair from the Kujifunza book, alternating the two
//! matches so both have figures whenever it is stopped.
//!
//! `cargo run --release --example proved_master -- [--games N] [--seed S] [--first K]
//! [--against nodes|hard|both]` (200 games of each match by default, seed 17 as `levels`,
//! from the book's first opening). After each pair it prints the match's row: games, wins,
//! draws and losses of master with proofs, score with its 95% interval, Elo and the time,
//! then the pair's own line (`pair K: ...`), so a run stopped early, or several runs over
//! different `--first`, can be added up. Today's master is `nodes:4000000`: the same search
//! master plays without proofs.

use std::time::Instant;

use bao_bot::ai::matchplay::{elo_text, play_pair, MatchConfig, MatchResult, Openings, Player};
use bao_bot::ai::Level;
use bao_bot::rules::Variant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |name: &str, default: u64| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .map_or(default, |v| {
                v.parse().unwrap_or_else(|_| {
                    eprintln!("proved_master: {name} takes a number");
                    std::process::exit(2)
                })
            })
    };
    let games = value("--games", 200) as usize;
    let first = value("--first", 0) as usize;
    let against = args
        .iter()
        .position(|a| a == "--against")
        .and_then(|i| args.get(i + 1))
        .map_or("both", |s| s.as_str());
    let config = MatchConfig {
        pairs: games.div_ceil(2),
        seed: value("--seed", 17),
        variant: Variant::Kujifunza,
        openings: Openings::Book,
        ..MatchConfig::default()
    };
    let master = Player::Level(Level::Master);
    let opponents: Vec<Player> = match against {
        "nodes" => vec![Player::Nodes(Level::Master.nodes())],
        "hard" => vec![Player::Level(Level::Hard)],
        "both" => vec![
            Player::Nodes(Level::Master.nodes()),
            Player::Level(Level::Hard),
        ],
        other => {
            eprintln!("proved_master: --against takes nodes, hard or both, not {other}");
            std::process::exit(2)
        }
    };
    let mut results = [MatchResult::default(), MatchResult::default()];
    let mut times = [0.0; 2];
    for i in first..first + config.pairs {
        for (k, opponent) in opponents.iter().enumerate() {
            let began = Instant::now();
            let pair = play_pair(&master, opponent, &config, i);
            results[k].pairs.push(pair);
            times[k] += began.elapsed().as_secs_f64();
            let r = &results[k];
            let (s, lo, hi) = r.score();
            let (w, d, l) = r.wins_draws_losses();
            println!(
                "| master with proofs vs {opponent} | kujifunza | {} | +{w} ={d} -{l} | {:.1}% | {:.1}–{:.1}% | {} | {:.0} s |",
                r.games(),
                100.0 * s,
                100.0 * lo,
                100.0 * hi,
                elo_text(s),
                times[k]
            );
            let [g1, g2] = pair.games;
            println!(
                "pair {i} vs {opponent}: points {:?}, plies {} and {}, winners {:?} {:?}",
                pair.points(),
                g1.plies,
                g2.plies,
                g1.winner,
                g2.winner
            );
        }
    }
}
