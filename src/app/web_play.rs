//! Playing from the game page (issue 47), transport-free: a move, a draw offer or answer, a
//! resignation or a takeback request sent by a player with their play token
//! ([`super::play_link`]), and the legal moves the page draws for them.
//!
//! Each goes through the same app code as its slash command (`/bao move`, `/bao draw`,
//! `/bao resign`, `/bao takeback`), so it is checked and stored exactly as if typed. What
//! the chat would have shown comes back as notices for the game's place
//! ([`PlayAnswer::notices`]): the front end hands them to the same delivery as the clock's
//! notices, so the channel gets its board once, as for a typed move. A move carries a
//! request id, stored with the move in its transaction: the same request again stores
//! nothing and is answered as the first time. Whether a move was stored is always read
//! back from the store, never guessed.

use serde::Serialize;

use crate::i18n::{words, Lang, Msg, Text};
use crate::msg;
use crate::rules::Side;
use crate::store::{Game, GameStatus, MoveRequest, StoredRequest, REQUEST_ID_MAX};

use super::refusal::Halt;
use super::web_view::{marks_of, Marks};
use super::{App, AppError, Destination, GameId, Notice, Response, User};

/// What a player asks from the game page besides a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlayAction {
    /// Offer a draw, or accept the opponent's offer (`/bao draw`).
    Draw,
    /// Resign (`/bao resign`; the page confirms first).
    Resign,
    /// Ask to take back the last move (`/bao takeback`).
    Takeback,
    /// Decline the opponent's draw offer (the chat is told).
    Decline,
}

impl PlayAction {
    /// The action named `name` (`draw`, `resign`, `takeback`).
    pub fn parse(name: &str) -> Option<PlayAction> {
        match name {
            "draw" => Some(PlayAction::Draw),
            "resign" => Some(PlayAction::Resign),
            "takeback" => Some(PlayAction::Takeback),
            "decline" => Some(PlayAction::Decline),
            _ => None,
        }
    }
}

/// A request from the game page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlayRequest {
    /// Play a move.
    Move {
        /// The move in notation (as `bao-bot moves` prints it, or as typed).
        text: String,
        /// The plies played when it was chosen.
        ply: u32,
        /// The page's id for the request (the same id again stores nothing twice).
        request: String,
    },
    /// Anything else, chosen at `ply`.
    Act {
        /// What.
        action: PlayAction,
        /// The plies played when it was chosen.
        ply: u32,
    },
}

/// How a play request ended, for the front end's status code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum PlayOutcome {
    /// Done (or done before, for a repeated request).
    Done,
    /// The token does not let its holder play this game, or it is not their turn.
    Forbidden,
    /// The request itself is wrong (a bad request id, a ply ahead of the game).
    BadRequest,
    /// The game moved on since it was chosen: [`PlayReply::happened`] says how.
    Stale,
    /// Refused by the game (an illegal or unreadable move, a finished game, a request id
    /// used for another move, an action not allowed now).
    Refused,
}

/// The JSON answer the page gets.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlayReply {
    /// Whether it was done.
    pub ok: bool,
    /// How it ended.
    pub outcome: PlayOutcome,
    /// The plies played now (after the move, for a move done).
    pub ply: u32,
    /// The stored move's canonical text, for a move done.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub played: Option<String>,
    /// What the bot says about it, in the page's language (the refusal, or the chat's
    /// words for an action done).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub words: Option<String>,
    /// For a stale request: the moves played since, in words (`Baraka played a5 right
    /// capture`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub happened: Vec<String>,
}

/// The answer to a play request: the page's JSON and the chat's messages.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayAnswer {
    /// What the page gets.
    pub reply: PlayReply,
    /// What the chat gets, exactly as for the same command typed: the game's board in its
    /// place, turn notices, results. Empty when nothing was done.
    pub notices: Vec<Notice>,
}

/// One legal move as the page draws it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlayMove {
    /// Its canonical notation, exactly the line `bao-bot moves POSITION` prints.
    #[serde(rename = "move")]
    pub notation: String,
    /// What it does, in the page's language.
    pub words: String,
    /// The move in the page's language (`A4 kushoto kula`), as the move list says it.
    pub said: String,
    /// The pits its picture would mark once played (start, captures, kichwa, end).
    pub marks: Marks,
    /// The way its first seeds go: `R` toward pit 8, `L` toward pit 1.
    pub way: char,
    /// Whether it ends the move in the owned nyumba (`stop`) or sows it on (`use`, safari).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub house: Option<&'static str>,
}

/// The legal moves starting from one pit.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PitMoves {
    /// The pit (`A4`), as the board's `data-pit`.
    pub pit: String,
    /// Its moves.
    pub moves: Vec<PlayMove>,
}

/// `play.json`: what the token's holder may do now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlayState {
    /// The plies played.
    pub ply: u32,
    /// The holder's side, `S` or `N`.
    pub side: &'static str,
    /// The side to move, `S` or `N`.
    pub to_move: &'static str,
    /// `active`, `finished` or `aborted`.
    pub status: &'static str,
    /// Whether the holder is to move (the game under way).
    pub your_turn: bool,
    /// The holder's `/bao prefs one-tap`: play a pit's only move without confirming.
    pub one_tap: bool,
    /// Whether a draw offer of the opponent is open (the page offers to accept it).
    pub draw_offered: bool,
    /// On the holder's turn, the legal moves grouped by starting pit; empty otherwise.
    pub pits: Vec<PitMoves>,
}

fn side_code(side: Side) -> &'static str {
    match side {
        Side::South => "S",
        Side::North => "N",
    }
}

fn status_code(status: GameStatus) -> &'static str {
    match status {
        GameStatus::Pending => "pending",
        GameStatus::Active => "active",
        GameStatus::Finished => "finished",
        GameStatus::Aborted => "aborted",
    }
}

/// A request id the page may send: 1 to [`REQUEST_ID_MAX`] letters, digits, `-` or `_`.
fn valid_request_id(id: &str) -> bool {
    !id.is_empty()
        && id.len() <= REQUEST_ID_MAX
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// A move's text compared loosely (case and spacing), to tell a repeated request from a
/// request id reused for another move.
fn same_move(a: &str, b: &str) -> bool {
    let norm = |s: &str| {
        s.split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .to_lowercase()
    };
    norm(a) == norm(b)
}

impl PlayReply {
    fn refused(outcome: PlayOutcome, ply: u32, words: String) -> PlayReply {
        PlayReply {
            ok: false,
            outcome,
            ply,
            played: None,
            words: Some(words),
            happened: Vec::new(),
        }
    }
}

impl PlayAnswer {
    fn refused(outcome: PlayOutcome, ply: u32, words: Msg, lang: Lang) -> PlayAnswer {
        PlayAnswer {
            reply: PlayReply::refused(outcome, ply, words.render(lang)),
            notices: Vec::new(),
        }
    }
}

impl App {
    /// The game `id` and who its play `token` belongs to, or `None` (an unknown game, a
    /// forged, revoked or other game's token: all alike, so nothing tells a private game
    /// exists).
    fn play_holder(&self, id: i64, token: &str) -> Result<Option<(Game, User, Side)>, AppError> {
        if id <= 0 || token.is_empty() || token.len() > 64 {
            return Ok(None);
        }
        let Some(game) = self.store.game(GameId(id))? else {
            return Ok(None);
        };
        if game.status == GameStatus::Pending {
            return Ok(None);
        }
        let Some(owner) = self.play_token_owner(&game, token)? else {
            return Ok(None);
        };
        let user = User {
            id: owner.user,
            // A person's display name reads the same in every language.
            name: self.side_name(&game, owner.side).render(Lang::En),
            bot: false,
        };
        Ok(Some((game, user, owner.side)))
    }

    /// What the holder of play `token` may do now in game `id` (`play.json`), said in
    /// `asked` or the holder's language; `None` when the token lets no one play it.
    pub fn web_play_state(
        &self,
        id: i64,
        token: &str,
        asked: Option<Lang>,
    ) -> Result<Option<PlayState>, AppError> {
        let Some((game, user, side)) = self.play_holder(id, token)? else {
            return Ok(None);
        };
        let lang = match asked {
            Some(l) => l,
            None => self.lang_of(user.id, &game.place)?,
        };
        let pos = self.position(&game)?;
        let your_turn = game.status == GameStatus::Active && pos.turn() == side;
        let mut pits: Vec<PitMoves> = Vec::new();
        if your_turn {
            for mv in pos.legal_moves() {
                let Ok((_, trace)) = pos.play(&mv) else {
                    continue;
                };
                let pit = mv.pit.to_string();
                let entry = PlayMove {
                    notation: mv.to_string(),
                    words: words::describe(&trace).render(lang),
                    said: words::move_words(lang).say(&mv),
                    marks: marks_of(&trace),
                    way: first_way(&trace),
                    house: mv.house.map(|h| h.word()),
                };
                match pits.iter_mut().find(|p| p.pit == pit) {
                    Some(p) => p.moves.push(entry),
                    None => pits.push(PitMoves {
                        pit,
                        moves: vec![entry],
                    }),
                }
            }
        }
        Ok(Some(PlayState {
            ply: game.ply,
            side: side_code(side),
            to_move: side_code(pos.turn()),
            status: status_code(game.status),
            your_turn,
            one_tap: self.store.one_tap(user.id)?,
            draw_offered: game.draw_offered_by == Some(!side),
            pits,
        }))
    }

    /// Answers a request from the game page by the holder of play `token` in game `id`,
    /// in `asked` or the holder's language (see the module's documentation).
    pub fn web_play(
        &self,
        id: i64,
        token: &str,
        asked: Option<Lang>,
        request: PlayRequest,
    ) -> Result<PlayAnswer, AppError> {
        let Some((game, user, side)) = self.play_holder(id, token)? else {
            let lang = asked.unwrap_or_default();
            return Ok(PlayAnswer::refused(
                PlayOutcome::Forbidden,
                0,
                msg!("play-refused-token"),
                lang,
            ));
        };
        let lang = match asked {
            Some(l) => l,
            None => self.lang_of(user.id, &game.place)?,
        };
        self.store
            .upsert_player(user.id, &user.name, self.clock.now())?;
        match request {
            PlayRequest::Move { text, ply, request } => {
                self.web_move(game, &user, side, lang, &text, ply, request)
            }
            PlayRequest::Act { action, ply } => self.web_act(game, &user, lang, action, ply),
        }
    }

    /// A move from the page (see [`App::web_play`]).
    #[allow(clippy::too_many_arguments)]
    fn web_move(
        &self,
        game: Game,
        user: &User,
        side: Side,
        lang: Lang,
        text: &str,
        ply: u32,
        request: String,
    ) -> Result<PlayAnswer, AppError> {
        if !valid_request_id(&request) {
            return Ok(PlayAnswer::refused(
                PlayOutcome::BadRequest,
                game.ply,
                msg!("play-refused-request-id", max = REQUEST_ID_MAX),
                lang,
            ));
        }
        // The same request again: answered from what the first one stored.
        if let Some(done) = self.store.move_request(game.id, &request)? {
            return Ok(self.repeated(&game, user, lang, text, ply, &done));
        }
        if let Some(early) = self.before_acting(&game, lang, ply)? {
            return Ok(early);
        }
        let pos = self.position(&game)?;
        if pos.turn() != side {
            return Ok(PlayAnswer::refused(
                PlayOutcome::Forbidden,
                game.ply,
                msg!(
                    "game-move-not-turn",
                    name = self.side_name(&game, pos.turn()),
                    side = words::side(pos.turn())
                ),
                lang,
            ));
        }
        let asked = MoveRequest {
            id: request.clone(),
            user: user.id,
        };
        let arrived = self.clock.now_ms();
        let place = game.place;
        let answer =
            self.play_move_requested(user, game.clone(), text, arrived, &|_| {}, Some(&asked));
        let response = self.settled(answer)?;
        // Stored or not is read back from the store.
        match self.store.move_request(game.id, &request)? {
            Some(done) if done.user == user.id && done.ply == ply => {
                let response = self.localise(user.id, &place, response)?;
                Ok(PlayAnswer {
                    reply: done_reply(&done),
                    notices: chat_notices(response, &game, user),
                })
            }
            Some(done) => Ok(self.repeated(&game, user, lang, text, ply, &done)),
            None => {
                let now = self.store.game(game.id)?.unwrap_or(game);
                if let Some(early) = self.before_acting(&now, lang, ply)? {
                    return Ok(early);
                }
                let words = response.reply.text.render(lang);
                Ok(PlayAnswer {
                    reply: PlayReply::refused(PlayOutcome::Refused, now.ply, words),
                    notices: Vec::new(),
                })
            }
        }
    }

    /// The answer to a request id already stored: the first answer again when it is the
    /// same request, else a refusal (the id was used for another move).
    fn repeated(
        &self,
        game: &Game,
        user: &User,
        lang: Lang,
        text: &str,
        ply: u32,
        done: &StoredRequest,
    ) -> PlayAnswer {
        if done.user == user.id && done.ply == ply && same_move(&done.text, text) {
            return PlayAnswer {
                reply: done_reply(done),
                notices: Vec::new(),
            };
        }
        PlayAnswer::refused(
            PlayOutcome::Refused,
            game.ply,
            msg!(
                "play-refused-request-reused",
                ply = done.ply,
                move = done.text.clone()
            ),
            lang,
        )
    }

    /// The refusal of a request chosen at `ply` before anything is tried: the game is over,
    /// it moved on since (with what happened), or `ply` is ahead of it.
    fn before_acting(
        &self,
        game: &Game,
        lang: Lang,
        ply: u32,
    ) -> Result<Option<PlayAnswer>, AppError> {
        if ply > game.ply {
            return Ok(Some(PlayAnswer::refused(
                PlayOutcome::BadRequest,
                game.ply,
                msg!("play-refused-ply-ahead", ply = ply, now = game.ply),
                lang,
            )));
        }
        if ply < game.ply {
            let happened: Vec<String> = self
                .store
                .moves(game.id)?
                .iter()
                .filter(|m| m.ply > ply)
                .map(|m| {
                    let name = Side::ALL
                        .into_iter()
                        .find(|s| game.player(*s) == Some(&m.by))
                        .map(|s| self.side_name(game, s))
                        .unwrap_or_default();
                    msg!("play-happened-move", name = name, move = m.text.clone()).render(lang)
                })
                .collect();
            let mut said = Text::from(msg!(
                "play-refused-stale",
                happened = happened.join("; "),
                ply = game.ply
            ));
            if !game.status.is_ongoing() {
                said.line(msg!("play-refused-over", game = game.id.to_string()));
            }
            return Ok(Some(PlayAnswer {
                reply: PlayReply {
                    happened,
                    ..PlayReply::refused(PlayOutcome::Stale, game.ply, said.render(lang))
                },
                notices: Vec::new(),
            }));
        }
        if game.status != GameStatus::Active {
            return Ok(Some(PlayAnswer::refused(
                PlayOutcome::Refused,
                game.ply,
                msg!("play-refused-over", game = game.id.to_string()),
                lang,
            )));
        }
        Ok(None)
    }

    /// A draw offer or answer, a resignation or a takeback request from the page, through
    /// its slash command's code.
    fn web_act(
        &self,
        game: Game,
        user: &User,
        lang: Lang,
        action: PlayAction,
        ply: u32,
    ) -> Result<PlayAnswer, AppError> {
        if let Some(early) = self.before_acting(&game, lang, ply)? {
            return Ok(early);
        }
        let place = game.place;
        let answer = match action {
            PlayAction::Draw => self.draw(user, game.clone()),
            PlayAction::Resign => self.resign(user, game.clone()),
            PlayAction::Takeback => self.takeback(user, game.clone()),
            PlayAction::Decline => self.decline_draw(user, game.clone()),
        };
        let done = answer.is_ok();
        let response = self.settled(answer)?;
        let now = self.store.game(game.id)?.unwrap_or_else(|| game.clone());
        if !done {
            if let Some(early) = self.before_acting(&now, lang, ply)? {
                return Ok(early);
            }
            let words = response.reply.text.render(lang);
            return Ok(PlayAnswer {
                reply: PlayReply::refused(PlayOutcome::Refused, now.ply, words),
                notices: Vec::new(),
            });
        }
        let response = self.localise(user.id, &place, response)?;
        let words = response.reply.text.render(lang);
        Ok(PlayAnswer {
            reply: PlayReply {
                ok: true,
                outcome: PlayOutcome::Done,
                ply: now.ply,
                played: None,
                words: Some(words),
                happened: Vec::new(),
            },
            notices: chat_notices(response, &now, user),
        })
    }

    /// The response of an app path, with its refusal as the response it carries; a lost
    /// race as nothing (the caller reads the store again); a fault as the error.
    fn settled(&self, answer: Result<Response, Halt>) -> Result<Response, AppError> {
        match answer {
            Ok(r) => Ok(r),
            Err(Halt::Refused(r)) => Ok(*r),
            Err(Halt::Stale(e)) => {
                tracing::debug!("a play from the page lost a race: {e}");
                Ok(Response::default())
            }
            Err(Halt::Failed(e)) => Err(e),
        }
    }
}

/// The way the first seeds of `trace` go (`R` toward pit 8, `L` toward pit 1): the first
/// sowing's, or the first captured seeds'.
fn first_way(trace: &crate::rules::Trace) -> char {
    use crate::rules::{Direction, Step};
    let first = trace.steps.iter().find_map(|s| match *s {
        Step::Lift { direction, .. } | Step::Capture { direction, .. } => Some(direction),
        _ => None,
    });
    if first == Some(Direction::Left) {
        'L'
    } else {
        'R'
    }
}

/// The page's answer to a move stored by `done`.
fn done_reply(done: &StoredRequest) -> PlayReply {
    PlayReply {
        ok: true,
        outcome: PlayOutcome::Done,
        ply: done.ply + 1,
        played: Some(done.text.clone()),
        words: None,
        happened: Vec::new(),
    }
}

/// What the chat gets from a command done from the page: its public answer posted in the
/// game's place (as the typed command's answer would be), then its notices. A private
/// answer is for the page alone.
pub(super) fn chat_notices(response: Response, game: &Game, user: &User) -> Vec<Notice> {
    let Response { reply, notices } = response;
    let mut out = Vec::with_capacity(notices.len() + 1);
    if !reply.ephemeral && !reply.is_empty() {
        out.push(Notice {
            to: Destination::Place(game.place),
            user: user.id,
            game: game.id,
            reply,
        });
    }
    out.extend(notices);
    out
}
