//! Ending a game: `/bao resign`, `/bao draw`, `/bao abort`, `/bao claim`.

use crate::i18n::Text;
use crate::msg;
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
        require_active(&game, msg!("game-resign-pending"))?;
        let winner = !side;
        let end = GameEnd {
            winner: Some(winner),
            reason: ResultReason::Resignation,
        };
        self.finish(
            user,
            game,
            end,
            msg!("game-resigns", name = Text::name(&user.name)),
        )
    }

    pub(in crate::app) fn draw(&self, user: &User, game: Game) -> Answer {
        let Some(side) = game.side_of(user.id) else {
            return Err(not_yours(&game));
        };
        require_active(&game, msg!("game-draw-no-game"))?;
        if game.player(!side).is_some_and(Player::is_ai) {
            return Err(refuse(msg!("game-draw-ai")));
        }
        match game.draw_offered_by {
            Some(s) if s == side => Err(refuse(msg!("game-draw-already"))),
            Some(_) => {
                let end = GameEnd {
                    winner: None,
                    reason: ResultReason::AgreedDraw,
                };
                self.finish(
                    user,
                    game,
                    end,
                    msg!("game-draw-accepted", name = Text::name(&user.name)),
                )
            }
            None => {
                let game = self.store.offer_draw(game.id, side, self.clock.now())?;
                let opponent = game.player(!side);
                let name = self.side_name(&game, !side);
                let mut reply = Reply::public(msg!(
                    "game-draw-offer",
                    name = Text::name(&user.name),
                    opponent = mention(opponent, &name)
                ));
                let lang = self.lang_for(user.id, &game.place, false)?;
                reply.mention = opponent.and_then(Player::user);
                reply.buttons = vec![vec![
                    Button {
                        id: ButtonId::new(Action::Draw, game.id, game.ply).to_string(),
                        label: msg!("game-button-accept-draw").render(lang),
                        style: ButtonStyle::Success,
                    },
                    Button {
                        id: ButtonId::new(Action::DeclineDraw, game.id, game.ply).to_string(),
                        label: msg!("game-button-decline-draw").render(lang),
                        style: ButtonStyle::Danger,
                    },
                ]];
                Ok(reply.into())
            }
        }
    }

    /// Declines the opponent's standing draw offer (`/bao draw decline:true`, the offer's
    /// Decline button, the game page): the offer is withdrawn and the chat is told, the
    /// offerer named.
    pub(in crate::app) fn decline_draw(&self, user: &User, game: Game) -> Answer {
        let Some(side) = game.side_of(user.id) else {
            return Err(not_yours(&game));
        };
        require_active(&game, msg!("game-draw-no-game"))?;
        if game.draw_offered_by != Some(!side) {
            return Err(refuse(msg!("game-draw-none-to-decline")));
        }
        let game = self.store.clear_draw_offer(game.id, self.clock.now())?;
        let offerer = game.player(!side);
        let name = self.side_name(&game, !side);
        let mut reply = Reply::public(msg!(
            "game-draw-declined",
            name = Text::name(&user.name),
            opponent = mention(offerer, &name)
        ));
        reply.mention = offerer.and_then(Player::user);
        Ok(reply.into())
    }

    pub(in crate::app) fn abort(&self, user: &User, game: Game) -> Answer {
        if !game.involves(user.id) {
            return Err(not_yours(&game));
        }
        if !game.status.is_ongoing() {
            return Err(refuse(over_text(&game)));
        }
        if self.store.board_of_game(game.id)?.is_some() {
            return Err(refuse(msg!("game-abort-tournament")));
        }
        if game.status == GameStatus::Active && game.ply >= ABORT_BEFORE_PLY {
            return Err(refuse(msg!("game-abort-late")));
        }
        let game = self.store.abort_game(game.id, game.ply, self.clock.now())?;
        let mut reply = Reply::public(msg!(
            "game-aborts",
            name = Text::name(&user.name),
            game = game.id.to_string()
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
        require_active(&game, msg!("game-claim-no-game"))?;
        let pos = self.position(&game)?;
        if game.clock.is_some_and(|c| c.control.is_live()) {
            return Err(refuse(msg!("game-claim-live")));
        }
        let Some(deadline) = game.deadline else {
            return Err(refuse(msg!("game-claim-untimed")));
        };
        if pos.turn() == side {
            return Err(refuse(msg!("game-claim-own-turn")));
        }
        let now = self.clock.now();
        if now <= deadline {
            return Err(refuse(msg!(
                "game-claim-early",
                name = self.side_name(&game, pos.turn()),
                deadline = timestamp(deadline)
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
            msg!("game-claims", name = Text::name(&user.name)),
        )
    }

    /// Finishes `game` with `end` and shows the final board.
    pub(in crate::app) fn finish(
        &self,
        user: &User,
        game: Game,
        end: GameEnd,
        text: impl Into<Text>,
    ) -> Answer {
        let previous = shown_board(&game);
        let game = self
            .store
            .finish_game(game.id, game.ply, end, self.clock.now())?;
        let pos = self.position(&game)?;
        let viewer = self.viewer(&game, &pos, Some(user));
        let mut text: Text = text.into();
        if let Some(hint) = self.ladder_hint(&game)? {
            text.line(hint);
        }
        let mut reply = self.board_reply_saying(&game, &pos, None, viewer, text)?;
        reply.remove_buttons_of(previous);
        Ok(Response {
            reply,
            notices: self.thread_end(&game)?.into_iter().collect(),
        })
    }
}

/// Refuses unless `game` is under way: a game that is over says so, a challenge not yet
/// accepted gets `pending`.
pub(super) fn require_active(
    game: &Game,
    pending: impl Into<Text>,
) -> Result<(), crate::app::refusal::Halt> {
    match game.status {
        GameStatus::Active => Ok(()),
        GameStatus::Pending => Err(refuse(pending)),
        GameStatus::Finished | GameStatus::Aborted => Err(refuse(over_text(game))),
    }
}

pub(super) fn not_yours(game: &Game) -> crate::app::refusal::Halt {
    refuse(msg!("game-not-yours", game = game.id.to_string()))
}
