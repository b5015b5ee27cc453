//! Issue 52's tests: the player summaries against the games after every kind of ending, the
//! listed commands' query plans (no walk through the games or moves), the migration of a
//! database from before the summaries, and `db check` finding (and repairing) a summary
//! that disagrees with the games.

use rusqlite::Connection;

use super::*;
use crate::rules::{Position, Side, Variant};
use crate::tournament::Format;

const T0: i64 = 1_800_000_000;
const ASHA: UserId = UserId(10);
const BARAKA: UserId = UserId(20);
const CHIKU: UserId = UserId(30);

fn temp_store() -> (tempfile::TempDir, Store) {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path().join("bao.db")).unwrap();
    (dir, store)
}

fn chan(n: u64) -> Place {
    Place::Channel {
        guild: 1,
        channel: n,
    }
}

/// A game between `south` and `north` in channel `n` (rated through a challenge when
/// `rated`), started at `now`.
fn game(store: &Store, n: u64, south: UserId, north: UserId, rated: bool, now: i64) -> Game {
    let pending = store
        .create_challenge(&NewChallenge {
            place: chan(n),
            variant: Variant::Kiswahili,
            start_position: Position::start(Variant::Kiswahili).to_string(),
            challenger: south,
            challenged: north,
            challenger_side: SideChoice::South,
            time_per_move: Some(DAY),
            now,
            expires_at: now + DAY,
            rated,
            hints: false,
        })
        .unwrap();
    store
        .accept_challenge(
            pending.id,
            &Player::Human(north),
            &Player::Human(south),
            now,
            Some(now + DAY),
        )
        .unwrap()
}

/// Plays the first legal move of `g` (ending the game as `end` says, if given).
fn one_move(store: &Store, g: &Game, now: i64, end: Option<GameEnd>) -> Game {
    let pos: Position = g.position.parse().unwrap();
    let mv = pos.legal_moves()[0];
    let (next, _) = pos.play(&mv).unwrap();
    let by = g.player(pos.turn()).unwrap().clone();
    store
        .record_move(
            g.id,
            g.ply,
            &NewMove {
                text: &mv.to_string(),
                by: &by,
                position_after: &next.to_string(),
                now,
                deadline: Some(now + DAY),
                end,
            },
        )
        .unwrap()
}

fn finish(store: &Store, g: &Game, winner: Option<Side>, reason: ResultReason, now: i64) {
    store
        .finish_game(g.id, g.ply, GameEnd { winner, reason }, now)
        .unwrap();
}

/// Games ending in every way the store knows: rules, resignation, timeout, abandonment,
/// agreed draw (rated and casual), against the AI, on a live clock that ran out, after a
/// takeback, a tournament game, an aborted game (not counted), and two that end in the
/// same second in the order of their ids reversed.
fn play_every_ending(store: &Store) {
    let clock = std::cell::Cell::new(T0);
    let tick = || {
        clock.set(clock.get() + 10);
        clock.get()
    };
    // Rules ending (a move that ends the game), rated.
    let g = game(store, 1, ASHA, BARAKA, true, tick());
    let end = GameEnd {
        winner: Some(Side::South),
        reason: ResultReason::FrontRowEmptied,
    };
    one_move(store, &g, tick(), Some(end));
    // Resignation, casual; timeout and abandonment (correspondence); agreed draw.
    let g = game(store, 2, BARAKA, ASHA, false, tick());
    let g = one_move(store, &g, tick(), None);
    finish(
        store,
        &g,
        Some(Side::North),
        ResultReason::Resignation,
        tick(),
    );
    let g = game(store, 3, ASHA, CHIKU, true, tick());
    finish(store, &g, Some(Side::South), ResultReason::Timeout, tick());
    let g = game(store, 4, CHIKU, ASHA, true, tick());
    finish(store, &g, None, ResultReason::Abandoned, tick());
    let g = game(store, 5, ASHA, BARAKA, false, tick());
    finish(store, &g, None, ResultReason::AgreedDraw, tick());
    // Against the AI, both sides.
    for (n, level) in [(6u64, "easy"), (7, "medium")] {
        let ai = Player::Ai {
            level: level.parse().unwrap(),
        };
        let (south, north) = if n == 6 {
            (Player::Human(ASHA), ai)
        } else {
            (ai, Player::Human(ASHA))
        };
        let now = tick();
        let g = store
            .start_game(&NewGame {
                place: chan(n),
                variant: Variant::Kiswahili,
                start_position: Position::start(Variant::Kiswahili).to_string(),
                south,
                north,
                time_per_move: None,
                now,
                deadline: None,
            })
            .unwrap();
        finish(
            store,
            &g,
            Some(Side::South),
            ResultReason::Resignation,
            tick(),
        );
    }
    // A live clock that runs out.
    let now = tick();
    let control = TimeControl {
        base_ms: 60_000,
        increment_ms: 0,
        cap_ms: None,
    };
    let g = store
        .start_clocked_game(
            &NewGame {
                place: chan(8),
                variant: Variant::Kiswahili,
                start_position: Position::start(Variant::Kiswahili).to_string(),
                south: Player::Human(ASHA),
                north: Player::Human(BARAKA),
                time_per_move: None,
                now,
                deadline: None,
            },
            control,
            now * 1000,
        )
        .unwrap();
    let g = one_move(store, &g, now + 1, None);
    let g = one_move(store, &g, now + 2, None);
    let events = store.settle_clocks((now + 3_600) * 1000).unwrap();
    assert!(!events.is_empty(), "the clock should have run out");
    assert_eq!(
        store.game(g.id).unwrap().unwrap().status,
        GameStatus::Finished
    );
    clock.set(now + 3_600);
    // A takeback, then a resignation.
    let g = game(store, 9, BARAKA, ASHA, true, tick());
    let g = one_move(store, &g, tick(), None);
    let g = one_move(store, &g, tick(), None);
    let g = store.take_back(g.id, g.ply, 1, Some(ASHA), tick()).unwrap();
    finish(
        store,
        &g,
        Some(Side::South),
        ResultReason::Resignation,
        tick(),
    );
    // An aborted game and a declined challenge: not counted.
    let g = game(store, 10, ASHA, BARAKA, true, tick());
    store.abort_game(g.id, g.ply, tick()).unwrap();
    // Two games ending in the same second, the later id first.
    let a = game(store, 11, ASHA, CHIKU, false, tick());
    let b = game(store, 12, CHIKU, ASHA, false, tick());
    let same = tick();
    finish(
        store,
        &b,
        Some(Side::South),
        ResultReason::Resignation,
        same,
    );
    finish(
        store,
        &a,
        Some(Side::South),
        ResultReason::Resignation,
        same,
    );
    // A tournament game.
    let event = store
        .create_event(&NewEvent {
            name: "Kombe".into(),
            guild: 1,
            channel: 50,
            creator: ASHA,
            variant: Variant::Kiswahili,
            start_position: Position::start(Variant::Kiswahili).to_string(),
            format: Format::Swiss { rounds: 1 },
            time_per_move: Some(DAY),
            round_time: None,
            rated: true,
            signup_closes_at: None,
            max_players: None,
            now: tick(),
        })
        .unwrap();
    for user in [ASHA, BARAKA, CHIKU, UserId(40)] {
        store
            .join_event(event.id, user, "p", 1500.0, tick())
            .unwrap();
    }
    store.start_event(event.id, tick()).unwrap();
    let games = store.event_games_unfinished(event.id).unwrap();
    assert_eq!(games.len(), 2);
    for g in &games {
        finish(
            store,
            g,
            Some(Side::North),
            ResultReason::Resignation,
            tick(),
        );
    }
}

/// The summary worked out from the player's finished games as `finished_games_of` reads
/// them (the way `/bao-stats` counted before the summaries).
fn from_games(store: &Store, user: UserId, opponent: UserId) -> PlayerSummary {
    let games = store.finished_games_of(user, Variant::Kiswahili).unwrap();
    let mut s = PlayerSummary::default();
    let mut results = Vec::new();
    for g in &games {
        match &g.opponent {
            Player::Ai { level } => match s.ai.iter_mut().find(|(l, _)| *l == level.to_string()) {
                Some((_, t)) => t.add(g.score),
                None => {
                    let mut t = Tally::default();
                    t.add(g.score);
                    s.ai.push((level.to_string(), t));
                }
            },
            Player::Human(other) => {
                s.sides[g.side.index()].add(g.score);
                s.rated += u32::from(g.rated);
                match s.clocks.iter_mut().find(|(c, _)| *c == g.clock) {
                    Some((_, t)) => t.add(g.score),
                    None => {
                        let mut t = Tally::default();
                        t.add(g.score);
                        s.clocks.push((g.clock, t));
                    }
                }
                if *other == opponent {
                    s.against.add(g.score);
                }
                results.push(g.score);
            }
        }
    }
    for r in &results {
        s.streak = if *r == Score::Win { s.streak + 1 } else { 0 };
        s.best_streak = s.best_streak.max(s.streak);
    }
    let skip = results.len().saturating_sub(RECENT_RESULTS);
    s.recent = results[skip..].to_vec();
    s
}

/// `summary` with its lists in a fixed order, to compare.
fn sorted(mut s: PlayerSummary) -> PlayerSummary {
    s.ai.sort_by(|a, b| a.0.cmp(&b.0));
    s.clocks
        .sort_by_key(|(c, _)| c.map(|c| (c.base_ms, c.increment_ms, c.cap_ms)));
    s
}

#[test]
fn summaries_equal_what_the_games_say_after_every_kind_of_ending() {
    let (_dir, store) = temp_store();
    play_every_ending(&store);
    for (user, opponent) in [(ASHA, BARAKA), (BARAKA, ASHA), (CHIKU, ASHA), (ASHA, CHIKU)] {
        let kept = store
            .player_summary(user, Variant::Kiswahili, Some(opponent))
            .unwrap();
        assert_eq!(
            sorted(kept),
            sorted(from_games(&store, user, opponent)),
            "user {user} against {opponent}"
        );
    }
    let asha = store
        .player_summary(ASHA, Variant::Kiswahili, Some(BARAKA))
        .unwrap();
    // Every ending above counted: 10 games against people, 2 against the AI.
    let people: u32 = asha.sides.iter().map(Tally::games).sum();
    assert_eq!(people, 10, "{asha:?}");
    assert_eq!(asha.ai.len(), 2, "{asha:?}");
    assert!(asha.clocks.iter().any(|(c, _)| c.is_some()), "{asha:?}");
    assert!(store.check_summaries().unwrap().is_empty());
    let (_, finished, _) = store.game_totals().unwrap();
    assert_eq!(finished, 13);
}

#[test]
fn db_check_reports_a_wrong_summary_and_repair_rebuilds_it() {
    let (_dir, store) = temp_store();
    play_every_ending(&store);
    store
        .lock()
        .execute_batch(
            "UPDATE player_records SET wins = wins + 3 WHERE against = 'S'; \
             UPDATE player_streaks SET best = 9; \
             UPDATE game_counts SET finished = 2",
        )
        .unwrap();
    let wrong = store.check_summaries().unwrap();
    assert!(wrong.iter().any(|d| d.contains("record `S`")), "{wrong:?}");
    assert!(wrong.iter().any(|d| d.contains("best 9")), "{wrong:?}");
    assert!(
        wrong.iter().any(|d| d.contains("finished-games total")),
        "{wrong:?}"
    );
    assert_eq!(store.rebuild_summaries().unwrap(), 13);
    assert!(store.check_summaries().unwrap().is_empty());
    let asha = store
        .player_summary(ASHA, Variant::Kiswahili, None)
        .unwrap();
    assert_eq!(sorted(asha), sorted(from_games(&store, ASHA, UserId(0))));
}

/// The query plan of `sql`, one line per step (every parameter 1).
pub(super) fn plan(conn: &Connection, sql: &str) -> Vec<String> {
    let mut stmt = conn.prepare(&format!("EXPLAIN QUERY PLAN {sql}")).unwrap();
    let values: Vec<i64> = vec![1; stmt.parameter_count()];
    let rows = stmt
        .query_map(rusqlite::params_from_iter(values), |r| {
            r.get::<_, String>(3)
        })
        .unwrap();
    rows.map(|r| r.unwrap()).collect()
}

/// The partial indexes of live games (running, pending, running clocks, awaiting a
/// thread, unexplained endings): a scan of one reads the live games, not the history.
const LIVE_INDEXES: &[&str] = &[
    "games_pending",
    "games_running_by_guild",
    "games_clock_running",
    "games_awaiting_thread",
    "games_ended_unexplained",
];

/// Fails if a step of `plan` scans a table of games, moves, challenges or summaries, or
/// an index of them other than a live one.
fn assert_no_history_scan(what: &str, plan: &[String]) {
    for line in plan {
        let Some(target) = line.strip_prefix("SCAN ") else {
            continue;
        };
        let table = target.split_whitespace().next().unwrap_or("");
        let history = [
            "games",
            "g",
            "p",
            "s",
            "moves",
            "m",
            "challenges",
            "c",
            "player_records",
            "player_streaks",
        ];
        if history.contains(&table) {
            assert!(
                LIVE_INDEXES.iter().any(|i| line.contains(i)),
                "{what} walks the history: {plan:#?}"
            );
        }
    }
}

#[test]
fn the_listed_commands_plans_read_no_history() {
    let (_dir, store) = temp_store();
    play_every_ending(&store);
    let queries: Vec<(&str, String)> = vec![
        (
            "/bao games (running)",
            games::games_of_sql(GameFilter::Ongoing),
        ),
        ("/bao games (ended)", games::games_of_sql(GameFilter::Ended)),
        ("games of (all)", games::games_of_sql(GameFilter::All)),
        ("/bao-stats summary", summaries::SUMMARY_SQL.into()),
        ("thread lookup", games::threads_of_sql()),
        ("max_games", servers::RUNNING_IN_GUILD_SQL.into()),
        ("about totals", servers::GAME_TOTALS_SQL.into()),
        ("start: threads", games::without_thread_sql()),
        ("start: clocks", clocks::RUNNING_CLOCKS_SQL.into()),
        ("start: reasons", ending::UNEXPLAINED_SQL.into()),
        ("leaderboard", ratings::LEADERBOARD_SQL.into()),
        ("rank", rating_bands::RANKED_ABOVE_SQL.into()),
    ];
    // Without statistics (a new database) and with them (after ANALYZE).
    for analysed in [false, true] {
        if analysed {
            store.lock().execute_batch("ANALYZE").unwrap();
        }
        let conn = store.lock();
        for (what, sql) in &queries {
            let p = plan(&conn, sql);
            assert_no_history_scan(what, &p);
        }
        // The listed commands use their indexes.
        let running = plan(&conn, &games::games_of_sql(GameFilter::Ongoing));
        for index in [
            "games_running_by_south",
            "games_running_by_north",
            "games_pending",
        ] {
            assert!(running.iter().any(|l| l.contains(index)), "{running:#?}");
        }
        let ended = plan(&conn, &games::games_of_sql(GameFilter::Ended));
        for index in [
            "games_by_south",
            "games_by_north",
            "challenges_unanswered_by_challenger",
            "challenges_unanswered_by_challenged",
        ] {
            assert!(ended.iter().any(|l| l.contains(index)), "{ended:#?}");
        }
    }
    // The test can fail: the old `/bao games` walked all of a player's games.
    let old = plan(
        &store.lock(),
        "SELECT count(*) FROM games WHERE status = 'finished'",
    );
    assert!(
        std::panic::catch_unwind(|| assert_no_history_scan("old", &old)).is_err(),
        "{old:#?}"
    );
}

#[test]
fn a_database_from_before_the_summaries_migrates_in_place() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.db");
    {
        let mut conn = Connection::open(&path).unwrap();
        schema::migrate_to(&mut conn, 16);
        let start = Position::start(Variant::Kiswahili).to_string();
        // Finished games (Asha wins two against Baraka, loses one to the AI), an accepted
        // challenge, an unanswered (declined) challenge and a running game.
        let insert = |id: i64,
                      south: Option<u64>,
                      north: Option<u64>,
                      north_ai: Option<&str>,
                      status: &str,
                      winner: Option<&str>,
                      reason: Option<&str>,
                      at: i64| {
            conn.execute(
                "INSERT INTO games (id, variant, rules_version, place_key, guild_id, \
                 channel_id, south_user, north_user, north_ai, status, winner, reason, \
                 start_position, position, created_at, updated_at, rated) \
                 VALUES (?1, 'kiswahili', 1, 'c:' || ?1, 1, ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, \
                 ?8, ?9, ?9, 1)",
                rusqlite::params![
                    id,
                    south.map(|u| u as i64),
                    north.map(|u| u as i64),
                    north_ai,
                    status,
                    winner,
                    reason,
                    start,
                    at
                ],
            )
            .unwrap();
        };
        insert(
            1,
            Some(10),
            Some(20),
            None,
            "finished",
            Some("S"),
            Some("resignation"),
            T0,
        );
        insert(
            2,
            Some(20),
            Some(10),
            None,
            "finished",
            Some("N"),
            Some("timeout"),
            T0 + 1,
        );
        insert(
            3,
            Some(10),
            None,
            Some("easy"),
            "finished",
            Some("N"),
            Some("resignation"),
            T0 + 2,
        );
        insert(
            4,
            None,
            None,
            None,
            "aborted",
            None,
            Some("declined"),
            T0 + 3,
        );
        insert(5, Some(10), Some(30), None, "active", None, None, T0 + 4);
        conn.execute_batch(
            "INSERT INTO challenges (game_id, challenger, challenged, challenger_side, \
             expires_at) VALUES (1, 10, 20, 'south', 0), (4, 30, 10, 'south', 0)",
        )
        .unwrap();
    }
    let store = Store::open(&path).unwrap();
    assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION);
    let asha = store
        .player_summary(ASHA, Variant::Kiswahili, Some(BARAKA))
        .unwrap();
    assert_eq!(asha.sides[0].wins + asha.sides[1].wins, 2, "{asha:?}");
    assert_eq!(asha.rated, 2);
    assert_eq!(asha.against.wins, 2);
    assert_eq!((asha.streak, asha.best_streak), (2, 2));
    assert_eq!(asha.ai.len(), 1);
    assert!(store.check_summaries().unwrap().is_empty());
    // The unanswered challenge is found through its new index, the accepted one is not.
    let unanswered: Vec<i64> = store
        .lock()
        .prepare("SELECT game_id FROM challenges WHERE unanswered = 1")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .map(|r| r.unwrap())
        .collect();
    assert_eq!(unanswered, vec![4]);
    let ended: Vec<i64> = store
        .games_of(ASHA, GameFilter::Ended, 10)
        .unwrap()
        .iter()
        .map(|g| g.id.0)
        .collect();
    assert_eq!(ended, vec![4, 3, 2, 1]);
    let running: Vec<i64> = store
        .games_of(ASHA, GameFilter::Ongoing, 10)
        .unwrap()
        .iter()
        .map(|g| g.id.0)
        .collect();
    assert_eq!(running, vec![5]);
    assert_eq!(store.game_totals().unwrap(), (1, 3, 1));
}

#[test]
fn an_accepted_challenge_is_no_longer_unanswered() {
    let store = Store::open_in_memory().unwrap();
    let g = game(&store, 1, ASHA, BARAKA, false, T0);
    let unanswered: i64 = store
        .lock()
        .query_row(
            "SELECT unanswered FROM challenges WHERE game_id = ?1",
            [g.id.0],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(unanswered, 0);
    let pending = store
        .create_challenge(&servers::tests::challenge_at(
            chan(2),
            30,
            10,
            crate::rules::RuleSet::V02,
        ))
        .unwrap();
    store.decline_challenge(pending.id, T0 + 5).unwrap();
    let ended = store.games_of(ASHA, GameFilter::Ended, 5).unwrap();
    assert_eq!(ended.len(), 1);
    assert_eq!(ended[0].id, pending.id);
    let ongoing = store.games_of(ASHA, GameFilter::Ongoing, 5).unwrap();
    assert_eq!(ongoing.len(), 1);
    assert_eq!(ongoing[0].id, g.id);
}

#[test]
fn a_read_in_progress_does_not_hold_up_a_move() {
    let (_dir, store) = temp_store();
    let g = game(&store, 1, ASHA, BARAKA, false, T0);
    // Both readers busy, one of them inside a read transaction (a slow view, a backup).
    let slow = store.read();
    let other = store.read();
    slow.execute_batch("BEGIN").unwrap();
    let ply = |conn: &Connection| -> i64 {
        conn.query_row("SELECT ply FROM games WHERE id = ?1", [g.id.0], |r| {
            r.get(0)
        })
        .unwrap()
    };
    assert_eq!(ply(&slow), 0);
    // The move is written and committed meanwhile, by the writer.
    one_move(&store, &g, T0 + 1, None);
    assert_eq!(ply(&store.lock()), 1);
    assert_eq!(ply(&other), 1);
    // The slow read still sees its snapshot until it ends.
    assert_eq!(ply(&slow), 0);
    slow.execute_batch("COMMIT").unwrap();
    assert_eq!(ply(&slow), 1);
}

#[test]
fn only_an_unclean_shutdown_leaves_the_log_that_asks_for_a_quick_check() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bao.db");
    let store = Store::open(&path).unwrap();
    game(&store, 1, ASHA, BARAKA, false, T0);
    drop(store);
    assert!(
        !schema::unclean_shutdown(&path),
        "a clean close leaves no log"
    );
    let store = Store::open(&path).unwrap();
    game(&store, 2, ASHA, BARAKA, false, T0);
    // A crash: the connections are never closed, the write-ahead log stays.
    std::mem::forget(store);
    assert!(schema::unclean_shutdown(&path));
    let store = Store::open(&path).unwrap();
    assert_eq!(
        store.games_of(ASHA, GameFilter::Ongoing, 5).unwrap().len(),
        2
    );
}
