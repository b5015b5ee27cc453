//! `ai-move` and `match`: the AI on the command line.

use std::io::{self, Write};
use std::time::{Duration, Instant};

use bao_bot::ai::matchplay::{elo_text, run_match, MatchConfig, Openings, Player};
use bao_bot::ai::{choose_move_with, Level, Params, SearchLimits};
use bao_bot::rules::{Position, Variant};

use super::rules::read_position_under;
use super::{input, CliError};

/// How `ai-move` limits its search.
pub struct AiMoveArgs<'a> {
    /// The position text.
    pub position: &'a str,
    /// `--level`.
    pub level: Option<&'a str>,
    /// `--nodes`.
    pub nodes: Option<u64>,
    /// `--time-ms`.
    pub time_ms: Option<u64>,
    /// `--seed`.
    pub seed: u64,
    /// `--rules`.
    pub rules: Option<&'a str>,
}

/// What limits a search: a level (its limits in the position's variant) or given limits.
enum Search {
    Level(Level),
    Given(SearchLimits),
}

impl Search {
    /// The limits and evaluation for `pos`: a level's under its default wall-clock cap.
    fn for_position(&self, pos: &Position) -> (SearchLimits, Params) {
        match self {
            Search::Level(l) => (l.limits(pos.variant(), l.default_wall_cap()), l.params()),
            Search::Given(limits) => (*limits, Params::default()),
        }
    }
}

/// `bao-bot ai-move POSITION [--level L | --nodes N | --time-ms T] [--seed S]`
pub fn ai_move(args: &AiMoveArgs) -> Result<(), CliError> {
    let pos = read_position_under(args.position, args.rules)?;
    let search = match (args.level, args.nodes, args.time_ms) {
        (Some(l), None, None) => Search::Level(l.parse().map_err(input)?),
        (None, Some(0), None) => return Err(input("--nodes must be at least 1")),
        (None, Some(n), None) => Search::Given(SearchLimits::nodes(n)),
        (None, None, Some(0)) => return Err(input("--time-ms must be at least 1")),
        (None, None, Some(t)) => Search::Given(SearchLimits::time(Duration::from_millis(t))),
        (None, None, None) => Search::Level(Level::Hard),
        _ => {
            return Err(input(
                "give one of --level, --nodes or --time-ms, not several",
            ))
        }
    };
    let (limits, params) = search.for_position(&pos);
    let limits = SearchLimits {
        seed: args.seed,
        ..limits
    };
    let Some(result) = choose_move_with(&pos, &limits, &params) else {
        return Err(input(match pos.winner() {
            Some(w) => format!(
                "the game is over, {} has won: there is no move to choose",
                w.name()
            ),
            None => "the side to move has no legal move".to_string(),
        }));
    };
    let plies = |n: u32| {
        if n == 1 {
            "1 ply".to_string()
        } else {
            format!("{n} plies")
        }
    };
    let score = match result.plies_to_end() {
        Some(n) if result.score > 0 => format!("win in {}", plies(n)),
        Some(n) => format!("loss in {}", plies(n)),
        None => format!("{:+.2} seeds", result.score as f64 / 100.0),
    };
    let mut out = io::stdout().lock();
    writeln!(out, "{}", result.mv).map_err(anyhow::Error::from)?;
    writeln!(
        out,
        "score {score} ({}), depth {}, {} nodes in {:.3} s, {:.0} nodes/s",
        result.score,
        result.depth,
        result.nodes,
        result.elapsed.as_secs_f64(),
        result.nodes_per_second()
    )
    .map_err(anyhow::Error::from)?;
    Ok(())
}

/// Options of `match`.
pub struct MatchArgs<'a> {
    /// Player A.
    pub a: &'a str,
    /// Player B.
    pub b: &'a str,
    /// Games (rounded up to an even number).
    pub games: usize,
    /// Seed.
    pub seed: u64,
    /// Variant name.
    pub variant: &'a str,
    /// Threads.
    pub threads: usize,
    /// Opening plies.
    pub plies: u32,
    /// Ply cap.
    pub max_plies: u32,
    /// `--openings`: `random` or `book`; `None` for the variant's standard.
    pub openings: Option<&'a str>,
}

/// `bao-bot match A B [--games N] [--seed S] [--variant V] [--threads T] [--plies K]`
pub fn play_match(args: &MatchArgs) -> Result<(), CliError> {
    let a: Player = args.a.parse().map_err(input)?;
    let b: Player = args.b.parse().map_err(input)?;
    let variant: Variant = args.variant.parse().map_err(input)?;
    if args.games == 0 {
        return Err(input("--games must be at least 1"));
    }
    if !(1..=64).contains(&args.threads) {
        return Err(input("--threads must be between 1 and 64"));
    }
    let openings = match args.openings {
        Some(o) => o.parse().map_err(input)?,
        None => Openings::standard(variant),
    };
    let config = MatchConfig {
        pairs: args.games.div_ceil(2),
        seed: args.seed,
        variant,
        opening_plies: args.plies,
        max_plies: args.max_plies.max(args.plies + 1),
        threads: args.threads,
        openings,
    };
    let began = Instant::now();
    let step = (config.pairs / 10).max(1);
    let result = run_match(&a, &b, &config, &|done, total| {
        if done % step == 0 || done == total {
            eprintln!(
                "  {done}/{total} pairs, {:.0} s",
                began.elapsed().as_secs_f64()
            );
        }
    });
    let (w, d, l) = result.wins_draws_losses();
    let (score, lo, hi) = result.score();
    let fmt_elo = elo_text;
    let mut out = io::stdout().lock();
    let w_ =
        |out: &mut io::StdoutLock, s: String| writeln!(out, "{s}").map_err(anyhow::Error::from);
    let starts = match config.openings {
        Openings::Book => "balanced openings from the book".to_string(),
        Openings::Random => format!("openings of {} random plies", config.opening_plies),
    };
    w_(
        &mut out,
        format!(
            "{a} vs {b}: {} games ({} {starts}, each played with both colours), {variant}",
            result.games(),
            config.pairs,
        ),
    )?;
    w_(
        &mut out,
        format!(
            "{a} wins {w}, losses {l}, draws {d} (a draw is a game stopped at {} plies)",
            config.max_plies
        ),
    )?;
    w_(
        &mut out,
        format!(
            "score {:.1}% (95% interval {:.1}%..{:.1}%), Elo {} ({}..{})",
            score * 100.0,
            lo * 100.0,
            hi * 100.0,
            fmt_elo(score),
            fmt_elo(lo),
            fmt_elo(hi)
        ),
    )?;
    let (both, split, none) = result.pair_outcomes();
    w_(
        &mut out,
        format!("openings: {a} won both games {both}, split {split}, lost both {none}"),
    )?;
    w_(
        &mut out,
        format!(
            "{:.1} plies per game, {:.1} s",
            result.average_plies(),
            began.elapsed().as_secs_f64()
        ),
    )?;
    Ok(())
}

/// Positions `ai-bench` searches: both variants, namua and mtaji, opening to late middle game.
pub const BENCH_POSITIONS: [&str; 7] = [
    "variant=kiswahili turn=S hand=22,22 house=S,N takasia=- A=0,0,0,0,6,2,2,0 B=0,0,0,0,0,0,0,0 a=0,0,0,0,6,2,2,0 b=0,0,0,0,0,0,0,0",
    "variant=kiswahili turn=N hand=17,18 house=S,N takasia=- A=1,1,3,0,9,1,1,0 B=0,0,0,0,0,0,0,1 a=0,1,2,0,8,0,0,0 b=0,0,0,0,0,0,0,1",
    "variant=kiswahili turn=N hand=4,5 house=- takasia=- A=3,1,4,0,5,0,4,1 B=0,1,3,1,2,0,3,2 a=0,1,13,1,1,0,3,0 b=1,1,1,1,1,0,0,1",
    "variant=kiswahili turn=S hand=0,0 house=- takasia=- A=2,2,2,2,2,2,2,2 B=2,2,2,2,2,2,2,2 a=2,2,2,2,2,2,2,2 b=2,2,2,2,2,2,2,2",
    "variant=kiswahili turn=N hand=0,1 house=- takasia=- A=1,5,1,1,14,0,4,1 B=1,3,5,0,1,1,5,1 a=3,1,0,0,2,9,0,1 b=0,2,1,0,0,0,0,0",
    "variant=kujifunza turn=S hand=0,0 house=- takasia=- A=2,2,2,2,2,2,2,2 B=2,2,2,2,2,2,2,2 a=2,2,2,2,2,2,2,2 b=2,2,2,2,2,2,2,2",
    "variant=kujifunza turn=S hand=0,0 house=- takasia=- A=0,2,1,0,1,5,4,1 B=0,3,3,0,3,3,1,0 a=1,1,0,1,4,9,8,1 b=3,0,3,3,0,0,2,1",
];

/// `bao-bot ai-bench [--level L | --nodes N] [--rules R]`: searches the bench positions one
/// after the other on one core (under rule set R, by default v0.2) and prints each search's
/// figures, then the totals.
pub fn ai_bench(
    level: Option<&str>,
    nodes: Option<u64>,
    rules: Option<&str>,
) -> Result<(), CliError> {
    let search = match (level, nodes) {
        (_, Some(0)) => return Err(input("--nodes must be at least 1")),
        (None, Some(n)) => Search::Given(SearchLimits::nodes(n)),
        (Some(l), None) => Search::Level(l.parse().map_err(input)?),
        (None, None) => Search::Level(Level::Master),
        (Some(_), Some(_)) => return Err(input("give --level or --nodes, not both")),
    };
    let mut out = io::stdout().lock();
    let mut total_nodes = 0u64;
    let mut total_time = Duration::ZERO;
    let mut slowest = Duration::ZERO;
    for text in BENCH_POSITIONS {
        let pos = read_position_under(text, rules)?;
        let (limits, params) = search.for_position(&pos);
        let Some(r) = choose_move_with(&pos, &limits, &params) else {
            continue;
        };
        total_nodes += r.nodes;
        total_time += r.elapsed;
        slowest = slowest.max(r.elapsed);
        writeln!(
            out,
            "{:<9} {:<5} {:<28} depth {:>2} {:>9} nodes {:>7.3} s {:>9.0} nodes/s",
            pos.variant(),
            pos.phase().to_string().to_lowercase(),
            r.mv.to_string(),
            r.depth,
            r.nodes,
            r.elapsed.as_secs_f64(),
            r.nodes_per_second()
        )
        .map_err(anyhow::Error::from)?;
    }
    let secs = total_time.as_secs_f64();
    writeln!(
        out,
        "total {total_nodes} nodes in {secs:.3} s: {:.0} nodes/s; slowest move {:.3} s",
        if secs > 0.0 {
            total_nodes as f64 / secs
        } else {
            0.0
        },
        slowest.as_secs_f64()
    )
    .map_err(anyhow::Error::from)?;
    Ok(())
}
