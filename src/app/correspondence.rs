//! Correspondence play over time: challenge expiry, reminders at half time and near the
//! deadline (of a time per move, or of a correspondence clock's bank), the overdue notice,
//! and abandonment; and, with them, what is due on live clocks. Everything due lives in the
//! store, so a restart neither loses nor repeats anything: [`App::tick`] does what is due
//! and marks it.

use crate::i18n::{words, Msg, Text};
use crate::msg;
use crate::rules::Position;
use crate::store::{Duty, Game, GameEnd, GameStatus, Notify, Player, ResultReason};

use super::view::{mention, place_words, timestamp};
use super::{shown_board, App, AppError};
use super::{Destination, Notice, Reply};

impl App {
    /// Refreshes the database planner's statistics (the bot calls this every few hours, off
    /// the async runtime; see [`crate::store::Store::optimize`]).
    pub fn optimize_store(&self) -> Result<(), AppError> {
        Ok(self.store.optimize()?)
    }

    /// Does everything due now (the front end calls this every minute or so, and at start)
    /// and returns the messages to send. A DM that Discord refuses should be reported with
    /// [`App::dm_failed`]; it is not retried.
    pub fn tick(&self) -> Result<Vec<Notice>, AppError> {
        let now = self.clock.now();
        let mut notices = Vec::new();
        for game in self.store.expire_challenges(now)? {
            let mut reply =
                Reply::public(msg!("clock-challenge-expired", game = game.id.to_string()));
            reply.remove_buttons_of(shown_board(&game));
            if let Some(ch) = &game.challenge {
                notices.push(Notice {
                    to: Destination::Place(game.place),
                    user: ch.challenger,
                    game: game.id,
                    reply,
                });
            }
        }
        for game in self.store.games_due(now)? {
            if game.status != GameStatus::Active {
                continue;
            }
            for duty in game.duties_due(now) {
                // Reload: an earlier duty may have changed the game.
                let Some(current) = self.store.game(game.id)? else {
                    break;
                };
                if current.status != GameStatus::Active || current.ply != game.ply {
                    break;
                }
                self.do_duty(&current, duty, now, &mut notices)?;
            }
        }
        self.daily_puzzle_posts(now, &mut notices)?;
        notices.extend(self.event_tick(now)?);
        // Live clocks: the clock task settles them within a second; a tick (the console's
        // `/wait`, the correspondence loop) settles whatever it finds due as well.
        notices.extend(self.settle_clocks()?);
        // Made outside a request: each notice in its recipient's language (docs/i18n.md).
        self.localise_notices(&mut notices);
        Ok(notices)
    }

    /// [`App::next_tick_at`] to the millisecond, live clocks included: when [`App::tick`]
    /// next has something to do (unix ms).
    pub fn next_tick_at_ms(&self) -> Result<Option<i64>, AppError> {
        let rest = self.next_tick_at()?.map(|s| s.saturating_mul(1000));
        let clocks = self.store.next_clock_due_ms()?;
        Ok([rest, clocks].into_iter().flatten().min())
    }

    /// When [`App::tick`] next has something to do (unix seconds), if anything is scheduled
    /// (the daily puzzle's posts and the events' rounds and deadlines included).
    pub fn next_tick_at(&self) -> Result<Option<i64>, AppError> {
        let games = self.store.next_due_at()?;
        let daily = self.next_daily_post_at(self.clock.now())?;
        let events = self.store.next_event_due()?;
        Ok([games, daily, events].into_iter().flatten().min())
    }

    fn do_duty(
        &self,
        game: &Game,
        duty: Duty,
        now: i64,
        notices: &mut Vec<Notice>,
    ) -> Result<(), AppError> {
        let pos = self.position(game)?;
        let to_move = pos.turn();
        let mover = game.player(to_move);
        let mover_name = self.side_name(game, to_move);
        let waiting = game.player(!to_move);
        let mut reminded = false;
        match duty {
            Duty::HalfTime | Duty::LastCall => {
                if let Some(Player::Human(id)) = mover {
                    let profile = self.store.player(*id)?;
                    let wants = profile
                        .as_ref()
                        .is_none_or(|p| p.notify != Notify::Off && !p.dm_failed);
                    let under_cap =
                        game.reminders_sent_today(now) < self.settings.max_reminders_per_day;
                    if wants && under_cap {
                        reminded = true;
                        notices.push(Notice {
                            to: Destination::Dm(*id),
                            user: *id,
                            game: game.id,
                            reply: Reply::public(reminder_text(game, &pos, duty)),
                        });
                    }
                }
            }
            Duty::Overdue => {
                if let Some(Player::Human(id)) = waiting {
                    let mut reply = Reply::public(msg!(
                        "clock-overdue",
                        name = &mover_name,
                        game = game.id.to_string(),
                        who = mention(waiting, "")
                    ));
                    reply.mention = Some(*id);
                    notices.push(Notice {
                        to: Destination::Place(game.place),
                        user: *id,
                        game: game.id,
                        reply,
                    });
                }
            }
            Duty::Abandon => {
                let end = GameEnd {
                    winner: None,
                    reason: ResultReason::Abandoned,
                };
                let done = self.store.finish_game(game.id, game.ply, end, now)?;
                let lines = self.rating_lines(&done)?;
                let mut text = Text::from(msg!(
                    "clock-abandoned",
                    game = game.id.to_string(),
                    result = match lines {
                        Some(_) => msg!("clock-abandoned-draw"),
                        None => msg!("clock-no-result"),
                    }
                ));
                if let Some(lines) = lines {
                    text.line(lines);
                }
                let mut reply = Reply::public(text);
                reply.remove_buttons_of(shown_board(&done));
                if let Some(id) = mover.and_then(Player::user) {
                    notices.push(Notice {
                        to: Destination::Place(game.place),
                        user: id,
                        game: game.id,
                        reply,
                    });
                }
                notices.extend(self.thread_end(&done)?);
                return Ok(());
            }
        }
        self.store
            .mark_duty_done(game.id, game.ply, duty, reminded, now)?;
        Ok(())
    }
}

fn reminder_text(game: &Game, pos: &Position, duty: Duty) -> Msg {
    let bank = game.clock.is_some();
    let by: Text = game
        .deadline
        .map(|d| msg!("clock-reminder-by", when = timestamp(d)).into())
        .unwrap_or_default();
    let when = match (duty, bank) {
        (Duty::HalfTime, false) => msg!("clock-half-gone"),
        (Duty::HalfTime, true) => msg!("clock-half-gone-bank"),
        (_, false) => msg!("clock-nearly-up"),
        (_, true) => msg!("clock-nearly-up-bank"),
    };
    msg!(
        "clock-reminder",
        when = when,
        game = game.id.to_string(),
        place = place_words(&game.place),
        side = words::side(pos.turn()),
        by = by
    )
}
