//! Hints and takebacks between people through the app: `hints:true` in an unrated
//! challenge (and refused in rated games and without it), and takeback requests in unrated
//! games: accepted (the position before the move, exactly, with a fresh deadline), declined,
//! lapsing when the opponent moves or the game ends, answered only by the opponent, refused
//! in rated games, and forged or stale request buttons refused.

use crate::support::app_world;
use app_world::{challenge, private, world, World, GENERAL, T0};
use bao_bot::app::{Command, Reply, Response, User, INVALID_BUTTON};
use bao_bot::rules::Position;
use bao_bot::store::{Game, RequestOutcome};

const DAY: i64 = 24 * 3600;

/// The challenge options of a test game.
#[derive(Clone, Copy)]
struct Terms {
    rated: Option<bool>,
    hints: Option<bool>,
    time: Option<&'static str>,
}

const CASUAL: Terms = Terms {
    rated: Some(false),
    hints: None,
    time: None,
};
const RATED: Terms = Terms {
    rated: Some(true),
    hints: None,
    time: None,
};

/// This file's shorthands on the shared test world.
trait Shorthands {
    fn say(&self, who: &User, cmd: Command) -> Reply;
    fn press(&self, who: &User, id: &str) -> Response;
    fn challenge(&self, terms: Terms) -> Reply;
    fn game(&self, terms: Terms, plies: usize) -> Game;
    fn play_first(&self) -> Reply;
    fn current(&self) -> Game;
    fn game_now(&self, game: &Game) -> Game;
    fn ask(&self) -> (Reply, String, String);
}

impl Shorthands for World {
    fn say(&self, who: &User, cmd: Command) -> Reply {
        self.app.handle(who, &GENERAL, cmd).expect("app").reply
    }

    fn press(&self, who: &User, id: &str) -> Response {
        self.app.press(who, &GENERAL, id).expect("press")
    }

    fn challenge(&self, terms: Terms) -> Reply {
        self.say(
            &self.asha,
            challenge(&self.baraka)
                .time(terms.time)
                .rated(terms.rated)
                .hints(terms.hints)
                .command(),
        )
    }

    /// Asha (South) challenges Baraka on `terms`, he accepts, and they play `plies` first
    /// legal moves, an hour apart.
    fn game(&self, terms: Terms, plies: usize) -> Game {
        let r = self.challenge(terms);
        let accept = r.button_ids()[0].to_string();
        self.press(&self.baraka, &accept);
        for _ in 0..plies {
            self.clock.advance(3600);
            self.play_first();
        }
        self.current()
    }

    /// The player to move plays the first legal move; returns its reply.
    fn play_first(&self) -> Reply {
        let game = self.current();
        let pos: Position = game.position.parse().expect("position");
        let mv = pos.legal_moves()[0].to_string();
        let who = [&self.asha, &self.baraka][pos.turn().index()];
        let r = self.say(
            who,
            Command::Move {
                text: mv,
                game: None,
            },
        );
        assert!(!r.ephemeral, "{}", r.text);
        r
    }

    fn current(&self) -> Game {
        self.store.game_in(&GENERAL).expect("store").expect("game")
    }

    fn game_now(&self, game: &Game) -> Game {
        self.store.game(game.id).expect("store").expect("game")
    }

    /// Asha asks to take back her last move; returns the public request and its buttons
    /// (accept, decline).
    fn ask(&self) -> (Reply, String, String) {
        let r = self.say(&self.asha, Command::Takeback);
        assert!(!r.ephemeral, "a request is public: {}", r.text);
        let ids = r.button_ids();
        assert_eq!(ids.len(), 2, "{ids:?}");
        assert!(ids[0].starts_with("bao:tbaccept:"), "{ids:?}");
        assert!(ids[1].starts_with("bao:tbdecline:"), "{ids:?}");
        let (a, d) = (ids[0].to_string(), ids[1].to_string());
        (r, a, d)
    }
}

fn png(r: &Reply) {
    let a = r.files().next().expect("a picture");
    assert!(a.bytes.starts_with(b"\x89PNG"), "not a PNG");
}

#[test]
fn hints_between_people_only_in_unrated_games_that_agreed_to_them() {
    let w = world();
    // Rated and hints at once: refused, and no challenge is made.
    let refused = w.challenge(Terms {
        rated: Some(true),
        hints: Some(true),
        time: None,
    });
    private(&refused, "Hints are only for unrated games");
    assert!(
        refused.text.contains("rated:false hints:true"),
        "{}",
        refused.text
    );
    assert!(w.store.game_in(&GENERAL).expect("store").is_none());

    // hints:true alone makes a casual game; the challenge says so, and accepting agrees.
    let offer = w.challenge(Terms {
        rated: None,
        hints: Some(true),
        time: None,
    });
    assert!(!offer.ephemeral);
    assert!(offer.text.contains("a casual game"), "{}", offer.text);
    assert!(offer.text.contains("hints allowed"), "{}", offer.text);
    let game = w.current();
    assert!(!w.store.is_rated(game.id).expect("store"));
    assert!(w.store.hints_agreed(game.id).expect("store"));
    w.press(&w.baraka, offer.button_ids()[0]);

    // Either player, on their turn: privately, a legal move and the board after it.
    for who in [&w.asha, &w.baraka] {
        let before = w.current();
        let r = w.say(who, Command::Hint);
        assert!(r.ephemeral, "{}", r.text);
        assert!(r.text.starts_with("Hint: `"), "{}", r.text);
        png(&r);
        let mv = r.text.split('`').nth(1).expect("the move");
        let pos: Position = before.position.parse().expect("position");
        assert!(pos.play_text(mv).is_ok(), "{mv}");
        assert_eq!(w.current().ply, before.ply, "a hint plays nothing");
        // Not on the other's turn, and never for an onlooker.
        let other = if who.id == w.asha.id {
            &w.baraka
        } else {
            &w.asha
        };
        private(&w.say(other, Command::Hint), "not your turn");
        private(&w.say(&w.carol, Command::Hint), "not playing");
        w.play_first();
    }
    w.say(&w.asha, Command::Resign);

    // Unrated without hints agreed: refused, saying why.
    w.game(CASUAL, 2);
    private(&w.say(&w.asha, Command::Hint), "did not say `hints:true`");
    w.say(&w.asha, Command::Resign);

    // Rated: refused.
    let rated = w.game(RATED, 2);
    assert!(w.store.is_rated(rated.id).expect("store"));
    private(
        &w.say(&w.asha, Command::Hint),
        "Hints are not given in rated games",
    );
}

#[test]
fn an_accepted_takeback_restores_the_position_before_the_move_with_a_fresh_deadline() {
    let w = world();
    let terms = Terms {
        time: Some("1d"),
        ..CASUAL
    };
    let game = w.game(terms, 2);
    let before = w.game_now(&game);
    w.clock.advance(3600);
    w.play_first();
    let moved = w.game_now(&game);
    assert_eq!(moved.ply, 3);
    let mv = w.store.moves(game.id).expect("store")[2].text.clone();

    let (request, accept, _) = w.ask();
    assert!(
        request
            .text
            .contains(&format!("Asha asks to take back `{mv}`")),
        "{}",
        request.text
    );
    assert_eq!(request.mention, Some(w.baraka.id), "Baraka is asked");
    assert!(request.files().next().is_none());

    // Only Baraka may answer: Asha and Carol are refused privately; nothing changes.
    private(
        &w.press(&w.asha, &accept).reply,
        "You asked for this takeback",
    );
    private(&w.press(&w.carol, &accept).reply, "not playing in game");
    assert_eq!(w.game_now(&game).ply, 3);
    // A second request while this one is open: refused.
    private(&w.say(&w.asha, Command::Takeback), "asked already");

    w.clock.advance(7200);
    let r = w.press(&w.baraka, &accept).reply;
    assert!(!r.ephemeral, "{}", r.text);
    assert!(r.text.contains("Baraka accepts"), "{}", r.text);
    png(&r);
    assert_eq!(r.mention, Some(w.asha.id), "Asha is to move again");
    assert!(
        r.button_ids().iter().any(|id| id.starts_with("bao:m:")),
        "her move buttons: {:?}",
        r.button_ids()
    );
    let back = w.game_now(&game);
    assert_eq!(back.ply, 2, "one ply back, not two");
    assert_eq!(
        back.position, before.position,
        "exactly the position before"
    );
    assert_eq!(w.store.moves(game.id).expect("store").len(), 2);
    assert!(w.store.check_replays().expect("check").is_empty());
    // Correspondence: Asha's deadline starts afresh, as after a move.
    assert_eq!(back.deadline, Some(T0 + 5 * 3600 + DAY));
    assert!(back.next_due_at.is_some_and(|d| d > T0 + 5 * 3600));
    // The request and its outcome are kept; the history says where the move went back.
    let requests = w.store.takeback_requests(game.id).expect("store");
    assert_eq!(requests.len(), 1);
    assert_eq!(requests[0].outcome, RequestOutcome::Accepted);
    assert_eq!((requests[0].ply, requests[0].mv.as_str()), (3, mv.as_str()));
    let h = w.say(&w.carol, Command::History { game: None });
    let line = format!("Taken back after ply 2 at Asha's request: {mv}");
    assert!(h.text.contains(&line), "{}", h.text);
    let record = String::from_utf8(h.attachments[0].bytes.clone()).expect("utf8");
    assert!(
        record.contains(&format!("# taken back after ply 2 at Asha's request: {mv}")),
        "{record}"
    );

    // The answered request's buttons have lapsed; the game goes on from ply 2.
    private(&w.press(&w.baraka, &accept).reply, "lapsed");
    w.play_first();
    assert_eq!(w.game_now(&game).ply, 3);
    // A new request at the same ply gets new buttons; the old ones stay lapsed.
    let (_, again, _) = w.ask();
    assert_ne!(again, accept);
    private(&w.press(&w.baraka, &accept).reply, "already accepted");
    assert_eq!(w.game_now(&game).ply, 3);
    assert!(w.store.check_replays().expect("check").is_empty());
}

#[test]
fn a_declined_takeback_keeps_the_move() {
    let w = world();
    let game = w.game(CASUAL, 3);
    let (_, accept, decline) = w.ask();
    // Asha pressing her own request's button is refused, and its buttons stay.
    let refused = w.press(&w.asha, &decline);
    private(&refused.reply, "You asked");
    assert!(!refused.reply.retires_pressed());
    let answered = w.press(&w.baraka, &decline);
    assert!(
        answered.reply.retires_pressed(),
        "the request's buttons come off"
    );
    let r = answered.reply;
    assert!(!r.ephemeral, "{}", r.text);
    assert!(r.text.contains("Baraka declines"), "{}", r.text);
    assert_eq!(w.game_now(&game).ply, 3);
    let requests = w.store.takeback_requests(game.id).expect("store");
    assert_eq!(requests[0].outcome, RequestOutcome::Declined);
    // Asking again for the same move, and answering again: refused.
    private(&w.say(&w.asha, Command::Takeback), "declined");
    private(&w.press(&w.baraka, &accept).reply, "already declined");
    assert_eq!(w.game_now(&game).ply, 3);
    assert!(w.store.takebacks(game.id).expect("store").is_empty());
    // The history and the record say what was asked and declined.
    let mv = &requests[0].mv;
    let h = w.say(&w.carol, Command::History { game: None });
    let line = format!("Takeback declined: Asha asked for ply 3 (`{mv}`) back");
    assert!(h.text.contains(&line), "{}", h.text);
    assert!(!h.text.contains("Taken back"), "{}", h.text);
    let record = String::from_utf8(h.attachments[0].bytes.clone()).expect("utf8");
    assert!(
        record.contains(&format!(
            "# takeback declined: Asha asked for ply 3 (`{mv}`) back"
        )),
        "{record}"
    );
}

#[test]
fn a_request_lapses_when_the_opponent_moves_or_the_game_ends() {
    let w = world();
    let game = w.game(CASUAL, 3);
    let (_, accept, decline) = w.ask();
    // Baraka moves instead: his board no longer offers the takeback, and the button lapsed.
    let board = w.play_first();
    assert!(
        board
            .button_ids()
            .iter()
            .all(|id| !id.starts_with("bao:tb")),
        "{:?}",
        board.button_ids()
    );
    for id in [&accept, &decline] {
        let r = w.press(&w.baraka, id);
        private(&r.reply, "lapsed");
        assert!(
            r.reply.retires_pressed(),
            "a lapsed request's buttons come off"
        );
    }
    assert_eq!(w.game_now(&game).ply, 4);
    let requests = w.store.takeback_requests(game.id).expect("store");
    assert_eq!(requests[0].outcome, RequestOutcome::Lapsed);

    // Baraka asks back for his move; Asha resigns: the request lapses with the game.
    let r = w.say(&w.baraka, Command::Takeback);
    let accept = r.button_ids()[0].to_string();
    w.say(&w.asha, Command::Resign);
    private(&w.press(&w.asha, &accept).reply, "the game is over");
    let requests = w.store.takeback_requests(game.id).expect("store");
    assert_eq!(requests[1].outcome, RequestOutcome::Lapsed);
    assert_eq!(w.game_now(&game).ply, 4);
    assert!(w.store.check_replays().expect("check").is_empty());
}

#[test]
fn takebacks_are_asked_only_by_the_last_mover_and_never_in_rated_games() {
    let w = world();
    let game = w.game(CASUAL, 3);
    // Asha made the last move: Baraka cannot ask for it, Carol plays no part.
    private(&w.say(&w.baraka, Command::Takeback), "is Asha's");
    private(&w.say(&w.carol, Command::Takeback), "not playing");
    assert!(w
        .store
        .takeback_requests(game.id)
        .expect("store")
        .is_empty());
    w.say(&w.asha, Command::Resign);

    let rated = w.game(RATED, 3);
    private(
        &w.say(&w.asha, Command::Takeback),
        "Takebacks are off in rated games",
    );
    assert!(w
        .store
        .takeback_requests(rated.id)
        .expect("store")
        .is_empty());
    assert_eq!(w.game_now(&rated).ply, 3);
}

#[test]
fn forged_and_stale_takeback_buttons_are_refused() {
    let w = world();
    let game = w.game(CASUAL, 3);
    let (_, accept, _) = w.ask();
    let fields: Vec<&str> = accept.split(':').collect();
    assert_eq!(fields.len(), 5, "{accept}");
    let (g, ply, req) = (fields[2], fields[3], fields[4]);
    let forged = [
        // Another request's number, another ply, another game, no number, a bad number.
        format!("bao:tbaccept:{g}:{ply}:999"),
        format!("bao:tbaccept:{g}:2:{req}"),
        format!("bao:tbaccept:{}:{ply}:{req}", game.id.0 + 50),
        format!("bao:tbaccept:{g}:{ply}"),
        format!("bao:tbaccept:{g}:{ply}:0"),
        format!("bao:tbaccept:{g}:{ply}:{req}x"),
        format!("bao:tbaccept:{g}:{ply}:-{req}"),
    ];
    for id in &forged {
        let r = w.press(&w.baraka, id).reply;
        assert!(r.ephemeral, "{id}: {}", r.text);
        assert!(
            r.text == INVALID_BUTTON.to_string() || r.text.contains("There is no game"),
            "{id}: {}",
            r.text
        );
        assert_eq!(w.game_now(&game).ply, 3, "{id}");
    }
    // The real button still works after all that.
    let r = w.press(&w.baraka, &accept).reply;
    assert!(r.text.contains("accepts"), "{}", r.text);
    assert_eq!(w.game_now(&game).ply, 2);
    assert!(w.store.check_replays().expect("check").is_empty());
}

#[test]
fn help_tells_of_hints_and_takeback_requests_and_fits_one_message() {
    let w = world();
    let help = w.say(&w.asha, Command::Help);
    assert!(help.ephemeral);
    assert!(help.text.contains("[hints]"), "{}", help.text);
    assert!(
        help.text.contains("if the opponent agrees"),
        "{}",
        help.text
    );
    assert!(help.text.len() < 2000, "{} chars", help.text.len());
}
