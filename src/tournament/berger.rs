//! Round robins by FIDE's Berger tables.
//!
//! With `n` entrants (one more, a sit-out, when `n` is odd) the tables have `n - 1` rounds.
//! Entrants `1..n-1` (table numbers) meet in the round where `i + j - 2 ≡ r - 1 (mod n-1)`;
//! table number `n` meets the one with `2i - 2 ≡ r - 1`. Of two table numbers below `n`,
//! the lower takes South when their sum is odd and the higher when it is even; number `n`
//! takes South in even rounds. This gives FIDE's tables exactly (round 1: 1–n, 2–(n-1), …)
//! and sides balanced: everyone's South and North games differ by at most one.
//!
//! The `round_robin_tournament` crate schedules a circle but neither in Berger order nor
//! with sides, so the tables are computed here from the formula above.

use super::{Format, Pairing};

/// Rounds in one cycle for `entrants` players (odd counts sit out once each).
pub fn cycle_rounds(entrants: usize) -> usize {
    if entrants < 2 {
        0
    } else {
        entrants + entrants % 2 - 1
    }
}

/// The boards of `round` (from 1) of a round robin of `entrants` players, by start rank:
/// `(south, north)`, `north == None` for the entrant who sits out (shown after the games).
/// A double round robin plays the cycle again with sides swapped. `None` past the last
/// round.
pub fn round(entrants: usize, format: Format, round: u32) -> Option<Vec<(usize, Option<usize>)>> {
    let cycle = cycle_rounds(entrants);
    let r = usize::try_from(round).ok()?;
    if cycle == 0 || r == 0 {
        return None;
    }
    let (r, swapped) = match format {
        Format::RoundRobin if r <= cycle => (r, false),
        Format::DoubleRoundRobin if r <= cycle => (r, false),
        Format::DoubleRoundRobin if r <= 2 * cycle => (r - cycle, true),
        _ => return None,
    };
    let n = cycle + 1; // table size, even
    let m = n - 1;
    let mut games = Vec::new();
    let mut sit_out = None;
    // The game of table number n.
    let i = (1..n).find(|i| (2 * i - 2) % m == r - 1)?;
    let with_n = if r % 2 == 0 { (n, i) } else { (i, n) };
    let wrap = |x: usize| (x + m - 1) % m + 1;
    let mut boards = vec![with_n];
    // Board k + 1 pairs the table numbers k steps either side of number n's opponent, as
    // FIDE's tables do (round 1: 2–(n-1), 3–(n-2), …).
    for k in 1..n / 2 {
        let (a, b) = (wrap(i + k), wrap(i + m - k));
        boards.push(if (a + b) % 2 == 1 {
            (a.min(b), a.max(b))
        } else {
            (a.max(b), a.min(b))
        });
    }
    for (s, t) in boards {
        let (s, t) = if swapped { (t, s) } else { (s, t) };
        // Table numbers beyond the entrants are the sit-out.
        match (s > entrants, t > entrants) {
            (true, _) => sit_out = Some(t - 1),
            (_, true) => sit_out = Some(s - 1),
            _ => games.push((s - 1, Some(t - 1))),
        }
    }
    if let Some(p) = sit_out {
        games.push((p, None));
    }
    Some(games)
}

/// The boards of `round` as [`Pairing`]s (boards numbered from 1): games without
/// results, and the sit-out, if any, as [`Outcome::SitOut`](super::Outcome::SitOut).
pub fn pairings(entrants: usize, format: Format, round_no: u32) -> Option<Vec<Pairing>> {
    let boards = round(entrants, format, round_no)?;
    Some(
        boards
            .into_iter()
            .zip(1..)
            .map(|((south, north), board)| Pairing {
                round: round_no,
                board,
                south,
                north,
                outcome: north.is_none().then_some(super::Outcome::SitOut),
            })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_rounds_of_ten_are_fides() {
        let r1 = round(10, Format::RoundRobin, 1).unwrap();
        assert_eq!(
            r1,
            vec![
                (0, Some(9)),
                (1, Some(8)),
                (2, Some(7)),
                (3, Some(6)),
                (4, Some(5))
            ]
        );
        // FIDE round 2: 10-6, 7-5, 8-4, 9-3, 1-2.
        let r2 = round(10, Format::RoundRobin, 2).unwrap();
        assert_eq!(
            r2,
            vec![
                (9, Some(5)),
                (6, Some(4)),
                (7, Some(3)),
                (8, Some(2)),
                (0, Some(1))
            ]
        );
    }

    #[test]
    fn an_odd_field_sits_one_out_each_round() {
        let r1 = round(5, Format::RoundRobin, 1).unwrap();
        assert_eq!(r1.iter().filter(|(_, n)| n.is_none()).count(), 1);
        assert_eq!(r1.len(), 3);
        assert!(round(5, Format::RoundRobin, 6).is_none());
        assert!(round(5, Format::DoubleRoundRobin, 10).is_some());
    }
}
