-- Migration 17: a server with years of games. Indexes so that start-up and every command
-- read what they show without walking a player's (or the server's) history, and summaries
-- of each player's finished games kept in the transaction that ends a game (`/bao-stats`).
-- The summaries are filled from the stored games by the migration's Rust step
-- (src/store/summaries.rs), in the same transaction as this SQL.

-- Running (pending or active) games by player, by server, and pending challenges: the live
-- games, few, whatever the history.
CREATE INDEX games_running_by_south ON games (south_user)
    WHERE status IN ('pending', 'active') AND south_user IS NOT NULL;
CREATE INDEX games_running_by_north ON games (north_user)
    WHERE status IN ('pending', 'active') AND north_user IS NOT NULL;
CREATE INDEX games_running_by_guild ON games (guild_id)
    WHERE status IN ('pending', 'active');
CREATE INDEX games_pending ON games (id) WHERE status = 'pending';
-- The servers that have a game (the about totals skip from one server to the next).
CREATE INDEX games_by_guild ON games (guild_id) WHERE guild_id IS NOT NULL;
-- Start-up: running clocks to resume, games waiting for their thread, ended games without a
-- reason (none on a database written by this version).
CREATE INDEX games_clock_running ON games (id)
    WHERE status = 'active' AND clock_running IS NOT NULL;
CREATE INDEX games_awaiting_thread ON games (id) WHERE status = 'active' AND thread_bound = 1;
CREATE INDEX games_ended_unexplained ON games (id)
    WHERE status IN ('finished', 'aborted') AND reason IS NULL;

-- A challenge nobody accepted (pending, declined, expired or withdrawn) has no players on
-- its game: `unanswered` finds those of a person without reading their accepted ones. A
-- trigger clears it when the game gets its first player.
ALTER TABLE challenges ADD COLUMN unanswered INTEGER NOT NULL DEFAULT 1
    CHECK (unanswered IN (0, 1));
UPDATE challenges SET unanswered = 0 WHERE game_id IN (
    SELECT id FROM games WHERE COALESCE(south_user, south_ai, north_user, north_ai) IS NOT NULL);
CREATE INDEX challenges_unanswered_by_challenger ON challenges (challenger, game_id)
    WHERE unanswered = 1;
CREATE INDEX challenges_unanswered_by_challenged ON challenges (challenged, game_id)
    WHERE unanswered = 1;
CREATE TRIGGER challenges_answered AFTER UPDATE OF south_user, north_user ON games
    WHEN OLD.south_user IS NULL AND OLD.north_user IS NULL AND OLD.south_ai IS NULL
         AND OLD.north_ai IS NULL
         AND COALESCE(NEW.south_user, NEW.south_ai, NEW.north_user, NEW.north_ai) IS NOT NULL
BEGIN
    UPDATE challenges SET unanswered = 0 WHERE game_id = NEW.id;
END;

-- A player's finished games in a variant, tallied by what `/bao-stats` shows: `against` is
-- 'S' or 'N' (games against people, by the player's side), 'clock:' plus the time control
-- ('clock:' alone: no clock), 'ai:' plus the AI level, or 'vs:' plus the opponent's id
-- (head to head). Keys sort 'N' < 'S' < 'ai:' < 'clock:' < 'vs:'.
CREATE TABLE player_records (
    user_id INTEGER NOT NULL,
    variant TEXT NOT NULL,
    against TEXT NOT NULL,
    wins    INTEGER NOT NULL DEFAULT 0,
    losses  INTEGER NOT NULL DEFAULT 0,
    draws   INTEGER NOT NULL DEFAULT 0,
    rated   INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (user_id, variant, against)
) WITHOUT ROWID;

-- A player's results against people in a variant, in the order the games ended (by
-- `updated_at`, then id): the current and best run of wins and the last results, oldest
-- first ('W', 'L', 'D'), and the last game counted.
CREATE TABLE player_streaks (
    user_id  INTEGER NOT NULL,
    variant  TEXT NOT NULL,
    streak   INTEGER NOT NULL,
    best     INTEGER NOT NULL,
    recent   TEXT NOT NULL,
    last_at  INTEGER NOT NULL,
    last_id  INTEGER NOT NULL,
    PRIMARY KEY (user_id, variant)
) WITHOUT ROWID;

-- How many games have finished (the about totals).
CREATE TABLE game_counts (
    id       INTEGER PRIMARY KEY CHECK (id = 1),
    finished INTEGER NOT NULL
);
