//! Lost races are refusals (issue 30): two requests about one game at the same moment, run
//! on real threads. Exactly one side's change is stored; the other side gets the private
//! answer it would have had a moment later; and the app never fails (a failure is what the
//! front ends log at ERROR and answer with "something went wrong"), nor logs anything at
//! ERROR itself.

use crate::support::app_world;
use crate::support::errors::Errors;
use std::sync::Barrier;

use app_world::{challenge, world, World, GENERAL};
use bao_bot::app::{Command, Reply, User};
use bao_bot::rules::Position;
use bao_bot::store::{Game, GameStatus, ResultReason};

/// Rounds of each race: enough for both orders to occur on two cores.
const ROUNDS: usize = 6;

/// What the racing threads log at ERROR (the races must log none).
fn errors() -> &'static Errors {
    static ERRORS: std::sync::OnceLock<Errors> = std::sync::OnceLock::new();
    ERRORS.get_or_init(Errors::new)
}

/// No ERROR was logged so far by a racer.
fn no_errors_logged() {
    assert_eq!(errors().count(), 0, "a lost race was logged as an ERROR");
}

/// What one racer does.
enum Act {
    Say(Command),
    Press(String),
}

/// This file's shorthands on the shared test world.
trait Shorthands {
    fn act(&self, who: &User, act: &Act) -> Reply;
    fn race(&self, a: (&User, Act), b: (&User, Act)) -> (Reply, Reply);
    fn challenge(&self, time: Option<&str>, rated: bool) -> (String, String);
    fn game(&self, time: Option<&str>, rated: bool, plies: usize) -> Game;
    fn first_move(&self) -> (&User, Command);
    fn current(&self) -> Game;
    fn now(&self, game: &Game) -> Game;
}

impl Shorthands for World {
    /// The app's answer to `act` by `who`; the app must not fail.
    fn act(&self, who: &User, act: &Act) -> Reply {
        match act {
            Act::Say(cmd) => self.app.handle(who, &GENERAL, cmd.clone()),
            Act::Press(id) => self.app.press(who, &GENERAL, id),
        }
        .unwrap_or_else(|e| panic!("the app failed (an ERROR in the log): {e}"))
        .reply
    }

    /// `a` and `b` at the same moment; their replies in that order.
    fn race(&self, a: (&User, Act), b: (&User, Act)) -> (Reply, Reply) {
        let barrier = Barrier::new(2);
        let replies = std::thread::scope(|s| {
            let first = s.spawn(|| {
                barrier.wait();
                errors().watch(|| self.act(a.0, &a.1))
            });
            let second = s.spawn(|| {
                barrier.wait();
                errors().watch(|| self.act(b.0, &b.1))
            });
            (
                first.join().expect("first racer"),
                second.join().expect("second racer"),
            )
        });
        no_errors_logged();
        replies
    }

    /// Asha (South) challenges Baraka; returns the Accept and Decline button ids.
    fn challenge(&self, time: Option<&str>, rated: bool) -> (String, String) {
        let r = self.act(
            &self.asha,
            &Act::Say(challenge(&self.baraka).time(time).rated(rated).command()),
        );
        assert!(!r.ephemeral, "{}", r.text);
        let ids = r.button_ids();
        (ids[0].to_string(), ids[1].to_string())
    }

    /// A game Asha (South) and Baraka play, after `plies` first legal moves.
    fn game(&self, time: Option<&str>, rated: bool, plies: usize) -> Game {
        let (accept, _) = self.challenge(time, rated);
        let r = self.act(&self.baraka, &Act::Press(accept));
        assert!(!r.ephemeral, "{}", r.text);
        for _ in 0..plies {
            self.clock.advance(60);
            let (who, mv) = self.first_move();
            let r = self.act(who, &Act::Say(mv));
            assert!(!r.ephemeral, "{}", r.text);
        }
        self.current()
    }

    /// Who is to move here, and the first legal move as a command.
    fn first_move(&self) -> (&User, Command) {
        let game = self.current();
        let pos: Position = game.position.parse().expect("position");
        let who = [&self.asha, &self.baraka][pos.turn().index()];
        let text = pos.legal_moves()[0].to_string();
        (who, Command::Move { text, game: None })
    }

    fn current(&self) -> Game {
        self.store.game_in(&GENERAL).expect("store").expect("game")
    }

    fn now(&self, game: &Game) -> Game {
        self.store.game(game.id).expect("store").expect("game")
    }
}

/// One reply public (the change that won), the other private and containing `refusal`.
fn one_won(winner: &Reply, loser: &Reply, refusal: &str) {
    assert!(
        !winner.ephemeral,
        "the winner's answer is public: {}",
        winner.text
    );
    assert!(
        loser.ephemeral,
        "the loser's answer is private: {}",
        loser.text
    );
    assert!(
        loser.text.contains(refusal),
        "expected `{refusal}` in: {}",
        loser.text
    );
    assert!(
        !loser.text.contains("went wrong"),
        "a lost race is no failure: {}",
        loser.text
    );
    assert!(loser.buttons.is_empty() || loser.current_board().is_none());
}

#[test]
fn two_accepts_at_once_start_one_game_and_the_other_is_told_it_is_on() {
    for round in 0..ROUNDS {
        let w = world();
        let (accept, _) = w.challenge(None, true);
        let (pressed, typed) = w.race(
            (&w.baraka, Act::Press(accept)),
            (&w.baraka, Act::Say(Command::Accept)),
        );
        let game = w.current();
        assert_eq!(game.status, GameStatus::Active, "round {round}");
        assert_eq!(game.ply, 0);
        let (won, lost) = if pressed.ephemeral {
            (&typed, &pressed)
        } else {
            (&pressed, &typed)
        };
        assert!(won.text.contains("Baraka accepts"), "{}", won.text);
        one_won(won, lost, "This challenge was already accepted");
        assert!(lost.text.contains("<#20>"), "it says where: {}", lost.text);
    }
}

#[test]
fn the_same_challenge_sent_twice_at_once_is_stored_once_and_refused_once() {
    for round in 0..ROUNDS {
        let w = world();
        let say = || Act::Say(challenge(&w.baraka).command());
        let (a, b) = w.race((&w.asha, say()), (&w.asha, say()));
        let (won, lost) = if a.ephemeral { (&b, &a) } else { (&a, &b) };
        assert!(
            won.text.contains("challenges"),
            "round {round}: {}",
            won.text
        );
        one_won(won, lost, "is already waiting here");
        let waiting = w.store.games_waiting_in(&GENERAL).expect("store");
        let held = w.store.game_in(&GENERAL).expect("store");
        assert_eq!(
            waiting.len() + usize::from(held.is_some()),
            1,
            "round {round}: one challenge stored"
        );
    }
}

#[test]
fn accept_against_decline_or_withdraw_one_stands() {
    for round in 0..ROUNDS {
        let w = world();
        let (accept, _) = w.challenge(None, true);
        // Odd rounds: Baraka declines by command while pressing Accept; even rounds: Asha
        // withdraws her challenge.
        let no = if round % 2 == 1 { &w.baraka } else { &w.asha };
        let (yes, nay) = w.race(
            (&w.baraka, Act::Press(accept)),
            (no, Act::Say(Command::Decline)),
        );
        let game = w.store.games_in(&GENERAL, 1).expect("store").remove(0);
        match game.status {
            GameStatus::Active => one_won(&yes, &nay, "This challenge was already accepted"),
            GameStatus::Aborted => {
                assert_eq!(game.reason, Some(ResultReason::Declined));
                one_won(&nay, &yes, "This challenge was declined");
            }
            other => panic!("round {round}: {other}"),
        }
    }
}

#[test]
fn accept_as_the_challenge_expires_is_refused_as_expired() {
    for round in 0..ROUNDS {
        let w = world();
        let (accept, _) = w.challenge(None, true);
        w.clock.advance(25 * 3600);
        let barrier = Barrier::new(2);
        let reply = std::thread::scope(|s| {
            let ticker = s.spawn(|| {
                barrier.wait();
                w.app.tick().expect("tick")
            });
            barrier.wait();
            let r = w.act(&w.baraka, &Act::Press(accept));
            ticker.join().expect("ticker");
            r
        });
        let game = w.store.games_in(&GENERAL, 1).expect("store").remove(0);
        assert_eq!(game.status, GameStatus::Aborted, "round {round}");
        assert_eq!(game.reason, Some(ResultReason::Expired));
        assert!(reply.ephemeral, "{}", reply.text);
        assert!(reply.text.contains("expired"), "{}", reply.text);
    }
}

#[test]
fn a_late_move_against_a_timeout_claim_one_stands() {
    for round in 0..ROUNDS {
        let w = world();
        // Asha (South) has moved; Baraka (North) lets his hour pass, then moves as Asha
        // claims.
        let game = w.game(Some("1h"), true, 1);
        w.clock.advance(2 * 3600);
        let (_, mv) = w.first_move();
        let (moved, claimed) = w.race(
            (&w.baraka, Act::Say(mv)),
            (&w.asha, Act::Say(Command::Claim)),
        );
        let game = w.now(&game);
        match game.status {
            GameStatus::Finished => {
                assert_eq!(game.reason, Some(ResultReason::Timeout), "round {round}");
                one_won(&claimed, &moved, "is over");
            }
            GameStatus::Active => {
                assert_eq!(game.ply, 2, "round {round}");
                one_won(&moved, &claimed, "It is your own turn");
            }
            other => panic!("round {round}: {other}"),
        }
    }
}

#[test]
fn two_resignations_at_once_end_the_game_once() {
    for round in 0..ROUNDS {
        let w = world();
        let game = w.game(None, true, 2);
        let (a, b) = w.race(
            (&w.asha, Act::Say(Command::Resign)),
            (&w.baraka, Act::Say(Command::Resign)),
        );
        let game = w.now(&game);
        assert_eq!(game.status, GameStatus::Finished, "round {round}");
        assert_eq!(game.reason, Some(ResultReason::Resignation));
        let (won, lost) = if a.ephemeral { (&b, &a) } else { (&a, &b) };
        one_won(won, lost, "is over");
        assert_eq!(w.store.moves(game.id).expect("moves").len(), 2);
    }
}

#[test]
fn a_draw_accepted_as_the_offerer_resigns_one_stands() {
    for round in 0..ROUNDS {
        let w = world();
        let game = w.game(None, false, 2);
        let offer = w.act(&w.asha, &Act::Say(Command::Draw));
        assert!(!offer.ephemeral, "{}", offer.text);
        let (drawn, resigned) = w.race(
            (&w.baraka, Act::Say(Command::Draw)),
            (&w.asha, Act::Say(Command::Resign)),
        );
        let game = w.now(&game);
        assert_eq!(game.status, GameStatus::Finished, "round {round}");
        match game.reason {
            Some(ResultReason::AgreedDraw) => one_won(&drawn, &resigned, "is over"),
            Some(ResultReason::Resignation) => one_won(&resigned, &drawn, "is over"),
            other => panic!("round {round}: {other:?}"),
        }
    }
}

#[test]
fn abort_against_the_fourth_move_one_stands() {
    for round in 0..ROUNDS {
        let w = world();
        let game = w.game(None, true, 3);
        let (mover, mv) = w.first_move();
        let other = if mover.id == w.asha.id {
            &w.baraka
        } else {
            &w.asha
        };
        let (moved, aborted) = w.race((mover, Act::Say(mv)), (other, Act::Say(Command::Abort)));
        let game = w.now(&game);
        match game.status {
            GameStatus::Aborted => one_won(&aborted, &moved, "is over"),
            GameStatus::Active => {
                assert_eq!(game.ply, 4, "round {round}");
                one_won(&moved, &aborted, "Too late to abort");
            }
            other => panic!("round {round}: {other}"),
        }
    }
}

#[test]
fn a_takeback_answer_as_the_request_lapses_one_stands() {
    for round in 0..ROUNDS {
        let w = world();
        let game = w.game(None, false, 1);
        let ask = w.act(&w.asha, &Act::Say(Command::Takeback));
        assert!(!ask.ephemeral, "{}", ask.text);
        let accept = ask.button_ids()[0].to_string();
        let (_, mv) = w.first_move();
        let (answered, moved) = w.race((&w.baraka, Act::Press(accept)), (&w.baraka, Act::Say(mv)));
        let game = w.now(&game);
        match game.ply {
            // Taken back: Asha is to move again. Baraka's move is not his turn, or (when it
            // had been checked before the takeback landed) it finds the board changed; it
            // is never played on the new board.
            0 if moved.text.contains("board changed") => {
                one_won(&answered, &moved, "here is the new position")
            }
            0 => one_won(&answered, &moved, "It is not your turn"),
            // Moved on: the request lapsed.
            2 => one_won(&moved, &answered, "This takeback request has lapsed"),
            other => panic!("round {round}: ply {other}"),
        }
    }
}

#[test]
fn the_error_count_sees_what_a_watched_thread_logs_and_nothing_else() {
    let errors = Errors::new();
    errors.watch(|| tracing::error!("logged while watched"));
    tracing::error!("logged outside");
    std::thread::scope(|s| {
        s.spawn(|| errors.watch(|| tracing::warn!("only a warning")));
    });
    assert_eq!(errors.count(), 1);
}
