//! How close to its exact moment a live clock's flag falls, end to end (issue 37): the real
//! serenity client, the real app over a database file, the clock task, and the loopback
//! stand-in for Discord.
//!
//! `cargo bench --bench loopback -- clock_flags` starts 100 games on a 1+0 clock, plays both first
//! moves of each (in their grace), the second ones 50 ms apart, and lets every game run out
//! of time: each player is pinged at 30 s left, and each game ends on time a minute after
//! its clock started. For every game it prints how late the result reached the stand-in
//! after the exact moment the stored clock says (min, median, p95, max; the target is
//! within 1.5 s; the clock task settles a flag 250 ms after it falls, for a move that arrived
//! in time). Then 100 more whose clocks all start at once, so that all their flags fall
//! in the same millisecond (the worst case: every result drawn at once). It takes about
//! 2.5 minutes of real time.
//!
//! Under `cargo test` it runs three games on a clock moved by hand, as a smoke test.

use crate::support;

use std::sync::Arc;
use std::time::{Duration, Instant};

use bao_bot::app::{App, Clock, Command, ManualClock, Settings, SideChoice, SystemClock, User};
use bao_bot::discord::{self, Outbox};
use bao_bot::store::{Place as StorePlace, Store};
use support::fake_discord::FakeDiscord;

const GUILD: u64 = 1_300_000_000_000_000_001;
const FIRST_CHANNEL: u64 = 60_000;

fn percentile(sorted: &[i64], p: f64) -> i64 {
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

fn place(channel: u64) -> StorePlace {
    StorePlace::Channel {
        guild: GUILD,
        channel,
    }
}

/// Asha (South) and Baraka on a 1+0 clock in `channel`, Asha's first move made: returns
/// nothing; Baraka's first move starts her clock.
fn start(app: &App, channel: u64, asha: &User, baraka: &User) {
    let here = place(channel);
    let challenge = Command::Challenge {
        opponent: baraka.clone(),
        variant: None,
        side: Some(SideChoice::South),
        time_per_move: None,
        rules: None,
        rated: None,
        hints: None,
        clock: Some("1+0".into()),
        cap: None,
    };
    app.handle(asha, &here, challenge).expect("challenge");
    app.handle(baraka, &here, Command::Accept).expect("accept");
    let mv = |text: &str| Command::Move {
        text: text.into(),
        game: None,
    };
    app.handle(asha, &here, mv("a6 left")).expect("move");
}

/// Baraka's first move in the game at `here`, stored as of `at_ms`, as the app stores it.
fn at_once(app: &App, here: &StorePlace, baraka: &User, at_ms: i64) {
    let game = app.store().game_in(here).expect("store").expect("game");
    let pos: bao_bot::rules::Position = game.position.parse().expect("position");
    let (mv, next, _) = pos.play_text("a6 left capture").expect("legal");
    let new = bao_bot::store::NewMove {
        text: &mv.to_string(),
        by: &bao_bot::store::Player::Human(baraka.id),
        position_after: &next.to_string(),
        now: at_ms / 1000,
        deadline: None,
        end: None,
    };
    app.store()
        .record_move_at(game.id, game.ply, &new, at_ms, at_ms)
        .expect("move");
    app.wake_clocks();
}

pub fn main() {
    let full = std::env::args().any(|a| a == "--bench");
    let games: u64 = if full { 100 } else { 3 };
    run(full, games, if full { 50 } else { 0 });
    if full {
        run(full, games, 0);
    }
}

/// Plays `games` games to their flags, their clocks started `apart_ms` apart, and prints
/// how late each result came.
fn run(full: bool, games: u64, apart_ms: u64) {
    let hand = (!full).then(|| Arc::new(ManualClock::new(1_796_115_600)));
    let clock: Arc<dyn Clock> = match &hand {
        Some(h) => h.clone(),
        None => Arc::new(SystemClock),
    };
    let dir = tempfile::tempdir().expect("tempdir");
    let store = Arc::new(Store::open(dir.path().join("bao.db")).expect("store"));
    let settings = Settings {
        animation: false,
        ..Settings::default()
    };
    let app = Arc::new(App::new(store.clone(), clock.clone(), settings));
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("runtime");
    runtime.block_on(async move {
        let fake = FakeDiscord::start().await;
        let (outbox, outbox_rx) = Outbox::new();
        let clocks = discord::start_clocks(app.clone(), outbox);
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let conversation: Arc<dyn bao_bot::app::Conversation> = app.clone();
        let bot = tokio::spawn(discord::run_with_outbox(
            support::bot::config(&fake),
            conversation,
            Some(outbox_rx),
            async {
                let _ = stopped.await;
            },
        ));
        let wait = Duration::from_secs(20);
        fake.wait_for_ready(wait).await;
        fake.wait_for(|r| r.is("PUT", "/api/v10/applications/*/commands"), wait)
            .await;

        // The games, then their clocks started 50 ms apart: (channel, exact flag in ms).
        let worker = app.clone();
        let flags: Vec<(u64, i64)> = tokio::task::spawn_blocking(move || {
            let (asha, baraka) = (User::new(1, "asha"), User::new(2, "baraka"));
            for g in 0..games {
                start(&worker, FIRST_CHANNEL + g, &asha, &baraka);
            }
            // All at once: every second move stored as of one moment, a second from now.
            let together = worker.now_ms() + 1000;
            (0..games)
                .map(|g| {
                    let here = place(FIRST_CHANNEL + g);
                    if apart_ms == 0 {
                        at_once(&worker, &here, &baraka, together);
                    } else {
                        let mv = Command::Move {
                            text: "a6 left capture".into(),
                            game: None,
                        };
                        worker.handle(&baraka, &here, mv).expect("move");
                    }
                    let game = worker.store().game_in(&here).expect("store").expect("game");
                    let flag = game
                        .clock
                        .and_then(|c| c.flag_at_ms())
                        .expect("a running clock");
                    std::thread::sleep(Duration::from_millis(apart_ms));
                    (FIRST_CHANNEL + g, flag)
                })
                .collect()
        })
        .await
        .expect("setup");
        // Real time to the instant and the unix ms of the stand-in's records.
        let (base_instant, base_ms) = (Instant::now(), clock.now_ms());
        if let Some(hand) = &hand {
            // A clock moved by hand: every ping at once, then every flag.
            let last = flags.iter().map(|f| f.1).max().unwrap_or(0);
            // The clock task settles ARRIVAL_ALLOWANCE behind the clock, pings included.
            let allowance = bao_bot::app::ARRIVAL_ALLOWANCE.as_millis() as i64;
            hand.set_ms(last - 30_000 + allowance);
            app.wake_clocks();
            let pinged = fake
                .wait_until(wait, || {
                    let n = fake.count(|r| {
                        r.content()
                            .is_some_and(|c| c.contains("left on your clock"))
                    });
                    (n as u64 >= games).then_some(())
                })
                .await;
            assert!(
                pinged.is_some(),
                "not every player was pinged; the stand-in got: {:?}",
                fake.requests()
                    .iter()
                    .map(|r| format!("{} {} {:?}", r.method, r.path, r.content()))
                    .collect::<Vec<_>>()
            );
            hand.set_ms(last + allowance);
            app.wake_clocks();
        }
        let ended = fake
            .wait_until(Duration::from_secs(150), || {
                let n = fake.count(|r| {
                    r.method == "POST"
                        && r.path.starts_with("/api/v10/channels/")
                        && r.content().is_some_and(|c| c.contains("wins on time"))
                });
                (n as u64 >= games).then_some(())
            })
            .await;
        assert!(ended.is_some(), "not every game ended on time");
        let requests = fake.requests();
        let mut late: Vec<i64> = flags
            .iter()
            .map(|(channel, flag)| {
                let path = format!("/api/v10/channels/{channel}/messages");
                let result = requests
                    .iter()
                    .filter(|r| {
                        r.is("POST", &path)
                            && r.content().is_some_and(|c| c.contains("wins on time"))
                    })
                    .collect::<Vec<_>>();
                assert_eq!(result.len(), 1, "channel {channel}: one result");
                let seen = base_ms
                    + result[0]
                        .at
                        .checked_duration_since(base_instant)
                        .map_or(0, |d| d.as_millis() as i64);
                seen - flag
            })
            .collect();
        late.sort();
        let pings = fake.count(|r| {
            r.content()
                .is_some_and(|c| c.contains("left on your clock"))
        });
        assert_eq!(pings as u64, games, "one low-time ping per game");
        if full {
            let within = late.iter().filter(|&&ms| (0..=1500).contains(&ms)).count();
            println!(
                "{games} games on 1+0 ending on time ({}; {pings} pings): the result reached the stand-in after the exact flag by min {} ms, \
                 median {} ms, p95 {} ms, max {} ms; {within} of {games} within 1.5 s",
                if apart_ms == 0 {
                    "every flag in the same millisecond".to_string()
                } else {
                    format!("clocks started {apart_ms} ms apart")
                },
                late[0],
                percentile(&late, 0.5),
                percentile(&late, 0.95),
                late[late.len() - 1]
            );
        } else {
            println!("smoke: {games} games ended on time, each told once");
        }
        tokio::task::spawn_blocking(move || clocks.stop())
            .await
            .expect("clock task");
        let _ = stop.send(());
        let _ = tokio::time::timeout(wait, bot).await;
    });
}
