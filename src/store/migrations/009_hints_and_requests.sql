-- Migration 9: Hints agreed in a challenge, and takeback requests between people.

-- Whether both players agreed to hints (the challenge said hints: true).
ALTER TABLE games ADD COLUMN hints INTEGER NOT NULL DEFAULT 0 CHECK (hints IN (0, 1));
-- Who asked for a takeback (NULL for takebacks stored before this column).
ALTER TABLE takebacks ADD COLUMN asked_by INTEGER;

-- Takeback requests between people: `asked_by` asked, on the board after ply `ply`, to take
-- back `move` (that ply); the opponent accepts or declines, or the request lapses.
CREATE TABLE takeback_requests (
    id          INTEGER PRIMARY KEY,
    game_id     INTEGER NOT NULL REFERENCES games (id),
    ply         INTEGER NOT NULL CHECK (ply >= 1),
    move        TEXT NOT NULL,
    asked_by    INTEGER NOT NULL,
    asked_at    INTEGER NOT NULL,
    outcome     TEXT NOT NULL DEFAULT 'open'
                CHECK (outcome IN ('open', 'accepted', 'declined', 'lapsed')),
    answered_at INTEGER
);
CREATE INDEX takeback_requests_by_game ON takeback_requests (game_id, id);
-- One open request per game.
CREATE UNIQUE INDEX takeback_requests_open ON takeback_requests (game_id)
    WHERE outcome = 'open';
