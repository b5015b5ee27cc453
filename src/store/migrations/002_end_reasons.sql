-- Migration 2: An ended game must store why it ended (triggers, since SQLite cannot add a CHECK to an
-- existing table). Reasons missing from older games are filled in by
-- `ending::recover_reasons` right after the migrations run.

-- Every finished or aborted game stores why it ended.
CREATE TRIGGER games_ended_have_a_reason_insert BEFORE INSERT ON games
WHEN NEW.status IN ('finished', 'aborted') AND NEW.reason IS NULL
BEGIN
    SELECT RAISE(ABORT, 'an ended game must store why it ended');
END;
CREATE TRIGGER games_ended_have_a_reason_update BEFORE UPDATE OF status, reason ON games
WHEN NEW.status IN ('finished', 'aborted') AND NEW.reason IS NULL
BEGIN
    SELECT RAISE(ABORT, 'an ended game must store why it ended');
END;
