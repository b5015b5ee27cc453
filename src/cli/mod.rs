//! Command-line interface: argument parsing and one handler module per command family.

mod rules;
mod run;

use std::fmt;
use std::path::PathBuf;

use clap::{Parser, Subcommand};

/// Bao la Kiswahili: a Discord bot, a terminal game, and tools over its rules engine.
///
/// Positions and moves use the text forms of RULES.md section 9, e.g.
/// `variant=kiswahili turn=S hand=22,22 house=S,N takasia=- A=0,0,0,0,6,2,2,0
/// B=0,0,0,0,0,0,0,0 a=0,0,0,0,6,2,2,0 b=0,0,0,0,0,0,0,0` and `A6 left takata`.
/// Where a POSITION is asked for, `start` (Kiswahili) and `kujifunza` name the start positions.
#[derive(Debug, Parser)]
#[command(name = "bao-bot", version, about, long_about)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// List the legal moves of a position, one canonical move per line.
    Moves {
        /// The position (or `start`, `kujifunza`).
        position: String,
    },
    /// Play moves from a position and print the resulting position.
    Apply {
        /// The position (or `start`, `kujifunza`).
        position: String,
        /// Moves, each quoted (`"A6 left"`) or all as words (`A6 left a6 right`).
        #[arg(value_name = "MOVE")]
        moves: Vec<String>,
        /// Also print each move's steps in words.
        #[arg(long)]
        trace: bool,
    },
    /// Replay a game record (one move per line, `#` comments, optional first line
    /// `position POSITION`) and print the final position.
    Replay {
        /// The record file, or `-` (the default) for standard input.
        #[arg(default_value = "-")]
        file: String,
        /// Print the start position and the position after every move, one per line.
        #[arg(long)]
        each: bool,
    },
    /// Count the positions reached by exactly DEPTH legal moves, then print nodes per second.
    Perft {
        /// How many moves deep.
        depth: u32,
        /// The position (default: the Kiswahili start).
        position: Option<String>,
        /// Print the count below each legal move first.
        #[arg(long)]
        divide: bool,
    },
    /// Start the Discord bot (needs DISCORD_TOKEN; see config.example.toml for settings).
    Run {
        /// The config file (TOML); without it, defaults and environment variables are used.
        #[arg(long, value_name = "FILE")]
        config: Option<PathBuf>,
    },
}

/// A failed command: bad input (exit status 2) or anything else (exit status 1).
#[derive(Debug)]
pub enum CliError {
    /// The user's input was wrong; the message says what and where.
    Input(String),
    /// Something else failed.
    Other(anyhow::Error),
}

impl CliError {
    /// The process exit status for this error.
    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::Input(_) => 2,
            CliError::Other(_) => 1,
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Input(m) => f.write_str(m),
            CliError::Other(e) => write!(f, "{e:#}"),
        }
    }
}

impl From<anyhow::Error> for CliError {
    fn from(e: anyhow::Error) -> CliError {
        CliError::Other(e)
    }
}

/// Builds an input error from anything printable.
pub fn input(msg: impl fmt::Display) -> CliError {
    CliError::Input(msg.to_string())
}

/// Runs the parsed command.
pub fn run(cli: Cli) -> Result<(), CliError> {
    match cli.command {
        Command::Moves { position } => rules::moves(&position),
        Command::Apply {
            position,
            moves,
            trace,
        } => rules::apply(&position, &moves, trace),
        Command::Replay { file, each } => rules::replay(&file, each),
        Command::Perft {
            depth,
            position,
            divide,
        } => rules::perft(depth, position.as_deref(), divide),
        Command::Run { config } => run::run(config.as_deref()),
    }
}
