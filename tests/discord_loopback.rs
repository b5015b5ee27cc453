//! The real serenity/poise client against the loopback stand-in for Discord: command
//! registration, slash commands, buttons, autocomplete, attachments, deferral, refused DMs,
//! and clean stops (in-process and by SIGTERM to `bao-bot run`). Nothing leaves 127.0.0.1.

mod support;

use std::process::{Command as Process, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use bao_bot::config::{Config, Token};
use bao_bot::discord::bridge::{
    Attachment, BaoHandler, Button, ButtonStyle, Choice, Command, Delivery, MoveCompletion, Reply,
    Request, Target,
};
use bao_bot::discord::{self, DiscordError, Outbox};
use serde_json::{json, Value};
use support::fake_discord::payloads::{self, Opt, Place, Who};
use support::fake_discord::{FakeDiscord, Recorded, TOKEN};
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

/// Upper bound for anything the bot should do promptly.
const WAIT: Duration = Duration::from_secs(5);

const GUILD: Place = Place::Guild {
    guild_id: 1_300_000_000_000_000_001,
    channel_id: 1_300_000_000_000_000_002,
};

fn asha() -> Who {
    Who::new(1_400_000_000_000_000_001, "asha")
}

fn baraka() -> Who {
    Who::new(1_400_000_000_000_000_002, "baraka")
}

/// A bot running in this process, and the switch that stops it.
struct Bot {
    task: JoinHandle<Result<(), DiscordError>>,
    stop: oneshot::Sender<()>,
}

impl Bot {
    /// Stops the bot; returns its result.
    async fn stop(self) -> Result<(), DiscordError> {
        let _ = self.stop.send(());
        tokio::time::timeout(Duration::from_secs(15), self.task)
            .await
            .expect("the bot did not stop in time")
            .expect("the bot task panicked")
    }
}

/// Starts the real client against `fake` and waits until it has identified and registered
/// its commands.
async fn start_bot(fake: &FakeDiscord, handler: Arc<dyn BaoHandler>) -> Bot {
    // Bot logs show with `--nocapture` (RUST_LOG=debug for more).
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_test_writer()
        .try_init();
    let config = Config {
        token: Some(Token::new(TOKEN)),
        proxy_url: Some(fake.proxy_url()),
        loopback_only: true,
        ..Config::default()
    };
    let (stop, stopped) = oneshot::channel::<()>();
    let task = tokio::spawn(discord::run(config, handler, async {
        let _ = stopped.await;
    }));
    fake.wait_for_ready(WAIT).await;
    fake.wait_for(|r| r.is("PUT", "/api/v10/applications/*/commands"), WAIT)
        .await;
    Bot { task, stop }
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

    // Registration: one global /bao with every subcommand, usable in servers and bot DMs.
    let registered = fake
        .registered_commands(None)
        .expect("no global registration");
    let list = registered.as_array().expect("a list of commands");
    assert_eq!(list.len(), 1, "{registered}");
    let bao = &list[0];
    assert_eq!(bao["name"], "bao");
    assert_eq!(bao["contexts"], json!([0, 1]));
    let subs: Vec<&str> = bao["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| {
            assert_eq!(o["type"], 1, "{o} is not a subcommand");
            o["name"].as_str().unwrap()
        })
        .collect();
    for want in [
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
        "ai",
        "games",
        "rules",
        "help",
        "notify",
        "claim",
    ] {
        assert!(subs.contains(&want), "/bao {want} missing from {subs:?}");
    }
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
    let modes = option(option(bao, "notify"), "mode");
    assert_eq!(modes["required"], true);

    // `/bao help` in a server: answered at once, publicly, with the command list.
    fake.send_interaction(payloads::slash(11, &asha(), GUILD, "help", &[]));
    let answer = callback(&fake, 11).await;
    assert_eq!(answer.body()["type"], 4, "{}", answer.body());
    assert!(!answer.is_ephemeral());
    assert!(answer.content().unwrap().contains("/bao move"));
    assert_eq!(answer.status, 204);

    // A command in the bot's DMs, with options: reaches the handler with them (the
    // placeholder echoes it privately).
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
    assert!(text.contains("a6 left") && text.contains("dm:"), "{text}");

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

/// A handler that answers with a board-like reply, and records what it is told.
#[derive(Default)]
struct Scripted {
    deliveries: Mutex<Vec<Delivery>>,
    started: AtomicBool,
}

const OTHER_CHANNEL: u64 = 1_300_000_000_000_000_009;
const OLD_BOARD: u64 = 1_500_000_000_000_000_009;

const PNG: &[u8] = b"\x89PNG\r\n\x1a\nnot really a picture";

impl BaoHandler for Scripted {
    fn handle(&self, request: Request) -> Vec<Reply> {
        match request.command {
            Command::Board { .. } => {
                let mut board = Reply::text(format!("<@{}> to move.", request.user.id));
                board.attachments = vec![Attachment {
                    name: "board.png".into(),
                    bytes: PNG.to_vec(),
                }];
                board.buttons = vec![vec![
                    Button {
                        custom_id: "bao:move:1:0:a6l".into(),
                        label: "A6 ←".into(),
                        style: ButtonStyle::Primary,
                        disabled: false,
                    },
                    Button {
                        custom_id: "bao:resign:1".into(),
                        label: "Resign".into(),
                        style: ButtonStyle::Danger,
                        disabled: true,
                    },
                ]];
                board.mention = Some(request.user.id);
                board.tag = Some("board:1".into());
                let mut dm = Reply::text("Your turn in game 1.");
                dm.target = Target::Dm(baraka().id);
                vec![board, dm]
            }
            // Known to be slow (see `should_defer`): deferred before the handler runs.
            Command::Ai { .. } => vec![Reply::text("The AI played A5 left.")],
            // Deferred, then private after all.
            Command::Resign => vec![Reply::private("There is no game here.")],
            Command::History { .. } => {
                // Unexpectedly slow: the adapter defers after DEFER_AFTER.
                std::thread::sleep(Duration::from_millis(1700));
                vec![Reply::text("1. A5 left")]
            }
            Command::Button { .. } => {
                let mut update = Reply::text("Board (old)");
                update.target = Target::Source;
                vec![update, Reply::private("That board is out of date.")]
            }
            Command::Games => {
                // A notice in another channel, and an old board stripped of its buttons.
                let mut notice = Reply::text(format!("<@{}>, your turn.", baraka().id));
                notice.target = Target::Channel(OTHER_CHANNEL);
                notice.mention = Some(baraka().id);
                let mut old = Reply::text("Board (game over)");
                old.target = Target::Edit {
                    channel_id: OTHER_CHANNEL,
                    message_id: OLD_BOARD,
                };
                vec![Reply::private("Notified."), notice, old]
            }
            Command::Moves => {
                // Takes a while: a stop requested meanwhile waits for it.
                self.started.store(true, Ordering::SeqCst);
                std::thread::sleep(Duration::from_millis(1200));
                vec![Reply::text("A5 left, A5 right")]
            }
            // Nothing to say: the adapter still answers (deferred or not).
            Command::Abort | Command::Claim => Vec::new(),
            _ => vec![Reply::private("?")],
        }
    }

    fn should_defer(&self, request: &Request) -> bool {
        matches!(
            request.command,
            Command::Ai { .. } | Command::Resign | Command::Abort
        )
    }

    fn complete_move(&self, request: MoveCompletion) -> Vec<Choice> {
        // More than Discord shows: the adapter must cut the list to 25.
        (1..=40)
            .map(|n| Choice {
                label: format!("{}{n} left", request.partial),
                value: format!("{}{n} left", request.partial),
            })
            .collect()
    }

    fn delivered(&self, delivery: Delivery) {
        self.deliveries.lock().unwrap().push(delivery);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sends_files_buttons_mentions_defers_and_reports_refused_dms() {
    let fake = FakeDiscord::start().await;
    fake.block_dms_to(baraka().id);
    let handler = Arc::new(Scripted::default());
    let bot = start_bot(&fake, handler.clone()).await;

    // A board: multipart with the PNG, buttons, one allowed mention.
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
    let buttons = &data["components"][0]["components"];
    assert_eq!(buttons[0]["custom_id"], "bao:move:1:0:a6l");
    assert_eq!(buttons[0]["label"], "A6 ←");
    assert_eq!(buttons[1]["style"], 4);
    assert_eq!(buttons[1]["disabled"], true);
    // The board was tagged: the app is told its message id (fetched, since an interaction
    // response carries none).
    let board_id = fake
        .original_message_of(&payloads::token_for(21))
        .expect("answered");
    let posted = Delivery::Posted {
        tag: "board:1".into(),
        channel_id: GUILD.channel_id(),
        message_id: board_id,
    };
    let told = fake
        .wait_until(WAIT, || {
            handler
                .deliveries
                .lock()
                .unwrap()
                .contains(&posted)
                .then_some(())
        })
        .await;
    assert!(told.is_some(), "{:?}", handler.deliveries.lock().unwrap());
    // The DM to a user who refuses them: 403 / 50007, reported to the app, not retried.
    fake.wait_for(|r| r.is("POST", "/api/v10/users/@me/channels"), WAIT)
        .await;
    let refused = fake.wait_for(|r| r.status == 403, WAIT).await;
    assert!(refused.is("POST", "/api/v10/channels/*/messages"));
    let reported = fake
        .wait_until(WAIT, || {
            let d = handler.deliveries.lock().unwrap();
            d.contains(&Delivery::DmRefused {
                user_id: baraka().id,
            })
            .then_some(())
        })
        .await;
    assert!(reported.is_some(), "refused DM not reported");
    assert_eq!(
        fake.requests().iter().filter(|r| r.status == 403).count(),
        1,
        "a refused DM must not be retried"
    );

    // Slow answers: deferred (type 5) first, then the "thinking" message is edited; whether
    // the handler asked for it (ai) or was just slow (history).
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

    // A button: the clicked message is updated (type 7), and a private followup explains.
    let msg = payloads::message(
        1_500_000_000_000_000_002,
        GUILD.channel_id(),
        &payloads::bot_user(),
        "board",
        json!([payloads::button_row(&[("bao:move:1:0:a6l", "A6 ←")])]),
    );
    let mark = fake.mark();
    fake.send_interaction(payloads::button(
        23,
        &asha(),
        GUILD,
        "bao:move:1:0:a6l",
        msg,
    ));
    let update = callback(&fake, 23).await;
    assert_eq!(update.body()["type"], 7, "{}", update.body());
    let followup = fake
        .wait_for_since(mark, |r| r.is("POST", "/api/v10/webhooks/*/*"), WAIT)
        .await;
    assert!(followup.uses_token(&payloads::token_for(23)));
    assert!(followup.is_ephemeral(), "{}", followup.body());

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
        .wait_until(WAIT, || {
            handler.started.load(Ordering::SeqCst).then_some(())
        })
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
    let handler = Arc::new(Scripted::default());
    let (outbox, outbox_rx) = Outbox::new();
    let config = Config {
        token: Some(Token::new(TOKEN)),
        proxy_url: Some(fake.proxy_url()),
        loopback_only: true,
        ..Config::default()
    };
    let (stop, stopped) = oneshot::channel::<()>();
    let bot = Bot {
        task: tokio::spawn(discord::run_with_outbox(
            config,
            handler.clone(),
            Some(outbox_rx),
            async {
                let _ = stopped.await;
            },
        )),
        stop,
    };
    fake.wait_for_ready(WAIT).await;

    let mut notice = Reply::text(format!("<@{}>, your turn in game 3.", asha().id));
    notice.target = Target::Channel(OTHER_CHANNEL);
    notice.mention = Some(asha().id);
    notice.tag = Some("notice:3".into());
    let mut reminder = Reply::text("Half your time is gone in game 3.");
    reminder.target = Target::Dm(baraka().id);
    assert!(outbox.send(notice));
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
    let reported = fake
        .wait_until(WAIT, || {
            let d = handler.deliveries.lock().unwrap();
            let posted = d.iter().any(|d| {
                matches!(d, Delivery::Posted { tag, channel_id, .. }
                    if tag == "notice:3" && *channel_id == OTHER_CHANNEL)
            });
            let refused = d.contains(&Delivery::DmRefused {
                user_id: baraka().id,
            });
            (posted && refused).then_some(())
        })
        .await;
    assert!(
        reported.is_some(),
        "{:?}",
        handler.deliveries.lock().unwrap()
    );
    bot.stop().await.expect("the bot failed");
    assert!(
        !outbox.send(Reply::text("too late")),
        "the outbox outlived the bot"
    );
}

/// `bao-bot run` with the given extra environment, stderr captured into a file.
fn bao_bot_run(env: &[(&str, String)], stderr: &std::path::Path) -> std::process::Child {
    let mut cmd = Process::new(env!("CARGO_BIN_EXE_bao-bot"));
    cmd.arg("run")
        .env_clear()
        .env("BAO_LOG", "info")
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

/// A stand-in handler for testing the adapter alone: answers `help` and `rules`, and echoes
/// every other command back privately.
#[derive(Debug, Default)]
struct Placeholder;

impl BaoHandler for Placeholder {
    fn handle(&self, request: Request) -> Vec<Reply> {
        match &request.command {
            Command::Help => vec![Reply::text(HELP)],
            Command::Rules => vec![Reply::text(RULES)],
            Command::Button { custom_id, .. } => vec![Reply::private(format!(
                "That button (`{custom_id}`) is not known (any more)."
            ))],
            other => vec![Reply::private(format!(
                "`{}` is not available yet ({other:?} from {} in {}).",
                other.name(),
                request.user.name,
                request.place
            ))],
        }
    }

    fn complete_move(&self, request: MoveCompletion) -> Vec<Choice> {
        ["A5 left", "A5 right", "A6 left", "A6 right"]
            .into_iter()
            .filter(|m| {
                m.to_lowercase()
                    .starts_with(&request.partial.to_lowercase())
            })
            .map(|m| Choice {
                label: m.to_string(),
                value: m.to_string(),
            })
            .collect()
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
