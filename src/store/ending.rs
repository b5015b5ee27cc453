//! Why a game ended, kept as data: every finished or aborted game stores its
//! [`ResultReason`] with its result, and the database refuses an ended game without one.
//!
//! Views show the stored reason; none works it out from the final board (a resignation, a
//! timeout or an agreed draw leave a board the rules would read otherwise). Games stored
//! before this was enforced without a reason get it back at open from what the store holds:
//! the trace of the last move (replayed from the position before it) for endings made by the
//! rules, the deadline for timeouts and abandonments, and otherwise the result itself
//! (a winner without a rules ending resigned; no winner is an agreed draw).

use rusqlite::{params, Connection, TransactionBehavior};

use super::types::{GameStatus, ResultReason};
use super::StoreError;
use crate::rules::Position;

/// What the store holds about an ended game without a reason.
struct Unexplained {
    id: i64,
    status: GameStatus,
    winner: Option<String>,
    start_position: String,
    updated_at: i64,
    deadline: Option<i64>,
    time_per_move: Option<i64>,
    /// The challenge's expiry, when the game was a challenge never accepted.
    unaccepted_expiry: Option<i64>,
    /// The last two moves' position after and text, newest first.
    last_moves: Vec<(String, String)>,
}

/// The reason a rules ending left in the last move's trace, if it ended the game.
fn rules_ending(game: &Unexplained) -> Option<ResultReason> {
    let (_, last) = game.last_moves.first()?;
    let before = match game.last_moves.get(1) {
        Some((after, _)) => after,
        None => &game.start_position,
    };
    let pos: Position = before.parse().ok()?;
    let (_, _, trace) = pos.play_text(last).ok()?;
    trace
        .game_end()
        .map(|(_, reason)| ResultReason::from_rules(reason))
}

/// Why `game` ended, from what the store holds.
fn recovered(game: &Unexplained) -> ResultReason {
    if game.status == GameStatus::Aborted {
        return match game.unaccepted_expiry {
            Some(expiry) if game.updated_at >= expiry => ResultReason::Expired,
            Some(_) => ResultReason::Declined,
            None => ResultReason::Abort,
        };
    }
    if let Some(reason) = rules_ending(game) {
        return reason;
    }
    let overdue = |extra: i64| game.deadline.is_some_and(|d| game.updated_at >= d + extra);
    match (&game.winner, game.time_per_move) {
        (None, Some(tpm)) if overdue(tpm) => ResultReason::Abandoned,
        (None, _) => ResultReason::AgreedDraw,
        (Some(_), _) if overdue(1) => ResultReason::Timeout,
        (Some(_), _) => ResultReason::Resignation,
    }
}

/// Whether an ended game lacks its reason (the partial index of such games: empty on a
/// database written by this version).
pub(super) const UNEXPLAINED_SQL: &str = "SELECT EXISTS (SELECT 1 FROM games \
     WHERE status IN ('finished', 'aborted') AND reason IS NULL)";

/// Gives every ended game stored without a reason the reason recovered from what the store
/// holds (one transaction; nothing to do on a database where every game has one).
pub(super) fn recover_reasons(conn: &mut Connection) -> Result<usize, StoreError> {
    // A plain read first: opening a database that needs nothing takes no write lock, so a
    // second process (`db backup`, `db check`) opening it beside a busy bot is never starved.
    let unexplained: bool = conn.query_row(UNEXPLAINED_SQL, [], |r| r.get(0))?;
    if !unexplained {
        return Ok(0);
    }
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    let mut games: Vec<Unexplained> = tx
        .prepare(
            "SELECT g.id, g.status, g.winner, g.start_position, g.updated_at, g.deadline, \
             g.time_per_move, CASE WHEN g.south_user IS NULL AND g.south_ai IS NULL \
             THEN c.expires_at END \
             FROM games g LEFT JOIN challenges c ON c.game_id = g.id \
             WHERE g.status IN ('finished', 'aborted') AND g.reason IS NULL",
        )?
        .query_map([], |r| {
            let status: String = r.get(1)?;
            Ok(Unexplained {
                id: r.get(0)?,
                status: GameStatus::parse(&status).unwrap_or(GameStatus::Finished),
                winner: r.get(2)?,
                start_position: r.get(3)?,
                updated_at: r.get(4)?,
                deadline: r.get(5)?,
                time_per_move: r.get(6)?,
                unaccepted_expiry: r.get(7)?,
                last_moves: Vec::new(),
            })
        })?
        .collect::<rusqlite::Result<_>>()?;
    for game in &mut games {
        let mut stmt = tx.prepare_cached(
            "SELECT position_after, move FROM moves WHERE game_id = ?1 ORDER BY ply DESC LIMIT 2",
        )?;
        game.last_moves = stmt
            .query_map([game.id], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect::<rusqlite::Result<_>>()?;
    }
    for game in &games {
        tx.execute(
            "UPDATE games SET reason = ?2 WHERE id = ?1",
            params![game.id, recovered(game).as_str()],
        )?;
    }
    tx.commit()?;
    Ok(games.len())
}

/// Whether the database enforces stored end reasons (the migration is applied).
#[cfg(test)]
fn enforced(conn: &Connection) -> rusqlite::Result<bool> {
    use rusqlite::OptionalExtension;
    conn.query_row(
        "SELECT 1 FROM sqlite_schema WHERE name = 'games_ended_have_a_reason_update'",
        [],
        |_| Ok(()),
    )
    .optional()
    .map(|r| r.is_some())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A finished game's row with the given columns, stored with no reason by an older
    /// build (before the migration) and then migrated.
    fn game(start: &str, moves: &[&str], winner: Option<&str>, tpm: Option<i64>) -> Unexplained {
        let mut pos: Position = start.parse().expect("start");
        let mut last_moves = Vec::new();
        for m in moves {
            pos = pos.play_text(m).expect("legal").1;
            last_moves.insert(0, (pos.to_string(), m.to_string()));
        }
        last_moves.truncate(2);
        Unexplained {
            id: 1,
            status: GameStatus::Finished,
            winner: winner.map(String::from),
            start_position: start.into(),
            updated_at: 1_000,
            deadline: tpm.map(|_| 900),
            time_per_move: tpm,
            unaccepted_expiry: None,
            last_moves,
        }
    }

    #[test]
    fn reasons_come_back_from_what_the_store_holds() {
        let emptied = "variant=kiswahili turn=S hand=10,10 house=- takasia=- A=0,0,0,2,0,0,0,0 B=5,5,5,5,0,0,0,0 a=0,0,0,0,3,0,0,0 b=4,4,4,4,3,0,0,0";
        let g = game(emptied, &["A4 left capture"], Some("S"), None);
        assert_eq!(recovered(&g), ResultReason::FrontRowEmptied);
        let endless = "variant=kiswahili turn=S hand=0,0 house=- takasia=- A=1,7,1,9,7,0,3,0 B=4,1,4,1,2,3,0,1 a=4,1,1,1,0,0,0,0 b=3,0,0,1,2,1,5,1";
        let g = game(endless, &["A4 right takata"], Some("N"), None);
        assert_eq!(recovered(&g), ResultReason::NeverEndingMove);
        let start = Position::default().to_string();
        let g = game(&start, &["A6 left", "a6 left"], Some("N"), None);
        assert_eq!(recovered(&g), ResultReason::Resignation);
        assert_eq!(
            recovered(&game(&start, &["A6 left"], None, None)),
            ResultReason::AgreedDraw
        );
        // Timed games: finished after the deadline (a claim), or a whole period after it.
        assert_eq!(
            recovered(&game(&start, &["A6 left"], Some("S"), Some(50))),
            ResultReason::Timeout
        );
        assert_eq!(
            recovered(&game(&start, &["A6 left"], None, Some(50))),
            ResultReason::Abandoned
        );
        let mut aborted = game(&start, &[], None, None);
        aborted.status = GameStatus::Aborted;
        assert_eq!(recovered(&aborted), ResultReason::Abort);
        aborted.unaccepted_expiry = Some(1_000);
        assert_eq!(recovered(&aborted), ResultReason::Expired);
        aborted.unaccepted_expiry = Some(2_000);
        assert_eq!(recovered(&aborted), ResultReason::Declined);
    }

    #[test]
    fn the_migration_fills_missing_reasons_and_then_refuses_them() {
        let mut conn = Connection::open_in_memory().unwrap();
        // The schema before the migration, with a game finished without a reason.
        conn.execute_batch(super::super::schema::first_migration_sql())
            .unwrap();
        let start = Position::default().to_string();
        conn.execute(
            "INSERT INTO games (variant, rules_version, place_key, guild_id, channel_id, \
             south_user, north_user, status, winner, start_position, position, ply, \
             created_at, updated_at) VALUES ('kiswahili', 1, 'c:5', 1, 5, 10, 20, 'finished', \
             'N', ?1, ?1, 0, 0, 5)",
            [&start],
        )
        .unwrap();
        conn.execute_batch(super::super::schema::MIGRATIONS_SQL[1])
            .unwrap();
        assert!(enforced(&conn).unwrap());
        assert_eq!(recover_reasons(&mut conn).unwrap(), 1);
        let reason: String = conn
            .query_row("SELECT reason FROM games WHERE id = 1", [], |r| r.get(0))
            .unwrap();
        assert_eq!(reason, "resignation");
        assert_eq!(recover_reasons(&mut conn).unwrap(), 0);
        let refused = conn.execute("UPDATE games SET reason = NULL WHERE id = 1", []);
        assert!(refused.is_err(), "an ended game lost its reason");
        let refused = conn.execute(
            "INSERT INTO games (variant, rules_version, place_key, guild_id, channel_id, \
             south_user, north_user, status, start_position, position, created_at, \
             updated_at) VALUES ('kiswahili', 1, 'c:6', 1, 6, 10, 20, 'finished', ?1, ?1, 0, 0)",
            [&start],
        );
        assert!(
            refused.is_err(),
            "a game finished without a reason was stored"
        );
    }
}
