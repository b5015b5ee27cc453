-- Migration 18: playing on the game page (issue 47). A player's personal play link is an
-- HMAC over (game, side, player, generation) with the web secret (014); `/bao board
-- new-link:true` raises the generation, so the old link stops working. A missing row is
-- generation 0. Each move sent from the page carries a request id, stored with the move in
-- the move's own transaction: the same request again is answered from here, never stored
-- twice. `one_tap` is the `/bao prefs one-tap` choice (NULL: ask to confirm, the default).

CREATE TABLE play_links (
    game_id    INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,                  -- Discord id of the player
    generation INTEGER NOT NULL,
    changed_at INTEGER NOT NULL,
    PRIMARY KEY (game_id, user_id)
) WITHOUT ROWID;

CREATE TABLE move_requests (
    game_id    INTEGER NOT NULL REFERENCES games (id),
    request_id TEXT NOT NULL,                     -- the page's id for the request
    user_id    INTEGER NOT NULL,                  -- who sent it
    ply        INTEGER NOT NULL,                  -- plies before the move (it was chosen at)
    move       TEXT NOT NULL,                     -- the stored move's canonical text
    PRIMARY KEY (game_id, request_id)
) WITHOUT ROWID;

ALTER TABLE user_prefs ADD COLUMN one_tap INTEGER CHECK (one_tap IN (0, 1));
