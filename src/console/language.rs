//! `bao-bot console --lang`: the console is its operator's own server, so the language
//! chosen is both the first user's own and the console server's (docs/i18n.md).

use crate::app::{App, AppError, Lang, UserId};

/// Makes `lang` the language of the console user `name` and of the console's server.
pub fn choose_language(app: &App, name: &str, lang: Lang) -> Result<(), AppError> {
    let id = super::id_of("user", name.trim_start_matches('@'));
    app.choose_language(UserId(id), Some(super::CONSOLE_GUILD), lang)
}
