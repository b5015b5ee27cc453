//! `analyze`: the post-game analysis of a game record, as a table and an evaluation graph.

use std::io::{self, Write};

use bao_bot::ai::analysis::{Analyser, GameAnalysis, Label, DEFAULT_NODES, PROOF_NODES};
use bao_bot::render::evaluation_graph_png;
use bao_bot::rules::{Move, Side};

use super::render::read_names;
use super::rules::{read_file_or_stdin, read_record};
use super::{input, CliError};

/// The arguments of `bao-bot analyze`.
pub struct AnalyzeArgs<'a> {
    /// The record file, or `-` for standard input.
    pub file: &'a str,
    /// Nodes per search.
    pub nodes: Option<u64>,
    /// The graph PNG to write.
    pub output: Option<&'a str>,
    /// `--proof-nodes`: solver nodes a position (`None`: the analysis's default).
    pub proof_nodes: Option<u64>,
    /// `"South name,North name"` for the graph.
    pub names: Option<&'a str>,
}

/// `bao-bot analyze RECORD [--nodes N] [-o graph.png] [--names "Asha,Baraka"]`
pub fn analyze(args: &AnalyzeArgs<'_>) -> Result<(), CliError> {
    let nodes = match args.nodes {
        Some(0) => return Err(input("--nodes must be at least 1")),
        Some(n) => n,
        None => DEFAULT_NODES,
    };
    let names = match args.names {
        Some(n) => read_names(n)?,
        None => [
            Side::South.name().to_string(),
            Side::North.name().to_string(),
        ],
    };
    let record = read_record(&read_file_or_stdin(args.file)?, None)?;
    let mut pos = record.start;
    let mut moves: Vec<Move> = Vec::with_capacity(record.moves.len());
    for (line, text) in &record.moves {
        let (mv, next, _) = pos
            .play_text(text)
            .map_err(|e| input(format!("line {line}: {e}")))?;
        moves.push(mv);
        pos = next;
    }
    if moves.is_empty() {
        return Err(input("the record has no moves to analyse"));
    }
    let mut stderr = io::stderr();
    let proof_nodes = args.proof_nodes.unwrap_or(PROOF_NODES);
    let mut analyser = Analyser::with_proofs(&record.start, &moves, nodes, proof_nodes)
        .map_err(|e| CliError::Other(e.into()))?;
    while analyser.step() {
        let (done, total) = (analyser.done(), analyser.total());
        if done % 10 == 0 || done == total {
            let _ = write!(stderr, "\ranalysing ply {done} of {total}");
            if done == total {
                let _ = writeln!(stderr);
            }
        }
    }
    let analysis = analyser.finish();
    print_table(&analysis, &names).map_err(anyhow::Error::from)?;
    if let Some(out) = args.output {
        let png = evaluation_graph_png(&analysis, &names);
        std::fs::write(out, &png).map_err(|e| input(format!("cannot write {out}: {e}")))?;
    }
    Ok(())
}

/// One line a ply, then each side's accuracy and counts.
fn print_table(analysis: &GameAnalysis, names: &[String; 2]) -> io::Result<()> {
    let mut out = io::stdout().lock();
    writeln!(
        out,
        "{:>4}  {:<5}  {:<6}  {:<22}  {:<22}  {:>7}  {:>5}  label",
        "ply", "side", "stage", "move", "best", "South E", "loss"
    )?;
    for p in &analysis.plies {
        let best = if p.label == Label::Best {
            String::new()
        } else {
            p.best.to_string()
        };
        writeln!(
            out,
            "{:>4}  {:<5}  {:<6}  {:<22}  {:<22}  {:>7.3}  {:>5.3}  {}",
            p.ply,
            p.mover.name(),
            p.phase.label().to_lowercase(),
            p.played.to_string(),
            best,
            p.south_after,
            p.loss,
            match p.proved_note() {
                Some(note) => format!("{}, {note}", p.label.name()),
                None => p.label.name().to_string(),
            }
        )?;
    }
    for side in [Side::South, Side::North] {
        let name = &names[side.index()];
        writeln!(out, "{name} ({}): {}", side.name(), analysis.summary(side))?;
    }
    writeln!(
        out,
        "{} nodes a search, {} solver nodes a proof (a win in N counts the winner's moves)",
        analysis.nodes, analysis.proof_nodes
    )?;
    Ok(())
}
