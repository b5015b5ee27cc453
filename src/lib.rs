//! bao-bot: Bao la Kiswahili rules, AI, pictures, storage and the bot around them.
//!
//! Data flows one way: front ends ([`console`], [`discord`], [`web`]) call [`app`], which uses
//! [`rules`], [`ai`], [`store`], [`render`] the course of [`lessons`] and the [`puzzles`]. The ids, places
//! and stated choices that app and store share are defined in [`vocab`]; front ends take
//! them (and everything else) from [`app`] only.
pub mod ai;
pub mod app;
pub mod config;
pub mod console;
pub mod discord;
pub mod i18n;
pub mod lessons;
pub mod puzzles;
pub mod render;
pub mod rules;
pub mod store;
pub mod tournament;
pub mod vocab;
pub mod web;
