//! `/bao-settings`: a server's settings for members with Manage Server, mapped to
//! [`Command::SetServerSetting`]. The daily puzzle's channel is checked here first, against
//! what the cache knows of the bot's permissions there.

use poise::serenity_prelude as serenity;

use super::tournament::manage_server;
use super::{respond, AppContext, Error};
use crate::app::{daily_puzzle_channel, Command};

/// Server setting, as offered in `/bao-settings`.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum SettingParam {
    /// Variant of new games.
    #[name = "variant"]
    Variant,
    /// Rule set of new games.
    #[name = "rules"]
    Rules,
    /// Time per move when a challenge names none.
    #[name = "time_per_move"]
    TimePerMove,
    /// Rated by default.
    #[name = "rated"]
    Rated,
    /// thread or channel.
    #[name = "placement"]
    Placement,
    /// Channels where games may start.
    #[name = "channels"]
    Channels,
    /// Move animations.
    #[name = "animations"]
    Animations,
    /// Most games per member.
    #[name = "max_games"]
    MaxGames,
    /// The daily puzzle's channel and hour (UTC): `#puzzles 9`, or `off`.
    #[name = "daily_puzzle"]
    DailyPuzzle,
    /// The clock of challenges that name none: `5+3`, `3d+1d`, or `none` (last, so that the
    /// choices before it keep their numbers).
    #[name = "clock"]
    Clock,
    /// The language of the server's public messages: `en` or `sw` (after the others, so that
    /// their numbers stay).
    #[name = "language"]
    Language,
}

impl SettingParam {
    fn key(self) -> &'static str {
        match self {
            SettingParam::Variant => "variant",
            SettingParam::Rules => "rules",
            SettingParam::TimePerMove => "time_per_move",
            SettingParam::Rated => "rated",
            SettingParam::Placement => "placement",
            SettingParam::Channels => "channels",
            SettingParam::Animations => "animations",
            SettingParam::MaxGames => "max_games",
            SettingParam::Clock => "clock",
            SettingParam::DailyPuzzle => "daily_puzzle",
            SettingParam::Language => "language",
        }
    }
}

/// Change this server's Bao settings (Manage Server).
///
/// Discord hides it from members without Manage Server, and the bot checks the member's
/// permissions itself as well.
#[poise::command(
    slash_command,
    rename = "bao-settings",
    guild_only,
    install_context = "Guild",
    interaction_context = "Guild",
    default_member_permissions = "MANAGE_GUILD"
)]
pub async fn bao_settings(
    ctx: AppContext<'_>,
    #[description = "Which setting"] setting: SettingParam,
    #[description = "Its new value (default resets it)"] value: String,
) -> Result<(), Error> {
    let manage_server = manage_server(&ctx);
    if manage_server && matches!(setting, SettingParam::DailyPuzzle) {
        if let Some(why) = daily_channel_unfit(&ctx, &value) {
            return respond::refuse(ctx, why).await;
        }
    }
    let command = Command::SetServerSetting {
        key: setting.key().to_string(),
        value,
        manage_server,
    };
    respond::command(ctx, command).await
}

/// Why the bot could not post the daily puzzle in the channel `value` names (`<#id> HOUR`),
/// from what the cache holds: the channel's kind, the server's roles, the channel's
/// overwrites and the bot's own member. `None` when it can, or when the cache cannot tell
/// (the value is then the app's to judge).
fn daily_channel_unfit(ctx: &AppContext<'_>, value: &str) -> Option<crate::i18n::Msg> {
    let id = daily_puzzle_channel(value)?;
    let cache = ctx.serenity_context().cache.clone();
    let bot = cache.current_user().id;
    let guild = cache.guild(ctx.guild_id()?)?;
    let channel = guild.channels.get(&serenity::ChannelId::new(id))?;
    if !matches!(
        channel.kind,
        serenity::ChannelType::Text | serenity::ChannelType::News
    ) {
        return Some(crate::msg!(
            "discord-daily-not-text",
            channel = format!("<#{id}>")
        ));
    }
    let member = guild.members.get(&bot)?;
    let perms = guild.user_permissions_in(channel, member);
    let missing: Vec<&str> = [
        (perms.view_channel(), "View Channel"),
        (perms.send_messages(), "Send Messages"),
        (perms.attach_files(), "Attach Files"),
    ]
    .into_iter()
    .filter(|(has, _)| !has)
    .map(|(_, name)| name)
    .collect();
    if missing.is_empty() {
        return None;
    }
    Some(crate::msg!(
        "discord-daily-cannot-post",
        channel = format!("<#{id}>"),
        permissions = missing.join(", "),
        count = missing.len()
    ))
}
