//! The puzzles of `/bao-puzzle`: attempts (each one's id is the token on its buttons), the
//! players' and the puzzles' puzzle ratings, and the daily puzzle's settings and posts. The
//! puzzles themselves live in the program ([`crate::puzzles::collection`]).

use std::collections::{HashMap, HashSet};

use rusqlite::{params, OptionalExtension, Row, Transaction};

use super::glicko::{rate_puzzle, Rating, START_VOLATILITY};
use super::rows::{id_rust, id_sql};
use super::types::UserId;
use super::{Store, StoreError};

/// The rating deviation a puzzle starts with: its initial rating comes from the ladder's
/// tries, so it is surer than a new player's.
pub const PUZZLE_START_DEVIATION: f64 = 200.0;

/// One attempt at a puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PuzzleAttempt {
    /// Its id, written on its buttons.
    pub token: i64,
    /// Whose.
    pub user: UserId,
    /// The puzzle.
    pub puzzle_id: String,
    /// Where it is open ([`crate::vocab::Place::key`]).
    pub place_key: String,
    /// The solution index of the solver's next move.
    pub step: u32,
    /// Whether it is the user's first attempt at this puzzle (rated).
    pub rated: bool,
    /// Whether it is still open.
    pub open: bool,
}

/// A player's puzzle record.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PuzzlePlayer {
    /// The puzzle rating.
    pub rating: Rating,
    /// Rated attempts solved.
    pub solved: u32,
    /// Rated attempts failed.
    pub failed: u32,
    /// Rated attempts solved in a row, up to now.
    pub streak: u32,
    /// The longest such run.
    pub best_streak: u32,
}

/// The end of a rated attempt: both ratings before and after.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PuzzleRated {
    /// The player's rating before and after.
    pub player: (Rating, Rating),
    /// The puzzle's rating before and after.
    pub puzzle: (Rating, Rating),
}

/// A server's daily puzzle setting.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DailySetting {
    /// The server.
    pub guild: u64,
    /// The channel it is posted in.
    pub channel: u64,
    /// The hour (UTC) it is posted at.
    pub hour: u32,
}

const ATTEMPT_COLS: &str = "token, user_id, puzzle_id, place_key, step, rated, state";

fn attempt_from(r: &Row) -> rusqlite::Result<PuzzleAttempt> {
    Ok(PuzzleAttempt {
        token: r.get(0)?,
        user: UserId(id_rust(r.get(1)?)),
        puzzle_id: r.get(2)?,
        place_key: r.get(3)?,
        step: r.get(4)?,
        rated: r.get(5)?,
        open: r.get::<_, String>(6)? == "open",
    })
}

fn rating_from(r: &Row, first: usize) -> rusqlite::Result<Rating> {
    Ok(Rating {
        rating: r.get(first)?,
        deviation: r.get(first + 1)?,
        volatility: r.get(first + 2)?,
    })
}

/// A puzzle's rating before a rated attempt: stored, else its initial rating.
fn puzzle_rating(tx: &Transaction, puzzle: &str, initial: f64) -> rusqlite::Result<Rating> {
    Ok(tx
        .query_row(
            "SELECT rating, deviation, volatility FROM puzzle_ratings WHERE puzzle_id = ?1",
            [puzzle],
            |r| rating_from(r, 0),
        )
        .optional()?
        .unwrap_or(Rating {
            rating: initial,
            deviation: PUZZLE_START_DEVIATION,
            volatility: START_VOLATILITY,
        }))
}

impl Store {
    /// The attempt `user` has open, if any.
    pub fn open_puzzle(&self, user: UserId) -> Result<Option<PuzzleAttempt>, StoreError> {
        let sql = format!(
            "SELECT {ATTEMPT_COLS} FROM puzzle_attempts WHERE user_id = ?1 AND state = 'open'"
        );
        Ok(self
            .lock()
            .prepare_cached(&sql)?
            .query_row([id_sql(user.0)], attempt_from)
            .optional()?)
    }

    /// The attempt with `token`, open or not.
    pub fn puzzle_attempt(&self, token: i64) -> Result<Option<PuzzleAttempt>, StoreError> {
        let sql = format!("SELECT {ATTEMPT_COLS} FROM puzzle_attempts WHERE token = ?1");
        Ok(self
            .lock()
            .prepare_cached(&sql)?
            .query_row([token], attempt_from)
            .optional()?)
    }

    /// Opens an attempt of `user` at `puzzle` in the place `place_key` (an attempt still open
    /// is left, unrated); rated when it is the user's first at this puzzle.
    pub fn start_puzzle(
        &self,
        user: UserId,
        puzzle: &str,
        place_key: &str,
        now: i64,
    ) -> Result<PuzzleAttempt, StoreError> {
        let mut conn = self.lock();
        let tx = conn.transaction()?;
        let uid = id_sql(user.0);
        tx.execute(
            "UPDATE puzzle_attempts SET state = 'left', finished_at = ?2 \
             WHERE user_id = ?1 AND state = 'open'",
            params![uid, now],
        )?;
        let seen: bool = tx.query_row(
            "SELECT EXISTS (SELECT 1 FROM puzzle_attempts WHERE user_id = ?1 AND puzzle_id = ?2)",
            params![uid, puzzle],
            |r| r.get(0),
        )?;
        tx.execute(
            "INSERT INTO puzzle_attempts (user_id, puzzle_id, place_key, rated, started_at) \
             VALUES (?1, ?2, ?3, ?4, ?5)",
            params![uid, puzzle, place_key, !seen, now],
        )?;
        let token = tx.last_insert_rowid();
        tx.commit()?;
        Ok(PuzzleAttempt {
            token,
            user,
            puzzle_id: puzzle.to_string(),
            place_key: place_key.to_string(),
            step: 0,
            rated: !seen,
            open: true,
        })
    }

    /// Moves the open attempt `token` from solution index `from` to `to` (in `place_key`);
    /// false when it is no longer open at `from` (another answer came first).
    pub fn advance_puzzle(
        &self,
        token: i64,
        from: u32,
        to: u32,
        place_key: &str,
    ) -> Result<bool, StoreError> {
        Ok(self
            .lock()
            .prepare_cached(
                "UPDATE puzzle_attempts SET step = ?3, place_key = ?4 \
                 WHERE token = ?1 AND step = ?2 AND state = 'open'",
            )?
            .execute(params![token, from, to, place_key])?
            == 1)
    }

    /// Ends the open attempt `token` at solution index `step`, solved or failed. A rated
    /// attempt moves the player's and the puzzle's ratings (the puzzle's starting from
    /// `initial` the first time) and the record. `None` when it was no longer open at `step`;
    /// `Some(None)` for an unrated attempt.
    pub fn finish_puzzle(
        &self,
        token: i64,
        step: u32,
        solved: bool,
        initial: f64,
        now: i64,
    ) -> Result<Option<Option<PuzzleRated>>, StoreError> {
        let mut conn = self.lock();
        let tx = conn.transaction()?;
        let changed = tx.execute(
            "UPDATE puzzle_attempts SET state = ?3, finished_at = ?4 \
             WHERE token = ?1 AND step = ?2 AND state = 'open'",
            params![token, step, if solved { "solved" } else { "failed" }, now],
        )?;
        if changed == 0 {
            return Ok(None);
        }
        let (uid, puzzle, rated): (i64, String, bool) = tx.query_row(
            "SELECT user_id, puzzle_id, rated FROM puzzle_attempts WHERE token = ?1",
            [token],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )?;
        if !rated {
            tx.commit()?;
            return Ok(Some(None));
        }
        let player = tx
            .query_row(
                "SELECT rating, deviation, volatility FROM puzzle_players WHERE user_id = ?1",
                [uid],
                |r| rating_from(r, 0),
            )
            .optional()?
            .unwrap_or_default();
        let before = puzzle_rating(&tx, &puzzle, initial)?;
        let (player_after, puzzle_after) = rate_puzzle(player, before, solved);
        tx.execute(
            "INSERT INTO puzzle_players (user_id, rating, deviation, volatility, solved, failed, streak, best_streak) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?5, ?5) ON CONFLICT (user_id) DO UPDATE SET \
             rating = excluded.rating, deviation = excluded.deviation, volatility = excluded.volatility, \
             solved = solved + excluded.solved, failed = failed + excluded.failed, \
             streak = CASE WHEN excluded.solved = 1 THEN streak + 1 ELSE 0 END, \
             best_streak = max(best_streak, CASE WHEN excluded.solved = 1 THEN streak + 1 ELSE 0 END)",
            params![
                uid,
                player_after.rating,
                player_after.deviation,
                player_after.volatility,
                solved as i64,
                !solved as i64
            ],
        )?;
        tx.execute(
            "INSERT INTO puzzle_ratings (puzzle_id, rating, deviation, volatility, plays) \
             VALUES (?1, ?2, ?3, ?4, 1) ON CONFLICT (puzzle_id) DO UPDATE SET \
             rating = excluded.rating, deviation = excluded.deviation, \
             volatility = excluded.volatility, plays = plays + 1",
            params![
                puzzle,
                puzzle_after.rating,
                puzzle_after.deviation,
                puzzle_after.volatility
            ],
        )?;
        tx.commit()?;
        Ok(Some(Some(PuzzleRated {
            player: (player, player_after),
            puzzle: (before, puzzle_after),
        })))
    }

    /// `user`'s puzzle record, if they have played a rated attempt.
    pub fn puzzle_player(&self, user: UserId) -> Result<Option<PuzzlePlayer>, StoreError> {
        Ok(self
            .lock()
            .prepare_cached(
                "SELECT rating, deviation, volatility, solved, failed, streak, best_streak \
                 FROM puzzle_players WHERE user_id = ?1",
            )?
            .query_row([id_sql(user.0)], |r| {
                Ok(PuzzlePlayer {
                    rating: rating_from(r, 0)?,
                    solved: r.get(3)?,
                    failed: r.get(4)?,
                    streak: r.get(5)?,
                    best_streak: r.get(6)?,
                })
            })
            .optional()?)
    }

    /// The puzzles `user` has been shown.
    pub fn seen_puzzles(&self, user: UserId) -> Result<HashSet<String>, StoreError> {
        let conn = self.lock();
        let mut stmt = conn
            .prepare_cached("SELECT DISTINCT puzzle_id FROM puzzle_attempts WHERE user_id = ?1")?;
        let rows = stmt.query_map([id_sql(user.0)], |r| r.get(0))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// The current rating of every puzzle played rated.
    pub fn puzzle_ratings(&self) -> Result<HashMap<String, f64>, StoreError> {
        let conn = self.lock();
        let mut stmt = conn.prepare_cached("SELECT puzzle_id, rating FROM puzzle_ratings")?;
        let rows = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Sets (or, with `None`, clears) `guild`'s daily puzzle: channel and hour (UTC).
    pub fn set_daily_puzzle(
        &self,
        guild: u64,
        setting: Option<(u64, u32)>,
        by: UserId,
        now: i64,
    ) -> Result<(), StoreError> {
        let conn = self.lock();
        match setting {
            Some((channel, hour)) => conn
                .prepare_cached(
                    "INSERT INTO puzzle_daily_settings (guild_id, channel_id, hour, changed_by, changed_at) \
                     VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT (guild_id) DO UPDATE SET \
                     channel_id = excluded.channel_id, hour = excluded.hour, \
                     changed_by = excluded.changed_by, changed_at = excluded.changed_at",
                )?
                .execute(params![id_sql(guild), id_sql(channel), hour, id_sql(by.0), now])?,
            None => conn
                .prepare_cached("DELETE FROM puzzle_daily_settings WHERE guild_id = ?1")?
                .execute([id_sql(guild)])?,
        };
        Ok(())
    }

    /// Every server's daily puzzle setting, by server.
    pub fn daily_puzzle_settings(&self) -> Result<Vec<DailySetting>, StoreError> {
        let conn = self.lock();
        let mut stmt = conn.prepare_cached(
            "SELECT guild_id, channel_id, hour FROM puzzle_daily_settings ORDER BY guild_id",
        )?;
        let rows = stmt.query_map([], |r| {
            Ok(DailySetting {
                guild: id_rust(r.get(0)?),
                channel: id_rust(r.get(1)?),
                hour: r.get(2)?,
            })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Claims the post of `day`'s puzzle in `guild`: true once, false ever after (so a
    /// restart never posts it twice).
    pub fn claim_daily_post(
        &self,
        guild: u64,
        day: i64,
        puzzle: &str,
        now: i64,
    ) -> Result<bool, StoreError> {
        Ok(self
            .lock()
            .prepare_cached(
                "INSERT OR IGNORE INTO puzzle_daily_posts (guild_id, day, puzzle_id, claimed_at) \
                 VALUES (?1, ?2, ?3, ?4)",
            )?
            .execute(params![id_sql(guild), day, puzzle, now])?
            == 1)
    }
}
