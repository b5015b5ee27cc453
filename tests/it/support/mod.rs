//! Helpers shared by the integration tests (`crate::support::…` in a test module).
//!
//! Some helpers serve only tests that are sometimes filtered out, hence the `dead_code`
//! allowance.
#![allow(dead_code)]

pub mod app_world;
pub mod bot;
pub mod child;
pub mod console;
pub mod discord_limits;
pub mod english;
pub mod errors;
pub mod fake_discord;
pub mod games;
pub mod gifs;
pub mod web;
pub mod web_run;

/// How many cases a slow property test runs: `quick` by default, `full` when
/// `BAO_FULL_TESTS` is set (a release check; docs/testing.md).
pub fn cases(quick: u32, full: u32) -> u32 {
    if std::env::var_os("BAO_FULL_TESTS").is_some() {
        full
    } else {
        quick
    }
}
