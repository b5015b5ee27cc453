//! Checking and rebuilding every rating from the rated games, in the order they were
//! rated (`bao-bot db ratings`): the stored ratings are a cache of that replay.

use std::collections::HashMap;

use rusqlite::{params, Connection, TransactionBehavior};

use super::glicko::{Rating, Score};
use super::ratings::*;
use super::types::{GameId, UserId};
use super::{Store, StoreError};
use crate::rules::{RuleSet, Variant};

/// Every finished rated game's id and rating number, in the order it was rated (games
/// without a number last): 16 bytes a game; each game is read when its turn comes.
fn rated_games(conn: &Connection) -> Result<Vec<(GameId, Option<i64>)>, StoreError> {
    let ids = conn
        .prepare(
            "SELECT id, rating_seq FROM games WHERE rated = 1 AND status = 'finished' \
             ORDER BY rating_seq IS NULL, rating_seq, updated_at, id",
        )?
        .query_map([], |r| Ok((GameId(r.get(0)?), r.get(1)?)))?
        .collect::<rusqlite::Result<_>>()?;
    Ok(ids)
}

/// A rating as words for reports: `1662.31/290.32/0.060000`.
fn words(r: &Rating) -> String {
    format!("{:.2}/{:.2}/{:.6}", r.rating, r.deviation, r.volatility)
}

fn same(a: &Rating, b: &Rating) -> bool {
    (a.rating - b.rating).abs() < 1e-6
        && (a.deviation - b.deviation).abs() < 1e-6
        && (a.volatility - b.volatility).abs() < 1e-9
}

/// Recomputes every rating from the rated games in order and compares with what is stored;
/// with `repair`, replaces the stored ratings and records with the recomputed ones (a
/// second pass over the games, writing as it goes: memory stays bounded by the players).
fn recompute(conn: &Connection, repair: bool) -> Result<RatingsCheck, StoreError> {
    let check = replay(conn, None)?;
    if repair && !check.differences.is_empty() {
        let ids = rated_games(conn)?;
        conn.execute("DELETE FROM rating_changes", [])?;
        conn.execute("DELETE FROM ratings", [])?;
        conn.execute(
            "UPDATE games SET rating_seq = NULL WHERE rating_seq IS NOT NULL",
            [],
        )?;
        replay(conn, Some(ids))?;
    }
    Ok(check)
}

/// One pass over the rated games (`rewrite`: the games to write the changes of, in order,
/// instead of comparing them with the stored ones).
fn replay(
    conn: &Connection,
    rewrite: Option<Vec<(GameId, Option<i64>)>>,
) -> Result<RatingsCheck, StoreError> {
    let writing = rewrite.is_some();
    type Key = (Scope, Variant, RuleSet, UserId);
    let key = |scope: Scope, variant: Variant, rules: RuleSet, user: UserId| -> Key {
        (scope, variant, rules, user)
    };
    let mut table: HashMap<Key, PlayerRating> = HashMap::new();
    let mut differences = Vec::new();
    let rows = match rewrite {
        Some(ids) => ids,
        None => rated_games(conn)?,
    };
    let mut stored_changes = conn.prepare(&format!(
        "{CHANGE_SELECT} WHERE game_id = ?1 ORDER BY scope DESC, side DESC"
    ))?;
    let mut counted = 0u64;
    for &(id, seq) in &rows {
        let Some(game) = super::rows::load_game(conn, id)? else {
            continue;
        };
        let Some(rated) = RatedGame::of(&game, true) else {
            continue;
        };
        counted += 1;
        let changes = rated.changes(|scope, user| {
            table
                .get(&key(scope, rated.variant, rated.rules, user))
                .map(|r| r.rating)
                .unwrap_or_default()
        });
        for c in &changes {
            let k = key(c.scope, rated.variant, rated.rules, c.user);
            let entry = table.entry(k).or_insert_with(|| PlayerRating {
                user: c.user,
                scope: c.scope,
                variant: rated.variant,
                rules: rated.rules,
                rating: c.before,
                games: 0,
                wins: 0,
                losses: 0,
                draws: 0,
                updated_at: rated.finished_at,
            });
            entry.rating = c.after;
            entry.games += 1;
            match c.score {
                Score::Win => entry.wins += 1,
                Score::Loss => entry.losses += 1,
                Score::Draw => entry.draws += 1,
            }
            entry.updated_at = rated.finished_at;
        }
        if writing {
            for c in &changes {
                write_change(conn, &rated, c)?;
            }
            conn.prepare_cached("UPDATE games SET rating_seq = ?2 WHERE id = ?1")?
                .execute(params![rated.id.0, counted as i64])?;
            continue;
        }
        let stored: Vec<RatingChange> = stored_changes
            .query_map([rated.id.0], change_from_row)?
            .collect::<rusqlite::Result<_>>()?;
        if seq.is_none() {
            differences.push(format!(
                "game {}: finished and rated, but its rating was never applied",
                rated.id
            ));
        }
        compare_changes(rated.id, &stored, &changes, &mut differences);
    }
    if writing {
        return Ok(RatingsCheck {
            games: counted,
            ratings: table.len() as u64,
            differences,
        });
    }
    // Records of games that do not count (any more).
    let orphans: Vec<i64> = conn
        .prepare(
            "SELECT DISTINCT c.game_id FROM rating_changes c JOIN games g ON g.id = c.game_id \
             WHERE NOT (g.rated = 1 AND g.status = 'finished') ORDER BY c.game_id",
        )?
        .query_map([], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    for g in orphans {
        differences.push(format!(
            "game {g}: rating changes are stored but the game does not count"
        ));
    }
    // The ratings table itself.
    let stored: Vec<PlayerRating> = conn
        .prepare(RATING_SELECT)?
        .query_map([], player_rating_from_row)?
        .collect::<rusqlite::Result<_>>()?;
    let mut seen = std::collections::HashSet::new();
    for s in &stored {
        let k = key(s.scope, s.variant, s.rules, s.user);
        let who = format!("user {} ({}, {} {})", s.user, s.scope, s.variant, s.rules);
        match table.get(&k) {
            None => differences.push(format!("{who}: a rating is stored but no game gives it")),
            Some(r) => {
                if !same(&r.rating, &s.rating) {
                    differences.push(format!(
                        "{who}: stored {} but recomputed {}",
                        words(&s.rating),
                        words(&r.rating)
                    ));
                }
                if (r.games, r.wins, r.losses, r.draws) != (s.games, s.wins, s.losses, s.draws) {
                    differences.push(format!(
                        "{who}: stored {} games ({}-{}-{}) but recomputed {} ({}-{}-{})",
                        s.games, s.wins, s.losses, s.draws, r.games, r.wins, r.losses, r.draws
                    ));
                }
            }
        }
        seen.insert(k);
    }
    let mut missing: Vec<&PlayerRating> = table
        .iter()
        .filter(|(k, _)| !seen.contains(*k))
        .map(|(_, v)| v)
        .collect();
    missing.sort_by_key(|r| (r.scope, r.user));
    for r in missing {
        differences.push(format!(
            "user {} ({}, {} {}): the games give {} but no rating is stored",
            r.user,
            r.scope,
            r.variant,
            r.rules,
            words(&r.rating)
        ));
    }
    Ok(RatingsCheck {
        games: counted,
        ratings: table.len() as u64,
        differences,
    })
}

/// Appends the differences between a game's stored and recomputed rating changes.
fn compare_changes(
    game: GameId,
    stored: &[RatingChange],
    recomputed: &[RatingChange],
    differences: &mut Vec<String>,
) {
    for r in recomputed {
        let what = format!("game {game} ({}, {})", r.scope, r.side.name());
        match stored
            .iter()
            .find(|s| s.scope == r.scope && s.side == r.side)
        {
            None => differences.push(format!("{what}: no rating change is stored")),
            Some(s) => {
                if s.user != r.user || s.score != r.score {
                    differences.push(format!(
                        "{what}: stored for user {} ({:?}) but the game says user {} ({:?})",
                        s.user, s.score, r.user, r.score
                    ));
                }
                if !same(&s.before, &r.before) || !same(&s.after, &r.after) {
                    differences.push(format!(
                        "{what}: stored {} -> {} but recomputed {} -> {}",
                        words(&s.before),
                        words(&s.after),
                        words(&r.before),
                        words(&r.after)
                    ));
                }
            }
        }
    }
    for s in stored {
        if !recomputed
            .iter()
            .any(|r| r.scope == s.scope && r.side == s.side)
        {
            differences.push(format!(
                "game {game} ({}, {}): a rating change is stored for a scope the game is not rated in",
                s.scope,
                s.side.name()
            ));
        }
    }
}

impl Store {
    /// Recomputes every rating from the rated games, in the order they were rated, and
    /// lists every difference from what is stored (none is the expected answer). Reads in
    /// one transaction, changes nothing.
    pub fn check_ratings(&self) -> Result<RatingsCheck, StoreError> {
        let mut conn = self.lock();
        let tx = conn.transaction()?;
        let check = recompute(&tx, false)?;
        tx.commit()?;
        Ok(check)
    }

    /// Like [`Store::check_ratings`], then, if anything differs, replaces the stored
    /// ratings and rating records with the recomputed ones (one transaction). Returns the
    /// differences found before the repair.
    pub fn rebuild_ratings(&self) -> Result<RatingsCheck, StoreError> {
        let mut conn = self.lock();
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let check = recompute(&tx, true)?;
        tx.commit()?;
        Ok(check)
    }
}
