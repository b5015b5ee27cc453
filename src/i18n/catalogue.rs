//! The message catalogue: `assets/i18n/<lang>/*.ftl` (Project Fluent), embedded in the
//! binary at compile time by `fluent-templates`' `static_loader!`, one bundle per language.
//!
//! A message is looked up in the asked language, then in English; it is never shown as its
//! id. The checks of `tests/it/i18n_catalogue.rs` make sure every message exists in every
//! language with the same variables, so the fallbacks here are a safety net, logged.

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::LazyLock;

use fluent_templates::fluent_bundle::FluentValue;
use fluent_templates::LanguageIdentifier;

use super::text::{Arg, Msg, Style};
use super::Lang;

fluent_templates::static_loader! {
    static LOCALES = {
        locales: "./assets/i18n",
        fallback_language: "en",
        // No Unicode isolation marks around arguments: Discord, terminals and the board
        // pictures would show them.
        customise: |bundle| bundle.set_use_isolating(false),
    };
}

/// Each language's identifier, parsed once.
static IDS: LazyLock<[LanguageIdentifier; 2]> = LazyLock::new(|| {
    Lang::ALL.map(|l| {
        l.code()
            .parse()
            .expect("the languages' codes are valid identifiers")
    })
});

fn id_of(lang: Lang) -> &'static LanguageIdentifier {
    &IDS[Lang::ALL.iter().position(|l| *l == lang).unwrap_or(0)]
}

/// The arguments of `msg` as Fluent values, nested texts said in `lang` and `style`.
fn arguments(
    msg: &Msg,
    lang: Lang,
    style: Style,
) -> HashMap<Cow<'static, str>, FluentValue<'static>> {
    msg.args()
        .iter()
        .map(|(name, arg)| {
            let value = match arg {
                Arg::Str(s) => FluentValue::from(s.clone()),
                Arg::Num(n) => FluentValue::from(*n),
                Arg::Text(t) => FluentValue::from(t.say(lang, style)),
            };
            (Cow::Borrowed(*name), value)
        })
        .collect()
}

/// `msg` said in `lang` (names in `style`): in English when `lang` lacks it or cannot
/// fill it in.
pub(super) fn render(msg: &Msg, lang: Lang, style: Style) -> String {
    if let Some(s) = look_up(msg, lang, style) {
        return s;
    }
    if lang != Lang::En {
        tracing::warn!(id = msg.id(), %lang, "message missing or broken; said in English");
        if let Some(s) = look_up(msg, Lang::En, style) {
            return s;
        }
    }
    tracing::error!(id = msg.id(), "message missing in English");
    // Never the id: the arguments as they are, or an ellipsis.
    let args: Vec<String> = msg
        .args()
        .iter()
        .map(|(_, a)| match a {
            Arg::Str(s) => s.clone(),
            Arg::Num(n) => n.to_string(),
            Arg::Text(t) => t.say(lang, style),
        })
        .collect();
    if args.is_empty() {
        "…".into()
    } else {
        args.join(" ")
    }
}

/// `msg` in `lang` exactly: `None` when it is missing there or a variable is unfilled.
pub fn lookup(msg: &Msg, lang: Lang) -> Option<String> {
    look_up(msg, lang, Style::Plain)
}

fn look_up(msg: &Msg, lang: Lang, style: Style) -> Option<String> {
    let args = arguments(msg, lang, style);
    LOCALES
        .lookup_single_language(id_of(lang), msg.id(), Some(&args))
        .ok()
}
