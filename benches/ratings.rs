//! Ratings benchmark (plain `main`, no harness): a temporary database with 10,000 players and
//! 100,000 finished rated games in 10 servers (a few players play thousands of games, most a
//! handful), rated by `Store::rebuild_ratings`; then the time of `/bao leaderboard` and
//! `/bao stats` through the app, picture and all, and of their store queries alone.
//! Target (issue 13): at most 20 ms each.
//!
//! Run: `cargo bench --bench ratings`. Under `cargo test` it runs a tiny version as a smoke
//! test.

use std::sync::Arc;
use std::time::{Duration, Instant};

use bao_bot::app::{App, Command, ManualClock, RatingScope, Settings, User};
use bao_bot::rules::{Position, RuleSet, Variant};
use bao_bot::store::{Place, Scope, Store, UserId};
use rusqlite::params;

/// xorshift64*: a small deterministic generator.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// Uniform in [0, 1).
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
}

const GUILDS: u64 = 10;
const T0: i64 = 1_800_000_000;

fn user_id(i: usize) -> u64 {
    1_000_000_000_000_000 + i as u64
}

/// Writes `games` finished rated games between `players` players straight into the file
/// (one transaction), as the store would have written them without their ratings.
fn fill(path: &std::path::Path, players: usize, games: usize) {
    let mut conn = rusqlite::Connection::open(path).expect("open");
    let tx = conn.transaction().expect("transaction");
    {
        let mut player = tx
            .prepare("INSERT INTO players (user_id, display_name, updated_at) VALUES (?1, ?2, ?3)")
            .expect("prepare");
        for i in 0..players {
            player
                .execute(params![user_id(i) as i64, format!("Player {i:05}"), T0])
                .expect("player");
        }
        let start = Position::start(Variant::Kiswahili).to_string();
        let mut game = tx
            .prepare(
                "INSERT INTO games (variant, rules_version, place_key, guild_id, channel_id, \
                 south_user, north_user, status, winner, reason, start_position, position, \
                 ply, created_at, updated_at, rated) \
                 VALUES ('kiswahili', 1, ?1, ?2, ?3, ?4, ?5, 'finished', ?6, ?7, ?8, ?8, 0, \
                 ?9, ?9, 1)",
            )
            .expect("prepare");
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        // A hidden strength per player decides the results.
        let strength: Vec<f64> = (0..players).map(|_| rng.unit() * 800.0).collect();
        for g in 0..games {
            // Skewed: player 0 plays about 1% of the games, most players about 20.
            let a = ((players as f64) * rng.unit().powi(2)) as usize % players;
            let mut b = (rng.next() % players as u64) as usize;
            if b == a {
                b = (b + 1) % players;
            }
            let guild = 1 + (a as u64 % GUILDS);
            let channel = 100 + guild;
            let p = 1.0 / (1.0 + 10f64.powf((strength[b] - strength[a]) / 400.0));
            let r = rng.unit();
            let (winner, reason) = if r < 0.05 {
                (None, "agreed_draw")
            } else if r < 0.05 + 0.95 * p {
                (Some("S"), "resignation")
            } else {
                (Some("N"), "front_row_emptied")
            };
            game.execute(params![
                format!("c:{channel}"),
                guild as i64,
                channel as i64,
                user_id(a) as i64,
                user_id(b) as i64,
                winner,
                reason,
                start,
                T0 + g as i64,
            ])
            .expect("game");
        }
    }
    tx.commit().expect("commit");
}

/// Median and worst of `runs` calls of `f`.
fn time(runs: usize, mut f: impl FnMut()) -> (Duration, Duration) {
    let mut samples: Vec<Duration> = (0..runs)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed()
        })
        .collect();
    samples.sort();
    (samples[samples.len() / 2], samples[samples.len() - 1])
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn report(what: &str, (median, worst): (Duration, Duration)) {
    println!(
        "{what:<58} median {:6.2} ms, worst {:6.2} ms",
        ms(median),
        ms(worst)
    );
}

fn main() {
    let full = std::env::args().any(|a| a == "--bench");
    let (players, games, runs) = if full {
        (10_000, 100_000, 50)
    } else {
        (200, 1_000, 3)
    };
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("ratings.db");
    drop(Store::open(&path).expect("create"));
    let t = Instant::now();
    fill(&path, players, games);
    println!(
        "wrote {players} players and {games} finished rated games in {:.1} s",
        t.elapsed().as_secs_f64()
    );

    let store = Arc::new(Store::open(&path).expect("open"));
    let t = Instant::now();
    let built = store.rebuild_ratings().expect("rebuild");
    println!(
        "db ratings --rebuild: {} games, {} ratings written in {:.1} s",
        built.games,
        built.ratings,
        t.elapsed().as_secs_f64()
    );
    let t = Instant::now();
    let check = store.check_ratings().expect("check");
    assert!(check.differences.is_empty(), "{:?}", check.differences);
    println!(
        "db check's ratings comparison: {:.1} s, no differences",
        t.elapsed().as_secs_f64()
    );
    println!(
        "file: {} KiB",
        std::fs::metadata(&path)
            .map(|m| m.len() / 1024)
            .unwrap_or(0)
    );

    let clock = Arc::new(ManualClock::new(T0 + games as i64 + 1));
    let app = App::new(store.clone(), clock, Settings::default());
    let place = Place::Channel {
        guild: 1,
        channel: 101,
    };
    let user = |i: usize| User::new(user_id(i), format!("Player {i:05}"));
    // The heaviest player (player 0), and the last ranked player of the global board.
    let (_, global_total) = store
        .rank(
            UserId(user_id(0)),
            Scope::Global,
            Variant::Kiswahili,
            RuleSet::V02,
        )
        .expect("rank");
    let last = store
        .leaderboard(
            Scope::Global,
            Variant::Kiswahili,
            RuleSet::V02,
            global_total.max(1),
        )
        .expect("board")
        .pop()
        .map(|r| r.rating.user.0)
        .unwrap_or(user_id(0));
    let last = User::new(last, "Last");
    let heavy = user(0);
    let typical = user(players / 2);
    let heavy_games = store
        .finished_games_of(heavy.id, Variant::Kiswahili)
        .expect("games")
        .len();
    let typical_games = store
        .finished_games_of(typical.id, Variant::Kiswahili)
        .expect("games")
        .len();
    println!(
        "{global_total} players ranked globally; player 0 has {heavy_games} games, player {} \
         has {typical_games}",
        players / 2
    );

    let board = |who: &User, scope| {
        let cmd = Command::Leaderboard {
            variant: None,
            scope: Some(scope),
        };
        let r = app.handle(who, &place, cmd).expect("leaderboard");
        assert!(r.reply.board_png().is_some());
    };
    let stats = |asker: &User, whose: &User| {
        let cmd = Command::Stats {
            player: Some(whose.clone()),
            variant: None,
        };
        let r = app.handle(asker, &place, cmd).expect("stats");
        assert!(r.reply.text.contains("Rating everywhere"));
    };
    report("/bao leaderboard scope:global (asker ranked last)", {
        time(runs, || board(&last, RatingScope::Global))
    });
    report("/bao leaderboard scope:server (asker: player 0)", {
        time(runs, || board(&heavy, RatingScope::Server))
    });
    report("/bao stats of a typical player (about 20 games)", {
        time(runs, || stats(&heavy, &typical))
    });
    report(
        &format!("/bao stats of the busiest player ({heavy_games} games)"),
        time(runs, || stats(&typical, &heavy)),
    );
    report("store only: leaderboard top 10 + rank (global)", {
        time(runs, || {
            store
                .leaderboard(Scope::Global, Variant::Kiswahili, RuleSet::V02, 10)
                .expect("board");
            store
                .rank(last.id, Scope::Global, Variant::Kiswahili, RuleSet::V02)
                .expect("rank");
        })
    });
    report("store only: ratings + finished games (busiest player)", {
        time(runs, || {
            store
                .ratings_of(heavy.id, Variant::Kiswahili, RuleSet::V02)
                .expect("ratings");
            store
                .finished_games_of(heavy.id, Variant::Kiswahili)
                .expect("games");
        })
    });
    println!("target: at most 20 ms each");
}
