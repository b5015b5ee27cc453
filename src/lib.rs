//! bao-bot: Bao la Kiswahili rules, AI, pictures, storage and the bot around them.
pub mod ai;
pub mod render;
pub mod rules;
pub mod store;
