//! Server settings (`/bao help topic:settings`, `/bao-settings`), what they mean for new games, the
//! rule sets explained (`/bao help topic:rules`), and `/bao help topic:about`.

use crate::rules::{RuleSet, Variant};
use crate::store::{SettingKey, SettingValue, UserId};
use crate::vocab::{clock_option, TimeControl};

use crate::app::parse::{on_off, span, time_per_move};
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
fn read_value(key: SettingKey, typed: &str) -> Result<Option<String>, String> {
    let t = typed.trim();
    let lower = t.to_ascii_lowercase();
    if lower == "default" {
        return Ok(None);
    }
    let on_off = |what: &str| match on_off(t) {
        Some(on) => Ok(Some(if on { "on" } else { "off" }.to_string())),
        None => Err(format!("{what} is `on` or `off` (or `default`), not `{t}`")),
    };
    match key {
        SettingKey::Variant => t
            .parse::<Variant>()
            .map(|v| Some(v.name().to_string()))
            .map_err(|e| e.to_string()),
        SettingKey::Rules => t
            .parse::<RuleSet>()
            .map(|r| Some(r.name().to_string()))
            .map_err(|e| e.to_string()),
        SettingKey::TimePerMove => time_per_move(t).map(|secs| {
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
            _ => Err(format!(
                "placement is `thread` (each game in its own thread) or `channel` (one game per channel), not `{t}`"
            )),
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
                    _ => {
                        return Err(format!(
                            "`{word}` is not a channel: name channels like #bao #games, or write `everywhere`"
                        ))
                    }
                }
            }
            if ids.is_empty() {
                return Err("name the channels like #bao #games, or write `everywhere`".into());
            }
            Ok(Some(ids.join(",")))
        }
        SettingKey::Clock => match clock_option(t) {
            Ok(Some(c)) => Ok(Some(c.to_string())),
            Ok(None) => Ok(Some("none".into())),
            Err(e) => Err(e.to_string().trim_end_matches('.').to_string()),
        },
        SettingKey::MaxGames => {
            if lower == "none" || lower == "unlimited" {
                return Ok(Some("none".into()));
            }
            match t.parse::<u32>() {
                Ok(n) if (1..=100).contains(&n) => Ok(Some(n.to_string())),
                _ => Err(format!(
                    "max_games is a number from 1 to 100, or `none` for no limit, not `{t}`"
                )),
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
    fn shown(&self, key: SettingKey) -> String {
        let on = |b: bool| if b { "on" } else { "off" }.to_string();
        match key {
            SettingKey::Variant => self.variant.name().into(),
            SettingKey::Rules => self.rules.name().into(),
            SettingKey::TimePerMove => match self.time_per_move {
                Some(t) => span(t),
                None => "none (untimed)".into(),
            },
            SettingKey::Rated => on(self.rated),
            SettingKey::Animations => on(self.animations),
            SettingKey::Placement => match self.placement {
                Placement::Thread => "thread (each game in its own thread)".into(),
                Placement::Channel => "channel (one game per channel)".into(),
            },
            SettingKey::Channels if self.channels.is_empty() => "everywhere".into(),
            SettingKey::Channels => self
                .channels
                .iter()
                .map(|c| format!("<#{c}>"))
                .collect::<Vec<_>>()
                .join(" "),
            SettingKey::MaxGames => match self.max_games {
                Some(n) => n.to_string(),
                None => "no limit".into(),
            },
            SettingKey::Clock => match self.clock {
                Some(c) => c.describe(),
                None => "none".into(),
            },
        }
    }
}

/// What a setting is for, shown by `/bao help topic:settings`.
fn about_key(key: SettingKey) -> &'static str {
    match key {
        SettingKey::Variant => "variant of new games",
        SettingKey::Rules => "rule set of new games (v0.2 or r002)",
        SettingKey::TimePerMove => "time per move when a challenge names none",
        SettingKey::Rated => "games rated by default",
        SettingKey::Placement => "where games are played",
        SettingKey::Channels => "channels where new games may start",
        SettingKey::Animations => {
            "move animations after each move (a player's own `/bao prefs animations` wins)"
        }
        SettingKey::MaxGames => "most games one member may have running here",
        SettingKey::Clock => {
            "clock of challenges that name none, like 5+3 or 3d+1d; when none, time_per_move applies"
        }
    }
}

const SETTINGS_FORM: &str = "write `/bao-settings <setting> <value>` with a setting among variant, rules, time_per_move, clock, rated, placement, channels, animations, max_games, language (`default` as the value resets one)";

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
            return Ok(Some(Reply::private(format!(
                "New games may start only in {list} on this server. Go there and try again."
            ))));
        }
        if let Some(max) = config.max_games {
            for m in members {
                if self.store.running_games_in_guild(guild, m.id)? >= max {
                    let who = if m.id == members[0].id {
                        "You have".to_string()
                    } else {
                        format!("{} has", m.name)
                    };
                    return Ok(Some(Reply::private(format!(
                        "{who} {max} games running or waiting on this server, the most it allows; finish one first (`/bao games` lists them)."
                    ))));
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
            return Err(refuse(
                "Settings belong to a server: use `/bao help topic:settings` in one of its channels.",
            ));
        };
        let rows = self.store.server_settings(guild)?;
        let config = ServerConfig::from_rows(&rows, &self.settings);
        let mut lines = vec!["**This server's Bao settings**".to_string()];
        for &key in SettingKey::ALL {
            let changed = match rows.iter().find(|r| r.key == key) {
                Some(r) => format!("changed by <@{}> {}", r.changed_by, timestamp(r.changed_at)),
                None => "default".into(),
            };
            lines.push(format!(
                "`{}`: **{}** ({}; {changed})",
                key.as_str(),
                config.shown(key),
                about_key(key)
            ));
        }
        lines.push(self.threads_line(place, here, config.placement == Placement::Thread));
        lines.extend(self.daily_puzzle_shown(guild)?);
        let language = self.language_shown(guild)?;
        lines.push(format!(
            "Members with Manage Server change them: {SETTINGS_FORM}."
        ));
        // The language's line goes before the last ("Members with Manage Server ...").
        let last = lines.pop().unwrap_or_default();
        let mut text = crate::i18n::Text::from(lines.join("\n"));
        text.line(language);
        text.line(last);
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
            return Err(refuse(
                "Settings belong to a server: use `/bao-settings` in one of its channels.",
            ));
        };
        if !manage_server {
            return Err(refuse(
                "Only members with the Manage Server permission may change this server's settings; `/bao help topic:settings` shows them.",
            ));
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
            return Err(refuse(format!(
                "`{}` is not a setting: {SETTINGS_FORM}.",
                key.trim()
            )));
        };
        let stored = match read_value(key, value) {
            Ok(v) => v,
            Err(e) => return Err(refuse(format!("{e}."))),
        };
        self.store.set_server_setting(
            guild,
            key,
            stored.as_deref(),
            UserId(user.id.0),
            self.clock.now(),
        )?;
        let config = self.server_config(place)?;
        Ok(Reply::private(format!(
            "`{}` is now **{}**{}; it applies to the next challenge or AI game.",
            key.as_str(),
            config.shown(key),
            if stored.is_none() {
                " (the default)"
            } else {
                ""
            }
        ))
        .into())
    }

    /// `/bao help topic:about`.
    pub(in crate::app) fn about(&self) -> Answer {
        let (running, played, servers) = self.store.game_totals()?;
        let up = (self.clock.now() - self.started).max(0);
        let rule_sets = RuleSet::ALL
            .iter()
            .map(|r| format!("`{}` ({})", r.name(), r.summary()))
            .collect::<Vec<_>>()
            .join(", ");
        Ok(Reply::private(format!(
            "**bao-bot {}**: Bao la Kiswahili and Bao la Kujifunza.\nRule sets: {rule_sets}.\nUp for {}. Games running or waiting: {running}; games played to the end: {played}; servers with games: {servers}.\n{}",
            env!("CARGO_PKG_VERSION"),
            if up < 60 { format!("{up} seconds") } else { span(up) },
            match &self.settings.source_url {
                Some(url) => format!("Source: <{url}>"),
                None => "Source: not published by whoever runs this bot (`source_url` in its config).".into(),
            },
        )).into())
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
