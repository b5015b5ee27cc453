//! The `bao-bot` command: the bot, its terminal front end, and tools over the rules engine.

mod cli;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let args = cli::Cli::parse();
    match cli::run(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) if err.is_broken_pipe() => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("bao-bot: {err}");
            ExitCode::from(err.exit_code())
        }
    }
}
