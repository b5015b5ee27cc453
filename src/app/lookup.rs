//! The app's shared lookups: the game a command is about, a stored position, a player's
//! name.

use crate::ai::Level;
use crate::i18n::{Msg, Text};
use crate::msg;

use super::{
    refuse, App, AppError, Game, GameId, Halt, Place, Player, Position, Side, User, Want,
    JUST_ENDED,
};

impl App {
    /// The position stored for `game`, or the corruption it shows.
    pub(in crate::app) fn position(&self, game: &Game) -> Result<Position, AppError> {
        game.position.parse().map_err(|e| AppError::Corrupt {
            game: game.id,
            detail: format!("{e}"),
        })
    }

    /// The game a command is about: `id` if given (which the caller must be allowed to see),
    /// else the ongoing game at `place` (for an acting command, the caller's own challenge
    /// or game there that `want` fits first: in thread placement several challenges may
    /// wait in one channel), else (when `ongoing_only` is false) the last game played
    /// there. `Err` holds the private answer when there is none, and the links to the
    /// caller's games when they are played in threads of this channel (the `/bao {command}`
    /// belongs there).
    pub(in crate::app) fn find_game(
        &self,
        user: &User,
        place: &Place,
        id: Option<GameId>,
        ongoing_only: bool,
        want: Want,
        command: &str,
    ) -> Result<Game, Halt> {
        if let Some(id) = id {
            return match self.store.game(id)? {
                Some(g) if g.place.is_dm() && !g.involves(user.id) => {
                    Err(refuse(msg!("errors-game-private", game = id.to_string())))
                }
                // The game here, named by id, is the game here: the command checks who may
                // do what, as it does when no id is given.
                Some(g) if g.place == *place => Ok(g),
                Some(g) if ongoing_only && !g.involves(user.id) => {
                    Err(refuse(msg!("errors-not-playing", game = id.to_string())))
                }
                Some(g) => Ok(g),
                None => Err(refuse(msg!("errors-no-such-game", game = id.to_string()))),
            };
        }
        let own = self.store.game_in(place)?;
        let waiting: Vec<Game> = if ongoing_only && !place.is_dm() {
            let mut mine = self.store.games_waiting_in(place)?;
            mine.retain(|g| g.involves(user.id));
            mine
        } else {
            Vec::new()
        };
        let mut mine = own
            .iter()
            .filter(|g| g.involves(user.id))
            .chain(waiting.iter().rev());
        if let Some(g) = mine.find(|g| want.fits(g)) {
            return Ok(g.clone());
        }
        // The caller's games in threads opened here: say where they are, never guess.
        if want != Want::Pending {
            if let Some(text) = self.games_in_threads_under(user, place, command)? {
                return Err(refuse(text));
            }
        }
        if !waiting.is_empty() {
            if let Some(g) = own.as_ref().or(waiting.last()) {
                return Ok(g.clone());
            }
        }
        if let Some(g) = own {
            return Ok(g);
        }
        let last = self.store.games_in(place, 1)?.into_iter().next();
        match last {
            Some(g) if !ongoing_only => return Ok(g),
            // The caller's game here has just ended: an acting command comes too late (it
            // lost a race to the ending, or was typed a moment after it).
            Some(g) if g.involves(user.id) && self.clock.now() - g.updated_at <= JUST_ENDED => {
                return Ok(g)
            }
            _ => {}
        }
        let hint = if place.is_dm() {
            msg!("errors-no-game-dm")
        } else {
            msg!("errors-no-game-channel")
        };
        Err(refuse(hint))
    }

    /// The name to show for a player: a person's display name as it is, the AI's in the
    /// reader's language (`AI (beginner)`, `Kompyuta (mwanzo)`; [`ai_name`]).
    pub(in crate::app) fn name(&self, player: Option<&Player>) -> Text {
        match player {
            Some(Player::Human(id)) => match self.store.player(*id) {
                Ok(Some(p)) if !p.display_name.is_empty() => Text::name(p.display_name),
                _ => format!("user {id}").into(),
            },
            Some(Player::Ai { level }) => ai_name(*level).into(),
            None => "?".into(),
        }
    }

    /// The name of whoever plays `side` in `game`.
    pub(in crate::app) fn side_name(&self, game: &Game, side: Side) -> Text {
        self.name(game.player(side))
    }
}

/// The AI's name at `level` as a person reads it: `AI (beginner)`, `Kompyuta (mwanzo)`.
/// The stored player and the record file keep the English (`Player`'s `Display`).
pub fn ai_name(level: Level) -> Msg {
    msg!("ai-name", level = level_words(level))
}

/// An AI level's name in the reader's language (`beginner`, `mwanzo`); what is typed
/// (`/bao ai beginner`) stays [`Level::name`].
pub fn level_words(level: Level) -> Msg {
    Msg::dynamic(format!("ai-level-{}", level.name()))
}
