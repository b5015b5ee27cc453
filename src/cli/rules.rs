//! `moves`, `apply`, `replay`, `perft`: the rules engine on the command line.

use std::io::{self, Read, Write};
use std::time::Instant;

use bao_bot::render::{game_gif, GameGifOptions, GameRecord};
use bao_bot::rules::{perft as count, Pit, Position, RuleSet, Side, Variant};

use super::{input, CliError};

/// Reads a position argument: the text form, or `start` / `kujifunza`.
pub fn read_position(text: &str) -> Result<Position, CliError> {
    match text.trim().to_ascii_lowercase().as_str() {
        "start" | "kiswahili" => Ok(Position::start(Variant::Kiswahili)),
        "kujifunza" => Ok(Position::start(Variant::Kujifunza)),
        _ => text.parse().map_err(|e| input(format!("position: {e}"))),
    }
}

/// Reads a `--rules` value (`v0.2` or `r002`).
pub fn read_rules(text: &str) -> Result<RuleSet, CliError> {
    text.parse().map_err(|e| input(format!("--rules: {e}")))
}

/// Reads a position argument played under `--rules` when given.
pub fn read_position_under(text: &str, rules: Option<&str>) -> Result<Position, CliError> {
    let pos = read_position(text)?;
    match rules {
        None => Ok(pos),
        Some(r) => under(pos, text, read_rules(r)?, "--rules").map_err(input),
    }
}

/// `pos` (read from `text`) played under `rules`, which `source` named. A position line that
/// names another rule set (`rules=r002`), or a takasia mark under `r002`, is refused.
fn under(pos: Position, text: &str, rules: RuleSet, source: &str) -> Result<Position, String> {
    let named = text.split_whitespace().any(|f| {
        f.split_once('=')
            .is_some_and(|(k, _)| k.eq_ignore_ascii_case("rules"))
    });
    if named && pos.rules() != rules {
        return Err(format!(
            "the position says rules={} but {source} says {rules}: give one rule set",
            pos.rules()
        ));
    }
    if pos.takasia().is_some() && !rules.has_takasia() {
        return Err(format!("rule set {rules} has no takasia: write takasia=-"));
    }
    Ok(pos.with_rules(rules))
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

/// `bao-bot moves POSITION [--rules R]`
pub fn moves(position: &str, rules: Option<&str>) -> Result<(), CliError> {
    let pos = read_position_under(position, rules)?;
    let mut out = io::stdout().lock();
    for mv in pos.legal_moves() {
        writeln!(out, "{mv}").map_err(anyhow::Error::from)?;
    }
    Ok(())
}

/// `bao-bot apply POSITION MOVE... [--rules R]`
pub fn apply(
    position: &str,
    moves: &[String],
    trace: bool,
    rules: Option<&str>,
) -> Result<(), CliError> {
    let mut pos = read_position_under(position, rules)?;
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

/// Reads a game record: blank lines and `#` comments ignored; optional first lines
/// `rules RULES` (`v0.2` or `r002`) and `position POSITION`; then one move per line. A record
/// that names no rule set is played under `given` (`--rules`), else the position line's
/// `rules=`, else `v0.2`; a record's own rule set must agree with `given`.
pub fn read_record(text: &str, given: Option<RuleSet>) -> Result<Record, CliError> {
    let mut start: Option<Position> = None;
    let mut rules: Option<RuleSet> = given;
    let mut rules_line = false;
    let mut moves = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        if let Some(rest) = line.strip_prefix("rules ") {
            if rules_line || start.is_some() || !moves.is_empty() {
                return Err(input(format!(
                    "line {n}: `rules` may only come once, first in the record"
                )));
            }
            let named = rest
                .trim()
                .parse::<RuleSet>()
                .map_err(|e| input(format!("line {n}: {e}")))?;
            if let Some(g) = given.filter(|&g| g != named) {
                return Err(input(format!(
                    "line {n}: the record says rules {named} but --rules is {g}"
                )));
            }
            rules_line = true;
            rules = Some(named);
            continue;
        }
        if let Some(rest) = line.strip_prefix("position") {
            if start.is_some() || !moves.is_empty() {
                return Err(input(format!(
                    "line {n}: `position` may only be the first line of a record"
                )));
            }
            let mut pos = rest
                .trim()
                .parse::<Position>()
                .map_err(|e| input(format!("line {n}: {e}")))?;
            if let Some(r) = rules {
                let source = if rules_line { "the record" } else { "--rules" };
                pos = under(pos, rest, r, source).map_err(|e| input(format!("line {n}: {e}")))?;
            }
            start = Some(pos);
            continue;
        }
        moves.push((n, line.to_string()));
    }
    let start = start.unwrap_or_default();
    Ok(Record {
        start: match rules {
            Some(r) => start.with_rules(r),
            None => start,
        },
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

/// `bao-bot replay --gif FILE.gif [--from N] [--to M] [--sowing] [--view S|N]`.
pub struct ReplayGif {
    /// The GIF file to write.
    pub output: String,
    /// The first ply shown.
    pub from: Option<u32>,
    /// The last ply shown.
    pub to: Option<u32>,
    /// Animate the sowing of each ply.
    pub sowing: bool,
    /// `S` or `N`.
    pub view: String,
}

/// `bao-bot replay [--each] [--rules R] [FILE|-] [--gif FILE.gif ...]`: the record is played
/// under its own rule set; `--rules` names it for a record that does not (and must agree with
/// one that does).
pub fn replay(
    file: &str,
    each: bool,
    rules: Option<&str>,
    gif: Option<ReplayGif>,
) -> Result<(), CliError> {
    let text = read_file_or_stdin(file)?;
    let given = rules.map(read_rules).transpose()?;
    let record = read_record(&text, given)?;
    let gif_view = match &gif {
        Some(g) => Some(
            g.view
                .parse::<Side>()
                .map_err(|_| input(format!("--view: `{}` is not a side: write S or N", g.view)))?,
        ),
        None => None,
    };
    let mut out = io::stdout().lock();
    let mut pos = record.start;
    let mut played = Vec::with_capacity(record.moves.len());
    if each {
        writeln!(out, "{pos}").map_err(anyhow::Error::from)?;
    }
    for (line, text) in &record.moves {
        let (mv, next, _) = pos
            .play_text(text)
            .map_err(|e| input(format!("line {line}: {e}")))?;
        played.push(mv);
        pos = next;
        if each {
            writeln!(out, "{pos}").map_err(anyhow::Error::from)?;
        }
    }
    if !each {
        writeln!(out, "{pos}").map_err(anyhow::Error::from)?;
    }
    if let (Some(g), Some(viewer)) = (gif, gif_view) {
        let game = GameRecord {
            start: record.start,
            moves: played,
        };
        let opts = GameGifOptions {
            viewer,
            from: g.from.unwrap_or(0),
            to: g.to,
            sowing: g.sowing,
            ..GameGifOptions::default()
        };
        let bytes = game_gif(&game, &opts).map_err(|e| input(format!("--gif: {e}")))?;
        std::fs::write(&g.output, &bytes)
            .map_err(|e| input(format!("cannot write {}: {e}", g.output)))?;
    }
    Ok(())
}

/// `bao-bot perft DEPTH [POSITION] [--rules R]`
pub fn perft(
    depth: u32,
    position: Option<&str>,
    divide: bool,
    rules: Option<&str>,
) -> Result<(), CliError> {
    let pos = read_position_under(position.unwrap_or("start"), rules)?;
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
