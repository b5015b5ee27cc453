//! `/bao analyze` and `/bao hint` end to end: the real serenity/poise client, the real app
//! and store, against the loopback stand-in for Discord. An analysis is deferred, shows its
//! progress by edits at most every 2 s, and ends with the graph PNG; it is refused for
//! another pair's DM game and for a running game between people. A hint is given privately in
//! a game against the AI and refused in a game between people; a takeback against the AI
//! restores the position before the player's move and is refused between people. Nothing
//! leaves 127.0.0.1.

mod support;

use std::sync::Arc;
use std::time::{Duration, Instant};

use bao_bot::app::{
    App, AppError, Command, Conversation, GameId, Response, Settings, SideChoice, SystemClock,
    User, UserId,
};
use bao_bot::config::{Config, Token};
use bao_bot::discord;
use bao_bot::rules::Position;
use bao_bot::store::Store;
use support::fake_discord::payloads::{self, asha, baraka, token_for, Opt, Place, Who, GUILD};
use support::fake_discord::{FakeDiscord, Recorded, TOKEN};
use tokio::sync::oneshot;

const WAIT: Duration = Duration::from_secs(20);
/// How long the stand-in app takes after each ply it reports, so progress edits show.
const PLY_TIME: Duration = Duration::from_millis(600);

const OTHER: Place = Place::Guild {
    guild_id: 1_300_000_000_000_000_001,
    channel_id: 1_300_000_000_000_000_003,
};

fn app_place(p: Place) -> bao_bot::app::Place {
    bao_bot::app::Place::Channel {
        guild: 1_300_000_000_000_000_001,
        channel: p.channel_id(),
    }
}

fn user(w: &Who, name: &str) -> User {
    User::new(w.id, name)
}

/// The real app, slowed down after each progress line it reports.
struct Slow(Arc<App>);

impl Conversation for Slow {
    fn handle(
        &self,
        user: &User,
        place: &bao_bot::app::Place,
        command: Command,
    ) -> Result<Response, AppError> {
        self.0.handle(user, place, command)
    }

    fn handle_with_progress(
        &self,
        user: &User,
        place: &bao_bot::app::Place,
        command: Command,
        progress: &(dyn Fn(String) + Send + Sync),
    ) -> Result<Response, AppError> {
        self.0.handle_with_progress(user, place, command, &|line| {
            progress(line);
            std::thread::sleep(PLY_TIME);
        })
    }

    fn press(
        &self,
        user: &User,
        place: &bao_bot::app::Place,
        id: &str,
    ) -> Result<Response, AppError> {
        self.0.press(user, place, id)
    }

    fn may_be_slow(&self, place: &bao_bot::app::Place, command: Option<&Command>) -> bool {
        Conversation::may_be_slow(self.0.as_ref(), place, command)
    }

    fn board_posted(
        &self,
        game: GameId,
        ply: u32,
        place: &bao_bot::app::Place,
        message: u64,
    ) -> Result<bool, AppError> {
        self.0.board_posted(game, ply, place, message)
    }

    fn dm_failed(&self, user: UserId) -> Result<(), AppError> {
        self.0.dm_failed(user)
    }
}

/// Asha (South) and Baraka play `plies` first legal moves at `place`, through the app.
fn people_game(app: &App, store: &Store, place: bao_bot::app::Place, plies: usize) -> GameId {
    let (a, b) = (user(&asha(), "asha"), user(&baraka(), "baraka"));
    let r = app
        .handle(
            &a,
            &place,
            Command::Challenge {
                opponent: b.clone(),
                variant: None,
                side: Some(SideChoice::South),
                time_per_move: None,
                rules: None,
                rated: None,
                hints: None,
            },
        )
        .expect("challenge");
    let accept = r.reply.button_ids()[0].to_string();
    app.press(&b, &place, &accept).expect("accept");
    let players = [&a, &b];
    for _ in 0..plies {
        let game = store.game_in(&place).expect("store").expect("game");
        let pos: Position = game.position.parse().expect("position");
        let text = pos.legal_moves()[0].to_string();
        app.handle(
            players[pos.turn().index()],
            &place,
            Command::Move { text, game: None },
        )
        .expect("move");
    }
    store.game_in(&place).expect("store").expect("game").id
}

/// Requests answering interaction `id` whose text contains `needle`.
fn answers_with(fake: &FakeDiscord, id: u64, needle: &str) -> Vec<Recorded> {
    let token = token_for(id);
    fake.requests()
        .into_iter()
        .filter(|r| r.uses_token(&token) && r.content().is_some_and(|c| c.contains(needle)))
        .collect()
}

async fn answer_with(fake: &FakeDiscord, id: u64, needle: &str) -> Recorded {
    let token = token_for(id);
    fake.wait_for(
        |r| r.uses_token(&token) && r.content().is_some_and(|c| c.contains(needle)),
        WAIT,
    )
    .await
}

fn has_png(r: &Recorded) -> bool {
    r.files
        .iter()
        .any(|f| f.filename.ends_with(".png") && f.bytes.starts_with(b"\x89PNG"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn analysis_with_progress_refusals_and_hints() {
    let store = Arc::new(Store::open_in_memory().expect("store"));
    let app = Arc::new(App::new(
        store.clone(),
        Arc::new(SystemClock),
        Settings::default(),
    ));
    // A finished game in GUILD, a running one in OTHER, Asha's AI game in her DMs.
    let finished = people_game(&app, &store, app_place(GUILD), 6);
    app.handle(
        &user(&baraka(), "baraka"),
        &app_place(GUILD),
        Command::Resign,
    )
    .expect("resign");
    people_game(&app, &store, app_place(OTHER), 2);
    let dm_place = bao_bot::app::Place::Dm { user: asha().id };
    app.handle(
        &user(&asha(), "asha"),
        &dm_place,
        Command::Ai {
            level: None,
            side: Some(SideChoice::South),
            variant: None,
            rules: None,
        },
    )
    .expect("ai game");
    let dm_game = store
        .game_in(&dm_place)
        .expect("store")
        .expect("dm game")
        .id;

    let fake = FakeDiscord::start().await;
    let config = Config {
        token: Some(Token::new(TOKEN)),
        proxy_url: Some(fake.proxy_url()),
        loopback_only: true,
        ..Config::default()
    };
    let (stop, stopped) = oneshot::channel::<()>();
    let task = tokio::spawn(discord::run(config, Arc::new(Slow(app)), async {
        let _ = stopped.await;
    }));
    fake.wait_for_ready(WAIT).await;
    fake.wait_for(|r| r.is("PUT", "/api/v10/applications/*/commands"), WAIT)
        .await;

    // Baraka analyses the finished game here: deferred, progress edits, then the graph.
    let began = Instant::now();
    fake.send_interaction(payloads::slash(301, &baraka(), GUILD, "analyze", &[]));
    let done = answer_with(&fake, 301, "Analysis of game").await;
    let took = began.elapsed();
    assert!(has_png(&done), "{}", fake.describe_requests());
    assert!(!done.is_ephemeral());
    let text = done.content().unwrap_or_default();
    assert!(text.contains("baraka (North): accuracy"), "{text}");
    let progress = answers_with(&fake, 301, "Analysing game");
    // Six plies reported over more than 3.6 s: at most one edit per 2 s, at least one.
    let most = 1 + (took.as_secs_f64() / 2.0) as usize;
    assert!(
        !progress.is_empty() && progress.len() <= most && progress.len() < 6,
        "{} edits in {took:?}: {}",
        progress.len(),
        fake.describe_requests()
    );
    assert!(progress.iter().all(|r| r.method == "PATCH"));

    // Another pair's DM game, from a channel: refused privately, nothing shown.
    let opts = [Opt::Str("game", dm_game.to_string())];
    fake.send_interaction(payloads::slash(302, &baraka(), GUILD, "analyze", &opts));
    let refused = answer_with(&fake, 302, "private game between other people").await;
    assert!(refused.is_ephemeral() && !has_png(&refused));
    // A running game between people: refused to its players.
    fake.send_interaction(payloads::slash(303, &asha(), OTHER, "analyze", &[]));
    let refused = answer_with(&fake, 303, "still being played").await;
    assert!(refused.is_ephemeral() && !has_png(&refused));
    assert!(answers_with(&fake, 303, "Analysing").is_empty());

    // A hint in the AI game, privately with the board; refused between people.
    let dm = Place::Dm {
        channel_id: fake.dm_channel_of(asha().id),
    };
    fake.send_interaction(payloads::slash(304, &asha(), dm, "hint", &[]));
    let hint = answer_with(&fake, 304, "Hint: `").await;
    assert!(has_png(&hint), "{}", fake.describe_requests());
    fake.send_interaction(payloads::slash(305, &asha(), OTHER, "hint", &[]));
    let refused = answer_with(&fake, 305, "rated").await;
    assert!(refused.is_ephemeral() && !has_png(&refused));
    let before = store.game(dm_game).expect("store").expect("game");
    assert_eq!(before.ply, 0, "a hint plays nothing");

    // A move against the AI, then a takeback: exactly the position before the move.
    let pos: Position = before.position.parse().expect("position");
    let mv = [Opt::Str("move", pos.legal_moves()[0].to_string())];
    fake.send_interaction(payloads::slash(306, &asha(), dm, "move", &mv));
    answer_with(&fake, 306, "AI").await;
    assert_eq!(store.game(dm_game).expect("store").expect("game").ply, 2);
    fake.send_interaction(payloads::slash(307, &asha(), dm, "takeback", &[]));
    let back = answer_with(&fake, 307, "took back").await;
    assert!(has_png(&back), "{}", fake.describe_requests());
    let after = store.game(dm_game).expect("store").expect("game");
    assert_eq!((after.ply, &after.position), (0, &before.position));
    assert!(store.check_replays().expect("check").is_empty());
    fake.send_interaction(payloads::slash(308, &asha(), OTHER, "takeback", &[]));
    let refused = answer_with(&fake, 308, "rated").await;
    assert!(refused.is_ephemeral() && !has_png(&refused));
    assert_ne!(finished, dm_game);

    let _ = stop.send(());
    let _ = tokio::time::timeout(Duration::from_secs(15), task).await;
}
