//! What the bot says, before it is put in a language: a [`Msg`] (a catalogue id with its
//! arguments) and a [`Text`] (messages and verbatim pieces in a row).

use std::fmt;

use super::{catalogue, Lang};

/// A message's argument: a string said as it is (a name, a move), a number (plurals
/// choose by it), or a message or text said in the same language as the message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Arg {
    /// Said as it is.
    Str(String),
    /// A whole number: `{ $n }`, and `{ $n -> [one] … *[other] … }` chooses by it.
    Num(i64),
    /// A text rendered in the message's language first.
    Text(Text),
}

impl From<String> for Arg {
    fn from(s: String) -> Arg {
        Arg::Str(s)
    }
}

impl From<&String> for Arg {
    fn from(s: &String) -> Arg {
        Arg::Str(s.clone())
    }
}

impl From<&str> for Arg {
    fn from(s: &str) -> Arg {
        Arg::Str(s.to_string())
    }
}

impl From<Msg> for Arg {
    fn from(m: Msg) -> Arg {
        Arg::Text(m.into())
    }
}

impl From<Text> for Arg {
    fn from(t: Text) -> Arg {
        Arg::Text(t)
    }
}

impl From<&Text> for Arg {
    fn from(t: &Text) -> Arg {
        Arg::Text(t.clone())
    }
}

macro_rules! number_args {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg {
            fn from(n: $t) -> Arg {
                Arg::Num(i64::try_from(n).unwrap_or(i64::MAX))
            }
        }
    )*};
}
number_args!(i64, i32, u32, u64, usize, u8, u16);

/// One message of the catalogue with its arguments: what the app says instead of an
/// English sentence. Built with [`crate::msg!`]: `msg!("game-over", winner = name)`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Msg {
    id: std::borrow::Cow<'static, str>,
    args: Vec<(&'static str, Arg)>,
}

impl Msg {
    /// The message `id` with no arguments yet.
    pub const fn new(id: &'static str) -> Msg {
        Msg {
            id: std::borrow::Cow::Borrowed(id),
            args: Vec::new(),
        }
    }

    /// A message whose id is made at run time, such as a lesson's texts
    /// (`lesson-3-task-2-goal`): tests check each such family against the catalogue.
    pub fn dynamic(id: String) -> Msg {
        Msg {
            id: std::borrow::Cow::Owned(id),
            args: Vec::new(),
        }
    }

    /// The message with `$name` set to `value`.
    pub fn arg(mut self, name: &'static str, value: impl Into<Arg>) -> Msg {
        self.args.push((name, value.into()));
        self
    }

    /// Its id in the catalogue.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// Its arguments, in the order given.
    pub fn args(&self) -> &[(&'static str, Arg)] {
        &self.args
    }

    /// The message said in `lang` (in English where `lang` lacks it).
    pub fn render(&self, lang: Lang) -> String {
        catalogue::render(self, lang, Style::Plain)
    }

    /// The message said in `lang` as chat markdown (see [`Text::render_markdown`]).
    pub fn render_markdown(&self, lang: Lang) -> String {
        catalogue::render(self, lang, Style::Markdown)
    }
}

impl fmt::Display for Msg {
    /// The message in English, for logs and the game record.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render(Lang::En))
    }
}

/// How names are said: as they are, or escaped for chat markdown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Style {
    Plain,
    Markdown,
}

/// One piece of a [`Text`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Piece {
    /// A message, said in the reader's language.
    Msg(Msg),
    /// Said as it is in every language: move notation, numbers, the text board, markdown
    /// and line breaks between messages.
    Verbatim(String),
    /// A name someone chose (a display name, a tournament's name, anything typed): said as
    /// it is, except in chat markdown, where [`Text::render_markdown`] escapes it so it
    /// shows literally (no formatting, link or mention-like text; see [`super::markdown`]).
    Name(String),
    /// Text someone typed, quoted back in a refusal inside the catalogue's backticks
    /// (`` `{ $typed }` ``): said as it is, except in chat markdown, where
    /// [`Text::render_markdown`] keeps it inside that code span (see
    /// [`super::markdown::escape_typed`]).
    Typed(String),
}

/// What the bot says: messages and verbatim pieces in a row, put in a language only by
/// [`Text::render`] (the front end does it, in the language the app chose). `Display` says
/// it in English, for logs.
///
/// It also dereferences to its English (worked out once, on first use), so code and tests
/// that read a reply's text as a `str` (`reply.text.contains(..)`) keep working while the
/// app is converted; what a person reads always goes through [`Text::render`].
#[derive(Debug, Clone, Default)]
pub struct Text {
    pieces: Vec<Piece>,
    english: std::sync::OnceLock<String>,
}

impl PartialEq for Text {
    fn eq(&self, other: &Text) -> bool {
        self.pieces == other.pieces
    }
}

impl Eq for Text {}

impl std::ops::Deref for Text {
    type Target = str;

    /// The English, as logs and tests read it.
    fn deref(&self) -> &str {
        self.english.get_or_init(|| self.render(Lang::En))
    }
}

impl PartialEq<str> for Text {
    fn eq(&self, other: &str) -> bool {
        **self == *other
    }
}

impl PartialEq<&str> for Text {
    fn eq(&self, other: &&str) -> bool {
        **self == **other
    }
}

impl PartialEq<String> for Text {
    fn eq(&self, other: &String) -> bool {
        **self == **other
    }
}

impl Text {
    /// Nothing.
    pub const fn new() -> Text {
        Text {
            pieces: Vec::new(),
            english: std::sync::OnceLock::new(),
        }
    }

    fn of(pieces: Vec<Piece>) -> Text {
        Text {
            pieces,
            english: std::sync::OnceLock::new(),
        }
    }

    /// `s` said as it is.
    pub fn verbatim(s: impl Into<String>) -> Text {
        let s = s.into();
        if s.is_empty() {
            Text::new()
        } else {
            Text::of(vec![Piece::Verbatim(s)])
        }
    }

    /// `name`, a name someone chose, shown literally wherever the text is said (see
    /// [`Piece::Name`]).
    pub fn name(name: impl Into<String>) -> Text {
        let name = name.into();
        if name.is_empty() {
            Text::new()
        } else {
            Text::of(vec![Piece::Name(name)])
        }
    }

    /// `typed`, text someone typed, quoted back where the catalogue puts it in backticks
    /// (see [`Piece::Typed`]).
    pub fn typed(typed: impl Into<String>) -> Text {
        Text::of(vec![Piece::Typed(typed.into())])
    }

    /// Appends `more`.
    pub fn push(&mut self, more: impl Into<Text>) {
        self.english.take();
        for piece in more.into().pieces {
            match (self.pieces.last_mut(), piece) {
                (Some(Piece::Verbatim(a)), Piece::Verbatim(b)) => a.push_str(&b),
                (_, piece) => self.pieces.push(piece),
            }
        }
    }

    /// Appends `s` as it is.
    pub fn push_str(&mut self, s: &str) {
        self.push(Text::verbatim(s));
    }

    /// The text followed by `more`.
    #[must_use]
    pub fn then(mut self, more: impl Into<Text>) -> Text {
        self.push(more);
        self
    }

    /// Appends `more` on a line of its own (no line break when the text is empty).
    pub fn line(&mut self, more: impl Into<Text>) {
        if !self.is_empty() {
            self.push_str("\n");
        }
        self.push(more);
    }

    /// The texts joined by `sep` (said as it is).
    pub fn join<T: Into<Text>>(parts: impl IntoIterator<Item = T>, sep: &str) -> Text {
        let mut out = Text::new();
        for (i, part) in parts.into_iter().enumerate() {
            if i > 0 {
                out.push_str(sep);
            }
            out.push(part);
        }
        out
    }

    /// The texts one per line.
    pub fn one_per_line<T: Into<Text>>(parts: impl IntoIterator<Item = T>) -> Text {
        Text::join(parts, "\n")
    }

    /// Whether it says nothing.
    pub fn is_empty(&self) -> bool {
        self.pieces.iter().all(
            |p| matches!(p, Piece::Verbatim(s) | Piece::Name(s) | Piece::Typed(s) if s.is_empty()),
        )
    }

    /// Its pieces.
    pub fn pieces(&self) -> &[Piece] {
        &self.pieces
    }

    /// Every message in it, arguments' messages included, depth first.
    pub fn messages(&self) -> Vec<&Msg> {
        let mut out = Vec::new();
        fn walk<'a>(text: &'a Text, out: &mut Vec<&'a Msg>) {
            for piece in &text.pieces {
                if let Piece::Msg(m) = piece {
                    out.push(m);
                    for (_, arg) in &m.args {
                        if let Arg::Text(t) = arg {
                            walk(t, out);
                        }
                    }
                }
            }
        }
        walk(self, &mut out);
        out
    }

    /// Whether it says the message `id` (anywhere, arguments included).
    pub fn says(&self, id: &str) -> bool {
        self.messages().iter().any(|m| m.id == id)
    }

    /// The text said in `lang`, names as they are (the console, pictures, pages, logs).
    pub fn render(&self, lang: Lang) -> String {
        self.say(lang, Style::Plain)
    }

    /// The text said in `lang` as chat markdown: every name (arguments' included) escaped
    /// so it shows literally (see [`super::markdown::escape_name`]); the rest as
    /// [`Text::render`] says it.
    pub fn render_markdown(&self, lang: Lang) -> String {
        self.say(lang, Style::Markdown)
    }

    pub(super) fn say(&self, lang: Lang, style: Style) -> String {
        let mut out = String::new();
        for piece in &self.pieces {
            match piece {
                Piece::Msg(m) => out.push_str(&catalogue::render(m, lang, style)),
                Piece::Verbatim(s) => out.push_str(s),
                Piece::Name(s) => match style {
                    Style::Plain => out.push_str(s),
                    Style::Markdown => out.push_str(&super::markdown::escape_name(s)),
                },
                Piece::Typed(s) => match style {
                    Style::Plain => out.push_str(s),
                    Style::Markdown => out.push_str(&super::markdown::escape_typed(s)),
                },
            }
        }
        out
    }
}

impl fmt::Display for Text {
    /// The text in English (logs stay in English).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render(Lang::En))
    }
}

impl From<Msg> for Text {
    fn from(m: Msg) -> Text {
        Text::of(vec![Piece::Msg(m)])
    }
}

impl From<String> for Text {
    fn from(s: String) -> Text {
        Text::verbatim(s)
    }
}

impl From<&String> for Text {
    fn from(s: &String) -> Text {
        Text::verbatim(s.clone())
    }
}

impl From<&str> for Text {
    fn from(s: &str) -> Text {
        Text::verbatim(s)
    }
}

impl From<&Text> for Text {
    fn from(t: &Text) -> Text {
        t.clone()
    }
}

impl<T: Into<Text>> FromIterator<T> for Text {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Text {
        let mut out = Text::new();
        for t in iter {
            out.push(t);
        }
        out
    }
}

/// A [`Msg`]: `msg!("lesson-done", lesson = 3, stars = text)`. Argument names are the
/// Fluent variables without `$`; values are strings, numbers, messages or texts.
#[macro_export]
macro_rules! msg {
    ($id:literal $(, $key:ident = $value:expr)* $(,)?) => {
        $crate::i18n::Msg::new($id)$(.arg(stringify!($key), $value))*
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_join_pieces_and_say_them_in_one_language() {
        let mut t = Text::verbatim("**");
        t.push(msg!("word-south"));
        t.push_str("** ");
        t.push("A4 left");
        assert_eq!(t.pieces().len(), 3, "verbatim neighbours merge: {t:?}");
        assert_eq!(t.render(Lang::En), "**South** A4 left");
        assert_eq!(t.render(Lang::Sw), "**Kusini** A4 left");
        assert_eq!(t.to_string(), "**South** A4 left");
        let mut lines = Text::new();
        lines.line("a");
        lines.line(msg!("word-north"));
        assert_eq!(lines.render(Lang::Sw), "a\nKaskazini");
        assert!(lines.says("word-north") && !lines.says("word-south"));
        assert!(Text::verbatim("").is_empty() && Text::new().is_empty());
    }

    #[test]
    fn nested_messages_are_said_in_the_outer_language() {
        let m = msg!("side-to-move", side = msg!("word-north"));
        assert_eq!(m.render(Lang::En), "North to move");
        assert_eq!(m.render(Lang::Sw), "Zamu ya Kaskazini");
        assert!(Text::from(m).says("word-north"));
    }
}
