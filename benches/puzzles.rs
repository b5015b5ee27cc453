//! Puzzle benchmark (plain `main`, no harness), for the figures of issue 24:
//! - picking a puzzle among 10,000 for a player who has seen 5,000 (target: 5 ms);
//! - `/bao puzzle` through the app, board picture and all, for a player with 5,000 attempts
//!   in a temporary database (target: 50 ms).
//!
//! The 10,000 are the collection repeated under new ids (ratings spread a little).
//! Run: `cargo bench --bench puzzles`. Under `cargo test` it runs a tiny version as a smoke
//! test.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::time::{Duration, Instant};

use bao_bot::app::{App, Command, ManualClock, Settings, User};
use bao_bot::puzzles::pick::{pick, Wanted};
use bao_bot::puzzles::{collection, Puzzle, Theme};
use bao_bot::store::{Place, Store};
use rusqlite::params;

const T0: i64 = 1_800_000_000;
const USER: u64 = 1_000_000_000_000_007;

/// Median and worst of `runs` calls of `f`.
fn time(runs: usize, mut f: impl FnMut(usize)) -> (Duration, Duration) {
    let mut samples: Vec<Duration> = (0..runs)
        .map(|i| {
            let t = Instant::now();
            f(i);
            t.elapsed()
        })
        .collect();
    samples.sort();
    (samples[samples.len() / 2], samples[samples.len() - 1])
}

fn report(what: &str, (median, worst): (Duration, Duration)) {
    println!(
        "{what:<62} median {:7.3} ms, worst {:7.3} ms",
        median.as_secs_f64() * 1000.0,
        worst.as_secs_f64() * 1000.0
    );
}

/// `n` puzzles: the collection again and again, each copy under new ids.
fn many(n: usize) -> Vec<Puzzle> {
    collection()
        .iter()
        .cycle()
        .take(n)
        .enumerate()
        .map(|(i, p)| Puzzle {
            id: format!("{}{i}", p.id),
            rating: p.rating + (i % 200) as u32,
            ..p.clone()
        })
        .collect()
}

/// Writes `attempts` finished attempts of `USER` (puzzles of the collection in turn, so
/// repeats too) straight into the database at `path`.
fn fill(path: &std::path::Path, attempts: usize) {
    let mut conn = rusqlite::Connection::open(path).expect("open");
    let tx = conn.transaction().expect("transaction");
    {
        let mut insert = tx
            .prepare(
                "INSERT INTO puzzle_attempts (user_id, puzzle_id, place_key, step, rated, state, \
                 started_at, finished_at) VALUES (?1, ?2, 'dm:1', 1, ?3, ?4, ?5, ?5)",
            )
            .expect("prepare");
        let all = collection();
        for i in 0..attempts {
            let p = &all[i % all.len()];
            let state = if i % 3 == 0 { "failed" } else { "solved" };
            insert
                .execute(params![
                    USER as i64,
                    p.id,
                    (i < all.len()) as i64,
                    state,
                    T0 + i as i64
                ])
                .expect("attempt");
        }
    }
    tx.commit().expect("commit");
}

fn main() {
    let full = std::env::args().any(|a| a == "--bench");
    let (puzzles, seen_n, attempts, runs) = if full {
        (10_000, 5_000, 5_000, 200)
    } else {
        (500, 200, 200, 3)
    };

    let all = many(puzzles);
    let seen: HashSet<String> = all.iter().take(seen_n).map(|p| p.id.clone()).collect();
    let current: HashMap<String, f64> = all
        .iter()
        .step_by(5)
        .map(|p| (p.id.clone(), p.rating as f64 + 30.0))
        .collect();
    println!(
        "{} puzzles, {} seen, {} with a current rating",
        all.len(),
        seen.len(),
        current.len()
    );
    for (what, wanted) in [
        ("pick: any puzzle", Wanted::default()),
        (
            "pick: theme takasia",
            Wanted {
                theme: Some(Theme::Takasia),
                variant: None,
            },
        ),
    ] {
        let mut found = 0;
        let t = time(runs, |i| {
            let rating = 900.0 + (i % 10) as f64 * 100.0;
            found += pick(&all, wanted, &seen, &current, rating, i as u64).is_some() as usize;
        });
        assert_eq!(found, runs, "{what}: a puzzle every time");
        report(what, t);
    }

    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("puzzles.db");
    drop(Store::open(&path).expect("create"));
    fill(&path, attempts);
    let store = Arc::new(Store::open(&path).expect("open"));
    let app = App::new(
        store,
        Arc::new(ManualClock::new(T0 + 10_000)),
        Settings::default(),
    );
    let user = User::new(USER, "Asha");
    let dm = Place::Dm { user: USER };
    let ask = Command::Puzzle {
        theme: None,
        variant: None,
        daily: false,
    };
    // The first answer warms the collection and the fonts up.
    let first = app.handle(&user, &dm, ask.clone()).expect("puzzle");
    assert!(first.reply.board.is_some(), "{}", first.reply.text);
    let t = time(runs.min(50), |_| {
        let r = app.handle(&user, &dm, ask.clone()).expect("puzzle");
        assert!(r.reply.ephemeral || matches!(dm, Place::Dm { .. }));
    });
    report(
        &format!("/bao puzzle, {attempts} attempts stored (with its picture)"),
        t,
    );
}
