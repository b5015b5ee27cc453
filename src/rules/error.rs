//! Errors of the rules engine; each says what was wrong and, where it helps, what would be right.

use std::fmt;

use super::moves::Move;
use super::types::Pit;

/// Text that could not be read as a pit, move, side, variant or position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{problem}")]
pub struct ParseError {
    problem: ParseProblem,
}

impl ParseError {
    pub(crate) fn new(message: impl Into<String>) -> ParseError {
        ParseError {
            problem: ParseProblem::Other(message.into()),
        }
    }

    pub(crate) fn of(problem: ParseProblem) -> ParseError {
        ParseError { problem }
    }

    /// What was wrong, as a value (the conversation says it in the reader's language).
    pub fn problem(&self) -> &ParseProblem {
        &self.problem
    }
}

/// One of a move's optional words, named twice.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveWord {
    /// `capture` / `takata`.
    Kind,
    /// `stop` / `use`.
    House,
    /// `enter-left` / `enter-right`.
    Entry,
}

/// Why text could not be read; `Display` says it in English.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParseProblem {
    /// No move at all.
    Empty,
    /// The first word of a move is not a pit.
    NotAPit {
        /// The word.
        word: String,
    },
    /// A pit and no direction.
    NoDirection {
        /// The move as typed.
        text: String,
    },
    /// The second word is not a direction.
    NotADirection {
        /// The word.
        word: String,
    },
    /// One of the optional words twice.
    Twice {
        /// The move as typed.
        text: String,
        /// Which word.
        what: MoveWord,
    },
    /// A word that is not one of a move's words.
    NotAMoveWord {
        /// The word.
        word: String,
    },
    /// A canonical move without its kind word.
    NoKind {
        /// The move as typed.
        text: String,
    },
    /// Anything else (pits, sides, variants, positions), in English.
    Other(String),
}

impl fmt::Display for ParseProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use super::moves::MOVE_FORM;
        match self {
            ParseProblem::Empty => write!(f, "an empty move: write {MOVE_FORM}"),
            ParseProblem::NotAPit { word } => write!(
                f,
                "`{word}` is not a pit: a move starts with a pit A1-A8 or B1-B8 (a1-b8 for North), then {MOVE_FORM}"
            ),
            ParseProblem::NoDirection { text } => {
                write!(f, "`{text}` has no direction: write {MOVE_FORM}")
            }
            ParseProblem::NotADirection { word } => write!(
                f,
                "`{word}` is not a direction: write left or right after the pit ({MOVE_FORM})"
            ),
            ParseProblem::Twice { text, what } => {
                let what = match what {
                    MoveWord::Kind => "kind",
                    MoveWord::House => "nyumba choice",
                    MoveWord::Entry => "entry",
                };
                write!(f, "`{text}` names the {what} twice")
            }
            ParseProblem::NotAMoveWord { word } => write!(
                f,
                "`{word}` is not a move word: after the pit and direction only capture, takata, stop, use, enter-left or enter-right may follow ({MOVE_FORM})"
            ),
            ParseProblem::NoKind { text } => {
                write!(f, "`{text}` has no kind word: add capture or takata")
            }
            ParseProblem::Other(message) => f.write_str(message),
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
    /// Why it is not legal.
    pub reason: IllegalReason,
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

/// Why a move that reads is not legal here; `Display` says it in English.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IllegalReason {
    /// The game is over.
    GameOver {
        /// Who won.
        winner: super::Side,
    },
    /// The pit is the other side's.
    NotYourPit {
        /// The pit.
        pit: Pit,
        /// Whose it is.
        owner: super::Side,
        /// Whose turn it is.
        turn: super::Side,
    },
    /// The move reaches the owned nyumba: `stop` or `use` must be said.
    HouseChoiceNeeded,
    /// `stop`/`use` said where no such choice arises.
    NoHouseChoice,
    /// The first capture is at pits 3-6: `enter-left` or `enter-right` must be said.
    EntryNeeded,
    /// An entry said where no such choice arises.
    NoEntryChoice,
    /// A back pit in namua.
    NamuaBackPit,
    /// An empty pit.
    Empty {
        /// The pit.
        pit: Pit,
    },
    /// A takata while a capture exists.
    CaptureCompulsory,
    /// A capture where there is none.
    NoCapture,
    /// This start does not capture.
    DoesNotCapture {
        /// The pit.
        pit: Pit,
        /// The direction.
        direction: super::Direction,
    },
    /// A single seed in mtaji.
    Single {
        /// The pit.
        pit: Pit,
    },
    /// The takasia target.
    Takasia {
        /// The pit.
        pit: Pit,
    },
    /// The owned nyumba with 6 or more.
    OwnedHouse,
    /// A single seed in namua while a front pit holds 2 or more.
    NamuaSingle {
        /// The pit.
        pit: Pit,
    },
    /// A lone kichwa sown toward the back row.
    LoneKichwa {
        /// The pit.
        pit: Pit,
        /// The direction.
        direction: super::Direction,
    },
    /// A back pit while a front pit holds 2 or more.
    BackPit,
    /// Not among the legal moves, for no reason named above.
    NotListed,
}

impl fmt::Display for IllegalReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalReason::GameOver { winner } => {
                write!(f, "the game is over, {} has won", winner.name())
            }
            IllegalReason::NotYourPit { pit, owner, turn } => write!(
                f,
                "{pit} is {}'s pit and it is {}'s turn",
                owner.name(),
                turn.name()
            ),
            IllegalReason::HouseChoiceNeeded => f.write_str(
                "this capture reaches the owned nyumba with nothing to capture: add stop or use",
            ),
            IllegalReason::NoHouseChoice => {
                f.write_str("the nyumba choice (stop/use) does not arise in this move")
            }
            IllegalReason::EntryNeeded => {
                f.write_str("its first capture is at pits 3-6: add enter-left or enter-right")
            }
            IllegalReason::NoEntryChoice => f.write_str(
                "the entry choice (enter-left/enter-right) does not arise in this move",
            ),
            IllegalReason::NamuaBackPit => f.write_str(
                "in namua a seed from hand goes into a front pit; back pits never start",
            ),
            IllegalReason::Empty { pit } => write!(f, "{pit} is empty"),
            IllegalReason::CaptureCompulsory => f.write_str("a capture is compulsory"),
            IllegalReason::NoCapture => f.write_str("there is no capture in this position"),
            IllegalReason::DoesNotCapture { pit, direction } => {
                write!(f, "{pit} {direction} does not capture")
            }
            IllegalReason::Single { pit } => {
                write!(f, "{pit} holds 1 seed; a move needs 2 or more")
            }
            IllegalReason::Takasia { pit } => write!(f, "{pit} is the takasia target this turn"),
            IllegalReason::OwnedHouse => {
                f.write_str("an owned nyumba with 6 or more is not a normal start")
            }
            IllegalReason::NamuaSingle { pit } => {
                write!(f, "{pit} holds 1 seed while a front pit holds 2 or more")
            }
            IllegalReason::LoneKichwa { pit, direction } => write!(
                f,
                "{pit} may not be sown {direction} (the only occupied front pit, a kichwa, may not be sown toward the back row)"
            ),
            IllegalReason::BackPit => {
                f.write_str("a back pit may start only when no front pit holds 2 or more")
            }
            IllegalReason::NotListed => f.write_str("it is not one of them"),
        }
    }
}

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
