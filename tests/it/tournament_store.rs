//! Tournaments through the store: results reach boards in the game-ending transaction,
//! rounds pair once, withdrawals forfeit round-robin games, simulations run to the end,
//! and a writer killed at any point neither loses nor doubles a pairing, game or point.

use std::collections::HashSet;
use std::io::{BufRead, BufReader, Write};

use crate::support::child;

use bao_bot::rules::{Position, Side, Variant};
use bao_bot::store::*;
use bao_bot::tournament::simulate::{simulate, Plan};
use bao_bot::tournament::{Format, Outcome};

const CHILD_ENV: &str = "BAO_TOURNAMENT_CRASH_CHILD";
const T0: i64 = 1_800_000_000;

fn new_event(format: Format) -> NewEvent {
    NewEvent {
        name: "Test Open".into(),
        guild: 1,
        channel: 2,
        creator: UserId(1),
        variant: Variant::Kiswahili,
        start_position: Position::start(Variant::Kiswahili).to_string(),
        format,
        time_per_move: Some(86_400),
        round_time: None,
        rated: true,
        signup_closes_at: None,
        max_players: None,
        now: T0,
    }
}

fn event_with(store: &Store, format: Format, players: u64) -> Event {
    let e = store.create_event(&new_event(format)).unwrap();
    for u in 0..players {
        let joined = store
            .join_event(
                e.id,
                UserId(10 + u),
                &format!("p{u}"),
                1500.0 + u as f64,
                T0,
            )
            .unwrap();
        assert_eq!(joined, JoinOutcome::Joined(u as u32 + 1));
    }
    e
}

/// Ends every unfinished game of the current round, South winning.
fn finish_round(store: &Store, id: EventId, now: i64) -> usize {
    let games = store.event_games_unfinished(id).unwrap();
    for g in &games {
        store
            .finish_game(
                g.id,
                g.ply,
                GameEnd {
                    winner: Some(Side::South),
                    reason: ResultReason::Resignation,
                },
                now,
            )
            .unwrap();
    }
    games.len()
}

#[test]
fn results_reach_the_boards_once_and_rounds_pair_once() {
    let store = Store::open_in_memory().unwrap();
    let e = event_with(&store, Format::Swiss { rounds: 3 }, 5);
    assert_eq!(
        store
            .join_event(e.id, UserId(10), "p0", 1500.0, T0)
            .unwrap(),
        JoinOutcome::AlreadyIn
    );
    let RoundOutcome::Paired { round: 1, boards } = store.start_event(e.id, T0).unwrap() else {
        panic!("round 1 not paired");
    };
    assert_eq!(boards.len(), 3, "two games and a bye");
    assert_eq!(boards[2].pairing.outcome, Some(Outcome::Bye));
    // Starting again, or asking for the next round, pairs nothing while games go on.
    assert!(matches!(
        store.start_event(e.id, T0).unwrap(),
        RoundOutcome::Waiting {
            round: 1,
            unfinished: 2
        }
    ));
    assert!(matches!(
        store
            .join_event(e.id, UserId(99), "late", 1500.0, T0)
            .unwrap(),
        JoinOutcome::Closed(EventStatus::Running)
    ));
    assert_eq!(finish_round(&store, e.id, T0 + 60), 2);
    let boards = store.event_boards(e.id).unwrap();
    assert!(boards.iter().all(|b| b.pairing.outcome.is_some()));
    assert_eq!(boards[0].pairing.outcome, Some(Outcome::SouthWins));
    // The game knows its board.
    let g = boards[0].game.unwrap();
    assert_eq!(store.board_of_game(g).unwrap(), Some((e.id, 1, 1)));
    for r in 2..=3 {
        assert!(matches!(
            store.next_round(e.id, T0 + 100 * r).unwrap(),
            RoundOutcome::Paired { round, .. } if round == r as u32
        ));
        finish_round(&store, e.id, T0 + 100 * r + 1);
    }
    assert_eq!(
        store.next_round(e.id, T0 + 999).unwrap(),
        RoundOutcome::Finished
    );
    assert_eq!(
        store.event(e.id).unwrap().unwrap().status,
        EventStatus::Finished
    );
    let boards = store.event_boards(e.id).unwrap();
    assert_eq!(
        boards
            .iter()
            .filter(|b| b.pairing.outcome == Some(Outcome::Bye))
            .count(),
        3
    );
}

#[test]
fn a_withdrawn_player_forfeits_the_round_robin_games_left() {
    let store = Store::open_in_memory().unwrap();
    let e = event_with(&store, Format::RoundRobin, 4);
    store.start_event(e.id, T0).unwrap();
    finish_round(&store, e.id, T0 + 1);
    // p3 (the lowest seed) withdraws after round 1.
    assert!(store.leave_started_event(e.id, UserId(13), T0 + 2).unwrap());
    for r in 2..=3 {
        let RoundOutcome::Paired { boards, .. } = store.next_round(e.id, T0 + 10 * r).unwrap()
        else {
            panic!("round {r}");
        };
        let forfeit = boards
            .iter()
            .find(|b| b.south == UserId(13) || b.north == Some(UserId(13)))
            .unwrap();
        assert!(forfeit.game.is_none());
        assert!(matches!(
            forfeit.pairing.outcome,
            Some(Outcome::SouthByForfeit | Outcome::NorthByForfeit)
        ));
        finish_round(&store, e.id, T0 + 10 * r + 1);
    }
    assert_eq!(
        store.next_round(e.id, T0 + 99).unwrap(),
        RoundOutcome::Finished
    );
}

#[test]
fn simulations_run_to_the_end_and_export_as_trf() {
    for (format, players) in [
        (Format::Swiss { rounds: 5 }, 11),
        (Format::RoundRobin, 7),
        (Format::DoubleRoundRobin, 4),
    ] {
        let sim = simulate(Plan {
            players,
            format,
            seed: 3,
        })
        .unwrap();
        let rounds = format.rounds(players) as usize;
        let boards_per_round = players.div_ceil(2);
        assert_eq!(sim.rounds.len(), rounds * boards_per_round, "{format:?}");
        assert_eq!(sim.standings.len(), players);
        let lines = sim.standing_lines();
        assert_eq!(lines.len(), players + 1);
        assert!(lines[1].starts_with("1 "));
        let event = sim.store.event(sim.event).unwrap().unwrap();
        assert_eq!(event.status, EventStatus::Finished);
    }
    // The final crosstables of a round robin of 8 and a Swiss of 30, drawn (written to
    // $BAO_CROSSTABLE_DIR to be looked at).
    for (name, players, format) in [
        ("crosstable-8.png", 8, Format::RoundRobin),
        ("crosstable-30.png", 30, Format::Swiss { rounds: 6 }),
    ] {
        let sim = simulate(Plan {
            players,
            format,
            seed: 5,
        })
        .unwrap();
        let boards = sim.store.event_boards(sim.event).unwrap();
        let entrants = entrants_of(&sim.store.event_players(sim.event).unwrap());
        let pairings: Vec<_> = boards.iter().map(|b| b.pairing).collect();
        let table = bao_bot::tournament::crosstable::crosstable(
            "Crosstable",
            format,
            &entrants,
            &pairings,
            &sim.standings,
        );
        assert_eq!(table.rows.len(), players);
        let png = bao_bot::render::table_png(&table);
        assert_eq!(&png[1..4], b"PNG");
        if let Some(dir) = std::env::var_os("BAO_CROSSTABLE_DIR") {
            std::fs::write(std::path::Path::new(&dir).join(name), &png).unwrap();
        }
    }
    // Same seed, same event.
    let a = simulate(Plan {
        players: 9,
        format: Format::Swiss { rounds: 4 },
        seed: 8,
    })
    .unwrap();
    let b = simulate(Plan {
        players: 9,
        format: Format::Swiss { rounds: 4 },
        seed: 8,
    })
    .unwrap();
    assert_eq!(a.rounds, b.rounds);
}

/// The child: plays events forever in the file, printing `paired E R` after each round is
/// paired and `finished G` after each game ends.
fn child_writer() -> ! {
    let path = std::env::var(CHILD_ENV).expect("run by the crash test only");
    let store = Store::open(&path).unwrap();
    let mut out = std::io::stdout().lock();
    let mut now = T0;
    loop {
        now += 1;
        let live = store.live_events().unwrap();
        let id = match live.first() {
            Some(e) => e.id,
            None => event_with(&store, Format::Swiss { rounds: 4 }, 9).id,
        };
        let outcome = store.start_event(id, now).unwrap();
        if let RoundOutcome::Paired { round, .. } = outcome {
            writeln!(out, "paired {} {round}", id.0).unwrap();
        }
        for g in store.event_games_unfinished(id).unwrap() {
            now += 1;
            let winner = [Some(Side::South), Some(Side::North), None][(g.id.0 % 3) as usize];
            store
                .finish_game(
                    g.id,
                    g.ply,
                    GameEnd {
                        winner,
                        reason: ResultReason::Resignation,
                    },
                    now,
                )
                .unwrap();
            writeln!(out, "finished {}", g.id.0).unwrap();
            out.flush().unwrap();
        }
    }
}

/// What a database's events must always show, whenever the writer was killed.
fn check_events(store: &Store) {
    for id in 1.. {
        let Some(event) = store.event(EventId(id)).unwrap() else {
            break;
        };
        let players = store.event_players(event.id).unwrap().len();
        let boards = store.event_boards(event.id).unwrap();
        for r in 1..=event.rounds_paired {
            let round: Vec<&Board> = boards.iter().filter(|b| b.pairing.round == r).collect();
            assert_eq!(
                round.len(),
                players.div_ceil(2),
                "event {id} round {r}: boards lost or doubled"
            );
            let mut seen = HashSet::new();
            for b in &round {
                assert!(seen.insert(b.south));
                if let Some(n) = b.north {
                    assert!(seen.insert(n));
                    let g = store.game(b.game.unwrap()).unwrap().unwrap();
                    // A board has a result exactly when its game has ended, and the same one.
                    assert_eq!(
                        b.pairing.outcome.is_some(),
                        !g.status.is_ongoing(),
                        "game {}",
                        g.id
                    );
                    if let Some(o) = b.pairing.outcome {
                        assert_eq!(o, Outcome::of_winner(g.winner));
                    }
                }
            }
            assert_eq!(seen.len(), players);
        }
        let games_of_event = boards.iter().filter(|b| b.game.is_some()).count();
        let distinct: HashSet<_> = boards.iter().filter_map(|b| b.game).collect();
        assert_eq!(games_of_event, distinct.len(), "a game on two boards");
    }
}

#[test]
fn a_killed_writer_neither_loses_nor_doubles_a_pairing_game_or_point() {
    if std::env::var_os(CHILD_ENV).is_some() {
        child_writer();
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("events.db");
    let mut finished: HashSet<i64> = HashSet::new();
    for round in 0..4 {
        let mut child = child::spawn_writer(
            "tournament_store::a_killed_writer_neither_loses_nor_doubles_a_pairing_game_or_point",
            CHILD_ENV,
            &path,
        );
        let stdout = child.stdout.take().unwrap();
        let mut seen = 0;
        for line in BufReader::new(stdout).lines() {
            let line = line.unwrap();
            if let Some(g) = line.strip_prefix("finished ") {
                finished.insert(g.parse().unwrap());
            }
            seen += 1;
            // Kill at a different point each time: mid-round and right after a pairing.
            if seen == 37 + 23 * round {
                child.kill().unwrap();
                break;
            }
        }
        child.wait().unwrap();
        let store = Store::open(&path).unwrap();
        check_events(&store);
        // Every game the child was told had ended is ended, with its board's result.
        for g in &finished {
            let game = store.game(GameId(*g)).unwrap().unwrap();
            assert!(
                !game.status.is_ongoing(),
                "game {g} was finished but is not"
            );
        }
    }
    // After the last kill the event goes on to its end.
    let store = Store::open(&path).unwrap();
    let id = store.live_events().unwrap()[0].id;
    let mut now = T0 + 1_000_000;
    loop {
        now += 1;
        match store.start_event(id, now).unwrap() {
            RoundOutcome::Finished => break,
            _ => {
                finish_round(&store, id, now);
            }
        }
    }
    check_events(&store);
}
