-- Migration 14: the web pages (src/web/). The key behind the links to private games and
-- events, and what the front ends have said about whether a channel is public.

-- The server secret that private pages' tokens are derived from (HMAC-SHA256 over the id).
-- One row, written once by the first bao-bot that needs it (from the OS's random source);
-- kept with the games so that links survive restarts, moves and restores from a backup.
-- Deleting the row changes every private link.
CREATE TABLE web_secret (
    id     INTEGER PRIMARY KEY CHECK (id = 1),
    secret BLOB NOT NULL CHECK (length(secret) >= 32)
);

-- Whether everyone on the server can read a channel, as a front end last said. A game is
-- public on the web only when its channel (or the channel its thread was opened in) is
-- recorded here as public; no row means private.
CREATE TABLE channel_visibility (
    channel_id INTEGER PRIMARY KEY,
    guild_id   INTEGER NOT NULL,
    public     INTEGER NOT NULL CHECK (public IN (0, 1)),
    updated_at INTEGER NOT NULL
);
