//! A puzzle's themes, derived from the position and the traces of the solver's moves.

use std::fmt;
use std::str::FromStr;

use crate::rules::{EndReason, Phase, Position, Trace};

/// From this many captures in one move, a capture chain.
pub const CHAIN_CAPTURES: usize = 3;

/// From this many relay lifts in one move, a long relay.
pub const LONG_RELAY: usize = 8;

/// What a puzzle is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Theme {
    /// The solution ends the game with the solver's N-th move (N is 1, 2 or 3).
    WinIn(u32),
    /// The solution wins by emptying the opponent's front row.
    FrontRowKill,
    /// A solver's move captures [`CHAIN_CAPTURES`] times or more.
    CaptureChain,
    /// A solver's move makes the nyumba choice (stop or use), and the choice decides.
    Nyumba,
    /// Takasia: a pit of the solver is barred at the start, or a solver's move sets one.
    Takasia,
    /// The puzzle starts in the namua stage.
    Namua,
    /// The puzzle starts in the mtaji stage.
    Mtaji,
    /// The only move that does not lose.
    Defence,
    /// A solver's move relays [`LONG_RELAY`] times or more.
    LongRelay,
}

impl Theme {
    /// Every theme, in the order of the issue.
    pub const ALL: [Theme; 11] = [
        Theme::WinIn(1),
        Theme::WinIn(2),
        Theme::WinIn(3),
        Theme::FrontRowKill,
        Theme::CaptureChain,
        Theme::Nyumba,
        Theme::Takasia,
        Theme::Namua,
        Theme::Mtaji,
        Theme::Defence,
        Theme::LongRelay,
    ];

    /// Its name in the export and in commands: `win-in-2`, `front-row-kill`, ...
    pub fn name(self) -> &'static str {
        match self {
            Theme::WinIn(1) => "win-in-1",
            Theme::WinIn(2) => "win-in-2",
            Theme::WinIn(_) => "win-in-3",
            Theme::FrontRowKill => "front-row-kill",
            Theme::CaptureChain => "capture-chain",
            Theme::Nyumba => "nyumba",
            Theme::Takasia => "takasia",
            Theme::Namua => "namua",
            Theme::Mtaji => "mtaji",
            Theme::Defence => "defence",
            Theme::LongRelay => "long-relay",
        }
    }

    /// Words for players.
    pub fn words(self) -> &'static str {
        match self {
            Theme::WinIn(1) => "win in 1",
            Theme::WinIn(2) => "win in 2",
            Theme::WinIn(_) => "win in 3",
            Theme::FrontRowKill => "front-row kill",
            Theme::CaptureChain => "capture chain",
            Theme::Nyumba => "nyumba",
            Theme::Takasia => "takasia",
            Theme::Namua => "namua",
            Theme::Mtaji => "mtaji",
            Theme::Defence => "defence",
            Theme::LongRelay => "long relay",
        }
    }
}

impl fmt::Display for Theme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Theme {
    type Err = String;
    fn from_str(s: &str) -> Result<Theme, String> {
        let s = s.trim().to_ascii_lowercase().replace([' ', '_'], "-");
        let s = if s == "defense" { "defence".into() } else { s };
        Theme::ALL
            .into_iter()
            .find(|t| t.name() == s)
            .ok_or_else(|| {
                let names: Vec<&str> = Theme::ALL.iter().map(|t| t.name()).collect();
                format!("`{s}` is not a theme: write {}", names.join(", "))
            })
    }
}

/// The themes of a puzzle from `start` whose solver's moves had `traces` (in order), which
/// ends the game with the solver's `win_in`-th move if given, and whose first move is the
/// only one that does not lose if `defence`.
pub fn derive(
    start: &Position,
    traces: &[Trace],
    win_in: Option<u32>,
    defence: bool,
) -> Vec<Theme> {
    let mut themes = Vec::new();
    if let Some(n) = win_in.filter(|n| (1..=3).contains(n)) {
        themes.push(Theme::WinIn(n));
        let kill = traces
            .last()
            .and_then(Trace::game_end)
            .is_some_and(|(w, r)| w == start.turn() && r == EndReason::FrontRowEmptied);
        if kill {
            themes.push(Theme::FrontRowKill);
        }
    }
    if traces
        .iter()
        .any(|t| t.captures().count() >= CHAIN_CAPTURES)
    {
        themes.push(Theme::CaptureChain);
    }
    if traces.iter().any(|t| t.mv.house.is_some()) {
        themes.push(Theme::Nyumba);
    }
    if start.takasia().is_some() || traces.iter().any(|t| t.takasia_set().is_some()) {
        themes.push(Theme::Takasia);
    }
    themes.push(match start.phase() {
        Phase::Namua => Theme::Namua,
        Phase::Mtaji => Theme::Mtaji,
    });
    if defence {
        themes.push(Theme::Defence);
    }
    if traces.iter().any(|t| t.relays() >= LONG_RELAY) {
        themes.push(Theme::LongRelay);
    }
    themes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn theme_names_read_back() {
        for t in Theme::ALL {
            assert_eq!(t.name().parse::<Theme>(), Ok(t));
        }
        assert_eq!("Front row kill".parse::<Theme>(), Ok(Theme::FrontRowKill));
        assert_eq!("defense".parse::<Theme>(), Ok(Theme::Defence));
        assert!("mate".parse::<Theme>().is_err());
    }
}
