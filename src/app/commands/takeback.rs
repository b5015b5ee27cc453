//! `/bao takeback`: against the AI, the player's last move and the AI's reply are taken
//! back at once. Between people, in an unrated game, it is a request: the player whose move
//! was the last one asks, and the opponent accepts (the move is taken back, one ply) or
//! declines with the request's buttons. A request lapses when the game moves on (the
//! opponent moves, the game ends); one is open at a time. Refused in rated games.
//!
//! The withdrawn moves are kept in the store's takebacks (with who asked), and every request
//! with its outcome, so the game still replays and its history says where moves were taken
//! back.

use crate::i18n::{Msg, Text};
use crate::msg;
use crate::rules::{Position, Side};
use crate::store::{Game, GameId, GameStatus, Player, RequestOutcome, TakebackRequest, UserId};

use crate::app::analysis::against_ai;
use crate::app::buttons::{Action, ButtonId};
use crate::app::refusal::{refuse, Answer};
use crate::app::{shown_board, App, AppError, INVALID_BUTTON};
use crate::app::{Button, ButtonStyle, Effect, Reply, Response, User};

impl App {
    /// `/bao takeback` in `game`.
    pub(in crate::app) fn takeback(&self, user: &User, game: Game) -> Answer {
        if game.status != GameStatus::Active {
            return Err(refuse(msg!("game-takeback-no-game")));
        }
        let Some(side) = game.side_of(user.id) else {
            return Err(refuse(msg!(
                "game-takeback-not-player",
                game = game.id.to_string()
            )));
        };
        if self.is_rated(&game)? {
            return Err(refuse(msg!("game-takeback-rated")));
        }
        if !against_ai(&game) {
            return self.request_takeback(user, game, side);
        }
        let pos: Position = self.position(&game)?;
        // The player's last move, and the AI's reply when it has made one.
        let back = if pos.turn() == side { 2 } else { 1 };
        if game.ply < back {
            return Err(refuse(msg!("game-takeback-no-move")));
        }
        let to_ply = game.ply - back;
        let previous = shown_board(&game);
        let game =
            self.store
                .take_back(game.id, game.ply, to_ply, Some(user.id), self.clock.now())?;
        self.clock_signal
            .ring_for(game.clock.and_then(|c| c.next_due()).map(|(at, _)| at));
        let withdrawn = self
            .store
            .takebacks(game.id)?
            .pop()
            .map(|t| t.moves.join(", "))
            .unwrap_or_default();
        let pos = self.position(&game)?;
        let text = msg!(
            "game-took-back",
            name = Text::name(&user.name),
            moves = withdrawn,
            next = self.side_name(&game, pos.turn())
        );
        let mut reply = self.board_reply_saying(&game, &pos, None, side, text.into())?;
        reply.remove_buttons_of(previous);
        Ok(reply.into())
    }

    /// A takeback request between people by `user`, who plays `side` in the unrated `game`:
    /// posted in the game's place with Accept and Decline buttons for the opponent.
    fn request_takeback(&self, user: &User, game: Game, side: Side) -> Answer {
        let opponent = self.side_name(&game, !side);
        let Some(last) = self.store.last_move(game.id)? else {
            return Err(refuse(msg!("game-takeback-nothing")));
        };
        if last.by != Player::Human(user.id) {
            return Err(refuse(msg!(
                "game-takeback-not-own",
                move = &last.text,
                opponent = &opponent
            )));
        }
        let requests = self.store.takeback_requests(game.id)?;
        let mine = |r: &&TakebackRequest| r.ply == game.ply && r.asked_by == user.id;
        match requests.iter().rev().find(mine).map(|r| r.outcome) {
            Some(RequestOutcome::Open) => {
                return Err(refuse(msg!("game-takeback-asked", opponent = &opponent)))
            }
            Some(RequestOutcome::Declined) => {
                return Err(refuse(msg!(
                    "game-takeback-was-declined",
                    opponent = &opponent,
                    move = &last.text
                )))
            }
            _ => {}
        }
        let now = self.clock.now();
        let request = self
            .store
            .request_takeback(game.id, game.ply, &last.text, user.id, now)?;
        let Some(Player::Human(opponent_id)) = game.player(!side).cloned() else {
            return Err(AppError::Corrupt {
                game: game.id,
                detail: "a game between people without a human opponent".into(),
            }
            .into());
        };
        let mut reply = Reply::public(msg!(
            "game-takeback-request",
            name = Text::name(&user.name),
            move = &last.text,
            opponent = opponent_id.to_string()
        ));
        reply.mention = Some(opponent_id);
        let lang = self.lang_for(user.id, &game.place, false)?;
        let button = |action: Action, label: Msg, style| Button {
            id: ButtonId::new(action, game.id, request.ply).to_string(),
            label: label.render(lang),
            style,
        };
        reply.buttons = vec![vec![
            button(
                Action::TakebackAccept(request.id),
                msg!("game-button-accept-takeback"),
                ButtonStyle::Success,
            ),
            button(
                Action::TakebackDecline(request.id),
                msg!("game-button-decline"),
                ButtonStyle::Danger,
            ),
        ]];
        Ok(reply.into())
    }

    /// The opponent's answer (a button) to takeback request `request`, made on the board
    /// after `ply`.
    pub(in crate::app) fn answer_takeback(
        &self,
        user: &User,
        game: Game,
        ply: u32,
        request: i64,
        accept: bool,
    ) -> Answer {
        let Some(req) = self
            .store
            .takeback_request(request)?
            .filter(|r| r.game == game.id && r.ply == ply)
        else {
            return Err(refuse(INVALID_BUTTON));
        };
        let asker = self.name(Some(&Player::Human(req.asked_by)));
        let Some(side) = game.side_of(user.id) else {
            return Err(refuse(msg!(
                "game-takeback-not-involved",
                asker = &asker,
                game = game.id.to_string()
            )));
        };
        if req.asked_by == user.id {
            return Err(refuse(msg!(
                "game-takeback-own",
                opponent = self.side_name(&game, !side)
            )));
        }
        // From here on the presser is the one who answers: once answered or lapsed, the
        // request's buttons come off.
        let lapsed = |why: Msg| -> Answer {
            Ok(Reply::private(msg!("game-takeback-lapsed", why = why))
                .with(Effect::RetirePressed)
                .into())
        };
        match req.outcome {
            RequestOutcome::Accepted => return lapsed(msg!("game-lapsed-accepted")),
            RequestOutcome::Declined => return lapsed(msg!("game-lapsed-declined")),
            _ if game.status != GameStatus::Active => return lapsed(msg!("game-lapsed-over")),
            RequestOutcome::Lapsed => return lapsed(msg!("game-lapsed-moved")),
            RequestOutcome::Open if game.ply != req.ply => {
                return lapsed(msg!("game-lapsed-moved"))
            }
            RequestOutcome::Open => {}
        }
        let previous = shown_board(&game);
        let now = self.clock.now();
        let game = self.store.answer_takeback(game.id, req.id, accept, now)?;
        self.clock_signal
            .ring_for(game.clock.and_then(|c| c.next_due()).map(|(at, _)| at));
        if !accept {
            return Ok(Reply::public(msg!(
                "game-takeback-declines",
                name = Text::name(&user.name),
                move = &req.mv
            ))
            .with(Effect::RetirePressed)
            .into());
        }
        let pos = self.position(&game)?;
        let trace = self.last_trace(&game)?;
        let text = msg!(
            "game-takeback-accepts",
            name = Text::name(&user.name),
            asker = &asker,
            move = &req.mv
        );
        let mut reply = self.board_reply_saying(&game, &pos, trace, pos.turn(), text.into())?;
        reply.remove_buttons_of(previous);
        reply.effects.push(Effect::RetirePressed);
        let notices = self.turn_notices(&game, &pos);
        Ok(Response { reply, notices })
    }
}

/// The declined takeback requests of a game, for histories, in the order they were made:
/// "Asha asked for ply 3 (`A6 left takata`) back" (said in the reader's language; its
/// `Display` is the English, for the game record).
pub(in crate::app) fn declined_words(app: &App, game: GameId) -> Result<Vec<Text>, AppError> {
    Ok(app
        .store
        .takeback_requests(game)?
        .iter()
        .filter(|r| r.outcome == RequestOutcome::Declined)
        .map(|r| {
            msg!(
                "game-takeback-asked-for",
                name = app.name(Some(&Player::Human(r.asked_by))),
                ply = r.ply,
                move = &r.mv
            )
            .into()
        })
        .collect())
}

/// Who asked for a takeback, for histories: " at Asha's request", or nothing when unknown.
pub(in crate::app) fn asked_words(app: &App, asked_by: Option<UserId>) -> Text {
    match asked_by {
        Some(u) => Text::verbatim(" ").then(msg!(
            "game-at-request",
            name = app.name(Some(&Player::Human(u)))
        )),
        None => Text::new(),
    }
}
