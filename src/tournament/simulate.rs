//! A whole event played through the store and the pairing code on a temporary database,
//! results drawn from the players' ratings (`bao-bot tournament simulate`).
//!
//! Each game ends by a result written as the bot writes one (the store's
//! `finish_game`), so its board learns the result the way a real game's board does.

use crate::ai::rng::Rng;
use crate::rules::{Position, Side, Variant};
use crate::store::{
    Event, EventId, GameEnd, NewEvent, ResultReason, RoundOutcome, Store, StoreError, UserId,
};

use super::standings::{quarters_text, standings, Standing};
use super::Format;

/// What to simulate.
#[derive(Debug, Clone, Copy)]
pub struct Plan {
    /// How many players.
    pub players: usize,
    /// How the event pairs.
    pub format: Format,
    /// The seed of the ratings and results.
    pub seed: u64,
}

/// A simulated event: its pairing lines and its final standings.
pub struct Simulation {
    /// `round board south north result`, one line per board.
    pub rounds: Vec<String>,
    /// The final standings.
    pub standings: Vec<Standing>,
    /// The players' names by start rank.
    pub names: Vec<String>,
    /// The store the event was played in (to export or draw it).
    pub store: Store,
    /// The event's id there.
    pub event: EventId,
}

impl Simulation {
    /// The standings as plain lines: a header, then `place player points sb buchholz
    /// direct`, points as decimals (`6.5`, `19.75`).
    pub fn standing_lines(&self) -> Vec<String> {
        let mut out = vec!["place player points sonneborn-berger buchholz direct".to_string()];
        out.extend(self.standings.iter().map(|s| {
            format!(
                "{} {} {} {} {} {}",
                s.place,
                self.names[s.entrant],
                decimal(s.halves),
                quarters_text(s.sonneborn_berger),
                decimal(s.buchholz),
                decimal(s.direct)
            )
        }));
        out
    }
}

/// Half-points as a plain decimal: `6.5`, `7`.
fn decimal(halves: u32) -> String {
    if halves % 2 == 1 {
        format!("{}.5", halves / 2)
    } else {
        (halves / 2).to_string()
    }
}

/// A result in plain ASCII: `1-0`, `0-1`, `1/2-1/2`, `1F-0F`, `0F-1F`, `bye`, `sit-out`.
fn plain_result(o: super::Outcome) -> &'static str {
    match o {
        super::Outcome::Draw => "1/2-1/2",
        super::Outcome::SitOut => "sit-out",
        other => other.score_text(),
    }
}

/// Who wins a game between ratings `south` and `north` (`None`: a draw), drawn from the
/// Elo expectation with a fifth of the expected score given to draws.
pub fn draw_result(rng: &mut Rng, south: f64, north: f64) -> Option<Side> {
    let expected = 1.0 / (1.0 + 10f64.powf((north - south) / 400.0));
    let x = rng.below(1_000_000) as f64 / 1_000_000.0;
    if x < expected * 0.8 {
        Some(Side::South)
    } else if x >= 1.0 - (1.0 - expected) * 0.8 {
        Some(Side::North)
    } else {
        None
    }
}

/// Runs a whole event by `plan` in a new in-memory store.
pub fn simulate(plan: Plan) -> Result<Simulation, StoreError> {
    let store = Store::open_in_memory()?;
    let mut rng = Rng::new(plan.seed);
    let mut now = 1_800_000_000;
    let event = store.create_event(&NewEvent {
        name: format!("Simulated {} (seed {})", plan.format.name(), plan.seed),
        guild: 1,
        channel: 1,
        creator: UserId(1),
        variant: Variant::Kiswahili,
        start_position: Position::start(Variant::Kiswahili).to_string(),
        format: plan.format,
        time_per_move: None,
        round_time: None,
        rated: false,
        signup_closes_at: None,
        max_players: None,
        now,
    })?;
    for i in 0..plan.players {
        let rating = 1000.0 + rng.below(1200) as f64;
        let user = UserId(100 + i as u64);
        store.join_event(event.id, user, &format!("p{:03}", i + 1), rating, now)?;
    }
    let mut lines = Vec::new();
    let mut outcome = store.start_event(event.id, now)?;
    let players = store.event_players(event.id)?;
    let rating_of = |u: UserId| {
        players
            .iter()
            .find(|p| p.user == u)
            .map_or(0.0, |p| p.rating)
    };
    let name_of = |u: UserId| {
        players
            .iter()
            .find(|p| p.user == u)
            .map_or_else(|| "?".to_string(), |p| p.name.clone())
    };
    while let RoundOutcome::Paired { boards, .. } = outcome {
        now += 3600;
        for b in &boards {
            if let (Some(game), Some(north)) = (b.game, b.north) {
                let winner = draw_result(&mut rng, rating_of(b.south), rating_of(north));
                let reason = if winner.is_some() {
                    ResultReason::Resignation
                } else {
                    ResultReason::AgreedDraw
                };
                store.finish_game(game, 0, GameEnd { winner, reason }, now)?;
            }
        }
        outcome = store.next_round(event.id, now)?;
    }
    let boards = store.event_boards(event.id)?;
    for b in &boards {
        let p = b.pairing;
        lines.push(format!(
            "{} {} {} {} {}",
            p.round,
            p.board,
            name_of(b.south),
            b.north.map_or_else(|| "-".to_string(), name_of),
            p.outcome.map_or("*", plain_result)
        ));
    }
    let pairings: Vec<_> = boards.iter().map(|b| b.pairing).collect();
    let table = standings(players.len(), &pairings).unwrap_or_default();
    let names = crate::store::seeded_names(&players);
    Ok(Simulation {
        rounds: lines,
        standings: table,
        names,
        store,
        event: event.id,
    })
}

/// The event row of a simulation (for reports).
pub fn event_of(sim: &Simulation) -> Result<Option<Event>, StoreError> {
    sim.store.event(sim.event)
}
