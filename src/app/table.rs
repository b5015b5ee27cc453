//! The command table: every slash command the bot offers, the form a person types it in, and
//! what it does, declared once. The console's list of commands is read from it, and tests
//! check the rest against it: every row parses from its typed form into a command of that
//! name, the Discord adapter registers exactly these commands, and `/bao help` and the
//! README name each one. A new command adds one row here.
//!
//! Discord refuses a whole registration when one command has more than 25 options or 4,000
//! characters, so the commands are spread over a few top-level commands: `/bao` for playing
//! a game, and one command for each other family (`/bao-replay`, `/bao-tournament`, ...).
//! The rules, notation, server settings and about pages are topics of `/bao help`.

/// One command a person can type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CommandInfo {
    /// The app's name for it ([`crate::app::Command::name`]): `move`, `rules`.
    pub name: &'static str,
    /// The registered slash command it is typed with, without the `/`: a subcommand
    /// (`bao move`), a top-level command (`bao-replay`), or a family of subcommands
    /// (`bao-tournament`). Help topics are typed with `bao help`.
    pub slash: &'static str,
    /// A line that types it, as in the console and in `/bao help` (`/bao move A4 left capture`).
    pub example: &'static str,
    /// What it does, in a few words.
    pub summary: &'static str,
}

/// Every command, in the order `/bao help` and the README list them.
pub const COMMANDS: &[CommandInfo] = &[
    row(
        "challenge",
        "bao challenge",
        "/bao challenge @someone 1d",
        "challenge someone to a game here",
    ),
    row(
        "accept",
        "bao accept",
        "/bao accept",
        "accept the challenge here",
    ),
    row(
        "decline",
        "bao decline",
        "/bao decline",
        "decline (or withdraw) the challenge here",
    ),
    row(
        "move",
        "bao move",
        "/bao move A4 left capture",
        "play a move",
    ),
    row("board", "bao board", "/bao board", "show the board"),
    row(
        "moves",
        "bao moves",
        "/bao moves",
        "the legal moves, in words",
    ),
    row(
        "history",
        "bao history",
        "/bao history",
        "the move list and the game record",
    ),
    row(
        "resign",
        "bao resign",
        "/bao resign",
        "resign the game here",
    ),
    row(
        "draw",
        "bao draw",
        "/bao draw",
        "offer a draw, or accept one (decline:true declines it)",
    ),
    row(
        "abort",
        "bao abort",
        "/bao abort",
        "abort before each side has moved twice",
    ),
    row(
        "takeback",
        "bao takeback",
        "/bao takeback",
        "take back your last move",
    ),
    row(
        "claim",
        "bao claim",
        "/bao claim",
        "claim the win when the opponent's time ran out",
    ),
    row(
        "hint",
        "bao hint",
        "/bao hint",
        "a private hint, where hints are allowed",
    ),
    row(
        "ai",
        "bao ai",
        "/bao ai hard north",
        "play the built-in AI here",
    ),
    row(
        "games",
        "bao games",
        "/bao games",
        "your games, and how your last ones ended",
    ),
    row(
        "prefs",
        "bao prefs",
        "/bao prefs notify:dm animations:off",
        "your preferences",
    ),
    row("help", "bao help", "/bao help", "the commands"),
    row(
        "rules",
        "bao help",
        "/bao help topic:rules",
        "the rules and rule sets in short",
    ),
    row(
        "notation",
        "bao help",
        "/bao help topic:notation",
        "how to write a move",
    ),
    row(
        "settings",
        "bao help",
        "/bao help topic:settings",
        "this server's settings",
    ),
    row(
        "about",
        "bao help",
        "/bao help topic:about",
        "the bot: version, rule sets, uptime",
    ),
    row(
        "replay",
        "bao-replay",
        "/bao-replay game:1 from:0 to:6",
        "a game as an animated GIF",
    ),
    row(
        "analyze",
        "bao-analyze",
        "/bao-analyze game:1",
        "the analysis of a finished game",
    ),
    row(
        "learn",
        "bao-learn",
        "/bao-learn lesson:1",
        "lessons that teach Bao by playing",
    ),
    row(
        "puzzle",
        "bao-puzzle",
        "/bao-puzzle theme:win-in-2",
        "a puzzle near your puzzle rating",
    ),
    row(
        "stats",
        "bao-stats",
        "/bao-stats @someone",
        "a player's ratings and record",
    ),
    row(
        "leaderboard",
        "bao-leaderboard",
        "/bao-leaderboard kujifunza global",
        "the best rated players",
    ),
    row(
        "tournament",
        "bao-tournament",
        "/bao-tournament create Open format:swiss rounds:5",
        "round robins and Swiss events here",
    ),
    row(
        "settings set",
        "bao-settings",
        "/bao-settings rules r002",
        "change a server setting (Manage Server)",
    ),
];

const fn row(
    name: &'static str,
    slash: &'static str,
    example: &'static str,
    summary: &'static str,
) -> CommandInfo {
    CommandInfo {
        name,
        slash,
        example,
        summary,
    }
}

/// The commands as typed, comma-separated, for help texts and errors: `/bao challenge`,
/// ..., `/bao help`, `/bao-replay`, ... (each registered command once).
pub fn subcommands() -> String {
    let mut seen: Vec<&str> = Vec::new();
    for c in COMMANDS {
        if !seen.contains(&c.slash) {
            seen.push(c.slash);
        }
    }
    seen.iter()
        .map(|s| format!("/{s}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The row of the command called `name`.
pub fn command_info(name: &str) -> Option<&'static CommandInfo> {
    COMMANDS.iter().find(|c| c.name == name)
}
