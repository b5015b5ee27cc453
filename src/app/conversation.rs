//! [`Conversation`]: the app as a front end calls it, so that a front end's tests can put a
//! scripted stand-in in its place.

use super::{App, AppError, Command, GameId, Place, Response, User, UserId};

/// What a front end asks of the conversation. [`App`] implements it; the Discord adapter
/// holds an `Arc<dyn Conversation>` and its tests use scripted stand-ins.
///
/// Every method may block (the store, pictures, the AI): async callers run them on a
/// blocking thread. Adding a slash command needs nothing here (it is a new [`Command`]); a
/// new button needs nothing here either (it is a new [`super::Action`]).
pub trait Conversation: Send + Sync + 'static {
    /// Answers a command from `user` at `place`.
    fn handle(&self, user: &User, place: &Place, command: Command) -> Result<Response, AppError>;

    /// Answers a press of the button with id `id` (which may be forged).
    fn press(&self, user: &User, place: &Place, id: &str) -> Result<Response, AppError>;

    /// Whether the answer may take long (an AI move), so the front end should say
    /// "thinking…" at once. `command` is `None` for a button press. Must be quick: no store.
    fn may_be_slow(&self, _place: &Place, _command: Option<&Command>) -> bool {
        false
    }

    /// Suggestions for the move being typed in `game` (or the game here), at most 25.
    fn suggest_moves(
        &self,
        _user: &User,
        _place: &Place,
        _game: Option<GameId>,
        _typed: &str,
    ) -> Result<Vec<String>, AppError> {
        Ok(Vec::new())
    }

    /// A reply with [`super::Reply::board`] `(game, ply)` was posted publicly at `place` as
    /// message `message`. Returns whether it is now the game's recorded board: only then
    /// may the front end give it its buttons.
    fn board_posted(
        &self,
        game: GameId,
        ply: u32,
        place: &Place,
        message: u64,
    ) -> Result<bool, AppError>;

    /// The platform refused a DM to `user`: do not try again.
    fn dm_failed(&self, user: UserId) -> Result<(), AppError>;
}

impl Conversation for App {
    fn handle(&self, user: &User, place: &Place, command: Command) -> Result<Response, AppError> {
        App::handle(self, user, place, command)
    }

    fn press(&self, user: &User, place: &Place, id: &str) -> Result<Response, AppError> {
        App::press(self, user, place, id)
    }

    fn may_be_slow(&self, place: &Place, command: Option<&Command>) -> bool {
        // An AI answers within its level's time cap; DM games are always against the AI.
        match command {
            Some(Command::Ai { .. }) => true,
            Some(Command::Move { .. }) | None => place.is_dm(),
            Some(_) => false,
        }
    }

    fn suggest_moves(
        &self,
        user: &User,
        place: &Place,
        game: Option<GameId>,
        typed: &str,
    ) -> Result<Vec<String>, AppError> {
        App::suggest_moves(self, user, place, game, typed)
    }

    fn board_posted(
        &self,
        game: GameId,
        ply: u32,
        place: &Place,
        message: u64,
    ) -> Result<bool, AppError> {
        App::board_posted(self, game, ply, place, message)
    }

    fn dm_failed(&self, user: UserId) -> Result<(), AppError> {
        App::dm_failed(self, user)
    }
}
