//! `ai-move` and `match`: the AI on the command line.

use std::io::{self, Write};
use std::time::{Duration, Instant};

use bao_bot::ai::matchplay::{elo, run_match, MatchConfig, Player};
use bao_bot::ai::{choose_move, Level, SearchLimits};
use bao_bot::rules::Variant;

use super::rules::read_position;
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
}

/// `bao-bot ai-move POSITION [--level L | --nodes N | --time-ms T] [--seed S]`
pub fn ai_move(args: &AiMoveArgs) -> Result<(), CliError> {
    let pos = read_position(args.position)?;
    let limits = match (args.level, args.nodes, args.time_ms) {
        (Some(l), None, None) => {
            let level: Level = l.parse().map_err(input)?;
            level.limits(level.default_wall_cap())
        }
        (None, Some(0), None) => return Err(input("--nodes must be at least 1")),
        (None, Some(n), None) => SearchLimits::nodes(n),
        (None, None, Some(0)) => return Err(input("--time-ms must be at least 1")),
        (None, None, Some(t)) => SearchLimits::time(Duration::from_millis(t)),
        (None, None, None) => Level::Hard.limits(Level::Hard.default_wall_cap()),
        _ => {
            return Err(input(
                "give one of --level, --nodes or --time-ms, not several",
            ))
        }
    };
    let limits = SearchLimits {
        seed: args.seed,
        ..limits
    };
    let Some(result) = choose_move(&pos, &limits) else {
        return Err(input(match pos.winner() {
            Some(w) => format!(
                "the game is over, {} has won: there is no move to choose",
                w.name()
            ),
            None => "the side to move has no legal move".to_string(),
        }));
    };
    let score = match result.plies_to_end() {
        Some(n) if result.score > 0 => format!("win in {n} plies"),
        Some(n) => format!("loss in {n} plies"),
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
    let config = MatchConfig {
        pairs: args.games.div_ceil(2),
        seed: args.seed,
        variant,
        opening_plies: args.plies,
        max_plies: args.max_plies.max(args.plies + 1),
        threads: args.threads,
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
    let fmt_elo = |s: f64| {
        let e = elo(s);
        if e.is_finite() {
            format!("{e:+.0}")
        } else if e > 0.0 {
            "+inf".to_string()
        } else {
            "-inf".to_string()
        }
    };
    let mut out = io::stdout().lock();
    let w_ =
        |out: &mut io::StdoutLock, s: String| writeln!(out, "{s}").map_err(anyhow::Error::from);
    w_(
        &mut out,
        format!(
            "{a} vs {b}: {} games ({} openings of {} random plies, each played with both colours), {variant}",
            result.games(),
            config.pairs,
            config.opening_plies
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
