//! The console's clock and its words: where simulated time starts (`--start-time`), how long
//! `/wait` waits (`61s`, `30m`, `13h`, `1d12h`), and how a moment is shown (`Tue 2026-12-01
//! 09:00 UTC`, with seconds when they are not zero: game clocks count them).
//!
//! The clock itself is the app's [`ManualClock`]: it starts at the real time or at the given
//! start and moves only when the console's `/wait` moves it. The app only sees a [`Clock`]
//! (`crate::app::Clock`) and never knows the time is simulated.

use crate::i18n::Lang;
use time::format_description::BorrowedFormatItem;
use time::{format_description, OffsetDateTime, PrimitiveDateTime, UtcOffset};

pub use crate::app::ManualClock;

/// The shortest `/wait`: one second.
pub const MIN_WAIT: i64 = 1;
/// The longest `/wait`: a year (365 days).
pub const MAX_WAIT: i64 = 365 * 86_400;

/// The forms `--start-time` accepts, for its error message and `--help`.
pub const START_TIME_FORMS: &str =
    "RFC 3339 (2026-12-01T09:00:00Z, 2026-12-01T09:00:00.5+03:00) or the short 2026-12-01T09:00Z (2026-12-01T09:00+03:00)";

/// The forms `/wait` accepts, for its error messages.
pub const WAIT_FORMS: &str =
    "an amount like 30m, 13h, 2d or 1d12h (units m, h, d, w), from 1 minute to 365 days; or seconds, like 20s or 61s, for game clocks";

/// A start time or a wait that the console refuses; the message says which forms it takes.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ClockError {
    /// `--start-time` is not a time.
    #[error("`{0}` is not a start time: write {START_TIME_FORMS}")]
    BadStart(String),
    /// `/wait` without an amount.
    #[error("how long? write /wait and {WAIT_FORMS}")]
    NoWait,
    /// The amount does not read as a duration (a minus sign, a stray word, an unknown unit).
    #[error("`{0}` is not a duration: write {WAIT_FORMS}")]
    BadWait(String),
    /// The amount reads but is zero.
    #[error("`{0}` is no time at all: write {WAIT_FORMS}")]
    ZeroWait(String),
    /// The amount is over a year.
    #[error("`{0}` is out of range: write {WAIT_FORMS}")]
    WaitOutOfRange(String),
}

impl ClockError {
    /// What went wrong with a `/wait`, said in the console user's language.
    pub fn words(&self) -> crate::i18n::Text {
        use crate::msg;
        let forms = msg!("console-wait-forms");
        match self {
            ClockError::BadStart(_) => self.to_string().into(),
            ClockError::NoWait => msg!("console-wait-how", forms = forms).into(),
            ClockError::BadWait(w) => msg!("console-wait-bad", word = w, forms = forms).into(),
            ClockError::ZeroWait(w) => msg!("console-wait-zero", word = w, forms = forms).into(),
            ClockError::WaitOutOfRange(w) => {
                msg!("console-wait-range", word = w, forms = forms).into()
            }
        }
    }
}

/// Reads `--start-time`: RFC 3339 (`2026-12-01T09:00:00Z`, with an offset or a fraction of
/// a second too) or the short form without seconds (`2026-12-01T09:00Z`,
/// `2026-12-01T09:00+03:00`). Returns unix seconds (a fraction of a second is dropped).
pub fn start_time(text: &str) -> Result<i64, ClockError> {
    // RFC 3339 allows `t` and `z` in lower case; the formats below read upper case.
    let t = text.trim().to_ascii_uppercase();
    let t = t.as_str();
    let bad = || ClockError::BadStart(text.to_string());
    if let Ok(at) = OffsetDateTime::parse(t, &time::format_description::well_known::Rfc3339) {
        return Ok(at.unix_timestamp());
    }
    let (local, zone) = if let Some(local) = t.strip_suffix('Z') {
        (local, None)
    } else {
        // The offset is the last `+HH:MM` or `-HH:MM` (the date has `-` too, but earlier).
        let cut = t.len().checked_sub(6).filter(|&i| t.is_char_boundary(i));
        match cut.map(|i| t.split_at(i)) {
            Some((local, zone)) if zone.starts_with(['+', '-']) => (local, Some(zone)),
            _ => return Err(bad()),
        }
    };
    let local = PrimitiveDateTime::parse(local, &short_form()).map_err(|_| bad())?;
    let offset = match zone {
        None => UtcOffset::UTC,
        Some(z) => UtcOffset::parse(z, &offset_form()).map_err(|_| bad())?,
    };
    Ok(local.assume_offset(offset).unix_timestamp())
}

/// The date and time of the short form: `2026-12-01T09:00`.
const SHORT_FORM: &str = "[year]-[month]-[day]T[hour]:[minute]";
/// The offset of the short form: `+03:00`.
const OFFSET_FORM: &str = "[offset_hour sign:mandatory]:[offset_minute]";

/// [`SHORT_FORM`] as items. The descriptions are constants checked by a test; were one
/// invalid, it would read nothing (and never panic).
fn short_form() -> Vec<BorrowedFormatItem<'static>> {
    format_description::parse_borrowed::<2>(SHORT_FORM).unwrap_or_default()
}

/// [`OFFSET_FORM`] as items.
fn offset_form() -> Vec<BorrowedFormatItem<'static>> {
    format_description::parse_borrowed::<2>(OFFSET_FORM).unwrap_or_default()
}

/// Reads how long `/wait` waits, in seconds: amounts like `61s`, `30m`, `13h`, `2d`,
/// `1d12h`, from a second to a year.
pub fn wait_span(text: &str) -> Result<i64, ClockError> {
    let t = text.trim();
    if t.is_empty() {
        return Err(ClockError::NoWait);
    }
    match crate::app::amount_of_time(t) {
        None => Err(ClockError::BadWait(t.to_string())),
        Some(0) => Err(ClockError::ZeroWait(t.to_string())),
        Some(secs) if !(MIN_WAIT..=MAX_WAIT).contains(&secs) => {
            Err(ClockError::WaitOutOfRange(t.to_string()))
        }
        Some(secs) => Ok(secs),
    }
}

/// A moment as the console shows it: `Tue 2026-12-01 09:00 UTC` (to the minute, as the
/// app's captions), its weekday in `lang`.
pub fn utc_text(unix: i64, lang: Lang) -> String {
    format!("{} UTC", crate::app::utc(unix, lang))
}

/// A moment in unix ms as the console shows it: `Tue 2026-12-01 09:00 UTC`, with the seconds
/// (and milliseconds) when they are not zero: `Tue 2026-12-01 09:01:00.250 UTC`.
pub fn utc_text_ms(ms: i64, lang: Lang) -> String {
    let (secs, milli) = (ms.div_euclid(1000), ms.rem_euclid(1000));
    let minute = crate::app::utc(secs, lang);
    match (secs.rem_euclid(60), milli) {
        (0, 0) => format!("{minute} UTC"),
        (s, 0) => format!("{minute}:{s:02} UTC"),
        (s, m) => format!("{minute}:{s:02}.{m:03} UTC"),
    }
}

/// The time of day of a moment in unix seconds, to the second: `09:01:05` (the console's
/// form of Discord's live countdown `<t:UNIX:R>`).
pub fn time_of_day(unix: i64) -> String {
    let s = unix.rem_euclid(86_400);
    format!("{:02}:{:02}:{:02}", s / 3600, s % 3600 / 60, s % 60)
}

/// How long a wait was, in words: `20 hours`, `1 minute 1 second`, `45 seconds`.
pub fn wait_words(secs: i64) -> crate::i18n::Text {
    crate::i18n::words::span(secs, true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_short_forms_are_valid_format_descriptions() {
        for form in [SHORT_FORM, OFFSET_FORM] {
            assert!(
                format_description::parse_borrowed::<2>(form).is_ok(),
                "{form}"
            );
        }
    }

    #[test]
    fn start_times_read_rfc3339_and_the_short_form() {
        let nine = 1_796_115_600; // 2026-12-01T09:00:00Z
        for ok in [
            "2026-12-01T09:00Z",
            "2026-12-01t09:00z",
            "2026-12-01T09:00:00Z",
            "2026-12-01T09:00:00.75Z",
            "2026-12-01T12:00+03:00",
            "2026-12-01T12:00:00+03:00",
            "2026-12-01T04:30-04:30",
            " 2026-12-01T09:00Z ",
        ] {
            assert_eq!(start_time(ok), Ok(nine), "{ok}");
        }
        for bad in [
            "",
            "2026-12-01",
            "2026-12-01T09Z",
            "2026-12-01T09:00",
            "2026-13-01T09:00Z",
            "2026-02-30T09:00Z",
            "2026-12-01T25:00Z",
            "2026-12-01T09:00+3",
            "tomorrow",
            "2026-12-01T09:00Zé",
        ] {
            let e = start_time(bad).expect_err(bad);
            assert!(e.to_string().contains("2026-12-01T09:00Z"), "{e}");
        }
    }

    #[test]
    fn waits_read_amounts_from_a_minute_to_a_year() {
        assert_eq!(wait_span("30m"), Ok(1800));
        assert_eq!(wait_span("13h"), Ok(13 * 3600));
        assert_eq!(wait_span("2d"), Ok(2 * 86_400));
        assert_eq!(wait_span("1d12h"), Ok(36 * 3600));
        assert_eq!(wait_span("1 day 12 hours"), Ok(36 * 3600));
        assert_eq!(wait_span("1m"), Ok(60));
        assert_eq!(wait_span("61s"), Ok(61));
        assert_eq!(wait_span("1s"), Ok(1));
        assert_eq!(wait_words(61).to_string(), "1 minute 1 second");
        assert_eq!(wait_words(45).to_string(), "45 seconds");
        assert_eq!(wait_words(72_000).to_string(), "20 hours");
        assert_eq!(wait_span("365d"), Ok(MAX_WAIT));
        assert_eq!(wait_span(""), Err(ClockError::NoWait));
        assert_eq!(wait_span("0m"), Err(ClockError::ZeroWait("0m".into())));
        for bad in [
            "-5h",
            "5",
            "5x",
            "h",
            "1d-2h",
            "soon",
            "99999999999999999999d",
        ] {
            assert_eq!(
                wait_span(bad),
                Err(ClockError::BadWait(bad.into())),
                "{bad}"
            );
        }
        for far in ["366d", "53w", "9999999999999w"] {
            assert_eq!(
                wait_span(far),
                Err(ClockError::WaitOutOfRange(far.into())),
                "{far}"
            );
        }
        let e = wait_span("-5h").unwrap_err().to_string();
        assert!(e.contains("30m, 13h, 2d or 1d12h"), "{e}");
    }

    #[test]
    fn moments_are_shown_as_the_app_shows_them() {
        for (unix, shown) in [
            (0, "Thu 1970-01-01 00:00 UTC"),
            (1_796_115_600, "Tue 2026-12-01 09:00 UTC"),
            (1_709_208_000, "Thu 2024-02-29 12:00 UTC"),
            (951_782_400, "Tue 2000-02-29 00:00 UTC"),
            (4_102_444_799, "Thu 2099-12-31 23:59 UTC"),
        ] {
            assert_eq!(utc_text(unix, Lang::En), shown);
            assert_eq!(format!("{} UTC", crate::app::utc(unix, Lang::En)), shown);
        }
        // Game clocks count seconds: they are shown when not zero.
        assert_eq!(
            utc_text_ms(1_796_115_661_000, Lang::En),
            "Tue 2026-12-01 09:01:01 UTC"
        );
        assert_eq!(
            utc_text_ms(1_796_115_600_250, Lang::En),
            "Tue 2026-12-01 09:00:00.250 UTC"
        );
        assert_eq!(
            utc_text(1_796_115_600, Lang::Sw),
            "Jumanne 2026-12-01 09:00 UTC"
        );
        assert_eq!(time_of_day(1_796_115_665), "09:01:05");
    }
}
