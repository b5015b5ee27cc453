-- Migration 15: reserved for the clocks' migration (015_clocks.sql, merged into main while
-- this branch was built), so that this branch's 016 keeps its number. It does nothing.
-- WHEN MERGING MAIN: delete this file and its line in schema.rs; main's 015_clocks.sql
-- takes its place (schema.rs's `every_migration_file_is_listed_in_order` fails until then).
SELECT 1;
