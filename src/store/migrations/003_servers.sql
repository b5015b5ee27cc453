-- Migration 3: the rule set of every game (existing games are `v0.2`), server settings
-- (with who changed each), and the threads bound to games.

-- The rule set a game is played under (docs/rules.md section 10).
ALTER TABLE games ADD COLUMN rule_set TEXT NOT NULL DEFAULT 'v0.2'
    CHECK (rule_set IN ('v0.2', 'r002'));

-- One row per server and setting that someone has changed; a missing row or a NULL value
-- means the bot's default.
CREATE TABLE server_settings (
    guild_id   INTEGER NOT NULL,
    key        TEXT NOT NULL CHECK (key IN ('variant', 'rules', 'time_per_move', 'rated',
                   'placement', 'channels', 'animations', 'max_games')),
    value      TEXT,
    changed_by INTEGER NOT NULL,                  -- Discord id of the member
    changed_at INTEGER NOT NULL,
    PRIMARY KEY (guild_id, key)
) WITHOUT ROWID;

-- Games played in a thread of their own: the thread (the game's place) and the channel the
-- challenge was posted in, where the result goes.
CREATE TABLE game_threads (
    game_id        INTEGER PRIMARY KEY REFERENCES games (id),
    thread_id      INTEGER NOT NULL UNIQUE,
    parent_channel INTEGER NOT NULL
);
