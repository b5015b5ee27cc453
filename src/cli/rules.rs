//! `moves`, `apply`, `replay`, `perft`: the rules engine on the command line.

use std::io::{self, Read, Write};
use std::time::Instant;

use bao_bot::rules::{perft as count, Pit, Position, Variant};

use super::{input, CliError};

/// Reads a position argument: the text form, or `start` / `kujifunza`.
pub fn read_position(text: &str) -> Result<Position, CliError> {
    match text.trim().to_ascii_lowercase().as_str() {
        "start" | "kiswahili" => Ok(Position::start(Variant::Kiswahili)),
        "kujifunza" => Ok(Position::start(Variant::Kujifunza)),
        _ => text.parse().map_err(|e| input(format!("position: {e}"))),
    }
}

/// Splits move arguments into moves: each word that names a pit starts a new move, so moves may
/// be passed quoted one per argument or as plain words.
pub fn split_moves(args: &[String]) -> Vec<String> {
    let mut moves: Vec<String> = Vec::new();
    for word in args
        .iter()
        .flat_map(|a| a.split([',', ';', ' ', '\t', '\n']))
    {
        if word.is_empty() {
            continue;
        }
        let is_pit = word.parse::<Pit>().is_ok();
        match moves.last_mut() {
            Some(last) if !is_pit => {
                last.push(' ');
                last.push_str(word);
            }
            _ => moves.push(word.to_string()),
        }
    }
    moves
}

/// `bao-bot moves POSITION`
pub fn moves(position: &str) -> Result<(), CliError> {
    let pos = read_position(position)?;
    let mut out = io::stdout().lock();
    for mv in pos.legal_moves() {
        writeln!(out, "{mv}").map_err(anyhow::Error::from)?;
    }
    Ok(())
}

/// `bao-bot apply POSITION MOVE...`
pub fn apply(position: &str, moves: &[String], trace: bool) -> Result<(), CliError> {
    let mut pos = read_position(position)?;
    let mut out = io::stdout().lock();
    for (i, text) in split_moves(moves).iter().enumerate() {
        let (mv, next, tr) = pos
            .play_text(text)
            .map_err(|e| input(format!("move {} ({text}): {e}", i + 1)))?;
        if trace {
            writeln!(out, "{mv}: {}", tr.describe()).map_err(anyhow::Error::from)?;
            for line in tr.lines() {
                writeln!(out, "  {line}").map_err(anyhow::Error::from)?;
            }
        }
        pos = next;
    }
    writeln!(out, "{pos}").map_err(anyhow::Error::from)?;
    Ok(())
}

/// A game record read from text: its start position and its moves with line numbers.
pub struct Record {
    /// Where the game starts.
    pub start: Position,
    /// (line number, move text).
    pub moves: Vec<(usize, String)>,
}

/// Reads a game record: blank lines and `#` comments ignored; an optional first line
/// `position POSITION`; then one move per line.
pub fn read_record(text: &str) -> Result<Record, CliError> {
    let mut start = None;
    let mut moves = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        if let Some(rest) = line.strip_prefix("position") {
            if start.is_some() || !moves.is_empty() {
                return Err(input(format!(
                    "line {n}: `position` may only be the first line of a record"
                )));
            }
            let pos = rest
                .trim()
                .parse::<Position>()
                .map_err(|e| input(format!("line {n}: {e}")))?;
            start = Some(pos);
            continue;
        }
        moves.push((n, line.to_string()));
    }
    Ok(Record {
        start: start.unwrap_or_default(),
        moves,
    })
}

/// The text of `file`, or of standard input for `-`.
pub fn read_file_or_stdin(file: &str) -> Result<String, CliError> {
    if file == "-" {
        let mut s = String::new();
        io::stdin()
            .lock()
            .read_to_string(&mut s)
            .map_err(|e| input(format!("cannot read standard input: {e}")))?;
        Ok(s)
    } else {
        std::fs::read_to_string(file).map_err(|e| input(format!("cannot read {file}: {e}")))
    }
}

/// `bao-bot replay [--each] [FILE|-]`
pub fn replay(file: &str, each: bool) -> Result<(), CliError> {
    let record = read_record(&read_file_or_stdin(file)?)?;
    let mut out = io::stdout().lock();
    let mut pos = record.start;
    if each {
        writeln!(out, "{pos}").map_err(anyhow::Error::from)?;
    }
    for (line, text) in &record.moves {
        let (_, next, _) = pos
            .play_text(text)
            .map_err(|e| input(format!("line {line}: {e}")))?;
        pos = next;
        if each {
            writeln!(out, "{pos}").map_err(anyhow::Error::from)?;
        }
    }
    if !each {
        writeln!(out, "{pos}").map_err(anyhow::Error::from)?;
    }
    Ok(())
}

/// `bao-bot perft DEPTH [POSITION]`
pub fn perft(depth: u32, position: Option<&str>, divide: bool) -> Result<(), CliError> {
    let pos = match position {
        Some(p) => read_position(p)?,
        None => Position::default(),
    };
    let began = Instant::now();
    let total = if divide {
        let mut total = 0;
        for mv in pos.legal_moves() {
            let n = if depth == 0 {
                0
            } else {
                count(&pos.play_unchecked(&mv), depth - 1)
            };
            writeln!(io::stdout(), "{mv}: {n}").map_err(anyhow::Error::from)?;
            total += n;
        }
        if depth == 0 {
            1
        } else {
            total
        }
    } else {
        count(&pos, depth)
    };
    let secs = began.elapsed().as_secs_f64();
    let nps = if secs > 0.0 { total as f64 / secs } else { 0.0 };
    let mut out = io::stdout().lock();
    writeln!(out, "{total}").map_err(anyhow::Error::from)?;
    writeln!(out, "{nps:.0} nodes/s ({total} nodes in {secs:.3} s)")
        .map_err(anyhow::Error::from)?;
    Ok(())
}
