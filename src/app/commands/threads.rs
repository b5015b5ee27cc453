//! Games in threads: where an accepted challenge's game is played, the thread the front end
//! opens for it (reported back as opened or failed), a thread holding one game, and the
//! result line in the parent channel when a game played in a thread ends.
//!
//! The app decides and the front end performs: accepting a challenge in thread placement
//! answers with a [`ThreadPlan`]; the front end opens the thread on the challenge message
//! and reports [`App::thread_opened`] (the game moves into the thread, whose board is then
//! posted there) or [`App::thread_failed`] (the game stays in the channel and the
//! challenger is told why, privately). Which thread a game lives in is stored, never guessed.

use crate::rules::Side;
use crate::store::{Game, GameStatus, Player, StoreError};

use crate::app::view::place_link;
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
pub(in crate::app) fn blocked_cause(why: ThreadFailure, here: ThreadsHere) -> String {
    match (why, here.missing()) {
        (ThreadFailure::NoPermission, Some(names)) => {
            format!("the bot lacks the {names} permission in this channel")
        }
        (ThreadFailure::NoPermission, None) => {
            "the bot lacks the Create Public Threads or Send Messages in Threads permission in this channel".into()
        }
        (ThreadFailure::NotHere, _) => "this kind of channel cannot hold threads".into(),
        (ThreadFailure::Refused, _) => "Discord refused to open a thread here".into(),
    }
}

/// What would give games here threads of their own again.
fn blocked_remedy(why: ThreadFailure, here: ThreadsHere) -> String {
    match (why, here.missing()) {
        (ThreadFailure::NoPermission, Some(names)) => {
            format!("ask a server admin to give the bot {names} in this channel")
        }
        (ThreadFailure::NoPermission, None) => {
            "ask a server admin to give the bot Create Public Threads and Send Messages in Threads in this channel".into()
        }
        (ThreadFailure::NotHere, _) => {
            "play in a text channel, where each game gets a thread of its own".into()
        }
        (ThreadFailure::Refused, _) => {
            "ask a server admin to check the bot's thread permissions in this channel".into()
        }
    }
}

/// The game holding a channel, in words: what it is, and when the channel is free again.
fn held_words(existing: &Game) -> (String, String) {
    if existing.status == GameStatus::Pending {
        (
            format!("Challenge {} is waiting in this channel", existing.id),
            format!("once challenge {} is answered", existing.id),
        )
    } else {
        (
            format!("Game {} is being played in this channel", existing.id),
            format!("once game {} is over", existing.id),
        )
    }
}

/// The refusal of a challenge in a channel where games get no thread (`why`) and `existing`
/// holds the channel.
pub(in crate::app) fn challenge_held_text(
    existing: &Game,
    why: ThreadFailure,
    here: ThreadsHere,
) -> String {
    let (held, _) = held_words(existing);
    format!(
        "{held}, and games here get no thread of their own ({}), so this channel holds one game at a time. Finish game {} first (or challenge in another channel), or {}.",
        blocked_cause(why, here),
        existing.id,
        blocked_remedy(why, here)
    )
}

/// The refusal of an accept in a channel where games get no thread (`why`), held by
/// `existing` (`None`: it ended a moment ago): the challenge keeps waiting.
pub(in crate::app) fn accept_held_text(
    existing: Option<&Game>,
    why: ThreadFailure,
    here: ThreadsHere,
) -> String {
    let (held, free) = existing.map(held_words).unwrap_or_else(|| {
        (
            "Another game holds this channel".into(),
            "once it is over".into(),
        )
    });
    format!(
        "{held}, and your game cannot get a thread of its own here ({}), so it cannot start: without threads a channel holds one game at a time. The challenge keeps waiting: accept it {free}, or {}.",
        blocked_cause(why, here),
        blocked_remedy(why, here)
    )
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
    ) -> Result<Option<String>, AppError> {
        let Place::Channel { guild, channel } = *place else {
            return Ok(None);
        };
        let games = self.store.games_in_threads_of(guild, channel, user.id)?;
        let against = |g: &Game| {
            g.side_of(user.id)
                .map(|side| self.side_name(g, !side))
                .unwrap_or_else(|| "?".into())
        };
        let line = |g: &Game| {
            format!(
                "game {} against {}: {}",
                g.id,
                against(g),
                place_link(&g.place)
            )
        };
        Ok(match games.as_slice() {
            [] => None,
            [g] => Some(format!(
                "Your game {} against {} is played in its own thread, {}, not in this channel: give `/bao {command}` there.",
                g.id,
                against(g),
                place_link(&g.place)
            )),
            several => Some(format!(
                "Your games here are played in threads of their own, not in this channel: give `/bao {command}` in the game's thread.\n{}",
                several
                    .iter()
                    .map(|g| format!("- {}", line(g)))
                    .collect::<Vec<_>>()
                    .join("\n")
            )),
        })
    }

    /// Whether games accepted at `place` get a thread of their own, and if not why, for
    /// `/bao help topic:settings` (`thread_placement`: the server's placement is `thread`).
    pub(in crate::app) fn threads_line(
        &self,
        place: &Place,
        here: ThreadsHere,
        thread_placement: bool,
    ) -> String {
        let no = "Games in this channel get threads: **no**";
        if place.is_dm() || !self.settings.threads {
            return format!("{no} (this front end cannot open threads).");
        }
        if !thread_placement {
            return format!("{no}: placement is `channel`, so each game is played in the channel it was challenged in, one at a time.");
        }
        match here.blocker() {
            None => "Games in this channel get threads: **yes**, each accepted challenge is played in a thread of its own.".into(),
            Some(why) => format!(
                "{no}: {}, so games are played in this channel itself, one at a time. To change that, {}.",
                blocked_cause(why, here),
                blocked_remedy(why, here)
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
                Reply::private(format!(
                    "A challenge between you and {} is already waiting here (game {}); it must be accepted, declined or withdrawn first.",
                    opponent.name, g.id
                ))
            }))
    }

    /// The refusal of a new game inside a game's thread: a thread holds one game.
    pub(in crate::app) fn thread_refusal(&self, place: &Place) -> Result<Option<Reply>, AppError> {
        let Place::Channel { channel, .. } = *place else {
            return Ok(None);
        };
        Ok(self.store.thread_game(channel)?.map(|t| {
            Reply::private(format!(
                "This thread belongs to game {}: a thread holds one game. Start a new game in <#{}> instead (in thread placement it gets a thread of its own).",
                t.game, t.parent
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
            let mut reply = Reply::public(format!(
                "Game {}: {south} (South) vs {north} (North) goes on in a thread of its own.",
                game.id
            ));
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
        let text = format!(
            "Game {}: {} (South) vs {} (North).",
            game.id,
            self.side_name(&game, Side::South),
            self.side_name(&game, Side::North)
        );
        self.board_notices(&game, &text)
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
        let text = format!(
            "Game {} is played here: {} (South) vs {} (North).",
            game.id,
            self.side_name(game, Side::South),
            self.side_name(game, Side::North)
        );
        let mut notices = self.board_notices(game, &text)?;
        let Some(challenger) = game.challenge.as_ref().map(|c| c.challenger) else {
            return Ok(notices);
        };
        let reachable = !matches!(self.store.player(challenger)?, Some(p) if p.dm_failed);
        if reachable {
            let (cause, remedy) = match why {
                ThreadFailure::NoPermission => (
                    "the bot lacks the Create Public Threads or Send Messages in Threads permission there",
                    "A server manager can grant the permissions, or choose `/bao-settings placement channel`.",
                ),
                ThreadFailure::NotHere => (
                    "that channel cannot hold a thread for it",
                    "Games challenged in a text channel get threads of their own.",
                ),
                ThreadFailure::Refused => (
                    "Discord refused to open the thread",
                    "A server manager can check the bot's thread permissions there, or choose `/bao-settings placement channel`.",
                ),
            };
            notices.push(Notice {
                to: Destination::Dm(challenger),
                user: challenger,
                game: game.id,
                reply: Reply::public(format!(
                    "Your game {} is played in {} itself, not in a thread of its own: {cause}. {remedy}",
                    game.id,
                    place_link(&game.place)
                )),
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
        let held = held.map_or_else(|| "another game".to_string(), |h| format!("game {}", h.id));
        let user = game
            .challenge
            .as_ref()
            .map_or(crate::app::UserId(0), |c| c.challenger);
        Ok(vec![Notice {
            to: Destination::Place(game.place),
            user,
            game: game.id,
            reply: Reply::public(format!(
                "Game {} between {} and {} cannot start after all: {}, and this channel already holds {held}; without threads a channel holds one game at a time. Nothing was played and no result is recorded: challenge again once {held} is over.",
                game.id,
                self.side_name(&game, Side::South),
                self.side_name(&game, Side::North),
                blocked_cause(why, ThreadsHere::default()),
            )),
        }])
    }

    /// The board of `game` posted in its place (with its buttons once recorded), and the
    /// turn notices.
    fn board_notices(&self, game: &Game, text: &str) -> Result<Vec<Notice>, AppError> {
        let pos = self.position(game)?;
        let viewer = self.viewer(game, &pos, None);
        let reply = self.board_reply(game, &pos, None, viewer, text)?;
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
        let reason = game.reason.map(|r| r.words()).unwrap_or_else(|| "?".into());
        // The parent channel's line, and the few words the thread's new name ends with.
        let (result, outcome) = match (game.status, game.winner) {
            (GameStatus::Finished, Some(w)) => {
                let winner = self.side_name(game, w);
                (
                    format!(
                        "{winner} ({}) beat {} ({reason})",
                        w.name(),
                        self.side_name(game, !w)
                    ),
                    format!("{winner} won"),
                )
            }
            (GameStatus::Finished, None) => (
                format!("{south} and {north} finished without a winner ({reason})"),
                "no winner".to_string(),
            ),
            _ => (
                format!("{south} vs {north} was stopped without a result ({reason})"),
                "stopped".to_string(),
            ),
        };
        let user = game
            .challenge
            .as_ref()
            .map_or(crate::app::UserId(0), |c| c.challenger);
        Ok(Some(Notice {
            to: Destination::Place(Place::Channel {
                guild,
                channel: t.parent,
            }),
            user,
            game: game.id,
            reply: Reply::public(format!(
                "Game {} in {}: {result}, after {} moves.",
                game.id,
                place_link(&game.place),
                game.ply
            ))
            .with(Effect::ArchiveThread {
                thread: game.place,
                name: ended_thread_name(&south, &north, game.variant, &outcome),
            }),
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
