//! Swiss rounds by FIDE's Dutch system (Handbook C.04.3, the 2025 rules in force from
//! 2026).
//!
//! Players are ordered by score, then pairing number (start rank). Before any bracket is
//! paired, one matching checks that the round can be paired at all under the absolute
//! criteria (no rematch C.1, at most one pairing-allocated bye C.2, no two players with
//! the same absolute colour preference C.3, top scorers exempt in the last round) and
//! finds the lowest score that can take the bye (C.5). Then the brackets are paired from
//! the top ([`brackets`]), the quality criteria weighed as ordered digits of exact
//! integer weights ([`criteria`]), and sides allocated by E.1–E.5 ([`colours`]).
//!
//! The method (one maximum-weight matching refined bracket by bracket) is the one of
//! bbpPairings, a FIDE-endorsed engine; `docs/tournaments.md` tells how the result is
//! measured against it.

mod brackets;
mod colours;
mod criteria;
mod players;
mod weights;

use std::collections::BTreeMap;

use super::{Entrant, Outcome, Pairing, TournamentError};
use crate::rules::Side;
use criteria::Criteria;
use players::Player;
use weights::{bits, Graph, Packed};

/// Pairs round `round` of an event of `rounds` rounds by the Dutch system: the boards in
/// the order pairing lists give them (higher scores first), the bye (a win, outcome
/// already set) last. `pairings` holds every earlier round.
pub fn pair(
    entrants: &[Entrant],
    pairings: &[Pairing],
    round: u32,
    rounds: u32,
) -> Result<Vec<Pairing>, TournamentError> {
    let mut players = players::players(entrants, pairings, round);
    if players.len() < 2 {
        return Err(TournamentError::TooFewPlayers(players.len()));
    }
    players.sort_by_key(|p| (std::cmp::Reverse(p.halves), p.rank));
    let mut criteria = Criteria {
        players: &players,
        played_rounds: round.saturating_sub(1) as usize,
        last_round: round >= rounds,
        bye_score: 0,
    };
    criteria.bye_score = bye_score(&criteria).map_err(|reason| TournamentError::Unpairable {
        round,
        reason: reason.describe(entrants),
    })?;
    let settled = brackets::settle(&criteria);
    let paired = 2 * settled.pairs.len() + usize::from(settled.bye.is_some());
    if paired != players.len() {
        return Err(TournamentError::Unpairable {
            round,
            reason: format!(
                "only {paired} of the {} players could be paired",
                players.len()
            ),
        });
    }
    Ok(boards(&players, &settled, round))
}

/// Why a round cannot be paired.
enum Blocked {
    /// These players (vertices' entrants) have no possible opponent left.
    NoOpponent(Vec<usize>),
    /// The player left over may not take the bye.
    NoBye,
    /// Some players cannot all be paired at once.
    Unmatchable(usize),
}

impl Blocked {
    fn describe(&self, entrants: &[Entrant]) -> String {
        let name = |e: &usize| {
            entrants
                .get(*e)
                .map_or("?", |x| x.name.as_str())
                .to_string()
        };
        match self {
            Blocked::NoOpponent(who) => format!(
                "{} cannot meet anyone left without a rematch or a breach of the side rules \
                 (too few players left for the rounds)",
                who.iter().map(name).collect::<Vec<_>>().join(", ")
            ),
            Blocked::NoBye => "the player left over has already had the bye or a win without \
                 playing, and no other pairing frees someone who has not"
                .to_string(),
            Blocked::Unmatchable(left) => format!(
                "{left} players would be left without an opponent: every pairing repeats a \
                 game or breaks the side rules (too few players left for the rounds)"
            ),
        }
    }
}

/// C.4 and C.5: checks that the round can be completed and returns the lowest score
/// from which the bye can be given (0 when nobody takes it).
fn bye_score(c: &Criteria<'_>) -> Result<u32, Blocked> {
    let players = c.players;
    let n = players.len();
    let lonely: Vec<usize> = (0..n)
        .filter(|&i| (0..n).all(|j| i == j || !c.compatible(&players[i], &players[j])))
        .map(|i| players[i].entrant)
        .collect();
    if lonely.len() > n % 2 {
        return Err(Blocked::NoOpponent(lonely));
    }
    // Dirac: when everyone is barred from fewer than half of the others but one, the
    // players less any one of them have a Hamiltonian cycle, so a perfect matching. Then
    // the bye goes to the lowest score of those who may take it, without a matching.
    let barred = |i: usize| {
        (0..n)
            .filter(|&j| i != j && !c.compatible(&players[i], &players[j]))
            .count()
    };
    if n >= 4 && (0..n).all(|i| barred(i) <= (n - 3) / 2) {
        if n % 2 == 0 {
            return Ok(0);
        }
        return players
            .iter()
            .filter(|p| p.bye_eligible)
            .map(|p| p.halves)
            .min()
            .ok_or(Blocked::NoBye);
    }
    // Levels of score from the bottom: pairing high scores leaves the lowest out.
    let levels: BTreeMap<u32, u64> = players
        .iter()
        .map(|p| p.halves)
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .zip(0..)
        .collect();
    let shift = bits(2 * n * levels.len()) + 1;
    let mut g: Graph<i128> = Graph::new(n);
    for i in 0..n {
        for j in (i + 1)..n {
            if c.compatible(&players[i], &players[j]) {
                let top =
                    1 + u64::from(!players[i].bye_eligible) + u64::from(!players[j].bye_eligible);
                let odd = n % 2 == 1;
                let low = if odd {
                    levels[&players[i].halves] + levels[&players[j].halves]
                } else {
                    0
                };
                g.set(i, j, i128::small(top).push(shift, i128::small(low)));
            }
        }
    }
    g.solve();
    let left: Vec<usize> = (0..n).filter(|&v| g.mate[v] == v).collect();
    match left.as_slice() {
        [] => Ok(0),
        [v] if players[*v].bye_eligible => Ok(players[*v].halves),
        [_] => Err(Blocked::NoBye),
        more => Err(Blocked::Unmatchable(more.len())),
    }
}

/// The round's boards from the settled pairs: sides by E.1–E.5, boards ordered by the
/// higher player's score, then the lower's, then the higher's pairing number.
fn boards(players: &[Player], settled: &brackets::Settled, round: u32) -> Vec<Pairing> {
    let mut games: Vec<(&Player, &Player)> = settled
        .pairs
        .iter()
        .map(|&(a, b)| {
            let (x, y) = (&players[a], &players[b]);
            if (x.halves, std::cmp::Reverse(x.rank)) >= (y.halves, std::cmp::Reverse(y.rank)) {
                (x, y)
            } else {
                (y, x)
            }
        })
        .collect();
    games.sort_by_key(|(h, l)| {
        (
            std::cmp::Reverse(h.halves),
            std::cmp::Reverse(l.halves),
            h.rank,
        )
    });
    let mut out: Vec<Pairing> = games
        .iter()
        .zip(1u32..)
        .map(|((h, l), board)| {
            // Sides are decided from the lower start rank's view, as the reference does.
            let (p, o) = if h.entrant < l.entrant {
                (h, l)
            } else {
                (l, h)
            };
            let (south, north) = if colours::side_of(p, o, Side::South) == Side::South {
                (p.entrant, o.entrant)
            } else {
                (o.entrant, p.entrant)
            };
            Pairing {
                round,
                board,
                south,
                north: Some(north),
                outcome: None,
            }
        })
        .collect();
    if let Some(v) = settled.bye {
        out.push(Pairing {
            round,
            board: u32::try_from(out.len() + 1).unwrap_or(u32::MAX),
            south: players[v].entrant,
            north: None,
            outcome: Some(Outcome::Bye),
        });
    }
    out
}
