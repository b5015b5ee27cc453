-- Migration 8: Ratings: Glicko-2 ratings per scope, variant and rule set, and every change.

-- Whether a game counts for ratings (games from before ratings existed do not), and the
-- order in which rated games were rated (for the rebuild).
ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0 CHECK (rated IN (0, 1));
ALTER TABLE games ADD COLUMN rating_seq INTEGER;
CREATE UNIQUE INDEX games_by_rating_seq ON games (rating_seq) WHERE rating_seq IS NOT NULL;

-- One Glicko-2 rating per player per scope per variant per rule set.
CREATE TABLE ratings (
    scope      INTEGER NOT NULL,                 -- the guild id; 0 for global
    variant    TEXT NOT NULL CHECK (variant IN ('kiswahili', 'kujifunza')),
    rules      TEXT NOT NULL DEFAULT 'v0.2',     -- the rule set
    user_id    INTEGER NOT NULL,
    rating     REAL NOT NULL,
    deviation  REAL NOT NULL,
    volatility REAL NOT NULL,
    games      INTEGER NOT NULL DEFAULT 0,       -- rated games in this scope
    wins       INTEGER NOT NULL DEFAULT 0,
    losses     INTEGER NOT NULL DEFAULT 0,
    draws      INTEGER NOT NULL DEFAULT 0,
    updated_at INTEGER NOT NULL,                 -- when the last rated game ended
    PRIMARY KEY (scope, variant, rules, user_id)
) WITHOUT ROWID;
-- The leaderboard: ranked players (5+ games, not provisional) best first. The numbers are
-- MIN_RANKED_GAMES and PROVISIONAL_RD, written the same way in the queries that use it.
CREATE INDEX ratings_ranked ON ratings (scope, variant, rules, rating DESC, user_id)
    WHERE games >= 5 AND deviation < 110;
CREATE INDEX ratings_by_user ON ratings (user_id, variant, rules);

-- Both players' ratings before and after every rated game, per scope.
CREATE TABLE rating_changes (
    game_id           INTEGER NOT NULL REFERENCES games (id),
    scope             INTEGER NOT NULL,
    side              TEXT NOT NULL CHECK (side IN ('S', 'N')),
    user_id           INTEGER NOT NULL,
    variant           TEXT NOT NULL,
    rules             TEXT NOT NULL DEFAULT 'v0.2',
    score             REAL NOT NULL CHECK (score IN (0.0, 0.5, 1.0)),
    rating_before     REAL NOT NULL,
    deviation_before  REAL NOT NULL,
    volatility_before REAL NOT NULL,
    rating_after      REAL NOT NULL,
    deviation_after   REAL NOT NULL,
    volatility_after  REAL NOT NULL,
    PRIMARY KEY (game_id, scope, side)
) WITHOUT ROWID;
