-- Migration 19: places where only a person's install of the app is (issue 48): a DM or
-- group DM between people, or a server's channel without the bot. The bot can only answer
-- interactions there, so what it could not show is kept here for the next interaction:
-- the game whose board the channel has not seen since (a notice sent by DM instead, a
-- board refused when a token ran out), and whether Discord showed the bot's public
-- answers to the asker alone. And whether a player whose DMs are refused (`dm_failed`)
-- has been told how to get notices (once).

CREATE TABLE app_only_channels (
    channel_id  INTEGER PRIMARY KEY,              -- Discord id of the channel
    guild_id    INTEGER NOT NULL,                 -- 0 for a DM or group DM between people
    behind_game INTEGER,                          -- a game whose current board it has not seen
    hidden      INTEGER NOT NULL DEFAULT 0,       -- answers there are seen by the asker alone
    seen_at     INTEGER NOT NULL                  -- unix seconds of the last interaction noted
);

CREATE TABLE dm_refusals_told (
    user_id INTEGER PRIMARY KEY,                  -- Discord id of the player
    told_at INTEGER NOT NULL                      -- unix seconds
);
