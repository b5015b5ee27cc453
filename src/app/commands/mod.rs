//! The command handlers, one file per family. Each file adds its commands' handlers to
//! [`super::App`] (as `impl App` blocks), with their private helpers; [`super::App::run`]
//! finds the game a command is about and calls its handler.

pub(super) mod analysis;
pub(super) mod challenge;
mod endings;
pub(super) mod language;
pub(super) mod learn;
mod moves;
mod prefs;
mod puzzle;
mod puzzle_daily;

pub use puzzle_daily::daily_puzzle_channel;
pub(super) mod ratings;
pub(super) mod reference;
mod replay;
pub(super) mod settings;
mod takeback;
pub(super) mod threads;
pub(super) mod tournament;
pub(super) use tournament::{format_words, rule_set_of};
mod tournament_rounds;
mod views;
