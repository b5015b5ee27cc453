//! `/bao prefs`: turn notices (as `/bao prefs notify`), animations, board orientation, the
//! language the bot speaks to you, and one tap (the game page plays a pit's only move
//! without asking to confirm).

use crate::i18n::{Lang, Text};
use crate::msg;
use crate::store::{Notify, UserPrefs};
use crate::vocab::Orientation;

use crate::app::refusal::Answer;
use crate::app::{App, AppError};
use crate::app::{PrefsChange, Reply, User};

impl App {
    /// `/bao prefs [notify] [animations] [orientation] [language]`: changes what is given,
    /// then shows every preference (in the language just chosen).
    pub(in crate::app) fn prefs(&self, user: &User, change: PrefsChange) -> Answer {
        let now = self.clock.now();
        if let Some(mode) = change.notify {
            self.store.set_notify(user.id, mode, now)?;
            if mode == Notify::Dm {
                // Asked for DMs again: a refusal stored earlier is tried again.
                self.store.forget_dm_refusal(user.id, now)?;
            }
        }
        if let Some(lang) = change.language {
            self.set_user_language(user.id, lang)?;
        }
        if let Some(on) = change.one_tap {
            self.store.set_one_tap(user.id, on, now)?;
        }
        let one_tap = self.store.one_tap(user.id)?;
        let mut prefs = self.store.user_prefs(user.id)?;
        if change.animations.is_some() || change.orientation.is_some() {
            prefs = UserPrefs {
                animation: change.animations.or(prefs.animation),
                orientation: change.orientation.or(prefs.orientation),
            };
            self.store.set_user_prefs(user.id, &prefs, now)?;
        }
        let notify = self
            .store
            .player(user.id)?
            .map(|p| p.notify)
            .unwrap_or(Notify::Mention);
        let changed = change != PrefsChange::default();
        let language = match self.chosen_language(user.id)? {
            Some(lang) => msg!("prefs-language", code = lang.code(), name = lang.own_name()),
            None => msg!("prefs-language-default"),
        };
        let lines: [Text; 7] = [
            if changed {
                msg!("prefs-saved").into()
            } else {
                msg!("prefs-title").into()
            },
            msg!(
                "prefs-notify",
                mode = notify.as_str(),
                meaning = notify_words(notify)
            )
            .into(),
            msg!(
                "prefs-animations",
                value = match prefs.animation {
                    Some(true) => msg!("prefs-on"),
                    Some(false) => msg!("prefs-off"),
                    None => msg!("prefs-animations-default"),
                }
            )
            .into(),
            msg!(
                "prefs-orientation",
                value = match prefs.orientation.unwrap_or(Orientation::Mine) {
                    Orientation::Mine => msg!("prefs-orientation-mine"),
                    Orientation::South => msg!("prefs-orientation-south"),
                }
            )
            .into(),
            language.into(),
            msg!(
                "prefs-one-tap",
                value = if one_tap {
                    msg!("prefs-on")
                } else {
                    msg!("prefs-off")
                }
            )
            .into(),
            msg!("prefs-how", languages = languages_form()).into(),
        ];
        Ok(Reply::private(Text::one_per_line(lines)).into())
    }

    /// Whose rows `user`'s boards show at the bottom.
    pub(in crate::app) fn orientation_of(
        &self,
        user: crate::app::UserId,
    ) -> Result<Orientation, AppError> {
        Ok(self
            .store
            .user_prefs(user)?
            .orientation
            .unwrap_or(Orientation::Mine))
    }
}

/// What a turn-notice mode means (the words of `view::notify_text`, as messages).
pub(in crate::app) fn notify_words(mode: Notify) -> crate::i18n::Msg {
    match mode {
        Notify::Dm => msg!("notify-dm"),
        Notify::Mention => msg!("notify-mention"),
        Notify::Off => msg!("notify-off"),
    }
}

/// `en|sw`.
fn languages_form() -> String {
    Lang::ALL
        .iter()
        .map(|l| l.code())
        .collect::<Vec<_>>()
        .join("|")
}
