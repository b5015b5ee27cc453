//! Perft: counting move paths to a depth, to pin down move generation.

use super::position::Position;

/// The number of positions reached from `pos` by exactly `depth` legal moves (paths are
/// counted; a finished game has no moves).
pub fn perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = pos.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|m| perft(&pos.play_unchecked(m), depth - 1))
        .sum()
}
