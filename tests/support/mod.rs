//! Helpers shared by the integration tests (`mod support;` in a test file).
//!
//! Each test binary uses only part of this, hence the `dead_code` allowance.
#![allow(dead_code)]

pub mod app_world;
pub mod bot;
pub mod discord_limits;
pub mod fake_discord;
pub mod games;
pub mod gifs;
