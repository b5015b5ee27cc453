-- Migration 11: the lessons of /bao learn. Nothing here touches games or ratings.

-- The lessons a user has finished, with their best stars (3: no miss, 2: one, 1: more).
CREATE TABLE lesson_stars (
    user_id    INTEGER NOT NULL,                         -- Discord id (u64 bits as i64)
    lesson     INTEGER NOT NULL CHECK (lesson >= 1),
    stars      INTEGER NOT NULL CHECK (stars BETWEEN 1 AND 3),
    done_at    INTEGER NOT NULL,
    PRIMARY KEY (user_id, lesson)
);

-- Every task shown to a user gets a token, written on its buttons: a press names the task it
-- was shown for, and whose lesson it was.
CREATE TABLE lesson_tokens (
    token      INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id    INTEGER NOT NULL,
    created_at INTEGER NOT NULL
);

-- The lesson a user has open: one per user, in the place it was last opened.
CREATE TABLE lesson_open (
    user_id     INTEGER PRIMARY KEY,
    place_key   TEXT NOT NULL,
    lesson      INTEGER NOT NULL CHECK (lesson >= 1),
    task        INTEGER NOT NULL CHECK (task >= 1),
    token       INTEGER NOT NULL REFERENCES lesson_tokens (token),
    misses      INTEGER NOT NULL DEFAULT 0,            -- wrong answers in this lesson
    task_misses INTEGER NOT NULL DEFAULT 0,            -- wrong answers in this task
    updated_at  INTEGER NOT NULL
);
