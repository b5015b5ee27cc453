//! The choices slash-command options offer, each turned into the app's own type.

use std::borrow::Cow;

use crate::app::{Level, Notify, Orientation, RatingScope, RuleSet, SideChoice, Theme, Variant};

/// Longest label or value Discord accepts in a choice.
pub const CHOICE_MAX: usize = 100;
/// Most choices Discord shows (more makes it refuse the answer).
pub const CHOICES_MAX: usize = 25;

/// Bao variant, as offered in the command's choices.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum VariantChoice {
    /// Bao la Kiswahili.
    #[name = "kiswahili"]
    Kiswahili,
    /// Bao la Kujifunza, the learner's variant.
    #[name = "kujifunza"]
    Kujifunza,
}

impl From<VariantChoice> for Variant {
    fn from(v: VariantChoice) -> Variant {
        match v {
            VariantChoice::Kiswahili => Variant::Kiswahili,
            VariantChoice::Kujifunza => Variant::Kujifunza,
        }
    }
}

/// Side, as offered in the command's choices.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum SideParam {
    /// South (moves first).
    #[name = "south"]
    South,
    /// North.
    #[name = "north"]
    North,
    /// A coin toss.
    #[name = "random"]
    Random,
}

impl From<SideParam> for SideChoice {
    fn from(s: SideParam) -> SideChoice {
        match s {
            SideParam::South => SideChoice::South,
            SideParam::North => SideChoice::North,
            SideParam::Random => SideChoice::Random,
        }
    }
}

/// AI level, as offered in the command's choices: every level of the ladder, labelled with
/// its ratings (`casual (1265, Kujifunza 1111)`, [`Level::label`]), straight from [`Level`]
/// so the choices never drift from it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LevelParam(pub Level);

impl poise::ChoiceParameter for LevelParam {
    fn list() -> Cow<'static, [poise::CommandParameterChoice]> {
        Level::ALL
            .iter()
            .map(|l| poise::CommandParameterChoice {
                name: l.label().into(),
                localizations: Cow::Borrowed(&[]),
                __non_exhaustive: (),
            })
            .collect::<Vec<_>>()
            .into()
    }

    fn from_index(index: usize) -> Option<LevelParam> {
        Level::ALL.get(index).copied().map(LevelParam)
    }

    /// A level's name, with or without its rating.
    fn from_name(name: &str) -> Option<LevelParam> {
        name.split_whitespace().next()?.parse().ok().map(LevelParam)
    }

    fn name(&self) -> &'static str {
        self.0.name()
    }

    fn localized_name(&self, _locale: &str) -> Option<&'static str> {
        None
    }
}

impl From<LevelParam> for Level {
    fn from(l: LevelParam) -> Level {
        l.0
    }
}

/// Notice mode, as offered in the command's choices.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum NotifyParam {
    /// Mention and DM.
    #[name = "dm"]
    Dm,
    /// Mention only.
    #[name = "mention"]
    Mention,
    /// Nothing.
    #[name = "off"]
    Off,
}

impl From<NotifyParam> for Notify {
    fn from(n: NotifyParam) -> Notify {
        match n {
            NotifyParam::Dm => Notify::Dm,
            NotifyParam::Mention => Notify::Mention,
            NotifyParam::Off => Notify::Off,
        }
    }
}

/// Rule set, as offered in the command's choices.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum RulesParam {
    /// v0.2, with takasia (the default).
    #[name = "v0.2"]
    V02,
    /// r002, without takasia.
    #[name = "r002"]
    R002,
}

impl From<RulesParam> for RuleSet {
    fn from(r: RulesParam) -> RuleSet {
        match r {
            RulesParam::V02 => RuleSet::V02,
            RulesParam::R002 => RuleSet::R002,
        }
    }
}

/// Leaderboard scope, as offered in the command's choices.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum ScopeParam {
    /// This server's ratings.
    #[name = "server"]
    Server,
    /// Everyone's ratings, in every server and DM.
    #[name = "global"]
    Global,
}

impl From<ScopeParam> for RatingScope {
    fn from(s: ScopeParam) -> RatingScope {
        match s {
            ScopeParam::Server => RatingScope::Server,
            ScopeParam::Global => RatingScope::Global,
        }
    }
}

/// Board orientation, as offered in `/bao prefs`.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum OrientationParam {
    /// My rows at the bottom.
    #[name = "mine"]
    Mine,
    /// Always South's rows at the bottom.
    #[name = "south"]
    South,
}

impl From<OrientationParam> for Orientation {
    fn from(o: OrientationParam) -> Orientation {
        match o {
            OrientationParam::Mine => Orientation::Mine,
            OrientationParam::South => Orientation::South,
        }
    }
}

/// The bot's language, as offered in `/bao prefs` (Discord has no Swahili locale: the
/// choice is remembered by the bot).
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum LanguageParam {
    /// English.
    #[name = "en"]
    En,
    /// Kiswahili.
    #[name = "sw"]
    Sw,
    /// Back to the server's language.
    #[name = "default"]
    Default,
}

impl From<LanguageParam> for Option<crate::app::Lang> {
    fn from(l: LanguageParam) -> Option<crate::app::Lang> {
        match l {
            LanguageParam::En => Some(crate::app::Lang::En),
            LanguageParam::Sw => Some(crate::app::Lang::Sw),
            LanguageParam::Default => None,
        }
    }
}

/// The pages of `/bao help`.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum HelpTopic {
    /// The commands (the default).
    #[name = "commands"]
    Commands,
    /// The rules in short.
    #[name = "rules"]
    Rules,
    /// How to write a move.
    #[name = "notation"]
    Notation,
    /// This server's settings.
    #[name = "settings"]
    Settings,
    /// The bot itself.
    #[name = "about"]
    About,
}

/// A puzzle theme, as offered in `/bao-puzzle`'s choices.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum ThemeChoice {
    /// Win in 1.
    #[name = "win-in-1"]
    WinIn1,
    /// Win in 2.
    #[name = "win-in-2"]
    WinIn2,
    /// Win in 3.
    #[name = "win-in-3"]
    WinIn3,
    /// Front-row kill.
    #[name = "front-row-kill"]
    FrontRowKill,
    /// Capture chain.
    #[name = "capture-chain"]
    CaptureChain,
    /// Nyumba.
    #[name = "nyumba"]
    Nyumba,
    /// Takasia.
    #[name = "takasia"]
    Takasia,
    /// Namua.
    #[name = "namua"]
    Namua,
    /// Mtaji.
    #[name = "mtaji"]
    Mtaji,
    /// Defence.
    #[name = "defence"]
    Defence,
    /// Long relay.
    #[name = "long-relay"]
    LongRelay,
}

impl From<ThemeChoice> for Theme {
    fn from(t: ThemeChoice) -> Theme {
        match t {
            ThemeChoice::WinIn1 => Theme::WinIn(1),
            ThemeChoice::WinIn2 => Theme::WinIn(2),
            ThemeChoice::WinIn3 => Theme::WinIn(3),
            ThemeChoice::FrontRowKill => Theme::FrontRowKill,
            ThemeChoice::CaptureChain => Theme::CaptureChain,
            ThemeChoice::Nyumba => Theme::Nyumba,
            ThemeChoice::Takasia => Theme::Takasia,
            ThemeChoice::Namua => Theme::Namua,
            ThemeChoice::Mtaji => Theme::Mtaji,
            ThemeChoice::Defence => Theme::Defence,
            ThemeChoice::LongRelay => Theme::LongRelay,
        }
    }
}
