-- Migration 4: Per-user preferences (animations, orientation).

-- Per-user preferences of /bao prefs; NULL in a column means the bot's default.
CREATE TABLE user_prefs (
    user_id     INTEGER PRIMARY KEY,                      -- Discord id (u64 bits as i64)
    animation   INTEGER CHECK (animation IN (0, 1)),      -- move animations as GIFs
    orientation TEXT CHECK (orientation IN ('mine', 'south')),
    updated_at  INTEGER NOT NULL
);
