//! `bao-bot puzzles`: the generator and the export of the collection.

use std::fs::OpenOptions;
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use clap::Subcommand;

use bao_bot::puzzles::generate::{generate_game, GenerateConfig};
use bao_bot::puzzles::{collection, read_lines, Puzzle};

use super::{input, CliError};

/// The subcommands of `bao-bot puzzles`.
#[derive(Debug, Subcommand)]
pub enum PuzzlesCommand {
    /// Find puzzles in games between the AI levels and the novice model, both variants in
    /// turn, at most one a game; one JSON line a puzzle (as `export`), progress on standard
    /// error. Seeded and reproducible: game I of seed S always gives the same puzzle, so a
    /// run can be split with --first.
    Generate {
        /// Games to play.
        #[arg(long, default_value_t = 100)]
        games: u64,
        /// The run's seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The number of the first game (to continue a run).
        #[arg(long, default_value_t = 0)]
        first: u64,
        /// Append the puzzles to this file (puzzles whose id it holds already are left
        /// out) instead of printing them.
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
        /// The confirmed gap between the best and the second move, in expected score.
        #[arg(long, default_value_t = GenerateConfig::default().margin)]
        margin: f64,
    },
    /// Print the collection (or FILE) as JSON lines: id, variant, rules, position, solution,
    /// themes, rating.
    Export {
        /// Read the puzzles from this file instead of the built-in collection.
        #[arg(long, value_name = "FILE")]
        file: Option<PathBuf>,
    },
}

/// Runs a `bao-bot puzzles` subcommand.
pub fn run(command: PuzzlesCommand) -> Result<(), CliError> {
    match command {
        PuzzlesCommand::Generate {
            games,
            seed,
            first,
            out,
            margin,
        } => generate(games, seed, first, out, margin),
        PuzzlesCommand::Export { file } => export(file),
    }
}

fn other(e: impl Into<anyhow::Error>) -> CliError {
    CliError::Other(e.into())
}

fn generate(
    games: u64,
    seed: u64,
    first: u64,
    out: Option<PathBuf>,
    margin: f64,
) -> Result<(), CliError> {
    if !(0.0..=1.0).contains(&margin) {
        return Err(input("--margin is an expected score between 0 and 1"));
    }
    let config = GenerateConfig {
        seed,
        margin,
        ..GenerateConfig::default()
    };
    let mut seen: Vec<String> = match &out {
        Some(path) if path.exists() => {
            let text = std::fs::read_to_string(path).map_err(other)?;
            read_lines(&text)
                .map_err(other)?
                .into_iter()
                .map(|p| p.id)
                .collect()
        }
        _ => Vec::new(),
    };
    let mut sink: Box<dyn Write> = match &out {
        Some(path) => Box::new(
            OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(other)?,
        ),
        None => Box::new(std::io::stdout().lock()),
    };
    let began = Instant::now();
    let mut found = 0u64;
    for index in first..first + games {
        let report = generate_game(&config, index);
        let mut note = String::from("-");
        if let Some(p) = report.puzzle.filter(|p| !seen.contains(&p.id)) {
            note = describe(&p);
            writeln!(sink, "{}", p.to_line()).map_err(other)?;
            sink.flush().map_err(other)?;
            seen.push(p.id);
            found += 1;
        }
        let hours = began.elapsed().as_secs_f64() / 3600.0;
        eprintln!(
            "game {}/{}: {} {} vs {}, {} plies, {} candidates: {} [{} found, {:.0}/h]",
            index - first + 1,
            games,
            report.variant,
            report.south,
            report.north,
            report.plies,
            report.candidates,
            note,
            found,
            if hours > 0.0 {
                found as f64 / hours
            } else {
                0.0
            }
        );
    }
    Ok(())
}

/// `k3f9a2 1420 win-in-2,front-row-kill`.
fn describe(p: &Puzzle) -> String {
    let themes: Vec<String> = p.themes.iter().map(|t| t.to_string()).collect();
    format!("{} {} {}", p.id, p.rating, themes.join(","))
}

fn export(file: Option<PathBuf>) -> Result<(), CliError> {
    let puzzles = match file {
        Some(path) => {
            let text = std::fs::read_to_string(&path).map_err(other)?;
            read_lines(&text).map_err(other)?
        }
        None => collection().to_vec(),
    };
    let mut out = std::io::stdout().lock();
    for p in &puzzles {
        writeln!(out, "{}", p.to_line()).map_err(other)?;
    }
    Ok(())
}
