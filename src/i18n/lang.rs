//! The languages the bot speaks.

use std::fmt;
use std::str::FromStr;

/// A language of the catalogue (`assets/i18n/<code>/`). English is the fallback: a message
/// missing in another language is said in English.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub enum Lang {
    /// English (`en`), the fallback.
    #[default]
    En,
    /// Swahili (`sw`), Kiswahili.
    Sw,
}

impl Lang {
    /// Every language, English first.
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Sw];

    /// The code: the catalogue's folder, the stored value and the typed form (`en`, `sw`).
    pub const fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Sw => "sw",
        }
    }

    /// The language's own name for itself (`English`, `Kiswahili`).
    pub const fn own_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Sw => "Kiswahili",
        }
    }

    /// The language a stored code names, if this build knows it.
    pub fn from_code(code: &str) -> Option<Lang> {
        Lang::ALL.into_iter().find(|l| l.code() == code)
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// Text that names no language the bot speaks.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{typed}` is not a language of the bot: write {}", accepted())]
pub struct UnknownLang {
    /// What was typed.
    pub typed: String,
}

/// `en (English) or sw (Kiswahili)`.
fn accepted() -> String {
    let names: Vec<String> = Lang::ALL
        .iter()
        .map(|l| format!("`{}` ({})", l.code(), l.own_name()))
        .collect();
    names.join(" or ")
}

impl FromStr for Lang {
    type Err = UnknownLang;

    /// Reads `en`, `sw`, or a name: `english`, `swahili`, `kiswahili` (any case).
    fn from_str(s: &str) -> Result<Lang, UnknownLang> {
        let t = s.trim().to_lowercase();
        match t.as_str() {
            "en" | "eng" | "english" | "kiingereza" => Ok(Lang::En),
            "sw" | "swa" | "swahili" | "kiswahili" => Ok(Lang::Sw),
            _ => Err(UnknownLang {
                typed: s.trim().to_string(),
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn languages_read_their_codes_and_names_and_refuse_others_with_the_list() {
        for l in Lang::ALL {
            assert_eq!(l.code().parse::<Lang>(), Ok(l));
            assert_eq!(Lang::from_code(&l.to_string()), Some(l));
        }
        assert_eq!("Kiswahili".parse::<Lang>(), Ok(Lang::Sw));
        assert_eq!(" EN ".parse::<Lang>(), Ok(Lang::En));
        let err = "fr".parse::<Lang>().unwrap_err().to_string();
        assert_eq!(
            err,
            "`fr` is not a language of the bot: write `en` (English) or `sw` (Kiswahili)"
        );
    }
}
