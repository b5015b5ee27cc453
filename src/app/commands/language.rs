//! Which language the bot speaks to whom (docs/i18n.md), and `/bao-settings language`.
//!
//! A person's choice (`/bao prefs language`) beats the server's (`/bao-settings language`),
//! and the server's beats English. A private answer is said in the asker's language, a
//! public message (a board in a channel, an announcement) in the server's, a DM in the
//! recipient's. [`App::localise`] puts that language on every reply of a response that has
//! none yet; code that draws a picture asks [`App::lang_for`] first, so the picture is
//! drawn in the language of the message that carries it.

use crate::i18n::{Lang, Text};
use crate::msg;
use crate::store::UserId;

use crate::app::refusal::{refuse, Answer};
use crate::app::view::timestamp;
use crate::app::{App, AppError, Destination, Notice, Place, Reply, Response, User};

/// The key of `/bao-settings language`.
pub(in crate::app) const LANGUAGE_KEY: &str = "language";

impl App {
    /// The language of the server `place` is in; in a DM, the person's own.
    pub fn server_lang(&self, place: &Place) -> Result<Lang, AppError> {
        Ok(match *place {
            Place::Channel { guild, .. } => self.guild_lang(guild)?.unwrap_or_default(),
            Place::Dm { user } => self.user_lang(UserId(user))?.unwrap_or_default(),
        })
    }

    /// The language `user` reads at `place`: their own choice, else the server's, else
    /// English.
    pub fn lang_of(&self, user: UserId, place: &Place) -> Result<Lang, AppError> {
        match self.user_lang(user)? {
            Some(lang) => Ok(lang),
            None => self.server_lang(place),
        }
    }

    /// The language of a reply to `user` at `place`: theirs when only they see it
    /// (`private`) or in a DM, the server's otherwise.
    pub fn lang_for(&self, user: UserId, place: &Place, private: bool) -> Result<Lang, AppError> {
        if private || place.is_dm() {
            self.lang_of(user, place)
        } else {
            self.server_lang(place)
        }
    }

    fn user_lang(&self, user: UserId) -> Result<Option<Lang>, AppError> {
        Ok(self
            .store
            .user_language(user)?
            .as_deref()
            .and_then(Lang::from_code))
    }

    fn guild_lang(&self, guild: u64) -> Result<Option<Lang>, AppError> {
        Ok(self
            .store
            .server_language(guild)?
            .and_then(|s| Lang::from_code(&s.code)))
    }

    /// `response` (to `user`, who asked at `place`) with a language on every reply that has
    /// none: the answer by [`App::lang_for`], a notice to a place in that server's language,
    /// a DM in its recipient's (their choice, else the language of the server asked in).
    pub fn localise(
        &self,
        user: UserId,
        place: &Place,
        mut response: Response,
    ) -> Result<Response, AppError> {
        if response.reply.lang.is_none() {
            let private = response.reply.ephemeral;
            response.reply.lang = Some(self.lang_for(user, place, private)?);
        }
        for notice in &mut response.notices {
            if notice.reply.lang.is_none() {
                notice.reply.lang = Some(self.notice_lang(&notice.to, place)?);
            }
        }
        Ok(response)
    }

    /// The language of a message sent to `to` from a request made at `asked_at`.
    pub(in crate::app) fn notice_lang(
        &self,
        to: &Destination,
        asked_at: &Place,
    ) -> Result<Lang, AppError> {
        match to {
            Destination::Place(p) => self.server_lang(p),
            Destination::Dm(u) => match self.user_lang(*u)? {
                Some(lang) => Ok(lang),
                None => match asked_at {
                    Place::Channel { .. } => self.server_lang(asked_at),
                    Place::Dm { .. } => Ok(Lang::default()),
                },
            },
        }
    }

    /// Sets `user`'s own language, and (for a front end that is its operator's own server,
    /// like the console's `--lang`) the language of `guild` too.
    pub fn choose_language(
        &self,
        user: UserId,
        guild: Option<u64>,
        lang: Lang,
    ) -> Result<(), AppError> {
        let now = self.clock.now();
        self.store.set_user_language(user, Some(lang.code()), now)?;
        if let Some(guild) = guild {
            self.store
                .set_server_language(guild, Some(lang.code()), user, now)?;
        }
        Ok(())
    }

    /// Stores `user`'s choice from `/bao prefs language` (`None`: back to the server's).
    pub(in crate::app) fn set_user_language(
        &self,
        user: UserId,
        lang: Option<Lang>,
    ) -> Result<(), AppError> {
        self.store
            .set_user_language(user, lang.map(Lang::code), self.clock.now())?;
        Ok(())
    }

    /// `user`'s own choice, if any (for `/bao prefs`).
    pub(in crate::app) fn chosen_language(&self, user: UserId) -> Result<Option<Lang>, AppError> {
        self.user_lang(user)
    }

    /// `/bao-settings language VALUE` in `guild`: `en`, `sw`, or `default` (English).
    pub(in crate::app) fn set_server_language(
        &self,
        user: &User,
        guild: u64,
        value: &str,
    ) -> Answer {
        let typed = value.trim();
        let lang = if typed.eq_ignore_ascii_case("default") {
            None
        } else {
            match typed.parse::<Lang>() {
                Ok(lang) => Some(lang),
                Err(_) => {
                    return Err(refuse(msg!(
                        "language-unknown",
                        typed = Text::typed(typed),
                        accepted = accepted()
                    )))
                }
            }
        };
        self.store
            .set_server_language(guild, lang.map(Lang::code), user.id, self.clock.now())?;
        let shown = lang.unwrap_or_default();
        let text = msg!(
            "language-server-set",
            code = shown.code(),
            name = shown.own_name(),
            default = if lang.is_none() { "yes" } else { "no" }
        );
        Ok(Reply::private(text).into())
    }

    /// The line of `/bao help topic:settings` that shows the server's language.
    pub(in crate::app) fn language_shown(&self, guild: u64) -> Result<Text, AppError> {
        let set = self.store.server_language(guild)?;
        let lang = set
            .as_ref()
            .and_then(|s| Lang::from_code(&s.code))
            .unwrap_or_default();
        let changed: Text = match &set {
            Some(s) => msg!(
                "setting-changed-by",
                who = format!("<@{}>", s.changed_by),
                when = timestamp(s.changed_at)
            )
            .into(),
            None => msg!("setting-default").into(),
        };
        Ok(msg!(
            "language-setting-line",
            code = lang.code(),
            name = lang.own_name(),
            changed = changed
        )
        .into())
    }
}

impl App {
    /// The language of a notice made outside a request (the clock's [`App::tick`], the
    /// clock task): a notice to a place in that server's language; a DM in its recipient's
    /// (their choice, else the language of the server the game is played in, else English).
    pub(in crate::app) fn lone_notice_lang(&self, notice: &Notice) -> Result<Lang, AppError> {
        match &notice.to {
            Destination::Place(p) => self.server_lang(p),
            Destination::Dm(u) => match self.user_lang(*u)? {
                Some(lang) => Ok(lang),
                None => match self.store.game(notice.game)? {
                    Some(g) if !g.place.is_dm() => self.server_lang(&g.place),
                    _ => Ok(Lang::default()),
                },
            },
        }
    }

    /// Puts [`App::lone_notice_lang`] on every notice that has no language yet (those built
    /// where the language is known keep theirs). A store that cannot say leaves English,
    /// logged: the notice is sent all the same.
    pub(in crate::app) fn localise_notices(&self, notices: &mut [Notice]) {
        for notice in notices.iter_mut().filter(|n| n.reply.lang.is_none()) {
            match self.lone_notice_lang(notice) {
                Ok(lang) => notice.reply.lang = Some(lang),
                Err(e) => tracing::warn!(game = %notice.game, "no language for a notice: {e}"),
            }
        }
    }
}

/// `` `en` (English), `sw` (Kiswahili) ``: the languages one may choose.
pub(in crate::app) fn accepted() -> String {
    Lang::ALL
        .iter()
        .map(|l| format!("`{}` ({})", l.code(), l.own_name()))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A language as typed in `/bao prefs language:…`: a code or name, or `default` (back to
/// the server's, `None`); the error says what is accepted.
pub fn language_choice(typed: &str) -> Result<Option<Lang>, String> {
    if typed.trim().eq_ignore_ascii_case("default") {
        return Ok(None);
    }
    typed
        .parse::<Lang>()
        .map(Some)
        .map_err(|e| format!("{e}, or `default`"))
}
