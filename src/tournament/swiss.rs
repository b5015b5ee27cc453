//! Swiss rounds: FIDE's Dutch system (C.04.3), implemented in [`super::dutch`].
//!
//! Kept as the entry point the store and the simulation call.

use super::{Entrant, Pairing, TournamentError};

/// Pairs round `round` of a Swiss event of `rounds` rounds by the Dutch system: the
/// boards in order, the bye (a win, outcome already set) last. `pairings` holds every
/// earlier round. A round that cannot be paired under the absolute criteria is refused
/// with [`TournamentError::Unpairable`], saying what blocks it.
pub fn pair(
    entrants: &[Entrant],
    pairings: &[Pairing],
    round: u32,
    rounds: u32,
) -> Result<Vec<Pairing>, TournamentError> {
    super::dutch::pair(entrants, pairings, round, rounds)
}
