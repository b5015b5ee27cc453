//! The integration tests, as one crate: each file here is a module, and `support/` is
//! compiled once for all of them. One test binary links the crate and its dependencies once
//! (44 binaries did before), so a change is tested in seconds.
//!
//! Run one module's tests with `cargo test --test it store::` (a module path as the filter),
//! or one test with its full name.

mod support;

mod ai;
mod ai_queue;
mod app;
mod app_analysis;
mod app_anim;
mod app_lessons;
mod app_puzzles;
mod app_races;
mod app_servers;
mod app_takebacks;
mod app_threads;
mod cli_db;
mod cli_rules;
mod clock_app;
mod clock_console;
mod clock_restart;
mod command_table;
mod console_clock;
mod console_lessons;
mod console_script;
mod console_transcript;
mod db_backup;
mod db_files;
mod discord_activity;
mod discord_analysis;
mod discord_app;
mod discord_limits;
mod discord_loopback;
mod discord_ratings;
mod discord_replays;
mod discord_takebacks;
mod discord_threads;
mod discord_typed_text;
mod discord_user_install;
mod discord_user_install_more;
mod discord_visibility;
mod forged_buttons;
mod i18n_agreement;
mod i18n_catalogue;
mod i18n_console;
mod i18n_game;
mod i18n_glossary;
mod i18n_language;
mod i18n_pictures;
mod i18n_stats;
mod i18n_views;
mod i18n_web;
mod input_fuzz;
mod lessons;
mod names_as_text;
mod perft;
mod proved;
mod puzzles;
mod ratings;
mod render_anim;
mod render_cli;
mod render_golden;
mod render_load;
mod rule_sets;
mod rules_examples;
mod rules_props;
mod solve;
mod store;
mod store_crash;
mod tournament_app;
mod tournament_dutch;
mod tournament_pairing;
mod tournament_store;
mod web_activity;
mod web_activity_browser;
mod web_browser;
mod web_cache;
mod web_connections;
mod web_pages;
mod web_play;
mod web_play_browser;
