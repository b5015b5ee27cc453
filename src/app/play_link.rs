//! Each player's personal link to play on the game page (issue 47): the game page's address
//! with a play token in its fragment (`/g/ID#play=TOKEN`, after `?k=…` for a private game),
//! so the token never reaches a server log or a `Referer`; the page sends it back in a
//! header. The token is an HMAC with the web secret over the game, the side, the player and
//! a generation kept in the store: `/bao board new-link:true` raises the generation and the
//! old link stops working. The link is only ever given to its player, privately: in the
//! answer to their `/bao board` and in their DM turn notice.

use crate::i18n::Lang;
use crate::msg;
use crate::rules::Side;
use crate::store::{Game, GameStatus, Player};

use super::refusal::{refuse, Answer};
use super::web_link::{game_path, game_visibility, join_url};
use super::{App, AppError, Button, ButtonStyle, GameId, Reply, User, UserId};

/// Who a play token belongs to, once checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(in crate::app) struct PlayToken {
    /// The side they play.
    pub(in crate::app) side: Side,
    /// The player.
    pub(in crate::app) user: UserId,
}

impl App {
    /// The play link of `user` in `game`: `None` without a public address, when the game is
    /// not under way, or when `user` is not one of its human players.
    pub(in crate::app) fn play_url(
        &self,
        game: &Game,
        user: UserId,
    ) -> Result<Option<String>, AppError> {
        let Some(base) = self.settings.public_url.as_deref() else {
            return Ok(None);
        };
        if game.status != GameStatus::Active {
            return Ok(None);
        }
        let Some(side) = game.side_of(user) else {
            return Ok(None);
        };
        let Some(key) = self.web_key()? else {
            return Ok(None);
        };
        let generation = self.store.play_link_generation(game.id, user)?;
        let token = key.play_token(game.id, side == Side::South, user, generation);
        let path = game_path(&key, game.id, game_visibility(&self.store, game)?);
        Ok(Some(format!("{}#play={token}", join_url(base, &path))))
    }

    /// The "Play on the board" link button of `user` in `game`, labelled in `lang`, if they
    /// have a play link; with the Activity on, the button that launches it, for each human
    /// player of a running game.
    pub(in crate::app) fn play_button(
        &self,
        game: &Game,
        user: UserId,
        lang: Lang,
    ) -> Result<Option<Button>, AppError> {
        if self.settings.activity {
            let plays = game.status == GameStatus::Active && game.side_of(user).is_some();
            return Ok(plays.then(|| Button {
                id: super::ACTIVITY_BUTTON.to_string(),
                label: msg!("web-play-button").render(lang),
                style: ButtonStyle::Primary,
            }));
        }
        Ok(self.play_url(game, user)?.map(|url| Button {
            id: url,
            label: msg!("web-play-button").render(lang),
            style: ButtonStyle::Link,
        }))
    }

    /// The player's own `/bao board` with a public address: the board privately, with
    /// their play link under it (a public board must never carry one). Anyone else's
    /// board, and every board without a public address, is `reply` unchanged.
    pub(in crate::app) fn board_with_play_link(
        &self,
        user: &User,
        game: &Game,
        mut reply: Reply,
    ) -> Result<Reply, AppError> {
        let lang = self.lang_for(user.id, &game.place, true)?;
        let Some(button) = self.play_button(game, user.id, lang)? else {
            return Ok(reply);
        };
        reply.ephemeral = true;
        reply.mention = None;
        reply.effects.clear();
        // Private: never reported as the game's board (its move buttons still work, as on
        // any private board; a press on it once the game moved on is answered as out of date).
        if let Some(board) = reply.board.as_mut() {
            board.current = None;
        }
        reply.text.line(if self.settings.activity {
            msg!("activity-play-private")
        } else {
            msg!("web-play-link-private")
        });
        reply.buttons.push(vec![button]);
        Ok(reply)
    }

    /// `/bao board new-link:true`: a new play link for the asker; the old one stops working.
    pub(in crate::app) fn new_play_link(&self, user: &User, game: Game) -> Answer {
        if self.settings.public_url.is_none() {
            return Err(refuse(msg!("web-play-no-address")));
        }
        if game.status != GameStatus::Active || game.side_of(user.id).is_none() {
            return Err(refuse(msg!("web-play-not-yours")));
        }
        self.store
            .renew_play_link(game.id, user.id, self.clock.now())?;
        let lang = self.lang_for(user.id, &game.place, true)?;
        let mut reply = Reply::private(msg!("web-play-link-renewed"));
        if let Some(button) = self.play_button(&game, user.id, lang)? {
            reply.buttons.push(vec![button]);
        }
        Ok(reply.into())
    }

    /// Who `token` lets play in `game`: the human player whose current play token it is.
    pub(in crate::app) fn play_token_owner(
        &self,
        game: &Game,
        token: &str,
    ) -> Result<Option<PlayToken>, AppError> {
        let side = match token.as_bytes().first() {
            Some(b's') => Side::South,
            Some(b'n') => Side::North,
            _ => return Ok(None),
        };
        let Some(Player::Human(user)) = game.player(side).cloned() else {
            return Ok(None);
        };
        let Some(key) = self.web_key()? else {
            return Ok(None);
        };
        let generation = self.store.play_link_generation(game.id, user)?;
        Ok(key
            .is_play_token(game.id, side == Side::South, user, generation, token)
            .then_some(PlayToken { side, user }))
    }

    /// The play link of the player `user` as a line for the console and the logs of tests:
    /// `None` when they have none.
    pub fn play_link_of(&self, game: GameId, user: UserId) -> Result<Option<String>, AppError> {
        match self.store.game(game)? {
            Some(g) => self.play_url(&g, user),
            None => Ok(None),
        }
    }
}
