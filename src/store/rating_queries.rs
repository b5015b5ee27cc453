//! Reading ratings: a player's ratings and rating changes, leaderboards and ranks, and the
//! finished games behind the statistics. Applying a game's result is in
//! [`super::ratings`], rebuilding in [`super::ratings_rebuild`].

use rusqlite::params;

use super::glicko::Score;
use super::rating_bands::{RANKED_ABOVE_SQL, RANKED_COUNT_SQL};
use super::ratings::{
    change_from_row, is_rated, load_rating, player_rating_from_row, FinishedGame, PlayerRating,
    Ranked, RatingChange, Scope, CHANGE_SELECT, FINISHED_SQL, LEADERBOARD_SQL, RATING_SELECT,
};
use super::rows::{id_sql, side_text};
use super::types::{GameId, ResultReason, UserId};
use super::{Store, StoreError};
use crate::rules::{RuleSet, Side, Variant};

impl Store {
    /// Whether game `id` counts for ratings once it finishes (false for an unknown game).
    pub fn is_rated(&self, id: GameId) -> Result<bool, StoreError> {
        Ok(is_rated(&self.read(), id)?)
    }

    /// The rating of `user` in `scope` for `variant` under `rules`, or `None` for a
    /// player without rated games there (who stands at the start rating).
    pub fn rating(
        &self,
        user: UserId,
        scope: Scope,
        variant: Variant,
        rules: RuleSet,
    ) -> Result<Option<PlayerRating>, StoreError> {
        Ok(load_rating(&self.read(), scope, variant, rules, user)?)
    }

    /// Every rating of `user` for `variant` under `rules`, global first.
    pub fn ratings_of(
        &self,
        user: UserId,
        variant: Variant,
        rules: RuleSet,
    ) -> Result<Vec<PlayerRating>, StoreError> {
        let conn = self.read();
        let mut stmt = conn.prepare_cached(&format!(
            "{RATING_SELECT} WHERE user_id = ?1 AND variant = ?2 AND rules = ?3 ORDER BY scope"
        ))?;
        let rows = stmt
            .query_map(
                params![id_sql(user.0), variant.name(), rules.to_string()],
                player_rating_from_row,
            )?
            .collect::<rusqlite::Result<_>>()?;
        Ok(rows)
    }

    /// The rating changes game `id` made (none for a game that did not count or has not
    /// finished), server scope first, South first.
    pub fn rating_changes(&self, id: GameId) -> Result<Vec<RatingChange>, StoreError> {
        let conn = self.read();
        let mut stmt = conn.prepare_cached(&format!(
            "{CHANGE_SELECT} WHERE game_id = ?1 ORDER BY scope = 0, scope, side DESC"
        ))?;
        let rows = stmt
            .query_map([id.0], change_from_row)?
            .collect::<rusqlite::Result<_>>()?;
        Ok(rows)
    }

    /// The best `limit` ranked players (see [`PlayerRating::is_ranked`]) of `scope` for
    /// `variant` under `rules`, best first (ties: the lower user id first). Read from an index.
    pub fn leaderboard(
        &self,
        scope: Scope,
        variant: Variant,
        rules: RuleSet,
        limit: u32,
    ) -> Result<Vec<Ranked>, StoreError> {
        let conn = self.read();
        let mut stmt = conn.prepare_cached(LEADERBOARD_SQL)?;
        let rows = stmt
            .query_map(
                params![scope.key(), variant.name(), rules.to_string(), limit],
                |row| Ok((player_rating_from_row(row)?, row.get::<_, String>(12)?)),
            )?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        Ok(rows
            .into_iter()
            .enumerate()
            .map(|(i, (rating, name))| Ranked {
                rank: i as u32 + 1,
                name,
                rating,
            })
            .collect())
    }

    /// The rank of `user` on the leaderboard of `scope` for `variant` under `rules` (1 for
    /// the best), and
    /// how many players are ranked there; the rank is `None` when the user is not ranked.
    pub fn rank(
        &self,
        user: UserId,
        scope: Scope,
        variant: Variant,
        rules: RuleSet,
    ) -> Result<(Option<u32>, u32), StoreError> {
        let conn = self.read();
        let total: u32 = conn
            .prepare_cached(RANKED_COUNT_SQL)?
            .query_row(params![scope.key(), variant.name(), rules.name()], |r| {
                r.get(0)
            })?;
        let Some(mine) = load_rating(&conn, scope, variant, rules, user)? else {
            return Ok((None, total));
        };
        if !mine.is_ranked() {
            return Ok((None, total));
        }
        let above: u32 = conn.prepare_cached(RANKED_ABOVE_SQL)?.query_row(
            params![
                scope.key(),
                variant.name(),
                rules.name(),
                mine.rating.rating,
                id_sql(user.0)
            ],
            |r| r.get(0),
        )?;
        Ok((Some(above + 1), total))
    }

    /// Every finished game of `user` in `variant` (against people and the AI, rated or not),
    /// oldest first. Read through the per-side indexes.
    pub fn finished_games_of(
        &self,
        user: UserId,
        variant: Variant,
    ) -> Result<Vec<FinishedGame>, StoreError> {
        let conn = self.read();
        let mut stmt = conn.prepare_cached(FINISHED_SQL)?;
        let rows = stmt
            .query_map(params![id_sql(user.0), variant.name()], |row| {
                let side = if row.get::<_, String>(1)? == "N" {
                    Side::North
                } else {
                    Side::South
                };
                let opponent = super::rows::player_from(row, 2, 3)?.ok_or_else(|| {
                    super::rows::bad(2, "a finished game without an opponent".into())
                })?;
                let winner: Option<String> = row.get(4)?;
                let score = match winner.as_deref() {
                    None => Score::Draw,
                    Some(w) if w == side_text(side) => Score::Win,
                    Some(_) => Score::Loss,
                };
                let reason: Option<String> = row.get(5)?;
                Ok(FinishedGame {
                    game: GameId(row.get(0)?),
                    side,
                    opponent,
                    score,
                    rated: row.get(6)?,
                    reason: reason.as_deref().and_then(ResultReason::parse),
                    finished_at: row.get(7)?,
                    clock: match row.get::<_, Option<i64>>(8)? {
                        Some(base_ms) => Some(crate::vocab::TimeControl {
                            base_ms,
                            increment_ms: row.get::<_, Option<i64>>(9)?.unwrap_or(0),
                            cap_ms: row.get(10)?,
                        }),
                        None => None,
                    },
                })
            })?
            .collect::<rusqlite::Result<_>>()?;
        Ok(rows)
    }

    /// Every stored rating of `scope` (and `variant`, if given), best first, with display
    /// names: the table `bao-bot db ratings --list` prints.
    pub fn list_ratings(
        &self,
        scope: Scope,
        variant: Option<Variant>,
    ) -> Result<Vec<(PlayerRating, String)>, StoreError> {
        let conn = self.read();
        let mut stmt = conn.prepare(
            "SELECT r.scope, r.variant, r.rules, r.user_id, r.rating, r.deviation, \
             r.volatility, r.games, r.wins, r.losses, r.draws, r.updated_at, \
             coalesce(p.display_name, '') \
             FROM ratings r LEFT JOIN players p ON p.user_id = r.user_id \
             WHERE r.scope = ?1 AND (?2 IS NULL OR r.variant = ?2) \
             ORDER BY r.variant, r.rules, r.rating DESC, r.user_id",
        )?;
        let rows = stmt
            .query_map(params![scope.key(), variant.map(|v| v.name())], |row| {
                Ok((player_rating_from_row(row)?, row.get::<_, String>(12)?))
            })?
            .collect::<rusqlite::Result<_>>()?;
        Ok(rows)
    }
}
