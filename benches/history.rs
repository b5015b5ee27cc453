//! History benchmark (plain `main`, no harness; issue 52): how start-up and each command's
//! store work grow with a server's history.
//!
//! Real games are played through the store's API (people and the AI, with and without a
//! clock, every way of ending; some left running), then the database is grown in SQL, in
//! one transaction (`INSERT ... SELECT`): each copy is a stored game under a new id, new
//! times and new players (1,000 of them; the heaviest plays one game in twelve), its moves
//! copied with it; 200 copies left running, each in a place of its own. Ratings are
//! then rebuilt (`db ratings --rebuild`) and the player summaries with them (`db check
//! --repair`). At 1,000, 10,000 and 100,000 games it prints the median store time of
//! start-up (warm) and of each command for the heaviest player, then the growth from 1,000
//! to 100,000 (target: at most 2x, every command at most 2 ms, start-up at most 200 ms).
//! Finally the 100,000-game database is taken back to schema 16 and migrated, timed.
//!
//! With the right to drop the page cache (root), it also times a cold start-up at the largest
//! size; `-- --keep FILE` keeps a copy of the largest database (for timing `bao-bot db check`
//! and `db backup` on it).
//!
//! Run: `CARGO_TARGET_DIR=/work/target-bench cargo bench --bench history` (release). Under
//! `cargo test --benches` it runs a small version (100 and 1,000 games) as a smoke test.

use std::path::Path;
use std::time::{Duration, Instant};

use bao_bot::ai::Level;
use bao_bot::rules::{Position, RuleSet, Side, Variant};
use bao_bot::store::*;

/// xorshift64*: a small deterministic generator for moves.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// The heaviest player (one game in twelve).
const HEAVY: u64 = 1;
/// A server of the grown games, and the channel the heavy player's thread lookup asks in.
const GUILD: u64 = 7_000;
const START: i64 = 1_700_000_000;

/// Plays one random legal move of `game` (recorded as the console does), ending it when the
/// rules do.
fn play(store: &Store, game: &Game, rng: &mut Rng, now: i64) -> Game {
    let pos: Position = game.position.parse().expect("stored position");
    let moves = pos.legal_moves();
    let mv = moves[rng.below(moves.len())];
    let (next, _) = pos.play(&mv).expect("legal move");
    let end = next.winner().map(|w| GameEnd {
        winner: Some(w),
        reason: ResultReason::from_rules(next.end_reason().expect("reason")),
    });
    let by = game.player(pos.turn()).expect("sides").clone();
    store
        .record_move(
            game.id,
            game.ply,
            &NewMove {
                text: &mv.to_string(),
                by: &by,
                position_after: &next.to_string(),
                now,
                deadline: None,
                end,
            },
        )
        .expect("record move")
}

/// The seed games: people against people and against the AI, both variants, some on a
/// clock, ended by the rules, by resignation, by an agreed draw; two left running.
fn seed(store: &Store) -> usize {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut now = START;
    let ai = Player::Ai {
        level: "easy".parse::<Level>().expect("a level"),
    };
    let mut seeds = 0;
    for i in 0..26u64 {
        let variant = if i % 4 == 3 {
            Variant::Kujifunza
        } else {
            Variant::Kiswahili
        };
        let north = if i % 3 == 2 {
            ai.clone()
        } else {
            Player::Human(UserId(3))
        };
        let new = NewGame {
            place: Place::Channel {
                guild: GUILD,
                channel: 100 + i,
            },
            variant,
            start_position: Position::start(variant).to_string(),
            south: Player::Human(UserId(2)),
            north,
            time_per_move: None,
            now,
            deadline: None,
        };
        let mut g = if i % 5 == 1 {
            let control = TimeControl {
                base_ms: 300_000,
                increment_ms: 3_000,
                cap_ms: None,
            };
            store
                .start_clocked_game(&new, control, now * 1000)
                .expect("start clocked game")
        } else {
            store.start_game(&new).expect("start game")
        };
        // Play to the rules' end, or stop at a length and end otherwise.
        let stop = 20 + rng.below(60) as u32;
        while g.status == GameStatus::Active && g.ply < stop {
            now += 1;
            g = play(store, &g, &mut rng, now);
        }
        if g.status == GameStatus::Active && i < 24 {
            now += 1;
            let end = match i % 3 {
                0 => GameEnd {
                    winner: None,
                    reason: ResultReason::AgreedDraw,
                },
                _ => GameEnd {
                    winner: Some(if i % 2 == 0 { Side::North } else { Side::South }),
                    reason: ResultReason::Resignation,
                },
            };
            g = store.finish_game(g.id, g.ply, end, now).expect("finish");
        }
        seeds += 1;
        now += 60;
    }
    seeds
}

/// `games`' columns, each as the copy writes it (`s`: the seed, `c`: the copy's plan).
fn game_columns(conn: &rusqlite::Connection) -> (String, String) {
    let mut stmt = conn
        .prepare("SELECT name FROM pragma_table_info('games') ORDER BY cid")
        .expect("columns");
    let names: Vec<String> = stmt
        .query_map([], |r| r.get(0))
        .expect("columns")
        .map(|r| r.expect("column"))
        .collect();
    let exprs: Vec<String> = names
        .iter()
        .map(|n| match n.as_str() {
            "id" => "c.id".into(),
            "place_key" => "'c:' || c.channel".into(),
            "guild_id" => "c.guild".into(),
            "channel_id" => "c.channel".into(),
            "south_user" => "CASE WHEN s.south_user IS NULL THEN NULL ELSE c.south END".into(),
            "north_user" => "CASE WHEN s.north_user IS NULL THEN NULL ELSE c.north END".into(),
            "created_at" => "c.at - (s.updated_at - s.created_at)".into(),
            "updated_at" => "c.at".into(),
            "last_move_at" => "CASE WHEN s.last_move_at IS NULL THEN NULL ELSE c.at END".into(),
            "rated" => "(s.south_user IS NOT NULL AND s.north_user IS NOT NULL \
                        AND s.status = 'finished')"
                .into(),
            "rating_seq" | "board_message_id" | "next_due_at" | "clock_due_ms" => "NULL".into(),
            other => format!("s.{other}"),
        })
        .collect();
    (names.join(", "), exprs.join(", "))
}

/// Grows the database to `total` games by copying the seeds, in one transaction.
fn grow(path: &Path, seeds: usize, total: u64) {
    let mut conn = rusqlite::Connection::open(path).expect("open");
    let tx = conn.transaction().expect("transaction");
    let have: i64 = tx
        .query_row("SELECT max(id) FROM games", [], |r| r.get(0))
        .expect("max id");
    let want = total as i64 - have;
    if want <= 0 {
        return;
    }
    // The plan: each copy's id, seed, players, server, place and time. One copy in five of
    // the first 1,000 games copies a running seed and stays running (200 live games at every
    // size, as a server's live games do not grow with its history); the rest copy finished
    // seeds.
    let running = format!("(n % 5 = 0 AND {have} + n <= 1000)");
    tx.execute_batch("DROP TABLE IF EXISTS temp.copies")
        .expect("drop");
    tx.execute(
        &format!(
            "CREATE TEMP TABLE copies AS WITH RECURSIVE k(n) AS (SELECT 1 UNION ALL \
             SELECT n + 1 FROM k WHERE n < {want}) \
             SELECT {have} + n AS id, \
               CASE WHEN {running} THEN (SELECT max(id) FROM games WHERE id <= {seeds} \
                 AND status = 'active') \
                 ELSE 1 + ((n * 7) % (SELECT count(*) FROM games WHERE id <= {seeds} \
                 AND status = 'finished')) END AS pick, \
               CASE WHEN n % 12 = 0 THEN {HEAVY} ELSE 2 + ((n * 2654435761) % 999) END AS south, \
               3 + ((n * 40503 + 17) % 997) AS north, \
               {GUILD} + (n % 40) AS guild, \
               CASE WHEN {running} THEN 10000000 + {have} + n ELSE 1000 + (n % 500) END \
                 AS channel, \
               {START} + 100000 + ({have} + n) * 60 AS at \
             FROM k"
        ),
        [],
    )
    .expect("plan");
    // `pick` numbers the finished seeds 1..; map it to their ids.
    tx.execute_batch(&format!(
        "CREATE TEMP TABLE finished_seeds AS SELECT row_number() OVER (ORDER BY id) AS k, id \
         FROM games WHERE id <= {seeds} AND status = 'finished'; \
         ALTER TABLE temp.copies ADD COLUMN seed INTEGER; \
         UPDATE temp.copies SET seed = CASE WHEN channel >= 10000000 THEN pick \
           ELSE (SELECT id FROM finished_seeds f WHERE f.k = pick) END; \
         UPDATE temp.copies SET north = north + 1 WHERE north = south;"
    ))
    .expect("seeds");
    let (names, exprs) = game_columns(&tx);
    tx.execute(
        &format!(
            "INSERT INTO games ({names}) SELECT {exprs} FROM temp.copies c \
             JOIN games s ON s.id = c.seed ORDER BY c.id"
        ),
        [],
    )
    .expect("copy games");
    tx.execute(
        "INSERT INTO moves (game_id, ply, move, by_user, by_ai, played_at, position_after, \
         clock_ms) \
         SELECT c.id, m.ply, m.move, \
           CASE WHEN m.by_user IS NULL THEN NULL \
                WHEN m.by_user = s.south_user THEN c.south ELSE c.north END, \
           m.by_ai, c.at - (s.updated_at - m.played_at), m.position_after, m.clock_ms \
         FROM temp.copies c JOIN games s ON s.id = c.seed JOIN moves m ON m.game_id = s.id \
         ORDER BY c.id, m.ply",
        [],
    )
    .expect("copy moves");
    tx.execute(
        "INSERT OR IGNORE INTO players (user_id, display_name, updated_at) \
         SELECT DISTINCT south, 'player ' || south, 0 FROM temp.copies \
         UNION SELECT DISTINCT north, 'player ' || north, 0 FROM temp.copies",
        [],
    )
    .expect("players");
    tx.execute_batch("DROP TABLE temp.copies; DROP TABLE temp.finished_seeds")
        .expect("drop");
    tx.commit().expect("commit");
}

/// The median of `runs` timings of `f`.
fn median(runs: usize, mut f: impl FnMut()) -> Duration {
    let mut times: Vec<Duration> = (0..runs)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed()
        })
        .collect();
    times.sort();
    times[times.len() / 2]
}

/// Each measured thing's median at one size, in order.
fn measure(path: &Path, runs: usize) -> Vec<(&'static str, Duration)> {
    let mut out = Vec::new();
    // Warm start-up: the file is in the page cache after the first open.
    drop(Store::open(path).expect("open"));
    out.push((
        "start-up (open)",
        median(runs.min(20), || drop(Store::open(path).expect("open"))),
    ));
    let store = Store::open(path).expect("open");
    let heavy = UserId(HEAVY);
    let now = START + 1_000_000_000;
    out.push((
        "bot start: games without their thread",
        median(runs, || {
            store.games_without_their_thread(now).expect("threads");
        }),
    ));
    out.push((
        "bot start: resume clocks",
        median(runs, || {
            store.resume_clocks(now * 1000).expect("clocks");
        }),
    ));
    out.push((
        "/bao games (running + last ended)",
        median(runs, || {
            store
                .games_of(heavy, GameFilter::Ongoing, 25)
                .expect("games");
            store.games_of(heavy, GameFilter::Ended, 5).expect("games");
        }),
    ));
    out.push((
        "/bao-stats: summary (records, runs, h2h)",
        median(runs, || {
            store
                .player_summary(heavy, Variant::Kiswahili, Some(UserId(5)))
                .expect("summary");
        }),
    ));
    out.push((
        "/bao-stats: ratings and ranks",
        median(runs, || {
            for scope in [Scope::Server(GUILD), Scope::Global] {
                if store
                    .rating(heavy, scope, Variant::Kiswahili, RuleSet::V02)
                    .expect("rating")
                    .is_some()
                {
                    store
                        .rank(heavy, scope, Variant::Kiswahili, RuleSet::V02)
                        .expect("rank");
                }
            }
        }),
    ));
    out.push((
        "thread lookup (no game here)",
        median(runs, || {
            store
                .games_in_threads_of(GUILD, 1000, heavy)
                .expect("threads");
        }),
    ));
    out.push((
        "max_games check",
        median(runs, || {
            store.running_games_in_guild(GUILD, heavy).expect("running");
        }),
    ));
    out.push((
        "about totals",
        median(runs, || {
            store.game_totals().expect("totals");
        }),
    ));
    out.push((
        "ladder hint (last 10 ended)",
        median(runs, || {
            store.games_of(heavy, GameFilter::Ended, 10).expect("games");
        }),
    ));
    out
}

/// The time of `Store::open` right after the kernel's page cache was dropped, or `None`
/// without the right to drop it.
fn cold_open(path: &Path) -> Option<Duration> {
    let _ = std::process::Command::new("sync").status();
    std::fs::write("/proc/sys/vm/drop_caches", "3").ok()?;
    let t = Instant::now();
    let store = Store::open(path).expect("open");
    let took = t.elapsed();
    drop(store);
    Some(took)
}

/// Takes the database back to schema 16 (before this change): its indexes, summaries and
/// the challenges' new column gone, and what later migrations added (the play links).
fn downgrade(path: &Path) {
    let conn = rusqlite::Connection::open(path).expect("open");
    conn.execute_batch(
        "BEGIN;
         DROP INDEX games_running_by_south; DROP INDEX games_running_by_north;
         DROP INDEX games_running_by_guild; DROP INDEX games_pending; DROP INDEX games_by_guild;
         DROP INDEX games_clock_running; DROP INDEX games_awaiting_thread;
         DROP INDEX games_ended_unexplained;
         DROP INDEX challenges_unanswered_by_challenger;
         DROP INDEX challenges_unanswered_by_challenged;
         DROP TRIGGER challenges_answered;
         ALTER TABLE challenges DROP COLUMN unanswered;
         DROP TABLE player_records; DROP TABLE player_streaks; DROP TABLE game_counts;
         DROP TABLE play_links; DROP TABLE move_requests;
         DROP TRIGGER ratings_band_insert; DROP TRIGGER ratings_band_delete;
         DROP TRIGGER ratings_band_update_leave; DROP TRIGGER ratings_band_update_enter;
         DROP TABLE rating_bands; DROP TABLE rating_points; DROP INDEX ratings_ranked_by_point;
         DROP TABLE app_only_channels; DROP TABLE dm_refusals_told;
         ALTER TABLE user_prefs DROP COLUMN one_tap;
         PRAGMA user_version = 16;
         COMMIT;",
    )
    .expect("downgrade");
}

fn main() {
    let full = std::env::args().any(|a| a == "--bench");
    // `--keep FILE`: a copy of the largest database, to time the `db` commands on it.
    let keep = std::env::args().skip_while(|a| a != "--keep").nth(1);
    let (sizes, runs): (&[u64], usize) = if full {
        (&[1_000, 10_000, 100_000], 200)
    } else {
        (&[100, 1_000], 5)
    };
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("history.db");
    let seeds = {
        let store = Store::open_with(&path, Synchronous::Normal).expect("open");
        seed(&store)
    };
    let mut table: Vec<(u64, Vec<(&'static str, Duration)>)> = Vec::new();
    for &size in sizes {
        let t = Instant::now();
        grow(&path, seeds, size);
        let grown = t.elapsed();
        let store = Store::open(&path).expect("open");
        let t = Instant::now();
        let ratings = store.rebuild_ratings().expect("ratings");
        let rated = t.elapsed();
        let t = Instant::now();
        store.rebuild_summaries().expect("summaries");
        let summed = t.elapsed();
        let (games, moves) = store.counts().expect("counts");
        let heavy = store
            .games_of(UserId(HEAVY), GameFilter::All, u32::MAX)
            .expect("games")
            .len();
        drop(store);
        println!(
            "{games} games, {moves} moves ({} MB; the heaviest player has {heavy} games): grown \
             in {:.2} s, ratings rebuilt in {:.2} s ({} rated games), summaries in {:.2} s",
            std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0) / 1_000_000,
            grown.as_secs_f64(),
            rated.as_secs_f64(),
            ratings.games,
            summed.as_secs_f64()
        );
        let figures = measure(&path, runs);
        for (what, d) in &figures {
            println!("  {what:<40} {:>8.3} ms", d.as_secs_f64() * 1000.0);
        }
        table.push((games, figures));
    }
    if let (Some((small, first)), Some((large, last))) = (table.first(), table.last()) {
        println!("growth {small} -> {large} games (target: at most 2x; each at most 2 ms, start-up 200 ms):");
        for ((what, a), (_, b)) in first.iter().zip(last) {
            println!(
                "  {what:<40} {:>6.2}x ({:.3} -> {:.3} ms)",
                b.as_secs_f64() / a.as_secs_f64().max(1e-9),
                a.as_secs_f64() * 1000.0,
                b.as_secs_f64() * 1000.0
            );
        }
    }
    // Start-up with the file out of the page cache (needs the right to drop the caches).
    match cold_open(&path) {
        Some(d) => println!(
            "start-up, cold cache, at the largest size: {:.1} ms",
            d.as_secs_f64() * 1000.0
        ),
        None => println!(
            "start-up, cold cache: not measured (writing /proc/sys/vm/drop_caches needs root)"
        ),
    }
    if let Some(keep) = keep {
        std::fs::copy(&path, &keep).expect("keep the database");
        println!("the largest database kept at {keep} (for `bao-bot db check` / `db backup`)");
    }
    // The migration of a database from before this change, at the largest size.
    downgrade(&path);
    let t = Instant::now();
    let store = Store::open(&path).expect("migrate");
    println!(
        "migration from schema 16 at {} games: {:.2} s",
        store.counts().expect("counts").0,
        t.elapsed().as_secs_f64()
    );
    let wrong = store.check_summaries().expect("check");
    assert!(wrong.is_empty(), "the migrated summaries differ: {wrong:?}");
}
