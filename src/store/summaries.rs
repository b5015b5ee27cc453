//! Player summaries: each player's finished games tallied as `/bao-stats` shows them (by
//! side, time control, AI level and opponent, the runs of wins and the last results), kept
//! in the transaction that ends a game so that the command reads a few rows whatever the
//! player's history. `db check` recomputes them from the games and `db check --repair`
//! rebuilds them; the migration that added them built them the same way.
//!
//! One fold ([`Summaries::add`]) makes them, from a game ending (incrementally) or from
//! every finished game in the order they ended (rebuild and check), so the two agree.

use std::collections::BTreeMap;

use rusqlite::{params, Connection, OptionalExtension, Row};

use super::glicko::Score;
use super::rows::id_sql;
use super::types::{GameId, UserId};
use super::{Store, StoreError};
use crate::rules::{Side, Variant};
use crate::vocab::TimeControl;

/// How many of the last results against people a summary keeps.
pub const RECENT_RESULTS: usize = 10;

/// Wins, losses and draws.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Tally {
    /// Games won.
    pub wins: u32,
    /// Games lost.
    pub losses: u32,
    /// Games drawn.
    pub draws: u32,
}

impl Tally {
    /// Counts one result.
    pub fn add(&mut self, score: Score) {
        match score {
            Score::Win => self.wins += 1,
            Score::Loss => self.losses += 1,
            Score::Draw => self.draws += 1,
        }
    }

    /// Games counted.
    pub fn games(&self) -> u32 {
        self.wins + self.losses + self.draws
    }
}

/// A player's finished games in one variant, as `/bao-stats` shows them.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PlayerSummary {
    /// Games against people, by the player's side (South, North).
    pub sides: [Tally; 2],
    /// How many games against people were rated.
    pub rated: u32,
    /// Games against people by time control (`None`: without a clock).
    pub clocks: Vec<(Option<TimeControl>, Tally)>,
    /// Games against the AI, by level name.
    pub ai: Vec<(String, Tally)>,
    /// The current run of wins against people.
    pub streak: u32,
    /// The longest run of wins against people.
    pub best_streak: u32,
    /// The last results against people, oldest first (at most [`RECENT_RESULTS`]).
    pub recent: Vec<Score>,
    /// Games against the asked-about opponent (head to head), from the player's side.
    pub against: Tally,
}

/// A finished game's facts, as the summaries need them.
struct Ended {
    id: i64,
    variant: String,
    sides: [(Option<i64>, Option<String>); 2],
    winner: Option<String>,
    rated: bool,
    updated_at: i64,
    clock: Option<(i64, i64, Option<i64>)>,
}

/// The columns [`ended_from`] reads.
const ENDED_COLUMNS: &str = "id, variant, south_user, south_ai, north_user, north_ai, winner, \
     rated, updated_at, clock_base_ms, clock_increment_ms, clock_cap_ms";

fn ended_from(r: &Row) -> rusqlite::Result<Ended> {
    Ok(Ended {
        id: r.get(0)?,
        variant: r.get(1)?,
        sides: [(r.get(2)?, r.get(3)?), (r.get(4)?, r.get(5)?)],
        winner: r.get(6)?,
        rated: r.get(7)?,
        updated_at: r.get(8)?,
        clock: match r.get::<_, Option<i64>>(9)? {
            Some(base) => Some((base, r.get::<_, Option<i64>>(10)?.unwrap_or(0), r.get(11)?)),
            None => None,
        },
    })
}

/// The key of a time control's row (`clock:` alone for none).
fn clock_key(clock: Option<(i64, i64, Option<i64>)>) -> String {
    match clock {
        None => "clock:".into(),
        Some((base, inc, None)) => format!("clock:{base}:{inc}:"),
        Some((base, inc, Some(cap))) => format!("clock:{base}:{inc}:{cap}"),
    }
}

/// The time control a `clock:` key names (`None` inside for no clock; `None` outside for a
/// key that is not one).
fn clock_of_key(key: &str) -> Option<Option<TimeControl>> {
    let rest = key.strip_prefix("clock:")?;
    if rest.is_empty() {
        return Some(None);
    }
    let mut parts = rest.split(':');
    let base_ms = parts.next()?.parse().ok()?;
    let increment_ms = parts.next()?.parse().ok()?;
    let cap_ms = match parts.next()? {
        "" => None,
        cap => Some(cap.parse().ok()?),
    };
    Some(Some(TimeControl {
        base_ms,
        increment_ms,
        cap_ms,
    }))
}

fn letter(score: Score) -> char {
    match score {
        Score::Win => 'W',
        Score::Loss => 'L',
        Score::Draw => 'D',
    }
}

fn score_of(letter: char) -> Option<Score> {
    match letter {
        'W' => Some(Score::Win),
        'L' => Some(Score::Loss),
        'D' => Some(Score::Draw),
        _ => None,
    }
}

/// A player's runs of wins and last results in one variant.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
struct Streak {
    streak: i64,
    best: i64,
    recent: String,
    last_at: i64,
    last_id: i64,
}

impl Streak {
    fn push(&mut self, score: Score, at: i64, id: i64) {
        self.streak = if score == Score::Win {
            self.streak + 1
        } else {
            0
        };
        self.best = self.best.max(self.streak);
        self.recent.push(letter(score));
        let extra = self.recent.len().saturating_sub(RECENT_RESULTS);
        self.recent.drain(..extra);
        (self.last_at, self.last_id) = (at, id);
    }
}

/// Summaries being built in memory: `(user, variant, against)` tallies with their rated
/// counts, and `(user, variant)` streaks.
#[derive(Debug, Default, PartialEq, Eq)]
pub(super) struct Summaries {
    records: BTreeMap<(i64, String, String), (Tally, u32)>,
    streaks: BTreeMap<(i64, String), Streak>,
    /// Finished games counted.
    finished: u64,
}

impl Summaries {
    /// Counts one finished game, for each of its human players (games must come in the
    /// order they ended: `updated_at`, then id).
    fn add(&mut self, game: &Ended) {
        self.finished += 1;
        for side in [Side::South, Side::North] {
            let (Some(user), _) = game.sides[side.index()] else {
                continue;
            };
            let (opp_user, opp_ai) = &game.sides[(!side).index()];
            let score = result_for(game, side);
            let mut count = |against: String, rated: bool| {
                let entry = self
                    .records
                    .entry((user, game.variant.clone(), against))
                    .or_default();
                entry.0.add(score);
                entry.1 += u32::from(rated);
            };
            match (opp_user, opp_ai) {
                (Some(opp), _) => {
                    let side_key = if side == Side::South { "S" } else { "N" };
                    count(side_key.into(), game.rated);
                    count(clock_key(game.clock), false);
                    count(format!("vs:{opp}"), false);
                    self.streaks
                        .entry((user, game.variant.clone()))
                        .or_default()
                        .push(score, game.updated_at, game.id);
                }
                (None, Some(level)) => count(format!("ai:{level}"), false),
                (None, None) => {}
            }
        }
    }

    /// Every finished game of the database folded, in the order they ended (one pass,
    /// memory bounded by the number of summary rows). `progress` hears every 10,000 games.
    fn of_all_games(
        conn: &Connection,
        mut progress: impl FnMut(u64, u64),
    ) -> Result<Summaries, StoreError> {
        let total: i64 = conn.query_row(
            "SELECT count(*) FROM games WHERE status = 'finished'",
            [],
            |r| r.get(0),
        )?;
        let mut summaries = Summaries::default();
        let mut stmt = conn.prepare(&format!(
            "SELECT {ENDED_COLUMNS} FROM games WHERE status = 'finished' \
             ORDER BY updated_at, id"
        ))?;
        let mut rows = stmt.query([])?;
        while let Some(row) = rows.next()? {
            summaries.add(&ended_from(row)?);
            if summaries.finished % 10_000 == 0 {
                progress(summaries.finished, total as u64);
            }
        }
        Ok(summaries)
    }

    /// What the summary tables hold now.
    fn stored(conn: &Connection) -> Result<Summaries, StoreError> {
        let mut summaries = Summaries::default();
        let mut stmt = conn.prepare(
            "SELECT user_id, variant, against, wins, losses, draws, rated FROM player_records",
        )?;
        let mut rows = stmt.query([])?;
        while let Some(r) = rows.next()? {
            let tally = Tally {
                wins: r.get(3)?,
                losses: r.get(4)?,
                draws: r.get(5)?,
            };
            summaries
                .records
                .insert((r.get(0)?, r.get(1)?, r.get(2)?), (tally, r.get(6)?));
        }
        let mut stmt = conn.prepare(
            "SELECT user_id, variant, streak, best, recent, last_at, last_id FROM player_streaks",
        )?;
        let mut rows = stmt.query([])?;
        while let Some(r) = rows.next()? {
            summaries.streaks.insert(
                (r.get(0)?, r.get(1)?),
                Streak {
                    streak: r.get(2)?,
                    best: r.get(3)?,
                    recent: r.get(4)?,
                    last_at: r.get(5)?,
                    last_id: r.get(6)?,
                },
            );
        }
        summaries.finished = conn
            .query_row("SELECT finished FROM game_counts WHERE id = 1", [], |r| {
                r.get::<_, i64>(0)
            })
            .optional()?
            .unwrap_or(0) as u64;
        Ok(summaries)
    }

    /// Replaces the summary tables with these.
    fn write(&self, conn: &Connection) -> Result<(), StoreError> {
        conn.execute_batch(
            "DELETE FROM player_records; DELETE FROM player_streaks; DELETE FROM game_counts;",
        )?;
        let mut insert = conn.prepare(
            "INSERT INTO player_records (user_id, variant, against, wins, losses, draws, rated) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        )?;
        for ((user, variant, against), (t, rated)) in &self.records {
            insert.execute(params![
                user, variant, against, t.wins, t.losses, t.draws, rated
            ])?;
        }
        for ((user, variant), s) in &self.streaks {
            write_streak(conn, *user, variant, s)?;
        }
        conn.execute(
            "INSERT INTO game_counts (id, finished) VALUES (1, ?1)",
            [self.finished as i64],
        )?;
        Ok(())
    }

    /// Where `self` (the stored summaries) differs from `want` (the games), in words.
    fn differences(&self, want: &Summaries) -> Vec<String> {
        let mut out = Vec::new();
        if self.finished != want.finished {
            out.push(format!(
                "the finished-games total says {} but {} games are finished",
                self.finished, want.finished
            ));
        }
        let words = |v: Option<&(Tally, u32)>| match v {
            Some((t, rated)) => format!("{}-{}-{} ({rated} rated)", t.wins, t.losses, t.draws),
            None => "nothing".into(),
        };
        differing(&self.records, &want.records, |key, has, should| {
            out.push(format!(
                "player {} in {}, record `{}`: the summary says {} but the games say {}",
                key.0,
                key.1,
                key.2,
                words(has),
                words(should)
            ))
        });
        let swords = |v: Option<&Streak>| match v {
            Some(s) => format!("run {} best {} last `{}`", s.streak, s.best, s.recent),
            None => "nothing".into(),
        };
        differing(&self.streaks, &want.streaks, |key, has, should| {
            out.push(format!(
                "player {} in {}, results against people: the summary says {} but the games \
                 say {}",
                key.0,
                key.1,
                swords(has),
                swords(should)
            ))
        });
        out
    }
}

/// Calls `say` for every key whose value differs between `has` and `want` (either may lack
/// it), in key order.
fn differing<K: Ord, V: PartialEq>(
    has: &BTreeMap<K, V>,
    want: &BTreeMap<K, V>,
    mut say: impl FnMut(&K, Option<&V>, Option<&V>),
) {
    let keys: std::collections::BTreeSet<&K> = has.keys().chain(want.keys()).collect();
    for key in keys {
        let (a, b) = (has.get(key), want.get(key));
        if a != b {
            say(key, a, b);
        }
    }
}

/// The result of `game` for the player of `side`.
fn result_for(game: &Ended, side: Side) -> Score {
    let mine = if side == Side::South { "S" } else { "N" };
    match game.winner.as_deref() {
        None => Score::Draw,
        Some(w) if w == mine => Score::Win,
        Some(_) => Score::Loss,
    }
}

fn write_streak(conn: &Connection, user: i64, variant: &str, s: &Streak) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "INSERT OR REPLACE INTO player_streaks \
         (user_id, variant, streak, best, recent, last_at, last_id) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    )?
    .execute(params![
        user, variant, s.streak, s.best, s.recent, s.last_at, s.last_id
    ])?;
    Ok(())
}

/// Counts `game`, which has just finished, into its players' summaries, inside the
/// transaction that finishes it. A game that ended before the last one counted for a
/// player (the same second, a smaller id; or an earlier time) has that player's runs and
/// last results recomputed from their games, so they stay in the order the games ended.
pub(super) fn record_finished(conn: &Connection, game: GameId) -> Result<(), StoreError> {
    let Some(ended) = conn
        .prepare_cached(&format!(
            "SELECT {ENDED_COLUMNS} FROM games WHERE id = ?1 AND status = 'finished'"
        ))?
        .query_row([game.0], ended_from)
        .optional()?
    else {
        return Ok(());
    };
    let mut one = Summaries::default();
    one.add(&ended);
    for ((user, variant, against), (t, rated)) in &one.records {
        conn.prepare_cached(
            "INSERT INTO player_records (user_id, variant, against, wins, losses, draws, rated) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) \
             ON CONFLICT (user_id, variant, against) DO UPDATE SET \
             wins = wins + excluded.wins, losses = losses + excluded.losses, \
             draws = draws + excluded.draws, rated = rated + excluded.rated",
        )?
        .execute(params![
            user, variant, against, t.wins, t.losses, t.draws, rated
        ])?;
    }
    for ((user, variant), s) in &one.streaks {
        let before = load_streak(conn, *user, variant)?;
        let next = match before {
            None => s.clone(),
            Some(mut b) if (b.last_at, b.last_id) < (ended.updated_at, ended.id) => {
                // One result, or two when someone played both sides.
                for score in s.recent.chars().filter_map(score_of) {
                    b.push(score, ended.updated_at, ended.id);
                }
                b
            }
            Some(_) => streak_from_games(conn, *user, variant)?,
        };
        write_streak(conn, *user, variant, &next)?;
    }
    conn.prepare_cached(
        "INSERT INTO game_counts (id, finished) VALUES (1, 1) \
         ON CONFLICT (id) DO UPDATE SET finished = finished + 1",
    )?
    .execute([])?;
    Ok(())
}

fn load_streak(conn: &Connection, user: i64, variant: &str) -> rusqlite::Result<Option<Streak>> {
    conn.prepare_cached(
        "SELECT streak, best, recent, last_at, last_id FROM player_streaks \
         WHERE user_id = ?1 AND variant = ?2",
    )?
    .query_row(params![user, variant], |r| {
        Ok(Streak {
            streak: r.get(0)?,
            best: r.get(1)?,
            recent: r.get(2)?,
            last_at: r.get(3)?,
            last_id: r.get(4)?,
        })
    })
    .optional()
}

/// A player's runs and last results in a variant, from all their finished games (the rare
/// case of a game counted out of order).
fn streak_from_games(conn: &Connection, user: i64, variant: &str) -> Result<Streak, StoreError> {
    let mut summaries = Summaries::default();
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {ENDED_COLUMNS} FROM games WHERE id IN \
         (SELECT id FROM games WHERE south_user = ?1 UNION SELECT id FROM games \
          WHERE north_user = ?1) AND status = 'finished' AND variant = ?2 \
         ORDER BY updated_at, id"
    ))?;
    let mut rows = stmt.query(params![user, variant])?;
    while let Some(row) = rows.next()? {
        summaries.add(&ended_from(row)?);
    }
    Ok(summaries
        .streaks
        .remove(&(user, variant.to_string()))
        .unwrap_or_default())
}

/// The `tracing` target of the store's progress reports (a long migration, a repair). The
/// binary shows its events on stderr, also in the commands that log nothing else.
pub const PROGRESS_TARGET: &str = "bao_bot::store::progress";

/// Builds the summaries from every finished game, replacing what was there (the migration
/// that added them, and `db check --repair`). Reports progress every 10,000 games (a
/// migration of a large database takes seconds) as `tracing` events at [`PROGRESS_TARGET`].
pub(super) fn rebuild(conn: &Connection) -> Result<u64, StoreError> {
    let summaries = Summaries::of_all_games(conn, |done, total| {
        tracing::info!(target: PROGRESS_TARGET, "summarising finished games: {done} of {total}");
    })?;
    summaries.write(conn)?;
    Ok(summaries.finished)
}

/// The migration step that fills the new summary tables (inside the migration's
/// transaction: a kill leaves the database as it was).
pub(super) fn migration_hook(tx: &rusqlite::Transaction) -> rusqlite_migration::HookResult {
    rebuild(tx).map_err(|e| match e {
        StoreError::Sqlite(e) => rusqlite_migration::HookError::RusqliteError(e),
        other => rusqlite_migration::HookError::Hook(other.to_string()),
    })?;
    Ok(())
}

impl Store {
    /// `user`'s summary in `variant`, with the head-to-head record against `opponent`:
    /// a few rows by primary key, whatever the number of games.
    pub fn player_summary(
        &self,
        user: UserId,
        variant: Variant,
        opponent: Option<UserId>,
    ) -> Result<PlayerSummary, StoreError> {
        let conn = self.read();
        let u = id_sql(user.0);
        let mut summary = PlayerSummary::default();
        let mut stmt = conn.prepare_cached(SUMMARY_SQL)?;
        let mut rows = stmt.query(params![u, variant.name()])?;
        while let Some(r) = rows.next()? {
            let against: String = r.get(0)?;
            let tally = Tally {
                wins: r.get(1)?,
                losses: r.get(2)?,
                draws: r.get(3)?,
            };
            match against.as_str() {
                "S" | "N" => {
                    let side = if against == "S" { 0 } else { 1 };
                    summary.sides[side] = tally;
                    summary.rated += r.get::<_, u32>(4)?;
                }
                key => {
                    if let Some(level) = key.strip_prefix("ai:") {
                        summary.ai.push((level.to_string(), tally));
                    } else if let Some(clock) = clock_of_key(key) {
                        summary.clocks.push((clock, tally));
                    }
                }
            }
        }
        if let Some(opp) = opponent {
            let key = format!("vs:{}", id_sql(opp.0));
            summary.against = conn
                .prepare_cached(
                    "SELECT wins, losses, draws FROM player_records \
                     WHERE user_id = ?1 AND variant = ?2 AND against = ?3",
                )?
                .query_row(params![u, variant.name(), key], |r| {
                    Ok(Tally {
                        wins: r.get(0)?,
                        losses: r.get(1)?,
                        draws: r.get(2)?,
                    })
                })
                .optional()?
                .unwrap_or_default();
        }
        if let Some(s) = load_streak(&conn, u, variant.name())? {
            summary.streak = s.streak as u32;
            summary.best_streak = s.best as u32;
            summary.recent = s.recent.chars().filter_map(score_of).collect();
        }
        Ok(summary)
    }

    /// `db check`: the stored summaries against the finished games (one pass over them),
    /// and the rating bands against the ratings: every difference in words, empty when they
    /// agree.
    pub fn check_summaries(&self) -> Result<Vec<String>, StoreError> {
        let mut conn = self.lock();
        let tx = conn.transaction()?;
        let want = Summaries::of_all_games(&tx, |_, _| {})?;
        let has = Summaries::stored(&tx)?;
        let mut differences = has.differences(&want);
        differences.extend(super::rating_bands::band_differences(&tx)?);
        tx.commit()?;
        Ok(differences)
    }

    /// `db check --repair`: rebuilds the summaries from the finished games (and the rating
    /// bands from the ratings), in one transaction. Returns how many finished games they count.
    pub fn rebuild_summaries(&self) -> Result<u64, StoreError> {
        let mut conn = self.lock();
        let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        let n = rebuild(&tx)?;
        super::rating_bands::rebuild_bands(&tx)?;
        tx.commit()?;
        Ok(n)
    }
}

/// A player's tallies in a variant except head to head (`'vs:'` sorts after every other
/// key, so this is one range of the primary key).
pub(super) const SUMMARY_SQL: &str =
    "SELECT against, wins, losses, draws, rated FROM player_records \
     WHERE user_id = ?1 AND variant = ?2 AND against < 'vs:'";
