//! Moves: `/bao move` (and its buttons), the AI's answers, and the private board shown
//! when a move or a press comes too late.

use std::time::Duration;

use crate::ai::level_move;
use crate::ai::timecontrol::fair_share;
use crate::i18n::{words, Msg, Text};
use crate::msg;
use crate::rules::{MoveSpec, Position, Side, Trace};
use crate::store::{
    Game, GameEnd, GameStatus, MoveRequest, NewMove, Player, ResultReason, StoreError,
};

use crate::app::lookup::ai_name;
use crate::app::refusal::{refuse, Answer};
use crate::app::{shown_board, App, AppError};
use crate::app::{Response, User};

/// A move just played, for the reply.
pub(in crate::app) struct Played {
    pub(in crate::app) name: Text,
    pub(in crate::app) trace: Trace,
}

/// What became of a move sent to the store.
pub(in crate::app) enum Recorded {
    /// Stored: the game, position and trace after it.
    Played(Game, Position, Trace),
    /// The game changed meanwhile (another move, its end): the game as it now is.
    Changed(Game),
    /// The mover's live clock had run out before the move arrived: the game as it is.
    OutOfTime(Game),
}

impl Played {
    /// `Asha: A4 left, ...`: who played and what the move did, in the reader's language.
    pub(in crate::app) fn line(&self) -> Text {
        self.name
            .clone()
            .then(": ")
            .then(words::describe(&self.trace))
    }
}

impl App {
    /// [`App::board_reply`] with `text` (messages) above the board: what the game's replies
    /// say, in the reader's language, before the board's own lines.
    pub(in crate::app) fn board_reply_saying(
        &self,
        game: &Game,
        pos: &Position,
        trace: Option<Trace>,
        viewer: Side,
        text: Text,
    ) -> Result<crate::app::Reply, AppError> {
        let mut reply = self.board_reply(game, pos, trace, viewer, "")?;
        if !text.is_empty() {
            reply.text = text.then("\n").then(std::mem::take(&mut reply.text));
        }
        Ok(reply)
    }

    /// Plays `text` for `user` in `game`, then the AI's answer if the AI is to move. The
    /// move arrived at `arrived_ms` (its time on the clock). When the render pool is
    /// overloaded, `progress` is told at once that the move is stored, before its board is
    /// drawn.
    pub(in crate::app) fn play_move(
        &self,
        user: &User,
        game: Game,
        text: &str,
        arrived_ms: i64,
        progress: &dyn Fn(String),
    ) -> Answer {
        self.play_move_requested(user, game, text, arrived_ms, progress, None)
    }

    /// [`App::play_move`] for a move sent with a request id (the game page): the id is
    /// stored with the move, and a request already stored stores nothing again.
    pub(in crate::app) fn play_move_requested(
        &self,
        user: &User,
        game: Game,
        text: &str,
        arrived_ms: i64,
        progress: &dyn Fn(String),
        request: Option<&MoveRequest>,
    ) -> Answer {
        match game.status {
            GameStatus::Pending => return Err(refuse(msg!("game-move-pending"))),
            GameStatus::Finished | GameStatus::Aborted => {
                if let Some(side) = ran_out(&game, user) {
                    return self.time_ran_out(&game, side);
                }
                return Err(refuse(over_text(&game)));
            }
            GameStatus::Active => {}
        }
        let Some(side) = game.side_of(user.id) else {
            return Err(refuse(msg!(
                "game-move-not-player",
                south = self.side_name(&game, Side::South),
                north = self.side_name(&game, Side::North)
            )));
        };
        let pos = self.position(&game)?;
        if pos.turn() != side {
            return Err(refuse(msg!(
                "game-move-not-turn",
                name = self.side_name(&game, pos.turn()),
                side = words::side(pos.turn())
            )));
        }
        let spec: MoveSpec = match text.parse() {
            Ok(s) => s,
            Err(e) => {
                return Err(refuse(msg!(
                    "game-move-unread",
                    error = words::parse_problem(e.problem()),
                    moves = words::moves(&pos.legal_moves())
                )))
            }
        };
        let mv = match pos.find_move(&spec) {
            Ok(mv) => mv,
            Err(e) => return Err(refuse(words::move_error(&e))),
        };
        // Against the AI, past the AI queue's bound: refused before anything is stored.
        if matches!(game.player(!side), Some(Player::Ai { .. })) {
            if let Some(busy) = self.ai.refusal() {
                return Err(busy);
            }
        }
        let previous_board = shown_board(&game);
        let before = pos;
        let player = Player::Human(user.id);
        let (mut game, mut pos, first) =
            match self.record(&game, &pos, &mv, &player, arrived_ms, request)? {
                Recorded::Played(g, p, t) => (g, p, t),
                // The clock ran out before the move arrived (the flag may be settled meanwhile).
                Recorded::OutOfTime(current) => return self.time_ran_out(&current, side),
                Recorded::Changed(current) if ran_out(&current, user).is_some() => {
                    return self.time_ran_out(&current, side)
                }
                // The game ended meanwhile (a resignation, a claim): the move comes too late.
                Recorded::Changed(current) if !current.status.is_ongoing() => {
                    return Err(refuse(over_text(&current)))
                }
                Recorded::Changed(current) => return self.board_changed(user, &current),
            };
        // Past the render queue's limit the move is confirmed now, in words, and its board
        // comes without an animation.
        let busy = self.pictures.pool().overloaded();
        if busy {
            let lang = self.lang_for(user.id, &game.place, false)?;
            progress(
                msg!(
                    "game-move-stored",
                    name = Text::name(&user.name),
                    trace = words::describe(&first)
                )
                .render(lang),
            );
        }
        let mut played = vec![Played {
            name: Text::name(&user.name),
            trace: first,
        }];
        if let Some((g, p, ai)) = self.ai_turn(&game, &pos)? {
            game = g;
            pos = p;
            played.push(ai);
        }
        let mut text = Text::one_per_line(played.iter().map(Played::line));
        if let Some(hint) = self.ladder_hint(&game)? {
            text.line(hint);
        }
        let viewer = match game.player(pos.turn()) {
            Some(Player::Human(_)) if game.status == GameStatus::Active => pos.turn(),
            _ => side,
        };
        let moves: Vec<_> = played.iter().map(|p| p.trace.mv).collect();
        let last = played.pop().map(|p| p.trace);
        let mut reply = self.board_reply_saying(&game, &pos, last.clone(), viewer, text)?;
        reply.remove_buttons_of(previous_board);
        if !busy && self.animates(user.id, &game.place)? {
            // The player's move and the AI's reply in one animation ending on the board.
            let (_, opts) = self.picture(&game, &pos, last, viewer);
            if let Some(board) = reply.board.as_mut() {
                board.animation = self.move_animation(&game, &before, &moves, &opts);
            }
        }
        let mut notices = self.turn_notices(&game, &pos);
        notices.extend(self.thread_end(&game)?);
        Ok(Response { reply, notices })
    }

    /// Plays `mv` (legal in `pos`) for `by` and records it, the move having arrived at
    /// `arrived_ms` (its time on the clock; the opponent's clock starts when it is stored).
    pub(in crate::app) fn record(
        &self,
        game: &Game,
        pos: &Position,
        mv: &crate::rules::Move,
        by: &Player,
        arrived_ms: i64,
        request: Option<&MoveRequest>,
    ) -> Result<Recorded, AppError> {
        let (next, trace) = match pos.play(mv) {
            Ok(done) => done,
            Err(e) => {
                return Err(AppError::Corrupt {
                    game: game.id,
                    detail: format!("a checked move was refused: {e}"),
                })
            }
        };
        let now_ms = self.clock.now_ms();
        let now = now_ms.div_euclid(1000);
        let end = next.winner().map(|w| GameEnd {
            winner: Some(w),
            reason: ResultReason::from_rules(
                trace
                    .game_end()
                    .map(|(_, r)| r)
                    .or(next.end_reason())
                    .unwrap_or(crate::rules::EndReason::NoLegalMove),
            ),
        });
        let deadline = match end {
            None => game.time_per_move.map(|t| now + t),
            Some(_) => None,
        };
        let text = mv.to_string();
        let after = next.to_string();
        let new = NewMove {
            text: &text,
            by,
            position_after: &after,
            now,
            deadline,
            end,
        };
        let stored = self.store.record_move_requested(
            game.id,
            game.ply,
            &new,
            arrived_ms.min(now_ms),
            now_ms,
            request,
        );
        match stored {
            Ok(g) => {
                // The clock task looks again if something now falls due before it would.
                self.clock_signal
                    .ring_for(g.clock.and_then(|c| c.next_due()).map(|(at, _)| at));
                Ok(Recorded::Played(g, next, trace))
            }
            Err(StoreError::OutOfTime { current }) => Ok(Recorded::OutOfTime(*current)),
            Err(e @ (StoreError::BoardChanged { .. } | StoreError::WrongStatus { .. })) => {
                Ok(Recorded::Changed(self.lost_race(e)?))
            }
            Err(e) => Err(e.into()),
        }
    }

    /// The private answer to a move that came after its player's clock ran out (or after
    /// the grace for a first move): the flag is settled now if nothing has settled it yet,
    /// and its public result goes to the game's place.
    pub(in crate::app) fn time_ran_out(&self, game: &Game, side: Side) -> Answer {
        let notices = self.settle_clocks()?;
        let current = self.store.game(game.id)?.unwrap_or_else(|| game.clone());
        let text = match (current.status, current.reason) {
            (GameStatus::Aborted, Some(ResultReason::NoFirstMove)) => msg!(
                "game-no-first-move",
                minutes = crate::store::FIRST_MOVE_GRACE_MS / 60_000,
                game = current.id.to_string()
            ),
            _ => msg!(
                "game-time-ran-out",
                name = self.side_name(&current, !side),
                side = words::side(!side),
                game = current.id.to_string()
            ),
        };
        Ok(Response {
            reply: crate::app::Reply::private(text),
            notices,
        })
    }

    /// If the AI is to move in `game`, lets it choose and records its move.
    pub(in crate::app) fn ai_turn(
        &self,
        game: &Game,
        pos: &Position,
    ) -> Result<Option<(Game, Position, Played)>, AppError> {
        if game.status != GameStatus::Active {
            return Ok(None);
        }
        let Some(Player::Ai { level }) = game.player(pos.turn()).cloned() else {
            return Ok(None);
        };
        let mut cap = self.settings.ai_wall_caps[level.index()];
        if let Some(clock) = game.clock.filter(|c| c.control.is_live()) {
            // Within a fair share of its own clock.
            let side = pos.turn();
            let left = clock.left_ms(side, self.clock.now_ms()).max(0) as u64;
            let more = clock.control.increment_ms.max(0) as u64;
            cap = cap.min(fair_share(
                Duration::from_millis(left),
                Duration::from_millis(more),
            ));
        }
        let seed = (game.id.0 as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ game.ply as u64;
        let choice = {
            let _slot = self.ai.acquire();
            level_move(pos, level, cap.max(Duration::from_millis(10)), seed)
        };
        let mv = match choice {
            Some(r) => r.mv,
            None => match pos.legal_moves().first() {
                Some(mv) => *mv,
                None => return Ok(None),
            },
        };
        let ai = Player::Ai { level };
        match self.record(game, pos, &mv, &ai, self.clock.now_ms(), None)? {
            Recorded::Played(g, p, trace) => Ok(Some((
                g,
                p,
                Played {
                    name: ai_name(level).into(),
                    trace,
                },
            ))),
            // Someone else moved for the AI meanwhile, or its clock ran out: nothing to add
            // (a flag is settled and told by the clock task).
            Recorded::Changed(_) | Recorded::OutOfTime(_) => Ok(None),
        }
    }

    /// The game as it is now after a change lost a race: [`StoreError::BoardChanged`] carries
    /// it; [`StoreError::WrongStatus`] (the game ended meanwhile without a move, say by a
    /// resignation racing the winning move) means reading it again.
    pub(in crate::app) fn lost_race(&self, e: StoreError) -> Result<Game, AppError> {
        match e {
            StoreError::BoardChanged { current } => Ok(*current),
            StoreError::WrongStatus { game, .. } => self
                .store
                .game(game)?
                .ok_or(AppError::Store(StoreError::NoSuchGame(game))),
            other => Err(other.into()),
        }
    }

    /// "The board changed": the move lost a race; show the current board privately.
    pub(in crate::app) fn board_changed(&self, user: &User, game: &Game) -> Answer {
        self.private_board(user, game, msg!("game-board-changed").into(), false)
    }

    /// A button on an old board was pressed: say so and show the current board privately
    /// (with its buttons, so the player can go on from there).
    pub(in crate::app) fn out_of_date(&self, user: &User, game: &Game) -> Answer {
        // Where only the app is, the old board is brought up to date by the front end (the
        // board it has not shown there catches up).
        self.board_behind(game)?;
        self.private_board(user, game, msg!("game-out-of-date").into(), true)
    }

    /// The current board of `game`, shown to `user` only, pinging nobody.
    pub(in crate::app) fn private_board(
        &self,
        user: &User,
        game: &Game,
        text: Text,
        buttons: bool,
    ) -> Answer {
        let pos = self.position(game)?;
        let viewer = self.viewer(game, &pos, Some(user));
        let mut reply = self.board_reply_saying(game, &pos, None, viewer, text)?;
        reply.ephemeral = true;
        if !buttons || game.side_of(user.id).is_none() {
            reply.buttons.clear();
        }
        reply.mention = None;
        // Private: never reported as the game's board.
        if let Some(board) = reply.board.as_mut() {
            board.current = None;
        }
        Ok(reply.into())
    }
}

/// The side `user` played in `game` if the game ended because that side's clock ran out (or
/// its first move did not come in time).
fn ran_out(game: &Game, user: &User) -> Option<Side> {
    let side = game.side_of(user.id)?;
    match (game.status, game.reason) {
        (GameStatus::Finished, Some(ResultReason::OutOfTime)) if game.winner == Some(!side) => {
            Some(side)
        }
        (GameStatus::Aborted, Some(ResultReason::NoFirstMove))
            if game.clock.is_some_and(|c| c.in_grace(side)) =>
        {
            Some(side)
        }
        _ => None,
    }
}

/// The refusal of a move in a game that is over.
pub(super) fn over_text(game: &Game) -> Msg {
    msg!("game-over", game = game.id.to_string())
}
