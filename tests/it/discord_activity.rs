//! The Discord Activity's side in the chat, with `bao-bot run` against the Discord stand-in:
//! the global overwrite carries the app's Entry Point command (the portal's unchanged
//! without `[activity]`; the bot's own, `DISCORD_LAUNCH_ACTIVITY`, with it), the stand-in
//! refusing an overwrite that drops it as Discord does (50240), the "Play on the board"
//! button answered with `LAUNCH_ACTIVITY` (callback type 12) when `[activity]` is on, and a
//! refused sign-in logged without the secret or the code.

use std::time::Duration;

use crate::support::fake_discord::payloads::{self, asha, token_for, GUILD};
use crate::support::fake_discord::{custom_ids, FakeDiscord, Recorded, APP_ID, CLIENT_SECRET};
use crate::support::web_run::{http, WebBot};
use serde_json::{json, Value};

const WAIT: Duration = Duration::from_secs(20);

/// `[activity]` on, through the environment.
fn activity_env() -> Vec<(&'static str, String)> {
    vec![
        ("BAO_ACTIVITY_CLIENT_SECRET", CLIENT_SECRET.to_string()),
        ("BAO_APPLICATION_ID", APP_ID.to_string()),
    ]
}

fn start(fake: &FakeDiscord, env: &[(&'static str, String)]) -> WebBot {
    let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (*k, v.as_str())).collect();
    WebBot::start_with(fake, &env)
}

/// The Entry Point command Discord makes when Activities are turned on in the portal.
fn portals_launch(handler: u64) -> Value {
    json!({
        "name": "launch",
        "description": "Launch Bao",
        "type": 4,
        "handler": handler,
        "integration_types": [0, 1],
        "contexts": [0, 1, 2],
    })
}

/// The registration that went through, and its Entry Point commands.
async fn registered(fake: &FakeDiscord, since: usize) -> (Recorded, Vec<Value>) {
    let put = fake
        .wait_for_since(
            since,
            |r| r.is("PUT", "/api/v10/applications/*/commands"),
            WAIT,
        )
        .await;
    let entry: Vec<Value> = put
        .body()
        .as_array()
        .expect("a list")
        .iter()
        .filter(|c| c["type"] == 4)
        .cloned()
        .collect();
    (put, entry)
}

/// Runs `check`, then stops the bot; on a failure prints its log.
fn with_bot(bot: WebBot, check: impl FnOnce(&WebBot)) -> String {
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| check(&bot)));
    let log = bot.stop();
    if let Err(e) = result {
        eprintln!("bot log:\n{log}");
        std::panic::resume_unwind(e);
    }
    log
}

#[test]
fn without_the_activity_the_portals_entry_point_is_carried_unchanged() {
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    let fake = runtime.block_on(FakeDiscord::start());
    fake.add_entry_point(portals_launch(2));
    // As Discord: an overwrite that leaves it out is refused whole.
    let port: u16 = fake
        .proxy_url()
        .rsplit(':')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    let ours = json!([{ "name": "bao", "description": "Play Bao", "type": 1 }]);
    let (status, answer) = http(
        port,
        "PUT",
        &format!("/api/v10/applications/{APP_ID}/commands"),
        &["Content-Type: application/json"],
        &ours.to_string(),
    );
    assert_eq!(status, 400, "{answer}");
    assert!(answer.contains("50240"), "{answer}");
    let mark = fake.mark();
    let bot = start(&fake, &[]);
    with_bot(bot, |_| {
        let (put, entry) = runtime.block_on(registered(&fake, mark));
        assert_eq!(put.status, 200, "{}", put.body());
        assert_eq!(entry.len(), 1, "{}", put.body());
        // What Discord gave back: the portal's command with the fields Discord adds (its id,
        // the application, the version), not one field changed.
        let mut carried = entry[0].clone();
        for key in ["id", "application_id", "version"] {
            assert!(carried[key].is_string(), "{key} carried: {carried}");
            carried.as_object_mut().unwrap().remove(key);
        }
        assert_eq!(carried, portals_launch(2));
        let names: Vec<&str> = put
            .body()
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|c| c["name"].as_str())
            .collect();
        assert!(names.contains(&"bao"), "{names:?}");
    });
}

#[test]
fn with_the_activity_the_entry_point_is_the_bots_and_the_button_launches_it() {
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    let fake = runtime.block_on(FakeDiscord::start());
    // Someone set APP_HANDLER in the portal: the bot takes it over, keeping its name.
    fake.add_entry_point(portals_launch(1));
    let bot = start(&fake, &activity_env());
    with_bot(bot, |_| {
        let (put, entry) = runtime.block_on(registered(&fake, 0));
        assert_eq!(put.status, 200, "{}", put.body());
        assert_eq!(entry.len(), 1);
        let e = &entry[0];
        assert_eq!(
            (&e["name"], &e["description"], &e["handler"]),
            (&json!("launch"), &json!("Launch Bao"), &json!(2)),
            "{e}"
        );
        assert!(e["id"].is_string(), "the same command, by its id: {e}");
        // A game with the AI; Asha's /bao board answers privately with the launch button.
        let who = asha();
        let answered = |id: u64| {
            let token = token_for(id);
            fake.wait_for(move |r| r.uses_token(&token) && r.content().is_some(), WAIT)
        };
        let board = runtime.block_on(async {
            fake.send_interaction(payloads::slash(801, &who, GUILD, "ai", &[]));
            answered(801).await;
            fake.send_interaction(payloads::slash(802, &who, GUILD, "board", &[]));
            answered(802).await
        });
        assert!(board.is_ephemeral(), "{}", board.body());
        assert!(
            custom_ids(board.body()).contains(&"bao:activity".to_string()),
            "{}",
            board.body()
        );
        assert!(
            !board.body().to_string().contains("#play="),
            "no link: {}",
            board.body()
        );
        assert!(
            board.content().unwrap().contains("inside Discord"),
            "{:?}",
            board.content()
        );
        // The press is answered with LAUNCH_ACTIVITY (callback type 12), nothing else.
        let message = fake.message_answering(802, GUILD.channel_id());
        let mark = fake.mark();
        fake.send_interaction(payloads::button(803, &who, GUILD, "bao:activity", message));
        let launch = runtime.block_on(fake.wait_for_since(mark, |r| r.is_callback_for(803), WAIT));
        assert_eq!(launch.body()["type"], 12, "{}", launch.body());
        assert!(launch.body()["data"].is_null(), "{}", launch.body());
        assert_eq!(launch.status, 204);
        std::thread::sleep(Duration::from_millis(300));
        assert_eq!(
            fake.count(|r| r.uses_token(&token_for(803))),
            1,
            "{}",
            fake.describe_requests()
        );
    });
}

#[test]
fn a_refused_sign_in_is_told_and_logged_without_the_secret_or_the_code() {
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    let fake = runtime.block_on(FakeDiscord::start());
    let bot = start(&fake, &activity_env());
    let code = "wrong-code-4711";
    let log = with_bot(bot, |bot| {
        runtime.block_on(registered(&fake, 0));
        let body = json!({ "code": code, "instance_id": "123456789012345678" }).to_string();
        let json = ["Content-Type: application/json"];
        let (status, answer) = http(bot.port, "POST", "/api/token", &json, &body);
        assert_eq!(status, 401, "{answer}");
        assert!(
            answer.contains("did not accept the sign-in code"),
            "{answer}"
        );
        let exchange = fake.wait_for(|r| r.is("POST", "/api/v10/oauth2/token"), WAIT);
        let exchange = runtime.block_on(exchange);
        assert_eq!(exchange.body()["code"], code, "the code went to Discord");
        // The page itself says what it is.
        let (status, page) = http(bot.port, "GET", "/activity", &[], "");
        assert_eq!(status, 200);
        assert!(page.contains(&format!("data-client-id=\"{APP_ID}\"")));
    });
    assert!(log.contains("an Activity sign-in failed"), "{log}");
    assert!(log.contains("invalid_grant"), "{log}");
    assert!(!log.contains(code) && !log.contains(CLIENT_SECRET), "{log}");
}
