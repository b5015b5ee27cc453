//! Judging a solver's move against a puzzle: the solution's move is right; in the last move
//! of a puzzle that ends the game, so is any move that wins on the spot.

use crate::rules::{Move, Position};

use super::values::wins_at_once;
use super::Puzzle;

/// What a move made of the attempt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Right, and the puzzle goes on: the opponent replies `reply`, then the solver moves
    /// again at solution index `next`.
    Continue {
        /// The opponent's reply (the bot plays it).
        reply: Move,
        /// The solution index of the solver's next move.
        next: usize,
    },
    /// Right, and the puzzle is solved.
    Solved,
    /// Wrong: the solution's move was `expected`.
    Wrong {
        /// The right move.
        expected: Move,
    },
}

impl Puzzle {
    /// The position before the move at solution index `step`.
    pub fn position_at(&self, step: usize) -> Position {
        self.solution
            .iter()
            .take(step)
            .fold(self.position, |pos, mv| pos.play_unchecked(mv))
    }

    /// Judges the solver's `mv` (legal in the position) at solution index `step` (even).
    pub fn judge(&self, step: usize, mv: &Move) -> Verdict {
        let Some(expected) = self.solution.get(step).copied() else {
            return Verdict::Solved;
        };
        let last = step + 1 >= self.solution.len();
        let right = *mv == expected
            || (last && self.ends_game() && wins_at_once(&self.position_at(step), mv));
        if !right {
            return Verdict::Wrong { expected };
        }
        match self.solution.get(step + 1) {
            Some(reply) if !last => Verdict::Continue {
                reply: *reply,
                next: step + 2,
            },
            _ => Verdict::Solved,
        }
    }
}
