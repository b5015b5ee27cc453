//! `/bao analyze` and `/bao hint` end to end: the real serenity/poise client, the real app
//! and store, against the loopback stand-in for Discord. An analysis is deferred, shows its
//! progress by edits at most every 2 s, and ends with the graph PNG; it is refused for
//! another pair's DM game and for a running game between people. A hint is given privately in
//! a game against the AI and refused in a game between people; a takeback against the AI
//! restores the position before the player's move and is refused between people. Nothing
//! leaves 127.0.0.1.

use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::support::app_world::challenge;
use crate::support::bot;
use crate::support::fake_discord::payloads::{self, asha, baraka, Opt, Place, Who, GUILD};
use crate::support::fake_discord::FakeDiscord;
use bao_bot::app::{
    App, AppError, Command, Conversation, GameId, Response, Settings, SideChoice, SystemClock,
    User, UserId,
};
use bao_bot::rules::Position;
use bao_bot::store::Store;

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
        .handle(&a, &place, challenge(&b).command())
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
            clock: None,
        },
    )
    .expect("ai game");
    let dm_game = store
        .game_in(&dm_place)
        .expect("store")
        .expect("dm game")
        .id;

    let fake = FakeDiscord::start().await;
    let running = bot::start(&fake, Arc::new(Slow(app)), WAIT).await;

    // Baraka analyses the finished game here: deferred, progress edits, then the graph.
    let began = Instant::now();
    fake.send_interaction(payloads::slash(301, &baraka(), GUILD, "bao-analyze", &[]));
    let done = fake.answer_with(301, "Analysis of game", WAIT).await;
    let took = began.elapsed();
    assert!(done.has_png(), "{}", fake.describe_requests());
    assert!(!done.is_ephemeral());
    let text = done.content().unwrap_or_default();
    assert!(text.contains("baraka (North): accuracy"), "{text}");
    let progress = fake.answers_with(301, "Analysing game");
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
    fake.send_interaction(payloads::slash(302, &baraka(), GUILD, "bao-analyze", &opts));
    let refused = fake
        .answer_with(302, "private game between other people", WAIT)
        .await;
    assert!(refused.is_ephemeral() && !refused.has_png());
    // A running game between people: refused to its players.
    fake.send_interaction(payloads::slash(303, &asha(), OTHER, "bao-analyze", &[]));
    let refused = fake.answer_with(303, "still being played", WAIT).await;
    assert!(refused.is_ephemeral() && !refused.has_png());
    assert!(fake.answers_with(303, "Analysing").is_empty());

    // A hint in the AI game, privately with the board; refused between people.
    let dm = Place::Dm {
        channel_id: fake.dm_channel_of(asha().id),
    };
    fake.send_interaction(payloads::slash(304, &asha(), dm, "hint", &[]));
    let hint = fake.answer_with(304, "Hint: `", WAIT).await;
    assert!(hint.has_png(), "{}", fake.describe_requests());
    fake.send_interaction(payloads::slash(305, &asha(), OTHER, "hint", &[]));
    let refused = fake.answer_with(305, "rated", WAIT).await;
    assert!(refused.is_ephemeral() && !refused.has_png());
    let before = store.game(dm_game).expect("store").expect("game");
    assert_eq!(before.ply, 0, "a hint plays nothing");

    // A move against the AI, then a takeback: exactly the position before the move.
    let pos: Position = before.position.parse().expect("position");
    let mv = [Opt::Str("move", pos.legal_moves()[0].to_string())];
    fake.send_interaction(payloads::slash(306, &asha(), dm, "move", &mv));
    fake.answer_with(306, "AI", WAIT).await;
    assert_eq!(store.game(dm_game).expect("store").expect("game").ply, 2);
    fake.send_interaction(payloads::slash(307, &asha(), dm, "takeback", &[]));
    let back = fake.answer_with(307, "took back", WAIT).await;
    assert!(back.has_png(), "{}", fake.describe_requests());
    let after = store.game(dm_game).expect("store").expect("game");
    assert_eq!((after.ply, &after.position), (0, &before.position));
    assert!(store.check_replays().expect("check").is_empty());
    fake.send_interaction(payloads::slash(308, &asha(), OTHER, "takeback", &[]));
    let refused = fake.answer_with(308, "rated", WAIT).await;
    assert!(refused.is_ephemeral() && !refused.has_png());
    assert_ne!(finished, dm_game);

    running.stop().await.expect("clean stop");
}
