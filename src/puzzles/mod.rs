//! Bao puzzles: positions from real play where the side to move has one move clearly better
//! than every other, with the line that follows, themes and a rating (docs/puzzles.md).
//!
//! - [`generate`] finds them in games between the AI levels and the `novice` model;
//! - [`themes`] tags them from the traces of the solution and the position;
//! - [`rating`] gives each an initial rating from which ladder levels solve it;
//! - [`values`] scores every move of a position on equal footing;
//! - [`attempt`] judges a player's moves against a puzzle;
//! - [`pick`] chooses a puzzle for a player, and the puzzle of the day.
//!
//! The collection (`assets/puzzles/puzzles.jsonl`, one puzzle a line in the form of
//! `bao-bot puzzles export`) is built into the binary and read once ([`collection`]).

pub mod attempt;
pub mod generate;
pub mod pick;
pub mod rating;
pub mod themes;
pub mod values;

use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use crate::rules::{Move, Position, RuleSet, Side, Variant};

pub use themes::Theme;

/// The collection, one puzzle a line.
const COLLECTION: &str = include_str!("../../assets/puzzles/puzzles.jsonl");

/// One puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Puzzle {
    /// A short id made from the position (six letters and digits).
    pub id: String,
    /// The position shown to the solver (variant and rule set included), just after the
    /// opponent's move.
    pub position: Position,
    /// The solver's moves with the opponent's replies between, the solver's first.
    pub solution: Vec<Move>,
    /// What the puzzle is about.
    pub themes: Vec<Theme>,
    /// Its initial rating.
    pub rating: u32,
}

/// A stored puzzle that does not read.
#[derive(Debug, thiserror::Error)]
pub enum PuzzleError {
    /// Not JSON of the expected fields.
    #[error("line {line}: {source}")]
    Json {
        /// Line number, from 1.
        line: usize,
        /// Why.
        source: serde_json::Error,
    },
    /// A field that does not read.
    #[error("line {line}: {what}")]
    Field {
        /// Line number, from 1.
        line: usize,
        /// What is wrong.
        what: String,
    },
}

/// The export form: exactly the fields of the issue.
#[derive(Debug, Serialize, Deserialize)]
struct Line {
    id: String,
    variant: String,
    rules: String,
    position: String,
    solution: Vec<String>,
    themes: Vec<String>,
    rating: u32,
}

impl Puzzle {
    /// Whose puzzle it is: the side to move.
    pub fn solver(&self) -> Side {
        self.position.turn()
    }

    /// The game.
    pub fn variant(&self) -> Variant {
        self.position.variant()
    }

    /// How many moves the solver makes.
    pub fn solver_moves(&self) -> usize {
        self.solution.len().div_ceil(2)
    }

    /// Whether the solution ends the game (a "win in N").
    pub fn ends_game(&self) -> bool {
        self.win_in().is_some()
    }

    /// N of a "win in N" puzzle.
    pub fn win_in(&self) -> Option<u32> {
        self.themes.iter().find_map(|t| match t {
            Theme::WinIn(n) => Some(*n),
            _ => None,
        })
    }

    /// Whether it has `theme`.
    pub fn has(&self, theme: Theme) -> bool {
        self.themes.contains(&theme)
    }

    /// The goal as a message of the catalogue (`puzzle-goal-*`, the side a message too).
    pub fn goal_msg(&self) -> crate::i18n::Msg {
        let side = crate::i18n::words::side(self.solver());
        if let Some(n) = self.win_in() {
            return crate::msg!("puzzle-goal-win-in", side = side, n = n);
        }
        if self.has(Theme::Defence) {
            return crate::msg!("puzzle-goal-defence", side = side);
        }
        crate::msg!("puzzle-goal-best", side = side, n = self.solver_moves())
    }

    /// The goal in words: `South to move: win in 2`.
    pub fn goal(&self) -> String {
        let side = self.solver().name();
        if let Some(n) = self.win_in() {
            return format!("{side} to move: win in {n}");
        }
        if self.has(Theme::Defence) {
            return format!("{side} to move: find the only move that does not lose");
        }
        match self.solver_moves() {
            1 => format!("{side} to move: find the best move"),
            n => format!("{side} to move: find the best move ({n} moves)"),
        }
    }

    /// The positions along the solution: the start, then after each move.
    pub fn positions(&self) -> Vec<Position> {
        let mut out = vec![self.position];
        for mv in &self.solution {
            let last = *out.last().unwrap_or(&self.position);
            out.push(last.play_unchecked(mv));
        }
        out
    }

    /// The id of a puzzle at `position`: six base-36 characters of a hash of its text.
    pub fn id_for(position: &Position) -> String {
        // FNV-1a over the text form, independent of the platform and of the program's run.
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for b in position.to_string().bytes() {
            h ^= b as u64;
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
        let alphabet = b"0123456789abcdefghijklmnopqrstuvwxyz";
        (0..6)
            .map(|_| {
                let c = alphabet[(h % 36) as usize] as char;
                h /= 36;
                c
            })
            .collect()
    }

    /// The puzzle as one JSON line of the export.
    pub fn to_line(&self) -> String {
        let line = Line {
            id: self.id.clone(),
            variant: self.variant().name().into(),
            rules: self.position.rules().name().into(),
            position: self.position.to_string(),
            solution: self.solution.iter().map(Move::to_string).collect(),
            themes: self.themes.iter().map(Theme::to_string).collect(),
            rating: self.rating,
        };
        serde_json::to_string(&line).unwrap_or_default()
    }

    /// Reads one JSON line of the export (`line` numbers the errors). The moves must be
    /// legal in turn.
    pub fn from_line(text: &str, line: usize) -> Result<Puzzle, PuzzleError> {
        let l: Line =
            serde_json::from_str(text).map_err(|source| PuzzleError::Json { line, source })?;
        let field = |what: String| PuzzleError::Field { line, what };
        let rules: RuleSet = l.rules.parse().map_err(|e| field(format!("rules: {e}")))?;
        let position = Position::from_str(&l.position)
            .map_err(|e| field(format!("position: {e}")))?
            .with_rules(rules);
        if position.variant().name() != l.variant {
            return Err(field(format!(
                "variant {} is not the position's",
                l.variant
            )));
        }
        let mut solution = Vec::with_capacity(l.solution.len());
        let mut pos = position;
        for text in &l.solution {
            let mv: Move = text.parse().map_err(|e| field(format!("`{text}`: {e}")))?;
            let (next, _) = pos.play(&mv).map_err(|e| field(format!("`{text}`: {e}")))?;
            solution.push(mv);
            pos = next;
        }
        if solution.is_empty() {
            return Err(field("no solution".into()));
        }
        let themes = l
            .themes
            .iter()
            .map(|t| t.parse().map_err(|e: String| field(e)))
            .collect::<Result<Vec<Theme>, _>>()?;
        Ok(Puzzle {
            id: l.id,
            position,
            solution,
            themes,
            rating: l.rating,
        })
    }
}

impl fmt::Display for Puzzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_line())
    }
}

/// Reads JSON lines of puzzles (blank lines skipped).
pub fn read_lines(text: &str) -> Result<Vec<Puzzle>, PuzzleError> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| Puzzle::from_line(l, i + 1))
        .collect()
}

/// The collection built into the program, read once (a line that does not read is left out:
/// the collection's test reads every line).
pub fn collection() -> &'static [Puzzle] {
    static PUZZLES: OnceLock<Vec<Puzzle>> = OnceLock::new();
    PUZZLES.get_or_init(|| {
        COLLECTION
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
            .filter_map(|(i, l)| Puzzle::from_line(l, i + 1).ok())
            .collect()
    })
}

/// The collection's text as built in (for its test).
pub fn collection_text() -> &'static str {
    COLLECTION
}

/// A puzzle of the collection by id.
pub fn find(id: &str) -> Option<&'static Puzzle> {
    collection().iter().find(|p| p.id == id)
}
