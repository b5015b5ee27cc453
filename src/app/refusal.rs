//! Saying no, in one place.
//!
//! A command that cannot be done answers its asker privately with what was wrong and what
//! would be right. Handlers say so with `Err(refuse(..))` (or `?` on a prepared refusal)
//! and return an [`Answer`]; [`super::App`] turns a [`Halt::Refused`] into that private
//! reply. A store write that finds the game no longer in the state the handler saw (another
//! request won a race: see [`StoreError::is_stale`]) is not a fault either: it stops the
//! handler as [`Halt::Stale`], and the app answers the command again against the game as it
//! now is, which gives the asker exactly the answer they would have had a moment later.

use super::AppError;
use super::{Reply, Response};
use crate::store::StoreError;

/// Why a command stopped short of its answer.
#[derive(Debug)]
pub(crate) enum Halt {
    /// The asker's mistake, or a state that does not allow the command: this private answer.
    Refused(Box<Response>),
    /// The game changed between the handler's checks and its write: answer again.
    Stale(StoreError),
    /// A real fault (the database, a bug): the front end logs it.
    Failed(AppError),
}

/// What a command handler returns.
pub(crate) type Answer = Result<Response, Halt>;

/// A private refusal with `text`.
pub(crate) fn refuse(text: impl Into<crate::i18n::Text>) -> Halt {
    Halt::Refused(Box::new(Reply::private(text).into()))
}

impl From<Reply> for Halt {
    /// A prepared refusal (already private).
    fn from(reply: Reply) -> Halt {
        Halt::Refused(Box::new(reply.into()))
    }
}

impl From<StoreError> for Halt {
    fn from(e: StoreError) -> Halt {
        if e.is_stale() {
            Halt::Stale(e)
        } else {
            Halt::Failed(AppError::Store(e))
        }
    }
}

impl From<crate::render::PoolError> for Halt {
    fn from(e: crate::render::PoolError) -> Halt {
        Halt::Failed(AppError::Render(e))
    }
}

impl From<AppError> for Halt {
    fn from(e: AppError) -> Halt {
        match e {
            AppError::Store(e) => e.into(),
            other => Halt::Failed(other),
        }
    }
}
