//! `/bao takeback`: against the AI, the player's last move and the AI's reply are taken
//! back; the moves are kept in the store's takebacks, so the game still replays and its
//! history says where moves were taken back. Refused in rated games. Between people in an
//! unrated game it is to be a request the opponent accepts or declines; no game between
//! people is unrated yet (see [`super::analysis::is_rated`]), so they are all refused.

use crate::rules::Position;
use crate::store::{Game, GameStatus, Player, StoreError};

use super::analysis::is_rated;
use super::types::{Reply, Response, User};
use super::{shown_board, App, AppError};

impl App {
    /// `/bao takeback` in `game`.
    pub(super) fn takeback(&self, user: &User, game: Game) -> Result<Response, AppError> {
        if game.status != GameStatus::Active {
            return Ok(
                Reply::private("There is no game running here to take a move back in.").into(),
            );
        }
        let Some(side) = game.side_of(user.id) else {
            return Ok(Reply::private(format!(
                "You are not playing in game {}; only its players can take moves back.",
                game.id
            ))
            .into());
        };
        if is_rated(&game) {
            return Ok(Reply::private(
                "Moves cannot be taken back in a rated game. Against the AI (`/bao ai`) they can.",
            )
            .into());
        }
        let against_ai = game.player(!side).is_some_and(Player::is_ai);
        if !against_ai {
            return Ok(Reply::private(
                "Takebacks between people are not available yet; play on, or resign.",
            )
            .into());
        }
        let pos: Position = self.position(&game)?;
        // The player's last move, and the AI's reply when it has made one.
        let back = if pos.turn() == side { 2 } else { 1 };
        if game.ply < back {
            return Ok(Reply::private("You have made no move to take back yet.").into());
        }
        let to_ply = game.ply - back;
        let previous = shown_board(&game);
        let game = match self
            .store
            .take_back(game.id, game.ply, to_ply, self.clock.now())
        {
            Ok(g) => g,
            Err(StoreError::BoardChanged { current }) => return self.board_changed(user, &current),
            Err(e) => return Err(e.into()),
        };
        let withdrawn = self
            .store
            .takebacks(game.id)?
            .pop()
            .map(|t| t.moves.join(", "))
            .unwrap_or_default();
        let pos = self.position(&game)?;
        let text = format!(
            "{} took back {withdrawn}: the board is as before the move, with {} to move.",
            user.name,
            self.side_name(&game, pos.turn())
        );
        let mut reply = self.board_reply(&game, &pos, None, side, &text)?;
        reply.previous_board = previous;
        Ok(reply.into())
    }
}
