//! A live clocked game through the real Discord front end, the real app and store, against
//! the loopback stand-in (issue 37): the board message's countdown (`<t:UNIX:R>`) says when
//! the flag falls; the bot is stopped mid-game and started again over the same database
//! three minutes later; the downtime is given back (said once in the game, with the new
//! countdown); the flag then falls on time, settled by the clock task without a claim; a
//! move after it gets a clear private answer. Time is a test's hand ([`ManualClock`]), so
//! nothing here waits for a real minute. Nothing leaves 127.0.0.1.

use crate::support;

use std::sync::Arc;
use std::time::Duration;

use bao_bot::app::{App, ManualClock, Settings};
use bao_bot::discord::{self, ClockTask, DiscordError, Outbox};
use bao_bot::store::{GameId, GameStatus, ResultReason, Store};
use support::fake_discord::payloads::{self, asha, baraka, Opt, GUILD};
use support::fake_discord::{FakeDiscord, Recorded};
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

const WAIT: Duration = Duration::from_secs(20);
/// 2026-12-01T09:00Z.
const T0: i64 = 1_796_115_600;

/// The bot over one app: the Discord front end and the clock task.
struct Bot {
    task: JoinHandle<Result<(), DiscordError>>,
    stop: oneshot::Sender<()>,
    clocks: ClockTask,
}

impl Bot {
    /// Starts the bot over `app` against `fake` and waits until its commands are registered.
    async fn start(fake: &FakeDiscord, app: Arc<App>) -> Bot {
        // Marked before the bot starts: its registration may come before this task runs again.
        let mark = fake.mark();
        let (outbox, outbox_rx) = Outbox::new();
        let clocks = discord::start_clocks(app.clone(), outbox);
        let (stop, stopped) = oneshot::channel::<()>();
        let conversation: Arc<dyn bao_bot::app::Conversation> = app;
        let task = tokio::spawn(discord::run_with_outbox(
            support::bot::config(fake),
            conversation,
            Some(outbox_rx),
            async {
                let _ = stopped.await;
            },
        ));
        fake.wait_for_since(
            mark,
            |r| r.is("PUT", "/api/v10/applications/*/commands"),
            WAIT,
        )
        .await;
        Bot { task, stop, clocks }
    }

    /// Stops the clock task (its last sign of life) and the front end.
    async fn stop(self) {
        tokio::task::spawn_blocking(move || self.clocks.stop())
            .await
            .expect("clock task");
        let _ = self.stop.send(());
        let _ = tokio::time::timeout(WAIT, self.task).await;
    }
}

/// A message the bot posted in the game's channel (not an interaction's answer) since
/// `mark` whose text contains `needle`.
async fn posted(fake: &FakeDiscord, mark: usize, needle: &str) -> Recorded {
    let path = format!("/api/v10/channels/{}/messages", GUILD.channel_id());
    fake.wait_for_since(
        mark,
        |r| r.is("POST", &path) && r.content().is_some_and(|c| c.contains(needle)),
        WAIT,
    )
    .await
}

/// The countdown of the running clock in a message: `out <t:UNIX:R>`.
fn countdown(text: &str) -> i64 {
    let start = text
        .find("out <t:")
        .unwrap_or_else(|| panic!("no countdown in {text:?}"))
        + "out <t:".len();
    let end = start + text[start..].find(":R>").expect("a relative timestamp");
    text[start..end].parse().expect("unix seconds")
}

/// Runs `/bao <sub>` as `who` (interaction `id`) and returns the first answer with text.
async fn command(
    fake: &FakeDiscord,
    id: u64,
    who: &payloads::Who,
    sub: &str,
    opts: &[Opt],
) -> String {
    fake.send_interaction(payloads::slash(id, who, GUILD, sub, opts));
    fake.answer_with(id, "", WAIT)
        .await
        .content()
        .unwrap_or_default()
        .to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_gives_the_downtime_back_and_the_flag_falls_on_time() {
    let dir = tempfile::tempdir().expect("tempdir");
    let db = dir.path().join("bao.db");
    let clock = Arc::new(ManualClock::new(T0));
    let settings = Settings {
        animation: false,
        ..Settings::default()
    };
    let open = |clock: &Arc<ManualClock>| {
        let store = Arc::new(Store::open(&db).expect("store"));
        Arc::new(App::new(store, clock.clone(), settings.clone()))
    };
    let fake = FakeDiscord::start().await;

    // The first run: a 1+0 challenge, accepted, both first moves in their grace.
    let bot = Bot::start(&fake, open(&clock)).await;
    let challenge = command(
        &fake,
        1,
        &asha(),
        "challenge",
        &[
            Opt::User("opponent", baraka()),
            Opt::Int("side", 0),
            Opt::Str("clock", "1+0".into()),
        ],
    )
    .await;
    assert!(
        challenge.contains("clock 1+0 (1 minute each, no increment)"),
        "{challenge}"
    );
    let accepted = command(&fake, 2, &baraka(), "accept", &[]).await;
    assert!(
        accepted.contains("to make a first move, grace ends <t:"),
        "{accepted}"
    );
    command(
        &fake,
        3,
        &asha(),
        "move",
        &[Opt::Str("move", "a6 left".into())],
    )
    .await;
    let board = command(
        &fake,
        4,
        &baraka(),
        "move",
        &[Opt::Str("move", "a6 left capture".into())],
    )
    .await;
    // Asha's minute runs from the moment Baraka's move was stored.
    assert_eq!(countdown(&board), T0 + 60, "{board}");

    // 20 seconds into her minute the bot stops, and stays down for three minutes.
    clock.advance(20);
    bot.stop().await;
    clock.advance(180);

    // The second run, over the same database: the downtime is given back before anything
    // falls due (her flag was due during the downtime), and said once in the game.
    let mark = fake.mark();
    let app = open(&clock);
    let bot = Bot::start(&fake, app.clone()).await;
    let note = posted(&fake, mark, "offline").await;
    let text = note.content().unwrap_or_default().to_string();
    assert!(
        text.contains("the bot was offline for 3 minutes during game 1"),
        "{text}"
    );
    assert!(text.contains("**asha (South)** \u{25b6} 0:40"), "{text}");
    let flag_at = T0 + 200 + 40;
    assert_eq!(countdown(&text), flag_at, "{text}");
    assert_eq!(
        note.body()["allowed_mentions"]["users"][0],
        asha().id.to_string()
    );
    let game = |app: &App| {
        app.store()
            .game(GameId(1))
            .expect("store")
            .expect("the game")
    };
    assert_eq!(game(&app).status, GameStatus::Active);

    // A second before the flag: the low-time ping (once), and the game goes on.
    clock.set(flag_at - 1);
    app.wake_clocks();
    let ping = posted(&fake, mark, "left on your clock").await;
    assert!(
        ping.content()
            .unwrap_or_default()
            .contains("0:01 left on your clock in game 1"),
        "{:?}",
        ping.content()
    );
    assert_eq!(game(&app).status, GameStatus::Active);

    // The flag: Baraka wins on time, told in the game's channel; nobody claimed. (The clock
    // task settles a flag a moment after it falls, for a move that arrived in time.)
    clock.set(flag_at);
    app.wake_clocks();
    let allowance = bao_bot::app::ARRIVAL_ALLOWANCE.as_millis() as i64;
    tokio::time::sleep(Duration::from_millis(50)).await;
    assert_eq!(game(&app).status, GameStatus::Active);
    clock.set_ms(flag_at * 1000 + allowance);
    app.wake_clocks();
    let result = posted(&fake, mark, "wins on time").await;
    let text = result.content().unwrap_or_default().to_string();
    assert!(
        text.starts_with("asha's clock ran out.\n**baraka (North) wins on time**."),
        "{text}"
    );
    assert!(
        text.contains("Clock 1+0: asha (South) 0:00 \u{b7} baraka (North) 1:00"),
        "{text}"
    );
    assert!(result.has_png(), "the final board has no picture");
    let ended = game(&app);
    assert_eq!(ended.status, GameStatus::Finished);
    assert_eq!(ended.reason, Some(ResultReason::OutOfTime));
    assert_eq!(ended.winner, Some(bao_bot::rules::Side::North));

    // A move after the flag: a clear private answer, nothing played.
    fake.send_interaction(payloads::slash(
        5,
        &asha(),
        GUILD,
        "move",
        &[Opt::Str("move", "a7 right".into())],
    ));
    let late = fake.answer_with(5, "time ran out", WAIT).await;
    assert!(late.is_ephemeral(), "{}", late.body());
    assert_eq!(game(&app).ply, 2);
    let notes = fake.count(|r| r.content().is_some_and(|c| c.contains("offline")));
    assert_eq!(notes, 1, "the downtime was said more than once");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_clock_option_suggests_the_presets_and_takes_any_value() {
    let fake = FakeDiscord::start().await;
    let store = Arc::new(Store::open_in_memory().expect("store"));
    let app = Arc::new(App::new(
        store,
        Arc::new(ManualClock::new(T0)),
        Settings::default(),
    ));
    let bot = Bot::start(&fake, app).await;
    let typed = |id: u64, value: &str| {
        payloads::autocomplete(
            id,
            &asha(),
            GUILD,
            "challenge",
            &[
                Opt::User("opponent", baraka()),
                Opt::Str("clock", value.into()),
            ],
            "clock",
        )
    };
    let choices = |r: &Recorded| -> Vec<(String, String)> {
        r.body()["data"]["choices"]
            .as_array()
            .expect("choices")
            .iter()
            .map(|c| {
                (
                    c["name"].as_str().unwrap_or_default().to_string(),
                    c["value"].as_str().unwrap_or_default().to_string(),
                )
            })
            .collect()
    };
    fake.send_interaction(typed(1, ""));
    let all = choices(&fake.wait_for(|r| r.is_callback_for(1), WAIT).await);
    let values: Vec<&str> = all.iter().map(|c| c.1.as_str()).collect();
    assert_eq!(values, ["1+1", "5+3", "3+2", "10+5", "15+10", "3d+1d"]);
    assert!(
        all[5].0.starts_with("correspondence 3d+1d (3 days each"),
        "{all:?}"
    );
    // A value of one's own is offered as typed, first.
    fake.send_interaction(typed(2, "7+5"));
    let own = choices(&fake.wait_for(|r| r.is_callback_for(2), WAIT).await);
    assert_eq!(own[0].1, "7+5", "{own:?}");
    // The challenge with it: the clock the player typed.
    let challenge = command(
        &fake,
        3,
        &asha(),
        "challenge",
        &[
            Opt::User("opponent", baraka()),
            Opt::Str("clock", "7+5".into()),
        ],
    )
    .await;
    assert!(
        challenge.contains("clock 7+5 (7 minutes each, 5 seconds a move)"),
        "{challenge}"
    );
    // A bad one is refused privately, with the form and the presets.
    fake.send_interaction(payloads::slash(
        4,
        &asha(),
        payloads::Place::Dm { channel_id: 77 },
        "ai",
        &[Opt::Str("clock", "5+".into())],
    ));
    let refused = fake.answer_with(4, "is not a clock", WAIT).await;
    assert!(refused.is_ephemeral());
    assert!(refused
        .content()
        .unwrap_or_default()
        .contains("Presets: bullet 1+1"));
    bot.stop().await;
}
