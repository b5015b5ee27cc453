//! The daily puzzle in a server: `/bao-settings daily_puzzle #channel HOUR` (or `off`)
//! names the channel and the hour (UTC); from that hour each day [`App::tick`] posts the
//! day's puzzle there once, with a button that opens it privately for whoever presses it.
//! Each post is claimed in the store before it is sent, so a restart never posts a day twice,
//! and a tick any time later that day still posts it, so a restart does not skip the day.

use crate::app::picture_words;
use crate::i18n::{Msg, Text};
use crate::msg;
use crate::puzzles::collection;
use crate::puzzles::pick::{daily, day_of};
use crate::render::{board_text_words, RenderOptions};
use crate::store::UserId;
use crate::vocab::GameId;

use crate::app::buttons::{Action, ButtonId};
use crate::app::refusal::{refuse, Answer};
use crate::app::{App, AppError, Place, User};
use crate::app::{BoardView, Button, ButtonStyle, Destination, Notice, Reply};

/// The setting's name in `/bao-settings`.
pub(in crate::app) const DAILY_KEY: &str = "daily_puzzle";

/// How the setting is written.
fn daily_form() -> Msg {
    msg!("daily-form")
}

/// The channel a `daily_puzzle` setting's value names, if it is a valid setting (front ends
/// check they may post there before asking).
pub fn daily_puzzle_channel(value: &str) -> Option<u64> {
    read_daily(value).ok().flatten().map(|(channel, _)| channel)
}

/// Reads `#channel HOUR` (a channel mention or id, and an hour 0-23); `None` for `off`.
fn read_daily(value: &str) -> Result<Option<(u64, u32)>, Msg> {
    let words: Vec<&str> = value.split_whitespace().collect();
    if matches!(words.as_slice(), [w] if w.eq_ignore_ascii_case("off") || w.eq_ignore_ascii_case("default"))
    {
        return Ok(None);
    }
    let [channel, hour] = words.as_slice() else {
        return Err(daily_form());
    };
    let channel = channel
        .trim_start_matches("<#")
        .trim_end_matches('>')
        .parse::<u64>()
        .ok()
        .filter(|&c| c > 0)
        .ok_or_else(|| {
            msg!(
                "daily-not-a-channel",
                word = Text::typed(*channel),
                form = daily_form()
            )
        })?;
    let hour = hour
        .trim_end_matches(":00")
        .parse::<u32>()
        .ok()
        .filter(|h| *h < 24)
        .ok_or_else(|| {
            msg!(
                "daily-not-an-hour",
                word = Text::typed(*hour),
                form = daily_form()
            )
        })?;
    Ok(Some((channel, hour)))
}

impl App {
    /// `/bao-settings daily_puzzle ...` in `guild` (the caller may manage the server).
    pub(in crate::app) fn set_daily_puzzle(&self, user: &User, guild: u64, value: &str) -> Answer {
        let setting = read_daily(value).map_err(|e| refuse(Text::from(e).then(".")))?;
        self.store
            .set_daily_puzzle(guild, setting, UserId(user.id.0), self.clock.now())?;
        Ok(Reply::private(match setting {
            Some((channel, hour)) => msg!(
                "daily-set",
                channel = format!("<#{channel}>"),
                hour = format!("{hour:02}:00")
            ),
            None => msg!("daily-off"),
        })
        .into())
    }

    /// The daily puzzle setting of `guild`, as `/bao help topic:settings` shows it, when one is set.
    pub(in crate::app) fn daily_puzzle_shown(
        &self,
        guild: u64,
    ) -> Result<Option<String>, AppError> {
        Ok(self
            .store
            .daily_puzzle_settings()?
            .into_iter()
            .find(|s| s.guild == guild)
            .map(|s| {
                format!(
                    "`{DAILY_KEY}`: <#{}> at {:02}:00 UTC (`off` stops it)",
                    s.channel, s.hour
                )
            }))
    }

    /// The daily posts due at `now`: each server whose hour has come today and whose post of
    /// today is not yet claimed (claiming it here).
    pub(in crate::app) fn daily_puzzle_posts(
        &self,
        now: i64,
        notices: &mut Vec<Notice>,
    ) -> Result<(), AppError> {
        let day = day_of(now);
        let hour = (now.rem_euclid(86_400) / 3600) as u32;
        let Some(puzzle) = daily(collection(), day) else {
            return Ok(());
        };
        for s in self.store.daily_puzzle_settings()? {
            if hour < s.hour || !self.store.claim_daily_post(s.guild, day, &puzzle.id, now)? {
                continue;
            }
            let pos = puzzle.position;
            let place = Place::Channel {
                guild: s.guild,
                channel: s.channel,
            };
            // A public post: the server's language, its picture too.
            let lang = self.server_lang(&place)?;
            let opts = RenderOptions {
                viewer: puzzle.solver(),
                caption: Some(puzzle.goal_msg().render(lang)),
                words: picture_words(lang),
                ..RenderOptions::default()
            };
            let mut reply = Reply::public(msg!(
                "daily-post",
                rating = puzzle.rating.to_string(),
                goal = puzzle.goal_msg()
            ));
            reply.lang = Some(lang);
            let name = format!("puzzle-of-the-day-{day}");
            reply.board = Some(BoardView {
                current: None,
                picture: self.still_png(name, &pos, &opts),
                animation: None,
                text: Some(board_text_words(&pos, puzzle.solver(), None, &opts.words)),
            });
            reply.buttons = vec![vec![Button {
                id: ButtonId::new(Action::PuzzleDaily, GameId(day.max(1)), 0).to_string(),
                label: msg!("button-solve-it").render(lang),
                style: ButtonStyle::Primary,
            }]];
            notices.push(Notice {
                to: Destination::Place(place),
                user: UserId(0),
                game: GameId(0),
                reply,
            });
        }
        Ok(())
    }

    /// When the next daily post falls due (unix seconds), if any server has one set.
    pub(in crate::app) fn next_daily_post_at(&self, now: i64) -> Result<Option<i64>, AppError> {
        let day = day_of(now);
        let mut next: Option<i64> = None;
        for s in self.store.daily_puzzle_settings()? {
            let today = day * 86_400 + s.hour as i64 * 3600;
            let at = if today > now { today } else { today + 86_400 };
            next = Some(next.map_or(at, |n: i64| n.min(at)));
        }
        Ok(next)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_setting_reads_a_channel_and_an_hour() {
        assert_eq!(read_daily("<#123> 9"), Ok(Some((123, 9))));
        assert_eq!(read_daily("123 21:00"), Ok(Some((123, 21))));
        assert_eq!(read_daily("off"), Ok(None));
        assert!(read_daily("<#123> 24").is_err());
        assert!(read_daily("#general").is_err());
    }
}
