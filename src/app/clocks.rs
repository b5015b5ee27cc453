//! Game clocks as players see them: the clock line under every board (the running clock as
//! Discord's live countdown `<t:UNIX:R>`, the other as `4:32`), the clocks in the picture's
//! header, and the messages of the clock task: a result on time, a game aborted for a
//! missing first move, the one low-time ping, and the note that the bot was offline and the
//! clocks resume. Everything is worked out from the stored clock at the moment it is shown.

use crate::i18n::{words, Msg, Text};
use crate::msg;
use crate::render::ClockFaces;
use crate::rules::Side;
use crate::store::{ClockEvent, Game, GameStatus, Player, FIRST_MOVE_GRACE_MS, LOW_TIME_MS};
use crate::vocab::bank_text;

use super::view::mention;
use super::{shown_board, App, AppError, Destination, Notice, Reply};

/// Unix seconds of a moment in ms, rounded up (a flag at 12.3 s has not fallen at 12 s).
fn ceil_secs(ms: i64) -> i64 {
    (ms + 999).div_euclid(1000)
}

impl App {
    /// The clock line shown under a board of a clocked game at `now_ms`:
    /// `Clock 5+3: Asha (South) ▶ 4:55, out <t:…:R> · Baraka (North) 5:00`.
    pub(in crate::app) fn clock_line(&self, game: &Game, now_ms: i64) -> Option<Text> {
        let clock = game.clock?;
        let side_text = |side: Side| {
            let left = clock.left_ms(side, now_ms);
            let running = game.status == GameStatus::Active && clock.running == Some(side);
            let m: Msg = match (running, clock.in_grace(side)) {
                (true, true) => msg!(
                    "clock-side-grace",
                    at = ceil_secs(clock.since_ms + FIRST_MOVE_GRACE_MS).to_string()
                ),
                // A correspondence clock's end is the deadline the status line shows.
                (true, false) if !clock.control.is_live() => msg!("clock-side-running-bank"),
                (true, false) => msg!(
                    "clock-side-running",
                    at = ceil_secs(now_ms + left).to_string()
                ),
                (false, _) => msg!("clock-side"),
            };
            m.arg("name", self.side_name(game, side))
                .arg("side", words::side(side))
                .arg("left", bank_text(left))
        };
        Some(
            msg!(
                "clock-line",
                form = clock.control.form(),
                south = side_text(Side::South),
                north = side_text(Side::North)
            )
            .into(),
        )
    }

    /// Both clocks for the picture's header at `now_ms`, the running one marked.
    pub(in crate::app) fn clock_faces(&self, game: &Game, now_ms: i64) -> Option<ClockFaces> {
        let clock = game.clock?;
        let running = clock.running.filter(|_| game.status == GameStatus::Active);
        let left = Side::ALL.map(|s| clock.left_ms(s, now_ms));
        Some(ClockFaces {
            shown: left.map(bank_text),
            running,
            low: Side::ALL.map(|s| {
                clock.control.is_live() && !clock.in_grace(s) && left[s.index()] <= LOW_TIME_MS
            }),
        })
    }

    /// Settles what is due on live clocks now (flags, missing first moves, low-time pings)
    /// and returns the messages: the final board on time, the abort, the ping.
    pub fn settle_clocks(&self) -> Result<Vec<Notice>, AppError> {
        self.settle_clocks_at(self.clock.now_ms())
    }

    /// [`App::settle_clocks`] as of `at_ms` (the clock task settles a little after the
    /// moment, see [`super::clock_task::ARRIVAL_ALLOWANCE`]).
    pub fn settle_clocks_at(&self, at_ms: i64) -> Result<Vec<Notice>, AppError> {
        let events = self.store.settle_clocks(at_ms)?;
        let mut notices = Vec::new();
        for event in events {
            match event {
                ClockEvent::Flagged { game, side } => {
                    notices.extend(self.flag_notices(&game, side)?)
                }
                ClockEvent::NoFirstMove { game, side } => {
                    let mut reply = Reply::public(msg!(
                        "clock-no-first-move",
                        game = game.id.to_string(),
                        name = self.side_name(&game, side),
                        side = words::side(side),
                        minutes = FIRST_MOVE_GRACE_MS / 60_000
                    ));
                    reply.remove_buttons_of(shown_board(&game));
                    notices.push(self.place_notice(&game, side, reply));
                    notices.extend(self.thread_end(&game)?);
                }
                ClockEvent::LowTime { game, side } => {
                    let Some(Player::Human(id)) = game.player(side).cloned() else {
                        continue;
                    };
                    let now_ms = self.clock.now_ms();
                    let left = game.clock.map_or(0, |c| c.left_ms(side, now_ms));
                    let mut reply = Reply::public(msg!(
                        "clock-low-time",
                        id = id.to_string(),
                        left = bank_text(left),
                        game = game.id.to_string(),
                        at = ceil_secs(now_ms + left).to_string()
                    ));
                    reply.mention = Some(id);
                    notices.push(Notice {
                        to: Destination::Place(game.place),
                        user: id,
                        game: game.id,
                        reply,
                    });
                }
            }
        }
        // The clock task sends these itself: each in its recipient's language.
        self.localise_notices(&mut notices);
        Ok(notices)
    }

    /// The final board of a game lost on time by `side`, posted in its place.
    fn flag_notices(&self, game: &Game, side: Side) -> Result<Vec<Notice>, AppError> {
        let pos = self.position(game)?;
        let viewer = !side;
        let text = msg!("clock-ran-out", name = self.side_name(game, side));
        let mut reply = self.board_reply(game, &pos, None, viewer, text)?;
        reply.remove_buttons_of(shown_board(game));
        let mut notices = vec![self.place_notice(game, !side, reply)];
        notices.extend(self.thread_end(game)?);
        Ok(notices)
    }

    /// A notice in `game`'s place about `side`'s player (or the other player, when `side` is
    /// the AI).
    fn place_notice(&self, game: &Game, side: Side, reply: Reply) -> Notice {
        let user = game
            .player(side)
            .and_then(Player::user)
            .or_else(|| game.player(!side).and_then(Player::user))
            .unwrap_or(crate::store::UserId(0));
        Notice {
            to: Destination::Place(game.place),
            user,
            game: game.id,
            reply,
        }
    }

    /// At a start: gives the bot's downtime back to the running clocks and says so once in
    /// each game whose clock got time back ("the bot was offline for 3 minutes; clocks
    /// resume"), with the clocks as they now stand. Records a sign of life.
    pub fn resume_clocks(&self) -> Result<Vec<Notice>, AppError> {
        let now_ms = self.clock.now_ms();
        let Some(down) = self.store.resume_clocks(now_ms)? else {
            return Ok(Vec::new());
        };
        let mut notices = Vec::new();
        for (game, back) in down.games {
            if back < 1000 {
                continue;
            }
            let to_move = game.clock.and_then(|c| c.running).unwrap_or(Side::South);
            let who = game.player(to_move);
            let (said, id) = match who.and_then(Player::user) {
                Some(id) => (msg!("clock-offline-to", who = mention(who, "")), Some(id)),
                None => (msg!("clock-offline"), None),
            };
            let mut said = Text::from(
                said.arg("span", words::span(back.div_euclid(1000), false))
                    .arg("game", game.id.to_string()),
            );
            if let Some(line) = self.clock_line(&game, now_ms) {
                said.line(line);
            }
            let mut reply = Reply::public(said);
            reply.mention = id;
            notices.push(self.place_notice(&game, to_move, reply));
        }
        self.localise_notices(&mut notices);
        if !notices.is_empty() {
            tracing::info!(
                downtime_ms = down.gap_ms,
                games = notices.len(),
                "gave the downtime back to the running clocks"
            );
        }
        Ok(notices)
    }

    /// Records the bot's sign of life now (the clock task does, every few seconds).
    pub fn heartbeat(&self) -> Result<(), AppError> {
        self.store.heartbeat(self.clock.now_ms())?;
        Ok(())
    }

    /// When the next thing falls due on a live clock, unix ms.
    pub fn next_clock_due_ms(&self) -> Result<Option<i64>, AppError> {
        Ok(self.store.next_clock_due_ms()?)
    }

    /// Wakes the clock task: a clock changed (or a test moved the time).
    pub fn wake_clocks(&self) {
        self.clock_signal.ring();
    }
}
