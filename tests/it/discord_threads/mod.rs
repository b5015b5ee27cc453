//! Games in threads end to end: the real serenity/poise client, the real app and store,
//! against the loopback stand-in for Discord. An accepted challenge opens a public thread on
//! the challenge message and its game is played there (board, buttons, moves, commands typed
//! in the thread); two games run at once under one channel; the end posts one line in the
//! parent and archives the thread; without the permission (or when Discord refuses) the
//! game stays in the channel and the challenger is told once, privately; a thread holds one
//! game; `placement channel` takes effect for the next challenge. Nothing leaves 127.0.0.1.

mod one_game_per_channel;
mod server_settings;

use server_settings::{bao_settings, PLACEMENT, SETTINGS_TOPIC};

use std::sync::Arc;
use std::time::Duration;

use crate::support::fake_discord::payloads::{
    self, asha, baraka, token_for, with_app_permissions, Opt, Place, Who, ALL_PERMISSIONS,
    CREATE_PUBLIC_THREADS, GUILD,
};
use crate::support::fake_discord::{custom_ids, FakeDiscord, Recorded};
use bao_bot::app::{App, Clock, ManualClock, Settings, SystemClock};
use bao_bot::discord::{DiscordError, Outbox};
use bao_bot::store::{GameId, Store};
use serde_json::{json, Value};
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

const WAIT: Duration = Duration::from_secs(10);
const GUILD_ID: u64 = 1_300_000_000_000_000_001;

fn carol() -> Who {
    Who::new(1_400_000_000_000_000_003, "carol")
}

fn dan() -> Who {
    Who::new(1_400_000_000_000_000_004, "dan")
}

/// The app's name for a channel (or thread) of the test server.
fn app_place(channel: u64) -> bao_bot::store::Place {
    bao_bot::store::Place::Channel {
        guild: GUILD_ID,
        channel,
    }
}

struct Bot {
    task: JoinHandle<Result<(), DiscordError>>,
    stop: oneshot::Sender<()>,
    store: Arc<Store>,
    app: Arc<App>,
    outbox: Outbox,
}

impl Bot {
    async fn stop(self) {
        let _ = self.stop.send(());
        let _ = tokio::time::timeout(WAIT, self.task).await;
    }
}

/// The bot as `bao-bot run` builds it: its front end opens threads.
async fn start_bot(fake: &FakeDiscord) -> Bot {
    start_bot_at(fake, Arc::new(SystemClock)).await
}

/// [`start_bot`] telling time by `clock`, with an outbox for what the app sends on its own.
async fn start_bot_at(fake: &FakeDiscord, clock: Arc<dyn Clock>) -> Bot {
    let store = Arc::new(Store::open_in_memory().expect("store"));
    let settings = Settings {
        threads: true,
        animation: false,
        ..Settings::default()
    };
    let app = Arc::new(App::new(store.clone(), clock, settings));
    let conversation: Arc<dyn bao_bot::app::Conversation> = app.clone();
    let (running, outbox) = crate::support::bot::start_with_outbox(fake, conversation, WAIT).await;
    let crate::support::bot::Running { stop, task } = running;
    Bot {
        task,
        stop,
        store,
        app,
        outbox,
    }
}

impl Bot {
    /// Does what is due now (as the correspondence task does) and sends it.
    async fn tick(&self) {
        let app = self.app.clone();
        let notices = tokio::task::spawn_blocking(move || app.tick())
            .await
            .expect("tick")
            .expect("app");
        for n in notices {
            assert!(self.outbox.send(n));
        }
    }
}

/// The first request answering interaction `id` that carries a message.
async fn answer(fake: &FakeDiscord, id: u64) -> Recorded {
    let token = token_for(id);
    fake.wait_for(|r| r.uses_token(&token) && r.content().is_some(), WAIT)
        .await
}

/// A message of the bot as a button click carries it.
fn message(id: u64, channel: u64) -> Value {
    payloads::message(id, channel, &payloads::bot_user(), "board", json!([]))
}

/// `who` clicks button `custom_id` of message `msg` at `place` (interaction `id`); returns
/// the answer.
async fn click(
    fake: &FakeDiscord,
    id: u64,
    who: &Who,
    place: Place,
    custom_id: &str,
    msg: u64,
) -> Recorded {
    let on = message(msg, place.channel_id());
    fake.send_interaction(payloads::button(id, who, place, custom_id, on));
    answer(fake, id).await
}

/// `from` challenges `to` at `place` (interaction `id`); returns the challenge message's id
/// once the bot has recorded it, and its Accept button.
async fn challenge(
    fake: &FakeDiscord,
    bot: &Bot,
    id: u64,
    from: &Who,
    to: &Who,
    place: Place,
) -> (u64, String) {
    challenge_with(fake, bot, id, from, to, place, |v| v).await
}

/// [`challenge`] with the interaction changed by `change` first (the bot's permissions, the
/// channel's type).
async fn challenge_with(
    fake: &FakeDiscord,
    bot: &Bot,
    id: u64,
    from: &Who,
    to: &Who,
    place: Place,
    change: impl Fn(Value) -> Value,
) -> (u64, String) {
    let opts = [Opt::User("opponent", to.clone()), Opt::Int("side", 0)];
    fake.send_interaction(change(payloads::slash(id, from, place, "challenge", &opts)));
    let r = answer(fake, id).await;
    assert!(!r.is_ephemeral(), "{}", r.body());
    let token = token_for(id);
    let edit = fake
        .wait_for(
            |r| r.uses_token(&token) && !custom_ids(r.body()).is_empty(),
            WAIT,
        )
        .await;
    let accept = custom_ids(edit.body())
        .into_iter()
        .find(|i| i.starts_with("bao:accept:"))
        .expect("an Accept button");
    let msg = fake
        .original_message_of(&token)
        .expect("the challenge message");
    let game = GameId(
        accept
            .split(':')
            .nth(2)
            .and_then(|g| g.parse().ok())
            .expect("bao:accept:<game>:0"),
    );
    let recorded = fake
        .wait_until(WAIT, || {
            let g = bot.store.game(game).ok()??;
            (g.board_message == Some(msg)).then_some(())
        })
        .await;
    assert!(recorded.is_some(), "{}", fake.describe_requests());
    (msg, accept)
}

/// The thread opened on message `msg` of `channel`, once the bot asked for it.
async fn thread_opened(fake: &FakeDiscord, channel: u64, msg: u64) -> Recorded {
    fake.wait_for(
        |r| {
            r.is(
                "POST",
                &format!("/api/v10/channels/{channel}/messages/{msg}/threads"),
            )
        },
        WAIT,
    )
    .await
}

/// The board the bot posted in `channel` (with its PNG) and the buttons it then added.
async fn board_in(fake: &FakeDiscord, mark: usize, channel: u64) -> (u64, Vec<String>) {
    let path = format!("/api/v10/channels/{channel}/messages");
    let posted = fake
        .wait_for_since(
            mark,
            |r| r.is("POST", &path) && r.files.iter().any(|f| f.filename.ends_with(".png")),
            WAIT,
        )
        .await;
    let _ = posted;
    let edit = fake
        .wait_for_since(
            mark,
            |r| r.is("PATCH", &format!("{path}/*")) && custom_ids(r.body()).len() > 1,
            WAIT,
        )
        .await;
    let id: u64 = edit
        .path
        .rsplit('/')
        .next()
        .and_then(|s| s.parse().ok())
        .expect("a message id");
    (id, custom_ids(edit.body()))
}

fn game_of(bot: &Bot, place: u64) -> GameId {
    bot.store
        .game_in(&app_place(place))
        .expect("store")
        .expect("a game there")
        .id
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_games_in_threads_under_one_channel_moves_buttons_result_and_archive() {
    let fake = FakeDiscord::start().await;
    let bot = start_bot(&fake).await;
    let channel = GUILD.channel_id();

    // Asha challenges Baraka, and Carol challenges Dan: both wait in the channel at once.
    let (msg1, accept) = challenge(&fake, &bot, 101, &asha(), &baraka(), GUILD).await;
    let (msg2, _) = challenge(&fake, &bot, 201, &carol(), &dan(), GUILD).await;
    // Baraka accepts with the button.
    let mark = fake.mark();
    let accepted = click(&fake, 102, &baraka(), GUILD, &accept, msg1).await;
    assert!(!accepted.is_ephemeral());
    assert!(
        accepted.content().unwrap_or_default().contains("thread"),
        "{}",
        accepted.body()
    );
    // A public thread on the challenge message, named after the players and the game, a week.
    let open = thread_opened(&fake, channel, msg1).await;
    assert_eq!(open.body()["name"], "asha vs baraka · Bao la Kiswahili");
    assert_eq!(open.body()["auto_archive_duration"], 10080);
    assert_eq!(open.status, 200);
    let t1 = fake.thread(msg1).expect("the thread");
    assert_eq!((t1.id, t1.parent), (msg1, channel));
    // The board (and then its buttons) in the thread; none in the channel.
    let (board1, ids) = board_in(&fake, mark, t1.id).await;
    assert!(ids.iter().any(|i| i.starts_with("bao:m:")), "{ids:?}");
    let game1 = game_of(&bot, t1.id);
    let stored = bot.store.game_thread(game1).unwrap().expect("stored");
    assert_eq!((stored.thread, stored.parent), (t1.id, channel));
    assert!(bot.store.game_in(&app_place(channel)).unwrap().is_none());
    let pngs_in_channel = fake.count(|r| {
        r.is("POST", &format!("/api/v10/channels/{channel}/messages")) && !r.files.is_empty()
    });
    assert_eq!(pngs_in_channel, 0, "{}", fake.describe_requests());

    // Dan accepts the second challenge by typing: its own thread, in the same channel.
    let mark2 = fake.mark();
    fake.send_interaction(payloads::slash(202, &dan(), GUILD, "accept", &[]));
    answer(&fake, 202).await;
    thread_opened(&fake, channel, msg2).await;
    let t2 = GUILD.thread(msg2);
    board_in(&fake, mark2, msg2).await;
    let game2 = game_of(&bot, msg2);
    assert_ne!(game1, game2);

    // Asha moves by typing in her thread: the board is answered there, publicly.
    let in_t1 = GUILD.thread(t1.id);
    let mv = [Opt::Str("move", "a6 left".into())];
    fake.send_interaction(payloads::slash(103, &asha(), in_t1, "move", &mv));
    let moved = answer(&fake, 103).await;
    assert!(!moved.is_ephemeral(), "{}", moved.body());
    // The old board in the thread loses its buttons.
    let path = format!("/api/v10/channels/{}/messages/{board1}", t1.id);
    fake.wait_for(
        |r| r.is("PATCH", &path) && custom_ids(r.body()).is_empty(),
        WAIT,
    )
    .await;
    // Baraka answers with a button of the new board.
    let token = token_for(103);
    let edit = fake
        .wait_for(
            |r| r.uses_token(&token) && custom_ids(r.body()).len() > 1,
            WAIT,
        )
        .await;
    let button = custom_ids(edit.body())
        .into_iter()
        .find(|i| i.starts_with(&format!("bao:m:{game1}:1:")))
        .expect("Baraka's move buttons");
    let shown = fake.original_message_of(&token).expect("the board message");
    let recorded = fake
        .wait_until(WAIT, || {
            (bot.store.game(game1).ok()??.board_message == Some(shown)).then_some(())
        })
        .await;
    assert!(recorded.is_some());
    click(&fake, 104, &baraka(), in_t1, &button, shown).await;
    let after = fake
        .wait_until(WAIT, || {
            let g = bot.store.game(game1).ok()??;
            (g.ply == 2).then_some(g)
        })
        .await
        .expect("the button's move is played");
    assert_eq!(after.place, app_place(t1.id));

    // `/bao board` in the thread shows that game; `/bao games` links both threads.
    fake.send_interaction(payloads::slash(105, &dan(), in_t1, "board", &[]));
    let board = answer(&fake, 105).await;
    let png = format!("bao-{game1}-ply-2.png");
    assert!(
        board.files.iter().any(|f| f.filename == png),
        "{}",
        board.body()
    );
    fake.send_interaction(payloads::slash(106, &carol(), GUILD, "games", &[]));
    let games = answer(&fake, 106).await;
    assert!(games.is_ephemeral());
    let text = games.content().unwrap_or_default();
    assert!(text.contains(&format!("<#{msg2}>")), "{text}");

    // A challenge inside a game's thread is refused privately, saying where to go.
    let opts = [Opt::User("opponent", asha())];
    fake.send_interaction(payloads::slash(107, &dan(), t2, "challenge", &opts));
    let refused = answer(&fake, 107).await;
    assert!(refused.is_ephemeral());
    let text = refused.content().unwrap_or_default();
    assert!(text.contains("a thread holds one game"), "{text}");
    assert!(text.contains(&format!("<#{channel}>")), "{text}");

    // Asha resigns in her thread: the final board there, one line in the parent, archived.
    let mark3 = fake.mark();
    fake.send_interaction(payloads::slash(108, &asha(), in_t1, "resign", &[]));
    let resigned = answer(&fake, 108).await;
    assert!(!resigned.is_ephemeral());
    let parent = format!("/api/v10/channels/{channel}/messages");
    let line = fake
        .wait_for_since(mark3, |r| r.is("POST", &parent), WAIT)
        .await;
    let text = line.content().unwrap_or_default();
    assert!(
        text.contains(&format!("Game {game1} in <#{}>", t1.id)),
        "{text}"
    );
    assert!(text.contains("beat asha (resignation)"), "{text}");
    assert!(!text.contains('\n'), "{text}");
    let archive = format!("/api/v10/channels/{}", t1.id);
    let patch = fake
        .wait_for_since(mark3, |r| r.is("PATCH", &archive), WAIT)
        .await;
    assert_eq!(patch.body()["archived"], true);
    assert!(fake.thread(t1.id).expect("thread").archived);
    // Renamed with the result in the same request, so the thread list shows who won.
    let renamed = patch.body()["name"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert!(renamed.ends_with(" · baraka won"), "{renamed}");
    assert!(renamed.starts_with(&t1.name), "{renamed} / {}", t1.name);
    assert_eq!(fake.thread(t1.id).expect("thread").name, renamed);
    // The other game goes on in its thread.
    assert!(!fake.thread(msg2).expect("thread").archived);
    assert_eq!(game_of(&bot, msg2), game2);
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_a_thread_the_game_stays_in_the_channel_and_the_challenger_is_told_once() {
    let fake = FakeDiscord::start().await;
    let bot = start_bot(&fake).await;
    let channel = GUILD.channel_id();
    let asha_dm = fake.dm_channel_of(asha().id);

    // The bot may not create threads here (app_permissions without bit 35).
    let (msg, accept) = challenge(&fake, &bot, 301, &asha(), &baraka(), GUILD).await;
    let mark = fake.mark();
    let pressed = payloads::button(302, &baraka(), GUILD, &accept, message(msg, channel));
    fake.send_interaction(with_app_permissions(
        pressed,
        ALL_PERMISSIONS & !CREATE_PUBLIC_THREADS,
    ));
    answer(&fake, 302).await;
    let (_, ids) = board_in(&fake, mark, channel).await;
    assert!(ids.iter().any(|i| i.starts_with("bao:m:")), "{ids:?}");
    let dm_path = format!("/api/v10/channels/{asha_dm}/messages");
    let dm = fake
        .wait_for_since(mark, |r| r.is("POST", &dm_path), WAIT)
        .await;
    let text = dm.content().unwrap_or_default();
    assert!(text.contains("Create Public Threads"), "{text}");
    assert!(text.contains(&format!("<#{channel}>")), "{text}");
    assert_eq!(fake.count(|r| r.path.ends_with("/threads")), 0);
    let game = game_of(&bot, channel);
    assert!(bot.store.game_thread(game).unwrap().is_none());
    // The game is played in the channel; the challenger was told once, nobody else.
    fake.send_interaction(payloads::slash(
        303,
        &asha(),
        GUILD,
        "move",
        &[Opt::Str("move", "a6 left".into())],
    ));
    assert!(!answer(&fake, 303).await.is_ephemeral());
    fake.send_interaction(payloads::slash(304, &asha(), GUILD, "resign", &[]));
    answer(&fake, 304).await;
    let dms = fake.count(|r| {
        r.is("POST", "/api/v10/channels/*/messages")
            && r.path != dm_path
            && r.path
                .contains(&format!("{}", fake.dm_channel_of(baraka().id)))
    });
    assert_eq!(dms, 0);
    assert_eq!(fake.count(|r| r.is("POST", &dm_path)), 1);
    assert_eq!(
        fake.count(|r| r.is("PATCH", &format!("/api/v10/channels/{channel}"))),
        0
    );

    // Discord refuses to open the thread (403): the same fallback, with its own reason.
    fake.refuse_threads_in(channel);
    let (msg, accept) = challenge(&fake, &bot, 401, &asha(), &baraka(), GUILD).await;
    let mark = fake.mark();
    click(&fake, 402, &baraka(), GUILD, &accept, msg).await;
    let refused = thread_opened(&fake, channel, msg).await;
    assert_eq!(refused.status, 403);
    board_in(&fake, mark, channel).await;
    let dm = fake
        .wait_for_since(mark, |r| r.is("POST", &dm_path), WAIT)
        .await;
    assert!(
        dm.content().unwrap_or_default().contains("Discord refused"),
        "{}",
        dm.body()
    );
    let second = game_of(&bot, channel);
    assert_ne!(second, game);
    assert!(bot.store.game_thread(second).unwrap().is_none());
    assert!(fake.thread(msg).is_none());
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenge_in_an_ordinary_thread_is_played_there_and_placement_channel_applies_next() {
    let fake = FakeDiscord::start().await;
    let bot = start_bot(&fake).await;
    let channel = GUILD.channel_id();

    // A thread that is no game's: a game there cannot get a thread of its own.
    let other = GUILD.thread(1_300_000_000_000_000_099);
    let (msg, accept) = challenge(&fake, &bot, 501, &asha(), &baraka(), other).await;
    let mark = fake.mark();
    click(&fake, 502, &baraka(), other, &accept, msg).await;
    board_in(&fake, mark, other.channel_id()).await;
    assert_eq!(fake.count(|r| r.path.ends_with("/threads")), 0);
    let dm_path = format!(
        "/api/v10/channels/{}/messages",
        fake.dm_channel_of(asha().id)
    );
    let dm = fake
        .wait_for_since(mark, |r| r.is("POST", &dm_path), WAIT)
        .await;
    assert!(
        dm.content()
            .unwrap_or_default()
            .contains("cannot hold a thread"),
        "{}",
        dm.body()
    );

    // A server manager sets placement to channel: the next accepted challenge is played in
    // the channel, no thread, no notice.
    fake.send_interaction(bao_settings(601, PLACEMENT, "channel"));
    let r = answer(&fake, 601).await;
    assert!(
        r.content().unwrap_or_default().contains("channel"),
        "{}",
        r.body()
    );
    let (msg, accept) = challenge(&fake, &bot, 602, &asha(), &baraka(), GUILD).await;
    let mark = fake.mark();
    let board = click(&fake, 603, &baraka(), GUILD, &accept, msg).await;
    assert!(
        board.files.iter().any(|f| f.filename.ends_with(".png")),
        "the board comes with the accept: {}",
        fake.describe_requests()
    );
    assert_eq!(fake.count(|r| r.path.ends_with("/threads")), 0);
    assert_eq!(
        fake.count(|r| r.is("POST", &dm_path)),
        1,
        "{}",
        fake.describe_requests()
    );
    let _ = mark;
    let game = game_of(&bot, channel);
    assert!(bot.store.game_thread(game).unwrap().is_none());
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_correspondence_game_in_its_thread_reminders_deadline_and_abandonment() {
    let fake = FakeDiscord::start().await;
    let clock = Arc::new(ManualClock::new(SystemClock.now()));
    let bot = start_bot_at(&fake, clock.clone()).await;
    let channel = GUILD.channel_id();

    // A one-day-per-move challenge, accepted: its game goes to a thread.
    let opts = [
        Opt::User("opponent", baraka()),
        Opt::Int("side", 0),
        Opt::Str("time_per_move", "1d".into()),
    ];
    fake.send_interaction(payloads::slash(701, &asha(), GUILD, "challenge", &opts));
    answer(&fake, 701).await;
    let msg = fake
        .wait_until(WAIT, || {
            let waiting = bot.store.games_waiting_in(&app_place(channel)).ok()?;
            waiting.first()?.board_message
        })
        .await
        .expect("the challenge is recorded");
    let mark = fake.mark();
    fake.send_interaction(payloads::slash(702, &baraka(), GUILD, "accept", &[]));
    answer(&fake, 702).await;
    thread_opened(&fake, channel, msg).await;
    board_in(&fake, mark, msg).await;
    let game = game_of(&bot, msg);

    // Half the time gone: Asha's reminder by DM links the thread.
    clock.advance(12 * 3600 + 1);
    let mark = fake.mark();
    bot.tick().await;
    let dm_path = format!(
        "/api/v10/channels/{}/messages",
        fake.dm_channel_of(asha().id)
    );
    let dm = fake
        .wait_for_since(mark, |r| r.is("POST", &dm_path), WAIT)
        .await;
    let text = dm.content().unwrap_or_default();
    assert!(text.contains(&format!("<#{msg}>")), "{text}");
    assert!(text.contains("Half of your time"), "{text}");

    // The deadline passes: the overdue notice is posted in the thread.
    clock.advance(12 * 3600);
    let mark = fake.mark();
    bot.tick().await;
    let in_thread = format!("/api/v10/channels/{msg}/messages");
    let overdue = fake
        .wait_for_since(
            mark,
            |r| r.is("POST", &in_thread) && r.content().unwrap_or_default().contains("ran out"),
            WAIT,
        )
        .await;
    assert!(!overdue.is_ephemeral());

    // Nobody acts for another period: abandoned, one line in the parent, thread archived.
    clock.advance(86_400);
    let mark = fake.mark();
    bot.tick().await;
    fake.wait_for_since(
        mark,
        |r| r.is("POST", &in_thread) && r.content().unwrap_or_default().contains("abandoned"),
        WAIT,
    )
    .await;
    let parent = format!("/api/v10/channels/{channel}/messages");
    let line = fake
        .wait_for_since(mark, |r| r.is("POST", &parent), WAIT)
        .await;
    let text = line.content().unwrap_or_default();
    assert!(text.contains(&format!("Game {game} in <#{msg}>")), "{text}");
    assert!(text.contains("abandoned"), "{text}");
    let archive = format!("/api/v10/channels/{msg}");
    fake.wait_for_since(mark, |r| r.is("PATCH", &archive), WAIT)
        .await;
    assert!(fake.thread(msg).expect("thread").archived);
    bot.stop().await;
}
