//! An event's rounds: starting the event, pairing the next round with its games, results
//! reaching the boards, and players leaving after the start.
//!
//! Each of these is one IMMEDIATE transaction, so a kill at any point leaves a round
//! either wholly paired (its row, boards and games) or not at all, and a result either on
//! its board (with its game finished) or on neither. Asking again after a restart does the
//! rest: a round is paired only once the one before it has every result, and a board
//! takes only its first result.

use rusqlite::{params, Connection, TransactionBehavior};

use super::rows::id_sql;
use super::tournaments::{entrants_of, load_boards, load_event, load_players, Board, EventId};
use super::{EventStatus, Game, GameStatus, NewGame, Player, Store, StoreError};
use crate::tournament::{berger, swiss, Format, Outcome, Pairing};

/// What [`Store::next_round`] did.
#[derive(Debug, Clone, PartialEq)]
pub enum RoundOutcome {
    /// Round `round` was paired: its boards (games created, byes and forfeits scored).
    Paired {
        /// The round.
        round: u32,
        /// Its boards.
        boards: Vec<Board>,
    },
    /// The current round still has games without a result.
    Waiting {
        /// The round being played.
        round: u32,
        /// Boards still without a result.
        unfinished: u32,
    },
    /// Every round is played: the event is now finished.
    Finished,
    /// The event is not running (sign-up, paused, over).
    NotRunning(EventStatus),
    /// Too few players to pair (the event is finished).
    TooFew(usize),
}

/// Copies a finished (or abandoned) game's result onto its board, if it is an event's
/// game and the board has none yet. Runs inside the transaction that ends the game.
pub(super) fn record_result(conn: &Connection, game: &Game) -> Result<(), StoreError> {
    // An aborted event game (an abort slipped through) counts as a draw: the board needs
    // a result for the event to go on.
    let outcome = match game.status {
        GameStatus::Finished => Outcome::of_winner(game.winner),
        _ => Outcome::Draw,
    };
    conn.prepare_cached(
        "UPDATE tournament_boards SET outcome = ?2 WHERE game_id = ?1 AND outcome IS NULL",
    )?
    .execute(params![game.id.0, outcome.name()])?;
    Ok(())
}

impl Store {
    /// Starts an event in sign-up: seeds the players (rating, then joining order) and pairs
    /// round 1, all in one transaction. An event already started is left as it is
    /// ([`RoundOutcome::NotRunning`] or the state of its round).
    pub fn start_event(&self, id: EventId, now: i64) -> Result<RoundOutcome, StoreError> {
        let mut conn = self.lock();
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let event = load_event(&tx, id)?;
        if event.status != EventStatus::Signup {
            drop(tx);
            drop(conn);
            return self.next_round(id, now);
        }
        let mut players = load_players(&tx, id)?;
        if players.len() < 2 {
            return Ok(RoundOutcome::TooFew(players.len()));
        }
        players.sort_by(|a, b| b.rating.total_cmp(&a.rating));
        for (seed, p) in players.iter().enumerate() {
            tx.prepare_cached(
                "UPDATE tournament_players SET seed = ?3 WHERE tournament_id = ?1 AND user_id = ?2",
            )?
            .execute(params![id.0, id_sql(p.user.0), seed as i64])?;
        }
        tx.prepare_cached(
            "UPDATE tournaments SET status = 'running', started_at = ?2 WHERE id = ?1",
        )?
        .execute(params![id.0, now])?;
        let outcome = pair_next(&tx, id, now)?;
        tx.commit()?;
        Ok(outcome)
    }

    /// Pairs the next round of a running event once every board of the current one has a
    /// result (or finishes the event after its last round). Calling it again changes
    /// nothing until the round's results are in.
    pub fn next_round(&self, id: EventId, now: i64) -> Result<RoundOutcome, StoreError> {
        let mut conn = self.lock();
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let outcome = pair_next(&tx, id, now)?;
        tx.commit()?;
        Ok(outcome)
    }

    /// Marks `user` as having left a started event (withdrawn or removed): they are paired
    /// no more, and a round robin's games left are forfeited as their rounds come. Their
    /// ongoing game is the caller's to end (a resignation), before this. Returns `false`
    /// when they were not playing in it.
    pub fn leave_started_event(
        &self,
        id: EventId,
        user: super::UserId,
        now: i64,
    ) -> Result<bool, StoreError> {
        let n = self
            .lock()
            .prepare_cached(
                "UPDATE tournament_players SET left_at = ?3 WHERE tournament_id = ?1 \
                 AND user_id = ?2 AND seed IS NOT NULL AND left_at IS NULL",
            )?
            .execute(params![id.0, id_sql(user.0), now])?;
        Ok(n == 1)
    }

    /// The games of the current round of `id` still being played.
    pub fn event_games_unfinished(&self, id: EventId) -> Result<Vec<Game>, StoreError> {
        let conn = self.lock();
        let boards = load_boards(&conn, id)?;
        let last = boards.iter().map(|b| b.pairing.round).max().unwrap_or(0);
        let mut games = Vec::new();
        for b in boards
            .iter()
            .filter(|b| b.pairing.round == last && b.pairing.outcome.is_none())
        {
            if let Some(g) = b
                .game
                .and_then(|g| super::rows::load_game(&conn, g).transpose())
            {
                games.push(g?);
            }
        }
        Ok(games)
    }

    /// When the clock next has event work: the soonest sign-up closing, or deadline of a
    /// running event's current round.
    pub fn next_event_due(&self) -> Result<Option<i64>, StoreError> {
        Ok(self
            .lock()
            .prepare_cached(
                "SELECT min(t) FROM ( \
               SELECT signup_closes_at AS t FROM tournaments WHERE status = 'signup' \
               UNION ALL SELECT r.deadline FROM tournament_rounds r JOIN tournaments e \
                 ON e.id = r.tournament_id WHERE e.status = 'running' AND r.round = \
                 (SELECT max(round) FROM tournament_rounds WHERE tournament_id = e.id))",
            )?
            .query_row([], |r| r.get(0))?)
    }

    /// When the current round of `id` must end, if it has a deadline.
    pub fn round_deadline(&self, id: EventId) -> Result<Option<i64>, StoreError> {
        Ok(self
            .lock()
            .prepare_cached(
                "SELECT deadline FROM tournament_rounds WHERE tournament_id = ?1 \
             ORDER BY round DESC LIMIT 1",
            )?
            .query_row([id.0], |r| r.get::<_, Option<i64>>(0))
            .unwrap_or(None))
    }
}

/// Pairs the next round inside `tx` (see [`Store::next_round`]).
fn pair_next(tx: &Connection, id: EventId, now: i64) -> Result<RoundOutcome, StoreError> {
    let event = load_event(tx, id)?;
    if event.status != EventStatus::Running {
        return Ok(RoundOutcome::NotRunning(event.status));
    }
    let players = load_players(tx, id)?;
    let entrants = entrants_of(&players);
    let boards = load_boards(tx, id)?;
    let current = event.rounds_paired;
    let unfinished = boards
        .iter()
        .filter(|b| b.pairing.round == current && b.pairing.outcome.is_none())
        .count();
    if unfinished > 0 {
        return Ok(RoundOutcome::Waiting {
            round: current,
            unfinished: u32::try_from(unfinished).unwrap_or(u32::MAX),
        });
    }
    let active = entrants.iter().filter(|e| e.active).count();
    let last = event.spec.format.rounds(entrants.len());
    if current >= last || active < 2 {
        tx.prepare_cached(
            "UPDATE tournaments SET status = 'finished', ended_at = ?2 WHERE id = ?1",
        )?
        .execute(params![id.0, now])?;
        return Ok(if active < 2 && current < last {
            RoundOutcome::TooFew(active)
        } else {
            RoundOutcome::Finished
        });
    }
    let round = current + 1;
    let past: Vec<Pairing> = boards.iter().map(|b| b.pairing).collect();
    let mut pairings = match event.spec.format {
        Format::Swiss { .. } => {
            swiss::pair(&entrants, &past, round, last).map_err(StoreError::Unpairable)?
        }
        format => berger::pairings(entrants.len(), format, round).unwrap_or_default(),
    };
    // Round robin boards with a player who has left are forfeited (byes and sit-outs come
    // with their outcome).
    for p in &mut pairings {
        match p.north {
            None => {}
            Some(n) => match (entrants[p.south].active, entrants[n].active) {
                (true, false) => p.outcome = Some(Outcome::SouthByForfeit),
                (false, true) => p.outcome = Some(Outcome::NorthByForfeit),
                (false, false) => p.outcome = Some(Outcome::Draw),
                (true, true) => {}
            },
        }
    }
    let deadline = event.spec.round_time.map(|t| now + t);
    tx.prepare_cached(
        "INSERT INTO tournament_rounds (tournament_id, round, started_at, deadline) \
         VALUES (?1, ?2, ?3, ?4)",
    )?
    .execute(params![id.0, round, now, deadline])?;
    let user_of = |seed: usize| {
        players
            .iter()
            .find(|p| p.seed == Some(seed))
            .map(|p| p.user)
            .ok_or_else(|| StoreError::Setup {
                path: "tournament".into(),
                detail: format!("no player with seed {seed}"),
            })
    };
    let mut out = Vec::new();
    for p in pairings {
        let south = user_of(p.south)?;
        let north = p.north.map(user_of).transpose()?;
        let game = match (north, p.outcome) {
            (Some(n), None) => Some(Store::insert_event_game(
                tx,
                &NewGame {
                    place: event.place(),
                    variant: event.spec.variant,
                    start_position: event.spec.start_position.clone(),
                    south: Player::Human(south),
                    north: Player::Human(n),
                    time_per_move: event.spec.time_per_move,
                    now,
                    deadline: event.spec.time_per_move.map(|t| now + t),
                },
                event.spec.rated,
            )?),
            _ => None,
        };
        tx.prepare_cached(
            "INSERT INTO tournament_boards (tournament_id, round, board, south_seed, \
             north_seed, game_id, outcome) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        )?
        .execute(params![
            id.0,
            round,
            p.board,
            p.south as i64,
            p.north.map(|n| n as i64),
            game.map(|g| g.0),
            p.outcome.map(Outcome::name),
        ])?;
        out.push(Board {
            pairing: p,
            south,
            north,
            game,
        });
    }
    Ok(RoundOutcome::Paired { round, boards: out })
}
