//! The Dutch system against a reference: every round of the events in `tests/data/dutch/`
//! was paired by bbpPairings (a FIDE-endorsed engine), results drawn from the ratings
//! (`bao-bot tournament reference --record tests/data/dutch --events 24 --seed 39
//! --players 9-60 --rounds 5-9`). Each round is paired again here from the rounds before
//! it and must come out the same: the same pairs, the same sides, the same bye.

use std::collections::BTreeSet;
use std::path::Path;

use bao_bot::tournament::{swiss, trf, Pairing};

/// A round as a set of `(south, north)` (`None`: the bye).
fn round_of(pairings: &[Pairing], round: u32) -> BTreeSet<(usize, Option<usize>)> {
    pairings
        .iter()
        .filter(|p| p.round == round)
        .map(|p| (p.south, p.north))
        .collect()
}

#[test]
fn rounds_are_paired_as_the_reference_engine_paired_them() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/dutch");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/data/dutch")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "trf"))
        .collect();
    files.sort();
    assert!(files.len() >= 20, "the reference events are missing");
    let (mut rounds, mut events) = (0, 0);
    for file in &files {
        let text = std::fs::read_to_string(file).expect("readable");
        let event = trf::read(&text).expect("a TRF report");
        let last = event.pairings.iter().map(|p| p.round).max().unwrap_or(0);
        assert_eq!(
            last,
            event.rounds,
            "{}: every round recorded",
            file.display()
        );
        for round in 1..=last {
            let before: Vec<Pairing> = event
                .pairings
                .iter()
                .filter(|p| p.round < round)
                .copied()
                .collect();
            let ours = swiss::pair(&event.entrants, &before, round, event.rounds)
                .unwrap_or_else(|e| panic!("{} round {round}: {e}", file.display()));
            assert_eq!(
                round_of(&ours, round),
                round_of(&event.pairings, round),
                "{} round {round}",
                file.display()
            );
            rounds += 1;
        }
        events += 1;
    }
    assert!(
        events >= 20 && rounds >= 100,
        "{events} events, {rounds} rounds"
    );
}

#[test]
fn a_round_that_cannot_be_paired_says_what_blocks_it() {
    // Four players, three rounds played as a round robin: a fourth round would repeat a
    // game whatever the pairing.
    let entrants: Vec<bao_bot::tournament::Entrant> = (0..4)
        .map(|i| bao_bot::tournament::Entrant {
            name: format!("p{i}"),
            rating: 1500.0 - i as f64,
            active: true,
        })
        .collect();
    let mut pairings = Vec::new();
    for (round, pairs) in [[(0, 1), (2, 3)], [(2, 0), (3, 1)], [(0, 3), (1, 2)]]
        .iter()
        .enumerate()
    {
        for (board, &(s, n)) in pairs.iter().enumerate() {
            pairings.push(Pairing {
                round: round as u32 + 1,
                board: board as u32 + 1,
                south: s,
                north: Some(n),
                outcome: Some(bao_bot::tournament::Outcome::Draw),
            });
        }
    }
    let err = swiss::pair(&entrants, &pairings, 4, 5).unwrap_err();
    let text = err.to_string();
    assert!(text.contains("round 4 cannot be paired"), "{text}");
    assert!(text.contains("p0") && text.contains("rematch"), "{text}");
}
