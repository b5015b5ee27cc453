//! Places where only a person's install of the app is (a DM or group DM between people, a
//! server's channel without the bot): the bot can only answer interactions there, so what
//! it could not show there is stored ([`crate::store::AppOnlyChannel`]) and shown on the
//! next interaction, and its own notices for such a channel go to the players by DM.
//! The front end says which places these are ([`App::place_reach`]); the facts are stored,
//! so a restart loses nothing.

use super::{App, AppError, Destination, GameId, Notice, Place, Reply, User, UserId};
use crate::msg;
use crate::store::{GameStatus, Player};

impl App {
    /// An interaction at `place` said whether only the app is there (`app_only`) or the bot
    /// itself.
    pub fn place_reach(&self, place: &Place, app_only: bool) -> Result<(), AppError> {
        if let Place::Channel { guild, channel } = *place {
            self.store
                .set_app_only(guild, channel, app_only, self.clock.now())?;
        }
        Ok(())
    }

    /// Whether games at `place` are played through interactions alone: a DM or group DM
    /// between people (a channel of no server), or a channel where only the app was seen.
    pub(in crate::app) fn answers_only(&self, place: &Place) -> Result<bool, AppError> {
        Ok(match *place {
            Place::Channel { guild: 0, .. } => true,
            Place::Channel { channel, .. } => self.store.app_only(channel)?.is_some(),
            Place::Dm { .. } => false,
        })
    }

    /// A button of `game` pressed at `place`, where it is not played, is refused privately
    /// where only the app is (there, or where the game is): the board's own channel is the
    /// only place its buttons act.
    pub(in crate::app) fn pressed_here(
        &self,
        pressed: bool,
        place: &Place,
        game: &crate::store::Game,
    ) -> Result<(), super::refusal::Halt> {
        if !pressed || game.place == *place || game.place.is_dm() {
            return Ok(());
        }
        if self.answers_only(place)? || self.answers_only(&game.place)? {
            return Err(super::refusal::refuse(msg!(
                "game-button-elsewhere",
                game = game.id.0,
                place = super::view::place_words(&game.place)
            )));
        }
        Ok(())
    }

    /// Where a notice the bot sends on its own goes: as it is, unless it is meant for a
    /// channel where only the app is. The bot cannot post there, so the channel is noted as
    /// behind on the game (its board is shown on the next interaction there) and the notice
    /// goes by DM: to each human player once the game is over (a result concerns both),
    /// else to the player it is about.
    pub fn reroute(&self, notice: Notice) -> Result<Vec<Notice>, AppError> {
        let Destination::Place(Place::Channel { channel, .. }) = notice.to else {
            return Ok(vec![notice]);
        };
        if self.store.app_only(channel)?.is_none() {
            return Ok(vec![notice]);
        }
        self.store.set_app_only_behind(channel, Some(notice.game))?;
        let game = self.store.game(notice.game)?;
        let over = game.as_ref().is_some_and(|g| !g.status.is_ongoing());
        let players: Vec<UserId> = match game {
            Some(g) if over => [g.south, g.north]
                .into_iter()
                .flatten()
                .filter_map(|p| match p {
                    Player::Human(id) => Some(id),
                    Player::Ai { .. } => None,
                })
                .collect(),
            _ => vec![notice.user],
        };
        // Its effects (buttons off the channel's board, ...) need the channel: left out.
        let mut reply = notice.reply.clone();
        reply.effects.clear();
        Ok(players
            .into_iter()
            .map(|user| Notice {
                to: Destination::Dm(user),
                user,
                game: notice.game,
                reply: reply.clone(),
            })
            .collect())
    }

    /// A board of `game` could not be shown at `place` (the interaction's token ran out, or
    /// its follow-ups did): shown on the next interaction there.
    pub fn board_missed(&self, place: &Place, game: GameId) -> Result<(), AppError> {
        if let Place::Channel { channel, .. } = *place {
            if self.store.app_only(channel)?.is_some() {
                self.store.set_app_only_behind(channel, Some(game))?;
            }
        }
        Ok(())
    }

    /// The board a channel where only the app is has not been shown yet, as a public reply
    /// to add to the answer of an interaction there; `None` when it is up to date, or when
    /// the answer (`shown`: the game whose current board it carries) shows it already.
    pub fn catch_up(
        &self,
        _user: &User,
        place: &Place,
        shown: Option<GameId>,
    ) -> Result<Option<Reply>, AppError> {
        let Place::Channel { channel, .. } = *place else {
            return Ok(None);
        };
        let Some(behind) = self.store.app_only(channel)?.and_then(|c| c.behind) else {
            return Ok(None);
        };
        self.store.set_app_only_behind(channel, None)?;
        if shown == Some(behind) {
            return Ok(None);
        }
        let Some(game) = self.store.game(behind)? else {
            return Ok(None);
        };
        if game.status == GameStatus::Pending || game.place != *place {
            return Ok(None);
        }
        let pos = self.position(&game)?;
        let viewer = self.viewer(&game, &pos, None);
        let trace = self.last_trace(&game)?;
        let said = msg!("app-only-catch-up", game = game.id.0);
        let reply = self.board_reply(&game, &pos, trace, viewer, said)?;
        Ok(Some(reply.in_lang(self.server_lang(place)?)))
    }

    /// Whether Discord shows every answer at `place` to the asker alone (stored from the
    /// flags of an earlier answer there).
    pub(in crate::app) fn hidden_here(&self, place: &Place) -> Result<bool, AppError> {
        Ok(match *place {
            Place::Channel { channel, .. } => {
                self.store.app_only(channel)?.is_some_and(|c| c.hidden)
            }
            Place::Dm { .. } => false,
        })
    }

    /// The channel of `game`, where only the app is, has not been shown its current board
    /// (a click on an old board there): shown on the next answer there.
    pub(in crate::app) fn board_behind(&self, game: &crate::store::Game) -> Result<(), AppError> {
        if let Place::Channel { channel, .. } = game.place {
            if self.answers_only(&game.place)? {
                self.store.set_app_only_behind(channel, Some(game.id))?;
            }
        }
        Ok(())
    }

    /// Whether Discord showed `user`'s public answer at `place` to them alone (`hidden`),
    /// from the answer's flags. Stored; when hidden, `user`'s challenges waiting there are
    /// withdrawn (nobody else can see them) and the answer says so, privately.
    pub fn place_hidden(
        &self,
        user: &User,
        place: &Place,
        hidden: bool,
    ) -> Result<Option<Reply>, AppError> {
        let Place::Channel { channel, .. } = *place else {
            return Ok(None);
        };
        self.store.set_app_only_hidden(channel, hidden)?;
        if !hidden {
            return Ok(None);
        }
        let now = self.clock.now();
        let waiting = self.store.games_waiting_in(place)?;
        for game in waiting.into_iter().chain(self.store.game_in(place)?) {
            let asked = game.challenge.as_ref().map(|c| c.challenger) == Some(user.id);
            if game.status == GameStatus::Pending && asked {
                self.store.decline_challenge(game.id, now)?;
            }
        }
        let lang = self.lang_of(user.id, place)?;
        Ok(Some(
            Reply::private(msg!("discord-ephemeral-only")).in_lang(lang),
        ))
    }

    /// Once, after Discord refused a DM to `user`: how to get notices, privately, in the
    /// language they read at `place`.
    pub fn dm_refusal_note(&self, user: UserId, place: &Place) -> Result<Option<Reply>, AppError> {
        let refused = self.store.player(user)?.is_some_and(|p| p.dm_failed);
        if !refused || !self.store.tell_dm_refusal(user, self.clock.now())? {
            return Ok(None);
        }
        let lang = self.lang_of(user, place)?;
        Ok(Some(
            Reply::private(msg!("app-only-dm-refused")).in_lang(lang),
        ))
    }
}
