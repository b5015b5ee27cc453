//! Time controls: how much time each side has, as people write it.
//!
//! Two kinds of Fischer clock, told apart by how they are written:
//!
//! - **live** (`5+3`): minutes each plus seconds a move, from `1+0` to `60+60`; the first
//!   move of each side has a grace period instead of the clock;
//! - **correspondence** (`3d+1d`): amounts with units (days, hours, minutes), the bank capped
//!   after each increment (`cap`, 7 days unless said), as the K.I.B.A. plays by e-mail.
//!
//! The named presets (`bullet 1+1`, `blitz 3+2`, ...) are what `/bao challenge` offers; any
//! value in range is accepted too. Amounts of time (`30m`, `1d12h`, `61s`) are read by
//! [`amount_of_time`], shared with the fixed time per move and the console's `/wait`.

use std::fmt;
use std::str::FromStr;

/// Milliseconds in a second, a minute, an hour and a day.
const SECOND: i64 = 1000;
const MINUTE: i64 = 60 * SECOND;
const HOUR: i64 = 60 * MINUTE;
const DAY: i64 = 24 * HOUR;

/// A live clock's base, in minutes: 1 to 60.
pub const LIVE_MINUTES: std::ops::RangeInclusive<i64> = 1..=60;
/// A live clock's increment, in seconds: 0 to 60.
pub const LIVE_INCREMENT_SECONDS: std::ops::RangeInclusive<i64> = 0..=60;
/// A correspondence clock's base: 1 hour to 30 days (ms).
pub const CORRESPONDENCE_BASE: std::ops::RangeInclusive<i64> = HOUR..=30 * DAY;
/// A correspondence clock's increment: none to 14 days (ms).
pub const CORRESPONDENCE_INCREMENT: std::ops::RangeInclusive<i64> = 0..=14 * DAY;
/// The cap of a correspondence bank when none is given: 7 days (or the base, if longer).
pub const DEFAULT_CAP_MS: i64 = 7 * DAY;
/// The longest cap: 60 days.
pub const MAX_CAP_MS: i64 = 60 * DAY;

/// A time control offered by name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Preset {
    /// Its kind's name: `bullet`, `blitz`, `rapid`, `correspondence`.
    pub name: &'static str,
    /// How it is written (`3+2`).
    pub form: &'static str,
}

/// The presets, fastest first. The first of each name is the one a bare name means.
pub const PRESETS: [Preset; 6] = [
    Preset {
        name: "bullet",
        form: "1+1",
    },
    Preset {
        name: "blitz",
        form: "5+3",
    },
    Preset {
        name: "blitz",
        form: "3+2",
    },
    Preset {
        name: "rapid",
        form: "10+5",
    },
    Preset {
        name: "rapid",
        form: "15+10",
    },
    Preset {
        name: "correspondence",
        form: "3d+1d",
    },
];

/// The presets in words, for messages: `bullet 1+1, blitz 3+2, ...`.
pub fn presets_text() -> String {
    let mut ordered = PRESETS;
    ordered.sort_by_key(|p| {
        p.form
            .parse::<TimeControl>()
            .map(|t| t.base_ms)
            .unwrap_or(0)
    });
    ordered
        .iter()
        .map(|p| format!("{} {}", p.name, p.form))
        .collect::<Vec<_>>()
        .join(", ")
}

/// How a clock is written, for error messages.
pub const CLOCK_FORMS: &str = "minutes+seconds for a live clock, from 1+0 to 60+60 (5+3: 5 minutes each, 3 seconds more a move), or days for correspondence, like 3d+1d (cap 7d unless said; `3d+1d cap 10d`)";

/// Which kind of clock a time control is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClockKind {
    /// Minutes and seconds, played in one sitting; flags fall on their own.
    Live,
    /// Days (or hours), between sittings; reminders, and a claim once the bank is empty.
    Correspondence,
}

/// A Fischer time control: each side's bank at the start and what each move adds (with the
/// cap of a correspondence bank).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TimeControl {
    /// Each side's time at the start, in milliseconds.
    pub base_ms: i64,
    /// What each move adds to the mover's bank, in milliseconds.
    pub increment_ms: i64,
    /// The most a bank holds after an increment (correspondence clocks); `None` for a live
    /// clock, whose bank is not capped.
    pub cap_ms: Option<i64>,
}

/// Why a written clock was refused; each message says what was wrong, the accepted forms
/// and the presets.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TimeControlError {
    /// Not written as a clock at all.
    #[error("`{0}` is not a clock: write {CLOCK_FORMS}. Presets: {presets}", presets = presets_text())]
    Malformed(String),
    /// A live clock out of range (`0+0`, `500+0`).
    #[error("`{0}` is out of range: a live clock is 1+0 to 60+60 (1 to 60 minutes each, 0 to 60 seconds a move). Presets: {presets}", presets = presets_text())]
    LiveOutOfRange(String),
    /// A correspondence clock out of range.
    #[error("`{0}` is out of range: a correspondence clock has 1 hour to 30 days each and adds up to 14 days a move (3d+1d). Presets: {presets}", presets = presets_text())]
    CorrespondenceOutOfRange(String),
    /// A cap below the base or above the longest.
    #[error("cap `{0}` does not fit: the cap is from the clock's base time up to 60 days (7d unless said)")]
    BadCap(String),
    /// A cap on a live clock.
    #[error("a cap is for correspondence clocks (3d+1d cap 10d); `{0}` is a live clock, whose time is not capped")]
    CapOnLive(String),
}

impl TimeControl {
    /// A live clock of `minutes` each and `seconds` a move (unchecked: see [`FromStr`]).
    pub const fn live(minutes: i64, seconds: i64) -> TimeControl {
        TimeControl {
            base_ms: minutes * MINUTE,
            increment_ms: seconds * SECOND,
            cap_ms: None,
        }
    }

    /// Which kind of clock it is.
    pub fn kind(&self) -> ClockKind {
        if self.cap_ms.is_some() {
            ClockKind::Correspondence
        } else {
            ClockKind::Live
        }
    }

    /// Whether it is a live clock.
    pub fn is_live(&self) -> bool {
        self.kind() == ClockKind::Live
    }

    /// The same clock with its cap set (correspondence clocks only), checked.
    pub fn with_cap(self, cap: &str) -> Result<TimeControl, TimeControlError> {
        if self.is_live() {
            return Err(TimeControlError::CapOnLive(self.to_string()));
        }
        let ms = amount_of_time(cap)
            .and_then(|s| s.checked_mul(SECOND))
            .ok_or_else(|| TimeControlError::BadCap(cap.trim().to_string()))?;
        if !(self.base_ms..=MAX_CAP_MS).contains(&ms) {
            return Err(TimeControlError::BadCap(cap.trim().to_string()));
        }
        Ok(TimeControl {
            cap_ms: Some(ms),
            ..self
        })
    }

    /// The cap a correspondence clock gets when none is said: 7 days, or its base if longer.
    fn default_cap(base_ms: i64) -> i64 {
        DEFAULT_CAP_MS.max(base_ms)
    }

    /// In words, for challenges and histories: `5+3 (5 minutes each, 3 seconds a move)`,
    /// `3d+1d (3 days each, 1 day a move, at most 7 days)`.
    pub fn describe(&self) -> String {
        let each = words(self.base_ms);
        let more = if self.increment_ms == 0 {
            "no increment".to_string()
        } else {
            format!("{} a move", words(self.increment_ms))
        };
        match self.cap_ms {
            None => format!("clock {self} ({each} each, {more})"),
            Some(cap) => format!(
                "clock {} ({each} each, {more}, at most {} in the bank)",
                self.form(),
                words(cap)
            ),
        }
    }

    /// The form without the cap: `5+3`, `3d+1d`.
    pub fn form(&self) -> String {
        match self.cap_ms {
            None => format!("{}+{}", self.base_ms / MINUTE, self.increment_ms / SECOND),
            Some(_) => format!("{}+{}", compact(self.base_ms), compact(self.increment_ms)),
        }
    }
}

impl fmt::Display for TimeControl {
    /// `5+3`; `3d+1d`; `3d+1d cap 10d` when the cap is not the default one (reads back with
    /// [`FromStr`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.cap_ms {
            Some(cap) if cap != TimeControl::default_cap(self.base_ms) => {
                write!(f, "{} cap {}", self.form(), compact(cap))
            }
            _ => f.write_str(&self.form()),
        }
    }
}

impl FromStr for TimeControl {
    type Err = TimeControlError;

    /// Reads `5+3`, `1+0`, `3d+1d`, `3d+1d cap 10d`, a preset's name (`blitz`: the first
    /// blitz preset, 5+3), or a preset as offered (`blitz 3+2`).
    fn from_str(text: &str) -> Result<TimeControl, TimeControlError> {
        let shown = text.trim();
        let t = shown.to_ascii_lowercase();
        let malformed = || TimeControlError::Malformed(shown.to_string());
        if let Some(p) = PRESETS.iter().find(|p| p.name == t) {
            return p.form.parse();
        }
        // A preset as offered: its name, then its form.
        let t = PRESETS
            .iter()
            .find_map(|p| t.strip_prefix(p.name).filter(|r| r.starts_with(' ')))
            .unwrap_or(&t)
            .trim();
        let (clock, cap) = match t.split_once("cap") {
            Some((c, cap)) => (c.trim(), Some(cap.trim_start_matches([':', ' ']))),
            None => (t, None),
        };
        let (base, more) = clock.split_once('+').ok_or_else(malformed)?;
        let (base, more) = (base.trim(), more.trim());
        if base.is_empty() || more.is_empty() || more.contains('+') {
            return Err(malformed());
        }
        let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
        let control = if digits(base) && digits(more) {
            let out_of_range = || TimeControlError::LiveOutOfRange(clock.to_string());
            let minutes: i64 = base.parse().map_err(|_| out_of_range())?;
            let seconds: i64 = more.parse().map_err(|_| out_of_range())?;
            if !LIVE_MINUTES.contains(&minutes) || !LIVE_INCREMENT_SECONDS.contains(&seconds) {
                return Err(out_of_range());
            }
            TimeControl::live(minutes, seconds)
        } else {
            let ms = |s: &str| match s {
                "0" => Some(0),
                _ => amount_of_time(s).and_then(|secs| secs.checked_mul(SECOND)),
            };
            let (base_ms, increment_ms) = (
                ms(base).ok_or_else(malformed)?,
                ms(more).ok_or_else(malformed)?,
            );
            if !CORRESPONDENCE_BASE.contains(&base_ms)
                || !CORRESPONDENCE_INCREMENT.contains(&increment_ms)
            {
                return Err(TimeControlError::CorrespondenceOutOfRange(
                    clock.to_string(),
                ));
            }
            TimeControl {
                base_ms,
                increment_ms,
                cap_ms: Some(TimeControl::default_cap(base_ms)),
            }
        };
        match cap {
            Some(cap) => control.with_cap(cap),
            None => Ok(control),
        }
    }
}

/// Reads a clock option as typed: `none` (and `off`, `no`, `untimed`, `-`) means no clock.
pub fn clock_option(text: &str) -> Result<Option<TimeControl>, TimeControlError> {
    match text.trim().to_ascii_lowercase().as_str() {
        "none" | "off" | "no" | "untimed" | "-" => Ok(None),
        _ => text.parse().map(Some),
    }
}

/// A time left on a clock: `4:32`, `0:07`, `1:02:03`; days as `2d 23h` (`2d 23h 59m` under
/// a week is no clearer: days and hours are what matter then).
pub fn bank_text(ms: i64) -> String {
    let ms = ms.max(0);
    if ms >= DAY {
        let (d, h) = (ms / DAY, ms % DAY / HOUR);
        return if h == 0 {
            format!("{d}d")
        } else {
            format!("{d}d {h}h")
        };
    }
    // Whole seconds left, rounded down: a clock showing 0:00 has run out.
    let secs = ms / SECOND;
    let (h, m, s) = (secs / 3600, secs % 3600 / 60, secs % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

/// A time left as a record's `[%clk h:mm:ss]` writes it (hours beyond a day included).
pub fn clk_text(ms: i64) -> String {
    let secs = ms.max(0) / SECOND;
    format!("{}:{:02}:{:02}", secs / 3600, secs % 3600 / 60, secs % 60)
}

/// An amount in the shortest units that write it exactly: `7d`, `12h`, `90m`, `45s`.
fn compact(ms: i64) -> String {
    for (size, unit) in [(DAY, "d"), (HOUR, "h"), (MINUTE, "m"), (SECOND, "s")] {
        if ms % size == 0 && ms >= size {
            return format!("{}{unit}", ms / size);
        }
    }
    "0".into()
}

/// An amount in words: `5 minutes`, `3 seconds`, `1 day`, `1 day 12 hours`.
fn words(ms: i64) -> String {
    let mut parts = Vec::new();
    let mut left = ms.max(0);
    for (size, name) in [
        (DAY, "day"),
        (HOUR, "hour"),
        (MINUTE, "minute"),
        (SECOND, "second"),
    ] {
        let n = left / size;
        if n > 0 {
            parts.push(format!("{n} {name}{}", if n == 1 { "" } else { "s" }));
            left -= n * size;
        }
    }
    if parts.is_empty() {
        "no time".into()
    } else {
        parts.join(" ")
    }
}

/// Reads an amount of time such as `30m`, `2h`, `1d12h`, `3 days` or `61s` (seconds,
/// minutes, hours, days, weeks) as seconds, with no range check: `None` when it is not such
/// an amount (or a number in it does not fit an `i64`). A huge total saturates at
/// `i64::MAX`.
pub fn amount_of_time(text: &str) -> Option<i64> {
    let t = text.trim().to_ascii_lowercase();
    let mut total: i64 = 0;
    let mut rest = t.as_str();
    let mut any = false;
    while !rest.trim_start().is_empty() {
        rest = rest.trim_start();
        let digits = rest
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(rest.len());
        if digits == 0 {
            return None;
        }
        let n: i64 = rest[..digits].parse().ok()?;
        rest = rest[digits..].trim_start();
        let unit_len = rest
            .find(|c: char| !c.is_ascii_alphabetic())
            .unwrap_or(rest.len());
        let unit = &rest[..unit_len];
        rest = &rest[unit_len..];
        let secs = match unit {
            "s" | "sec" | "secs" | "second" | "seconds" => 1,
            "m" | "min" | "mins" | "minute" | "minutes" => 60,
            "h" | "hr" | "hrs" | "hour" | "hours" => 3600,
            "d" | "day" | "days" => 86_400,
            "w" | "week" | "weeks" => 7 * 86_400,
            _ => return None,
        };
        total = total.saturating_add(n.saturating_mul(secs));
        any = true;
    }
    any.then_some(total)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn live_clocks_read_minutes_and_seconds() {
        let c: TimeControl = "5+3".parse().unwrap();
        assert_eq!(c, TimeControl::live(5, 3));
        assert_eq!((c.base_ms, c.increment_ms), (300_000, 3_000));
        assert!(c.is_live());
        assert_eq!(c.to_string(), "5+3");
        assert_eq!("1+0".parse(), Ok(TimeControl::live(1, 0)));
        assert_eq!(" 60+60 ".parse(), Ok(TimeControl::live(60, 60)));
        assert_eq!(c.describe(), "clock 5+3 (5 minutes each, 3 seconds a move)");
    }

    #[test]
    fn presets_read_by_name_and_as_offered() {
        assert_eq!("bullet".parse(), Ok(TimeControl::live(1, 1)));
        assert_eq!("Blitz".parse(), Ok(TimeControl::live(5, 3)));
        assert_eq!("blitz 3+2".parse(), Ok(TimeControl::live(3, 2)));
        assert_eq!("rapid 15+10".parse(), Ok(TimeControl::live(15, 10)));
        for p in PRESETS {
            let c: TimeControl = p.form.parse().unwrap();
            assert_eq!(c.to_string(), p.form);
        }
        assert_eq!(
            presets_text(),
            "bullet 1+1, blitz 3+2, blitz 5+3, rapid 10+5, rapid 15+10, correspondence 3d+1d"
        );
    }

    #[test]
    fn correspondence_clocks_are_capped() {
        let c: TimeControl = "3d+1d".parse().unwrap();
        assert_eq!(c.kind(), ClockKind::Correspondence);
        assert_eq!(c.cap_ms, Some(7 * DAY));
        assert_eq!(c.to_string(), "3d+1d");
        assert_eq!("correspondence".parse(), Ok(c));
        let capped: TimeControl = "3d+1d cap 10d".parse().unwrap();
        assert_eq!(capped.cap_ms, Some(10 * DAY));
        assert_eq!(capped.to_string(), "3d+1d cap 10d");
        assert_eq!(capped.to_string().parse(), Ok(capped));
        assert_eq!(c.with_cap("5d").unwrap().cap_ms, Some(5 * DAY));
        assert_eq!("12h+30m".parse::<TimeControl>().unwrap().form(), "12h+30m");
        assert_eq!("2d+0".parse::<TimeControl>().unwrap().increment_ms, 0);
        // A base longer than a week is its own cap.
        assert_eq!(
            "10d+1d".parse::<TimeControl>().unwrap().cap_ms,
            Some(10 * DAY)
        );
        assert!(c
            .describe()
            .ends_with("(3 days each, 1 day a move, at most 7 days in the bank)"));
    }

    #[test]
    fn bad_clocks_say_what_is_wrong_and_list_the_presets() {
        for (typed, why) in [
            ("0+0", "out of range"),
            ("500+0", "out of range"),
            ("5+61", "out of range"),
            ("5+", "is not a clock"),
            ("+3", "is not a clock"),
            ("5", "is not a clock"),
            ("fast", "is not a clock"),
            ("5+3+1", "is not a clock"),
            ("0.5+0", "is not a clock"),
            ("40d+1d", "out of range"),
            ("99999999999999999999+0", "out of range"),
        ] {
            let e = typed.parse::<TimeControl>().unwrap_err().to_string();
            assert!(e.contains(why), "{typed}: {e}");
            assert!(
                e.contains("bullet 1+1") && e.contains("3d+1d"),
                "{typed}: {e}"
            );
        }
        let e = "3d+1d cap 2d".parse::<TimeControl>().unwrap_err();
        assert_eq!(e, TimeControlError::BadCap("2d".into()));
        let e = "5+3 cap 7d".parse::<TimeControl>().unwrap_err();
        assert_eq!(e, TimeControlError::CapOnLive("5+3".into()));
        assert_eq!(clock_option("none"), Ok(None));
        assert_eq!(clock_option("1+0"), Ok(Some(TimeControl::live(1, 0))));
    }

    #[test]
    fn banks_are_shown_as_clocks_show_them() {
        assert_eq!(bank_text(272_000), "4:32");
        assert_eq!(bank_text(7_900), "0:07");
        assert_eq!(bank_text(-5), "0:00");
        assert_eq!(bank_text(3_723_000), "1:02:03");
        assert_eq!(bank_text(3 * DAY), "3d");
        assert_eq!(bank_text(2 * DAY + 23 * HOUR + 59 * MINUTE), "2d 23h");
        assert_eq!(clk_text(272_000), "0:04:32");
        assert_eq!(clk_text(3 * DAY), "72:00:00");
    }

    #[test]
    fn amounts_of_time() {
        assert_eq!(amount_of_time("61s"), Some(61));
        assert_eq!(amount_of_time("1d12h"), Some(129_600));
        assert_eq!(amount_of_time("3 days"), Some(3 * 86_400));
        assert_eq!(amount_of_time("5"), None);
        assert_eq!(amount_of_time("5x"), None);
    }
}
