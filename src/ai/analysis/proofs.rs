//! What the analysis proves: on each position a short exact search ([`crate::ai::forced`])
//! within [`super::PROOF_NODES`] solver nodes. A proved position is drawn on the graph at 100%
//! or 0%, its proved best move is the analysis's best move, and two kinds of move are marked
//! (counting the winner's moves, as players do; see [`crate::ai::forced`]):
//!
//! - **missed a win in N**: the mover could force a win in N of its moves and the move played
//!   does not win within the same number of plies (checked exactly);
//! - **walked into a loss in N**: after the move the opponent forces a win in N of its moves,
//!   and before it the mover was not lost that fast (checked exactly): another move held out
//!   longer.
//!
//! Where a check runs out of budget nothing is marked: every mark is proved.

use crate::ai::forced::{forced_win, wins_within, ForcedWin};
use crate::rules::{Position, Side};

/// South's expected score where a position is proved: 1 for South's win, 0 for North's.
pub(super) fn south_proved(win: Option<&ForcedWin>) -> Option<f64> {
    win.map(|w| if w.winner == Side::South { 1.0 } else { 0.0 })
}

/// The forced win proved in `pos` within `nodes` (none when `nodes` is 0).
pub(super) fn prove(pos: &Position, nodes: u64) -> Option<ForcedWin> {
    (nodes > 0).then(|| forced_win(pos, nodes)).flatten()
}

/// The proved marks of one move.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct Marks {
    /// The win in N (mover's moves) the move let go.
    pub missed_win: Option<u32>,
    /// The opponent's win in N the move walked into.
    pub walked_into_loss: Option<u32>,
    /// Whether the move kept a proved win of the mover (proved after it too).
    pub kept_win: bool,
}

/// The marks of the move by `mover` from `before` (proved `was`) to `after` (proved `now`),
/// with checks of at most `nodes` solver nodes.
pub(super) fn marks(
    before: &Position,
    after: &Position,
    mover: Side,
    was: Option<&ForcedWin>,
    now: Option<&ForcedWin>,
    nodes: u64,
) -> Marks {
    let mut marks = Marks::default();
    if let Some(w) = was.filter(|w| w.winner == mover) {
        // The move keeps the win if the mover still wins within one ply less.
        let kept = match now {
            Some(n) if n.winner == mover => Some(n.plies < w.plies),
            Some(_) => Some(false),
            None if after.is_over() => Some(after.winner() == Some(mover)),
            None => wins_within(after, mover, w.plies.saturating_sub(1), nodes),
        };
        match kept {
            Some(false) => marks.missed_win = Some(w.moves),
            Some(true) => marks.kept_win = true,
            None => {}
        }
    }
    if let Some(n) = now.filter(|n| n.winner == !mover) {
        // Forced if the mover was already lost within one ply more.
        let forced = match was {
            Some(w) if w.winner == !mover => Some(w.plies <= n.plies + 1),
            Some(_) => Some(false),
            None => wins_within(before, !mover, n.plies + 1, nodes),
        };
        if forced == Some(false) {
            marks.walked_into_loss = Some(n.moves);
        }
    }
    marks
}
