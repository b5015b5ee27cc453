//! Verification: replaying every stored game from its start position (`bao-bot db check`).

use rusqlite::Connection;

use super::rows::{move_from_row, MOVE_SELECT};
use super::types::{GameId, ReplayProblem, StoredMove};
use super::{Store, StoreError};
use crate::rules::{Position, RuleSet};

/// A game row as the check needs it.
struct GameToCheck {
    id: GameId,
    start: String,
    position: String,
    ply: u32,
    /// The rule set stored with the game.
    rule_set: String,
}

/// Replays one game and appends what does not match.
fn check_game(game: &GameToCheck, moves: &[StoredMove], problems: &mut Vec<ReplayProblem>) {
    let mut report = |ply: u32, detail: String| {
        problems.push(ReplayProblem {
            game: game.id,
            ply,
            detail,
        })
    };
    let mut pos: Position = match game.start.parse() {
        Ok(p) => p,
        Err(e) => return report(0, format!("start position unreadable: {e}")),
    };
    // The stored rule set must be the one the start position (and so the replay) plays.
    match game.rule_set.parse::<RuleSet>() {
        Ok(rules) if rules == pos.rules() => {}
        Ok(rules) => report(
            0,
            format!(
                "the game is stored as rules {rules} but its start position plays rules {}",
                pos.rules()
            ),
        ),
        Err(e) => report(0, format!("stored rule set unreadable: {e}")),
    }
    for (i, mv) in moves.iter().enumerate() {
        let expected_ply = i as u32 + 1;
        if mv.ply != expected_ply {
            return report(mv.ply, format!("move {expected_ply} is missing"));
        }
        let next = match pos.play_text(&mv.text) {
            Ok((_, next, _)) => next,
            Err(e) => return report(mv.ply, format!("`{}` cannot be played: {e}", mv.text)),
        };
        match mv.position_after.parse::<Position>() {
            Ok(stored) if stored == next => {}
            Ok(_) => {
                return report(
                    mv.ply,
                    format!(
                        "after `{}` the replay gives `{next}` but `{}` is stored",
                        mv.text, mv.position_after
                    ),
                )
            }
            Err(e) => return report(mv.ply, format!("stored position unreadable: {e}")),
        }
        pos = next;
    }
    if moves.len() as u32 != game.ply {
        return report(
            game.ply,
            format!(
                "the game says {} moves but {} are stored",
                game.ply,
                moves.len()
            ),
        );
    }
    match game.position.parse::<Position>() {
        Ok(stored) if stored == pos => {}
        Ok(_) => report(
            game.ply,
            format!(
                "the replay ends at `{pos}` but the game stores `{}`",
                game.position
            ),
        ),
        Err(e) => report(game.ply, format!("game position unreadable: {e}")),
    }
}

/// Replays every game, streaming the games and their moves side by side in id order (memory
/// bounded by the longest game, whatever the number of games).
fn check_all(conn: &Connection) -> Result<Vec<ReplayProblem>, StoreError> {
    let mut problems = Vec::new();
    let mut games =
        conn.prepare("SELECT id, start_position, position, ply, rule_set FROM games ORDER BY id")?;
    let mut games = games.query_map([], |r| {
        Ok(GameToCheck {
            id: GameId(r.get(0)?),
            start: r.get(1)?,
            position: r.get(2)?,
            ply: r.get(3)?,
            rule_set: r.get(4)?,
        })
    })?;
    let mut stmt = conn.prepare(&format!("{MOVE_SELECT} ORDER BY game_id, ply"))?;
    let mut rows = stmt.query_map([], move_from_row)?;
    // The moves come sorted like the games: walk both lists together.
    let mut next_move = rows.next().transpose()?;
    let mut moves = Vec::new();
    for game in games.by_ref() {
        let game = game?;
        moves.clear();
        while let Some(m) = next_move.take() {
            if m.game.0 > game.id.0 {
                next_move = Some(m);
                break;
            }
            if m.game == game.id {
                moves.push(m);
            } else {
                problems.push(ReplayProblem {
                    game: m.game,
                    ply: m.ply,
                    detail: "a move of a game that does not exist".into(),
                });
            }
            next_move = rows.next().transpose()?;
        }
        check_game(&game, &moves, &mut problems);
    }
    Ok(problems)
}

impl Store {
    /// Replays every stored game from its start position with the rules engine and returns
    /// every game whose moves are missing, unplayable, or lead to positions other than the
    /// stored ones (empty when all is well). Reads in one transaction, so the check sees one
    /// consistent state even while others write.
    pub fn check_replays(&self) -> Result<Vec<ReplayProblem>, StoreError> {
        let mut conn = self.lock();
        let tx = conn.transaction()?;
        let problems = check_all(&tx)?;
        tx.commit()?;
        Ok(problems)
    }

    /// How many games and moves are stored.
    pub fn counts(&self) -> Result<(u64, u64), StoreError> {
        Ok(self.lock().query_row(
            "SELECT (SELECT count(*) FROM games), (SELECT count(*) FROM moves)",
            [],
            |r| Ok((r.get::<_, i64>(0)? as u64, r.get::<_, i64>(1)? as u64)),
        )?)
    }

    /// SQLite's own `PRAGMA integrity_check` and `foreign_key_check`: a list of problems,
    /// empty when the file is sound.
    pub fn check_integrity(&self) -> Result<Vec<String>, StoreError> {
        let conn = self.lock();
        let mut problems: Vec<String> = conn
            .prepare("PRAGMA integrity_check")?
            .query_map([], |r| r.get::<_, String>(0))?
            .collect::<rusqlite::Result<_>>()?;
        if problems == ["ok"] {
            problems.clear();
        }
        let fk: Vec<String> = conn
            .prepare("PRAGMA foreign_key_check")?
            .query_map([], |r| {
                Ok(format!(
                    "foreign key: row {:?} of {} refers to a missing {} row",
                    r.get::<_, Option<i64>>(1)?,
                    r.get::<_, String>(0)?,
                    r.get::<_, String>(2)?
                ))
            })?
            .collect::<rusqlite::Result<_>>()?;
        problems.extend(fk);
        Ok(problems)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::servers::tests::challenge_at;
    use crate::store::Place;

    #[test]
    fn a_rule_set_that_is_not_the_start_positions_is_reported() {
        let store = Store::open_in_memory().unwrap();
        let game = store
            .create_challenge(&challenge_at(
                Place::Channel {
                    guild: 1,
                    channel: 2,
                },
                10,
                20,
                RuleSet::R002,
            ))
            .unwrap();
        assert!(store.check_replays().unwrap().is_empty());
        store
            .lock()
            .execute(
                "UPDATE games SET rule_set = 'v0.2' WHERE id = ?1",
                [game.id.0],
            )
            .unwrap();
        let problems = store.check_replays().unwrap();
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert_eq!((problems[0].game, problems[0].ply), (game.id, 0));
        assert!(
            problems[0].detail.contains("stored as rules v0.2")
                && problems[0].detail.contains("plays rules r002"),
            "{}",
            problems[0].detail
        );
    }
}
