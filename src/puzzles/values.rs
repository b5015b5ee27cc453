//! What every move of a position is worth to the side to move, on equal footing: each move is
//! played and the position after it searched at the same node budget, as the analysis judges
//! a move ([`crate::ai::analysis`]). A puzzle needs one move clearly better than all others.

use crate::ai::expected::south_expected;
use crate::ai::{choose_move, SearchLimits};
use crate::rules::{Move, Position, Side};

/// One move and the mover's expected score after it (0 to 1; 1 for a move that wins).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MoveValue {
    /// The move.
    pub mv: Move,
    /// The mover's expected score after it.
    pub expected: f64,
}

/// The mover's expected score in `after`, a position the mover just played into.
pub fn mover_expected(after: &Position, mover: Side, nodes: u64) -> f64 {
    let score = if after.is_over() {
        0
    } else {
        choose_move(after, &SearchLimits::nodes(nodes)).map_or(0, |r| r.score)
    };
    let south = if !after.is_over() && after.legal_moves().is_empty() {
        // The side to move has no move: it loses.
        if after.turn() == Side::South {
            0.0
        } else {
            1.0
        }
    } else {
        south_expected(after, score)
    };
    match mover {
        Side::South => south,
        Side::North => 1.0 - south,
    }
}

/// Every legal move of `pos` with its value at `nodes` nodes a move, best first (ties in the
/// order of the legal moves).
pub fn move_values(pos: &Position, nodes: u64) -> Vec<MoveValue> {
    let mover = pos.turn();
    let mut values: Vec<MoveValue> = pos
        .legal_moves()
        .iter()
        .map(|mv| MoveValue {
            mv: *mv,
            expected: mover_expected(&pos.play_unchecked(mv), mover, nodes),
        })
        .collect();
    values.sort_by(|a, b| b.expected.total_cmp(&a.expected));
    values
}

/// How far the best move is ahead of the second (1 with a single legal move, 0 with none).
pub fn gap(values: &[MoveValue]) -> f64 {
    match values {
        [] => 0.0,
        [_] => 1.0,
        [a, b, ..] => a.expected - b.expected,
    }
}

/// Whether `mv` ends the game at once with a win for the side to move in `pos`.
pub fn wins_at_once(pos: &Position, mv: &Move) -> bool {
    pos.play_unchecked(mv).winner() == Some(pos.turn())
}
