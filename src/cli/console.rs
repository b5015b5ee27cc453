//! `bao-bot console`: play the bot's commands in the terminal, no Discord needed, on a
//! simulated clock that starts at the real time or at `--start-time`.

use std::io::BufReader;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use bao_bot::app::{App, Clock, Settings, SystemClock};
use bao_bot::console::clock::{start_time, ManualClock};
use bao_bot::console::{run_stdio, Options};
use bao_bot::store::Store;

use super::{input, CliError};

/// Options of `bao-bot console`.
pub struct ConsoleArgs<'a> {
    /// The database file, or `:memory:`.
    pub db: &'a Path,
    /// Folder for board pictures.
    pub boards: PathBuf,
    /// Who you are at first.
    pub user: &'a str,
    /// A script to run instead of reading the terminal.
    pub script: Option<&'a Path>,
    /// Where the console's clock starts (`--start-time`, as typed); the real time if `None`.
    pub start_time: Option<&'a str>,
    /// `--lang`: the language of the first user and the console's server.
    pub lang: Option<bao_bot::i18n::Lang>,
}

/// Runs the console; a script with failed lines exits with status 2.
pub fn console(args: &ConsoleArgs<'_>) -> Result<(), CliError> {
    let start = match args.start_time {
        Some(text) => start_time(text).map_err(|e| input(format!("--start-time: {e}")))?,
        None => SystemClock.now(),
    };
    let clock = Arc::new(ManualClock::new(start));
    let store = if args.db == Path::new(":memory:") {
        Store::open_in_memory()
    } else {
        Store::open(args.db)
    }
    .map_err(|e| input(format!("{}: {e}", args.db.display())))?;
    // The console's channels are made up and open to all: their games get public pages.
    // With a web address (`BAO_WEB_PUBLIC_URL`, as for the bot) the console prints the
    // pages' links, and `/bao board` a player's link to play on the board.
    let settings = Settings {
        public_channels: true,
        public_url: std::env::var("BAO_WEB_PUBLIC_URL")
            .ok()
            .map(|u| u.trim().to_string())
            .filter(|u| !u.is_empty()),
        ..Settings::default()
    };
    let app = App::new(Arc::new(store), clock.clone(), settings);
    if let Some(lang) = args.lang {
        bao_bot::console::language::choose_language(&app, args.user, lang)
            .map_err(|e| input(format!("--lang: {e}")))?;
    }
    let script: Option<Box<dyn std::io::BufRead>> = match args.script {
        Some(p) => Some(Box::new(BufReader::new(std::fs::File::open(p).map_err(
            |e| input(format!("cannot read script {}: {e}", p.display())),
        )?))),
        None => None,
    };
    let failures = run_stdio(
        &app,
        Options {
            boards: args.boards.clone(),
            user: args.user.to_string(),
            echo: false,
            clock,
        },
        script,
    )
    .map_err(anyhow::Error::from)?;
    if failures > 0 {
        return Err(input(format!("{failures} script line(s) failed")));
    }
    Ok(())
}
