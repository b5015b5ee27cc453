-- Migration 16: the language the bot speaks to a person (`/bao prefs language`) and a
-- server's default (`/bao-settings language`), with who changed it and when (015 is the
-- clocks'). A code of assets/i18n/ (`en`, `sw`); NULL or a missing row means "not
-- chosen": a person's choice beats the server's, the server's beats English. No CHECK on
-- the codes: adding a language is a file.

ALTER TABLE user_prefs ADD COLUMN language TEXT;

CREATE TABLE server_languages (
    guild_id   INTEGER PRIMARY KEY,
    language   TEXT NOT NULL,
    changed_by INTEGER NOT NULL,                  -- Discord id of the member
    changed_at INTEGER NOT NULL
);
