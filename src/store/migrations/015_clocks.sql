-- Migration 15: game clocks (issue 37). A clocked game stores its time control, each side's
-- bank when the running clock started, which clock runs and since when (unix ms): the time
-- left is always worked out from these stored times. `clock_due_ms` is when the clock task
-- next has something to do for a live clock (a low-time ping, the end of a first move's
-- grace, a flag), indexed so the task sleeps until the earliest. Each move keeps the mover's
-- bank after it (the record's [%clk]). The bot's heartbeat is its last sign of life: at
-- start the downtime since then is given back to the running clocks. Server settings gain
-- `clock`, the default time control of challenges.

ALTER TABLE games ADD COLUMN clock_base_ms INTEGER CHECK (clock_base_ms > 0);
ALTER TABLE games ADD COLUMN clock_increment_ms INTEGER CHECK (clock_increment_ms >= 0);
-- Set for correspondence clocks (days), whose banks are capped; NULL for live clocks.
ALTER TABLE games ADD COLUMN clock_cap_ms INTEGER;
ALTER TABLE games ADD COLUMN clock_south_ms INTEGER;
ALTER TABLE games ADD COLUMN clock_north_ms INTEGER;
ALTER TABLE games ADD COLUMN clock_running TEXT CHECK (clock_running IN ('S', 'N'));
ALTER TABLE games ADD COLUMN clock_since_ms INTEGER;
-- Bits (South 1, North 2): the sides that have made their first move, and those pinged
-- for low time.
ALTER TABLE games ADD COLUMN clock_moved INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN clock_pinged INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN clock_due_ms INTEGER;
CREATE INDEX games_clock_due ON games (clock_due_ms) WHERE clock_due_ms IS NOT NULL;

ALTER TABLE moves ADD COLUMN clock_ms INTEGER;

CREATE TABLE heartbeat (
    id    INTEGER PRIMARY KEY CHECK (id = 1),
    at_ms INTEGER NOT NULL
);

-- The settings table again, its keys with `clock` (SQLite cannot change a CHECK in place).
CREATE TABLE server_settings_new (
    guild_id   INTEGER NOT NULL,
    key        TEXT NOT NULL CHECK (key IN ('variant', 'rules', 'time_per_move', 'rated',
                   'placement', 'channels', 'animations', 'max_games', 'clock')),
    value      TEXT,
    changed_by INTEGER NOT NULL,
    changed_at INTEGER NOT NULL,
    PRIMARY KEY (guild_id, key)
) WITHOUT ROWID;
INSERT INTO server_settings_new SELECT guild_id, key, value, changed_by, changed_at
    FROM server_settings;
DROP TABLE server_settings;
ALTER TABLE server_settings_new RENAME TO server_settings;
