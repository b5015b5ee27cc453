//! Fair drawing through the loopback stand-in for Discord (issue 51): a move's board is
//! drawn before replays that wait, a user has one replay drawn at a time, past the bound of
//! the replays' queue a replay is refused privately with the wait, and a finished game's
//! replay is drawn once.

use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::support::bot;
use crate::support::fake_discord::payloads::{self, asha, baraka, token_for, Opt, Place, Who};
use crate::support::fake_discord::{FakeDiscord, Recorded};
use bao_bot::app::{App, Command, GameId, Settings, SystemClock, User};
use bao_bot::render::{Urgency, LATER_QUEUE_LIMIT};
use bao_bot::rules::{Position, Side};
use bao_bot::store::{GameStatus, Store};

const WAIT: Duration = Duration::from_secs(30);
const GUILD_ID: u64 = 1_300_000_000_000_000_001;
/// Where the running game is played.
const LIVE: Place = Place::Guild {
    guild_id: GUILD_ID,
    channel_id: 1_300_000_000_000_000_002,
};
/// Where the finished game was played.
const STUDY: Place = Place::Guild {
    guild_id: GUILD_ID,
    channel_id: 1_300_000_000_000_000_077,
};

fn store_place(p: Place) -> bao_bot::store::Place {
    bao_bot::store::Place::Channel {
        guild: GUILD_ID,
        channel: p.channel_id(),
    }
}

fn user(who: &Who) -> User {
    User::new(who.id, &who.name)
}

/// Starts a game at `place` between Asha (South) and Baraka, through the app.
fn start(app: &App, place: Place) {
    crate::support::games::start_game(app, &store_place(place), &user(&asha()), &user(&baraka()));
}

/// Plays up to `plies` plies of the game at `place` (every seventh legal move, round the
/// list, until it would end), then Baraka resigns when `resign`; returns the game's id.
fn play(app: &App, place: Place, plies: usize, resign: bool) -> GameId {
    let here = store_place(place);
    let id = app.store().game_in(&here).expect("store").expect("game").id;
    for k in 0..plies {
        let game = app.store().game_in(&here).expect("store").expect("game");
        let pos: Position = game.position.parse().expect("position");
        let legal = pos.legal_moves();
        let Some(mv) = (0..legal.len())
            .map(|i| legal[(k * 7 + i) % legal.len()])
            .find(|m| !pos.play_unchecked(m).is_over())
        else {
            break;
        };
        let who = if pos.turn() == Side::South {
            asha()
        } else {
            baraka()
        };
        let text = mv.to_string();
        app.handle(&user(&who), &here, Command::Move { text, game: None })
            .expect("move");
    }
    if resign {
        app.handle(&user(&baraka()), &here, Command::Resign)
            .expect("resign");
    }
    id
}

/// The first request answering interaction `id` with a message.
async fn answer(fake: &FakeDiscord, id: u64) -> Recorded {
    let token = token_for(id);
    fake.wait_for(|r| r.uses_token(&token) && r.content().is_some(), WAIT)
        .await
}

/// Whether interaction `id` has been answered with a message since `mark`.
fn answered(fake: &FakeDiscord, mark: usize, id: u64) -> bool {
    let token = token_for(id);
    let mut seen = false;
    fake.scan(mark, |r| {
        seen |= r.uses_token(&token) && r.content().is_some()
    });
    seen
}

/// Waits (bounded) until `ok` holds.
async fn until(what: &str, ok: impl Fn() -> bool) {
    let deadline = Instant::now() + WAIT;
    while !ok() {
        assert!(Instant::now() < deadline, "never: {what}");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

fn replay(id: u64, who: &Who, game: i64, from: u32) -> serde_json::Value {
    payloads::slash(
        id,
        who,
        STUDY,
        "bao-replay",
        &[
            Opt::Str("game", game.to_string()),
            Opt::Int("from", i64::from(from)),
        ],
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_moves_board_goes_before_waiting_replays_and_replays_are_bounded() {
    let store = Arc::new(Store::open_in_memory().expect("store"));
    let settings = Settings {
        render_workers: 2,
        ..Settings::default()
    };
    let app = Arc::new(App::new(store.clone(), Arc::new(SystemClock), settings));
    start(&app, STUDY);
    let studied = play(&app, STUDY, 24, true);
    let finished = store
        .game(studied)
        .expect("store")
        .expect("the studied game");
    assert_eq!(finished.status, GameStatus::Finished);
    assert!(
        finished.ply >= LATER_QUEUE_LIMIT as u32,
        "{} plies",
        finished.ply
    );
    let game = finished.id.0;
    start(&app, LIVE);
    let fake = FakeDiscord::start().await;
    let running = bot::start(&fake, app.clone(), WAIT).await;
    let mark = fake.mark();
    let pool = app.render_pool();

    // The worker that draws replays is held: every replay now waits in its queue.
    let (release, held) = std::sync::mpsc::channel::<()>();
    let holder = {
        let app = app.clone();
        std::thread::spawn(move || {
            app.render_pool().run_as(Urgency::Later, move || {
                let _ = held.recv();
            })
        })
    };
    until("the replays' worker is held", || {
        pool.in_hand() == 1 && pool.waiting() == 0
    })
    .await;

    // Carol's replay waits; her second is refused privately with the wait.
    let carol = Who::new(1_400_000_000_000_000_003, "carol");
    fake.send_interaction(replay(801, &carol, game, 0));
    until("Carol's replay waits", || pool.later_waiting() == 1).await;
    fake.send_interaction(replay(802, &carol, game, 1));
    let second = answer(&fake, 802).await;
    assert!(second.is_ephemeral(), "{}", second.body());
    assert!(second.files.is_empty());
    let words = second.content().unwrap_or_default();
    assert!(words.contains("still being drawn"), "{words}");
    assert!(words.contains("ask again in about"), "{words}");

    // Others fill the queue (each a different picture); past its bound the next is refused.
    let others: Vec<(u64, Who)> = (1..LATER_QUEUE_LIMIT as u64)
        .map(|k| {
            (
                810 + k,
                Who::new(1_400_000_000_000_000_100 + k, &format!("user{k}")),
            )
        })
        .collect();
    for (k, (id, who)) in others.iter().enumerate() {
        fake.send_interaction(replay(*id, who, game, k as u32 + 1));
    }
    until("the replays' queue is full", || {
        pool.later_waiting() == LATER_QUEUE_LIMIT
    })
    .await;
    let late = Who::new(1_400_000_000_000_000_099, "late");
    fake.send_interaction(replay(809, &late, game, 0));
    let refused = answer(&fake, 809).await;
    assert!(refused.is_ephemeral(), "{}", refused.body());
    let words = refused.content().unwrap_or_default();
    assert!(words.contains("Many replays"), "{words}");
    assert!(words.contains("ask again in about"), "{words}");

    // A move in the running game is answered with its board while every replay waits.
    let mv = [Opt::Str("move", "a6 left".into())];
    fake.send_interaction(payloads::slash(830, &asha(), LIVE, "move", &mv));
    let moved = answer(&fake, 830).await;
    assert!(
        moved.has_png() || moved.files.iter().any(|f| f.filename.ends_with(".gif")),
        "{}",
        fake.describe_requests()
    );
    assert!(
        !answered(&fake, mark, 801),
        "Carol's replay is still waiting"
    );
    assert!(others.iter().all(|(id, _)| !answered(&fake, mark, *id)));
    assert_eq!(pool.later_waiting(), LATER_QUEUE_LIMIT);

    // Released: every waiting replay is drawn and posted publicly.
    release.send(()).expect("release");
    assert!(holder.join().expect("holder").is_ok());
    let carols = answer(&fake, 801).await;
    assert!(!carols.is_ephemeral(), "{}", carols.body());
    assert!(carols.files[0].filename.ends_with(".gif"));
    for (id, _) in &others {
        let r = answer(&fake, *id).await;
        assert!(!r.is_ephemeral(), "{}", r.body());
        assert_eq!(r.files.len(), 1, "{}", r.body());
    }

    // The finished game's replay was kept: asked again, it is not drawn again.
    let drawn = app.picture_cache().figures().draws;
    fake.send_interaction(replay(840, &carol, game, 0));
    let again = answer(&fake, 840).await;
    assert_eq!(again.files.len(), 1, "{}", again.body());
    assert_eq!(again.files[0].bytes, carols.files[0].bytes);
    assert_eq!(app.picture_cache().figures().draws, drawn);
    assert!(app.picture_cache().figures().hits >= 1);
    let _ = running.stop().await;
}
