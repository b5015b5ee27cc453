//! The leaderboard's rank without counting every ranked player (migration 020, issue 52):
//! `rating_points` and `rating_bands` hold the ranked players per scope, variant and rule set
//! at each rating point and in each band of 25 points, kept by triggers on `ratings`. A rank
//! counts the bands above the player's, the points above theirs in their band, and the
//! players above them on their point: a few hundred rows at most, however many players.

use std::collections::{BTreeMap, BTreeSet};

use rusqlite::Connection;

/// How many ranked players are in a scope: the sum of its rating bands.
pub(super) const RANKED_COUNT_SQL: &str = "SELECT coalesce(sum(players), 0) FROM rating_bands \
     WHERE scope = ?1 AND variant = ?2 AND rules = ?3";

/// How many ranked players are above a rating (ties: by user id): the players of the bands
/// above its band, of the points above its point in its band, and those above it on its own
/// point (`INDEXED BY`: on an empty or unanalysed table SQLite could read every rating of
/// the scope instead). The point is `CAST(rating + 100000 AS INTEGER)`, the band point / 25,
/// written as in migration 020.
pub(super) const RANKED_ABOVE_SQL: &str = "SELECT \
     (SELECT coalesce(sum(players), 0) FROM rating_bands \
      WHERE scope = ?1 AND variant = ?2 AND rules = ?3 \
      AND band > CAST(?4 + 100000 AS INTEGER) / 25) + \
     (SELECT coalesce(sum(players), 0) FROM rating_points \
      WHERE scope = ?1 AND variant = ?2 AND rules = ?3 \
      AND point > CAST(?4 + 100000 AS INTEGER) \
      AND point < (CAST(?4 + 100000 AS INTEGER) / 25 + 1) * 25) + \
     (SELECT count(*) FROM ratings INDEXED BY ratings_ranked_by_point \
      WHERE scope = ?1 AND variant = ?2 AND rules = ?3 AND games >= 5 AND deviation < 110 \
      AND CAST(rating + 100000 AS INTEGER) = CAST(?4 + 100000 AS INTEGER) \
      AND (rating > ?4 OR (rating = ?4 AND user_id < ?5)))";

/// The rating points as the ratings say they should be (scope, variant, rules, point,
/// players).
const POINTS_FROM_RATINGS_SQL: &str =
    "SELECT scope, variant, rules, CAST(rating + 100000 AS INTEGER), count(*) \
     FROM ratings WHERE games >= 5 AND deviation < 110 GROUP BY 1, 2, 3, 4";

/// The rating bands as the ratings say they should be.
const BANDS_FROM_RATINGS_SQL: &str =
    "SELECT scope, variant, rules, CAST(rating + 100000 AS INTEGER) / 25, count(*) \
     FROM ratings WHERE games >= 5 AND deviation < 110 GROUP BY 1, 2, 3, 4";

/// `db check`: the stored rating points and bands against the ratings, every difference in
/// words.
pub(super) fn band_differences(conn: &Connection) -> rusqlite::Result<Vec<String>> {
    type Count = (i64, String, String, i64);
    let read = |sql: &str| -> rusqlite::Result<BTreeMap<Count, i64>> {
        conn.prepare(sql)?
            .query_map([], |r| {
                Ok(((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?), r.get(4)?))
            })?
            .collect()
    };
    let mut differences = Vec::new();
    for (what, want, has) in [
        (
            "rating point",
            POINTS_FROM_RATINGS_SQL,
            "SELECT scope, variant, rules, point, players FROM rating_points WHERE players != 0",
        ),
        (
            "rating band",
            BANDS_FROM_RATINGS_SQL,
            "SELECT scope, variant, rules, band, players FROM rating_bands WHERE players != 0",
        ),
    ] {
        let (want, has) = (read(want)?, read(has)?);
        for key in want.keys().chain(has.keys()).collect::<BTreeSet<_>>() {
            let (w, h) = (want.get(key).copied(), has.get(key).copied());
            if w != h {
                differences.push(format!(
                    "{what} {} of scope {} ({} {}): {} ranked players stored, {} in the ratings",
                    key.3,
                    key.0,
                    key.1,
                    key.2,
                    h.unwrap_or(0),
                    w.unwrap_or(0)
                ));
            }
        }
    }
    Ok(differences)
}

/// `db check --repair`: the rating points and bands rebuilt from the ratings.
pub(super) fn rebuild_bands(conn: &Connection) -> rusqlite::Result<()> {
    conn.execute("DELETE FROM rating_points", [])?;
    conn.execute("DELETE FROM rating_bands", [])?;
    conn.execute(
        &format!(
            "INSERT INTO rating_points (scope, variant, rules, point, players) \
             {POINTS_FROM_RATINGS_SQL}"
        ),
        [],
    )?;
    conn.execute(
        &format!(
            "INSERT INTO rating_bands (scope, variant, rules, band, players) \
             {BANDS_FROM_RATINGS_SQL}"
        ),
        [],
    )?;
    Ok(())
}

/// The same two counts over every ranked rating of the scope (what the bands replace; the
/// tests hold the bands to it).
#[cfg(test)]
pub(super) const RANKED_BY_COUNTING_SQL: &str = "SELECT count(*), \
     count(*) FILTER (WHERE rating > ?4 OR (rating = ?4 AND user_id < ?5)) \
     FROM ratings INDEXED BY ratings_ranked \
     WHERE scope = ?1 AND variant = ?2 AND rules = ?3 AND games >= 5 AND deviation < 110";

#[cfg(test)]
mod tests {
    use rusqlite::params;

    use super::*;
    use crate::rules::{RuleSet, Variant};
    use crate::store::{Scope, Store, UserId};

    /// The rank from the bands equals the rank from counting every ranked rating, after
    /// inserts, updates that enter and leave the ranked set or cross a band, deletes, and
    /// ratings on band edges.
    #[test]
    fn ranks_from_the_bands_equal_ranks_by_counting() {
        let store = Store::open_in_memory().unwrap();
        // xorshift64: numbers below `n`.
        let mut state = 0x5EED_0052_u64;
        let mut below = |n: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % n
        };
        let (variant, rules) = (Variant::Kiswahili, RuleSet::V02);
        let scopes = [Scope::Global, Scope::Server(7)];
        let write = |scope: Scope, user: i64, rating: f64, deviation: f64, games: i64| {
            store
                .lock()
                .execute(
                    "INSERT INTO ratings (scope, variant, rules, user_id, rating, deviation, \
                     volatility, games, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, 0.06, ?7, 0) \
                     ON CONFLICT (scope, variant, rules, user_id) DO UPDATE SET \
                     rating = excluded.rating, deviation = excluded.deviation, \
                     games = excluded.games",
                    params![
                        scope.key(),
                        variant.name(),
                        rules.name(),
                        user,
                        rating,
                        deviation,
                        games
                    ],
                )
                .unwrap();
        };
        let check = |round: usize| {
            for scope in scopes {
                let users: Vec<(i64, f64)> = store
                    .lock()
                    .prepare("SELECT user_id, rating FROM ratings WHERE scope = ?1")
                    .unwrap()
                    .query_map([scope.key()], |r| Ok((r.get(0)?, r.get(1)?)))
                    .unwrap()
                    .map(|r| r.unwrap())
                    .collect();
                for (user, rating) in users {
                    let (total, above): (u32, u32) = store
                        .lock()
                        .query_row(
                            RANKED_BY_COUNTING_SQL,
                            params![scope.key(), variant.name(), rules.name(), rating, user],
                            |r| Ok((r.get(0)?, r.get(1)?)),
                        )
                        .unwrap();
                    let ranked = store
                        .rating(UserId(user as u64), scope, variant, rules)
                        .unwrap()
                        .is_some_and(|r| r.is_ranked());
                    let want = (ranked.then_some(above + 1), total);
                    let got = store
                        .rank(UserId(user as u64), scope, variant, rules)
                        .unwrap();
                    assert_eq!(
                        got, want,
                        "round {round}, {scope:?}, user {user} at {rating}"
                    );
                }
            }
        };
        // Edges of bands, ties, and the ranked set's own edges (5 games, deviation 110).
        for (user, rating) in [
            (1, 1500.0),
            (2, 1500.0),
            (3, 1525.0),
            (4, 1_524.999_999),
            (5, -30.0),
        ] {
            write(Scope::Global, user, rating, 60.0, 5);
        }
        write(Scope::Global, 6, 1510.0, 110.0, 9);
        write(Scope::Global, 7, 1510.0, 80.0, 4);
        check(0);
        for round in 1..=40 {
            for _ in 0..10 {
                let scope = scopes[below(2) as usize];
                let user = 1 + below(59) as i64;
                let rating = if below(5) == 0 {
                    1400.0 + 25.0 * below(8) as f64
                } else {
                    1000.0 + below(1_200_000) as f64 / 1000.0
                };
                let deviation = 40.0 + below(100) as f64;
                let games = below(12) as i64;
                write(scope, user, rating, deviation, games);
            }
            if round % 5 == 0 {
                store
                    .lock()
                    .execute(
                        "DELETE FROM ratings WHERE user_id % 7 = ?1",
                        [(round % 7) as i64],
                    )
                    .unwrap();
            }
            check(round);
        }
    }

    #[test]
    fn db_check_finds_a_wrong_band_and_repair_rebuilds_it() {
        let store = Store::open_in_memory().unwrap();
        store
            .lock()
            .execute_batch(
                "INSERT INTO ratings (scope, variant, rules, user_id, rating, deviation, \
                 volatility, games, updated_at) VALUES \
                 (0, 'kiswahili', 'v0.2', 1, 1600.0, 60.0, 0.06, 6, 0), \
                 (0, 'kiswahili', 'v0.2', 2, 1610.0, 60.0, 0.06, 6, 0); \
                 UPDATE rating_bands SET players = 5",
            )
            .unwrap();
        let wrong = store.check_summaries().unwrap();
        assert_eq!(wrong.len(), 1, "{wrong:?}");
        assert!(wrong[0].starts_with("rating band"), "{wrong:?}");
        assert!(
            wrong[0].contains("5 ranked players stored, 2 in the ratings"),
            "{wrong:?}"
        );
        store.rebuild_summaries().unwrap();
        assert!(store.check_summaries().unwrap().is_empty());
    }
}
