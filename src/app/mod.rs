//! The bot's conversation, transport-free: (user, place, command) in, plain replies out.
//!
//! Discord (`src/discord/`) and the terminal (`src/console/`) are thin front ends over
//! [`App`]: they turn what people do into a [`Command`] or a button id, call [`App::handle`]
//! or [`App::press`], and deliver the [`Response`]. Everything here is blocking (SQLite, AI
//! search, rendering): async front ends call it from `spawn_blocking`. AI searches are capped
//! by [`Settings::max_concurrent_searches`] so many AI games never starve other commands.

mod ai_pool;
mod correspondence;
mod parse;
mod play;
mod ratings;
mod types;
mod view;

use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;

use crate::rules::{Position, Side};
use crate::store::{Game, GameId, Place, Player, Store, StoreError, UserId};

pub use parse::{command_line, span, time_per_move, SUBCOMMANDS};
pub use ratings::{change_words, signed};
pub use types::{
    Attachment, Button, ButtonStyle, Command, Destination, Notice, RatingScope, Reply, Response,
    Settings, User,
};
pub use view::utc;

/// What failed inside the bot (not the user's mistake): the front end logs it and tells the
/// user that something went wrong.
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// A stored position could not be read back.
    #[error("game {game}: stored position is unreadable: {detail}")]
    Corrupt {
        /// The game.
        game: GameId,
        /// What was wrong.
        detail: String,
    },
}

/// The message showing `game`'s board (or challenge), with the place it is in.
fn shown_board(game: &Game) -> Option<(Place, u64)> {
    game.board_message.map(|m| (game.place, m))
}

/// Where the time comes from: the system clock, or a test's hand.
pub trait Clock: Send + Sync {
    /// Now, in unix seconds.
    fn now(&self) -> i64;
}

/// The system clock.
#[derive(Debug, Default, Clone, Copy)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> i64 {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_secs() as i64)
            .unwrap_or(0)
    }
}

/// A clock that only moves when told to (tests).
#[derive(Debug, Default)]
pub struct ManualClock(AtomicI64);

impl ManualClock {
    /// A clock standing at `now`.
    pub fn new(now: i64) -> ManualClock {
        ManualClock(AtomicI64::new(now))
    }

    /// Moves the clock on by `secs`.
    pub fn advance(&self, secs: i64) {
        self.0.fetch_add(secs, Ordering::SeqCst);
    }

    /// Sets the clock.
    pub fn set(&self, now: i64) {
        self.0.store(now, Ordering::SeqCst);
    }
}

impl Clock for ManualClock {
    fn now(&self) -> i64 {
        self.0.load(Ordering::SeqCst)
    }
}

/// The conversation over one store.
pub struct App {
    store: Arc<Store>,
    clock: Arc<dyn Clock>,
    settings: Settings,
    ai: ai_pool::AiPool,
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
        let ai = ai_pool::AiPool::new(settings.max_concurrent_searches.max(1));
        App {
            store,
            clock,
            settings,
            ai,
        }
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
        let now = self.clock.now();
        self.store.upsert_player(user.id, &user.name, now)?;
        match command {
            Command::Challenge {
                opponent,
                variant,
                side,
                time_per_move,
            } => self.challenge(user, place, &opponent, variant, side, time_per_move, None),
            Command::Accept => self.with_game_here(user, place, |g| self.accept(user, g)),
            Command::Decline => self.with_game_here(user, place, |g| self.decline(user, g)),
            Command::Move { text, game } => match self.find_game(user, place, game, true)? {
                Ok(g) => self.play_move(user, g, &text),
                Err(r) => Ok(r.into()),
            },
            Command::Board { game } => match self.find_game(user, place, game, false)? {
                Ok(g) => self.show_board(user, &g),
                Err(r) => Ok(r.into()),
            },
            Command::Moves => self.with_game_here(user, place, |g| self.list_moves(&g)),
            Command::History { game } => match self.find_game(user, place, game, false)? {
                Ok(g) => self.history(&g),
                Err(r) => Ok(r.into()),
            },
            Command::Resign => self.with_game_here(user, place, |g| self.resign(user, g)),
            Command::Draw => self.with_game_here(user, place, |g| self.draw(user, g)),
            Command::Abort => self.with_game_here(user, place, |g| self.abort(user, g)),
            Command::Ai {
                level,
                side,
                variant,
            } => self.start_ai(user, place, level, side, variant),
            Command::Games => self.my_games(user),
            Command::Rules => Ok(Reply::private(view::RULES_TEXT).into()),
            Command::Help => Ok(Reply::private(view::HELP_TEXT).into()),
            Command::Notify(mode) => {
                self.store.set_notify(user.id, mode, now)?;
                Ok(Reply::private(view::notify_text(mode)).into())
            }
            Command::Claim => self.with_game_here(user, place, |g| self.claim(user, g)),
            Command::Leaderboard { variant, scope } => {
                self.leaderboard(user, place, variant, scope)
            }
            Command::Stats { player, variant } => self.stats(user, place, player.as_ref(), variant),
        }
    }

    /// Answers a button press; `id` is the button's id as the app made it.
    pub fn press(&self, user: &User, place: &Place, id: &str) -> Result<Response, AppError> {
        let now = self.clock.now();
        self.store.upsert_player(user.id, &user.name, now)?;
        let parts: Vec<&str> = id.splitn(5, ':').collect();
        let game_id = parts.get(2).and_then(|g| g.parse::<i64>().ok()).map(GameId);
        let ply = parts.get(3).and_then(|p| p.parse::<u32>().ok());
        let (Some("bao"), Some(game_id)) = (parts.first().copied(), game_id) else {
            return Ok(Reply::private("That button is not one of mine.").into());
        };
        let Some(game) = self.store.game(game_id)? else {
            return Ok(Reply::private(format!("Game {game_id} no longer exists.")).into());
        };
        if place.is_dm() && game.place != *place && !game.involves(user.id) {
            return Ok(Reply::private("That game is not yours to see.").into());
        }
        let action = parts.get(1).copied().unwrap_or("");
        if let Some(ply) = ply {
            if ply != game.ply || !game.status.is_ongoing() {
                return self.out_of_date(user, &game);
            }
        }
        match action {
            "m" => {
                let text = parts.get(4).copied().unwrap_or("");
                self.play_move(user, game, text)
            }
            "accept" => self.accept(user, game),
            "decline" => self.decline(user, game),
            "draw" => self.draw(user, game),
            "board" => {
                let mut r = self.show_board(user, &game)?;
                r.reply.ephemeral = true;
                Ok(r)
            }
            "moves" => self.list_moves(&game),
            _ => Ok(Reply::private("That button is not one of mine.").into()),
        }
    }

    /// Move suggestions for autocomplete: the caller's legal moves in the game here (or
    /// `game`), filtered by what is typed, at most 25.
    pub fn suggest_moves(
        &self,
        user: &User,
        place: &Place,
        game: Option<GameId>,
        typed: &str,
    ) -> Result<Vec<String>, AppError> {
        let game = match self.find_game(user, place, game, true)? {
            Ok(g) => g,
            Err(_) => return Ok(Vec::new()),
        };
        let pos = self.position(&game)?;
        if game.side_of(user.id) != Some(pos.turn()) {
            return Ok(Vec::new());
        }
        let typed = typed.trim().to_ascii_lowercase();
        let words: Vec<&str> = typed.split_whitespace().collect();
        Ok(pos
            .legal_moves()
            .iter()
            .map(|m| m.to_string())
            .filter(|m| {
                let lower = m.to_ascii_lowercase();
                words.iter().all(|w| lower.contains(w))
            })
            .take(25)
            .collect())
    }

    /// The front end posted the board of `game` at `ply` as message `message`: remember it,
    /// so the next move can remove its buttons.
    pub fn board_posted(&self, game: GameId, ply: u32, message: u64) -> Result<(), AppError> {
        if let Some(g) = self.store.game(game)? {
            if g.ply == ply {
                self.store.set_board_message(game, Some(message))?;
            }
        }
        Ok(())
    }

    /// Discord refused a DM to `user`: never try again (until they talk to the bot in DMs).
    pub fn dm_failed(&self, user: UserId) -> Result<(), AppError> {
        self.store.set_dm_failed(user, true, self.clock.now())?;
        Ok(())
    }

    // ----- shared lookups -----

    fn position(&self, game: &Game) -> Result<Position, AppError> {
        game.position.parse().map_err(|e| AppError::Corrupt {
            game: game.id,
            detail: format!("{e}"),
        })
    }

    /// Runs `f` on the ongoing game at `place`, or answers that there is none.
    fn with_game_here(
        &self,
        user: &User,
        place: &Place,
        f: impl FnOnce(Game) -> Result<Response, AppError>,
    ) -> Result<Response, AppError> {
        match self.find_game(user, place, None, true)? {
            Ok(g) => f(g),
            Err(r) => Ok(r.into()),
        }
    }

    /// The game a command is about: `id` if given (which the caller must be allowed to see),
    /// else the ongoing game at `place`, else (when `ongoing_only` is false) the last game
    /// played there. `Err` holds the private answer when there is none.
    fn find_game(
        &self,
        user: &User,
        place: &Place,
        id: Option<GameId>,
        ongoing_only: bool,
    ) -> Result<Result<Game, Reply>, AppError> {
        if let Some(id) = id {
            return Ok(match self.store.game(id)? {
                Some(g) if g.place.is_dm() && !g.involves(user.id) => Err(Reply::private(format!(
                    "Game {id} is a private game between other people."
                ))),
                Some(g) if ongoing_only && !g.involves(user.id) => Err(Reply::private(format!(
                    "You are not playing in game {id}; only its players can act in it."
                ))),
                Some(g) => Ok(g),
                None => Err(Reply::private(format!(
                    "There is no game {id}. `/bao games` lists yours."
                ))),
            });
        }
        if let Some(g) = self.store.game_in(place)? {
            return Ok(Ok(g));
        }
        if !ongoing_only {
            if let Some(g) = self.store.games_in(place, 1)?.into_iter().next() {
                return Ok(Ok(g));
            }
        }
        let hint = if place.is_dm() {
            "There is no game here. Start one against the AI with `/bao ai` (or `/bao games` for your games elsewhere)."
        } else {
            "There is no game in this channel. Start one with `/bao challenge @someone` or `/bao ai`."
        };
        Ok(Err(Reply::private(hint)))
    }

    /// The name to show for a player.
    fn name(&self, player: Option<&Player>) -> String {
        match player {
            Some(Player::Human(id)) => match self.store.player(*id) {
                Ok(Some(p)) if !p.display_name.is_empty() => p.display_name,
                _ => format!("user {id}"),
            },
            Some(Player::Ai { level }) => format!("AI ({level})"),
            None => "?".into(),
        }
    }

    /// The name of whoever plays `side` in `game`.
    fn side_name(&self, game: &Game, side: Side) -> String {
        self.name(game.player(side))
    }
}
