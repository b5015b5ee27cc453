//! The game store: players, games (including pending challenges) and moves in one SQLite file.
//!
//! All SQL of bao-bot lives in this module. The API is blocking: async front ends call it
//! inside `spawn_blocking`. A [`Store`] holds one writing connection behind a mutex and, on a
//! file, two read-only ones for queries that only read (WAL: a slow read never holds up a
//! write), so it is `Send + Sync` and can be shared as `Arc<Store>`; several `Store`s (or
//! processes) may open the same file, SQLite's locks and a 5 s busy timeout keep them apart.
//! What each command costs at 100,000 games, and why: docs/database.md.
//!
//! - The schema is versioned (`PRAGMA user_version`, migrations run at open); a database
//!   written by a newer bao-bot is refused, never changed. The file is marked as ours by
//!   `PRAGMA application_id`, so any other file is refused with a clear error.
//! - WAL journal, foreign keys on, and `synchronous=FULL` by default: a commit returns only
//!   once the WAL is on disk, so a move the player was told about survives a power cut.
//!   [`Synchronous::Normal`] (a setting) is faster but may lose the last commits when the
//!   machine loses power (a crash of the process alone loses nothing in either mode).
//! - Every change is one transaction. Changes to a running game compare and swap on its ply:
//!   when two callers race, one wins and the other gets [`StoreError::BoardChanged`] with the
//!   game as it now is.
//! - The store never reads the clock: every operation that stamps a time takes `now` (unix
//!   seconds) from the caller.
//! - At most one pending or active game per place ([`Place::key`]), enforced by a unique
//!   index.
//! - Glicko-2 ratings per server and global, per variant and rule set ([`glicko`], and the
//!   ratings file): a rated game's rating change is written in the transaction that
//!   finishes it, so it is applied exactly once or not at all.
//!
//! A challenge accepted and a first move, as the app does it:
//!
//! ```
//! use bao_bot::rules::{Position, Variant};
//! use bao_bot::store::*;
//!
//! let store = Store::open_in_memory()?;
//! let (now, day) = (1_800_000_000, 86_400);
//! let place = Place::Channel { guild: 1, channel: 2 };
//! let (asha, baraka) = (UserId(10), UserId(20));
//! let pending = store.create_challenge(&NewChallenge {
//!     place,
//!     variant: Variant::Kiswahili,
//!     start_position: Position::start(Variant::Kiswahili).to_string(),
//!     challenger: asha,
//!     challenged: baraka,
//!     challenger_side: SideChoice::North,
//!     time_per_move: Some(day),
//!     now,
//!     expires_at: now + day,
//!     rated: true,
//!     hints: false,
//! })?;
//! let game = store.accept_challenge(
//!     pending.id,
//!     &Player::Human(baraka),
//!     &Player::Human(asha),
//!     now + 60,
//!     Some(now + 60 + day),
//! )?;
//!
//! // Baraka (South) moves: parse, play with the rules, record with compare-and-swap.
//! let pos: Position = game.position.parse()?;
//! let (mv, next, _trace) = pos.play_text("A6 left")?;
//! let game = store.record_move(game.id, game.ply, &NewMove {
//!     text: &mv.to_string(),
//!     by: &Player::Human(baraka),
//!     position_after: &next.to_string(),
//!     now: now + 120,
//!     deadline: Some(now + 120 + day),
//!     end: None,
//! })?;
//! assert_eq!(store.game_in(&place)?.map(|g| g.ply), Some(1));
//! assert_eq!(game.side_of(asha), Some(bao_bot::rules::Side::North));
//!
//! // The same move again, from the old board, loses the race.
//! let stale = store.record_move(game.id, 0, &NewMove {
//!     text: &mv.to_string(),
//!     by: &Player::Human(baraka),
//!     position_after: &next.to_string(),
//!     now: now + 121,
//!     deadline: None,
//!     end: None,
//! });
//! assert!(matches!(stale, Err(StoreError::BoardChanged { .. })));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod analyses;
mod app_only;
mod backup;
mod check;
mod clock_state;
mod clocks;
mod ending;
mod files;
mod games;
pub mod glicko;
#[cfg(test)]
mod history_tests;
mod languages;
mod lessons;
mod levels;
#[cfg(test)]
mod migration_crash_tests;
mod moves;
mod play_links;
mod players;
mod puzzles;
mod rating_bands;
mod rating_queries;
mod ratings;
mod ratings_rebuild;
mod rows;
mod schema;
mod servers;
mod summaries;
mod takebacks;
mod tournament_rounds;
mod tournaments;
mod types;
mod user_prefs;
mod web;

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard};

use rusqlite::Connection;

pub use crate::vocab::TimeControl;
pub use app_only::AppOnlyChannel;
pub use backup::BackupReport;
pub use clock_state::{ClockDue, GameClock, FIRST_MOVE_GRACE_MS, LOW_TIME_MS};
pub use clocks::{ClockEvent, Downtime};
pub use files::wider_than_owner;
pub use glicko::{Rating, Score};
pub use languages::ServerLanguage;
pub use lessons::{LessonStars, LessonStep, OpenLesson};
pub use play_links::{MoveRequest, StoredRequest, REQUEST_ID_MAX};
pub use puzzles::{DailySetting, PuzzleAttempt, PuzzlePlayer, PuzzleRated};
pub use ratings::{
    FinishedGame, PlayerRating, Ranked, RatingChange, RatingsCheck, Scope, MIN_RANKED_GAMES,
};
pub use schema::{APPLICATION_ID, SCHEMA_VERSION};
pub use servers::{SettingKey, SettingValue};
pub use summaries::PROGRESS_TARGET;
pub use summaries::{PlayerSummary, Tally, RECENT_RESULTS};
pub use takebacks::{RequestOutcome, Takeback, TakebackRequest};
pub use tournament_rounds::RoundOutcome;
pub use tournaments::{
    entrants_of, seeded_names, Board, Event, EventId, EventPlayer, EventStatus, JoinOutcome,
    NewEvent,
};
pub use types::{
    Challenge, Duty, Game, GameEnd, GameFilter, GameId, GameStatus, GameThread, NewChallenge,
    NewGame, NewMove, Notify, Place, Player, PlayerProfile, ReplayProblem, ResultReason,
    SideChoice, StoredMove, UserId, DAY,
};
pub use user_prefs::UserPrefs;
pub use web::WEB_SECRET_LEN;

/// The default database file, relative to the working directory.
pub const DEFAULT_DB_PATH: &str = "bao.db";

/// The rules version stamped on new games (bump when a rules change would alter old games).
pub const RULES_VERSION: u32 = 1;

/// What can go wrong in the store.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The file exists but is not an SQLite database.
    #[error("{}: not a database file (expected a bao-bot SQLite database)", path.display())]
    NotADatabase {
        /// The file.
        path: PathBuf,
    },
    /// The file is an SQLite database but damaged.
    #[error("{}: the database is corrupt ({detail}); restore it from a backup", path.display())]
    Corrupt {
        /// The file.
        path: PathBuf,
        /// What SQLite reported.
        detail: String,
    },
    /// An SQLite database of some other program.
    #[error("{}: an SQLite database, but not a bao-bot one; refusing to touch it", path.display())]
    NotBaoDatabase {
        /// The file.
        path: PathBuf,
    },
    /// Written by a newer bao-bot: left unchanged.
    #[error(
        "{}: written by a newer bao-bot (schema version {found}, this build knows up to \
         {known}); upgrade bao-bot — the file was left unchanged",
        path.display()
    )]
    TooNew {
        /// The file.
        path: PathBuf,
        /// Its schema version.
        found: i64,
        /// The newest schema version this build knows.
        known: u32,
    },
    /// The file could not be opened or set up.
    #[error("{}: cannot open the database: {source}", path.display())]
    Open {
        /// The file.
        path: PathBuf,
        /// SQLite's error.
        source: rusqlite::Error,
    },
    /// The connection could not be set up as the store needs it (e.g. no WAL).
    #[error("{}: cannot set the database up: {detail}", path.display())]
    Setup {
        /// The file.
        path: PathBuf,
        /// What failed.
        detail: String,
    },
    /// Migrating the schema failed (the file is unchanged: migrations are one transaction).
    #[error("{}: migrating the database schema failed: {source}", path.display())]
    Migration {
        /// The file.
        path: PathBuf,
        /// The migration error.
        source: rusqlite_migration::Error,
    },
    /// A Swiss round cannot be paired under the absolute rules (nothing was stored).
    #[error("{0}")]
    Unpairable(crate::tournament::TournamentError),
    /// No game has this id.
    #[error("there is no game {0}")]
    NoSuchGame(GameId),
    /// No tournament has this id.
    #[error("there is no tournament {0}")]
    NoSuchEvent(tournaments::EventId),
    /// The game moved on since the caller looked: here it is now.
    #[error("the board changed: game {} is now at move {}", current.id, current.ply)]
    BoardChanged {
        /// The game as it now is.
        current: Box<Game>,
    },
    /// The operation needs another status (e.g. a move on a finished game).
    #[error("game {game} is {status}, not {expected}")]
    WrongStatus {
        /// The game.
        game: GameId,
        /// Its status.
        status: GameStatus,
        /// The status(es) the operation needs, in words.
        expected: &'static str,
    },
    /// A move that arrived once the mover's live clock had run out (or its first move's
    /// grace had ended): not recorded.
    #[error("game {}: the clock ran out before the move arrived", current.id)]
    OutOfTime {
        /// The game as it is (its flag not yet settled, or settled meanwhile).
        current: Box<Game>,
    },
    /// The place already holds a pending or active game.
    #[error("{place} already has a game in progress or pending (game {existing})")]
    PlaceTaken {
        /// The place.
        place: Place,
        /// The game occupying it.
        existing: GameId,
    },
    /// The same two players already have a challenge waiting at this place (a second one
    /// sent at the same moment).
    #[error("a challenge between these players is already waiting (game {existing})")]
    ChallengeWaiting {
        /// The challenge that was stored first.
        existing: GameId,
    },
    /// A move by someone who does not play the game.
    #[error("{by} does not play game {game}")]
    NotAPlayer {
        /// The game.
        game: GameId,
        /// Who tried.
        by: Player,
    },
    /// A takeback request while another is open in the game.
    #[error("game {game} already has an open takeback request ({request})")]
    RequestOpen {
        /// The game.
        game: GameId,
        /// The open request.
        request: i64,
    },
    /// A takeback request answered after it was answered or lapsed.
    #[error("takeback request {request} of game {game} is no longer open")]
    RequestNotOpen {
        /// The game.
        game: GameId,
        /// The request.
        request: i64,
    },
    /// A backup could not be written or did not verify (nothing was left at the target).
    #[error("{}: backup failed: {detail}", path.display())]
    Backup {
        /// The file being written.
        path: PathBuf,
        /// What failed.
        detail: String,
    },
    /// Any other SQLite error.
    #[error("database error: {0}")]
    Sqlite(#[from] rusqlite::Error),
}

impl StoreError {
    /// Whether the write was refused because the game is no longer in the state the caller
    /// saw: another request changed it first (a move, an accept, an ending, an answered or
    /// lapsed takeback request, a challenge taking the place). Nothing was written; the
    /// caller should look again and answer as if it had come a moment later. Every other
    /// error is a real fault.
    pub fn is_stale(&self) -> bool {
        matches!(
            self,
            StoreError::BoardChanged { .. }
                | StoreError::WrongStatus { .. }
                | StoreError::PlaceTaken { .. }
                | StoreError::ChallengeWaiting { .. }
                | StoreError::RequestOpen { .. }
                | StoreError::RequestNotOpen { .. }
        )
    }

    /// The game a stale write was about (none for a place taken by another game, or for any
    /// other error).
    pub fn stale_game(&self) -> Option<GameId> {
        match self {
            StoreError::BoardChanged { current } => Some(current.id),
            StoreError::WrongStatus { game, .. }
            | StoreError::RequestOpen { game, .. }
            | StoreError::RequestNotOpen { game, .. } => Some(*game),
            _ => None,
        }
    }
}

/// How hard SQLite makes sure that a commit is on disk before it returns (`PRAGMA
/// synchronous`, in WAL mode).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Synchronous {
    /// Every commit waits for the WAL to reach the disk: a confirmed move survives a power
    /// cut. The default.
    #[default]
    Full,
    /// Commits do not wait for the disk (it is synced at checkpoints): faster, and safe
    /// against a crash of the process, but a power cut or OS crash may roll back the last
    /// commits, moves the players were already told were played.
    Normal,
}

impl Synchronous {
    /// The setting's text: `full` or `normal`.
    pub fn as_str(self) -> &'static str {
        match self {
            Synchronous::Full => "full",
            Synchronous::Normal => "normal",
        }
    }
}

impl std::str::FromStr for Synchronous {
    type Err = String;

    fn from_str(s: &str) -> Result<Synchronous, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "full" => Ok(Synchronous::Full),
            "normal" => Ok(Synchronous::Normal),
            other => Err(format!(
                "`{other}` is not a synchronous mode: write full (the default: confirmed moves survive a power cut) or normal (faster; a power cut may lose the last moves)"
            )),
        }
    }
}

/// How many read-only connections a store on a file keeps beside its writer.
const READERS: usize = 2;

/// The store: one SQLite connection that writes, behind a mutex, and (on a file) a few
/// read-only ones for queries that only read. See the module docs.
pub struct Store {
    conn: Mutex<Connection>,
    /// Read-only connections (WAL: they read the last commit while the writer writes);
    /// empty in memory, where the writer reads too.
    readers: Vec<Mutex<Connection>>,
    /// The reader the next read tries first.
    next_reader: AtomicUsize,
    path: Option<PathBuf>,
}

impl Drop for Store {
    /// Leaves the planner's statistics up to date for the next start (`PRAGMA optimize`,
    /// cheap: it analyses only the tables whose statistics went stale).
    fn drop(&mut self) {
        // The readers close first: the writer, closing last, checkpoints the write-ahead log
        // and removes it (a read-only connection cannot), so the next open sees a clean
        // shutdown.
        self.readers.clear();
        let _ = self.lock().execute_batch("PRAGMA optimize");
    }
}

impl std::fmt::Debug for Store {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Store").field("path", &self.path).finish()
    }
}

impl Store {
    /// Opens (creating if missing) the database at `path`, checks that it is a bao-bot
    /// database no newer than this build (with `PRAGMA quick_check` when the last shutdown
    /// was unclean: a write-ahead log left beside the file), and migrates it to the current
    /// schema. Commits are [`Synchronous::Full`].
    pub fn open(path: impl AsRef<Path>) -> Result<Store, StoreError> {
        Store::open_with(path, Synchronous::Full)
    }

    /// [`Store::open`] with the given durability of commits.
    pub fn open_with(path: impl AsRef<Path>, sync: Synchronous) -> Result<Store, StoreError> {
        let path = path.as_ref();
        let unclean = schema::unclean_shutdown(path);
        // Only the bot may read it (it holds the web secret): see files.rs.
        let _ = files::create_private(path);
        let mut conn = Connection::open(path).map_err(|e| StoreError::Open {
            path: path.to_path_buf(),
            source: e,
        })?;
        schema::prepare(&mut conn, path, unclean, sync)?;
        let readers = (0..READERS)
            .map(|_| schema::open_reader(path).map(Mutex::new))
            .collect::<Result<_, _>>()?;
        Ok(Store {
            conn: Mutex::new(conn),
            readers,
            next_reader: AtomicUsize::new(0),
            path: Some(path.to_path_buf()),
        })
    }

    /// A fresh database in memory (for tests and the console's throwaway games).
    pub fn open_in_memory() -> Result<Store, StoreError> {
        let path = Path::new(":memory:");
        let mut conn = Connection::open_in_memory().map_err(|e| StoreError::Open {
            path: path.to_path_buf(),
            source: e,
        })?;
        schema::prepare(&mut conn, path, false, Synchronous::Full)?;
        Ok(Store {
            conn: Mutex::new(conn),
            readers: Vec::new(),
            next_reader: AtomicUsize::new(0),
            path: None,
        })
    }

    /// Brings the planner's statistics up to date (`PRAGMA optimize`: it analyses only the
    /// tables whose statistics went stale, a sample of each, so it costs about a
    /// millisecond at 100,000 games). The bot runs it every few hours while it is up, as well
    /// as at every open and close.
    pub fn optimize(&self) -> Result<(), StoreError> {
        self.lock()
            .execute_batch("PRAGMA analysis_limit=1000; PRAGMA optimize")?;
        Ok(())
    }

    /// The file this store was opened from (`None` in memory).
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// The connection's `PRAGMA synchronous` (0 off, 1 normal, 2 full, 3 extra).
    pub fn synchronous(&self) -> Result<i64, StoreError> {
        Ok(self
            .lock()
            .pragma_query_value(None, "synchronous", |r| r.get(0))?)
    }

    /// The schema version of the open database (equal to [`SCHEMA_VERSION`] after open).
    pub fn schema_version(&self) -> Result<u32, StoreError> {
        let v: i64 = self
            .lock()
            .pragma_query_value(None, "user_version", |r| r.get(0))?;
        Ok(v as u32)
    }

    /// The connection, for one operation. A panic while holding it cannot leave a
    /// transaction half done (rusqlite rolls back on drop), so a poisoned lock is reused.
    fn lock(&self) -> MutexGuard<'_, Connection> {
        self.conn.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A read-only connection, for a query that only reads: a free reader if there is one,
    /// else the next in turn (the writer in memory). A slow read never holds up a write.
    fn read(&self) -> MutexGuard<'_, Connection> {
        if self.readers.is_empty() {
            return self.lock();
        }
        let first = self.next_reader.fetch_add(1, Ordering::Relaxed);
        for i in 0..self.readers.len() {
            let reader = &self.readers[(first + i) % self.readers.len()];
            match reader.try_lock() {
                Ok(conn) => return conn,
                Err(std::sync::TryLockError::Poisoned(e)) => return e.into_inner(),
                Err(std::sync::TryLockError::WouldBlock) => {}
            }
        }
        self.readers[first % self.readers.len()]
            .lock()
            .unwrap_or_else(|e| e.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn assert_send_sync<T: Send + Sync>() {}

    #[test]
    fn store_is_send_and_sync() {
        assert_send_sync::<Store>();
    }

    #[test]
    fn commits_are_synchronous_full_unless_normal_is_asked_for() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("bao.db");
        assert_eq!(Store::open(&path).unwrap().synchronous().unwrap(), 2);
        let normal = Store::open_with(&path, Synchronous::Normal).unwrap();
        assert_eq!(normal.synchronous().unwrap(), 1);
        assert_eq!("FULL".parse::<Synchronous>(), Ok(Synchronous::Full));
        assert!("off".parse::<Synchronous>().is_err());
    }

    #[test]
    fn fresh_memory_store_is_at_the_current_schema() {
        let store = Store::open_in_memory().unwrap();
        assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION);
    }
}
