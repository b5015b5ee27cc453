//! Ratings kept true: the rebuild repairing tampered ratings, the migration of a release 0.1
//! database (its games unrated), a console session of rated games, and a killed process (never
//! a result without its rating, or the reverse).

use super::*;

#[test]
fn rebuild_finds_and_repairs_tampered_ratings() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bao.db");
    let store = Store::open(&path).unwrap();
    let (a, b, c) = (User::new(1, "A"), User::new(2, "B"), User::new(3, "C"));
    let mut now = T0;
    series(&store, GENERAL, &a, &b, 3, true, &mut now);
    series(&store, GENERAL, &b, &c, 2, false, &mut now);
    let good = store.check_ratings().unwrap();
    assert_eq!(good.games, 5);
    assert_eq!(good.ratings, 6); // 3 players x 2 scopes
    assert!(good.differences.is_empty(), "{:?}", good.differences);
    let before = store.list_ratings(Scope::Global, None).unwrap();
    drop(store);

    let conn = rusqlite::Connection::open(&path).unwrap();
    conn.execute(
        "UPDATE ratings SET rating = rating + 5 WHERE user_id = 2 AND scope = 0",
        [],
    )
    .unwrap();
    conn.execute("DELETE FROM rating_changes WHERE game_id = 2", [])
        .unwrap();
    drop(conn);

    let store = Store::open(&path).unwrap();
    let found = store.check_ratings().unwrap();
    assert!(
        found
            .differences
            .iter()
            .any(|d| d.starts_with("user 2 (global, kiswahili v0.2): stored")),
        "{:?}",
        found.differences
    );
    assert!(
        found
            .differences
            .iter()
            .any(|d| d.contains("game 2 (server 10, South): no rating change is stored")),
        "{:?}",
        found.differences
    );
    let repaired = store.rebuild_ratings().unwrap();
    assert_eq!(repaired.differences, found.differences);
    assert!(store.check_ratings().unwrap().differences.is_empty());
    assert_eq!(store.list_ratings(Scope::Global, None).unwrap(), before);
    drop(store);

    // The command line: `db check` and `db ratings --rebuild` agree and say so.
    let bin = env!("CARGO_BIN_EXE_bao-bot");
    let out = std::process::Command::new(bin)
        .args(["db", "ratings", "--rebuild", "--db"])
        .arg(&path)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    contains(
        &text,
        "5 rated games replayed, 6 ratings; 0 differences from the stored ratings",
    );
    let out = std::process::Command::new(bin)
        .args(["db", "check", "--db"])
        .arg(&path)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    contains(&text, "5 rated games give 6 ratings, 0 differences");
    let out = std::process::Command::new(bin)
        .args(["db", "ratings", "--list", "--guild", "10", "--db"])
        .arg(&path)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("variant"), "{text}");
    // A won 3 and C won 2 (both provisional); B lost all 5.
    assert!(lines[1].contains(" 1 ") && lines[1].contains('?'), "{text}");
    assert!(
        lines[3].contains(" 2 ") && lines[3].contains("    5     0     5"),
        "{text}"
    );
    contains(&text, "3 ratings (server 10)");

    let conn = rusqlite::Connection::open(&path).unwrap();
    conn.execute("UPDATE ratings SET games = 9 WHERE user_id = 3", [])
        .unwrap();
    drop(conn);
    let out = std::process::Command::new(bin)
        .args(["db", "check", "--db"])
        .arg(&path)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{text}");
    contains(&text, "ratings: user 3 (");
    contains(&text, "stored 9 games (2-0-0) but recomputed 2 (2-0-0)");
}

#[test]
fn a_database_of_release_0_1_migrates_with_its_games_unrated() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.db");
    std::fs::copy(
        concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/release-0.1.db"),
        &path,
    )
    .unwrap();
    let store = Arc::new(Store::open(&path).unwrap());
    assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION);
    // Written by release 0.1: a resigned game, an active timed game, a pending challenge,
    // a game against the AI and an aborted challenge.
    let statuses: Vec<GameStatus> = (1..=5)
        .map(|id| store.game(GameId(id)).unwrap().unwrap().status)
        .collect();
    assert_eq!(
        statuses,
        [
            GameStatus::Finished,
            GameStatus::Active,
            GameStatus::Pending,
            GameStatus::Finished,
            GameStatus::Aborted
        ]
    );
    for id in 1..=5 {
        assert!(!store.is_rated(GameId(id)).unwrap(), "game {id}");
    }
    assert!(store.check_replays().unwrap().is_empty());
    let check = store.check_ratings().unwrap();
    assert_eq!((check.games, check.differences.len()), (0, 0));

    // The old active game ends unrated; a new challenge there is rated.
    let active = store.game(GameId(2)).unwrap().unwrap();
    let Place::Channel { guild, .. } = active.place else {
        panic!("{:?}", active.place)
    };
    let clock = Arc::new(ManualClock::new(T0));
    let app = App::new(store.clone(), clock.clone(), Settings::default());
    let south = active.south.clone().unwrap().user().unwrap();
    let north = active.north.clone().unwrap().user().unwrap();
    let r = app
        .handle(
            &User {
                id: south,
                name: "S".into(),
                bot: false,
            },
            &active.place,
            Command::Resign,
        )
        .unwrap();
    assert!(!r.reply.text.contains("Rating change"), "{}", r.reply.text);
    let r = app
        .handle(
            &User {
                id: south,
                name: "S".into(),
                bot: false,
            },
            &active.place,
            challenge(&User {
                id: north,
                name: "N".into(),
                bot: false,
            })
            .side(None)
            .command(),
        )
        .unwrap();
    contains(&r.reply.text, "a rated game");
    app.handle(
        &User {
            id: north,
            name: "N".into(),
            bot: false,
        },
        &active.place,
        Command::Accept,
    )
    .unwrap();
    let r = app
        .handle(
            &User {
                id: north,
                name: "N".into(),
                bot: false,
            },
            &active.place,
            Command::Resign,
        )
        .unwrap();
    contains(&r.reply.text, "Rating change");
    assert_eq!(
        store
            .rating(
                south,
                Scope::Server(guild),
                Variant::Kiswahili,
                RuleSet::V02
            )
            .unwrap()
            .map(|r| r.games),
        Some(1)
    );
    assert!(store.check_ratings().unwrap().differences.is_empty());
}

#[test]
fn a_console_session_plays_two_rated_games_then_shows_the_leaderboard_and_stats() {
    let dir = tempfile::tempdir().expect("tempdir");
    let script = dir.path().join("rated.txt");
    std::fs::write(
        &script,
        "# Asha and Baraka play two rated games in #bao, then look at the ratings\n\
         /in #bao\n\
         /bao challenge @baraka south\n\
         /as baraka\n\
         /bao accept\n\
         /bao resign\n\
         /bao challenge @asha south\n\
         /as asha\n\
         /bao accept\n\
         /as baraka\n\
         /bao move a6 left\n\
         /bao resign\n\
         /bao leaderboard\n\
         /bao stats @asha\n\
         /as asha\n\
         /bao stats\n",
    )
    .expect("write script");
    let boards = dir.path().join("boards");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_bao-bot"))
        .args(["console", "--db", ":memory:", "--script"])
        .arg(&script)
        .arg("--boards")
        .arg(&boards)
        .output()
        .expect("run console");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for needle in [
        "Asha (1500?) challenges you to a rated game",
        "Baraka resigns.",
        "Rating change (this server and everywhere): Asha 1500 \u{2192} 1662 (+162), Baraka 1500 \u{2192} 1338 (\u{2212}162)",
        "Baraka (1338?) challenges you to a rated game",
        "Leaderboard of Bao la Kiswahili**, this server: 0 ranked players.",
        "You are not ranked yet: 3 more rated games needed.",
        "Leaderboard \u{b7} Bao la Kiswahili",
        "  nobody yet",
        "bao-leaderboard-kiswahili.png",
        "**Asha** at Bao la Kiswahili",
        "(2 rated games: 2 wins, 0 losses, 0 draws)",
        "You against Asha: 0 wins, 2 losses, 0 draws",
        "Winning streak: 2 now, best 2",
        "Last 2 (newest first): W W",
    ] {
        assert!(text.contains(needle), "missing `{needle}` in:\n{text}");
    }
    let board = std::fs::read(boards.join("bao-leaderboard-kiswahili.png")).expect("picture");
    assert!(board.starts_with(b"\x89PNG\r\n\x1a\n"));
}

const CRASH_CHILD_ENV: &str = "BAO_RATINGS_CRASH_CHILD";
const CRASH_CHANNELS: u64 = 4;

/// The crash test's child: plays rated games as fast as it can in several channels, a few
/// moves each, ending them by resignation, agreed draw or timeout claim in turn, printing
/// `finished GAME` after each commit that ends a game. Only runs when the crash test starts
/// it.
fn crash_child() -> ! {
    use std::io::Write;
    let path = std::env::var(CRASH_CHILD_ENV).expect("run by the crash test only");
    let store = Store::open(&path).unwrap();
    let mut out = std::io::stdout().lock();
    let players: Vec<User> = (1..=5).map(|i| User::new(i, format!("P{i}"))).collect();
    let mut now = T0;
    let mut n = 0usize;
    loop {
        for channel in 1..=CRASH_CHANNELS {
            n += 1;
            now += 1;
            let place = Place::Channel {
                guild: GUILD,
                channel,
            };
            let Some(game) = store.game_in(&place).unwrap() else {
                let (a, b) = (&players[n % 5], &players[(n / 5 + n + 1) % 5]);
                if a.id != b.id {
                    let start = Position::start(Variant::Kiswahili).to_string();
                    rated_game(&store, place, &start, a, b, now, Some(600));
                }
                continue;
            };
            if game.status == GameStatus::Pending {
                // Killed between a challenge and its acceptance: accept it now.
                let ch = game.challenge.clone().unwrap();
                store
                    .accept_challenge(
                        game.id,
                        &Player::Human(ch.challenger),
                        &Player::Human(ch.challenged),
                        now,
                        Some(now + 600),
                    )
                    .unwrap();
                continue;
            }
            if game.ply < 3 {
                let pos: Position = game.position.parse().unwrap();
                let mv = pos.legal_moves()[n % pos.legal_moves().len()];
                let (next, _) = pos.play(&mv).unwrap();
                if next.is_over() {
                    continue;
                }
                store
                    .record_move(
                        game.id,
                        game.ply,
                        &NewMove {
                            text: &mv.to_string(),
                            by: game.player(pos.turn()).unwrap(),
                            position_after: &next.to_string(),
                            now,
                            deadline: Some(now + 600),
                            end: None,
                        },
                    )
                    .unwrap();
                continue;
            }
            let end = match n % 3 {
                0 => GameEnd {
                    winner: Some(Side::North),
                    reason: ResultReason::Resignation,
                },
                1 => GameEnd {
                    winner: None,
                    reason: ResultReason::AgreedDraw,
                },
                _ => GameEnd {
                    winner: Some(Side::South),
                    reason: ResultReason::Timeout,
                },
            };
            let done = store.finish_game(game.id, game.ply, end, now).unwrap();
            writeln!(out, "finished {}", done.id.0).unwrap();
            out.flush().unwrap();
        }
    }
}

#[test]
fn a_killed_process_never_leaves_a_result_without_its_rating_or_the_reverse() {
    if std::env::var_os(CRASH_CHILD_ENV).is_some() {
        crash_child();
    }
    use std::io::BufRead;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("crash.db");
    let exe = std::env::current_exe().unwrap();
    let mut finished = std::collections::BTreeSet::new();
    for round in 0..3 {
        let mut child = std::process::Command::new(&exe)
            .args([
                "ratings::durability::a_killed_process_never_leaves_a_result_without_its_rating_or_the_reverse",
                "--exact",
                "--nocapture",
                "--test-threads=1",
            ])
            .env(CRASH_CHILD_ENV, &path)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::inherit())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let mut seen = 0;
        for line in std::io::BufReader::new(stdout).lines() {
            let line = line.unwrap();
            let Some(id) = line.strip_prefix("finished ") else {
                continue;
            };
            finished.insert(id.parse::<i64>().unwrap());
            seen += 1;
            if seen == 60 + 25 * round {
                // SIGKILL, somewhere in the child's next transactions.
                child.kill().unwrap();
                break;
            }
        }
        let status = child.wait().unwrap();
        use std::os::unix::process::ExitStatusExt;
        assert_eq!(status.signal(), Some(9), "round {round}: {status:?}");
        assert!(
            seen >= 60,
            "round {round}: the child finished only {seen} games"
        );

        let store = Store::open(&path).unwrap();
        let (games, _) = store.counts().unwrap();
        let mut rated_finished = 0u32;
        for id in 1..=games as i64 {
            let g = store.game(GameId(id)).unwrap().unwrap();
            let changes = store.rating_changes(g.id).unwrap();
            if g.status == GameStatus::Finished {
                rated_finished += 1;
                assert_eq!(changes.len(), 4, "game {id}: a result without its rating");
            } else {
                assert!(changes.is_empty(), "game {id}: a rating without its result");
                assert!(
                    !finished.contains(&id),
                    "game {id}: a committed end is lost"
                );
            }
        }
        let rated: u32 = [Scope::Server(GUILD), Scope::Global]
            .into_iter()
            .map(|scope| {
                store
                    .list_ratings(scope, None)
                    .unwrap()
                    .iter()
                    .map(|(r, _)| r.games)
                    .sum::<u32>()
            })
            .sum();
        assert_eq!(rated, 4 * rated_finished, "round {round}");
        let check = store.check_ratings().unwrap();
        assert_eq!(check.games, u64::from(rated_finished));
        assert_eq!(check.differences, Vec::<String>::new(), "round {round}");
        let rebuilt = store.rebuild_ratings().unwrap();
        assert_eq!(rebuilt.differences, Vec::<String>::new(), "round {round}");
        assert!(store.check_replays().unwrap().is_empty());
    }
}
