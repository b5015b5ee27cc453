//! The app installed to a person's account (issue 48): games in a group DM and in a server
//! without the bot, played through interactions alone, against the stand-in's user-install
//! mode (every channel route there 403 / 50001, at most 5 follow-ups, tokens for 15
//! minutes); autocomplete answered through the bot's retry; the stand-in's own rules.

use std::sync::Arc;
use std::time::Duration;

use crate::discord_limits::{answer, discord_code, every_board_once, http, passed};
use crate::support::fake_discord::payloads::{
    self, asha, baraka, by_user_install, token_for, Opt, Place, Who,
};
use crate::support::fake_discord::{FakeDiscord, RateLimits, Recorded};
use bao_bot::app::{Action, App, ButtonId, Settings, SystemClock};
use bao_bot::rules::Position;
use bao_bot::store::{Game, GameStatus, Store};
use poise::serenity_prelude as serenity;
use serde_json::Value;

const WAIT: Duration = Duration::from_secs(10);

/// A group DM of Asha, Baraka and friends (only Asha's install of the app there).
pub(crate) const FRIENDS: Place = Place::GroupDm {
    channel_id: 1_600_000_000_000_000_001,
};

/// A channel of a server that never added the bot.
pub(crate) const ELSEWHERE: Place = Place::Guild {
    guild_id: 1_700_000_000_000_000_001,
    channel_id: 1_700_000_000_000_000_002,
};

/// An interaction at `place` as it arrives: in the server without the bot, authorised by
/// `who`'s own install; elsewhere as built (a group DM's already says so).
pub(crate) fn there(place: Place, who: &Who, v: Value) -> Value {
    if place.channel_id() == ELSEWHERE.channel_id() {
        by_user_install(v, who)
    } else {
        v
    }
}

/// The app over a fresh store.
fn app() -> (Arc<Store>, Arc<App>) {
    let store = Arc::new(Store::open_in_memory().expect("store"));
    let app = App::new(store.clone(), Arc::new(SystemClock), Settings::default());
    (store, Arc::new(app))
}

async fn started(fake: &FakeDiscord) -> (Arc<Store>, crate::support::bot::Running) {
    let (store, app) = app();
    let bot = crate::support::bot::start(fake, app, WAIT).await;
    (store, bot)
}

/// The game the app plays at `place` (a group DM is a channel of no server).
pub(crate) fn game_at(store: &Store, place: Place) -> Option<Game> {
    let (guild, channel) = match place {
        Place::Guild {
            guild_id,
            channel_id,
        } => (guild_id, channel_id),
        other => (0, other.channel_id()),
    };
    store
        .game_in(&bao_bot::store::Place::Channel { guild, channel })
        .expect("store")
}

/// Asha challenges Baraka at `place` and Baraka presses Accept on the challenge: the
/// challenge and the board are answers to those interactions. Returns the game.
pub(crate) async fn challenge_accepted(fake: &FakeDiscord, store: &Store, place: Place) -> Game {
    let opts = [Opt::User("opponent", baraka()), Opt::Int("side", 0)];
    let challenge = payloads::slash(100, &asha(), place, "challenge", &opts);
    fake.send_interaction(there(place, &asha(), challenge));
    let asked = answer(fake, 100).await;
    assert!(!asked.is_ephemeral(), "{}", asked.body());
    assert!(asked.content().unwrap_or("").contains("challenges"));
    let ids = fake.buttons_of(100, WAIT).await;
    let accept = ids
        .iter()
        .find(|id| id.contains(":a:") || id.contains("accept"))
        .unwrap_or(&ids[0])
        .clone();
    let click = payloads::button(
        101,
        &baraka(),
        place,
        &accept,
        fake.message_answering(100, place.channel_id()),
    );
    fake.send_interaction(there(place, &baraka(), click));
    let board = answer(fake, 101).await;
    assert!(!board.is_ephemeral(), "{}", board.body());
    fake.wait_until(WAIT, || {
        game_at(store, place).filter(|g| g.status == GameStatus::Active)
    })
    .await
    .expect("the game started")
}

/// Plays `plies` first legal moves (by `/bao move`, or by pressing the move's button when
/// `buttons` says so for that ply), then Baraka resigns; each answer is public.
pub(crate) async fn play(
    fake: &FakeDiscord,
    store: &Store,
    place: Place,
    game: &Game,
    plies: u32,
    buttons: impl Fn(u32) -> bool,
) -> u32 {
    let (played, over) = play_moves(fake, store, place, game, plies, buttons).await;
    if over {
        return played;
    }
    let resign = payloads::slash(300, &baraka(), place, "resign", &[]);
    fake.send_interaction(there(place, &baraka(), resign));
    let result = answer(fake, 300).await;
    assert!(!result.is_ephemeral(), "{}", result.body());
    played
}

/// [`play`] without the resignation: the plies played, and whether the game is over.
pub(crate) async fn play_moves(
    fake: &FakeDiscord,
    store: &Store,
    place: Place,
    game: &Game,
    plies: u32,
    buttons: impl Fn(u32) -> bool,
) -> (u32, bool) {
    let mut position: Position = game.position.parse().expect("position");
    let mut played = 0;
    for ply in 0..plies {
        let mv = position.legal_moves()[0];
        let who = if ply % 2 == 0 { asha() } else { baraka() };
        let id = 200 + u64::from(ply);
        let v = if buttons(ply) {
            let button = ButtonId::new(Action::Move(mv.to_string()), game.id, ply).to_string();
            let on = fake.message_answering(id - 1, place.channel_id());
            payloads::button(id, &who, place, &button, on)
        } else {
            let opts = [Opt::Str("move", mv.to_string())];
            payloads::slash(id, &who, place, "move", &opts)
        };
        fake.send_interaction(there(place, &who, v));
        let moved = answer(fake, id).await;
        assert!(!moved.is_ephemeral(), "ply {ply}: {}", moved.body());
        position = position.play(&mv).expect("legal").0;
        played += 1;
        let stored = fake
            .wait_until(WAIT, || {
                let g = store.game(game.id).ok().flatten()?;
                (g.ply == ply + 1).then_some(())
            })
            .await;
        assert!(stored.is_some(), "ply {ply} not stored");
        if position.is_over() {
            return (played, true);
        }
    }
    (played, false)
}

/// Nothing went to a route the app may not use there, no token took a sixth follow-up, and
/// each ply's board arrived once, as an answer to that ply's interaction.
fn only_interactions(fake: &FakeDiscord, place: Place, played: u32) {
    let channel = place.channel_id().to_string();
    let forbidden: Vec<String> = fake
        .requests()
        .iter()
        .filter(|r| {
            r.status == 403
                || r.status == 401
                || (r.path.starts_with("/api/v10/channels/") && r.path.contains(&channel))
                || r.path.contains("/threads")
                || r.path.contains("/reactions")
        })
        .map(|r| format!("{} {} -> {}", r.method, r.path, r.status))
        .collect();
    assert!(forbidden.is_empty(), "{forbidden:#?}");
    let refused: Vec<String> = fake
        .requests()
        .iter()
        .filter(|r| !passed(r) && r.status != 429)
        .map(|r| format!("{} {} -> {} {}", r.method, r.path, r.status, r.body()))
        .collect();
    assert!(refused.is_empty(), "{refused:#?}");
    every_board_once(fake, 200, played);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_live_game_in_a_group_dm_is_played_through_interactions() {
    let fake = FakeDiscord::start().await;
    let (store, bot) = started(&fake).await;
    let game = challenge_accepted(&fake, &store, FRIENDS).await;
    let played = play(&fake, &store, FRIENDS, &game, 12, |_| false).await;
    let game = store.game(game.id).expect("store").expect("game");
    assert_eq!(game.status, GameStatus::Finished);
    only_interactions(&fake, FRIENDS, played);
    // The bot has no use for owners: no lookup at start-up.
    assert_eq!(
        fake.count(|r| r.path.starts_with("/api/v10/oauth2/applications/@me")),
        0
    );
    bot.stop().await.expect("the bot stopped");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_in_a_server_without_the_bot_by_buttons_and_commands() {
    let fake = FakeDiscord::start().await;
    let (store, bot) = started(&fake).await;
    let game = challenge_accepted(&fake, &store, ELSEWHERE).await;
    let played = play(&fake, &store, ELSEWHERE, &game, 12, |ply| ply % 2 == 0).await;
    let game = store.game(game.id).expect("store").expect("game");
    assert_eq!(game.status, GameStatus::Finished);
    only_interactions(&fake, ELSEWHERE, played);
    // No thread was promised or opened: the game is played in the channel itself.
    assert!(fake.threads().is_empty());
    bot.stop().await.expect("the bot stopped");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn autocomplete_is_answered_under_rate_limits() {
    let fake = FakeDiscord::start().await;
    let (_store, bot) = started(&fake).await;
    // Every second request refused: each suggestion list needs a second try.
    fake.rate_limit(RateLimits {
        one_in: 2,
        retry_after: Some(0.05),
    });
    for id in 400..404u64 {
        let opts = [
            Opt::User("opponent", baraka()),
            Opt::Str("clock", "blitz".into()),
        ];
        let typing = payloads::autocomplete(id, &asha(), FRIENDS, "challenge", &opts, "clock");
        fake.send_interaction(typing);
        let answered = fake
            .wait_for(|r| passed(r) && r.is_callback_for(id), WAIT)
            .await;
        assert_eq!(answered.body()["type"], 8, "{}", answered.body());
        let choices = answered.body()["data"]["choices"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        assert!(
            choices.iter().any(|c| c["value"] == "5+3"),
            "{}",
            answered.body()
        );
    }
    assert!(fake.count(|r| r.status == 429 && r.path.ends_with("/callback")) > 0);
    bot.stop().await.expect("the bot stopped");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_stand_in_allows_only_answers_where_only_a_user_install_is() {
    let fake = FakeDiscord::start().await;
    let http = http(&fake);
    fake.note_interaction(&payloads::slash(1, &asha(), FRIENDS, "help", &[]));
    let ack = serenity::CreateInteractionResponse::Defer(Default::default());
    http.create_interaction_response(
        serenity::InteractionId::new(1),
        &token_for(1),
        &ack,
        Vec::new(),
    )
    .await
    .expect("answered");
    // The channel itself is out of reach.
    let channel = serenity::ChannelId::new(FRIENDS.channel_id());
    let post = channel
        .send_message(&http, serenity::CreateMessage::new().content("hi"))
        .await
        .expect_err("no channel post");
    assert_eq!(discord_code(&post), Some((403, 50001)));
    // Five follow-ups, not six.
    let followup = serenity::CreateInteractionResponseFollowup::new().content("board");
    for n in 0..5 {
        http.create_followup_message(&token_for(1), &followup, Vec::new())
            .await
            .unwrap_or_else(|e| panic!("follow-up {n}: {e}"));
    }
    let sixth = http
        .create_followup_message(&token_for(1), &followup, Vec::new())
        .await
        .expect_err("a sixth follow-up");
    assert_eq!(discord_code(&sixth).map(|c| c.0), Some(400));
    // After 15 minutes of the stand-in's time the token is gone.
    fake.advance(Duration::from_secs(15 * 60 + 1));
    let edit = serenity::EditInteractionResponse::new().content("late");
    let late = http
        .edit_original_interaction_response(&token_for(1), &edit, Vec::new())
        .await
        .expect_err("an expired token");
    assert_eq!(discord_code(&late), Some((401, 50027)));
    // A server that added the bot is not affected.
    let guild = serenity::ChannelId::new(payloads::GUILD.channel_id());
    guild
        .send_message(&http, serenity::CreateMessage::new().content("hi"))
        .await
        .expect("the bot's own server");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_that_turned_external_apps_off_gets_no_hidden_game() {
    let fake = FakeDiscord::start().await;
    let (store, bot) = started(&fake).await;
    let opts = [Opt::User("opponent", baraka()), Opt::Int("side", 0)];
    let mut challenge = there(
        ELSEWHERE,
        &asha(),
        payloads::slash(100, &asha(), ELSEWHERE, "challenge", &opts),
    );
    // The member may not use external apps here: Discord would show every answer to Asha
    // alone.
    let everything: u64 = 2_248_473_465_835_073;
    challenge["member"]["permissions"] = serde_json::json!((everything & !(1 << 50)).to_string());
    fake.send_interaction(challenge);
    let said = answer(&fake, 100).await;
    assert!(said.is_ephemeral(), "{}", said.body());
    assert!(
        said.content()
            .unwrap_or("")
            .contains("cannot be shared here"),
        "{}",
        said.body()
    );
    assert!(game_at(&store, ELSEWHERE).is_none());
    assert!(store
        .games_waiting_in(&bao_bot::store::Place::Channel {
            guild: 1_700_000_000_000_000_001,
            channel: ELSEWHERE.channel_id(),
        })
        .expect("store")
        .is_empty());
    bot.stop().await.expect("the bot stopped");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_request_is_retried_before_its_retry_after() {
    let fake = FakeDiscord::start().await;
    let (store, bot) = started(&fake).await;
    let after = Duration::from_millis(400);
    fake.rate_limit(RateLimits {
        one_in: 3,
        retry_after: Some(after.as_secs_f64()),
    });
    let place = payloads::GUILD;
    let game = challenge_accepted(&fake, &store, place).await;
    play(&fake, &store, place, &game, 4, |ply| ply == 1).await;
    let opts = [Opt::Str("clock", "5".into())];
    fake.send_interaction(payloads::autocomplete(
        500,
        &asha(),
        place,
        "ai",
        &opts,
        "clock",
    ));
    fake.wait_for(|r| passed(r) && r.is_callback_for(500), WAIT)
        .await;
    let requests = fake.requests();
    let mut refused = 0;
    for (i, r) in requests.iter().enumerate() {
        if r.status != 429 {
            continue;
        }
        refused += 1;
        // The next try of the same request came after Discord's retry_after.
        let same = |n: &&Recorded| n.path == r.path && n.method == r.method;
        if let Some(next) = requests[i + 1..].iter().find(same) {
            let waited = next.at.duration_since(r.at);
            assert!(
                waited >= after,
                "{} {} retried after {waited:?}",
                r.method,
                r.path
            );
        }
    }
    assert!(refused >= 5, "{refused} refused");
    bot.stop().await.expect("the bot stopped");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn notices_for_a_group_dm_go_to_the_players_by_dm_and_a_refusal_is_stored() {
    use bao_bot::app::{Destination, GameId, Notice, Reply, UserId};
    let fake = FakeDiscord::start().await;
    let (store, app) = app();
    let (outbox, receiver) = bao_bot::discord::Outbox::new();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let task = tokio::spawn(bao_bot::discord::run_with_outbox(
        crate::support::bot::config(&fake),
        app,
        Some(receiver),
        async {
            let _ = stopped.await;
        },
    ));
    fake.wait_for_ready(WAIT).await;
    // An interaction there tells the bot only the app is in the group DM.
    fake.send_interaction(payloads::slash(1, &asha(), FRIENDS, "help", &[]));
    answer(&fake, 1).await;
    fake.block_dms_to(baraka().id);
    let place = bao_bot::app::Place::Channel {
        guild: 0,
        channel: FRIENDS.channel_id(),
    };
    for who in [asha(), baraka()] {
        let mut reply = Reply::public(format!("<@{}>, it is your turn in game 1.", who.id));
        reply.mention = Some(UserId(who.id));
        assert!(outbox.send(Notice {
            to: Destination::Place(place),
            user: UserId(who.id),
            game: GameId(1),
            reply,
        }));
    }
    let asha_dm = fake.dm_channel_of(asha().id);
    fake.wait_for(
        |r| passed(r) && r.is("POST", &format!("/api/v10/channels/{asha_dm}/messages")),
        WAIT,
    )
    .await;
    // Baraka's DM is refused: stored, not tried again in a loop.
    let stored = fake
        .wait_until(WAIT, || {
            let p = store.player(UserId(baraka().id)).ok().flatten()?;
            p.dm_failed.then_some(())
        })
        .await;
    assert!(stored.is_some(), "the refused DM was not stored");
    let channel = format!("/api/v10/channels/{}/", FRIENDS.channel_id());
    assert_eq!(fake.count(|r| r.path.starts_with(&channel)), 0);
    let baraka_dm = fake.dm_channel_of(baraka().id);
    assert_eq!(
        fake.count(|r| r.path == format!("/api/v10/channels/{baraka_dm}/messages")),
        1
    );
    let _ = stop.send(());
    tokio::time::timeout(Duration::from_secs(15), task)
        .await
        .expect("stopped in time")
        .expect("no panic")
        .expect("the bot stopped");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_clocked_challenge_where_only_the_app_is_says_how_a_flag_is_told() {
    let fake = FakeDiscord::start().await;
    let (_store, bot) = started(&fake).await;
    let opts = [
        Opt::User("opponent", baraka()),
        Opt::Str("clock", "5+3".into()),
    ];
    fake.send_interaction(payloads::slash(100, &asha(), FRIENDS, "challenge", &opts));
    let asked = answer(&fake, 100).await;
    assert!(!asked.is_ephemeral(), "{}", asked.body());
    let text = asked.content().unwrap_or("");
    assert!(text.contains("challenges"), "{text}");
    assert!(text.contains("sent by DM"), "{text}");
    // Without a clock nothing needs saying.
    let plain = [Opt::User("opponent", baraka())];
    let other = Place::GroupDm {
        channel_id: 1_600_000_000_000_000_009,
    };
    fake.send_interaction(payloads::slash(101, &asha(), other, "challenge", &plain));
    let asked = answer(&fake, 101).await;
    assert!(!asked.content().unwrap_or("").contains("sent by DM"));
    bot.stop().await.expect("the bot stopped");
}
