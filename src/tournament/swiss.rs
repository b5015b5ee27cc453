//! Swiss pairing as a minimum-cost perfect matching.
//!
//! Every two active entrants may be paired (and, when their number is odd, each may take
//! the bye, a virtual entrant). The cost of a pair is a number whose digits, from the most
//! significant, count:
//!
//! 1. breaches of the absolute rules: a rematch, a pair that no side allocation can give
//!    within ±2 and without a side three times running, a second bye;
//! 2. for the bye, how far above the lowest score its taker stands;
//! 3. the square of the score difference (in half-points);
//! 4. the side wishes left unmet (by strength);
//! 5. how far the pair is from the Dutch ideal inside a score group (the top half meets
//!    the bottom half: 1 v g/2+1, …), or, for a floater, from the lowest of the higher
//!    group meeting the highest of the lower.
//!
//! Each digit's base is larger than the sum of everything below it over a whole round,
//! so the matching minimises them in that order: the absolute rules are broken only when
//! nothing else can pair the round. `integer-blossom` finds the matching.

use integer_blossom::min_weight_perfect_matching;

use super::{Entrant, History, Outcome, Pairing, TournamentError};
use crate::rules::Side;

/// The facts the pairing weighs for one entrant.
struct Seat {
    /// Start rank.
    entrant: usize,
    /// Half-points.
    halves: u32,
    /// Place in this round's order (score, then rating, then start rank).
    rank: usize,
    /// Place inside the score group, and the group's size.
    in_group: (usize, usize),
}

/// The digits of one pair's cost, most significant first.
type Digits = [u64; 5];

/// Pairs round `round` of a Swiss event: the boards in order, the bye (a win, outcome
/// already set) last. `pairings` holds every earlier round.
pub fn pair(
    entrants: &[Entrant],
    pairings: &[Pairing],
    round: u32,
) -> Result<Vec<Pairing>, TournamentError> {
    let history = History::of(entrants.len(), pairings);
    let seats = seats(entrants, &history);
    if seats.len() < 2 {
        return Err(TournamentError::TooFewPlayers(seats.len()));
    }
    let odd = seats.len() % 2 == 1;
    let v = seats.len() + usize::from(odd);
    let lowest = seats.iter().map(|s| s.halves).min().unwrap_or(0);
    let mut digits: Vec<Digits> = vec![[0; 5]; v * v];
    for a in 0..seats.len() {
        for b in (a + 1)..seats.len() {
            digits[a * v + b] = pair_digits(&seats[a], &seats[b], &history);
        }
        if odd {
            let s = &seats[a];
            let again = 2 * u64::from(history.had_bye[s.entrant]);
            digits[a * v + v - 1] = [again, u64::from(s.halves - lowest), 0, 0, 0];
        }
    }
    let cost = combine(&digits, v);
    let mates = min_weight_perfect_matching::<i128>(&cost, v);
    let mut games = Vec::new();
    let mut bye = None;
    for (a, &b) in mates.iter().enumerate() {
        if a < seats.len() && b == v - 1 && odd {
            bye = Some(seats[a].entrant);
        } else if a < b && b < seats.len() {
            games.push((&seats[a], &seats[b]));
        }
    }
    // Boards: the higher score first, then the higher sum, then the better ranked.
    games.sort_by_key(|(x, y)| {
        (
            std::cmp::Reverse(x.halves.max(y.halves)),
            std::cmp::Reverse(x.halves + y.halves),
            x.rank.min(y.rank),
        )
    });
    let mut out: Vec<Pairing> = games
        .iter()
        .zip(1u32..)
        .map(|((x, y), board)| {
            let (south, north) = allocate_sides(x, y, &history, board);
            Pairing {
                round,
                board,
                south,
                north: Some(north),
                outcome: None,
            }
        })
        .collect();
    if let Some(p) = bye {
        out.push(Pairing {
            round,
            board: u32::try_from(out.len() + 1).unwrap_or(u32::MAX),
            south: p,
            north: None,
            outcome: Some(Outcome::Bye),
        });
    }
    Ok(out)
}

/// The active entrants in this round's order, with their group places.
fn seats(entrants: &[Entrant], history: &History) -> Vec<Seat> {
    let mut order: Vec<usize> = (0..entrants.len())
        .filter(|&e| entrants[e].active)
        .collect();
    order.sort_by(|&a, &b| {
        history.halves[b]
            .cmp(&history.halves[a])
            .then(entrants[b].rating.total_cmp(&entrants[a].rating))
            .then(a.cmp(&b))
    });
    let mut seats: Vec<Seat> = order
        .iter()
        .enumerate()
        .map(|(rank, &entrant)| Seat {
            entrant,
            halves: history.halves[entrant],
            rank,
            in_group: (0, 0),
        })
        .collect();
    let mut start = 0;
    while start < seats.len() {
        let h = seats[start].halves;
        let end = start + seats[start..].iter().take_while(|s| s.halves == h).count();
        for (i, s) in seats[start..end].iter_mut().enumerate() {
            s.in_group = (i, end - start);
        }
        start = end;
    }
    seats
}

/// The cost digits of pairing `x` with `y` (`x` ranked above `y`).
fn pair_digits(x: &Seat, y: &Seat, history: &History) -> Digits {
    let (sx, sy) = (&history.sides[x.entrant], &history.sides[y.entrant]);
    let can = |south: &crate::tournament::SideRecord, north: &crate::tournament::SideRecord| {
        south.allows(Side::South) && north.allows(Side::North)
    };
    let allowed = [(can(sx, sy), Side::South), (can(sy, sx), Side::North)];
    // A rematch weighs more than a side breach (FIDE relaxes sides, never rematches).
    let breaches = 2 * u64::from(history.have_met(x.entrant, y.entrant))
        + u64::from(!allowed[0].0 && !allowed[1].0);
    // The unmet wishes of the best allowed allocation (x's side named).
    let unmet = |x_side: Side| {
        let miss = |wish: Option<(Side, u8)>, got: Side| match wish {
            Some((w, strength)) if w != got => u64::from(strength),
            _ => 0,
        };
        miss(sx.wish(), x_side) + miss(sy.wish(), !x_side)
    };
    let sides = allowed
        .iter()
        .filter(|(ok, _)| *ok)
        .map(|&(_, side)| unmet(side))
        .min()
        .unwrap_or_else(|| unmet(Side::South).min(unmet(Side::North)));
    let diff = u64::from(x.halves.abs_diff(y.halves));
    let shape = if x.halves == y.halves {
        let (px, g) = x.in_group;
        let py = y.in_group.0;
        px.abs_diff(py).abs_diff(g / 2)
    } else {
        // The floater: the lowest of the higher group, the highest of the lower.
        let (high, low) = if x.halves > y.halves { (x, y) } else { (y, x) };
        (high.in_group.1 - 1 - high.in_group.0) + low.in_group.0
    };
    [breaches, 0, diff * diff, sides, shape as u64]
}

/// One cost per pair from its digits, each digit's base above the whole round's sum of
/// the digits below it.
fn combine(digits: &[Digits], v: usize) -> Vec<i128> {
    let pairs_per_round = (v / 2 + 1) as i128;
    let mut bases = [1i128; 5];
    for t in (0..4).rev() {
        let max = digits.iter().map(|d| d[t + 1]).max().unwrap_or(0) as i128;
        bases[t] = bases[t + 1] * (max + 1) * pairs_per_round;
    }
    digits
        .iter()
        .map(|d| d.iter().zip(bases).map(|(&x, b)| x as i128 * b).sum())
        .collect()
}

/// Who of `x` and `y` plays South: an absolute rule decides first, then the stronger
/// wish, then the better ranked's wish; with no wishes (the first round) the better
/// ranked takes South on odd boards.
fn allocate_sides(x: &Seat, y: &Seat, history: &History, board: u32) -> (usize, usize) {
    let (sx, sy) = (&history.sides[x.entrant], &history.sides[y.entrant]);
    let x_south_ok = sx.allows(Side::South) && sy.allows(Side::North);
    let y_south_ok = sy.allows(Side::South) && sx.allows(Side::North);
    let (top, other) = if x.rank < y.rank { (x, y) } else { (y, x) };
    let top_is_x = top.entrant == x.entrant;
    let x_south = match (x_south_ok, y_south_ok) {
        (true, false) => true,
        (false, true) => false,
        _ => {
            let (wt, wo) = (
                history.sides[top.entrant].wish(),
                history.sides[other.entrant].wish(),
            );
            let top_south = match (wt, wo) {
                (Some((a, sa)), Some((b, sb))) if a == b => {
                    if sb > sa {
                        b != Side::South
                    } else {
                        a == Side::South
                    }
                }
                (Some((a, _)), _) => a == Side::South,
                (None, Some((b, _))) => b != Side::South,
                (None, None) => board % 2 == 1,
            };
            top_south == top_is_x
        }
    };
    if x_south {
        (x.entrant, y.entrant)
    } else {
        (y.entrant, x.entrant)
    }
}
