//! Games in threads: where an accepted challenge's game is played, the thread the front end
//! opens for it (reported back as opened or failed), a thread holding one game, and the
//! result line in the parent channel when a game played in a thread ends.
//!
//! The app decides and the front end performs: accepting a challenge in thread placement
//! answers with a [`ThreadPlan`]; the front end opens the thread on the challenge message
//! and reports [`App::thread_opened`] (the game moves into the thread, whose board is then
//! posted there) or [`App::thread_failed`] (the game stays in the channel and the
//! challenger is told why, privately). Which thread a game lives in is stored, never guessed.

use crate::i18n::{Lang, Msg, Text};
use crate::msg;
use crate::rules::Side;
use crate::store::{Game, GameStatus, Player, StoreError};

use crate::app::view::place_words;
use crate::app::{App, AppError, GameId, Place};
use crate::app::{Destination, Effect, Notice, Reply, ThreadFailure, ThreadPlan, ThreadsHere};

/// Longest thread name Discord takes.
const THREAD_NAME_MAX: usize = 100;
/// Longest player name in a thread name.
const NAME_IN_THREAD_MAX: usize = 38;

/// `text` cut to at most `max` characters, with `…` when cut.
fn cut(text: &str, max: usize) -> String {
    match text.char_indices().nth(max.saturating_sub(1)) {
        Some((i, _)) if text.chars().count() > max => format!("{}…", text[..i].trim_end()),
        _ => text.to_string(),
    }
}

/// A game thread's name: `Asha vs Baraka · Bao la Kiswahili` (South first; long names cut
/// so the whole fits Discord's 100 characters).
pub(in crate::app) fn thread_name(
    south: &str,
    north: &str,
    variant: crate::rules::Variant,
) -> String {
    let name = format!(
        "{} vs {} · Bao la {}",
        cut(south, NAME_IN_THREAD_MAX),
        cut(north, NAME_IN_THREAD_MAX),
        super::challenge::capitalised(variant)
    );
    cut(&name, THREAD_NAME_MAX)
}

/// A game thread's name once the game is over: its name with `outcome` after it (`Asha vs
/// Baraka · Bao la Kiswahili · Baraka won`), the players' part cut so the outcome stays.
pub(in crate::app) fn ended_thread_name(
    south: &str,
    north: &str,
    variant: crate::rules::Variant,
    outcome: &str,
) -> String {
    let suffix = format!(" · {}", cut(outcome, NAME_IN_THREAD_MAX + 4));
    let room = THREAD_NAME_MAX.saturating_sub(suffix.chars().count());
    format!("{}{suffix}", cut(&thread_name(south, north, variant), room))
}

/// Why a game gets no thread, in words after "because" (`here` names the missing
/// permissions when the front end knows them).
pub(in crate::app) fn blocked_cause(why: ThreadFailure, here: ThreadsHere) -> Text {
    match (why, here.missing()) {
        (ThreadFailure::NoPermission, Some(names)) => msg!("threads-cause-missing", names = names),
        (ThreadFailure::NoPermission, None) => msg!("threads-cause-no-permission"),
        (ThreadFailure::NotHere, _) => msg!("threads-cause-not-here"),
        (ThreadFailure::Refused, _) => msg!("threads-cause-refused"),
    }
    .into()
}

/// What would give games here threads of their own again.
fn blocked_remedy(why: ThreadFailure, here: ThreadsHere) -> Msg {
    match (why, here.missing()) {
        (ThreadFailure::NoPermission, Some(names)) => {
            msg!("threads-remedy-missing", names = names)
        }
        (ThreadFailure::NoPermission, None) => msg!("threads-remedy-no-permission"),
        (ThreadFailure::NotHere, _) => msg!("threads-remedy-not-here"),
        (ThreadFailure::Refused, _) => msg!("threads-remedy-refused"),
    }
}

/// The game holding a channel, in words: what it is, and when the channel is free again.
fn held_words(existing: &Game) -> (Msg, Msg) {
    let game = existing.id.to_string();
    if existing.status == GameStatus::Pending {
        (
            msg!("threads-held-challenge", game = &game),
            msg!("threads-free-challenge", game = &game),
        )
    } else {
        (
            msg!("threads-held-game", game = &game),
            msg!("threads-free-game", game = &game),
        )
    }
}

/// The refusal of a challenge in a channel where games get no thread (`why`) and `existing`
/// holds the channel.
pub(in crate::app) fn challenge_held_text(
    existing: &Game,
    why: ThreadFailure,
    here: ThreadsHere,
) -> Text {
    let (held, _) = held_words(existing);
    msg!(
        "threads-challenge-held",
        held = held,
        cause = blocked_cause(why, here),
        game = existing.id.to_string(),
        remedy = blocked_remedy(why, here)
    )
    .into()
}

/// The refusal of an accept in a channel where games get no thread (`why`), held by
/// `existing` (`None`: it ended a moment ago): the challenge keeps waiting.
pub(in crate::app) fn accept_held_text(
    existing: Option<&Game>,
    why: ThreadFailure,
    here: ThreadsHere,
) -> Text {
    let (held, free) = existing
        .map(held_words)
        .unwrap_or_else(|| (msg!("threads-held-another"), msg!("threads-free-another")));
    msg!(
        "threads-accept-held",
        held = held,
        cause = blocked_cause(why, here),
        free = free,
        remedy = blocked_remedy(why, here)
    )
    .into()
}

impl App {
    /// The caller's ongoing games played in threads opened in `place` (a channel), as the
    /// private answer to `/bao {command}` given in the channel instead: a link to each.
    /// `None` when there are none.
    pub(in crate::app) fn games_in_threads_under(
        &self,
        user: &crate::app::User,
        place: &Place,
        command: &str,
    ) -> Result<Option<Text>, AppError> {
        let Place::Channel { guild, channel } = *place else {
            return Ok(None);
        };
        let games = self.store.games_in_threads_of(guild, channel, user.id)?;
        let against = |g: &Game| {
            g.side_of(user.id)
                .map(|side| self.side_name(g, !side))
                .unwrap_or_else(|| "?".into())
        };
        Ok(match games.as_slice() {
            [] => None,
            [g] => Some(
                msg!(
                    "threads-yours-one",
                    game = g.id.to_string(),
                    opponent = against(g),
                    link = place_words(&g.place),
                    command = command
                )
                .into(),
            ),
            several => {
                let mut text = Text::from(msg!("threads-yours-several", command = command));
                for g in several {
                    text.line(msg!(
                        "threads-yours-line",
                        game = g.id.to_string(),
                        opponent = against(g),
                        link = place_words(&g.place)
                    ));
                }
                Some(text)
            }
        })
    }

    /// Whether games accepted at `place` get a thread of their own, and if not why, for
    /// `/bao help topic:settings` (`thread_placement`: the server's placement is `thread`).
    pub(in crate::app) fn threads_line(
        &self,
        place: &Place,
        here: ThreadsHere,
        thread_placement: bool,
    ) -> Msg {
        if place.is_dm() || !self.settings.threads {
            return msg!("threads-line-no-front-end");
        }
        if !thread_placement {
            return msg!("threads-line-channel");
        }
        match here.blocker() {
            None => msg!("threads-line-yes"),
            Some(why) => msg!(
                "threads-line-blocked",
                cause = blocked_cause(why, here),
                remedy = blocked_remedy(why, here)
            ),
        }
    }

    /// The thread to open for `game`, just accepted, when it was challenged in thread
    /// placement (a stored fact), on its recorded challenge message. `None`: the game is
    /// played where it was challenged.
    pub(in crate::app) fn thread_plan(&self, game: &Game) -> Result<Option<ThreadPlan>, AppError> {
        if game.place.is_dm() || !self.store.waits_for_thread(game.id)? {
            return Ok(None);
        }
        let Some(message) = game.board_message else {
            // No message to open the thread on: the channel's own game, if it is free.
            self.store.keep_in_channel(game.id)?;
            return Ok(None);
        };
        Ok(Some(ThreadPlan {
            game: game.id,
            parent: game.place,
            message,
            name: thread_name(
                &self.side_name(game, Side::South),
                &self.side_name(game, Side::North),
                game.variant,
            ),
        }))
    }

    /// The refusal of a second challenge between the same two people waiting in `place`.
    pub(in crate::app) fn same_challenge_waiting(
        &self,
        place: &Place,
        user: &crate::app::User,
        opponent: &crate::app::User,
    ) -> Result<Option<Reply>, AppError> {
        let waiting = self.store.games_waiting_in(place)?;
        Ok(waiting
            .iter()
            .find(|g| {
                g.status == GameStatus::Pending && g.involves(user.id) && g.involves(opponent.id)
            })
            .map(|g| {
                Reply::private(msg!(
                    "threads-same-challenge",
                    opponent = Text::name(&opponent.name),
                    game = g.id.to_string()
                ))
            }))
    }

    /// The refusal of a new game inside a game's thread: a thread holds one game.
    pub(in crate::app) fn thread_refusal(&self, place: &Place) -> Result<Option<Reply>, AppError> {
        let Place::Channel { channel, .. } = *place else {
            return Ok(None);
        };
        Ok(self.store.thread_game(channel)?.map(|t| {
            Reply::private(msg!(
                "threads-one-game",
                game = t.game.to_string(),
                parent = t.parent.to_string()
            ))
        }))
    }

    /// After a restart: the games accepted (or paired in an event) before this app started
    /// whose thread never opened, each announced in its channel with the thread to open on its own
    /// (the message it would have opened on may be long gone). The front end sends these
    /// once, when it starts.
    pub fn threads_left_unopened(&self) -> Result<Vec<Notice>, AppError> {
        let mut notices = Vec::new();
        for game in self.store.games_without_their_thread(self.started)? {
            let (south, north) = (
                self.side_name(&game, Side::South),
                self.side_name(&game, Side::North),
            );
            let mut reply = Reply::public(msg!(
                "threads-goes-on",
                game = game.id.to_string(),
                south = &south,
                north = &north
            ));
            // Sent when the front end starts, outside a command: the server's language.
            reply.lang = Some(self.server_lang(&game.place)?);
            reply.effects.push(Effect::OpenThread(ThreadPlan {
                game: game.id,
                parent: game.place,
                message: 0,
                name: thread_name(&south, &north, game.variant),
            }));
            let user = match game.south {
                Some(Player::Human(u)) => u,
                _ => crate::app::UserId(0),
            };
            notices.push(Notice {
                to: Destination::Place(game.place),
                user,
                game: game.id,
                reply,
            });
        }
        Ok(notices)
    }

    /// The front end opened `thread` for `game` (see [`ThreadPlan`]): the game moves into it,
    /// and its board goes there. Returns the messages to send (the board in the thread, turn
    /// notices); nothing when the game is no longer waiting for a thread.
    pub fn thread_opened(&self, game: GameId, thread: u64) -> Result<Vec<Notice>, AppError> {
        let game = match self.store.move_to_thread(game, thread) {
            Ok(g) => g,
            // It ended (or moved) meanwhile: the thread stays empty.
            Err(StoreError::WrongStatus { .. }) => return Ok(Vec::new()),
            Err(e) => return Err(e.into()),
        };
        // The board in the thread, public: the server's language.
        let lang = self.server_lang(&game.place)?;
        let text = msg!(
            "threads-opened",
            game = game.id.to_string(),
            south = self.side_name(&game, Side::South),
            north = self.side_name(&game, Side::North)
        );
        self.board_notices(&game, &text, lang)
    }

    /// The front end did not open the thread for `game` (`why`): the game is played in its
    /// channel, and the challenger is told why, privately (once, by DM). Nothing happens
    /// unless the game is still waiting for its thread.
    pub fn thread_failed(&self, game: GameId, why: ThreadFailure) -> Result<Vec<Notice>, AppError> {
        let Some(game) = self.store.game(game)? else {
            return Ok(Vec::new());
        };
        let waiting = game.status == GameStatus::Active && self.store.waits_for_thread(game.id)?;
        if !waiting || self.store.game_thread(game.id)?.is_some() {
            return Ok(Vec::new());
        }
        // It becomes the channel's own game (the stored fact that it was told), unless the
        // channel already holds one: it is never placed beside it.
        if !self.store.keep_in_channel(game.id)? {
            return self.not_placed(&game, why);
        }
        self.played_in_channel(&game, why)
    }

    /// The messages for `game`, accepted in thread placement, played in its channel after
    /// all (`why`): the board there, and the challenger's private notice (once, by DM).
    pub(in crate::app) fn played_in_channel(
        &self,
        game: &Game,
        why: ThreadFailure,
    ) -> Result<Vec<Notice>, AppError> {
        let lang = self.server_lang(&game.place)?;
        let text = msg!(
            "threads-played-here",
            game = game.id.to_string(),
            south = self.side_name(game, Side::South),
            north = self.side_name(game, Side::North)
        );
        let mut notices = self.board_notices(game, &text, lang)?;
        let Some(challenger) = game.challenge.as_ref().map(|c| c.challenger) else {
            return Ok(notices);
        };
        // Where only the app is (no thread is ever possible there), nothing needs saying.
        let reachable = !matches!(self.store.player(challenger)?, Some(p) if p.dm_failed)
            && !self.answers_only(&game.place)?;
        if reachable {
            let (cause, remedy) = match why {
                ThreadFailure::NoPermission => (
                    msg!("threads-dm-cause-no-permission"),
                    msg!("threads-dm-remedy-no-permission"),
                ),
                ThreadFailure::NotHere => (
                    msg!("threads-dm-cause-not-here"),
                    msg!("threads-dm-remedy-not-here"),
                ),
                ThreadFailure::Refused => (
                    msg!("threads-dm-cause-refused"),
                    msg!("threads-dm-remedy-refused"),
                ),
            };
            let to = Destination::Dm(challenger);
            let mut reply = Reply::public(msg!(
                "threads-played-in-channel",
                game = game.id.to_string(),
                link = place_words(&game.place),
                cause = cause,
                remedy = remedy
            ));
            // The front end reports a failed thread outside a command: its recipient's.
            reply.lang = Some(self.notice_lang(&to, &game.place)?);
            notices.push(Notice {
                to,
                user: challenger,
                game: game.id,
                reply,
            });
        }
        Ok(notices)
    }

    /// `game` was accepted for a thread that could not be opened (`why`), and its channel
    /// already holds another game: it is aborted before its first move (nothing was played
    /// or shown), and the channel told why, publicly, where the accept was answered.
    fn not_placed(&self, game: &Game, why: ThreadFailure) -> Result<Vec<Notice>, AppError> {
        let held = self.store.game_in(&game.place)?;
        let game = match self.store.abort_game(game.id, game.ply, self.clock.now()) {
            Ok(g) => g,
            // It changed meanwhile (ended, or moved on): nothing more to say.
            Err(e) if e.is_stale() => return Ok(Vec::new()),
            Err(e) => return Err(e.into()),
        };
        let held = held.map_or_else(
            || msg!("threads-another-game"),
            |h| msg!("threads-the-game", game = h.id.to_string()),
        );
        let user = game
            .challenge
            .as_ref()
            .map_or(crate::app::UserId(0), |c| c.challenger);
        let mut reply = Reply::public(msg!(
            "threads-not-placed",
            game = game.id.to_string(),
            south = self.side_name(&game, Side::South),
            north = self.side_name(&game, Side::North),
            cause = blocked_cause(why, ThreadsHere::default()),
            held = held
        ));
        reply.lang = Some(self.server_lang(&game.place)?);
        Ok(vec![Notice {
            to: Destination::Place(game.place),
            user,
            game: game.id,
            reply,
        }])
    }

    /// The board of `game` posted in its place (with its buttons once recorded), and the
    /// turn notices.
    fn board_notices(&self, game: &Game, text: &Msg, lang: Lang) -> Result<Vec<Notice>, AppError> {
        let pos = self.position(game)?;
        let viewer = self.viewer(game, &pos, None);
        let mut reply = self.board_reply(game, &pos, None, viewer, text.render(lang))?;
        reply.lang = Some(lang);
        let user = match game.player(pos.turn()) {
            Some(Player::Human(id)) => *id,
            _ => game
                .challenge
                .as_ref()
                .map_or(crate::app::UserId(0), |c| c.challenger),
        };
        let mut notices = vec![Notice {
            to: Destination::Place(game.place),
            user,
            game: game.id,
            reply,
        }];
        notices.extend(self.turn_notices(game, &pos));
        Ok(notices)
    }

    /// When `game` has just ended: the one-line result for the parent channel when it was
    /// played in a thread of its own (the thread is then archived), and, for an event's
    /// game, what its event does next (`tournament_rounds.rs`).
    pub(in crate::app) fn thread_end(&self, game: &Game) -> Result<Vec<Notice>, AppError> {
        let mut notices: Vec<Notice> = self.thread_result(game)?.into_iter().collect();
        notices.extend(self.event_game_ended(game)?);
        Ok(notices)
    }

    /// The one-line result of a game played in a thread of its own, for the parent channel.
    fn thread_result(&self, game: &Game) -> Result<Option<Notice>, AppError> {
        if game.status.is_ongoing() {
            return Ok(None);
        }
        let (Some(t), Place::Channel { guild, .. }) =
            (self.store.game_thread(game.id)?, game.place)
        else {
            return Ok(None);
        };
        let (south, north) = (
            self.side_name(game, Side::South),
            self.side_name(game, Side::North),
        );
        let reason: Text = game
            .reason
            .map_or_else(|| "?".into(), |r| crate::app::view::reason_words(r).into());
        // The parent channel's line, and the few words the thread's new name ends with.
        let (result, outcome) = match (game.status, game.winner) {
            (GameStatus::Finished, Some(w)) => {
                let winner = self.side_name(game, w);
                (
                    msg!(
                        "threads-result-beat",
                        winner = &winner,
                        side = crate::i18n::words::side(w),
                        loser = self.side_name(game, !w),
                        reason = reason
                    ),
                    msg!("threads-outcome-won", winner = &winner),
                )
            }
            (GameStatus::Finished, None) => (
                msg!(
                    "threads-result-no-winner",
                    south = &south,
                    north = &north,
                    reason = reason
                ),
                msg!("threads-outcome-no-winner"),
            ),
            _ => (
                msg!(
                    "threads-result-stopped",
                    south = &south,
                    north = &north,
                    reason = reason
                ),
                msg!("threads-outcome-stopped"),
            ),
        };
        let user = game
            .challenge
            .as_ref()
            .map_or(crate::app::UserId(0), |c| c.challenger);
        let parent = Place::Channel {
            guild,
            channel: t.parent,
        };
        // The parent channel's line and the thread's name: the server's language (the clock
        // ends games outside a command too).
        let lang = self.server_lang(&parent)?;
        let mut reply = Reply::public(msg!(
            "threads-result",
            game = game.id.to_string(),
            link = place_words(&game.place),
            result = result,
            plies = game.ply
        ))
        .with(Effect::ArchiveThread {
            thread: game.place,
            name: ended_thread_name(&south, &north, game.variant, &outcome.render(lang)),
        });
        reply.lang = Some(lang);
        Ok(Some(Notice {
            to: Destination::Place(parent),
            user,
            game: game.id,
            reply,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Variant;

    #[test]
    fn thread_names_fit_discord() {
        assert_eq!(
            thread_name("Asha", "Baraka", Variant::Kiswahili),
            "Asha vs Baraka · Bao la Kiswahili"
        );
        let long = "x".repeat(300);
        let name = thread_name(&long, &long, Variant::Kujifunza);
        assert!(name.chars().count() <= THREAD_NAME_MAX, "{name}");
        assert!(name.ends_with("· Bao la Kujifunza"), "{name}");
        assert!(name.contains("…"), "{name}");
    }

    #[test]
    fn ended_thread_names_keep_the_outcome_and_fit_discord() {
        assert_eq!(
            ended_thread_name("Asha", "Baraka", Variant::Kiswahili, "Baraka won"),
            "Asha vs Baraka · Bao la Kiswahili · Baraka won"
        );
        let long = "x".repeat(300);
        let won = format!("{long} won");
        let name = ended_thread_name(&long, &long, Variant::Kujifunza, &won);
        assert!(name.chars().count() <= THREAD_NAME_MAX, "{name}");
        assert!(name.starts_with("xxx"), "{name}");
        assert!(name.contains(" · x"), "the outcome is kept: {name}");
        let stopped = ended_thread_name(&long, &long, Variant::Kiswahili, "stopped");
        assert!(stopped.chars().count() <= THREAD_NAME_MAX, "{stopped}");
        assert!(stopped.ends_with("… · stopped"), "{stopped}");
    }
}
