-- Migration 1: Players, games (with pending challenges), challenges and moves.

PRAGMA application_id = 1111576386;

-- One row per Discord user the bot has met.
CREATE TABLE players (
    user_id      INTEGER PRIMARY KEY,            -- Discord id (u64 bits as i64)
    display_name TEXT NOT NULL DEFAULT '',
    dm_failed    INTEGER NOT NULL DEFAULT 0 CHECK (dm_failed IN (0, 1)),
    notify       TEXT NOT NULL DEFAULT 'mention' CHECK (notify IN ('dm', 'mention', 'off')),
    updated_at   INTEGER NOT NULL
);

-- Games, including pending challenges.
CREATE TABLE games (
    id               INTEGER PRIMARY KEY,
    variant          TEXT NOT NULL CHECK (variant IN ('kiswahili', 'kujifunza')),
    rules_version    INTEGER NOT NULL,
    place_key        TEXT NOT NULL,               -- 'c:<channel>' or 'dm:<user>'
    guild_id         INTEGER,
    channel_id       INTEGER,
    dm_user          INTEGER,
    south_user       INTEGER,
    south_ai         TEXT,                        -- AI level when the AI plays South
    north_user       INTEGER,
    north_ai         TEXT,
    status           TEXT NOT NULL
                     CHECK (status IN ('pending', 'active', 'finished', 'aborted')),
    winner           TEXT CHECK (winner IN ('S', 'N')),
    reason           TEXT,
    start_position   TEXT NOT NULL,
    position         TEXT NOT NULL,
    ply              INTEGER NOT NULL DEFAULT 0 CHECK (ply >= 0),
    created_at       INTEGER NOT NULL,
    updated_at       INTEGER NOT NULL,
    last_move_at     INTEGER,
    time_per_move    INTEGER CHECK (time_per_move > 0),
    deadline         INTEGER,
    board_message_id INTEGER,
    draw_offered_by  TEXT CHECK (draw_offered_by IN ('S', 'N')),
    duties_done      INTEGER NOT NULL DEFAULT 0,  -- Duty bits handled for this deadline
    reminder_day     INTEGER NOT NULL DEFAULT 0,  -- unix day counted by reminders_today
    reminders_today  INTEGER NOT NULL DEFAULT 0,
    next_due_at      INTEGER,                     -- next duty or challenge expiry
    CHECK ((dm_user IS NULL) = (channel_id IS NOT NULL AND guild_id IS NOT NULL)),
    CHECK (south_user IS NULL OR south_ai IS NULL),
    CHECK (north_user IS NULL OR north_ai IS NULL),
    CHECK (status IN ('pending', 'aborted') OR (COALESCE(south_user, south_ai) IS NOT NULL
                                             AND COALESCE(north_user, north_ai) IS NOT NULL))
);
-- At most one pending or active game per channel (a thread is its own channel) or DM.
CREATE UNIQUE INDEX games_one_per_place ON games (place_key)
    WHERE status IN ('pending', 'active');
CREATE INDEX games_by_place ON games (place_key, id);
CREATE INDEX games_by_south ON games (south_user, updated_at) WHERE south_user IS NOT NULL;
CREATE INDEX games_by_north ON games (north_user, updated_at) WHERE north_user IS NOT NULL;
CREATE INDEX games_due ON games (next_due_at) WHERE next_due_at IS NOT NULL;

-- The options of games that began as a challenge.
CREATE TABLE challenges (
    game_id         INTEGER PRIMARY KEY REFERENCES games (id),
    challenger      INTEGER NOT NULL,
    challenged      INTEGER NOT NULL,
    challenger_side TEXT NOT NULL CHECK (challenger_side IN ('south', 'north', 'random')),
    expires_at      INTEGER NOT NULL
);
CREATE INDEX challenges_by_challenger ON challenges (challenger);
CREATE INDEX challenges_by_challenged ON challenges (challenged);

-- Every move of every game.
CREATE TABLE moves (
    game_id        INTEGER NOT NULL REFERENCES games (id),
    ply            INTEGER NOT NULL CHECK (ply >= 1),  -- 1 for the first move
    move           TEXT NOT NULL,
    by_user        INTEGER,
    by_ai          TEXT,
    played_at      INTEGER NOT NULL,
    position_after TEXT NOT NULL,
    PRIMARY KEY (game_id, ply),
    CHECK ((by_user IS NULL) <> (by_ai IS NULL))
) WITHOUT ROWID;
