-- Migration 6: Post-game analyses, kept per game.

-- Post-game analyses, one per game and node budget.
CREATE TABLE analyses (
    game_id    INTEGER NOT NULL REFERENCES games (id),
    nodes      INTEGER NOT NULL CHECK (nodes > 0),
    data       TEXT NOT NULL,                 -- the analysis as JSON
    created_at INTEGER NOT NULL,
    PRIMARY KEY (game_id, nodes)
) WITHOUT ROWID;
