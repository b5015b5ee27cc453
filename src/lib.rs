//! bao-bot: Bao la Kiswahili rules, AI, pictures, storage and the bot around them.
pub mod config;
pub mod discord;
pub mod rules;
