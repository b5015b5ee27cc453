-- Migration 13: tournaments. An event (round robin, double round robin or Swiss) with its
-- players, its rounds and one row per board. A board's game is an ordinary game row; its
-- result is copied onto the board in the transaction that finishes the game, so points are
-- read from the boards, never counted twice. A round's row, its boards and their games
-- are written in one transaction: a round is either wholly paired or not at all.

CREATE TABLE tournaments (
    id              INTEGER PRIMARY KEY,
    name            TEXT NOT NULL,
    guild_id        INTEGER,
    channel_id      INTEGER NOT NULL,
    creator         INTEGER NOT NULL,
    variant         TEXT NOT NULL,
    start_position  TEXT NOT NULL,
    format          TEXT NOT NULL
        CHECK (format IN ('round-robin', 'double-round-robin', 'swiss')),
    swiss_rounds    INTEGER,
    time_per_move   INTEGER,
    round_time      INTEGER,
    rated           INTEGER NOT NULL CHECK (rated IN (0, 1)),
    signup_closes_at INTEGER,
    max_players     INTEGER,
    status          TEXT NOT NULL
        CHECK (status IN ('signup', 'running', 'paused', 'finished', 'cancelled')),
    announcement_message INTEGER,
    created_at      INTEGER NOT NULL,
    started_at      INTEGER,
    ended_at        INTEGER
);
CREATE INDEX tournaments_by_status ON tournaments (status);

CREATE TABLE tournament_players (
    tournament_id   INTEGER NOT NULL REFERENCES tournaments (id),
    user_id         INTEGER NOT NULL,
    name            TEXT NOT NULL,
    rating          REAL NOT NULL,
    joined_at       INTEGER NOT NULL,
    -- The start rank from 0, fixed when the event starts.
    seed            INTEGER,
    -- Set when the player withdrew or was removed after the start.
    left_at         INTEGER,
    PRIMARY KEY (tournament_id, user_id),
    UNIQUE (tournament_id, seed)
);

CREATE TABLE tournament_rounds (
    tournament_id   INTEGER NOT NULL REFERENCES tournaments (id),
    round           INTEGER NOT NULL,
    started_at      INTEGER NOT NULL,
    deadline        INTEGER,
    PRIMARY KEY (tournament_id, round)
);

CREATE TABLE tournament_boards (
    tournament_id   INTEGER NOT NULL,
    round           INTEGER NOT NULL,
    board           INTEGER NOT NULL,
    south_seed      INTEGER NOT NULL,
    north_seed      INTEGER,
    game_id         INTEGER UNIQUE REFERENCES games (id),
    outcome         TEXT CHECK (outcome IN
        ('south', 'north', 'draw', 'south-forfeit', 'north-forfeit', 'bye', 'sit-out')),
    PRIMARY KEY (tournament_id, round, board),
    FOREIGN KEY (tournament_id, round) REFERENCES tournament_rounds (tournament_id, round)
);
