//! `bao-bot tournament simulate` and `bao-bot tournament export`.

use std::io::Write;
use std::path::Path;
use std::time::Instant;

use anyhow::anyhow;
use bao_bot::store::{EventId, Store};
use bao_bot::tournament::simulate::{simulate as run_simulation, Plan};
use bao_bot::tournament::trf::{report, EventInfo};
use bao_bot::tournament::{Format, Pairing};

use super::{input, CliError};

/// The arguments of `tournament simulate`.
pub struct SimulateArgs<'a> {
    /// Players.
    pub players: usize,
    /// Swiss rounds (ignored by round robins).
    pub rounds: Option<u32>,
    /// `round-robin`, `double-round-robin` or `swiss`.
    pub format: &'a str,
    /// The seed.
    pub seed: u64,
    /// Write the final crosstable as a PNG here.
    pub crosstable: Option<&'a Path>,
    /// Print the time taken on standard error.
    pub time: bool,
    /// Write the event as a FIDE TRF report here.
    pub trf: Option<&'a Path>,
}

/// `bao-bot tournament simulate`: a whole event on a temporary database, printed as plain
/// lines.
pub fn simulate(args: &SimulateArgs<'_>) -> Result<(), CliError> {
    let format = Format::parse(args.format, args.rounds).map_err(|e| input(e.to_string()))?;
    if args.players < 2 {
        return Err(input(format!(
            "--players {}: an event needs at least 2 players",
            args.players
        )));
    }
    let started = Instant::now();
    let sim = run_simulation(Plan {
        players: args.players,
        format,
        seed: args.seed,
    })
    .map_err(anyhow::Error::from)?;
    let took = started.elapsed();
    let mut out = std::io::stdout().lock();
    let io = |e: std::io::Error| CliError::Other(e.into());
    writeln!(out, "round board south north result").map_err(io)?;
    for line in &sim.rounds {
        writeln!(out, "{line}").map_err(io)?;
    }
    for line in sim.standing_lines() {
        writeln!(out, "{line}").map_err(io)?;
    }
    if let Some(path) = args.crosstable {
        let event = sim.store.event(sim.event).map_err(anyhow::Error::from)?;
        let boards = sim
            .store
            .event_boards(sim.event)
            .map_err(anyhow::Error::from)?;
        let players = sim
            .store
            .event_players(sim.event)
            .map_err(anyhow::Error::from)?;
        let entrants = bao_bot::store::entrants_of(&players);
        let pairings: Vec<Pairing> = boards.iter().map(|b| b.pairing).collect();
        let title = event.map_or_else(String::new, |e| e.spec.name);
        let table = bao_bot::tournament::crosstable::crosstable(
            &title,
            format,
            &entrants,
            &pairings,
            &sim.standings,
        );
        std::fs::write(path, bao_bot::render::table_png(&table))
            .map_err(|e| anyhow!("{}: {e}", path.display()))?;
    }
    if let Some(path) = args.trf {
        std::fs::write(path, trf_of(&sim.store, sim.event)?)
            .map_err(|e| anyhow!("{}: {e}", path.display()))?;
    }
    if args.time {
        eprintln!("simulated in {:.3} s", took.as_secs_f64());
    }
    Ok(())
}

/// `bao-bot tournament export ID --trf`: the event as a FIDE TRF-16 report.
pub fn export(db: &Path, id: i64) -> Result<(), CliError> {
    if !db.exists() {
        return Err(input(format!(
            "{}: no such database file (give the bot's database with --db PATH)",
            db.display()
        )));
    }
    let store = Store::open(db).map_err(anyhow::Error::from)?;
    print!("{}", trf_of(&store, EventId(id))?);
    Ok(())
}

/// The TRF report of event `id` in `store`.
pub fn trf_of(store: &Store, id: EventId) -> Result<String, CliError> {
    let event = store
        .event(id)
        .map_err(anyhow::Error::from)?
        .ok_or_else(|| input(format!("there is no tournament {id} in this database")))?;
    let players = store.event_players(id).map_err(anyhow::Error::from)?;
    let boards = store.event_boards(id).map_err(anyhow::Error::from)?;
    let pairings: Vec<Pairing> = boards.iter().map(|b| b.pairing).collect();
    let start_date = event.started_at.and_then(|t| {
        let d = time::OffsetDateTime::from_unix_timestamp(t).ok()?;
        Some(format!(
            "{}/{:02}/{:02}",
            d.year(),
            u8::from(d.month()),
            d.day()
        ))
    });
    Ok(report(
        &EventInfo {
            name: &event.spec.name,
            start_date,
            format: event.spec.format,
        },
        &bao_bot::store::entrants_of(&players),
        &pairings,
    ))
}
