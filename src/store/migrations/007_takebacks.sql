-- Migration 7: Takebacks: the moves each takeback withdrew.

-- Moves taken back: the game went back to `to_ply`, withdrawing `moves` (one per line).
CREATE TABLE takebacks (
    id       INTEGER PRIMARY KEY,
    game_id  INTEGER NOT NULL REFERENCES games (id),
    to_ply   INTEGER NOT NULL CHECK (to_ply >= 0),
    moves    TEXT NOT NULL,
    taken_at INTEGER NOT NULL
);
CREATE INDEX takebacks_by_game ON takebacks (game_id, id);
