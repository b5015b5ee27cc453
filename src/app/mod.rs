//! The bot's conversation, transport-free: (user, place, command) in, plain replies out.
//!
//! Discord (`src/discord/`) and the terminal (`src/console/`) are thin front ends over
//! [`App`]: they turn what people do into a [`Command`] or a button id, call [`App::handle`]
//! or [`App::press`] (the Discord adapter through the [`Conversation`] trait, so that its
//! tests can put a scripted stand-in in the app's place), and deliver the [`Response`].
//! Everything here is blocking (SQLite, AI search, rendering): async front ends call it
//! from `spawn_blocking`. AI searches are capped by [`Settings::max_concurrent_searches`] so
//! many AI games never starve other commands.
//!
//! Where types live: the conversation's own types (commands, replies, buttons, notices,
//! users) are in `types.rs` and `buttons.rs`; the vocabulary it shares with the store (game
//! and user ids, places, stated choices) is defined in [`crate::vocab`] and re-exported here,
//! together with the rules' [`Variant`] and the AI's [`Level`]. A front end names only
//! `crate::app` items, never `crate::store`.
//!
//! One path for every command: a typed command and a pressed button (read strictly by
//! [`ButtonId`]) go through the same lookup of the game (privacy of DM games, players only
//! where it matters) and the same command code; a press is also refused when its board is
//! out of date.

mod activity;
mod ai_pool;
mod app_only;
mod buttons;
mod clock_task;
mod clocks;
mod commands;
mod conversation;
mod correspondence;
mod ladder;
mod lookup;
mod parse;
mod picture_cache;
mod picture_words;
mod play_link;
mod refusal;
mod reply;
mod suggest;
mod table;
mod time;
mod tournament_ask;
mod types;
mod view;
mod web_event;
mod web_files;
mod web_link;
mod web_play;
mod web_view;

// The command families' files, under their short names for the rest of the app.
use commands::{analysis, challenge, ratings, settings};

use std::sync::{Arc, Mutex, OnceLock};

use crate::rules::{Position, Side};
use crate::store::{Game, Player, Store, StoreError};
use refusal::{refuse, Answer, Halt};

pub use crate::ai::Level;
pub use crate::i18n::{Lang, Msg, Text};
pub use crate::puzzles::Theme;
/// The largest attachment Discord takes (10 MiB); the app's GIFs never exceed it.
pub use crate::render::{stone_spots, MAX_GIF_BYTES};
pub use crate::rules::{RuleSet, Variant};
pub use crate::vocab::{
    bank_text, presets_text, ClockKind, TimeControl, TimeControlError, PRESETS,
};
pub use crate::vocab::{GameId, Notify, Orientation, Place, SideChoice, UserId};
pub use activity::{
    ActivityAi, ActivityChannel, ActivityDiscord, ActivityGame, ActivityOpen, Instance, Pending,
    SignInError, SignedIn, ACTIVITY_BUTTON,
};
pub use buttons::{Action, ButtonId, Freshness, InvalidButton, Stale};
pub use clock_task::{run_clocks, ClockSignal, ARRIVAL_ALLOWANCE, HEARTBEAT_EVERY};
pub use commands::daily_puzzle_channel;
pub use commands::language::language_choice;
pub use conversation::Conversation;
pub use parse::{amount_of_time, game_option, on_off, read_time_per_move, time_per_move};
pub use picture_cache::{
    CacheFigures, Coding, Picture, PictureCache, PictureKey, DEFAULT_PICTURE_CACHE_BYTES,
};
pub use picture_words::picture_words;
pub use ratings::{change_words, signed};
pub use reply::{
    Attachment, BoardView, Button, ButtonStyle, Destination, Effect, Notice, Reply, Response,
    ThreadPlan,
};
pub use table::{command_info, subcommands, CommandInfo, COMMANDS};
pub use time::{Clock, ManualClock, SystemClock};
pub use tournament_ask::{NewEventAsk, TournamentAction, TournamentAsk};
pub use types::{
    Command, LessonPress, PrefsChange, PuzzlePress, RatingScope, Settings, Subject, ThreadFailure,
    ThreadsHere, User, DEFAULT_RENDER_QUEUE_LIMIT,
};
pub use view::utc;
pub use web_event::{Cell, EventPage, PairingView, RoundView};
pub use web_files::WebFile;
pub use web_link::{Visibility, WebKey};
pub use web_play::{
    PitMoves, PlayAction, PlayAnswer, PlayMove, PlayOutcome, PlayReply, PlayRequest, PlayState,
};
pub use web_view::{
    pit_order, AnalysisView, GameData, GamePage, Marks, MoveMark, PageClocks, PagePlayer, PlyView,
};

/// The answer to a button id that is not one of the bot's well-formed ids.
pub const INVALID_BUTTON: crate::i18n::Msg = crate::i18n::Msg::new("errors-invalid-button");

/// For how long (seconds) an acting command in a place is taken to be about the caller's
/// game that ended there, rather than about no game.
const JUST_ENDED: i64 = 3600;

/// How many lost races in a row one command answers again before it gives up.
const MAX_LOST_RACES: u32 = 3;

/// The answer when a command kept losing races (the game changes faster than it can act).
const BUSY_GAME: crate::i18n::Msg = crate::i18n::Msg::new("errors-busy-game");

/// Who asked, where, whether a game's thread can be opened there, and when the request
/// arrived (unix ms; a move's time on its clock), if the front end knows.
#[derive(Debug, Clone, Copy)]
struct Asked<'a> {
    user: &'a User,
    place: &'a Place,
    here: ThreadsHere,
    arrived_ms: Option<i64>,
}

/// What failed inside the bot (not the user's mistake): the front end logs it and tells the
/// user that something went wrong.
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// A picture could not be drawn.
    #[error(transparent)]
    Render(#[from] crate::render::PoolError),
    /// A stored position could not be read back.
    #[error("game {game}: stored position is unreadable: {detail}")]
    Corrupt {
        /// The game.
        game: GameId,
        /// What was wrong.
        detail: String,
    },
}

/// Which of a caller's games in a place an acting command is for, when several may be
/// there (challenges waiting for their threads beside the channel's own game).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Want {
    /// A challenge to answer.
    Pending,
    /// A game under way.
    Active,
    /// Either.
    Any,
}

impl Want {
    fn of(command: &Command) -> Want {
        match command {
            Command::Accept | Command::Decline => Want::Pending,
            Command::Abort => Want::Any,
            _ => Want::Active,
        }
    }

    fn fits(self, game: &Game) -> bool {
        match self {
            Want::Pending => game.status == crate::store::GameStatus::Pending,
            Want::Active => game.status == crate::store::GameStatus::Active,
            Want::Any => true,
        }
    }
}

/// The message showing `game`'s board (or challenge), with the place it is in.
fn shown_board(game: &Game) -> Option<(Place, u64)> {
    game.board_message.map(|m| (game.place, m))
}

/// An exercise `/bao move` may answer instead of a game.
enum Exercise {
    /// An open puzzle attempt.
    Puzzle(crate::store::PuzzleAttempt),
    /// An open lesson.
    Lesson(crate::store::OpenLesson),
}

/// The conversation over one store.
pub struct App {
    store: Arc<Store>,
    clock: Arc<dyn Clock>,
    settings: Settings,
    ai: ai_pool::AiPool,
    /// Where every picture and animation is drawn: a bounded pool of workers.
    pictures: crate::render::Pictures,
    /// Finished games' pictures, drawn once (shared with the web pages in one process).
    picture_cache: Arc<PictureCache>,
    /// Users whose replay is being drawn (one at a time each).
    replays: analysis::Running,
    /// When the app started, unix seconds (for `/bao help topic:about`).
    started: i64,
    /// Users whose analysis is under way (one at a time each).
    analyses: analysis::Running,
    /// The key of the web pages' private links, once read (or written).
    web_key: OnceLock<WebKey>,
    /// Channels this process has recorded as public ([`Settings::public_channels`]).
    public_seen: Mutex<std::collections::HashSet<u64>>,
    /// What this process last recorded of each channel's visibility ([`App::channel_seen`]).
    visibility_seen: Mutex<std::collections::HashMap<u64, bool>>,
    /// Rung when a clock changes (a move stored, a game started), so that the clock task
    /// looks again at what falls due.
    clock_signal: Arc<ClockSignal>,
}

impl std::fmt::Debug for App {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("App")
            .field("store", &self.store)
            .field("settings", &self.settings)
            .finish()
    }
}

impl App {
    /// The conversation over `store`, telling time by `clock`.
    pub fn new(store: Arc<Store>, clock: Arc<dyn Clock>, settings: Settings) -> App {
        let ai = ai_pool::AiPool::new(
            settings.max_concurrent_searches.max(1),
            settings.ai_queue_limit,
        );
        let started = clock.now();
        let pictures = crate::render::Pictures::new(crate::render::RenderPool::new(
            settings.render_workers,
            settings.render_queue_limit,
        ));
        let picture_cache = Arc::new(PictureCache::new(settings.picture_cache_bytes));
        App {
            store,
            clock,
            settings,
            ai,
            pictures,
            picture_cache,
            replays: analysis::Running::default(),
            started,
            analyses: analysis::Running::default(),
            web_key: OnceLock::new(),
            public_seen: Mutex::default(),
            visibility_seen: Mutex::default(),
            clock_signal: Arc::new(ClockSignal::default()),
        }
    }

    /// Now, unix ms, by the app's clock (the front end stamps a request's arrival with it).
    pub fn now_ms(&self) -> i64 {
        self.clock.now_ms()
    }

    /// The signal the clock task waits on ([`run_clocks`]): rung when a clock changes.
    pub fn clock_signal(&self) -> &Arc<ClockSignal> {
        &self.clock_signal
    }

    /// The render pool, for its load (front ends answer early when it is long).
    pub fn render_pool(&self) -> &crate::render::RenderPool {
        self.pictures.pool()
    }

    /// The cache of finished games' pictures, to share with another app in the same
    /// process (the web pages beside the bot: [`App::with_picture_cache`]).
    pub fn picture_cache(&self) -> &Arc<PictureCache> {
        &self.picture_cache
    }

    /// This app keeping finished games' pictures in `cache` (another app's), so that a
    /// picture drawn for one is not drawn again for the other.
    pub fn with_picture_cache(mut self, cache: Arc<PictureCache>) -> App {
        self.picture_cache = cache;
        self
    }

    /// The store (for the front ends' own bookkeeping, such as closing it on exit).
    pub fn store(&self) -> &Arc<Store> {
        &self.store
    }

    /// Answers one `/bao` command from `user` at `place`.
    pub fn handle(
        &self,
        user: &User,
        place: &Place,
        command: Command,
    ) -> Result<Response, AppError> {
        self.run(
            user,
            place,
            ThreadsHere::default(),
            command,
            None,
            &|_| {},
            None,
        )
    }

    /// [`App::handle_with_progress`] with what the front end knows about opening a game's
    /// thread at `place` (`here`): a challenge, an accept and `/bao help topic:settings` depend on it.
    pub fn handle_here(
        &self,
        user: &User,
        place: &Place,
        here: ThreadsHere,
        command: Command,
        progress: &dyn Fn(String),
    ) -> Result<Response, AppError> {
        self.run(user, place, here, command, None, progress, None)
    }

    /// [`App::handle_here`] for a command that arrived at `arrived_ms` (unix ms): a move's
    /// time on its clock is when it arrived, not when it is answered.
    pub fn handle_arrived(
        &self,
        user: &User,
        place: &Place,
        here: ThreadsHere,
        command: Command,
        arrived_ms: i64,
        progress: &dyn Fn(String),
    ) -> Result<Response, AppError> {
        self.run(user, place, here, command, None, progress, Some(arrived_ms))
    }

    /// [`App::handle`] for long work (`/bao-analyze`): `progress` gets a line to show while
    /// it runs (after each ply analysed); the front end shows it at most every few seconds.
    pub fn handle_with_progress(
        &self,
        user: &User,
        place: &Place,
        command: Command,
        progress: &dyn Fn(String),
    ) -> Result<Response, AppError> {
        self.run(
            user,
            place,
            ThreadsHere::default(),
            command,
            None,
            progress,
            None,
        )
    }

    /// Answers a button press; `id` is the button's id as Discord (or the console) gave it,
    /// which may be forged. A valid id becomes the command its slash command would be and
    /// runs through the same path as [`App::handle`]; the press is only refused beyond that
    /// when the board it was pressed on is out of date.
    pub fn press(&self, user: &User, place: &Place, id: &str) -> Result<Response, AppError> {
        self.press_here(user, place, ThreadsHere::default(), id, &|_| {})
    }

    /// [`App::press`] with what the front end knows about opening a game's thread at
    /// `place` (`here`; an Accept button depends on it), calling `progress` with a line to
    /// show while it runs (a move confirmed before its board is drawn).
    pub fn press_here(
        &self,
        user: &User,
        place: &Place,
        here: ThreadsHere,
        id: &str,
        progress: &dyn Fn(String),
    ) -> Result<Response, AppError> {
        self.press_arrived(user, place, here, id, None, progress)
    }

    /// [`App::press_here`] for a press that arrived at `arrived_ms` (unix ms), when known.
    pub fn press_arrived(
        &self,
        user: &User,
        place: &Place,
        here: ThreadsHere,
        id: &str,
        arrived_ms: Option<i64>,
        progress: &dyn Fn(String),
    ) -> Result<Response, AppError> {
        match id.parse::<ButtonId>() {
            Ok(button) => self.run(
                user,
                place,
                here,
                button.command(),
                Some(&button),
                progress,
                arrived_ms,
            ),
            Err(_) => {
                self.store
                    .upsert_player(user.id, &user.name, self.clock.now())?;
                let lang = self.lang_of(user.id, place)?;
                Ok(Reply::private(INVALID_BUTTON).in_lang(lang).into())
            }
        }
    }

    /// The one path of every command, typed or pressed: find the game it is about (with the
    /// same privacy and player checks), refuse a press on a board that is out of date, then
    /// answer. A refusal becomes its private reply here; a write that lost a race to another
    /// request (the game is no longer as the command saw it) is answered again against the
    /// game as it now is, as if the command had come a moment later. `arrived_ms` is when
    /// the request arrived, if the front end knows (else it is taken to arrive now).
    #[allow(clippy::too_many_arguments)]
    fn run(
        &self,
        user: &User,
        place: &Place,
        here: ThreadsHere,
        command: Command,
        pressed: Option<&ButtonId>,
        progress: &dyn Fn(String),
        arrived_ms: Option<i64>,
    ) -> Result<Response, AppError> {
        let response =
            self.run_unsaid(user, place, here, command, pressed, progress, arrived_ms)?;
        // Every reply leaves the app with its language (commands/language.rs).
        self.localise(user.id, place, response)
    }

    /// [`App::run`] before the languages are chosen.
    #[allow(clippy::too_many_arguments)]
    fn run_unsaid(
        &self,
        user: &User,
        place: &Place,
        here: ThreadsHere,
        command: Command,
        pressed: Option<&ButtonId>,
        progress: &dyn Fn(String),
        arrived_ms: Option<i64>,
    ) -> Result<Response, AppError> {
        self.store
            .upsert_player(user.id, &user.name, self.clock.now())?;
        self.note_public_place(place)?;
        let mut lost = 0;
        // After a lost race, the game it was about (looked at again, not looked for again).
        let mut pinned = None;
        loop {
            let asked = Asked {
                user,
                place,
                here,
                arrived_ms,
            };
            match self.answer(asked, command.clone(), pressed, pinned, progress) {
                Ok(response) => return Ok(response),
                Err(Halt::Refused(response)) => return Ok(*response),
                Err(Halt::Failed(e)) => return Err(e),
                Err(Halt::Stale(e)) if lost < MAX_LOST_RACES => {
                    pinned = e.stale_game().or(pinned);
                    tracing::debug!(command = command.name(), error = %e, "lost a race; answering again");
                    lost += 1;
                }
                Err(Halt::Stale(e)) => {
                    tracing::warn!(command = command.name(), error = %e, "lost {MAX_LOST_RACES} races in a row");
                    return Ok(Reply::private(BUSY_GAME).into());
                }
            }
        }
    }

    /// One try at answering `command` (see [`App::run`]); `pressed` is the button it came
    /// from, checked against its game by [`ButtonId::command_for`].
    fn answer(
        &self,
        asked: Asked<'_>,
        command: Command,
        pressed: Option<&ButtonId>,
        pinned: Option<GameId>,
        progress: &dyn Fn(String),
    ) -> Answer {
        let Asked {
            user,
            place,
            here,
            arrived_ms,
        } = asked;
        // A lesson's button answers the lesson; `/bao move` without a game id answers the
        // lesson open here when the caller plays no game here.
        if let Command::LessonButton { token, press } = command {
            return self.lesson_button(user, place, token, press);
        }
        if let Command::PuzzleButton { token, step, press } = command {
            return self.puzzle_button(user, place, token, step, press);
        }
        if let Command::Tournament(ask) = command {
            return self.tournament(user, place, ask, pressed.is_some());
        }
        if let (Command::Move { text, game: None }, None) = (&command, pressed) {
            match self.exercise_here(user, place)? {
                Some(Exercise::Puzzle(open)) => return self.puzzle_move(place, open, text),
                Some(Exercise::Lesson(open)) => return self.lesson_move(user, place, open, text),
                None => {}
            }
        }
        let (id, ongoing_only) = match command.subject() {
            Subject::NoGame if pressed.is_some() => return Err(refuse(INVALID_BUTTON)),
            Subject::NoGame => return self.general(asked, command),
            Subject::Acting(id) => (id, true),
            Subject::Viewing(id) => (id, false),
        };
        let id = pressed.map(|b| b.game).or(pinned).or(id);
        let game = self.find_game(
            user,
            place,
            id,
            ongoing_only,
            Want::of(&command),
            command.name(),
        )?;
        self.pressed_here(pressed.is_some(), place, &game)?;
        let command = match pressed.map(|b| b.command_for(&game)) {
            None => command,
            Some(Ok(command)) => command,
            Some(Err(buttons::Stale)) => return self.out_of_date(user, &game),
        };
        match command {
            Command::Accept => self.accept(user, here, game),
            Command::Decline => self.decline(user, game),
            Command::Move { text, .. } => {
                let arrived_ms = arrived_ms.unwrap_or_else(|| self.clock.now_ms());
                self.play_move(user, game, &text, arrived_ms, progress)
            }
            Command::Board { .. } => self.show_board(user, &game),
            Command::NewPlayLink { .. } => self.new_play_link(user, game),
            Command::Moves => self.list_moves(&game),
            Command::History { .. } => self.history(&game),
            Command::Resign => self.resign(user, game),
            Command::Draw => self.draw(user, game),
            Command::DeclineDraw => self.decline_draw(user, game),
            Command::Abort => self.abort(user, game),
            Command::Claim => self.claim(user, game),
            Command::Replay { from, to, .. } => self.replay(user, game, from, to),
            Command::Analyze { .. } => self.analyze(user, place, &game, progress),
            Command::Hint => self.hint(user, &game),
            Command::Takeback => self.takeback(user, game),
            Command::BoardAt { ply, .. } => self.board_at(user, &game, ply),
            Command::AnswerTakeback {
                ply,
                request,
                accept,
                ..
            } => self.answer_takeback(user, game, ply, request, accept),
            other => self.general(asked, other),
        }
    }

    /// The commands about no existing game.
    fn general(&self, asked: Asked<'_>, command: Command) -> Answer {
        let Asked {
            user, place, here, ..
        } = asked;
        match command {
            Command::Challenge {
                opponent,
                variant,
                side,
                time_per_move,
                rules,
                rated,
                hints,
                clock,
                cap,
            } => self.challenge(
                asked,
                &opponent,
                challenge::Terms {
                    variant,
                    side,
                    time_per_move,
                    rules,
                    rated,
                    hints,
                    clock,
                    cap,
                },
            ),
            Command::Ai {
                level,
                side,
                variant,
                rules,
                clock,
            } => self.start_ai(user, place, level, side, variant, rules, clock),
            Command::ServerSettings => self.show_server_settings(place, here),
            Command::SetServerSetting {
                key,
                value,
                manage_server,
            } => self.set_server_setting(user, place, &key, &value, manage_server),
            Command::Prefs(change) => self.prefs(user, change),
            Command::About => self.about(),
            Command::Games => self.my_games(user),
            Command::Rules => self.rules(),
            Command::Notation => self.notation(),
            Command::Help => self.help(),
            Command::Notify(mode) => {
                self.store.set_notify(user.id, mode, self.clock.now())?;
                Ok(Reply::private(view::notify_text(mode)).into())
            }
            Command::Leaderboard { variant, scope } => {
                self.leaderboard(user, place, variant, scope)
            }
            Command::Stats { player, variant } => self.stats(user, place, player.as_ref(), variant),
            Command::Learn { lesson } => self.learn(user, place, lesson),
            Command::Puzzle {
                theme,
                variant,
                daily,
            } => self.puzzle(user, place, theme, variant, daily),
            other => Err(refuse(crate::msg!(
                "errors-needs-game",
                command = other.name()
            ))),
        }
    }

    /// What `/bao move` without `game:` answers at `place` before any game: the caller's
    /// open puzzle, else their open lesson (each only where it is open and they play no
    /// game there).
    fn exercise_here(&self, user: &User, place: &Place) -> Result<Option<Exercise>, AppError> {
        if let Some(open) = self.puzzle_here(user, place)? {
            return Ok(Some(Exercise::Puzzle(open)));
        }
        Ok(self.lesson_here(user, place)?.map(Exercise::Lesson))
    }

    /// The front end posted the board of `game` at `ply` publicly at `place` as message
    /// `message`: remember it, so the next move can remove its buttons. Only a board of the
    /// game's current ply posted in the game's own place is recorded; returns whether it
    /// was (the front end adds the board's buttons only then).
    pub fn board_posted(
        &self,
        game: GameId,
        ply: u32,
        place: &Place,
        message: u64,
    ) -> Result<bool, AppError> {
        match self.store.game(game)? {
            Some(g) if g.ply == ply && g.place == *place && g.status.is_ongoing() => {
                if g.board_message != Some(message) {
                    self.store.set_board_message(game, Some(message))?;
                }
                Ok(true)
            }
            _ => Ok(false),
        }
    }

    /// Discord refused a DM to `user`: never try again (until they talk to the bot in DMs).
    pub fn dm_failed(&self, user: UserId) -> Result<(), AppError> {
        self.store.set_dm_failed(user, true, self.clock.now())?;
        Ok(())
    }
}
