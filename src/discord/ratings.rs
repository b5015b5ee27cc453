//! The ratings' commands: `/bao-stats` and `/bao-leaderboard`, top-level commands of their own.

use poise::serenity_prelude as serenity;

use super::choices::{ScopeParam, VariantChoice};
use super::{respond, AppContext, Error};
use crate::app::Command;

/// The best rated players of this server, or of everywhere.
#[poise::command(
    slash_command,
    rename = "bao-leaderboard",
    install_context = "Guild|User",
    interaction_context = "Guild|BotDm|PrivateChannel"
)]
pub async fn leaderboard(
    ctx: AppContext<'_>,
    #[description = "Which Bao (default kiswahili)"] variant: Option<VariantChoice>,
    #[description = "This server's ratings or everyone's (default: this server's)"] scope: Option<
        ScopeParam,
    >,
) -> Result<(), Error> {
    let command = Command::Leaderboard {
        variant: variant.map(Into::into),
        scope: scope.map(Into::into),
    };
    respond::command(ctx, command).await
}

/// Ratings and record of a player (you, unless you name someone).
#[poise::command(
    slash_command,
    rename = "bao-stats",
    install_context = "Guild|User",
    interaction_context = "Guild|BotDm|PrivateChannel"
)]
pub async fn stats(
    ctx: AppContext<'_>,
    #[description = "Whose (default: yours)"] player: Option<serenity::User>,
    #[description = "Which Bao (default kiswahili)"] variant: Option<VariantChoice>,
) -> Result<(), Error> {
    let command = Command::Stats {
        player: player.as_ref().map(respond::user_of),
        variant: variant.map(Into::into),
    };
    respond::command(ctx, command).await
}
