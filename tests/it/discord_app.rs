//! The whole bot end to end: the real serenity/poise client, the real app and store, against
//! the loopback stand-in for Discord. A challenge with its buttons, an accept by button, a move
//! by slash command with its animated GIF (its PNG with animations off), an illegal move
//! answered privately, an out-of-date board, a game against the AI in a DM (one animation of
//! both moves), resignation, `/bao replay`. Nothing leaves 127.0.0.1.

use std::sync::Arc;
use std::time::Duration;

use crate::support::bot;
use crate::support::fake_discord::payloads::{self, asha, baraka, token_for, Opt, Place, GUILD};
use crate::support::fake_discord::{custom_ids, FakeDiscord, Recorded};
use bao_bot::app::{
    App, AppError, Command, Conversation, GameId, Response, Settings, SystemClock, User, UserId,
};
use bao_bot::store::Store;
use serde_json::json;

const WAIT: Duration = Duration::from_secs(10);

/// The app's name for [`GUILD`].
fn here() -> bao_bot::store::Place {
    bao_bot::store::Place::Channel {
        guild: 1_300_000_000_000_000_001,
        channel: GUILD.channel_id(),
    }
}

struct Bot {
    running: bot::Running,
    store: Arc<Store>,
}

async fn start_bot(fake: &FakeDiscord) -> Bot {
    let store = Arc::new(Store::open_in_memory().expect("store"));
    let app = Arc::new(App::new(
        store.clone(),
        Arc::new(SystemClock),
        Settings::default(),
    ));
    start_bot_with(fake, app, store).await
}

/// Starts the bot over `app` (the app itself, or a wrapper of it over `store`).
async fn start_bot_with(fake: &FakeDiscord, app: Arc<dyn Conversation>, store: Arc<Store>) -> Bot {
    let running = bot::start(fake, app, WAIT).await;
    Bot { running, store }
}

/// The first request answering interaction `id` that carries a message (the immediate
/// answer, or the edit of a deferred one).
async fn answer(fake: &FakeDiscord, id: u64) -> Recorded {
    let token = token_for(id);
    fake.wait_for(|r| r.uses_token(&token) && r.content().is_some(), WAIT)
        .await
}

/// The answer carries exactly one file, the move's animation: a `.gif` uploaded as
/// `image/gif`, a GIF whose last frame is held 4 s. Returns its frame count.
fn one_gif(r: &Recorded) -> usize {
    assert_eq!(
        r.files.len(),
        1,
        "files: {:?}",
        r.files.iter().map(|f| &f.filename).collect::<Vec<_>>()
    );
    let f = &r.files[0];
    assert!(f.filename.ends_with(".gif"), "{}", f.filename);
    assert_eq!(f.content_type.as_deref(), Some("image/gif"));
    assert!(f.bytes.starts_with(b"GIF89a"));
    let delays = gif_delays(&f.bytes);
    assert_eq!(delays.last(), Some(&400), "{delays:?}");
    delays.len()
}

fn gif_delays(bytes: &[u8]) -> Vec<u16> {
    crate::support::gifs::shown_delays(bytes)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn challenge_accept_move_refusals_and_resignation() {
    let fake = FakeDiscord::start().await;
    let bot = start_bot(&fake).await;

    // A challenge, with Accept and Decline buttons; only Baraka is pinged.
    let opts = [Opt::User("opponent", baraka()), Opt::Int("side", 0)];
    fake.send_interaction(payloads::slash(101, &asha(), GUILD, "challenge", &opts));
    let challenge = answer(&fake, 101).await;
    assert!(!challenge.is_ephemeral());
    let text = challenge.content().unwrap_or_default().to_string();
    assert!(text.contains("challenges you"), "{text}");
    let ids = fake.buttons_of(101, WAIT).await;
    let accept = ids
        .iter()
        .find(|i| i.starts_with("bao:accept:"))
        .expect("an Accept button")
        .clone();
    assert!(ids.iter().any(|i| i.starts_with("bao:decline:")), "{ids:?}");
    let mentions = &challenge
        .body()
        .pointer("/data/allowed_mentions")
        .cloned()
        .unwrap_or_default();
    assert_eq!(mentions["parse"], json!([]), "{mentions}");

    // The bot remembers which message shows the challenge (so that it can strip its buttons).
    let remembered = fake
        .wait_until(WAIT, || {
            bot.store
                .game_in(&here())
                .ok()
                .flatten()
                .and_then(|g| g.board_message)
        })
        .await;
    assert!(remembered.is_some(), "{}", fake.describe_requests());

    // Baraka accepts with the button: the board comes with its PNG and Asha's move buttons.
    let msg = fake.message_answering(101, GUILD.channel_id());
    fake.send_interaction(payloads::button(102, &baraka(), GUILD, &accept, msg));
    let board = answer(&fake, 102).await;
    assert!(board.has_png(), "{}", fake.describe_requests());
    let first_ids = fake.buttons_of(102, WAIT).await;
    let old_move = first_ids
        .iter()
        .find(|i| i.starts_with("bao:m:"))
        .expect("move buttons")
        .clone();

    // Not her turn: Baraka's move is refused privately.
    let mv = [Opt::Str("move", "a6 left".into())];
    fake.send_interaction(payloads::slash(103, &baraka(), GUILD, "move", &mv));
    let refused = answer(&fake, 103).await;
    assert!(refused.is_ephemeral(), "{}", refused.body());
    assert!(refused
        .content()
        .unwrap_or_default()
        .contains("not your turn"));

    // An illegal move: private, with the legal moves.
    let bad = [Opt::Str("move", "A5 left".into())];
    fake.send_interaction(payloads::slash(104, &asha(), GUILD, "move", &bad));
    let refused = answer(&fake, 104).await;
    assert!(refused.is_ephemeral());
    assert!(
        refused
            .content()
            .unwrap_or_default()
            .contains("the only legal moves are A6 left takata"),
        "{}",
        refused.body()
    );

    // A move by slash command: a public board PNG, Baraka pinged (once the bot knows which
    // message shows the current board).
    let shown = fake
        .wait_until(WAIT, || {
            let board = fake.original_message_of(&token_for(102))?;
            let game = bot.store.game_in(&here()).ok().flatten()?;
            (game.board_message == Some(board)).then_some(board)
        })
        .await;
    assert!(shown.is_some(), "{}", fake.describe_requests());
    fake.send_interaction(payloads::slash(105, &asha(), GUILD, "move", &mv));
    let moved = answer(&fake, 105).await;
    assert!(!moved.is_ephemeral());
    one_gif(&moved);
    let text = moved.content().unwrap_or_default();
    assert!(text.contains("asha: A6 with a seed from hand"), "{text}");
    let users = moved
        .body()
        .pointer("/data/allowed_mentions/users")
        .cloned()
        .unwrap_or_default();
    assert_eq!(users, json!([baraka().id.to_string()]));

    // The challenge's buttons and then the first board's were removed (message edits with
    // no components).
    let edits = fake
        .wait_until(WAIT, || {
            let n = fake.count(|r| {
                r.is("PATCH", "/api/v10/channels/*/messages/*")
                    && r.body().get("components") == Some(&json!([]))
            });
            (n >= 2).then_some(n)
        })
        .await;
    assert!(edits.is_some(), "{}", fake.describe_requests());

    // A button on the first board is out of date now.
    let msg = fake.message_answering(102, GUILD.channel_id());
    assert_eq!(
        msg["id"],
        json!(fake
            .original_message_of(&token_for(102))
            .map(|i| i.to_string()))
    );
    fake.send_interaction(payloads::button(106, &asha(), GUILD, &old_move, msg));
    let stale = answer(&fake, 106).await;
    assert!(stale.is_ephemeral());
    assert!(stale.content().unwrap_or_default().contains("out of date"));

    // Resignation ends the game with the result.
    fake.send_interaction(payloads::slash(107, &baraka(), GUILD, "resign", &[]));
    let resigned = answer(&fake, 107).await;
    let text = resigned.content().unwrap_or_default();
    assert!(
        text.contains("baraka resigns") && text.contains("wins"),
        "{text}"
    );
    let game = bot.store.games_in(&here(), 1).expect("store").remove(0);
    assert_eq!(game.reason.map(|r| r.as_str()), Some("resignation"));

    bot.running.stop().await.expect("clean stop");
    assert!(
        fake.requests().iter().all(|r| r.status != 404),
        "unknown routes:\n{}",
        fake.describe_requests()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_against_the_ai_in_a_dm() {
    let fake = FakeDiscord::start().await;
    let bot = start_bot(&fake).await;
    let dm = Place::Dm {
        channel_id: fake.dm_channel_of(asha().id),
    };
    fake.send_interaction(payloads::slash(
        201,
        &asha(),
        dm,
        "ai",
        // The choices are the levels weakest first: 1 is easy.
        &[Opt::Int("level", 1)],
    ));
    let board = answer(&fake, 201).await;
    assert!(board.has_png(), "{}", fake.describe_requests());
    let mv = [Opt::Str("move", "a6 left".into())];
    fake.send_interaction(payloads::slash(202, &asha(), dm, "move", &mv));
    let reply = answer(&fake, 202).await;
    let text = reply.content().unwrap_or_default();
    assert!(
        text.contains("asha: A6") && text.contains("AI (easy): "),
        "{text}"
    );
    // One animation shows Asha's move and then the AI's reply.
    let both = one_gif(&reply);
    let (m, _, _) = bao_bot::rules::Position::default()
        .play_text("A6 left")
        .unwrap();
    let alone = bao_bot::render::move_gif(
        &bao_bot::rules::Position::default(),
        &m,
        &bao_bot::render::RenderOptions::default(),
    )
    .unwrap();
    assert!(both > gif_delays(&alone).len() + 3, "{both} frames");
    let game = bot
        .store
        .game_in(&bao_bot::store::Place::Dm { user: asha().id })
        .expect("store")
        .expect("the DM game");
    assert_eq!(game.ply, 2);
    // The board of ply 2 is the deferred answer's message; wait until the app has recorded
    // it (the report arrives after the answer).
    let board_id = fake
        .original_message_of(&token_for(202))
        .expect("the answer's message id");
    let recorded = fake
        .wait_until(WAIT, || {
            let g = bot.store.game(game.id).ok()??;
            (g.board_message == Some(board_id)).then_some(g)
        })
        .await;
    let game = recorded.expect("the DM board's message was not recorded");

    // A move in the DM game made from a server channel (naming the game) takes the buttons
    // off the board in the DM too: the DM channel is looked up from the player.
    let pos: bao_bot::rules::Position = game.position.parse().expect("stored position");
    let next = pos.legal_moves()[0].to_string();
    let mark = fake.mark();
    let opts = [
        Opt::Str("move", next),
        Opt::Str("game", game.id.to_string()),
    ];
    fake.send_interaction(payloads::slash(203, &asha(), GUILD, "move", &opts));
    let reply = answer(&fake, 203).await;
    one_gif(&reply);
    let dm_board = format!("/api/v10/channels/{}/messages/{board_id}", dm.channel_id());
    let edit = fake
        .wait_for_since(mark, |r| r.is("PATCH", &dm_board), WAIT)
        .await;
    assert!(custom_ids(edit.body()).is_empty(), "{}", edit.body());
    let after = bot.store.game(game.id).expect("store").expect("the game");
    assert_eq!(after.ply, 4);
    let _ = bot.running.stop().await;
}

/// Starts a game between Asha (South) and Baraka in [`GUILD`] with slash commands; returns
/// the game's id once the board of ply 0 is posted.
async fn game_by_commands(fake: &FakeDiscord, bot: &Bot, first_id: u64) -> GameId {
    let opts = [Opt::User("opponent", baraka()), Opt::Int("side", 0)];
    fake.send_interaction(payloads::slash(
        first_id,
        &asha(),
        GUILD,
        "challenge",
        &opts,
    ));
    answer(fake, first_id).await;
    fake.send_interaction(payloads::slash(
        first_id + 1,
        &baraka(),
        GUILD,
        "accept",
        &[],
    ));
    answer(fake, first_id + 1).await;
    bot.store
        .game_in(&here())
        .expect("store")
        .expect("a game")
        .id
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn defect_3_a_private_answer_is_never_recorded_as_the_board() {
    let fake = FakeDiscord::start().await;
    let bot = start_bot(&fake).await;
    let game = game_by_commands(&fake, &bot, 301).await;
    let board = fake
        .wait_until(WAIT, || {
            let g = bot.store.game(game).ok()??;
            let shown = fake.original_message_of(&token_for(302))?;
            (g.board_message == Some(shown)).then_some(shown)
        })
        .await
        .expect("the board of ply 0 is recorded");
    // Buttons that would answer privately (a forged board button, the move list, a stale
    // move) leave the recorded board alone.
    let msg = fake.message_answering(302, GUILD.channel_id());
    for (n, id) in [
        format!("bao:board:{game}:0"),
        format!("bao:moves:{game}:0"),
        format!("bao:m:{game}:5:A6 left takata"),
    ]
    .into_iter()
    .enumerate()
    {
        let i = 303 + n as u64;
        fake.send_interaction(payloads::button(i, &asha(), GUILD, &id, msg.clone()));
        assert!(answer(&fake, i).await.is_ephemeral(), "{id}");
        let moved = fake
            .wait_until(Duration::from_millis(700), || {
                let g = bot.store.game(game).ok()??;
                (g.board_message != Some(board)).then_some(g.board_message)
            })
            .await;
        assert_eq!(moved, None, "{id} replaced the recorded board");
    }
    let _ = bot.running.stop().await;
}

/// The app, except that the process "dies" each time it would record a posted board.
struct DiesBeforeRecording(Arc<App>);

impl Conversation for DiesBeforeRecording {
    fn handle(
        &self,
        user: &User,
        place: &bao_bot::app::Place,
        c: Command,
    ) -> Result<Response, AppError> {
        self.0.handle(user, place, c)
    }

    fn press(
        &self,
        user: &User,
        place: &bao_bot::app::Place,
        id: &str,
    ) -> Result<Response, AppError> {
        self.0.press(user, place, id)
    }

    fn board_posted(
        &self,
        game: GameId,
        _ply: u32,
        _place: &bao_bot::app::Place,
        _message: u64,
    ) -> Result<bool, AppError> {
        Err(AppError::Corrupt {
            game,
            detail: "the process died before the board was recorded".into(),
        })
    }

    fn dm_failed(&self, user: UserId) -> Result<(), AppError> {
        self.0.dm_failed(user)
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn defect_5_a_board_never_recorded_never_has_buttons() {
    let fake = FakeDiscord::start().await;
    let store = Arc::new(Store::open_in_memory().expect("store"));
    let app = Arc::new(App::new(
        store.clone(),
        Arc::new(SystemClock),
        Settings::default(),
    ));
    let bot = start_bot_with(&fake, Arc::new(DiesBeforeRecording(app)), store).await;
    game_by_commands(&fake, &bot, 401).await;
    let mv = [Opt::Str("move", "a6 left".into())];
    fake.send_interaction(payloads::slash(403, &asha(), GUILD, "move", &mv));
    let moved = answer(&fake, 403).await;
    assert!(one_gif(&moved) > 1 && !moved.is_ephemeral());
    // Give the adapter time to do whatever it does after the answer, then look at every
    // request made for the three boards: none carries a button.
    tokio::time::sleep(Duration::from_millis(500)).await;
    for i in 401..=403 {
        let token = token_for(i);
        for r in fake.requests().iter().filter(|r| r.uses_token(&token)) {
            assert!(
                custom_ids(r.body()).is_empty(),
                "an unrecorded board was given buttons: {} {}",
                r.path,
                r.body()
            );
        }
    }
    let game = bot.store.game_in(&here()).expect("store").expect("game");
    assert_eq!((game.ply, game.board_message), (1, None));
    let _ = bot.running.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn animation_off_gives_the_png_and_replay_posts_a_game_gif() {
    let fake = FakeDiscord::start().await;
    let bot = start_bot(&fake).await;
    let game = game_by_commands(&fake, &bot, 701).await;
    // Baraka turns animations off: his move's board is the PNG.
    fake.send_interaction(payloads::slash(
        703,
        &baraka(),
        GUILD,
        "prefs",
        &[Opt::Bool("animations", false)],
    ));
    let prefs = answer(&fake, 703).await;
    assert!(prefs.is_ephemeral());
    assert!(
        prefs
            .content()
            .unwrap_or_default()
            .contains("animations: **off**"),
        "{}",
        prefs.body()
    );
    let mv = [Opt::Str("move", "a6 left".into())];
    fake.send_interaction(payloads::slash(704, &asha(), GUILD, "move", &mv));
    one_gif(&answer(&fake, 704).await);
    fake.send_interaction(payloads::slash(705, &baraka(), GUILD, "move", &mv));
    let moved = answer(&fake, 705).await;
    assert!(moved.has_png(), "{}", fake.describe_requests());
    assert!(moved.files.iter().all(|f| !f.filename.ends_with(".gif")));

    // Baraka resigns; anyone may replay the finished game: a public GIF, one frame per ply.
    fake.send_interaction(payloads::slash(706, &baraka(), GUILD, "resign", &[]));
    answer(&fake, 706).await;
    let opts = [Opt::Str("game", game.to_string())];
    fake.send_interaction(payloads::slash(707, &asha(), GUILD, "bao-replay", &opts));
    let replay = answer(&fake, 707).await;
    assert!(!replay.is_ephemeral(), "{}", replay.body());
    assert_eq!(replay.files.len(), 1);
    let f = &replay.files[0];
    assert!(f.filename.ends_with(".gif"));
    assert_eq!(f.content_type.as_deref(), Some("image/gif"));
    assert_eq!(gif_delays(&f.bytes).len(), 3, "start and two plies");

    // Asha's DM game against the AI: Baraka may not replay it.
    let dm = Place::Dm {
        channel_id: fake.dm_channel_of(asha().id),
    };
    fake.send_interaction(payloads::slash(
        708,
        &asha(),
        dm,
        "ai",
        &[Opt::Int("level", 0)],
    ));
    answer(&fake, 708).await;
    let dm_game = bot
        .store
        .game_in(&bao_bot::store::Place::Dm { user: asha().id })
        .expect("store")
        .expect("the DM game");
    let opts = [Opt::Str("game", dm_game.id.to_string())];
    fake.send_interaction(payloads::slash(709, &baraka(), GUILD, "bao-replay", &opts));
    let refused = answer(&fake, 709).await;
    assert!(refused.is_ephemeral(), "{}", refused.body());
    assert!(refused.files.is_empty());
    assert!(
        refused
            .content()
            .unwrap_or_default()
            .contains("private game"),
        "{}",
        refused.body()
    );
    let _ = bot.running.stop().await;
}
