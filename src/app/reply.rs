//! What the bot answers: a reply's words, the board it shows (one value), its buttons, and
//! the effects a front end carries out besides posting it (taking buttons off an old board,
//! opening or archiving a game's thread). Discord's planner (`discord/outgoing.rs`) and the
//! console read the same values.

use crate::i18n::{Lang, Text};
use crate::vocab::{GameId, Place, UserId};

/// A file sent with a reply.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attachment {
    /// The file name (`bao-12-ply-7.png`).
    pub filename: String,
    /// Its bytes.
    pub bytes: Vec<u8>,
}

/// How a button looks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ButtonStyle {
    /// The main action (accept, a capture).
    Primary,
    /// An ordinary action (a takata).
    Secondary,
    /// A good outcome (accept a draw).
    Success,
    /// A destructive action (decline).
    Danger,
    /// A link: the button's `id` is an address (`https://…`) the client opens; pressing it
    /// sends the bot nothing. Only ever in a reply seen by the one person it is for.
    Link,
}

/// A button under a message. Its `id` is stable text the app reads back when pressed: a
/// [`super::ButtonId`] written out (`bao:<action>:<game>:<ply>[:<move>]`, at most 100
/// characters).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Button {
    /// What pressing it asks for.
    pub id: String,
    /// Its label (`A4 ← capture`).
    pub label: String,
    /// Its look.
    pub style: ButtonStyle,
}

/// The board a reply shows, as one value: the picture, its animation and its text form, and
/// which game and ply it is when it is that game's current board. A table (a leaderboard)
/// is shown the same way, with no game.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct BoardView {
    /// The game and ply, when this is the game's current board or its waiting challenge. A
    /// front end that posts the reply publicly reports the message back with
    /// [`super::Conversation::board_posted`], and adds the reply's buttons only once that
    /// says the board was recorded (so no board with live buttons is ever unknown to the
    /// store). A private reply is never reported.
    pub current: Option<(GameId, u32)>,
    /// The picture (PNG); none for a challenge, which shows no board yet.
    pub picture: Option<Attachment>,
    /// The move's animation (a `.gif` whose last frame is the picture): Discord sends it
    /// instead of the picture; the console writes it beside the picture.
    pub animation: Option<Attachment>,
    /// The picture as text, for terminals (Discord shows the picture instead).
    pub text: Option<String>,
}

/// Something a front end does besides posting a reply.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Effect {
    /// The message showing the game's previous board (or challenge), at `place`, has been
    /// replaced: take its buttons off. Only a public reply carries it.
    RemoveButtons {
        /// Where the message is.
        place: Place,
        /// The message.
        message: u64,
    },
    /// The message whose button was pressed has done its work (a takeback request that was
    /// answered or lapsed): take its buttons off.
    RetirePressed,
    /// Open a thread for a game just accepted, after sending the rest.
    OpenThread(ThreadPlan),
    /// It announces tournament `0` with the sign-up buttons: once it is posted publicly,
    /// report the message with [`super::Conversation::event_posted`], so that the buttons can
    /// come off when sign-up is over.
    AnnouncesEvent(i64),
    /// The game played in `thread` has ended and its result was posted: archive the
    /// thread, renamed `name`.
    ArchiveThread {
        /// The game's thread.
        thread: Place,
        /// The thread's name from then on, with the result: `Asha vs Baraka · Bao la
        /// Kiswahili · Baraka won`.
        name: String,
    },
}

/// A message the bot sends.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Reply {
    /// What it says (Discord markdown; mentions as `<@id>`, times as `<t:unix:f>`), as
    /// messages of the catalogue and verbatim pieces: [`Reply::render`] puts it in `lang`.
    pub text: Text,
    /// The language it is said in, chosen by the app for its audience (docs/i18n.md): the
    /// asker's for a private answer, the server's for a public message, the recipient's
    /// for a DM. Every reply of a command or button press has one (`App::localise`), and
    /// every notice of the clock's tick (`App::localise_notices`); `None` (said in English)
    /// is left only when the store could not say (logged).
    pub lang: Option<Lang>,
    /// Only the asker sees it (mistakes, refusals, private lists).
    pub ephemeral: bool,
    /// The board (or table) it shows.
    pub board: Option<BoardView>,
    /// Other files, after the board's (a game record, an evaluation graph, a past board).
    pub attachments: Vec<Attachment>,
    /// Rows of buttons (at most 5 rows of 5).
    pub buttons: Vec<Vec<Button>>,
    /// The user to ping; no one else is ever pinged.
    pub mention: Option<UserId>,
    /// What the front end does besides posting it.
    pub effects: Vec<Effect>,
}

impl Reply {
    /// A private message to the asker: a [`Text`], a [`crate::i18n::Msg`], or (until
    /// every call site says messages) a `String` said as it is.
    pub fn private(text: impl Into<Text>) -> Reply {
        Reply {
            text: text.into(),
            ephemeral: true,
            ..Reply::default()
        }
    }

    /// A message everyone in the place sees (text as for [`Reply::private`]).
    pub fn public(text: impl Into<Text>) -> Reply {
        Reply {
            text: text.into(),
            ..Reply::default()
        }
    }

    /// What it says, in its language (English if the app has not set one), as chat
    /// markdown: what the Discord front end posts, every name escaped so it shows
    /// literally ([`Text::render_markdown`]).
    pub fn render(&self) -> String {
        self.text.render_markdown(self.language())
    }

    /// What it says with names as they are, for a front end that is not markdown (the
    /// console).
    pub fn render_plain(&self) -> String {
        self.text.render(self.language())
    }

    /// The language it is said in (English if the app has not set one).
    pub fn language(&self) -> Lang {
        self.lang.unwrap_or_default()
    }

    /// The reply in `lang`, unless it already has a language.
    #[must_use]
    pub fn in_lang(mut self, lang: Lang) -> Reply {
        self.lang.get_or_insert(lang);
        self
    }

    /// The reply with `effect` added.
    pub fn with(mut self, effect: Effect) -> Reply {
        self.effects.push(effect);
        self
    }

    /// Takes off the buttons of the message `shown` (the game's previous board, if it had
    /// one) once this reply is posted.
    pub fn remove_buttons_of(&mut self, shown: Option<(Place, u64)>) {
        if let Some((place, message)) = shown {
            self.effects.push(Effect::RemoveButtons { place, message });
        }
    }

    /// The game and ply of the current board it shows, if any (see [`BoardView::current`]).
    pub fn current_board(&self) -> Option<(GameId, u32)> {
        self.board.as_ref().and_then(|b| b.current)
    }

    /// The message whose buttons it takes off, if any.
    pub fn replaces(&self) -> Option<(Place, u64)> {
        self.effects.iter().find_map(|e| match e {
            Effect::RemoveButtons { place, message } => Some((*place, *message)),
            _ => None,
        })
    }

    /// Whether it retires the pressed message's buttons.
    pub fn retires_pressed(&self) -> bool {
        self.effects.contains(&Effect::RetirePressed)
    }

    /// The thread it asks to open, if any.
    pub fn thread_to_open(&self) -> Option<&ThreadPlan> {
        self.effects.iter().find_map(|e| match e {
            Effect::OpenThread(plan) => Some(plan),
            _ => None,
        })
    }

    /// The tournament it announces, if any (see [`Effect::AnnouncesEvent`]).
    pub fn announced_event(&self) -> Option<i64> {
        self.effects.iter().find_map(|e| match e {
            Effect::AnnouncesEvent(id) => Some(*id),
            _ => None,
        })
    }

    /// The thread it archives and its new name, if any.
    pub fn thread_to_archive(&self) -> Option<(Place, &str)> {
        self.effects.iter().find_map(|e| match e {
            Effect::ArchiveThread { thread, name } => Some((*thread, name.as_str())),
            _ => None,
        })
    }

    /// The board's picture, if it has one; otherwise the first file when it is a PNG.
    pub fn board_png(&self) -> Option<&Attachment> {
        self.board
            .as_ref()
            .and_then(|b| b.picture.as_ref())
            .or_else(|| self.attachments.first())
            .filter(|a| a.filename.ends_with(".png"))
    }

    /// The move's animation, if it has one.
    pub fn animation(&self) -> Option<&Attachment> {
        self.board.as_ref().and_then(|b| b.animation.as_ref())
    }

    /// The board (or table) as text, if it has one.
    pub fn text_board(&self) -> Option<&str> {
        self.board.as_ref().and_then(|b| b.text.as_deref())
    }

    /// Every file in the order it is sent: the board's picture, then the others.
    pub fn files(&self) -> impl Iterator<Item = &Attachment> {
        self.board
            .as_ref()
            .and_then(|b| b.picture.as_ref())
            .into_iter()
            .chain(&self.attachments)
    }

    /// Whether it says nothing at all (no text, file or button): the front end then only
    /// acknowledges the request.
    pub fn is_empty(&self) -> bool {
        self.text.is_empty() && self.files().next().is_none() && self.buttons.is_empty()
    }

    /// Every button id, row by row.
    pub fn button_ids(&self) -> Vec<&str> {
        self.buttons
            .iter()
            .flatten()
            .map(|b| b.id.as_str())
            .collect()
    }

    /// The addresses of its link buttons ([`ButtonStyle::Link`]), row by row.
    pub fn links(&self) -> Vec<&str> {
        self.buttons
            .iter()
            .flatten()
            .filter(|b| b.style == ButtonStyle::Link)
            .map(|b| b.id.as_str())
            .collect()
    }

    /// Every button label, row by row, as shown.
    pub fn button_labels(&self) -> Vec<&str> {
        self.buttons
            .iter()
            .flatten()
            .map(|b| b.label.as_str())
            .collect()
    }
}

/// Where a notice goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Destination {
    /// A direct message to the user.
    Dm(UserId),
    /// A message in a place (the game's, or the channel its thread was opened in).
    Place(Place),
}

/// A thread the front end should open for a game just accepted in a channel: a public
/// thread on the challenge message, named `name`. The front end then reports with
/// [`super::Conversation::thread_opened`], or [`super::Conversation::thread_failed`] when
/// it may not or could not open it (the game is then played in the channel).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ThreadPlan {
    /// The game.
    pub game: GameId,
    /// The channel the challenge was posted in.
    pub parent: Place,
    /// The challenge message to open the thread on.
    pub message: u64,
    /// The thread's name (at most 100 characters).
    pub name: String,
}

/// A message the bot sends on its own: a turn notice, a reminder, a result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notice {
    /// Where to send it.
    pub to: Destination,
    /// The user it is about (mentioned in a place; the DM recipient otherwise).
    pub user: UserId,
    /// The game it is about.
    pub game: GameId,
    /// The message.
    pub reply: Reply,
}

/// Everything one request produced: the answer (with its effects), and notices for
/// elsewhere.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Response {
    /// The answer to the asker, in the place they asked.
    pub reply: Reply,
    /// Messages to send elsewhere (DMs, the game's channel).
    pub notices: Vec<Notice>,
}

impl From<Reply> for Response {
    fn from(reply: Reply) -> Response {
        Response {
            reply,
            ..Response::default()
        }
    }
}
