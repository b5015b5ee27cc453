//! What the clock task costs with 1,000 running clocked games (issue 37).
//!
//! `cargo bench --bench clock_cpu` stores 1,000 games on a 10+5 clock in a database file,
//! their first moves made so every clock runs, and runs the clock task
//! ([`bao_bot::app::run_clocks`]) on its own thread for 60 s while a feeder thread plays
//! 100 moves a second across the games (each game moving every 10 s on average), stored and
//! signalled as the app does. It prints the CPU time of the clock task's thread (from
//! `/proc/thread-self/schedstat`, Linux) as a share of one core, its wake-ups, and the same
//! for 60 s with no moves at all (heartbeats only). The target is under 1% of a core.
//!
//! Under `cargo test` it runs 50 games for a second, as a smoke test.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use bao_bot::app::{run_clocks, App, Clock, Settings, SystemClock};
use bao_bot::rules::{Position, Variant};
use bao_bot::store::{
    GameId, NewChallenge, NewMove, Place, Player, SideChoice, Store, TimeControl, UserId,
};

/// CPU time this thread has used so far, from the kernel (Linux); `None` elsewhere.
fn thread_cpu() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(ns))
}

/// Plays the first legal move of `game` for its player to move, arriving and stored now.
fn play(store: &Store, app: &App, id: GameId, now_ms: i64) -> bool {
    let Ok(Some(game)) = store.game(id) else {
        return false;
    };
    let Ok(pos) = game.position.parse::<Position>() else {
        return false;
    };
    let Some(mv) = pos.legal_moves().first().copied() else {
        return false;
    };
    let Some(by) = game.player(pos.turn()).cloned() else {
        return false;
    };
    let Ok((next, _)) = pos.play(&mv) else {
        return false;
    };
    let new = NewMove {
        text: &mv.to_string(),
        by: &by,
        position_after: &next.to_string(),
        now: now_ms / 1000,
        deadline: None,
        end: next.winner().map(|w| bao_bot::store::GameEnd {
            winner: Some(w),
            reason: next
                .end_reason()
                .map(bao_bot::store::ResultReason::from_rules)
                .unwrap_or(bao_bot::store::ResultReason::NoLegalMove),
        }),
    };
    match store.record_move_at(id, game.ply, &new, now_ms, now_ms) {
        Ok(g) => {
            // As the app does after a move.
            app.clock_signal()
                .ring_for(g.clock.and_then(|c| c.next_due()).map(|(at, _)| at));
            true
        }
        Err(_) => false,
    }
}

/// The games: `n` on a 10+5 clock, both first moves made.
fn setup(store: &Store, app: &App, n: u64) -> Vec<GameId> {
    let now = SystemClock.now_ms();
    let control: TimeControl = "10+5".parse().expect("a clock");
    (0..n)
        .map(|i| {
            let (south, north) = (UserId(10 + 2 * i), UserId(11 + 2 * i));
            let new = NewChallenge {
                place: Place::Channel {
                    guild: 1,
                    channel: 1000 + i,
                },
                variant: Variant::Kiswahili,
                start_position: Position::start(Variant::Kiswahili).to_string(),
                challenger: south,
                challenged: north,
                challenger_side: SideChoice::South,
                time_per_move: None,
                now: now / 1000,
                expires_at: now / 1000 + 3600,
                rated: false,
                hints: false,
            };
            let g = store
                .create_clocked_challenge(&new, false, control)
                .expect("challenge");
            store
                .accept_challenge_at(
                    g.id,
                    &Player::Human(south),
                    &Player::Human(north),
                    now,
                    None,
                )
                .expect("accept");
            assert!(play(store, app, g.id, now) && play(store, app, g.id, now));
            g.id
        })
        .collect()
}

/// Runs the clock task for `secs` with `per_second` moves fed meanwhile; returns the task
/// thread's CPU time and how many batches of messages it handed over.
fn measure(app: &Arc<App>, games: &[GameId], secs: u64, per_second: u64) -> (Duration, u64) {
    let batches = Arc::new(AtomicU64::new(0));
    let task = {
        let (app, batches) = (app.clone(), batches.clone());
        std::thread::spawn(move || {
            let start = thread_cpu().unwrap_or_default();
            let mut deliver = |notices: Vec<bao_bot::app::Notice>| {
                if !notices.is_empty() {
                    batches.fetch_add(1, Ordering::Relaxed);
                }
                true
            };
            run_clocks(&app, &mut deliver);
            thread_cpu().unwrap_or_default() - start
        })
    };
    let done = Arc::new(AtomicBool::new(false));
    let feeder = {
        let (app, games, done) = (app.clone(), games.to_vec(), done.clone());
        std::thread::spawn(move || {
            let mut k: u64 = 0;
            let began = Instant::now();
            while !done.load(Ordering::Relaxed) && per_second > 0 {
                let id = games[(k.wrapping_mul(7919) % games.len() as u64) as usize];
                play(app.store(), &app, id, SystemClock.now_ms());
                k += 1;
                // Keep to the rate.
                let due = Duration::from_micros(k * 1_000_000 / per_second);
                if let Some(wait) = due.checked_sub(began.elapsed()) {
                    std::thread::sleep(wait);
                }
            }
            k
        })
    };
    std::thread::sleep(Duration::from_secs(secs));
    done.store(true, Ordering::Relaxed);
    let moves = feeder.join().expect("feeder");
    app.clock_signal().stop();
    let cpu = task.join().expect("clock task");
    println!(
        "  {moves} moves fed in {secs} s; the clock task used {:.1} ms of CPU: {:.3}% of a core",
        cpu.as_secs_f64() * 1e3,
        cpu.as_secs_f64() / secs as f64 * 100.0
    );
    (cpu, batches.load(Ordering::Relaxed))
}

fn main() {
    let full = std::env::args().any(|a| a == "--bench");
    let (games, secs) = if full { (1000, 60) } else { (50, 1) };
    if thread_cpu().is_none() {
        println!("no /proc/thread-self/schedstat here: the CPU time cannot be read");
        return;
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let store = Arc::new(Store::open(dir.path().join("bao.db")).expect("store"));
    let app = Arc::new(App::new(
        store.clone(),
        Arc::new(SystemClock),
        Settings::default(),
    ));
    let began = Instant::now();
    let ids = setup(&store, &app, games);
    println!(
        "{games} games on 10+5, every clock running (set up in {:.1} s)",
        began.elapsed().as_secs_f64()
    );
    println!("with 100 moves a second:");
    let (busy, _) = measure(&app, &ids, secs, 100);
    // A fresh app (a stopped task's signal stays stopped) over the same store.
    let app = Arc::new(App::new(store, Arc::new(SystemClock), Settings::default()));
    println!("with no moves:");
    let (idle, _) = measure(&app, &ids, secs, 0);
    let share = |d: Duration| d.as_secs_f64() / secs as f64 * 100.0;
    if full {
        println!(
            "clock task with {games} running clocked games: {:.3}% of a core while they move, \
             {:.3}% idle (target: under 1%)",
            share(busy),
            share(idle)
        );
    }
}
