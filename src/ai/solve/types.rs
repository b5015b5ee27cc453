//! The solver's answers and limits: outcomes, results, proofs and progress reports.

use std::fmt;
use std::io::{self, Write};
use std::time::Duration;

use crate::ai::per_second;
use crate::ai::tt::Table;
use crate::rules::{Move, Position, Side};

use super::MAX_SOLVE_PLIES;

/// What a position is worth for the side to move, with perfect play on both sides.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The side to move wins; the game ends after this many plies with best play.
    Won(u32),
    /// The side to move loses; the game ends after this many plies with best play.
    Lost(u32),
    /// Neither side can force a win (the whole game graph was searched).
    Draw,
    /// Not decided within the budget.
    Unknown,
}

impl Outcome {
    /// The plies to the end with best play, for a won or lost position.
    pub fn plies(&self) -> Option<u32> {
        match *self {
            Outcome::Won(n) | Outcome::Lost(n) => Some(n),
            Outcome::Draw | Outcome::Unknown => None,
        }
    }

    /// True for a proved win or loss.
    pub fn is_proved(&self) -> bool {
        self.plies().is_some()
    }

    /// The winner, when `to_move` is the side to move in the position solved.
    pub fn winner(&self, to_move: Side) -> Option<Side> {
        match self {
            Outcome::Won(_) => Some(to_move),
            Outcome::Lost(_) => Some(!to_move),
            Outcome::Draw | Outcome::Unknown => None,
        }
    }

    /// The same value from the other side's point of view.
    pub(super) fn flip(self) -> Outcome {
        match self {
            Outcome::Won(n) => Outcome::Lost(n),
            Outcome::Lost(n) => Outcome::Won(n),
            o => o,
        }
    }
}

fn plies_text(n: u32) -> String {
    if n == 1 {
        "1 ply".into()
    } else {
        format!("{n} plies")
    }
}

impl fmt::Display for Outcome {
    /// `won in 7 plies`, `lost in 4 plies`, `draw`, `unknown`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Outcome::Won(n) => write!(f, "won in {}", plies_text(n)),
            Outcome::Lost(n) => write!(f, "lost in {}", plies_text(n)),
            Outcome::Draw => f.write_str("draw"),
            Outcome::Unknown => f.write_str("unknown"),
        }
    }
}

/// What bounds a solve. With no time limit the result depends on nothing but the position and
/// these limits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SolveLimits {
    /// Stop after about this many nodes of the search (checked every few thousand).
    pub nodes: Option<u64>,
    /// Stop after this much wall-clock time.
    pub time: Option<Duration>,
    /// The deepest iteration, in plies (at most [`MAX_SOLVE_PLIES`]).
    pub max_plies: u32,
    /// Transposition table slots (16 bytes each; rounded up to a power of two).
    pub table_entries: usize,
    /// Enumerate the whole game graph and solve it backwards first, when it has at most this
    /// many positions (the only way to prove a draw); 0 to skip.
    pub graph_positions: usize,
}

impl Default for SolveLimits {
    fn default() -> SolveLimits {
        SolveLimits {
            nodes: None,
            time: None,
            max_plies: MAX_SOLVE_PLIES,
            table_entries: 1 << 20,
            graph_positions: 0,
        }
    }
}

impl SolveLimits {
    /// A node budget alone (reproducible), with a table sized for it.
    pub fn nodes(nodes: u64) -> SolveLimits {
        SolveLimits {
            nodes: Some(nodes),
            table_entries: Table::size_for(Some(nodes)),
            ..SolveLimits::default()
        }
    }

    /// The same limits with at most `plies` plies.
    pub fn with_max_plies(self, plies: u32) -> SolveLimits {
        SolveLimits {
            max_plies: plies,
            ..self
        }
    }
}

/// What a solve found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SolveResult {
    /// The value for the side to move.
    pub outcome: Outcome,
    /// The move to play: the fastest win, the slowest loss, or (drawn or unknown) a move that
    /// loses no faster than any other as far as the search saw; `None` when the game is over
    /// or there is no legal move.
    pub best_move: Option<Move>,
    /// The deepest iteration completed: for an unknown position, no side can force a win
    /// within this many plies.
    pub depth: u32,
    /// Nodes visited (search nodes, or positions of the game graph when it was enumerated).
    pub nodes: u64,
    /// Whether the whole game graph was enumerated and solved backwards (see
    /// [`SolveLimits::graph_positions`]); `depth` is then 0.
    pub whole_graph: bool,
    /// Time taken.
    pub elapsed: Duration,
}

impl SolveResult {
    /// Nodes per second.
    pub fn nodes_per_second(&self) -> f64 {
        per_second(self.nodes, self.elapsed)
    }
}

/// A proved result, in the form the bot's hints and analysis use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Proved {
    /// Whether the side to move is the winner.
    pub winner_to_move: bool,
    /// The winner.
    pub winner: Side,
    /// Plies to the end with best play on both sides.
    pub plies: u32,
    /// The side to move's move: the fastest win, or the slowest loss.
    pub best: Move,
}

/// Why the solver could not do what was asked.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// The position is not proved won or lost, so there is no proof to write.
    #[error("no proof: the position is {outcome} within the budget ({nodes} nodes, no forced win within {depth} plies); give more nodes or time")]
    NotProved {
        /// What the solve found instead.
        outcome: Outcome,
        /// The deepest iteration completed.
        depth: u32,
        /// Nodes visited.
        nodes: u64,
    },
    /// Writing the proof out ran over the budget (it needs more nodes than the solve did).
    #[error("the proof ran out of budget after {lines} lines: give more nodes or time")]
    ProofBudget {
        /// Lines collected so far.
        lines: usize,
    },
    /// The proof would have more lines than allowed.
    #[error("the proof has more than {limit} lines")]
    ProofTooLarge {
        /// The limit.
        limit: usize,
    },
}

/// A proof of a win: for each position where the winner is to move, the move it plays.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Proof {
    /// The position proved.
    pub root: Position,
    /// The winner.
    pub winner: Side,
    /// Plies to the end with best play.
    pub plies: u32,
    /// `(position, move)` for each position where the winner is to move, in the order found
    /// (depth first from the root).
    pub lines: Vec<(Position, Move)>,
}

impl Proof {
    /// Writes the proof as text: one `POSITION<TAB>MOVE` line per listed position.
    pub fn write_to(&self, out: &mut impl Write) -> io::Result<()> {
        for (pos, mv) in &self.lines {
            writeln!(out, "{pos}\t{mv}")?;
        }
        Ok(())
    }
}

/// A progress report of a long solve.
#[derive(Debug, Clone, Copy)]
pub struct Progress {
    /// The iteration under way (or just completed), in plies.
    pub depth: u32,
    /// Whether that iteration has completed.
    pub completed: bool,
    /// Nodes so far.
    pub nodes: u64,
    /// Time so far.
    pub elapsed: Duration,
}
