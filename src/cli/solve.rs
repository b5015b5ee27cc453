//! `solve`: the exact solver on the command line.

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::time::{Duration, Instant};

use bao_bot::ai::solve::{Outcome, SolveLimits, Solver, MAX_SOLVE_PLIES};

use super::rules::read_position_under;
use super::{input, CliError};

/// Options of `solve`.
pub struct SolveArgs<'a> {
    /// The position text.
    pub position: &'a str,
    /// `--rules`.
    pub rules: Option<&'a str>,
    /// `--max-nodes`.
    pub max_nodes: Option<u64>,
    /// `--max-plies`.
    pub max_plies: Option<u32>,
    /// `--time-s`.
    pub time_s: Option<u64>,
    /// `--graph`.
    pub graph: usize,
    /// `--table-mb`.
    pub table_mb: usize,
    /// `--proof`.
    pub proof: Option<&'a str>,
    /// `--max-proof-lines`.
    pub max_proof_lines: usize,
}

/// `bao-bot solve POSITION [--rules R] [--max-nodes N] [--proof FILE] ...`: prints the
/// result, the plies to the end with best play, the best move, the nodes and the time;
/// progress goes to standard error.
pub fn solve(args: &SolveArgs) -> Result<(), CliError> {
    let pos = read_position_under(args.position, args.rules)?;
    if args.max_nodes == Some(0) {
        return Err(input("--max-nodes must be at least 1"));
    }
    if args.time_s == Some(0) {
        return Err(input("--time-s must be at least 1"));
    }
    let max_plies = args.max_plies.unwrap_or(MAX_SOLVE_PLIES);
    if !(1..=MAX_SOLVE_PLIES).contains(&max_plies) {
        return Err(input(format!(
            "--max-plies must be between 1 and {MAX_SOLVE_PLIES}"
        )));
    }
    if !(1..=16_384).contains(&args.table_mb) {
        return Err(input(
            "--table-mb must be between 1 and 16384 (MiB of transposition table)",
        ));
    }
    let limits = SolveLimits {
        nodes: args.max_nodes,
        time: args.time_s.map(Duration::from_secs),
        max_plies,
        table_entries: args.table_mb * (1 << 20) / 16,
        graph_positions: args.graph,
    };
    let began = Instant::now();
    let mut solver = Solver::new(limits);
    solver.on_progress(|p| {
        if p.elapsed >= Duration::from_secs(1) {
            let secs = p.elapsed.as_secs_f64();
            eprintln!(
                "  depth {:>3} {}: {} nodes, {:.1} s, {:.0} nodes/s",
                p.depth,
                if p.completed { "done" } else { "searching" },
                p.nodes,
                secs,
                p.nodes as f64 / secs.max(1e-9)
            );
        }
    });
    let result = solver.solve(&pos);
    let mut out = io::stdout().lock();
    let to_move = pos.turn();
    let line = match result.outcome {
        Outcome::Won(n) | Outcome::Lost(n) => {
            let winner = result.outcome.winner(to_move).unwrap_or(to_move);
            let who = if winner == to_move {
                "the side to move"
            } else {
                "the side not to move"
            };
            let plies = if n == 1 {
                "1 ply".to_string()
            } else {
                format!("{n} plies")
            };
            format!(
                "{} wins ({who}): {plies} to the end with best play",
                winner.name()
            )
        }
        Outcome::Draw => {
            "draw: neither side can force a win (the whole game graph was solved)".to_string()
        }
        Outcome::Unknown => format!(
            "unknown: no forced win for either side within {} plies (the budget ran out or --max-plies was reached)",
            result.depth
        ),
    };
    writeln!(out, "{line}").map_err(anyhow::Error::from)?;
    if let Some(mv) = result.best_move {
        writeln!(out, "best move {mv}").map_err(anyhow::Error::from)?;
    }
    writeln!(
        out,
        "{} nodes in {:.3} s, {:.0} nodes/s",
        result.nodes,
        result.elapsed.as_secs_f64(),
        result.nodes_per_second()
    )
    .map_err(anyhow::Error::from)?;
    if let Some(file) = args.proof {
        if !result.outcome.is_proved() {
            return Err(input(format!(
                "--proof {file}: the position is {} within the budget, so there is no proof to write; give more --max-nodes or --time-s",
                result.outcome
            )));
        }
        let proof = solver
            .proof(&pos, args.max_proof_lines)
            .map_err(|e| input(format!("--proof {file}: {e}")))?;
        let f = File::create(file).map_err(|e| input(format!("cannot write {file}: {e}")))?;
        let mut w = BufWriter::new(f);
        proof
            .write_to(&mut w)
            .and_then(|_| w.flush())
            .map_err(|e| input(format!("cannot write {file}: {e}")))?;
        writeln!(
            out,
            "proof: {} lines written to {file} ({:.1} s in all)",
            proof.lines.len(),
            began.elapsed().as_secs_f64()
        )
        .map_err(anyhow::Error::from)?;
    }
    Ok(())
}
