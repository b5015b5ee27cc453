//! [`Conversation`]: the app as a front end calls it, so that a front end's tests can put a
//! scripted stand-in in its place.

use std::time::Duration;

use super::{
    App, AppError, Command, GameId, Notice, Place, Reply, Response, ThreadFailure, ThreadsHere,
    User, UserId,
};

/// What a front end asks of the conversation. [`App`] implements it; the Discord adapter
/// holds an `Arc<dyn Conversation>` and its tests use scripted stand-ins.
///
/// Every method may block (the store, pictures, the AI): async callers run them on a
/// blocking thread. Adding a slash command needs nothing here (it is a new [`Command`]); a
/// new button needs nothing here either (it is a new [`super::Action`]).
pub trait Conversation: Send + Sync + 'static {
    /// Answers a command from `user` at `place`.
    fn handle(&self, user: &User, place: &Place, command: Command) -> Result<Response, AppError>;

    /// Answers a command that may be long work (`/bao-analyze`), calling `progress` with a
    /// line to show meanwhile (the front end shows it at most every 2 s).
    fn handle_with_progress(
        &self,
        user: &User,
        place: &Place,
        command: Command,
        _progress: &(dyn Fn(String) + Send + Sync),
    ) -> Result<Response, AppError> {
        self.handle(user, place, command)
    }

    /// Answers a press of the button with id `id` (which may be forged).
    fn press(&self, user: &User, place: &Place, id: &str) -> Result<Response, AppError>;

    /// [`Conversation::handle_with_progress`] with what the front end knows about opening
    /// a game's thread at `place` (`here`, from the request itself). A stand-in that does
    /// not care answers as `handle_with_progress`.
    fn handle_here(
        &self,
        user: &User,
        place: &Place,
        _here: ThreadsHere,
        command: Command,
        progress: &(dyn Fn(String) + Send + Sync),
    ) -> Result<Response, AppError> {
        self.handle_with_progress(user, place, command, progress)
    }

    /// [`Conversation::press`] with what the front end knows about opening a game's
    /// thread at `place` (`here`), calling `progress` with a line to show meanwhile.
    fn press_here(
        &self,
        user: &User,
        place: &Place,
        _here: ThreadsHere,
        id: &str,
        _progress: &(dyn Fn(String) + Send + Sync),
    ) -> Result<Response, AppError> {
        self.press(user, place, id)
    }

    /// Now, unix ms, by the conversation's clock: the front end stamps each request with its
    /// arrival, which is a move's time on its game clock.
    fn now_ms(&self) -> i64 {
        use super::Clock;
        super::SystemClock.now_ms()
    }

    /// [`Conversation::handle_here`] for a command that arrived at `arrived_ms` (unix ms, by
    /// [`Conversation::now_ms`]). A stand-in that does not care answers as `handle_here`.
    fn handle_arrived(
        &self,
        user: &User,
        place: &Place,
        here: ThreadsHere,
        command: Command,
        _arrived_ms: i64,
        progress: &(dyn Fn(String) + Send + Sync),
    ) -> Result<Response, AppError> {
        self.handle_here(user, place, here, command, progress)
    }

    /// [`Conversation::press_here`] for a press that arrived at `arrived_ms`.
    fn press_arrived(
        &self,
        user: &User,
        place: &Place,
        here: ThreadsHere,
        id: &str,
        _arrived_ms: i64,
        progress: &(dyn Fn(String) + Send + Sync),
    ) -> Result<Response, AppError> {
        self.press_here(user, place, here, id, progress)
    }

    /// Whether the answer may take long (an AI move), so the front end should say
    /// "thinking…" at once. `command` is `None` for a button press. Must be quick: no store.
    fn may_be_slow(&self, _place: &Place, _command: Option<&Command>) -> bool {
        false
    }

    /// How long the pictures of an answer would wait for the render workers, with the work
    /// they have in hand and `others` more requests in hand before this one (each about two
    /// drawings). A front end answers early when this is long.
    fn render_wait(&self, _others: usize) -> Duration {
        Duration::ZERO
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

    /// The front end opened `thread` for `game`, as a [`super::ThreadPlan`] asked: returns
    /// the messages to send (the game's board in the thread).
    fn thread_opened(&self, _game: GameId, _thread: u64) -> Result<Vec<Notice>, AppError> {
        Ok(Vec::new())
    }

    /// The front end did not open the thread a [`super::ThreadPlan`] asked for (`why`):
    /// returns the messages to send (the board in the channel, the challenger's notice).
    fn thread_failed(&self, _game: GameId, _why: ThreadFailure) -> Result<Vec<Notice>, AppError> {
        Ok(Vec::new())
    }

    /// A reply announcing tournament `event` ([`super::Effect::AnnouncesEvent`]) was posted
    /// publicly at `place` as message `message`.
    fn event_posted(&self, _event: i64, _place: &Place, _message: u64) -> Result<(), AppError> {
        Ok(())
    }

    /// The front end saw whether everyone on the server may read the channel at `place`
    /// (its games' pages are public only then).
    fn channel_seen(&self, _place: &Place, _public: bool) -> Result<(), AppError> {
        Ok(())
    }

    /// The language `user` is answered in privately at `place` (theirs, else the server's,
    /// else English): for the few answers a front end makes itself.
    fn lang_of(&self, _user: UserId, _place: &Place) -> Result<crate::i18n::Lang, AppError> {
        Ok(crate::i18n::Lang::En)
    }

    /// An interaction at `place` said whether only a person's install of the app is there
    /// (`app_only`: the bot can only answer interactions) or the bot itself. Stored.
    fn place_reach(&self, _place: &Place, _app_only: bool) -> Result<(), AppError> {
        Ok(())
    }

    /// Where a notice the bot sends on its own goes: one meant for a channel where only the
    /// app is goes by DM to the players instead, and the channel's board catches up on the
    /// next interaction there.
    fn reroute(&self, notice: Notice) -> Result<Vec<Notice>, AppError> {
        Ok(vec![notice])
    }

    /// A public board of `game` could not be shown at `place` (where only the app is): it is
    /// shown on the next interaction there.
    fn board_missed(&self, _place: &Place, _game: GameId) -> Result<(), AppError> {
        Ok(())
    }

    /// The board the channel at `place` has not been shown yet (where only the app is), as
    /// a public reply to add to the answer of `user`'s interaction there, unless that answer
    /// already shows the current board of `shown`.
    fn catch_up(
        &self,
        _user: &User,
        _place: &Place,
        _shown: Option<GameId>,
    ) -> Result<Option<Reply>, AppError> {
        Ok(None)
    }

    /// Once after a refused DM to `user`: a private note on how to get notices.
    fn dm_refusal_note(&self, _user: UserId, _place: &Place) -> Result<Option<Reply>, AppError> {
        Ok(None)
    }

    /// Whether Discord showed `user`'s public answer at `place` to them alone, as its flags
    /// said (stored); when so, what to tell them privately.
    fn place_hidden(
        &self,
        _user: &User,
        _place: &Place,
        _hidden: bool,
    ) -> Result<Option<Reply>, AppError> {
        Ok(None)
    }
}

impl Conversation for App {
    fn handle(&self, user: &User, place: &Place, command: Command) -> Result<Response, AppError> {
        App::handle(self, user, place, command)
    }

    fn handle_with_progress(
        &self,
        user: &User,
        place: &Place,
        command: Command,
        progress: &(dyn Fn(String) + Send + Sync),
    ) -> Result<Response, AppError> {
        App::handle_with_progress(self, user, place, command, progress)
    }

    fn press(&self, user: &User, place: &Place, id: &str) -> Result<Response, AppError> {
        App::press(self, user, place, id)
    }

    fn handle_here(
        &self,
        user: &User,
        place: &Place,
        here: ThreadsHere,
        command: Command,
        progress: &(dyn Fn(String) + Send + Sync),
    ) -> Result<Response, AppError> {
        App::handle_here(self, user, place, here, command, progress)
    }

    fn press_here(
        &self,
        user: &User,
        place: &Place,
        here: ThreadsHere,
        id: &str,
        progress: &(dyn Fn(String) + Send + Sync),
    ) -> Result<Response, AppError> {
        App::press_here(self, user, place, here, id, progress)
    }

    fn now_ms(&self) -> i64 {
        App::now_ms(self)
    }

    fn handle_arrived(
        &self,
        user: &User,
        place: &Place,
        here: ThreadsHere,
        command: Command,
        arrived_ms: i64,
        progress: &(dyn Fn(String) + Send + Sync),
    ) -> Result<Response, AppError> {
        App::handle_arrived(self, user, place, here, command, arrived_ms, progress)
    }

    fn press_arrived(
        &self,
        user: &User,
        place: &Place,
        here: ThreadsHere,
        id: &str,
        arrived_ms: i64,
        progress: &(dyn Fn(String) + Send + Sync),
    ) -> Result<Response, AppError> {
        App::press_arrived(self, user, place, here, id, Some(arrived_ms), progress)
    }

    fn may_be_slow(&self, place: &Place, command: Option<&Command>) -> bool {
        // An AI answers within its level's time cap; DM games are always against the AI.
        match command {
            // An AI game's first move; an analysis or a hint searches.
            Some(Command::Ai { .. } | Command::Analyze { .. } | Command::Hint) => true,
            Some(Command::Move { .. }) | None => place.is_dm(),
            Some(_) => false,
        }
    }

    fn render_wait(&self, others: usize) -> Duration {
        // A move's answer draws its board and its animation.
        self.render_pool().expected_wait_with(2 * others)
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

    fn thread_opened(&self, game: GameId, thread: u64) -> Result<Vec<Notice>, AppError> {
        App::thread_opened(self, game, thread)
    }

    fn thread_failed(&self, game: GameId, why: ThreadFailure) -> Result<Vec<Notice>, AppError> {
        App::thread_failed(self, game, why)
    }

    fn event_posted(&self, event: i64, place: &Place, message: u64) -> Result<(), AppError> {
        App::event_posted(self, event, place, message)
    }

    fn channel_seen(&self, place: &Place, public: bool) -> Result<(), AppError> {
        App::channel_seen(self, place, public)
    }

    fn lang_of(&self, user: UserId, place: &Place) -> Result<crate::i18n::Lang, AppError> {
        App::lang_of(self, user, place)
    }

    fn place_reach(&self, place: &Place, app_only: bool) -> Result<(), AppError> {
        App::place_reach(self, place, app_only)
    }

    fn reroute(&self, notice: Notice) -> Result<Vec<Notice>, AppError> {
        App::reroute(self, notice)
    }

    fn board_missed(&self, place: &Place, game: GameId) -> Result<(), AppError> {
        App::board_missed(self, place, game)
    }

    fn catch_up(
        &self,
        user: &User,
        place: &Place,
        shown: Option<GameId>,
    ) -> Result<Option<Reply>, AppError> {
        App::catch_up(self, user, place, shown)
    }

    fn dm_refusal_note(&self, user: UserId, place: &Place) -> Result<Option<Reply>, AppError> {
        App::dm_refusal_note(self, user, place)
    }

    fn place_hidden(
        &self,
        user: &User,
        place: &Place,
        hidden: bool,
    ) -> Result<Option<Reply>, AppError> {
        App::place_hidden(self, user, place, hidden)
    }
}
