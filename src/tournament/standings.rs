//! Standings: points, then Sonneborn–Berger, then Buchholz, then direct encounter, then
//! start rank.
//!
//! - Points: a win or a bye 1, a draw ½, a loss 0; forfeits count as wins and losses.
//! - Sonneborn–Berger: the final points of the opponents beaten, plus half the points of
//!   those drawn with.
//! - Buchholz: the sum of the opponents' final points.
//! - Direct encounter: among players still level, the points scored in the games between
//!   them.
//!
//! The two tie-breaks count games played over the board only: a bye or a forfeit adds
//! nothing to them (FIDE would count a virtual opponent; see `docs/tournaments.md`).

use super::{Pairing, TournamentError};

/// One line of the standings. Points are counted in halves, Sonneborn–Berger in
/// quarters, so everything stays exact.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standing {
    /// Place, from 1; players level on every tie-break share it.
    pub place: usize,
    /// Start rank.
    pub entrant: usize,
    /// Half-points.
    pub halves: u32,
    /// Sonneborn–Berger, in quarter-points.
    pub sonneborn_berger: u32,
    /// Buchholz, in half-points.
    pub buchholz: u32,
    /// Half-points against the others level on points, SB and Buchholz.
    pub direct: u32,
    /// Games with a result (byes included).
    pub games: u32,
}

impl Standing {
    /// Sonneborn–Berger as written (`5.25`).
    pub fn sb_text(&self) -> String {
        quarters_text(self.sonneborn_berger)
    }
}

/// Quarter-points as written: `5.25`.
pub fn quarters_text(q: u32) -> String {
    format!("{}.{:02}", q / 4, (q % 4) * 25)
}

/// The standings of `entrants` players after `pairings` (results not yet known count
/// nothing), best first.
pub fn standings(entrants: usize, pairings: &[Pairing]) -> Result<Vec<Standing>, TournamentError> {
    let mut halves = vec![0u32; entrants];
    let mut games = vec![0u32; entrants];
    for p in pairings
        .iter()
        .filter(|p| p.outcome.is_some_and(|o| o != super::Outcome::SitOut))
    {
        for e in [Some(p.south), p.north].into_iter().flatten() {
            if e < entrants {
                halves[e] += p.halves_of(e);
                games[e] += 1;
            }
        }
    }
    let mut sb = vec![0u32; entrants];
    let mut buchholz = vec![0u32; entrants];
    for p in pairings {
        let (Some(o), Some(n)) = (p.outcome, p.north) else {
            continue;
        };
        if !o.played() || p.south >= entrants || n >= entrants {
            continue;
        }
        for (me, opp) in [(p.south, n), (n, p.south)] {
            buchholz[me] += halves[opp];
            sb[me] += p.halves_of(me) * halves[opp];
        }
    }
    let mut rows: Vec<Standing> = (0..entrants)
        .map(|e| Standing {
            place: 0,
            entrant: e,
            halves: halves[e],
            sonneborn_berger: sb[e],
            buchholz: buchholz[e],
            direct: 0,
            games: games[e],
        })
        .collect();
    let key = |s: &Standing| (s.halves, s.sonneborn_berger, s.buchholz);
    rows.sort_by(|a, b| key(b).cmp(&key(a)).then(a.entrant.cmp(&b.entrant)));
    // Direct encounter inside each group level on the first three.
    let mut start = 0;
    while start < rows.len() {
        let k = key(&rows[start]);
        let end = start + rows[start..].iter().take_while(|r| key(r) == k).count();
        if end - start > 1 {
            let group: Vec<usize> = rows[start..end].iter().map(|r| r.entrant).collect();
            for r in &mut rows[start..end] {
                r.direct = pairings
                    .iter()
                    .filter(|p| p.outcome.is_some_and(|o| o.played()))
                    .filter(|p| p.opponent_of(r.entrant).is_some_and(|o| group.contains(&o)))
                    .map(|p| p.halves_of(r.entrant))
                    .sum();
            }
            rows[start..end]
                .sort_by(|a, b| b.direct.cmp(&a.direct).then(a.entrant.cmp(&b.entrant)));
        }
        start = end;
    }
    for i in 0..rows.len() {
        let level = i > 0 && {
            let (a, b) = (&rows[i - 1], &rows[i]);
            (key(a), a.direct) == (key(b), b.direct)
        };
        rows[i].place = if level { rows[i - 1].place } else { i + 1 };
    }
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::Outcome::*;

    fn game(round: u32, south: usize, north: usize, o: crate::tournament::Outcome) -> Pairing {
        Pairing {
            round,
            board: 1,
            south,
            north: Some(north),
            outcome: Some(o),
        }
    }

    /// The standings of four players, checked to come in `order`.
    fn ranked(pairings: &[Pairing], order: [usize; 4]) -> Vec<Standing> {
        let rows = standings(4, pairings).unwrap();
        let got: Vec<usize> = rows.iter().map(|r| r.entrant).collect();
        assert_eq!(got, order);
        rows
    }

    /// A four-player round robin worked by hand.
    ///
    /// Results: A–B 1-0, C–D ½-½; A–C ½-½, B–D 1-0; D–A 0-1, B–C 0-1.
    /// Points: A 2½, B 1, C 2, D ½.
    /// SB: A = B 1 + ½·C 2 + D ½ = 2.5; B = D ½ = 0.5; C = ½·A 2.5 + ½·D 0.5 + B 1 = 2.5;
    /// D = ½·C 2 = 1.
    /// Buchholz: A = 1+2+½ = 3.5; B = 2.5+½+2 = 5; C = ½+2.5+1 = 4; D = 2+1+2.5 = 5.5.
    /// A and C are level on SB (2.5); Buchholz puts C (4) above A (3.5), though A has
    /// more points: points first, so A 1st, C 2nd, B 3rd, D 4th.
    #[test]
    fn a_hand_worked_round_robin() {
        let (a, b, c, d) = (0, 1, 2, 3);
        let pairings = vec![
            game(1, a, b, SouthWins),
            game(1, c, d, Draw),
            game(2, a, c, Draw),
            game(2, b, d, SouthWins),
            game(3, d, a, NorthWins),
            game(3, b, c, NorthWins),
        ];
        let rows = ranked(&pairings, [a, c, b, d]);
        let find = |e: usize| rows.iter().find(|r| r.entrant == e).unwrap().clone();
        assert_eq!(find(a).halves, 5);
        assert_eq!(find(a).sb_text(), "2.50");
        assert_eq!(find(c).sb_text(), "2.50");
        assert_eq!(find(b).sb_text(), "0.50");
        assert_eq!(find(d).sb_text(), "1.00");
        assert_eq!(find(a).buchholz, 7);
        assert_eq!(find(b).buchholz, 10);
        assert_eq!(find(c).buchholz, 8);
        assert_eq!(find(d).buchholz, 11);
    }

    /// Worked by hand: A beats B, C beats D; C beats A, B beats D; B beats C, A draws D.
    /// Points: A 1½, B 2, C 2, D ½. B and C are level on points; SB: B = D ½ + C 2 = 2.5,
    /// C = D ½ + A 1½ = 2; Buchholz both 4. So B, C, A, D.
    #[test]
    fn sonneborn_berger_decides_between_equal_points() {
        let (a, b, c, d) = (0, 1, 2, 3);
        let pairings = vec![
            game(1, a, b, SouthWins),
            game(1, c, d, SouthWins),
            game(2, c, a, SouthWins),
            game(2, b, d, SouthWins),
            game(3, b, c, SouthWins),
            game(3, a, d, Draw),
        ];
        let rows = ranked(&pairings, [b, c, a, d]);
        assert_eq!(
            (rows[0].sb_text(), rows[1].sb_text()),
            ("2.50".into(), "2.00".into())
        );
        assert_eq!((rows[0].buchholz, rows[1].buchholz), (8, 8));
        assert_eq!((rows[0].place, rows[1].place), (1, 2));
    }

    /// Level on points and SB, Buchholz decides; level on all three, direct encounter.
    #[test]
    fn buchholz_then_direct_encounter() {
        // Six players; 0 and 1 each beat 4 and lose to ... built so 0 and 1 tie on points.
        // Round 1: 0 beats 1. Round 2: 1 beats 2, 0 loses to 2. Both on 1 point.
        let pairings = vec![
            game(1, 0, 1, SouthWins),
            game(2, 1, 2, SouthWins),
            game(2, 2, 0, SouthWins),
        ];
        let rows = standings(3, &pairings).unwrap();
        // Every player has 1 point; SB: 0 beat 1 (1) = 1; 1 beat 2 (1) = 1; 2 beat 0 = 1.
        // Buchholz: all 2. Direct encounter inside the three: each 1. Start rank decides,
        // and all three share first place.
        assert!(rows.iter().all(|r| r.place == 1));
        let two = vec![
            game(1, 0, 1, NorthWins),
            game(2, 2, 3, Draw),
            game(2, 0, 3, Draw),
        ];
        let rows = standings(4, &two).unwrap();
        // 1: 1 point; 0: ½ ; 3: 1 ; 2: ½. 1 and 3 level on points: SB 1 = 0's ½ → 0.5·4=2q;
        // 3: ½·2's ½ + ½·0's ½ = 0.5 → 2q. Buchholz: 1 → ½ ; 3 → ½+½ = 1. 3 above 1.
        assert_eq!(rows[0].entrant, 3);
        assert_eq!(rows[1].entrant, 1);
    }
}
