//! Games in threads through the app: the thread the front end is asked to open, the game
//! moving into it, several games under one channel, the result line in the parent, the
//! fallback to the channel, and a thread holding one game.

mod one_game_per_channel;

use crate::support::app_world;
use app_world::{challenge, world_with, World, GENERAL};

use bao_bot::app::{
    Command, Destination, GameId, Notice, Place, Reply, Response, Settings, ThreadFailure,
    ThreadsHere, User,
};
use bao_bot::store::{GameStatus, Store};

/// The thread opened on message `message` (Discord gives the thread the message's id).
fn thread(message: u64) -> Place {
    Place::Channel {
        guild: 10,
        channel: message,
    }
}

/// An app whose front end can open threads (as the Discord adapter can).
fn world() -> World {
    world_threads(true)
}

fn world_threads(threads: bool) -> World {
    world_with(Settings {
        threads,
        ..Settings::default()
    })
}

/// This file's shorthands on the shared test world.
trait Shorthands {
    fn at(&self, who: &User, place: &Place, cmd: Command) -> Response;
    fn challenge(&self, from: &User, to: &User, place: &Place, time: Option<&str>) -> Reply;
    fn accepted(&self, from: &User, to: &User, message: u64, time: Option<&str>) -> Response;
    fn in_thread(&self, from: &User, to: &User, message: u64) -> (GameId, Vec<Notice>);
}

impl Shorthands for World {
    fn at(&self, who: &User, place: &Place, cmd: Command) -> Response {
        self.app.handle(who, place, cmd).expect("app")
    }

    fn challenge(&self, from: &User, to: &User, place: &Place, time: Option<&str>) -> Reply {
        self.at(from, place, challenge(to).time(time).rated(false).command())
            .reply
    }

    /// A challenge from `from` to `to` in GENERAL, posted as message `message` and accepted
    /// with its button: the accept's answer.
    fn accepted(&self, from: &User, to: &User, message: u64, time: Option<&str>) -> Response {
        let r = self.challenge(from, to, &GENERAL, time);
        let (game, ply) = r.current_board().expect("the challenge is recorded");
        assert!(self.app.board_posted(game, ply, &GENERAL, message).unwrap());
        let accept = r.button_ids()[0].to_string();
        self.app.press(to, &GENERAL, &accept).expect("app")
    }

    /// A game accepted and moved into its thread (message id `message`): the game and the
    /// thread's first messages.
    fn in_thread(&self, from: &User, to: &User, message: u64) -> (GameId, Vec<Notice>) {
        let r = self.accepted(from, to, message, None);
        let plan = r.reply.thread_to_open().cloned().expect("a thread to open");
        let notices = self.app.thread_opened(plan.game, message).unwrap();
        (plan.game, notices)
    }
}

/// `/bao ai` with its defaults.
fn ai() -> Command {
    Command::Ai {
        level: None,
        side: None,
        variant: None,
        rules: None,
        clock: None,
    }
}

/// The notice posted in `place`.
fn posted_in<'a>(notices: &'a [Notice], place: &Place) -> &'a Notice {
    notices
        .iter()
        .find(|n| n.to == Destination::Place(*place))
        .unwrap_or_else(|| panic!("nothing posted in {place}: {notices:?}"))
}

#[test]
fn an_accepted_challenge_asks_for_a_thread_and_its_game_moves_in() {
    let w = world();
    let r = w.accepted(&w.asha, &w.baraka, 500, None);
    let plan = r.reply.thread_to_open().cloned().expect("a thread to open");
    assert_eq!(plan.parent, GENERAL);
    assert_eq!(plan.message, 500);
    assert_eq!(plan.name, "Asha vs Baraka · Bao la Kiswahili");
    // No board in the channel: it goes to the thread; the challenge loses its buttons.
    assert!(
        !r.reply.ephemeral && r.reply.current_board().is_none(),
        "{:?}",
        r.reply
    );
    assert!(r.reply.text.contains("thread"), "{}", r.reply.text);
    assert_eq!(r.reply.replaces(), Some((GENERAL, 500)));
    let notices = w.app.thread_opened(plan.game, 500).unwrap();
    let board = &posted_in(&notices, &thread(500)).reply;
    assert_eq!(board.current_board(), Some((plan.game, 0)));
    assert!(board.board_png().is_some());
    assert_eq!(board.mention, Some(w.asha.id));
    assert!(!board.buttons.is_empty());
    let stored = w.store.game_thread(plan.game).unwrap().expect("recorded");
    assert_eq!((stored.thread, stored.parent), (500, 20));
    let game = w.store.game(plan.game).unwrap().unwrap();
    assert_eq!(game.place, thread(500));
    assert_eq!(game.board_message, None);
    // Opening it twice changes nothing.
    assert!(w.app.thread_opened(plan.game, 501).unwrap().is_empty());
    // The board posted in the thread is the game's board; one posted in the channel is not.
    assert!(!w.app.board_posted(plan.game, 0, &GENERAL, 700).unwrap());
    assert!(w.app.board_posted(plan.game, 0, &thread(500), 701).unwrap());
}

#[test]
fn two_games_at_once_under_one_channel_each_in_its_thread() {
    let w = world();
    let (first, _) = w.in_thread(&w.asha, &w.baraka, 500);
    // The channel is free again: another pair plays there at the same time.
    let (second, notices) = w.in_thread(&w.carol, &w.dan, 600);
    assert_ne!(first, second);
    assert!(posted_in(&notices, &thread(600))
        .reply
        .current_board()
        .is_some());
    for (game, t) in [(first, 500), (second, 600)] {
        let g = w.store.game(game).unwrap().unwrap();
        assert_eq!(g.status, GameStatus::Active);
        assert_eq!(w.store.game_in(&thread(t)).unwrap().unwrap().id, game);
    }
    assert!(w.store.game_in(&GENERAL).unwrap().is_none());
    // Moves typed in each thread go to that thread's game.
    let mv = |who: &User, t: u64, text: &str| {
        w.at(
            who,
            &thread(t),
            Command::Move {
                text: text.into(),
                game: None,
            },
        )
    };
    let r = mv(&w.asha, 500, "a6 left");
    assert!(!r.reply.ephemeral, "{}", r.reply.text);
    assert_eq!(r.reply.current_board(), Some((first, 1)));
    let r = mv(&w.carol, 600, "a6 right");
    assert!(!r.reply.ephemeral, "{}", r.reply.text);
    assert_eq!(r.reply.current_board(), Some((second, 1)));
    // Dan may not move in the other pair's thread.
    let r = mv(&w.dan, 500, "a6 left");
    assert!(
        r.reply.ephemeral && r.reply.text.contains("not playing"),
        "{}",
        r.reply.text
    );
    // A button of the board in a thread works there.
    assert!(w.app.board_posted(first, 1, &thread(500), 800).unwrap());
    let buttons = w.at(&w.baraka, &thread(500), Command::Board { game: None });
    let id = buttons
        .reply
        .button_ids()
        .into_iter()
        .find(|b| b.starts_with(&format!("bao:m:{first}:1:")))
        .expect("a move button")
        .to_string();
    let r = w.app.press(&w.baraka, &thread(500), &id).unwrap();
    assert!(!r.reply.ephemeral, "{}", r.reply.text);
    assert_eq!(r.reply.current_board(), Some((first, 2)));
    // `/bao games` links each game's thread.
    let list = w.at(&w.asha, &GENERAL, Command::Games).reply.text;
    assert!(list.contains("<#500>"), "{list}");
}

#[test]
fn a_game_ending_in_its_thread_posts_the_result_in_the_parent_and_archives() {
    let w = world();
    let (game, _) = w.in_thread(&w.asha, &w.baraka, 500);
    let r = w.at(&w.asha, &thread(500), Command::Resign);
    // The final board in the thread, then the one line in the parent.
    assert_eq!(r.reply.current_board(), None);
    assert!(r.reply.text.contains("resigns"), "{}", r.reply.text);
    let end: Vec<_> = r
        .notices
        .iter()
        .filter(|n| n.reply.thread_to_archive().is_some())
        .collect();
    assert_eq!(end.len(), 1, "{:?}", r.notices);
    assert_eq!(end[0].to, Destination::Place(GENERAL));
    assert_eq!(
        end[0].reply.thread_to_archive(),
        Some((
            thread(500),
            "Asha vs Baraka · Bao la Kiswahili · Baraka won"
        ))
    );
    let line = &end[0].reply.text;
    assert!(!end[0].reply.ephemeral && end[0].reply.mention.is_none());
    assert!(line.contains(&format!("Game {game} in <#500>")), "{line}");
    assert!(
        line.contains("Baraka (North) beat Asha (resignation)"),
        "{line}"
    );
    assert!(!line.contains('\n'), "one line: {line}");
    // Aborting and agreeing a draw end the same way.
    let (g2, _) = w.in_thread(&w.carol, &w.dan, 600);
    let r = w.at(&w.dan, &thread(600), Command::Abort);
    let n = r.notices.last().expect("the result line");
    assert!(n.reply.thread_to_archive().is_some(), "{n:?}");
    assert!(
        n.reply.text.contains(&format!("Game {g2}")),
        "{}",
        n.reply.text
    );
    assert!(
        n.reply.text.contains("without a result"),
        "{}",
        n.reply.text
    );
}

#[test]
fn a_second_game_in_a_game_thread_is_refused() {
    let w = world();
    let (game, _) = w.in_thread(&w.asha, &w.baraka, 500);
    let r = w.challenge(&w.carol, &w.dan, &thread(500), None);
    assert!(r.ephemeral, "{}", r.text);
    assert!(r.text.contains("a thread holds one game"), "{}", r.text);
    assert!(r.text.contains(&format!("game {game}")), "{}", r.text);
    assert!(
        r.text.contains("<#20>"),
        "where to challenge instead: {}",
        r.text
    );
    let ai = w.at(&w.carol, &thread(500), ai());
    assert!(ai.reply.ephemeral, "{}", ai.reply.text);
    // Still refused once the game is over: the thread was the game's.
    w.at(&w.asha, &thread(500), Command::Resign);
    let r = w.challenge(&w.carol, &w.dan, &thread(500), None);
    assert!(
        r.ephemeral && r.text.contains("a thread holds one game"),
        "{}",
        r.text
    );
}

#[test]
fn without_a_thread_the_game_is_played_in_the_channel_and_the_challenger_told_once() {
    for why in [
        ThreadFailure::NoPermission,
        ThreadFailure::Refused,
        ThreadFailure::NotHere,
    ] {
        let w = world();
        let r = w.accepted(&w.asha, &w.baraka, 500, None);
        let plan = r.reply.thread_to_open().cloned().expect("a thread to open");
        let notices = w.app.thread_failed(plan.game, why).unwrap();
        let board = &posted_in(&notices, &GENERAL).reply;
        assert_eq!(board.current_board(), Some((plan.game, 0)));
        assert!(!board.buttons.is_empty());
        let told: Vec<_> = notices
            .iter()
            .filter(|n| n.to == Destination::Dm(w.asha.id))
            .collect();
        assert_eq!(told.len(), 1, "{notices:?}");
        let text = &told[0].reply.text;
        assert!(
            text.contains("<#20>") && text.contains("not in a thread"),
            "{text}"
        );
        if why == ThreadFailure::NoPermission {
            assert!(text.contains("Create Public Threads"), "{text}");
        }
        // Nobody else is told privately.
        assert!(!notices.iter().any(|n| n.to == Destination::Dm(w.baraka.id)));
        let g = w.store.game(plan.game).unwrap().unwrap();
        assert_eq!(g.place, GENERAL);
        assert!(w.store.game_thread(plan.game).unwrap().is_none());
        // The game goes on in the channel, which holds it alone.
        assert!(w.app.board_posted(plan.game, 0, &GENERAL, 900).unwrap());
        // Once the game is under way a late report changes nothing.
        let mv = Command::Move {
            text: "a6 left".into(),
            game: None,
        };
        assert!(!w.at(&w.asha, &GENERAL, mv).reply.ephemeral);
        assert!(w.app.thread_failed(plan.game, why).unwrap().is_empty());
        // It holds the channel now (an AI game is refused there), while new challenges
        // still wait for threads of their own.
        let ai = w.at(&w.carol, &GENERAL, ai());
        assert!(ai.reply.ephemeral && ai.reply.text.contains("already running"));
        let r = w.challenge(&w.carol, &w.dan, &GENERAL, None);
        assert!(!r.ephemeral, "{}", r.text);
    }
}

#[test]
fn challenges_wait_side_by_side_and_typed_answers_find_the_asker_s_own() {
    let w = world();
    let first = w.challenge(&w.asha, &w.baraka, &GENERAL, None);
    let second = w.challenge(&w.carol, &w.dan, &GENERAL, None);
    assert!(!first.ephemeral && !second.ephemeral, "{}", second.text);
    let (g1, _) = first.current_board().expect("recorded");
    let (g2, _) = second.current_board().expect("recorded");
    assert!(w.app.board_posted(g1, 0, &GENERAL, 500).unwrap());
    assert!(w.app.board_posted(g2, 0, &GENERAL, 600).unwrap());
    // The same two again: refused while the first waits.
    let again = w.challenge(&w.baraka, &w.asha, &GENERAL, None);
    assert!(
        again.ephemeral && again.text.contains("already waiting"),
        "{}",
        again.text
    );
    // An AI game may still be the channel's own game beside them.
    let ai = w.at(&w.asha, &GENERAL, ai());
    assert!(!ai.reply.ephemeral, "{}", ai.reply.text);
    // Typed answers go to the asker's own challenge.
    let r = w.at(&w.dan, &GENERAL, Command::Accept);
    assert_eq!(
        r.reply.thread_to_open().map(|p| (p.game, p.message)),
        Some((g2, 600))
    );
    let r = w.at(&w.baraka, &GENERAL, Command::Decline);
    assert!(
        !r.reply.ephemeral && r.reply.text.contains("declines"),
        "{}",
        r.reply.text
    );
    assert_eq!(
        w.store.game(g1).unwrap().unwrap().status,
        GameStatus::Aborted
    );
    // Someone with no challenge here is told so.
    let r = w.at(&w.carol, &GENERAL, Command::Accept);
    assert!(r.reply.ephemeral, "{}", r.reply.text);
    // Asha's moves still go to her AI game, the channel's own.
    let r = w.at(
        &w.asha,
        &GENERAL,
        Command::Move {
            text: "a6 left".into(),
            game: None,
        },
    );
    assert!(!r.reply.ephemeral, "{}", r.reply.text);
    // Dan's game moves into its thread; the channel keeps the AI game.
    w.app.thread_opened(g2, 600).unwrap();
    assert_eq!(w.store.game_in(&thread(600)).unwrap().unwrap().id, g2);
    assert_ne!(w.store.game_in(&GENERAL).unwrap().unwrap().id, g2);
}

#[test]
fn channel_placement_takes_effect_for_the_next_challenge() {
    let w = world();
    let (first, _) = w.in_thread(&w.asha, &w.baraka, 500);
    let set = w.at(
        &w.asha,
        &GENERAL,
        Command::SetServerSetting {
            key: "placement".into(),
            value: "channel".into(),
            manage_server: true,
        },
    );
    assert!(set.reply.text.contains("channel"), "{}", set.reply.text);
    let r = w.accepted(&w.carol, &w.dan, 600, None);
    assert!(r.reply.thread_to_open().is_none());
    assert!(
        r.reply.current_board().is_some(),
        "the board comes at once: {:?}",
        r.reply
    );
    let g = w.store.game_in(&GENERAL).unwrap().unwrap();
    assert_eq!(g.place, GENERAL);
    // The game already in its thread stays there.
    assert_eq!(w.store.game(first).unwrap().unwrap().place, thread(500));
}

#[test]
fn a_front_end_without_threads_plays_in_the_channel() {
    let w = world_threads(false);
    let r = w.accepted(&w.asha, &w.baraka, 500, None);
    assert!(r.reply.thread_to_open().is_none());
    assert!(r.reply.current_board().is_some());
}

#[test]
fn reminders_deadlines_and_abandonment_of_a_thread_game() {
    let w = world();
    let r = w.accepted(&w.asha, &w.baraka, 500, Some("1d"));
    let plan = r.reply.thread_to_open().cloned().expect("a thread");
    w.app.thread_opened(plan.game, 500).unwrap();
    // Half the day gone: Asha is reminded by DM, with a link to the thread.
    w.clock.advance(12 * 3600 + 1);
    let notices = w.app.tick().unwrap();
    let dm = notices
        .iter()
        .find(|n| n.to == Destination::Dm(w.asha.id))
        .expect("a reminder");
    assert!(dm.reply.text.contains("<#500>"), "{}", dm.reply.text);
    // The deadline passes: the overdue notice goes to the thread, and Baraka claims there.
    w.clock.advance(12 * 3600);
    let notices = w.app.tick().unwrap();
    assert!(
        notices
            .iter()
            .any(|n| n.to == Destination::Place(thread(500)) && n.reply.text.contains("ran out")),
        "{notices:?}"
    );
    // Nobody claims: after a second period the game is abandoned, with the result line.
    w.clock.advance(86_400);
    let notices = w.app.tick().unwrap();
    assert!(notices
        .iter()
        .any(|n| n.to == Destination::Place(thread(500)) && n.reply.text.contains("abandoned")));
    let end = notices
        .iter()
        .find(|n| n.reply.thread_to_archive().is_some())
        .expect("the result line in the parent");
    assert!(end.reply.text.contains("abandoned"), "{}", end.reply.text);
}

#[test]
fn a_claim_on_time_in_the_thread_ends_it_there() {
    let w = world();
    let r = w.accepted(&w.asha, &w.baraka, 500, Some("1h"));
    let plan = r.reply.thread_to_open().cloned().expect("a thread");
    w.app.thread_opened(plan.game, 500).unwrap();
    w.clock.advance(3601);
    let r = w.at(&w.baraka, &thread(500), Command::Claim);
    assert!(!r.reply.ephemeral, "{}", r.reply.text);
    let end = r.notices.last().expect("the result line");
    assert!(
        end.reply
            .text
            .contains("Baraka (North) beat Asha (timeout)"),
        "{}",
        end.reply.text
    );
}

#[test]
fn help_says_where_games_are_played_and_fits_one_message() {
    let w = world();
    let help = w.at(&w.asha, &GENERAL, Command::Help).reply;
    assert!(help.ephemeral);
    assert!(help.text.contains("thread of its own"), "{}", help.text);
    let chars = help.text.chars().count();
    assert!(chars < 2000, "{chars} characters");
}
