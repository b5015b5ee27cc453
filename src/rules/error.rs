//! Errors of the rules engine; each says what was wrong and, where it helps, what would be right.

use std::fmt;

use super::moves::Move;

/// Text that could not be read as a pit, move, side, variant or position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct ParseError {
    message: String,
}

impl ParseError {
    pub(crate) fn new(message: impl Into<String>) -> ParseError {
        ParseError {
            message: message.into(),
        }
    }
}

/// A position that is well-formed text but cannot occur in a game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("impossible position: {message}")]
pub struct PositionError {
    message: String,
}

impl PositionError {
    pub(crate) fn new(message: impl Into<String>) -> PositionError {
        PositionError {
            message: message.into(),
        }
    }
}

/// Why a position could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReadPositionError {
    /// The text is malformed.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// The text is well-formed but describes a position that cannot occur.
    #[error(transparent)]
    Impossible(#[from] PositionError),
}

/// A move that is not legal in the position it was played in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IllegalMove {
    /// What was asked for, as the player wrote it (canonicalised where possible).
    pub asked: String,
    /// Why it is not legal, in words.
    pub reason: String,
    /// The moves that are legal instead.
    pub legal: Vec<Move>,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.legal.is_empty() {
            return write!(
                f,
                "{} is not legal here: {}; there is no legal move",
                self.asked, self.reason
            );
        }
        write!(
            f,
            "{} is not legal here: the only legal moves are {} ({})",
            self.asked,
            join_moves(&self.legal),
            self.reason
        )
    }
}

impl std::error::Error for IllegalMove {}

/// A move written so that it matches several legal moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AmbiguousMove {
    /// What was asked for.
    pub asked: String,
    /// The legal moves it could mean.
    pub candidates: Vec<Move>,
}

impl fmt::Display for AmbiguousMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} could mean {}: say which",
            self.asked,
            join_moves_or(&self.candidates)
        )
    }
}

impl std::error::Error for AmbiguousMove {}

/// Why a move written as text could not be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The text is not a move.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// It is a move, but not a legal one here.
    #[error(transparent)]
    Illegal(#[from] IllegalMove),
    /// It fits more than one legal move.
    #[error(transparent)]
    Ambiguous(#[from] AmbiguousMove),
    /// The game is over.
    #[error("the game is over: {0} has won")]
    GameOver(super::Side),
}

/// `A4 left capture, A6 right takata, ...`
pub fn join_moves(moves: &[Move]) -> String {
    moves
        .iter()
        .map(|m| m.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

fn join_moves_or(moves: &[Move]) -> String {
    let words: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    match words.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {}", rest.join(", "), last),
        _ => words.join(""),
    }
}
