//! The pairing rules, checked on whole events: Berger tables for 3–12 players, and Swiss
//! events of many sizes and seeds played out with random results.

use std::collections::{HashMap, HashSet};

use bao_bot::ai::rng::Rng;
use bao_bot::rules::Side;
use bao_bot::tournament::{berger, standings, swiss, Entrant, Format, Outcome, Pairing};

fn field(n: usize) -> Vec<Entrant> {
    (0..n)
        .map(|i| Entrant {
            name: format!("p{i}"),
            rating: 2000.0 - 10.0 * i as f64,
            active: true,
        })
        .collect()
}

#[test]
fn berger_tables_for_3_to_12_players() {
    for n in 3..=12 {
        for format in [Format::RoundRobin, Format::DoubleRoundRobin] {
            let rounds = format.rounds(n);
            let mut met: HashMap<(usize, usize), u32> = HashMap::new();
            let mut south = vec![0i32; n];
            let mut sat_out = vec![0u32; n];
            for r in 1..=rounds {
                let boards = berger::round(n, format, r).unwrap();
                let mut seen = HashSet::new();
                for (s, t) in &boards {
                    assert!(seen.insert(*s), "{n} players round {r}: {s} twice");
                    match t {
                        Some(t) => {
                            assert!(seen.insert(*t), "{n} players round {r}: {t} twice");
                            *met.entry((*s.min(t), *s.max(t))).or_default() += 1;
                            south[*s] += 1;
                            south[*t] -= 1;
                        }
                        None => sat_out[*s] += 1,
                    }
                }
                assert_eq!(seen.len(), n, "{n} players round {r}: someone missing");
                assert_eq!(boards.iter().filter(|b| b.1.is_none()).count(), n % 2);
            }
            assert!(berger::round(n, format, rounds + 1).is_none());
            let times = if format == Format::RoundRobin { 1 } else { 2 };
            for a in 0..n {
                for b in (a + 1)..n {
                    assert_eq!(met.get(&(a, b)), Some(&times), "{n}: {a} v {b}");
                }
                // Sides balanced: South and North games differ by at most one (none in a
                // double round robin).
                let limit = if times == 1 { 1 } else { 0 };
                assert!(
                    south[a].abs() <= limit,
                    "{n} {format:?}: {a} has {}",
                    south[a]
                );
                assert_eq!(sat_out[a], if n % 2 == 1 { times } else { 0 });
            }
        }
    }
}

/// A result drawn from the two ratings (Elo expectation), with draws.
fn result(rng: &mut Rng, south: f64, north: f64) -> Outcome {
    let expected = 1.0 / (1.0 + 10f64.powf((north - south) / 400.0));
    let x = rng.below(1000) as f64 / 1000.0;
    if x < expected * 0.85 {
        Outcome::SouthWins
    } else if x > 1.0 - (1.0 - expected) * 0.85 {
        Outcome::NorthWins
    } else {
        Outcome::Draw
    }
}

/// Plays a Swiss event out and checks every absolute rule after every round.
fn swiss_event(n: usize, rounds: u32, seed: u64) {
    let mut rng = Rng::new(seed);
    let mut entrants = field(n);
    for e in &mut entrants {
        e.rating += rng.below(300) as f64;
    }
    let mut pairings: Vec<Pairing> = Vec::new();
    for r in 1..=rounds {
        let history = bao_bot::tournament::History::of(n, &pairings);
        let lowest = history.halves.iter().copied().min().unwrap_or(0);
        let round = swiss::pair(&entrants, &pairings, r, rounds).unwrap();
        let mut seen = HashSet::new();
        for p in &round {
            assert!(seen.insert(p.south));
            match p.north {
                Some(north) => {
                    assert!(seen.insert(north));
                    assert!(
                        !history.have_met(p.south, north),
                        "{n}/{seed} r{r}: rematch"
                    );
                }
                None => {
                    assert!(!history.had_bye[p.south], "{n}/{seed} r{r}: second bye");
                    // The bye goes to the lowest score group that has anyone without one.
                    let lowest_eligible = (0..n)
                        .filter(|&e| !history.had_bye[e])
                        .map(|e| history.halves[e])
                        .min()
                        .unwrap();
                    assert_eq!(history.halves[p.south], lowest_eligible, "{n}/{seed} r{r}");
                    assert!(lowest_eligible >= lowest);
                }
            }
        }
        assert_eq!(seen.len(), n);
        for mut p in round {
            if let Some(north) = p.north {
                p.outcome = Some(result(
                    &mut rng,
                    entrants[p.south].rating,
                    entrants[north].rating,
                ));
            }
            pairings.push(p);
        }
        let after = bao_bot::tournament::History::of(n, &pairings);
        // FIDE's Dutch system (C.04.3) lifts the side limits in the last round for a top
        // scorer (over half the points so far) and whoever meets one.
        let top_scorer = |x: usize| history.halves[x] > r - 1;
        let exempt = |e: usize| {
            r == rounds
                && pairings
                    .iter()
                    .find(|p| p.round == r && p.involves(e))
                    .is_some_and(|p| top_scorer(e) || p.opponent_of(e).is_some_and(top_scorer))
        };
        for (e, sides) in after.sides.iter().enumerate() {
            if exempt(e) {
                continue;
            }
            assert!(
                sides.difference().abs() <= 2,
                "{n}/{seed} r{r}: {e} {:?}",
                sides.sides
            );
            assert!(
                !sides.sides.windows(3).any(|w| w[0] == w[1] && w[1] == w[2]),
                "{n}/{seed} r{r}: {e} has one side three times: {:?}",
                sides.sides
            );
        }
    }
    let table = standings::standings(n, &pairings).unwrap();
    let total: u32 = table.iter().map(|s| s.halves).sum();
    let games = pairings.iter().filter(|p| p.north.is_some()).count() as u32;
    let byes = pairings.len() as u32 - games;
    assert_eq!(total, 2 * games + 2 * byes, "every game gives one point");
}

#[test]
fn swiss_rules_hold_over_many_events() {
    for seed in 0..12u64 {
        for (n, rounds) in [
            (6, 3),
            (7, 4),
            (9, 5),
            (12, 6),
            (15, 7),
            (20, 9),
            (33, 9),
            (64, 9),
        ] {
            swiss_event(n, rounds, seed * 7919 + n as u64);
        }
    }
}

#[test]
fn swiss_first_round_pairs_top_half_against_bottom_half() {
    let round = swiss::pair(&field(8), &[], 1, 3).unwrap();
    let pairs: Vec<(usize, usize)> = round
        .iter()
        .map(|p| (p.south.min(p.north.unwrap()), p.south.max(p.north.unwrap())))
        .collect();
    assert_eq!(pairs, vec![(0, 4), (1, 5), (2, 6), (3, 7)]);
    // Sides alternate down the boards: the seed takes South on board 1.
    assert_eq!(round[0].south, 0);
    assert_eq!(round[1].south, 5);
    let _ = Side::South;
}

#[test]
fn withdrawn_players_are_not_paired() {
    let mut entrants = field(6);
    entrants[2].active = false;
    let round = swiss::pair(&entrants, &[], 1, 3).unwrap();
    assert!(round.iter().all(|p| !p.involves(2)));
    assert_eq!(round.iter().filter(|p| p.north.is_none()).count(), 1);
}
