//! Hints and takeback requests between people end to end: the real serenity/poise client,
//! the real app and store, against the loopback stand-in for Discord. A challenge with
//! `rated:false hints:true` says "hints allowed"; a hint is then private with the board; a
//! takeback request is posted with Accept/Decline buttons that only the opponent may press
//! (the requester, an onlooker and a forged id are refused privately); accepting restores
//! the position before the move; a request lapses when the opponent moves; rated games
//! refuse both. Nothing leaves 127.0.0.1.

use std::sync::Arc;
use std::time::Duration;

use crate::support::app_world::challenge;
use crate::support::bot;
use crate::support::fake_discord::payloads::{self, asha, baraka, Opt, Place, Who, GUILD};
use crate::support::fake_discord::FakeDiscord;
use bao_bot::app::{App, Command, Settings, SystemClock, User};
use bao_bot::rules::Position;
use bao_bot::store::{Game, Store};

const WAIT: Duration = Duration::from_secs(20);

const OTHER: Place = Place::Guild {
    guild_id: 1_300_000_000_000_000_001,
    channel_id: 1_300_000_000_000_000_003,
};

fn carol() -> Who {
    Who::new(1_400_000_000_000_000_003, "carol")
}

fn app_place(p: Place) -> bao_bot::app::Place {
    bao_bot::app::Place::Channel {
        guild: 1_300_000_000_000_000_001,
        channel: p.channel_id(),
    }
}

fn game_in(store: &Store, place: Place) -> Game {
    store
        .game_in(&app_place(place))
        .expect("store")
        .expect("game")
}

/// The player to move plays the first legal move with `/bao move` (interaction `id`).
/// The API path of a message of the bot in the main channel (its edits go there).
fn message_path(msg: &serde_json::Value) -> String {
    format!(
        "/api/v10/channels/{}/messages/{}",
        GUILD.channel_id(),
        msg["id"].as_str().unwrap_or_default()
    )
}

/// Waits for the bot to take all buttons off the message at `path`, after `since`.
async fn buttons_come_off(fake: &FakeDiscord, since: usize, path: &str) {
    let off = fake
        .wait_for_since(since, |r| r.is("PATCH", path), WAIT)
        .await;
    assert_eq!(off.body()["components"], serde_json::json!([]));
}

async fn play_first(fake: &FakeDiscord, store: &Store, id: u64) {
    let game = game_in(store, GUILD);
    let pos: Position = game.position.parse().expect("position");
    let mv = pos.legal_moves()[0].to_string();
    let who = [asha(), baraka()][pos.turn().index()].clone();
    let opts = [Opt::Str("move", mv)];
    fake.send_interaction(payloads::slash(id, &who, GUILD, "move", &opts));
    let r = fake.answer_with(id, "", WAIT).await;
    assert!(!r.is_ephemeral(), "{}", fake.describe_requests());
    let ply = game.ply + 1;
    fake.wait_until(WAIT, || (game_in(store, GUILD).ply == ply).then_some(()))
        .await
        .expect("the move is recorded");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hints_and_takeback_requests_between_people() {
    let store = Arc::new(Store::open_in_memory().expect("store"));
    let app = Arc::new(App::new(
        store.clone(),
        Arc::new(SystemClock),
        Settings::default(),
    ));
    // A rated game in OTHER, through the app.
    let (a, b) = (
        User::new(asha().id, "asha"),
        User::new(baraka().id, "baraka"),
    );
    let r = app
        .handle(&a, &app_place(OTHER), challenge(&b).rated(true).command())
        .expect("challenge");
    app.press(&b, &app_place(OTHER), r.reply.button_ids()[0])
        .expect("accept");
    let pos: Position = game_in(&store, OTHER).position.parse().expect("position");
    let text = pos.legal_moves()[0].to_string();
    app.handle(&a, &app_place(OTHER), Command::Move { text, game: None })
        .expect("move");

    let fake = FakeDiscord::start().await;
    let running = bot::start(&fake, app, WAIT).await;

    // The challenge with hints, through Discord: "hints allowed"; Baraka accepts.
    let opts = [
        Opt::User("opponent", baraka()),
        Opt::Int("side", 0),
        Opt::Bool("rated", false),
        Opt::Bool("hints", true),
    ];
    fake.send_interaction(payloads::slash(401, &asha(), GUILD, "challenge", &opts));
    let offer = fake.answer_with(401, "challenges you", WAIT).await;
    let text = offer.content().unwrap_or_default();
    assert!(text.contains("a casual game"), "{text}");
    assert!(text.contains("hints allowed"), "{text}");
    let ids = fake.buttons_of(401, WAIT).await;
    let accept = ids
        .iter()
        .find(|i| i.starts_with("bao:accept:"))
        .expect("an Accept button");
    let msg = fake.message_answering(401, GUILD.channel_id());
    fake.send_interaction(payloads::button(402, &baraka(), GUILD, accept, msg));
    fake.answer_with(402, "accepts", WAIT).await;

    // A hint for Asha: private, with the board after it; nothing is played.
    fake.send_interaction(payloads::slash(403, &asha(), GUILD, "hint", &[]));
    let hint = fake.answer_with(403, "Hint: `", WAIT).await;
    assert!(
        hint.is_ephemeral() && hint.has_png(),
        "{}",
        fake.describe_requests()
    );
    assert_eq!(game_in(&store, GUILD).ply, 0);

    play_first(&fake, &store, 404).await;
    play_first(&fake, &store, 405).await;
    let before = game_in(&store, GUILD);
    play_first(&fake, &store, 406).await;
    let last = store.moves(before.id).expect("store")[2].text.clone();

    // Asha asks to take her move back: a public request with buttons for Baraka.
    fake.send_interaction(payloads::slash(407, &asha(), GUILD, "takeback", &[]));
    let request = fake.answer_with(407, "asks to take back", WAIT).await;
    assert!(!request.is_ephemeral());
    let text = request.content().unwrap_or_default();
    assert!(
        text.contains(&format!("asha asks to take back `{last}`")),
        "{text}"
    );
    let ids = fake.buttons_of(407, WAIT).await;
    let yes = ids
        .iter()
        .find(|i| i.starts_with("bao:tbaccept:"))
        .expect("an Accept button")
        .clone();
    assert!(
        ids.iter().any(|i| i.starts_with("bao:tbdecline:")),
        "{ids:?}"
    );
    let msg = fake.message_answering(407, GUILD.channel_id());
    let request_path = message_path(&msg);
    let refusals = fake.mark();

    // Asha herself, Carol, and a forged request number: refused privately.
    fake.send_interaction(payloads::button(408, &asha(), GUILD, &yes, msg.clone()));
    let r = fake
        .answer_with(408, "You asked for this takeback", WAIT)
        .await;
    assert!(r.is_ephemeral() && !r.has_png());
    fake.send_interaction(payloads::button(409, &carol(), GUILD, &yes, msg.clone()));
    let r = fake.answer_with(409, "not playing", WAIT).await;
    assert!(r.is_ephemeral() && !r.has_png());
    let forged = format!("bao:tbaccept:{}:3:999", before.id);
    fake.send_interaction(payloads::button(
        410,
        &baraka(),
        GUILD,
        &forged,
        msg.clone(),
    ));
    let r = fake.answer_with(410, "not valid", WAIT).await;
    assert!(r.is_ephemeral() && !r.has_png());
    assert_eq!(game_in(&store, GUILD).ply, 3);

    // Refusals leave the request's buttons where they are.
    let edits = fake.requests()[refusals..]
        .iter()
        .filter(|r| r.is("PATCH", &request_path))
        .count();
    assert_eq!(edits, 0, "{}", fake.describe_requests());

    // Baraka accepts: the board as before Asha's move, posted publicly, and the request's
    // buttons come off.
    let accepted = fake.mark();
    fake.send_interaction(payloads::button(411, &baraka(), GUILD, &yes, msg.clone()));
    let board = fake.answer_with(411, "accepts", WAIT).await;
    assert!(!board.is_ephemeral() && board.has_png());
    buttons_come_off(&fake, accepted, &request_path).await;
    let back = game_in(&store, GUILD);
    assert_eq!((back.ply, &back.position), (2, &before.position));
    assert!(store.check_replays().expect("check").is_empty());
    fake.send_interaction(payloads::slash(412, &carol(), GUILD, "history", &[]));
    let h = fake.answer_with(412, "Taken back", WAIT).await;
    let text = h.content().unwrap_or_default();
    assert!(
        text.contains(&format!("Taken back after ply 2 at asha's request: {last}")),
        "{text}"
    );

    // A new request lapses when Baraka moves instead of answering.
    play_first(&fake, &store, 413).await;
    fake.send_interaction(payloads::slash(414, &asha(), GUILD, "takeback", &[]));
    fake.answer_with(414, "asks to take back", WAIT).await;
    let ids = fake.buttons_of(414, WAIT).await;
    let yes = ids
        .iter()
        .find(|i| i.starts_with("bao:tbaccept:"))
        .expect("an Accept button")
        .clone();
    let msg = fake.message_answering(414, GUILD.channel_id());
    let lapsed_path = message_path(&msg);
    play_first(&fake, &store, 415).await;
    let pressed = fake.mark();
    fake.send_interaction(payloads::button(416, &baraka(), GUILD, &yes, msg));
    let r = fake.answer_with(416, "lapsed", WAIT).await;
    assert!(r.is_ephemeral() && !r.has_png());
    // The lapsed request's buttons come off when its answerer presses one.
    buttons_come_off(&fake, pressed, &lapsed_path).await;
    assert_eq!(game_in(&store, GUILD).ply, 4);

    // The rated game: no takeback, no hint.
    fake.send_interaction(payloads::slash(417, &asha(), OTHER, "takeback", &[]));
    let r = fake
        .answer_with(417, "Takebacks are off in rated games", WAIT)
        .await;
    assert!(r.is_ephemeral() && !r.has_png());
    fake.send_interaction(payloads::slash(418, &baraka(), OTHER, "hint", &[]));
    let r = fake
        .answer_with(418, "not given in rated games", WAIT)
        .await;
    assert!(r.is_ephemeral() && !r.has_png());
    assert_eq!(game_in(&store, OTHER).ply, 1);

    running.stop().await.expect("clean stop");
}
