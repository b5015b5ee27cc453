-- Migration 12: the puzzles of /bao puzzle (docs/puzzles.md). The puzzles themselves are in
-- the program (assets/puzzles); here are the attempts, both sides' puzzle ratings and the
-- daily puzzle's settings and posts. Nothing here touches games or game ratings.

-- Every puzzle shown to a user is an attempt; its id is the token on its buttons.
CREATE TABLE puzzle_attempts (
    token       INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id     INTEGER NOT NULL,                    -- Discord id (u64 bits as i64)
    puzzle_id   TEXT NOT NULL,
    place_key   TEXT NOT NULL,                       -- where it is open
    step        INTEGER NOT NULL DEFAULT 0,          -- solution index of the solver's next move
    rated       INTEGER NOT NULL CHECK (rated IN (0, 1)),
    state       TEXT NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'solved', 'failed', 'left')),
    started_at  INTEGER NOT NULL,
    finished_at INTEGER
);
CREATE INDEX puzzle_attempts_by_user ON puzzle_attempts (user_id, puzzle_id);
-- At most one open attempt a user.
CREATE UNIQUE INDEX puzzle_attempts_one_open ON puzzle_attempts (user_id) WHERE state = 'open';

-- A player's puzzle rating (Glicko-2, tau 0.75) and record; no row: never rated.
CREATE TABLE puzzle_players (
    user_id     INTEGER PRIMARY KEY,
    rating      REAL NOT NULL,
    deviation   REAL NOT NULL,
    volatility  REAL NOT NULL,
    solved      INTEGER NOT NULL DEFAULT 0,          -- rated attempts solved
    failed      INTEGER NOT NULL DEFAULT 0,          -- rated attempts failed
    streak      INTEGER NOT NULL DEFAULT 0,          -- attempts solved in a row (repeats too)
    best_streak INTEGER NOT NULL DEFAULT 0
);

-- A puzzle's rating once it has been played rated; no row: its initial rating.
CREATE TABLE puzzle_ratings (
    puzzle_id   TEXT PRIMARY KEY,
    rating      REAL NOT NULL,
    deviation   REAL NOT NULL,
    volatility  REAL NOT NULL,
    plays       INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;

-- A server's daily puzzle: the channel it is posted in and the hour (UTC).
CREATE TABLE puzzle_daily_settings (
    guild_id    INTEGER PRIMARY KEY,
    channel_id  INTEGER NOT NULL,
    hour        INTEGER NOT NULL CHECK (hour BETWEEN 0 AND 23),
    changed_by  INTEGER NOT NULL,
    changed_at  INTEGER NOT NULL
);

-- Each day's post in each server, claimed before it is sent: a restart never posts twice.
CREATE TABLE puzzle_daily_posts (
    guild_id    INTEGER NOT NULL,
    day         INTEGER NOT NULL,                    -- days since 1970-01-01 (UTC)
    puzzle_id   TEXT NOT NULL,
    claimed_at  INTEGER NOT NULL,
    PRIMARY KEY (guild_id, day)
) WITHOUT ROWID;
