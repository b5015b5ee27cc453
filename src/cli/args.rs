//! The `tournament` and `db` subcommands' arguments (clap), apart from the top-level
//! command list in `mod.rs`.

use std::path::PathBuf;

use clap::Subcommand;

/// Reads `MIN-MAX` (or one number) as an inclusive range.
pub(super) fn parse_range(text: &str) -> Result<(usize, usize), String> {
    let (a, b) = text.split_once('-').unwrap_or((text, text));
    let num = |x: &str| {
        x.trim()
            .parse::<usize>()
            .map_err(|_| format!("`{text}`: give MIN-MAX, such as 9-100"))
    };
    Ok((num(a)?, num(b)?))
}

#[derive(Debug, Subcommand)]
pub(super) enum TournamentCommand {
    /// Run a whole event through the store and the pairing code on a temporary database,
    /// results drawn from the players' ratings; print `round board south north result`
    /// lines, then the final standings with every tie-break.
    Simulate {
        /// How many players.
        #[arg(long)]
        players: usize,
        /// Swiss rounds (needed for `--format swiss`).
        #[arg(long)]
        rounds: Option<u32>,
        /// round-robin, double-round-robin or swiss.
        #[arg(long, default_value = "swiss")]
        format: String,
        /// The seed of the ratings and results.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Also draw the final crosstable as a PNG file.
        #[arg(long, value_name = "FILE")]
        crosstable: Option<PathBuf>,
        /// Print the time the event took on standard error.
        #[arg(long)]
        time: bool,
        /// Also write the event as a FIDE TRF report to this file (as `export --trf`
        /// writes it), for a reference pairing engine.
        #[arg(long, value_name = "FILE")]
        trf: Option<PathBuf>,
    },
    /// Measure the Swiss pairing against a reference Dutch engine (bbpPairings): simulate
    /// events of random sizes, have the engine check every round (`--dutch FILE -c`) and
    /// print how many rounds and boards are the same. With `--record DIR`, instead write
    /// events whose every round the engine paired (the test data of tests/tournament_dutch.rs).
    Reference {
        /// The engine's program.
        #[arg(long, default_value = "../shared/tools/bbpPairings/bbpPairings.exe")]
        engine: PathBuf,
        /// How many events.
        #[arg(long, default_value_t = 100)]
        events: usize,
        /// The seed of the events' sizes, ratings and results.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Players per event, MIN-MAX.
        #[arg(long, default_value = "9-100", value_parser = parse_range)]
        players: (usize, usize),
        /// Rounds per event, MIN-MAX (at most players - 1).
        #[arg(long, default_value = "5-9", value_parser = parse_range)]
        rounds: (usize, usize),
        /// Write engine-paired events as TRF files into this folder instead.
        #[arg(long, value_name = "DIR")]
        record: Option<PathBuf>,
    },
    /// Write an event of the database as a FIDE TRF-16 report (for bbpPairings or JaVaFo).
    Export {
        /// The event's id (`#3` is 3).
        id: i64,
        /// TRF-16, the only format there is.
        #[arg(long, required = true)]
        trf: bool,
        /// The database file.
        #[arg(long, default_value = bao_bot::store::DEFAULT_DB_PATH)]
        db: PathBuf,
    },
}

#[derive(Debug, Subcommand)]
pub(super) enum DbCommand {
    /// Check the database: SQLite's integrity check, then replay every game from its start
    /// position and report each game whose moves do not lead to its stored positions, then
    /// recompute every rating from the rated games and report each difference from the
    /// stored ratings, then recompute the player summaries (`/bao-stats`) from the finished
    /// games and report each difference (exit status 1 if anything is wrong).
    Check {
        /// Rebuild the player summaries from the finished games when they differ (exit
        /// status 0 if that was the only problem).
        #[arg(long)]
        repair: bool,
        /// The database file.
        #[arg(long, default_value = bao_bot::store::DEFAULT_DB_PATH)]
        db: PathBuf,
    },
    /// Write a consistent copy of the database, safe while the bot is running (SQLite's online
    /// backup API), then verify the copy as `db check` does. To restore: stop the bot, move
    /// the copy over the database file (removing any old `-wal` and `-shm` files beside it),
    /// start the bot.
    Backup {
        /// The copy to write (must not exist yet).
        file: PathBuf,
        /// The database file.
        #[arg(long, default_value = bao_bot::store::DEFAULT_DB_PATH)]
        db: PathBuf,
    },
    /// Ratings: list them, or recompute them all from the stored games.
    #[command(group(clap::ArgGroup::new("action").required(true).args(["rebuild", "list"])))]
    Ratings {
        /// Recompute every rating from the rated games in the order they were rated, report
        /// each difference from what is stored, and replace the stored ratings with the
        /// recomputed ones if any differ (exit status 1 then).
        #[arg(long)]
        rebuild: bool,
        /// Print the ratings table, best first.
        #[arg(long)]
        list: bool,
        /// Only this variant (kiswahili or kujifunza), with --list.
        #[arg(long, requires = "list")]
        variant: Option<String>,
        /// The ratings of this server (guild id) instead of the global ones, with --list.
        #[arg(long, requires = "list")]
        guild: Option<u64>,
        /// The database file.
        #[arg(long, default_value = bao_bot::store::DEFAULT_DB_PATH)]
        db: PathBuf,
    },
}
