//! The commands for studying: `/bao-replay`, `/bao-analyze` (a game looked back on),
//! `/bao-learn` (the lessons) and `/bao-puzzle`, each a top-level command of its own.

use super::choices::{ThemeChoice, VariantChoice};
use super::{respond, AppContext, Error};
use crate::app::{game_option, Command};

/// A game as an animated GIF, one frame per ply (finished games, or your own running ones).
#[poise::command(
    slash_command,
    rename = "bao-replay",
    install_context = "Guild|User",
    interaction_context = "Guild|BotDm|PrivateChannel"
)]
pub async fn replay(
    ctx: AppContext<'_>,
    #[description = "Which game (when not this channel's last)"] game: Option<String>,
    #[description = "The first ply shown (0: the start)"] from: Option<u32>,
    #[description = "The last ply shown (default: the last move)"] to: Option<u32>,
) -> Result<(), Error> {
    match game_option(game.as_deref()) {
        Ok(game) => respond::command(ctx, Command::Replay { game, from, to }).await,
        Err(why) => respond::refuse(ctx, why).await,
    }
}

/// A computer analysis of a finished game: evaluation graph, accuracies, largest mistakes.
#[poise::command(
    slash_command,
    rename = "bao-analyze",
    install_context = "Guild|User",
    interaction_context = "Guild|BotDm|PrivateChannel"
)]
pub async fn analyze(
    ctx: AppContext<'_>,
    #[description = "Which game (when not this channel's last one)"] game: Option<String>,
) -> Result<(), Error> {
    match game_option(game.as_deref()) {
        Ok(game) => respond::command(ctx, Command::Analyze { game }).await,
        Err(why) => respond::refuse(ctx, why).await,
    }
}

/// Lessons that teach Bao by playing: start or resume them, or jump to one.
#[poise::command(
    slash_command,
    rename = "bao-learn",
    install_context = "Guild|User",
    interaction_context = "Guild|BotDm|PrivateChannel"
)]
pub async fn learn(
    ctx: AppContext<'_>,
    #[description = "Jump to this lesson (default: resume)"]
    #[min = 1]
    lesson: Option<u32>,
) -> Result<(), Error> {
    respond::command(ctx, Command::Learn { lesson }).await
}

/// A puzzle near your puzzle rating, privately; or the puzzle of the day.
#[poise::command(
    slash_command,
    rename = "bao-puzzle",
    install_context = "Guild|User",
    interaction_context = "Guild|BotDm|PrivateChannel"
)]
pub async fn puzzle(
    ctx: AppContext<'_>,
    #[description = "Only puzzles of this theme"] theme: Option<ThemeChoice>,
    #[description = "Which Bao (default: either)"] variant: Option<VariantChoice>,
    #[description = "The puzzle of the day instead"] daily: Option<bool>,
) -> Result<(), Error> {
    let command = Command::Puzzle {
        theme: theme.map(Into::into),
        variant: variant.map(Into::into),
        daily: daily.unwrap_or(false),
    };
    respond::command(ctx, command).await
}
