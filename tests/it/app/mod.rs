//! The conversation, played by fake users through the app: whole games in channels and DMs,
//! every refusal, and correspondence play with an injected clock.

mod defects;
mod draws;

use crate::support::app_world;
use app_world::{
    challenge, private, world, world_on, world_without_animations, World, GENERAL, T0,
};
use std::sync::Arc;

use bao_bot::app::{Command, Destination, Reply, Settings, User};
use bao_bot::rules::{Position, Side};
use bao_bot::store::{GameId, GameStatus, Place, SideChoice, Store, UserId};

/// This file's shorthands on the shared test world.
trait Shorthands {
    fn say(&self, who: &User, cmd: Command) -> Reply;
    fn mv(&self, who: &User, text: &str) -> Reply;
    fn press(&self, who: &User, place: &Place, id: &str) -> Reply;
    fn start_game(&self, time: Option<&str>) -> Reply;
}

impl Shorthands for World {
    fn say(&self, who: &User, cmd: Command) -> Reply {
        self.run(who, &GENERAL, cmd).reply
    }

    fn mv(&self, who: &User, text: &str) -> Reply {
        self.say(
            who,
            Command::Move {
                text: text.into(),
                game: None,
            },
        )
    }

    fn press(&self, who: &User, place: &Place, id: &str) -> Reply {
        self.app.press(who, place, id).expect("press").reply
    }

    /// Asha challenges Baraka (Asha South) and Baraka accepts with the button.
    fn start_game(&self, time: Option<&str>) -> Reply {
        let r = self.say(&self.asha, challenge(&self.baraka).time(time).command());
        assert!(!r.ephemeral, "{}", r.text);
        let accept = r.button_ids()[0].to_string();
        self.press(&self.baraka, &GENERAL, &accept)
    }
}

fn png(r: &Reply) -> &[u8] {
    let a = r.board_png().expect("a board picture");
    assert!(a.bytes.starts_with(b"\x89PNG"), "not a PNG");
    &a.bytes
}

#[test]
fn challenge_refusals_and_acceptance() {
    let w = world();
    let me = w.asha.clone();
    let to = |opponent: &User| challenge(opponent).side(None).command();
    private(&w.say(&me, to(&me)), "cannot challenge yourself");
    let bot = User {
        bot: true,
        ..User::new(9, "SomeBot")
    };
    private(&w.say(&me, to(&bot)), "is a bot");
    private(
        &w.run(&me, &Place::Dm { user: 1 }, to(&w.baraka)).reply,
        "server channel",
    );
    private(
        &w.say(&me, challenge(&w.baraka).side(None).time("5m").command()),
        "out of range",
    );
    let r = w.say(&me, to(&w.baraka));
    assert!(!r.ephemeral);
    assert_eq!(r.mention, Some(UserId(2)));
    assert!(r.text.contains("challenges you"), "{}", r.text);
    let ids = r.button_ids();
    assert!(ids[0].starts_with("bao:accept:") && ids[1].starts_with("bao:decline:"));
    // The channel is busy now.
    private(&w.say(&w.carol, to(&w.baraka)), "already waiting here");
    // Only the challenged player accepts.
    private(&w.press(&w.carol, &GENERAL, ids[0]), "not for you");
    private(
        &w.press(&me, &GENERAL, ids[0]),
        "only the one you challenged",
    );
    private(&w.mv(&me, "a6 left"), "not been accepted");
    let board = w.press(&w.baraka, &GENERAL, ids[0]);
    assert!(!board.ephemeral, "{}", board.text);
    png(&board);
    let game = w.game_here(&GENERAL);
    assert_eq!(game.status, GameStatus::Active);
    // Sides were drawn; the player to move is pinged and gets the move buttons.
    let south = game.south.as_ref().and_then(|p| p.user()).expect("human");
    assert_eq!(board.mention, Some(south));
    assert!(board
        .button_ids()
        .iter()
        .any(|b| b.starts_with(&format!("bao:m:{}:0:", game.id))));
}

#[test]
fn decline_frees_the_channel() {
    let w = world();
    let r = w.say(&w.asha, challenge(&w.baraka).side(None).command());
    let decline = r.button_ids()[1].to_string();
    let d = w.press(&w.baraka, &GENERAL, &decline);
    assert!(d.text.contains("declines"), "{}", d.text);
    assert!(w.store.game_in(&GENERAL).expect("store").is_none());
}

#[test]
fn moves_refusals_and_out_of_date_buttons() {
    let w = world();
    let first = w.start_game(None);
    let old_button = first
        .button_ids()
        .into_iter()
        .find(|b| b.starts_with("bao:m:"))
        .expect("a move button")
        .to_string();
    private(&w.mv(&w.carol, "a6 left"), "not playing in this game");
    private(&w.mv(&w.baraka, "a6 left"), "not your turn");
    private(&w.mv(&w.asha, "A5 sideways"), "is not a direction");
    let illegal = w.mv(&w.asha, "A5 left");
    private(
        &illegal,
        "is not legal here: the only legal moves are A6 left takata",
    );
    let r = w.mv(&w.asha, "a6 left");
    assert!(!r.ephemeral, "{}", r.text);
    assert!(
        r.text
            .starts_with("Asha: A6 with a seed from hand sowed 3 left"),
        "{}",
        r.text
    );
    assert_eq!(r.mention, Some(UserId(2)));
    png(&r);
    // A button from the first board is now out of date.
    let stale = w.press(&w.asha, &GENERAL, &old_button);
    // Not a refusal: the current board, privately.
    assert!(stale.ephemeral, "{}", stale.text);
    assert!(stale.text.contains("out of date"), "{}", stale.text);
    assert!(stale.board_png().is_some());
    // Buttons work for the right player.
    let button = r
        .button_ids()
        .into_iter()
        .find(|b| b.starts_with("bao:m:"))
        .expect("move button")
        .to_string();
    private(&w.press(&w.asha, &GENERAL, &button), "not your turn");
    let r2 = w.press(&w.baraka, &GENERAL, &button);
    assert!(r2.text.starts_with("Baraka: "), "{}", r2.text);
    assert_eq!(w.game_here(&GENERAL).ply, 2);
    // Autocomplete offers the mover's moves, filtered.
    let pos: Position = w.game_here(&GENERAL).position.parse().expect("pos");
    let pit = pos.legal_moves()[0].pit.to_string();
    let suggestions = w
        .app
        .suggest_moves(&w.asha, &GENERAL, None, &pit.to_ascii_lowercase())
        .expect("suggest");
    assert!(!suggestions.is_empty());
    assert!(
        suggestions.iter().all(|m| m.starts_with(&pit)),
        "{suggestions:?}"
    );
    let all = w
        .app
        .suggest_moves(&w.asha, &GENERAL, None, "")
        .expect("suggest");
    assert_eq!(all.len(), pos.legal_moves().len().min(25));
    assert!(w
        .app
        .suggest_moves(&w.baraka, &GENERAL, None, "")
        .expect("suggest")
        .is_empty());
}

#[test]
fn a_whole_game_to_its_end_with_history_that_replays() {
    let w = world_without_animations();
    w.start_game(None);
    let players = [w.asha.clone(), w.baraka.clone()];
    let mut last = Reply::default();
    for _ in 0..400 {
        let game = w.game_here(&GENERAL);
        let pos: Position = game.position.parse().expect("position");
        let mover = &players[pos.turn().index()];
        // The player to move plays their first legal move.
        let mv = pos.legal_moves()[0].to_string();
        last = w.mv(mover, &mv);
        assert!(!last.ephemeral, "{}", last.text);
        if w.store.game_in(&GENERAL).expect("store").is_none() {
            break;
        }
    }
    assert!(last.text.contains("wins"), "{}", last.text);
    assert!(last.buttons.is_empty());
    let ended = w.store.games_in(&GENERAL, 1).expect("store").remove(0);
    assert_eq!(ended.status, GameStatus::Finished);
    // The finished game stays viewable, and its record replays to its position.
    let board = w.say(&w.carol, Command::Board { game: None });
    png(&board);
    let h = w.say(&w.carol, Command::History { game: None });
    let record = String::from_utf8(h.attachments[0].bytes.clone()).expect("utf8");
    let mut pos: Position = Position::default();
    assert!(record.contains("\nrules v0.2\n"), "{record}");
    for line in record.lines() {
        if line.starts_with('#') || line.starts_with("rules ") || line.is_empty() {
            continue;
        }
        if let Some(p) = line.strip_prefix("position ") {
            pos = p.parse().expect("start");
            continue;
        }
        pos = pos.play_text(line).expect("recorded move").1;
    }
    assert_eq!(pos.to_string(), ended.position);
    assert!(pos.is_over());
}

#[test]
fn resign_draw_and_abort() {
    let w = world();
    w.start_game(None);
    private(&w.say(&w.carol, Command::Resign), "not playing");
    w.mv(&w.asha, "a6 left");
    // Abort works early.
    let r = w.say(&w.baraka, Command::Abort);
    assert!(r.text.contains("aborts"), "{}", r.text);
    let aborted = w.store.games_in(&GENERAL, 1).expect("store").remove(0);
    assert_eq!(aborted.status, GameStatus::Aborted);

    w.start_game(None);
    for _ in 0..2 {
        for who in [&w.asha, &w.baraka] {
            let pos: Position = w.game_here(&GENERAL).position.parse().expect("pos");
            w.mv(who, &pos.legal_moves()[0].to_string());
        }
    }
    private(&w.say(&w.asha, Command::Abort), "Too late to abort");
    // A draw offer, withdrawn by a move, then offered again and accepted.
    let offer = w.say(&w.asha, Command::Draw);
    assert!(offer.text.contains("offers a draw"), "{}", offer.text);
    assert_eq!(offer.mention, Some(UserId(2)));
    private(&w.say(&w.asha, Command::Draw), "already");
    let pos: Position = w.game_here(&GENERAL).position.parse().expect("pos");
    w.mv(&w.asha, &pos.legal_moves()[0].to_string());
    assert_eq!(w.game_here(&GENERAL).draw_offered_by, None);
    let offer = w.say(&w.baraka, Command::Draw);
    let accept = offer.button_ids()[0].to_string();
    let done = w.press(&w.asha, &GENERAL, &accept);
    assert!(done.text.contains("accepts the draw"), "{}", done.text);
    let g = w.store.games_in(&GENERAL, 1).expect("store").remove(0);
    assert_eq!(g.status, GameStatus::Finished);
    assert_eq!(g.winner, None);

    w.start_game(None);
    let r = w.say(&w.baraka, Command::Resign);
    assert!(r.text.contains("Baraka resigns"), "{}", r.text);
    assert!(r.text.contains("Asha (South) wins"), "{}", r.text);
}

#[test]
fn ai_game_in_a_dm_answers_every_move() {
    let w = world();
    let dm = Place::Dm { user: 1 };
    let r = w.run(
        &w.asha,
        &dm,
        Command::Ai {
            level: Some(bao_bot::ai::Level::Easy),
            side: Some(SideChoice::South),
            variant: None,
            rules: None,
            clock: None,
        },
    );
    png(&r.reply);
    let game = w.game_here(&dm);
    assert_eq!(game.ply, 0);
    let r = w.run(
        &w.asha,
        &dm,
        Command::Move {
            text: "A6 left".into(),
            game: None,
        },
    );
    let lines: Vec<&str> = r.reply.text.lines().collect();
    assert!(lines[0].starts_with("Asha: "), "{}", r.reply.text);
    assert!(lines[1].starts_with("AI (easy): "), "{}", r.reply.text);
    assert_eq!(w.game_here(&dm).ply, 2);
    // Nobody else sees a DM game.
    let peek = w.run(
        &w.carol,
        &GENERAL,
        Command::Board {
            game: Some(game.id),
        },
    );
    private(&peek.reply, "private game");
    // The AI starts when it plays South.
    let dm2 = Place::Dm { user: 2 };
    let r = w.run(
        &w.baraka,
        &dm2,
        Command::Ai {
            level: Some(bao_bot::ai::Level::Easy),
            side: Some(SideChoice::North),
            variant: Some(bao_bot::rules::Variant::Kujifunza),
            rules: None,
            clock: None,
        },
    );
    assert!(r.reply.text.contains("AI (easy): "), "{}", r.reply.text);
    assert_eq!(w.game_here(&dm2).ply, 1);
    // My games lists both kinds of place.
    let mine = w.run(&w.asha, &GENERAL, Command::Games).reply;
    private(&mine, "your turn");
}

fn notices_to(r: &[bao_bot::app::Notice], user: u64) -> usize {
    r.iter()
        .filter(|n| n.to == Destination::Dm(UserId(user)))
        .count()
}

#[test]
fn correspondence_reminders_claims_and_restarts() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("bao.db");
    let store = Arc::new(Store::open(&path).expect("store"));
    let w = world_on(store, Settings::default());
    let board = w.start_game(Some("1d"));
    assert!(board.text.contains("to move, by <t:"), "{}", board.text);
    let game = w.game_here(&GENERAL);
    assert_eq!(game.deadline, Some(T0 + 86_400));
    assert!(w.app.tick().expect("tick").is_empty());
    // Half time: a reminder by DM to Asha (South, to move).
    w.clock.advance(12 * 3600 + 1);
    let n = w.app.tick().expect("tick");
    assert_eq!(notices_to(&n, 1), 1, "{n:?}");
    assert!(w.app.tick().expect("tick").is_empty(), "not repeated");
    // A restart between reminders loses and repeats nothing.
    drop(w.app);
    let store = Arc::new(Store::open(&path).expect("reopen"));
    let w2 = world_on(store, Settings::default());
    w2.clock.set(T0 + 12 * 3600 + 5);
    assert!(
        w2.app.tick().expect("tick").is_empty(),
        "nothing repeated after restart"
    );
    w2.clock.set(T0 + 23 * 3600 + 1);
    let n = w2.app.tick().expect("tick");
    assert_eq!(notices_to(&n, 1), 1, "last-hour reminder: {n:?}");
    // Past the deadline: Baraka is told in the channel and may claim.
    w2.clock.set(T0 + 86_400 + 1);
    let n = w2.app.tick().expect("tick");
    assert!(
        n.iter()
            .any(|x| x.to == Destination::Place(GENERAL) && x.user == UserId(2)),
        "{n:?}"
    );
    private(&w2.say(&w2.asha, Command::Claim), "your own turn");
    let claim = w2.say(&w2.baraka, Command::Claim);
    assert!(claim.text.contains("claims the win"), "{}", claim.text);
    let g = w2.store.game(game.id).expect("store").expect("game");
    assert_eq!(g.winner, Some(Side::North));
    assert_eq!(g.reason.map(|r| r.as_str()), Some("timeout"));
}

#[test]
fn refused_dms_are_not_retried_and_moves_from_a_dm() {
    let w = world();
    w.start_game(Some("1d"));
    let game = w.game_here(&GENERAL);
    w.app.dm_failed(UserId(1)).expect("dm failed");
    w.clock.advance(12 * 3600 + 1);
    let n = w.app.tick().expect("tick");
    assert_eq!(notices_to(&n, 1), 0, "{n:?}");
    // Asha moves from her DMs with the game option.
    let dm = Place::Dm { user: 1 };
    let r = w.run(
        &w.asha,
        &dm,
        Command::Move {
            text: "a6 left".into(),
            game: Some(game.id),
        },
    );
    assert!(!r.reply.ephemeral, "{}", r.reply.text);
    assert_eq!(w.game_here(&GENERAL).ply, 1);
    // Carol may not move in it from anywhere.
    let r = w.run(
        &w.carol,
        &Place::Dm { user: 3 },
        Command::Move {
            text: "a6 right".into(),
            game: Some(game.id),
        },
    );
    private(&r.reply, "not playing in game");
    let r = w.run(
        &w.carol,
        &GENERAL,
        Command::Move {
            text: "a6 right".into(),
            game: Some(GameId(999)),
        },
    );
    private(&r.reply, "no game 999");
    // Baraka asked for DM notices: his turn comes with one.
    w.run(
        &w.baraka,
        &GENERAL,
        Command::Notify(bao_bot::store::Notify::Dm),
    );
    let pos: Position = w.game_here(&GENERAL).position.parse().expect("pos");
    w.mv(&w.baraka, &pos.legal_moves()[0].to_string());
    let r = w.run(
        &w.asha,
        &GENERAL,
        Command::Move {
            text: {
                let pos: Position = w.game_here(&GENERAL).position.parse().expect("pos");
                pos.legal_moves()[0].to_string()
            },
            game: None,
        },
    );
    assert_eq!(notices_to(&r.notices, 2), 1, "{:?}", r.notices);
}

#[test]
fn accepting_removes_the_challenge_buttons_and_moves_remove_old_boards() {
    let w = world();
    let r = w.say(&w.asha, challenge(&w.baraka).command());
    let (game, ply) = r.current_board().expect("the challenge is remembered");
    assert!(w
        .app
        .board_posted(game, ply, &GENERAL, 555)
        .expect("posted"));
    let accept = r.button_ids()[0].to_string();
    let board = w.press(&w.baraka, &GENERAL, &accept);
    assert_eq!(board.replaces(), Some((GENERAL, 555)));
    let (game, ply) = board.current_board().expect("a board");
    assert!(w
        .app
        .board_posted(game, ply, &GENERAL, 556)
        .expect("posted"));
    let moved = w.mv(&w.asha, "a6 left");
    assert_eq!(moved.replaces(), Some((GENERAL, 556)));
}

#[test]
fn notify_off_names_but_does_not_ping() {
    let w = world();
    w.start_game(None);
    w.say(&w.baraka, Command::Notify(bao_bot::store::Notify::Off));
    let r = w.mv(&w.asha, "a6 left");
    assert_eq!(r.mention, None);
    assert!(r.text.contains("<@2>"), "{}", r.text);
    w.say(&w.asha, Command::Notify(bao_bot::store::Notify::Mention));
    let pos: Position = w.game_here(&GENERAL).position.parse().expect("pos");
    let r = w.mv(&w.baraka, &pos.legal_moves()[0].to_string());
    assert_eq!(r.mention, Some(UserId(1)));
}

#[test]
fn ai_levels_show_their_ratings_and_three_losses_suggest_a_step_down() {
    use bao_bot::ai::Level;
    let w = world();
    let help = w.say(&w.asha, Command::Help);
    for level in Level::ALL {
        private(&help, &format!("`{}` {}", level.name(), level.rating()));
    }
    let dm = Place::Dm { user: 1 };
    let start = w.run(
        &w.asha,
        &dm,
        Command::Ai {
            level: Some(Level::Casual),
            side: Some(SideChoice::South),
            variant: None,
            rules: None,
            clock: None,
        },
    );
    assert!(
        start
            .reply
            .text
            .contains(&format!("AI (casual, rated {})", Level::Casual.rating())),
        "{}",
        start.reply.text
    );
    for round in 1..=3 {
        if round > 1 {
            w.run(
                &w.asha,
                &dm,
                Command::Ai {
                    level: Some(Level::Casual),
                    side: None,
                    variant: None,
                    rules: None,
                    clock: None,
                },
            );
        }
        let r = w.run(&w.asha, &dm, Command::Resign).reply;
        assert!(r.text.contains("Asha resigns"), "{}", r.text);
        let hint = "3 losses in a row against casual: `/bao ai easy`";
        assert_eq!(
            r.text.contains(hint),
            round == 3,
            "round {round}: {}",
            r.text
        );
    }
}
