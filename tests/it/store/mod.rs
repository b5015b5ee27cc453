//! The game store on temporary databases: opening and refusing files, migrations, the
//! one-game-per-place rule, compare-and-swap moves, correspondence duties, and replay checks.

mod files;

use std::path::Path;
use std::sync::{Arc, Barrier};

use bao_bot::ai::Level;
use bao_bot::rules::{Position, Side, Variant};
use bao_bot::store::*;
use rusqlite::Connection;

const T0: i64 = 1_800_000_000;

fn chan(channel: u64) -> Place {
    Place::Channel { guild: 7, channel }
}

fn human(id: u64) -> Player {
    Player::Human(UserId(id))
}

fn start_text() -> String {
    Position::start(Variant::Kiswahili).to_string()
}

fn new_game(place: Place) -> NewGame {
    NewGame {
        place,
        variant: Variant::Kiswahili,
        start_position: start_text(),
        south: human(1),
        north: human(2),
        time_per_move: None,
        now: T0,
        deadline: None,
    }
}

fn new_challenge(place: Place) -> NewChallenge {
    NewChallenge {
        place,
        variant: Variant::Kiswahili,
        start_position: start_text(),
        challenger: UserId(1),
        challenged: UserId(2),
        challenger_side: SideChoice::Random,
        time_per_move: Some(86_400),
        now: T0,
        expires_at: T0 + 86_400,
        rated: true,
        hints: false,
    }
}

/// Plays the `pick`-th legal move (modulo their number) for the side to move and records it.
fn play(store: &Store, game: &Game, pick: usize, now: i64) -> Result<Game, StoreError> {
    let pos: Position = game.position.parse().unwrap();
    let moves = pos.legal_moves();
    let mv = moves[pick % moves.len()];
    let (next, _) = pos.play(&mv).unwrap();
    let by = game.player(pos.turn()).unwrap().clone();
    let end = next.winner().map(|w| GameEnd {
        winner: Some(w),
        reason: ResultReason::from_rules(next.end_reason().unwrap()),
    });
    store.record_move(
        game.id,
        game.ply,
        &NewMove {
            text: &mv.to_string(),
            by: &by,
            position_after: &next.to_string(),
            now,
            deadline: game.time_per_move.map(|t| now + t),
            end,
        },
    )
}

fn temp_db() -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bao.db");
    (dir, path)
}

fn user_version(path: &Path) -> i64 {
    Connection::open(path)
        .unwrap()
        .pragma_query_value(None, "user_version", |r| r.get(0))
        .unwrap()
}

#[test]
fn one_pending_or_active_game_per_channel_and_per_dm() {
    let store = Store::open_in_memory().unwrap();
    let first = store.create_challenge(&new_challenge(chan(10))).unwrap();
    match store.create_challenge(&new_challenge(chan(10))) {
        Err(StoreError::PlaceTaken { existing, .. }) => assert_eq!(existing, first.id),
        other => panic!("expected PlaceTaken, got {other:?}"),
    }
    assert!(matches!(
        store.start_game(&new_game(chan(10))),
        Err(StoreError::PlaceTaken { .. })
    ));
    // A thread is its own channel, even in the same guild.
    store.start_game(&new_game(chan(11))).unwrap();

    // A DM holds one AI game per user.
    let dm = Place::Dm { user: 1 };
    let ai = NewGame {
        place: dm,
        north: Player::Ai { level: Level::Easy },
        ..new_game(dm)
    };
    store.start_game(&ai).unwrap();
    assert!(matches!(
        store.start_game(&ai),
        Err(StoreError::PlaceTaken { .. })
    ));
    store
        .start_game(&NewGame {
            place: Place::Dm { user: 2 },
            ..ai.clone()
        })
        .unwrap();

    // Once the challenge is declined the channel is free.
    let declined = store.decline_challenge(first.id, T0 + 5).unwrap();
    assert_eq!(declined.status, GameStatus::Aborted);
    assert_eq!(declined.reason, Some(ResultReason::Declined));
    assert_eq!(store.game_in(&chan(10)).unwrap(), None);
    store.start_game(&new_game(chan(10))).unwrap();

    // The index enforces the rule even for SQL that skips the store's own check.
    let conn_err = {
        let (_dir, path) = temp_db();
        let s = Store::open(&path).unwrap();
        s.start_game(&new_game(chan(3))).unwrap();
        drop(s);
        let conn = Connection::open(&path).unwrap();
        conn.execute(
            "INSERT INTO games (variant, rules_version, place_key, guild_id, channel_id, \
             south_user, north_user, status, start_position, position, created_at, updated_at) \
             VALUES ('kiswahili', 1, 'c:3', 7, 3, 1, 2, 'active', 'x', 'x', 0, 0)",
            [],
        )
        .unwrap_err()
    };
    assert!(conn_err.to_string().contains("UNIQUE"), "{conn_err}");
}

#[test]
fn a_challenge_is_accepted_played_and_finished() {
    let store = Store::open_in_memory().unwrap();
    let pending = store.create_challenge(&new_challenge(chan(1))).unwrap();
    assert_eq!(pending.status, GameStatus::Pending);
    assert_eq!(pending.south, None);
    assert_eq!(pending.ply, 0);
    assert_eq!(pending.position, start_text());
    let challenge = pending.challenge.clone().unwrap();
    assert_eq!(challenge.challenger, UserId(1));
    assert_eq!(challenge.challenged, UserId(2));
    assert_eq!(challenge.challenger_side, SideChoice::Random);
    // Both see it among their ongoing games before it is accepted.
    for u in [1, 2] {
        let mine = store.games_of(UserId(u), GameFilter::Ongoing, 10).unwrap();
        assert_eq!(mine.iter().map(|g| g.id).collect::<Vec<_>>(), [pending.id]);
    }
    assert!(store
        .games_of(UserId(3), GameFilter::All, 10)
        .unwrap()
        .is_empty());

    let game = store
        .accept_challenge(
            pending.id,
            &human(2),
            &human(1),
            T0 + 10,
            Some(T0 + 10 + 86_400),
        )
        .unwrap();
    assert_eq!(game.status, GameStatus::Active);
    assert_eq!(game.side_of(UserId(2)), Some(Side::South));
    assert_eq!(game.side_of(UserId(1)), Some(Side::North));
    assert_eq!(game.deadline, Some(T0 + 10 + 86_400));
    assert!(matches!(
        store.accept_challenge(pending.id, &human(2), &human(1), T0, None),
        Err(StoreError::WrongStatus { .. })
    ));

    let mut g = game;
    for i in 0..6 {
        g = play(&store, &g, i, T0 + 100 + i as i64).unwrap();
    }
    assert_eq!(g.ply, 6);
    assert_eq!(g.last_move_at, Some(T0 + 105));
    assert_eq!(g.deadline, Some(T0 + 105 + 86_400));
    let moves = store.moves(g.id).unwrap();
    assert_eq!(moves.len(), 6);
    assert_eq!(
        moves.iter().map(|m| m.ply).collect::<Vec<_>>(),
        [1, 2, 3, 4, 5, 6]
    );
    assert_eq!(moves[0].by, human(2));
    assert_eq!(moves[1].by, human(1));
    assert_eq!(moves[5].position_after, g.position);
    assert_eq!(store.last_move(g.id).unwrap().as_ref(), moves.last());
    assert_eq!(store.last_move(pending.id).unwrap().map(|m| m.ply), Some(6));
    assert_eq!(store.game_in(&chan(1)).unwrap(), Some(g.clone()));

    // A stranger cannot move; a stale ply is refused with the current game.
    let stranger = human(9);
    let err = store
        .record_move(
            g.id,
            g.ply,
            &NewMove {
                text: "A1 left",
                by: &stranger,
                position_after: &g.position,
                now: T0 + 200,
                deadline: None,
                end: None,
            },
        )
        .unwrap_err();
    assert!(matches!(err, StoreError::NotAPlayer { .. }), "{err:?}");
    let stale = Game {
        ply: 5,
        ..g.clone()
    };
    match play(&store, &stale, 0, T0 + 200) {
        Err(StoreError::BoardChanged { current }) => assert_eq!(*current, g),
        other => panic!("expected BoardChanged, got {other:?}"),
    }

    // Draw offer: a move withdraws it; accepted, it finishes the game as a draw.
    let offered = store.offer_draw(g.id, Side::North, T0 + 300).unwrap();
    assert_eq!(offered.draw_offered_by, Some(Side::North));
    let moved = play(&store, &offered, 1, T0 + 301).unwrap();
    assert_eq!(moved.draw_offered_by, None);
    store.offer_draw(g.id, Side::South, T0 + 302).unwrap();
    assert_eq!(
        store
            .clear_draw_offer(g.id, T0 + 303)
            .unwrap()
            .draw_offered_by,
        None
    );
    let done = store
        .finish_game(
            g.id,
            moved.ply,
            GameEnd {
                winner: None,
                reason: ResultReason::AgreedDraw,
            },
            T0 + 400,
        )
        .unwrap();
    assert_eq!(done.status, GameStatus::Finished);
    assert_eq!(done.reason, Some(ResultReason::AgreedDraw));
    assert_eq!(done.next_due_at, None);
    assert!(matches!(
        play(&store, &done, 0, T0 + 500),
        Err(StoreError::WrongStatus { .. })
    ));
    assert_eq!(store.game_in(&chan(1)).unwrap(), None);
    assert_eq!(
        store.games_of(UserId(1), GameFilter::Ended, 10).unwrap()[0].id,
        g.id
    );
    assert!(store
        .games_of(UserId(1), GameFilter::Ongoing, 10)
        .unwrap()
        .is_empty());
    assert_eq!(store.games_in(&chan(1), 5).unwrap().len(), 1);
    assert!(store.check_replays().unwrap().is_empty());
}

#[test]
fn a_move_that_ends_the_game_finishes_it_in_the_same_transaction() {
    let store = Store::open_in_memory().unwrap();
    let mut g = store.start_game(&new_game(chan(1))).unwrap();
    let mut n = 0;
    while g.status == GameStatus::Active {
        g = play(&store, &g, n * 7 + 3, T0 + n as i64).unwrap();
        n += 1;
        assert!(n < 5000, "the game did not end");
    }
    assert_eq!(g.status, GameStatus::Finished);
    assert!(g.winner.is_some());
    assert!(g.reason.is_some());
    assert_eq!(g.deadline, None);
    assert_eq!(store.moves(g.id).unwrap().len() as u32, g.ply);
    assert!(store.check_replays().unwrap().is_empty());
}

#[test]
fn two_writers_racing_at_the_same_ply_store_exactly_one_move() {
    let (_dir, path) = temp_db();
    let setup = Store::open(&path).unwrap();
    let game = setup.start_game(&new_game(chan(1))).unwrap();
    let game = play(&setup, &game, 0, T0).unwrap();
    drop(setup);

    for round in 0..20 {
        // Two connections (as two processes would have), and one shared store.
        let stores = [
            Arc::new(Store::open(&path).unwrap()),
            Arc::new(Store::open(&path).unwrap()),
        ];
        let shared = Arc::new(Store::open(&path).unwrap());
        let current = stores[0].game(game.id).unwrap().unwrap();
        let barrier = Arc::new(Barrier::new(4));
        let handles: Vec<_> = [
            stores[0].clone(),
            stores[1].clone(),
            shared.clone(),
            shared.clone(),
        ]
        .into_iter()
        .enumerate()
        .map(|(i, store)| {
            let (current, barrier) = (current.clone(), barrier.clone());
            std::thread::spawn(move || {
                barrier.wait();
                play(&store, &current, i + round, T0 + 1000 + round as i64)
            })
        })
        .collect();
        let results: Vec<_> = handles.into_iter().map(|h| h.join().unwrap()).collect();
        let winners: Vec<&Game> = results.iter().filter_map(|r| r.as_ref().ok()).collect();
        assert_eq!(winners.len(), 1, "round {round}: {results:?}");
        for r in &results {
            if let Err(e) = r {
                match e {
                    StoreError::BoardChanged { current: now } => {
                        assert_eq!(**now, *winners[0], "round {round}")
                    }
                    other => panic!("round {round}: unexpected {other:?}"),
                }
            }
        }
        let after = shared.game(game.id).unwrap().unwrap();
        assert_eq!(after.ply, current.ply + 1);
        assert_eq!(store_moves_len(&shared, game.id), after.ply as usize);
        if after.status != GameStatus::Active {
            break;
        }
    }
    assert!(Store::open(&path)
        .unwrap()
        .check_replays()
        .unwrap()
        .is_empty());
}

fn store_moves_len(store: &Store, game: GameId) -> usize {
    store.moves(game).unwrap().len()
}

#[test]
fn challenges_expire_once_and_free_their_place() {
    let store = Store::open_in_memory().unwrap();
    let a = store.create_challenge(&new_challenge(chan(1))).unwrap();
    let b = store
        .create_challenge(&NewChallenge {
            expires_at: T0 + 100,
            ..new_challenge(chan(2))
        })
        .unwrap();
    assert_eq!(store.next_due_at().unwrap(), Some(T0 + 100));
    assert!(store.expire_challenges(T0 + 99).unwrap().is_empty());
    let expired = store.expire_challenges(T0 + 100).unwrap();
    assert_eq!(expired.iter().map(|g| g.id).collect::<Vec<_>>(), [b.id]);
    assert_eq!(expired[0].reason, Some(ResultReason::Expired));
    assert!(store.expire_challenges(T0 + 100).unwrap().is_empty());
    assert_eq!(store.game_in(&chan(2)).unwrap(), None);
    assert_eq!(store.game_in(&chan(1)).unwrap().unwrap().id, a.id);
    assert_eq!(store.next_due_at().unwrap(), Some(T0 + 86_400));
}

#[test]
fn duties_fall_due_in_order_survive_a_reopen_and_reset_on_a_move() {
    let (_dir, path) = temp_db();
    let day = 86_400;
    let store = Store::open(&path).unwrap();
    let g = store
        .start_game(&NewGame {
            time_per_move: Some(day),
            deadline: Some(T0 + day),
            ..new_game(chan(1))
        })
        .unwrap();
    assert_eq!(g.next_due_at, Some(T0 + day / 2));
    assert!(store.games_due(T0 + day / 2 - 1).unwrap().is_empty());
    let due = store.games_due(T0 + day / 2).unwrap();
    assert_eq!(due.len(), 1);
    assert_eq!(due[0].duties_due(T0 + day / 2), [Duty::HalfTime]);
    let g = store
        .mark_duty_done(g.id, 0, Duty::HalfTime, true, T0 + day / 2)
        .unwrap();
    // The last-call reminder: an hour before the deadline (a tenth of a day is more).
    assert_eq!(g.next_due_at, Some(T0 + day - 3600));
    assert_eq!(g.reminders_sent_today(T0 + day / 2), 1);
    drop(store);

    // Restart: nothing lost, nothing repeated.
    let store = Store::open(&path).unwrap();
    assert!(store.games_due(T0 + day - 3601).unwrap().is_empty());
    let g = store.game(g.id).unwrap().unwrap();
    assert!(g.duty_done(Duty::HalfTime));
    assert_eq!(g.duties_due(T0 + day), [Duty::LastCall, Duty::Overdue]);
    let g = store
        .mark_duty_done(g.id, 0, Duty::LastCall, false, T0 + day)
        .unwrap();
    let g = store
        .mark_duty_done(g.id, 0, Duty::Overdue, true, T0 + day)
        .unwrap();
    assert_eq!(g.next_due_at, Some(T0 + 2 * day));
    assert_eq!(g.duties_due(T0 + 2 * day), [Duty::Abandon]);
    // A duty for a board that has moved on is refused.
    let moved = play(&store, &g, 0, T0 + day + 5).unwrap();
    assert!(matches!(
        store.mark_duty_done(g.id, 0, Duty::Abandon, false, T0 + 2 * day),
        Err(StoreError::BoardChanged { .. })
    ));
    assert_eq!(moved.duties_done, 0);
    assert_eq!(moved.deadline, Some(T0 + 2 * day + 5));
    assert_eq!(moved.next_due_at, Some(T0 + day + 5 + day / 2));
    // The day's count: one on the first day (T0 + day is the next day or the same,
    // depending on T0; count only what the stored day says).
    assert!(moved.reminders_sent_today(T0 + day) >= 1);
    assert_eq!(moved.reminders_sent_today(T0 + 10 * day), 0);

    // A timeout claim ends it; nothing is due any more.
    let done = store
        .finish_game(
            g.id,
            moved.ply,
            GameEnd {
                winner: Some(Side::South),
                reason: ResultReason::Timeout,
            },
            T0 + 3 * day,
        )
        .unwrap();
    assert_eq!(done.next_due_at, None);
    assert!(store.games_due(T0 + 100 * day).unwrap().is_empty());
    assert_eq!(store.next_due_at().unwrap(), None);
}

#[test]
fn board_message_and_abort() {
    let store = Store::open_in_memory().unwrap();
    let g = store.start_game(&new_game(chan(1))).unwrap();
    assert_eq!(store.last_move(g.id).unwrap(), None);
    store.set_board_message(g.id, Some(u64::MAX - 5)).unwrap();
    assert_eq!(
        store.game(g.id).unwrap().unwrap().board_message,
        Some(u64::MAX - 5)
    );
    assert!(matches!(
        store.set_board_message(GameId(999), None),
        Err(StoreError::NoSuchGame(_))
    ));
    let g = play(&store, &g, 0, T0 + 1).unwrap();
    assert!(matches!(
        store.abort_game(g.id, 0, T0 + 2),
        Err(StoreError::BoardChanged { .. })
    ));
    let aborted = store.abort_game(g.id, 1, T0 + 2).unwrap();
    assert_eq!(aborted.status, GameStatus::Aborted);
    assert_eq!(aborted.reason, Some(ResultReason::Abort));
    assert_eq!(aborted.winner, None);
}

#[test]
fn player_records_keep_flags_across_name_changes() {
    let store = Store::open_in_memory().unwrap();
    let big = UserId(1_234_567_890_123_456_789);
    assert_eq!(store.player(big).unwrap(), None);
    let p = store.upsert_player(big, "Asha", T0).unwrap();
    assert_eq!(p.notify, Notify::Mention);
    assert!(!p.dm_failed);
    store.set_notify(big, Notify::Dm, T0 + 1).unwrap();
    store.set_dm_failed(big, true, T0 + 2).unwrap();
    let p = store.upsert_player(big, "Asha K.", T0 + 3).unwrap();
    assert_eq!(p.user, big);
    assert_eq!(p.display_name, "Asha K.");
    assert_eq!(p.notify, Notify::Dm);
    assert!(p.dm_failed);
    store.set_notify(UserId(5), Notify::Off, T0).unwrap();
    assert_eq!(
        store.player(UserId(5)).unwrap().unwrap().notify,
        Notify::Off
    );
}

#[test]
fn db_check_reports_a_game_whose_replay_does_not_match() {
    let (_dir, path) = temp_db();
    let store = Store::open(&path).unwrap();
    let mut good = store.start_game(&new_game(chan(1))).unwrap();
    let mut bad = store.start_game(&new_game(chan(2))).unwrap();
    for i in 0..4 {
        good = play(&store, &good, i, T0).unwrap();
        bad = play(&store, &bad, i, T0).unwrap();
    }
    assert!(store.check_replays().unwrap().is_empty());
    assert!(store.check_integrity().unwrap().is_empty());
    drop(store);
    let conn = Connection::open(&path).unwrap();
    let other = Position::start(Variant::Kujifunza).to_string();
    conn.execute(
        "UPDATE moves SET position_after = ?1 WHERE game_id = ?2 AND ply = 3",
        rusqlite::params![other, bad.id.0],
    )
    .unwrap();
    drop(conn);
    let problems = Store::open(&path).unwrap().check_replays().unwrap();
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert_eq!(problems[0].game, bad.id);
    assert_eq!(problems[0].ply, 3);
}

#[test]
fn takeback_requests_one_open_a_game_lapsing_with_the_move_and_answered_once() {
    let store = Store::open_in_memory().unwrap();
    let g = store
        .start_game(&NewGame {
            time_per_move: Some(3600),
            deadline: Some(T0 + 3600),
            ..new_game(chan(1))
        })
        .unwrap();
    let g = play(&store, &g, 0, T0 + 10).unwrap();
    let g = play(&store, &g, 0, T0 + 20).unwrap();
    let before = g.clone();
    let g = play(&store, &g, 0, T0 + 30).unwrap();
    let mv = store.last_move(g.id).unwrap().unwrap().text;

    // One open request a game; a stale ply is refused.
    let r = store
        .request_takeback(g.id, 3, &mv, UserId(1), T0 + 40)
        .unwrap();
    assert_eq!((r.ply, r.outcome), (3, RequestOutcome::Open));
    assert!(matches!(
        store.request_takeback(g.id, 3, &mv, UserId(1), T0 + 41),
        Err(StoreError::RequestOpen { request, .. }) if request == r.id
    ));
    assert!(matches!(
        store.request_takeback(g.id, 2, &mv, UserId(1), T0 + 41),
        Err(StoreError::BoardChanged { .. })
    ));

    // Accepted once: one ply back, a fresh deadline, kept with who asked.
    let back = store.answer_takeback(g.id, r.id, true, T0 + 50).unwrap();
    assert_eq!((back.ply, &back.position), (2, &before.position));
    assert_eq!(back.deadline, Some(T0 + 50 + 3600));
    assert!(matches!(
        store.answer_takeback(g.id, r.id, true, T0 + 51),
        Err(StoreError::RequestNotOpen { .. })
    ));
    let t = store.takebacks(g.id).unwrap();
    assert_eq!(t.len(), 1);
    assert_eq!(
        (t[0].to_ply, &t[0].moves, t[0].asked_by),
        (2, &vec![mv], Some(UserId(1)))
    );
    assert!(store.check_replays().unwrap().is_empty());

    // A request lapses in the transaction of the next move; answering it then fails.
    let g = play(&store, &back, 0, T0 + 60).unwrap();
    let mv = store.last_move(g.id).unwrap().unwrap().text;
    let r2 = store
        .request_takeback(g.id, 3, &mv, UserId(1), T0 + 70)
        .unwrap();
    let g = play(&store, &g, 0, T0 + 80).unwrap();
    assert_eq!(
        store.takeback_request(r2.id).unwrap().unwrap().outcome,
        RequestOutcome::Lapsed
    );
    assert!(matches!(
        store.answer_takeback(g.id, r2.id, false, T0 + 90),
        Err(StoreError::RequestNotOpen { .. })
    ));
    assert_eq!(store.game(g.id).unwrap().unwrap().ply, 4);
    let outcomes: Vec<_> = store
        .takeback_requests(g.id)
        .unwrap()
        .iter()
        .map(|r| r.outcome)
        .collect();
    assert_eq!(outcomes, [RequestOutcome::Accepted, RequestOutcome::Lapsed]);
    assert!(!store.hints_agreed(g.id).unwrap(), "no challenge, no hints");
}
