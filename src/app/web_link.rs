//! Who may see a game's or an event's web page, and the link that opens it.
//!
//! A game is public on the web when it is played in a channel that a front end has said
//! everyone on the server can read (or in a thread opened in such a channel): anyone who
//! could read it in Discord could read the page. Every other game (a DM, a private
//! channel, a channel nothing was said about) is reachable only with a token: the first 128
//! bits of HMAC-SHA256, keyed with the server secret kept in the database, over the game's
//! id. The token cannot be guessed from the id, and it is given only where the game is
//! shown (in the game's own channel or DM), so a link reaches no one who could not see the
//! game there. Events (tournaments) follow their channel the same way.

use ring::hmac;

use crate::i18n::Msg;
use crate::msg;

use crate::store::{Game, Store, StoreError, WEB_SECRET_LEN};
use crate::vocab::{GameId, Place, UserId};

/// Bytes of HMAC kept in a token (128 bits).
const TOKEN_BYTES: usize = 16;

/// The key private pages' tokens are made with.
#[derive(Clone)]
pub struct WebKey(hmac::Key);

impl std::fmt::Debug for WebKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("WebKey(<secret>)")
    }
}

impl WebKey {
    /// The key of `store`'s database, writing a fresh secret (from the OS's random source)
    /// when it has none yet. Needs a writable store.
    pub fn of_store(store: &Store) -> Result<WebKey, StoreError> {
        use ring::rand::SecureRandom;
        let mut fresh = [0u8; WEB_SECRET_LEN];
        ring::rand::SystemRandom::new()
            .fill(&mut fresh)
            .map_err(|_| StoreError::Setup {
                path: store.path().map(|p| p.to_path_buf()).unwrap_or_default(),
                detail: "the system's random source failed".into(),
            })?;
        Ok(WebKey::from_secret(&store.web_secret_or_init(&fresh)?))
    }

    /// The key of a read-only store's database, which must already hold its secret.
    pub fn of_read_only(store: &Store) -> Result<Option<WebKey>, StoreError> {
        Ok(store.web_secret()?.map(|s| WebKey::from_secret(&s)))
    }

    /// The key made from `secret`.
    pub fn from_secret(secret: &[u8]) -> WebKey {
        WebKey(hmac::Key::new(hmac::HMAC_SHA256, secret))
    }

    fn token(&self, what: &str, id: i64) -> String {
        use base64::Engine;
        let tag = hmac::sign(&self.0, format!("bao-bot {what} {id}").as_bytes());
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(&tag.as_ref()[..TOKEN_BYTES])
    }

    /// The token of game `id`'s private link.
    pub fn game_token(&self, id: GameId) -> String {
        self.token("game", id.0)
    }

    /// The token of event `id`'s private link.
    pub fn event_token(&self, id: i64) -> String {
        self.token("event", id)
    }

    /// The token of a player's own play link in game `id`: the side they play (`s` or
    /// `n`) and 128 bits of HMAC over the game, the side, the player and the link's
    /// generation (a new generation revokes the old link).
    pub fn play_token(&self, id: GameId, south: bool, user: UserId, generation: u32) -> String {
        let side = if south { "s" } else { "n" };
        let tag = hmac::sign(
            &self.0,
            format!("bao-bot play {id} {side} {} {generation}", user.0).as_bytes(),
        );
        use base64::Engine;
        let mac =
            base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(&tag.as_ref()[..TOKEN_BYTES]);
        format!("{side}{mac}")
    }

    /// Whether `given` is the play token of `user` (South if `south`) in game `id` at
    /// `generation` (compared in constant time).
    pub fn is_play_token(
        &self,
        id: GameId,
        south: bool,
        user: UserId,
        generation: u32,
        given: &str,
    ) -> bool {
        same(&self.play_token(id, south, user, generation), given)
    }

    /// Whether `given` is game `id`'s token (compared in constant time).
    pub fn is_game_token(&self, id: GameId, given: &str) -> bool {
        same(&self.game_token(id), given)
    }

    /// Whether `given` is event `id`'s token (compared in constant time).
    pub fn is_event_token(&self, id: i64, given: &str) -> bool {
        same(&self.event_token(id), given)
    }
}

/// Equal texts, compared without leaking where they differ.
fn same(expected: &str, given: &str) -> bool {
    use subtle::ConstantTimeEq;
    expected.len() == given.len() && bool::from(expected.as_bytes().ct_eq(given.as_bytes()))
}

/// Whether a page may be shown to anyone, or only with its token.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Visibility {
    /// Anyone (a public channel).
    Public,
    /// Only with the token (a DM, a private channel, a channel nothing is known about).
    Private,
}

/// The visibility of what is played at `place` (opened as a thread in channel `parent`).
pub(crate) fn place_visibility(
    store: &Store,
    place: &Place,
    parent: Option<u64>,
) -> Result<Visibility, StoreError> {
    let Place::Channel { channel, .. } = place else {
        return Ok(Visibility::Private);
    };
    // Public only when the place and its parent are: a game's thread (a public thread the
    // bot opened) with no record of its own follows its parent; a record saying private,
    // of either, makes it private; a place nothing is known about is private.
    let own = store.channel_public(*channel)?;
    let public = match parent {
        Some(p) => own != Some(false) && store.channel_public(p)? == Some(true),
        None => own == Some(true),
    };
    Ok(if public {
        Visibility::Public
    } else {
        Visibility::Private
    })
}

/// The visibility of `game`.
pub(crate) fn game_visibility(store: &Store, game: &Game) -> Result<Visibility, StoreError> {
    place_visibility(store, &game.place, game.thread.map(|t| t.parent))
}

/// The path of `game`'s page: `/g/ID`, with `?k=TOKEN` when it is private.
pub(crate) fn game_path(key: &WebKey, id: GameId, visibility: Visibility) -> String {
    match visibility {
        Visibility::Public => format!("/g/{id}"),
        Visibility::Private => format!("/g/{id}?k={}", key.game_token(id)),
    }
}

/// The path of event `id`'s page: `/t/ID`, with `?k=TOKEN` when it is private.
pub(crate) fn event_path(key: &WebKey, id: i64, visibility: Visibility) -> String {
    match visibility {
        Visibility::Public => format!("/t/{id}"),
        Visibility::Private => format!("/t/{id}?k={}", key.event_token(id)),
    }
}

/// `base` and `path` joined with one slash between them.
pub(crate) fn join_url(base: &str, path: &str) -> String {
    format!("{}{path}", base.trim_end_matches('/'))
}

impl super::App {
    /// The key of the private links: read from the database, or written there once when
    /// it has none (a read-only app then has none: `Ok(None)`).
    pub(in crate::app) fn web_key(&self) -> Result<Option<WebKey>, super::AppError> {
        if let Some(key) = self.web_key.get() {
            return Ok(Some(key.clone()));
        }
        let key = match WebKey::of_read_only(&self.store)? {
            Some(key) => key,
            None => match WebKey::of_store(&self.store) {
                Ok(key) => key,
                Err(e) => {
                    tracing::debug!("no web key (read-only store?): {e}");
                    return Ok(None);
                }
            },
        };
        Ok(Some(self.web_key.get_or_init(|| key).clone()))
    }

    /// The front end says whether everyone on the server can read the channel at `place`
    /// (nothing is recorded for a DM). Only public channels' games get public pages.
    pub fn channel_visibility(&self, place: &Place, public: bool) -> Result<(), super::AppError> {
        if let Place::Channel { guild, channel } = *place {
            self.store
                .set_channel_public(guild, channel, public, self.clock.now())?;
        }
        Ok(())
    }

    /// The front end saw whether everyone on the server may read the channel at `place`:
    /// recorded when it differs from what this process last recorded for the channel, so a
    /// busy channel costs no write per interaction.
    pub fn channel_seen(&self, place: &Place, public: bool) -> Result<(), super::AppError> {
        let Place::Channel { channel, .. } = *place else {
            return Ok(());
        };
        let known = self
            .visibility_seen
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .get(&channel)
            .copied();
        if known != Some(public) {
            self.channel_visibility(place, public)?;
            self.visibility_seen
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .insert(channel, public);
        }
        Ok(())
    }

    /// Records `place` as public once per process, when the front end's channels are all
    /// public ([`super::Settings::public_channels`], the console).
    pub(in crate::app) fn note_public_place(&self, place: &Place) -> Result<(), super::AppError> {
        let Place::Channel { channel, .. } = *place else {
            return Ok(());
        };
        if !self.settings.public_channels {
            return Ok(());
        }
        let mut seen = self
            .public_seen
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if seen.insert(channel) {
            self.channel_visibility(place, true)?;
        }
        Ok(())
    }

    /// The full address of `game`'s page, when the bot has a public address
    /// ([`super::Settings::public_url`]); with its token when the game is private.
    pub fn game_url(&self, game: &Game) -> Result<Option<String>, super::AppError> {
        let Some(base) = self.settings.public_url.as_deref() else {
            return Ok(None);
        };
        Ok(self.web_game_path(game)?.map(|p| join_url(base, &p)))
    }

    /// `Game page: URL` for a chat message, or `None` without a public address (a failure
    /// to read the key is logged: the message goes out without its link).
    pub(in crate::app) fn game_page_msg(&self, game: &Game) -> Option<Msg> {
        match self.game_url(game) {
            Ok(url) => url.map(|u| msg!("web-game-page-line", url = u)),
            Err(e) => {
                tracing::warn!(game = %game.id, "no game page link: {e}");
                None
            }
        }
    }

    /// [`App::game_page_msg`] in English, for the texts still made as strings (new code
    /// should put the message itself in its `Text`).
    pub(in crate::app) fn game_page_line(&self, game: &Game) -> Option<String> {
        self.game_page_msg(game)
            .map(|m| m.render(crate::i18n::Lang::En))
    }

    /// `Tournament page: URL` for a chat message, or `None` without a public address.
    pub(in crate::app) fn event_page_line(&self, event: &crate::store::Event) -> Option<Msg> {
        let base = self.settings.public_url.as_deref()?;
        match self.web_event_path(event) {
            Ok(path) => path.map(|p| msg!("web-event-page-line", url = join_url(base, &p))),
            Err(e) => {
                tracing::warn!(event = %event.id, "no tournament page link: {e}");
                None
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_depend_on_the_secret_and_the_id_and_are_checked_exactly() {
        let key = WebKey::from_secret(&[1; 32]);
        let other = WebKey::from_secret(&[2; 32]);
        let t = key.game_token(GameId(5));
        assert_eq!(t.len(), 22, "{t}");
        assert!(key.is_game_token(GameId(5), &t));
        assert!(!key.is_game_token(GameId(6), &t));
        assert!(!other.is_game_token(GameId(5), &t));
        assert!(!key.is_game_token(GameId(5), &t[..21]));
        assert!(!key.is_event_token(5, &t), "a game's token opens no event");
        assert_eq!(key.game_token(GameId(5)), t, "tokens are stable");
        assert_eq!(
            join_url("https://bao.example/", "/g/5"),
            "https://bao.example/g/5"
        );
        assert_eq!(
            game_path(&key, GameId(5), Visibility::Private),
            format!("/g/5?k={t}")
        );
    }

    #[test]
    fn a_place_is_public_only_when_it_and_its_parent_are() {
        let store = Store::open_in_memory().unwrap();
        let (channel, thread) = (20, 21);
        let in_thread = Place::Channel {
            guild: 1,
            channel: thread,
        };
        let vis = |parent| place_visibility(&store, &in_thread, parent).unwrap();
        // Nothing known: private.
        assert_eq!(vis(Some(channel)), Visibility::Private);
        assert_eq!(vis(None), Visibility::Private);
        // The bot's public thread in a public channel follows it.
        store.set_channel_public(1, channel, true, 0).unwrap();
        assert_eq!(vis(Some(channel)), Visibility::Public);
        store.set_channel_public(1, thread, true, 0).unwrap();
        assert_eq!(vis(Some(channel)), Visibility::Public);
        assert_eq!(vis(None), Visibility::Public);
        // The channel made private, its thread's record left as it was: private.
        store.set_channel_public(1, channel, false, 1).unwrap();
        assert_eq!(vis(Some(channel)), Visibility::Private);
        // A thread recorded private in a public channel: private.
        store.set_channel_public(1, channel, true, 2).unwrap();
        store.set_channel_public(1, thread, false, 2).unwrap();
        assert_eq!(vis(Some(channel)), Visibility::Private);
    }
}
