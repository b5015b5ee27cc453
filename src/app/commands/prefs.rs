//! `/bao prefs`: turn notices (as `/bao prefs notify`), animations and board orientation.

use crate::store::{Notify, UserPrefs};
use crate::vocab::Orientation;

use crate::app::refusal::Answer;
use crate::app::view::notify_text;
use crate::app::{App, AppError};
use crate::app::{PrefsChange, Reply, User};

impl App {
    /// `/bao prefs [notify] [animations] [orientation]`: changes what is given, then shows
    /// every preference.
    pub(in crate::app) fn prefs(&self, user: &User, change: PrefsChange) -> Answer {
        let now = self.clock.now();
        if let Some(mode) = change.notify {
            self.store.set_notify(user.id, mode, now)?;
        }
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
        let lines = [
            if changed {
                "**Saved.** Your preferences:".to_string()
            } else {
                "**Your preferences**".to_string()
            },
            format!("notify: **{}**: {}", notify.as_str(), notify_text(notify)),
            format!(
                "animations: **{}**",
                match prefs.animation {
                    Some(true) => "on",
                    Some(false) => "off",
                    None => "default (the server's)",
                }
            ),
            format!(
                "orientation: **{}**",
                match prefs.orientation.unwrap_or(Orientation::Mine) {
                    Orientation::Mine => "mine (your rows at the bottom)",
                    Orientation::South => "south (South's rows at the bottom, as in the rules)",
                }
            ),
            "Change them with `/bao prefs notify:dm|mention|off animations:on|off orientation:mine|south`."
                .to_string(),
        ];
        Ok(Reply::private(lines.join("\n")).into())
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
