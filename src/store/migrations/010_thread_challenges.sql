-- Migration 10: challenges waiting for a thread of their own. A challenge made in a channel
-- in thread placement does not hold the channel: any number of them may wait there at once
-- (`thread_bound = 1`), each game moving to its thread once accepted. The channel's own
-- game (placement `channel`, AI games, a game that could not get its thread) is still one
-- per channel, and a thread holds one game.

ALTER TABLE games ADD COLUMN thread_bound INTEGER NOT NULL DEFAULT 0
    CHECK (thread_bound IN (0, 1));
DROP INDEX games_one_per_place;
CREATE UNIQUE INDEX games_one_per_place ON games (place_key)
    WHERE status IN ('pending', 'active') AND thread_bound = 0;
