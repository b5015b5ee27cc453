//! Reading a whole `/bao ...` line as the console's user types it (`/bao move a4 left
//! capture`, `/bao challenge @baraka time:1d`) into the app's [`Command`]. Discord parses
//! its options itself; the pieces both share (times, game numbers, switches) are in the app.

use crate::ai::Level;
use crate::app::{on_off, subcommands, Command, PrefsChange, RatingScope, Theme, User};
use crate::i18n::{Lang, Msg, Text};
use crate::msg;
use crate::rules::{RuleSet, Variant};
use crate::vocab::{GameId, Notify, Orientation, SideChoice};

fn side_choice(word: &str) -> Option<SideChoice> {
    match word.to_ascii_lowercase().as_str() {
        "south" | "s" => Some(SideChoice::South),
        "north" | "n" => Some(SideChoice::North),
        "random" => Some(SideChoice::Random),
        _ => None,
    }
}

/// `yes`/`no` (and the like) as a boolean.
fn yes_no(word: &str) -> Option<bool> {
    match word.to_ascii_lowercase().as_str() {
        "yes" | "y" | "true" | "on" | "1" => Some(true),
        "no" | "n" | "false" | "off" | "0" => Some(false),
        _ => None,
    }
}

/// `rated`, or `casual` / `unrated`, written as a word of `/bao challenge`.
fn rated_word(word: &str) -> Option<bool> {
    match word.to_ascii_lowercase().as_str() {
        "rated" => Some(true),
        "casual" | "unrated" => Some(false),
        _ => None,
    }
}

fn game_id(word: &str) -> Result<GameId, Msg> {
    word.trim_start_matches('#')
        .parse::<i64>()
        .map(GameId)
        .map_err(|_| msg!("console-not-game-number", word = word))
}

/// A variant typed in the console, or why it is not one.
pub(super) fn variant(word: &str) -> Result<Variant, Msg> {
    word.parse::<Variant>()
        .map_err(|_| msg!("console-not-variant", word = word))
}

/// A rule set typed in the console, or why it is not one.
pub(super) fn rule_set(word: &str) -> Result<RuleSet, Msg> {
    word.parse::<RuleSet>()
        .map_err(|_| msg!("console-not-rules", word = word, forms = "v0.2, r002"))
}

/// A puzzle theme typed in the console, or why it is not one.
fn theme(word: &str) -> Result<Theme, Msg> {
    word.parse::<Theme>().map_err(|_| {
        let names: Vec<&str> = Theme::ALL.iter().map(|t| t.name()).collect();
        msg!("console-not-theme", word = word, forms = names.join(", "))
    })
}

/// A language typed in the console (`sw`, `en`, `default`), or why it is not one.
fn language(word: &str) -> Result<Option<Lang>, Msg> {
    crate::app::language_choice(word).map_err(|_| {
        let codes: Vec<&str> = Lang::ALL.iter().map(|l| l.code()).collect();
        msg!(
            "console-not-language",
            word = word,
            forms = codes.join(", ")
        )
    })
}

/// Reads a leaderboard scope: `server` (or `here`) or `global` (or `everywhere`).
pub fn rating_scope(word: &str) -> Option<RatingScope> {
    match word.to_ascii_lowercase().as_str() {
        "server" | "here" => Some(RatingScope::Server),
        "global" | "everywhere" | "all" => Some(RatingScope::Global),
        _ => None,
    }
}

/// Reads a console line such as `/bao move a4 left capture`, `/bao ai hard north` or
/// `/bao challenge @baraka time:1d`. Options may be written `key:value` or by position.
/// `user_named` turns a name into a user (the console's made-up users).
pub fn command_line(line: &str, user_named: &mut dyn FnMut(&str) -> User) -> Result<Command, Text> {
    let mut words = line.split_whitespace();
    let first = words.next().unwrap_or("").trim_start_matches('/');
    let first = first.to_ascii_lowercase();
    // `/bao-replay game:1` is typed as Discord registers it; `/bao replay game:1`, the form
    // before the commands were spread over several top-level commands, is read the same.
    let family = match first.strip_prefix("bao-") {
        Some(family) if !family.is_empty() => Some(family),
        _ if first == "bao" => None,
        _ => return Err(msg!("console-starts-with-bao", commands = subcommands()).into()),
    };
    if family == Some("settings") {
        let rest: Vec<&str> = words.collect();
        return match rest.split_first() {
            Some((key, value)) if !value.is_empty() => Ok(Command::SetServerSetting {
                key: key.trim_start_matches("setting:").to_string(),
                value: value.join(" ").trim_start_matches("value:").to_string(),
                // The console is the operator's own terminal.
                manage_server: true,
            }),
            _ => Err(msg!("console-settings-how").into()),
        };
    }
    let Some(sub) = family.or_else(|| words.next()) else {
        return Ok(Command::Help);
    };
    let mut plain: Vec<&str> = Vec::new();
    let mut options: Vec<(String, &str)> = Vec::new();
    for w in words {
        match w.split_once(':') {
            Some((k, v)) if !k.is_empty() && !v.is_empty() => {
                options.push((k.to_ascii_lowercase(), v))
            }
            _ => plain.push(w),
        }
    }
    let option =
        |name: &str| -> Option<&str> { options.iter().find(|(k, _)| k == name).map(|(_, v)| *v) };
    let game = match option("game") {
        Some(g) => Some(game_id(g)?),
        None => None,
    };
    let no_args = |cmd: Command| -> Result<Command, Text> {
        if plain.is_empty() {
            Ok(cmd)
        } else {
            Err(msg!("console-no-arguments", sub = sub, words = plain.join(" ")).into())
        }
    };
    match sub.to_ascii_lowercase().as_str() {
        "challenge" => {
            let who = option("opponent")
                .or_else(|| plain.first().copied())
                .ok_or(msg!("console-challenge-whom"))?;
            let mut variant = option("variant").map(variant).transpose()?;
            let mut side = match option("side") {
                Some(s) => Some(side_choice(s).ok_or(msg!("console-not-side", word = s))?),
                None => None,
            };
            let mut time = option("time_per_move")
                .or_else(|| option("time"))
                .map(String::from);
            let mut clock = option("clock").map(String::from);
            let cap = option("cap").map(String::from);
            let mut rules = option("rules").map(rule_set).transpose()?;
            let mut rated = match option("rated") {
                Some(r) => {
                    Some(yes_no(r).ok_or(msg!("console-yes-no", option = "rated", word = r))?)
                }
                None => None,
            };
            let mut hints = match option("hints") {
                Some(h) => {
                    Some(yes_no(h).ok_or(msg!("console-yes-no", option = "hints", word = h))?)
                }
                None => None,
            };
            for w in plain.iter().skip(1) {
                if w.eq_ignore_ascii_case("hints") {
                    hints = Some(true);
                } else if let Ok(v) = w.parse::<Variant>() {
                    variant = Some(v);
                } else if let Ok(r) = w.parse::<RuleSet>() {
                    rules = Some(r);
                } else if let Some(s) = side_choice(w) {
                    side = Some(s);
                } else if let Some(r) = rated_word(w) {
                    rated = Some(r);
                } else if w.contains('+') {
                    clock = Some(w.to_string());
                } else {
                    time = Some(w.to_string());
                }
            }
            Ok(Command::Challenge {
                opponent: user_named(who.trim_start_matches('@')),
                variant,
                side,
                time_per_move: time,
                rules,
                rated,
                hints,
                clock,
                cap,
            })
        }
        "accept" => no_args(Command::Accept),
        "decline" => no_args(Command::Decline),
        "move" => {
            let text = option("move")
                .map(String::from)
                .unwrap_or_else(|| plain.join(" "));
            if text.trim().is_empty() {
                return Err(msg!("console-which-move").into());
            }
            Ok(Command::Move { text, game })
        }
        "board" => match option("new-link").map(on_off) {
            // `/bao board new-link:true`: a new play link, the old one stops working.
            Some(Some(true)) => no_args(Command::NewPlayLink { game }),
            Some(None) => Err(msg!("console-not-pref", word = "new-link").into()),
            _ => no_args(Command::Board { game }),
        },
        "moves" => no_args(Command::Moves),
        "history" => no_args(Command::History { game }),
        "resign" => no_args(Command::Resign),
        "draw" => match option("decline").map(on_off) {
            // `/bao draw decline:true`: the opponent's offer declined.
            Some(Some(true)) => no_args(Command::DeclineDraw),
            Some(None) => Err(msg!("console-not-pref", word = "decline").into()),
            _ => no_args(Command::Draw),
        },
        "abort" => no_args(Command::Abort),
        "ai" => {
            let mut level = None;
            let mut side = None;
            let mut variant = None;
            let mut rules = None;
            let mut clock = option("clock").map(String::from);
            let words = plain.iter().copied().chain(
                ["level", "side", "variant", "rules"]
                    .iter()
                    .filter_map(|k| option(k)),
            );
            for w in words {
                if w.contains('+') {
                    clock = Some(w.to_string());
                } else if let Ok(l) = w.parse::<Level>() {
                    level = Some(l);
                } else if let Some(s) = side_choice(w) {
                    side = Some(s);
                } else if let Ok(v) = w.parse::<Variant>() {
                    variant = Some(v);
                } else if let Ok(r) = w.parse::<RuleSet>() {
                    rules = Some(r);
                } else {
                    return Err(msg!("console-ai-word", word = w, levels = Level::names()).into());
                }
            }
            Ok(Command::Ai {
                level,
                side,
                variant,
                rules,
                clock,
            })
        }
        "games" => no_args(Command::Games),
        "rules" => no_args(Command::Rules),
        "notation" => no_args(Command::Notation),
        "help" => match option("topic").or_else(|| plain.first().copied()) {
            None => Ok(Command::Help),
            Some(topic) => help_topic(topic),
        },
        "notify" => {
            let w = option("mode")
                .or_else(|| plain.first().copied())
                .unwrap_or("");
            let mode = Notify::parse(&w.to_ascii_lowercase()).ok_or(msg!("console-notify-how"))?;
            Ok(Command::Notify(mode))
        }
        "claim" => no_args(Command::Claim),
        "settings" => match plain.split_first() {
            None => Ok(Command::ServerSettings),
            Some((w, rest)) if w.eq_ignore_ascii_case("set") && rest.len() >= 2 => {
                Ok(Command::SetServerSetting {
                    key: rest[0].to_string(),
                    value: rest[1..].join(" "),
                    // The console is the operator's own terminal.
                    manage_server: true,
                })
            }
            Some(_) => Err(msg!("console-settings-topic").into()),
        },
        "prefs" => {
            let bad = |w: &str| msg!("console-not-pref", word = w);
            let mut change = PrefsChange::default();
            if let Some(w) = option("notify") {
                change.notify = Some(Notify::parse(&w.to_ascii_lowercase()).ok_or(bad(w))?);
            }
            if let Some(w) = option("animations").or_else(|| option("animation")) {
                change.animations = Some(on_off(w).ok_or(bad(w))?);
            }
            if let Some(w) = option("orientation") {
                change.orientation =
                    Some(Orientation::parse(&w.to_ascii_lowercase()).ok_or(bad(w))?);
            }
            if let Some(w) = option("language") {
                change.language = Some(language(w)?);
            }
            if let Some(w) = option("one-tap") {
                change.one_tap = Some(on_off(w).ok_or(bad(w))?);
            }
            let mut words = plain.iter();
            while let Some(w) = words.next() {
                let l = w.to_ascii_lowercase();
                if l == "animation" || l == "animations" {
                    // `/bao prefs animation off`, as well as `animations:off`.
                    let v = words.next().ok_or_else(|| bad(w))?;
                    change.animations = Some(on_off(v).ok_or_else(|| bad(v))?);
                } else if l == "language" {
                    // `/bao prefs language sw`, as well as `language:sw`.
                    let v = words.next().ok_or_else(|| bad(w))?;
                    change.language = Some(language(v)?);
                } else if let Some(o) = Orientation::parse(&l) {
                    change.orientation = Some(o);
                } else if let Some(n) = Notify::parse(&l).filter(|n| *n != Notify::Off) {
                    change.notify = Some(n);
                } else {
                    return Err(bad(w).into());
                }
            }
            Ok(Command::Prefs(change))
        }
        "about" => no_args(Command::About),
        "replay" => {
            let ply = |name: &str, w: &str| {
                w.parse::<u32>()
                    .map_err(|_| msg!("console-not-ply", word = w, name = name))
            };
            let from = option("from").or_else(|| plain.first().copied());
            let to = option("to").or_else(|| plain.get(1).copied());
            if plain.len() > 2 {
                return Err(msg!("console-replay-how").into());
            }
            Ok(Command::Replay {
                game,
                from: from.map(|w| ply("from", w)).transpose()?,
                to: to.map(|w| ply("to", w)).transpose()?,
            })
        }
        "analyze" | "analyse" => no_args(Command::Analyze { game }),
        "hint" => no_args(Command::Hint),
        "takeback" => no_args(Command::Takeback),
        "leaderboard" => {
            let mut variant = None;
            let mut scope = None;
            let words = plain
                .iter()
                .copied()
                .chain(["variant", "scope"].iter().filter_map(|k| option(k)));
            for w in words {
                if let Ok(v) = w.parse::<Variant>() {
                    variant = Some(v);
                } else if let Some(s) = rating_scope(w) {
                    scope = Some(s);
                } else {
                    return Err(msg!("console-not-variant-or-scope", word = w).into());
                }
            }
            Ok(Command::Leaderboard { variant, scope })
        }
        "tournament" | "t" => {
            let owned = |k: &str| option(k).map(String::from);
            super::tournament::parse(&plain, &owned, user_named)
        }
        "learn" => {
            let word = option("lesson").or_else(|| plain.first().copied());
            if plain.len() > 1 {
                return Err(msg!("console-learn-how").into());
            }
            let lesson = word
                .map(|w| {
                    w.parse::<u32>()
                        .map_err(|_| msg!("console-not-lesson", word = w))
                })
                .transpose()?;
            Ok(Command::Learn { lesson })
        }
        "puzzle" | "puzzles" => {
            let mut theme = option("theme").map(theme).transpose()?;
            let mut variant = option("variant").map(variant).transpose()?;
            let mut daily = option("daily").is_some_and(|w| on_off(w) == Some(true));
            for w in &plain {
                if w.eq_ignore_ascii_case("daily") {
                    daily = true;
                } else if let Ok(v) = w.parse::<Variant>() {
                    variant = Some(v);
                } else {
                    theme = Some(self::theme(w)?);
                }
            }
            Ok(Command::Puzzle {
                theme,
                variant,
                daily,
            })
        }
        "stats" => {
            let mut variant = option("variant").map(variant).transpose()?;
            let mut who = option("user").or_else(|| option("player"));
            for w in &plain {
                if let Ok(v) = w.parse::<Variant>() {
                    variant = Some(v);
                } else if who.is_none() {
                    who = Some(*w);
                } else {
                    return Err(msg!("console-stats-word", word = *w).into());
                }
            }
            Ok(Command::Stats {
                player: who.map(|w| user_named(w.trim_start_matches('@'))),
                variant,
            })
        }
        other => Err(msg!(
            "console-unknown-command",
            word = other,
            commands = subcommands()
        )
        .into()),
    }
}

/// The page `/bao help topic:…` shows.
fn help_topic(topic: &str) -> Result<Command, Text> {
    match topic.to_ascii_lowercase().as_str() {
        "commands" => Ok(Command::Help),
        "rules" => Ok(Command::Rules),
        "notation" => Ok(Command::Notation),
        "settings" => Ok(Command::ServerSettings),
        "about" => Ok(Command::About),
        _ => Err(msg!("console-not-topic", word = topic).into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_forms_before_the_command_families_are_read_as_the_new_ones() {
        let mut named = |n: &str| User::new(7, n);
        for (old, new) in [
            ("/bao rules", "/bao help topic:rules"),
            ("/bao notation", "/bao help topic:notation"),
            ("/bao about", "/bao help topic:about"),
            ("/bao settings", "/bao help topic:settings"),
            ("/bao settings set rules r002", "/bao-settings rules r002"),
            ("/bao replay game:3 from:2", "/bao-replay game:3 from:2"),
            ("/bao analyze game:3", "/bao-analyze game:3"),
            ("/bao learn lesson:2", "/bao-learn lesson:2"),
            ("/bao puzzle theme:nyumba", "/bao-puzzle theme:nyumba"),
            ("/bao stats @asha", "/bao-stats @asha"),
            ("/bao leaderboard global", "/bao-leaderboard global"),
            (
                "/bao tournament join event:2",
                "/bao-tournament join event:2",
            ),
        ] {
            let read = command_line(old, &mut named);
            assert!(read.is_ok(), "{old}: {read:?}");
            assert_eq!(read, command_line(new, &mut named), "{old} vs {new}");
        }
        assert_eq!(
            command_line("/bao help topic:commands", &mut named),
            Ok(Command::Help)
        );
        let wrong = command_line("/bao help topic:clocks", &mut named).unwrap_err();
        assert!(
            wrong.contains("topic:commands, rules, notation, settings or about"),
            "{wrong}"
        );
        let unknown = command_line("/bao-nothing", &mut named).unwrap_err();
        assert!(unknown.contains("/bao-replay"), "{unknown}");
    }

    #[test]
    fn draw_offers_accepts_or_declines() {
        let mut named = |n: &str| User::new(7, n);
        assert_eq!(command_line("/bao draw", &mut named), Ok(Command::Draw));
        assert_eq!(
            command_line("/bao draw decline:true", &mut named),
            Ok(Command::DeclineDraw)
        );
        assert_eq!(
            command_line("/bao draw decline:false", &mut named),
            Ok(Command::Draw)
        );
        assert!(command_line("/bao draw decline:maybe", &mut named).is_err());
    }

    #[test]
    fn console_lines() {
        let mut named = |n: &str| User::new(7, n);
        assert_eq!(
            command_line("/bao move a4 left capture", &mut named),
            Ok(Command::Move {
                text: "a4 left capture".into(),
                game: None
            })
        );
        assert_eq!(
            command_line("/bao ai hard north r002", &mut named),
            Ok(Command::Ai {
                level: Some(Level::Hard),
                side: Some(SideChoice::North),
                variant: None,
                rules: Some(RuleSet::R002),
                clock: None,
            })
        );
        let c = command_line("/bao challenge @baraka kujifunza time:1d", &mut named).unwrap();
        assert_eq!(
            c,
            Command::Challenge {
                opponent: User::new(7, "baraka"),
                variant: Some(Variant::Kujifunza),
                side: None,
                time_per_move: Some("1d".into()),
                rules: None,
                rated: None,
                hints: None,
                clock: None,
                cap: None,
            }
        );
        let c = command_line("/bao challenge @baraka rules:r002", &mut named).unwrap();
        assert!(matches!(
            c,
            Command::Challenge {
                rules: Some(RuleSet::R002),
                ..
            }
        ));
        assert_eq!(
            command_line("/bao-settings rules r002", &mut named),
            Ok(Command::SetServerSetting {
                key: "rules".into(),
                value: "r002".into(),
                manage_server: true
            })
        );
        assert_eq!(
            command_line("/bao prefs notify:off animations:on south", &mut named),
            Ok(Command::Prefs(PrefsChange {
                notify: Some(Notify::Off),
                animations: Some(true),
                orientation: Some(Orientation::South),
                ..PrefsChange::default()
            }))
        );
        assert!(command_line("/bao prefs off", &mut named).is_err());
        assert!(command_line("/bao fly", &mut named)
            .unwrap_err()
            .contains("is not a command: try one of"));
        assert!(command_line("/bao resign now", &mut named)
            .unwrap_err()
            .contains("takes no arguments"));
        assert_eq!(
            command_line("/bao board game:12", &mut named),
            Ok(Command::Board {
                game: Some(GameId(12))
            })
        );
        for (line, rated) in [
            ("/bao challenge @baraka casual", Some(false)),
            ("/bao challenge @baraka rated:no", Some(false)),
            ("/bao challenge @baraka rated", Some(true)),
            ("/bao challenge @baraka", None),
        ] {
            match command_line(line, &mut named) {
                Ok(Command::Challenge { rated: r, .. }) => assert_eq!(r, rated, "{line}"),
                other => panic!("{line}: {other:?}"),
            }
        }
        for (line, hints) in [
            ("/bao challenge @baraka casual hints", Some(true)),
            ("/bao challenge @baraka hints:yes rated:no", Some(true)),
            ("/bao challenge @baraka hints:no", Some(false)),
            ("/bao challenge @baraka casual", None),
        ] {
            match command_line(line, &mut named) {
                Ok(Command::Challenge { hints: h, .. }) => assert_eq!(h, hints, "{line}"),
                other => panic!("{line}: {other:?}"),
            }
        }
        assert!(
            command_line("/bao challenge @baraka hints:maybe", &mut named)
                .unwrap_err()
                .contains("hints:yes or hints:no")
        );
        assert!(
            command_line("/bao challenge @baraka rated:maybe", &mut named)
                .unwrap_err()
                .contains("rated:yes or rated:no")
        );
        assert_eq!(
            command_line("/bao-leaderboard kujifunza global", &mut named),
            Ok(Command::Leaderboard {
                variant: Some(Variant::Kujifunza),
                scope: Some(RatingScope::Global)
            })
        );
        assert_eq!(
            command_line("/bao-leaderboard scope:server", &mut named),
            Ok(Command::Leaderboard {
                variant: None,
                scope: Some(RatingScope::Server)
            })
        );
        assert!(command_line("/bao-leaderboard fastest", &mut named)
            .unwrap_err()
            .contains("not a variant"));
        assert_eq!(
            command_line("/bao-stats @baraka kujifunza", &mut named),
            Ok(Command::Stats {
                player: Some(User::new(7, "baraka")),
                variant: Some(Variant::Kujifunza)
            })
        );
        assert_eq!(
            command_line("/bao-stats", &mut named),
            Ok(Command::Stats {
                player: None,
                variant: None
            })
        );
    }
}
