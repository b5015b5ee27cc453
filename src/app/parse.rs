//! Reading what people type in any front end: times per move (`1d12h`), game numbers and
//! switches. Amounts of time are read by [`amount_of_time`] (shared with time controls).
//! The console's whole-line parser is `crate::console::parse`.

use crate::i18n::words;
use crate::i18n::Text;
use crate::msg;
pub use crate::vocab::amount_of_time;
use crate::vocab::GameId;

/// Shortest time per move a game may have: 10 minutes.
pub const MIN_TIME_PER_MOVE: i64 = 10 * 60;
/// Longest time per move: 14 days.
pub const MAX_TIME_PER_MOVE: i64 = 14 * 86_400;

/// Reads a time per move: `none`, or amounts like `30m`, `2h`, `1d12h`, `3 days`, between
/// 10 minutes and 14 days. `Ok(None)` means untimed. The error is in English, for the
/// config file; [`read_time_per_move`] says it in the reader's language.
pub fn time_per_move(text: &str) -> Result<Option<i64>, String> {
    read_time_per_move(text).map_err(|e| e.to_string())
}

/// [`time_per_move`] with its refusal as a text, said in the reader's language.
pub fn read_time_per_move(text: &str) -> Result<Option<i64>, Text> {
    let t = text.trim().to_ascii_lowercase();
    if matches!(t.as_str(), "none" | "off" | "no" | "untimed" | "-" | "0") {
        return Ok(None);
    }
    let bad = || Text::from(msg!("errors-not-time-per-move", text = Text::typed(text)));
    let total = amount_of_time(&t).ok_or_else(bad)?;
    if !(MIN_TIME_PER_MOVE..=MAX_TIME_PER_MOVE).contains(&total) {
        return Err(msg!("errors-time-out-of-range", span = words::span(total, false)).into());
    }
    Ok(Some(total))
}

/// Reads a `game` option as typed in a slash command (`12` or `#12`; blank means none).
pub fn game_option(text: Option<&str>) -> Result<Option<GameId>, Text> {
    match text.map(str::trim) {
        None | Some("") => Ok(None),
        Some(t) => t
            .trim_start_matches('#')
            .parse::<i64>()
            .map(|n| Some(GameId(n)))
            .map_err(|_| msg!("errors-not-game-number", text = Text::typed(t)).into()),
    }
}

/// `on`/`off` (and yes/no, true/false) as a switch.
pub fn on_off(text: &str) -> Option<bool> {
    match text.trim().to_ascii_lowercase().as_str() {
        "on" | "yes" | "true" => Some(true),
        "off" | "no" | "false" => Some(false),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;

    #[test]
    fn times_per_move() {
        assert_eq!(time_per_move("none"), Ok(None));
        assert_eq!(time_per_move("30m"), Ok(Some(1800)));
        assert_eq!(time_per_move("1d12h"), Ok(Some(129_600)));
        assert_eq!(time_per_move("3 days"), Ok(Some(3 * 86_400)));
        assert!(time_per_move("5m").unwrap_err().contains("out of range"));
        assert!(time_per_move("15d").unwrap_err().contains("14 days"));
        assert!(time_per_move("soon")
            .unwrap_err()
            .contains("not a time per move"));
        assert_eq!(
            read_time_per_move("5m")
                .unwrap_err()
                .render(crate::i18n::Lang::Sw),
            "dakika 5 kwa hatua iko nje ya kipimo: chagua kati ya dakika 10 na siku 14, au `none`"
        );
    }

    #[test]
    fn game_options() {
        assert_eq!(game_option(Some("#12")), Ok(Some(GameId(12))));
        assert_eq!(game_option(Some(" ")), Ok(None));
        assert_eq!(game_option(None), Ok(None));
        let e = game_option(Some("twelve")).unwrap_err();
        assert!(e.render(Lang::En).contains("not a game number"), "{e}");
        assert!(e.render(Lang::Sw).contains("si namba ya mchezo"), "{e}");
    }
}
