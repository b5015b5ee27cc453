//! Ratings through the real serenity/poise client against the loopback stand-in for Discord:
//! a rated challenge, accepted and resigned by slash commands, ends with the rating change in
//! the public message; `/bao leaderboard` answers with its picture and `/bao stats` privately.
//! Nothing leaves 127.0.0.1.

use std::sync::Arc;
use std::time::Duration;

use crate::support::bot;
use crate::support::fake_discord::payloads::{self, asha, baraka, token_for, Opt, GUILD};
use crate::support::fake_discord::{FakeDiscord, Recorded};
use bao_bot::app::{App, Settings, SystemClock};
use bao_bot::store::{Scope, Store, UserId};

const WAIT: Duration = Duration::from_secs(10);

/// The first request answering interaction `id` that carries a message.
async fn answer(fake: &FakeDiscord, id: u64) -> Recorded {
    let token = token_for(id);
    fake.wait_for(|r| r.uses_token(&token) && r.content().is_some(), WAIT)
        .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_game_ends_with_the_rating_change_in_the_public_message() {
    let fake = FakeDiscord::start().await;
    let store = Arc::new(Store::open_in_memory().expect("store"));
    let app = Arc::new(App::new(
        store.clone(),
        Arc::new(SystemClock),
        Settings {
            rated_by_default: false,
            ..Settings::default()
        },
    ));
    let running = bot::start(&fake, app, WAIT).await;

    // The registered command offers the new subcommands and the `rated` option.
    let registered = fake
        .wait_for(|r| r.is("PUT", "/api/v10/applications/*/commands"), WAIT)
        .await;
    let subs = registered.body()[0]["options"].clone();
    let commands: Vec<&str> = registered
        .body()
        .as_array()
        .expect("commands")
        .iter()
        .filter_map(|s| s["name"].as_str())
        .collect();
    assert!(
        commands.contains(&"bao-leaderboard") && commands.contains(&"bao-stats"),
        "{commands:?}"
    );
    let challenge = subs
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["name"] == "challenge")
        .expect("challenge");
    assert!(
        challenge["options"]
            .as_array()
            .unwrap()
            .iter()
            .any(|o| o["name"] == "rated" && o["type"] == 5),
        "{challenge}"
    );

    // Casual by this bot's default, so the option is what makes it rated.
    let opts = [
        Opt::User("opponent", baraka()),
        Opt::Int("side", 0),
        Opt::Bool("rated", true),
    ];
    fake.send_interaction(payloads::slash(301, &asha(), GUILD, "challenge", &opts));
    let text = answer(&fake, 301)
        .await
        .content()
        .unwrap_or_default()
        .to_string();
    assert!(
        text.contains("asha (1500?) challenges you to a rated game"),
        "{text}"
    );
    fake.send_interaction(payloads::slash(302, &baraka(), GUILD, "accept", &[]));
    let accepted = answer(&fake, 302).await;
    assert!(!accepted.is_ephemeral());
    fake.send_interaction(payloads::slash(303, &baraka(), GUILD, "resign", &[]));
    let resigned = answer(&fake, 303).await;
    assert!(!resigned.is_ephemeral());
    let text = resigned.content().unwrap_or_default();
    assert!(
        text.contains(
            "Rating change (this server and everywhere): asha 1500 \u{2192} 1662 (+162), \
             baraka 1500 \u{2192} 1338 (\u{2212}162)"
        ),
        "{text}"
    );
    assert!(resigned.files.iter().any(|f| f.filename.ends_with(".png")));
    let asha_rating = store
        .rating(
            UserId(asha().id),
            Scope::Server(1_300_000_000_000_000_001),
            bao_bot::rules::Variant::Kiswahili,
            bao_bot::rules::RuleSet::V02,
        )
        .expect("store")
        .expect("rated");
    assert_eq!(asha_rating.games, 1);

    // The leaderboard answers with its picture; stats privately.
    fake.send_interaction(payloads::slash(304, &asha(), GUILD, "bao-leaderboard", &[]));
    let board = answer(&fake, 304).await;
    assert!(!board.is_ephemeral());
    assert!(
        board
            .files
            .iter()
            .any(|f| f.filename == "bao-leaderboard-kiswahili.png"
                && f.bytes.starts_with(b"\x89PNG")),
        "{}",
        fake.describe_requests()
    );
    let opts = [Opt::User("player", baraka())];
    fake.send_interaction(payloads::slash(305, &asha(), GUILD, "bao-stats", &opts));
    let stats = answer(&fake, 305).await;
    assert!(stats.is_ephemeral());
    let text = stats.content().unwrap_or_default();
    assert!(text.contains("**baraka** at Bao la Kiswahili"), "{text}");
    assert!(
        text.contains("You against baraka: 1 win, 0 losses, 0 draws"),
        "{text}"
    );

    running.stop().await.expect("clean stop");
}
