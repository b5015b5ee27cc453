//! The Activity page in headless Chromium under the SDK's own `DiscordSDKMock` (the page
//! uses it when opened without Discord's `frame_id`), with `bao-bot run` and the Discord
//! stand-in answering the OAuth2 code exchange, `/users/@me` and the instance: the page
//! signs in, opens the channel's game, and a move is played by a click on a pit and one on
//! the move; the channel gets the board once. A phone-sized session then signs in again.
//! `BAO_WEB_SCREENSHOTS=DIR` writes `activity-1280.png` and `activity-390.png`.
//! Skipped without Chromium unless `BAO_REQUIRE_BROWSER=1` (as `web_browser.rs`).

use std::time::Duration;

use crate::support::fake_discord::payloads::{self, asha, token_for, GUILD};
use crate::support::fake_discord::{FakeDiscord, APP_ID, CLIENT_SECRET};
use crate::support::web_run::WebBot;
use crate::web_browser::{browser_sized, screenshot, wait_until};
use fantoccini::{Client, Locator};

const WAIT: Duration = Duration::from_secs(20);
/// The instance id `DiscordSDKMock` reports.
const MOCK_INSTANCE: &str = "123456789012345678";

fn guild_id() -> u64 {
    match GUILD {
        payloads::Place::Guild { guild_id, .. } => guild_id,
        _ => unreachable!("GUILD is a server channel"),
    }
}

/// Opens the Activity as the SDK's mock in GUILD's channel, signing in with `code`, and
/// waits until the game is shown.
async fn open(c: &Client, port: u16, code: &str) {
    let url = format!(
        "http://127.0.0.1:{port}/activity?channel_id={}&guild_id={}&mock_code={code}",
        GUILD.channel_id(),
        guild_id()
    );
    c.goto(&url).await.expect("the page opens");
    wait_until(
        c,
        "the channel's game after the sign-in",
        "return document.body.dataset.game === '1' && !!document.querySelector('svg#board [data-pit]')",
    )
    .await;
}

#[test]
fn the_activity_under_the_sdks_mock_opens_the_channels_game_and_plays_a_move() {
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    let fake = runtime.block_on(FakeDiscord::start());
    let bot = WebBot::start_with(
        &fake,
        &[
            ("BAO_ACTIVITY_CLIENT_SECRET", CLIENT_SECRET),
            ("BAO_APPLICATION_ID", &APP_ID.to_string()),
        ],
    );
    let who = asha();
    fake.sign_in_code("mock-code-1", who.id, "asha");
    fake.sign_in_code("mock-code-2", who.id, "asha");
    fake.activity_instance(
        MOCK_INSTANCE,
        GUILD.channel_id(),
        Some(guild_id()),
        &[who.id],
    );
    let port = bot.port;
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        runtime.block_on(async {
            fake.wait_for(|r| r.is("PUT", "/api/v10/applications/*/commands"), WAIT)
                .await;
            fake.send_interaction(payloads::slash(701, &who, GUILD, "ai", &[]));
            let token = token_for(701);
            fake.wait_for(move |r| r.uses_token(&token) && r.content().is_some(), WAIT)
                .await;
            let Some((_driver, c)) = browser_sized(1280, 900).await else {
                return;
            };
            open(&c, port, "mock-code-1").await;
            // The stand-in was asked for the code, the person and the instance.
            for route in [
                "/api/v10/oauth2/token",
                "/api/v10/users/@me",
                &format!("/api/v10/applications/{APP_ID}/activity-instances/{MOCK_INSTANCE}"),
            ] {
                assert!(fake.count(|r| r.path == route) >= 1, "{route}");
            }
            wait_until(
                &c,
                "Asha's turn: pits that can move",
                "return document.querySelectorAll('[data-can-move]').length > 0",
            )
            .await;
            screenshot(&c, "activity-1280.png").await;
            let ply: u64 = c
                .execute(
                    "return Number(document.querySelector('svg#board').dataset.ply)",
                    vec![],
                )
                .await
                .expect("ply")
                .as_u64()
                .expect("a number");
            let marked = c
                .find(Locator::Css("[data-can-move]"))
                .await
                .expect("a pit");
            assert_eq!(
                marked.attr("role").await.unwrap().as_deref(),
                Some("button")
            );
            assert_eq!(marked.attr("tabindex").await.unwrap().as_deref(), Some("0"));
            marked.click().await.expect("the pit is clicked");
            let mv = c
                .wait()
                .for_element(Locator::Css("[data-move]"))
                .await
                .expect("the pit's moves");
            let text = mv.attr("data-move").await.unwrap().unwrap();
            let mark = fake.mark();
            mv.click().await.expect("the move is clicked");
            let check =
                format!("return Number(document.querySelector('svg#board').dataset.ply) > {ply}");
            wait_until(&c, "the move stored and shown", &check).await;
            // The channel got the board, once, as for a typed move.
            let said = "asha: ";
            let is_board = |r: &crate::support::fake_discord::Recorded| {
                r.is("POST", "/api/v10/channels/*/messages")
                    && r.content().is_some_and(|c| c.contains(said))
            };
            fake.wait_for_since(mark, is_board, WAIT).await;
            tokio::time::sleep(Duration::from_millis(500)).await;
            let mut boards = 0;
            fake.scan(mark, |r| boards += usize::from(is_board(r)));
            assert_eq!(boards, 1, "{text}: {}", fake.describe_requests());
            c.close().await.expect("closed");
            // On a phone: the board fits the screen.
            let Some((_phone_driver, p)) = browser_sized(390, 844).await else {
                return;
            };
            open(&p, port, "mock-code-2").await;
            let wide: bool = p
                .execute("return document.documentElement.scrollWidth <= 390", vec![])
                .await
                .expect("width")
                .as_bool()
                .unwrap_or(false);
            assert!(wide, "nothing wider than the phone's screen");
            screenshot(&p, "activity-390.png").await;
            p.close().await.expect("closed");
        });
    }));
    let log = bot.stop();
    if let Err(e) = result {
        eprintln!("bot log:\n{log}");
        std::panic::resume_unwind(e);
    }
}
