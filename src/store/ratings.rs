//! Ratings: each player's Glicko-2 rating per scope (one server, or everywhere) per variant
//! per rule set, a record of every rated game's rating change for both players, leaderboards,
//! the finished games behind the statistics, and the rebuild that recomputes it all.
//!
//! A game's rating change is written in the same transaction as its result (the store's
//! `modify` calls [`apply_result`] when a game goes from active to finished), so a crash or a
//! race (a resignation and the final move at once, two timeout claims) changes a rating
//! exactly once or not at all: the compare-and-swap lets only one of them finish the game.
//!
//! Which games count: those created as rated (challenges carry the flag; games started
//! without a challenge, such as against the AI, never are) between two different humans,
//! once they finish with a result. Aborted games (before each side has moved twice),
//! declined and expired challenges never finish, so they count for nothing. A game without
//! a winner (agreed draw, abandonment) counts as a draw. Games played before ratings existed
//! are unrated.
//!
//! Every rated game is rated in a global scope and, when played in a server channel, in that
//! server's scope; each scope's ratings are separate Glicko-2 ratings (see [`super::glicko`]).
//! The games are numbered in the order they were rated (`games.rating_seq`), so that
//! [`Store::rebuild_ratings`] replays them in exactly that order.

use std::fmt;

use rusqlite::{params, Connection, OptionalExtension, Row};

use super::glicko::{rate_game, Rating, Score};
use super::rows::{id_rust, id_sql, side_text};
use super::types::{Game, GameId, GameStatus, Place, Player, ResultReason, UserId};
use super::StoreError;
use crate::rules::{RuleSet, Side, Variant};

/// Rated games a player needs in a scope to appear on its leaderboard.
pub const MIN_RANKED_GAMES: u32 = 5;

/// Where a rating counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Scope {
    /// All servers and DMs together.
    Global,
    /// One server (guild).
    Server(u64),
}

impl Scope {
    /// The stored key: the guild id, 0 for global.
    pub(super) fn key(self) -> i64 {
        match self {
            Scope::Global => 0,
            Scope::Server(g) => id_sql(g),
        }
    }

    fn from_key(key: i64) -> Scope {
        match key {
            0 => Scope::Global,
            g => Scope::Server(id_rust(g)),
        }
    }

    /// The scopes a game at `place` is rated in: its server's (for a server channel), then
    /// the global one. A DM or group DM between people (a channel of no server, guild 0)
    /// has only the global one.
    pub fn of_place(place: &Place) -> Vec<Scope> {
        match place {
            Place::Channel { guild: 0, .. } => vec![Scope::Global],
            Place::Channel { guild, .. } => vec![Scope::Server(*guild), Scope::Global],
            Place::Dm { .. } => vec![Scope::Global],
        }
    }
}

impl fmt::Display for Scope {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Scope::Global => f.write_str("global"),
            Scope::Server(g) => write!(f, "server {g}"),
        }
    }
}

/// A player's rating in one scope and variant, with the rated games behind it.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayerRating {
    /// The player.
    pub user: UserId,
    /// Where it counts.
    pub scope: Scope,
    /// Which game.
    pub variant: Variant,
    /// The rule set.
    pub rules: RuleSet,
    /// The Glicko-2 rating.
    pub rating: Rating,
    /// Rated games played in this scope.
    pub games: u32,
    /// Of which won.
    pub wins: u32,
    /// Of which lost.
    pub losses: u32,
    /// Of which drawn.
    pub draws: u32,
    /// When the last of them ended, unix seconds.
    pub updated_at: i64,
}

impl PlayerRating {
    /// Whether the player is ranked on the leaderboard: at least [`MIN_RANKED_GAMES`] rated
    /// games and a rating no longer provisional.
    pub fn is_ranked(&self) -> bool {
        self.games >= MIN_RANKED_GAMES && !self.rating.is_provisional()
    }
}

/// One player's rating change in one scope by one rated game.
#[derive(Debug, Clone, PartialEq)]
pub struct RatingChange {
    /// The game.
    pub game: GameId,
    /// The scope.
    pub scope: Scope,
    /// The side the player had.
    pub side: Side,
    /// The player.
    pub user: UserId,
    /// The player's result.
    pub score: Score,
    /// The rating before the game.
    pub before: Rating,
    /// The rating after it.
    pub after: Rating,
}

impl RatingChange {
    /// The change of the shown (rounded) rating: `+162`, `-162`.
    pub fn delta(&self) -> i64 {
        self.after.shown() - self.before.shown()
    }
}

/// A ranked player on a leaderboard.
#[derive(Debug, Clone, PartialEq)]
pub struct Ranked {
    /// 1 for the best.
    pub rank: u32,
    /// The display name as last seen (may be empty).
    pub name: String,
    /// The rating.
    pub rating: PlayerRating,
}

/// A finished game seen from one of its players, for statistics.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FinishedGame {
    /// The game.
    pub game: GameId,
    /// The player's side.
    pub side: Side,
    /// Who played the other side.
    pub opponent: Player,
    /// The player's result.
    pub score: Score,
    /// Whether the game was rated.
    pub rated: bool,
    /// Why it ended.
    pub reason: Option<ResultReason>,
    /// When it ended, unix seconds.
    pub finished_at: i64,
    /// Its time control, if it was played on a clock.
    pub clock: Option<crate::vocab::TimeControl>,
}

/// What [`Store::check_ratings`] and [`Store::rebuild_ratings`] found.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RatingsCheck {
    /// Rated games replayed.
    pub games: u64,
    /// Ratings (player, scope, variant, rule set) they give.
    pub ratings: u64,
    /// Every difference between the stored ratings and the recomputed ones, in words (empty
    /// when all agree).
    pub differences: Vec<String>,
}

/// The leaderboard: ranked players of a scope, best first, from the `ratings_ranked` index.
pub(super) const LEADERBOARD_SQL: &str =
    "SELECT r.scope, r.variant, r.rules, r.user_id, r.rating, \
     r.deviation, r.volatility, r.games, r.wins, r.losses, r.draws, r.updated_at, \
     coalesce(p.display_name, '') \
     FROM ratings r INDEXED BY ratings_ranked LEFT JOIN players p ON p.user_id = r.user_id \
     WHERE r.scope = ?1 AND r.variant = ?2 AND r.rules = ?3 \
     AND r.games >= 5 AND r.deviation < 110 \
     ORDER BY r.rating DESC, r.user_id LIMIT ?4";

/// A player's finished games in a variant, through the per-side indexes, oldest first.
pub(super) const FINISHED_SQL: &str =
    "SELECT id, 'S', north_user, north_ai, winner, reason, rated, \
     updated_at, clock_base_ms, clock_increment_ms, clock_cap_ms FROM games \
     WHERE south_user = ?1 AND status = 'finished' AND variant = ?2 \
     UNION ALL \
     SELECT id, 'N', south_user, south_ai, winner, reason, rated, updated_at, clock_base_ms, \
     clock_increment_ms, clock_cap_ms \
     FROM games WHERE north_user = ?1 AND status = 'finished' AND variant = ?2 \
     ORDER BY 8, 1";

/// A rated game's facts, as the rating needs them.
pub(super) struct RatedGame {
    pub(super) id: GameId,
    pub(super) place: Place,
    pub(super) variant: Variant,
    pub(super) rules: RuleSet,
    pub(super) south: UserId,
    pub(super) north: UserId,
    pub(super) south_score: Score,
    pub(super) finished_at: i64,
}

impl RatedGame {
    /// The facts of `game` if it counts (`rated`, finished, two different humans).
    pub(super) fn of(game: &Game, rated: bool) -> Option<RatedGame> {
        let (Some(Player::Human(south)), Some(Player::Human(north))) = (&game.south, &game.north)
        else {
            return None;
        };
        if !rated || game.status != GameStatus::Finished || south == north {
            return None;
        }
        Some(RatedGame {
            id: game.id,
            place: game.place,
            variant: game.variant,
            rules: game.rule_set,
            south: *south,
            north: *north,
            south_score: match game.winner {
                Some(Side::South) => Score::Win,
                Some(Side::North) => Score::Loss,
                None => Score::Draw,
            },
            finished_at: game.updated_at,
        })
    }

    /// The rating changes of both players in every scope, from their ratings before the game
    /// (`current` gives a player's rating in a scope, the start rating for a new player).
    pub(super) fn changes(
        &self,
        mut current: impl FnMut(Scope, UserId) -> Rating,
    ) -> Vec<RatingChange> {
        let mut out = Vec::with_capacity(4);
        for scope in Scope::of_place(&self.place) {
            let (s0, n0) = (current(scope, self.south), current(scope, self.north));
            let (s1, n1) = rate_game(s0, n0, self.south_score);
            for (side, user, score, before, after) in [
                (Side::South, self.south, self.south_score, s0, s1),
                (Side::North, self.north, self.south_score.flipped(), n0, n1),
            ] {
                out.push(RatingChange {
                    game: self.id,
                    scope,
                    side,
                    user,
                    score,
                    before,
                    after,
                });
            }
        }
        out
    }
}

pub(super) fn score_value(score: Score) -> f64 {
    match score {
        Score::Win => 1.0,
        Score::Draw => 0.5,
        Score::Loss => 0.0,
    }
}

pub(super) fn score_from(value: f64) -> Score {
    if value > 0.75 {
        Score::Win
    } else if value < 0.25 {
        Score::Loss
    } else {
        Score::Draw
    }
}

pub(super) fn rules_col(row: &Row, idx: usize) -> rusqlite::Result<RuleSet> {
    super::rows::text_col(row, idx, |s| s.parse().ok())
}

pub(super) fn variant_col(row: &Row, idx: usize) -> rusqlite::Result<Variant> {
    super::rows::text_col(row, idx, |s| s.parse().ok())
}

pub(super) fn rating_at(row: &Row, idx: usize) -> rusqlite::Result<Rating> {
    Ok(Rating {
        rating: row.get(idx)?,
        deviation: row.get(idx + 1)?,
        volatility: row.get(idx + 2)?,
    })
}

/// The columns read by [`player_rating_from_row`].
pub(super) const RATING_SELECT: &str = "SELECT scope, variant, rules, user_id, rating, deviation, \
     volatility, games, wins, losses, draws, updated_at FROM ratings";

pub(super) fn player_rating_from_row(row: &Row) -> rusqlite::Result<PlayerRating> {
    Ok(PlayerRating {
        scope: Scope::from_key(row.get(0)?),
        variant: variant_col(row, 1)?,
        rules: rules_col(row, 2)?,
        user: UserId(id_rust(row.get(3)?)),
        rating: rating_at(row, 4)?,
        games: row.get(7)?,
        wins: row.get(8)?,
        losses: row.get(9)?,
        draws: row.get(10)?,
        updated_at: row.get(11)?,
    })
}

/// The columns read by [`change_from_row`].
pub(super) const CHANGE_SELECT: &str =
    "SELECT game_id, scope, side, user_id, score, rating_before, \
     deviation_before, volatility_before, rating_after, deviation_after, volatility_after \
     FROM rating_changes";

pub(super) fn change_from_row(row: &Row) -> rusqlite::Result<RatingChange> {
    let side: String = row.get(2)?;
    Ok(RatingChange {
        game: GameId(row.get(0)?),
        scope: Scope::from_key(row.get(1)?),
        side: if side == "N" {
            Side::North
        } else {
            Side::South
        },
        user: UserId(id_rust(row.get(3)?)),
        score: score_from(row.get(4)?),
        before: rating_at(row, 5)?,
        after: rating_at(row, 8)?,
    })
}

/// The stored rating of `user`, or `None` for a player without rated games there.
pub(super) fn load_rating(
    conn: &Connection,
    scope: Scope,
    variant: Variant,
    rules: RuleSet,
    user: UserId,
) -> rusqlite::Result<Option<PlayerRating>> {
    conn.prepare_cached(&format!(
        "{RATING_SELECT} WHERE scope = ?1 AND variant = ?2 AND rules = ?3 AND user_id = ?4"
    ))?
    .query_row(
        params![scope.key(), variant.name(), rules.name(), id_sql(user.0)],
        player_rating_from_row,
    )
    .optional()
}

/// Writes one rating change: the player's new rating (counting the game) and the record.
pub(super) fn write_change(
    conn: &Connection,
    game: &RatedGame,
    change: &RatingChange,
) -> rusqlite::Result<()> {
    let (w, l, d) = match change.score {
        Score::Win => (1, 0, 0),
        Score::Loss => (0, 1, 0),
        Score::Draw => (0, 0, 1),
    };
    conn.prepare_cached(
        "INSERT INTO ratings (scope, variant, rules, user_id, rating, deviation, volatility, \
         games, wins, losses, draws, updated_at) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 1, ?8, ?9, ?10, ?11) \
         ON CONFLICT (scope, variant, rules, user_id) DO UPDATE SET \
         rating = excluded.rating, deviation = excluded.deviation, \
         volatility = excluded.volatility, games = games + 1, wins = wins + excluded.wins, \
         losses = losses + excluded.losses, draws = draws + excluded.draws, \
         updated_at = excluded.updated_at",
    )?
    .execute(params![
        change.scope.key(),
        game.variant.name(),
        game.rules.name(),
        id_sql(change.user.0),
        change.after.rating,
        change.after.deviation,
        change.after.volatility,
        w,
        l,
        d,
        game.finished_at,
    ])?;
    conn.prepare_cached(
        "INSERT INTO rating_changes (game_id, scope, side, user_id, variant, rules, score, \
         rating_before, deviation_before, volatility_before, rating_after, deviation_after, \
         volatility_after) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)",
    )?
    .execute(params![
        game.id.0,
        change.scope.key(),
        side_text(change.side),
        id_sql(change.user.0),
        game.variant.name(),
        game.rules.name(),
        score_value(change.score),
        change.before.rating,
        change.before.deviation,
        change.before.volatility,
        change.after.rating,
        change.after.deviation,
        change.after.volatility,
    ])?;
    Ok(())
}

/// Whether the game row says rated.
pub(super) fn is_rated(conn: &Connection, game: GameId) -> rusqlite::Result<bool> {
    Ok(conn
        .prepare_cached("SELECT rated FROM games WHERE id = ?1")?
        .query_row([game.0], |r| r.get::<_, bool>(0))
        .optional()?
        .unwrap_or(false))
}

/// Marks a new game rated or not (inside its creating transaction).
pub(super) fn set_rated(conn: &Connection, game: GameId, rated: bool) -> rusqlite::Result<()> {
    conn.prepare_cached("UPDATE games SET rated = ?2 WHERE id = ?1")?
        .execute(params![game.0, rated])?;
    Ok(())
}

/// Applies the result of `game`, which has just finished, to both players' ratings, inside
/// the transaction that finishes it. Does nothing for a game that does not count.
pub(super) fn apply_result(conn: &Connection, game: &Game) -> Result<(), StoreError> {
    let Some(rated) = RatedGame::of(game, is_rated(conn, game.id)?) else {
        return Ok(());
    };
    let mut failed = None;
    let changes = rated.changes(|scope, user| {
        match load_rating(conn, scope, rated.variant, rated.rules, user) {
            Ok(r) => r.map(|r| r.rating).unwrap_or_default(),
            Err(e) => {
                failed.get_or_insert(e);
                Rating::default()
            }
        }
    });
    if let Some(e) = failed {
        return Err(e.into());
    }
    for change in &changes {
        write_change(conn, &rated, change)?;
    }
    conn.prepare_cached(
        "UPDATE games SET rating_seq = (SELECT coalesce(max(rating_seq), 0) + 1 FROM games \
         WHERE rating_seq IS NOT NULL) WHERE id = ?1",
    )?
    .execute([game.id.0])?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::glicko::PROVISIONAL_RD;
    use super::super::rating_bands::{RANKED_ABOVE_SQL, RANKED_COUNT_SQL};
    use super::*;
    use crate::store::Store;

    #[test]
    fn the_ranked_index_matches_the_constants() {
        assert!(super::super::schema::MIGRATIONS_SQL[7].contains(&format!(
            "WHERE games >= {MIN_RANKED_GAMES} AND deviation < {PROVISIONAL_RD}"
        )));
    }

    /// The query plan of `sql`, one line per step.
    fn plan(store: &Store, sql: &str) -> Vec<String> {
        crate::store::history_tests::plan(&store.lock(), sql)
    }

    #[test]
    fn leaderboard_and_stats_read_indexes_not_tables() {
        let store = Store::open_in_memory().unwrap();
        let board = plan(&store, LEADERBOARD_SQL);
        assert!(
            board.iter().any(|l| l.contains("INDEX ratings_ranked")),
            "{board:?}"
        );
        assert!(
            !board.iter().any(|l| l.contains("TEMP B-TREE")),
            "{board:?}"
        );
        let count = plan(&store, RANKED_COUNT_SQL);
        assert!(count.iter().all(|l| l.contains("PRIMARY KEY")), "{count:?}");
        let above = plan(&store, RANKED_ABOVE_SQL);
        assert!(
            above
                .iter()
                .any(|l| l.contains("INDEX ratings_ranked_by_point") && l.contains("<expr>=?")),
            "{above:?}"
        );
        assert!(
            above
                .iter()
                .filter(|l| l.contains("SEARCH") || l.contains("SCAN"))
                .filter(|l| !l.contains("CONSTANT ROW"))
                .all(|l| l.contains("PRIMARY KEY") || l.contains("ratings_ranked_by_point")),
            "{above:?}"
        );
        let stats = plan(&store, FINISHED_SQL);
        for side in ["games_by_south", "games_by_north"] {
            assert!(stats.iter().any(|l| l.contains(side)), "{stats:?}");
        }
        for p in [&board, &stats] {
            for line in p.iter() {
                assert!(
                    !line.starts_with("SCAN") || line.contains("INDEX"),
                    "a table scan: {p:?}"
                );
            }
        }
    }

    #[test]
    fn scopes_of_places() {
        assert_eq!(
            Scope::of_place(&Place::Channel {
                guild: 4,
                channel: 5
            }),
            vec![Scope::Server(4), Scope::Global]
        );
        assert_eq!(Scope::of_place(&Place::Dm { user: 3 }), vec![Scope::Global]);
        assert_eq!(Scope::from_key(Scope::Server(9).key()), Scope::Server(9));
        assert_eq!(Scope::from_key(0), Scope::Global);
    }
}
