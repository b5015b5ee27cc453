//! The app installed to a person's account (issue 48), what is left after the first round:
//! what the bot could not show where only the app is reaches the channel on the next
//! interaction (a token that ran out between the store and the board, a clock that fell in a
//! group DM), a refused DM told once, a button from another channel or of an old board,
//! a place where Discord hides every answer noticed from the answers' flags, and the basic
//! game replayed with one request in five answered 429.

use std::sync::Arc;
use std::time::Duration;

use crate::discord_limits::{answer, every_board_once, passed};
use crate::discord_user_install::{
    challenge_accepted, game_at, play, play_moves, there, ELSEWHERE, FRIENDS,
};
use crate::support::bot::Running;
use crate::support::fake_discord::payloads::{self, asha, baraka, token_for, Opt, Place, Who};
use crate::support::fake_discord::{custom_ids, FakeDiscord, RateLimits, Recorded};
use bao_bot::app::{
    Action, App, ButtonId, Clock, Conversation, ManualClock, Settings, SystemClock, UserId,
};
use bao_bot::discord::Outbox;
use bao_bot::rules::Position;
use bao_bot::store::{Game, GameId, GameStatus, ResultReason, Store};

const WAIT: Duration = Duration::from_secs(10);

/// The bot over a fresh store telling time by `clock`, with an outbox for what the app
/// sends on its own.
struct Bot {
    store: Arc<Store>,
    app: Arc<App>,
    outbox: Outbox,
    running: Running,
}

async fn start(fake: &FakeDiscord, clock: Arc<dyn Clock>) -> Bot {
    let settings = Settings {
        animation: false,
        ..Settings::default()
    };
    start_with(fake, clock, settings).await
}

async fn start_with(fake: &FakeDiscord, clock: Arc<dyn Clock>, settings: Settings) -> Bot {
    let store = Arc::new(Store::open_in_memory().expect("store"));
    let app = Arc::new(App::new(store.clone(), clock, settings));
    let conversation: Arc<dyn Conversation> = app.clone();
    let (running, outbox) = crate::support::bot::start_with_outbox(fake, conversation, WAIT).await;
    Bot {
        store,
        app,
        outbox,
        running,
    }
}

impl Bot {
    /// `game` stands at `ply`, nothing went to a route the app may not use at `place`, and
    /// the bot stops.
    async fn ends_at(self, fake: &FakeDiscord, game: &Game, ply: u32, place: Place) {
        let g = self.store.game(game.id).expect("store").expect("game");
        assert_eq!(g.ply, ply, "the game is not where it should be");
        let forbidden = fake.forbidden_requests(place.channel_id());
        assert!(forbidden.is_empty(), "{forbidden:#?}");
        self.running.stop().await.expect("the bot stopped");
    }
}

/// The requests that went through on interaction `id`'s token carrying a file (a board).
fn boards_on(fake: &FakeDiscord, id: u64) -> Vec<Recorded> {
    let token = token_for(id);
    fake.requests()
        .into_iter()
        .filter(|r| passed(r) && r.uses_token(&token) && !r.files.is_empty())
        .collect()
}

/// Sends `/bao games` from `who` at `place` as interaction `id` and waits for its answer.
async fn games(fake: &FakeDiscord, id: u64, who: &Who, place: Place) -> Recorded {
    let v = payloads::slash(id, who, place, "games", &[]);
    fake.send_interaction(there(place, who, v));
    answer(fake, id).await
}

/// Waits for the board that catches up on interaction `id`: public, with the catch-up line,
/// and returns it.
async fn caught_up(fake: &FakeDiscord, id: u64) -> Recorded {
    let board = fake.answer_with(id, "as it stands now", WAIT).await;
    assert!(passed(&board), "{}", board.body());
    assert!(!board.is_ephemeral(), "{}", board.body());
    assert!(!board.files.is_empty(), "no picture: {}", board.body());
    board
}

/// Asha challenges Baraka in the group DM with `opts` (interaction 100) and Baraka presses
/// Accept (101, whose token runs out right after its first answer when `expire` says so).
async fn asked_and_accepted(fake: &FakeDiscord, store: &Store, opts: &[Opt], expire: bool) -> Game {
    fake.send_interaction(payloads::slash(100, &asha(), FRIENDS, "challenge", opts));
    answer(fake, 100).await;
    let accept = fake.buttons_of(100, WAIT).await[0].clone();
    if expire {
        fake.expire_after_answer(101);
    }
    let on = fake.message_answering(100, FRIENDS.channel_id());
    fake.send_interaction(payloads::button(101, &baraka(), FRIENDS, &accept, on));
    fake.wait_until(WAIT, || {
        game_at(store, FRIENDS).filter(|g| g.status == GameStatus::Active)
    })
    .await
    .expect("the game started")
}

/// Waits until the store says the group DM has not been shown `game`'s current board.
async fn behind(store: &Store, game: GameId) {
    let started = std::time::Instant::now();
    while store
        .app_only(FRIENDS.channel_id())
        .expect("store")
        .and_then(|c| c.behind)
        != Some(game)
    {
        assert!(started.elapsed() < WAIT, "the missed board was not stored");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// The first legal move of `game` now, as its button id.
fn first_move_button(store: &Store, game: &Game) -> String {
    let g = store.game(game.id).expect("store").expect("game");
    let pos: Position = g.position.parse().expect("position");
    let mv = pos.legal_moves()[0];
    ButtonId::new(Action::Move(mv.to_string()), g.id, g.ply).to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_token_that_runs_out_between_the_store_and_the_board_loses_and_doubles_nothing() {
    let fake = FakeDiscord::start().await;
    let bot = start(&fake, Arc::new(SystemClock)).await;
    // The accept's token runs out right after its first answer.
    let opts = [Opt::User("opponent", baraka()), Opt::Int("side", 0)];
    let game = asked_and_accepted(&fake, &bot.store, &opts, true).await;
    fake.wait_for(|r| r.uses_token(&token_for(101)) && r.status == 401, WAIT)
        .await;
    // The board went out as the answer, but could not be recorded or get its buttons.
    let accepted = boards_on(&fake, 101);
    assert_eq!(accepted.len(), 1, "{}", fake.describe_requests());
    assert!(accepted.iter().all(|r| custom_ids(r.body()).is_empty()));

    behind(&bot.store, game.id).await;
    // The next interaction there, whatever it is, shows the board, with its buttons.
    games(&fake, 102, &baraka(), FRIENDS).await;
    let board = caught_up(&fake, 102).await;
    assert!(board
        .content()
        .unwrap_or("")
        .contains(&format!("Game {}", game.id.0)));
    fake.wait_for(
        |r| passed(r) && r.uses_token(&token_for(102)) && !custom_ids(r.body()).is_empty(),
        WAIT,
    )
    .await;
    // Once: the one after shows nothing more.
    games(&fake, 103, &baraka(), FRIENDS).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(
        boards_on(&fake, 103).is_empty(),
        "{}",
        fake.describe_requests()
    );

    // A move whose board went out but whose buttons could not be added: stored once, and
    // the next interaction shows the board with its buttons.
    let button = first_move_button(&bot.store, &game);
    fake.expire_after_answer(104);
    let on = fake.message_answering(102, FRIENDS.channel_id());
    fake.send_interaction(payloads::button(104, &asha(), FRIENDS, &button, on));
    fake.wait_until(WAIT, || {
        let g = bot.store.game(game.id).ok().flatten()?;
        (g.ply == 1).then_some(())
    })
    .await
    .expect("the move was stored");
    fake.wait_for(|r| r.uses_token(&token_for(104)) && r.status == 401, WAIT)
        .await;
    behind(&bot.store, game.id).await;
    games(&fake, 105, &baraka(), FRIENDS).await;
    caught_up(&fake, 105).await;
    assert_eq!(bot.store.moves(game.id).expect("store").len(), 1);
    assert!(fake.forbidden_requests(FRIENDS.channel_id()).is_empty());
    bot.running.stop().await.expect("the bot stopped");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_dm_is_stored_and_told_once_on_the_next_interaction() {
    let fake = FakeDiscord::start().await;
    let bot = start(&fake, Arc::new(SystemClock)).await;
    let game = challenge_accepted(&fake, &bot.store, FRIENDS).await;
    // Baraka wants his turn notices by DM, which Discord refuses.
    // `notify:dm`: the first of its choices, sent by index as poise registers them.
    let dm = [Opt::Int("notify", 0)];
    fake.send_interaction(payloads::slash(150, &baraka(), FRIENDS, "prefs", &dm));
    answer(&fake, 150).await;
    fake.block_dms_to(baraka().id);
    play_moves(&fake, &bot.store, FRIENDS, &game, 1, |_| false).await;
    let stored = fake
        .wait_until(WAIT, || {
            let p = bot.store.player(UserId(baraka().id)).ok().flatten()?;
            p.dm_failed.then_some(())
        })
        .await;
    assert!(stored.is_some(), "the refused DM was not stored");
    let told = "could not send you a direct message";
    games(&fake, 160, &baraka(), FRIENDS).await;
    let note = fake.answer_with(160, told, WAIT).await;
    assert!(note.is_ephemeral(), "{}", note.body());
    assert!(note
        .content()
        .unwrap_or("")
        .contains("/bao prefs notify:dm"));
    // Once: not on the next interaction, nor to the other player.
    games(&fake, 161, &baraka(), FRIENDS).await;
    games(&fake, 162, &asha(), FRIENDS).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(fake.answers_with(161, told).is_empty());
    assert!(fake.answers_with(162, told).is_empty());
    // Nothing was tried again in a loop.
    let baraka_dm = format!(
        "/api/v10/channels/{}/messages",
        fake.dm_channel_of(baraka().id)
    );
    assert_eq!(fake.count(|r| r.path == baraka_dm), 1);
    bot.running.stop().await.expect("the bot stopped");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_clocked_games_flag_in_a_group_dm_reaches_both_players_and_the_channel_later() {
    let fake = FakeDiscord::start().await;
    let clock = Arc::new(ManualClock::new(SystemClock.now()));
    let bot = start(&fake, clock.clone()).await;
    let opts = [
        Opt::User("opponent", baraka()),
        Opt::Int("side", 0),
        Opt::Str("clock", "5+3".into()),
    ];
    let game = asked_and_accepted(&fake, &bot.store, &opts, false).await;
    let asked = answer(&fake, 100).await;
    assert!(asked.content().unwrap_or("").contains("sent by DM"));
    play_moves(&fake, &bot.store, FRIENDS, &game, 2, |_| false).await;

    // Asha's five minutes run out with nobody there: the flag is settled and stored, and
    // told by DM to both players; the group DM gets nothing (the bot cannot post there).
    clock.advance(6 * 60);
    fake.advance(Duration::from_secs(20 * 60));
    let app = bot.app.clone();
    let notices = tokio::task::spawn_blocking(move || app.tick())
        .await
        .expect("tick")
        .expect("app");
    assert!(!notices.is_empty());
    for n in notices {
        assert!(bot.outbox.send(n));
    }
    for who in [asha(), baraka()] {
        let path = format!("/api/v10/channels/{}/messages", fake.dm_channel_of(who.id));
        let dm = fake
            .wait_for(|r| passed(r) && r.is("POST", &path), WAIT)
            .await;
        assert!(dm.content().unwrap_or("").contains("time"), "{}", dm.body());
    }
    let ended = bot.store.game(game.id).expect("store").expect("game");
    assert_eq!(ended.status, GameStatus::Finished);
    assert_eq!(ended.reason, Some(ResultReason::OutOfTime));
    assert!(
        fake.forbidden_requests(FRIENDS.channel_id()).is_empty(),
        "{:#?}",
        fake.forbidden_requests(FRIENDS.channel_id())
    );

    // The first interaction there shows the board as the game ended.
    games(&fake, 400, &asha(), FRIENDS).await;
    let board = caught_up(&fake, 400).await;
    assert!(custom_ids(board.body()).is_empty(), "{}", board.body());
    // Only once.
    games(&fake, 401, &baraka(), FRIENDS).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(boards_on(&fake, 401).is_empty());
    bot.running.stop().await.expect("the bot stopped");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_button_from_another_channel_is_refused_privately() {
    let fake = FakeDiscord::start().await;
    let bot = start(&fake, Arc::new(SystemClock)).await;
    let game = challenge_accepted(&fake, &bot.store, FRIENDS).await;
    let button = first_move_button(&bot.store, &game);
    for (id, place) in [
        (200, ELSEWHERE),
        (
            201,
            Place::GroupDm {
                channel_id: 1_600_000_000_000_000_077,
            },
        ),
    ] {
        let on = fake.message_answering(101, place.channel_id());
        let click = payloads::button(id, &asha(), place, &button, on);
        fake.send_interaction(there(place, &asha(), click));
        let said = answer(&fake, id).await;
        assert!(said.is_ephemeral(), "{}", said.body());
        assert!(boards_on(&fake, id).iter().all(Recorded::is_ephemeral));
    }
    // No move was played from elsewhere.
    bot.ends_at(&fake, &game, 0, ELSEWHERE).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_old_boards_button_updates_that_message_to_the_current_board() {
    let fake = FakeDiscord::start().await;
    let bot = start(&fake, Arc::new(SystemClock)).await;
    let game = challenge_accepted(&fake, &bot.store, FRIENDS).await;
    let old = first_move_button(&bot.store, &game);
    play_moves(&fake, &bot.store, FRIENDS, &game, 1, |_| false).await;
    // Baraka presses a button of the board before Asha's move.
    let on = fake.message_answering(101, FRIENDS.channel_id());
    fake.send_interaction(payloads::button(250, &baraka(), FRIENDS, &old, on));
    let update = fake
        .wait_for(|r| passed(r) && r.is_callback_for(250), WAIT)
        .await;
    assert_eq!(update.body()["type"], 7, "{}", update.body());
    assert!(!update.files.is_empty(), "{}", update.body());
    assert!(!update.is_ephemeral());
    // The message then gets the current board's buttons, and Baraka a private word.
    fake.wait_for(
        |r| {
            passed(r)
                && r.is(
                    "PATCH",
                    &format!("/api/v10/webhooks/*/{}/messages/@original", token_for(250)),
                )
                && !custom_ids(r.body()).is_empty()
        },
        WAIT,
    )
    .await;
    let note = fake.answer_with(250, "", WAIT).await;
    let private = fake
        .wait_for(
            |r| passed(r) && r.uses_token(&token_for(250)) && r.is_ephemeral(),
            WAIT,
        )
        .await;
    assert!(note.content().is_some() && private.content().is_some());
    // The old board's move was not played.
    bot.ends_at(&fake, &game, 1, FRIENDS).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_place_that_hides_every_answer_is_noticed_from_the_answers_flags() {
    let fake = FakeDiscord::start().await;
    let bot = start(&fake, Arc::new(SystemClock)).await;
    // No member permissions to go by: only the flags of the bot's own answer tell.
    fake.hide_answers_in(ELSEWHERE.channel_id());
    let opts = [Opt::User("opponent", baraka()), Opt::Int("side", 0)];
    let challenge = payloads::slash(100, &asha(), ELSEWHERE, "challenge", &opts);
    fake.send_interaction(there(ELSEWHERE, &asha(), challenge));
    let said = fake.answer_with(100, "cannot be shared here", WAIT).await;
    assert!(said.is_ephemeral(), "{}", said.body());
    let place = bao_bot::store::Place::Channel {
        guild: 1_700_000_000_000_000_001,
        channel: ELSEWHERE.channel_id(),
    };
    let withdrawn = fake
        .wait_until(WAIT, || {
            let waiting = bot.store.games_waiting_in(&place).ok()?;
            let here = game_at(&bot.store, ELSEWHERE);
            (waiting.is_empty() && here.is_none()).then_some(())
        })
        .await;
    assert!(
        withdrawn.is_some(),
        "the hidden challenge still waits: {:?}\n{}",
        game_at(&bot.store, ELSEWHERE),
        fake.describe_requests()
    );
    // The next challenge there is refused at once, privately.
    let again = payloads::slash(101, &asha(), ELSEWHERE, "challenge", &opts);
    fake.send_interaction(there(ELSEWHERE, &asha(), again));
    let refused = answer(&fake, 101).await;
    assert!(refused.is_ephemeral(), "{}", refused.body());
    assert!(refused
        .content()
        .unwrap_or("")
        .contains("cannot be shared here"));
    let ongoing = game_at(&bot.store, ELSEWHERE).filter(|g| g.status.is_ongoing());
    assert!(ongoing.is_none(), "{ongoing:?}");
    bot.running.stop().await.expect("the bot stopped");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_basic_game_under_one_429_in_five_brings_each_board_once_and_nothing_forbidden() {
    let fake = FakeDiscord::start().await;
    let bot = start(&fake, Arc::new(SystemClock)).await;
    fake.rate_limit(RateLimits {
        one_in: 5,
        retry_after: Some(0.05),
    });
    let game = challenge_accepted(&fake, &bot.store, FRIENDS).await;
    // Suggestions while typing, under the same refusals.
    for id in 150..155u64 {
        let opts = [Opt::Str("move", String::new())];
        let typing = payloads::autocomplete(id, &asha(), FRIENDS, "move", &opts, "move");
        fake.send_interaction(typing);
        let answered = fake
            .wait_for(|r| passed(r) && r.is_callback_for(id), WAIT)
            .await;
        assert_eq!(answered.body()["type"], 8, "{}", answered.body());
    }
    let played = play(&fake, &bot.store, FRIENDS, &game, 12, |ply| ply % 3 == 1).await;
    every_board_once(&fake, 200, played);
    let forbidden = fake.forbidden_requests(FRIENDS.channel_id());
    assert!(forbidden.is_empty(), "{forbidden:#?}");
    let refused = fake.count(|r| r.status == 429);
    assert!(refused >= 5, "{refused} refused");
    assert!(fake.count(|r| r.status == 429 && r.path.ends_with("/callback")) > 0);
    let moves = bot.store.moves(game.id).expect("store");
    assert_eq!(moves.len() as u32, played, "every move stored once");
    bot.running.stop().await.expect("the bot stopped");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_accept_in_a_group_dm_says_the_game_is_played_here_and_nothing_is_missing() {
    let fake = FakeDiscord::start().await;
    // As `bao-bot run` builds it: games get threads where they can.
    let settings = Settings {
        threads: true,
        animation: false,
        ..Settings::default()
    };
    let bot = start_with(&fake, Arc::new(SystemClock), settings).await;
    let game = challenge_accepted(&fake, &bot.store, FRIENDS).await;
    let accepted = fake
        .answer_with(101, &format!("Game {} is played here", game.id.0), WAIT)
        .await;
    let text = accepted.content().unwrap_or("");
    assert!(text.contains("in this conversation"), "{text}");
    assert!(!text.contains("thread"), "{text}");
    // The board follows as an answer, and nobody is told by DM why there is no thread.
    fake.wait_for(
        |r| passed(r) && r.uses_token(&token_for(101)) && !r.files.is_empty(),
        WAIT,
    )
    .await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let dm = format!(
        "/api/v10/channels/{}/messages",
        fake.dm_channel_of(asha().id)
    );
    assert_eq!(
        fake.count(|r| r.path == dm),
        0,
        "{}",
        fake.describe_requests()
    );
    bot.ends_at(&fake, &game, 0, FRIENDS).await;
}
