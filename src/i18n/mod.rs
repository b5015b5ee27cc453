//! What the bot says, in the reader's language: the message catalogue (Project Fluent,
//! `assets/i18n/<lang>/*.ftl`, embedded at compile time), the languages ([`Lang`]), and the
//! values the app returns instead of English sentences: a [`Msg`] (a message id with its
//! arguments, built with [`crate::msg!`]) and a [`Text`] (messages and verbatim pieces such
//! as names, move notation and the text board).
//!
//! Transport-free and pure: nothing here knows who reads. The app decides the language
//! (docs/i18n.md: a person's choice, else the server's, else English) and puts it on each
//! reply; the front ends call [`Text::render`] with it. [`words`] says the rules' own
//! things (sides, end reasons, a move's trace, move errors) as messages, and
//! [`render_words`] gives the picture code its words in a language. Names people chose are
//! a piece of their own ([`Text::name`]), escaped only where the text is chat markdown
//! ([`Text::render_markdown`], [`markdown`]).

mod catalogue;
mod lang;
pub mod markdown;

mod text;
pub mod words;

pub use catalogue::lookup;
pub use lang::{Lang, UnknownLang};
pub use text::{Arg, Msg, Piece, Text};
