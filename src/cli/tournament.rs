//! `bao-bot tournament simulate`, `export` and `reference` (the agreement with a reference
//! Dutch engine).

use std::io::Write;
use std::path::Path;
use std::time::Instant;

use anyhow::anyhow;
use bao_bot::ai::rng::Rng;
use bao_bot::store::{EventId, Store};
use bao_bot::tournament::simulate::{draw_result, simulate as run_simulation, Plan};
use bao_bot::tournament::trf::{report, EventInfo};
use bao_bot::tournament::{Entrant, Format, Outcome, Pairing};

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

/// The arguments of `tournament reference`.
pub struct ReferenceArgs<'a> {
    /// The reference engine (bbpPairings).
    pub engine: &'a Path,
    /// How many events.
    pub events: usize,
    /// The seed of the events' sizes, ratings and results.
    pub seed: u64,
    /// Players per event, fewest and most.
    pub players: (usize, usize),
    /// Rounds per event, fewest and most.
    pub rounds: (u32, u32),
    /// Instead of comparing: record events paired round by round by the engine here.
    pub record: Option<&'a Path>,
}

/// One event's size and seed, drawn from the command's seed.
fn event_plan(rng: &mut Rng, args: &ReferenceArgs<'_>, i: usize) -> (usize, u32, u64) {
    let (lo, hi) = args.players;
    let n = lo + rng.below(hi - lo + 1);
    let (rlo, rhi) = args.rounds;
    let r = (rlo + rng.below((rhi - rlo + 1) as usize) as u32).min(n as u32 - 1);
    (n, r, args.seed * 1_000_003 + i as u64)
}

/// `bao-bot tournament reference`: simulates events, has the reference engine check every
/// round (`--dutch FILE -c`) and prints how many rounds and boards are the same; or, with
/// `--record DIR`, plays events whose every round the engine pairs (`-p`) and writes them
/// as TRF files (the test data of `tests/tournament_dutch.rs`).
pub fn reference(args: &ReferenceArgs<'_>) -> Result<(), CliError> {
    let (lo, hi) = args.players;
    if lo < 3 || hi < lo || args.rounds.0 < 1 || args.rounds.1 < args.rounds.0 {
        return Err(input(
            "give --players MIN-MAX from 3 up and --rounds MIN-MAX from 1 up".to_string(),
        ));
    }
    if !args.engine.exists() {
        return Err(input(format!(
            "{}: no such engine (give bbpPairings with --engine PATH)",
            args.engine.display()
        )));
    }
    let dir = std::env::temp_dir().join(format!("bao-reference-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| anyhow!("{}: {e}", dir.display()))?;
    let mut rng = Rng::new(args.seed);
    let (mut rounds, mut same_rounds, mut boards, mut same_boards) = (0, 0, 0, 0);
    for i in 0..args.events {
        let (n, r, seed) = event_plan(&mut rng, args, i);
        if let Some(out) = args.record {
            let path = out.join(format!("dutch-{n}p-{r}r-{seed}.trf"));
            let played = record_event(args.engine, &dir, n, r, seed)?;
            std::fs::write(&path, played).map_err(|e| anyhow!("{}: {e}", path.display()))?;
            println!("{}", path.display());
            continue;
        }
        let sim = run_simulation(Plan {
            players: n,
            format: Format::Swiss { rounds: r },
            seed,
        })
        .map_err(anyhow::Error::from)?;
        let file = dir.join(format!("event-{i}.trf"));
        std::fs::write(&file, trf_of(&sim.store, sim.event)?)
            .map_err(|e| anyhow!("{}: {e}", file.display()))?;
        let (differ, differ_boards) = check_event(args.engine, &file)?;
        let event_boards = sim.rounds.len();
        rounds += r as usize;
        same_rounds += r as usize - differ;
        boards += event_boards;
        same_boards += event_boards - differ_boards.min(event_boards);
        println!(
            "{n} players, {r} rounds, seed {seed}: {} of {r} rounds, {} of {event_boards} boards the same",
            r as usize - differ,
            event_boards - differ_boards.min(event_boards)
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
    if args.record.is_none() {
        let pct = |a: usize, b: usize| 100.0 * a as f64 / b.max(1) as f64;
        println!(
            "rounds identical: {same_rounds}/{rounds} ({:.1}%); boards identical: {same_boards}/{boards} ({:.1}%)",
            pct(same_rounds, rounds),
            pct(same_boards, boards)
        );
    }
    Ok(())
}

/// Runs `engine --dutch file -c`: the rounds it pairs differently, and how many of our
/// boards (pairs with their sides, or byes) it lists as differing.
fn check_event(engine: &Path, file: &Path) -> Result<(usize, usize), CliError> {
    let out = std::process::Command::new(engine)
        .arg("--dutch")
        .arg(file)
        .arg("-c")
        .output()
        .map_err(|e| anyhow!("{}: {e}", engine.display()))?;
    if !out.status.success() {
        return Err(CliError::Other(anyhow!(
            "{} refused {}: {}",
            engine.display(),
            file.display(),
            String::from_utf8_lossy(&out.stderr)
        )));
    }
    let text = String::from_utf8_lossy(&out.stdout);
    let (mut rounds, mut boards, mut column) = (0, 0, None);
    for line in text.lines() {
        if let Some(at) = line.find("Tournament pairings") {
            rounds += 1;
            column = Some(at);
        } else if line.contains(": Round #") || line.trim().is_empty() {
            column = None;
        } else if let Some(at) = column {
            boards += usize::from(line.get(at..).is_some_and(|x| x.contains('-')));
        }
    }
    Ok((rounds, boards))
}

/// Plays an event of `n` players and `r` rounds whose every round `engine` pairs (`-p`),
/// results drawn from the ratings; returns it as TRF.
fn record_event(
    engine: &Path,
    dir: &Path,
    n: usize,
    r: u32,
    seed: u64,
) -> Result<String, CliError> {
    let mut rng = Rng::new(seed);
    let mut ratings: Vec<f64> = (0..n).map(|_| 1000.0 + rng.below(1200) as f64).collect();
    ratings.sort_by(|a, b| b.total_cmp(a));
    let entrants: Vec<Entrant> = ratings
        .iter()
        .enumerate()
        .map(|(i, &rating)| Entrant {
            name: format!("p{:03}", i + 1),
            rating,
            active: true,
        })
        .collect();
    let name = format!("Reference Dutch event, seed {seed}");
    let info = EventInfo {
        name: &name,
        start_date: None,
        format: Format::Swiss { rounds: r },
    };
    let mut pairings: Vec<Pairing> = Vec::new();
    let (file, paired) = (dir.join("record.trf"), dir.join("record-out.txt"));
    for round in 1..=r {
        std::fs::write(&file, report(&info, &entrants, &pairings))
            .map_err(|e| anyhow!("{}: {e}", file.display()))?;
        let out = std::process::Command::new(engine)
            .arg("--dutch")
            .arg(&file)
            .arg("-p")
            .arg(&paired)
            .output()
            .map_err(|e| anyhow!("{}: {e}", engine.display()))?;
        if !out.status.success() {
            return Err(CliError::Other(anyhow!(
                "{} could not pair round {round} of seed {seed}: {}",
                engine.display(),
                String::from_utf8_lossy(&out.stderr)
            )));
        }
        let text =
            std::fs::read_to_string(&paired).map_err(|e| anyhow!("{}: {e}", paired.display()))?;
        for (board, line) in (1u32..).zip(text.lines().skip(1)) {
            let ids: Vec<usize> = line
                .split_whitespace()
                .filter_map(|x| x.parse().ok())
                .collect();
            let &[white, black] = ids.as_slice() else {
                continue;
            };
            let south = white - 1;
            let (north, outcome) = if black == 0 {
                (None, Outcome::Bye)
            } else {
                let winner = draw_result(&mut rng, ratings[south], ratings[black - 1]);
                (Some(black - 1), Outcome::of_winner(winner))
            };
            pairings.push(Pairing {
                round,
                board,
                south,
                north,
                outcome: Some(outcome),
            });
        }
    }
    Ok(report(&info, &entrants, &pairings))
}
