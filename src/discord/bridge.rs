//! The boundary between the Discord adapter and the app: plain data, no serenity types.
//!
//! The adapter turns each slash command, button click and autocomplete into a [`Request`],
//! hands it to a [`BaoHandler`] (on a blocking thread: the handler may use the store, render
//! pictures or run the AI), and sends the [`Reply`]s it returns. The app is served through
//! [`super::AppHandler`]; the adapter's own tests use scripted handlers.

use std::fmt;

use crate::rules::Variant;

/// A Discord user as the app sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UserRef {
    /// The user id (a Discord snowflake).
    pub id: u64,
    /// The name to show (display name, else user name).
    pub name: String,
    /// Whether this is a bot account (bots cannot be challenged).
    pub bot: bool,
}

/// Where a request was made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Place {
    /// A channel (or thread) of a server.
    Guild {
        /// The server.
        guild_id: u64,
        /// The channel.
        channel_id: u64,
    },
    /// A direct-message channel with the bot.
    Dm {
        /// The DM channel.
        channel_id: u64,
    },
}

impl Place {
    /// The channel id, in a server or a DM.
    pub fn channel_id(&self) -> u64 {
        match *self {
            Place::Guild { channel_id, .. } | Place::Dm { channel_id } => channel_id,
        }
    }
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::Guild {
                guild_id,
                channel_id,
            } => write!(f, "guild:{guild_id}/channel:{channel_id}"),
            Place::Dm { channel_id } => write!(f, "dm:{channel_id}"),
        }
    }
}

/// The side asked for in a challenge or AI game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SideChoice {
    /// South moves first.
    South,
    /// North.
    North,
    /// Decided by a coin toss.
    Random,
}

/// The built-in AI's strength.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AiLevel {
    /// A beginner can beat it.
    Easy,
    /// Medium.
    Medium,
    /// Hard.
    Hard,
    /// Full strength within the time allowed.
    Master,
}

impl AiLevel {
    /// The level's name (`easy`, `medium`, `hard`, `master`).
    pub fn name(self) -> &'static str {
        match self {
            AiLevel::Easy => "easy",
            AiLevel::Medium => "medium",
            AiLevel::Hard => "hard",
            AiLevel::Master => "master",
        }
    }
}

/// How a player wants to be told it is their turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotifyMode {
    /// A mention in the game's channel and a DM.
    Dm,
    /// A mention in the game's channel only.
    Mention,
    /// No notices.
    Off,
}

/// One command, with its options as the user gave them. Free text (moves, game references,
/// times) is passed on unparsed: the app reads it and explains mistakes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `/bao challenge opponent [variant] [side] [time_per_move]`.
    Challenge {
        /// Who is challenged.
        opponent: UserRef,
        /// The variant (default Kiswahili).
        variant: Option<Variant>,
        /// The challenger's side.
        side: Option<SideChoice>,
        /// Time allowed per move as typed (`24h`, `none`).
        time_per_move: Option<String>,
    },
    /// `/bao accept` (or the Accept button).
    Accept,
    /// `/bao decline` (or the Decline button).
    Decline,
    /// `/bao move MOVE [game]`.
    Move {
        /// The move as typed (`a4 left capture`).
        text: String,
        /// Which game, when not this channel's.
        game: Option<String>,
    },
    /// `/bao board [game]`.
    Board {
        /// Which game, when not this channel's.
        game: Option<String>,
    },
    /// `/bao moves`: the legal moves in words.
    Moves,
    /// `/bao history [game]`: the move list and the record as a file.
    History {
        /// Which game, when not this channel's (finished games too).
        game: Option<String>,
    },
    /// `/bao resign`.
    Resign,
    /// `/bao draw`: offer, or accept the opponent's offer.
    Draw,
    /// `/bao abort`.
    Abort,
    /// `/bao ai [level] [side] [variant]`.
    Ai {
        /// The AI's strength.
        level: Option<AiLevel>,
        /// The caller's side.
        side: Option<SideChoice>,
        /// The variant.
        variant: Option<Variant>,
    },
    /// `/bao games`: my games everywhere.
    Games,
    /// `/bao rules`.
    Rules,
    /// `/bao help`.
    Help,
    /// `/bao notify dm|mention|off`.
    Notify(NotifyMode),
    /// `/bao claim`: claim a win on time.
    Claim,
    /// A click on one of the bot's buttons (its `custom_id` starts with `bao:`).
    Button {
        /// The button's id, e.g. `bao:move:42:17:3`.
        custom_id: String,
        /// The message the button sits on.
        message_id: u64,
    },
}

impl Command {
    /// The subcommand's name for logs (`move`, `button`, ...).
    pub fn name(&self) -> &'static str {
        match self {
            Command::Challenge { .. } => "challenge",
            Command::Accept => "accept",
            Command::Decline => "decline",
            Command::Move { .. } => "move",
            Command::Board { .. } => "board",
            Command::Moves => "moves",
            Command::History { .. } => "history",
            Command::Resign => "resign",
            Command::Draw => "draw",
            Command::Abort => "abort",
            Command::Ai { .. } => "ai",
            Command::Games => "games",
            Command::Rules => "rules",
            Command::Help => "help",
            Command::Notify(_) => "notify",
            Command::Claim => "claim",
            Command::Button { .. } => "button",
        }
    }
}

/// A user's command, where and by whom.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    /// Who.
    pub user: UserRef,
    /// Where.
    pub place: Place,
    /// What.
    pub command: Command,
}

/// An autocomplete request for the `move` option of `/bao move`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveCompletion {
    /// Who is typing.
    pub user: UserRef,
    /// Where.
    pub place: Place,
    /// What has been typed so far.
    pub partial: String,
    /// The `game` option, if already given.
    pub game: Option<String>,
}

/// One suggestion: the label shown and the value filled in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// What the user sees (at most 100 characters).
    pub label: String,
    /// What is put into the option (at most 100 characters).
    pub value: String,
}

/// Where a reply goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// The answer to the caller's interaction (the first one is the interaction response,
    /// later ones are followups).
    Caller,
    /// For a button click: replace the message the clicked button sits on (for example to
    /// disable its buttons). Elsewhere it is treated as [`Target::Caller`].
    Source,
    /// A new message in a channel (a game's channel, for a turn notice).
    Channel(u64),
    /// A direct message to a user (refused DMs are reported through
    /// [`BaoHandler::delivered`]).
    Dm(u64),
    /// Edit an earlier message of the bot (for example an old board whose buttons must go).
    Edit {
        /// The channel.
        channel_id: u64,
        /// The message.
        message_id: u64,
    },
    /// Edit an earlier message of the bot in its DM channel with a user (the channel is
    /// looked up from the user).
    EditDm {
        /// The user.
        user_id: u64,
        /// The message.
        message_id: u64,
    },
}

/// A file to attach (a board PNG, a game record).
#[derive(Clone, PartialEq, Eq)]
pub struct Attachment {
    /// The file name, e.g. `board.png`.
    pub name: String,
    /// The contents.
    pub bytes: Vec<u8>,
}

impl fmt::Debug for Attachment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Attachment({}, {} bytes)", self.name, self.bytes.len())
    }
}

/// A button's colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ButtonStyle {
    /// Blurple.
    #[default]
    Primary,
    /// Grey.
    Secondary,
    /// Green.
    Success,
    /// Red.
    Danger,
}

/// A button under a message. Clicks come back as [`Command::Button`] with this `custom_id`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Button {
    /// Stable id, at most 100 characters, starting with `bao:` (e.g. `bao:accept:42`).
    pub custom_id: String,
    /// The label (at most 80 characters).
    pub label: String,
    /// The colour.
    pub style: ButtonStyle,
    /// Shown but not clickable.
    pub disabled: bool,
}

/// One message the bot sends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    /// Where it goes.
    pub target: Target,
    /// The text (Discord markdown; a mention is written `<@id>`).
    pub text: String,
    /// Only the caller sees it (for [`Target::Caller`] only).
    pub ephemeral: bool,
    /// Files to attach.
    pub attachments: Vec<Attachment>,
    /// Rows of buttons (at most 5 rows of 5).
    pub buttons: Vec<Vec<Button>>,
    /// The one user this message may ping; nobody else (no @everyone, no roles) is pinged.
    pub mention: Option<u64>,
    /// A label the app chooses, passed back in [`Delivery::Posted`] with the message id (so
    /// the app can remember which message shows a game's board).
    pub tag: Option<String>,
}

impl Reply {
    /// A public text answer to the caller.
    pub fn text(text: impl Into<String>) -> Reply {
        Reply {
            target: Target::Caller,
            text: text.into(),
            ephemeral: false,
            attachments: Vec::new(),
            buttons: Vec::new(),
            mention: None,
            tag: None,
        }
    }

    /// A private (ephemeral) text answer to the caller.
    pub fn private(text: impl Into<String>) -> Reply {
        Reply {
            ephemeral: true,
            ..Reply::text(text)
        }
    }
}

/// What happened to a reply that the app may want to remember.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Delivery {
    /// A tagged reply was posted (or edited) as this message.
    Posted {
        /// The reply's tag.
        tag: String,
        /// The channel.
        channel_id: u64,
        /// The message.
        message_id: u64,
    },
    /// Discord refused a DM to this user (403, code 50007: DMs closed or blocked); do not try
    /// again.
    DmRefused {
        /// The user.
        user_id: u64,
    },
}

/// The app, as the Discord adapter calls it. Methods run on a blocking thread (they may use
/// the store, draw or search), so they may take time: the adapter defers the interaction when
/// an answer is slow.
pub trait BaoHandler: Send + Sync + 'static {
    /// Handles one command; returns the messages to send, the caller's answer first.
    fn handle(&self, request: Request) -> Vec<Reply>;

    /// Whether to defer the interaction before calling [`BaoHandler::handle`], because the
    /// answer is known to be slow (an AI move, a picture): the user then sees "thinking…" at
    /// once. Must be quick (no store access). A deferred answer that turns out private is
    /// still sent privately. Otherwise the adapter defers only when `handle` is slow.
    fn should_defer(&self, _request: &Request) -> bool {
        false
    }

    /// Suggestions for the `move` option while the user types (at most 25 are shown).
    fn complete_move(&self, _request: MoveCompletion) -> Vec<Choice> {
        Vec::new()
    }

    /// Told what became of replies: posted tagged messages, refused DMs.
    fn delivered(&self, _delivery: Delivery) {}
}
