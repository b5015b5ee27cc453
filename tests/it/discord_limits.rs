//! Discord's limits: the registration's budget, the stand-in refusing whatever Discord
//! refuses, a refused registration stopping the bot, and a whole game played while one
//! request in five is answered `429 Too Many Requests`.

use std::process::{Command as Process, Stdio};
use std::sync::Arc;
use std::time::Duration;

use crate::support::discord_limits::{self as limits, CommandBudget};
use crate::support::fake_discord::payloads::{self, asha, baraka, token_for, Opt, GUILD};
use crate::support::fake_discord::{FakeDiscord, RateLimits, Recorded, Strictness, APP_ID, TOKEN};
use bao_bot::app::{App, Settings, SystemClock};
use bao_bot::rules::{Position, Variant};
use bao_bot::store::Store;
use poise::serenity_prelude as serenity;
use serde_json::{json, Value};

const WAIT: Duration = Duration::from_secs(10);

/// The budget every top-level command keeps, below Discord's 25 options and 4,000
/// characters, so that the next command family fits without a redesign.
const OPTIONS_BUDGET: usize = 20;
const CHARACTERS_BUDGET: usize = 3400;

#[test]
fn the_registration_keeps_within_discords_limits_with_room_to_grow() {
    let mut payload = bao_bot::discord::registration_payload();
    // With [activity], the global list also carries the Entry Point command (type 4).
    let entry = bao_bot::discord::entry_point_command(None, true).expect("the bot's own");
    payload.as_array_mut().expect("a list").push(entry);
    let budgets = limits::registration(&payload)
        .unwrap_or_else(|faults| panic!("Discord would refuse the registration: {faults:#?}"));
    let table: Vec<String> = budgets
        .iter()
        .map(|b| {
            format!(
                "/{}: {} options, {} characters ({} with integer choices)",
                b.name, b.options, b.characters, b.all_characters
            )
        })
        .collect();
    println!("{}", table.join("\n"));
    let largest = |key: fn(&CommandBudget) -> usize| {
        budgets.iter().max_by_key(|b| key(b)).expect("some command")
    };
    let by_options = largest(|b| b.options);
    assert!(
        by_options.options <= OPTIONS_BUDGET,
        "/{} has {} options; the budget is {OPTIONS_BUDGET} (Discord's limit 25): give the new \
         commands a top-level command of their own.\n{}",
        by_options.name,
        by_options.options,
        table.join("\n")
    );
    let by_characters = largest(|b| b.all_characters);
    assert!(
        by_characters.all_characters <= CHARACTERS_BUDGET,
        "/{} has {} characters; the budget is {CHARACTERS_BUDGET} (Discord's limit 4,000): \
         shorten descriptions or split the command.\n{}",
        by_characters.name,
        by_characters.all_characters,
        table.join("\n")
    );
    assert!(budgets.len() <= limits::GLOBAL_COMMANDS_MAX);
    // Playing and study commands: installed to a server or to a person's account, and used
    // in servers, the bot's DMs and DMs between people; settings and tournaments belong to a
    // server that added the bot.
    let server_only = ["bao-settings", "bao-tournament"];
    for b in &budgets {
        let (types, contexts): (&[u64], &[u64]) = if server_only.contains(&b.name.as_str()) {
            (&[0], &[0])
        } else {
            (&[0, 1], &[0, 1, 2])
        };
        assert_eq!(
            (b.integration_types.as_slice(), b.contexts.as_slice()),
            (types, contexts),
            "/{}",
            b.name
        );
    }
}

/// A command with `n` options, each as described.
fn command_with(options: Vec<Value>) -> Value {
    json!([{ "name": "bao", "description": "Play Bao", "type": 1, "options": options }])
}

fn string_option(name: &str, description: &str, required: bool) -> Value {
    json!({ "name": name, "description": description, "type": 3, "required": required })
}

/// The codes of what the stand-in finds wrong with a registration.
fn registration_faults(list: &Value) -> Vec<&'static str> {
    match limits::registration(list) {
        Ok(_) => Vec::new(),
        Err(faults) => faults.iter().map(|f| f.code).collect(),
    }
}

#[test]
fn the_stand_in_refuses_every_registration_discord_refuses() {
    let ok = command_with(vec![string_option("move", "The move", true)]);
    assert_eq!(registration_faults(&ok), Vec::<&str>::new());
    // 26 options.
    let many = (0..26)
        .map(|i| string_option(&format!("o{i}"), "An option", false))
        .collect();
    assert!(!registration_faults(&command_with(many)).is_empty());
    // 26 subcommands under one group.
    let subs: Vec<Value> = (0..26)
        .map(|i| json!({ "name": format!("s{i}"), "description": "A sub", "type": 1 }))
        .collect();
    let group = json!({ "name": "group", "description": "A group", "type": 2, "options": subs });
    assert!(!registration_faults(&command_with(vec![group])).is_empty());
    // Names: upper case, a space, 33 characters, none.
    for name in ["Move", "my move", &"x".repeat(33), ""] {
        let bad = command_with(vec![string_option(name, "The move", true)]);
        assert!(!registration_faults(&bad).is_empty(), "`{name}`");
    }
    // A subcommand's own description: 101 characters, and none.
    for description in ["d".repeat(101), String::new()] {
        let sub = json!({ "name": "sub", "description": description, "type": 1 });
        assert!(!registration_faults(&command_with(vec![sub])).is_empty());
    }
    // 26 choices; a choice value of 101 characters.
    let choices: Vec<Value> = (0..26)
        .map(|i| json!({ "name": format!("c{i}"), "value": format!("c{i}") }))
        .collect();
    let mut many_choices = string_option("pick", "A choice", false);
    many_choices["choices"] = Value::Array(choices);
    assert!(!registration_faults(&command_with(vec![many_choices])).is_empty());
    let mut long_value = string_option("pick", "A choice", false);
    long_value["choices"] = json!([{ "name": "long", "value": "v".repeat(101) }]);
    assert!(!registration_faults(&command_with(vec![long_value])).is_empty());
    // A required option after an optional one.
    let order = vec![
        string_option("game", "Which game", false),
        string_option("move", "The move", true),
    ];
    assert!(!registration_faults(&command_with(order)).is_empty());
    // More than 4,000 characters in all (20 options of 100-character descriptions and
    // 100-character choices).
    let big: Vec<Value> = (0..20)
        .map(|i| {
            let mut o = string_option(&format!("o{i}"), &"d".repeat(100), false);
            o["choices"] = json!([{ "name": "n".repeat(50), "value": "v".repeat(50) }]);
            o
        })
        .collect();
    assert_eq!(
        registration_faults(&command_with(big)),
        ["APPLICATION_COMMAND_TOO_LARGE"]
    );
    // 101 global commands.
    let list: Vec<Value> = (0..101)
        .map(|i| json!({ "name": format!("c{i}"), "description": "A command", "type": 1 }))
        .collect();
    assert!(!registration_faults(&Value::Array(list)).is_empty());
    // A description localized for a locale Discord lacks (Swahili), on an option and on a
    // choice; French is one of Discord's.
    let mut sw = string_option("move", "The move", true);
    sw["description_localizations"] = json!({ "fr": "Le coup", "sw": "Hatua" });
    assert_eq!(
        registration_faults(&command_with(vec![sw])),
        ["LOCALE_INVALID"]
    );
    let mut choice = string_option("pick", "A choice", false);
    choice["choices"] =
        json!([{ "name": "one", "value": "1", "name_localizations": { "sw": "moja" } }]);
    assert_eq!(
        registration_faults(&command_with(vec![choice])),
        ["LOCALE_INVALID"]
    );
    // Where a command is installed and used: known values, and DMs between people only for
    // a command a user can install.
    let with = |types: Value, contexts: Value| {
        let mut list = command_with(Vec::new());
        list[0]["integration_types"] = types;
        list[0]["contexts"] = contexts;
        registration_faults(&list)
    };
    assert!(with(json!([0, 1]), json!([0, 1, 2])).is_empty());
    assert!(with(json!([0]), json!([0])).is_empty());
    assert_eq!(
        with(json!([0]), json!([0, 2])),
        ["APPLICATION_COMMAND_INVALID_CONTEXT"]
    );
    assert_eq!(with(json!([0, 2]), json!([0])), ["BASE_TYPE_CHOICES"]);
    assert_eq!(with(json!([0]), json!([3])), ["BASE_TYPE_CHOICES"]);
    assert_eq!(with(json!([]), json!([0])), ["BASE_TYPE_BAD_LENGTH"]);
}

fn button(id: &str, label: &str) -> Value {
    json!({ "type": 2, "style": 2, "custom_id": id, "label": label })
}

fn row(buttons: Vec<Value>) -> Value {
    json!({ "type": 1, "components": buttons })
}

#[test]
fn the_stand_in_refuses_every_message_discord_refuses() {
    let limit = limits::DEFAULT_UPLOAD_LIMIT;
    let faults = |body: Value, files: &[(String, usize)]| limits::message(&body, files, limit);
    let fine = json!({ "content": "x".repeat(2000), "components": vec![row(vec![button("a", "A"); 5]); 5] });
    assert_eq!(faults(fine, &[]), Vec::new());
    // Content of 2,001 characters.
    assert!(!faults(json!({ "content": "x".repeat(2001) }), &[]).is_empty());
    // Six rows; six buttons in a row.
    let six_rows = vec![row(vec![button("a", "A")]); 6];
    assert!(!faults(json!({ "components": six_rows }), &[]).is_empty());
    let six_buttons = vec![row(vec![button("a", "A"); 6])];
    assert!(!faults(json!({ "components": six_buttons }), &[]).is_empty());
    // A custom_id of 101 characters, and an empty one; a label of 81.
    for b in [
        button(&"i".repeat(101), "A"),
        button("", "A"),
        button("a", &"l".repeat(81)),
    ] {
        assert!(!faults(json!({ "components": [row(vec![b])] }), &[]).is_empty());
    }
    // A select menu of 26 options.
    let options: Vec<Value> = (0..26)
        .map(|i| json!({ "label": format!("o{i}"), "value": format!("o{i}") }))
        .collect();
    let select = json!({ "type": 3, "custom_id": "pick", "options": options });
    assert!(!faults(json!({ "components": [row(vec![select])] }), &[]).is_empty());
    // Eleven attachments; a file over the upload limit.
    let eleven: Vec<(String, usize)> = (0..11).map(|i| (format!("f{i}.png"), 10)).collect();
    assert!(!faults(json!({}), &eleven).is_empty());
    let huge = [("board.gif".to_string(), limit as usize + 1)];
    assert!(!faults(json!({}), &huge).is_empty());
    // An interaction answer's message, and autocomplete with 26 choices.
    let answer = json!({ "type": 4, "data": { "content": "x".repeat(2001) } });
    assert!(!limits::callback(&answer, &[], limit).is_empty());
    let choices: Vec<Value> = (0..26)
        .map(|i| json!({ "name": format!("A{i}"), "value": format!("A{i}") }))
        .collect();
    let complete = json!({ "type": 8, "data": { "choices": choices } });
    assert!(!limits::callback(&complete, &[], limit).is_empty());
    // Thread names of 0 and 101 characters.
    assert!(!limits::thread_name(Some(""), true).is_empty());
    assert!(!limits::thread_name(Some(&"t".repeat(101)), true).is_empty());
    assert!(!limits::thread_name(None, true).is_empty());
    assert!(limits::thread_name(Some("Asha v Baraka"), true).is_empty());
    // Discord's body for a refusal, with each fault at its path.
    let body = limits::invalid_form_body(&[limits::Fault {
        path: "0.options".into(),
        code: "BASE_TYPE_MAX_LENGTH",
        message: "Must be 25 or fewer in length.".into(),
    }]);
    assert_eq!(body["code"], 50035);
    assert_eq!(
        body["errors"]["0"]["options"]["_errors"][0]["code"],
        "BASE_TYPE_MAX_LENGTH"
    );
}

/// A client for the stand-in, as the bot builds it.
pub(crate) fn http(fake: &FakeDiscord) -> serenity::Http {
    serenity::HttpBuilder::new(TOKEN)
        .application_id(serenity::ApplicationId::new(APP_ID))
        .proxy(fake.proxy_url())
        .ratelimiter_disabled(true)
        .build()
}

/// The status and Discord's code of a refused request.
pub(crate) fn discord_code(e: &serenity::Error) -> Option<(u16, isize)> {
    match e {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r)) => {
            Some((r.status_code.as_u16(), r.error.code))
        }
        _ => None,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_interaction_answered_late_or_twice_is_refused_as_discord_does() {
    let fake = FakeDiscord::start().await;
    fake.be_strict(Strictness {
        first_answer_within: Some(Duration::from_millis(200)),
        ..Strictness::default()
    });
    let http = http(&fake);
    let ack = serenity::CreateInteractionResponse::Acknowledge;
    // In time, then a second first answer.
    fake.note_interaction(&payloads::slash(1, &asha(), GUILD, "help", &[]));
    let id = serenity::InteractionId::new(1);
    http.create_interaction_response(id, &token_for(1), &ack, Vec::new())
        .await
        .expect("answered in time");
    let twice = http
        .create_interaction_response(id, &token_for(1), &ack, Vec::new())
        .await
        .expect_err("answered twice");
    assert_eq!(discord_code(&twice), Some((400, 40060)));
    // Too late.
    fake.note_interaction(&payloads::slash(2, &asha(), GUILD, "help", &[]));
    tokio::time::sleep(Duration::from_millis(300)).await;
    let late = http
        .create_interaction_response(
            serenity::InteractionId::new(2),
            &token_for(2),
            &ack,
            Vec::new(),
        )
        .await
        .expect_err("answered late");
    assert_eq!(discord_code(&late), Some((404, 10062)));
    // A thread name of 101 characters (serenity sends it; Discord refuses it).
    let thread = serenity::CreateThread::new("t".repeat(101));
    let refused = serenity::ChannelId::new(GUILD.channel_id())
        .create_thread(&http, thread)
        .await
        .expect_err("too long");
    assert_eq!(discord_code(&refused), Some((400, 50035)));
}

#[test]
fn a_refused_registration_stops_the_bot_naming_the_command_and_the_limit() {
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    let fake = runtime.block_on(FakeDiscord::start());
    // Stricter than Discord: every command of more than 500 characters is refused, /bao
    // among them.
    fake.be_strict(Strictness {
        command_characters: Some(500),
        ..Strictness::default()
    });
    let dir = tempfile::tempdir().expect("dir");
    let out = Process::new(env!("CARGO_BIN_EXE_bao-bot"))
        .arg("run")
        .env_clear()
        .env("DISCORD_TOKEN", TOKEN)
        .env("BAO_PROXY_URL", fake.proxy_url())
        .env("BAO_TEST_LOOPBACK_ONLY", "1")
        .env("BAO_DATABASE", dir.path().join("bao.db"))
        .stdin(Stdio::null())
        .output()
        .expect("bao-bot runs");
    assert!(!out.status.success(), "the bot ran on without its commands");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("Discord refused the command registration")
            && err.contains("/bao:")
            && err.contains("at most 500")
            && err.contains("50035"),
        "{err}"
    );
    assert_eq!(
        fake.count(|r| r.is("PUT", "/api/v10/applications/*/commands")),
        1,
        "a refusal is not retried"
    );
    drop(fake);
}

/// Whether the request went through (a 2xx answer).
pub(crate) fn passed(r: &Recorded) -> bool {
    (200..300).contains(&r.status)
}

/// The first request that went through answering interaction `id` with a message.
pub(crate) async fn answer(fake: &FakeDiscord, id: u64) -> Recorded {
    let token = token_for(id);
    fake.wait_for(
        |r| passed(r) && r.uses_token(&token) && r.content().is_some(),
        WAIT,
    )
    .await
}

/// Each of `plies` moves, sent as interactions `first`, `first + 1`, ..., brought its board
/// exactly once, as an answer to that interaction.
pub(crate) fn every_board_once(fake: &FakeDiscord, first: u64, plies: u32) {
    for ply in 0..plies {
        let token = token_for(first + u64::from(ply));
        let boards = fake.count(|r| {
            passed(r) && r.uses_token(&token) && r.files.iter().any(|f| !f.bytes.is_empty())
        });
        assert_eq!(boards, 1, "ply {ply}:\n{}", fake.describe_requests());
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_under_rate_limits_brings_every_board_once() {
    let fake = FakeDiscord::start().await;
    let store = Arc::new(Store::open_in_memory().expect("store"));
    let app = Arc::new(App::new(
        store.clone(),
        Arc::new(SystemClock),
        Settings::default(),
    ));
    let bot = crate::support::bot::start(&fake, app, WAIT).await;
    fake.rate_limit(RateLimits {
        one_in: 5,
        retry_after: Some(0.05),
    });
    let opts = [Opt::User("opponent", baraka()), Opt::Int("side", 0)];
    fake.send_interaction(payloads::slash(100, &asha(), GUILD, "challenge", &opts));
    answer(&fake, 100).await;
    fake.send_interaction(payloads::slash(101, &baraka(), GUILD, "accept", &[]));
    assert!(answer(&fake, 101).await.has_png());
    let game = store
        .game_in(&bao_bot::store::Place::Channel {
            guild: 1_300_000_000_000_000_001,
            channel: GUILD.channel_id(),
        })
        .expect("store")
        .expect("the game")
        .id;

    let mut position = Position::start(Variant::Kiswahili);
    let plies = 16u32;
    for ply in 0..plies {
        // Halfway, the proxy's `retry_after` turns absurd, then goes missing: the bot
        // neither waits an hour nor spins.
        if ply == plies / 2 {
            fake.rate_limit(RateLimits {
                one_in: 5,
                retry_after: Some(3600.0),
            });
        } else if ply == 3 * plies / 4 {
            fake.rate_limit(RateLimits {
                one_in: 5,
                retry_after: None,
            });
        }
        let mv = position.legal_moves()[0];
        let text = mv.to_string();
        let who = if ply % 2 == 0 { asha() } else { baraka() };
        let id = 200 + u64::from(ply);
        let opts = [Opt::Str("move", text), Opt::Str("game", game.0.to_string())];
        fake.send_interaction(payloads::slash(id, &who, GUILD, "move", &opts));
        let moved = answer(&fake, id).await;
        assert!(!moved.is_ephemeral(), "{ply}: {}", moved.body());
        position = position.play(&mv).expect("legal").0;
        // The move is stored once before the next is sent.
        let stored = fake
            .wait_until(WAIT, || {
                let g = store.game(game).ok().flatten()?;
                (g.ply == ply + 1).then_some(())
            })
            .await;
        assert!(stored.is_some(), "ply {ply} not stored");
        if position.is_over() {
            break;
        }
    }
    let played = store.game(game).expect("store").expect("game").ply;
    // Every move's board arrived exactly once, and nothing was refused but for the rate
    // limit.
    every_board_once(&fake, 200, played);
    let limited = fake.count(|r| r.status == 429);
    let limited_answers = fake.count(|r| r.status == 429 && r.path.ends_with("/callback"));
    assert!(limited > 5 && limited_answers > 0, "{limited} refused");
    let other: Vec<String> = fake
        .requests()
        .iter()
        .filter(|r| !passed(r) && r.status != 429)
        .map(|r| format!("{} {} -> {} {}", r.method, r.path, r.status, r.body()))
        .collect();
    assert!(other.is_empty(), "{other:#?}");
    bot.stop().await.expect("the bot stopped");
}

/// `GET path` from `127.0.0.1:port` over plain HTTP/1.1: the status and the answer.
fn http_get(port: u16, path: &str) -> (u16, String) {
    crate::support::web_run::http(port, "GET", path, &[], "")
}

#[test]
fn bao_bot_run_serves_the_game_pages_its_messages_link_to() {
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    let fake = runtime.block_on(FakeDiscord::start());
    let bot = crate::support::web_run::WebBot::start(&fake);
    let port = bot.port;
    let dm = payloads::Place::Dm { channel_id: 77 };
    let link = runtime.block_on(async {
        fake.wait_for(|r| r.is("PUT", "/api/v10/applications/*/commands"), WAIT)
            .await;
        fake.send_interaction(payloads::slash(901, &asha(), dm, "ai", &[]));
        answer(&fake, 901).await;
        // The running game's history links to its page (to follow it live).
        fake.send_interaction(payloads::slash(902, &asha(), dm, "history", &[]));
        let history = answer(&fake, 902).await;
        let text = history.content().unwrap_or_default().to_string();
        let start = text
            .find("<http")
            .unwrap_or_else(|| panic!("no link: {text}"));
        let end = start + text[start..].find('>').expect("link end");
        text[start + 1..end].to_string()
    });
    let path = link
        .strip_prefix(&format!("http://127.0.0.1:{port}"))
        .unwrap_or_else(|| panic!("{link}"))
        .to_string();
    assert!(
        path.starts_with("/g/1?k="),
        "a DM game's link carries its token: {path}"
    );
    let (status, page) = http_get(port, &path);
    let (bare, _) = http_get(port, "/g/1");
    bot.stop();
    assert_eq!(status, 200, "{page}");
    assert!(page.contains("asha"), "{page}");
    assert_eq!(bare, 404, "the page without its token");
}
