//! Correspondence play over time: challenge expiry, reminders at half time and near the
//! deadline (of a time per move, or of a correspondence clock's bank), the overdue notice,
//! and abandonment; and, with them, what is due on live clocks. Everything due lives in the
//! store, so a restart neither loses nor repeats anything: [`App::tick`] does what is due
//! and marks it.

use crate::rules::Position;
use crate::store::{Duty, Game, GameEnd, GameStatus, Notify, Player, ResultReason};

use super::view::{mention, place_link, timestamp};
use super::{shown_board, App, AppError};
use super::{Destination, Notice, Reply};

impl App {
    /// Does everything due now (the front end calls this every minute or so, and at start)
    /// and returns the messages to send. A DM that Discord refuses should be reported with
    /// [`App::dm_failed`]; it is not retried.
    pub fn tick(&self) -> Result<Vec<Notice>, AppError> {
        let now = self.clock.now();
        let mut notices = Vec::new();
        for game in self.store.expire_challenges(now)? {
            let mut reply = Reply::public(format!(
                "The challenge of game {} expired unanswered.",
                game.id
            ));
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
                    let mut reply = Reply::public(format!(
                        "{mover_name}'s time in game {} ran out. {}, you may claim the win with `/bao claim`.",
                        game.id,
                        mention(waiting, "")
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
                let text = match self.rating_lines(&done)? {
                    Some(lines) => format!("It counts as a draw.\n{lines}"),
                    None => "No result is recorded.".to_string(),
                };
                let mut reply = Reply::public(format!(
                    "Game {} is abandoned: nobody acted for a whole move period after the deadline. {text}",
                    game.id
                ));
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

fn reminder_text(game: &Game, pos: &Position, duty: Duty) -> String {
    let bank = if game.clock.is_some() {
        " on your clock"
    } else {
        ""
    };
    let by = game
        .deadline
        .map(|d| format!(" by {}", timestamp(d)))
        .unwrap_or_default();
    let when = match duty {
        Duty::HalfTime => "Half of your time is gone",
        _ => "Your time is nearly up",
    };
    format!(
        "{when}{bank} in Bao game #{} in {} ({} to move{by}). Move with `/bao move <move> game:{}`, or see the board with `/bao board game:{}`.",
        game.id,
        place_link(&game.place),
        pos.turn().name(),
        game.id,
        game.id
    )
}
