-- Migration 20: a rank on the leaderboard without counting every ranked player (issue 52).
-- Ranked players (5+ rated games, deviation under 110: the condition of `ratings_ranked`)
-- per scope, variant, rule set and band of 25 rating points, kept by the triggers below in
-- the transaction that writes a rating. A player's rank is the players of the bands above
-- theirs plus those above them in their own band (`ratings_ranked_by_band`). The band is
-- CAST((rating + 100000) / 25 AS INTEGER), written the same way here and in the queries (the
-- offset keeps it positive for any rating). A band emptied keeps its row at 0 players.

CREATE TABLE rating_bands (
    scope   INTEGER NOT NULL,
    variant TEXT NOT NULL,
    rules   TEXT NOT NULL,
    band    INTEGER NOT NULL,
    players INTEGER NOT NULL,
    PRIMARY KEY (scope, variant, rules, band)
) WITHOUT ROWID;

CREATE INDEX ratings_ranked_by_band ON ratings
    (scope, variant, rules, CAST((rating + 100000) / 25 AS INTEGER), rating DESC, user_id)
    WHERE games >= 5 AND deviation < 110;

CREATE TRIGGER ratings_band_insert AFTER INSERT ON ratings
WHEN NEW.games >= 5 AND NEW.deviation < 110
BEGIN
    INSERT INTO rating_bands (scope, variant, rules, band, players)
    VALUES (NEW.scope, NEW.variant, NEW.rules, CAST((NEW.rating + 100000) / 25 AS INTEGER), 1)
    ON CONFLICT (scope, variant, rules, band) DO UPDATE SET players = players + 1;
END;

CREATE TRIGGER ratings_band_delete AFTER DELETE ON ratings
WHEN OLD.games >= 5 AND OLD.deviation < 110
BEGIN
    UPDATE rating_bands SET players = players - 1
    WHERE scope = OLD.scope AND variant = OLD.variant AND rules = OLD.rules
      AND band = CAST((OLD.rating + 100000) / 25 AS INTEGER);
END;

CREATE TRIGGER ratings_band_update_leave AFTER UPDATE ON ratings
WHEN OLD.games >= 5 AND OLD.deviation < 110
BEGIN
    UPDATE rating_bands SET players = players - 1
    WHERE scope = OLD.scope AND variant = OLD.variant AND rules = OLD.rules
      AND band = CAST((OLD.rating + 100000) / 25 AS INTEGER);
END;

CREATE TRIGGER ratings_band_update_enter AFTER UPDATE ON ratings
WHEN NEW.games >= 5 AND NEW.deviation < 110
BEGIN
    INSERT INTO rating_bands (scope, variant, rules, band, players)
    VALUES (NEW.scope, NEW.variant, NEW.rules, CAST((NEW.rating + 100000) / 25 AS INTEGER), 1)
    ON CONFLICT (scope, variant, rules, band) DO UPDATE SET players = players + 1;
END;

INSERT INTO rating_bands (scope, variant, rules, band, players)
SELECT scope, variant, rules, CAST((rating + 100000) / 25 AS INTEGER), count(*)
FROM ratings WHERE games >= 5 AND deviation < 110
GROUP BY 1, 2, 3, 4;
