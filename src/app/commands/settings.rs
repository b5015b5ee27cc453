//! Server settings (`/bao help topic:settings`, `/bao-settings`), what they mean for new games, the
//! rule sets explained (`/bao help topic:rules`), and `/bao help topic:about`.

use crate::i18n::words;
use crate::i18n::{Msg, Text};
use crate::msg;
use crate::rules::{RuleSet, Variant};
use crate::store::{SettingKey, SettingValue, UserId};
use crate::vocab::{clock_option, TimeControl};

use crate::app::parse::{on_off, read_time_per_move};
use crate::app::refusal::{refuse, Answer};
use crate::app::view::timestamp;
use crate::app::{App, AppError, Place};
use crate::app::{Reply, Settings, User};

// The rule sets' explanation (`/bao help topic:rules`) is in the catalogue: `rule-sets-*`.

/// Where an accepted challenge's game is played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Placement {
    /// In a public thread opened on the challenge message (the default).
    Thread,
    /// In the channel itself, one game at a time.
    Channel,
}

/// A server's settings with the defaults filled in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServerConfig {
    /// The variant of new games.
    pub variant: Variant,
    /// The rule set of new games.
    pub rules: RuleSet,
    /// Seconds per move when a challenge names none (`None`: untimed).
    pub time_per_move: Option<i64>,
    /// Whether games are rated by default.
    pub rated: bool,
    /// Where games are played.
    pub placement: Placement,
    /// The channels where new games may start (empty: everywhere).
    pub channels: Vec<u64>,
    /// Move animations, for players who chose none in `/bao prefs`.
    pub animations: bool,
    /// The most games one member may have running here (`None`: no limit).
    pub max_games: Option<u32>,
    /// The clock of challenges that name neither a clock nor a time per move (`None`: the
    /// time per move applies).
    pub clock: Option<TimeControl>,
}

/// A setting's value read from what a member typed: the text to store, or why it is wrong.
fn read_value(key: SettingKey, typed: &str) -> Result<Option<String>, Text> {
    let t = typed.trim();
    let lower = t.to_ascii_lowercase();
    if lower == "default" {
        return Ok(None);
    }
    let on_off = |what: &str| match on_off(t) {
        Some(on) => Ok(Some(if on { "on" } else { "off" }.to_string())),
        None => Err(msg!("settings-bad-on-off", what = what, typed = Text::typed(t)).into()),
    };
    match key {
        SettingKey::Variant => t
            .parse::<Variant>()
            .map(|v| Some(v.name().to_string()))
            .map_err(|_| msg!("settings-bad-variant", typed = Text::typed(t)).into()),
        SettingKey::Rules => t
            .parse::<RuleSet>()
            .map(|r| Some(r.name().to_string()))
            .map_err(|_| msg!("settings-bad-rules", typed = Text::typed(t)).into()),
        SettingKey::TimePerMove => read_time_per_move(t).map(|secs| {
            Some(match secs {
                Some(s) => s.to_string(),
                None => "none".to_string(),
            })
        }),
        SettingKey::Rated => on_off("rated"),
        SettingKey::Animations => on_off("animations"),
        SettingKey::Placement => match lower.as_str() {
            "thread" | "threads" => Ok(Some("thread".into())),
            "channel" => Ok(Some("channel".into())),
            _ => Err(msg!("settings-bad-placement", typed = Text::typed(t)).into()),
        },
        SettingKey::Channels => {
            if matches!(lower.as_str(), "everywhere" | "all" | "-" | "none") {
                return Ok(Some(String::new()));
            }
            let mut ids = Vec::new();
            for word in t.split([' ', ',']).filter(|w| !w.is_empty()) {
                let digits = word.trim_start_matches("<#").trim_end_matches('>');
                match digits.parse::<u64>() {
                    Ok(id) if id > 0 => ids.push(id.to_string()),
                    _ => return Err(msg!("settings-bad-channel", word = Text::typed(word)).into()),
                }
            }
            if ids.is_empty() {
                return Err(msg!("settings-no-channels").into());
            }
            Ok(Some(ids.join(",")))
        }
        SettingKey::Clock => match clock_option(t) {
            Ok(Some(c)) => Ok(Some(c.to_string())),
            Ok(None) => Ok(Some("none".into())),
            Err(e) => Err(words::clock_error(&e).into()),
        },
        SettingKey::MaxGames => {
            if lower == "none" || lower == "unlimited" {
                return Ok(Some("none".into()));
            }
            match t.parse::<u32>() {
                Ok(n) if (1..=100).contains(&n) => Ok(Some(n.to_string())),
                _ => Err(msg!("settings-bad-max-games", typed = Text::typed(t)).into()),
            }
        }
    }
}

impl ServerConfig {
    /// The bot's defaults, from the config file.
    fn defaults(bot: &Settings) -> ServerConfig {
        ServerConfig {
            variant: Variant::default(),
            rules: RuleSet::default(),
            time_per_move: bot.default_time_per_move,
            rated: bot.rated_by_default,
            placement: Placement::Thread,
            channels: Vec::new(),
            animations: bot.animation,
            max_games: None,
            clock: None,
        }
    }

    /// The defaults with the stored values laid over them (an unreadable value is ignored).
    fn from_rows(rows: &[SettingValue], bot: &Settings) -> ServerConfig {
        let mut c = ServerConfig::defaults(bot);
        for row in rows {
            let Some(v) = row.value.as_deref() else {
                continue;
            };
            match row.key {
                SettingKey::Variant => c.variant = v.parse().unwrap_or(c.variant),
                SettingKey::Rules => c.rules = v.parse().unwrap_or(c.rules),
                SettingKey::TimePerMove => {
                    c.time_per_move = if v == "none" {
                        None
                    } else {
                        v.parse().ok().or(c.time_per_move)
                    }
                }
                SettingKey::Rated => c.rated = v == "on",
                SettingKey::Animations => c.animations = v == "on",
                SettingKey::Placement => {
                    c.placement = if v == "channel" {
                        Placement::Channel
                    } else {
                        Placement::Thread
                    }
                }
                SettingKey::Channels => {
                    c.channels = v.split(',').filter_map(|x| x.parse().ok()).collect()
                }
                SettingKey::MaxGames => c.max_games = v.parse().ok(),
                SettingKey::Clock => c.clock = v.parse().ok(),
            }
        }
        c
    }

    /// One setting in words.
    fn shown(&self, key: SettingKey) -> Text {
        let on = |b: bool| -> Text {
            if b {
                msg!("prefs-on").into()
            } else {
                msg!("prefs-off").into()
            }
        };
        match key {
            SettingKey::Variant => self.variant.name().into(),
            SettingKey::Rules => self.rules.name().into(),
            SettingKey::TimePerMove => match self.time_per_move {
                Some(t) => words::span(t, false),
                None => msg!("settings-untimed").into(),
            },
            SettingKey::Rated => on(self.rated),
            SettingKey::Animations => on(self.animations),
            SettingKey::Placement => match self.placement {
                Placement::Thread => msg!("settings-placement-thread").into(),
                Placement::Channel => msg!("settings-placement-channel").into(),
            },
            SettingKey::Channels if self.channels.is_empty() => msg!("settings-everywhere").into(),
            SettingKey::Channels => self
                .channels
                .iter()
                .map(|c| format!("<#{c}>"))
                .collect::<Vec<_>>()
                .join(" ")
                .into(),
            SettingKey::MaxGames => match self.max_games {
                Some(n) => n.to_string().into(),
                None => msg!("settings-no-limit").into(),
            },
            SettingKey::Clock => match self.clock {
                Some(c) => words::clock(&c).into(),
                None => msg!("settings-none").into(),
            },
        }
    }
}

/// What a setting is for, shown by `/bao help topic:settings`.
fn about_key(key: SettingKey) -> Msg {
    match key {
        SettingKey::Variant => msg!("settings-about-variant"),
        SettingKey::Rules => msg!("settings-about-rules"),
        SettingKey::TimePerMove => msg!("settings-about-time-per-move"),
        SettingKey::Rated => msg!("settings-about-rated"),
        SettingKey::Placement => msg!("settings-about-placement"),
        SettingKey::Channels => msg!("settings-about-channels"),
        SettingKey::Animations => msg!("settings-about-animations"),
        SettingKey::MaxGames => msg!("settings-about-max-games"),
        SettingKey::Clock => msg!("settings-about-clock"),
    }
}

/// How to change a setting.
fn settings_form() -> Msg {
    msg!("settings-form")
}

impl App {
    /// The settings of the server `place` is in (the bot's defaults in a DM).
    pub(in crate::app) fn server_config(&self, place: &Place) -> Result<ServerConfig, AppError> {
        Ok(match place {
            Place::Channel { guild, .. } => {
                ServerConfig::from_rows(&self.store.server_settings(*guild)?, &self.settings)
            }
            Place::Dm { .. } => ServerConfig::defaults(&self.settings),
        })
    }

    /// Refuses a new game at `place` when the server allows games only in other channels,
    /// or when one of `members` already has the most games the server allows.
    pub(in crate::app) fn may_start_here(
        &self,
        place: &Place,
        config: &ServerConfig,
        members: &[&User],
    ) -> Result<Option<Reply>, AppError> {
        let Place::Channel { guild, channel } = *place else {
            return Ok(None);
        };
        if !config.channels.is_empty() && !config.channels.contains(&channel) {
            let list = config.shown(SettingKey::Channels);
            return Ok(Some(Reply::private(msg!(
                "settings-channels-only",
                channels = list
            ))));
        }
        if let Some(max) = config.max_games {
            for m in members {
                if self.store.running_games_in_guild(guild, m.id)? >= max {
                    let text = if m.id == members[0].id {
                        msg!("settings-max-games-you", max = max)
                    } else {
                        msg!(
                            "settings-max-games-they",
                            name = Text::name(&m.name),
                            max = max
                        )
                    };
                    return Ok(Some(Reply::private(text)));
                }
            }
        }
        Ok(None)
    }

    /// `/bao help topic:settings`.
    pub(in crate::app) fn show_server_settings(
        &self,
        place: &Place,
        here: crate::app::ThreadsHere,
    ) -> Answer {
        let Place::Channel { guild, .. } = *place else {
            return Err(refuse(msg!("settings-server-only-help")));
        };
        let rows = self.store.server_settings(guild)?;
        let config = ServerConfig::from_rows(&rows, &self.settings);
        let mut text = Text::from(msg!("settings-title"));
        for &key in SettingKey::ALL {
            let changed: Text = match rows.iter().find(|r| r.key == key) {
                Some(r) => msg!(
                    "setting-changed-by",
                    who = format!("<@{}>", r.changed_by),
                    when = timestamp(r.changed_at)
                )
                .into(),
                None => msg!("setting-default").into(),
            };
            text.line(msg!(
                "settings-line",
                key = key.as_str(),
                value = config.shown(key),
                about = about_key(key),
                changed = changed
            ));
        }
        text.line(self.threads_line(place, here, config.placement == Placement::Thread));
        if let Some(daily) = self.daily_puzzle_shown(guild)? {
            text.line(daily);
        }
        text.line(self.language_shown(guild)?);
        text.line(msg!("settings-managers-change", form = settings_form()));
        Ok(Reply::private(text).into())
    }

    /// `/bao-settings KEY VALUE`.
    pub(in crate::app) fn set_server_setting(
        &self,
        user: &User,
        place: &Place,
        key: &str,
        value: &str,
        manage_server: bool,
    ) -> Answer {
        let Place::Channel { guild, .. } = *place else {
            return Err(refuse(msg!("settings-server-only-set")));
        };
        if !manage_server {
            return Err(refuse(msg!("settings-managers-only")));
        }
        if key
            .trim()
            .eq_ignore_ascii_case(super::puzzle_daily::DAILY_KEY)
        {
            return self.set_daily_puzzle(user, guild, value);
        }
        if key
            .trim()
            .eq_ignore_ascii_case(super::language::LANGUAGE_KEY)
        {
            return self.set_server_language(user, guild, value);
        }
        let Some(key) = SettingKey::parse(&key.trim().to_ascii_lowercase()) else {
            return Err(refuse(msg!(
                "settings-unknown-key",
                key = Text::typed(key.trim()),
                form = settings_form()
            )));
        };
        let stored = match read_value(key, value) {
            Ok(v) => v,
            Err(e) => return Err(refuse(e.then("."))),
        };
        self.store.set_server_setting(
            guild,
            key,
            stored.as_deref(),
            UserId(user.id.0),
            self.clock.now(),
        )?;
        let config = self.server_config(place)?;
        Ok(Reply::private(msg!(
            "settings-set",
            key = key.as_str(),
            value = config.shown(key),
            default = if stored.is_none() { "yes" } else { "no" }
        ))
        .into())
    }

    /// `/bao help topic:about`.
    pub(in crate::app) fn about(&self) -> Answer {
        let (running, played, servers) = self.store.game_totals()?;
        let up = (self.clock.now() - self.started).max(0);
        let rule_sets = Text::join(
            RuleSet::ALL.iter().map(|r| {
                Text::verbatim(format!("`{}` (", r.name()))
                    .then(match r {
                        RuleSet::V02 => msg!("about-rule-set-v02"),
                        RuleSet::R002 => msg!("about-rule-set-r002"),
                    })
                    .then(")")
            }),
            ", ",
        );
        let up = words::span(up, false);
        let source = match &self.settings.source_url {
            Some(url) => msg!("about-source", url = format!("<{url}>")),
            None => msg!("about-no-source"),
        };
        Ok(Reply::private(Text::one_per_line([
            msg!("about-head", version = env!("CARGO_PKG_VERSION")),
            msg!("about-rule-sets", list = rule_sets),
            msg!(
                "about-up",
                up = up,
                running = running,
                played = played,
                servers = servers
            ),
            source,
        ]))
        .into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_read_and_refused_with_the_right_form() {
        assert_eq!(
            read_value(SettingKey::Rules, "R002"),
            Ok(Some("r002".into()))
        );
        assert_eq!(read_value(SettingKey::Rules, "default"), Ok(None));
        assert!(read_value(SettingKey::Rules, "r003")
            .unwrap_err()
            .contains("v0.2"));
        assert_eq!(
            read_value(SettingKey::Channels, "<#12> <#34>"),
            Ok(Some("12,34".into()))
        );
        assert_eq!(
            read_value(SettingKey::Channels, "everywhere"),
            Ok(Some(String::new()))
        );
        assert!(read_value(SettingKey::Channels, "#bao").is_err());
        assert_eq!(
            read_value(SettingKey::TimePerMove, "1d"),
            Ok(Some("86400".into()))
        );
        assert!(read_value(SettingKey::MaxGames, "0").is_err());
        assert_eq!(read_value(SettingKey::MaxGames, "3"), Ok(Some("3".into())));
        assert!(read_value(SettingKey::Placement, "forum")
            .unwrap_err()
            .contains("thread"));
    }
}
