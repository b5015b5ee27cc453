//! The real serenity/poise client against the loopback stand-in for Discord: command
//! registration, slash commands, buttons, autocomplete, attachments, deferral, refused DMs,
//! and clean stops (in-process and by SIGTERM to `bao-bot run`). Nothing leaves 127.0.0.1.

mod process;
mod scripted;

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
