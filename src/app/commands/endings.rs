//! Ending a game: `/bao resign`, `/bao draw`, `/bao abort`, `/bao claim`.

use crate::store::{Game, GameEnd, GameStatus, Player, ResultReason};

use crate::app::buttons::{Action, ButtonId};
use crate::app::refusal::{refuse, Answer};
use crate::app::view::{mention, timestamp};
use crate::app::{shown_board, App};
use crate::app::{Button, ButtonStyle, Reply, Response, User};

use super::moves::over_text;

/// Plies after which a game can no longer be aborted: each side has moved twice.
pub(super) const ABORT_BEFORE_PLY: u32 = 4;

impl App {
    pub(in crate::app) fn resign(&self, user: &User, game: Game) -> Answer {
        let Some(side) = game.side_of(user.id) else {
            return Err(not_yours(&game));
        };
        require_active(
            &game,
            "The game has not started; `/bao abort` withdraws a challenge.",
        )?;
        let winner = !side;
        let end = GameEnd {
            winner: Some(winner),
            reason: ResultReason::Resignation,
        };
        self.finish(user, game, end, &format!("{} resigns.", user.name))
    }

    pub(in crate::app) fn draw(&self, user: &User, game: Game) -> Answer {
        let Some(side) = game.side_of(user.id) else {
            return Err(not_yours(&game));
        };
        require_active(&game, "There is no game running here to draw.")?;
        if game.player(!side).is_some_and(Player::is_ai) {
            return Err(refuse(
                "The AI plays on and does not accept draws; `/bao resign` ends the game.",
            ));
        }
        match game.draw_offered_by {
            Some(s) if s == side => Err(refuse(
                "You have offered a draw already; it stands until the next move.",
            )),
            Some(_) => {
                let end = GameEnd {
                    winner: None,
                    reason: ResultReason::AgreedDraw,
                };
                self.finish(user, game, end, &format!("{} accepts the draw.", user.name))
            }
            None => {
                let game = self.store.offer_draw(game.id, side, self.clock.now())?;
                let opponent = game.player(!side);
                let name = self.side_name(&game, !side);
                let mut reply = Reply::public(format!(
                    "{} offers a draw. {}, accept with `/bao draw` or the button; any move declines it.",
                    user.name,
                    mention(opponent, &name)
                ));
                reply.mention = opponent.and_then(Player::user);
                reply.buttons = vec![vec![Button {
                    id: ButtonId::new(Action::Draw, game.id, game.ply).to_string(),
                    label: "Accept draw".into(),
                    style: ButtonStyle::Success,
                }]];
                Ok(reply.into())
            }
        }
    }

    pub(in crate::app) fn abort(&self, user: &User, game: Game) -> Answer {
        if !game.involves(user.id) {
            return Err(not_yours(&game));
        }
        if !game.status.is_ongoing() {
            return Err(refuse(over_text(&game)));
        }
        if self.store.board_of_game(game.id)?.is_some() {
            return Err(refuse(
                "A tournament game cannot be aborted: `/bao resign` or `/bao draw` instead (or `/bao-tournament withdraw` to leave the event).",
            ));
        }
        if game.status == GameStatus::Active && game.ply >= ABORT_BEFORE_PLY {
            return Err(refuse(
                "Too late to abort: each side has moved twice. `/bao resign` or `/bao draw` instead.",
            ));
        }
        let game = self.store.abort_game(game.id, game.ply, self.clock.now())?;
        let mut reply = Reply::public(format!(
            "{} aborts game {}; no result is recorded.",
            user.name, game.id
        ));
        reply.remove_buttons_of(shown_board(&game));
        Ok(Response {
            reply,
            notices: self.thread_end(&game)?.into_iter().collect(),
        })
    }

    pub(in crate::app) fn claim(&self, user: &User, game: Game) -> Answer {
        let Some(side) = game.side_of(user.id) else {
            return Err(not_yours(&game));
        };
        require_active(&game, "There is no game running here.")?;
        let pos = self.position(&game)?;
        if game.clock.is_some_and(|c| c.control.is_live()) {
            return Err(refuse(
                "On a live clock there is nothing to claim: the bot ends the game as soon as a clock runs out.",
            ));
        }
        let Some(deadline) = game.deadline else {
            return Err(refuse(
                "This game has no time limit, so there is nothing to claim.",
            ));
        };
        if pos.turn() == side {
            return Err(refuse("It is your own turn: move instead of claiming."));
        }
        let now = self.clock.now();
        if now <= deadline {
            return Err(refuse(format!(
                "{} still has time, until {}.",
                self.side_name(&game, pos.turn()),
                timestamp(deadline)
            )));
        }
        let end = GameEnd {
            winner: Some(side),
            reason: ResultReason::Timeout,
        };
        self.finish(
            user,
            game,
            end,
            &format!("{} claims the win on time.", user.name),
        )
    }

    /// Finishes `game` with `end` and shows the final board.
    pub(in crate::app) fn finish(
        &self,
        user: &User,
        game: Game,
        end: GameEnd,
        text: &str,
    ) -> Answer {
        let previous = shown_board(&game);
        let game = self
            .store
            .finish_game(game.id, game.ply, end, self.clock.now())?;
        let pos = self.position(&game)?;
        let viewer = self.viewer(&game, &pos, Some(user));
        let text = match self.ladder_hint(&game)? {
            Some(hint) => format!("{text}\n{hint}"),
            None => text.to_string(),
        };
        let mut reply = self.board_reply(&game, &pos, None, viewer, &text)?;
        reply.remove_buttons_of(previous);
        Ok(Response {
            reply,
            notices: self.thread_end(&game)?.into_iter().collect(),
        })
    }
}

/// Refuses unless `game` is under way: a game that is over says so, a challenge not yet
/// accepted gets `pending`.
pub(super) fn require_active(game: &Game, pending: &str) -> Result<(), crate::app::refusal::Halt> {
    match game.status {
        GameStatus::Active => Ok(()),
        GameStatus::Pending => Err(refuse(pending)),
        GameStatus::Finished | GameStatus::Aborted => Err(refuse(over_text(game))),
    }
}

pub(super) fn not_yours(game: &Game) -> crate::app::refusal::Halt {
    refuse(format!(
        "You are not playing in game {}; only its players can do that.",
        game.id
    ))
}
