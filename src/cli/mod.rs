//! Command-line interface: argument parsing and one handler module per command family.

mod agreement;
mod ai;
mod analyze;
mod args;
mod console;
mod db;
mod invite;
mod puzzles;
mod render;
mod rules;
mod run;
mod solve;
mod tournament;
mod web;

use std::fmt;
use std::path::PathBuf;

use clap::{Parser, Subcommand};

use args::{DbCommand, TournamentCommand};

/// Bao la Kiswahili: a Discord bot, a terminal game, and tools over its rules engine.
///
/// Positions and moves use the text forms of docs/rules.md section 9, e.g.
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
        /// The rule set: v0.2 (with takasia, the default) or r002 (without takasia).
        #[arg(long, value_name = "v0.2|r002")]
        rules: Option<String>,
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
        /// The rule set: v0.2 (with takasia, the default) or r002 (without takasia).
        #[arg(long, value_name = "v0.2|r002")]
        rules: Option<String>,
    },
    /// Replay a game record (one move per line, `#` comments, optional first lines
    /// `rules v0.2|r002` and `position POSITION`) under its rule set and print the final
    /// position.
    Replay {
        /// The record file, or `-` (the default) for standard input.
        #[arg(default_value = "-")]
        file: String,
        /// Print the start position and the position after every move, one per line.
        #[arg(long)]
        each: bool,
        /// The rule set of a record that names none: v0.2 (the default) or r002.
        #[arg(long, value_name = "v0.2|r002")]
        rules: Option<String>,
        /// Also write the game as an animated GIF to this file (one frame per ply).
        #[arg(long, value_name = "FILE.gif")]
        gif: Option<String>,
        /// With --gif: the first ply shown (0 is the start position).
        #[arg(long, value_name = "N")]
        from: Option<u32>,
        /// With --gif: the last ply shown (default: the last move).
        #[arg(long, value_name = "M")]
        to: Option<u32>,
        /// With --gif: animate the sowing inside each ply too.
        #[arg(long)]
        sowing: bool,
        /// With --gif: whose rows are at the bottom, S or N.
        #[arg(long, default_value = "S", value_name = "S|N")]
        view: String,
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
        /// The rule set: v0.2 (with takasia, the default) or r002 (without takasia).
        #[arg(long, value_name = "v0.2|r002")]
        rules: Option<String>,
    },
    /// Let the AI choose a move: prints the move, then its score, depth, nodes and speed.
    AiMove {
        /// The position (or `start`, `kujifunza`).
        position: String,
        /// Difficulty: beginner, easy, casual, medium, hard (the default) or master.
        #[arg(long, conflicts_with_all = ["nodes", "time_ms"])]
        level: Option<String>,
        /// Search this many nodes (reproducible).
        #[arg(long, conflicts_with = "time_ms")]
        nodes: Option<u64>,
        /// Search for this many milliseconds.
        #[arg(long)]
        time_ms: Option<u64>,
        /// Seed of the noise of the levels below hard.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// The rule set: v0.2 (with takasia, the default) or r002 (without takasia).
        #[arg(long, value_name = "v0.2|r002")]
        rules: Option<String>,
    },
    /// Solve a position exactly: who wins with perfect play and in how many plies (the winner
    /// as fast as it can, the loser as slowly), or a draw, or unknown within the budget. Prints
    /// the result, the best move, the nodes and the time; progress goes to standard error.
    Solve {
        /// The position (or `start`, `kujifunza`).
        position: String,
        /// The rule set: v0.2 (with takasia, the default) or r002 (without takasia).
        #[arg(long, value_name = "v0.2|r002")]
        rules: Option<String>,
        /// Stop after about this many search nodes (default: no limit).
        #[arg(long, value_name = "N")]
        max_nodes: Option<u64>,
        /// Search at most this many plies deep.
        #[arg(long, value_name = "PLIES")]
        max_plies: Option<u32>,
        /// Stop after this many seconds.
        #[arg(long, value_name = "S")]
        time_s: Option<u64>,
        /// Solve the whole game graph backwards first when it has at most this many positions
        /// (the only way to prove a draw); 0 to skip.
        #[arg(long, default_value_t = 200_000, value_name = "POSITIONS")]
        graph: usize,
        /// Transposition table size in MiB.
        #[arg(long, default_value_t = 64, value_name = "MIB")]
        table_mb: usize,
        /// Write a proof of the win: one `POSITION<TAB>MOVE` line for each position where the
        /// winner is to move; every reply of the loser leads to a listed position or to the
        /// winner's win.
        #[arg(long, value_name = "FILE")]
        proof: Option<String>,
        /// Refuse to write a proof longer than this many lines.
        #[arg(long, default_value_t = 10_000_000, value_name = "LINES")]
        max_proof_lines: usize,
    },
    /// Analyse a game record (as for `replay`): every ply searched at a fixed node budget,
    /// printed one line a ply with the best move, South's expected score after the move, the
    /// mover's expected-score loss and a label (best, good, inaccuracy, mistake, blunder),
    /// then each player's accuracy. With -o, also the evaluation graph as a PNG.
    Analyze {
        /// The record file, or `-` (the default) for standard input.
        #[arg(default_value = "-")]
        file: String,
        /// Nodes per search (default: the analysis's, 150,000).
        #[arg(long)]
        nodes: Option<u64>,
        /// Solver nodes per position for what is proved (default 20,000; 0: no proofs).
        #[arg(long)]
        proof_nodes: Option<u64>,
        /// Instead of a record, analyse this many fixed games between medium players and
        /// print how often consecutive evaluations disagree (more than 0.19 apart).
        #[arg(long, value_name = "GAMES")]
        agreement: Option<usize>,
        /// The evaluation graph PNG to write.
        #[arg(short = 'o', long = "output", value_name = "FILE.png")]
        output: Option<String>,
        /// Player names for the graph, South's first: "Asha,Baraka".
        #[arg(long)]
        names: Option<String>,
    },
    /// Search a fixed set of namua and mtaji positions of both variants, one after the other
    /// on one core, and print the time, depth and nodes per second of each.
    AiBench {
        /// Level to search at (its node budget and default wall-clock cap); master by default.
        #[arg(long, conflicts_with = "nodes")]
        level: Option<String>,
        /// Search this many nodes per position instead (no clock).
        #[arg(long)]
        nodes: Option<u64>,
        /// Search the positions under this rule set: v0.2 (the default) or r002.
        #[arg(long, value_name = "v0.2|r002")]
        rules: Option<String>,
    },
    /// Play paired games between two players and print the score with a 95% interval and
    /// the Elo difference with its interval. A player is a level (beginner, easy, casual,
    /// medium, hard, master: node budgets only, no clock), nodes:N, random, greedy or novice
    /// (a model of a beginner who weighs each capture against the best recapture).
    Match {
        /// Player A (the score is A's).
        a: String,
        /// Player B.
        b: String,
        /// Games to play (each opening twice, colours swapped; rounded up to even).
        #[arg(long, default_value_t = 100)]
        games: usize,
        /// Seed of the openings and the players' noise.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// kiswahili or kujifunza.
        #[arg(long, default_value = "kiswahili")]
        variant: String,
        /// Games played at once.
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// Random plies of each opening.
        #[arg(long, default_value_t = 6)]
        plies: u32,
        /// A game still running after this many plies counts as a draw.
        #[arg(long, default_value_t = 400)]
        max_plies: u32,
        /// Where games start: random (--plies random plies) or book (the variant's balanced
        /// openings); by default the book in kujifunza, random in kiswahili.
        #[arg(long)]
        openings: Option<String>,
    },
    /// Draw a position as a PNG picture (with --move: after that move, highlighted).
    Render {
        /// The position (or `start`, `kujifunza`).
        position: String,
        /// A move to play from POSITION first; the result is drawn with the move highlighted.
        #[arg(long = "move", value_name = "MOVE")]
        mv: Option<String>,
        /// Whose rows are at the bottom: S (South) or N (North).
        #[arg(long, default_value = "S", value_name = "S|N")]
        view: String,
        /// Player names, South's first: "Asha,Baraka".
        #[arg(long)]
        names: Option<String>,
        /// The ply number to show in the header.
        #[arg(long)]
        ply: Option<u32>,
        /// An extra line under the board.
        #[arg(long)]
        caption: Option<String>,
        /// The PNG file to write (a GIF with --animate).
        #[arg(short = 'o', long = "output", value_name = "FILE.png")]
        output: Option<String>,
        /// Print the board as text instead of writing a picture.
        #[arg(long)]
        text: bool,
        /// The rule set: v0.2 (with takasia, the default) or r002 (without takasia).
        #[arg(long, value_name = "v0.2|r002")]
        rules: Option<String>,
        /// Write the move's sowing as an animated GIF (needs --move), ending on the picture.
        #[arg(long)]
        animate: bool,
    },
    /// Start the Discord bot (needs DISCORD_TOKEN; see config.example.toml for settings).
    Run {
        /// The config file (TOML); without it, defaults and environment variables are used.
        #[arg(long, value_name = "FILE")]
        config: Option<PathBuf>,
    },
    /// Serve the web pages of a database alone (read-only): a page for every game
    /// (/g/ID) and tournament (/t/ID), e.g. of the console's games (docs/web.md).
    Web(web::WebArgs),
    /// Play in the terminal: the bot's commands (`/bao ai hard`, `/bao move a6 left`) over
    /// the same store, as any user in any place (`/as baraka`, `/in #general`, `/dm`).
    /// Boards are printed as text and written as PNG files (a move's animation beside them as
    /// a GIF). Time is simulated: it starts now (or at --start-time) and moves only by `/wait
    /// DURATION` (30m, 13h, 2d, 1d12h), which shows each reminder or deadline notice that
    /// falls due meanwhile with its time; `/now` prints the time.
    Console {
        /// The database file (`:memory:` for a throwaway one).
        #[arg(long, default_value = "bao-console.db")]
        db: PathBuf,
        /// Folder for the board pictures.
        #[arg(long, default_value = "bao-boards")]
        boards: PathBuf,
        /// Who you are at first.
        #[arg(long = "as", default_value = "asha")]
        user: String,
        /// Run the lines of this file instead of reading the terminal.
        #[arg(long)]
        script: Option<PathBuf>,
        /// Where the console's clock starts, for reproducible scripts: RFC 3339
        /// (2026-12-01T09:00:00Z, 2026-12-01T09:00:00+03:00) or the short
        /// 2026-12-01T09:00Z. By default, the real time at start.
        #[arg(long, value_name = "TIME")]
        start_time: Option<String>,
        /// The language you read (en, sw): yours and the console server's, kept in the
        /// database like `/bao prefs language` and `/bao-settings language`.
        #[arg(long, value_name = "en|sw")]
        lang: Option<bao_bot::i18n::Lang>,
    },
    /// Print the two OAuth2 URLs: one adds the bot to a server (scopes `bot` and
    /// `applications.commands`, exactly the permissions it uses), the other adds the app to a
    /// person's account (`applications.commands`: play in DMs, group DMs and servers without
    /// the bot). No network: the application id
    /// comes from `application_id` (config) / BAO_APPLICATION_ID, or from DISCORD_TOKEN.
    Invite {
        /// The config file (TOML); without it, defaults and environment variables are used.
        #[arg(long, value_name = "FILE")]
        config: Option<PathBuf>,
    },
    /// The course of `/bao-learn` (docs/lessons.md).
    Learn {
        /// Print the course as JSON lines, one task a line: lesson, title, task, variant,
        /// rules, position, goal, check, example, wrong, feedback.
        #[arg(long)]
        export: bool,
        /// The language of the export's and the outline's texts (en, sw).
        #[arg(long, value_name = "en|sw", default_value = "en")]
        lang: bao_bot::i18n::Lang,
    },
    /// The puzzles of `/bao-puzzle` (docs/puzzles.md): generate them, or export the collection.
    Puzzles {
        #[command(subcommand)]
        command: puzzles::PuzzlesCommand,
    },
    /// Tools over the game database.
    Db {
        #[command(subcommand)]
        command: DbCommand,
    },
    /// Tournaments: simulate a whole event, or export one (docs/tournaments.md).
    Tournament {
        #[command(subcommand)]
        command: TournamentCommand,
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
    /// True when standard output was closed under us (`bao-bot perft 9 | head -1`).
    pub fn is_broken_pipe(&self) -> bool {
        match self {
            CliError::Other(e) => e
                .downcast_ref::<std::io::Error>()
                .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe),
            CliError::Input(_) => false,
        }
    }

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

/// Shows the store's progress reports (a long migration, a repair) on stderr as plain lines,
/// for the commands that set up no log of their own (`run` and `web` log at their level).
fn show_store_progress() {
    use tracing_subscriber::filter::Targets;
    use tracing_subscriber::prelude::*;
    let only_progress =
        Targets::new().with_target(bao_bot::store::PROGRESS_TARGET, tracing::Level::INFO);
    let lines = tracing_subscriber::fmt::layer()
        .without_time()
        .with_target(false)
        .with_level(false)
        .with_ansi(false)
        .with_writer(std::io::stderr);
    let _ = tracing_subscriber::registry()
        .with(lines.with_filter(only_progress))
        .try_init();
}

/// Runs the parsed command.
pub fn run(cli: Cli) -> Result<(), CliError> {
    if !matches!(cli.command, Command::Run { .. } | Command::Web(_)) {
        show_store_progress();
    }
    match cli.command {
        Command::Moves { position, rules } => rules::moves(&position, rules.as_deref()),
        Command::Apply {
            position,
            moves,
            trace,
            rules,
        } => rules::apply(&position, &moves, trace, rules.as_deref()),
        Command::Replay {
            file,
            each,
            rules,
            gif,
            from,
            to,
            sowing,
            view,
        } => {
            if gif.is_none() && (from.is_some() || to.is_some() || sowing) {
                return Err(input(
                    "--from, --to and --sowing shape the GIF: give --gif FILE.gif too",
                ));
            }
            rules::replay(
                &file,
                each,
                rules.as_deref(),
                gif.map(|output| rules::ReplayGif {
                    output,
                    from,
                    to,
                    sowing,
                    view,
                }),
            )
        }
        Command::Perft {
            depth,
            position,
            divide,
            rules,
        } => rules::perft(depth, position.as_deref(), divide, rules.as_deref()),
        Command::AiMove {
            position,
            level,
            nodes,
            time_ms,
            seed,
            rules,
        } => ai::ai_move(&ai::AiMoveArgs {
            position: &position,
            level: level.as_deref(),
            nodes,
            time_ms,
            seed,
            rules: rules.as_deref(),
        }),
        Command::Solve {
            position,
            rules,
            max_nodes,
            max_plies,
            time_s,
            graph,
            table_mb,
            proof,
            max_proof_lines,
        } => solve::solve(&solve::SolveArgs {
            position: &position,
            rules: rules.as_deref(),
            max_nodes,
            max_plies,
            time_s,
            graph,
            table_mb,
            proof: proof.as_deref(),
            max_proof_lines,
        }),
        Command::Analyze {
            agreement: Some(games),
            nodes,
            proof_nodes,
            ..
        } => agreement::agreement(
            games,
            nodes.unwrap_or(bao_bot::ai::analysis::DEFAULT_NODES),
            proof_nodes.unwrap_or(bao_bot::ai::analysis::PROOF_NODES),
        ),
        Command::Analyze {
            file,
            nodes,
            proof_nodes,
            output,
            names,
            ..
        } => analyze::analyze(&analyze::AnalyzeArgs {
            file: &file,
            nodes,
            proof_nodes,
            output: output.as_deref(),
            names: names.as_deref(),
        }),
        Command::AiBench {
            level,
            nodes,
            rules,
        } => ai::ai_bench(level.as_deref(), nodes, rules.as_deref()),
        Command::Match {
            a,
            b,
            games,
            seed,
            variant,
            threads,
            plies,
            max_plies,
            openings,
        } => ai::play_match(&ai::MatchArgs {
            a: &a,
            b: &b,
            games,
            seed,
            variant: &variant,
            threads,
            plies,
            max_plies,
            openings: openings.as_deref(),
        }),
        Command::Render {
            position,
            mv,
            view,
            names,
            ply,
            caption,
            output,
            text,
            rules,
            animate,
        } => render::render(render::RenderArgs {
            position: &position,
            mv: mv.as_deref(),
            view: &view,
            names: names.as_deref(),
            ply,
            caption,
            output: output.as_deref(),
            text,
            rules: rules.as_deref(),
            animate,
        }),
        Command::Run { config } => run::run(config.as_deref()),
        Command::Web(args) => web::web(&args),
        Command::Console {
            db,
            boards,
            user,
            script,
            start_time,
            lang,
        } => console::console(&console::ConsoleArgs {
            db: &db,
            boards,
            user: &user,
            script: script.as_deref(),
            start_time: start_time.as_deref(),
            lang,
        }),
        Command::Db {
            command: DbCommand::Check { db, repair },
        } => db::check(&db, repair),
        Command::Db {
            command: DbCommand::Backup { file, db },
        } => db::backup(&db, &file),
        Command::Invite { config } => invite::invite(config.as_deref()),
        Command::Learn { export, lang } => learn(export, lang),
        Command::Puzzles { command } => puzzles::run(command),
        Command::Tournament {
            command:
                TournamentCommand::Simulate {
                    players,
                    rounds,
                    format,
                    seed,
                    crosstable,
                    time,
                    trf,
                },
        } => tournament::simulate(&tournament::SimulateArgs {
            players,
            rounds,
            format: &format,
            seed,
            crosstable: crosstable.as_deref(),
            time,
            trf: trf.as_deref(),
        }),
        Command::Tournament {
            command:
                TournamentCommand::Reference {
                    engine,
                    events,
                    seed,
                    players,
                    rounds,
                    record,
                },
        } => tournament::reference(&tournament::ReferenceArgs {
            engine: &engine,
            events,
            seed,
            players,
            rounds: (
                u32::try_from(rounds.0).unwrap_or(u32::MAX),
                u32::try_from(rounds.1).unwrap_or(u32::MAX),
            ),
            record: record.as_deref(),
        }),
        Command::Tournament {
            command: TournamentCommand::Export { id, trf: _, db },
        } => tournament::export(&db, id),
        Command::Db {
            command:
                DbCommand::Ratings {
                    rebuild,
                    list: _,
                    variant,
                    guild,
                    db,
                },
        } => {
            if rebuild {
                db::rebuild_ratings(&db)
            } else {
                db::list_ratings(&db, variant.as_deref(), guild)
            }
        }
    }
}

/// `bao-bot learn --export`: the course as JSON lines; without `--export`, its outline.
fn learn(export: bool, lang: bao_bot::i18n::Lang) -> Result<(), CliError> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    if export {
        let lines = bao_bot::lessons::export_lines(lang).map_err(|e| CliError::Other(e.into()))?;
        for line in lines {
            writeln!(out, "{line}").map_err(|e| CliError::Other(e.into()))?;
        }
        return Ok(());
    }
    for (i, lesson) in bao_bot::lessons::course().iter().enumerate() {
        writeln!(
            out,
            "{:>2}. {} ({})",
            i + 1,
            bao_bot::lessons::title_msg(i + 1).render(lang),
            lesson.game_name()
        )
        .map_err(|e| CliError::Other(e.into()))?;
        for j in 0..lesson.tasks.len() {
            let goal = bao_bot::lessons::goal_msg(i + 1, j + 1).render(lang);
            writeln!(out, "    {}. {goal}", j + 1).map_err(|e| CliError::Other(e.into()))?;
        }
    }
    Ok(())
}
