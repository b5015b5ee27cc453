//! The command table: every `/bao` subcommand's name, the form a person types it in, and
//! what it does, declared once. The console's list of subcommands is read from it, and tests
//! check the rest against it: every row parses from its typed form into a command of that
//! name, the Discord adapter registers exactly these subcommands, and `/bao help` and the
//! README name each one. A new command adds one row here.

/// One `/bao` subcommand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CommandInfo {
    /// Its name, as registered on Discord and typed after `/bao` (`move`).
    pub name: &'static str,
    /// A line that types it, as in the console and in `/bao help` (`/bao move A4 left capture`).
    pub example: &'static str,
    /// What it does, in a few words.
    pub summary: &'static str,
}

/// Every `/bao` subcommand, in the order `/bao help` and the README list them.
pub const COMMANDS: &[CommandInfo] = &[
    row(
        "challenge",
        "/bao challenge @someone 1d",
        "challenge someone to a game here",
    ),
    row("accept", "/bao accept", "accept the challenge here"),
    row(
        "decline",
        "/bao decline",
        "decline (or withdraw) the challenge here",
    ),
    row("move", "/bao move A4 left capture", "play a move"),
    row("board", "/bao board", "show the board"),
    row("moves", "/bao moves", "the legal moves, in words"),
    row(
        "history",
        "/bao history",
        "the move list and the game record",
    ),
    row("resign", "/bao resign", "resign the game here"),
    row("draw", "/bao draw", "offer a draw, or accept one"),
    row(
        "abort",
        "/bao abort",
        "abort before each side has moved twice",
    ),
    row("ai", "/bao ai hard north", "play the built-in AI here"),
    row(
        "games",
        "/bao games",
        "your games, and how your last ones ended",
    ),
    row("rules", "/bao rules", "the rules and rule sets in short"),
    row("notation", "/bao notation", "how to write a move"),
    row("help", "/bao help", "the commands"),
    row(
        "notify",
        "/bao notify dm",
        "how you are told it is your turn",
    ),
    row(
        "claim",
        "/bao claim",
        "claim the win when the opponent's time ran out",
    ),
    row(
        "replay",
        "/bao replay game:1 from:0 to:6",
        "a game as an animated GIF",
    ),
    row("settings", "/bao settings", "this server's settings"),
    row("prefs", "/bao prefs animations:off", "your preferences"),
    row("about", "/bao about", "the bot: version, rule sets, uptime"),
    row(
        "analyze",
        "/bao analyze game:1",
        "the analysis of a finished game",
    ),
    row(
        "hint",
        "/bao hint",
        "a private hint, where hints are allowed",
    ),
    row("takeback", "/bao takeback", "take back your last move"),
    row(
        "leaderboard",
        "/bao leaderboard kujifunza global",
        "the best rated players",
    ),
    row(
        "stats",
        "/bao stats @someone",
        "a player's ratings and record",
    ),
    row(
        "learn",
        "/bao learn lesson:1",
        "lessons that teach Bao by playing",
    ),
    row(
        "puzzle",
        "/bao puzzle theme:win-in-2",
        "a puzzle near your puzzle rating",
    ),
    row(
        "tournament",
        "/bao tournament create Open format:swiss rounds:5",
        "round robins and Swiss events here",
    ),
];

const fn row(name: &'static str, example: &'static str, summary: &'static str) -> CommandInfo {
    CommandInfo {
        name,
        example,
        summary,
    }
}

/// The subcommands' names, comma-separated, for help texts and errors.
pub fn subcommands() -> String {
    COMMANDS
        .iter()
        .map(|c| c.name)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The row of the subcommand called `name`.
pub fn command_info(name: &str) -> Option<&'static CommandInfo> {
    COMMANDS.iter().find(|c| c.name == name)
}
