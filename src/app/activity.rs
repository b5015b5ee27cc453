//! The Discord Activity (issue 47; docs/activity.md), transport-free: who signed in, as
//! Discord told the server, and what the Activity opens for them.
//!
//! The web front end asks Discord (through an [`ActivityDiscord`], which the Discord front
//! end implements) for the person behind a sign-in code and for the instance the page says
//! it runs in; the app trusts only those answers. It opens the running game of the channel
//! the Activity was launched in: its players get their play token (the one of their play
//! link), everyone else watches (with the private link's token when Discord confirmed they
//! are in that channel). With no game there, the person's own running games to choose from.

use std::future::Future;
use std::pin::Pin;

use serde::Serialize;

use crate::rules::Side;
use crate::store::{Game, GameFilter, GameStatus};

use super::web_link::{game_visibility, Visibility};
use super::{App, AppError, Command, Lang, Notice, Place, User, UserId};

/// The `custom_id` of the "Play on the board" button when the Activity is on: pressing it
/// launches the Activity (Discord's `LAUNCH_ACTIVITY` answer) in the channel.
pub const ACTIVITY_BUTTON: &str = "bao:activity";

/// The person who signed in, as Discord described them to the server.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SignedIn {
    /// Their id.
    pub user: UserId,
    /// Their display name (global name, else user name).
    pub name: String,
    /// The access token Discord gave for them (the page hands it to the SDK's
    /// `authenticate`); never logged.
    pub access_token: String,
}

/// An Activity instance as Discord describes it (`GET /applications/{id}/activity-instances/{id}`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Instance {
    /// The channel it runs in.
    pub channel: u64,
    /// The server, when it runs in a server's channel.
    pub guild: Option<u64>,
    /// The people connected to it now.
    pub users: Vec<UserId>,
}

/// Why a sign-in failed, in words for the log (never the code, the secret or a token).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SignInError {
    /// Discord refused the code (`invalid_grant`: wrong, used or expired).
    #[error("Discord refused the sign-in code ({0})")]
    BadCode(String),
    /// Discord answered with an error.
    #[error("Discord answered {status} to {step}")]
    Refused {
        /// The HTTP status.
        status: u16,
        /// Which request (`the code exchange`, `/users/@me`, `the instance`).
        step: &'static str,
    },
    /// Discord did not answer in time.
    #[error("Discord did not answer {0} in time")]
    Timeout(&'static str),
    /// Discord could not be reached, or its answer could not be read.
    #[error("{0}")]
    Failed(String),
}

/// A future boxed for [`ActivityDiscord`].
pub type Pending<'a, T> = Pin<Box<dyn Future<Output = Result<T, SignInError>> + Send + 'a>>;

/// What the Activity asks of Discord, on the server's side (the Discord front end does it,
/// through the configured `proxy_url` like every other request to Discord).
pub trait ActivityDiscord: Send + Sync {
    /// The application's id (the OAuth2 client id the page gives the SDK).
    fn client_id(&self) -> u64;
    /// Exchanges a sign-in `code` for an access token and reads who it belongs to.
    fn sign_in<'a>(&'a self, code: &'a str) -> Pending<'a, SignedIn>;
    /// Who the access token `token` (from a sign-in) belongs to now.
    fn who<'a>(&'a self, token: &'a str) -> Pending<'a, SignedIn>;
    /// The instance `id`, if Discord knows it (`None`: no such instance).
    fn instance<'a>(&'a self, id: &'a str) -> Pending<'a, Option<Instance>>;
}

/// Where the page says it runs, and whether Discord confirmed it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ActivityChannel {
    /// The channel.
    pub channel: u64,
    /// Its server, as Discord's instance says (`None`: a DM, or not confirmed).
    pub guild: Option<u64>,
    /// Whether Discord's instance puts the person in that channel now.
    pub confirmed: bool,
}

/// A game the Activity can show.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ActivityGame {
    /// The game's number (`/g/ID`).
    pub id: i64,
    /// The private link's token, for a private game's reads (`?k=`).
    pub key: Option<String>,
    /// The person's play token, when they play in it (header `X-Bao-Play`).
    pub play: Option<String>,
    /// The side they play (`S`, `N`), when they play.
    pub side: Option<&'static str>,
    /// South's name.
    pub south: String,
    /// North's name.
    pub north: String,
}

/// What the Activity opens for someone.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ActivityOpen {
    /// The running game of the channel, if there is one they may see.
    pub game: Option<ActivityGame>,
    /// Their own running games, to choose from when the channel has none.
    pub games: Vec<ActivityGame>,
    /// Whether they may start a game against the AI here from the page: the channel has
    /// none, and Discord confirmed they are in that server channel.
    pub can_challenge_ai: bool,
}

/// What a challenge to the AI from the Activity gave.
#[derive(Debug)]
pub enum ActivityAi {
    /// The game started: what to open, and what the chat gets (its board).
    Started(ActivityOpen, Vec<Notice>),
    /// Refused, in these words (a game already runs there, the queue is full, …).
    Refused(String),
}

/// The server channel Discord confirmed the Activity runs in, as a place.
fn activity_place(channel: Option<ActivityChannel>) -> Option<Place> {
    channel.and_then(|c| match (c.confirmed, c.guild) {
        (true, Some(guild)) => Some(Place::Channel {
            guild,
            channel: c.channel,
        }),
        _ => None,
    })
}

/// Most of a person's own running games listed.
const GAMES_LISTED: u32 = 25;

impl App {
    /// What the Activity opens for `user` in `channel` (see the module's documentation).
    pub fn activity_open(
        &self,
        user: UserId,
        channel: Option<ActivityChannel>,
    ) -> Result<ActivityOpen, AppError> {
        let game = match channel {
            Some(c) => {
                let place = Place::Channel {
                    guild: 0,
                    channel: c.channel,
                };
                match self.store.game_in(&place)? {
                    Some(g) if g.status == GameStatus::Active => {
                        self.activity_game(&g, user, c.confirmed)?
                    }
                    _ => None,
                }
            }
            None => None,
        };
        let mut games = Vec::new();
        for g in self
            .store
            .games_of(user, GameFilter::Ongoing, GAMES_LISTED)?
        {
            if g.status == GameStatus::Active {
                games.extend(self.activity_game(&g, user, false)?);
            }
        }
        let can_challenge_ai = game.is_none()
            && match activity_place(channel) {
                Some(place) => self.store.game_in(&place)?.is_none(),
                None => false,
            };
        Ok(ActivityOpen {
            game,
            games,
            can_challenge_ai,
        })
    }

    /// `/bao ai` (the defaults) by `user` in the server channel Discord confirmed the
    /// Activity runs in, as if typed there: the chat gets the board the command would post.
    pub fn activity_challenge_ai(
        &self,
        user: &User,
        channel: Option<ActivityChannel>,
    ) -> Result<ActivityAi, AppError> {
        let Some(place) = activity_place(channel) else {
            let lang = self.lang_of(user.id, &Place::Dm { user: user.id.0 })?;
            return Ok(ActivityAi::Refused(
                crate::msg!("activity-ai-where").render(lang),
            ));
        };
        let ai = Command::Ai {
            level: None,
            side: None,
            variant: None,
            rules: None,
            clock: None,
        };
        let before = self.store.game_in(&place)?.map(|g| g.id);
        let response = self.handle(user, &place, ai)?;
        // Started only if a new game runs there now, with them in it.
        let started = self.store.game_in(&place)?.filter(|g| {
            Some(g.id) != before && g.status == GameStatus::Active && g.side_of(user.id).is_some()
        });
        let Some(game) = started else {
            return Ok(ActivityAi::Refused(response.reply.render()));
        };
        let notices = super::web_play::chat_notices(response, &game, user);
        let open = self.activity_open(user.id, channel)?;
        Ok(ActivityAi::Started(open, notices))
    }

    /// `game` as `user` may see it in the Activity: everything when they play in it; a
    /// public game, or a private one when `confirmed` in its channel, to watch; else none.
    fn activity_game(
        &self,
        game: &Game,
        user: UserId,
        confirmed: bool,
    ) -> Result<Option<ActivityGame>, AppError> {
        let Some(key) = self.web_key()? else {
            return Ok(None);
        };
        let side = game.side_of(user);
        let private = game_visibility(&self.store, game)? == Visibility::Private;
        if private && side.is_none() && !confirmed {
            return Ok(None);
        }
        let play = match side {
            Some(s) => {
                let generation = self.store.play_link_generation(game.id, user)?;
                Some(key.play_token(game.id, s == Side::South, user, generation))
            }
            None => None,
        };
        Ok(Some(ActivityGame {
            id: game.id.0,
            key: private.then(|| key.game_token(game.id)),
            play,
            side: side.map(|s| if s == Side::South { "S" } else { "N" }),
            south: self.side_name(game, Side::South).render(Lang::En),
            north: self.side_name(game, Side::North).render(Lang::En),
        }))
    }
}
