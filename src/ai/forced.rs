//! "Win in N" for players: a short exact search ([`super::solve`], and in Bao la Kujifunza
//! the stored proof of the start through [`super::proved`]) on one position, within a small
//! node budget, in both variants. It says something only where the result is proved.
//!
//! # How N is counted
//!
//! The solver counts plies, moves of either side. Players count their own moves, as puzzles
//! do ("mate in 2": the winner makes two moves), so every sentence shown to a player counts
//! **the winner's moves from the position shown, with best defence**: "North wins in 3" means
//! North's third move from here ends the game whatever South does (sooner if South errs).
//! From a position with the winner to move and `n` plies to the end, that is `(n + 1) / 2`
//! moves; with the loser to move, `n / 2` (see [`winner_moves`]). "Win in 1" is a move that
//! ends the game at once.

use crate::rules::{Move, Position, Side};

use super::proved::proved_move;
use super::solve::{SolveLimits, Solver};

/// Solver nodes of a hint's or a board's "win in N" (well under a second on one core).
pub const FORCED_WIN_NODES: u64 = 200_000;

/// A forced win proved from a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ForcedWin {
    /// Who wins.
    pub winner: Side,
    /// Whether the winner is the side to move.
    pub winner_to_move: bool,
    /// The winner's moves to the end with best defence (see the module docs).
    pub moves: u32,
    /// Plies to the end with best play on both sides (the solver's count).
    pub plies: u32,
    /// The side to move's move: the fastest win, or the slowest loss.
    pub best: Move,
}

impl ForcedWin {
    /// `North wins in 3`.
    pub fn sentence(&self) -> String {
        self.sentence_naming(self.winner.name(), (!self.winner).name())
    }

    /// [`ForcedWin::sentence`] with the winner and the loser called `winner` and `loser`
    /// (say, `North (Asha)`): `North (Asha) wins in 3`, or, where the loser is to move and
    /// every move of theirs ends the game (0 of the winner's moves), `North (Asha) wins:
    /// every move of South loses at once`.
    pub fn sentence_naming(&self, winner: &str, loser: &str) -> String {
        if self.moves == 0 {
            format!("{winner} wins: every move of {loser} loses at once")
        } else {
            format!("{winner} wins in {}", self.moves)
        }
    }
}

/// The winner's moves among `plies` plies to the end: `(plies + 1) / 2` with the winner to
/// move, `plies / 2` with the loser to move.
pub fn winner_moves(plies: u32, winner_to_move: bool) -> u32 {
    if winner_to_move {
        plies.div_ceil(2)
    } else {
        plies / 2
    }
}

/// A forced win from `pos` proved within `nodes` solver nodes; `None` when the game is over,
/// there is no legal move, or nothing is proved in the budget.
pub fn forced_win(pos: &Position, nodes: u64) -> Option<ForcedWin> {
    let p = proved_move(pos, SolveLimits::nodes(nodes))?;
    let winner = if p.winner_to_move {
        pos.turn()
    } else {
        !pos.turn()
    };
    Some(ForcedWin {
        winner,
        winner_to_move: p.winner_to_move,
        moves: winner_moves(p.plies, p.winner_to_move),
        plies: p.plies,
        best: p.mv,
    })
}

/// Whether `side` wins from `pos` within `plies` plies, exactly (a search of that depth);
/// `None` when the budget of `nodes` ran out first.
pub fn wins_within(pos: &Position, side: Side, plies: u32, nodes: u64) -> Option<bool> {
    let outcome = Solver::new(SolveLimits::nodes(nodes)).value_within(pos, plies)?;
    Some(outcome.winner(pos.turn()) == Some(side))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Variant;

    #[test]
    fn the_winner_counts_its_own_moves() {
        assert_eq!(winner_moves(1, true), 1);
        assert_eq!(winner_moves(3, true), 2);
        assert_eq!(winner_moves(2, false), 1);
        assert_eq!(winner_moves(4, false), 2);
        // A loser whose third ply is the never-ending move: the winner moved once.
        assert_eq!(winner_moves(3, false), 1);
    }

    #[test]
    fn a_position_of_the_stored_proof_is_a_win_for_north() {
        let start = Position::start(Variant::Kujifunza);
        let next = start.play_unchecked(&start.legal_moves()[0]);
        let w = forced_win(&next, 1_000).expect("from the stored proof");
        assert_eq!((w.winner, w.winner_to_move), (Side::North, true));
        assert_eq!(w.moves, w.plies.div_ceil(2));
        assert!(w.sentence().starts_with("North wins in "));
        assert_eq!(
            forced_win(&start, 1_000),
            None,
            "the start is too deep for 1,000 nodes"
        );
    }

    #[test]
    fn a_loser_whose_every_move_loses_at_once_is_told_in_words() {
        let best = Position::start(Variant::Kujifunza).legal_moves()[0];
        let w = ForcedWin {
            winner: Side::North,
            winner_to_move: false,
            moves: winner_moves(1, false),
            plies: 1,
            best,
        };
        assert_eq!(w.moves, 0);
        assert_eq!(
            w.sentence(),
            "North wins: every move of South loses at once"
        );
    }
}
