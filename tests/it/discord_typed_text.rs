//! Through the real serenity/poise client, the real app and store, against the loopback
//! stand-in for Discord: a private refusal that quotes what someone typed shows it literally
//! (inside its code span, `@everyone` broken) and allows no mention; and a draw offer is
//! declined with `/bao draw decline:true` or the Decline button beside its Accept.

use std::sync::Arc;
use std::time::Duration;

use crate::support::bot;
use crate::support::fake_discord::payloads::{self, asha, baraka, token_for, Opt, Place, GUILD};
use crate::support::fake_discord::{FakeDiscord, Recorded};
use bao_bot::app::{App, Settings, SystemClock};
use bao_bot::store::Store;
use serde_json::json;

const WAIT: Duration = Duration::from_secs(10);

/// What a person types, and how the refusal must quote it: literally, `@everyone` broken.
const TYPED: &str = "**x** @everyone";
const QUOTED: &str = "`**x** @\u{200B}everyone`";

async fn start_bot(fake: &FakeDiscord) -> bot::Running {
    let store = Arc::new(Store::open_in_memory().expect("store"));
    let app = Arc::new(App::new(store, Arc::new(SystemClock), Settings::default()));
    bot::start(fake, app, WAIT).await
}

/// The first request answering interaction `id` that carries a message.
async fn answer(fake: &FakeDiscord, id: u64) -> Recorded {
    let token = token_for(id);
    fake.wait_for(|r| r.uses_token(&token) && r.content().is_some(), WAIT)
        .await
}

/// The answer is private, quotes `quoted` (never the raw `@everyone`), and pings no one.
fn refused_literally(r: &Recorded, quoted: &str) {
    let text = r.content().unwrap_or_default();
    assert!(r.is_ephemeral(), "{}", r.body());
    assert!(text.contains(quoted), "{text}");
    assert!(!text.contains("@everyone"), "{text}");
    let body = r.body();
    let mentions = body
        .pointer("/data/allowed_mentions")
        .or_else(|| body.get("allowed_mentions"))
        .cloned()
        .unwrap_or_default();
    assert_eq!(mentions["parse"], json!([]), "{mentions}");
    let users = mentions["users"].as_array().cloned().unwrap_or_default();
    assert!(users.is_empty(), "{mentions}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refusals_quote_typed_text_literally_and_ping_no_one() {
    let fake = FakeDiscord::start().await;
    let bot = start_bot(&fake).await;
    // Refused by the adapter: a game number that is not one.
    let game = [Opt::Str("game", TYPED.into())];
    fake.send_interaction(payloads::slash(301, &asha(), GUILD, "history", &game));
    refused_literally(&answer(&fake, 301).await, QUOTED);
    // Refused by the app: a clock that does not read.
    let opts = [
        Opt::User("opponent", baraka()),
        Opt::Str("clock", TYPED.into()),
    ];
    fake.send_interaction(payloads::slash(302, &asha(), GUILD, "challenge", &opts));
    refused_literally(&answer(&fake, 302).await, QUOTED);
    // Refused by the rules: a move whose first word is not a pit.
    let dm = Place::Dm {
        channel_id: fake.dm_channel_of(asha().id),
    };
    fake.send_interaction(payloads::slash(
        303,
        &asha(),
        dm,
        "ai",
        &[Opt::Int("level", 1)],
    ));
    answer(&fake, 303).await;
    let mv = [Opt::Str("move", format!("{TYPED} left"))];
    fake.send_interaction(payloads::slash(304, &asha(), dm, "move", &mv));
    refused_literally(&answer(&fake, 304).await, "`**x**`");
    bot.stop().await.expect("the bot failed");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_draw_offer_is_declined_by_command_or_by_its_decline_button() {
    let fake = FakeDiscord::start().await;
    let bot = start_bot(&fake).await;
    let opts = [Opt::User("opponent", baraka()), Opt::Int("side", 0)];
    fake.send_interaction(payloads::slash(401, &asha(), GUILD, "challenge", &opts));
    answer(&fake, 401).await;
    let ids = fake.buttons_of(401, WAIT).await;
    let accept = ids
        .iter()
        .find(|i| i.starts_with("bao:accept:"))
        .expect("an Accept button");
    let msg = fake.message_answering(401, GUILD.channel_id());
    fake.send_interaction(payloads::button(402, &baraka(), GUILD, accept, msg));
    answer(&fake, 402).await;

    // Asha offers: Accept and Decline side by side.
    fake.send_interaction(payloads::slash(403, &asha(), GUILD, "draw", &[]));
    let offer = answer(&fake, 403).await;
    let text = offer.content().unwrap_or_default();
    assert!(text.contains("decline:true"), "{text}");
    let ids = fake.buttons_of(403, WAIT).await;
    assert!(ids[0].starts_with("bao:draw:"), "{ids:?}");
    assert!(ids[1].starts_with("bao:nodraw:"), "{ids:?}");

    // Baraka declines by command: said in public, Asha pinged.
    let decline = [Opt::Bool("decline", true)];
    fake.send_interaction(payloads::slash(404, &baraka(), GUILD, "draw", &decline));
    let declined = answer(&fake, 404).await;
    assert!(!declined.is_ephemeral(), "{}", declined.body());
    let text = declined.content().unwrap_or_default();
    assert!(text.contains("declines the draw"), "{text}");
    let users = declined
        .body()
        .pointer("/data/allowed_mentions/users")
        .cloned()
        .unwrap_or_default();
    assert_eq!(users, json!([asha().id.to_string()]));
    // Nothing left to decline: a private refusal.
    fake.send_interaction(payloads::slash(405, &baraka(), GUILD, "draw", &decline));
    let none = answer(&fake, 405).await;
    assert!(none.is_ephemeral(), "{}", none.body());

    // Offered again, and declined with the button.
    fake.send_interaction(payloads::slash(406, &asha(), GUILD, "draw", &[]));
    answer(&fake, 406).await;
    let ids = fake.buttons_of(406, WAIT).await;
    let msg = fake.message_answering(406, GUILD.channel_id());
    fake.send_interaction(payloads::button(407, &baraka(), GUILD, &ids[1], msg));
    let pressed = answer(&fake, 407).await;
    let text = pressed.content().unwrap_or_default();
    assert!(text.contains("declines the draw"), "{text}");
    bot.stop().await.expect("the bot failed");
}
