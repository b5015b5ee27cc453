//! The rules of Bao, exactly as `docs/rules.md` defines them: positions, moves, their text forms,
//! legal move generation and move execution with a step-by-step trace. Pure computation: no
//! I/O, no notion of who is playing.
//!
//! Swahili terms used throughout:
//! - *kete*: the seeds (64 in all);
//! - *nyumba*: the house, front pit 5 (`A5`, `a5`), drawn square, with special namua rules
//!   while owned;
//! - *kichwa*: the end pits of the front row (pits 1 and 8), where captured seeds enter;
//! - *kimbi*: the pits next to them (2 and 7);
//! - *namua*: the first stage, each turn bringing one seed in from hand;
//! - *mtaji*: the second stage, once both hands are empty;
//! - *takata*: a non-capturing move;
//! - *takasia*: after a mtaji takata, a one-turn ban on starting from one threatened pit.
//!
//! Two variants: Bao la Kiswahili ([`Variant::Kiswahili`], the default) and the learner's
//! Bao la Kujifunza ([`Variant::Kujifunza`]).

mod engine;
mod error;
mod moves;
mod perft;
mod position;
mod trace;
mod types;

pub use engine::MAX_RUNS;
pub use error::{
    join_moves, AmbiguousMove, IllegalMove, IllegalReason, MoveError, MoveWord, ParseError,
    ParseProblem, PositionError, ReadPositionError,
};
pub use moves::{HouseChoice, Move, MoveKind, MoveList, MoveSpec, MoveWords, MAX_MOVES, MOVE_FORM};
pub use perft::perft;
pub use position::{Position, TOTAL_SEEDS};
pub use trace::{EndReason, LiftReason, Step, Trace};
pub use types::{Direction, Phase, Pit, Row, RuleSet, Side, Variant};
