//! The conversation's plain data: who asks, what they ask, and what the bot answers.
//!
//! These types, with the shared vocabulary re-exported by [`super`] (ids, places, stated
//! choices from [`crate::vocab`]), are all a front end ever names.

use std::time::Duration;

use crate::ai::Level;
use crate::puzzles::Theme;
use crate::rules::{RuleSet, Variant};
use crate::vocab::Orientation;
use crate::vocab::{GameId, Notify, SideChoice, UserId};

/// Someone talking to the bot.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct User {
    /// Their Discord id (or a made-up id in the console).
    pub id: UserId,
    /// The name to show.
    pub name: String,
    /// Whether the account is a bot (bots cannot be challenged).
    pub bot: bool,
}

impl User {
    /// A human user.
    pub fn new(id: u64, name: impl Into<String>) -> User {
        User {
            id: UserId(id),
            name: name.into(),
            bot: false,
        }
    }
}

/// One `/bao` subcommand with its options.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// Challenge someone to a game in this channel.
    Challenge {
        /// Who is challenged.
        opponent: User,
        /// Which game (default Kiswahili).
        variant: Option<Variant>,
        /// The challenger's side (default random).
        side: Option<SideChoice>,
        /// Time allowed per move, as written (`none`, `30m`, `1d`, ...).
        time_per_move: Option<String>,
        /// The rule set (default: the server's, else v0.2).
        rules: Option<RuleSet>,
        /// Whether the game counts for ratings (default: the config's `rated_by_default`).
        rated: Option<bool>,
        /// Whether both players may ask for hints (`hints:true`; unrated games only).
        hints: Option<bool>,
        /// The clock as written (`5+3`, `3d+1d`, `none`); default: the server's.
        clock: Option<String>,
        /// The most a correspondence clock's bank holds, as written (`7d`, the default).
        cap: Option<String>,
    },
    /// Accept the challenge in this channel.
    Accept,
    /// Decline (or, for the challenger, withdraw) the challenge in this channel.
    Decline,
    /// Play a move.
    Move {
        /// The move as written (`a4 left capture`).
        text: String,
        /// The game, when moving from elsewhere (a DM reply to a reminder).
        game: Option<GameId>,
    },
    /// Show the current board.
    Board {
        /// A game by id instead of this place's game.
        game: Option<GameId>,
    },
    /// A new personal link to play on the game page (`/bao board new-link:true`): the
    /// asker's old link stops working.
    NewPlayLink {
        /// A game by id instead of this place's game.
        game: Option<GameId>,
    },
    /// The legal moves, in words.
    Moves,
    /// The move list and the record as a file.
    History {
        /// A game by id instead of this place's game (finished games too).
        game: Option<GameId>,
    },
    /// Resign the game here.
    Resign,
    /// Offer a draw, or accept the opponent's offer.
    Draw,
    /// Decline the opponent's draw offer.
    DeclineDraw,
    /// Abort the game before each side has moved twice (or withdraw a challenge).
    Abort,
    /// Start a game against the built-in AI here.
    Ai {
        /// How strong (default medium).
        level: Option<Level>,
        /// The human's side (default South).
        side: Option<SideChoice>,
        /// Which game (default Kiswahili).
        variant: Option<Variant>,
        /// The rule set (default: the server's, else v0.2).
        rules: Option<RuleSet>,
        /// A clock for both sides, as written (`5+3`); default none.
        clock: Option<String>,
    },
    /// My ongoing games everywhere.
    Games,
    /// A short rules summary.
    Rules,
    /// How to write a move (`/bao help topic:notation`).
    Notation,
    /// The commands.
    Help,
    /// How to be told that it is my turn.
    Notify(Notify),
    /// Claim the win when the opponent's deadline has passed.
    Claim,
    /// This server's settings and who last changed each.
    ServerSettings,
    /// Change one server setting (members with Manage Server only).
    SetServerSetting {
        /// The setting's name (`rules`, `placement`, ...), as typed.
        key: String,
        /// Its new value as typed (`default` resets it).
        value: String,
        /// Whether the asker has Manage Server, from the member's permissions as Discord
        /// reports them with the interaction (never from what the client chose to show).
        manage_server: bool,
    },
    /// Show or change my preferences (all `None`: show them).
    Prefs(PrefsChange),
    /// Post a game as an animated GIF, one frame per ply.
    Replay {
        /// A game by id instead of this place's (last) game.
        game: Option<GameId>,
        /// The first ply shown (0: the start position).
        from: Option<u32>,
        /// The last ply shown (default: the last move).
        to: Option<u32>,
    },
    /// The post-game analysis of a game: graph, accuracies, largest mistakes.
    Analyze {
        /// A game by id instead of this place's (last) game.
        game: Option<GameId>,
    },
    /// A suggested move, privately (games against the AI, or unrated with hints agreed).
    Hint,
    /// Take back the last move (against the AI: the player's move and the AI's reply).
    Takeback,
    /// The opponent's answer to a takeback request (its buttons; no slash command).
    AnswerTakeback {
        /// The game.
        game: GameId,
        /// The ply of the board the request was made on.
        ply: u32,
        /// The request's number.
        request: i64,
        /// Accept (take the move back) or decline.
        accept: bool,
    },
    /// The board of a game after a given ply (the analysis's buttons; no slash command).
    BoardAt {
        /// The game.
        game: GameId,
        /// Plies played (0: the start position).
        ply: u32,
    },
    /// The best rated players of this server or everywhere.
    Leaderboard {
        /// Which game (default Kiswahili).
        variant: Option<Variant>,
        /// This server's or the global board (default: this server's; global in DMs).
        scope: Option<RatingScope>,
    },
    /// A player's ratings and record.
    Stats {
        /// Whose (default: the asker's).
        player: Option<User>,
        /// Which game (default Kiswahili).
        variant: Option<Variant>,
    },
    /// The bot: version, rule sets, uptime, games, servers, source.
    About,
    /// Start or resume the lessons, or jump to one.
    Learn {
        /// The lesson to jump to (1-based); `None` resumes.
        lesson: Option<u32>,
    },
    /// `/bao-tournament …`: events of this server (docs/tournaments.md).
    Tournament(super::TournamentAsk),
    /// A button under a lesson's task (no slash command).
    LessonButton {
        /// The token of the task it was shown for.
        token: i64,
        /// What it asks for.
        press: LessonPress,
    },
    /// A puzzle near the asker's puzzle rating that they have not seen, or the day's.
    Puzzle {
        /// Only puzzles with this theme.
        theme: Option<Theme>,
        /// Only puzzles of this variant.
        variant: Option<Variant>,
        /// The puzzle of the day instead.
        daily: bool,
    },
    /// A button under a puzzle, or under the daily post (no slash command).
    PuzzleButton {
        /// The attempt's token (the day, for the daily post's button).
        token: i64,
        /// The solution index it was shown at.
        step: u32,
        /// What it asks for.
        press: PuzzlePress,
    },
}

/// What a puzzle's button asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PuzzlePress {
    /// Play this move.
    Move(String),
    /// Another puzzle.
    Next,
    /// Solve the puzzle of the day whose number is the token (the daily post's button).
    Daily,
}

/// What a lesson's button asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LessonPress {
    /// Answer the task with this move.
    Move(String),
    /// Show an example answer, animated.
    Show,
    /// Go on to the next task (or lesson).
    Next,
}

/// What `/bao prefs` changes; `None` leaves a preference as it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PrefsChange {
    /// Turn notices (the same as `/bao prefs notify`).
    pub notify: Option<Notify>,
    /// Move animations on or off.
    pub animations: Option<bool>,
    /// Whose rows are at the bottom of my boards.
    pub orientation: Option<Orientation>,
    /// The language the bot speaks to me (`Some(None)`: back to the server's).
    pub language: Option<Option<crate::i18n::Lang>>,
    /// On the game page, play a pit's only move at once, without a confirmation.
    pub one_tap: Option<bool>,
}

/// Which ratings a leaderboard ranks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RatingScope {
    /// The ratings of games in this server.
    Server,
    /// The ratings of all games, in every server and DM.
    Global,
}

/// Which game a command is about, and what the asker must be to use it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Subject {
    /// No existing game (help, lists, a new challenge or AI game).
    NoGame,
    /// A game to act in: the ongoing game here, or one named by id that the asker plays.
    Acting(Option<GameId>),
    /// A game to look at: the game here (or the last one played here), or one named by id
    /// that is not somebody else's private (DM) game.
    Viewing(Option<GameId>),
}

impl Command {
    /// Which game the command is about: every command about a game goes through the same
    /// lookup and checks, whether it was typed or pressed as a button. A new command adds
    /// its arm here.
    pub fn subject(&self) -> Subject {
        match self {
            Command::Challenge { .. }
            | Command::Ai { .. }
            | Command::Games
            | Command::Rules
            | Command::Notation
            | Command::Help
            | Command::Notify(_)
            | Command::ServerSettings
            | Command::SetServerSetting { .. }
            | Command::Prefs(_)
            | Command::About
            | Command::Learn { .. }
            | Command::LessonButton { .. }
            | Command::Puzzle { .. }
            | Command::PuzzleButton { .. }
            | Command::Tournament(_) => Subject::NoGame,
            Command::Leaderboard { .. } | Command::Stats { .. } => Subject::NoGame,
            Command::Move { game, .. } | Command::NewPlayLink { game } => Subject::Acting(*game),
            Command::Accept
            | Command::Decline
            | Command::Moves
            | Command::Resign
            | Command::Draw
            | Command::DeclineDraw
            | Command::Abort
            | Command::Claim => Subject::Acting(None),
            Command::Board { game } | Command::History { game } | Command::Replay { game, .. } => {
                Subject::Viewing(*game)
            }
            Command::Analyze { game } => Subject::Viewing(*game),
            Command::Hint | Command::Takeback => Subject::Acting(None),
            Command::BoardAt { game, .. } => Subject::Viewing(Some(*game)),
            Command::AnswerTakeback { game, .. } => Subject::Acting(Some(*game)),
        }
    }

    /// The subcommand's name, for logs.
    pub fn name(&self) -> &'static str {
        match self {
            Command::Challenge { .. } => "challenge",
            Command::Accept => "accept",
            Command::Decline => "decline",
            Command::Move { .. } => "move",
            Command::Board { .. } => "board",
            Command::NewPlayLink { .. } => "board new-link",
            Command::Moves => "moves",
            Command::History { .. } => "history",
            Command::Resign => "resign",
            Command::Draw => "draw",
            Command::DeclineDraw => "draw decline",
            Command::Abort => "abort",
            Command::Ai { .. } => "ai",
            Command::Games => "games",
            Command::Rules => "rules",
            Command::Notation => "notation",
            Command::Help => "help",
            Command::Notify(_) => "notify",
            Command::Claim => "claim",
            Command::ServerSettings => "settings",
            Command::SetServerSetting { .. } => "settings set",
            Command::Prefs(_) => "prefs",
            Command::About => "about",
            Command::Replay { .. } => "replay",
            Command::Analyze { .. } => "analyze",
            Command::Hint => "hint",
            Command::Takeback => "takeback",
            Command::BoardAt { .. } => "board-at",
            Command::AnswerTakeback { .. } => "takeback-answer",
            Command::Leaderboard { .. } => "leaderboard",
            Command::Stats { .. } => "stats",
            Command::Learn { .. } => "learn",
            Command::Tournament(_) => "tournament",
            Command::LessonButton { .. } => "lesson-button",
            Command::Puzzle { .. } => "puzzle",
            Command::PuzzleButton { .. } => "puzzle-button",
        }
    }
}

/// Why a game's thread was not opened.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ThreadFailure {
    /// The bot lacks Create Public Threads or Send Messages in Threads in the channel.
    NoPermission,
    /// The channel cannot hold such a thread (it is a thread itself, or a DM).
    NotHere,
    /// Discord refused to open it.
    Refused,
}

/// What the front end knows, from the request itself, about opening a game's thread where
/// the command was given. Discord says it with every interaction (the bot's permissions
/// there and the channel's type), so the app decides thread or channel before it promises
/// anything.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ThreadsHere {
    /// The bot may open a thread here, or the front end cannot tell ([`Settings::threads`]
    /// then decides).
    #[default]
    Allowed,
    /// The bot lacks permissions it needs for a game's thread here.
    Missing {
        /// Create Public Threads (to open the thread).
        create_public_threads: bool,
        /// Send Messages in Threads (to post the board in it).
        send_messages_in_threads: bool,
    },
    /// This kind of channel holds no threads (a thread itself, a voice or forum channel).
    NotHere,
}

impl ThreadsHere {
    /// Why a game here gets no thread, if it gets none.
    pub fn blocker(self) -> Option<ThreadFailure> {
        match self {
            ThreadsHere::Allowed => None,
            ThreadsHere::Missing { .. } => Some(ThreadFailure::NoPermission),
            ThreadsHere::NotHere => Some(ThreadFailure::NotHere),
        }
    }

    /// The missing permissions' names as Discord shows them (`Create Public Threads and
    /// Send Messages in Threads`), when some are missing.
    pub fn missing(self) -> Option<String> {
        let ThreadsHere::Missing {
            create_public_threads,
            send_messages_in_threads,
        } = self
        else {
            return None;
        };
        let names: Vec<&str> = [
            (create_public_threads, "Create Public Threads"),
            (send_messages_in_threads, "Send Messages in Threads"),
        ]
        .into_iter()
        .filter_map(|(missing, name)| missing.then_some(name))
        .collect();
        (!names.is_empty()).then(|| names.join(" and "))
    }
}

/// Drawings waiting past which a move's animation is skipped (about 6 s of drawing on 2 cores).
pub const DEFAULT_RENDER_QUEUE_LIMIT: usize = 256;

/// Tunable behaviour of the conversation (from the config file).
#[derive(Debug, Clone, PartialEq)]
pub struct Settings {
    /// How long a challenge waits for an answer, seconds.
    pub challenge_ttl: i64,
    /// The time per move when a challenge names none (`None`: untimed).
    pub default_time_per_move: Option<i64>,
    /// Wall-clock cap of an AI move at each level, weakest first (as [`Level::ALL`]).
    pub ai_wall_caps: [Duration; Level::COUNT],
    /// How many AI searches may run at once.
    pub max_concurrent_searches: usize,
    /// How many AI requests may wait for a search slot; past it, a move against the AI or a
    /// hint is refused with the wait.
    pub ai_queue_limit: usize,
    /// How many pictures and animations are drawn at once (the render workers).
    pub render_workers: usize,
    /// Past this many boards waiting, a move's animation is skipped and its still board
    /// sent instead, so the move is answered without waiting for it.
    pub render_queue_limit: usize,
    /// Bytes of finished games' pictures (and compressed web answers) kept
    /// ([`super::PictureCache`]).
    pub picture_cache_bytes: usize,
    /// Most reminders per game per day.
    pub max_reminders_per_day: u32,
    /// Whether boards after a move come animated, for users who have not chosen.
    pub animation: bool,
    /// Whether a challenge is rated when it does not say.
    pub rated_by_default: bool,
    /// Whether the front end can open a thread for a game (Discord can, the console
    /// cannot). Off: every game is played where it was challenged, whatever the server's
    /// placement.
    pub threads: bool,
    /// Where the bot's source is published, for `/bao help topic:about` (`None`: not said).
    pub source_url: Option<String>,
    /// The address the web pages are reached at (`[web] public_url`): messages about a
    /// game or tournament link to its page. `None`: no links, the chat is as it was.
    pub public_url: Option<String>,
    /// Whether every channel of the front end is public (the console's made-up channels):
    /// each is recorded as public when first used, so its games get public pages. Discord
    /// says it per channel instead ([`super::App::channel_visibility`]).
    pub public_channels: bool,
    /// Whether the Discord Activity is on (`[activity]`): a player's "Play on the board"
    /// button then launches it ([`super::ACTIVITY_BUTTON`]) instead of linking the page.
    pub activity: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            challenge_ttl: 24 * 3600,
            default_time_per_move: None,
            ai_wall_caps: Level::ALL.map(|l| l.default_wall_cap()),
            max_concurrent_searches: 1,
            ai_queue_limit: 16,
            render_workers: crate::render::RenderPool::default_workers(),
            render_queue_limit: DEFAULT_RENDER_QUEUE_LIMIT,
            picture_cache_bytes: super::DEFAULT_PICTURE_CACHE_BYTES,
            max_reminders_per_day: 3,
            animation: true,
            rated_by_default: true,
            threads: false,
            source_url: Some(env!("CARGO_PKG_REPOSITORY"))
                .filter(|r| !r.is_empty())
                .map(str::to_string),
            public_url: None,
            public_channels: false,
            activity: false,
        }
    }
}
