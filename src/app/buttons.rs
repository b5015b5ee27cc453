//! Button ids: what the app writes on its buttons, and how a press is read back.
//!
//! Every id has the form `bao:<action>:<game>:<ply>[:<arg>]`: the action, the game it acts
//! on, and the ply of the board it was shown under; only a move button (its move) and a
//! takeback answer (the request's number) have the fifth field. A lesson's buttons
//! (`lm`, `lshow`, `lnext`) act on no game: their game field holds the token of the lesson
//! task they were shown under, and their ply is 0. A puzzle's buttons (`pm`, `pnext`)
//! carry the attempt's token and the solution index they were shown at; the daily post's
//! (`pday`) carries the day.
//! Reading is strict: every field must be present and well formed (digits only, the game id
//! positive, the move a readable move), or the press is answered "this button is not valid".
//!
//! A press does not act by itself: [`ButtonId::command`] turns it into the very [`Command`] its
//! slash command would be, and [`super::App::press`] runs that command through the same path
//! as [`super::App::handle`] (the same lookups, privacy and player checks), after one more
//! check of its own, [`ButtonId::command_for`]: that the button still fits the game, as its
//! kind ([`Freshness`]) says.
//!
//! To add a button: add an [`Action`] variant, its name in [`Action::name`] and
//! [`ButtonId::from_str`], the command it stands for in [`ButtonId::command`], and how it
//! goes out of date in [`Action::freshness`].

use std::fmt;
use std::str::FromStr;

use crate::rules::MoveSpec;
use crate::store::Game;
use crate::vocab::GameId;

use super::types::{Command, LessonPress, PuzzlePress};
use super::{TournamentAction, TournamentAsk};

/// What every button id starts with.
pub const PREFIX: &str = "bao";
/// Longest button id Discord accepts.
pub const MAX_LEN: usize = 100;

/// What a button asks for.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Action {
    /// Play this move (its text, as [`crate::rules::Move`] writes it): `/bao move`.
    Move(String),
    /// The legal moves in words: `/bao moves`.
    Moves,
    /// Offer or accept a draw: `/bao draw`.
    Draw,
    /// Decline the opponent's draw offer: `/bao draw decline:true`.
    DeclineDraw,
    /// Accept the challenge: `/bao accept`.
    Accept,
    /// Decline (or withdraw) the challenge: `/bao decline`.
    Decline,
    /// The board after the button's ply, privately (under an analysis; never out of date).
    BoardAt,
    /// Accept takeback request number `.0` (the opponent only).
    TakebackAccept(i64),
    /// Decline takeback request number `.0` (the opponent only).
    TakebackDecline(i64),
    /// Answer a lesson's task with this move (the id's game field holds the task's token).
    LessonMove(String),
    /// Show an example answer of a lesson's task.
    LessonShow,
    /// Go on to the lesson's next task.
    LessonNext,
    /// Play this move in a puzzle (the id's game field holds the attempt's token, its ply
    /// the solution index the board was shown at).
    PuzzleMove(String),
    /// Another puzzle.
    PuzzleNext,
    /// Solve the puzzle of the day (the id's game field holds the day's number).
    PuzzleDaily,
    /// Join the event (the id's game field holds the event's id).
    EventJoin,
    /// Leave the event (before its start).
    EventLeave,
}

impl Action {
    /// The action's name in the id.
    pub fn name(&self) -> &'static str {
        match self {
            Action::Move(_) => "m",
            Action::Moves => "moves",
            Action::Draw => "draw",
            Action::DeclineDraw => "nodraw",
            Action::Accept => "accept",
            Action::Decline => "decline",
            Action::BoardAt => "at",
            Action::TakebackAccept(_) => "tbaccept",
            Action::TakebackDecline(_) => "tbdecline",
            Action::LessonMove(_) => "lm",
            Action::LessonShow => "lshow",
            Action::LessonNext => "lnext",
            Action::PuzzleMove(_) => "pm",
            Action::PuzzleNext => "pnext",
            Action::PuzzleDaily => "pday",
            Action::EventJoin => "tjoin",
            Action::EventLeave => "tleave",
        }
    }
}

/// How a pressed button goes out of date: what [`ButtonId::command_for`] checks against the
/// game before the press acts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Freshness {
    /// It acts on the board it sits under: the game must still be at the button's ply, and
    /// not over.
    Board,
    /// It answers a challenge (made at ply 0): the ply must still match, so an old or forged
    /// id changes nothing; a challenge no longer waiting is answered by what became of it.
    Challenge,
    /// It shows a past board: never out of date.
    Past,
    /// It answers a takeback request: the request itself (its number and ply) is checked by
    /// the answer, which says how it lapsed.
    Request,
    /// It sits under a lesson's task: its token (in the id's game field) must be the
    /// presser's own current task, checked by the lesson (`commands/learn.rs`); an old
    /// task's or someone else's button is refused privately.
    Lesson,
    /// It sits under a puzzle: its token must be the presser's open attempt, at the
    /// button's step, checked by the puzzle (`commands/puzzle.rs`).
    Puzzle,
    /// It sits under an event's announcement: the event (in the id's game field) must be
    /// this channel's and still in sign-up, checked by `commands/tournament.rs`; a button
    /// of an event started or over, or of another channel, is refused privately.
    Event,
}

impl Action {
    /// How a button of this kind goes out of date.
    pub fn freshness(&self) -> Freshness {
        match self {
            Action::Move(_) | Action::Moves | Action::Draw | Action::DeclineDraw => {
                Freshness::Board
            }
            Action::Accept | Action::Decline => Freshness::Challenge,
            Action::BoardAt => Freshness::Past,
            Action::TakebackAccept(_) | Action::TakebackDecline(_) => Freshness::Request,
            Action::LessonMove(_) | Action::LessonShow | Action::LessonNext => Freshness::Lesson,
            Action::PuzzleMove(_) | Action::PuzzleNext | Action::PuzzleDaily => Freshness::Puzzle,
            Action::EventJoin | Action::EventLeave => Freshness::Event,
        }
    }
}

/// A press on a board that is no longer the game's: the presser is shown the current one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the board this button was pressed on is out of date")]
pub struct Stale;

/// A button's id, read or to be written.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ButtonId {
    /// What it asks for.
    pub action: Action,
    /// The game it acts on.
    pub game: GameId,
    /// The ply of the board it sits under (0 for a challenge).
    pub ply: u32,
}

/// Why a button id was refused (the user is told only that the button is not valid).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("not a valid button id: {0}")]
pub struct InvalidButton(pub &'static str);

impl ButtonId {
    /// The button for `action` in `game` at `ply`.
    pub fn new(action: Action, game: GameId, ply: u32) -> ButtonId {
        ButtonId { action, game, ply }
    }

    /// A puzzle button's command: its token and step, and `press`.
    fn puzzle(&self, press: PuzzlePress) -> Command {
        Command::PuzzleButton {
            token: self.game.0,
            step: self.ply,
            press,
        }
    }

    /// The command this button stands for; its game is the button's (the caller also checks
    /// the ply).
    pub fn command(&self) -> Command {
        let game = Some(self.game);
        match &self.action {
            Action::Move(text) => Command::Move {
                text: text.clone(),
                game,
            },
            Action::Moves => Command::Moves,
            Action::Draw => Command::Draw,
            Action::DeclineDraw => Command::DeclineDraw,
            Action::Accept => Command::Accept,
            Action::Decline => Command::Decline,
            Action::BoardAt => Command::BoardAt {
                game: self.game,
                ply: self.ply,
            },
            Action::TakebackAccept(request) | Action::TakebackDecline(request) => {
                Command::AnswerTakeback {
                    game: self.game,
                    ply: self.ply,
                    request: *request,
                    accept: matches!(self.action, Action::TakebackAccept(_)),
                }
            }
            Action::LessonMove(text) => Command::LessonButton {
                token: self.game.0,
                press: LessonPress::Move(text.clone()),
            },
            Action::LessonShow => Command::LessonButton {
                token: self.game.0,
                press: LessonPress::Show,
            },
            Action::LessonNext => Command::LessonButton {
                token: self.game.0,
                press: LessonPress::Next,
            },
            Action::PuzzleMove(text) => self.puzzle(PuzzlePress::Move(text.clone())),
            Action::PuzzleNext => self.puzzle(PuzzlePress::Next),
            Action::PuzzleDaily => self.puzzle(PuzzlePress::Daily),
            Action::EventJoin | Action::EventLeave => Command::Tournament(TournamentAsk {
                action: if self.action == Action::EventJoin {
                    TournamentAction::Join
                } else {
                    TournamentAction::Leave
                },
                event: Some(self.game.0),
                manage_server: false,
            }),
        }
    }
}

impl ButtonId {
    /// The command this press stands for, if the button still fits `game` (the game the
    /// button names, as it is now); [`Stale`] when the board it was pressed on is out of date.
    pub fn command_for(&self, game: &Game) -> Result<Command, Stale> {
        let fresh = match self.action.freshness() {
            Freshness::Board => self.ply == game.ply && game.status.is_ongoing(),
            Freshness::Challenge => self.ply == game.ply,
            Freshness::Past
            | Freshness::Request
            | Freshness::Lesson
            | Freshness::Puzzle
            | Freshness::Event => true,
        };
        if fresh {
            Ok(self.command())
        } else {
            Err(Stale)
        }
    }
}

impl fmt::Display for ButtonId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{PREFIX}:{}:{}:{}",
            self.action.name(),
            self.game,
            self.ply
        )?;
        match &self.action {
            Action::Move(text) | Action::LessonMove(text) | Action::PuzzleMove(text) => {
                write!(f, ":{text}")?
            }
            Action::TakebackAccept(n) | Action::TakebackDecline(n) => write!(f, ":{n}")?,
            _ => {}
        }
        Ok(())
    }
}

/// Reads a field of ASCII digits only (no sign, no spaces, not empty).
fn digits<T: FromStr>(field: Option<&str>, what: &'static str) -> Result<T, InvalidButton> {
    match field {
        Some(f) if !f.is_empty() && f.bytes().all(|b| b.is_ascii_digit()) => {
            f.parse().map_err(|_| InvalidButton(what))
        }
        _ => Err(InvalidButton(what)),
    }
}

impl FromStr for ButtonId {
    type Err = InvalidButton;

    fn from_str(id: &str) -> Result<ButtonId, InvalidButton> {
        if id.len() > MAX_LEN {
            return Err(InvalidButton("too long"));
        }
        let mut fields = id.splitn(5, ':');
        if fields.next() != Some(PREFIX) {
            return Err(InvalidButton("not a bao button"));
        }
        let action = fields.next().ok_or(InvalidButton("no action"))?;
        let game: i64 = digits(fields.next(), "game")?;
        if game <= 0 {
            return Err(InvalidButton("game"));
        }
        let ply: u32 = digits(fields.next(), "ply")?;
        let arg = fields.next();
        let action = match (action, arg) {
            ("m" | "lm" | "pm", Some(text)) => {
                let trimmed = text.trim();
                if trimmed.is_empty() || trimmed != text || text.parse::<MoveSpec>().is_err() {
                    return Err(InvalidButton("move"));
                }
                match action {
                    "m" => Action::Move(text.to_string()),
                    "lm" => Action::LessonMove(text.to_string()),
                    _ => Action::PuzzleMove(text.to_string()),
                }
            }
            ("m" | "lm" | "pm", None) => return Err(InvalidButton("move")),
            ("tbaccept" | "tbdecline", arg) => {
                let request: i64 = digits(arg, "request")?;
                if request <= 0 {
                    return Err(InvalidButton("request"));
                }
                if action == "tbaccept" {
                    Action::TakebackAccept(request)
                } else {
                    Action::TakebackDecline(request)
                }
            }
            (_, Some(_)) => return Err(InvalidButton("extra field")),
            ("moves", None) => Action::Moves,
            ("draw", None) => Action::Draw,
            ("nodraw", None) => Action::DeclineDraw,
            ("accept", None) => Action::Accept,
            ("decline", None) => Action::Decline,
            ("at", None) => Action::BoardAt,
            ("lshow", None) => Action::LessonShow,
            ("lnext", None) => Action::LessonNext,
            ("pnext", None) => Action::PuzzleNext,
            ("pday", None) => Action::PuzzleDaily,
            ("tjoin", None) => Action::EventJoin,
            ("tleave", None) => Action::EventLeave,
            _ => return Err(InvalidButton("action")),
        };
        Ok(ButtonId {
            action,
            game: GameId(game),
            ply,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_read_back_what_was_written() {
        for action in [
            Action::Move("A6 left takata".into()),
            Action::Moves,
            Action::Draw,
            Action::DeclineDraw,
            Action::Accept,
            Action::Decline,
            Action::BoardAt,
            Action::TakebackAccept(3),
            Action::TakebackDecline(41),
            Action::LessonMove("A3 right capture enter-left".into()),
            Action::LessonShow,
            Action::LessonNext,
            Action::PuzzleMove("A3 right capture".into()),
            Action::PuzzleNext,
            Action::PuzzleDaily,
        ] {
            let b = ButtonId::new(action, GameId(12), 7);
            let id = b.to_string();
            assert!(id.len() <= MAX_LEN);
            assert_eq!(id.parse::<ButtonId>(), Ok(b), "{id}");
        }
        assert_eq!(
            ButtonId::new(Action::Move("a3 right".into()), GameId(4), 0).to_string(),
            "bao:m:4:0:a3 right"
        );
    }

    #[test]
    fn every_field_must_be_present_and_valid() {
        for bad in [
            "",
            "bao",
            "bao:m",
            "bao:m:12",
            "bao:m:12:3",
            "bao:m:12::A6 left takata",
            "bao:m::3:A6 left",
            "bao:m:12:3:",
            "bao:m:12:3: A6 left",
            "bao:m:12:3:fly away",
            "bao:m:-12:3:A6 left",
            "bao:m:0:3:A6 left",
            "bao:m:+12:3:A6 left",
            "bao:m:12:-3:A6 left",
            "bao:m:12:99999999999:A6 left",
            "bao:m:99999999999999999999:3:A6 left",
            "bao:moves:12",
            "bao:moves:12:x",
            "bao:moves:12:3:extra",
            "bao:accept:12",
            "bao:board:12:3",
            "bao:gone:9:1",
            "BAO:draw:12:3",
            "other:draw:12:3",
            "bao:draw: 12:3",
            "bao:tbaccept:12:3",
            "bao:tbaccept:12:3:",
            "bao:tbaccept:12:3:0",
            "bao:tbaccept:12:3:-1",
            "bao:tbaccept:12:3:+1",
            "bao:tbdecline:12:3:x",
            "bao:tbdecline:12:3:1:2",
            "bao:tbaccept:12:3:99999999999999999999",
        ] {
            assert!(bad.parse::<ButtonId>().is_err(), "`{bad}` was accepted");
        }
        let long = format!("bao:m:1:1:A6 left{}", " ".repeat(100));
        assert!(long.parse::<ButtonId>().is_err());
    }

    #[test]
    fn a_button_is_its_slash_command_on_its_game() {
        let b: ButtonId = "bao:m:12:3:A6 left".parse().unwrap();
        assert_eq!(
            b.command(),
            Command::Move {
                text: "A6 left".into(),
                game: Some(GameId(12))
            }
        );
        let t: ButtonId = "bao:tbdecline:12:7:3".parse().unwrap();
        assert_eq!(
            t.command(),
            Command::AnswerTakeback {
                game: GameId(12),
                ply: 7,
                request: 3,
                accept: false
            }
        );
        let d: ButtonId = "bao:draw:12:3".parse().unwrap();
        assert_eq!((d.command(), d.game, d.ply), (Command::Draw, GameId(12), 3));
    }
}
