//! Game clocks in the store: starting clocked games, settling what falls due on live clocks
//! (low-time pings, the end of a first move's grace, flags) in one transaction, and the
//! bot's heartbeat, by which the downtime of a restart is given back to the running clocks.
//!
//! The store decides every race once: a flag is settled only by [`Store::settle_clocks`]
//! (or refused to a late move by [`Store::record_move_at`]), each inside the write lock, so a
//! move and its flag can never both win.

use rusqlite::{params, Connection, OptionalExtension, TransactionBehavior};

use super::clock_state::{side_bit, ClockDue};
use super::games::{end, modify_in};
use super::types::{Game, GameId, GameStatus, NewChallenge, NewGame, ResultReason};
use super::{Store, StoreError};
use crate::rules::{Position, Side};
use crate::vocab::TimeControl;

/// What settling the clocks did to one game (see [`Store::settle_clocks`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ClockEvent {
    /// `side`'s clock ran out: the game is finished, lost on time.
    Flagged {
        /// The game as it now is.
        game: Game,
        /// Whose clock ran out.
        side: Side,
    },
    /// `side`'s first move did not come within its grace period: the game is aborted, with
    /// no result.
    NoFirstMove {
        /// The game as it now is.
        game: Game,
        /// Who did not move.
        side: Side,
    },
    /// `side` has [`super::LOW_TIME_MS`] left: ping them (once per game).
    LowTime {
        /// The game as it now is.
        game: Game,
        /// Whose clock it is.
        side: Side,
    },
}

/// The downtime given back at a start (see [`Store::resume_clocks`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Downtime {
    /// The time since the bot's last sign of life, ms.
    pub gap_ms: i64,
    /// The games whose running clocks were moved on, with how much each got back (ms): the
    /// gap, or less for a clock that started after the last heartbeat.
    pub games: Vec<(Game, i64)>,
}

/// Writes a game's time control (inside the transaction that creates it).
pub(super) fn set_control(
    conn: &Connection,
    game: GameId,
    control: &TimeControl,
) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "UPDATE games SET clock_base_ms = ?2, clock_increment_ms = ?3, clock_cap_ms = ?4 \
         WHERE id = ?1",
    )?
    .execute(params![
        game.0,
        control.base_ms,
        control.increment_ms,
        control.cap_ms
    ])?;
    Ok(())
}

/// The side to move in a stored position (South if it cannot be read: the store does not
/// judge positions).
pub(super) fn turn_of(position: &str) -> Side {
    position
        .parse::<Position>()
        .map(|p| p.turn())
        .unwrap_or(Side::South)
}

/// Settles what is due on `game`'s clock at `now_ms`, in memory; returns what happened.
fn settle(game: &mut Game, now_ms: i64) -> Option<ClockEvent> {
    let mut clock = game.clock?;
    let (at, due) = clock.next_due()?;
    if game.status != GameStatus::Active || at > now_ms {
        return None;
    }
    let now = now_ms.div_euclid(1000);
    let side = match due {
        ClockDue::LowTime(side) | ClockDue::Flag(side) | ClockDue::NoFirstMove(side) => side,
    };
    // A ping whose flag is due too is no use: the flag falls.
    let flagged = clock.is_flagged_at(now_ms);
    match due {
        ClockDue::NoFirstMove(_) => {
            game.clock = Some(clock.stopped(now_ms));
            end(
                game,
                GameStatus::Aborted,
                None,
                ResultReason::NoFirstMove,
                now,
            );
            Some(ClockEvent::NoFirstMove {
                game: game.clone(),
                side,
            })
        }
        ClockDue::Flag(_) | ClockDue::LowTime(_) if flagged => {
            clock.pinged |= side_bit(side);
            game.clock = Some(clock.stopped(now_ms));
            end(
                game,
                GameStatus::Finished,
                Some(!side),
                ResultReason::OutOfTime,
                now,
            );
            Some(ClockEvent::Flagged {
                game: game.clone(),
                side,
            })
        }
        ClockDue::Flag(_) => None,
        ClockDue::LowTime(_) => {
            clock.pinged |= side_bit(side);
            game.clock = Some(clock);
            Some(ClockEvent::LowTime {
                game: game.clone(),
                side,
            })
        }
    }
}

impl Store {
    /// Creates a challenge with a time control (`thread_bound`: waiting for a thread of its
    /// own, as [`Store::create_thread_challenge`]); its clocks start when it is accepted.
    pub fn create_clocked_challenge(
        &self,
        new: &NewChallenge,
        thread_bound: bool,
        control: TimeControl,
    ) -> Result<Game, StoreError> {
        self.insert_challenge(new, thread_bound, Some(control))
    }

    /// Starts a game directly as active (as [`Store::start_game`]) on a clock that starts at
    /// `now_ms`.
    pub fn start_clocked_game(
        &self,
        new: &NewGame,
        control: TimeControl,
        now_ms: i64,
    ) -> Result<Game, StoreError> {
        self.start_game_with(new, Some((control, now_ms)))
    }

    /// Settles, in one transaction, everything due on live clocks at `now_ms`: a clock that
    /// ran out loses the game on time, a first move whose grace ended aborts it (no
    /// result), and a player with [`super::LOW_TIME_MS`] left is to be pinged (once).
    /// Returns what happened, soonest first; the caller tells the players.
    pub fn settle_clocks(&self, now_ms: i64) -> Result<Vec<ClockEvent>, StoreError> {
        let mut conn = self.lock();
        // A plain read first: nothing due takes no write lock.
        if !due_by(&conn, now_ms)? {
            return Ok(Vec::new());
        }
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let due: Vec<i64> = tx
            .prepare_cached(
                "SELECT id FROM games WHERE clock_due_ms IS NOT NULL AND clock_due_ms <= ?1 \
                 ORDER BY clock_due_ms, id",
            )?
            .query_map([now_ms], |r| r.get(0))?
            .collect::<rusqlite::Result<_>>()?;
        let mut events = Vec::new();
        for id in due {
            let mut event = None;
            modify_in(&tx, GameId(id), |_, g| {
                event = settle(g, now_ms);
                Ok(())
            })?;
            // The game as written (the clock stopped, the rating applied).
            if let Some(mut e) = event {
                let current = super::rows::load_game(&tx, GameId(id))?;
                if let Some(current) = current {
                    match &mut e {
                        ClockEvent::Flagged { game, .. }
                        | ClockEvent::NoFirstMove { game, .. }
                        | ClockEvent::LowTime { game, .. } => *game = current,
                    }
                }
                events.push(e);
            }
        }
        tx.commit()?;
        Ok(events)
    }

    /// When the next thing falls due on a live clock (unix ms), from the index on it; `None`
    /// when no live clock runs.
    pub fn next_clock_due_ms(&self) -> Result<Option<i64>, StoreError> {
        Ok(self
            .lock()
            .prepare_cached("SELECT min(clock_due_ms) FROM games WHERE clock_due_ms IS NOT NULL")?
            .query_row([], |r| r.get(0))?)
    }

    /// Records the bot's last sign of life, unix ms.
    pub fn heartbeat(&self, now_ms: i64) -> Result<(), StoreError> {
        write_heartbeat(&self.lock(), now_ms)?;
        Ok(())
    }

    /// The bot's last sign of life, unix ms, if it ever gave one.
    pub fn last_heartbeat(&self) -> Result<Option<i64>, StoreError> {
        Ok(self
            .lock()
            .prepare_cached("SELECT at_ms FROM heartbeat WHERE id = 1")?
            .query_row([], |r| r.get(0))
            .optional()?)
    }

    /// At a start: gives the time since the bot's last sign of life back to every running
    /// clock (moves its start on by the gap, or by the time since it started if that is
    /// less), so no flag falls for time when nobody could move, and records a sign of life
    /// now. One transaction. `None` when there was no earlier sign of life, or no gap.
    pub fn resume_clocks(&self, now_ms: i64) -> Result<Option<Downtime>, StoreError> {
        let mut conn = self.lock();
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let last: Option<i64> = tx
            .prepare_cached("SELECT at_ms FROM heartbeat WHERE id = 1")?
            .query_row([], |r| r.get(0))
            .optional()?;
        write_heartbeat(&tx, now_ms)?;
        let Some(last) = last.filter(|&l| l < now_ms) else {
            tx.commit()?;
            return Ok(None);
        };
        let running: Vec<(i64, i64)> = tx
            .prepare_cached(RUNNING_CLOCKS_SQL)?
            .query_map([now_ms], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect::<rusqlite::Result<_>>()?;
        let mut games = Vec::new();
        for (id, since) in running {
            let back = now_ms - last.max(since);
            let game = modify_in(&tx, GameId(id), |_, g| {
                if let Some(clock) = g.clock.as_mut() {
                    clock.since_ms += back;
                }
                Ok(())
            })?;
            games.push((game, back));
        }
        tx.commit()?;
        Ok(Some(Downtime {
            gap_ms: now_ms - last,
            games,
        }))
    }
}

/// The running clocks started before `?1` (the partial index of running clocks).
pub(super) const RUNNING_CLOCKS_SQL: &str =
    "SELECT id, clock_since_ms FROM games INDEXED BY games_clock_running \
     WHERE status = 'active' \
     AND clock_running IS NOT NULL AND clock_since_ms < ?1 ORDER BY id";

/// Whether anything on a live clock is due at `now_ms` (the index on `clock_due_ms`).
fn due_by(conn: &Connection, now_ms: i64) -> rusqlite::Result<bool> {
    conn.prepare_cached(
        "SELECT EXISTS (SELECT 1 FROM games WHERE clock_due_ms IS NOT NULL \
         AND clock_due_ms <= ?1)",
    )?
    .query_row([now_ms], |r| r.get(0))
}

fn write_heartbeat(conn: &Connection, now_ms: i64) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "INSERT INTO heartbeat (id, at_ms) VALUES (1, ?1) \
         ON CONFLICT (id) DO UPDATE SET at_ms = excluded.at_ms",
    )?
    .execute([now_ms])?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Variant;
    use crate::store::{NewMove, Place, Player, SideChoice, UserId};

    const ASHA: UserId = UserId(10);
    const BARAKA: UserId = UserId(20);

    /// A 1+0 game between Asha (South) and Baraka, accepted at `t0` ms.
    fn game(store: &Store, t0: i64) -> Game {
        let place = Place::Channel {
            guild: 1,
            channel: 2,
        };
        let new = NewChallenge {
            place,
            variant: Variant::Kiswahili,
            start_position: Position::start(Variant::Kiswahili).to_string(),
            challenger: ASHA,
            challenged: BARAKA,
            challenger_side: SideChoice::South,
            time_per_move: None,
            now: t0 / 1000,
            expires_at: t0 / 1000 + 100,
            rated: true,
            hints: false,
        };
        let c = store
            .create_clocked_challenge(&new, false, TimeControl::live(1, 0))
            .unwrap();
        assert_eq!(c.clock.unwrap().running, None);
        store
            .accept_challenge_at(c.id, &Player::Human(ASHA), &Player::Human(BARAKA), t0, None)
            .unwrap()
    }

    /// Plays the first legal move of `game` for `by`, arriving and stored at `at`.
    fn play(store: &Store, game: &Game, by: UserId, at: i64) -> Result<Game, StoreError> {
        let pos: Position = game.position.parse().unwrap();
        let mv = pos.legal_moves()[0];
        let (next, _) = pos.play(&mv).unwrap();
        let new = NewMove {
            text: &mv.to_string(),
            by: &Player::Human(by),
            position_after: &next.to_string(),
            now: at / 1000,
            deadline: None,
            end: None,
        };
        store.record_move_at(game.id, game.ply, &new, at, at)
    }

    #[test]
    fn a_flag_is_settled_once_and_a_late_move_is_refused() {
        let store = Store::open_in_memory().unwrap();
        let g = game(&store, 1_000_000);
        assert_eq!(store.next_clock_due_ms().unwrap(), Some(1_120_000));
        let g = play(&store, &g, ASHA, 1_010_000).unwrap();
        let g = play(&store, &g, BARAKA, 1_020_000).unwrap();
        let clock = g.clock.unwrap();
        assert_eq!((clock.moved, clock.pinged), (3, 0));
        // Asha's clock: 60 s from 1_020_000; the ping at 30 s left.
        assert_eq!(store.next_clock_due_ms().unwrap(), Some(1_050_000));
        assert!(store.settle_clocks(1_049_999).unwrap().is_empty());
        let pinged = store.settle_clocks(1_050_000).unwrap();
        assert!(matches!(
            &pinged[..],
            [ClockEvent::LowTime {
                side: Side::South,
                ..
            }]
        ));
        assert!(
            store.settle_clocks(1_050_000).unwrap().is_empty(),
            "pinged twice"
        );
        // A move arriving at the flag is refused and changes nothing.
        let late = play(&store, &g, ASHA, 1_080_000);
        assert!(
            matches!(late, Err(StoreError::OutOfTime { .. })),
            "{late:?}"
        );
        assert_eq!(store.game(g.id).unwrap().unwrap().ply, 2);
        let flagged = store.settle_clocks(1_080_000).unwrap();
        let [ClockEvent::Flagged {
            game,
            side: Side::South,
        }] = &flagged[..]
        else {
            panic!("{flagged:?}")
        };
        assert_eq!(game.status, GameStatus::Finished);
        assert_eq!(game.winner, Some(Side::North));
        assert_eq!(game.reason, Some(ResultReason::OutOfTime));
        assert_eq!(game.clock.unwrap().banks, [0, 60_000]);
        assert!(
            store.settle_clocks(2_000_000).unwrap().is_empty(),
            "settled twice"
        );
        assert_eq!(store.next_clock_due_ms().unwrap(), None);
        // The move's bank is kept with it.
        let moves = store.moves(g.id).unwrap();
        assert_eq!(moves[0].clock_ms, Some(60_000));
    }

    #[test]
    fn a_first_move_that_does_not_come_aborts_the_game() {
        let store = Store::open_in_memory().unwrap();
        let g = game(&store, 0);
        let events = store.settle_clocks(120_000).unwrap();
        let [ClockEvent::NoFirstMove {
            game,
            side: Side::South,
        }] = &events[..]
        else {
            panic!("{events:?}")
        };
        assert_eq!(game.status, GameStatus::Aborted);
        assert_eq!(game.reason, Some(ResultReason::NoFirstMove));
        assert!(store.game_in(&g.place).unwrap().is_none());
    }

    #[test]
    fn the_downtime_is_given_back_before_any_flag() {
        let store = Store::open_in_memory().unwrap();
        assert_eq!(store.resume_clocks(0).unwrap(), None);
        let g = game(&store, 1_000_000);
        let g = play(&store, &g, ASHA, 1_001_000).unwrap();
        let g = play(&store, &g, BARAKA, 1_002_000).unwrap();
        // Alive until 1_012_000, then down for 180 s: Asha had 50 s left.
        store.heartbeat(1_012_000).unwrap();
        let back = store.resume_clocks(1_192_000).unwrap().unwrap();
        assert_eq!(back.gap_ms, 180_000);
        assert_eq!(back.games.len(), 1);
        assert_eq!(back.games[0].1, 180_000);
        let clock = back.games[0].0.clock.unwrap();
        assert_eq!(clock.left_ms(Side::South, 1_192_000), 50_000);
        assert!(store
            .settle_clocks(1_241_999)
            .unwrap()
            .iter()
            .all(|e| !matches!(e, ClockEvent::Flagged { .. })));
        let flagged = store.settle_clocks(1_242_000).unwrap();
        assert!(
            matches!(&flagged[..], [ClockEvent::Flagged { .. }]),
            "{flagged:?}"
        );
        assert_eq!(store.last_heartbeat().unwrap(), Some(1_192_000));
        let _ = g;
    }
}
