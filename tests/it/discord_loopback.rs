//! The real serenity/poise client against the loopback stand-in for Discord: command
//! registration, slash commands, buttons, autocomplete, attachments, deferral, refused DMs,
//! and clean stops (in-process and by SIGTERM to `bao-bot run`). Nothing leaves 127.0.0.1.

use std::process::{Command as Process, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::support::bot;
use crate::support::fake_discord::payloads::{self, asha, baraka, Opt, Place, GUILD};
use crate::support::fake_discord::{custom_ids, FakeDiscord, Recorded, TOKEN};
use bao_bot::app::{
    AppError, Attachment, BoardView, Button, ButtonStyle, Command, Conversation, Destination,
    Effect, GameId, Notice, Place as AppPlace, Reply, Response, User, UserId,
};
use bao_bot::discord::{self, Outbox};
use serde_json::{json, Value};
use tokio::sync::oneshot;

/// Upper bound for anything the bot should do promptly.
const WAIT: Duration = Duration::from_secs(5);

/// A bot running in this process, and the switch that stops it.
type Bot = bot::Running;

/// Starts the real client against `fake` and waits until it has identified and registered
/// its commands.
async fn start_bot(fake: &FakeDiscord, app: Arc<dyn Conversation>) -> Bot {
    // Bot logs show with `--nocapture` (RUST_LOG=debug for more).
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_test_writer()
        .try_init();
    bot::start(fake, app, WAIT).await
}

/// The callback answering interaction `id`.
async fn callback(fake: &FakeDiscord, id: u64) -> Recorded {
    fake.wait_for(|r| r.is_callback_for(id), WAIT).await
}

fn option<'a>(command: &'a Value, name: &str) -> &'a Value {
    command["options"]
        .as_array()
        .and_then(|o| o.iter().find(|o| o["name"] == name))
        .unwrap_or_else(|| panic!("no option {name} in {command}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn registers_bao_answers_interactions_and_stops_cleanly() {
    let fake = FakeDiscord::start().await;
    let bot = start_bot(&fake, Arc::new(Placeholder)).await;

    // Registration: `/bao` for playing, usable in servers and bot DMs, a command for each
    // other family, and /bao-settings for members with Manage Server, in servers only;
    // Discord's limits held (the stand-in refuses a registration that breaks one).
    let put = fake
        .wait_for(|r| r.is("PUT", "/api/v10/applications/*/commands"), WAIT)
        .await;
    assert_eq!(put.status, 200, "{}", put.body());
    let registered = fake
        .registered_commands(None)
        .expect("no global registration");
    let list = registered.as_array().expect("a list of commands");
    let names: Vec<&str> = list.iter().map(|c| c["name"].as_str().unwrap()).collect();
    assert_eq!(
        names,
        [
            "bao",
            "bao-replay",
            "bao-analyze",
            "bao-learn",
            "bao-puzzle",
            "bao-stats",
            "bao-leaderboard",
            "bao-tournament",
            "bao-settings"
        ],
        "{registered}"
    );
    let settings = &list[8];
    assert_eq!(settings["default_member_permissions"], "32");
    assert_eq!(settings["contexts"], json!([0]));
    assert_eq!(
        list[7]["contexts"],
        json!([0]),
        "tournaments are for servers"
    );
    assert_eq!(settings["integration_types"], json!([0]));
    assert_eq!(list[7]["integration_types"], json!([0]));
    // Playing and study: installed to a server or to an account, used in servers, the bot's
    // DMs and DMs between people.
    for c in &list[..7] {
        assert_eq!(
            c["contexts"],
            json!([0, 1, 2]),
            "{} in DMs and group DMs too",
            c["name"]
        );
        assert_eq!(c["integration_types"], json!([0, 1]), "{}", c["name"]);
    }
    let bao = &list[0];
    let subs: Vec<&str> = bao["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| {
            assert!(o["type"] == 1, "{o} is not a subcommand");
            o["name"].as_str().unwrap()
        })
        .collect();
    assert_eq!(
        subs,
        [
            "challenge",
            "accept",
            "decline",
            "move",
            "board",
            "moves",
            "history",
            "resign",
            "draw",
            "abort",
            "takeback",
            "claim",
            "hint",
            "ai",
            "games",
            "prefs",
            "help"
        ]
    );
    let mv = option(option(bao, "move"), "move");
    assert_eq!(mv["autocomplete"], true);
    assert_eq!(mv["required"], true);
    let opponent = option(option(bao, "challenge"), "opponent");
    assert_eq!(opponent["type"], 6, "opponent must be a user option");
    let side = option(option(bao, "challenge"), "side");
    let sides: Vec<&str> = side["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(sides, ["south", "north", "random"]);
    // The AI levels are offered with their ratings, weakest first.
    let levels: Vec<&str> = option(option(bao, "ai"), "level")["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    let labels: Vec<String> = bao_bot::ai::Level::ALL.map(|l| l.label()).into();
    assert_eq!(levels, labels);
    let topics: Vec<&str> = option(option(bao, "help"), "topic")["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        topics,
        ["commands", "rules", "notation", "settings", "about"]
    );

    // `/bao help` in a server: answered at once, publicly, with the command list.
    fake.send_interaction(payloads::slash(11, &asha(), GUILD, "help", &[]));
    let answer = callback(&fake, 11).await;
    assert_eq!(answer.body()["type"], 4, "{}", answer.body());
    assert!(!answer.is_ephemeral());
    assert!(answer.content().unwrap().contains("/bao move"));
    assert_eq!(answer.status, 204);

    // A command in the bot's DMs, with options: reaches the app with them, read into the
    // app's command (the placeholder echoes it privately).
    let dm = Place::Dm {
        channel_id: fake.dm_channel_of(asha().id),
    };
    let opts = [
        Opt::Str("move", "a6 left".into()),
        Opt::Str("game", "7".into()),
    ];
    fake.send_interaction(payloads::slash(12, &asha(), dm, "move", &opts));
    let answer = callback(&fake, 12).await;
    assert!(answer.is_ephemeral());
    let text = answer.content().unwrap();
    assert!(
        text.contains("a6 left") && text.contains("GameId(7)") && text.contains("DM with"),
        "{text}"
    );
    // A game option that is not a number is refused privately by the adapter.
    let opts = [
        Opt::Str("move", "a6 left".into()),
        Opt::Str("game", "seven".into()),
    ];
    fake.send_interaction(payloads::slash(18, &asha(), dm, "move", &opts));
    let answer = callback(&fake, 18).await;
    assert!(answer.is_ephemeral());
    assert!(answer.content().unwrap().contains("not a game number"));

    // A user option is resolved into the opponent.
    // (choice options are integers: side 1 is "north").
    let opts = [Opt::User("opponent", baraka()), Opt::Int("side", 1)];
    fake.send_interaction(payloads::slash(13, &asha(), GUILD, "challenge", &opts));
    let text = callback(&fake, 13).await.content().unwrap().to_string();
    assert!(text.contains("baraka") && text.contains("North"), "{text}");

    // An option of the wrong type (choices are integers): answered privately, not dropped.
    let opts = [
        Opt::User("opponent", baraka()),
        Opt::Str("side", "north".into()),
    ];
    fake.send_interaction(payloads::slash(17, &asha(), GUILD, "challenge", &opts));
    assert!(callback(&fake, 17).await.is_ephemeral());

    // Autocomplete for the move option.
    let typed = [Opt::Str("move", "a6".into())];
    fake.send_interaction(payloads::autocomplete(
        14,
        &asha(),
        GUILD,
        "move",
        &typed,
        "move",
    ));
    let answer = callback(&fake, 14).await;
    assert_eq!(answer.body()["type"], 8, "{}", answer.body());
    assert_eq!(
        answer.body()["data"]["choices"],
        json!([{"name": "A6 left", "value": "A6 left"}, {"name": "A6 right", "value": "A6 right"}])
    );

    // A button that is not the bot's, and an unknown `bao:` button: both answered privately.
    let msg = payloads::message(
        1_500_000_000_000_000_001,
        GUILD.channel_id(),
        &payloads::bot_user(),
        "old board",
        json!([payloads::button_row(&[("elsewhere:1", "Other")])]),
    );
    fake.send_interaction(payloads::button(
        15,
        &baraka(),
        GUILD,
        "elsewhere:1",
        msg.clone(),
    ));
    let answer = callback(&fake, 15).await;
    assert_eq!(answer.body()["type"], 4);
    assert!(answer.is_ephemeral(), "{}", answer.body());
    fake.send_interaction(payloads::button(16, &baraka(), GUILD, "bao:gone:9:1", msg));
    let answer = callback(&fake, 16).await;
    assert!(answer.is_ephemeral(), "{}", answer.body());
    assert!(answer.content().unwrap().contains("bao:gone:9:1"));

    // Clean stop: the client closes the gateway normally and returns Ok.
    bot.stop().await.expect("the bot failed");
    assert_eq!(fake.wait_for_gateway_close(WAIT).await, Some(1000));
    // Nothing was sent that the stand-in did not know.
    assert!(
        fake.requests().iter().all(|r| r.status != 404),
        "unknown routes:\n{}",
        fake.describe_requests()
    );
}

/// What a scripted stand-in was told by the adapter.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Told {
    /// `board_posted(game, ply, place, message)`.
    Posted(GameId, u32, AppPlace, u64),
    /// `dm_failed(user)`.
    DmRefused(u64),
    /// `event_posted(event, place, message)`.
    EventPosted(i64, AppPlace, u64),
}

/// A stand-in for the app that answers with board-like replies and records what it is told.
#[derive(Default)]
struct Scripted {
    told: Mutex<Vec<Told>>,
    started: AtomicBool,
}

impl Scripted {
    fn told(&self) -> Vec<Told> {
        self.told.lock().unwrap().clone()
    }
}

const OTHER_CHANNEL: u64 = 1_300_000_000_000_000_009;
const OLD_BOARD: u64 = 1_500_000_000_000_000_009;

const PNG: &[u8] = b"\x89PNG\r\n\x1a\nnot really a picture";

fn other_channel() -> AppPlace {
    AppPlace::Channel {
        guild: GUILD_ID,
        channel: OTHER_CHANNEL,
    }
}

const GUILD_ID: u64 = 1_300_000_000_000_000_001;

impl Conversation for Scripted {
    fn handle(
        &self,
        user: &User,
        _place: &AppPlace,
        command: Command,
    ) -> Result<Response, AppError> {
        Ok(match command {
            Command::Board { game } => {
                let game = game.unwrap_or(GameId(1));
                let mut board = Reply::public(format!("<@{}> to move.", user.id));
                board.attachments = vec![Attachment {
                    filename: "board.png".into(),
                    bytes: PNG.to_vec(),
                }];
                board.buttons = vec![vec![
                    Button {
                        id: format!("bao:m:{game}:0:A6 left"),
                        label: "A6 ←".into(),
                        style: ButtonStyle::Primary,
                    },
                    Button {
                        id: format!("bao:moves:{game}:0"),
                        label: "All moves".into(),
                        style: ButtonStyle::Danger,
                    },
                ]];
                board.mention = Some(user.id);
                board.board = Some(BoardView {
                    current: Some((game, 0)),
                    ..BoardView::default()
                });
                // Game 1's board tells Baraka by DM (which he refuses); game 2's tells no one,
                // so exactly one DM is refused.
                let notices = (game == GameId(1))
                    .then(|| Notice {
                        to: Destination::Dm(UserId(baraka().id)),
                        user: UserId(baraka().id),
                        game,
                        reply: Reply::public("Your turn in game 1."),
                    })
                    .into_iter()
                    .collect();
                Response {
                    reply: board,
                    notices,
                }
            }
            // Known to be slow (see `may_be_slow`): deferred before the app runs.
            Command::Ai { .. } => Reply::public("The AI played A5 left.").into(),
            // Deferred, then private after all.
            Command::Resign => Reply::private("There is no game here.").into(),
            Command::History { .. } => {
                // Unexpectedly slow: the adapter defers after DEFER_AFTER.
                std::thread::sleep(Duration::from_millis(1700));
                Reply::public("1. A5 left").into()
            }
            Command::Games => {
                // A notice in another channel that strips an old board there.
                let mut notice = Reply::public(format!("<@{}>, your turn.", baraka().id));
                notice.mention = Some(UserId(baraka().id));
                notice.remove_buttons_of(Some((other_channel(), OLD_BOARD)));
                Response {
                    reply: Reply::private("Notified."),
                    notices: vec![Notice {
                        to: Destination::Place(other_channel()),
                        user: UserId(baraka().id),
                        game: GameId(1),
                        reply: notice,
                    }],
                }
            }
            Command::Moves => {
                // Takes a while: a stop requested meanwhile waits for it.
                self.started.store(true, Ordering::SeqCst);
                std::thread::sleep(Duration::from_millis(1200));
                Reply::public("A5 left, A5 right").into()
            }
            // A tournament's announcement, with its sign-up buttons.
            Command::Help => {
                let mut r = Reply::public("Tournament 7 · Spring Open: press Join.");
                r.buttons = vec![vec![Button {
                    id: "bao:tjoin:7:0".into(),
                    label: "Join".into(),
                    style: ButtonStyle::Success,
                }]];
                r.with(Effect::AnnouncesEvent(7)).into()
            }
            // Nothing to say: the adapter still answers (deferred or not).
            Command::Abort | Command::Claim => Reply::default().into(),
            _ => Reply::private("?").into(),
        })
    }

    fn press(&self, _user: &User, _place: &AppPlace, id: &str) -> Result<Response, AppError> {
        Ok(Reply::private(format!("The board of `{id}` is out of date.")).into())
    }

    fn may_be_slow(&self, _place: &AppPlace, command: Option<&Command>) -> bool {
        matches!(
            command,
            Some(Command::Ai { .. } | Command::Resign | Command::Abort)
        )
    }

    fn suggest_moves(
        &self,
        _user: &User,
        _place: &AppPlace,
        _game: Option<GameId>,
        typed: &str,
    ) -> Result<Vec<String>, AppError> {
        // More than Discord shows: the adapter must cut the list to 25.
        Ok((1..=40).map(|n| format!("{typed}{n} left")).collect())
    }

    fn board_posted(
        &self,
        game: GameId,
        ply: u32,
        place: &AppPlace,
        message: u64,
    ) -> Result<bool, AppError> {
        self.told
            .lock()
            .unwrap()
            .push(Told::Posted(game, ply, *place, message));
        // Game 1's boards are recorded; any other game's are not (a stale board).
        Ok(game == GameId(1))
    }

    fn dm_failed(&self, user: UserId) -> Result<(), AppError> {
        self.told.lock().unwrap().push(Told::DmRefused(user.0));
        Ok(())
    }

    fn event_posted(&self, event: i64, place: &AppPlace, message: u64) -> Result<(), AppError> {
        self.told
            .lock()
            .unwrap()
            .push(Told::EventPosted(event, *place, message));
        Ok(())
    }
}

/// Whether a request carries no buttons.
fn has_no_buttons(r: &Recorded) -> bool {
    custom_ids(r.body()).is_empty()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sends_files_buttons_mentions_defers_and_reports_refused_dms() {
    let fake = FakeDiscord::start().await;
    fake.block_dms_to(baraka().id);
    let app = Arc::new(Scripted::default());
    let bot = start_bot(&fake, app.clone()).await;

    // A board: multipart with the PNG and one allowed mention, but no buttons yet.
    fake.send_interaction(payloads::slash(21, &asha(), GUILD, "board", &[]));
    let answer = callback(&fake, 21).await;
    assert_eq!(answer.files.len(), 1);
    assert_eq!(answer.files[0].filename, "board.png");
    assert_eq!(answer.files[0].bytes, PNG);
    let data = &answer.body()["data"];
    assert_eq!(data["attachments"][0]["filename"], "board.png");
    assert_eq!(
        data["allowed_mentions"]["users"],
        json!([asha().id.to_string()])
    );
    assert_eq!(data["allowed_mentions"]["parse"], json!([]));
    assert!(custom_ids(data).is_empty(), "{data}");
    // The app is told the board's message id (fetched, since an interaction response carries
    // none) and where it is; once it has recorded it, the buttons are added to the message.
    let board_id = fake
        .original_message_of(&payloads::token_for(21))
        .expect("answered");
    let guild = AppPlace::Channel {
        guild: GUILD_ID,
        channel: GUILD.channel_id(),
    };
    let posted = Told::Posted(GameId(1), 0, guild, board_id);
    let told = fake
        .wait_until(WAIT, || app.told().contains(&posted).then_some(()))
        .await;
    assert!(told.is_some(), "{:?}", app.told());
    let token = payloads::token_for(21);
    let buttons = fake
        .wait_for(
            |r| {
                r.is("PATCH", "/api/v10/webhooks/*/*/messages/@original")
                    && r.uses_token(&token)
                    && !custom_ids(r.body()).is_empty()
            },
            WAIT,
        )
        .await;
    assert!(buttons.files.is_empty() && buttons.content().is_none());
    let row = &buttons.body()["components"][0]["components"];
    assert_eq!(row[0]["custom_id"], "bao:m:1:0:A6 left");
    assert_eq!(row[0]["label"], "A6 ←");
    assert_eq!(row[1]["style"], 4);
    // The app was asked again after the buttons went on (the game had not moved).
    let asked = fake
        .wait_until(WAIT, || {
            (app.told().iter().filter(|t| **t == posted).count() == 2).then_some(())
        })
        .await;
    assert!(asked.is_some(), "{:?}", app.told());
    // A board the app does not record (out of date) never gets its buttons.
    let mark = fake.mark();
    let opts = [Opt::Str("game", "2".into())];
    fake.send_interaction(payloads::slash(20, &asha(), GUILD, "board", &opts));
    assert!(has_no_buttons(&callback(&fake, 20).await));
    let stale = fake
        .wait_until(WAIT, || {
            app.told()
                .iter()
                .any(|t| matches!(t, Told::Posted(GameId(2), ..)))
                .then_some(())
        })
        .await;
    assert!(stale.is_some(), "{:?}", app.told());
    let token = payloads::token_for(20);
    let requests = fake.requests();
    assert!(
        requests[mark..]
            .iter()
            .filter(|r| r.uses_token(&token))
            .all(has_no_buttons),
        "{}",
        fake.describe_requests()
    );
    // The DM to a user who refuses them: 403 / 50007, reported to the app, not retried.
    fake.wait_for(|r| r.is("POST", "/api/v10/users/@me/channels"), WAIT)
        .await;
    let refused = fake.wait_for(|r| r.status == 403, WAIT).await;
    assert!(refused.is("POST", "/api/v10/channels/*/messages"));
    let reported = fake
        .wait_until(WAIT, || {
            app.told()
                .contains(&Told::DmRefused(baraka().id))
                .then_some(())
        })
        .await;
    assert!(reported.is_some(), "refused DM not reported");
    assert_eq!(
        fake.requests().iter().filter(|r| r.status == 403).count(),
        1,
        "a refused DM must not be retried: {}",
        fake.describe_requests()
    );

    // A tournament's announcement goes out with its buttons, and the app is told its message
    // id (fetched), so that the buttons can come off when sign-up is over.
    fake.send_interaction(payloads::slash(41, &asha(), GUILD, "help", &[]));
    let announced = callback(&fake, 41).await;
    assert_eq!(custom_ids(&announced.body()["data"]), vec!["bao:tjoin:7:0"]);
    let message = fake
        .original_message_of(&payloads::token_for(41))
        .expect("answered");
    let posted = Told::EventPosted(7, guild, message);
    let told = fake
        .wait_until(WAIT, || app.told().contains(&posted).then_some(()))
        .await;
    assert!(told.is_some(), "{:?}", app.told());

    // Slow answers: deferred (type 5) first, then the "thinking" message is edited; whether
    // the app asked for it (ai) or was just slow (history).
    for (id, sub, text) in [
        (22, "ai", "The AI played A5 left."),
        (24, "history", "1. A5 left"),
    ] {
        fake.send_interaction(payloads::slash(id, &asha(), GUILD, sub, &[]));
        let defer = callback(&fake, id).await;
        assert_eq!(defer.body()["type"], 5, "{}", defer.body());
        let token = payloads::token_for(id);
        let edit = fake
            .wait_for(
                |r| {
                    r.is("PATCH", "/api/v10/webhooks/*/*/messages/@original")
                        && r.uses_token(&token)
                },
                WAIT,
            )
            .await;
        assert_eq!(edit.content(), Some(text));
    }
    // Deferred publicly but the answer is private: a private followup replaces "thinking".
    fake.send_interaction(payloads::slash(25, &asha(), GUILD, "resign", &[]));
    assert_eq!(callback(&fake, 25).await.body()["type"], 5);
    let token = payloads::token_for(25);
    let private = fake
        .wait_for(
            |r| r.is("POST", "/api/v10/webhooks/*/*") && r.uses_token(&token),
            WAIT,
        )
        .await;
    assert!(private.is_ephemeral(), "{}", private.body());
    fake.wait_for(
        |r| r.is("DELETE", "/api/v10/webhooks/*/*/messages/@original") && r.uses_token(&token),
        WAIT,
    )
    .await;

    // A button: its id reaches the app as it was sent; the answer is private.
    let id = "bao:m:1:0:A6 left";
    let msg = payloads::message(
        1_500_000_000_000_000_002,
        GUILD.channel_id(),
        &payloads::bot_user(),
        "board",
        json!([payloads::button_row(&[(id, "A6 ←")])]),
    );
    fake.send_interaction(payloads::button(23, &asha(), GUILD, id, msg));
    let answer = callback(&fake, 23).await;
    assert_eq!(answer.body()["type"], 4, "{}", answer.body());
    assert!(answer.is_ephemeral(), "{}", answer.body());
    assert!(answer.content().unwrap().contains(id));

    // No reply at all: still answered, privately, or by finishing the "thinking" message.
    fake.send_interaction(payloads::slash(29, &asha(), GUILD, "claim", &[]));
    let answer = callback(&fake, 29).await;
    assert!(answer.is_ephemeral() && answer.content() == Some("Done."));
    fake.send_interaction(payloads::slash(30, &asha(), GUILD, "abort", &[]));
    assert_eq!(callback(&fake, 30).await.body()["type"], 5);
    let token = payloads::token_for(30);
    fake.wait_for(
        |r| r.is("PATCH", "/api/v10/webhooks/*/*/messages/@original") && r.uses_token(&token),
        WAIT,
    )
    .await;

    // Other targets: a new message in another channel (pinging only the named user) and an
    // edit of an old message.
    fake.send_interaction(payloads::slash(26, &asha(), GUILD, "games", &[]));
    assert!(callback(&fake, 26).await.is_ephemeral());
    let notice = fake
        .wait_for(
            |r| {
                r.is(
                    "POST",
                    &format!("/api/v10/channels/{OTHER_CHANNEL}/messages"),
                )
            },
            WAIT,
        )
        .await;
    assert_eq!(
        notice.body()["allowed_mentions"]["users"],
        json!([baraka().id.to_string()])
    );
    let edit = fake
        .wait_for(
            |r| {
                r.is(
                    "PATCH",
                    &format!("/api/v10/channels/{OTHER_CHANNEL}/messages/{OLD_BOARD}"),
                )
            },
            WAIT,
        )
        .await;
    assert_eq!(edit.body()["components"], json!([]));

    // Autocomplete: at most 25 suggestions, or Discord shows none.
    let typed = [Opt::Str("move", "b".into())];
    fake.send_interaction(payloads::autocomplete(
        27,
        &asha(),
        GUILD,
        "move",
        &typed,
        "move",
    ));
    let choices = callback(&fake, 27).await.body()["data"]["choices"].clone();
    assert_eq!(choices.as_array().map(Vec::len), Some(25), "{choices}");

    // A stop while an interaction is in hand waits for its answer.
    fake.send_interaction(payloads::slash(28, &asha(), GUILD, "moves", &[]));
    let started = fake
        .wait_until(WAIT, || app.started.load(Ordering::SeqCst).then_some(()))
        .await;
    assert!(started.is_some());
    bot.stop().await.expect("the bot failed");
    let answer = fake
        .requests()
        .into_iter()
        .find(|r| r.is_callback_for(28))
        .expect("the interaction in hand was not answered before the stop finished");
    assert_eq!(answer.content(), Some("A5 left, A5 right"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn outbox_sends_messages_outside_interactions() {
    let fake = FakeDiscord::start().await;
    fake.block_dms_to(baraka().id);
    let app = Arc::new(Scripted::default());
    let (outbox, outbox_rx) = Outbox::new();
    let config = bot::config(&fake);
    let (stop, stopped) = oneshot::channel::<()>();
    let bot = Bot {
        task: tokio::spawn(discord::run_with_outbox(
            config,
            app.clone(),
            Some(outbox_rx),
            async {
                let _ = stopped.await;
            },
        )),
        stop,
    };
    fake.wait_for_ready(WAIT).await;

    let mut board = Reply::public(format!("<@{}>, your turn in game 1.", asha().id));
    board.mention = Some(UserId(asha().id));
    board.board = Some(BoardView {
        current: Some((GameId(1), 3)),
        ..BoardView::default()
    });
    board.buttons = vec![vec![Button {
        id: "bao:moves:1:3".into(),
        label: "All moves".into(),
        style: ButtonStyle::Secondary,
    }]];
    let notice = Notice {
        to: Destination::Place(other_channel()),
        user: UserId(asha().id),
        game: GameId(1),
        reply: board,
    };
    let reminder = Notice {
        to: Destination::Dm(UserId(baraka().id)),
        user: UserId(baraka().id),
        game: GameId(1),
        reply: Reply::public("Half your time is gone in game 1."),
    };
    assert!(outbox.send(notice.clone()));
    assert!(outbox.send(reminder));

    let sent = fake
        .wait_for(
            |r| {
                r.is(
                    "POST",
                    &format!("/api/v10/channels/{OTHER_CHANNEL}/messages"),
                )
            },
            WAIT,
        )
        .await;
    assert_eq!(
        sent.body()["allowed_mentions"]["users"],
        json!([asha().id.to_string()])
    );
    assert!(custom_ids(sent.body()).is_empty(), "{}", sent.body());
    let reported = fake
        .wait_until(WAIT, || {
            let told = app.told();
            let posted = told.iter().any(
                |t| matches!(t, Told::Posted(GameId(1), 3, place, _) if *place == other_channel()),
            );
            let refused = told.contains(&Told::DmRefused(baraka().id));
            (posted && refused).then_some(())
        })
        .await;
    assert!(reported.is_some(), "{:?}", app.told());
    // The recorded board gets its buttons by an edit of the message.
    let edit = fake
        .wait_for(
            |r| {
                r.is(
                    "PATCH",
                    &format!("/api/v10/channels/{OTHER_CHANNEL}/messages/*"),
                ) && !custom_ids(r.body()).is_empty()
            },
            WAIT,
        )
        .await;
    assert_eq!(custom_ids(edit.body()), ["bao:moves:1:3"]);
    bot.stop().await.expect("the bot failed");
    assert!(!outbox.send(notice), "the outbox outlived the bot");
}

/// `bao-bot run` with the given extra environment, stderr captured into a file.
fn bao_bot_run(env: &[(&str, String)], stderr: &std::path::Path) -> std::process::Child {
    let mut cmd = Process::new(env!("CARGO_BIN_EXE_bao-bot"));
    // A database of its own beside the log, never whatever `bao.db` the working tree holds.
    let db = stderr.with_file_name("bao-test.db");
    cmd.arg("run")
        .env_clear()
        .env("BAO_LOG", "info")
        .env("BAO_DATABASE", db)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(stderr).unwrap());
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd.spawn().expect("start bao-bot")
}

#[test]
fn run_without_token_explains_what_to_set() {
    let out = Process::new(env!("CARGO_BIN_EXE_bao-bot"))
        .arg("run")
        .env_clear()
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    for want in [
        "DISCORD_TOKEN",
        "bot",
        "applications.commands",
        "privileged",
    ] {
        assert!(err.contains(want), "`{want}` missing from:\n{err}");
    }
}

#[test]
fn run_with_a_missing_config_file_says_so() {
    let out = Process::new(env!("CARGO_BIN_EXE_bao-bot"))
        .args(["run", "--config", "/nonexistent/bao.toml"])
        .env_clear()
        .env("DISCORD_TOKEN", TOKEN)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("/nonexistent/bao.toml"), "{err}");
    assert!(!err.contains(TOKEN), "{err}");
}

#[test]
fn loopback_only_refuses_a_remote_proxy() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("stderr");
    let mut child = bao_bot_run(
        &[
            ("DISCORD_TOKEN", TOKEN.to_string()),
            ("BAO_PROXY_URL", "http://discord.example.com".into()),
            ("BAO_TEST_LOOPBACK_ONLY", "1".into()),
        ],
        &log,
    );
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(2));
    let err = std::fs::read_to_string(&log).unwrap();
    assert!(err.contains("loopback"), "{err}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_stops_the_bot_cleanly_and_logs_without_contents() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("stderr");
    let mut child = bao_bot_run(
        &[
            ("DISCORD_TOKEN", TOKEN.to_string()),
            ("BAO_PROXY_URL", fake.proxy_url()),
            ("BAO_TEST_LOOPBACK_ONLY", "1".into()),
            ("BAO_TEST_GUILD_ID", "1300000000000000001".into()),
        ],
        &log,
    );
    fake.wait_for_ready(Duration::from_secs(10)).await;
    // With a test server configured, /bao is registered there only.
    fake.wait_for(
        |r| {
            r.is(
                "PUT",
                "/api/v10/applications/*/guilds/1300000000000000001/commands",
            )
        },
        WAIT,
    )
    .await;
    assert!(fake.registered_commands(None).is_none());
    fake.send_interaction(payloads::slash(31, &asha(), GUILD, "help", &[]));
    callback(&fake, 31).await;

    let kill = Process::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    let status = tokio::task::spawn_blocking(move || child.wait())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        status.code(),
        Some(0),
        "{}",
        std::fs::read_to_string(&log).unwrap()
    );
    assert_eq!(fake.wait_for_gateway_close(WAIT).await, Some(1000));

    let err = std::fs::read_to_string(&log).unwrap();
    let line = err
        .lines()
        .find(|l| l.contains("subcommand=\"help\""))
        .unwrap_or_else(|| panic!("no log line for /bao help in:\n{err}"));
    assert!(line.contains(&asha().id.to_string()), "{line}");
    assert!(line.contains("ms="), "{line}");
    assert!(!err.contains(TOKEN), "the token was logged");
    assert!(!err.contains("/bao move"), "message contents were logged");
}

/// A stand-in for the app, for testing the adapter alone: answers `help` and `rules`, and
/// echoes every other command back privately.
#[derive(Debug, Default)]
struct Placeholder;

impl Conversation for Placeholder {
    fn handle(
        &self,
        user: &User,
        place: &AppPlace,
        command: Command,
    ) -> Result<Response, AppError> {
        Ok(match &command {
            Command::Help => Reply::public(HELP).into(),
            Command::Rules => Reply::public(RULES).into(),
            other => Reply::private(format!(
                "`{}` is not available yet ({other:?} from {} in {place}).",
                other.name(),
                user.name,
            ))
            .into(),
        })
    }

    fn press(&self, _user: &User, _place: &AppPlace, id: &str) -> Result<Response, AppError> {
        Ok(Reply::private(format!("That button (`{id}`) is not known (any more).")).into())
    }

    fn suggest_moves(
        &self,
        _user: &User,
        _place: &AppPlace,
        _game: Option<GameId>,
        typed: &str,
    ) -> Result<Vec<String>, AppError> {
        Ok(["A5 left", "A5 right", "A6 left", "A6 right"]
            .into_iter()
            .filter(|m| m.to_lowercase().starts_with(&typed.to_lowercase()))
            .map(String::from)
            .collect())
    }

    fn board_posted(
        &self,
        _game: GameId,
        _ply: u32,
        _place: &AppPlace,
        _message: u64,
    ) -> Result<bool, AppError> {
        Ok(false)
    }

    fn dm_failed(&self, _user: UserId) -> Result<(), AppError> {
        Ok(())
    }
}

/// The `help` text of the placeholder.
const HELP: &str = "**Bao la Kiswahili** — commands:\n\
`/bao challenge @player [variant] [side] [time_per_move]` challenge someone here\n\
`/bao accept` · `/bao decline` answer a challenge\n\
`/bao move a6 left` play a move · `/bao board` · `/bao moves` · `/bao history`\n\
`/bao resign` · `/bao draw` · `/bao abort` · `/bao claim`\n\
`/bao ai [level] [side] [variant]` play the built-in AI\n\
`/bao games` your games · `/bao notify dm|mention|off` · `/bao rules`";

/// The `rules` text of the placeholder.
const RULES: &str = "Bao is played on four rows of eight pits; each player owns two rows. \
Seeds are sown from hand (namua stage) and then from the board (mtaji stage); \
capturing from the opponent's front row sows the captured seeds into your own. \
A player who cannot move, or whose front row is empty, loses.";
