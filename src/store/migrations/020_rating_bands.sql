-- Migration 20: a rank on the leaderboard without counting every ranked player (issue 52).
-- Ranked players (5+ rated games, deviation under 110: the condition of `ratings_ranked`)
-- per scope, variant and rule set, counted at two grains by the triggers below, in the
-- transaction that writes a rating: per rating point (`rating_points`, the point being
-- CAST(rating + 100000 AS INTEGER); the offset keeps it positive for any rating) and per
-- band of 25 points (`rating_bands`, the band being point / 25). A player's rank counts the
-- players of the bands above theirs, of the points above theirs in their band, and those
-- above them on their own point (`ratings_ranked_by_point`): a few hundred rows at most,
-- however many players. A count emptied keeps its row at 0 players.

CREATE TABLE rating_bands (
    scope   INTEGER NOT NULL,
    variant TEXT NOT NULL,
    rules   TEXT NOT NULL,
    band    INTEGER NOT NULL,
    players INTEGER NOT NULL,
    PRIMARY KEY (scope, variant, rules, band)
) WITHOUT ROWID;

CREATE TABLE rating_points (
    scope   INTEGER NOT NULL,
    variant TEXT NOT NULL,
    rules   TEXT NOT NULL,
    point   INTEGER NOT NULL,
    players INTEGER NOT NULL,
    PRIMARY KEY (scope, variant, rules, point)
) WITHOUT ROWID;

CREATE INDEX ratings_ranked_by_point ON ratings
    (scope, variant, rules, CAST(rating + 100000 AS INTEGER), rating DESC, user_id)
    WHERE games >= 5 AND deviation < 110;

CREATE TRIGGER ratings_band_insert AFTER INSERT ON ratings
WHEN NEW.games >= 5 AND NEW.deviation < 110
BEGIN
    INSERT INTO rating_bands (scope, variant, rules, band, players)
    VALUES (NEW.scope, NEW.variant, NEW.rules, CAST(NEW.rating + 100000 AS INTEGER) / 25, 1)
    ON CONFLICT (scope, variant, rules, band) DO UPDATE SET players = players + 1;
    INSERT INTO rating_points (scope, variant, rules, point, players)
    VALUES (NEW.scope, NEW.variant, NEW.rules, CAST(NEW.rating + 100000 AS INTEGER), 1)
    ON CONFLICT (scope, variant, rules, point) DO UPDATE SET players = players + 1;
END;

CREATE TRIGGER ratings_band_delete AFTER DELETE ON ratings
WHEN OLD.games >= 5 AND OLD.deviation < 110
BEGIN
    UPDATE rating_bands SET players = players - 1
    WHERE scope = OLD.scope AND variant = OLD.variant AND rules = OLD.rules
      AND band = CAST(OLD.rating + 100000 AS INTEGER) / 25;
    UPDATE rating_points SET players = players - 1
    WHERE scope = OLD.scope AND variant = OLD.variant AND rules = OLD.rules
      AND point = CAST(OLD.rating + 100000 AS INTEGER);
END;

CREATE TRIGGER ratings_band_update_leave AFTER UPDATE ON ratings
WHEN OLD.games >= 5 AND OLD.deviation < 110
BEGIN
    UPDATE rating_bands SET players = players - 1
    WHERE scope = OLD.scope AND variant = OLD.variant AND rules = OLD.rules
      AND band = CAST(OLD.rating + 100000 AS INTEGER) / 25;
    UPDATE rating_points SET players = players - 1
    WHERE scope = OLD.scope AND variant = OLD.variant AND rules = OLD.rules
      AND point = CAST(OLD.rating + 100000 AS INTEGER);
END;

CREATE TRIGGER ratings_band_update_enter AFTER UPDATE ON ratings
WHEN NEW.games >= 5 AND NEW.deviation < 110
BEGIN
    INSERT INTO rating_bands (scope, variant, rules, band, players)
    VALUES (NEW.scope, NEW.variant, NEW.rules, CAST(NEW.rating + 100000 AS INTEGER) / 25, 1)
    ON CONFLICT (scope, variant, rules, band) DO UPDATE SET players = players + 1;
    INSERT INTO rating_points (scope, variant, rules, point, players)
    VALUES (NEW.scope, NEW.variant, NEW.rules, CAST(NEW.rating + 100000 AS INTEGER), 1)
    ON CONFLICT (scope, variant, rules, point) DO UPDATE SET players = players + 1;
END;

INSERT INTO rating_points (scope, variant, rules, point, players)
SELECT scope, variant, rules, CAST(rating + 100000 AS INTEGER), count(*)
FROM ratings WHERE games >= 5 AND deviation < 110
GROUP BY 1, 2, 3, 4;

INSERT INTO rating_bands (scope, variant, rules, band, players)
SELECT scope, variant, rules, point / 25, sum(players)
FROM rating_points GROUP BY 1, 2, 3, 4;
